"""Twenty mistakes an author makes (none of them TOML syntax), planted one at a time in the Belfry:
``check`` reports each as one error at its line, and the adventure's JSON Schema, as an editor uses
it, flags at least 19 of them (all but what only the merged whole shows)."""
from __future__ import annotations

import tomllib
from pathlib import Path

import jsonschema
import pytest

from game.authoring.schema import content_schema
from game.world.loader import check_adventure, load_adventure
from tests.conftest import DATA

BELFRY = DATA / "belfry"
TEXT = (BELFRY / "adventure.toml").read_text(encoding="utf-8")

#: (what is written right, the mistake, the key path check names).
PLANTED: tuple[tuple[str, str, str], ...] = (
    ('kind = "container"\nclosed = true', 'kind = "contianer"\nclosed = true', "items.coffer.kind"),
    ('disposition = "neutral"', 'disposition = "nuetral"', "npcs.sexton.disposition"),
    ('behaviour = "cautious"', 'behaviour = "cautios"', "npcs.sexton.behaviour"),
    ('pronoun = "he"', 'pronoun = "him"', "npcs.sexton.pronoun"),
    ("tier = 1", "tier = 7", "npcs.sexton.tier"),
    ('exits = { down = "vestry" }', 'exits = { dwon = "vestry" }', "rooms.belfry.exits.dwon"),
    ('exits = { up = "nave" }', 'exits = { up = "navee" }', "rooms.crypt.exits.up"),
    ('items = ["coffer", "tray"]', 'items = ["cofer", "tray"]', "rooms.vestry.items"),
    ('description = "Heavy, black, and old."', 'descripton = "Heavy, black, and old."', "items.iron-key.descripton"),
    ('aliases = ["bell-rope"]', 'aliasses = ["bell-rope"]', "rooms.belfry.scenery.rope.aliasses"),
    ('on = "action"\nverb = "ring"\nthing', 'on = "acton"\nverb = "ring"\nthing', "triggers[1].on"),
    ('thing = "rope"', 'thingg = "rope"', "triggers[2].thingg"),
    ('when = { not_carrying = "candle", item_here', 'when = { not_carryng = "candle", item_here',
     "rooms.vestry.descriptions[1].when.not_carryng"),
    ('end = "won"', 'end = "win"', "triggers[4].end"),
    ("water = 3", 'water = "three"', "player.water"),
    ('kind = "supporter"\nfixed = true', 'kind = "supporter"\nfixed = "yes"', "items.tray.fixed"),
    ("value = 6", "value = -6", "items.relic.value"),
    ('kind = "treasure"', 'kind = "treasure"\ndamage = "d7"', "items.relic.damage"),
    ('locked_by = "iron-key"', 'locked_by = "iron-kye"', "rooms.nave.scenery.chest.locked_by"),
    ('[rooms.nave.scenery.altar]\nkind = "supporter"', '[rooms.nave.scenery.altar]\nkind = "table"',
     "rooms.nave.scenery.altar.kind"),
)


def _planted(right: str, wrong: str) -> str:
    assert TEXT.count(right) == 1, right
    return TEXT.replace(right, wrong)


@pytest.mark.parametrize(("right", "wrong", "path"), PLANTED, ids=[p[2] for p in PLANTED])
def test_check_reports_each_planted_mistake_once(tmp_path: Path, right: str, wrong: str, path: str) -> None:
    folder = tmp_path / "belfry"
    folder.mkdir()
    (folder / "adventure.toml").write_text(_planted(right, wrong), encoding="utf-8")
    found = check_adventure(folder)
    assert len(found) == 1, found
    assert f": {path}:" in found[0]


def test_the_schema_flags_at_least_19_of_the_20() -> None:
    schema = content_schema(load_adventure(BELFRY))
    validator = jsonschema.Draft202012Validator(schema)
    assert not list(validator.iter_errors(tomllib.loads(TEXT)))
    missed = [path for right, wrong, path in PLANTED
              if not list(validator.iter_errors(tomllib.loads(_planted(right, wrong))))]
    assert len(PLANTED) == 20
    assert len(missed) <= 1, missed
