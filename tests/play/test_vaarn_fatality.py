"""A FATALITY on the Vaarn wound chart says the player's death once."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from game.engine import Engine
from game.rules.registry import get_system
from game.world.loader import load_adventure

ADVENTURE = """
[adventure]
id = "fatality-test"
title = "A Fatal Blow"
version = "1.0.0"
start = "yard"
system = "vaarn"
intro = "A test."
goal = { reach = "tower" }

[rooms.yard]
name = "Yard"
description = "A yard."
exits = { north = "tower" }
npcs = ["brute"]

[rooms.tower]
name = "Tower"
description = "The end."
exits = { south = "yard" }

[npcs.brute]
name = "brute"
disposition = "hostile"
behaviour = "aggressive"
tier = 5
"""


def test_a_fatality_says_you_are_dead_once(tmp_path: Path) -> None:
    (tmp_path / "adventure.toml").write_text(ADVENTURE, encoding="utf-8")
    adventure = load_adventure(tmp_path)
    for seed in range(1, 40):
        engine = Engine.new_game(adventure, get_system("vaarn"), seed)
        engine.state.player = replace(engine.state.player, hp=-19)  # the next blow goes past -20
        lines = [line for _ in range(6) for line in engine.submit("wait").lines]
        if any(line.startswith("Wound 20, FATALITY") for line in lines):
            assert "Wound 20, FATALITY." in lines
            assert lines.count("You are dead.") == 1, lines
            assert "You never get to act." not in lines, "a death says itself"
            assert engine.state.status == "dead"
            return
    raise AssertionError("no seed brought a FATALITY")
