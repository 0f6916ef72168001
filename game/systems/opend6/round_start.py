"""OpenD6 initiative in play: each round of combat starts with everyone's Perception roll.

The rule is :mod:`game.systems.opend6.initiative` (OpenD6's "Generating
Initiative"; seed 002 names the order of play).  In play (choices in
``docs/internals/opend6.md``, "Initiative"):

- **A round of combat** is a player action that takes time while a hostile NPC
  stands in the player's room: those NPCs are the fight.  Actions that take no
  time (``points``, a bare ``fate``) and refused ones start no round: before
  rolling, :func:`takes_a_round` tries the action on a copy of the state and
  stops it at its first die (the action "takes effect" there), so a typo or a
  refusal never costs a round and never rolls initiative.
- **The roll**: the player, then each foe in the content's order, rolls
  Perception (:meth:`~game.systems.opend6.rules.OpenD6.roll_initiative`); every roll
  is shown and goes to the dice log (``why`` explains it).
- **Foes that beat the player** take their turn at once, in order, through
  the round template's own step (:meth:`~game.play.base.BasePlay.npc_turn`);
  then the player's action; then, in the NPC phase, the others in their
  initiative order.  Nobody acts twice in a round (the moment keeps
  ``acted_first``).  A player put down before acting never acts; an action
  the foes made impossible (the foe fled) is lost: "The moment has passed."
- **A fight the player opens** by attacking someone not yet hostile is a
  surprise: that NPC rolls no initiative in that round (the player strikes
  first); foes already hostile still roll.
"""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Protocol

from game.events import PLAYER
from game.systems.opend6.events import InitiativeRolled
from game.systems.opend6.initiative import Initiative
from game.systems.opend6.rolls import keep, moment_of, npc_of, player_of

if TYPE_CHECKING:
    from game.actions import Handler, Turn
    from game.parser import Command
    from game.systems.opend6.rules import OpenD6


class RoundSeat(Protocol):
    """What a round's start needs of the play object (``OpenD6Play`` is one): its rule system."""

    @property
    def system(self) -> OpenD6: ...


class _FirstRoll(Exception):
    """The action tried by :func:`takes_a_round` reached its first die: it takes effect."""


class _Probe:
    """Dice that stop an action at its first roll."""

    def __init__(self) -> None:
        self.faces: list[int] = []

    def roll(self, sides: int) -> int:
        raise _FirstRoll


def round_foes(turn: Turn) -> list[str]:
    """The hostile NPCs standing in the player's room (the fight), in the content's order; none when
    the player is down."""
    world = turn.world
    if world.system.condition(player_of(world.state)) != "ok":
        return []
    return [n for n in world.living_npcs_in() if world.hostile(n) and world.npc_condition(n) == "ok"]


def takes_a_round(turn: Turn, command: Command, handler: Handler) -> bool:
    """Whether ``command`` is an action of the round: tried on a copy of the state, it reaches a
    die or takes time.  Its refusal (ActionRefused) or question (a "which one?", an "are you
    sure?") is raised as the action itself would raise it; the state is put back either way."""
    world = turn.world
    saved = world.state
    world.state = saved.copy(share_log=True)
    trial = dataclasses.replace(turn, dice=_Probe(), world_dice=_Probe(), events=[], rolls=[], requests=[],
                                minutes=0, group=[], pronouns=dict(turn.pronouns), answers=list(turn.answers))
    try:
        handler(trial, command)
    except _FirstRoll:
        return True
    finally:
        world.state = saved
    return trial.minutes > 0


def open_round(play: RoundSeat, turn: Turn, foes: list[str]) -> Initiative:
    """Roll the round's initiative (shown, logged, told) and keep it in the moment."""
    world = turn.world
    sheets = [(PLAYER, player_of(world.state)), *((n, npc_of(world, n)) for n in foes)]
    result = play.system.roll_initiative(sheets, turn.dice)
    for who, _ in sheets:
        turn.show_roll("your initiative" if who == PLAYER else f"initiative of {world.the_npc(who)}", result.rolls[who])
    turn.emit(InitiativeRolled(result.order, result.ahead_of(PLAYER)))
    keep(turn, dataclasses.replace(moment_of(world.state), round_turn=world.state.turn, round_order=result.order,
                                   acted_first=()))
    return result


def acted(turn: Turn, npc_id: str) -> None:
    """``npc_id`` took its turn before the player's action."""
    moment = moment_of(turn.world.state)
    keep(turn, dataclasses.replace(moment, acted_first=(*moment.acted_first, npc_id)))


def has_acted(turn: Turn, npc_id: str) -> bool:
    """Whether ``npc_id`` already took its turn this round (it won initiative)."""
    return npc_id in moment_of(turn.world.state).acted(turn.world.state.turn)


def in_order(turn: Turn, npcs: list[str]) -> list[str]:
    """``npcs`` in this round's initiative order; those who rolled none keep their place after."""
    state = turn.world.state
    moment = moment_of(state)
    order = moment.round_order if moment.round_turn == state.turn else ()
    rank = {who: index for index, who in enumerate(order)}
    return sorted(npcs, key=lambda n: rank.get(n, len(rank)))


def round_over(turn: Turn) -> None:
    """At the end of the round: its initiative is forgotten."""
    moment = moment_of(turn.world.state)
    if moment.round_turn is not None:
        keep(turn, dataclasses.replace(moment, round_turn=None, round_order=(), acted_first=()))
