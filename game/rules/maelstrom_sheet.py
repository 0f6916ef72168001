"""Maelstrom character sheets: traits, creation, NPC tiers, the health track,
Willpower and rest (seed 004 §Characters; RULES-NOTES for what the seed leaves empty).

A sheet is a plain dict (TOML-ready, never None)::

    {"system": "maelstrom", "npc": False, "tier": 0,
     "attributes": {"strength": 2, ...},          # six, 0..5 dots
     "abilities": {"alertness": 0, ...},          # all 21 of the seed, 0..5 dots
     "specialties": {"firearms": ["sniper rifles"]},      # general, by ability
     "advanced_specialties": {"athletics": ["zero-g"]},   # advanced, by ability
     "willpower": 3, "willpower_points": 3, "armor": 0,
     "health": {"bashing": 0, "lethal": 0, "aggravated": 0}, "dead": False}

Functions never mutate their arguments; they return new sheets.
"""
from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from game.errors import ContentError
from game.rules.base import Sheet
from game.rules.dice import Dice

SYSTEM_ID = "maelstrom"

PHYSICAL = ("strength", "precision", "reflexes")
MENTAL = ("perception", "intelligence", "wits")
ATTRIBUTES = PHYSICAL + MENTAL
#: seed 004 §Talents: no penalty at zero dots.
TALENTS = ("alertness", "athletics", "brawling", "dodge")
#: seed 004 §Skills: at zero dots, difficulty +1 and the attribute alone.
SKILLS = ("aerospace_piloting", "firearms", "ground_vehicle_operation", "melee", "mounted_weapons",
          "stealth", "survival", "technology")
#: seed 004 §Knowledges: at zero dots the action cannot even be attempted.
KNOWLEDGES = ("academics", "artificial_intelligence", "computer_systems", "engineering", "investigation",
              "law", "linguistics", "medicine", "physical_sciences")
ABILITIES = TALENTS + SKILLS + KNOWLEDGES
ALIASES = {"drive": "ground_vehicle_operation", "piloting": "aerospace_piloting", "armour": "armor"}
MAX_DOTS = 5
MAX_WILLPOWER = 10

#: Advanced specialties the seed lists per ability (seed 004 §Abilities).
ADVANCED_SPECIALTIES: dict[str, tuple[str, ...]] = {
    "athletics": ("power armor", "zero-g"),
    "brawling": ("power armor", "zero-g"),
    "dodge": ("power armor", "zero-g"),
    "aerospace_piloting": ("atmospheric flight", "close quarters", "fighters", "freighters", "power armor"),
    "firearms": ("power armor", "laser weapons", "heavy weapons"),
    "ground_vehicle_operation": ("motorcycles", "transport trucks"),
    "melee": ("power armor", "energy weapons"),
    "stealth": ("power armor",),
}

#: The health track (RULES-NOTES, later public Maelstrom): name and dice lost.
HEALTH_LEVELS: tuple[tuple[str, int], ...] = (
    ("Bruised", 0), ("Scratched", 1), ("Hurt", 1), ("Injured", 2), ("Wounded", 2), ("Mauled", 3),
    ("Crippled", 5), ("Incapacitated", 0),
)
TRACK = len(HEALTH_LEVELS)  # boxes; the last one is Incapacitated
DAMAGE_TYPES = ("bashing", "lethal", "aggravated")

#: Character creation (RULES-NOTES): the abilities a generated character spreads
#: its dots over are the twelve the system-neutral checks and attacks use.
CORE_ABILITIES = ("athletics", "stealth", "dodge", "brawling", "firearms", "melee", "alertness",
                  "investigation", "technology", "academics", "survival", "medicine")
ABILITY_DOTS = (3, 3, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1)
PRIMARY_DOTS, SECONDARY_DOTS = 6, 4
STARTING_WILLPOWER = 3

#: General specialties a created character may start with (house rule): one for
#: each ability with two dots or more that has a list, chosen by a die.  The
#: seed's own lists where it gives one (and only names that checks and weapons
#: in play can relate to); Survival, Technology, Academics and Medicine have
#: none in the seed, so these lists are the house's.
STARTING_SPECIALTIES: dict[str, tuple[str, ...]] = {
    "alertness": ("ambushers", "followers"),
    "athletics": ("climbing", "acrobatics", "strength", "precision", "parkour"),
    "brawling": ("punching", "kicking", "grappling"),
    "dodge": ("armored", "unarmored"),
    "firearms": ("pistols", "shotguns", "battle rifles", "sniper rifles"),
    "melee": ("knives", "swords", "clubs", "spears"),
    "survival": ("heat", "thirst", "exposure"),
    "technology": ("exotica", "machines"),
    "academics": ("history",),
    "medicine": ("wounds", "poisons"),
}
SPECIALTY_MIN_DOTS = 2

#: NPC stats by tier (house rule): physical and mental attributes, dots in
#: combat/awareness abilities, Willpower, armour.
NPC_TIERS: dict[int, dict[str, int]] = {
    1: {"physical": 2, "mental": 2, "ability": 1, "willpower": 2, "armor": 0},
    2: {"physical": 3, "mental": 2, "ability": 2, "willpower": 3, "armor": 1},
    3: {"physical": 3, "mental": 3, "ability": 3, "willpower": 4, "armor": 1},
    4: {"physical": 4, "mental": 3, "ability": 4, "willpower": 5, "armor": 2},
    5: {"physical": 5, "mental": 4, "ability": 5, "willpower": 6, "armor": 3},
}
NPC_ABILITIES = ("alertness", "athletics", "brawling", "dodge", "firearms", "melee", "stealth", "survival")


def title(trait: str) -> str:
    """``ground_vehicle_operation`` -> ``Ground Vehicle Operation``."""
    return trait.replace("_", " ").title()


def blank_sheet(*, npc: bool = False, tier: int = 0, attribute: int = 2) -> Sheet:
    """A sheet with every attribute at ``attribute``, no abilities, Willpower 3, unhurt."""
    return {
        "system": SYSTEM_ID, "npc": npc, "tier": tier,
        "attributes": {name: attribute for name in ATTRIBUTES},
        "abilities": {name: 0 for name in ABILITIES},
        "specialties": {}, "advanced_specialties": {},
        "willpower": STARTING_WILLPOWER, "willpower_points": STARTING_WILLPOWER, "armor": 0,
        "health": {kind: 0 for kind in DAMAGE_TYPES}, "dead": False,
    }


# -- content stats -------------------------------------------------------------

def _key(name: str) -> str:
    key = name.strip().lower().replace(" ", "_").replace("-", "_")
    return ALIASES.get(key, key)


def _dots(name: str, value: Any, top: int, bottom: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not bottom <= value <= top:
        raise ContentError([f"maelstrom stats: {name} must be a whole number from {bottom} to {top}, not {value!r}"])
    return value


def _specialty_table(name: str, value: Any) -> dict[str, list[str]]:
    if not isinstance(value, Mapping):
        raise ContentError([f"maelstrom stats: {name} must be a table of ability = [specialties]"])
    table: dict[str, list[str]] = {}
    for ability, names in value.items():
        key = _key(ability)
        if key not in ABILITIES:
            raise ContentError([f"maelstrom stats: {name}.{ability} is not an ability; "
                                f"abilities: {', '.join(ABILITIES)}"])
        if isinstance(names, str):
            names = [names]
        if not isinstance(names, list) or not all(isinstance(item, str) for item in names):
            raise ContentError([f"maelstrom stats: {name}.{ability} must be a list of names"])
        table[key] = [item.strip().lower() for item in names]
    return table


def apply_stats(sheet: Sheet, stats: Mapping[str, Any]) -> Sheet:
    """A copy of ``sheet`` with content stats laid over it; ContentError naming a bad key.

    Keys are trait names (``strength = 3``, ``firearms = 2``; ``drive`` and
    ``piloting`` are accepted aliases), optionally grouped in ``attributes`` /
    ``abilities`` tables, plus ``willpower``, ``armor``, ``specialties`` and
    ``advanced_specialties`` (tables of ability = [names]), and ``name``.
    """
    out = copy.deepcopy(sheet)
    flat: dict[str, Any] = {}
    for key, value in stats.items():
        if key in ("attributes", "abilities") and isinstance(value, Mapping):
            flat.update(value)
        else:
            flat[key] = value
    for raw, value in flat.items():
        key = _key(raw)
        if key in ATTRIBUTES:
            out["attributes"][key] = _dots(raw, value, MAX_DOTS)
        elif key in ABILITIES:
            out["abilities"][key] = _dots(raw, value, MAX_DOTS)
        elif key == "willpower":
            out["willpower"] = out["willpower_points"] = _dots(raw, value, MAX_WILLPOWER, 1)
        elif key == "armor":
            out["armor"] = _dots(raw, value, MAX_DOTS)
        elif key in ("specialties", "advanced_specialties"):
            out[key] = _specialty_table(raw, value)
        elif key == "name" and isinstance(value, str):
            out["name"] = value
        else:
            valid = ATTRIBUTES + ABILITIES + ("willpower", "armor", "specialties", "advanced_specialties", "name")
            raise ContentError([f"maelstrom stats: unknown key '{raw}'; valid keys: {', '.join(valid)}"])
    for table in ("specialties", "advanced_specialties"):
        for ability in out[table]:
            if out["abilities"][ability] < 1:
                raise ContentError([f"maelstrom stats: {table}.{ability} needs at least one dot in {title(ability)}"])
    return out


# -- creation ------------------------------------------------------------------

def _spread(attributes: dict[str, int], group: tuple[str, ...], dots: int, dice: Dice) -> None:
    """Give ``dots`` to ``group``, one d3 each; a full attribute passes the dot on."""
    for _ in range(dots):
        start = dice.roll(len(group)) - 1
        for step in range(len(group)):
            name = group[(start + step) % len(group)]
            if attributes[name] < MAX_DOTS:
                attributes[name] += 1
                break


def create_character(dice: Dice) -> Sheet:
    """A new character by the creation rules of RULES-NOTES, from dice.

    Faces read, in order: one d2 for the primary group (1 physical, 2 mental);
    six d3, each a dot in that group's first, second or third attribute; four
    d3 for the secondary group; then eleven dice shuffling the twelve
    :data:`CORE_ABILITIES` (Fisher-Yates: d12, d11, ... d2, each choosing the
    ability for the next slot among those left), which receive 3, 3, 2, 2, 2, 2
    and six 1s in that order.  Willpower 3; every attribute starts at one dot.
    Last, each of the twelve (in that list's order) with two dots or more and a
    list in :data:`STARTING_SPECIALTIES` gets one general specialty: a die the
    size of its list picks it (house rule).
    """
    sheet = blank_sheet(attribute=1)
    primary, secondary = (PHYSICAL, MENTAL) if dice.roll(2) == 1 else (MENTAL, PHYSICAL)
    _spread(sheet["attributes"], primary, PRIMARY_DOTS, dice)
    _spread(sheet["attributes"], secondary, SECONDARY_DOTS, dice)
    left = list(CORE_ABILITIES)
    order = []
    while len(left) > 1:
        order.append(left.pop(dice.roll(len(left)) - 1))
    order.extend(left)
    for ability, dots in zip(order, ABILITY_DOTS, strict=True):
        sheet["abilities"][ability] = dots
    for ability in CORE_ABILITIES:
        choices = STARTING_SPECIALTIES.get(ability, ())
        if sheet["abilities"][ability] >= SPECIALTY_MIN_DOTS and choices:
            sheet["specialties"][ability] = [choices[dice.roll(len(choices)) - 1]]
    return sheet


def npc_from_tier(tier: int) -> Sheet:
    """An NPC sheet from its threat tier 1..5 (house rule, see :data:`NPC_TIERS`)."""
    row = NPC_TIERS[min(max(tier, 1), len(NPC_TIERS))]
    sheet = blank_sheet(npc=True, tier=min(max(tier, 1), len(NPC_TIERS)))
    for name in PHYSICAL:
        sheet["attributes"][name] = row["physical"]
    for name in MENTAL:
        sheet["attributes"][name] = row["mental"]
    for name in NPC_ABILITIES:
        sheet["abilities"][name] = row["ability"]
    sheet["willpower"] = sheet["willpower_points"] = row["willpower"]
    sheet["armor"] = row["armor"]
    return sheet


# -- the health track ------------------------------------------------------------

def boxes(sheet: Sheet) -> int:
    """Health boxes filled, 0..8."""
    return min(TRACK, sum(int(sheet["health"][kind]) for kind in DAMAGE_TYPES))


def level_name(sheet: Sheet) -> str:
    filled = boxes(sheet)
    return "Healthy" if filled == 0 else HEALTH_LEVELS[filled - 1][0]


def wound_penalty(sheet: Sheet) -> int:
    """Dice lost to wounds (the health track's penalties)."""
    filled = boxes(sheet)
    return 0 if filled == 0 or filled >= TRACK else HEALTH_LEVELS[filled - 1][1]


def condition(sheet: Sheet) -> str:
    """``dead``; ``down`` once the Incapacitated box is filled; else ``ok``."""
    if sheet["dead"]:
        return "dead"
    return "down" if boxes(sheet) >= TRACK else "ok"


def take_damage(sheet: Sheet, levels: int, kind: str) -> Sheet:
    """A copy of ``sheet`` with ``levels`` of ``kind`` damage marked (house rule).

    Boxes fill until Incapacitated.  On a full track, each further level turns
    a bashing box into ``kind`` (bashing upgrades to lethal); with no bashing
    box left to turn, the character dies.
    """
    out = copy.deepcopy(sheet)
    health = out["health"]
    for _ in range(levels):
        if out["dead"]:
            break
        if boxes(out) < TRACK:
            health[kind] += 1
        elif health["bashing"] > 0:
            health["bashing"] -= 1
            health["lethal" if kind == "bashing" else kind] += 1
        else:
            out["dead"] = True
    return out


def health_text(sheet: Sheet) -> str:
    """``Healthy``, ``Hurt (-1)``, ``Incapacitated`` or ``Dead``."""
    if sheet["dead"]:
        return "Dead"
    penalty = wound_penalty(sheet)
    return level_name(sheet) + (f" (-{penalty})" if penalty else "")


def damage_text(sheet: Sheet) -> str:
    parts = [f"{sheet['health'][kind]} {kind}" for kind in DAMAGE_TYPES if sheet["health"][kind]]
    return ", ".join(parts) or "no damage"


def heal_levels(sheet: Sheet, levels: int) -> tuple[Sheet, int]:
    """A copy with up to ``levels`` healed, lethal first, then aggravated, then bashing
    (house rule), and how many were healed.  The dead stay dead."""
    out = copy.deepcopy(sheet)
    if out["dead"]:
        return out, 0
    health = out["health"]
    healed = 0
    for kind in ("lethal", "aggravated", "bashing"):
        while healed < levels and health[kind] > 0:
            health[kind] -= 1
            healed += 1
    return out, healed


# -- Willpower and rest ------------------------------------------------------------

def spend_willpower_point(sheet: Sheet) -> Sheet | None:
    """A copy with one Willpower point spent, or None when none is left."""
    if sheet["willpower_points"] < 1:
        return None
    out = copy.deepcopy(sheet)
    out["willpower_points"] -= 1
    return out


def heal(sheet: Sheet, kind: str, fed: bool) -> tuple[Sheet, tuple[str, ...]]:
    """Rest (house rule): ``short`` heals one bashing level; ``long`` heals all
    bashing, then one lethal (or, with none, one aggravated) level and gives
    back one Willpower point.  Deprived (``fed`` False) or dead: no benefit.
    """
    out = copy.deepcopy(sheet)
    if out["dead"]:
        return out, ("The dead do not rest.",)
    if not fed:
        return out, ("Hungry and thirsty, you rest but recover nothing.",)
    health = out["health"]
    lines = []
    if kind == "short":
        if health["bashing"]:
            health["bashing"] -= 1
            lines.append("You shake off one level of bashing damage.")
    else:
        if health["bashing"]:
            lines.append(f"You recover {health['bashing']} bashing damage.")
            health["bashing"] = 0
        for worse in ("lethal", "aggravated"):
            if health[worse]:
                health[worse] -= 1
                lines.append(f"One level of {worse} damage heals.")
                break
        if out["willpower_points"] < out["willpower"]:
            out["willpower_points"] += 1
            lines.append(f"Willpower {out['willpower_points']}/{out['willpower']}.")
    lines.append(f"You are {health_text(out)}.")
    return out, tuple(lines)


def sheet_lines(sheet: Sheet) -> list[str]:
    """The sheet as text lines for ``stats``."""
    attrs, abilities = sheet["attributes"], sheet["abilities"]

    def row(names: tuple[str, ...], values: Mapping[str, int], skip_zero: bool) -> str:
        shown = [f"{title(name)} {values[name]}" for name in names if values[name] or not skip_zero]
        return ", ".join(shown) or "none"

    lines = [
        f"Physical: {row(PHYSICAL, attrs, False)}",
        f"Mental: {row(MENTAL, attrs, False)}",
        f"Talents: {row(TALENTS, abilities, True)}",
        f"Skills: {row(SKILLS, abilities, True)}",
        f"Knowledges: {row(KNOWLEDGES, abilities, True)}",
    ]
    for table, label in (("specialties", "Specialties"), ("advanced_specialties", "Advanced specialties")):
        if sheet[table]:
            lines.append(f"{label}: " + "; ".join(
                f"{title(ability)}: {', '.join(names)}" for ability, names in sorted(sheet[table].items())))
    armed = {"success": ", armed for an automatic success on your next roll",
             "wounds": ", armed to ignore your wounds on your next roll"}.get(str(sheet.get("willpower_armed", "")), "")
    lines.append(f"Willpower {sheet['willpower_points']}/{sheet['willpower']}{armed}; armor {sheet['armor']}")
    lines.append(f"Health: {health_text(sheet)} ({damage_text(sheet)})")
    return lines
