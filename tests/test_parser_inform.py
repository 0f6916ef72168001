"""The parser a player of Inform and TADS games expects (issue 14), through the engine."""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from game.engine import Engine
from game.parser import parse, split_commands
from game.rules.registry import get_system
from game.saves import SaveStore
from game.world.content import Adventure
from game.world.loader import load_adventure
from tests.conftest import TurnScript, play, say_with_dice

PARLOUR = Path(__file__).parent / "data" / "parlour"


@pytest.fixture
def parlour() -> Adventure:
    return load_adventure(PARLOUR)


@pytest.fixture
def game(parlour: Adventure, tmp_path: Path) -> Engine:
    return Engine.new_game(parlour, get_system("vaarn"), 3, saves=SaveStore(tmp_path, parlour))


# -- several commands a line, several objects ---------------------------------------------

@pytest.mark.parametrize("line, parts", [
    ("x key. take it", ["x key", "take it"]),
    ("n then e", ["n", "e"]),
    ("take key, x it", ["take key", "x it"]),
    ("drop knife, key", ["drop knife and key"]),
    ("take key; n", ["take key", "n"]),
])
def test_a_line_splits_into_its_commands(line: str, parts: list[str]) -> None:
    assert split_commands(line) == parts


def test_several_commands_run_in_turn(game: Engine) -> None:
    lines = play(game, "x key. take it")
    assert lines[-1] == "Taken: the brass key."
    assert game.world.place_of("brass-key") == "player"


def test_an_unknown_word_drops_the_rest_of_the_line(game: Engine) -> None:
    assert play(game, "frobnicate. take key") == ["I don't know the word \"frobnicate\"."]
    assert game.world.place_of("brass-key") != "player"


def test_take_a_and_b_and_a_comma_list(game: Engine) -> None:
    assert play(game, "take key and ledger") == ["Taken: the brass key.", "Taken: the ledger."]
    assert play(game, "drop key, ledger") == ["Dropped: the brass key.", "Dropped: the ledger."]


def test_take_all_but(game: Engine) -> None:
    play(game, "take all but heart and flask")
    world = game.world
    assert world.place_of("heart") != "player" and world.place_of("flask") != "player"
    assert world.place_of("brass-key") == "player" and world.place_of("ledger") == "player"
    assert play(game, "drop all but knife")[0].startswith("You drop")
    assert world.place_of("knife") == "player" and world.place_of("ledger") != "player"

def test_all_but_a_thing_not_among_those_all_covers_leaves_nothing_out(game: Engine) -> None:
    assert game.world.place_of("knife") == "player"
    lines = play(game, "take all but knife")
    assert "Taken: the ledger." in lines and game.world.place_of("heart") == "player"
    assert play(game, "drop all but knfie") == ["I don't know the word \"knfie\". Did you mean \"knife\"?"]


def test_them_after_several_things(game: Engine) -> None:
    play(game, "take key and ledger", "drop them")
    assert game.world.place_of("brass-key") != "player" and game.world.place_of("ledger") != "player"


# -- orphan questions, pronouns ---------------------------------------------------------

def test_an_answer_to_what_do_you_want_completes_the_command(game: Engine) -> None:
    report = game.submit("x")
    assert report.question and report.lines == ["What do you want to examine?"]
    assert play(game, "ledger") == ["A ledger bound in green leather."]


def test_a_command_instead_of_the_answer_runs(game: Engine) -> None:
    play(game, "take")
    assert play(game, "take key") == ["Taken: the brass key."]


def test_him_and_her_follow_people_by_their_content_pronoun(game: Engine) -> None:
    play(game, "x maud", "x ledger")
    assert play(game, "x her") == ["A woman with ink on her fingers."]
    assert play(game, "take it") == ["Taken: the ledger."], "it is the last thing, not the woman"
    assert play(game, "x him") == ["I'm not sure what \"him\" refers to here."]


def test_give_her_the_thing(game: Engine) -> None:
    play(game, "x maud")
    lines = play(game, "give her knife")
    assert lines[0].startswith("Maud turns the knife over")
    assert game.world.place_of("knife") == "npc:maud"


# -- verbs ------------------------------------------------------------------------------

def test_asking_giving_and_showing_without_the_second_noun_asks_for_it(game: Engine) -> None:
    assert play(game, "ask maud") == ["What do you want to ask Maud about?"]
    assert play(game, "ledger") == ["Maud knows nothing about \"ledger\"."]
    assert play(game, "tell maud about ledger") == ["Maud knows nothing about \"ledger\"."]
    assert play(game, "give knife") == ["Who do you want to give the knife to?"]
    assert play(game, "maud")[0].startswith("Maud turns the knife over")
    game.world.move_item("knife", "player")
    assert play(game, "give knife to") == ["Who do you want to give the knife to?"]
    assert play(game, "maud")[0].startswith("Maud turns the knife over"), "the to typed is not doubled"
    assert play(game, "show heart") == ["Who do you want to show the Glass Heart to?"]
    assert play(game, "to maud") == ["Maud looks the Glass Heart over: \"It is worth 25 slots of goods in barter.\""]


def test_give_and_show_by_disposition(game: Engine) -> None:
    assert play(game, "show heart to maud") == ["Maud looks the Glass Heart over: \"It is worth 25 slots of goods in barter.\""]
    lines = play(game, "give heart to maud")
    assert lines[0] == "(first taking the Glass Heart)" and lines[1].startswith("Maud turns the Glass Heart over")
    assert game.world.place_of("heart") == "npc:maud"


def test_a_foe_may_be_bought_off(game: Engine) -> None:
    game.world.npc_state("brute").room = "hall"
    assert play(game, "give knife to brute")[0].startswith("The brute knocks the knife aside")
    assert game.world.npc_state("brute").disposition == "hostile"
    play(game, "take heart")
    assert "lowers his weapon" in play(game, "give heart to brute")[0]
    assert game.world.npc_state("brute").disposition == "wary"


def test_put_in_and_on_and_capacity(game: Engine) -> None:
    assert play(game, "hang cloak on hook") == ["(first taking off the velvet cloak)",
                                                "You put the velvet cloak on the brass hook."], "worn from the start"
    assert "On the brass hook you see a velvet cloak." in play(game, "look")
    assert play(game, "x hook")[-1] == "On it you see a velvet cloak."
    assert play(game, "put key in chest") == ["(first taking the brass key)", "You put the brass key in the iron chest."]
    assert play(game, "put ledger in chest")[-1] == "There is no room for the ledger in the iron chest."
    assert play(game, "put ledger on chest") == ["You can't put anything on the iron chest."]
    assert play(game, "take key") == ["Taken: the brass key."], "what is in a container is in scope"


def test_someone_met_who_is_elsewhere_is_not_here_and_a_stranger_is_not_seen(game: Engine) -> None:
    assert play(game, "x brute") == ["You see no brute here."], "never met: nothing told of him"
    play(game, "x maud", "e")
    assert play(game, "talk to maud") == ["Maud is not here."]


def test_hang_up_a_thing_on_the_one_hook_or_asks_what_in(game: Engine) -> None:
    assert play(game, "hang up knife") == ["(on the brass hook)", "You put the knife on the brass hook."]
    assert play(game, "take knife") == ["Taken: the knife."]
    assert play(game, "put knife") == ["What do you want to put the knife in?"]
    assert play(game, "chest") == ["You put the knife in the iron chest."]


def test_put_all_puts_each_thing_carried_and_says_what_would_not_go(game: Engine) -> None:
    assert play(game, "put all in chest") == ["You put the knife in the iron chest.",
                                             "There is no room for the velvet cloak in the iron chest."]
    assert game.world.place_of("knife") == "in:hall/chest" and game.world.place_of("cloak") == "player"
    assert play(game, "take key", "put all but key on hook") == ["(first taking off the velvet cloak)",
                                                                 "You put the velvet cloak on the brass hook."]
    assert play(game, "put everything on hook") == ["You put the brass key on the brass hook."]
    assert play(game, "put all on hook") == ["You carry nothing to put there."]
    assert play(game, "take cloak", "put all") == ["What do you want to put everything in?"]
    assert play(game, "on hook") == ["You put the velvet cloak on the brass hook."]


def test_put_all_in_a_carried_bag_puts_the_rest_and_not_the_bag(tmp_path: Path) -> None:
    folder = tmp_path / "parlour"
    folder.mkdir()
    text = (PARLOUR / "adventure.toml").read_text(encoding="utf-8")
    text = text.replace('items = ["knife", "cloak"]', 'items = ["knife", "cloak", "bag"]', 1)
    text += '\n[items.bag]\nname = "canvas bag"\naliases = ["bag"]\nkind = "container"\ncapacity = 4\n'
    (folder / "adventure.toml").write_text(text, encoding="utf-8")
    adventure = load_adventure(folder)
    game = Engine.new_game(adventure, get_system("vaarn"), 3, saves=SaveStore(tmp_path / "saves", adventure))
    assert play(game, "put all in bag") == ["You put the knife in the canvas bag.",
                                           "(first taking off the velvet cloak)",
                                           "You put the velvet cloak in the canvas bag."]
    assert game.world.place_of("bag") == "player"


def test_take_all_from_a_holder_takes_what_it_holds_and_only_from_it(game: Engine) -> None:
    play(game, "put knife in chest", "hang cloak on hook")
    assert play(game, "take all from chest") == ["Taken: the knife."], "not what lies on the floor"
    assert play(game, "take all from chest") == ["There is nothing in the iron chest."]
    assert play(game, "take ledger from hook") == ["The ledger is not on the brass hook."]
    assert play(game, "take all from ledger") == ["The ledger holds nothing."]
    assert play(game, "take all from hook") == ["Taken: the velvet cloak."]


def test_what_someone_here_carries_can_be_looked_at_not_just_taken(game: Engine) -> None:
    play(game, "take key and cakes", "give key and cakes to maud")
    assert play(game, "x key") == ["You see nothing special about the brass key.", "Maud has it."]
    assert play(game, "x cakes")[-1] == "Maud has them."
    assert play(game, "take key")[0].startswith("Maud will not just hand you the brass key.")
    assert game.world.place_of("brass-key") == "npc:maud"


def test_all_with_a_verb_of_one_thing_asks_for_one(game: Engine) -> None:
    assert play(game, "x all") == ["You can't examine everything at once: name one thing."]
    assert play(game, "give everything to maud") == ["You can't give everything at once: name one thing."]


def test_a_refused_command_still_names_the_thing_it_and_her_mean(game: Engine) -> None:
    play(game, "take key")
    assert play(game, "take key", "put it in chest") == ["You put the brass key in the iron chest."]
    assert play(game, "take maud")[0].startswith("Maud would not take kindly")
    assert play(game, "x her") == ["A woman with ink on her fingers."]


def test_what_is_on_scenery_is_in_reach_and_not_put_there_twice(game: Engine) -> None:
    play(game, "hang cloak on hook")
    assert play(game, "put cloak on hook") == ["The velvet cloak is already on the brass hook."]
    assert play(game, "drop cloak") == ["You aren't carrying the velvet cloak."]
    assert play(game, "wear cloak") == ["(first taking the velvet cloak)", "You put on the velvet cloak."]


def test_a_thing_here_but_not_carried_is_refused_as_not_carried(game: Engine) -> None:
    assert play(game, "drop key") == ["You aren't carrying the brass key."]
    assert play(game, "x ledger", "drop it") == ["You aren't carrying the ledger."]
    assert play(game, "value heart") == ["You aren't carrying Glass Heart."]
    assert play(game, "drop ghost") == ["I don't know the word \"ghost\"."]
    assert play(game, "drop knife") == ["Dropped: the knife."]


def test_eating_or_drinking_a_thing_named_that_is_no_food_or_water_is_refused(game: Engine) -> None:
    food, water = game.state.food, game.state.water
    assert play(game, "eat cakes") == ["You can't eat the locust cakes."]
    assert play(game, "drink knife") == ["You can't drink the knife."]
    assert play(game, "eat maud") == ["You can't eat Maud."]
    assert play(game, "eat me") == ["You can't eat yourself."]
    assert (game.state.food, game.state.water) == (food, water), "nothing was eaten or drunk"
    assert play(game, "drink flask")[0] == "(first taking the flask)"
    assert play(game, "eat a ration") == [f"You eat a ration. {food - 1} left."]


def test_wear_remove_wield_throw_read(game: Engine) -> None:
    assert play(game, "wear cloak") == ["You are already wearing the velvet cloak."], "worn from the start"
    assert play(game, "wear knife") == ["You can't wear the knife."]
    assert play(game, "wield knife")[0].startswith("You ready the knife.")
    assert play(game, "take off cloak") == ["You take off the velvet cloak."]
    assert game.world.place_of("cloak") == "player"
    assert play(game, "wear cloak") == ["You put on the velvet cloak."]
    assert play(game, "read ledger") == ["Paid: one brass hook. Owed: everything else."]
    assert play(game, "read chest") == ["PROPERTY OF THE HOUSE"]
    assert play(game, "read knife") == ["There is nothing written on the knife."]
    assert play(game, "read door") == ["A heavy oak door. It is shut fast."], "no text: what is seen of it"
    assert play(game, "throw knife")[0] == "You throw the knife away. It lands nearby."


def test_listen_smell_exits_climb(game: Engine) -> None:
    assert play(game, "smell") == ["Dust and beeswax."]
    assert play(game, "listen") == ["You hear nothing out of the ordinary."]
    assert play(game, "exits") == ["Exits: north (locked), east and down."]
    assert play(game, "climb up") == ["You can't go up from here."]
    assert play(game, "climb")[0] == "Darkness", "the one way up or down"
    assert play(game, "climb")[0] == "Hall"
    assert play(game, "give knife to me") == ["You already have it."]


def test_sleep_is_the_nights_rest_and_looking_under_is_searching() -> None:
    for typed, meant in (("sleep", ("long",)), ("sleep short", ("short",))):
        command = parse(typed)
        assert command is not None and (command.verb, command.words) == ("rest", meant)
    found = parse("look under chest")
    assert found is not None and found.verb == "search"


def test_climb_down_a_thing_goes_down(parlour: Adventure) -> None:
    command = parse("climb down rope")
    assert command is not None and command.verb == "climb" and command.direction == "down"
    assert command.words == ("rope",)


# -- scenery, bodies, me ------------------------------------------------------------------

def test_scenery_is_examinable_and_hardly_portable(game: Engine) -> None:
    assert play(game, "x hook") == ["A small brass hook, screwed to the wall.", "Nothing is on it."]
    assert play(game, "take door") == ["That's hardly portable."]


def test_x_me(game: Engine) -> None:
    lines = play(game, "x me")
    assert lines[0].startswith("You are Tester") and lines[1].startswith("You carry a knife and a velvet cloak")


def test_a_killed_npc_leaves_a_body_to_examine(game: Engine) -> None:
    from game.rules.dice import ScriptedDice

    state = game.world.npc_state("brute")
    sheet = state.sheet
    while game.system.condition(sheet) != "dead":
        sheet = game.system.harm(sheet, "d20", ScriptedDice([20] * 10)).sheet
    state.sheet, state.room = sheet, "hall"
    assert play(game, "x body")[0].startswith("The body of the brute lies still.")
    assert play(game, "take corpse")[0].startswith("You leave the body of the brute")
    assert "The body of the brute lies here." in play(game, "look")
    maud = game.world.npc_state("maud")
    while game.system.condition(maud.sheet) != "dead":
        maud.sheet = game.system.harm(maud.sheet, "d20", ScriptedDice([20] * 10)).sheet
    assert "The body of Maud lies here." in play(game, "look"), "a name of her own takes no article"


def test_a_body_among_fixed_things_only_is_said_to_have_nothing_left(game: Engine) -> None:
    from game.rules.dice import ScriptedDice
    from game.world.state import room_place

    state = game.world.npc_state("brute")
    while game.system.condition(state.sheet) != "dead":
        state.sheet = game.system.harm(state.sheet, "d20", ScriptedDice([20] * 10)).sheet
    game.world.move_item("barrel", room_place("yard"))
    game.state.room = "yard"
    assert play(game, "x body")[1] == "There is nothing left on the body."
    game.world.move_item("knife", room_place("yard"))
    assert play(game, "x body")[1] == "There is nothing left on the body.", "the knife was never the brute's"


# -- text that follows the world -----------------------------------------------------------

def test_room_and_scenery_text_follow_an_exit_opened(game: Engine) -> None:
    assert "The gate is shut fast." in play(game, "look")[1]
    play(game, "take key", "n")
    play(game, "s")
    assert play(game, "look")[1] == "A hall with a brass hook on the wall. The oak door to the north stands open."
    assert play(game, "x door") == ["A heavy oak door, standing open."]
    assert play(game, "open door") == ["The oak door is already open."]


def test_item_text_follows_carrying(game: Engine) -> None:
    assert play(game, "x heart") == ["You see nothing special about the Glass Heart."]
    play(game, "take heart")
    assert play(game, "x heart") == ["It beats in your hand."]


def test_night_and_goal_texts(game: Engine) -> None:
    from game.world.conditions import is_night

    game.world.state.minutes = 22 * 60
    assert is_night(game.world)
    game.world.state.room = "yard"
    assert play(game, "look")[1] == "A yard under the stars."
    game.world.state.room = "hall"
    play(game, "take heart. take key. n")
    assert game.state.status == "won"
    play(game, "play on")  # the end is final until the player chooses to play on
    assert play(game, "look")[1] == "The study, bright now that the heart is home."


# -- implicit actions, again, questions, typos, articles -----------------------------------

def test_walking_into_a_locked_exit_with_its_key_unlocks_it_first(game: Engine) -> None:
    assert play(game, "n") == ["The oak door is locked."]
    play(game, "take key")
    lines = play(game, "n")
    assert lines[0] == "(first unlocking the oak door with the brass key)"
    assert game.state.room == "study"


def test_drinking_from_what_is_on_the_floor_takes_it_first(game: Engine) -> None:
    lines = play(game, "drink from flask")
    assert lines[0] == "(first taking the flask)" and game.world.place_of("flask") == "player"


def test_again_repeats_the_last_command_typed_whatever_became_of_it(game: Engine) -> None:
    play(game, "wait")
    assert play(game, "use foo") == ["I don't know the word \"foo\"."]
    assert play(game, "g") == ["I don't know the word \"foo\"."]
    play(game, "x ledger")
    assert play(game, "again") == ["A ledger bound in green leather."]


def test_a_command_in_reply_to_a_yes_no_question_counts_as_no(tiny: Adventure, tmp_path: Path) -> None:
    from game.actions import Question

    engine = Engine.new_game(tiny, get_system("vaarn"), 3)
    from game.engine import Asking

    engine.asking = Asking(parse("wait"), Question("Sure? (yes/no)", {"yes": "yes", "no": "no"}),  # type: ignore[arg-type]
                           engine.state.copy(), ["wait"], [])
    lines = play(engine, "look")
    assert lines[0] == "(Taking that as \"no\".)"
    assert "Camp" in lines and engine.asking is None


def test_yes_with_no_question_is_rhetorical(game: Engine) -> None:
    assert play(game, "yes") == ["That was a rhetorical question."]


def test_typo_help(game: Engine) -> None:
    assert play(game, "exmaine ledger") == ["I don't know the word \"exmaine\". Did you mean \"examine\"?"]
    assert play(game, "yes") == ["A ledger bound in green leather."]
    assert play(game, "nroth") == ["I don't know the word \"nroth\". Did you mean \"north\"?"]
    assert play(game, "eaxt") == ["I don't know the word \"eaxt\". Did you mean \"eat\", \"exit\" or \"east\"?"]
    play(game, "w")
    assert play(game, "x ledgr") == ["I don't know the word \"ledgr\". Did you mean \"ledger\"?"]
    assert play(game, "yes") == ["A ledger bound in green leather."]


def test_articles_and_proper_names(game: Engine) -> None:
    look = play(game, "look")
    assert "Maud is here." in look
    assert "You see a brass key, some locust cakes, a ledger, the Glass Heart and a flask here." in look
    from game.text import article, the

    assert article("hour-glass") == "an hour-glass" and article("unicorn") == "a unicorn"
    assert article("ration bars") == "some ration bars" and article("water") == "some water"
    assert article("string of salt-pearls") == "a string of salt-pearls"
    assert the("Tamsin") == "Tamsin" and the("dune raider") == "the dune raider"


def test_completion_by_verb_with_aliases(game: Engine) -> None:
    from game.completion import candidates

    assert "knife" not in candidates(game, "take ") and "ledger" in candidates(game, "take ")
    assert "knife" in candidates(game, "drop ") and "ledger" not in candidates(game, "drop ")
    assert "cloak" in candidates(game, "drop "), "aliases complete too"
    assert "Maud" in candidates(game, "attack ") and "ledger" not in candidates(game, "attack ")
    play(game, "hang cloak on hook")
    assert "cloak" in candidates(game, "take "), "what hangs on scenery is there to take"


def test_a_line_of_commands_stops_on_meeting_a_foe(game: Engine) -> None:
    lines = play(game, "e. w. e")
    assert lines[-1] == "(You stop there: the brute is here.)"
    assert game.state.room == "yard"


def test_it_never_becomes_the_player(game: Engine) -> None:
    play(game, "x ledger", "x me")
    assert play(game, "x it") == ["A ledger bound in green leather."]


def test_put_asks_where_and_the_answer_completes_it(game: Engine) -> None:
    assert play(game, "put knife") == ["What do you want to put the knife in?"]
    assert play(game, "chest") == ["You put the knife in the iron chest."]
    assert play(game, "put cloak on") == ["What do you want to put the velvet cloak on?"]
    assert play(game, "hook") == ["(first taking off the velvet cloak)", "You put the velvet cloak on the brass hook."]


def test_again_after_an_answer_repeats_the_whole_command(engine: Engine) -> None:
    play(engine, "x key", "brass")
    assert play(engine, "g") == play(engine, "x brass key")
    play(engine, "x")
    play(engine, "stone")
    assert play(engine, "again") == play(engine, "x smooth stone")


def test_a_dark_room_shows_and_finds_nothing_until_lit(game: Engine) -> None:
    assert play(game, "d") == ["Darkness", "It is pitch dark, and you can't see a thing."]
    assert play(game, "x barrel") == ["It is too dark to see."]
    assert play(game, "take all") == ["It is too dark to see."]
    assert play(game, "x knife")[0].startswith("You see nothing special"), "what you carry you can feel"
    play(game, "u", "hang cloak on hook", "d")
    assert play(game, "look")[:2] == ["Cellar", "A cellar with sawdust on the floor."]
    assert play(game, "x barrel") == ["You see nothing special about the barrel."]


def test_oops_puts_a_word_in_place_of_the_one_not_known(game: Engine) -> None:
    assert play(game, "oops ledger") == ["There is no word to correct: oops follows a command with a word I did not know."]
    play(game, "w")
    play(game, "x lejjer")
    assert play(game, "oops") == ["Type oops and the word you meant in place of \"lejjer\"."]
    assert play(game, "oops ledger") == ["A ledger bound in green leather."]
    assert play(game, "oops ledger")[0].startswith("There is no word to correct")


def test_oops_corrects_an_unknown_verb_and_a_misspelling_offered_a_guess(game: Engine) -> None:
    play(game, "w")
    play(game, "frobnicate ledger")
    assert play(game, "oops examine") == ["A ledger bound in green leather."]
    assert play(game, "x ledgr")[0].endswith("Did you mean \"ledger\"?")
    assert play(game, "oops ledger") == ["A ledger bound in green leather."]
    assert play(game, "again") == ["A ledger bound in green leather."]
    play(game, "x teh ledger")
    assert play(game, "oops the") == ["A ledger bound in green leather."], "a word the parser would drop"


def test_a_slip_of_the_keys_narrows_the_offer_to_one_and_nothing_is_taken_on_a_guess(game: Engine) -> None:
    from game.text import is_slip

    assert [is_slip(a, b) for a, b in [("nroth", "north"), ("atack", "attack"), ("serach", "search")]] == [True] * 3
    assert [is_slip(a, b) for a, b in [("hint", "hit"), ("hook", "look"), ("about", "out"), ("white", "hit")]] \
        == [False] * 4
    assert play(game, "hnit maud") == ["I don't know the word \"hnit\". Did you mean \"hit\" or \"hint\"?"]
    assert play(game, "kil maud") == ["I don't know the word \"kil\". Did you mean \"kill\"?"]
    assert play(game, "no") == ["All right."]
    assert game.world.npc_state("maud").disposition == "merchant" and game.state.turn == 0
    play(game, "w")
    play(game, "exmine ledger")
    assert play(game, "xamine ledger") == ["I don't know the word \"xamine\". Did you mean \"examine\"?"]
    assert play(game, "y") == ["A ledger bound in green leather."]


def test_yes_takes_the_verb_offered_for_an_unknown_one(game: Engine) -> None:
    play(game, "w")
    assert play(game, "exemin ledger") == ["I don't know the word \"exemin\". Did you mean \"examine\"?"]
    assert play(game, "yes") == ["A ledger bound in green leather."]
    assert play(game, "yes") == ["That was a rhetorical question."]


def test_a_known_noun_or_a_direction_in_place_of_a_verb_is_named_as_such(game: Engine) -> None:
    assert play(game, "ledger please") == [
        "I know \"ledger\", but not as a verb: say what to do with it, as in \"examine ledger\"."]
    play(game, "w")
    play(game, "ledger")
    assert play(game, "oops x ledger") == ["A ledger bound in green leather."]
    assert play(game, "e cloak") == ["I understood \"e\" but not \"cloak\"."]


def test_verbs_that_change_nothing_get_a_plain_reply_and_take_no_time(game: Engine) -> None:
    replies = {
        "pull hook": "Nothing obvious happens.",
        "touch maud": "Maud would rather you kept your hands to yourself.",
        "close door": "There is no shutting or locking a way here: what is open stays open.",
        "shut knife": "The knife is not something you can shut.",
        "jump": "You jump on the spot, to no effect.",
        "kiss maud": "Maud would rather you did not.",
        "say hello": "To speak with someone, talk to them or ask them about something: talk to maud, or ask maud "
                     "about TOPIC.",
        "wake maud": "Maud is wide awake.",
        "hint": "There are no hints here. help lists the commands by purpose; oracle QUESTION answers a yes-or-no "
                "question as a game master would; map shows the places you have been.",
    }
    for command, reply in replies.items():
        assert play(game, command) == [reply], command
    assert play(game, "pull statue") == ["I don't know the word \"statue\"."]
    assert game.state.turn == 0 and game.state.log == []


def test_exit_and_enter_go_out_and_in_as_in_inform(game: Engine) -> None:
    assert play(game, "exit") == ["You can't go out from here."]
    assert play(game, "enter") == ["You can't go in from here."]
    assert game.meta.confirming is None and not game.confirming_quit


def test_them_means_a_plural_thing_named_alone_scenery_too() -> None:
    from game.paths import bundled_root
    from game.world.loader import find_adventure

    cloak = Engine.new_game(load_adventure(find_adventure("cloak-of-darkness", bundled_root())), get_system("bind"), 1)
    described = play(cloak, "x chandeliers")
    assert play(cloak, "x them") == described


def test_searching_where_nothing_was_ever_hidden_finds_nothing_not_nothing_more(game: Engine) -> None:
    game.state.room = "roof"
    assert play(game, "search") == ["You search carefully, but find nothing."]
    assert play(game, "search banana") == ["I don't know the word \"banana\"."], "what is searched must be known"
    assert play(game, "search ledger") == ["You see no ledger here."]


def test_restore_without_a_quick_save_names_the_saves_there_are(game: Engine) -> None:
    assert play(game, "restore") == [
        "There is nothing to load: no saved games yet for The Parlour. Save with: save [SLOT]"]
    play(game, "save gate")
    lines = play(game, "restore")
    assert lines[0] == "There is no quick save to load. Name a slot: load SLOT." and lines[1].startswith("  gate: ")


def test_take_prefers_what_is_not_yet_carried_and_it_is_what_a_search_found(script: TurnScript) -> None:
    from game.paths import bundled_root
    from game.world.loader import find_adventure

    drift = Engine.new_game(load_adventure(find_adventure("halcyon-drift", bundled_root())), get_system("bind"), 1)
    drift.world.move_item("medbay-keycard", "player")
    drift.world.move_item("captain-keycard", f"room:{drift.state.room}")
    assert play(drift, "take keycard") == ["Taken: the gold keycard."]
    assert play(drift, "take keycard") == ["Which do you mean, the gold keycard or the white keycard?"]
    drift.state.room = "crew-quarters"
    drift.world.move_item("medbay-keycard", drift.adventure.item_homes["medbay-keycard"])  # hidden again
    assert say_with_dice(drift, script, "search", [6, 6])[-1] == "You find a white keycard."
    assert play(drift, "take it") == ["Taken: the white keycard."]


def test_a_long_rest_without_food_says_so_once_and_never_that_you_are_deprived(game: Engine) -> None:
    game.state.food = 0
    game.state.player = dataclasses.replace(game.state.player, hp=1)  # a rest with something to mend
    lines = play(game, "rest long")
    assert lines[0] == "A long rest needs both water and food: without them it does you no good."
    assert not any("Deprived" in line for line in lines) and not game.state.deprived


def test_yes_to_a_choice_of_two_words_asks_which_and_one_slip_among_them_is_taken() -> None:
    from game.parser import ParseError, parse

    with pytest.raises(ParseError) as raised:
        parse("lisen")
    assert raised.value.guesses == ("listen",), "the one slip of the keys among the close words is the one offered"


def test_yes_after_two_words_offered_says_how_to_pick_one(game: Engine) -> None:
    assert play(game, "smel")[0] == "I don't know the word \"smel\". Did you mean \"smell\" or \"sell\"?"
    assert play(game, "yes") == ["Which one? Type oops and the word you meant, as in: oops smell."]
    assert play(game, "oops smell") == ["Dust and beeswax."], "the room's smell"


def test_a_stretch_of_time_is_told_to_the_minute() -> None:
    from game.text import duration

    assert [duration(m) for m in (45, 60, 119, 1440, 1501)] == [
        "45 minutes", "1 hour", "1 hour 59 minutes", "1 day", "1 day 1 hour 1 minute"]


def test_it_is_never_the_player_and_attack_alone_means_the_one_foe_here(game: Engine) -> None:
    play(game, "x ledger", "x me")
    assert play(game, "take it") == ["Taken: the ledger."]
    game.world.npc_state("brute").room = "hall"
    assert "What do you want to attack?" not in play(game, "attack")
    assert game.last_request is not None and game.last_request[0] == "attack the brute"


def test_talking_to_a_thing_here_says_it_does_not_answer(game: Engine) -> None:
    assert play(game, "talk to hook") == ["The brass hook does not answer."]
    assert play(game, "ask chest about gold") == ["The iron chest does not answer."]
    assert play(game, "talk to unicorn") == ["I don't know the word \"unicorn\"."]
