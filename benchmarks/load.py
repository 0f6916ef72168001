"""Loading a big adventure: the first time, and again through the content cache (PRODUCT §9).

Each measure runs in a new Python process (bytecode written, imports done before
the clock starts: also the parser and the builder, which the loader imports only
when an adventure is read from its files; ``benchmarks.startup`` counts imports),
in CPU time of that process (a loaded machine's scheduling would otherwise decide
the figure), against a baseline taken in the same round:
``tomllib`` parsing the same files with the garbage collector off, as the loader runs.
Per round, in this order:

- ``tomllib``: the baseline;
- first load: ``load_adventure`` with an empty cache folder (target 1.2x the
  baseline), and the writer thread that stores the entry meanwhile (it runs
  beside the game, which does not wait for it);
- again: ``load_adventure`` in a new process, files unchanged, the entry read
  from the cache (target 0.15x the baseline);
- the same load with the cache off, for comparison.

Prints each round's ratios and their medians.  Usage, from the checkout's root:
``python -m benchmarks.load [--rooms 10000] [--npcs 1000] [--runs 5] [--adventure FOLDER]``
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.bigworld import write_world

ROOT = Path(__file__).resolve().parent.parent


def measure(mode: str, folder: Path, cache_folder: Path | None) -> dict[str, float]:
    """One measure in this process (called in a child): seconds for ``mode``."""
    import gc
    import tomllib

    import game.world.build  # noqa: F401 - imported before the clock (see above)
    from game import __version__
    from game.world.cache import ContentCache
    from game.world.loader import load_adventure

    if mode == "tomllib":
        files = sorted(folder.glob("*.toml"))
        gc.disable()
        start = time.process_time()
        for path in files:
            tomllib.loads(path.read_text(encoding="utf-8"))
        took = time.process_time() - start
        gc.enable()
        return {"seconds": took}
    cache = ContentCache(cache_folder, __version__, background=True)
    start = time.process_time()
    load_adventure(folder, cache=cache)
    took = time.process_time() - start
    cache.wait()
    total = time.process_time() - start
    return {"seconds": took, "writer": total - took, "hits": cache.hits, "writes": cache.writes}


def in_child(mode: str, folder: Path, cache_folder: Path | None) -> dict[str, float]:
    command = [sys.executable, "-m", "benchmarks.load", "--measure", mode, str(folder),
               str(cache_folder) if cache_folder else ""]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    return dict(json.loads(done.stdout))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=10_000)
    parser.add_argument("--npcs", type=int, default=1_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--adventure", help="an adventure folder to load instead of the generated world")
    parser.add_argument("--measure", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        mode, folder, cache = args.measure
        print(json.dumps(measure(mode, Path(folder), Path(cache) if cache else None)))
        return
    subprocess.run([sys.executable, "-m", "compileall", "-q", "game", "benchmarks"], cwd=ROOT, check=True)
    with tempfile.TemporaryDirectory() as tmp:
        if args.adventure:
            folder = Path(args.adventure).resolve()
            what = str(folder)
        else:
            folder = Path(tmp) / "big"
            folder.mkdir()
            write_world(folder, args.rooms, args.npcs)
            what = f"{args.rooms} rooms, {args.rooms} items, {args.npcs} NPCs"
        size = sum(p.stat().st_size for p in folder.glob("*.toml"))
        print(f"adventure: {what} ({size / 1e6:.1f} MB of TOML); {args.runs} rounds, each measure in a new process")
        firsts, agains, offs, writers = [], [], [], []
        for run in range(args.runs):
            cache = Path(tmp) / f"cache-{run}"
            base = in_child("tomllib", folder, None)["seconds"]
            first = in_child("load", folder, cache)
            again = in_child("load", folder, cache)
            off = in_child("load", folder, None)["seconds"]
            assert first["writes"] == 1 and again["hits"] == 1, (first, again)
            firsts.append(first["seconds"] / base)
            agains.append(again["seconds"] / base)
            offs.append(off / base)
            writers.append(first["writer"] / base)
            print(f"round {run + 1}: tomllib {base * 1000:.0f} ms; first load {first['seconds'] * 1000:.0f} ms "
                  f"({firsts[-1]:.2f}x; the cache writer after it {first['writer'] * 1000:.0f} ms); "
                  f"again {again['seconds'] * 1000:.0f} ms ({agains[-1]:.3f}x); cache off {off * 1000:.0f} ms "
                  f"({offs[-1]:.2f}x)")
        print(f"medians: first load {statistics.median(firsts):.2f}x tomllib (target 1.2x); "
              f"again, unchanged files {statistics.median(agains):.3f}x (target 0.15x); "
              f"cache off {statistics.median(offs):.2f}x; the writer {statistics.median(writers):.2f}x, "
              f"beside the game")


if __name__ == "__main__":
    main()
