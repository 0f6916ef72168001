"""Vaults of Vaarn damage, wounds, death, healing and rests (seed 001 §Wounds and Healing).

Everything here is pure: functions take a sheet and return a new one.

Dice read by :func:`take_damage`, in order: for each wound taken, its ability
loss dice (abilities in the chart's order), then its max-HP die; a Bloody Mess
then rolls three random wounds one after the other, each a d18 for the row
(house rule) followed by that wound's own dice.
"""
from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from game.errors import UsageError
from game.rules.base import RestResult, RollResult, Sheet
from game.rules.dice import Dice
from game.rules.vaarn_data import (
    ABILITIES,
    LETHAL_WOUND_SLOTS,
    MIN_BONUS,
    RANDOM_WOUND_DIE,
    SYSTEM_ID,
    WOUND_TABLE,
    bonus,
    die_sides,
    is_deprived,
    is_npc,
    wound_slots,
    wounds,
)

RULE_WOUNDS = "seed 001 §Wounds and Healing"
RULE_WATER = "seed 001 §Water"
REST_KINDS: tuple[str, ...] = ("short", "long")
LONG_REST_CHOICES: tuple[str, ...] = ("auto", "hp", "wound")


@dataclass(frozen=True)
class Harm:
    """Damage taken: the new sheet, the wounds, and what the engine must still do.

    ``items_damaged`` counts "Damaged Item" wounds: the engine destroys or damages
    that many random inventory items (see :func:`pick_damaged_item`); the same
    count is added to the sheet's ``pending_item_damage``.
    """

    sheet: Sheet
    damage: int
    wounds: tuple[str, ...] = ()
    items_damaged: int = 0
    lines: tuple[str, ...] = ()
    rolls: tuple[RollResult, ...] = ()


def die_roll(label: str, sides: int, dice: Dice, rule: str = RULE_WOUNDS) -> tuple[int, RollResult]:
    """Read one d``sides`` face and record it as a plain (non-check) roll for the dice log."""
    face = dice.roll(sides)
    result = RollResult(SYSTEM_ID, (face,), "success", {"total": face}, f"{label}: d{sides} ({face}) = {face}", rule)
    return face, result


# -- death and condition ---------------------------------------------------------

def death_cause(sheet: Mapping[str, Any]) -> str:
    """Why the sheet is dead by the rules, or "" while alive."""
    if sheet.get("dead", False):
        return "dead"
    if wound_slots(sheet) >= LETHAL_WOUND_SLOTS:
        return f"wounds fill {LETHAL_WOUND_SLOTS} item slots"
    for ability in ABILITIES:
        if ability in sheet and bonus(sheet, ability) <= MIN_BONUS:
            return f"{ability.upper()} defence 0"
    if int(sheet.get("thirst_days", 0)) >= 3:
        return "three days without water"
    return ""


def condition(sheet: Mapping[str, Any]) -> str:
    """``dead`` by any rule, ``down`` while passed out, otherwise ``ok``."""
    if death_cause(sheet):
        return "dead"
    if sheet.get("unconscious", False):
        return "down"
    return "ok"


# -- damage ----------------------------------------------------------------------

class _Ledger:
    """What one call of :func:`take_damage` has done so far (private scratch)."""

    def __init__(self) -> None:
        self.wounds: list[str] = []
        self.items = 0
        self.lines: list[str] = []
        self.rolls: list[RollResult] = []


def take_damage(sheet: Mapping[str, Any], amount: int, dice: Dice, npc_dies_at_zero: bool = True) -> Harm:
    """Lose ``amount`` HP; below 0, take the wound of the row "damage past 0 HP".

    Seed 001 §Wounds and Healing: HP stays negative and later damage counts from
    there, so it reaches worse rows; 20 or more past 0 is FATALITY.  House rule:
    NPC sheets (``npc = true``) die at 0 HP when ``npc_dies_at_zero``.
    """
    new = copy.deepcopy(dict(sheet))
    if amount <= 0:
        return Harm(new, 0, lines=("No harm done.",))
    before = int(new.get("hp", 0))
    after = before - amount
    new["hp"] = after
    ledger = _Ledger()
    ledger.lines.append(f"HP {before} -> {after}.")
    if is_npc(new) and npc_dies_at_zero:
        if after <= 0:
            new["dead"] = True
            ledger.lines.append("It falls, dead.")
    elif after < 0:
        _wound(new, min(-after, 20), dice, ledger)
    cause = death_cause(new)
    if cause and not new.get("dead", False):
        new["dead"] = True
        ledger.lines.append(f"Dead: {cause}.")
    return Harm(new, amount, tuple(ledger.wounds), ledger.items, tuple(ledger.lines), tuple(ledger.rolls))


def _wound(sheet: Sheet, row_number: int, dice: Dice, ledger: _Ledger) -> None:
    """Apply one chart row to ``sheet`` (our own copy), reading its dice."""
    row = WOUND_TABLE[row_number]
    ledger.wounds.append(row.name)
    slots = f" ({row.slots} slot{'s' if row.slots > 1 else ''})" if row.slots else ""
    ledger.lines.append(f"Wound {row.row}, {row.name}{slots}: {row.description}")
    if row.fatal:
        sheet["dead"] = True
        return
    if row.slots:
        sheet["wounds"] = wounds(sheet) + [{"row": row.row, "name": row.name, "slots": row.slots}]
    if row.damages_item:
        ledger.items += 1
        sheet["pending_item_damage"] = int(sheet.get("pending_item_damage", 0)) + 1
    for ability in row.loss_abilities:
        loss = row.loss_fixed
        if row.loss_die:
            loss, result = die_roll(f"{row.name}: {ability.upper()} loss", row.loss_die, dice)
            ledger.rolls.append(result)
        _lose_ability(sheet, ability, loss, ledger)
    if row.max_hp_die:
        loss, result = die_roll(f"{row.name}: max HP loss", row.max_hp_die, dice)
        ledger.rolls.append(result)
        # House rule: max HP never falls below 1.
        sheet["max_hp"] = max(1, int(sheet.get("max_hp", 1)) - loss)
        ledger.lines.append(f"Max HP -{loss}, now {sheet['max_hp']}.")
    if row.passes_out:
        sheet["unconscious"] = True
    for _ in range(row.random_wounds):
        random_row, result = die_roll("Bloody Mess: random wound", RANDOM_WOUND_DIE, dice)
        ledger.rolls.append(result)
        _wound(sheet, random_row, dice, ledger)


def _lose_ability(sheet: Sheet, ability: str, points: int, ledger: _Ledger) -> None:
    """Deplete ``ability`` by ``points`` (not below defence 0) and remember the depletion."""
    current = bonus(sheet, ability)
    lost = min(points, current - MIN_BONUS)
    sheet[ability] = current - lost
    depleted = dict(sheet.get("depleted", {}))
    depleted[ability] = int(depleted.get(ability, 0)) + lost
    sheet["depleted"] = depleted
    ledger.lines.append(f"{ability.upper()} -{points}, defence now {sheet[ability] + 10}.")


def pending_item_damage(sheet: Mapping[str, Any]) -> int:
    """How many random inventory items the engine still has to damage (wound row 2)."""
    return int(sheet.get("pending_item_damage", 0))


def clear_item_damage(sheet: Mapping[str, Any]) -> Sheet:
    """The sheet after the engine has damaged the pending items."""
    new = copy.deepcopy(dict(sheet))
    new["pending_item_damage"] = 0
    return new


def pick_damaged_item(item_ids: list[str], dice: Dice) -> str:
    """Seed 001 wound 2: choose the random inventory item; "" if none.

    Reads one d``len(item_ids)`` face when there are two or more items, none otherwise.
    """
    if not item_ids:
        return ""
    return item_ids[dice.roll(len(item_ids)) - 1] if len(item_ids) > 1 else item_ids[0]


# -- healing ---------------------------------------------------------------------

def heal(sheet: Mapping[str, Any], amount: int) -> Sheet:
    """Recover ``amount`` HP "as though starting from 0" (seed 001 §Wounds and Healing).

    House rule: any healing wakes a character who passed out.  The dead stay dead.
    """
    new = copy.deepcopy(dict(sheet))
    if amount <= 0 or condition(new) == "dead":
        return new
    new["hp"] = min(int(new.get("max_hp", 1)), max(int(new.get("hp", 0)), 0) + amount)
    new["unconscious"] = False
    return new


def harm(sheet: Mapping[str, Any], damage: str, dice: Dice, npc_dies_at_zero: bool = True) -> RestResult:
    """Harm from no attacker (a fall, the glare, a backfiring Exotica): one ``damage`` die, then
    :func:`take_damage`.  Dice: the damage die, then the wound dice."""
    sides = _sides(damage)
    face, roll = die_roll("Harm", sides, dice)
    hurt = take_damage(sheet, face, dice, npc_dies_at_zero)
    return RestResult(hurt.sheet, hurt.lines, (roll,) + hurt.rolls)


def heal_roll(sheet: Mapping[str, Any], healing: str, dice: Dice) -> RestResult:
    """Healing by a die (a potion, an Exotica): roll it and recover that much, as though from 0."""
    sides = _sides(healing)
    face, roll = die_roll("Healing", sides, dice)
    healed = heal(sheet, face)
    if condition(sheet) == "dead":
        return RestResult(healed, ("The dead are past healing.",), (roll,))
    return RestResult(healed, (f"You recover {face} HP: HP {healed['hp']}/{healed.get('max_hp', 1)}.",), (roll,))


def _sides(die: str) -> int:
    try:
        return die_sides(die)
    except ValueError:
        raise UsageError(f"vaarn: '{die}' is not a die such as d6") from None


def heal_wound(sheet: Mapping[str, Any], index: int | None = None) -> tuple[Sheet, str]:
    """Remove one wound; by default the one filling most slots (the latest of equals).

    Returns the new sheet and the healed wound's name ("" if there was none).
    Ability losses and lost max HP are not undone by healing the wound (house rule).
    """
    new = copy.deepcopy(dict(sheet))
    carried = wounds(new)
    if not carried:
        return new, ""
    if index is None:
        index = max(range(len(carried)), key=lambda i: (int(carried[i].get("slots", 0)), i))
    if not 0 <= index < len(carried):
        raise UsageError(f"vaarn: no wound number {index + 1}; there are {len(carried)}")
    healed = carried.pop(index)
    new["wounds"] = carried
    return new, str(healed.get("name", ""))


def restore_abilities(sheet: Mapping[str, Any], points: int = 1) -> Sheet:
    """Give each depleted ability back up to ``points`` (seed 001: one point a day)."""
    new = copy.deepcopy(dict(sheet))
    depleted = dict(new.get("depleted", {}))
    for ability, lost in list(depleted.items()):
        back = min(points, int(lost))
        new[ability] = bonus(new, ability) + back
        if int(lost) - back > 0:
            depleted[ability] = int(lost) - back
        else:
            del depleted[ability]
    new["depleted"] = depleted
    return new


# -- rests -----------------------------------------------------------------------

def rest(sheet: Mapping[str, Any], kind: str, fed: bool, dice: Dice, choice: str = "auto") -> RestResult:
    """Short rest: d8 + CON HP (at least 1, house rule).  Long rest: all HP or one wound,
    and each depleted ability back one point.

    ``fed`` False, or a Deprived sheet, means no benefit (seed 001 §Wounds and
    Healing).  Any rest wakes a character who passed out (house rule).  Long
    rest ``choice``: ``hp``, ``wound`` or ``auto`` (HP while below maximum,
    otherwise the worst wound).  Only the short rest reads a die (one d8).
    """
    if kind not in REST_KINDS:
        raise UsageError(f"vaarn: rest must be one of {', '.join(REST_KINDS)}, not '{kind}'")
    if choice not in LONG_REST_CHOICES:
        raise UsageError(f"vaarn: long rest choice must be one of {', '.join(LONG_REST_CHOICES)}, not '{choice}'")
    new = copy.deepcopy(dict(sheet))
    if condition(new) == "dead":
        return RestResult(new, ("The dead do not rest.",))
    lines = []
    if new.get("unconscious", False):
        new["unconscious"] = False
        lines.append("You come to.")
    if not fed or is_deprived(new):
        lines.append("You are Deprived: the rest does you no good.")
        return RestResult(new, tuple(lines))
    if kind == "short":
        return _short_rest(new, dice, lines)
    return _long_rest(new, choice, lines)


def _short_rest(sheet: Sheet, dice: Dice, lines: list[str]) -> RestResult:
    face, result = die_roll("Short rest", 8, dice)
    gained = max(1, face + bonus(sheet, "con"))
    healed = heal(sheet, gained)
    lines.append(f"Short rest: d8 ({face}) + CON {bonus(sheet, 'con')} = {gained} HP; "
                 f"HP {healed['hp']}/{healed.get('max_hp', 1)}.")
    return RestResult(healed, tuple(lines), (result,))


def _long_rest(sheet: Sheet, choice: str, lines: list[str]) -> RestResult:
    hp, max_hp = int(sheet.get("hp", 0)), int(sheet.get("max_hp", 1))
    if choice == "auto":
        choice = "hp" if hp < max_hp or not wounds(sheet) else "wound"
    if choice == "hp":
        sheet = heal(sheet, max_hp)
        lines.append(f"Long rest: HP restored to {max_hp}.")
    else:
        sheet, name = heal_wound(sheet)
        lines.append(f"Long rest: the {name} heals." if name else "Long rest: no wound to heal.")
    if sheet.get("depleted"):
        sheet = restore_abilities(sheet, 1)
        lines.append("Depleted abilities recover one point.")
    return RestResult(sheet, tuple(lines))
