"""What an NPC knows when it chooses: a frozen view built by the play layer each round."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class NpcView:
    """One NPC's situation this round.

    ``morale_broken`` is the system's verdict (Vaarn rolls morale; the others
    a house rule, see ``BasePlay.morale_broken``); ``ways_out`` are the open
    exits of its room it could flee through, in content order.
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
    #: What it remembers of the player (see :mod:`game.npc.memory`).
    memory: frozenset[str] = frozenset()
    #: Whether it is hurt (its health is not what it was at the start).
    hurt: bool = False
    #: Hostile NPCs standing in the rooms next door who could come to its call.
    allies_near: tuple[str, ...] = ()
    #: The exit of its room the player just ran through (it saw them go), or None.
    player_went: str | None = None
    #: The exit of its room leading to the player's room when the player is next door, or None.
    player_near: str | None = None
    #: Whether it stands in its own room (its post, its home).
    at_post: bool = True
    #: Whether the player carries anything worth taking.
    player_has_loot: bool = False
    #: Whether it is badly hurt (the system's verdict: ``BasePlay.badly_hurt``).
    badly_hurt: bool = False
    #: A gift or exotica it carries that it can turn on the player now, under the system's
    #: economy (``BasePlay.may_use``), or None; the same for one that heals it.
    harm_item: str | None = None
    heal_item: str | None = None
    #: Whether ``harm_item`` never misses (a Vaarn combat Gift): worth using before any blow.
    harm_sure: bool = False
    #: Whether ``harm_item`` hits at least as hard as its melee weapon (worth it in melee).
    harm_stronger: bool = False
