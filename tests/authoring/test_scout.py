"""The simulator's scout decides from the world's state and typed answers, never from printed sentences."""
from __future__ import annotations

from pathlib import Path

import pytest

from game.authoring.scout import RunResult, Scout, play_run
from game.engine import Engine
from game.generate.build import build
from game.generate.emit import render, write_folder
from game.rules.registry import get_system
from game.world.content import Adventure
from game.world.loader import load_adventure

GLASS_OASIS = Path(__file__).resolve().parents[2] / "content" / "glass-oasis"


@pytest.fixture(scope="module")
def oasis() -> Adventure:
    return load_adventure(GLASS_OASIS)


def at_the_pass(adventure: Adventure, system_id: str) -> tuple[Engine, Scout, list[str]]:
    """A scout standing in the Shattered Pass, where the raider bars the way north; what it says is kept."""
    engine = Engine.new_game(adventure, get_system(system_id), 2)
    engine.opening()
    engine.state.room = engine.world.npc_room("raider")
    engine.state.visited.add(engine.state.room)
    scout = Scout(engine, 2, 40)
    return engine, scout, recorded(scout)


def recorded(scout: Scout) -> list[str]:
    """What the scout says from now on, kept in the list returned."""
    said: list[str] = []
    say = scout.say

    def recording(text: str) -> list[str]:
        said.append(text)
        return say(text)

    scout.say = recording
    return said


@pytest.mark.parametrize("system_id", ["vaarn", "bind"])
def test_a_guard_that_bars_the_way_is_fought_not_walked_into(oasis: Adventure, system_id: str) -> None:
    engine, scout, said = at_the_pass(oasis, system_id)
    engine.world.npc_state("raider").disposition = "neutral"  # standing guard, not yet a foe
    scout.step()
    assert said[0] == "attack dune raider"  # not a "go north" the game would refuse
    assert scout.fight is not None and scout.fight.npc == "raider"


def test_out_of_reach_the_scout_closes_in_before_a_melee_blow(oasis: Adventure) -> None:
    from game.systems.open_adventures.turn import set_distance

    engine, scout, said = at_the_pass(oasis, "open_adventures")
    set_distance(engine.world, "raider", 6)
    scout.step()
    assert said[0] == "move to the dune raider"  # the play layer's closing_in, not a refusal's hint


CLOAK = Path(__file__).resolve().parents[2] / "content" / "cloak-of-darkness"

#: A small adventure won by a trigger: the idol left on the shrine's floor once the garden has
#: been listened to (a flag another trigger sets), then the inscription read.  Nothing names it here.
SHRINE = """\
[adventure]
id = "shrine"
title = "Shrine"
version = "1"
start = "hall"

[rooms.hall]
name = "Hall"
exits = { north = "shrine", east = "garden" }

[rooms.shrine]
name = "Shrine"
exits = { south = "hall" }

[rooms.shrine.scenery.inscription]
description = "Old letters."
text = "Return what was taken."

[rooms.garden]
name = "Garden"
exits = { west = "hall" }
items = ["idol"]

[items.idol]
name = "clay idol"
aliases = ["idol"]

[[triggers]]
on = "action"
room = "garden"
verb = "listen"
set = "heard"
say = "A voice: the idol belongs in the shrine."

[[triggers]]
on = "action"
room = "shrine"
verb = "read"
thing = "inscription"
when = { item_here = "idol", flag = "heard" }
end = "won"
ending = "The shrine is whole again."
"""


def run(adventure: Adventure, system_id: str, seed: int = 1, turns: int = 60) -> tuple[Engine, list[str], RunResult]:
    engine = Engine.new_game(adventure, get_system(system_id), seed)
    scout = Scout(engine, seed, turns)
    said = recorded(scout)
    return engine, said, scout.play()


@pytest.mark.parametrize("system_id", ["open_adventures", "vaarn", "opend6", "bind", "maelstrom"])
def test_the_scout_wins_cloak_of_darkness_after_groping_once_in_the_dark(system_id: str) -> None:
    """Won by a trigger, not the goal table: a first-timer sees the dark bar first and gropes once (the
    warning comes after), then leaves the cloak where a trigger allows it and reads the message in the lit bar."""
    engine, said, result = run(load_adventure(CLOAK), system_id, seed=4)
    assert result.outcome == "won", said
    assert said[:3] == ["go south", "look", "go north"]
    assert engine.state.counters.get("trampled", 0) == 1
    assert "drop velvet cloak" in said and said[-1] == "read message"
    assert engine.world.place_of("cloak") == "room:cloakroom"


def test_a_first_timer_who_gropes_twice_in_the_dark_loses_cloak_of_darkness() -> None:
    """The classic loss: groping about again after the warning tramples the message; the first-timer, who
    cannot know it, lights the bar all the same and reads what is left of it."""
    engine, said, result = run(load_adventure(CLOAK), "vaarn", seed=1)
    assert said[:3] == ["go south", "look", "search"], said
    assert result.outcome == "dead" and result.cause == "ending: You have lost.", said
    assert said[-1] == "read message"


def test_the_scout_does_what_the_winning_trigger_asks_and_fires_the_trigger_setting_its_flag(tmp_path: Path) -> None:
    (tmp_path / "adventure.toml").write_text(SHRINE)
    engine, said, result = run(load_adventure(tmp_path), "vaarn")
    assert result.outcome == "won", said
    assert "listen" in said and said.index("drop clay idol") < said.index("read inscription") == len(said) - 1
    assert engine.world.place_of("idol") == "room:shrine" and "heard" in engine.state.flags


def test_a_win_beyond_the_scout_is_named(tmp_path: Path) -> None:
    (tmp_path / "adventure.toml").write_text(SHRINE.replace('set = "heard"', 'set = "noise"'))
    _engine, _said, result = run(load_adventure(tmp_path), "vaarn", turns=20)
    assert result.outcome == "timeout"
    assert result.beyond == "triggers[2] needs flag 'heard', which no trigger the scout can fire sets"


#: Winning triggers of each kind, in the shrine (one with a refusing trigger before it that sets its flag).
WINNING_TRIGGERS = [
    ("entering", 'on = "enter"\nroom = "shrine"\nwhen = { carrying = "idol" }\nend = "won"\n'),
    ("a condition", 'on = "when"\nroom = "shrine"\nwhen = { item_here = "idol" }\nend = "won"\n'),
    ("a way out", 'on = "action"\nroom = "garden"\nverb = "go"\nthing = "west"\nwhen = { carrying = "idol" }\n'
                  'refuse = "You leave with it."\nend = "won"\n'),
    ("a refusing trigger that sets a flag", 'on = "action"\nroom = "garden"\nverb = "listen"\nrefuse = "Hush."\n'
                                            'set = "hushed"\n[[triggers]]\non = "action"\nroom = "shrine"\n'
                                            'verb = "read"\nthing = "inscription"\nwhen = { flag = "hushed" }\n'
                                            'refuse = "Hushed, it reads."\nend = "won"\n'),
    ("put on", 'on = "action"\nroom = "shrine"\nverb = "put"\nthing = "idol"\nrefuse = "It fits."\nend = "won"\n'),
]


@pytest.mark.parametrize(("name", "trigger"), WINNING_TRIGGERS, ids=[name for name, _ in WINNING_TRIGGERS])
def test_the_scout_wins_by_each_kind_of_winning_trigger(tmp_path: Path, name: str, trigger: str) -> None:
    head = SHRINE.split("[[triggers]]")[0].replace("[rooms.garden]", '[rooms.shrine.scenery.altar]\nkind = "supporter"\n\n'
                                                                      "[rooms.garden]")
    (tmp_path / "adventure.toml").write_text(f"{head}[[triggers]]\n{trigger}")
    _engine, said, result = run(load_adventure(tmp_path), "bind")
    assert result.outcome == "won", (name, said)
    assert len(said) <= 6


def test_the_plan_for_cloak_of_darkness_is_read_from_its_triggers() -> None:
    """Leave the cloak (the bar is dark while it is carried, and trigger 2 stops reading in the dark), then read."""
    from game.authoring.aims import Task, plan, stopping_trigger

    engine = Engine.new_game(load_adventure(CLOAK), get_system("vaarn"), 1)
    world = engine.world
    first = plan(world)
    assert first is not None and first.tasks == (
        Task("shed", item="cloak"), Task("act", room="bar", verb="read", thing="message"))
    assert stopping_trigger(world, "drop", {"cloak"}) is not None  # not in the foyer
    assert stopping_trigger(world, "drop", {"cloak"}, "cloakroom") is None
    found = stopping_trigger(world, "go", {"south"}, "bar")
    assert found is not None and found[0] == 1  # blundering about in the dark bar
    assert stopping_trigger(world, "go", {"north"}, "bar") is None
    world.move_item("cloak", "room:cloakroom")
    assert stopping_trigger(world, "go", {"south"}, "bar") is None
    then = plan(world)
    assert then is not None and then.tasks == (Task("act", room="bar", verb="read", thing="message"),)


def test_a_question_without_yes_is_answered_with_its_first_choice(oasis: Adventure) -> None:
    engine = Engine.new_game(oasis, get_system("vaarn"), 2)
    scout = Scout(engine, 2, 40)
    typed: list[str] = []

    class Asked:
        choices = {"left": "the left way", "right": "the right way"}

    def submit(text: str) -> object:
        typed.append(text)
        engine.asking = None if len(typed) > 1 else type("Asking", (), {"question": Asked})()
        return type("Report", (), {"lines": [text]})()

    engine.submit = submit
    assert scout.say("go") == ["go", "left"]


#: A vault whose key lies by the door, with a pack too full to lift it under Vaarn (20 slots): the
#: boulder must be left behind first.  The hermit is the goal's, and no foe until struck.
PACKED = """\
[adventure]
id = "packed"
title = "Packed"
version = "1"
start = "hall"
goal = { reach = "vault", carrying = "idol" }

[player]
items = ["boulder", "knife"]
water = 2
food = 2

[rooms.hall]
name = "Hall"
exits = { north = { to = "vault", locked_by = "key" } }
items = ["key"]

[rooms.vault]
name = "Vault"
exits = { south = "hall" }
items = ["idol"]

[items.boulder]
name = "boulder"
kind = "tool"
slots = 19

[items.knife]
name = "knife"
kind = "weapon"
damage = "d4"

[items.key]
name = "iron key"
kind = "tool"

[items.idol]
name = "idol"
kind = "treasure"
"""


def test_a_pack_too_full_for_the_key_is_lightened_first(tmp_path: Path) -> None:
    """A human drops what it can spare to lift what the way needs: no walking to and fro past the key."""
    (tmp_path / "adventure.toml").write_text(PACKED)
    _engine, said, result = run(load_adventure(tmp_path), "vaarn", turns=30)
    assert result.outcome == "won", said
    assert said[:2] == ["drop boulder", "take iron key"]


def scout_in(folder: Path, text: str) -> tuple[Scout, list[str]]:
    """A scout at the start of the adventure ``text`` (written to ``folder``) under Vaarn, seed 1, and
    the list of what it says from now on."""
    (folder / "adventure.toml").write_text(text)
    engine = Engine.new_game(load_adventure(folder), get_system("vaarn"), 1)
    engine.opening()
    scout = Scout(engine, 1, 30)
    return scout, recorded(scout)


def test_a_goal_foe_that_is_no_foe_now_is_still_struck(tmp_path: Path) -> None:
    """A boss that broke and fled (or never was hostile) stands in the goal's way: the scout attacks it."""
    text = PACKED.replace('goal = { reach = "vault", carrying = "idol" }', 'goal = { defeat = "hermit" }')
    text = text.replace('items = ["boulder", "knife"]', 'items = ["knife"]').replace(
        'items = ["key"]', 'npcs = ["hermit"]\nitems = ["key"]', 1)
    text += '\n[npcs.hermit]\nname = "hermit"\ntier = 1\ndisposition = "neutral"\n'
    scout, said = scout_in(tmp_path, text)
    scout.step()
    scout.step()
    assert said == ["take all", "attack hermit"]
    assert scout.fight is not None and scout.fight.npc == "hermit"


def test_with_no_vessel_the_scout_does_not_go_back_for_water_it_cannot_carry(oasis: Adventure) -> None:
    """A smashed waterskin leaves no water carried: it drinks at a source when thirsty, not every turn."""
    engine = Engine.new_game(oasis, get_system("vaarn"), 2)
    engine.opening()
    engine.world.destroy_item("waterskin")
    engine.state.water = 0
    engine.state.visited.add("tin-caravanserai")  # a water source it has seen
    scout = Scout(engine, 2, 30)
    assert scout._survive() is None
    engine.state.thirst_days = 1
    assert scout._survive() is not None


def test_of_two_keys_of_one_name_the_game_picks_the_one_that_fits(tmp_path: Path) -> None:
    """``unlock north with iron key`` would name either; ``unlock north`` lets the game find the right one."""
    text = PACKED.replace('items = ["boulder", "knife"]', 'items = ["spare", "knife"]')
    text += '\n[items.spare]\nname = "iron key"\nkind = "tool"\n'
    (tmp_path / "adventure.toml").write_text(text)
    _engine, said, result = run(load_adventure(tmp_path), "vaarn", turns=30)
    assert result.outcome == "won", said
    assert "unlock north" in said


SHRINE_ROOMS = SHRINE.split("[[triggers]]")[0]
#: Won by reading the inscription once the garden's echo has been heard three times (a counter).
COUNTED = SHRINE_ROOMS + """
[[triggers]]
on = "action"
room = "garden"
verb = "listen"
add = { echoes = 1 }
say = "An echo answers."

[[triggers]]
on = "action"
room = "shrine"
verb = "read"
thing = "inscription"
when = { counter_at_least = { echoes = 3 } }
end = "won"
"""
#: Won by reading it with the idol, unwatched: the garden's eyes (a flag) are lost again in the hall.
UNWATCHED = SHRINE_ROOMS + """
[[triggers]]
on = "enter"
room = "garden"
set = "watched"
say = "Eyes follow you."

[[triggers]]
on = "action"
room = "hall"
verb = "listen"
unset = "watched"
say = "The eyes lose interest."

[[triggers]]
on = "action"
room = "shrine"
verb = "read"
thing = "inscription"
when = { carrying = "idol", not_flag = "watched" }
end = "won"
"""


def test_the_scout_raises_a_counter_a_winning_trigger_wants(tmp_path: Path) -> None:
    (tmp_path / "adventure.toml").write_text(COUNTED)
    engine, said, result = run(load_adventure(tmp_path), "vaarn")
    assert result.outcome == "won", said
    assert said.count("listen") == 3 and said[-1] == "read inscription"
    assert engine.state.counters["echoes"] == 3


def test_the_scout_unsets_a_flag_a_winning_trigger_wants_unset(tmp_path: Path) -> None:
    (tmp_path / "adventure.toml").write_text(UNWATCHED)
    engine, said, result = run(load_adventure(tmp_path), "bind")
    assert result.outcome == "won", said
    assert said.index("listen") < said.index("read inscription") == len(said) - 1
    assert "watched" not in engine.state.flags


def test_a_counter_no_trigger_raises_is_named_as_the_step_beyond_the_scout(tmp_path: Path) -> None:
    (tmp_path / "adventure.toml").write_text(COUNTED.replace("add = { echoes = 1 }", "add = { echoes = -1 }"))
    _engine, _said, result = run(load_adventure(tmp_path), "vaarn", turns=20)
    assert result.outcome == "timeout"
    assert result.beyond == "triggers[2] needs counter 'echoes' at 3 or more, which no trigger the scout can fire raises"


def test_an_npc_wanted_down_but_alive_is_struck_until_it_falls_and_never_once_dead(tmp_path: Path) -> None:
    from game.authoring.aims import Task, plan

    text = SHRINE_ROOMS.replace('items = ["idol"]', 'items = ["idol"]\nnpcs = ["thief"]') + """
[npcs.thief]
name = "thief"
tier = 1

[[triggers]]
on = "action"
room = "shrine"
verb = "read"
thing = "inscription"
when = { npc_down = "thief" }
end = "won"
"""
    (tmp_path / "adventure.toml").write_text(text)
    engine = Engine.new_game(load_adventure(tmp_path), get_system("opend6"), 1)
    first = plan(engine.world)
    assert first is not None and first.tasks[0] == Task("defeat", npc="thief")
    world = engine.world
    world.npc_condition = lambda npc_id: "down"  # type: ignore[method-assign]
    then = plan(world)
    assert then is not None and then.tasks == (Task("act", room="shrine", verb="read", thing="inscription"),)
    world.npc_condition = lambda npc_id: "dead"  # type: ignore[method-assign]
    dead = plan(world)
    assert dead is not None and dead.beyond == "triggers[1] needs npc 'thief' down but alive, and it is dead"


def test_a_fled_foe_carrying_the_key_of_a_shut_way_is_struck(tmp_path: Path) -> None:
    """A guard that broke and fled with the key is no foe now, but the way on needs its key."""
    text = PACKED.replace('items = ["boulder", "knife"]', 'items = ["knife"]').replace(
        'items = ["key"]', 'npcs = ["warden"]', 1)
    text += '\n[npcs.warden]\nname = "warden"\ntier = 1\ndisposition = "neutral"\nitems = ["key"]\n'
    scout, said = scout_in(tmp_path, text)
    scout.step()
    assert said == ["attack warden"]


def test_an_exotica_that_fails_is_tried_again_and_a_dark_room_is_looted_once_lit(tmp_path: Path) -> None:
    """Generated salt 12: the hidden way lies in a dark shrine, shown by an unknown rod that may lash
    back, and the key lies in the dark there until the lamp beyond the way lights it. A player tries the
    rod again, and takes the key once the lamp shows it; the scout once walked to and fro for good."""
    write_folder(tmp_path, render(build(12, "salt", "medium"), None))
    adventure = load_adventure(tmp_path)
    assert adventure.rooms["bleached-shrine"].dark is not None
    assert play_run(adventure, "vaarn", 1, 800).outcome == "won"
