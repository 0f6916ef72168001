"""A room's text follows the world: once a shut way of the chain is open, the room no longer says it is
shut (the player who unlocked the hatch does not read "The way north ends at the hatch, sealed")."""
from __future__ import annotations

from pathlib import Path

import pytest

from game.engine import Engine
from game.generate.build import build
from game.generate.emit import render, room_ids, write_folder
from game.rules.registry import get_system
from game.world.loader import load_adventure


@pytest.mark.parametrize("theme", ["salt", "station"])
def test_an_opened_way_reads_open_in_the_rooms_text(tmp_path: Path, theme: str) -> None:
    blueprint = build(3, theme, "medium")
    write_folder(tmp_path, render(blueprint, None))
    ids = room_ids(blueprint)
    shut = [(ids[plan_id], sentence, direction) for plan_id, room in blueprint.rooms.items()
            for sentence, (direction, _opened) in room.shut_features.items()]
    assert shut, "seed 3 has a shut way"
    engine = Engine.new_game(load_adventure(tmp_path), get_system("vaarn"), 1)
    for room_id, sentence, direction in shut:
        engine.state.room = room_id
        assert sentence in " ".join(engine.look_lines())
        engine.state.opened.add(engine.world.exit_key(room_id, direction))
        seen = " ".join(engine.look_lines())
        assert sentence not in seen and "stands open" in seen, seen
