"""Maelstrom in play, at the prompt: pools, specialties, thresholds, botches, Willpower, combat.

The engine runs the tiny adventure (and a small one written here) under
``maelstrom``; the dice of each turn are scripted by patching
``game.engine.dice_for_turn``, so every face read is known and an unexpected
roll fails the test (the script runs out).
"""
from __future__ import annotations

import textwrap
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from game.actions import Turn
from game.actions.deeds import weapon_of
from game.engine import Engine
from game.events import PLAYER, RollMade
from game.events.fight import Fell, HealthChanged
from game.rules.base import Situation, Weapon
from game.rules.dice import ScriptedDice
from game.saves import SaveStore
from game.systems.maelstrom.events import (
    AttackBotched,
    AttackHit,
    CheckBotched,
    Consequence,
    WillpowerSpent,
    WillpowerUse,
)
from game.systems.maelstrom.fight import Evasions, tiring
from game.systems.maelstrom.rolls import readied, sync_armour
from game.systems.maelstrom.rules import make_system
from game.systems.maelstrom.sheet import Health, MaelstromSheet
from game.world.content import Adventure
from game.world.loader import load_adventure
from tests.conftest import TurnScript as Script
from tests.conftest import say_with_dice as say

HERO: dict[str, Any] = {
    "strength": 2, "precision": 3, "reflexes": 2, "perception": 3, "intelligence": 3, "wits": 2,
    "alertness": 1, "athletics": 1, "dodge": 1, "melee": 2, "technology": 1, "survival": 1,
    "specialties": {"technology": ["exotica"], "melee": ["knives"]},
}
FOUND = "You find a hidden way down!"
#: The raider of the tiny adventure (tier 1) greets the player at the well: it attacks
#: with 3 dice (Strength 2 + Melee 1) against the player's evasion, 3 dice (Reflexes 2 + Dodge 1).
RAIDER_MISSES = [2, 3, 4, 2, 3, 4]


def make_engine(adventure: Adventure, tmp_path: Path, stats: dict[str, Any] | None = HERO, **options: str) -> Engine:
    system = make_system(options)
    engine = Engine.new_game(adventure, system, 1, saves=SaveStore(tmp_path, adventure))
    if stats is not None:
        engine.state.player = system.new_character(stats, ScriptedDice([]))
        sync_armour(engine.world)  # as the start of a run does
    return engine


@pytest.fixture
def engine(tiny: Adventure, tmp_path: Path) -> Engine:
    return make_engine(tiny, tmp_path)


def player(engine: Engine) -> MaelstromSheet:
    sheet: MaelstromSheet = engine.state.player
    return sheet


def status_health(engine: Engine) -> str:
    """The status line's health figure as the Maelstrom play hook gives it."""
    return engine.play.sheet_view(engine.world).health


TRIALS = """
    [adventure]
    id = "trials"
    title = "Trials"
    version = "1.0.0"
    start = "archive"
    intro = "Tests."

    [player]
    name = "Tester"
    items = ["balm", "robe"]

    [rooms.archive]
    name = "Archive"
    description = "Shelves of ledgers."
    search = { check = "search", difficulty = "normal" }
    search_items = ["ledger"]
    exits = { north = { to = "cliff" }, east = { to = "gate" } }

    [rooms.cliff]
    name = "Cliff"
    description = "A sheer face."
    hazard = { check = "climb", difficulty = "normal" }
    hazard_text = "You fall."
    hazard_damage = "d6"
    exits = { south = "archive" }

    [rooms.gate]
    name = "Gate"
    description = "A stuck gate."
    exits = { west = "archive", north = { to = "yard", locked_by = "gate-key", force = { check = "force" } } }

    [rooms.yard]
    name = "Yard"
    description = "A yard."
    exits = { south = "gate" }

    [items.ledger]
    name = "old ledger"
    aliases = ["ledger"]
    kind = "treasure"

    [items.gate-key]
    name = "gate key"
    kind = "tool"

    [items.robe]
    name = "quilted robe"
    aliases = ["robe"]
    kind = "armor"
    armor = 12

    [items.balm]
    name = "healing balm"
    aliases = ["balm"]
    kind = "tool"
    effect = { heal = "d6" }
"""


@pytest.fixture
def trials(tmp_path: Path) -> Adventure:
    folder = tmp_path / "trials"
    folder.mkdir()
    (folder / "adventure.toml").write_text(textwrap.dedent(TRIALS), encoding="utf-8")
    return load_adventure(folder)


# -- checks: the pool, the four steps, the odds ---------------------------------------------

def test_a_check_rolls_attribute_and_ability_and_shows_the_four_steps(engine: Engine, script: Script) -> None:
    # perceive, easy: Perception 3 + Alertness 1 = 4 dice at 5; 7 and 5 succeed, the 1 cancels one
    lines = say(engine, script, "search", [7, 1, 5, 2])
    assert lines == ["[search] Perception + Alertness 4d10 (7, 1, 5, 2) vs 5: 2 successes - 1 one = 1: success",
                     FOUND]
    roll = engine.dice_log[-1][2]
    assert (roll.figures["rolled_successes"], roll.figures["botches"], roll.figures["net"]) == (2, 1, 1)


def test_more_ones_than_successes_is_a_botch_and_costs_time(engine: Engine, script: Script) -> None:
    minutes = engine.state.minutes
    lines = say(engine, script, "search", [1, 1, 5, 2])
    assert lines == ["[search] Perception + Alertness 4d10 (1, 1, 5, 2) vs 5: 1 success - 2 ones = -1: botch",
                     "Botch! You lose your bearings and go over the same ground twice. (30 minutes lost)",
                     "You search, but find nothing. Something may still be hidden here."]
    assert engine.state.minutes == minutes + 10 + 30


def test_odds_of_a_coming_check_is_exact(engine: Engine, script: Script) -> None:
    system = engine.system
    exact = system.odds(system.parse_request({"dice": "4", "difficulty": "5"}))
    lines = say(engine, script, "odds search")
    assert lines[0] == f"Odds of search: {float(exact.p_success) * 100:.1f}% to succeed."
    assert lines[-1] == "  Perception + Alertness: 4d10 vs 5"
    assert engine.state.turn == 0


def test_a_skill_at_zero_dots_is_the_attribute_alone_one_harder(engine: Engine, script: Script) -> None:
    engine.state.player = engine.system.new_character({"perception": 2, "intelligence": 2}, ScriptedDice([]))
    say(engine, script, "search", [5, 5])
    say(engine, script, "d")
    say(engine, script, "take rod")
    # identify, hard (8): Intelligence 2 alone, Technology at zero: difficulty 9
    lines = say(engine, script, "identify rod", [9, 3])
    assert lines[0] == ("[identify] Intelligence + Technology 2d10 (9, 3) vs 9: 1 success = 1: success"
                        " [no dots in Technology: difficulty +1]")


def test_a_knowledge_at_zero_dots_is_refused_by_the_check_and_by_odds(trials: Adventure, tmp_path: Path,
                                                                    script: Script) -> None:
    engine = make_engine(trials, tmp_path, search="investigation")
    before = (engine.state.turn, engine.state.minutes)
    refusal = "You know nothing of Investigation: without a dot in it you cannot even try."
    assert say(engine, script, "search") == [refusal]
    assert (engine.state.turn, engine.state.minutes) == before
    assert say(engine, script, "odds search") == [f"You couldn't do that now. {refusal}"]


def test_the_adventure_may_allow_a_penalised_attempt_at_a_knowledge(trials: Adventure, tmp_path: Path,
                                                                   script: Script) -> None:
    engine = make_engine(trials, tmp_path, untrained_knowledge="penalised", search="investigation")
    lines = say(engine, script, "search", [8, 7, 2])
    assert lines == ["[search] Perception + Investigation 3d10 (8, 7, 2) vs 8: 1 success = 1: success"
                     " [no dots in Investigation: difficulty +2]",
                     "You find an old ledger."]


# -- specialties ---------------------------------------------------------------------------

def to_the_rod(engine: Engine, script: Script) -> None:
    say(engine, script, "search", [5, 5, 5, 5])
    say(engine, script, "d")
    assert say(engine, script, "take rod") == ["Taken: the humming rod."]


def test_a_specialty_the_item_relates_to_explodes_tens_breadth_first(engine: Engine, script: Script) -> None:
    to_the_rod(engine, script)
    # identify, hard: Intelligence 3 + Technology 1 = 4 dice at 8; the rod is an exotica and the
    # Technology specialty is Exotica: each 10 earns a bonus die, whose 1 never botches
    lines = say(engine, script, "identify rod", [10, 10, 2, 3, 1, 10, 8])
    assert lines == ["[identify] Intelligence + Technology 4d10 (10, 10, 2, 3) + bonus (1, 10) (8) vs 8,"
                     " 1 specialty: 4 successes = 4: success [specialty: exotica]",
                     "You work it out: this is the Glass Lance.",
                     "(4 successes: done quickly, in 5 minutes, not 10.)",
                     "(4 successes: you understand it well.) It is thrown with Precision + Athletics for 6 dice"
                     " of lethal damage."]


def test_a_botched_identification_drops_the_item(engine: Engine, script: Script) -> None:
    to_the_rod(engine, script)
    lines = say(engine, script, "identify rod", [1, 2, 3, 4])
    assert lines[1] == "Botch! Your fingers fumble it. The humming rod falls to the ground."
    assert engine.world.place_of("rod") == "room:cellar"


def test_a_relic_weapon_is_thrown_precision_and_athletics(engine: Engine, script: Script) -> None:
    to_the_rod(engine, script)
    say(engine, script, "u")
    say(engine, script, "n", RAIDER_MISSES)
    # house rule: a relic loosed or thrown (seed §Precision "thrown weapons"): Precision 3 + Athletics 1
    lines = say(engine, script, "odds attack raider with rod")
    assert lines[-1] == "  attack Precision + Athletics: 4d10 vs 6; evasion Reflexes + Dodge: 3d10 vs 6"


def test_a_missing_advanced_specialty_is_a_threshold_and_the_roll_says_why(tiny: Adventure, tmp_path: Path,
                                                                           script: Script) -> None:
    engine = make_engine(tiny, tmp_path, relic_weapons="energy-weapons")
    to_the_rod(engine, script)
    say(engine, script, "u")
    say(engine, script, "n", RAIDER_MISSES)
    # the rod (an exotica) is an energy weapon: Precision 3 + Melee 2 = 5 dice, threshold 1 without Energy Weapons
    lines = say(engine, script, "odds attack raider with rod")
    assert lines[-1] == ("  attack Precision + Melee: 5d10 vs 6, threshold 1 [no Energy Weapons specialty in Melee:"
                         " threshold +1]; evasion Reflexes + Dodge: 3d10 vs 6")
    # damage: a d10 relic is 6 dice, no Strength; the raider has no armour to soak with
    lines = say(engine, script, "attack raider with rod", [6, 6, 2, 2, 2, 3, 3, 3] + [2] * 6 + RAIDER_MISSES)
    assert lines[0] == ("[you attack the dune raider] attack Precision + Melee 5d10 (6, 6, 2, 2, 2) vs 6, threshold 1:"
                        " 2 successes - 1 to the threshold = 1: success [no Energy Weapons specialty in Melee:"
                        " threshold +1]; evasion Reflexes + Dodge 3d10 (3, 3, 3) vs 6: 0 successes = 0: failure;"
                        " hit (margin 1)")


# -- Willpower -----------------------------------------------------------------------------

def test_readied_willpower_gives_the_next_check_an_automatic_success(engine: Engine, script: Script) -> None:
    minutes = engine.state.minutes
    lines = say(engine, script, "willpower")
    assert lines == ["You steel yourself: your next check or attack gets one automatic success (house rule)."
                     " The point is spent when you roll (\"willpower off\" keeps it)."]
    assert status_health(engine) == "Healthy, WP 3/3 armed"
    assert readied(engine.world) is WillpowerUse.SUCCESS and engine.state.moment is not None
    assert engine.state.minutes == minutes  # readying takes no time
    assert say(engine, script, "odds search")[1] == "  (fail 0.0%, botch 0.0%)"
    lines = say(engine, script, "search", [1, 1, 2, 2])
    assert lines == ["You spend a point of Willpower (2 left): one automatic success (house rule).",
                     "[search] Perception + Alertness 4d10 (1, 1, 2, 2) vs 5: 0 successes - 2 ones + 1 automatic"
                     " = 1: success [Willpower: one automatic success]",
                     FOUND]
    assert player(engine).willpower_points == 2 and engine.state.moment is None


def test_willpower_off_keeps_the_point_and_wounds_need_wounds(engine: Engine, script: Script) -> None:
    assert say(engine, script, "willpower off") == ["No Willpower is readied."]
    assert say(engine, script, "willpower wounds") == ["Your wounds cost you no dice now: there is nothing to ignore."]
    say(engine, script, "willpower")
    assert say(engine, script, "willpower off") == ["You hold your Willpower back; the point is still yours."]
    assert player(engine).willpower_points == 3 and engine.state.moment is None
    engine.state.player = replace(player(engine), willpower_points=0)
    assert say(engine, script, "willpower") == ["You have no Willpower left to spend (a long rest gives a point back)."]


def test_willpower_wounds_with_an_action_wins_back_the_dice(engine: Engine, script: Script) -> None:
    say(engine, script, "n", RAIDER_MISSES)
    engine.state.player = engine.system.take_damage(player(engine), 4, "lethal")  # Injured: -2 dice
    # knife: Strength 2 + Melee 2 = 4 dice, -2 for wounds, given back; specialty Knives
    lines = say(engine, script, "willpower wounds attack raider", [2, 3, 4, 5, 6, 6, 6] + RAIDER_MISSES)
    assert lines[0] == ("You spend a point of Willpower (2 left): your wounds ignored (the dice they take come back)"
                        " (house rule).")
    assert lines[1].startswith("[you attack the dune raider] attack Strength + Melee 4d10 (2, 3, 4, 5) vs 6,"
                               " 1 specialty: 0 successes = 0: failure [specialty: knives; wounds: -2 dice;"
                               " Willpower: wounds ignored]")


def test_wounds_never_take_the_last_die_so_fleeing_keeps_a_chance(engine: Engine, script: Script) -> None:
    """Crippled (-5 dice) beside the raider, Reflexes 2 + Dodge 1 still rolls one die to flee."""
    say(engine, script, "n", RAIDER_MISSES)
    engine.state.player = engine.system.take_damage(player(engine), 7, "lethal")
    assert player(engine).wound_penalty == 5
    odds = say(engine, script, "odds flee")
    assert "wounds: -2 dice" in " ".join(odds) and not odds[0].endswith(" 0.0% to succeed."), odds
    lines = say(engine, script, "flee s by dodging", [7])
    assert lines[0] == "[flee] Reflexes + Dodge 1d10 (7) vs 6: 1 success = 1: success [wounds: -2 dice]"
    assert engine.state.room != "well"


# -- combat (house rule) -------------------------------------------------------------------

def test_an_attack_is_resisted_by_evasion_then_damage_and_soak_and_the_foe_strikes_back(
        engine: Engine, script: Script) -> None:
    say(engine, script, "n", RAIDER_MISSES)
    # attack 4 dice: 3 successes; evasion 3 dice: 1; margin 2; damage Strength 2 + 1 + 1 = 4 dice: 3 levels;
    # the raider has no armour: no soak roll. The raider: 3 dice, 2 successes against 3 dice, none: margin 2;
    # scimitar damage Strength 2 + 2 + 1 = 5 dice: 2 levels; the player wears no armour
    faces = [9, 8, 7, 2, 6, 2, 2, 6, 6, 7, 1] + [6, 6, 2, 2, 2, 2, 7, 7, 2, 2, 2]
    lines = say(engine, script, "attack raider", faces)
    assert lines == [
        "[you attack the dune raider] attack Strength + Melee 4d10 (9, 8, 7, 2) vs 6, 1 specialty: 3 successes = 3:"
        " success [specialty: knives]; evasion Reflexes + Dodge 3d10 (6, 2, 2) vs 6: 1 success = 1: success;"
        " hit (margin 2)",
        "[you attack the dune raider: follow-up] lethal damage: 4d10 (6, 6, 7, 1) vs 6: 3 successes",
        "You hit the dune raider (margin 2: 3 damage, 0 soaked: 3 levels of lethal damage); the dune raider is"
        " Hurt (-1).",
        "[morale of the dune raider] Willpower 1d10 (8) vs 5: 1 success = 1: success [wounds: -1 dice]",
        "[the dune raider attacks] attack Strength + Melee 2d10 (6, 6) vs 6: 2 successes = 2: success"
        " [wounds: -1 dice]; evasion Reflexes + Dodge 3d10 (2, 2, 2) vs 6: 0 successes = 0: failure;"
        " hit (margin 2)",
        "[the dune raider attacks: follow-up] lethal damage: 5d10 (2, 7, 7, 2, 2) vs 6: 2 successes",
        "The dune raider hits you (margin 2: 2 damage, 0 soaked: 2 levels of lethal damage); you are"
        " Scratched (-1).",
    ]
    assert engine.status_line().split(" | ")[1] == "Scratched (-1), WP 3/3"
    assert engine.dice_log[-1][2].rule.startswith("House rule")


def test_evasion_can_turn_a_hit_aside(engine: Engine, script: Script) -> None:
    say(engine, script, "n", RAIDER_MISSES)
    # the raider: 2 successes, the player's evasion 2: no hit
    lines = say(engine, script, "wait", [6, 6, 2, 6, 6, 2])
    assert lines[-1] == "You twist away from the dune raider's attack."
    lines = say(engine, script, "wait", [2, 2, 2, 2, 2, 2])
    assert lines[-1] == "The dune raider misses you."


def test_a_botched_attack_drops_the_weapon(engine: Engine, script: Script) -> None:
    say(engine, script, "n", RAIDER_MISSES)
    lines = say(engine, script, "attack raider", [1, 2, 2, 2, 7, 7, 7] + RAIDER_MISSES)
    assert lines[1] == "Botch! The knife flies from your grip and clatters across the ground."
    assert engine.world.place_of("knife") == "room:well"


def test_a_foe_that_botches_and_hurts_itself_is_worded_by_its_pronoun(engine: Engine) -> None:
    from dataclasses import replace as replaced

    from game.systems.maelstrom.events import Wounded
    from game.systems.maelstrom.sheet import HealthLevel

    world = engine.world
    hurt = Wounded("raider", 1, "bashing", HealthLevel("Bruised"))
    event = AttackBotched("raider", PLAYER, hurt=hurt)
    narrate = engine.play.narrator_class(world).lines
    assert narrate([event]) == [
        "Botch! The dune raider lunges, misjudges, and hurts itself (1 level of bashing damage)."]
    npcs = dict(world.adventure.npcs)
    for pronoun, line in (("he", "lunges, misjudges, and hurts himself"),
                          ("they", "lunge, misjudge, and hurt themselves")):
        npcs["raider"] = replaced(npcs["raider"], pronoun=pronoun)
        world.adventure = replaced(world.adventure, npcs=npcs)
        assert narrate([event]) == [f"Botch! The dune raider {line} (1 level of bashing damage)."]


def test_a_foe_that_botches_drops_its_weapon_and_fights_on_with_bare_hands(engine: Engine, script: Script) -> None:
    lines = say(engine, script, "n", [1, 2, 3, 6, 6, 2])
    assert lines[-1] == "Botch! The dune raider loses hold of the scimitar; it clatters to the ground."
    assert engine.world.place_of("scimitar") == "room:well"
    lines = say(engine, script, "wait", [2, 2, 2, 2, 2, 2])
    assert lines[1].startswith("[the dune raider attacks] attack Strength + Brawling 3d10 (2, 2, 2)")


def test_incapacitated_with_no_foe_near_the_player_can_only_recover(engine: Engine, script: Script) -> None:
    engine.state.player = engine.system.take_damage(player(engine), 8, "bashing")
    assert engine.system.condition(player(engine)) == "down"
    assert say(engine, script, "n") == ["You are incapacitated: you can only rest, wait, eat, drink or use something"
                                        " until you recover."]
    lines = say(engine, script, "rest short")
    assert "You shake off one level of bashing damage." in lines
    assert engine.system.condition(player(engine)) == "ok"


def test_the_best_armour_carried_is_worn_for_soak(trials: Adventure, tmp_path: Path, script: Script) -> None:
    engine = make_engine(trials, tmp_path)
    assert "  Willpower 3/3; armor 2" in engine.submit("stats").lines  # armour 12: two soak dots
    say(engine, script, "drop robe")
    assert "  Willpower 3/3; armor 0" in engine.submit("stats").lines


# -- hazards, harm and healing ---------------------------------------------------------------

def test_a_failed_climb_hurts_and_a_botched_one_hurts_more(trials: Adventure, tmp_path: Path, script: Script) -> None:
    engine = make_engine(trials, tmp_path)
    say(engine, script, "approach climb agility")
    # climb, normal: Precision 3 + Athletics 1 = 4 dice at 6; harm d6: 3 dice, bashing, at least one level
    lines = say(engine, script, "n", [2, 3, 4, 5, 7, 2, 2])
    assert lines[:3] == ["[climb] Precision + Athletics 4d10 (2, 3, 4, 5) vs 6: 0 successes = 0: failure",
                         "You fall.",
                         "[hazard] harm: 3d10 (7, 2, 2) vs 6: 1 success"]
    assert lines[3] == "1 level of bashing damage: you are Bruised."
    say(engine, script, "s")
    lines = say(engine, script, "n", [1, 1, 4, 5, 2, 2, 2])
    assert lines[1] == ("Botch! You slip and tumble all the way down."
                        " (1 level of bashing damage: you are Scratched (-1).)")
    assert lines[4] == "1 level of bashing damage (at least one): you are Hurt (-1)."
    assert player(engine).health.bashing == 3


def test_a_botched_force_hurts(trials: Adventure, tmp_path: Path, script: Script) -> None:
    engine = make_engine(trials, tmp_path)
    say(engine, script, "e")
    # force, normal: Strength 2 + Athletics 1 = 3 dice at 6
    lines = say(engine, script, "open north with strength", [1, 2, 3])
    assert lines == ["[force] Strength + Athletics 3d10 (1, 2, 3) vs 6: 0 successes - 1 one = -1: botch",
                     "Botch! You throw your weight at it and something in your shoulder tears."
                     " (1 level of bashing damage: you are Bruised.)",
                     "It holds."]


def test_healing_heals_lethal_first(trials: Adventure, tmp_path: Path, script: Script) -> None:
    engine = make_engine(trials, tmp_path)
    engine.state.player = engine.system.take_damage(engine.system.take_damage(player(engine), 1, "bashing"),
                                                    2, "lethal")
    lines = say(engine, script, "use balm", [7, 7, 2])
    assert lines[1:] == ["[heal] healing: 3d10 (7, 7, 2) vs 6: 2 successes",
                         "2 levels of damage healed: you are Bruised."]
    assert player(engine).health == Health(bashing=1)


# -- the sheet, help, saves ----------------------------------------------------------------

def test_a_character_is_created_with_specialties_when_the_adventure_gives_no_stats(tiny: Adventure,
                                                                                   tmp_path: Path) -> None:
    engine = make_engine(tiny, tmp_path, stats=None)
    sheet = player(engine)
    assert sum(sheet.attributes.values()) == 16 and sheet.willpower == 3
    assert sheet.specialties and all(len(names) == 1 for names in sheet.specialties.values())
    assert any(line.startswith("  Specialties: ") for line in engine.submit("stats").lines)


def test_npcs_without_stats_come_from_their_tier(engine: Engine, script: Script) -> None:
    raider = engine.world.npc_state("raider").sheet
    assert (raider.attributes["strength"], raider.abilities["melee"], raider.tier) == (2, 1, 1)
    assert raider.creature == "biological" and raider.npc


def test_help_explains_the_system_and_the_willpower_verb(engine: Engine) -> None:
    assert engine.submit("help willpower").lines[0].startswith(
        "willpower [wounds] [ACTION]: ready a point of Willpower")
    lines = engine.submit("rules").lines
    assert any("bonus die for every 10" in line for line in lines)
    assert any(line.startswith("  Combat (house rule)") for line in lines)


def test_readied_willpower_survives_a_save(tiny: Adventure, tmp_path: Path, script: Script) -> None:
    engine = make_engine(tiny, tmp_path, stats=None)
    say(engine, script, "willpower")
    say(engine, script, "save one")
    say(engine, script, "willpower off")
    assert readied(engine.world) is None
    say(engine, script, "load one")
    say(engine, script, "yes")
    assert readied(engine.world) is WillpowerUse.SUCCESS


# -- events: what play code and the narrator branch on ----------------------------------------

def test_a_botched_attack_carries_its_consequence_in_its_event(engine: Engine, script: Script) -> None:
    say(engine, script, "n", RAIDER_MISSES)
    turn = Turn(engine.world, play=engine.play, dice=ScriptedDice([1, 2, 2, 2, 7, 7, 7]))
    result = engine.play.exchange(turn, PLAYER, "raider", weapon_of(engine.world, "knife"), Situation())
    assert result.events == (AttackBotched(PLAYER, "raider", dropped="knife"),)
    assert engine.world.place_of("knife") == "room:well"


def test_a_foe_felled_by_the_player_emits_a_fall(engine: Engine, script: Script) -> None:
    say(engine, script, "n", RAIDER_MISSES)
    raider = engine.world.npc_state("raider")
    raider.sheet = engine.system.take_damage(raider.sheet, 7, "lethal")
    # knife: 4 dice all hit; the raider's evasion (at -5 for wounds) keeps its last die, a miss;
    # damage 2 + 1 + 3 = 6 dice
    turn = Turn(engine.world, play=engine.play, dice=ScriptedDice([9, 9, 9, 9, 2, 9, 2, 2, 2, 2, 2]))
    result = engine.play.exchange(turn, PLAYER, "raider", weapon_of(engine.world, "knife"), Situation())
    assert [type(event) for event in result.events] == [AttackHit, HealthChanged, Fell]
    assert result.events[-1] == Fell("raider") and engine.world.npc_condition("raider") == "down"


def test_a_botched_check_and_spent_willpower_are_events(engine: Engine, script: Script) -> None:
    say(engine, script, "willpower")
    turn = Turn(engine.world, play=engine.play, dice=ScriptedDice([1, 1, 1, 1]))
    result = engine.play.check(turn, "perceive", "easy", Situation(), "search", {})
    assert result.outcome == "success"  # the automatic success: no botch
    assert [event for event in turn.events if not isinstance(event, RollMade)] == [
        WillpowerSpent(WillpowerUse.SUCCESS, 2)]
    turn = Turn(engine.world, play=engine.play, dice=ScriptedDice([1, 1, 5, 2]))
    engine.play.check(turn, "perceive", "easy", Situation(), "search", {})
    assert turn.events[-1] == CheckBotched("perceive", Consequence.TIME, minutes=30) and turn.minutes == 30


# -- seed 004 §Strength: the lift table ---------------------------------------------------------------

def test_nobody_carries_more_than_their_strength_lifts(tiny: Adventure, tmp_path: Path, script: Script) -> None:
    """Strength 0 lifts 20 lbs (house rule: 10 lbs a slot): the knife and waterskin carried, no more."""
    engine = make_engine(tiny, tmp_path, {**HERO, "strength": 0})
    assert len(engine.world.carried()) == 2
    lines = say(engine, script, "take stone")
    assert lines == ["You cannot carry the smooth stone as well: with Strength 0 you lift 20 lbs, and you carry 20."]
    strong = make_engine(tiny, tmp_path / "strong", {**HERO, "strength": 2})  # 100 lbs
    assert say(strong, script, "take stone")[0].startswith("Taken")


# -- combat house rule: evasions in a round -------------------------------------------------------------

def test_each_later_evasion_in_a_round_costs_two_dice_a_time(engine: Engine) -> None:
    turn = Turn(engine.world, play=engine.play, dice=ScriptedDice([]))
    raider = engine.system.npc_sheet(1, None)
    request = engine.system.attack_request(raider, player(engine), Weapon("knife", "d4"), Situation())
    evasions = Evasions()
    assert tiring(engine.system, request, evasions.so_far(turn)).evasion == request.evasion  # the first: the full pool
    evasions.made(turn)
    second = tiring(engine.system, request, evasions.so_far(turn)).evasion
    assert second is not None and request.evasion is not None
    assert second.dice == request.evasion.dice - 2 and "evasion 2 this round: -2 dice" in second.reasons
    next_round = Turn(engine.world, play=engine.play, dice=ScriptedDice([]))
    assert evasions.so_far(next_round) == 0, "a new round, a fresh evasion"

