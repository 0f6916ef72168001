"""Maelstrom (seed 004): worked examples, exact odds, sheets, checks and the combat house rule."""
from __future__ import annotations

import copy
import functools
import random
import re
from collections import defaultdict
from dataclasses import replace
from fractions import Fraction
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.errors import ActionRefused, ContentError, DiceExhausted, UsageError
from game.events import PLAYER
from game.events.fight import Died, Fell, HealthChanged
from game.rules.base import DIFFICULTIES, KINDS, Situation, Weapon
from game.rules.dice import RandomDice, ScriptedDice, enumerate_faces
from game.rules.exact import TAIL_CUTOFF
from game.rules.registry import get_system
from game.systems.maelstrom import build, pool
from game.systems.maelstrom import odds as mo
from game.systems.maelstrom import sheet as sheets
from game.systems.maelstrom.actions import AttackRequest, pool_request
from game.systems.maelstrom.dft import DFT_ERROR, decay_rate
from game.systems.maelstrom.events import (
    AttackBotched,
    AttackHit,
    AttackMissed,
    Healed,
    HealthLevel,
    Rested,
    RestWasted,
    WillpowerUse,
    Wounded,
)
from game.systems.maelstrom.pool import PoolRequest
from game.systems.maelstrom.rules import OPTIONS, SUMMARY, SYSTEM_ID, make_system

SYSTEM = make_system({})
PISTOL = Weapon("light pistol", "d6", ranged=True)
KNIFE = Weapon("knife", "d4")
FISTS = Weapon()


def roll(keys: dict[str, str], faces: list[int]):
    return SYSTEM.roll(SYSTEM.parse_request(keys), ScriptedDice(faces))


# -- the seed's worked examples --------------------------------------------------------

def test_plain_roll_example():
    """§Difficulty: pool 5, difficulty 6, rolls 1, 3, 4, 6, 7: two successes, a botch, one left."""
    result = roll({"dice": "5"}, [1, 3, 4, 6, 7])
    assert result.outcome == "success"
    assert result.dice == (1, 3, 4, 6, 7)
    assert result.figures["rolled_successes"] == 2
    assert result.figures["botches"] == 1
    assert result.figures["successes"] == 1
    assert result.text == "5d10 (1, 3, 4, 6, 7) vs 6: 2 successes - 1 one = 1: success"


def test_plain_roll_example_at_a_higher_difficulty_botches():
    """"Had the difficulty been higher, he would have wound up with zero successes and potentially botched"."""
    result = roll({"dice": "5", "difficulty": "8"}, [1, 3, 4, 6, 7])
    assert (result.outcome, result.figures["rolled_successes"], result.figures["net"]) == ("botch", 0, -1)


def test_threshold_example_botches():
    """§Threshold: threshold 2, two successes and a botch: the successes go, the botch stays."""
    result = roll({"dice": "3", "threshold": "2"}, [6, 9, 1])
    assert result.outcome == "botch"
    assert result.figures["rolled_successes"] == 2
    assert result.figures["removed_by_threshold"] == 2
    assert result.figures["cancelled"] == 0
    assert result.figures["net"] == -1
    assert roll({"dice": "3"}, [6, 9, 1]).figures["net"] == 1  # "pretty good without the threshold"


def test_sniper_example():
    """§Using Specialties: Precision 2 + Firearms 3 at 8 with a sniping specialty."""
    result = roll({"dice": "5", "difficulty": "8", "specialties": "1"}, [1, 4, 8, 10, 10, 1, 10, 8])
    pool_only = pool.four_steps([1, 4, 8, 10, 10], [], 8, 0)
    assert pool_only.net == 2  # "for a total of two successes"
    after_first_batch = pool.four_steps([1, 4, 8, 10, 10], [1, 10], 8, 0)
    assert after_first_batch.net == 3  # "adds a success (for a total of three)"
    assert result.outcome == "success"
    assert result.figures["successes"] == 4  # "her fourth and final success"
    assert result.figures["bonus_dice"] == 3
    assert result.figures["botches"] == 1  # the 1 on the bonus die is ignored
    assert result.dice == (1, 4, 8, 10, 10, 1, 10, 8)


def test_sniper_example_from_a_sheet():
    sniper = SYSTEM.new_character({"precision": 2, "firearms": 3, "specialties": {"firearms": ["sniper rifles"]}},
                                  ScriptedDice([]))
    request = SYSTEM.pool_request(sniper, "precision", "firearms", difficulty="hard", tags=["sniper rifle"])
    assert (request.dice, request.difficulty, request.threshold, request.specialties) == (5, 8, 0, 1)
    assert SYSTEM.roll(request, ScriptedDice([1, 4, 8, 10, 10, 1, 10, 8])).figures["successes"] == 4


@pytest.mark.parametrize("faces, outcome, net", [
    ([5, 6, 7, 2], "success", 1),   # at least one success left: the guard goes over
    ([5, 6, 2, 3], "failure", 0),   # no successes, no botch: a scary fight
    ([5, 6, 1, 2], "botch", -1),    # no successes and a one: both go over
])
def test_landing_pad_example(faces, outcome, net):
    """§Determining Thresholds: Strength + Athletics at difficulty 5, threshold 2."""
    result = roll({"dice": "4", "difficulty": "5", "threshold": "2"}, faces)
    assert (result.outcome, result.figures["net"]) == (outcome, net)


# -- reading the dice ----------------------------------------------------------------

def test_bonus_dice_are_read_breadth_first():
    rolled = pool.roll_pool(ScriptedDice([10, 10, 10, 3, 10, 4]), 2, 1)
    assert rolled.pool == (10, 10)
    assert rolled.batches == ((10, 3), (10,), (4,))


def test_several_specialties_each_earn_a_die_per_ten():
    rolled = pool.roll_pool(ScriptedDice([10, 5, 10, 2, 3, 4, 5, 6]), 2, 2)
    assert rolled.batches == ((10, 2), (3, 4))
    assert rolled.faces == (10, 5, 10, 2, 3, 4)


def test_too_few_faces_raise_dice_exhausted():
    with pytest.raises(DiceExhausted):
        roll({"dice": "5", "difficulty": "8", "specialties": "1"}, [1, 4, 8, 10, 10, 1, 10])
    with pytest.raises(DiceExhausted):
        roll({"dice": "3"}, [5, 5])


def test_roll_reads_exactly_the_faces_it_needs():
    dice = ScriptedDice([10, 4, 4, 9, 9])
    SYSTEM.roll(SYSTEM.parse_request({"dice": "3"}), dice)
    assert dice.unused == 2  # no specialty: a 10 earns nothing
    dice = ScriptedDice([10, 4, 4, 9, 9])
    SYSTEM.roll(SYSTEM.parse_request({"dice": "3", "specialties": "1"}), dice)
    assert dice.unused == 1


def test_bonus_ones_never_botch_and_the_threshold_spares_bonus_dice():
    assert roll({"dice": "1", "specialties": "1"}, [10, 1]).figures["net"] == 1
    result = roll({"dice": "1", "threshold": "1", "specialties": "1"}, [10, 7])
    assert (result.figures["rolled_successes"], result.figures["net"]) == (2, 1)


def test_zero_dice_fail():
    result = roll({"dice": "0"}, [])
    assert (result.outcome, result.dice) == ("failure", ())


# -- the Easy Counting Trick ----------------------------------------------------------

def test_easy_counting_trick_agrees_on_20000_seeded_rolls():
    rng = random.Random(4004)
    outcomes = set()
    for _ in range(20_000):
        n, d, t, s = rng.randint(0, 10), rng.randint(2, 10), rng.randint(0, 4), rng.randint(0, 3)
        rolled = pool.roll_pool(RandomDice(rng), n, s)
        tally = pool.four_steps(rolled.pool, rolled.bonus, d, t)
        assert pool.easy_count(rolled.pool, rolled.bonus, d, t) == (tally.net, tally.outcome)
        outcomes.add(tally.outcome)
    assert outcomes == {"success", "failure", "botch"}


@given(st.lists(st.integers(1, 10), max_size=12), st.lists(st.integers(1, 10), max_size=6),
       st.integers(2, 10), st.integers(0, 5))
def test_easy_counting_trick_agrees_on_any_faces(pool_faces, bonus_faces, difficulty, threshold):
    tally = pool.four_steps(pool_faces, bonus_faces, difficulty, threshold)
    assert pool.easy_count(pool_faces, bonus_faces, difficulty, threshold) == (tally.net, tally.outcome)


# -- exact odds ----------------------------------------------------------------------

def brute_force(n: int, d: int, t: int, s: int, vmax: int) -> tuple[dict[int, Fraction], Fraction]:
    """Enumerate every face of every die, breadth-first; a branch stops once it is sure
    to end above ``vmax`` net successes.  Returns (exact P(net) for net <= vmax, P(above))."""
    dist: dict[int, Fraction] = defaultdict(Fraction)
    above = [Fraction(0)]
    limit = vmax + t + n  # more successes than this: net > vmax whatever the botches

    def read(left: int, is_pool: bool, earned: int, succ: int, botch: int, prob: Fraction) -> None:
        if left == 0:
            if earned:
                read(earned, False, 0, succ, botch, prob)
            elif max(0, succ - t) - botch > vmax:
                above[0] += prob
            else:
                dist[max(0, succ - t) - botch] += prob
            return
        for face in range(1, 11):
            now = succ + (face >= d)
            if now > limit:
                above[0] += prob / 10
                continue
            read(left - 1, is_pool, earned + (s if face == 10 else 0), now,
                 botch + (is_pool and face == 1), prob / 10)

    read(n, True, 0, 0, 0, Fraction(1))
    return dict(dist), above[0]


def exact(keys: dict[str, str]) -> dict[int, Fraction]:
    return {int(k): p for k, p in SYSTEM.odds(SYSTEM.parse_request(keys)).distribution.items()}


@pytest.mark.parametrize("n", [0, 1, 2, 3])
@pytest.mark.parametrize("d", [2, 5, 6, 9, 10])
@pytest.mark.parametrize("t", [0, 1, 3])
def test_odds_without_specialties_match_enumeration(n, d, t):
    counts: dict[int, int] = defaultdict(int)
    for faces in enumerate_faces(n, 10):
        counts[pool.four_steps(faces, (), d, t).net] += 1
    expected = {net: Fraction(c, 10**n) for net, c in counts.items()}
    odds = SYSTEM.odds(PoolRequest(n, d, t))
    assert {int(k): p for k, p in odds.distribution.items()} == expected
    assert odds.probabilities["p_botch"] == sum((p for k, p in expected.items() if k < 0), Fraction(0))
    assert odds.probabilities["p_failure"] == expected.get(0, Fraction(0))
    assert odds.p_success == sum((p for k, p in expected.items() if k > 0), Fraction(0))


@pytest.mark.parametrize("n, d, t, s, vmax", [
    (1, 6, 0, 1, 3), (2, 6, 0, 1, 2), (2, 8, 1, 1, 2), (1, 2, 0, 2, 2), (1, 10, 0, 2, 2), (3, 7, 2, 1, 1),
    (1, 5, 1, 3, 0), (0, 6, 0, 2, 3),
])
def test_odds_with_specialties_match_enumeration(n, d, t, s, vmax):
    brute, above = brute_force(n, d, t, s, vmax)
    odds = exact({"dice": str(n), "difficulty": str(d), "threshold": str(t), "specialties": str(s)})
    assert {k: p for k, p in odds.items() if k <= vmax} == {k: p for k, p in brute.items() if p}
    assert abs(sum((p for k, p in odds.items() if k > vmax), Fraction(0)) - above) < TAIL_CUTOFF
    request = PoolRequest(n, d, t, s)
    split = pool.pool_odds(request)
    assert split.p_botch == sum((p for k, p in brute.items() if k < 0), Fraction(0))
    assert split.p_failure == brute.get(0, Fraction(0))
    assert split.p_success == 1 - split.p_botch - split.p_failure


def test_exact_single_die_numbers():
    odds = SYSTEM.odds(PoolRequest(1))
    assert odds.p_success == Fraction(1, 2)
    assert odds.probabilities == {"p_failure": Fraction(2, 5), "p_botch": Fraction(1, 10)}
    assert odds.distribution == {"-1": Fraction(1, 10), "0": Fraction(2, 5), "1": Fraction(1, 2)}


def test_exploding_single_die_at_difficulty_ten():
    """One die at 10 with a specialty: P(k successes) = (1/10)^k (9/10): a geometric chain."""
    odds = exact({"dice": "1", "difficulty": "10", "specialties": "1"})
    assert odds[-1] == Fraction(1, 10)
    assert odds[0] == Fraction(8, 10)
    for k in range(1, 12):
        assert odds[k] == Fraction(1, 10**k) * Fraction(9, 10)
    assert max(odds) == 12  # P(more than 12) = 10^-13 is below the cut; P(more than 11) = 10^-12 is not
    assert 0 < 1 - sum(odds.values()) < TAIL_CUTOFF


@pytest.mark.parametrize("keys", [
    {"dice": "10", "difficulty": "2", "specialties": "2"},
    {"dice": "6", "difficulty": "6", "threshold": "3", "specialties": "3"},
    {"dice": "4", "difficulty": "7", "threshold": "1", "specialties": "1"},
])
def test_tail_is_cut_below_the_cutoff(keys):
    odds = SYSTEM.odds(SYSTEM.parse_request(keys))
    total = sum(odds.distribution.values(), Fraction(0))
    assert 1 - TAIL_CUTOFF < total < 1
    last = odds.distribution[max(odds.distribution, key=int)]
    assert 1 - total + last >= TAIL_CUTOFF  # one key fewer would leave too much out


def test_distribution_keys_ascend_and_json_has_the_promised_keys():
    data = SYSTEM.odds(SYSTEM.parse_request({"dice": "5", "specialties": "1"})).to_json()
    assert {"system", "p_success", "p_failure", "p_botch", "distribution"} <= set(data)
    assert data["system"] == "maelstrom"
    keys = [int(k) for k in data["distribution"]]
    assert keys == sorted(keys) and keys[0] == -5
    assert abs(data["p_success"] + data["p_failure"] + data["p_botch"] - 1) < 1e-12
    rolled = roll({"dice": "2"}, [6, 1]).to_json()
    assert {"system", "dice", "outcome", "successes", "margin", "text", "rule"} <= set(rolled)
    assert rolled["dice"] == [6, 1] and rolled["outcome"] == "failure"
    assert "seed 004" in rolled["rule"]


def test_automatic_success_cannot_botch():
    odds = SYSTEM.odds(PoolRequest(3, 8, automatic=1))
    plain = pool.pool_odds(PoolRequest(3, 8))
    assert odds.probabilities["p_botch"] == 0
    assert odds.distribution["1"] == plain.p_botch + plain.p_failure
    assert odds.distribution["2"] == plain.distribution[1]


# -- parse_request -----------------------------------------------------------------

def test_parse_request_defaults():
    assert SYSTEM.parse_request({"dice": "4"}) == PoolRequest(4, 6, 0, 0)
    assert SYSTEM.parse_request({"dice": "4", "difficulty": "9", "threshold": "2", "specialties": "3"}) == \
        PoolRequest(4, 9, 2, 3)


@pytest.mark.parametrize("keys, named", [
    ({"dice": "4", "tn": "7"}, "tn"),
    ({"dice": "x"}, "dice"),
    ({"dice": "-1"}, "dice"),
    ({"dice": "4", "difficulty": "1"}, "difficulty"),
    ({"dice": "4", "difficulty": "11"}, "difficulty"),
    ({"dice": "4", "threshold": "-1"}, "threshold"),
    ({"dice": "4", "specialties": "6"}, "specialties"),
    ({"dice": "4", "specialties": "1.5"}, "specialties"),
    ({"difficulty": "6"}, "dice"),
])
def test_parse_request_rejects_bad_keys(keys, named):
    with pytest.raises(UsageError, match=named):
        SYSTEM.parse_request(keys)


def test_unknown_key_lists_the_valid_ones():
    with pytest.raises(UsageError, match="dice, difficulty, threshold, specialties"):
        SYSTEM.parse_request({"pool": "3"})


# -- module surface ------------------------------------------------------------------

def test_registry_entry():
    assert SYSTEM_ID == "maelstrom" and SUMMARY
    assert OPTIONS == {"untrained_knowledge": ("forbidden", "penalised"), "evasion": ("opposed", "none"),
                       "search": ("alertness", "investigation"), "relic_weapons": ("thrown", "energy-weapons"),
                       "evasion_cost": ("2", "1", "0"), "ways": ("ask", "first"), "degrees": ("on", "off")}
    system = get_system("maelstrom")
    assert (system.id, system.seed) == ("maelstrom", "004")
    with pytest.raises(UsageError):
        get_system("maelstrom", {"untrained_knowledge": "maybe"})


# -- sheets --------------------------------------------------------------------------

CREATION_FACES = [1, 1, 2, 3, 1, 1, 1, 2, 3, 1, 2] + [1] * 11 + [2, 2, 1, 4, 1]


def test_character_creation_from_scripted_dice():
    dice = ScriptedDice(CREATION_FACES)
    sheet = SYSTEM.new_character(None, dice)
    assert dice.unused == 0
    # d2 = 1: physical first; d3s 1,2,3,1,1,1 -> Strength +4, Precision +1, Reflexes +1;
    # mental d3s 2,3,1,2 -> Intelligence +2, Wits +1, Perception +1; the d12..d2 all 1: order kept
    assert sheet.attributes == {"strength": 5, "precision": 2, "reflexes": 2,
                                   "perception": 2, "intelligence": 3, "wits": 2}
    expected = dict(zip(build.CORE_ABILITIES, (3, 3, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1), strict=True))
    assert {k: v for k, v in sheet.abilities.items() if v} == expected
    # house rule: one specialty for each ability with two dots or more that has a list
    # (Stealth has none): d5 2, d2 2, d3 1, d4 4, d4 1
    assert sheet.specialties == {"athletics": ("acrobatics",), "dodge": ("unarmored",), "brawling": ("punching",),
                                    "firearms": ("sniper rifles",), "melee": ("knives",)}
    assert (sheet.willpower, sheet.willpower_points) == (3, 3)
    assert SYSTEM.condition(sheet) == "ok" and SYSTEM.health(sheet) == "Healthy, WP 3/3"


def test_creation_passes_dots_on_from_a_full_attribute():
    sheet = SYSTEM.new_character(None, ScriptedDice([2] + [1] * 6 + [3] * 4 + [1] * 11 + [1] * 5))
    assert sheet.attributes["perception"] == 5 and sheet.attributes["intelligence"] == 3
    assert sheet.attributes["reflexes"] == 5 and sheet.attributes["wits"] == 1


def test_creation_is_deterministic_and_follows_the_budget():
    for seed in range(30):
        one = SYSTEM.new_character(None, RandomDice(random.Random(seed)))
        two = SYSTEM.new_character(None, RandomDice(random.Random(seed)))
        assert one == two
        attrs = one.attributes
        groups = sorted([sum(attrs[a] for a in sheets.PHYSICAL), sum(attrs[a] for a in sheets.MENTAL)])
        assert groups == [7, 9]
        assert sorted(v for v in one.abilities.values() if v) == [1] * 6 + [2] * 4 + [3] * 2
    with pytest.raises(DiceExhausted):
        SYSTEM.new_character(None, ScriptedDice(CREATION_FACES[:-1]))


def test_sheet_saves_as_plain_data_and_reads_back():
    sheet = SYSTEM.new_character(None, RandomDice(random.Random(1)))

    def plain(value):
        if isinstance(value, dict):
            return all(isinstance(k, str) and plain(v) for k, v in value.items())
        if isinstance(value, list):
            return all(plain(v) for v in value)
        return isinstance(value, (str, int, bool, float))

    npc = SYSTEM.npc_sheet(3, None, "synthetic")
    for one in (sheet, npc, SYSTEM.take_damage(replace(npc, disarmed=True, armor_base=0), 3, "lethal")):
        data = SYSTEM.sheet_to_data(one)
        assert plain(data) and SYSTEM.sheet_from_data(data) == one
    assert SYSTEM.sheet_to_data(npc)["creature"] == "synthetic" and "creature" not in SYSTEM.sheet_to_data(sheet)


@pytest.mark.parametrize("change, named", [
    ({"willpower": 0}, "willpower must be a whole number from 1 to 10, not 0"),
    ({"willpower_points": 4}, "willpower_points must be from 0 to willpower (3), not 4"),
    ({"dead": 1}, "dead must be true or false"),
    ({"attributes": {"strength": 2}}, "attributes has no precision"),
    ({"abilities": "many"}, "abilities must be a table"),
    ({"specialties": {"cooking": ["pies"]}}, "specialties.cooking is not an ability"),
    ({"health": {"bashing": 9, "lethal": 0, "aggravated": 0}}, "health.bashing must be a whole number from 0 to 8"),
    ({"armor": -1}, "armor must be a whole number of at least 0"),
    ({"hp": 3}, "unknown entry 'hp'"),
    ({"system": "vaarn"}, "system must be 'maelstrom'"),
])
def test_a_bad_saved_sheet_is_refused_naming_the_entry(change, named):
    data = SYSTEM.sheet_to_data(AVERAGE) | change
    with pytest.raises(ValueError, match=re.escape(named)):
        SYSTEM.sheet_from_data(data)
    missing = SYSTEM.sheet_to_data(AVERAGE)
    del missing["health"]
    with pytest.raises(ValueError, match="no 'health'"):
        SYSTEM.sheet_from_data(missing)


def test_a_format_1_sheet_drops_its_scratch_and_the_migration_lifts_it_into_the_moment():
    player = SYSTEM.sheet_to_data(AVERAGE) | {"armor_base": 0, "willpower_armed": "wounds"}
    assert SYSTEM.sheet_from_data(player) == replace(AVERAGE, armor_base=0)
    npc = SYSTEM.sheet_to_data(SYSTEM.npc_sheet(1, None)) | {"disarmed": True}
    state = {"player": player, "npcs": {"raider": {"room": "well", "sheet": npc}}, "turn": 3}
    migrated = SYSTEM.migrate_v1(state)
    assert "willpower_armed" not in migrated["player"] and migrated["npcs"]["raider"]["sheet"] == npc
    assert migrated["turn"] == 3 and "willpower_armed" in state["player"]  # the input is left alone
    moment = SYSTEM.moment_from_data(migrated["moment"])
    assert moment is not None and moment.willpower is WillpowerUse.WOUNDS
    assert SYSTEM.moment_to_data(moment) == migrated["moment"]
    unarmed = SYSTEM.migrate_v1({**state, "player": player | {"willpower_armed": ""}})
    assert unarmed["moment"] == {} and SYSTEM.moment_from_data({}) is None and SYSTEM.moment_to_data(None) == {}
    with pytest.raises(ValueError, match="willpower_armed"):
        SYSTEM.moment_from_data({"willpower_armed": "luck"})


def test_content_stats_and_their_errors():
    sheet = SYSTEM.new_character({"strength": 4, "firearms": 3, "drive": 1, "willpower": 5, "armor": 2},
                                 ScriptedDice([]))
    assert sheet.attributes["strength"] == 4 and sheet.attributes["wits"] == 2
    assert sheet.abilities["ground_vehicle_operation"] == 1
    assert (sheet.willpower_points, sheet.armor) == (5, 2)
    with pytest.raises(ContentError, match="charisma"):
        SYSTEM.new_character({"charisma": 3}, ScriptedDice([]))
    # keys are written as declared (the schema says the same): a capital is a near miss
    with pytest.raises(ContentError, match=r"unknown key 'Firearms' \(did you mean firearms\?\)"):
        SYSTEM.new_character({"Firearms": 3}, ScriptedDice([]))
    with pytest.raises(ContentError, match="strength"):
        SYSTEM.new_character({"strength": 6}, ScriptedDice([]))
    with pytest.raises(ContentError, match="at least one dot"):
        SYSTEM.new_character({"specialties": {"melee": ["swords"]}}, ScriptedDice([]))


def test_npc_sheets_grow_more_dangerous_with_tier():
    player = SYSTEM.new_character({"precision": 3, "firearms": 2, "reflexes": 3, "dodge": 2}, ScriptedDice([]))
    last_hit, last_danger = Fraction(2), Fraction(-1)
    pools = []
    for tier in range(1, 6):
        npc = SYSTEM.npc_sheet(tier, None)
        assert npc.npc and npc.tier == tier
        attack = SYSTEM.attack_request(npc, player, KNIFE, Situation()).attack
        evade = SYSTEM.attack_request(player, npc, PISTOL, Situation()).evasion
        pools.append((attack.dice, evade.dice, npc.willpower, npc.armor))
        hit = SYSTEM.odds(SYSTEM.attack_request(player, npc, PISTOL, Situation())).p_success
        danger = SYSTEM.odds(SYSTEM.attack_request(npc, player, KNIFE, Situation())).p_success
        assert hit < last_hit and danger > last_danger
        last_hit, last_danger = hit, danger
    assert pools == [(3, 3, 2, 0), (5, 5, 3, 1), (6, 6, 4, 1), (8, 8, 5, 2), (10, 10, 6, 3)]


def test_npc_stats_override_the_tier():
    npc = SYSTEM.npc_sheet(2, {"firearms": 4, "armor": 0})
    assert npc.abilities["firearms"] == 4 and npc.armor == 0 and npc.attributes["strength"] == 3


# -- checks --------------------------------------------------------------------------

AVERAGE = SYSTEM.new_character({"perception": 3, "alertness": 2, "firearms": 1}, ScriptedDice([]))


def test_every_kind_and_difficulty_maps():
    scholar = SYSTEM.new_character({"investigation": 1, "academics": 1, "medicine": 1}, ScriptedDice([]))
    for kind in KINDS:
        for difficulty in DIFFICULTIES:
            request = SYSTEM.check_request(scholar, kind, difficulty, Situation())
            assert 2 <= request.difficulty <= 10 and request.dice >= 1


def test_difficulty_mapping():
    numbers = [(r.difficulty, r.threshold) for r in
               (SYSTEM.check_request(AVERAGE, "perceive", d, Situation()) for d in DIFFICULTIES)]
    assert numbers == [(5, 0), (6, 0), (8, 0), (8, 1), (9, 1)]
    request = SYSTEM.check_request(AVERAGE, "perceive", "normal", Situation())
    assert (request.dice, request.label) == (5, "Perception + Alertness")


def test_talent_at_zero_has_no_penalty_and_skill_at_zero_costs_a_difficulty():
    talent = SYSTEM.check_request(AVERAGE, "force", "normal", Situation())
    assert (talent.dice, talent.difficulty, talent.reasons) == (2, 6, ())
    skill = SYSTEM.check_request(AVERAGE, "sneak", "normal", Situation())
    assert (skill.dice, skill.difficulty) == (2, 7)
    assert skill.reasons == ("no dots in Stealth: difficulty +1",)


def test_searching_is_perception_and_alertness():
    """seed 004 §Perception: "used for searching"; §Alertness: noticing "items of interest"."""
    request = SYSTEM.check_request(AVERAGE, "search", "normal", Situation())
    assert (request.label, request.dice, request.difficulty) == ("Perception + Alertness", 5, 6)
    assert SYSTEM.can_attempt(AVERAGE, "search") == ""


def test_knowledge_at_zero_is_forbidden_or_penalised():
    investigating = make_system({"search": "investigation"})
    with pytest.raises(ActionRefused, match="Investigation"):
        investigating.check_request(AVERAGE, "search", "normal", Situation())
    assert "Medicine" in SYSTEM.can_attempt(AVERAGE, "heal")
    assert SYSTEM.can_attempt(AVERAGE, "perceive") == ""
    lenient = make_system({"untrained_knowledge": "penalised", "search": "investigation"})
    request = lenient.check_request(AVERAGE, "search", "normal", Situation())
    assert (request.dice, request.difficulty, request.threshold) == (3, 8, 0)
    legendary = lenient.check_request(AVERAGE, "search", "legendary", Situation())
    assert (legendary.difficulty, legendary.threshold) == (10, 2)  # 9 + 2 = 11: one step becomes threshold


def test_situation_adjusts_difficulty():
    assert SYSTEM.check_request(AVERAGE, "perceive", "normal", Situation(advantage=True)).difficulty == 5
    assert SYSTEM.check_request(AVERAGE, "perceive", "normal", Situation(disadvantage=True)).difficulty == 7
    assert SYSTEM.check_request(AVERAGE, "perceive", "normal", Situation(target=4)).difficulty == 4


def test_an_authors_difficulty_keeps_the_untrained_skill_penalty():
    """seed 004 §Skills: no dots in a skill, difficulty +1, whoever set the difficulty."""
    request = SYSTEM.check_request(AVERAGE, "sneak", "normal", Situation(target=4))
    assert request.difficulty == 5 and "no dots in Stealth: difficulty +1" in " ".join(request.reasons)


def test_the_motorcycle_example_precision_3_and_drive_2_is_five_dice():
    """seed 004 §Dice Pool: Precision + Drive, three dots and two: five dice."""
    rider = SYSTEM.new_character({"precision": 3, "ground_vehicle_operation": 2}, ScriptedDice([]))
    request = pool_request(rider, "precision", "ground_vehicle_operation")
    assert request.dice == 5 and request.label == "Precision + Ground Vehicle Operation"
    assert SYSTEM.roll(request, ScriptedDice([1, 3, 4, 6, 7])).figures["successes"] == 1


def test_specialties_are_capped_by_dots_and_missing_advanced_ones_add_thresholds():
    climber = SYSTEM.new_character({"athletics": 1, "specialties": {"athletics": ["parkour", "precision"]},
                                    "advanced_specialties": {"athletics": ["zero-g"]}}, ScriptedDice([]))
    request = SYSTEM.check_request(climber, "climb", "normal", Situation())
    assert request.specialties == 1  # two apply, one dot in Athletics
    request = SYSTEM.pool_request(climber, "strength", "athletics", tags=["lifting"],
                                  requires=["zero-g", "power armor"])
    assert (request.specialties, request.threshold) == (1, 1)
    assert "no Power Armor specialty in Athletics: threshold +1" in request.reasons
    assert SYSTEM.pool_request(climber, "strength", "athletics", tags=["lifting"]).specialties == 0


def test_wounds_cost_dice_and_willpower_buys_them_back():
    hurt = SYSTEM.take_damage(AVERAGE, 4, "bashing")  # Injured, -2
    request = SYSTEM.check_request(hurt, "perceive", "normal", Situation())
    assert (request.dice, request.wound_penalty) == (3, 2)
    before = copy.deepcopy(hurt)
    spent, restored = SYSTEM.spend_willpower(hurt, request, WillpowerUse.WOUNDS)
    assert restored.dice == 5 and spent.willpower_points == 2 and hurt == before
    spent, boosted = SYSTEM.spend_willpower(spent, restored, WillpowerUse.SUCCESS)
    assert boosted.automatic == 1 and spent.willpower_points == 1
    with pytest.raises(ActionRefused):
        SYSTEM.spend_willpower(spent, boosted, WillpowerUse.SUCCESS)
    broke = replace(spent, willpower_points=0)
    with pytest.raises(ActionRefused):
        SYSTEM.spend_willpower(broke, request, WillpowerUse.SUCCESS)
    result = SYSTEM.roll(boosted, ScriptedDice([1, 1, 2, 3, 4]))
    assert (result.outcome, result.figures["net"]) == ("success", 1)


# -- health ----------------------------------------------------------------------

def test_health_track_penalties():
    seen = []
    sheet = AVERAGE
    for _ in range(8):
        sheet = SYSTEM.take_damage(sheet, 1, "lethal")
        seen.append((sheet.level.name, sheet.wound_penalty, SYSTEM.condition(sheet)))
    assert seen == [("Bruised", 0, "ok"), ("Scratched", 1, "ok"), ("Hurt", 1, "ok"), ("Injured", 2, "ok"),
                    ("Wounded", 2, "ok"), ("Mauled", 3, "ok"), ("Crippled", 5, "ok"),
                    ("Incapacitated", 0, "down")]
    assert SYSTEM.condition(SYSTEM.take_damage(sheet, 1, "lethal")) == "dead"


def test_bashing_on_a_full_track_turns_lethal():
    beaten = SYSTEM.take_damage(AVERAGE, 8, "bashing")
    assert SYSTEM.condition(beaten) == "down"
    worse = SYSTEM.take_damage(beaten, 2, "bashing")
    assert worse.health == sheets.Health(bashing=6, lethal=2) and not worse.dead
    assert SYSTEM.take_damage(AVERAGE, 9, "aggravated").dead
    assert AVERAGE.health == sheets.Health()


def test_a_wound_that_fills_the_track_emits_a_fall_and_one_past_it_a_death():
    change = SYSTEM.wound(SYSTEM.take_damage(AVERAGE, 6, "bashing"), 2, "lethal", who="raider")
    assert change.events == (Wounded("raider", 2, "lethal", HealthLevel("Incapacitated")),
                             HealthChanged("raider", "health boxes", 6, 8), Fell("raider"))
    assert SYSTEM.condition(change.sheet) == "down"
    dying = SYSTEM.wound(SYSTEM.take_damage(AVERAGE, 8, "lethal"), 1, "lethal")
    assert dying.events == (Wounded(PLAYER, 1, "lethal", HealthLevel("Dead")), Died(PLAYER, "wounds"))
    with pytest.raises(UsageError):
        SYSTEM.wound(AVERAGE, 1, "fire")


def test_rest():
    sheet = SYSTEM.take_damage(SYSTEM.take_damage(AVERAGE, 2, "bashing"), 2, "lethal")
    sheet = replace(sheet, willpower_points=1)
    short = SYSTEM.rest(sheet, "short", True, ScriptedDice([]))
    assert short.sheet.health == sheets.Health(bashing=1, lethal=2)
    assert short.events[0] == Rested(PLAYER, True, 1, "", False, 1, 3, HealthLevel("Hurt", 1))
    long = SYSTEM.rest(sheet, "long", True, ScriptedDice([]))
    assert long.sheet.health == sheets.Health(lethal=1)
    assert long.sheet.willpower_points == 2
    assert long.events == (Rested(PLAYER, False, 2, "lethal", True, 2, 3, HealthLevel("Bruised")),
                           HealthChanged(PLAYER, "health boxes", 4, 1))
    hungry = SYSTEM.rest(sheet, "long", False, ScriptedDice([]))
    assert hungry.sheet == sheet and hungry.events == (RestWasted(PLAYER, False),)
    assert sheet.health.bashing == 2


# -- combat (house rule) ----------------------------------------------------------------

SHOOTER = SYSTEM.new_character({"strength": 2, "precision": 3, "firearms": 2, "reflexes": 2, "dodge": 1},
                               ScriptedDice([]))


def test_attack_hits_and_wounds_an_npc():
    thug = SYSTEM.npc_sheet(1, None)
    before = copy.deepcopy(thug)
    # attack 5 dice, evasion 3 dice (Reflexes 2 + Dodge 1), damage 4 + 2 - 1 = 5 dice, no soak for lethal
    dice = ScriptedDice([8, 7, 6, 2, 3, 6, 2, 2, 6, 7, 1, 2, 9])
    result = SYSTEM.attack(SHOOTER, thug, PISTOL, Situation(), dice, attacker_id=PLAYER, defender_id="thug")
    assert dice.unused == 0
    assert result.hit and result.damage == 3
    assert result.roll.outcome == "success"
    assert result.roll.dice == (8, 7, 6, 2, 3, 6, 2, 2)
    assert (result.roll.figures["attack_net"], result.roll.figures["evasion_net"], result.roll.figures["margin"]) \
        == (3, 1, 2)
    assert result.roll.figures["house_rule"] is True and result.roll.rule.startswith("House rule")
    assert result.defender.health == sheets.Health(lethal=3)
    assert result.defender.level.text == "Hurt (-1)"
    assert result.attacker == SHOOTER and thug == before
    assert [r.dice for r in result.rolls] == [(6, 7, 1, 2, 9), ()]
    assert all(r.figures["house_rule"] for r in result.rolls)
    assert result.events == (AttackHit(PLAYER, "thug", 2, 3, 0, 3, "lethal", HealthLevel("Hurt", 1), True),
                             HealthChanged("thug", "health boxes", 0, 3))


def test_evasion_turns_a_hit_into_a_miss():
    thug = SYSTEM.npc_sheet(1, None)
    result = SYSTEM.attack(SHOOTER, thug, PISTOL, Situation(), ScriptedDice([8, 2, 2, 2, 2, 9, 2, 2]))
    assert (result.hit, result.damage, result.roll.outcome) == (False, 0, "failure")
    assert result.defender == thug and result.events == (AttackMissed("attacker", "defender", evaded=True),)
    missed = SYSTEM.attack(SHOOTER, thug, PISTOL, Situation(), ScriptedDice([2, 2, 2, 2, 2, 9, 2, 2]))
    assert missed.events == (AttackMissed("attacker", "defender", evaded=False),)


def test_an_evaded_attack_shows_how_far_short_it_fell():
    """A miss the evasion caused says the attack's and evasion's nets, not the 0 the hit margin stops at."""
    thug = SYSTEM.npc_sheet(1, None)
    evaded = SYSTEM.attack(SHOOTER, thug, PISTOL, Situation(), ScriptedDice([8, 2, 2, 2, 2, 9, 9, 9]))
    assert evaded.roll.figures["margin"] == 0
    assert evaded.roll.text.endswith("; miss (margin 1 - 3 = -2: evaded)")
    missed = SYSTEM.attack(SHOOTER, thug, PISTOL, Situation(), ScriptedDice([2, 2, 2, 2, 2, 9, 2, 2]))
    assert missed.roll.text.endswith("; miss (margin 0)")
    hit = SYSTEM.attack(SHOOTER, thug, PISTOL, Situation(), ScriptedDice([8, 8, 8, 2, 2, 9, 2, 2] + [2] * 9))
    assert "; hit (margin 2)" in hit.roll.text


def test_botched_attack():
    result = SYSTEM.attack(SHOOTER, SYSTEM.npc_sheet(1, None), PISTOL, Situation(),
                           ScriptedDice([1, 2, 2, 2, 2, 9, 9, 9]))
    assert (result.hit, result.roll.outcome, result.roll.figures["margin"]) == (False, "botch", -1)
    assert result.events == (AttackBotched("attacker", "defender"),)  # the consequence is the play layer's


def test_a_blow_that_fills_the_track_emits_a_fall():
    thug = SYSTEM.take_damage(SYSTEM.npc_sheet(1, None), 6, "lethal")
    # attack 5 dice all hit, evasion 3 dice (at -5 for wounds: the last die kept, a miss); damage 4 + 5 - 1 = 8 dice
    result = SYSTEM.attack(SHOOTER, thug, PISTOL, Situation(), ScriptedDice([9] * 5 + [2] + [2] * 6 + [9, 9]),
                           attacker_id=PLAYER, defender_id="thug")
    hit = result.events[0]
    assert isinstance(hit, AttackHit) and (hit.levels, hit.standing) == (2, False)
    assert result.events[1:] == (HealthChanged("thug", "health boxes", 6, 8), Fell("thug"))


def test_npc_punches_the_player_and_strength_soaks_bashing():
    bruiser = SYSTEM.npc_sheet(2, None)  # Strength 3 + Brawling 2; player evades with 2 + 1
    # attack 5 dice: 3 successes; evasion 3 dice: none; damage Strength 3 + 0 + 3 - 1 = 5 dice: 4 successes;
    # soak Strength 2 + armour 0 = 2 dice: 1 success
    dice = ScriptedDice([6, 6, 6, 2, 2, 2, 2, 2, 6, 6, 6, 6, 2, 7, 3])
    result = SYSTEM.attack(bruiser, SHOOTER, FISTS, Situation(), dice)
    assert dice.unused == 0
    assert result.damage == 3 and result.defender.health.bashing == 3
    assert SYSTEM.health(result.defender) == "Hurt (-1), WP 3/3"


def test_attack_odds_match_enumeration():
    attacker = SYSTEM.new_character({"precision": 1, "firearms": 1}, ScriptedDice([]))
    defender = SYSTEM.new_character({"reflexes": 1}, ScriptedDice([]))
    request = SYSTEM.attack_request(attacker, defender, PISTOL, Situation())
    assert (request.attack.dice, request.evasion.dice) == (2, 1)
    counts: dict[str, int] = defaultdict(int)
    for faces in enumerate_faces(3, 10):
        result = SYSTEM.roll(request, ScriptedDice(faces))
        counts[result.outcome] += 1
    odds = SYSTEM.odds(request)
    assert odds.p_success == Fraction(counts["success"], 1000)
    assert odds.probabilities["p_failure"] == Fraction(counts["failure"], 1000)
    assert odds.probabilities["p_botch"] == Fraction(counts["botch"], 1000)


def test_evasion_option_none_and_incapacitated_defenders():
    plain = make_system({"evasion": "none"})
    assert plain.attack_request(SHOOTER, SYSTEM.npc_sheet(3, None), PISTOL, Situation()).evasion is None
    down = SYSTEM.take_damage(SYSTEM.npc_sheet(3, None), 8, "lethal")
    assert SYSTEM.attack_request(SHOOTER, down, PISTOL, Situation()).evasion is None
    with pytest.raises(ActionRefused):
        SYSTEM.attack(down, SHOOTER, KNIFE, Situation(), ScriptedDice([]))


def test_missing_advanced_specialty_for_a_weapon():
    laser = Weapon("laser rifle", "d10", ranged=True, system={"advanced": "laser weapons", "damage": 7})
    request = SYSTEM.attack_request(SHOOTER, SYSTEM.npc_sheet(1, None), laser, Situation())
    assert request.attack.threshold == 1
    assert "no Laser Weapons specialty in Firearms: threshold +1" in request.attack.reasons
    trained = SYSTEM.new_character({"precision": 3, "firearms": 2,
                                    "advanced_specialties": {"firearms": ["laser weapons"]}}, ScriptedDice([]))
    request = SYSTEM.attack_request(trained, SYSTEM.npc_sheet(1, None), laser, Situation())
    assert (request.attack.threshold, request.attack.specialties) == (0, 1)


def test_willpower_on_an_attack_request():
    request = SYSTEM.attack_request(SHOOTER, SYSTEM.npc_sheet(1, None), PISTOL, Situation())
    sheet, boosted = SYSTEM.spend_willpower(SHOOTER, request)
    assert isinstance(boosted, AttackRequest) and boosted.attack.automatic == 1
    assert sheet.willpower_points == 2
    assert SYSTEM.odds(boosted).probabilities["p_botch"] == 0


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32))
def test_attacks_never_mutate_and_stay_plain(seed):
    npc = SYSTEM.npc_sheet(2, None)
    frozen = copy.deepcopy((SHOOTER, npc))
    result = SYSTEM.attack(npc, SHOOTER, KNIFE, Situation(), RandomDice(random.Random(seed)))
    assert (SHOOTER, npc) == frozen
    assert SYSTEM.condition(result.defender) in ("ok", "down", "dead")
    assert result.damage == sum(result.defender.health.to_data().values())


def compressed_oracle(n: int, d: int, t: int, s: int, vmax: int) -> dict[int, Fraction]:
    """A second, independent exact method: recursion over die classes (botch, failure,
    success, ten) with memoised bonus-dice counts; P(net) for net <= vmax."""
    cap = vmax + t + n

    @functools.cache
    def bonus(m: int, room: int) -> tuple[tuple[int, Fraction], ...]:
        if m == 0:
            return ((0, Fraction(1)),)
        out: dict[int, Fraction] = defaultdict(Fraction)
        for p, gained, kids in ((Fraction(d - 1, 10), 0, 0), (Fraction(10 - d, 10), 1, 0), (Fraction(1, 10), 1, s)):
            if p and gained <= room:
                for u, q in bonus(m - 1 + kids, room - gained):
                    out[u + gained] += p * q
        return tuple(out.items())

    pools: dict[tuple[int, int, int], Fraction] = {(0, 0, 0): Fraction(1)}
    for _ in range(n):
        grown: dict[tuple[int, int, int], Fraction] = defaultdict(Fraction)
        for (a, b, tens), q in pools.items():
            grown[(a, b + 1, tens)] += q / 10
            grown[(a, b, tens)] += q * Fraction(d - 2, 10)
            grown[(a + 1, b, tens)] += q * Fraction(10 - d, 10)
            grown[(a + 1, b, tens + 1)] += q / 10
        pools = grown
    dist: dict[int, Fraction] = defaultdict(Fraction)
    for (a, b, tens), q in pools.items():
        if a <= cap:
            for u, r in bonus(tens * s, cap - a):
                net = max(0, a + u - t) - b
                if net <= vmax:
                    dist[net] += q * r
    return {k: p for k, p in dist.items() if p}


@pytest.mark.parametrize("n, d, t, s, vmax", [(5, 7, 3, 2, 4), (6, 6, 0, 3, 6), (4, 2, 1, 5, 3), (10, 6, 2, 1, 8)])
def test_odds_match_a_second_exact_method(n, d, t, s, vmax):
    assert_matches_oracle(n, d, t, s, vmax)


def assert_matches_oracle(n: int, d: int, t: int, s: int, vmax: int) -> None:
    """The exact walk equals the oracle up to ``vmax``; the odds shown (the DFT's tail where
    the walk would be long) have the oracle's botches and failures, and are within DFT_ERROR."""
    oracle = compressed_oracle(n, d, t, s, vmax)
    walked = dict(mo.net_fractions(n, d, t, s, exact=True))
    assert {k: p for k, p in walked.items() if k <= vmax} == oracle
    odds = exact({"dice": str(n), "difficulty": str(d), "threshold": str(t), "specialties": str(s)})
    assert {k: p for k, p in odds.items() if k <= 0} == {k: p for k, p in oracle.items() if k <= 0}
    assert all(abs(odds[k] - p) <= DFT_ERROR for k, p in oracle.items())


def test_specialty_names_match_whole_words():
    dodger = SYSTEM.new_character({"dodge": 2, "specialties": {"dodge": ["armored"]}}, ScriptedDice([]))
    assert SYSTEM.check_request(dodger, "dodge", "normal", Situation()).specialties == 0  # unarmoured
    armoured = replace(dodger, armor=2)
    assert SYSTEM.check_request(armoured, "dodge", "normal", Situation()).specialties == 1
    gunner = SYSTEM.new_character({"firearms": 2, "specialties": {"firearms": ["Pistols"]}}, ScriptedDice([]))
    assert SYSTEM.attack_request(gunner, AVERAGE, PISTOL, Situation()).attack.specialties == 1
    assert SYSTEM.attack_request(gunner, AVERAGE, Weapon("rifle", "d10", True), Situation()).attack.specialties == 0


# -- the fast exact odds (maelstrom_odds) ------------------------------------------------

@pytest.mark.parametrize("n, d, t, s, vmax", [
    (1, 2, 0, 5, 6), (3, 10, 0, 4, 5), (2, 9, 5, 2, 2), (7, 3, 9, 1, 3), (12, 6, 3, 3, 4), (8, 2, 2, 5, 1),
    (5, 5, 0, 0, 5), (0, 6, 3, 2, 2),
])
def test_fast_odds_match_the_second_exact_method(n, d, t, s, vmax):
    """Thresholds above the pool, difficulty 10 (no simple successes), five specialties, no dice."""
    assert_matches_oracle(n, d, t, s, vmax)


@pytest.mark.parametrize("n, d, t, s", [
    (30, 2, 0, 5), (1, 2, 0, 5), (18, 2, 2, 5), (30, 3, 30, 3), (30, 2, 30, 4), (10, 10, 5, 5), (20, 6, 0, 4),
    (5, 9, 0, 5), (30, 6, 12, 2), (7, 4, 3, 1), (2, 10, 0, 3),
])
def test_long_tails_by_dft_stay_within_their_bound_of_the_exact_walk(n, d, t, s, monkeypatch):
    """The heaviest pools the command line accepts (and a few the walk would take): every
    result within DFT_ERROR, the same results listed, botches and failures exact."""
    walked = mo.fractions_of(mo.net_counts(n, d, t, s, exact=True))
    mo.net_counts.cache_clear()
    monkeypatch.setattr(mo, "EXACT_WORK", -1)  # the DFT for every tail
    fast = mo.fractions_of(mo.net_counts(n, d, t, s))
    assert fast.keys() == walked.keys()
    assert max(abs(fast[k] - p) for k, p in walked.items()) <= DFT_ERROR
    assert {k: p for k, p in fast.items() if k <= 0} == {k: p for k, p in walked.items() if k <= 0}
    request = PoolRequest(n, d, t, s)
    odds = SYSTEM.odds(request)
    assert odds.p_success == 1 - odds.probabilities["p_botch"] - odds.probabilities["p_failure"]
    assert set(odds.to_json()) == {"system", "p_success", "p_failure", "p_botch", "distribution", "description"}
    assert 1 - TAIL_CUTOFF < sum(fast.values(), Fraction(0)) < 1 + DFT_ERROR * len(fast)
    mo.net_counts.cache_clear()


def _low_by_powers_of_q(n: int, d: int, t: int, s: int) -> dict[int, Fraction]:
    """P(net <= 0) straight from the joint (successes, botches) table by powers of Q = X - 1/10
    (``[z^j] V^n`` from the walk's counts): a slower route than maelstrom_odds takes."""
    x = mo.bonus_counts(d, s, n + t)
    q = [Fraction(d - 2, 10)] + [Fraction(x[j], 10 ** (1 + s * j)) for j in range(1, n + t + 1)]
    powers = [[Fraction(1)] + [Fraction(0)] * (n + t)]
    for _ in range(n):
        last = powers[-1]
        powers.append([sum((last[i] * q[j - i] for i in range(j + 1)), Fraction(0)) for j in range(n + t + 1)])
    low: dict[int, Fraction] = defaultdict(Fraction)
    for b in range(n + 1):
        for j in range(n + t + 1):
            net = max(0, j - t) - b
            if net <= 0:
                low[net] += comb(n, b) * Fraction(1, 10**b) * powers[n - b][j]
    return {net: p for net, p in low.items() if p}


@pytest.mark.parametrize("n, d, t, s", [(12, 3, 12, 5), (6, 2, 9, 3), (9, 4, 5, 2), (5, 7, 1, 4), (4, 10, 6, 1)])
def test_botches_and_failures_match_the_joint_table_by_powers_of_q(n, d, t, s):
    """Thresholds at and above the pool, difficulty 2 (no plain failure), large pools the oracle cannot take."""
    listed = {net: p for net, p in mo.net_fractions(n, d, t, s) if net <= 0}
    assert listed == _low_by_powers_of_q(n, d, t, s)


@pytest.mark.parametrize("keys", [
    {"dice": "30", "difficulty": "3", "threshold": "30", "specialties": "5"},
    {"dice": "7", "difficulty": "6", "threshold": "2", "specialties": "2"},
    {"dice": "5", "difficulty": "8"},
])
def test_odds_split_equals_the_sum_of_the_distribution(keys):
    """p_botch and p_failure (summed as integer counts) are the exact sums of the listed results."""
    odds = SYSTEM.odds(SYSTEM.parse_request(keys))
    listed = {int(net): p for net, p in odds.distribution.items()}
    assert odds.probabilities["p_botch"] == sum((p for net, p in listed.items() if net < 0), Fraction(0))
    assert odds.probabilities["p_failure"] == listed.get(0, Fraction(0))
    assert odds.p_success == 1 - odds.probabilities["p_botch"] - odds.probabilities["p_failure"]


@pytest.mark.parametrize("d, s", [(2, 5), (6, 3), (10, 2), (4, 4)])
def test_the_tail_decays_at_the_rate_its_branch_point_gives(d, s):
    walked = mo.net_counts(10, d, 0, s, exact=True)
    (_, before, x1), (_, last, x2) = walked[-2:]
    ratio = Fraction(last, 10**x2) / Fraction(before, 10**x1)
    assert float(ratio) < decay_rate(d, s) < 1.05 * float(ratio)  # P(k+1)/P(k) grows towards it


def test_the_largest_pool_is_exact_at_its_head_and_cut_at_its_tail():
    odds = exact({"dice": "30", "difficulty": "2", "specialties": "5"})
    assert {k: p for k, p in odds.items() if k <= -26} == compressed_oracle(30, 2, 0, 5, -26)
    total = sum(odds.values(), Fraction(0))
    assert 1 - TAIL_CUTOFF < total < 1
    assert 1 - total + odds[max(odds)] >= TAIL_CUTOFF  # one result fewer would leave too much out
    assert len(odds) == 593


@settings(max_examples=200, deadline=None)
@given(st.integers(-10**40, 10**40), st.integers(0, 60))
def test_fractions_over_powers_of_ten_are_reduced_without_gcd(count, exponent):
    made = mo.fraction(count, exponent)
    assert made == Fraction(count, 10**exponent)
    assert (made.numerator, made.denominator) == (Fraction(count, 10**exponent).numerator,
                                                  Fraction(count, 10**exponent).denominator)


def test_fractions_with_many_fives_and_twos():
    for count, exponent in ((5**40 * 3, 50), (2**90 * 7, 40), (10**30, 30), (5**13, 13), (5**12 * 2**12, 12)):
        assert mo.fraction(count, exponent) == Fraction(count, 10**exponent)
        assert mo.fraction(count, exponent).denominator == Fraction(count, 10**exponent).denominator


def test_willpower_shifts_and_merges_counts():
    entries = mo.net_counts(3, 8, 0, 0)
    shifted = mo.fractions_of(mo.with_automatic(entries, 1))
    plain = dict(mo.net_fractions(3, 8, 0, 0))
    assert shifted[1] == sum((p for k, p in plain.items() if k <= 0), Fraction(0))
    assert shifted[3] == plain[2] and min(shifted) == 1


def test_opposed_margin_matches_pairwise_products():
    attack, evasion = mo.net_counts(4, 6, 0, 1), mo.net_counts(3, 6, 0, 0)
    a, e = mo.fractions_of(attack), mo.fractions_of(evasion)
    expected: dict[int, Fraction] = defaultdict(Fraction)
    for x, px in a.items():
        for y, py in e.items():
            expected[x if x <= 0 else max(x - max(y, 0), 0)] += px * py
    margin = mo.fractions_of(mo.opposed(attack, evasion))
    assert margin == dict(expected)  # the evasion has no tail, so nothing is left out



def test_opposed_with_many_specialties_rounds_within_the_tail_cutoff():
    attack, evasion = mo.net_counts(8, 6, 2, 4, exact=True), mo.net_counts(6, 5, 0, 3, exact=True)
    assert max(exponent for *_, exponent in attack) > mo.OPPOSED_DIGITS  # rounding does happen here
    rounded = mo.opposed(attack, evasion)
    exact = mo.fractions_of(mo.opposed(attack, evasion, digits=10**9))
    assert max(exponent for *_, exponent in rounded) <= 2 * mo.OPPOSED_DIGITS  # short numbers
    margin = mo.fractions_of(rounded)
    assert set(margin) <= set(exact)
    assert all(abs(margin.get(k, Fraction(0)) - p) < Fraction(1, 10**30) for k, p in exact.items())

# -- harm, healing, tags -----------------------------------------------------------------

def test_harm_is_bashing_and_at_least_one_level():
    hurt = SYSTEM.harm(AVERAGE, "d4", ScriptedDice([2, 3]))
    assert hurt.sheet.health.bashing == 1 and hurt.rolls[0].dice == (2, 3)
    assert hurt.events == (Wounded(PLAYER, 1, "bashing", HealthLevel("Bruised"), at_least_one=True),
                           HealthChanged(PLAYER, "health boxes", 0, 1))
    worse = SYSTEM.harm(AVERAGE, "d8", ScriptedDice([6, 9, 1, 7]))
    assert worse.sheet.health.bashing == 3 and "house rule" in worse.rolls[0].rule.lower()
    assert AVERAGE.health.bashing == 0  # never mutated


def test_healing_takes_lethal_first():
    hurt = SYSTEM.take_damage(SYSTEM.take_damage(AVERAGE, 2, "bashing"), 2, "lethal")
    healed = SYSTEM.heal(hurt, "d6", ScriptedDice([7, 2, 9]))
    assert healed.sheet.health == sheets.Health(bashing=2)
    assert healed.events == (Healed(PLAYER, 2, HealthLevel("Scratched", 1)), HealthChanged(PLAYER, "health boxes", 4, 2))
    assert SYSTEM.heal(AVERAGE, "d6", ScriptedDice([1, 1, 1])).events == (Healed(PLAYER, 0, HealthLevel("Healthy")),)


def test_checks_take_tags_from_the_situation():
    tinkerer = SYSTEM.new_character({"technology": 2, "specialties": {"technology": ["exotica"]}}, ScriptedDice([]))
    assert SYSTEM.check_request(tinkerer, "identify", "normal", Situation()).specialties == 0
    request = SYSTEM.check_request(tinkerer, "identify", "normal", Situation(), tags=("smoky lens", "exotica"))
    assert request.specialties == 1 and request.reasons == ("specialty: exotica",)
    sentry = SYSTEM.new_character({"alertness": 1, "specialties": {"alertness": ["ambushers"]}}, ScriptedDice([]))
    assert SYSTEM.check_request(sentry, "perceive", "normal", Situation()).specialties == 0
    assert SYSTEM.check_request(sentry, "perceive", "normal", Situation(), tags=("ambushers",)).specialties == 1


def test_plural_specialties_match_singular_tags():
    cutter = SYSTEM.new_character({"melee": 2, "specialties": {"melee": ["knives", "swords"]}}, ScriptedDice([]))
    knife = Weapon("bone-handled knife", "d6", system={"specialty": ("knife", "blade")})
    scimitar = Weapon("notched scimitar", "d8", system={"specialty": ("sword",)})
    assert SYSTEM.attack_request(cutter, AVERAGE, knife, Situation()).attack.specialties == 1
    assert SYSTEM.attack_request(cutter, AVERAGE, scimitar, Situation()).attack.specialties == 1
    assert SYSTEM.attack_request(cutter, AVERAGE, Weapon("glass lance", "d10"), Situation()).attack.specialties == 0


def test_a_weapon_ideal_against_the_defenders_creature_adds_two_damage_dice():
    storm = Weapon("storm glass", "d8", ranged=True, bonus_against=("synthetic",))
    sentinel = SYSTEM.npc_sheet(1, None, "synthetic")
    jackal = SYSTEM.npc_sheet(1, None, "biological")
    # attack 5 dice all hit, evasion 3 dice all miss: margin 5; damage 5 + 4 (+2 against synthetic) dice
    faces = [9] * 5 + [2] * 3 + [2] * 11
    assert len(SYSTEM.attack(SHOOTER, sentinel, storm, Situation(), ScriptedDice(faces)).rolls[0].dice) == 11
    assert len(SYSTEM.attack(SHOOTER, jackal, storm, Situation(), ScriptedDice(faces)).rolls[0].dice) == 9


def test_labelled_rolls_show_their_traits_and_reasons():
    tinkerer = SYSTEM.new_character({"intelligence": 3, "technology": 2, "specialties": {"technology": ["exotica"]}},
                                    ScriptedDice([]))
    request = SYSTEM.check_request(tinkerer, "identify", "normal", Situation(), tags=("exotica",))
    result = SYSTEM.roll(request, ScriptedDice([10, 1, 4, 6, 2, 7]))
    assert result.text == ("Intelligence + Technology 5d10 (10, 1, 4, 6, 2) + bonus (7) vs 6, 1 specialty: "
                           "3 successes - 1 one = 2: success [specialty: exotica]")
    assert SYSTEM.roll(PoolRequest(0, label="Strength"), ScriptedDice([])).text == \
        "Strength 0d10 (no dice) vs 6: 0 successes = 0: failure"
