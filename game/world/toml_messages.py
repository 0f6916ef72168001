"""``tomllib``'s syntax errors in plain words, at the place an author should look.

``tomllib`` says what its parser expected ("Illegal character '\\n'", "Cannot
overwrite a value"); an author needs what is wrong in their text ("a string is
not closed on this line").  :func:`plain_syntax_error` turns the messages an
author meets into such sentences, and moves the position where the parser's
is unhelpful: a string left open is shown where it starts, not at the end of
the line or of the file.  A message not known here is kept as ``tomllib`` wrote it.
"""
from __future__ import annotations

import ast
import re
import tomllib

from game.world.toml_locate import syntax_position

#: Where a string starts, or a comment (skipped), outside any string.
_OPENERS = re.compile(r'"""|\'\'\'|"|\'|#')
_CLOSERS = {'"""': re.compile(r'(?:\\[\s\S]|[^\\])*?"""'), "'''": re.compile(r"[\s\S]*?'''"),
            '"': re.compile(r'(?:\\.|[^"\\\n])*"'), "'": re.compile(r"[^'\n]*'")}
_DECLARED_TWICE = re.compile(r"Cannot declare \((.*)\) twice")
_ILLEGAL = re.compile(r"(?:Illegal|Found invalid) character '(.*)'")
_INLINE_DUPLICATE = re.compile(r"Duplicate inline table key '(.*)'")

#: What ``tomllib`` says of a string left open (at its line's end, or at the end of the file).
_STRING_LEFT_OPEN = frozenset({"Unterminated string", "Expected \"'\"", "Expected \"'''\"",
                               "Illegal character '\\n'", "Found invalid character '\\n'"})
_ARRAY_HEADER = ("an [[array]] header is not closed: write [[name]] with its ']]' on the same line")
_TABLE_HEADER = "a [table] header is not closed: write [name] with its ']' on the same line"


def plain_syntax_error(text: str, error: tomllib.TOMLDecodeError) -> tuple[int, int, str]:
    """Line, column and a plain message for a ``tomllib`` error in ``text``."""
    line, col, message = syntax_position(text, error)
    lines = text.split("\n")
    here = lines[line - 1] if 0 < line <= len(lines) else ""
    if message in _STRING_LEFT_OPEN:
        opened = _open_string(text)
        if opened is not None:
            start_line, start_col, quote = opened
            if len(quote) == 3:
                return start_line, start_col, (f"a {quote}...{quote} string starts here and is never closed "
                                               f"(it runs to the end of the file)")
            return start_line, start_col, (f"a string is not closed on this line: end it with {quote} (a "
                                           f"{quote}...{quote} string must end on the line it starts; "
                                           f"use {quote * 3} for text over several lines)")
    if message == "Cannot overwrite a value" or message.startswith("Cannot declare"):
        col = len(here) - len(here.lstrip()) + 1  # at the key or header, not past its value
    return line, col, _plain(message, here, col)


def _plain(message: str, here: str, col: int) -> str:
    """The plain sentence for ``message``, found at column ``col`` of the line ``here``."""
    at = here[col - 1:col] if col >= 1 else ""
    fixed = {
        "Expected ']' at the end of a table declaration": _TABLE_HEADER,
        "Expected ']]' at the end of an array declaration": _ARRAY_HEADER,
        "Expected '=' after a key in a key/value pair": ("expected '=' after the key: write key = value (a key "
                                                         "with spaces or other signs goes in quotes: \"my key\" = 1)"),
        "Unclosed array": ("an array is not closed, or two of its values have no comma between them: "
                           "write [\"a\", \"b\"]"),
        "Unclosed inline table": ("an inline table { ... } is not closed on this line (it must fit on one line; "
                                  "use a [table] section for more)"),
        "Expected newline or end of document after a statement": (
            "unexpected text after the value: one key = value a line (text goes in quotes, a number has no "
            "leading 0, a date must be a real date)"),
        "Unescaped '\\' in a string": ("a backslash in a \"...\" string starts an escape (\\n, \\t, \\\"): "
                                       "write \\\\ for a backslash, or use '...' quotes"),
        "Invalid statement": "a line must be key = value, a [table] header or an [[array]] header",
        "Cannot overwrite a value": _overwrite(here),
        "Invalid value": _invalid_value(here, col),
    }
    if message in fixed:
        return fixed[message]
    if message == "Invalid initial character for a key part":
        if at == "}":
            return "an inline table { ... } may not end with a comma"
        if not at.strip():
            return "an inline table { ... } must be written on one line (use a [table] section for more)"
        return f"a key cannot start with '{at}' here (put such a key in quotes: \"{at}...\" = 1)"
    declared = _DECLARED_TWICE.match(message)
    if declared:
        name = ".".join(part.strip().strip("'\"") for part in declared.group(1).split(",") if part.strip())
        return f"the table [{name}] is already defined above: declare each table once, with all its keys under it"
    duplicate = _INLINE_DUPLICATE.match(message)
    if duplicate:
        return f"the key '{duplicate.group(1)}' is given twice in this inline table"
    illegal = _ILLEGAL.match(message)
    if illegal:
        code = _code_point(illegal.group(1))
        return (f"a control character (U+{code:04X}) cannot be written in the text: "
                f"in a \"...\" string write it as \\u{code:04X}, or remove it")
    return message


def _code_point(written: str) -> int:
    """The character ``tomllib`` wrote as ``repr`` shows it (``\\x01``), as a number."""
    try:
        value = ast.literal_eval(f"'{written}'")
    except (ValueError, SyntaxError):
        return 0
    return ord(value) if isinstance(value, str) and len(value) == 1 else 0


def _overwrite(here: str) -> str:
    header = re.match(r"\s*\[\[?\s*([^\]]+?)\s*\]", here)
    if header:
        return f"'{header.group(1)}' is already defined above (as a value or a table): define each name once"
    key = re.match(r"\s*([^=]+?)\s*=", here)
    name = key.group(1).strip("\"'") if key else "this key"
    return f"the key '{name}' is set twice, or under a key that already has a value: set each key once"


def _invalid_value(here: str, col: int) -> str:
    word = re.match(r"[^\s,\]}#]*", here[col - 1:] if col >= 1 else "")
    found = word.group() if word else ""
    if not found:
        return "a value is missing after '=' (text goes in quotes: name = \"Camp\")"
    if found.lower() in ("true", "false"):
        return f"'{found}' is not a value: true and false are written in lowercase"
    return f"'{found}' is not a value: text goes in quotes (\"{found}\"); numbers, true and false do not"


def _open_string(text: str) -> tuple[int, int, str] | None:
    """Line, column and quote of the first string that is not closed (None when every one is)."""
    pos = 0
    while True:
        opener = _OPENERS.search(text, pos)
        if opener is None:
            return None
        quote = opener.group()
        if quote == "#":
            end = text.find("\n", opener.end())
            if end < 0:
                return None
            pos = end + 1
            continue
        closed = _CLOSERS[quote].match(text, opener.end())
        if closed is None:
            start = opener.start()
            line = text.count("\n", 0, start) + 1
            return line, start - (text.rfind("\n", 0, start) + 1) + 1, quote
        pos = closed.end()
