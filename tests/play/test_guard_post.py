"""A guard bars the exit it ``blocks`` at its post only: one that broke and fled bars nothing elsewhere."""
from __future__ import annotations

from pathlib import Path

from game.engine import Engine
from game.rules.registry import get_system
from game.saves import SaveStore
from game.world.loader import find_adventure, load_adventure
from tests.conftest import play
from tests.test_loader import bundled_root


def test_the_raider_who_fled_the_pass_does_not_bar_the_vault_gate(tmp_path: Path) -> None:
    """Glass Oasis under Maelstrom, seed 3: the raider breaks at the pass and flees north to the
    Vault Approach; going north from there was refused as if he still held the pass."""
    adventure = load_adventure(find_adventure("glass-oasis", bundled_root()))
    engine = Engine.new_game(adventure, get_system("maelstrom"), 3, saves=SaveStore(tmp_path, adventure))
    play(engine, "n", "n", "n", "n")
    assert "The dune raider flees north." in play(engine, "attack raider")
    assert play(engine, "n")[0] == "Vault Approach"
    lines = play(engine, "n")
    assert not any("blocks your way" in line for line in lines), lines
    assert lines[0] == "Vault Gate"


def test_flee_with_no_foe_and_no_way_named_goes_nowhere(tmp_path: Path) -> None:
    """"flee" in a quiet room walked out by the first exit, a way the player never chose."""
    adventure = load_adventure(find_adventure("glass-oasis", bundled_root()))
    engine = Engine.new_game(adventure, get_system("vaarn"), 3, saves=SaveStore(tmp_path, adventure))
    turn = engine.state.turn
    assert play(engine, "flee") == ["There is nothing here to flee from."]
    assert (engine.state.room, engine.state.turn) == ("dune-camp", turn)
    assert play(engine, "flee east")[0] == "Bone Orchard", "a way named is walked, foe or none"
