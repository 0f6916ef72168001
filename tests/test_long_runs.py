"""What keeps a command's cost flat over a long run and many NPCs met (issue 18): NPC states shared
copy-on-write between undo snapshots, the index of changed NPCs by room, and the bounded dice log."""
from __future__ import annotations

import pytest

from game import dicelog
from game.engine import Engine
from game.events import RollResult
from game.rules.registry import get_system
from game.world.state import WorldState
from tests.conftest import play


def test_a_copy_shares_the_npc_states_until_one_side_changes_one(engine: Engine) -> None:
    world = engine.world
    world.npc_state("hermit").disposition = "wary"
    snapshot = world.state.copy()
    assert snapshot.npcs["hermit"] is world.state.npcs["hermit"]  # shared: a copy costs no NPC copies
    world.npc_state("hermit").disposition = "hostile"
    world.move_npc("hermit", "camp")
    assert (snapshot.npcs["hermit"].disposition, snapshot.npcs["hermit"].room) == ("wary", "well")
    assert (world.state.npcs["hermit"].disposition, world.state.npcs["hermit"].room) == ("hostile", "camp")


def test_undo_puts_back_an_npc_changed_after_many_snapshots(engine: Engine) -> None:
    play(engine, "n")
    engine.world.npc_state("hermit").disposition = "friendly"
    play(engine, "wait", "wait")
    engine.world.npc_state("hermit").disposition = "hostile"
    play(engine, "wait")
    engine.undo()
    engine.undo()
    assert engine.state.npcs["hermit"].disposition == "friendly"


def test_the_npcs_in_a_room_follow_moves_undo_and_loads(engine: Engine) -> None:
    world = engine.world
    assert world.npcs_in("well") == ["raider", "hermit"]
    play(engine, "wait")
    world.move_npc("hermit", "camp")
    assert world.npcs_in("camp") == ["hermit"] and world.npcs_in("well") == ["raider"]
    moved = engine.state.to_data(engine.system)
    world.npc_state("raider").room = "cellar"  # set on the state handed out, as tests do
    assert world.npcs_in("cellar") == ["raider"] and world.npcs_in("well") == []
    play(engine, "wait")
    world.move_npc("raider", "vault")
    engine.undo()
    assert world.npcs_in("cellar") == ["raider"] and world.npcs_in("vault") == []
    engine.undo()
    assert world.npcs_in("well") == ["raider", "hermit"] and world.npcs_in("camp") == []
    engine.load_state(WorldState.from_data(moved, engine.system))
    assert world.npcs_in("camp") == ["hermit"] and world.npcs_in("well") == ["raider"]


def test_a_refused_command_keeps_the_npc_index(engine: Engine) -> None:
    world = engine.world
    world.move_npc("hermit", "camp")
    assert play(engine, "e") == ["The way east is locked."]
    assert world.npcs_in("camp") == ["hermit"]


def _roll(turn: int) -> tuple[int, str, RollResult]:
    return (turn, f"roll {turn}", RollResult("vaarn", (turn,), "success", {}, f"{turn}", "rule"))


def test_the_dice_log_keeps_the_recent_rolls_and_counts_them_all(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dicelog, "KEEP", 3)
    log = dicelog.DiceLog()
    for turn in range(1, 11):
        log.append(_roll(turn))
    assert log.total == 10 and 3 <= len(log) < 6 and log[-1] == _roll(10)
    assert [t for t, _, _ in log] == list(range(11 - len(log), 11))
    log.cut_to(9)  # a command taken back by the safety net
    assert log.total == 9 and log[-1] == _roll(9)
    log.clear()
    assert log == [] and log.total == 0


def test_dice_names_how_many_rolls_the_session_made_once_older_ones_are_dropped(
        engine: Engine, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dicelog, "KEEP", 2)
    for number in range(5):
        play(engine, f"oracle is it day {number}?")
    lines = play(engine, "dice")
    assert lines[0].startswith("The last ") and "of this session's 5 rolls" in lines[0]
    assert len(lines) - 1 == len(engine.dice_log) < 5


def test_a_new_run_forgets_the_counted_rolls(engine: Engine, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dicelog, "KEEP", 2)
    for number in range(5):
        play(engine, f"oracle is it day {number}?")
    engine.restart()
    assert engine.dice_log.total == 0


def test_npc_states_of_a_fresh_engine_are_its_own(tiny) -> None:  # type: ignore[no-untyped-def]
    engine = Engine.new_game(tiny, get_system("vaarn"), 3)
    state = engine.world.npc_state("hermit")
    assert engine.world.npc_state("hermit") is state  # owned: handed out again without a copy


def test_the_autosave_keeps_the_log_it_was_handed_when_undo_cuts_the_shared_log(engine: Engine) -> None:
    store = engine.saves
    assert store is not None
    play(engine, "wait", "wait", "wait")
    handed = list(engine.state.log)
    store._queued = (engine.state.copy(share_log=True), len(engine.state.log), [])  # handed in, not yet taken
    engine.undo()
    engine.undo()
    play(engine, "n")
    store._write_queued()  # the writer's loop, here in this thread
    assert store.load("autosave")[0].log == handed


@pytest.mark.parametrize("system_id", ["open_adventures", "vaarn", "opend6", "bind", "maelstrom"])
def test_what_save_verifies_is_what_the_file_reads_back_as(tiny, tmp_path, system_id: str) -> None:  # type: ignore[no-untyped-def]
    """``save`` checks the document it encodes instead of parsing the file: the file must parse to it."""
    import tomllib

    from game.saves import SaveStore

    store = SaveStore(tmp_path, tiny)
    engine = Engine.new_game(tiny, get_system(system_id), 5, saves=store)
    play(engine, "take stone", "n", "attack raider", "s", "wait")
    engine.world.npc_state("hermit").memory = frozenset({"met", "spared"})
    engine.state.log.extend(['say "hi"', "back\\slash", "del \x7f", "tab\there", "ünïcödé ☃", "line\u2028sep", "'q'"])
    payload, document = store._encoded(engine.state)
    assert tomllib.loads(payload.decode()) == document
    store.save("check", engine.state)
    assert store.load("check")[0] == engine.state


def test_a_copy_equals_the_state_and_owns_every_container(engine: Engine) -> None:
    """A field added to WorldState holding a set, dict or list must be copied by WorldState.copy."""
    import dataclasses

    play(engine, "take stone", "n")
    state = engine.state
    copied = state.copy()
    assert copied == state
    for spec in dataclasses.fields(WorldState):
        value = getattr(state, spec.name)
        if isinstance(value, (set, dict, list)):
            assert getattr(copied, spec.name) is not value, spec.name
    assert state.copy(share_log=True).log is state.log
