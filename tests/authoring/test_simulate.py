"""``wayfarer simulate``: the scripted player, the stable JSON of PRODUCT §3.3, determinism whatever ``--jobs``."""
from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from game.authoring.scout import Scout, play_run
from game.authoring.simulate import simulate_all
from game.cli import main
from game.rules.registry import SYSTEM_IDS
from game.world.content import Adventure
from game.world.loader import load_adventure
from tests.conftest import DATA


def test_the_json_has_the_stable_keys(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", str(DATA / "tiny"), "--runs", "6", "--seed", "5", "--json", "--jobs", "1"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["adventure"] == "tiny" and data["runs"] == 6 and data["seed"] == 5
    vaarn = data["systems"]["vaarn"]
    assert set(vaarn) >= {"win_rate", "wins", "deaths", "timeouts", "causes_of_death", "median_turns", "median_days",
                          "encounters"}
    assert vaarn["wins"] + vaarn["deaths"] + vaarn["timeouts"] == 6
    assert vaarn["win_rate"] == pytest.approx(vaarn["wins"] / 6, abs=1e-3)
    for figures in vaarn["encounters"].values():
        assert set(figures) == {"fights", "player_won", "mean_damage_taken"}


def test_the_same_seed_gives_byte_identical_output_whatever_the_jobs() -> None:
    outputs = set()
    for jobs in ("1", "2", "3"):
        result = subprocess.run([sys.executable, "-m", "game", "simulate", str(DATA / "tiny"), "--all-systems",
                                 "--runs", "4", "--seed", "11", "--json", "--jobs", jobs],
                                capture_output=True, text=True, check=True)
        assert "\r" not in result.stderr  # no progress bar when stderr is not a terminal (a note: --jobs over the cores)
        outputs.add(result.stdout)
    assert len(outputs) == 1
    assert set(json.loads(outputs.pop())["systems"]) == set(SYSTEM_IDS)


def test_the_scout_wins_the_tiny_adventure_sometimes_under_every_system(tiny: Adventure) -> None:
    for system_id in SYSTEM_IDS:
        results = [play_run(tiny, system_id, seed, 300) for seed in range(1, 9)]
        assert any(r.outcome == "won" for r in results), system_id
        assert all(r.outcome != "dead" or r.cause for r in results)


def test_a_progress_bar_only_on_a_terminal(tiny: Adventure) -> None:
    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    stream = Tty()
    simulate_all(DATA / "tiny", tiny, ["vaarn"], runs=3, seed=1, jobs=1, progress=stream)
    assert "4/4" in stream.getvalue()  # three runs and an explorer's
    quiet = io.StringIO()
    simulate_all(DATA / "tiny", tiny, ["vaarn"], runs=3, seed=1, jobs=1, progress=quiet)
    assert quiet.getvalue() == ""


def test_the_scout_weighs_health_from_the_sheet_not_the_status_line(tiny: Adventure) -> None:
    from dataclasses import replace

    from game.engine import Engine
    from game.rules.registry import get_system

    engine = Engine.new_game(tiny, get_system("open_adventures"), 3)
    scout = Scout(engine, 3, 10)
    engine.state.player = replace(engine.state.player, dice_left=0, fatigue=1)  # the status line reads "dice 0/N"
    assert scout.health() == 1.0
    engine.state.player = replace(engine.state.player, pool=engine.state.player.pool_max - 2)
    assert scout.health() == engine.system.health_fraction(engine.state.player) < 1.0


def test_text_report_and_bad_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", str(DATA / "tiny"), "--runs", "3", "--jobs", "1", "--system", "bind"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("tiny: 3 runs a system from seed 1") and "\nbind: won " in out
    assert main(["simulate", str(DATA / "tiny"), "--runs", "0"]) == 2
    assert main(["simulate", str(DATA / "tiny"), "--system", "dnd"]) == 2


@pytest.mark.parametrize("name", ["glass-oasis", "halcyon-drift"])
def test_bundled_adventures_are_winnable_under_every_system(name: str) -> None:
    from pathlib import Path

    from game.world.loader import load_adventure

    folder = Path(__file__).resolve().parents[2] / "content" / name
    result = simulate_all(folder, load_adventure(folder), SYSTEM_IDS, runs=25, seed=1, jobs=1, progress=io.StringIO())
    assert {system_id: figures["wins"] > 0 for system_id, figures in result["systems"].items()} == \
        {system_id: True for system_id in SYSTEM_IDS}


def test_the_scout_wins_cloak_of_darkness_under_every_system(capsys: pytest.CaptureFixture[str]) -> None:
    """The bundled demo is won by its triggers, or lost as the classic is, by a first-timer who blundered in
    the dark bar: the same runs under every system (no dice), and one day is "1 day"."""
    assert main(["simulate", "cloak-of-darkness", "--all-systems", "--runs", "10", "--max-turns", "50",
                 "--jobs", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    verdicts = [line for line in lines if ": won " in line]
    assert verdicts == [f"{system_id}: won 60% (6 won, 4 died, 0 timed out); median 8 turns, 1 day"
                        for system_id in SYSTEM_IDS]
    assert "  deaths: ending: You have lost. 4" in lines


def test_the_report_gives_no_median_without_a_win_and_names_what_is_beyond_the_scout() -> None:
    from game.authoring.report import format_report
    from game.authoring.scout import Fight, RunResult
    from game.authoring.simulate import summarise

    beyond = "triggers[5] needs flag 'blessed', which no trigger the scout can fire sets"
    runs = [RunResult(1, "timeout", "", 50, 1, [Fight("rat", 1.0, True, 0.25)], beyond),
            RunResult(2, "dead", "ending: You have lost.", 9, 1, [], beyond)]
    figures = summarise(runs)
    assert figures["beyond"] == beyond and figures["causes_of_death"] == {"ending: You have lost.": 1}
    assert figures["wins"] + figures["deaths"] + figures["timeouts"] == 2
    result = {"adventure": "demo", "runs": 2, "seed": 1, "max_turns": 50, "systems": {"vaarn": figures}}
    assert format_report(result)[2:] == [
        "vaarn: won 0% (0 won, 1 died, 1 timed out); no run won",
        f"  the scripted player cannot work towards a win: {beyond}",
        "  deaths: ending: You have lost. 1",
        "  rat                     1 fight, player won 100%, lost 25% of full health on average",
    ]
    assert "beyond" not in summarise([RunResult(3, "won", "", 5, 1, [], "")])


def test_the_scout_keeps_searching_for_a_hidden_way_to_ground_it_has_not_seen(tmp_path) -> None:
    from game.world.loader import load_adventure

    (tmp_path / "adventure.toml").write_text('''
[adventure]
id = "hatch"
title = "The Hatch"
version = "1.0.0"
start = "hold"
goal = { reach = "deck" }

[player]
name = "Tester"
water = 5
food = 5

[rooms.hold]
name = "Hold"
description = "A dark hold."
exits = { up = { to = "deck", hidden = true, find = { check = "perceive", difficulty = "hard" } } }

[rooms.deck]
name = "Deck"
description = "The open deck."
exits = { down = "hold" }
''', encoding="utf-8")
    hatch = load_adventure(tmp_path)
    results = [play_run(hatch, "vaarn", seed, 200) for seed in range(1, 7)]
    assert sum(r.outcome == "won" for r in results) >= 5, [r.outcome for r in results]


def test_a_way_a_trigger_opens_is_opened_and_the_win_explains_itself(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", str(DATA / "slab"), "--all-systems", "--runs", "4", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    for system_id in SYSTEM_IDS:
        assert f"{system_id}: won 100% (4 won" in out
    assert out.count("the win needs a way a trigger opens: triggers[1] (pull rope in Belfry) opens the way down "
                     "from 'chapel'") == 5
    assert "off the path to the goal (den): 1 explorer run saw every room first" in out


def test_a_way_no_trigger_can_open_is_the_step_named(tmp_path) -> None:  # type: ignore[no-untyped-def]
    folder = tmp_path / "slab"
    folder.mkdir()
    text = (DATA / "slab" / "adventure.toml").read_text(encoding="utf-8").replace('room = "belfry"', 'room = "crypt"')
    (folder / "adventure.toml").write_text(text, encoding="utf-8")
    result = simulate_all(folder, load_adventure(folder), ["vaarn"], runs=2, seed=1, jobs=1, max_turns=200)
    figures = result["systems"]["vaarn"]
    assert figures["wins"] == 0
    assert figures["beyond"] == ("could not get to room 'crypt': the way down from 'chapel' is shut: triggers[1] opens "
                                 "it, but its action (pull rope) is done in room 'crypt', which it cannot get to")


def test_each_death_by_a_foe_is_a_fight_lost_to_it(tiny: Adventure) -> None:
    results = [play_run(tiny, system_id, seed, 300) for system_id in SYSTEM_IDS for seed in range(1, 9)]
    npc_names = {npc.name: npc_id for npc_id, npc in tiny.npcs.items()}
    for result in results:
        if result.outcome == "dead" and result.cause in npc_names:
            assert any(f.npc == npc_names[result.cause] and not f.won for f in result.fights), result


def test_watch_prints_one_run_as_a_transcript(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", str(DATA / "slab"), "--watch", "3"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[:3] == ["# system: bind", "# seed: 3", "Churchyard"]
    assert "> pull rope" in out and out[-1] == "# won after 8 turns"
