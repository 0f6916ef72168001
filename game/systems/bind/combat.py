"""BIND combat: one resisted roll decides attack and defence (BIND's public rules; seed 003 §Resisted Actions).

Only players roll (seed 003 §Resisted Actions, footnote).  The *roller* is the
player-side sheet: the attacker when a player attacks, and the **defender** when
an NPC attacks a player (a defence roll).  When both or neither are NPCs the
attacker rolls.  The roller makes 2D6 + Dexterity + Combat (+ weapon bonus)
against TN 7 + the other side's Dexterity + Combat (+ its weapon bonus):

- above the TN: the roller deals damage;
- below: the roller takes damage;
- equal: both or neither, as the player chooses (``tie="both"|"neither"``).

A side that is down (0 HP or less) or dead deals no damage: a knocked-out foe
cannot strike back.

Ranged attacks (house rule) use Dexterity + Projectiles against the target's
Speed + Vigilance (dodging); a ranged attack from out of reach (not engaged)
cannot be answered, so the side that is shot at deals no damage.

Damage is 1D6 + Strength + the weapon's damage bonus, at least 1 (BIND's public rules
bind; minimum a house rule; doubled against a creature that fears the weapon's kind of harm,
halved against one that resists it, a house rule), rolled after the attack roll's faces: first the
roller's damage, then the other side's.  Armour's DR applies on near misses and
not on clean hits ("covering"): a hit whose margin reaches the target's
covering ignores DR; a roller who misses by more than their covering gets no DR.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace
from fractions import Fraction

from game.errors import ContentError
from game.events import PLAYER, Event
from game.events.fight import Died, Fell
from game.rules.base import AttackResult, RollResult, SheetChange, Situation, Weapon
from game.rules.dice import Dice
from game.systems.bind.core import SYSTEM_ID, BindRequest, Settlement, read_faces, resolve, settle
from game.systems.bind.events import ATTACKER, DEFENDER, HpChanged, LifeSaveEnded, NoBlow, Unaffected
from game.systems.bind.sheet import Armour, Arms, BindSheet
from game.systems.bind.traits import attribute, traits_bonus
from game.world.content import harm_against

__all__ = ["Arms"]  # defined with the sheet, re-exported here

RULE_COMBAT = "seed 003 §Resisted Actions; public rules bind (combat)"
RULE_DAMAGE = "public rules bind (damage 1D6 + Strength; armour covering)"
RULE_DEATH = "public rules bind (0 HP: Wits + Medicine vs TN 7 + points below 0)"
RULE_HARM = "public rules bind (damage 1D6 + bonus); house rule: harm and healing from content dice"
COMBAT_TN = 7
TIE_CHOICES: tuple[str, ...] = ("neither", "both")
#: House rule: a content weapon's die -> BIND damage bonus (bare hands d4 deal the plain 1D6 + Strength).
DIE_DAMAGE: dict[int, int] = {4: 0, 6: 1, 8: 2, 10: 3, 12: 4}
DAMAGE_DIE = 6
MIN_DAMAGE = 1


# -- weapons and armour on the sheet -------------------------------------------------

_DIE = re.compile(r"([1-9][0-9]?)?d([1-9][0-9]*)([+-][0-9]+)?")


def die_damage(die: str) -> int:
    """A content damage die -> BIND damage bonus: d4 +0, d6 +1, d8 +2, d10 +3, d12 +4.

    House rule: any other die (``2d4``, ``d8+1``, ``d20``) maps by its average the
    same way: the bonus is the average less 2, rounded down (``2d4`` averages 5: +3).
    ContentError for something that is not a die.
    """
    match = _DIE.fullmatch(die.strip().lower())
    if not match:
        raise ContentError([f"damage '{die}' is not a die such as d4, d6, d8, d10, d12"])
    count, sides, plus = int(match.group(1) or 1), int(match.group(2)), int(match.group(3) or 0)
    if count == 1 and plus == 0 and sides in DIE_DAMAGE:
        return DIE_DAMAGE[sides]
    return math.floor(Fraction(count * (sides + 1), 2) + plus - 2)


def arms_of(weapon: Weapon) -> Arms:
    """A content weapon in BIND numbers; ``[items.X.stats.bind]`` may set ``bonus`` and ``damage``."""
    overrides = weapon.system or {}
    damage = int(overrides["damage"]) if "damage" in overrides else die_damage(weapon.damage)
    return Arms(weapon.name, int(overrides.get("bonus", 0)), damage, weapon.ranged, weapon.damage_type)


# -- action points (option ``action_points``) -------------------------------------------

#: Seed 003 §Rounds (APs, for real detail); BIND's public combat chapter (3 + Speed; weapons cost AP).
BASE_AP = 3
#: House rule: a shot and its reload, as the short bow's 1 + 1.
RANGED_AP = 2


def round_ap(sheet: BindSheet) -> int:
    """The AP a round begins with: 3 + Speed, less a point for each point of Encumbrance
    ("they lose 1 AP at the start of each round" for each point the Weight exceeds Strength)."""
    return BASE_AP + attribute(sheet, "speed") - sheet.encumbrance


def ap_cost(arms: Arms) -> int:
    """What an exchange costs with these arms, "whether attacking or being attacked".

    House rule (the seed's greatsword costs 4): 2 + half the damage bonus, rounded
    down: bare hands and a d4 or d6 weapon 2, d8 and d10 3, d12 4; a ranged weapon 2.
    """
    if arms.ranged:
        return RANGED_AP
    return 2 + max(0, arms.damage) // 2


def spend_ap(sheet: BindSheet, arms: Arms) -> BindSheet:
    """After an exchange: its AP paid (the sheet may go below 0: a penalty from now on)."""
    return replace(sheet, ap=sheet.ap - ap_cost(arms))


def wielded(sheet: BindSheet) -> Arms:
    return sheet.wielded


def arm(sheet: BindSheet, weapon: Weapon) -> BindSheet:
    """The sheet wielding ``weapon``: used when this sheet defends or strikes back."""
    return replace(sheet, wielded=arms_of(weapon))


def wear(sheet: BindSheet, dr: int, covering: int) -> BindSheet:
    """The sheet wearing armour of damage reduction ``dr`` and ``covering``."""
    return replace(sheet, armour=Armour(dr, covering))


def defender_rolls(attacker: BindSheet, defender: BindSheet) -> bool:
    """Whether the defender makes the roll: an NPC attacking a player (the player's defence roll)."""
    return attacker.npc and not defender.npc


# -- the roll --------------------------------------------------------------------------

def _offence(sheet: BindSheet, arms: Arms) -> int:
    skill_name = "projectiles" if arms.ranged else "combat"
    return traits_bonus(sheet, "dexterity", skill_name) + arms.bonus


def _defence(sheet: BindSheet, ranged_attack: bool) -> int:
    if ranged_attack:
        # dodging is a Speed roll: it loses the Encumbrance of what the sheet carries
        return traits_bonus(sheet, "speed", "vigilance", encumbrance=sheet.encumbrance)
    return traits_bonus(sheet, "dexterity", "combat") + sheet.wielded.bonus


def attack_request(attacker: BindSheet, defender: BindSheet, weapon: Weapon, situation: Situation) -> BindRequest:
    """The roll of an attack, from the roller's side (see the module docstring); ``unanswered``
    when only the roller could strike (the other side down, or shot from out of reach)."""
    arms = arms_of(weapon)
    unanswered = can_strike(attacker, defender, weapon, situation) == (True, False)
    if defender_rolls(attacker, defender):
        return BindRequest(bonus=_defence(defender, arms.ranged), tn=COMBAT_TN + _offence(attacker, arms),
                           unanswered=unanswered)
    return BindRequest(bonus=_offence(attacker, arms), tn=COMBAT_TN + _defence(defender, arms.ranged),
                       unanswered=unanswered, helpless=not attacker.npc and condition(defender) == "down")


def armour_applies(sheet: BindSheet, beyond: int, struck_is_roller: bool) -> bool:
    """Whether the struck side's DR counts, ``beyond`` points past the TN (BIND's public rules "covering").

    A roller's blow with a margin reaching the target's covering is a clean hit (no
    DR); a roller who misses by more than their own covering gets no DR.
    """
    covering = sheet.armour.covering
    return beyond <= covering if struck_is_roller else beyond < covering


def strikes(name: str) -> str:
    """``"you strike"`` or ``"the jackal strikes"``."""
    return f"{name} strike" if name.lower() == "you" else f"{name} strikes"


def sum_text(face: int, bonus: int, least: int | None = None) -> str:
    """``1d6 (3) + 5 = 8``; with a floor ``least`` the sum did not reach, ``1d6 (1) - 1 = 0, at least 1``."""
    sign = f"+ {bonus}" if bonus >= 0 else f"- {-bonus}"
    total = face + bonus
    floor = f", at least {least}" if least is not None and total < least else ""
    return f"1d6 ({face}) {sign} = {total}{floor}"


def by_kind(damage: int, kind: str, creature: str) -> tuple[int, str]:
    """House rule: a blow of a kind of harm the target's creature type fears deals double, one of a
    kind it resists half (rounded down, at least 1), before armour; the amount and how the roll says it."""
    how = harm_against(kind, creature)
    if how == "fears":
        return 2 * damage, f", doubled ({kind}, which it fears) = {2 * damage}"
    if how == "resists":
        return max(MIN_DAMAGE, damage // 2), f", halved ({kind}, which it shrugs off) = {max(MIN_DAMAGE, damage // 2)}"
    return damage, ""


def damage_roll(striker: BindSheet, arms: Arms, target: BindSheet, dr_applies: bool, dice: Dice,
                names: tuple[str, str] = ("", ""), covered: bool | None = None) -> RollResult:
    """1D6 + Strength + weapon damage (at least 1), less the target's DR when it applies.

    ``names`` (striker, target) put who hits whom at the front of the text, and
    say who loses the HP at its end: ``you strike the jackal: damage 1d6 (3) + 1
    = 4: the jackal loses 4 HP``.  A sum below the minimum says so (``= 0, at
    least 1``).  ``covered`` (an exchange's blow on armour) says why the armour
    counts or not: a near miss within its covering, or a clean hit past it.
    """
    face = dice.roll(DAMAGE_DIE)
    bonus = attribute(striker, "strength") + arms.damage
    raw, kind_text = by_kind(max(MIN_DAMAGE, face + bonus), arms.damage_type, target.creature)
    dr = target.armour.dr if dr_applies else 0
    dealt = max(0, raw - dr)
    armour_text = f", armour absorbs {min(dr, raw)}" if dr else ""
    if covered is not None and target.armour.dr:
        armour_text = (f"{armour_text} (a near miss, within its covering {target.armour.covering})" if dr_applies
                       else f", a clean hit past the armour's covering {target.armour.covering}")
    who = f"{strikes(names[0])} {names[1]}: " if all(names) else ""
    loses = f"{names[1]} {'lose' if names[1].lower() == 'you' else 'loses'} {dealt} HP" if all(names) \
        else f"{dealt} HP lost"
    return RollResult(
        system=SYSTEM_ID,
        dice=(face,),
        outcome="success",
        figures={"total": dealt, "damage": raw, "dr": dr},
        text=f"{who}damage {sum_text(face, bonus, MIN_DAMAGE)}{kind_text}{armour_text}: {loses}",
        rule=RULE_DAMAGE,
    )


def wound(sheet: BindSheet, amount: int) -> BindSheet:
    """The sheet after losing ``amount`` HP; at or below minus its maximum HP it is dead (house rule)."""
    hp = sheet.hp - amount
    return replace(sheet, hp=hp, dead=sheet.dead or hp <= -sheet.max_hp, stable=sheet.stable and amount == 0)


def _hp_events(who: str, before: BindSheet, after: BindSheet, cause: str) -> list[Event]:
    """The HP change of one side, and its fall or death when its condition changed."""
    events: list[Event] = []
    if after.hp != before.hp:
        events.append(HpChanged(who, "HP", before.hp, after.hp, after.max_hp, cause))
    state = condition(after)
    if state != condition(before):
        if state == "dead":
            events.append(Died(who, "wounds"))
        elif state == "down":
            events.append(Fell(who))
    return events


def harm(sheet: BindSheet, damage: str, dice: Dice) -> SheetChange[BindSheet]:
    """Harm from no attacker (a fall, the glare, a trap): 1D6 + the die's damage bonus, at least 1.

    The content die maps as a weapon's does (``d4`` +0, ``d6`` +1...); there is no
    Strength behind it, and armour does not help (house rule: armour covers blows,
    not falls or heat).  The dead take no more harm (no dice read).  The events
    name the player: only the player's sheet is harmed so.
    """
    if condition(sheet) == "dead":
        return SheetChange(sheet, events=(Unaffected(PLAYER, "harm"),))
    bonus = die_damage(damage)
    face = dice.roll(DAMAGE_DIE)
    amount = max(MIN_DAMAGE, face + bonus)
    roll = RollResult(SYSTEM_ID, (face,), "success", {"total": amount, "damage": amount, "dr": 0},
                      f"harm {sum_text(face, bonus, MIN_DAMAGE)} HP (1D6 + {bonus}, a {damage} hazard)", RULE_HARM)
    after = wound(sheet, amount)
    return SheetChange(after, rolls=(roll,), events=tuple(_hp_events(PLAYER, sheet, after, "harm")))


def heal(sheet: BindSheet, healing: str, dice: Dice) -> SheetChange[BindSheet]:
    """Healing from a potion, a psalm or an exotica: 1D6 + the die's bonus HP, up to the maximum.

    House rule, mirroring :func:`harm`.  The dead are not healed (no dice read);
    a character brought above 0 HP is no longer down.
    """
    if condition(sheet) == "dead":
        return SheetChange(sheet, events=(Unaffected(PLAYER, "heal"),))
    bonus = die_damage(healing)
    face = dice.roll(DAMAGE_DIE)
    amount = max(1, face + bonus)
    hp = min(sheet.max_hp, sheet.hp + amount)
    roll = RollResult(SYSTEM_ID, (face,), "success", {"total": amount},
                      f"healing {sum_text(face, bonus, 1)} HP (1D6 + {bonus}, a {healing} remedy)", RULE_HARM)
    after = replace(sheet, hp=hp, stable=sheet.stable and hp <= 0)
    return SheetChange(after, rolls=(roll,), events=(HpChanged(PLAYER, "HP", sheet.hp, hp, sheet.max_hp, "heal"),))


def condition(sheet: BindSheet) -> str:
    """``dead`` (flagged, or at minus maximum HP), ``down`` at 0 HP or less, else ``ok``."""
    if sheet.dead or sheet.hp <= -sheet.max_hp:
        return "dead"
    return "down" if sheet.hp <= 0 else "ok"


def exchange_roll(attacker: BindSheet, defender: BindSheet, weapon: Weapon, situation: Situation,
                  faces: tuple[int, ...]) -> RollResult:
    """The exchange's one roll from ``faces``, as :func:`attack` shows it (a defence roll says so)."""
    roll = resolve(attack_request(attacker, defender, weapon, situation), faces)
    text = f"defence roll {roll.text}" if defender_rolls(attacker, defender) else roll.text
    return replace(roll, text=text, rule=RULE_COMBAT)


def can_strike(attacker: BindSheet, defender: BindSheet, weapon: Weapon, situation: Situation) -> tuple[bool, bool]:
    """Whether each side could land a blow in this exchange, whatever the roll: (the roller, the other side).

    A side that is down (0 HP or less: knocked out) or dead strikes nobody; a
    ranged attack from out of reach (not engaged) cannot be answered.  A tie is
    a real choice only when both sides could strike.
    """
    by_defender = defender_rolls(attacker, defender)
    roller, other = (defender, attacker) if by_defender else (attacker, defender)
    roller_can, other_can = condition(roller) == "ok", condition(other) == "ok"
    if arms_of(weapon).ranged and not situation.engaged:
        # Shot from out of reach: the side being shot at cannot answer.
        if by_defender:
            roller_can = False
        else:
            other_can = False
    return roller_can, other_can


def attack(attacker: BindSheet, defender: BindSheet, weapon: Weapon, situation: Situation, dice: Dice,
           tie: str = "neither") -> AttackResult[BindSheet]:
    """Resolve one exchange of blows; ``hit`` and ``damage`` are the attacker's on the defender.

    Faces read: the roll (two), then the roller's damage die if the roller
    strikes, then the other side's damage die if it strikes.  The events name
    the sides :data:`ATTACKER` and :data:`DEFENDER`: HP changed, fell, died, or
    :class:`NoBlow`.  The rolls' text names them by their sheets' ``name``; each
    damage roll's figure ``striker`` names the side that dealt it.
    """
    if tie not in TIE_CHOICES:
        raise ValueError(f"tie must be one of {', '.join(TIE_CHOICES)}, not {tie!r}")
    arms = arms_of(weapon)
    request = attack_request(attacker, defender, weapon, situation)
    roll = exchange_roll(attacker, defender, weapon, situation, read_faces(request, dice))
    by_defender = defender_rolls(attacker, defender)
    outcome: Settlement = settle(roll.outcome, accept_danger=tie == "both")
    roller, other = (defender, attacker) if by_defender else (attacker, defender)
    roller_arms, other_arms = (defender.wielded, arms) if by_defender else (arms, defender.wielded)
    roller_can, other_can = can_strike(attacker, defender, weapon, situation)
    roller_strikes, other_strikes = outcome.success and roller_can, outcome.danger and other_can
    margin = int(roll.figures["margin"])
    roller_name, other_name = (("the defender", "the attacker") if by_defender else ("the attacker", "the defender"))
    roller_name, other_name = roller.name or roller_name, other.name or other_name
    roller_side, other_side = (DEFENDER, ATTACKER) if by_defender else (ATTACKER, DEFENDER)
    rolls: list[RollResult] = []
    new_roller, new_other = roller, other
    dealt_by_roller = dealt_by_other = 0
    if roller_strikes:
        hurt = damage_roll(roller, roller_arms, other, armour_applies(other, max(0, margin), False), dice,
                           (roller_name, other_name), covered=True)
        rolls.append(replace(hurt, figures={**hurt.figures, "striker": roller_side}))
        dealt_by_roller = int(hurt.figures["total"])
        new_other = wound(new_other, dealt_by_roller)
    if other_strikes:
        hurt = damage_roll(other, other_arms, roller, armour_applies(roller, max(0, -margin), True), dice,
                           (other_name, roller_name), covered=True)
        rolls.append(replace(hurt, figures={**hurt.figures, "striker": other_side}))
        dealt_by_other = int(hurt.figures["total"])
        new_roller = wound(new_roller, dealt_by_other)
    events: list[Event] = [] if roller_strikes or other_strikes else [NoBlow()]
    events += _hp_events(other_side, other, new_other, "blow") + _hp_events(roller_side, roller, new_roller, "blow")
    if by_defender:
        return AttackResult(roll, other_strikes, dealt_by_other, new_other, new_roller, rolls=tuple(rolls),
                            events=tuple(events))
    return AttackResult(roll, roller_strikes, dealt_by_roller, new_roller, new_other, rolls=tuple(rolls),
                        events=tuple(events))


def strike_helpless(attacker: BindSheet, defender: BindSheet, weapon: Weapon, dice: Dice) -> AttackResult[BindSheet]:
    """A blow at a foe that is down (house rule): nothing resists it, so no roll (seed 003 §Resisted
    Actions rolls only what is resisted) and no exchange; the damage roll alone, armour no help.

    Faces read: the damage die.  Events: the defender's HP change and its death, if it dies.
    """
    hurt = damage_roll(attacker, arms_of(weapon), defender, False, dice,
                       (attacker.name or "the attacker", defender.name or "the defender"))
    dealt = int(hurt.figures["total"])
    after = wound(defender, dealt)
    events = _hp_events(DEFENDER, defender, after, "blow")
    return AttackResult(replace(hurt, figures={**hurt.figures, "striker": ATTACKER}), True, dealt, attacker, after,
                        events=tuple(events))


def struck_by(result: AttackResult[BindSheet], side: str) -> bool:
    """Whether ``side`` (:data:`ATTACKER` or :data:`DEFENDER`) dealt a blow in the exchange (its damage was rolled)."""
    return any(roll.figures.get("striker") == side for roll in result.rolls)


# -- saving a life (BIND's public rules) ------------------------------------------------------

def save_life_request(healer: BindSheet, patient: BindSheet) -> BindRequest:
    """Wits + Medicine against TN 7 + the points the patient is below 0 HP."""
    return BindRequest(bonus=traits_bonus(healer, "wits", "medicine"), tn=COMBAT_TN + max(0, -patient.hp))


@dataclass(frozen=True)
class LifeSaved:
    """The outcome of a life-saving roll: the roll, the patient afterwards, what followed, further rolls."""

    roll: RollResult
    patient: BindSheet
    events: tuple[Event, ...]
    rolls: tuple[RollResult, ...] = ()


#: House rule (BIND's public combat chapter): a permanent wound below this Attribute kills.
WOUND_DEATH_BELOW = -5


def save_life(healer: BindSheet, patient: BindSheet, dice: Dice, wound_attribute: str = "charisma") -> LifeSaved:
    """Try to save a character at 0 HP or less.

    Success: alive and ``stable``, unconscious for the rest of the interval.
    Tie (house rule, from BIND's public text): alive with a permanent wound, 1D6
    off ``wound_attribute`` (one more face read); below -5 the wound kills.
    Failure: dead.  The dead and the standing are left as they are (no dice
    read, no events; the roll's outcome is ``failure`` for the dead).
    """
    state = condition(patient)
    if state != "down":
        text = "no roll: the patient is dead" if state == "dead" else "no roll: the patient is standing"
        empty = RollResult(SYSTEM_ID, (), "failure" if state == "dead" else "success", {}, text, RULE_DEATH)
        return LifeSaved(empty, patient, ())
    request = save_life_request(healer, patient)
    roll = replace(resolve(request, read_faces(request, dice)), rule=RULE_DEATH)
    if roll.outcome == "failure":
        return LifeSaved(roll, replace(patient, dead=True), (LifeSaveEnded("failure"),))
    if roll.outcome == "success":
        return LifeSaved(roll, replace(patient, stable=True), (LifeSaveEnded("success"),))
    face = dice.roll(6)
    before = patient.attribute(wound_attribute)
    after = before - face
    dead = after < WOUND_DEATH_BELOW
    scar = RollResult(SYSTEM_ID, (face,), "failure", {"total": face}, f"permanent wound 1d6 ({face}) off {wound_attribute}",
                      RULE_DEATH)
    attrs = {**patient.attributes, wound_attribute: after}
    ended = LifeSaveEnded("tie", wound_attribute, before, after, dead)
    return LifeSaved(roll, replace(patient, attributes=attrs, stable=not dead, dead=dead), (ended,), (scar,))
