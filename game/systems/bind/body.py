"""BIND bodies: weight and encumbrance, fatigue, time, healing and rest.

seed 003 §Weight & Encumbrance and §Time; BIND's public rules for fatigue.  Every
function is pure: numbers in, numbers out, or a new sheet out.
"""
from __future__ import annotations

import math
from dataclasses import replace

from game.events import PLAYER
from game.rules.base import RestResult
from game.systems.bind.events import Rested, Unaffected
from game.systems.bind.sheet import BindSheet

# -- weight & encumbrance (seed 003 §Weight & Encumbrance) ------------------------------

#: "Items carried in only one hand count as having +2 to the Weight".
ONE_HAND_EXTRA = 2
#: "a maximum Weight of their Strength Bonus plus 6".
CARRY_ABOVE_STRENGTH = 6
#: "cannot carry any item which gives them a -5 Encumbrance rating or higher".
ENCUMBRANCE_LIMIT = 5
#: "drag items with up to a Weight of up to 10 points above their Strength Attribute".
DRAG_ABOVE_STRENGTH = 10


def character_weight(sheet: BindSheet) -> int:
    """"Characters have a Weight equal to their HP" (maximum HP)."""
    return sheet.max_hp


def effective_weight(weight: int, one_hand: bool = False) -> int:
    """An item's Weight, +2 when carried in only one hand (a battle axe of 3 counts as 5)."""
    return weight + (ONE_HAND_EXTRA if one_hand else 0)


def lifts_easily(weight: int, strength: int, one_hand: bool = False) -> bool:
    """"If an item's Weight is equal or below your character's Strength, you can lift it easily"."""
    return effective_weight(weight, one_hand) <= strength


def encumbrance(weight: int, strength: int, one_hand: bool = False) -> int:
    """A point of Encumbrance for every increment the item's Weight is above the Strength Bonus."""
    return max(0, effective_weight(weight, one_hand) - strength)


def load_encumbrance(weights: list[int], strength: int) -> int:
    """The Encumbrance of several items: each item's points, added up."""
    return sum(encumbrance(weight, strength) for weight in weights)


def max_carry_weight(strength: int) -> int:
    """The heaviest item a character can carry: Strength Bonus + 6 (a 7-HP man needs Strength +1)."""
    return strength + CARRY_ABOVE_STRENGTH


def can_carry(weight: int, strength: int, one_hand: bool = False, encumbrance_now: int = 0) -> bool:
    """Whether one more item can be carried.

    The item's effective Weight must be within :func:`max_carry_weight`, and the
    character must not already be at -5 Encumbrance or worse.  House rule: the
    seed's worked example (Strength +1 carries a man of Weight 7, six points of
    Encumbrance) would be forbidden if the -5 limit judged the item itself, so the
    limit is read as "once at -5, you cannot carry anything more".
    """
    return effective_weight(weight, one_hand) <= max_carry_weight(strength) and encumbrance_now < ENCUMBRANCE_LIMIT


def can_drag(weight: int, strength: int) -> bool:
    """Dragging or rolling: up to Strength + 10 (on a smooth surface)."""
    return weight <= strength + DRAG_ABOVE_STRENGTH


# -- fatigue (BIND's public rules) ----------------------------------------------------------

def exert(sheet: BindSheet, points: int = 1) -> BindSheet:
    """A strenuous round or activity adds 1 Fatigue (``points`` of them)."""
    return replace(sheet, fatigue=sheet.fatigue + points)


def march(sheet: BindSheet, intervals: int, encumbrance_points: int) -> BindSheet:
    """seed 003 §Weight: Encumbrance adds to Fatigue every interval (house rule: its points, each interval)."""
    return exert(sheet, intervals * encumbrance_points)


def fatigue_recovery(sheet: BindSheet) -> int:
    """Resting an interval removes half the HP in Fatigue, rounded up (house rule: half the maximum HP)."""
    return math.ceil(sheet.max_hp / 2)


def rest_intervals(sheet: BindSheet, intervals: int) -> BindSheet:
    """The sheet after resting ``intervals`` intervals: Fatigue falls, never below 0."""
    return replace(sheet, fatigue=max(0, sheet.fatigue - intervals * fatigue_recovery(sheet)))


# -- time (seed 003 §Time) --------------------------------------------------------------------

#: A day is four intervals (BIND's public rules).
INTERVALS: tuple[str, ...] = ("morning", "afternoon", "evening", "night")
HOURS_PER_INTERVAL = 24 // len(INTERVALS)
#: House rule: the morning interval starts at 06:00.
DAY_START_HOUR = 6
#: House rule: a combat round lasts six seconds, so ten rounds make a minute.
ROUND_SECONDS = 6
DAYS_PER_WEEK = 7


def interval_of(hour: int) -> str:
    """The interval an hour of the day falls in: 06-12 morning, 12-18 afternoon, 18-24 evening, 00-06 night."""
    return INTERVALS[((hour - DAY_START_HOUR) % 24) // HOURS_PER_INTERVAL]


def intervals_in(hours: int) -> int:
    """Whole intervals in a span of hours."""
    return hours // HOURS_PER_INTERVAL


def rounds_in(seconds: int) -> int:
    """Whole combat rounds in a span of seconds."""
    return seconds // ROUND_SECONDS


# -- healing (seed 003 §Healing, §Downtime) -------------------------------------------------

def weekly_healing(max_hp: int) -> int:
    """"Characters heal a quarter their HP each week, rounded up"."""
    return math.ceil(max_hp / 4)


def heal_days(sheet: BindSheet, days: int) -> BindSheet:
    """Let ``days`` pass: every full week heals a quarter of the maximum HP (up to the maximum).

    The days are counted in ``healing_days`` so that single days add up to weeks.
    The dead do not heal.
    """
    if sheet.dead:
        return sheet
    weeks, left = divmod(sheet.healing_days + days, DAYS_PER_WEEK)
    hp = min(sheet.max_hp, sheet.hp + weeks * weekly_healing(sheet.max_hp))
    return replace(sheet, hp=hp, healing_days=left, stable=sheet.stable and hp <= 0)


def downtime(sheet: BindSheet) -> BindSheet:
    """Downtime heals all HP and Fatigue (seed 003 §The Mission); the dead stay dead."""
    if sheet.dead:
        return sheet
    return replace(sheet, hp=sheet.max_hp, fatigue=0, stable=False, healing_days=0)


#: How many intervals each rest kind lasts: short = one interval, long = a full day of rest.
REST_INTERVALS: dict[str, int] = {"short": 1, "long": len(INTERVALS)}


def rest(sheet: BindSheet, kind: str, fed: bool) -> RestResult[BindSheet]:
    """Rest ``short`` (one interval) or ``long`` (a day: four intervals); Fatigue falls.

    Healing is not here: it comes with the days that pass (:func:`heal_days`, a
    quarter of the HP a week), resting or not.  House rule: a deprived (unfed)
    character gets no benefit, as under every system.
    """
    if kind not in REST_INTERVALS:
        raise ValueError(f"rest kind must be short or long, not {kind!r}")
    if sheet.dead:
        return RestResult(sheet, events=(Unaffected(PLAYER, "rest"),))
    intervals = REST_INTERVALS[kind]
    if not fed:
        return RestResult(sheet, events=(Rested(intervals, sheet.fatigue, sheet.fatigue, fed=False),))
    after = rest_intervals(sheet, intervals)
    return RestResult(after, events=(Rested(intervals, sheet.fatigue, after.fatigue),))
