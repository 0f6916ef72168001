"""The Vaults of Vaarn starting kit: ``kit`` in ``[player.stats.vaarn]`` (Vaarn's public material; seed 001 §Advancement).

A new character starts with an Exotica among its equipment; the content names the
items, the engine hands them over at the start of a run, under Vaarn only.
"""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from game.authoring.stats import stats_problems
from game.authoring.warnings import find_warnings
from game.engine import Engine, new_state
from game.errors import ContentError
from game.rules.dice import ScriptedDice
from game.rules.registry import get_system
from game.systems.vaarn.data import stat_problems
from game.systems.vaarn.life import new_character
from game.world.loader import load_adventure, read_merged
from game.world.state import PLAYER

GLASS_OASIS = Path(__file__).resolve().parents[2] / "content" / "glass-oasis"


def test_kit_is_a_known_key_of_the_player_stats_only() -> None:
    assert stat_problems({"kit": ["dew-thimble"]}) == []
    assert stat_problems({"kit": "dew-thimble"}) == ["kit must be a list of item ids"]
    assert stat_problems({"kit": [3]}) == ["kit must be a list of item ids"]
    assert any("unknown key 'kit'" in p for p in stat_problems({"kit": ["x"]}, npc=True))


def test_kit_is_not_on_the_sheet_and_creation_reads_the_same_19_faces() -> None:
    faces = [3, 4, 5] * 6 + [6]
    with_kit = new_character({"kit": ["dew-thimble"]}, ScriptedDice(list(faces)))
    without = new_character(None, ScriptedDice(list(faces)))
    assert with_kit == without


def test_the_glass_oasis_starts_ysolde_with_her_exotica_under_vaarn_only() -> None:
    adventure = load_adventure(GLASS_OASIS)
    vaarn = new_state(adventure, get_system("vaarn"), seed=1)
    assert vaarn.item_moves.get("dew-thimble") == PLAYER
    assert "dew-thimble" in vaarn.identified, "owned from the start, not found: known"
    assert adventure.items["dew-thimble"].kind == "exotica"
    for system in ("open_adventures", "opend6", "bind", "maelstrom"):
        assert "dew-thimble" not in new_state(adventure, get_system(system), seed=1).item_moves


def test_the_kit_is_carried_and_shown_at_the_prompt() -> None:
    adventure = load_adventure(GLASS_OASIS)
    engine = Engine.new_game(adventure, get_system("vaarn"), 1)
    assert "dew-thimble" in engine.world.carried()
    assert "Dew Thimble" in "\n".join(engine.submit("inventory").lines)


def test_a_kit_item_is_not_warned_about_as_placed_nowhere() -> None:
    warnings = find_warnings(load_adventure(GLASS_OASIS))
    assert not [text for _path, text in warnings if "dew-thimble" in text]


def test_an_unknown_kit_item_is_a_one_line_content_error() -> None:
    adventure = load_adventure(GLASS_OASIS)
    stats = {"vaarn": {"kit": ["no-such-thing"]}}
    broken = dataclasses.replace(adventure.player, stats=stats)
    with pytest.raises(ContentError, match="player.stats.vaarn: kit: no item 'no-such-thing'"):
        new_state(dataclasses.replace(adventure, player=broken), get_system("vaarn"), seed=1)


def test_check_finds_an_unknown_kit_item_with_a_suggestion() -> None:
    """An error, not a warning: a new run would not start (game.authoring.stats)."""
    merged, _ = read_merged(GLASS_OASIS)
    merged["player"]["stats"]["vaarn"]["kit"] = ["dew-thimbel"]
    errors = dict(stats_problems(merged))
    assert errors[("player", "stats", "vaarn", "kit")] == (
        "no item 'dew-thimbel' (did you mean dew-thimble?): a new run under vaarn would not start")


def test_the_even_faster_campaign_gives_no_level_for_ysoldes_thimble() -> None:
    """seed 001 §Advancement: "have all PCs level up for each one Exotica traded, excluding that
    of the starting equipment": Ysolde's Dew Thimble, traded to Tamsin, raises no level."""
    adventure = load_adventure(GLASS_OASIS)
    engine = Engine.new_game(adventure, get_system("vaarn", {"advancement": "exotica-for-levels-faster"}), 1)
    engine.state.room = "caravanserai"
    engine.state.visited.add("caravanserai")
    lines = engine.submit("trade thimble for 1 water").lines
    assert lines[-1] == ("The Dew Thimble was part of your starting equipment: it raises no level "
                         "(the even faster campaign excludes it).")
    assert engine.state.player.level == 1
