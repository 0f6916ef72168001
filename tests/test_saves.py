"""Saves: round trips, atomic writes with a backup, refusals that leave the game as it was."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from game.engine import Engine
from game.errors import SaveError
from game.saves import FORMAT_VERSION, SaveStore, check_slot
from game.world.content import Adventure
from tests.conftest import play


def test_save_then_load_restores_the_exact_state(engine: Engine) -> None:
    play(engine, "take stone", "n", "attack raider")
    saved = engine.state.copy()
    assert play(engine, "save slot1")[0].startswith('Saved to slot "slot1"')
    play(engine, "s", "drop stone")
    lines = play(engine, "load slot1", "yes")
    assert lines[0] == 'Loaded slot "slot1".'
    assert engine.state.copy() == saved


def test_the_next_roll_after_a_load_is_the_roll_that_would_have_come(engine: Engine) -> None:
    play(engine, "n")
    play(engine, "save before")
    first = play(engine, "attack raider")
    play(engine, "load before", "yes")
    assert play(engine, "attack raider") == first


def test_a_save_holds_state_only_and_names_its_adventure(engine: Engine, tmp_path: Path) -> None:
    play(engine, "save")
    text = (tmp_path / "tiny" / "quicksave.toml").read_text()
    assert 'adventure = "tiny"' in text and "checksum" in text
    assert "A camp of grey tents" not in text


def test_saving_again_keeps_the_previous_save_as_backup(engine: Engine, tmp_path: Path) -> None:
    play(engine, "save s")
    first = (tmp_path / "tiny" / "s.toml").read_bytes()
    play(engine, "wait", "save s")
    assert (tmp_path / "tiny" / "s.toml.bak").read_bytes() == first
    assert (tmp_path / "tiny" / "s.toml").read_bytes() != first


def test_saving_over_a_damaged_slot_keeps_its_good_backup(engine: Engine, tmp_path: Path) -> None:
    play(engine, "save s")
    first = (tmp_path / "tiny" / "s.toml").read_bytes()
    play(engine, "wait", "save s")
    slot = tmp_path / "tiny" / "s.toml"
    slot.write_bytes(slot.read_bytes()[:40])  # cut short
    assert any(line.startswith("  s: cannot be read") and line.endswith("; load s loads its backup")
               for line in play(engine, "saves"))
    assert "Loaded its backup instead" in " ".join(play(engine, "load s"))
    play(engine, "save s")
    assert (tmp_path / "tiny" / "s.toml.bak").read_bytes() == first, "the damaged save did not become the backup"
    play(engine, "wait", "save s")
    assert engine.saves is not None and engine.saves.load("s", backup=True), "from now on a save rotates as always"


def test_a_failed_write_leaves_the_previous_save_intact(engine: Engine, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    play(engine, "save s")
    before = (tmp_path / "tiny" / "s.toml").read_bytes()

    def broken_fsync(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", broken_fsync)
    lines = play(engine, "wait", "save s")
    assert lines == [f"Not saved: could not write {tmp_path / 'tiny' / 's.toml'}: No space left on device"]
    monkeypatch.undo()
    assert (tmp_path / "tiny" / "s.toml").read_bytes() == before
    assert not [p for p in (tmp_path / "tiny").iterdir() if ".tmp-" in p.name]


def test_a_damaged_save_falls_back_to_its_backup(engine: Engine, tmp_path: Path) -> None:
    play(engine, "save s")
    backup_state = engine.state.copy()
    play(engine, "wait", "save s")
    path = tmp_path / "tiny" / "s.toml"
    path.write_bytes(path.read_bytes()[: len(path.read_bytes()) // 2])
    lines = play(engine, "load s")
    assert lines[:2] == ["s.toml is damaged: it stops part-way, as if cut short. Loaded its backup instead (the "
                         "save before its last one).", ""], "said once, in order: no \"Loaded slot\" before it"
    assert engine.state.copy() == backup_state


@pytest.mark.parametrize("damage", ["truncate", "flip", "empty", "retype", "foreign", "version", "format"])
def test_bad_saves_are_refused_and_the_game_goes_on(engine: Engine, tmp_path: Path, damage: str) -> None:
    play(engine, "take stone", "save s")
    path = tmp_path / "tiny" / "s.toml"
    text = path.read_text()
    broken = {
        "truncate": text[: len(text) - 40],
        "flip": text.replace("turn = 1", "turn = 7"),
        "empty": "",
        "retype": text.replace('room = "camp"', "room = 12"),
        "foreign": text.replace('adventure = "tiny"', 'adventure = "elsewhere"'),
        "version": text.replace('adventure_version = "1.0.0"', 'adventure_version = "9.9.9"', 1),
        "format": text.replace(f"format = {FORMAT_VERSION}", "format = 99"),
    }[damage]
    path.write_text(broken)
    live = engine.state.copy()
    lines = play(engine, "load s")
    assert lines[0].startswith("Not loaded: ") and lines[1] == "The game goes on as it was."
    assert engine.state.copy() == live


@pytest.mark.parametrize("slot", ["../x", "/etc/passwd", "a/b", "..", "", "con", "NUL", "a\x00b", "x" * 40, "-x", "a b"])
def test_hostile_slot_names_are_refused(slot: str) -> None:
    with pytest.raises(SaveError):
        check_slot(slot)


def test_a_symlink_planted_as_a_slot_is_not_followed(tiny: Adventure, engine: Engine, tmp_path: Path) -> None:
    folder = tmp_path / "tiny"
    folder.mkdir(parents=True)
    target = tmp_path / "outside.txt"
    target.write_text("keep me")
    (folder / "evil.toml").symlink_to(target)
    assert play(engine, "save evil")[0].startswith("Not saved: slot \"evil\" is a symbolic link")
    assert target.read_text() == "keep me"


def test_stray_temp_files_are_cleaned_at_start(tiny: Adventure, tmp_path: Path) -> None:
    folder = tmp_path / "tiny"
    folder.mkdir(parents=True)
    (folder / ".s.toml.tmp-999").write_text("half a save")
    assert SaveStore(tmp_path, tiny).clean_strays() == [folder / ".s.toml.tmp-999"]
    assert not (folder / ".s.toml.tmp-999").exists()


def test_loading_a_missing_slot_names_the_saved_ones(engine: Engine) -> None:
    play(engine, "save alpha")
    assert play(engine, "load beta")[0] == ('Not loaded: there is no save in slot "beta" '
                                            f'(saved slots: alpha in {engine.saves.folder})')


def test_a_slot_named_like_an_article_is_still_a_slot(engine: Engine, tmp_path: Path) -> None:
    assert play(engine, "save a")[0].startswith('Saved to slot "a"')
    assert (tmp_path / "tiny" / "a.toml").exists()


def test_loading_a_save_of_another_system_is_refused_in_game(tiny: Adventure, engine: Engine, tmp_path: Path) -> None:
    from game.rules.registry import get_system

    other = Engine.new_game(tiny, get_system("bind"), 3, saves=SaveStore(tmp_path, tiny))
    play(other, "save theirs")
    live = engine.state.copy()
    lines = play(engine, "load theirs")
    assert lines[0].startswith('Not loaded: slot "theirs" was played under bind')
    assert "wayfarer --system bind --load theirs" in lines[0]
    assert engine.state.copy() == live
