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
from tests.conftest import TurnScript

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


# -- 3. verbs players expect ------------------------------------------------------------------

@pytest.fixture
def on_the_road(oasis: Adventure, tmp_path: Path) -> Engine:
    """At the Salt Road with the salt pilgrim (he is there as the player arrives)."""
    game = oasis_game(oasis, tmp_path)
    game.submit("n")
    assert game.world.npcs_in() == ["salt-pilgrim"]
    return game


def test_give_an_amount_of_water_and_food(on_the_road: Engine) -> None:
    game = on_the_road
    assert said(game, "give 1 water to pilgrim") == "The salt pilgrim thanks you warmly for 1 ration of water."
    assert game.state.water == 1
    assert said(game, "give food to pilgrim") == "The salt pilgrim thanks you warmly for 1 ration of food."
    assert game.state.food == 1 and game.world.place_of("waterskin") == "player"


def test_give_water_gives_water_not_the_bottle_and_asks_before_the_last(on_the_road: Engine) -> None:
    game = on_the_road
    game.submit("give 1 water to pilgrim")
    assert said(game, "give water to pilgrim") == "That is the last of your water. Give it anyway? (yes/no)"
    assert said(game, "no") == "You keep your water."
    assert game.state.water == 1 and game.world.place_of("waterskin") == "player"
    assert said(game, "give 3 food to pilgrim") == "You carry only 2 rations of food."


def test_show_rations(on_the_road: Engine) -> None:
    assert said(on_the_road, "show 2 water to pilgrim") == "The salt pilgrim looks at your 2 rations of water, and nods."


def test_ask_about_asks_the_one_person_here(on_the_road: Engine) -> None:
    reply = said(on_the_road, "ask about water")
    assert "does not answer" not in reply and "well by the bone orchard" in reply


def test_ask_about_with_nobody_here(game: Engine) -> None:
    assert said(game, "ask about water") == "There is nobody here to ask."


def test_remove_keeps_the_thing_in_hand_and_worn_and_wielded_are_kept(game: Engine) -> None:
    assert said(game, "wear robe") == "You are already wearing the desert robe.", "set out in it"
    assert said(game, "remove robe") == "You take off the desert robe."
    assert said(game, "wear robe").startswith("You put on the desert robe.")
    assert said(game, "wear robe") == "You are already wearing the desert robe."
    assert said(game, "wield knife").startswith("You ready the bone-handled knife.")
    assert said(game, "wield knife") == "You already hold the bone-handled knife ready."
    inventory = game.submit("i").lines
    assert "  a desert robe (being worn)" in inventory and "  a bone-handled knife (wielded)" in inventory
    assert said(game, "remove robe") == "You take off the desert robe."
    assert game.world.place_of("desert-robes") == "player"
    assert said(game, "remove robe") == "You are not wearing the desert robe."
    game.submit("drop knife")
    assert not any("(wielded)" in line for line in game.submit("i").lines)


def test_worn_and_wielded_survive_a_save(game: Engine) -> None:
    game.submit("wear robe")
    game.submit("wield knife")
    game.submit("save dressed")
    game.submit("remove robe")
    game.submit("load dressed")
    game.submit("yes")  # played on since the save: load asks first
    assert game.state.worn == {"desert-robes"} and game.state.wielded == "knife"


def test_follow_goes_where_the_npc_was_seen_going(on_the_road: Engine) -> None:
    game = on_the_road
    assert said(game, "follow pilgrim") == "The salt pilgrim is right here."
    seen = ""
    for _ in range(6):
        seen += said(game, "wait 30")
        if "leaves" in seen:
            break
    assert "The salt pilgrim leaves to the north." in seen
    assert said(game, "follow him").startswith("Tin Caravanserai")
    assert said(game, "s").startswith("Salt Road")
    assert said(game, "follow pilgrim") == "You did not see which way the salt pilgrim went from here."


@pytest.mark.parametrize("line, expected", [
    ("pilgrim, hello", "\"Salt for the dead, water for the living,\""),
    ("pilgrim, give me water", "The well by the bone orchard"),
    ("salt pilgrim, tell me about water", "The well by the bone orchard"),
    ("pilgrim, go north", "The salt pilgrim has better things to do."),
])
def test_npc_comma_command_is_persuasion(on_the_road: Engine, line: str, expected: str) -> None:
    reply = said(on_the_road, line)
    assert expected in reply and "I don't know" not in reply


def test_ask_for_a_thing_with_no_topic_for_it(on_the_road: Engine) -> None:
    assert said(on_the_road, "pilgrim, give me the knife") == "The salt pilgrim shakes his head: he has no knife to spare."


# -- 2. every noun the game prints is a word it knows ------------------------------------------

@pytest.fixture(scope="module")
def halcyon() -> Adventure:
    return load_adventure(CONTENT / "halcyon-drift")


def halcyon_game(halcyon: Adventure, tmp_path: Path, room: str) -> Engine:
    game = Engine.new_game(halcyon, get_system("vaarn"), 1, saves=SaveStore(tmp_path, halcyon))
    game.state.room = room
    game.state.visited.add(room)
    return game


def test_the_glint_the_room_shows_is_known(game: Engine) -> None:
    look = said(game, "e")
    assert "Something small and brassy glints" in look
    for words in ("x glint", "x brassy thing"):
        reply = said(game, words)
        assert "I don't know the word" not in reply and "search" in reply


def test_a_word_of_the_room_text_that_is_no_thing_is_admitted(game: Engine) -> None:
    assert said(game, "x ashes") != "" and "I don't know the word" not in said(game, "x hide")
    assert said(game, "x footprints").startswith("Blue sand")
    assert said(game, "take wind") == "The wind is not something you need to handle."


def test_the_words_of_an_initial_text_name_its_item(oasis: Adventure, tmp_path: Path) -> None:
    game = oasis_game(oasis, tmp_path, room="singing-dunes")
    assert said(game, "x disc").startswith("A palm-sized disc of smoky glass")


def test_a_ladder_examined_can_be_climbed(halcyon: Adventure, tmp_path: Path) -> None:
    game = halcyon_game(halcyon, tmp_path, "observation-deck")
    assert said(game, "x ladder").startswith("Rungs painted to match the ceiling")
    assert said(game, "climb ladder").startswith("Antenna Crawlway")
    game.submit("d")
    assert said(game, "enter hatch").startswith("Antenna Crawlway")


def test_it_follows_what_was_last_examined(oasis: Adventure, tmp_path: Path) -> None:
    game = oasis_game(oasis, tmp_path, room="hermit-shrine")
    game.submit("x lamp")
    assert said(game, "shoot it") == "You can't attack the single lamp."


def test_him_follows_who_the_game_said_came_or_went(on_the_road: Engine) -> None:
    game = on_the_road
    game.pronouns.clear()
    for _ in range(6):
        if "leaves" in said(game, "wait 30"):
            break
    assert game.pronouns.get("him") == ("npc", "salt-pilgrim")


# -- 4. text that follows the world ---------------------------------------------------------------

def test_the_glint_is_gone_once_the_egg_is_found(game: Engine, script: TurnScript) -> None:
    game.submit("e")
    script.turns[game.state.turn] = [20, 20]
    assert "You find a ticking brass egg." in said(game, "search")
    look = said(game, "look")
    assert "glints" not in look and "You see a ticking brass egg here." in look
    game.submit("take egg")
    assert "brass" not in said(game, "look")


def test_the_lens_is_not_shown_once_taken(oasis: Adventure, tmp_path: Path) -> None:
    game = oasis_game(oasis, tmp_path, room="singing-dunes")
    assert "disc of smoky glass" in said(game, "look")
    game.submit("take lens")
    look = said(game, "look")
    assert "smoky" not in look and "lens" not in look


def test_the_niche_does_not_claim_offerings_it_lacks(oasis: Adventure, tmp_path: Path) -> None:
    game = oasis_game(oasis, tmp_path, room="vault-gate")
    niche = said(game, "x niche")
    assert "It is empty." in niche and "full of" not in niche


def test_the_captains_hand_opens_once_the_keycard_is_found(halcyon: Adventure, tmp_path: Path) -> None:
    game = halcyon_game(halcyon, tmp_path, "reactor-core")
    assert "closed around something" in said(game, "x remains")
    game.world.move_item("captain-keycard", "room:reactor-core")  # as a search finds it
    game.submit("wait")
    remains = said(game, "x remains")
    assert "closed around something" not in remains and "open and empty" in remains


def test_the_scavenger_carries_what_he_is_described_with(halcyon: Adventure) -> None:
    scavenger = halcyon.npcs["scavenger"]
    assert "pipe" not in scavenger.description and "wrench" in scavenger.description
    assert scavenger.items == ("spare-wrench",)


def test_the_flight_recorder_is_the_items_own_text(halcyon: Adventure, tmp_path: Path) -> None:
    game = halcyon_game(halcyon, tmp_path, "captains-cabin")
    assert "sits an orange box the size of a loaf: the flight recorder" in said(game, "look")
    game.submit("take recorder")
    game.submit("drop it")
    look = said(game, "look")
    assert "sits an orange box" not in look and "flight recorder here" in look


# -- more that Inform and TADS players type ------------------------------------------------------

def test_wait_until_night_and_morning(oasis: Adventure, tmp_path: Path) -> None:
    game = oasis_game(oasis, tmp_path, room="hermit-shrine")
    assert said(game, "wait until night") == "You wait 13 hours."
    assert (game.state.day, game.state.clock) == (1, "19:00")
    assert said(game, "wait till the morning").startswith("You wait 11 hours.")
    assert (game.state.day, game.state.clock) == (2, "06:00")


def test_get_out_and_enter_a_thing_that_is_no_way(game: Engine) -> None:
    assert said(game, "get out") == "You can't go out from here."
    assert said(game, "enter lean-to") == "The lean-to is not somewhere you can go into."


def test_ask_about_with_two_people_asks_whom(oasis: Adventure, tmp_path: Path) -> None:
    game = oasis_game(oasis, tmp_path, room="caravanserai")
    game.state.npcs.clear()
    game.world.npc_state("mother-quell").room = "caravanserai"
    question = said(game, "ask about water")
    assert question.startswith("Whom do you want to ask,") and "Tamsin" in question
    assert "Drink at the cistern" in said(game, "tamsin")


def test_the_issues_own_line_take_egg_identify_it_n_waits_for_the_answer(oasis: Adventure, tmp_path: Path) -> None:
    game = Engine.new_game(oasis, get_system("opend6"), 4, saves=SaveStore(tmp_path, oasis))
    game.state.room = "bone-orchard"
    game.world.move_item("dew-engine", "room:bone-orchard")
    lines = game.submit("take egg. identify it. n").lines
    assert lines[-1] == "Spend a Character Point? (yes/no)"
    assert "(The rest of the line waits: \"n\" is not done.)" in lines
    assert game.state.room == "bone-orchard" and game.asking is not None
    game.submit("no")
    assert said(game, "n").startswith("Sunken Well")


def test_ask_someone_about_themselves(on_the_road: Engine) -> None:
    for line in ("ask pilgrim about himself", "ask him about his name"):
        assert said(on_the_road, line).startswith("\"Salt for the dead, water for the living,\"")


def test_the_objects_after_a_question_go_on_once_it_is_answered(game: Engine) -> None:
    game.submit("drop knife, skin, robe")
    assert game.submit("no").lines == ["You do not drop it.", "(first taking off the desert robe)",
                                       "Dropped: the desert robe."]
    assert game.world.place_of("waterskin") == "player"
    lines = game.submit("take them").lines
    assert "Taken: the bone-handled knife." in lines and "Taken: the desert robe." in lines


def test_a_which_question_part_way_keeps_the_rest_and_them(oasis: Adventure, tmp_path: Path) -> None:
    game = oasis_game(oasis, tmp_path, carrying=("glass-lance", "truthseer-lens"))
    assert said(game, "drop knife and glass and robe").endswith("or the cracked lens of smoky glass?")
    assert game.submit("rod").lines == ["Dropped: the humming glass rod.", "(first taking off the desert robe)",
                                        "Dropped: the desert robe."]
    assert game.submit("take them").lines == ["Taken: the bone-handled knife.", "Taken: the humming glass rod.",
                                              "Taken: the desert robe."]


def test_a_quoted_file_name_with_a_space_keeps_its_case(game: Engine, tmp_path: Path) -> None:
    path = tmp_path / "My Runs" / "Oasis One.txt"
    assert str(path) in said(game, f"transcript on \"{path}\"")
    game.submit("transcript off")
    assert path.exists()
