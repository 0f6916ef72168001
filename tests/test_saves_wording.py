"""What a refused or rescued load tells the player: plain words, said once and in order, and what to do."""
from __future__ import annotations

from pathlib import Path

from game.engine import Engine
from tests.conftest import play


def _saved(engine: Engine, tmp_path: Path, slot: str) -> Path:
    play(engine, f"save {slot}")
    return tmp_path / "tiny" / f"{slot}.toml"


def test_a_slot_of_bytes_that_are_not_utf8_is_refused_in_plain_words(engine: Engine, tmp_path: Path) -> None:
    _saved(engine, tmp_path, "good")
    (tmp_path / "tiny" / "bin.toml").write_bytes(b"\xff\xfe abc")
    lines = play(engine, "load bin")
    assert lines == ["Not loaded: bin.toml is not a save: its bytes are not UTF-8 text. It has no backup; saves lists "
                     "the other slots, to load one of them instead.", "The game goes on as it was."]


def test_a_save_without_its_checksum_line_says_the_checksum_is_missing(engine: Engine, tmp_path: Path) -> None:
    path = _saved(engine, tmp_path, "nock")
    path.write_text("".join(line for line in path.read_text().splitlines(keepends=True)
                            if not line.startswith("checksum")))
    assert play(engine, "load nock")[0] == ("Not loaded: nock.toml has no checksum line, so it cannot be told from a "
                                            "damaged file. It has no backup, and there is no other save to load.")


def test_a_save_edited_by_hand_says_what_the_player_can_do(engine: Engine, tmp_path: Path) -> None:
    play(engine, "wait")
    path = _saved(engine, tmp_path, "edited")
    _saved(engine, tmp_path, "other")
    path.write_text(path.read_text().replace("turn = 1\n", "turn = 2\n"))
    assert play(engine, "load edited")[0] == (
        "Not loaded: edited.toml was changed since the game wrote it, by hand or by damage: its checksum does not "
        "match. It has no backup; saves lists the other slots, to load one of them instead.")


def test_a_save_edited_by_hand_with_a_backup_loads_the_backup_and_says_so_once(engine: Engine, tmp_path: Path) -> None:
    path = _saved(engine, tmp_path, "edited")
    backup = engine.state.copy()
    play(engine, "wait", "save edited")
    path.write_text(path.read_text().replace("turn = 1\n", "turn = 5\n"))
    lines = play(engine, "load edited")
    assert lines[0] == ("edited.toml was changed since the game wrote it, by hand or by damage: its checksum does not "
                        "match. Loaded its backup instead (the save before its last one).")
    assert not any(line.startswith("Loaded slot") for line in lines)
    assert engine.state.copy() == backup


def test_a_save_whose_backup_is_damaged_too_names_both(engine: Engine, tmp_path: Path) -> None:
    path = _saved(engine, tmp_path, "both")
    play(engine, "wait", "save both")
    path.write_bytes(path.read_bytes()[:200])
    path.with_name("both.toml.bak").write_bytes(b"\xff")
    assert play(engine, "load both")[0] == (
        "Not loaded: both.toml is damaged: it stops part-way, as if cut short; nor can its backup be loaded: "
        "both.toml.bak is not a save: its bytes are not UTF-8 text")


def test_loading_a_backup_on_purpose_says_it_once(engine: Engine, tmp_path: Path) -> None:
    _saved(engine, tmp_path, "s")
    play(engine, "wait", "save s")
    lines = play(engine, "load s backup")
    assert lines[:2] == ['Loaded the backup of slot "s" (the save before its last one).', ""]


def test_a_slot_name_with_dots_is_quoted_as_typed(engine: Engine) -> None:
    assert play(engine, "load ../../etc/passwd")[0] == (
        'Not loaded: "../../etc/passwd" is not a slot name: use up to 32 letters, digits, - or _, starting with a '
        'letter or digit')
    assert play(engine, "save ../x")[0].startswith('Not saved: "../x" is not a slot name')
    assert play(engine, 'save "quoted"')[0].startswith('Saved to slot "quoted"'), "quotes around a name still work"
