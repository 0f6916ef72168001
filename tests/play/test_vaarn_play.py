"""Vaults of Vaarn at the prompt: every economy feature of issue 3, typed as a player types it.

The adventure below is written for these tests; the dice are scripted turn by
turn (``game.engine.dice_for_turn`` is patched), so each test states exactly
which faces the rules read and asserts exactly what the player sees.
"""
from __future__ import annotations

import dataclasses
import textwrap
from pathlib import Path
from typing import Any

import pytest

from game.actions import Turn
from game.engine import Engine
from game.events import PLAYER, RollMade
from game.events.fight import Died, Fell, Fled, HealthChanged, Surrendered
from game.npc.intents import Flee, Surrender
from game.paths import bundled_root
from game.rules.dice import ScriptedDice
from game.rules.registry import get_system
from game.systems.vaarn.data import CAUSE_ZERO_HP
from game.systems.vaarn.events import Wounded
from game.systems.vaarn.narration import VaarnNarrator
from game.systems.vaarn.scene import engaged
from game.systems.vaarn.sheet import VaarnSheet
from game.world.loader import find_adventure, load_adventure
from tests.conftest import FaceQueue as Dice

ADVENTURE = """
[adventure]
id = "vaarn-test"
title = "Vaarn at the Prompt"
version = "1.0.0"
start = "camp"
system = "vaarn"
intro = "A test."
goal = { reach = "oasis", carrying = ["heart"] }

[adventure.rules]
vaarn = { %(options)s }

[player]
name = "Tester"
items = [%(items)s]
water = %(water)d
food = 2

[player.stats.vaarn]
str = 2
dex = 1
con = 1
int = 1
psy = 2
ego = 1
hp = 6
max_hp = 6
%(extra)s

[rooms.camp]
name = "Camp"
description = "A camp."
exits = { north = "bazaar", east = "pit", south = "shrine", west = "dunes", up = "yard", down = "cell", in = "oasis", northeast = "pass" }
items = ["stones", "boulder", "rocks", "pebbles", "psalm", "bolt", "ward", "calm", "rod", "egg", "bottle", "heart", "draught"]
search = { check = "perceive", difficulty = "easy" }
search_items = ["pearls"]

[rooms.bazaar]
name = "Bazaar"
description = "A market."
settlement = true
water_source = true
exits = { south = "camp" }
npcs = ["tamsin"]

[rooms.pit]
name = "Pit"
description = "A pit."
exits = { west = "camp" }
npcs = ["jackal"]

[rooms.yard]
name = "Yard"
description = "A yard of brass."
exits = { down = "camp" }
npcs = ["sentinel", "archer"]

[rooms.cell]
name = "Cell"
description = "A cell with no way out but the one you came by, which slams shut."
exits = { up = { to = "camp", locked_by = "heart" } }
npcs = ["cornered"]

[rooms.pass]
name = "Pass"
description = "A narrow pass."
exits = { southwest = "camp", north = "oasis" }
npcs = ["guard"]

[rooms.shrine]
name = "Shrine"
description = "A shrine."
exits = { north = "camp" }
npcs = ["hermit", "drifter"]

[rooms.dunes]
name = "Dunes"
description = "High dunes."
exits = { east = "camp" }
hazard = { check = "climb", difficulty = "normal" }
hazard_text = "You tumble down."
hazard_damage = "d4"

[rooms.oasis]
name = "Oasis"
description = "Water."
water_source = true
exits = { out = "camp" }

[items.knife]
name = "knife"
kind = "weapon"
damage = "d6"

[items.pistol]
name = "shard pistol"
aliases = ["pistol"]
kind = "weapon"
damage = "d6"
ranged = true

[items.skin]
name = "waterskin"
aliases = ["skin"]
kind = "water"
rations = 3

[items.robe]
name = "desert robe"
aliases = ["robe"]
kind = "armor"
armor = 11

[items.stones]
name = "sack of stones"
aliases = ["stones", "sack"]
kind = "treasure"
slots = 5

[items.boulder]
name = "carved boulder"
aliases = ["boulder"]
kind = "treasure"
slots = 6

[items.rocks]
name = "basket of rocks"
aliases = ["rocks", "basket"]
kind = "treasure"
slots = 6

[items.pebbles]
name = "pouch of pebbles"
aliases = ["pebbles", "pouch"]
kind = "treasure"
slots = 3

[items.psalm]
name = "psalm tablet"
aliases = ["psalm", "tablet"]
kind = "gift"
effect = { heal = "d6" }

[items.bolt]
name = "lightning sutra"
aliases = ["sutra", "lightning"]
kind = "gift"
effect = { damage = "d8" }

[items.ward]
name = "ward mantra"
aliases = ["mantra", "ward"]
kind = "gift"
effect = { sustain = "ward" }

[items.calm]
name = "calming hymn"
aliases = ["hymn", "calm"]
kind = "gift"
effect = { sustain = "calm" }

[items.rod]
name = "humming rod"
aliases = ["rod"]
kind = "exotica"
true_name = "Glass Lance"
identify = "hard"
effect = { damage = "d10" }

[items.egg]
name = "ticking egg"
aliases = ["egg"]
kind = "exotica"
true_name = "Dew Engine"
identify = "normal"
effect = { water = 2 }

[items.bottle]
name = "blue bottle"
aliases = ["bottle"]
kind = "exotica"
true_name = "Storm Glass"
identify = "normal"
effect = { damage = "d8" }
bonus_against = ["synthetic"]

[items.draught]
name = "red draught"
aliases = ["draught"]
kind = "tool"
effect = { heal = "d6" }

[items.heart]
name = "glass heart"
aliases = ["heart"]
kind = "treasure"

[items.gourd]
name = "water gourd"
aliases = ["gourd"]
kind = "water"
rations = 2

[items.cakes]
name = "locust cakes"
aliases = ["cakes"]
kind = "food"
rations = 2

[items.shirt]
name = "war shirt"
aliases = ["shirt"]
kind = "armor"
armor = 12
slots = 2

[items.pearls]
name = "salt pearls"
aliases = ["pearls"]
kind = "treasure"
[items.pearls.stats.vaarn]
trade = 3

[items.scimitar]
name = "scimitar"
kind = "weapon"
damage = "d8"

[npcs.tamsin]
name = "Tamsin"
pronoun = "she"
aliases = ["tamsin", "trader"]
disposition = "merchant"
behaviour = "merchant"
tier = 1
items = ["gourd", "cakes", "shirt", "pistol"]

[npcs.jackal]
name = "glass jackal"
aliases = ["jackal"]
disposition = "hostile"
ambush = true
behaviour = "aggressive"
tier = 1
[npcs.jackal.stats.vaarn]
hp = 4
armor = 11
morale = 5
attacks = "bite (d6)"

[npcs.sentinel]
name = "brass sentinel"
aliases = ["sentinel"]
disposition = "hostile"
ambush = true
behaviour = "aggressive"
creature = "synthetic"
tier = 1
[npcs.sentinel.stats.vaarn]
hp = 10
armor = 12
morale = 12
attacks = "shock-lash (d4)"

[npcs.archer]
name = "dune archer"
aliases = ["archer"]
disposition = "hostile"
ambush = true
behaviour = "aggressive"
tier = 1
[npcs.archer.stats.vaarn]
hp = 4
armor = 11
morale = 20
attacks = "bow (d6, ranged)"

[npcs.cornered]
name = "cornered thief"
aliases = ["thief"]
disposition = "hostile"
ambush = true
behaviour = "aggressive"
tier = 1
items = ["scimitar"]
[npcs.cornered.stats.vaarn]
hp = 4
armor = 10
morale = 0

[npcs.guard]
name = "pass guard"
aliases = ["guard"]
disposition = "hostile"
ambush = true
behaviour = "guard"
blocks = "north"
tier = 2
[npcs.guard.stats.vaarn]
hp = 8
armor = 12
morale = 7
attacks = "spear (d8)"

[npcs.hermit]
name = "old hermit"
aliases = ["hermit"]
disposition = "neutral"
tier = 1

[npcs.drifter]
name = "spore-drifter"
aliases = ["drifter"]
disposition = "wary"
creature = "fungal"
tier = 1
"""


@pytest.fixture
def dice(queued_dice: Dice) -> Dice:
    """The shared harness's queue of faces, read by whatever the next line rolls."""
    return queued_dice


def make(tmp_path: Path, *, options: str = "", items: str = '"knife", "skin", "robe"', water: int = 2,
         extra: str = "") -> Engine:
    folder = tmp_path / "adventure"
    folder.mkdir(parents=True)
    text = ADVENTURE % {"options": options, "items": items, "water": water, "extra": extra}
    (folder / "adventure.toml").write_text(textwrap.dedent(text), encoding="utf-8")
    adventure = load_adventure(folder)
    system = get_system("vaarn", adventure.rules.get("vaarn", {}))
    return Engine.new_game(adventure, system, 1)


@pytest.fixture
def engine(tmp_path: Path, dice: Dice) -> Engine:
    return make(tmp_path)


def say(engine: Engine, dice: Dice, command: str, *faces: int) -> list[str]:
    """Submit one line on exactly these faces (every one must be read)."""
    dice.faces = list(faces)
    dice.last = None
    lines = engine.submit(command).lines
    if dice.last is not None:
        assert dice.last.unused == 0, f"{command}: {dice.last.unused} scripted faces left unread"
    return lines


def rolls(lines: list[str]) -> list[str]:
    return [line for line in lines if line.startswith("[")]


def npc(engine: Engine, npc_id: str) -> VaarnSheet:
    sheet: VaarnSheet = engine.world.npc_state(npc_id).sheet
    return sheet


def set_player(engine: Engine, **changes: Any) -> None:
    """Change the player's sheet as saved data would (abilities and wounds by their keys)."""
    engine.state.player = VaarnSheet.from_data({**engine.state.player.to_data(), **changes})


def set_npc(engine: Engine, npc_id: str, **changes: Any) -> None:
    state = engine.world.npc_state(npc_id)
    state.sheet = VaarnSheet.from_data({**state.sheet.to_data(), **changes})


# -- saves: encumbrance and wounds in the roll line --------------------------------------------

def test_encumbrance_gives_physical_saves_disadvantage_and_says_so(engine: Engine, dice: Dice) -> None:
    assert say(engine, dice, "take stones") == ["Taken: the sack of stones."]
    # knife 1 + robe 1 + 2 water 1 + 2 food 1 + stones 5 = 9 of 11: not yet
    assert say(engine, dice, "take pebbles") == [
        "Taken: the pouch of pebbles.",
        "You are encumbered (12 of 11 slots): disadvantage on STR, DEX and CON saves.",
    ]
    assert engine.status_line().split(" | ")[1] == "HP 6/6, encumbered"
    lines = say(engine, dice, "w", 17, 9, 4)
    assert lines[0] == ("[climb] DEX d20 with disadvantage [encumbered] (17, 9: kept 9) + 1 = 10 vs 15: "
                        "failure (margin -5)")
    assert lines[1:4] == ["You tumble down.", "[hazard] Harm: d4 (4) = 4", "Your HP: 6 -> 2."]


def test_mental_saves_ignore_encumbrance_but_wounds_name_their_save(engine: Engine, dice: Dice) -> None:
    say(engine, dice, "take stones")
    say(engine, dice, "take pebbles")
    set_player(engine, wounds=[{"row": 6, "name": "Addling Blow", "slots": 1}])
    assert say(engine, dice, "identify rod", 18, 12) == [
        ("[identify] INT d20 with disadvantage [hard, Addling Blow] (18, 12: kept 12) + 1 = 13 vs 15: "
        "failure (margin -2)"),
        "It keeps its secret. A settlement appraiser might know it.",
    ]


def test_advantage_and_disadvantage_cancel_visibly(engine: Engine, dice: Dice) -> None:
    set_player(engine, wounds=[{"row": 4, "name": "Scrambled Nerves", "slots": 1}])
    assert say(engine, dice, "search", 3) == [
        ("[search] PSY d20 [advantage (easy) and disadvantage (Scrambled Nerves) cancel] (3) + 2 = 5 vs 15: "
        "failure (margin -10)"),
        "You search, but find nothing. Something may still be hidden here.",
    ]


def test_odds_name_the_exact_chance_of_the_next_save(engine: Engine, dice: Dice) -> None:
    say(engine, dice, "take stones")
    say(engine, dice, "take pebbles")
    assert say(engine, dice, "odds w") == [
        "Odds of climb: 9.0% to succeed.", "  (fail 91.0%)",
        "  DEX d20 with disadvantage [encumbered] + 1 > 15",
    ]


# -- item slots -----------------------------------------------------------------------------

def test_slots_lists_bundles_of_three_and_wounds(engine: Engine, dice: Dice) -> None:
    set_player(engine, wounds=[{"row": 3, "name": "Bloody Mouth", "slots": 1}])
    assert say(engine, dice, "slots") == [
        "Item slots: 5 of 11 filled (your CON defence; nobody carries more than 20).",
        "  knife: 1",
        "  waterskin: 0 (the water in it counts)",
        "  desert robe: 1 (worn: armour 11)",
        "  2 rations of water: 1 (three to a slot)",
        "  2 rations of food: 1 (three to a slot)",
        "  wound, Bloody Mouth: 1",
        "6 slots free before you are encumbered.",
    ]


def test_nobody_carries_more_than_twenty_slots(engine: Engine, dice: Dice) -> None:
    for thing in ("stones", "boulder", "pebbles"):
        say(engine, dice, f"take {thing}")
    assert engine.state.player.slots_carried == 18
    assert say(engine, dice, "take rocks") == [
        "You cannot carry the basket of rocks: nobody carries more than 20 slots, and you fill 18."]
    set_player(engine, wounds=[{"row": 3, "name": "Bloody Mouth", "slots": 1}])
    assert say(engine, dice, "take heart") == ["Taken: the glass heart."]
    assert say(engine, dice, "take egg") == [
        "You cannot carry the ticking egg: nobody carries more than 20 slots, and you fill 20."]
    assert say(engine, dice, "drop boulder") == ["Dropped: the carved boulder."]
    assert say(engine, dice, "drop stones") == ["Dropped: the sack of stones.", "You are no longer encumbered."]


def test_armour_worn_is_the_best_carried(engine: Engine, dice: Dice) -> None:
    assert engine.system.sheet_lines(engine.state.player)[0].endswith("Armour 11"), "worn from the start"
    say(engine, dice, "wait")
    assert engine.state.player.armor == 11
    say(engine, dice, "drop robe")
    assert engine.state.player.armor == 10


# -- combat -----------------------------------------------------------------------------------

def test_aggressive_foes_close_in_at_once_then_initiative_each_round(engine: Engine, dice: Dice) -> None:
    lines = say(engine, dice, "e", 10)
    assert lines[-5:] == [
        "A glass jackal is here, and means you harm.",
        "Exits: west.",
        "The glass jackal closes in.",
        "[the glass jackal attacks] Attack with bite: STR d20 (10) + 1 = 11 vs 11 (armour 11): failure (margin 0)",
        "The attack misses.",
    ]
    # the jackal wins initiative (5 against 3) and bites first; then the player's knife
    lines = say(engine, dice, "attack jackal", 3, 5, 15, 4, 12, 3)
    assert lines == [
        "[initiative] Initiative: you d6 (3), the glass jackal d6 (5): the glass jackal acts first",
        "[the glass jackal attacks] Attack with bite: STR d20 (15) + 1 = 16 vs 11 (armour 11): success (margin 5)",
        "[the glass jackal attacks: follow-up] bite damage: d6 (4) = 4",
        "The attack hits.",
        "Your HP: 6 -> 2.",
        ("[you attack the glass jackal] Attack with knife: STR d20 (12) + 2 = 14 vs 11 (armour 11): "
        "success (margin 3)"),
        "[you attack the glass jackal: follow-up] knife damage: d6 (3) = 3",
        "The attack hits.",
        "HP of the glass jackal: 4 -> 1.",
    ]
    # next round: the player wins; the jackal, badly hurt, checks morale on its turn
    lines = say(engine, dice, "attack jackal", 6, 2, 3, 17, 9)
    assert lines[0] == "[initiative] Initiative: you d6 (6), the glass jackal d6 (2): you act first"
    assert lines[-3:] == [
        "[morale of the glass jackal] Morale (badly hurt): d20 (17) + 5 = 22 vs 15: holds",
        "[the glass jackal attacks] Attack with bite: STR d20 (9) + 1 = 10 vs 11 (armour 11): failure (margin -1)",
        "The attack misses.",
    ]


def test_an_aggressive_foe_met_on_arrival_waits_for_the_initiative_roll(tmp_path: Path, dice: Dice) -> None:
    """Seed 001 Combat: "All sides roll d6 ... ties in favor of the players": walking in is no
    free blow for a foe that lies in no ambush; the next action opens the round."""
    engine = make(tmp_path)
    jackal = engine.world.adventure.npcs["jackal"]
    engine.world.adventure.npcs["jackal"] = dataclasses.replace(jackal, ambush=False)
    lines = say(engine, dice, "e")
    assert lines[-2:] == ["A glass jackal is here, and means you harm.", "Exits: west."]
    assert engine.state.player.hp == 6
    lines = say(engine, dice, "attack jackal", 4, 4, 12, 3, 9)
    assert lines[0] == "[initiative] Initiative: you d6 (4), the glass jackal d6 (4): you act first"
    assert lines[1:3] == ["You close in on the glass jackal.", "[you attack the glass jackal] Attack with knife: "
                          "STR d20 (12) + 2 = 14 vs 11 (armour 11): success (margin 3)"]


def test_a_foe_breaking_before_the_command_is_a_round_that_stands(engine: Engine, dice: Dice) -> None:
    """The jackal wins initiative and flees before the player's blow: the blow finds nobody,
    but the round happened (no refusal, no rolling the flight again on a retry)."""
    say(engine, dice, "e", 1)
    state = engine.world.npc_state("jackal")
    state.sheet = dataclasses.replace(state.sheet, hp=1)
    lines = say(engine, dice, "attack jackal", 2, 5, 3)
    assert lines[-3:] == ["[morale of the glass jackal] Morale (badly hurt): d20 (3) + 5 = 8 vs 15: breaks",
                          "The glass jackal breaks and flees west.",
                          "The glass jackal is not here. The moment has passed."]
    assert engine.world.npc_room("jackal") == "camp"
    turn = engine.state.turn
    assert say(engine, dice, "attack jackal") == ["The glass jackal is not here."]
    assert engine.state.turn == turn and engine.world.npc_room("jackal") == "camp"


def test_a_fight_the_player_opens_rolls_initiative_and_a_guard_may_strike_first(
        engine: Engine, dice: Dice) -> None:
    say(engine, dice, "ne")
    lines = say(engine, dice, "attack guard", 1, 6, 15, 2, 12, 3)
    assert lines[0] == "[initiative] Initiative: you d6 (1), the pass guard d6 (6): the pass guard acts first"
    assert lines[1] == "The pass guard closes in."
    assert lines[2].startswith("[the pass guard attacks] Attack with spear")
    assert any(line.startswith("[you attack the pass guard]") for line in lines[3:])


def test_initiative_ties_go_to_the_player(engine: Engine, dice: Dice) -> None:
    say(engine, dice, "e", 1)
    lines = say(engine, dice, "attack jackal", 4, 4, 1, 1)
    assert lines[0] == "[initiative] Initiative: you d6 (4), the glass jackal d6 (4): you act first"
    assert lines[1].startswith("[you attack the glass jackal]")
    assert lines[-2].startswith("[the glass jackal attacks]")


def test_foes_who_win_initiative_can_fell_you_before_you_act(engine: Engine, dice: Dice) -> None:
    say(engine, dice, "e", 1)
    set_player(engine, hp=0)
    # bite for 6: 6 past 0 is an Addling Blow... use 17 past 0: Severed Leg, passing out
    set_player(engine, hp=-11)
    lines = say(engine, dice, "attack jackal", 1, 6, 20, 6)
    assert "Wound 17, Severed Leg (3 slots): -10 STR and -10 DEX. Cannot walk. You pass out." in lines
    assert "You never get to act." in lines
    assert lines[-1] == "You fall, and the glass jackal makes sure you never rise."
    assert engine.state.status == "dead"


def test_guards_hold_back_until_roused_and_nobody_shoots_once_engaged(engine: Engine, dice: Dice) -> None:
    engine.state.item_moves["pistol"] = "player"
    lines = say(engine, dice, "ne")
    assert lines[-2:] == ["A pass guard is here, and means you harm.", "Exits: southwest and north."]
    assert say(engine, dice, "n") == ["The pass guard blocks your way. Fight, or try to flee."]
    # the player's shot opens the fight: a round, so initiative (seed 001 §Combat); the player
    # wins, shoots (DEX), and the roused guard charges in
    lines = say(engine, dice, "shoot guard", 4, 2, 14, 2, 3)
    assert lines == [
        "[initiative] Initiative: you d6 (4), the pass guard d6 (2): you act first",
        ("[you attack the pass guard] Attack with shard pistol: DEX d20 (14) + 1 = 15 vs 12 (armour 12): "
        "success (margin 3)"),
        "[you attack the pass guard: follow-up] shard pistol damage: d6 (2) = 2",
        "The attack hits.",
        "HP of the pass guard: 8 -> 6.",
        "The pass guard closes in.",
        "[the pass guard attacks] Attack with spear: STR d20 (3) + 2 = 5 vs 11 (armour 11): failure (margin -6)",
        "The attack misses.",
    ]
    assert say(engine, dice, "shoot guard", 6, 1) == ["You cannot shoot while engaged in melee."]
    assert say(engine, dice, "odds shoot guard") == [
        "You couldn't do that now. You cannot shoot while engaged in melee."]


def test_npcs_shoot_from_a_distance_and_club_when_engaged(engine: Engine, dice: Dice) -> None:
    say(engine, dice, "u", 1, 1)
    lines = say(engine, dice, "attack archer", 6, 1, 1, 1, 1)
    # the player closes in on the archer; the sentinel closes in too; the archer is engaged: it clubs
    assert "[the dune archer attacks] Attack with a clubbing blow: STR d20 (1) + 1 = 2 vs 11 (armour 11): " \
           "failure (margin -9)" in lines
    engine.state.moment = dataclasses.replace(engine.state.moment, engaged=()).or_none()
    lines = say(engine, dice, "wait", 6, 1, 1, 1)
    assert "[the dune archer attacks] Attack with bow: DEX d20 (1) + 1 = 2 vs 11 (armour 11): failure (margin -9)" \
        in lines


def test_ideal_weapon_rolls_a_bonus_die_against_its_creature_type(engine: Engine, dice: Dice) -> None:
    engine.state.identified.add("bottle")
    say(engine, dice, "take bottle")
    say(engine, dice, "u", 1, 1)
    lines = say(engine, dice, "use bottle on sentinel", 6, 1, 15, 3, 5, 1, 1)
    assert "Damage d8 (3) + d8 (5) against synthetic = 8." in lines
    assert npc(engine, "sentinel").hp == 2


# -- wounds -----------------------------------------------------------------------------------

def test_damaged_item_wound_destroys_a_random_carried_item(engine: Engine, dice: Dice) -> None:
    say(engine, dice, "e", 1)
    set_player(engine, hp=2)
    # bite 4: 2 past 0 = Damaged Item; d4 picks among knife, waterskin, robe, food: 2 = the waterskin
    lines = say(engine, dice, "wait", 1, 6, 20, 4, 2)
    assert lines[-6:] == [
        "Your HP: 2 -> -2.",
        "Wound 2, Damaged Item: A random inventory item is destroyed or damaged.",
        "[damaged item] Damaged Item: d4 (2) of knife, waterskin, desert robe and food bundle: the waterskin",
        "Your waterskin is smashed beyond use.",
        "2 rations of water soak into the sand.",
        "Time passes.",
    ]
    assert engine.world.place_of("skin") == "gone" and engine.state.water == 0


def test_goal_items_are_never_the_damaged_item(engine: Engine, dice: Dice) -> None:
    for item_id in ("knife", "skin", "robe"):
        engine.state.item_moves[item_id] = "gone"
    engine.state.item_moves["heart"] = "player"
    engine.state.food = engine.state.water = 0
    say(engine, dice, "e", 1)
    set_player(engine, hp=2)
    lines = say(engine, dice, "wait", 1, 6, 20, 4)
    assert "Nothing you carry is broken: you were lucky." in lines
    assert engine.world.place_of("heart") == "player"


def test_passing_out_alone_costs_hours(engine: Engine, dice: Dice) -> None:
    set_player(engine, hp=-12)
    # the fall: climb fails (1), d4 (4): 16 past 0, a Severed Arm; alone, d6 (3) hours senseless
    lines = say(engine, dice, "w", 1, 4, 3)
    assert lines[:7] == [
        "[climb] DEX d20 (1) + 1 = 2 vs 15: failure (margin -13)",
        "You tumble down.",
        "[hazard] Harm: d4 (4) = 4",
        "Your HP: -12 -> -16.",
        "Wound 16, Severed Arm (3 slots): -10 STR and -10 DEX. You pass out.",
        "STR -10, defence now 2.",
        "DEX -10, defence now 1.",
    ]
    assert lines[-2:] == ["[senseless] Passed out: d6 (3) hours",
                          "You lie senseless in the sand for 3 hours, then come to."]
    assert engine.state.player.unconscious is False
    assert engine.state.clock == "09:10"


def test_a_severed_leg_stops_walking_until_healed(engine: Engine, dice: Dice) -> None:
    set_player(engine, wounds=[{"row": 17, "name": "Severed Leg", "slots": 3}])
    assert say(engine, dice, "n") == [
        "With a severed leg you cannot walk. A long rest may heal the wound (rest long wound)."]
    lines = say(engine, dice, "rest long wound")
    assert "Long rest: the Severed Leg heals." in lines
    assert say(engine, dice, "n", 10)[0] == "Bazaar"


# -- rests --------------------------------------------------------------------------------------

def test_short_rest_is_d8_plus_con(engine: Engine, dice: Dice) -> None:
    set_player(engine, hp=-3)
    assert say(engine, dice, "rest short", 5) == [
        "You sit down with a meal.", "Short rest: d8 (5) + CON 1 = 6 HP; HP 6/6."]
    assert engine.state.food == 1


def test_long_rest_heals_all_hp_or_one_wound_as_the_player_says(engine: Engine, dice: Dice) -> None:
    set_player(engine, **{"hp": -4, "wounds": [{"row": 4, "name": "Scrambled Nerves", "slots": 1}]})
    lines = say(engine, dice, "rest long wound")
    assert lines == ["You eat and drink, and sleep for 8 hours.", "Long rest: the Scrambled Nerves heals."]  # at 06:00
    assert engine.state.player.hp == -4 and engine.state.player.wounds == ()
    set_player(engine, wounds=[{"row": 4, "name": "Scrambled Nerves", "slots": 1}])
    say(engine, dice, "fill")
    lines = say(engine, dice, "rest long")
    assert "Long rest: HP restored to 6." in lines


def test_option_wound_losses_lasting_keeps_ability_losses(tmp_path: Path, dice: Dice) -> None:
    engine = make(tmp_path, options='wound_losses = "lasting"')
    set_player(engine, **{"str": -1, "depleted": {"str": 3}})
    engine.state.water = 3
    engine.state.food = 3
    lines = say(engine, dice, "rest long")
    assert "Depleted abilities recover one point." not in lines
    assert engine.state.player.bonus("str") == -1


def test_ability_losses_come_back_a_point_a_day_by_default(tmp_path: Path, dice: Dice) -> None:
    """Seed 001 §Wounds and Healing: "replenish at the rate of one point per day"."""
    engine = make(tmp_path)
    set_player(engine, **{"str": -1, "depleted": {"str": 3}})
    engine.state.water = 3
    engine.state.food = 3
    lines = say(engine, dice, "rest long")
    assert "Depleted abilities recover one point." in lines
    assert engine.state.player.bonus("str") == 0
    engine.state.minutes = (engine.state.day - 1) * 1440 + 6 * 60   # the same day again, for the test
    set_player(engine, hp=1)
    lines = say(engine, dice, "rest long")
    assert "Depleted abilities recover one point." not in lines
    assert engine.state.player.bonus("str") == 0


def test_deprived_characters_gain_nothing_from_rest(engine: Engine, dice: Dice) -> None:
    set_player(engine, hp=1)
    engine.state.water = 0
    engine.state.thirst_days = 1
    lines = say(engine, dice, "rest short")
    assert lines == ["You sit down with a meal.", "Deprived as you are, the rest does you no good."]
    assert engine.state.player.hp == 1


# -- water --------------------------------------------------------------------------------------

def test_a_ration_a_day_and_death_on_the_third_dry_day(engine: Engine, dice: Dice) -> None:
    # seed 001 §Water: "must drink one ration of water every day": the first day is not free
    assert say(engine, dice, "wait 1 day") == ["You wait 1 day.", "As the day ends you drink a ration of water (1 left)."]
    assert say(engine, dice, "wait 1 day") == [
        "You wait 1 day.", "As the day ends you drink a ration of water (0 left).", "You eat a ration before sleep (1 left)."]
    engine.state.water = 0
    assert "A day without water: you are deprived, and rest will not help you." in say(engine, dice, "wait 1 day")
    assert engine.status_line().split(" | ")[1] == "HP 6/6, deprived"
    say(engine, dice, "wait 1 day")
    assert say(engine, dice, "wait 1 day") == ["Another day without water will kill you. Wait anyway? (yes/no)"]
    lines = say(engine, dice, "yes")
    assert lines[-1] == "You die of thirst."
    assert engine.state.status == "dead"


def test_synthetic_characters_drink_weekly(tmp_path: Path, dice: Dice) -> None:
    engine = make(tmp_path, water=2, extra="synthetic = true")
    lines = say(engine, dice, "wait 6 days")
    assert not any("water" in line for line in lines)
    assert engine.state.water == 2
    lines = say(engine, dice, "wait 1 day")  # the end of the first week
    assert "As the day ends you drink a ration of water (1 left)." in lines
    lines = say(engine, dice, "wait 6 days")
    assert not any("water" in line for line in lines)


# -- barter --------------------------------------------------------------------------------------

def test_meeting_a_merchant_rolls_her_mood_and_wares_show_prices(engine: Engine, dice: Dice) -> None:
    lines = say(engine, dice, "n", 10)
    assert lines[-2:] == ["[reaction of Tamsin] Reaction: d20 (10) + 1 = 11: indifferent",
                          "Tamsin pays you little mind."]
    assert say(engine, dice, "wares") == [
        ("Tamsin is indifferent: the price is 1.25 times the worth of the goods (worth in slots of goods; a ration "
        "of water counts as a whole slot, an Exotica as three)."),
        "  water gourd (full): worth 3, asks 3 3/4 (or 4 rations of water)",
        "  locust cakes: worth 1/3, asks 5/12 (or 1 ration of water)",
        "  war shirt: worth 2, asks 2 1/2 (or 3 rations of water)",
        "  shard pistol: worth 1, asks 1 1/4 (or 2 rations of water)",
        "  a ration of water: asks 1 1/4",
        "(trade GOODS for GOODS, buy THING, sell THING, haggle, value THING)",
    ]


def test_trade_slot_for_slot_with_a_premium_on_water(engine: Engine, dice: Dice) -> None:
    say(engine, dice, "n", 15)   # talkative: fair prices
    assert say(engine, dice, "trade knife for pistol") == [
        "You offer the knife (worth 1) for the shard pistol (worth 1); Tamsin, fair, asks 1.",
        "Done.",
    ]
    assert engine.world.place_of("pistol") == "player" and engine.world.place_of("knife") == "npc:tamsin"
    lines = say(engine, dice, "trade pistol for shirt")
    assert lines == ["You offer the shard pistol (worth 1) for the war shirt (worth 2); Tamsin, fair, asks 2.",
                     "Tamsin shakes her head: not enough."]
    assert say(engine, dice, "trade 1 water and pistol for shirt")[-1] == "Done."
    assert engine.state.water == 1 and engine.state.player.armor == 12


def test_haggling_is_an_ego_save_against_the_merchant_once_a_day(engine: Engine, dice: Dice) -> None:
    say(engine, dice, "n", 10)
    assert say(engine, dice, "odds haggle") == [
        "Odds of haggle with Tamsin: 50.0% to succeed.", "  (fail 50.0%)", "  EGO d20 + 1 > 11 (EGO defence 11)"]
    assert say(engine, dice, "haggle", 12) == [
        "[haggle with Tamsin] EGO d20 (12) + 1 = 13 vs 11 (EGO defence 11): success (margin 2)",
        "Tamsin laughs and gives way: today the price is just the worth of the goods.",
    ]
    assert say(engine, dice, "haggle") == [
        "You have haggled with Tamsin today already; there is no talking round again before tomorrow."]
    assert say(engine, dice, "trade knife for pistol")[-1] == "Done."


def test_buy_and_sell_in_water(engine: Engine, dice: Dice) -> None:
    engine.state.item_moves["pearls"] = "player"
    say(engine, dice, "n", 15)
    assert say(engine, dice, "value pearls") == [
        "The salt pearls are worth 3 slots of goods in barter; Tamsin would give 3 rations of water for them, but "
        "your water containers have no room for it."]
    assert say(engine, dice, "sell pearls") == ["You have nothing to carry that much water in (your containers hold 3)."]
    engine.state.water = 0
    assert say(engine, dice, "sell pearls") == [
        "You offer the salt pearls (worth 3) for 3 rations of water (worth 3); Tamsin, fair, asks 3.", "Done."]
    assert engine.state.water == 3
    assert say(engine, dice, "buy cakes") == [
        "You offer 1 ration of water (worth 1) for the locust cakes (worth 1/3); Tamsin, fair, asks 1/3.",
        "Done.",
    ]
    assert engine.state.food == 4 and engine.state.water == 2
    assert say(engine, dice, "buy gourd") == ["Tamsin asks 3 rations of water for the water gourd; you carry 2."]


def test_exotica_traded_in_at_a_settlement_advance_the_trader(engine: Engine, dice: Dice, tmp_path: Path) -> None:
    engine = make(tmp_path / "b", options='advancement = "exotica-for-levels"')
    engine.state.item_moves["rod"] = "player"
    say(engine, dice, "n", 15)
    lines = say(engine, dice, "trade rod for shirt", 7)
    assert lines[-4:] == [
        "Done. There is no change in barter.",
        "Trading in the humming rod teaches you something of the old world.",
        "Level 2! Max HP: d8 (7) added, now 13; 3 ability points to spend.",
        "(Spend the points with: raise STR, raise DEX, ... one point each.)",
    ]
    assert say(engine, dice, "raise psy 2") == ["PSY is now +4 (defence 14); 1 point left."]
    assert say(engine, dice, "raise luck") == ["Raise which ability: STR, DEX, CON, INT, PSY, EGO? (1 point to spend)"]


def test_even_faster_campaign_excludes_the_starting_equipments_exotica(tmp_path: Path, dice: Dice) -> None:
    """seed 001 §Advancement: "have all PCs level up for each one Exotica traded, excluding that of
    the starting equipment": the kit's Exotica raises no level, one found on the way does."""
    engine = make(tmp_path, options='advancement = "exotica-for-levels-faster"', extra='kit = ["egg"]')
    engine.state.item_moves["rod"] = "player"
    say(engine, dice, "n", 15)
    lines = say(engine, dice, "trade egg for shirt")
    assert lines[-1] == ("The Dew Engine was part of your starting equipment: it raises no level "
                         "(the even faster campaign excludes it).")
    assert engine.state.player.level == 1
    lines = say(engine, dice, "trade rod for cakes", 7)
    assert "Level 2! Max HP: d8 (7) added, now 13; 3 ability points to spend." in lines
    assert engine.state.player.level == 2


# -- gifts ----------------------------------------------------------------------------------------

def test_healing_gift_costs_d6_and_heals_d8_plus_psy(engine: Engine, dice: Dice) -> None:
    say(engine, dice, "take psalm")
    set_player(engine, hp=5)
    assert say(engine, dice, "use psalm", 2, 5) == [
        "You speak the psalm tablet over your own wounds.",
        "[gift: psalm tablet] Gift cost: d6 (2) = 2",
        "[gift: psalm tablet] Gift healing: d8 (5) = 5",
        "The Gift costs 2 HP.",
        "Your HP: 5 -> 3.",
        "The Gift heals d8 (5) + PSY 2 + CON 1 = 8 HP.",
        "Your HP: 6/6.",
    ]


def test_combat_gift_always_hits_a_die_up_plus_psy_and_costs_more_when_pushed(engine: Engine, dice: Dice) -> None:
    say(engine, dice, "take sutra")
    say(engine, dice, "e", 1)
    lines = say(engine, dice, "invoke sutra d8 on jackal", 6, 1, 3, 1, 20, 1)
    assert lines[:5] == [
        "[initiative] Initiative: you d6 (6), the glass jackal d6 (1): you act first",
        "You call on the lightning sutra; it always finds its mark.",
        "[gift: lightning sutra] Gift cost: d8 (3) = 3",
        "[gift: lightning sutra] Gift damage: d10 (1) = 1",
        "The Gift costs 3 HP.",
    ]
    assert "The Gift strikes: d10 (1) + PSY 2 = 3 damage." in lines
    assert npc(engine, "jackal").hp == 1


def test_sustained_ward_gives_foes_disadvantage_for_its_ten_minutes(engine: Engine, dice: Dice) -> None:
    say(engine, dice, "take ward")
    say(engine, dice, "e", 1)
    lines = say(engine, dice, "invoke ward for 2", 6, 1, 1, 1, 19, 2)
    assert "A shimmering ward closes around you for 20 minutes: blows against you go astray." in lines
    assert ("[the glass jackal attacks] Attack with bite: STR d20 with disadvantage (19, 2: kept 2) + 1 = 3 vs 11 "
            "(armour 11): failure (margin -8)") in lines
    engine.state.minutes += 20
    lines = say(engine, dice, "wait", 6, 1, 1)
    assert lines[0] == "The ward of your ward mantra fades. (Invoke it again to hold it ten minutes more.)"


def test_calm_holds_a_foe_still(engine: Engine, dice: Dice) -> None:
    say(engine, dice, "take calm")
    say(engine, dice, "e", 1)
    lines = say(engine, dice, "invoke hymn on jackal", 6, 1, 1)
    assert lines[-2:] == ["The glass jackal goes still under your will, for 10 minutes.",
                          "The glass jackal stands still, held by your Gift."]


def test_psyche_slots_option(tmp_path: Path, dice: Dice) -> None:
    engine = make(tmp_path, options='gifts = "psyche-slots"')
    set_player(engine, psy=1)
    assert say(engine, dice, "take psalm") == ["Taken: the psalm tablet."]
    assert say(engine, dice, "take sutra") == ["Your mind has no room for another Gift (psyche slots: 1)."]
    assert engine.state.player.slots_carried == 4      # the Gift fills no item slot
    set_player(engine, hp=1)
    lines = say(engine, dice, "use psalm", 1, 4)
    assert "The Gift heals d8 (4) + PSY 0 + CON 1 = 5 HP." in lines


# -- exotica ----------------------------------------------------------------------------------------

def test_using_an_unknown_exotica_is_an_int_save_at_your_risk(engine: Engine, dice: Dice) -> None:
    say(engine, dice, "take egg")
    assert say(engine, dice, "use egg", 4, 3) == [
        "You do not know what the ticking egg does. You try it anyway.",
        "[use the unknown ticking egg] INT d20 (4) + 1 = 5 vs 15: failure (margin -10)",
        "The ticking egg lashes back at you!",
        "[backfire] Harm: d6 (3) = 3",
        "Your HP: 6 -> 3.",
    ]
    assert say(engine, dice, "use egg", 16) == [
        "You do not know what the ticking egg does. You try it anyway.",
        "[use the unknown ticking egg] INT d20 (16) + 1 = 17 vs 15: success (margin 2)",
        "Something gives under your fingers: it is the Dew Engine.",
        "The Dew Engine gives up 2 rations of water, and crumbles. Your containers take 1; the rest soaks into "
        "the ground.",  # 2 rations carried in a skin of 3
    ]


def test_appraisal_at_a_settlement_names_an_exotica(engine: Engine, dice: Dice) -> None:
    say(engine, dice, "take rod")
    say(engine, dice, "n", 10)
    assert say(engine, dice, "identify rod") == [
        "A settlement appraiser turns it over and names it: the Glass Lance."]


# -- NPCs: morale and reactions ----------------------------------------------------------------------

def test_broken_morale_flees_to_a_neighbouring_room(engine: Engine, dice: Dice) -> None:
    say(engine, dice, "e", 1)
    lines = say(engine, dice, "attack jackal", 6, 1, 15, 2, 3)
    assert lines[-2:] == ["[morale of the glass jackal] Morale (badly hurt): d20 (3) + 5 = 8 vs 15: breaks",
                          "The glass jackal breaks and flees west."]
    assert engine.world.npc_room("jackal") == "camp"
    assert not engine.world.hostile("jackal")


def test_cornered_foes_surrender(engine: Engine, dice: Dice) -> None:
    engine.state.item_moves["heart"] = "player"
    say(engine, dice, "d", 1)
    lines = say(engine, dice, "attack thief", 6, 1, 15, 3, 1)
    assert lines[-1] == "The cornered thief throws down its arms and begs for its life."
    assert engine.world.place_of("scimitar") == "room:cell"


def test_reaction_rolls_when_meeting_strangers(engine: Engine, dice: Dice) -> None:
    lines = say(engine, dice, "s", 2, 19)
    assert lines[-4:] == [
        "[reaction of the old hermit] Reaction: d20 (2) + 1 = 3: attack",
        "The old hermit bristles, but holds back.",
        "[reaction of the spore-drifter] Reaction: d20 (19) + 1 = 20: helpful",
        "The spore-drifter greets you like an old friend.",
    ]
    assert engine.world.npc_state("hermit").disposition == "wary"
    assert engine.world.npc_state("drifter").disposition == "friendly"


def test_a_wary_stranger_may_attack_at_once(engine: Engine, dice: Dice) -> None:
    lines = say(engine, dice, "s", 10, 1)
    assert lines[-4:] == [
        "[reaction of the old hermit] Reaction: d20 (10) + 1 = 11: indifferent",
        "The old hermit pays you little mind.",
        "[reaction of the spore-drifter] Reaction: d20 (1) + 1 = 2: attack",
        "The spore-drifter takes against you at once!",
    ]
    assert engine.world.hostile("drifter")
    # seed 001 Combat: the fight's first round starts with initiative, ties to the player
    lines = say(engine, dice, "wait", 3, 3, 2)
    assert lines[0] == "[initiative] Initiative: you d6 (3), the spore-drifter d6 (3): you act first"
    assert lines[-1] == "The attack misses."


# -- the rest of the table ---------------------------------------------------------------------------

def test_swap_two_abilities_before_setting_out(engine: Engine, dice: Dice) -> None:
    assert say(engine, dice, "swap str psy") == ["Swapped: STR +2, PSY +2."]
    assert say(engine, dice, "swap con ego") == ["Abilities may be swapped only once, before you set out."]


def test_healing_items_use_the_protocol(engine: Engine, dice: Dice) -> None:
    set_player(engine, hp=-2)
    say(engine, dice, "take draught")
    assert say(engine, dice, "use draught", 4) == [
        "You use the red draught.", "[heal] Healing: d6 (4) = 4", "You recover d6 (4) + CON 1 = 5 HP: HP 5/6."]


def test_expedition_completed_advances_under_that_option(tmp_path: Path, dice: Dice) -> None:
    engine = make(tmp_path, options='advancement = "expeditions-for-xp"')
    say(engine, dice, "take heart")
    lines = say(engine, dice, "in", 5)
    assert "The expedition is done." in lines
    assert "Level 2! Max HP: d8 (5) added, now 11; 3 ability points to spend." in lines
    assert engine.state.status == "won"


def test_help_explains_the_system(engine: Engine, dice: Dice) -> None:
    assert say(engine, dice, "help trade")[0] == "trade X for Y: barter goods (items, N water, N food, joined by and)"
    lines = say(engine, dice, "rules")
    assert "  A check is a save: d20 + an ability bonus must beat 15 (or a defence)." in lines


def test_morale_when_half_the_group_is_down(engine: Engine, dice: Dice) -> None:
    say(engine, dice, "u", 1, 1)
    set_npc(engine, "archer", hp=1)
    # the player wins, cuts the archer down (d20 15, d6 2); the sentinel sees half its group fall
    lines = say(engine, dice, "attack archer", 6, 1, 15, 2, 4, 1)
    assert lines[-5:] == [
        "HP of the dune archer: 1 -> -1.",
        "The dune archer dies.",
        "[morale of the brass sentinel] Morale (half the group down): d20 (4) + 12 = 16 vs 15: holds",
        ("[the brass sentinel attacks] Attack with shock-lash: STR d20 (1) + 1 = 2 vs 11 (armour 11): "
        "failure (margin -9)"),
        "The attack misses.",
    ]


def test_odds_of_an_attack_at_the_prompt(engine: Engine, dice: Dice) -> None:
    say(engine, dice, "e", 1)
    assert say(engine, dice, "odds attack jackal") == [
        "Odds of attack the glass jackal: 55.0% to succeed.", "  (fail 45.0%)",
        "  STR d20 + 2 > 11 (armour 11)",
    ]


def test_vaarn_state_survives_save_and_load(engine: Engine, dice: Dice, tmp_path: Path) -> None:
    from game.saves import SaveStore

    engine.saves = SaveStore(tmp_path / "saves", engine.adventure)
    say(engine, dice, "take ward")
    say(engine, dice, "e", 1)
    say(engine, dice, "invoke ward", 6, 1, 2, 1, 1)
    say(engine, dice, "attack jackal", 6, 1, 1, 1, 1)
    before, moment = engine.state.player, engine.state.moment
    assert moment.engaged == ("jackal",) and before.sustained.effect == "ward"
    assert say(engine, dice, "save mid")[0].startswith("Saved")
    set_player(engine, hp=1)
    engine.state.moment = dataclasses.replace(engine.state.moment, engaged=()).or_none()
    assert say(engine, dice, "load mid")[0] == "Loaded slot \"mid\"."
    assert engine.state.player == before and engine.state.moment == moment


def test_cowards_test_morale_as_soon_as_they_are_hurt(engine: Engine, dice: Dice) -> None:
    say(engine, dice, "e", 1)
    # the jackal as a coward: content is frozen, so the test swaps its definition
    adventure = engine.world.adventure
    npcs = dict(adventure.npcs)
    npcs["jackal"] = dataclasses.replace(npcs["jackal"], behaviour="coward")
    engine.world.adventure = dataclasses.replace(adventure, npcs=npcs)
    set_npc(engine, "jackal", hp=4)
    lines = say(engine, dice, "attack jackal", 6, 1, 15, 1, 9)
    assert lines[-2:] == ["[morale of the glass jackal] Morale (hurt): d20 (9) + 5 = 14 vs 15: breaks",
                          "The glass jackal breaks and flees west."]


def test_a_broken_npc_flees_or_surrenders_through_the_template_with_events(engine: Engine, dice: Dice) -> None:
    say(engine, dice, "e", 1)
    turn = Turn(engine.world, play=engine.play, dice=ScriptedDice([]))
    Flee("west").perform(turn, "jackal")
    assert turn.events == [Fled("jackal", "west")] and turn.lines == ["The glass jackal breaks and flees west."]
    assert engine.world.npc_room("jackal") == "camp" and engine.world.npc_state("jackal").disposition == "wary"
    assert engaged(engine.world) == [], "out of the melee at once"
    turn = Turn(engine.world, play=engine.play, dice=ScriptedDice([]))
    Surrender().perform(turn, "jackal")
    assert turn.events == [Surrendered("jackal")]
    assert turn.lines == ["The glass jackal throws down its arms and begs for its life."]


def test_the_narrator_words_vaarn_events_for_the_player_and_for_npcs(engine: Engine) -> None:
    narrator = VaarnNarrator(engine.world)
    assert narrator.lines([HealthChanged(PLAYER, "HP", 5, 3), HealthChanged("jackal", "HP", 4, 0),
                           Died("jackal", CAUSE_ZERO_HP), Wounded(PLAYER, 3), Fell(PLAYER),
                           Died(PLAYER, "STR defence 0")]) == [
        "Your HP: 5 -> 3.", "HP of the glass jackal: 4 -> 0.",
        "Wound 3, Bloody Mouth (1 slot): Your mouth drools blood and your speech slurs.", "Dead: STR defence 0."]


def test_harm_in_play_emits_events_not_lines(engine: Engine, dice: Dice) -> None:
    turn = Turn(engine.world, play=engine.play, dice=ScriptedDice([4]))
    engine.play.harm(turn, "d4", "hazard")
    assert [e for e in turn.events if not isinstance(e, RollMade)] == [HealthChanged(PLAYER, "HP", 6, 2)]


def test_an_npc_engaged_in_melee_does_not_fire_a_ranged_exotica() -> None:
    """Seed 001 §Combat: "ranged weapons cannot be used if the shooting character is engaged in
    melee combat". The raider of the Shattered Pass closed in, then fired its keening shard."""
    from game.paths import bundled_root
    from game.world.loader import find_adventure

    adventure = load_adventure(find_adventure("glass-oasis", bundled_root()))
    engine = Engine.new_game(adventure, get_system("vaarn"), 3)
    for command in ("n", "n", "n", "n"):
        engine.submit(command)
    first = engine.submit("attack raider").lines
    assert "The dune raider closes in." in first
    for _ in range(3):
        lines = engine.submit("attack raider").lines
        assert not any("keening black shard" in line for line in lines), lines


def test_max_hp_is_a_d8_and_option_starting_hp_keeps_it_at_four_or_more() -> None:
    """Vaarn's public creation rolls max HP on a d8: seed 7 starts The Glass Oasis at 1 HP;
    under the house rule ``starting_hp = "d8-at-least-4"`` the same roll counts as 4."""
    oasis = load_adventure(find_adventure("glass-oasis", bundled_root()))
    plain = Engine.new_game(oasis, get_system("vaarn", {}), 7)
    assert (plain.state.player.max_hp, plain.state.player.hp) == (1, 1)
    kinder = Engine.new_game(oasis, get_system("vaarn", {"starting_hp": "d8-at-least-4"}), 7)
    assert (kinder.state.player.max_hp, kinder.state.player.hp) == (4, 4)
    assert kinder.state.player.abilities == plain.state.player.abilities, "only the HP roll changes"
