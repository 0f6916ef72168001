"""Maelstrom odds: the time of `odds` over a grid of PRODUCT §3.1 key sets (target: under 5 ms each).

Every key set is timed cold (the odds cache emptied first): parsing the keys
and computing the exact `Odds` (``system.odds``), and separately turning it
into the JSON object that `wayfarer odds maelstrom ... --json` prints.  The
script prints the worst cases, how many key sets pass the target, and the
worst time for each number of specialties.

    python benchmarks/odds_maelstrom.py           # the full grid (a minute or two)
    python benchmarks/odds_maelstrom.py --quick   # a smaller grid
    python benchmarks/odds_maelstrom.py --cpu     # timed by CPU time (a loaded machine)
"""
from __future__ import annotations

import argparse
import itertools
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.rules import maelstrom_odds  # noqa: E402
from game.rules.registry import get_system  # noqa: E402

TARGET = 0.005
FULL = {
    "dice": (0, 1, 2, 3, 5, 8, 10, 15, 20, 25, 30),
    "difficulty": tuple(range(2, 11)),
    "threshold": (0, 1, 2, 3, 5, 10, 20, 30),
    "specialties": tuple(range(6)),
}
QUICK = {
    "dice": (1, 5, 10, 30),
    "difficulty": (2, 3, 6, 9, 10),
    "threshold": (0, 3, 30),
    "specialties": tuple(range(6)),
}


def timed(function, *args):  # type: ignore[no-untyped-def]
    start = CLOCK[0]()
    result = function(*args)
    return CLOCK[0]() - start, result


#: The clock the timings read: wall time by default, or this process's CPU time
#: (``--cpu``), which other work on a loaded machine disturbs far less.
CLOCK = [time.perf_counter]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cpu", action="store_true", help="time by this process's CPU time (a loaded machine)")
    parser.add_argument("--quick", action="store_true", help="a smaller grid")
    parser.add_argument("--repeat", type=int, default=1, help="time each key set this many times, keep the best")
    args = parser.parse_args()
    if args.cpu:
        CLOCK[0] = time.process_time
    grid = QUICK if args.quick else FULL
    system = get_system("maelstrom")
    rows = []
    for values in itertools.product(*grid.values()):
        keys = {name: str(value) for name, value in zip(grid, values, strict=True)}
        best_odds = best_json = float("inf")
        for _ in range(args.repeat):
            maelstrom_odds.net_counts.cache_clear()
            start = CLOCK[0]()
            odds = system.odds(system.parse_request(keys))
            middle = CLOCK[0]()
            odds.to_json()
            end = CLOCK[0]()
            best_odds, best_json = min(best_odds, middle - start), min(best_json, end - middle)
        rows.append((best_odds, best_json, values, len(odds.distribution)))
    rows.sort(reverse=True)
    ranges = "; ".join(f"{name} in {', '.join(map(str, values))}" for name, values in grid.items())
    print(f"{len(rows)} key sets ({ranges}), each timed cold")
    print("worst cases (odds / then to_json; keys; distribution entries):")
    for spent, json_time, values, entries in rows[:10]:
        keys = " ".join(f"{name}={value}" for name, value in zip(grid, values, strict=True))
        print(f"  {spent * 1000:8.2f} ms / {json_time * 1000:6.2f} ms  {keys}  ({entries})")
    passing = sum(1 for spent, *_ in rows if spent < TARGET)
    print(f"under {TARGET * 1000:.0f} ms: {passing} of {len(rows)} ({100 * passing / len(rows):.1f}%)")
    print("worst by specialties:")
    for specialties in grid["specialties"]:
        worst = max((row for row in rows if row[2][3] == specialties), key=lambda row: row[0])
        keys = " ".join(f"{name}={value}" for name, value in zip(grid, worst[2], strict=True))
        print(f"  specialties={specialties}: {worst[0] * 1000:8.2f} ms  ({keys})")
    print(f"worst case: {rows[0][0] * 1000:.2f} ms (target {TARGET * 1000:.0f} ms)")


if __name__ == "__main__":
    main()
