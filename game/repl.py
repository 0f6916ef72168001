"""The read-eval-print loop: the only module that talks to the terminal.

With a terminal it runs a prompt_toolkit session (completion, persistent
history, a status bar, text wrapped to the width).  With standard input not a
terminal it reads commands line by line and prints plain text, so
``wayfarer < commands.txt`` plays and can be tested.

Keys and hostile input: Ctrl-C at the prompt cancels the line being typed and
the game goes on; Ctrl-D on an empty line, or input that ends, leaves the game
at once, writing nothing (there is no autosave, so no save can be half
written).  Everything printed goes through :func:`game.text.clean`; input
lines are cut to :data:`MAX_LINE` characters (the rest of an over-long line is
read and dropped, never held in memory); bytes that are not UTF-8 become
U+FFFD on standard input and never reach the history file as surrogates.
"""
from __future__ import annotations

import io
import shutil
import sys
from collections.abc import Iterable, Iterator
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
    for stream in (sys.stdin, sys.stdout):
        _tolerate_bad_bytes(stream)
    return run_plain(engine, opening, sys.stdin, sys.stdout)


def _tolerate_bad_bytes(stream: TextIO) -> None:
    """Decode and encode with replacement characters rather than fail on bytes that are not UTF-8."""
    if isinstance(stream, io.TextIOWrapper):
        try:
            stream.reconfigure(errors="replace")
        except (ValueError, OSError):
            pass


def read_lines(source: TextIO, limit: int = MAX_LINE) -> Iterator[str]:
    """Lines of ``source`` without their newline, each cut to ``limit`` characters.

    The rest of an over-long line is read in chunks and dropped, so a line of
    any length costs bounded memory.
    """
    while True:
        raw = source.readline(limit + 1)
        if not raw:
            return
        if len(raw) > limit and not raw.endswith("\n"):
            rest = raw
            while rest and not rest.endswith("\n"):
                rest = source.readline(64 * 1024)
        yield raw.rstrip("\r\n")[:limit]


def run_plain(engine: Engine, opening: list[str], source: TextIO, out: TextIO, width: int = 78) -> int:
    """Commands from ``source`` line by line; each echoed after a ``>`` prompt."""
    emit(opening, out, width)
    for raw in read_lines(source):
        line = clean(raw)[:MAX_LINE]
        out.write(f"\n> {line}\n")
        report = engine.submit(line)
        emit(report.shown, out, width)
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

    class CleanHistory(FileHistory):
        """File history that stores lines cleaned (no escapes, no surrogates from undecodable bytes)."""

        def store_string(self, string: str) -> None:
            try:
                super().store_string(clean(string)[:MAX_LINE])
            except OSError:
                pass  # history is a convenience: a full disk must not stop the game

    out = out or sys.stdout
    history_file = history_path(engine)
    history: FileHistory | InMemoryHistory = InMemoryHistory()
    if history_file is not None:
        try:
            history_file.parent.mkdir(parents=True, exist_ok=True)
            history = CleanHistory(str(history_file))
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
        emit(report.shown, out, _width())
        if report.quit:
            return 0


def _width() -> int:
    return max(20, min(100, shutil.get_terminal_size((80, 24)).columns - 2))
