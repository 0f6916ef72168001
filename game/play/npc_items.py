"""What an NPC could use of the gifts and exotica it carries, for its view, under any rule system.

A policy chooses :class:`~game.actions.deeds.UseItem` from the view's
``harm_item`` / ``heal_item`` (:func:`usable`: what the NPC carries that the
system lets it use now, ``BasePlay.may_use``); the deed performs it as the
player's ``use`` does, so an item's ``effect`` means the same in an NPC's hands:

- ``effect.damage`` (an item that is no weapon: an exotica or a gift) is an
  attack with the item as the weapon (``actions.combat.weapon_of``, as
  ``use ROD on NPC`` is for the player), through the system's one ``exchange``
  (Open Adventures spends the NPC's pool; Vaarn's combat Gifts, its own
  ``use_item``, cost HP and always hit);
- ``effect.heal`` is the system's ``heal`` with the item's die on the NPC's own
  sheet, the item used up unless ``consumed = false``.

House rule: an NPC knows what its own things do (it never fumbles an
unidentified exotica, which the player may); the text names the item as the
player knows it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from game.actions.combat import best_weapon, natural_weapon
from game.world.content import ItemDef

if TYPE_CHECKING:
    from game.actions import Turn


class ItemJudge(Protocol):
    """What an NPC's choice of item needs of the play object (:class:`~game.play.base.BasePlay` is
    one, and imports this module): whether it may use an item now (a ``Use``, falsy for no)."""

    def may_use(self, turn: Turn, actor: str, item_id: str, purpose: str) -> int: ...

HARM, HEAL = "harm", "heal"


def purpose_of(item: ItemDef) -> str | None:
    """What an NPC could use ``item`` for: ``heal``, ``harm`` (a damaging thing that is no
    weapon: weapons are fought with), or None."""
    if item.effect.get("heal"):
        return HEAL
    if item.effect.get("damage") is not None and not item.is_weapon:
        return HARM
    return None


def usable(play: ItemJudge, turn: Turn, npc_id: str) -> tuple[str | None, str | None]:
    """The item ``npc_id`` would turn on the player and the one that would heal it (None when
    it has none it may use now); of several, the biggest die."""
    world = turn.world
    best: dict[str, tuple[int, str]] = {}
    for item_id in world.npc_items(npc_id):
        item = world.item(item_id)
        purpose = purpose_of(item)
        if purpose is None or not play.may_use(turn, npc_id, item_id, purpose):
            continue
        size = _die_size(str(item.effect.get("heal" if purpose == HEAL else "damage", "")))
        if purpose not in best or size > best[purpose][0]:
            best[purpose] = (size, item_id)
    harm, heal = best.get(HARM), best.get(HEAL)
    return (harm[1] if harm else None), (heal[1] if heal else None)


def stronger(play: ItemJudge, turn: Turn, npc_id: str, item_id: str) -> bool:
    """Whether the harmful item's die is at least that of the NPC's melee weapon (or natural one)."""
    world = turn.world
    melee = best_weapon(world, world.npc_items(npc_id), ranged=False) \
        or natural_weapon(turn, npc_id)
    return _die_size(str(world.item(item_id).effect.get("damage", ""))) >= _die_size(melee.damage)


def _die_size(die: str) -> int:
    digits = "".join(ch for ch in die.split("d")[-1] if ch.isdigit())
    return int(digits) if digits else 0
