"""Dice sources and exact distributions.

Randomness is always passed in: rule code reads faces from a :class:`Dice`
object, which is either random (seeded) or scripted (tests, ``roll --dice``).
Every source records the faces it handed out, in order, so a result can show
exactly what was rolled.

Exact odds are built in :mod:`game.rules.exact`; nothing here samples.
"""
from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Sequence
from typing import Protocol

from game.errors import DiceExhausted, WayfarerError


class Dice(Protocol):
    """A source of die faces.  ``faces`` lists every face read so far, in order."""

    faces: list[int]

    def roll(self, sides: int) -> int:
        """Return one face in ``1..sides`` and record it."""
        ...


class RandomDice:
    """Dice from a seeded :class:`random.Random`."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.faces: list[int] = []

    def roll(self, sides: int) -> int:
        face = self.rng.randint(1, sides)
        self.faces.append(face)
        return face


class ScriptedDice:
    """Dice that hand out given faces in order; running out raises :class:`DiceExhausted`."""

    def __init__(self, script: Iterable[int]) -> None:
        self.script = list(script)
        self.faces: list[int] = []

    def roll(self, sides: int) -> int:
        position = len(self.faces)
        if position >= len(self.script):
            raise DiceExhausted(position)
        face = self.script[position]
        if not 1 <= face <= sides:
            raise WayfarerError(f"scripted die {position + 1} is {face}, but a d{sides} shows 1 to {sides}")
        self.faces.append(face)
        return face

    @property
    def unused(self) -> int:
        """How many scripted faces were never read."""
        return len(self.script) - len(self.faces)


def roll_many(dice: Dice, count: int, sides: int) -> list[int]:
    """Read ``count`` faces of a ``sides``-sided die, in order."""
    return [dice.roll(sides) for _ in range(count)]


def enumerate_faces(count: int, sides: int) -> Iterable[Sequence[int]]:
    """Every ordered tuple of ``count`` faces (for brute-force checks in tests)."""
    return itertools.product(range(1, sides + 1), repeat=count)


def dice_for_turn(seed: int, turn: int) -> RandomDice:
    """The dice of one turn of a run: a fresh generator seeded by the run's seed and the turn.

    Undoing and retrying a turn therefore brings back the very same dice.
    """
    return RandomDice(random.Random(f"wayfarer:{seed}:{turn}"))
