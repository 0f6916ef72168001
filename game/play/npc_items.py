"""NPCs using the gifts and exotica they carry, under any rule system.

A policy chooses :class:`~game.npc.intents.UseItem` from the view's
``harm_item`` / ``heal_item`` (:func:`usable`: what the NPC carries that the
system lets it use now, ``BasePlay.npc_can_use``); :func:`use` carries it out
through the rules the player's ``use`` goes through, so an item's ``effect``
means the same in an NPC's hands:

- ``effect.damage`` (an item that is no weapon: an exotica or a gift) is the
  system's attack with the item as the weapon (``actions.combat.weapon_of``,
  as ``use ROD on NPC`` is for the player), by ``BasePlay.npc_item_attack``
  (Open Adventures spends the NPC's pool, Vaarn's combat Gifts cost HP and
  always hit);
- ``effect.heal`` is the system's healing with the item's die on the NPC's own
  sheet (``BasePlay.npc_item_heal``), the item used up unless ``consumed = false``.

House rule: an NPC knows what its own things do (it never fumbles an
unidentified exotica, which the player may); the text names the item as the
player knows it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.actions.combat import after_npc_hit, best_weapon, weapon_of
from game.npc import memory
from game.world.content import ItemDef

if TYPE_CHECKING:
    from game.actions import Turn
    from game.npc.intents import UseItem
    from game.play.base import BasePlay

HARM, HEAL = "harm", "heal"


def purpose_of(item: ItemDef) -> str | None:
    """What an NPC could use ``item`` for: ``heal``, ``harm`` (a damaging thing that is no
    weapon: weapons are fought with), or None."""
    if item.effect.get("heal"):
        return HEAL
    if item.effect.get("damage") is not None and not item.is_weapon:
        return HARM
    return None


def usable(play: BasePlay[Any], turn: Turn, npc_id: str) -> tuple[str | None, str | None]:
    """The item ``npc_id`` would turn on the player and the one that would heal it (None when
    it has none it may use now); of several, the biggest die."""
    world = turn.world
    best: dict[str, tuple[int, str]] = {}
    for item_id in world.npc_items(npc_id):
        item = world.item(item_id)
        purpose = purpose_of(item)
        if purpose is None or not play.npc_can_use(turn, npc_id, item_id, purpose):
            continue
        size = _die_size(str(item.effect.get("heal" if purpose == HEAL else "damage", "")))
        if purpose not in best or size > best[purpose][0]:
            best[purpose] = (size, item_id)
    harm, heal = best.get(HARM), best.get(HEAL)
    return (harm[1] if harm else None), (heal[1] if heal else None)


def stronger(play: BasePlay[Any], turn: Turn, npc_id: str, item_id: str) -> bool:
    """Whether the harmful item's die is at least that of the NPC's melee weapon (or natural one)."""
    world = turn.world
    melee = best_weapon(world, world.npc_items(npc_id), ranged=False) \
        or play.npc_natural_weapon(world, npc_id)
    return _die_size(str(world.item(item_id).effect.get("damage", ""))) >= _die_size(melee.damage)


def _die_size(die: str) -> int:
    digits = "".join(ch for ch in die.split("d")[-1] if ch.isdigit())
    return int(digits) if digits else 0


def use(play: BasePlay[Any], turn: Turn, npc_id: str, intent: UseItem) -> None:
    """Carry out ``intent``: the item used under the system's economy, then what follows."""
    from game.events.world import ItemUsed, NpcRecovered

    world = turn.world
    if intent.item not in world.npc_items(npc_id):
        return
    turn.emit(ItemUsed(npc_id, intent.item, intent.purpose))
    if intent.purpose == HEAL:
        before = play.system.health(world.npc_state(npc_id).sheet)
        used_up = play.npc_item_heal(turn, npc_id, intent.item)
        turn.emit(NpcRecovered(npc_id, before, play.system.health(world.npc_state(npc_id).sheet)))
        if used_up:
            world.destroy_item(intent.item)
        after_npc_hit(turn, npc_id)
        return
    play.npc_item_attack(turn, npc_id, intent.item)
    memory.remember(world, npc_id, "fought")
    after_npc_hit(turn, npc_id)


def item_attack(play: BasePlay[Any], turn: Turn, npc_id: str, item_id: str) -> None:
    """The common carry-out of a harmful item: the system's NPC attack with it as the weapon."""
    from game.actions.combat import report_attack

    world = turn.world
    weapon = weapon_of(world, item_id)
    result = play.npc_attack(turn, npc_id, weapon)
    report_attack(turn, world.the_npc(npc_id), "you", weapon, result)


def item_heal(play: BasePlay[Any], turn: Turn, npc_id: str, item_id: str) -> bool:
    """The common carry-out of a healing item: the system's ``heal`` with its die, on the NPC's sheet;
    True when the item is used up (as for the player: unless ``consumed = false``).

    The system's own events speak of the player; :func:`use` says the NPC's health instead.
    """
    world = turn.world
    npc = world.npc_state(npc_id)
    change = play.system.heal(npc.sheet, str(world.item(item_id).effect["heal"]), turn.dice)
    npc.sheet = change.sheet
    for roll in change.rolls:
        turn.show_roll(f"{world.the_npc(npc_id)} heals", roll)
    return bool(world.item(item_id).effect.get("consumed", True))
