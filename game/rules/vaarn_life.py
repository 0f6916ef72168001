"""Vaults of Vaarn life outside the fight: slots, water and food, creation, exotica, advancement.

Seed 001 §Item Slots, §Water, §Exotica, §Advancement; creation from RULES-NOTES
"vaarn".  Pure functions: sheets in, new sheets out, dice passed in.
"""
from __future__ import annotations

import copy
import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from game.errors import ContentError, UsageError
from game.rules.base import RollResult, Sheet, Situation
from game.rules.dice import Dice
from game.rules.vaarn_data import (
    ABILITIES,
    MAX_BONUS,
    MAX_CARRY,
    MAX_LEVEL,
    UNARMOURED,
    bonus,
    slot_limit,
    stat_problems,
    wound_slots,
)
from game.rules.vaarn_saves import check_request, encumbered, roll_save
from game.rules.vaarn_wounds import condition, die_roll

RULE_SLOTS = "seed 001 §Item Slots"
RULE_EXOTICA = "seed 001 §Exotica"
RULE_ADVANCE = "seed 001 §Advancement"
RULE_CREATION = "RULES-NOTES vaarn (character creation)"
ADVANCEMENT: tuple[str, ...] = ("exotica-for-xp", "exotica-for-levels", "expeditions-for-xp")
POINTS_PER_LEVEL = 3
#: Water rations bundled in one slot (seed 001 §Water); food likewise (house rule).
RATIONS_PER_SLOT = 3


# -- item slots ------------------------------------------------------------------

def slots_for(kind: str, count: int = 1, slots: int = 1, gifts: str = "item-slots") -> int:
    """Slots taken by ``count`` items of one content ``kind`` with ``slots`` each.

    Water and food: three rations a slot, rounded up.  A Gift: one slot each
    (seed 001 §Mystic Gifts), none under ``gifts = "psyche-slots"``.
    """
    if count <= 0:
        return 0
    if kind in ("water", "food"):
        return math.ceil(count / RATIONS_PER_SLOT)
    if kind == "gift":
        return 0 if gifts == "psyche-slots" else count
    return count * max(slots, 0)


def used_slots(sheet: Mapping[str, Any], item_slots: int) -> int:
    """Slots filled by items (counted by the engine with :func:`slots_for`) and wounds."""
    return item_slots + wound_slots(sheet)


def free_slots(sheet: Mapping[str, Any], item_slots: int) -> int:
    """Slots left before encumbrance (negative when already encumbered)."""
    return slot_limit(sheet) - used_slots(sheet, item_slots)


def can_carry(sheet: Mapping[str, Any], item_slots: int, adding: int) -> bool:
    """Nobody carries more than 20 slots (seed 001 §Item Slots); wounds count."""
    return used_slots(sheet, item_slots) + adding <= MAX_CARRY


def is_encumbered(sheet: Mapping[str, Any], item_slots: int) -> bool:
    """More than CON defence slots filled: disadvantage on STR, DEX and CON saves."""
    return encumbered(sheet, item_slots)


# -- water and food ------------------------------------------------------------------

def water_interval(sheet: Mapping[str, Any]) -> int:
    """Days one ration lasts: 1 for biological PCs, 7 for synthetic ones (seed 001 §Water)."""
    return 7 if sheet.get("synthetic", False) else 1


def meal_interval(sheet: Mapping[str, Any]) -> int:
    """House rule: biological characters need a meal a day; synthetic ones never (0)."""
    return 0 if sheet.get("synthetic", False) else 1


def drink(sheet: Mapping[str, Any]) -> Sheet:
    """One ration drunk: thirst ends and the next ration is due in :func:`water_interval` days."""
    new = copy.deepcopy(dict(sheet))
    new["water_due"] = water_interval(new)
    new["thirst_days"] = 0
    return new


def eat(sheet: Mapping[str, Any]) -> Sheet:
    """One meal eaten: hunger ends."""
    new = copy.deepcopy(dict(sheet))
    new["meal_due"] = max(meal_interval(new), 1)
    new["hunger_days"] = 0
    return new


def is_thirsty(sheet: Mapping[str, Any]) -> bool:
    """Drinking now would help (deprived by thirst or a ration already partly used up)."""
    return int(sheet.get("thirst_days", 0)) > 0 or int(sheet.get("water_due", 1)) < water_interval(sheet)


@dataclass(frozen=True)
class DayResult:
    """The day change: the new sheet, rations the engine must remove, and what happened."""

    sheet: Sheet
    water_used: int
    food_used: int
    lines: tuple[str, ...]

    @property
    def died(self) -> bool:
        return condition(self.sheet) == "dead"


def end_of_day(sheet: Mapping[str, Any], water: int, food: int, daily_meals: bool = True) -> DayResult:
    """Call at each day change with the rations carried; consumes what is due.

    Seed 001 §Water: a ration is due every :func:`water_interval` days; with
    none to drink the character is Deprived, and three such days in a row kill.
    House rule (option ``meals = "daily"``): a biological character without a
    meal that day is Deprived by hunger until they eat; hunger does not kill.
    """
    new = copy.deepcopy(dict(sheet))
    lines: list[str] = []
    water_used = food_used = 0
    new["water_due"] = int(new.get("water_due", water_interval(new))) - 1
    if new["water_due"] <= 0:
        if water > 0:
            new, water_used = drink(new), 1
            lines.append("You drink a ration of water.")
        else:
            new["thirst_days"] = int(new.get("thirst_days", 0)) + 1
            lines.append(f"No water: Deprived by thirst, day {new['thirst_days']} of 3.")
    if daily_meals and meal_interval(new):
        new["meal_due"] = int(new.get("meal_due", 1)) - 1
        if new["meal_due"] <= 0:
            if food > 0:
                new, food_used = eat(new), 1
                lines.append("You eat a meal.")
            else:
                new["hunger_days"] = int(new.get("hunger_days", 0)) + 1
                lines.append("No food: Deprived by hunger.")
    if int(new.get("thirst_days", 0)) >= 3:
        new["dead"] = True
        lines.append("Three days without water: you perish.")
    return DayResult(new, water_used, food_used, tuple(lines))


# -- character creation ---------------------------------------------------------------

def blank_sheet() -> Sheet:
    """Every key of a player sheet at its starting value (abilities 0, HP 1)."""
    sheet: Sheet = {ability: 0 for ability in ABILITIES}
    sheet.update({
        "hp": 1, "max_hp": 1, "armor": UNARMOURED, "level": 1, "xp": 0, "ability_points": 0,
        "wounds": [], "depleted": {}, "unconscious": False, "dead": False, "synthetic": False,
        "creature": "biological", "npc": False, "water_due": 1, "thirst_days": 0, "meal_due": 1,
        "hunger_days": 0, "deprived": False, "pending_item_damage": 0,
    })
    return sheet


def roll_ability(dice: Dice) -> tuple[int, tuple[int, int, int]]:
    """3d6; the lowest die is the bonus (RULES-NOTES "vaarn")."""
    faces = (dice.roll(6), dice.roll(6), dice.roll(6))
    return min(faces), faces


def new_character(stats: Mapping[str, Any] | None, dice: Dice) -> Sheet:
    """A player from content stats, rolling what they leave out.

    Dice, in order: 3d6 for each ability missing from ``stats`` (STR DEX CON INT
    PSY EGO; the lowest die is the bonus), then a d8 for max HP unless ``hp`` or
    ``max_hp`` is given.  Without stats that is the full creation roll (19 faces).
    Swapping two abilities (RULES-NOTES) is the player's choice: :func:`swap_abilities`.
    """
    stats = dict(stats or {})
    problems = stat_problems(stats)
    if problems:
        raise ContentError([f"vaarn: player stats: {p}" for p in problems])
    sheet = blank_sheet()
    for ability in ABILITIES:
        sheet[ability] = stats[ability] if ability in stats else roll_ability(dice)[0]
    if "max_hp" in stats or "hp" in stats:
        max_hp = int(stats.get("max_hp", max(int(stats.get("hp", 1)), 1)))
    else:
        max_hp = dice.roll(8)
    sheet.update({key: copy.deepcopy(value) for key, value in stats.items() if key not in ABILITIES})
    sheet["max_hp"] = max_hp
    sheet["hp"] = int(stats.get("hp", max_hp))
    sheet["water_due"] = water_interval(sheet)
    return sheet


def swap_abilities(sheet: Mapping[str, Any], first: str, second: str) -> Sheet:
    """Swap two abilities' bonuses (allowed once, at creation: RULES-NOTES "vaarn")."""
    for ability in (first, second):
        if ability not in ABILITIES:
            raise UsageError(f"vaarn: unknown ability '{ability}'; abilities: {', '.join(ABILITIES)}")
    new = copy.deepcopy(dict(sheet))
    new[first], new[second] = bonus(sheet, second), bonus(sheet, first)
    return new


# -- exotica ---------------------------------------------------------------------------

def identify_exotica(sheet: Mapping[str, Any], difficulty: str, situation: Situation, dice: Dice) -> RollResult:
    """An INT save to puzzle out an Exotica (seed 001 §Exotica); difficulty as any check."""
    return roll_save(check_request(sheet, "identify", difficulty, situation), dice, RULE_EXOTICA)


# -- advancement ------------------------------------------------------------------------

@dataclass(frozen=True)
class Advance:
    """What advancing did: the new sheet, levels gained, lines and the max-HP rolls."""

    sheet: Sheet
    levels: int = 0
    lines: tuple[str, ...] = ()
    rolls: tuple[RollResult, ...] = ()


def base_bonus(sheet: Mapping[str, Any], ability: str) -> int:
    """The bonus before depletion: the figure capped at +10."""
    return bonus(sheet, ability) + int(dict(sheet.get("depleted", {})).get(ability, 0))


def level_up(sheet: Mapping[str, Any], dice: Dice, allocation: Mapping[str, int] | None = None) -> Advance:
    """One level: d8 more max HP (and HP, unless below 0) and three ability points.

    Seed 001 §Advancement.  With ``allocation`` the points are spent at once;
    otherwise they wait in ``ability_points`` for :func:`spend_points`.  At level
    10 nothing happens and no die is read.
    """
    level = int(sheet.get("level", 1))
    if level >= MAX_LEVEL:
        return Advance(copy.deepcopy(dict(sheet)), 0, (f"Already at the highest level, {MAX_LEVEL}.",))
    face, roll = die_roll("Level up: max HP", 8, dice, RULE_ADVANCE)
    new = copy.deepcopy(dict(sheet))
    new["level"] = level + 1
    new["max_hp"] = int(new.get("max_hp", 1)) + face
    if int(new.get("hp", 0)) >= 0:
        new["hp"] = int(new.get("hp", 0)) + face
    new["ability_points"] = int(new.get("ability_points", 0)) + POINTS_PER_LEVEL
    lines = [f"Level {level + 1}! Max HP +{face} to {new['max_hp']}; {POINTS_PER_LEVEL} ability points to spend."]
    if allocation is not None:
        new = spend_points(new, allocation)
    return Advance(new, 1, tuple(lines), (roll,))


def spend_points(sheet: Mapping[str, Any], allocation: Mapping[str, int]) -> Sheet:
    """Raise abilities with unspent points; none may pass +10 before depletion (UsageError)."""
    available = int(sheet.get("ability_points", 0))
    new = copy.deepcopy(dict(sheet))
    for ability, points in allocation.items():
        if ability not in ABILITIES:
            raise UsageError(f"vaarn: unknown ability '{ability}'; abilities: {', '.join(ABILITIES)}")
        if points < 0:
            raise UsageError(f"vaarn: cannot spend {points} points on {ability.upper()}")
        if base_bonus(new, ability) + points > MAX_BONUS:
            raise UsageError(f"vaarn: {ability.upper()} cannot rise above +{MAX_BONUS}")
        new[ability] = bonus(new, ability) + points
    spent = sum(allocation.values())
    if spent > available:
        raise UsageError(f"vaarn: {spent} points to spend but only {available} available")
    new["ability_points"] = available - spent
    return new


def auto_allocation(sheet: Mapping[str, Any]) -> dict[str, int]:
    """A suggestion: each unspent point to the lowest ability below the cap (STR first on ties)."""
    raised = {ability: base_bonus(sheet, ability) for ability in ABILITIES}
    allocation: dict[str, int] = {}
    for _ in range(int(sheet.get("ability_points", 0))):
        open_abilities = [a for a in ABILITIES if raised[a] < MAX_BONUS]
        if not open_abilities:
            break
        lowest = min(open_abilities, key=lambda a: raised[a])
        raised[lowest] += 1
        allocation[lowest] = allocation.get(lowest, 0) + 1
    return allocation


def advance(sheet: Mapping[str, Any], source: str, mode: str, dice: Dice,
            allocation: Mapping[str, int] | None = None) -> Advance:
    """Credit an Exotica traded in (``source="exotica"``) or an Expedition completed
    (``source="expedition"``) under the advancement ``mode`` (seed 001 §Advancement).

    exotica-for-xp / expeditions-for-xp: 1 XP; when XP equals the level, level
    up and erase XP.  exotica-for-levels: the Exotica raises the level at once.
    A source the mode does not count changes nothing.
    """
    if mode not in ADVANCEMENT:
        raise UsageError(f"vaarn: advancement must be one of {', '.join(ADVANCEMENT)}, not '{mode}'")
    if source not in ("exotica", "expedition"):
        raise UsageError(f"vaarn: advancement source must be exotica or expedition, not '{source}'")
    counts = mode.startswith("exotica") if source == "exotica" else mode == "expeditions-for-xp"
    if not counts:
        return Advance(copy.deepcopy(dict(sheet)))
    if mode == "exotica-for-levels" or int(sheet.get("level", 1)) >= MAX_LEVEL:
        return level_up(sheet, dice, allocation)
    new = copy.deepcopy(dict(sheet))
    new["xp"] = int(new.get("xp", 0)) + 1
    if new["xp"] < int(new.get("level", 1)):
        return Advance(new, 0, (f"XP {new['xp']} of {new.get('level', 1)}.",))
    new["xp"] = 0
    return level_up(new, dice, allocation)

