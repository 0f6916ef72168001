"""Vaarn in play: what the character carries and what their body has been through.

Item slots (seed 001 §Item Slots), worn armour, the engine's water and food
counters mirrored on the sheet, the Damaged Item wound carried out on the
inventory, passing out and coming to.  Every function reads and changes the
world only through ``turn.world``; whatever must survive a save lives on the
player's sheet.

Sheet keys this module keeps (besides the rule module's own):

- ``slots_carried``: item slots filled by what is carried (wounds not counted);
- ``encumbered``: whether the last look at the load found it too heavy;
- ``armor_base``: the armour defence the character has without worn armour.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from game.rules.base import RollResult
from game.rules.vaarn import VaarnSystem
from game.rules.vaarn_data import MAX_CARRY, UNARMOURED, slot_limit, wound_slots
from game.text import article, join_names
from game.world.state import PLAYER, npc_place

if TYPE_CHECKING:
    from game.actions import Turn
    from game.world.world import World

#: The pseudo-item standing for a bundle of food rations when a random item is destroyed.
FOOD_BUNDLE = "#food"


def system_of(turn: Turn) -> VaarnSystem:
    system = turn.world.system
    assert isinstance(system, VaarnSystem)
    return system


# -- item slots ---------------------------------------------------------------------------

def item_slot_cost(world: World, item_id: str) -> int:
    """Slots one carried item fills.

    House rule: a water container fills no slot of its own; the rations in it
    count, three to a slot (seed 001 §Water).  A Gift fills one slot (none with
    psyche slots); anything else its content ``slots``.
    """
    system = world.system
    assert isinstance(system, VaarnSystem)
    item = world.item(item_id)
    if item.kind == "water":
        return 0
    if item.kind == "gift":
        return system.slots_for("gift")
    return max(item.slots, 0)


def carried_slots(world: World, water: int | None = None, food: int | None = None,
                  items: list[str] | None = None) -> int:
    """Slots filled by the items, water and food the player carries (wounds not counted)."""
    system = world.system
    assert isinstance(system, VaarnSystem)
    state = world.state
    ids = world.carried() if items is None else items
    total = sum(item_slot_cost(world, i) for i in ids)
    total += system.slots_for("water", state.water if water is None else water)
    total += system.slots_for("food", state.food if food is None else food)
    return total


def slots_used(world: World) -> int:
    """Item slots filled by everything, wounds included."""
    return carried_slots(world) + wound_slots(world.state.player)


def slot_lines(world: World) -> list[str]:
    """The load, item by item, for the ``slots`` command."""
    state = world.state
    sheet = state.player
    system = world.system
    assert isinstance(system, VaarnSystem)
    limit = slot_limit(sheet)
    used = slots_used(world)
    lines = [f"Item slots: {used} of {limit} filled (your CON defence; nobody carries more than {MAX_CARRY})."]
    worn = worn_armour(world)
    for item_id in world.carried():
        cost = item_slot_cost(world, item_id)
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
    for wound in sheet.get("wounds", []):
        lines.append(f"  wound, {wound['name']}: {wound['slots']}")
    if used > limit:
        lines.append("You are encumbered: disadvantage on STR, DEX and CON saves.")
    else:
        lines.append(f"{limit - used} slot{'s' if limit - used != 1 else ''} free before you are encumbered.")
    return lines


def carry_refusal(world: World, adding: int) -> str | None:
    """Why ``adding`` more slots cannot be carried (the 20-slot cap), or None."""
    used = slots_used(world)
    if adding > 0 and used + adding > MAX_CARRY:
        return (f"You cannot carry that: it would make {used + adding} slots, and nobody carries more than "
                f"{MAX_CARRY} (you fill {used}).")
    return None


# -- armour -------------------------------------------------------------------------------

def worn_armour(world: World) -> str | None:
    """The armour the player wears: the best carried (house rule: the best is always worn)."""
    armours = [i for i in world.carried() if world.item(i).kind == "armor" and world.item(i).armor]
    if not armours:
        return None
    return max(armours, key=lambda i: world.item(i).armor or 0)


def armour_defence(world: World) -> int:
    sheet = world.state.player
    base = int(sheet.get("armor_base") or sheet.get("armor") or UNARMOURED)
    worn = worn_armour(world)
    worn_defence = world.item(worn).armor if worn is not None else None
    return max(base, worn_defence or 0)


# -- keeping the sheet in step with the world -------------------------------------------

def sync(turn: Turn, *, announce: bool = True) -> None:
    """Mirror on the sheet what the world knows: armour, load, thirst and hunger.

    With ``announce``, a change in encumbrance is said.
    """
    world = turn.world
    state = world.state
    sheet: dict[str, Any] = state.player
    sheet.setdefault("armor_base", int(sheet.get("armor", UNARMOURED)))
    sheet["armor"] = armour_defence(world)
    sheet["slots_carried"] = carried_slots(world)
    sheet["thirst_days"] = state.thirst_days
    system = system_of(turn)
    daily_meals = system.options["meals"] == "daily" and not sheet.get("synthetic", False)
    sheet["hunger_days"] = state.hunger_days if daily_meals else 0
    was = bool(sheet.get("encumbered", False))
    now = slots_used(world) > slot_limit(sheet)
    sheet["encumbered"] = now
    if announce and now != was:
        if now:
            turn.say(f"You are encumbered ({slots_used(world)} of {slot_limit(sheet)} slots): "
                     "disadvantage on STR, DEX and CON saves.")
        else:
            turn.say("You are no longer encumbered.")


# -- wounds carried out on the world -----------------------------------------------------

def settle_player(turn: Turn) -> None:
    """Carry out what the sheet's wounds ask of the world: Damaged Item destroys a random item."""
    world = turn.world
    system = system_of(turn)
    sheet = world.state.player
    for _ in range(system.pending_item_damage(sheet)):
        _destroy_random(turn, PLAYER)
    world.state.player = system.clear_item_damage(world.state.player)


def settle_npc(turn: Turn, npc_id: str) -> None:
    """The same for an NPC taking wounds (option ``npc_wounds = "wound-table"``)."""
    world = turn.world
    system = system_of(turn)
    npc = world.npc_state(npc_id)
    for _ in range(system.pending_item_damage(npc.sheet)):
        _destroy_random(turn, npc_id)
    npc.sheet = system.clear_item_damage(npc.sheet)


def _destroy_random(turn: Turn, owner: str) -> None:
    """Seed 001 wound 2: a random inventory item is destroyed (one d*N* picks it).

    House rule: items the adventure's goal needs are never destroyed (they are
    only scuffed), and a bundle of food counts as one item.  A destroyed water
    container spills what no other container can hold.
    """
    world = turn.world
    system = system_of(turn)
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
    picked = system.pick_damaged_item(candidates, turn.dice)
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
        from game.actions.survival import water_capacity

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
    sheet = world.state.player
    if not sheet.get("unconscious", False) or system_of(turn).condition(sheet) == "dead":
        return
    from game.play.vaarn_fight import foes

    if foes(world):
        return
    face = turn.dice.roll(6)
    turn.show_roll("senseless", RollResult("vaarn", (face,), "success", {"total": face},
                                           f"Passed out: d6 ({face}) hours", "docs/rules/vaarn.md (house rule)"))
    sheet["unconscious"] = False
    turn.say(f"You lie senseless in the sand for {face} hour{'s' if face != 1 else ''}, then come to.")
    turn.spend(face * 60)


def names_of(world: World, item_ids: list[str]) -> str:
    return join_names([article(world.item_name(i)) for i in item_ids])


def npc_the(world: World, npc_id: str, capital: bool = False) -> str:
    """An NPC named as a sentence needs it: "the dune raider", but "Tamsin" for a proper name."""
    return the(world.npc_name(npc_id), capital)


def the(name: str, capital: bool = False) -> str:
    if name[:1].isupper():
        return name
    return f"{'The' if capital else 'the'} {name}"


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


_HP_LINE = re.compile(r"^HP (-?\d+) -> (-?\d+)\.$")


def owned_lines(lines: tuple[str, ...] | list[str], owner: str) -> tuple[str, ...]:
    """Name whose HP a rules line ``HP 5 -> 3.`` is about ("Your HP" or "HP of the X"),
    and drop the rules' "It falls, dead." that the engine says in its own words."""
    out = []
    for line in lines:
        if line == "It falls, dead." and owner != "Your":
            continue
        match = _HP_LINE.match(line)
        if match:
            label = "Your HP" if owner == "Your" else f"HP of {owner}"
            line = f"{label}: {match.group(1)} -> {match.group(2)}."
        out.append(line)
    return tuple(out)
