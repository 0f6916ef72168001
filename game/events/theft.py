"""Events of theft: the player stole, was caught, and a victim found the loss."""
from __future__ import annotations

from dataclasses import dataclass

from game.events import Event


@dataclass(frozen=True)
class Stolen(Event):
    """The player took ``item`` from the NPC ``victim``: ``seen`` by the victim or a witness, or not."""

    item: str
    victim: str
    seen: bool


@dataclass(frozen=True)
class TheftCaught(Event):
    """The player's attempt to take ``item`` from ``victim`` failed, and was seen."""

    item: str
    victim: str


@dataclass(frozen=True)
class LossFound(Event):
    """``who`` found that ``item`` was gone, and knows who took it."""

    who: str
    item: str
