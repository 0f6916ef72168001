"""Tests of the OpenD6 rule system (seed 002), with scripted dice and exact odds."""
from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.errors import ActionRefused, ContentError, DiceExhausted, UsageError
from game.events import PLAYER
from game.events.fight import Died, Fell
from game.rules import base, registry
from game.rules.base import Situation, Weapon
from game.rules.dice import RandomDice, ScriptedDice
from game.systems.opend6.codes import (
    DIFFICULTY_TABLE,
    KIND_SKILL,
    SKILLS,
    DieCode,
    difficulty_number,
    hint,
    weapon_code,
)
from game.systems.opend6.events import (
    ATTACKER,
    DEFENDER,
    BodyPointsLost,
    BodyPointsRecovered,
    ClungToLife,
    DamageResisted,
    Hit,
    Missed,
    NotHealed,
    Respite,
    StunWoreOff,
    WildDieOne,
    WildOne,
    WoundsMended,
)
from game.systems.opend6.roll import WILD_DEPTH, D6Request, split_faces
from game.systems.opend6.rules import OPTIONS, SUMMARY, SYSTEM_ID, OpenD6, make_system
from game.systems.opend6.sheet import raise_wound, take_wound, wound_from_margin
from game.systems.opend6.types import D6Moment, D6Sheet, Setback

WOUNDS = OpenD6()
BODY = OpenD6(damage="body-points")
SWORD = Weapon("sword", "d8")
BOW = Weapon("bow", "d8", ranged=True)


def request(dice: int, pips: int = 0, difficulty: int = 10, wild_one: str = "complication") -> D6Request:
    return D6Request(dice, pips, difficulty, wild_one)


def roll(faces: list[int], dice: int, pips: int = 0, difficulty: int = 10, wild_one: str = "complication"):
    script = ScriptedDice(faces)
    result = OpenD6(wild_one=wild_one).roll(request(dice, pips, difficulty, wild_one), script)
    assert script.unused == 0
    return result


# -- module surface and registry ------------------------------------------------

def test_module_surface_and_registry() -> None:
    assert SYSTEM_ID == "opend6"
    assert "\n" not in SUMMARY
    assert OPTIONS == {
        "wild_one": ("complication", "drop-highest", "mishap-on-failure"),
        "damage": ("wounds", "body-points"),
        "complication": ("story", "setback"),
        "difficulty_in_odds": ("hidden", "shown"),
        "fate_damage": ("action", "doubled"),
        "defence": ("static", "active", "active-free"),
        "initiative": ("perception", "player-first"),
        "cp_offer": ("reachable", "one-die"),
    }
    system = registry.get_system("opend6", {"damage": "body-points"})
    assert isinstance(system, OpenD6)
    assert (system.wild_one, system.damage) == ("complication", "body-points")
    assert make_system({}).damage == "wounds"
    with pytest.raises(UsageError, match="wild_one"):
        OpenD6(wild_one="ignore")


# -- die codes (seed 002 §Making Actions) ----------------------------------------

@pytest.mark.parametrize(
    ("text", "dice", "pips", "shown"),
    [("3D+1", 3, 1, "3D+1"), ("4D", 4, 0, "4D"), ("2D+2", 2, 2, "2D+2"), ("2d+2", 2, 2, "2D+2"),
     ("3D+3", 4, 0, "4D"), ("3D+4", 4, 1, "4D+1"), ("4D-1", 3, 2, "3D+2"), (" 1D + 1 ", 1, 1, "1D+1")],
)
def test_die_code_parse_normalises_three_pips_to_a_die(text: str, dice: int, pips: int, shown: str) -> None:
    code = DieCode.parse(text)
    assert (code.dice, code.pips, str(code)) == (dice, pips, shown)


@pytest.mark.parametrize("text", ["", "3", "D+1", "3D+", "3x+1", "-1D"])
def test_die_code_parse_rejects_garbage(text: str) -> None:
    with pytest.raises(ValueError, match="die code"):
        DieCode.parse(text)


def test_die_code_arithmetic() -> None:
    assert DieCode(3, 2) + DieCode(0, 1) == DieCode(4)
    assert DieCode(4) - DieCode(0, 1) == DieCode(3, 2)
    assert DieCode(4, 1).plus_dice(-1) == DieCode(3, 1)
    assert DieCode(1, 1).plus_dice(-5) == DieCode(0)
    assert DieCode(3, 1).doubled() == DieCode(6, 1)
    assert DieCode(3, 1).steps == 10 and DieCode(3, 1).mean == 11.5
    with pytest.raises(ValueError):
        DieCode(2, 3)


@given(st.integers(min_value=0, max_value=40), st.integers(min_value=0, max_value=2))
def test_die_code_round_trips(dice: int, pips: int) -> None:
    code = DieCode(dice, pips)
    assert DieCode.parse(str(code)) == code


def test_seed_example_physique_3d_plus_1_rolls_three_dice_and_adds_one() -> None:
    """Seed 002 §Making Actions: Physique 3D+1 -> roll three dice and add 1."""
    code = DieCode.parse("3D+1")
    req = D6Request.of(code, 12, "complication", "Physique")
    result = WOUNDS.roll(req, ScriptedDice([4, 2, 5]))
    assert result.dice == (4, 2, 5)
    assert result.figures["total"] == 12
    assert result.outcome == "success"
    assert result.text == "Physique 3D+1 (4, 2 + wild 5 + 1) = 12 vs 12: success (margin 0)"


# -- the Wild Die ------------------------------------------------------------------

@pytest.mark.parametrize("wild", [2, 3, 4, 5])
def test_wild_die_two_to_five_is_added_normally(wild: int) -> None:
    result = roll([3, 4, wild], dice=3, difficulty=10)
    assert result.figures["total"] == 7 + wild
    assert result.figures["wild_die"] == wild
    assert not result.critical_success and not result.critical_failure


def test_wild_die_six_is_a_critical_success_and_keeps_rolling() -> None:
    """Seed: add the 6 and roll again; as long as it shows 6, keep adding and rolling."""
    result = roll([3, 5, 2, 6, 6, 4], dice=4, pips=1, difficulty=15)
    assert result.dice == (3, 5, 2, 6, 6, 4)
    assert result.figures["total"] == 27
    assert result.figures["wild_die"] == 16
    assert result.figures["margin"] == 12
    assert result.critical_success and not result.critical_failure
    assert result.text == "4D+1 (3, 5, 2 + wild 6+6+4 + 1) = 27 vs 15: success (margin 12), critical success"


def test_a_one_after_a_six_is_just_added() -> None:
    result = roll([2, 6, 1], dice=2, difficulty=9)
    assert result.figures["total"] == 9
    assert result.critical_success and not result.critical_failure


def test_one_die_is_the_wild_die() -> None:
    """Seed: if you only have one die to roll, that die is the Wild Die."""
    result = roll([6, 6, 6, 3], dice=1, difficulty=20)
    assert result.dice == (6, 6, 6, 3)
    assert result.figures["total"] == 21
    assert result.outcome == "success"


def test_wild_one_default_adds_the_one_and_flags_critical_failure() -> None:
    """PRODUCT §3.1 default: the 1 is added like any face; flagged critical_failure."""
    result = roll([5, 6, 1], dice=3, difficulty=12)
    assert result.figures["total"] == 12
    assert result.outcome == "success"
    assert result.critical_failure and not result.critical_success


def test_wild_one_drop_highest_drops_the_wild_die_and_the_highest_die() -> None:
    result = roll([5, 6, 2, 1], dice=4, pips=1, difficulty=8, wild_one="drop-highest")
    assert result.figures["total"] == 5 + 2 + 1
    assert result.figures["dropped"] == 6
    assert result.figures["wild_die"] == 0
    assert result.critical_failure
    assert result.text == "4D+1 (5, 6, 2 + wild 1 (dropped with the 6) + 1) = 8 vs 8: success (margin 0), critical failure"


def test_wild_one_drop_highest_with_a_single_die_leaves_the_pips() -> None:
    result = roll([1], dice=1, pips=2, difficulty=3, wild_one="drop-highest")
    assert result.figures["total"] == 2 and result.outcome == "failure"


def test_wild_one_mishap_only_on_failure() -> None:
    success = roll([6, 5, 1], dice=3, difficulty=12, wild_one="mishap-on-failure")
    failure = roll([6, 4, 1], dice=3, difficulty=12, wild_one="mishap-on-failure")
    assert (success.outcome, success.critical_failure) == ("success", False)
    assert (failure.outcome, failure.critical_failure) == ("failure", True)
    assert failure.figures["total"] == 11


def test_roll_reads_exactly_the_faces_product_promises() -> None:
    with pytest.raises(DiceExhausted):
        WOUNDS.roll(request(3), ScriptedDice([2, 3]))
    with pytest.raises(DiceExhausted):  # a 6 on the Wild Die needs its re-roll
        WOUNDS.roll(request(3), ScriptedDice([2, 3, 6]))
    extra = ScriptedDice([2, 3, 4, 5])
    WOUNDS.roll(request(3), extra)
    assert extra.unused == 1


def test_roll_json_has_the_promised_keys() -> None:
    data = roll([3, 4, 5], dice=3, pips=1, difficulty=13).to_json()
    assert data["system"] == "opend6"
    assert data["dice"] == [3, 4, 5]
    assert data["outcome"] == "success"
    assert (data["total"], data["margin"], data["difficulty"], data["pips"]) == (13, 0, 13, 1)
    assert data["critical_success"] is False and data["critical_failure"] is False


# -- exact odds ------------------------------------------------------------------------

def chains() -> Iterator[tuple[tuple[int, ...], Fraction]]:
    """Every Wild Die chain kept by the 1e-12 cut, from first principles."""
    for sixes in range(16):
        for last in range(1, 6):
            yield (6,) * sixes + (last,), Fraction(1, 6 ** (sixes + 1))


def brute_force(dice: int, pips: int, difficulty: int, wild_one: str) -> dict[str, object]:
    dist: dict[int, Fraction] = {}
    crit_fail = crit_success = Fraction(0)
    p_ordinary = Fraction(1, 6 ** (dice - 1))
    for ordinary in itertools.product(range(1, 7), repeat=dice - 1):
        for chain, p in chains():
            p = p * p_ordinary
            if chain[0] == 1 and wild_one == "drop-highest":
                total = sum(ordinary) - max(ordinary, default=0) + pips
            else:
                total = sum(ordinary) + sum(chain) + pips
            dist[total] = dist.get(total, Fraction(0)) + p
            if chain[0] == 1 and (wild_one != "mishap-on-failure" or total < difficulty):
                crit_fail += p
            if chain[0] == 6:
                crit_success += p
    return {
        "p_success": sum((p for t, p in dist.items() if t >= difficulty), Fraction(0)),
        "p_failure": sum((p for t, p in dist.items() if t < difficulty), Fraction(0)),
        "p_critical_failure": crit_fail,
        "p_critical_success": crit_success,
        "distribution": {str(t): dist[t] for t in sorted(dist)},
    }


def test_tail_depth_is_the_first_below_the_cutoff() -> None:
    assert WILD_DEPTH == 16
    assert Fraction(1, 6**16) < Fraction(1, 10**12) <= Fraction(1, 6**15)


@pytest.mark.parametrize("wild_one", OPTIONS["wild_one"])
@pytest.mark.parametrize(("dice", "pips", "difficulty"), [(1, 0, 4), (2, 1, 9), (3, 0, 11), (3, 2, 1), (4, -1, 15)])
def test_odds_equal_brute_force_enumeration(wild_one: str, dice: int, pips: int, difficulty: int) -> None:
    odds = OpenD6(wild_one=wild_one).odds(request(dice, pips, difficulty, wild_one))
    expected = brute_force(dice, pips, difficulty, wild_one)
    assert odds.p_success == expected["p_success"]
    assert odds.probabilities["p_failure"] == expected["p_failure"]
    assert odds.probabilities["p_critical_failure"] == expected["p_critical_failure"]
    assert odds.distribution == expected["distribution"]
    # p_critical_success is the exact chance of a first 6; the enumeration lacks the cut tail
    assert odds.probabilities["p_critical_success"] == Fraction(1, 6)
    assert expected["p_critical_success"] == Fraction(1, 6) - Fraction(1, 6**16)


def test_odds_exact_small_numbers() -> None:
    one = WOUNDS.odds(request(1, 0, 6))
    # a lone Wild Die reaches 6 only by a first 6: 1/6, less the cut tail
    assert one.p_success == Fraction(1, 6) - Fraction(1, 6**16)
    assert one.distribution["1"] == Fraction(1, 6)
    assert one.distribution["7"] == Fraction(1, 36)
    assert "6" not in one.distribution
    assert sum(one.distribution.values()) == 1 - Fraction(1, 6**16)
    drop = OpenD6(wild_one="drop-highest").odds(request(2, 0, 2, "drop-highest"))
    assert drop.distribution["0"] == Fraction(1, 6)  # the Wild Die 1 and the only other die dropped
    mishap = OpenD6(wild_one="mishap-on-failure").odds(request(2, 0, 7, "mishap-on-failure"))
    assert mishap.probabilities["p_critical_failure"] == Fraction(5, 36)  # first 1 and the other die below 6


def test_odds_json_has_the_promised_keys() -> None:
    data = WOUNDS.odds(WOUNDS.parse_request({"dice": "4", "pips": "1", "difficulty": "15"})).to_json()
    assert {"system", "p_success", "p_failure", "p_critical_success", "p_critical_failure", "distribution"} <= set(data)
    assert data["system"] == "opend6"
    assert data["p_critical_success"] == pytest.approx(1 / 6)
    assert abs(sum(data["distribution"].values()) - 1) < 1e-12
    assert all(isinstance(key, str) for key in data["distribution"])


def test_odds_handle_the_largest_pool() -> None:
    odds = WOUNDS.odds(WOUNDS.parse_request({"dice": "60", "difficulty": "210"}))
    assert Fraction(2, 5) < odds.p_success < Fraction(3, 5)
    assert 1 - sum(odds.distribution.values()) == Fraction(1, 6**16)


@settings(max_examples=60)
@given(
    st.lists(st.integers(1, 6), min_size=0, max_size=4),
    st.lists(st.integers(1, 5), min_size=1, max_size=1),
    st.integers(0, 3),
    st.integers(-2, 3),
    st.sampled_from(OPTIONS["wild_one"]),
)
def test_every_roll_total_has_positive_odds(ordinary, last, sixes, pips, wild_one) -> None:
    faces = ordinary + [6] * sixes + last
    req = request(len(ordinary) + 1, pips, 10, wild_one)
    result = OpenD6(wild_one=wild_one).roll(req, ScriptedDice(faces))
    assert result.dice == tuple(faces)
    assert OpenD6(wild_one=wild_one).odds(req).distribution[str(result.figures["total"])] > 0


# -- parse_request --------------------------------------------------------------------

def test_parse_request_defaults_and_values() -> None:
    req = WOUNDS.parse_request({"dice": "3", "difficulty": "12"})
    assert req == D6Request(3, 0, 12, "complication")
    assert OpenD6(wild_one="drop-highest").parse_request({"dice": "2", "pips": "2", "difficulty": "5"}).wild_one == "drop-highest"


@pytest.mark.parametrize(
    ("keys", "named"),
    [
        ({"dice": "3", "difficulty": "10", "bonus": "1"}, "bonus"),
        ({"dice": "x", "difficulty": "10"}, "dice"),
        ({"dice": "0", "difficulty": "10"}, "dice"),
        ({"dice": "61", "difficulty": "10"}, "dice"),
        ({"dice": "3"}, "difficulty"),
        ({"difficulty": "10"}, "dice"),
        ({"dice": "3", "pips": "1.5", "difficulty": "10"}, "pips"),
        ({"dice": "3", "difficulty": "hard"}, "difficulty"),
    ],
)
def test_parse_request_rejects_bad_keys_naming_them(keys: dict[str, str], named: str) -> None:
    with pytest.raises(UsageError, match=named):
        WOUNDS.parse_request(keys)


def test_parse_request_unknown_key_lists_the_valid_keys() -> None:
    with pytest.raises(UsageError) as error:
        WOUNDS.parse_request({"dice": "3", "target": "10"})
    assert "target" in str(error.value) and "dice, pips, difficulty" in str(error.value)


# -- difficulties, kinds, hints ------------------------------------------------------------

def test_every_neutral_difficulty_and_kind_is_mapped() -> None:
    assert [difficulty_number(d) for d in base.DIFFICULTIES] == [8, 13, 18, 23, 28]
    assert set(DIFFICULTY_TABLE) == set(base.DIFFICULTIES)
    assert set(KIND_SKILL) == set(base.KINDS)
    assert set(KIND_SKILL.values()) <= set(SKILLS)


def test_hints_hide_the_number() -> None:
    for difficulty in base.DIFFICULTIES:
        sentence = WOUNDS.hint(difficulty)
        assert sentence.endswith(".") and not any(ch.isdigit() for ch in sentence)
    assert hint("hard") == "This is going to be pretty hard."
    with pytest.raises(UsageError, match="brutal"):
        hint("brutal")


# -- character creation and NPCs -------------------------------------------------------------

def test_character_creation_deals_the_fixed_spreads_by_the_dice() -> None:
    script = ScriptedDice([6, 5, 4, 3, 2, 14, 13, 12, 11])
    sheet = WOUNDS.new_character(None, script)
    assert script.unused == 0
    assert sheet.to_data()["attributes"] == {
        "reflexes": "2D", "coordination": "2D+2", "physique": "3D",
        "knowledge": "3D", "perception": "3D+1", "presence": "4D",
    }
    assert sheet.to_data()["skills"] == {"melee": "1D", "dodge": "1D", "willpower": "2D", "persuasion": "1D",
                                         "intimidation": "1D", "survival": "1D"}
    assert (sheet.character_points, sheet.fate_points, sheet.wound_level) == (5, 1, 0)
    assert sheet.body_points is None


def test_character_creation_under_body_points_rolls_physique() -> None:
    script = ScriptedDice([1, 1, 1, 1, 1, 1, 1, 1, 1, 3, 4, 5])
    sheet = BODY.new_character(None, script)
    assert sheet.attribute("physique") == DieCode(3)
    assert sheet.added("climbing") == DieCode(2)
    assert (sheet.body_points, sheet.body_points_max) == (32, 32)


def test_character_creation_is_deterministic_for_a_seed() -> None:
    first = BODY.new_character(None, RandomDice(random.Random(42)))
    again = BODY.new_character(None, RandomDice(random.Random(42)))
    assert first == again
    pips = sum(code.steps for code in first.attributes.values())
    skill_pips = sum(code.steps for code in first.skills.values())
    assert (pips, skill_pips) == (54, 21)  # 18D and 7D


def test_character_from_content_stats() -> None:
    stats = {"physique": "4D", "reflexes": 3, "skills": {"melee": "2D+1"}, "armor": "1D", "fate_points": 2}
    sheet = WOUNDS.new_character(stats, ScriptedDice([]))
    assert sheet.attribute("physique") == DieCode(4)
    assert sheet.attribute("reflexes") == DieCode(3)
    assert sheet.attribute("presence") == DieCode(2)
    assert sheet.skills == {"melee": DieCode(2, 1)}
    assert (sheet.armor, sheet.fate_points, sheet.character_points) == (DieCode(1), 2, 5)
    assert stats == {"physique": "4D", "reflexes": 3, "skills": {"melee": "2D+1"}, "armor": "1D", "fate_points": 2}


def test_bad_content_stats_list_every_problem() -> None:
    with pytest.raises(ContentError) as error:
        WOUNDS.new_character({"physiqe": "3D", "skills": {"meele": "1D"}, "reflexes": "lots", "fate_points": -1},
                             ScriptedDice([]))
    problems = error.value.problems
    assert len(problems) == 4
    assert "did you mean physique" in problems[0]
    assert "did you mean melee" in problems[1]
    assert problems[2].startswith("reflexes:")
    assert problems[3].startswith("fate_points:")
    assert WOUNDS.stats_problems({"body_points": 0}) == ["body_points: expected a whole number of at least 1"]


def test_npc_tiers_are_monotonic_in_threat() -> None:
    hero = WOUNDS.new_character(None, ScriptedDice([1] * 9))
    rows = []
    for tier in range(1, 6):
        npc = BODY.npc_sheet(tier, None)
        attack = BODY.attack_request(npc, hero, SWORD, Situation())
        defence = BODY.attack_request(hero, npc, SWORD, Situation()).difficulty
        rows.append((DieCode(attack.dice, attack.pips).steps, defence, npc.attribute("physique").steps,
                     npc.body_points, npc.armor.steps))
    assert rows == [(9, 9, 6, 27, 0), (12, 12, 8, 29, 0), (15, 15, 9, 30, 2), (18, 18, 11, 32, 3), (22, 22, 13, 35, 5)]
    for low, high in itertools.pairwise(rows):
        assert high[0] > low[0] and high[1] > low[1] and all(hi >= lo for hi, lo in zip(high, low, strict=False))


def test_npc_stats_override_the_tier() -> None:
    npc = WOUNDS.npc_sheet(2, {"physique": "5D", "armor": "2D", "tags": ["fungal"]})
    assert npc.attribute("physique") == DieCode(5)
    assert npc.attribute("reflexes") == DieCode(2, 2)
    assert (npc.armor, npc.tags, npc.tier, npc.creature) == (DieCode(2), ("fungal",), 2, "biological")
    assert (npc.character_points, npc.fate_points) == (0, 0)
    assert WOUNDS.npc_sheet(9, None).tier == 5
    assert WOUNDS.npc_sheet(1, None, "synthetic").creature == "synthetic"


# -- checks -----------------------------------------------------------------------------

def hero() -> D6Sheet:
    """Reflexes 4D, Coordination 3D+1, Physique 3D, Knowledge 3D, Perception 2D+2, Presence 2D."""
    return WOUNDS.new_character(None, ScriptedDice([1] * 9))


def test_check_request_is_attribute_plus_skill() -> None:
    sheet = hero()
    assert WOUNDS.check_request(sheet, "climb", "hard", Situation()) == D6Request(6, 0, 18, "complication", "Reflexes + climbing")
    assert WOUNDS.check_request(sheet, "persuade", "easy", Situation()) == D6Request(2, 0, 8, "complication", "Presence + persuasion")
    assert WOUNDS.check_request(sheet, "shoot", "normal", Situation(target=11)).difficulty == 11
    assert WOUNDS.check_request(sheet, "fight", "normal", Situation(advantage=True)).dice == 6
    assert WOUNDS.check_request(sheet, "fight", "normal", Situation(disadvantage=True)).dice == 4
    with pytest.raises(UsageError, match="juggle"):
        WOUNDS.check_request(sheet, "juggle", "easy", Situation())


def test_wounds_cost_dice_on_checks() -> None:
    sheet = hero()
    for level, dice in [(0, 5), (1, 4), (2, 4), (3, 3)]:
        assert WOUNDS.check_request(replace(sheet, wound_level=level), "fight", "easy", Situation()).dice == dice
    weak = replace(sheet, wound_level=3, attributes={**sheet.attributes, "presence": DieCode(1)})
    assert WOUNDS.check_request(weak, "will", "easy", Situation()).dice == 1  # never below the Wild Die


def test_check_odds_equal_cli_odds() -> None:
    req = WOUNDS.check_request(hero(), "fight", "normal", Situation())
    cli = WOUNDS.parse_request({"dice": "5", "pips": "0", "difficulty": "13"})
    assert WOUNDS.odds(req).p_success == WOUNDS.odds(cli).p_success


# -- Character Points and Fate Points (seed 002 §Improving Rolls) -----------------------------

def test_character_point_adds_one_die_after_the_roll() -> None:
    req = request(3, 0, 12)
    script = ScriptedDice([3, 4, 2, 5])
    first = WOUNDS.roll(req, script)
    assert first.outcome == "failure"
    better = WOUNDS.add_character_die(req, first, script)
    assert better.dice == (3, 4, 2, 5)
    assert (better.figures["total"], better.figures["character_dice"], better.outcome) == (14, 1, "success")
    assert "character die 5" in better.text


def test_character_points_after_an_exploding_wild_die_and_twice() -> None:
    req = request(3, 1, 30)
    script = ScriptedDice([3, 4, 6, 6, 2, 5, 6])
    result = WOUNDS.roll(req, script)
    result = WOUNDS.add_character_die(req, result, script)
    result = WOUNDS.add_character_die(req, result, script)
    assert split_faces(req, result.dice) == ((3, 4), (6, 6, 2), (5, 6))
    assert result.figures["total"] == 3 + 4 + 14 + 5 + 6 + 1
    assert result.outcome == "success" and result.critical_success


def test_character_point_rejudges_a_mishap_and_adds_after_a_drop() -> None:
    mishap = OpenD6(wild_one="mishap-on-failure")
    req = request(3, 0, 12, "mishap-on-failure")
    script = ScriptedDice([3, 4, 1, 4])
    failed = mishap.roll(req, script)
    assert failed.critical_failure
    saved = mishap.add_character_die(req, failed, script)
    assert (saved.outcome, saved.critical_failure) == ("success", False)
    drop = OpenD6(wild_one="drop-highest")
    req = request(3, 0, 12, "drop-highest")
    script = ScriptedDice([3, 5, 1, 6])
    result = drop.add_character_die(req, drop.roll(req, script), script)
    assert (result.figures["total"], result.figures["dropped"]) == (9, 5)


def test_fate_point_doubles_the_dice_before_the_roll() -> None:
    assert WOUNDS.with_fate_point(request(3, 1, 12)) == request(6, 1, 12)


def test_points_are_spent_and_restored_at_the_end_of_an_adventure() -> None:
    sheet = hero()
    spent = WOUNDS.spend_point(sheet, "character")
    assert (spent.character_points, sheet.character_points) == (4, 5)
    spent = WOUNDS.spend_point(spent, "fate", heroic=True)
    assert (spent.fate_points, spent.fate_heroic) == (0, 1)
    with pytest.raises(ActionRefused, match="Fate Points"):
        WOUNDS.spend_point(spent, "fate")
    after = WOUNDS.end_adventure(spent, goals_completed=2)
    assert (after.character_points, after.fate_points, after.fate_heroic) == (4 + 3, 1, 0)
    unheroic = WOUNDS.end_adventure(WOUNDS.spend_point(sheet, "fate"))
    assert (unheroic.fate_points, unheroic.character_points) == (0, 6)


# -- damage (seed 002 §Taking Damage) ----------------------------------------------------

@pytest.mark.parametrize(
    ("margin", "level"),
    [(-3, 0), (0, 0), (1, 1), (3, 1), (4, 2), (8, 2), (9, 4), (12, 4), (13, 5), (15, 5), (16, 6), (40, 6)],
)
def test_wound_level_chart(margin: int, level: int) -> None:
    assert wound_from_margin(margin) == level


@pytest.mark.parametrize(
    ("current", "new", "after"),
    [(0, 2, 2), (2, 2, 3), (3, 2, 4), (1, 1, 2), (1, 2, 2), (2, 1, 3), (2, 5, 5), (4, 0, 4), (6, 1, 6), (5, 5, 6)],
)
def test_new_damage_at_or_below_the_level_raises_it_one(current: int, new: int, after: int) -> None:
    assert raise_wound(current, new) == after


@pytest.mark.parametrize(
    ("name", "damage", "code"),
    [("d4", "d4", "1D"), ("d6", "d6", "1D+2"), ("d8", "d8", "2D+1"), ("d10", "d10", "3D"), ("d12", "d12", "3D+2"),
     ("2d6", "2d6", "3D+1"), ("code", "4D+1", "4D+1")],
)
def test_weapon_die_to_damage_code(name: str, damage: str, code: str) -> None:
    assert str(weapon_code(damage)) == code


def test_weapon_code_rejects_garbage() -> None:
    with pytest.raises(ValueError, match="lots"):
        weapon_code("lots")


def test_player_attacks_npc_under_wounds() -> None:
    attacker, defender = hero(), WOUNDS.npc_sheet(1, None)
    before = (attacker, defender)
    # attack 5D vs static defence 9; damage 2D+1 sword + 2D Strength Damage = 4D+1; resistance Physique 2D
    script = ScriptedDice([3, 3, 3, 3, 2, 4, 4, 4, 5, 6, 5])
    result = WOUNDS.attack(attacker, defender, SWORD, Situation(), script)
    assert script.unused == 0
    assert result.hit and result.roll.figures["total"] == 14 and result.roll.figures["difficulty"] == 9
    assert [r.figures["total"] for r in result.rolls] == [18, 11]
    assert result.damage == 18
    assert result.defender.wound_level == 2
    assert result.events == (Hit(ATTACKER, DEFENDER, "sword"), DamageResisted(DEFENDER, 18, 11, True, 0, 2))
    assert (attacker, defender) == before
    assert WOUNDS.condition(result.defender) == "ok" and WOUNDS.health(result.defender) == "wounded (-1D)"


def test_npc_attacks_player_and_is_resisted() -> None:
    attacker, defender = WOUNDS.npc_sheet(1, None), hero()
    # 3D vs the hero's defence 5D = 15; damage 2D+1 + 1D = 3D+1; resistance 3D
    script = ScriptedDice([6, 6, 6, 6, 2, 1, 1, 1, 1, 1, 2])
    result = WOUNDS.attack(attacker, defender, SWORD, Situation(), script)
    assert script.unused == 0
    assert result.hit and result.roll.figures["total"] == 26 and result.roll.critical_success
    assert result.rolls[0].critical_failure and result.rolls[0].figures["total"] == 4
    assert result.defender.wound_level == 0
    assert result.events[-1] == DamageResisted(DEFENDER, 4, 4, False, 0, 0)


def test_a_miss_reads_only_the_attack_roll() -> None:
    script = ScriptedDice([1, 1, 1, 1, 1])
    result = WOUNDS.attack(hero(), WOUNDS.npc_sheet(3, None), SWORD, Situation(), script)
    assert not result.hit and result.damage == 0
    assert result.roll.critical_failure
    assert result.events == (WildDieOne(ATTACKER, WildOne.COMPLICATION, "fight"), Missed(ATTACKER, DEFENDER))


def test_heavy_hit_takes_the_defender_down_then_kills() -> None:
    defender = WOUNDS.npc_sheet(1, None)
    script = ScriptedDice([5, 5, 5, 5, 5, 6, 6, 6, 5, 1, 2])  # damage 24 vs resistance 3: margin 21
    result = WOUNDS.attack(hero(), defender, SWORD, Situation(), script)
    assert result.defender.wound_level == 6
    assert WOUNDS.condition(result.defender) == "dead"
    assert result.events[-1] == Died(DEFENDER)


def test_a_blow_that_incapacitates_emits_fell() -> None:
    script = ScriptedDice([5, 5, 5, 5, 5, 4, 4, 4, 4, 1, 2])  # damage 16+1 vs resistance 3: margin 14, mortal
    result = WOUNDS.attack(hero(), WOUNDS.npc_sheet(1, None), SWORD, Situation(), script)
    assert WOUNDS.condition(result.defender) == "down"
    assert result.events[-1] == Fell(DEFENDER)


def test_ranged_attack_uses_coordination_dodge_and_bonus_against() -> None:
    attacker = hero()
    defender = WOUNDS.npc_sheet(2, {"tags": ["beast"], "skills": {"melee": "4D"}})
    req = WOUNDS.attack_request(attacker, defender, BOW, Situation())
    assert (req.dice, req.pips, req.difficulty, req.label) == (4, 1, 12, "Coordination + marksmanship")
    assert WOUNDS.attack_request(attacker, defender, SWORD, Situation()).difficulty == 20  # parry 2D+2 + 4D
    hunting = Weapon("hunting bow", "d8", ranged=True, bonus_against=("beast",))
    # damage 2D+1 + 2D ranged + 1D against beasts = 5D+1
    script = ScriptedDice([6, 6, 5, 2, 2, 2, 2, 2, 2, 1, 1])
    result = WOUNDS.attack(attacker, defender, hunting, Situation(), script)
    assert result.rolls[0].figures["code"] == "5D+1"


def test_attack_under_body_points() -> None:
    defender = BODY.npc_sheet(4, None)  # armor 1D, 32 Body Points
    script = ScriptedDice([6, 6, 6, 6, 3, 4, 4, 4, 4, 4])
    # attack 5D = 27 vs 18; damage 4D+1 = 17; armor 1D (the Wild Die) = 4
    result = BODY.attack(hero(), defender, SWORD, Situation(), script)
    assert script.unused == 0
    assert (result.damage, result.defender.body_points) == (13, 19)
    assert result.events[-1] == BodyPointsLost(DEFENDER, 17, 4, 13, 19, 32)
    assert BODY.health(result.defender) == "BP 19/32"


def test_attack_weapon_stats_override_damage() -> None:
    club = Weapon("club", "d6", system={"damage": "0D+1"})
    assert WOUNDS.attack(hero(), WOUNDS.npc_sheet(1, None), club, Situation(),
                         ScriptedDice([6, 6, 6, 6, 2, 1, 1, 6, 5])).rolls[0].figures["code"] == "2D+1"


def test_body_points_condition() -> None:
    sheet = BODY.npc_sheet(1, None)
    assert [BODY.condition(replace(sheet, body_points=bp)) for bp in (1, 0, -9, -10)] == ["ok", "down", "down", "dead"]


def test_wounds_condition() -> None:
    sheet = hero()
    conditions = [WOUNDS.condition(replace(sheet, wound_level=level)) for level in range(7)]
    assert conditions == ["ok", "ok", "ok", "ok", "down", "down", "dead"]
    assert WOUNDS.health(replace(sheet, wound_level=3)) == "severely wounded (-2D)"
    assert WOUNDS.health(replace(sheet, wound_level=4)) == "incapacitated"


# -- rounds and rest -------------------------------------------------------------------

def test_stun_lasts_this_round_and_the_next() -> None:
    sheet = WOUNDS.attack(hero(), hero(), SWORD, Situation(), ScriptedDice([5, 5, 5, 5, 5, 1, 1, 1, 1, 1, 1, 2])).defender
    assert (sheet.wound_level, sheet.stun_rounds) == (1, 2)
    once = WOUNDS.end_round(sheet, ScriptedDice([]), PLAYER)
    assert (once.sheet.wound_level, once.sheet.stun_rounds, once.events) == (1, 1, ())
    twice = WOUNDS.end_round(once.sheet, ScriptedDice([]), "raider")
    assert twice.sheet.wound_level == 0 and twice.events == (StunWoreOff("raider"),)


def test_damage_that_does_no_wound_leaves_a_stun_as_it_was_and_a_second_stun_wounds() -> None:
    stunned = replace(hero(), wound_level=1, stun_rounds=1)
    assert take_wound(stunned, 0) == stunned and take_wound(stunned, -5) == stunned
    again = take_wound(stunned, 2)  # new damage at or below the level raises it one (OpenD6's public rules)
    assert (again.wound_level, again.stun_rounds) == (2, 0)
    fresh = take_wound(hero(), 3)
    assert (fresh.wound_level, fresh.stun_rounds) == (1, 2)


def test_mortally_wounded_rolls_each_round_to_stay_alive() -> None:
    sheet = replace(hero(), wound_level=5, mortal_rounds=0)
    alive = WOUNDS.end_round(sheet, ScriptedDice([1, 1, 1]), PLAYER)
    assert (alive.sheet.wound_level, alive.sheet.mortal_rounds, alive.events) == (5, 1, (ClungToLife(PLAYER),))
    dying = WOUNDS.end_round(replace(sheet, mortal_rounds=5), ScriptedDice([1, 1, 2]), PLAYER)
    assert dying.sheet.wound_level == 6 and dying.rolls[0].figures["difficulty"] == 6
    assert dying.events == (Died(PLAYER, "mortal wound"),)
    spent = replace(sheet, body_points=0, body_points_max=20)
    assert BODY.end_round(spent, ScriptedDice([]), PLAYER).sheet.body_points == 0


def test_rest_under_wounds() -> None:
    sheet = hero()
    stunned = replace(sheet, wound_level=1, stun_rounds=2)
    short = WOUNDS.rest(stunned, "short", True, ScriptedDice([]))
    assert short.sheet.wound_level == 0
    assert short.events == (StunWoreOff(PLAYER), NotHealed(Respite.SHORT))
    wounded = replace(sheet, wound_level=2)
    assert WOUNDS.rest(wounded, "short", True, ScriptedDice([])).sheet.wound_level == 2
    hungry = WOUNDS.rest(wounded, "long", False, ScriptedDice([]))
    assert hungry.sheet.wound_level == 2 and hungry.events == (NotHealed(Respite.HUNGRY),)
    healed = WOUNDS.rest(wounded, "long", True, ScriptedDice([3, 3, 2]))  # Physique 3D = 8 vs easy 8
    assert healed.sheet.wound_level == 0 and healed.rolls[0].figures["difficulty"] == 8
    assert healed.events == (WoundsMended(0, True),)
    severe = replace(sheet, wound_level=3)
    unmended = WOUNDS.rest(severe, "long", True, ScriptedDice([1, 1, 2]))
    assert unmended.sheet.wound_level == 3 and unmended.events == (WoundsMended(3, False),)
    mortal = replace(sheet, wound_level=5, mortal_rounds=3)
    better = WOUNDS.rest(mortal, "long", True, ScriptedDice([6, 6, 2])).sheet
    assert (better.wound_level, better.mortal_rounds) == (4, 0)
    dead = replace(sheet, wound_level=6)
    assert WOUNDS.rest(dead, "long", True, ScriptedDice([])).sheet == dead
    assert wounded.wound_level == 2  # not mutated


def test_rest_under_body_points() -> None:
    sheet = replace(BODY.new_character(None, ScriptedDice([1] * 9 + [3, 4, 5])), body_points=10)
    assert BODY.rest(sheet, "short", True, ScriptedDice([])).sheet.body_points == 10
    assert BODY.rest(sheet, "long", False, ScriptedDice([])).sheet.body_points == 10
    rested = BODY.rest(sheet, "long", True, ScriptedDice([2, 2, 3]))
    assert rested.sheet.body_points == 17 and rested.events == (BodyPointsRecovered(7, 17, 32),)
    full = BODY.rest(replace(sheet, body_points=30), "long", True, ScriptedDice([6, 6, 6, 2]))
    assert full.sheet.body_points == 32


def test_sheet_lines() -> None:
    lines = WOUNDS.sheet_lines(hero())
    assert lines[0] == "Reflexes     4D  (climbing 6D, dodge 5D, melee 5D, sneak 5D)"
    assert lines[-2:] == ["Health       healthy", "Character Points 5, Fate Points 1"]


def test_sheets_save_to_toml_as_they_are() -> None:
    import tomllib

    tomli_w = pytest.importorskip("tomli_w")
    wounded = WOUNDS.attack(hero(), hero(), SWORD, Situation(), ScriptedDice([5, 5, 5, 5, 5, 1, 1, 1, 1, 1, 1, 2])).defender
    for sheet in (hero(), wounded, BODY.npc_sheet(3, {"tags": ["fungal"]}), BODY.new_character(None, RandomDice(random.Random(7)))):
        data = WOUNDS.sheet_to_data(sheet)
        assert tomllib.loads(tomli_w.dumps(data)) == data
        assert D6Sheet.from_data(data) == sheet


# -- what play needs: hidden rolls, hints, harm, heal, creature bonuses --------------------------

def test_hidden_leaves_out_the_difficulty_and_margin_but_keeps_the_figures() -> None:
    from game.systems.opend6.roll import hidden

    result = roll([2, 6, 6, 6, 3], 3, pips=1, difficulty=13)
    assert result.text == "3D+1 (2, 6 + wild 6+6+3 + 1) = 24 vs 13: success (margin 11), critical success"
    shown = hidden(result)
    assert shown.text == "3D+1 (2, 6 + wild 6+6+3 + 1) = 24: success, critical success"
    assert shown.figures == {**result.figures, "secret": True} and shown.dice == result.dice
    open_roll = WOUNDS.roll(D6Request(2), ScriptedDice([3, 4]))
    assert hidden(open_roll) == open_roll


def test_hints_about_a_subject_and_for_any_number() -> None:
    from game.systems.opend6.codes import difficulty_band

    assert hint("easy", "The climb") == "The climb should not give you much trouble."
    assert hint("extreme", "Forcing it") == "Forcing it would take one of the most talented."
    assert [difficulty_band(n) for n in (-3, 8, 10, 11, 15, 16, 20, 21, 25, 26, 99)] == [
        "easy", "easy", "easy", "normal", "normal", "hard", "hard", "extreme", "extreme", "legendary", "legendary"]
    assert all(difficulty_band(number) == name for name, (_, _, number) in DIFFICULTY_TABLE.items())


def test_harm_under_wounds_is_resisted() -> None:
    sheet = hero()  # Physique 3D
    script = ScriptedDice([6, 5, 1, 1, 2])  # d4 = 1D: wild 6+5 = 11; resistance 3D: 1, 1 + wild 2 = 4
    change = WOUNDS.harm(sheet, "d4", script)
    assert script.unused == 0
    assert [r.text for r in change.rolls] == ["damage 1D (wild 6+5) = 11, critical success",
                                              "resistance 3D (1, 1 + wild 2) = 4 vs 11: failure (margin -7)"]
    assert change.sheet.wound_level == 2 and sheet.wound_level == 0
    assert change.events == (DamageResisted(PLAYER, 11, 4, True, 0, 2),)
    assert WOUNDS.harm(sheet, "d4", ScriptedDice([2, 3, 3, 3])).events == (DamageResisted(PLAYER, 2, 9, False, 0, 0),)


def test_harm_under_body_points_comes_off_the_points() -> None:
    sheet = replace(hero(), body_points=30, body_points_max=30)
    change = BODY.harm(sheet, "d8", ScriptedDice([4, 3]))  # 2D+1: 4 + wild 3 + 1 = 8
    assert change.sheet.body_points == 22
    assert change.events == (BodyPointsLost(PLAYER, 8, 0, 8, 22, 30),)


def test_heal_mends_a_level_for_each_five() -> None:
    sheet = replace(hero(), wound_level=3)
    once = WOUNDS.heal(sheet, "d6", ScriptedDice([3]))  # 1D+2: 5
    assert once.sheet.wound_level == 2 and once.events == (WoundsMended(2, True, healing=True),)
    twice = WOUNDS.heal(sheet, "d6", ScriptedDice([6, 2]))  # 6+2+2 = 10: two levels
    assert twice.sheet.wound_level == 0
    assert WOUNDS.heal(replace(sheet, wound_level=1, stun_rounds=2), "d4", ScriptedDice([1])).sheet.wound_level == 0
    mortal = WOUNDS.heal(replace(sheet, wound_level=5, mortal_rounds=3), "d6", ScriptedDice([2])).sheet
    assert (mortal.wound_level, mortal.mortal_rounds) == (4, 0)
    unhurt = WOUNDS.heal(hero(), "d6", ScriptedDice([]))
    assert unhurt.rolls == () and unhurt.events == (NotHealed(Respite.UNHURT, healing=True),)
    dead = WOUNDS.heal(replace(sheet, wound_level=6), "d6", ScriptedDice([]))
    assert dead.events == (NotHealed(Respite.DEAD, healing=True),)


def test_heal_under_body_points_up_to_the_maximum() -> None:
    sheet = replace(hero(), body_points=25, body_points_max=30)
    healed = BODY.heal(sheet, "d6", ScriptedDice([6, 6, 1]))  # 1D+2: 6+6+1+2 = 15, only 5 missing
    assert healed.sheet.body_points == 30 and healed.events == (BodyPointsRecovered(5, 30, 30),)


def test_bonus_against_a_creature_type() -> None:
    from game.systems.opend6.combat import damage_code

    storm = Weapon("storm glass", "d8", bonus_against=("synthetic",))
    sentinel = WOUNDS.npc_sheet(1, None, "synthetic")
    # 2D+1 + Strength Damage 2D (Physique 3D) + 1D against synthetic things
    assert str(damage_code(hero(), sentinel, storm)) == "5D+1"
    assert str(damage_code(hero(), WOUNDS.npc_sheet(1, None), storm)) == "4D+1"


def test_play_flags_show_on_the_sheet_and_the_moment() -> None:
    sheet = replace(hero(), cp_prompt=False)
    assert WOUNDS.sheet_lines(sheet)[-1] == "You are not asked to spend Character Points (points on)."
    moment = D6Moment(fate_armed=True, setbacks={PLAYER: Setback(1, 3)})
    assert WOUNDS.moment_lines(moment, PLAYER) == [
        "A Fate Point is waiting: your next roll uses twice the dice.",
        "Shaken by a complication: -1D to your next action.",
    ]
    assert WOUNDS.moment_lines(None, PLAYER) == []


# -- the typed sheet and moment as saved data ---------------------------------------------------

def test_a_sheet_reads_back_what_it_writes_and_refuses_bad_fields() -> None:
    sheet = replace(BODY.npc_sheet(3, {"tags": ["fungal"]}, "fungal"), sized_up=True, wound_level=2)
    assert BODY.sheet_from_data(BODY.sheet_to_data(sheet)) == sheet
    data = hero().to_data()
    for key, value, message in [
        ("wound_level", 7, "wound_level: 7 is out of range"),
        ("wound_level", "2", "wound_level: expected a whole number"),
        ("fate_points", True, "fate_points: expected a whole number"),
        ("armor", "lots", "armor: 'lots' is not a die code"),
        ("attributes", {**data["attributes"], "luck": "2D"}, "attributes.luck: unknown"),
        ("skills", {"meele": "1D"}, "skills.meele: unknown"),
        ("cp_prompt", 1, "cp_prompt: expected true or false"),
        ("hp", 3, "hp: not an OpenD6 sheet entry"),
    ]:
        with pytest.raises(ValueError, match=message):
            D6Sheet.from_data({**data, key: value})
    del data["attributes"]["presence"]
    with pytest.raises(ValueError, match="attributes.presence: missing"):
        D6Sheet.from_data(data)
    with pytest.raises(ValueError, match="body_points: missing"):
        BODY.sheet_from_data(hero().to_data())


def test_format_1_scratch_keys_are_dropped_by_the_sheet_and_lifted_by_the_migration() -> None:
    legacy = {**hero().to_data(), "setback": 2, "setback_turn": 6, "fate_armed": True, "fate_turn": 5, "engaged": []}
    assert D6Sheet.from_data(legacy) == hero()
    raider = {**WOUNDS.npc_sheet(2, None).to_data(), "setback": 1, "setback_turn": 3, "sized_up": True}
    state = WOUNDS.migrate_v1({"turn": 7, "player": dict(legacy), "npcs": {"raider": {"sheet": raider}}})
    assert state["moment"] == {"fate_armed": True, "setbacks": {"player": {"rounds": 2, "turn": 6},
                                                                "raider": {"rounds": 1, "turn": 3}}}
    assert WOUNDS.sheet_from_data(state["player"]) == hero()
    assert WOUNDS.sheet_from_data(state["npcs"]["raider"]["sheet"]).sized_up
    moment = WOUNDS.moment_from_data(state["moment"])
    assert moment == D6Moment(fate_armed=True, setbacks={PLAYER: Setback(2, 6), "raider": Setback(1, 3)})
    assert WOUNDS.moment_to_data(moment) == state["moment"]
    assert WOUNDS.moment_from_data({}) is None and WOUNDS.moment_to_data(None) == {}
    with pytest.raises(ValueError, match="moment.setbacks.player"):
        WOUNDS.moment_from_data({"setbacks": {"player": {"rounds": 2}}})


@pytest.mark.parametrize("name", ["opend6-death", "opend6-late", "opend6-midrun", "opend6-question"])
def test_format_1_fixtures_migrate(name: str) -> None:
    import tomllib
    from pathlib import Path

    path = Path(__file__).parents[1] / "fixtures" / "saves_v1" / "glass-oasis" / f"{name}.toml"
    state = WOUNDS.migrate_v1(tomllib.loads(path.read_text(encoding="utf-8"))["state"])
    WOUNDS.sheet_from_data(state["player"])
    for npc in state["npcs"].values():
        assert not set(npc["sheet"]) & {"setback", "setback_turn", "fate_armed", "fate_turn", "engaged"}
        WOUNDS.sheet_from_data(npc["sheet"])
    WOUNDS.moment_from_data(state["moment"])


def test_character_points_add_a_die_to_resistance_or_to_the_armor_roll() -> None:
    """seed 002 §Improving Rolls ("one extra die") on the rolls of §Taking Damage."""
    from game.systems.opend6.combat import apply_damage
    hero = WOUNDS.new_character({"physique": "2D"}, ScriptedDice([]))
    # wounds: Physique 2D +1D = 3D: 3, 3 + wild 4 = 10 against damage 10: no wound
    dice = ScriptedDice([3, 3, 4])
    done = apply_damage(hero, 10, dice, "wounds", "complication", PLAYER, extra=1)
    assert dice.unused == 0
    assert done.rolls[0].text.startswith("resistance (Character Points +1D) 3D")
    assert int(done.rolls[0].figures["total"]) == 10 and done.sheet.wound_level == 0
    # body points, no armor: the Character Point's die alone stops damage (wild 4 of 10)
    body = replace(hero, body_points=20, body_points_max=20)
    dice = ScriptedDice([4])
    done = apply_damage(body, 10, dice, "body-points", "complication", PLAYER, extra=1)
    assert done.rolls[0].text.startswith("armor (Character Points +1D) 1D")
    assert (done.harm, done.sheet.body_points) == (6, 14)
