r"""TOML folder -> :class:`~game.world.content.Adventure`, with every problem at once.

An adventure is a folder.  Every ``*.toml`` file directly in it (names starting with
``.`` skipped) is read in sorted name order with :mod:`tomllib` and merged: tables merge
key by key, so ``[adventure]`` may live in one file and ``[adventure.rules]`` in another;
a value or an id defined in two files is a problem naming both.  When a file has a TOML
syntax error only those problems are reported: checking the rest would mostly report
their consequences.

Problems are lines ``FILE:LINE: KEY.PATH: what is wrong (did you mean X?)``, because an
author fixes them in an editor.  Lines are found by scanning the text
(:mod:`game.world.toml_locate`) only when there is a problem, so good content costs
little more than parsing it.  What is checked, and the content's defaults, are
:mod:`game.world.build`'s.

Untrusted text is read within the limits of :mod:`game.world.limits`; a file past one is
reported like a syntax error, and then alone.  The walk for nesting and big numbers runs
once the builder has built what parsed, skipping the sections built whole on its plain
path.  Every problem is one line: control characters in it are written as ``\uXXXX``.
Content is data: nothing in it is evaluated, imported or looked up as an attribute.
"""
from __future__ import annotations

import hashlib
import stat
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.deferred import deferred
from game.errors import ContentError, UsageError
from game.text import escape_controls
from game.world import limits
from game.world.cache import ContentCache, FileStamp
from game.world.collector import collector_paused
from game.world.content import Adventure

if TYPE_CHECKING:  # parsing: an adventure from the content cache needs none of it
    import tomllib

    from game.world import build as world_build
    from game.world import schema, toml_locate, toml_messages
    from game.world.schema import KeyPath
else:
    toml_locate = deferred("game.world.toml_locate")
    toml_messages = deferred("game.world.toml_messages")
    tomllib = deferred("tomllib")
    world_build = deferred("game.world.build")
    schema = deferred("game.world.schema")

#: The adventure ``wayfarer`` plays when none is named.
DEFAULT_ADVENTURE = "glass-oasis"

#: A problem before formatting: file, line, column (0: none), text after the position.
_Line = tuple[str, int, int, str]


# -- public API ------------------------------------------------------------------
def load_adventure(path: Path | str, cache: ContentCache | None = None) -> Adventure:
    """Read and check the adventure folder at ``path``; ContentError lists every problem.

    With a ``cache`` (:mod:`game.world.cache`), an unchanged adventure comes from
    its cached entry, and one read from its files is stored there once checked
    (never one with a problem).  Either way the result is the same Adventure.
    """
    folder = Path(path)
    stamps = _stamps(folder) if cache is not None and cache.folder is not None else None
    if cache is not None and stamps is not None:
        with collector_paused(freeze=True):  # the adventure lives as long as the run
            cached = cache.fetch(folder, stamps, lambda: _files_digest(folder, stamps))
        if cached is not None:
            return cached
    adventure, problems = _load(folder)
    if problems or adventure is None:
        raise ContentError(problems or [f"{path}: could not be loaded"])
    if cache is not None and stamps is not None:
        cache.store(folder, stamps, adventure)
    return adventure


#: Checks a layer above the loader adds (the rule systems' stat tables): the merged data and the
#: loader's own problems in, more problems out, each at its key path.
MoreChecks = Callable[[Mapping[str, Any], list[tuple["KeyPath", str]]], list[tuple["KeyPath", str]]]


def check_adventure(path: Path | str, more_checks: MoreChecks | None = None) -> list[str]:
    """The problem lines of the adventure at ``path``, sorted by file and line; empty if fine.

    Always read from the files (``wayfarer check`` never trusts a cache).  ``more_checks``
    runs on the same read, once the files merge, and its problems are located like the
    loader's own.
    """
    return _load(Path(path), more_checks)[1]


def load_despite_problems(path: Path | str, more_checks: MoreChecks | None = None) -> tuple[Adventure | None, list[str]]:
    """The adventure at ``path`` as built from what passed, with its problem lines (as
    :func:`check_adventure`'s), for a tool that shows content as it is (``wayfarer map``).

    The adventure is None when the files could not be read or parsed (or broke a limit): then
    there is nothing to show but the problems.  Otherwise it is built even when a check failed
    (a room that cannot be reached, an id that names nothing): what failed is left out or kept
    as written, so it must not be played.
    """
    return _load(Path(path), more_checks)


def bundled_adventures(root: Path) -> dict[str, Path]:
    """The adventures in ``root`` (the bundled folder, :func:`game.paths.bundled_root`) by their
    ``[adventure] id`` (the folder name when it cannot be read)."""
    found: dict[str, Path] = {}
    if not root.is_dir():
        return found
    for folder in sorted(p for p in root.iterdir() if p.is_dir() and not p.name.startswith(".")):
        if any(folder.glob("*.toml")):
            found.setdefault(_peek_id(folder) or folder.name, folder)
    return found


def find_adventure(name_or_path: str, bundled: Path) -> Path:
    """An existing adventure folder, or the folder of the bundled adventure with that id.

    ``bundled`` is the folder of bundled adventures (:func:`game.paths.bundled_root`, handed
    in: the world layer does not look above itself).  Raises UsageError naming the bundled
    ids when neither fits.
    """
    given = Path(name_or_path)
    if given.is_dir():
        if not _declares_adventure(given):
            raise UsageError(f"not an adventure folder: no adventure.toml in {given} "
                             f"(and no other .toml file there has an [adventure] table)")
        return given
    direct = bundled / name_or_path
    plain_name = "/" not in name_or_path and "\\" not in name_or_path
    if plain_name and direct.is_dir():  # a bundled adventure's folder is named by its id (a test holds them to it)
        return direct
    known = bundled_adventures(bundled)
    if name_or_path in known:
        return known[name_or_path]
    names = ", ".join(sorted(known)) or "none"
    if given.exists():
        raise UsageError(f"'{name_or_path}' is a file, not an adventure folder; bundled adventures: {names}")
    raise UsageError(f"no adventure folder or bundled adventure '{name_or_path}'; bundled adventures: {names}")


# -- reading files ------------------------------------------------------------------
@dataclass
class _Source:
    """One parsed file, with its key lines worked out on first need."""

    display: str
    text: str
    data: dict[str, Any]
    #: The walk for nesting and big numbers (:func:`limits.check_data`) is still to do: see :func:`_load_unpaused`.
    unchecked: bool = False
    _lines: dict[KeyPath, int] | None = field(default=None, repr=False)

    def line_of(self, path: KeyPath) -> int:
        if self._lines is None:
            self._lines = toml_locate.key_lines(self.text)
        return toml_locate.line_of(self._lines, path)


def _toml_files(folder: Path) -> list[Path]:
    """The folder's ``.toml`` entries, whatever they are (files, links, folders, devices): each is judged by
    :func:`not_content` before it is read, so none is left out silently."""
    return sorted((p for p in folder.iterdir() if p.suffix == ".toml" and not p.name.startswith(".")),
                  key=lambda p: p.name)


def not_content(folder: Path, path: Path) -> str | None:
    """Why ``path`` is no content of the adventure in ``folder``, or None when it is.

    Content is a regular file inside the adventure's folder.  A link is followed
    only where it stays inside (the folder as resolved); a link leading out (to a
    credentials file, ``/proc/self/environ``), a folder, a device or a pipe is
    refused before a byte is read, so no value of a file that is not content is
    ever echoed in an error.  The reason names the entry, never its target.
    """
    try:
        mode = path.lstat().st_mode
        if stat.S_ISLNK(mode) or path.parent != folder:  # a plain entry of the folder itself is inside it
            root = folder.resolve(strict=True)
            if root not in path.resolve(strict=True).parents:  # the entry, or a folder on its way, is such a link
                return "a link leading out of the adventure's folder; content is read only from inside it"
            mode = path.stat().st_mode
    except (OSError, RuntimeError) as error:  # a dangling or looping link, or no longer there
        return f"cannot be read: {getattr(error, 'strerror', None) or 'a link that leads nowhere'}"
    if not stat.S_ISREG(mode):
        return "not a regular file; content is read only from regular files"
    return None


def _stamps(folder: Path) -> list[FileStamp] | None:
    """The name, size and ``mtime_ns`` of each file the loader reads; None when the folder cannot be listed
    or is beyond the limits (the loader then reports why)."""
    try:
        paths = _toml_files(folder)
        if not paths or len(paths) > limits.MAX_FILES:
            return None
        stamps = []
        for path in paths:
            if not_content(folder, path) is not None:
                return None  # the loader refuses it, and says why
            status = path.stat()
            stamps.append((path.name, status.st_size, status.st_mtime_ns))
    except OSError:
        return None
    return stamps


def _files_digest(folder: Path, stamps: list[FileStamp]) -> str | None:
    """The digest of the files' bytes, as :func:`_read_folder` computes it; None if one cannot be read."""
    digest = hashlib.sha256()
    for name, _size, _mtime in stamps:
        try:
            raw = limits.read_bounded(folder / name, limits.MAX_FILE_BYTES)
        except (OSError, limits.TooMuch):
            return None
        digest.update(f"{name}\0{len(raw)}\0".encode())
        digest.update(raw)
    return digest.hexdigest()


def _read_one(path: Path, display: str, digest: Any, defer: bool) -> tuple[_Source | None, list[_Line]]:
    """One file parsed within the limits.  With ``defer``, a text that can hold no control character
    is not walked yet (the source is ``unchecked``): :func:`_check_late` walks it."""
    try:
        raw = limits.read_bounded(path, limits.MAX_FILE_BYTES)
    except limits.TooMuch as error:
        return None, [(display, 0, 0, error.message)]
    except OSError as error:
        return None, [(display, 0, 0, f"cannot read the file: {error.strerror or error}")]
    digest.update(f"{path.name}\0{len(raw)}\0".encode())
    digest.update(raw)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        return None, [(display, line, 0, "the file is not UTF-8 text")]
    encoded: bytes | None = raw  # the text's UTF-8 bytes, for the limits' scans
    if text.startswith("\ufeff"):
        text, encoded = text[1:], None
    try:
        data = limits.parse(text, encoded)
    except tomllib.TOMLDecodeError as error:
        line, col, message = toml_messages.plain_syntax_error(text, error)
        return None, [(display, line, col, f"TOML syntax error: {message}")]
    except limits.TooMuch as error:
        return None, [(display, error.line, 0, error.message)]
    source = _Source(display, text, data)
    clean_strings = limits.may_hold_controls(text, encoded)
    if defer and not clean_strings:
        source.unchecked = True
        return source, []
    found = _limit_lines(source, limits.check_data(data, clean_strings=clean_strings))
    return (None, found) if found else (source, [])


def _limit_lines(source: _Source, found: list[tuple[KeyPath, str]]) -> list[_Line]:
    return [(source.display, source.line_of(path), 0, f"{schema.format_path(path)}: {message}") for path, message in found]


def _check_late(sources: list[_Source], skip: Collection[str] = ()) -> list[_Line]:
    """The walk :func:`_read_one` deferred, over each unchecked file as parsed (``skip``: see
    :func:`limits.check_data`); its problems, located as the read would have located them."""
    problems: list[_Line] = []
    for source in sources:
        if source.unchecked:
            problems.extend(_limit_lines(source, limits.check_data(source.data, clean_strings=False, skip=skip)))
            source.unchecked = False
    return problems


def _read_folder(folder: Path, defer: bool = False) -> tuple[list[_Source], str, list[_Line]]:
    """Parse every file; returns the sources, the content digest and any read problems.

    With ``defer``, files are not walked for nesting and big numbers yet (see :func:`_read_one`).
    """
    if not folder.exists():
        return [], "", [(str(folder), 0, 0, "no such adventure folder")]
    if not folder.is_dir():
        return [], "", [(str(folder), 0, 0, "not a folder (an adventure is a folder of .toml files)")]
    try:
        paths = _toml_files(folder)
    except OSError as error:
        return [], "", [(str(folder), 0, 0, f"cannot list the folder: {error.strerror or error}")]
    if not paths:
        return [], "", [(str(folder), 0, 0, "no .toml files in this folder")]
    if len(paths) > limits.MAX_FILES:
        return [], "", [(str(folder), 0, 0, f"{len(paths)} .toml files; an adventure may have at most "
                                            f"{limits.MAX_FILES}")]
    try:
        total = sum(p.stat().st_size for p in paths if not_content(folder, p) is None)
    except OSError:
        total = 0  # reading each file reports it
    if total > limits.MAX_ADVENTURE_BYTES:
        return [], "", [(str(folder), 0, 0, f"the .toml files hold {total} bytes; an adventure may hold at most "
                                            f"{limits.MAX_ADVENTURE_BYTES}")]
    digest = hashlib.sha256()
    sources: list[_Source] = []
    problems: list[_Line] = []
    for path in paths:
        refused = not_content(folder, path)
        if refused is not None:
            problems.append((str(folder / path.name), 0, 0, refused))
            continue
        source, found = _read_one(path, str(folder / path.name), digest, defer)
        problems.extend(found)
        if source is not None:
            sources.append(source)
    return sources, digest.hexdigest(), problems


# -- merging ------------------------------------------------------------------------
def _origin(origins: dict[KeyPath, int], path: KeyPath) -> int:
    """Index of the file that defined ``path`` (its nearest recorded ancestor; else the first)."""
    for end in range(len(path), 0, -1):
        index = origins.get(path[:end])
        if index is not None:
            return index
    return 0


def _merge(sources: list[_Source]) -> tuple[dict[str, Any], dict[KeyPath, int], list[_Line]]:
    """Merge the files' data; record which file each newly added key came from.

    Each file's own data is left as parsed (a table two files add to is copied first), so that
    :func:`_check_late` walks each file as it was read.
    """
    merged: dict[str, Any] = {}
    origins: dict[KeyPath, int] = {}
    problems: list[_Line] = []
    copied: set[KeyPath] = set()  # the tables of ``merged`` that are copies, not a file's own

    def merge_into(target: dict[str, Any], data: dict[str, Any], path: KeyPath, index: int) -> None:
        for key, value in data.items():
            here = path + (key,)
            if key not in target:
                target[key] = value
                origins[here] = index
                continue
            old = target[key]
            entity = len(here) == 2 and here[0] in world_build.ENTITY_SECTIONS
            if isinstance(old, dict) and isinstance(value, dict) and not entity:
                if here not in copied:
                    target[key] = old = dict(old)
                    copied.add(here)
                merge_into(old, value, here, index)
                continue
            first = sources[_origin(origins, here)]
            now = sources[index]
            what = "id" if entity else "key"
            message = f"{schema.format_path(here)}: {what} defined twice: also in {first.display}:{first.line_of(here)}"
            problems.append((now.display, now.line_of(here), 0, message))

    for index, source in enumerate(sources):
        merge_into(merged, source.data, (), index)
    return merged, origins, problems


# -- formatting ---------------------------------------------------------------------
def _locate(report: schema.Report, sources: list[_Source], origins: dict[KeyPath, int]) -> list[_Line]:
    lines: list[_Line] = []
    for path, message in report.problems:
        source = sources[_origin(origins, path)]
        text = f"{schema.format_path(path)}: {message}" if path else message
        lines.append((source.display, source.line_of(path), 0, text))
    return lines


def _format(lines: list[_Line]) -> list[str]:
    """Sorted (by file, line, column), deduplicated problem lines."""
    out: list[str] = []
    for display, line, col, text in sorted(set(lines)):
        display, text = escape_controls(display), escape_controls(text)
        if not line:
            out.append(f"{display}: {text}")
        elif col:
            out.append(f"{display}:{line}:{col}: {text}")
        else:
            out.append(f"{display}:{line}: {text}")
    return out


def _load(folder: Path, more_checks: MoreChecks | None = None) -> tuple[Adventure | None, list[str]]:
    with collector_paused(freeze=True):  # the adventure lives as long as the run
        return _load_unpaused(folder, more_checks)


def _load_unpaused(folder: Path, more_checks: MoreChecks | None = None) -> tuple[Adventure | None, list[str]]:
    # The walk for nesting and big numbers runs once the builder has said which sections it read
    # whole (its plain rooms and items hold only strings): those are not walked again.  Until it
    # has run nothing is reported, and when it finds a problem only its problems are, as when
    # the read had found them (the builder meanwhile works on the data whatever its depth).
    sources, digest, problems = _read_folder(folder, defer=True)
    if problems or not sources:
        return None, _format(problems + _check_late(sources))
    if not any("adventure" in source.data for source in sources) and not (folder / "adventure.toml").is_file():
        return None, _format([(str(folder), 0, 0, "not an adventure folder: no adventure.toml here, and no other "
                                                  ".toml file here has an [adventure] table")])
    merged, origins, problems = _merge(sources)
    report = schema.Report()
    plain: set[str] = set()
    adventure = world_build.build_adventure(report, merged, source=folder, digest=digest, plain=plain)
    too_much = _check_late(sources, skip=() if problems else plain)  # an id given twice was not built
    if too_much:
        return None, _format(too_much)
    if more_checks is not None and not problems:
        report.problems.extend(more_checks(merged, list(report.problems)))
    problems.extend(_locate(report, sources, origins))
    return adventure, _format(problems)


def _declares_adventure(folder: Path) -> bool:
    """Whether ``folder`` looks like an adventure: it holds ``adventure.toml``, or (an adventure split
    over files named otherwise) a ``.toml`` file with an ``[adventure]`` table.  A file that cannot be
    parsed counts as declaring one, so that loading it reports what is wrong with it."""
    if (folder / "adventure.toml").is_file():
        return True
    try:
        paths = _toml_files(folder)
    except OSError:
        return True  # loading it says why it cannot be listed
    for path in paths[: limits.MAX_FILES]:
        if not_content(folder, path) is not None:
            return True  # loading it says why it is refused
        try:
            data = limits.parse(limits.read_bounded(path).decode("utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, limits.TooMuch):
            return True
        if "adventure" in data:
            return True
    return False


def _peek_id(folder: Path) -> str | None:
    """The ``[adventure] id`` of a folder, or None when no file says (or can be read)."""
    try:
        paths = _toml_files(folder)
    except OSError:
        return None
    for path in paths[: limits.MAX_FILES]:
        if not_content(folder, path) is not None:
            continue
        try:
            data = limits.parse(limits.read_bounded(path).decode("utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, limits.TooMuch):
            continue
        table = data.get("adventure")
        if isinstance(table, dict) and isinstance(table.get("id"), str):
            return str(table["id"])
    return None


def read_merged(path: Path | str) -> tuple[dict[str, Any], list[str]]:
    """The merged TOML data of an adventure folder, as the loader builds it, and any read problems."""
    sources, _digest, problems = _read_folder(Path(path))
    if problems or not sources:
        return {}, _format(problems)
    merged, _origins, merge_problems = _merge(sources)
    return merged, _format(merge_problems)


def locate(path: Path | str, problems: list[tuple[KeyPath, str]]) -> list[str]:
    """``FILE:LINE: KEY.PATH: message`` lines for problems found outside the loader (the authoring warnings)."""
    sources, _digest, read_problems = _read_folder(Path(path))
    if read_problems or not sources:
        return _format(read_problems)
    _merged, origins, _problems = _merge(sources)
    report = schema.Report()
    report.problems.extend(problems)
    return _format(_locate(report, sources, origins))
