"""``wayfarer map``: rooms and links drawn as text, DOT and SVG, with start, goal, NPCs, items, locked and hidden ways."""
from __future__ import annotations

import xml.dom.minidom
from pathlib import Path

import pytest

from game.cli import main
from game.mapping import layout
from game.world.content import Adventure
from tests.conftest import DATA


def test_text_map_draws_rooms_and_links(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["map", str(DATA / "tiny")]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1] == "Goal: reach Vault, carry the blue gem."
    drawing = lines[3:6]
    assert drawing[0] == "[2 Well~]"
    assert drawing[1] == "  |"
    assert drawing[2].startswith("[1 Camp*]=") and drawing[2].endswith("[3 Vault@]")  # locked: =
    assert "2 Well (well) ~; NPCs: dune raider, old hermit" in lines
    assert "3 Vault (vault) @; items: blue gem@; ways: west (locked by brass-key)" in lines
    assert "  1 Camp down (hidden) -> 4 Cellar / up" in lines


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
    assert "Camp *" in texts and "NPCs: dune raider, old hermit" in texts and "east (locked)" in texts
    assert len(document.getElementsByTagName("rect")) == 4


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
    assert "3 Foyer Bar (bar)" in lines
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
    assert capsys.readouterr().out.splitlines()[1] == "Won by triggers[5]: read or examine message in Foyer Bar."
