"""The command line of the generator: usage errors in one line (exit 2), generate's summary, new and its run record."""
from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from game.cli import main
from game.generate.names import GENERATOR_VERSION


@pytest.mark.parametrize("argv", [
    ["generate", "--size", "huge"],
    ["generate", "--theme", "jungle"],
    ["generate", "--seed", "-3"],
    ["generate", "--survey", "0"],
    ["generate", "--survey", "2", "--fair", "--runs", "0"],
    ["generate", "--jobs", "-1", "--no-fair"],
    ["daily", "--date", "2026-13-01"],
    ["new", "--theme", "jungle"],
    ["replay"],
])
def test_usage_errors_are_one_line_and_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str],
                                              tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WAYFARER_SAVES", str(tmp_path))
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_generate_writes_a_folder_and_prints_the_chain_and_the_certificate(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "adventure"
    assert main(["generate", "--seed", "2", "--theme", "station", "--size", "small", "--out", str(out),
                 "--no-fair"]) == 0
    shown = capsys.readouterr().out
    assert f"Written to {out}" in shown
    assert "The chain of steps to the goal:" in shown
    assert "check: clean (no error, no warning)" in shown
    assert "walkthrough (test --all-systems): passed" in shown
    assert "dead ends: 0" in shown
    assert (out / "adventure.toml").is_file() and (out / "tests" / "walkthrough.transcript").is_file()


def test_survey_json_reports_the_range(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", "--survey", "3", "--theme", "salt", "--size", "small", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["seeds"] == 3 and report["check_clean"] == 3 and report["dead_ends"] == 0
    assert 6 <= report["rooms"]["min"] <= report["rooms"]["max"] <= 10


def test_new_plays_a_generated_adventure_and_leaves_a_record_that_verifies(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WAYFARER_SAVES", str(tmp_path))
    monkeypatch.setattr(sys, "stdin", io.StringIO("look\nwait\n"))
    assert main(["new", "--seed", "4", "--theme", "salt", "--size", "small", "--system", "maelstrom",
                 "--play-seed", "9"]) == 0
    assert "played under" in capsys.readouterr().out
    records = list((tmp_path / "gen-salt-small-4" / "runs").glob("*.json"))
    assert len(records) == 1
    record = json.loads(records[0].read_text(encoding="utf-8"))
    assert record["generator"] == {"version": GENERATOR_VERSION, "theme": "salt", "size": "small", "seed": 4, "danger": 0,
                                   "shifts": {}}
    assert record["system"] == "maelstrom" and record["seed"] == 9 and record["commands"] >= 1
    assert main(["replay", "--verify", str(records[0])]) == 0
    assert "Verified" in capsys.readouterr().out


def test_a_record_whose_log_was_changed_does_not_verify(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WAYFARER_SAVES", str(tmp_path))
    monkeypatch.setattr(sys, "stdin", io.StringIO("wait\n"))
    assert main(["new", "--seed", "4", "--theme", "salt", "--size", "small", "--play-seed", "9"]) == 0
    path = next((tmp_path / "gen-salt-small-4" / "runs").glob("*.json"))
    record = json.loads(path.read_text(encoding="utf-8"))
    record["turns"] = 99
    path.write_text(json.dumps(record), encoding="utf-8")
    capsys.readouterr()
    assert main(["replay", "--verify", str(path)]) == 1
    assert "turns" in capsys.readouterr().out


def test_daily_is_the_same_adventure_for_a_date() -> None:
    import datetime

    from game.generate.commands import daily_seed

    day = datetime.date(2026, 11, 28)
    assert daily_seed(day) == daily_seed(day)
    assert daily_seed(day) != daily_seed(day + datetime.timedelta(days=1))


def test_generate_caps_jobs_at_the_cores_with_a_note(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    result = subprocess.run([sys.executable, "-m", "game", "generate", "--seed", "1", "--size", "small", "--no-fair",
                             "--jobs", "300", "--out", str(tmp_path / "adv")], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    cores = os.cpu_count() or 1
    assert f"--jobs 300 is more than this machine's {cores} core" in result.stderr


def test_new_says_what_is_proven_and_how_to_measure_fairness(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WAYFARER_SAVES", str(tmp_path))
    monkeypatch.setattr(sys, "stdin", io.StringIO("look\n"))
    assert main(["new", "--seed", "6", "--theme", "station", "--size", "small", "--plain"]) == 0
    out = capsys.readouterr().out
    assert "Proven before play: it checks clean, and no move can lose the goal" in out
    assert "wayfarer generate --seed 6 --theme station --size small measures both" in out
    assert out.index("Proven before play") < out.index("played under")


def test_daily_is_certified_once_with_fairness_and_then_starts_from_its_cache(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    import game.generate.commands as generated

    monkeypatch.setenv("WAYFARER_SAVES", str(tmp_path))
    monkeypatch.setattr(generated, "DAILY_RUNS", 2)  # the full certificate's steps, with few runs
    monkeypatch.setattr(sys, "stdin", io.StringIO("look\n"))
    assert main(["daily", "--date", "2026-01-02", "--plain"]) == 0
    first = capsys.readouterr().out
    assert "The adventure of 2026-01-02" in first and "its walkthrough wins under all five systems" in first
    assert "A scripted player wins, in 2 runs under each system" in first

    def refuse(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("the day's adventure was made again")

    monkeypatch.setattr(generated, "make", refuse)
    monkeypatch.setattr(sys, "stdin", io.StringIO("look\n"))
    assert main(["daily", "--date", "2026-01-02", "--plain"]) == 0
    again = capsys.readouterr().out
    assert again.split("played under")[0] == first.split("played under")[0]
    assert list((tmp_path / "generated" / "daily").glob("2026-01-02-*.json"))
