"""Triggers, flags and counters in content, and Cloak of Darkness (PRODUCT §4.1, issue 14)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game.authoring.warnings import check_warnings
from game.engine import Engine
from game.rules.registry import get_system
from game.world.loader import find_adventure, load_adventure
from game.world.state import WorldState
from tests.conftest import play
from tests.test_loader import BASE, bundled_root, problems_of, write

TRIGGERS = BASE.replace('exits = { south = "camp" }', 'exits = { south = "camp", north = { to = "gate", locked_by = "key" } }') + """
[rooms.gate]
name = "Gate"
exits = { south = "road" }
items = ["key"]

[items.key]
name = "key"
kind = "tool"

[items.coin]
name = "coin"
kind = "treasure"

[rooms.camp.scenery.stone]
description = "A grey stone."

[[triggers]]
on = "action"
room = "camp"
verb = ["examine", "read"]
thing = "stone"
once = true
say = "Something glints under the stone."
move = { coin = "camp" }
set = "stone-seen"

[[triggers]]
on = "action"
room = "camp"
verb = "take"
thing = "stone"
say = "The stone is warm to the touch."
set = "stone-touched"

[[triggers]]
on = "enter"
room = "road"
add = { steps = 1 }
say = "The road is long."

[[triggers]]
on = "leave"
room = "road"
set = "left-road"

[[triggers]]
on = "when"
when = { counter_at_least = { steps = 2 } }
say = "Your feet ache."
open = "road/north"

[[triggers]]
on = "action"
verb = "drop"
thing = "coin"
refuse = "You keep the coin."

[[triggers]]
on = "enter"
room = "gate"
when = { flag = "stone-seen" }
remove = "coin"
end = "won"
ending = "The gatekeeper takes your coin."
"""


@pytest.fixture
def engine(tmp_path: Path) -> Engine:
    adventure = load_adventure(write(tmp_path, {"adventure.toml": TRIGGERS}))
    return Engine.new_game(adventure, get_system("vaarn"), 1)


def test_check_accepts_the_triggers(tmp_path: Path) -> None:
    assert problems_of(tmp_path, TRIGGERS) == []


def test_a_key_only_a_trigger_brings_into_play_or_a_way_only_a_trigger_opens_is_no_error(tmp_path: Path) -> None:
    unplaced = TRIGGERS.replace('items = ["key"]\n', "").replace('open = "road/north"\n', "")
    assert any("placed nowhere" in problem for problem in problems_of(tmp_path, unplaced, "a"))
    moved = unplaced + '\n[[triggers]]\non = "enter"\nroom = "road"\nmove = { key = "road" }\n'
    assert problems_of(tmp_path, moved, "b") == []
    opened = unplaced + '\n[[triggers]]\non = "enter"\nroom = "road"\nopen = "road/north"\n'
    assert problems_of(tmp_path, opened, "c") == []


def test_check_reports_bad_triggers(tmp_path: Path) -> None:
    text = BASE + """
[[triggers]]
on = "sunrise"

[[triggers]]
on = "enter"
room = "cmap"
verb = "take"
move = { knfe = "road" }
open = ["camp/west", "nowhere"]
end = "draw"

[[triggers]]
on = "action"
thing = "knif"
add = { Steps = 1, ok = "two" }

[[triggers]]
on = "when"
say = "x"

[rooms.camp.dark]
dark = true
"""
    found = "\n".join(problems_of(tmp_path, text))
    assert "triggers[1].on: 'sunrise' is not a trigger event" in found
    assert "triggers[2].room: no room 'cmap' (did you mean camp?)" in found
    assert "triggers[2].verb: only an action trigger has verb" in found
    assert "triggers[2].move.knfe: no item 'knfe' (did you mean knife?)" in found
    assert "triggers[2].open: the room camp has no exit west" in found
    assert "triggers[2].open: 'nowhere' is not room/direction" in found
    assert "triggers[2].end: 'draw' is not an ending" in found
    assert "triggers[3].thing: no item, scenery, NPC or direction 'knif' (did you mean knife?)" in found
    assert "counter id 'Steps' must be lowercase" in found
    assert "triggers[3].add.ok: should be a whole number" in found
    assert "triggers[4]: a trigger on = \"when\" needs a when table" in found
    assert "rooms.camp.dark.dark: a room's darkness cannot depend on its darkness" in found


def test_check_warns_of_a_verb_the_table_lacks(tmp_path: Path) -> None:
    folder = write(tmp_path, {"adventure.toml": BASE + '[[triggers]]\non = "action"\nverb = ["hang", "exmaine"]\nsay = "x"\n'})
    warnings = "\n".join(check_warnings(folder))
    assert "'hang'" not in warnings  # a word of put: a trigger on it answers "hang" alone
    assert "no verb 'exmaine' (did you mean examine?)" in warnings


def test_an_action_trigger_says_moves_and_sets_once(engine: Engine) -> None:
    lines = play(engine, "x stone")
    assert lines[0] == "Something glints under the stone."
    assert "stone-seen" in engine.state.flags and engine.world.place_of("coin") == "room:camp"
    assert "glints" not in " ".join(play(engine, "x stone"))


def test_a_verb_that_does_nothing_alone_takes_the_meaning_a_trigger_gives_it(tmp_path: Path) -> None:
    text = TRIGGERS + ('\n[[triggers]]\non = "action"\nverb = "light"\nthing = "stone"\nset = "lit"\n'
                       'refuse = "The stone glows."\n')
    assert problems_of(tmp_path, text) == []
    engine = Engine.new_game(load_adventure(write(tmp_path, {"adventure.toml": text}, "lit")), get_system("vaarn"), 1)
    assert play(engine, "light stone") == ["The stone glows."] and "lit" in engine.state.flags
    assert play(engine, "light me") == ["You have no way to light yourself."]


def test_a_trigger_that_wins_the_run_is_the_commands_last_word(tmp_path: Path) -> None:
    text = TRIGGERS + '\n[[triggers]]\non = "action"\nverb = "take"\nthing = "stone"\nend = "won"\n'
    engine = Engine.new_game(load_adventure(write(tmp_path, {"adventure.toml": text})), get_system("vaarn"), 1)
    lines = play(engine, "take stone")
    assert engine.state.status == "won" and lines[-1] == "*** You have won ***", "nothing of the action after it"


def test_what_a_trigger_did_stands_when_the_action_is_then_refused(engine: Engine) -> None:
    assert play(engine, "take stone") == ["The stone is warm to the touch.", "That's hardly portable."]
    assert "stone-touched" in engine.state.flags


def test_a_refusal_keeps_the_action_from_happening(engine: Engine) -> None:
    play(engine, "x stone", "take coin")
    turn = engine.state.turn
    assert play(engine, "drop coin") == ["You keep the coin."]
    assert engine.world.place_of("coin") == "player" and engine.state.turn == turn + 1


def test_entering_leaving_and_a_condition_starting_to_hold(engine: Engine) -> None:
    assert "The road is long." in play(engine, "n")
    assert engine.state.counters == {"steps": 1}
    play(engine, "s")
    assert "left-road" in engine.state.flags
    lines = play(engine, "n")
    assert "Your feet ache." in lines and "road/north" in engine.state.opened
    assert "Your feet ache." not in play(engine, "s", "n")  # it fires when it starts to hold, not again


def test_a_trigger_ends_the_run_and_undo_takes_it_back(engine: Engine) -> None:
    play(engine, "x stone", "take coin", "n", "s", "n")
    lines = play(engine, "n")
    assert "The gatekeeper takes your coin." in lines
    assert engine.state.status == "won" and engine.world.place_of("coin") == "gone"
    assert engine.undo() and engine.state.status == "playing"


def test_flags_and_counters_are_saved_and_old_saves_load(engine: Engine) -> None:
    play(engine, "x stone", "n")
    codec = engine.system
    data = engine.state.to_data(codec)
    back = WorldState.from_data(data, codec)
    assert back.flags == engine.state.flags and back.counters == {"steps": 1}
    del data["flags"], data["counters"]
    old = WorldState.from_data(data, codec)
    assert old.flags == set() and old.counters == {}


@pytest.fixture
def cloak() -> Engine:
    adventure = load_adventure(find_adventure("cloak-of-darkness", bundled_root()))
    return Engine.new_game(adventure, get_system("maelstrom"), 1)


def test_cloak_the_bar_is_dark_while_the_cloak_is_carried(cloak: Engine) -> None:
    assert play(cloak, "s")[-1] == "It is pitch dark, and you can't see a thing."
    assert play(cloak, "look") == ["In the dark? You could easily disturb something!"]
    assert play(cloak, "w") == ["Blundering around in the dark isn't a good idea!"]
    assert cloak.state.counters == {"trampled": 3}
    assert play(cloak, "n")[0] == "Foyer of the Opera House"


def test_in_the_dark_there_is_no_searching_and_no_ways_seen(tmp_path: Path) -> None:
    text = TRIGGERS.replace('[rooms.gate]\nname = "Gate"', '[rooms.gate]\nname = "Gate"\ndark = { flag = "night" }')
    engine = Engine.new_game(load_adventure(write(tmp_path, {"adventure.toml": text})), get_system("vaarn"), 1)
    engine.state.room = "gate"
    engine.state.flags.add("night")
    assert play(engine, "search") == ["It is too dark to search."]
    assert play(engine, "exits") == ["It is too dark to see the ways out."]


def test_cloak_commands_about_the_game_disturb_nothing_in_the_dark(cloak: Engine) -> None:
    play(cloak, "s")
    for command in ("hint", "version", "verbose", "help"):
        assert "disturb" not in " ".join(play(cloak, command)), command
    assert cloak.state.counters.get("trampled", 0) == 0


def test_cloak_the_dark_bar_is_not_named_anywhere_while_dark(cloak: Engine) -> None:
    play(cloak, "s")
    assert cloak.status_line().startswith("Darkness | ")
    assert "  Darkness (you are here): north to Foyer of the Opera House" in play(cloak, "map")
    play(cloak, "n")
    assert play(cloak, "undo")[0] == "Darkness"


def test_cloak_north_from_the_foyer_is_refused(cloak: Engine) -> None:
    assert play(cloak, "n") == ["You've only just arrived, and besides, the weather outside seems to be getting "
                                "worse."]


def test_cloak_all_meets_the_triggers_of_each_thing_it_covers(cloak: Engine) -> None:
    assert play(cloak, "drop all") == ["This isn't the best place to leave a smart cloak lying around."]
    assert cloak.world.place_of("cloak") == "player" and cloak.state.turn == 1
    play(cloak, "w")
    assert play(cloak, "put all on hook") == ["(first taking off the velvet cloak)",
                                              "You put the velvet cloak on the small brass hook."]


@pytest.mark.parametrize("slips, status", [(0, "won"), (1, "won"), (2, "lost")])
def test_cloak_the_message_is_trampled_by_blundering(cloak: Engine, slips: int, status: str) -> None:
    play(cloak, "s", *["x sawdust"] * slips, "n", "w", "hang cloak on hook", "e", "s")
    lines = play(cloak, "read message")
    assert cloak.state.status == status
    assert ("neatly marked" in lines[0]) == (status == "won")


@pytest.mark.parametrize("commands, verdict", [
    ("w\nhang cloak on hook\ne\ns\nread message\n", "The message, neatly marked in the sawdust, reads..."),
    ("s\nlook\ni\nn\nw\nhang cloak on hook\ne\ns\nread message\n", "The message has been carelessly trampled"),
])
def test_cloak_through_a_pipe(tmp_path: Path, commands: str, verdict: str) -> None:
    result = subprocess.run([sys.executable, "-m", "game", "cloak-of-darkness", "--seed", "1", "--saves",
                             str(tmp_path)], input=commands, capture_output=True, text=True, check=False)
    assert verdict in result.stdout
    assert "Traceback" not in result.stdout + result.stderr


def test_cloak_after_winning_looking_shows_the_bar_and_wins_nothing_again(cloak: Engine) -> None:
    """After the end, look and inventory answered nothing in the bar, whose dark trigger
    watches every verb, and reading the message again won again (and could not be undone).
    Now the end is final, as in Inform: every command but the meta ones says so, and nothing wins again."""
    play(cloak, "w", "hang cloak on hook", "e", "s", "read message")
    assert cloak.state.status == "won"
    ended = cloak._ended_line()
    assert ended.startswith("You have won. Would you like to RESTART")
    assert play(cloak, "look") == [ended] and play(cloak, "i") == [ended]
    again = play(cloak, "read message")
    assert again == [ended] and "*** You have won ***" not in again
    assert play(cloak, "undo")[0] == "Foyer Bar"
    assert cloak.state.status == "playing", "undo at the end takes back the winning move"


def test_a_room_lit_by_an_enter_trigger_is_described_lit(tmp_path: Path) -> None:
    """The generator lights a dark room by an enter trigger when the lamp is carried (``new --seed 5
    --size small``, generator 1.0.1): walking in showed "Darkness" and the trigger's line, never the room."""
    text = BASE.replace('[rooms.road]\nname = "Road"', '[rooms.road]\nname = "Road"\ndescription = "A dusty road."\n'
                        'dark = { not_flag = "lit" }') + """
[[triggers]]
on = "enter"
room = "road"
set = "lit"
say = "Your lamp pushes the dark back."
when = { carrying = "knife", not_flag = "lit" }
"""
    engine = Engine.new_game(load_adventure(write(tmp_path, {"adventure.toml": text})), get_system("vaarn"), 1)
    lines = play(engine, "n")
    assert lines[:2] == ["Darkness", "It is pitch dark, and you can't see a thing."]
    assert lines[2] == "Your lamp pushes the dark back."
    assert lines[3:5] == ["Road", "A dusty road."]


def test_cloak_hang_up_with_one_hook_uses_it(cloak: Engine) -> None:
    """"hang up cloak" in the cloakroom asked "What do you want to hang the velvet cloak on?" though
    the hook is the one thing there to hang anything on (Inform infers it)."""
    play(cloak, "w")
    assert play(cloak, "hang up cloak") == ["(on the small brass hook)", "(first taking off the velvet cloak)",
                                            "You put the velvet cloak on the small brass hook."]
    assert play(cloak, "take cloak") == ["Taken: the velvet cloak."]
    assert play(cloak, "put cloak")[0] == "What do you want to put the velvet cloak in?", "put may mean in or on"
