"""The per-system stat tables in ``wayfarer schema`` are as strict as ``check``: both read each
system's declared keys (``PLAYER_STATS``, ``NPC_STATS``), so a misspelt key or a wrong-typed
value is flagged by an editor's JSON Schema validation and by ``check`` alike, and every key
a system declares passes both."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import jsonschema
import pytest

from game.authoring.schema import content_schema
from game.rules import registry
from game.rules.stat_spec import Stat
from game.world.loader import read_merged
from tests.authoring.test_check_stats import GOOD, adventure, check

#: (system, a misspelt key's TOML line, a wrong-typed value's TOML line).
MISTAKES: dict[str, tuple[str, str]] = {
    "open_adventures": ("fihgt = 3", 'fight = "3"'),
    "vaarn": ("strr = 1", "hp = 2.5"),
    "opend6": ('reflex = "3D"', "reflexes = true"),
    "bind": ("strenght = 1", 'combat = "two"'),
    "maelstrom": ("firarms = 2", 'melee = "2"'),
}

WHO = {"player": "\n[player.stats.{system}]\n{body}\n", "npc": "\n[npcs.keeper.stats.{system}]\n{body}\n"}


def _folder(tmp_path: Path, who: str, system: str, body: str) -> Path:
    text = WHO[who].format(system=system, body=body)
    return adventure(tmp_path, player=text) if who == "player" else adventure(tmp_path, npc=text)


def _schema_errors(folder: Path) -> list[str]:
    data, problems = read_merged(folder)
    assert problems == []
    validator = jsonschema.Draft202012Validator(content_schema())
    return [".".join(str(p) for p in error.absolute_path) for error in validator.iter_errors(data)]


@pytest.mark.parametrize("who", sorted(WHO))
@pytest.mark.parametrize("system", sorted(MISTAKES))
@pytest.mark.parametrize("mistake", [0, 1], ids=["misspelt-key", "wrong-type"])
def test_a_stat_mistake_is_flagged_by_the_schema_and_by_check(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], who: str, system: str, mistake: int) -> None:
    folder = _folder(tmp_path, who, system, MISTAKES[system][mistake])
    code, out = check(folder, capsys)
    key = MISTAKES[system][mistake].split(" =")[0]
    table = "player.stats" if who == "player" else "npcs.keeper.stats"
    assert code == 1
    assert any(f": {table}.{system}.{key}: " in line for line in out), out
    errors = _schema_errors(folder)
    assert any(path.startswith(f"{table}.{system}") for path in errors), errors


def test_a_vaarn_attack_list_not_in_the_bestiary_s_form_is_flagged_by_both(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = _folder(tmp_path, "npc", "vaarn", 'attacks = "scimitar d8"')
    code, out = check(folder, capsys)
    assert code == 1 and any(": npcs.keeper.stats.vaarn.attacks: " in line for line in out), out
    assert "npcs.keeper.stats.vaarn.attacks" in _schema_errors(folder)


@pytest.mark.parametrize("who", sorted(WHO))
@pytest.mark.parametrize("system", sorted(GOOD))
def test_a_good_table_passes_both(tmp_path: Path, capsys: pytest.CaptureFixture[str], who: str, system: str) -> None:
    folder = _folder(tmp_path, who, system, GOOD[system])
    assert check(folder, capsys)[0] == 0
    assert _schema_errors(folder) == []


def _sample(stat: Stat) -> Any:
    """A value the declaration allows (a nested table: empty)."""
    if stat.kind in ("int", "code"):
        return stat.low if stat.low is not None else 0 if stat.high is None or stat.high >= 0 else stat.high
    text = stat.choices[0] if stat.choices else "claw (d6)" if stat.pattern else "human"
    return {"bool": True, "text": text, "words": []}.get(stat.kind, {})


@pytest.mark.parametrize("npc", [False, True], ids=["player", "npc"])
@pytest.mark.parametrize("system", registry.SYSTEM_IDS)
def test_every_declared_key_passes_the_system_s_check_and_the_schema(system: str, npc: bool) -> None:
    """No drift: each key the schema allows, alone at a value its declaration allows, is one the
    system's own check takes (Vaarn's kit is left out: it names items)."""
    from game.authoring.stats import table_problems
    info = registry.info(system)
    table = info.npc_stats if npc else info.player_stats
    validator = jsonschema.Draft202012Validator(content_schema())
    for key, stat in table.items():
        if key == "kit":
            continue
        stats = {key: _sample(stat)}
        data = {"npcs": {"x": {"name": "x", "stats": {system: stats}}}} if npc else {"player": {"stats": {system: stats}}}
        assert not [e.message for e in validator.iter_errors(data) if "stats" in e.absolute_path], (key, stats)
        assert table_problems(registry.get_system(system), stats, (1, "biological") if npc else None) == [], key


#: (system, a misspelt item stat key's TOML line, a wrong-typed one's): ``[items.knife.stats.<id>]``.
ITEM_MISTAKES: dict[str, tuple[str, str]] = {
    "open_adventures": ("reech = 6", 'reach = "near"'),
    "vaarn": ("trad = 3", 'damage = "8"'),
    "opend6": ("damge = \"2D\"", 'armor = "heavy"'),
    "bind": ("hand = 2", "hands = 3"),
    "maelstrom": ("specialities = [\"knives\"]", 'type = "sharp"'),
}


@pytest.mark.parametrize("system", sorted(ITEM_MISTAKES))
@pytest.mark.parametrize("mistake", [0, 1], ids=["misspelt-key", "wrong-type"])
def test_an_item_stat_mistake_is_flagged_by_the_schema_and_by_check(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], system: str, mistake: int) -> None:
    folder = adventure(tmp_path, npc=f"\n[items.knife.stats.{system}]\n{ITEM_MISTAKES[system][mistake]}\n")
    code, out = check(folder, capsys)
    key = ITEM_MISTAKES[system][mistake].split(" =")[0]
    assert code == 1
    assert any(f": items.knife.stats.{system}.{key}: " in line for line in out), out
    assert any(path.startswith(f"items.knife.stats.{system}") for path in _schema_errors(folder))


@pytest.mark.parametrize("system", registry.SYSTEM_IDS)
def test_every_declared_item_key_passes_check_and_the_schema(system: str) -> None:
    from game.authoring.stats import declared_problems

    table = registry.info(system).item_stats
    validator = jsonschema.Draft202012Validator(content_schema())
    samples = {"damage": "d8"} if system in ("vaarn", "opend6") else {}
    samples |= {"cost": "d6"} if system == "vaarn" else {}
    for key, stat in table.items():
        stats = {key: samples.get(key, _sample(stat))}
        data = {"items": {"x": {"name": "x", "stats": {system: stats}}}}
        assert not list(validator.iter_errors(data)), (key, stats)
        assert declared_problems(table, stats) == [], key
