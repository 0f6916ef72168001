"""Where things are in a TOML text: key paths to line numbers, and syntax-error positions.

``tomllib`` gives values without positions, so problem reports need a second,
lenient look at the text.  :func:`key_lines` is that look: a small tokenizer
and recursive scanner that records, for every key path it meets, the line where
the key is first written — table headers (``[rooms.dune-camp]``), dotted keys
(``exits.north = ...``) and keys inside inline tables (``exits = { north = ... }``).
Array elements get their index as a path part (``"0"``, ``"1"``, ...).

It only ever runs on text that ``tomllib`` already accepted, and only when
there is a problem to report, so it favours simplicity over speed; it never
raises on odd input (it just records less), nesting too deep for it included.
"""
from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping

KeyPath = tuple[str, ...]

_TOKEN = re.compile(
    r'''(?P<nl>\r?\n)
      | (?P<ws>[ \t]+)
      | (?P<comment>\#[^\n]*)
      | (?P<mlbasic>"""(?:\\[\s\S]|[^\\])*?"""(?:""?)?)
      | (?P<mlliteral>\'\'\'[\s\S]*?\'\'\'(?:\'\'?)?)
      | (?P<basic>"(?:\\.|[^"\\\n])*")
      | (?P<literal>'[^'\n]*')
      | (?P<punct>[\[\]{}=,.])
      | (?P<bare>[A-Za-z0-9_+\-:]+)
      | (?P<other>.)''',
    re.VERBOSE,
)

_SYNTAX_POSITION = re.compile(r"\s*\(at line (\d+), column (\d+)\)\s*$")
_SYNTAX_END = re.compile(r"\s*\(at end of document\)\s*$")

Token = tuple[str, str, int]  # kind, text, line


def _tokens(text: str) -> list[Token]:
    """Significant tokens with their line numbers (whitespace and comments dropped, newlines kept)."""
    out: list[Token] = []
    line = 1
    for match in _TOKEN.finditer(text):
        kind = match.lastgroup or "other"
        value = match.group()
        if kind not in ("ws", "comment"):
            out.append((kind, value, line))
        line += value.count("\n")
    return out


def _key_text(kind: str, value: str) -> str:
    """The key a bare or quoted key token stands for."""
    if kind == "literal":
        return value[1:-1]
    if kind == "basic":
        if "\\" not in value:
            return value[1:-1]
        try:
            return str(tomllib.loads(f"k = {value}")["k"])
        except tomllib.TOMLDecodeError:
            return value[1:-1]
    return value


class _Scanner:
    """Walks the tokens of one document, recording key paths and their lines."""

    def __init__(self, tokens: list[Token]) -> None:
        self.tokens = tokens
        self.pos = 0
        self.lines: dict[KeyPath, int] = {}
        self.table_counts: dict[KeyPath, int] = {}

    # -- helpers ---------------------------------------------------------------
    def _peek(self) -> Token | None:
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def _skip_newlines(self) -> None:
        while self.pos < len(self.tokens) and self.tokens[self.pos][0] == "nl":
            self.pos += 1

    def _record(self, path: KeyPath, line: int) -> None:
        for end in range(1, len(path) + 1):
            self.lines.setdefault(path[:end], line)

    def _read_key(self, stop: str) -> tuple[KeyPath, int]:
        """A dotted key up to (not including) ``stop``; returns its parts and first line."""
        parts: list[str] = []
        line = 0
        while self.pos < len(self.tokens):
            kind, value, tok_line = self.tokens[self.pos]
            if kind == "nl" or (kind == "punct" and value in (stop, "]", "}", ",", "=")):
                break
            if not line:
                line = tok_line
            if not (kind == "punct" and value == "."):
                parts.append(_key_text(kind, value))
            self.pos += 1
        return tuple(parts), line

    def _expect(self, value: str) -> bool:
        token = self._peek()
        if token is not None and token[0] == "punct" and token[1] == value:
            self.pos += 1
            return True
        return False

    # -- grammar ---------------------------------------------------------------
    def scan(self) -> dict[KeyPath, int]:
        table: KeyPath = ()
        while self.pos < len(self.tokens):
            self._skip_newlines()
            token = self._peek()
            if token is None:
                break
            if token[0] == "punct" and token[1] == "[":
                table = self._header()
            else:
                self._key_value(table)
            self._skip_to_newline()
        return self.lines

    def _skip_to_newline(self) -> None:
        while self.pos < len(self.tokens) and self.tokens[self.pos][0] != "nl":
            self.pos += 1

    def _header(self) -> KeyPath:
        self.pos += 1
        array = self._expect("[")
        path, line = self._read_key("]")
        line = line or self.tokens[self.pos - 1][2]
        if array:
            index = self.table_counts.get(path, 0)
            self.table_counts[path] = index + 1
            self._record(path, line)
            path = path + (str(index),)
        self._record(path, line)
        return path

    def _key_value(self, table: KeyPath) -> None:
        key, line = self._read_key("=")
        if not key:
            self.pos += 1
            return
        path = table + key
        self._record(path, line)
        if self._expect("="):
            self._value(path)

    def _value(self, path: KeyPath) -> None:
        token = self._peek()
        if token is None:
            return
        if token[0] == "punct" and token[1] == "{":
            self.pos += 1
            self._inline_table(path)
        elif token[0] == "punct" and token[1] == "[":
            self.pos += 1
            self._array(path)
        else:
            self._scalar()

    def _scalar(self) -> None:
        while self.pos < len(self.tokens):
            kind, value, _ = self.tokens[self.pos]
            if kind == "nl" or (kind == "punct" and value in (",", "]", "}")):
                return
            self.pos += 1

    def _inline_table(self, path: KeyPath) -> None:
        while self.pos < len(self.tokens):
            self._skip_newlines()
            if self._expect("}"):
                return
            if self._expect(","):
                continue
            key, line = self._read_key("=")
            if not key:
                self.pos += 1
                continue
            self._record(path + key, line)
            if self._expect("="):
                self._value(path + key)

    def _array(self, path: KeyPath) -> None:
        index = 0
        while self.pos < len(self.tokens):
            self._skip_newlines()
            if self._expect("]"):
                return
            if self._expect(","):
                continue
            token = self.tokens[self.pos]
            self._record(path + (str(index),), token[2])
            before = self.pos
            self._value(path + (str(index),))
            if self.pos == before:
                self.pos += 1
            index += 1


def key_lines(text: str) -> dict[KeyPath, int]:
    """Map every key path written in ``text`` to the line where it first appears.

    Values nested too deeply for the recursive scanner end the scan early: the
    paths recorded so far are kept (the loader refuses such nesting anyway).
    """
    scanner = _Scanner(_tokens(text))
    try:
        return scanner.scan()
    except RecursionError:
        return scanner.lines


def line_of(lines: Mapping[KeyPath, int], path: KeyPath) -> int:
    """The line of ``path``, else of its nearest written ancestor (its table), else 1."""
    for end in range(len(path), 0, -1):
        line = lines.get(path[:end])
        if line is not None:
            return line
    return 1


def syntax_position(text: str, error: tomllib.TOMLDecodeError) -> tuple[int, int, str]:
    """Line, column and bare message of a ``tomllib`` error (Python 3.11 only has them in the text)."""
    message = str(error)
    match = _SYNTAX_POSITION.search(message)
    if match:
        return int(match.group(1)), int(match.group(2)), message[: match.start()]
    match = _SYNTAX_END.search(message)
    if match:
        lines = text.split("\n")
        return len(lines), len(lines[-1]) + 1, message[: match.start()]
    return 1, 1, message
