"""``why`` after a roll with nothing to beat (harm, damage) states no success or failure."""
from __future__ import annotations

import pytest

from game.engine import Engine
from game.meta import why_lines
from game.paths import bundled_root
from game.rules.dice import dice_for_turn
from game.rules.registry import SYSTEM_IDS, get_system
from game.world.loader import find_adventure, load_adventure


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_why_after_a_harm_roll_names_no_success(system_id: str) -> None:
    adventure = load_adventure(find_adventure("glass-oasis", bundled_root()))
    system = get_system(system_id, adventure.rules.get(system_id, {}))
    engine = Engine.new_game(adventure, system, 1)
    rolls = [roll for roll in system.harm(engine.state.player, "d6", dice_for_turn(1, 0)).rolls
             if not any(key in roll.figures for key in ("margin", "difficulty", "successes", "need"))]
    assert rolls or system_id in ("open_adventures", "maelstrom"), "a harm roll with nothing to beat"
    for roll in rolls:
        outcome = next(line for line in why_lines(system_id, system.name, "hazard", roll) if "Outcome" in line)
        assert "success" not in outcome and "failure" not in outcome, outcome
        assert "with no target to beat" in outcome


def test_why_after_a_hazard_under_vaarn_gives_the_total() -> None:
    from game.events import RollResult

    harm = RollResult("vaarn", (4,), "success", {"total": 4}, "Harm: d4 (4) = 4", "seed 001 §Wounds and Healing")
    assert "  Outcome: a total of 4, with no target to beat." in why_lines("vaarn", "Vaults of Vaarn", "hazard", harm)
    save = RollResult("vaarn", (6,), "failure", {"total": 8, "target": 15, "margin": -7}, "PSY d20 (6) + 2 = 8 vs 15",
                      "seed 001 §Saving Throws")
    assert "  Outcome: failure." in why_lines("vaarn", "Vaults of Vaarn", "survive", save)
