"""Hostile input: random command lines never raise; Ctrl-C cancels a line; Ctrl-D or closed input leaves cleanly.

Sizes: 1,500 seeded hostile lines per rule system through ``Engine.submit`` on
the tiny adventure and 1,000 through ``run_plain`` by default; under ``pytest
--slow``, 10,000 per system on both the tiny and the bundled adventure and
10,000 through ``run_plain``.  The lines mix the game's words with C0/C1
controls, escape sequences, bidi overrides, zero-width and combining
characters, lone surrogates, other scripts, emoji and lines up to 200,000
characters long (see :mod:`tests.robustness.fuzz`).
"""
from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from game.engine import Engine
from game.paths import bundled_root
from game.repl import MAX_LINE, read_lines, run_plain, run_terminal
from game.rules.registry import SYSTEM_IDS, get_system
from game.saves import SaveStore
from game.world.content import Adventure
from game.world.loader import find_adventure, load_adventure
from tests.conftest import DATA
from tests.robustness.fuzz import hostile_lines
from tests.robustness.helpers import forbidden_characters, size


@pytest.mark.parametrize("system", SYSTEM_IDS)
def test_hostile_lines_through_engine_submit_never_raise(tiny: Adventure, tmp_path: Path, system: str,
                                                         slow: bool) -> None:
    adventures = [tiny, load_adventure(find_adventure("glass-oasis", bundled_root()))] if slow else [tiny]
    count = size(slow, 1500, 10000)
    for adventure in adventures:
        options = adventure.rules.get(system, {})
        engine = Engine.new_game(adventure, get_system(system, options), 7,
                                 saves=SaveStore(tmp_path / adventure.id, adventure))
        for line in hostile_lines(SYSTEM_IDS.index(system), count):
            report = engine.submit(line)
            assert isinstance(report.lines, list)
    print(f"\n[input] {count * len(adventures)} hostile lines through Engine.submit under {system}: none raised")


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(max_size=60), max_size=8))
def test_arbitrary_text_through_engine_submit_never_raises(lines: list[str]) -> None:
    tiny = load_adventure(DATA / "tiny")
    engine = Engine.new_game(tiny, get_system("vaarn"), 1)
    for line in lines:
        if line.strip().lower() not in ("quit", "q"):
            engine.submit(line)


def test_hostile_lines_through_run_plain_never_raise_and_print_no_controls(tiny: Adventure, tmp_path: Path,
                                                                           slow: bool) -> None:
    count = size(slow, 1000, 10000)
    lines = hostile_lines(99, count)
    engine = Engine.new_game(tiny, get_system("vaarn"), 7, saves=SaveStore(tmp_path, tiny))
    out = io.StringIO()
    assert run_plain(engine, engine.opening(), io.StringIO("\n".join(lines) + "\n"), out) == 0
    text = out.getvalue()
    assert forbidden_characters(text) == []
    assert max(len(line) for line in text.split("\n")) <= MAX_LINE + 2
    print(f"\n[input] {len(lines)} hostile lines through run_plain: none raised, no control character printed")


def test_over_long_lines_are_cut_and_the_rest_dropped() -> None:
    source = io.StringIO("look" + "x" * 3_000_000 + "\ntake stone\n\r\n" + "y" * 10)
    lines = list(read_lines(source))
    assert lines == ["look" + "x" * (MAX_LINE - 4), "take stone", "", "y" * 10]


def test_bytes_that_are_not_utf8_on_standard_input_do_not_stop_the_game(tmp_path: Path) -> None:
    stdin = b"look\n\xff\xfe\xc3(take stone\n\x1b[2J\x9b\xe2\x80\xaei\n" + b"\x00" * 10 + b"\nwait\n"
    result = subprocess.run([sys.executable, "-m", "game", str(DATA / "tiny"), "--seed", "1", "--saves",
                             str(tmp_path)], input=stdin, capture_output=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert b"Traceback" not in result.stderr
    out = result.stdout.decode("utf-8")
    assert forbidden_characters(out) == []
    assert "> wait" in out


def _terminal(engine: Engine, keys: str) -> tuple[int, str]:
    out = io.StringIO()
    with create_pipe_input() as pipe:
        pipe.send_text(keys)
        pipe.close()
        with create_app_session(input=pipe, output=DummyOutput()):
            code = run_terminal(engine, ["Hello."], pt_input=pipe, pt_output=DummyOutput(), out=out)
    return code, out.getvalue()


def _saves_written(root: Path) -> list[str]:
    return sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.suffix in (".toml", ".bak")
                  or ".tmp-" in p.name)


def test_ctrl_c_cancels_the_line_being_typed_and_the_game_goes_on(tiny: Adventure, tmp_path: Path) -> None:
    engine = Engine.new_game(tiny, get_system("vaarn"), 3, saves=SaveStore(tmp_path, tiny))
    code, out = _terminal(engine, "take sto\x03i\r\x03\x03look\r\x04")
    assert code == 0
    assert "Taken" not in out and "stone" not in out.split("Hello.")[1].split("Camp")[0]
    assert "Camp" in out and out.endswith("Farewell, wanderer.\n")
    assert engine.state.log == [], "nothing cancelled was done"


def test_ctrl_d_on_an_empty_line_leaves_without_writing_a_save(tiny: Adventure, tmp_path: Path) -> None:
    engine = Engine.new_game(tiny, get_system("vaarn"), 3, saves=SaveStore(tmp_path, tiny))
    code, out = _terminal(engine, "take stone\r\x04")
    assert code == 0 and "Taken: the smooth stone." in out and out.endswith("Farewell, wanderer.\n")
    assert _saves_written(tmp_path) == []


def test_ctrl_d_in_the_middle_of_a_line_deletes_rather_than_quits(tiny: Adventure, tmp_path: Path) -> None:
    engine = Engine.new_game(tiny, get_system("vaarn"), 3, saves=SaveStore(tmp_path, tiny))
    code, out = _terminal(engine, "take stonex\x02\x04\r\x04")  # Ctrl-B back one, Ctrl-D deletes the x
    assert code == 0 and "Taken: the smooth stone." in out


def test_closed_input_leaves_cleanly_without_writing_a_save(tiny: Adventure, tmp_path: Path) -> None:
    engine = Engine.new_game(tiny, get_system("vaarn"), 3, saves=SaveStore(tmp_path, tiny))
    code, out = _terminal(engine, "take stone\rdrop sto")  # the input ends mid-line
    assert code == 0 and out.endswith("Farewell, wanderer.\n")
    assert _saves_written(tmp_path) == []
    out2 = io.StringIO()
    engine2 = Engine.new_game(tiny, get_system("vaarn"), 3, saves=SaveStore(tmp_path, tiny))
    assert run_plain(engine2, [], io.StringIO("take stone\nwai"), out2) == 0
    assert _saves_written(tmp_path) == []


def test_hostile_bytes_at_the_terminal_prompt_reach_neither_output_nor_history(tiny: Adventure,
                                                                               tmp_path: Path) -> None:
    engine = Engine.new_game(tiny, get_system("vaarn"), 3, saves=SaveStore(tmp_path, tiny))
    out = io.StringIO()
    with create_pipe_input() as pipe:
        pipe.send_bytes(b"take \xff\xfe\x1b]0;owned\x07 stone\r")
        pipe.send_text("\u202e\x9b6n look\r")
        pipe.close()
        with create_app_session(input=pipe, output=DummyOutput()):
            assert run_terminal(engine, [], pt_input=pipe, pt_output=DummyOutput(), out=out) == 0
    assert forbidden_characters(out.getvalue()) == []
    history = (tmp_path / ".history").read_bytes().decode("utf-8")
    assert forbidden_characters(history.replace("\n", "")) == []


def test_an_interrupt_in_plain_mode_exits_130_without_a_traceback(tmp_path: Path) -> None:
    import os
    import signal
    import time

    # A shell starts background jobs with SIGINT ignored, and a child inherits that: Python then
    # never raises KeyboardInterrupt.  The child gets the default disposition back, as in a terminal.
    child = subprocess.Popen([sys.executable, "-m", "game", str(DATA / "tiny"), "--seed", "1", "--saves",
                              str(tmp_path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             preexec_fn=lambda: signal.signal(signal.SIGINT, signal.default_int_handler))
    assert child.stdin is not None and child.stdout is not None
    child.stdin.write(b"look\n")
    child.stdin.flush()
    deadline = time.time() + 30
    while not child.stdout.readline().startswith(b"Exits") and time.time() < deadline:
        pass  # the answer printed: the game waits for the next line (Ctrl-C during a command takes it back instead)
    time.sleep(0.2)
    os.kill(child.pid, signal.SIGINT)
    _, errors = child.communicate(timeout=30)
    assert child.returncode == 130 and b"Traceback" not in errors
    assert _saves_written(tmp_path) == []
