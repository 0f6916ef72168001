"""Open Adventures in play, at the prompt: the pool is the turn.

A small arena adventure (written below) gives a hero with a known sheet
(pool 6; Move 4, Fight 3, Shoot 3, Skill 2, Will 2, Defence 2), an aggressive
brute (pool 3, Move 2, Fight 2, Defence 2), a guard with two hits (tier 3), an
archer who shoots, a hidden way that takes a hard search, and a glaring
hazard.  The dice of each turn are scripted by patching
``game.engine.dice_for_turn``: every face read is known, a roll nobody
expected runs the script out, and a face left unread fails the test.
"""
from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from itertools import product
from pathlib import Path

import pytest

from game.actions.combat import UNARMED
from game.engine import Engine
from game.events import PLAYER
from game.rules.base import Weapon
from game.rules.dice import ScriptedDice
from game.rules.registry import get_system
from game.saves import SaveStore
from game.systems.open_adventures.events import DamageRolled, Defended, DiceCommitted, PoolLost
from game.systems.open_adventures.sheet import OASheet
from game.world.content import Adventure
from game.world.loader import load_adventure
from tests.conftest import TurnScript as Script
from tests.conftest import say_with_dice

ARENA = '''
[adventure]
id = "arena"
title = "The Arena"
version = "1.0.0"
start = "gate"
system = "open_adventures"
goal = { reach = "prize-room", carrying = ["crown"] }

[player]
name = "Tester"
items = ["knife", "bow", "salve"]
water = 3
food = 3

[player.stats.open_adventures]
move = 4
fight = 3
shoot = 3
skill = 2
will = 2
defence = 2
pool = 6

[rooms.gate]
name = "Gate"
description = "A gate of grey stone."
exits = { north = "yard", west = "range", east = "glare", down = { to = "cellar", hidden = true, find = { check = "perceive", difficulty = "hard" } } }
items = ["stone"]

[rooms.cellar]
name = "Cellar"
description = "A damp cellar."
exits = { up = "gate" }
items = ["idol"]

[rooms.yard]
name = "Yard"
description = "A sandy yard."
exits = { south = "gate", north = "hall" }
npcs = ["brute"]

[rooms.hall]
name = "Hall"
description = "A long hall."
exits = { south = "yard", north = "prize-room" }
npcs = ["warden"]

[rooms.prize-room]
name = "Prize Room"
description = "A small room."
exits = { south = "hall" }
items = ["crown"]

[rooms.range]
name = "Range"
description = "An archery range."
exits = { east = "gate" }
npcs = ["archer"]

[rooms.glare]
name = "Glare"
description = "Blinding white sand."
exits = { west = "gate" }
hazard = { check = "survive", difficulty = "normal" }
hazard_text = "The glare burns you."
hazard_damage = "d8"

[items.knife]
name = "knife"
kind = "weapon"
damage = "d6"

[items.bow]
name = "bow"
kind = "weapon"
damage = "d6"
ranged = true

[items.salve]
name = "salve"
kind = "gift"
effect = { heal = "d8" }

[items.club]
name = "club"
kind = "weapon"
damage = "d6"

[items.longbow]
name = "longbow"
kind = "weapon"
damage = "d8"
ranged = true

[items.stone]
name = "smooth stone"
aliases = ["stone"]
kind = "treasure"

[items.crown]
name = "crown"
kind = "treasure"

[items.idol]
name = "humming idol"
aliases = ["idol"]
kind = "exotica"
identify = "hard"
true_name = "Idol of Echoes"

[npcs.brute]
name = "brute"
disposition = "hostile"
ambush = true
behaviour = "aggressive"
tier = 2
items = ["club"]

[npcs.brute.stats.open_adventures]
move = 2
fight = 2
defence = 2
pool = 3

[npcs.warden]
name = "warden"
disposition = "hostile"
ambush = true
behaviour = "guard"
tier = 3
blocks = "north"

[npcs.archer]
name = "archer"
disposition = "hostile"
ambush = true
behaviour = "guard"
tier = 2
items = ["longbow"]
'''


@pytest.fixture(scope="module")
def arena(tmp_path_factory: pytest.TempPathFactory) -> Adventure:
    folder = tmp_path_factory.mktemp("arena")
    (folder / "adventure.toml").write_text(ARENA, encoding="utf-8")
    return load_adventure(folder)


def make_engine(adventure: Adventure, tmp_path: Path, **options: str) -> Engine:
    system = get_system("open_adventures", options)
    return Engine.new_game(adventure, system, 1, saves=SaveStore(tmp_path, adventure))


@pytest.fixture
def engine(arena: Adventure, tmp_path: Path) -> Engine:
    return make_engine(arena, tmp_path)


def say(engine: Engine, script: Script, command: str, faces: list[int] | None = None) -> list[str]:
    """Type ``command`` with ``faces`` as this turn's dice (none when not given); every face must be read."""
    return say_with_dice(engine, script, command, list(faces or []), all_read=faces is not None)


def hero(engine: Engine) -> OASheet:
    sheet: OASheet = engine.state.player
    return sheet


def set_hero(engine: Engine, **changes: int) -> None:
    engine.state.player = replace(hero(engine), **changes)


def npc(engine: Engine, npc_id: str) -> OASheet:
    sheet: OASheet = engine.state.npcs[npc_id].sheet
    return sheet


def rolls(lines: list[str]) -> list[str]:
    return [line for line in lines if line.startswith("[")]


def into_the_yard(engine: Engine, script: Script) -> list[str]:
    """North into the yard: the brute closes with both Move dice (5: 6") and misses with its last die."""
    return say(engine, script, "n", [5, 1, 2])


# -- the turn lasts several commands ------------------------------------------------------------

def test_entering_a_fight_the_enemy_acts_then_the_players_turn_starts(engine: Engine, script: Script) -> None:
    lines = into_the_yard(engine, script)
    assert lines == [
        "Yard", "A sandy yard.", "A brute is here, and means you harm.", "Exits: south and north.",
        "[the brute moves] Move 2d6 (5, 1) = 1 success vs need 1: success (margin 0)",
        "The brute closes in and is at your side.",
        "The brute commits 1 die to Fight.",
        "[the brute attacks (club)] Fight 1d6 (2) = 0 successes vs need 1: failure (margin -1)",
        "The attack misses.",
        "Your turn: 6 dice. The brute is at your side.",
    ]
    assert engine.status_line().split(" | ")[1] == "dice 6/6"


def test_the_turn_lasts_until_the_player_ends_it(engine: Engine, script: Script) -> None:
    into_the_yard(engine, script)
    lines = say(engine, script, "attack brute with 2", [1, 2])
    assert lines == [
        "You commit 2 dice to Fight.",
        "[you attack the brute] Fight 2d6 (1, 2) = 0 successes vs need 2: failure (margin -2)",
        "The attack misses.",
        "(4 dice of 6 left this turn. Act again, or end the turn.)",
    ]
    assert engine.status_line().split(" | ")[1] == "dice 4/6"
    # the brute struck on its own turn with 1 die and keeps 0; both Fight dice go now, the hero defends with 2 of 4
    lines = say(engine, script, "end", [4, 1, 1, 1])
    assert lines == [
        "You end your turn, 4 dice kept to defend.",
        "The brute commits 2 dice to Fight.",
        "[the brute attacks (club)] Fight 2d6 (4, 1) = 1 success vs need 1: success (margin 0)",
        "1 point of damage.",
        "[you defend] Defence 2d6 (1, 1) = 0 successes vs need 1: failure (margin -1)",
        "You defend, and stop none of it.",
        "You lose 1 die from the pool (pool 5).",
        "Your turn: 5 dice. The brute is at your side.",
    ]
    assert (hero(engine).pool, hero(engine).dice_left) == (5, 5)
    assert engine.status_line().split(" | ")[1] == "dice 5/5 (pool 5/6)"


def test_spent_dice_leave_the_turn_to_the_player_and_defending_then_means_pushing(engine: Engine,
                                                                                 script: Script) -> None:
    """Seed 000 §1 The Dice Pool, the worked example at the prompt: pool 6, two dice to move,
    three to shoot, the last one to move again; then the player may push (§Pushing and Fatigue:
    "If you want to perform more actions in a turn than your dice pool allows, you can") or
    end the turn; on the enemy's turn defending costs fatigue."""
    lines = say(engine, script, "w", [1, 1])
    assert lines[-4:] == [
        "The archer commits 2 dice to Shoot.",
        "[the archer shoots at you (longbow)] Shoot 2d6 (1, 1) = 0 successes vs need 1: failure (margin -1)",
        "The attack misses.",
        "Your turn: 6 dice. The archer is near, 6\" away.",
    ]
    lines = say(engine, script, "move to archer with 2", [1, 2])
    assert lines == ["[move to the archer] Move 2d6 (1, 2) = 0 successes vs need 1: failure (margin -1)",
                     "You stumble and gain no ground; the archer is still near, 6\" away.",
                     "(4 dice of 6 left this turn. Act again, or end the turn.)"]
    # one success is 1 damage, and 1 does not reach the archer's Defence 2 (seed §2: no defence roll)
    lines = say(engine, script, "shoot archer with 3", [4, 1, 1])
    assert lines == [
        "You commit 3 dice to Shoot.",
        "[you attack the archer] Shoot 3d6 (4, 1, 1) = 1 success vs need 2: failure (margin -1)",
        "The archer shrugs it off: 1 damage does not reach Defence 2.",
        "(1 die of 6 left this turn; Shoot used up. Act again, or end the turn.)",
    ]
    lines = say(engine, script, "move to archer with 1", [4])
    assert lines == [
        "[move to the archer] Move 1d6 (4) = 1 success vs need 1: success (margin 0)",
        "You close in: the archer is at your side.",
        "Your dice are spent: push a command past your pool (e.g. \"push attack\", +1 fatigue), or end the turn.",
    ]
    assert say(engine, script, "attack archer")[0].startswith("No dice left this turn. Push a command")
    script.turns[engine.state.turn] = [4, 1, 1, 1]
    lines = engine.submit("end").lines
    assert lines[-1] == ("The archer strikes for 1 and you have no dice left. Push to defend with 2 dice "
                         "(+1 fatigue)? (yes/no)"), "pushing to defend is the player's choice"
    lines = say(engine, script, "yes", [4, 1, 1, 1])
    assert lines == [
        "The archer commits 2 dice to Fight.",
        "[the archer attacks (natural weapons)] Fight 2d6 (4, 1) = 1 success vs need 1: success (margin 0)",
        "1 point of damage.",
        "[you defend] Defence 2d6 (1, 1) = 0 successes vs need 1: failure (margin -1)",
        "You defend (pushing: +1 fatigue), and stop none of it.",
        "You lose 1 die from the pool (pool 5).",
        "Your turn: 4 dice (fatigue 1 takes 1 of your pool of 5). The archer is at your side.",
    ]
    assert hero(engine).fatigue == 1


def test_declining_to_push_for_a_defence_takes_the_blow_unfatigued(engine: Engine, script: Script) -> None:
    say(engine, script, "w", [1, 1])
    say(engine, script, "move to archer with 4", [4, 4, 4, 4])
    say(engine, script, "attack archer with 2", [1, 1])
    script.turns[engine.state.turn] = [4, 1]
    assert engine.submit("end").question
    assert say(engine, script, "no", [4, 1])[-5:] == [
        "[the archer attacks (natural weapons)] Fight 2d6 (4, 1) = 1 success vs need 1: success (margin 0)",
        "1 point of damage.", "You do not defend.", "You lose 1 die from the pool (pool 5).",
        "Your turn: 5 dice. The archer is at your side."]
    assert hero(engine).fatigue == 0


def test_attribute_caps_the_dice_of_a_turn_and_the_default_takes_all_it_allows(engine: Engine, script: Script) -> None:
    into_the_yard(engine, script)
    lines = say(engine, script, "attack brute", [1, 1, 1])
    assert lines[0] == "You commit 3 dice to Fight."
    assert lines[-1] == "(3 dice of 6 left this turn; Fight used up. Act again, or end the turn.)"
    assert say(engine, script, "attack brute") == ["No Fight dice left to spend this turn (Fight 3, all spent)."]
    assert say(engine, script, "shoot brute with 4") == ["Shoot can take at most 3 dice this turn, not 4."]


def test_more_dice_than_are_left_needs_push(engine: Engine, script: Script) -> None:
    into_the_yard(engine, script)
    say(engine, script, "attack brute with 3", [1, 1, 1])
    say(engine, script, "move away with 2", [1, 1])
    turn = engine.state.turn
    assert say(engine, script, "shoot brute with 3") == [
        ("Only 1 die left to act with this turn. Say \"with 1\", or push past your pool "
        "(e.g. \"push attack raider with 3\", +1 fatigue), or end the turn.")]
    assert engine.state.turn == turn and hero(engine).dice_left == 1
    lines = say(engine, script, "push shoot brute with 3", [1, 1, 1])
    assert lines[0] == "You commit 3 dice to Shoot (pushing past the pool: +1 fatigue)."
    assert lines[-1] == ("(0 dice of 6 left this turn; Fight, Shoot used up; pushing: each action now costs "
                         "1 fatigue. Act again, or end the turn.)")
    assert (hero(engine).fatigue, hero(engine).dice_left) == (1, 0)
    assert say(engine, script, "move to brute")[0].startswith("You are already at the brute's side")
    lines = say(engine, script, "back off with 1")
    assert lines == [("No dice left this turn. Push a command past your pool (e.g. \"push attack raider\", "
                     "+1 fatigue), or end the turn.")]
    lines = say(engine, script, "push back off with 1", [1])
    assert "You push past your pool: +1 fatigue (fatigue 2)." in lines
    # the turn stays open after pushing; ending it, the brute strikes and the hero defends by pushing again
    lines = say(engine, script, "end", [1, 1])
    assert lines[-1] == "Your turn: 4 dice (fatigue 2 takes 2 of your pool of 6). The brute is at your side."
    assert hero(engine).dice_left == 4


def test_fatigue_at_the_start_of_a_turn_takes_dice(engine: Engine, script: Script) -> None:
    into_the_yard(engine, script)
    set_hero(engine, fatigue=1)
    lines = say(engine, script, "end", [1, 1])
    assert lines[-1] == "Your turn: 5 dice (fatigue 1 takes 1 of your pool of 6). The brute is at your side."
    assert engine.status_line().split(" | ")[1] == "dice 5/6, fatigue 1"


def test_wait_and_defend_end_the_turn_and_the_dice_left_defend(engine: Engine, script: Script) -> None:
    into_the_yard(engine, script)
    lines = say(engine, script, "wait", [6, 6, 4, 4])
    assert lines[:3] == ["Time passes.", "You wait, 6 dice kept to defend.", "The brute commits 2 dice to Fight."]
    assert "[you defend] Defence 2d6 (4, 4) = 2 successes vs need 4: failure (margin -2)" in lines
    assert "You lose 2 dice from the pool (pool 4)." in lines
    lines = say(engine, script, "defend", [1, 1])
    assert lines[0] == "You stand on guard: 4 dice to defend with, up to 2 against each attack."


def test_defend_n_holds_dice_back_from_the_defaults(engine: Engine, script: Script) -> None:
    into_the_yard(engine, script)
    turn = engine.state.turn
    assert say(engine, script, "defend 4") == ["You hold 4 dice back to defend; 2 dice left to act with."]
    assert engine.state.turn == turn + 1 and engine.status_line().split(" | ")[1] == "dice 6/6 (4 held to defend)"
    lines = say(engine, script, "attack brute", [1, 1, 4, 1, 6, 1])
    assert lines == [
        "You commit 2 dice to Fight.",
        "[you attack the brute] Fight 2d6 (1, 1) = 0 successes vs need 2: failure (margin -2)",
        "The attack misses.",
        "The rest of your dice (4) are held to defend.",
        "The brute commits 2 dice to Fight.",
        "[the brute attacks (club)] Fight 2d6 (4, 1) = 1 success vs need 1: success (margin 0)",
        "1 point of damage.",
        "[you defend] Defence 2d6 (6, 1) = 2 successes vs need 1: success (margin 1)",
        "You defend, and stop 1 point of it.",
        "You take no damage.",
        "Your turn: 6 dice. The brute is at your side.",
    ]


# -- pushing, fatigue, collapse, rest turns -------------------------------------------------------

def test_pushing_into_collapse_asks_then_the_hero_lies_helpless_resting(engine: Engine, script: Script) -> None:
    into_the_yard(engine, script)
    set_hero(engine, fatigue=5)
    say(engine, script, "end", [1, 1])  # the brute misses; the next turn has 6 - 5 = 1 die
    assert hero(engine).dice_left == 1
    script.turns[engine.state.turn] = [1, 1, 4, 1]
    report = engine.submit("push attack brute with 2")
    assert report.question and report.lines[-1].startswith("Pushing now brings your fatigue to 6, your whole pool")
    lines = engine.submit("yes").lines
    assert lines[:3] == [
        "You commit 2 dice to Fight (pushing past the pool: +1 fatigue).",
        "[you attack the brute] Fight 2d6 (1, 1) = 0 successes vs need 2: failure (margin -2)",
        "The attack misses.",
    ]
    assert lines[3:] == [
        "The brute commits 2 dice to Fight.",
        "[the brute attacks (club)] Fight 2d6 (4, 1) = 1 success vs need 1: success (margin 0)",
        "1 point of damage.",
        "Collapsed, you cannot defend yourself.",
        "You lose 1 die from the pool (pool 5).",
        "Your fatigue (6) has reached your pool (5): you have collapsed, and this turn you can only rest (recover).",
    ]
    lines = say(engine, script, "attack brute", [6, 6, 6, 6, 6, 6, 1, 1])  # any command is the rest turn
    assert lines == [
        "Collapsed, you can only rest this turn.",
        "[rest turn] Rest 6d6 (6, 6, 6, 6, 6, 6) = 12 successes vs need 6: success (margin 6)",
        "You rest a turn: 6 fatigue gone (fatigue 0).",
        "The brute commits 2 dice to Fight.",
        "[the brute attacks (club)] Fight 2d6 (1, 1) = 0 successes vs need 1: failure (margin -1)",
        "The attack misses.",
        "Your turn: 5 dice. The brute is at your side.",
    ]


def test_declining_a_collapsing_push_changes_nothing(engine: Engine, script: Script) -> None:
    into_the_yard(engine, script)
    set_hero(engine, fatigue=5)
    say(engine, script, "end", [1, 1])
    before = engine.state.copy()
    script.turns[engine.state.turn] = [1, 1]
    assert engine.submit("push attack brute with 2").question
    assert engine.submit("no").lines == ["You hold back."]
    assert engine.state.copy() == before


def test_recover_is_a_whole_turn_of_rest(engine: Engine, script: Script) -> None:
    into_the_yard(engine, script)
    set_hero(engine, fatigue=2)
    say(engine, script, "end", [1, 1])
    lines = say(engine, script, "recover", [4, 1, 1, 1])
    assert lines[:2] == ["[rest turn] Rest 2d6 (4, 1) = 1 success vs need 2: failure (margin -1)",
                         "You rest a turn: 1 fatigue gone (fatigue 1)."]
    assert lines[-1] == "Your turn: 5 dice (fatigue 1 takes 1 of your pool of 6). The brute is at your side."
    say(engine, script, "attack brute with 1", [1])
    assert say(engine, script, "recover") == [
        "A rest turn must be the whole turn: choose it at the start of your next one."]


def test_rest_short_rests_off_all_fatigue_and_rest_long_heals_a_die(engine: Engine, script: Script) -> None:
    set_hero(engine, fatigue=3)
    set_hero(engine, pool=4)
    lines = say(engine, script, "rest", [4, 1, 1, 6, 1])
    assert lines[1:] == [
        "You rest an hour, a turn at a time:",
        "[rest turn] Rest 3d6 (4, 1, 1) = 1 success vs need 3: failure (margin -2)",
        "You rest a turn: 1 fatigue gone (fatigue 2).",
        "[rest turn] Rest 2d6 (6, 1) = 2 successes vs need 2: success (margin 0)",
        "You rest a turn: 2 fatigue gone (fatigue 0).",
    ]
    lines = say(engine, script, "rest long")
    assert "You rest for hours: fatigue gone, 1 die back (pool 5/6)." in lines
    assert engine.status_line().split(" | ")[1] == "dice 5/5 (pool 5/6)"


# -- moving: range bands and exits ------------------------------------------------------------------

def test_melee_needs_the_enemy_at_your_side_and_moving_closes_six_inches_a_success(
        engine: Engine, script: Script) -> None:
    say(engine, script, "n", [5, 1, 2])
    say(engine, script, "attack brute with 3", [6, 1, 1])  # 2 damage vs Defence 2: killed
    lines = say(engine, script, "n")
    assert lines[-2:] == ["The warden holds its ground 6\" away, 4 dice ready to defend.",
                          "Your turn: 6 dice. The warden is near, 6\" away."]
    assert say(engine, script, "attack warden") == [
        "The warden is near, 6\" away: close in first (\"move to the warden\", 6\" a success), or shoot."]
    assert engine.play.closing_in(engine.world, "warden", UNARMED) == "move to the warden"  # the fact, typed
    assert engine.play.closing_in(engine.world, "warden", Weapon("sling", ranged=True)) is None
    assert say(engine, script, "odds move to warden") == [
        "Odds of move to the warden: 93.8% to succeed.", "  (fail 6.2%)", "  4d6, 4-5 one success, 6 two; need 1"]
    assert say(engine, script, "odds move to warden with 1") == [
        "Odds of move to the warden: 50.0% to succeed.", "  (fail 50.0%)", "  1d6, 4-5 one success, 6 two; need 1"]
    lines = say(engine, script, "move to warden with 1", [4])
    assert lines[:2] == ["[move to the warden] Move 1d6 (4) = 1 success vs need 1: success (margin 0)",
                         "You close in: the warden is at your side."]
    assert engine.play.closing_in(engine.world, "warden", UNARMED) is None
    assert say(engine, script, "move north") == ["The warden bars the way north: get past it first."]


def test_breaking_away_through_an_exit_takes_two_successes_from_melee(engine: Engine, script: Script) -> None:
    into_the_yard(engine, script)
    lines = say(engine, script, "move south", [4, 1, 1, 1])
    assert lines == [
        "[break away south] Move 4d6 (4, 1, 1, 1) = 1 success vs need 2: failure (margin -1)",
        "You cannot get clear. Breaking away from melee takes 2 successes.",
        "(2 dice of 6 left this turn; Move used up. Act again, or end the turn.)",
    ]
    say(engine, script, "end", [1, 1])
    lines = say(engine, script, "flee south", [6, 1, 1, 1])
    assert lines[:3] == ["[break away] Move 4d6 (6, 1, 1, 1) = 2 successes vs need 2: success (margin 0)",
                         "You break away and run south.", "Gate"]
    assert engine.state.room == "gate" and engine.status_line().split(" | ")[1] == "dice 6/6"


def test_back_off_from_a_guard_that_does_not_follow(engine: Engine, script: Script) -> None:
    say(engine, script, "n", [5, 1, 2])
    say(engine, script, "attack brute with 3", [6, 1, 1])
    say(engine, script, "n")
    say(engine, script, "move to warden with 1", [4])
    lines = say(engine, script, "back off with 2", [6, 1])
    assert lines[:2] == ["[back off] Move 2d6 (6, 1) = 2 successes vs need 2: success (margin 0)",
                         "You back off: the warden is near, 6\" away."]


def test_out_of_a_fight_move_is_go_and_needs_no_dice(engine: Engine, script: Script) -> None:
    assert say(engine, script, "move to stone") == [
        "Out of a fight there are no inches to count: you can simply go where you like."]
    assert say(engine, script, "end") == ["There is no fight on: out of one, every command is a turn of its own."]
    assert say(engine, script, "move down") == ["You can't go down from here."]


# -- NPCs -----------------------------------------------------------------------------------------------

def test_an_npc_is_hurt_only_by_damage_reaching_its_defence_and_some_take_two_hits(
        engine: Engine, script: Script) -> None:
    say(engine, script, "n", [5, 1, 2])
    say(engine, script, "attack brute with 3", [6, 1, 1])
    say(engine, script, "n")
    say(engine, script, "move to warden with 1", [4])
    # the warden (tier 3: Defence 2, pool 4, two hits): seed §2, the threshold only
    lines = say(engine, script, "attack warden with 3", [6, 4, 1])
    assert lines[-3:-1] == ["3 points of damage.", "The warden is injured (3 damage vs Defence 2; 1 more hit to go)."]
    assert (npc(engine, "warden").hits, npc(engine, "warden").pool) == (1, 3)
    assert engine.world.npc_condition("warden") == "ok"


def test_option_npc_defence_roll_is_the_npcs_own_roll(arena: Adventure, tmp_path: Path, script: Script) -> None:
    engine = make_engine(arena, tmp_path, npc_defence="roll")
    say(engine, script, "n", [5, 1, 2])
    say(engine, script, "attack brute with 3", [6, 1, 1])
    say(engine, script, "n")
    say(engine, script, "move to warden with 1", [4])
    # the warden rolls 2 defence dice from its 4; the line names it, not the player
    lines = say(engine, script, "attack warden with 3", [6, 4, 1, 1, 1])
    assert "[the warden defends] Defence 2d6 (1, 1) = 0 successes vs need 3: failure (margin -3)" in lines
    assert lines[-4:-1] == ["3 points of damage.", "The warden defends, and stops none of it.",
                            "The warden is injured (3 damage vs Defence 2; 1 more hit to go)."]
    # a blow short of the Defence is not worth a defence roll: no faces are read for one
    say(engine, script, "end", [1, 1, 1])
    lines = say(engine, script, "attack warden with 1", [4])
    assert lines[-2] == "The warden shrugs it off: 1 damage does not reach Defence 2."


def test_npc_blocks_from_the_tier_and_an_archer_shoots_from_range(engine: Engine, script: Script) -> None:
    lines = say(engine, script, "w", [4, 6, 4, 1])
    assert lines[4:] == [
        "The archer commits 2 dice to Shoot.",
        "[the archer shoots at you (longbow)] Shoot 2d6 (4, 6) = 3 successes vs need 1: success (margin 2)",
        "3 points of damage.",
        "[you defend] Defence 2d6 (4, 1) = 1 success vs need 3: failure (margin -2)",
        "You defend, and stop 1 point of it.",
        "You lose 2 dice from the pool (pool 4).",
        "Your turn: 4 dice. The archer is near, 6\" away.",
    ]
    archer = npc(engine, "archer")  # tier 2, no stat table
    assert (archer.move, archer.fight, archer.shoot, archer.skill, archer.will, archer.defence, archer.pool,
            archer.hits) == (2, 2, 2, 1, 2, 2, 3, 1)
    assert archer.dice_left == 1


# -- health is the pool ----------------------------------------------------------------------------------

def test_an_empty_pool_is_death(engine: Engine, script: Script) -> None:
    into_the_yard(engine, script)
    set_hero(engine, pool=1)
    lines = say(engine, script, "end", [6, 1, 1, 1])
    assert lines[-3:] == ["You defend, and stop none of it.", "You lose 2 dice from the pool (pool 0) and die.",
                          "You are dead."]
    assert engine.state.status == "dead"


def test_knocked_out_with_an_enemy_standing_is_the_end_too(arena: Adventure, tmp_path: Path, script: Script) -> None:
    engine = make_engine(arena, tmp_path, zero_pool="knocked-out")
    into_the_yard(engine, script)
    set_hero(engine, pool=1)
    lines = say(engine, script, "end", [6, 1, 1, 1])
    assert lines[-2:] == ["You lose 2 dice from the pool (pool 0) and are knocked out.",
                          "You fall, and the brute makes sure you never rise."]


def test_healing_and_harm_move_dice_of_the_pool(engine: Engine, script: Script) -> None:
    lines = say(engine, script, "e", [1, 1, 6, 4])
    assert lines[:4] == [
        "[survive] Will 2d6 (1, 1) = 0 successes vs need 2: failure (margin -2)",
        "The glare burns you.",
        "[hazard] Harm 2d6 (6, 4) = 3 successes vs need 1: success (margin 2)",
        "You lose 3 dice from the pool (pool 3).",
    ]
    lines = say(engine, script, "use salve", [1, 5])
    assert lines == ["You use the salve.", "[heal] Heal 2d6 (1, 5) = 1 success vs need 1: success (margin 0)",
                     "You regain 1 die (pool 4/6)."]


# -- checks out of a fight -------------------------------------------------------------------------------

def test_out_of_a_fight_each_command_is_a_turn_and_long_checks_add_up(engine: Engine, script: Script) -> None:
    lines = say(engine, script, "search", [4, 1])
    assert lines == ["[search] Skill 2d6 (4, 1) = 1 success vs need 3: failure (margin -2)",
                     "Progress: 1 of 3 successes. Do the same again to keep at it; anything else in between loses it.",
                     "You search, but find nothing. Something may still be hidden here."]
    assert engine.status_line().split(" | ")[1] == "dice 6/6"
    assert say(engine, script, "odds search") == [
        "Odds of search: 41.7% to succeed.", "  (fail 58.3%)", "  2d6, 4-5 one success, 6 two; need 2"]
    lines = say(engine, script, "search", [4, 5])
    assert lines[:3] == ["[search] Skill 2d6 (4, 5) = 2 successes vs need 2: success (margin 0)",
                         "Progress: 3 of 3 successes (with 1 from before).", "You find a hidden way down!"]


def test_identifying_is_a_skill_check_whose_successes_add_up(engine: Engine, script: Script) -> None:
    """Seed 000 §2 Skill Checks: a hard identify (3 successes) at Skill 2 is reached over
    several tries; a failed try with progress does not lock the thing away."""
    engine.world.move_item("idol", PLAYER)
    lines = say(engine, script, "identify idol", [4, 1])
    assert lines[:2] == ["[identify] Skill 2d6 (4, 1) = 1 success vs need 3: failure (margin -2)",
                         "Progress: 1 of 3 successes. Do the same again to keep at it; anything else in between loses it."]
    assert "A settlement appraiser" not in " ".join(lines)
    lines = say(engine, script, "identify idol", [6, 1])
    assert lines[:3] == ["[identify] Skill 2d6 (6, 1) = 2 successes vs need 2: success (margin 0)",
                         "Progress: 3 of 3 successes (with 1 from before).",
                         "You work it out: this is the Idol of Echoes."]


def test_another_action_between_loses_the_progress(engine: Engine, script: Script) -> None:
    say(engine, script, "search", [4, 1])
    say(engine, script, "take stone")
    lines = say(engine, script, "search", [4, 5])
    assert lines[:2] == ["[search] Skill 2d6 (4, 5) = 2 successes vs need 3: failure (margin -1)",
                         "Progress: 2 of 3 successes. Do the same again to keep at it; anything else in between loses it."]


# -- odds, help, saves --------------------------------------------------------------------------------------

def test_odds_of_an_attack_count_the_enemys_defence_roll(engine: Engine, script: Script) -> None:
    into_the_yard(engine, script)
    # 3 Fight dice with a knife (no bonus) against Defence 2; the brute has 0 dice left to defend
    lines = say(engine, script, "odds attack brute")
    expected = Fraction(sum(1 for faces in product(range(1, 7), repeat=3)
                            if sum(2 if f == 6 else 1 if f >= 4 else 0 for f in faces) >= 2), 6 ** 3)
    assert lines[0] == f"Odds of attack the brute: {float(expected) * 100:.1f}% to succeed."
    assert lines[-1] == "  Fight 3d6; it harms when 2+ damage gets through"


def test_help_explains_the_pool_commands(engine: Engine) -> None:
    text = "\n".join(engine.submit("rules").lines)
    for phrase in ("push COMMAND", "defend N", "move to NPC", "recover", "end (or done, pass)"):
        assert phrase in text


def test_the_turn_survives_a_save_and_load(engine: Engine, script: Script) -> None:
    into_the_yard(engine, script)
    say(engine, script, "attack brute with 2", [1, 1])
    say(engine, script, "save fight")
    say(engine, script, "attack brute with 1", [1])
    say(engine, script, "load fight")
    say(engine, script, "yes")
    assert hero(engine).dice_left == 4 and engine.state.moment.fight is True
    assert say(engine, script, "attack brute with 1", [1])[-1] == (
        "(3 dice of 6 left this turn; Fight used up. Act again, or end the turn.)")


def test_waiting_between_two_searches_keeps_the_progress(engine: Engine, script: Script) -> None:
    say(engine, script, "search", [4, 1])
    say(engine, script, "wait")
    lines = say(engine, script, "search", [4, 5])
    assert lines[:3] == ["[search] Skill 2d6 (4, 5) = 2 successes vs need 2: success (margin 0)",
                         "Progress: 3 of 3 successes (with 1 from before).", "You find a hidden way down!"]


def test_collapsing_out_of_a_fight_rests_it_off_at_once(engine: Engine, script: Script) -> None:
    set_hero(engine, fatigue=5)
    script.turns[engine.state.turn] = [1, 1, 6, 6, 6, 1, 1, 1]
    assert engine.submit("push search").question
    lines = engine.submit("yes").lines
    assert lines == [
        "You push past your pool: +1 fatigue (fatigue 6).",
        "[search] Skill 2d6 (1, 1) = 0 successes vs need 3: failure (margin -3)",
        "Progress: 0 of 3 successes. Do the same again to keep at it; anything else in between loses it.",
        "You search, but find nothing. Something may still be hidden here.",
        "You collapse, and lie gasping until you can stand again.",
        "[rest turn] Rest 6d6 (6, 6, 6, 1, 1, 1) = 6 successes vs need 6: success (margin 0)",
        "You rest a turn: 6 fatigue gone (fatigue 0).",
    ]
    assert engine.status_line().split(" | ")[1] == "dice 6/6"


def test_move_n_closes_on_the_nearest_enemy_and_defend_0_frees_held_dice(engine: Engine, script: Script) -> None:
    say(engine, script, "n", [5, 1, 2])
    say(engine, script, "attack brute with 3", [6, 1, 1])
    say(engine, script, "n")
    assert say(engine, script, "defend 5") == ["You hold 5 dice back to defend; 1 die left to act with."]
    assert say(engine, script, "move 2") == [
        ("Only 1 die left to act with this turn. Say \"with 1\", or push past your pool "
        "(e.g. \"push attack raider with 2\", +1 fatigue), or end the turn.")]
    assert say(engine, script, "defend 0") == ["You hold no dice back; 6 dice left to act with."]
    lines = say(engine, script, "move 2", [1, 5])
    assert lines[:2] == ["[move to the warden] Move 2d6 (1, 5) = 1 success vs need 1: success (margin 0)",
                         "You close in: the warden is at your side."]


def test_an_attack_intent_beside_the_player_strikes_on_the_npcs_own_pool(engine: Engine, script: Script) -> None:
    from game.actions import Turn
    from game.npc.intents import Attack

    into_the_yard(engine, script)
    turn = Turn(engine.world, play=engine.play, dice=ScriptedDice([4, 6, 1, 1]))
    Attack().perform(turn, "brute")
    assert [e for e in turn.events if not hasattr(e, "result")] == [
        DiceCommitted("brute", "fight", 2), DamageRolled(PLAYER, 3), Defended(PLAYER, 0),
        PoolLost(PLAYER, 3, 3, "ok")]
    assert turn.lines[0] == "The brute commits 2 dice to Fight."
    assert turn.lines[-1] == "You lose 3 dice from the pool (pool 3)."
    assert (npc(engine, "brute").dice_left, hero(engine).dice_left) == (1, 3)


def test_knocked_out_with_nobody_near_you_come_round(arena: Adventure, tmp_path: Path, script: Script) -> None:
    engine = make_engine(arena, tmp_path, zero_pool="knocked-out")
    set_hero(engine, pool=2)
    lines = say(engine, script, "e", [1, 1, 6, 1])
    assert lines[2:5] == ["[hazard] Harm 2d6 (6, 1) = 2 successes vs need 1: success (margin 1)",
                          "You lose 2 dice from the pool (pool 0) and are knocked out.", "Glare"]
    assert lines[-1] == "You lie senseless for an hour, then come round with a single die in your pool."
    assert engine.state.status == "playing" and engine.status_line().split(" | ")[1] == "dice 1/1 (pool 1/6)"


def test_option_spent_dice_turn_ends_ends_the_turn_when_the_dice_run_out(arena: Adventure, tmp_path: Path,
                                                                        script: Script) -> None:
    engine = make_engine(arena, tmp_path, spent_dice="turn-ends")
    say(engine, script, "w", [1, 1])
    say(engine, script, "move to archer with 2", [1, 2])
    say(engine, script, "shoot archer with 3", [4, 1, 1])
    script.turns[engine.state.turn] = [4, 4, 1, 1, 1]
    lines = engine.submit("move to archer with 1").lines
    assert lines[2] == "Your dice are spent for this turn."
    assert lines[-1].startswith("The archer strikes for 1 and you have no dice left. Push to defend")
    assert any(line.startswith("[the archer attacks") for line in say(engine, script, "yes", [4, 4, 1, 1, 1]))


def test_a_reach_weapon_strikes_a_foe_not_yet_at_your_side(tmp_path: Path, script: Script) -> None:
    """Seed 000 §2 Close Combat: adjacent "unless you have a weapon that allows melee attacks from
    longer range": a knife given ``reach = 6`` strikes the archer 6" away; without it, close in first."""
    folder = tmp_path / "reach"
    folder.mkdir()
    (folder / "adventure.toml").write_text(ARENA.replace('[items.knife]\nname = "knife"\nkind = "weapon"\ndamage = "d6"\n',
                                                         '[items.knife]\nname = "knife"\nkind = "weapon"\ndamage = "d6"\n'
                                                         '[items.knife.stats.open_adventures]\nreach = 6\n'),
                                           encoding="utf-8")
    engine = make_engine(load_adventure(folder), tmp_path / "saves")
    say(engine, script, "w", [1, 1])
    assert "it reaches 6\" away" in " ".join(say(engine, script, "x knife"))
    lines = say(engine, script, "attack archer with 2", [1, 1])
    assert lines[1].startswith("[you attack the archer] Fight 2d6 (1, 1)"), lines
    plain = make_engine(load_adventure_text(tmp_path / "plain", ARENA), tmp_path / "saves2")
    say(plain, script, "w", [1, 1])
    assert say(plain, script, "attack archer with 2")[0].startswith("The archer is near, 6\" away: close in first")


def load_adventure_text(folder: Path, text: str) -> Adventure:
    folder.mkdir()
    (folder / "adventure.toml").write_text(text, encoding="utf-8")
    return load_adventure(folder)
