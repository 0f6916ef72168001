"""Save format 4 under every rule system: NPCs changed at random, alike or not, save and load back equal.

Every NPC of *The Glass Oasis* is met; each gets a random room (its home, another room, or
none), disposition, route stop, haggle and memory, and a sheet that is the fresh one, one of
a few sheets with a flag or a text changed (shared by several NPCs, as a reaction roll
leaves them), or one with a number changed (written whole).  Many NPCs end up alike, some
not; the save must hold groups, and load back to the very state, under each system.
"""
from __future__ import annotations

import random
import tomllib
from pathlib import Path
from typing import Any

import pytest

from game.engine import Engine
from game.paths import bundled_root
from game.rules.registry import SYSTEM_IDS, get_system
from game.saves import SaveStore
from game.world.loader import find_adventure, load_adventure

from .helpers import size


def _changed(codec: Any, sheet: Any, rng: random.Random, numbers: bool) -> Any:
    """The sheet with one of its flags or texts changed (or, with ``numbers``, one of its numbers)."""
    data = codec.sheet_to_data(sheet)
    kinds = (int,) if numbers else (bool, str)
    keys = sorted(key for key, value in data.items() if type(value) in kinds)
    if not keys:
        return sheet
    key = rng.choice(keys)
    value = data[key]
    data[key] = (not value) if type(value) is bool else f"{value}x" if type(value) is str else value - 1
    try:
        return codec.sheet_from_data(data)
    except (KeyError, TypeError, ValueError):
        return sheet  # not a value that sheet takes


@pytest.mark.parametrize("system", SYSTEM_IDS)
def test_npcs_changed_at_random_save_in_groups_and_load_back_equal(system: str, tmp_path: Path, slow: bool) -> None:
    adventure = load_adventure(find_adventure("glass-oasis", bundled_root()))
    store = SaveStore(tmp_path, adventure)
    rooms = sorted(adventure.rooms)
    grouped = 0
    for trial in range(size(slow, 8, 80)):
        rng = random.Random(trial)
        engine = Engine.new_game(adventure, get_system(system, adventure.rules.get(system, {})), trial, saves=store)
        codec = engine.system
        variants: dict[str, list[Any]] = {}
        for npc_id in adventure.npcs:
            npc = engine.world.npc_state(npc_id)
            fresh = npc.sheet
            roll = rng.random()
            if roll < 0.6:
                choices = variants.setdefault(repr(codec.sheet_to_data(fresh)), [])  # per definition
                if len(choices) < 2:
                    choices.append(_changed(codec, fresh, rng, numbers=False))
                npc.sheet = rng.choice(choices)
            elif roll < 0.7:
                npc.sheet = _changed(codec, fresh, rng, numbers=True)
            if rng.random() < 0.3:
                npc.room = rng.choice([*rooms[:3], ""])
            if rng.random() < 0.2:
                npc.disposition = rng.choice(["friendly", "hostile", "wary"])
            if rng.random() < 0.1:
                npc.route_index = rng.randrange(3)
            if rng.random() < 0.1:
                npc.haggle_day, npc.haggle = rng.randrange(1, 9), rng.choice(["won", "lost"])
            if rng.random() < 0.15:
                npc.memory = frozenset(rng.sample(["spared", "attacked", "routed", "met"], 2))
        path = store.save(f"t{trial}", engine.state)
        document = tomllib.loads(path.read_text())
        grouped += sum(len(group["npcs"].splitlines()) for group in document["state"].get("npc_groups", []))
        state, notes = store.load(f"t{trial}")
        assert state == engine.state and notes == []
        assert list(state.npcs) == sorted(state.npcs)
    assert grouped > 0, "no NPCs were alike: the test tests nothing"
