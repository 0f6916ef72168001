"""The plain records of a trade: the goods on one side of a deal, a trader's terms, an appraisal.

They hold no rules and import nothing of the actions, so that the protocol a turn types its
play object with (:class:`game.actions.Prices`) can name them without an import cycle.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction


@dataclass
class Goods:
    """One side of a deal: items, rations of water and rations of food."""

    items: list[str] = field(default_factory=list)
    water: int = 0
    food: int = 0

    def empty(self) -> bool:
        return not self.items and not self.water and not self.food


@dataclass(frozen=True)
class Terms:
    """What a trader asks: the markup on the worth of the goods, and how she feels, in words."""

    rate: Fraction
    mood: str


@dataclass(frozen=True)
class Appraisal:
    """What an item is worth under the system in play, and what a trader would pay for it in water."""

    #: Its worth on the system's scale, and that worth in words ("3 slots of goods in barter").
    worth: Fraction
    worth_words: str
    #: The trader who would pay in water for it here (None: nobody here pays in water).
    trader: str | None
    #: The rations of water she would give (rounded down; 0: not even one).
    water: int
