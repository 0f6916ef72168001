"""The protocol is enough: a sixth, toy system plays the bundled adventure through it alone, NPCs included
(their attacks are the same deeds as the player's, resolved by the base play's one ``exchange``)."""
from __future__ import annotations

from pathlib import Path

from game.engine import Engine
from game.paths import bundled_root
from game.rules.base import RuleSystem
from game.saves import SaveStore
from game.world.loader import find_adventure, load_adventure
from tests.test_golden import parse_golden
from tests.toy.percentile import Percentile, Sheet

GOLDEN = Path(__file__).parent.parent / "golden"


def test_the_toy_system_has_every_member_of_the_protocol() -> None:
    system: RuleSystem[Sheet, object, None] = Percentile()
    members = [name for name in vars(RuleSystem) if not name.startswith("_")]
    members += list(RuleSystem.__annotations__)
    assert members and all(hasattr(system, name) for name in members), \
        [name for name in members if not hasattr(system, name)]


def test_the_toy_system_plays_the_bundled_adventure_to_the_end(tmp_path: Path) -> None:
    adventure = load_adventure(find_adventure("glass-oasis", bundled_root()))
    engine = Engine.new_game(adventure, Percentile(), 1, saves=SaveStore(tmp_path, adventure))
    _, commands = parse_golden((GOLDEN / "open_adventures-win.txt").read_text(encoding="utf-8"))
    seen = set()
    waited = False
    for command in commands:
        engine.submit(command)
        seen.add(engine.state.room)
        if engine.state.status != "playing":
            break
        world = engine.world
        if not waited and any(world.hostile(n) and world.npc_condition(n) == "ok" for n in world.npcs_in()):
            waited = True
            engine.submit("wait")  # walking in is no free blow: the foe strikes in the next round
    assert engine.state.status == "won", engine.state.ending
    assert {"dune-camp", "caravanserai", "vault-gate", "glass-oasis"} <= seen
    labels = [label for _, label, _ in engine.dice_log]
    assert any(label.startswith("you attack") for label in labels)
    assert any(label.endswith(" attacks") for label in labels), "NPCs act through the same interface"
