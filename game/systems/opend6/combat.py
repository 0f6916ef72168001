"""OpenD6 attacks: attack roll against a static defence, damage, then a damage system.

The seed (002 §Taking Damage) gives the damage side; how to hit is a House
rule (see ``docs/rules/opend6.md``):

- attack roll: Reflexes + melee for a melee weapon, Coordination +
  marksmanship for a ranged one, less wound dice, +-1D for (dis)advantage;
- defence difficulty: the defender's static defence, the "step" of its
  defence code (3 a die plus pips, the OpenD6 static-target option): dodge
  against ranged attacks, the better of dodge and melee (a parry) in melee,
  less the defender's wound dice;
- damage roll: the weapon's code (:func:`~game.systems.opend6.codes.weapon_code`)
  plus the attacker's Strength Damage in melee (:func:`strength_damage`), or
  plus 2D at range; +1D when the
  weapon's ``bonus_against`` names one of the defender's ``tags``; +1D when the defender's creature
  type fears the weapon's kind of harm, -1D (never below 1D) when it resists it;
- wounds: the defender rolls Physique + armor, the margin goes on the wound
  chart; body-points: armor (if any) is rolled and subtracted, the rest comes
  off the Body Points.

Faces are read: the attack roll, then (on a hit) the damage roll, then the
resistance roll (wounds) or the armor roll (body-points, only with armor).

Results carry events (:mod:`game.systems.opend6.events`, and ``Fell``/``Died``
when the defender goes down), never sentences.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Collection
from dataclasses import dataclass

from game.events import PLAYER, Event
from game.events.fight import Died, Fell
from game.rules.base import AttackResult, RollResult, SheetChange, Situation, Weapon
from game.rules.dice import Dice
from game.systems.opend6.codes import RANGED_BASE, DieCode, weapon_code
from game.systems.opend6.events import ATTACKER, DEFENDER, BodyPointsLost, DamageResisted, Hit, Missed, WildDieOne, WildOne
from game.systems.opend6.roll import D6Request, roll
from game.systems.opend6.sheet import (
    action_code,
    condition,
    lose_body_points,
    rolled_code,
    skill_code,
    take_wound,
    wound_from_margin,
    wound_penalty,
)
from game.systems.opend6.types import D6Sheet


def attack_skill(weapon: Weapon) -> str:
    """The skill an attack with ``weapon`` rolls."""
    return "marksmanship" if weapon.ranged else "melee"


def defence_difficulty(defender: D6Sheet, weapon: Weapon) -> int:
    """The defender's static defence against ``weapon`` (at least 1)."""
    dodge = skill_code(defender, "dodge")
    best = dodge if weapon.ranged else max(dodge, skill_code(defender, "melee"))
    return max(best.plus_dice(-wound_penalty(defender)).steps, 1)


def active_defence_request(defender: D6Sheet, weapon: Weapon, wild_one: str) -> D6Request:
    """An active dodge (or, in melee, a parry with melee when it is the better code): an open
    roll whose total is the attacker's difficulty when it beats the static defence (option
    ``defence = "active"``, OpenD6's active defence; house rule: never below the static one)."""
    dodge = skill_code(defender, "dodge")
    parry = skill_code(defender, "melee")
    use_parry = not weapon.ranged and parry.steps > dodge.steps
    code = (parry if use_parry else dodge).plus_dice(-wound_penalty(defender))
    label = "Reflexes + melee (parry)" if use_parry else "Reflexes + dodge"
    return D6Request.of(code, None, wild_one, label)


def attack_request(attacker: D6Sheet, defender: D6Sheet, weapon: Weapon, situation: Situation,
                   wild_one: str, topics: Collection[str] = ()) -> D6Request:
    """The attack roll; ``situation.target`` overrides the defence difficulty.  A specialization
    covering ``fight`` (melee) or ``shoot`` (ranged) or one of ``topics`` (the weapon's item id
    and kind) is rolled instead of the skill, and named: ``Reflexes + melee: knives``."""
    skill = attack_skill(weapon)
    difficulty = situation.target if situation.target is not None else defence_difficulty(defender, weapon)
    topics = ("shoot" if weapon.ranged else "fight", *topics)
    _, name = rolled_code(attacker, skill, topics)
    label = f"{'Coordination' if weapon.ranged else 'Reflexes'} + {name}"
    request = D6Request.of(action_code(attacker, skill, situation, topics), difficulty, wild_one, label)
    mode = "wounds" if defender.body_points is None else "body-points"
    if situation.target is None and condition(defender, mode) == "down":  # its wounds are in the difficulty
        return dataclasses.replace(request, note=f"it is down, and its wounds take {wound_penalty(defender)}D "
                                                 "off its defence")
    return request


def strength_damage(sheet: D6Sheet) -> DieCode:
    """Half the Physique dice, pips dropped, rounded up: what muscle adds to a blow (House rule)."""
    return DieCode(-(-sheet.attribute("physique").dice // 2))


def creature_tags(sheet: D6Sheet) -> set[str]:
    """What a weapon's ``bonus_against`` may name: the sheet's ``tags`` and its ``creature`` type."""
    return set(sheet.tags) | ({sheet.creature} if sheet.creature else set())


def damage_code(attacker: D6Sheet, defender: D6Sheet, weapon: Weapon) -> DieCode:
    """The damage code: a ``damage`` die code in the weapon's opend6 stats, else its die mapped."""
    base = weapon_code(str(weapon.system.get("damage", weapon.damage)))
    code = base + (RANGED_BASE if weapon.ranged else strength_damage(attacker))
    if set(weapon.bonus_against) & creature_tags(defender):
        code = code.plus_dice(1)
    kind = kind_dice(weapon, defender)
    return code.plus_dice(kind) if kind > 0 or code.dice > 1 else code


def kind_dice(weapon: Weapon, defender: D6Sheet) -> int:
    """House rule: +1D damage against a creature that fears the weapon's kind of harm, -1D (never below
    1D) against one that resists it."""
    return {"fears": 1, "resists": -1}.get(weapon.harm_against(defender.creature), 0)


def damage_request(attacker: D6Sheet, defender: D6Sheet, weapon: Weapon, wild_one: str) -> D6Request:
    """The open damage roll of a hit (no difficulty: only its total matters)."""
    return D6Request.of(damage_code(attacker, defender, weapon), None, wild_one, "damage")


@dataclass(frozen=True)
class Damage:
    """Damage applied to a defender under one damage system.

    ``harm`` is the damage total (wounds) or the Body Points lost; ``rolls`` the
    resistance or armor roll, if any; ``events`` what it did (a
    :class:`DamageResisted` or :class:`BodyPointsLost`, then ``Fell`` or ``Died``
    when the defender's condition changed to down or dead).
    """

    sheet: D6Sheet
    harm: int
    rolls: tuple[RollResult, ...]
    events: tuple[Event, ...]


def _falls(who: str, before: D6Sheet, after: D6Sheet, damage: str) -> tuple[Event, ...]:
    """``Fell`` or ``Died`` when ``who``'s condition changed to down or dead."""
    was, now = condition(before, damage), condition(after, damage)
    if now == was or now == "ok":
        return ()
    return (Died(who),) if now == "dead" else (Fell(who),)


def apply_damage(defender: D6Sheet, rolled: int, dice: Dice, damage: str, wild_one: str,
                 who: str = DEFENDER, extra: int = 0) -> Damage:
    """A damage total against ``who``'s sheet: a resistance roll and the wound chart
    (wounds), or Body Points less an armor roll (body-points).  ``extra``: Character
    Points spent on the resistance (or armor) roll, one more die each (seed 002
    §Improving Rolls).

    Faces: the resistance roll (wounds), or the armor roll if the armor has dice.
    """
    note = f" (Character Points +{extra}D)" if extra else ""
    if damage == "wounds":
        resistance = defender.attribute("physique") + defender.armor + DieCode(extra)
        resist = roll(D6Request.of(resistance, rolled, wild_one, "resistance" + note), dice)
        resisted = int(resist.figures["total"])
        after = take_wound(defender, rolled - resisted)
        event: Event = DamageResisted(who, rolled, resisted, wound_from_margin(rolled - resisted) > 0,
                                      defender.wound_level, after.wound_level)
        return Damage(after, rolled, (resist,), (event, *_falls(who, defender, after, damage)))
    armor = defender.armor + DieCode(extra)
    rolls: tuple[RollResult, ...] = ()
    stopped = armor.pips
    if armor.dice:
        armor_roll = roll(D6Request.of(armor, None, wild_one, "armor" + note), dice)
        stopped, rolls = int(armor_roll.figures["total"]), (armor_roll,)
    lost = max(rolled - stopped, 0)
    after = lose_body_points(defender, lost)
    event = BodyPointsLost(who, rolled, stopped, lost, after.body_points or 0, after.body_points_max or 0)
    return Damage(after, lost, rolls, (event, *_falls(who, defender, after, damage)))


def wild_one_event(result: RollResult, wild_one: str, who: str, kind: str = "") -> tuple[WildDieOne, ...]:
    """A :class:`WildDieOne` when the action roll is a critical failure."""
    return (WildDieOne(who, WildOne(wild_one), kind),) if result.critical_failure else ()


def attack(
    attacker: D6Sheet,
    defender: D6Sheet,
    weapon: Weapon,
    situation: Situation,
    dice: Dice,
    damage: str,
    wild_one: str,
) -> AttackResult[D6Sheet]:
    """Resolve one attack: roll to hit, roll damage, apply the damage system.

    Events name the actors :data:`ATTACKER` and :data:`DEFENDER`.
    """
    result = roll(attack_request(attacker, defender, weapon, situation, wild_one), dice)
    wild = wild_one_event(result, wild_one, ATTACKER, "fight")
    if not result.succeeded:
        return AttackResult(result, False, 0, attacker, defender, events=(*wild, Missed(ATTACKER, DEFENDER)))
    damage_roll = roll(damage_request(attacker, defender, weapon, wild_one), dice)
    done = apply_damage(defender, int(damage_roll.figures["total"]), dice, damage, wild_one)
    return AttackResult(result, True, done.harm, attacker, done.sheet, rolls=(damage_roll, *done.rolls),
                        events=(*wild, Hit(ATTACKER, DEFENDER, weapon.name), *done.events))


def harm(sheet: D6Sheet, damage_die: str, dice: Dice, damage: str, wild_one: str) -> SheetChange[D6Sheet]:
    """Harm to the player from no attacker (a fall, the glare, a trap): the die mapped as a
    weapon's (:func:`~game.systems.opend6.codes.weapon_code`, no Strength Damage), then the
    damage system.

    Faces: the damage roll, then the resistance roll (wounds) or the armor roll.
    """
    damage_roll = roll(D6Request.of(weapon_code(damage_die), None, wild_one, "damage"), dice)
    done = apply_damage(sheet, int(damage_roll.figures["total"]), dice, damage, wild_one, PLAYER)
    return SheetChange(done.sheet, rolls=(damage_roll, *done.rolls), events=done.events)
