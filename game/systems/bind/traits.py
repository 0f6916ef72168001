"""BIND character sheets: Attributes, Skills, check bonuses, teamwork, stacking, creation, NPC tiers.

A sheet is a frozen :class:`~game.systems.bind.sheet.BindSheet` (docs/rules/bind.md,
"The sheet").

seed 003 §Basic Actions: a roll adds an Attribute and a Skill.  Where the seed
is silent (the list of Skills, creation, NPC statistics) the choices are house
rules written down in docs/rules/bind.md.
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from game.errors import ContentError, StatProblem, UsageError
from game.rules.base import did_you_mean
from game.rules.dice import Dice, roll_many
from game.rules.stat_spec import Stat, StatTable, ints, unknown
from game.systems.bind.sheet import ATTRIBUTES, SKILLS, Armour, BindSheet

__all__ = ["ATTRIBUTES", "SKILLS"]  # defined with the sheet, re-exported here
#: Each system-neutral kind -> (Attribute, Skill).  "force" is Strength + Crafts, as in the
#: door-kicking example of seed 003 §One Roll Only; "fight" is Dexterity + Combat (BIND's public rules).
KIND_TRAITS: dict[str, tuple[str, str]] = {
    "force": ("strength", "crafts"),
    "climb": ("dexterity", "athletics"),
    "sneak": ("dexterity", "stealth"),
    "dodge": ("speed", "vigilance"),
    "fight": ("dexterity", "combat"),
    "shoot": ("dexterity", "projectiles"),
    "perceive": ("wits", "vigilance"),
    "search": ("intelligence", "vigilance"),
    "identify": ("intelligence", "academics"),
    "tinker": ("dexterity", "crafts"),
    "lore": ("intelligence", "academics"),
    "survive": ("wits", "survival"),
    "resist": ("strength", "survival"),
    "will": ("wits", "academics"),
    "persuade": ("charisma", "empathy"),
    "intimidate": ("strength", "deceit"),
    "heal": ("wits", "medicine"),
}
#: seed 003 §Teamwork: "Some tasks, such as fleeing or sneaking, do not benefit at all";
#: house rule: nor do personal resistances and blows (each fighter attacks on their own).
SOLO_KINDS: frozenset[str] = frozenset({"sneak", "dodge", "resist", "will", "fight", "shoot"})
#: The kind an NPC resists each kind with (seed 003 §Resisted Actions; house rule table).
OPPOSED_BY: dict[str, str] = {
    "sneak": "perceive", "perceive": "sneak", "persuade": "will", "intimidate": "will",
    "fight": "fight", "shoot": "dodge", "force": "force", "climb": "force", "search": "sneak",
}
#: seed 003 §Teamwork: up to three other characters help.
MAX_HELPERS = 3
#: How helpers add up: ``stack`` (the first helper adds half, each further one half again,
#: seed 003 §Stacking), or each helper half rounded ``down`` or ``up`` (§Teamwork).
TEAMWORK_ROUNDING: tuple[str, ...] = ("stack", "down", "up")

BASE_HP = 6  # BIND's public rules: HP = 6 + Strength bonus
MIN_HP = 1   # house rule: even a Strength -6 weakling has 1 HP


# -- reading sheets -----------------------------------------------------------

def attribute(sheet: BindSheet, name: str) -> int:
    return sheet.attribute(name)


def skill(sheet: BindSheet, name: str) -> int:
    return sheet.skill(name)


def fatigue_penalty(sheet: BindSheet) -> int:
    """BIND's public rules: each Fatigue point above current HP is -1 to actions.

    House rule: HP below 0 count as 0 here (the points below 0 already raise the
    TN of saving a life; they are not counted twice).
    """
    return max(0, sheet.fatigue - max(0, sheet.hp))


def encumbrance_of(sheet: BindSheet, carried_weight: int) -> int:
    """seed 003 §Weight & Encumbrance: a point per increment the load is above Strength.

    House rule: a bare combined load (``Situation.carried_weight``) is judged as one
    item; the game passes each item's own Encumbrance instead (``BindSituation``).
    A load of 0 is nothing carried: no Encumbrance, even for a negative Strength.
    """
    if carried_weight == 0:
        return 0
    return max(0, carried_weight - attribute(sheet, "strength"))


def ap_penalty(sheet: BindSheet) -> int:
    """Action points below 0 are "a penalty to all actions equal to their negative score"
    (BIND's public combat chapter; option ``action_points``; 0 when not in use)."""
    return max(0, -sheet.ap)


def traits_bonus(sheet: BindSheet, attr: str, skill_name: str, carried_weight: int = 0,
                 encumbrance: int | None = None) -> int:
    """Attribute + Skill - Fatigue penalty - AP penalty; Speed rolls also lose the Encumbrance
    (seed 003 §Weight).

    ``encumbrance``, when given, is the Encumbrance itself; otherwise it is worked
    out from ``carried_weight`` by :func:`encumbrance_of`.
    """
    bonus = attribute(sheet, attr) + skill(sheet, skill_name) - fatigue_penalty(sheet) - ap_penalty(sheet)
    if attr == "speed":
        if encumbrance is None:
            encumbrance = encumbrance_of(sheet, carried_weight) if carried_weight else sheet.encumbrance
        bonus -= encumbrance
    return bonus


def kind_traits(kind: str) -> tuple[str, str]:
    """The (Attribute, Skill) of a neutral check kind; UsageError naming an unknown kind."""
    try:
        return KIND_TRAITS[kind]
    except KeyError:
        raise UsageError(f"bind: unknown check kind '{kind}'; kinds: {', '.join(KIND_TRAITS)}") from None


def kind_bonus(sheet: BindSheet, kind: str, carried_weight: int = 0) -> int:
    """The roll bonus of ``sheet`` for a neutral check kind."""
    attr, skill_name = kind_traits(kind)
    return traits_bonus(sheet, attr, skill_name, carried_weight)


# -- stacking and teamwork ------------------------------------------------------

def _round_half_up(value: Fraction) -> int:
    return math.floor(value + Fraction(1, 2))


def stack(values: Iterable[int]) -> int:
    """seed 003 §Stacking: the best counts fully, the second half, the third a quarter, then an eighth...

    Each share is rounded on its own, halves up, exactly as the seed's table:
    Alicia +3, Snowstorm 3/2 -> +2, Chatrik 2/4 -> +1, Drake 1/8 -> 0: total +6.
    Two people pushing with Strength +2 count as +3.
    """
    ordered = sorted(values, reverse=True)
    return sum(_round_half_up(Fraction(value, 2**i)) for i, value in enumerate(ordered))


def teamwork_shares(helper_bonuses: Iterable[int], rounding: str = "down") -> list[int]:
    """What each counted helper adds, best helper first (see :func:`teamwork_bonus`)."""
    if rounding not in TEAMWORK_ROUNDING:
        raise UsageError(f"bind: teamwork rounding must be one of {', '.join(TEAMWORK_ROUNDING)}, not '{rounding}'")
    helpers = sorted((b for b in helper_bonuses if b > 0), reverse=True)[:MAX_HELPERS]
    if rounding == "stack":
        return [_round_half_up(Fraction(b, 2 ** (index + 1))) for index, b in enumerate(helpers)]
    if rounding == "down":
        return [b // 2 for b in helpers]
    return [-(-b // 2) for b in helpers]


def teamwork_bonus(helper_bonuses: Iterable[int], rounding: str = "down") -> int:
    """seed 003 §Teamwork: the leader rolls and up to three helpers add to the bonus.

    ``stack``: the first helper adds half their bonus, each further
    helper half again (a quarter, an eighth), each share rounded half up -- the
    seed's §Stacking table, where a troupe works together (Alicia leads with +3,
    Snowstorm +3 adds 2, Chatrik +2 adds 1, Drake +1 adds 0: +6 in all).
    ``down`` (the default): each helper adds half, rounded down, which is the only reading under
    which the seed's sentence "two companions with a +3 bonus would add a total of
    a +2 bonus" holds (1 + 1).  ``up``: each half rounded up, as the seed's words
    say (2 + 2).  Only the three best helpers count and a helper without a
    positive bonus adds nothing (he would rather stay quiet).
    """
    return sum(teamwork_shares(helper_bonuses, rounding))


@dataclass(frozen=True)
class Team:
    """A team roll: ``leader`` (-1 the player, else the index of the helper who leads), the
    roll's ``bonus`` (the leader's own plus the shares), and each helping share, best first."""

    leader: int
    bonus: int
    shares: tuple[int, ...]


def team(own: int, helpers: list[int], rounding: str = "down", best_leads: bool = True) -> Team:
    """seed 003 §Teamwork: "one character takes the lead, and up to three other characters
    can add up to half their bonus".  With ``best_leads`` the best-placed character leads
    (the door example: Chatrik's +4 is the roll that counts) and the player helps like
    anyone else; otherwise the player leads.  Ties keep the player in the lead."""
    leader = -1
    if best_leads and helpers and max(helpers) > own:
        leader = helpers.index(max(helpers))
    lead_bonus = own if leader < 0 else helpers[leader]
    others = list(helpers) if leader < 0 else [own] + [b for i, b in enumerate(helpers) if i != leader]
    shares = tuple(teamwork_shares(others, rounding))
    return Team(leader, lead_bonus + sum(shares), shares)


# -- building sheets --------------------------------------------------------------

def make_sheet(
    attributes: Mapping[str, int],
    skills: Mapping[str, int],
    *,
    race: str = "human",
    hp: int | None = None,
    max_hp: int | None = None,
    fatigue: int = 0,
    dr: int = 0,
    covering: int = 0,
    npc: bool = False,
    tier: int = 0,
) -> BindSheet:
    """A complete sheet; HP default to 6 + Strength (BIND's public rules), at least 1."""
    attrs = {name: int(attributes.get(name, 0)) for name in ATTRIBUTES}
    full_hp = max(MIN_HP, BASE_HP + attrs["strength"]) if max_hp is None else max_hp
    return BindSheet(
        attributes=attrs, skills={name: int(skills.get(name, 0)) for name in SKILLS},
        hp=full_hp if hp is None else hp, max_hp=full_hp, race=race, fatigue=fatigue,
        armour=Armour(dr, covering), npc=npc, tier=tier,
    )


_NUMBER_KEYS = ("hp", "max_hp", "fatigue", "dr", "covering")
#: The keys of ``[player.stats.bind]`` and ``[npcs.X.stats.bind]``: each Attribute and Skill
#: as a whole number, flat or in an ``attributes`` / ``skills`` table, HP, fatigue, armour
#: (``dr``, ``covering``) and the ``race``'s name.
PLAYER_STATS: StatTable = {
    **ints(ATTRIBUTES + SKILLS + _NUMBER_KEYS), "race": Stat("text"),
    "attributes": Stat("table", keys=ints(ATTRIBUTES)), "skills": Stat("table", keys=ints(SKILLS)),
}
NPC_STATS: StatTable = PLAYER_STATS
#: The keys of ``[items.X.stats.bind]``: a weapon's ``bonus`` and ``damage``, the ``hands`` it
#: needs, an armour's ``dr`` and ``covering``.
ITEM_STATS: StatTable = {"bonus": Stat("int"), "damage": Stat("int"), "hands": Stat("int", 1, 2),
                         "dr": Stat("int", 0), "covering": Stat("int", 0)}


#: A problem with a stat table: its message (``where.key: reason``) and the typed problem.
_Found = tuple[str, StatProblem]


def _problem(where: str, key: str, path: tuple[str, ...], message: str) -> _Found:
    """``key`` as the message names it (a flat trait name, even from an ``attributes`` or
    ``skills`` table); ``path`` where it is in the table."""
    return f"{where}.{key}: {message}", StatProblem(path, message)


def _flatten(stats: Mapping[str, Any], where: str,
             problems: list[_Found]) -> tuple[dict[str, Any], dict[str, tuple[str, ...]]]:
    """The table's values by flat key, and the key path each came from."""
    flat: dict[str, Any] = {}
    paths: dict[str, tuple[str, ...]] = {}
    for key, value in stats.items():
        if PLAYER_STATS.get(key, Stat("int")).kind == "table":
            allowed = tuple(PLAYER_STATS[key].keys)
            if not isinstance(value, Mapping):
                problems.append(_problem(where, key, (key,), "must be a table"))
                continue
            for inner, number in value.items():
                if inner not in allowed:
                    problems.append(_problem(where, f"{key}.{inner}", (key, inner), _unknown(inner, allowed)))
                else:
                    flat[inner], paths[inner] = number, (key, inner)
        elif unknown(PLAYER_STATS, key):
            problems.append(_problem(where, key, (key,), _unknown(key, PLAYER_STATS)))
        else:
            flat[key], paths[key] = value, (key,)
    return flat, paths


def _unknown(key: str, allowed: Iterable[str]) -> str:
    return f"unknown key{did_you_mean(key, tuple(allowed))}"


def sheet_from_stats(stats: Mapping[str, Any], *, base: BindSheet | None = None, where: str = "stats.bind") -> BindSheet:
    """A sheet from a content stat table: flat keys (``strength = 1``, ``combat = 2``, ``hp = 7``,
    ``dr``, ``covering``, ``race``) or ``attributes``/``skills`` tables; every problem at once.

    Unknown keys and non-integers raise ContentError.  ``base`` supplies what the
    table leaves out (an NPC's tier statistics).
    """
    problems: list[_Found] = []
    flat, paths = _flatten(stats, where, problems)
    for key, value in flat.items():
        if key == "race":
            if not isinstance(value, str) or not value:
                problems.append(_problem(where, key, paths[key], "must be a word"))
        elif isinstance(value, bool) or not isinstance(value, int):
            problems.append(_problem(where, key, paths[key], f"must be a whole number, not {value!r}"))
    if problems:
        raise ContentError([message for message, _ in problems], [problem for _, problem in problems])
    seed = base or make_sheet({}, {})
    attrs = {**seed.attributes, **{k: v for k, v in flat.items() if k in ATTRIBUTES}}
    skills = {**seed.skills, **{k: v for k, v in flat.items() if k in SKILLS}}
    strength_changed = "strength" in flat and base is not None
    max_hp = flat.get("max_hp", flat.get("hp"))
    if max_hp is None and not strength_changed and base is not None:
        max_hp = base.max_hp
    sheet = make_sheet(
        attrs, skills,
        race=str(flat.get("race", seed.race)),
        max_hp=max_hp,
        hp=flat.get("hp"),
        fatigue=int(flat.get("fatigue", seed.fatigue)),
        dr=flat.get("dr", seed.armour.dr),
        covering=flat.get("covering", seed.armour.covering),
        npc=seed.npc,
        tier=seed.tier,
    )
    return sheet


# -- character creation (house rule from BIND's public creation chapter) ------------

#: (lowest 2d6, highest 2d6, race, Attribute adjustments).
RACES: tuple[tuple[int, int, str, dict[str, int]], ...] = (
    (2, 3, "gnoll", {"strength": 1, "speed": 1, "intelligence": -1, "charisma": -2}),
    (4, 5, "dwarf", {"dexterity": 1, "speed": -1}),
    (6, 8, "human", {"strength": 1, "wits": -1}),
    (9, 10, "elf", {"wits": 1, "strength": -1}),
    (11, 12, "gnome", {"intelligence": 1, "dexterity": 1, "strength": -2, "speed": -1}),
)
#: 2d6 -> Attribute bonus.
ATTRIBUTE_CHART: dict[int, int] = {2: -3, 3: -2, 4: -1, 5: -1, 6: 0, 7: 0, 8: 0, 9: 1, 10: 1, 11: 2, 12: 3}
#: House rule instead of spending 50 XP: a wandering adventurer's Skills.
STARTING_SKILLS: dict[str, int] = {"combat": 1, "athletics": 1, "vigilance": 1, "survival": 1, "medicine": 1}


def race_for(roll: int) -> tuple[str, dict[str, int]]:
    for low, high, name, adjustments in RACES:
        if low <= roll <= high:
            return name, adjustments
    raise ValueError(f"no race for a 2d6 roll of {roll}")


def create_character(dice: Dice) -> BindSheet:
    """A random character: 2d6 for the race, then 2d6 per Attribute in the order of
    :data:`ATTRIBUTES`, plus the race's adjustments; Skills from :data:`STARTING_SKILLS`.

    Reads exactly 14 d6, in that order.
    """
    race, adjustments = race_for(sum(roll_many(dice, 2, 6)))
    attrs = {name: ATTRIBUTE_CHART[sum(roll_many(dice, 2, 6))] + adjustments.get(name, 0) for name in ATTRIBUTES}
    return make_sheet(attrs, STARTING_SKILLS, race=race)


# -- NPCs ---------------------------------------------------------------------------

#: House rule: tier 1..5 -> statistics.  Dexterity + Combat (what an attack adds to the TN)
#: is 0 at tier 1 (a wild dog fights at the default TN 7) and then rises with the tier;
#: HP and armour never fall.
TIER_STATS: dict[int, dict[str, int]] = {
    1: {"strength": -1, "dexterity": 0, "speed": 0, "wits": 0, "combat": 0, "projectiles": 0, "vigilance": 0,
        "dr": 0, "covering": 0},
    2: {"strength": 1, "dexterity": 1, "speed": 0, "wits": 0, "combat": 1, "projectiles": 1, "vigilance": 1,
        "dr": 1, "covering": 2},
    3: {"strength": 1, "dexterity": 1, "speed": 1, "wits": 1, "combat": 2, "projectiles": 2, "vigilance": 1,
        "dr": 2, "covering": 3},
    4: {"strength": 2, "dexterity": 2, "speed": 1, "wits": 1, "combat": 2, "projectiles": 2, "vigilance": 2,
        "dr": 3, "covering": 4},
    5: {"strength": 3, "dexterity": 2, "speed": 1, "wits": 2, "combat": 3, "projectiles": 3, "vigilance": 2,
        "dr": 4, "covering": 5},
}


def tier_sheet(tier: int) -> BindSheet:
    """The NPC sheet of a tier (1..5); ContentError for another tier."""
    if tier not in TIER_STATS:
        raise ContentError([f"tier {tier} is not one of 1..5"])
    stats = TIER_STATS[tier]
    sheet = make_sheet(
        {k: v for k, v in stats.items() if k in ATTRIBUTES},
        {k: v for k, v in stats.items() if k in SKILLS},
        race="creature", dr=stats["dr"], covering=stats["covering"], npc=True, tier=tier,
    )
    return sheet


def npc_sheet(tier: int, stats: Mapping[str, Any] | None) -> BindSheet:
    """An NPC sheet: the tier's statistics, overridden by the content's stat table."""
    base = tier_sheet(tier)
    if not stats:
        return base
    return sheet_from_stats(stats, base=base, where="npc.stats.bind")
