"""The command line of PRODUCT §3: subcommands, JSON, exit codes, one-line errors."""
from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from game.cli import main
from tests.conftest import DATA


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_systems_lists_all_five(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "systems")
    assert code == 0
    assert [line.split()[0] for line in out.splitlines()] == ["open_adventures", "vaarn", "opend6", "bind", "maelstrom"]


def test_odds_json_has_the_stable_keys(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "odds", "vaarn", "bonus=2", "--json")
    data = json.loads(out)
    assert code == 0 and data["system"] == "vaarn"
    assert data["p_success"] == pytest.approx(7 / 20)
    assert sum(data["distribution"].values()) == pytest.approx(1)


def test_roll_with_scripted_dice(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "roll", "vaarn", "bonus=2", "--dice", "14", "--json")
    data = json.loads(out)
    assert code == 0 and data["dice"] == [14] and data["outcome"] == "success" and data["total"] == 16


@pytest.mark.parametrize("dice, needed", [("4", "at least 2"), ("4,5,6", "exactly 2")])
def test_wrong_number_of_scripted_dice_is_a_usage_error_naming_the_count(
        capsys: pytest.CaptureFixture[str], dice: str, needed: str) -> None:
    code, out, err = run(capsys, "roll", "vaarn", "bonus=0", "mode=advantage", "--dice", dice)
    assert code == 2 and out == ""
    assert needed in err and len(err.strip().splitlines()) == 1


def test_unknown_system_lists_the_known_ones(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "odds", "gurps", "dice=3")
    assert code == 2
    assert "unknown system 'gurps'" in err and "open_adventures, vaarn, opend6, bind, maelstrom" in err


def test_play_with_unknown_system_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "play", str(DATA / "tiny"), "--system", "dnd")
    assert code == 2 and "known systems" in err


def test_bad_key_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "odds", "vaarn", "bogus=1")
    assert code == 2 and "bogus" in err


def test_check_passes_good_content_and_fails_bad(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert run(capsys, "check", str(DATA / "tiny"))[0] == 0
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "a.toml").write_text('[adventure]\nid = "bad"\ntitle = "B"\nversion = "1"\nstart = "nowhere"\n')
    code, out, _ = run(capsys, "check", str(bad))
    assert code == 1 and "nowhere" in out


def test_usage_error_has_no_traceback(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "roll")
    assert code == 2 and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_map_text_and_dot(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "map", str(DATA / "tiny"))
    assert code == 0 and "[1 Camp*]=" in out and "ways: east (locked by brass-key)" in out
    code, out, _ = run(capsys, "map", str(DATA / "tiny"), "--format", "dot")
    assert code == 0 and out.startswith('digraph "tiny"') and '"camp" -> "well"' in out


def test_replay_verifies_a_saved_run(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    commands = "take key\nbrass\nn\nattack raider\nattack raider\nsave run\n"
    result = subprocess.run([sys.executable, "-m", "game", str(DATA / "tiny"), "--seed", "5", "--saves",
                             str(tmp_path)], input=commands, capture_output=True, text=True, check=True)
    assert "Saved to slot" in result.stdout
    save = tmp_path / "tiny" / "run.toml"
    logged = len(tomllib.loads(save.read_text())["state"]["log"].splitlines())  # save format 3: a line a command
    assert logged >= 3
    code, out, _ = run(capsys, "replay", str(save), "--adventure", str(DATA / "tiny"))
    assert code == 0 and out.startswith(f"Replay matches: {logged} commands, seed 5")


def test_replay_detects_a_run_that_does_not_match(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from game.engine import Engine
    from game.rules.registry import get_system
    from game.saves import SaveStore
    from game.world.loader import load_adventure

    tiny = load_adventure(DATA / "tiny")
    engine = Engine.new_game(tiny, get_system("vaarn"), 5, saves=SaveStore(tmp_path, tiny))
    engine.submit("take stone")
    engine.state.water = 9  # a state the log cannot produce
    engine.submit("save odd")
    code, out, _ = run(capsys, "replay", str(tmp_path / "tiny" / "odd.toml"), "--adventure", str(DATA / "tiny"))
    assert code == 1 and "water" in out


def test_plain_stdin_plays_and_python_m_game_works(tmp_path: Path) -> None:
    result = subprocess.run([sys.executable, "-m", "game", str(DATA / "tiny"), "--seed", "1", "--saves", str(tmp_path)],
                            input="look\ntake stone\ni\n", capture_output=True, text=True)
    assert result.returncode == 0
    assert "> take stone\nTaken: the smooth stone." in result.stdout


def test_the_collector_is_paused_for_plays_start_up_only_and_always_back_on(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import gc

    from game import commands

    seen: dict[str, bool] = {}
    load, systems = commands._load, commands.systems

    def loading(name: str | None) -> object:
        seen["while loading"] = gc.isenabled()
        return load(name)

    def at_prompt(engine: object, opening: object, plain: bool = False) -> int:
        seen["at the prompt"] = gc.isenabled()
        return 0

    def listing(args: object) -> int:
        seen["systems"] = gc.isenabled()
        return systems(args)  # type: ignore[arg-type]

    monkeypatch.setattr(commands, "_load", loading)
    monkeypatch.setattr(commands, "run_repl", at_prompt)
    monkeypatch.setattr(commands, "systems", listing)
    assert gc.isenabled()
    assert main(["--seed", "1", "--saves", str(tmp_path)]) == 0
    assert seen == {"while loading": False, "at the prompt": True} and gc.isenabled()
    assert main(["systems"]) == 0 and seen["systems"] and gc.isenabled()
    assert main(["no-such-adventure", "--saves", str(tmp_path)]) == 2 and gc.isenabled()  # refused at start-up


@pytest.mark.parametrize("given, reason", [
    ("bind.action_pts=on", "unknown option 'action_pts' for bind"),
    ("bind.action_points=maybe", "must be one of: off, on"),
    ("bindaction", "give SYSTEM.OPTION=VALUE"),
    ("d20.x=1", "unknown system 'd20'"),
])
def test_a_bad_optional_rule_is_a_usage_error_in_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                          given: str, reason: str) -> None:
    code, _, err = run(capsys, "play", str(DATA / "tiny"), "--rules", given, "--saves", str(tmp_path))
    assert code == 2 and reason in err and len(err.strip().splitlines()) == 1, err


def test_optional_rules_chosen_on_the_command_line_play_and_go_on_in_a_save(tmp_path: Path) -> None:
    """``--rules bind.action_points=on`` (repeatable): the option is in play, and a save keeps it."""
    def play(*args: str, commands: str) -> str:
        result = subprocess.run([sys.executable, "-m", "game", "glass-oasis", "--saves", str(tmp_path), *args],
                                input=commands, capture_output=True, text=True)
        assert result.returncode == 0, result.stderr
        return result.stdout

    option = "Action points (an option of this adventure)"
    assert option not in play("--system", "bind", "--seed", "1", commands="rules\n")
    out = play("--system", "bind", "--seed", "1", "--rules", "bind.action_points=on",
               "--rules", "bind.combat_tie=both", commands="rules\nsave one\n")
    assert option in out
    assert option in play("--load", "one", commands="rules\n"), "the save goes on under the rules it was played with"
