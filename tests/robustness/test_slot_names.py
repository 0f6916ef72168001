"""Slot names: hostile names and planted links never make a save write outside the saves folder.

Every file under ``tmp_path`` is listed (links not followed) before and after
each attempt; the only changes allowed are plain files ``<slot>.toml`` and
``<slot>.toml.bak`` in ``saves/tiny/``.  Names go both straight to
:class:`SaveStore` and through the game's ``save``/``load`` commands.
"""
from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

import pytest

from game.engine import Engine
from game.errors import SaveError
from game.rules.registry import get_system
from game.saves import SaveStore, check_slot
from game.world.content import Adventure
from tests.robustness.helpers import tree

HOSTILE = [
    "../x", "../../x", "..", ".", "...", "/etc/passwd", "/tmp/x", "a/b", "a\\b", "..\\x", "C:\\x", "c:x", "~", "~/x",
    "$HOME", "%APPDATA%", "a\x00b", "\x00", "x\n", "a\nb", "a\rb", "\t", " ", "", "con", "CON", "nul", "prn", "aux",
    "com1", "lpt9", "con.toml", "nul.txt", "a" * 33, "a" * 5000, "-x", "_x", "x.toml", "x.bak", ".hidden",
    "x.toml.bak", ".x.toml.tmp-1", "x y", "x;rm -rf", "x|y", "x>y", "x*", "x?", "\u0455lot", "slot\u200b",
    "\uff53lot", "\u212aey", "sl\u0307ot", "\u202eslot", "\U0001f600", "tiny/../../x", "%2e%2e%2fx", "..%2fx",
    "\u2024\u2024/x", "\uff0e\uff0e\uff0fx", "x:stream", "COM\u00b9", "lpt\u00b2",
]


def _state(tiny: Adventure) -> Engine:
    return Engine.new_game(tiny, get_system("vaarn"), 3)


def _allowed_changes(before: Mapping[str, object], after: Mapping[str, object]) -> list[str]:
    """Entries added, removed or changed, other than slot files and backups in saves/tiny."""
    changed = {key for key in before.keys() | after.keys() if before.get(key) != after.get(key)}
    bad = []
    for key in sorted(changed):
        parts = Path(key).parts
        kind = after.get(key, ("gone", b""))[0]  # type: ignore[index]
        plain = len(parts) == 3 and parts[:2] == ("saves", "tiny") and kind == "file" and (
            parts[2].endswith(".toml") or parts[2].endswith(".toml.bak")) and not parts[2].startswith(".")
        if not plain and key not in ("saves", "saves/tiny"):
            bad.append(key)
    return bad


@pytest.mark.parametrize("name", HOSTILE, ids=[repr(n)[:24] for n in HOSTILE])
def test_hostile_names_never_write_outside_the_saves_folder(tiny: Adventure, tmp_path: Path, name: str) -> None:
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "keep.txt").write_text("keep")
    store = SaveStore(tmp_path / "saves", tiny)
    engine = _state(tiny)
    before = tree(tmp_path)
    try:
        path = store.save(name, engine.state)
    except SaveError as error:
        assert "\n" not in str(error) and "\x00" not in str(error)
    else:
        assert path.parent == tmp_path / "saves" / "tiny" and path.name == f"{check_slot(name)}.toml"
    try:
        store.load(name)
    except SaveError:
        pass
    assert _allowed_changes(before, tree(tmp_path)) == []


@pytest.mark.parametrize("name", HOSTILE, ids=[repr(n)[:24] for n in HOSTILE])
def test_hostile_names_through_the_save_command(tiny: Adventure, tmp_path: Path, name: str) -> None:
    engine = Engine.new_game(tiny, get_system("vaarn"), 3, saves=SaveStore(tmp_path / "saves", tiny))
    before = tree(tmp_path)
    for command in (f"save {name}", f"load {name}"):
        lines = engine.submit(command).lines
        assert lines and all("\x00" not in line for line in lines)
    assert _allowed_changes(before, tree(tmp_path)) == []


def test_only_plain_ascii_words_are_slot_names() -> None:
    assert check_slot("Slot-1_b") == "slot-1_b"
    assert check_slot("x\n") == "x"  # surrounding blank space is dropped, as when typed
    for name in HOSTILE:
        if name != "x\n":
            with pytest.raises(SaveError):
                check_slot(name)
    with pytest.raises(SaveError):
        check_slot("\u212aey")  # the Kelvin sign lower-cases to an ASCII k: refused, not mapped


def _plant(tmp_path: Path, what: str) -> Path:
    """A saves folder with a link planted where the game will write; returns the link's target."""
    outside = tmp_path / "outside"
    outside.mkdir()
    target = outside / "victim.txt"
    target.write_text("keep me")
    folder = tmp_path / "saves" / "tiny"
    if what == "adventure-folder":
        (tmp_path / "saves").mkdir()
        folder.symlink_to(outside, target_is_directory=True)
        return target
    folder.mkdir(parents=True)
    names = {"slot": "s.toml", "backup": "s.toml.bak", "temp": f".s.toml.tmp-{os.getpid()}",
             "backup-temp": f".s.toml.bak.tmp-{os.getpid()}", "dangling": "s.toml"}
    if what == "dangling":
        (folder / names[what]).symlink_to(outside / "not-yet")
        return outside / "not-yet"
    if what in ("backup", "temp", "backup-temp"):
        (folder / "s.toml").write_text("previous")
    if what == "hardlink":
        os.link(target, folder / "s.toml")
        return target
    (folder / names[what]).symlink_to(target)
    return target


@pytest.mark.parametrize("what", ["slot", "backup", "temp", "backup-temp", "dangling", "adventure-folder",
                                  "hardlink"])
def test_planted_links_are_never_followed_for_writing(tiny: Adventure, tmp_path: Path, what: str) -> None:
    victim = _plant(tmp_path, what)
    engine = Engine.new_game(tiny, get_system("vaarn"), 3, saves=SaveStore(tmp_path / "saves", tiny))
    outside_before = tree(tmp_path / "outside")
    lines = engine.submit("save s").lines
    engine.submit("load s")
    SaveStore(tmp_path / "saves", tiny).clean_strays()
    assert tree(tmp_path / "outside") == outside_before, (what, lines)
    if victim.exists():
        assert victim.read_text() == "keep me"
    assert len(lines) == 1 and (lines[0].startswith("Not saved: ") or lines[0].startswith('Saved to slot "s"'))
    if what in ("slot", "dangling", "adventure-folder", "temp"):
        assert lines[0].startswith("Not saved: "), lines
    if what == "adventure-folder":
        assert "symbolic link" in lines[0]


def test_clean_strays_removes_planted_links_but_never_their_targets(tiny: Adventure, tmp_path: Path) -> None:
    victim = _plant(tmp_path, "temp")
    removed = SaveStore(tmp_path / "saves", tiny).clean_strays()
    assert [p.name for p in removed] == [f".s.toml.tmp-{os.getpid()}"]
    assert victim.read_text() == "keep me"


def test_clean_strays_never_follows_a_linked_adventure_folder(tiny: Adventure, tmp_path: Path) -> None:
    _plant(tmp_path, "adventure-folder")
    (tmp_path / "outside" / ".x.toml.tmp-1").write_text("not ours")
    assert SaveStore(tmp_path / "saves", tiny).clean_strays() == []
    assert (tmp_path / "outside" / ".x.toml.tmp-1").exists()
