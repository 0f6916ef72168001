"""The README and docs/ stay readable and true: links that lead somewhere, pages of a size a
reader finishes, tables of sentences, and notes that point at nothing outside the project.

Each page is for one reader (README, docs/playing.md, docs/rules/ for players; the rest for
authors and maintainers); the limits below are what keeps them so as the game grows.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = sorted([ROOT / "README.md", *(ROOT / "docs").rglob("*.md"), ROOT / "benchmarks" / "README.md"])
RULES_PAGES = sorted((ROOT / "docs" / "rules").glob("*.md"))
GAME_SOURCES = sorted((ROOT / "game").rglob("*.py"))

#: ``[text](target)``, the target without a title; images and autolinks alike.
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
#: Notes that point at nothing a reader of the project can open: issue numbers, the design
#: documents kept outside the project, dated history (history lives in git).
STALE = re.compile(r"\bissues? #?\d+|PRODUCT §|PRODUCT\.md|RULES-NOTES|\.\./shared|/work/shared|Closed since|this morning"
                   r"|\b20\d\d-\d\d-\d\d\b", re.IGNORECASE)


def _name(path: Path) -> str:
    return str(path.relative_to(ROOT))


def _without_code(text: str) -> str:
    """The page with its fenced code blocks and inline code left out (links there are examples)."""
    text = re.sub(r"^```.*?^```", "", text, flags=re.MULTILINE | re.DOTALL)
    return re.sub(r"`[^`\n]*`", "", text)


def _anchors(page: Path) -> set[str]:
    """The anchors a Markdown renderer makes of a page's headings (GitHub's rule)."""
    anchors = set()
    for line in _without_code(page.read_text(encoding="utf-8")).splitlines() + [
            line for line in page.read_text(encoding="utf-8").splitlines() if line.startswith("#")]:
        if line.startswith("#"):
            heading = line.lstrip("#").strip().lower()
            anchors.add(re.sub(r"[^\w\- ]", "", heading).replace(" ", "-"))
    return anchors


def _links(page: Path) -> list[str]:
    return [target for target in LINK.findall(_without_code(page.read_text(encoding="utf-8")))
            if not re.match(r"[a-z]+:", target)]


@pytest.mark.parametrize("page", PAGES, ids=_name)
def test_every_relative_link_leads_to_a_file_and_heading_that_exist(page: Path) -> None:
    broken = []
    for target in _links(page):
        path, _, anchor = target.partition("#")
        where = (page.parent / path).resolve() if path else page
        if not where.exists():
            broken.append(target)
        elif anchor and where.is_file() and where.suffix == ".md" and anchor not in _anchors(where):
            broken.append(target)
    assert broken == [], f"{_name(page)} links to what does not exist: {broken}"


def test_the_link_check_catches_a_broken_link(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    (tmp_path / "there.md").write_text("# A heading\n", encoding="utf-8")
    page.write_text("[ok](there.md#a-heading) [gone](missing.md) [bad](there.md#nowhere) `[code](x.md)`\n",
                    encoding="utf-8")
    assert _links(page) == ["there.md#a-heading", "missing.md", "there.md#nowhere"]
    assert _anchors(tmp_path / "there.md") == {"a-heading"}


def test_the_readme_is_read_to_the_end() -> None:
    size = len((ROOT / "README.md").read_bytes())
    assert size <= 10 * 1024, f"README.md is {size} bytes; a player reads 10 KB at most: move detail to docs/"


@pytest.mark.parametrize("page", RULES_PAGES, ids=_name)
def test_a_rules_page_is_a_players_page(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    assert len(text.encode()) <= 12 * 1024, f"{_name(page)}: over 12 KB; the code's side goes to docs/internals/"
    headings = [line for line in text.splitlines() if line.startswith("## ")]
    assert headings == ["## At the table", "## What each roll means", "## House rules and the options that switch them",
                        "## NPCs by tier"], f"{_name(page)} is not in the shape of the other rules pages"
    assert (ROOT / "docs" / "internals" / page.name).exists(), f"{_name(page)} has no maintainer's notes"


@pytest.mark.parametrize("page", PAGES, ids=_name)
def test_no_table_cell_runs_past_a_sentence_or_two(page: Path) -> None:
    long = [(number, len(cell.strip())) for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1)
            if line.startswith("|") for cell in line.strip().strip("|").split("|") if len(cell.strip()) > 300]
    assert long == [], f"{_name(page)}: table cells over 300 characters (line, length): {long}"


@pytest.mark.parametrize("path", [*PAGES, *GAME_SOURCES], ids=_name)
def test_notes_point_at_nothing_outside_the_project(path: Path) -> None:
    found = sorted({match.group(0) for match in STALE.finditer(path.read_text(encoding="utf-8"))})
    assert found == [], f"{_name(path)} cites {found}: history lives in git, the project stands alone"
