"""How well a check went, and what the successes beyond the first buy outside combat.

seed 004 §Step 4: "How well you did is determined by how many successes you still have.
For most actions, a single success is enough to just barely make it while three or more
means you did a really good job."  §Determining Thresholds (the landing-pad example): "Only
one success might give her a bit of a frightening close call, while more will have her move
quickly and quietly."  The seed leaves what each degree does to the storyteller; the game's
choices (**house rules**, in ``docs/rules/maelstrom.md``):

- 2 successes or more (:data:`QUICK`): the action takes half its time, at most 30 minutes
  less (search, identify, force, climb), the seed's "move quickly";
- 3 or more (:data:`THOROUGH`), the seed's "really good job": an identify also tells what
  the thing does, a search tells that nothing else is hidden, a flight leaves the foes
  behind (none follows).

An action of several checks (a search rolls one per hidden thing) is as good as its worst.
"""
from __future__ import annotations

from collections.abc import Sequence

#: seed 004 §Determining Thresholds: "more [than one success] will have her move quickly".
QUICK = 2
#: seed 004 §Step 4: "three or more means you did a really good job".
THOROUGH = 3
#: The checks whose time the quick degree halves, and the most it gives back (a climb is part of a
#: long route: the climbing, not the walking, goes quickly).
QUICK_KINDS = ("search", "identify", "force", "climb")
QUICK_MOST = 30


def degree_word(successes: int) -> str:
    """The seed's words for a success: ``barely`` (1), ``well`` (2), ``a really good job`` (3+)."""
    if successes >= THOROUGH:
        return "a really good job"
    return "well" if successes == QUICK else "barely"


def action_successes(nets: Sequence[int]) -> int:
    """The successes of an action of several checks: its worst check's (0 when none succeeded
    or there were none)."""
    return max(min(nets), 0) if nets else 0


def time_saved(kind: str, successes: int, minutes: int) -> int:
    """Minutes the quick degree gives back of an action that took ``minutes``: half, rounded down,
    at most :data:`QUICK_MOST`."""
    return min(minutes // 2, QUICK_MOST) if kind in QUICK_KINDS and successes >= QUICK else 0
