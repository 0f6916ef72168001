"""What Inform and TADS let an author write, written here (docs/authoring.md §4, §15): containers
with contents that open, close and lock; the author's own verbs; conditions on what is not carried,
what is in or on a thing, an NPC down; "put X on Y" as a pair; a way only a trigger opens; the end
of a run, final until the player plays on.  ``tests/data/belfry`` uses them all."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from game.authoring.transcript import run_all
from game.authoring.warnings import check_warnings
from game.cli import main
from game.engine import Engine
from game.rules.registry import SYSTEM_IDS, get_system
from game.world.conditions import holds
from game.world.content import When
from game.world.loader import load_adventure
from tests.conftest import DATA, play
from tests.test_loader import BASE, problems_of, write

BELFRY = DATA / "belfry"


@pytest.fixture
def belfry() -> Engine:
    return Engine.new_game(load_adventure(BELFRY), get_system("bind"), 1)


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_the_belfry_walkthrough_passes_under_every_system(system_id: str) -> None:
    outcome = run_all(load_adventure(BELFRY), BELFRY, system=system_id)
    assert outcome.failures == [], outcome.failures


def test_the_belfry_is_clean_for_check(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(BELFRY)]) == 0
    assert capsys.readouterr().out.strip() == f"OK: {BELFRY}"


def test_a_shut_container_hides_its_contents_until_opened(belfry: Engine) -> None:
    assert play(belfry, "take key")[0].startswith("You see no")
    assert play(belfry, "put candle in coffer")[-1] == "The oak coffer is closed."
    play(belfry, "open coffer", "take key")
    assert belfry.world.place_of("iron-key") == "player"


def test_a_locked_container_needs_its_key(belfry: Engine) -> None:
    play(belfry, "n")
    assert play(belfry, "open chest") == ["The iron-bound chest is locked."]
    assert play(belfry, "take relic")[0].startswith("You see no")
    belfry.world.move_item("iron-key", "player")
    assert play(belfry, "unlock chest") == ["You unlock the iron-bound chest with the iron key."]
    assert play(belfry, "lock chest with key") == ["You lock the iron-bound chest with the iron key."]
    play(belfry, "undo")
    assert play(belfry, "open chest")[0] == "You open the iron-bound chest, revealing a silver reliquary."


def test_a_pair_trigger_answers_its_pair_only(belfry: Engine) -> None:
    world = belfry.world
    play(belfry, "n")
    world.move_item("relic", "player")
    world.move_item("coffer", "room:nave")
    play(belfry, "open coffer")
    assert "set the reliquary" not in " ".join(play(belfry, "put relic in coffer"))
    assert belfry.state.status == "playing"
    lines = play(belfry, "take relic", "put relic on altar")
    assert lines[0] == "You set the reliquary on the altar, and step back."
    assert belfry.state.status == "won"


def test_the_end_is_final_until_undo_or_play_on(belfry: Engine) -> None:
    belfry.world.state.room = "nave"
    belfry.world.move_item("relic", "player")
    play(belfry, "put relic on altar")
    for command in ("look", "read relic", "inventory", "put relic on altar", "n"):
        assert play(belfry, command)[0].startswith("You have won. Would you like to RESTART"), command
    assert "PLAY ON" in play(belfry, "look")[0]
    lines = play(belfry, "play on")
    assert lines[0].startswith("You play on") and any("Candles burn" in line for line in lines)
    play(belfry, "take relic", "put relic on altar")
    assert belfry.state.status == "playing"  # won once: the trigger does not end it again
    assert holds(belfry.world, When(goal_reached=True))


def test_the_cloak_once_won_is_not_won_again() -> None:
    from game.paths import bundled_root
    from game.world.loader import find_adventure

    cloak = Engine.new_game(load_adventure(find_adventure("cloak-of-darkness", bundled_root())), get_system("vaarn"), 1)
    play(cloak, "w", "hang cloak on hook", "e", "s", "read message")
    assert cloak.state.status == "won"
    lines = play(cloak, "read message")
    assert lines == [cloak._ended_line()] and "PLAY ON" not in lines[0]  # nothing to show after this win
    assert play(cloak, "play on") == lines


def test_a_trigger_on_a_word_of_a_verb_and_the_authors_verbs(belfry: Engine) -> None:
    play(belfry, "u")
    assert play(belfry, "turn rope") == ["Nothing obvious happens."]  # pull, not every word of shove
    assert "crypt slab swings open" in play(belfry, "yank rope")[0]
    assert belfry.world.exit_open("nave", belfry.adventure.rooms["nave"].exits["down"])
    assert play(belfry, "ring rope") == ["Nothing obvious happens."]
    assert play(belfry, "ring chest")[0].startswith("You see no")  # a thing of another room


def test_attacking_a_thing_is_not_seeing_nothing(belfry: Engine) -> None:
    play(belfry, "u", "x bell")
    assert "You see no" not in play(belfry, "attack bell")[0]
    assert play(belfry, "attack it") == ["You can't attack the bell."]


def test_conditions_not_carrying_item_in_and_npc_down(belfry: Engine, monkeypatch: pytest.MonkeyPatch) -> None:
    world = belfry.world
    assert holds(world, When(not_carrying=("candle",), item_here=("candle",)))  # on the tray in the vestry
    play(belfry, "take candle")
    assert not holds(world, When(not_carrying=("candle",)))
    world.move_item("relic", "in:nave/altar")
    assert holds(world, When(item_in={"relic": "altar"}))
    assert holds(world, When(item_here=("relic",)), room_id="nave")
    monkeypatch.setattr(type(world), "npc_condition", lambda self, npc_id: "down")
    assert holds(world, When(npc_down=("sexton",)))


def _problems(tmp_path: Path, extra: str) -> list[str]:
    return problems_of(tmp_path, BASE + extra)


def test_check_holds_containers_to_their_kind_and_their_keys(tmp_path: Path) -> None:
    found = _problems(tmp_path, '''
[items.box]
name = "box"
kind = "tool"
contents = ["knife"]
closed = true

[items.chest]
name = "chest"
kind = "container"
locked_by = "chest-key"
contents = ["chest-key"]

[items.chest-key]
name = "chest key"
''')
    text = "\n".join(found)
    assert "items.box.contents: only a container or supporter has contents" in text
    assert "items.box.closed: only a container has closed" in text
    assert "the key 'chest-key' is locked inside what it opens" in text
    assert "item 'knife' is already placed in player.items" in text


def test_a_way_no_trigger_opens_is_an_error_and_one_a_trigger_opens_is_not(tmp_path: Path) -> None:
    shut = BASE.replace('exits = { north = "road" }', 'exits = { north = { to = "road", locked = true } }')
    found = problems_of(tmp_path, shut)
    assert any("rooms.camp.exits.north.locked: locked with no key and no force check" in line for line in found)
    opened = shut + '[[triggers]]\non = "action"\nverb = "pull"\nthing = "knife"\nopen = "camp/north"\n'
    assert problems_of(tmp_path, opened, name="b") == []
    never = BASE + '[[triggers]]\non = "enter"\nopen = "camp/north"\n'
    assert any("the way north from camp is never shut" in line
               for line in problems_of(tmp_path, never, name="c"))


def test_check_names_an_authors_verb_that_means_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = write(tmp_path, {"adventure.toml": BASE + '[verbs]\nring = "rnig"\ntake = "ring"\ntoll = "shove"\n'})
    assert main(["check", str(folder)]) == 1
    out = capsys.readouterr().out
    assert "verbs.ring: no verb 'rnig' (did you mean ring?)" not in out  # ring is no verb of its own here
    assert "verbs.ring: no verb 'rnig'" in out
    assert "verbs.take: 'take' is already the game's word for take" in out
    assert "toll" not in out


def test_check_follows_triggers_and_containers_in_its_walk(tmp_path: Path) -> None:
    folder = tmp_path / "belfry"
    shutil.copytree(BELFRY, folder)
    assert check_warnings(folder) == []
    text = (folder / "adventure.toml").read_text(encoding="utf-8")
    (folder / "adventure.toml").write_text(text.replace('room = "belfry"\nopen', 'room = "crypt"\nopen'),
                                           encoding="utf-8")
    warnings = "\n".join(check_warnings(folder))
    assert "room 'crypt' can only be reached through a locked way" in warnings
    assert "the way down from 'nave' is shut until triggers[2] opens it, and no trigger that can fire does" in warnings
