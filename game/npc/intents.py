"""What an NPC means to do this round: frozen records a system's play module carries out."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Attack:
    """Strike the player in melee (with a ranged weapon when it has nothing else)."""


@dataclass(frozen=True)
class Shoot:
    """Shoot at the player from where it stands."""


@dataclass(frozen=True)
class CloseIn:
    """Move towards the player to fight in melee."""


@dataclass(frozen=True)
class HoldBack:
    """Keep its distance this round, ready to defend."""


@dataclass(frozen=True)
class Flee:
    """Run through ``direction`` (an exit of its room)."""

    direction: str


@dataclass(frozen=True)
class Surrender:
    """Give up the fight."""


@dataclass(frozen=True)
class Wander:
    """Walk through ``direction`` along its route."""

    direction: str


@dataclass(frozen=True)
class Trade:
    """Stay and offer its wares."""


@dataclass(frozen=True)
class Wait:
    """Do nothing this round."""


Intent = Attack | Shoot | CloseIn | HoldBack | Flee | Surrender | Wander | Trade | Wait
