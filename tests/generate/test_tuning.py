"""Tuning one system at a time: each of the five has its own stat tables, so one system's fairness can move
without the others'."""
from __future__ import annotations

from pathlib import Path

import pytest

from game.generate.build import build
from game.generate.certificate import _next_step, check_folder
from game.generate.emit import render, write_folder
from game.generate.model import parse_adventure_id
from game.world.loader import load_adventure

FAIR_ELSEWHERE = {"open_adventures": 0.6, "vaarn": 0.7, "opend6": 0.5}


@pytest.mark.parametrize("system", ["bind", "maelstrom"])
def test_a_system_losing_too_often_gets_its_own_tables_a_tier_down(system: str) -> None:
    rates = {**FAIR_ELSEWHERE, "bind": 0.6, "maelstrom": 0.6, system: 0.3}
    step = _next_step(rates, 0, {}, dial_done=False)
    assert step is not None
    danger, shifts, _ = step
    assert danger == 0 and shifts == {system: -1}


def test_most_systems_losing_turn_the_danger_dial() -> None:
    rates = {"open_adventures": 0.3, "vaarn": 0.2, "opend6": 0.35, "bind": 0.6, "maelstrom": 0.5}
    step = _next_step(rates, 0, {}, dial_done=False)
    assert step is not None and step[0] == -1 and step[1] == {}


def test_weaker_bind_and_maelstrom_foes_are_written_checked_and_named(tmp_path: Path) -> None:
    blueprint = build(3, "salt", "medium", 0, {"bind": -1, "maelstrom": -1})
    write_folder(tmp_path, render(blueprint, None))
    assert check_folder(tmp_path) == []
    assert parse_adventure_id(blueprint.adventure_id) == ("salt", "medium", 3, 0, {"bind": -1, "maelstrom": -1})
    from game.systems.bind.traits import npc_sheet
    from game.systems.maelstrom.build import apply_stats, npc_from_tier

    adventure = load_adventure(tmp_path)
    hostile = [n for n in adventure.npcs.values() if n.disposition == "hostile" and n.tier == 1]
    assert hostile
    for npc in hostile:
        assert npc_sheet(1, npc.stats["bind"]).max_hp < npc_sheet(1, None).max_hp
        weaker = apply_stats(npc_from_tier(1, "biological"), npc.stats["maelstrom"])
        assert weaker.attributes["strength"] < npc_from_tier(1, "biological").attributes["strength"]
        assert "vaarn" not in npc.stats and "opend6" not in npc.stats


def test_a_step_that_changes_no_foe_is_known_before_it_is_measured() -> None:
    from game.generate.certificate import _same

    topped = build(3, "salt", "medium", 0, {"opend6": 4})  # every foe (tier 1 or more) at the last row, 5
    assert _same(topped, build(3, "salt", "medium", 0, {"opend6": 5}))
    assert not _same(topped, build(3, "salt", "medium", 0, {"opend6": 3}))
