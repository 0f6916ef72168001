"""BIND in play: the moment of the run (the day's remembered rolls, the round under way) and asking the player.

The moment is a frozen :class:`~game.systems.bind.moment.BindMoment` held in
``world.state.moment``: changes replace it.  The round under way is reset when
the player acts (:func:`start_round`) and dropped when the round ends, so no
state is kept on the play object or hung on the :class:`~game.actions.Turn`.
A question reruns the action on the state from before it, so a rerun starts
with a fresh round too.
"""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from game.actions import YES_NO
from game.systems.bind.moment import BindMoment, BindRound

if TYPE_CHECKING:
    from game.actions import Turn
    from game.world.world import World


def moment(turn: Turn) -> BindMoment:
    """The run's BIND moment (an empty one when nothing is remembered)."""
    found = turn.world.state.moment
    return found if isinstance(found, BindMoment) else BindMoment()


def set_moment(turn: Turn, **changes: Any) -> None:
    """Replace fields of the moment (a new record)."""
    turn.world.state.moment = dataclasses.replace(moment(turn), **changes)


def round_now(turn: Turn) -> BindRound:
    """The round under way (an empty one outside an action)."""
    return moment(turn).round or BindRound()


def set_round(turn: Turn, **changes: Any) -> None:
    """Replace fields of the round under way."""
    set_moment(turn, round=dataclasses.replace(round_now(turn), **changes))


def start_round(turn: Turn) -> None:
    """The player acts: a fresh round, remembering where they stand."""
    set_moment(turn, round=BindRound(start_room=turn.world.state.room))


def end_round(turn: Turn) -> None:
    """The round is over: only the remembered rolls stay (None when there are none)."""
    memo = moment(turn)
    turn.world.state.moment = dataclasses.replace(memo, round=None) if memo.memo else None


def the(world: World, npc_id: str) -> str:
    """``the glass jackal``, but ``Tamsin``: proper names take no article."""
    name = world.npc_name(npc_id)
    return name if name[:1].isupper() else f"the {name}"


def cap(text: str) -> str:
    """The first letter upper-cased, the rest left alone (unlike ``str.capitalize``)."""
    return text[:1].upper() + text[1:]


def ask(turn: Turn, prompt: str, yes_line: str, no_line: str) -> bool:
    """Ask a yes/no question (a tie); True for yes.

    The engine shows the events so far with the prompt, and on the answer runs
    the whole action again on the same dice.  On that rerun the events before
    this question were already shown, so they are dropped from the turn (the
    dice log keeps its rolls: ``turn.rolls`` is left alone), and the answer is
    echoed.  Nothing reads the dropped events: play decides on sheets and
    results, never on the turn's events.  (``odds`` previews an action up to its
    first question: the request of the roll is recorded before anything is asked.)
    """
    answered_before = bool(turn.answers)
    answer = turn.ask(prompt, YES_NO)
    if answered_before:
        turn.events.clear()
    turn.say(yes_line if answer == "yes" else no_line)
    return answer == "yes"
