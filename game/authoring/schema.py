"""``wayfarer schema``: a JSON Schema (draft 2020-12) of an adventure's merged content.

The schema is generated from the loader's own field specs (``ROOM_SPEC``,
``ITEM_SPEC``... in :mod:`game.world.build`) and enumerations, so it cannot drift
from what ``check`` accepts: a key added to a spec appears here by itself, typed
from its checker.  What the specs do not say (which keys hold a sub-table of
which spec, which hold an enumeration) is declared in :data:`NESTED` and
:data:`ENUMS`; a key named in neither gets the plain type of its checker.

Given an adventure, references (exits, ``start``, items placed, NPCs) are also
limited to the ids that adventure defines, so an editor flags a mistyped id.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.authoring.warnings import EFFECT_KEYS
from game.rules import registry
from game.rules.base import DIFFICULTIES, KINDS
from game.rules.registry import SYSTEM_IDS
from game.rules.stat_spec import DIE_CODE_REGEX, Stat, StatTable
from game.world import build, build_text, triggers
from game.world import schema as fields
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
    TRIGGER_ENDS,
    TRIGGER_EVENTS,
    Adventure,
)

Json = dict[str, Any]

DRAFT = "https://json-schema.org/draft/2020-12/schema"
ID_REGEX = "^" + fields.ID_PATTERN.pattern.removesuffix("\\Z") + "$"

#: The JSON type each of the loader's checkers accepts.
_CHECKER_TYPES: dict[int, Json] = {
    id(fields.STR): {"type": "string"},
    id(fields.INT): {"type": "integer"},
    id(fields.BOOL): {"type": "boolean"},
    id(fields.TABLE): {"type": "object"},
    id(fields.STR_LIST): {"type": "array", "items": {"type": "string"}},
    id(fields.STR_OR_LIST): {"oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]},
    id(fields.STR_OR_TABLE): {"oneOf": [{"type": "string"}, {"type": "object"}]},
    id(fields.ANY): {},
}

#: Keys whose value must be one of a list (by spec name, key).
ENUMS: dict[tuple[str, str], tuple[str, ...]] = {
    ("trigger", "on"): TRIGGER_EVENTS, ("trigger", "end"): TRIGGER_ENDS, ("when", "time"): ("day", "night"),
    ("item", "kind"): ITEM_KINDS,
    ("item", "bonus_against"): CREATURES,
    ("item", "damage_type"): DAMAGE_TYPES,
    ("npc", "disposition"): DISPOSITIONS,
    ("npc", "behaviour"): BEHAVIOURS,
    ("npc", "creature"): CREATURES,
    ("npc", "pronoun"): NPC_PRONOUNS,
    ("npc", "currency"): CURRENCIES,
    ("scenery", "kind"): SCENERY_KINDS,
    ("npc", "blocks"): tuple(DIRECTIONS) + tuple(a for a in DIRECTIONS.values() if a not in DIRECTIONS),
    ("adventure", "system"): SYSTEM_IDS,
    ("check", "check"): KINDS,
    ("check", "difficulty"): DIFFICULTIES,
}

#: Keys holding a check (a difficulty word or a check table).
CHECK_KEYS: frozenset[tuple[str, str]] = frozenset({
    ("room", "search"), ("room", "hazard"), ("exit", "find"), ("exit", "force"), ("item", "identify"),
})

#: Ranges the loader enforces on numbers.
RANGES: dict[tuple[str, str], tuple[int | None, int | None]] = {
    ("npc", "tier"): (1, 5), ("item", "weight"): (-4, 11), ("item", "slots"): (0, None),
    ("item", "rations"): (0, None), ("item", "value"): (0, None), ("item", "armor"): (0, None),
    ("room", "travel_minutes"): (0, None), ("player", "water"): (0, None), ("player", "food"): (0, None),
    ("item", "capacity"): (0, None), ("scenery", "capacity"): (0, None),
}

#: Which references name which kind of id (for an adventure's own schema).
REFERENCES: dict[tuple[str, str], str] = {
    ("adventure", "start"): "rooms", ("goal", "reach"): "rooms", ("goal", "carrying"): "items",
    ("goal", "defeat"): "npcs", ("room", "items"): "items", ("room", "npcs"): "npcs",
    ("room", "search_items"): "items", ("room", "region"): "regions", ("exit", "to"): "rooms",
    ("exit", "locked_by"): "items", ("item", "stats"): "", ("npc", "items"): "items",
    ("npc", "route"): "rooms", ("player", "items"): "items", ("region", "encounters"): "npcs",
    ("item", "contents"): "items", ("item", "locked_by"): "items", ("scenery", "contents"): "items",
    ("scenery", "locked_by"): "items", ("when", "item_here"): "items", ("when", "item_gone"): "items",
    ("when", "carrying"): "items", ("when", "not_carrying"): "items", ("when", "npc_here"): "npcs",
    ("when", "npc_dead"): "npcs", ("when", "npc_down"): "npcs", ("when", "npc_gone"): "npcs",
    ("trigger", "room"): "rooms", ("trigger", "not_room"): "rooms", ("trigger", "remove"): "items",
    ("trigger", "thing"): "things", ("trigger", "not_thing"): "things", ("trigger", "target"): "things",
}

_DAMAGE_REGEX = r"^([1-9][0-9]?)?d(2|3|4|6|8|10|12|20|100)([+-][0-9]+)?$"
_PATTERNS: dict[tuple[str, str], str] = {("item", "damage"): _DAMAGE_REGEX, ("room", "hazard_damage"): _DAMAGE_REGEX}

_REQUIRED: dict[str, tuple[str, ...]] = {
    "adventure": ("id", "title", "version", "start"), "room": ("name",), "item": ("name",), "npc": ("name",),
    "exit": ("to",), "trigger": ("on",), "text": ("when", "text"),
}

#: The ``effect`` keys the game reads, and what each takes.
_EFFECT: dict[str, Json] = {
    "damage": {"type": "string", "pattern": _DAMAGE_REGEX}, "damage_type": {"enum": list(DAMAGE_TYPES)},
    "heal": {"type": "string", "pattern": _DAMAGE_REGEX}, "consumed": {"type": "boolean"},
    "reveal": {"type": "boolean"}, "water": {"type": "integer", "minimum": 0}, "sustain": {"enum": ["ward", "calm"]},
}


def loader_specs() -> dict[str, Mapping[str, fields.Checker]]:
    """The loader's field specs by name (read at call time, so keys added to them show)."""
    return {
        "top": build.TOP_SPEC, "adventure": build.ADVENTURE_SPEC, "goal": build.GOAL_SPEC,
        "player": build.PLAYER_SPEC, "room": build.ROOM_SPEC, "exit": build.EXIT_SPEC, "item": build.ITEM_SPEC,
        "npc": build.NPC_SPEC, "region": build.REGION_SPEC, "check": build.CHECK_SPEC,
        "trigger": triggers.TRIGGER_SPEC, "when": build_text.WHEN_SPEC, "scenery": build_text.SCENERY_SPEC,
        "text": build_text.TEXT_SPEC,
    }


def content_schema(adventure: Adventure | None = None) -> Json:
    """The JSON Schema of adventure content; with ``adventure``, references limited to its ids."""
    ids: dict[str, list[str]] = {}
    if adventure is not None:
        ids = {"rooms": list(adventure.rooms), "items": list(adventure.items), "npcs": list(adventure.npcs),
               "regions": list(adventure.regions)}
        scenery = {s for room in adventure.rooms.values() for s in room.scenery}
        ids["holders"] = [*(i for i, item in adventure.items.items() if item.kind in ("container", "supporter")),
                          *sorted({s for room in adventure.rooms.values() for s, d in room.scenery.items()
                                   if d.kind in ("container", "supporter")}),
                          *(f"{r}/{s}" for r, room in adventure.rooms.items() for s, d in room.scenery.items()
                            if d.kind in ("container", "supporter"))]
        ids["things"] = [*adventure.items, *sorted(scenery - set(adventure.items)), *adventure.npcs,
                         *DIRECTIONS, *(a for a in DIRECTIONS.values() if a not in DIRECTIONS)]
    maker = _Maker(loader_specs(), ids)
    title = f"Wayfarer adventure content: {adventure.title}" if adventure else "Wayfarer adventure content"
    root = maker.table("top")
    root["properties"]["rooms"] = maker.id_map("room")
    root["properties"]["items"] = maker.id_map("item")
    root["properties"]["npcs"] = maker.id_map("npc")
    root["properties"]["regions"] = maker.id_map("region")
    root["properties"]["verbs"] = {
        "type": "object", "propertyNames": {"pattern": "^[a-z]+( [a-z]+)?$"},
        "additionalProperties": {"type": "string", "pattern": "^[a-z]+$"},
        "description": "the adventure's own verbs: a word -> the verb it means (docs/authoring.md §15)"}
    return {"$schema": DRAFT, "$id": "https://wayfarer.invalid/schema/adventure.json", "title": title,
            "description": "One adventure folder's *.toml files merged. See docs/authoring.md.",
            **root, "$defs": maker.defs}


class _Maker:
    """Builds the schema fragments of each spec once, as ``$defs``."""

    def __init__(self, specs: dict[str, Mapping[str, fields.Checker]], ids: dict[str, list[str]]) -> None:
        self.specs = specs
        self.ids = ids
        self.defs: Json = {"check": self._check(), "id": {"type": "string", "pattern": ID_REGEX},
                           **{f"{owner}-stats": _system_stats(owner) for owner in ("player", "npc", "item")}}
        for name in ("adventure", "goal", "player", "room", "exit", "item", "npc", "region", "trigger", "when",
                     "scenery", "text"):
            self.defs[name] = self.table(name)

    def table(self, name: str) -> Json:
        spec = self.specs[name]
        properties = {key: self.field(name, key, checker) for key, checker in spec.items()}
        schema: Json = {"type": "object", "properties": properties, "additionalProperties": False}
        required = [key for key in _REQUIRED.get(name, ()) if key in spec]
        if required:
            schema["required"] = required
        return schema

    def field(self, owner: str, key: str, checker: fields.Checker) -> Json:
        """One key of one spec: nested tables by reference, else its checker's type narrowed."""
        nested = self._nested(owner, key)
        if nested is not None:
            return nested
        schema = dict(_CHECKER_TYPES.get(id(checker), {}))
        allowed = ENUMS.get((owner, key))
        target = schema
        if schema.get("type") == "array":  # the enumeration applies to each element
            target = schema["items"] = dict(schema["items"])
        if allowed:
            target["enum"] = list(allowed)
        kind = REFERENCES.get((owner, key))
        if kind and self.ids.get(kind):
            if "oneOf" in schema:
                schema = {"oneOf": [{"enum": self.ids[kind]},
                                    {"type": "array", "items": {"enum": self.ids[kind]}}]}
            else:
                target["enum"] = self.ids[kind]
        low, high = RANGES.get((owner, key), (None, None))
        if low is not None:
            schema["minimum"] = low
        if high is not None:
            schema["maximum"] = high
        pattern = _PATTERNS.get((owner, key))
        if pattern:
            schema["pattern"] = pattern
        return schema

    def _nested(self, owner: str, key: str) -> Json | None:
        if (owner, key) in CHECK_KEYS:
            return {"$ref": "#/$defs/check"}
        if key == "stats":
            return {"$ref": f"#/$defs/{owner}-stats"}
        if owner == "top" and key in ("adventure", "player"):
            return {"$ref": f"#/$defs/{key}"}
        if owner == "adventure" and key == "goal":
            return {"$ref": "#/$defs/goal"}
        if owner == "adventure" and key == "rules":
            return {"type": "object", "propertyNames": {"enum": list(SYSTEM_IDS)},
                    "additionalProperties": {"type": "object", "additionalProperties": {"type": "string"}}}
        if owner == "room" and key == "exits":
            exit_ref = {"oneOf": [self.field("exit", "to", fields.STR), {"$ref": "#/$defs/exit"}]}
            names = list(DIRECTIONS) + [a for a in DIRECTIONS.values() if a not in DIRECTIONS]
            return {"type": "object", "propertyNames": {"enum": names}, "additionalProperties": exit_ref}
        if owner == "item" and key == "effect":
            assert set(_EFFECT) == set(EFFECT_KEYS), "every effect key the game reads has its type here"
            return {"type": "object", "description": "what using the item does (see docs/authoring.md, Effects)",
                    "properties": dict(_EFFECT), "additionalProperties": False}
        if key == "descriptions":
            return {"type": "array", "items": {"$ref": "#/$defs/text"}}
        if owner == "room" and key == "scenery":
            return self.id_map("scenery")
        if (owner, key) == ("when", "item_in"):
            items = self.ids.get("items")
            return {"type": "object", "additionalProperties": {"type": "string"},
                    **({"propertyNames": {"enum": items}} if items else {})}
        if (owner, key) == ("text", "when"):
            return {"$ref": "#/$defs/when"}
        if owner == "top" and key == "triggers":
            return {"type": "array", "items": {"$ref": "#/$defs/trigger"}}
        if (owner, key) in (("trigger", "when"), ("room", "dark")):
            return {"$ref": "#/$defs/when"}
        if (owner, key) in (("trigger", "add"), ("when", "counter_at_least"), ("when", "counter_below")):
            return {"type": "object", "propertyNames": {"$ref": "#/$defs/id"}, "additionalProperties": {"type": "integer"}}
        if (owner, key) == ("trigger", "move"):
            places = ["player", *self.ids["rooms"], *self.ids.get("holders", ())] if self.ids.get("rooms") else None
            return {"type": "object", "additionalProperties": {"enum": places} if places else {"type": "string"},
                    **({"propertyNames": {"enum": self.ids["items"]}} if self.ids.get("items") else {})}
        if owner == "npc" and key == "topics":
            return {"type": "object", "additionalProperties": {"type": "string"}}
        if owner == "npc" and key == "talk_after":
            return {"type": "object", "propertyNames": {"enum": list(TALK_MEMORIES)},
                    "additionalProperties": {"type": "string"},
                    "description": "what it says once it remembers a deed of yours (docs/authoring.md)"}
        return None

    def id_map(self, name: str) -> Json:
        return {"type": "object", "propertyNames": {"$ref": "#/$defs/id"}, "additionalProperties": {"$ref": f"#/$defs/{name}"}}

    def _check(self) -> Json:
        spec = self.specs["check"]
        properties = {key: self.field("check", key, checker) for key, checker in spec.items()}
        return {"oneOf": [{"enum": list(DIFFICULTIES)},
                          {"type": "object", "properties": properties, "additionalProperties": False}]}


def _system_stats(owner: str) -> Json:
    """A player's, an NPC's or an item's ``stats`` table: each system's table closed to the keys it
    declares for that owner (``PLAYER_STATS``, ``NPC_STATS``, ``ITEM_STATS``)."""
    properties = {}
    for system_id in SYSTEM_IDS:
        info = registry.info(system_id)
        table = {"player": info.player_stats, "npc": info.npc_stats, "item": info.item_stats}[owner]
        properties[system_id] = stat_table_schema(table)
    return {"type": "object", "properties": properties, "additionalProperties": False,
            "description": "per-system numbers; each table is read by that system (docs/rules/<id>.md)"}


def stat_table_schema(table: StatTable) -> Json:
    """A system's declared stat table (:mod:`game.rules.stat_spec`) as JSON Schema."""
    return {"type": "object", "properties": {key: stat_schema(stat) for key, stat in table.items()},
            "additionalProperties": False}


def stat_schema(stat: Stat) -> Json:
    """One declared stat key as JSON Schema: its type, bounds, choices and nested keys."""
    if stat.kind in ("int", "code"):
        number: Json = {"type": "integer"}
        if stat.low is not None:
            number["minimum"] = stat.low
        if stat.high is not None:
            number["maximum"] = stat.high
        if stat.kind == "int":
            return number
        return {"oneOf": [{"type": "string", "pattern": DIE_CODE_REGEX}, number]}
    if stat.kind == "bool":
        return {"type": "boolean"}
    if stat.kind == "text":
        if stat.choices:
            return {"enum": list(stat.choices)}
        return {"type": "string", "minLength": 1, **({"pattern": stat.pattern} if stat.pattern else {})}
    if stat.kind == "words":
        words: Json = {"type": "array", "items": {"type": "string"}}
        return {"oneOf": [{"type": "string"}, words]} if stat.words_or_one else words
    if stat.kind == "table":
        table = stat_table_schema(stat.keys)
        if stat.required:
            table["required"] = list(stat.required)
        return table
    entry = stat_schema(stat.value) if stat.value else {}
    if stat.value_or:
        entry = {"oneOf": [entry, stat_schema(stat.value_or)]}
    return {"type": "object", "additionalProperties": entry,
            **({"propertyNames": {"pattern": stat.names}} if stat.names else {})}
