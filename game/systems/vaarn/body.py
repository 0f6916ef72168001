"""Vaarn in play: what the character carries and what their body has been through.

Item slots (seed 001 §Item Slots), worn armour, the engine's water and food
counters mirrored on the sheet, the Damaged Item wound carried out on the
inventory, passing out and coming to.  Every function reads and changes the
world only through ``turn.world``; whatever must survive a save lives on the
player's sheet (``slots_carried``, ``encumbered``, ``armor_base``: see
:class:`~game.systems.vaarn.sheet.VaarnSheet`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.actions.water import water_capacity
from game.deferred import deferred
from game.rules.base import RollResult
from game.systems.vaarn.data import MAX_CARRY, UNARMOURED, slot_limit, wound_slots
from game.systems.vaarn.rules import VaarnSystem
from game.systems.vaarn.scene import foes, npc_of, npc_the, player_of, update_npc, update_player
from game.text import join_names
from game.world.state import PLAYER, npc_place

if TYPE_CHECKING:
    from game.actions import Turn
    from game.systems.vaarn import wounds
    from game.world.world import World
else:
    wounds = deferred("game.systems.vaarn.wounds")

#: The pseudo-item standing for a bundle of food rations when a random item is destroyed.
FOOD_BUNDLE = "#food"


# -- item slots ---------------------------------------------------------------------------

def item_slot_cost(system: VaarnSystem, world: World, item_id: str) -> int:
    """Slots one carried item fills.

    House rule: a water container fills no slot of its own; the rations in it
    count, three to a slot (seed 001 §Water).  A Gift fills one slot (none with
    psyche slots); anything else its content ``slots``.
    """
    item = world.item(item_id)
    if item.kind == "water":
        return 0
    if item.kind == "gift":
        return system.slots_for("gift")
    return max(item.slots, 0)


def carried_slots(system: VaarnSystem, world: World, water: int | None = None, food: int | None = None,
                  items: list[str] | None = None) -> int:
    """Slots filled by the items, water and food the player carries (wounds not counted)."""
    state = world.state
    ids = world.carried() if items is None else items
    total = sum(item_slot_cost(system, world, i) for i in ids)
    total += system.slots_for("water", state.water if water is None else water)
    total += system.slots_for("food", state.food if food is None else food)
    return total


def slots_used(system: VaarnSystem, world: World) -> int:
    """Item slots filled by everything, wounds included."""
    return carried_slots(system, world) + wound_slots(player_of(world))


def slot_lines(system: VaarnSystem, world: World) -> list[str]:
    """The load, item by item, for the ``slots`` command."""
    state = world.state
    sheet = player_of(world)
    limit = slot_limit(sheet)
    used = slots_used(system, world)
    lines = [f"Item slots: {used} of {limit} filled (your CON defence; nobody carries more than {MAX_CARRY})."]
    worn = worn_armour(world)
    for item_id in world.carried():
        cost = item_slot_cost(system, world, item_id)
        note = ""
        if item_id == worn:
            note = f" (worn: armour {world.item(item_id).armor})"
        elif world.item(item_id).kind == "water":
            note = " (the water in it counts)"
        lines.append(f"  {world.item_name(item_id)}: {cost}{note}")
    if state.water:
        lines.append(f"  {state.water} ration{'s' if state.water != 1 else ''} of water: "
                     f"{system.slots_for('water', state.water)} (three to a slot)")
    if state.food:
        lines.append(f"  {state.food} ration{'s' if state.food != 1 else ''} of food: "
                     f"{system.slots_for('food', state.food)} (three to a slot)")
    for wound in sheet.wounds:
        lines.append(f"  wound, {wound.name}: {wound.slots}")
    if used > limit:
        lines.append("You are encumbered: disadvantage on STR, DEX and CON saves.")
    else:
        lines.append(f"{limit - used} slot{'s' if limit - used != 1 else ''} free before you are encumbered.")
    return lines


# -- armour -------------------------------------------------------------------------------

def worn_armour(world: World) -> str | None:
    """The armour the player wears: the best carried (house rule: the best is always worn)."""
    armours = [i for i in world.carried() if world.item(i).kind == "armor" and world.item(i).armor]
    if not armours:
        return None
    return max(armours, key=lambda i: world.item(i).armor or 0)


def armour_defence(world: World) -> int:
    sheet = player_of(world)
    base = sheet.armor_base or sheet.armor or UNARMOURED
    worn = worn_armour(world)
    worn_defence = world.item(worn).armor if worn is not None else None
    return max(base, worn_defence or 0)


# -- keeping the sheet in step with the world -------------------------------------------

def sync(system: VaarnSystem, turn: Turn, *, announce: bool = True) -> None:
    """Mirror on the sheet what the world knows: armour, load, thirst and hunger.

    With ``announce``, a change in encumbrance is said.
    """
    world = turn.world
    state = world.state
    sheet = player_of(world)
    if sheet.armor_base is None:
        sheet = update_player(world, armor_base=sheet.armor)
    daily_meals = system.options["meals"] == "daily" and not sheet.synthetic
    sheet = update_player(world, armor=armour_defence(world), slots_carried=carried_slots(system, world),
                          thirst_days=state.thirst_days, hunger_days=state.hunger_days if daily_meals else 0)
    was = sheet.encumbered
    used = slots_used(system, world)
    now = used > slot_limit(sheet)
    sheet = update_player(world, encumbered=now)
    if announce and now != was:
        if now:
            turn.say(f"You are encumbered ({used} of {slot_limit(sheet)} slots): "
                     "disadvantage on STR, DEX and CON saves.")
        else:
            turn.say("You are no longer encumbered.")


# -- wounds carried out on the world -----------------------------------------------------

def settle_player(turn: Turn) -> None:
    """Carry out what the sheet's wounds ask of the world: Damaged Item destroys a random item."""
    world = turn.world
    for _ in range(player_of(world).pending_item_damage):
        _destroy_random(turn, PLAYER)
    world.state.player = wounds.clear_item_damage(player_of(world))


def settle_npc(turn: Turn, npc_id: str) -> None:
    """The same for an NPC taking wounds (option ``npc_wounds = "wound-table"``)."""
    world = turn.world
    for _ in range(npc_of(world, npc_id).pending_item_damage):
        _destroy_random(turn, npc_id)
    update_npc(world, npc_id, pending_item_damage=0)


def _destroy_random(turn: Turn, owner: str) -> None:
    """Seed 001 wound 2: a random inventory item is destroyed (one d*N* picks it).

    House rule: items the adventure's goal needs are never destroyed (they are
    only scuffed), and a bundle of food counts as one item.  A destroyed water
    container spills what no other container can hold.
    """
    world = turn.world
    goal = set(world.adventure.goal.carrying)
    if owner == PLAYER:
        candidates = [i for i in world.carried() if i not in goal]
        if world.state.food > 0:
            candidates.append(FOOD_BUNDLE)
    else:
        candidates = [i for i in world.items_at(npc_place(owner)) if i not in goal]
    if not candidates:
        if owner == PLAYER:
            turn.say("Nothing you carry is broken: you were lucky.")
        return
    picked = wounds.pick_damaged_item(candidates, turn.dice)
    names = [_name(world, i) for i in candidates]
    if len(candidates) > 1:
        face = turn.dice.faces[-1]
        text = f"Damaged Item: d{len(candidates)} ({face}) of {join_names(names)}: the {_name(world, picked)}"
        turn.show_roll("damaged item", RollResult("vaarn", (face,), "success", {"total": face}, text,
                                                  "seed 001 §Wounds and Healing"))
    if picked == FOOD_BUNDLE:
        lost = min(3, world.state.food)
        world.state.food -= lost
        turn.say(f"{lost} ration{'s' if lost != 1 else ''} of food burst and scatter in the sand.")
        return
    world.destroy_item(picked)
    whose = "Your" if owner == PLAYER else f"{npc_the(world, owner, True)}'s"
    turn.say(f"{whose} {world.item_name(picked)} is smashed beyond use.")
    if owner == PLAYER and world.item(picked).kind == "water":
        capacity = water_capacity(turn)
        if world.state.water > capacity:
            spilled = world.state.water - capacity
            world.state.water = capacity
            turn.say(f"{spilled} ration{'s' if spilled != 1 else ''} of water soak{'s' if spilled == 1 else ''} "
                     "into the sand.")


def _name(world: World, item_id: str) -> str:
    return "food bundle" if item_id == FOOD_BUNDLE else world.item_name(item_id)


def come_to(turn: Turn) -> None:
    """A character who passed out with no enemy near lies senseless d6 hours (house rule)."""
    world = turn.world
    sheet = player_of(world)
    if not sheet.unconscious or wounds.condition(sheet) == "dead" or foes(world):
        return
    face = turn.dice.roll(6)
    turn.show_roll("senseless", RollResult("vaarn", (face,), "success", {"total": face},
                                           f"Passed out: d6 ({face}) hours", "docs/rules/vaarn.md (house rule)"))
    update_player(world, unconscious=False)
    turn.say(f"You lie senseless in the sand for {face} hour{'s' if face != 1 else ''}, then come to.")
    turn.spend(face * 60)
