"""`wayfarer odds SYSTEM KEY=VALUE...` for every system over its whole key range (target: 5 ms each).

Each key set is timed cold (every odds cache of the rules modules emptied
first): parsing the keys and computing the exact `Odds` (``system.odds``) and
its JSON object, as `wayfarer odds ... --json` does.  The ranges are the ones
the command line accepts (PRODUCT §3.1): every pool size, and the keys that do
not change the work (need, pips, difficulty, bonus, target) sampled across
their range.  Maelstrom's grid is every dice, difficulty and specialties value
with thresholds sampled (`--full`: every threshold too, 51,894 key sets).

    python -m benchmarks.odds_systems              # all five systems
    python -m benchmarks.odds_systems --system maelstrom --full
    python -m benchmarks.odds_systems --cpu        # timed by CPU time (a loaded machine)
"""
from __future__ import annotations

import argparse
import itertools
import statistics
import sys
import time
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.rules import opend6_roll  # noqa: E402
from game.rules.registry import get_system  # noqa: E402
from game.systems.maelstrom import odds as maelstrom_odds
from game.systems.open_adventures import dice as open_adventures_dice

TARGET = 0.005
CACHED_MODULES = (maelstrom_odds, open_adventures_dice, opend6_roll)


def _grids(full: bool) -> dict[str, list[dict[str, str]]]:
    def keys(**values: object) -> dict[str, str]:
        return {name: str(value) for name, value in values.items()}

    thresholds = range(31) if full else (0, 1, 2, 3, 5, 8, 12, 20, 30)
    return {
        "open_adventures": [keys(dice=n, need=k) for n in range(61) for k in (0, 1, n, 120)],
        "vaarn": [keys(bonus=b, target=t, mode=m) for b in (-100, -5, 0, 3, 100)
                  for t in (-100, 0, 15, 22, 100) for m in ("normal", "advantage", "disadvantage")],
        "opend6": [keys(dice=n, pips=p, difficulty=d) for n in range(1, 61) for p in (-1000, 0, 2, 1000)
                   for d in (-1000, 10, 4 * n, 10000)],
        "bind": [keys(bonus=b, tn=t) for b in (-1000, -3, 0, 4, 1000) for t in (-1000, 2, 7, 12, 1000)],
        "maelstrom": [keys(dice=n, difficulty=d, threshold=t, specialties=s) for n in range(31)
                      for d in range(2, 11) for t in thresholds for s in range(6)],
    }


def _clear_caches() -> None:
    for module in CACHED_MODULES:
        for value in vars(module).values():
            if callable(getattr(value, "cache_clear", None)):
                value.cache_clear()


def timed(system_id: str, keys: dict[str, str], repeat: int) -> float:
    """The best of ``repeat`` cold timings of parse + odds + to_json."""
    system = get_system(system_id)
    best = float("inf")
    for _ in range(repeat):
        _clear_caches()
        start = CLOCK[0]()
        system.odds(system.parse_request(keys)).to_json()
        best = min(best, CLOCK[0]() - start)
    return best


def rows(system_id: str, grid: list[dict[str, str]], repeat: int) -> Iterator[tuple[float, str]]:
    for keys in grid:
        yield timed(system_id, keys, repeat), " ".join(f"{k}={v}" for k, v in keys.items())


#: The clock the timings read: wall time by default, or this process's CPU time
#: (``--cpu``), which other work on a loaded machine disturbs far less.
CLOCK = [time.perf_counter]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cpu", action="store_true", help="time by this process's CPU time (a loaded machine)")
    parser.add_argument("--system", action="append", help="only this system (repeatable)")
    parser.add_argument("--full", action="store_true", help="every Maelstrom threshold too")
    parser.add_argument("--repeat", type=int, default=3, help="cold timings per key set (the best is kept)")
    args = parser.parse_args()
    if args.cpu:
        CLOCK[0] = time.process_time
    grids = _grids(args.full)
    for system_id in args.system or list(grids):
        results = sorted(rows(system_id, grids[system_id], args.repeat), reverse=True)
        passing = sum(1 for spent, _ in results if spent <= TARGET)
        print(f"{system_id}: {len(results)} key sets, best of {args.repeat} cold timings each; "
              f"median {statistics.median(s for s, _ in results) * 1000:.2f} ms, "
              f"worst {results[0][0] * 1000:.2f} ms ({results[0][1]}); "
              f"within {TARGET * 1000:.0f} ms: {passing} of {len(results)}")
        for spent, keys in itertools.islice(results, 1, 4):
            print(f"    {spent * 1000:7.2f} ms  {keys}")


if __name__ == "__main__":
    main()
