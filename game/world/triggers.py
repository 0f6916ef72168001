"""Checking and building ``[[triggers]]``: what content says happens on an event.

A trigger is data, never code: the loader checks every key, id
and direction here (with a did-you-mean where an id is close to one that
exists), and :mod:`game.actions.triggers` runs what it says.
"""
from __future__ import annotations

import difflib
from collections.abc import Mapping
from typing import Any

from game.world.build_text import TextBuilder, may_hold
from game.world.content import DIRECTIONS, ITEM_KINDS, SCENERY_KINDS, TRIGGER_ENDS, TRIGGER_EVENTS, TriggerDef
from game.world.schema import BOOL, STR, STR_OR_LIST, TABLE, Checker, KeyPath, Report, read_table

TRIGGER_SPEC: dict[str, Checker] = {
    "on": STR, "verb": STR_OR_LIST, "not_verb": STR_OR_LIST, "thing": STR_OR_LIST, "not_thing": STR_OR_LIST,
    "target": STR_OR_LIST,
    "room": STR_OR_LIST, "not_room": STR_OR_LIST, "when": TABLE, "once": BOOL,
    "say": STR, "set": STR_OR_LIST, "unset": STR_OR_LIST, "add": TABLE, "move": TABLE, "remove": STR_OR_LIST,
    "open": STR_OR_LIST, "close": STR_OR_LIST, "refuse": STR, "end": STR, "ending": STR,
}
#: Where ``move`` may put an item besides a room.
PLAYER_PLACE = "player"
_DIRECTION_NAMES: dict[str, str] = {**{d: d for d in DIRECTIONS}, **{a: d for d, a in DIRECTIONS.items()}}
#: Keys only an ``action`` trigger may have, and those only an action can do.
_ACTION_KEYS = ("verb", "not_verb", "thing", "not_thing", "target", "refuse")


def _exit_of(room: Mapping[str, Any], direction: str) -> Any:
    """The raw exit ``direction`` of a room, written in full or abbreviated (None when it has none)."""
    exits = room.get("exits") or {}
    if not isinstance(exits, Mapping):
        return None
    return exits.get(direction, exits.get(DIRECTIONS[direction]))


def _listed(value: str | list[str] | None) -> tuple[str, ...]:
    return (value,) if isinstance(value, str) else tuple(value or ())


class TriggerBuilder:
    """Checks and builds the ``[[triggers]]`` array against the adventure's ids."""

    def __init__(self, report: Report, texts: TextBuilder, rooms: Mapping[str, Any]) -> None:
        self.report = report
        self.texts = texts
        self.rooms = rooms
        #: Whether a trigger had a problem (then what it would open is unknown: no second error for it).
        self.faulty = False

    def build(self, raw: list[Any] | None) -> tuple[TriggerDef, ...]:
        triggers = []
        for index, entry in enumerate(raw or ()):
            before = len(self.report.problems)
            trigger = self._one(("triggers", str(index)), entry)
            if len(self.report.problems) > before:
                self.faulty = True
            if trigger is not None:
                triggers.append(trigger)
        return tuple(triggers)

    def _one(self, path: KeyPath, raw: Any) -> TriggerDef | None:
        table = read_table(self.report, path, raw, TRIGGER_SPEC, required=("on",))
        on = table.get("on")
        if on is None:
            return None
        if on not in TRIGGER_EVENTS:
            self.report.not_one_of(path + ("on",), on, "a trigger event", TRIGGER_EVENTS)
            return None
        if on != "action":
            for key in _ACTION_KEYS:
                if key in table:
                    self.report.add(path + (key,), f"only an action trigger has {key}; this one is on = \"{on}\"")
        if on == "when" and "when" not in table:
            self.report.add(path, "a trigger on = \"when\" needs a when table")
        end = table.get("end", "")
        if end and end not in TRIGGER_ENDS:
            self.report.not_one_of(path + ("end",), end, "an ending", TRIGGER_ENDS)
            end = ""
        when = self.texts.when(path + ("when",), table["when"], None) if "when" in table else None
        return TriggerDef(
            on=on, verbs=self._verbs(path + ("verb",), table.get("verb")),
            not_verbs=self._verbs(path + ("not_verb",), table.get("not_verb")),
            things=self._things(path + ("thing",), table.get("thing")),
            not_things=self._things(path + ("not_thing",), table.get("not_thing")),
            targets=self._things(path + ("target",), table.get("target")),
            rooms=self._rooms(path + ("room",), table.get("room")),
            not_rooms=self._rooms(path + ("not_room",), table.get("not_room")),
            when=when, once=table.get("once", False), say=table.get("say", "").strip(),
            set=self.texts.names(path + ("set",), table.get("set"), "flag"),
            unset=self.texts.names(path + ("unset",), table.get("unset"), "flag"),
            add=self._adds(path + ("add",), table.get("add", {})),
            move=self._moves(path + ("move",), table.get("move", {})),
            remove=self.texts._ids(path + ("remove",), table.get("remove"), "item", self.texts.items),
            open=self._exits(path + ("open",), table.get("open")),
            close=self._exits(path + ("close",), table.get("close")),
            refuse=table.get("refuse", "").strip(), end=end, ending=table.get("ending", "").strip(),
        )

    def _verbs(self, path: KeyPath, value: str | list[str] | None) -> tuple[str, ...]:
        """Verb names, as the verb table spells them; ``check`` compares them with it (game.authoring)."""
        return self.texts.names(path, value, "verb")

    def _things(self, path: KeyPath, value: str | list[str] | None) -> tuple[str, ...]:
        found = []
        scenery = {s for room in self.rooms.values() if isinstance(room, Mapping)
                   for s in (room.get("scenery") or {})}
        for thing in _listed(value):
            direction = _DIRECTION_NAMES.get(thing)
            if direction is not None:
                found.append(direction)
            elif thing in self.texts.items or thing in scenery or thing in self.texts.npcs:
                found.append(thing)
            else:
                self.report.dangling(path, "item, scenery, NPC or direction", thing,
                                     {**self.texts.items, **dict.fromkeys(scenery), **self.texts.npcs})
        return tuple(found)

    def _rooms(self, path: KeyPath, value: str | list[str] | None) -> tuple[str, ...]:
        return self.texts._ids(path, value, "room", self.rooms)

    def _adds(self, path: KeyPath, raw: Mapping[str, Any]) -> dict[str, int]:
        return self.texts.counts(path, raw)

    def _moves(self, path: KeyPath, raw: Mapping[str, Any]) -> dict[str, str]:
        """``move = { relic = "altar" }``: item ids -> a room id, ``"player"``, or a container or
        supporter (``in:<holder>``, as its ``contents`` are placed) written as ``item_in`` names one:
        its id, or ``room/scenery`` where a scenery id is in more than one room."""
        moves = {}
        for item, where in raw.items():
            if item not in self.texts.items:
                self.report.dangling(path + (item,), "item", item, self.texts.items)
            elif not isinstance(where, str):
                self.report.add(path + (item,), f"expected a room id, \"player\" or a container or supporter, "
                                                f"got {where!r}")
            elif where == PLAYER_PLACE or where in self.rooms:
                moves[item] = where
            else:
                holder = self._holder(path + (item,), where)
                if holder == f"in:{item}":
                    self.report.add(path + (item,), f"'{item}' cannot hold itself")
                elif holder:
                    moves[item] = holder
        return moves

    def _holder(self, path: KeyPath, written: str) -> str:
        """The place ``in:<key>`` of the container or supporter ``written`` names ("" with an error)."""
        places = self._holder_places()
        found = places.get(written, [])
        if len(found) == 1:
            return found[0]
        if found:
            self.report.add(path, f"'{written}' is in more than one room: write one of {', '.join(found)}"
                                  .replace("in:", ""))
            return ""
        names = {**self.rooms, **{name: None for name in places if "/" not in name}}
        self.report.dangling(path, "room (or \"player\", or a container or supporter)", written, names)
        return ""

    def _holder_places(self) -> dict[str, list[str]]:
        """Each way of naming a holder -> the places it may mean: an item holder's id; a scenery
        holder's id and its ``room/scenery``."""
        places: dict[str, list[str]] = {}
        for item_id, raw in self.texts.items.items():
            if may_hold(raw, ITEM_KINDS):
                places.setdefault(item_id, []).append(f"in:{item_id}")
        for room_id, room in self.rooms.items():
            scenery = room.get("scenery") if isinstance(room, Mapping) else None
            for scenery_id, raw in (scenery.items() if isinstance(scenery, Mapping) else ()):
                if may_hold(raw, SCENERY_KINDS):
                    places.setdefault(str(scenery_id), []).append(f"in:{room_id}/{scenery_id}")
                    places[f"{room_id}/{scenery_id}"] = [f"in:{room_id}/{scenery_id}"]
        return places

    def _way_hint(self, written: str) -> str:
        """`` (did you mean chapel/down?)`` for a room/direction pair with a slip in the room or the way."""
        room_id, _, direction = written.partition("/")
        if room_id not in self.rooms:
            close = self.report.suggest(room_id, self.rooms)
            room_id = close.removeprefix(" (did you mean ").removesuffix("?)") if close else ""
        room = self.rooms.get(room_id)
        if not isinstance(room, Mapping):
            return ""
        exits = [_DIRECTION_NAMES.get(d, d) for d in (room.get("exits") or {})]
        way = _DIRECTION_NAMES.get(direction) or next(iter(difflib.get_close_matches(direction, exits, n=1)), "")
        way = _DIRECTION_NAMES.get(way, way)
        return f" (did you mean {room_id}/{way}?)" if way in exits else ""

    def _exits(self, path: KeyPath, value: str | list[str] | None) -> tuple[str, ...]:
        found = []
        for written in _listed(value):
            room_id, _, direction = written.partition("/")
            direction = _DIRECTION_NAMES.get(direction, "")
            room = self.rooms.get(room_id)
            if not isinstance(room, Mapping) or not direction:
                self.report.add(path, f"'{written}' is not room/direction (\"vault/north\"){self._way_hint(written)}")
            elif (way := _exit_of(room, direction)) is None:
                self.report.add(path, f"the room {room_id} has no exit {direction}")
            elif not isinstance(way, Mapping) or not (way.get("locked_by") or way.get("locked")):
                self.report.add(path, f"the way {direction} from {room_id} is never shut: give it locked = true "
                                      "(shut until a trigger opens it) or a locked_by key")
            else:
                found.append(f"{room_id}/{direction}")
        return tuple(found)

