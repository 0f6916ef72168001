"""Water and its containers: a day by a water source, and the last container leaving the hands, under every system."""
from __future__ import annotations

import pytest

from game.engine import Engine
from game.paths import bundled_root
from game.rules.registry import SYSTEM_IDS, get_system
from game.world.loader import find_adventure, load_adventure


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_days_by_the_well_drink_of_it_and_nobody_thirsts(system_id: str) -> None:
    oasis = load_adventure(find_adventure("glass-oasis", bundled_root()))
    engine = Engine.new_game(oasis, get_system(system_id), 7)
    engine.state.room, engine.state.water, engine.state.food = "sunken-well", 0, 9
    lines = engine.submit("wait 4 days").lines
    assert "As the day ends you drink your fill of the water here." in lines
    assert engine.state.thirst_days == 0 and engine.state.water == 0 and engine.state.status == "playing"


@pytest.mark.parametrize("command, doing", [("drop skin", "Drop"), ("drop all", "Drop"), ("throw skin", "Throw")])
def test_the_last_water_container_leaves_the_hands_only_after_a_yes_and_the_water_with_it(command: str,
                                                                                        doing: str) -> None:
    oasis = load_adventure(find_adventure("glass-oasis", bundled_root()))
    engine = Engine.new_game(oasis, get_system("bind"), 7)
    water = engine.state.water
    assert engine.submit(command).lines[-1] == (f"Nothing else you carry would hold the water: {water} rations of "
                                                f"water would be lost. {doing} anyway? (yes/no)")
    engine.submit("no")
    assert engine.world.place_of("waterskin") == "player" and engine.state.water == water
    engine.submit(command)
    assert f"({water} rations of water are lost.)" in engine.submit("yes").lines
    assert engine.world.place_of("waterskin") != "player" and engine.state.water == 0
