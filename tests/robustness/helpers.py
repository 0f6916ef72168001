"""Shared helpers of the robustness tests."""
from __future__ import annotations

import os
import unicodedata
from pathlib import Path

#: Unicode categories no output may contain (newline and tab excepted): controls, format, surrogates, separators.
FORBIDDEN_CATEGORIES = ("Cc", "Cf", "Cs", "Zl", "Zp")


def forbidden_characters(text: str) -> list[str]:
    """The characters of ``text`` a terminal could act on (everything in FORBIDDEN_CATEGORIES but \\n and \\t)."""
    return sorted({f"U+{ord(c):04X}" for c in text
                   if c not in "\n\t" and unicodedata.category(c) in FORBIDDEN_CATEGORIES})


def tree(root: Path) -> dict[str, tuple[str, bytes | str]]:
    """Every entry under ``root`` (links not followed) -> (kind, content or link target)."""
    entries: dict[str, tuple[str, bytes | str]] = {}
    for folder, dirs, files in os.walk(root, followlinks=False):
        for name in dirs + files:
            path = Path(folder) / name
            key = str(path.relative_to(root))
            if path.is_symlink():
                entries[key] = ("link", os.readlink(path))
            elif path.is_dir():
                entries[key] = ("dir", b"")
            else:
                entries[key] = ("file", path.read_bytes())
    return entries


def size(slow: bool, default: int, full: int) -> int:
    """The size of a campaign: ``full`` under ``pytest --slow``, else ``default``."""
    return full if slow else default
