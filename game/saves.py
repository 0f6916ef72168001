"""Saves: WorldState <-> TOML files, written atomically, refused with a reason when bad.

A save holds only state: ``[save]`` (format, adventure id and version, content digest,
system, seed, turn, a checksum over the state) and ``[state]``, whose shape is
:mod:`game.save_format`'s.  A run is days of a player's time, so a save must never be lost
or half written: the new save goes to a temporary file, flushed and fsynced; the previous
one becomes ``<slot>.toml.bak`` (a hard link, or a fsynced copy where there are none); only
then does ``os.replace`` put the new one in place.  A save killed half-way leaves a
``.<slot>.toml.tmp-<pid>`` file, which :meth:`SaveStore.clean_strays` removes at the next
start.  Every file operation goes through :mod:`os`, so tests inject faults at each step;
any ``OSError`` becomes a :class:`SaveError` naming the file, the previous save untouched.

A save may have been edited by hand, so reading refuses with a one-line reason: a file
past the limits of :mod:`game.world.limits`; a wrong header, an unknown format, another
adventure or a newer version; a checksum that does not match; state of the wrong shape,
ids the adventure lacks, and sheets or a moment the rule system's own readers refuse.
Every earlier format loads (format 1 migrated by the system's ``migrate_v1``) and is
written as :data:`FORMAT_VERSION` from the next save.  A save whose adventure changed
loads with a note when every id it names still exists; NPCs whose definition changed are
brought up to it (:mod:`game.npc_updates`).

The autosave (:data:`AUTOSAVE`) is written after every command that changed the run, by a
writer thread; ``save`` is verified with the reader's own code before it says "Saved".
Slot names are plain ASCII words, and no link is followed out of the saves folder.
The format and its reasons: ``docs/internals/saves.md``.
"""
from __future__ import annotations

import copy
import errno
import functools
import hashlib
import json
import os
import re
import threading
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game import runs, version
from game.deferred import deferred
from game.errors import SaveError
from game.npc_updates import Fingerprints
from game.paths import saves_home
from game.rules.base import SystemInPlay
from game.rules.registry import SYSTEM_IDS, get_system
from game.save_format import (
    FORMAT_VERSION,
    READABLE_FORMATS,
    ReadOnce,
    WrittenSheets,
    expanded,
    fresh_npcs,
    line_count,
    npc_groups,
    save_text,
    shape_problem,
    sheets_problem,
    state_data,
)
from game.text import escape_controls
from game.world import limits
from game.world.collector import collector_paused
from game.world.content import Adventure
from game.world.state import GONE, PLAYER, FreshNpc, WorldState

if TYPE_CHECKING:
    import shlex
    import tomllib

    import tomli_w
else:
    tomli_w = deferred("tomli_w")
    tomllib = deferred("tomllib")
    shlex = deferred("shlex")

__all__ = ["FORMAT_VERSION", "READABLE_FORMATS"]

SLOT_PATTERN = re.compile(r"[a-z0-9][a-z0-9_-]{0,31}\Z")
#: Names Windows reserves for devices, refused everywhere so saves travel.
RESERVED = {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(1, 10)), *(f"lpt{i}" for i in range(1, 10))}
#: The largest save file read (a state with thousands of changes is far smaller).
MAX_SAVE_BYTES = 16 * 1024 * 1024


#: The slot name of the run's own autosave (see game.runs); the player may load it but not save to it.
AUTOSAVE = "autosave"
#: How many undo steps an autosave keeps (the session keeps more: ``game.engine.UNDO_DEPTH``), so that
#: ``--continue`` offers the undo of the last turns, a death's included.
AUTOSAVED_UNDO = 10
#: An undo step as the engine keeps it: the state before a turn (or a line of commands), the log's length
#: then, the rolls then, and the turns it takes back.
UndoStep = tuple[WorldState, int, int, int]
#: The slot of the old layout's second autosave (moved into the runs since): the game's own name still.
PREVIOUS_AUTOSAVE = "autosave-previous"


def continue_command(root: Path, adventure: str = "") -> str:
    """The command that resumes the run ``adventure`` (a run's number, or an adventure: its most recent run;
    the most recent of all without one) in the saves folder ``root``: ``wayfarer --continue``, with
    ``--saves`` when ``root`` is not the folder a plain start uses."""
    try:
        same = saves_home().path.resolve() == root.resolve()
    except OSError:
        same = False
    words = ["wayfarer --continue", *([_shell_word(adventure)] if adventure else []),
             *([] if same else [f"--saves {_shell_word(str(root))}"])]
    return " ".join(words)


class Headline(str):
    """A note of :meth:`SaveStore.load` that itself says what was loaded (a slot's backup): it takes the place
    of "Loaded slot ..." (see :func:`loaded_lines`)."""


def loaded_lines(slot: str, notes: list[str]) -> list[str]:
    """What a load tells the player, in order, once: ``Loaded slot "x".`` (or what was loaded instead), then the notes."""
    if notes and isinstance(notes[0], Headline):
        return [str(note) for note in notes]
    return [f"Loaded slot \"{slot}\".", *notes]


def slot_as_typed(slot: str, typed: str | None) -> str:
    """The slot name as the player typed it, when the parser's words (``slot``) are not a name.

    The parser strips dots and quotes around words (``../x`` becomes ``/x``);
    a name refused is quoted as typed.  ``typed`` is the command's line, its
    verb first; anything that does not line up with ``slot`` gives ``slot``.
    """
    if typed is None or SLOT_PATTERN.match(slot.strip().lower()):
        return slot
    words = typed.split()[1:]
    if words and words[-1].lower() in ("--backup", "backup"):
        words = words[:-1]
    given = " ".join(words)
    stripped = " ".join(w.strip(".,;:!\"'()[]") for w in words).lower()
    return given if stripped == slot.lower() else slot


def codec_for(system_id: str) -> SystemInPlay:
    """The rule system whose sheets a save of ``system_id`` holds (SaveError for an unknown id)."""
    if system_id not in SYSTEM_IDS:
        raise SaveError(f"the save names an id this adventure does not have: system {_shown(system_id)}")
    return get_system(system_id)


def checksum(data: dict[str, Any]) -> str:
    """A digest of the state data, so a file that still parses after damage is caught.

    Values JSON cannot write (TOML dates and times, which only a hand edit puts
    in a save) are digested as their text, so any parsed data has a digest.
    """
    canonical = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True, default=str)
    return hashlib.sha256(canonical.encode()).hexdigest()


def check_slot(slot: str) -> str:
    """The slot name, lower-cased, if it is a plain ASCII word; SaveError otherwise.

    ASCII is checked before lower-casing, so a look-alike such as the Kelvin
    sign (which lower-cases to ``k``) is refused rather than mapped.
    """
    name = slot.strip()
    name = name.lower() if name.isascii() else ""
    if not SLOT_PATTERN.match(name) or name in RESERVED:
        raise SaveError(f"\"{escape_controls(slot[:40])}\" is not a slot name: use up to 32 letters, digits, - or _, "
                        f"starting with a letter or digit")
    return name


def _fsync_dir(folder: Path) -> None:
    """Make the rename durable; best effort (the save is complete whether or not this works)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        try:
            os.close(fd)
        except OSError:
            pass


_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


def _temp_names(target: Path) -> tuple[Path, Path]:
    folder, pid = target.parent, os.getpid()
    return folder / f".{target.name}.tmp-{pid}", folder / f".{target.name}.bak.tmp-{pid}"


def write_atomic(target: Path, payload: bytes, backup: bool = True) -> None:
    """Write ``payload`` to ``target`` atomically, keeping the previous file as ``.bak``.

    The steps: write and fsync a temporary file; if there is a previous save,
    give it a second name, a temporary one (a hard link: its bytes stay where they
    are, fsynced when they were written; a copy, fsynced, where the file system has
    no hard links), and rename that over the backup; rename the first over the
    target; fsync the folder.  Any OSError (or an interrupt) on the way leaves the
    previous save as it was and no temporary file behind.
    """
    folder = target.parent
    temp, backup_temp = _temp_names(target)
    try:
        _write_synced(temp, payload)
        if backup and _keep_as(target, backup_temp):
            os.replace(backup_temp, folder / f"{target.name}.bak")
        os.replace(temp, target)
        _fsync_dir(folder)
    finally:
        for stray in (temp, backup_temp):
            try:
                os.unlink(stray)
            except OSError:
                pass


#: ``os.link`` of a symbolic link links the link itself, where the platform can (not on Windows).
_LINK_NOFOLLOW = {"follow_symlinks": False} if os.link in os.supports_follow_symlinks else {}
#: What ``os.link`` answers where a file system has no hard links (or no more for that file).
_NO_LINKS = {errno.EPERM, errno.EOPNOTSUPP, errno.ENOTSUP, errno.EXDEV, errno.EMLINK, errno.ENOSYS}


def _keep_as(path: Path, other: Path) -> bool:
    """Give the file ``path`` the second name ``other`` (a hard link, else a copy); False if there is no such file.

    A symbolic link is never followed: linked as the link itself, which the reader then refuses.
    """
    try:
        try:
            os.link(path, other, **_LINK_NOFOLLOW)
        except FileExistsError:  # a temporary file left under this process's number: replaced, as the save's own is
            os.unlink(other)
            os.link(path, other, **_LINK_NOFOLLOW)
        return True
    except FileNotFoundError:
        return False
    except OSError as error:
        if error.errno not in _NO_LINKS:
            raise
    previous = _read_nofollow(path)
    if previous is None:
        return False
    _write_synced(other, previous)
    return True


def _read_nofollow(path: Path) -> bytes | None:
    """The bytes of ``path``, or None if it does not exist; a symbolic link is an OSError."""
    try:
        fd = os.open(path, os.O_RDONLY | _NOFOLLOW)
    except FileNotFoundError:
        return None
    try:
        chunks: list[bytes] = []
        while True:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                return b"".join(chunks)
            chunks.append(chunk)
    finally:
        os.close(fd)


def _write_synced(path: Path, payload: bytes) -> None:
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | _NOFOLLOW
    fd = os.open(path, flags, 0o644)
    try:
        view = memoryview(payload)
        while view:
            written = os.write(fd, view)
            view = view[written:]
        os.fsync(fd)
    finally:
        os.close(fd)


class SaveStore:
    """The save slots of one adventure under a saves folder."""

    def __init__(self, root: Path, adventure: Adventure) -> None:
        self.root = root
        self.adventure = adventure
        #: Slot -> (inode, size, mtime) of the file as this process last loaded or saved it.
        self._seen: dict[str, tuple[int, int, int]] = {}
        #: Slots found damaged this session (their backup loaded): saving to one keeps its good backup.
        self._damaged: set[str] = set()
        #: Slots the player was warned about (written by another process); saving again overwrites.
        self._warned: set[str] = set()
        #: The number of this game's run (game.runs), given at its first autosave when None.
        self.run: str | None = None
        #: Whether the run's file is this game's: written by it, or the run it continues.
        self._run_claimed = False
        #: What the player should hear of the runs (a run forked from one another game wrote), told once.
        self._notes: list[str] = []
        #: The newest run handed in and not yet taken by the writer, with its log's length (the log is shared).
        self._queued: tuple[WorldState, int, list[tuple[list[Any], int, int]]] | None = None
        #: id of an undo snapshot handed in -> [the snapshot, a copy of it for the writer, its text once written]:
        #: each step is encoded once, however many autosaves carry it.
        self._undo_cache: dict[int, list[Any]] = {}
        #: The undo steps the last load of an autosave read (taken by :meth:`take_undo`).
        self._undo_read: list[UndoStep] = []
        self._worker: threading.Thread | None = None
        self._lock = threading.Lock()
        self._failure = ""
        #: The last autosave was written (the writer thread's failures clear it): until then each is written
        #: at once, so an autosave that cannot be written is told after the very command it followed.
        self._autosave_works = False
        self.fingerprints = Fingerprints(adventure)
        #: The NPC sheets' data as the last save wrote it (sheets are immutable: the same one writes the same).
        self._written = WrittenSheets()
        #: System id -> its fresh NPCs (read only: NpcState.to_data and from_data take their defaults from them).
        self._fresh: dict[str, FreshNpc] = {}
        #: The last text of items moved (formats 3 and 4) found to name only items and places the adventure
        #: has: a store's adventure never changes, so the very same text names the same, all there.
        self._moves_found = ""

    @property
    def folder(self) -> Path:
        return self.root / self.adventure.id

    def kept_line(self) -> str:
        """Where the run is kept when a session ends (``quit``'s question, Ctrl-D), and how to resume it."""
        run = self.run or "?"
        return (f"The run is kept as run {run} ({runs.shown_path(self.run_file())}); "
                f"{continue_command(self.root, run)} resumes it.")

    def run_file(self) -> Path:
        """The autosave of this game's run (its number given now if it has none yet)."""
        if self.run is None:
            self.run = runs.next_run_id(self.root)
        return runs.run_path(self.root, self.adventure.id, self.run)

    def continue_run(self, run: str) -> None:
        """Play on the run numbered ``run``: its autosave is this game's to write."""
        self.run, self._run_claimed = run, True
        seen = self._stat(self.run_file())
        if seen is not None:
            self._seen[self._key(self.run_file())] = seen

    def leave_run(self) -> str | None:
        """The game leaves its run for another (a load, a restart): the run left is kept as it was last
        written, and the next autosave starts a run of its own.  The number of the run left, if it was written."""
        self.flush_autosave()
        left = self.run if self._run_claimed and self.run is not None and self.run_file().is_file() else None
        if left is not None:
            self.run, self._run_claimed = None, False
        return left

    def take_notes(self) -> list[str]:
        """What the player should hear of the runs since last asked (told once)."""
        with self._lock:
            notes, self._notes = self._notes, []
        return notes

    def _key(self, path: Path) -> str:
        """A file's key in ``_seen``: a slot's name, or ``runs/N`` for a run (a slot may be called "3")."""
        return path.stem if path.parent == self.folder else f"{runs.RUNS_FOLDER}/{path.stem}"

    def path(self, slot: str) -> Path:
        """The file of a slot, proven to lie inside the saves folder.

        The name is a plain word (no separator, no dot, no device name), the
        adventure's folder is not a symbolic link (it could point anywhere) and
        neither is the slot file.  The backup and temporary files are handled
        without following links when written (see :func:`write_atomic`).
        """
        name = check_slot(slot)
        self._check_folder()
        path = self.run_file() if name == AUTOSAVE else self.folder / f"{name}.toml"
        if path.is_symlink():
            raise SaveError(f"slot \"{name}\" is a symbolic link; refusing to follow it")
        return path

    def _check_folder(self) -> None:
        folder = self.folder
        if folder.is_symlink():
            raise SaveError(f"{folder} is a symbolic link; refusing to follow it (saves stay in the saves folder)")
        if folder.exists() and not folder.is_dir():
            raise SaveError(f"{folder} is not a folder")

    def clean_strays(self) -> list[Path]:
        """Remove temporary files (or links planted in their place) left by an interrupted save; return them."""
        folder = self.folder
        if folder.is_symlink() or not folder.is_dir():
            return []
        try:
            strays = [p for p in folder.glob(".*.tmp-*")
                      if (p.is_symlink() or p.is_file()) and not _writer_alive(p.name.rpartition("-")[2])]
        except OSError:
            return []
        removed = []
        for stray in strays:
            try:
                stray.unlink()  # a link itself, never its target
                removed.append(stray)
            except OSError:
                pass
        return removed

    def slots(self) -> list[str]:
        if not self.folder.is_dir():
            return []
        return sorted(p.stem for p in self.folder.glob("*.toml") if SLOT_PATTERN.match(p.stem))

    def _stat(self, path: Path) -> tuple[int, int, int] | None:
        try:
            info = path.lstat()
        except OSError:
            return None
        return (info.st_ino, info.st_size, info.st_mtime_ns)

    # -- writing ------------------------------------------------------------------
    def save(self, slot: str, state: WorldState) -> Path:
        """Write the player's save to a slot, verified to load; SaveError (the previous save intact) if not.

        Refused: the autosave's slot; a dead run over a living save; a slot
        another process wrote since this one last loaded or saved it (once:
        saving to it again overwrites).
        """
        with collector_paused():  # short-lived objects: see game.world.collector
            return self._save(slot, state)

    def _save(self, slot: str, state: WorldState) -> Path:
        path = self.path(slot)
        name = check_slot(slot)
        if name in (AUTOSAVE, PREVIOUS_AUTOSAVE):
            raise SaveError(f"\"{name}\" is the game's own slot (written after every command); choose another name")
        if state.status == "dead" and self._holds_living_run(path):
            raise SaveError(f"this run is over, and slot \"{name}\" holds a living one; undo or load first, "
                            f"or save the ended run to another slot")
        current = self._stat(path)
        if current is not None and name in self._seen and current != self._seen[name] and name not in self._warned:
            self._warned.add(name)
            raise SaveError(f"slot \"{name}\" was written by another game since you loaded or saved it "
                            f"({path}); save to it again to overwrite it, or save to another slot")
        payload, document = self._encoded(state)
        self._verify(payload, document, path.name)
        self._write(path, payload, backup=name not in self._damaged)  # a damaged save is no backup
        self._warned.discard(name)
        self._damaged.discard(name)
        return path

    def autosave(self, state: WorldState, undo: Sequence[tuple[list[Any], int, int]] = ()) -> Path:
        """Write the run to its own autosave, checked against the reader's limits (not fully read back).

        The first autosave of a game takes a run number no file has yet (two games
        started at once never share one) and drops the oldest runs beyond the
        number kept (:func:`game.runs.prune`).  A run file another game wrote since
        this one last wrote it is left alone: this game goes on as a new run, and
        the player is told.
        """
        self._check_folder()
        path, first = self._run_target()  # first: the header names the run
        payload = self._payload(state) + self._undo_text(undo)
        if len(payload) > MAX_SAVE_BYTES:
            raise SaveError(f"the run has grown beyond what a save may hold ({MAX_SAVE_BYTES // 2**20} MiB)")
        try:
            limits.prescan(payload.decode())
        except limits.TooMuch as error:
            raise SaveError(f"the run could not be saved in a form that loads ({error.message})") from None
        if path.parent.is_symlink():
            raise SaveError(f"{runs.shown_path(path.parent)} is a symbolic link; refusing to follow it")
        self._write(path, payload, backup=False, folder=path.parent)  # the atomic rename keeps the autosave whole
        self._run_claimed = True
        if first:
            runs.prune(self.root, self.adventure.id, keep=self.run)
        return path

    def _run_target(self) -> tuple[Path, bool]:
        """The file this autosave goes to, and whether it is the run's first: a new run takes a number no file
        has; a run another game wrote since this one did goes on under a new number (the player told)."""
        path = self.run_file()
        current = self._stat(path)
        if not self._run_claimed:
            while current is not None:
                self.run = runs.next_run_id(self.root)
                path = self.run_file()
                current = self._stat(path)
            return path, True
        if current is not None and current != self._seen.get(self._key(path)):
            other = self.run
            self.run = runs.next_run_id(self.root)
            with self._lock:
                self._notes.append(f"(Another game wrote run {other} since this one did; this game goes on as "
                                   f"run {self.run}, and run {other} is kept as the other game left it.)")
            return self.run_file(), True
        return path, False

    def autosave_later(self, state: WorldState, undo: Sequence[UndoStep] = ()) -> str:
        """Hand a copy of the run to the autosave writer thread; the reason the last autosave failed, or "".

        The command's answer does not wait for the write (a long run's save
        takes a disk's fsync and milliseconds of encoding): a thread writes the
        newest state handed in, skipping any it was too slow for.  It is not a
        daemon, so the process writes the last state before it exits (a kill
        leaves the previous autosave whole: the write is atomic).  The first
        autosave of a session, and the first after one failed, is written at
        once instead, so a saves folder that cannot be written is told after
        the first command, not one or more commands late.
        """
        steps = self._undo_handed(undo)
        if not self._autosave_works:
            return self._autosave_now(state, steps)
        snapshot = state.copy(share_log=True)  # the log is copied by the writer: at 100,000 commands that takes a while
        with self._lock:
            self._queued = (snapshot, len(state.log), steps)
            failure, self._failure = self._failure, ""
            if self._worker is None or not self._worker.is_alive():
                self._worker = threading.Thread(target=self._write_queued, name="wayfarer-autosave")
                self._worker.start()
        return failure

    def _undo_handed(self, undo: Sequence[UndoStep]) -> list[tuple[list[Any], int, int]]:
        """The last :data:`AUTOSAVED_UNDO` undo steps as the writer takes them: each snapshot copied once, here
        in the game's thread (an undo makes a snapshot the live state, which then changes), with the log's
        length then (the log itself is the run's: an autosave holds it once) and the turns it takes back."""
        kept: dict[int, list[Any]] = {}
        steps = []
        for snapshot, log_length, _rolls, turns in undo[-AUTOSAVED_UNDO:]:
            entry = self._undo_cache.get(id(snapshot))
            if entry is None or entry[0] is not snapshot:
                copy = snapshot.copy(share_log=True)
                copy.log = []
                entry = [snapshot, copy, None]
            kept[id(snapshot)] = entry
            steps.append((entry, log_length, turns))
        self._undo_cache = kept
        return steps

    def take_undo(self, state: WorldState) -> list[UndoStep]:
        """The undo steps the last load of an autosave read, sharing ``state``'s log (as the engine's do)."""
        steps, self._undo_read = self._undo_read, []
        for snapshot, *_rest in steps:
            snapshot.log = state.log
        return steps

    def _autosave_now(self, state: WorldState, steps: list[tuple[list[Any], int, int]]) -> str:
        """Write the autosave before the answer (the writer thread's last write first); the reason it failed, or ""."""
        if self._worker is not None:
            self._worker.join()
        with self._lock:
            self._queued, self._failure = None, ""
        try:
            self.autosave(state, steps)
        except Exception as error:  # noqa: BLE001 - SaveError, or a bug: neither may end the game
            failure = str(error) if isinstance(error, SaveError) else f"{type(error).__name__}: {error}"
            with self._lock:
                self._failure = failure  # for flush_autosave (the next autosave writes at once again)
            return failure
        self._autosave_works = True
        return ""

    def log_will_shrink(self) -> None:
        """The run's log is about to be cut back (undo, a command taken back): a run handed in and not
        yet taken by the writer gets its own copy of the log first (the log only grows otherwise)."""
        with self._lock:
            if self._queued is not None:
                state, length, _steps = self._queued
                state.log = state.log[:length]

    def flush_autosave(self) -> str:
        """Wait until the autosave writer has written everything handed in; the reason it failed, or "".

        The reason stays, for the next :meth:`autosave_later` to report.
        """
        worker = self._worker
        if worker is not None:
            worker.join()
        with self._lock:
            return self._failure

    def _write_queued(self) -> None:
        while True:
            with self._lock:
                queued, self._queued = self._queued, None
                if queued is None:
                    return
                state, length, steps = queued
                state.log = state.log[:length]  # before any cut of the shared log (see log_will_shrink)
            try:
                self.autosave(state, steps)
            except SaveError as error:
                with self._lock:
                    self._failure, self._autosave_works = str(error), False
            except Exception as error:  # noqa: BLE001 - a bug here must not end the game either
                with self._lock:
                    self._failure, self._autosave_works = f"{type(error).__name__}: {error}", False

    def _holds_living_run(self, path: Path) -> bool:
        if not path.is_file():
            return False
        try:
            return self.read(path).status == "playing"
        except SaveError:
            return False

    def _payload(self, state: WorldState) -> bytes:
        return self._encoded(state, autosave=True)[0]

    def _undo_text(self, steps: Sequence[tuple[list[Any], int, int]]) -> bytes:
        """The ``[undo]`` table of an autosave: each step a whole save of the state before a turn (its log
        left out: the run's log cut to ``log``), sealed by a checksum over the steps."""
        if not steps:
            return b""
        table = []
        for entry, log_length, turns in steps:
            if entry[2] is None:
                copy = entry[1]
                data = state_data(copy, codec_for(copy.system), self.fingerprints, WrittenSheets(),
                                  self._fresh_npcs(copy.system))
                entry[2] = save_text(self._header(copy, data), data)
            table.append({"log": log_length, "turns": turns, "save": entry[2]})
        return ("\n" + tomli_w.dumps({"undo": {"checksum": checksum({"steps": table}), "steps": table}})).encode()

    def _undo_from(self, document: dict[str, Any], state: WorldState) -> tuple[list[UndoStep], list[str]]:
        """The undo steps an autosave holds, each read as a save is (every check); none, and a note, if any
        step is refused: the run itself still loads."""
        table = document.get("undo")
        if table is None:
            return [], []
        try:
            if not isinstance(table, dict) or not isinstance(table.get("steps"), list):
                raise SaveError("it is not a list of steps")
            steps = table["steps"][-AUTOSAVED_UNDO:]
            if table.get("checksum") != checksum({"steps": table["steps"]}):
                raise SaveError("it was changed since the game wrote it")
            read: list[UndoStep] = []
            for step in steps:
                length = step.get("log") if isinstance(step, dict) else None
                turns = step.get("turns", 1) if isinstance(step, dict) else None
                if type(length) is not int or not 0 <= length <= len(state.log) or not isinstance(step["save"], str) \
                        or type(turns) is not int or not 1 <= turns <= limits.MAX_LOG:
                    raise SaveError("a step is damaged")
                snapshot = self.from_document(parse_document(step["save"].encode(), "an undo step"), "an undo step")
                read.append((snapshot, length, 0, turns))
        except SaveError as error:
            return [], [f"The undo of the last turns kept with this run could not be read ({error}); undo goes "
                        f"back no further than here."]
        return read, []

    def _encoded(self, state: WorldState, *, autosave: bool = False) -> tuple[bytes, dict[str, Any]]:
        """The save's bytes, and the document they hold (``[save]`` and ``[state]``, as data)."""
        data = state_data(state, codec_for(state.system), self.fingerprints, self._written,
                          self._fresh_npcs(state.system))
        header = self._header(state, data, autosave=autosave)
        try:
            payload = save_text(header, data).encode()
        except (TypeError, ValueError) as error:
            raise SaveError(f"the state could not be written as TOML ({error})") from error
        return payload, {"save": header, "state": data}

    def _verify(self, payload: bytes, document: dict[str, Any], name: str) -> None:
        """Check the save with the reader's own limits and code before it is written: "Saved" means it loads.

        The reader's checks run on the document the bytes were written from
        (size and number limits on the text itself; then header, checksum,
        shape, every sheet through the rule system's reader, and every id),
        rather than on a parse of the text: the text reads back as the same data
        (tomli_w's part, and what :func:`game.save_format.save_text` splices in:
        tests hold it to that), and parsing the TOML again would cost about as
        much as the rest of the save together.
        """
        if len(payload) > MAX_SAVE_BYTES:
            raise SaveError(f"the run has grown beyond what a save may hold ({MAX_SAVE_BYTES // 2**20} MiB)")
        try:
            try:
                limits.prescan(payload.decode())
            except limits.TooMuch as error:
                raise SaveError(f"{name} is damaged or not a save ({error.message})") from None
            self._from_document(document, name, sealed_here=True)
        except SaveError as error:
            raise SaveError(f"the save would not load again, so it was not written ({error})") from None

    def _write(self, path: Path, payload: bytes, backup: bool = True, folder: Path | None = None) -> None:
        try:
            if self.root.exists() and not self.root.is_dir():
                raise SaveError(f"{runs.shown_path(self.root)} is not a folder")
            (folder or self.folder).mkdir(parents=True, exist_ok=True)
            self._check_folder()
            write_atomic(path, payload, backup)
        except OSError as error:
            raise SaveError(f"could not write {runs.shown_path(path)}: {error.strerror or error}") from error
        seen = self._stat(path)
        if seen is not None:
            self._seen[self._key(path)] = seen

    def _fresh_npcs(self, system_id: str) -> FreshNpc:
        """The NPCs as the content makes them under a system (see save_format.fresh_npcs), made once each."""
        made = self._fresh.get(system_id)
        if made is None:
            made = self._fresh[system_id] = functools.cache(fresh_npcs(self.fingerprints, system_id))
        return made

    @functools.cached_property
    def _folder(self) -> str | None:
        """The adventure's folder as autosaves name it: resolved once (a store's adventure never changes)."""
        return _folder_text(self.adventure.source)

    def _header(self, state: WorldState, data: dict[str, Any], *, autosave: bool = False) -> dict[str, Any]:
        """The ``[save]`` table; an autosave also names the adventure's folder (``--continue`` alone finds it)."""
        version = _game_version
        folder = self._folder if autosave else None
        run = self._run_header(state) if autosave else {}

        return {
            "format": FORMAT_VERSION,
            "adventure": self.adventure.id,
            "adventure_version": self.adventure.version,
            "game_version": version(),
            "digest": self.adventure.digest,
            "system": state.system,
            "seed": state.seed,
            "turn": state.turn,
            "checksum": checksum(data),
            **({"folder": folder} if folder else {}),
            **run,
        }

    def _run_header(self, state: WorldState) -> dict[str, Any]:
        """What an autosave tells of its run for ``saves`` (read from its head alone): number, title, day,
        place and status.  Not read back by the loader: the state itself says all of it."""
        room = self.adventure.rooms.get(state.room)
        return {"run": self.run or "", "title": self.adventure.title, "day": state.day,
                "place": room.name if room is not None else state.room, "status": state.status}

    # -- reading ------------------------------------------------------------------
    def load(self, slot: str, *, backup: bool = False) -> tuple[WorldState, list[str]]:
        """The state in a slot (or its backup) and notes for the player; SaveError with the reason if refused.

        A damaged slot falls back to its backup, and the player is told.
        """
        with collector_paused():  # short-lived objects: see game.world.collector
            return self._load(slot, backup)

    def _load(self, slot: str, backup: bool) -> tuple[WorldState, list[str]]:
        path = self.path(slot)
        if backup:
            return self._load_backup(path)
        if not path.exists():
            known = self.slots()
            hint = f"saved slots: {', '.join(known)}" if known else "no saves yet"
            raise SaveError(f"there is no save in slot \"{check_slot(slot)}\" ({hint} in {self.folder})")
        try:
            state, notes = self._read_with_notes(path)
            seen = self._stat(path)
            if seen is not None:
                self._seen[self._key(path)] = seen
            return state, notes
        except SaveError as error:
            backup_path = path.with_name(path.name + ".bak")
            if backup_path.exists() and not backup_path.is_symlink():
                try:
                    state, notes = self._read_with_notes(backup_path)
                except SaveError as too:
                    raise SaveError(f"{error}; nor can its backup be loaded: {too}") from None
                self._damaged.add(path.stem)
                return state, [Headline(f"{error}. Loaded its backup instead (the save before its last one)."), *notes]
            slot = path.stem if path.parent == self.folder else AUTOSAVE
            raise SaveError(f"{error}. {self._recovery(slot)}") from None

    def _recovery(self, slot: str) -> str:
        """What a player can do when a slot without a backup is refused."""
        if slot == AUTOSAVE:
            return "The autosave keeps no backup: load one of your own saves instead (wayfarer --load SLOT, or load SLOT in the game)."
        if not [s for s in self.slots() if s != slot]:
            return "It has no backup, and there is no other save to load."
        return "It has no backup; saves lists the other slots, to load one of them instead."

    def _load_backup(self, path: Path) -> tuple[WorldState, list[str]]:
        backup = path.with_name(path.name + ".bak")
        if backup.is_symlink() or not backup.is_file():
            raise SaveError(f"slot \"{path.stem}\" has no backup in {self.folder}")
        state, notes = self._read_with_notes(backup)
        return state, [Headline(f"Loaded the backup of slot \"{path.stem}\" (the save before its last one)."), *notes]

    def _read_with_notes(self, path: Path) -> tuple[WorldState, list[str]]:
        document = self.read_document(path)
        state, updated = self._from_document(document, path.name)
        self._undo_read, notes = self._undo_from(document, state)
        header = document["save"]
        if header.get("format") != FORMAT_VERSION:
            notes.append(f"This save was written by an earlier Wayfarer (save format {header.get('format')}); "
                         f"it plays on as it was, and is written in format {FORMAT_VERSION} from the next save.")
        if header.get("adventure_version") != self.adventure.version:
            notes.append(f"This save was made with {self.adventure.id} version "
                         f"{_shown(header.get('adventure_version'))}; everything it names exists in version "
                         f"{self.adventure.version}, so it plays on there (the state as saved, the rest as the new "
                         f"version writes it).")
        elif header.get("digest") != self.adventure.digest:
            notes.append(f"The files of {self.adventure.id} {self.adventure.version} have changed since this save "
                         f"was made; everything it names still exists, so it loads, but things may differ.")
        if updated:
            notes.append(self.fingerprints.note(updated))
        return state, notes

    def read(self, path: Path) -> WorldState:
        """Read and validate one save file."""
        return self.from_document(self.read_document(path), path.name)

    def read_document(self, path: Path) -> dict[str, Any]:
        """The parsed TOML of a save file, read within the limits; SaveError if it cannot be."""
        try:
            raw = limits.read_bounded(path, MAX_SAVE_BYTES)
        except limits.TooMuch as error:
            raise SaveError(f"{path.name} is too large to be a save ({error.message})") from None
        except OSError as error:
            raise SaveError(f"could not read {path.name}: {error.strerror or error}") from error
        return parse_document(raw, path.name)

    def from_document(self, document: dict[str, Any], name: str) -> WorldState:
        """Validate a parsed save and build its state; SaveError naming the first reason it is refused."""
        return self._from_document(document, name)[0]

    def _from_document(self, document: dict[str, Any], name: str, *, sealed_here: bool = False
                       ) -> tuple[WorldState, list[str]]:
        """The state of a parsed save, and the NPCs brought up to a changed adventure (see game.npc_updates).

        ``sealed_here``: the document is the one a save is about to write (``_verify``),
        whose checksum was just computed from this very data: comparing it again is skipped.
        """
        header, data = document.get("save"), document.get("state")
        if not isinstance(header, dict) or not isinstance(data, dict):
            raise SaveError(f"{name} is not a Wayfarer save")
        version = header.get("format")
        if type(version) is not int or version not in READABLE_FORMATS:
            raise SaveError(f"{name} {_format_problem(version)}; this Wayfarer reads formats "
                            f"{', '.join(map(str, READABLE_FORMATS[:-1]))} and {READABLE_FORMATS[-1]}")
        if header.get("adventure") != self.adventure.id:
            raise SaveError(f"{name} belongs to the adventure \"{_shown(header.get('adventure'))}\", "
                            f"not \"{self.adventure.id}\"")
        made_with = header.get("adventure_version")
        if made_with != self.adventure.version and not self.takes_version(made_with):
            since = (f"takes saves from version {self.adventure.oldest_compatible} on" if self.adventure.oldest_compatible
                     and isinstance(made_with, str) and _version_key(made_with) < _version_key(
                         self.adventure.oldest_compatible) else "is older")
            raise SaveError(f"{name} was made with {self.adventure.id} version {_shown(made_with)}; "
                            f"this is version {self.adventure.version}, which {since}")
        if not sealed_here and "checksum" not in header:
            raise SaveError(f"{name} has no checksum line, so it cannot be told from a damaged file")
        if not sealed_here and header.get("checksum") != checksum(data):
            raise SaveError(f"{name} was changed since the game wrote it, by hand or by damage: its checksum "
                            f"does not match")
        problem = shape_problem(data, version)
        if problem:
            raise SaveError(f"{name} is damaged: {problem}")
        logged = line_count(data["log"]) if isinstance(data["log"], str) else len(data["log"])
        if logged > limits.MAX_LOG:
            raise SaveError(f"{name} holds a log of {logged:,} commands; a run holds at most {limits.MAX_LOG:,}")
        for key in ("system", "seed", "turn"):
            if header.get(key) != data[key]:
                raise SaveError(f"{name} is damaged: its header and state disagree on the {key}")
        codec = codec_for(str(data["system"]))
        made_with_other = made_with if made_with != self.adventure.version else None
        if version == 1:
            data = codec.migrate_v1(copy.deepcopy(data))
        fresh = self._fresh_npcs(codec.id) if version >= 3 else None
        groups = npc_groups(data, version, codec, self.fingerprints, fresh) if fresh is not None else None
        if groups is not None:  # an NPC's entry is filled in from its definition: the adventure must have it
            if groups.problem:
                raise SaveError(f"{name} is damaged: {groups.problem}")
            self._refuse_missing([f"npc {n}" for n in (*data["npcs"], *groups.missing) if n not in self.adventure.npcs],
                                 name, made_with_other)
        read: dict[int, Any] = {}
        whole, problem = expanded(data, version, codec, self.fingerprints, read)
        problem = problem or sheets_problem(whole, codec, read)
        if problem:
            raise SaveError(f"{name} is damaged: {problem}")
        try:
            state = WorldState.from_data(whole, ReadOnce(codec, read), fresh)
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise SaveError(f"{name} is damaged: {type(error).__name__} {_shown(error)}") from None
        # The NPCs of groups are checked as they are read (their ids, and the rooms their lines name).
        moves = data["item_moves"] if version >= 3 else None
        self.check_references(state, name, made_with_other, groups.rooms if groups is not None else (),
                              moves_found=moves is not None and moves == self._moves_found)
        if moves is not None:
            self._moves_found = moves
        saved = whole["npcs"]
        if groups is not None:  # in order of their ids, as the NPCs of formats 1 and 2 (written apart since)
            npcs = {**state.npcs, **groups.npcs}
            state.npcs = {npc_id: npcs[npc_id] for npc_id in sorted(npcs)}
            saved = {**saved, **groups.saved}
        same_files = made_with == self.adventure.version and header.get("digest") == self.adventure.digest
        return state, self.fingerprints.refresh(state, saved, same_files)

    def takes_version(self, version: object) -> bool:
        """Whether a save of another version of this adventure may load (its ids are checked after).

        Any older version does, unless the adventure declares ``oldest_compatible``:
        then only versions from that one on (compared as dotted numbers).  A
        save of a newer version never loads into an older one.
        """
        if not isinstance(version, str) or _version_key(version) > _version_key(self.adventure.version):
            return False
        oldest = self.adventure.oldest_compatible
        return not oldest or _version_key(version) >= _version_key(oldest)

    def check_references(self, state: WorldState, name: str, made_with: object = None,
                         npc_rooms: Iterable[str] = (), *, moves_found: bool = False) -> None:
        """Every id in the state must exist in the adventure (the refusal names what does not); ``npc_rooms``:
        rooms of NPCs not (yet) in the state, checked too; ``moves_found``: the items moved and their places
        were all found before, in the very same text of them (see ``_moves_found``)."""
        adventure = self.adventure
        rooms = adventure.rooms
        problems = []
        if state.adventure_id != adventure.id:
            problems.append(f"adventure {state.adventure_id}")
        if state.room not in rooms:
            problems.append(f"room {state.room}")
        items, npcs = adventure.items, state.npcs
        problems += [f"room {r}" for r in state.visited if r not in rooms]
        problems += [f"exit {e}" for e in state.opened | state.found if e.partition("/")[0] not in rooms]
        if not moves_found:
            problems += [f"item {i}" for i in state.item_moves if i not in items]
            problems += [f"place {p}" for p in set(state.item_moves.values())
                         if not (p.startswith("room:") and p[5:] in rooms) and not _valid_place(p, adventure)]
        problems += [f"npc {n}" for n in npcs if n not in adventure.npcs]
        problems += [f"room {r}" for r in {*npc_rooms, *(npc.room for npc in npcs.values())} if r and r not in rooms]
        problems += [f"item {i}" for i in state.identified | state.puzzled | state.drawn if i not in items]
        if state.status not in ("playing", "won", "dead", "lost"):
            problems.append(f"status {state.status}")
        if state.system not in _system_ids():
            problems.append(f"system {state.system}")
        self._refuse_missing(problems, name, made_with)

    def _refuse_missing(self, problems: list[str], name: str, made_with: object) -> None:
        """SaveError naming the ids (``room x``...) a save holds and the adventure lacks, if any."""
        if not problems:
            return
        adventure = self.adventure
        shown = ", ".join(_shown(p) for p in sorted(problems)[:3])
        more = f" and {len(problems) - 3} more" if len(problems) > 3 else ""
        if made_with is not None:
            raise SaveError(f"{name} was made with {adventure.id} version {_shown(made_with)}, and version "
                            f"{adventure.version} no longer has: {shown}{more}")
        raise SaveError(f"{name} names what this adventure does not have: {shown}{more}")


def _folder_text(source: Path | None) -> str | None:
    """The adventure's folder as an autosave names it (absolute), or None when it has none a save can hold."""
    if source is None:
        return None
    try:
        text = str(source.resolve())
        text.encode("utf-8")
    except (OSError, UnicodeError, RuntimeError):
        return None
    return text if escape_controls(text) == text else None


def parse_document(raw: bytes, name: str) -> dict[str, Any]:
    """Bytes of a save as TOML, within the limits of :mod:`game.world.limits`; SaveError if not.

    The reasons are in plain words (a file that is not text, a file cut short or
    broken at a line), never the decoder's own message.  The walk of
    :func:`limits.check_data` is not needed here: every value of a save is judged
    by its checksum and then by the shape and sheet checks of
    :mod:`game.save_format`, which bound numbers themselves.
    """
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError(f"{name} is not a save: its bytes are not UTF-8 text") from None
    try:
        document = limits.parse(text)
    except tomllib.TOMLDecodeError as error:
        raise SaveError(f"{name} is damaged: {_toml_problem(error, text)}") from None
    except limits.TooMuch as error:
        raise SaveError(f"{name} is damaged or not a save ({error.message})") from None
    return document


def _toml_problem(error: Exception, text: str) -> str:
    """Where a save stops being TOML, in plain words ("it ends part-way", "it is broken at line 12")."""
    where = re.search(r"\(at (?:line (\d+), column \d+|(end of document))\)", str(error))
    line = getattr(error, "lineno", None) or (int(where.group(1)) if where and where.group(1) else None)
    if (where is not None and where.group(2)) or (line is not None and line >= text.count("\n") + 1):
        return "it stops part-way, as if cut short"
    return f"it is not a save's text from line {line} on" if line else "it is not a save's text"


def _format_problem(version: object) -> str:
    if version is None:
        return "has no save format"
    if type(version) is int and version > FORMAT_VERSION:
        return f"was written by a newer Wayfarer (save format {version})"
    return f"has an unknown save format, {_shown(repr(version))}"


def _shown(value: object, width: int = 60) -> str:
    """A value from a file, fit to quote in a one-line message."""
    text = escape_controls(str(value))
    return text if len(text) <= width else text[: width - 3] + "..."


def _shell_word(text: str) -> str:
    """A path as a shell takes it (quoted only when it must be: the usual path is shown as it is)."""
    return shlex.quote(escape_controls(text))


def _system_ids() -> tuple[str, ...]:
    return SYSTEM_IDS


def _valid_place(place: str, adventure: Adventure) -> bool:
    if place in (PLAYER, GONE):
        return True
    kind, _, ident = place.partition(":")
    if kind == "in":  # in or on a container or supporter: an item, or a room's scenery
        room_id, _, scenery_id = ident.partition("/")
        return ident in adventure.items or (room_id in adventure.rooms and scenery_id in adventure.rooms[room_id].scenery)
    return (kind in ("room", "search") and ident in adventure.rooms) or (kind == "npc" and ident in adventure.npcs)


def _writer_alive(pid_text: str) -> bool:
    """Whether the process that named a temporary file is still running (it may be saving right now)."""
    if not pid_text.isdecimal() or not pid_text.isascii():
        return False
    pid = int(pid_text[:12])
    if pid == os.getpid() or pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OverflowError:
        return False
    except PermissionError:
        return True  # another user's process holds that number
    return True


def _version_key(version: str) -> tuple[tuple[int, str], ...]:
    """A dotted version as comparable parts (numbers as numbers: 1.10 after 1.9)."""
    return tuple((int(part), "") if part.isdecimal() and part.isascii() else (-1, part)
                 for part in version.strip().split("."))


@functools.cache
def _game_version() -> str:
    """The game's version (looked up once: the package metadata costs milliseconds)."""
    return version()
