"""Scenery, texts that follow the world, pronouns and containers in content (PRODUCT §4.1, issue 14)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game.engine import Engine
from game.rules.registry import get_system
from game.world.loader import DEFAULT_ADVENTURE, find_adventure, load_adventure
from tests.conftest import play
from tests.test_loader import BASE, bundled_root, problems_of

DATA = Path(__file__).parent / "data"


def test_check_accepts_scenery_descriptions_pronoun_and_containers(tmp_path: Path) -> None:
    text = BASE + """
[rooms.camp.scenery.fire]
aliases = ["ashes"]
description = "Cold ashes."
descriptions = [{ when = { exit_open = "north", time = "night" }, text = "Ashes under the stars." }]

[[rooms.camp.descriptions]]
when = { carrying = "knife", goal_reached = false }
text = "A camp."

[items.satchel]
name = "satchel"
kind = "container"
capacity = 3

[npcs.warden]
name = "warden"
tier = 1
pronoun = "she"
descriptions = [{ when = { item_gone = "satchel" }, text = "She looks at your empty hands." }]
"""
    assert problems_of(tmp_path, text) == []


def test_check_reports_bad_conditions_and_scenery(tmp_path: Path) -> None:
    text = BASE + """
[rooms.camp.scenery.Fire]
description = "x"

[rooms.camp.scenery.pit]
kind = "hole"
capacity = -1

[[rooms.camp.descriptions]]
when = { exit_open = "west", carrying = "knfe", time = "dusk", npc_here = "nobody" }
text = "A camp."

[[rooms.road.descriptions]]
when = {}
text = "A road."

[npcs.warden]
name = "warden"
tier = 1
pronoun = "xe"
"""
    found = "\n".join(problems_of(tmp_path, text))
    assert "scenery id 'Fire' must be lowercase" in found
    assert "rooms.camp.scenery.pit.kind: 'hole' is not a scenery kind" in found
    assert "rooms.camp.scenery.pit.capacity: must be 0 or more, not -1" in found
    assert "rooms.camp.descriptions[1].when.exit_open: the room has no exit west" in found
    assert "rooms.camp.descriptions[1].when.carrying: no item 'knfe' (did you mean knife?)" in found
    assert "rooms.camp.descriptions[1].when.time: 'dusk' is not a time; one of: day, night" in found
    assert "rooms.camp.descriptions[1].when.npc_here: no npc 'nobody'" in found
    assert "rooms.road.descriptions[1].when: the condition is empty" in found
    assert "npcs.warden.pronoun: 'xe' is not a pronoun" in found


@pytest.fixture
def oasis() -> Engine:
    adventure = load_adventure(find_adventure(DEFAULT_ADVENTURE, bundled_root()))
    return Engine.new_game(adventure, get_system("vaarn"), 3)


@pytest.mark.parametrize("room, nouns", [
    ("dune-camp", ["lean-to", "ashes", "dune", "bones", "footprints"]),
    ("under-channel", ["skeleton", "pale fungus", "walls", "harness"]),
    ("spore-grotto", ["locker", "fungus"]),
    ("vault-gate", ["door", "gate", "faces", "niche"]),
    ("vault-approach", ["door", "palms", "drain"]),
    ("sunken-well", ["rope", "stones", "names"]),
    ("caravanserai", ["awning", "child", "walls", "gate"]),
    ("glass-flats", ["glass", "ridge", "aqueduct"]),
])
def test_what_the_bundled_rooms_name_can_be_examined(oasis: Engine, room: str, nouns: list[str]) -> None:
    for npc_id in oasis.world.npcs_in(room):  # the scenery, not a fight, is under test
        oasis.world.npc_state(npc_id).room = "glass-oasis"
    oasis.world.state.room = room
    for noun in nouns:
        lines = play(oasis, f"x {noun}")
        assert lines and not lines[0].startswith(("I don't know", "You see no", "Which")), (noun, lines)
        refusal = play(oasis, f"take {noun}")[0]
        assert refusal == "That's hardly portable." or refusal.endswith("will not move."), (noun, refusal)


def test_the_obelisk_is_the_obelisk_not_its_shade(oasis: Engine) -> None:
    oasis.world.state.room = "obelisk-hollow"
    assert play(oasis, "x obelisk")[0].startswith("An obelisk of black glass")


def test_the_vault_gate_is_open_once_unlocked(oasis: Engine) -> None:
    oasis.world.state.room = "vault-gate"
    assert "shut fast" in play(oasis, "look")[1]
    oasis.world.move_item("sun-key", "player")
    assert play(oasis, "n")[0] == "(first unlocking the bronze door with the sun-bronze key)"
    oasis.world.state.room = "vault-gate"
    assert "stands open" in play(oasis, "look")[1] and "shut fast" not in play(oasis, "look")[1]
    assert play(oasis, "x door")[0].endswith("It stands open.")


def test_the_glass_flats_by_night(oasis: Engine) -> None:
    oasis.world.state.room = "glass-flats"
    oasis.world.state.minutes = 24 * 60 + 102  # 01:42
    assert "cold under the stars" in play(oasis, "look")[1]
    oasis.world.state.minutes = 24 * 60 + 13 * 60
    assert "blinding under the sun" in play(oasis, "look")[1]


def test_a_journey_ending_after_dark_shows_the_night(oasis: Engine) -> None:
    """The four hours across the flats from 17:00 end at 21:00: what the player arrives to is the night."""
    oasis.world.state.room = "caravanserai"
    for npc_id in oasis.world.npcs_in("caravanserai"):  # the arrival, not a farewell, is under test
        oasis.world.npc_state(npc_id).room = "glass-oasis"
    oasis.world.state.minutes = 24 * 60 + 17 * 60
    arrived = "\n".join(oasis.submit("north").lines)
    assert oasis.world.state.room == "glass-flats" and oasis.world.state.minutes >= 24 * 60 + 19 * 60
    assert "cold under the stars" in arrived and "blinding under the sun" not in arrived


def test_the_oasis_after_the_win(oasis: Engine) -> None:
    oasis.world.state.room = "glass-oasis"
    assert "thin sheet of water" in play(oasis, "look")[1]
    oasis.world.move_item("glass-heart", "player")
    play(oasis, "wait")
    assert oasis.state.status == "won"
    play(oasis, "play on")  # the end is final until the player chooses to play on
    assert "brimming with clear water" in play(oasis, "look")[1]


def test_tamsin_is_she_and_never_the_tamsin(oasis: Engine) -> None:
    oasis.world.state.room = "caravanserai"
    lines = play(oasis, "x tamsin")
    assert any(line.startswith("She carries") for line in lines)
    assert not any("the Tamsin" in line or "The Tamsin" in line for line in lines)


def test_several_commands_a_line_through_a_pipe(tmp_path: Path) -> None:
    commands = "x key. take it\ntake stone, x it\nx\nknife\ndrop knife, stone\ng\n"
    result = subprocess.run([sys.executable, "-m", "game", str(DATA / "tiny"), "--seed", "5", "--saves",
                             str(tmp_path)], input=commands, capture_output=True, text=True, check=True)
    out = result.stdout
    assert "Which do you mean, the brass key or the glass key?" in out
    assert "Taken: the smooth stone." in out
    assert "What do you want to examine?" in out
    assert "Dropped: the knife.\nDropped: the smooth stone." in out
    assert "Traceback" not in out + result.stderr


def test_a_dead_raider_is_described_as_dead(oasis: Engine) -> None:
    from game.rules.dice import ScriptedDice

    oasis.world.state.room = "shattered-pass"
    assert play(oasis, "x raider")[0].startswith("A tall raider in a mask of black glass")
    state = oasis.world.npc_state("raider")
    while oasis.system.condition(state.sheet) != "dead":
        state.sheet = oasis.system.harm(state.sheet, "d20", ScriptedDice([20] * 10)).sheet
    assert play(oasis, "x body")[0] == "The raider lies across his own warning of bones, his mask of black glass cracked."
    assert "the one who piled them will warn nobody again" in " ".join(play(oasis, "look"))


def test_check_validates_dark(tmp_path: Path) -> None:
    assert problems_of(tmp_path, BASE + '\n[rooms.road.dark]\ncarrying = "knife"\n') == []
    found = problems_of(tmp_path, BASE + '\n[rooms.road.dark]\ncarrying = "lamp"\n', "adv2")
    assert any("rooms.road.dark.carrying: no item 'lamp'" in line for line in found)


# -- round 8: what the bundled texts say must be true of the world ---------------------------------------

def bundled(adventure_id: str, system_id: str = "vaarn") -> Engine:
    adventure = load_adventure(find_adventure(adventure_id, bundled_root()))
    return Engine.new_game(adventure, get_system(system_id), 3)


@pytest.mark.parametrize("adventure_id", ["glass-oasis", "halcyon-drift", "cloak-of-darkness"])
def test_every_bundled_npc_has_the_pronoun_its_description_implies(adventure_id: str) -> None:
    import re

    adventure = load_adventure(find_adventure(adventure_id, bundled_root()))
    for npc_id, npc in adventure.npcs.items():
        words = set(re.findall(r"[a-z]+", npc.description.lower()))
        implied = "he" if words & {"he", "his", "him", "himself"} else (
            "she" if words & {"she", "her", "herself"} else "it")
        assert npc.pronoun == implied, (npc_id, npc.pronoun, npc.description)


def test_the_men_of_the_roads_are_he() -> None:
    oasis = bundled("glass-oasis")
    oasis.world.state.room = oasis.world.npc_state("salt-pilgrim").room  # a wanderer: where the clock has him
    play(oasis, "x pilgrim")
    assert play(oasis, "ask him about water")[0].startswith("\"The well by the bone orchard")
    drift = bundled("halcyon-drift")
    drift.world.state.room = "cargo-bay"
    assert any(line.startswith("He carries") for line in play(drift, "x scavenger"))


def _kill(engine: Engine, npc_id: str) -> None:
    from game.rules.dice import ScriptedDice

    state = engine.world.npc_state(npc_id)
    while engine.system.condition(state.sheet) != "dead":
        state.sheet = engine.system.harm(state.sheet, "d20", ScriptedDice([20] * 10)).sheet


def test_the_heart_vault_once_its_sentinel_is_dead() -> None:
    oasis = bundled("glass-oasis")
    oasis.world.state.room = "heart-vault"
    assert "whirs and unfolds" in " ".join(play(oasis, "look"))
    _kill(oasis, "brass-sentinel")
    text = " ".join(play(oasis, "look"))
    assert "whirs and unfolds" not in text and "Nothing stirs in the shadows now." in text
    assert play(oasis, "x shadows")[0].endswith("Nothing waits in them now.")


def test_the_caravanserai_and_the_shrine_once_their_people_are_dead() -> None:
    oasis = bundled("glass-oasis")
    oasis.world.state.room = "caravanserai"
    assert "a trader has laid out her wares" in " ".join(play(oasis, "look"))
    _kill(oasis, "tamsin")
    text = " ".join(play(oasis, "look"))
    assert "laid out her wares" not in text and "the trader's place stands empty" in text
    oasis.world.state.room = "hermit-shrine"
    assert "Someone lives here" in " ".join(play(oasis, "look"))
    _kill(oasis, "mother-quell")
    text = " ".join(play(oasis, "look"))
    assert "Someone lives here" not in text and "burns on without her" in text


def test_the_galley_once_pell_is_dead() -> None:
    drift = bundled("halcyon-drift")
    drift.world.state.room = "mess-hall"
    assert "somebody keeps the water recycler running" in " ".join(play(drift, "look"))
    _kill(drift, "pell")
    text = " ".join(play(drift, "look"))
    assert "somebody keeps" not in text and "nobody tends it now" in text
    drift.world.state.room = "hydroponics"
    _kill(drift, "bloom")
    assert "hangs limp now" in " ".join(play(drift, "look"))


def test_the_singing_dunes_by_night() -> None:
    oasis = bundled("glass-oasis")
    oasis.world.state.room = "singing-dunes"
    assert "old glass wink in the sun" in " ".join(play(oasis, "look"))
    oasis.world.state.minutes = 24 * 60 + 23 * 60
    text = " ".join(play(oasis, "look"))
    assert "wink in the starlight" in text and "in the sun" not in text


@pytest.mark.parametrize("room", ["glass-flats", "salt-pan"])
def test_the_harm_of_the_open_glass_is_true_by_night(room: str) -> None:
    """A hazard's text cannot follow the clock, so the flats' and the pan's are true at any hour."""
    oasis = bundled("glass-oasis")
    import re

    text = oasis.world.adventure.rooms[room].hazard_text.lower()
    assert "by night" in text
    for clause in re.split(r"[,:;]", text):  # the glare and the sun only in a clause that says "by day"
        assert "by day" in clause or not re.search(r"\b(glare|sun|heat)\b", clause), clause


@pytest.mark.parametrize("room, nouns", [
    ("docking-ring", ["viewports", "collars", "arrow", "frost"]),
    ("airlock-hub", ["door", "lights", "corridors"]),
    ("crew-quarters", ["bunks", "bunk", "blankets", "lockers"]),
    ("mess-hall", ["tables", "trays", "sign"]),
    ("central-spine", ["cables", "handholds"]),
    ("hydroponics", ["trays", "racks", "plants"]),
    ("medbay", ["beds", "cabinets", "lamps"]),
    ("cargo-bay", ["crates", "lift", "shaft"]),
    ("reactor-access", ["gantry", "dosimeter", "door", "lift"]),
    ("reactor-core", ["pillar", "console"]),
    ("antenna-crawlway", ["tube", "blankets"]),
    ("bridge", ["door", "chair", "screens"]),
    ("captains-cabin", ["desk", "charts", "light"]),
])
def test_what_the_station_rooms_name_can_be_examined(room: str, nouns: list[str]) -> None:
    drift = bundled("halcyon-drift")
    for npc_id in drift.world.npcs_in(room):  # the scenery, not a fight, is under test
        drift.world.npc_state(npc_id).room = "docking-ring" if room != "docking-ring" else "airlock-hub"
    drift.world.state.room = room
    for noun in nouns:
        lines = play(drift, f"x {noun}")
        assert lines and not lines[0].startswith(("I don't know", "You see no", "Which")), (room, noun, lines)
    if room == "mess-hall":
        assert play(drift, "read sign") == ["OPEN."]
