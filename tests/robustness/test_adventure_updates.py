"""A save loads into a newer version of its adventure when its ids still exist; replay names content changes."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from game.replay import replay_save
from game.saves import SaveStore
from game.world.loader import load_adventure

from .helpers import new_engine

pytestmark = pytest.mark.robustness
TINY = Path(__file__).resolve().parents[1] / "data" / "tiny"


def _saved_run(saves: Path) -> Path:
    engine = new_engine(saves=saves)
    for command in ("take stone", "n", "wait"):
        engine.submit(command)
    engine.submit("save")
    return saves / "tiny" / "quicksave.toml"


def _version(tmp_path: Path, *edits: tuple[str, str]) -> SaveStore:
    folder = tmp_path / "tiny-new"
    shutil.copytree(TINY, folder)
    path = folder / "adventure.toml"
    text = path.read_text()
    for old, new in edits:
        assert old in text
        text = text.replace(old, new, 1)
    path.write_text(text)
    return SaveStore(tmp_path / "saves", load_adventure(folder))


def test_a_version_bump_alone_keeps_saves(tmp_path: Path) -> None:
    _saved_run(tmp_path / "saves")
    store = _version(tmp_path, ('version = "1.0.0"', 'version = "1.1.0"'),
                     ('description = "A small vault."', 'description = "A small, cold vault."'))
    state, notes = store.load("quicksave")
    assert state.log == ["take stone", "n", "wait"] and "version 1.0.0" in notes[0]


def test_what_no_longer_exists_is_named(tmp_path: Path) -> None:
    _saved_run(tmp_path / "saves")
    store = _version(tmp_path, ('version = "1.0.0"', 'version = "2.0.0"'),
                     ('[rooms.well]', '[rooms.spring]'), ('north = "well"', 'north = "spring"'),
                     ('[items.stone]', '[items.pebble]'), ('"glass-key", "stone"]', '"glass-key", "pebble"]'))
    with pytest.raises(Exception) as refused:
        store.load("quicksave")
    message = str(refused.value)
    assert "version 1.0.0" in message and "room well" in message and "item stone" in message


def test_an_adventure_may_declare_the_oldest_version_it_takes(tmp_path: Path) -> None:
    _saved_run(tmp_path / "saves")
    store = _version(tmp_path, ('version = "1.0.0"', 'version = "3.0.0"\noldest_compatible = "2.0"'))
    with pytest.raises(Exception) as refused:
        store.load("quicksave")
    assert "from version 2.0 on" in str(refused.value)


def test_a_newer_versions_save_does_not_load_into_an_older_one(tmp_path: Path) -> None:
    _saved_run(tmp_path / "saves")
    store = _version(tmp_path, ('version = "1.0.0"', 'version = "0.9"'))
    with pytest.raises(Exception, match="which is older"):
        store.load("quicksave")


def test_replay_names_the_content_change_when_it_diverges(tmp_path: Path) -> None:
    save = _saved_run(tmp_path / "saves")
    store = _version(tmp_path, ('version = "1.0.0"', 'version = "1.1.0"'),
                     ('items = ["brass-key", "glass-key", "stone"]', 'items = ["brass-key", "glass-key"]'))
    ok, lines = replay_save(save, str(store.adventure.source))
    assert not ok and "diverged" in lines[0] and "version 1.0.0" in lines[1], lines


def test_replay_reports_progress(tmp_path: Path) -> None:
    engine = new_engine(saves=tmp_path)
    for _ in range(5_000):
        engine.submit("wait")
    engine.submit("save")
    heard: list[str] = []
    ok, _ = replay_save(tmp_path / "tiny" / "quicksave.toml", str(TINY), heard.append)
    assert ok and heard == ["replayed 5,000 of 5,000 commands"]
