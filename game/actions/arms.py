"""An item as a weapon, the same in anyone's hands: the profile every system's ``exchange`` reads."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.base import Weapon

if TYPE_CHECKING:
    from game.world.world import World


def weapon_of(world: World, item_id: str) -> Weapon:
    """The system-neutral weapon profile of an item (exotica use their effect's damage and kind of harm;
    ``[items.X.stats.<system>] damage_type`` overrides for one system)."""
    item = world.item(item_id)
    damage = item.damage or str(item.effect.get("damage", "d4"))
    overrides = dict(item.stats.get(world.system.id, {}))
    kind = str(overrides.get("damage_type") or item.damage_type or item.effect.get("damage_type", ""))
    return Weapon(name=world.item_name(item_id), damage=damage, ranged=item.ranged,
                  bonus_against=item.bonus_against, system=overrides, damage_type=kind)
