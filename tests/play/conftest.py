"""The rules tests of this folder read each roll's whole breakdown, as ``set rolls full`` shows it.

The short display (the default) is tested on its own in ``tests/table/test_glance.py``
and in the golden transcripts.
"""
from __future__ import annotations

import functools

import pytest

import game.world.world
from game.world.world import Display


@pytest.fixture(autouse=True)
def full_rolls(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every world made in these tests shows rolls in full."""
    monkeypatch.setattr(game.world.world, "Display", functools.partial(Display, full_rolls=True))
