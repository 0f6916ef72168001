"""The builder's plain path: the common room, item and NPC of a big world, each built in one pass.

A 10,000-room world is mostly rooms with a name, a description, an item and
exits that are ways to rooms by their ids, and items with a name, a kind and
aliases (a big world's first load).  :func:`plain_room`, :func:`plain_item` and
:func:`plain_npc` build such a definition directly, checking each value's type
and each id as they go; for anything else they return None before changing
anything, and :class:`game.world.build._Builder`'s careful path builds it and
reports what is wrong.  Whatever they accept, the careful path builds equal and
without a problem (``tests/test_loader_plain.py`` holds them to it), so problem
paths, did-you-means and messages are the careful path's alone.

What they accept holds nothing but strings, arrays of strings, exits that are
strings and small whole numbers, so the loader's walk for nesting and 64-bit
integers (:func:`game.world.limits.check_data`) need not walk a section built
plain throughout.
"""
from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any, Protocol, TypeVar

from game.world.content import (
    BEHAVIOURS,
    CREATURES,
    DIRECTIONS,
    DISPOSITIONS,
    ITEM_KINDS,
    NPC_PRONOUNS,
    ExitDef,
    ItemDef,
    NpcDef,
    RoomDef,
    plain_exit,
)
from game.world.schema import KeyPath


class PlainBuilder(Protocol):
    """What the plain path reads and records of the careful builder (:class:`game.world.build._Builder`)."""

    room_data: dict[str, Any]
    item_data: dict[str, Any]
    npc_data: dict[str, Any]
    item_homes: dict[str, str]
    npc_placed_at: dict[str, KeyPath]
    ways: dict[str, Collection[str]]
    plain_rooms: int
    plain_items: int
    plain_npcs: int

    def place_npc(self, npc: str, room_id: str, path: KeyPath) -> None: ...


_Def = TypeVar("_Def", RoomDef, ExitDef, ItemDef, NpcDef)

#: The keys a plain room, item and NPC may have.
ROOM_KEYS = frozenset({"name", "description", "items", "npcs", "exits"})
ITEM_KEYS = frozenset({"name", "kind", "aliases"})
_NPC_TEXTS = frozenset({"description", "talk", "attack"})
_NPC_WORDS: dict[str, frozenset[str]] = {
    "disposition": frozenset(DISPOSITIONS), "behaviour": frozenset(BEHAVIOURS), "creature": frozenset(CREATURES),
    "pronoun": frozenset(NPC_PRONOUNS),
}
_NPC_KEYS = frozenset({"name", "aliases", "tier", "route", *_NPC_TEXTS, *_NPC_WORDS})
_ITEM_KINDS = frozenset(ITEM_KINDS)
_DIRECTION_NAMES: dict[str, str] = {**{d: d for d in DIRECTIONS}, **{a: d for d, a in DIRECTIONS.items()}}
#: The exits of a room that gives none.
_NO_EXITS: dict[str, Any] = {}


def made(cls: type[_Def], attributes: dict[str, Any]) -> _Def:
    """An instance of a frozen content class with ``attributes`` as its ``__dict__``.

    Several times quicker than the generated ``__init__``, which sets each field through
    ``object.__setattr__``; the instance is the same (``==``).  ``attributes`` must hold
    every required field and a new value for each field with a default factory (the plain
    path writes an empty table for each: :data:`FRESH_TABLES`); a field with a plain default left
    out reads the default the dataclass keeps on the class.
    """
    instance = object.__new__(cls)
    object.__setattr__(instance, "__dict__", attributes)
    return instance


#: The fields with a default factory that the functions below give a new empty table each
#: (``tests/test_loader_plain.py`` fails when a content class gains another).
FRESH_TABLES = {RoomDef: {"exits", "scenery"}, ItemDef: {"effect", "stats"}, NpcDef: {"stats", "topics", "talk_after"}}


def plain_item(builder: PlainBuilder, item_id: str) -> ItemDef | None:
    """An item that is a table of only a name, a kind and aliases, each of its type; else None."""
    raw = builder.item_data[item_id]
    if type(raw) is not dict or not ITEM_KEYS.issuperset(raw):
        return None
    name, kind, aliases = raw.get("name"), raw.get("kind", "tool"), raw.get("aliases")
    if type(name) is not str or type(kind) is not str or kind not in _ITEM_KINDS:
        return None
    if aliases is not None and not _strings(aliases):
        return None
    attributes: dict[str, Any] = {"id": item_id, "name": name, "kind": kind, "effect": {}, "stats": {}}
    if aliases is not None:
        attributes["aliases"] = tuple(aliases)
    builder.plain_items += 1
    return made(ItemDef, attributes)


def plain_npc(builder: PlainBuilder, npc_id: str) -> NpcDef | None:
    """An NPC that is a table of only texts, aliases, a tier, a route of rooms and the words of
    :data:`_NPC_WORDS`, each of its type or one of its words; else None."""
    raw = builder.npc_data[npc_id]
    if type(raw) is not dict or not _NPC_KEYS.issuperset(raw):
        return None
    name, tier, aliases, route = raw.get("name"), raw.get("tier"), raw.get("aliases", []), raw.get("route", [])
    if type(name) is not str or type(tier) is not int or not 1 <= tier <= 5:
        return None
    for key in _NPC_TEXTS.intersection(raw):
        if type(raw[key]) is not str:
            return None
    for key, choices in _NPC_WORDS.items():
        if key in raw and (type(raw[key]) is not str or raw[key] not in choices):
            return None
    if not _strings(aliases) or not _strings(route) or not all(map(builder.room_data.__contains__, route)):
        return None
    builder.plain_npcs += 1
    return made(NpcDef, {
        "id": npc_id, "name": name, "description": _text(raw.get("description")), "aliases": tuple(aliases),
        "disposition": raw.get("disposition", "neutral"), "behaviour": raw.get("behaviour", "cautious"),
        "tier": tier, "items": (), "stats": {}, "creature": raw.get("creature", "biological"),
        "talk": _text(raw.get("talk")), "topics": {}, "talk_after": {}, "route": tuple(route), "blocks": None,
        "pronoun": raw.get("pronoun", "it"), "descriptions": (), "attack": _text(raw.get("attack")), "ambush": False,
    })


def plain_room(builder: PlainBuilder, room_id: str) -> RoomDef | None:
    """A room that is a table of only a name, a description, items, NPCs and exits, each of its
    type, every exit a way to a room by its id, every item and NPC defined and placed nowhere
    else; else None.  Its items and NPCs are placed, and its ways noted for the reachability check."""
    raw = builder.room_data[room_id]
    if type(raw) is not dict or not ROOM_KEYS.issuperset(raw):
        return None
    name, description = raw.get("name"), raw.get("description", "")
    items, npcs, written = raw.get("items"), raw.get("npcs"), raw.get("exits", _NO_EXITS)
    if type(name) is not str or type(description) is not str or type(written) is not dict:
        return None
    if items is not None and not _unplaced(items, builder.item_data, builder.item_homes):
        return None
    if npcs is not None and not _unplaced(npcs, builder.npc_data, builder.npc_placed_at):
        return None
    exits: dict[str, Any] = {}
    rooms = builder.room_data
    for key, to in written.items():  # each a way to a room by its id, in a direction given once
        direction = _DIRECTION_NAMES.get(key)
        if type(to) is not str or to not in rooms or direction is None or direction in exits:
            return None
        exits[direction] = plain_exit(direction, to)
    attributes: dict[str, Any] = {"id": room_id, "name": name, "description": description.strip()}
    if items is not None:
        place = f"room:{room_id}"
        for item in items:
            builder.item_homes[item] = place
        attributes["items"] = tuple(items)
    if npcs is not None:
        for npc in npcs:
            builder.place_npc(npc, room_id, ("rooms", room_id, "npcs"))
        attributes["npcs"] = tuple(npcs)
    attributes["exits"] = exits
    attributes["scenery"] = {}
    if written:
        builder.ways[room_id] = written.values()
    builder.plain_rooms += 1
    return made(RoomDef, attributes)


def _text(value: Any) -> str:
    return value.strip() if isinstance(value, str) else ""


def _strings(value: Any) -> bool:
    """True for an array of strings."""
    if type(value) is not list:
        return False
    for item in value:
        if type(item) is not str:
            return False
    return True


def _unplaced(ids: Any, defined: Mapping[str, Any], placed: Mapping[str, Any]) -> bool:
    """True for an array of ids each defined, placed nowhere yet and listed once."""
    if not _strings(ids):
        return False
    for one in ids:
        if one not in defined or one in placed:
            return False
    return len(ids) < 2 or len(set(ids)) == len(ids)
