"""BIND at the prompt: every economy feature of issue 6, typed as a player types it.

The adventure below is written for these tests; the dice are scripted turn by
turn (``game.engine.dice_for_turn`` is patched), so each test states exactly
which faces the rules read and asserts exactly what the player sees.  A turn
whose script runs out raises, so a test also proves that no other die was read
(a foe does not strike twice in a round, a remembered roll reads nothing).

The hero, Hugi: Strength 0, Dexterity 1, Speed 1, Intelligence 2, Wits 1;
Combat 1, Vigilance 1, Medicine 1, Stealth 1; 6 HP; a knife (d6: +1 damage).
"""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
import tomli_w

from game.engine import Engine
from game.paths import bundled_root
from game.rules.registry import get_system
from game.world.loader import find_adventure, load_adventure
from game.world.state import PLAYER, room_place
from tests.conftest import TurnScript as Script
from tests.conftest import say_with_dice

ADVENTURE = """
[adventure]
id = "bind-test"
title = "BIND at the Prompt"
version = "1.0.0"
start = "gate"
system = "bind"
intro = "A test."
goal = { reach = "gate", carrying = ["heart"] }

[player]
name = "Hugi"
items = ["knife"]
water = 10
food = 10

[player.stats.bind]
strength = 0
dexterity = 1
speed = 1
intelligence = 2
wits = 1
combat = 1
vigilance = 1
medicine = 1
stealth = 1

[regions.wilds]
name = "the Wilds"
encounters = ["wolf"]

[regions.town]
name = "the Town"

[rooms.gate]
name = "Gate"
region = "town"
description = "An iron gate."
exits = { north = { to = "yard", locked_by = "iron-key", force = { check = "force", difficulty = "hard" } }, east = "dunes", west = "hall" }
items = ["crowbar", "anvil", "sack"]
npcs = ["chatrik", "snowstorm"]

[rooms.dunes]
name = "Dunes"
region = "wilds"
travel_minutes = 180
description = "Steep dunes."
hazard = { check = "climb", difficulty = "normal" }
hazard_text = "You tumble down the dune."
exits = { west = "gate" }

[rooms.yard]
name = "Yard"
region = "town"
description = "A yard."
exits = { south = "gate" }
items = ["heart"]

[rooms.hall]
name = "Hall"
region = "town"
settlement = true
description = "A busy hall."
exits = { east = "gate", north = "tower", down = { to = "cellar", hidden = true, find = { check = "search", difficulty = "hard", bind = 12 } } }
npcs = ["guard"]
items = ["relic"]

[rooms.cellar]
name = "Cellar"
region = "town"
description = "A cellar."
exits = { up = "hall" }
npcs = ["automaton"]
items = ["shock-rod"]

[rooms.tower]
name = "Tower"
region = "town"
description = "A tower."
exits = { south = "hall" }
npcs = ["brute"]

[items.knife]
name = "knife"
kind = "weapon"
damage = "d6"

[items.crowbar]
name = "crowbar"
kind = "tool"

[items.battle-axe]
name = "battle axe"
aliases = ["axe"]
kind = "weapon"
damage = "d10"
weight = 3
stats.bind = { hands = 2 }

[items.anvil]
name = "anvil"
kind = "tool"
weight = 11

[items.sack]
name = "sack of stones"
aliases = ["sack"]
kind = "treasure"
weight = 3

[items.iron-key]
name = "iron key"
kind = "tool"

[items.relic]
name = "odd relic"
aliases = ["relic"]
kind = "exotica"
true_name = "Singing Bone"
identify = "hard"
effect = { heal = "d6" }

[items.shock-rod]
name = "shock rod"
aliases = ["rod"]
kind = "weapon"
damage = "d6"
bonus_against = ["synthetic"]

[items.heart]
name = "heart"
kind = "treasure"

[npcs.wolf]
name = "grey wolf"
aliases = ["wolf"]
disposition = "hostile"
ambush = true
behaviour = "aggressive"
tier = 1

[npcs.chatrik]
name = "Chatrik"
aliases = ["chatrik"]
disposition = "neutral"
tier = 1

[npcs.chatrik.stats.bind]
strength = 2
crafts = 2

[npcs.snowstorm]
name = "Snowstorm"
aliases = ["snowstorm"]
disposition = "neutral"
tier = 1

[npcs.snowstorm.stats.bind]
strength = 1
crafts = 1

[npcs.guard]
name = "gate guard"
aliases = ["guard"]
disposition = "neutral"
behaviour = "guard"
blocks = "north"
tier = 2

[npcs.automaton]
name = "automaton"
aliases = ["automaton"]
disposition = "hostile"
ambush = true
behaviour = "aggressive"
creature = "synthetic"
tier = 1

[npcs.brute]
name = "brute"
aliases = ["brute"]
disposition = "hostile"
ambush = true
behaviour = "aggressive"
tier = 2
"""


def new_game(tmp_path: Path, **options: str) -> Engine:
    folder = tmp_path / "bind-test"
    folder.mkdir()
    (folder / "adventure.toml").write_text(ADVENTURE, encoding="utf-8")
    return Engine.new_game(load_adventure(folder), get_system("bind", options), 1)


@pytest.fixture
def game(tmp_path: Path, script: Script) -> Engine:
    return new_game(tmp_path)


def say(engine: Engine, script: Script, command: str, *faces: int) -> list[str]:
    """Type one line; ``faces`` are the dice of the turn it runs on (the shared harness's)."""
    return say_with_dice(engine, script, command, list(faces) if faces else None)


def rolls(lines: list[str]) -> list[str]:
    return [line for line in lines if line.startswith("[")]


def befriend(engine: Engine, *npcs: str) -> None:
    for npc_id in npcs:
        engine.world.npc_state(npc_id).disposition = "friendly"


def place(engine: Engine, room: str) -> None:
    engine.state.room = room
    engine.state.visited.add(room)


# -- the prompt, help and the status line ------------------------------------------------------

def test_help_explains_bind_and_its_verbs(game: Engine, script: Script) -> None:
    assert "  BIND: sneak, downtime, train" in say(game, script, "help")
    assert say(game, script, "help sneak")[0] == "sneak DIR: slip past whoever bars the way (BIND)"
    assert say(game, script, "help downtime")[0] == "downtime: a week's rest at a settlement; the mission's XP (BIND)"
    assert say(game, script, "help train")[0] == "train [TRAIT]: in downtime, spend XP on a Trait's next level (BIND)"
    lines = say(game, script, "rules")
    assert any("asked whether to succeed and accept the danger (yes)" in line for line in lines)
    assert any(line.startswith("  Resting actions:") for line in lines)


def test_status_line_shows_hp_fatigue_and_encumbrance(game: Engine, script: Script) -> None:
    assert game.status_line() == "Gate | HP 6/6 | water 10 | food 10 | day 1 06:00 | bind"
    game.state.player = replace(game.state.player, hp=4, fatigue=2)
    say(game, script, "take sack")
    assert game.status_line().startswith("Gate | HP 4/6 Fatigue 2 Enc 3 |")


# -- basic actions and ties (seed 003 §Basic Actions: Hugi at the keyhole) -------------------------

def test_hugi_ties_and_accepts_the_danger(game: Engine, script: Script) -> None:
    """Forcing the gate (Strength 0 + Crafts 0, hard: TN 10); the dice show 10 exactly."""
    lines = say(game, script, "open north", 4, 6, 3)
    assert lines == ["[force] 2d6 (4, 6) = 10 vs TN 10: tie (margin 0)",
                     "A tie: 10 against TN 10. Succeed and accept the danger, you hurt yourself doing it (yes), "
                     "or fail without it (no)?"]
    assert game.state.turn == 0, "nothing happened yet"
    lines = say(game, script, "yes")
    assert lines == ["You accept the danger.", "You hurt yourself in the attempt.",
                     "[danger] harm 1d6 (3) + 0 = 3 HP (1D6 + 0, a d4 hazard)", "You lose 3 HP (HP 6 -> 3 of 6).",
                     "You force the way north open."]
    assert "gate/north" in game.state.opened and game.state.player.hp == 3
    assert game.state.log == ["open north", "yes"]


def test_declining_a_tie_fails_without_the_danger(game: Engine, script: Script) -> None:
    say(game, script, "open north", 4, 6)
    assert say(game, script, "no") == ["You let it go: it fails, without the danger.", "It holds."]
    assert "gate/north" not in game.state.opened and game.state.player.hp == 6


def test_a_question_cannot_be_dodged_only_undone(game: Engine, script: Script) -> None:
    say(game, script, "open north", 4, 6)
    assert say(game, script, "blue")[0] == "Please answer yes/y/no/n (or undo to take the action back)."
    assert say(game, script, "undo") == ["You take the action back."]
    assert game.state.turn == 0 and game.state.player.hp == 6


def test_above_succeeds_below_fails_and_the_danger_happens(game: Engine, script: Script) -> None:
    assert say(game, script, "open north", 1, 2, 5) == [
        "[force] 2d6 (1, 2) = 3 vs TN 10: failure (margin -7)", "You hurt yourself in the attempt.",
        "[danger] harm 1d6 (5) + 0 = 5 HP (1D6 + 0, a d4 hazard)", "You lose 5 HP (HP 6 -> 1 of 6).", "It holds."]
    assert say(game, script, "take crowbar") == ["Taken: the crowbar."]
    assert say(game, script, "open north", 6, 5) == [
        "[force] 2d6 (6, 5) = 11 vs TN 10: success (margin 1)", "You force the way north open."]


# -- one roll only ---------------------------------------------------------------------------------

def test_retrying_gives_the_same_result_until_the_circumstances_change(game: Engine, script: Script) -> None:
    say(game, script, "open north", 1, 2, 1)
    lines = say(game, script, "open north")  # no die read: not the check's, nor the danger's again
    assert lines[:2] == ["[force] remembered 2d6 (1, 2) = 3 vs TN 10: failure (margin -7)",
                         "(One roll only: nothing has changed since you tried this, so it goes the same way. "
                         "Another day, new gear in hand or a helper would change that.)"]
    # seed 003 §One Roll Only: the retry "remains the same": the failure's harm is not rolled again
    assert lines[-1] == "It holds." and game.state.player.hp == 6 - 1
    assert not any("hurt yourself" in line for line in lines)
    game.world.move_item("relic", room_place("gate"))
    say(game, script, "take relic")  # an exotica is no help in forcing a door: still the same roll
    assert rolls(say(game, script, "open north"))[0].startswith("[force] remembered 2d6 (1, 2)")
    say(game, script, "take crowbar")  # new gear in hand: a fresh roll
    assert rolls(say(game, script, "open north", 6, 6)) == ["[force] 2d6 (6, 6) = 12 vs TN 10: success (margin 2)"]


def test_another_day_is_another_roll(game: Engine, script: Script) -> None:
    say(game, script, "open north", 1, 2, 1)
    say(game, script, "wait 1 day")
    assert rolls(say(game, script, "open north", 5, 6)) == ["[force] 2d6 (5, 6) = 11 vs TN 10: success (margin 1)"]


def test_a_remembered_tie_is_still_a_tie_and_the_choice_is_asked_again(game: Engine, script: Script) -> None:
    say(game, script, "open north", 4, 6)
    say(game, script, "no")
    assert say(game, script, "open north") == [
        "[force] remembered 2d6 (4, 6) = 10 vs TN 10: tie (margin 0)",
        "(One roll only: nothing has changed since you tried this, so it goes the same way. "
        "Another day, new gear in hand or a helper would change that.)",
        "A tie: 10 against TN 10. Succeed and accept the danger, you hurt yourself doing it (yes), "
        "or fail without it (no)?"]
    script.turns[1] = [2]  # the danger's die only
    assert say(game, script, "yes") == ["You accept the danger.", "You hurt yourself in the attempt.",
                                         "[danger] harm 1d6 (2) + 0 = 2 HP (1D6 + 0, a d4 hazard)", "You lose 2 HP (HP 6 -> 4 of 6).",
                                         "You force the way north open."]


def test_the_memo_lives_in_the_saved_moment(game: Engine, script: Script) -> None:
    say(game, script, "open north", 1, 2, 1)
    data = game.state.to_data(game.system)
    tomli_w.dumps(data)  # plain TOML data
    assert data["moment"] == {"memo": {"force@gate/north|day=1,gear=knife,helpers=none,room=gate": [1, 2]},
                              "memo_day": 1}
    assert "memo" not in data["player"]


def test_a_saved_and_loaded_game_remembers_the_roll(game: Engine, script: Script, tmp_path: Path) -> None:
    from game.saves import SaveStore

    say(game, script, "open north", 1, 2, 1)
    game.saves = SaveStore(tmp_path / "saves", game.adventure)
    assert say(game, script, "save one")[0].startswith('Saved to slot "one"')
    say(game, script, "take crowbar")
    assert say(game, script, "load one")[-1] == "Load anyway? (yes/no)"
    assert say(game, script, "yes")[0] == 'Loaded slot "one".'
    assert say(game, script, "open north", 3)[0] == "[force] remembered 2d6 (1, 2) = 3 vs TN 10: failure (margin -7)"


def test_odds_of_the_coming_check_are_exact_and_know_a_remembered_roll(game: Engine, script: Script) -> None:
    assert say(game, script, "odds open north") == [
        "Odds of force: 8.3% to succeed.", "  (tie 8.3%, fail 83.3%)",
        "  2d6 vs TN 10 (professional): above succeeds, equal ties"]
    say(game, script, "open north", 1, 2, 1)
    assert say(game, script, "odds open north") == [
        "Odds of force: 0.0% to succeed.", "  (tie 0.0%, fail 100.0%)",
        "  remembered 2d6 (1, 2) vs TN 10 (professional): above succeeds, equal ties "
        "(a remembered roll: the situation stays put until it changes)"]
    assert game.state.player.hp == 5, "odds change nothing"


# -- resting actions (seed 003: the heist) -----------------------------------------------------------

def test_the_heist_search_is_a_resting_action(game: Engine, script: Script) -> None:
    """Intelligence 2 + Vigilance 1 = +3 against TN 12: one die shows 4, with the 6 that is 13."""
    say(game, script, "w")
    minutes = game.state.minutes
    lines = say(game, script, "search", 4)
    assert lines == ["[search] 1d6 (4) + 6 (resting) + 3 = 13 vs TN 12: success (margin 1)",
                     "(A resting action: nothing threatens you here, so you take your time. One die is rolled, "
                     "the other counts as 6; each attempt takes an hour.)",
                     "You find a hidden way down!"]
    assert game.state.minutes == minutes + 60


def test_the_odds_of_a_resting_action(game: Engine, script: Script) -> None:
    say(game, script, "w")
    assert say(game, script, "odds search") == [
        "Odds of search: 50.0% to succeed.", "  (tie 16.7%, fail 33.3%)",
        "  1d6 + 6 (resting) + 3 vs TN 12 (specialist): above succeeds, equal ties"]


def test_a_resting_action_may_be_repeated_until_it_works(game: Engine, script: Script) -> None:
    say(game, script, "w")
    assert rolls(say(game, script, "search", 1)) == ["[search] 1d6 (1) + 6 (resting) + 3 = 10 vs TN 12: failure (margin -2)"]
    assert rolls(say(game, script, "search", 2)) == ["[search] 1d6 (2) + 6 (resting) + 3 = 11 vs TN 12: failure (margin -1)"]
    lines = say(game, script, "search", 5)
    assert lines[0] == "[search] 1d6 (5) + 6 (resting) + 3 = 14 vs TN 12: success (margin 2)"
    assert lines[-1] == "You find a hidden way down!"
    assert say(game, script, "odds search") == ['"search" needs no roll.']


def test_with_a_foe_about_a_search_is_a_plain_roll(game: Engine, script: Script) -> None:
    place(game, "tower")
    game.world.npc_state("brute").room = "hall"
    place(game, "hall")
    lines = say(game, script, "search", 5, 5, 6, 6, 2)  # the search, then the brute's attack: a defence roll
    assert lines[0] == "[search] 2d6 (5, 5) + 3 = 13 vs TN 12: success (margin 1)"


# -- teamwork and stacking (seed 003: the door kicked by three) -----------------------------------------

def test_the_door_kicked_by_three_the_best_placed_leads(game: Engine, script: Script) -> None:
    """seed 003, the door (TN 10, Strength + Crafts): one roll for all, each with their own bonus
    (``group_roll``): the roll of 7 fails Hugi (+0: 7) and Snowstorm (+2: 9) but Chatrik's +4
    makes 11. Chatrik is best placed and leads; Hugi adds half of 0 and Snowstorm half of +2
    (1): +5, 12 in all."""
    befriend(game, "chatrik", "snowstorm")
    assert say(game, script, "odds open north")[2] == "  2d6 + 5 vs TN 10 (professional): above succeeds, equal ties"
    lines = say(game, script, "open north", 3, 4)
    assert lines[:2] == ["[force] 2d6 (3, 4) + 5 = 12 vs TN 10: success (margin 2)",
                         "(Teamwork, one roll for all: you 7, Chatrik 11, Snowstorm 9. Chatrik is best placed "
                         "and leads; you, Snowstorm help: +1.)"]
    assert "gate/north" in game.state.opened


def test_option_teamwork_lead_player(tmp_path: Path, script: Script) -> None:
    game = new_game(tmp_path, teamwork_lead="player", teamwork_rounding="stack")
    befriend(game, "chatrik", "snowstorm")
    assert say(game, script, "odds open north")[2] == "  2d6 + 3 vs TN 10 (professional): above succeeds, equal ties"


def test_a_helper_arriving_changes_the_circumstances(game: Engine, script: Script) -> None:
    say(game, script, "open north", 1, 2, 1)
    befriend(game, "chatrik")
    assert rolls(say(game, script, "open north", 4, 5)) == ["[force] 2d6 (4, 5) + 4 = 13 vs TN 10: success (margin 3)"]


def test_sneaking_gains_nothing_from_friends(game: Engine, script: Script) -> None:
    place(game, "hall")
    game.world.npc_state("chatrik").room = "hall"
    befriend(game, "chatrik")
    state = game.world.npc_state("chatrik")
    state.sheet = game.world.system.npc_sheet(1, {"dexterity": 3, "stealth": 3, "wits": 3, "vigilance": 3})
    assert say(game, script, "odds sneak north")[2].startswith("  2d6 + 2 vs TN 8")
    assert not say(game, script, "odds search")[2].startswith("  2d6 + 2 ")  # the same friend helps a search


# -- resisted actions ----------------------------------------------------------------------------------------

def test_sneaking_past_the_guard_is_resisted_by_its_wits_and_vigilance(game: Engine, script: Script) -> None:
    say(game, script, "w")
    assert say(game, script, "n") == ["The gate guard blocks your way. Fight, or try to flee."]
    lines = say(game, script, "sneak north", 4, 5, 6, 6, 3)  # the sneak; then the brute's attack in the tower
    assert lines[:4] == ["[sneak] 2d6 (4, 5) + 2 = 11 vs TN 8: success (margin 3)",
                         "(Resisted: the gate guard adds +1 to TN 7.)",
                         "You slip past the gate guard and away north.", "Tower"]
    assert game.state.room == "tower"


def test_caught_sneaking_the_guard_turns_on_you_and_strikes(game: Engine, script: Script) -> None:
    place(game, "hall")
    lines = say(game, script, "sneak north", 1, 2, 1, 1, 4)
    assert lines == ["[sneak] 2d6 (1, 2) + 2 = 5 vs TN 8: failure (margin -3)",
                     "(Resisted: the gate guard adds +1 to TN 7.)",
                     "The gate guard sees you.", "The gate guard turns on you!",
                     "[the gate guard attacks] defence roll 2d6 (1, 1) + 2 = 4 vs TN 9: failure (margin -5)",
                     "[the gate guard attacks: follow-up] the gate guard strikes you: damage 1d6 (4) + 1 = 5: you lose 5 HP",
                     "You have 1 of 6 HP left."]


# -- fights: one roll decides the exchange ------------------------------------------------------------------

def test_the_players_attack_roll_decides_both_sides(game: Engine, script: Script) -> None:
    """Dexterity 1 + Combat 1 against TN 7 + the brute's 1 + 1: TN 9.  Missing means being hit."""
    place(game, "tower")
    lines = say(game, script, "attack brute", 1, 1, 4)  # three faces: the brute does not attack again
    assert lines == ["[you attack the brute] 2d6 (1, 1) + 2 = 4 vs TN 9: failure (margin -5)",
                     "[you attack the brute: follow-up] the brute strikes you: damage 1d6 (4) + 1 = 5: you lose 5 HP",
                     "You have 1 of 6 HP left."]
    assert game.state.player.fatigue == 1, "a round of fighting is strenuous"
    lines = say(game, script, "attack brute", 6, 6, 5)
    assert lines == ["[you attack the brute] 2d6 (6, 6) + 2 = 14 vs TN 9: success (margin 5)",
                     "[you attack the brute: follow-up] you strike the brute: damage 1d6 (5) + 1 = 6, a clean hit past the armour's covering 2: the brute loses 6 HP",
                     "(Fatigue 2 is above your 1 HP: -1 to every roll.)"]
    assert game.world.npc_state("brute").sheet.hp == 1


def test_armour_absorbs_a_near_miss(game: Engine, script: Script) -> None:
    place(game, "tower")
    lines = say(game, script, "attack brute", 4, 4, 2)  # margin 1 < the brute's covering 2: DR 1 counts
    assert lines[1] == ("[you attack the brute: follow-up] you strike the brute: damage 1d6 (2) + 1 = 3, "
                        "armour absorbs 1 (a near miss, within its covering 2): the brute loses 2 HP")


def test_a_tied_attack_asks_both_or_neither(game: Engine, script: Script) -> None:
    place(game, "tower")
    script.turns[0] = [3, 4, 2, 1]
    assert say(game, script, "attack brute") == [
        "[you attack the brute] 2d6 (3, 4) + 2 = 9 vs TN 9: tie (margin 0)",
        "A tie: 9 against TN 9. Trade blows, striking the brute and being struck (yes), or neither lands (no)?"]
    assert say(game, script, "yes") == [  # the roll is not shown again
        "You trade blows.",
        "[you attack the brute: follow-up] you strike the brute: damage 1d6 (2) + 1 = 3, armour absorbs 1 (a near miss, within its covering 2): the brute loses 2 HP",
        "[you attack the brute: follow-up] the brute strikes you: damage 1d6 (1) + 1 = 2: you lose 2 HP",
        "You have 4 of 6 HP left."]
    script.turns[1] = [3, 4]
    say(game, script, "attack brute")
    assert say(game, script, "no") == ["You hold back.", "Neither lands a blow."]


def test_a_foes_attack_is_the_players_defence_roll_and_a_tie_is_asked(game: Engine, script: Script) -> None:
    place(game, "tower")
    assert say(game, script, "wait", 6, 5, 3) == [
        "Time passes.",
        "[the brute attacks] defence roll 2d6 (6, 5) + 2 = 13 vs TN 9: success (margin 4)",
        "[the brute attacks: follow-up] you strike the brute: damage 1d6 (3) + 1 = 4, a clean hit past the armour's covering 2: the brute loses 4 HP"]
    lines = say(game, script, "wait", 3, 4)
    assert lines == ["Time passes.",
                     "[morale of the brute] 2d6 (4, 6) = 10 vs TN 6: success (margin 4)",
                     "[the brute attacks] defence roll 2d6 (3, 4) + 2 = 9 vs TN 9: tie (margin 0)",
                     "A tie: 9 against TN 9. Trade blows, striking the brute and being struck (yes), or neither "
                     "lands (no)?"]
    assert say(game, script, "n") == ["You hold back.", "Neither lands a blow."]


def test_fleeing_is_resisted_and_a_tie_may_take_a_parting_blow(game: Engine, script: Script) -> None:
    place(game, "tower")
    assert say(game, script, "odds flee")[2] == "  2d6 + 2 vs TN 8 (serious): above succeeds, equal ties"
    script.turns[0] = [3, 3, 2]
    assert say(game, script, "flee") == [
        "[flee] 2d6 (3, 3) + 2 = 8 vs TN 8: tie (margin 0)", "(Resisted: the brute adds +1 to TN 7.)",
        "A tie: 8 against TN 8. Break away, but the brute lands a blow (yes), or stay in the fight (no)?"]
    lines = say(game, script, "y")
    assert lines[:5] == ["You accept the danger.",
                         "[parting blow] the brute strikes you: damage 1d6 (2) + 1 = 3: you lose 3 HP",
                         "You have 3 of 6 HP left.", "You break away and run south.", "Hall"]
    assert game.state.room == "hall"


def test_in_a_fight_every_round_is_a_new_roll(game: Engine, script: Script) -> None:
    place(game, "tower")
    say(game, script, "flee", 1, 1, 1, 1, 1)  # caught; the brute's blow lands for 2
    assert rolls(say(game, script, "flee", 6, 6))[0] == "[flee] 2d6 (6, 6) + 2 = 14 vs TN 8: success (margin 6)"


def test_a_weapon_made_for_the_foe_deals_more(game: Engine, script: Script) -> None:
    """The shock rod (d6: +1) is made for synthetic things: +2 more against the automaton (TN 7 + 0)."""
    place(game, "cellar")
    game.world.move_item("shock-rod", "player")
    assert say(game, script, "attack automaton with rod", 5, 4, 2) == [
        "(The shock rod is made for synthetic things: +2 damage.)",
        "[you attack the automaton] 2d6 (5, 4) + 2 = 11 vs TN 7: success (margin 4)",
        "[you attack the automaton: follow-up] you strike the automaton: damage 1d6 (2) + 3 = 5: the automaton loses 5 HP",
        "The automaton collapses, out of the fight.",
        "(The automaton is beaten: 4 XP, yours at your next downtime.)"]


def test_a_weapon_made_for_the_foe_deals_more_when_the_player_strikes_back(game: Engine, script: Script) -> None:
    """The automaton attacks; the defence roll beats its TN, and the rod's blow gets the +2 too."""
    place(game, "cellar")
    game.world.move_item("knife", "room:gate")
    game.world.move_item("shock-rod", "player")
    assert say(game, script, "wait", 5, 4, 2) == [
        "Time passes.",
        "(The shock rod is made for synthetic things: +2 damage.)",
        "[the automaton attacks] defence roll 2d6 (5, 4) + 2 = 11 vs TN 7: success (margin 4)",
        "[the automaton attacks: follow-up] you strike the automaton: damage 1d6 (2) + 3 = 5: the automaton loses 5 HP",
        "The automaton collapses, out of the fight.",
        "(The automaton is beaten: 4 XP, yours at your next downtime.)"]


def test_the_made_for_note_only_comes_with_a_blow_that_lands(game: Engine, script: Script) -> None:
    place(game, "cellar")
    game.world.move_item("shock-rod", "player")
    assert say(game, script, "attack automaton with rod", 1, 1, 1) == [
        "[you attack the automaton] 2d6 (1, 1) + 2 = 4 vs TN 7: failure (margin -3)",
        "[you attack the automaton: follow-up] the automaton strikes you: damage 1d6 (1) - 1 = 0, at least 1: "
        "you lose 1 HP",
        "You have 5 of 6 HP left."]


def test_a_blow_at_a_foe_who_is_down_needs_no_roll_and_lands(game: Engine, script: Script) -> None:
    place(game, "cellar")
    game.world.move_item("shock-rod", "player")
    automaton = game.world.npc_state("automaton")
    automaton.sheet = replace(automaton.sheet, hp=0)
    lines = say(game, script, "attack automaton with rod", 4)
    assert lines[:3] == [
        "(The automaton is down and cannot resist: no roll.)",
        "(The shock rod is made for synthetic things: +2 damage.)",
        "[you attack the automaton] you strike the automaton: damage 1d6 (4) + 3 = 7: the automaton loses 7 HP"]
    assert game.world.npc_condition("automaton") == "dead"


def test_a_body_that_carried_nothing_has_no_belongings_scattered(game: Engine, script: Script) -> None:
    """The shock rod lies in the cellar, but it was never the automaton's."""
    place(game, "cellar")
    automaton = game.world.npc_state("automaton")
    automaton.sheet = replace(automaton.sheet, dead=True)
    assert say(game, script, "x automaton") == ["The body of the automaton lies still.",
                                                "There is nothing left on the body."]


def test_a_body_whose_things_fell_about_it_says_so(tmp_path: Path, script: Script) -> None:
    drift = load_adventure(find_adventure("halcyon-drift", bundled_root()))
    game = Engine.new_game(drift, get_system("bind"), 7)
    place(game, "cargo-bay")
    scavenger = game.world.npc_state("scavenger")
    scavenger.sheet = replace(scavenger.sheet, dead=True)
    assert game.world.drop_npc_items("scavenger") == ["spare-wrench"]
    assert say(game, script, "x scavenger")[1] == \
        "His belongings lie about: a heavy wrench."


# -- margins, harm and healing --------------------------------------------------------------------------------

def test_a_wide_margin_on_identify_tells_what_the_thing_does(game: Engine, script: Script) -> None:
    """Intelligence 2 + Academics 0, hard (TN 10), at rest: 1d6 + 6 + 2.  A margin of 3 or more says more."""
    game.world.move_item("relic", "player")
    assert say(game, script, "identify relic", 6) == [
        "[identify] 1d6 (6) + 6 (resting) + 2 = 14 vs TN 10: success (margin 4)",
        "(A resting action: nothing threatens you here, so you take your time. One die is rolled, "
        "the other counts as 6; each attempt takes an hour.)",
        "You work it out: this is the Singing Bone.",
        "You understand it well (margin 4): it heals (d6)."]


def test_a_narrow_margin_names_it_only(game: Engine, script: Script) -> None:
    game.world.move_item("relic", "player")
    assert say(game, script, "identify relic", 3)[-1] == "You work it out: this is the Singing Bone."


def test_a_failed_study_may_be_taken_up_again_at_rest(game: Engine, script: Script) -> None:
    game.world.move_item("relic", "player")
    assert say(game, script, "identify relic", 1)[-1] == "It keeps its secret. A settlement appraiser might know it."
    assert say(game, script, "identify relic", 4)[-1] == "You work it out: this is the Singing Bone."


def test_healing_is_a_d6_plus_the_dies_bonus(game: Engine, script: Script) -> None:
    game.world.move_item("relic", "player")
    game.state.player = replace(game.state.player, hp=1)
    assert say(game, script, "use relic", 3) == [
        "You use the odd relic.", "[heal] healing 1d6 (3) + 1 = 4 HP (1D6 + 1, a d6 remedy)", "HP 1 -> 5 of 6."]


# -- weight and encumbrance -------------------------------------------------------------------------------------

def test_too_heavy_to_carry_and_the_load_encumbers(game: Engine, script: Script) -> None:
    assert say(game, script, "take anvil") == [
        "The anvil is too heavy for you to carry: Weight 11, and you can carry at most Strength +0 + 6 = 6."]
    assert say(game, script, "take sack") == ["Taken: the sack of stones."]
    assert "  Encumbrance 3: -3 to Speed, +3 Fatigue each interval" in say(game, script, "stats")
    place(game, "tower")
    assert say(game, script, "odds flee")[2] == "  2d6 - 1 vs TN 8 (serious): above succeeds, equal ties"


def load_line(game: Engine, script: Script) -> str:
    """The Encumbrance line of ``stats`` after an action (the sheet is equipped from the first action on)."""
    say(game, script, "wait")
    return next((line for line in say(game, script, "stats") if line.startswith("  Encumbrance")), "")


def test_a_two_hander_wielded_in_one_hand_counts_two_more_weight(tmp_path: Path, script: Script) -> None:
    """seed 003 §Weight: "hefting a battle axe in only one hand would mean it has an effective Weight of 5".

    House rule ``one_hand_weight = "two-handers"`` (default): the wanderer fights
    one-handed, so the axe (Weight 3, ``hands = 2``) counts 5: Strength +0 gives
    Encumbrance 5; the knife (a one-hander, listed Weight -1) adds nothing.
    """
    (tmp_path / "default").mkdir()
    (tmp_path / "off").mkdir()
    game = new_game(tmp_path / "default")
    assert load_line(game, script) == ""
    game.world.move_item("battle-axe", PLAYER)
    assert load_line(game, script) == "  Encumbrance 5: -5 to Speed, +5 Fatigue each interval"
    off = new_game(tmp_path / "off", one_hand_weight="off")
    off.world.move_item("battle-axe", PLAYER)
    assert load_line(off, script) == "  Encumbrance 3: -3 to Speed, +3 Fatigue each interval"


def test_every_wielded_weapon_counts_two_more_under_the_wielded_option(tmp_path: Path, script: Script) -> None:
    """``one_hand_weight = "wielded"``: the knife (listed Weight -1) in one hand counts +1 at Strength +0."""
    game = new_game(tmp_path, one_hand_weight="wielded")
    assert load_line(game, script) == "  Encumbrance 1: -1 to Speed, +1 Fatigue each interval"
    assert game.status_line().startswith("Gate | HP 6/6 Enc 1 |")
    game.world.move_item("battle-axe", PLAYER)
    assert load_line(game, script) == "  Encumbrance 5: -5 to Speed, +5 Fatigue each interval"


def test_the_load_tires_every_interval_on_the_move(game: Engine, script: Script) -> None:
    say(game, script, "take sack")
    game.state.minutes = 11 * 60
    lines = say(game, script, "e", 2, 6, 6)  # no encounter; the climb
    assert lines[-2:] == ["It is now afternoon (day 1).", "Your load wears on you (Encumbrance 3): Fatigue 0 -> 3."]
    say(game, script, "wait 6 hours")
    assert game.state.player.fatigue == 3, "waiting is no march"


def test_nothing_more_at_five_encumbrance(game: Engine, script: Script) -> None:
    game.state.player = replace(game.state.player, attributes={**game.state.player.attributes, "strength": -2})
    say(game, script, "take sack")  # Weight 3 against Strength -2: 5 points
    assert say(game, script, "take crowbar") == [
        "You cannot carry the crowbar as well: your load is already at Encumbrance 6, and nobody carries more at 5."]


# -- time: intervals, rest, healing, downtime ---------------------------------------------------------------------

def test_rests_last_an_interval_or_a_day_and_take_fatigue_away(game: Engine, script: Script) -> None:
    game.state.player = replace(game.state.player, fatigue=9)
    assert say(game, script, "rest short") == ["You sit down with a meal.", "You rest an interval (6 hours): Fatigue 9 -> 6.",
                                                "It is now afternoon (day 1)."]
    assert game.state.clock == "12:00"
    say(game, script, "rest long")
    assert game.state.player.fatigue == 0 and game.state.day == 2 and game.state.clock == "12:00"


def test_healing_a_quarter_of_the_hp_a_week(game: Engine, script: Script) -> None:
    game.state.player = replace(game.state.player, hp=2)
    lines = say(game, script, "wait 6 days")
    assert game.state.player.hp == 2 and game.state.player.healing_days == 6
    lines = say(game, script, "wait 1 day")
    assert "A week has passed since your wounds began to mend: HP 2 -> 4." in lines


def test_downtime_at_a_settlement_heals_everything(game: Engine, script: Script) -> None:
    assert say(game, script, "downtime") == ["Downtime needs a safe place to stay: a settlement."]
    say(game, script, "w")
    game.state.player = replace(game.state.player, hp=1, fatigue=7)
    water, food, day = game.state.water, game.state.food, game.state.day
    lines = say(game, script, "downtime")
    assert lines[0] == "You take a week of downtime in the Hall: you heal and rest (HP 1 -> 6, Fatigue 7 -> 0)."
    # the week's upkeep (seed 003 §Downtime is silent: each day needs its water and food, as any day)
    assert (game.state.water, game.state.food, game.state.day) == (water - 7, food - 6, day + 7)
    assert "As the day ends you drink a ration of water (9 left)." in lines
    assert "You eat a ration before sleep (9 left)." in lines
    assert game.state.player.hp == 6


def test_option_downtime_upkeep_free_keeps_the_week_for_nothing(tmp_path: Path, script: Script) -> None:
    game = new_game(tmp_path, downtime_upkeep="free")
    say(game, script, "w")
    water, food = game.state.water, game.state.food
    say(game, script, "downtime")
    assert (game.state.water, game.state.food) == (water, food)


#: The lines of each day's water and food, which a week of downtime says seven times.
UPKEEP = ("As the day ends", "You eat a ration", "You go a day", "A day without water")


# -- advancement: XP for the foes beaten, awarded and spent in downtime (seed 003 §Downtime) ---------------

def beat_the_automaton(game: Engine, script: Script) -> None:
    place(game, "cellar")
    game.world.move_item("shock-rod", "player")
    lines = say(game, script, "attack automaton with rod", 5, 4, 2)
    assert lines[-1] == "(The automaton is beaten: 4 XP, yours at your next downtime.)"


def test_a_beaten_foe_earns_xp_for_the_next_downtime(game: Engine, script: Script) -> None:
    beat_the_automaton(game, script)
    assert game.state.player.xp_pending == (4,)
    assert "  XP 0 (and 4 earned on this mission, yours at your next downtime)" in say(game, script, "sheet")
    say(game, script, "wait", 6)  # a beaten foe earns nothing twice
    assert game.state.player.xp_pending == (4,)


def test_downtime_awards_the_missions_xp_and_opens_training(game: Engine, script: Script) -> None:
    beat_the_automaton(game, script)
    place(game, "hall")
    lines = [line for line in say(game, script, "downtime") if not line.startswith(UPKEEP)]
    assert lines[1:] == [
        "The mission's 1 foe beaten: 4 XP; alone, you take 3 (the XP Discount: 1 off the greatest).",
        "You have 3 XP. While you stay here, train TRAIT raises a Trait a level (train alone lists the costs)."]
    assert (game.state.player.xp, game.state.player.xp_pending, game.state.player.in_downtime) == (3, (), True)
    assert say(game, script, "train stealth") == ["Stealth +2 costs 10 XP; you have 3."]
    game.state.player = replace(game.state.player, xp=25)
    assert say(game, script, "train stealth") == ["You train Stealth: +1 -> +2, for 10 XP (15 left)."]
    assert say(game, script, "train stealth") == [
        "Stealth has risen a level this downtime already: one level a Trait an adventure."]
    assert say(game, script, "improve str") == ["You train Strength: +0 -> +1, for 10 XP (5 left)."]
    assert (game.state.player.attribute("strength"), game.state.player.max_hp) == (1, 7)
    assert say(game, script, "train luck") == ['Train which Trait? "luck" is none of them: train alone lists them.']
    say(game, script, "e")
    assert say(game, script, "train wits") == ["Traits are trained in downtime: take downtime at a settlement first."]
    assert not game.state.player.in_downtime and game.state.player.trained == ()


def test_train_alone_lists_each_traits_next_level_and_cost(game: Engine, script: Script) -> None:
    lines = say(game, script, "train")
    assert lines[0] == "You have 0 XP; Traits are trained in downtime (at a settlement)."
    assert lines[1].startswith("  Attributes: Strength +0 -> +1: 10 XP, Dexterity +1 -> +2: 20 XP,")
    assert "Wits +1 -> +2: 20 XP" in lines[1]
    assert lines[2].startswith("  Skills: Academics +0 -> +1: 5 XP, Athletics +0 -> +1: 5 XP,")
    assert "Combat +1 -> +2: 20 XP" in lines[2]


def test_a_second_downtime_in_a_row_goes_on_with_the_same_training(tmp_path: Path, script: Script) -> None:
    game = new_game(tmp_path, downtime_upkeep="free")  # two weeks: more than the test's water
    place(game, "hall")
    game.state.player = replace(game.state.player, xp=30)
    say(game, script, "downtime")
    say(game, script, "train stealth")
    lines = [line for line in say(game, script, "downtime") if not line.startswith(UPKEEP)]
    assert len(lines) == 1 and lines[0].startswith("You take a week of downtime in the Hall")
    assert say(game, script, "train stealth")[0].startswith("Stealth has risen a level this downtime already")


def test_xp_survive_a_save(game: Engine, script: Script, tmp_path: Path) -> None:
    from game.saves import SaveStore

    beat_the_automaton(game, script)
    game.saves = SaveStore(tmp_path / "saves", game.adventure)
    assert say(game, script, "save xp")[0].startswith('Saved to slot "xp"')
    game.state.player = replace(game.state.player, xp_pending=())
    assert say(game, script, "load xp")[0] == 'Loaded slot "xp".'
    assert game.state.player.xp_pending == (4,)


# -- space: regions and their encounters -----------------------------------------------------------------------------

def test_entering_an_area_of_a_region_may_bring_its_encounter(game: Engine, script: Script) -> None:
    lines = say(game, script, "e", 1, 6, 6)  # the encounter die, then the climb; the wolf does not strike yet
    assert lines[:3] == ["[encounters] 1d6 (1): an encounter (1 in 6 on entering an area of the Wilds)",
                         "A grey wolf comes upon you out of the Wilds!",
                         "[climb] 2d6 (6, 6) + 1 = 13 vs TN 7: success (margin 6)"]
    assert "A grey wolf is here, and means you harm." in lines
    assert game.world.npc_room("wolf") == "dunes"


def test_most_of_the_time_nothing_comes(game: Engine, script: Script) -> None:
    lines = say(game, script, "e", 4, 6, 6)
    assert lines[0] == "[encounters] 1d6 (4): nothing comes (1 in 6 on entering an area of the Wilds)"
    assert game.world.npc_room("wolf") == ""
    town = [r for r in rolls(say(game, script, "w")) if not r.startswith("[reaction of")]
    assert not town, "the Town has no encounters (meeting its people rolls their reactions)"


# -- hazards: a tie may turn back --------------------------------------------------------------------------------------

def test_a_tied_hazard_offers_to_turn_back_unhurt(game: Engine, script: Script) -> None:
    script.turns[0] = [3, 3, 3]
    assert say(game, script, "e")[-1] == "A tie: 7 against TN 7. Press on and take the harm (yes), or turn back unhurt (no)?"
    lines = say(game, script, "no")
    assert lines[:3] == ["You think better of it.", "You turn back the way you came.", "Gate"]
    assert game.state.room == "gate" and game.state.player.hp == 6
    script.turns[1] = [4, 2]  # the same day: the encounter die, the remembered tie, and the harm if pressing on
    assert say(game, script, "e")[1:4] == ["[climb] remembered 2d6 (3, 3) + 1 = 7 vs TN 7: tie (margin 0)",
                                           "(One roll only: nothing has changed since you tried this, so it goes "
                                           "the same way. Another day, new gear in hand or a helper would change that.)",
                                           "A tie: 7 against TN 7. Press on and take the harm (yes), or turn back "
                                           "unhurt (no)?"]
    assert say(game, script, "yes")[:4] == ["You press on.", "You tumble down the dune.",
                                             "[hazard] harm 1d6 (2) + 0 = 2 HP (1D6 + 0, a d4 hazard)", "You lose 2 HP (HP 6 -> 4 of 6)."]
    assert game.state.room == "dunes"


# -- death at 0 HP and saving a life ----------------------------------------------------------------------------------------

def test_at_zero_hp_with_no_foe_about_a_life_may_be_saved(game: Engine, script: Script) -> None:
    game.state.player = replace(game.state.player, hp=1)
    lines = say(game, script, "e", 2, 1, 1, 3, 6, 5)  # no encounter; the climb fails; 3 harm; the save
    assert lines[-5:] == [
        "You fall at -2 HP. You try to bind your wounds before you black out (Wits + Medicine against TN 7 + 2).",
        "[save a life] 2d6 (6, 5) + 2 = 13 vs TN 9: success (margin 4)",
        "The bleeding stops; unconscious for the rest of the interval, but alive.",
        "You lie senseless until the morning is over, and wake weak, with 1 HP.",
        "It is now afternoon (day 1)."]
    assert game.state.status == "playing" and game.state.player.hp == 1 and game.state.clock == "12:00"


def test_a_failed_save_is_death(game: Engine, script: Script) -> None:
    game.state.player = replace(game.state.player, hp=1)
    lines = say(game, script, "e", 2, 1, 1, 3, 1, 1)
    assert lines[-3:] == ["[save a life] 2d6 (1, 1) + 2 = 4 vs TN 9: failure (margin -5)",
                          "The wounds are too deep: death comes.", "You are dead."]
    assert game.state.status == "dead"


def test_a_tied_save_asks_which_attribute_takes_the_wound(game: Engine, script: Script) -> None:
    """Seed 003 Basic Actions: a tie is the player's choice; the wound goes where they say."""
    game.state.player = replace(game.state.player, hp=1)
    lines = say(game, script, "e", 2, 1, 1, 3, 3, 4, 5)
    assert lines[-2] == "[save a life] 2d6 (3, 4) + 2 = 9 vs TN 9: tie (margin 0)"
    assert lines[-1].startswith("Your life hangs on a tie.") and "(strength, dexterity" in lines[-1]
    assert game.state.status == "playing" and game.state.turn == 0, "nothing settled yet"
    lines = say(game, script, "intelligence")
    assert lines[:3] == ["You take the wound on your intelligence.", "[save a life] permanent wound 1d6 (5) "
                         "off intelligence", "Alive, but with a permanent wound: intelligence 2 -> -3."]
    assert game.state.player.attribute("intelligence") == -3 and game.state.player.attribute("charisma") == 0
    assert game.state.status == "playing"


def test_yes_to_a_tied_save_puts_the_wound_on_the_best_attribute(game: Engine, script: Script) -> None:
    game.state.player = replace(game.state.player, hp=1)
    say(game, script, "e", 2, 1, 1, 3, 3, 4, 6)
    assert say(game, script, "yes")[0] == "You take the wound on your intelligence."
    assert game.state.player.attribute("intelligence") == -4 and game.state.status == "playing"


def test_refusing_the_wound_of_a_tied_save_is_death(game: Engine, script: Script) -> None:
    game.state.player = replace(game.state.player, hp=1)
    say(game, script, "e", 2, 1, 1, 3, 3, 4)
    assert say(game, script, "refuse")[:2] == ["You let go.", "The wounds are too deep: death comes."]
    assert game.state.status == "dead"


def test_falling_with_a_foe_standing_is_death(game: Engine, script: Script) -> None:
    place(game, "tower")
    game.state.player = replace(game.state.player, hp=2)
    lines = say(game, script, "attack brute", 1, 1, 6)
    assert lines[-2:] == ["You are down to -5 HP (of 6).", "You fall, and the brute makes sure you never rise."]
    assert game.state.status == "dead"


# -- teamwork in a bundled adventure: the Halcyon Drift's maintenance drone --------------------------------

def test_a_friendly_drone_helps_force_the_medbay_door(tmp_path: Path, script: Script) -> None:
    """Under BIND the drone won over at the first meeting helps where its round takes it: at the
    medbay door (Strength + Crafts, hard: TN 10) its +4 is the best placed and leads, Ashe's +1
    adds half of 1, rounded down (0); the one roll of 11 is Ashe's 12 and the drone's 15."""
    from game.systems.bind.traits import make_sheet

    halcyon = Path(__file__).resolve().parents[2] / "content" / "halcyon-drift"
    game = Engine.new_game(load_adventure(halcyon), get_system("bind"), 1)
    world = game.world
    game.state.player = make_sheet({"strength": 1}, {"athletics": 1})
    world.npc_state("bloom").sheet = replace(world.npc_state("bloom").sheet, hp=-99, dead=True)
    world.npc_state("maintenance-drone").disposition = "friendly"
    game.state.minutes = next(m for m in range(game.state.minutes, game.state.minutes + 24 * 60, 10)
                              if world.route_room("maintenance-drone", m) == "hydroponics"
                              and world.route_room("maintenance-drone", m + 30) == "hydroponics")
    place(game, "hydroponics")
    assert "maintenance-drone" in world.npcs_in()
    assert say(game, script, "odds open east")[2] == "  2d6 + 4 vs TN 10 (professional): above succeeds, equal ties"
    lines = say(game, script, "open east", 5, 6)
    assert lines[:2] == ["[force] 2d6 (5, 6) + 4 = 15 vs TN 10: success (margin 5)",
                         "(Teamwork, one roll for all: you 12, the maintenance drone 15. The maintenance drone "
                         "is best placed and leads; you help: +0.)"]
    assert "hydroponics/east" in game.state.opened


# -- action points (option action_points; seed 003 §Rounds: "if you want real detail") ---------------------

def test_action_points_run_out_when_two_foes_set_on_you(tmp_path: Path, script: Script) -> None:
    """Hugi: Speed 1, the sack's Encumbrance 3: 3 + 1 - 3 = 1 AP.  His knife (d6) costs 2 an
    exchange: his attack leaves -1, so the automaton's attack is met at -1."""
    game = new_game(tmp_path, action_points="on")
    say(game, script, "take sack")
    place(game, "tower")
    game.world.npc_state("automaton").room = "tower"
    assert "  Action points: 1 a round in a fight (3 + Speed - Encumbrance); an exchange costs 2 with knife; " \
           "below 0, a penalty" in say(game, script, "sheet")
    assert any(line.startswith("  Action points (an option of this adventure)") for line in say(game, script, "rules"))
    lines = say(game, script, "attack brute", 6, 6, 1, 6, 6, 1)
    assert "(Action points -1: the blows of this round have worn your time thin, -1 to this roll.)" in lines
    assert "[the automaton attacks] defence roll 2d6 (6, 6) + 1 = 13 vs TN 7: success (margin 6)" in lines
    assert game.state.player.ap == 0, "the round's AP are gone when it ends"


def test_without_the_option_there_are_no_action_points(game: Engine, script: Script) -> None:
    say(game, script, "take sack")
    place(game, "tower")
    game.world.npc_state("automaton").room = "tower"
    lines = say(game, script, "attack brute", 6, 6, 1, 6, 6, 1)
    assert not [line for line in lines if "Action points" in line]
    assert "[the automaton attacks] defence roll 2d6 (6, 6) + 2 = 14 vs TN 7: success (margin 7)" in lines


def test_a_foe_beaten_in_the_round_you_meet_it_earns_xp(game: Engine, script: Script) -> None:
    """The brute waits in the dunes; it strikes as you come in, and your defence roll fells it
    (a clean hit: 1d6 (6) + 1 = 7, its 7 HP)."""
    game.world.npc_state("brute").room = "dunes"
    lines = say(game, script, "e", 4, 6, 6, 6, 6)
    assert "(The brute is beaten: 7 XP, yours at your next downtime.)" in lines
    assert game.state.player.xp_pending == (7,)


def test_action_points_count_the_round_you_walk_into_a_foe(tmp_path: Path, script: Script) -> None:
    """Option action_points: the round's AP (3 + Speed 1 = 4) are there in the round the player
    walks in on two foes: each defence roll costs the knife's 2 AP, and neither is below 0."""
    game = new_game(tmp_path, action_points="on")
    game.world.npc_state("brute").room = "dunes"
    game.world.npc_state("automaton").room = "dunes"
    lines = say(game, script, "e", 4, 6, 6, 6, 1, 6, 6, 1)  # two defences, each a light blow back
    assert sum(line.startswith(("[the brute attacks]", "[the automaton attacks]")) for line in lines) == 2, lines
    assert not any("Action points -" in line for line in lines), lines
