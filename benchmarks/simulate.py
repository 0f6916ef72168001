"""`wayfarer simulate`: runs a second with one job, and `--jobs 2` against one job (target: 1.7x).

Each measurement is a fresh `python -m game simulate ADVENTURE --all-systems`
process (worker start-up, content loading and result transfer included), one
job and two jobs alternately, and the medians compared.  Besides the wall-clock
speed-up it prints the CPU time each way (the process and its workers): on a
machine that other work loads, the wall-clock figure understates the speed-up,
while the CPU per run shows what running in parallel costs on top of the runs.
The outputs of every `--jobs` are checked to be byte-identical.

As wall-clock time means little on a loaded machine, the same simulation is also
run in a fresh process with each worker's CPU time recorded: the estimate for
two idle cores is the parent's own CPU time plus half the workers' (the
critical path when they finish together), against the CPU time of one job.

    python -m benchmarks.simulate                   # glass-oasis, 40 runs a system, 3 rounds
    python -m benchmarks.simulate --adventure halcyon-drift --runs 40 --rounds 5
"""
from __future__ import annotations

import argparse
import compileall
import io
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.authoring import simulate  # noqa: E402
from game.rules.registry import SYSTEM_IDS  # noqa: E402
from game.world.loader import load_adventure  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
#: As an installed game runs: with its bytecode cached.
ENV = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run(adventure: Path, runs: int, jobs: int) -> tuple[float, float, bytes]:
    """Wall seconds, CPU seconds (the process and its workers) and the output of one simulation."""
    command = [sys.executable, "-m", "game", "simulate", str(adventure), "--all-systems",
               "--runs", str(runs), "--seed", "1", "--jobs", str(jobs), "--json"]
    cpu = _children_cpu()
    start = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, env=ENV, stdin=subprocess.DEVNULL, capture_output=True, check=True)
    return time.perf_counter() - start, _children_cpu() - cpu, done.stdout


def _record_cpu(task: tuple[str, int, int]) -> object:
    """The simulation's task function, noting this worker's CPU time so far in its own file."""
    result = _PLAIN_ONE(task)
    Path(_CPU_FOLDER[0], str(os.getpid())).write_text(str(time.process_time()))
    return result


_PLAIN_ONE = simulate._one
_CPU_FOLDER: list[str] = []


def probe(folder: Path, runs: int, jobs: int) -> None:
    """In a fresh process: print the CPU seconds of the simulation: with one job, this
    process's; with more, the critical path on idle cores, the parent's CPU time plus the
    workers' shared evenly (runs are handed out one at a time, so on idle cores the
    workers finish within one run of each other; on a loaded one, the CPU each got says
    more about the other work than about the split)."""
    adventure = load_adventure(folder)
    simulate._one = _record_cpu  # type: ignore[assignment]  # forked workers inherit the wrapper
    with tempfile.TemporaryDirectory(prefix="wayfarer-simulate-bench-") as cpu_folder:
        _CPU_FOLDER.append(cpu_folder)
        start = time.process_time()
        simulate.simulate_all(folder, adventure, SYSTEM_IDS, runs=runs, seed=1, jobs=jobs, progress=io.StringIO())
        spent = time.process_time() - start
        workers = [float(path.read_text()) for path in Path(cpu_folder).iterdir()]
    print(f"parent {spent:.3f} s, workers {', '.join(f'{cpu:.3f}' for cpu in workers)} s", file=sys.stderr)
    print(spent + sum(workers) / jobs)


def critical_path(folder: Path, runs: int, jobs: int) -> float:
    command = [sys.executable, "-m", "benchmarks.simulate", "--adventure", str(folder), "--runs", str(runs),
               "--probe", str(jobs)]
    done = subprocess.run(command, cwd=ROOT, env=ENV, capture_output=True, text=True, check=True)
    return float(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--adventure", default="glass-oasis", help="a bundled adventure's id or a folder")
    parser.add_argument("--runs", type=int, default=40, help="runs per system (all five systems)")
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds of one and two jobs (medians)")
    parser.add_argument("--probe", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    folder = Path(args.adventure) if Path(args.adventure).is_dir() else ROOT / "content" / args.adventure
    if args.probe:
        probe(folder, args.runs, args.probe)
        return
    compileall.compile_dir(ROOT / "game", quiet=1)
    tasks = 5 * args.runs
    walls: dict[int, list[float]] = {1: [], 2: []}
    cpus: dict[int, list[float]] = {1: [], 2: []}
    outputs: set[bytes] = set()
    for _ in range(args.rounds):
        for jobs in (1, 2):
            wall, cpu, output = run(folder, args.runs, jobs)
            walls[jobs].append(wall)
            cpus[jobs].append(cpu)
            outputs.add(output)
    one, two = statistics.median(walls[1]), statistics.median(walls[2])
    cpu_one, cpu_two = statistics.median(cpus[1]), statistics.median(cpus[2])
    print(f"{folder.name}: {tasks} runs (5 systems x {args.runs}), medians of {args.rounds} rounds; "
          f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    print(f"  one job:  {one:.2f} s wall, {tasks / one:.1f} runs/s; CPU {cpu_one:.2f} s "
          f"({cpu_one / tasks * 1000:.1f} ms a run)")
    print(f"  two jobs: {two:.2f} s wall, {tasks / two:.1f} runs/s; CPU {cpu_two:.2f} s "
          f"({cpu_two / tasks * 1000:.1f} ms a run)")
    print(f"  --jobs 2 speed-up: {one / two:.2f}x wall (target 1.7x); CPU two jobs / one job {cpu_two / cpu_one:.2f}x")
    print(f"  output byte-identical across --jobs: {'yes' if len(outputs) == 1 else 'NO'}")
    one_cpu = statistics.median(critical_path(folder, args.runs, 1) for _ in range(args.rounds))
    path_cpu = statistics.median(critical_path(folder, args.runs, 2) for _ in range(args.rounds))
    print(f"  CPU time of the simulation in a fresh process (medians of {args.rounds}): one job {one_cpu:.2f} s; "
          f"two jobs' critical path {path_cpu:.2f} s: {one_cpu / path_cpu:.2f}x on two idle cores")


if __name__ == "__main__":
    main()
