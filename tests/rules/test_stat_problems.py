"""Every rule system refuses a bad content stat table with a ContentError that types each
problem (:class:`game.errors.StatProblem`: the key path inside the table and the reason)
beside the message lines play and saves print, which stay as they were."""
from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pytest

from game.errors import ContentError, StatProblem
from game.rules import registry
from game.rules.dice import RandomDice

#: (system, player table or None for an NPC's, the table, its message lines, its typed problems).
CASES: list[tuple[str, bool, Mapping[str, Any], list[str], list[StatProblem]]] = [
    ("vaarn", True, {"str": "x", "bogus": 1},
     ["vaarn: player stats: str must be a whole number",
      "vaarn: player stats: unknown key 'bogus'; known: str, dex, con, int, psy, ego, hp, max_hp, armor, level, xp, "
      "synthetic, creature, kit"],
     [StatProblem(("str",), "str must be a whole number"),
      StatProblem(("bogus",), "unknown key 'bogus'; known: str, dex, con, int, psy, ego, hp, max_hp, armor, level, "
                              "xp, synthetic, creature, kit")]),
    ("vaarn", False, {"attacks": "bite"},
     ["vaarn: attacks: attack 'bite' is not like 'claw (d6)'"],
     [StatProblem(("attacks",), "attack 'bite' is not like 'claw (d6)'")]),
    ("bind", True, {"skills": {"combat": "x"}, "hp": True},
     ["player.stats.bind.combat: must be a whole number, not 'x'", "player.stats.bind.hp: must be a whole number, not True"],
     [StatProblem(("skills", "combat"), "must be a whole number, not 'x'"),
      StatProblem(("hp",), "must be a whole number, not True")]),
    ("maelstrom", False, {"abilities": {"melee": 9}},
     ["maelstrom stats: melee must be a whole number from 0 to 5, not 9"],
     [StatProblem(("abilities", "melee"), "melee must be a whole number from 0 to 5, not 9")]),
    ("maelstrom", True, {"specialties": {"melee": ["knives"]}},
     ["maelstrom stats: specialties.melee needs at least one dot in Melee"],
     [StatProblem(("specialties", "melee"), "specialties.melee needs at least one dot in Melee")]),
    ("opend6", True, {"skills": {"melee": "4X"}, "specializations": {"melee: knives": {"covers": ["knife"]}}},
     ["skills.melee: '4X' is not a die code like 3D+1", "specializations.melee: knives.code: missing"],
     [StatProblem(("skills", "melee"), "'4X' is not a die code like 3D+1"),
      StatProblem(("specializations", "melee: knives", "code"), "missing")]),
    ("opend6", False, {"skills": {"melee": "4D"}, "specializations": {"melee: knives": "3D"}},
     ["specializations.melee: knives: 3D is not above melee 6D+2"],
     [StatProblem(("specializations", "melee: knives"), "3D is not above melee 6D+2")]),
    ("open_adventures", False, {"pool": 0, "fite": 1},
     ["npc stats.open_adventures: unknown key 'fite' (did you mean fight?); known: move, fight, shoot, skill, will, "
      "defence, pool, hits", "npc stats.open_adventures.pool: must be at least 1"],
     [StatProblem(("fite",), "unknown key 'fite' (did you mean fight?); known: move, fight, shoot, skill, will, "
                             "defence, pool, hits"),
      StatProblem(("pool",), "must be at least 1")]),
]


@pytest.mark.parametrize(("system_id", "player", "stats", "lines", "problems"), CASES)
def test_a_refused_table_types_each_problem_beside_its_line(system_id: str, player: bool, stats: Mapping[str, Any],
                                                           lines: list[str], problems: list[StatProblem]) -> None:
    system = registry.get_system(system_id)
    with pytest.raises(ContentError) as caught:
        if player:
            system.new_character(stats, RandomDice(random.Random(1)))
        else:
            system.npc_sheet(2, stats, "biological")
    assert caught.value.problems == lines
    assert list(caught.value.stat_problems) == problems


def test_other_content_errors_carry_no_typed_problems() -> None:
    assert ContentError(["world.toml: no rooms"]).stat_problems == ()
