"""The system interface page lists exactly the hooks a system may override.

``docs/internals/system-interface.md`` is where a maintainer adding a system reads what to
supply: every public method of ``BasePlay`` not marked ``@final`` is a hook, and each has a
row in the page's tables under "The hooks"; a hook added, folded or made final without the
page following fails here, and so does the count the page states.
"""
from __future__ import annotations

import inspect
import re
from pathlib import Path

from game.narration import Narrator
from game.play.base import BasePlay

PAGE = Path(__file__).resolve().parent.parent / "docs" / "internals" / "system-interface.md"


def _public(cls: type, *, final: bool) -> set[str]:
    return {name for name, f in inspect.getmembers(cls, inspect.isfunction)
            if not name.startswith("_") and getattr(f, "__final__", False) is final}


def _rows(section: str) -> set[str]:
    """The names of the methods in the first column of the tables of ``section``."""
    return set(re.findall(r"^\| `(\w+)\(", section, flags=re.MULTILINE))


def test_every_hook_has_its_contract_on_the_page_and_no_more() -> None:
    text = PAGE.read_text(encoding="utf-8")
    hooks = text[text.index("## The hooks"):text.index("## Size")]
    assert _rows(hooks) == _public(BasePlay, final=False)


def test_the_page_states_the_count() -> None:
    text = PAGE.read_text(encoding="utf-8")
    size = text[text.index("## Size"):]
    count = len(_public(BasePlay, final=False))
    assert size.startswith(f"## Size, and what comes next\n\n{count} hooks a system may override")


def test_the_narrator_questions_on_the_page_are_the_narrators() -> None:
    text = PAGE.read_text(encoding="utf-8")
    intro = text[:text.index("## The hooks")]
    assert _rows(intro) <= set(dir(Narrator))
    assert {"weapon_line", "world_roll"} <= _rows(intro)
