"""``wayfarer map``: rooms and links drawn as text, DOT and SVG, with start, goal, NPCs, items, locked and hidden ways."""
from __future__ import annotations

import xml.dom.minidom

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
