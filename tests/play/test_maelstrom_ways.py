"""Maelstrom's ways of performing a check (seed 004 §Dice Pool) and what successes beyond the
first buy outside combat (seed 004 §Step 4, §Determining Thresholds), from the player's side.

Dice are scripted per turn (a question answered reruns the action on the same faces), so each
test knows every face read.
"""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from game.engine import Engine
from game.errors import ActionRefused
from game.rules.base import Situation
from game.rules.dice import ScriptedDice
from game.systems.maelstrom import degrees
from game.systems.maelstrom.approaches import APPROACHES, named, split_how
from game.systems.maelstrom.pool import PoolRequest
from game.systems.maelstrom.rules import make_system
from game.systems.maelstrom.sheet import MaelstromSheet
from game.world.content import Adventure
from game.world.loader import load_adventure
from tests.conftest import TurnScript as Script
from tests.conftest import say_with_dice as say
from tests.play.test_maelstrom_play import HERO, RAIDER_MISSES, TRIALS, make_engine, to_the_rod

FORCE_QUESTION = [
    "How do you force? The rules leave the way to you:",
    "  1. with strength: Strength + Athletics, 3d10 vs 6: 74.0% to succeed",
    "  2. with finesse: Precision + Technology, 4d10 vs 6: 80.0% to succeed",
    "(1 or 2; yes takes the first, no leaves it. Your answer holds for every force check until"
    " \"approach force\" changes it.)",
]


@pytest.fixture
def trials(tmp_path: Path) -> Adventure:
    folder = tmp_path / "trials"
    folder.mkdir()
    (folder / "adventure.toml").write_text(textwrap.dedent(TRIALS), encoding="utf-8")
    return load_adventure(folder)


@pytest.fixture
def at_gate(trials: Adventure, tmp_path: Path, script: Script) -> Engine:
    engine = make_engine(trials, tmp_path)
    say(engine, script, "e")
    return engine


def player(engine: Engine) -> MaelstromSheet:
    sheet: MaelstromSheet = engine.state.player
    return sheet


def minutes(engine: Engine) -> int:
    hours, _, mins = engine.state.clock.partition(":")
    return int(hours) * 60 + int(mins)


# -- the choice of a way -------------------------------------------------------------------

def test_the_first_force_asks_the_way_with_each_ways_pool_and_exact_odds(at_gate: Engine, script: Script) -> None:
    system = at_gate.system
    pairs = (("strength", "athletics"), ("precision", "technology"))
    for line, (first, second) in zip(FORCE_QUESTION[1:3], pairs, strict=True):
        request = system.pool_request(player(at_gate), first, second)
        chance = f"{float(system.odds(request).p_success) * 100:.1f}%"
        assert line.endswith(f"{chance} to succeed")
    lines = say(at_gate, script, "open north", [7, 2, 2, 2])
    assert "\n".join(lines).split("\n") == FORCE_QUESTION
    assert at_gate.asking is not None and script.made[-1].unused == 4  # asked before any die
    lines = say(at_gate, script, "2", [7, 2, 2, 2])
    assert lines[0] == "(You force with finesse from now on; \"approach\" changes it.)"
    assert lines[1] == "[force] Precision + Technology 4d10 (7, 2, 2, 2) vs 6: 1 success = 1: success"
    assert lines[2] == "You force the way north open."
    assert dict(player(at_gate).approaches) == {"force": "finesse"}


def test_a_way_named_in_the_command_holds_for_that_once_and_asks_nothing(at_gate: Engine, script: Script) -> None:
    lines = say(at_gate, script, "force north with finesse", [2, 2, 2, 3])
    assert lines[0] == "[force] Precision + Technology 4d10 (2, 2, 2, 3) vs 6: 0 successes = 0: failure"
    assert not player(at_gate).approaches
    lines = say(at_gate, script, "open north by strength", [2, 2, 3])
    assert lines[0] == "[force] Strength + Athletics 3d10 (2, 2, 3) vs 6: 0 successes = 0: failure"


def test_a_way_that_is_no_way_of_the_check_is_refused_with_the_ways(at_gate: Engine, script: Script) -> None:
    lines = say(at_gate, script, "open north by running", [2, 2, 3])
    assert lines == ["There is no way \"running\" to force here: with strength or with finesse."]


def test_the_chosen_way_holds_and_approach_changes_it_or_asks_again(at_gate: Engine, script: Script) -> None:
    assert say(at_gate, script, "approach force finesse")[0] == "(You force with finesse from now on; \"approach\" changes it.)"
    lines = say(at_gate, script, "open north", [2, 2, 2, 3])
    assert lines[0].startswith("[force] Precision + Technology 4d10")
    assert say(at_gate, script, "approach force ask") == ["You will be asked how, the next time you force."]
    assert say(at_gate, script, "open north", [2, 2, 3])[0].startswith("How do you force?")


def test_no_leaves_the_action_undone(at_gate: Engine, script: Script) -> None:
    turn = at_gate.state.turn
    say(at_gate, script, "open north", [7, 7, 7])
    assert say(at_gate, script, "no") == ["You do not force after all."]
    assert at_gate.state.turn == turn and not player(at_gate).approaches


def test_approach_lists_each_way_with_its_pool(at_gate: Engine, script: Script) -> None:
    say(at_gate, script, "approach flee running")
    lines = say(at_gate, script, "approach")
    assert lines[0].startswith("Your ways, each with its chance at the normal difficulty")
    assert "  force (you will be asked):" in lines and "  flee:" in lines
    assert "    with strength: Strength + Athletics, 3d10 vs 6: 74.0%" in lines
    assert "    by running (yours): Strength + Athletics, 3d10 vs 6: 74.0%" in lines
    # the hero has no Academics: a knowledge at zero cannot be attempted, so identify has one way
    assert "  identify: by technology: Intelligence + Technology, 4d10 vs 6: 80.0% (the only way you have)" in lines


def test_odds_shows_the_way_and_the_other_ways_chances(at_gate: Engine, script: Script) -> None:
    lines = say(at_gate, script, "odds open north")
    assert lines[0] == "Odds of force: 74.0% to succeed."
    assert lines[-1].endswith("other ways: with finesse (Precision + Technology: 4d10 vs 6): 80.0%")
    lines = say(at_gate, script, "odds open north with finesse")
    assert lines[0] == "Odds of force: 80.0% to succeed."
    assert at_gate.asking is None


def test_a_knowledge_way_is_offered_once_the_character_has_a_dot(tiny: Adventure, tmp_path: Path,
                                                                 script: Script) -> None:
    engine = make_engine(tiny, tmp_path, {**HERO, "academics": 1})
    to_the_rod(engine, script)
    lines = say(engine, script, "identify rod", [2, 2, 2, 2])
    assert lines[-1].startswith("How do you identify? The rules leave the way to you:\n  1. by technology:")
    lines = say(engine, script, "lore", [9, 2, 2, 2])
    assert lines[1] == "[identify] Intelligence + Academics 4d10 (9, 2, 2, 2) vs 8: 1 success = 1: success"


def test_the_way_chosen_is_saved_with_the_sheet_and_bad_entries_are_refused() -> None:
    system = make_system({})
    sheet = system.new_character(HERO, ScriptedDice([]))
    assert "approaches" not in sheet.to_data()
    chosen = MaelstromSheet.from_data({**sheet.to_data(), "approaches": {"force": "finesse"}})
    assert chosen.to_data()["approaches"] == {"force": "finesse"}
    with pytest.raises(ValueError, match="approaches.force must be one of strength, finesse, not 'kick'"):
        MaelstromSheet.from_data({**sheet.to_data(), "approaches": {"force": "kick"}})
    with pytest.raises(ValueError, match="approaches.fight is not a check with several ways"):
        MaelstromSheet.from_data({**sheet.to_data(), "approaches": {"fight": "strength"}})


def test_every_way_is_a_pool_of_the_seeds_traits_and_its_default_is_the_old_mapping() -> None:
    system = make_system({})
    sheet = system.new_character(HERO, ScriptedDice([]))
    for kind, ways in APPROACHES.items():
        assert system.check_request(sheet, kind, "normal", Situation(), way=ways[0]) == \
            system.check_request(sheet, kind, "normal", Situation())
        for way in ways:
            assert named(kind, way.name) is way
    assert split_how(("door", "with", "finesse")) == (("door",), "finesse")
    assert split_how(("door", "with", "crowbar")) == (("door", "with", "crowbar"), "")
    with pytest.raises(ActionRefused):
        named("force", "wits")


# -- what successes beyond the first buy ------------------------------------------------------

def test_the_seeds_words_for_a_degree() -> None:
    """seed 004 §Step 4: "a single success is enough to just barely make it while three or more
    means you did a really good job"; §Determining Thresholds: "more will have her move quickly"."""
    assert [degrees.degree_word(n) for n in (1, 2, 3, 5)] == ["barely", "well", "a really good job",
                                                             "a really good job"]
    assert degrees.action_successes([3, 1, 4]) == 1 and degrees.action_successes([2, -1]) == 0
    assert degrees.action_successes([]) == 0
    assert degrees.time_saved("search", 1, 10) == 0 and degrees.time_saved("search", 2, 10) == 5
    assert degrees.time_saved("climb", 2, 180) == degrees.QUICK_MOST
    assert degrees.time_saved("persuade", 3, 10) == 0


def test_one_success_searches_in_the_full_time(trials: Adventure, tmp_path: Path, script: Script) -> None:
    engine = make_engine(trials, tmp_path)
    start = minutes(engine)
    lines = say(engine, script, "search", [7, 2, 2, 2])  # Perception 3 + Alertness 1: 4 dice
    assert lines == ["[search] Perception + Alertness 4d10 (7, 2, 2, 2) vs 6: 1 success = 1: success",
                     "You find an old ledger."]
    assert minutes(engine) - start == 10


def test_two_successes_search_quickly_and_three_know_nothing_else_is_hidden(trials: Adventure, tmp_path: Path,
                                                                            script: Script) -> None:
    engine = make_engine(trials, tmp_path)
    start = minutes(engine)
    lines = say(engine, script, "search", [7, 8, 9, 2])
    assert lines[1:] == ["You find an old ledger.",
                         "(3 successes: done quickly, in 5 minutes, not 10.)",
                         "(3 successes: a thorough search. Nothing else is hidden here.)"]
    assert minutes(engine) - start == 5


def test_two_successes_force_a_way_quickly(at_gate: Engine, script: Script) -> None:
    start = minutes(at_gate)
    lines = say(at_gate, script, "open north with strength", [7, 8, 2])
    assert lines[1:] == ["You force the way north open.", "(2 successes: done quickly, in 3 minutes, not 5.)"]
    assert minutes(at_gate) - start == 3


def test_a_failed_force_takes_its_full_time(at_gate: Engine, script: Script) -> None:
    start = minutes(at_gate)
    assert say(at_gate, script, "open north with strength", [2, 2, 2])[1:] == ["It holds."]
    assert minutes(at_gate) - start == 5


def test_two_successes_identify_quickly_and_say_more_could_be_learned(engine: Engine, script: Script) -> None:
    to_the_rod(engine, script)
    lines = say(engine, script, "identify rod", [9, 9, 2, 2])
    assert lines[1:] == ["You work it out: this is the Glass Lance.",
                         "(2 successes: done quickly, in 5 minutes, not 10.)",
                         "(2 successes: its name, no more; three would have told what it does.)"]


def test_one_success_identifies_in_full_time_and_says_more_could_be_learned(engine: Engine, script: Script) -> None:
    to_the_rod(engine, script)
    lines = say(engine, script, "identify rod", [9, 2, 2, 2])
    assert lines[1:] == ["You work it out: this is the Glass Lance.",
                         "(1 success: its name, no more; three would have told what it does.)"]


def test_three_successes_identify_what_the_thing_does(engine: Engine, script: Script) -> None:
    to_the_rod(engine, script)
    lines = say(engine, script, "identify rod", [9, 9, 9, 2])
    assert lines[-1] == ("(3 successes: you understand it well.) It is thrown with Precision + Athletics for 6"
                         " dice of lethal damage.")


def test_three_successes_on_a_flight_leave_the_foe_behind(engine: Engine, script: Script) -> None:
    say(engine, script, "n", RAIDER_MISSES)
    lines = say(engine, script, "flee s by dodging", [7, 8, 9])  # Reflexes 2 + Dodge 1
    assert lines[0] == "[flee] Reflexes + Dodge 3d10 (7, 8, 9) vs 6: 3 successes = 3: success"
    assert lines[-1] == "(3 successes: you leave the dune raider well behind; no one follows.)"
    assert "raider" not in engine.world.npcs_in()
    assert "pursued" in engine.world.npc_state("raider").memory


def test_one_success_on_a_flight_leaves_the_foe_free_to_follow(engine: Engine, script: Script) -> None:
    say(engine, script, "n", RAIDER_MISSES)
    lines = say(engine, script, "flee s by dodging", [7, 2, 2] + RAIDER_MISSES)
    assert not any("no one follows" in line for line in lines)
    assert "raider" in engine.world.npcs_in(), lines  # the aggressive raider follows, as before


@pytest.fixture
def engine(tiny: Adventure, tmp_path: Path) -> Engine:
    return make_engine(tiny, tmp_path)


def test_option_ways_first_takes_the_first_way_unasked_and_a_named_way_still_holds(
        trials: Adventure, tmp_path: Path, script: Script) -> None:
    engine = make_engine(trials, tmp_path, ways="first")
    say(engine, script, "e")
    assert say(engine, script, "open north", [2, 2, 3])[0].startswith("[force] Strength + Athletics 3d10")
    assert say(engine, script, "open north with finesse", [2, 2, 2, 3])[0].startswith("[force] Precision + Technology")


def test_option_degrees_off_gives_the_bare_result(trials: Adventure, tmp_path: Path, script: Script) -> None:
    engine = make_engine(trials, tmp_path, degrees="off")
    start = minutes(engine)
    assert say(engine, script, "search", [7, 8, 9, 2])[1:] == ["You find an old ledger."]
    assert minutes(engine) - start == 10


def test_the_way_chosen_survives_a_save_and_undo_takes_it_back(at_gate: Engine, script: Script) -> None:
    say(at_gate, script, "approach force finesse")
    say(at_gate, script, "save one")
    say(at_gate, script, "undo")
    assert not player(at_gate).approaches
    say(at_gate, script, "load one")
    say(at_gate, script, "yes")
    assert dict(player(at_gate).approaches) == {"force": "finesse"}
    assert "approach force finesse" in at_gate.state.log  # a replay chooses it again


@pytest.mark.parametrize("faces, words", [
    ([5, 6, 7, 2], "barely"),              # 3 successes - threshold 2 = 1: "a bit of a frightening close call"
    ([5, 6, 7, 8], "well"),                # 4 - 2 = 2: "more will have her move quickly and quietly"
    ([5, 6, 7, 8, 9], "a really good job"),
])
def test_the_landing_pad_example_by_degree(faces: list[int], words: str) -> None:
    """seed 004 §Determining Thresholds: Strength + Athletics at difficulty 5 with a threshold of 2;
    what the successes left mean (§Step 4)."""
    system = make_system({})
    result = system.roll(PoolRequest(len(faces), 5, 2), ScriptedDice(faces))
    assert result.outcome == "success"
    assert degrees.degree_word(int(result.figures["successes"])) == words
    assert (degrees.time_saved("climb", int(result.figures["successes"]), 20) > 0) == (words != "barely")


CHASE = """
    [adventure]
    id = "chase"
    title = "Chase"
    version = "1.0.0"
    start = "camp"
    intro = "Tests."

    [rooms.camp]
    name = "Camp"
    description = "A camp."
    npcs = ["raider"]
    exits = { north = "cliff" }

    [rooms.cliff]
    name = "Cliff"
    description = "A sheer face."
    hazard = { check = "climb", difficulty = "normal" }
    hazard_text = "You fall."
    hazard_damage = "d6"
    exits = { south = "camp" }

    [npcs.raider]
    name = "raider"
    disposition = "hostile"
    behaviour = "guard"
    tier = 1
"""


def test_a_way_named_for_a_flight_is_not_asked_of_the_climb_it_leads_to(tmp_path: Path, script: Script) -> None:
    folder = tmp_path / "chase"
    folder.mkdir()
    (folder / "adventure.toml").write_text(textwrap.dedent(CHASE), encoding="utf-8")
    engine = make_engine(load_adventure(folder), tmp_path)
    say(engine, script, "approach climb agility")
    lines = say(engine, script, "flee north by running", [7, 2, 2] + [7, 2, 2, 2] + [2] * 12)
    assert lines[0] == "[flee] Strength + Athletics 3d10 (7, 2, 2) vs 6: 1 success = 1: success"
    assert "[climb] Precision + Athletics 4d10 (7, 2, 2, 2) vs 6: 1 success = 1: success" in lines
    assert engine.state.room == "cliff"
