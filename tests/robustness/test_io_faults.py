"""I/O failures: ENOSPC, EIO, EACCES and EROFS (and an interrupt) at every file operation of a save.

A save is recorded once with every ``os`` call it makes (mkdir, open, write,
fsync, close, the hard link that keeps the previous save as the backup, replace,
folder fsync); then, for
each error and each step, the same save is repeated with that one call
failing.  Each time: the player is told in one line (``Not saved: ...``), the
previous save and its backup are byte for byte as they were and still load, no
temporary file is left, and the game goes on.  A failure after the final
rename (the folder fsync, best effort) or in a mkdir of a folder that exists
leaves the new save complete instead.
"""
from __future__ import annotations

import errno
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game.engine import Engine
from game.rules.registry import get_system
from game.saves import SaveStore
from game.world.content import Adventure
from tests.conftest import play

ERRORS = {errno.ENOSPC: "No space left on device", errno.EIO: "Input/output error",
          errno.EACCES: "Permission denied", errno.EROFS: "Read-only file system"}
OPERATIONS = ("mkdir", "open", "write", "fsync", "close", "read", "link", "replace")


class Recorder:
    """Wraps the os functions a save uses; records each call and can make the n-th one fail."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls: list[str] = []
        self.fail_at: int | None = None
        self.error: BaseException | None = None
        for name in OPERATIONS:
            monkeypatch.setattr(os, name, self._wrap(name, getattr(os, name)))

    def _wrap(self, name: str, real: Callable[..., Any]) -> Callable[..., Any]:
        def call(*args: Any, **kwargs: Any) -> Any:
            target = args[0] if args else ""
            what = Path(target).name if isinstance(target, (str, os.PathLike)) else "fd"
            if name == "replace":
                what = f"{Path(args[0]).name}->{Path(args[1]).name}"
            self.calls.append(f"{name}({what})")
            if self.fail_at is not None and len(self.calls) - 1 == self.fail_at:
                assert self.error is not None
                raise self.error
            return real(*args, **kwargs)
        return call


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir()} if folder.is_dir() else {}


def _steps(tiny: Adventure, root: Path, monkeypatch: pytest.MonkeyPatch, *, first: bool) -> list[str]:
    """The os calls of one save (the first into a new folder, or a later one over a previous save)."""
    root.parent.mkdir(parents=True, exist_ok=True)
    engine = Engine.new_game(tiny, get_system("vaarn"), 3, saves=SaveStore(root, tiny))
    if not first:
        play(engine, "save s")
    with monkeypatch.context() as patch:
        recorder = Recorder(patch)
        play(engine, "wait", "save s")
    return recorder.calls


def test_the_steps_of_a_save_are_the_ones_the_brief_names(tiny: Adventure, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    later = _steps(tiny, tmp_path / "a" / "saves", monkeypatch, first=False)
    kinds = {call.split("(")[0] for call in later}
    assert {"open", "write", "fsync", "close", "link", "replace", "mkdir"} <= kinds, later
    replaces = [c for c in later if c.startswith("replace")]
    pid = os.getpid()
    assert replaces == [f"replace(.s.toml.bak.tmp-{pid}->s.toml.bak)", f"replace(.s.toml.tmp-{pid}->s.toml)"]


@pytest.mark.parametrize("first", [False, True], ids=["over-a-previous-save", "first-save"])
@pytest.mark.parametrize("code", list(ERRORS), ids=[errno.errorcode[c] for c in ERRORS])
def test_a_fault_at_any_step_keeps_the_previous_save_and_says_so_in_one_line(
        tiny: Adventure, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, code: int, first: bool) -> None:
    steps = _steps(tiny, tmp_path / "recorded" / "saves", monkeypatch, first=first)
    final_replace = max(i for i, call in enumerate(steps) if call.startswith("replace(.s.toml.tmp-"))
    for index, step in enumerate(steps):
        root = tmp_path / f"step{index}" / "saves"
        root.parent.mkdir()
        engine = Engine.new_game(tiny, get_system("vaarn"), 3, saves=SaveStore(root, tiny))
        folder = root / "tiny"
        if not first:
            play(engine, "save s")
        before = _snapshot(folder)
        play(engine, "wait")
        live = engine.state.copy()
        with monkeypatch.context() as patch:
            recorder = Recorder(patch)
            recorder.fail_at, recorder.error = index, OSError(code, ERRORS[code])
            lines = play(engine, "save s")
        assert recorder.calls[index] == step, (recorder.calls, steps)
        assert engine.state.copy() == live, "a failed save changed the game"
        assert not [name for name in _snapshot(folder) if ".tmp-" in name], step
        # After the final rename only the best-effort folder fsync is left, and a mkdir of a folder
        # that exists fails harmlessly (Path.mkdir(exist_ok=True) ignores it): the save completes.
        if index > final_replace or (step.startswith("mkdir") and not first):
            assert lines[0].startswith('Saved to slot "s"'), (step, lines)
            assert SaveStore(root, tiny).load("s")[0] == live
            continue
        assert len(lines) == 1 and lines[0].startswith("Not saved: ") and ERRORS[code] in lines[0], (step, lines)
        after = _snapshot(folder)
        if step.startswith("replace(.s.toml.bak.tmp-"):
            assert after == before, step
        else:
            # the backup may have been refreshed (the same previous save) before the failure
            assert after.get("s.toml") == before.get("s.toml"), step
            assert after.get("s.toml.bak", before.get("s.toml")) in (before.get("s.toml.bak"), before.get("s.toml"))
        if not first:
            state, _ = SaveStore(root, tiny).load("s")
            assert state.turn == 0, "the previous save must still load"
        assert play(engine, "look")[0] == "Camp", "the game goes on"


def test_an_interrupt_during_a_save_leaves_no_half_save(tiny: Adventure, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C (KeyboardInterrupt) in the middle of a save: the command is taken back, the previous save is whole."""
    steps = _steps(tiny, tmp_path / "recorded" / "saves", monkeypatch, first=False)
    for index, step in enumerate(steps[: steps.index(next(s for s in steps if s.startswith("replace(.s.toml.tmp-")))]):
        root = tmp_path / f"step{index}" / "saves"
        root.parent.mkdir()
        engine = Engine.new_game(tiny, get_system("vaarn"), 3, saves=SaveStore(root, tiny))
        play(engine, "save s")
        before = (root / "tiny" / "s.toml").read_bytes()
        play(engine, "wait")
        with monkeypatch.context() as patch:
            recorder = Recorder(patch)
            recorder.fail_at, recorder.error = index, KeyboardInterrupt()
            said = engine.submit("save s").lines  # the command is taken back, the game goes on
            assert said == ["(Interrupted: the command was taken back; the game goes on as it was.)"], step
        assert (root / "tiny" / "s.toml").read_bytes() == before, step
        assert not [p for p in (root / "tiny").iterdir() if ".tmp-" in p.name], step


def test_a_read_only_or_missing_saves_folder_is_one_line(tiny: Adventure, tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    engine = Engine.new_game(tiny, get_system("vaarn"), 3, saves=SaveStore(blocker, tiny))
    lines = play(engine, "save s")
    assert len(lines) == 1 and lines[0].startswith("Not saved: ")
    assert blocker.read_text() == "not a folder"


@pytest.mark.parametrize("code", [errno.EPERM, errno.EOPNOTSUPP], ids=["EPERM", "EOPNOTSUPP"])
def test_a_file_system_without_hard_links_gets_a_copy_as_the_backup(
        tiny: Adventure, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, code: int) -> None:
    """Where ``os.link`` is refused (FAT, some network shares), the previous save is copied, fsynced, instead."""
    engine = Engine.new_game(tiny, get_system("vaarn"), 3, saves=SaveStore(tmp_path, tiny))
    play(engine, "save s")
    folder = tmp_path / "tiny"
    previous = (folder / "s.toml").read_bytes()
    play(engine, "wait")

    def refused(*args: Any, **kwargs: Any) -> None:
        raise OSError(code, os.strerror(code))
    with monkeypatch.context() as patch:
        recorder = Recorder(patch)
        patch.setattr(os, "link", refused)
        assert play(engine, "save s")[0].startswith('Saved to slot "s"')
    backup = folder / "s.toml.bak"
    assert backup.read_bytes() == previous and backup.stat().st_nlink == 1
    assert "open(s.toml)" in recorder.calls and "read(fd)" in recorder.calls  # the previous save, copied
    assert SaveStore(tmp_path, tiny).load("s", backup=True)[0].turn == 0
    assert not [p for p in folder.iterdir() if ".tmp-" in p.name]


def test_the_backup_is_the_previous_save_itself(tiny: Adventure, tmp_path: Path) -> None:
    """The backup is the previous save's very file under a second name (a hard link): its bytes, and a
    file of its own once the slot holds the new save."""
    engine = Engine.new_game(tiny, get_system("vaarn"), 3, saves=SaveStore(tmp_path, tiny))
    play(engine, "save s")
    folder = tmp_path / "tiny"
    previous = (folder / "s.toml").read_bytes()
    inode = (folder / "s.toml").stat().st_ino
    play(engine, "wait", "save s")
    backup = folder / "s.toml.bak"
    assert backup.read_bytes() == previous and backup.stat().st_ino == inode
    assert (folder / "s.toml").stat().st_ino != inode and (folder / "s.toml").stat().st_nlink == 1
    assert SaveStore(tmp_path, tiny).load("s", backup=True)[0].turn == 0


def test_a_temporary_file_left_under_this_process_number_is_replaced(tiny: Adventure, tmp_path: Path) -> None:
    """A backup's temporary name already taken (a crashed process had this number, and no start cleaned it
    up): the save replaces it, as it does its own temporary file, and the backup is the previous save."""
    engine = Engine.new_game(tiny, get_system("vaarn"), 3, saves=SaveStore(tmp_path, tiny))
    play(engine, "save s")
    folder = tmp_path / "tiny"
    previous = (folder / "s.toml").read_bytes()
    for name in (f".s.toml.tmp-{os.getpid()}", f".s.toml.bak.tmp-{os.getpid()}"):
        (folder / name).write_text("left by a crash")
    assert play(engine, "wait", "save s")[0].startswith('Saved to slot "s"')
    assert (folder / "s.toml.bak").read_bytes() == previous
    assert not [p for p in folder.iterdir() if ".tmp-" in p.name]
