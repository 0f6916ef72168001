"""OpenD6 initiative and specializations at the prompt (OpenD6's public rules; seed 002 names
the order of play).  The tiny adventure under ``opend6``, its dice scripted per turn.

The dune raider is tier 1: Perception 2D (a die and the Wild Die), melee 3D; the hero
rolls Perception 3D.  Initiative faces come first in a round: the player's, then the
raider's.
"""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from game.actions import Turn
from game.engine import Engine
from game.errors import ActionRefused
from game.events import PLAYER, RollMade
from game.meta import why_lines
from game.parser import parse
from game.rules.dice import ScriptedDice
from game.rules.registry import get_system
from game.saves import SaveStore
from game.systems.opend6.events import ActionLost, InitiativeRolled
from game.systems.opend6.initiative import RULE, roll_initiative
from game.systems.opend6.rules import OpenD6
from game.systems.opend6.types import D6Moment, D6Sheet
from game.world.content import Adventure
from tests.conftest import TurnScript as Script
from tests.conftest import say_with_dice as say

HERO: dict[str, Any] = {
    "reflexes": "3D", "coordination": "3D", "physique": "3D", "knowledge": "3D", "perception": "3D",
    "presence": "3D", "skills": {"melee": "1D", "dodge": "1D", "search": "1D", "scholar": "1D"},
}
YOU_FIRST = ["[your initiative] Perception 3D (4, 4 + wild 4) = 12",
             "[initiative of the dune raider] Perception 2D (1 + wild 2) = 3", "You act first."]


def make_engine(adventure: Adventure, tmp_path: Path, stats: dict[str, Any] | None = None, **options: str) -> Engine:
    system = get_system("opend6", options)
    engine = Engine.new_game(adventure, system, 1, saves=SaveStore(tmp_path, adventure))
    assert isinstance(system, OpenD6)
    sheet = system.new_character(stats or HERO, ScriptedDice([]))
    engine.state.player = replace(sheet, cp_prompt=False)  # no Character Point question after a miss
    return engine


@pytest.fixture
def engine(tiny: Adventure, tmp_path: Path) -> Engine:
    return make_engine(tiny, tmp_path)


def to_the_well(engine: Engine, script: Script) -> None:
    """Walk north to the raider (no foe at the camp: no initiative); it misses (1, 1 + wild 2)."""
    lines = say(engine, script, "n", [1, 1, 2], all_read=True)
    assert "The dune raider misses you." in lines and not any("initiative" in line for line in lines)


def events(engine: Engine, script: Script, command: str, faces: list[int]) -> list[Any]:
    """The events of ``command`` played on ``faces`` (every face read)."""
    turn_events: list[Any] = []
    original = engine.play.perform

    def spy(turn: Turn, *args: Any) -> None:
        try:
            original(turn, *args)
        finally:
            turn_events[:] = list(turn.events)

    engine.play.perform = spy  # type: ignore[method-assign]
    try:
        say(engine, script, command, faces, all_read=True)
    finally:
        del engine.play.perform
    return turn_events


# -- the round's order ---------------------------------------------------------------------

def test_each_round_of_a_fight_starts_with_everyones_perception_roll(engine: Engine, script: Script) -> None:
    to_the_well(engine, script)
    # initiative 4, 4 + wild 4 = 12 against 1 + wild 2 = 3; attack 4D: 1, 1, 1 + wild 2 = 5, a miss;
    # then the raider attacks: 1, 1 + wild 2
    lines = say(engine, script, "attack raider", [4, 4, 4, 1, 2, 1, 1, 1, 2, 1, 1, 2], all_read=True)
    assert lines[:3] == YOU_FIRST
    assert lines[4].startswith("[you attack the dune raider]")
    assert lines[-1] == "The dune raider misses you."
    labels = [label for _, label, _ in engine.dice_log[-4:]]
    assert labels == ["your initiative", "initiative of the dune raider", "you attack the dune raider",
                      "the dune raider attacks"]


def test_a_foe_that_beats_you_acts_before_your_action_and_only_once(engine: Engine, script: Script) -> None:
    to_the_well(engine, script)
    # initiative 1, 1 + wild 2 = 4 against 5 + wild 5 = 10: the raider attacks first (1, 1 + wild 2, a
    # miss), then the player's attack (1, 1, 1 + wild 2, a miss); the raider does not attack again
    lines = say(engine, script, "attack raider", [1, 1, 2, 5, 5, 1, 1, 2, 1, 1, 1, 2], all_read=True)
    assert lines[2:5] == ["The dune raider acts before you.",
                          "[the dune raider attacks] Reflexes + melee 3D (1, 1 + wild 2) = 4 vs 12: failure"
                          " (margin -8)", "The dune raider misses you."]
    assert lines[5].startswith("Hitting the dune raider")
    assert lines[-1] == "You miss the dune raider."
    assert engine.state.moment is None  # the round's initiative is forgotten at its end


def test_the_round_is_told_as_an_event(engine: Engine, script: Script) -> None:
    to_the_well(engine, script)
    told = events(engine, script, "attack raider", [1, 1, 2, 5, 5, 1, 1, 2, 1, 1, 1, 2])
    assert InitiativeRolled(("raider", PLAYER), ("raider",)) in told


def test_a_tie_goes_to_the_better_perception_then_to_you(tiny: Adventure, tmp_path: Path, script: Script) -> None:
    engine = make_engine(tiny, tmp_path)
    to_the_well(engine, script)
    # 3D: 1, 1 + wild 2 = 4 against 2D: 2 + wild 2 = 4: a tie; the hero's Perception 3D is the better
    lines = say(engine, script, "attack raider", [1, 1, 2, 2, 2, 1, 1, 1, 2, 1, 1, 2], all_read=True)
    assert lines[2] == "You act first."
    engine = make_engine(tiny, tmp_path / "even", {**HERO, "perception": "2D"})
    to_the_well(engine, script)
    # 2D against 2D: 2 + wild 2 against 2 + wild 2: a tie of both, the player's (house rule)
    lines = say(engine, script, "attack raider", [2, 2, 2, 2, 1, 1, 1, 2, 1, 1, 2], all_read=True)
    assert lines[2] == "You act first."


def test_wounds_slow_the_initiative_roll() -> None:
    sheet = OpenD6().new_character({**HERO, "perception": "3D"}, ScriptedDice([]))
    hurt = D6Sheet.from_data({**sheet.to_data(), "wound_level": 3})
    result = roll_initiative([(PLAYER, hurt)], ScriptedDice([4]), "complication")
    assert result.rolls[PLAYER].text == "Perception (severely wounded -2D) 1D (wild 4) = 4"
    assert result.rolls[PLAYER].rule == RULE


def test_the_order_of_several_runs_highest_first_ties_by_perception_then_as_given() -> None:
    system = OpenD6()
    keen = system.npc_sheet(1, {"perception": "3D"})
    dull = system.npc_sheet(1, None)
    you = system.new_character(HERO, ScriptedDice([]))
    # you 3D: 2, 2 + wild 2 = 6; keen 3D: 1, 3 + wild 2 = 6; dull 2D: 4 + wild 5 = 9; dim 2D: 4 + wild 2 = 6
    result = roll_initiative([(PLAYER, you), ("keen", keen), ("dull", dull), ("dim", dull)],
                             ScriptedDice([2, 2, 2, 1, 3, 2, 4, 5, 4, 2]), "complication")
    assert result.order == ("dull", PLAYER, "keen", "dim")
    assert result.ahead_of(PLAYER) == ("dull",)


def test_the_player_first_option_rolls_no_initiative(tiny: Adventure, tmp_path: Path, script: Script) -> None:
    engine = make_engine(tiny, tmp_path, initiative="player-first")
    to_the_well(engine, script)
    lines = say(engine, script, "attack raider", [1, 1, 1, 2, 1, 1, 2], all_read=True)
    assert lines[1].startswith("[you attack the dune raider]")


# -- what starts no round ---------------------------------------------------------------------

def test_a_refused_command_rolls_no_initiative_and_costs_nothing(engine: Engine, script: Script) -> None:
    to_the_well(engine, script)
    turn = engine.state.turn
    refused = say(engine, script, "take stone", [], all_read=True)
    assert len(refused) == 1 and "stone" in refused[0]
    assert say(engine, script, "points", [], all_read=True)[0].startswith("Character Points 5")
    assert engine.state.turn == turn + 1  # points is a turn of no time: no initiative either
    assert not any("initiative" in label for _, label, _ in engine.dice_log)


def test_a_fight_you_open_is_a_surprise(engine: Engine, script: Script) -> None:
    to_the_well(engine, script)
    engine.submit("attack hermit")  # the question comes before any die
    # yes: the hermit was not hostile, so only the raider rolls (you 12, it 3); the attack hits
    # nothing; the hermit and the raider then act in the NPC phase
    script.turns[engine.state.turn] = [4, 4, 4, 1, 2, 1, 1, 1, 2, 1, 1, 2, 1, 1, 2]
    lines = engine.submit("yes").lines
    assert lines[:3] == YOU_FIRST
    assert not any("initiative of the old hermit" in line for line in lines)


def test_a_player_felled_before_acting_never_acts(engine: Engine, script: Script) -> None:
    to_the_well(engine, script)
    # the raider wins (4 against 10) and hits: 6, 6 + wild 5 = 17; damage 3D+1: 6, 6 + wild 5 + 1 = 18;
    # resistance 3D: 1, 1 + wild 2 = 4: margin 14, mortally wounded
    lines = say(engine, script, "search", [1, 1, 2, 5, 5, 6, 6, 5, 6, 6, 5, 1, 1, 2], all_read=True)
    assert "You never get to act." in lines
    assert not any(line.startswith("[search]") for line in lines)


def test_an_action_the_foes_made_impossible_is_lost_but_the_round_stands(engine: Engine, script: Script) -> None:
    """Played through ``perform`` with a handler refused once the raider has acted: "The moment has passed"."""
    to_the_well(engine, script)
    calls: list[Turn] = []

    def handler(turn: Turn, command: Any) -> None:
        calls.append(turn)
        if len(calls) == 1:
            turn.dice.roll(6)  # the trial: the action reaches its first die
        raise ActionRefused("You see no raider here.")

    turn = Turn(engine.world, play=engine.play, dice=ScriptedDice([1, 1, 2, 5, 5, 1, 1, 2]), command=parse("attack raider"),
                world_dice=ScriptedDice([]))
    engine.play.perform(turn, parse("attack raider"), handler)
    assert ActionLost("You see no raider here.") in turn.events
    assert turn.minutes == 1 and len(calls) == 2
    assert turn.lines[-1] == "You see no raider here. The moment has passed."


# -- the dice log, why, undo, saves -----------------------------------------------------------------

def test_why_explains_an_initiative_roll(engine: Engine, script: Script) -> None:
    to_the_well(engine, script)
    say(engine, script, "attack raider", [4, 4, 4, 1, 2, 1, 1, 1, 2, 1, 1, 2])
    turn, label, result = next(entry for entry in engine.dice_log if entry[1] == "your initiative")
    lines = why_lines("opend6", "OpenD6", label, result)
    assert any("OpenD6, Order of Play" in line and "roll Perception" in line for line in lines)
    assert "OpenD6, Order of Play (house rule)" in " ".join(say(engine, script, "dice"))


def test_undo_and_the_same_command_bring_the_same_round(tiny: Adventure, tmp_path: Path) -> None:
    engine = Engine.new_game(tiny, get_system("opend6", {}), 5, saves=SaveStore(tmp_path, tiny))
    engine.submit("n")
    first = engine.submit("attack raider").lines
    assert any(line.startswith("[your initiative]") for line in first)
    engine.submit("undo")
    assert engine.submit("attack raider").lines == first


def test_the_moment_of_a_round_is_typed_and_saved() -> None:
    moment = D6Moment(round_turn=4, round_order=("raider", PLAYER), acted_first=("raider",))
    data = moment.to_data()
    assert data == {"round_turn": 4, "round_order": ["raider", "player"], "acted_first": ["raider"]}
    assert D6Moment.from_data(data) == moment
    assert moment.acted(4) == ("raider",) and moment.acted(5) == ()
    for bad, problem in [({"round_order": ["raider"]}, "moment.round_turn: missing"),
                         ({"round_turn": 1, "round_order": "raider"}, "moment.round_order: expected a list"),
                         ({"round_turn": 1, "round_order": ["a"], "acted_first": ["b"]}, "moment.acted_first:"),
                         ({"round_turn": 1, "round_order": ["a", "a"]}, "moment.round_order: names someone twice")]:
        with pytest.raises(ValueError, match=problem):
            D6Moment.from_data(bad)


# -- specializations in play --------------------------------------------------------------------

def test_an_attack_with_the_covered_weapon_names_the_specialization(tiny: Adventure, tmp_path: Path,
                                                                   script: Script) -> None:
    engine = make_engine(tiny, tmp_path, {**HERO, "specializations": {"melee: knife": "5D+1"}})
    to_the_well(engine, script)
    # you first (12 against 3); the attack 5D+1: 1, 1, 1, 1 + wild 2 + 1 = 7, a miss; the raider misses
    lines = say(engine, script, "attack raider", [4, 4, 4, 1, 2, 1, 1, 1, 1, 2, 1, 1, 2], all_read=True)
    assert lines[4] == "[you attack the dune raider] Reflexes + melee: knife 5D+1 (1, 1, 1, 1 + wild 2 + 1) = 7: failure"
    odds = say(engine, script, "odds")
    assert odds[-1].startswith("  5D+1 with a Wild Die")


def test_a_check_on_an_item_of_a_covered_kind_names_the_specialization(tiny: Adventure, tmp_path: Path,
                                                                      script: Script) -> None:
    relics = {"code": "5D", "covers": ["exotica"]}
    engine = make_engine(tiny, tmp_path, {**HERO, "specializations": {"scholar: relics": relics}})
    engine.state.item_moves["rod"] = PLAYER
    lines = say(engine, script, "identify rod", [6, 6, 6, 6, 2], all_read=True)
    assert "[identify] Knowledge + scholar: relics 5D (6, 6, 6, 6 + wild 2) = 26: success" in lines
    assert "Specialized  scholar: relics 5D (exotica)" in " ".join(say(engine, script, "stats"))


def test_points_improve_raises_a_specialization_at_half_cost(tiny: Adventure, tmp_path: Path, script: Script) -> None:
    engine = make_engine(tiny, tmp_path, {**HERO, "specializations": {"melee: knife": "5D"}})
    assert say(engine, script, "points improve melee: knife") == [
        "You spend 3 Character Points: melee: knife rises from 5D to 5D+1 (2 left)."]
    assert say(engine, script, "points improve knife") == [
        "Raising melee: knife to 5D+2 costs 3 Character Points; you have 2."]
    say(engine, script, "save")
    assert '[state.player.specializations."melee: knife"]' in (tmp_path / "tiny" / "quicksave.toml").read_text()
    say(engine, script, "points improve melee")  # 4 Character Points short: refused, nothing changes
    engine.state.player = replace(engine.state.player, specializations={})
    say(engine, script, "load")
    assert str(engine.state.player.specializations["melee: knife"].code) == "5D+1"


def test_the_roll_event_carries_the_initiative_rolls(engine: Engine, script: Script) -> None:
    to_the_well(engine, script)
    told = events(engine, script, "attack raider", [4, 4, 4, 1, 2, 1, 1, 1, 2, 1, 1, 2])
    rolls = [event for event in told if isinstance(event, RollMade) and "initiative" in event.label]
    assert [event.result.figures["total"] for event in rolls] == [12, 3]


def test_a_format_2_save_from_before_initiative_loads_and_fights_on(tmp_path: Path) -> None:
    """Saved by the game before initiative and specializations (a Fate Point and a Character
    Point set aside, the raider standing): it loads as it was and the next attack opens a round."""
    import shutil

    from game.paths import bundled_root
    from game.world.loader import find_adventure, load_adventure

    glass_oasis = load_adventure(find_adventure("glass-oasis", bundled_root()))
    (tmp_path / "glass-oasis").mkdir()
    shutil.copy(Path(__file__).parent / "data" / "opend6-format2-before-initiative.toml",
                tmp_path / "glass-oasis" / "mid.toml")
    store = SaveStore(tmp_path, glass_oasis)
    state, _notes = store.load("mid")
    assert state.moment == D6Moment(fate_armed=True, cp_armed=1) and state.player.specializations == {}
    engine = Engine(glass_oasis, get_system("opend6", glass_oasis.rules.get("opend6", {})), state, saves=store)
    lines = engine.submit("attack raider").lines
    assert lines[0].startswith("[your initiative] Perception 3D")
    assert any("Fate Point x2, Character Points +1D" in line for line in lines)
