"""What an NPC means to do this round (an action every actor shares) and what a victor does with a downed player."""
from __future__ import annotations

from dataclasses import dataclass

from game.actions.deeds import (
    Attack,
    CallAllies,
    CloseIn,
    Deed,
    Flee,
    HoldBack,
    Pursue,
    Search,
    Shoot,
    Surrender,
    Trade,
    UseItem,
    Wait,
    Wander,
)

#: What an NPC means to do is an action of :mod:`game.actions.deeds`, the same the
#: player's commands make; ``Intent`` is any of them.
Intent = Deed
__all__ = ["Attack", "CallAllies", "CloseIn", "Flee", "HoldBack", "Intent", "Pursue", "Search", "Shoot",
           "Surrender", "Trade", "UseItem", "Wait", "Wander", "DownedChoice", "Finish", "LeaveBe", "Rob",
           "TakePrisoner"]


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
