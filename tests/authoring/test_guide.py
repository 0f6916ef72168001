"""The authoring guide documents every key the loader reads, and the project points nowhere outside itself."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.authoring.schema import loader_specs

ROOT = Path(__file__).resolve().parents[2]
GUIDE = (ROOT / "docs" / "authoring.md").read_text()


@pytest.mark.parametrize("spec", ["adventure", "goal", "player", "room", "exit", "item", "npc", "region", "check",
                                  "trigger", "when"])
def test_every_key_of_the_loader_is_in_the_guides_reference(spec: str) -> None:
    reference = GUIDE[GUIDE.index("## 16. Every key"):]
    keys = [key for key in loader_specs()[spec] if key not in ("open_adventures", "vaarn", "opend6", "bind", "maelstrom")]
    missing = [key for key in keys if f"`{key}`" not in reference]
    assert missing == [], f"docs/authoring.md §16 lacks {spec} keys {missing}"


def test_the_readme_links_the_guide_and_nothing_outside_the_project() -> None:
    readme = (ROOT / "README.md").read_text()
    assert "(docs/authoring.md)" in readme
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]:
        assert not re.search(r"\.\./shared|shared/design|PRODUCT\.md", path.read_text()), path
