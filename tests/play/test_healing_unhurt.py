"""A healing item or gift used by a player who is not hurt is refused and kept, under every system."""
from __future__ import annotations

import pytest

from game.engine import Engine
from game.paths import bundled_root
from game.rules.registry import SYSTEM_IDS, get_system
from game.world.loader import find_adventure, load_adventure


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_healing_is_refused_and_kept_when_the_player_is_not_hurt(system_id: str) -> None:
    oasis = load_adventure(find_adventure("glass-oasis", bundled_root()))
    engine = Engine.new_game(oasis, get_system(system_id), 7)
    engine.state.room = "hermit-shrine"
    engine.submit("take tablet")
    turn, sheet = engine.state.turn, engine.state.player
    lines = engine.submit("use tablet").lines
    assert lines[0].startswith("You are not hurt:") and len(lines) == 1
    assert engine.world.place_of("sand-psalm") == "player"
    assert (engine.state.turn, engine.state.player) == (turn, sheet)
