"""Vaults of Vaarn life outside the fight: slots, water and food, creation, exotica, advancement.

Seed 001 §Item Slots, §Water, §Exotica, §Advancement; creation from Vaarn's public material
"vaarn".  Pure functions: sheets in, new sheets out (with events), dice passed in.
"""
from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from game.deferred import deferred
from game.errors import ContentError, UsageError
from game.events import PLAYER, Event
from game.rules.base import RollResult, Situation
from game.rules.dice import Dice
from game.systems.vaarn.data import (
    ABILITIES,
    CAUSE_THIRST,
    DEADLY_THIRST_DAYS,
    MAX_BONUS,
    MAX_CARRY,
    MAX_LEVEL,
    bonus,
    slot_limit,
    stat_findings,
    wound_slots,
)
from game.systems.vaarn.sheet import VaarnSheet

if TYPE_CHECKING:
    from game.events import fight as events_fight
    from game.systems.vaarn import events as vaarn_events
    from game.systems.vaarn import saves, wounds
else:
    events_fight = deferred("game.events.fight")
    saves = deferred("game.systems.vaarn.saves")
    vaarn_events = deferred("game.systems.vaarn.events")
    wounds = deferred("game.systems.vaarn.wounds")

RULE_EXOTICA = "seed 001 §Exotica"
RULE_ADVANCE = "seed 001 §Advancement"
ADVANCEMENT: tuple[str, ...] = ("exotica-for-xp", "exotica-for-levels", "exotica-for-levels-faster",
                                "expeditions-for-xp")
#: seed 001 §Advancement, Exotica for Levels: "If the Referee wants an even faster campaign, have all
#: PCs level up for each one Exotica traded, excluding that of the starting equipment."
FASTER = "exotica-for-levels-faster"
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


def used_slots(sheet: VaarnSheet, item_slots: int) -> int:
    """Slots filled by items (counted by the engine with :func:`slots_for`) and wounds."""
    return item_slots + wound_slots(sheet)


def free_slots(sheet: VaarnSheet, item_slots: int) -> int:
    """Slots left before encumbrance (negative when already encumbered)."""
    return slot_limit(sheet) - used_slots(sheet, item_slots)


def can_carry(sheet: VaarnSheet, item_slots: int, adding: int) -> bool:
    """Nobody carries more than 20 slots (seed 001 §Item Slots); wounds count."""
    return used_slots(sheet, item_slots) + adding <= MAX_CARRY


def is_encumbered(sheet: VaarnSheet, item_slots: int) -> bool:
    """More than CON defence slots filled: disadvantage on STR, DEX and CON saves."""
    return saves.encumbered(sheet, item_slots)


# -- water and food ------------------------------------------------------------------

def water_interval(sheet: VaarnSheet) -> int:
    """Days one ration lasts: 1 for biological PCs, 7 for synthetic ones (seed 001 §Water)."""
    return 7 if sheet.synthetic else 1


def meal_interval(sheet: VaarnSheet) -> int:
    """House rule: biological characters need a meal a day; synthetic ones never (0)."""
    return 0 if sheet.synthetic else 1


def drink(sheet: VaarnSheet) -> VaarnSheet:
    """One ration drunk: thirst ends and the next ration is due in :func:`water_interval` days."""
    return replace(sheet, water_due=water_interval(sheet), thirst_days=0)


def eat(sheet: VaarnSheet) -> VaarnSheet:
    """One meal eaten: hunger ends."""
    return replace(sheet, meal_due=max(meal_interval(sheet), 1), hunger_days=0)


def is_thirsty(sheet: VaarnSheet) -> bool:
    """Drinking now would help (deprived by thirst or a ration already partly used up)."""
    return sheet.thirst_days > 0 or sheet.water_due < water_interval(sheet)


@dataclass(frozen=True)
class DayResult:
    """The day change: the new sheet, rations play must remove, and what happened."""

    sheet: VaarnSheet
    water_used: int
    food_used: int
    events: tuple[Event, ...]

    @property
    def died(self) -> bool:
        return wounds.condition(self.sheet) == "dead"


def end_of_day(sheet: VaarnSheet, water: int, food: int, daily_meals: bool = True) -> DayResult:
    """Call at each day change with the rations carried; consumes what is due.

    Seed 001 §Water: a ration is due every :func:`water_interval` days; with
    none to drink the character is Deprived, and :data:`DEADLY_THIRST_DAYS` such days in a row kill.
    House rule (option ``meals = "daily"``): a biological character without a
    meal that day is Deprived by hunger until they eat; hunger does not kill.
    Events: ``Fed`` or ``WentWithout`` for water (then food), ``Died`` of thirst.
    """
    new = replace(sheet, water_due=sheet.water_due - 1)
    events: list[Event] = []
    water_used = food_used = 0
    if new.water_due <= 0:
        if water > 0:
            new, water_used = drink(new), 1
            events.append(vaarn_events.Fed("water"))
        else:
            new = replace(new, thirst_days=new.thirst_days + 1)
            events.append(vaarn_events.WentWithout("water", new.thirst_days))
    if daily_meals and meal_interval(new):
        new = replace(new, meal_due=new.meal_due - 1)
        if new.meal_due <= 0:
            if food > 0:
                new, food_used = eat(new), 1
                events.append(vaarn_events.Fed("food"))
            else:
                new = replace(new, hunger_days=new.hunger_days + 1)
                events.append(vaarn_events.WentWithout("food", new.hunger_days))
    if new.thirst_days >= DEADLY_THIRST_DAYS:
        new = replace(new, dead=True)
        events.append(events_fight.Died(PLAYER, CAUSE_THIRST))
    return DayResult(new, water_used, food_used, tuple(events))


# -- character creation ---------------------------------------------------------------

def blank_sheet() -> VaarnSheet:
    """A player sheet at its starting values (abilities 0, HP 1)."""
    return VaarnSheet()


def roll_ability(dice: Dice) -> tuple[int, tuple[int, int, int]]:
    """3d6; the lowest die is the bonus (Vaarn's public material)."""
    faces = (dice.roll(6), dice.roll(6), dice.roll(6))
    return min(faces), faces


#: The least max HP a rolled character starts with, by option ``starting_hp``.
STARTING_HP_LEAST: dict[str, int] = {"d8": 1, "d8-at-least-4": 4}


def new_character(stats: Mapping[str, Any] | None, dice: Dice, *, least_hp: int = 1) -> VaarnSheet:
    """A player from content stats, rolling what they leave out.

    Dice, in order: 3d6 for each ability missing from ``stats`` (STR DEX CON INT
    PSY EGO; the lowest die is the bonus), then a d8 for max HP unless ``hp`` or
    ``max_hp`` is given (at least ``least_hp``: option ``starting_hp``).  Without stats that is the full creation roll (19 faces).
    Swapping two abilities (Vaarn's public material) is the player's choice: :func:`swap_abilities`.
    A ``kit`` (item ids: the starting kit of Vaarn's public material, whose Exotica
    seed 001 §Advancement calls "of the starting equipment") is not on the
    sheet: the engine hands those items over (``game.engine.new_state``).
    """
    stats = dict(stats or {})
    problems = stat_findings(stats)
    if problems:
        raise ContentError([f"vaarn: player stats: {p.reason}" for p in problems], problems)
    data = blank_sheet().to_data()
    data.update({ability: stats[ability] if ability in stats else roll_ability(dice)[0] for ability in ABILITIES})
    if "max_hp" in stats or "hp" in stats:
        max_hp = int(stats.get("max_hp", max(int(stats.get("hp", 1)), 1)))
    else:
        max_hp = max(dice.roll(8), least_hp)
    data.update({key: value for key, value in stats.items() if key not in ABILITIES and key != "kit"})
    data["max_hp"] = max_hp
    data["hp"] = int(stats.get("hp", max_hp))
    sheet = VaarnSheet.from_data(data)
    return replace(sheet, water_due=water_interval(sheet))


def swap_abilities(sheet: VaarnSheet, first: str, second: str) -> VaarnSheet:
    """Swap two abilities' bonuses (allowed once, at creation: Vaarn's public material)."""
    for ability in (first, second):
        if ability not in ABILITIES:
            raise UsageError(f"vaarn: unknown ability '{ability}'; abilities: {', '.join(ABILITIES)}")
    return replace(sheet, abilities={**sheet.abilities, first: bonus(sheet, second), second: bonus(sheet, first)})


# -- exotica ---------------------------------------------------------------------------

def identify_exotica(sheet: VaarnSheet, difficulty: str, situation: Situation, dice: Dice) -> RollResult:
    """An INT save to puzzle out an Exotica (seed 001 §Exotica); difficulty as any check."""
    return saves.roll_save(saves.check_request(sheet, "identify", difficulty, situation), dice, RULE_EXOTICA)


# -- advancement ------------------------------------------------------------------------

@dataclass(frozen=True)
class Advance:
    """What advancing did: the new sheet, levels gained, events and the max-HP rolls."""

    sheet: VaarnSheet
    levels: int = 0
    events: tuple[Event, ...] = ()
    rolls: tuple[RollResult, ...] = ()


def base_bonus(sheet: VaarnSheet, ability: str) -> int:
    """The bonus before depletion: the figure capped at +10."""
    return bonus(sheet, ability) + sheet.depleted.get(ability, 0)


def level_up(sheet: VaarnSheet, dice: Dice, allocation: Mapping[str, int] | None = None) -> Advance:
    """One level: d8 more max HP (and HP, unless below 0) and three ability points.

    Seed 001 §Advancement.  With ``allocation`` the points are spent at once;
    otherwise they wait in ``ability_points`` for :func:`spend_points`.  At level
    10 nothing happens and no die is read.
    """
    if sheet.level >= MAX_LEVEL:
        return Advance(sheet, 0, (vaarn_events.LevelCapped(MAX_LEVEL),))
    face, roll = wounds.die_roll("Level up: max HP", 8, dice, RULE_ADVANCE)
    new = replace(sheet, level=sheet.level + 1, max_hp=sheet.max_hp + face,
                  hp=sheet.hp + face if sheet.hp >= 0 else sheet.hp,
                  ability_points=sheet.ability_points + POINTS_PER_LEVEL)
    events = (vaarn_events.LevelGained(new.level, face, new.max_hp, POINTS_PER_LEVEL),)
    if allocation is not None:
        new = spend_points(new, allocation)
    return Advance(new, 1, events, (roll,))


def spend_points(sheet: VaarnSheet, allocation: Mapping[str, int]) -> VaarnSheet:
    """Raise abilities with unspent points; none may pass +10 before depletion (UsageError)."""
    available = sheet.ability_points
    new = sheet
    for ability, points in allocation.items():
        if ability not in ABILITIES:
            raise UsageError(f"vaarn: unknown ability '{ability}'; abilities: {', '.join(ABILITIES)}")
        if points < 0:
            raise UsageError(f"vaarn: cannot spend {points} points on {ability.upper()}")
        if base_bonus(new, ability) + points > MAX_BONUS:
            raise UsageError(f"vaarn: {ability.upper()} cannot rise above +{MAX_BONUS}")
        new = new.with_ability(ability, bonus(new, ability) + points)
    spent = sum(allocation.values())
    if spent > available:
        raise UsageError(f"vaarn: {spent} points to spend but only {available} available")
    return replace(new, ability_points=available - spent)


def auto_allocation(sheet: VaarnSheet) -> dict[str, int]:
    """A suggestion: each unspent point to the lowest ability below the cap (STR first on ties)."""
    raised = {ability: base_bonus(sheet, ability) for ability in ABILITIES}
    allocation: dict[str, int] = {}
    for _ in range(sheet.ability_points):
        open_abilities = [a for a in ABILITIES if raised[a] < MAX_BONUS]
        if not open_abilities:
            break
        lowest = min(open_abilities, key=lambda a: raised[a])
        raised[lowest] += 1
        allocation[lowest] = allocation.get(lowest, 0) + 1
    return allocation


def advance(sheet: VaarnSheet, source: str, mode: str, dice: Dice,
            allocation: Mapping[str, int] | None = None, *, starting: bool = False,
            item: str = "") -> Advance:
    """Credit an Exotica traded in (``source="exotica"``) or an Expedition completed
    (``source="expedition"``) under the advancement ``mode`` (seed 001 §Advancement).

    exotica-for-xp / expeditions-for-xp: 1 XP; when XP equals the level, level
    up and erase XP.  exotica-for-levels: the Exotica raises the level at once.
    exotica-for-levels-faster (the seed's "even faster campaign"): every PC levels
    up for each Exotica traded, "excluding that of the starting equipment": an
    Exotica that was part of the starting equipment (``starting``; ``item`` names
    it) changes nothing but says so (:class:`StartingExotica`).  With one PC,
    "all PCs" is that PC.  A source the mode does not count changes nothing (no events).
    """
    if mode not in ADVANCEMENT:
        raise UsageError(f"vaarn: advancement must be one of {', '.join(ADVANCEMENT)}, not '{mode}'")
    if source not in ("exotica", "expedition"):
        raise UsageError(f"vaarn: advancement source must be exotica or expedition, not '{source}'")
    counts = mode.startswith("exotica") if source == "exotica" else mode == "expeditions-for-xp"
    if not counts:
        return Advance(sheet)
    if mode == FASTER and starting:
        return Advance(sheet, 0, (vaarn_events.StartingExotica(item),))
    if mode in ("exotica-for-levels", FASTER) or sheet.level >= MAX_LEVEL:
        return level_up(sheet, dice, allocation)
    new = replace(sheet, xp=sheet.xp + 1)
    if new.xp < new.level:
        return Advance(new, 0, (vaarn_events.XpGained(new.xp, new.level),))
    return level_up(replace(new, xp=0), dice, allocation)
