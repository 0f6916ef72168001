"""BIND (seed 003): worked examples with scripted dice, exact odds, the sheet economy."""
from __future__ import annotations

import copy
import dataclasses
import random
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.errors import ContentError, DiceExhausted, UsageError
from game.events import PLAYER
from game.events.fight import Fell
from game.rules.base import DIFFICULTIES, KINDS, Situation, Weapon
from game.rules.dice import RandomDice, ScriptedDice, enumerate_faces
from game.rules.registry import get_system, info
from game.systems.bind import body, combat, core, traits
from game.systems.bind.core import BindRequest
from game.systems.bind.events import DEFENDER, HpChanged, LifeSaveEnded, Rested
from game.systems.bind.rules import OPTIONS, SUMMARY, SYSTEM_ID, BindSituation, make_system
from game.systems.bind.sheet import Armour, BindSheet

BIND = make_system({})


def pc(**stats: int) -> BindSheet:
    """A player sheet from flat stats (attributes and skills default to 0)."""
    return BIND.new_character(stats or {"strength": 0}, ScriptedDice([]))


# -- module surface -------------------------------------------------------------------

def test_module_exposes_registry_surface() -> None:
    assert SYSTEM_ID == "bind"
    assert "\n" not in SUMMARY
    assert OPTIONS == {"combat_tie": ("neither", "both"), "teamwork_rounding": ("down", "stack", "up"),
                       "teamwork_lead": ("best", "player"), "one_hand_weight": ("two-handers", "wielded", "off"),
                       "action_points": ("off", "on"), "downtime_upkeep": ("daily", "free")}
    assert info("bind").options == OPTIONS
    assert get_system("bind").id == "bind"
    assert get_system("bind", {"combat_tie": "both"}).combat_tie == "both"


# -- seed 003 §Basic Actions ------------------------------------------------------------

def test_tn_chart_and_difficulty_mapping() -> None:
    assert core.TN_CHART[0] == (2, "automatic") and core.TN_CHART[-1] == (20, "implausible")
    assert [tn for tn, _ in core.TN_CHART] == list(range(2, 21, 2))
    assert set(core.DIFFICULTY_TN) == set(DIFFICULTIES)
    assert [core.DIFFICULTY_TN[d] for d in DIFFICULTIES] == [6, 7, 10, 14, 18]
    # seed 003 chart: Easy is 6; 7 is the default TN ("All actions are assumed to have a TN of 7")
    assert core.tn_name(6) == "easy" and core.tn_name(7) == "the default" and core.tn_name(8) == "serious"
    assert core.tn_name(11) == "professional to specialist"
    assert core.tn_name(12) == "specialist" and core.tn_name(25) == "implausible" and core.tn_name(1) == "automatic"


@pytest.mark.parametrize(("faces", "bonus", "tn", "outcome", "total"), [
    ((4, 5), 2, 10, "success", 11),
    ((4, 4), 2, 10, "tie", 10),
    ((1, 2), 2, 10, "failure", 5),
    ((6, 6), -3, 7, "success", 9),
])
def test_above_succeeds_equal_ties_below_fails(faces, bonus, tn, outcome, total) -> None:
    result = BIND.roll(BindRequest(bonus, tn), ScriptedDice(faces))
    assert (result.outcome, result.figures["total"], result.figures["margin"]) == (outcome, total, total - tn)
    assert result.dice == faces
    assert result.rule == "seed 003 §Basic Actions"


def test_text_is_a_one_line_breakdown() -> None:
    assert BIND.roll(BindRequest(2, 10), ScriptedDice([4, 5])).text == "2d6 (4, 5) + 2 = 11 vs TN 10: success (margin 1)"
    assert BIND.roll(BindRequest(-1, 7), ScriptedDice([1, 2])).text == "2d6 (1, 2) - 1 = 2 vs TN 7: failure (margin -5)"
    assert BIND.roll(BindRequest(0, 7), ScriptedDice([3, 4])).text == "2d6 (3, 4) = 7 vs TN 7: tie (margin 0)"


def test_hugi_matches_the_tn_and_accepts_the_danger() -> None:
    """seed 003 §Basic Actions: Hugi listens at the keyhole, TN 10, matches it exactly."""
    hugi = pc(wits=1, vigilance=1)
    request = BIND.check_request(hugi, "perceive", "hard", Situation())
    assert request == BindRequest(bonus=2, tn=10)
    result = BIND.roll(request, ScriptedDice([4, 4]))
    assert result.outcome == "tie" and result.figures["total"] == 10
    # "I'll stay and listen": he hears his name -- and the elves open the door.
    assert BIND.settle(result.outcome, accept_danger=True) == core.Settlement(success=True, danger=True)


def test_settle_without_a_tie() -> None:
    assert core.settle("success", False) == core.Settlement(True, False)
    assert core.settle("success", True) == core.Settlement(True, False)
    assert core.settle("failure", True) == core.Settlement(False, True)
    assert core.settle("tie", False) == core.Settlement(False, False)


# -- seed 003 §One Roll Only -----------------------------------------------------------

def test_door_kicked_by_three_with_one_roll() -> None:
    """TN 10, Strength + Crafts: the roll is 7; 0 fails, +2 -> 9 fails, +4 -> 11 succeeds."""
    alicia, snowstorm, chatrik = pc(strength=0), pc(strength=1, crafts=1), pc(strength=2, crafts=2)
    kick = Situation(target=10)
    requests = {name: BIND.check_request(sheet, "force", "normal", kick)
                for name, sheet in (("Alicia", alicia), ("Snowstorm", snowstorm), ("Chatrik", chatrik))}
    assert [r.bonus for r in requests.values()] == [0, 2, 4]
    dice = ScriptedDice([3, 4])
    results = BIND.group_roll(requests, dice)
    assert dice.faces == [3, 4] and dice.unused == 0
    assert {n: (r.figures["total"], r.outcome) for n, r in results.items()} == {
        "Alicia": (7, "failure"), "Snowstorm": (9, "failure"), "Chatrik": (11, "success")}
    assert all(r.dice == (3, 4) for r in results.values())


def test_kraal_only_equals_the_tn_and_guesses() -> None:
    """The highest result is Kraal's, equal to the TN; he guesses: they fail, but lose no time."""
    requests = {"Alicia": BindRequest(0, 7), "Kraal": BindRequest(2, 7), "Drake": BindRequest(1, 7)}
    results = core.group_roll(requests, ScriptedDice([2, 3]))
    leader = core.best(results)
    assert leader == "Kraal"
    assert (results[leader].figures["total"], results[leader].outcome) == (7, "tie")
    assert core.settle(results[leader].outcome, accept_danger=False) == core.Settlement(success=False, danger=False)


def test_group_roll_refuses_mixed_resting() -> None:
    with pytest.raises(ValueError):
        core.group_roll({"a": BindRequest(0), "b": BindRequest(0, resting=True)}, ScriptedDice([1, 1]))
    assert core.group_roll({}, ScriptedDice([])) == {}


def test_action_key_is_stable_and_names_the_circumstances() -> None:
    a = core.action_key("force", "cellar-door", {"tool": "crowbar", "lit": True})
    b = core.action_key("force", "cellar-door", {"lit": True, "tool": "crowbar"})
    assert a == b == "force@cellar-door|lit=true,tool=crowbar"
    assert core.action_key("force", "cellar-door") == "force@cellar-door"
    assert core.action_key("force", "cellar-door", {"tool": "hands"}) != a
    with pytest.raises(ValueError):
        core.action_key("", "door")


def test_a_retry_returns_the_remembered_result_until_circumstances_change() -> None:
    key = core.action_key("force", "door")
    request = BindRequest(1, 10)
    first, memo = BIND.roll_once({}, key, request, ScriptedDice([2, 3]))
    assert first.outcome == "failure" and memo == {key: [2, 3]}
    again, memo2 = BIND.roll_once(memo, key, request, ScriptedDice([]))  # reads no dice
    assert again.dice == (2, 3) and again.figures["total"] == 6 and again.outcome == "failure"
    assert "remembered" in again.text and again.rule == "seed 003 §One Roll Only"
    # Another character joining the same task consults the same roll with their own bonus.
    strong, _ = BIND.roll_once(memo2, key, BindRequest(6, 10), ScriptedDice([]))
    assert strong.figures["total"] == 11 and strong.outcome == "success"
    changed = core.action_key("force", "door", {"tool": "crowbar"})
    fresh, memo3 = BIND.roll_once(memo2, changed, request, ScriptedDice([6, 5]))
    assert fresh.figures["total"] == 12 and memo3 == {key: [2, 3], changed: [6, 5]}
    assert memo == {key: [2, 3]}  # inputs untouched
    assert BIND.forget(memo3, "door") == {}
    assert BIND.forget(memo3, "gate") == memo3


def test_resting_actions_are_never_remembered() -> None:
    key = core.action_key("tinker", "lock")
    result, memo = core.roll_once({}, key, BindRequest(0, 12, resting=True), ScriptedDice([3]))
    assert result.dice == (3,) and memo == {}


# -- seed 003 §Resting Actions --------------------------------------------------------------

def test_the_heist_is_a_resting_action() -> None:
    """Intelligence + Stealth (+3), TN 12: a single die shows 4, with the 6 that is 10, total 13."""
    planner = pc(intelligence=2, stealth=1)
    request = BIND.resting(BIND.traits_request(planner, "intelligence", "stealth", "normal", Situation(target=12)))
    assert request == BindRequest(bonus=3, tn=12, resting=True)
    dice = ScriptedDice([4, 1])
    result = BIND.roll(request, dice)
    assert dice.faces == [4]  # one face only
    assert result.dice == (4,)
    assert (result.figures["natural"], result.figures["total"], result.figures["margin"]) == (10, 13, 1)
    assert result.outcome == "success" and result.figures["resting"] is True
    assert result.rule == "seed 003 §Resting Actions"
    assert result.text == "1d6 (4) + 6 (resting) + 3 = 13 vs TN 12: success (margin 1)"


def test_traits_request_rejects_unknown_traits() -> None:
    with pytest.raises(UsageError, match="luck"):
        BIND.traits_request(pc(), "luck", "stealth", "normal", Situation())
    with pytest.raises(UsageError, match="flying"):
        BIND.traits_request(pc(), "speed", "flying", "normal", Situation())


def test_situation_resting_flag_is_honoured_when_present() -> None:
    assert BIND.check_request(pc(), "tinker", "hard", BindSituation(resting=True)).resting is True
    assert BIND.check_request(pc(), "tinker", "hard", Situation()).resting is False


# -- seed 003 §Teamwork, §Stacking ---------------------------------------------------------

def test_teamwork_two_companions_at_plus_three_add_two() -> None:
    """seed 003 §Teamwork: "Two companions with a +3 bonus would add a total of a +2 bonus"
    (the default reading)."""
    assert traits.teamwork_bonus([3, 3]) == 2
    assert BIND.team(0, [3, 3]).bonus == 3 + 1  # best placed leads (+3); you (0) and the other (+3: 1) help
    assert traits.teamwork_bonus([3, 3], rounding="down") == 2
    assert traits.teamwork_bonus([3, 3], rounding="up") == 4
    assert traits.teamwork_bonus([3, 3, 3, 3], rounding="down") == 3  # only three helpers
    assert traits.teamwork_bonus([-1, 0, 1], rounding="down") == 0  # nobody useful


def test_teamwork_option_stack_is_the_seeds_stacking_table() -> None:
    """Alicia leads (+3); Snowstorm +3 adds 3/2 -> 2, Chatrik +2 adds 2/4 -> 1, Drake +1 adds 1/8 -> 0."""
    assert traits.teamwork_shares([1, 3, 2], "stack") == [2, 1, 0]
    assert 3 + traits.teamwork_bonus([3, 2, 1], "stack") == 6
    assert traits.team(3, [3, 2, 1], "stack").bonus == 6
    assert traits.teamwork_bonus([3, 3], "stack") == 2 + 1
    assert traits.teamwork_bonus([3, 3, 3, 3], "stack") == 2 + 1 + 0  # only three helpers
    assert traits.teamwork_bonus([-1, 0, 1], "stack") == 1  # a +1 helper adds half of 1, rounded half up
    with pytest.raises(UsageError):
        traits.teamwork_bonus([3], rounding="sideways")


def test_teamwork_in_a_check_and_the_solo_kinds() -> None:
    player = pc(intelligence=1, academics=1)  # +2
    helpers = (pc(intelligence=2, academics=1), pc(intelligence=1, academics=2))  # +3, +3
    team = BindSituation(helper_sheets=helpers)
    # the best placed (+3) leads; you (+2: 1) and the other (+3: 1) help, halves rounded down
    assert BIND.check_request(player, "lore", "hard", team).bonus == 3 + 1 + 1
    assert make_system({"teamwork_lead": "player"}).check_request(player, "lore", "hard", team).bonus == 2 + 1 + 1
    assert make_system({"teamwork_lead": "player", "teamwork_rounding": "stack"}).check_request(
        player, "lore", "hard", team).bonus == 2 + 2 + 1
    assert make_system({"teamwork_lead": "player", "teamwork_rounding": "up"}).check_request(
        player, "lore", "hard", team).bonus == 2 + 4
    # seed 003 §Teamwork: sneaking does not benefit from friends, however stealthy they are
    sneaky = BindSituation(helper_sheets=(pc(dexterity=3, stealth=3), pc(dexterity=2, stealth=3)))
    sneaker = pc(dexterity=1, stealth=1)
    # as a team roll the same friends would add to Dexterity + Stealth: they are worth something
    assert BIND.traits_request(sneaker, "dexterity", "stealth", "normal", sneaky).bonus > 2
    assert BIND.check_request(sneaker, "sneak", "normal", sneaky).bonus == 2
    assert BIND.check_request(sneaker, "dodge", "normal", sneaky).bonus == BIND.check_request(
        sneaker, "dodge", "normal", BindSituation()).bonus


def test_stacking_table_of_the_seed() -> None:
    """Alicia +3, Snowstorm 3/2 -> +2, Chatrik 2/4 -> +1, Drake 1/8 -> 0: total +6."""
    assert traits.stack([3, 3, 2, 1]) == 6
    assert traits.stack([1, 2, 3, 3]) == 6  # order given does not matter
    assert traits.stack([2, 2]) == 3  # two people pushing with Strength +2
    assert traits.stack([]) == 0


# -- seed 003 §Margins ------------------------------------------------------------------------

def test_margin_of_two_at_tn_twelve() -> None:
    result = BIND.roll(BindRequest(2, 12), ScriptedDice([6, 6]))
    assert result.figures["total"] == 14 and result.figures["margin"] == 2


def test_bard_gains_two_d6_plus_margin() -> None:
    reward = BIND.margin_reward(3, ScriptedDice([2, 5]))
    assert reward.dice == (2, 5) and reward.figures["total"] == 10
    assert reward.text == "2d6 (2, 5) + 3 (margin) = 10"
    assert core.margin_reward(-9, ScriptedDice([1, 1])).figures["total"] == 0


# -- seed 003 §Resisted Actions -----------------------------------------------------------------

def test_resisted_action_adds_the_npc_ability_to_the_tn() -> None:
    thief = pc(dexterity=2, stealth=1)
    guard = BIND.npc_sheet(3, None)  # Wits 1 + Vigilance 1
    request = BIND.resisted_request(thief, "sneak", guard, Situation())
    assert request == BindRequest(bonus=3, tn=9)
    assert BIND.resisted_request(thief, "sneak", guard, Situation(), opposing_kind="fight").tn == 7 + 3


# -- odds ---------------------------------------------------------------------------------------

def brute_force(request: BindRequest) -> dict[str, Fraction]:
    faces_needed = request.faces_needed
    counts = {"success": 0, "tie": 0, "failure": 0}
    totals: dict[str, int] = {}
    rolls = list(enumerate_faces(faces_needed, 6))
    for faces in rolls:
        total = sum(faces) + (6 if request.resting else 0) + request.bonus
        totals[str(total)] = totals.get(str(total), 0) + 1
        if total > request.tn:
            counts["success"] += 1
        elif total == request.tn:
            counts["tie"] += 1
        else:
            counts["failure"] += 1
    n = len(rolls)
    out = {f"p_{k}": Fraction(v, n) for k, v in counts.items()}
    out.update({f"d{k}": Fraction(v, n) for k, v in totals.items()})
    return out


@pytest.mark.parametrize("resting", [False, True])
@pytest.mark.parametrize("bonus", [-3, 0, 2, 6])
@pytest.mark.parametrize("tn", [2, 6, 7, 10, 12, 14, 20])
def test_odds_match_enumeration(resting: bool, bonus: int, tn: int) -> None:
    request = BindRequest(bonus, tn, resting)
    odds = BIND.odds(request)
    expected = brute_force(request)
    assert odds.p_success == expected["p_success"]
    assert odds.probabilities["p_tie"] == expected["p_tie"]
    assert odds.probabilities["p_failure"] == expected["p_failure"]
    assert dict(odds.distribution) == {k[1:]: v for k, v in expected.items() if k.startswith("d")}


def test_known_odds() -> None:
    odds = BIND.odds(BIND.parse_request({"bonus": "0"}))
    assert (odds.p_success, odds.probabilities["p_tie"], odds.probabilities["p_failure"]) == (
        Fraction(15, 36), Fraction(6, 36), Fraction(15, 36))
    heist = BIND.odds(BindRequest(3, 12, resting=True))
    assert (heist.p_success, heist.probabilities["p_tie"]) == (Fraction(1, 2), Fraction(1, 6))  # 4, 5, 6 win; 3 ties


def test_odds_json_has_the_promised_keys() -> None:
    data = BIND.odds(BindRequest(3, 10)).to_json()
    assert {"system", "p_success", "p_tie", "p_failure", "distribution"} <= set(data)
    assert data["system"] == "bind"
    assert list(data["distribution"]) == [str(t) for t in range(5, 16)]
    assert data["distribution"]["10"] == pytest.approx(6 / 36)


def test_roll_json_has_the_promised_keys() -> None:
    data = BIND.roll(BindRequest(3, 10), ScriptedDice([5, 6])).to_json()
    assert {"system", "dice", "outcome", "total", "margin"} <= set(data)
    assert (data["system"], data["dice"], data["outcome"], data["total"], data["margin"]) == ("bind", [5, 6],
                                                                                             "success", 14, 4)


def test_roll_reads_exactly_two_faces() -> None:
    dice = ScriptedDice([3, 4, 5])
    BIND.roll(BindRequest(0), dice)
    assert dice.faces == [3, 4] and dice.unused == 1
    with pytest.raises(DiceExhausted):
        BIND.roll(BindRequest(0), ScriptedDice([3]))
    with pytest.raises(DiceExhausted):
        BIND.roll(BindRequest(0, resting=True), ScriptedDice([]))


@given(st.integers(-20, 20), st.integers(-5, 30), st.booleans(), st.lists(st.integers(1, 6), min_size=2, max_size=2))
def test_every_rolled_outcome_has_its_probability(bonus: int, tn: int, resting: bool, faces: list[int]) -> None:
    request = BindRequest(bonus, tn, resting)
    odds = BIND.odds(request)
    assert odds.p_success + odds.probabilities["p_tie"] + odds.probabilities["p_failure"] == 1
    assert sum(odds.distribution.values()) == 1
    result = BIND.roll(request, ScriptedDice(faces))
    assert odds.distribution[str(result.figures["total"])] > 0
    p = {"success": odds.p_success, "tie": odds.probabilities["p_tie"], "failure": odds.probabilities["p_failure"]}
    assert p[result.outcome] > 0


# -- parse_request -------------------------------------------------------------------------------

def test_parse_request_defaults_and_values() -> None:
    assert BIND.parse_request({"bonus": "3"}) == BindRequest(3, 7)
    assert BIND.parse_request({"bonus": "-2", "tn": "12"}) == BindRequest(-2, 12)


@pytest.mark.parametrize(("keys", "named"), [
    ({"bonus": "1", "target": "9"}, "target"),
    ({"bonsu": "1"}, "bonsu"),
    ({"bonus": "x"}, "bonus"),
    ({"bonus": "1", "tn": "7.5"}, "tn"),
    ({"bonus": "1", "tn": "99999"}, "tn"),
    ({"tn": "7"}, "bonus"),
    ({}, "bonus"),
])
def test_parse_request_rejects_bad_keys(keys: dict[str, str], named: str) -> None:
    with pytest.raises(UsageError, match=named):
        BIND.parse_request(keys)


def test_unknown_key_lists_the_valid_keys() -> None:
    with pytest.raises(UsageError, match="valid keys: bonus, tn"):
        BIND.parse_request({"dice": "2"})


# -- checks ----------------------------------------------------------------------------------------

def test_every_kind_maps_to_an_attribute_and_a_skill() -> None:
    assert set(traits.KIND_TRAITS) == set(KINDS)
    for attr, skill in traits.KIND_TRAITS.values():
        assert attr in traits.ATTRIBUTES and skill in traits.SKILLS


def test_check_request_difficulty_target_and_errors() -> None:
    climber = pc(dexterity=2, athletics=1)
    assert BIND.check_request(climber, "climb", "extreme", Situation()) == BindRequest(3, 14)
    assert BIND.check_request(climber, "climb", "extreme", Situation(target=9)).tn == 9
    with pytest.raises(UsageError, match="fly"):
        BIND.check_request(climber, "fly", "easy", Situation())
    with pytest.raises(UsageError, match="impossible"):
        BIND.check_request(climber, "climb", "impossible", Situation())


def test_fatigue_above_hp_is_a_penalty() -> None:
    tired = replace(pc(wits=1, vigilance=1), hp=5, fatigue=7)
    assert traits.fatigue_penalty(tired) == 2
    assert BIND.check_request(tired, "perceive", "normal", Situation()).bonus == 0
    assert traits.fatigue_penalty(replace(tired, fatigue=5)) == 0


def test_encumbrance_slows_speed_rolls_only() -> None:
    runner = pc(strength=1, speed=1, vigilance=1, dexterity=1, athletics=1)
    assert BIND.check_request(runner, "dodge", "normal", Situation(carried_weight=4)).bonus == 2 - 3
    assert BIND.check_request(runner, "climb", "normal", Situation(carried_weight=4)).bonus == 2


# -- weight & encumbrance ------------------------------------------------------------------------------

def test_weight_and_encumbrance_per_the_seed() -> None:
    assert body.lifts_easily(1, 1) and not body.lifts_easily(2, 1)
    assert body.encumbrance(3, 1) == 2 and body.encumbrance(0, 1) == 0
    assert body.effective_weight(3, one_hand=True) == 5  # a battle axe in one hand
    assert body.encumbrance(3, 1, one_hand=True) == 4
    assert body.max_carry_weight(1) == 7
    assert body.can_carry(7, 1) and not body.can_carry(7, 0)  # a man of 7 HP needs Strength +1
    assert not body.can_carry(1, 1, encumbrance_now=5) and body.can_carry(1, 1, encumbrance_now=4)
    assert body.can_drag(11, 1) and not body.can_drag(12, 1)
    assert body.load_encumbrance([3, 2, -4], 1) == 3
    assert body.character_weight(pc(strength=1)) == 7


def test_elves_and_humans_weigh_their_hp() -> None:
    assert pc(strength=-1).max_hp == 5
    assert pc(strength=1).max_hp == 7


# -- fatigue, time, healing, rest ----------------------------------------------------------------------------

def test_fatigue_builds_and_rests_away() -> None:
    hero = pc(strength=1)  # 7 HP
    worn = body.exert(body.exert(hero), 6)
    assert worn.fatigue == 7 and hero.fatigue == 0
    assert body.march(hero, 2, 3).fatigue == 6
    assert body.rest_intervals(worn, 1).fatigue == 3  # half of 7, rounded up, is 4
    assert body.rest_intervals(worn, 2).fatigue == 0


def test_time_helpers() -> None:
    assert body.INTERVALS == ("morning", "afternoon", "evening", "night")
    assert [body.interval_of(h) for h in (7, 13, 20, 3, 6, 0)] == [
        "morning", "afternoon", "evening", "night", "morning", "night"]
    assert body.intervals_in(24) == 4 and body.intervals_in(11) == 1
    assert body.rounds_in(60) == 10


def test_healing_a_quarter_a_week_and_downtime() -> None:
    assert [body.weekly_healing(n) for n in (4, 5, 7, 8, 9)] == [1, 2, 2, 2, 3]
    hurt = replace(pc(strength=1), hp=1)
    assert body.heal_days(hurt, 6).hp == 1
    week = body.heal_days(body.heal_days(hurt, 6), 1)
    assert week.hp == 3 and week.healing_days == 0
    assert body.heal_days(hurt, 28).hp == 7  # never above the maximum
    rested = body.downtime(replace(hurt, fatigue=9))
    assert (rested.hp, rested.fatigue) == (7, 0)
    assert body.downtime(replace(hurt, dead=True)).hp == 1


def test_rest_short_long_unfed_dead() -> None:
    tired = replace(pc(strength=1), hp=4, fatigue=9)
    short = BIND.rest(tired, "short", True, ScriptedDice([]))
    assert short.sheet.fatigue == 5 and short.sheet.hp == 4
    assert short.events == (Rested(1, 9, 5),)
    long = BIND.rest(tired, "long", True, ScriptedDice([]))
    assert long.sheet.fatigue == 0 and long.sheet.hp == 4  # healing comes with the days, not here
    assert BIND.rest(tired, "long", False, ScriptedDice([])).sheet == tired
    assert BIND.rest(replace(tired, dead=True), "short", True, ScriptedDice([])).sheet.fatigue == 9
    assert tired.fatigue == 9


# -- character creation --------------------------------------------------------------------------------

CREATION_FACES = [3, 4, 6, 6, 1, 1, 4, 5, 2, 2, 3, 3, 5, 6]


def test_creation_reads_fourteen_faces_in_order() -> None:
    dice = ScriptedDice(CREATION_FACES + [6])
    sheet = BIND.new_character(None, dice)
    assert dice.unused == 1
    assert sheet.race == "human"  # 7
    assert sheet.attributes == {"strength": 4, "dexterity": -3, "speed": 1, "intelligence": -1,
                                   "wits": -1, "charisma": 2}
    assert (sheet.hp, sheet.max_hp) == (10, 10)
    assert sheet.skills["combat"] == 1 and sheet.skills["medicine"] == 1
    assert sheet.npc is False
    with pytest.raises(DiceExhausted):
        BIND.new_character(None, ScriptedDice(CREATION_FACES[:-1]))


def test_creation_is_deterministic_for_a_seed() -> None:
    one = BIND.new_character(None, RandomDice(random.Random(42)))
    two = BIND.new_character(None, RandomDice(random.Random(42)))
    assert one == two
    assert BIND.new_character(None, ScriptedDice(CREATION_FACES)) == BIND.new_character(None, ScriptedDice(CREATION_FACES))


@pytest.mark.parametrize(("roll", "race"), [(2, "gnoll"), (5, "dwarf"), (8, "human"), (9, "elf"), (12, "gnome")])
def test_race_chart(roll: int, race: str) -> None:
    assert traits.race_for(roll)[0] == race


def test_stats_from_content() -> None:
    sheet = BIND.new_character({"strength": 1, "combat": 2, "dr": 2, "covering": 3}, ScriptedDice([]))
    assert (sheet.hp, sheet.max_hp, sheet.skills["combat"]) == (7, 7, 2)
    assert sheet.armour == Armour(dr=2, covering=3)
    nested = BIND.new_character({"attributes": {"dexterity": 2}, "skills": {"stealth": 1}, "hp": 9}, ScriptedDice([]))
    assert nested.attributes["dexterity"] == 2 and nested.skills["stealth"] == 1 and nested.max_hp == 9


def test_bad_stats_are_all_reported() -> None:
    with pytest.raises(ContentError) as err:
        BIND.new_character({"strenght": 1, "combat": "two", "skills": {"flying": 1}}, ScriptedDice([]))
    problems = err.value.problems
    assert len(problems) == 3
    assert any("strenght" in p and "did you mean strength" in p for p in problems)
    assert any("combat" in p for p in problems) and any("skills.flying" in p for p in problems)


def test_sheets_save_as_plain_data_and_read_back() -> None:
    def plain(value: object) -> bool:
        if isinstance(value, dict):
            return all(isinstance(k, str) and plain(v) for k, v in value.items())
        if isinstance(value, list):
            return all(plain(v) for v in value)
        return isinstance(value, (str, int, bool, float))
    sheets = [BIND.new_character(None, ScriptedDice(CREATION_FACES))] + [BIND.npc_sheet(t, None) for t in range(1, 6)]
    for sheet in sheets:
        data = BIND.sheet_to_data(sheet)
        assert plain(data) and BIND.sheet_from_data(data) == sheet
    assert BIND.npc_sheet(2, None, "synthetic").creature == "synthetic"


@pytest.mark.parametrize(("change", "message"), [
    ({"hp": "7"}, "bind sheet: hp must be a whole number, not '7'"),
    ({"max_hp": 0}, "bind sheet: max_hp must be from 1 to 999, not 0"),
    ({"dead": 1}, "bind sheet: dead must be true or false, not 1"),
    ({"tier": 9}, "bind sheet: tier must be from 0 to 5, not 9"),
    ({"mood": "grim"}, "bind sheet: unknown key 'mood'"),
    ({"armour": {"dr": 1, "thickness": 2}}, "bind sheet: unknown key 'armour.thickness'"),
    ({"skills": {"juggling": 1}}, "bind sheet: unknown key 'skills.juggling'"),
    ({"attributes": {"strength": 1}}, "bind sheet: attributes.dexterity is missing"),
])
def test_a_bad_saved_sheet_is_refused_naming_the_field(change: dict, message: str) -> None:
    data = {**BIND.sheet_to_data(pc()), **change}
    with pytest.raises(ValueError) as caught:
        BIND.sheet_from_data(data)
    assert str(caught.value) == message


def test_format_1_scratch_moves_to_the_moment() -> None:
    sheet = {**BIND.sheet_to_data(pc()), "memo": {"force@gate|day=1": [1, 2]}, "memo_day": 1}
    assert BIND.sheet_from_data(sheet) == pc()  # the scratch is dropped, the rest kept
    state = BIND.migrate_v1({"player": sheet, "npcs": {}})
    assert "memo" not in state["player"] and state["moment"] == {"memo": {"force@gate|day=1": [1, 2]}, "memo_day": 1}
    moment = BIND.moment_from_data(state["moment"])
    assert moment is not None and moment.memo == {"force@gate|day=1": (1, 2)}
    assert BIND.moment_to_data(moment) == state["moment"] and BIND.moment_from_data({}) is None
    with pytest.raises(ValueError, match="one or two d6 faces"):
        BIND.moment_from_data({"memo": {"k": [7]}, "memo_day": 1})


# -- NPCs ---------------------------------------------------------------------------------------------------

def test_npc_tiers_are_monotonic_in_threat() -> None:
    sheets = [BIND.npc_sheet(t, None) for t in range(1, 6)]
    fighting = [traits.kind_bonus(s, "fight") for s in sheets]
    assert fighting == [0, 2, 3, 4, 5]  # a tier-1 creature fights at the default TN 7
    for low, high in zip(sheets, sheets[1:], strict=False):
        assert high.max_hp >= low.max_hp
        assert high.armour.dr >= low.armour.dr
        assert traits.attribute(high, "strength") >= traits.attribute(low, "strength")
    assert [s.max_hp for s in sheets] == [5, 7, 7, 8, 9]
    assert all(s.npc and s.tier == t for t, s in enumerate(sheets, 1))


def test_npc_stats_override_the_tier() -> None:
    ogre = BIND.npc_sheet(2, {"hp": 12, "combat": 3})
    assert (ogre.max_hp, ogre.hp, ogre.skills["combat"], ogre.npc) == (12, 12, 3, True)
    strong = BIND.npc_sheet(1, {"strength": 3})
    assert strong.max_hp == 9
    with pytest.raises(ContentError):
        BIND.npc_sheet(6, None)
    with pytest.raises(ContentError):
        BIND.npc_sheet(1, {"teeth": 3})


# -- combat ------------------------------------------------------------------------------------------------

SWORD = Weapon("sword", "d8")
BARE = Weapon()


def fighter() -> dict:
    return pc(strength=1, dexterity=1, combat=2)  # +3 to fight, 7 HP


def a_goblin() -> dict:
    """A tier-1 NPC with Strength 0 and Combat +1: TN 7 + 1 = 8 to hit, 6 HP."""
    return BIND.npc_sheet(1, {"strength": 0, "combat": 1})


def test_player_hits_npc_above_the_tn() -> None:
    hero, goblin = fighter(), a_goblin()  # TN 7 + 1 = 8
    before = copy.deepcopy((hero, goblin))
    dice = ScriptedDice([5, 5, 4])
    result = BIND.attack(hero, goblin, SWORD, Situation(), dice)
    assert BIND.attack_request(hero, goblin, SWORD, Situation()) == BindRequest(3, 8)
    assert result.roll.outcome == "success" and result.roll.figures["margin"] == 5
    assert result.hit and result.damage == 4 + 1 + 2
    assert result.defender.hp == 6 - 7 and BIND.condition(result.defender) == "down"
    assert result.attacker.hp == 7
    assert dice.unused == 0
    assert (hero, goblin) == before  # nothing mutated
    assert result.events == (HpChanged(DEFENDER, "HP", 6, -1, 6, "blow"), Fell(DEFENDER))
    assert result.rolls[0].figures["total"] == 7


def test_damage_text_says_who_loses_the_hp_and_when_the_minimum_applies() -> None:
    weak = replace(pc(strength=-1), name="you")
    goblin = replace(a_goblin(), name="the goblin")
    low = combat.damage_roll(weak, combat.arms_of(BARE), goblin, False, ScriptedDice([1]), ("you", "the goblin"))
    assert low.text == "you strike the goblin: damage 1d6 (1) - 1 = 0, at least 1: the goblin loses 1 HP"
    assert low.figures["total"] == 1
    armoured = combat.wear(weak, 2, 1)
    back = combat.damage_roll(goblin, combat.arms_of(SWORD), armoured, True, ScriptedDice([1]), ("the goblin", "you"))
    assert back.text == "the goblin strikes you: damage 1d6 (1) + 2 = 3, armour absorbs 2: you lose 1 HP"
    assert combat.damage_roll(goblin, combat.arms_of(SWORD), weak, False, ScriptedDice([4])).text == \
        "damage 1d6 (4) + 2 = 6: 6 HP lost"


def test_each_damage_roll_names_its_striker() -> None:
    hero, goblin = fighter(), a_goblin()
    both = BIND.attack(hero, goblin, SWORD, Situation(), ScriptedDice([2, 3, 1, 2]), tie="both")
    assert [r.figures["striker"] for r in both.rolls] == ["attacker", "defender"]
    assert combat.struck_by(both, "attacker") and combat.struck_by(both, "defender")
    missed = BIND.attack(hero, goblin, SWORD, Situation(), ScriptedDice([1, 2, 3]))
    assert not combat.struck_by(missed, "attacker") and combat.struck_by(missed, "defender")


def test_a_tie_is_a_choice_only_when_both_sides_could_strike() -> None:
    hero, goblin = fighter(), a_goblin()
    assert combat.can_strike(hero, goblin, SWORD, Situation()) == (True, True)
    down = replace(goblin, hp=0)
    assert combat.can_strike(hero, down, SWORD, Situation()) == (True, False)
    bow = Weapon("bow", "d6", ranged=True)
    assert combat.can_strike(hero, goblin, bow, Situation(engaged=False)) == (True, False)
    assert combat.can_strike(goblin, hero, bow, Situation(engaged=False)) == (False, True)  # the player's defence roll


def test_player_misses_and_takes_damage() -> None:
    hero, goblin = fighter(), a_goblin()
    result = BIND.attack(hero, goblin, SWORD, Situation(), ScriptedDice([1, 2, 3]))
    assert result.roll.outcome == "failure"
    assert not result.hit and result.damage == 0
    assert result.attacker.hp == 7 - 3 and result.defender.hp == 6


def test_tie_neither_or_both() -> None:
    hero, goblin = fighter(), a_goblin()
    neither = BIND.attack(hero, goblin, SWORD, Situation(), ScriptedDice([2, 3]))
    assert neither.roll.outcome == "tie" and not neither.hit
    assert (neither.attacker.hp, neither.defender.hp) == (7, 6)
    both = BIND.attack(hero, goblin, SWORD, Situation(), ScriptedDice([2, 3, 1, 2]), tie="both")
    assert both.hit and both.damage == 1 + 1 + 2
    assert (both.attacker.hp, both.defender.hp) == (7 - 2, 6 - 4)
    by_option = make_system({"combat_tie": "both"}).attack(hero, goblin, SWORD, Situation(), ScriptedDice([2, 3, 1, 2]))
    assert by_option.attacker.hp == 5
    with pytest.raises(ValueError):
        BIND.attack(hero, goblin, SWORD, Situation(), ScriptedDice([2, 3]), tie="maybe")


def test_a_knocked_out_foe_does_not_strike_back() -> None:
    hero, goblin = fighter(), dataclasses.replace(a_goblin(), hp=0)
    assert BIND.condition(goblin) == "down"
    result = BIND.attack(hero, goblin, SWORD, Situation(), ScriptedDice([1, 2]))  # a miss: no damage die read
    assert result.roll.outcome == "failure" and result.attacker.hp == 7
    both = BIND.attack(hero, goblin, SWORD, Situation(), ScriptedDice([2, 3, 1]), tie="both")
    assert both.hit and both.attacker.hp == 7  # only the player's blow lands


def test_nothing_carried_is_no_encumbrance_even_for_a_weak_body() -> None:
    """seed 003 §Weight: Encumbrance comes from an item's Weight above Strength."""
    weakling = BIND.npc_sheet(1, {"strength": -2})
    assert traits.encumbrance_of(weakling, 0) == 0
    assert traits.encumbrance_of(weakling, 1) == 3
    assert traits.traits_bonus(weakling, "speed", "vigilance") == traits.traits_bonus(
        dataclasses.replace(weakling, attributes={**weakling.attributes, "strength": 0}), "speed", "vigilance")


def test_dodging_arrows_loses_the_encumbrance_of_what_you_carry() -> None:
    archer, bow = BIND.npc_sheet(2, None), Weapon("bow", "d6", ranged=True)
    light, laden = fighter(), dataclasses.replace(fighter(), encumbrance=2)
    assert BIND.attack_request(archer, laden, bow, Situation()).bonus == \
        BIND.attack_request(archer, light, bow, Situation()).bonus - 2


def test_npc_attack_is_the_players_defence_roll() -> None:
    hero = BIND.arm(fighter(), Weapon("axe", "d10"))
    raider = BIND.npc_sheet(2, None)  # Dex 1 + Combat 1, Strength 1
    request = BIND.attack_request(raider, hero, Weapon("spear", "d6"), Situation())
    assert request == BindRequest(bonus=3, tn=7 + 2)
    held = BIND.attack(raider, hero, Weapon("spear", "d6"), Situation(), ScriptedDice([6, 5, 2]))
    assert held.roll.outcome == "success" and held.roll.figures["margin"] == 5
    assert not held.hit and held.damage == 0
    assert held.defender.hp == 7
    assert held.attacker.hp == 7 - (2 + 1 + 3)  # the player's axe strikes back, covering 2 beaten
    assert held.roll.text.startswith("defence roll ")
    struck = BIND.attack(raider, hero, Weapon("spear", "d6"), Situation(), ScriptedDice([1, 1, 5]))
    assert struck.hit and struck.damage == 5 + 1 + 1
    assert struck.defender.hp == 0 and BIND.condition(struck.defender) == "down"
    assert struck.attacker.hp == 7


def test_armour_covers_near_misses_not_clean_hits() -> None:
    hero = fighter()
    ogre = BIND.npc_sheet(3, None)  # TN 7 + 3 = 10, DR 2, covering 3
    near = BIND.attack(hero, ogre, SWORD, Situation(), ScriptedDice([4, 5, 3]))  # 12: margin 2 < 3
    assert near.damage == 6 - 2 and near.rolls[0].figures["dr"] == 2
    clean = BIND.attack(hero, ogre, SWORD, Situation(), ScriptedDice([5, 5, 3]))  # 13: margin 3
    assert clean.damage == 6 and clean.rolls[0].figures["dr"] == 0
    armoured = BIND.wear(hero, 2, 2)
    grazed = BIND.attack(armoured, ogre, SWORD, Situation(), ScriptedDice([2, 3, 4]))  # 8: missed by 2
    assert grazed.attacker.hp == 7 - (4 + 1 - 2)
    gored = BIND.attack(armoured, ogre, SWORD, Situation(), ScriptedDice([1, 2, 4]))  # 6: missed by 4
    assert gored.attacker.hp == 7 - (4 + 1)


def test_shooting_from_out_of_reach() -> None:
    archer = pc(dexterity=2, projectiles=1)
    bow = Weapon("bow", "d6", ranged=True)
    target = BIND.npc_sheet(2, None)  # dodges with Speed 0 + Vigilance 1
    assert BIND.attack_request(archer, target, bow, Situation()) == BindRequest(3, 8, unanswered=True)  # it cannot shoot back: a tie lands
    miss = BIND.attack(archer, target, bow, Situation(), ScriptedDice([1, 1]))
    assert miss.roll.outcome == "failure" and miss.attacker.hp == archer.hp
    engaged = BIND.attack(archer, target, bow, Situation(engaged=True), ScriptedDice([1, 1, 2]))
    assert engaged.attacker.hp == archer.hp - (2 + 1)


def test_death_at_minus_maximum_hp() -> None:
    hero = fighter()
    assert BIND.condition(hero) == "ok"
    assert BIND.condition(replace(hero, hp=0)) == "down"
    assert BIND.condition(replace(hero, hp=-7)) == "dead"
    assert BIND.condition(replace(hero, dead=True)) == "dead"
    assert BIND.health(hero) == "HP 7/7"
    assert BIND.health(replace(hero, hp=3, fatigue=2)) == "HP 3/7 Fatigue 2"


def test_weapon_dice_map_to_damage_bonuses() -> None:
    from game.systems.bind.combat import arms_of, die_damage
    assert [die_damage(d) for d in ("d4", "d6", "d8", "d10", "d12")] == [0, 1, 2, 3, 4]
    assert arms_of(Weapon("pick", "d6", system={"bonus": 1, "damage": 3})).damage == 3
    assert [die_damage(d) for d in ("2d4", "d8+1", "d2", "d20", "2d6")] == [3, 3, -1, 8, 5]
    with pytest.raises(ContentError):
        die_damage("sword")


# -- saving a life ---------------------------------------------------------------------------------------------

def test_save_a_life() -> None:
    healer = pc(wits=1, medicine=1)
    patient = replace(fighter(), hp=-3)
    assert BIND.save_life_request(healer, patient) == BindRequest(2, 10)
    saved = BIND.save_life(healer, patient, ScriptedDice([5, 4]))
    assert saved.patient.stable and BIND.condition(saved.patient) == "down"
    lost = BIND.save_life(healer, patient, ScriptedDice([1, 1]))
    assert BIND.condition(lost.patient) == "dead"
    scarred = BIND.save_life(healer, patient, ScriptedDice([4, 4, 3]), wound_attribute="charisma")
    assert scarred.roll.outcome == "tie"
    assert scarred.patient.attributes["charisma"] == -3 and not scarred.patient.dead
    assert scarred.events == (LifeSaveEnded("tie", "charisma", 0, -3, False),)
    doomed = BIND.save_life(healer, replace(patient, attributes={**patient.attributes, "charisma": -3}),
                            ScriptedDice([4, 4, 3]))
    assert doomed.patient.dead
    dice = ScriptedDice([])
    assert BIND.save_life(healer, fighter(), dice).patient.hp == 7 and dice.faces == []


def test_sheet_lines() -> None:
    lines = BIND.sheet_lines(BIND.new_character(None, ScriptedDice(CREATION_FACES)))
    assert lines[0] == "Race: human"
    assert "Strength +4" in lines[1] and "Combat +1" in lines[2] and lines[3].startswith("HP 10/10")


# -- play support: remembered requests, harm and healing, the fatigue floor ---------------------------------

def test_a_remembered_request_reads_no_dice_and_its_odds_are_certain() -> None:
    request = BindRequest(1, 7, fixed=(3, 3))
    dice = ScriptedDice([])
    result = BIND.roll(request, dice)
    assert dice.faces == [] and result.outcome == "tie" and result.rule == "seed 003 §One Roll Only"
    assert result.text == "remembered 2d6 (3, 3) + 1 = 7 vs TN 7: tie (margin 0)"
    odds = BIND.odds(request)
    assert odds.p_success == 0 and odds.probabilities["p_tie"] == 1 and odds.distribution == {"7": 1}


def test_harm_is_a_d6_plus_the_dies_bonus_without_armour() -> None:
    hero = BIND.wear(pc(strength=2), 3, 3)  # 8 HP, heavy armour that does not help
    fall = BIND.harm(hero, "d4", ScriptedDice([5]))
    assert fall.sheet.hp == 3 and fall.rolls[0].text == "harm 1d6 (5) + 0 = 5 HP (1D6 + 0, a d4 hazard)"
    assert fall.events == (HpChanged(PLAYER, "HP", 8, 3, 8, "harm"),)
    assert BIND.harm(hero, "d8", ScriptedDice([1])).sheet.hp == 8 - 3
    assert BIND.harm(replace(hero, hp=-1), "2d6", ScriptedDice([6])).sheet.hp == -1 - 11
    dead = replace(hero, dead=True)
    dice = ScriptedDice([])
    assert BIND.harm(dead, "d4", dice).sheet == dead and dice.faces == []


def test_healing_is_a_d6_plus_the_dies_bonus_up_to_the_maximum() -> None:
    hurt = replace(pc(strength=1), hp=-2, stable=True)
    healed = BIND.heal(hurt, "d6", ScriptedDice([2]))
    assert healed.sheet.hp == 1 and not healed.sheet.stable and BIND.condition(healed.sheet) == "ok"
    assert healed.rolls[0].text == "healing 1d6 (2) + 1 = 3 HP (1D6 + 1, a d6 remedy)"
    assert BIND.heal(hurt, "d12", ScriptedDice([6])).sheet.hp == 7
    dice = ScriptedDice([])
    assert BIND.heal(replace(hurt, dead=True), "d6", dice).sheet.hp == -2 and dice.faces == []


def test_fatigue_penalty_counts_hp_below_zero_as_zero() -> None:
    assert traits.fatigue_penalty(replace(pc(), hp=-3, fatigue=2)) == 2
    assert traits.fatigue_penalty(replace(pc(), hp=4, fatigue=2)) == 0


def test_bind_situation_carries_resting_and_encumbrance() -> None:
    from game.systems.bind.rules import BindSituation

    runner = pc(speed=1, vigilance=1)
    assert BIND.check_request(runner, "dodge", "normal", BindSituation(encumbrance=3)).bonus == 2 - 3
    assert BIND.check_request(runner, "dodge", "normal", BindSituation(carried_weight=3)).bonus == 2 - 3
    assert BIND.check_request(runner, "search", "hard", BindSituation(resting=True)).resting
