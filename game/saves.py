"""Saves: WorldState <-> TOML files, written atomically, refused with a reason when bad.

A save holds only state (PRODUCT §8), under two tables: ``[save]`` (format
version, adventure id and version, content digest, system, seed, turn and an
integrity checksum over the state) and ``[state]``.  Writing is atomic: the
new save goes to a temporary file that is flushed and fsynced, the previous
save is copied to ``<slot>.toml.bak`` the same way, and only then does
``os.replace`` put the new one in place.  At every instant a complete save
(new or old) and its backup exist.

Slot names are plain words; nothing escapes the saves folder.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import tomllib
from pathlib import Path
from typing import Any

import tomli_w

from game.errors import SaveError
from game.world.content import Adventure
from game.world.state import GONE, PLAYER, WorldState

#: The save format written; loading refuses others.
FORMAT_VERSION = 1
SLOT_PATTERN = re.compile(r"^[a-z0-9][a-z0-9_-]{0,31}$")
#: Names Windows reserves for devices, refused everywhere so saves travel.
RESERVED = {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(1, 10)), *(f"lpt{i}" for i in range(1, 10))}
#: The largest save file read (a state with thousands of changes is far smaller).
MAX_SAVE_BYTES = 16 * 1024 * 1024


def checksum(data: dict[str, Any]) -> str:
    """A digest of the state data, so a file that still parses after damage is caught."""
    canonical = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(canonical.encode()).hexdigest()


def check_slot(slot: str) -> str:
    """The slot name, lower-cased, if it is a plain word; SaveError otherwise."""
    name = slot.strip().lower()
    if not SLOT_PATTERN.match(name) or name in RESERVED:
        raise SaveError(f"\"{slot[:40]}\" is not a slot name: use up to 32 letters, digits, - or _, "
                        f"starting with a letter or digit")
    return name


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_atomic(target: Path, payload: bytes) -> None:
    """Write ``payload`` to ``target`` atomically, keeping the previous file as ``.bak``."""
    folder = target.parent
    temp = folder / f".{target.name}.tmp-{os.getpid()}"
    try:
        _write_synced(temp, payload)
        if target.exists():
            backup_temp = folder / f".{target.name}.bak.tmp-{os.getpid()}"
            _write_synced(backup_temp, target.read_bytes())
            os.replace(backup_temp, folder / f"{target.name}.bak")
        os.replace(temp, target)
        _fsync_dir(folder)
    finally:
        for stray in (temp, folder / f".{target.name}.bak.tmp-{os.getpid()}"):
            try:
                stray.unlink()
            except FileNotFoundError:
                pass
            except OSError:
                pass


def _write_synced(path: Path, payload: bytes) -> None:
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0)
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

    @property
    def folder(self) -> Path:
        return self.root / self.adventure.id

    def path(self, slot: str) -> Path:
        """The file of a slot, proven to lie inside the saves folder."""
        name = check_slot(slot)
        path = self.folder / f"{name}.toml"
        if path.is_symlink():
            raise SaveError(f"slot \"{name}\" is a symbolic link; refusing to follow it")
        return path

    def clean_strays(self) -> list[Path]:
        """Remove temporary files left by a save that was interrupted; return them."""
        if not self.folder.is_dir():
            return []
        strays = [p for p in self.folder.glob(".*.tmp-*") if p.is_file() and not p.is_symlink()]
        for stray in strays:
            try:
                stray.unlink()
            except OSError:
                pass
        return strays

    def slots(self) -> list[str]:
        if not self.folder.is_dir():
            return []
        return sorted(p.stem for p in self.folder.glob("*.toml") if SLOT_PATTERN.match(p.stem))

    # -- writing ------------------------------------------------------------------
    def save(self, slot: str, state: WorldState) -> Path:
        """Write the state to a slot; SaveError (the previous save intact) if it cannot be."""
        path = self.path(slot)
        data = state.to_data()
        document = {"save": self._header(state, data), "state": data}
        try:
            payload = tomli_w.dumps(document).encode()
        except (TypeError, ValueError) as error:
            raise SaveError(f"the state could not be written as TOML ({error})") from error
        try:
            if self.root.exists() and not self.root.is_dir():
                raise SaveError(f"{self.root} is not a folder")
            self.folder.mkdir(parents=True, exist_ok=True)
            write_atomic(path, payload)
        except OSError as error:
            raise SaveError(f"could not write {path}: {error.strerror or error}") from error
        return path

    def _header(self, state: WorldState, data: dict[str, Any]) -> dict[str, Any]:
        return {
            "format": FORMAT_VERSION,
            "adventure": self.adventure.id,
            "adventure_version": self.adventure.version,
            "digest": self.adventure.digest,
            "system": state.system,
            "seed": state.seed,
            "turn": state.turn,
            "checksum": checksum(data),
        }

    # -- reading ------------------------------------------------------------------
    def load(self, slot: str) -> tuple[WorldState, list[str]]:
        """The state in a slot and notes for the player; SaveError with the reason if refused.

        A damaged slot falls back to its backup, and the player is told.
        """
        path = self.path(slot)
        if not path.exists():
            known = self.slots()
            hint = f" (saved slots: {', '.join(known)})" if known else " (no saves yet)"
            raise SaveError(f"there is no save in slot \"{check_slot(slot)}\"{hint}")
        try:
            return self.read(path), []
        except SaveError as error:
            backup = path.with_name(path.name + ".bak")
            if backup.exists() and not backup.is_symlink():
                try:
                    state = self.read(backup)
                except SaveError:
                    raise error from None
                return state, [f"The save was damaged ({error}); loaded its backup instead."]
            raise

    def read(self, path: Path) -> WorldState:
        """Read and validate one save file."""
        try:
            if path.stat().st_size > MAX_SAVE_BYTES:
                raise SaveError(f"{path.name} is too large to be a save")
            raw = path.read_bytes()
        except OSError as error:
            raise SaveError(f"could not read {path.name}: {error.strerror or error}") from error
        try:
            document = tomllib.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
            raise SaveError(f"{path.name} is damaged or not a save ({error})") from None
        return self.from_document(document, path.name)

    def from_document(self, document: dict[str, Any], name: str) -> WorldState:
        header, data = document.get("save"), document.get("state")
        if not isinstance(header, dict) or not isinstance(data, dict):
            raise SaveError(f"{name} is not a Wayfarer save")
        if header.get("format") != FORMAT_VERSION:
            raise SaveError(f"{name} has save format {header.get('format')!r}; this Wayfarer reads format {FORMAT_VERSION}")
        if header.get("adventure") != self.adventure.id:
            raise SaveError(f"{name} belongs to the adventure \"{header.get('adventure')}\", not \"{self.adventure.id}\"")
        if header.get("adventure_version") != self.adventure.version:
            raise SaveError(f"{name} was made with {self.adventure.id} version {header.get('adventure_version')}; "
                            f"this is version {self.adventure.version}")
        if header.get("checksum") != checksum(data):
            raise SaveError(f"{name} is damaged: its checksum does not match")
        try:
            state = WorldState.from_data(data)
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise SaveError(f"{name} is damaged: {type(error).__name__} {error}") from None
        self.check_references(state, name)
        return state

    def check_references(self, state: WorldState, name: str) -> None:
        """Every id in the state must exist in the adventure."""
        adventure = self.adventure
        problems = []
        if state.adventure_id != adventure.id:
            problems.append(f"adventure {state.adventure_id}")
        if state.room not in adventure.rooms:
            problems.append(f"room {state.room}")
        problems += [f"room {r}" for r in state.visited if r not in adventure.rooms]
        for item_id, place in state.item_moves.items():
            if item_id not in adventure.items:
                problems.append(f"item {item_id}")
            elif not _valid_place(place, adventure):
                problems.append(f"place {place}")
        problems += [f"npc {n}" for n in state.npcs if n not in adventure.npcs]
        problems += [f"room {s.room}" for s in state.npcs.values() if s.room not in adventure.rooms]
        problems += [f"item {i}" for i in state.identified | state.puzzled if i not in adventure.items]
        if state.status not in ("playing", "won", "dead"):
            problems.append(f"status {state.status}")
        if problems:
            raise SaveError(f"{name} names what this adventure does not have: {', '.join(sorted(problems)[:3])}")


def _valid_place(place: str, adventure: Adventure) -> bool:
    if place in (PLAYER, GONE):
        return True
    kind, _, ident = place.partition(":")
    return (kind in ("room", "search") and ident in adventure.rooms) or (kind == "npc" and ident in adventure.npcs)
