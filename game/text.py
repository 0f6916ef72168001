"""Text hygiene: nothing from content or input reaches the terminal as a control sequence."""
from __future__ import annotations

import re
import textwrap

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2066-\u2069]")


def clean(text: str) -> str:
    """Remove control and bidi-override characters; keep newlines and tabs."""
    return _CONTROL.sub("", text)


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
