"""Events of harm and fights: health changed, fell, died, fled, surrendered (``who``: an actor id)."""
from __future__ import annotations

from dataclasses import dataclass

from game.events import Event


@dataclass(frozen=True)
class HealthChanged(Event):
    """An actor's health moved on the system's own measure (``HP``, ``pool``, ``Body``...)."""

    who: str
    measure: str
    before: int
    after: int


@dataclass(frozen=True)
class Fell(Event):
    """An actor is out of the fight, alive (knocked out, incapacitated, mortally wounded)."""

    who: str


@dataclass(frozen=True)
class Died(Event):
    """An actor died; ``cause`` is the system's short reason (``wounds``, ``thirst``), may be empty."""

    who: str
    cause: str = ""


@dataclass(frozen=True)
class Fled(Event):
    """An actor ran; ``direction`` empty when it had nowhere to go."""

    who: str
    direction: str = ""


@dataclass(frozen=True)
class Surrendered(Event):
    """An actor gave up the fight."""

    who: str
