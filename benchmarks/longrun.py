"""A run of 100,000 commands: does a command cost the same at the end as at the start?

Drives one :class:`~game.engine.Engine` (Vaarn, a two-room world with water and
food for the whole run) through cheap commands until its log holds the most a
run may log (100,000): moves, take and drop, wait, and every tenth line an
``oracle`` question (a roll for the dice log, no game time).  Around command
1,000, 10,000 and 100,000 it times a window of the same commands and prints,
for each, the median and p90 of one command (CPU time of this process: a
loaded machine's scheduling would otherwise decide it), the ratio to the first
window, the process's resident memory after a full collection, and the sizes
of what could grow (dice log kept, undo stack).  With ``--trace`` it also
reports tracemalloc's current size at each point (slower: run it apart).
Then it saves and loads the run (best of 5), against ``tomli_w.dumps`` and
``tomllib.loads`` of the same document.

Usage: ``python -m benchmarks.longrun [--commands N] [--window W] [--trace]``
"""
from __future__ import annotations

import argparse
import gc
import statistics
import tempfile
import time
import tracemalloc
from pathlib import Path

from benchmarks.bigworld import save_and_load
from game.engine import MAX_LOG, Engine
from game.rules.registry import get_system
from game.saves import SaveStore
from game.world.loader import load_adventure

WORLD = """\
[adventure]
id = "long"
title = "A Long Run"
version = "1"
start = "hut"
system = "vaarn"

[player]
items = []
water = 10000
food = 10000

[rooms.hut]
name = "Hut"
description = "A hut by a well."
water_source = true
exits = { north = "yard" }
items = ["stone"]

[rooms.yard]
name = "Yard"
description = "A dusty yard."
exits = { south = "hut" }

[items.stone]
name = "stone"
kind = "treasure"
"""

#: The cycle of commands; the player ends each cycle where it began, carrying nothing.
CYCLE = ("take stone", "n", "s", "drop stone", "wait", "x stone", "n", "wait", "s", "oracle will it rain?")


def resident_kib() -> int:
    """The process's resident memory in KiB (Linux), after a full collection."""
    gc.collect()
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
    except (OSError, IndexError, ValueError):
        return 0
    import os

    return pages * os.sysconf("SC_PAGE_SIZE") // 1024


def run(commands: int, window: int, trace: bool) -> None:
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "world.toml").write_text(WORLD)
        adventure = load_adventure(Path(folder))
    engine = Engine.new_game(adventure, get_system("vaarn"), 7)
    checkpoints = [c for c in (1_000, 10_000, 100_000) if c <= commands]
    if trace:
        tracemalloc.start()
    first: float | None = None
    step = 0
    for checkpoint in checkpoints:
        while len(engine.state.log) < checkpoint - window:
            engine.submit(CYCLE[step % len(CYCLE)])
            step += 1
        times = []
        while len(engine.state.log) < checkpoint:
            command = CYCLE[step % len(CYCLE)]
            start = time.process_time()
            engine.submit(command)
            times.append(time.process_time() - start)
            step += 1
        median = statistics.median(times) * 1000
        p90 = sorted(times)[int(len(times) * 0.9)] * 1000
        first = first if first is not None else median
        traced = f"; traced {tracemalloc.get_traced_memory()[0] / 1024:,.0f} KiB" if trace else ""
        print(f"command {checkpoint:>7,}: median {median:.3f} ms, p90 {p90:.3f} ms, "
              f"{median / first:.2f}x the first window; RSS {resident_kib():,} KiB{traced}; "
              f"dice log kept {len(engine.dice_log):,} of {engine.dice_log.total:,}; "
              f"undo {len(engine.undo_stack)}; log {len(engine.state.log):,}", flush=True)
    assert engine.state.status == "playing", engine.state.ending
    if trace:
        tracemalloc.stop()
    with tempfile.TemporaryDirectory() as folder:
        save_and_load(f"a log of {len(engine.state.log):,} commands", SaveStore(Path(folder), adventure), engine.state)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commands", type=int, default=MAX_LOG, help="logged commands in the run (at most 100,000)")
    parser.add_argument("--window", type=int, default=1000, help="commands timed before each point")
    parser.add_argument("--trace", action="store_true", help="also trace allocations (slower)")
    args = parser.parse_args()
    run(min(args.commands, MAX_LOG), args.window, args.trace)


if __name__ == "__main__":
    main()
