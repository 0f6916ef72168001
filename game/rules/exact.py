"""Exact distributions: :data:`Dist` maps (outcome -> ``Fraction``) and the helpers that build them.

The rule systems' ``odds`` are built from these.  Apart from
:mod:`game.rules.dice` (the dice sources) because only odds need them, and
``fractions`` (with ``decimal``, which it imports) is then not paid for at start-up.
"""
from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import TypeVar

K = TypeVar("K")
Dist = dict[K, Fraction]

#: Probability mass below which an endless explosion tail is cut.
TAIL_CUTOFF = Fraction(1, 10**12)


def uniform(sides: int) -> Dist[int]:
    """The distribution of one fair die."""
    p = Fraction(1, sides)
    return {face: p for face in range(1, sides + 1)}


def convolve(a: Dist[int], b: Dist[int]) -> Dist[int]:
    """The distribution of the sum of two independent integer variables."""
    out: Dist[int] = {}
    for x, px in a.items():
        for y, py in b.items():
            out[x + y] = out.get(x + y, Fraction(0)) + px * py
    return out


def probability(dist: Dist[K], predicate: Callable[[K], bool]) -> Fraction:
    """The total probability of the outcomes for which ``predicate`` holds."""
    return sum((p for value, p in dist.items() if predicate(value)), Fraction(0))
