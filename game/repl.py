"""The read-eval-print loop: the only module that talks to the terminal.

With a terminal it runs a prompt_toolkit session (completion, persistent
history, a status bar, text wrapped to the width).  With standard input not a
terminal it reads commands line by line and prints plain text, so
``wayfarer < commands.txt`` plays and can be tested.

Keys and hostile input: Ctrl-C at the prompt cancels the line being typed and
the game goes on; Ctrl-Z suspends the game as it does any terminal program
(``fg`` brings it back, the line as it was); Ctrl-D on an empty line, or input
that ends, leaves the game at once (the engine's autosave already holds every
command played, and at a terminal the farewell says where, as ``quit`` does).
SIGHUP (the terminal closed) and SIGTERM end the game the same way, with the
terminal's mode put back as it was at the start and exit code 128 + the
signal.  Everything printed goes through :func:`game.text.clean`; input lines
are held to :data:`MAX_LINE` characters, and a line that was longer is not run
(one line says so: nothing is run on a word cut in half), at the prompt while
being typed or pasted (a run of characters past the limit is dropped by :func:`capped_input`
as it is read, before prompt_toolkit makes key presses of it, so a 200 KB line
typed or pasted without bracketed paste answers in about a second, with bounded
memory; a bracketed paste is cut by a key binding) and from a pipe while being read (the rest of an over-long line is
read and dropped, never held in memory); bytes that are not UTF-8 become
U+FFFD on standard input and never reach the history file as surrogates.  The
history file is handled by :mod:`game.history` (no links, regular files only,
capped).
"""
from __future__ import annotations

import io
import os
import shutil
import signal
import sys
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO, cast

from game.deferred import deferred
from game.engine import Engine
from game.text import clean, wrap

if TYPE_CHECKING:
    import termios

    import prompt_toolkit.application
    import prompt_toolkit.filters
    import prompt_toolkit.formatted_text
    import prompt_toolkit.input
    import prompt_toolkit.key_binding
    import prompt_toolkit.keys
    import prompt_toolkit.output
    import prompt_toolkit.shortcuts
    import prompt_toolkit.styles

    from game import completion, history, presentation
else:  # the prompt_toolkit package loads all of these: the opening is shown before it
    completion = deferred("game.completion")
    history = deferred("game.history")
    presentation = deferred("game.presentation")
    prompt_toolkit = deferred("prompt_toolkit")
    termios = deferred("termios")  # none on Windows: the terminal modes are then left alone

#: The longest line read from the player; a longer one is not run.
MAX_LINE = 1000


def too_long(length: int | None = None) -> str:
    """The one line that answers a line longer than :data:`MAX_LINE` (``length``: its length, when known)."""
    if length is None:
        return (f"That line was cut at {MAX_LINE:,} characters, the most a line may hold, so it was not run "
                f"(press Up to edit it).")
    return f"That line has {length:,} characters, more than the {MAX_LINE:,} a line may hold, so it was not run."


def emit(lines: Iterable[str], out: TextIO, width: int, *, spoken: bool = False) -> None:
    """Print lines, cleaned of control characters and wrapped; ``spoken``: rolls as sentences."""
    cleaned = [clean(line) for line in lines]
    if spoken:
        cleaned = [presentation.sentence(line) for line in cleaned]
    out.write(wrap("\n".join(cleaned), width) + "\n")
    out.flush()


def colour_wanted(plain: bool, environ: Mapping[str, str]) -> bool:
    """Colour unless ``--plain`` or a non-empty ``NO_COLOR`` (https://no-color.org) says not."""
    return not plain and not environ.get("NO_COLOR")


class Signalled(BaseException):
    """SIGHUP or SIGTERM arrived: leave the loop (a BaseException, so no safety net catches it)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


#: The signals that end a session with the terminal put back (SIGHUP does not exist on Windows).
_ENDING_SIGNALS = (signal.SIGTERM, *((signal.SIGHUP,) if hasattr(signal, "SIGHUP") else ()))


def _raise_signalled(signum: int, frame: object) -> None:
    """End the session: raise :class:`Signalled` here, or, inside a prompt's key handling, through the prompt.

    A signal that lands while prompt_toolkit handles keys (a long burst of
    them) would be raised inside an event-loop callback, where the loop's own
    handler catches it and waits for Enter; so the running prompt is ended with
    it instead, and ``prompt()`` raises it as soon as the callback returns.
    """
    if "prompt_toolkit" in sys.modules:
        app = prompt_toolkit.application.get_app_or_none()
        if app is not None and app.is_running and app.future is not None and not app.future.done():
            app.exit(exception=Signalled(signum))
            return
    raise Signalled(signum)


def run_repl(engine: Engine, opening: list[str], *, plain: bool = False) -> int:
    """Play until the player quits, input ends or the session is ended by a signal; return the exit code.

    ``plain`` (``--plain``): no colour, no status bar or boxed menus, and rolls
    worded as sentences, for screen readers.
    """
    terminal = sys.stdin.isatty() and sys.stdout.isatty()
    saved_mode = _terminal_mode()
    previous = {}
    for signum in _ENDING_SIGNALS:
        previous[signum] = signal.signal(signum, _raise_signalled)
    try:
        if terminal:
            colour = colour_wanted(plain, os.environ)
            if os.name == "posix":
                # The opening is on screen before prompt_toolkit is imported (about 100 ms):
                # the player reads while it loads.  Windows consoles get it through prompt_toolkit.
                show_opening(engine, opening, sys.stdout, colour=colour, spoken=plain)
                opening = []
            return run_terminal(engine, opening, plain=plain, colour=colour)
        for stream in (sys.stdin, sys.stdout):
            _tolerate_bad_bytes(stream)
        return run_plain(engine, opening, sys.stdin, sys.stdout, spoken=plain)
    except Signalled as signalled:
        return 128 + signalled.signum
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        _restore_terminal_mode(saved_mode)


def show_opening(engine: Engine, lines: list[str], out: TextIO, *, colour: bool, spoken: bool) -> None:
    """The opening on a terminal without prompt_toolkit, in the colours it would give it."""
    if not colour or os.environ.get("TERM") == "dumb":
        emit(lines, out, _width(), spoken=spoken)
        return
    block = presentation.styled_block([clean(line) for line in lines], _width(), _names(engine))
    out.write(presentation.ansi_text(block, presentation.STYLE_RULES))
    out.flush()


def _terminal_mode() -> object:
    """The terminal's attributes (raw mode or not) at the start, to put back however the game ends."""
    try:
        if not sys.stdin.isatty():
            return None
        return termios.tcgetattr(sys.stdin.fileno())
    except Exception:  # noqa: BLE001 - termios.error, no terminal, no termios: nothing to put back
        return None


def _restore_terminal_mode(mode: object) -> None:
    if mode is None:
        return
    try:
        termios.tcsetattr(sys.stdin.fileno(), termios.TCSANOW, cast("list[Any]", mode))
    except Exception:  # noqa: BLE001 - termios.error or OSError: the terminal is gone (SIGHUP)
        pass


def _tolerate_bad_bytes(stream: TextIO) -> None:
    """Decode and encode with replacement characters rather than fail on bytes that are not UTF-8."""
    if isinstance(stream, io.TextIOWrapper):
        try:
            stream.reconfigure(errors="replace")
        except (ValueError, OSError):
            pass


def read_lines(source: TextIO, limit: int = MAX_LINE) -> Iterator[str]:
    """Lines of ``source`` without their newline, each cut to ``limit`` characters (see :func:`read_sized`)."""
    for line, _length in read_sized(source, limit):
        yield line


def read_sized(source: TextIO, limit: int = MAX_LINE) -> Iterator[tuple[str, int]]:
    """Lines of ``source`` without their newline, each cut to ``limit`` characters, with the line's full length.

    The rest of an over-long line is read in chunks, counted and dropped, so a
    line of any length costs bounded memory.
    """
    while True:
        raw = source.readline(limit + 1)
        if not raw:
            return
        length = len(raw.rstrip("\r\n"))
        if len(raw) > limit and not raw.endswith("\n"):
            rest = raw
            while rest and not rest.endswith("\n"):
                rest = source.readline(64 * 1024)
                length += len(rest.rstrip("\r\n"))
        yield raw.rstrip("\r\n")[:limit], length


def run_plain(engine: Engine, opening: list[str], source: TextIO, out: TextIO, width: int = 78,
              *, spoken: bool = False) -> int:
    """Commands from ``source`` line by line; each echoed after a ``>`` prompt.

    A line longer than :data:`MAX_LINE` is echoed shortened and not run: one line says so.
    """
    emit(opening, out, width, spoken=spoken)
    for raw, length in read_sized(source):
        line = clean(raw)[:MAX_LINE]
        if length > MAX_LINE:
            shown = line[:60].rsplit(" ", 1)[0] if " " in line[:60] else line[:60]
            out.write(f"\n> {shown} ...\n")
            emit([too_long(length)], out, width)
            continue
        out.write(f"\n> {line}\n")
        report = engine.submit(line)
        emit(report.shown, out, width, spoken=spoken)
        if report.quit:
            break
    return 0


def history_path(engine: Engine) -> Path | None:
    if engine.saves is None:
        return None
    return Path(engine.saves.root) / ".history"


def run_terminal(engine: Engine, opening: list[str], *, pt_input: Any = None, pt_output: Any = None,
                 out: TextIO | None = None, plain: bool = False, colour: bool = True) -> int:
    """The prompt_toolkit session; ``pt_input``/``pt_output`` let tests drive it through a pipe.

    Output goes to ``out`` as plain text when given (tests), else through
    prompt_toolkit in colour (``colour``).  ``plain``: no status bar, a
    readline-like completion list (no box), rolls as sentences.
    """
    style = prompt_toolkit.styles.Style.from_dict(presentation.STYLE_RULES if colour
                                                  else {"bottom-toolbar": "noreverse"})
    lines_typed, notes = history.open_history(history_path(engine))
    cap = LineCap()
    shortcuts = prompt_toolkit.shortcuts

    def status_bar() -> str:
        return clean(presentation.status_text(presentation.status_parts(engine), _bar_width(session)))

    session: prompt_toolkit.PromptSession[str] = prompt_toolkit.PromptSession(
        history=lines_typed, completer=completion.GameCompleter(engine), complete_while_typing=False,
        bottom_toolbar=None if plain else status_bar,
        input=capped_input(pt_input if pt_input is not None else prompt_toolkit.input.create_input()), output=pt_output,
        style=style, color_depth=None if colour else prompt_toolkit.output.ColorDepth.DEPTH_1_BIT,
        complete_style=shortcuts.CompleteStyle.READLINE_LIKE if plain else shortcuts.CompleteStyle.COLUMN,
        key_bindings=_line_cap(cap),
        enable_suspend=True,
    )
    session.default_buffer.on_text_changed += cap.edited

    def show(lines: list[str]) -> None:
        if out is not None:
            emit(lines, out, _width(), spoken=plain)
        else:
            print_styled(lines, _width(), style, _names(engine) if colour else None, session.output, spoken=plain)

    if opening or notes:
        show([*opening, *notes])
    while True:
        cap.start()
        try:
            line = session.prompt("> ")
        except KeyboardInterrupt:
            continue  # Ctrl-C cancels the line being typed, nothing more
        except EOFError:
            show(farewell(engine))
            return 0
        line = clean(line)
        if cap.cut or len(line) > MAX_LINE:  # a completion may also take a line past the cap
            show([too_long()])
            continue
        report = engine.submit(line)
        show(report.shown)
        if report.quit:
            return 0


def farewell(engine: Engine) -> list[str]:
    """Ctrl-D's goodbye: what ``quit`` says (see :meth:`game.meta.MetaCommands.farewell_lines`)."""
    return engine.meta.farewell_lines()


class LineCap:
    """Whether characters of the line being typed were dropped at :data:`MAX_LINE` (then it is not run).

    Set when the line's key bindings drop a character or cut a paste; cleared at
    each new prompt and when the player shortens the line (an edit of the line
    on screen: what runs is what is seen).
    """

    def __init__(self) -> None:
        self.cut = False
        self.length = 0

    def start(self) -> None:
        self.cut, self.length = False, 0

    def edited(self, buffer: Any) -> None:
        length = len(buffer.text)
        if length < self.length:
            self.cut = False
        self.length = length


def _line_cap(cap: LineCap | None = None) -> Any:
    """Key bindings that drop typed or pasted characters once the line holds MAX_LINE, noting it in ``cap``."""
    bindings = prompt_toolkit.key_binding.KeyBindings()

    @prompt_toolkit.filters.Condition
    def full() -> bool:
        return len(prompt_toolkit.application.get_app().current_buffer.text) >= MAX_LINE

    @bindings.add(prompt_toolkit.keys.Keys.Any, filter=full)
    def _drop(event: prompt_toolkit.key_binding.KeyPressEvent) -> None:
        """The line is full: the key is dropped."""
        if cap is not None and len(event.data) == 1 and event.data.isprintable():
            cap.cut = True

    @bindings.add(prompt_toolkit.keys.Keys.BracketedPaste)
    def _paste(event: prompt_toolkit.key_binding.KeyPressEvent) -> None:
        buffer = event.current_buffer
        room = max(0, MAX_LINE - len(buffer.text))
        pasted = pasted_line(event.data)
        buffer.insert_text(pasted[:room])
        if cap is not None and len(pasted) > room:
            cap.cut = True

    return bindings


def pasted_line(data: str) -> str:
    """A bracketed paste as one line: several lines become several commands (``w. take cloak``), on the prompt
    line for the player to see and run with Enter; a single line as it was."""
    lines = [line.strip() for line in data.replace("\r\n", "\n").replace("\r", "\n").split("\n")]
    lines = [line for line in lines if line]
    if len(lines) < 2:
        return data.replace("\r", "").replace("\n", "")
    return " ".join(line if line[-1] in ".;!" else f"{line}." for line in lines[:-1]) + f" {lines[-1]}"


def capped_input(inner: Any, limit: int = MAX_LINE) -> Any:
    """prompt_toolkit's input ``inner``, with runs of characters past ``limit`` dropped as they are read.

    prompt_toolkit handles every key press in Python (a third of a millisecond
    each): a 200 KB line typed or pasted without bracketed paste took a minute,
    though the line was capped.  Here a character is dropped before it becomes
    a key press when more than ``limit + 1`` characters came in a row, with no other
    key between them: each of those keys only inserts a character, so the line
    already holds ``limit`` and the line cap would drop it anyway (the one past
    ``limit`` is let through, for the line cap to drop and note: the line is not run).  Any other key
    (Enter, a movement, a deletion, Ctrl-C, Ctrl-D, a bracketed paste) starts the
    count again, so typing, editing and the keys that end a line are untouched.
    """
    passive = (prompt_toolkit.keys.Keys.CPRResponse, prompt_toolkit.keys.Keys.Ignore)

    class CappedInput(prompt_toolkit.input.Input):
        """The wrapped input, every call passed on; only the key presses read are filtered."""

        def __init__(self) -> None:
            self.run = 0  # characters in a row since the last other key

        def cap(self, presses: list[prompt_toolkit.key_binding.KeyPress]) -> list[prompt_toolkit.key_binding.KeyPress]:
            kept = []
            for press in presses:
                if not isinstance(press.key, prompt_toolkit.keys.Keys) and len(press.key) == 1:
                    self.run += 1
                    if self.run > limit + 1:
                        continue
                elif press.key not in passive:
                    self.run = 0
                kept.append(press)
            return kept

        def read_keys(self) -> list[prompt_toolkit.key_binding.KeyPress]:
            return self.cap(inner.read_keys())

        def flush_keys(self) -> list[prompt_toolkit.key_binding.KeyPress]:
            return self.cap(inner.flush_keys())

        def fileno(self) -> int:
            return int(inner.fileno())

        def typeahead_hash(self) -> str:
            return str(inner.typeahead_hash())

        def flush(self) -> None:
            inner.flush()

        @property
        def closed(self) -> bool:
            return bool(inner.closed)

        def raw_mode(self) -> Any:
            return inner.raw_mode()

        def cooked_mode(self) -> Any:
            return inner.cooked_mode()

        def attach(self, input_ready_callback: Any) -> Any:
            return inner.attach(input_ready_callback)

        def detach(self) -> Any:
            return inner.detach()

        def close(self) -> None:
            inner.close()

    return CappedInput()


def print_styled(lines: list[str], width: int, style: Any, names: list[str] | None, output: Any, *,
                 spoken: bool = False) -> None:
    """Print cleaned, wrapped lines through prompt_toolkit's output.

    With ``names`` (colour on) the lines carry the colour classes of
    :func:`~game.presentation.styled_block`; without, they are plain text
    (``spoken``: rolls as sentences).
    """
    cleaned = [presentation.sentence(clean(line)) if spoken else clean(line) for line in lines]
    if names is None:
        fragments = [("", wrap("\n".join(cleaned), width) + "\n")]
    else:
        fragments = presentation.styled_block(cleaned, width, names)
    prompt_toolkit.print_formatted_text(prompt_toolkit.formatted_text.FormattedText(fragments), style=style, output=output, end="")


def _names(engine: Engine) -> list[str]:
    """The names of the adventure's people, coloured where they appear (proper names only)."""
    return [npc.name for npc in engine.adventure.npcs.values() if npc.name[:1].isupper()]


def _bar_width(session: Any) -> int:
    try:
        return int(session.output.get_size().columns)
    except Exception:  # noqa: BLE001 - a bar that cannot measure falls back to 80 columns
        return 80


def _width() -> int:
    return max(20, min(100, shutil.get_terminal_size((80, 24)).columns - 2))
