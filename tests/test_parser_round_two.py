"""The parser, round two, from the player's side: answers read as answers, the game's own words
known, the verbs players expect, text that follows the world, arguments that keep their case."""
from __future__ import annotations

from pathlib import Path

import pytest

from game.engine import Engine
from game.rules.registry import get_system
from game.saves import SaveStore
from game.world.content import Adventure
from game.world.loader import load_adventure

CONTENT = Path(__file__).parent.parent / "content"


@pytest.fixture(scope="module")
def oasis() -> Adventure:
    return load_adventure(CONTENT / "glass-oasis")


def oasis_game(oasis: Adventure, tmp_path: Path, system: str = "vaarn", *, room: str = "",
               carrying: tuple[str, ...] = ()) -> Engine:
    game = Engine.new_game(oasis, get_system(system), 1, saves=SaveStore(tmp_path, oasis))
    if room:
        game.state.room = room
        game.state.visited.add(room)
    for item_id in carrying:
        game.state.item_moves[item_id] = "player"
    return game


@pytest.fixture
def game(oasis: Adventure, tmp_path: Path) -> Engine:
    return oasis_game(oasis, tmp_path)


def said(game: Engine, command: str) -> str:
    """What one command prints, as one text."""
    report = game.submit(command)
    return "\n".join(report.lines + report.aside)


# -- 1. an answer is an answer ---------------------------------------------------------------

def test_whom_is_answered_by_a_name_even_one_that_is_no_verb(oasis: Adventure, tmp_path: Path) -> None:
    game = oasis_game(oasis, tmp_path, room="heart-vault", carrying=("storm-glass",))
    assert said(game, "use bottle") == "Use the crackling blue bottle on whom?"
    answer = said(game, "sentinel")
    assert "not as a verb" not in answer and "sentinel" in answer.lower()
    assert game.state.log[-1] == "use bottle on sentinel"
    game.submit("undo")
    game.submit("use bottle")
    assert "not as a verb" not in said(game, "the brass sentinel")


@pytest.mark.parametrize("verb, reply", [("x", "Grey ash"), ("take", "hardly portable")])
def test_what_is_answered_by_a_noun_that_is_also_a_verb(game: Engine, verb: str, reply: str) -> None:
    assert said(game, verb).startswith("What do you want to")
    answer = said(game, "fire")
    assert reply in answer and "attack" not in answer


def test_which_is_answered_by_a_noun_even_one_close_to_a_verb(oasis: Adventure, tmp_path: Path) -> None:
    game = oasis_game(oasis, tmp_path, carrying=("glass-lance", "truthseer-lens"))
    game.state.identified.add("truthseer-lens")
    assert said(game, "x glass").startswith("Which do you mean")
    answer = said(game, "heart")
    assert answer == "You see no heart here.", "the answer names what to examine; never taken as \"hear\""
    assert game.last_typed == "examine heart"
    game.submit("x glass")
    game.submit("the lens")
    assert game.last_typed == "examine lens glass"


def test_a_direction_is_still_a_new_command_when_it_names_nothing(game: Engine) -> None:
    game.submit("x")
    assert said(game, "e").startswith("Bone Orchard")


def test_a_yes_no_question_inside_a_line_stops_the_line(oasis: Adventure, tmp_path: Path) -> None:
    game = oasis_game(oasis, tmp_path, carrying=("knife",))
    lines = game.submit("drop knife, skin. n").lines
    assert lines[-1].endswith("Drop anyway? (yes/no)")
    assert "(The rest of the line waits: \"n\" is not done.)" in lines
    assert game.state.room == "dune-camp" and game.asking is not None


def test_pronouns_survive_a_question(game: Engine) -> None:
    game.submit("drop knife, skin")
    lines = game.submit("take them").lines
    assert lines[0] == "(Taking that as \"no\".)"
    assert "Taken: the bone-handled knife." in lines
    assert not any("refers to" in line for line in lines)
    assert game.world.place_of("knife") == "player" and game.world.place_of("waterskin") == "player"


def test_undo_after_a_line_takes_back_the_whole_line(game: Engine) -> None:
    game.submit("e. n")
    assert game.state.room == "sunken-well"
    reply = said(game, "undo")
    assert "last line of commands (2 turns) is undone" in reply
    assert game.state.room == "dune-camp" and game.state.log == []
    game.submit("e")
    assert "Your last turn is undone" in said(game, "undo")


@pytest.mark.parametrize("typo, meant", [("nroth", "north"), ("tkae knife", "take"), ("wiat", "wait"),
                                         ("x knfie", "knife")])
def test_one_typo_policy_for_every_word_ask_then_yes(game: Engine, typo: str, meant: str) -> None:
    reply = said(game, typo)
    assert reply.startswith("I don't know the word") and f"Did you mean \"{meant}\"?" in reply
    assert game.state.turn == 0, "nothing is done on a guess"
    assert "(taking" not in said(game, "yes")


# -- 5. arguments keep their case; the transcript holds each command once ------------------------

def test_a_transcript_file_keeps_its_case(game: Engine, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    assert "Games/Oasis.txt" in said(game, "transcript on ~/Games/Oasis.txt")
    game.submit("transcript off")
    assert (tmp_path / "Games" / "Oasis.txt").exists() and not (tmp_path / "games").exists()


def test_the_transcript_records_again_and_oops_once(game: Engine, tmp_path: Path) -> None:
    path = tmp_path / "Run.txt"
    for command in (f"transcript on {path}", "x knife", "again", "x knfie", "oops knife", "transcript off"):
        game.submit(command)
    text = path.read_text()
    assert text.count("> again") == 1 and text.count("> oops knife") == 1
    assert text.count("> x knife") == 1 and text.count("A short curved knife") == 3


def test_an_oracle_question_and_a_slot_keep_their_case(game: Engine) -> None:
    assert "[oracle: Is Tamsin lying?]" in said(game, "oracle Is Tamsin lying?")
    assert "\"Vault\"" in said(game, "save Vault")
