"""OpenD6 attacks: attack roll against a static defence, damage, then a damage system.

The seed (002 §Taking Damage) gives the damage side; how to hit is a House
rule (see ``docs/rules/opend6.md``):

- attack roll: Reflexes + melee for a melee weapon, Coordination +
  marksmanship for a ranged one, less wound dice, +-1D for (dis)advantage;
- defence difficulty: the defender's static defence, the "step" of its
  defence code (3 a die plus pips, the OpenD6 static-target option): dodge
  against ranged attacks, the better of dodge and melee (a parry) in melee,
  less the defender's wound dice;
- damage roll: the weapon's code (:func:`~game.rules.opend6_codes.weapon_code`)
  plus the attacker's Strength Damage in melee (:func:`strength_damage`), or
  plus 2D at range; +1D when the
  weapon's ``bonus_against`` names one of the defender's ``tags``;
- wounds: the defender rolls Physique + armor, the margin goes on the wound
  chart; body-points: armor (if any) is rolled and subtracted, the rest comes
  off the Body Points.

Faces are read: the attack roll, then (on a hit) the damage roll, then the
resistance roll (wounds) or the armor roll (body-points, only with armor).
"""
from __future__ import annotations

import copy

from game.rules.base import AttackResult, RollResult, Sheet, Situation, Weapon
from game.rules.dice import Dice
from game.rules.opend6_codes import RANGED_BASE, DieCode, weapon_code
from game.rules.opend6_roll import D6Request, roll
from game.rules.opend6_sheet import (
    WOUND_LEVELS,
    action_code,
    attribute,
    condition,
    health,
    lose_body_points,
    skill_code,
    take_wound,
    wound_from_margin,
    wound_penalty,
)

RULE_DAMAGE = "seed 002 §Taking Damage"


def attack_skill(weapon: Weapon) -> str:
    """The skill an attack with ``weapon`` rolls."""
    return "marksmanship" if weapon.ranged else "melee"


def defence_difficulty(defender: Sheet, weapon: Weapon) -> int:
    """The defender's static defence against ``weapon`` (at least 1)."""
    dodge = skill_code(defender, "dodge")
    best = dodge if weapon.ranged else max(dodge, skill_code(defender, "melee"))
    return max(best.plus_dice(-wound_penalty(defender)).steps, 1)


def attack_request(attacker: Sheet, defender: Sheet, weapon: Weapon, situation: Situation, wild_one: str) -> D6Request:
    """The attack roll; ``situation.target`` overrides the defence difficulty."""
    skill = attack_skill(weapon)
    difficulty = situation.target if situation.target is not None else defence_difficulty(defender, weapon)
    label = f"{'Coordination' if weapon.ranged else 'Reflexes'} + {skill}"
    return D6Request.of(action_code(attacker, skill, situation), difficulty, wild_one, label)


def strength_damage(sheet: Sheet) -> DieCode:
    """Half the Physique dice, pips dropped, rounded up: what muscle adds to a blow (House rule)."""
    return DieCode(-(-attribute(sheet, "physique").dice // 2))


def damage_code(attacker: Sheet, defender: Sheet, weapon: Weapon) -> DieCode:
    """The damage code: a ``damage`` die code in the weapon's opend6 stats, else its die mapped."""
    base = weapon_code(str(weapon.system.get("damage", weapon.damage)))
    code = base + (RANGED_BASE if weapon.ranged else strength_damage(attacker))
    if set(weapon.bonus_against) & set(defender.get("tags", [])):
        code = code.plus_dice(1)
    return code


def wild_line(result: RollResult, wild_one: str) -> str | None:
    """A sentence for a critical Wild Die on the attack roll, if any."""
    if result.critical_failure:
        return {
            "complication": "The Wild Die shows 1: a complication.",
            "drop-highest": "The Wild Die shows 1: it and the highest die are dropped.",
            "mishap-on-failure": "The Wild Die shows 1 on a miss: a mishap.",
        }[wild_one]
    if result.critical_success:
        return "The Wild Die shows 6 and rolls again."
    return None


def attack(
    attacker: Sheet,
    defender: Sheet,
    weapon: Weapon,
    situation: Situation,
    dice: Dice,
    damage: str,
    wild_one: str,
) -> AttackResult:
    """Resolve one attack: roll to hit, roll damage, apply the damage system."""
    request = attack_request(attacker, defender, weapon, situation, wild_one)
    result = roll(request, dice)
    verdict = "hit" if result.succeeded else "miss"
    lines = [f"Attack with the {weapon.name}: {result.figures['total']} against defence {request.difficulty}, a {verdict}."]
    extra = wild_line(result, wild_one)
    if extra:
        lines.append(extra)
    if not result.succeeded:
        return AttackResult(result, False, 0, copy.deepcopy(attacker), copy.deepcopy(defender), tuple(lines))
    code = damage_code(attacker, defender, weapon)
    damage_roll = roll(D6Request.of(code, None, wild_one, "damage"), dice)
    rolled = int(damage_roll.figures["total"])
    if damage == "wounds":
        new, harm, more, rolls = _wounds(defender, rolled, dice, wild_one)
    else:
        new, harm, more, rolls = _body_points(defender, rolled, dice, wild_one)
    lines += more
    if condition(new, damage) != condition(defender, damage):
        lines.append({"down": "The defender goes down.", "dead": "The defender is dead."}.get(condition(new, damage), ""))
    return AttackResult(result, True, harm, copy.deepcopy(attacker), new, tuple(line for line in lines if line), (damage_roll, *rolls))


def _wounds(defender: Sheet, rolled: int, dice: Dice, wild_one: str) -> tuple[Sheet, int, list[str], tuple[RollResult, ...]]:
    """Resistance roll: Physique + armor against the damage total; the margin on the wound chart."""
    resistance = attribute(defender, "physique") + DieCode.parse(defender.get("armor", "0D"))
    resist = roll(D6Request.of(resistance, rolled, wild_one, "resistance"), dice)
    margin = rolled - int(resist.figures["total"])
    new = take_wound(defender, margin)
    if wound_from_margin(margin) == 0:
        line = f"Damage {rolled} against resistance {resist.figures['total']}: no wound."
    else:
        line = f"Damage {rolled} against resistance {resist.figures['total']}: {WOUND_LEVELS[new['wound_level']]}."
    return new, rolled, [line], (resist,)


def _body_points(defender: Sheet, rolled: int, dice: Dice, wild_one: str) -> tuple[Sheet, int, list[str], tuple[RollResult, ...]]:
    """Damage comes off the Body Points, less an armor roll (House rule) if the defender has armor."""
    armor = DieCode.parse(defender.get("armor", "0D"))
    rolls: tuple[RollResult, ...] = ()
    stopped = armor.pips
    if armor.dice:
        armor_roll = roll(D6Request.of(armor, None, wild_one, "armor"), dice)
        stopped, rolls = int(armor_roll.figures["total"]), (armor_roll,)
    lost = max(rolled - stopped, 0)
    new = lose_body_points(defender, lost)
    stop_text = f", armor stops {stopped}" if armor.steps else ""
    return new, lost, [f"Damage {rolled}{stop_text}: {lost} Body Points lost ({health(new, 'body-points')})."], rolls
