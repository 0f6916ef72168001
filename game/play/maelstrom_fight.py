"""Maelstrom combat in play (house rule: seed 004's §Combat is empty).

An attack is an action (difficulty 6) against the defender's reflexive Reflexes
+ Dodge; the hit's margin adds damage dice, soak takes levels off, the health
track fills (the rule module).  Here: the weapon as it is carried (its names
for specialties; exotica and gifts as energy weapons), readied Willpower, the
narration, and a botched attack's consequence (the weapon dropped, or a hurt).
"""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from game.errors import ActionRefused
from game.play import maelstrom_rolls as rolls
from game.rules import maelstrom_sheet as sheets
from game.rules.base import AttackResult, RollResult, Situation, Weapon
from game.rules.maelstrom_actions import RANGED_DAMAGE
from game.text import capital
from game.world.state import room_place

if TYPE_CHECKING:
    from game.actions import Turn
    from game.rules.maelstrom import MaelstromSystem
    from game.world.world import World

#: Exotica and gifts used as weapons need this advanced Melee specialty (house rule).
RELIC_SPECIALTY = "energy weapons"
RELIC_KINDS = ("exotica", "gift")
#: The natural weapons of NPCs that carry none, by creature type.
NATURAL_WEAPONS: dict[str, str] = {
    "synthetic": "its crackling limbs", "fungal": "its clutching threads", "mineral": "its grinding pincers",
    "hypergeometric": "its cold touch", "psychic": "its cold touch",
}
BARE_HANDS = Weapon(name="bare hands", damage="d4")


def natural_weapon(sheet: dict[str, Any]) -> Weapon:
    """Teeth, claws, limbs (Strength + Brawling, lethal); a disarmed NPC fights with bare hands."""
    if sheet.get("disarmed"):
        return BARE_HANDS
    name = NATURAL_WEAPONS.get(str(sheet.get("creature", "")), "its teeth and claws")
    return Weapon(name=name, damage=str(sheet.get("damage", "d6")),
                  system={"attribute": "strength", "ability": "brawling", "type": "lethal"})


def carried_item(world: World, weapon: Weapon, items: list[str]) -> str | None:
    """The item among ``items`` that is this weapon, if any."""
    return next((i for i in items if world.item_name(i) == weapon.name), None)


def as_carried(world: World, weapon: Weapon, items: list[str]) -> Weapon:
    """The weapon with its item's names as specialty tags; a relic weapon (an exotica
    or gift, not made to fight) is an energy weapon: Precision + Melee, its damage
    by its die as a ranged weapon's, and it needs the Energy Weapons specialty."""
    item_id = carried_item(world, weapon, items)
    if item_id is None:
        return weapon
    item = world.item(item_id)
    own = dict(weapon.system)
    given = own.get("specialty", ())
    own["specialty"] = (*rolls.item_tags(world, item_id), *((given,) if isinstance(given, str) else tuple(given)))
    if item.kind in RELIC_KINDS and item.damage is None:
        own.setdefault("attribute", "precision")
        own.setdefault("ability", "melee")
        own.setdefault("advanced", RELIC_SPECIALTY)
        own.setdefault("strength", False)
        own.setdefault("damage", RANGED_DAMAGE.get(weapon.damage, 4))
    return dataclasses.replace(weapon, system=own)


def _shown(result: AttackResult) -> tuple[RollResult, ...]:
    """The follow-up rolls worth showing: a roll of no dice is no roll."""
    return tuple(roll for roll in result.rolls if roll.dice)


def _hit_line(result: AttackResult) -> str:
    margin = int(result.roll.figures["margin"])
    rolled = int(result.rolls[0].figures["successes"]) if result.rolls else 0
    soaked = int(result.rolls[1].figures["successes"]) if len(result.rolls) > 1 else 0
    kind = result.rolls[0].text.split(" damage")[0] if result.rolls else "lethal"
    if not result.damage:
        return f"(margin {margin}: {rolled} damage, {soaked} soaked: no harm)"
    level = "level" if result.damage == 1 else "levels"
    return f"(margin {margin}: {rolled} damage, {soaked} soaked: {result.damage} {level} of {kind} damage)"


def player_attack(turn: Turn, system: MaelstromSystem, npc_id: str, weapon: Weapon,
                  situation: Situation) -> AttackResult:
    """The player attacks: Willpower, the roll, evasion, damage, the narration, a botch."""
    world = turn.world
    if system.condition(world.state.player) != "ok":
        raise ActionRefused("Incapacitated, you cannot attack.")
    weapon = as_carried(world, weapon, world.carried())
    npc = world.npc_state(npc_id)
    request = system.attack_request(world.state.player, npc.sheet, weapon, situation)
    request = rolls.spend_readied(turn, system, request)
    turn.record(f"attack {world.the_npc(npc_id)}", request, amend=True)
    result = system.resolve_attack(world.state.player, npc.sheet, weapon, request, turn.dice)
    world.state.player, npc.sheet = result.attacker, result.defender
    name = world.the_npc(npc_id)
    outcome = result.roll.outcome
    if outcome == "botch":
        lines = [f"Botch! {_player_botch(turn, system, weapon)}"]
    elif not result.hit:
        evaded = int(result.roll.figures["attack_net"]) > 0
        lines = [f"{capital(name)} evades your attack." if evaded else "You miss."]
    elif not result.damage:
        lines = [f"You hit {name}, but the blow does no harm {_hit_line(result)}."]
    elif system.condition(npc.sheet) == "ok":
        lines = [f"You hit {name} {_hit_line(result)}; {name} is {sheets.health_text(npc.sheet)}."]
    else:
        lines = [f"You hit {name} {_hit_line(result)}."]
    return dataclasses.replace(result, lines=tuple(lines), rolls=_shown(result))


def _player_botch(turn: Turn, system: MaelstromSystem, weapon: Weapon) -> str:
    world = turn.world
    item_id = carried_item(world, weapon, world.carried())
    if item_id is not None:
        world.move_item(item_id, room_place(world.state.room))
        return f"The {world.item_name(item_id)} flies from your grip and clatters across the ground."
    return f"You strike badly and hurt yourself. ({rolls.hurt(turn, system)})"


def npc_attack(turn: Turn, system: MaelstromSystem, npc_id: str, weapon: Weapon) -> AttackResult:
    """An NPC attacks the player, who evades by reflex and soaks in the armour worn."""
    world = turn.world
    rolls.sync_armour(world)
    npc = world.npc_state(npc_id)
    weapon = as_carried(world, weapon, world.npc_items(npc_id))
    result = system.attack(npc.sheet, world.state.player, weapon, Situation(), turn.dice)
    npc.sheet, world.state.player = result.attacker, result.defender
    name = capital(world.the_npc(npc_id))
    if result.roll.outcome == "botch":
        lines = [f"Botch! {_npc_botch(turn, system, npc_id, weapon)}"]
    elif not result.hit:
        evaded = int(result.roll.figures["attack_net"]) > 0
        lines = [f"You twist away from {world.the_npc(npc_id)}'s attack." if evaded else f"{name} misses you."]
    elif result.damage and system.condition(world.state.player) == "ok":
        lines = [f"{name} hits you {_hit_line(result)}; you are {sheets.health_text(world.state.player)}."]
    elif result.damage:
        lines = [f"{name} hits you {_hit_line(result)}."]
    else:
        lines = [f"{name} hits you, but the blow does no harm {_hit_line(result)}."]
    return dataclasses.replace(result, lines=tuple(lines), rolls=_shown(result))


def _npc_botch(turn: Turn, system: MaelstromSystem, npc_id: str, weapon: Weapon) -> str:
    world = turn.world
    npc = world.npc_state(npc_id)
    name = capital(world.the_npc(npc_id))
    item_id = carried_item(world, weapon, world.npc_items(npc_id))
    if item_id is not None:
        world.move_item(item_id, room_place(world.npc_room(npc_id)))
        npc.sheet = {**npc.sheet, "disarmed": True}
        return f"{name} loses hold of the {world.item_name(item_id)}; it clatters to the ground."
    npc.sheet = system.take_damage(npc.sheet, 1, "bashing")
    return f"{name} lunges, misjudges, and hurts itself (1 level of bashing damage)."
