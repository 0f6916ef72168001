"""An NPC's natural attack named by the content (``attack = "its glass fangs"``), under every system."""
from __future__ import annotations

from pathlib import Path

import pytest

from game.actions import Turn
from game.actions.combat import natural_weapon
from game.engine import Engine
from game.paths import bundled_root
from game.rules.dice import ScriptedDice
from game.rules.registry import SYSTEM_IDS, get_system
from game.systems.vaarn import fight as vaarn_fight
from game.world.content import Adventure
from game.world.loader import load_adventure
from tests.test_loader import BASE, problems_of


@pytest.fixture(scope="module")
def oasis() -> Adventure:
    return load_adventure(bundled_root() / "glass-oasis")


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_an_npc_without_a_weapon_strikes_with_the_attack_the_content_names(oasis: Adventure,
                                                                          system_id: str) -> None:
    engine = Engine.new_game(oasis, get_system(system_id), 3)
    world = engine.world
    assert world.npc("glass-jackal").attack == "its glass fangs"
    weapon = natural_weapon(Turn(world, ScriptedDice([]), play=engine.play), "glass-jackal")
    assert weapon.name == "its glass fangs"
    assert weapon.damage == engine.play.natural_weapon(world.npc_state("glass-jackal").sheet).damage, \
        "only the words change"
    if system_id == "vaarn":
        assert {w.name for option in vaarn_fight.attack_options(world, "glass-jackal") for w in option} \
            == {"its glass fangs"}


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_without_an_attack_the_system_names_the_natural_weapon(oasis: Adventure, system_id: str) -> None:
    engine = Engine.new_game(oasis, get_system(system_id), 3)
    world = engine.world
    assert world.npc("spore-drifter").attack == ""
    natural = engine.play.natural_weapon(world.npc_state("spore-drifter").sheet)
    assert natural_weapon(Turn(world, ScriptedDice([]), play=engine.play), "spore-drifter") == natural


def test_a_jackal_bites_in_the_story(oasis: Adventure) -> None:
    engine = Engine.new_game(oasis, get_system("opend6"), 3)
    engine.world.move_npc("glass-jackal", engine.state.room)
    engine.world.npc_state("glass-jackal").disposition = "hostile"
    lines = [line for _ in range(3) for line in engine.submit("wait").lines]
    assert "The glass jackal hits you with its glass fangs." in lines


def test_an_attack_that_is_not_a_string_is_refused(tmp_path: Path) -> None:
    text = BASE + '\n[npcs.x]\nname = "x"\ntier = 1\nattack = 3\n'
    assert problems_of(tmp_path, text) == [f"adventure.toml:{text.count(chr(10))}: npcs.x.attack: "
                                           "expected a string, got an integer"]
