"""`odds attack X` under Maelstrom against an evading defender (target: 20 ms), and its error.

Every pair of pools (attack and evasion, 0 to 5 specialties each) is timed
cold (the pool cache emptied first) through ``system.odds``, as the game's
``odds attack`` computes it.  For a few pairs the margins as computed (long
tails by DFT, the convolution rounded to
:data:`~game.systems.maelstrom.odds.OPPOSED_DIGITS` digits) are compared with
the exact ones (the exact walk, and the convolution of its thousands-of-digit
counts, which took up to seconds): the largest difference of any margin's
probability is printed (bound: 1e-12).

    python benchmarks/odds_attack.py            # median of 3 timings per pair
    python benchmarks/odds_attack.py --cpu      # timed by CPU time (a loaded machine)
"""
from __future__ import annotations

import argparse
import itertools
import statistics
import sys
import time
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.rules.registry import get_system  # noqa: E402
from game.systems.maelstrom import odds as mo  # noqa: E402
from game.systems.maelstrom.actions import AttackRequest  # noqa: E402
from game.systems.maelstrom.pool import PoolRequest  # noqa: E402

TARGET = 0.020
#: (dice, difficulty, threshold) of the attack and the evasion pools timed.
POOLS = ((5, 6, 0), (10, 6, 3), (20, 6, 3), (30, 10, 30), (10, 3, 0))
CHECKED = (((20, 6, 3, 5), (10, 6, 0, 5)), ((10, 6, 0, 3), (10, 6, 0, 2)), ((30, 10, 30, 5), (20, 6, 3, 1)))


def timed_pair(attack: PoolRequest, evasion: PoolRequest, runs: int) -> float:
    system = get_system("maelstrom")
    times = []
    for _ in range(runs):
        mo.net_counts.cache_clear()
        start = CLOCK[0]()
        system.odds(AttackRequest(attack, evasion))
        times.append(CLOCK[0]() - start)
    return statistics.median(times)


def compared(attack: tuple[int, int, int, int], evasion: tuple[int, int, int, int]) -> tuple[float, float, float]:
    """The largest error of the margins as computed, and the seconds the fast and the exact
    margins (pools, convolution and Fractions) took, each cold."""
    mo.net_counts.cache_clear()
    start = CLOCK[0]()
    rounded = mo.fractions_of(mo.opposed(mo.net_counts(*attack), mo.net_counts(*evasion)))
    middle = CLOCK[0]()
    exact_pools = mo.net_counts(*attack, exact=True), mo.net_counts(*evasion, exact=True)
    exact = mo.fractions_of(mo.opposed(*exact_pools, digits=10**9))
    end = CLOCK[0]()
    error = max(abs(rounded.get(k, Fraction(0)) - exact.get(k, Fraction(0))) for k in exact.keys() | rounded)
    return float(error), middle - start, end - middle


#: The clock the timings read: wall time by default, or this process's CPU time
#: (``--cpu``), which other work on a loaded machine disturbs far less.
CLOCK = [time.perf_counter]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cpu", action="store_true", help="time by this process's CPU time (a loaded machine)")
    parser.add_argument("--runs", type=int, default=3, help="timings per pair (the median is kept)")
    args = parser.parse_args()
    if args.cpu:
        CLOCK[0] = time.process_time
    rows = []
    for (an, ad, at), (en, ed, et) in itertools.product(POOLS, POOLS):
        for s_attack, s_evasion in itertools.product(range(6), range(6)):
            attack = PoolRequest(an, ad, at, s_attack)
            evasion = PoolRequest(en, ed, et, s_evasion)
            rows.append((timed_pair(attack, evasion, args.runs), (an, ad, at, s_attack), (en, ed, et, s_evasion)))
    rows.sort(reverse=True)
    print(f"{len(rows)} attack/evasion pairs, each the median of {args.runs} cold timings")
    for spent, attack_keys, evasion_keys in rows[:5]:
        print(f"  {spent * 1000:7.2f} ms  attack {attack_keys}  evasion {evasion_keys}  (dice, difficulty, threshold, specialties)")
    passing = sum(1 for spent, *_ in rows if spent <= TARGET)
    print(f"within {TARGET * 1000:.0f} ms: {passing} of {len(rows)}; worst {rows[0][0] * 1000:.2f} ms")
    for attack_keys, evasion_keys in CHECKED:
        error, rounded, exact = compared(attack_keys, evasion_keys)
        print(f"attack {attack_keys} evasion {evasion_keys}: largest error {error:.1e}; margins "
              f"{rounded * 1000:.1f} ms as computed, {exact * 1000:.1f} ms exact ({exact / rounded:.0f}x)")


if __name__ == "__main__":
    main()
