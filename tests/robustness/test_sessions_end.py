"""Nothing lost when a session ends: autosave, --continue, signals through a pty, quit asking, crashes."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import termios
import time
from pathlib import Path

import pexpect
import pytest

from game.saves import SaveStore
from game.world.loader import load_adventure

from .helpers import new_engine

pytestmark = pytest.mark.robustness
ROOT = Path(__file__).resolve().parents[2]
TINY = str(ROOT / "tests" / "data" / "tiny")
#: prompt_toolkit draws the prompt as ">" after resetting the colours, then moves the cursor.
PROMPT = r"\x1b\[0m>"


def _env(saves: Path) -> dict[str, str]:
    return {**os.environ, "WAYFARER_SAVES": str(saves), "PYTHONPATH": str(ROOT), "TERM": "xterm", "LANG": "C.UTF-8"}


def _spawn(saves: Path, *args: str) -> pexpect.spawn:
    child = pexpect.spawn(sys.executable, ["-m", "game", TINY, *args], cwd=str(ROOT), env=_env(saves),
                          encoding="utf-8", timeout=30, dimensions=(24, 100))
    child.expect(PROMPT)
    return child


def _command(child: pexpect.spawn, command: str) -> None:
    """Type a command and wait until its answer is printed and the next prompt drawn."""
    child.sendline(command)
    child.expect("Time passes" if command.startswith("wait") else "Exits")
    child.expect(PROMPT)
    time.sleep(0.1)


def _plain(saves: Path, commands: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "game", TINY, *args], input=commands, capture_output=True,
                          text=True, cwd=ROOT, env=_env(saves), timeout=60)


def _autosaved_log(saves: Path) -> list[str]:
    """The log of the most recent run's autosave (each run has its own: see game.runs)."""
    from game.runs import kept_runs

    store = SaveStore(saves, load_adventure(Path(TINY)))
    return store.read(kept_runs(saves)[0].path).log


@pytest.mark.parametrize("signum", [signal.SIGHUP, signal.SIGTERM])
def test_a_signal_keeps_the_run_and_restores_the_terminal(tmp_path: Path, signum: int) -> None:
    child = _spawn(tmp_path, "--seed", "4")
    _command(child, "wait")
    _command(child, "wait 2")
    child.kill(signum)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 128 + signum
    assert "Traceback" not in (child.before or "")
    assert _autosaved_log(tmp_path) == ["wait", "wait 2"]
    resumed = _plain(tmp_path, "look\n", "--continue")
    assert "Resumed run 1 of A Tiny Test" in resumed.stdout and resumed.returncode == 0


def test_sigterm_leaves_the_terminal_cooked(tmp_path: Path) -> None:
    """The pty's line discipline is back to canonical mode and echo after SIGTERM."""
    child = _spawn(tmp_path, "--seed", "4")
    time.sleep(0.2)
    raw = termios.tcgetattr(child.child_fd)
    assert not raw[3] & termios.ICANON  # prompt_toolkit's raw mode is on at the prompt
    child.kill(signal.SIGTERM)
    child.expect(pexpect.EOF)
    cooked = termios.tcgetattr(child.child_fd)
    assert cooked[3] & termios.ICANON and cooked[3] & termios.ECHO


def test_sigkill_loses_nothing_but_the_command_under_way(tmp_path: Path) -> None:
    child = _spawn(tmp_path, "--seed", "4")
    for command in ("wait", "look", "wait 3"):
        _command(child, command)
    child.kill(signal.SIGKILL)
    child.close()
    assert _autosaved_log(tmp_path) == ["wait", "wait 3"]


def test_ctrl_d_and_quit_keep_the_autosave_and_quit_asks(tmp_path: Path) -> None:
    child = _spawn(tmp_path, "--seed", "4")
    _command(child, "wait")
    child.sendline("q")
    child.expect(r"Quit anyway\? \(yes/no\)")
    child.sendline("no")
    child.expect("Then play on")
    child.sendline("quit")
    child.expect("kept as run 1")
    child.sendline("yes")
    child.expect(pexpect.EOF)
    assert _autosaved_log(tmp_path) == ["wait"]


def test_quit_after_a_save_does_not_ask(tmp_path: Path) -> None:
    result = _plain(tmp_path, "wait\nsave\nquit\nlook\n", "--seed", "4")
    assert "Quit anyway" not in result.stdout and "> look" not in result.stdout


def test_a_plain_start_tells_of_the_unfinished_run_and_keeps_it(tmp_path: Path) -> None:
    _plain(tmp_path, "wait\nwait\n", "--seed", "4")
    second = _plain(tmp_path, "look\n", "--seed", "5")
    assert "An unfinished run" in second.stdout and "wayfarer --continue" in second.stdout
    assert "day 1, Vaults of Vaarn)" in " ".join(second.stdout.split()), "the system by its name, not its id"
    third = _plain(tmp_path, "wait 5\n", "--seed", "5")
    assert "An unfinished run" in third.stdout
    assert _autosaved_log(tmp_path) == ["wait 5"]
    for run, log in (("1", "wait\nwait"), ("2", "wait 5")):  # the second start's look moved nothing: no run 2
        kept = _plain(tmp_path, "", "--continue", run)
        assert f"Resumed run {run} of A Tiny Test" in kept.stdout
        assert SaveStore(tmp_path, load_adventure(Path(TINY))).read(
            tmp_path / "tiny" / "runs" / f"{run}.toml").log == log.split("\n")


def test_continue_without_an_autosave_names_the_folder(tmp_path: Path) -> None:
    result = _plain(tmp_path, "", "--continue")
    assert result.returncode == 1 and str(tmp_path) in result.stderr and "Traceback" not in result.stderr


def test_an_exception_inside_a_command_rolls_back_and_reports(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    engine = new_engine("vaarn", saves=tmp_path)
    engine.autosave = True
    engine.submit("wait")
    before = engine.state.to_data(engine.system)
    undo_depth = len(engine.undo_stack)

    def boom(*args: object) -> None:
        raise RuntimeError("injected")

    monkeypatch.setattr(engine.play, "npc_phase", boom)
    report = engine.submit("wait")
    assert len(report.lines) == 1 and "RuntimeError" in report.lines[0] and "nothing is lost" in report.lines[0]
    assert engine.state.to_data(engine.system) == before and len(engine.undo_stack) == undo_depth
    crash = Path(report.lines[0].rsplit(" is in ", 1)[1].rstrip("."))
    text = crash.read_text()
    assert "RuntimeError: injected" in text and "seed: 3" in text and "command log" in text
    monkeypatch.undo()
    assert engine.submit("wait").lines and engine.state.log == ["wait", "wait"]
    engine.flush_autosave()
    assert _autosaved_log(tmp_path) == ["wait", "wait"]
    assert engine.undo() and engine.state.log == ["wait"]
