"""OpenD6 initiative: who acts first in a round of combat.

Seed 002 names "the order of play" among the matters of its Game Basics but
gives no rule for it; OpenD6's public rules (D6 Adventure, Fantasy and Space,
"Generating Initiative") do: at the start of each round every character in
the fight rolls Perception, and the highest total acts first, the next highest
next, and so on.  Those books are not among the project's rules texts, so this
reading, and every choice below, is a House rule written in
``docs/rules/opend6.md``:

- wound dice come off the initiative roll as off every roll (a stunned or
  wounded character is slower);
- the roll is an open roll: its Wild Die explodes, and a first 1 is treated
  as the ``wild_one`` option says but brings no complication (there is no
  action to go wrong);
- a tie of totals goes to the better Perception die code, a tie of that too
  to the player (a text game needs an order), and between NPCs to the order
  they were given in (the content's order).

Faces are read in the order the actors are given: the player first, then each
NPC.  Nothing here knows a world; :mod:`game.systems.opend6.round_start` puts it
in play.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from game.events import PLAYER
from game.rules.base import RollResult
from game.rules.dice import Dice
from game.systems.opend6.roll import D6Request, roll
from game.systems.opend6.sheet import WOUND_LEVELS, wound_penalty
from game.systems.opend6.types import D6Sheet

#: The citation of an initiative roll: ``why`` words it (``game/systems/opend6/explain.py``).
RULE = "seed 002 §Order of Play (OpenD6 initiative: a Perception roll each round); house rule for a last tie"
#: The option values: a Perception roll each round (OpenD6), or the player always first (house rule).
MODES: tuple[str, ...] = ("perception", "player-first")


def initiative_request(sheet: D6Sheet, wild_one: str) -> D6Request:
    """The Perception roll of ``sheet`` for initiative: an open roll, less wound dice (house rule)."""
    penalty = wound_penalty(sheet)
    label = f"Perception ({WOUND_LEVELS[sheet.wound_level]} -{penalty}D)" if penalty else "Perception"
    return D6Request.of(sheet.attribute("perception").plus_dice(-penalty), None, wild_one, label)


@dataclass(frozen=True)
class Initiative:
    """A round's initiative: ``rolls`` by actor (``player`` or an NPC id), ``order`` highest first."""

    rolls: Mapping[str, RollResult]
    order: tuple[str, ...]

    def total(self, who: str) -> int:
        return int(self.rolls[who].figures["total"])

    def ahead_of(self, who: str = PLAYER) -> tuple[str, ...]:
        """The actors who act before ``who`` this round, in order."""
        return self.order[: self.order.index(who)]


def roll_initiative(sheets: Sequence[tuple[str, D6Sheet]], dice: Dice, wild_one: str) -> Initiative:
    """Each actor's Perception roll, in the order given, and the round's order of action.

    Highest total first; a tie goes to the better Perception code, then to the one
    given first (the player, then the NPCs in the content's order).  Each result
    carries :data:`RULE` as its citation.
    """
    rolls = {who: replace(roll(initiative_request(sheet, wild_one), dice), rule=RULE) for who, sheet in sheets}
    place = {who: index for index, (who, _) in enumerate(sheets)}
    perception = {who: sheet.attribute("perception").steps for who, sheet in sheets}
    order = sorted(rolls, key=lambda who: (-int(rolls[who].figures["total"]), -perception[who], place[who]))
    return Initiative(rolls, tuple(order))
