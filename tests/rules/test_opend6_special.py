"""OpenD6 specializations (OpenD6's public rules; the seed names only skills): content, sheets,
the code rolled, advancement at half cost.  Scripted dice throughout."""
from __future__ import annotations

from typing import Any

import pytest

from game.errors import ActionRefused, ContentError
from game.rules.base import Situation, Weapon
from game.rules.dice import ScriptedDice
from game.systems.opend6.codes import DieCode
from game.systems.opend6.rules import OpenD6
from game.systems.opend6.sheet import (
    improve,
    improve_specialization,
    rolled_code,
    specialization_cost,
    specialization_for,
)
from game.systems.opend6.types import D6Sheet, Specialization

SYSTEM = OpenD6()
KNIFE = Weapon("knife", "d4")
BASE: dict[str, Any] = {"reflexes": "3D", "knowledge": "3D", "skills": {"melee": "1D", "scholar": "1D"}}


def hero(**specializations: Any) -> D6Sheet:
    """A player sheet from content stats with ``specializations`` (keys with ``_`` for ``: ``)."""
    table = {name.replace("__", ": "): value for name, value in specializations.items()}
    return SYSTEM.new_character({**BASE, "specializations": table}, ScriptedDice([]))


# -- content -----------------------------------------------------------------------------

def test_the_short_form_covers_its_own_focus() -> None:
    sheet = hero(melee__knife="5D")
    assert sheet.specializations == {"melee: knife": Specialization("melee", DieCode(5), ("knife",))}


def test_the_table_form_names_what_it_covers() -> None:
    sheet = hero(scholar__relics={"code": "4D+1", "covers": ["exotica", "lore"]})
    assert sheet.specializations["scholar: relics"] == Specialization("scholar", DieCode(4, 1), ("exotica", "lore"))


@pytest.mark.parametrize(("table", "problem"), [
    ({"knives": "5D"}, 'specializations.knives: expected "SKILL: FOCUS", e.g. "melee: knives"'),
    ({"fencing: foil": "5D"}, "specializations.fencing: foil: fencing is not an OpenD6 skill"),
    ({"melee: knife": "5X"}, "specializations.melee: knife: '5X' is not a die code like 3D+1"),
    ({"melee: climb": "5D"}, "specializations.melee: climb.covers: a climb check rolls climbing, not melee"),
    ({"melee: knife": {"code": "5D", "covers": []}},
     "specializations.melee: knife.covers: expected a list of check kinds, item ids or item kinds"),
    ({"melee: knife": {"code": "5D", "reach": 2}}, "specializations.melee: knife.reach: unknown (code, covers)"),
    ({"melee: knife": {"covers": ["knife"]}}, "specializations.melee: knife.code: missing"),
    ("5D", 'specializations: expected a table of "SKILL: FOCUS" = die code'),
])
def test_content_problems_name_the_field(table: Any, problem: str) -> None:
    assert SYSTEM.stats_problems({"specializations": table}) == [problem]
    with pytest.raises(ContentError):
        SYSTEM.new_character({"specializations": table}, ScriptedDice([]))


def test_a_specialization_must_be_above_its_skill() -> None:
    with pytest.raises(ContentError) as error:
        hero(melee__knife="4D")
    assert error.value.problems == ["specializations.melee: knife: 4D is not above melee 4D"]


def test_an_npc_table_may_give_specializations() -> None:
    sheet = SYSTEM.npc_sheet(1, {"specializations": {"melee: scimitar": "4D"}})
    assert rolled_code(sheet, "melee", ("scimitar",)) == (DieCode(4), "melee: scimitar")


# -- the saved sheet -----------------------------------------------------------------------

def test_the_sheet_keeps_specializations_through_its_data() -> None:
    sheet = hero(melee__knife="5D", scholar__relics={"code": "4D+1", "covers": ["exotica", "lore"]})
    data = sheet.to_data()
    assert data["specializations"] == {"melee: knife": {"code": "5D", "covers": ["knife"]},
                                       "scholar: relics": {"code": "4D+1", "covers": ["exotica", "lore"]}}
    assert D6Sheet.from_data(data) == sheet
    assert "specializations" not in hero().to_data()  # format 2 sheets without any read as before


@pytest.mark.parametrize(("entry", "problem"), [
    ({"knife": {"code": "5D", "covers": ["knife"]}}, 'specializations.knife: expected "SKILL: FOCUS"'),
    ({"melee: knife": {"code": 5, "covers": ["knife"]}}, "specializations.melee: knife.code: expected a die code"),
    ({"melee: knife": {"code": "5D"}}, "specializations.melee: knife: expected code and covers"),
    ({"melee: knife": {"code": "5D", "covers": ["climb"]}}, "specializations.melee: knife.covers: a climb check"),
    ({"melee: knife": {"code": "5D", "covers": [3]}}, "specializations.melee: knife.covers: 3 is not a word"),
    ([], "specializations: expected a table"),
])
def test_from_data_refuses_a_wrong_entry_in_one_line_naming_it(entry: Any, problem: str) -> None:
    data = {**hero().to_data(), "specializations": entry}
    with pytest.raises(ValueError) as error:
        D6Sheet.from_data(data)
    assert str(error.value).startswith(problem) and "\n" not in str(error.value)


# -- rolled instead of the skill -----------------------------------------------------------------

def test_a_covered_attack_rolls_the_specialization_and_names_it() -> None:
    sheet = hero(melee__knife="5D")
    foe = SYSTEM.npc_sheet(1, None)
    covered = SYSTEM.attack_request(sheet, foe, KNIFE, Situation(), ("knife", "weapon"))
    assert (covered.dice, covered.label) == (5, "Reflexes + melee: knife")
    plain = SYSTEM.attack_request(sheet, foe, Weapon("club", "d6"), Situation(), ("club", "weapon"))
    assert (plain.dice, plain.label) == (4, "Reflexes + melee")


def test_a_check_kind_is_covered_and_wounds_still_count() -> None:
    sheet = hero(scholar__relics={"code": "4D+1", "covers": ["exotica", "lore"]})
    lore = SYSTEM.check_request(sheet, "lore", "normal", Situation())
    assert (lore.dice, lore.pips, lore.label) == (4, 1, "Knowledge + scholar: relics")
    identify = SYSTEM.check_request(sheet, "identify", "normal", Situation())
    assert (identify.dice, identify.label) == (4, "Knowledge + scholar")
    by_item = SYSTEM.check_request(sheet, "identify", "normal", Situation(), ("rod", "exotica"))
    assert by_item.label == "Knowledge + scholar: relics"
    hurt = SYSTEM.check_request(D6Sheet.from_data({**sheet.to_data(), "wound_level": 2}), "lore", "normal",
                                Situation())
    assert (hurt.dice, hurt.pips) == (3, 1)


def test_the_best_covering_specialization_wins_and_an_overtaken_one_is_not_rolled() -> None:
    sheet = hero(melee__knife="5D", melee__blades={"code": "5D+2", "covers": ["knife", "sword"]})
    assert specialization_for(sheet, "melee", ("knife",)) == ("melee: blades", sheet.specializations["melee: blades"])
    sheet = hero(melee__knife="4D+1")
    sheet = improve(sheet, "melee")  # melee 4D -> 4D+1: the specialization no longer beats it
    assert rolled_code(sheet, "melee", ("knife",)) == (DieCode(4, 1), "melee")


def test_the_protocol_attack_rolls_the_specialization_of_a_fight() -> None:
    sheet = hero(melee__brawl={"code": "5D", "covers": ["fight"]})
    foe = SYSTEM.npc_sheet(1, None)
    result = SYSTEM.attack(sheet, foe, KNIFE, Situation(), ScriptedDice([1, 1, 1, 1, 2]))
    assert result.roll.text.startswith("Reflexes + melee: brawl 5D (1, 1, 1, 1 + wild 2) = 6")


# -- advancement: half the cost -------------------------------------------------------------------

@pytest.mark.parametrize(("code", "cost"), [("5D", 3), ("4D+2", 2), ("6D", 3), ("2D", 1), ("1D+1", 1)])
def test_a_specialization_costs_half_the_dice_rounded_up(code: str, cost: int) -> None:
    base = {"reflexes": "1D", "skills": {"melee": "0D"}}
    sheet = SYSTEM.new_character({**base, "specializations": {"melee: knife": code}}, ScriptedDice([]))
    assert specialization_cost(sheet, "melee: knife") == cost


def test_improving_a_specialization_raises_it_a_pip_and_pays() -> None:
    sheet = hero(melee__knife="5D+2")
    after = improve_specialization(sheet, "melee: knife")
    assert after.specializations["melee: knife"].code == DieCode(6)
    assert after.character_points == sheet.character_points - 3
    poor = D6Sheet.from_data({**sheet.to_data(), "character_points": 2})
    with pytest.raises(ActionRefused, match="Raising melee: knife to 6D costs 3 Character Points; you have 2."):
        improve_specialization(poor, "melee: knife")


def test_the_sheet_lists_specializations() -> None:
    lines = SYSTEM.sheet_lines(hero(melee__knife="5D"))
    assert "Specialized  melee: knife 5D (knife)" in lines
