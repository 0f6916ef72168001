"""Merged TOML data -> frozen :class:`~game.world.content.Adventure`, checking everything.

An adventure may come from a stranger and is written by hand, so every problem is
reported at its key path, all at once, with a did-you-mean where a name is close:
unknown keys (but inside ``stats.<system>``, ``effect`` and ``topics``, the author's or a
system's own); value types and required keys; ids; references between rooms, exits,
items, NPCs and regions; things placed twice; rooms unreachable from the start and goals
or keys placed nowhere; enumerations (kinds, dispositions, behaviours, directions, checks,
difficulties, system ids and each system's ``[adventure.rules]`` options); numbers
(tiers, amounts, weights, damage dice); an NPC with neither ``tier`` nor stats for the
adventure's system.  ``docs/authoring.md`` lists every key.

Decisions the author can rely on:

- ``adventure.system`` defaults to ``vaarn``, ``items.X.kind`` to ``tool``;
- with a ``[regions]`` table every room's ``region`` must be one of its ids; without
  one, region names are free ids;
- a check is a table ``{ check = KIND, difficulty = D, <system> = N }`` or, where the
  kind is implied (exit ``find`` and ``force``, room ``search`` and ``hazard``, item
  ``identify``), a bare difficulty;
- items start at ``room:<id>``, ``search:<room>``, ``player`` or ``npc:<id>`` (a
  merchant's stock); unplaced items and NPCs are allowed.

The common room, item and NPC of a big world are built in one pass each by the plain
path (:mod:`game.world.build_plain`); whatever it cannot build equal is built here.
"""
from __future__ import annotations

import dataclasses
import re
from collections.abc import Collection, Mapping
from pathlib import Path
from typing import Any, TypeVar

from game.rules import registry
from game.rules.base import DIFFICULTIES, KINDS
from game.rules.registry import SYSTEM_IDS
from game.world.build_plain import ITEM_KEYS, ROOM_KEYS, made, plain_item, plain_npc, plain_room
from game.world.build_text import TextBuilder
from game.world.content import (
    BEHAVIOURS,
    CREATURES,
    CURRENCIES,
    DAMAGE_TYPES,
    DIRECTIONS,
    DISPOSITIONS,
    ITEM_KINDS,
    NPC_PRONOUNS,
    SCENERY_KINDS,
    TALK_MEMORIES,
    Adventure,
    CheckDef,
    ExitDef,
    GoalDef,
    ItemDef,
    NpcDef,
    PlayerDef,
    RegionDef,
    RoomDef,
    TriggerDef,
    plain_exit,
)
from game.world.limits import MAX_AMOUNT, MAX_STAT, MAX_STAT_BY_SYSTEM
from game.world.schema import (
    BOOL,
    INT,
    STR,
    STR_LIST,
    STR_OR_LIST,
    STR_OR_TABLE,
    TABLE,
    TABLE_LIST,
    Checker,
    KeyPath,
    Report,
    all_ids,
    as_table,
    check_id,
    format_path,
    read_table,
    type_name,
)
from game.world.triggers import TriggerBuilder

#: Keys of an item or room taken as they are (their type checked), stripped as texts, or checked as amounts.
_ITEM_AS_GIVEN = frozenset({"true_name", "ranged", "fixed"})
_ITEM_TEXTS = frozenset({"description", "text", "smell", "sound", "initial"})
_ITEM_AMOUNTS = frozenset({"slots", "rations", "value", "capacity", "armor"})
_ROOM_AS_GIVEN = frozenset({"water_source", "settlement"})
_ROOM_TEXTS = frozenset({"smell", "sound", "hazard_text"})
#: The keys most items and rooms have; :meth:`_Builder._item_more` and ``_room_more`` handle the rest.
_ITEM_COMMON, _ROOM_COMMON = ITEM_KEYS, ROOM_KEYS

_Def = TypeVar("_Def", RoomDef, ExitDef, ItemDef, NpcDef)

#: The rule system of an adventure that names none.
DEFAULT_SYSTEM = "vaarn"
#: Top-level tables whose keys are ids: the same id in two files is a duplicate.
ENTITY_SECTIONS: tuple[str, ...] = ("rooms", "items", "npcs", "regions")

_DIRECTION_NAMES: dict[str, str] = {**{d: d for d in DIRECTIONS}, **{a: d for d, a in DIRECTIONS.items()}}
_DIE_SIZES = (2, 3, 4, 6, 8, 10, 12, 20, 100)
_VERB_PHRASE = re.compile(r"[a-z]+( [a-z]+)?\Z")
_DAMAGE = re.compile(r"([1-9][0-9]?)?d([0-9]+)([+-][0-9]+)?\Z")

TOP_SPEC: dict[str, Checker] = {
    "adventure": TABLE, "player": TABLE, "rooms": TABLE, "items": TABLE, "npcs": TABLE, "regions": TABLE,
    "triggers": TABLE_LIST, "verbs": TABLE,
}
ADVENTURE_SPEC: dict[str, Checker] = {
    "id": STR, "title": STR, "version": STR, "start": STR, "system": STR, "intro": STR,
    "goal": TABLE, "rules": TABLE, "oldest_compatible": STR,
}
GOAL_SPEC: dict[str, Checker] = {"reach": STR, "carrying": STR_OR_LIST, "defeat": STR_OR_LIST, "text": STR}
PLAYER_SPEC: dict[str, Checker] = {
    "name": STR, "items": STR_LIST, "water": INT, "food": INT, "stats": TABLE, "synthetic": BOOL,
}
ROOM_SPEC: dict[str, Checker] = {
    "name": STR, "description": STR, "region": STR, "exits": TABLE, "items": STR_LIST, "npcs": STR_LIST,
    "water_source": BOOL, "settlement": BOOL, "search": STR_OR_TABLE, "search_items": STR_LIST,
    "hazard": STR_OR_TABLE, "hazard_text": STR, "hazard_damage": STR, "travel_minutes": INT,
    "scenery": TABLE, "descriptions": TABLE_LIST, "smell": STR, "sound": STR, "dark": TABLE,
}
EXIT_SPEC: dict[str, Checker] = {
    "to": STR, "locked_by": STR, "hidden": BOOL, "find": STR_OR_TABLE, "force": STR_OR_TABLE,
    "description": STR, "name": STR, "locked": BOOL,
}
ITEM_SPEC: dict[str, Checker] = {
    "name": STR, "kind": STR, "description": STR, "aliases": STR_LIST, "slots": INT, "weight": INT,
    "true_name": STR, "identify": STR_OR_TABLE, "effect": TABLE, "damage": STR, "ranged": BOOL,
    "bonus_against": STR_LIST, "damage_type": STR, "armor": INT, "rations": INT, "fixed": BOOL, "value": INT, "stats": TABLE,
    "descriptions": TABLE_LIST, "capacity": INT, "text": STR, "smell": STR, "sound": STR, "initial": STR,
    "contents": STR_LIST, "closed": BOOL, "locked_by": STR,
}
NPC_SPEC: dict[str, Checker] = {
    "name": STR, "description": STR, "aliases": STR_LIST, "disposition": STR, "behaviour": STR,
    "tier": INT, "items": STR_LIST, "stats": TABLE, "creature": STR, "talk": STR, "topics": TABLE,
    "talk_after": TABLE, "route": STR_LIST, "blocks": STR, "pronoun": STR, "descriptions": TABLE_LIST, "attack": STR,
    "currency": STR, "ambush": BOOL,
}
REGION_SPEC: dict[str, Checker] = {"name": STR, "encounters": STR_LIST}
CHECK_SPEC: dict[str, Checker] = {"check": STR, "difficulty": STR, **{s: INT for s in SYSTEM_IDS}}


def build_adventure(report: Report, data: Mapping[str, Any], *, source: Path | None, digest: str,
                    plain: set[str] | None = None) -> Adventure:
    """Check ``data`` (merged TOML) into ``report`` and build the adventure from what passed.

    The result is only meaningful when ``report`` stays empty.  ``plain``, when given,
    gets the sections (``rooms``, ``items``, ``npcs``) whose every definition was a plain one
    (:mod:`game.world.build_plain`): tables holding only strings, arrays of strings and small
    numbers, which the loader's walk for nesting and big numbers need not walk again.
    """
    builder = _Builder(report, data)
    adventure = builder.build(source, digest)
    if plain is not None:
        counts = {"rooms": builder.plain_rooms, "items": builder.plain_items, "npcs": builder.plain_npcs}
        plain.update(section for section, count in counts.items()
                     if section in builder.top and count == len(builder.top[section]))
    return adventure


def _factories(cls: type) -> tuple[tuple[str, Any], ...]:
    return tuple((f.name, f.default_factory) for f in dataclasses.fields(cls)
                 if f.default_factory is not dataclasses.MISSING)


_FACTORIES: dict[type, tuple[tuple[str, Any], ...]] = {cls: _factories(cls) for cls in (RoomDef, ExitDef, ItemDef, NpcDef)}


def _make(cls: type[_Def], fields: dict[str, Any]) -> _Def:
    """``cls(**fields)`` for the definitions a big world has by the ten thousand.

    A frozen dataclass's generated ``__init__`` sets each field through
    ``object.__setattr__``, several times slower than handing the instance its
    ``__dict__``, which is what this does (``fields``, and a new value for each
    field with a default factory not given).  A field with a plain default that
    is not given is left to the class: reading it finds the default the
    dataclass keeps as a class attribute.  The instance is the same (``==``).
    Every required field must be given.
    """
    for name, factory in _FACTORIES[cls]:
        if name not in fields:
            fields[name] = factory()
    return made(cls, fields)


def _text(value: Any) -> str:
    return value.strip() if isinstance(value, str) else ""


def _option_problems(system_id: str, key: str, value: object) -> list[str]:
    """The registry's verdict on one option; nothing when the system module cannot load yet."""
    try:
        return registry.option_problems(system_id, {key: value})
    except Exception:  # noqa: BLE001 - a system module that cannot load yet is not the content's fault
        return []


class _Builder:
    """One pass over the merged data, section by section."""

    def __init__(self, report: Report, data: Mapping[str, Any]) -> None:
        self.report = report
        top = read_table(report, (), data, TOP_SPEC)
        if "adventure" not in data:
            report.add(("adventure",), "missing required table [adventure]")
        self.top = top
        self.room_data = self._entities("rooms", "room")
        self.item_data = self._entities("items", "item")
        self.npc_data = self._entities("npcs", "npc")
        self.region_data = self._entities("regions", "region")
        self.system = DEFAULT_SYSTEM
        self.item_homes: dict[str, str] = {}
        self.npc_homes: dict[str, str] = {}
        self.npc_placed_at: dict[str, KeyPath] = {}
        self.implicit_regions: dict[str, RegionDef] = {}
        #: Exits locked without a force check: the key path, the key, and the way as "room/direction".
        self.locked_exits: list[tuple[KeyPath, str, str]] = []
        #: The rooms each room's exits lead to (:meth:`_exits`), for the reachability check.
        self.ways: dict[str, Collection[str]] = {}
        self.texts = TextBuilder(report, self.item_data, self.npc_data, self.room_data)
        #: How many rooms, items and NPCs the plain path built.
        self.plain_rooms = self.plain_items = self.plain_npcs = 0

    # -- helpers -------------------------------------------------------------------
    def _entities(self, section: str, what: str) -> dict[str, Any]:
        """The ``[section]`` table (ids -> raw values), ids checked."""
        table: dict[str, Any] = self.top.get(section, {})
        if not all_ids(table):  # the reports name each bad id
            for key in table:
                check_id(self.report, (section, key), key, what)
        return table

    def _entity(self, path: KeyPath, raw: Any, spec: dict[str, Checker]) -> Mapping[str, Any]:
        """The checked keys of one room, item, NPC or region (nothing more if it is not a table)."""
        table = as_table(self.report, path, raw)
        if table is None:
            return {}
        return read_table(self.report, path, table, spec, required=("name",) if spec is not REGION_SPEC else ())

    def _ref(self, path: KeyPath, value: str, what: str, existing: Mapping[str, Any]) -> bool:
        if value in existing:
            return True
        self.report.dangling(path, what, value, existing)
        return False

    def _refs(self, path: KeyPath, values: list[str], what: str, existing: Mapping[str, Any]) -> tuple[str, ...]:
        for value in values:
            if value not in existing:
                self.report.dangling(path, what, value, existing)
        return tuple(values)

    def _one_of(self, path: KeyPath, value: str, what: str, choices: tuple[str, ...]) -> str:
        if value not in choices:
            _not_one_of(self.report, path, value, what, choices)
        return value

    def _range(self, path: KeyPath, value: int, low: int, high: int | None = None) -> int:
        """``value`` checked within low..high; without ``high``, at most what a save can hold."""
        if high is None and value > MAX_AMOUNT:
            self.report.add(path, f"{value} is more than a save can hold (at most {MAX_AMOUNT})")
        elif high is not None and not low <= value <= high:
            self.report.add(path, f"{value} is outside {low}..{high}")
        elif value < low:
            self.report.add(path, f"must be {low} or more, not {value}")
        return value

    def _direction(self, path: KeyPath, value: str) -> str | None:
        full = _DIRECTION_NAMES.get(value)
        if full is None:
            _not_one_of(self.report, path, value, "a direction", tuple(DIRECTIONS), tuple(_DIRECTION_NAMES))
        return full

    def _damage(self, path: KeyPath, value: str) -> str:
        match = _DAMAGE.match(value)
        if match is None or int(match.group(2)) not in _DIE_SIZES:
            self.report.add(path, f"'{value}' is not a damage die like d6, 2d4 or d8+1")
        return value

    def _system_id(self, path: KeyPath, value: str) -> bool:
        if value in SYSTEM_IDS:
            return True
        hint = self.report.suggest(value, SYSTEM_IDS)
        self.report.add(path, f"unknown system '{value}'{hint}; allowed: {', '.join(SYSTEM_IDS)}")
        return False

    def _stats(self, path: KeyPath, value: dict[str, Any]) -> dict[str, dict[str, Any]]:
        stats: dict[str, dict[str, Any]] = {}
        for system, table in value.items():
            if self._system_id(path + (system,), system):
                good = as_table(self.report, path + (system,), table)
                if good is not None:
                    self._stat_numbers(path + (system,), good, MAX_STAT_BY_SYSTEM.get(system, MAX_STAT))
                    stats[system] = dict(good)
        return stats

    def _stat_numbers(self, path: KeyPath, value: Any, bound: int) -> None:
        """Every number in a stats table within ±bound: a sheet a save holds, odds computed exactly."""
        if isinstance(value, dict):
            for key, inner in value.items():
                self._stat_numbers(path + (str(key),), inner, bound)
        elif isinstance(value, list):
            for index, inner in enumerate(value):
                self._stat_numbers(path + (str(index),), inner, bound)
        elif isinstance(value, (int, float)) and not isinstance(value, bool) and not -bound <= value <= bound:
            self.report.add(path, f"{value} is beyond what this rule system can play or a save can hold "
                                  f"(at most {bound})")

    def _check(self, path: KeyPath, value: str | dict[str, Any], kind: str) -> CheckDef:
        if isinstance(value, str):
            return CheckDef(kind, self._one_of(path, value, "a difficulty", DIFFICULTIES))
        table = read_table(self.report, path, value, CHECK_SPEC)
        kind = self._one_of(path + ("check",), table.get("check", kind), "a check kind", KINDS)
        difficulty = self._one_of(path + ("difficulty",), table.get("difficulty", "normal"), "a difficulty",
                                  DIFFICULTIES)
        numbers = {s: table[s] for s in SYSTEM_IDS if s in table}
        return CheckDef(kind, difficulty, numbers)

    # -- sections ----------------------------------------------------------------------
    def build(self, source: Path | None, digest: str) -> Adventure:
        head = self._adventure_head()
        regions = self._regions()
        player = self._player()
        items = {item_id: self._item(item_id) for item_id in self.item_data}
        rooms = {room_id: self._room(room_id, regions) for room_id in self.room_data}
        npcs = {npc_id: self._npc(npc_id, rooms) for npc_id in self.npc_data}
        goal = self._goal(head.get("goal"))
        trigger_builder = TriggerBuilder(self.report, self.texts, self.room_data)
        triggers = trigger_builder.build(self.top.get("triggers"))
        self._check_locks(triggers, trigger_builder.faulty)
        self._check_reachable(head.get("start"), rooms)
        return Adventure(
            id=head.get("id", ""), title=head.get("title", ""), version=head.get("version", ""),
            start=head.get("start", ""), system=self.system, intro=_text(head.get("intro")),
            goal=goal, rules=self._rules(head.get("rules", {})), player=player, rooms=rooms,
            items=items, npcs=npcs, regions={**self.implicit_regions, **regions}, source=source,
            digest=digest, item_homes=self.item_homes, npc_homes=self.npc_homes,
            oldest_compatible=head.get("oldest_compatible", ""),
            triggers=triggers, verbs=self._author_verbs(self.top.get("verbs", {})),
        )

    def _author_verbs(self, raw: Mapping[str, Any]) -> dict[str, str]:
        """``[verbs]``: a word or two-word phrase -> the verb it means (the verb table's, which ``check``
        holds it to, or a new one that only triggers give a meaning: a word that means itself)."""
        verbs: dict[str, str] = {}
        for word, verb in raw.items():
            path = ("verbs", word)
            if not _VERB_PHRASE.match(word):
                self.report.add(path, f"'{word}' is not a word to type: one or two lowercase words")
            elif not isinstance(verb, str) or not _VERB_PHRASE.match(verb) or " " in verb:
                self.report.add(path, f"expected the verb it means (one lowercase word, as help names verbs), "
                                      f"got {verb!r}")
            else:
                verbs[word] = verb
        return verbs

    def _adventure_head(self) -> Mapping[str, Any]:
        if "adventure" not in self.top:
            return {}
        head = read_table(self.report, ("adventure",), self.top["adventure"], ADVENTURE_SPEC,
                          required=("id", "title", "version", "start"))
        if "id" in head:
            check_id(self.report, ("adventure", "id"), head["id"], "adventure")
        if "start" in head and self.room_data:
            self._ref(("adventure", "start"), head["start"], "room", self.room_data)
        elif "start" in head:
            self.report.add(("adventure", "start"), f"no room '{head['start']}': the adventure has no rooms")
        if "system" in head and self._system_id(("adventure", "system"), head["system"]):
            self.system = head["system"]
        elif "system" in head:
            self.system = ""
        return head

    def _rules(self, raw: dict[str, Any]) -> dict[str, dict[str, str]]:
        rules: dict[str, dict[str, str]] = {}
        for system, options in raw.items():
            path = ("adventure", "rules", system)
            table = as_table(self.report, path, options)
            if not self._system_id(path, system) or table is None:
                continue
            rules[system] = {}
            for key, value in table.items():
                if not isinstance(value, str):
                    self.report.add(path + (key,), f"expected a string, got {type_name(value)}")
                    continue
                for problem in _option_problems(system, key, value):
                    self.report.add(path + (key,), problem)
                rules[system][key] = value
        return rules

    def _goal(self, raw: dict[str, Any] | None) -> GoalDef:
        if raw is None:
            return GoalDef()
        path = ("adventure", "goal")
        goal = read_table(self.report, path, raw, GOAL_SPEC)
        if not any(k in goal for k in ("reach", "carrying", "defeat")):
            self.report.add(path, "the goal names nothing to reach, carry or defeat")
        reach = goal.get("reach")
        if reach is not None:
            self._ref(path + ("reach",), reach, "room", self.room_data)
        carrying = _ids(goal.get("carrying"))
        for item in carrying:
            if self._ref(path + ("carrying",), item, "item", self.item_data) and item not in self.item_homes:
                self.report.add(path + ("carrying",), f"item '{item}' is placed nowhere, so the goal cannot be won")
        defeat = _ids(goal.get("defeat"))
        self._refs(path + ("defeat",), list(defeat), "npc", self.npc_data)
        return GoalDef(reach=reach, carrying=carrying, defeat=defeat, text=_text(goal.get("text")))

    def _regions(self) -> dict[str, RegionDef]:
        regions: dict[str, RegionDef] = {}
        for region_id, raw in self.region_data.items():
            path = ("regions", region_id)
            region = self._entity(path, raw, REGION_SPEC)
            encounters = self._refs(path + ("encounters",), region.get("encounters", []), "npc", self.npc_data)
            regions[region_id] = RegionDef(region_id, _text(region.get("name")), encounters)
        return regions

    def _player(self) -> PlayerDef:
        path = ("player",)
        player = read_table(self.report, path, self.top.get("player", {}), PLAYER_SPEC)
        items = self._placed_items(path + ("items",), player.get("items"), "player")
        return PlayerDef(
            name=_text(player.get("name")) or "Wanderer", items=items,
            water=self._range(path + ("water",), player.get("water", 2), 0),
            food=self._range(path + ("food",), player.get("food", 2), 0),
            stats=self._stats(path + ("stats",), player.get("stats", {})),
            synthetic=player.get("synthetic", False),
        )

    def _item(self, item_id: str) -> ItemDef:
        """One item: the keys given are checked and set; the others keep ItemDef's defaults."""
        plain = plain_item(self, item_id)
        if plain is not None:
            return plain
        path = ("items", item_id)
        item = self._entity(path, self.item_data[item_id], ITEM_SPEC)
        given: dict[str, Any] = {
            "id": item_id, "name": item.get("name", ""),
            "kind": self._one_of(path + ("kind",), item.get("kind", "tool"), "an item kind", ITEM_KINDS),
        }
        if "aliases" in item:
            given["aliases"] = tuple(item["aliases"])
        if not _ITEM_COMMON.issuperset(item):  # the rarer keys, looked for only when there are some
            self._item_more(path, item, given)
        return _make(ItemDef, given)

    def _item_more(self, path: KeyPath, item: Mapping[str, Any], given: dict[str, Any]) -> None:
        keys = item.keys()
        for key in _ITEM_TEXTS & keys:
            given[key] = _text(item[key])
        for key in _ITEM_AMOUNTS & keys:
            given[key] = self._range(path + (key,), item[key], 0)
        if "value" in item:
            given["valued"] = True
        for key in _ITEM_AS_GIVEN & keys:
            given[key] = item[key]
        if "weight" in item:
            given["weight"] = self._range(path + ("weight",), item["weight"], -4, 11)
        if "identify" in item:
            identify = self._check(path + ("identify",), item["identify"], "identify")
            given["identify"], given["identify_check"] = identify.difficulty, identify
        if "effect" in item:
            given["effect"] = self._effect(path + ("effect",), item["effect"])
        if "damage" in item:
            given["damage"] = self._damage(path + ("damage",), item["damage"])
        if "bonus_against" in item:
            for creature in item["bonus_against"]:
                self._one_of(path + ("bonus_against",), creature, "a creature type", CREATURES)
            given["bonus_against"] = tuple(item["bonus_against"])
        if "damage_type" in item:
            given["damage_type"] = self._one_of(path + ("damage_type",), item["damage_type"], "a kind of harm",
                                                DAMAGE_TYPES)
        if "stats" in item:
            given["stats"] = self._stats(path + ("stats",), item["stats"])
        if "descriptions" in item:
            given["descriptions"] = self.texts.descriptions(path + ("descriptions",), item["descriptions"], None)
        self._holder_keys(path, item, given, given["kind"])

    def _holder_keys(self, path: KeyPath, table: Mapping[str, Any], given: dict[str, Any], kind: str) -> None:
        """``contents``, ``closed`` and ``locked_by`` of a container or supporter (item or scenery): the
        contents placed inside (``in:<id>``), the key checked; each key refused on a thing that holds nothing."""
        holder = path[1] if path[0] == "items" else f"{path[1]}/{path[3]}"
        for key, kinds in (("contents", ("container", "supporter")), ("closed", ("container",)),
                           ("locked_by", ("container",))):
            if key in table and kind not in kinds and kind in (*ITEM_KINDS, *SCENERY_KINDS):  # (a misspelt kind: its own error)
                self.report.add(path + (key,), f"only a {' or '.join(kinds)} has {key}; this is kind = \"{kind}\"")
        if "contents" in table:
            contents = self._placed_items(path + ("contents",), table["contents"], f"in:{holder}")
            if holder in contents:
                self.report.add(path + ("contents",), f"'{holder}' cannot hold itself")
            given["contents"] = contents
        if "closed" in table:
            given["closed"] = table["closed"]
        if "locked_by" in table and self._ref(path + ("locked_by",), table["locked_by"], "item", self.item_data):
            given["locked_by"] = table["locked_by"]
            if table["locked_by"] == holder or self.item_homes.get(table["locked_by"]) == f"in:{holder}":
                self.report.add(path + ("locked_by",), f"the key '{table['locked_by']}' is locked inside what it "
                                                       "opens: it can never open")

    def _effect(self, path: KeyPath, raw: dict[str, Any]) -> dict[str, Any]:
        """An item's ``effect`` table: the author's own keys, but ``damage`` must be a die."""
        effect = dict(raw)
        if "damage" in effect:
            if isinstance(effect["damage"], str):
                self._damage(path + ("damage",), effect["damage"])
            else:
                self.report.add(path + ("damage",), f"expected a string, got {type_name(effect['damage'])}")
        return effect

    def _room(self, room_id: str, regions: dict[str, RegionDef]) -> RoomDef:
        """One room: the keys given are checked and set; the others keep RoomDef's defaults."""
        plain = plain_room(self, room_id)
        if plain is not None:
            return plain
        path = ("rooms", room_id)
        room = self._entity(path, self.room_data[room_id], ROOM_SPEC)
        given: dict[str, Any] = {"id": room_id, "name": room.get("name", ""),
                                 "description": _text(room.get("description"))}
        if "items" in room:
            given["items"] = self._placed_items(path + ("items",), room["items"], f"room:{room_id}")
        if "npcs" in room:
            npcs = given["npcs"] = self._refs(path + ("npcs",), room["npcs"], "npc", self.npc_data)
            for npc in npcs:
                self.place_npc(npc, room_id, path + ("npcs",))
        given["exits"] = self._exits(room_id, room["exits"]) if "exits" in room else {}
        if not _ROOM_COMMON.issuperset(room):  # the rarer keys, looked for only when there are some
            self._room_more(path, room, given, regions)
        return _make(RoomDef, given)

    def _room_more(self, path: KeyPath, room: Mapping[str, Any], given: dict[str, Any],
                   regions: dict[str, RegionDef]) -> None:
        room_id, exits = path[1], given["exits"]
        keys = room.keys()
        for key in _ROOM_TEXTS & keys:
            given[key] = _text(room[key])
        for key in _ROOM_AS_GIVEN & keys:
            given[key] = room[key]
        hidden: tuple[str, ...] = ()
        if "search_items" in room:
            hidden = given["search_items"] = self._placed_items(path + ("search_items",), room["search_items"],
                                                                f"search:{room_id}")
        if "search" in room:
            given["search"] = self._check(path + ("search",), room["search"], "search")
        elif hidden:  # search_items without a search check: a normal search finds them
            given["search"] = CheckDef("search", "normal")
        if "hazard" in room:
            given["hazard"] = self._check(path + ("hazard",), room["hazard"], "survive")
        if "scenery" in room:
            given["scenery"] = self.texts.scenery(path + ("scenery",), room["scenery"], exits)
            for scenery_id, scenery in given["scenery"].items():
                raw = room["scenery"][scenery_id]
                held: dict[str, Any] = {}
                self._holder_keys(path + ("scenery", scenery_id), raw, held, scenery.kind)
                if held:
                    given["scenery"][scenery_id] = dataclasses.replace(scenery, **held)
        if "dark" in room:
            given["dark"] = self.texts.when(path + ("dark",), room["dark"], exits)
            if given["dark"].dark is not None:
                self.report.add(path + ("dark", "dark"), "a room's darkness cannot depend on its darkness")
        if "descriptions" in room:
            given["descriptions"] = self.texts.descriptions(path + ("descriptions",), room["descriptions"], exits)
        if "travel_minutes" in room:
            given["travel_minutes"] = self._range(path + ("travel_minutes",), room["travel_minutes"], 0)
        if "hazard_damage" in room:
            given["hazard_damage"] = self._damage(path + ("hazard_damage",), room["hazard_damage"])
        if "region" in room:
            given["region"] = self._region(path + ("region",), room["region"], regions)

    def _placed_items(self, path: KeyPath, values: list[str] | None, place: str) -> tuple[str, ...]:
        """Item ids listed at ``path`` (checked), each placed at ``place``."""
        if not values:
            return ()
        items, homes = self.item_data, self.item_homes
        for item in values:
            if item not in items:
                self.report.dangling(path, "item", item, items)
            elif item in homes:
                self.report.add(path, f"item '{item}' is already placed in {format_path(_place_path(homes[item]))}")
            else:
                homes[item] = place
        return tuple(values)

    def place_npc(self, npc: str, room_id: str, path: KeyPath) -> None:
        first = self.npc_placed_at.get(npc)
        if first is not None:
            self.report.add(path, f"npc '{npc}' is already placed in {format_path(first)}")
            return
        self.npc_placed_at[npc] = path
        self.npc_homes[npc] = room_id

    def _region(self, path: KeyPath, value: str | None, regions: dict[str, RegionDef]) -> str | None:
        if value is None:
            return None
        if "regions" in self.top:
            self._ref(path, value, "region", self.region_data)
        elif check_id(self.report, path, value, "region") and value not in self.implicit_regions:
            self.implicit_regions[value] = RegionDef(value)
        return value

    def _exits(self, room_id: str, raw: dict[str, Any]) -> dict[str, ExitDef]:
        """A room's exits, each a way to a room by its id or a table (see build_plain.plain_room for the common case)."""
        exits: dict[str, ExitDef] = {}
        refused: set[str] = set()  # directions of exits given but not built
        rooms = self.room_data
        for key, value in raw.items():
            direction = _DIRECTION_NAMES.get(key)
            if direction is None or direction in exits or direction in refused:
                self._bad_direction(room_id, raw, key, direction)
            elif type(value) is str:
                if value not in rooms:
                    self.report.dangling(("rooms", room_id, "exits", key), "room", value, rooms)
                exits[direction] = plain_exit(direction, value)
            else:
                exit_def = self._exit(("rooms", room_id, "exits", key), direction, value)
                if exit_def is None:
                    refused.add(direction)
                else:
                    exits[direction] = exit_def
        # The rooms they lead to, for the reachability check (those that exist).
        self.ways[room_id] = [exit_def.to for exit_def in exits.values() if exit_def.to in rooms]
        return exits

    def _bad_direction(self, room_id: str, raw: dict[str, Any], key: str, direction: str | None) -> None:
        path = ("rooms", room_id, "exits", key)
        if direction is None:
            _not_one_of(self.report, path, key, "a direction", tuple(DIRECTIONS), tuple(_DIRECTION_NAMES))
        else:
            first = next(written for written in raw if _DIRECTION_NAMES.get(written) == direction)
            self.report.add(path, f"the exit {direction} is given twice (as '{first}' and '{key}')")

    def _exit(self, path: KeyPath, direction: str, value: Any) -> ExitDef | None:
        if not isinstance(value, dict):
            self.report.add(path, f"expected a room id or a table, got {type_name(value)}")
            return None
        spec = read_table(self.report, path, value, EXIT_SPEC, required=("to",))
        if "to" in spec:
            self._ref(path + ("to",), spec["to"], "room", self.room_data)
        if "locked_by" in spec:
            self._ref(path + ("locked_by",), spec["locked_by"], "item", self.item_data)
            if "force" not in spec:
                self.locked_exits.append((path, spec["locked_by"], f"{path[1]}/{direction}"))
            if spec.get("locked"):
                self.report.add(path + ("locked",), "a way with a key (locked_by) is locked already: "
                                                    "leave out locked = true")
        elif spec.get("locked") and "force" not in spec:
            self.locked_exits.append((path, "", f"{path[1]}/{direction}"))
        return ExitDef(
            direction, spec.get("to", ""), locked_by=spec.get("locked_by"), hidden=spec.get("hidden", False),
            find=self._check(path + ("find",), spec["find"], "perceive") if "find" in spec else None,
            force=self._check(path + ("force",), spec["force"], "force") if "force" in spec else None,
            description=_text(spec.get("description")), name=_text(spec.get("name")),
            locked=bool(spec.get("locked", False)) and "locked_by" not in spec,
        )

    def _npc(self, npc_id: str, rooms: dict[str, RoomDef]) -> NpcDef:
        plain = plain_npc(self, npc_id)
        if plain is not None:
            return plain
        path = ("npcs", npc_id)
        npc = self._entity(path, self.npc_data[npc_id], NPC_SPEC)
        items = self._placed_items(path + ("items",), npc.get("items"), f"npc:{npc_id}")
        tier = self._range(path + ("tier",), npc["tier"], 1, 5) if "tier" in npc else None
        stats = self._stats(path + ("stats",), npc.get("stats", {}))
        if tier is None and self.system and self.system not in stats and isinstance(self.npc_data[npc_id], dict):
            self.report.add(path, f"stats missing for the chosen system '{self.system}' when no tier is given "
                                  f"(add tier = 1..5 or [{'.'.join(path)}.stats.{self.system}])")
        return _make(NpcDef, dict(
            id=npc_id, name=npc.get("name", ""), description=_text(npc.get("description")),
            aliases=tuple(npc.get("aliases", ())),
            disposition=self._one_of(path + ("disposition",), npc.get("disposition", "neutral"),
                                     "a disposition", DISPOSITIONS),
            behaviour=self._one_of(path + ("behaviour",), npc.get("behaviour", "cautious"),
                                   "a behaviour", BEHAVIOURS),
            tier=tier, items=items, stats=stats,
            creature=self._one_of(path + ("creature",), npc.get("creature", "biological"),
                                  "a creature type", CREATURES),
            talk=_text(npc.get("talk")), topics=self._topics(path + ("topics",), npc.get("topics", {})),
            talk_after=self._talk_after(path + ("talk_after",), npc.get("talk_after", {})),
            route=self._refs(path + ("route",), npc.get("route", []), "room", self.room_data),
            blocks=self._blocks(path + ("blocks",), npc_id, npc.get("blocks"), rooms),
            ambush=bool(npc.get("ambush", False)),
            pronoun=self._one_of(path + ("pronoun",), npc.get("pronoun", "it"), "a pronoun", NPC_PRONOUNS),
            descriptions=self.texts.descriptions(path + ("descriptions",), npc.get("descriptions"), None),
            attack=_text(npc.get("attack")),
            **({"currency": self._one_of(path + ("currency",), npc["currency"], "a currency", CURRENCIES)}
               if "currency" in npc else {}),
        ))

    def _topics(self, path: KeyPath, raw: dict[str, Any]) -> dict[str, str]:
        topics: dict[str, str] = {}
        for topic, answer in raw.items():
            if isinstance(answer, str):
                topics[topic] = answer.strip()
            else:
                self.report.add(path + (topic,), f"expected a string, got {type_name(answer)}")
        return topics

    def _talk_after(self, path: KeyPath, raw: dict[str, Any]) -> dict[str, str]:
        """``talk_after``: a line for each remembered deed named in :data:`TALK_MEMORIES`."""
        lines = self._topics(path, raw)
        for key in [k for k in lines if k not in TALK_MEMORIES]:
            self.report.add(path + (key,), f"'{key}' is not a remembered deed (one of {', '.join(TALK_MEMORIES)})")
            del lines[key]
        return lines

    def _blocks(self, path: KeyPath, npc_id: str, value: str | None, rooms: dict[str, RoomDef]) -> str | None:
        if value is None:
            return None
        direction = self._direction(path, value)
        room_id = self.npc_homes.get(npc_id)
        if direction is None:
            return None
        if room_id is None:
            self.report.add(path, f"npc '{npc_id}' blocks {direction} but is placed in no room")
        elif room_id in rooms and direction not in rooms[room_id].exits:
            self.report.add(path, f"room '{room_id}' has no exit {direction} to block")
        return direction

    # -- whole-adventure checks ----------------------------------------------------------
    def _check_locks(self, triggers: tuple[TriggerDef, ...], faulty: bool = False) -> None:
        """The exits locked without a force check (listed by :meth:`_exit`), once every item is placed:
        a key placed nowhere, that no trigger ``move``s into play either, when no trigger ``open``s the way.
        When a trigger had a problem of its own (``faulty``), a way with no key is not said to never open:
        that trigger may well be the one meant to open it, and its own error says what to mend."""
        moved = {item for trigger in triggers for item in trigger.move}
        opened = {way for trigger in triggers for way in trigger.open}
        for path, key, way in self.locked_exits:
            if way in opened:
                continue
            if not key and faulty:
                continue
            if not key:
                self.report.add(path + ("locked",), "locked with no key and no force check, and no trigger "
                                                    f"opens it (open = \"{way}\"): it can never open")
            elif key in self.item_data and key not in self.item_homes and key not in moved:
                self.report.add(path, f"locked by '{key}', which is placed nowhere, and there is no force check: "
                                      f"it can never open")

    def _check_reachable(self, start: str | None, rooms: dict[str, RoomDef]) -> None:
        if start is None or start not in rooms:
            return
        seen = {start}
        todo = [start]  # depth first: the order rooms are found in does not matter
        ways = self.ways  # every room there is one of ``rooms``
        while todo:
            for to in ways.get(todo.pop(), ()):
                if to not in seen:
                    seen.add(to)
                    todo.append(to)
        if len(seen) < len(rooms):
            for room_id in rooms:
                if room_id not in seen:
                    self.report.add(("rooms", room_id), f"room '{room_id}' cannot be reached from the start room "
                                                        f"'{start}'")


def _place_path(place: str) -> KeyPath:
    """Where an item's home (``room:X``, ``search:X``, ``npc:X``, ``player``) is written: its key path."""
    kind, _, owner = place.partition(":")
    if kind == "room":
        return ("rooms", owner, "items")
    if kind == "search":
        return ("rooms", owner, "search_items")
    if kind == "npc":
        return ("npcs", owner, "items")
    if kind == "in":
        room, _, scenery = owner.partition("/")
        return ("rooms", room, "scenery", scenery, "contents") if scenery else ("items", owner, "contents")
    return ("player", "items")


def _not_one_of(report: Report, path: KeyPath, value: str, what: str, allowed: tuple[str, ...],
                accepted: tuple[str, ...] = ()) -> None:
    """Report ``value`` as not in ``allowed``, listing every allowed value (with a did-you-mean when one is close).

    ``accepted`` holds further spellings that count (direction abbreviations) for the suggestion.
    """
    hint = report.suggest(value, accepted or allowed)
    report.add(path, f"'{value}' is not {what}{hint}; allowed: {', '.join(allowed)}")


def _ids(value: str | list[str] | None) -> tuple[str, ...]:
    if value is None:
        return ()
    return (value,) if isinstance(value, str) else tuple(value)
