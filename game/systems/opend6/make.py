"""OpenD6 characters made: content stats checked and applied, player creation, NPC tiers.

Every choice here is a House rule written in ``docs/rules/opend6.md`` (the seed
has no creation rules).  Functions return new :class:`~game.systems.opend6.types.D6Sheet`
records and never mutate their arguments.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from game.errors import ContentError, StatProblem
from game.rules.base import RollResult, did_you_mean
from game.rules.dice import Dice
from game.rules.stat_spec import DIE_CODE_REGEX, DIE_REGEX, Stat, StatTable, unknown
from game.systems.opend6.codes import ATTRIBUTES, SKILLS, DieCode
from game.systems.opend6.roll import D6Request, roll
from game.systems.opend6.sheet import skill_code
from game.systems.opend6.types import D6Sheet, Specialization, covers_reason, full_name, name_problem, split_name

# -- content stats ---------------------------------------------------------------

#: A die code as content writes it: ``3D+1``, or a whole number of dice.
_CODE = Stat("code", 0)
#: A specialization in the long form: its code and what it covers.
_SPECIALIZATION = Stat("table", keys={"code": _CODE, "covers": Stat("words")}, required=("code",))
#: The keys of ``[player.stats.opend6]`` and ``[npcs.X.stats.opend6]``: attribute and armour codes,
#: ``skills`` (skill = code), ``specializations`` ("SKILL: FOCUS" = code, or the long form),
#: whole numbers of points and ``tags``.
PLAYER_STATS: StatTable = {
    **{attribute: _CODE for attribute in ATTRIBUTES},
    "skills": Stat("table", keys={skill: _CODE for skill in SKILLS}),
    "specializations": Stat("entries", value=_CODE, value_or=_SPECIALIZATION,
                            names=rf"^\s*({'|'.join(SKILLS)})\s*:\s*\S"),
    "armor": _CODE, "body_points": Stat("int", 1), "character_points": Stat("int", 0),
    "fate_points": Stat("int", 0), "tags": Stat("words"),
}
NPC_STATS: StatTable = PLAYER_STATS
#: The keys of ``[items.X.stats.opend6]``: a weapon's ``damage`` (a die such as d8, or a die
#: code) and an armour's ``armor`` code.
ITEM_STATS: StatTable = {
    "damage": Stat("text", pattern=rf"{DIE_REGEX}|{DIE_CODE_REGEX}"), "armor": _CODE,
}


def _suggest(word: str, known: tuple[str, ...] | list[str]) -> str:
    return did_you_mean(word, known) or f"; known: {', '.join(known)}"


def _code_problem(value: Any) -> str | None:
    """Why ``value`` is not a die code (a string such as ``3D+1``, or a number of dice), or None."""
    if isinstance(value, bool):
        return f"expected a die code like 3D+1, got {value!r}"
    if isinstance(value, int):
        return None if value >= 0 else "a die code cannot be negative"
    try:
        DieCode.parse(value)
    except ValueError as error:
        return str(error)
    return None


def _at(path: tuple[str, ...], reason: str | None) -> list[StatProblem]:
    return [] if reason is None else [StatProblem(path, reason)]


def _line(problem: StatProblem) -> str:
    """A problem as OpenD6's messages give it: ``skills.melee: why``."""
    return f"{'.'.join(problem.path)}: {problem.reason}"


def _refused(problems: list[StatProblem]) -> ContentError:
    return ContentError([_line(problem) for problem in problems], problems)


def _as_code(value: Any) -> DieCode:
    """A content value (die code string, or int number of dice) as a die code."""
    return DieCode(value) if isinstance(value, int) else DieCode.parse(value)


def stats_problems(stats: Mapping[str, Any]) -> list[str]:
    """Every problem with an ``[...stats.opend6]`` table, one message each (empty when it is valid)."""
    return [_line(problem) for problem in stat_findings(stats)]


def stat_findings(stats: Mapping[str, Any]) -> list[StatProblem]:
    """Every problem with an ``[...stats.opend6]`` table at its key path (empty when it is valid)."""
    problems: list[StatProblem] = []
    for key, value in stats.items():
        if key in SKILLS:
            problems += _at((key,), f"a skill, not an attribute: put it in skills = {{ {key} = ... }}")
        elif unknown(PLAYER_STATS, key):
            problems += _at((key,), f"unknown OpenD6 stat{_suggest(key, list(PLAYER_STATS))}")
        elif PLAYER_STATS[key].kind == "code":
            problems += _at((key,), _code_problem(value))
        elif key == "skills":
            if not isinstance(value, Mapping):
                problems += _at((key,), "expected a table of skill = die code")
                continue
            for skill, code in value.items():
                if unknown(PLAYER_STATS["skills"].keys, skill):
                    problems += _at((key, skill), f"unknown skill{_suggest(skill, list(SKILLS))}")
                else:
                    problems += _at((key, skill), _code_problem(code))
        elif key == "specializations":
            problems += _specialization_problems(value)
        elif PLAYER_STATS[key].kind == "words":
            problems += _at((key,), PLAYER_STATS[key].problem(value))
        elif isinstance(value, bool) or not isinstance(value, int) or PLAYER_STATS[key].problem(value):
            problems += _at((key,), f"expected a whole number of at least {PLAYER_STATS[key].low}")
    return problems


def _specialization_problems(table: Any) -> list[StatProblem]:
    """Problems of a content ``specializations`` table: ``"SKILL: FOCUS" = "5D"`` (covering the
    focus itself), or ``"SKILL: FOCUS" = { code = "5D", covers = [...] }``."""
    if not isinstance(table, Mapping):
        return _at(("specializations",), 'expected a table of "SKILL: FOCUS" = die code')
    problems: list[StatProblem] = []
    for name, value in table.items():
        where = ("specializations", str(name))
        problem = name_problem(str(name))
        if problem:
            problems += _at(where, problem)
            continue
        skill, focus = split_name(str(name))
        if isinstance(value, Mapping):
            long_form = _SPECIALIZATION.keys
            extra = sorted(str(k) for k in value if unknown(long_form, k))
            if extra or "code" not in value:
                problems += _at((*where, extra[0]), f"unknown ({', '.join(long_form)})") if extra \
                    else _at((*where, "code"), "missing")
                continue
            code, covers = value["code"], value.get("covers", [focus])
        else:
            code, covers = value, [focus]
        problems += _at((*where, "code") if isinstance(value, Mapping) else where, _code_problem(code))
        problems += _at((*where, "covers"), covers_reason(skill, covers))
    return problems


def _with_specializations(sheet: D6Sheet, table: Mapping[str, Any]) -> D6Sheet:
    """``sheet`` with the content's specializations; ContentError when one is not above its skill
    (OpenD6: a specialization is bought above the skill it narrows)."""
    found = dict(sheet.specializations)
    problems: list[StatProblem] = []
    for name, value in table.items():
        skill, focus = split_name(str(name))
        code = _as_code(value["code"] if isinstance(value, Mapping) else value)
        covers = tuple(value.get("covers", [focus])) if isinstance(value, Mapping) else (focus,)
        if code <= skill_code(sheet, skill):
            problems += _at(("specializations", str(name)), f"{code} is not above {skill} {skill_code(sheet, skill)}")
        found[full_name(str(name))] = Specialization(skill, code, covers)
    if problems:
        raise _refused(problems)
    return dataclasses.replace(sheet, specializations=found)


def apply_stats(base: D6Sheet, stats: Mapping[str, Any]) -> D6Sheet:
    """``base`` overridden by content stats; ContentError listing every problem."""
    problems = stat_findings(stats)
    if problems:
        raise _refused(problems)
    attributes = {**base.attributes, **{k: _as_code(v) for k, v in stats.items() if k in ATTRIBUTES}}
    skills = {**base.skills, **{skill: _as_code(code) for skill, code in stats.get("skills", {}).items()}}
    sheet = dataclasses.replace(base, attributes=attributes, skills=skills)
    if "armor" in stats:
        sheet = dataclasses.replace(sheet, armor=_as_code(stats["armor"]))
    if "tags" in stats:
        sheet = dataclasses.replace(sheet, tags=tuple(stats["tags"]))
    for key in ("character_points", "fate_points"):
        if key in stats:
            sheet = dataclasses.replace(sheet, **{key: stats[key]})
    if "body_points" in stats:
        sheet = dataclasses.replace(sheet, body_points=stats["body_points"], body_points_max=stats["body_points"])
    if "specializations" in stats:
        sheet = _with_specializations(sheet, stats["specializations"])
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


def blank_sheet(attribute_code: str = "2D") -> D6Sheet:
    """A sheet with every attribute at ``attribute_code``, no skills, unhurt, no points."""
    return D6Sheet(attributes={name: DieCode.parse(attribute_code) for name in ATTRIBUTES})


def _deal(values: tuple[str, ...], names: list[str], dice: Dice) -> dict[str, DieCode]:
    """Give each value, in order, to a name drawn by one die roll of the names left.

    The last value goes to the last name left without a roll when only one is left.
    """
    left = list(names)
    dealt: dict[str, DieCode] = {}
    for value in values:
        pick = dice.roll(len(left)) if len(left) > 1 else 1
        dealt[left.pop(pick - 1)] = DieCode.parse(value)
    return dealt


def body_points_roll(sheet: D6Sheet, dice: Dice, wild_one: str) -> tuple[int, RollResult]:
    """Body Points = 20 + a Physique roll (OpenD6's public rules); returns (points, roll)."""
    result = roll(D6Request.of(sheet.attribute("physique"), None, wild_one, "Physique"), dice)
    return BASE_BODY_POINTS + int(result.figures["total"]), result


def new_character(stats: Mapping[str, Any] | None, dice: Dice, damage: str, wild_one: str) -> D6Sheet:
    """A player sheet from content stats, or by the creation House rule.

    Without stats, faces are read in this order: five faces dealing the
    attribute spread (a d6, d5, d4, d3, d2 over the attributes left, in
    :data:`ATTRIBUTES` order), then four faces dealing the skill spread over
    the skills left (d14, d13, d12, d11), then, under body-points, the
    Physique roll.  With stats, attributes they omit are 2D and only the
    Physique roll (body-points without ``body_points``) is read.
    """
    sheet = dataclasses.replace(blank_sheet(), character_points=STARTING_CHARACTER_POINTS,
                                fate_points=STARTING_FATE_POINTS)
    if stats is None:
        attributes = {**sheet.attributes, **_deal(ATTRIBUTE_SPREAD, list(ATTRIBUTES), dice)}
        others = [skill for skill in SKILLS if skill not in FIXED_SKILLS]
        fixed = {skill: DieCode.parse(code) for skill, code in FIXED_SKILLS.items()}
        sheet = dataclasses.replace(sheet, attributes=attributes, skills={**fixed, **_deal(SKILL_SPREAD, others, dice)})
    else:
        sheet = apply_stats(sheet, stats)
    if damage == "body-points" and sheet.body_points is None:
        points, _ = body_points_roll(sheet, dice, wild_one)
        sheet = dataclasses.replace(sheet, body_points=points, body_points_max=points)
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


def npc_sheet(tier: int, stats: Mapping[str, Any] | None, damage: str, creature: str) -> D6Sheet:
    """An NPC sheet from its tier (clamped to 1..5), overridden by content stats.

    NPCs have no Character or Fate Points.  Under body-points they have
    20 + their average Physique roll (3.5 a die, rounded down) unless the
    stats give ``body_points`` (House rule: NPC sheets are made without dice).
    """
    tier = min(max(tier, 1), 5)
    attribute_code, combat, armor = TIERS[tier]
    sheet = dataclasses.replace(
        blank_sheet(attribute_code), skills={skill: DieCode.parse(combat) for skill in COMBAT_SKILLS},
        armor=DieCode.parse(armor), tier=tier, creature=creature)
    sheet = apply_stats(sheet, stats or {})
    if damage == "body-points" and sheet.body_points is None:
        points = BASE_BODY_POINTS + int(sheet.attribute("physique").mean)
        sheet = dataclasses.replace(sheet, body_points=points, body_points_max=points)
    return sheet
