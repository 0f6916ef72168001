"""Every actor acts through the same actions: one exchange per system, whoever attacks.

The player's ``attack`` and an NPC's policy choosing ``Attack`` both perform the deed of
``game.actions.deeds``, and each system resolves it through its one ``exchange`` with
attacker and defender as parameters.  A thrown item is a ranged attack with its damage
and then lies on the ground, under every system.
"""
from __future__ import annotations

from typing import Any

import pytest

from game.engine import Engine
from game.events import PLAYER
from game.paths import bundled_root
from game.rules.registry import SYSTEM_IDS, get_system
from game.world.content import Adventure
from game.world.loader import load_adventure


@pytest.fixture(scope="module")
def oasis() -> Adventure:
    return load_adventure(bundled_root() / "glass-oasis")


def facing_the_sentinel(oasis: Adventure, system_id: str, seed: int = 2) -> Engine:
    engine = Engine.new_game(oasis, get_system(system_id), seed)
    engine.state.room = oasis.npc_homes["brass-sentinel"]
    engine.world.move_item("storm-glass", PLAYER)
    return engine


def spy_on_exchanges(engine: Engine, monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """The (attacker, defender) of every exchange the system resolves from now on."""
    seen: list[tuple[str, str]] = []
    exchange = engine.play.exchange

    def spied(turn: Any, attacker: str, defender: str, *rest: Any) -> Any:
        seen.append((attacker, defender))
        return exchange(turn, attacker, defender, *rest)

    monkeypatch.setattr(engine.play, "exchange", spied)
    return seen


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_the_player_and_a_foe_strike_through_the_same_exchange(oasis: Adventure, system_id: str,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    engine = facing_the_sentinel(oasis, system_id)
    seen = spy_on_exchanges(engine, monkeypatch)
    for command in ("attack sentinel", "wait", "wait"):  # waiting ends an Open Adventures turn
        engine.submit(command)
        if engine.state.status != "playing" or engine.world.npc_condition("brass-sentinel") != "ok":
            break
    assert (PLAYER, "brass-sentinel") in seen, "the player's attack is an exchange"
    assert ("brass-sentinel", PLAYER) in seen, "so is the foe's: no second path for NPCs"


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_a_thrown_knife_is_a_ranged_attack_and_lies_on_the_ground(oasis: Adventure, system_id: str) -> None:
    engine = facing_the_sentinel(oasis, system_id)
    before = len(engine.dice_log)
    lines = engine.submit("throw knife at sentinel").lines
    labels = [label for _, label, _ in list(engine.dice_log)[before:]]
    if "You cannot shoot while engaged in melee. The moment has passed." in lines:
        return  # Vaarn: a foe that won the initiative closed in first; nobody throws in melee
    assert "you attack the brass sentinel" in labels, lines
    assert engine.world.place_of("knife") == f"room:{engine.state.room}"
    assert "The bone-handled knife falls to the ground." in lines


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_a_thrown_exotica_does_its_damage_and_is_no_bounce(oasis: Adventure, system_id: str) -> None:
    engine = facing_the_sentinel(oasis, system_id)
    lines = engine.submit("throw bottle at sentinel").lines
    assert not any("bounces off" in line for line in lines), lines
    assert engine.world.place_of("storm-glass") != PLAYER or any("The moment has passed" in line for line in lines)


def test_a_thrown_weapon_rolls_maelstroms_thrown_skill() -> None:
    """Seed 004 §Precision names "thrown weapons": Precision + Athletics, not Firearms."""
    from game.rules.base import Weapon
    from game.systems.maelstrom.actions import weapon_profile

    profile = weapon_profile(Weapon(name="bone-handled knife", damage="d6", ranged=True, thrown=True))
    assert (profile.attribute, profile.ability) == ("precision", "athletics")
    assert {"throwing", "thrown"} <= set(profile.tags)
    assert weapon_profile(Weapon(name="shard pistol", damage="d8", ranged=True)).ability == "firearms"


def test_a_deed_the_rules_refuse_costs_the_npc_its_turn_and_says_nothing(oasis: Adventure,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """As an impossible action costs the player nothing (the python-tcod tutorial's ``Impossible``)."""
    from game.errors import ActionRefused

    engine = facing_the_sentinel(oasis, "bind")

    def refused(*_: Any) -> None:
        raise ActionRefused("You cannot shoot while engaged in melee.")

    monkeypatch.setattr(engine.play, "exchange", refused)
    report = engine.submit("wait")
    assert engine.state.status == "playing"
    assert not any("cannot shoot" in line for line in report.lines), report.lines


def test_an_opend6_npc_counting_body_points_is_badly_hurt_at_half(oasis: Adventure) -> None:
    """docs/npcs.md: a healing item is used at half its HP or below where the system counts HP."""
    from dataclasses import replace

    engine = Engine.new_game(oasis, get_system("opend6", {"damage": "body-points"}), 1)
    sheet = engine.world.npc_state("raider").sheet
    assert sheet.body_points_max
    top = sheet.body_points_max
    assert not engine.play.badly_hurt(replace(sheet, body_points=top - 1))
    assert engine.play.badly_hurt(replace(sheet, body_points=top // 2))
    wounds = Engine.new_game(oasis, get_system("opend6"), 1)
    assert wounds.play.badly_hurt(replace(wounds.world.npc_state("raider").sheet, wound_level=1))
