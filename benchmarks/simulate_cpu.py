"""CPU per simulated run, against the game alone replaying the very same commands (the baseline).

A run of `wayfarer simulate` is the game answering the scripted player's commands
plus the scripted player working out what to type.  Here each run is played in
this process (CPU time, no worker start-up), then its command log is replayed on a
fresh engine from the same seed, as `wayfarer replay` does: the game's own share.
The ratio of the two says what the scripted player adds on top of the game, on any
machine; the CPU per run and the commands per run say what a simulation costs
(most of a run's CPU is the game's, so fewer commands a run is the larger saving:
a run that times out plays 800).

    python -m benchmarks.simulate_cpu                    # glass-oasis and generated salt 3, 40 runs a system
    python -m benchmarks.simulate_cpu --runs 100 --adventure halcyon-drift
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.authoring.scout import Scout  # noqa: E402
from game.engine import Engine  # noqa: E402
from game.generate.build import build  # noqa: E402
from game.generate.emit import render, write_folder  # noqa: E402
from game.rules.registry import SYSTEM_IDS, get_system  # noqa: E402
from game.world.content import Adventure  # noqa: E402
from game.world.loader import load_adventure  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def scripted(adventure: Adventure, system_id: str, seed: int) -> tuple[float, list[str]]:
    """CPU seconds of one scripted run, and the commands it logged."""
    started = time.process_time()
    engine = Engine.new_game(adventure, get_system(system_id, adventure.rules.get(system_id, {})), seed)
    Scout(engine, seed, 800).play()
    return time.process_time() - started, list(engine.state.log)


def replayed(adventure: Adventure, system_id: str, seed: int, log: list[str]) -> float:
    """CPU seconds of the game alone answering ``log`` from the same seed."""
    started = time.process_time()
    engine = Engine.new_game(adventure, get_system(system_id, adventure.rules.get(system_id, {})), seed)
    engine.opening()
    for command in log:
        engine.submit(command)
    return time.process_time() - started


def measure(name: str, adventure: Adventure, runs: int) -> None:
    scout_cpu = game_cpu = 0.0
    commands = 0
    for system_id in SYSTEM_IDS:
        for seed in range(1, runs + 1):
            spent, log = scripted(adventure, system_id, seed)
            scout_cpu += spent
            commands += len(log)
            game_cpu += replayed(adventure, system_id, seed, log)
    count = len(SYSTEM_IDS) * runs
    print(f"{name}: {count} runs (5 systems x {runs})")
    print(f"  a scripted run: {scout_cpu / count * 1000:.1f} ms CPU, {commands / count:.0f} commands "
          f"({scout_cpu / max(commands, 1) * 1000:.2f} ms a command)")
    print(f"  the game alone replaying them: {game_cpu / count * 1000:.1f} ms CPU a run")
    print(f"  scripted / replayed: {scout_cpu / game_cpu:.2f}x (the scripted player's own share "
          f"{1 - game_cpu / scout_cpu:.0%})")


def generated(scratch: Path, seed: int) -> Adventure:
    """The generator's medium salt adventure of ``seed`` (no certificate), loaded."""
    folder = scratch / f"salt-{seed}"
    write_folder(folder, render(build(seed, "salt", "medium"), None))
    return load_adventure(folder)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--adventure", action="append", help="a bundled adventure's id or a folder (repeatable)")
    parser.add_argument("--runs", type=int, default=40, help="runs per system")
    parser.add_argument("--generated", type=int, default=3, help="the generated salt seed measured (0: none)")
    args = parser.parse_args()
    for name in args.adventure or ["glass-oasis"]:
        folder = Path(name) if Path(name).is_dir() else ROOT / "content" / name
        measure(folder.name, load_adventure(folder), args.runs)
    if args.generated:
        with tempfile.TemporaryDirectory(prefix="wayfarer-simulate-cpu-") as scratch:
            measure(f"generated salt {args.generated}", generated(Path(scratch), args.generated), args.runs)


if __name__ == "__main__":
    main()
