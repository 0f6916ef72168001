"""The history file: never a link followed, only a regular file, capped, and play goes on without it."""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from prompt_toolkit.history import InMemoryHistory

from game.history import MAX_ENTRIES, SafeFileHistory, open_history, read_entries

pytestmark = pytest.mark.robustness


def test_a_link_is_never_followed(tmp_path: Path) -> None:
    target = tmp_path / "target"
    target.write_text("precious\n")
    link = tmp_path / ".history"
    link.symlink_to(target)
    history, notes = open_history(link)
    assert isinstance(history, InMemoryHistory) and len(notes) == 1 and "symbolic link" in notes[0]
    history.store_string("take all")
    assert target.read_text() == "precious\n"


def test_a_link_planted_during_the_session_is_not_followed(tmp_path: Path) -> None:
    path = tmp_path / ".history"
    history, _ = open_history(path)
    assert isinstance(history, SafeFileHistory)
    target = tmp_path / "target"
    target.write_text("precious\n")
    path.symlink_to(target)
    history.store_string("take all")
    assert target.read_text() == "precious\n" and history.broken


@pytest.mark.parametrize("kind", ["folder", "fifo", "unreadable"])
def test_anything_but_a_regular_file_is_refused_without_blocking(tmp_path: Path, kind: str) -> None:
    path = tmp_path / ".history"
    if kind == "folder":
        path.mkdir()
    elif kind == "fifo":
        os.mkfifo(path)
    else:
        path.write_text("+look\n")
        path.chmod(0)
        if os.access(path, os.R_OK):  # root reads anything
            pytest.skip("running as root: an unreadable file is readable")
    history, notes = open_history(path)
    assert isinstance(history, InMemoryHistory) and len(notes) == 1


def test_the_history_is_capped(tmp_path: Path) -> None:
    path = tmp_path / ".history"
    path.write_text("".join(f"\n# x\n+command {i}\n" for i in range(5 * MAX_ENTRIES)))
    history, _ = open_history(path)
    entries = read_entries(path)
    assert len(entries) == MAX_ENTRIES and entries[-1] == f"command {5 * MAX_ENTRIES - 1}"
    for i in range(2 * MAX_ENTRIES):
        history.store_string(f"new {i}")
    assert len(read_entries(path)) <= MAX_ENTRIES
    assert path.stat().st_size < 40 * MAX_ENTRIES * 2


def test_a_huge_history_costs_bounded_memory(tmp_path: Path) -> None:
    import tracemalloc

    path = tmp_path / ".history"
    with path.open("w") as out:
        line = "\n# x\n+" + "y" * 1000 + "\n"
        for _ in range(20_000):  # 20 MB
            out.write(line)
    tracemalloc.start()
    open_history(path)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 16 * 1024 * 1024, peak
