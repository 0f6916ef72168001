"""BIND in play: what one action remembers while it runs, and asking the player.

Nothing here outlives the action: :class:`Notes` hangs on the
:class:`~game.actions.Turn` (a fresh one for every action, and for every rerun
after a question), so no game state is ever kept on the play object.  What must
last (the one-roll memo, tie choices, Fatigue) lives in the player's sheet.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from game.actions import YES_NO

if TYPE_CHECKING:
    from game.actions import Turn
    from game.world.world import World

_KEY = "_bind_notes"


@dataclass
class Notes:
    """What the BIND play layer knows about the action under way."""

    #: Where the player stood, and the clock, when the action began (hazards may turn back).
    start_room: str = ""
    #: NPCs whose exchange with the player this round is already decided (the player's roll).
    fought: set[str] = field(default_factory=set)
    #: The player has already spent the round's point of Fatigue.
    exerted: bool = False
    #: A resting action already charged its extra time in this action.
    rest_charged: bool = False
    #: Search checks made so far in this action (a search may roll for an exit and for items),
    #: and what they are about, in the order the engine rolls them.
    searches: int = 0
    search_targets: list[str] = field(default_factory=list)
    #: The margin of each check made in this action, by label (seed 003 §Margins).
    margins: dict[str, int] = field(default_factory=dict)
    #: Set by the system's own verbs (sneak): the target and the NPCs resisting the next check.
    target: str = ""
    opponents: tuple[str, ...] = ()


def notes(turn: Turn) -> Notes:
    """The notes of this action, made on first use."""
    found = vars(turn).get(_KEY)
    if not isinstance(found, Notes):
        found = Notes()
        vars(turn)[_KEY] = found
    return found


def the(world: World, npc_id: str) -> str:
    """``the glass jackal``, but ``Tamsin``: proper names take no article."""
    name = world.npc_name(npc_id)
    return name if name[:1].isupper() else f"the {name}"


def cap(text: str) -> str:
    """The first letter upper-cased, the rest left alone (unlike ``str.capitalize``)."""
    return text[:1].upper() + text[1:]


def ask(turn: Turn, prompt: str, yes_line: str, no_line: str) -> bool:
    """Ask a yes/no question (a tie); True for yes.

    The engine shows the lines said so far with the prompt, and on the answer
    runs the whole action again on the same dice.  On that rerun the lines said
    before this question were already shown, so they are dropped, and the
    answer is echoed.  (``odds`` previews an action up to its first question: the
    request of the roll is recorded before anything is asked.)
    """
    answered_before = bool(turn.answers)
    answer = turn.ask(prompt, YES_NO)
    if answered_before:
        turn.events.clear()
    turn.say(yes_line if answer == "yes" else no_line)
    return answer == "yes"
