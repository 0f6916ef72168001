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
from dataclasses import dataclass

from game.rules.base import (
    AttackResult,
    RollResult,
    Sheet,
    SheetChange,
    Situation,
    Weapon,
)
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


def creature_tags(sheet: Sheet) -> set[str]:
    """What a weapon's ``bonus_against`` may name: the sheet's ``tags`` and its ``creature`` type."""
    tags = set(sheet.get("tags", []))
    if sheet.get("creature"):
        tags.add(str(sheet["creature"]))
    return tags


def damage_code(attacker: Sheet, defender: Sheet, weapon: Weapon) -> DieCode:
    """The damage code: a ``damage`` die code in the weapon's opend6 stats, else its die mapped."""
    base = weapon_code(str(weapon.system.get("damage", weapon.damage)))
    code = base + (RANGED_BASE if weapon.ranged else strength_damage(attacker))
    if set(weapon.bonus_against) & creature_tags(defender):
        code = code.plus_dice(1)
    return code


def damage_request(attacker: Sheet, defender: Sheet, weapon: Weapon, wild_one: str) -> D6Request:
    """The open damage roll of a hit (no difficulty: only its total matters)."""
    return D6Request.of(damage_code(attacker, defender, weapon), None, wild_one, "damage")


@dataclass(frozen=True)
class Damage:
    """Damage applied to a defender under one damage system.

    ``harm`` is the damage total (wounds) or the Body Points lost;
    ``resisted`` the resistance roll's total (wounds), ``stopped`` what armor
    stopped (body-points); ``rolls`` the resistance or armor roll, if any.
    """

    sheet: Sheet
    rolled: int
    harm: int
    rolls: tuple[RollResult, ...] = ()
    resisted: int = 0
    stopped: int = 0

    @property
    def wounded(self) -> bool:
        """Whether the damage beat the resistance roll (wounds system)."""
        return wound_from_margin(self.rolled - self.resisted) > 0


def apply_damage(defender: Sheet, rolled: int, dice: Dice, damage: str, wild_one: str) -> Damage:
    """A damage total against ``defender``: a resistance roll and the wound chart
    (wounds), or Body Points less an armor roll (body-points).

    Faces: the resistance roll (wounds), or the armor roll if the armor has dice.
    """
    if damage == "wounds":
        resistance = attribute(defender, "physique") + DieCode.parse(defender.get("armor", "0D"))
        resist = roll(D6Request.of(resistance, rolled, wild_one, "resistance"), dice)
        resisted = int(resist.figures["total"])
        return Damage(take_wound(defender, rolled - resisted), rolled, rolled, (resist,), resisted=resisted)
    armor = DieCode.parse(defender.get("armor", "0D"))
    rolls: tuple[RollResult, ...] = ()
    stopped = armor.pips
    if armor.dice:
        armor_roll = roll(D6Request.of(armor, None, wild_one, "armor"), dice)
        stopped, rolls = int(armor_roll.figures["total"]), (armor_roll,)
    lost = max(rolled - stopped, 0)
    return Damage(lose_body_points(defender, lost), rolled, lost, rolls, stopped=stopped)


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
    damage_roll = roll(damage_request(attacker, defender, weapon, wild_one), dice)
    done = apply_damage(defender, int(damage_roll.figures["total"]), dice, damage, wild_one)
    lines.append(damage_line(done, damage))
    if condition(done.sheet, damage) != condition(defender, damage):
        lines.append({"down": "The defender goes down.", "dead": "The defender is dead."}.get(condition(done.sheet, damage), ""))
    return AttackResult(result, True, done.harm, copy.deepcopy(attacker), done.sheet, tuple(line for line in lines if line),
                        (damage_roll, *done.rolls))


def damage_line(done: Damage, damage: str) -> str:
    """``Damage 18 against resistance 11: wounded.`` or ``Damage 17, armor stops 4: 13 Body Points lost (BP 19/32).``"""
    if damage == "wounds":
        verdict = WOUND_LEVELS[done.sheet["wound_level"]] if done.wounded else "no wound"
        return f"Damage {done.rolled} against resistance {done.resisted}: {verdict}."
    stop_text = f", armor stops {done.stopped}" if done.stopped or done.rolls else ""
    return f"Damage {done.rolled}{stop_text}: {done.harm} Body Points lost ({health(done.sheet, 'body-points')})."


def harm(sheet: Sheet, damage_die: str, dice: Dice, damage: str, wild_one: str) -> SheetChange:
    """Harm from no attacker (a fall, the glare, a trap): the die mapped as a weapon's
    (:func:`~game.rules.opend6_codes.weapon_code`, no Strength Damage), then the damage system.

    Faces: the damage roll, then the resistance roll (wounds) or the armor roll.
    The lines speak to the player, the only one harmed this way.
    """
    damage_roll = roll(D6Request.of(weapon_code(damage_die), None, wild_one, "damage"), dice)
    done = apply_damage(sheet, int(damage_roll.figures["total"]), dice, damage, wild_one)
    if damage == "wounds":
        verdict = f"you are {WOUND_LEVELS[done.sheet['wound_level']]}" if done.wounded else "no wound"
        line = f"Damage {done.rolled} against your resistance {done.resisted}: {verdict}."
    else:
        line = damage_line(done, damage)
    return SheetChange(done.sheet, (line,), (damage_roll, *done.rolls))
