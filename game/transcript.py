"""The session transcript: what was typed and what the game said, as plain text, rolls included.

``transcript on [FILE]`` opens it (appending, so a transcript can span
sessions), ``transcript off`` closes it.  Each command is written after a
``>`` as on screen, then its lines, cleaned of control characters.  A write
that fails (a full disk) closes the transcript and the game is told why; it
never stops play.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from game.deferred import deferred
from game.text import clean, wrap

if TYPE_CHECKING:
    import datetime
else:
    datetime = deferred("datetime")

#: Transcripts are wrapped as the screen is in plain mode.
WIDTH = 78


class Transcript:
    """An open transcript file."""

    def __init__(self, path: Path, handle: TextIO) -> None:
        self.path = path
        self.handle = handle

    @classmethod
    def open(cls, path: Path, heading: str) -> Transcript:
        """Open ``path`` for appending (its folder made) and write a heading; OSError if it cannot be."""
        path.parent.mkdir(parents=True, exist_ok=True)
        handle = path.open("a", encoding="utf-8", newline="\n")
        transcript = cls(path, handle)
        stamp = datetime.datetime.now().strftime("%Y-%m-%d %H:%M")
        transcript.write([f"=== {heading} — transcript started {stamp} ==="])
        return transcript

    def write(self, lines: list[str]) -> None:
        """Write lines, wrapped, and flush (so a crash loses nothing already shown); OSError passes up."""
        self.handle.write(wrap("\n".join(clean(line) for line in lines), WIDTH) + "\n")
        self.handle.flush()

    def record(self, command: str, lines: list[str]) -> None:
        """One exchange: the command typed, then what the game said."""
        self.write(["", f"> {clean(command)}", *lines])

    def close(self) -> None:
        try:
            self.handle.close()
        except OSError:
            pass


def default_path(folder: Path, adventure_id: str) -> Path:
    """``FOLDER/transcripts/<adventure>-<date>-<time>.txt``."""
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    return folder / "transcripts" / f"{adventure_id}-{stamp}.txt"
