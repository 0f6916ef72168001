"""A room's text follows the world: once a shut way of the chain is open, the room no longer says it is
shut (the player who unlocked the hatch does not read "The way north ends at the hatch, sealed")."""
from __future__ import annotations

from pathlib import Path

import pytest

from game.engine import Engine
from game.generate.build import build
from game.generate.emit import render
from game.rules.registry import get_system
from game.world.loader import load_adventure


@pytest.mark.parametrize("theme", ["salt", "station"])
def test_an_opened_way_reads_open_in_the_rooms_text(tmp_path: Path, theme: str) -> None:
    blueprint = build(3, theme, "medium")
    folder = tmp_path / theme
    for name, text in render(blueprint, None).items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")
    adventure = load_adventure(folder)
    shut = [(room_id, sentence, direction) for room_id, room in blueprint.rooms.items()
            for sentence, (direction, _opened) in room.shut_features.items()]
    assert shut, "seed 3 has a shut way"
    engine = Engine.new_game(adventure, get_system("vaarn"), 1)
    ids = {plan_id: room_id for room_id, room in adventure.rooms.items()
           for plan_id, plan in blueprint.rooms.items() if plan.name == room.name}
    for plan_id, sentence, direction in shut:
        engine.state.room = ids[plan_id]
        assert sentence in " ".join(engine.look_lines())
        engine.state.opened.add(engine.world.exit_key(ids[plan_id], direction))
        seen = " ".join(engine.look_lines())
        assert sentence not in seen and "stands open" in seen, seen
