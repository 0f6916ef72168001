"""A cache of checked adventures: an unchanged adventure loads without parsing its TOML again.

After an adventure folder loads without a problem, the loader hands the frozen
:class:`~game.world.content.Adventure` to :meth:`ContentCache.store`, which writes it as
JSON (never pickle: reading it runs no code), one file per adventure folder, in the folder
the caller chose (:func:`game.paths.content_cache_home`); the next load asks
:meth:`ContentCache.fetch` first.

An entry is a JSON header line and the adventure line.  It is used only when all hold:
the header names this cache format, this game's version and a fingerprint of the code that
builds adventures; it lists exactly the folder's ``*.toml`` files now, each with the same
size and ``mtime_ns``; the SHA-256 of the files' bytes is the digest it recorded; the
adventure line's SHA-256 is the header's checksum; and the adventure line has the exact
shape of the content classes (every key a field, every value of the field's type, no
control character).  Otherwise it is ignored, and the TOML parsed and stored again.

Rooms, items, NPCs and regions are written as columns (a value per definition, a column
only for fields some definition sets): columns parse faster than a table per definition,
and each is checked whole at C speed.  So a cached load is equal (``==``) to a fresh one,
which the tests check for the bundled adventures and big generated ones.

Content with problems is never stored.  Writing is atomic; a cache folder that cannot be
written or read only costs speed: nothing here raises on a disk error.  An entry edited by
hand with its checksum recomputed and every value well typed is used until the files
change: whoever can write the cache folder can write the adventure too.
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
import operator
import os
import tempfile
import threading
import time
import types
import typing
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from itertools import chain, islice, repeat, starmap
from pathlib import Path
from typing import Any

from game.text import CONTROL

if typing.TYPE_CHECKING:
    from threading import Thread
from game.world import content
from game.world.content import Adventure, ExitDef

#: The cache's own format; bump it when the entry's layout changes.
FORMAT = 3
#: The largest entry read (an adventure is at most 32 MiB of TOML; its JSON is smaller).
MAX_ENTRY_BYTES = 64 * 1024 * 1024
#: Fields of Adventure set by the loader on every load, never cached.
_LOAD_FIELDS = ("source", "digest")

#: One file's key: name, size in bytes, modification time in nanoseconds.
FileStamp = tuple[str, int, int]


class _Unusable(Exception):
    """The entry cannot be used (stale, foreign, corrupt or ill-typed); the reason is for tests."""


# -- the cache --------------------------------------------------------------------------------
class ContentCache:
    """Cached adventures in ``folder`` (None: the cache is off and every call does nothing).

    ``version`` is the game's version (an entry of another version is ignored).
    With ``background``, :meth:`store` encodes and writes on a thread of its own,
    so the game goes on at once (the process waits for it before exiting).
    ``hits``, ``misses`` and ``writes`` count what happened, for tests and benchmarks;
    ``last_reason`` says why the last fetch missed.
    """

    def __init__(self, folder: Path | None, version: str, *, background: bool = False) -> None:
        self.folder = folder
        self.version = version
        self.background = background
        self.hits = self.misses = self.writes = 0
        self.last_reason = ""
        self._code: str | None = None
        self._writer: Thread | None = None

    def entry_path(self, adventure_folder: Path) -> Path | None:
        """The entry file for an adventure folder (one per folder, named by its resolved path)."""
        if self.folder is None:
            return None
        name = hashlib.sha256(os.fsencode(adventure_folder.resolve())).hexdigest()[:32]
        return self.folder / "adventures" / f"{name}.json"

    def fetch(self, adventure_folder: Path, stamps: list[FileStamp], read_digest: Callable[[], str | None]) \
            -> Adventure | None:
        """The cached adventure of ``adventure_folder`` if its entry is usable, else None.

        ``stamps`` are the folder's files now; ``read_digest`` reads them and returns
        their digest (None when one cannot be read).  The result's ``source`` is the
        folder as given.
        """
        if self.folder is None:
            return None
        try:
            adventure = self._fetch(adventure_folder, stamps, read_digest)
        except _Unusable as why:
            self.misses += 1
            self.last_reason = str(why)
            return None
        self.hits += 1
        self.last_reason = ""
        return adventure

    def _fetch(self, adventure_folder: Path, stamps: list[FileStamp], read_digest: Callable[[], str | None]) \
            -> Adventure:
        path = self.entry_path(adventure_folder)
        assert path is not None
        try:
            raw = _read_entry(path)
        except OSError as error:
            raise _Unusable(f"no entry ({error.strerror or error})") from None
        head_line, _, body = raw.partition(b"\n")
        header = _parse_json(head_line)
        expected = self._header(adventure_folder, stamps, digest="", checksum="")
        if not isinstance(header, dict) or set(header) != set(expected):
            raise _Unusable("not a cache entry of this format")
        for key in ("format", "version", "code", "folder", "files"):
            if header[key] != expected[key]:
                raise _Unusable(f"{key} differs")
        if hashlib.sha256(body).hexdigest() != header["checksum"]:
            raise _Unusable("checksum differs")
        digest = read_digest()
        if digest is None or digest != header["digest"]:
            raise _Unusable("the files' digest differs")
        if not _free_of_controls(body):
            raise _Unusable("a text holds a control character")
        data = _parse_json(body)
        return decode_adventure(data, source=adventure_folder, digest=digest)

    def store(self, adventure_folder: Path, stamps: list[FileStamp], adventure: Adventure) -> None:
        """Write the entry for a checked adventure (on a thread with ``background``); never raises."""
        if self.folder is None:
            return
        self._code_fingerprint()  # read before returning: the game's files as they are now
        if not self.background:
            self._store(adventure_folder, stamps, adventure)
            return
        self.wait()
        self._writer = threading.Thread(target=self._store, args=(adventure_folder, stamps, adventure),
                                        name="wayfarer-content-cache", daemon=False)
        self._writer.start()

    def wait(self) -> None:
        """Return once a write begun in the background is done."""
        if self._writer is not None:
            self._writer.join()
            self._writer = None

    def _store(self, adventure_folder: Path, stamps: list[FileStamp], adventure: Adventure) -> bool:
        path = self.entry_path(adventure_folder)
        if path is None:
            return False
        try:
            body = encode_adventure(adventure).encode("utf-8")
        except _Unusable:
            return False  # loaded from its TOML each time
        header = self._header(adventure_folder, stamps, adventure.digest, hashlib.sha256(body).hexdigest())
        try:
            _write_atomically(path, _dumps(header).encode("utf-8") + b"\n" + body)
        except OSError:
            return False
        self.writes += 1
        return True

    def _header(self, adventure_folder: Path, stamps: list[FileStamp], digest: str, checksum: str) \
            -> dict[str, Any]:
        return {
            "format": FORMAT, "version": self.version, "code": self._code_fingerprint(),
            "folder": os.fsdecode(os.fsencode(adventure_folder.resolve())),
            "files": [list(stamp) for stamp in stamps], "digest": digest, "checksum": checksum,
        }

    def _code_fingerprint(self) -> str:
        """A digest of the code that checks and builds adventures: a changed builder invalidates entries."""
        if self._code is None:
            digest = hashlib.sha256()
            for source in sorted(Path(__file__).parent.glob("*.py")):
                try:
                    digest.update(source.name.encode() + b"\0" + source.read_bytes())
                except OSError:
                    digest.update(source.name.encode() + b"\0?")
            self._code = digest.hexdigest()
        return self._code


def _read_entry(path: Path) -> bytes:
    with open(path, "rb") as handle:
        size = os.fstat(handle.fileno()).st_size
        if size > MAX_ENTRY_BYTES:
            raise _Unusable("the entry is too large")
        return handle.read(MAX_ENTRY_BYTES + 1)


def _parse_json(raw: bytes) -> Any:
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):  # JSONDecodeError and UnicodeDecodeError are ValueErrors
        raise _Unusable("does not parse") from None


def _dumps(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def _free_of_controls(body: bytes) -> bool:
    """True when no string in this compact JSON can decode to a control character.

    Compact JSON of clean content holds no raw newline or tab and no escape but
    ``\\"``, ``\\\\``, ``\\n`` and ``\\t``: once escaped backslashes are removed
    (left to right, as a JSON parser pairs them), any ``\\u``, ``\\r``, ``\\b``
    or ``\\f`` left is refused.  Raw characters: in ASCII, any byte left once the
    printable ones are deleted is a control; otherwise ``str.isprintable`` (every
    control character is unprintable), with the exact pattern only when something
    unprintable is there.
    """
    if b"\\" in body:
        unescaped = body.replace(b"\\\\", b"")
        if any(escape in unescaped for escape in (b"\\u", b"\\r", b"\\b", b"\\f")):
            return False
    if body.isascii():
        return not body.translate(None, _PRINTABLE_ASCII)
    text = body.decode("utf-8", "replace")
    return text.isprintable() or CONTROL.search(text) is None


_PRINTABLE_ASCII = bytes(range(0x20, 0x7F))


def _write_atomically(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` whole or not at all: a temporary file beside it, fsync, ``os.replace``.

    Temporary files of writers killed long ago (an hour) are removed on the way.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with open(handle, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.replace(name, path)
    except BaseException:
        try:
            os.unlink(name)
        except OSError:
            pass
        raise
    _remove_strays(path)


def _remove_strays(path: Path) -> None:
    for stray in path.parent.glob(f".{path.name}.*.tmp"):
        try:
            if stray.stat().st_mtime < time.time() - 3600:
                stray.unlink()
        except OSError:
            pass


# -- encoding ---------------------------------------------------------------------------------
def encode_adventure(adventure: Adventure) -> str:
    """The adventure as compact JSON: each definition a table of its fields that differ from their default.

    The rooms, items, NPCs and regions are written as columns (:func:`_columns`), which
    parse and check faster than a table per definition.  An exit that is only a way to a
    room is written as that room's id, as authors write it.  _Unusable when JSON cannot
    hold it (a TOML date in an ``effect`` table).
    """
    try:
        return json.dumps(adventure, ensure_ascii=False, separators=(",", ":"), allow_nan=False,
                          check_circular=False, default=_definition)
    except (TypeError, ValueError, RecursionError) as error:
        raise _Unusable(f"JSON cannot hold it: {error}") from None


def _definition(value: Any) -> Any:
    """``json.dumps``'s hook for what it does not know: the content classes (anything else: TypeError)."""
    kind = type(value)
    if kind is ExitDef and _only_a_way(value):
        return value.to
    defaults = _DEFAULTS.get(kind)
    if defaults is None:
        raise TypeError(f"JSON cannot hold a {kind.__name__}")
    fields = {name: item for name, item in vars(value).items()  # a field left to its class default is not there
              if (default := defaults.get(name, _NONE)) is not item and item != default}
    if kind is Adventure:
        for name in _LOAD_FIELDS:
            fields.pop(name, None)
        for name in _TABLES:
            if name in fields:
                fields[name] = _columns(_TABLES[name], fields[name])
    return fields


def _columns(cls: type, definitions: Mapping[str, Any]) -> dict[str, list[Any]]:
    """Definitions keyed by their ids as columns: ``{"id": [...], field: [...]}``, a value per definition.

    A field is written only when some definition's value differs from its default
    (then every definition's value is); the ids are the keys.
    """
    rows = [vars(definition) for definition in definitions.values()]
    assert all(row["id"] == key for row, key in zip(rows, definitions, strict=True)), "an id differs from its key"
    defaults = _DEFAULTS[cls]
    columns: dict[str, list[Any]] = {}
    for name in _FIELD_NAMES[cls]:
        default = defaults.get(name, _NONE)
        column = [row.get(name, default) for row in rows]  # a field left to its class default is not there
        if default is _NONE or any(value != default for value in column):
            columns[name] = list(map(_written_exits, column)) if name == "exits" else column
    return columns


def _written_exits(exits: Mapping[str, ExitDef]) -> str | dict[str, ExitDef]:
    """A room's exits as written in its column: ``"north r1 east r2 "`` (each direction and room
    followed by a space) when every exit is only a way to a room; else their table."""
    if all(map(_only_a_way, exits.values())):
        return "".join(f"{direction} {exit_def.to} " for direction, exit_def in exits.items())
    return dict(exits)


def _field_defaults(cls: type) -> dict[str, Any]:
    """Each field's default value (fields without one are absent)."""
    found = {}
    for f in dataclasses.fields(cls):
        if f.default is not dataclasses.MISSING:
            found[f.name] = f.default
        elif f.default_factory is not dataclasses.MISSING:
            found[f.name] = f.default_factory()
    return found


_NONE = object()  # no default

#: The content classes (every frozen dataclass of :mod:`game.world.content`) and their defaults.
_DEFAULTS: dict[type, dict[str, Any]] = {
    cls: _field_defaults(cls) for cls in vars(content).values()
    if isinstance(cls, type) and dataclasses.is_dataclass(cls) and cls.__module__ == content.__name__
}
_FIELD_NAMES = {cls: tuple(f.name for f in dataclasses.fields(cls)) for cls in _DEFAULTS}
#: The fields with a default factory of each content class, and their factories.
_FACTORIES = {cls: [(f.name, f.default_factory) for f in dataclasses.fields(cls)
                    if f.default_factory is not dataclasses.MISSING] for cls in _DEFAULTS}
#: The Adventure's tables of definitions keyed by their ids, written as columns.
_TABLES: dict[str, type] = {"rooms": content.RoomDef, "items": content.ItemDef, "npcs": content.NpcDef,
                            "regions": content.RegionDef}


# -- decoding (and checking) ------------------------------------------------------------------
Decoder = Callable[[Any], Any]


def decode_adventure(data: Any, *, source: Path | None, digest: str) -> Adventure:
    """An Adventure from :func:`encode_adventure`'s data; _Unusable unless it has exactly the right shape."""
    if not isinstance(data, dict) or any(name in data for name in _LOAD_FIELDS):
        raise _Unusable("not an adventure")
    decoded: Adventure = _decoder(Adventure)(data)
    return dataclasses.replace(decoded, source=source, digest=digest)


_DECODERS: dict[Any, Decoder] = {}


def _decoder(kind: Any) -> Decoder:
    """The decoder of a type written in :mod:`game.world.content` (built once, then kept)."""
    found = _DECODERS.get(kind)
    if found is None:
        found = _make_decoder(kind)
        _DECODERS[kind] = found
    return found


def _make_decoder(kind: Any) -> Decoder:
    if kind in _DEFAULTS:
        return _dataclass_decoder(kind)
    if kind is Any:
        return _any
    if kind in (str, int, bool):
        return _exact(kind)
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if origin in (typing.Union, types.UnionType) and len(args) == 2 and type(None) in args:
        return _decoder(args[0] if args[1] is type(None) else args[1])  # None is the default: never written
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return _tuple_decoder(args[0])
    if origin in (Mapping, dict) and args[0] is str:
        if args[1] in _TABLES.values():
            return _table_decoder(args[1])
        return _mapping_decoder(args[1])  # a room's exits come in a column: _exits_column
    raise TypeError(f"the content cache cannot decode {kind!r}")  # a new kind of field: teach it here


def _exact(kind: type) -> Decoder:
    def decode(value: Any) -> Any:
        if type(value) is not kind:
            raise _Unusable(f"expected {kind.__name__}, found {type(value).__name__}")
        return value
    return decode


def _any(value: Any) -> Any:
    """Free-form data (``effect``, ``stats``): whatever JSON holds, as TOML gave it (JSON has no dates)."""
    return value


def _tuple_decoder(item_kind: Any) -> Decoder:
    if item_kind is str:
        def strings(value: Any) -> tuple[str, ...]:
            if type(value) is not list:
                raise _Unusable("expected an array")
            for item in value:
                if type(item) is not str:
                    raise _Unusable("expected an array of strings")
            return tuple(value)
        return strings
    inner = _decoder(item_kind)

    def items(value: Any) -> tuple[Any, ...]:
        if type(value) is not list:
            raise _Unusable("expected an array")
        return tuple(inner(item) for item in value)
    return items


def _mapping_decoder(value_kind: Any) -> Decoder:
    inner = _decoder(value_kind)
    plain = _plain_types(value_kind)

    def table(value: Any) -> dict[str, Any]:
        if type(value) is not dict:
            raise _Unusable("expected a table")
        if plain is not None and plain.issuperset(map(type, value.values())):
            return value  # keys are strings in JSON; values that need no conversion are checked at C speed
        return {key: inner(item) for key, item in value.items()}
    return table


def _plain_types(kind: Any) -> frozenset[type] | None:
    """The JSON types a value of ``kind`` may have when it is used as JSON gives it (no conversion);
    None when it must be converted (tuples, content classes) or checked deeper (tables)."""
    if kind in (str, int, bool):
        return frozenset({kind})
    if kind is Any:
        return None
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if origin in (typing.Union, types.UnionType) and len(args) == 2 and type(None) in args:
        inner = _plain_types(args[0] if args[1] is type(None) else args[1])
        return None if inner is None else inner | {type(None)}
    return None


def _column_decoder(kind: Any) -> Callable[[list[Any]], list[Any]]:
    """One column of a table of definitions (:func:`_columns`): every value checked, converted where needed.

    Plain values (strings, numbers, ...) and arrays of strings are checked for
    their types all at once (``set(map(type, ...))`` runs at C speed); other
    values go through their own decoder one by one.
    """
    plain = _plain_types(kind)
    if plain is not None:
        def plain_column(column: list[Any]) -> list[Any]:
            if not plain.issuperset(map(type, column)):
                raise _Unusable(f"expected values of {kind}")
            return column
        return plain_column
    if typing.get_origin(kind) is tuple and typing.get_args(kind) == (str, Ellipsis):
        def strings_column(column: list[Any]) -> list[Any]:
            if not {list}.issuperset(map(type, column)) or not {str}.issuperset(map(type, chain.from_iterable(column))):
                raise _Unusable("expected arrays of strings")
            return list(map(tuple, column))
        return strings_column
    if typing.get_origin(kind) is Mapping and typing.get_args(kind) == (str, ExitDef):
        return _exits_column
    inner = _decoder(kind)
    optional = type(None) in typing.get_args(kind)

    def column_of(column: list[Any]) -> list[Any]:
        if optional:
            return [None if value is None else inner(value) for value in column]
        return list(map(inner, column))
    return column_of


def _table_decoder(cls: type) -> Decoder:
    """Definitions from their columns (:func:`_columns`), keyed by their ids: each column checked whole,
    then each definition made as :func:`_dataclass_decoder` makes one."""
    hints = typing.get_type_hints(cls, vars(content))
    fields = dataclasses.fields(cls)
    columns = {f.name: _column_decoder(hints[f.name]) for f in fields}
    required = frozenset(f.name for f in fields if f.name not in _DEFAULTS[cls])

    def decode(value: Any) -> dict[str, Any]:
        if type(value) is not dict or not required <= value.keys() or not columns.keys() >= value.keys():
            raise _Unusable(f"not a table of {cls.__name__}")
        ids = value["id"]
        if type(ids) is not list:
            raise _Unusable(f"{cls.__name__}.id: not a column")
        names = tuple(value)
        decoded = []
        for name in names:
            column = value[name]
            if type(column) is not list or len(column) != len(ids):
                raise _Unusable(f"{cls.__name__}.{name}: not a column as long as the ids")
            decoded.append(columns[name](column))
        tables: list[dict[str, Any]] = [{} for _ in ids]  # each definition's attributes, a column at a time
        for name, column in zip(names, decoded, strict=True):
            _run(map(operator.setitem, tables, repeat(name), column))
        found = dict(zip(ids, _make_all(cls, tables), strict=True))
        if len(found) != len(ids):
            raise _Unusable(f"{cls.__name__}: an id given twice")
        return found
    return decode


def _make_all(cls: type, attributes: list[dict[str, Any]]) -> list[Any]:
    """Instances of ``cls``, one per table of attributes, made in bulk: each table becomes an
    instance's ``__dict__``, as :func:`_dataclass_decoder` fills one.

    What the generated ``__init__`` does field by field, done by ``map`` at C speed for the
    tens of thousands of definitions a big world has (each ``map`` run for its effects by
    ``_run``).  A field with a default factory that the tables lack gets a new value in each
    (``factory()``); a field with a plain default is left to the class.
    """
    count = len(attributes)
    for name, factory in _FACTORIES[cls]:
        if not all(map(dict.__contains__, attributes, repeat(name))):
            _run(map(operator.setitem, attributes, repeat(name), starmap(factory, repeat((), count))))
    made: list[Any] = list(map(object.__new__, repeat(cls, count)))
    _run(map(object.__setattr__, made, repeat("__dict__"), attributes))
    return made


#: Runs an iterator to its end, keeping nothing (the ``consume`` recipe of :mod:`itertools`).
_run: Callable[[Iterable[Any]], None] = deque(maxlen=0).extend


def _exits_column(column: list[Any]) -> list[dict[str, ExitDef]]:
    """The rooms' exits (:func:`_written_exits`): for each room a text of directions and rooms, or a
    table of directions, each a room id or an ExitDef's table.

    The texts are split all at once, and checked exactly at C speed: each holds an
    even number of spaces and no word is empty, so each room has its own (direction,
    room) pairs.  The exits of all rooms are then made at once.
    """
    kinds = set(map(type, column))
    if not {str, dict}.issuperset(kinds):
        raise _Unusable("expected the rooms' exits")
    texts = [room if type(room) is str else "" for room in column] if dict in kinds else column
    spaces = list(map(str.count, texts, repeat(" ")))
    words = "".join(texts).split(" ")
    if words.pop() != "" or "" in words or any(map(operator.and_, spaces, repeat(1))):
        raise _Unusable("the rooms' exits are not pairs of words")
    named = list(map(_DIRECTION_NAMES.get, words[0::2]))
    if None in named:
        raise _Unusable("an exit in no known direction")
    directions = typing.cast(list[str], named)
    # Each exit made as content.plain_exit makes one (only the direction and the room set, the other
    # fields left to their defaults on the class), all at once; then each room's table takes its next
    # (direction, exit) pairs, one islice a room.
    exits = _make_all(ExitDef, [{"direction": direction, "to": to}
                                for direction, to in zip(directions, words[1::2], strict=True)])
    pairs = zip(directions, exits, strict=True)
    found: list[dict[str, ExitDef]] = list(map(dict, map(islice, repeat(pairs),
                                                         map(operator.floordiv, spaces, repeat(2)))))
    if dict in kinds:  # the rooms with an exit that is more than a way (locked, hidden, ...)
        for index, room in enumerate(column):
            if type(room) is dict:
                found[index] = _room_exits(room)
    return found


def _room_exits(value: dict[str, Any]) -> dict[str, ExitDef]:
    """One room's table of exits: each a room id (a plain way) or an ExitDef's table."""
    full = _decoder(ExitDef)
    found = {}
    for direction, way in value.items():
        name = _DIRECTION_NAMES.get(direction)
        if name is None:
            raise _Unusable("an exit in no known direction")
        found[name] = content.plain_exit(name, way) if type(way) is str else full(way)
    return found


#: Each direction by its name (the very string the content module holds).
_DIRECTION_NAMES = {direction: direction for direction in content.DIRECTIONS}


def _json_type(kind: Any) -> type:
    """The JSON type a field's value has in an entry (an optional field is left out when None)."""
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if origin in (typing.Union, types.UnionType):
        kind = next(arg for arg in args if arg is not type(None))
        origin = typing.get_origin(kind)
    if kind in (str, int, bool):
        return typing.cast(type, kind)
    if origin is tuple:
        return list
    return dict  # tables, content classes and free-form tables


def _dataclass_decoder(cls: type) -> Decoder:
    """Checks the fields' JSON types (all at once: the types of the values against those the keys
    want), converts what needs it, and builds the frozen instance.

    The instance is made with ``object.__new__`` and its attributes set in its
    ``__dict__``, as the generated ``__init__`` would set them (it is several
    times slower, and a cached load makes tens of thousands of definitions).
    """
    hints = typing.get_type_hints(cls, vars(content))
    fields = [f for f in dataclasses.fields(cls) if not (cls is Adventure and f.name in _LOAD_FIELDS)]
    wanted = {f.name: _json_type(hints[f.name]) for f in fields}
    convert = {f.name: _decoder(hints[f.name]) for f in fields if hints[f.name] not in (str, int, bool)}
    converted = frozenset(convert)
    required = frozenset(f.name for f in fields if f.name not in _DEFAULTS[cls])
    plain = {f.name: f.default for f in fields if f.default is not dataclasses.MISSING}
    made = [(f.name, f.default_factory) for f in fields if f.default_factory is not dataclasses.MISSING]
    new = object.__new__

    def decode(value: Any) -> Any:
        if type(value) is not dict:
            raise _Unusable(f"expected a table for {cls.__name__}")
        for name, raw in value.items():
            if type(raw) is not wanted.get(name):
                raise _Unusable(f"{cls.__name__}.{name}: not a field, or a value of the wrong type")
        if not required <= value.keys():
            raise _Unusable(f"{cls.__name__} lacks {', '.join(sorted(required - value.keys()))}")
        instance: Any = new(cls)
        attributes = instance.__dict__
        attributes.update(plain)
        attributes.update(value)
        for name in converted.intersection(value):
            attributes[name] = convert[name](value[name])
        for name, factory in made:
            if name not in value:
                attributes[name] = factory()
        return instance
    return decode


def _only_a_way(exit_def: ExitDef) -> bool:
    """True when an exit is only a way to a room: every field but its direction and room at its default."""
    attributes = vars(exit_def)
    if len(attributes) == 2:  # only the direction and the room stored (the builder's plain ways)
        return True
    return all(attributes.get(name, default) == default for name, default in _EXIT_DEFAULTS)


#: An exit's fields but its direction and room, and their defaults.
_EXIT_DEFAULTS = tuple(_DEFAULTS[ExitDef].items())
