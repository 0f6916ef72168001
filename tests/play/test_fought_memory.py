"""A foe that has struck at the player remembers the fight under every system, as the round template has it.

"fought" is what pursuit, coming back to look for the player and the end-of-run
count of foes met read; Vaarn and Open Adventures carry NPC attacks out their own
way and must record it too.
"""
from __future__ import annotations

import pytest

from game.engine import Engine
from game.paths import bundled_root
from game.rules.registry import get_system
from game.world.loader import find_adventure, load_adventure


@pytest.mark.parametrize("system_id, seed", [("vaarn", 3), ("open_adventures", 7)])
def test_a_foe_that_struck_at_the_player_remembers_the_fight(system_id: str, seed: int) -> None:
    oasis = load_adventure(find_adventure("glass-oasis", bundled_root()))
    engine = Engine.new_game(oasis, get_system(system_id), seed)
    engine.state.room = engine.world.npc_room("raider")
    for command in ("attack raider", "wait", "wait"):
        engine.submit(command)
    assert "fought" in engine.world.npc_state("raider").memory
    assert any(line.startswith("Foes met: the dune raider") for line in engine.meta.ending_lines())
