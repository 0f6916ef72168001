"""Making Maelstrom sheets: content stats laid over a blank sheet, character creation
from dice (Maelstrom's public rules) and NPCs by tier (house rule).

Every function returns a new :class:`~game.systems.maelstrom.sheet.MaelstromSheet`.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from game.errors import ContentError, StatProblem
from game.rules.base import did_you_mean
from game.rules.dice import Dice
from game.rules.stat_spec import Stat, StatTable, unknown
from game.systems.maelstrom.sheet import (
    ABILITIES,
    ATTRIBUTES,
    DAMAGE_TYPES,
    MAX_DOTS,
    MAX_TIER,
    MAX_WILLPOWER,
    MENTAL,
    PHYSICAL,
    MaelstromSheet,
    Table,
    blank_sheet,
    title,
)

ALIASES = {"drive": "ground_vehicle_operation", "piloting": "aerospace_piloting", "armour": "armor"}

#: Character creation (Maelstrom's public rules): the abilities a generated character spreads
#: its dots over are the twelve the system-neutral checks and attacks use.
CORE_ABILITIES = ("athletics", "stealth", "dodge", "brawling", "firearms", "melee", "alertness",
                  "investigation", "technology", "academics", "survival", "medicine")
ABILITY_DOTS = (3, 3, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1)
PRIMARY_DOTS, SECONDARY_DOTS = 6, 4

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


# -- content stats -------------------------------------------------------------

_DOTS = Stat("int", 0, MAX_DOTS)
_TRAITS: StatTable = {name: _DOTS for name in ATTRIBUTES + ABILITIES}
#: An ability's specialties: a list of names (or one name).
_ABILITY_NAMES = ABILITIES + tuple(alias for alias, key in ALIASES.items() if key in ABILITIES)
_SPECIALTIES = Stat("table", keys={ability: Stat("words", words_or_one=True) for ability in _ABILITY_NAMES})
#: The keys of ``[player.stats.maelstrom]`` and ``[npcs.X.stats.maelstrom]``: each trait's
#: dots (flat, or in ``attributes`` / ``abilities`` tables), Willpower, armour, specialties by
#: ability and a ``name``; ``drive``, ``piloting`` and ``armour`` are accepted aliases.
PLAYER_STATS: StatTable = {
    **_TRAITS, **{alias: _TRAITS.get(key, _DOTS) for alias, key in ALIASES.items()},
    "willpower": Stat("int", 1, MAX_WILLPOWER), "armor": _DOTS,
    "specialties": _SPECIALTIES, "advanced_specialties": _SPECIALTIES, "name": Stat("text"),
    "attributes": Stat("table", keys={name: _DOTS for name in ATTRIBUTES}),
    "abilities": Stat("table", keys={name: _DOTS for name in _ABILITY_NAMES}),
}
NPC_STATS: StatTable = PLAYER_STATS
#: The keys of ``[items.X.stats.maelstrom]``: a weapon's ``damage`` dice and ``type``, the
#: ``attribute`` and ``ability`` it is used with, whether Strength adds (``strength``), its
#: ``specialty`` tags and the ``advanced`` specialties it needs; an armour's ``armor`` dots.
ITEM_STATS: StatTable = {
    "damage": Stat("int", 0), "type": Stat("text", choices=DAMAGE_TYPES), "attribute": Stat("text", choices=ATTRIBUTES),
    "ability": Stat("text", choices=ABILITIES), "strength": Stat("bool"),
    "specialty": Stat("words", words_or_one=True), "advanced": Stat("words", words_or_one=True), "armor": _DOTS,
}


def _key(name: str) -> str:
    key = name.strip().lower().replace(" ", "_").replace("-", "_")
    return ALIASES.get(key, key)


Path = tuple[str, ...]


def _refused(path: Path, reason: str) -> ContentError:
    """The error for a bad stat at ``path``; its ``reason`` names the stat as the content wrote it."""
    return ContentError([f"maelstrom stats: {reason}"], [StatProblem(path, reason)])


def _refuse_unknown(raw: str, key: str, path: Path, declared: tuple[str, ...]) -> None:
    """Refuse a key the table does not declare (a near miss suggested, case and spaces forgiven)."""
    near = f" (did you mean {key}?)" if key in declared else did_you_mean(key, declared)
    valid = tuple(name for name in declared if name not in ALIASES)
    raise _refused(path, f"unknown key '{raw}'{near}; valid keys: {', '.join(valid)}")


def _dots(name: str, value: Any, top: int, path: Path, bottom: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not bottom <= value <= top:
        raise _refused(path, f"{name} must be a whole number from {bottom} to {top}, not {value!r}")
    return value


def _specialty_table(name: str, value: Any, path: Path) -> tuple[Table[tuple[str, ...]], dict[str, Path]]:
    """The table of ability = [specialties] at ``path``, and the key path of each ability in it."""
    if not isinstance(value, Mapping):
        raise _refused(path, f"{name} must be a table of ability = [specialties]")
    table: dict[str, tuple[str, ...]] = {}
    paths: dict[str, Path] = {}
    for ability, names in value.items():
        key = _key(ability)
        if unknown(_SPECIALTIES.keys, ability):
            raise _refused(path + (ability,), f"{name}.{ability} is not an ability"
                           f"{did_you_mean(key, ABILITIES)}; abilities: {', '.join(ABILITIES)}")
        if isinstance(names, str):
            names = [names]
        if not isinstance(names, list) or not all(isinstance(item, str) for item in names):
            raise _refused(path + (ability,), f"{name}.{ability} must be a list of names")
        table[key] = tuple(item.strip().lower() for item in names)
        paths[key] = path + (ability,)
    return Table(table), paths


def _flat(stats: Mapping[str, Any]) -> dict[str, tuple[Path, Any]]:
    """Stats with the ``attributes`` / ``abilities`` groups opened: each key's path and value."""
    flat: dict[str, tuple[Path, Any]] = {}
    for key, value in stats.items():
        if key in ("attributes", "abilities") and isinstance(value, Mapping):
            flat.update({inner: ((key, inner), number) for inner, number in value.items()})
        else:
            flat[key] = ((key,), value)
    return flat


def apply_stats(sheet: MaelstromSheet, stats: Mapping[str, Any]) -> MaelstromSheet:
    """``sheet`` with content stats laid over it; ContentError naming a bad key.

    Keys are trait names (``strength = 3``, ``firearms = 2``; ``drive`` and
    ``piloting`` are accepted aliases), optionally grouped in ``attributes`` /
    ``abilities`` tables, plus ``willpower``, ``armor``, ``specialties`` and
    ``advanced_specialties`` (tables of ability = [names]), and ``name``.
    """
    attributes, abilities = dict(sheet.attributes), dict(sheet.abilities)
    changes: dict[str, Any] = {}
    specialty_paths: dict[str, dict[str, Path]] = {}
    for raw, (path, value) in _flat(stats).items():
        key = _key(raw)
        declared = PLAYER_STATS[path[0]].keys if len(path) > 1 else PLAYER_STATS
        if unknown(declared, raw):
            _refuse_unknown(raw, key, path, tuple(declared))
        if key in ATTRIBUTES:
            attributes[key] = _dots(raw, value, MAX_DOTS, path)
        elif key in ABILITIES:
            abilities[key] = _dots(raw, value, MAX_DOTS, path)
        elif key == "willpower":
            changes["willpower"] = changes["willpower_points"] = _dots(raw, value, MAX_WILLPOWER, path, 1)
        elif key == "armor":
            changes["armor"] = _dots(raw, value, MAX_DOTS, path)
        elif key in ("specialties", "advanced_specialties"):
            changes[key], specialty_paths[key] = _specialty_table(raw, value, path)
        elif key == "name" and isinstance(value, str):
            changes["name"] = value
        else:
            raise _refused(path, f"{raw} must be {'text' if key == 'name' else 'a table'}, not {value!r}")
    out = replace(sheet, attributes=Table(attributes), abilities=Table(abilities), **changes)
    for label, table in (("specialties", out.specialties), ("advanced_specialties", out.advanced_specialties)):
        for ability in table:
            if out.abilities[ability] < 1:
                raise _refused(specialty_paths.get(label, {}).get(ability, ()),
                               f"{label}.{ability} needs at least one dot in {title(ability)}")
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


def create_character(dice: Dice) -> MaelstromSheet:
    """A new character from dice, by Maelstrom's public creation rules.

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
    attributes = {name: 1 for name in ATTRIBUTES}
    primary, secondary = (PHYSICAL, MENTAL) if dice.roll(2) == 1 else (MENTAL, PHYSICAL)
    _spread(attributes, primary, PRIMARY_DOTS, dice)
    _spread(attributes, secondary, SECONDARY_DOTS, dice)
    left = list(CORE_ABILITIES)
    order = []
    while len(left) > 1:
        order.append(left.pop(dice.roll(len(left)) - 1))
    order.extend(left)
    abilities = {name: 0 for name in ABILITIES} | dict(zip(order, ABILITY_DOTS, strict=True))
    specialties: dict[str, tuple[str, ...]] = {}
    for ability in CORE_ABILITIES:
        choices = STARTING_SPECIALTIES.get(ability, ())
        if abilities[ability] >= SPECIALTY_MIN_DOTS and choices:
            specialties[ability] = (choices[dice.roll(len(choices)) - 1],)
    return replace(blank_sheet(), attributes=Table(attributes), abilities=Table(abilities),
                   specialties=Table(specialties))


def npc_from_tier(tier: int, creature: str) -> MaelstromSheet:
    """An NPC sheet of a ``creature`` type from its threat tier 1..5 (house rule, see :data:`NPC_TIERS`)."""
    tier = min(max(tier, 1), MAX_TIER)
    row = NPC_TIERS[tier]
    attributes = {name: row["physical"] for name in PHYSICAL} | {name: row["mental"] for name in MENTAL}
    abilities = {name: row["ability"] if name in NPC_ABILITIES else 0 for name in ABILITIES}
    return replace(blank_sheet(npc=True, tier=tier), attributes=Table(attributes), abilities=Table(abilities),
                   willpower=row["willpower"], willpower_points=row["willpower"], armor=row["armor"],
                   creature=creature)
