"""Every NPC's place and state survives a save and a load in a new process, encounter foes included.

Each bundled adventure is walked under each of the five systems (a seeded walk
through its exits, fighting what stands in the way), saved, and the save is
loaded by a fresh Python process: where each NPC is, its condition and
disposition, and who each room shows must be what the live game shows.  The
same process would keep an index of moved NPCs that a new one has to build.
"""
from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from game.engine import Engine
from game.paths import bundled_root
from game.rules.registry import SYSTEM_IDS, get_system
from game.saves import SaveStore
from game.world.loader import bundled_adventures, load_adventure
from game.world.world import World

ROOT = Path(__file__).resolve().parents[1]
ADVENTURES = sorted(bundled_adventures(bundled_root()))
STEPS = 120


def npc_view(world: World) -> dict[str, Any]:
    """What a player can learn of the NPCs: each one's room, condition and disposition; each room's NPCs."""
    adventure = world.adventure
    return {
        "npcs": {n: [world.npc_room(n), world.npc_condition(n), world.hostile(n)] for n in sorted(adventure.npcs)},
        "rooms": {r: world.npcs_in(r) for r in sorted(adventure.rooms)},
    }


def view_of_save(adventure_id: str, saves: str, slot: str) -> None:
    """Run in the fresh process: load ``slot`` and print :func:`npc_view` of the loaded game as JSON."""
    adventure = load_adventure(bundled_adventures(bundled_root())[adventure_id])
    state, _ = SaveStore(Path(saves), adventure).load(slot)
    engine = Engine(adventure, get_system(state.system), state)
    print(json.dumps(npc_view(engine.world)))


def _walk(engine: Engine, seed: int) -> set[str]:
    """A seeded walk: fight a foe that stands here, else take a random exit or wait; the NPCs met on the way."""
    pick = random.Random(seed)
    met: set[str] = set()
    for _ in range(STEPS):
        if engine.state.status != "playing":
            engine.undo()
            continue
        world = engine.world
        foes = [n for n in world.living_npcs_in() if world.hostile(n)]
        met.update(world.npcs_in())
        exits = [e.direction for e in world.visible_exits(engine.state.room)]
        if foes and pick.random() < 0.6:
            command = f"attack {world.npc(foes[0]).name}"
        elif exits and pick.random() < 0.85:
            command = f"go {pick.choice(exits)}"
        else:
            command = "wait"
        report = engine.submit(command)
        if report.question:
            engine.submit("yes")
    return met


@pytest.mark.parametrize("adventure_id", ADVENTURES)
def test_npcs_survive_a_save_and_a_load_in_a_new_process(adventure_id: str, tmp_path: Path) -> None:
    adventure = load_adventure(bundled_adventures(bundled_root())[adventure_id])
    expected, met_by = {}, {}
    for index, system_id in enumerate(SYSTEM_IDS):
        store = SaveStore(tmp_path, adventure)
        engine = Engine.new_game(adventure, get_system(system_id), 3 + index, saves=store)
        met_by[system_id] = _walk(engine, 11 + index)
        store.save(system_id.replace("_", "-"), engine.state)
        expected[system_id] = npc_view(engine.world)
    script = ("import sys; from tests.test_npcs_survive_load import view_of_save as v; "
              "[v(sys.argv[1], sys.argv[2], s) for s in sys.argv[3:]]")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    slots = [s.replace("_", "-") for s in SYSTEM_IDS]
    done = subprocess.run([sys.executable, "-c", script, adventure_id, str(tmp_path), *slots],
                          capture_output=True, text=True, cwd=ROOT, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    for system_id, line in zip(SYSTEM_IDS, done.stdout.splitlines(), strict=True):
        assert json.loads(line) == expected[system_id], f"{adventure_id} under {system_id}"
    if adventure_id == "glass-oasis":  # the region's encounter found the walker, and was checked
        assert "glass-jackal" in met_by["bind"]
