"""The ``[state]`` table of a save: written in format 3, read in every format ever written.

Format 3 (written since issue 18) holds what changed, as PRODUCT §8 asks, in shapes
``tomllib`` reads fast:

- ``item_moves`` is a literal multi-line string, a line ``<item> <place>`` an item moved
  (ids and places are plain words), which ``tomllib`` reads at C speed; the command
  ``log`` too, a line a command, unless a command holds what a literal string cannot
  (a control character, three single quotes): then it is one JSON-style array on one
  line, as in format 2;
- ``[state.npcs]`` comes last, one line an NPC met: an inline table holding only what
  differs from the NPC as the content makes it when it is first met (``World.npc_state``:
  its home room, its definition's disposition and sheet under the save's rule system and
  the adventure's options).  ``{}`` is an NPC met and unchanged.  Its sheet is written as
  ``sheet_changes`` (the sheet's entries that differ from the fresh sheet's) when every
  entry changed is a flag or a text; otherwise (a number changed: harm, points spent...)
  the whole ``sheet``, as its own ``[state.npcs.<id>]`` table, as in format 2.  Numbers on
  a sheet mostly count against maxima its definition sets, and an NPC brought up to a
  changed definition (:mod:`game.npc_updates`) needs the old maxima to carry what it went
  through: only a whole sheet has them.  Either is made from a definition whose
  ``fingerprint`` is recorded (:mod:`game.npc_updates`), in ``[state.fingerprints]``: a
  line a fingerprint, naming the NPCs whose definition has it (NPCs defined alike share one).

Reading fills in what an entry leaves out from the current content (an NPC's entries
must name NPCs the adventure has, checked first), and reads ``sheet_changes`` laid over
the fresh sheet's data with the rule system's own ``sheet_from_data``: the same check as a
whole sheet.  Entries that differ alike from sheets made alike (1,000 NPCs met, each
``{met = true}``) are read once.  Formats 1 and 2 hold every NPC whole, and
``item_moves`` as a table: :func:`expanded` leaves them as they are, format 1 is then
migrated by the rule system's ``migrate_v1`` (see ``SaveStore``).

The shape checks (:func:`shape_problem`, :func:`sheets_problem`) name the first field
of the state data that does not fit; numbers on sheets are bounded by
:data:`MAX_AMOUNT` anywhere in them.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from game.npc_updates import Fingerprints, FreshSheet
from game.rules.base import RuleSystem
from game.text import escape_controls
from game.world import limits
from game.world.state import FreshNpc, NpcState, WorldState

#: The save format written.  Format 1 (sheets holding a turn's scratch) is migrated on load;
#: format 2 (every NPC met whole, ``item_moves`` a table) is read as it is.
FORMAT_VERSION = 3
#: Every format ever written; each loads for good.
READABLE_FORMATS = (1, 2, 3)
#: Stands for what is written apart while the rest of a save is written by tomli_w (see :func:`save_text`).
_MARK = "\x00wayfarer-spliced\x00"
#: Written apart: the items moved as a literal string of lines, the log too or as one JSON-style line.
_SPLICED = ("item_moves", "log")
#: Lists of texts written on one line, JSON-style, at C speed (tomli_w writes a line each).
_ONE_LINE = ("visited", "opened", "found", "identified", "puzzled", "flags")
#: What a TOML literal string cannot hold: control characters but tab (newline ends a line here), three quotes.
_NOT_LITERAL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]|'''")
#: Lines of two words (no quote, backslash or control character): safe in a TOML literal string.
_PLAIN_LINES = re.compile(r"(?:[^'\\\x00-\x20\x7f]+ [^'\\\x00-\x20\x7f]+\n)*\Z")
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+\Z")
#: A text that needs no escape in a TOML basic string.
_PLAIN_TEXT = re.compile(r'[^"\\\x00-\x1f\x7f]*\Z')


# -- writing ---------------------------------------------------------------------------------

def fresh_npcs(fingerprints: Fingerprints, system_id: str) -> FreshNpc:
    """An NPC id -> the NPC as the content makes it when first met (None for an id the adventure lacks)."""
    adventure = fingerprints.adventure

    def fresh(npc_id: str) -> NpcState | None:
        definition = adventure.npcs.get(npc_id)
        if definition is None:
            return None
        return NpcState(room=adventure.npc_homes.get(npc_id, ""), sheet=fingerprints.fresh(system_id, npc_id).sheet,
                        disposition=definition.disposition)
    return fresh


class WrittenSheets:
    """The data each sheet was written as by the last save, by the sheet itself.

    Sheets are immutable: one that is the very same object writes the same data,
    so a save after every command with 1,000 NPCs met writes out only the sheets
    that changed since.  The autosave thread and the player's saves may share it:
    each save reads the last one's and leaves its own.
    """

    def __init__(self) -> None:
        #: id() of a sheet -> [the sheet (kept alive, so the id stays its own), its data, fingerprint -> changes].
        self.last: dict[int, list[Any]] = {}


class _Remembering:
    """The rule system's sheet codec, answering from :class:`WrittenSheets` for a sheet written before."""

    def __init__(self, codec: RuleSystem[Any, Any, Any], written: WrittenSheets) -> None:
        self.codec, self.last = codec, written.last
        self.now: dict[int, list[Any]] = {}

    def _written(self, sheet: Any) -> list[Any]:
        found = self.now.get(id(sheet)) or self.last.get(id(sheet))
        if found is None or found[0] is not sheet:
            found = [sheet, self.codec.sheet_to_data(sheet), {}]
        self.now[id(sheet)] = found
        return found

    def sheet_to_data(self, sheet: Any) -> dict[str, Any]:
        data: dict[str, Any] = self._written(sheet)[1]
        return data

    def changes(self, sheet: Any, fresh: FreshSheet) -> dict[str, Any] | None:
        """:func:`sheet_changes` of the sheet's data from the fresh sheet's."""
        known = self._written(sheet)[2]
        if fresh.fingerprint not in known:
            known[fresh.fingerprint] = sheet_changes(self.sheet_to_data(sheet), fresh.data)
        changes: dict[str, Any] | None = known[fresh.fingerprint]
        return changes

    def sheet_from_data(self, data: Mapping[str, Any]) -> Any:
        return self.codec.sheet_from_data(data)

    def moment_to_data(self, moment: Any) -> dict[str, Any]:
        return self.codec.moment_to_data(moment)

    def moment_from_data(self, data: Mapping[str, Any]) -> Any:
        return self.codec.moment_from_data(data)


def state_data(state: WorldState, codec: RuleSystem[Any, Any, Any], fingerprints: Fingerprints,
               written: WrittenSheets | None = None, fresh_npc: FreshNpc | None = None) -> dict[str, Any]:
    """The ``[state]`` table of a format-3 save of ``state`` (see the module's docstring); ``written``
    remembers the sheets' data from one save to the next; ``fresh_npc`` is :func:`fresh_npcs` (made if not given)."""
    written = written or WrittenSheets()
    remembering = _Remembering(codec, written)
    data = state.to_data(remembering, fresh_npc or fresh_npcs(fingerprints, state.system))
    data["item_moves"] = "".join(f"{item_id} {place}\n" for item_id, place in sorted(state.item_moves.items()))
    log = "\n".join(state.log) + "\n" if state.log else ""
    if log.count("\n") == len(state.log) and not _NOT_LITERAL.search(log):
        data["log"] = log
    by_fingerprint: dict[str, list[str]] = {}
    for npc_id, entry in data["npcs"].items():
        if "sheet" in entry and npc_id in fingerprints.adventure.npcs:
            fresh = fingerprints.fresh(state.system, npc_id)
            changes = remembering.changes(state.npcs[npc_id].sheet, fresh)
            if changes is not None:
                del entry["sheet"]
                entry["sheet_changes"] = changes
            by_fingerprint.setdefault(fresh.fingerprint, []).append(npc_id)
    data["fingerprints"] = dict(sorted(by_fingerprint.items()))
    written.last = remembering.now
    return data


def sheet_changes(data: Mapping[str, Any], fresh: Mapping[str, Any]) -> dict[str, Any] | None:
    """The entries of a sheet's data that differ from the fresh sheet's, if all are flags or texts (None if not,
    or if the sheet lacks an entry the fresh one has: then the whole sheet is written)."""
    if any(key not in data for key in fresh):
        return None
    changes = {key: value for key, value in data.items()
               if key not in fresh or type(value) is not type(fresh[key]) or value != fresh[key]}
    return changes if all(_flag_or_text(value) for value in changes.values()) else None


def _flag_or_text(value: object) -> bool:
    return isinstance(value, (bool, str)) or (isinstance(value, list) and all(isinstance(v, str) for v in value))


def save_text(header: dict[str, Any], data: dict[str, Any]) -> str:
    """The save as TOML: tomli_w writes all but the items moved and the log (spliced in: see the module's
    docstring) and the NPCs (written last, a line each, or a table each for those with a whole sheet)."""
    import tomli_w  # imported on the first save, not at start-up

    body = {key: (_MARK if key in _SPLICED or key in _ONE_LINE else value) for key, value in data.items()
            if key not in ("npcs", "fingerprints")}
    text = tomli_w.dumps({"save": header, "state": body})
    mark = tomli_w.dumps({"mark": _MARK}).partition("=")[2].strip()
    for key in _ONE_LINE:
        if key in data:
            text = text.replace(f"\n{key} = {mark}\n", f"\n{key} = {toml_strings(data[key])}\n", 1)
    moves = data["item_moves"]
    if not _PLAIN_LINES.match(moves):
        raise ValueError("an item id or place that is not a plain word")
    text = text.replace(f"item_moves = {mark}", f"item_moves = '''\n{moves}'''", 1)
    log = data["log"]
    text = text.replace(f"log = {mark}", f"log = '''\n{log}'''" if isinstance(log, str) else f"log = {toml_strings(log)}",
                        1)
    fingerprints = "".join(f"{_key(fingerprint)} = {toml_strings(ids)}\n"
                           for fingerprint, ids in data["fingerprints"].items())
    npcs = data["npcs"]
    inline = "".join(f"{_key(npc_id)} = {_inline(entry)}\n" for npc_id, entry in npcs.items() if "sheet" not in entry)
    whole = {npc_id: entry for npc_id, entry in npcs.items() if "sheet" in entry}
    return (f"{text}\n[state.fingerprints]\n{fingerprints}\n[state.npcs]\n{inline}"
            + (f"\n{tomli_w.dumps({'state': {'npcs': whole}})}" if whole else ""))


def toml_strings(lines: list[str]) -> str:
    """A list of strings as one TOML array, at C speed.

    JSON's string escapes (``\\"``, ``\\\\``, ``\\n``, ``\\uXXXX`` for every control
    character below U+0020) are all TOML basic-string escapes; DEL, which
    JSON leaves raw and TOML refuses, is escaped too.
    """
    import json  # imported on the first save, not at start-up

    text = json.dumps(lines, ensure_ascii=False)
    return text.replace("\x7f", "\\u007f") if "\x7f" in text else text


def _inline(value: object) -> str:
    """An NPC's entry as a TOML inline table (texts, flags, whole numbers, lists and tables of them)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return f'"{value}"' if _PLAIN_TEXT.match(value) else toml_strings([value])[1:-1]
    if isinstance(value, list):
        return "[" + ", ".join(map(_inline, value)) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_key(key)} = {_inline(inner)}" for key, inner in value.items()) + "}"
    raise TypeError(f"{type(value).__name__} in an NPC's entry")


def _key(key: str) -> str:
    return key if _BARE_KEY.match(key) else toml_strings([key])[1:-1]


# -- reading ---------------------------------------------------------------------------------

def expanded(data: dict[str, Any], version: int, codec: RuleSystem[Any, Any, Any], fingerprints: Fingerprints,
             read: dict[int, Any]) -> tuple[dict[str, Any], str]:
    """Format-3 state data in the whole form ``WorldState.from_data`` reads, and why not (empty if fine).

    ``item_moves`` (lines) becomes a table; ``fingerprints`` go to the NPCs' entries (an NPC
    named twice, or not met, is refused); each NPC's ``sheet_changes`` become its ``sheet``
    (the fresh sheet's data with the changes laid over it), read here by the rule
    system's own reader, and recorded in ``read`` by ``id()`` of that table (see
    :class:`ReadOnce`).  What an NPC's entry leaves out is filled in by ``WorldState.from_data``.
    Earlier formats come back as they are.  Every NPC id must be the adventure's (checked before).
    """
    if version < 3:
        return data, ""
    moves: dict[str, str] = {}
    for line in lines(data["item_moves"]):
        item_id, _, place = line.partition(" ")
        if not item_id or not place or " " in place:
            return data, f"item_moves has the line {_shown(repr(line))}, not an item and a place"
        if item_id in moves:
            return data, f"item_moves names {_shown(item_id)} twice"
        moves[item_id] = place
    fingerprint_of: dict[str, str] = {}
    for fingerprint, ids in data.get("fingerprints", {}).items():
        if not _fits("texts", ids):
            return data, f"fingerprints.{_shown(fingerprint)} should be {_ARTICLE['texts']}"
        for npc_id in ids:
            if npc_id in fingerprint_of or npc_id not in data["npcs"]:
                return data, f"fingerprints name npc {_shown(npc_id)} twice, or one the save has not met"
            fingerprint_of[npc_id] = fingerprint
    npcs: dict[str, Any] = {}
    known: dict[tuple[str, str], dict[str, Any]] = {}  # (fresh sheet, changes) -> the sheet's data, read
    for npc_id, entry in data["npcs"].items():
        if npc_id in fingerprint_of:
            entry = {**entry, "fingerprint": fingerprint_of[npc_id]}
        if "sheet_changes" not in entry:
            npcs[npc_id] = entry
            continue
        if "sheet" in entry:
            return data, f"npcs.{_shown(npc_id)} has both a sheet and sheet_changes"
        changes = entry["sheet_changes"]
        fresh = fingerprints.fresh(codec.id, npc_id)
        alike = (fresh.fingerprint, repr(changes))  # repr tells true from 1 and "1"
        sheet_data = known.get(alike)
        if sheet_data is None:
            where = f"npc {_shown(npc_id)}"
            sheet_data = known[alike] = {**fresh.data, **changes}
            problem = number_problem(where, changes)
            try:
                read[id(sheet_data)] = codec.sheet_from_data(sheet_data)
            except (KeyError, TypeError, ValueError, AttributeError) as error:
                problem = problem or f"the sheet of {where} is not one {data['system']} can read ({_shown(error)})"
            if problem:
                return data, problem
        npcs[npc_id] = {**entry, "sheet": sheet_data}  # its sheet_changes kept: see npc_updates.Fingerprints.refresh
    log = data["log"]
    return {**data, "item_moves": moves, "npcs": npcs, "log": lines(log) if isinstance(log, str) else log}, ""


def lines(text: str) -> list[str]:
    """The lines of a multi-line string, each ended by a newline (the last one may lack it)."""
    found = text.split("\n")
    if found[-1] == "":
        found.pop()
    return found


#: The type of each field of the state data (see WorldState.to_data); fields marked optional may be absent.
#: ``searched`` (the rooms searched) is only in saves written before hidden items found were
#: known by where they are: checked, then dropped by ``WorldState.from_data``.
_STATE_FIELDS: dict[str, tuple[str, bool]] = {
    "adventure_id": ("text", True), "adventure_version": ("text", True), "system": ("text", True),
    "seed": ("integer", True), "room": ("text", True), "player": ("table", True), "water": ("amount", True),
    "food": ("amount", True), "turn": ("count", True), "minutes": ("count", True), "status": ("text", True),
    "ending": ("text", False), "visited": ("texts", True), "item_moves": ("text table", True),
    "opened": ("texts", True), "found": ("texts", True), "searched": ("texts", False),
    "identified": ("texts", True), "puzzled": ("texts", False), "npcs": ("table", True),
    "drank_day": ("count", True), "ate_day": ("count", True), "thirst_days": ("amount", True),
    "hunger_days": ("amount", True), "log": ("texts", True), "moment": ("table", False),
    "flags": ("texts", False), "counters": ("table", False),
}
_STATE_FIELDS_3 = {**_STATE_FIELDS, "item_moves": ("text", True), "log": ("lines", True), "fingerprints": ("table", False)}
#: The largest turn or minute count a run can reach (1,900 years of game time).
MAX_COUNT = 10**9
#: The largest amount of water, food or days of want; and the largest number on a character sheet
#: (no rule system keeps one above 999): a hand edit beyond it could make play loop for ever.
MAX_AMOUNT = limits.MAX_AMOUNT
_NPC_FIELDS: dict[str, tuple[str, bool]] = {
    "room": ("text", True), "sheet": ("table", True), "disposition": ("text", True), "route_index": ("amount", False),
    "haggle_day": ("count", False), "haggle": ("text", False),
    "memory": ("texts", False), "fingerprint": ("text", False),
}
#: Format 3 leaves out what equals the NPC as the content makes it.
_NPC_FIELDS_3 = {**{key: (kind, False) for key, (kind, _) in _NPC_FIELDS.items()}, "sheet_changes": ("table", False)}


def _fits(kind: str, value: object) -> bool:
    if kind == "text":
        return isinstance(value, str)
    if kind == "integer":
        return type(value) is int and limits.INT_MIN <= value <= limits.INT_MAX
    if kind in ("count", "amount"):
        return type(value) is int and 0 <= value <= (MAX_COUNT if kind == "count" else MAX_AMOUNT)
    if kind == "table":
        return isinstance(value, dict)
    if kind == "texts":
        return isinstance(value, list) and all(isinstance(v, str) for v in value)
    if kind == "lines":
        return isinstance(value, str) or _fits("texts", value)
    if kind == "text table":
        return isinstance(value, dict) and all(isinstance(v, str) for v in value.values())
    return False


_ARTICLE = {"text": "a text", "integer": "an integer", "count": f"a whole number from 0 to {MAX_COUNT}",
            "amount": f"a whole number from 0 to {MAX_AMOUNT}", "table": "a table",
            "texts": "a list of texts", "text table": "a table of texts", "lines": "a text of lines or a list of texts"}


def _fields_problem(data: dict[str, Any], fields: dict[str, tuple[str, bool]], where: str) -> str:
    for key, (kind, required) in fields.items():
        if key not in data:
            if required:
                return f"{where}{key} is missing"
        elif not _fits(kind, data[key]):
            return f"{where}{key} should be {_ARTICLE[kind]}"
    return ""


def shape_problem(data: dict[str, Any], version: int) -> str:
    """Why the state data does not have the shape its format writes (empty if it does)."""
    problem = _fields_problem(data, _STATE_FIELDS_3 if version >= 3 else _STATE_FIELDS, "")
    if problem:
        return problem
    for npc_id, npc in data["npcs"].items():
        if not isinstance(npc, dict):
            return f"npcs.{_shown(npc_id)} should be a table"
        if version < 3:
            problem = _fields_problem(npc, _NPC_FIELDS, f"npcs.{_shown(npc_id)}.")
        else:  # every field optional: only those present are checked (1,000 NPCs met hold a field or two each)
            problem = next((f"npcs.{_shown(npc_id)}.{key} should be {_ARTICLE[_NPC_FIELDS_3[key][0]]}"
                            for key, value in npc.items()
                            if key in _NPC_FIELDS_3 and not _fits(_NPC_FIELDS_3[key][0], value)), "")
        if problem:
            return problem
    return ""


def number_problem(who: str, value: Any, path: str = "") -> str:
    """A number on a sheet beyond ±MAX_AMOUNT (or not a number at all: NaN), anywhere in it."""
    if isinstance(value, dict):
        items: Any = value.items()
    elif isinstance(value, list):
        items = enumerate(value)
    else:
        if isinstance(value, (int, float)) and not isinstance(value, bool) and not -MAX_AMOUNT <= value <= MAX_AMOUNT:
            return f"the sheet of {who} has {_shown(path)} = {_shown(value)}, beyond any rule system's numbers"
        return ""
    for key, inner in items:
        problem = number_problem(who, inner, f"{path}.{key}" if path else str(key))
        if problem:
            return problem
    return ""


class ReadOnce:
    """The rule system's sheet codec, answering with the sheets already read (:func:`expanded`,
    :func:`sheets_problem`).

    ``read`` maps ``id()`` of each sheet's table in the save data (alive as long as
    the data) to the sheet read from it, so a save's 1,000 sheets are read once.
    """

    def __init__(self, codec: RuleSystem[Any, Any, Any], read: dict[int, Any]) -> None:
        self.codec, self.read = codec, read

    def sheet_from_data(self, data: Any) -> Any:
        return self.read[id(data)] if id(data) in self.read else self.codec.sheet_from_data(data)

    def moment_from_data(self, data: Any) -> Any:
        return self.read[id(data)] if id(data) in self.read else self.codec.moment_from_data(data)

    def sheet_to_data(self, sheet: Any) -> dict[str, Any]:
        return self.codec.sheet_to_data(sheet)

    def moment_to_data(self, moment: Any) -> dict[str, Any]:
        return self.codec.moment_to_data(moment)


def sheets_problem(data: dict[str, Any], codec: RuleSystem[Any, Any, Any], read: dict[int, Any] | None = None) -> str:
    """Why a sheet or the moment of the (whole) state data is refused by its rule system (empty if none is).

    ``read`` receives each sheet read, by ``id()`` of its table (see :class:`ReadOnce`);
    tables it already holds were read by :func:`expanded`.  An NPC's entry without a
    sheet (format 3) takes the content's, which needs no reading.
    """
    readers: list[tuple[str, Any, Any]] = [("the player", data["player"], codec.sheet_from_data)]
    readers += [(f"npc {npc_id}", npc["sheet"], codec.sheet_from_data)
                for npc_id, npc in sorted(data["npcs"].items()) if "sheet" in npc]
    readers.append(("the moment", data.get("moment", {}), codec.moment_from_data))
    for who, value, reader in readers:
        if read is not None and id(value) in read:
            continue
        problem = number_problem(who, value)
        if problem:
            return problem
        if not isinstance(value, dict):
            return f"the sheet of {who} should be a table"
        try:
            sheet = reader(value)
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            return f"the sheet of {who} is not one {data['system']} can read ({_shown(error)})"
        if read is not None and (who != "the moment" or "moment" in data):  # a table the data holds
            read[id(value)] = sheet
    return ""


def _shown(value: object, width: int = 60) -> str:
    """A value from a file, fit to quote in a one-line message."""
    text = escape_controls(str(value))
    return text if len(text) <= width else text[: width - 3] + "..."
