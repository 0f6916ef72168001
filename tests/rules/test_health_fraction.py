"""``RuleSystem.health_fraction``: each system's health as 0.0 (dead) .. 1.0 (unhurt), read from sheet fields.

The simulator's scout weighs these numbers; they are never parsed out of the
status-line text of ``health``.
"""
from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from game.rules.dice import RandomDice
from game.rules.registry import SYSTEM_IDS, get_system
from game.systems.maelstrom.sheet import TRACK, Health
from game.systems.opend6.sheet import DEAD, HEALTH_SHARE, WOUND_LEVELS
from game.systems.vaarn.sheet import Wound


def fresh(system_id: str, options: dict[str, str] | None = None) -> tuple[Any, Any]:
    system = get_system(system_id, options)
    return system, system.new_character(None, RandomDice(random.Random(3)))


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_a_fresh_character_is_whole_and_harm_never_raises_the_fraction(system_id: str) -> None:
    system, sheet = fresh(system_id)
    assert system.health_fraction(sheet) == 1.0
    dice = RandomDice(random.Random(7))
    before = 1.0
    for _ in range(6):
        sheet = system.harm(sheet, "d6", dice).sheet
        after = system.health_fraction(sheet)
        assert 0.0 <= after <= before
        before = after


def test_open_adventures_counts_the_pool_not_the_dice_left_this_turn() -> None:
    system, sheet = fresh("open_adventures")
    top = sheet.pool_max
    spent = replace(sheet, dice_left=0, fatigue=2)  # dice spent and fatigue are not health
    assert system.health_fraction(spent) == 1.0
    hurt = replace(sheet, pool=top - 1, dice_left=top - 1)
    assert system.health_fraction(hurt) == pytest.approx((top - 1) / top)
    assert system.health_fraction(replace(sheet, pool=0)) == 0.0
    assert system.health_fraction(replace(sheet, dead=True)) == 0.0
    npc = system.npc_sheet(2, None)
    assert system.health_fraction(replace(npc, hits=npc.hits_max - 1)) == pytest.approx(1 - 1 / npc.hits_max)


def test_vaarn_weighs_hp_and_the_slots_wounds_fill() -> None:
    system, sheet = fresh("vaarn")
    sheet = replace(sheet, hp=3, max_hp=6)
    assert system.health_fraction(sheet) == 0.5
    healed = replace(sheet, hp=6, wounds=(Wound(11, "Major Fracture", 2), Wound(12, "Lost an Eye", 2)))
    assert system.health_fraction(healed) == pytest.approx(0.6)  # 4 of the lethal 10 slots filled
    assert system.health_fraction(replace(sheet, hp=-2)) == 0.0
    assert system.health_fraction(replace(sheet, dead=True)) == 0.0


def test_opend6_wound_levels_and_body_points() -> None:
    system, sheet = fresh("opend6")
    shares = [system.health_fraction(replace(sheet, wound_level=level)) for level in range(len(WOUND_LEVELS))]
    assert shares == list(HEALTH_SHARE)
    assert shares == sorted(shares, reverse=True) and shares[0] == 1.0 and shares[DEAD] == 0.0
    points, sheet = fresh("opend6", {"damage": "body-points"})
    assert points.health_fraction(replace(sheet, body_points=10, body_points_max=40)) == 0.25
    assert points.health_fraction(replace(sheet, body_points=-4, body_points_max=40)) == 0.0


def test_bind_counts_hp_against_its_maximum() -> None:
    system, sheet = fresh("bind")
    assert system.health_fraction(replace(sheet, hp=3, max_hp=6, fatigue=2)) == 0.5
    assert system.health_fraction(replace(sheet, hp=0, max_hp=6)) == 0.0
    assert system.health_fraction(replace(sheet, dead=True)) == 0.0


def test_maelstrom_counts_the_empty_boxes_of_the_track_not_willpower() -> None:
    system, sheet = fresh("maelstrom")
    spent = replace(sheet, willpower_points=0)
    assert system.health_fraction(spent) == 1.0
    assert system.health_fraction(replace(sheet, health=Health(bashing=1, lethal=1))) == pytest.approx(1 - 2 / TRACK)
    assert system.health_fraction(replace(sheet, health=Health(lethal=TRACK))) == 0.0  # Incapacitated
    assert system.health_fraction(replace(sheet, dead=True)) == 0.0
