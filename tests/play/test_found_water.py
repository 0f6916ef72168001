"""A water container starts full and brings its water the first time it reaches the player's hands,
wherever it was found (a body, the ground); the player's own containers hold the player's starting
water, and once a container's water is in the supply it never comes again."""
from __future__ import annotations

import pytest

from game.engine import Engine
from game.events import PLAYER
from game.paths import bundled_root
from game.rules.registry import get_system
from game.world.content import Adventure
from game.world.loader import load_adventure


@pytest.fixture(scope="module")
def oasis() -> Adventure:
    return load_adventure(bundled_root() / "glass-oasis")


def at_tamsins_body(oasis: Adventure) -> Engine:
    """In Tamsin's room after her fall: everything she carried lies on the ground."""
    engine = Engine.new_game(oasis, get_system("vaarn"), 3)
    engine.state.room = oasis.npc_homes["tamsin"]
    engine.world.drop_npc_items("tamsin")
    return engine


def test_a_full_gourd_taken_from_a_body_adds_its_water(oasis: Adventure) -> None:
    engine = at_tamsins_body(oasis)
    before = engine.state.water
    lines = engine.submit("take gourd").lines
    assert engine.state.water == before + oasis.items["water-gourd"].rations, lines
    assert "It holds 2 rations of water." in lines


def test_its_water_comes_once_dropping_and_taking_it_again_adds_none(oasis: Adventure) -> None:
    engine = at_tamsins_body(oasis)
    engine.submit("take gourd")
    engine.submit("drop gourd")
    after_drop = engine.state.water
    engine.submit("take gourd")
    assert engine.state.water == after_drop


def test_the_players_own_skin_brings_no_second_supply(oasis: Adventure) -> None:
    engine = Engine.new_game(oasis, get_system("vaarn"), 3)
    engine.submit("drop waterskin")
    after_drop = engine.state.water
    engine.submit("take waterskin")
    assert engine.world.place_of("waterskin") == PLAYER
    assert engine.state.water == after_drop


def test_a_sealed_pouch_found_in_a_crawlway_holds_its_water() -> None:
    drift = load_adventure(bundled_root() / "halcyon-drift")
    engine = Engine.new_game(drift, get_system("bind"), 3)
    engine.state.room = drift.item_homes["water-cache"].removeprefix("room:")
    engine.state.water = 0
    lines = engine.submit("take pouch").lines
    assert engine.state.water == 2, lines
