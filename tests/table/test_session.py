"""Transcript, saves listing, set odds, the ending and restart, and the attack confirmation."""
from __future__ import annotations

from pathlib import Path

import pytest

from game.engine import Engine
from game.meta import ENDING_QUESTION
from game.rules.registry import get_system
from game.saves import SaveStore
from game.world.content import Adventure
from tests.conftest import TurnScript, play

WIN = ("take brass key", "unlock east", "e", "take gem")


# -- transcript -------------------------------------------------------------------------------
def test_transcript_records_commands_and_rolls_as_plain_text(engine: Engine, script: TurnScript,
                                                               tmp_path: Path) -> None:
    path = tmp_path / "run.txt"
    assert engine.submit(f"transcript on {path}").lines == [
        f"Transcript on: recording to {path} (transcript off stops it)."]
    script.turns[0] = [17, 17]
    engine.submit("search")
    engine.submit("\x1b[31mlook")
    assert engine.submit("transcript off").lines == [f"Transcript stopped ({path})."]
    engine.submit("i")
    text = path.read_text(encoding="utf-8")
    assert text.startswith("=== A Tiny Test, under Vaults of Vaarn — transcript started ")
    assert "\n> search\n[search] 19 vs 15: success" in text
    assert max(len(line) for line in text.splitlines()[1:]) <= 78
    assert "\n> transcript off\n" in text and "> i\n" not in text
    assert "\x1b" not in text


def test_transcript_without_a_file_goes_to_the_saves_folder(engine: Engine, tmp_path: Path) -> None:
    line = engine.submit("transcript on").lines[0]
    assert line.startswith(f"Transcript on: recording to {tmp_path / 'transcripts' / 'tiny-'}")
    assert engine.submit("transcript on").lines[0].startswith("A transcript is already being recorded")
    engine.submit("quit")
    assert engine.meta.transcript is None
    (written,) = (tmp_path / "transcripts").iterdir()
    assert written.read_text(encoding="utf-8").rstrip().endswith("> quit\nFarewell, wanderer.")


def test_a_transcript_that_cannot_be_written_says_why(engine: Engine, tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert engine.submit(f"transcript on {blocker}/inside.txt").lines[0].startswith("No transcript: ")
    assert engine.submit("transcript off").lines == ["No transcript is being recorded."]


# -- saves -----------------------------------------------------------------------------------
def test_saves_lists_slots_with_date_place_day_and_system(engine: Engine) -> None:
    assert engine.submit("saves").lines == ["No saved games yet for A Tiny Test. Save with: save [SLOT]"]
    engine.submit("save first")
    engine.submit("n")
    engine.submit("save second")
    lines = engine.submit("saves").lines
    assert lines[0] == "Saved games of A Tiny Test (load SLOT):"
    assert lines[1].startswith("  first: 20") and lines[1].endswith(", Camp, day 1, Vaults of Vaarn")
    assert lines[2].endswith(", Well, day 1, Vaults of Vaarn")


def test_saves_names_a_slot_that_cannot_be_read(engine: Engine, tmp_path: Path) -> None:
    engine.submit("save good")
    (tmp_path / "tiny" / "bad.toml").write_text("garbage", encoding="utf-8")
    lines = engine.submit("saves").lines
    assert lines[1].startswith("  bad: cannot be read (")
    assert lines[2].startswith("  good: ")


# -- set odds on -----------------------------------------------------------------------------
def test_set_odds_on_shows_the_chance_before_each_risky_roll(engine: Engine, script: TurnScript) -> None:
    assert engine.submit("set odds on").lines == ["Odds on: the chance is shown before each risky command's roll."]
    script.turns[0] = [17, 17]
    lines = engine.submit("search").lines
    assert lines[0] == "(Odds of search: 57.8% to succeed.)"  # d20 >= 14 with advantage: 1 - (13/20)**2
    assert lines[1].startswith("[search] ")
    assert engine.submit("look").lines[0] == "Camp", "no roll, no odds"
    engine.submit("set odds off")
    script.turns[1] = [17, 17]
    assert not engine.submit("search").lines[0].startswith("(Odds")
    assert engine.submit("set colour blue").lines == ["You can set: odds on, odds off, rolls full, rolls short."]


# -- the ending ---------------------------------------------------------------------------------
def test_winning_prints_a_summary_and_asks_restart_restore_undo_or_quit(engine: Engine) -> None:
    report = None
    for command in WIN:
        report = engine.submit(command)
    assert report is not None and "*** You have won ***" in report.lines
    assert report.aside[-1] == ENDING_QUESTION
    assert report.aside[1] == "A Tiny Test, under Vaults of Vaarn: 1 day, 4 turns, 0 rolls this session."
    assert "Foes met: none." in report.aside
    assert "How it ended: You won." in report.aside
    assert play(engine, "w") == [f"You have won. {ENDING_QUESTION}"]
    assert engine.submit("undo").lines[0] == "Vault"
    assert engine.state.status == "playing"


def test_dying_names_the_foes_met_and_how_it_ended(engine: Engine) -> None:
    from dataclasses import replace

    engine.state.player = replace(engine.state.player, hp=-14)
    report = engine.submit("n")  # seed 3: the raider hits for 6, a FATALITY past 0 HP
    assert engine.state.status == "dead", report.lines
    assert report.aside == ["", "*** You have died ***", "",
                            "A Tiny Test, under Vaults of Vaarn: 1 day, 1 turn, 3 rolls this session.",
                            "Foes met: the dune raider; beaten: 0 of 1.", "How it ended: You are dead.", "",
                            ENDING_QUESTION]


def test_restart_after_the_end_begins_again_under_the_same_system(engine: Engine) -> None:
    for command in WIN:
        engine.submit(command)
    engine.fixed_seed = 3
    lines = engine.submit("restart").lines
    assert lines[0] == "A Tiny Test — begun again under Vaults of Vaarn (seed 3)"
    assert "A small world for tests." in lines
    state = engine.state
    assert (state.status, state.turn, state.room, state.seed) == ("playing", 0, "camp", 3)
    assert engine.undo_stack == [] and engine.dice_log == []
    assert engine.world.place_of("gem") == "room:vault"


def test_restart_draws_a_new_seed_unless_one_was_given(engine: Engine) -> None:
    seeds = set()
    for _ in range(3):
        engine.submit("restart")
        seeds.add(engine.state.seed)
    assert len(seeds) > 1


def test_restart_in_play_asks_first(engine: Engine) -> None:
    engine.submit("n")
    report = engine.submit("restart")
    assert report.question and report.lines == ["Are you sure you want to start again from the beginning? (yes/no)"]
    assert engine.submit("maybe").lines == ["Please answer yes or no."]
    assert engine.submit("no").lines == ["Then the journey goes on."]
    assert engine.state.room == "well"
    engine.submit("restart")
    engine.submit("yes")
    assert engine.state.room == "camp" and engine.state.turn == 0


def test_restore_after_death_loads_a_save(tiny: Adventure, tmp_path: Path) -> None:
    engine = Engine.new_game(tiny, get_system("vaarn"), 3, saves=SaveStore(tmp_path, tiny))
    engine.submit("save start")
    engine.state.status = "dead"
    assert engine.submit("restore start").lines[0] == "Loaded slot \"start\"."
    assert engine.state.status == "playing"


# -- are you sure? --------------------------------------------------------------------------------
def _at_the_well_without_the_raider(engine: Engine) -> None:
    engine.world.npc_state("raider").room = "cellar"
    engine.submit("n")


def test_attacking_someone_not_hostile_asks_first(engine: Engine) -> None:
    _at_the_well_without_the_raider(engine)
    turn = engine.state.turn
    report = engine.submit("attack hermit")
    assert report.question
    assert report.lines == ["The old hermit is not hostile to you. Attack the old hermit anyway? (yes/no)"]
    assert engine.submit("no").lines == ["You think better of it, and leave the old hermit be."]
    assert engine.state.turn == turn and not engine.world.hostile("hermit")
    assert engine.submit("odds attack hermit").lines[0].startswith("Odds of attack the old hermit: ")
    engine.submit("attack hermit")
    lines = engine.submit("yes").lines
    assert lines[0] == "The old hermit turns on you!"
    assert engine.world.hostile("hermit") and engine.state.turn == turn + 1


def test_attacking_a_foe_does_not_ask(engine: Engine) -> None:
    _at_the_well_without_the_raider(engine)
    engine.world.npc_state("hermit").disposition = "hostile"
    report = engine.submit("attack hermit")
    assert not report.question and any(line.startswith("[you attack the old hermit]") for line in report.lines)


@pytest.mark.parametrize("answer", ["undo", "quit"])
def test_the_attack_question_can_be_dropped(engine: Engine, answer: str) -> None:
    _at_the_well_without_the_raider(engine)
    engine.submit("attack hermit")
    engine.submit(answer)
    assert not engine.world.hostile("hermit")


def test_the_ending_and_restart_through_standard_input(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    commands = "\n".join([*WIN, "look", "restart", "saves", "quit"]) + "\n"
    result = subprocess.run([sys.executable, "-m", "game", str(root / "tests" / "data" / "tiny"), "--seed", "5"],
                            input=commands.encode(), capture_output=True, cwd=tmp_path, timeout=60, check=False,
                            env={**os.environ, "WAYFARER_SAVES": str(tmp_path / "saves"),
                                 "PYTHONPATH": str(root)})
    out = result.stdout.decode("utf-8")
    assert result.returncode == 0, result.stderr
    assert "*** You have won ***" in out and f"\n{ENDING_QUESTION}\n" in out
    assert "\n> restart\nA Tiny Test — begun again under Vaults of Vaarn (seed 5)\n" in out
    assert "\n> saves\nNo saved games yet for A Tiny Test. Save with: save [SLOT]\nRuns of A Tiny Test kept" in out
    assert "  run 2 (this game): Vaults of Vaarn, day 1, Camp, played " in out
    assert "  run 1: Vaults of Vaarn, day 1, " in out and ", won, played" in out
