"""The certificate's properties over a few seeds: check clean, the walkthrough passing, no dead end."""
from __future__ import annotations

from pathlib import Path

import pytest

from game.generate.build import build
from game.generate.certificate import make
from game.generate.deadends import search
from game.generate.emit import render
from game.generate.survey import sentences, shared_sentences


@pytest.mark.parametrize(("seed", "theme", "size"), [(1, "salt", "small"), (2, "station", "small"),
                                                     (3, "salt", "medium"), (4, "station", "medium")])
def test_a_generated_adventure_earns_its_certificate(tmp_path: Path, seed: int, theme: str, size: str) -> None:
    made = make(seed, theme, size, tmp_path / "adventure", fair=False)
    cert = made.certificate
    assert cert.problems == []
    assert cert.walkthrough == "passed"
    assert cert.dead_ends == 0 and cert.states > 0
    assert (tmp_path / "adventure" / "tests" / "walkthrough.transcript").is_file()


@pytest.mark.parametrize("size", ["small", "medium", "large"])
def test_sizes_hold_their_room_counts(size: str) -> None:
    low, high = {"small": (6, 10), "medium": (12, 25), "large": (30, 60)}[size]
    for seed in range(1, 6):
        assert low <= len(build(seed, "salt", size).rooms) <= high


def test_no_seed_of_the_catalog_has_a_dead_end() -> None:
    for theme in ("salt", "station"):
        for seed in range(1, 21):
            assert search(build(seed, theme, "medium")).dead_ends == 0, (theme, seed)


def test_a_key_behind_its_own_door_is_a_dead_end_the_search_finds() -> None:
    blueprint, lock = next((b, lock) for seed in range(1, 30) for b in [build(seed, "salt", "medium")]
                           for lock in b.locks if lock.kind == "key" and lock.placement == "floor")
    beyond = lock.to
    blueprint.rooms[lock.key_room or ""].items.remove(lock.item or "")
    blueprint.rooms[beyond].items.append(lock.item or "")
    lock.key_room = beyond
    assert search(blueprint).shortest == -1  # the goal cannot be reached at all


def test_the_search_finds_the_shortest_win() -> None:
    blueprint = build(3, "station", "medium")
    found = search(blueprint)
    assert found.dead_ends == 0 and found.shortest > 0


@pytest.mark.parametrize("theme", ["salt", "station"])
def test_no_two_seeds_of_a_theme_share_a_quarter_of_their_sentences(theme: str) -> None:
    """Every pair of seeds 1..30 (the survey measures 1..100): under a quarter of the smaller one's sentences."""
    shared = shared_sentences([sentences(build(seed, theme, "medium")) for seed in range(1, 31)])
    assert shared["pairs"] == 30 * 29 // 2
    assert shared["max"] < 0.25, shared


def test_the_same_seed_writes_the_same_files_and_another_seed_others() -> None:
    first = render(build(7, "station", "small"), None)
    assert first == render(build(7, "station", "small"), None)
    assert first != render(build(8, "station", "small"), None)


def test_scenery_named_in_a_room_is_declared_there() -> None:
    blueprint = build(5, "salt", "medium")
    for room in blueprint.rooms.values():
        for scenery in room.scenery:
            text = room.description.lower()
            assert scenery.name in text or any(a in text for a in scenery.aliases), \
                (room.name, scenery.name)
