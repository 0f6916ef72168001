"""Start-up time: `wayfarer` to its first prompt, against `python -c pass` (PRODUCT §9: within 3x).

Both are run as fresh processes, alternately, and the medians compared.  The game
reads an empty standard input, so it prints the opening and stops: the time
measured is start-up to the first prompt.
"""
from __future__ import annotations

import compileall
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

RUNS = 15


#: As an installed game runs: with its bytecode cached (some shells set PYTHONDONTWRITEBYTECODE).
ENV = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}


def timed(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, check=True, env=ENV)
    return time.perf_counter() - start


def main() -> None:
    compileall.compile_dir(Path(__file__).resolve().parent.parent / "game", quiet=1)
    baseline, game = [], []
    for _ in range(RUNS):
        baseline.append(timed([sys.executable, "-c", "pass"]))
        game.append(timed([sys.executable, "-m", "game", "--seed", "1", "--saves", "/tmp/wayfarer-bench-saves"]))
    base, ours = statistics.median(baseline), statistics.median(game)
    print(f"python -c pass: {base * 1000:.1f} ms (median of {RUNS})")
    print(f"wayfarer to first prompt, plain input: {ours * 1000:.1f} ms (median of {RUNS}); "
          f"ratio {ours / base:.2f}x (target: within 3x)")
    terminal = statistics.median(terminal_start() for _ in range(RUNS))
    print(f"wayfarer to first prompt in a terminal (prompt_toolkit): {terminal * 1000:.1f} ms; "
          f"ratio {terminal / base:.2f}x")


def terminal_start() -> float:
    """Seconds from spawning the game in a pseudo-terminal until its prompt shows."""
    import pexpect

    start = time.perf_counter()
    child = pexpect.spawn(sys.executable, ["-m", "game", "--seed", "1", "--saves", "/tmp/wayfarer-bench-saves"],
                          env=ENV, encoding="utf-8", timeout=30, dimensions=(40, 100))
    child.expect(r">(\x08| )")
    elapsed = time.perf_counter() - start
    child.terminate(force=True)
    return elapsed


if __name__ == "__main__":
    main()
