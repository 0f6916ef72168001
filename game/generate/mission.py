"""The mission: the chain of steps to the goal, laid before any room exists (lock-and-key).

The adventure is cut into zones, 0 (the start) to N; the way from zone *i* into
zone *i + 1* is one lock, and whatever opens it (a key, a lever, a search, the
fall of a guardian) lies in zone *i* or earlier, so each key is reachable
before its door by construction.  This module picks the zones' sizes, the kind
of each lock, where each key lies, and the goal; :mod:`game.generate.space`
then gives them rooms.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from game.generate.model import SIZES

#: Locks per size: (fewest, most).
LOCKS = {"small": (2, 3), "medium": (4, 5), "large": (6, 9)}
KINDS = ("key", "hidden", "lever", "guard")
PLACEMENTS = ("floor", "search", "dark", "keeper", "container")


@dataclass(frozen=True)
class LockSpec:
    kind: str
    placement: str = ""  # keys only: floor | search | dark | keeper | container
    exotica: bool = False  # a hidden way that an exotica shows


@dataclass(frozen=True)
class Mission:
    zone_sizes: tuple[int, ...]
    locks: tuple[LockSpec, ...]
    goal: str  # reach | bring | defeat


def plan_mission(rng: random.Random, size: str) -> Mission:
    """Zones, locks and the goal for one adventure of ``size``."""
    low, high = SIZES[size]
    rooms = rng.randint(low, high)
    locks = rng.randint(*LOCKS[size])
    locks = min(locks, (rooms - 3) // 2)  # zone 0 holds 3 rooms at least, each other zone 2
    kinds = _kinds(rng, locks)
    placements = _placements(rng, kinds.count("key"))
    specs: list[LockSpec] = []
    exotica_given = False
    for kind in kinds:
        if kind == "key":
            specs.append(LockSpec("key", placements.pop(0)))
        elif kind == "hidden" and not exotica_given and size != "small":
            exotica_given = True
            specs.append(LockSpec("hidden", exotica=True))
        else:
            specs.append(LockSpec(kind))
    return Mission(_zone_sizes(rng, rooms, locks), tuple(specs), rng.choice(("reach", "bring", "defeat")))


def _kinds(rng: random.Random, count: int) -> list[str]:
    """Every kind once before any twice (a small adventure gets a sample), keys first among equals."""
    bag: list[str] = []
    while len(bag) < count:
        round_ = list(KINDS)
        rng.shuffle(round_)
        bag.extend(round_)
    chosen = bag[:count]
    if "key" not in chosen:
        chosen[rng.randrange(count)] = "key"
    return chosen


def _placements(rng: random.Random, count: int) -> list[str]:
    """Where each key lies: floor, search, dark, keeper (a foe who carries it), container (shut in a chest or
    a locker); dark and keeper at most once each.

    No key is sold by the merchant: the simulator's player buys arms and food, not keys, so a sold key
    would leave fairness unmeasured."""
    found = list(PLACEMENTS)
    rng.shuffle(found)
    while len(found) < count:
        found.append(rng.choice(("floor", "search", "container")))
    return found[:count]


def _zone_sizes(rng: random.Random, rooms: int, locks: int) -> tuple[int, ...]:
    sizes = [3] + [2] * locks
    for _ in range(rooms - sum(sizes)):
        sizes[rng.randrange(len(sizes))] += 1
    return tuple(sizes)
