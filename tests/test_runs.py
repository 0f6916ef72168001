"""Every run kept until the player lets it go: load, restore and restart ask before leaving progress, and
keep the run they leave; a start from a slot never writes over another run."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from game.engine import Engine
from game.runs import kept_runs
from game.saves import SaveStore
from tests.conftest import DATA, play

ROOT = Path(__file__).resolve().parents[1]


def _log_of(engine: Engine, run: str) -> list[str]:
    assert engine.saves is not None
    return SaveStore(engine.saves.root, engine.adventure).read(engine.saves.root / "tiny" / "runs" / f"{run}.toml").log


def test_load_asks_before_leaving_progress_and_keeps_the_run_left(engine: Engine) -> None:
    engine.autosave = True
    play(engine, "wait", "save early", "take stone", "wait", "wait", "wait")
    before = engine.state.copy()
    asked = play(engine, "load early")
    assert asked[0].startswith('You have played on since your last save. Loading slot "early" leaves it. This run is '
                               "kept as run 1 (wayfarer --continue 1") and asked[-1] == "Load anyway? (yes/no)"
    assert play(engine, "no") == ["Then the journey goes on."] and engine.state.copy() == before
    play(engine, "load early")
    loaded = play(engine, "yes")
    assert loaded[:2] == ['Loaded slot "early".', "(The run you left is kept as run 1: wayfarer --continue 1 "
                          f"--saves {engine.saves.root if engine.saves else ''} resumes it.)"]
    assert engine.state.log == ["wait"]
    play(engine, "wait")
    engine.flush_autosave()
    assert _log_of(engine, "1") == ["wait", "take stone", "wait", "wait", "wait"]
    assert _log_of(engine, "2") == ["wait", "wait"]


def test_load_of_a_refused_save_does_not_ask(engine: Engine, tmp_path: Path) -> None:
    play(engine, "wait", "save s", "wait")
    (tmp_path / "tiny" / "s.toml").write_text("broken")
    (tmp_path / "tiny" / "s.toml.bak").unlink(missing_ok=True)
    assert play(engine, "load s")[0].startswith("Not loaded: ")


def test_restart_asks_and_keeps_the_run_left(engine: Engine) -> None:
    engine.autosave = True
    play(engine, "wait", "wait")
    asked = play(engine, "restart")
    assert asked[0].startswith("Are you sure you want to start again from the beginning? This run is kept as run 1")
    said = play(engine, "yes")
    assert said[-1].startswith("(The run you left is kept as run 1: wayfarer --continue 1")
    play(engine, "wait")
    engine.flush_autosave()
    assert _log_of(engine, "1") == ["wait", "wait"] and _log_of(engine, "2") == ["wait"]


def test_restore_after_a_death_keeps_the_ended_run(engine: Engine) -> None:
    engine.autosave = True
    play(engine, "wait", "save s", "wait")
    engine.state.status = "dead"
    engine.submit("look")  # the death written
    said = play(engine, "restore s")
    assert said[0] == 'Loaded slot "s".' and "kept as run 1" in said[1]


def test_a_start_from_a_slot_never_writes_over_another_run(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "WAYFARER_SAVES": str(tmp_path)}

    def game(commands: str, *args: str) -> str:
        return subprocess.run([sys.executable, "-m", "game", str(DATA / "tiny"), "--seed", "1", *args],
                              input=commands, capture_output=True, text=True, cwd=ROOT, env=env, timeout=60).stdout

    game("save x\nwait\nwait\nwait\nwait\nwait\n")
    ahead = (tmp_path / "tiny" / "runs" / "1.toml").read_bytes()
    game("wait\n", "--load", "x")
    assert (tmp_path / "tiny" / "runs" / "1.toml").read_bytes() == ahead
    assert [r.run for r in kept_runs(tmp_path)] == ["2", "1"]


def _play(saves: Path, commands: str, *args: str) -> str:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "WAYFARER_SAVES": str(saves)}
    return subprocess.run([sys.executable, "-m", "game", *args], input=commands, capture_output=True, text=True,
                          cwd=ROOT, env=env, timeout=60).stdout


def test_continue_offers_the_undo_of_the_last_turns(tmp_path: Path) -> None:
    _play(tmp_path, "take stone\nwait\nwait\n", str(DATA / "tiny"), "--seed", "1")
    out = _play(tmp_path, "undo\nundo\nundo\ni\nundo\n", "--continue")
    assert out.count("(Your last turn is undone.") == 3 and "There is nothing to undo." in out
    assert "smooth stone" not in out.split("> i\n", 1)[1], "the stone taken back"


def test_continue_undoes_a_line_of_commands_as_one_step_as_the_session_did(tmp_path: Path) -> None:
    _play(tmp_path, "wait\ntake stone. wait. wait\n", str(DATA / "tiny"), "--seed", "1")
    out = _play(tmp_path, "undo\ni\nundo\nundo\n", "--continue")
    assert "(Your last line of commands (3 turns) is undone." in out and "smooth stone" not in out.split("> i\n")[1]
    assert out.count("is undone.") == 2 and "There is nothing to undo." in out


DEATH = "wait 2 days\nwait 2 days\nyes\nwait 2 days\nyes\nwait 2 days\nyes\n"


def test_continue_after_a_death_offers_what_the_session_offered(tmp_path: Path) -> None:
    died = _play(tmp_path, DEATH, str(DATA / "tiny"), "--seed", "1")
    assert "*** You have died ***" in died
    out = _play(tmp_path, "undo\nwait 2 days\n", "--continue")
    before, _, after = out.partition("> undo\n")
    assert "*** You have died ***" in before and before.rstrip().endswith("UNDO your last move or QUIT?")
    assert after.startswith("Camp\n(Your last turn is undone.") and "Another day without water will kill you" in after


def test_an_undo_history_changed_by_hand_is_dropped_with_a_note_and_the_run_loads(tmp_path: Path) -> None:
    _play(tmp_path, "wait\nwait\n", str(DATA / "tiny"), "--seed", "1")
    run = tmp_path / "tiny" / "runs" / "1.toml"
    run.write_text(run.read_text().replace("\nlog = 1\n", "\nlog = 0\n", 1))
    out = _play(tmp_path, "undo\n", "--continue")
    assert "The undo of the last turns kept with this run could not be read (it was changed since the game wrote " \
           "it); undo goes back no further than here." in " ".join(out.split())
    assert "Resumed run 1 of A Tiny Test (turn 2" in out and "There is nothing to undo." in out
