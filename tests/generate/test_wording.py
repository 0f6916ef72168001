"""Descriptions match the thing they describe, over seeds 1..100 of every theme: a door reads as its own kind
(a grille is not a door, nor bone basalt) with the lock its key fits, a room names one kind of water source,
and a room is built of one material."""
from __future__ import annotations

import re
from functools import cache

import pytest

from game.generate.build import build
from game.generate.model import Blueprint
from game.generate.themes import load_theme, theme_ids

SEEDS = range(1, 101)
DOORS = ("door", "gate", "grille", "hatch", "slab")
#: What a key's name says about the lock it fits -> words one of which the door's text must use.
LOCKS = {"keycard": ("card slot",), "fob": ("fob reader",), "key": ("keyhole", "lock")}
#: Kinds of water source; a room's text may name one kind only.
WATERS = {"well": ("well",), "spring": ("spring", "seep"), "cistern": ("cistern",), "tap": ("water tap",),
          "pipe": ("leaking pipe",)}
#: Things of the land itself, never of a builder's material.
NATURAL = ("cliff", "canyon", "gorge", "boulder", "cairn", "well stones")


@cache
def blueprints(theme: str) -> tuple[Blueprint, ...]:
    return tuple(build(seed, theme, "medium") for seed in SEEDS)


def _words(text: str, words: tuple[str, ...]) -> set[str]:
    return {w for w in words if re.search(rf"\b{re.escape(w)}\b", text.lower())}


@pytest.mark.parametrize("theme", theme_ids())
def test_a_locked_door_reads_as_its_own_kind_with_the_lock_its_key_fits(theme: str) -> None:
    pools = load_theme(theme).words["material"] + load_theme(theme).words.get("stone", ())
    for blueprint in blueprints(theme):
        for lock in blueprint.locks:
            if lock.kind != "key":
                continue
            door = blueprint.rooms[lock.room].exits[lock.direction]
            assert door.name is not None
            noun = door.name.split()[-1]
            text = door.description
            assert _words(text, DOORS) == {noun}, (blueprint.adventure_id, door.name, text)
            key_name = blueprint.items[lock.item or ""].thing.name
            wanted = next(words for kind, words in LOCKS.items() if key_name.endswith(kind))
            assert any(w in text.lower() for w in wanted), (blueprint.adventure_id, key_name, text)
            assert not _words(text, pools), (blueprint.adventure_id, door.name, text)


@pytest.mark.parametrize("theme", theme_ids())
def test_a_room_names_one_kind_of_water_source(theme: str) -> None:
    for blueprint in blueprints(theme):
        for room in blueprint.rooms.values():
            text = f"{room.name}. {room.description}"
            kinds = {kind for kind, words in WATERS.items() if _words(text, words)}
            assert len(kinds) <= 1, (blueprint.adventure_id, room.name, kinds, room.description)


@pytest.mark.parametrize("theme", theme_ids())
def test_a_room_is_built_of_one_material_and_the_land_of_none(theme: str) -> None:
    words = load_theme(theme).words
    for blueprint in blueprints(theme):
        for room in blueprint.rooms.values():
            texts = [room.description, *room.scenery_text.values()]
            for pool in ("material", "stone"):
                named = set().union(*(_words(t, words.get(pool, ())) for t in texts))
                assert len(named) <= 1, (blueprint.adventure_id, room.name, named)
            for sentence in re.split(r"(?<=\.) ", room.description):
                if _words(sentence, NATURAL):
                    assert not _words(sentence, words["material"]), (blueprint.adventure_id, sentence)
