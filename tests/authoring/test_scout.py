"""The simulator's scout decides from the world's state and typed answers, never from printed sentences."""
from __future__ import annotations

from pathlib import Path

import pytest

from game.authoring.scout import Scout
from game.engine import Engine
from game.rules.registry import get_system
from game.world.content import Adventure
from game.world.loader import load_adventure

GLASS_OASIS = Path(__file__).resolve().parents[2] / "content" / "glass-oasis"


@pytest.fixture(scope="module")
def oasis() -> Adventure:
    return load_adventure(GLASS_OASIS)


def at_the_pass(adventure: Adventure, system_id: str) -> tuple[Engine, Scout, list[str]]:
    """A scout standing in the Shattered Pass, where the raider bars the way north; what it says is kept."""
    engine = Engine.new_game(adventure, get_system(system_id), 2)
    engine.opening()
    engine.state.room = engine.world.npc_room("raider")
    engine.state.visited.add(engine.state.room)
    scout = Scout(engine, 2, 40)
    said: list[str] = []
    say = scout.say

    def recording(text: str) -> list[str]:
        said.append(text)
        return say(text)

    scout.say = recording  # type: ignore[method-assign]
    return engine, scout, said


@pytest.mark.parametrize("system_id", ["vaarn", "bind"])
def test_a_guard_that_bars_the_way_is_fought_not_walked_into(oasis: Adventure, system_id: str) -> None:
    engine, scout, said = at_the_pass(oasis, system_id)
    engine.world.npc_state("raider").disposition = "neutral"  # standing guard, not yet a foe
    scout.step()
    assert said[0] == "attack dune raider"  # not a "go north" the game would refuse
    assert scout.fight is not None and scout.fight.npc == "raider"


def test_out_of_reach_the_scout_closes_in_before_a_melee_blow(oasis: Adventure) -> None:
    from game.play.open_adventures_turn import set_distance

    engine, scout, said = at_the_pass(oasis, "open_adventures")
    set_distance(engine.world, "raider", 6)
    scout.step()
    assert said[0] == "move to the dune raider"  # the play layer's closing_in, not a refusal's hint
