"""Typed reading of TOML tables for the loader, collecting every problem.

A :class:`Report` gathers problems as ``(key path, message)`` pairs; the
loader turns them into ``FILE:LINE: KEY.PATH: message`` lines at the end, when
it knows which file each path came from.  :func:`read_table` checks one table
against a field spec (unknown keys, wrong types, missing required keys) and
returns only the values that passed, so builders never see a wrong type.

Nothing here looks anything up by a content string except in plain dicts.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game.deferred import deferred

if TYPE_CHECKING:
    import datetime
    import difflib
else:
    difflib = deferred("difflib")
    datetime = deferred("datetime")

KeyPath = tuple[str, ...]

#: Ids are lowercase words (letters and digits) joined by single hyphens.
ID_PATTERN = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*\Z")
#: Ids one a line, each as :data:`ID_PATTERN` has it.
_ID_LINES = re.compile(r"[a-z0-9]++(?:-[a-z0-9]++)*+(?:\n[a-z0-9]++(?:-[a-z0-9]++)*+)*+\Z")
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+\Z")
#: How many did-you-mean searches one load may do (each is linear in the candidates).
SUGGESTION_BUDGET = 300


def type_name(value: object) -> str:
    """The TOML type of a parsed value, with its article ("an integer")."""
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a float"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, (datetime.datetime, datetime.date, datetime.time)):
        return "a date-time"
    return "a value"


#: The arrays of tables of the format, whose elements messages count from 1.
_TABLE_ARRAYS = frozenset({"triggers", "descriptions"})


def trigger_name(index: int) -> str:
    """How messages name the trigger at ``index`` of ``[[triggers]]``: ``triggers[1]`` is the first written."""
    return f"triggers[{index + 1}]"


def format_path(path: KeyPath) -> str:
    """``rooms.dune-camp.exits`` with keys that are not bare quoted as TOML writes them, and the elements of
    arrays of tables counted from 1: ``triggers[1].verb`` is the ``verb`` of the first ``[[triggers]]``."""
    parts: list[str] = []
    for part in path:
        if part.isdigit() and parts and parts[-1] in _TABLE_ARRAYS:  # counted from 1, as an author counts them
            parts[-1] += f"[{int(part) + 1}]"
        elif _BARE_KEY.match(part):
            parts.append(part)
        else:
            escaped = part.replace("\\", "\\\\").replace('"', '\\"')
            parts.append(f'"{escaped}"')
    return ".".join(parts)


@dataclass
class Report:
    """Problems found so far, as key paths and messages."""

    problems: list[tuple[KeyPath, str]] = field(default_factory=list)
    suggestions_left: int = SUGGESTION_BUDGET

    def add(self, path: KeyPath, message: str) -> None:
        self.problems.append((path, message))

    def suggest(self, word: str, choices: Iterable[str]) -> str:
        """`` (did you mean X?)`` for the closest choice, or an empty string."""
        if self.suggestions_left <= 0:
            return ""
        self.suggestions_left -= 1
        matches = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
        return f" (did you mean {matches[0]}?)" if matches else ""

    def not_one_of(self, path: KeyPath, value: str, what: str, choices: Iterable[str]) -> None:
        """Report ``value`` as not in ``choices`` with a suggestion, or the list when none is close."""
        options = list(choices)
        hint = self.suggest(value, options)
        if not hint:
            hint = f"; one of: {', '.join(options)}"
        self.add(path, f"'{value}' is not {what}{hint}")

    def dangling(self, path: KeyPath, what: str, value: str, existing: Mapping[str, Any]) -> None:
        """Report a reference to an id that is not defined."""
        self.add(path, f"no {what} '{value}'{self.suggest(value, existing)}")


# -- field kinds -------------------------------------------------------------
#: A field checker returns None when the value fits, else what was expected.
Checker = Callable[[Any], str | None]


def _is_str(value: Any) -> str | None:
    return None if isinstance(value, str) else "a string"


def _is_int(value: Any) -> str | None:
    return None if isinstance(value, int) and not isinstance(value, bool) else "an integer"


def _is_bool(value: Any) -> str | None:
    return None if isinstance(value, bool) else "a boolean"


def _is_table(value: Any) -> str | None:
    return None if isinstance(value, dict) else "a table"


def _is_str_list(value: Any) -> str | None:
    if not isinstance(value, list):
        return "an array of strings"
    for item in value:  # a plain loop: this runs for every room, item and NPC
        if not isinstance(item, str):
            return "an array of strings"
    return None


def _is_str_or_list(value: Any) -> str | None:
    if isinstance(value, str) or _is_str_list(value) is None:
        return None
    return "a string or an array of strings"


def _is_str_or_table(value: Any) -> str | None:
    return None if isinstance(value, (str, dict)) else "a string or a table"


def _is_table_list(value: Any) -> str | None:
    if isinstance(value, list) and all(isinstance(item, dict) for item in value):
        return None
    return "an array of tables"


def _is_str_or_bool(value: Any) -> str | None:
    return None if isinstance(value, (str, bool)) else "a string or a boolean"


def _is_any(value: Any) -> str | None:
    return None


STR: Checker = _is_str
INT: Checker = _is_int
BOOL: Checker = _is_bool
TABLE: Checker = _is_table
STR_LIST: Checker = _is_str_list
STR_OR_LIST: Checker = _is_str_or_list
STR_OR_TABLE: Checker = _is_str_or_table
ANY: Checker = _is_any
TABLE_LIST: Checker = _is_table_list
STR_OR_BOOL: Checker = _is_str_or_bool


def _wrong_type(expected: str, value: Any) -> str:
    if isinstance(value, list) and expected.startswith("an array of"):
        for index, item in enumerate(value, 1):
            if not isinstance(item, str):
                return f"expected {expected}, item {index} is {type_name(item)}"
    return f"expected {expected}, got {type_name(value)}"


def read_table(
    report: Report,
    path: KeyPath,
    table: Mapping[str, Any],
    spec: Mapping[str, Checker],
    required: tuple[str, ...] = (),
) -> Mapping[str, Any]:
    """The keys of ``table`` that are known to ``spec`` and of the right type: ``table`` itself when
    all are and no required key is missing (nearly always), else a new table of those that are.

    Reports unknown keys (with a did-you-mean against the known keys), values
    of the wrong type (naming the expected one) and missing required keys.
    """
    for key, value in table.items():
        checker = spec.get(key)
        if _EXACT.get(checker) is not type(value) and (checker is None or checker(value) is not None):
            return _read_with_problems(report, path, table, spec, required)
    for key in required:
        if key not in table:
            return _read_with_problems(report, path, table, spec, required)
    return table


#: The checkers a value passes exactly when it is of one type (met by the value's type alone, the
#: checker is not called: :func:`read_table` runs for every room, item and NPC of a big world).
_EXACT: dict[Checker | None, type] = {_is_str: str, _is_int: int, _is_bool: bool, _is_table: dict}


def _read_with_problems(report: Report, path: KeyPath, table: Mapping[str, Any], spec: Mapping[str, Checker],
                        required: tuple[str, ...]) -> dict[str, Any]:
    good: dict[str, Any] = {}
    for key, value in table.items():
        checker = spec.get(key)
        if checker is None:
            hint = report.suggest(key, spec) or f" (known keys: {', '.join(spec)})"
            report.add(path + (key,), f"unknown key{hint}")
            continue
        expected = checker(value)
        if expected is None:
            good[key] = value
        else:
            report.add(path + (key,), _wrong_type(expected, value))
    for key in required:
        if key not in table:
            report.add(path, f"missing required key '{key}'")
    return good


def as_table(report: Report, path: KeyPath, value: Any) -> dict[str, Any] | None:
    """``value`` if it is a table, else report the wrong type and return None."""
    if isinstance(value, dict):
        return value
    report.add(path, _wrong_type("a table", value))
    return None


def all_ids(values: Collection[str]) -> bool:
    """True when every value is a well-formed id (:data:`ID_PATTERN`).

    One match over them all, one a line (the ten thousand ids of a big world cost a
    fraction of a match each); a value holding a line break is no id.
    """
    if not values:
        return True
    lines = "\n".join(values)
    return lines.count("\n") == len(values) - 1 and _ID_LINES.match(lines) is not None


def check_id(report: Report, path: KeyPath, value: str, what: str) -> bool:
    """True if ``value`` is a well-formed id; otherwise report it with a corrected form."""
    if ID_PATTERN.match(value):
        return True
    fixed = "-".join(w for w in re.split(r"[^a-z0-9]+", value.lower()) if w)
    hint = f" (did you mean {fixed}?)" if fixed and fixed != value else ""
    report.add(path, f"{what} id '{value}' must be lowercase words joined by '-'{hint}")
    return False
