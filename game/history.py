"""The prompt's command history file (``<saves>/.history``), kept safe and small.

The contract: the file is never followed when it is a symbolic link, never
opened unless it is a regular file (a FIFO, a device or a folder is refused
without blocking), holds at most :data:`MAX_ENTRIES` commands (older ones are
dropped when the game starts, and again whenever the session has added as
many), and each line at most :data:`MAX_ENTRY` characters.  When the file
cannot be used the game goes on with history kept in memory only, and the
player gets one note (:func:`open_history`).  The format is prompt_toolkit's
``FileHistory`` (``# date`` then ``+line`` lines), so older files keep working.
"""
from __future__ import annotations

import datetime
import os
import stat
from collections.abc import Iterable
from pathlib import Path

from prompt_toolkit.history import History, InMemoryHistory

from game.text import clean

#: The most commands kept in the history file.
MAX_ENTRIES = 1000
#: The longest command kept.
MAX_ENTRY = 1000
#: The most bytes read from the end of a history file (enough for MAX_ENTRIES long lines).
MAX_READ = 2 * 1024 * 1024

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)


class HistoryUnusable(Exception):
    """The history file cannot be used; the message says why, for the player's one note."""


def _open_regular(path: Path, flags: int) -> int:
    """A descriptor of ``path`` if it is a regular file (links not followed, FIFOs never waited on)."""
    try:
        fd = os.open(path, flags | _NOFOLLOW | _NONBLOCK, 0o600)
    except OSError as error:
        raise HistoryUnusable(f"{path} cannot be opened ({error.strerror or error})") from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise HistoryUnusable(f"{path} is not a regular file")
    return fd


def read_entries(path: Path) -> list[str]:
    """The last MAX_ENTRIES commands of the file (none if it does not exist)."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return []
    except OSError as error:
        raise HistoryUnusable(f"{path} cannot be read ({error.strerror or error})") from None
    if stat.S_ISLNK(info.st_mode):
        raise HistoryUnusable(f"{path} is a symbolic link")
    fd = _open_regular(path, os.O_RDONLY)
    try:
        size = os.fstat(fd).st_size
        os.lseek(fd, max(0, size - MAX_READ), os.SEEK_SET)
        chunks = []
        while True:
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                break
            chunks.append(chunk)
    except OSError as error:
        raise HistoryUnusable(f"{path} cannot be read ({error.strerror or error})") from None
    finally:
        os.close(fd)
    text = b"".join(chunks).decode("utf-8", errors="replace")
    entries = [line[1:] for line in text.split("\n") if line.startswith("+")]
    return [clean(entry)[:MAX_ENTRY] for entry in entries[-MAX_ENTRIES:]]


def _format(entries: Iterable[str]) -> bytes:
    stamp = datetime.datetime.now()
    return "".join(f"\n# {stamp}\n+{entry}\n" for entry in entries).encode("utf-8", errors="replace")


def rewrite(path: Path, entries: list[str]) -> None:
    """Replace the file with ``entries`` atomically (a temporary file renamed over it, links never followed)."""
    temp = path.with_name(f"{path.name}.tmp-{os.getpid()}")
    try:
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | _NOFOLLOW, 0o600)
        try:
            os.write(fd, _format(entries))
        finally:
            os.close(fd)
        os.replace(temp, path)
    except OSError as error:
        try:
            os.unlink(temp)
        except OSError:
            pass
        raise HistoryUnusable(f"{path} cannot be written ({error.strerror or error})") from None


class SafeFileHistory(History):
    """prompt_toolkit history in a file, under the contract of this module."""

    def __init__(self, path: Path, entries: list[str]) -> None:
        super().__init__()
        self.path = path
        self.entries = entries
        self.added = 0
        #: Set when writing failed (the session goes on with history in memory).
        self.broken = ""

    def load_history_strings(self) -> Iterable[str]:
        return list(reversed(self.entries))  # prompt_toolkit wants the newest first

    def store_string(self, string: str) -> None:
        entry = clean(string)[:MAX_ENTRY]
        self.entries.append(entry)
        del self.entries[:-MAX_ENTRIES]
        if self.broken:
            return
        self.added += 1
        try:
            if self.added >= MAX_ENTRIES:
                self.added = 0
                rewrite(self.path, self.entries)
                return
            fd = _open_regular(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT)
            try:
                os.write(fd, _format([entry]))
            finally:
                os.close(fd)
        except (HistoryUnusable, OSError) as error:
            self.broken = str(error)


def _reason(error: Exception) -> str:
    """An error in plain words: ``FILE: reason`` for an OSError, never Python's ``[Errno 20] ...``."""
    if isinstance(error, OSError) and error.strerror:
        return f"{error.filename}: {error.strerror}" if error.filename else error.strerror
    return str(error)


def open_history(path: Path | None) -> tuple[History, list[str]]:
    """The history to use and notes for the player (one, if the file cannot be used)."""
    if path is None:
        return InMemoryHistory(), []
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        entries = read_entries(path)
        if path.exists() and os.lstat(path).st_size > MAX_READ // 2 or len(entries) >= MAX_ENTRIES:
            rewrite(path, entries)
    except (HistoryUnusable, OSError) as error:
        return InMemoryHistory(), [f"(Command history is off for this session: {_reason(error)}.)"]
    return SafeFileHistory(path, entries), []
