"""Open Adventures (seed 000): the pool economy, the §3.1 request, exact odds, combat and rest."""
from __future__ import annotations

import copy
import itertools
import random
import tomllib
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.errors import ActionRefused, ContentError, DiceExhausted, UsageError
from game.events import PLAYER
from game.events.fight import Died, Fell
from game.rules.base import DIFFICULTIES, KINDS, Situation, Weapon
from game.rules.dice import RandomDice, ScriptedDice, enumerate_faces
from game.rules.registry import get_system, info
from game.systems.open_adventures import rules as oa
from game.systems.open_adventures.dice import (
    DIFFICULTY_SUCCESSES,
    KIND_ATTRIBUTE,
    PoolRequest,
    band_successes,
    exit_successes,
    move_inches,
)
from game.systems.open_adventures.events import (
    AttackMissed,
    DamageRolled,
    Defended,
    DiceCommitted,
    FatigueRecovered,
    LongRest,
    NpcHarmed,
    PoolLost,
    Unharmed,
)
from game.systems.open_adventures.sheet import OASheet, Progress, make_sheet

SWORD = Weapon("sword", "d6")
LONGSWORD = Weapon("longsword", "d8")
BOW = Weapon("bow", "d6", ranged=True)


def system(**options: str) -> oa.OpenAdventures:
    made = get_system("open_adventures", options)
    assert isinstance(made, oa.OpenAdventures)
    return made


def hero(pool: int = 5, **attributes: int) -> OASheet:
    values = {"move": 2, "fight": 3, "shoot": 2, "skill": 2, "will": 2, "defence": 2}
    values.update(attributes)
    return make_sheet(values, pool)


def brute_successes(faces: tuple[int, ...]) -> int:
    """Independent reading of the seed: 4-5 one success, 6 two."""
    return sum(2 if face == 6 else 1 if face >= 4 else 0 for face in faces)


def assert_toml_safe(value: Any) -> None:
    if isinstance(value, dict):
        for key, item in value.items():
            assert isinstance(key, str)
            assert_toml_safe(item)
    elif isinstance(value, list):
        for item in value:
            assert_toml_safe(item)
    else:
        assert isinstance(value, (str, int, float, bool)), value


# -- module and registry -----------------------------------------------------------------

def test_module_exposes_registry_contract() -> None:
    assert oa.SYSTEM_ID == "open_adventures"
    assert "\n" not in oa.SUMMARY and oa.SUMMARY
    assert oa.OPTIONS["zero_pool"] == ("dead", "knocked-out")
    assert oa.OPTIONS["npc_defence"] == ("threshold", "roll")  # seed §2: the threshold only
    assert oa.OPTIONS["weapon_damage"] == ("successes", "bonus")  # seed §2: a success is a point
    assert info("open_adventures").summary == oa.SUMMARY
    made = system()
    assert made.id == "open_adventures" and made.rules.zero_pool == "dead"
    assert system(zero_pool="knocked-out").rules.zero_pool == "knocked-out"


def test_bad_option_is_a_usage_error() -> None:
    with pytest.raises(UsageError, match="zero_pool"):
        get_system("open_adventures", {"zero_pool": "maimed"})
    with pytest.raises(UsageError, match="zero_pool"):
        oa.make_system({"zero_pool": "maimed"})


# -- parse_request -----------------------------------------------------------------------

def test_parse_request_defaults_and_values() -> None:
    made = system()
    assert made.parse_request({"dice": "3"}) == PoolRequest(3, 1)
    assert made.parse_request({"dice": " 4 ", "need": "2"}) == PoolRequest(4, 2)
    assert made.parse_request({"dice": "0", "need": "0"}) == PoolRequest(0, 0)


@pytest.mark.parametrize("keys, named", [
    ({"dice": "3", "target": "2"}, "target"),
    ({"need": "2"}, "dice"),
    ({"dice": "x"}, "dice"),
    ({"dice": "-1"}, "dice"),
    ({"dice": "61"}, "dice"),
    ({"dice": "2.5"}, "dice"),
    ({"dice": "3", "need": "two"}, "need"),
    ({"dice": "3", "need": "-1"}, "need"),
])
def test_parse_request_rejects_bad_keys_naming_them(keys: dict[str, str], named: str) -> None:
    with pytest.raises(UsageError, match=named):
        system().parse_request(keys)


def test_unknown_key_lists_valid_keys() -> None:
    with pytest.raises(UsageError) as caught:
        system().parse_request({"dice": "3", "bonus": "1"})
    assert "'bonus'" in str(caught.value) and "dice, need" in str(caught.value)


# -- odds --------------------------------------------------------------------------------

@pytest.mark.parametrize("dice", range(5))
def test_odds_match_brute_force(dice: int) -> None:
    made = system()
    faces = list(enumerate_faces(dice, 6))
    for need in range(2 * dice + 2):
        odds = made.odds(PoolRequest(dice, need))
        wins = sum(1 for roll in faces if brute_successes(roll) >= need)
        assert odds.p_success == Fraction(wins, len(faces))
        assert odds.probabilities["p_failure"] == 1 - odds.p_success
    distribution = made.odds(PoolRequest(dice, 1)).distribution
    for key, p in distribution.items():
        assert p == Fraction(sum(1 for roll in faces if brute_successes(roll) == int(key)), len(faces))
    assert sum(distribution.values()) == 1
    assert set(distribution) == {str(k) for k in range(2 * dice + 1)}


def test_odds_exact_numbers_and_json_keys() -> None:
    made = system()
    assert made.odds(PoolRequest(1, 1)).p_success == Fraction(1, 2)
    assert made.odds(PoolRequest(1, 2)).p_success == Fraction(1, 6)
    assert made.odds(PoolRequest(2, 2)).p_success == Fraction(5, 12)
    assert made.odds(PoolRequest(0, 1)).p_success == 0
    data = made.odds(made.parse_request({"dice": "2", "need": "2"})).to_json()
    assert data["system"] == "open_adventures"
    assert {"p_success", "p_failure", "distribution"} <= set(data)
    assert data["distribution"] == {"0": 0.25, "1": 1 / 3, "2": 5 / 18, "3": 1 / 9, "4": 1 / 36}


def test_odds_of_the_largest_request_are_exact() -> None:
    odds = system().odds(PoolRequest(60, 120))
    assert odds.p_success == Fraction(1, 6**60)
    assert sum(odds.distribution.values()) == 1


# -- roll --------------------------------------------------------------------------------

def test_roll_reads_exactly_n_faces_in_order() -> None:
    dice = ScriptedDice([4, 6, 2, 5])
    result = system().roll(PoolRequest(3, 2), dice)
    assert result.dice == (4, 6, 2) and dice.unused == 1
    assert result.outcome == "success"
    assert dict(result.figures) == {"successes": 3, "need": 2, "margin": 1, "criticals": 1}
    assert result.text == "3d6 (4, 6, 2) = 3 successes vs need 2: success (margin 1)"
    assert result.rule.startswith("seed 000")


def test_roll_failure_and_json() -> None:
    made = system()
    result = made.roll(made.parse_request({"dice": "2", "need": "3"}), ScriptedDice([6, 3]))
    data = result.to_json()
    assert data["outcome"] == "failure" and data["dice"] == [6, 3]
    assert data["successes"] == 2 and data["margin"] == -1 and data["system"] == "open_adventures"
    assert {"system", "dice", "outcome", "successes", "need", "margin", "text", "rule"} <= set(data)


def test_roll_with_too_few_faces_raises() -> None:
    with pytest.raises(DiceExhausted):
        system().roll(PoolRequest(3, 1), ScriptedDice([4, 5]))


@given(st.lists(st.integers(1, 6), min_size=0, max_size=8), st.integers(0, 17))
def test_roll_agrees_with_brute_force(faces: list[int], need: int) -> None:
    result = system().roll(PoolRequest(len(faces), need), ScriptedDice(faces))
    assert result.figures["successes"] == brute_successes(tuple(faces))
    assert result.succeeded == (brute_successes(tuple(faces)) >= need)


# -- the worked example of seed 000 §1 The Dice Pool --------------------------------------

def test_worked_example_move_shoot_move_then_defend_by_pushing() -> None:
    made = system()
    pc = made.start_turn(make_sheet({"move": 4, "fight": 2, "shoot": 3, "skill": 1, "will": 1, "defence": 2}, 6))
    assert pc.dice_left == 6
    moved = made.move(pc, 1, Situation(commit=2), ScriptedDice([4, 6]))
    assert moved.inches == 18 and moved.sheet.dice_left == 4 and moved.sheet.spent.move == 2
    npc = made.start_turn(made.npc_sheet(2, None))
    shot = made.attack(moved.sheet, npc, BOW, Situation(commit=3), ScriptedDice([5, 6, 1]))
    assert shot.roll.dice == (5, 6, 1) and shot.rolls == ()  # seed §2: NPCs have the threshold only
    assert shot.hit and shot.damage == 3 and made.condition(shot.defender) == "dead"
    pc = shot.attacker
    assert pc.dice_left == 1 and pc.spent.shoot == 3
    moved_again = made.move(pc, 1, Situation(commit=1), ScriptedDice([5]))
    pc = moved_again.sheet
    assert pc.dice_left == 0 and pc.spent.move == 3 and pc.fatigue == 0
    with pytest.raises(ActionRefused):
        made.commit(pc, "move", 2)  # Move 4: only one more die may go to moving this turn
    raider = made.start_turn(made.npc_sheet(2, None))
    struck = made.attack(raider, pc, SWORD, Situation(), ScriptedDice([4, 4, 6, 1]))
    assert struck.roll.dice == (4, 4) and struck.rolls[0].dice == (6, 1)
    assert not struck.hit and struck.damage == 0
    assert struck.defender.fatigue == 1 and struck.defender.pool == 6
    assert made.start_turn(struck.defender).dice_left == 5


def test_attribute_caps_spending_per_turn_and_resets_next_turn() -> None:
    made = system()
    pc = made.start_turn(hero(pool=6, shoot=3))
    pc, _ = made.commit(pc, "shoot", 2)
    with pytest.raises(ActionRefused, match="Shoot"):
        made.commit(pc, "shoot", 2)
    pc, _ = made.commit(pc, "shoot", 1)
    with pytest.raises(ActionRefused, match="Shoot"):
        made.commit(pc, "shoot", 1)
    assert made.max_commit(pc, "shoot") == 0
    assert made.start_turn(pc).spent.shoot == 0


# -- pushing and fatigue -----------------------------------------------------------------

def test_each_action_after_the_pool_is_empty_marks_one_fatigue() -> None:
    made = system()
    pc = make_sheet({"move": 4, "fight": 4, "shoot": 2, "skill": 2, "will": 2, "defence": 2}, 2)
    pc, first = made.commit(pc, "fight", 2)
    assert first == oa.Commitment(2, 2, False) and pc.fatigue == 0
    pc, second = made.commit(pc, "fight", 2)
    assert second == oa.Commitment(2, 0, True) and pc.fatigue == 1
    pc, third = made.commit(pc, "move", 1)
    assert third == oa.Commitment(1, 0, True) and pc.fatigue == 2
    assert made.collapsed(pc) and made.condition(pc) == "ok"  # fatigue 2 >= pool 2: collapsed, not down


def test_an_action_running_past_the_pool_is_pushed_once() -> None:
    made = system()
    pc = replace(hero(fight=4), dice_left=1)
    after, commitment = made.commit(pc, "fight", 3)
    assert commitment == oa.Commitment(3, 1, True)
    assert after.dice_left == 0 and after.fatigue == 1


def test_pushed_dice_option_one() -> None:
    made = system(pushed_dice="one")
    pc = replace(hero(fight=3), dice_left=0)
    assert made.default_commit(pc, "fight") == 1 and made.max_commit(pc, "fight") == 1
    with pytest.raises(ActionRefused, match="Pushing"):
        made.commit(pc, "fight", 2)
    assert made.commit(pc, "fight", 1)[0].fatigue == 1


def test_fatigue_removes_dice_at_the_start_of_a_turn() -> None:
    pc = replace(hero(pool=5), fatigue=2, dice_left=0)
    assert system().start_turn(pc).dice_left == 3


def test_collapse_when_fatigue_reaches_the_pool_then_rest_turns() -> None:
    made = system()
    pc = replace(hero(pool=3), fatigue=2, dice_left=0)
    pc, _ = made.commit(pc, "fight", 1)
    assert pc.fatigue == 3 and made.collapsed(pc) and made.condition(pc) == "ok"
    assert made.default_defence(pc, 5) == 0  # a collapsed character does not defend
    with pytest.raises(ActionRefused, match="rest"):
        made.commit(made.start_turn(pc), "fight", 1)
    dice = ScriptedDice([4, 1, 1, 9])
    rested = made.rest(pc, "short", True, dice)
    assert dice.faces == [4, 1, 1]
    assert rested.sheet.fatigue == 2 and rested.sheet.dice_left == 0
    assert made.condition(rested.sheet) == "ok"
    assert rested.rolls[0].figures["successes"] == 1
    assert rested.events == (FatigueRecovered(PLAYER, 1, 2),)


def test_rest_turn_six_removes_two_and_never_below_zero() -> None:
    made = system()
    pc = replace(hero(pool=5), fatigue=2)
    rested = made.rest(pc, "short", False, ScriptedDice([6, 6]))
    assert rested.sheet.fatigue == 0 and rested.sheet.dice_left == 3
    with pytest.raises(DiceExhausted):
        made.rest(pc, "short", True, ScriptedDice([6]))
    calm = made.rest(hero(), "short", True, ScriptedDice([]))
    assert calm.sheet.fatigue == 0 and calm.rolls == ()


def test_long_rest_heals_per_option_and_not_when_deprived() -> None:
    pc = replace(hero(pool=5), pool=2, fatigue=1, dice_left=0)
    one = system().rest(pc, "long", True, ScriptedDice([]))
    assert (one.sheet.pool, one.sheet.fatigue, one.sheet.dice_left) == (3, 0, 3)
    assert system(healing="full").rest(pc, "long", True, ScriptedDice([])).sheet.pool == 5
    hungry = system().rest(pc, "long", False, ScriptedDice([]))
    assert (hungry.sheet.pool, hungry.sheet.fatigue) == (2, 0)
    assert hungry.events == (LongRest(PLAYER, 0, 2, 5, False),)
    with pytest.raises(UsageError, match="short or long"):
        system().rest(pc, "nap", True, ScriptedDice([]))


def test_knocked_out_wakes_after_a_fed_long_rest_and_the_dead_stay_dead() -> None:
    made = system(zero_pool="knocked-out")
    out = replace(hero(), pool=0, dice_left=0)
    assert made.condition(out) == "down"
    assert made.condition(made.rest(out, "long", True, ScriptedDice([])).sheet) == "ok"
    assert made.condition(made.rest(out, "long", False, ScriptedDice([])).sheet) == "down"
    dead = replace(hero(), pool=0, dead=True)
    assert made.rest(dead, "long", True, ScriptedDice([])).sheet == dead


# -- damage and defence ------------------------------------------------------------------

def test_defence_four_plus_ignores_one_six_ignores_two() -> None:
    made = system()
    pc = hero(pool=5, defence=3)
    after, net, result = made.defend(pc, 4, ScriptedDice([4, 6, 2]))
    assert net == 1 and result is not None and result.dice == (4, 6, 2)
    assert after.dice_left == 2 and after.fatigue == 0


def test_defence_uses_at_most_defence_dice_from_what_is_left() -> None:
    made = system()
    pc = replace(hero(pool=5, defence=3), dice_left=1)
    assert made.default_defence(pc, 3) == 1
    with pytest.raises(ActionRefused):
        made.defend(hero(defence=2), 3, ScriptedDice([4, 4, 4]), count=3)


def test_defending_with_no_dice_left_pushes_unless_it_would_collapse_for_nothing() -> None:
    made = system()
    empty = replace(hero(pool=5, defence=2), dice_left=0)
    assert made.default_defence(empty, 1) == 2
    tired = replace(hero(pool=3, defence=2), dice_left=0, fatigue=2)
    assert made.default_defence(tired, 1) == 0
    assert made.default_defence(tired, 3) == 2  # lethal: push anyway
    assert system(pushed_dice="one").default_defence(empty, 2) == 1


def test_damage_removes_dice_and_zero_pool_is_death_by_default() -> None:
    made = system()
    raider = made.start_turn(made.npc_sheet(2, None))
    pc = replace(hero(pool=2, defence=2), dice_left=2)
    result = made.attack(raider, pc, SWORD, Situation(), ScriptedDice([6, 4, 1, 2]))
    assert result.hit and result.damage == 3
    assert result.defender.pool == 0 and result.defender.dice_left == 0
    assert made.condition(result.defender) == "dead" and result.defender.dead is True
    assert result.events[-2:] == (PoolLost(PLAYER, 3, 0, "dead"), Died(PLAYER, "wounds"))


def test_knocked_out_option_and_a_second_blow_kills() -> None:
    made = system(zero_pool="knocked-out")
    raider = made.start_turn(made.npc_sheet(2, None))
    pc = replace(hero(pool=1, defence=2), dice_left=0, fatigue=0)
    first = made.attack(raider, pc, SWORD, Situation(), ScriptedDice([4, 1, 1, 1]))
    assert made.condition(first.defender) == "down" and first.defender.dead is False
    assert first.events[-2:] == (PoolLost(PLAYER, 1, 0, "down"), Fell(PLAYER))
    second = made.attack(made.start_turn(first.attacker), first.defender, SWORD, Situation(), ScriptedDice([5, 1]))
    assert made.condition(second.defender) == "dead"


def test_dice_left_are_capped_by_a_smaller_pool() -> None:
    made = system()
    raider = made.start_turn(made.npc_sheet(3, None))
    hurt = made.attack(raider, hero(pool=5, defence=0), SWORD, Situation(commit=1), ScriptedDice([6]))
    assert (hurt.defender.pool, hurt.defender.dice_left) == (3, 3)


# -- NPCs ----------------------------------------------------------------------------------

def test_npc_is_harmed_only_by_damage_reaching_its_defence() -> None:
    made = system(npc_defence="threshold")
    ogre = made.npc_sheet(4, None)  # Defence 3, two hits
    pc = hero(fight=3)
    glance = made.attack(pc, ogre, SWORD, Situation(), ScriptedDice([4, 5, 1]))
    assert glance.roll.outcome == "failure" and not glance.hit and glance.damage == 0
    assert glance.defender == ogre
    assert glance.events[-1] == Unharmed("npc", 2, 3)
    blow = made.attack(pc, ogre, SWORD, Situation(), ScriptedDice([4, 6, 1]))
    assert blow.hit and blow.damage == 3 and blow.defender.hits == 1
    assert blow.defender.pool == 4 and made.condition(blow.defender) == "ok"
    final = made.attack(pc, blow.defender, SWORD, Situation(), ScriptedDice([6, 6, 6]))
    assert final.defender.hits == 0 and made.condition(final.defender) == "dead"


def test_npc_defence_roll_reads_faces_after_the_attack() -> None:
    made = system(npc_defence="roll")
    npc = made.start_turn(made.npc_sheet(2, None))  # Defence 2, pool 3
    dice = ScriptedDice([6, 5, 1, 4, 3, 9])
    result = made.attack(hero(fight=3), npc, SWORD, Situation(), dice)
    assert dice.faces == [6, 5, 1, 4, 3]
    assert result.roll.figures["successes"] == 3 and result.rolls[0].figures["successes"] == 1
    assert result.hit and result.damage == 2 and result.defender.dice_left == 1
    assert result.events == (
        DiceCommitted(PLAYER, "fight", 3),
        DamageRolled("npc", 3),
        Defended("npc", 1),
        NpcHarmed("npc", 2, 2, 0, "dead"),
        Died("npc", "wounds"),
    )


def test_npc_never_pushes_and_has_no_defence_when_spent() -> None:
    made = system(npc_defence="roll")
    npc = replace(made.npc_sheet(2, None), dice_left=0)
    with pytest.raises(ActionRefused):
        made.attack(npc, hero(), SWORD, Situation(), ScriptedDice([6, 6]))
    result = made.attack(hero(fight=2), npc, SWORD, Situation(), ScriptedDice([4, 4]))
    assert result.rolls == () and result.hit


def test_npc_sheet_tiers_are_monotonic_in_threat() -> None:
    made = system()
    sheets = [made.npc_sheet(tier, None) for tier in range(1, 6)]
    keys = ("move", "fight", "shoot", "skill", "will", "defence", "pool", "hits")
    for weaker, stronger in itertools.pairwise(sheets):
        low, high = [weaker.to_data()[key] for key in keys], [stronger.to_data()[key] for key in keys]
        assert all(a <= b for a, b in zip(low, high, strict=True)) and sum(low) < sum(high)
    assert [sheet.defence for sheet in sheets] == [1, 2, 2, 3, 3]
    assert [sheet.hits for sheet in sheets] == [1, 1, 2, 2, 3]
    assert all(sheet.npc is True and sheet.dice_left == sheet.pool for sheet in sheets)


def test_three_attack_dice_against_defence_2_harm_five_times_in_eight() -> None:
    """Seed 000 §2: the NPC is harmed when one attack's damage equals or exceeds its Defence
    (no defence roll of its own): 3 dice reach 2 successes with 5/8 = 62.5%."""
    made = system()
    npc = made.npc_sheet(2, None)
    odds = made.odds(made.attack_odds_request(hero(fight=3), npc, SWORD, Situation(commit=3)))
    assert odds.p_success == pytest.approx(0.625)
    assert system(npc_defence="roll").odds(
        system(npc_defence="roll").attack_odds_request(hero(fight=3), npc, SWORD, Situation(commit=3))
    ).p_success < 0.5


def test_a_player_moves_at_least_1_and_only_a_contraption_has_move_0() -> None:
    """Seed 000 §1 Move: at least 1, unless the character is some form of static contraption."""
    with pytest.raises(ContentError, match="move: must be at least 1"):
        system().new_character({"move": 0}, ScriptedDice([]))
    assert system().npc_sheet(2, {"move": 0}).move == 0


def test_npc_stats_override_tier_and_bad_stats_are_content_errors() -> None:
    made = system()
    troll = made.npc_sheet(2, {"hits": 4, "defence": 3})
    assert (troll.hits, troll.hits_max, troll.defence, troll.fight) == (4, 4, 3, 2)
    with pytest.raises(ContentError) as caught:
        made.npc_sheet(2, {"strength": 3, "fight": -1})
    assert len(caught.value.problems) == 2
    with pytest.raises(ContentError):
        made.npc_sheet(6, None)


# -- weapons ---------------------------------------------------------------------------------

def test_weapon_bonus_needs_a_success_and_can_be_turned_off() -> None:
    assert system().weapon_bonus(Weapon(damage="d12")) == 0  # seed §2: each success one point
    made = system(weapon_damage="bonus")
    assert [made.weapon_bonus(Weapon(damage=die)) for die in ("d4", "d6", "d8", "d10", "d12")] == [0, 0, 1, 1, 2]
    assert made.weapon_bonus(Weapon(damage="d8", system={"bonus": 3})) == 3
    assert system(weapon_damage="successes").weapon_bonus(Weapon(damage="d12")) == 0
    npc = made.npc_sheet(2, None)
    assert made.attack_request(hero(), npc, LONGSWORD, Situation()).need == 1
    assert made.attack_request(hero(), npc, SWORD, Situation()).need == 2
    assert made.attack_request(hero(), hero(), SWORD, Situation()).need == 1
    miss = made.attack(hero(), npc, LONGSWORD, Situation(), ScriptedDice([1, 2, 3]))
    assert not miss.hit and miss.events[-1] == AttackMissed(PLAYER, "npc")
    hit = made.attack(hero(), npc, LONGSWORD, Situation(), ScriptedDice([1, 2, 4]))
    assert hit.hit and hit.damage == 2


def test_attack_request_matches_the_attack_roll() -> None:
    made = system()
    pc = replace(hero(fight=3, shoot=2), dice_left=2)
    npc = made.npc_sheet(3, None)
    request = made.attack_request(pc, npc, BOW, Situation())
    assert request == PoolRequest(2, 2, "Shoot", "seed 000 §2 Ranged Attacks")
    result = made.attack(pc, npc, BOW, Situation(), ScriptedDice([5, 5, 1, 1]))
    assert result.roll.figures["need"] == request.need and result.roll.dice == (5, 5)
    assert made.attack_request(pc, npc, SWORD, Situation(commit=1, target=4)) == PoolRequest(
        1, 4, "Fight", "seed 000 §2 Close Combat Attacks")


def test_attack_commit_past_the_attribute_is_refused_without_reading_dice() -> None:
    dice = ScriptedDice([6, 6, 6, 6])
    with pytest.raises(ActionRefused):
        system().attack(hero(fight=3), system().npc_sheet(1, None), SWORD, Situation(commit=4), dice)
    assert dice.faces == []


# -- checks ----------------------------------------------------------------------------------

def test_every_kind_and_difficulty_is_mapped() -> None:
    made = system()
    assert set(KINDS) <= set(KIND_ATTRIBUTE)
    assert [DIFFICULTY_SUCCESSES[d] for d in DIFFICULTIES] == [1, 2, 3, 5, 7]
    pc = hero(move=1, fight=2, shoot=3, skill=4, will=2, defence=3, pool=9)
    for kind in KINDS:
        attribute = KIND_ATTRIBUTE[kind]
        request = made.check_request(pc, kind, "hard", Situation())
        assert request.dice == pc.attribute(attribute) and request.need == 3 and request.label == attribute.capitalize()
    assert made.check_request(pc, "tinker", "easy", Situation(target=4, commit=1)) == PoolRequest(
        1, 4, "Skill", "seed 000 §2 Skill Checks")
    with pytest.raises(UsageError, match="juggle"):
        made.check_request(pc, "juggle", "easy", Situation())
    with pytest.raises(UsageError, match="trivial"):
        made.check_request(pc, "tinker", "trivial", Situation())


def test_skill_successes_accumulate_over_turns() -> None:
    made = system()
    pc = made.start_turn(hero(skill=3, pool=5))
    first = made.perform_check(pc, "tinker", "hard", Situation(), ScriptedDice([4, 1, 1]))
    assert (first.successes, first.need, first.done) == (1, 3, False)
    assert first.roll.outcome == "failure"
    assert first.sheet.progress == Progress("tinker:hard", 1)
    pc = made.start_turn(first.sheet)
    request = made.check_request(pc, "tinker", "hard", Situation())
    assert request.need == 2
    assert made.odds(request).p_success == made.odds(PoolRequest(3, 2)).p_success
    second = made.perform_check(pc, "tinker", "hard", Situation(), ScriptedDice([5, 4, 2]))
    assert second.roll.figures["need"] == 2 and second.roll.outcome == "success"
    assert (second.successes, second.done) == (3, True)
    assert second.sheet.progress == Progress("", 0)


def test_another_action_between_checks_resets_progress() -> None:
    made = system()
    first = made.perform_check(hero(skill=3), "tinker", "hard", Situation(commit=1), ScriptedDice([6]))
    assert first.sheet.progress.successes == 2
    moved, _ = made.commit(first.sheet, "move", 1)
    assert moved.progress == Progress("", 0)
    assert made.check_request(moved, "tinker", "hard", Situation()).need == 3
    other = made.perform_check(first.sheet, "search", "hard", Situation(commit=1), ScriptedDice([1]))
    assert other.sheet.progress == Progress("search:hard", 0)


def test_advantage_rolls_a_free_die() -> None:
    made = system()
    pc = hero(skill=2)
    request = made.check_request(pc, "lore", "normal", Situation(advantage=True))
    assert request.dice == 3
    outcome = made.perform_check(pc, "lore", "normal", Situation(advantage=True), ScriptedDice([1, 1, 6]))
    assert outcome.done and outcome.sheet.dice_left == 3 and outcome.commitment.dice == 2
    assert made.check_request(pc, "lore", "normal", Situation(disadvantage=True)).dice == 1


def test_will_resists_stress() -> None:
    made = system()
    outcome = made.resist(hero(will=2), 3, Situation(), ScriptedDice([6, 4]))
    assert outcome.done and outcome.roll.figures["need"] == 3 and outcome.roll.rule == "seed 000 §1 Will"
    assert outcome.sheet.spent.will == 2


def test_dodge_uses_defence_dice_without_a_turn_cap() -> None:
    made = system()
    outcome = made.perform_check(hero(defence=2), "dodge", "normal", Situation(), ScriptedDice([4, 4]))
    assert outcome.done and outcome.sheet.dice_left == 3
    assert made.perform_check(outcome.sheet, "dodge", "normal", Situation(), ScriptedDice([1, 1])).commitment.dice == 2


# -- movement ---------------------------------------------------------------------------------

def test_movement_six_inches_a_success_twelve_a_critical() -> None:
    made = system()
    assert [move_inches(k) for k in (0, 1, 2, 3)] == [0, 6, 12, 18]
    outcome = made.move(hero(move=3), 2, Situation(), ScriptedDice([6, 6, 1]))
    assert outcome.inches == 24 and outcome.roll.succeeded and outcome.sheet.spent.move == 3


def test_range_bands_and_exits() -> None:
    assert band_successes("engaged", "near") == 1
    assert band_successes("near", "engaged") == 1
    assert band_successes("engaged", "far") == 2
    assert band_successes("far", "distant") == 2
    assert band_successes("engaged", "distant") == 4
    assert band_successes("near", "near") == 0
    assert exit_successes("engaged") == 2 and exit_successes("far") == 1
    with pytest.raises(ValueError, match="orbit"):
        band_successes("orbit", "near")


# -- character creation ------------------------------------------------------------------------

def test_creation_reads_seven_faces_and_spreads_points() -> None:
    made = system()
    dice = ScriptedDice([1, 2, 3, 4, 5, 6, 2, 6])
    sheet = made.new_character(None, dice)
    assert dice.faces == [1, 2, 3, 4, 5, 6, 2]
    assert [sheet.attribute(a) for a in ("move", "fight", "shoot", "skill", "will", "defence")] == [2, 3, 2, 2, 2, 2]
    assert (sheet.pool, sheet.pool_max, sheet.dice_left, sheet.fatigue) == (5, 5, 5, 0)


def test_creation_caps_at_four_and_passes_points_on() -> None:
    made = system()
    fighter = made.new_character(None, ScriptedDice([2] * 7))
    assert [fighter.attribute(a) for a in ("move", "fight", "shoot", "skill", "will", "defence")] == [1, 4, 4, 2, 1, 1]
    wall = made.new_character(None, ScriptedDice([6] * 7))
    assert [wall.attribute(a) for a in ("move", "fight", "shoot", "skill", "will", "defence")] == [4, 2, 1, 1, 1, 4]


def test_creation_is_deterministic_for_a_seed() -> None:
    made = system()
    first = made.new_character(None, RandomDice(random.Random(42)))
    assert first == made.new_character(None, RandomDice(random.Random(42)))
    assert sum(first.attribute(a) for a in ("move", "fight", "shoot", "skill", "will", "defence")) == 13


def test_character_from_content_stats() -> None:
    made = system()
    sheet = made.new_character({"fight": 4, "pool": 6}, ScriptedDice([]))
    assert (sheet.fight, sheet.move, sheet.pool, sheet.dice_left) == (4, 2, 6, 6)
    with pytest.raises(ContentError) as caught:
        made.new_character({"pool": 0, "luck": 2, "will": "high"}, ScriptedDice([]))
    assert len(caught.value.problems) == 3


# -- condition, health, sheet -----------------------------------------------------------------

def test_health_and_sheet_lines() -> None:
    made = system()
    assert made.health(replace(hero(), pool=4, dice_left=3)) == "dice 3/4 (pool 4/5)"
    assert made.health(replace(hero(), fatigue=1)) == "dice 5/5, fatigue 1"
    assert made.health(replace(hero(), fatigue=5, dice_left=0)) == "dice 0/5, fatigue 5, collapsed"
    assert made.health(made.npc_sheet(3, None)) == "hits 2/2, 4 dice left, Defence 2"
    lines = made.sheet_lines(hero())
    assert lines[0] == "Move 2  Fight 3  Shoot 2  Skill 2  Will 2  Defence 2"
    assert lines[-1] == "Condition: ok"
    assert any(line.startswith("Hits 2/2") for line in made.sheet_lines(made.npc_sheet(3, None)))


def test_sheets_are_plain_data() -> None:
    made = system()
    for sheet in (made.new_character(None, RandomDice(random.Random(1))), made.npc_sheet(5, None)):
        assert_toml_safe(sheet.to_data())
        assert OASheet.from_data(sheet.to_data()) == sheet


# -- purity over random fights --------------------------------------------------------------------

@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 5), st.sampled_from(["roll", "threshold"]),
       st.sampled_from(["dead", "knocked-out"]))
def test_random_fights_keep_sheets_consistent_and_arguments_untouched(
        seed: int, tier: int, npc_defence: str, zero_pool: str) -> None:
    made = system(npc_defence=npc_defence, zero_pool=zero_pool)
    dice = RandomDice(random.Random(seed))
    pc = made.new_character(None, dice)
    npc = made.npc_sheet(tier, None)
    for _ in range(12):
        for attacker_is_pc in (True, False):
            attacker, defender = (pc, npc) if attacker_is_pc else (npc, pc)
            attacker = made.start_turn(attacker)
            if made.condition(attacker) != "ok" or made.collapsed(attacker) or made.condition(defender) == "dead":
                continue
            if made.max_commit(attacker, "fight") == 0:
                continue
            before = copy.deepcopy((attacker, defender))
            result = made.attack(attacker, defender, SWORD, Situation(), dice)
            assert (attacker, defender) == before
            for sheet in (result.attacker, result.defender):
                assert_toml_safe(sheet.to_data())
                assert 0 <= sheet.dice_left <= max(sheet.pool, 0)
                assert sheet.pool >= 0 and sheet.fatigue >= 0
            assert result.hit == (result.damage > 0)
            pc, npc = (result.attacker, result.defender) if attacker_is_pc else (result.defender, result.attacker)
    assert made.condition(pc) in ("ok", "down", "dead")


# -- typed sheets, the turn record and format 1 ------------------------------------------------------

FIXTURES = Path(__file__).parents[1] / "fixtures" / "saves_v1" / "glass-oasis"


def test_sheet_data_round_trips_and_bad_fields_are_named() -> None:
    made = system()
    pc, npc = replace(hero(), reserve=2, fatigue=1), made.npc_sheet(3, None, "fungal")
    assert npc.creature == "fungal" and made.sheet_to_data(npc)["creature"] == "fungal"
    for sheet in (pc, npc):
        assert made.sheet_from_data(made.sheet_to_data(sheet)) == sheet
    data = made.sheet_to_data(pc)
    for key, value, named in (("pool", "5", "sheet.pool"), ("dead", 1, "sheet.dead"), ("luck", 2, "luck"),
                              ("spent", {"move": -1}, "sheet.spent.move"), ("hits", 2, "hits")):
        with pytest.raises(ValueError, match=named):
            made.sheet_from_data({**data, key: value})
    legacy = {**data, "turn": {"fight": True}, "name": "you", "distance": 0}
    assert made.sheet_from_data(legacy) == pc


def test_the_turn_record_is_the_moment_and_none_when_default() -> None:
    made = system()
    assert made.moment_from_data({}) is None and made.moment_to_data(None) == {}
    record = oa.OATurn(fight=True, acted=True, progress_at=3).with_distance("raider", 6)
    assert made.moment_from_data(made.moment_to_data(record)) == record
    with pytest.raises(ValueError, match="moment.fight"):
        made.moment_from_data({"fight": "yes"})


def test_a_format_1_save_mid_turn_migrates_into_the_same_turn() -> None:
    made = system()
    state = tomllib.loads((FIXTURES / "oa-mid-turn.toml").read_text())["state"]
    migrated = made.migrate_v1(state)
    assert "turn" in state["player"]  # the input is left alone
    player = made.sheet_from_data(migrated["player"])
    raider = made.sheet_from_data(migrated["npcs"]["raider"]["sheet"])
    moment = made.moment_from_data(migrated["moment"])
    assert (player.dice_left, player.spent.move, player.reserve) == (2, 3, 0)
    assert moment == oa.OATurn(fight=True, acted=True, distances={"raider": 0})
    assert raider.dice_left == 3 and raider.creature == "biological"
