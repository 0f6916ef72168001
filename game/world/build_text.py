"""Building the parts of content that follow the world: scenery, ``descriptions`` and ``when``.

A ``when`` table holds conditions that must all hold; each id it
names is checked against the adventure (with a did-you-mean), each direction
against the room's exits when the text belongs to a room.  Scenery keys are ids;
a piece of scenery needs no ``name`` (its id, hyphens as spaces, stands in).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.world.content import CONDITIONS, DIRECTIONS, ITEM_KINDS, SCENERY_KINDS, SceneryDef, TextDef, When
from game.world.schema import (
    BOOL,
    INT,
    STR,
    STR_LIST,
    STR_OR_BOOL,
    STR_OR_LIST,
    TABLE,
    TABLE_LIST,
    Checker,
    KeyPath,
    Report,
    as_table,
    check_id,
    read_table,
)

_OTHER_KINDS = ("goal_reached", "time", "dark", "counter_at_least", "counter_below", "item_in")
SCENERY_SPEC: dict[str, Checker] = {
    "name": STR, "description": STR, "aliases": STR_LIST, "descriptions": TABLE_LIST, "kind": STR,
    "smell": STR, "sound": STR, "text": STR, "capacity": INT, "way": STR, "contents": STR_LIST, "closed": BOOL,
    "locked_by": STR,
}
TEXT_SPEC: dict[str, Checker] = {"when": TABLE, "text": STR}
WHEN_SPEC: dict[str, Checker] = {
    **{key: STR_OR_LIST for key in CONDITIONS if key not in _OTHER_KINDS},
    "goal_reached": BOOL, "time": STR_OR_BOOL, "dark": BOOL, "counter_at_least": TABLE, "counter_below": TABLE,
    "item_in": TABLE,
}
_DIRECTION_NAMES: dict[str, str] = {**{d: d for d in DIRECTIONS}, **{a: d for d, a in DIRECTIONS.items()}}
_ITEM_KEYS = ("item_here", "item_gone", "carrying", "not_carrying")
_NPC_KEYS = ("npc_here", "npc_dead", "npc_down", "npc_gone")


def may_hold(raw: Any, kinds: tuple[str, ...]) -> bool:
    """Whether raw item or scenery data is a container or supporter, or has a misspelt kind (that
    has its own error: a reference to it as a holder gets no second one)."""
    kind = raw.get("kind") if isinstance(raw, Mapping) else None
    return kind in ("container", "supporter") or (isinstance(kind, str) and kind not in kinds)


class TextBuilder:
    """Checks and builds scenery and conditional texts against the adventure's ids."""

    def __init__(self, report: Report, items: Mapping[str, Any], npcs: Mapping[str, Any],
                 rooms: Mapping[str, Any] | None = None) -> None:
        self.report = report
        self.items = items
        self.npcs = npcs
        self.rooms = rooms or {}

    def descriptions(self, path: KeyPath, raw: list[Any] | None, exits: Mapping[str, Any] | None) -> tuple[TextDef, ...]:
        """The ``[[X.descriptions]]`` array; ``exits`` are the room's, or None for items and NPCs."""
        texts = []
        for index, entry in enumerate(raw or ()):
            where = path + (str(index),)
            table = read_table(self.report, where, entry, TEXT_SPEC, required=("when", "text"))
            if "when" in table and "text" in table:
                texts.append(TextDef(self.when(where + ("when",), table["when"], exits), table["text"].strip()))
        return tuple(texts)

    def when(self, path: KeyPath, raw: Mapping[str, Any], exits: Mapping[str, Any] | None) -> When:
        table = read_table(self.report, path, raw, WHEN_SPEC)
        if not raw:  # (a condition whose keys are all misspelt has its own errors, one for each)
            self.report.add(path, f"the condition is empty; give one or more of: {', '.join(CONDITIONS)}")
        values: dict[str, Any] = {}
        for key in _ITEM_KEYS:
            values[key] = self._ids(path + (key,), table.get(key), "item", self.items)
        for key in _NPC_KEYS:
            values[key] = self._ids(path + (key,), table.get(key), "npc", self.npcs)
        values["exit_open"] = self._exits(path + ("exit_open",), table.get("exit_open"), exits)
        values["goal_reached"] = table.get("goal_reached")
        time = table.get("time", "")
        if time not in ("", "day", "night"):
            self.report.add(path + ("time",), f"'{time}' is not a time; one of: day, night")
            time = ""
        values["time"] = time
        values["flag"] = self.names(path + ("flag",), table.get("flag"), "flag")
        values["not_flag"] = self.names(path + ("not_flag",), table.get("not_flag"), "flag")
        for key in ("counter_at_least", "counter_below"):
            values[key] = self.counts(path + (key,), table.get(key, {}))
        values["dark"] = table.get("dark")
        values["item_in"] = self._item_in(path + ("item_in",), table.get("item_in", {}))
        return When(**values)

    def holders(self) -> dict[str, None]:
        """The ids of every container and supporter: items of those kinds, and scenery of them (by its id);
        and of things whose kind is misspelt (that has its own error: no second one here)."""
        found = {i: None for i, raw in self.items.items() if may_hold(raw, ITEM_KINDS)}
        for room in self.rooms.values():
            for scenery_id, raw in ((room.get("scenery") or {}) if isinstance(room, Mapping) else {}).items():
                if may_hold(raw, SCENERY_KINDS):
                    found[scenery_id] = None
        return found

    def _item_in(self, path: KeyPath, raw: Mapping[str, Any]) -> dict[str, str]:
        """``item_in = { relic = "altar" }``: item ids -> the container or supporter each must be in or on."""
        found: dict[str, str] = {}
        holders = self.holders()
        for item, holder in raw.items():
            if item not in self.items:
                self.report.dangling(path + (item,), "item", item, self.items)
            elif not isinstance(holder, str):
                self.report.add(path + (item,), f"expected the id of a container or supporter, got {holder!r}")
            elif holder not in holders:
                self.report.dangling(path + (item,), "container or supporter (item or scenery)", holder, holders)
            else:
                found[item] = holder
        return found

    def names(self, path: KeyPath, value: str | list[str] | None, what: str) -> tuple[str, ...]:
        """Flag or counter names: ids an author makes up (checked for their spelling only)."""
        names = (value,) if isinstance(value, str) else tuple(value or ())
        return tuple(name for name in names if check_id(self.report, path, name, what))

    def counts(self, path: KeyPath, raw: Mapping[str, Any]) -> dict[str, int]:
        """A table of counter name -> whole number."""
        counts = {}
        for name, number in raw.items():
            if not check_id(self.report, path + (name,), name, "counter"):
                continue
            if type(number) is not int:
                self.report.add(path + (name,), f"should be a whole number, not {number!r}")
                continue
            counts[name] = number
        return counts

    def _ids(self, path: KeyPath, value: str | list[str] | None, what: str, existing: Mapping[str, Any]) -> tuple[str, ...]:
        ids = (value,) if isinstance(value, str) else tuple(value or ())
        for one in ids:
            if one not in existing:
                self.report.dangling(path, what, one, existing)
        return ids

    def _exits(self, path: KeyPath, value: str | list[str] | None, exits: Mapping[str, Any] | None) -> tuple[str, ...]:
        found = []
        for written in (value,) if isinstance(value, str) else tuple(value or ()):
            direction = _DIRECTION_NAMES.get(written)
            if direction is None:
                self.report.not_one_of(path, written, "a direction", tuple(_DIRECTION_NAMES))
            elif exits is not None and direction not in exits:
                self.report.add(path, f"the room has no exit {direction}")
            else:
                found.append(direction)
        return tuple(found)

    def scenery(self, path: KeyPath, raw: Mapping[str, Any], exits: Mapping[str, Any]) -> dict[str, SceneryDef]:
        """The ``[rooms.X.scenery.ID]`` tables."""
        scenery: dict[str, SceneryDef] = {}
        for scenery_id, value in raw.items():
            where = path + (scenery_id,)
            if not check_id(self.report, where, scenery_id, "scenery"):
                continue
            table = as_table(self.report, where, value)
            if table is None:
                continue
            spec = read_table(self.report, where, table, SCENERY_SPEC)
            kind = spec.get("kind", "scenery")
            if kind not in SCENERY_KINDS:
                self.report.not_one_of(where + ("kind",), kind, "a scenery kind", SCENERY_KINDS)
            capacity = spec.get("capacity", 0)
            if capacity < 0:
                self.report.add(where + ("capacity",), f"must be 0 or more, not {capacity}")
            scenery[scenery_id] = SceneryDef(
                id=scenery_id, name=spec.get("name", scenery_id.replace("-", " ")),
                description=spec.get("description", "").strip(), aliases=tuple(spec.get("aliases", ())),
                descriptions=self.descriptions(where + ("descriptions",), spec.get("descriptions"), exits),
                kind=kind, smell=spec.get("smell", "").strip(), sound=spec.get("sound", "").strip(),
                text=spec.get("text", "").strip(), capacity=capacity,
                way=next(iter(self._exits(where + ("way",), spec["way"], exits)), "") if "way" in spec else "",
            )
        return scenery
