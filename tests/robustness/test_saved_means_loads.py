""""Saved" means it loads; dead runs, backups, two games on one slot, strays of live writers; content a save could not hold."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.engine import MAX_LOG
from game.saves import SaveStore
from game.world.loader import check_adventure

from .helpers import new_engine

pytestmark = pytest.mark.robustness
TINY = Path(__file__).resolve().parents[1] / "data" / "tiny"


def test_a_long_number_never_reaches_a_save(tmp_path: Path) -> None:
    engine = new_engine(saves=tmp_path)
    engine.submit("wait " + "0" * 119 + "5")
    engine.submit("wait")
    assert engine.submit("save").lines[0].startswith("Saved")
    assert engine.submit("load").lines[0].startswith("Loaded")


def test_a_save_that_would_not_load_is_not_written(tmp_path: Path) -> None:
    engine = new_engine(saves=tmp_path)
    engine.state.log.extend(["x" * 50 + ", " + "y" * 50] * 140_000)  # beyond the reader's lines-and-commas limit
    line = engine.submit("save").lines[0]
    assert line.startswith("Not saved: the save would not load again"), line
    assert not (tmp_path / "tiny" / "quicksave.toml").exists()


def test_the_log_is_capped_below_what_a_save_holds(tmp_path: Path) -> None:
    engine = new_engine(saves=tmp_path)
    engine.state.log.extend(["wait"] * MAX_LOG)
    assert "most commands a save can hold" in engine.submit("wait").lines[0]
    assert engine.submit("save").lines[0].startswith("Saved")


def test_saving_a_dead_run_over_a_living_save_is_refused(tmp_path: Path) -> None:
    engine = new_engine(saves=tmp_path)
    engine.submit("wait")
    assert engine.submit("save").lines[0].startswith("Saved")
    engine.state.status = "dead"
    line = engine.submit("save").lines[0]
    assert line.startswith("Not saved: this run is over") and "undo or load" in line
    assert engine.submit("save graveyard").lines[0].startswith("Saved")
    assert engine.submit("load").lines[0].startswith("Loaded")
    assert engine.state.status == "playing"


@pytest.mark.parametrize("how", ["load quicksave --backup", "load quicksave backup", "load quicksave.toml.bak"])
def test_the_backup_is_reachable(tmp_path: Path, how: str) -> None:
    engine = new_engine(saves=tmp_path)
    engine.submit("wait")
    engine.submit("save")
    engine.submit("wait")
    engine.submit("save")
    lines = engine.submit(how).lines
    assert lines[0] == 'Loaded the backup of slot "quicksave" (the save before its last one).' \
        and engine.state.log == ["wait"], lines


def test_the_autosave_slot_is_the_games_own(tmp_path: Path) -> None:
    engine = new_engine(saves=tmp_path)
    assert "game's own slot" in engine.submit("save autosave").lines[0]


def test_a_slot_written_by_another_game_is_not_overwritten_without_asking(tmp_path: Path) -> None:
    first, second = new_engine(saves=tmp_path, seed=1), new_engine(saves=tmp_path, seed=2)
    first.submit("wait")
    first.submit("save shared")
    time.sleep(0.01)
    second.submit("wait 2")
    assert second.submit("save shared").lines[0].startswith("Saved")
    line = first.submit("save shared").lines[0]
    assert line.startswith("Not saved") and "another game" in line and str(tmp_path) in line
    assert first.submit("save shared").lines[0].startswith("Saved")  # asked once: saving again overwrites
    assert SaveStore(tmp_path, first.adventure).load("shared")[0].seed == 1


def test_clean_strays_keeps_the_files_of_a_live_writer(tmp_path: Path) -> None:
    engine = new_engine(saves=tmp_path)
    engine.submit("save")
    folder = tmp_path / "tiny"
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        live = folder / f".quicksave.toml.tmp-{sleeper.pid}"
        live.write_bytes(b"being written")
        dead = folder / ".quicksave.toml.tmp-999999999"
        dead.write_bytes(b"left by a kill")
        removed = SaveStore(tmp_path, engine.adventure).clean_strays()
        assert removed == [dead] and live.exists()
    finally:
        sleeper.kill()
        sleeper.wait()
    assert SaveStore(tmp_path, engine.adventure).clean_strays() == [live]


def test_autosave_after_every_command_that_changes_the_run(tmp_path: Path) -> None:
    engine = new_engine(saves=tmp_path)
    engine.autosave = True
    engine.submit("look")
    engine.flush_autosave()
    assert not (tmp_path / "tiny").exists()  # nothing happened yet: a quick look writes no run
    for command, log in (("wait", ["wait"]), ("look", ["wait"]), ("wait 2", ["wait", "wait 2"]), ("undo", ["wait"])):
        engine.submit(command)
        engine.flush_autosave()
        assert SaveStore(tmp_path, engine.adventure).read(tmp_path / "tiny" / "runs" / "1.toml").log == log


def test_a_failing_autosave_is_told_once_and_play_goes_on(tmp_path: Path) -> None:
    (tmp_path / "tiny").write_text("not a folder")
    engine = new_engine(saves=tmp_path)
    engine.autosave = True
    first = engine.submit("wait").shown  # the first autosave is written before the answer: told at once
    assert "not a folder" in engine.flush_autosave()
    second = engine.submit("wait").shown
    engine.flush_autosave()
    third = engine.submit("wait").shown
    assert "Autosave failed" in first[-1] and "not a folder" in first[-1]
    assert not any("Autosave" in line for line in [*second, *third])
    assert engine.state.log == ["wait", "wait", "wait"]


def _adventure_with(tmp_path: Path, old: str, new: str) -> Path:
    folder = tmp_path / "adv"
    shutil.copytree(TINY, folder)
    path = folder / "adventure.toml"
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    return folder


def test_check_refuses_water_a_save_could_not_hold(tmp_path: Path) -> None:
    problems = check_adventure(_adventure_with(tmp_path, "water = 2", "water = 20000"))
    assert any("player.water" in p and "save can hold" in p for p in problems), problems


def test_check_refuses_open_adventures_pools_beyond_its_dice(tmp_path: Path) -> None:
    folder = _adventure_with(tmp_path, "water = 2", "water = 2\nstats.open_adventures = { fight = 500 }")
    problems = check_adventure(folder)
    assert any("fight" in p and "at most 60" in p for p in problems), problems
    folder = _adventure_with(tmp_path / "b", "str = 2", "str = 20000")
    assert any("at most 999" in p for p in check_adventure(folder))


def test_cli_seed_out_of_range_is_a_usage_error() -> None:
    from game.cli import main

    assert main(["--seed", "9223372036854775808"]) == 2
    assert main(["--seed", "-1"]) == 2
    assert main(["roll", "bind", "bonus=1", "--seed", "99999999999999999999"]) == 2


@pytest.mark.parametrize("argv", [[""], ["--system", ""], ["--load", ""], ["--saves", ""], ["check", ""],
                                  ["map", ""], ["replay", ""]])
def test_empty_strings_are_usage_errors(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    from game.cli import main

    assert main(argv) == 2
    assert "empty value" in capsys.readouterr().err


def test_negative_dice_are_read_as_dice(capsys: pytest.CaptureFixture[str]) -> None:
    from game.cli import main

    main(["roll", "bind", "bonus=1", "--dice", "-5,0"])
    err = capsys.readouterr().err
    assert "expected one argument" not in err and "Traceback" not in err


def test_superscript_dice_on_the_command_line_are_usage_errors() -> None:
    from game.cli import main

    assert main(["roll", "bind", "bonus=3", "--dice", "³,4"]) == 2


def test_undo_costs_the_same_at_entry_100_and_100000(tmp_path: Path) -> None:
    """The undo stack shares the command log: its snapshots hold no copy of it."""
    engine = new_engine()
    engine.state.log.extend(["wait"] * 99_000)
    for _ in range(120):
        engine.submit("wait")
    assert all(snapshot.log is engine.state.log for snapshot, *_ in engine.undo_stack)
    engine.undo()
    assert len(engine.state.log) == 99_119


def test_loads_of_different_seeds_do_not_grow_memory(tmp_path: Path) -> None:
    import gc
    import tracemalloc

    engines = [new_engine(saves=tmp_path, seed=seed) for seed in (1, 2)]
    for index, engine in enumerate(engines):
        engine.submit("wait")
        engine.submit(f"save s{index}")
    engine = engines[0]
    for round_ in range(20):
        engine.submit(f"load s{round_ % 2}")
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    for round_ in range(200):
        engine.submit(f"load s{round_ % 2}")
    gc.collect()
    grown = sum(stat.size_diff for stat in tracemalloc.take_snapshot().compare_to(before, "filename"))
    tracemalloc.stop()
    assert grown < 200 * 1024, grown  # ~14 KB a load would be 2.8 MB


def test_streams_closed_full_and_broken_end_with_one_line(tmp_path: Path) -> None:
    env = {**os.environ, "WAYFARER_SAVES": str(tmp_path), "PYTHONPATH": str(TINY.parents[2])}
    base = [sys.executable, "-m", "game", str(TINY), "--seed", "1"]
    full = subprocess.run(base, input=b"wait\nmap\n", stdout=open("/dev/full", "wb"), stderr=subprocess.PIPE,
                          env=env, timeout=60)
    assert full.returncode == 1 and b"Traceback" not in full.stderr and full.stderr.count(b"\n") == 1, full.stderr
    closed = subprocess.run(" ".join(base) + " >&-", shell=True, input=b"wait\n", stderr=subprocess.PIPE, env=env,
                            timeout=60)
    assert closed.returncode == 1 and b"Traceback" not in closed.stderr and b"closed" in closed.stderr
    latin = subprocess.run(base, input=b"wait\nmap\n", capture_output=True,
                           env={**env, "LC_ALL": "C", "LANG": "C", "PYTHONIOENCODING": "latin-1"}, timeout=60)
    assert latin.returncode == 0 and b"Traceback" not in latin.stderr
    ascii_ = subprocess.run(base, input=b"map\n", capture_output=True, env={**env, "PYTHONIOENCODING": "ascii"},
                            timeout=60)
    assert ascii_.returncode == 0 and b"Traceback" not in ascii_.stderr
    assert SaveStore(tmp_path, new_engine().adventure).read(tmp_path / "tiny" / "runs" / "1.toml").log[:1] == ["wait"]
