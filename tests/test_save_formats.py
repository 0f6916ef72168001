"""Every save format ever written loads, for good, and plays on."""
from __future__ import annotations

import shutil
import tomllib
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import tomli_w

from game.engine import Engine
from game.paths import bundled_root
from game.rules.registry import get_system
from game.saves import AUTOSAVE, FORMAT_VERSION, SaveStore, checksum
from game.world.content import Adventure
from game.world.loader import find_adventure, load_adventure
from game.world.state import NpcState
from tests.conftest import play

V1 = Path(__file__).parent / "fixtures" / "saves_v1" / "glass-oasis"
V2 = Path(__file__).parent / "fixtures" / "saves_v2" / "glass-oasis"
V3 = Path(__file__).parent / "fixtures" / "saves_v3" / "glass-oasis"
SYSTEMS = {"vaarn": "vaarn", "open": "open_adventures", "oa": "open_adventures", "opend6": "opend6",
           "bind": "bind", "maelstrom": "maelstrom"}


def system_of(slot: str) -> str:
    return SYSTEMS[slot.split("-")[0].split("_")[0]]


@pytest.fixture(scope="module")
def glass_oasis() -> Adventure:
    return load_adventure(find_adventure("glass-oasis", bundled_root()))


@pytest.mark.parametrize("path", sorted(V1.glob("*.toml")), ids=lambda p: p.stem)
def test_a_format_1_save_loads_and_plays_on(path: Path, glass_oasis: Adventure, tmp_path: Path) -> None:
    folder = tmp_path / "glass-oasis"
    folder.mkdir()
    shutil.copy(path, folder / path.name)
    store = SaveStore(tmp_path, glass_oasis)
    system_id = system_of(path.stem)
    state, _notes = store.load(path.stem)
    assert state.system == system_id
    engine = Engine(glass_oasis, get_system(system_id, glass_oasis.rules.get(system_id, {})), state, saves=store)
    assert engine.submit("look").lines
    before = engine.state.turn
    engine.submit("wait")
    if engine.state.status == "playing" and engine.asking is None:
        assert engine.state.turn == before + 1


@pytest.mark.parametrize("path", sorted(V1.glob("*.toml")), ids=lambda p: p.stem)
def test_a_format_1_save_is_announced_once_and_saved_again_in_the_current_format(path: Path, glass_oasis: Adventure,
                                                                       tmp_path: Path) -> None:
    folder = tmp_path / "glass-oasis"
    folder.mkdir()
    shutil.copy(path, folder / path.name)
    store = SaveStore(tmp_path, glass_oasis)
    state, notes = store.load(path.stem)
    assert any("save format 1" in note for note in notes)
    store.save("again", state)
    assert f"format = {FORMAT_VERSION}" in (folder / "again.toml").read_text()
    again, notes = store.load("again")
    assert again == state and not any("save format" in note for note in notes)


# -- format 3: what changed, in shapes that load fast --------------------------------------------

SAVED_FORMATS = {1: V1, 2: V2, 3: V3}


@pytest.mark.parametrize("path", sorted(V2.glob("*.toml")) + sorted(V3.glob("*.toml")),
                         ids=lambda p: f"{p.parent.parent.name}/{p.stem}")
def test_a_format_2_or_3_save_loads_and_plays_on(path: Path, glass_oasis: Adventure, tmp_path: Path) -> None:
    folder = tmp_path / "glass-oasis"
    folder.mkdir()
    shutil.copy(path, folder / path.name)
    store = SaveStore(tmp_path, glass_oasis)
    state, notes = store.load(path.stem)
    written_in = 2 if path.parent == V2 else 3
    assert [n for n in notes if "save format" in n] == ([] if written_in == FORMAT_VERSION else [
        f"This save was written by an earlier Wayfarer (save format {written_in}); it plays on as it was, "
        f"and is written in format {FORMAT_VERSION} from the next save."])
    system_id = system_of(path.stem)
    engine = Engine(glass_oasis, get_system(system_id, glass_oasis.rules.get(system_id, {})), state, saves=store)
    assert engine.submit("look").lines
    store.save("again", state)
    again, notes = store.load("again")
    assert again == state and not any("save format" in note for note in notes)


@pytest.mark.parametrize("slot", sorted(p.stem for p in V3.glob("*.toml")))
def test_the_same_runs_in_format_2_and_3_load_equal(slot: str, glass_oasis: Adventure) -> None:
    older, _ = SaveStore(V2.parent, glass_oasis).load(slot)
    newer, _ = SaveStore(V3.parent, glass_oasis).load(slot)
    assert older == newer


def _section(text: str, npc_id: str) -> str:
    """The line or table an NPC has in a save's ``[state.npcs]``."""
    for line in text.splitlines():
        if line.startswith(f"{npc_id} = ") or line.startswith(f"[state.npcs.{npc_id}"):
            return line
    return ""


def test_an_npc_met_and_unchanged_is_written_as_nothing_and_loads_back_equal(engine: Engine, tmp_path: Path) -> None:
    engine.world.npc_state("hermit")  # met: the content's NPC as it is
    play(engine, "save s")
    text = (tmp_path / "tiny" / "s.toml").read_text()
    assert _section(text, "hermit") == "hermit = {}"
    assert "[state.npcs.hermit" not in text
    state, _ = SaveStore(tmp_path, engine.adventure).load("s")
    assert state == engine.state and state.npcs["hermit"] == engine.state.npcs["hermit"]


def test_an_npc_whose_flags_and_texts_changed_writes_only_those(engine: Engine, tmp_path: Path) -> None:
    npc = engine.world.npc_state("hermit")
    npc.sheet = replace(npc.sheet, met=True, reaction="talkative", mood='says "hello", \\o/ — ünïcode')
    npc.disposition, npc.memory = "friendly", frozenset({"spared", "a\ttab"})
    play(engine, "save s")
    text = (tmp_path / "tiny" / "s.toml").read_text()
    line = _section(text, "hermit")
    assert line == ('hermit = {disposition = "friendly", memory = ["a\\ttab", "spared"], sheet_changes = {met = true, '
                    'reaction = "talkative", mood = "says \\"hello\\", \\\\o/ — ünïcode"}}')
    fingerprint = engine.saves.fingerprints.of("vaarn", "hermit") if engine.saves else ""
    assert f'\n[state.fingerprints]\n{fingerprint} = ["hermit"]\n' in text
    state, _ = SaveStore(tmp_path, engine.adventure).load("s")
    assert state == engine.state


def test_an_npc_whose_numbers_changed_writes_its_whole_sheet(engine: Engine, tmp_path: Path) -> None:
    npc = engine.world.npc_state("raider")
    npc.sheet = replace(npc.sheet, hp=npc.sheet.hp - 1, foe=True)
    npc.room = "vault"  # not its home
    play(engine, "save s")
    text = (tmp_path / "tiny" / "s.toml").read_text()
    assert _section(text, "raider") == "[state.npcs.raider]"
    assert 'room = "vault"' in text.partition("[state.npcs.raider]")[2]
    state, _ = SaveStore(tmp_path, engine.adventure).load("s")
    assert state == engine.state


def test_items_moved_and_the_log_are_lines(engine: Engine, tmp_path: Path) -> None:
    play(engine, "take stone", "wait", "save s")
    text = (tmp_path / "tiny" / "s.toml").read_text()
    assert "item_moves = '''\nstone player\n'''" in text
    assert "log = '''\ntake stone\nwait\n'''" in text
    state, _ = SaveStore(tmp_path, engine.adventure).load("s")
    assert state == engine.state


@pytest.mark.parametrize("command", ["say '''hi'''", "x\x01y", "a\nb", "tab\there", "back\\slash 'quoted'"])
def test_a_log_a_literal_string_cannot_hold_is_written_as_an_array(engine: Engine, tmp_path: Path,
                                                                     command: str) -> None:
    play(engine, "wait")
    engine.state.log.append(command)
    store = SaveStore(tmp_path, engine.adventure)
    store.save("s", engine.state)
    text = (tmp_path / "tiny" / "s.toml").read_text()
    as_lines = "\n" not in command and "\x01" not in command and "'''" not in command
    assert ("log = '''" in text) == as_lines and ("log = [" in text) != as_lines
    state, _ = store.load("s")
    assert state.log == ["wait", command] and state == engine.state


def _hand_edited(engine: Engine, tmp_path: Path, edit: Any) -> list[str]:
    """Save, edit the [state] table as data, reseal its checksum (an edit by someone who knows the format), load."""
    play(engine, "save s")
    path = tmp_path / "tiny" / "s.toml"
    document = tomllib.loads(path.read_text())
    edit(document["state"])
    document["save"]["checksum"] = checksum(document["state"])
    path.write_text(tomli_w.dumps(document))
    (tmp_path / "tiny" / "s.toml.bak").unlink(missing_ok=True)
    return play(engine, "load s")


@pytest.mark.parametrize("edit, reason", [
    (lambda s: s["npcs"]["hermit"].update(sheet_changes={"met": "yes"}),
     "s.toml is damaged: the sheet of npc hermit is not one vaarn can read"),
    (lambda s: s["npcs"]["hermit"].update(sheet_changes={"hp": 10**7}),
     "s.toml is damaged: the sheet of npc hermit has hp = 10000000, beyond any rule system's numbers"),
    (lambda s: s["npcs"]["hermit"].update(sheet_changes=3), "s.toml is damaged: npcs.hermit.sheet_changes should be a table"),
    (lambda s: s["npcs"]["hermit"].update(room=5), "s.toml is damaged: npcs.hermit.room should be a text"),
    (lambda s: s["npcs"]["hermit"].update(sheet={"met": True}),
     "s.toml is damaged: npcs.hermit has both a sheet and sheet_changes"),
    (lambda s: s["npcs"].update(ghost={}), "s.toml names what this adventure does not have: npc ghost"),
    (lambda s: s["npcs"].update(hermit=[]), "s.toml is damaged: npcs.hermit should be a table"),
    (lambda s: s["fingerprints"].update(abc=["ghost"]),
     "s.toml is damaged: fingerprints name npc ghost twice, or one the save has not met"),
    (lambda s: s["fingerprints"].update(abc=["hermit"]),
     "s.toml is damaged: fingerprints name npc hermit twice, or one the save has not met"),
    (lambda s: s["fingerprints"].update(abc="hermit"), "s.toml is damaged: fingerprints.abc should be a list of texts"),
    (lambda s: s.update(fingerprints=3), "s.toml is damaged: fingerprints should be a table"),
])
def test_a_bad_npc_entry_is_refused_with_one_line(engine: Engine, tmp_path: Path, edit: Any, reason: str) -> None:
    npc = engine.world.npc_state("hermit")
    npc.sheet = replace(npc.sheet, met=True)
    live = engine.state.copy()
    lines = _hand_edited(engine, tmp_path, edit)
    assert len(lines) == 2 and lines[0].startswith(f"Not loaded: {reason}") and lines[1] == "The game goes on as it was."
    assert engine.state.copy() == live


def test_an_npc_entry_emptied_by_hand_takes_the_content(engine: Engine, tmp_path: Path) -> None:
    npc = engine.world.npc_state("hermit")
    npc.sheet, npc.disposition = replace(npc.sheet, met=True), "friendly"
    lines = _hand_edited(engine, tmp_path, lambda state: state["npcs"].update(hermit={}))
    assert lines[0] == 'Loaded slot "s".'
    fresh = engine.world.npc_sheet(engine.world.npc("hermit"))
    assert engine.state.npcs["hermit"] == NpcState(room="well", sheet=fresh, disposition="neutral")


def test_undo_and_the_autosave_go_on_from_a_format_3_load(engine: Engine, tmp_path: Path) -> None:
    play(engine, "take stone", "n")
    engine.world.npc_state("hermit")
    play(engine, "wait", "save s", "wait", "load s")
    loaded = engine.state.copy()
    play(engine, "drop stone")
    play(engine, "undo")
    assert engine.state.copy() == loaded
    assert engine.saves is not None
    engine.saves.autosave(engine.state)
    autosaved, _ = SaveStore(tmp_path, engine.adventure).load(AUTOSAVE)
    assert autosaved == engine.state


@pytest.mark.parametrize("path", sorted(V2.glob("*.toml")), ids=lambda p: p.stem)
def test_what_a_save_writes_reads_back_as_the_data_it_was_written_from(path: Path, glass_oasis: Adventure) -> None:
    """``_verify`` checks the document a save's bytes were written from, not a parse of them: they must agree."""
    store = SaveStore(V2.parent, glass_oasis)
    state, _ = store.load(path.stem)
    state.log += ["say '''quoted'''", "tab\there", "ünï — \\ \" '"]
    state.npcs[sorted(state.npcs)[0]].memory = frozenset({"a\x01b", 'q"uote', "back\\slash", "ünï", ""})
    payload, document = store._encoded(state)
    assert tomllib.loads(payload.decode()) == document
