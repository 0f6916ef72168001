"""Start-up time: `wayfarer` to its first prompt, against `python -c pass` (PRODUCT §9: within 3x).

Both are run as fresh processes, alternately, and the medians compared.  The game
reads an empty standard input, so it prints the opening and stops: the time
measured is start-up to the first prompt.
"""
from __future__ import annotations

import statistics
import subprocess
import sys
import time

RUNS = 15


def timed(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def main() -> None:
    baseline, game = [], []
    for _ in range(RUNS):
        baseline.append(timed([sys.executable, "-c", "pass"]))
        game.append(timed([sys.executable, "-m", "game", "--seed", "1", "--saves", "/tmp/wayfarer-bench-saves"]))
    base, ours = statistics.median(baseline), statistics.median(game)
    print(f"python -c pass: {base * 1000:.1f} ms (median of {RUNS})")
    print(f"wayfarer to first prompt: {ours * 1000:.1f} ms (median of {RUNS})")
    print(f"ratio: {ours / base:.2f}x (target: within 3x)")


if __name__ == "__main__":
    main()
