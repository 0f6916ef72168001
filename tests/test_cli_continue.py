"""``wayfarer --continue`` with no adventure named: the most recent run in the saves folder, of any adventure."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from tests.conftest import DATA

ROOT = Path(__file__).resolve().parents[1]


def _game(saves: Path, *args: str, commands: str = "look\n") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("WAYFARER_SAVES", None)
    return subprocess.run([sys.executable, "-m", "game", *args, "--saves", str(saves)], input=commands,
                          capture_output=True, text=True, cwd=ROOT, env=env, timeout=60)


def _played(saves: Path, adventure: str, when: int, adventure_id: str = "") -> None:
    """A run of ``adventure`` with one command in its autosave, written at time ``when``."""
    assert _game(saves, adventure, "--seed", "1", commands="wait\n").returncode == 0
    autosave = saves / (adventure_id or adventure) / "autosave.toml"
    os.utime(autosave, (when, when))


def test_continue_alone_resumes_the_most_recent_run_of_any_adventure(tmp_path: Path) -> None:
    _played(tmp_path, "glass-oasis", 1_000_000)
    _played(tmp_path, "cloak-of-darkness", 2_000_000)
    result = _game(tmp_path, "--continue")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Resumed your last run of Cloak of Darkness (turn 1, day 1).")
    os.utime(tmp_path / "glass-oasis" / "autosave.toml", (3_000_000, 3_000_000))
    assert _game(tmp_path, "--continue").stdout.startswith("Resumed your last run of The Glass Oasis")


def test_continue_alone_finds_an_adventure_folder_of_ones_own(tmp_path: Path) -> None:
    mine = tmp_path / "adventures" / "mine"
    shutil.copytree(DATA / "tiny", mine)
    saves = tmp_path / "saves"
    _played(saves, "cloak-of-darkness", 1_000_000)
    _played(saves, str(mine), 2_000_000, "tiny")
    result = _game(saves, "--continue")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Resumed your last run of A Tiny Test (turn 1, day 1).")
    mine.rename(tmp_path / "adventures" / "moved")
    gone = _game(saves, "--continue")
    assert gone.returncode == 1 and gone.stdout == ""
    assert gone.stderr == (
        f"wayfarer: the last run in {saves}, of tiny, was played from {mine}, which is gone. To resume a run, name "
        f"its adventure: tiny: wayfarer --continue FOLDER-OF-tiny --saves {saves}; cloak-of-darkness: wayfarer "
        f"--continue cloak-of-darkness --saves {saves}\n")


def test_continue_with_no_run_at_all_says_so(tmp_path: Path) -> None:
    result = _game(tmp_path, "--continue")
    assert result.returncode == 1 and result.stderr == f"wayfarer: no run to continue: there is no autosave in {tmp_path}\n"


def test_continue_of_an_adventure_without_a_run_names_the_runs_there(tmp_path: Path) -> None:
    _played(tmp_path, "cloak-of-darkness", 1_000_000)
    result = _game(tmp_path, "glass-oasis", "--continue")
    assert result.returncode == 1
    assert result.stderr == (f"wayfarer: no run of glass-oasis to continue: there is no autosave in {tmp_path / 'glass-oasis'}; "
                             f"runs there: cloak-of-darkness (wayfarer --continue --saves {tmp_path} resumes the most "
                             f"recent)\n")


def test_continue_from_a_damaged_autosave_says_what_to_do_instead(tmp_path: Path) -> None:
    _played(tmp_path, "cloak-of-darkness", 1_000_000)
    autosave = tmp_path / "cloak-of-darkness" / "autosave.toml"
    autosave.write_bytes(autosave.read_bytes()[:500])
    result = _game(tmp_path, "--continue")
    assert result.returncode == 1 and result.stderr == (
        "wayfarer: autosave.toml is damaged: it stops part-way, as if cut short. The autosave keeps no backup: load "
        "one of your own saves instead (wayfarer --load SLOT, or load SLOT in the game).\n")


def test_load_of_a_damaged_slot_at_start_says_once_that_its_backup_was_loaded(tmp_path: Path) -> None:
    assert _game(tmp_path, "cloak-of-darkness", "--seed", "1", commands="save twice\nwait\nsave twice\n").returncode == 0
    slot = tmp_path / "cloak-of-darkness" / "twice.toml"
    slot.write_bytes(slot.read_bytes()[:300])
    result = _game(tmp_path, "cloak-of-darkness", "--load", "twice")
    assert result.stdout.startswith("twice.toml is damaged: it stops part-way, as if cut short. Loaded its backup\n"
                                    "instead (the save before its last one).\nFoyer of the Opera House")
