"""Fights that read at a glance: a roll is its result against what it had to beat, by default.

``set rolls full`` shows each roll's breakdown (its dice and every step); ``why``
explains the last roll step by step either way; a rule's note comes the first time.
"""
from __future__ import annotations

import re

import pytest

from game.engine import Engine
from game.paths import bundled_root
from game.presentation import sentence
from game.rules.registry import get_system
from game.world.loader import find_adventure, load_adventure

#: A face of a die in a breakdown: ``(6, 4 + wild 3)``, ``d20 (14)``.
FACES = re.compile(r"\(\d+(, \d+)*( \+ wild \d+)?\)")


def oasis(system_id: str, seed: int) -> Engine:
    adventure = load_adventure(find_adventure("glass-oasis", bundled_root()))
    return Engine.new_game(adventure, get_system(system_id, adventure.rules.get(system_id, {})), seed)


def lines_of(engine: Engine, *commands: str) -> list[str]:
    out: list[str] = []
    for command in commands:
        out = engine.submit(command).lines
    return out


#: The first fight of The Glass Oasis (the raider of the Shattered Pass) under each system.
FIRST_FIGHT = {
    "opend6": (3, ["n", "n", "n", "n", "wait"]),
    "vaarn": (3, ["n", "n", "n", "n", "attack raider"]),
    "maelstrom": (3, ["n", "n", "n", "n", "attack raider"]),
    "bind": (5, ["n", "n", "n", "n", "attack raider"]),
    "open_adventures": (3, ["n", "n", "n", "n", "end"]),
}


@pytest.mark.parametrize("system_id", sorted(FIRST_FIGHT))
def test_an_exchange_of_the_first_fight_takes_at_most_three_lines_and_shows_no_faces(system_id: str) -> None:
    seed, commands = FIRST_FIGHT[system_id]
    lines = lines_of(oasis(system_id, seed), *commands)
    rolls = [line for line in lines if line.startswith("[")]
    assert rolls, lines
    assert not any(FACES.search(line) for line in rolls), rolls
    start = next(i for i, line in enumerate(lines) if line.startswith("[") and ("attack" in line or "shoots" in line))
    exchange = lines[start:start + 4]
    assert len([line for line in exchange[:3] if line]) <= 3
    assert not any("follow-up" in line for line in lines), "the harm line states the damage rolls"


def test_set_rolls_full_shows_the_breakdown_and_why_explains_either_way() -> None:
    engine = oasis("opend6", 3)
    short = lines_of(engine, "n", "n", "n", "n", "wait")
    assert "[the dune raider attacks] 11 vs 12: failure" in short, short
    why = lines_of(engine, "why")
    assert any(FACES.search(line) for line in why), "why still gives the dice step by step"
    lines_of(engine, "undo")
    assert lines_of(engine, "set rolls full")[0].startswith("Rolls full:")
    full = lines_of(engine, "wait")
    assert any(line.startswith("[the dune raider attacks] Reflexes + melee 4D (") for line in full), full
    assert lines_of(engine, "set rolls short")[0].startswith("Rolls short:")


def test_a_rule_is_explained_the_first_time_not_every_time() -> None:
    """BIND's resting action used to print its three-line note after every search."""
    engine = oasis("bind", 5)
    note = "(A resting action: nothing threatens you here"
    first = lines_of(engine, "e", "search")
    assert any(line.startswith(note) for line in first)
    again = lines_of(engine, "take egg", "identify egg")
    assert any(line.startswith("[identify]") for line in again)
    assert not any(line.startswith(note) for line in again)
    lines_of(engine, "undo", "set rolls full")
    assert any(line.startswith(note) for line in lines_of(engine, "identify egg")), "full explains each time"


def test_plain_mode_says_a_short_roll_as_a_sentence() -> None:
    assert sentence("[you attack the dune raider] 16 vs armour 12: hit") == \
        "Roll for you attack the dune raider: 16, against armour 12: hit."
