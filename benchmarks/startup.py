"""Start-up time: `wayfarer` to its first reply, against `python -c pass` (issue 18: within 2x).

Both are run as fresh processes, alternately, and the medians compared.  The game
reads an empty standard input, so it prints the opening and stops: the time
measured is start-up to the first reply, piped (to the process's exit, as for
`python -c pass`).  In a pseudo-terminal the time to the first prompt is compared
with `python -c "import prompt_toolkit"` (target 1.3x); the time until the
opening is on the screen is shown beside it.  Bytecode is written first and each
command runs once untimed, as an installed game has it (and any cache of the
content is written); the runs are interleaved, and the piped start's CPU time is
given too (steadier than wall time when other work loads the machine).  POSIX only
(a pseudo-terminal, ``resource``).  Note that `python -c pass` includes whatever the
``.pth`` files of this Python's site-packages import (``python -X importtime -c pass``
shows it): modules they load are then free for the game too, so the ratio depends on
the environment, not only on the game.  ``--python`` measures another interpreter
with the game installed in it, e.g. a fresh virtual environment as ``pipx install .``
makes one (``python -m venv /tmp/v && /tmp/v/bin/pip install .``): both sides then run
that interpreter, from a temporary folder so that ``-m game`` finds the installed
game rather than this checkout.

    python benchmarks/startup.py [--runs N] [--python PATH]
"""
from __future__ import annotations

import compileall
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RUNS = 15


#: As an installed game runs: with its bytecode cached (some shells set PYTHONDONTWRITEBYTECODE).
ENV = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
#: The interpreter measured (``--python``) and the commands run with it, set by :func:`use_python`.
PASS: list[str] = []
TOOLKIT: list[str] = []
GAME: list[str] = []
#: Where the commands run: the checkout (so that ``-m game`` is this copy), or with ``--python``
#: a folder holding no ``game`` package (so that it is the one installed in that interpreter).
WORKDIR = str(Path(__file__).resolve().parent.parent)


def use_python(python: str) -> None:
    """Measure ``python`` (this one, or another with the game installed) on both sides."""
    global WORKDIR
    if python != sys.executable:
        WORKDIR = tempfile.mkdtemp(prefix="wayfarer-bench-")
    PASS[:] = [python, "-c", "pass"]
    TOOLKIT[:] = [python, "-c", "import prompt_toolkit"]
    GAME[:] = [python, "-m", "game", "--seed", "1", "--saves", "/tmp/wayfarer-bench-saves"]


def timed(command: list[str]) -> tuple[float, float]:
    """Wall-clock and CPU seconds (user + system) of one run of ``command``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, check=True, env=ENV, cwd=WORKDIR)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=RUNS, help="runs of each (medians reported)")
    parser.add_argument("--python", default=sys.executable,
                        help="the interpreter to measure, with the game installed (default: this one)")
    options = parser.parse_args()
    runs = options.runs
    use_python(options.python)
    print(f"interpreter: {options.python}")
    compileall.compile_dir(Path(__file__).resolve().parent.parent / "game", quiet=1)
    for command in (TOOLKIT, PASS, GAME):
        timed(command)  # bytecode (and any content cache) written, as a player's second start finds them
    terminal_start()
    baseline, game, toolkit, starts = [], [], [], []
    for _ in range(runs):  # interleaved, so a change in the machine's load falls on every figure alike
        toolkit.append(timed(TOOLKIT))
        baseline.append(timed(PASS))
        game.append(timed(GAME))
        starts.append(terminal_start())
    base, ours, kit = (statistics.median(wall for wall, _ in runs_) for runs_ in (baseline, game, toolkit))
    base_cpu, ours_cpu = (statistics.median(cpu for _, cpu in runs_) for runs_ in (baseline, game))
    print(f"python -c pass: {base * 1000:.1f} ms; python -c 'import prompt_toolkit': {kit * 1000:.1f} ms "
          f"(medians of {runs})")
    print(f"wayfarer to first reply, piped: {ours * 1000:.1f} ms (median of {runs}); "
          f"ratio {ours / base:.2f}x python -c pass (target: within 2x)")
    print(f"  in CPU time (steadier on a loaded machine): {ours_cpu * 1000:.1f} ms vs {base_cpu * 1000:.1f} ms, "
          f"{ours_cpu / base_cpu:.2f}x")
    opening = statistics.median(shown for shown, _ in starts)
    terminal = statistics.median(prompt for _, prompt in starts)
    print(f"wayfarer to first prompt in a terminal (prompt_toolkit): {terminal * 1000:.1f} ms; "
          f"ratio {terminal / kit:.2f}x import prompt_toolkit (target 1.3x), {terminal / base:.2f}x python -c pass")
    print(f"  its opening on the screen: {opening * 1000:.1f} ms, {opening / base:.2f}x python -c pass "
          f"(median of {runs})")


def terminal_start() -> tuple[float, float]:
    """Seconds from spawning the game in a pseudo-terminal until its opening, and its prompt, show."""
    import pexpect

    start = time.perf_counter()
    child = pexpect.spawn(GAME[0], GAME[1:], env=ENV, encoding="utf-8", timeout=30, dimensions=(40, 100),
                          cwd=WORKDIR)
    child.expect("Exits:")
    opening = time.perf_counter() - start
    child.expect(r">(\x08| )")
    prompt = time.perf_counter() - start
    child.terminate(force=True)
    return opening, prompt


if __name__ == "__main__":
    main()
