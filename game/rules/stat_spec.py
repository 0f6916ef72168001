"""The declared keys of a system's content stat tables (``[player.stats.<id>]``,
``[npcs.X.stats.<id>]``): one source for the system's own check and for ``wayfarer schema``.

Each system's rules module exposes ``PLAYER_STATS`` and ``NPC_STATS`` (a :data:`StatTable`),
and the code that turns a table into a sheet asks :func:`unknown` and :meth:`Stat.problem`
(or reads the declared bounds) rather than lists of its own; the schema is generated from
the same tables, so the two cannot name different keys or bounds.  A system's deeper rules
(a die code that parses, an attack list, a specialization above its skill) stay in its
code: a :class:`Stat` says what JSON Schema can say.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Any, Literal, NamedTuple

#: What a key holds: a whole number, true/false, a word or text, an OpenD6-style die code
#: (``3D+1`` or a number of dice), a list of words, a table of fixed keys, a table of any names.
StatKind = Literal["int", "bool", "text", "code", "words", "table", "entries"]

#: A content die as ``d8``, ``2d6``, ``d4+1``.
DIE_REGEX = r"^([1-9][0-9]?)?d(2|3|4|6|8|10|12|20|100)([+-][0-9]+)?$"
#: A die code as ``3D+1``, ``4D``, ``2d-1`` (OpenD6's form).
DIE_CODE_REGEX = r"^\s*[0-9]+\s*[dD]\s*([+-]\s*[0-9]+)?\s*$"


#: A ``table`` with no keys of its own (the default).
_NO_KEYS: Mapping[str, Stat] = MappingProxyType({})


class Stat(NamedTuple):
    """One key of a stat table (a named tuple: every start builds the tables of the system in play,
    and this costs a fraction of a frozen dataclass).

    ``low``/``high`` bound an ``int`` (or a ``code`` given as a number of dice); ``choices``
    lists a ``text`` key's values; ``keys`` is a ``table``'s own keys; ``value`` is what
    each entry of an ``entries`` table holds (an alternative ``value_or`` too, for
    OpenD6's short and long specialization forms), ``names`` a regex its names match.
    ``words_or_one`` lets ``words`` be written as one word; ``pattern`` is a regex a
    ``text`` value matches (JSON Schema's dialect, which Python's ``re`` reads too).
    """

    kind: StatKind
    low: int | None = None
    high: int | None = None
    choices: tuple[str, ...] = ()
    keys: Mapping[str, Stat] = _NO_KEYS
    value: Stat | None = None
    value_or: Stat | None = None
    names: str | None = None
    required: tuple[str, ...] = ()
    words_or_one: bool = False
    pattern: str | None = None

    def problem(self, value: Any) -> str | None:
        """Why ``value`` is not of this key's kind or within its bounds (a plain reason), or None."""
        if self.kind in ("int", "code") and isinstance(value, int) and not isinstance(value, bool):
            return _range_problem(value, self.low, self.high)
        if self.kind == "int":
            return "expected a whole number"
        if self.kind == "code":
            return None if isinstance(value, str) and re.match(DIE_CODE_REGEX, value) else \
                "expected a die code like 3D+1"
        if self.kind == "bool":
            return None if isinstance(value, bool) else "expected true or false"
        if self.kind == "text":
            if not isinstance(value, str) or not value:
                return "expected a word"
            if self.pattern and not re.match(self.pattern, value):
                return "not in the expected form"
            return None if not self.choices or value in self.choices else f"expected one of {', '.join(self.choices)}"
        if self.kind == "words":
            if self.words_or_one and isinstance(value, str):
                return None
            return None if isinstance(value, list) and all(isinstance(v, str) for v in value) else \
                "expected a list of words"
        return None if isinstance(value, Mapping) else "expected a table"


def _range_problem(value: int, low: int | None, high: int | None) -> str | None:
    if low is not None and high is not None and not low <= value <= high:
        return f"expected a whole number from {low} to {high}"
    if low is not None and value < low:
        return f"expected a whole number of at least {low}"
    if high is not None and value > high:
        return f"expected a whole number of at most {high}"
    return None


#: A stat table's keys and what each holds.
StatTable = Mapping[str, Stat]


def unknown(table: StatTable, key: object) -> bool:
    """Whether ``key`` is not one the table declares."""
    return str(key) not in table


def ints(names: Iterable[str], low: int | None = None, high: int | None = None) -> dict[str, Stat]:
    """The same whole-number key for each name."""
    return {name: Stat("int", low, high) for name in names}
