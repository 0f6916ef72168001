"""The content cache (game.world.cache): hits on unchanged files, rebuilt on any change, never trusted blindly.

Each "new process" is a new ContentCache on the same folder; whether a load came
from the cache is read from its counters, never from time.
"""
from __future__ import annotations

import hashlib
import json
import os
import shutil
from pathlib import Path

import pytest

from benchmarks.bigworld import write_world
from game.errors import ContentError
from game.paths import bundled_root, content_cache_home
from game.world.cache import ContentCache
from game.world.content import Adventure
from game.world.loader import bundled_adventures, check_adventure, load_adventure

DATA = Path(__file__).parent / "data"


def fresh(folder: Path) -> ContentCache:
    """The cache as a new process would see it."""
    return ContentCache(folder, "test-version")


def copy_of(source: Path, tmp_path: Path) -> Path:
    target = tmp_path / "adventure"
    shutil.copytree(source, target)
    return target


@pytest.fixture
def tiny(tmp_path: Path) -> Path:
    return copy_of(DATA / "tiny", tmp_path)


@pytest.fixture
def store(tmp_path: Path) -> Path:
    return tmp_path / "cache"


def load_twice(folder: Path, store: Path) -> tuple[ContentCache, ContentCache]:
    first, second = fresh(store), fresh(store)
    load_adventure(folder, cache=first)
    load_adventure(folder, cache=second)
    return first, second


def entry(store: Path, folder: Path) -> Path:
    path = fresh(store).entry_path(folder)
    assert path is not None
    return path


def rewrite_body(path: Path, change) -> None:  # type: ignore[no-untyped-def]
    """Change the adventure line of an entry and recompute its checksum, as a careful hand would."""
    head, body = path.read_bytes().split(b"\n", 1)
    data = change(json.loads(body))
    new_body = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()
    header = json.loads(head)
    header["checksum"] = hashlib.sha256(new_body).hexdigest()
    path.write_bytes(json.dumps(header).encode() + b"\n" + new_body)


# -- the same adventure either way -------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(bundled_adventures(bundled_root())))
def test_a_cached_bundled_adventure_equals_the_one_read_from_toml(name: str, store: Path) -> None:
    folder = bundled_adventures(bundled_root())[name]
    from_toml = load_adventure(folder)
    first, second = load_twice(folder, store)
    assert (first.misses, first.writes, second.hits) == (1, 1, 1)
    from_cache = load_adventure(folder, cache=fresh(store))
    assert_same(from_cache, from_toml)
    assert from_cache.digest == from_toml.digest and from_cache.source == folder


def test_the_big_world_from_the_cache_equals_the_one_from_toml(tmp_path: Path, store: Path, slow: bool) -> None:
    folder = tmp_path / "big"
    folder.mkdir()
    write_world(folder, 10_000 if slow else 900, 1_000 if slow else 100, crowd=5)
    from_toml = load_adventure(folder)
    cache = fresh(store)
    load_adventure(folder, cache=cache)
    again = fresh(store)
    assert_same(load_adventure(folder, cache=again), from_toml)
    assert again.hits == 1


def write_varied_world(folder: Path, side: int) -> None:
    """A grid of side x side rooms where every few rooms, items and NPCs use another feature: locked,
    hidden and found exits, regions, searches, hazards, scenery, conditional texts, stats, topics,
    routes, effects; the rest are plain, so each column mixes defaults and values."""
    lines = ['[adventure]\nid = "varied"\ntitle = "Varied"\nversion = "1"\nstart = "r0"\nsystem = "vaarn"\n'
             'intro = "Many kinds of content."\ngoal = { reach = "r1", carrying = ["k0"] }\n',
             '[player]\nitems = ["blade"]\n[items.blade]\nname = "blade"\nkind = "weapon"\ndamage = "d6"\n'
             'bonus_against = ["fungal"]\n',
             '[regions.dunes]\nname = "The Dunes"\nencounters = ["n1"]\n[regions.salt]\nname = "Salt"\n']
    for index in range(side * side):
        x, y = index % side, index // side
        exits = []
        if x + 1 < side:
            to = f"r{index + 1}"
            exits.append(f'east = {{ to = "{to}", locked_by = "k{index}" }}' if index % 4 == 1 else f'east = "{to}"')
        if x > 0:
            exits.append(f'west = "r{index - 1}"')
        if y + 1 < side:
            to = f"r{index + side}"
            exits.append(f's = {{ to = "{to}", hidden = true, find = "hard" }}' if index % 5 == 2 else f's = "{to}"')
        if y > 0:
            exits.append(f'n = "r{index - side}"')
        room = [f'[rooms.r{index}]', f'name = "Room {index}"', f'description = "Room number {index}."',
                f'exits = {{ {", ".join(exits)} }}', f'items = ["k{index}"]']
        if x == 1 and y % 2 == 0:  # the NPCs of even number sit here; the others walk
            room.append(f'npcs = ["n{y}"]')
        if index % 3 == 0:
            room.append(f'region = "{"dunes" if index % 2 else "salt"}"')
        if index % 5 == 0:
            room += [f'search_items = ["hidden{index}"]', 'search = { check = "search", difficulty = "hard" }']
        if index % 7 == 3:
            room += ['hazard = "hard"', 'hazard_text = "The sand burns."', 'hazard_damage = "d6"',
                     'travel_minutes = 30', 'smell = "Salt."', 'water_source = true']
        if index % 6 == 1:
            room += [f'[rooms.r{index}.scenery.pillar]', 'description = "A pillar."', 'aliases = ["column"]',
                     f'[[rooms.r{index}.descriptions]]', f'when = {{ carrying = "k{index}" }}',
                     'text = "You hold the key."']
        lines.append("\n".join(room) + "\n")
        item = [f'[items.k{index}]', f'name = "key {index}"', 'kind = "tool"']
        if index % 4 == 0:
            item += ['aliases = ["key"]', 'weight = 2', 'value = 5']
        if index % 9 == 4:
            item += ['true_name = "Old Key"', 'identify = "hard"', 'effect = { damage = "d4" }']
        lines.append("\n".join(item) + "\n")
        if index % 5 == 0:
            lines.append(f'[items.hidden{index}]\nname = "coin {index}"\nkind = "treasure"\n')
    for index in range(side):
        home = index * side + 1
        npc = [f'[npcs.n{index}]', f'name = "walker {index}"', 'disposition = "friendly"', 'talk = "Hello."',
               'topics = { sand = "Hot." }']
        if index % 2:
            npc += ['tier = 2', 'behaviour = "wander"', f'route = ["r{home}", "r{home + 1}"]']
        else:
            npc += [f'[npcs.n{index}.stats.vaarn]', 'str = 1', 'dex = 2', 'con = 1', 'int = 0', 'psy = 0',
                    'ego = 1', 'hp = 5', 'max_hp = 5']
        lines.append("\n".join(npc) + "\n")
    (folder / "world.toml").write_text("\n".join(lines))


def assert_same(cached: Adventure, fresh: Adventure) -> None:
    """Equal, and alike in every value's type too (``repr`` shows a list where a tuple belongs)."""
    assert cached == fresh
    assert repr(cached) == repr(fresh)


def test_a_big_varied_world_from_the_cache_is_the_one_from_toml(tmp_path: Path, store: Path, slow: bool) -> None:
    folder = tmp_path / "varied"
    folder.mkdir()
    write_varied_world(folder, 40 if slow else 12)
    from_toml = load_adventure(folder)
    load_adventure(folder, cache=fresh(store))
    again = fresh(store)
    assert_same(load_adventure(folder, cache=again), from_toml)
    assert again.hits == 1


def test_the_tiny_adventure_and_its_exits_round_trip(tiny: Path, store: Path) -> None:
    assert load_adventure(tiny, cache=fresh(store)) == load_adventure(tiny)
    again = fresh(store)
    cached = load_adventure(tiny, cache=again)
    assert again.hits == 1 and cached == load_adventure(tiny)


# -- hits and changes ----------------------------------------------------------------------------
def test_unchanged_files_hit_the_cache(tiny: Path, store: Path) -> None:
    first, second = load_twice(tiny, store)
    assert (first.hits, first.misses, first.writes) == (0, 1, 1)
    assert (second.hits, second.misses, second.writes) == (1, 0, 0)


def _edit_same_size(folder: Path) -> None:
    path = folder / "adventure.toml"
    path.write_text(path.read_text().replace('title = "A Tiny Test"', 'title = "A Tiny Tost"'))


def _edit(folder: Path) -> None:
    path = folder / "adventure.toml"
    path.write_text(path.read_text() + "\n# a comment\n")


def _add(folder: Path) -> None:
    (folder / "more.toml").write_text('[items.pebble]\nname = "pebble"\n')


def _touch(folder: Path) -> None:
    path = folder / "adventure.toml"
    status = path.stat()
    os.utime(path, ns=(status.st_atime_ns, status.st_mtime_ns + 1_000_000_000))


def _forge(folder: Path) -> None:
    """The same size and modification time, other bytes: only the digest can tell."""
    path = folder / "adventure.toml"
    status = path.stat()
    text = path.read_text()
    index = text.index('name = "') + len('name = "')
    path.write_text(text[:index] + ("X" if text[index] != "X" else "Y") + text[index + 1:])
    os.utime(path, ns=(status.st_atime_ns, status.st_mtime_ns))


@pytest.mark.parametrize("change", [_edit, _edit_same_size, _add, _touch, _forge],
                         ids=["edited", "edited-same-size", "added", "touched", "same-stamp-other-bytes"])
def test_any_change_rebuilds(tiny: Path, store: Path, change) -> None:  # type: ignore[no-untyped-def]
    load_adventure(tiny, cache=fresh(store))
    change(tiny)
    rebuilt = fresh(store)
    adventure = load_adventure(tiny, cache=rebuilt)
    assert (rebuilt.hits, rebuilt.misses, rebuilt.writes) == (0, 1, 1)
    assert adventure == load_adventure(tiny)
    after = fresh(store)
    assert load_adventure(tiny, cache=after) == adventure and after.hits == 1


def test_a_removed_file_rebuilds(tmp_path: Path, store: Path) -> None:
    folder = copy_of(bundled_adventures(bundled_root())["glass-oasis"], tmp_path)
    (folder / "extra.toml").write_text('[items.pebble]\nname = "pebble"\n')
    load_adventure(folder, cache=fresh(store))
    (folder / "extra.toml").unlink()
    rebuilt = fresh(store)
    adventure = load_adventure(folder, cache=rebuilt)
    assert rebuilt.misses == 1 and rebuilt.writes == 1 and "pebble" not in adventure.items


def test_another_version_or_builder_is_not_used(tiny: Path, store: Path) -> None:
    load_adventure(tiny, cache=fresh(store))
    other = ContentCache(store, "another-version")
    load_adventure(tiny, cache=other)
    assert other.misses == 1 and "version" in other.last_reason
    load_adventure(tiny, cache=fresh(store))  # this version's entry again
    changed_code = fresh(store)
    changed_code._code = "0" * 64  # as if game/world/*.py had changed
    load_adventure(tiny, cache=changed_code)
    assert changed_code.misses == 1 and "code" in changed_code.last_reason


def test_the_same_files_in_another_folder_have_their_own_entry(tiny: Path, store: Path, tmp_path: Path) -> None:
    load_adventure(tiny, cache=fresh(store))
    twin = tmp_path / "twin"
    shutil.copytree(tiny, twin)
    shutil.copy(entry(store, tiny), entry(store, twin))  # an entry of another folder, under this one's name
    other = fresh(store)
    adventure = load_adventure(twin, cache=other)
    assert other.misses == 1 and adventure.source == twin


# -- never trusted blindly -------------------------------------------------------------------------
def _truncate(path: Path) -> None:
    path.write_bytes(path.read_bytes()[:-40])


def _garbage(path: Path) -> None:
    path.write_bytes(b"\x00\xff not json at all \n {")


def _flip_a_byte(path: Path) -> None:
    data = bytearray(path.read_bytes())
    data[-10] = ord("Z") if data[-10] != ord("Z") else ord("Y")
    path.write_bytes(bytes(data))


def _foreign(path: Path) -> None:
    path.write_text('{"format": 99, "version": "9"}\n{}')


def _empty(path: Path) -> None:
    path.write_bytes(b"")


def _header_only(path: Path) -> None:
    path.write_bytes(path.read_bytes().split(b"\n", 1)[0])


def _wrong_type(path: Path) -> None:
    def change(data):  # type: ignore[no-untyped-def]
        data["title"] = 7
        return data
    rewrite_body(path, change)


def _unknown_field(path: Path) -> None:
    def change(data):  # type: ignore[no-untyped-def]
        data["rooms"]["secret"] = ["x"] * len(data["rooms"]["id"])
        return data
    rewrite_body(path, change)


def _missing_field(path: Path) -> None:
    def change(data):  # type: ignore[no-untyped-def]
        del data["items"]["name"]
        return data
    rewrite_body(path, change)


def _wrong_type_in_a_column(path: Path) -> None:
    def change(data):  # type: ignore[no-untyped-def]
        data["rooms"]["name"][-1] = 7
        return data
    rewrite_body(path, change)


def _wrong_item_in_an_array(path: Path) -> None:
    def change(data):  # type: ignore[no-untyped-def]
        data["items"]["aliases"] = [[1]] * len(data["items"]["id"])
        return data
    rewrite_body(path, change)


def _short_column(path: Path) -> None:
    def change(data):  # type: ignore[no-untyped-def]
        data["rooms"]["name"].pop()
        return data
    rewrite_body(path, change)


def _id_twice(path: Path) -> None:
    def change(data):  # type: ignore[no-untyped-def]
        ids = data["rooms"]["id"]
        ids[-1] = ids[0]
        return data
    rewrite_body(path, change)


def _exits_not_in_pairs(path: Path) -> None:
    def change(data):  # type: ignore[no-untyped-def]
        exits = data["rooms"]["exits"]
        texts = [index for index, room in enumerate(exits) if isinstance(room, str) and room]
        exits[texts[0]] = exits[texts[0]] + "north "  # a direction without its room: the words shift
        return data
    rewrite_body(path, change)


def _bad_exit(path: Path) -> None:
    def change(data):  # type: ignore[no-untyped-def]
        data["rooms"]["exits"][0] = {"sideways": "camp"}
        return data
    rewrite_body(path, change)


def _control_character(path: Path) -> None:
    def change(data):  # type: ignore[no-untyped-def]
        data["title"] = "\x1b[31mred\x1b[0m"
        return data
    rewrite_body(path, change)


def _bidi_override(path: Path) -> None:
    def change(data):  # type: ignore[no-untyped-def]
        data["title"] = "evil\u202etxt"
        return data
    rewrite_body(path, change)


def _not_a_table(path: Path) -> None:
    rewrite_body(path, lambda data: [data])


def _deep(path: Path) -> None:
    head = json.loads(path.read_bytes().split(b"\n", 1)[0])
    body = ('{"rules":{"vaarn":' + "[" * 100_000 + "]" * 100_000 + "}}").encode()
    head["checksum"] = hashlib.sha256(body).hexdigest()
    path.write_bytes(json.dumps(head).encode() + b"\n" + body)


@pytest.mark.parametrize("spoil", [_truncate, _garbage, _flip_a_byte, _foreign, _empty, _header_only, _wrong_type,
                                   _unknown_field, _missing_field, _wrong_type_in_a_column, _wrong_item_in_an_array,
                                   _short_column, _id_twice, _exits_not_in_pairs, _bad_exit, _control_character, _bidi_override,
                                   _not_a_table, _deep])
def test_a_spoilt_entry_is_ignored_and_rebuilt(tiny: Path, store: Path, spoil) -> None:  # type: ignore[no-untyped-def]
    expected = load_adventure(tiny)
    load_adventure(tiny, cache=fresh(store))
    spoil(entry(store, tiny))
    cache = fresh(store)
    assert load_adventure(tiny, cache=cache) == expected
    assert (cache.hits, cache.misses, cache.writes) == (0, 1, 1), cache.last_reason
    again = fresh(store)
    assert load_adventure(tiny, cache=again) == expected and again.hits == 1


def test_random_edits_with_the_checksum_recomputed_never_crash_and_keep_every_type(tiny: Path, store: Path) -> None:
    """Bytes of the adventure line changed at random, the checksum recomputed each time: the entry is
    refused (and rebuilt), or used only if it still has the exact shape of the content classes."""
    import random

    from game.world import content

    fresh_load = load_adventure(tiny)
    load_adventure(tiny, cache=fresh(store))
    path = entry(store, tiny)
    head, body = path.read_bytes().split(b"\n", 1)
    chosen = random.Random(18)
    for _ in range(300):
        spoilt = bytearray(body)
        for _ in range(chosen.randint(1, 3)):
            spoilt[chosen.randrange(len(spoilt))] = ord(chosen.choice('[]{}",:0123456789abtnul- '))
        header = json.loads(head)
        header["checksum"] = hashlib.sha256(bytes(spoilt)).hexdigest()
        path.write_bytes(json.dumps(header).encode() + b"\n" + bytes(spoilt))
        cache = fresh(store)
        loaded = load_adventure(tiny, cache=cache)
        if cache.hits:
            assert set(loaded.rooms) and all(isinstance(room, content.RoomDef) for room in loaded.rooms.values())
            assert all(isinstance(way, content.ExitDef) and isinstance(way.to, str)
                       for room in loaded.rooms.values() for way in room.exits.values())
            repr(loaded)
        else:
            assert loaded == fresh_load


def test_a_hand_edited_value_with_its_checksum_recomputed_is_still_well_typed(tiny: Path, store: Path) -> None:
    """What no check can catch (a new title, well typed, checksum recomputed) is the author's own edit:
    the cache holds it until the files change; it can never carry a control character or a wrong type."""
    load_adventure(tiny, cache=fresh(store))

    def change(data):  # type: ignore[no-untyped-def]
        data["title"] = "Renamed"
        return data
    rewrite_body(entry(store, tiny), change)
    assert load_adventure(tiny, cache=fresh(store)).title == "Renamed"
    _touch(tiny)
    assert load_adventure(tiny, cache=fresh(store)).title == load_adventure(tiny).title


# -- errors and disks ---------------------------------------------------------------------------------
def test_content_with_problems_is_never_cached(tiny: Path, store: Path) -> None:
    path = tiny / "adventure.toml"
    good = path.read_text()
    path.write_text(good + '\n[rooms.lost]\nname = "Lost"\nexits = { north = "nowhere" }\n')
    cache = fresh(store)
    with pytest.raises(ContentError):
        load_adventure(tiny, cache=cache)
    assert cache.writes == 0 and not entry(store, tiny).exists()
    path.write_text(good)
    fixed = fresh(store)
    load_adventure(tiny, cache=fixed)
    assert fixed.writes == 1


def test_check_reads_the_files_whatever_the_cache_holds(tiny: Path, store: Path) -> None:
    load_adventure(tiny, cache=fresh(store))
    path = tiny / "adventure.toml"
    status = path.stat()
    text = path.read_text()
    path.write_text(text.replace("[rooms.", "[rooms.X", 1)[: len(text)])  # a problem, same size
    os.utime(path, ns=(status.st_atime_ns, status.st_mtime_ns))
    assert check_adventure(tiny) != []


def test_an_unwritable_cache_folder_never_stops_play(tiny: Path, tmp_path: Path) -> None:
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the cache folder should be")
    cache = fresh(blocked)
    assert load_adventure(tiny, cache=cache) == load_adventure(tiny)
    assert (cache.writes, cache.misses) == (0, 1)


@pytest.mark.skipif(os.name == "nt" or (hasattr(os, "geteuid") and os.geteuid() == 0),
                    reason="permissions do not bind root (or work so on Windows)")
def test_a_read_only_cache_folder_never_stops_play(tiny: Path, store: Path) -> None:
    (store / "adventures").mkdir(parents=True)
    store.chmod(0o500)
    (store / "adventures").chmod(0o500)
    try:
        cache = fresh(store)
        assert load_adventure(tiny, cache=cache) == load_adventure(tiny)
        assert cache.writes == 0
    finally:
        (store / "adventures").chmod(0o700)
        store.chmod(0o700)


def test_no_temporary_file_is_left_and_the_entry_is_written_whole(tiny: Path, store: Path) -> None:
    load_adventure(tiny, cache=fresh(store))
    assert [p.name for p in (store / "adventures").iterdir()] == [entry(store, tiny).name]


def test_a_background_write_is_waited_for(tiny: Path, store: Path) -> None:
    cache = ContentCache(store, "test-version", background=True)
    load_adventure(tiny, cache=cache)
    cache.wait()
    assert cache.writes == 1
    again = fresh(store)
    load_adventure(tiny, cache=again)
    assert again.hits == 1


def test_the_cache_off_does_nothing(tiny: Path) -> None:
    cache = ContentCache(None, "test-version")
    load_adventure(tiny, cache=cache)
    assert (cache.hits, cache.misses, cache.writes) == (0, 0, 0) and cache.entry_path(tiny) is None


def test_a_date_json_cannot_hold_leaves_the_adventure_uncached(tiny: Path, store: Path) -> None:
    path = tiny / "adventure.toml"
    text = path.read_text()
    assert "[items." in text
    path.write_text(text.replace("[items.", "[items.dated]\nname = \"dated\"\neffect = { when = 1979-05-27 }\n\n"
                                            "[items.", 1))
    cache = fresh(store)
    adventure = load_adventure(tiny, cache=cache)
    assert "dated" in adventure.items and cache.writes == 0


# -- where it lives --------------------------------------------------------------------------------------
def test_the_cache_folder_follows_the_platform_and_the_environment(tmp_path: Path) -> None:
    home = tmp_path / "home"
    assert content_cache_home({}, "linux", home) == home / ".cache" / "wayfarer"
    assert content_cache_home({"XDG_CACHE_HOME": "/x/cache"}, "linux", home) == Path("/x/cache/wayfarer")
    assert content_cache_home({"XDG_CACHE_HOME": "relative"}, "linux", home) == home / ".cache" / "wayfarer"
    assert content_cache_home({}, "darwin", home) == home / "Library" / "Caches" / "wayfarer"
    assert content_cache_home({"LOCALAPPDATA": "C:/L"}, "win32", home) == Path("C:/L/wayfarer/cache")
    assert content_cache_home({"WAYFARER_CACHE": str(tmp_path / "c")}, "linux", home) == tmp_path / "c"
    for off in ("off", "OFF", "0", "none"):
        assert content_cache_home({"WAYFARER_CACHE": off}, "linux", home) is None


def test_the_game_writes_its_cache_where_wayfarer_cache_says(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.commands import _load

    monkeypatch.setenv("WAYFARER_CACHE", str(tmp_path / "cache"))
    _load("glass-oasis")
    import threading
    for thread in threading.enumerate():
        if thread.name == "wayfarer-content-cache":
            thread.join()
    assert len(list((tmp_path / "cache" / "adventures").glob("*.json"))) == 1
    monkeypatch.setenv("WAYFARER_CACHE", "off")
    shutil.rmtree(tmp_path / "cache")
    _load("glass-oasis")
    assert not (tmp_path / "cache").exists()


def test_a_writer_killed_long_ago_leaves_no_temporary_file_for_good(tiny: Path, store: Path) -> None:
    load_adventure(tiny, cache=fresh(store))
    path = entry(store, tiny)
    old, recent = path.with_name(f".{path.name}.dead.tmp"), path.with_name(f".{path.name}.live.tmp")
    old.write_text("half an entry")
    recent.write_text("a writer at work")
    os.utime(old, (1, 1))
    path.unlink()
    load_adventure(tiny, cache=fresh(store))
    assert not old.exists() and recent.exists() and path.exists()
