"""The cost of the autosave and of undo per command, by the length of the run's command log.

Prints, for runs of *The Glass Oasis* under Vaarn whose log already holds
100, 10,000 and 99,000 commands: the median and p99 time of one ``wait``
until its answer, with autosave off and on; the median time the autosave
writer thread then takes (an atomic write with fsync into a temporary folder
under the home folder: this machine's disk, not tmpfs); and the median time
of the undo snapshot alone (``WorldState.copy(share_log=True)``).

Usage: ``python benchmarks/autosave.py [COMMANDS]`` (commands timed per size, default 200).
"""
from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

from game.engine import Engine
from game.paths import bundled_root
from game.rules.registry import get_system
from game.saves import SaveStore
from game.world.loader import find_adventure, load_adventure


def timed(engine: Engine, count: int, writes: list[float] | None = None) -> list[float]:
    """Times of ``wait`` as the player feels them; ``writes`` gets the autosave writer's time for each."""
    times = []
    for _ in range(count):
        start = time.perf_counter()
        engine.submit("wait")
        answered = time.perf_counter()
        times.append((answered - start) * 1000)
        engine.flush_autosave()
        if writes is not None:
            writes.append((time.perf_counter() - answered) * 1000)
        engine.undo()  # the log stays the same length: every sample is at the same size
    return times


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    adventure = load_adventure(find_adventure("glass-oasis", bundled_root()))
    with tempfile.TemporaryDirectory(dir=Path.home()) as folder:
        for size in (100, 10_000, 99_000):
            engine = Engine.new_game(adventure, get_system("vaarn"), 7, saves=SaveStore(Path(folder), adventure))
            engine.state.log.extend(["wait"] * size)
            off = timed(engine, count)
            engine.autosave = True
            writes: list[float] = []
            on = timed(engine, count, writes)
            copies = []
            for _ in range(count):
                start = time.perf_counter()
                engine.state.copy(share_log=True)
                copies.append((time.perf_counter() - start) * 1000)
            autosave_bytes = engine.saves.run_file().stat().st_size if engine.saves else 0
            print(f"log {size:>6,}: command {statistics.median(off):6.2f} ms (p99 {sorted(off)[-max(1, count // 100)]:6.2f}); "
                  f"with autosave {statistics.median(on):6.2f} ms (p99 {sorted(on)[-max(1, count // 100)]:6.2f}); "
                  f"the write behind it {statistics.median(writes):6.2f} ms; "
                  f"autosave file {autosave_bytes / 1024:,.0f} KiB; undo snapshot {statistics.median(copies):.3f} ms")


if __name__ == "__main__":
    main()
