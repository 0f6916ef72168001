"""Corrupt saves: truncated at every byte, bytes flipped, emptied, hand-edited, foreign, future formats.

Sizes: truncation at every byte of a real save of the tiny adventure always
(about 2 KB; under ``pytest --slow`` also every byte of a long run of the
bundled adventure); 2,000 random byte flips (20,000 under --slow); every
field of the state retyped or pointed at ids that do not exist, with the
checksum recomputed so that validation and not the checksum must catch it,
under every rule system.  Each bad save is refused with a one-line message,
or (a flip that changes nothing, a retype to an equivalent value) loads the
very same state, or loads a state the game then plays on without error.
Format 1 saves are migrated (see tests/test_save_formats.py); nothing else is
migrated: every other format number is refused by name.
"""
from __future__ import annotations

import copy
import datetime
import random
from pathlib import Path
from typing import Any

import pytest
import tomli_w

from game.engine import Engine
from game.errors import SaveError
from game.paths import bundled_root
from game.rules.registry import SYSTEM_IDS, get_system
from game.saves import FORMAT_VERSION, READABLE_FORMATS, SaveStore, checksum, parse_document
from game.world.content import Adventure
from game.world.loader import find_adventure, load_adventure
from tests.conftest import play
from tests.robustness.helpers import size

RUN = ("take stone", "take brass key", "brass", "n", "attack raider", "s", "drop stone", "search", "wait")


def _saved(tiny: Adventure, tmp_path: Path, system: str = "vaarn", commands: tuple[str, ...] = RUN) -> Engine:
    engine = Engine.new_game(tiny, get_system(system), 3, saves=SaveStore(tmp_path, tiny))
    play(engine, *commands, "save s")
    return engine


def _store(engine: Engine) -> SaveStore:
    assert engine.saves is not None
    return engine.saves


def _judge(store: SaveStore, raw: bytes) -> Any:
    """The state a save's bytes load to, or the SaveError refusing them."""
    try:
        return store.from_document(parse_document(raw, "s.toml"), "s.toml")
    except SaveError as error:
        return error


def _one_line(error: SaveError) -> None:
    text = str(error)
    assert text and "\n" not in text and "\r" not in text and len(text) < 300, text


def test_truncation_at_every_byte_is_refused_and_the_backup_loads(tiny: Adventure, tmp_path: Path) -> None:
    engine = _saved(tiny, tmp_path)
    store = _store(engine)
    path = tmp_path / "tiny" / "s.toml"
    good = path.read_bytes()
    expected = engine.state.copy()
    refused = 0
    for cut in range(len(good)):
        result = _judge(store, good[:cut])
        if isinstance(result, SaveError):
            refused += 1
            _one_line(result)
        else:  # only the trailing newline can go without changing anything
            assert result.copy() == expected and cut >= len(good.rstrip()), cut
    assert refused >= len(good) - 2
    # through the files: the damaged slot falls back to its backup (the same state, saved twice)
    play(engine, "save s")
    for cut in range(0, len(good), 97):
        path.write_bytes(good[:cut])
        state, notes = store.load("s")
        assert state.copy() == expected and "Loaded its backup instead" in notes[0]


def test_truncation_that_still_parses_is_caught_by_the_checksum(tiny: Adventure, tmp_path: Path) -> None:
    engine = _saved(tiny, tmp_path)
    good = (tmp_path / "tiny" / "s.toml").read_text()
    lines = good.splitlines(keepends=True)
    caught = 0
    for end in range(len(lines)):
        text = "".join(lines[:end])
        try:
            import tomllib

            tomllib.loads(text)
        except tomllib.TOMLDecodeError:
            continue
        result = _judge(_store(engine), text.encode())
        assert isinstance(result, SaveError), end
        caught += 1
    assert caught > 10


@pytest.mark.parametrize("long_run", [False, True], ids=["tiny", "glass-oasis-long-run"])
def test_truncation_of_a_long_real_save_at_every_byte(tmp_path: Path, slow: bool, long_run: bool,
                                                      tiny: Adventure) -> None:
    if long_run and not slow:
        pytest.skip("the long run is truncated at every byte under --slow only")
    adventure = load_adventure(find_adventure("glass-oasis", bundled_root())) if long_run else tiny
    engine = Engine.new_game(adventure, get_system(adventure.system), 5, saves=SaveStore(tmp_path, adventure))
    rng = random.Random(2)
    words = ["n", "s", "e", "w", "ne", "nw", "se", "sw", "u", "d", "look", "take all", "search", "wait", "i", "rest"]
    play(engine, *[rng.choice(words) for _ in range(400 if long_run else 20)], "save s")
    good = (tmp_path / adventure.id / "s.toml").read_bytes()
    expected = engine.state.copy()
    for cut in range(len(good)):
        result = _judge(_store(engine), good[:cut])
        assert isinstance(result, SaveError) or result.copy() == expected, cut
    print(f"\n[corrupt] truncated a {len(good)}-byte save at every byte")


def test_random_byte_flips_are_refused_or_change_nothing(tiny: Adventure, tmp_path: Path, slow: bool) -> None:
    engine = _saved(tiny, tmp_path)
    good = (tmp_path / "tiny" / "s.toml").read_bytes()
    expected = engine.state.copy()
    rng = random.Random(4)
    flips = size(slow, 2000, 20000)
    refused = same = 0
    for _ in range(flips):
        data = bytearray(good)
        for _ in range(rng.choice((1, 1, 1, 2, 8))):
            position = rng.randrange(len(data))
            data[position] = rng.choice((rng.randrange(256), data[position] ^ (1 << rng.randrange(8))))
        result = _judge(_store(engine), bytes(data))
        if isinstance(result, SaveError):
            refused += 1
            _one_line(result)
        else:
            assert result.copy() == expected, "a damaged save loaded a different state"
            same += 1
    print(f"\n[corrupt] {flips} random byte flips: {refused} refused, {same} changed nothing (whitespace)")
    assert refused > flips * 0.9


def _document(engine: Engine) -> dict[str, Any]:
    import tomllib

    return tomllib.loads((Path(_store(engine).folder) / "s.toml").read_text())


def _resealed(document: dict[str, Any]) -> bytes:
    """The document with its checksum recomputed: a hand edit made by someone who knows the format."""
    document["save"]["checksum"] = checksum(document["state"])
    return tomli_w.dumps(document).encode()


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value (tables and arrays included) in the state data."""
    found = [path] if path else []
    if isinstance(value, dict):
        for key, inner in value.items():
            found += _paths(inner, path + (key,))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            found += _paths(inner, path + (index,))
    return found


REPLACEMENTS: tuple[Any, ...] = ("nowhere", "", 7, -1, 10_000, 2**62, 3.5, float("nan"), True, [], ["x"], {}, {"a": 1},
                                 datetime.date(2020, 1, 1))
AFTER_LOAD = ("look", "i", "stats", "n", "attack raider", "take all", "s", "wait", "search", "drink", "rest",
              "save t", "load t")


def _judged(path: tuple[Any, ...], fresh: dict[str, Any]) -> bool:
    """Whether the save check judges this path: every state field, and sheet entries a new run's sheets have.

    Entries a system's play layer adds to a sheet only during play (OpenD6's
    ``engaged`` list, for one) have no reference to be judged against; a hand
    edit of one that also recomputes the checksum is not caught (see
    docs/reliability.md).
    """
    if path[0] == "player":
        inner, rest = fresh["player"], path[1:]
    elif path[0] == "npcs" and len(path) > 3 and path[2] == "sheet" and path[1] in fresh["npcs"]:
        inner, rest = fresh["npcs"][path[1]]["sheet"], path[3:]
    else:
        return True
    for part in rest:
        if isinstance(inner, dict) and part in inner:
            inner = inner[part]
        elif isinstance(inner, list) and inner:
            inner = inner[0]
        else:
            return False
    return True


def _fresh(tiny: Adventure, system: str, npcs: list[str]) -> dict[str, Any]:
    fresh = Engine.new_game(tiny, get_system(system), 3)
    for npc_id in npcs:
        fresh.world.npc_state(npc_id)
    return fresh.state.to_data(fresh.system)


@pytest.mark.parametrize("system", SYSTEM_IDS)
def test_every_field_retyped_or_misnamed_is_refused_or_harmless(tiny: Adventure, tmp_path: Path,
                                                                 system: str, slow: bool) -> None:
    engine = _saved(tiny, tmp_path, system)
    original = _document(engine)
    live = engine.state.copy()
    store = _store(engine)
    rng = random.Random(SYSTEM_IDS.index(system))
    fresh = _fresh(tiny, system, list(original["state"]["npcs"]))
    paths = [path for path in _paths(original["state"]) if _judged(path, fresh)]
    refused = loaded = 0
    for path in paths:
        replacements = REPLACEMENTS if slow else rng.sample(REPLACEMENTS, 4)
        for replacement in replacements:
            document = copy.deepcopy(original)
            parent = document["state"]
            for part in path[:-1]:
                parent = parent[part]
            if parent[path[-1]] == replacement:
                continue
            parent[path[-1]] = replacement
            result = _judge(store, _resealed(document))
            if isinstance(result, SaveError):
                refused += 1
                _one_line(result)
                continue
            loaded += 1  # accepted: then the game must play on from it without error
            trial = Engine(tiny, get_system(system), result, saves=SaveStore(tmp_path / "trial", tiny))
            for command in AFTER_LOAD:
                trial.submit(command)
    # deleting a field of the state or a whole entry of a sheet (an entry inside a sheet's tables may be
    # missing from a legitimate sheet made from other stats, so the check cannot demand it)
    for path in paths:
        if (path[0] == "player" and len(path) > 2) or (path[0] == "npcs" and len(path) > 4):
            continue
        document = copy.deepcopy(original)
        parent = document["state"]
        for part in path[:-1]:
            parent = parent[part]
        del parent[path[-1]]
        result = _judge(store, _resealed(document))
        if isinstance(result, SaveError):
            refused += 1
            continue
        trial = Engine(tiny, get_system(system), result, saves=SaveStore(tmp_path / "trial", tiny))
        for command in AFTER_LOAD:
            trial.submit(command)
    assert engine.state.copy() == live
    print(f"\n[corrupt] {system}: {refused} hand edits refused, {loaded} accepted and played on")
    assert refused > loaded


@pytest.mark.parametrize("edit, reason", [
    (lambda d: d["save"].update(format=FORMAT_VERSION + 1),
     f"newer Wayfarer (save format {FORMAT_VERSION + 1}); this Wayfarer reads formats "
     f"{', '.join(map(str, READABLE_FORMATS[:-1]))} and {FORMAT_VERSION}"),
    (lambda d: d["save"].update(format=0), "unknown save format, 0"),
    (lambda d: d["save"].update(format="1"), "unknown save format, '1'"),
    (lambda d: d["save"].update(format=True), "unknown save format, True"),
    (lambda d: d["save"].update(format=1.0), "unknown save format, 1.0"),
    (lambda d: d["save"].pop("format"), "has no save format"),
    (lambda d: d["save"].update(adventure="glass-oasis"), 'belongs to the adventure "glass-oasis", not "tiny"'),
    (lambda d: d["save"].update(adventure_version="2.0.0"), "version 2.0.0; this is version 1.0.0"),
    (lambda d: d["state"].update(adventure_id="glass-oasis"), "names what this adventure does not have"),
    (lambda d: d["state"].update(room="vault-of-stars"), "room vault-of-stars"),
    (lambda d: d["state"].update(item_moves=d["state"]["item_moves"] + "crown player\n"), "item crown"),
    (lambda d: d["state"].update(item_moves="stone npc:ghost\n"), "place npc:ghost"),
    (lambda d: d["state"].update(item_moves="stone\n"), "item_moves has the line 'stone', not an item and a place"),
    (lambda d: d["state"].update(item_moves="stone player\nstone room:camp\n"), "item_moves names stone twice"),
    (lambda d: d["state"].update(status="ascended"), "status ascended"),
    (lambda d: d["state"].update(system="gurps"), "header and state disagree on the system"),
    (lambda d: (d["state"].update(system="gurps"), d["save"].update(system="gurps")), "system gurps"),
    (lambda d: d["state"].update(turn=-3), "turn should be a whole number"),
    (lambda d: d["state"].update(log=7), "log should be a text of lines or a list of texts"),
    (lambda d: d["state"]["player"].update(hp="lots"), "vaarn sheet: hp must be a whole number"),
    (lambda d: d["state"]["player"].clear(), "vaarn sheet: str is missing"),
    (lambda d: d["state"]["player"].update(str=2.5), "vaarn sheet: str must be a whole number"),
    (lambda d: d["state"]["player"].update(hp=10**9), "beyond any rule system's numbers"),
    (lambda d: d.pop("save"), "is not a Wayfarer save"),
    (lambda d: d.clear(), "is not a Wayfarer save"),
    (lambda d: d["save"].update(seed=99), "header and state disagree on the seed"),
])
def test_hand_edits_and_foreign_saves_are_refused_by_name(tiny: Adventure, tmp_path: Path, edit: Any,
                                                          reason: str) -> None:
    engine = _saved(tiny, tmp_path)
    document = _document(engine)
    edit(document)
    path = tmp_path / "tiny" / "s.toml"
    whole = "state" in document and "save" in document
    path.write_bytes(_resealed(document) if whole else tomli_w.dumps(document).encode())
    (tmp_path / "tiny" / "s.toml.bak").unlink(missing_ok=True)
    play(engine, "wait")
    live = engine.state.copy()
    lines = play(engine, "load s")
    assert lines[0].startswith("Not loaded: ") and reason in lines[0], lines
    assert lines[1] == "The game goes on as it was." and engine.state.copy() == live


HOSTILE_FILES = {"empty": b"", "newline": b"\n", "nul": b"\x00" * 100,
                 "utf16": b"\xff\xfe" + "save".encode("utf-16-le"),
                 "header-only": b"[save]\nformat = 1\n", "array-of-tables": b"[[save]]\n",
                 "scalars": b"state = 1\nsave = 2\n", "deep": b"a = " + b"[" * 5000 + b"]" * 5000,
                 "huge-number": b"x = 1" + b"0" * 5000, "long-key": b"a." * 5000 + b"b = 1",
                 "big-integer": b"[save]\nformat = 99999999999999999999\n"}


@pytest.mark.parametrize("content", list(HOSTILE_FILES.values()), ids=list(HOSTILE_FILES))
def test_empty_binary_and_hostile_files_are_refused_quickly(tiny: Adventure, tmp_path: Path, content: bytes) -> None:
    engine = _saved(tiny, tmp_path)
    (tmp_path / "tiny" / "s.toml").write_bytes(content)
    (tmp_path / "tiny" / "s.toml.bak").unlink(missing_ok=True)
    live = engine.state.copy()
    lines = play(engine, "load s")
    assert lines[0].startswith("Not loaded: ") and len(lines[0]) < 300 and engine.state.copy() == live


def test_a_save_too_large_is_refused_before_reading(tiny: Adventure, tmp_path: Path) -> None:
    engine = _saved(tiny, tmp_path)
    with open(tmp_path / "tiny" / "s.toml", "ab") as handle:
        handle.truncate(17 * 1024 * 1024)
    (tmp_path / "tiny" / "s.toml.bak").unlink(missing_ok=True)
    assert "too large to be a save" in play(engine, "load s")[0]


def test_changed_adventure_files_load_with_a_note(tiny: Adventure, tmp_path: Path) -> None:
    engine = _saved(tiny, tmp_path)
    document = _document(engine)
    document["save"]["digest"] = "0" * 64
    (tmp_path / "tiny" / "s.toml").write_bytes(tomli_w.dumps(document).encode())
    lines = play(engine, "load s")
    assert lines[0] == 'Loaded slot "s".' and "have changed since this save was made" in lines[1]


def test_every_format_ever_written_is_readable() -> None:
    assert READABLE_FORMATS == tuple(range(1, FORMAT_VERSION + 1)), "a new format needs a migration and fixtures"


def test_a_save_from_another_system_loads_only_under_its_own_rules(tiny: Adventure, tmp_path: Path) -> None:
    """The sheet check uses the system the save names, so a bind save is judged by bind's rules."""
    engine = _saved(tiny, tmp_path, "bind")
    state, _ = SaveStore(tmp_path, tiny).load("s")
    assert state.system == "bind" and state.copy() == engine.state.copy()


@pytest.mark.parametrize("content", [HOSTILE_FILES["deep"], HOSTILE_FILES["huge-number"]], ids=["deep", "huge-number"])
def test_wayfarer_replay_refuses_hostile_save_files_in_one_line(tmp_path: Path, content: bytes,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    from game.cli import main

    path = tmp_path / "s.toml"
    path.write_bytes(content)
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
