"""What an NPC knows when it chooses: a frozen view built by the play layer each round."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class NpcView:
    """One NPC's situation this round.

    ``morale_broken`` is the system's verdict (Vaarn rolls morale; a system
    without a morale rule answers False); ``ways_out`` are the open exits of its
    room it could flee through, in content order.
    """

    npc_id: str
    behaviour: str
    hostile: bool
    #: ``ok``, ``down`` or ``dead`` (the rule system's condition).
    condition: str
    #: The player is in the same room.
    with_player: bool
    #: The player can still fight (not down, not dead).
    player_standing: bool
    morale_broken: bool = False
    ways_out: tuple[str, ...] = ()
    #: Whether it can shoot (carries a ranged weapon) and whether it is already in melee reach.
    can_shoot: bool = False
    engaged: bool = True
