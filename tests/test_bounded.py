"""Bounded and read one way: a re-asked question keeps constant memory, Ctrl-C during a command takes it
back, ``--jobs`` is capped at the cores, slot names read alike for save and load, a replay that diverges
does not call a changed save a bug, and a saves folder whose adventure folder is a link still starts."""
from __future__ import annotations

import gc
import os
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest

from game.commands import capped_jobs
from game.engine import Engine
from game.timekeeping import THIRST_DEATH_DAYS
from tests.conftest import DATA, play

ROOT = Path(__file__).resolve().parents[1]


def _memory_after(engine: Engine, times: int) -> int:
    for _ in range(times):
        assert engine.submit("wait 2 days").question
    gc.collect()
    return tracemalloc.get_traced_memory()[0]


def test_a_question_answered_with_the_command_that_asks_it_keeps_constant_memory(engine: Engine) -> None:
    """The thirst question answered by the wait that asks it again, hundreds of times: no chain of old ones."""
    engine.state.water, engine.state.thirst_days = 0, THIRST_DEATH_DAYS - 1
    assert engine.submit("wait 2 days").lines[-1] == "Another day without water will kill you. Wait anyway? (yes/no)"
    tracemalloc.start()
    try:
        first = _memory_after(engine, 50)
        later = _memory_after(engine, 400)
    finally:
        tracemalloc.stop()
    assert later - first < 256 * 1024, f"{(later - first) // 400} bytes kept per question"


def test_ctrl_c_during_a_command_takes_it_back_and_the_game_goes_on(engine: Engine,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    play(engine, "take stone", "wait")
    before, undo = engine.state.to_data(engine.system), len(engine.undo_stack)

    def interrupted(*args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(engine.play, "npc_phase", interrupted)
    report = engine.submit("wait. wait")
    assert report.lines == ["(Interrupted: the command was taken back; the game goes on as it was.)"]
    assert engine.state.to_data(engine.system) == before and len(engine.undo_stack) == undo
    monkeypatch.undo()
    assert play(engine, "wait") == ["Time passes."] and engine.state.log == ["take stone", "wait", "wait"]


@pytest.mark.parametrize(("asked", "cores", "runs"), [(300, 2, 2), (100_000, 4, 4), (2, 2, 2), (0, 2, 0), (1, 8, 1)])
def test_jobs_are_capped_at_the_cores_with_a_note(asked: int, cores: int, runs: int,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert capped_jobs(asked, cores) == runs
    note = capsys.readouterr().err
    assert (note == f"wayfarer: --jobs {asked} is more than this machine's {cores} cores; running {cores} jobs.\n") \
        == (asked > cores)


def test_simulate_with_a_hundred_thousand_jobs_runs_on_the_cores() -> None:
    done = subprocess.run([sys.executable, "-m", "game", "simulate", str(DATA / "tiny"), "--runs", "4", "--jobs",
                           "100000", "--json"], capture_output=True, text=True, cwd=ROOT, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0 and "is more than this machine's" in done.stderr and '"runs": 4' in done.stdout


NAMES = [".", "..", "...", "./x", "../x", "x.toml.bak", "x.bak", "x backup", "x --backup", ".x", "x.", "x.toml",
         "X", " x ", "x/y", "~", "-x", "autosave", "con", "x" * 33]


@pytest.mark.parametrize("name", NAMES)
def test_a_slot_name_reads_one_way_for_save_and_load(engine: Engine, name: str) -> None:
    """What save writes under a name, load of that name loads; what save refuses, load refuses as well
    (a slot's backup is loaded by name, and never written to)."""
    play(engine, "save x", "wait", "save x")  # slot x, and its backup
    engine.submit("wait")
    saved = play(engine, f"save {name}")
    loaded = play(engine, f"load {name}")
    if saved[0].startswith("Saved to slot"):
        slot = saved[0].split('"')[1]
        assert loaded[0] == f'Loaded slot "{slot}".' or (loaded[-1] == "Load anyway? (yes/no)" and
                                                        play(engine, "yes")[0] == f'Loaded slot "{slot}".'), loaded
    elif "backup" in saved[0]:
        assert saved[0].startswith('Not saved: that names the backup of slot "x"')
        assert play(engine, "yes")[0] == 'Loaded the backup of slot "x" (the save before its last one).'
    else:
        assert saved[0].startswith("Not saved: ") and loaded[0].startswith("Not loaded: "), (saved, loaded)
        assert saved[0].removeprefix("Not saved: ") == loaded[0].removeprefix("Not loaded: ") or "own slot" in saved[0]


def test_replay_of_a_changed_save_does_not_call_it_a_bug(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from game.cli import main

    commands = "take stone\nwait\nsave run\n"
    subprocess.run([sys.executable, "-m", "game", str(DATA / "tiny"), "--seed", "5", "--saves", str(tmp_path)],
                   input=commands, capture_output=True, text=True, check=True, cwd=ROOT,
                   env={**os.environ, "PYTHONPATH": str(ROOT)})
    save = tmp_path / "tiny" / "run.toml"
    import tomllib

    import tomli_w

    from game.saves import checksum

    document = tomllib.loads(save.read_text())
    document["state"]["water"] = 1  # a hand edit, the checksum sealed again
    document["save"]["checksum"] = checksum(document["state"])
    save.write_text(tomli_w.dumps(document))
    assert main(["replay", str(save), "--adventure", str(DATA / "tiny")]) == 1
    out = capsys.readouterr().out
    assert "Replay diverged" in out and "water" in out and "this is a bug" not in out
    assert "the save was changed after it was written (by hand, or by a tool)" in " ".join(out.split())


def test_a_saves_folder_whose_adventure_folder_is_a_link_starts(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (tmp_path / "saves").mkdir()
    (tmp_path / "saves" / "tiny").symlink_to(elsewhere, target_is_directory=True)
    done = subprocess.run([sys.executable, "-m", "game", str(DATA / "tiny"), "--seed", "1", "--saves",
                           str(tmp_path / "saves")], input="wait\nsave s\n", capture_output=True, text=True,
                          cwd=ROOT, timeout=60, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0 and done.stderr == "", done.stderr
    said = " ".join(done.stdout.split())
    assert said.startswith(f"Note: nothing can be saved in this saves folder ({tmp_path / 'saves' / 'tiny'} is a "
                           "symbolic link; refusing to follow it")
    assert "Time passes." in said and "Not saved: " in said and list(elsewhere.iterdir()) == []
