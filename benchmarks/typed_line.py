"""How long a very long line typed at the prompt (no bracketed paste) takes to be answered.

Plays the tiny test adventure in a pseudo-terminal (``pexpect``, a test
dependency), as a player whose terminal sends a 20 KB or 200 KB line key by key
(a paste into a terminal without bracketed paste looks the same): the time from
the first byte sent until the answer is printed ("so it was not run": a line
past the cap is not run; "know how long" for the short ``wait x``).  The baseline, in the same session, is the same for a short line
(``wait x``).  Prints the median of ``RUNS`` (default 3) of each.

Usage: ``python -m benchmarks.typed_line [RUNS]``.
"""
from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import pexpect

ROOT = Path(__file__).resolve().parents[1]
TINY = str(ROOT / "tests" / "data" / "tiny")
PROMPT = r"\x1b\[0m>"


def answered_in(child: pexpect.spawn, length: int) -> float:
    """Seconds from sending ``wait`` + ``length`` characters and Enter until its answer is printed."""
    start = time.perf_counter()
    child.send("wait " + "x" * length)
    child.send("\r")
    child.expect("know how long|so it was not run", timeout=600)
    elapsed = time.perf_counter() - start
    child.expect(PROMPT)
    return elapsed


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    sizes = (1, 20_000, 200_000)
    times: dict[int, list[float]] = {size: [] for size in sizes}
    with tempfile.TemporaryDirectory() as saves:
        env = {**os.environ, "WAYFARER_SAVES": saves, "PYTHONPATH": str(ROOT), "TERM": "xterm", "LANG": "C.UTF-8"}
        child = pexpect.spawn(sys.executable, ["-m", "game", TINY, "--seed", "4"], cwd=str(ROOT), env=env,
                              encoding="utf-8", timeout=60, dimensions=(24, 100))
        child.expect(PROMPT)
        answered_in(child, 1)  # the first command imports what play needs: not timed
        for _ in range(runs):
            for size in sizes:
                times[size].append(answered_in(child, size))
        child.sendeof()
        child.expect(pexpect.EOF)
    base = statistics.median(times[1])
    print(f"a short line typed: {base * 1000:.0f} ms (median of {runs})")
    for size in sizes[1:]:
        median = statistics.median(times[size])
        print(f"a line of {size:,} characters typed: {median:.2f} s, {median / base:.0f}x the short line "
              f"(median of {runs}; runs {', '.join(f'{t:.2f}' for t in times[size])})")


if __name__ == "__main__":
    main()
