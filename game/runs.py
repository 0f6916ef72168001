"""Runs: each game has its own identity and its own autosave, kept until the player lets it go.

A run is numbered across the whole saves folder (``3``), so ``wayfarer --continue 3``
needs no adventure, and its autosave is ``<saves>/<adventure-id>/runs/<number>.toml``
(a save like any other, its ``[save]`` table naming the run, day, place and status
for the listing).  Numbers are never given twice: the highest ever given is kept
in ``<saves>/.last-run`` (and the folders are scanned too, should that file be lost).

Kept: every run, until the player drops it (``wayfarer saves --drop RUN``) or it is
the oldest of more than :data:`KEPT_RUNS` runs of one adventure; the
:data:`ALWAYS_KEPT` most recent are never dropped, nor the run in play.  A run
that no longer reads is set aside (``<number>.unreadable.toml``, never dropped),
and an autosave of the old layout (one per adventure, ``autosave.toml`` and
``autosave-previous.toml``) becomes a run the first time the folder is looked at.

This module knows files and numbers, not what a save holds: it imports only the
standard library and :mod:`game.text`.
"""
from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from game.deferred import deferred
from game.text import escape_controls

if TYPE_CHECKING:
    import datetime
    import tomllib
else:
    tomllib = deferred("tomllib")
    datetime = deferred("datetime")

#: The folder inside an adventure's saves folder that holds its runs.
RUNS_FOLDER = "runs"
#: How many runs of one adventure are kept before the oldest is dropped.
KEPT_RUNS = 20
#: The most recent runs of an adventure that are never dropped, whatever the count.
ALWAYS_KEPT = 3
#: The file of the saves folder holding the highest run number ever given.
LAST_RUN_FILE = ".last-run"
#: The suffix of a run set aside because it no longer reads.
UNREADABLE = ".unreadable.toml"
#: The autosaves of the old layout, oldest first (each becomes a run).
OLD_AUTOSAVES = ("autosave-previous.toml", "autosave.toml")

#: A run's file name (compiled, and cached by ``re``, when the first runs are listed).
_RUN_NAME = r"([1-9][0-9]{0,8})\.toml\Z"


def is_run_id(text: str) -> bool:
    """Whether ``text`` is written as a run's number is (``7``: digits, no leading zero)."""
    return bool(re.match(_RUN_NAME, f"{text}.toml"))


class Run(NamedTuple):
    """A run kept in a saves folder, as its autosave's head tells it (fields None where an old autosave is silent).

    A named tuple: the start lists the adventure's runs, and this costs a fraction of a frozen dataclass."""

    adventure_id: str
    run: str
    path: Path
    written: float
    folder: str | None = None
    title: str | None = None
    system: str | None = None
    day: int | None = None
    place: str | None = None
    status: str | None = None


def runs_folder(root: Path, adventure_id: str) -> Path:
    return root / adventure_id / RUNS_FOLDER


def run_path(root: Path, adventure_id: str, run: str) -> Path:
    return runs_folder(root, adventure_id) / f"{run}.toml"


def _adventure_folders(root: Path) -> list[Path]:
    try:
        return sorted(p for p in root.iterdir() if not p.name.startswith(".") and p.is_dir())
    except OSError:
        return []


def _numbers_in(folder: Path) -> list[int]:
    try:
        names = [p.name for p in folder.iterdir()]
    except OSError:
        return []
    found = []
    for name in names:
        head = name.removesuffix(UNREADABLE) + ".toml" if name.endswith(UNREADABLE) else name
        match = re.match(_RUN_NAME, head)
        if match:
            found.append(int(match.group(1)))
    return found


def next_run_id(root: Path) -> str:
    """A run number never given in this saves folder, recorded as given (best effort: a folder that cannot be
    written still gets a number, found from the runs there)."""
    highest = max((n for folder in _adventure_folders(root) for n in _numbers_in(folder / RUNS_FOLDER)), default=0)
    marker = root / LAST_RUN_FILE
    try:
        text = marker.read_text(encoding="ascii").strip()
        highest = max(highest, int(text) if text.isdecimal() and len(text) < 10 else 0)
    except (OSError, UnicodeDecodeError):
        pass
    number = str(highest + 1)
    try:
        root.mkdir(parents=True, exist_ok=True)
        temp = root / f".{LAST_RUN_FILE}.tmp-{os.getpid()}"
        temp.write_text(number + "\n", encoding="ascii")
        os.replace(temp, marker)
    except OSError:
        pass
    return number


def migrate_old_autosaves(root: Path) -> list[str]:
    """Make each autosave of the old layout a run of its own; one line telling the player of each (once:
    the files move, so the next look finds none).  A file that cannot be moved stays, and is said."""
    lines = []
    for folder in _adventure_folders(root):
        for name in OLD_AUTOSAVES:
            old = folder / name
            if old.is_symlink() or not old.is_file():
                continue
            run = next_run_id(root)
            target = folder / RUNS_FOLDER / f"{run}.toml"
            try:
                target.parent.mkdir(exist_ok=True)
                if target.parent.is_symlink():
                    raise OSError(0, "its runs folder is a symbolic link")
                os.replace(old, target)
            except OSError as error:
                lines.append(f"Note: {shown_path(old)} could not become a run ({error.strerror or error}); "
                             f"it is left where it is.")
                continue
            lines.append(f"Note: the autosave {shown_path(old)} is now run {run} of {escape_controls(folder.name)} "
                         f"(each run has its own autosave now; wayfarer --continue {run} resumes it).")
    return lines


def kept_runs(root: Path, adventure_id: str | None = None) -> list[Run]:
    """The runs kept in a saves folder (of one adventure, if named), the most recent first."""
    folders = [root / adventure_id] if adventure_id is not None else _adventure_folders(root)
    runs = []
    for folder in folders:
        place = folder / RUNS_FOLDER
        if place.is_symlink():
            continue
        for number in _numbers_in(place):
            path = place / f"{number}.toml"
            try:
                if path.is_symlink() or not path.is_file():
                    continue
                written = path.stat().st_mtime
            except OSError:
                continue
            runs.append(_described(Run(folder.name, str(number), path, written)))
    return sorted(runs, key=lambda run: (-run.written, -int(run.run)))


def find_run(root: Path, run: str) -> Run | None:
    """The run numbered ``run`` in the saves folder, if one is kept."""
    for folder in _adventure_folders(root):
        path = folder / RUNS_FOLDER / f"{run}.toml"
        if path.is_file() and not path.is_symlink():
            return next((r for r in kept_runs(root, folder.name) if r.run == run), None)
    return None


def _described(run: Run) -> Run:
    """The run with what the head of its autosave tells (the ``[save]`` table), read within 64 KiB."""
    try:
        with run.path.open("rb") as file:
            head = file.read(64 * 1024)
        text = head.decode("utf-8").partition("\n[state")[0]
        header: Any = tomllib.loads(text).get("save", {})
    except (OSError, UnicodeError, tomllib.TOMLDecodeError, AttributeError):
        return run
    if not isinstance(header, dict):
        return run

    def get(key: str, kind: type) -> Any:
        value = header.get(key)
        return value if isinstance(value, kind) and not isinstance(value, bool) else None

    return Run(run.adventure_id, run.run, run.path, run.written, get("folder", str), get("title", str),
               get("system", str), get("day", int), get("place", str), get("status", str))


def prune(root: Path, adventure_id: str, keep: str | None = None) -> list[str]:
    """Drop the oldest runs of an adventure beyond :data:`KEPT_RUNS` (never the :data:`ALWAYS_KEPT` most
    recent, nor ``keep``, the run in play); the numbers dropped."""
    runs = kept_runs(root, adventure_id)
    dropped = []
    for run in runs[max(KEPT_RUNS, ALWAYS_KEPT):]:
        if run.run == keep:
            continue
        try:
            run.path.unlink()
            dropped.append(run.run)
        except OSError:
            pass
    return dropped


def drop(root: Path, run: str) -> Path:
    """Drop the run the player names; its file (gone now).  LookupError when no such run is kept,
    OSError when it cannot be removed."""
    found = find_run(root, run)
    if found is None:
        raise LookupError(run)
    found.path.unlink()
    return found.path


def set_aside(path: Path) -> Path:
    """Move a run that no longer reads out of the way (``<number>.unreadable.toml``), kept; its new path."""
    target = path.with_name(path.name.removesuffix(".toml") + UNREADABLE)
    os.replace(path, target)
    return target


def run_line(run: Run, system_name: Callable[[str], str], *, this_game: bool = False, adventure: bool = True) -> str:
    """One run as ``saves`` lists it: number, adventure, system (named by ``system_name``), day, place, status
    and when it was last played; controls neutralised."""
    when = datetime.datetime.fromtimestamp(run.written).strftime("%Y-%m-%d %H:%M")
    parts = [*([run.title or run.adventure_id] if adventure else []),
             system_name(run.system) if run.system else "",
             f"day {run.day}" if run.day is not None else "", run.place or "",
             {"won": "won", "dead": "dead", "lost": "lost"}.get(run.status or "", ""), f"played {when}"]
    text = ", ".join(p if len(p) <= 60 else p[:57] + "..." for p in parts if p)  # a hand-edited head stays a line
    return escape_controls(f"run {run.run}{' (this game)' if this_game else ''}: {text}")


def shown_path(path: Path | str) -> str:
    """A path fit to print: terminal controls in it neutralised."""
    return escape_controls(str(path))
