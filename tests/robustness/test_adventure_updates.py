"""A save loads into a newer version of its adventure when its ids still exist; replay names content changes."""
from __future__ import annotations

import copy
import dataclasses
import random
import shutil
import tomllib
from pathlib import Path
from typing import Any

import pytest
import tomli_w

from game.engine import Engine
from game.paths import bundled_root
from game.replay import replay_save
from game.rules.base import Situation, Weapon
from game.rules.dice import RandomDice
from game.rules.registry import get_system
from game.saves import SaveStore, checksum
from game.text import the
from game.world.loader import find_adventure, load_adventure
from game.world.world import npc_sheet

from .helpers import new_engine

pytestmark = pytest.mark.robustness
TINY = Path(__file__).resolve().parents[1] / "data" / "tiny"


def _saved_run(saves: Path) -> Path:
    engine = new_engine(saves=saves)
    for command in ("take stone", "n", "wait"):
        engine.submit(command)
    engine.submit("save")
    return saves / "tiny" / "quicksave.toml"


def _version(tmp_path: Path, *edits: tuple[str, str]) -> SaveStore:
    folder = tmp_path / "tiny-new"
    shutil.copytree(TINY, folder)
    path = folder / "adventure.toml"
    text = path.read_text()
    for old, new in edits:
        assert old in text
        text = text.replace(old, new, 1)
    path.write_text(text)
    return SaveStore(tmp_path / "saves", load_adventure(folder))


def test_a_version_bump_alone_keeps_saves(tmp_path: Path) -> None:
    _saved_run(tmp_path / "saves")
    store = _version(tmp_path, ('version = "1.0.0"', 'version = "1.1.0"'),
                     ('description = "A small vault."', 'description = "A small, cold vault."'))
    state, notes = store.load("quicksave")
    assert state.log == ["take stone", "n", "wait"] and "version 1.0.0" in notes[0]


def test_what_no_longer_exists_is_named(tmp_path: Path) -> None:
    _saved_run(tmp_path / "saves")
    store = _version(tmp_path, ('version = "1.0.0"', 'version = "2.0.0"'),
                     ('[rooms.well]', '[rooms.spring]'), ('north = "well"', 'north = "spring"'),
                     ('[items.stone]', '[items.pebble]'), ('"glass-key", "stone"]', '"glass-key", "pebble"]'))
    with pytest.raises(Exception) as refused:
        store.load("quicksave")
    message = str(refused.value)
    assert "version 1.0.0" in message and "room well" in message and "item stone" in message


def test_an_adventure_may_declare_the_oldest_version_it_takes(tmp_path: Path) -> None:
    _saved_run(tmp_path / "saves")
    store = _version(tmp_path, ('version = "1.0.0"', 'version = "3.0.0"\noldest_compatible = "2.0"'))
    with pytest.raises(Exception) as refused:
        store.load("quicksave")
    assert "from version 2.0 on" in str(refused.value)


def test_a_newer_versions_save_does_not_load_into_an_older_one(tmp_path: Path) -> None:
    _saved_run(tmp_path / "saves")
    store = _version(tmp_path, ('version = "1.0.0"', 'version = "0.9"'))
    with pytest.raises(Exception, match="which is older"):
        store.load("quicksave")


def test_replay_names_the_content_change_when_it_diverges(tmp_path: Path) -> None:
    save = _saved_run(tmp_path / "saves")
    store = _version(tmp_path, ('version = "1.0.0"', 'version = "1.1.0"'),
                     ('items = ["brass-key", "glass-key", "stone"]', 'items = ["brass-key", "glass-key"]'))
    ok, lines = replay_save(save, str(store.adventure.source))
    assert not ok and "diverged" in lines[0] and "version 1.0.0" in lines[1], lines


def test_replay_reports_progress(tmp_path: Path) -> None:
    engine = new_engine(saves=tmp_path)
    for _ in range(5_000):
        engine.submit("wait")
    engine.submit("save")
    heard: list[str] = []
    ok, _ = replay_save(tmp_path / "tiny" / "quicksave.toml", str(TINY), heard.append)
    assert ok and heard == ["replayed 5,000 of 5,000 commands"]


# -- NPCs already met: state by id, sheets from the new definition ------------------------

#: A seed per system under which a raider is hurt but standing after one to three attacks.
HURT_RAIDER = {"vaarn": 2, "open_adventures": 1, "opend6": 1, "bind": 2, "maelstrom": 2}
#: The raider made tougher in the new version; the hermit unchanged.
TOUGHER_RAIDER = (('version = "1.0.0"', 'version = "1.1.0"'), ('tier = 1\nitems = ["scimitar"]', 'tier = 2\nitems = ["scimitar"]'))


def _hurt_raider_saved(saves: Path, system: str) -> Engine:
    engine = new_engine(system=system, saves=saves, seed=HURT_RAIDER[system])
    engine.submit("n")
    for _ in range(3):
        engine.submit("attack raider")
        if system == "open_adventures":
            engine.submit("end")
        raider = engine.state.npcs.get("raider")
        if raider is not None and engine.system.condition(raider.sheet) == "ok" \
                and raider.sheet != engine.world.npc_sheet(engine.world.npc("raider")):
            break
    assert raider is not None and engine.system.condition(raider.sheet) == "ok", "the scenario: a raider hurt, standing"
    assert "hermit" in engine.state.npcs and engine.state.status == "playing"
    engine.submit("save")
    return engine


@pytest.mark.parametrize("system", sorted(HURT_RAIDER))
def test_an_npc_whose_definition_changed_takes_it_and_keeps_what_it_went_through(tmp_path: Path, system: str) -> None:
    before = _hurt_raider_saved(tmp_path / "saves", system).state
    store = _version(tmp_path, *TOUGHER_RAIDER)
    state, notes = store.load("quicksave")
    codec = store.fingerprints.system(system)
    raider, saved = state.npcs["raider"], before.npcs["raider"]
    fresh = codec.npc_sheet(2, None, "biological")
    assert raider.sheet == codec.carry_npc_state(saved.sheet, fresh) and raider.sheet != saved.sheet
    assert codec.condition(raider.sheet) == "ok"
    assert (raider.room, raider.disposition, raider.memory) == (saved.room, saved.disposition, saved.memory)
    assert state.npcs["hermit"].sheet == before.npcs["hermit"].sheet  # unchanged definition: the very sheet
    assert [n for n in notes if "Changed in this version" in n] == [
        "Changed in this version of A Tiny Test: the dune raider. It takes its new stats, and keeps the harm "
        "taken, conditions and memories of your run."]
    if system == "vaarn":  # tier 2: level 2, 8 HP; the HP lost are lost still
        assert raider.sheet.max_hp == 8 and 8 - raider.sheet.hp == saved.sheet.max_hp - saved.sheet.hp
    saved_again = store.save("again", state)
    assert saved_again.is_file()
    reloaded, notes = store.load("again")
    assert reloaded.npcs == state.npcs and not any("Changed in this version" in n for n in notes)


def _strip_fingerprints(path: Path) -> None:
    """Make the save as Wayfarer wrote it before NPC fingerprints (checksum recomputed)."""
    document = tomllib.loads(path.read_text(encoding="utf-8"))
    for npc in document["state"]["npcs"].values():
        npc.pop("fingerprint", None)  # format 3: an NPC met and unchanged has none
    document["save"]["checksum"] = checksum(document["state"])
    path.write_text(tomli_w.dumps(document), encoding="utf-8")


def test_a_save_without_fingerprints_updates_only_the_npcs_whose_sheet_changes(tmp_path: Path) -> None:
    before = _hurt_raider_saved(tmp_path / "saves", "bind").state
    slot = tmp_path / "saves" / "tiny" / "quicksave.toml"
    assert "fingerprint" in slot.read_text()
    _strip_fingerprints(slot)
    same = SaveStore(tmp_path / "saves", load_adventure(TINY))
    state, notes = same.load("quicksave")
    assert state.npcs == before.npcs and len(notes) == 0
    state, notes = _version(tmp_path, *TOUGHER_RAIDER).load("quicksave")
    assert state.npcs["hermit"] == before.npcs["hermit"] and state.npcs["raider"] != before.npcs["raider"]
    assert any("Changed in this version of A Tiny Test: the dune raider." in n for n in notes)


def test_npcs_of_a_group_take_a_changed_definition_one_by_one(tmp_path: Path) -> None:
    """Save format 4: the raider and the hermit met alike are one group; the new version changes the raider's
    definition only: the raider's changes are read over its new sheet, it is named; the hermit keeps its sheet."""
    engine = new_engine(saves=tmp_path / "saves")
    for npc_id in ("raider", "hermit"):
        npc = engine.world.npc_state(npc_id)
        npc.sheet = dataclasses.replace(npc.sheet, met=True)
    engine.submit("save")
    assert "[[state.npc_groups]]" in (tmp_path / "saves" / "tiny" / "quicksave.toml").read_text()
    store = _version(tmp_path, *TOUGHER_RAIDER)
    state, notes = store.load("quicksave")
    assert state.npcs["hermit"] == engine.state.npcs["hermit"]
    raider = state.npcs["raider"].sheet
    assert raider.met and raider.max_hp == 8 and raider == dataclasses.replace(store.fingerprints.fresh("vaarn", "raider").sheet,
                                                                               met=True)
    assert [n for n in notes if "Changed in this version" in n] == [
        "Changed in this version of A Tiny Test: the dune raider. It takes its new stats, and keeps the harm "
        "taken, conditions and memories of your run."]
    store.save("again", state)
    again, notes = store.load("again")
    assert again.npcs == state.npcs and not any("Changed in this version" in n for n in notes)


V1 = Path(__file__).resolve().parents[1] / "fixtures" / "saves_v1" / "glass-oasis"


@pytest.mark.parametrize("fixture", sorted(p.name for p in V1.glob("*.toml")))
def test_format_1_saves_keep_the_sheets_of_npcs_whose_definition_did_not_change(fixture: str) -> None:
    """The glass oasis was re-tuned since these were written (a glass jackal under BIND, the brass
    sentinel's tables): those NPCs are brought up to it, every other sheet is kept exactly."""
    adventure = load_adventure(find_adventure("glass-oasis", bundled_root()))
    store = SaveStore(V1.parent, adventure)
    document = store.read_document(V1 / fixture)
    codec = store.fingerprints.system(document["state"]["system"])
    data = codec.migrate_v1(copy.deepcopy(document["state"]))
    state, notes = store.load(fixture.removesuffix(".toml"))
    updated = [npc_id for npc_id in sorted(state.npcs)
               if state.npcs[npc_id].sheet != codec.sheet_from_data(data["npcs"][npc_id]["sheet"])]
    for npc_id in updated:
        saved = codec.sheet_from_data(data["npcs"][npc_id]["sheet"])
        assert codec.condition(state.npcs[npc_id].sheet) == codec.condition(saved)
        assert store.fingerprints.of(codec.id, npc_id) != _fingerprint_of(codec, saved)
    changed = [n for n in notes if "Changed in this version" in n]
    assert len(changed) == (1 if updated else 0)
    assert all(the(adventure.npcs[npc_id].name) in changed[0] for npc_id in updated)


def _fingerprint_of(codec: Any, sheet: Any) -> str:
    import hashlib
    import json

    text = json.dumps(codec.sheet_to_data(sheet), sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


# -- hidden things added to a room already searched -----------------------------------------

COIN = (('items = ["brass-key", "glass-key", "stone"]', 'items = ["brass-key", "glass-key", "stone"]\n'
         'search_items = ["coin"]'), ('[items.stone]', '[items.coin]\nname = "copper coin"\nkind = "treasure"\n\n'
                                      '[items.stone]'))
RING = (('version = "1.0.0"', 'version = "1.1.0"'),
        ('search_items = ["coin"]', 'search_items = ["coin", "ring"]'),
        ('[items.stone]', '[items.ring]\nname = "iron ring"\nkind = "treasure"\n\n[items.stone]'),
        ('exits = { north = "well", ', 'exits = { north = "well", west = { to = "cellar", hidden = true }, '))


def _searched_run(tmp_path: Path) -> SaveStore:
    """Version A: the coin hidden in the camp; searched, taken; saved."""
    store = _version(tmp_path, *COIN)
    engine = Engine.new_game(store.adventure, get_system("vaarn"), 3, saves=store)
    for command in ("search", "take coin", "save"):
        engine.submit(command)
    assert "coin" in engine.world.carried() and engine.world.hidden_items("camp") == []
    return store


def _play_update(tmp_path: Path, state_edit: Any = None) -> list[str]:
    _searched_run(tmp_path)
    slot = tmp_path / "saves" / "tiny" / "quicksave.toml"
    if state_edit is not None:
        document = tomllib.loads(slot.read_text(encoding="utf-8"))
        state_edit(document)
        document["save"]["checksum"] = checksum(document["state"])
        slot.write_text(tomli_w.dumps(document), encoding="utf-8")
    shutil.rmtree(tmp_path / "tiny-new")
    store = _version(tmp_path, *COIN, *RING)
    state, _ = store.load("quicksave")
    engine = Engine(store.adventure, get_system("vaarn"), state, saves=store)
    lines = []
    for command in ("look", "search", "inventory", "search"):
        lines += [f"> {command}", *engine.submit(command).shown]
    assert "coin" in engine.world.carried() and engine.world.hidden_items("camp") == []
    return lines


def test_hidden_things_added_to_rooms_already_searched_are_found_by_searching_again(tmp_path: Path) -> None:
    text = "\n".join(_play_update(tmp_path))
    assert "iron ring" not in text.split("> search")[0]  # hidden until searched
    assert "You find a hidden way west!" in text  # a hidden exit added to the searched camp
    assert "You find an iron ring." in text and "copper coin" not in text.split("> inventory")[0]
    assert text.count("You find an iron ring.") == 1  # found once; the coin stays found


def test_saves_that_recorded_rooms_searched_migrate(tmp_path: Path) -> None:
    """Format 2 as written before: ``searched`` listed the rooms; the items they found are in item_moves."""
    def old_form(document: dict[str, Any]) -> None:
        document["state"]["searched"] = ["camp"]

    text = "\n".join(_play_update(tmp_path, old_form))
    assert "You find an iron ring." in text and "You find a hidden way west!" in text


@pytest.mark.parametrize("fixture", sorted(p.name for p in V1.glob("*.toml")))
def test_format_1_saves_keep_what_their_searches_found(fixture: str) -> None:
    adventure = load_adventure(find_adventure("glass-oasis", bundled_root()))
    document = tomllib.loads((V1 / fixture).read_text(encoding="utf-8"))
    searched = document["state"].get("searched", [])
    state, _ = SaveStore(V1.parent, adventure).load(fixture.removesuffix(".toml"))
    engine = Engine(adventure, get_system(state.system, adventure.rules.get(state.system, {})), state)
    for room_id in searched:
        assert engine.world.hidden_items(room_id) == [], room_id
        assert all(item in state.item_moves for item in adventure.rooms[room_id].search_items)


#: The options that change how NPCs are harmed or fall (the rest leave their sheets alone).
HARM_OPTIONS = {"open_adventures": {"zero_pool": "knocked-out"}, "vaarn": {"npc_wounds": "wound-table"},
                "opend6": {"damage": "body-points"}, "bind": {}, "maelstrom": {}}


@pytest.mark.parametrize("options", ["default", "harm"])
@pytest.mark.parametrize("system", sorted(HARM_OPTIONS))
def test_carrying_state_onto_a_definition(system: str, options: str, slow: bool) -> None:
    """Every NPC of the bundled adventures, beaten down blow by blow by a tier-5 foe: carried onto
    its own definition, the sheet comes back unchanged; onto every tier (its stat table dropped),
    it reads back from its saved form and stays standing, down or dead as it was."""
    codec = get_system(system, HARM_OPTIONS[system] if options == "harm" else {})
    blows = 12 if slow else 4
    checked = 0
    for adventure_id in ("glass-oasis", "halcyon-drift"):
        adventure = load_adventure(find_adventure(adventure_id, bundled_root()))
        for definition in adventure.npcs.values():
            fresh = npc_sheet(codec, definition)
            strong = codec.npc_sheet(5, None)
            sheet, rng = fresh, random.Random(definition.id)
            others = [npc_sheet(codec, dataclasses.replace(definition, tier=tier, stats={})) for tier in range(1, 6)]
            for _ in range(blows):
                sheet = codec.attack(strong, sheet, Weapon(damage="d8"), Situation(), RandomDice(rng)).defender
                assert codec.carry_npc_state(sheet, fresh) == sheet, definition.id
                for other in others:
                    carried = codec.carry_npc_state(sheet, other)
                    assert codec.sheet_from_data(codec.sheet_to_data(carried)) == carried
                    assert codec.condition(carried) == codec.condition(sheet), (definition.id, other)
                    checked += 1
    assert checked >= 300
