"""A meal at each day's end is the shared house rule of survival (game.timekeeping), but not where
the system says the character eats otherwise: Vaarn's synthetics, and its option
``meals = "rests-only"``, where a ration is eaten with a rest and never at nightfall."""
from __future__ import annotations

import dataclasses

import pytest

from game.engine import Engine
from game.paths import bundled_root
from game.rules.registry import get_system
from game.world.content import Adventure
from game.world.loader import load_adventure


@pytest.fixture(scope="module")
def oasis() -> Adventure:
    return load_adventure(bundled_root() / "glass-oasis")


def two_days_waited(oasis: Adventure, options: dict[str, str], synthetic: bool = False) -> tuple[Engine, list[str]]:
    engine = Engine.new_game(oasis, get_system("vaarn", options), 3)
    if synthetic:
        engine.state.player = dataclasses.replace(engine.state.player, synthetic=True)
    lines: list[str] = []  # the first day's meal is had before the game starts
    while engine.state.day < 3 and len(lines) < 200:  # a wait stops when someone comes by
        lines += engine.submit("wait 1 day").lines
    return engine, lines


def test_by_default_a_ration_is_eaten_as_the_day_ends(oasis: Adventure) -> None:
    engine, lines = two_days_waited(oasis, {})
    assert engine.state.food == oasis.player.food - 1, lines
    assert any("You eat a ration before sleep" in line for line in lines), lines


def test_with_meals_at_rests_only_nightfall_eats_nothing(oasis: Adventure) -> None:
    engine, lines = two_days_waited(oasis, {"meals": "rests-only"})
    assert engine.state.food == oasis.player.food, lines
    assert not any("ration before sleep" in line or "without food" in line for line in lines), lines


def test_a_synthetic_character_eats_nothing_at_nightfall(oasis: Adventure) -> None:
    engine, lines = two_days_waited(oasis, {}, synthetic=True)
    assert engine.state.food == oasis.player.food, lines
    assert not any("ration before sleep" in line or "without food" in line for line in lines), lines
