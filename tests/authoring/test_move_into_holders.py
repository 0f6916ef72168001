"""A trigger's ``move`` puts an item in or on a container or supporter (named as ``item_in`` names
one): the loader checks the holder, the adventure's schema lists the holders, and ``check``'s
reachability walk gets the item with its holder. Play is in the Belfry's walkthrough."""
from __future__ import annotations

import tomllib
from pathlib import Path

import jsonschema
import pytest

from game.authoring.schema import content_schema
from game.authoring.warnings import check_warnings
from game.world.loader import check_adventure, load_adventure
from tests.conftest import DATA

BELFRY = DATA / "belfry"
TEXT = (BELFRY / "adventure.toml").read_text(encoding="utf-8")
MOVE = 'move = { note = "coffer" }'


def _written(tmp_path: Path, text: str) -> Path:
    folder = tmp_path / "belfry"
    folder.mkdir(parents=True)
    (folder / "adventure.toml").write_text(text, encoding="utf-8")
    return folder


def test_the_belfry_moves_things_into_a_container_and_onto_a_supporter_with_no_warning() -> None:
    adventure = load_adventure(BELFRY)
    moves = {item: where for trigger in adventure.triggers for item, where in trigger.move.items()}
    assert moves == {"feather": "in:nave/altar", "note": "in:coffer"}
    assert check_adventure(BELFRY) == []
    assert check_warnings(BELFRY) == []


@pytest.mark.parametrize(("written", "reason"), [
    ('move = { note = "candle" }', "no room (or \"player\", or a container or supporter) 'candle'"),
    ('move = { note = "cofer" }', "(did you mean coffer?)"),
    ('move = { coffer = "coffer" }', "'coffer' cannot hold itself"),
    ('move = { note = 3 }', "expected a room id, \"player\" or a container or supporter, got 3"),
])
def test_a_move_to_no_holder_is_one_error_at_its_key(tmp_path: Path, written: str, reason: str) -> None:
    found = check_adventure(_written(tmp_path, TEXT.replace(MOVE, written)))
    assert len(found) == 1, found
    assert "triggers[7].move." in found[0] and reason in found[0], found


def test_a_scenery_id_in_two_rooms_is_named_with_its_room(tmp_path: Path) -> None:
    second = '\n[rooms.crypt.scenery.altar]\nkind = "supporter"\ndescription = "A broken altar."\n'
    found = check_adventure(_written(tmp_path, TEXT.replace(MOVE, 'move = { note = "altar" }') + second))
    assert any("'altar' is in more than one room: write one of nave/altar, crypt/altar" in line for line in found), found
    named = TEXT.replace(MOVE, 'move = { note = "crypt/altar" }').replace('feather = "altar"', 'feather = "nave/altar"')
    assert check_adventure(_written(tmp_path / "b", named + second)) == []


def test_check_warns_when_the_trigger_that_brings_an_item_cannot_fire(tmp_path: Path) -> None:
    never = TEXT.replace("when = { goal_reached = true }\nonce = true\n" + MOVE,
                         'when = { flag = "never-set" }\nonce = true\n' + MOVE)
    assert never != TEXT
    found = check_warnings(_written(tmp_path, never))
    assert any("items.note: warning: nobody can get item 'note' (only a trigger puts it in or on 'coffer'" in line
               for line in found), found


def test_an_item_moved_into_a_locked_holder_is_got_only_with_its_key(tmp_path: Path) -> None:
    """The chest's key lies in the coffer: the note moved into the chest is got once the key is."""
    assert check_warnings(_written(tmp_path, TEXT.replace(MOVE, 'move = { note = "chest" }'))) == []
    keyless = TEXT.replace(MOVE, 'move = { note = "chest" }').replace('contents = ["iron-key"]\n', "")
    found = check_warnings(_written(tmp_path / "b", keyless))
    assert any("nobody can get item 'note'" in line for line in found), found


def test_the_adventure_schema_lists_the_holders_a_move_may_name() -> None:
    validator = jsonschema.Draft202012Validator(content_schema(load_adventure(BELFRY)))
    for good in ('move = { note = "coffer" }', 'move = { note = "nave/altar" }', 'move = { note = "player" }'):
        assert not list(validator.iter_errors(tomllib.loads(TEXT.replace(MOVE, good)))), good
    assert list(validator.iter_errors(tomllib.loads(TEXT.replace(MOVE, 'move = { note = "cofer" }'))))
