"""The ``[state]`` table of a save: written in format 4, read in every format ever written.

A save holds what changed, in shapes ``tomllib`` reads fast, because a save is written
after every command and a big world has thousands of things in it:

- ``item_moves`` and the command ``log`` are literal multi-line strings, a line an item
  moved or a command (the log falls back to one array when a command holds what a
  literal string cannot);
- an NPC met holds only what differs from the NPC as the content makes it: ``{}`` when
  unchanged; ``sheet_changes`` when only flags or texts of its sheet changed; the whole
  sheet when a number did (bringing it up to a changed definition needs the old maxima:
  :mod:`game.npc_updates`).  The ``fingerprint`` of each definition is recorded once,
  in ``[state.fingerprints]``, naming its NPCs;
- NPCs whose entries are alike but for their room are one ``[[state.npc_groups]]``
  table: the shared ``entry`` and a literal string of lines ``<id>`` or ``<id> <room>``.

Reading fills in what an entry leaves out from the current content (checking first that
it names NPCs the adventure has) and reads ``sheet_changes`` laid over the fresh sheet's
data with the rule system's own ``sheet_from_data``: the same check as a whole sheet.
Formats 1 and 2 hold every NPC whole and ``item_moves`` as a table; :func:`expanded`
leaves them as they are, and format 1 is then migrated (see ``SaveStore``).

The shape checks (:func:`shape_problem`, :func:`sheets_problem`, :func:`npc_groups`) name
the first field that does not fit; numbers on sheets are bounded by :data:`MAX_AMOUNT`.
The format in full: ``docs/internals/saves.md``.
"""
from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from game.deferred import deferred
from game.npc_updates import FINGERPRINT, Fingerprints, FreshSheet
from game.rules.base import RuleSystem
from game.text import escape_controls
from game.world import limits
from game.world.state import FreshNpc, NpcState, WorldState

if TYPE_CHECKING:
    import tomli_w
else:
    tomli_w = deferred("tomli_w")

#: The save format written.  Format 1 (sheets holding a turn's scratch) is migrated on load;
#: formats 2 (every NPC met whole, ``item_moves`` a table) and 3 (no NPC groups) are read as they are.
FORMAT_VERSION = 4
#: Every format ever written; each loads for good.
READABLE_FORMATS = (1, 2, 3, 4)
#: Stands for what is written apart while the rest of a save is written by tomli_w (see :func:`save_text`).
_MARK = "\x00wayfarer-spliced\x00"
#: Written apart: the items moved as a literal string of lines, the log too or as one JSON-style line.
_SPLICED = ("item_moves", "log")
#: Lists of texts written on one line, JSON-style, at C speed (tomli_w writes a line each).
_ONE_LINE = ("visited", "opened", "found", "identified", "puzzled", "drawn", "flags")
#: What a TOML literal string cannot hold: control characters but tab (newline ends a line here), three quotes.
_NOT_LITERAL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]|'''")
#: Lines of two words (no quote, backslash or control character): safe in a TOML literal string.
_PLAIN_LINES = re.compile(r"(?:[^'\\\x00-\x20\x7f]+ [^'\\\x00-\x20\x7f]+\n)*\Z")
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+\Z")
#: Lines of one or two plain words (no quote, backslash, space or control character): a group's ``npcs``.
_MEMBER_LINES = re.compile(r"(?:[^'\\\x00-\x20\x7f]+(?: [^'\\\x00-\x20\x7f]+)?\n)*\Z")
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


class Grouping(NamedTuple):
    """How one save wrote the NPCs (:func:`_npc_groups`), remembered for the next.

    ``fields``: each NPC's fields at that save (compared, not the NpcState, which may be changed
    in place); ``grouped``: each NPC's group key (None: written alone) and line; ``groups`` and
    ``alone``: what the save wrote, as :func:`_npc_groups` returns it (read only: the next save
    of NPCs all as they were writes these very lists).
    """

    system: str
    fields: dict[str, tuple[Any, ...]]
    grouped: dict[str, tuple[tuple[Any, ...] | None, str]]
    groups: list[dict[str, Any]]
    alone: list[str]


class WrittenSheets:
    """What the last save worked out for each sheet, by the sheet itself, for the NPCs, by their fields,
    and for the items moved.

    Sheets are immutable: one that is the very same object writes the same data,
    so a save after every command with 1,000 NPCs met writes out only the sheets
    that changed since; an NPC whose fields are the same objects is grouped as
    before, and when every NPC is, the groups are the last save's.  The autosave
    thread and the player's saves may share it: each save reads the last one's and
    leaves its own, each part in one assignment (a save that needed nothing of a
    sheet leaves nothing of it).
    """

    def __init__(self) -> None:
        #: id() of a sheet -> [the sheet (kept alive, so the id stays its own), its data or None (not needed yet),
        #: fingerprint of a fresh sheet -> its changes from it and their text, or None (a whole sheet)].
        self.last: dict[int, list[Any]] = {}
        #: How the last save grouped the NPCs.
        self.npcs = Grouping("", {}, {}, [], [])
        #: The items moved at the last save, and the text that wrote them.
        self.item_moves: tuple[dict[str, str], str] = ({}, "")


#: A sheet's changes from a fresh sheet (:func:`sheet_changes`), and the inline table that writes them.
Changes = tuple[dict[str, Any], str]
#: How many sheets unequal to each other a save compares a sheet with before turning it into data.
_ALIKE_SEEN = 4


class _Remembering:
    """The rule system's sheet codec, answering from :class:`WrittenSheets` for a sheet written before."""

    def __init__(self, codec: RuleSystem[Any, Any, Any], written: WrittenSheets) -> None:
        self.codec, self.last = codec, written.last
        self.now: dict[int, list[Any]] = {}
        #: Fingerprint -> the last few sheets unequal to each other whose changes from that fresh sheet
        #: were worked out, and them, the latest first.
        self.alike: dict[str, list[tuple[Any, Changes | None]]] = {}

    def _written(self, sheet: Any) -> list[Any]:
        key = id(sheet)
        found = self.now.get(key)
        if found is None:
            found = self.last.get(key)
            if found is None or found[0] is not sheet:
                found = [sheet, None, {}]
            self.now[key] = found
        return found

    def sheet_to_data(self, sheet: Any) -> dict[str, Any]:
        found = self._written(sheet)
        if found[1] is None:
            found[1] = self.codec.sheet_to_data(sheet)
        data: dict[str, Any] = found[1]
        return data

    def changes(self, sheet: Any, fresh: FreshSheet) -> Changes | None:
        """:func:`sheet_changes` of the sheet's data from the fresh sheet's, and their text (None: write it whole).

        A sheet equal to one of the last few worked out from the same fresh sheet has their changes
        (the first save of 1,000 NPCs met alike turns a few sheets into data, not 1,000).
        """
        known = self._written(sheet)[2]
        if fresh.fingerprint not in known:
            seen = self.alike.setdefault(fresh.fingerprint, [])
            for index, (other, _) in enumerate(seen):
                if _same(other, sheet):
                    if index:
                        seen.insert(0, seen.pop(index))  # the latest first: sheets alike come in runs
                    break
            else:
                changes = sheet_changes(self.sheet_to_data(sheet), fresh.data)
                seen.insert(0, (sheet, None if changes is None else (changes, _inline(changes))))
                del seen[_ALIKE_SEEN:]
            known[fresh.fingerprint] = seen[0][1]
        found: Changes | None = known[fresh.fingerprint]
        return found

    def sheet_from_data(self, data: Mapping[str, Any]) -> Any:
        return self.codec.sheet_from_data(data)

    def moment_to_data(self, moment: Any) -> dict[str, Any]:
        return self.codec.moment_to_data(moment)

    def moment_from_data(self, data: Mapping[str, Any]) -> Any:
        return self.codec.moment_from_data(data)


def _same(sheet: Any, other: Any) -> bool:
    """Whether two sheets are equal, comparing their attributes at C speed where they have them (a
    dataclass's ``==`` builds a tuple of every field of each first: twice the time)."""
    attributes = getattr(sheet, "__dict__", None)
    if attributes is None or type(other) is not type(sheet):
        return bool(sheet == other)
    return bool(attributes == vars(other))


def state_data(state: WorldState, codec: RuleSystem[Any, Any, Any], fingerprints: Fingerprints,
               written: WrittenSheets | None = None, fresh_npc: FreshNpc | None = None) -> dict[str, Any]:
    """The ``[state]`` table of a format-4 save of ``state`` (see the module's docstring); ``written``
    remembers the sheets' data from one save to the next; ``fresh_npc`` is :func:`fresh_npcs` (made if not given)."""
    written = written or WrittenSheets()
    remembering = _Remembering(codec, written)
    fresh_npc = fresh_npc or fresh_npcs(fingerprints, state.system)
    grouping = _npc_groups(state, remembering, fingerprints, fresh_npc, written.npcs)
    data = state.to_data(remembering, fresh_npc, npc_ids=grouping.alone)
    moves = written.item_moves
    if moves[0] != state.item_moves:
        moves = (dict(state.item_moves), "".join([f"{item_id} {place}\n"
                                                  for item_id, place in sorted(state.item_moves.items())]))
    data["item_moves"] = moves[1]
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
                entry["sheet_changes"] = changes[0]
            by_fingerprint.setdefault(fresh.fingerprint, []).append(npc_id)
    data["fingerprints"] = dict(sorted(by_fingerprint.items()))
    if grouping.groups:  # absent when empty, as it reads back
        data["npc_groups"] = grouping.groups
    written.last, written.npcs, written.item_moves = remembering.now, grouping, moves
    return data


def _npc_groups(state: WorldState, remembering: _Remembering, fingerprints: Fingerprints,
                fresh_npc: FreshNpc, last: Grouping) -> Grouping:
    """The ``npc_groups`` of a format-4 save (see the module's docstring), and the ids of the NPCs written alone.

    An NPC whose fields are the very objects (or equal) they were at the last save is grouped as it was
    then; when every NPC's are, the groups are the last save's.
    """
    system, npcs = state.system, state.npcs
    if system != last.system:
        last = Grouping(system, {}, {}, [], [])
    elif len(npcs) == len(last.fields) and all(  # the fields below, compared as they are made (no 1,000 kept)
            last.fields.get(npc_id) == (npc.room, npc.sheet, npc.disposition, npc.route_index, npc.haggle_day,
                                        npc.haggle, npc.memory) for npc_id, npc in npcs.items()):
        return last
    fields = {npc_id: (npc.room, npc.sheet, npc.disposition, npc.route_index, npc.haggle_day, npc.haggle, npc.memory)
              for npc_id, npc in npcs.items()}
    alike: dict[tuple[Any, ...], list[tuple[str, str]]] = {}  # what NPCs share but their room -> their ids and lines
    alone: list[str] = []
    grouped: dict[str, tuple[tuple[Any, ...] | None, str]] = {}
    last_fields, last_grouped = last.fields, last.grouped
    for npc_id in sorted(fields):
        found = last_grouped.get(npc_id) if last_fields.get(npc_id) == fields[npc_id] else None
        if found is None:
            found = _grouped_as(npc_id, state.npcs[npc_id], system, remembering, fingerprints, fresh_npc)
        grouped[npc_id] = found
        if found[0] is None:
            alone.append(npc_id)
        else:
            alike.setdefault(found[0], []).append((npc_id, found[1]))
    groups = []
    for (fingerprint, *_), members in alike.items():
        text = "".join(line for _, line in members)
        if text.count("\n") != len(members) or not _MEMBER_LINES.match(text):  # an id or room not a plain word: alone
            alone += [npc_id for npc_id, line in members if not _plain_line(line)]
            members = [(npc_id, line) for npc_id, line in members if _plain_line(line)]
        if len(members) < 2:
            alone += [npc_id for npc_id, _ in members]
            continue
        first_id = members[0][0]
        first = state.npcs[first_id]
        entry = first.to_data(remembering, fresh_npc(first_id))  # what the first one holds but its room, they share
        entry.pop("room", None)
        if entry.pop("sheet", None) is not None:
            changes = remembering.changes(first.sheet, fingerprints.fresh(state.system, first_id))
            assert changes is not None
            entry["sheet_changes"] = changes[0]
        groups.append({"entry": entry, **({"fingerprint": fingerprint} if fingerprint else {}),
                       "npcs": "".join(line for _, line in members)})
    return Grouping(system, fields, grouped, groups, sorted(alone))


def _grouped_as(npc_id: str, npc: NpcState, system: str, remembering: _Remembering, fingerprints: Fingerprints,
                fresh_npc: FreshNpc) -> tuple[tuple[Any, ...] | None, str]:
    """What an NPC shares with those of its group, and its line (None: it is written alone)."""
    fresh = fresh_npc(npc_id)
    if fresh is None:
        return None, ""
    changes: Changes | None = None
    fingerprint = ""
    if npc.sheet is not fresh.sheet:
        fresh_sheet = fingerprints.made(system).get(npc_id) or fingerprints.fresh(system, npc_id)
        changes = remembering.changes(npc.sheet, fresh_sheet)
        if changes is None:  # a number changed: the whole sheet, alone
            return None, ""
        if changes[0] or npc.sheet != fresh.sheet:  # as NpcState.to_data decides whether to write the sheet
            fingerprint = fresh_sheet.fingerprint
        else:
            changes = None
    # every field of NpcState but its room, as NpcState.to_data writes them (a test holds the list of fields)
    key = (fingerprint, changes and changes[1], npc.disposition if npc.disposition != fresh.disposition else None,
           npc.route_index, npc.haggle_day, npc.haggle, npc.memory)
    return key, f"{npc_id}\n" if npc.room == fresh.room else f"{npc_id} {npc.room}\n"


def _plain_line(line: str) -> bool:
    """Whether a line of a group's ``npcs`` reads back as written: one line, of an id and maybe a room, plain words."""
    return line.count("\n") == 1 and _MEMBER_LINES.match(line) is not None


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
    body = {key: (_MARK if key in _SPLICED or key in _ONE_LINE else value) for key, value in data.items()
            if key not in ("npcs", "fingerprints", "npc_groups")}
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
    groups = "".join(_group_text(group) for group in data.get("npc_groups", ()))
    return (f"{text}\n[state.fingerprints]\n{fingerprints}\n[state.npcs]\n{inline}"
            + (f"\n{tomli_w.dumps({'state': {'npcs': whole}})}" if whole else "") + groups)


def _group_text(group: dict[str, Any]) -> str:
    """One ``[[state.npc_groups]]`` table: the entry its NPCs share, their fingerprint, their lines."""
    members = group["npcs"]
    if not _MEMBER_LINES.match(members):
        raise ValueError("an NPC id or room that is not a plain word")
    fingerprint = f"fingerprint = {_inline(group['fingerprint'])}\n" if "fingerprint" in group else ""
    return f"\n[[state.npc_groups]]\nentry = {_inline(group['entry'])}\n{fingerprint}npcs = '''\n{members}'''\n"


def toml_strings(lines: list[str]) -> str:
    """A list of strings as one TOML array, at C speed.

    JSON's string escapes (``\\"``, ``\\\\``, ``\\n``, ``\\uXXXX`` for every control
    character below U+0020) are all TOML basic-string escapes; DEL, which
    JSON leaves raw and TOML refuses, is escaped too.
    """
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
    """Format-3 or 4 state data in the whole form ``WorldState.from_data`` reads, and why not (empty if fine).

    ``item_moves`` (lines) becomes a table; ``fingerprints`` go to the NPCs' entries (an NPC
    named twice, or not met, is refused); each NPC's ``sheet_changes`` become its ``sheet``
    (the fresh sheet's data with the changes laid over it), read here by the rule
    system's own reader, and recorded in ``read`` by ``id()`` of that table (see
    :class:`ReadOnce`).  What an NPC's entry leaves out is filled in by ``WorldState.from_data``.
    Earlier formats come back as they are.  Every NPC id must be the adventure's (checked before).
    The NPCs of format 4's groups are read apart (:func:`npc_groups`).
    """
    if version < 3:
        return data, ""
    moves, problem = _item_moves(lines(data["item_moves"]))
    if problem:
        return data, problem
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
            sheet_data = known[alike] = {**fresh.data, **changes}
            read[id(sheet_data)], problem = _read_changed(codec, sheet_data, changes, npc_id)
            if problem:
                return data, problem
        npcs[npc_id] = {**entry, "sheet": sheet_data}  # its sheet_changes kept: see npc_updates.Fingerprints.refresh
    log = data["log"]
    return {**data, "item_moves": moves, "npcs": npcs, "log": lines(log) if isinstance(log, str) else log}, ""


def _item_moves(found: list[str]) -> tuple[dict[str, str], str]:
    """The items moved, from lines ``<item> <place>``, and why not (empty if fine)."""
    try:
        moves = dict(line.split(" ") for line in found)  # at C speed; checked below (a line of 2 parts each)
    except ValueError:
        moves = {}
    if len(moves) == len(found) and "" not in moves and "" not in moves.values():
        return moves, ""
    moves = {}
    for line in found:
        item_id, _, place = line.partition(" ")
        if not item_id or not place or " " in place:
            return moves, f"item_moves has the line {_shown(repr(line))}, not an item and a place"
        if item_id in moves:
            return moves, f"item_moves names {_shown(item_id)} twice"
        moves[item_id] = place
    return moves, ""


def _read_changed(codec: RuleSystem[Any, Any, Any], sheet_data: dict[str, Any], changes: dict[str, Any],
                  npc_id: str) -> tuple[Any, str]:
    """The sheet of a fresh sheet's data with ``changes`` laid over it (``sheet_data``), read by the rule
    system, and why it is refused (empty if it is not)."""
    where = f"npc {_shown(npc_id)}"
    problem = number_problem(where, changes)
    try:
        return codec.sheet_from_data(sheet_data), problem
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        return None, problem or f"the sheet of {where} is not one {codec.id} can read ({_shown(error)})"


class NpcGroupsRead(NamedTuple):
    """The NPCs of a save's groups (:func:`npc_groups`); the entry, as ``Fingerprints.refresh`` reads
    it, of each whose sheet has changes and whose definition changed since (it keeps the others as
    they are); the ids the adventure lacks (none of them read); the rooms the lines name (the caller
    checks them: an NPC without one is in its home, one of the adventure's rooms); and why the groups
    are refused ("" if not)."""

    npcs: dict[str, NpcState]
    saved: dict[str, dict[str, Any]]
    missing: list[str]
    rooms: set[str]
    problem: str


#: An NpcState whose room, sheet and disposition each NPC of a group takes from its own fresh NPC.
_FILLED_IN = NpcState(room="", sheet=None, disposition="")


def npc_groups(data: dict[str, Any], version: int, codec: RuleSystem[Any, Any, Any], fingerprints: Fingerprints,
               fresh_npc: FreshNpc) -> NpcGroupsRead:
    """The ``npc_groups`` of state data of the right shape, read (none before format 4).

    Each line names an NPC and maybe its room (its fresh NPC's when not); what the group's entry
    leaves out each NPC takes from its own fresh NPC; the changes are laid over the sheet of each
    NPC's definition as it is now, read once per definition, and shared.  Refused: a group of the
    wrong shape, an entry its NPCs' reader refuses, a line of more than an id and a room, an NPC
    named twice (here or in ``npcs``).
    """
    read = NpcGroupsRead({}, {}, [], set(), "")
    if version < 4:
        return read
    made, npcs, saved, missing, alone = fingerprints.made(codec.id), read.npcs, read.saved, read.missing, data["npcs"]
    rooms = read.rooms
    for number, group in enumerate(data.get("npc_groups", ()), 1):
        where = f"npc group {number}: "
        problem = _group_problem(group, where)
        if not problem:
            try:
                shared = NpcState.from_data(group["entry"], codec, _FILLED_IN)  # its sheet_changes are read below
            except (KeyError, TypeError, ValueError) as error:
                problem = f"{where}{_shown(error)}"
        if problem:
            return read._replace(problem=problem)
        changes, fingerprint = group["entry"].get("sheet_changes"), group.get("fingerprint")
        record = {"sheet_changes": changes, FINGERPRINT: fingerprint}
        disposition = shared.disposition if "disposition" in group["entry"] else None
        route_index, haggle_day, haggle, memory = shared.route_index, shared.haggle_day, shared.haggle, shared.memory
        #: id() of a fresh sheet (one object per definition, kept by the store) -> the sheet read with the
        #: changes over its data, and whether its definition changed since the save: once per definition.
        sheets: dict[int, tuple[Any, bool]] = {}
        for line in lines(group["npcs"]):
            npc_id, _, room = line.partition(" ")
            fresh = fresh_npc(npc_id)
            if fresh is None or " " in room or npc_id in npcs or npc_id in alone:  # the one test on the common path
                problem = _member_problem(line, npc_id, room, (npcs, alone, missing))
                if problem:
                    return read._replace(problem=f"{where}{problem}")
                missing.append(npc_id)  # refused by the caller, naming it
                continue
            if room:
                rooms.add(room)
            sheet = fresh.sheet
            if changes is not None:
                found = sheets.get(id(sheet))
                if found is None:
                    definition = made.get(npc_id) or fingerprints.fresh(codec.id, npc_id)
                    read_sheet, problem = _read_changed(codec, {**definition.data, **changes}, changes, npc_id)
                    if problem:
                        return read._replace(problem=problem)
                    found = sheets[id(sheet)] = (read_sheet, definition.fingerprint != fingerprint)
                sheet, updated = found
                if updated:  # read over its new definition: see refresh
                    saved[npc_id] = record
            npcs[npc_id] = NpcState(room or fresh.room, sheet, fresh.disposition if disposition is None else disposition,
                                    route_index, haggle_day, haggle, memory)
    return read


def _member_problem(line: str, npc_id: str, room: str, named: tuple[Mapping[str, Any] | list[str], ...]) -> str:
    """Why a line of a group's ``npcs`` is refused (empty if it names an NPC the adventure lacks, and once:
    the caller refuses the save naming it); ``named``: the ids read so far and the NPCs written apart."""
    if not npc_id or " " in room:
        return f"npcs has the line {_shown(repr(line))}, not an npc and its room"
    if any(npc_id in ids for ids in named):
        return f"npc {_shown(npc_id)} is written twice"
    return ""


def _group_problem(group: dict[str, Any], where: str) -> str:
    """Why a group does not have the shape format 4 writes (empty if it does)."""
    problem = (_fields_problem(group, _GROUP_FIELDS, where)
               or next((f"{where}entry.{_shown(key)} is not what NPCs share" for key in group["entry"]
                        if key not in _GROUP_ENTRY_FIELDS), "")
               or _fields_problem(group["entry"], _GROUP_ENTRY_FIELDS, f"{where}entry."))
    if not problem and ("sheet_changes" in group["entry"]) != ("fingerprint" in group):
        return f"{where}a fingerprint goes with sheet_changes, and only with them"
    return problem


def lines(text: str) -> list[str]:
    """The lines of a multi-line string, each ended by a newline (the last one may lack it)."""
    found = text.split("\n")
    if found[-1] == "":
        found.pop()
    return found


def line_count(text: str) -> int:
    """How many :func:`lines` a multi-line string holds (counted, not split)."""
    return text.count("\n") + (not text.endswith("\n") and text != "")


#: The type of each field of the state data (see WorldState.to_data); fields marked optional may be absent.
#: ``searched`` (the rooms searched) is only in saves written before hidden items found were
#: known by where they are: checked, then dropped by ``WorldState.from_data``.
_STATE_FIELDS: dict[str, tuple[str, bool]] = {
    "adventure_id": ("text", True), "adventure_version": ("text", True), "system": ("text", True),
    "seed": ("integer", True), "room": ("text", True), "player": ("table", True), "water": ("amount", True),
    "food": ("amount", True), "turn": ("count", True), "minutes": ("count", True), "status": ("text", True),
    "ending": ("text", False), "visited": ("texts", True), "item_moves": ("text table", True),
    "opened": ("texts", True), "found": ("texts", True), "searched": ("texts", False),
    "identified": ("texts", True), "puzzled": ("texts", False), "drawn": ("texts", False),
    "npcs": ("table", True),
    "drank_day": ("count", True), "ate_day": ("count", True), "thirst_days": ("amount", True),
    "hunger_days": ("amount", True), "log": ("texts", True), "moment": ("table", False),
    "flags": ("texts", False), "counters": ("table", False), "worn": ("texts", False), "wielded": ("text", False),
    "rules": ("text table", False),
}
_STATE_FIELDS_3 = {**_STATE_FIELDS, "item_moves": ("text", True), "log": ("lines", True), "fingerprints": ("table", False)}
_STATE_FIELDS_4 = {**_STATE_FIELDS_3, "npc_groups": ("tables", False)}
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
#: A group of format 4: the entry its NPCs share, their fingerprint, their lines.
_GROUP_FIELDS = {"entry": ("table", True), "fingerprint": ("text", False), "npcs": ("text", True)}
#: What a group's entry may hold (each NPC's room is on its line; a whole sheet is never shared).
_GROUP_ENTRY_FIELDS = {key: _NPC_FIELDS_3[key] for key in ("disposition", "route_index", "haggle_day", "haggle",
                                                            "memory", "sheet_changes")}


def _fits(kind: str, value: object) -> bool:
    if kind == "text":
        return isinstance(value, str)
    if kind == "integer":
        return type(value) is int and limits.INT_MIN <= value <= limits.INT_MAX
    if kind in ("count", "amount"):
        return type(value) is int and 0 <= value <= (MAX_COUNT if kind == "count" else MAX_AMOUNT)
    if kind == "table":
        return isinstance(value, dict)
    if kind == "tables":
        return isinstance(value, list) and all(isinstance(v, dict) for v in value)
    if kind == "texts":
        return isinstance(value, list) and all(isinstance(v, str) for v in value)
    if kind == "lines":
        return isinstance(value, str) or _fits("texts", value)
    if kind == "text table":
        return isinstance(value, dict) and all(isinstance(v, str) for v in value.values())
    return False


_ARTICLE = {"text": "a text", "integer": "an integer", "count": f"a whole number from 0 to {MAX_COUNT}",
            "amount": f"a whole number from 0 to {MAX_AMOUNT}", "table": "a table",
            "texts": "a list of texts", "text table": "a table of texts", "tables": "a list of tables",
            "lines": "a text of lines or a list of texts"}


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
    fields = _STATE_FIELDS_4 if version >= 4 else _STATE_FIELDS_3 if version >= 3 else _STATE_FIELDS
    problem = _fields_problem(data, fields, "")
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
    sheet (formats 3 and 4) takes the content's, which needs no reading.
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
