"""NPCs using the gifts and exotica they carry, and the player's thefts, under all five systems.

Mechanics are asserted on events and the world.  The player's sneak check reads
scripted faces (:data:`SUCCESS`, :data:`FAILURE`: a sure success and a sure
failure under each system's dice); an NPC's own rolls read seeded dice, and the
tests state what must hold whatever they show.
"""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from game.actions import Turn, theft
from game.actions.trade_goods import trade_refusal
from game.engine import Engine
from game.errors import ActionRefused
from game.events import RollMade
from game.events.fight import Fled
from game.events.theft import LossFound, Stolen, TheftCaught
from game.events.world import ItemUsed, NpcRecovered
from game.narration import Narrator
from game.npc import memory
from game.npc.intents import Attack, CloseIn, HoldBack, Surrender, UseItem
from game.npc.policies import policy_for
from game.npc.view import NpcView
from game.rules.dice import ScriptedDice, dice_for_turn
from game.rules.registry import SYSTEM_IDS, get_system
from game.systems.maelstrom.sheet import Table
from game.world.loader import load_adventure
from game.world.state import GONE, PLAYER, WorldState, npc_place

ADVENTURE = """
[adventure]
id = "items-test"
title = "Things and Thieves"
version = "1.0.0"
start = "market"
system = "vaarn"
intro = "A test."
goal = { reach = "yard" }

[player]
items = ["knife"]
water = 5
food = 5

[rooms.market]
name = "Market"
description = "Stalls."
exits = { west = "yard" }
npcs = ["trader", "watch", "pilgrim", "mouse"]

[rooms.yard]
name = "Yard"
description = "A yard."
exits = { east = "market", north = "arena" }

[rooms.arena]
name = "Arena"
description = "Sand and blood."
exits = { south = "yard" }
npcs = ["brute"]

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

[items.trinket]
name = "brass trinket"
aliases = ["trinket"]
kind = "treasure"

[items.purse]
name = "purse"
kind = "treasure"

[items.rod]
name = "humming rod"
aliases = ["rod"]
true_name = "Glass Lance"
kind = "exotica"
effect = { damage = "d12" }

[items.shard]
name = "keening shard"
aliases = ["shard"]
kind = "exotica"
effect = { damage = "d6" }
ranged = true

[items.salve]
name = "spore salve"
aliases = ["salve"]
kind = "exotica"
effect = { heal = "d8" }

[items.litany]
name = "copper litany"
aliases = ["litany"]
kind = "gift"
effect = { damage = "d8" }

[npcs.trader]
name = "trader"
disposition = "merchant"
behaviour = "merchant"
tier = 1
items = ["pistol"]

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
items = ["purse"]

[npcs.mouse]
name = "mouse"
disposition = "neutral"
behaviour = "coward"
tier = 1
items = ["trinket"]

[npcs.brute]
name = "brute"
disposition = "hostile"
behaviour = "aggressive"
tier = 3
"""

#: Faces that make the player's sneak check succeed / fail (hard, normal or easy) under each system.
SUCCESS = {"open_adventures": [6] * 8, "vaarn": [20] * 4, "opend6": [6] * 12 + [5] * 4, "bind": [6] * 4,
           "maelstrom": [10] + [9] * 12}
FAILURE = {"open_adventures": [2] * 8, "vaarn": [2] * 4, "opend6": [2] * 8, "bind": [2] * 4, "maelstrom": [2] * 12}


@pytest.fixture(scope="module")
def adventure(tmp_path_factory: pytest.TempPathFactory):
    folder: Path = tmp_path_factory.mktemp("items")
    (folder / "adventure.toml").write_text(ADVENTURE, encoding="utf-8")
    return load_adventure(folder)


def new(adventure, system_id: str, seed: int = 1) -> Engine:
    options = {"zero_pool": "knocked-out"} if system_id == "open_adventures" else {}
    if system_id == "opend6":
        options = {"cp_offer": "one-die"}  # a caught thief is caught: no Character Point asked for here
    engine = Engine.new_game(adventure, get_system(system_id, options), seed)
    if system_id == "maelstrom":  # the thief's way chosen already: no question of how in the way
        engine.state.player = dataclasses.replace(engine.state.player, approaches=Table({"sneak": "deftness"}))
    for npc_id in ("trader", "watch", "pilgrim", "mouse"):
        memory.remember(engine.world, npc_id, "met")  # no first-meeting rolls in the way
    return engine


def scripted(engine: Engine, faces: list[int], start_room: str = "") -> Turn:
    return Turn(engine.world, play=engine.play, dice=ScriptedDice(list(faces)), start_room=start_room or engine.state.room,
                world_dice=dice_for_turn(7, 1))


def seeded(engine: Engine, seed: int = 7, start_room: str = "") -> Turn:
    return Turn(engine.world, play=engine.play, dice=dice_for_turn(seed, 0), start_room=start_room or engine.state.room,
                world_dice=dice_for_turn(seed, 1))


def place(engine: Engine, room: str) -> None:
    engine.state.room = room
    engine.state.visited.add(room)


# -- NPCs' gifts and exotica: the policy ----------------------------------------------------------

def choose(behaviour: str = "aggressive", **extra: object) -> object:
    fields: dict[str, object] = {"npc_id": "x", "behaviour": behaviour, "hostile": True, "condition": "ok",
                                 "with_player": True, "player_standing": True}
    fields.update(extra)
    return policy_for(behaviour).choose(NpcView(**fields))  # type: ignore[arg-type]


def test_a_healing_item_is_used_when_badly_hurt_and_not_before() -> None:
    assert choose(heal_item="salve", badly_hurt=True, hurt=True) == UseItem("salve", "heal")
    assert isinstance(choose(heal_item="salve", hurt=True), Attack), "a scratch is no reason"
    assert isinstance(choose(heal_item="salve", badly_hurt=True, hostile=False), type(choose(hostile=False)))


def test_a_harmful_item_is_used_at_range_when_losing_in_melee_or_when_it_never_misses() -> None:
    assert choose(harm_item="rod", engaged=False) == UseItem("rod", "harm"), "at range, in place of shooting"
    assert choose("guard", harm_item="rod", engaged=False) == UseItem("rod", "harm"), "a guard shoots from its post"
    assert isinstance(choose(harm_item="rod"), Attack), "fresh in melee, it fights with its weapon"
    assert choose(harm_item="rod", hurt=True, harm_stronger=True) == UseItem("rod", "harm")
    assert isinstance(choose(harm_item="rod", hurt=True), Attack), "a weaker item is no help in melee"
    assert choose(harm_item="litany", harm_sure=True) == UseItem("litany", "harm")
    assert isinstance(choose("guard", engaged=False), HoldBack)
    assert isinstance(choose(engaged=False), CloseIn)


# -- NPCs' gifts and exotica: carried out under each system ------------------------------------------

def _steady(engine: Engine, npc_id: str) -> None:
    """Its morale was tested already (so no morale roll gets in the way)."""
    world = engine.world
    memory.remember(world, npc_id, "morale-hurt", "morale-ally")
    if engine.system.id == "vaarn":
        state = world.npc_state(npc_id)
        state.sheet = dataclasses.replace(state.sheet, morale_tested=("badly hurt", "hurt", "the leader fell"))


def _hurt(engine: Engine, npc_id: str, *, badly: bool | None) -> None:
    """Harm the NPC until it is hurt (``badly`` or not; None: either) and still standing, trying other
    dice when a blow is too much."""
    state, play = engine.world.npc_state(npc_id), engine.play
    fresh = state.sheet
    for attempt in range(300):
        sheet, dice = fresh, dice_for_turn(attempt, 0)
        for _ in range(6):
            sheet = engine.system.harm(sheet, "d4", dice).sheet
            if engine.system.condition(sheet) != "ok":
                break
            if play.system.health_fraction(sheet) < 1 and badly in (None, play.badly_hurt(sheet)):
                state.sheet = sheet
                return
    raise AssertionError(f"no harm leaves the NPC hurt ({badly}) and standing under {engine.system.id}")


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_a_badly_hurt_foe_heals_itself_with_its_exotica(adventure, system_id: str) -> None:
    engine = new(adventure, system_id)
    place(engine, "arena")
    world = engine.world
    world.move_item("salve", npc_place("brute"))
    _steady(engine, "brute")
    _hurt(engine, "brute", badly=True)
    turn = seeded(engine)
    engine.play.npc_turn(turn, "brute")
    assert ItemUsed("brute", "salve", "heal") in turn.events
    recovered = [e for e in turn.events if isinstance(e, NpcRecovered)]
    assert recovered and recovered[0].who == "brute"
    assert any(isinstance(e, RollMade) and e.label == "the brute heals" for e in turn.events), "the roll is shown"
    assert world.place_of("salve") == GONE, "used up, as it is for the player"
    assert "is no longer" not in " ".join(turn.lines)


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_a_hurt_foe_turns_its_exotica_on_the_player(adventure, system_id: str) -> None:
    engine = new(adventure, system_id)
    place(engine, "arena")
    world = engine.world
    world.move_item("rod", npc_place("brute"))
    _steady(engine, "brute")
    _hurt(engine, "brute", badly=None)
    turn = seeded(engine)
    engine.play.npc_turn(turn, "brute")
    assert ItemUsed("brute", "rod", "harm") in turn.events
    attack = [e for e in turn.events[turn.events.index(ItemUsed("brute", "rod", "harm")):] if isinstance(e, RollMade)]
    assert attack and "brute" in attack[0].label, "the item's use is the system's attack roll"
    assert "The brute raises a humming rod and turns it on you!" in turn.lines
    assert memory.remembers(world, "brute", "fought") and world.place_of("rod") == npc_place("brute")


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_a_fresh_foe_in_melee_fights_with_its_weapon_not_its_exotica(adventure, system_id: str) -> None:
    engine = new(adventure, system_id)
    place(engine, "arena")
    engine.world.move_item("rod", npc_place("brute"))
    view = engine.play.npc_view(seeded(engine), "brute")
    assert view.harm_item == "rod" and not view.hurt
    expected = UseItem if view.harm_sure or not view.engaged else Attack
    assert isinstance(policy_for("aggressive").choose(view), expected)


def test_a_vaarn_npc_invokes_its_combat_gift_while_it_can_pay_for_it(adventure) -> None:
    engine = new(adventure, "vaarn")
    place(engine, "arena")
    world = engine.world
    world.move_item("litany", npc_place("brute"))
    _steady(engine, "brute")
    state = world.npc_state("brute")
    state.sheet = dataclasses.replace(state.sheet, hp=10, max_hp=10)
    turn = seeded(engine)
    view = engine.play.npc_view(turn, "brute")
    assert view.harm_item == "litany" and view.harm_sure, "seed 001: combat Gifts always hit"
    engine.play.npc_turn(turn, "brute")
    assert ItemUsed("brute", "litany", "harm") in turn.events
    from game.systems.vaarn.events import GiftPaid

    paid = [e for e in turn.events if isinstance(e, GiftPaid)]
    assert paid and world.npc_state("brute").sheet.hp == 10 - paid[0].cost, "it paid the cost die in HP"
    assert world.place_of("litany") == npc_place("brute"), "a Gift is not used up"
    state.sheet = dataclasses.replace(state.sheet, hp=6)
    assert engine.play.npc_view(seeded(engine), "brute").harm_item is None, "paying d6 could fell it: it does not"


def test_open_adventures_uses_only_a_ranged_item_from_a_distance(adventure) -> None:
    from game.systems.open_adventures.turn import set_distance

    engine = new(adventure, "open_adventures")
    place(engine, "arena")
    world = engine.world
    world.move_item("rod", npc_place("brute"))
    set_distance(world, "brute", 6)
    view = engine.play.npc_view(seeded(engine), "brute")
    assert view.harm_item is None and isinstance(policy_for("aggressive").choose(view), CloseIn), \
        "a rod strikes in melee: it closes in first"
    world.move_item("shard", npc_place("brute"))
    turn = seeded(engine)
    engine.play.npc_turn(turn, "brute")
    assert ItemUsed("brute", "shard", "harm") in turn.events
    assert any(isinstance(e, RollMade) and e.label == "the brute shoots at you (keening shard)" for e in turn.events)


@pytest.mark.parametrize("identified", [False, True])
def test_the_item_is_named_as_the_player_knows_it(adventure, identified: bool) -> None:
    engine = new(adventure, "bind")
    if identified:
        engine.state.identified.add("rod")
    lines = Narrator(engine.world).lines([ItemUsed("brute", "rod", "harm"), ItemUsed("brute", "litany", "harm"),
                                          ItemUsed("brute", "salve", "heal")])
    rod = "Glass Lance" if identified else "a humming rod"
    assert lines == [f"The brute raises {rod} and turns it on you!",
                     "The brute calls on the copper litany against you!",
                     "The brute turns a spore salve on itself."]


# -- theft ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_difficulty_follows_the_victims_state(adventure, system_id: str) -> None:
    engine = new(adventure, system_id)
    turn = seeded(engine)
    world = engine.world
    assert theft.difficulty(turn, "trader") == "hard", "a merchant minds the wares"
    assert theft.difficulty(turn, "watch") == "hard", "a guard is alert"
    assert theft.difficulty(turn, "pilgrim") == "normal"
    world.npc_state("pilgrim").disposition = "friendly"
    assert theft.difficulty(turn, "pilgrim") == "easy"
    world.npc_state("pilgrim").disposition = "hostile"
    assert theft.difficulty(turn, "pilgrim") == "hard"


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_a_caught_thief_is_remembered_and_the_witnesses_react(adventure, system_id: str) -> None:
    engine = new(adventure, system_id)
    world = engine.world
    turn = scripted(engine, FAILURE[system_id])
    theft.rob(turn, "trader", "pistol")
    assert [e for e in turn.events if isinstance(e, RollMade)][0].label == "steal from the trader"
    assert TheftCaught("pistol", "trader") in turn.events
    assert world.place_of("pistol") == npc_place("trader"), "nothing taken"
    assert memory.remembers(world, "trader", "robbed")
    assert trade_refusal(world, "trader") is not None, "the merchant will not trade with a thief"
    for witness in ("watch", "pilgrim", "mouse"):
        assert memory.remembers(world, witness, "saw-theft")
    assert world.hostile("watch"), "a guard who saw it turns on the thief"
    assert world.npc_state("pilgrim").disposition == "wary"


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_a_victim_who_caught_the_thief_cannot_be_robbed_again(adventure, system_id: str) -> None:
    engine = new(adventure, system_id)
    world = engine.world
    theft.rob(scripted(engine, FAILURE[system_id]), "trader", "pistol")
    turn = scripted(engine, SUCCESS[system_id])
    with pytest.raises(ActionRefused):
        theft.rob(turn, "trader", "pistol")
    assert world.place_of("pistol") == npc_place("trader")
    assert not [e for e in turn.events if isinstance(e, RollMade)], "no roll, no turn"


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_an_unseen_theft_is_found_out_when_the_thief_comes_back(adventure, system_id: str) -> None:
    engine = new(adventure, system_id)
    world = engine.world
    turn = scripted(engine, SUCCESS[system_id])
    theft.rob(turn, "trader", "pistol")
    assert Stolen("pistol", "trader", False) in turn.events
    assert world.place_of("pistol") == PLAYER
    assert not any(memory.remembers(world, n, "saw-theft") for n in ("watch", "pilgrim", "mouse"))
    assert trade_refusal(world, "trader") is None, "nobody knows yet"
    saved = WorldState.from_data(engine.state.to_data(engine.system), engine.system)
    assert memory.MISSING + "pistol" in saved.npcs["trader"].memory, "the loss waits in the save"
    later = seeded(engine, start_room="yard")  # the player went west and came back
    engine.play.finish_round(later)
    assert LossFound("trader", "pistol") in later.events
    assert memory.remembers(world, "trader", "robbed") and memory.missing(world, "trader") == []
    assert trade_refusal(world, "trader") is not None
    again = seeded(engine, seed=8, start_room="yard")
    engine.play.finish_round(again)
    assert not any(isinstance(e, LossFound) for e in again.events), "found once"


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_a_robbed_guard_turns_on_the_thief_and_a_robbed_coward_runs(adventure, system_id: str) -> None:
    engine = new(adventure, system_id)
    world = engine.world
    world.move_item("trinket", npc_place("watch"))
    theft.rob(scripted(engine, FAILURE[system_id]), "watch", "trinket")
    assert world.hostile("watch") and memory.remembers(world, "watch", "robbed")
    engine = new(adventure, system_id)
    turn = scripted(engine, FAILURE[system_id])
    theft.rob(turn, "mouse", "trinket")
    assert Fled("mouse", "west") in turn.events and engine.world.npc_room("mouse") == "yard"
    assert memory.remembers(engine.world, "mouse", "robbed")


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_a_surrendered_foe_is_robbed_without_a_roll_and_nobody_minds_spoils(adventure, system_id: str) -> None:
    engine = new(adventure, system_id)
    world = engine.world
    world.move_item("purse", npc_place("pilgrim"))
    world.npc_state("pilgrim").disposition = "hostile"
    memory.remember(world, "pilgrim", "fought")  # it attacked the player
    Surrender().perform(seeded(engine), "pilgrim")
    assert theft.helpless(world, "pilgrim")
    turn = scripted(engine, [])
    theft.rob(turn, "pilgrim", "purse")
    assert not any(isinstance(e, RollMade) for e in turn.events), "no roll against the helpless"
    assert Stolen("purse", "pilgrim", True) in turn.events and world.place_of("purse") == PLAYER
    assert memory.remembers(world, "pilgrim", "robbed") and not world.hostile("pilgrim")
    assert not memory.remembers(world, "trader", "saw-theft"), "spoils from a foe who attacked you"
    assert trade_refusal(world, "trader") is None


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_robbing_a_surrendered_innocent_is_seen_as_theft(adventure, system_id: str) -> None:
    engine = new(adventure, system_id)
    world = engine.world
    memory.remember(world, "pilgrim", "attacked", "fought")  # the player started that fight
    Surrender().perform(seeded(engine), "pilgrim")
    theft.rob(scripted(engine, []), "pilgrim", "purse")
    assert memory.remembers(world, "trader", "saw-theft") and trade_refusal(world, "trader") is not None


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_the_steal_and_take_from_commands(adventure, system_id: str) -> None:
    engine = new(adventure, system_id)
    lines = engine.submit("take pistol from trader").lines
    assert lines == ["The trader will not just hand you the shard pistol. (buy it, or steal shard pistol from "
                     "the trader: a sneak check.)"]
    assert engine.submit("odds steal pistol from trader").lines[0].startswith("Odds of steal from the trader")
    assert engine.submit("steal pistol from pilgrim").lines == ["The pilgrim has no pistol."]
    assert engine.submit("steal").lines[0].startswith("Steal what")
    assert engine.submit("steal all from trader").lines[0].startswith("One thing at a time")
    assert "steal THING [from NPC]" in engine.submit("help steal").lines[0]
    report = engine.submit("steal pistol")
    while report.question:
        report = engine.submit("no")
    assert any("steal from the trader:" in line for line in engine.submit("dice").lines)
