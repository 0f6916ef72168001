"""Every save format ever written loads, for good, and plays on."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from game.engine import Engine
from game.paths import bundled_root
from game.rules.registry import get_system
from game.saves import FORMAT_VERSION, SaveStore
from game.world.content import Adventure
from game.world.loader import find_adventure, load_adventure

V1 = Path(__file__).parent / "fixtures" / "saves_v1" / "glass-oasis"
SYSTEMS = {"vaarn": "vaarn", "open": "open_adventures", "oa": "open_adventures", "opend6": "opend6",
           "bind": "bind", "maelstrom": "maelstrom"}


def system_of(slot: str) -> str:
    return SYSTEMS[slot.split("-")[0].split("_")[0]]


@pytest.fixture(scope="module")
def glass_oasis() -> Adventure:
    return load_adventure(find_adventure("glass-oasis", bundled_root()))


@pytest.mark.parametrize("path", sorted(V1.glob("*.toml")), ids=lambda p: p.stem)
def test_a_format_1_save_loads_and_plays_on(path: Path, glass_oasis: Adventure, tmp_path: Path) -> None:
    folder = tmp_path / "glass-oasis"
    folder.mkdir()
    shutil.copy(path, folder / path.name)
    store = SaveStore(tmp_path, glass_oasis)
    system_id = system_of(path.stem)
    state, _notes = store.load(path.stem)
    assert state.system == system_id
    engine = Engine(glass_oasis, get_system(system_id, glass_oasis.rules.get(system_id, {})), state, saves=store)
    assert engine.submit("look").lines
    before = engine.state.turn
    engine.submit("wait")
    if engine.state.status == "playing" and engine.asking is None:
        assert engine.state.turn == before + 1


@pytest.mark.parametrize("path", sorted(V1.glob("*.toml")), ids=lambda p: p.stem)
def test_a_format_1_save_is_announced_once_and_saved_again_as_format_2(path: Path, glass_oasis: Adventure,
                                                                       tmp_path: Path) -> None:
    folder = tmp_path / "glass-oasis"
    folder.mkdir()
    shutil.copy(path, folder / path.name)
    store = SaveStore(tmp_path, glass_oasis)
    state, notes = store.load(path.stem)
    assert any("save format 1" in note for note in notes)
    store.save("again", state)
    assert f"format = {FORMAT_VERSION}" in (folder / "again.toml").read_text()
    again, notes = store.load("again")
    assert again == state and not any("save format" in note for note in notes)
