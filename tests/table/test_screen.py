"""Colour, the plain mode for screen readers, the status bar, and the sheet, through the front ends."""
from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from prompt_toolkit.output.vt100 import Vt100_Output

from game.engine import Engine
from game.presentation import Part, sentence, status_parts, status_text, styled
from game.repl import colour_wanted, run_plain, run_terminal
from game.rules.registry import SYSTEM_IDS, get_system
from game.saves import SaveStore
from game.text import wrap
from game.world.content import Adventure

ROOT = Path(__file__).resolve().parents[2]


# -- sentences for screen readers -----------------------------------------------------------------
@pytest.mark.parametrize(("line", "spoken"), [
    ("[you attack Tamsin] Attack with bone-handled knife: STR d20 (8) + 2 = 10 vs 11 (armour 11): failure "
     "(margin -1)",
     "Roll for you attack Tamsin: Attack with bone-handled knife: STR d20 rolled 8, plus 2, makes 10, against "
     "11 (armour 11): failure (margin minus 1)."),
    ("[the dune raider attacks] Reflexes + melee 3D (6, 6 + wild 2) = 14 vs 12: success (margin 2)",
     "Roll for the dune raider attacks: Reflexes + melee 3D rolled 6 and 6, and the Wild Die 2, makes 14, "
     "against 12: success (margin 2)."),
    ("[save a life] 2d6 (1, 1) + 2 = 4 vs TN 9: failure (margin -5)",
     "Roll for save a life: 2d6 rolled 1 and 1, plus 2, makes 4, against target number 9: failure (margin "
     "minus 5)."),
    ("Your HP: 8 -> 2.", "Your HP: 8 to 2."),
    ("The attack misses.", "The attack misses."),
])
def test_rolls_are_worded_as_sentences(line: str, spoken: str) -> None:
    assert sentence(line) == spoken


def test_plain_mode_from_the_command_line_speaks_rolls_and_prints_no_escape(tmp_path: Path) -> None:
    commands = "n\nn\nattack tamsin\nyes\n"
    env = {**os.environ, "WAYFARER_SAVES": str(tmp_path)}
    result = subprocess.run([sys.executable, "-m", "game", "--seed", "1", "--plain"], input=commands.encode(),
                            capture_output=True, cwd=ROOT, env=env, timeout=60, check=False)
    out = " ".join(result.stdout.decode("utf-8").split())
    assert result.returncode == 0, result.stderr
    assert "Roll for you attack Tamsin: 5, against armour 11: miss." in out  # the short display, said
    assert "[you attack Tamsin]" not in out and "\x1b" not in out


# -- colour ------------------------------------------------------------------------------------------
def test_colour_classes_mark_rolls_outcomes_damage_and_names() -> None:
    fragments = styled("[you attack Tamsin] d20 (8) + 2 = 10 vs 11: failure (margin -1)", ["Tamsin"])
    assert fragments[0] == ("class:roll", "[you attack Tamsin]")
    assert ("class:failure", "failure") in fragments
    assert styled("Your HP: 8 -> 2.", []) == [("class:damage", "Your HP: 8 -> 2.")]
    assert ("class:name", "Tamsin") in styled("Tamsin pays you little mind.", ["Tamsin"])
    assert styled("*** You have won ***", []) == [("class:banner", "*** You have won ***")]


@pytest.mark.parametrize(("plain", "environ", "wanted"), [
    (False, {}, True), (True, {}, False), (False, {"NO_COLOR": "1"}, False), (False, {"NO_COLOR": ""}, True),
])
def test_no_color_and_plain_turn_colour_off(plain: bool, environ: dict[str, str], wanted: bool) -> None:
    assert colour_wanted(plain, environ) is wanted


def _terminal(engine: Engine, keys: str, *, colour: bool, plain: bool = False) -> str:
    """Drive the prompt_toolkit session through a pipe; what reached the (VT100) screen."""
    screen = io.StringIO()
    output = Vt100_Output(screen, lambda: Size(rows=24, columns=80), term="xterm")
    with create_pipe_input() as pipe:
        pipe.send_text(keys)
        pipe.close()
        with create_app_session(input=pipe, output=output):
            assert run_terminal(engine, ["Hello."], pt_input=pipe, pt_output=output, colour=colour,
                                plain=plain) == 0
    return screen.getvalue()


def test_the_terminal_prints_rolls_in_colour(engine: Engine) -> None:
    engine.world.npc_state("raider").room = "cellar"
    screen = _terminal(engine, "n\rsearch\r", colour=True)
    assert "36m[reaction of the old hermit]" in screen
    assert "Farewell, wanderer." in screen


def test_without_colour_the_terminal_prints_no_colour_codes(engine: Engine) -> None:
    engine.world.npc_state("raider").room = "cellar"
    screen = _terminal(engine, "n\rsearch\r", colour=False, plain=True)
    assert "36m" not in screen and "32m" not in screen and "31m" not in screen
    assert "Roll for reaction of the old hermit: " in screen.replace("\r\n", " ")


def test_the_pipe_session_with_a_text_out_stays_plain(engine: Engine) -> None:
    out = io.StringIO()
    with create_pipe_input() as pipe:
        pipe.send_text("n\r")
        pipe.close()
        with create_app_session(input=pipe, output=DummyOutput()):
            run_terminal(engine, [], pt_input=pipe, pt_output=DummyOutput(), out=out)
    assert "\x1b" not in out.getvalue() and "[reaction of the old hermit]" in out.getvalue()


# -- the status bar ------------------------------------------------------------------------------------
def test_the_status_bar_shortens_itself_and_keeps_health_day_and_system_at_35_columns(engine: Engine) -> None:
    parts = status_parts(engine)
    assert status_text(parts, 100) == "Camp | HP 8/8 | water 2 | food 2 | day 1 06:00 | vaarn"
    narrow = status_text(parts, 35)
    assert len(narrow) <= 35
    assert narrow == "Camp HP 8/8 W2 F2 d1 Vaarn"


def test_in_a_fight_the_bar_keeps_both_sides_health_first(engine: Engine) -> None:
    engine.submit("n")
    parts = status_parts(engine)
    assert "dune raider HP" in status_text(parts, 120)
    assert status_text(parts, 60) == "Well | HP 2/8 | dune raider HP 4/4 | water 2 | food 2", \
        "full words while they fit without the system's name and the time"
    for width in (40, 35, 24):
        bar = status_text(parts, width)
        assert len(bar) <= width and bar.startswith(("Well HP", "HP")), bar
        assert "HP 2/8" in bar
    assert "dune raider HP 4/4" in status_text(parts, 35) or "dune raider" in status_text(parts, 40)
    assert " vs dune raider" in status_text(parts, 45), "in the short bar your health and the foe's are kept apart"


def test_the_least_figures_go_first() -> None:
    parts = [Part("Somewhere Long", "Somewh.", 5), Part("HP 1/8", "HP 1/8", 0), Part("water 1", "W1", 2),
             Part("day 3 06:00", "d3", 4), Part("vaarn", "Vaarn", 7)]
    assert status_text(parts, 20) == "Somewh. HP 1/8 W1 d3"
    assert status_text(parts, 10) == "HP 1/8 W1"


# -- the sheet -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_the_sheet_fits_80_columns_in_the_systems_terms_without_ids(tiny: Adventure, tmp_path: Path,
                                                                   system_id: str) -> None:
    engine = Engine.new_game(tiny, get_system(system_id), 3, saves=SaveStore(tmp_path, tiny))
    engine.submit("search")
    lines = engine.submit("sheet").lines
    assert lines[0] == f"Tester, playing under {engine.system.name}"
    assert any(line.startswith("  Water 2, food 2; day 1") for line in lines)
    assert all(len(line) <= 80 for line in wrap("\n".join(lines), 78).split("\n"))
    text = "\n".join(lines)
    for key in ("camp:", ":perceive", "brass-key", "seed "):
        assert key not in text
    assert engine.submit("stats").lines == lines


def test_an_open_adventures_check_under_way_is_named_in_words(tiny: Adventure, tmp_path: Path) -> None:
    from game.systems.open_adventures.pool import Progress

    engine = Engine.new_game(tiny, get_system("open_adventures"), 3, saves=SaveStore(tmp_path, tiny))
    from dataclasses import replace

    engine.state.player = replace(engine.state.player, progress=Progress("spine-corridor:search:search:hard", 1))
    lines = engine.submit("sheet").lines
    assert "  Unfinished check: search (hard), 1 successes so far" in lines


def test_golden_style_run_through_run_plain_is_unchanged_without_plain(engine: Engine) -> None:
    out = io.StringIO()
    run_plain(engine, [], io.StringIO("n\n"), out)
    assert "[reaction of the old hermit]" in out.getvalue()


def test_status_says_the_bars_figures_for_the_plain_mode(engine: Engine) -> None:
    assert engine.submit("status").lines == ["Camp | HP 8/8 | water 2 | food 2 | day 1 06:00 | vaarn"]
