"""``wayfarer map``: rooms and links drawn as text, DOT and SVG, with start, goal, NPCs, items, locked and hidden ways."""
from __future__ import annotations

import re
import xml.dom.minidom
from pathlib import Path

import pytest

from game.cli import main
from game.mapping import layout
from game.paths import bundled_root
from game.world.content import Adventure
from game.world.loader import find_adventure, load_adventure
from tests.conftest import DATA


def test_text_map_draws_rooms_and_links(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["map", str(DATA / "tiny")]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[3] == "Goal: reach Vault, carry the blue gem."
    drawing = lines[5:10]
    assert drawing[0] == "[2 Well~]"
    assert drawing[1] == "  |"
    assert drawing[2].startswith("[1 Camp*]=") and drawing[2].endswith("[3 Vault@]")  # locked: =
    assert drawing[3] == "  :" and drawing[4] == "[4 Cellar]"  # down is drawn too (hidden: :)
    assert "2 Well (well) ~; NPCs: dune raider, old hermit" in lines
    assert "3 Vault (vault) @; items: blue gem@; ways: west (locked by brass-key)" in lines


def test_layout_follows_the_compass(tiny: Adventure) -> None:
    cells = layout(tiny)
    assert cells["camp"] == (0, 0) and cells["well"] == (0, -1) and cells["vault"] == (1, 0)
    assert len(set(cells.values())) == len(cells)


def test_dot_marks_start_goal_locked_and_hidden(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["map", str(DATA / "tiny"), "--format", "dot"]) == 0
    out = capsys.readouterr().out
    assert '"camp" [label="Camp *\\nitems: brass key, glass key, smooth stone", style=bold];' in out
    assert "peripheries=2" in out
    assert '"camp" -> "vault" [label="east (locked by brass-key)", color=red];' in out
    assert '"camp" -> "cellar" [label="down (hidden)", style=dashed];' in out


def test_svg_is_drawn_without_graphviz(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["map", str(DATA / "tiny"), "--format", "svg"]) == 0
    out = capsys.readouterr().out
    document = xml.dom.minidom.parseString(out)
    assert document.documentElement.tagName == "svg"
    texts = [node.firstChild.data for node in document.getElementsByTagName("text") if node.firstChild]
    assert "Camp *" in texts and "NPCs: dune raider, old…" in texts and "e locked" in texts
    assert "down hidden" in texts
    assert len(document.getElementsByTagName("rect")) == 5  # the background and four rooms


def test_a_map_is_drawn_when_check_finds_problems(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The map shows why a room cannot be reached: it is drawn, and the problems follow it, marked (exit 1)."""
    root = Path(__file__).resolve().parents[2]
    folder = tmp_path / "nobar"
    folder.mkdir()
    text = (root / "content" / "cloak-of-darkness" / "adventure.toml").read_text()
    text = text.replace('exits = { south = "bar", west = "cloakroom" }', 'exits = { west = "cloakroom" }')
    (folder / "adventure.toml").write_text(text.replace('exits = { north = "foyer" }\ntravel_minutes = 1\ndark',
                                                        'travel_minutes = 1\ndark'))
    bar_line = (folder / "adventure.toml").read_text().splitlines().index("[rooms.bar]") + 1
    assert main(["map", str(folder)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert "3 Foyer Bar (bar) @#" in lines
    assert lines[-2:] == ["1 problem (wayfarer check); the map shows the content as it loaded:",
                          f"! {folder}/adventure.toml:{bar_line}: rooms.bar: room 'bar' cannot be reached from the "
                          "start room 'foyer'"]
    assert main(["map", str(folder), "--format", "dot"]) == 1
    out, err = capsys.readouterr()
    assert out.startswith("digraph") and "! " not in out and "rooms.bar: room 'bar' cannot be reached" in err


def test_a_file_that_does_not_parse_gets_no_map(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "broken"
    folder.mkdir()
    (folder / "adventure.toml").write_text('[adventure]\nid = "x\n')
    assert main(["map", str(folder)]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.startswith(f"{folder}/adventure.toml:2:6: TOML syntax error: a string is not closed")


def test_a_map_says_which_triggers_win_the_adventure(capsys: pytest.CaptureFixture[str]) -> None:
    """Cloak of Darkness has no goal table: it is won by reading the message in the bar."""
    assert main(["map", "cloak-of-darkness"]) == 0
    assert capsys.readouterr().out.splitlines()[3] == "Goal: read or examine the message in Foyer Bar (triggers[5])."


def _svg_boxes_and_lines(text: str) -> tuple[list[tuple[int, int, int, int]], list[list[tuple[int, int]]]]:
    document = xml.dom.minidom.parseString(text)
    boxes = [tuple(int(float(r.getAttribute(k))) for k in ("x", "y", "width", "height"))
             for r in document.getElementsByTagName("rect") if r.getAttribute("rx")]
    lines = [[tuple(int(v) for v in point.split(",")) for point in p.getAttribute("points").split()]
             for p in document.getElementsByTagName("polyline")]
    return boxes, lines  # type: ignore[return-value]


def _crosses(box: tuple[int, int, int, int], a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Whether the segment a-b passes through the inside of the box (sampled along its length)."""
    x, y, w, h = box
    return any(x + 2 < a[0] + (b[0] - a[0]) * t / 50 < x + w - 2 and y + 2 < a[1] + (b[1] - a[1]) * t / 50 < y + h - 2
               for t in range(51))


@pytest.mark.parametrize("name", ["glass-oasis", "halcyon-drift", "cloak-of-darkness", str(DATA / "belfry"),
                                  str(DATA / "slab")])
def test_no_line_crosses_a_box_but_its_own_and_the_text_map_fits_100_columns(
        name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["map", name, "--format", "svg"]) == 0
    boxes, lines = _svg_boxes_and_lines(capsys.readouterr().out)
    for points in lines:
        ends = [b for b in boxes if any(_crosses(b, p, p) for p in (points[0], points[-1]))]
        for a, b in zip(points, points[1:], strict=False):
            assert not any(_crosses(box, a, b) for box in boxes if box not in ends), points
    assert main(["map", name]) == 0
    assert max(len(line) for line in capsys.readouterr().out.splitlines()) <= 100


def test_trigger_opened_ways_wanderers_and_dark_rooms_are_marked(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["map", str(DATA / "slab")]) == 0
    out = capsys.readouterr().out
    assert "+" in out.split("\n\n")[1]  # the slab, drawn as opened by a trigger
    assert "ways: down (opened by triggers[1])" in out
    assert main(["map", "halcyon-drift"]) == 0
    out = capsys.readouterr().out
    assert "Wanderers:" in out and "maintenance drone (passes)" in out
    assert main(["map", "cloak-of-darkness", "--format", "svg"]) == 0
    assert "Foyer Bar @#" in capsys.readouterr().out


def _generated(tmp_path: Path, theme: str, seed: int) -> Path:
    """A large generated adventure, written as ``wayfarer generate`` writes it (no certificate run)."""
    from game.generate.build import build
    from game.generate.emit import render, write_folder

    folder = tmp_path / f"{theme}-{seed}"
    write_folder(folder, render(build(seed, theme, "large"), None))
    return folder


_LABEL = re.compile(r"\[(\d+)(?: ([^\]]*?))?([*@~$#]*)\]")


@pytest.mark.parametrize("source", [("salt", 1), ("salt", 4), ("salt", 5), ("station", 1), ("station", 3),
                                    "glass-oasis", "halcyon-drift", "cloak-of-darkness", str(DATA / "belfry")],
                         ids=str)
def test_a_text_map_of_any_size_fits_100_columns_names_whole_words_and_draws_every_link(
        source: tuple[str, int] | str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Wide maps come in parts of whole columns (each repeating the last of the one before); a label
    keeps whole words of its room's name, or its number alone; a link no part draws is one that no
    drawing could (not straight between neighbours), or one that runs across a part's edge."""
    from game.mapping import _draw_part, _parts, links, text_parts

    folder = _generated(tmp_path, *source) if isinstance(source, tuple) else source
    assert main(["map", str(folder)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert max(len(line) for line in out) <= 100
    adventure = load_adventure(folder if isinstance(folder, Path) else find_adventure(folder, bundled_root()))
    names = {number: room.name for number, room in enumerate(adventure.rooms.values(), 1)}
    drawings, undrawn = text_parts(adventure)
    seen = set()
    for lines in drawings:
        for number, name, _ in _LABEL.findall("\n".join(lines)):
            full = names[int(number)]
            seen.add(int(number))
            shown = name.removesuffix("…")
            assert not name or full == shown or (name.endswith("…") and full.startswith(shown) and
                                     (full[len(shown)] in " -" or shown.endswith("-"))), (number, name, full)
    assert seen == set(names)
    cells = layout(adventure)
    whole = _draw_part(adventure, cells, dict(zip(adventure.rooms, names, strict=True)),
                       {x: 26 for x, _ in cells.values()}, links(adventure))[1]
    every = links(adventure)
    parts = _parts({x: 26 for x, _ in cells.values()})
    for link in undrawn:
        together = any(cells[link.room][0] in part and cells[link.exit.to][0] in part for part in parts)
        assert every.index(link) not in whole or not together, link
    assert ("Other links:" in out) == bool(undrawn)
