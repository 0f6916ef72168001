"""OpenD6 in play, at the prompt: hidden difficulties, the Wild Die, points, damage, rounds.

The engine runs the tiny adventure (and the default one for hazards) under
``opend6``; the dice of each turn are scripted by patching
``game.engine.dice_for_turn``, so every face read is known and an unexpected
roll fails the test (the script runs out).
"""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from game.engine import Engine
from game.events import PLAYER
from game.paths import bundled_root
from game.rules.dice import ScriptedDice
from game.rules.registry import get_system
from game.saves import SaveStore
from game.systems.opend6.codes import DieCode
from game.systems.opend6.rules import OpenD6
from game.systems.opend6.types import D6Moment, D6Sheet, Setback
from game.world.content import Adventure
from game.world.loader import find_adventure, load_adventure
from tests.conftest import TurnScript as Script
from tests.conftest import say_with_dice as say

HERO = {
    "reflexes": "3D", "coordination": "3D", "physique": "3D", "knowledge": "3D", "perception": "3D",
    "presence": "3D", "skills": {"melee": "1D", "dodge": "1D", "search": "1D", "climbing": "1D"},
}
SEARCH_HINT = "Spotting it should not give you much trouble."
FOUND = "You find a hidden way down!"


def make_engine(adventure: Adventure, tmp_path: Path, stats: dict[str, Any] | None = None, **options: str) -> Engine:
    """An OpenD6 run of ``adventure`` with ``stats``; these tests script the faces of attacks and
    checks, so the round's order is the option ``initiative = "player-first"`` unless given
    (initiative itself: ``test_opend6_initiative.py``)."""
    system = get_system("opend6", {"initiative": "player-first", **options})
    engine = Engine.new_game(adventure, system, 1, saves=SaveStore(tmp_path, adventure))
    assert isinstance(system, OpenD6)
    engine.state.player = system.new_character(stats or HERO, ScriptedDice([]))
    return engine


@pytest.fixture
def engine(tiny: Adventure, tmp_path: Path) -> Engine:
    return make_engine(tiny, tmp_path)


def player(engine: Engine) -> D6Sheet:
    sheet: D6Sheet = engine.state.player
    return sheet


def edit(engine: Engine, **changes: Any) -> None:
    """Change the player's sheet as a test set-up."""
    engine.state.player = replace(engine.state.player, **changes)


def moment(engine: Engine) -> D6Moment:
    """The OpenD6 moment (an idle one for None)."""
    return engine.state.moment or D6Moment()


def stats(engine: Engine, script: Script) -> list[str]:
    """What ``stats`` shows (the moment's lines included)."""
    return say(engine, script, "stats")


def to_the_well(engine: Engine, script: Script) -> None:
    """Walk north to the raider, who misses (3D: 1, 1 + wild 2 = 4 against defence 12)."""
    lines = say(engine, script, "n", [1, 1, 2])
    assert "The dune raider misses you." in lines


# -- hidden difficulties and hints ----------------------------------------------------------

def test_a_check_hints_at_its_difficulty_and_hides_the_number(engine: Engine, script: Script) -> None:
    lines = say(engine, script, "search", [2, 2, 2, 3])
    assert lines == [SEARCH_HINT, "[search] Perception + search 4D (2, 2, 2 + wild 3) = 9: success", FOUND]
    assert not any("vs" in line or "margin" in line or " 8" in line for line in lines)
    assert engine.dice_log[-1][2].figures["difficulty"] == 8  # the number is still known
    why = engine.submit("why").lines
    assert not any("difficulty" in line or "margin" in line for line in why[:4]), "why keeps the secret too"


def test_odds_tells_the_exact_chance_but_not_the_hidden_number(engine: Engine, script: Script) -> None:
    """Seed 002: the Game Master "doesn't usually tell you the difficulty number"."""
    system = engine.system
    exact = system.odds(system.parse_request({"dice": "4", "difficulty": "8"}))
    lines = say(engine, script, "odds search")
    assert lines[0] == f"Odds of search: {float(exact.p_success) * 100:.1f}% to succeed."
    assert lines[-1] == "  4D with a Wild Die vs a hidden difficulty (wild 1: complication)"
    assert engine.state.turn == 0 and player(engine).character_points == 5


def test_option_difficulty_in_odds_shown(tiny: Adventure, tmp_path: Path, script: Script) -> None:
    engine = make_engine(tiny, tmp_path, difficulty_in_odds="shown")
    assert say(engine, script, "odds search")[-1] == "  4D with a Wild Die vs 8 (wild 1: complication)"


def test_a_wild_one_punishes_once_by_default(engine: Engine, script: Script) -> None:
    lines = say(engine, script, "search", [6, 6, 6, 1])
    assert "Complication: the Wild Die shows 1, and grit gets into your eyes." in lines
    lines = say(engine, script, "search", [2, 2, 2, 2])
    assert "shaken" not in " ".join(lines)


def test_the_first_attack_on_a_foe_hints_at_its_defence_without_the_number(engine: Engine, script: Script) -> None:
    to_the_well(engine, script)
    # attack 4D: 4, 4, 4 + wild 4 = 16 vs defence 9; damage 3D+1 knife: 1, 1 + wild 2 + 2 = 6;
    # resistance 2D: 5 + wild 5 = 10 -- then the raider misses: 1, 1 + wild 2
    lines = say(engine, script, "attack raider", [4, 4, 4, 4, 1, 1, 2, 5, 5, 1, 1, 2])
    assert lines[:2] == ["Hitting the dune raider should not give you much trouble.",
                         "[you attack the dune raider] Reflexes + melee 4D (4, 4, 4 + wild 4) = 16: success"]
    assert "Damage 6 against its resistance 10: the dune raider shrugs it off." in lines
    edit(engine, cp_prompt=False)
    lines = say(engine, script, "attack raider", [1, 1, 1, 2, 1, 1, 2])
    assert lines[0] == "[you attack the dune raider] Reflexes + melee 4D (1, 1, 1 + wild 2) = 5: failure"
    assert "You miss the dune raider." in lines


# -- the Wild Die ------------------------------------------------------------------------

def test_the_wild_die_explodes_and_the_explosion_is_told(engine: Engine, script: Script) -> None:
    lines = say(engine, script, "search", [1, 1, 1, 6, 6, 2])
    assert lines[1] == "[search] Perception + search 4D (1, 1, 1 + wild 6+6+2) = 17: success, critical success"
    assert lines[2] == "Critical success: the Wild Die comes up 6 and rolls again, adding 14 in all."


def test_a_wild_one_brings_a_complication_that_lapses_after_the_next_action(tiny: Adventure, tmp_path: Path, script: Script) -> None:
    engine = make_engine(tiny, tmp_path, complication="setback")
    lines = say(engine, script, "search", [6, 6, 6, 1])
    assert lines[1:] == [
        "[search] Perception + search 4D (6, 6, 6 + wild 1) = 19: success, critical failure",
        "Complication: the Wild Die shows 1, and grit gets into your eyes (-1D to your next action).",
        FOUND,
    ]
    assert "  Shaken by a complication: -1D to your next action." in stats(engine, script)
    lines = say(engine, script, "d")  # the next action rolls nothing: the -1D lapses at its end
    assert lines[-1] == "You shake off the complication."
    assert moment(engine).setback(PLAYER) is None


def test_a_complication_costs_the_next_action_a_die(tiny: Adventure, tmp_path: Path, script: Script) -> None:
    engine = make_engine(tiny, tmp_path, complication="setback")
    to_the_well(engine, script)
    edit(engine, cp_prompt=False)
    lines = say(engine, script, "attack raider", [1, 1, 1, 1, 1, 1, 2])
    assert lines[1:4] == [
        "[you attack the dune raider] Reflexes + melee 4D (1, 1, 1 + wild 1) = 4: failure, critical failure",
        "Complication: the Wild Die shows 1, and you overreach and leave yourself open (-1D to your next action).",
        "You miss the dune raider.",
    ]
    lines = say(engine, script, "attack raider", [1, 1, 2, 1, 1, 2])
    assert lines[0] == "[you attack the dune raider] Reflexes + melee (shaken -1D) 3D (1, 1 + wild 2) = 4: failure"
    assert moment(engine).setback(PLAYER) is None
    assert "You shake off the complication." not in lines


def test_drop_highest_drops_the_wild_die_and_the_best_die(tiny: Adventure, tmp_path: Path, script: Script) -> None:
    engine = make_engine(tiny, tmp_path, wild_one="drop-highest")
    say(engine, script, "points off")
    lines = say(engine, script, "search", [6, 2, 2, 1])
    assert lines[1:] == [
        "[search] Perception + search 4D (6, 2, 2 + wild 1 (dropped with the 6)) = 4: failure, critical failure",
        "The Wild Die shows 1: it is dropped, and the highest other die with it.",
        "You search, but find nothing. Something may still be hidden here.",
    ]
    assert moment(engine).setback(PLAYER) is None


def test_mishap_on_failure_only_when_the_roll_fails(tiny: Adventure, tmp_path: Path, script: Script) -> None:
    engine = make_engine(tiny, tmp_path, wild_one="mishap-on-failure", complication="setback")
    say(engine, script, "points off")
    lines = say(engine, script, "search", [1, 1, 1, 1])
    assert lines[1:3] == ["[search] Perception + search 4D (1, 1, 1 + wild 1) = 4: failure, critical failure",
                          "Mishap: the Wild Die shows 1, and grit gets into your eyes (-1D to your next action)."]
    assert moment(engine).setback(PLAYER) == Setback(1, 1)
    lines = say(engine, script, "search", [6, 6, 1])  # 3D now: 12 + wild 1 = 13, a success: no mishap
    assert lines[1:] == ["[search] Perception + search (shaken -1D) 3D (6, 6 + wild 1) = 13: success", FOUND]
    assert moment(engine).setback(PLAYER) is None


def test_an_npc_complication_costs_its_next_attack_a_die(tiny: Adventure, tmp_path: Path, script: Script) -> None:
    engine = make_engine(tiny, tmp_path, complication="setback")
    lines = say(engine, script, "n", [1, 1, 1])
    assert lines[-2:] == ["Complication: the Wild Die shows 1, and the dune raider overreaches (-1D to its next attack).",
                          "The dune raider misses you."]
    lines = say(engine, script, "wait", [1, 2])
    assert lines[1] == "[the dune raider attacks] Reflexes + melee (shaken -1D) 2D (1 + wild 2) = 3 vs 12: failure (margin -9)"


def test_option_defence_active_the_player_dodges_or_parries_each_attack(tiny: Adventure, tmp_path: Path,
                                                                        script: Script) -> None:
    """OpenD6's active defence: the roll's total is the attacker's difficulty (never below
    the static defence, 12 for the hero's parry)."""
    engine = make_engine(tiny, tmp_path, defence="active")
    lines = say(engine, script, "n", [6, 6, 6, 6, 2, 1, 1, 2])
    defended = [line for line in lines if line.startswith("[you defend]")]
    # the multiple-action penalty: walking in was the round's action, the dodge its second
    assert defended == ["[you defend] Reflexes + dodge (action 2 this round -1D) 3D (6, 6 + wild 6+6+2) = 26, critical success"]
    assert moment(engine).defence_turn is None, "the count of actions ends with the round"
    assert any(line.startswith("[the dune raider attacks]") and "vs 26" in line for line in lines)
    low = make_engine(tiny, tmp_path / "low", defence="active")
    lines = say(low, script, "n", [1, 1, 1, 2, 1, 1, 2])
    assert any(line.startswith("[the dune raider attacks]") and "vs 12" in line for line in lines)


# -- Character Points ---------------------------------------------------------------------

def test_character_points_may_be_set_aside_before_a_roll(engine: Engine, script: Script) -> None:
    """seed 002 §Improving Rolls: a Character Point is one extra die (before, or after the roll)."""
    assert say(engine, script, "points spend") == [
        "Your next roll gets 1 extra die (a Character Point each). (\"points keep\" takes them back.)"]
    assert say(engine, script, "points spend")[0].startswith("Your next roll gets 2 extra dice")
    assert say(engine, script, "points keep") == ["You keep your Character Points for later."]
    say(engine, script, "points spend")
    assert "  Character Points set aside: +1D to your next roll." in say(engine, script, "stats")
    lines = say(engine, script, "search", [2, 2, 2, 2, 2])
    assert any(line.startswith("[search] Perception + search (Character Points +1D) 5D") for line in lines)
    assert player(engine).character_points == 4

def test_a_near_miss_asks_for_a_character_point_and_yes_adds_a_die(engine: Engine, script: Script) -> None:
    script.turns[0] = [1, 1, 2, 2, 5]
    report = engine.submit("search")
    assert report.question
    assert report.lines == [
        SEARCH_HINT,
        "[search] Perception + search 4D (1, 1, 2 + wild 2) = 6: failure",
        "One more die could still do it. (5 Character Points left; \"points off\" stops these questions.)",
        "Spend a Character Point? (yes/no)",
    ]
    assert engine.submit("yes").lines == [
        "You spend a Character Point (4 left) and roll one more die.",
        "[search] Perception + search 4D (1, 1, 2 + wild 2 + character die 5) = 11: success",
        FOUND,
    ]
    assert player(engine).character_points == 4
    assert engine.state.log == ["search", "yes"]
    assert engine.dice_log[-1][2].dice == (1, 1, 2, 2, 5)


def test_no_keeps_the_point_and_the_roll(engine: Engine, script: Script) -> None:
    script.turns[0] = [1, 1, 2, 2]
    assert engine.submit("search").question
    assert engine.submit("no").lines == [  # the roll was shown with the question: not again
        "You search, but find nothing. Something may still be hidden here.",
    ]
    assert player(engine).character_points == 5


def test_the_question_cannot_be_dodged_and_points_can_be_spent_again(engine: Engine, script: Script) -> None:
    script.turns[0] = [1, 1, 1, 1, 1, 6]
    engine.submit("search")
    assert engine.submit("blue").lines == ["Please answer yes/y/no/n (or undo to take the action back).",
                                           "Spend a Character Point? (yes/no)"]
    second = engine.submit("yes")
    assert second.question
    assert second.lines[:2] == ["You spend a Character Point (4 left) and roll one more die.",
                                "[search] Perception + search 4D (1, 1, 1 + wild 1 + character die 1) = 5: failure, critical failure"]
    lines = engine.submit("y").lines
    assert lines[:2] == ["You spend a Character Point (3 left) and roll one more die.",
                         "[search] Perception + search 4D (1, 1, 1 + wild 1 + character die 1, 6) = 11: success, critical failure"]
    assert lines[2].startswith("Complication:") and lines[-1] == FOUND


def test_the_question_comes_whenever_the_points_left_could_save_the_roll(tiny: Adventure, tmp_path: Path,
                                                                        script: Script) -> None:
    """Seed 002 §Improving Rolls: a Character Point is spent "after you've made a roll", a die each:
    7 short with 5 points left is within reach (two dice)."""
    engine = make_engine(tiny, tmp_path, {**HERO, "reflexes": "1D", "skills": {"dodge": "3D"}})
    to_the_well(engine, script)
    script.turns[1] = [2, 1, 1, 2]
    report = engine.submit("attack raider")
    assert report.question  # 1D: 2 against defence 9
    assert "2 more dice could still do it, a Character Point each. (5 Character Points left; \"points off\" " \
           "stops these questions.)" in report.lines


def test_option_cp_offer_one_die_asks_only_when_one_die_could_save_the_roll(tiny: Adventure, tmp_path: Path,
                                                                            script: Script) -> None:
    engine = make_engine(tiny, tmp_path, {**HERO, "reflexes": "1D", "skills": {"dodge": "3D"}}, cp_offer="one-die")
    to_the_well(engine, script)
    script.turns[1] = [2, 1, 1, 2]
    report = engine.submit("attack raider")
    assert not report.question  # 1D: 2 against defence 9 -- one die cannot make it
    assert report.lines[1] == "[you attack the dune raider] Reflexes + melee 1D (wild 2) = 2: failure"


def test_no_question_without_points_or_with_points_off(engine: Engine, script: Script) -> None:
    assert say(engine, script, "points off") == [
        "You will no longer be asked to spend Character Points (\"points on\" to be asked again)."]
    assert player(engine).cp_prompt is False
    script.turns[1] = [1, 1, 2, 2]
    assert not engine.submit("search").question
    assert "  You are not asked to spend Character Points (points on)." in stats(engine, script)
    say(engine, script, "points on")
    edit(engine, character_points=0)
    script.turns[3] = [1, 1, 2, 2]
    assert not engine.submit("search").question
    assert say(engine, script, "points") == [
        "Character Points 0, Fate Points 1.",
        "The Character Point question after a near miss is on (\"points off\").",
    ]


def test_a_character_point_can_save_an_attack(engine: Engine, script: Script) -> None:
    to_the_well(engine, script)
    # 4D: 1, 1, 1 + wild 2 = 5 vs 9; character die 6 = 11, a hit; damage 3D+2: 6, 6 + wild 6+1 + 2 = 21;
    # resistance 2D: 1 + wild 2 = 3 -- margin 17: dead
    script.turns[1] = [1, 1, 1, 2, 6, 6, 6, 6, 1, 1, 2]
    assert engine.submit("attack raider").question
    lines = engine.submit("yes").lines
    assert lines[:2] == ["You spend a Character Point (4 left) and roll one more die.",
                         "[you attack the dune raider] Reflexes + melee 4D (1, 1, 1 + wild 2 + character die 6) = 11: success"]
    assert "Damage 21 against its resistance 3: the dune raider is dead." in lines
    assert "The dune raider dies." in lines


def test_declining_a_character_point_on_an_attack_shows_the_roll_once(engine: Engine, script: Script) -> None:
    to_the_well(engine, script)
    # 4D: 1, 1, 1 + wild 2 = 5 vs 9, kept; the raider 3D: 1, 1 + wild 2 = 4 misses
    script.turns[1] = [1, 1, 1, 2, 1, 1, 2]
    report = engine.submit("attack raider")
    assert report.question and report.lines[-3] == \
        "[you attack the dune raider] Reflexes + melee 4D (1, 1, 1 + wild 2) = 5: failure"
    lines = engine.submit("no").lines
    assert not any(line.startswith("[you attack the dune raider]") for line in lines)
    assert lines[0] == "You miss the dune raider."


def test_a_foe_fought_that_fled_counts_among_the_foes_met(engine: Engine, script: Script) -> None:
    to_the_well(engine, script)
    raider = engine.world.npc_state("raider")
    raider.disposition = "wary"  # as after fleeing: routed, not beaten
    raider.memory = frozenset({"routed", "fought"})
    assert "Foes met: the dune raider; beaten: 0 of 1." in engine.meta.ending_lines()


# -- Fate Points -------------------------------------------------------------------------

def test_fate_doubles_the_next_roll(engine: Engine, script: Script) -> None:
    assert say(engine, script, "fate") == [
        "You gather all your will: your next roll will use twice the dice. (\"fate off\" takes it back.)"]
    odds = say(engine, script, "odds search")
    assert odds[-1] == "  8D with a Wild Die vs a hidden difficulty (wild 1: complication)"
    assert "  A Fate Point is waiting: your next roll uses twice the dice." in stats(engine, script)
    lines = say(engine, script, "search", [1, 1, 1, 1, 1, 1, 1, 2])
    assert lines[1:] == [
        "You spend a Fate Point and put everything you have into it: twice the dice.",
        "[search] Perception + search (Fate Point x2) 8D (1, 1, 1, 1, 1, 1, 1 + wild 2) = 9: success",
        FOUND,
    ]
    sheet = player(engine)
    assert (sheet.fate_points, moment(engine).fate_armed, sheet.fate_heroic) == (0, False, 0)
    assert say(engine, script, "fate") == ["You have no Fate Points left."]


def test_fate_off_keeps_the_point(engine: Engine, script: Script) -> None:
    assert say(engine, script, "fate off") == ["No Fate Point is waiting to be spent."]
    say(engine, script, "fate")
    assert say(engine, script, "fate") == [
        "Your Fate Point is already waiting for your next roll (\"fate off\" takes it back)."]
    assert say(engine, script, "fate off") == ["You hold your Fate Point back; it is still yours."]
    assert (player(engine).fate_points, moment(engine).fate_armed) == (1, False)
    assert engine.state.minutes == 6 * 60, "fate takes no game time"


def test_fate_with_an_action_doubles_the_attack_and_its_damage_and_comes_back_on_a_win(
        tiny: Adventure, tmp_path: Path, script: Script) -> None:
    engine = make_engine(tiny, tmp_path, fate_damage="doubled")
    to_the_well(engine, script)
    # 8D attack: seven 1s + wild 3 = 10 vs 9; damage 3D+2 doubled = 6D+2: five 1s + wild 2 + 2 = 9;
    # resistance 2D: 6 + wild 6+6+2 = 20; then the raider misses (1, 1 + wild 2)
    faces = [1] * 7 + [3] + [1] * 5 + [2] + [6, 6, 6, 2] + [1, 1, 2]
    lines = say(engine, script, "fate attack raider", faces)
    assert lines[:3] == [
        "Hitting the dune raider should not give you much trouble.",
        ("You spend a Fate Point and put everything you have into it: twice the dice. "
         "A heroic moment: the point will come back at the end of the adventure."),
        "[you attack the dune raider] Reflexes + melee (Fate Point x2) 8D (1, 1, 1, 1, 1, 1, 1 + wild 3) = 10: success",
    ]
    assert lines[3] == ("[you attack the dune raider: follow-up] damage (Fate Point x2) 6D+2 "
                        "(1, 1, 1, 1, 1 + wild 2 + 2) = 9")
    sheet = player(engine)
    assert (sheet.fate_points, sheet.fate_heroic) == (0, 1)
    # the win: Character Points for finishing and the goals, the heroic Fate Point back
    engine.world.npc_state("raider").disposition = "neutral"
    say(engine, script, "s")
    for command in ("take brass key", "unlock east", "e"):
        say(engine, script, command)
    lines = say(engine, script, "take gem")
    assert lines[-6:] == [
        "Taken: the blue gem.",
        "",
        "You have done what you came to do. You have won.",
        "*** You have won ***",
        "The adventure is over. You earn 3 Character Points (1 for finishing, 2 for its goals): 8 in all.",
        "The 1 Fate Point you spent at heroic moments comes back: 1 in all.",
    ]
    assert (player(engine).character_points, player(engine).fate_points) == (8, 1)


def test_fate_must_come_before_an_action(engine: Engine, script: Script) -> None:
    assert say(engine, script, "fate inventory")[0].startswith("Spend a Fate Point before an action that rolls dice")
    assert say(engine, script, "fate frobnicate") == ["I don't know the word \"frobnicate\"."]
    lines = say(engine, script, "fate take stone")
    assert lines == ["Taken: the smooth stone.",
                     "Nothing called for a roll: your Fate Point is still waiting for your next one."]
    assert moment(engine).fate_armed is True and player(engine).fate_points == 1


def test_points_and_flags_survive_a_save(engine: Engine, script: Script) -> None:
    say(engine, script, "fate")
    say(engine, script, "points off")
    say(engine, script, "save one")
    engine.state.moment = None
    say(engine, script, "load one")
    assert (moment(engine).fate_armed, player(engine).cp_prompt) == (True, False)


# -- damage systems ------------------------------------------------------------------------

def test_wounds_resistance_roll_chart_and_the_effect_on_later_rolls(engine: Engine, script: Script) -> None:
    # raider 3D: 6, 6 + wild 2 = 14 vs 12; damage 3D+1: 6, 6 + wild 5 + 1 = 18; resistance 3D: 1, 2 + wild 3 = 6
    lines = say(engine, script, "n", [6, 6, 2, 6, 6, 5, 1, 2, 3])
    assert lines[-6:] == [
        "[the dune raider attacks] Reflexes + melee 3D (6, 6 + wild 2) = 14 vs 12: success (margin 2)",
        "[the dune raider attacks: follow-up] damage 3D+1 (6, 6 + wild 5 + 1) = 18",
        "[the dune raider attacks: follow-up] resistance 3D (1, 2 + wild 3) = 6 vs 18: failure (margin -12)",
        "The dune raider hits you with the scimitar.",
        "Damage 18 against your resistance 6: you are incapacitated, out of the fight.",
        "You fall, and the dune raider makes sure you never rise.",
    ]
    assert engine.state.status == "dead"


def test_a_wound_costs_a_die_on_every_later_roll_and_shows_in_the_status_line(engine: Engine, script: Script) -> None:
    # damage 3D+1: 2, 2 + wild 2 + 1 = 7 against resistance 3D: 1, 1 + wild 1 = 3: margin 4, wounded
    lines = say(engine, script, "n", [6, 6, 2, 2, 2, 2, 1, 1, 1])
    assert lines[-1] == "Damage 7 against your resistance 3: you are wounded (-1D to all your rolls until it heals)."
    assert engine.status_line().startswith("Well | wounded (-1D) | ")
    edit(engine, cp_prompt=False)
    lines = say(engine, script, "attack raider", [1, 1, 2, 1, 1, 2])
    assert lines[1] == "[you attack the dune raider] Reflexes + melee (wounded -1D) 3D (1, 1 + wild 2) = 4: failure"
    assert engine.dice_log[-2][2].figures["code"] == "3D"


def test_a_stun_lasts_the_round_and_the_next(engine: Engine, script: Script) -> None:
    # damage 3D+1: 1, 1 + wild 2 + 1 = 5 against resistance 3D: 1, 1 + wild 2 = 4: margin 1, stunned
    lines = say(engine, script, "n", [6, 6, 2, 1, 1, 2, 1, 1, 2])
    assert lines[-1] == "Damage 5 against your resistance 4: you are stunned (-1D to your rolls this round and the next)."
    assert player(engine).wound_level == 1, "the round it was taken"
    assert engine.status_line().startswith("Well | stunned (-1D) | ")
    lines = say(engine, script, "wait", [1, 1, 2])
    assert lines[-2:] == ["The dune raider misses you.", "The stun wears off."]
    assert player(engine).wound_level == 0 and engine.status_line().startswith("Well | healthy | ")


def test_a_hit_that_does_no_wound_does_not_make_a_stun_last_longer(engine: Engine, script: Script) -> None:
    say(engine, script, "n", [6, 6, 2, 1, 1, 2, 1, 1, 2])  # stunned, as above
    # raider 3D: 6, 6 + wild 2 = 14 hits; damage 3D+1: 1, 1 + wild 1 + 1 = 4 against resistance 3D: 6, 6 + wild 2
    lines = say(engine, script, "wait", [6, 6, 2, 1, 1, 1, 6, 6, 2])
    assert lines[-2:] == ["Damage 4 against your resistance 14: no wound.", "The stun wears off."]
    assert player(engine).wound_level == 0 and player(engine).stun_rounds == 0


def test_the_mortally_wounded_roll_each_round_to_stay_alive(engine: Engine, script: Script) -> None:
    edit(engine, wound_level=5, mortal_rounds=0)
    lines = say(engine, script, "wait", [1, 1, 1])
    assert lines[-2:] == ["[staying alive] Physique 3D (1, 1 + wild 1) = 3 vs 1: success (margin 2), critical failure",
                          "Mortally wounded, you cling to life."]
    edit(engine, mortal_rounds=4)
    lines = say(engine, script, "wait", [1, 1, 2])
    assert lines[-3:] == ["[staying alive] Physique 3D (1, 1 + wild 2) = 4 vs 5: failure (margin -1)",
                          "The mortal wound claims its victim.", "You are dead."]
    assert engine.state.status == "dead"


def test_npcs_shake_off_stuns_and_die_of_mortal_wounds(engine: Engine, script: Script) -> None:
    to_the_well(engine, script)
    raider = engine.world.npc_state("raider")
    raider.sheet = replace(raider.sheet, wound_level=5, mortal_rounds=2)
    lines = say(engine, script, "wait", [1, 2])
    assert lines[-2:] == ["[the dune raider stays alive] Physique 2D (1 + wild 2) = 3 vs 3: success (margin 0)",
                          "The dune raider, mortally wounded, clings to life."]
    lines = say(engine, script, "wait", [1, 2])
    assert lines[-1] == "The dune raider dies of its wounds."
    assert engine.world.npc_condition("raider") == "dead"


def test_body_points_come_off_and_show_in_the_status_line(tiny: Adventure, tmp_path: Path, script: Script) -> None:
    engine = make_engine(tiny, tmp_path, {**HERO, "body_points": 30}, damage="body-points")
    assert engine.status_line().startswith("Camp | BP 30/30 | ")
    lines = say(engine, script, "n", [6, 6, 2, 6, 6, 5])
    assert lines[-2:] == ["The dune raider hits you with the scimitar.",
                          "Damage 18: you lose 18 Body Points (BP 12/30)."]
    assert engine.status_line().startswith("Well | BP 12/30 | ")
    script.turns[engine.state.turn] = [1, 1, 2, 2, 1, 1, 2]
    report = engine.submit("attack raider")  # no wound dice under Body Points
    assert report.question and report.lines[1] == "[you attack the dune raider] Reflexes + melee 4D (1, 1, 2 + wild 2) = 6: failure"
    assert engine.submit("no").lines[-1] == "The dune raider misses you."


def test_a_hazard_harms_through_the_armor_carried(tmp_path: Path, script: Script) -> None:
    oasis = load_adventure(find_adventure("glass-oasis", bundled_root()))
    engine = make_engine(oasis, tmp_path, {**HERO, "reflexes": "1D", "skills": {}, "physique": "1D"})
    engine.state.room = "salt-road"
    say(engine, script, "points off")
    # climb 1D: wild 2 vs easy 8, a fall; damage d4 = 1D: wild 5; resistance Physique 1D + robe 0D+1: wild 1 + 1
    lines = say(engine, script, "w", [2, 5, 1])
    assert lines[:6] == [
        "The climb should not give you much trouble.",
        "[climb] Reflexes + climbing 1D (wild 2) = 2: failure",
        "The slip-face gives way beneath you and you tumble down in a roar of blue sand.",
        "[hazard] damage 1D (wild 5) = 5",
        "[hazard] resistance 1D+1 (wild 1 + 1) = 2 vs 5: failure (margin -3), critical failure",
        "Damage 5 against your resistance 2: you are stunned (-1D to your rolls this round and the next).",
    ]


def test_healing_mends_wound_levels(tmp_path: Path, script: Script) -> None:
    oasis = load_adventure(find_adventure("glass-oasis", bundled_root()))
    engine = make_engine(oasis, tmp_path)
    engine.state.room = "hermit-shrine"
    say(engine, script, "take tablet")
    edit(engine, wound_level=3)
    lines = say(engine, script, "use tablet", [6, 4])  # d6 = 1D+2: wild 6+4 + 2 = 12: two levels
    assert lines == ["You use the clay psalm-tablet.", "[heal] healing 1D+2 (wild 6+4 + 2) = 12, critical success",
                     "The healing takes hold: you are now healthy."]


# -- the character and NPCs ----------------------------------------------------------------

def test_a_character_is_created_when_the_adventure_has_no_opend6_stats(tiny: Adventure) -> None:
    system = get_system("opend6")
    one = Engine.new_game(tiny, system, 7).state.player
    assert one == Engine.new_game(tiny, system, 7).state.player
    assert sorted(str(code) for code in one.attributes.values()) == ["2D", "2D+2", "3D", "3D", "3D+1", "4D"]
    assert (one.character_points, one.fate_points) == (5, 1)


def test_npc_stats_come_from_the_tier(engine: Engine, script: Script) -> None:
    to_the_well(engine, script)
    sheet = engine.world.npc_state("raider").sheet
    assert sheet.attribute("reflexes") == DieCode(2) and sheet.added("melee") == DieCode(1) and sheet.tier == 1


def test_help_explains_the_system_commands(engine: Engine) -> None:
    assert engine.submit("help fate").lines[0].startswith("fate [ACTION]: spend a Fate Point")
    assert engine.submit("help points").lines[0].startswith("points [on|off]:")
    lines = engine.submit("rules").lines
    assert any("Wild Die" in line for line in lines)
    assert lines[-2] == ("  Damage: Wounds: a hit is resisted with a Physique roll, and each wound costs dice on"
                         " later rolls.")


def test_undo_after_spending_points_brings_them_back(engine: Engine, script: Script) -> None:
    script.turns[0] = [1, 1, 2, 2, 5]
    engine.submit("search")
    engine.submit("yes")
    assert player(engine).character_points == 4
    engine.submit("undo")
    assert player(engine).character_points == 5



# -- events ----------------------------------------------------------------------------------

def test_a_killing_blow_emits_died_and_the_narration_leaves_it_to_the_fight(engine: Engine, script: Script) -> None:
    from game.actions import Turn
    from game.events.fight import Died
    from game.rules.base import Weapon
    from game.systems.opend6.events import DamageResisted, Hit

    to_the_well(engine, script)
    # attack 4D: 6, 6, 6 + wild 2 = 20 vs 9; damage 2D+1 + 2D: 6, 6, 6 + wild 6+6+5 + 1 = 36; resistance 2D: 1 + wild 2
    turn = Turn(engine.world, play=engine.play, dice=ScriptedDice([6, 6, 6, 2, 6, 6, 6, 6, 6, 5, 1, 2]))
    result = engine.play.exchange(turn, PLAYER, "raider", Weapon("sword", "d8"), engine.play.situation(turn))
    assert result.events[-3:] == (Hit(PLAYER, "raider", "sword"), DamageResisted("raider", 36, 3, True, 0, 6),
                                  Died("raider"))
    from game.systems.opend6.narration import OpenD6Narrator

    assert OpenD6Narrator(engine.world).lines(result.events[-2:]) == \
        ["Damage 36 against its resistance 3: the dune raider is dead."]


def test_an_answered_question_hides_what_was_shown_with_it(engine: Engine) -> None:
    from game.events import Said
    from game.systems.opend6.events import Answered, CharacterPointSpent
    from game.systems.opend6.narration import OpenD6Narrator

    narrator = OpenD6Narrator(engine.world)
    events = [Said("shown with the question"), Answered(), Said("still shown"), Answered(), CharacterPointSpent(3)]
    assert narrator.lines(events) == ["You spend a Character Point (3 left) and roll one more die."]
    assert narrator.lines(events[:3]) == ["still shown"]


def test_character_points_set_aside_for_the_damage_of_the_next_hit(engine: Engine, script: Script) -> None:
    """seed 002 §Improving Rolls: a Character Point is "one extra die" on any roll, damage too."""
    to_the_well(engine, script)
    assert say(engine, script, "points spend damage") == [
        "The damage of your next hit gets 1 extra die (a Character Point each). (\"points keep\" takes them back.)"]
    assert "  Character Points set aside: +1D to the damage of your next hit." in stats(engine, script)
    # attack 4D: 6, 6, 6 + wild 2 = 20, a hit; damage 3D+2 +1D = 4D+2: 1, 1, 1 + wild 2 + 2 = 7;
    # resistance 2D: 1 + wild 2 = 3; morale 1D: wild 6+4; the raider misses (1 + wild 1)
    lines = say(engine, script, "attack raider", [6, 6, 6, 2, 1, 1, 1, 2, 1, 2, 6, 4, 1, 1])
    assert ("[you attack the dune raider: follow-up] damage (Character Points +1D) 4D+2 (1, 1, 1 + wild 2 + 2) = 7"
            in lines)
    assert (player(engine).character_points, moment(engine).cp_damage) == (4, 0)


def test_a_miss_keeps_the_points_set_aside_for_damage(engine: Engine, script: Script) -> None:
    to_the_well(engine, script)
    say(engine, script, "points spend damage")
    # attack 4D: 1, 1, 1 + wild 3 = 6 vs 9 (no question: points off); the raider misses (1, 1 + wild 2)
    say(engine, script, "points off")
    say(engine, script, "attack raider", [1, 1, 1, 3, 1, 1, 2])
    assert (player(engine).character_points, moment(engine).cp_damage) == (5, 1)
    assert say(engine, script, "points keep") == ["You keep your Character Points for later."]
    assert moment(engine).cp_damage == 0


def test_character_points_set_aside_for_the_next_resistance_roll(engine: Engine, script: Script) -> None:
    """seed 002 §Improving Rolls: one extra die on the resistance roll (seed §Taking Damage)."""
    assert say(engine, script, "points spend resist") == [
        "Your next roll to resist damage gets 1 extra die (a Character Point each). (\"points keep\" takes them back.)"]
    # the raider hits (6, 6 + wild 5 = 17 vs 12), damage 3D+1: 1, 1 + wild 2 + 1 = 5;
    # resistance 3D +1D = 4D: 1, 1, 1 + wild 2 = 5: no wound
    lines = say(engine, script, "n", [6, 6, 5, 1, 1, 2, 1, 1, 1, 2])
    assert ("[the dune raider attacks: follow-up] resistance (Character Points +1D) 4D (1, 1, 1 + wild 2) = 5 vs 5:"
            " success (margin 0)") in lines
    assert "Damage 5 against your resistance 5: no wound." in lines
    assert (player(engine).character_points, moment(engine).cp_resist) == (4, 0)


def test_points_set_aside_cannot_exceed_the_points_held(engine: Engine, script: Script) -> None:
    edit(engine, character_points=2)
    say(engine, script, "points spend")
    say(engine, script, "points spend resist")
    assert say(engine, script, "points spend damage") == ["You have no Character Points left to set aside."]
    assert say(engine, script, "points spend soak")[0] == "You have no Character Points left to set aside."
    assert D6Moment.from_data(moment(engine).to_data()) == moment(engine)


def test_option_defence_active_free_dodges_without_the_multiple_action_penalty(
        tiny: Adventure, tmp_path: Path, script: Script) -> None:
    engine = make_engine(tiny, tmp_path, defence="active-free")
    # dodge 4D: 6, 6, 6 + wild 2 = 20; the raider 3D: 1, 1 + wild 2 = 4 vs 20
    lines = say(engine, script, "n", [6, 6, 6, 2, 1, 1, 2])
    assert "[you defend] Reflexes + dodge 4D (6, 6, 6 + wild 2) = 20" in lines
    assert any(line.startswith("[the dune raider attacks]") and "vs 20" in line for line in lines)


def test_the_count_of_actions_in_a_round_is_saved_with_the_moment() -> None:
    counted = D6Moment(defence_turn=3, defences=2)
    assert counted.to_data() == {"defence_turn": 3, "defences": 2}
    assert D6Moment.from_data(counted.to_data()) == counted
    assert D6Moment.from_data({}) is None


def test_points_improve_raises_a_skill_one_pip_for_its_dice(engine: Engine, script: Script) -> None:
    """OpenD6 advancement: one pip costs the number before the D (melee 4D: 4 points)."""
    assert say(engine, script, "points improve melee") == [
        "You spend 4 Character Points: melee rises from 4D to 4D+1 (1 left)."]
    assert player(engine).added("melee") == DieCode(1, 1)
    assert say(engine, script, "points improve melee") == [
        "Raising melee to 4D+2 costs 4 Character Points; you have 1."]
    assert say(engine, script, "points improve juggling")[0].startswith("Improve which skill? One of:")
    edit(engine, character_points=9)
    say(engine, script, "points improve melee")
    say(engine, script, "points improve melee")
    assert (str(player(engine).added("melee")), player(engine).character_points) == ("2D", 1)


def test_no_improving_with_a_foe_standing_ready(engine: Engine, script: Script) -> None:
    to_the_well(engine, script)
    assert say(engine, script, "points improve melee") == [
        "Not with a foe standing ready: improve your skills when the fight is over."]
    assert player(engine).character_points == 5


def test_points_set_aside_cannot_be_spent_on_improving(engine: Engine, script: Script) -> None:
    edit(engine, character_points=4)
    say(engine, script, "points spend resist")
    assert say(engine, script, "points improve melee") == [
        "Raising melee costs 4 Character Points, and 1 of yours are set aside (\"points keep\" takes them back)."]
    assert player(engine).character_points == 4


def test_points_may_be_spent_while_incapacitated(engine: Engine, script: Script) -> None:
    """Down, you can still turn to your Character Points: seed 002 §Improving Rolls lets one be spent on
    any roll (the roll to stay alive too); other deeds wait until your wounds are tended."""
    from game.systems.opend6.sheet import INCAPACITATED

    edit(engine, wound_level=INCAPACITATED)
    assert say(engine, script, "points") == [
        "Character Points 5, Fate Points 1.",
        "The Character Point question after a near miss is on (\"points off\").",
    ]
    assert say(engine, script, "points spend")[0].startswith("Your next roll gets 1 extra die")
    assert say(engine, script, "search")[0].startswith("You are too badly hurt")


# -- a defeat with no way on ------------------------------------------------------------------------

def test_down_with_the_last_food_eaten_the_run_ends_with_its_summary(engine: Engine, script: Script) -> None:
    """Incapacitated, only a fed long rest heals; when it fails on the last food, nothing is left
    but days of waiting to die of thirst: the run ends there, and says why."""
    edit(engine, wound_level=4)
    engine.state.food = 1
    assert say(engine, script, "n")[0].startswith("You are too badly hurt: you can only rest")
    lines = say(engine, script, "rest long", [1, 1, 2])  # Physique 3D: 1, 1 + wild 2 = 4 against 13
    assert engine.state.status == "lost"
    assert "there is no way on." in " ".join(lines)
    summary = engine.meta.ending_lines()
    assert "*** You have lost ***" in summary, summary
    assert any(line.startswith("How it ended: You lie where you fell") for line in summary), summary


def test_down_with_food_and_water_a_long_rest_is_still_a_way_on(engine: Engine, script: Script) -> None:
    edit(engine, wound_level=4)
    engine.state.food = 2
    say(engine, script, "rest long", [1, 1, 2])
    assert engine.state.status == "playing"
