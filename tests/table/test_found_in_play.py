"""Bugs found in play, each reproduced as the player met it; each test fails without its fix."""
from __future__ import annotations

from game.engine import Engine
from game.events import RollResult
from game.meta import why_lines
from game.paths import bundled_root
from game.presentation import status_parts, status_text
from game.rules.base import Weapon
from game.rules.dice import ScriptedDice
from game.rules.registry import get_system
from game.systems.bind import combat as bind_combat
from game.world.loader import find_adventure, load_adventure


def oasis(system_id: str, seed: int = 1) -> Engine:
    adventure = load_adventure(find_adventure("glass-oasis", bundled_root()))
    return Engine.new_game(adventure, get_system(system_id, adventure.rules.get(system_id, {})), seed)


def said(engine: Engine, *commands: str) -> list[str]:
    out: list[str] = []
    for command in commands:
        out = engine.submit(command).lines
    return out


def test_why_says_whose_blow_not_striker_defender() -> None:
    blow = RollResult("bind", (4,), "success", {"total": 5, "damage": 5, "dr": 0, "striker": "defender"},
                      "the raider strikes you: damage 1d6 (4) + 1 = 5: you lose 5 HP", "seed 003 §Damage")
    figures = next(line for line in why_lines("bind", "BIND", "parting blow", blow) if "Figures" in line)
    assert "striker defender" not in figures and "the defender's blow" in figures


def test_bind_harm_says_the_die_it_rolls_and_what_the_hazard_adds() -> None:
    """It read "harm (d4) 1d6 (4) + 0 = 4 HP": a d4 named, a d6 rolled, and no word why."""
    fall = bind_combat.harm(get_system("bind").new_character(None, ScriptedDice([4] * 20)), "d4", ScriptedDice([4]))
    text = fall.rolls[0].text
    assert "(d4) 1d6" not in text
    assert text == "harm 1d6 (4) + 0 = 4 HP (1D6 + 0, a d4 hazard)"


def test_bind_armour_on_a_blow_says_why_it_counts_or_not() -> None:
    system = get_system("bind")
    striker = system.new_character(None, ScriptedDice([4] * 20))
    target = system.new_character(None, ScriptedDice([4] * 20))
    from dataclasses import replace

    from game.systems.bind.sheet import Armour

    armoured = replace(target, armour=Armour(dr=1, covering=2))
    near = bind_combat.damage_roll(striker, bind_combat.arms_of(Weapon()), armoured, True, ScriptedDice([3]),
                                   ("the raider", "you"), covered=True)
    clean = bind_combat.damage_roll(striker, bind_combat.arms_of(Weapon()), armoured, False, ScriptedDice([3]),
                                    ("the raider", "you"), covered=True)
    assert "armour absorbs 1 (a near miss, within its covering 2)" in near.text
    assert "a clean hit past the armour's covering 2" in clean.text


def test_an_opend6_weapon_is_described_in_the_dice_it_rolls() -> None:
    """It read "As a weapon it deals d6" and rolled 1D+2 plus Strength."""
    lines = said(oasis("opend6"), "x knife")
    assert "As a weapon it deals d6." not in lines
    assert any(line.startswith("As a weapon it deals 1D+2 damage") for line in lines), lines


def test_foes_met_are_foes_not_a_bystander_the_world_killed() -> None:
    engine = oasis("vaarn")
    from dataclasses import replace

    state = engine.world.npc_state("bone-picker")  # a wary scavenger, dead of something not the player
    state.sheet = replace(state.sheet, hp=-20, dead=True)
    assert engine.world.npc_condition("bone-picker") == "dead"
    engine.state.status, engine.state.ending = "dead", "You die of thirst."
    foes = next(line for line in engine.meta.ending_lines() if line.startswith("Foes met"))
    assert "bone-picker" not in foes and foes == "Foes met: none."


def test_vaarn_barter_asks_in_plain_fractions_of_a_slot() -> None:
    engine = oasis("vaarn", 1)
    lines = said(engine, "n", "n", "wares")
    assert not any("0.33" in line or "0.42" in line for line in lines), lines
    assert any("locust cakes: worth 1/3" in line for line in lines), lines


def test_the_maelstrom_bar_at_100_columns_is_in_words_and_says_dead_once_dead() -> None:
    engine = oasis("maelstrom", 3)
    said(engine, "n", "n", "n", "n")
    bar = status_text(status_parts(engine), 100)
    assert bar.startswith("Shattered Pass | Healthy, WP 3/3 | dune raider "), bar  # no free blow on arrival
    engine.state.status = "dead"
    assert status_text(status_parts(engine), 100).split(" | ")[1] == "dead"


def test_a_jackal_bites_and_never_hits_with_stone_fists() -> None:
    """The caravan jackal (a mineral creature, no ``attack`` given) 'hits you with its stone fists'
    under OpenD6: every jackal of the bundled adventure names its teeth."""
    from game.actions.combat import named_natural

    for system_id in ("opend6", "maelstrom", "open_adventures"):
        engine = oasis(system_id)
        world = engine.world
        for npc_id in [n for n in world.adventure.npcs if "jackal" in n]:
            weapon = named_natural(world, npc_id, engine.play.natural_weapon(world.npc_state(npc_id).sheet))
            assert "fists" not in weapon.name and ("fangs" in weapon.name or "teeth" in weapon.name), (npc_id, weapon)


def test_a_pursuer_from_the_drain_below_comes_from_below_not_from_the_south() -> None:
    """The under-channel's way "north" comes up through the floor of the Vault Approach ("down" there)."""
    from game.actions import Turn
    from game.actions.arrival import Go

    engine = oasis("vaarn")
    world = engine.world
    world.state.room = "vault-approach"
    world.move_npc("spore-drifter", "under-channel")
    turn = Turn(world, play=engine.play, dice=ScriptedDice([]))
    Go("north", "pursuit").perform(turn, "spore-drifter")
    assert turn.lines == ["The spore-drifter comes after you from below."]


def test_you_do_not_pass_on_the_way_the_wanderer_who_stood_in_the_room_you_left() -> None:
    """The bone-picker stood in the salt pan as you set off north: "On the way here you passed the
    bone-picker" was said when you arrived at the dead caravan."""
    engine = oasis("vaarn", 2)
    world = engine.world
    world.move_npc("salt-crawler", "glass-oasis")  # out of the way
    world.state.room, world.state.minutes = "salt-pan", 480
    world.state.visited.add("salt-pan")
    assert world.route_room("bone-picker") == "salt-pan"
    lines = said(engine, "n")
    assert world.state.room == "dead-caravan"
    assert not any("you passed the bone-picker" in line for line in lines), lines


def test_a_dew_engine_fills_the_containers_and_no_more() -> None:
    """The Dew Engine filled a skin to 7, past what it holds, and every sale was refused after."""
    from game.actions.water import containers_hold
    from game.world.state import PLAYER

    engine = oasis("opend6")
    world = engine.world
    world.move_item("dew-engine", PLAYER)
    world.state.identified.add("dew-engine")
    hold = containers_hold(world, world.carried())
    lines = said(engine, "use egg")
    assert world.state.water == hold, lines
    assert lines[0].endswith(f"Your containers take {hold - 2}; the rest soaks into the ground.")


def test_no_reaction_roll_for_a_wanderer_gone_before_you_arrive() -> None:
    """Halcyon Drift under BIND, seed 471555663: walking into the mess hall rolled the reaction of a
    maintenance drone that had gone on (it was passed on the way) and was not there."""
    adventure = load_adventure(find_adventure("halcyon-drift", bundled_root()))
    engine = Engine.new_game(adventure, get_system("bind", adventure.rules.get("bind", {})), 471555663)
    lines = said(engine, "n", "n", "n", "e", "n", "w", "e", "s", "w")
    assert "On the way here you passed the maintenance drone, heading east." in lines
    assert not any(line.startswith("[reaction of the maintenance drone]") for line in lines), lines
