"""The builder's plain path and the limits walk it lets the loader skip (issue 18: the first load).

The plain path builds the common room and item in one pass; whatever it accepts the
careful path builds equal and without a word, so each test here compares the two or
checks that a problem is still reported as before.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from benchmarks.bigworld import write_world
from game.paths import bundled_root
from game.world import build, limits
from game.world.loader import check_adventure, load_adventure, read_merged
from game.world.schema import Report, all_ids

TINY = (Path(__file__).parent / "data" / "tiny" / "adventure.toml").read_text()


def _careful_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(build, "plain_room", lambda builder, room_id: None)
    monkeypatch.setattr(build, "plain_item", lambda builder, item_id: None)
    monkeypatch.setattr(build, "plain_npc", lambda builder, npc_id: None)


def _folder(tmp_path: Path, files: dict[str, str]) -> Path:
    tmp_path.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize("which", ["generated", "glass-oasis", "tiny"])
def test_the_plain_path_builds_what_the_careful_path_builds(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                            which: str) -> None:
    if which == "generated":
        folder = tmp_path / "big"
        folder.mkdir()
        write_world(folder, 400, 60, crowd=5)
    elif which == "tiny":
        folder = Path(__file__).parent / "data" / "tiny"
    else:
        folder = bundled_root() / which
    plain = load_adventure(folder)
    _careful_only(monkeypatch)
    careful = load_adventure(folder)
    if which == "generated":
        sections: set[str] = set()
        build.build_adventure(Report(), read_merged(folder)[0], source=None, digest="", plain=sections)
        assert sections == set(), "the careful path alone built it"
    assert plain == careful and repr(plain) == repr(careful)
    for section in ("rooms", "items", "npcs"):
        for key, definition in getattr(plain, section).items():
            assert vars(definition) == vars(getattr(careful, section)[key]), (section, key)


ROOMS = """
[rooms.hall]
name = "Hall"
exits = {{ south = "camp", {extra} }}
items = [{items}]
"""


@pytest.mark.parametrize("extra, items, expected", [
    ('s = "camp"', "", "the exit south is given twice"),
    ('up = "attic"', "", "no room 'attic'"),
    ('east = 3', "", "expected a room id or a table, got an integer"),
    ('sideways = "camp"', "", "'sideways' is not a direction"),
    ('west = "camp"', '"knife"', "item 'knife' is already placed"),
    ('west = "camp"', '"spoon"', "no item 'spoon'"),
    ('west = "camp"', '"rope", "rope"', "item 'rope' is already placed"),
])
def test_what_the_plain_path_refuses_the_careful_path_reports(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                               extra: str, items: str, expected: str) -> None:
    text = TINY + ROOMS.format(extra=extra, items=items) + '\n[items.rope]\nname = "rope"\n'
    _reported_alike(tmp_path, monkeypatch, text, expected)


@pytest.mark.parametrize("item, expected", [
    ('name = "cup"\nkind = "spoon"', "'spoon' is not an item kind"),
    ('name = "cup"\nkind = ["tool"]', "expected a string, got an array"),
    ('kind = "tool"', "missing required key 'name'"),
    ('name = "cup"\naliases = "mug"', "expected an array of strings, got a string"),
    ('name = "cup"\ncolour = "red"', "unknown key"),
])
def test_what_the_plain_item_refuses_the_careful_path_reports(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                              item: str, expected: str) -> None:
    text = TINY + f'\n[items.cup]\n{item}\n'
    _reported_alike(tmp_path, monkeypatch, text, expected)


@pytest.mark.parametrize("npc, expected", [
    ('tier = 7', "7 is outside 1..5"),
    ('tier = true', "expected an integer, got a boolean"),
    ('tier = 1\ndisposition = "grumpy"', "'grumpy' is not a disposition"),
    ('tier = 1\nroute = ["camp", "nowhere"]', "no room 'nowhere'"),
    ('tier = 1\naliases = ["x", 2]', "expected an array of strings, item 2 is an integer"),
    ('tier = 1\ntalk = 3', "expected a string, got an integer"),
    ('tier = 1\ndisposition = ["calm"]', "expected a string, got an array"),
    ('tier = 1\nmood = "calm"', "unknown key"),
    ('behaviour = "wander"', "stats missing for the chosen system 'vaarn'"),
])
def test_what_the_plain_npc_refuses_the_careful_path_reports(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                             npc: str, expected: str) -> None:
    text = TINY + f'\n[npcs.ghost]\nname = "ghost"\n{npc}\n'
    _reported_alike(tmp_path, monkeypatch, text, expected)


DEEP = "[" * 17 + "1" + "]" * 17
BIG = "36893488147419103232"  # 66 bits


@pytest.mark.parametrize("files, expected", [
    # An item not plain (an effect table): its section is walked, the depth is reported where it is.
    ({"adventure.toml": TINY + f"\n[items.rope]\nname = \"rope\"\neffect = {{ x = {DEEP} }}\n"},
     ":112: items.rope.effect.x.0.0.0.0.0.0.0.0.0.0.0.0.0: nested more than 16 levels deep"),
    # A room not plain (an exit that is too deep): the rooms are walked.
    ({"adventure.toml": TINY + f"\n[rooms.hall]\nname = \"Hall\"\nexits = {{ south = {DEEP} }}\n"},
     ":112: rooms.hall.exits.south.0.0.0.0.0.0.0.0.0.0.0.0.0: nested more than 16 levels deep"),
    # An integer beyond 64 bits in a section never plain.
    ({"adventure.toml": TINY + f"\n[regions.dunes]\nname = \"Dunes\"\nsize = {BIG}\n"},
     ":112: regions.dunes.size: an integer of 66 bits is outside the 64-bit range of TOML integers"),
    # A room given twice, the second copy (never built) too deep: every file is walked whole.
    ({"a.toml": TINY, "b.toml": f"[rooms.camp]\nname = \"Camp\"\nexits = {{ north = {DEEP} }}\n"},
     "b.toml:3: rooms.camp.exits.north.0.0.0.0.0.0.0.0.0.0.0.0.0: nested more than 16 levels deep"),
    # Two files adding to one table: the merge copies it, so each file is walked as it was read.
    ({"a.toml": TINY, "b.toml": f"[adventure.rules.vaarn]\nx = \"a\"\n[items.knife.effect]\ny = {DEEP}\n"},
     "b.toml:4: items.knife.effect.y.0.0.0.0.0.0.0.0.0.0.0.0.0: nested more than 16 levels deep"),
])
def test_the_limits_walk_after_building_reports_as_the_read_did(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                               files: dict[str, str], expected: str) -> None:
    folder = _folder(tmp_path, files)
    problems = check_adventure(folder)
    assert len(problems) == 1 and problems[0].endswith(expected), problems
    monkeypatch.setattr(limits, "may_hold_controls", lambda text, encoded=None: True)  # walked as each is read
    assert check_adventure(folder) == problems


def test_a_plain_world_with_one_problem_beyond_the_limits(tmp_path: Path) -> None:
    """The rooms and items of a generated world are all plain (not walked again); a number in an NPC is found."""
    folder = tmp_path / "big"
    folder.mkdir()
    write_world(folder, 400, 20)
    plain: set[str] = set()
    build.build_adventure(Report(), read_merged(folder)[0], source=None, digest="", plain=plain)
    assert plain == {"rooms", "items", "npcs"}
    (folder / "more.toml").write_text(f'[npcs.giant]\nname = "giant"\ntier = 1\nstats = {{ vaarn = {{ hp = {BIG} }} }}\n')
    assert check_adventure(folder) == [f"{folder}/more.toml:4: npcs.giant.stats.vaarn.hp: an integer of 66 bits is "
                                       f"outside the 64-bit range of TOML integers"]


@pytest.mark.parametrize("at", [0, 65_536 - 101, 65_536 - 50, 65_536, 3 * 65_536 - 7])
def test_a_long_run_of_digits_is_found_across_the_pieces_scanned(at: int) -> None:
    text = "#" * at + "1" * 101 + "\n" + "#" * 70_000
    with pytest.raises(limits.TooMuch, match="more than 100 digits"):
        limits.prescan(text)
    with pytest.raises(limits.TooMuch, match="more than 100 digits"):
        limits.prescan(text, text.encode())
    limits.prescan("#" * at + "1" * 100 + "\n" + "#" * 70_000)
    hexadecimal = "#" * at + "x = 0x" + "f" * 100 + "\n" + "#" * 70_000
    with pytest.raises(limits.TooMuch, match="more than 100 digits"):
        limits.prescan(hexadecimal, hexadecimal.encode())
    limits.prescan("#" * at + 'x = "' + "deadbeef" * 20 + '"\n' + "#" * 70_000)  # letters only: no number


@pytest.mark.parametrize("values, expected", [
    ([], True), (["a", "b-c", "x1"], True), (["a", "b\nc"], False), (["a", "B"], False), (["a-", "b"], False),
    (["a", ""], False), (["", "a"], False), (["a\n"], False), (["a--b"], False), (["-a"], False),
])
def test_ids_are_checked_all_at_once_as_one_at_a_time(values: list[str], expected: bool) -> None:
    from game.world.schema import ID_PATTERN

    one_at_a_time: Any = all(ID_PATTERN.match(value) for value in values)
    assert all_ids(values) is expected and bool(one_at_a_time) is expected


@pytest.mark.parametrize("table", ["[items.rope]\nname = \"rope\"\n[items.rope.stats.vaarn]",
                                   "[player.stats.vaarn]",
                                   "[npcs.ghost]\nname = \"ghost\"\ntier = 1\n[npcs.ghost.topics]",
                                   "[adventure.rules.vaarn]",
                                   "[rooms.hall]\nname = \"Hall\"\n[rooms.hall.scenery.tent]"])
def test_the_builder_meets_data_too_deep_before_the_walk_without_a_traceback(tmp_path: Path, table: str) -> None:
    """The builder runs before the walk: data nested as deep as tomllib parses reaches it, and only the
    walk's problem is reported."""
    deep = "[" * 300 + "1" + "]" * 300
    text = TINY.replace("[player.stats.vaarn]", "[player.stats.vaarn]\nzz = " + deep) if table == "[player.stats.vaarn]" \
        else TINY + f"\n{table}\nzz = {deep}\n"
    problems = check_adventure(_folder(tmp_path, {"adventure.toml": text}))
    assert len(problems) == 1 and problems[0].endswith("nested more than 16 levels deep"), problems


def _reported_alike(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str, expected: str) -> None:
    """``text`` is reported with ``expected`` among its problems, and the careful path alone reports the same."""
    problems = check_adventure(_folder(tmp_path / "a", {"adventure.toml": text}))
    assert any(expected in line for line in problems), problems
    _careful_only(monkeypatch)
    assert check_adventure(_folder(tmp_path / "b", {"adventure.toml": text})) == [
        line.replace(str(tmp_path / "a"), str(tmp_path / "b")) for line in problems]


def test_the_plain_path_knows_every_field_made_by_a_factory() -> None:
    """A field with a default factory must get a new value from the plain path (``made`` sets no defaults)."""
    import dataclasses

    from game.world.build_plain import FRESH_TABLES

    for cls, names in FRESH_TABLES.items():
        fields = dataclasses.fields(cls)
        assert {f.name for f in fields if f.default_factory is dict} == names, cls.__name__
        assert all(f.default_factory in (dict, dataclasses.MISSING) for f in fields), cls.__name__
