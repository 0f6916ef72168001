"""The read-eval-print loop: the only module that talks to the terminal.

With a terminal it runs a prompt_toolkit session (completion, persistent
history, a status bar, text wrapped to the width).  With standard input not a
terminal it reads commands line by line and prints plain text, so
``wayfarer < commands.txt`` plays and can be tested.
"""
from __future__ import annotations

import shutil
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any, TextIO

from game.engine import Engine
from game.text import clean, wrap

#: The longest line read from the player; the rest is cut.
MAX_LINE = 1000


def emit(lines: Iterable[str], out: TextIO, width: int) -> None:
    """Print lines, cleaned of control characters and wrapped."""
    text = "\n".join(clean(line) for line in lines)
    out.write(wrap(text, width) + "\n")
    out.flush()


def run_repl(engine: Engine, opening: list[str]) -> int:
    """Play until the player quits or input ends; return the exit code."""
    if sys.stdin.isatty() and sys.stdout.isatty():
        return run_terminal(engine, opening)
    return run_plain(engine, opening, sys.stdin, sys.stdout)


def run_plain(engine: Engine, opening: list[str], source: TextIO, out: TextIO, width: int = 78) -> int:
    """Commands from ``source`` line by line; each echoed after a ``>`` prompt."""
    emit(opening, out, width)
    for raw in source:
        line = clean(raw.rstrip("\n"))[:MAX_LINE]
        out.write(f"\n> {line}\n")
        report = engine.submit(line)
        emit(report.lines, out, width)
        if report.quit:
            break
    return 0


def history_path(engine: Engine) -> Path | None:
    if engine.saves is None:
        return None
    return Path(engine.saves.root) / ".history"


def run_terminal(engine: Engine, opening: list[str], *, pt_input: Any = None, pt_output: Any = None,
                 out: TextIO | None = None) -> int:
    """The prompt_toolkit session; ``pt_input``/``pt_output`` let tests drive it through a pipe."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.history import FileHistory, InMemoryHistory

    from game.completion import GameCompleter

    out = out or sys.stdout
    history_file = history_path(engine)
    history: FileHistory | InMemoryHistory = InMemoryHistory()
    if history_file is not None:
        try:
            history_file.parent.mkdir(parents=True, exist_ok=True)
            history = FileHistory(str(history_file))
        except OSError:
            pass
    session: PromptSession[str] = PromptSession(
        history=history, completer=GameCompleter(engine), complete_while_typing=False,
        bottom_toolbar=lambda: clean(engine.status_line()), input=pt_input, output=pt_output,
    )
    emit(opening, out, _width())
    while True:
        try:
            line = session.prompt("> ")
        except KeyboardInterrupt:
            continue  # Ctrl-C cancels the line being typed, nothing more
        except EOFError:
            out.write("Farewell, wanderer.\n")
            return 0
        report = engine.submit(clean(line)[:MAX_LINE])
        emit(report.lines, out, _width())
        if report.quit:
            return 0


def _width() -> int:
    return max(20, min(100, shutil.get_terminal_size((80, 24)).columns - 2))
