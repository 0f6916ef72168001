"""A key of the chain shut in a container: written as a shut container holding it, opened and emptied by the
walkthrough under all five systems, and counted by the dead-end search."""
from __future__ import annotations

from pathlib import Path

import pytest

from game.generate.build import build
from game.generate.certificate import make
from game.generate.deadends import search
from game.generate.emit import adventure_tables, room_ids


@pytest.mark.parametrize(("seed", "theme"), [(3, "salt"), (7, "station")])
def test_a_key_shut_in_a_container_is_written_walked_and_searched(tmp_path: Path, seed: int, theme: str) -> None:
    made = make(seed, theme, "small", tmp_path / "adventure", fair=False)
    lock = next(lock for lock in made.blueprint.locks if lock.placement == "container")
    room = adventure_tables(made.blueprint)["rooms.toml"]["rooms"][room_ids(made.blueprint)[lock.key_room or ""]]
    holders = [s for s in room["scenery"].values() if s.get("kind") == "container"]
    assert holders == [next(s for s in holders if s["contents"] == [lock.item])]
    assert holders[0]["closed"] is True and lock.item not in room.get("items", [])
    assert made.certificate.problems == [] and made.certificate.walkthrough == "passed"
    assert made.certificate.dead_ends == 0
    transcript = (tmp_path / "adventure" / "tests" / "walkthrough.transcript").read_text(encoding="utf-8")
    assert f"> open {holders[0]['name']}" in transcript


def test_the_search_cannot_take_a_key_from_a_container_it_has_not_opened() -> None:
    blueprint = build(7, "station", "small")
    lock = next(lock for lock in blueprint.locks if lock.placement == "container")
    assert lock.key_room is not None
    shut = search(blueprint).states
    blueprint.rooms[lock.key_room].holders.clear()
    blueprint.rooms[lock.key_room].items.append(lock.item or "")
    assert search(blueprint).states < shut  # lying loose, the key needs no "opened" step: fewer states
