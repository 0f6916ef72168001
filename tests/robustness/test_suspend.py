"""Ctrl-Z at the prompt suspends the game as any terminal program does, under a shell with job control
(pty, ``pexpect``); ``fg`` brings it back with the line as it was."""
from __future__ import annotations

import shutil
import signal
import sys
from pathlib import Path

import pexpect
import pytest

from .test_sessions_end import PROMPT, ROOT, TINY, _autosaved_log, _env

pytestmark = pytest.mark.robustness
SHELL_PROMPT = "READY>"


@pytest.mark.skipif(not hasattr(signal, "SIGTSTP") or shutil.which("bash") is None, reason="no job control here")
def test_ctrl_z_suspends_and_fg_resumes_with_the_line_as_it_was(tmp_path: Path) -> None:
    shell = pexpect.spawn("bash", ["--norc", "--noprofile", "-i"], cwd=str(ROOT),
                          env={**_env(tmp_path), "PS1": SHELL_PROMPT}, encoding="utf-8", timeout=30,
                          dimensions=(24, 100))
    shell.expect(SHELL_PROMPT)
    shell.sendline(f"{sys.executable} -m game {TINY} --seed 4")
    shell.expect(PROMPT)
    shell.send("wa")
    shell.expect("wa")
    shell.sendcontrol("z")
    shell.expect("Stopped")
    shell.expect(SHELL_PROMPT)
    shell.sendline("fg")
    shell.expect(PROMPT)  # drawn again, "wa" on it
    shell.send("it\r")
    shell.expect("Time passes")
    shell.expect(PROMPT)
    shell.sendeof()  # Ctrl-D ends the game, then the shell
    shell.expect("Farewell")
    shell.expect(SHELL_PROMPT)
    shell.sendline("exit")
    shell.expect(pexpect.EOF)
    assert _autosaved_log(tmp_path) == ["wait"], "the line went on as \"wait\", not \"wafg\" nor \"it\""
