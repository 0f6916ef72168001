"""Vaults of Vaarn (seed 001): saves, odds, combat, wounds, rests, water, gifts, barter, levels."""
from __future__ import annotations

import copy
import json
import random
import tomllib
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.errors import ActionRefused, ContentError, DiceExhausted, UsageError
from game.events import PLAYER
from game.events.fight import Died, Fell, HealthChanged
from game.rules.base import DIFFICULTIES, KINDS, Situation, Weapon
from game.rules.dice import RandomDice, ScriptedDice, enumerate_faces
from game.rules.registry import get_system, info
from game.systems.vaarn import rules as vaarn
from game.systems.vaarn.combat import TIERS, parse_attacks, reaction_odds
from game.systems.vaarn.data import CAUSE_FATALITY, CAUSE_THIRST, CAUSE_ZERO_HP, NPC
from game.systems.vaarn.events import (
    AbilityLost,
    AttackLanded,
    CameTo,
    DamageTotalled,
    Fed,
    GiftPaid,
    GiftWorked,
    LevelGained,
    Recovered,
    RestWasted,
    ShortRested,
    StartingExotica,
    WentWithout,
    Wounded,
    naming,
)
from game.systems.vaarn.life import blank_sheet
from game.systems.vaarn.saves import MODES, SaveRequest
from game.systems.vaarn.sheet import VaarnMoment, VaarnSheet, Wound


@pytest.fixture
def system() -> vaarn.VaarnSystem:
    return vaarn.make_system({})


def player(**changes: object) -> VaarnSheet:
    """A level-1 PC: STR +2 DEX +1 CON +3 INT +0 PSY +1 EGO -1, 8 HP, unarmoured."""
    data = blank_sheet().to_data()
    data.update({"str": 2, "dex": 1, "con": 3, "int": 0, "psy": 1, "ego": -1, "hp": 8, "max_hp": 8})
    data.update(changes)
    data["wounds"] = [w.to_data() if isinstance(w, Wound) else w for w in data["wounds"]]
    return VaarnSheet.from_data(data)


def wound(row: int, name: str, slots: int) -> Wound:
    return Wound(row, name, slots)


# -- module shape --------------------------------------------------------------------

def test_module_exposes_what_the_registry_needs() -> None:
    assert vaarn.SYSTEM_ID == "vaarn"
    assert "\n" not in vaarn.SUMMARY
    assert vaarn.OPTIONS["advancement"] == ("exotica-for-xp", "exotica-for-levels", "exotica-for-levels-faster",
                                            "expeditions-for-xp")
    assert vaarn.OPTIONS["gifts"] == ("item-slots", "psyche-slots")
    assert info("vaarn").options == vaarn.OPTIONS
    configured = get_system("vaarn", {"gifts": "psyche-slots"})
    assert configured.id == "vaarn" and configured.seed == "001"
    assert isinstance(configured, vaarn.VaarnSystem) and configured.gifts == "psyche-slots"
    for method in ("parse_request", "odds", "roll", "new_character", "npc_sheet", "check_request",
                   "attack_request", "attack", "condition", "health", "sheet_lines", "rest"):
        assert callable(getattr(configured, method))


def test_make_system_rejects_bad_options() -> None:
    with pytest.raises(UsageError, match="gifts"):
        vaarn.make_system({"gifts": "free"})
    with pytest.raises(UsageError, match="colour"):
        vaarn.make_system({"colour": "blue"})


# -- parse_request (PRODUCT §3.1) ----------------------------------------------------------

def test_parse_request_defaults(system: vaarn.VaarnSystem) -> None:
    assert system.parse_request({"bonus": "2"}) == SaveRequest(bonus=2, target=15, mode="normal")
    assert system.parse_request({"bonus": "-3", "target": "12", "mode": "disadvantage"}) == \
        SaveRequest(bonus=-3, target=12, mode="disadvantage")


@pytest.mark.parametrize("keys, named", [
    ({"bonus": "2", "dice": "3"}, "dice"),
    ({"bonus": "two"}, "bonus"),
    ({"bonus": "1", "target": "high"}, "target"),
    ({"bonus": "1", "mode": "sideways"}, "mode"),
    ({"target": "15"}, "bonus"),
    ({"bonus": "1000"}, "bonus"),
])
def test_parse_request_names_the_bad_key(system: vaarn.VaarnSystem, keys: dict, named: str) -> None:
    with pytest.raises(UsageError, match=named):
        system.parse_request(keys)


def test_unknown_key_lists_the_valid_keys(system: vaarn.VaarnSystem) -> None:
    with pytest.raises(UsageError) as error:
        system.parse_request({"bonus": "1", "need": "2"})
    assert "need" in str(error.value) and "bonus, target, mode" in str(error.value)


# -- odds and roll ----------------------------------------------------------------------

def brute_force(bonus: int, target: int, mode: str) -> tuple[Fraction, dict[str, Fraction]]:
    """Enumerate every face tuple: the reference for :meth:`odds`."""
    count = 1 if mode == "normal" else 2
    pick = {"normal": lambda f: f[0], "advantage": max, "disadvantage": min}[mode]
    weight = Fraction(1, 20 ** count)
    success, dist = Fraction(0), {}
    for faces in enumerate_faces(count, 20):
        total = pick(faces) + bonus
        dist[str(total)] = dist.get(str(total), Fraction(0)) + weight
        if total > target:
            success += weight
    return success, dist


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("bonus", [-4, 0, 2, 7])
@pytest.mark.parametrize("target", [5, 15, 20, 26])
def test_odds_match_enumeration(system: vaarn.VaarnSystem, mode: str, bonus: int, target: int) -> None:
    odds = system.odds(SaveRequest(bonus, target, mode))
    success, dist = brute_force(bonus, target, mode)
    assert odds.p_success == success
    assert odds.probabilities["p_failure"] == 1 - success
    assert dict(odds.distribution) == dist


def test_odds_exact_numbers(system: vaarn.VaarnSystem) -> None:
    # d20 + 2 > 15 needs 14+: 7 faces of 20; advantage 1 - (13/20)^2; disadvantage (7/20)^2.
    assert system.odds(system.parse_request({"bonus": "2"})).p_success == Fraction(7, 20)
    assert system.odds(system.parse_request({"bonus": "2", "mode": "advantage"})).p_success == Fraction(231, 400)
    assert system.odds(system.parse_request({"bonus": "2", "mode": "disadvantage"})).p_success == Fraction(49, 400)
    assert system.odds(system.parse_request({"bonus": "0", "target": "20"})).p_success == 0
    assert system.odds(system.parse_request({"bonus": "0", "target": "0"})).p_success == 1


def test_odds_json_has_the_promised_keys(system: vaarn.VaarnSystem) -> None:
    data = system.odds(system.parse_request({"bonus": "1", "mode": "advantage"})).to_json()
    assert {"system", "p_success", "p_failure", "distribution"} <= set(data)
    assert data["system"] == "vaarn"
    assert sum(data["distribution"].values()) == pytest.approx(1)
    json.dumps(data)


@pytest.mark.parametrize("mode", MODES)
def test_every_roll_agrees_with_the_odds(system: vaarn.VaarnSystem, mode: str) -> None:
    request = SaveRequest(3, 15, mode)
    count = 1 if mode == "normal" else 2
    wins = sum(system.roll(request, ScriptedDice(faces)).succeeded for faces in enumerate_faces(count, 20))
    assert Fraction(wins, 20 ** count) == system.odds(request).p_success


def test_a_save_must_exceed_fifteen(system: vaarn.VaarnSystem) -> None:
    """Seed 001 §Saving Throws: 'If the total exceeds 15, the character succeeds.'"""
    request = system.parse_request({"bonus": "2"})
    tie = system.roll(request, ScriptedDice([13]))
    assert (tie.outcome, tie.figures["total"], tie.figures["margin"]) == ("failure", 15, 0)
    win = system.roll(request, ScriptedDice([14]))
    assert (win.outcome, win.figures["total"], win.figures["margin"]) == ("success", 16, 1)
    assert win.text == "d20 (14) + 2 = 16 vs 15: success (margin 1)"


def test_roll_reads_one_face_or_two(system: vaarn.VaarnSystem) -> None:
    normal = ScriptedDice([5])
    assert system.roll(system.parse_request({"bonus": "0"}), normal).dice == (5,)
    assert normal.unused == 0
    with pytest.raises(DiceExhausted):
        system.roll(system.parse_request({"bonus": "0"}), ScriptedDice([]))
    with pytest.raises(DiceExhausted):
        system.roll(system.parse_request({"bonus": "0", "mode": "advantage"}), ScriptedDice([5]))
    two = ScriptedDice([5, 17])
    result = system.roll(system.parse_request({"bonus": "0", "mode": "disadvantage"}), two)
    assert result.dice == (5, 17) and result.figures["kept"] == 5 and two.unused == 0


def test_advantage_keeps_the_better_die(system: vaarn.VaarnSystem) -> None:
    """Seed 001 §Saving Throws: advantage uses the better of 2d20, disadvantage the worse."""
    up = system.roll(system.parse_request({"bonus": "2", "mode": "advantage"}), ScriptedDice([7, 14]))
    assert (up.figures["total"], up.outcome) == (16, "success")
    assert up.text == "d20 with advantage (7, 14: kept 14) + 2 = 16 vs 15: success (margin 1)"
    down = system.roll(system.parse_request({"bonus": "-1", "mode": "disadvantage"}), ScriptedDice([7, 14]))
    assert (down.figures["total"], down.outcome) == (6, "failure")
    assert "- 1 = 6" in down.text


def test_roll_json_has_the_promised_keys(system: vaarn.VaarnSystem) -> None:
    data = system.roll(system.parse_request({"bonus": "4", "target": "12"}), ScriptedDice([9])).to_json()
    assert data["system"] == "vaarn" and data["dice"] == [9] and data["outcome"] == "success"
    assert (data["total"], data["target"], data["margin"]) == (13, 12, 1)
    json.dumps(data)


@settings(max_examples=60, deadline=None)
@given(st.integers(-20, 20), st.integers(-5, 40), st.sampled_from(MODES))
def test_odds_are_a_distribution(bonus: int, target: int, mode: str) -> None:
    odds = vaarn.make_system({}).odds(SaveRequest(bonus, target, mode))
    assert sum(odds.distribution.values()) == 1
    assert odds.p_success == sum(p for total, p in odds.distribution.items() if int(total) > target)


# -- checks and saves ---------------------------------------------------------------------

def test_every_kind_maps_to_an_ability(system: vaarn.VaarnSystem) -> None:
    sheet = player(str=1, dex=2, con=3, int=4, psy=5, ego=6)
    expected = {"force": 1, "fight": 1, "climb": 2, "sneak": 2, "dodge": 2, "shoot": 2, "resist": 3,
                "identify": 4, "tinker": 4, "lore": 4, "heal": 4, "perceive": 5, "search": 5, "survive": 5,
                "will": 6, "persuade": 6, "intimidate": 6}
    assert set(expected) == set(KINDS)
    for kind, value in expected.items():
        assert system.check_request(sheet, kind, "normal", Situation()).bonus == value


@pytest.mark.parametrize("difficulty, target, mode", [
    ("easy", 15, "advantage"), ("normal", 15, "normal"), ("hard", 15, "disadvantage"),
    ("extreme", 18, "disadvantage"), ("legendary", 20, "disadvantage"),
])
def test_difficulties(system: vaarn.VaarnSystem, difficulty: str, target: int, mode: str) -> None:
    request = system.check_request(player(), "sneak", difficulty, Situation())
    assert (request.target, request.mode) == (target, mode)


def test_difficulties_get_harder() -> None:
    system = vaarn.make_system({})
    chances = [system.odds(system.check_request(player(), "force", d, Situation())).p_success for d in DIFFICULTIES]
    assert chances == sorted(chances, reverse=True) and len(set(chances)) == len(chances)


def test_situation_advantage_cancels_difficulty(system: vaarn.VaarnSystem) -> None:
    request = system.check_request(player(), "force", "hard", Situation(advantage=True))
    assert request.mode == "normal"
    assert (request.advantages, request.disadvantages) == (("situation",), ("hard",))
    text = system.roll(request, ScriptedDice([9])).text
    assert text == "STR d20 [advantage and disadvantage (hard) cancel] (9) + 2 = 11 vs 15: failure (margin -4)"


def test_content_target_overrides_difficulty(system: vaarn.VaarnSystem) -> None:
    request = system.check_request(player(), "force", "legendary", Situation(target=12))
    assert (request.bonus, request.target, request.mode) == (2, 12, "normal")


def test_unknown_kind_or_difficulty(system: vaarn.VaarnSystem) -> None:
    with pytest.raises(UsageError, match="juggle"):
        system.check_request(player(), "juggle", "normal", Situation())
    with pytest.raises(UsageError, match="trivial"):
        system.check_request(player(), "force", "trivial", Situation())


def test_encumbrance_hampers_physical_saves_only(system: vaarn.VaarnSystem) -> None:
    """Seed 001 §Item Slots: slots = CON defence; over it, disadvantage on physical saves."""
    sheet = player(con=0)
    assert system.slot_limit(sheet) == 10
    loaded = Situation(carried_slots=11)
    for kind in ("force", "climb", "resist"):
        request = system.check_request(sheet, kind, "normal", loaded)
        assert request.mode == "disadvantage" and request.disadvantages == ("encumbered",)
    assert system.check_request(sheet, "lore", "normal", loaded).mode == "normal"
    assert system.check_request(sheet, "force", "normal", Situation(carried_slots=10)).mode == "normal"
    roll = system.roll(system.check_request(sheet, "force", "normal", loaded), ScriptedDice([18, 4]))
    assert roll.text.startswith("STR d20 with disadvantage [encumbered] (18, 4: kept 4) + 2 = 6")


def test_wounds_fill_slots_and_encumber(system: vaarn.VaarnSystem) -> None:
    sheet = player(con=0, wounds=[wound(11, "Major Fracture", 2)])
    assert system.is_encumbered(sheet, 9) and not system.is_encumbered(sheet, 8)
    assert system.check_request(sheet, "climb", "normal", Situation(carried_slots=9)).mode == "disadvantage"
    assert system.free_slots(sheet, 5) == 3


def test_wound_gives_disadvantage_on_its_save(system: vaarn.VaarnSystem) -> None:
    sheet = player(wounds=[wound(4, "Scrambled Nerves", 1)])
    request = system.check_request(sheet, "perceive", "normal", Situation())
    assert request.mode == "disadvantage" and request.disadvantages == ("Scrambled Nerves",)
    assert system.check_request(sheet, "persuade", "normal", Situation()).mode == "normal"


def test_opposed_save_beats_the_defence(system: vaarn.VaarnSystem) -> None:
    """Seed 001 §Saving Throws: exceed the opposing character's defence."""
    rival = player(str=3)
    request = system.opposed_request(player(), "str", rival, "str")
    assert (request.bonus, request.target) == (2, 13)
    assert not system.save(request, ScriptedDice([11])).succeeded  # 13 is not greater than 13
    assert system.save(request, ScriptedDice([12])).succeeded
    assert "STR defence 13" in system.save(request, ScriptedDice([12])).text


# -- slots and water bundles -------------------------------------------------------------------

def test_slots_for(system: vaarn.VaarnSystem) -> None:
    assert [system.slots_for("water", n) for n in (0, 1, 3, 4, 7)] == [0, 1, 1, 2, 3]
    assert system.slots_for("armor", 1, 3) == 3
    assert system.slots_for("tool", 2, 2) == 4
    assert system.slots_for("gift") == 1
    assert vaarn.make_system({"gifts": "psyche-slots"}).slots_for("gift") == 0


def test_slot_limit_and_twenty_slot_cap(system: vaarn.VaarnSystem) -> None:
    assert system.slot_limit(player(con=3)) == 13
    assert system.slot_limit(player(con=10)) == 20
    assert system.can_carry(player(), 18, 2) and not system.can_carry(player(), 19, 2)
    assert not system.can_carry(player(wounds=[wound(3, "Bloody Mouth", 1)]), 18, 2)


# -- wounds: every row of the chart ----------------------------------------------------------

ROWS = [
    # row, dice, wound names, slots, changed fields
    (1, [], ("Just a scratch",), 0, {}),
    (2, [], ("Damaged Item",), 0, {"pending_item_damage": 1}),
    (3, [], ("Bloody Mouth",), 1, {}),
    (4, [], ("Scrambled Nerves",), 1, {}),
    (5, [], ("Teeth Knocked Out",), 1, {}),
    (6, [], ("Addling Blow",), 1, {}),
    (7, [], ("Stomach Wound",), 1, {}),
    (8, [], ("Weakening Wound",), 1, {}),
    (9, [], ("Crippling Blow",), 1, {}),
    (10, [5], ("Bloody Gash",), 1, {"max_hp": 3}),
    (11, [3, 4], ("Major Fracture",), 2, {"str": -1, "dex": -3, "depleted": {"str": 3, "dex": 4}}),
    (12, [2, 6], ("Lost an Eye",), 2, {"dex": -1, "ego": -7, "depleted": {"dex": 2, "ego": 6}}),
    (13, [8, 1], ("Cracked Skull",), 2, {"int": -8, "psy": 0, "depleted": {"int": 8, "psy": 1}}),
    (14, [4, 6], ("Mangled Guts",), 2, {"con": -1, "max_hp": 2, "depleted": {"con": 4}}),
    (15, [5, 5], ("Severed Hand",), 2, {"str": -3, "dex": -4, "depleted": {"str": 5, "dex": 5}}),
    (16, [], ("Severed Arm",), 3, {"str": -8, "dex": -9, "unconscious": True, "depleted": {"str": 10, "dex": 10}}),
    (17, [], ("Severed Leg",), 3, {"str": -8, "dex": -9, "unconscious": True, "depleted": {"str": 10, "dex": 10}}),
    (18, [], ("Braindead",), 3, {"int": -10, "psy": -9, "ego": -10, "unconscious": True, "dead": True,
                                 "depleted": {"int": 10, "psy": 10, "ego": 9}}),
    (19, [3, 9, 1], ("Bloody Mess", "Bloody Mouth", "Crippling Blow", "Just a scratch"), 5, {"unconscious": True}),
    (20, [], ("FATALITY",), 0, {"dead": True}),
]


@pytest.mark.parametrize("row, faces, names, slots, changed", ROWS, ids=[str(r[0]) for r in ROWS])
def test_wound_chart_row(system: vaarn.VaarnSystem, row: int, faces: list[int], names: tuple,
                         slots: int, changed: dict) -> None:
    """Seed 001 §Wounds and Healing: the row is the damage past 0 HP."""
    before = player(hp=0)
    dice = ScriptedDice(faces)
    harm = system.take_damage(before, row, dice)
    assert dice.unused == 0
    assert harm.wounds == names
    after = harm.sheet
    assert after.hp == -row
    assert sum(w.slots for w in after.wounds) == slots
    expected = {**before.to_data(), **changed}
    for key in ("str", "dex", "con", "int", "psy", "ego", "max_hp", "unconscious", "dead", "depleted",
                "pending_item_damage"):
        assert after.to_data()[key] == expected[key], key
    assert harm.items_damaged == changed.get("pending_item_damage", 0)
    assert before == player(hp=0)  # not mutated


def test_chart_effects_on_play(system: vaarn.VaarnSystem) -> None:
    legs = system.take_damage(player(hp=0), 17, ScriptedDice([])).sheet
    assert system.cannot_walk(legs) and system.condition(legs) == "down"
    arm = system.take_damage(player(hp=0), 16, ScriptedDice([])).sheet
    assert not system.cannot_walk(arm)
    for row, kind in ((5, "persuade"), (6, "lore"), (7, "resist"), (8, "force"), (9, "sneak")):
        hurt = system.take_damage(player(hp=0), row, ScriptedDice([])).sheet
        assert system.check_request(hurt, kind, "normal", Situation()).mode == "disadvantage"


def test_damage_past_twenty_is_fatal(system: vaarn.VaarnSystem) -> None:
    harm = system.take_damage(player(hp=3), 30, ScriptedDice([]))
    assert harm.wounds == ("FATALITY",) and system.condition(harm.sheet) == "dead"


def test_no_wound_at_exactly_zero(system: vaarn.VaarnSystem) -> None:
    harm = system.take_damage(player(hp=5), 5, ScriptedDice([]))
    assert harm.sheet.hp == 0 and harm.wounds == () and system.condition(harm.sheet) == "ok"


def test_later_damage_counts_from_negative_hp(system: vaarn.VaarnSystem) -> None:
    """HP stays negative; subsequent damage incurs more severe wounds."""
    first = system.take_damage(player(hp=2), 5, ScriptedDice([]))
    assert first.wounds == ("Bloody Mouth",) and first.sheet.hp == -3
    second = system.take_damage(first.sheet, 2, ScriptedDice([]))
    assert second.wounds == ("Teeth Knocked Out",) and second.sheet.hp == -5
    assert [w.name for w in second.sheet.wounds] == ["Bloody Mouth", "Teeth Knocked Out"]


def test_ten_slots_of_wounds_kill(system: vaarn.VaarnSystem) -> None:
    sheet = player(hp=-1, wounds=[wound(16, "Severed Arm", 3), wound(17, "Severed Leg", 3),
                                  wound(13, "Cracked Skull", 2)])
    nine = system.take_damage(sheet, 2, ScriptedDice([])).sheet
    assert system.condition(nine) == "ok"
    ten = system.take_damage(nine, 3, ScriptedDice([]))
    assert ten.wounds == ("Addling Blow",)
    assert system.condition(ten.sheet) == "dead" and ten.sheet.dead is True


def test_ability_defence_zero_kills(system: vaarn.VaarnSystem) -> None:
    harm = system.take_damage(player(hp=0, str=-5), 11, ScriptedDice([5, 1]))
    assert harm.sheet.bonus("str") == -10 and system.condition(harm.sheet) == "dead"


def test_healing_starts_from_zero(system: vaarn.VaarnSystem) -> None:
    """Seed 001 §Wounds and Healing: HP recovers as though starting from 0."""
    assert system.heal_hp(player(hp=-5), 3).hp == 3
    assert system.heal_hp(player(hp=6), 5).hp == 8
    woke = system.heal_hp(player(hp=-5, unconscious=True), 1)
    assert woke.unconscious is False and system.condition(woke) == "ok"
    assert system.heal_hp(player(hp=-5, dead=True), 4).hp == -5


def test_damaged_item_is_left_to_the_engine(system: vaarn.VaarnSystem) -> None:
    sheet = system.take_damage(player(hp=0), 2, ScriptedDice([])).sheet
    assert system.pending_item_damage(sheet) == 1
    assert system.pick_damaged_item(["knife", "rope", "lamp"], ScriptedDice([2])) == "rope"
    assert system.pick_damaged_item([], ScriptedDice([])) == ""
    assert system.pending_item_damage(system.clear_item_damage(sheet)) == 0


# -- combat --------------------------------------------------------------------------------

KNIFE = Weapon("knife", "d6")
BOW = Weapon("bow", "d6", ranged=True)


def test_initiative_ties_go_to_the_player(system: vaarn.VaarnSystem) -> None:
    """Seed 001 §Combat: each side rolls d6; higher first; ties favour the players."""
    assert system.initiative(("player", "raiders"), ScriptedDice([3, 3])).order == ("player", "raiders")
    assert system.initiative(("raiders", "player"), ScriptedDice([4, 4])).order == ("player", "raiders")
    late = system.initiative(("player", "raiders"), ScriptedDice([2, 5]))
    assert late.order == ("raiders", "player") and late.roll.outcome == "failure" and late.roll.dice == (2, 5)
    three = system.initiative(("player", "a", "b"), ScriptedDice([1, 6, 6]))
    assert three.order == ("a", "b", "player")


def test_attack_must_beat_armour(system: vaarn.VaarnSystem) -> None:
    """Seed 001 §Combat: hit when d20 + STR is greater than the armour defence."""
    raider = system.npc_sheet(2, None)
    assert raider.armor == 12
    missed = system.attack(player(), raider, KNIFE, Situation(), ScriptedDice([10]))
    assert not missed.hit and missed.damage == 0 and missed.defender == raider
    assert missed.roll.figures["total"] == 12 and missed.roll.figures["hit"] is False
    hit = system.attack(player(), raider, KNIFE, Situation(), ScriptedDice([11, 4]))
    assert hit.hit and hit.damage == 4 and hit.defender.hp == 4
    assert hit.roll.dice == (11,) and [r.dice for r in hit.rolls] == [(4,)]
    assert hit.events == (AttackLanded(True), HealthChanged(NPC, "HP", 8, 4))
    assert missed.events == (AttackLanded(False),)


def test_attack_ties_option(system: vaarn.VaarnSystem) -> None:
    ties = vaarn.make_system({"attack_ties": "hit"})
    raider = ties.npc_sheet(2, None)
    assert ties.attack(player(), raider, KNIFE, Situation(), ScriptedDice([10, 2])).hit
    assert ties.odds(ties.attack_request(player(), raider, KNIFE, Situation())).p_success == Fraction(11, 20)
    assert system.odds(system.attack_request(player(), raider, KNIFE, Situation())).p_success == Fraction(10, 20)


def test_ranged_attacks_use_dex_and_not_while_engaged(system: vaarn.VaarnSystem) -> None:
    raider = system.npc_sheet(1, None)
    assert system.attack_request(player(), raider, BOW, Situation()).bonus == 1
    assert system.attack_request(player(), raider, KNIFE, Situation()).bonus == 2
    with pytest.raises(ActionRefused, match="shoot while engaged"):
        system.attack(player(), raider, BOW, Situation(engaged=True), ScriptedDice([20, 6]))
    with pytest.raises(ActionRefused):
        system.attack_request(player(), raider, BOW, Situation(engaged=True))
    assert system.attack_refusal(BOW, Situation(engaged=True))
    assert system.attack(player(), raider, KNIFE, Situation(engaged=True), ScriptedDice([20, 1])).hit


def test_bonus_die_against_the_ideal_enemy(system: vaarn.VaarnSystem) -> None:
    baton = Weapon("shock baton", "d6", bonus_against=("synthetic",))
    robot = system.npc_sheet(3, {"creature": "synthetic"})
    result = system.attack(player(), robot, baton, Situation(), ScriptedDice([15, 3, 5]))
    assert result.damage == 8 and result.defender.hp == 8
    assert result.events[1] == DamageTotalled(6, (3, 5), "synthetic", 8, "", 8)
    beast = system.npc_sheet(3, None)
    assert system.attack(player(), beast, baton, Situation(), ScriptedDice([15, 3])).damage == 3


def test_damage_type_quirks(system: vaarn.VaarnSystem) -> None:
    torch = Weapon("torch", "d6", damage_type="fire")
    club = Weapon("club", "d6", damage_type="bludgeoning")
    mould = system.npc_sheet(3, {"creature": "fungal"})
    assert system.attack(player(), mould, torch, Situation(), ScriptedDice([15, 4])).damage == 8
    assert system.attack(player(), mould, club, Situation(), ScriptedDice([15, 3])).damage == 1


def test_npc_attacks_player_and_wounds(system: vaarn.VaarnSystem) -> None:
    brute = system.npc_sheet(3, None)
    club = system.npc_attacks(brute)[0][0]
    assert (club.name, club.damage) == ("strike", "d8")
    result = system.attack(brute, player(hp=3), club, Situation(), ScriptedDice([7, 6]))
    assert result.hit and result.roll.figures["total"] == 11
    assert result.defender.hp == -3 and result.defender.wounds == (wound(3, "Bloody Mouth", 1),)
    assert result.attacker == brute


def test_attack_with_advantage_reads_two_faces(system: vaarn.VaarnSystem) -> None:
    result = system.attack(player(), system.npc_sheet(1, None), KNIFE, Situation(advantage=True),
                           ScriptedDice([2, 15, 6]))
    assert result.roll.dice == (2, 15) and result.damage == 6
    assert result.roll.text == \
        "Attack with knife: STR d20 with advantage (2, 15: kept 15) + 2 = 17 vs 11 (armour 11): success (margin 6)"


def test_attack_does_not_mutate(system: vaarn.VaarnSystem) -> None:
    attacker, defender = player(), player(hp=1)
    saved = copy.deepcopy((attacker, defender))
    system.attack(attacker, defender, KNIFE, Situation(), ScriptedDice([20, 6, 3, 3]))
    assert (attacker, defender) == saved


def test_npcs_die_at_zero_unless_the_option_says_otherwise(system: vaarn.VaarnSystem) -> None:
    raider = system.npc_sheet(1, None)
    dead = system.attack(player(), raider, KNIFE, Situation(), ScriptedDice([20, 4]))
    assert system.condition(dead.defender) == "dead"
    tough = vaarn.make_system({"npc_wounds": "wound-table"})
    hurt = tough.attack(player(), raider, KNIFE, Situation(), ScriptedDice([20, 6]))
    assert hurt.defender.hp == -2 and tough.condition(hurt.defender) == "ok"


def test_defender_rolling_gives_the_same_odds(system: vaarn.VaarnSystem) -> None:
    """Seed 001 §Combat: 'it doesn't matter which side does the rolling'."""
    from game.systems.vaarn.combat import defence_request

    attacker, defender = player(str=3), player(armor=14)
    hit = system.odds(system.attack_request(attacker, defender, KNIFE, Situation())).p_success
    miss = system.odds(defence_request(attacker, defender, KNIFE, Situation())).p_success
    assert hit + miss == 1 and hit == Fraction(9, 20)


# -- NPCs, morale, reactions --------------------------------------------------------------------

def test_npc_tiers_rise_in_threat(system: vaarn.VaarnSystem) -> None:
    sheets = [system.npc_sheet(tier, None) for tier in range(1, 6)]
    for key in ("level", "hp", "armor", "morale", "str", "dex"):
        values = [sheet.to_data()[key] for sheet in sheets]
        assert values == sorted(values) and len(set(values)) == 5, key
    dice = [sum(int(w.damage[1:]) for w in system.npc_attacks(sheet)[0]) for sheet in sheets]
    assert dice == sorted(dice) and dice[-1] > dice[0]
    first = sheets[0]
    assert (first.level, first.hp, first.armor, first.morale, first.bonus("str"), first.npc) == (1, 4, 11, 5, 1, True)
    # the creature type is the content's ``creature`` unless the stat table names one
    assert sheets[0].creature == "biological"
    assert system.npc_sheet(1, {"creature": "fungal"}).creature == "fungal"
    assert (sheets[4].level, sheets[4].hp, sheets[4].armor) == (9, 36, 15)


def test_npc_stats_override_the_tier(system: vaarn.VaarnSystem) -> None:
    raider = system.npc_sheet(2, {"hp": 4, "armor": 12})
    assert (raider.hp, raider.max_hp, raider.armor, raider.level) == (4, 4, 12, 2)
    worm = system.npc_sheet(1, {"level": 0})
    assert (worm.hp, worm.bonus("str")) == (1, 0)
    assert system.npc_sheet(4, {"level": 3}).bonus("str") == 3


def test_npc_stats_are_checked(system: vaarn.VaarnSystem) -> None:
    with pytest.raises(ContentError, match="tier"):
        system.npc_sheet(6, None)
    with pytest.raises(ContentError, match="did you mean armor"):
        system.npc_sheet(1, {"armour": 12})
    with pytest.raises(ContentError, match="attacks"):
        system.npc_sheet(1, {"attacks": "claws"})
    assert system.stat_problems({"hp": "lots"}, npc=True) == ["hp must be a whole number"]


def test_parse_attacks() -> None:
    options = parse_attacks("2 claws (d6) + bite (d8) / spit (d10, ranged)")
    assert [[(w.name, w.damage, w.ranged) for w in option] for option in options] == [
        [("claws", "d6", False), ("claws", "d6", False), ("bite", "d8", False)],
        [("spit", "d10", True)],
    ]
    assert [len(option) for option in parse_attacks(TIERS[5][3])] == [2]


def test_morale(system: vaarn.VaarnSystem) -> None:
    """Vaarn's public material: d20 + morale; 15 or less flees."""
    raider = system.npc_sheet(1, None)  # morale 5
    flees = system.morale_check(raider, ScriptedDice([10]))
    assert flees.outcome == "failure" and flees.figures["flees"] is True
    holds = system.morale_check(raider, ScriptedDice([11]))
    assert holds.outcome == "success" and holds.figures["flees"] is False
    assert system.odds(system.morale_request(raider)).p_success == Fraction(10, 20)
    assert system.morale_due(4, 2) and not system.morale_due(4, 1)
    assert system.morale_due(4, 0, leader_fell=True)
    assert system.morale_due(1, 0, hp=4, max_hp=8) and not system.morale_due(1, 0, hp=5, max_hp=8)


@pytest.mark.parametrize("face, result", [
    (1, "attack"), (3, "attack"), (4, "hostile"), (7, "hostile"), (8, "indifferent"), (12, "indifferent"),
    (13, "talkative"), (17, "talkative"), (18, "helpful"), (20, "helpful"),
])
def test_reaction_table(system: vaarn.VaarnSystem, face: int, result: str) -> None:
    assert system.reaction(player(ego=0), ScriptedDice([face])).result == result


def test_reaction_adds_ego(system: vaarn.VaarnSystem) -> None:
    assert system.reaction(player(ego=2), ScriptedDice([16])).result == "helpful"
    assert reaction_odds(0) == {"attack": Fraction(3, 20), "hostile": Fraction(4, 20),
                                "indifferent": Fraction(5, 20), "talkative": Fraction(5, 20),
                                "helpful": Fraction(3, 20)}


# -- rests ------------------------------------------------------------------------------------

def test_short_rest(system: vaarn.VaarnSystem) -> None:
    """Seed 001: a short rest replenishes d8 + CON bonus HP."""
    result = system.rest(player(hp=2, max_hp=12), "short", True, ScriptedDice([4]))
    assert result.sheet.hp == 9 and result.rolls[0].dice == (4,)
    assert system.rest(player(hp=-4, max_hp=12), "short", True, ScriptedDice([4])).sheet.hp == 7
    weak = system.rest(player(hp=0, con=-3), "short", True, ScriptedDice([1]))
    assert weak.sheet.hp == 1  # house rule: at least 1


def test_deprived_rests_give_nothing(system: vaarn.VaarnSystem) -> None:
    for kind in ("short", "long"):
        result = system.rest(player(hp=2), kind, False, ScriptedDice([]))
        assert result.sheet.hp == 2 and isinstance(result.events[-1], RestWasted)
        thirsty = system.rest(player(hp=2, thirst_days=1), kind, True, ScriptedDice([]))
        assert thirsty.sheet.hp == 2


def test_long_rest_restores_hp_or_a_wound(system: vaarn.VaarnSystem) -> None:
    hurt = player(hp=-4, wounds=[wound(7, "Stomach Wound", 1), wound(12, "Lost an Eye", 2)],
                  str=0, depleted={"str": 2}, unconscious=True)
    lasting = vaarn.make_system({"wound_losses": "lasting"})
    first = lasting.rest(hurt, "long", True, ScriptedDice([]))
    assert first.sheet.hp == 8 and len(first.sheet.wounds) == 2
    # option lasting: a wound's loss stays
    assert first.sheet.bonus("str") == 0 and first.sheet.depleted == {"str": 2}
    assert first.sheet.unconscious is False
    second = lasting.rest(first.sheet, "long", True, ScriptedDice([]))
    assert second.sheet.wounds == (wound(7, "Stomach Wound", 1),)
    assert second.sheet.bonus("str") == 0
    # seed 001 §Wounds and Healing, the default: "replenish at the rate of one point per day"
    first = system.rest(hurt, "long", True, ScriptedDice([]))
    assert first.sheet.bonus("str") == 1 and first.sheet.depleted == {"str": 1}
    second = system.rest(first.sheet, "long", True, ScriptedDice([]))
    assert second.sheet.bonus("str") == 2 and second.sheet.depleted == {}
    chosen = system.rest_with(hurt, "long", 1, 1, ScriptedDice([]), choice="wound")
    assert chosen.sheet.hp == -4 and len(chosen.sheet.wounds) == 1


def test_rest_with_consumes_the_fare(system: vaarn.VaarnSystem) -> None:
    assert system.rest_with(player(hp=1), "short", 1, 0, ScriptedDice([3])).sheet.hp == 7
    assert system.rest_with(player(hp=1), "short", 0, 1, ScriptedDice([3])).sheet.hp == 7
    assert system.rest_with(player(hp=1), "short", 0, 0, ScriptedDice([])).sheet.hp == 1
    assert system.rest_with(player(hp=1), "long", 1, 0, ScriptedDice([])).sheet.hp == 1
    assert system.rest_with(player(hp=1), "long", 1, 1, ScriptedDice([])).sheet.hp == 8
    quenched = system.rest_with(player(hp=1, thirst_days=2), "short", 1, 0, ScriptedDice([3]))
    assert quenched.sheet.hp == 7 and quenched.sheet.thirst_days == 0


def test_bad_rest_kind(system: vaarn.VaarnSystem) -> None:
    with pytest.raises(UsageError, match="nap"):
        system.rest(player(), "nap", True, ScriptedDice([]))


# -- water and food -------------------------------------------------------------------------

def test_biological_drink_daily_and_die_of_thirst(system: vaarn.VaarnSystem) -> None:
    """Seed 001 §Water: a ration a day; three deprived days of thirst kill."""
    day = system.end_of_day(player(), water=2, food=1)
    assert (day.water_used, day.food_used) == (1, 1) and not system.is_deprived(day.sheet)
    sheet = player()
    for n in (1, 2):
        day = system.end_of_day(sheet, water=0, food=1)
        sheet = day.sheet
        assert sheet.thirst_days == n and system.is_deprived(sheet) and not day.died
    assert system.end_of_day(sheet, water=0, food=1).died
    saved = system.drink(sheet)
    assert saved.thirst_days == 0 and not system.is_deprived(saved)
    assert system.end_of_day(saved, water=1, food=1).water_used == 1


def test_the_third_day_of_thirst_kills_a_loaded_sheet_too(system: vaarn.VaarnSystem) -> None:
    """Seed 001 §Water: "Deprived due to thirst for three days in a row, they will perish" (a saved sheet too)."""
    assert system.condition(player(thirst_days=2)) == "ok"
    assert system.condition(player(thirst_days=3)) == "dead"


def test_synthetic_drink_weekly(system: vaarn.VaarnSystem) -> None:
    sheet = system.new_character({"synthetic": True, "hp": 5}, ScriptedDice([3] * 18))
    used = []
    for _ in range(7):
        day = system.end_of_day(sheet, water=1, food=0)
        used.append(day.water_used)
        sheet = day.sheet
    assert used == [0, 0, 0, 0, 0, 0, 1] and not system.is_deprived(sheet)
    for _ in range(9):
        sheet = system.end_of_day(sheet, water=0, food=0).sheet
    assert sheet.thirst_days == 3 and system.condition(sheet) == "dead"


def test_hunger_option(system: vaarn.VaarnSystem) -> None:
    hungry = system.end_of_day(player(), water=1, food=0).sheet
    assert hungry.hunger_days == 1 and system.is_deprived(hungry) and system.condition(hungry) == "ok"
    assert not system.is_deprived(system.eat(hungry))
    relaxed = vaarn.make_system({"meals": "rests-only"}).end_of_day(player(), water=1, food=0)
    assert relaxed.food_used == 0 and not system.is_deprived(relaxed.sheet)


def test_is_thirsty(system: vaarn.VaarnSystem) -> None:
    assert not system.is_thirsty(player())
    assert system.is_thirsty(player(thirst_days=1))


# -- barter --------------------------------------------------------------------------------------

def test_trade_values(system: vaarn.VaarnSystem) -> None:
    assert system.trade_value("water", count=3) == 3
    assert system.trade_value("exotica") == 3
    assert system.trade_value("tool", slots=2) == 2
    assert system.trade_value("food", count=3) == 1


@pytest.mark.parametrize("disposition, persuaded, asked, accepted", [
    ("merchant", False, Fraction(2), True), ("friendly", True, Fraction(3, 2), True),
    ("neutral", False, Fraction(5, 2), False), ("neutral", True, Fraction(2), True),
    ("wary", False, Fraction(3), False), ("wary", True, Fraction(5, 2), False),
    ("hostile", False, Fraction(0), False),
])
def test_appraise(system: vaarn.VaarnSystem, disposition: str, persuaded: bool, asked: Fraction,
                  accepted: bool) -> None:
    deal = system.appraise(Fraction(2), Fraction(2), disposition, persuaded)
    assert (deal.asked, deal.accepted) == (asked, accepted)


def test_barter_is_an_ego_save_against_the_merchant(system: vaarn.VaarnSystem) -> None:
    request = system.barter_request(player(ego=2), system.npc_sheet(2, None))
    assert (request.ability, request.bonus, request.target) == ("ego", 2, 12)


# -- mystic gifts ---------------------------------------------------------------------------------

def test_combat_gift_pays_d6_and_hits_d8_plus_psy(system: vaarn.VaarnSystem) -> None:
    """Seed 001 §Mystic Gifts: paying d6 HP results in a damage roll of d8 + PSY bonus."""
    user, target = player(psy=2, hp=5), system.npc_sheet(3, None)
    result = system.gift_attack(user, target, ScriptedDice([4, 7]))
    assert (result.cost, result.amount) == (4, 9)
    assert result.user.hp == 1 and result.target.hp == 7
    assert [r.text.split(":")[0] for r in result.rolls] == ["Gift cost", "Gift damage"]
    # the die sizes of the example: d6 paid, d8 rolled for damage
    assert [r.text.split(": ")[1].split(" ")[0] for r in result.rolls] == ["d6", "d8"]
    worked = next(e for e in result.events if isinstance(e, GiftWorked))
    assert (worked.sides, worked.face, worked.bonus, worked.amount) == (8, 7, 2, 9)
    psyche = vaarn.make_system({"gifts": "psyche-slots"}).gift_attack(user, target, ScriptedDice([4, 7]))
    assert psyche.amount == 7


def test_gift_die_steps(system: vaarn.VaarnSystem) -> None:
    user, target = player(psy=0, hp=8), system.npc_sheet(5, None)
    assert system.gift_attack(user, target, ScriptedDice([4, 6]), cost_sides=4).amount == 6
    assert system.gift_attack(user, target, ScriptedDice([1, 20]), cost_sides=12).amount == 20


def test_paying_for_a_gift_can_wound(system: vaarn.VaarnSystem) -> None:
    result = system.gift_attack(player(hp=2), system.npc_sheet(3, None), ScriptedDice([5, 1]))
    assert result.user.hp == -3 and result.user.wounds == (wound(3, "Bloody Mouth", 1),)


def test_healing_gift(system: vaarn.VaarnSystem) -> None:
    """Seed 001 §Mystic Gifts: the combat ratio (paid d6, heals d8 + PSY); §Abilities: the
    healed one's CON bonus is added to healing rolls."""
    me = system.gift_heal(player(psy=1, con=0, hp=5, max_hp=10), None, ScriptedDice([3, 6]))
    assert me.user.hp == 9 and me.target == me.user and me.amount == 7
    worked = next(e for e in me.events if isinstance(e, GiftWorked))
    assert (worked.sides, worked.face, worked.bonus, worked.con, worked.amount) == (8, 6, 1, 0, 7)
    ally = system.gift_heal(player(psy=1, hp=5), player(hp=-3, con=2), ScriptedDice([3, 2]))
    assert ally.user.hp == 2 and ally.target.hp == 5 and ally.amount == 5


def test_healing_rolls_add_the_healed_ones_con_bonus(system: vaarn.VaarnSystem) -> None:
    """Seed 001 §Abilities: "The Constitution bonus is added to healing rolls"."""
    change = system.heal(player(con=2, hp=1, max_hp=12), "d6", ScriptedDice([4]))
    assert change.sheet.hp == 7
    assert change.events == (Recovered("player", 6, 7, 12, 6, 4, 2),)


def test_sustained_gift_costs_per_ten_minutes(system: vaarn.VaarnSystem) -> None:
    result = system.sustain_gift(player(hp=8), 3, ScriptedDice([1, 2, 3]))
    assert result.cost == 6 and result.user.hp == 2 and len(result.rolls) == 3


def test_gift_capacity() -> None:
    items = vaarn.make_system({})
    assert items.gift_capacity(player(con=3), item_slots=10) == 3
    psyche = vaarn.make_system({"gifts": "psyche-slots"})
    assert psyche.gift_capacity(player(psy=2)) == 2 and psyche.gift_capacity(player(psy=-1)) == 0


# -- exotica and advancement ------------------------------------------------------------------

def test_identify_exotica_is_an_int_save(system: vaarn.VaarnSystem) -> None:
    sheet = player(int=2)
    assert system.identify_exotica(sheet, "normal", Situation(), ScriptedDice([14])).succeeded
    assert not system.identify_exotica(sheet, "normal", Situation(), ScriptedDice([13])).succeeded
    hard = system.identify_exotica(sheet, "hard", Situation(), ScriptedDice([19, 13]))
    assert hard.dice == (19, 13) and not hard.succeeded and hard.rule == "seed 001 §Exotica"


def test_exotica_for_xp(system: vaarn.VaarnSystem) -> None:
    """Seed 001 §Exotica for XP: XP equal to the level raises it and erases the XP."""
    first = system.advance(player(), "exotica", ScriptedDice([5]))
    assert (first.levels, first.sheet.level, first.sheet.xp) == (1, 2, 0)
    assert (first.sheet.max_hp, first.sheet.hp, first.sheet.ability_points) == (13, 13, 3)
    second = system.advance(first.sheet, "exotica", ScriptedDice([]))
    assert (second.levels, second.sheet.xp) == (0, 1)
    third = system.advance(second.sheet, "exotica", ScriptedDice([2]))
    assert (third.sheet.level, third.sheet.xp) == (3, 0)
    assert system.advance(player(), "expedition", ScriptedDice([])).sheet == player()


def test_even_faster_campaign_excludes_the_exotica_of_the_starting_equipment() -> None:
    """seed 001 §Advancement: "If the Referee wants an even faster campaign, have all PCs level up
    for each one Exotica traded, excluding that of the starting equipment."  With one PC, that PC."""
    faster = vaarn.make_system({"advancement": "exotica-for-levels-faster"})
    found = faster.advance(player(level=1), "exotica", ScriptedDice([6]))
    assert (found.levels, found.sheet.level, found.sheet.max_hp) == (1, 2, player().max_hp + 6)
    assert found.events == (LevelGained(2, 6, player().max_hp + 6, 3),)
    kit = faster.advance(player(level=1), "exotica", ScriptedDice([]), starting=True, item="Dew Thimble")
    assert (kit.levels, kit.sheet, kit.rolls) == (0, player(level=1), ())
    assert kit.events == (StartingExotica("Dew Thimble"),)
    # The plain Exotica for Levels rule excludes nothing: the kit's Exotica counts like any other.
    plain = vaarn.make_system({"advancement": "exotica-for-levels"})
    assert plain.advance(player(level=1), "exotica", ScriptedDice([3]), starting=True).sheet.level == 2


def test_exotica_for_levels_and_expeditions() -> None:
    levels = vaarn.make_system({"advancement": "exotica-for-levels"})
    sheet = levels.advance(player(level=4), "exotica", ScriptedDice([1])).sheet
    assert sheet.level == 5
    trips = vaarn.make_system({"advancement": "expeditions-for-xp"})
    assert trips.advance(player(), "exotica", ScriptedDice([])).sheet == player()
    assert trips.advance(player(), "expedition", ScriptedDice([8])).sheet.level == 2


def test_level_ten_is_the_top(system: vaarn.VaarnSystem) -> None:
    top = system.level_up(player(level=10), ScriptedDice([]))
    assert top.levels == 0 and top.sheet.level == 10


def test_ability_points(system: vaarn.VaarnSystem) -> None:
    up = system.level_up(player(hp=-2), ScriptedDice([6]), {"str": 2, "psy": 1})
    assert (up.sheet.bonus("str"), up.sheet.bonus("psy"), up.sheet.ability_points) == (4, 2, 0)
    assert (up.sheet.max_hp, up.sheet.hp) == (14, -2)
    with pytest.raises(UsageError, match="above"):
        system.spend_points(player(str=9, ability_points=3), {"str": 2})
    with pytest.raises(UsageError, match="available"):
        system.spend_points(player(ability_points=3), {"str": 2, "dex": 2})
    with pytest.raises(UsageError, match="above"):
        system.spend_points(player(str=8, depleted={"str": 2}, ability_points=3), {"str": 1})
    assert system.auto_allocation(player(ability_points=3)) == {"int": 1, "ego": 2}


# -- character creation -------------------------------------------------------------------------

CREATION = [3, 5, 2, 6, 6, 6, 1, 4, 4, 2, 2, 3, 5, 4, 6, 3, 3, 3, 7]


def test_creation_reads_3d6_per_ability_then_d8(system: vaarn.VaarnSystem) -> None:
    """Vaarn's public material: 3d6 in order, the lowest die is the bonus; max HP 1d8; slots = CON defence."""
    dice = ScriptedDice(CREATION)
    sheet = system.new_character(None, dice)
    assert dice.unused == 0
    assert [sheet.bonus(a) for a in ("str", "dex", "con", "int", "psy", "ego")] == [2, 6, 1, 2, 4, 3]
    assert (sheet.hp, sheet.max_hp, sheet.level, sheet.armor) == (7, 7, 1, 10)
    assert system.slot_limit(sheet) == 11
    with pytest.raises(DiceExhausted):
        system.new_character(None, ScriptedDice(CREATION[:-1]))


def test_creation_is_deterministic(system: vaarn.VaarnSystem) -> None:
    a = system.new_character(None, RandomDice(random.Random(42)))
    b = system.new_character(None, RandomDice(random.Random(42)))
    assert a == b
    dice = RandomDice(random.Random(42))
    system.new_character(None, dice)
    assert len(dice.faces) == 19


def test_sheets_hold_no_none() -> None:
    def walk(value: object) -> None:
        assert value is not None
        if isinstance(value, dict):
            for item in value.values():
                walk(item)
        if isinstance(value, list):
            for item in value:
                walk(item)

    system = vaarn.make_system({})
    walk(system.new_character(None, RandomDice(random.Random(1))).to_data())
    walk(system.npc_sheet(3, None).to_data())


def test_creation_from_content_stats(system: vaarn.VaarnSystem) -> None:
    dice = ScriptedDice([4, 4, 4] * 4 + [5])
    sheet = system.new_character({"str": 1, "dex": 2}, dice)
    assert dice.unused == 0
    assert [sheet.bonus(a) for a in ("str", "dex", "con", "int", "psy", "ego")] == [1, 2, 4, 4, 4, 4]
    assert sheet.max_hp == 5
    given = system.new_character({a: 0 for a in ("str", "dex", "con", "int", "psy", "ego")} | {"hp": 6},
                                 ScriptedDice([]))
    assert (given.hp, given.max_hp) == (6, 6)
    with pytest.raises(ContentError, match="stength"):
        system.new_character({"stength": 3}, ScriptedDice([]))


def test_swap_abilities(system: vaarn.VaarnSystem) -> None:
    swapped = system.swap_abilities(player(), "str", "con")
    assert (swapped.bonus("str"), swapped.bonus("con")) == (3, 2)


# -- condition and display -----------------------------------------------------------------------

def test_condition_and_health(system: vaarn.VaarnSystem) -> None:
    assert (system.condition(player()), system.health(player(hp=4))) == ("ok", "HP 4/8")
    hurt = player(hp=-3, wounds=[wound(3, "Bloody Mouth", 1)])
    assert system.health(hurt) == "HP -3/8, wounds 1/10"
    assert system.health(player(unconscious=True)) == "HP 8/8, down"
    assert system.health(player(thirst_days=1)) == "HP 8/8, deprived"
    assert system.condition(player(dead=True)) == "dead"


def test_sheet_lines(system: vaarn.VaarnSystem) -> None:
    lines = system.sheet_lines(player(hp=-3, wounds=[wound(4, "Scrambled Nerves", 1)], depleted={"str": 1}))
    assert lines[0] == "Level 1  XP 0  HP -3/8, wounds 1/10  Armour 10"
    assert "STR +2 (12) -1" in lines[1] and "EGO -1 (9)" in lines[1]
    assert lines[2] == "Item slots 13: wounds 1"
    assert lines[3] == "Wound: Scrambled Nerves (1 slot): Disadvantage on PSY saves."


@settings(max_examples=80, deadline=None)
@given(st.integers(-15, 10), st.integers(0, 30), st.lists(st.integers(1, 18), min_size=12, max_size=12))
def test_damage_never_mutates_and_stays_plain(hp: int, amount: int, faces: list[int]) -> None:
    system = vaarn.make_system({})
    sheet = player(hp=hp)
    saved = copy.deepcopy(sheet)
    dice = ScriptedDice([min(f, 6) for f in faces])
    try:
        harm = system.take_damage(sheet, amount, dice)
    except DiceExhausted:
        return
    assert sheet == saved
    assert harm.sheet.hp == hp - max(amount, 0)
    assert system.condition(harm.sheet) in ("ok", "down", "dead")
    json.dumps(harm.sheet.to_data())


# -- the typed sheet, the moment, format 1 --------------------------------------------------------

def test_sheets_read_back_what_they_write(system: vaarn.VaarnSystem) -> None:
    for sheet in (system.new_character(None, RandomDice(random.Random(3))), system.npc_sheet(3, None),
                  player(hp=-3, wounds=[wound(11, "Major Fracture", 2)], depleted={"str": 2})):
        data = system.sheet_to_data(sheet)
        json.dumps(data)
        assert system.sheet_from_data(data) == sheet


@pytest.mark.parametrize("change, named", [
    ({"hp": "lots"}, "hp"), ({"str": 2.5}, "str"), ({"dead": 1}, "dead"), ({"wounds": [{"row": 21}]}, "wound row"),
    ({"depleted": {"luck": 1}}, "luck"), ({"colour": "red"}, "unknown key 'colour'"), ({"str": 11}, "str"),
])
def test_sheet_data_is_validated_field_by_field(system: vaarn.VaarnSystem, change: dict, named: str) -> None:
    with pytest.raises(ValueError, match=named):
        system.sheet_from_data({**player().to_data(), **change})
    data = player().to_data()
    del data["hp"]
    with pytest.raises(ValueError, match="hp is missing"):
        system.sheet_from_data(data)


def test_round_scratch_of_format_1_is_dropped_from_sheets(system: vaarn.VaarnSystem) -> None:
    old = {**player().to_data(), "engaged": ["raider"], "felled": True, "acted_first": True, "routed": True}
    assert system.sheet_from_data(old) == player()


def test_the_moment_is_none_when_nothing_is_under_way(system: vaarn.VaarnSystem) -> None:
    assert system.moment_from_data({}) is None and system.moment_to_data(None) == {}
    moment = VaarnMoment(engaged=("raider",), rest_choice="wound")
    assert system.moment_from_data(system.moment_to_data(moment)) == moment
    with pytest.raises(ValueError, match="colour"):
        system.moment_from_data({"colour": 1})
    with pytest.raises(ValueError, match="rest_choice"):
        system.moment_from_data({"rest_choice": "nap"})


def test_migrate_v1_lifts_the_round_scratch_into_the_moment(system: vaarn.VaarnSystem) -> None:
    path = Path(__file__).parent.parent / "fixtures" / "saves_v1" / "glass-oasis" / "vaarn-death.toml"
    state = tomllib.loads(path.read_text(encoding="utf-8"))["state"]
    state["player"]["rest_choice"] = "wound"
    state["npcs"]["raider"]["sheet"]["acted_first"] = True
    migrated = system.migrate_v1(state)
    assert migrated["moment"] == {"engaged": ["raider"], "acted_first": ["raider"], "felled": False,
                                  "rest_choice": "wound", "arrived": False}
    assert "engaged" not in migrated["player"] and "engaged" in state["player"]  # the input is not changed
    assert "acted_first" not in migrated["npcs"]["raider"]["sheet"]
    assert system.sheet_from_data(migrated["player"]).wounds[-1] == wound(16, "Severed Arm", 3)
    for npc in migrated["npcs"].values():
        assert system.sheet_from_data(npc["sheet"]).npc
    assert system.moment_from_data(migrated["moment"]) == VaarnMoment(("raider",), ("raider",), rest_choice="wound")
    calm = system.migrate_v1({"player": player().to_data(), "npcs": {}})
    assert calm["moment"] == {}


# -- events -------------------------------------------------------------------------------------

def test_damage_events_name_the_sheet_and_say_each_wound(system: vaarn.VaarnSystem) -> None:
    arm = system.take_damage(player(hp=0), 16, ScriptedDice([]))
    assert arm.events == (HealthChanged(PLAYER, "HP", 0, -16), Wounded(PLAYER, 16), AbilityLost(PLAYER, "str", 10, 2),
                          AbilityLost(PLAYER, "dex", 10, 1), Fell(PLAYER))
    fatal = system.take_damage(player(hp=0), 20, ScriptedDice([]))
    assert fatal.events[-1] == Died(PLAYER, CAUSE_FATALITY)
    raider = system.take_damage(system.npc_sheet(1, None), 4, ScriptedDice([]))
    assert raider.events == (HealthChanged(NPC, "HP", 4, 0), Died(NPC, CAUSE_ZERO_HP))
    assert naming(raider.events, "raider") == (HealthChanged("raider", "HP", 4, 0), Died("raider", CAUSE_ZERO_HP))
    full = system.take_damage(player(hp=-1, wounds=[wound(16, "Severed Arm", 3)] * 3), 2, ScriptedDice([]))
    assert full.events[-1] == Died(PLAYER, "wounds fill 10 item slots")


def test_rests_gifts_and_levels_say_what_they_did_in_events(system: vaarn.VaarnSystem) -> None:
    short = system.rest(player(hp=2, unconscious=True), "short", True, ScriptedDice([4]))
    assert short.events == (CameTo(PLAYER), ShortRested(4, 3, 7, 8, 8))
    gift = system.gift_attack(player(psy=2, hp=5), system.npc_sheet(3, None), ScriptedDice([4, 7]))
    assert gift.events == (GiftPaid(4), HealthChanged(PLAYER, "HP", 5, 1), GiftWorked("damage", 8, 7, 2, 9),
                           HealthChanged(NPC, "HP", 16, 7))
    assert system.level_up(player(), ScriptedDice([5])).events == (LevelGained(2, 5, 13, 3),)
    assert system.end_of_day(player(thirst_days=2), water=0, food=1).events == (
        WentWithout("water", 3), Fed("food"), Died(PLAYER, CAUSE_THIRST))
