"""``wayfarer --continue`` with no adventure named: the most recent run in the saves folder, of any adventure."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from tests.conftest import DATA

ROOT = Path(__file__).resolve().parents[1]
#: prompt_toolkit draws the prompt as ">" after resetting the colours, then moves the cursor.
PROMPT = r"\x1b\[0m>"


def _game(saves: Path, *args: str, commands: str = "look\n") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("WAYFARER_SAVES", None)
    return subprocess.run([sys.executable, "-m", "game", *args, "--saves", str(saves)], input=commands,
                          capture_output=True, text=True, cwd=ROOT, env=env, timeout=60)


def _played(saves: Path, adventure: str, when: int, commands: str = "wait\n") -> Path:
    """A run of ``adventure`` with its commands in its autosave, written at time ``when``; its autosave."""
    assert _game(saves, adventure, "--seed", "1", commands=commands).returncode == 0
    newest = max(saves.glob("*/runs/*.toml"), key=lambda p: int(p.stem))
    os.utime(newest, (when, when))
    return newest


def test_continue_alone_resumes_the_most_recent_run_of_any_adventure(tmp_path: Path) -> None:
    oasis = _played(tmp_path, "glass-oasis", 1_000_000)
    _played(tmp_path, "cloak-of-darkness", 2_000_000)
    result = _game(tmp_path, "--continue")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Resumed run 2 of Cloak of Darkness (turn 1, day 1).")
    os.utime(oasis, (3_000_000, 3_000_000))
    assert _game(tmp_path, "--continue").stdout.startswith("Resumed run 1 of The Glass Oasis")


def test_continue_alone_finds_an_adventure_folder_of_ones_own(tmp_path: Path) -> None:
    mine = tmp_path / "adventures" / "mine"
    shutil.copytree(DATA / "tiny", mine)
    saves = tmp_path / "saves"
    _played(saves, "cloak-of-darkness", 1_000_000)
    _played(saves, str(mine), 2_000_000)
    result = _game(saves, "--continue")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Resumed run 2 of A Tiny Test (turn 1, day 1).")
    mine.rename(tmp_path / "adventures" / "moved")
    gone = _game(saves, "--continue")
    assert gone.returncode == 1 and gone.stdout == ""
    assert gone.stderr == (
        f"wayfarer: run 2, of tiny, was played from {mine}, which is gone. To resume a run of it, name its adventure "
        f"folder: wayfarer FOLDER --continue; the runs kept: run 2 (tiny): wayfarer --continue FOLDER-OF-tiny "
        f"--saves {saves}; run 1 (cloak-of-darkness): wayfarer --continue 1 --saves {saves}\n")


def test_continue_with_no_run_at_all_says_so(tmp_path: Path) -> None:
    result = _game(tmp_path, "--continue")
    assert result.returncode == 1 and result.stderr == f"wayfarer: no run to continue: there is no run kept in {tmp_path}\n"


def test_continue_of_an_adventure_without_a_run_names_the_runs_there(tmp_path: Path) -> None:
    _played(tmp_path, "cloak-of-darkness", 1_000_000)
    result = _game(tmp_path, "glass-oasis", "--continue")
    assert result.returncode == 1
    assert result.stderr == ("wayfarer: no run of glass-oasis to continue: there is no run of it kept in "
                             f"{tmp_path}; runs there: 1 (cloak-of-darkness) (wayfarer saves lists them)\n")


def test_a_run_that_no_longer_loads_is_kept_aside_and_said(tmp_path: Path) -> None:
    autosave = _played(tmp_path, "cloak-of-darkness", 1_000_000)
    autosave.write_bytes(autosave.read_bytes()[:500])
    result = _game(tmp_path, "--continue")
    aside = autosave.with_name("1.unreadable.toml")
    assert result.returncode == 1 and result.stderr == (
        "wayfarer: run 1 no longer loads: 1.toml is damaged: it stops part-way, as if cut short. The autosave keeps "
        "no backup: load one of your own saves instead (wayfarer --load SLOT, or load SLOT in the game). It is kept "
        f"aside as {aside}; wayfarer saves lists the other runs.\n")
    assert aside.is_file() and not autosave.exists()


def test_a_plain_start_sets_aside_a_last_run_that_no_longer_loads(tmp_path: Path) -> None:
    autosave = _played(tmp_path, "cloak-of-darkness", 1_000_000)
    autosave.write_bytes(autosave.read_bytes().replace(b"turn = 1", b"turn = 9"))
    result = _game(tmp_path, "cloak-of-darkness")
    aside = autosave.with_name("1.unreadable.toml")
    said = " ".join(result.stdout.split())
    assert said.startswith("Note: run 1 of Cloak of Darkness no longer loads (1.toml was changed since the game "
                           f"wrote it, by hand or by damage: its checksum does not match); it is kept aside as {aside}.")
    assert aside.read_bytes().count(b"turn = 9") == 2


def test_two_games_of_one_adventure_never_write_over_each_other(tmp_path: Path) -> None:
    """Game A plays 4 commands, game B starts, A plays 5 more, B plays 2: both runs whole, each its own."""
    import pexpect

    env = {**os.environ, "PYTHONPATH": str(ROOT), "WAYFARER_SAVES": str(tmp_path), "TERM": "xterm", "LANG": "C.UTF-8"}
    games = [pexpect.spawn(sys.executable, ["-m", "game", "cloak-of-darkness", "--seed", "1"], env=env,
                           cwd=str(ROOT), encoding="utf-8", timeout=30, dimensions=(24, 200)) for _ in range(2)]
    a, b = games

    def waits(game: pexpect.spawn, count: int) -> None:
        for _ in range(count):
            game.sendline("wait")
            game.expect("Time passes")
            game.expect(PROMPT)

    a.expect(PROMPT)
    waits(a, 4)
    b.expect(PROMPT)
    waits(a, 5)
    waits(b, 2)
    a.sendline("quit")
    a.expect(r"kept as run (\d+)")
    run_a = a.match.group(1)
    a.sendline("yes")
    a.expect(pexpect.EOF)
    b.sendeof()
    b.expect(r"kept as run (\d+)")
    run_b = b.match.group(1)
    b.expect(pexpect.EOF)
    assert run_a != run_b
    resumed_a = _game(tmp_path, "--continue", run_a, commands="")
    resumed_b = _game(tmp_path, "--continue", run_b, commands="")
    assert resumed_a.stdout.startswith(f"Resumed run {run_a} of Cloak of Darkness (turn 9,"), resumed_a.stdout
    assert resumed_b.stdout.startswith(f"Resumed run {run_b} of Cloak of Darkness (turn 2,"), resumed_b.stdout


def test_old_autosaves_become_runs_and_the_player_is_told_once(tmp_path: Path) -> None:
    _played(tmp_path, "cloak-of-darkness", 1_000_000)
    folder = tmp_path / "cloak-of-darkness"
    (folder / "runs" / "1.toml").rename(folder / "autosave.toml")  # the layout of earlier versions
    shutil.copy(folder / "autosave.toml", folder / "autosave-previous.toml")
    (tmp_path / ".last-run").unlink()
    shutil.rmtree(folder / "runs")
    listed = _game(tmp_path, "saves")
    assert listed.stdout.startswith(
        f"Note: the autosave {folder / 'autosave-previous.toml'} is now run 1 of cloak-of-darkness (each run has its "
        f"own autosave now; wayfarer --continue 1 resumes it).\nNote: the autosave {folder / 'autosave.toml'} is now "
        "run 2 of cloak-of-darkness"), listed.stdout
    again = _game(tmp_path, "saves")
    assert "Note:" not in again.stdout and "  run 2: Cloak of Darkness, Vaults of Vaarn" in again.stdout
    assert _game(tmp_path, "--continue", "1").stdout.startswith("Resumed run 1 of Cloak of Darkness (turn 1")


def test_runs_beyond_the_number_kept_are_dropped_oldest_first(tmp_path: Path) -> None:
    from game.runs import KEPT_RUNS

    folder = tmp_path / "cloak-of-darkness" / "runs"
    first = _played(tmp_path, "cloak-of-darkness", 1_000)
    for number in range(2, KEPT_RUNS + 2):
        shutil.copy(first, folder / f"{number}.toml")
        os.utime(folder / f"{number}.toml", (1_000 + number, 1_000 + number))
    (tmp_path / ".last-run").write_text(str(KEPT_RUNS + 1))
    _played(tmp_path, "cloak-of-darkness", 5_000)
    kept = sorted(int(p.stem) for p in folder.glob("*.toml"))
    assert kept == list(range(KEPT_RUNS + 2 - (KEPT_RUNS - 1), KEPT_RUNS + 3)) and len(kept) == KEPT_RUNS


def test_the_player_drops_a_run(tmp_path: Path) -> None:
    run = _played(tmp_path, "cloak-of-darkness", 1_000)
    dropped = _game(tmp_path, "saves", "--drop", "1")
    assert dropped.returncode == 0 and dropped.stdout == f"Dropped run 1 ({run}).\n" and not run.exists()
    again = _game(tmp_path, "saves", "--drop", "1")
    assert again.returncode == 1 and "there is no run 1" in again.stderr


def test_load_of_a_damaged_slot_at_start_says_once_that_its_backup_was_loaded(tmp_path: Path) -> None:
    assert _game(tmp_path, "cloak-of-darkness", "--seed", "1", commands="save twice\nwait\nsave twice\n").returncode == 0
    slot = tmp_path / "cloak-of-darkness" / "twice.toml"
    slot.write_bytes(slot.read_bytes()[:300])
    result = _game(tmp_path, "cloak-of-darkness", "--load", "twice")
    assert result.stdout.startswith("twice.toml is damaged: it stops part-way, as if cut short. Loaded its backup\n"
                                    "instead (the save before its last one).\nFoyer of the Opera House")
