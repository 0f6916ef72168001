"""``wayfarer check`` runs every ``stats.<system>`` table through its rule system (game.authoring.stats).

A table the system refuses is one error line at the field's file and line, named by its key
path, exit 1; a good table passes, and content ``check`` passes starts under the system.
"""
from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from game.cli import main
from game.engine import new_state
from game.paths import bundled_root
from game.rules import registry
from game.world.loader import bundled_adventures, load_adventure
from game.world.world import npc_sheet

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"

#: (system, a bad table's TOML body, the field named, a word of the reason).
BAD: list[tuple[str, str, str, str]] = [
    ("opend6", 'reflexes = "3D"\nskills = { melee = "4X" }', "skills.melee", "4X"),
    ("opend6", 'reflexes = "3D"\nskills = { meele = "4D" }', "skills.meele", "did you mean melee?"),
    ("opend6", 'specializations = { melee = "5D" }', "specializations.melee", "SKILL: FOCUS"),
    ("opend6", 'melee = "4D"', "melee", "a skill, not an attribute"),
    ("vaarn", "str = 1\nstrength = 2", "strength", "did you mean str?"),
    ("vaarn", 'str = 1\ncreature = "ghost"', "creature", "creature must be one of"),
    ("bind", "strength = 1\ncombatt = 2", "combatt", "did you mean combat?"),
    ("maelstrom", "strength = 2\nstrenght = 3", "strenght", "did you mean strength?"),
    ("open_adventures", "fight = 2\nfite = 3", "fite", "did you mean fight?"),
    # keys inside a group table or an entry are named by their whole path
    ("bind", 'skills = { combat = "x" }', "skills.combat", "must be a whole number"),
    ("maelstrom", "attributes = { strenght = 2 }", "attributes.strenght", "did you mean strength?"),
    ("opend6", 'specializations = { "melee: knives" = { covers = ["knife"] } }', 'specializations."melee: knives".code',
     "missing"),
]

GOOD: dict[str, str] = {
    "opend6": 'reflexes = "3D+1"\nskills = { melee = "4D" }\nspecializations = { "melee: knives" = "8D" }',
    "vaarn": "str = 2\ndex = 1\ncon = 1\nint = 0\npsy = 0\nego = 1\nhp = 6",
    "bind": "strength = 1\ncombat = 2",
    "maelstrom": "strength = 3\nmelee = 2",
    "open_adventures": "fight = 3\nmove = 2",
}


def adventure(tmp_path: Path, player: str = "", npc: str = "") -> Path:
    """The minimal fixture with ``player`` and ``npc`` appended to its two files."""
    folder = tmp_path / "adv"
    shutil.copytree(FIXTURES / "minimal", folder)
    with (folder / "adventure.toml").open("a") as out:
        out.write(player)
    with (folder / "world.toml").open("a") as out:
        out.write(npc)
    return folder


def check(folder: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, list[str]]:
    code = main(["check", str(folder)])
    return code, capsys.readouterr().out.splitlines()


def line_of(path: Path, text: str) -> int:
    return next(number for number, line in enumerate(path.read_text().splitlines(), 1) if line.startswith(text))


@pytest.mark.parametrize(("system", "body", "field", "reason"), BAD)
def test_a_bad_player_table_is_one_located_error(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                  system: str, body: str, field: str, reason: str) -> None:
    folder = adventure(tmp_path, player=f"\n[player.stats.{system}]\n{body}\n")
    code, out = check(folder, capsys)
    assert code == 1
    assert out[-1] == "1 problem found."
    key = field.split(".")[0]
    where = f"{folder / 'adventure.toml'}:{line_of(folder / 'adventure.toml', key)}: player.stats.{system}.{field}: "
    assert out[0].startswith(where), out
    assert reason in out[0]


@pytest.mark.parametrize(("system", "body", "field", "reason"), BAD)
def test_a_bad_npc_table_is_one_located_error(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                               system: str, body: str, field: str, reason: str) -> None:
    body = body.replace("creature", "attacks = 3\ncreature") if system == "vaarn" and "creature" in body else body
    folder = adventure(tmp_path, npc=f"\n[npcs.keeper.stats.{system}]\n{body}\n")
    code, out = check(folder, capsys)
    assert code == 1
    key = field.split(".")[0]
    world = folder / "world.toml"
    where = f"{world}:{line_of(world, key)}: npcs.keeper.stats.{system}.{field}: "
    assert any(line.startswith(where) and reason in line for line in out), out


def test_vaarn_npc_attacks_are_parsed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = adventure(tmp_path, npc='\n[npcs.keeper.stats.vaarn]\nattacks = "bite"\n')
    code, out = check(folder, capsys)
    world = folder / "world.toml"
    assert code == 1
    assert out[0].startswith(f"{world}:{line_of(world, 'attacks')}: npcs.keeper.stats.vaarn.attacks: "), out


def test_every_problem_at_once_with_the_loader_s(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = adventure(tmp_path, player="\n[player.stats.bind]\ncombatt = 2\n",
                       npc='\n[npcs.keeper.stats.open_adventures]\nfite = 3\n[items.stone]\nname = 3\n')
    code, out = check(folder, capsys)
    assert code == 1
    assert out[-1] == "3 problems found."
    assert [line.split(": ")[1] for line in out[:-1]] == [
        "player.stats.bind.combatt", "npcs.keeper.stats.open_adventures.fite", "items.stone.name"]


def test_a_table_the_loader_refuses_is_not_reported_twice(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = adventure(tmp_path, player="\n[player.stats.bind]\ncombat = 99999999\ncombatt = 2\n")
    code, out = check(folder, capsys)
    assert code == 1
    assert out[-1] == "1 problem found.", out
    assert "player.stats.bind.combat:" in out[0]


@pytest.mark.parametrize("system", sorted(GOOD))
def test_good_tables_pass_and_play_starts(tmp_path: Path, capsys: pytest.CaptureFixture[str], system: str) -> None:
    folder = adventure(tmp_path, player=f"\n[player.stats.{system}]\n{GOOD[system]}\n",
                       npc=f"\n[npcs.keeper.stats.{system}]\n{GOOD[system]}\n")
    code, out = check(folder, capsys)
    assert code == 0, out
    loaded = load_adventure(folder)
    rules = registry.get_system(system)
    assert new_state(loaded, rules, 7).player is not None
    assert npc_sheet(rules, loaded.npcs["keeper"]) is not None


@pytest.mark.parametrize("name", sorted(bundled_adventures(bundled_root())))
def test_bundled_adventures_pass_and_start_under_every_system_with_stats(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    folder = bundled_adventures(bundled_root())[name]
    code, out = check(folder, capsys)
    assert code == 0, out
    loaded = load_adventure(folder)
    systems = set(loaded.player.stats) | {s for npc in loaded.npcs.values() for s in npc.stats}
    for system_id in sorted(systems):
        rules = registry.get_system(system_id, loaded.rules.get(system_id))
        new_state(loaded, rules, random.Random(name).randrange(1000))
        for npc in loaded.npcs.values():
            npc_sheet(rules, npc)


def test_a_starting_kit_naming_no_item_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = adventure(tmp_path, player='\n[player.stats.vaarn]\nkit = ["knif"]\n')
    code, out = check(folder, capsys)
    assert code == 1
    assert out[0] == (f"{folder / 'adventure.toml'}:{line_of(folder / 'adventure.toml', 'kit')}: player.stats.vaarn.kit: "
                      "no item 'knif' (did you mean knife?): a new run under vaarn would not start")
