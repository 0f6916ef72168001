"""Text hygiene: nothing from content or input reaches the terminal as a control sequence.

:data:`CONTROL` matches every character that a terminal may act on rather than
show, except newline and tab: the Unicode categories Cc (C0 and C1 controls,
ESC and so CSI/OSC sequences, DEL, the single-byte CSI ``\x9b``), Cf (format
characters: bidi embeddings, overrides and isolates, zero-width characters,
the BOM, interlinear annotations, tag characters), Cs (lone surrogates, which
cannot even be encoded) and Zl/Zp (line and paragraph separators).  The
ranges are Unicode 14 (Python 3.11); ``tests/robustness`` checks them against
:mod:`unicodedata`.
"""
from __future__ import annotations

import re
import textwrap

CONTROL = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\xad\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u180e"
    "\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ud800-\udfff\ufeff\ufff9-\ufffb"
    "\U000110bd\U000110cd\U00013430-\U00013438\U0001bca0-\U0001bca3\U0001d173-\U0001d17a"
    "\U000e0001\U000e0020-\U000e007f]"
)
_CONTROL = CONTROL
#: The same characters and newline and tab too: nothing that breaks a one-line message.
_UNPRINTABLE = re.compile(f"[\t\n{CONTROL.pattern[1:-1]}]")


def clean(text: str) -> str:
    """Remove control, format and bidi characters (see :data:`CONTROL`); keep newlines and tabs."""
    return _CONTROL.sub("", text)


def escape_controls(text: str) -> str:
    """One printable line: every control character (newline and tab too) written as ``\\uXXXX``.

    For messages that quote what an author or a player wrote, where silently
    dropping a character would hide the very thing that is wrong.
    """
    return _UNPRINTABLE.sub(lambda m: f"\\u{ord(m.group()):04x}" if ord(m.group()) < 0x10000
                            else f"\\U{ord(m.group()):08x}", text)


def clean_line(text: str) -> str:
    """One line of player input, stripped of control characters and surrounding space."""
    return _CONTROL.sub("", text.replace("\t", " ").replace("\n", " ")).strip()


def wrap(text: str, width: int) -> str:
    """Wrap each paragraph of ``text`` to ``width`` columns, keeping blank lines."""
    if width < 20:
        width = 20
    out = []
    for paragraph in text.split("\n"):
        if not paragraph.strip():
            out.append("")
            continue
        indent = paragraph[: len(paragraph) - len(paragraph.lstrip())]
        out.append(textwrap.fill(paragraph.strip(), width=width, initial_indent=indent,
                                 subsequent_indent=indent, break_on_hyphens=False))
    return "\n".join(out)


def join_names(names: list[str], conjunction: str = "and") -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if not names:
        return "nothing"
    if len(names) == 1:
        return names[0]
    return f"{', '.join(names[:-1])} {conjunction} {names[-1]}"


def capital(text: str) -> str:
    """The text with its first letter upper-cased and the rest left alone."""
    return text[:1].upper() + text[1:]


def article(name: str) -> str:
    """``a`` or ``an`` before a name, or nothing for plural-looking and proper names."""
    if name[:1].isupper():
        return name
    return f"an {name}" if name[:1].lower() in "aeiou" else f"a {name}"
