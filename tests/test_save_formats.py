"""Every save format ever written loads, for good, and plays on."""
from __future__ import annotations

import shutil
import tomllib
from dataclasses import fields, replace
from pathlib import Path
from typing import Any

import pytest
import tomli_w

from game.engine import Engine
from game.paths import bundled_root
from game.rules.registry import get_system
from game.saves import FORMAT_VERSION, SaveStore, checksum
from game.world.content import Adventure
from game.world.loader import find_adventure, load_adventure
from game.world.state import NpcState
from tests.conftest import play

V1 = Path(__file__).parent / "fixtures" / "saves_v1" / "glass-oasis"
V2 = Path(__file__).parent / "fixtures" / "saves_v2" / "glass-oasis"
V3 = Path(__file__).parent / "fixtures" / "saves_v3" / "glass-oasis"
V4 = Path(__file__).parent / "fixtures" / "saves_v4" / "glass-oasis"
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

SAVED_FORMATS = {1: V1, 2: V2, 3: V3, 4: V4}


@pytest.mark.parametrize("path", sorted(V2.glob("*.toml")) + sorted(V3.glob("*.toml")) + sorted(V4.glob("*.toml")),
                         ids=lambda p: f"{p.parent.parent.name}/{p.stem}")
def test_a_format_2_3_or_4_save_loads_and_plays_on(path: Path, glass_oasis: Adventure, tmp_path: Path) -> None:
    folder = tmp_path / "glass-oasis"
    folder.mkdir()
    shutil.copy(path, folder / path.name)
    store = SaveStore(tmp_path, glass_oasis)
    state, notes = store.load(path.stem)
    written_in = next(number for number, where in SAVED_FORMATS.items() if where == path.parent)
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
def test_the_same_runs_in_formats_2_3_and_4_load_equal(slot: str, glass_oasis: Adventure) -> None:
    loaded = [SaveStore(where.parent, glass_oasis).load(slot)[0] for where in (V2, V3, V4)]
    assert loaded[0] == loaded[1] == loaded[2]


def test_the_format_4_fixtures_hold_npc_groups() -> None:
    assert sorted(p.stem for p in V4.glob("*.toml")) == sorted(p.stem for p in V3.glob("*.toml"))
    assert any("[[state.npc_groups]]" in path.read_text() for path in V4.glob("*.toml"))


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
    play(engine, "wait", "save s", "wait", "load s", "yes")
    loaded = engine.state.copy()
    play(engine, "drop stone")
    play(engine, "undo")
    assert engine.state.copy() == loaded
    assert engine.saves is not None
    autosaved = SaveStore(tmp_path, engine.adventure).read(engine.saves.autosave(engine.state))
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


# -- format 4: NPCs alike but for their room, one group of lines -----------------------------

def _met_alike(engine: Engine) -> None:
    """The raider and the hermit (defined alike under Vaarn: tier 1, no stats) met, the raider gone to the vault."""
    for npc_id in ("raider", "hermit"):
        npc = engine.world.npc_state(npc_id)
        npc.sheet = replace(npc.sheet, met=True)
    engine.state.npcs["raider"].room = "vault"


def test_npcs_met_alike_are_one_group_a_line_each(engine: Engine, tmp_path: Path) -> None:
    _met_alike(engine)
    play(engine, "save s")
    text = (tmp_path / "tiny" / "s.toml").read_text()
    fingerprint = engine.saves.fingerprints.of("vaarn", "hermit") if engine.saves else ""
    assert text.endswith(f"\n[state.npcs]\n\n[[state.npc_groups]]\nentry = {{sheet_changes = {{met = true}}}}\n"
                         f"fingerprint = \"{fingerprint}\"\nnpcs = '''\nhermit\nraider vault\n'''\n")
    state, notes = SaveStore(tmp_path, engine.adventure).load("s")
    assert state == engine.state and notes == []
    assert state.npcs["raider"].room == "vault" and state.npcs["hermit"].room == "well"
    assert state.npcs["raider"].sheet is state.npcs["hermit"].sheet  # read once: sheets are immutable
    assert list(state.npcs) == sorted(state.npcs)


def test_npcs_alike_in_all_but_a_field_are_written_apart(engine: Engine, tmp_path: Path) -> None:
    _met_alike(engine)
    engine.state.npcs["hermit"].memory = frozenset({"spared"})
    play(engine, "save s")
    text = (tmp_path / "tiny" / "s.toml").read_text()
    assert "npc_groups" not in text and 'raider = {room = "vault", sheet_changes = {met = true}}' in text
    assert SaveStore(tmp_path, engine.adventure).load("s")[0] == engine.state


def test_an_npc_whose_room_is_not_a_word_is_written_apart(engine: Engine, tmp_path: Path) -> None:
    _met_alike(engine)
    engine.state.npcs["raider"].room = ""  # nowhere: no word on a line could say it
    play(engine, "save s")
    text = (tmp_path / "tiny" / "s.toml").read_text()
    assert "npc_groups" not in text and 'raider = {room = "", sheet_changes = {met = true}}' in text
    assert SaveStore(tmp_path, engine.adventure).load("s")[0] == engine.state


def test_the_group_key_holds_every_field_of_an_npc_state() -> None:
    """``save_format._npc_groups`` groups NPCs by every field but the room, and remembers each NPC by all its
    fields: a new field must join the key of ``_grouped_as`` and the fields ``_npc_groups`` compares."""
    assert [field.name for field in fields(NpcState)] == [
        "room", "sheet", "disposition", "route_index", "haggle_day", "haggle", "memory"]


def test_an_npc_group_edited_alike_loads_as_edited(engine: Engine, tmp_path: Path) -> None:
    _met_alike(engine)

    def edit(state: dict[str, Any]) -> None:
        state["npc_groups"][0]["entry"].update(disposition="friendly", memory=["spared"], route_index=1)
    assert _hand_edited(engine, tmp_path, edit)[0] == 'Loaded slot "s".'
    for npc_id in ("raider", "hermit"):
        npc = engine.state.npcs[npc_id]
        assert (npc.disposition, npc.memory, npc.route_index, npc.sheet.met) == ("friendly", {"spared"}, 1, True)


def _group(edit: Any) -> Any:
    return lambda state: edit(state["npc_groups"][0])


@pytest.mark.parametrize("edit, reason", [
    (_group(lambda g: g["entry"].update(sheet_changes={"met": "yes"})),
     "s.toml is damaged: the sheet of npc hermit is not one vaarn can read"),
    (_group(lambda g: g["entry"].update(sheet_changes={"hp": 10**7})),
     "s.toml is damaged: the sheet of npc hermit has hp = 10000000, beyond any rule system's numbers"),
    (_group(lambda g: g.update(npcs="hermit\nhermit\n")), "s.toml is damaged: npc group 1: npc hermit is written twice"),
    (lambda s: s["npcs"].update(hermit={}), "s.toml is damaged: npc group 1: npc hermit is written twice"),
    (_group(lambda g: g.update(npcs="hermit\nghost\n")), "s.toml names what this adventure does not have: npc ghost"),
    (_group(lambda g: g.update(npcs="hermit vault-of-stars\n")),
     "s.toml names what this adventure does not have: room vault-of-stars"),
    (_group(lambda g: g.update(npcs="hermit a b\n")),
     "s.toml is damaged: npc group 1: npcs has the line 'hermit a b', not an npc and its room"),
    (_group(lambda g: g.update(npcs="\n")), "s.toml is damaged: npc group 1: npcs has the line '', not an npc"),
    (_group(lambda g: g.update(npcs=["hermit"])), "s.toml is damaged: npc group 1: npcs should be a text"),
    (_group(lambda g: g.pop("npcs")), "s.toml is damaged: npc group 1: npcs is missing"),
    (_group(lambda g: g.update(entry=3)), "s.toml is damaged: npc group 1: entry should be a table"),
    (_group(lambda g: g["entry"].update(room="well")), "s.toml is damaged: npc group 1: entry.room is not what NPCs share"),
    (_group(lambda g: g["entry"].update(memory="spared")),
     "s.toml is damaged: npc group 1: entry.memory should be a list of texts"),
    (_group(lambda g: g["entry"].update(haggle="maybe")), "s.toml is damaged: npc group 1: haggle must be one of"),
    (_group(lambda g: g.pop("fingerprint")),
     "s.toml is damaged: npc group 1: a fingerprint goes with sheet_changes, and only with them"),
    (lambda s: s.update(npc_groups=3), "s.toml is damaged: npc_groups should be a list of tables"),
    (lambda s: s.update(npc_groups=[3]), "s.toml is damaged: npc_groups should be a list of tables"),
])
def test_a_bad_npc_group_is_refused_with_one_line(engine: Engine, tmp_path: Path, edit: Any, reason: str) -> None:
    _met_alike(engine)
    live = engine.state.copy()
    lines = _hand_edited(engine, tmp_path, edit)
    assert len(lines) == 2 and lines[0].startswith(f"Not loaded: {reason}") and lines[1] == "The game goes on as it was."
    assert engine.state.copy() == live


def test_a_first_save_turns_sheets_alike_into_data_once(engine: Engine, tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    _met_alike(engine)
    written: list[Any] = []
    system = type(engine.system)
    original = system.sheet_to_data

    def counted(self: Any, sheet: Any) -> dict[str, Any]:
        written.append(sheet)
        return original(self, sheet)
    monkeypatch.setattr(system, "sheet_to_data", counted)
    store = SaveStore(tmp_path, engine.adventure)
    store.save("s", engine.state)
    npcs = engine.state.npcs
    assert (npcs["raider"].sheet is not npcs["hermit"].sheet and npcs["raider"].sheet == npcs["hermit"].sheet
            and sum(sheet is npcs["raider"].sheet or sheet is npcs["hermit"].sheet for sheet in written) == 1)
    assert store.load("s")[0] == engine.state


@pytest.mark.parametrize("change", ["room", "memory", "disposition", "sheet", "haggle", "route_index"])
def test_an_npc_changed_in_place_between_saves_is_written_as_it_is_now(engine: Engine, change: str) -> None:
    """A save remembers how each NPC was grouped by its fields, never by the NpcState (changed in place here)."""
    _met_alike(engine)
    store = engine.saves
    assert store is not None
    store.save("s", engine.state)
    hermit = engine.state.npcs["hermit"]
    if change == "room":
        hermit.room = "vault"
    elif change == "memory":
        hermit.memory = frozenset({"spared"})
    elif change == "disposition":
        hermit.disposition = "friendly"
    elif change == "sheet":
        hermit.sheet = replace(hermit.sheet, reaction="hostile")
    elif change == "haggle":
        hermit.haggle_day, hermit.haggle = 2, "won"
    else:
        hermit.route_index = 1
    store.save("s", engine.state)
    assert store.load("s")[0] == engine.state


def test_saves_after_saves_write_what_a_new_store_writes(engine: Engine, tmp_path: Path) -> None:
    """A store remembers how it wrote the NPCs and the items moved (the very groups and text, when nothing
    changed): whatever changed in place between its saves, each writes what a store saving for the first time does."""
    _met_alike(engine)
    store = engine.saves
    assert store is not None
    hermit = engine.state.npcs["hermit"]
    for step in range(6):
        if step == 2:
            hermit.room = "vault"
        elif step == 3:
            engine.state.item_moves["stone"] = "room:vault"
        elif step == 4:
            hermit.sheet = replace(hermit.sheet, reaction="hostile")
        elif step == 5:
            del engine.state.npcs["raider"]
        written = store.save("s", engine.state).read_text()
        assert written == SaveStore(tmp_path / f"new{step}", engine.adventure).save("s", engine.state).read_text()
        assert store.load("s")[0] == engine.state


def test_a_store_refuses_items_moved_it_did_not_write(engine: Engine, tmp_path: Path) -> None:
    """A store that saved a run still refuses a save naming an item or a place the adventure lacks (the
    text of items moved edited by hand), and loads the one it wrote."""
    play(engine, "take stone", "save s")
    lines = _hand_edited(engine, tmp_path, lambda state: state.update(item_moves=state["item_moves"] + "ghost player\n"))
    assert lines[0].startswith("Not loaded: s.toml names what this adventure does not have: item ghost")
    lines = _hand_edited(engine, tmp_path, lambda state: state.update(item_moves="stone room:nowhere\n"))
    assert lines[0].startswith("Not loaded: s.toml names what this adventure does not have: place room:nowhere")
    assert play(engine, "save s", "load s")[0] == 'Loaded slot "s".'


def test_items_moved_refused_once_are_refused_again(engine: Engine, tmp_path: Path) -> None:
    """The store remembers only a text of items moved it found all there: the same refused text is
    checked, and refused, again."""
    play(engine, "take stone", "save s")
    path = tmp_path / "tiny" / "s.toml"
    _hand_edited(engine, tmp_path, lambda state: state.update(item_moves="ghost player\n"))
    edited = path.read_text()
    for _ in range(2):
        path.write_text(edited)
        assert play(engine, "load s")[0].startswith("Not loaded: s.toml names what this adventure does not have: item")
