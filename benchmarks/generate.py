"""Generated adventures: `generate` of a medium adventure with `check`, the whole certificate, `new`, a survey.

Targets (PRODUCT §9, against the target itself as the unit, since each is a wall-clock budget):

- `generate` of a medium adventure, `check` included: within 1 s (build, write, check; no walkthrough);
- its whole certificate (walkthrough under five systems, dead-end search, fairness with tuning) with
  `--jobs 2`: within 60 s;
- `new` to the first prompt (piped: the opening printed, generation included): within 3 s;
- the survey of 100 seeds without the fairness step: within 2 minutes.

    python -m benchmarks.generate                 # all four, seeds 1-5 (certificate: seeds 1-2)
    python -m benchmarks.generate --quick         # without the certificate and the survey
"""
from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.generate.build import build  # noqa: E402
from game.generate.certificate import check_folder, make  # noqa: E402
from game.generate.emit import render, write_folder  # noqa: E402
from game.generate.survey import survey_one  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def generate_with_check(seed: int, theme: str, scratch: Path) -> float:
    started = time.perf_counter()
    folder = scratch / f"draft-{theme}-{seed}"
    write_folder(folder, render(build(seed, theme, "medium"), None))
    assert check_folder(folder) == []
    return time.perf_counter() - started


def certificate(seed: int, theme: str, scratch: Path) -> tuple[float, str]:
    started = time.perf_counter()
    made = make(seed, theme, "medium", scratch / f"cert-{theme}-{seed}", fair=True, jobs=2)
    return time.perf_counter() - started, made.certificate.fair


def new_to_prompt(seed: int, theme: str, scratch: Path) -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "game", "new", "--seed", str(seed), "--theme", theme, "--saves",
                    str(scratch / f"saves-{seed}")], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                   check=True, cwd=ROOT, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin",
                                              "WAYFARER_CACHE": "off"})
    return time.perf_counter() - started


def survey(count: int, theme: str, scratch: Path) -> float:
    started = time.perf_counter()
    for seed in range(1, count + 1):
        survey_one(seed, theme, "medium", scratch / f"survey-{seed}", walk=False, fair=False, runs=0)
    return time.perf_counter() - started


def line(name: str, seconds: float, target: float) -> str:
    return f"{name:<44} {seconds:7.2f} s   {seconds / target:5.2f}x of the {target:g} s target"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--theme", default="salt")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="wayfarer-bench-") as name:
        scratch = Path(name)
        times = [generate_with_check(seed, args.theme, scratch) for seed in range(1, 6)]
        print(line("generate medium + check (median of 5)", statistics.median(times), 1.0))
        times = [new_to_prompt(seed, args.theme, scratch) for seed in range(1, 6)]
        print(line("new to the first prompt, piped (median of 5)", statistics.median(times), 3.0))
        print(line("new to the first prompt, piped (worst of 5)", max(times), 3.0))
        if args.quick:
            return
        for seed in (1, 2):
            seconds, fair = certificate(seed, args.theme, scratch)
            print(line(f"whole certificate, --jobs 2, seed {seed} ({fair})", seconds, 60.0))
        print(line("survey of 100 seeds, no fairness", survey(100, args.theme, scratch), 120.0))


if __name__ == "__main__":
    main()
