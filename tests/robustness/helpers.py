"""Shared helpers of the robustness tests."""
from __future__ import annotations

import os
import unicodedata
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.engine import Engine

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


def new_engine(system: str = "vaarn", saves: Path | None = None, seed: int = 3, adventure: str = "tiny") -> Engine:
    """A new run of a test adventure (``tests/data/<adventure>``, or a bundled id) under ``system``."""
    from game.engine import Engine
    from game.paths import bundled_root
    from game.rules.registry import get_system
    from game.saves import SaveStore
    from game.world.loader import find_adventure, load_adventure

    data = Path(__file__).parent.parent / "data" / adventure
    loaded = load_adventure(data if data.is_dir() else find_adventure(adventure, bundled_root()))
    store = SaveStore(saves, loaded) if saves is not None else None
    return Engine.new_game(loaded, get_system(system, loaded.rules.get(system, {})), seed, saves=store)
