"""OpenD6 in play: attacks both ways, armor worn, harm, and the end of each round.

Built from the rule module's pieces (``opend6_combat``): the attack roll
against the defender's static defence, the damage roll, then the adventure's
damage system (Wounds: a resistance roll and the wound level chart; Body
Points).  The player's attack roll goes through :mod:`game.play.opend6_rolls`
(hidden defence, Fate and Character Points, complications); an NPC's attack
roll is shown in full, since the number it must beat is the player's own
defence.
"""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from game.play import opend6_rolls as rolls
from game.rules.base import AttackResult, Sheet, Situation, Weapon
from game.rules.opend6_codes import DieCode
from game.rules.opend6_combat import Damage, apply_damage, damage_request
from game.rules.opend6_roll import hidden
from game.rules.opend6_sheet import (
    DEAD,
    INCAPACITATED,
    MORTAL,
    SEVERELY,
    STUNNED,
    WOUND_LEVELS,
    WOUNDED,
    health,
    wound_penalty,
)

if TYPE_CHECKING:
    from game.actions import Turn
    from game.rules.opend6 import OpenD6

#: What a wound level means for the player's later rolls, said when it is taken.
PLAYER_EFFECTS: dict[int, str] = {
    STUNNED: "you are stunned (-1D to your rolls this round and the next)",
    WOUNDED: "you are wounded (-1D to all your rolls until it heals)",
    SEVERELY: "you are severely wounded (-2D to all your rolls until it heals)",
    INCAPACITATED: "you are incapacitated, out of the fight",
    MORTAL: "you are mortally wounded (each round you must roll Physique to stay alive)",
    DEAD: "the blow kills you",
}


# -- armor worn ------------------------------------------------------------------------

def item_armor(turn: Turn, item_id: str) -> DieCode:
    """An armor item's code: its ``stats.opend6.armor``, else (House rule) one pip per point
    of defence above 10 (a desert robe of 11 is 0D+1, a war shirt of 12 is 0D+2)."""
    item = turn.world.item(item_id)
    own = item.stats.get("opend6", {}).get("armor")
    if own is not None:
        return DieCode(own) if isinstance(own, int) else DieCode.parse(str(own))
    return DieCode.from_steps((item.armor or 10) - 10)


def worn_armor(turn: Turn) -> DieCode:
    """The best armor the player carries, or the sheet's own if that is better."""
    sheet = turn.world.state.player
    best = DieCode.parse(sheet.get("armor", "0D"))
    for item_id in turn.world.carried():
        if turn.world.item(item_id).kind == "armor":
            best = max(best, item_armor(turn, item_id))
    return best


def damage_player(turn: Turn, system: OpenD6, rolled: int) -> Damage:
    """``rolled`` damage against the player, in the armor they carry; the sheet is updated."""
    sheet = turn.world.state.player
    own = sheet.get("armor", "0D")
    done = apply_damage({**sheet, "armor": str(worn_armor(turn))}, rolled, turn.dice, system.damage, system.wild_one)
    turn.world.state.player = {**done.sheet, "armor": own}
    return dataclasses.replace(done, sheet=turn.world.state.player)


def player_damage_line(system: OpenD6, before: Sheet, done: Damage) -> str:
    """What damage did to the player, with what it means for later rolls."""
    if system.damage == "wounds":
        level = done.sheet.get("wound_level", 0)
        effect = PLAYER_EFFECTS[level] if done.wounded else "no wound"
        if done.wounded and level == before.get("wound_level", 0):
            effect = f"you are still {WOUND_LEVELS[level]}"
        return f"Damage {done.rolled} against your resistance {done.resisted}: {effect}."
    armor = f", your armor stops {done.stopped}" if done.stopped else ""
    return f"Damage {done.rolled}{armor}: you lose {done.harm} Body Points ({health(done.sheet, 'body-points')})."


def npc_damage_line(system: OpenD6, name: str, done: Damage) -> str:
    if system.damage == "wounds":
        if not done.wounded:
            return f"Damage {done.rolled} against its resistance {done.resisted}: the {name} shrugs it off."
        level = WOUND_LEVELS[done.sheet["wound_level"]]
        return f"Damage {done.rolled} against its resistance {done.resisted}: the {name} is {level}."
    armor = f", armor stops {done.stopped}" if done.stopped else ""
    return (f"Damage {done.rolled}{armor}: the {name} loses {done.harm} Body Points "
            f"({health(done.sheet, 'body-points')}).")


# -- attacks ---------------------------------------------------------------------------

def player_attack(turn: Turn, system: OpenD6, npc_id: str, weapon: Weapon, situation: Situation) -> AttackResult:
    """The player attacks: hint, Fate, the hidden defence, Character Points, damage."""
    world = turn.world
    npc = world.npc_state(npc_id)
    name = world.npc_name(npc_id)
    request = system.attack_request(world.state.player, npc.sheet, weapon, situation)
    if not npc.sheet.get("sized_up", False):
        npc.sheet["sized_up"] = True
        rolls.hint(turn, f"Hitting the {name}", int(request.difficulty or 0))
    request = rolls.prepare(turn, system, request, heroic=True)
    turn.record(f"attack the {name}", request, amend=True)
    result = hidden(system.roll(request, turn.dice))
    result = rolls.offer_character_points(turn, system, f"you attack the {name}", request, result)
    lines = rolls.wild_die_lines(result, system.wild_one, rolls.COMPLICATIONS["fight"], "your next action",
                                 explosion=False)
    rolls.set_back(world.state.player, result, system.wild_one, world.state.turn)
    if not result.succeeded:
        lines.append(f"You miss the {name}.")
        return AttackResult(result, False, 0, world.state.player, npc.sheet, tuple(lines))
    damage = damage_request(world.state.player, npc.sheet, weapon, system.wild_one)
    if rolls.fated(turn):
        damage = system.with_fate_point(damage)
        damage = dataclasses.replace(damage, label="damage (Fate Point x2)")
    damage_roll = system.roll(damage, turn.dice)
    done = apply_damage(npc.sheet, int(damage_roll.figures["total"]), turn.dice, system.damage, system.wild_one)
    npc.sheet = done.sheet
    lines.append(npc_damage_line(system, name, done))
    return AttackResult(result, True, done.harm, world.state.player, npc.sheet, tuple(lines),
                        (damage_roll, *done.rolls))


def npc_attack(turn: Turn, system: OpenD6, npc_id: str, weapon: Weapon) -> AttackResult:
    """An NPC attacks the player; a complication of its own sets it back 1D next time."""
    world = turn.world
    npc = world.npc_state(npc_id)
    name = world.npc_name(npc_id)
    lines: list[str] = []
    shaken = bool(npc.sheet.get("setback", 0))
    if shaken:
        npc.sheet["setback"] = 0
    request = system.attack_request(npc.sheet, world.state.player, weapon, Situation(disadvantage=shaken))
    notes = [f"{WOUND_LEVELS[npc.sheet.get('wound_level', 0)]} -{wound_penalty(npc.sheet)}D"] \
        if wound_penalty(npc.sheet) else []
    notes += ["shaken -1D"] if shaken else []
    if notes:
        request = dataclasses.replace(request, label=f"{request.label} ({', '.join(notes)})")
    result = system.roll(request, turn.dice)
    lines += rolls.wild_die_lines(result, system.wild_one, f"the {name} overreaches", "its next attack",
                                  explosion=False)
    rolls.set_back(npc.sheet, result, system.wild_one, world.state.turn)
    if not result.succeeded:
        lines.append(f"The {name} misses you.")
        return AttackResult(result, False, 0, npc.sheet, world.state.player, tuple(lines))
    damage_roll = system.roll(damage_request(npc.sheet, world.state.player, weapon, system.wild_one), turn.dice)
    before = world.state.player
    done = damage_player(turn, system, int(damage_roll.figures["total"]))
    lines.append(f"The {name} hits you with {weapon.name}." if weapon.name.startswith("its ")
                 else f"The {name} hits you with the {weapon.name}.")
    lines.append(player_damage_line(system, before, done))
    return AttackResult(result, True, done.harm, npc.sheet, world.state.player, tuple(lines),
                        (damage_roll, *done.rolls))


def harm(turn: Turn, system: OpenD6, damage_die: str, label: str) -> None:
    """Harm from no attacker, in the armor the player carries."""
    from game.rules.opend6_codes import weapon_code
    from game.rules.opend6_roll import D6Request

    damage_roll = system.roll(D6Request.of(weapon_code(damage_die), None, system.wild_one, "damage"), turn.dice)
    turn.show_roll(label, damage_roll)
    before = turn.world.state.player
    done = damage_player(turn, system, int(damage_roll.figures["total"]))
    for roll in done.rolls:
        turn.show_roll(label, roll)
    turn.say(player_damage_line(system, before, done))


# -- the end of a round ----------------------------------------------------------------

def end_round(turn: Turn, system: OpenD6) -> None:
    """Stuns wear off and the mortally wounded roll to stay alive: the player, then the
    NPCs here (seed 002 wounds; RULES-NOTES).  Each action that takes time is a round."""
    if system.damage != "wounds":
        return
    world = turn.world
    player = world.state.player
    level = player.get("wound_level", 0)
    finishing = level >= INCAPACITATED and any(
        world.hostile(n) and world.npc_condition(n) == "ok" for n in world.living_npcs_in())
    if level in (STUNNED, MORTAL) and not finishing:
        change = system.end_round(player, turn.dice)
        world.state.player = change.sheet
        for roll in change.rolls:
            turn.show_roll("staying alive", roll)
        turn.say(*change.lines)
    for npc_id in world.living_npcs_in():
        state = world.state.npcs.get(npc_id)
        if state is None or state.sheet.get("wound_level", 0) not in (STUNNED, MORTAL):
            continue
        name = world.npc_name(npc_id)
        change = system.end_round(state.sheet, turn.dice)
        state.sheet = change.sheet
        for roll in change.rolls:
            turn.show_roll(f"the {name} stays alive", roll)
        if "The stun wears off." in change.lines:
            turn.say(f"The {name} shakes off the stun.")
        elif change.sheet.get("wound_level", 0) == DEAD:
            turn.say(f"The {name} dies of its wounds.")
        elif change.rolls:
            turn.say(f"The {name}, mortally wounded, clings to life.")
