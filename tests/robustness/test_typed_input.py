"""A line typed or pasted without bracketed paste is capped as it is read: bounded time and memory.

Through a pseudo-terminal (``pexpect``), as a player's terminal sends keys:
a 20 KB line (200 KB under ``--slow``) typed key by key is answered at once,
held at ``MAX_LINE`` and not run (one line says so); typing, editing keys, Ctrl-C, Ctrl-D, a bracketed paste and
SIGTERM behave as without the cap.  The time a long line takes is measured by
``python -m benchmarks.typed_line`` (no timed assertion here).
"""
from __future__ import annotations

import io
import signal
import termios
from pathlib import Path

import pexpect
import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from game.engine import Engine
from game.repl import MAX_LINE, run_terminal
from game.rules.registry import get_system
from game.saves import SaveStore
from game.world.content import Adventure

from .test_sessions_end import PROMPT, _autosaved_log, _command, _spawn

pytestmark = pytest.mark.robustness
LEFT, BACKSPACE, CTRL_U, CTRL_C = "\x1b[D", "\x7f", "\x15", "\x03"


def _history(saves: Path) -> list[str]:
    return [line[1:] for line in (saves / ".history").read_text(encoding="utf-8").splitlines() if line.startswith("+")]


def test_a_long_typed_line_is_capped_and_answered(tmp_path: Path, slow: bool) -> None:
    child = _spawn(tmp_path, "--seed", "4")
    child.send("wait " + "x" * (200_000 if slow else 20_000))  # key by key: no bracketed paste
    child.send("\r")
    child.expect("so it was not run", timeout=120)
    child.expect(PROMPT)
    _command(child, "wait")
    child.sendeof()
    child.expect(pexpect.EOF)
    assert _autosaved_log(tmp_path) == ["wait"]
    long_line = _history(tmp_path)[0]
    assert long_line == ("wait " + "x" * MAX_LINE)[:MAX_LINE]


def test_typing_and_editing_keys_work_around_a_dropped_burst(tmp_path: Path) -> None:
    child = _spawn(tmp_path, "--seed", "4")
    child.send("wxait" + LEFT * 3 + BACKSPACE + "\r")  # back three, delete the x: "wait"
    child.expect("Time passes")
    child.expect(PROMPT)
    child.send("x" * 5_000 + CTRL_U + "wait 2\r")  # a burst past the cap, wiped, then typed again
    child.expect("Time passes")
    child.expect(PROMPT)
    child.send("y" * 3_000 + CTRL_C)  # Ctrl-C cancels a capped line
    child.expect(PROMPT)
    child.send("look\r")
    child.expect("Exits")
    child.expect(PROMPT)
    child.sendeof()
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert _autosaved_log(tmp_path) == ["wait", "wait 2"]


def test_a_bracketed_paste_of_200_kb_is_capped(tmp_path: Path, slow: bool) -> None:
    child = _spawn(tmp_path, "--seed", "4")
    size = 200_000 if slow else 20_000
    child.send("\x1b[200~wait " + "x" * size + "\x1b[201~\r")
    child.expect("so it was not run", timeout=120)
    child.expect(PROMPT)
    child.sendeof()
    child.expect(pexpect.EOF)
    assert len(_history(tmp_path)[0]) == MAX_LINE


@pytest.mark.parametrize("signum", [signal.SIGHUP, signal.SIGTERM])
def test_a_signal_during_a_long_burst_ends_cleanly_and_restores_the_terminal(tmp_path: Path, signum: int) -> None:
    """The signal lands while keys are being handled (inside prompt_toolkit's event loop), not at an idle prompt."""
    child = _spawn(tmp_path, "--seed", "4")
    _command(child, "wait")
    child.send("x" * 30_000)
    child.kill(signum)
    child.expect(pexpect.EOF)
    cooked = termios.tcgetattr(child.child_fd)
    child.close()
    assert child.exitstatus == 128 + signum and "Traceback" not in (child.before or "")
    assert cooked[3] & termios.ICANON and cooked[3] & termios.ECHO
    assert _autosaved_log(tmp_path) == ["wait"]


def test_the_cap_counts_characters_in_a_row_across_reads(tiny: Adventure, tmp_path: Path) -> None:
    """Through prompt_toolkit's pipe input (read in chunks): a line typed in many pieces is capped
    exactly, a line just at the cap is kept whole, and the next line starts a new count."""
    engine = Engine.new_game(tiny, get_system("vaarn"), 3, saves=SaveStore(tmp_path, tiny))
    out = io.StringIO()
    exact = "wait " + "9" * (MAX_LINE - 5)
    with create_pipe_input() as pipe:
        for _ in range(30):
            pipe.send_text("x" * 100)
        pipe.send_text("\r" + exact + "\r" + "wait\r")
        pipe.close()
        with create_app_session(input=pipe, output=DummyOutput()):
            assert run_terminal(engine, [], pt_input=pipe, pt_output=DummyOutput(), out=out) == 0
    history = _history(tmp_path)
    assert history[0] == "x" * MAX_LINE and history[1] == exact and history[2] == "wait"


def test_characters_past_the_cap_never_become_key_presses() -> None:
    from prompt_toolkit.keys import Keys

    from game.repl import capped_input

    with create_pipe_input() as pipe:
        capped = capped_input(pipe)
        pipe.send_text("x" * 3_000 + "\x7f" + "y" * 5 + "\x1b[200~" + "z" * 5_000 + "\x1b[201~" + "w" * 1_200)
        presses = []
        for _ in range(200):  # the pipe is read in chunks
            presses += capped.read_keys()
        presses += capped.flush_keys()
    keys = [p.key for p in presses]
    # One past the cap is let through, for the line cap to drop and note (the line is then not run).
    assert keys.count("x") == MAX_LINE + 1 and keys.count("y") == 5 and keys.count("w") == MAX_LINE + 1
    assert Keys.ControlH in keys or Keys.Backspace in keys
    paste = [p for p in presses if p.key == Keys.BracketedPaste]
    assert len(paste) == 1 and paste[0].data == "z" * 5_000  # cut by the prompt's own binding
