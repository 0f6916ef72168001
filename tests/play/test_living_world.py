"""The living world under all five systems: a downed player's fate, fights, memory and witnesses.

Each test builds the situation in a small adventure written below, under
every rule system, and asserts on the world and the events (not the prose).
Where the world's own dice decide (morale, reactions), the test states what
the outcome may be rather than fishing for faces.
"""
from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest

from game.actions import Turn
from game.actions.deeds import after_npc_hit
from game.engine import Engine
from game.events import PLAYER
from game.events.fight import Fled
from game.events.world import Arrived, CalledForHelp, Crossed, Left
from game.npc import memory
from game.npc.intents import Attack, CallAllies, Finish, Flee, HoldBack, LeaveBe, Pursue, Rob, TakePrisoner, Wait
from game.npc.policies import policy_for
from game.npc.view import NpcView
from game.play import living
from game.rules.dice import dice_for_turn
from game.rules.registry import SYSTEM_IDS, get_system
from game.systems.bind.events import LifeAtStake
from game.world.loader import load_adventure
from game.world.state import npc_place

ADVENTURE = """
[adventure]
id = "living-test"
title = "A Living World"
version = "1.0.0"
start = "yard"
system = "vaarn"
intro = "A test."
goal = { reach = "tower" }

[player]
items = ["knife", "gem"]
water = 5
food = 5

[rooms.yard]
name = "Yard"
description = "A yard."
exits = { north = "pass", east = "market", west = "den" }
npcs = ["beast"]

[rooms.pass]
name = "Pass"
description = "A pass."
exits = { south = "yard", north = "tower" }
npcs = ["guard"]

[rooms.tower]
name = "Tower"
description = "The end."
exits = { south = "pass" }

[rooms.market]
name = "Market"
description = "Stalls."
exits = { west = "yard" }
npcs = ["trader", "mouse", "watch", "pilgrim"]

[rooms.den]
name = "Den"
description = "A den."
exits = { east = "yard" }
npcs = ["pack"]

[items.knife]
name = "knife"
kind = "weapon"
damage = "d6"

[items.gem]
name = "gem"
kind = "treasure"

[items.spear]
name = "spear"
kind = "weapon"
damage = "d8"

[npcs.beast]
name = "beast"
disposition = "hostile"
behaviour = "aggressive"
tier = 3

[npcs.guard]
name = "guard"
disposition = "hostile"
behaviour = "guard"
blocks = "north"
tier = 2
items = ["spear"]

[npcs.trader]
name = "trader"
disposition = "merchant"
behaviour = "merchant"
tier = 1

[npcs.mouse]
name = "mouse"
disposition = "neutral"
behaviour = "coward"
tier = 1

[npcs.watch]
name = "watchman"
disposition = "neutral"
behaviour = "guard"
tier = 1

[npcs.pilgrim]
name = "pilgrim"
disposition = "neutral"
behaviour = "cautious"
tier = 1

[npcs.pack]
name = "pack hound"
disposition = "hostile"
behaviour = "aggressive"
tier = 1
"""


@pytest.fixture(scope="module")
def adventure(tmp_path_factory: pytest.TempPathFactory):
    folder: Path = tmp_path_factory.mktemp("living")
    (folder / "adventure.toml").write_text(ADVENTURE, encoding="utf-8")
    return load_adventure(folder)


def new(adventure, system_id: str, seed: int = 1) -> Engine:
    """A run under ``system_id``; Open Adventures with its knock-out option (a pool of 0 is not death)."""
    options = {"zero_pool": "knocked-out"} if system_id == "open_adventures" else {}
    return Engine.new_game(adventure, get_system(system_id, options), seed)


def turn_of(engine: Engine, start_room: str = "", seed: int = 7) -> Turn:
    return Turn(engine.world, play=engine.play, dice=dice_for_turn(seed, 0), start_room=start_room or engine.state.room,
                world_dice=dice_for_turn(seed, 1))


def downed(system: Any, fresh: Any) -> Any:
    """``fresh`` harmed until down (not dead), trying other dice when a blow kills."""
    for attempt in range(200):
        sheet, dice = fresh, dice_for_turn(attempt, 0)
        for _ in range(40):
            sheet = system.harm(sheet, "d6", dice).sheet
            if system.condition(sheet) != "ok":
                break
        if system.condition(sheet) == "down":
            return sheet
    raise AssertionError("could not knock the sheet down")


def knock_down(engine: Engine) -> None:
    """Harm the player until down (not dead)."""
    engine.state.player = downed(engine.system, engine.state.player)


def place(engine: Engine, room: str) -> None:
    engine.state.room = room
    engine.state.visited.add(room)


def knock_down_npc(engine: Engine, npc_id: str) -> None:
    """Harm an NPC until down (not dead)."""
    state = engine.world.npc_state(npc_id)
    state.sheet = downed(engine.system, state.sheet)


@pytest.mark.parametrize("system_id", [s for s in SYSTEM_IDS if s != "vaarn"])  # a Vaarn NPC at 0 HP is dead
def test_a_foe_already_down_does_not_fall_again(adventure, system_id: str) -> None:
    engine = new(adventure, system_id)
    knock_down_npc(engine, "beast")
    again = turn_of(engine)
    after_npc_hit(again, "beast", "down")
    assert again.events == [], "a blow that leaves it down tells no second fall"
    first = turn_of(engine)
    after_npc_hit(first, "beast")
    assert first.events, "the blow that put it down tells the fall"


# -- a downed player -------------------------------------------------------------------------------

@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_a_guard_robs_a_downed_player_and_the_run_goes_on(adventure, system_id: str) -> None:
    engine = new(adventure, system_id)
    place(engine, "pass")
    knock_down(engine)
    turn = turn_of(engine)
    engine.play.player_down(turn)
    world = engine.world
    assert world.place_of("knife") == npc_place("guard") and world.place_of("gem") == npc_place("guard")
    assert "makes sure you never rise" not in engine.state.ending
    assert world.npc_state("guard").disposition == "wary" and memory.remembers(world, "guard", "beat")
    # The system's own dying rule then ran at once: BIND's save-a-life roll (which may fail), Vaarn's
    # senseless hours, the Open Adventures knock-out hour; nowhere is the player killed by the foe.
    if system_id == "bind":
        assert any(isinstance(e, LifeAtStake) for e in turn.events)
    else:
        assert engine.state.status == "playing"
    if system_id in ("vaarn", "open_adventures"):
        assert engine.system.condition(engine.state.player) == "ok" and turn.minutes >= 60, "came to later"
    assert world.npc(  # the guard still holds its pass
        "guard").blocks == "north" and world.npc_room("guard") == "pass"


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_an_aggressive_beast_finishes_a_downed_player(adventure, system_id: str) -> None:
    engine = new(adventure, system_id)
    knock_down(engine)
    engine.play.player_down(turn_of(engine))
    assert engine.state.status == "dead"
    assert "beast makes sure you never rise" in engine.state.ending


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_a_guard_beaten_away_from_its_post_drags_the_player_back_to_it(adventure, system_id: str) -> None:
    engine = new(adventure, system_id)
    engine.world.npc_state("guard").room = "yard"
    engine.world.npc_state("beast").room = "den"
    knock_down(engine)
    engine.play.player_down(turn_of(engine))
    assert engine.state.room == "pass" and engine.world.npc_room("guard") == "pass"
    assert engine.world.place_of("knife") == npc_place("guard")


def test_a_foe_that_spared_the_player_once_finishes_them_the_second_time(adventure) -> None:
    view = NpcView("guard", "guard", True, "ok", True, False, memory=frozenset({"beat"}))
    assert isinstance(policy_for("guard").on_player_down(view), Finish)
    spared = NpcView("beast", "aggressive", True, "ok", True, False, memory=frozenset({"spared"}))
    assert isinstance(policy_for("aggressive").on_player_down(spared), LeaveBe)


def test_what_each_behaviour_does_with_a_downed_player() -> None:
    def choice(behaviour: str, **extra: object) -> object:
        return policy_for(behaviour).on_player_down(NpcView("x", behaviour, True, "ok", True, False, **extra))
    assert isinstance(choice("aggressive"), Finish)
    assert isinstance(choice("guard", player_has_loot=True), Rob)
    assert isinstance(choice("guard", at_post=False), TakePrisoner)
    assert isinstance(choice("cautious", player_has_loot=False), LeaveBe)
    assert isinstance(choice("merchant", player_has_loot=True), LeaveBe)
    assert isinstance(choice("aggressive", morale_broken=True), LeaveBe), "its nerve broke: it does not finish them"


# -- fights -----------------------------------------------------------------------------------------

def test_fight_choices_per_behaviour() -> None:
    def choose(behaviour: str, **extra: object) -> object:
        fields = {"npc_id": "x", "behaviour": behaviour, "hostile": True, "condition": "ok", "with_player": True,
                  "player_standing": True}
        fields.update(extra)
        return policy_for(behaviour).choose(NpcView(**fields))  # type: ignore[arg-type]
    assert isinstance(choose("aggressive"), Attack)
    assert isinstance(choose("guard", engaged=False), HoldBack)
    assert isinstance(choose("cautious", engaged=False), HoldBack)
    assert not isinstance(choose("cautious", engaged=False, memory=frozenset({"attacked"})), HoldBack)
    assert isinstance(choose("aggressive", hurt=True, allies_near=("pack",)), CallAllies)
    assert isinstance(choose("aggressive", hurt=True, allies_near=("pack",), memory=frozenset({"called"})), Attack)
    assert isinstance(choose("aggressive", condition="down"), Wait), "a knocked-out NPC does not act"
    assert isinstance(choose("aggressive", with_player=False, player_went="east"), Pursue)
    assert isinstance(choose("guard", with_player=False, player_went="east"), Wait), "a guard holds its post"


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_an_aggressive_foe_pursues_a_player_who_runs(adventure, system_id: str) -> None:
    engine = new(adventure, system_id)
    place(engine, "market")  # the player ran east from the yard this turn
    turn = turn_of(engine, start_room="yard")
    engine.play.finish_round(turn)
    assert engine.world.npc_room("beast") == "market"
    assert Arrived("beast", "west", "pursuit") in turn.events


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_walking_in_on_a_foe_gives_it_no_free_blow_unless_it_lies_in_ambush(
        adventure, system_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The fight starts with the next round, by the system's initiative or the player's turn
    (BIND seed 7: the raider of the Shattered Pass struck as the player walked in)."""
    engine = new(adventure, system_id)
    place(engine, "market")
    engine.submit("w")
    assert engine.state.room == "yard"
    assert not any("beast" in label for _, label, _ in engine.dice_log), list(engine.dice_log)
    engine = new(adventure, system_id)
    place(engine, "market")
    beast = engine.world.adventure.npcs["beast"]
    monkeypatch.setitem(engine.world.adventure.npcs, "beast", dataclasses.replace(beast, ambush=True))
    engine.submit("w")
    assert any("beast" in label for _, label, _ in engine.dice_log), "an ambush strikes at once"


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_surrender_to_a_guard_costs_your_things_not_your_life(adventure, system_id: str) -> None:
    engine = new(adventure, system_id)
    place(engine, "pass")
    engine.state.moment = None
    lines = engine.submit("surrender").lines
    assert "You throw down your guard and yield." in lines, lines
    assert engine.state.status == "playing" and engine.system.condition(engine.state.player) == "ok"
    assert not engine.world.hostile("guard") and memory.remembers(engine.world, "guard", "beat")
    assert engine.submit("surrender").lines == ["There is no one here to surrender to."]


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_a_beast_that_means_to_kill_takes_no_surrender(adventure, system_id: str) -> None:
    engine = new(adventure, system_id)
    turn = engine.state.turn
    lines = engine.submit("surrender").lines
    assert any(line.startswith("The beast takes no surrender: it means to kill you.") for line in lines), lines
    assert engine.world.hostile("beast")
    if system_id != "vaarn":  # Vaarn's round (initiative) is rolled before any action, and stands
        assert lines == ["The beast takes no surrender: it means to kill you."] and engine.state.turn == turn


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_a_pursuer_outrun_a_second_time_lets_the_player_go(adventure, system_id: str) -> None:
    """House rule (docs/npcs.md, Pursuit): a chase always leads somewhere."""
    engine = new(adventure, system_id)
    place(engine, "market")  # the player broke away east from the yard: the beast follows
    engine.play.finish_round(turn_of(engine, start_room="yard"))
    assert engine.world.npc_room("beast") == "market"
    place(engine, "yard")  # and broke away again, west into the yard
    turn = turn_of(engine, start_room="market")
    engine.play.finish_round(turn)
    assert engine.world.npc_room("beast") == "market", "it does not follow a second time"
    assert not any(isinstance(e, Arrived) and e.who == "beast" for e in turn.events)


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_a_foe_that_lost_the_player_comes_searching_next_door(adventure, system_id: str) -> None:
    engine = new(adventure, system_id)
    world = engine.world
    world.npc_state("beast").disposition = "wary"  # out of the way
    memory.remember(world, "pack", "fought")
    turn = turn_of(engine)  # the player stays in the yard, next to the den
    engine.play.finish_round(turn)
    assert world.npc_room("pack") == "yard" and Arrived("pack", "west", "search") in turn.events
    view = NpcView("pilgrim", "cautious", True, "ok", False, True, memory=frozenset({"fought"}),
                   player_near="east", player_went="east")
    assert isinstance(policy_for("cautious").choose(view), Wait), "it saw the player go: it does not follow"


def test_the_npcs_that_fought_are_known_through_memory_changes_and_undo(adventure) -> None:
    engine = new(adventure, "vaarn")
    world = engine.world
    for npc_id in adventure.npcs:  # many NPCs met, none that fought: nobody comes searching
        memory.remember(world, npc_id, "met")
    assert world.fought_player() == set()
    before = world.state.copy()
    memory.remember(world, "pack", "fought")
    assert world.fought_player() == {"pack"}
    memory.forget(world, "pack", "fought")
    assert world.fought_player() == set()
    memory.remember(world, "pack", "fought")
    world.state = before  # as undo puts an older state back
    assert world.fought_player() == set()


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_a_hurt_foe_calls_its_allies_from_the_next_room(adventure, system_id: str) -> None:
    engine = new(adventure, system_id)
    world = engine.world
    beast = world.npc_state("beast")
    fresh = beast.sheet
    for attempt in range(100):
        beast.sheet = engine.system.harm(fresh, "d4", dice_for_turn(attempt, 0)).sheet
        if engine.system.health_fraction(beast.sheet) < 1 and engine.system.condition(beast.sheet) == "ok":
            break
    else:
        pytest.skip(f"no blow leaves a tier-1 NPC hurt and standing under {system_id}")
    memory.remember(world, "beast", "morale-hurt")  # its morale held
    turn = turn_of(engine)
    engine.play.npc_turn(turn, "beast")
    assert CalledForHelp("beast") in turn.events
    assert world.npc_room("pack") == "yard" and Arrived("pack", "west", "call") in turn.events


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
@pytest.mark.parametrize("seed", range(1, 7))
def test_attacking_a_bystander_mid_fight_asks_before_the_round_and_no_costs_nothing(adventure, system_id: str,
                                                                                   seed: int) -> None:
    engine = new(adventure, system_id, seed)
    place(engine, "market")
    engine.world.move_npc("beast", "market")
    engine.submit("wait")  # the fight is on
    if engine.state.status != "playing" or engine.system.condition(engine.state.player) != "ok":
        return
    before, turn = engine.state.to_data(engine.system), engine.state.turn
    question = engine.submit("attack pilgrim")
    assert question.question
    assert question.lines == ["The pilgrim is not hostile to you. Attack the pilgrim anyway? (yes/no)"], \
        "nothing of the round happens before the question"
    assert engine.submit("no").lines == ["You think better of it, and leave the pilgrim be."]
    assert engine.state.to_data(engine.system) == before and engine.state.turn == turn, "no costs no time"
    lines = engine.submit("attack pilgrim").lines
    report = engine.submit("yes")
    lines += report.lines
    while report.question:  # a BIND tie, an OpenD6 Character Point: the system's own questions
        report = engine.submit("yes")
        lines += report.lines
    rolled = [line for line in lines if line.startswith("[")]
    assert len(rolled) == len(set(rolled)), f"no roll is shown twice: {lines}"
    assert memory.remembers(engine.world, "pilgrim", "attacked")


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_a_coward_runs_when_it_sees_violence_and_witnesses_react(adventure, system_id: str) -> None:
    engine = new(adventure, system_id, seed=5)
    place(engine, "market")
    world = engine.world
    for npc_id in ("trader", "mouse", "watch", "pilgrim"):
        memory.remember(world, npc_id, "met")
    if engine.submit("attack pilgrim").question:
        engine.submit("yes")  # the pilgrim is not hostile: the game asks first
    if system_id == "open_adventures":
        engine.submit("end")  # the Open Adventures turn lasts until ended; then the others act
    assert memory.remembers(world, "pilgrim", "attacked")
    assert memory.refuses_trade(world, "trader") is not None, "the merchant will not trade after that"
    assert world.hostile("watch") or memory.remembers(world, "watch", "routed"), \
        "the watchman turns on the player (and may break when the pilgrim falls)"
    if world.npc_condition("pilgrim") == "dead":
        assert memory.remembers(world, "trader", "saw-killing")
    assert world.npc_room("mouse") != "market" or world.npc_condition("mouse") != "ok", "the coward ran"


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_friends_of_a_victim_hear_the_killing_next_door_and_come(adventure, system_id: str) -> None:
    engine = new(adventure, system_id)
    place(engine, "market")
    world = engine.world
    world.npc_state("beast").disposition = "neutral"
    memory.remember(world, "pilgrim", "attacked")
    turn = turn_of(engine)
    engine.play.npc_killed(turn, "pilgrim")
    assert world.npc_room("beast") == "market" and world.hostile("beast")
    assert Arrived("beast", "west", "avenge") in turn.events
    assert memory.remembers(world, "trader", "saw-killing") and memory.refuses_trade(world, "trader")


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_a_merchant_trades_until_it_has_a_reason_not_to(adventure, system_id: str) -> None:
    engine = new(adventure, system_id)
    assert memory.refuses_trade(engine.world, "trader") is None
    memory.remember(engine.world, "trader", "saw-theft")
    assert "thief" in (memory.refuses_trade(engine.world, "trader") or "")


@pytest.mark.parametrize("system_id", [s for s in SYSTEM_IDS if s != "vaarn"])
def test_meeting_a_stranger_rolls_a_reaction_once(adventure, system_id: str) -> None:
    engine = new(adventure, system_id)
    engine.world.npc_state("beast").disposition = "wary"
    engine.world.npc_state("beast").room = "den"
    lines = engine.submit("e").lines
    assert sum(line.startswith("[reaction of the pilgrim]") for line in lines) == 1
    assert engine.world.npc_state("pilgrim").disposition in ("wary", "neutral", "friendly")
    engine.submit("w")
    assert not any("[reaction" in line for line in engine.submit("e").lines), "a reaction is rolled once"


def _rolling(engine: Engine, monkeypatch: pytest.MonkeyPatch, outcome: str) -> None:
    """Every roll of the run's system comes out ``outcome`` (its figures and text kept)."""
    roll = engine.play.system.roll
    monkeypatch.setattr(engine.play.system, "roll",
                        lambda request, dice: dataclasses.replace(roll(request, dice), outcome=outcome))


@pytest.mark.parametrize("outcome", ["failure", "botch"])
def test_a_botched_reaction_is_a_failure_and_cools_a_stranger(adventure, monkeypatch: pytest.MonkeyPatch,
                                                                outcome: str) -> None:
    engine = new(adventure, "maelstrom")
    _rolling(engine, monkeypatch, outcome)
    place(engine, "market")
    engine.play.arrivals(turn_of(engine, start_room="yard"))
    assert engine.world.npc_state("pilgrim").disposition == "wary", "a botch is no better than a failure"


@pytest.mark.parametrize("outcome", ["failure", "botch"])
def test_a_botched_morale_roll_breaks_the_foe(adventure, monkeypatch: pytest.MonkeyPatch, outcome: str) -> None:
    engine = new(adventure, "maelstrom")
    knock_down_npc(engine, "pack")  # an ally fell beside it: the morale trigger
    memory.remember(engine.world, "pack", "fought")
    engine.world.npc_state("pack").room = "yard"
    _rolling(engine, monkeypatch, outcome)
    assert living.will_breaks(engine.play, turn_of(engine), "beast")


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_the_players_flight_is_the_deed_an_npcs_flight_is(adventure, system_id: str) -> None:
    """Once away (the player's break-away check passed), the player's flight is the same ``Flee`` an
    NPC performs: the same event, worded for the player, and the room beyond entered; only an NPC
    turns wary and remembers being routed."""
    engine = new(adventure, system_id)
    turn = turn_of(engine)
    Flee("west").perform(turn, PLAYER)
    assert Fled(PLAYER, "west") in turn.events
    assert engine.state.room == "den" and "You break away and run west." in turn.lines
    assert engine.world.npc_state("beast").disposition == "hostile"
    assert not memory.holds_grudge(engine.world, "beast")


def test_the_player_and_a_searching_npc_go_through_the_same_deed(adventure) -> None:
    """``Go`` moves whoever goes: the player enters the room beyond (described); an NPC moving
    into the player's room is seen arriving, for the reason it came."""
    from game.actions.arrival import Go

    engine = new(adventure, "vaarn")
    engine.world.npc_state("beast").room = "den"
    turn = turn_of(engine)
    Go("west").perform(turn, PLAYER)
    assert engine.state.room == "den" and "A den." in turn.lines
    place(engine, "yard")
    engine.world.npc_state("beast").room = "den"
    searching = turn_of(engine)
    Go("east", "search").perform(searching, "beast")
    assert engine.world.npc_room("beast") == "yard"
    assert Arrived("beast", "west", "search") in searching.events


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_a_routed_foe_is_never_friendly_again_on_its_own(adventure, system_id: str) -> None:
    engine = new(adventure, system_id)
    turn = turn_of(engine)
    Flee("west").perform(turn, "beast")
    assert Fled("beast", "west") in turn.events
    assert memory.holds_grudge(engine.world, "beast")
    place(engine, "den")
    react_turn = turn_of(engine, start_room="yard")
    engine.play.arrivals(react_turn)
    assert engine.world.npc_state("beast").disposition == "wary"


def test_memory_is_saved_and_read_back(adventure) -> None:
    engine = new(adventure, "vaarn")
    memory.remember(engine.world, "guard", "beat", "fought")
    data = engine.state.to_data(engine.system)
    from game.world.state import WorldState

    again = WorldState.from_data(data, engine.system)
    assert again.npcs["guard"].memory == frozenset({"beat", "fought"})


# -- routines and time -----------------------------------------------------------------------------

ROAD = """
[adventure]
id = "road-test"
title = "A Road"
version = "1.0.0"
start = "camp"
system = "vaarn"
intro = "A test."
goal = { reach = "camp", carrying = ["gem"] }

[player]
water = 0
food = 5

[rooms.camp]
name = "Camp"
description = "A camp."
exits = { north = "road" }

[rooms.road]
name = "Road"
description = "A road."
exits = { south = "camp", north = "town" }

[rooms.town]
name = "Town"
description = "A town."
exits = { south = "road" }
items = ["gem"]

[items.gem]
name = "gem"
kind = "treasure"

[npcs.warden]
name = "town warden"
disposition = "friendly"
behaviour = "wander"
tier = 1
route = ["town", "road", "camp"]
"""


@pytest.fixture(scope="module")
def road(tmp_path_factory: pytest.TempPathFactory):
    folder: Path = tmp_path_factory.mktemp("road")
    (folder / "adventure.toml").write_text(ROAD, encoding="utf-8")
    return load_adventure(folder)


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_a_wanderer_walks_its_route_with_the_clock_and_is_seen_coming_and_going(road, system_id: str) -> None:
    engine = new(road, system_id)
    world = engine.world
    engine.state.water = 9
    engine.state.minutes = 8 * 60
    assert world.npc_room("warden") == world.route_room("warden")
    # An hour a stop: 08:00 is stop 8 of the there-and-back walk town, road, camp, road: the town.
    assert world.npc_room("warden") == "town" and "warden" not in world.npcs_in("camp")
    report = engine.submit("wait 3 hours")
    assert report.lines[0] == "You stop after 2 hours: someone is coming."
    assert "The town warden arrives from the north." in report.lines
    assert world.npcs_in("camp") == ["warden"]
    lines = engine.submit("wait 1 hour").lines
    assert "The town warden leaves to the north." in lines and world.npc_room("warden") == "road"


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_a_wanderer_gone_two_rooms_away_during_a_wait_is_told_leaving_by_the_way_it_went(road, system_id: str
                                                                                          ) -> None:
    engine = new(road, system_id)
    engine.state.water = 9
    engine.state.minutes = 8 * 60  # the warden is in the town; at 10:00 in the camp, two rooms away
    place(engine, "town")
    lines = engine.submit("wait 2 hours").lines
    assert engine.world.npc_room("warden") == "camp"
    assert "The town warden leaves to the south." in lines
    assert not any("to the ." in line for line in lines)


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_a_wait_tells_of_a_wanderer_that_left_meanwhile_and_came_back_without_stopping_for_it(
        road, system_id: str) -> None:
    # A wait beside a wanderer that comes and goes would otherwise stop at each of its returns.
    engine = new(road, system_id)
    engine.state.water = 9
    engine.state.minutes = 10 * 60  # the warden is in the camp; it walks to the town and is back at 14:00
    assert engine.world.npc_room("warden") == "camp"
    lines = engine.submit("wait 270 minutes").lines
    assert lines[0] == "You wait 4 hours 30 minutes."
    assert "The town warden leaves to the north." in lines and "The town warden arrives from the north." in lines
    assert engine.state.minutes == 14 * 60 + 30 and engine.world.npc_room("warden") == "camp"


@pytest.mark.parametrize(("set_out", "there"), [(9 * 60 + 55, False), (8 * 60 + 55, True)])
def test_a_room_entered_is_described_with_the_wanderers_there_at_the_hour_of_arrival(road, set_out: int,
                                                                                       there: bool) -> None:
    # The warden stands on the road from 09:00 to 10:00; the walk from the camp takes ten minutes.
    engine = new(road, "vaarn")
    engine.state.water = 9
    engine.state.minutes = set_out
    arrival = engine.submit("north").lines
    assert engine.state.room == "road" and engine.world.npc_room("warden") == ("road" if there else "camp")
    assert ("A town warden is here." in arrival) == there


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
@pytest.mark.parametrize(("set_out", "crossed"), [(9 * 60 + 55, True), (8 * 60 + 55, False), (10 * 60, False)])
def test_a_wanderer_walking_the_other_way_is_passed_on_the_way(road, system_id: str, set_out: int,
                                                                crossed: bool) -> None:
    # The warden walks from the road to the camp at 10:00, while a player setting out from the
    # camp at 09:55 walks to the road; at 08:55 the warden is still on the road when the player
    # comes (met there, not passed); at 10:00 it reached the camp before the player left.
    engine = new(road, system_id)
    engine.state.minutes = set_out + 10
    place(engine, "road")
    turn = turn_of(engine, start_room="camp")
    engine.play.routines(turn, set_out)
    assert (Crossed("warden", "south") in turn.events) == crossed
    assert not any(isinstance(event, (Arrived, Left)) for event in turn.events), "a room entered is described"


def test_the_wanderer_passed_on_the_way_is_told(road) -> None:
    engine = new(road, "vaarn")
    engine.state.water = 9
    engine.state.minutes = 9 * 60 + 55
    lines = engine.submit("north").lines
    assert engine.world.npc_room("warden") == "camp"
    assert "On the way here you passed the town warden, heading south." in lines


def test_a_wanderer_off_its_route_is_not_passed_on_the_way(road) -> None:
    engine = new(road, "vaarn")
    engine.world.move_npc("warden", "town")
    engine.state.minutes = 10 * 60 + 5
    place(engine, "road")
    turn = turn_of(engine, start_room="camp")
    engine.play.routines(turn, 9 * 60 + 55)
    assert not any(isinstance(event, Crossed) for event in turn.events)


def test_a_wanderer_moved_off_its_route_stays_where_it_was_put(road) -> None:
    engine = new(road, "vaarn")
    engine.world.move_npc("warden", "camp")
    engine.state.minutes += 600
    assert engine.world.npc_room("warden") == "camp" and not engine.world.on_route("warden")


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_a_wanderer_struck_down_away_from_where_it_was_met_lies_where_it_fell(road, system_id: str) -> None:
    engine = new(road, system_id)
    world, system = engine.world, engine.system
    engine.state.minutes = 8 * 60
    world.npc_state("warden")  # met in the town, at stop 0 of its walk
    engine.state.minutes = 10 * 60  # stop 2: the camp
    assert world.npc_room("warden") == "camp"
    warden = world.npc_state("warden")
    dice = dice_for_turn(3, 0)
    while system.condition(warden.sheet) == "ok":
        warden.sheet = system.harm(warden.sheet, "d6", dice).sheet
    assert not world.on_route("warden")
    assert world.npc_room("warden") == "camp"
    assert "warden" in world.npcs_in("camp") and "warden" not in world.npcs_in("town")


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_a_long_wait_stops_before_thirst_kills_and_says_why(road, system_id: str) -> None:
    engine = new(road, system_id)
    engine.world.move_npc("warden", "town")  # nobody comes by
    lines = engine.submit("wait 4 days").lines
    assert lines[0].startswith("You stop after") and lines[0].endswith("another day without water would kill you.")
    assert engine.state.status == "playing" and engine.state.thirst_days == 2


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
@pytest.mark.parametrize(("wait", "later"), [("wait 1 day", 0), ("wait 24 hours", 0), ("wait 20 hours", 5 * 60),
                                             ("rest long", 20 * 60), ("wait 30 minutes", 23 * 60 + 40)])
def test_a_wait_into_the_midnight_thirst_kills_at_asks_first(road, system_id: str, wait: str, later: int) -> None:
    engine = new(road, system_id)
    engine.world.move_npc("warden", "town")  # nobody comes by
    engine.submit("wait 4 days")  # stops at the second dry midnight
    assert engine.state.thirst_days == 2 and engine.state.status == "playing"
    engine.state.minutes += later
    clock = engine.state.minutes
    report = engine.submit(wait)
    verb = wait.split()[0]
    assert report.question and report.lines[-1] == (f"Another day without water will kill you. "
                                                     f"{verb.capitalize()} anyway? (yes/no)")
    assert engine.submit("no").lines == [f"You do not {verb}: find water first."]
    assert engine.state.minutes == clock and engine.state.status == "playing", "no costs no time"
    engine.submit(wait)
    engine.submit("yes")
    assert engine.state.status == "dead"


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_a_walk_into_the_midnight_thirst_kills_at_asks_first(road, system_id: str) -> None:
    engine = new(road, system_id)
    engine.world.move_npc("warden", "town")
    engine.submit("wait 4 days")  # stops at the second dry midnight
    engine.state.minutes += 24 * 60 - 5  # five minutes to the midnight that kills; the walk takes ten
    clock, room = engine.state.minutes, engine.state.room
    report = engine.submit("north")
    assert report.question and report.lines[-1] == "Another day without water will kill you. Go anyway? (yes/no)"
    assert engine.submit("no").lines == ["You do not go: find water first."]
    assert (engine.state.minutes, engine.state.room) == (clock, room)


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_a_wait_short_of_the_midnight_thirst_kills_at_asks_nothing(road, system_id: str) -> None:
    engine = new(road, system_id)
    engine.world.move_npc("warden", "town")
    engine.submit("wait 4 days")
    report = engine.submit("wait 2 hours")
    assert not report.question and report.lines == ["You wait 2 hours."]


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
@pytest.mark.parametrize(("clock", "night"), [(22 * 60, True), (2 * 60, True), (10 * 60 + 18, False),
                                               (4 * 60 + 48, False), (6 * 60, False)])
def test_a_long_rest_is_worded_by_the_hour_it_begins(road, system_id: str, clock: int, night: bool) -> None:
    engine = new(road, system_id)
    engine.world.move_npc("warden", "town")
    engine.state.water, engine.state.minutes = 9, clock
    lines = engine.submit("sleep").lines
    minutes = engine.play.rest_minutes("long")
    # unhurt, nothing needs mending: the rest leaves the supplies be, and says the sleep as it would
    said = next(line for line in lines if line.startswith("Nothing needs mending"))
    if system_id == "bind":  # a whole day (docs/rules/bind.md, "Time and space")
        assert minutes == 24 * 60 and said == "Nothing needs mending: you sleep for a whole day, and leave your supplies be."
    else:
        assert minutes == 8 * 60
        sleep = "sleep through the night" if night else "sleep for 8 hours"
        assert said == f"Nothing needs mending: you {sleep}, and leave your supplies be."
    assert engine.state.minutes == clock + minutes


def test_a_bind_long_rest_looks_ahead_over_its_whole_day(road) -> None:
    engine = new(road, "bind")
    engine.world.move_npc("warden", "town")
    engine.state.minutes, engine.state.thirst_days = 34 * 60, 2  # day 2, 10:00: the day's rest runs past midnight
    report = engine.submit("rest long")
    assert report.question and report.lines == ["Another day without water will kill you. Rest anyway? (yes/no)"]


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_a_long_wait_with_a_foe_here_stops_at_once(adventure, system_id: str) -> None:
    engine = new(adventure, system_id)
    lines = engine.submit("wait 8 hours").lines
    # (Under Vaarn the beast may win the initiative and strike before the player's action.)
    assert "You stop after 1 minute: the beast is here, and will not let you be." in lines


def test_a_seeded_run_with_wanderers_replays_identically(road) -> None:
    commands = ["wait 2 hours", "n", "wait 1 hour", "n", "take gem", "s", "wait 5 hours", "s"]

    def run() -> tuple[list[str], dict]:
        engine = new(road, "bind", seed=9)
        engine.state.water = 9
        lines = [line for c in commands for line in engine.submit(c).lines]
        return lines, engine.state.to_data(engine.system)
    assert run() == run()


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_a_friendly_passer_by_stops_the_first_long_wait_of_the_day_and_not_each_return(road, system_id: str) -> None:
    engine = new(road, system_id)
    engine.state.water = 9
    engine.state.minutes = 8 * 60  # the warden comes to the camp at 10:00, and again at 14:00
    assert engine.submit("wait 3 hours").lines[0] == "You stop after 2 hours: someone is coming."
    engine.submit("wait 1 hour")
    lines = engine.submit("wait 5 hours").lines
    assert lines[0] == "You wait 5 hours." and engine.state.minutes == 16 * 60
    engine.world.npc_state("warden").disposition = "hostile"
    engine.state.minutes = 8 * 60 + 24 * 60  # the next day: a foe on its way stops every wait
    assert "someone is coming" in engine.submit("wait 3 hours").lines[0]
