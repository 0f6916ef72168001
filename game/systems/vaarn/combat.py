"""Vaults of Vaarn combat: initiative, attacks, damage, NPC stat blocks, morale, reactions.

Seed 001 §Combat; NPC blocks, morale and reactions from Vaarn's public material.

Dice read by :func:`attack`, in order: the attack d20 (two with advantage or
disadvantage); on a hit the weapon's damage die, then the bonus die (when the
weapon is ideal against the defender's creature type), then the wound dice of
:func:`game.systems.vaarn.wounds.take_damage`.
"""
from __future__ import annotations

import copy
import dataclasses
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from game.errors import ActionRefused, ContentError, StatProblem, WayfarerError
from game.events import Event
from game.rules.base import AttackResult, RollResult, Situation, Weapon
from game.rules.dice import Dice
from game.systems.vaarn.data import (
    ABILITIES,
    DAMAGE_QUIRKS,
    MAX_BONUS,
    REACTIONS,
    SAVE_TARGET,
    SYSTEM_ID,
    armour,
    bonus,
    defence,
    die_sides,
    stat_findings,
)
from game.systems.vaarn.events import AttackLanded, DamageTotalled
from game.systems.vaarn.saves import SaveRequest, combine_mode, kept_dist, roll_save
from game.systems.vaarn.sheet import VaarnSheet
from game.systems.vaarn.wounds import die_roll, take_damage

RULE_COMBAT = "seed 001 §Combat"
RULE_MORALE = "public rules vaarn (morale)"
RULE_REACTION = "public rules vaarn (reactions)"
NO_SHOOTING = "You cannot shoot while engaged in melee."

#: House rule: tier -> (level, armour defence, morale, attacks), threat rising with tier.
TIERS: Mapping[int, tuple[int, int, int, str]] = {
    1: (1, 11, 5, "strike (d6)"),
    2: (2, 12, 7, "strike (d6)"),
    3: (4, 13, 9, "strike (d8)"),
    4: (6, 14, 11, "strike (d10)"),
    5: (9, 15, 13, "strike (d10) + strike (d10)"),
}
#: HP per level of an NPC without an hp figure (Vaarn's public material: "roughly 4").
HP_PER_LEVEL = 4


# -- initiative ------------------------------------------------------------------

@dataclass(frozen=True)
class Initiative:
    """Who acts first this turn: ``order`` of sides and each side's d6."""

    order: tuple[str, ...]
    rolls: Mapping[str, int]
    roll: RollResult


def initiative(sides: Sequence[str], dice: Dice, player_side: str = "player") -> Initiative:
    """Each side rolls a d6 (in the order given); higher acts first; ties go to the player.

    Seed 001 §Combat.  Ties between two non-player sides keep the given order.
    """
    if len(set(sides)) != len(sides) or not sides:
        raise WayfarerError("vaarn: initiative needs distinct side names")
    rolls = {side: dice.roll(6) for side in sides}
    order = tuple(sorted(sides, key=lambda s: (-rolls[s], s != player_side, list(sides).index(s))))
    text = ", ".join(f"{side} d6 ({rolls[side]})" for side in sides) + f": {order[0]} acts first"
    result = RollResult(
        SYSTEM_ID, tuple(rolls[s] for s in sides), "success" if order[0] == player_side else "failure",
        {"first": order[0], **{f"roll_{s}": rolls[s] for s in sides}}, text, RULE_COMBAT,
    )
    return Initiative(order, rolls, result)


# -- attacks ---------------------------------------------------------------------

def attack_refusal(weapon: Weapon, situation: Situation) -> str:
    """Why the attack cannot be made ("" when it can): no shooting while engaged."""
    return NO_SHOOTING if weapon.ranged and situation.engaged else ""


def attack_ability(weapon: Weapon) -> str:
    """STR for melee, DEX for ranged weapons (seed 001 §Combat)."""
    return "dex" if weapon.ranged else "str"


def attack_request(
    attacker: VaarnSheet, defender: VaarnSheet, weapon: Weapon, situation: Situation,
    ties_hit: bool = False,
) -> SaveRequest:
    """d20 + STR/DEX against the defender's armour defence.

    Hits when the total is greater than the armour (seed 001 §Combat); with
    ``ties_hit`` (option ``attack_ties = "hit"``) an equal total hits too.  Only
    the referee's advantage/disadvantage applies: an attack is not a save, so
    encumbrance and wound penalties on saves do not touch it (house rule).
    Raises ActionRefused when shooting while engaged.
    """
    refusal = attack_refusal(weapon, situation)
    if refusal:
        raise ActionRefused(refusal)
    ability = attack_ability(weapon)
    armour_defence = armour(defender)
    return SaveRequest(
        bonus=bonus(attacker, ability),
        target=armour_defence - 1 if ties_hit else armour_defence,
        mode=combine_mode(situation.advantage, situation.disadvantage),
        ability=ability,
        against=f"armour {armour_defence}" + (", ties hit" if ties_hit else "")
        + ("; it lies senseless, and its armour still counts" if defender.unconscious else ""),
        advantages=("situation",) if situation.advantage else (),
        disadvantages=("situation",) if situation.disadvantage else (),
    )


def defence_request(
    attacker: VaarnSheet, defender: VaarnSheet, weapon: Weapon, situation: Situation,
) -> SaveRequest:
    """The alternative of seed 001 §Combat: the defender rolls d20 + armour bonus against
    the defence of the attacker's ability; success means the attack misses."""
    refusal = attack_refusal(weapon, situation)
    if refusal:
        raise ActionRefused(refusal)
    ability = attack_ability(weapon)
    target = defence(attacker, ability)
    return SaveRequest(
        bonus=armour(defender) - 10, target=target,
        mode=combine_mode(situation.disadvantage, situation.advantage),
        against=f"{ability.upper()} defence {target}",
    )


def weapon_die(weapon: Weapon) -> int:
    """Sides of the weapon's damage die; ``[items.X.stats.vaarn] damage`` overrides."""
    die = str(weapon.system.get("damage", weapon.damage))
    try:
        return die_sides(die)
    except ValueError:
        raise WayfarerError(f"vaarn: weapon '{weapon.name}' has damage '{die}', not a die such as d6") from None


def bonus_die_applies(weapon: Weapon, defender: VaarnSheet) -> bool:
    """Seed 001 §Combat: the ideal weapon against the defender's creature type."""
    ideal = set(weapon.bonus_against) | set(weapon.system.get("bonus_against", ()))
    return defender.creature in ideal


def apply_quirk(damage: int, weapon: Weapon, defender: VaarnSheet) -> int:
    """House rule (Vaarn's public material): creature damage quirks by the weapon's ``damage_type``:
    double against a creature type that fears it, half against one that resists it
    (:data:`game.world.content.FEARS`).  Halving rounds down, but a hit always does at least 1.
    """
    num, den = DAMAGE_QUIRKS.get(weapon.harm_against(defender.creature), (1, 1))
    return max(1, damage * num // den)


def attack(
    attacker: VaarnSheet, defender: VaarnSheet, weapon: Weapon, situation: Situation, dice: Dice,
    ties_hit: bool = False, npc_dies_at_zero: bool = True,
) -> AttackResult[VaarnSheet]:
    """Resolve one attack: roll, hit or miss, damage, and the defender's wounds.

    Events: ``AttackLanded``; on a hit ``DamageTotalled`` (when more than one
    die or a quirk made the damage), then those of :func:`take_damage`.
    """
    request = attack_request(attacker, defender, weapon, situation, ties_hit)
    roll = roll_save(request, dice, RULE_COMBAT)
    hit = roll.succeeded
    roll = dataclasses.replace(roll, figures={**roll.figures, "hit": hit},
                               text=f"Attack with {weapon.name}: {roll.text}")
    if not hit:
        return AttackResult(roll, False, 0, attacker, defender, events=(AttackLanded(False),))
    sides = weapon_die(weapon)
    face, damage_roll = die_roll(f"{weapon.name} damage", sides, dice, RULE_COMBAT)
    rolls = [damage_roll]
    faces = [face]
    if bonus_die_applies(weapon, defender):
        extra, bonus_roll = die_roll(f"{weapon.name} bonus die", sides, dice, RULE_COMBAT)
        rolls.append(bonus_roll)
        faces.append(extra)
    raw = sum(faces)
    damage = apply_quirk(raw, weapon, defender)
    harm = take_damage(defender, damage, dice, npc_dies_at_zero)
    events: list[Event] = [AttackLanded(True)]
    # A single plain die is already shown as its roll; a sum or a quirk needs saying.
    if len(faces) > 1 or damage != raw:
        events.append(DamageTotalled(sides, tuple(faces), defender.creature, raw,
                                     weapon.damage_type, damage))
    return AttackResult(roll, True, damage, attacker, harm.sheet, rolls=tuple(rolls) + harm.rolls,
                        events=tuple(events) + harm.events)


# -- NPC stat blocks ----------------------------------------------------------------

_ATTACK = re.compile(r"^(?:(\d+)\s*[x×]?\s+)?(.+?)\s*\(\s*(d\d+)\s*(,\s*ranged\s*)?\)$", re.IGNORECASE)


def parse_attacks(text: str) -> tuple[tuple[Weapon, ...], ...]:
    """Vaarn attack notation -> alternatives, each the attacks of one round.

    ``claw (d6) + bite (d8) / spit (d10, ranged)``: ``/`` separates alternatives,
    ``+`` attacks in the same round, ``2 claws (d6)`` repeats.  Raises ValueError.
    """
    options = []
    for option in text.split("/"):
        weapons: list[Weapon] = []
        for part in option.split("+"):
            match = _ATTACK.match(part.strip())
            if not match:
                raise ValueError(f"attack '{part.strip()}' is not like 'claw (d6)'")
            count, name, die, ranged = match.groups()
            weapons.extend([Weapon(name=name, damage=die.lower(), ranged=bool(ranged))] * int(count or 1))
        options.append(tuple(weapons))
    return tuple(options)


def npc_attacks(sheet: VaarnSheet) -> tuple[tuple[Weapon, ...], ...]:
    """The NPC's attack options (see :func:`parse_attacks`); a tier-1 strike when it has none."""
    return parse_attacks(sheet.attacks or TIERS[1][3])


def npc_stat_problems(stats: Mapping[str, Any]) -> list[str]:
    """What is wrong with an NPC's ``[npcs.X.stats.vaarn]`` table (empty when nothing)."""
    return [message for message, _ in _npc_findings(stats)]


def _npc_findings(stats: Mapping[str, Any]) -> list[tuple[str, StatProblem]]:
    """(message, problem) for each problem of an NPC's table: the reasons of
    :func:`stat_findings` are their messages; an attack list that does not parse is
    ``attacks: why``."""
    found = [(problem.reason, problem) for problem in stat_findings(stats, npc=True)]
    if isinstance(stats.get("attacks"), str):
        try:
            parse_attacks(stats["attacks"])
        except ValueError as error:
            found.append((f"attacks: {error}", StatProblem(("attacks",), str(error))))
    return found


def npc_sheet(tier: int, stats: Mapping[str, Any] | None = None, creature: str = "biological") -> VaarnSheet:
    """An NPC in the Vaarn form, from its stat table or derived from ``tier`` (1..5).

    Derived (house rule, Vaarn's public material): level from :data:`TIERS`; ability bonuses
    equal the level (defences 10 + level, at most +10); HP 4 a level (level 0:
    1 HP); armour, morale and attacks from the tier.  ``creature`` is the
    content's type unless the stats give one.  Keys in ``stats`` override;
    ``hp`` and ``max_hp`` default to each other.
    """
    stats = dict(stats or {})
    found = _npc_findings(stats)
    problems = ([] if tier in TIERS else [f"tier must be 1 to 5, not {tier}"]) + [message for message, _ in found]
    if problems:
        raise ContentError([f"vaarn: {p}" for p in problems], [problem for _, problem in found])
    level, armour_defence, morale, attacks = TIERS[tier]
    level = int(stats.get("level", level))
    hp = HP_PER_LEVEL * level if level > 0 else 1
    data = VaarnSheet().to_data()
    data.update({ability: min(level, MAX_BONUS) for ability in ABILITIES})
    data.update({"level": level, "hp": hp, "max_hp": hp, "armor": armour_defence, "morale": morale,
                 "attacks": attacks, "npc": True, "creature": creature})
    data.update(copy.deepcopy(stats))
    if "hp" in stats and "max_hp" not in stats:
        data["max_hp"] = max(int(stats["hp"]), 1)
    if "max_hp" in stats and "hp" not in stats:
        data["hp"] = int(stats["max_hp"])
    return VaarnSheet.from_data(data)


# -- morale and reactions ------------------------------------------------------------

def morale_request(sheet: VaarnSheet) -> SaveRequest:
    """d20 + morale; more than 15 holds, 15 or less flees, hides or parleys (Vaarn's public material)."""
    return SaveRequest(bonus=sheet.morale, target=SAVE_TARGET, against="morale")


def morale_check(sheet: VaarnSheet, dice: Dice) -> RollResult:
    """Roll morale (one d20); outcome ``failure`` means the NPC breaks (figure ``flees``)."""
    roll = roll_save(morale_request(sheet), dice, RULE_MORALE)
    return dataclasses.replace(roll, figures={**roll.figures, "flees": not roll.succeeded},
                               text=f"Morale: {roll.text}")


def morale_due(group_size: int, down: int, leader_fell: bool = False, hp: int = 1, max_hp: int = 1) -> bool:
    """When to check morale: half the group down, the leader fallen, or a lone enemy at half HP."""
    if leader_fell:
        return True
    if group_size <= 1:
        return 2 * hp <= max_hp
    return 2 * down >= group_size


@dataclass(frozen=True)
class Reaction:
    """A reaction roll: ``result`` is attack, hostile, indifferent, talkative or helpful."""

    result: str
    roll: RollResult


def reaction_for(total: int) -> str:
    """The reaction table of Vaarn's public material (totals beyond the table clamp)."""
    return next(name for highest, name in REACTIONS if total <= highest)


def reaction(sheet: VaarnSheet, dice: Dice) -> Reaction:
    """d20 + the meeting character's EGO bonus; outcome ``success`` for talkative or helpful."""
    face = dice.roll(20)
    ego = bonus(sheet, "ego")
    result = reaction_for(face + ego)
    good = result in ("talkative", "helpful")
    roll = RollResult(
        SYSTEM_ID, (face,), "success" if good else "failure",
        {"total": face + ego, "bonus": ego, "reaction": result},
        f"Reaction: d20 ({face}) {'+' if ego >= 0 else '-'} {abs(ego)} = {face + ego}: {result}", RULE_REACTION,
    )
    return Reaction(result, roll)


def reaction_odds(ego: int) -> dict[str, Fraction]:
    """Exact chance of each reaction for an EGO bonus."""
    out: dict[str, Fraction] = {name: Fraction(0) for _, name in REACTIONS}
    for face, p in kept_dist("normal").items():
        out[reaction_for(face + ego)] += p
    return out
