"""Vaults of Vaarn damage, wounds, death, healing and rests (seed 001 §Wounds and Healing).

Everything here is pure: functions take a sheet and return a new one, with
events saying what happened (:mod:`game.systems.vaarn.events`).

Dice read by :func:`take_damage`, in order: for each wound taken, its ability
loss dice (abilities in the chart's order), then its max-HP die; a Bloody Mess
then rolls three random wounds one after the other, each a d18 for the row
(house rule) followed by that wound's own dice.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from game.errors import UsageError
from game.events import Event
from game.events.fight import Died, Fell, HealthChanged
from game.rules.base import RollResult, SheetChange, carried_health
from game.rules.dice import Dice
from game.systems.vaarn.data import (
    ABILITIES,
    CAUSE_FATALITY,
    CAUSE_ZERO_HP,
    DEADLY_THIRST_DAYS,
    LETHAL_WOUND_SLOTS,
    MIN_BONUS,
    RANDOM_WOUND_DIE,
    SYSTEM_ID,
    WOUND_TABLE,
    die_sides,
    is_deprived,
    wound_slots,
)
from game.systems.vaarn.events import (
    AbilitiesRecovered,
    AbilityLost,
    CameTo,
    LongRested,
    MaxHpLost,
    PastHealing,
    Recovered,
    RestRefused,
    RestWasted,
    ShortRested,
    Unharmed,
    Wounded,
    owner,
)
from game.systems.vaarn.sheet import LIMIT, VaarnSheet, Wound

RULE_WOUNDS = "seed 001 §Wounds and Healing"
REST_KINDS: tuple[str, ...] = ("short", "long")
LONG_REST_CHOICES: tuple[str, ...] = ("auto", "hp", "wound")

#: A change to a Vaarn sheet (a rest, harm, healing) and its events.
VaarnChange = SheetChange[VaarnSheet]


@dataclass(frozen=True)
class Harm:
    """Damage taken: the new sheet, the wounds, and what the play layer must still do.

    ``items_damaged`` counts "Damaged Item" wounds: play destroys or damages
    that many random inventory items (see :func:`pick_damaged_item`); the same
    count is added to the sheet's ``pending_item_damage``.
    """

    sheet: VaarnSheet
    damage: int
    wounds: tuple[str, ...] = ()
    items_damaged: int = 0
    events: tuple[Event, ...] = ()
    rolls: tuple[RollResult, ...] = ()


def die_roll(label: str, sides: int, dice: Dice, rule: str = RULE_WOUNDS) -> tuple[int, RollResult]:
    """Read one d``sides`` face and record it as a plain (non-check) roll for the dice log."""
    face = dice.roll(sides)
    result = RollResult(SYSTEM_ID, (face,), "success", {"total": face}, f"{label}: d{sides} ({face}) = {face}", rule)
    return face, result


# -- death and condition ---------------------------------------------------------

def death_cause(sheet: VaarnSheet) -> str:
    """Why the sheet is dead by the rules, or "" while alive."""
    if sheet.dead:
        return "dead"
    if wound_slots(sheet) >= LETHAL_WOUND_SLOTS:
        return f"wounds fill {LETHAL_WOUND_SLOTS} item slots"
    for ability in ABILITIES:
        if sheet.has(ability) and sheet.bonus(ability) <= MIN_BONUS:
            return f"{ability.upper()} defence 0"
    if sheet.thirst_days >= DEADLY_THIRST_DAYS:
        return "three days without water"
    return ""


def condition(sheet: VaarnSheet) -> str:
    """``dead`` by any rule, ``down`` while passed out, otherwise ``ok``."""
    if death_cause(sheet):
        return "dead"
    if sheet.unconscious:
        return "down"
    return "ok"


# -- damage ----------------------------------------------------------------------

@dataclass
class _Ledger:
    """What one call of :func:`take_damage` has done so far (private scratch)."""

    who: str
    wounds: list[str] = field(default_factory=list)
    items: int = 0
    events: list[Event] = field(default_factory=list)
    rolls: list[RollResult] = field(default_factory=list)


def take_damage(sheet: VaarnSheet, amount: int, dice: Dice, npc_dies_at_zero: bool = True) -> Harm:
    """Lose ``amount`` HP; below 0, take the wound of the row "damage past 0 HP".

    Seed 001 §Wounds and Healing: HP stays negative and later damage counts from
    there, so it reaches worse rows; 20 or more past 0 is FATALITY.  House rule:
    NPC sheets die at 0 HP when ``npc_dies_at_zero``.  Events: ``HealthChanged``,
    then for each wound ``Wounded`` (with ``AbilityLost``, ``MaxHpLost``, and
    ``Fell`` when it makes the character pass out), and ``Died`` on death.
    """
    who = owner(sheet)
    if amount <= 0:
        return Harm(sheet, 0, events=(Unharmed(who),))
    before = sheet.hp
    after = before - amount
    new = replace(sheet, hp=after)
    ledger = _Ledger(who)
    ledger.events.append(HealthChanged(who, "HP", before, after))
    if new.npc and npc_dies_at_zero:
        if after <= 0:
            new = replace(new, dead=True)
            ledger.events.append(Died(who, CAUSE_ZERO_HP))
    elif after < 0:
        new = _wound(new, min(-after, 20), dice, ledger)
    cause = death_cause(new)
    if cause and not new.dead:
        new = replace(new, dead=True)
        ledger.events.append(Died(who, cause))
    return Harm(new, amount, tuple(ledger.wounds), ledger.items, tuple(ledger.events), tuple(ledger.rolls))


def _wound(sheet: VaarnSheet, row_number: int, dice: Dice, ledger: _Ledger) -> VaarnSheet:
    """Apply one chart row to ``sheet``, reading its dice; the new sheet."""
    row = WOUND_TABLE[row_number]
    ledger.wounds.append(row.name)
    ledger.events.append(Wounded(ledger.who, row.row))
    if row.fatal:
        ledger.events.append(Died(ledger.who, CAUSE_FATALITY))
        return replace(sheet, dead=True)
    if row.slots:
        sheet = replace(sheet, wounds=sheet.wounds + (Wound(row.row, row.name, row.slots),))
    if row.damages_item:
        ledger.items += 1
        sheet = replace(sheet, pending_item_damage=sheet.pending_item_damage + 1)
    for ability in row.loss_abilities:
        loss = row.loss_fixed
        if row.loss_die:
            loss, result = die_roll(f"{row.name}: {ability.upper()} loss", row.loss_die, dice)
            ledger.rolls.append(result)
        sheet = _lose_ability(sheet, ability, loss, ledger)
    if row.max_hp_die:
        loss, result = die_roll(f"{row.name}: max HP loss", row.max_hp_die, dice)
        ledger.rolls.append(result)
        # House rule: max HP never falls below 1.
        lowered = max(1, sheet.max_hp - loss)
        sheet = replace(sheet, max_hp=lowered, max_hp_lost=sheet.max_hp_lost + sheet.max_hp - lowered)
        ledger.events.append(MaxHpLost(ledger.who, loss, sheet.max_hp))
    if row.passes_out and not sheet.unconscious:
        sheet = replace(sheet, unconscious=True)
        ledger.events.append(Fell(ledger.who))
    for _ in range(row.random_wounds):
        random_row, result = die_roll("Bloody Mess: random wound", RANDOM_WOUND_DIE, dice)
        ledger.rolls.append(result)
        sheet = _wound(sheet, random_row, dice, ledger)
    return sheet


def _lose_ability(sheet: VaarnSheet, ability: str, points: int, ledger: _Ledger) -> VaarnSheet:
    """Deplete ``ability`` by ``points`` (not below defence 0) and remember the depletion."""
    current = sheet.bonus(ability)
    lost = min(points, current - MIN_BONUS)
    depleted = {**sheet.depleted, ability: sheet.depleted.get(ability, 0) + lost}
    sheet = replace(sheet.with_ability(ability, current - lost), depleted=depleted)
    ledger.events.append(AbilityLost(ledger.who, ability, points, current - lost + 10))
    return sheet


def pending_item_damage(sheet: VaarnSheet) -> int:
    """How many random inventory items play still has to damage (wound row 2)."""
    return sheet.pending_item_damage


def clear_item_damage(sheet: VaarnSheet) -> VaarnSheet:
    """The sheet after play has damaged the pending items."""
    return replace(sheet, pending_item_damage=0)


def pick_damaged_item(item_ids: list[str], dice: Dice) -> str:
    """Seed 001 wound 2: choose the random inventory item; "" if none.

    Reads one d``len(item_ids)`` face when there are two or more items, none otherwise.
    """
    if not item_ids:
        return ""
    return item_ids[dice.roll(len(item_ids)) - 1] if len(item_ids) > 1 else item_ids[0]


# -- healing ---------------------------------------------------------------------

def heal(sheet: VaarnSheet, amount: int) -> VaarnSheet:
    """Recover ``amount`` HP "as though starting from 0" (seed 001 §Wounds and Healing).

    House rule: any healing wakes a character who passed out.  The dead stay dead.
    """
    if amount <= 0 or condition(sheet) == "dead":
        return sheet
    return replace(sheet, hp=min(sheet.max_hp, max(sheet.hp, 0) + amount), unconscious=False)


def harm(sheet: VaarnSheet, damage: str, dice: Dice, npc_dies_at_zero: bool = True) -> VaarnChange:
    """Harm from no attacker (a fall, the glare, a backfiring Exotica): one ``damage`` die, then
    :func:`take_damage`.  Dice: the damage die, then the wound dice."""
    sides = _sides(damage)
    face, roll = die_roll("Harm", sides, dice)
    hurt = take_damage(sheet, face, dice, npc_dies_at_zero)
    return SheetChange(hurt.sheet, rolls=(roll,) + hurt.rolls, events=hurt.events)


def heal_roll(sheet: VaarnSheet, healing: str, dice: Dice) -> VaarnChange:
    """Healing by a die (a potion, an Exotica): roll it, add the healed one's CON bonus
    (seed 001 §Abilities; at least 1, house rule) and recover that much, as though from 0."""
    sides = _sides(healing)
    face, roll = die_roll("Healing", sides, dice)
    con = sheet.bonus("con")
    amount = max(1, face + con)  # seed 001: "The Constitution bonus is added to healing rolls"
    healed = heal(sheet, amount)
    who = owner(sheet)
    if condition(sheet) == "dead":
        return SheetChange(healed, rolls=(roll,), events=(PastHealing(who),))
    return SheetChange(healed, rolls=(roll,),
                       events=(Recovered(who, amount, healed.hp, healed.max_hp, sides, face, con),))


def _sides(die: str) -> int:
    try:
        return die_sides(die)
    except ValueError:
        raise UsageError(f"vaarn: '{die}' is not a die such as d6") from None


def heal_wound(sheet: VaarnSheet, index: int | None = None) -> tuple[VaarnSheet, str]:
    """Remove one wound; by default the one filling most slots (the latest of equals).

    Returns the new sheet and the healed wound's name ("" if there was none).
    Ability losses and lost max HP are not undone by healing the wound (house rule).
    """
    carried = list(sheet.wounds)
    if not carried:
        return sheet, ""
    if index is None:
        index = max(range(len(carried)), key=lambda i: (carried[i].slots, i))
    if not 0 <= index < len(carried):
        raise UsageError(f"vaarn: no wound number {index + 1}; there are {len(carried)}")
    healed = carried.pop(index)
    return replace(sheet, wounds=tuple(carried)), healed.name


def restore_abilities(sheet: VaarnSheet, points: int = 1) -> VaarnSheet:
    """Give each depleted ability back up to ``points`` (seed 001: one point a day)."""
    abilities = dict(sheet.abilities)
    depleted: dict[str, int] = {}
    for ability, lost in sheet.depleted.items():
        back = min(points, lost)
        abilities[ability] = abilities.get(ability, 0) + back
        if lost - back > 0:
            depleted[ability] = lost - back
    return replace(sheet, abilities=abilities, depleted=depleted)


# -- rests -----------------------------------------------------------------------

def rest(sheet: VaarnSheet, kind: str, fed: bool, dice: Dice, choice: str = "auto",
         restore_wound_losses: bool = True) -> VaarnChange:
    """Short rest: d8 + CON HP (at least 1, house rule).  Long rest: all HP or one wound.

    Seed 001 §Wounds and Healing: "Ability defenses that have been depleted by enemy
    attacks replenish at the rate of one point per day": with ``restore_wound_losses``
    (the default, option ``wound_losses = "daily"``) the points a wound takes
    (``depleted``) come back one a long rest, a night's sleep a day; option
    ``wound_losses = "lasting"`` keeps them lost as the wound's lasting harm.

    ``fed`` False, or a Deprived sheet, means no benefit (seed 001 §Wounds and
    Healing).  Any rest wakes a character who passed out (house rule).  Long
    rest ``choice``: ``hp``, ``wound`` or ``auto`` (HP while below maximum,
    otherwise the worst wound).  Only the short rest reads a die (one d8).
    """
    if kind not in REST_KINDS:
        raise UsageError(f"vaarn: rest must be one of {', '.join(REST_KINDS)}, not '{kind}'")
    if choice not in LONG_REST_CHOICES:
        raise UsageError(f"vaarn: long rest choice must be one of {', '.join(LONG_REST_CHOICES)}, not '{choice}'")
    if condition(sheet) == "dead":
        return SheetChange(sheet, events=(RestRefused(),))
    events: list[Event] = []
    if sheet.unconscious:
        sheet = replace(sheet, unconscious=False)
        events.append(CameTo(owner(sheet)))
    if not fed or is_deprived(sheet):
        events.append(RestWasted())
        return SheetChange(sheet, events=tuple(events))
    if kind == "short":
        return _short_rest(sheet, dice, events)
    return _long_rest(sheet, choice, events, restore_wound_losses)


def _short_rest(sheet: VaarnSheet, dice: Dice, events: list[Event]) -> VaarnChange:
    face, result = die_roll("Short rest", 8, dice)
    con = sheet.bonus("con")
    gained = max(1, face + con)
    healed = heal(sheet, gained)
    events.append(ShortRested(face, con, gained, healed.hp, healed.max_hp))
    return SheetChange(healed, rolls=(result,), events=tuple(events))


def _long_rest(sheet: VaarnSheet, choice: str, events: list[Event], restore_wound_losses: bool) -> VaarnChange:
    if choice == "auto":
        choice = "hp" if sheet.hp < sheet.max_hp or not sheet.wounds else "wound"
    if choice == "hp":
        sheet = heal(sheet, sheet.max_hp)
        events.append(LongRested(False, max_hp=sheet.max_hp))
    else:
        sheet, name = heal_wound(sheet)
        events.append(LongRested(True, healed=name))
    if sheet.depleted and restore_wound_losses:
        sheet = restore_abilities(sheet, 1)
        events.append(AbilitiesRecovered())
    return SheetChange(sheet, events=tuple(events))


# -- an NPC's definition changed (an adventure updated under a save) ------------------

def carry_npc_state(saved: VaarnSheet, fresh: VaarnSheet) -> VaarnSheet:
    """``saved`` under the new definition ``fresh`` (see ``RuleSystem.carry_npc_state``).

    From ``fresh``: the ability bonuses (less the points ``saved`` has depleted),
    maximum HP, armour, level, morale, attacks, appearance, notes, creature
    type.  Carried: the maximum HP wounds took (``max_hp_lost``), HP lost
    (:func:`~game.rules.base.carried_health`), wounds, depletions, passing out,
    death, and everything play learnt (foe, roused, met, reaction, mood,
    haggle, morale triggers rolled).
    """
    alive = not death_cause(saved)
    floor = MIN_BONUS + 1 if alive else MIN_BONUS
    abilities = {a: max(fresh.bonus(a) - saved.depleted.get(a, 0), floor) for a in fresh.abilities}
    max_hp = max(fresh.max_hp - saved.max_hp_lost, 1)
    carried = replace(
        saved, abilities=abilities, max_hp=max_hp, armor=fresh.armor, level=fresh.level,
        morale=fresh.morale, attacks=fresh.attacks, appearing=fresh.appearing, notes=fresh.notes,
        creature=fresh.creature, synthetic=fresh.synthetic,
        hp=carried_health(saved.hp, saved.max_hp, max_hp, -LIMIT))
    if not alive and not death_cause(carried):
        carried = replace(carried, dead=True)
    return carried
