"""OpenD6 character sheets: stats, creation, NPC tiers, damage tracks, rest, points.

A sheet is a plain dict (TOML-safe, never None)::

    attributes        {attribute: die code string}   e.g. {"physique": "3D+1", ...}
    skills            {skill: die code string}       dice ADDED to the attribute
    armor             die code string                added to resistance rolls
    wound_level       0 healthy .. 6 dead            (wounds damage system)
    stun_rounds       rounds of stun left            (wounds)
    mortal_rounds     rounds spent mortally wounded  (wounds)
    body_points, body_points_max                     (body-points damage system only)
    character_points, fate_points
    fate_heroic       Fate Points spent at heroic moments, returned at the end
    tags              creature tags a weapon's bonus_against may name (optional)
    tier              NPCs only

Every function returns new dicts and never mutates its arguments.
"""
from __future__ import annotations

import copy
import difflib
from collections.abc import Mapping
from typing import Any

from game.errors import ActionRefused, ContentError
from game.rules.base import RestResult, RollResult, Sheet, Situation
from game.rules.dice import Dice
from game.rules.opend6_codes import (
    ATTRIBUTES,
    SKILLS,
    DieCode,
    difficulty_number,
    weapon_code,
)
from game.rules.opend6_roll import D6Request, roll

DAMAGE_SYSTEMS: tuple[str, ...] = ("wounds", "body-points")

# -- wounds (RULES-NOTES opend6; seed 002 §Taking Damage) ---------------------

WOUND_LEVELS: tuple[str, ...] = (
    "healthy", "stunned", "wounded", "severely wounded", "incapacitated", "mortally wounded", "dead",
)
STUNNED, WOUNDED, SEVERELY, INCAPACITATED, MORTAL, DEAD = 1, 2, 3, 4, 5, 6
#: Dice lost on every action at each wound level (House rule for levels 4-6: as severely wounded).
WOUND_PENALTY: tuple[int, ...] = (0, 1, 1, 2, 2, 2, 2)
#: (lowest margin, level) of the wound level chart, highest first.
_WOUND_CHART: tuple[tuple[int, int], ...] = ((16, DEAD), (13, MORTAL), (9, INCAPACITATED), (4, WOUNDED), (1, STUNNED))


def wound_from_margin(margin: int) -> int:
    """The wound level of damage beating the resistance roll by ``margin``.

    1-3 stunned, 4-8 wounded, 9-12 incapacitated, 13-15 mortally wounded,
    16+ dead; 0 or less no wound.
    """
    return next((level for lowest, level in _WOUND_CHART if margin >= lowest), 0)


def raise_wound(current: int, new: int) -> int:
    """The level after a new wound: the worse of the two, but a new wound at or
    below the current level raises it one level (a second wound makes severely wounded)."""
    if new == 0:
        return current
    return min(current + 1, DEAD) if new <= current else new


# -- reading sheets ------------------------------------------------------------

def attribute(sheet: Sheet, name: str) -> DieCode:
    """An attribute's die code (0D when the sheet lacks it)."""
    return DieCode.parse(sheet.get("attributes", {}).get(name, "0D"))


def skill_code(sheet: Sheet, skill: str) -> DieCode:
    """Attribute plus the skill's added dice: the code rolled for the skill."""
    added = DieCode.parse(sheet.get("skills", {}).get(skill, "0D"))
    return attribute(sheet, SKILLS[skill]) + added


def wound_penalty(sheet: Sheet) -> int:
    """Dice lost on actions for the current wound level."""
    return WOUND_PENALTY[sheet.get("wound_level", 0)]


def action_code(sheet: Sheet, skill: str, situation: Situation) -> DieCode:
    """The code rolled for an action: the skill, less wound dice, +1D with advantage,
    -1D with disadvantage (House rule)."""
    shift = -wound_penalty(sheet) + int(situation.advantage) - int(situation.disadvantage)
    return skill_code(sheet, skill).plus_dice(shift)


# -- content stats ---------------------------------------------------------------

_INT_KEYS = ("body_points", "character_points", "fate_points")
_STAT_KEYS = (*ATTRIBUTES, "skills", "armor", *_INT_KEYS, "tags")


def _suggest(word: str, known: tuple[str, ...] | list[str]) -> str:
    close = difflib.get_close_matches(word, known, n=1)
    return f" (did you mean {close[0]}?)" if close else f"; known: {', '.join(known)}"


def _code_problem(path: str, value: Any) -> str | None:
    if isinstance(value, bool):
        return f"{path}: expected a die code like 3D+1, got {value!r}"
    if isinstance(value, int):
        return None if value >= 0 else f"{path}: a die code cannot be negative"
    try:
        DieCode.parse(value)
    except ValueError as error:
        return f"{path}: {error}"
    return None


def _as_code(value: Any) -> str:
    """A content value (die code string, or int number of dice) as a normalised code string."""
    return str(DieCode(value)) if isinstance(value, int) else str(DieCode.parse(value))


def stats_problems(stats: Mapping[str, Any]) -> list[str]:
    """Every problem with an ``[...stats.opend6]`` table (empty when it is valid)."""
    problems: list[str] = []
    for key, value in stats.items():
        if key not in _STAT_KEYS:
            problems.append(f"{key}: unknown OpenD6 stat{_suggest(key, _STAT_KEYS)}")
        elif key in ATTRIBUTES or key == "armor":
            problems += filter(None, [_code_problem(key, value)])
        elif key == "skills":
            if not isinstance(value, Mapping):
                problems.append("skills: expected a table of skill = die code")
                continue
            for skill, code in value.items():
                if skill not in SKILLS:
                    problems.append(f"skills.{skill}: unknown skill{_suggest(skill, list(SKILLS))}")
                else:
                    problems += filter(None, [_code_problem(f"skills.{skill}", code)])
        elif key == "tags":
            if not isinstance(value, list) or not all(isinstance(tag, str) for tag in value):
                problems.append("tags: expected a list of words")
        elif isinstance(value, bool) or not isinstance(value, int) or value < (1 if key == "body_points" else 0):
            problems.append(f"{key}: expected a whole number of at least {1 if key == 'body_points' else 0}")
    return problems


def apply_stats(base: Sheet, stats: Mapping[str, Any]) -> Sheet:
    """``base`` overridden by content stats; ContentError listing every problem."""
    problems = stats_problems(stats)
    if problems:
        raise ContentError(problems)
    sheet = copy.deepcopy(base)
    for key, value in stats.items():
        if key in ATTRIBUTES:
            sheet["attributes"][key] = _as_code(value)
        elif key == "skills":
            sheet["skills"].update({skill: _as_code(code) for skill, code in value.items()})
        elif key == "armor":
            sheet["armor"] = _as_code(value)
        elif key == "tags":
            sheet["tags"] = list(value)
        else:
            sheet[key] = value
    if "body_points" in stats:
        sheet["body_points_max"] = stats["body_points"]
    return sheet


# -- creation ------------------------------------------------------------------

#: House rule: the 18D of attribute dice as a fixed spread, dealt to attributes by the dice.
ATTRIBUTE_SPREAD: tuple[str, ...] = ("4D", "3D+1", "3D", "3D", "2D+2", "2D")
#: House rule: 7D of skill dice: melee and dodge 1D each, then this spread dealt by the dice.
SKILL_SPREAD: tuple[str, ...] = ("2D", "1D", "1D", "1D")
FIXED_SKILLS: dict[str, str] = {"melee": "1D", "dodge": "1D"}
STARTING_CHARACTER_POINTS = 5
STARTING_FATE_POINTS = 1
BASE_BODY_POINTS = 20


def blank_sheet(attribute_code: str = "2D") -> Sheet:
    """A sheet with every attribute at ``attribute_code``, no skills, unhurt."""
    return {
        "attributes": {name: attribute_code for name in ATTRIBUTES},
        "skills": {},
        "armor": "0D",
        "wound_level": 0,
        "stun_rounds": 0,
        "mortal_rounds": 0,
        "character_points": 0,
        "fate_points": 0,
        "fate_heroic": 0,
    }


def _deal(values: tuple[str, ...], names: list[str], dice: Dice) -> dict[str, str]:
    """Give each value, in order, to a name drawn by one die roll of the names left.

    The last value goes to the last name left without a roll when only one is left.
    """
    left = list(names)
    dealt: dict[str, str] = {}
    for value in values:
        pick = dice.roll(len(left)) if len(left) > 1 else 1
        dealt[left.pop(pick - 1)] = value
    return dealt


def body_points_roll(sheet: Sheet, dice: Dice, wild_one: str) -> tuple[int, RollResult]:
    """Body Points = 20 + a Physique roll (RULES-NOTES opend6); returns (points, roll)."""
    result = roll(D6Request.of(attribute(sheet, "physique"), None, wild_one, "Physique"), dice)
    return BASE_BODY_POINTS + int(result.figures["total"]), result


def new_character(stats: Mapping[str, Any] | None, dice: Dice, damage: str, wild_one: str) -> Sheet:
    """A player sheet from content stats, or by the creation House rule.

    Without stats, faces are read in this order: five faces dealing the
    attribute spread (a d6, d5, d4, d3, d2 over the attributes left, in
    :data:`ATTRIBUTES` order), then four faces dealing the skill spread over
    the skills left (d14, d13, d12, d11), then, under body-points, the
    Physique roll.  With stats, attributes they omit are 2D and only the
    Physique roll (body-points without ``body_points``) is read.
    """
    sheet = blank_sheet()
    sheet["character_points"] = STARTING_CHARACTER_POINTS
    sheet["fate_points"] = STARTING_FATE_POINTS
    if stats is None:
        sheet["attributes"] = {**sheet["attributes"], **_deal(ATTRIBUTE_SPREAD, list(ATTRIBUTES), dice)}
        others = [skill for skill in SKILLS if skill not in FIXED_SKILLS]
        sheet["skills"] = {**FIXED_SKILLS, **_deal(SKILL_SPREAD, others, dice)}
    else:
        sheet = apply_stats(sheet, stats)
    if damage == "body-points" and "body_points" not in sheet:
        points, _ = body_points_roll(sheet, dice, wild_one)
        sheet["body_points"] = sheet["body_points_max"] = points
    return sheet


#: tier -> (attribute code, added dice of melee, dodge and marksmanship, armor code). House rule.
TIERS: dict[int, tuple[str, str, str]] = {
    1: ("2D", "1D", "0D"),
    2: ("2D+2", "1D+1", "0D"),
    3: ("3D", "2D", "0D+2"),
    4: ("3D+2", "2D+1", "1D"),
    5: ("4D+1", "3D", "1D+2"),
}
COMBAT_SKILLS: tuple[str, ...] = ("melee", "dodge", "marksmanship")


def npc_sheet(tier: int, stats: Mapping[str, Any] | None, damage: str) -> Sheet:
    """An NPC sheet from its tier (clamped to 1..5), overridden by content stats.

    NPCs have no Character or Fate Points.  Under body-points they have
    20 + their average Physique roll (3.5 a die, rounded down) unless the
    stats give ``body_points`` (House rule: NPC sheets are made without dice).
    """
    tier = min(max(tier, 1), 5)
    attribute_code, combat, armor = TIERS[tier]
    sheet = blank_sheet(attribute_code)
    sheet["skills"] = {skill: combat for skill in COMBAT_SKILLS}
    sheet["armor"] = armor
    sheet["tier"] = tier
    sheet = apply_stats(sheet, stats or {})
    if damage == "body-points" and "body_points" not in sheet:
        points = BASE_BODY_POINTS + int(attribute(sheet, "physique").mean)
        sheet["body_points"] = sheet["body_points_max"] = points
    return sheet


# -- damage ------------------------------------------------------------------------

#: House rule: under body-points a character is down at 0 and dead at this or below.
DEAD_BODY_POINTS = -10


def take_wound(sheet: Sheet, margin: int) -> Sheet:
    """The sheet after damage beat the resistance roll by ``margin`` (wounds system)."""
    new = copy.deepcopy(sheet)
    level = raise_wound(sheet.get("wound_level", 0), wound_from_margin(margin))
    new["wound_level"] = level
    new["stun_rounds"] = 2 if level == STUNNED else 0
    if level != MORTAL:
        new["mortal_rounds"] = 0
    return new


def lose_body_points(sheet: Sheet, amount: int) -> Sheet:
    """The sheet after losing ``amount`` Body Points (body-points system)."""
    new = copy.deepcopy(sheet)
    new["body_points"] = sheet.get("body_points", 0) - max(amount, 0)
    return new


def condition(sheet: Sheet, damage: str) -> str:
    """ok, down (incapacitated or mortally wounded; 0 Body Points or fewer) or dead."""
    if damage == "body-points":
        points = sheet.get("body_points", 0)
        return "dead" if points <= DEAD_BODY_POINTS else "down" if points <= 0 else "ok"
    level = sheet.get("wound_level", 0)
    return "dead" if level >= DEAD else "down" if level >= INCAPACITATED else "ok"


def health(sheet: Sheet, damage: str) -> str:
    """``BP 23/31`` or the wound level with its penalty, e.g. ``wounded (-1D)``."""
    if damage == "body-points":
        return f"BP {sheet.get('body_points', 0)}/{sheet.get('body_points_max', 0)}"
    level = sheet.get("wound_level", 0)
    penalty = WOUND_PENALTY[level]
    return WOUND_LEVELS[level] + (f" (-{penalty}D)" if penalty and level < INCAPACITATED else "")


# -- rest and rounds ---------------------------------------------------------------

#: House rule: the Physique roll that heals one wound level on a long rest.
HEAL_DIFFICULTY: dict[int, str] = {WOUNDED: "easy", SEVERELY: "easy", INCAPACITATED: "normal", MORTAL: "normal"}
#: One level better: healed from wounded straight to healthy.
HEALED_LEVEL: dict[int, int] = {WOUNDED: 0, SEVERELY: WOUNDED, INCAPACITATED: SEVERELY, MORTAL: INCAPACITATED}


def rest(sheet: Sheet, kind: str, fed: bool, dice: Dice, damage: str, wild_one: str) -> RestResult:
    """Rest (House rule; the seed has no healing rules).

    Any rest clears a stun.  Only a ``long`` rest while ``fed`` heals: under
    wounds, a Physique roll against :data:`HEAL_DIFFICULTY` heals one level;
    under body-points, the Physique roll's total comes back (up to the
    maximum).  The dead stay dead.  Faces: the one Physique roll, if any.
    """
    if kind not in ("short", "long"):
        raise ValueError(f"rest kind must be short or long, not {kind!r}")
    if condition(sheet, damage) == "dead":
        return RestResult(copy.deepcopy(sheet), ("The dead do not rest.",))
    new = copy.deepcopy(sheet)
    lines: list[str] = []
    if new.get("wound_level", 0) == STUNNED:
        new["wound_level"], new["stun_rounds"] = 0, 0
        lines.append("The stun wears off.")
    if kind == "short":
        return RestResult(new, (*lines, "A short rest steadies you, but heals nothing."))
    if not fed:
        return RestResult(new, (*lines, "Hungry and thirsty, you do not heal."))
    physique = attribute(sheet, "physique")
    if damage == "body-points":
        result = roll(D6Request.of(physique, None, wild_one, "Physique"), dice)
        top = new.get("body_points_max", 0)
        gained = max(min(int(result.figures["total"]), top - new.get("body_points", 0)), 0)
        new["body_points"] = new.get("body_points", 0) + gained
        return RestResult(new, (*lines, f"You recover {gained} Body Points ({health(new, damage)})."), (result,))
    level = new.get("wound_level", 0)
    if level not in HEAL_DIFFICULTY:
        return RestResult(new, (*lines, "You wake rested."))
    request = D6Request.of(physique, difficulty_number(HEAL_DIFFICULTY[level]), wild_one, "Physique")
    result = roll(request, dice)
    if result.succeeded:
        new["wound_level"], new["mortal_rounds"] = HEALED_LEVEL[level], 0
        lines.append(f"Your wounds mend: now {WOUND_LEVELS[new['wound_level']]}.")
    else:
        lines.append(f"Your wounds do not mend: still {WOUND_LEVELS[level]}.")
    return RestResult(new, tuple(lines), (result,))


#: House rule: a healing roll mends one wound level for each full 5 it totals, at least one.
HEAL_PER_LEVEL = 5


def heal(sheet: Sheet, healing: str, dice: Dice, damage: str, wild_one: str) -> RestResult:
    """Healing from a potion, a gift or an exotica (House rule; the seed has no healing).

    ``healing`` is a die such as ``d6``, mapped to a code as weapon damage is
    (d6 = 1D+2) and rolled open.  Body points: the total comes back, up to the
    maximum.  Wounds: one level better (as after a long rest, wounded straight to
    healthy, a stun cleared) for each full 5 of the total, at least one.  Nothing
    is rolled for the unhurt or the dead.  Faces: that one roll.
    """
    new = copy.deepcopy(sheet)
    if condition(sheet, damage) == "dead":
        return RestResult(new, ("The dead are past healing.",))
    hurt = (new.get("body_points", 0) < new.get("body_points_max", 0)) if damage == "body-points" \
        else new.get("wound_level", 0) > 0
    if not hurt:
        return RestResult(new, ("You are not hurt: it does nothing for you.",))
    result = roll(D6Request.of(weapon_code(healing), None, wild_one, "healing"), dice)
    total = int(result.figures["total"])
    if damage == "body-points":
        gained = min(total, new.get("body_points_max", 0) - new.get("body_points", 0))
        new["body_points"] = new.get("body_points", 0) + gained
        return RestResult(new, (f"You recover {gained} Body Points ({health(new, damage)}).",), (result,))
    level = new.get("wound_level", 0)
    for _ in range(max(1, total // HEAL_PER_LEVEL)):
        level = 0 if level == STUNNED else HEALED_LEVEL.get(level, level)
    new["wound_level"], new["stun_rounds"] = level, 0
    if level != MORTAL:
        new["mortal_rounds"] = 0
    return RestResult(new, (f"The healing takes hold: you are now {WOUND_LEVELS[level]}.",), (result,))


def end_round(sheet: Sheet, dice: Dice, damage: str, wild_one: str) -> RestResult:
    """What the end of a combat round does to ``sheet`` (wounds system).

    A stun lasts for the round it was taken and the next (RULES-NOTES), so it
    clears at the second round's end.  A mortally wounded character counts one
    more round and rolls Physique: below the count, death (House rule after
    the D6 Adventure rule).  Faces: that Physique roll, if any.
    """
    new = copy.deepcopy(sheet)
    level = sheet.get("wound_level", 0)
    if damage != "wounds":
        return RestResult(new)
    if level == STUNNED:
        new["stun_rounds"] = max(sheet.get("stun_rounds", 0) - 1, 0)
        if new["stun_rounds"] == 0:
            new["wound_level"] = 0
            return RestResult(new, ("The stun wears off.",))
        return RestResult(new)
    if level != MORTAL:
        return RestResult(new)
    new["mortal_rounds"] = rounds = sheet.get("mortal_rounds", 0) + 1
    result = roll(D6Request.of(attribute(sheet, "physique"), rounds, wild_one, "Physique"), dice)
    if result.succeeded:
        return RestResult(new, ("Mortally wounded, you cling to life.",), (result,))
    new["wound_level"] = DEAD
    return RestResult(new, ("The mortal wound claims its victim.",), (result,))


# -- Character Points and Fate Points (seed 002 §Improving Rolls) --------------------

_POINT_KEYS = {"character": "character_points", "fate": "fate_points"}


def spend_point(sheet: Sheet, kind: str, heroic: bool = False) -> Sheet:
    """The sheet with one ``character`` or ``fate`` point spent.

    A Fate Point spent at a brave, heroic or climactic moment (``heroic``) is
    remembered in ``fate_heroic`` and comes back at the end of the adventure.
    ActionRefused when none is left.
    """
    key = _POINT_KEYS[kind]
    if sheet.get(key, 0) < 1:
        raise ActionRefused(f"You have no {kind.title()} Points left.")
    new = copy.deepcopy(sheet)
    new[key] = sheet[key] - 1
    if kind == "fate" and heroic:
        new["fate_heroic"] = sheet.get("fate_heroic", 0) + 1
    return new


def end_adventure(sheet: Sheet, goals_completed: int = 0) -> Sheet:
    """Points at the end of an adventure (seed 002 §Improving Rolls).

    Fate Points spent heroically come back.  House rule for "completing goals
    and playing well": 1 Character Point for finishing plus 1 per goal completed.
    """
    new = copy.deepcopy(sheet)
    new["character_points"] = sheet.get("character_points", 0) + 1 + max(goals_completed, 0)
    new["fate_points"] = sheet.get("fate_points", 0) + sheet.get("fate_heroic", 0)
    new["fate_heroic"] = 0
    return new
