"""The engine end to end on the tiny adventure: scope, questions, time, undo, dice, endings."""
from __future__ import annotations

import re

from game.engine import Engine
from tests.conftest import play


def test_ambiguous_noun_asks_which_and_the_answer_completes_the_command(engine: Engine) -> None:
    report = engine.submit("take key")
    assert report.question
    assert report.lines == ["Which do you mean, the brass key or the glass key?"]
    assert engine.submit("brass").lines == ["Taken: the brass key."]
    assert engine.world.place_of("brass-key") == "player"
    assert engine.world.place_of("glass-key") == "room:camp"
    assert engine.state.log[-1] == "take brass key"


def test_the_answer_to_which_picks_that_thing_whatever_it_meant_before(engine: Engine) -> None:
    play(engine, "take stone")
    play(engine, "take key")
    assert play(engine, "glass") == ["Taken: the glass key."]
    play(engine, "take brass key")
    play(engine, "x stone")
    assert play(engine, "drop key") == ["Which do you mean, the brass key or the glass key?"]
    assert play(engine, "brass") == ["Dropped: the brass key."]


def test_a_new_command_instead_of_an_answer_drops_the_question(engine: Engine) -> None:
    engine.submit("take key")
    assert engine.submit("i").lines[0] == "You carry:"
    assert engine.pending is None


def test_it_refers_to_the_last_thing_named(engine: Engine) -> None:
    play(engine, "take stone")
    assert play(engine, "drop it") == ["Dropped: the smooth stone."]


def test_it_without_a_referent_is_explained(engine: Engine) -> None:
    assert play(engine, "take it") == ["I'm not sure what \"it\" refers to here."]


def test_unknown_word_is_named_and_known_word_out_of_scope_is_not_here(engine: Engine) -> None:
    assert play(engine, "take lamp") == ["I don't know the word \"lamp\"."]
    assert play(engine, "take scimitar") == ["You see no scimitar here."]
    assert play(engine, "frobnicate") == ["I don't know the word \"frobnicate\"."]


def test_refused_action_spends_no_turn_and_no_time(engine: Engine) -> None:
    before = (engine.state.turn, engine.state.minutes, list(engine.state.log))
    assert play(engine, "e") == ["The way east is locked."]
    assert (engine.state.turn, engine.state.minutes, engine.state.log) == before
    assert engine.undo_stack == []


def test_locked_exit_opens_with_its_key_from_both_sides(engine: Engine) -> None:
    play(engine, "take brass key")
    assert play(engine, "unlock east") == ["You unlock the way east with the brass key."]
    assert play(engine, "e")[0] == "Vault"
    assert "west" in play(engine, "look")[-1] and "locked" not in play(engine, "look")[-1]


def test_wrong_key_does_not_fit(engine: Engine) -> None:
    play(engine, "take glass key")
    assert play(engine, "unlock east with glass key") == ["The glass key does not fit."]


def test_hidden_exit_is_invisible_until_searched_out(engine: Engine) -> None:
    assert "down" not in play(engine, "look")[-1]
    assert play(engine, "d") == ["You can't go down from here."]
    for _ in range(20):
        if "You find a hidden way down!" in play(engine, "search"):
            break
    assert "down" in play(engine, "look")[-1]
    assert play(engine, "d")[0] == "Cellar"


def test_every_roll_is_shown_short_and_in_full_with_its_faces_after_set_rolls_full(engine: Engine) -> None:
    short = [line for line in play(engine, "search") if line.startswith("[search]")]
    assert short and re.fullmatch(r"\[search\] \d+ vs \d+: \w+", short[0]), short
    assert play(engine, "set rolls full") == ["Rolls full: each roll with its dice and every step; rules explained "
                                                "each time."]
    play(engine, "undo")
    full = [line for line in play(engine, "search") if line.startswith("[search]")]
    assert full and re.search(r"d20.*\(\d+", full[0])


def test_hostile_npc_attacks_after_each_action_that_takes_time(engine: Engine) -> None:
    lines = play(engine, "n")
    assert any(line.startswith("[the dune raider attacks]") for line in lines)
    assert play(engine, "look") and not any("attacks" in line for line in play(engine, "i"))


def test_undo_takes_back_the_rolls_of_the_turn_undone(engine: Engine) -> None:
    play(engine, "n")
    before = engine.dice_log.total
    play(engine, "attack raider")
    assert engine.dice_log.total > before
    play(engine, "undo")
    assert engine.dice_log.total == before, "why and dice tell of the rolls that stand"


def test_undo_restores_the_state_and_the_same_dice_come_again(engine: Engine) -> None:
    play(engine, "n")
    first = play(engine, "attack raider")
    hp_after = engine.state.player.hp
    assert play(engine, "undo")[1].startswith("(Your last turn is undone.")
    assert engine.state.log == ["n"]
    again = play(engine, "attack raider")
    assert again == first
    assert engine.state.player.hp == hp_after


def test_again_repeats_the_last_command(engine: Engine) -> None:
    play(engine, "wait")
    minutes = engine.state.minutes
    play(engine, "g")
    assert engine.state.minutes == minutes + 1
    assert engine.state.log == ["wait", "wait"]


def test_winning_by_reaching_the_goal_room_with_the_goal_item(engine: Engine) -> None:
    lines = play(engine, "take brass key", "unlock east", "e", "take gem")
    assert "*** You have won ***" in lines
    assert engine.state.status == "won"
    assert play(engine, "w") == ["You have won. Would you like to RESTART, RESTORE a saved game, UNDO your last move or QUIT?"]


def test_three_days_without_water_kill(engine: Engine) -> None:
    engine.state.water = 0
    lines = play(engine, "wait 3 days")
    assert engine.state.status == "playing" and engine.state.thirst_days == 2
    assert play(engine, "wait 1 day") == ["Another day without water will kill you. Wait anyway? (yes/no)"]
    lines = play(engine, "yes")
    assert engine.state.status == "dead"
    assert "You die of thirst." in lines
    assert engine.state.thirst_days == 3


def test_a_ration_is_drunk_at_the_end_of_a_day_without_a_drink(engine: Engine) -> None:
    play(engine, "wait 1 day")
    assert engine.state.water == 1, "the first day is not free (seed 001 §Water: every day)"
    play(engine, "wait 1 day")
    assert engine.state.water == 0
    assert engine.state.thirst_days == 0


def test_drinking_at_a_water_source_is_free_and_fill_refills(engine: Engine) -> None:
    engine.state.water = 0
    engine.world.state.npcs.clear()
    play(engine, "n")
    engine.state.status = "playing"
    engine.world.npc_state("raider").disposition = "neutral"
    assert play(engine, "drink") == ["You drink your fill."]
    assert play(engine, "fill") == ["You fill your containers: 3 rations of water."]
    assert engine.state.water == 3


def test_status_line_shows_place_health_water_food_day_and_system(engine: Engine) -> None:
    line = engine.status_line()
    assert line.startswith("Camp | HP 8/8")
    assert "water 2" in line and "food 2" in line and "day 1" in line and line.endswith("vaarn")


def test_control_characters_never_reach_the_output(engine: Engine) -> None:
    lines = play(engine, "take \x1b[31mstone\x07")
    assert all("\x1b" not in line and "\x07" not in line for line in lines)


def test_odds_of_a_coming_check_are_exact_and_change_nothing(engine: Engine) -> None:
    play(engine, "n")
    before = engine.state.copy()
    lines = play(engine, "odds attack raider")
    assert lines[0].startswith("Odds of attack the dune raider: ")
    assert engine.state.copy() == before
