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


@dataclass(frozen=True)
class CallAllies:
    """Shout for the NPCs of the rooms next door to come and fight."""


@dataclass(frozen=True)
class Pursue:
    """Follow the player, who ran through ``direction`` of the NPC's room."""

    direction: str


@dataclass(frozen=True)
class Search:
    """Come looking for the player, who is in the room through ``direction``."""

    direction: str


@dataclass(frozen=True)
class UseItem:
    """Use ``item``, a gift or exotica it carries: on the player (``purpose`` ``harm``) or on
    its own wounds (``heal``).  The item means what its ``effect`` means for the player."""

    item: str
    purpose: str


Intent = (Attack | Shoot | CloseIn | HoldBack | Flee | Surrender | Wander | Trade | Wait | CallAllies | Pursue | Search
          | UseItem)


# -- what the victor does with a player it put down ------------------------------------------

@dataclass(frozen=True)
class Finish:
    """Kill the helpless player."""


@dataclass(frozen=True)
class Rob:
    """Take the player's weapons and valuables, then leave them lying."""


@dataclass(frozen=True)
class TakePrisoner:
    """Drag the player, disarmed, to the NPC's own post and leave them there."""


@dataclass(frozen=True)
class LeaveBe:
    """Turn away: the fight is won, the player left to live or die by the system's rules."""


DownedChoice = Finish | Rob | TakePrisoner | LeaveBe
