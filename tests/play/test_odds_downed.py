"""``odds attack X`` once X is down says what a blow at a downed foe does under each system, as the
exchange resolves it, not the odds of a blow at a standing foe."""
from __future__ import annotations

import dataclasses
import random
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from game.engine import Engine
from game.parser import parse
from game.rules.dice import RandomDice
from game.rules.registry import get_system
from game.world.loader import load_adventure

TINY = Path(__file__).resolve().parents[1] / "data" / "tiny"

#: (system, options that let a foe lie down rather than die, the words the odds say).
DOWNED: tuple[tuple[str, dict[str, str], str], ...] = (
    ("open_adventures", {"zero_pool": "knocked-out"}, "it is down, and dies when 1+ damage gets through"),
    ("vaarn", {}, "it lies senseless, and its armour still counts"),
    ("opend6", {}, "it is down, and its wounds take"),
    ("bind", {}, "it is down and cannot resist: your blow lands, with no roll"),
    ("maelstrom", {}, "it is down, and cannot evade"),
)


def _engine(system: str, options: dict[str, str]) -> Engine:
    engine = Engine.new_game(load_adventure(TINY), get_system(system, options), 5)
    engine.world.state.room = engine.world.npc_room("raider")
    return engine


def _down(engine: Engine) -> None:
    """Harm the raider until it is down (Vaarn's wound table is set by hand: it rarely passes out)."""
    world = engine.world
    npc = world.npc_state("raider")
    if world.system.id == "vaarn":
        npc.sheet = dataclasses.replace(npc.sheet, unconscious=True)
    dice = RandomDice(random.Random(1))
    while world.system.condition(npc.sheet) == "ok":
        npc.sheet = world.system.harm(npc.sheet, "d4", dice).sheet
    assert world.npc_condition("raider") == "down"


def _request(engine: Engine) -> Any:
    """The request of the attack's roll, as ``odds`` gets it."""
    command = parse("attack raider", engine.extra_verbs)
    assert command is not None
    preview = engine.preview(command, engine.turn_dice())
    assert preview is not None
    return preview[1]


def _odds(engine: Engine) -> list[str]:
    return list(engine.submit("odds attack raider").lines)


@pytest.mark.parametrize(("system", "options", "words"), DOWNED, ids=[d[0] for d in DOWNED])
def test_odds_at_a_downed_foe_say_the_system_s_rule(system: str, options: dict[str, str], words: str) -> None:
    engine = _engine(system, options)
    standing = _odds(engine)
    assert not any(words in line for line in standing), standing
    _down(engine)
    downed = _odds(engine)
    assert any(words in line for line in downed), downed


def test_bind_odds_at_a_downed_foe_are_certain_as_the_blow_needs_no_roll() -> None:
    """A foe who is down resists nothing: the blow lands with no roll (and no question), so its
    odds are certain."""
    from game.systems.bind import core

    engine = _engine("bind", {})
    _down(engine)
    downed = core.odds(_request(engine))
    assert downed.p_success == Fraction(1) and downed.probabilities["p_failure"] == 0
    engine.world.state.room = engine.world.npc_room("raider")
    out = "\n".join(engine.submit("attack raider").lines)
    assert "?" not in out and "cannot resist: no roll" in out
