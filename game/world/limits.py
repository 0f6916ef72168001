"""Limits on untrusted TOML (adventure files and saves), enforced before and while parsing.

An adventure may come from a stranger and a save may have been edited by hand, so every
TOML text is read within these bounds, each refused quickly, in bounded memory, with a
one-line reason.  Each bound answers a cost of ``tomllib``:

- **Size**: files over :data:`MAX_FILE_BYTES` are refused from their size before a byte is
  read (and read with a bounded ``read``); a folder holds at most :data:`MAX_FILES` files
  and :data:`MAX_ADVENTURE_BYTES`; and, since ``tomllib`` pays for every value, a file at
  most :data:`MAX_ITEMS` lines and commas, counted at C speed before parsing.
- **Long dotted keys**: ``tomllib`` is quadratic in a dotted key's parts, so a key of more
  than :data:`MAX_KEY_PARTS` parts is found by one regular expression and refused.
- **Deep nesting**: ``tomllib`` recurses into arrays and inline tables; its
  ``RecursionError`` is caught and refused, and anything nested past :data:`MAX_DEPTH`
  levels is refused with its key path after parsing.
- **Huge numbers**: ``tomllib``'s number matching and ``int`` conversion grow with the
  digits, so a run of more than :data:`MAX_DIGITS` digits is refused before parsing,
  Python's digit limit is held at its minimum while parsing, and integers outside
  TOML's 64 bits are refused after, with their key path.
- **Control characters**: a key holding a control, format or bidi character
  (:data:`game.text.CONTROL`) is refused and string values are cleaned of them, so
  nothing from content reaches the terminal as an escape sequence.

Nothing here evaluates or imports anything named by the text.  The figures behind each
bound are in ``docs/reliability.md``.
"""
from __future__ import annotations

import os
import re
import sys
from collections.abc import Collection, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.deferred import deferred
from game.text import CONTROL, clean, escape_controls

if TYPE_CHECKING:
    import tomllib
else:
    tomllib = deferred("tomllib")

KeyPath = tuple[str, ...]

#: The largest content file read (a 10,000-room, 1,000-NPC world in one file is about 2.4 MB).
MAX_FILE_BYTES = 8 * 1024 * 1024
#: The most bytes read from all the files of one adventure.
MAX_ADVENTURE_BYTES = 32 * 1024 * 1024
#: The most ``*.toml`` files in one adventure folder.
MAX_FILES = 256
#: The deepest nesting of tables and arrays below the top of a document.
MAX_DEPTH = 16
#: The most parts of one dotted key or table header.
MAX_KEY_PARTS = 16
#: TOML integers are 64-bit signed.
INT_MIN, INT_MAX = -(2**63), 2**63 - 1
#: Digits an integer may have while parsing (Python's minimum for the limit).
PARSE_INT_DIGITS = 640
#: The longest run of digits (``_`` between them allowed) anywhere in a file.
MAX_DIGITS = 100
#: The most lines and commas in one file: a bound on the values ``tomllib`` creates.
MAX_ITEMS = 400_000
#: The most commands a run's log holds: a save reads no more, and a replay runs no more.
MAX_LOG = 100_000
#: The largest amount (water, food, a count on a sheet) a save holds; content beyond it is refused by ``check``.
MAX_AMOUNT = 10_000
#: The largest number in a ``stats.<system>`` table (no rule system keeps one above 999).
MAX_STAT = 999
#: Tighter bounds where a stat is a pool of dice whose exact odds are computed (the system's own dice limit).
MAX_STAT_BY_SYSTEM = {"open_adventures": 60}

_PART = r"""(?:[A-Za-z0-9_-]++|"(?:[^"\\\n]|\\.)*+"|'[^'\n]*+')"""
#: A dot followed by MAX_KEY_PARTS - 1 more (part, dot) pairs: at least MAX_KEY_PARTS dots (this and
#: :data:`_HEX_RUN` compiled, and cached by ``re``, with the first TOML read: a cached start reads none).
_LONG_KEY = rf"\.(?:[ \t]*+{_PART}[ \t]*+\.){{{MAX_KEY_PARTS - 1}}}"
#: Bytes mapped to ``0`` (digits, ``_``) and to a space (everything else), to find long runs at C speed.
_DIGIT_BYTES = bytes(48 if chr(b) in "0123456789_" else 32 for b in range(256))
_RUN = b"0" * (MAX_DIGITS + 1)
_HEX_RUN = rf"0x[0-9A-Fa-f_]{{{MAX_DIGITS}}}"


class TooMuch(Exception):
    """A text passed one of the limits; ``line`` is 0 when it has none."""

    def __init__(self, message: str, line: int = 0) -> None:
        super().__init__(message)
        self.message = message
        self.line = line


def _mib(size: int) -> str:
    return f"{size / (1024 * 1024):.1f} MiB"


def read_bounded(path: Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of ``path`` if there are at most ``limit``; TooMuch otherwise, OSError if unreadable."""
    with open(path, "rb") as handle:
        size = os.fstat(handle.fileno()).st_size
        if size > limit:
            raise TooMuch(f"the file is {_mib(size)}; the limit is {_mib(limit)}")
        raw = handle.read(size + 1)  # read(n) allocates n bytes at once: ask for what stat promised
        if len(raw) > size:  # the size lied or the file grew: read on, to the limit at most
            raw += handle.read(limit + 1 - len(raw))
    if len(raw) > limit:
        raise TooMuch(f"the file is larger than the limit of {_mib(limit)}")
    return raw


def _line_at(text: str, index: int) -> int:
    return text.count("\n", 0, index) + 1


@contextmanager
def _few_digits() -> Iterator[None]:
    """Integers read from text may have at most PARSE_INT_DIGITS digits, for the duration."""
    before = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(PARSE_INT_DIGITS)
    try:
        yield
    finally:
        sys.set_int_max_str_digits(before)


def prescan(text: str, encoded: bytes | None = None) -> None:
    """Refuse, before parsing, what would make ``tomllib`` slow or greedy: TooMuch, with the line.

    ``encoded``: the text's UTF-8 bytes, when the caller has them (the file as read).
    """
    items = text.count("\n") + text.count(",")
    if items > MAX_ITEMS:
        raise TooMuch(f"{items} lines and commas; a file may have at most {MAX_ITEMS}")
    found = re.search(_LONG_KEY, text)
    if found is not None:
        raise TooMuch(f"a dotted key or table name of more than {MAX_KEY_PARTS} parts", _line_at(text, found.start()))
    at = _long_number(text, encoded)
    if at >= 0:
        raise TooMuch(f"a run of more than {MAX_DIGITS} digits (no TOML number needs so many: integers are "
                      f"64-bit)", _line_at(text, at))


def _long_number(text: str, encoded: bytes | None = None) -> int:
    """Where the first run of more than MAX_DIGITS digits starts (``_`` between them allowed), or -1.

    Runs of ``_`` alone (a rule drawn in a description) do not count: a run
    must be at least half digits.  Found on the UTF-8 bytes (``encoded``, when
    given) with ``bytes.translate`` and ``find``, in a few milliseconds for megabytes.
    """
    data = encoded if encoded is not None else text.encode("utf-8", "surrogatepass")
    if not _any_run(data):
        return -1
    hexadecimal = re.search(_HEX_RUN, text)
    if hexadecimal is not None:
        return hexadecimal.start()
    offsets = not text.isascii()
    runs = data.translate(_DIGIT_BYTES)
    start = runs.find(_RUN)
    while start >= 0:
        end = runs.find(b" ", start)
        end = len(runs) if end < 0 else end
        run = data[start:end]
        if 2 * run.count(b"_") <= len(run):
            return len(data[:start].decode("utf-8", "surrogatepass")) if offsets else start
        start = runs.find(_RUN, end)
    return -1


def _any_run(data: bytes) -> bool:
    """False when ``data`` holds no run of MAX_DIGITS hexadecimal digits and ``_`` (which every run
    :func:`_long_number` looks for has): the quick answer, translated a piece at a time (pieces
    overlap by a run's length), so that no buffer the size of the file is made for the usual one."""
    for start in range(0, len(data), _PIECE):
        if data[start:start + _PIECE + MAX_DIGITS].translate(_HEX_BYTES).find(_HEX_RUN_BYTES) >= 0:
            return True
    return False


_PIECE = 64 * 1024
#: Bytes mapped to ``0`` (hexadecimal digits, ``_``) and to a space (everything else).
_HEX_BYTES = bytes(48 if chr(b) in "0123456789abcdefABCDEF_" else 32 for b in range(256))
_HEX_RUN_BYTES = b"0" * MAX_DIGITS


def parse(text: str, encoded: bytes | None = None) -> dict[str, Any]:
    """``tomllib.loads`` within the limits: TooMuch, or tomllib.TOMLDecodeError for bad syntax.

    ``encoded``: the text's UTF-8 bytes, when the caller has them (the file as read).
    """
    prescan(text, encoded)
    try:
        with _few_digits():
            return tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        raise
    except RecursionError:
        raise TooMuch(f"arrays or inline tables nested far too deeply (the limit is {MAX_DEPTH} levels)") from None
    except ValueError:  # int() past the digit limit: prescan makes this unreachable, kept as a guard
        raise TooMuch(f"a number of more than {PARSE_INT_DIGITS} digits (TOML integers are 64-bit)") from None


def may_hold_controls(text: str, encoded: bytes | None = None) -> bool:
    """False when no parsed string or key of ``text`` can hold a control character (no escapes, none raw).

    ASCII text (most content) is checked at C speed: any byte left once the
    printable ones, newline and tab are deleted is a control character.
    ``encoded``: the text's UTF-8 bytes, when the caller has them.
    """
    if "\\" in text:
        return True
    if text.isascii():
        return bool((encoded if encoded is not None else text.encode("ascii")).translate(None, _PLAIN_ASCII))
    return CONTROL.search(text) is not None


#: Printable ASCII, newline and tab: the bytes that are not control characters.
_PLAIN_ASCII = bytes(range(0x20, 0x7F)) + b"\n\t"


def check_data(data: dict[str, Any], *, clean_strings: bool, skip: Collection[str] = ()) \
        -> list[tuple[KeyPath, str]]:
    """Problems with parsed data: too deep, integers out of range, keys with control characters.

    ``clean_strings`` says the text may hold control characters (:func:`may_hold_controls`):
    then keys are checked for them and string values (in tables and arrays) are
    cleaned of them in place; otherwise neither can hold one and neither is looked at.
    ``skip`` names top-level tables the caller has already read whole and found to hold
    nothing but strings, arrays and tables of strings (the loader's plain rooms and items:
    nothing there can be too deep or too large); they are not walked again.
    The walk never goes deeper than MAX_DEPTH + 1.
    """
    problems: list[tuple[KeyPath, str]] = []
    if skip:
        assert not clean_strings, "only text without control characters is walked after building"
        data = {key: value for key, value in data.items() if key not in skip or type(value) is not dict}
    if clean_strings or not _within_limits(data, 0):  # the walk that finds each problem's key path
        _walk(data, (), 0, clean_strings, problems)
    return problems


def _within_limits(container: dict[str, Any] | list[Any], depth: int) -> bool:
    """True when nothing in ``container`` is nested too deep or an integer out of range.

    The quick answer for content within the limits (nearly all): no key paths made, no
    keys looked at; :func:`_walk` finds where the problems are when there are some.
    """
    if depth > MAX_DEPTH:
        return False
    values: Any = container.values() if type(container) is dict else container
    for value in values:
        kind = type(value)
        if kind is dict or kind is list:
            if value and not _within_limits(value, depth + 1):
                return False
        elif kind is int and not INT_MIN <= value <= INT_MAX:
            return False
    return True


def _walk(container: dict[str, Any] | list[Any], path: KeyPath, depth: int, clean_strings: bool,
          problems: list[tuple[KeyPath, str]]) -> None:
    if depth > MAX_DEPTH:
        problems.append((path, f"nested more than {MAX_DEPTH} levels deep"))
        return
    if type(container) is dict:
        pairs: Any = container.items()
        for key in container if clean_strings else ():
            control = CONTROL.search(key)
            if control is not None:
                problems.append((path + (key,), f"the key holds the control character "
                                                f"{escape_controls(control.group())}"))
    else:
        pairs = enumerate(container)
    changed: list[tuple[Any, str]] = []
    for key, value in pairs:
        kind = type(value)
        if kind is dict or kind is list:
            if value:
                _walk(value, path + (str(key),), depth + 1, clean_strings, problems)
        elif kind is int:
            if not INT_MIN <= value <= INT_MAX:
                problems.append((path + (str(key),), f"an integer of {value.bit_length()} bits is outside "
                                                     f"the 64-bit range of TOML integers"))
        elif kind is str and clean_strings and CONTROL.search(value):
            changed.append((key, clean(value)))
    for key, value in changed:
        container[key] = value
