"""The certificate of one generated adventure, and the generator's loop that earns it.

For every adventure it writes, the generator shows, in process (no subprocess):

1. ``check`` finds no error and no warning (:func:`game.world.loader.check_adventure`,
   :func:`game.authoring.warnings.check_warnings`);
2. the walkthrough it played passes ``test --all-systems`` (:func:`game.authoring.transcript.run_all`);
3. the dead-end search (:mod:`game.generate.deadends`) finds no state from which the goal is lost;
4. fair: ``simulate --all-systems --runs 100`` wins 40-90% under each system
   (:func:`game.authoring.simulate.simulate_all`), the danger dial turned (foes' tiers, their
   number, food) until it holds, or the certificate says it could not.

The walkthrough itself is a test of fairness's floor: a danger at which some
system loses every walkthrough seed is turned down before anything is written.
"""
from __future__ import annotations

import io
import json
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from game.authoring.simulate import simulate_all
from game.authoring.stats import unreported_problems
from game.authoring.transcript import run_all
from game.authoring.warnings import check_warnings
from game.generate.build import DANGER_RANGE, build
from game.generate.deadends import search
from game.generate.emit import adventure_tables, render, room_ids, write_folder
from game.generate.model import GENERATOR_VERSION, SHIFTABLE, Blueprint
from game.generate.walkthrough import WalkthroughError, walkthrough
from game.rules.registry import SYSTEM_IDS
from game.world.loader import check_adventure, load_adventure

FAIR = (0.4, 0.9)
RUNS = 100
CERTIFICATE_FILE = "certificate.json"


@dataclass
class Certificate:
    version: str = GENERATOR_VERSION
    problems: list[str] = field(default_factory=list)  # check's errors and warnings
    walkthrough: str = "not run"  # passed | failed: ... | not run
    walkthrough_seed: int = 0
    states: int = 0
    dead_ends: int = -1
    shortest: int = -1
    fairness: dict[str, float] = field(default_factory=dict)  # system -> win rate
    runs: int = 0  # the runs a system the win rates are of
    fair: str = "not measured"  # fair | unfair: ... | not measured
    danger: int = 0
    shifts: dict[str, int] = field(default_factory=dict)
    tuning: list[str] = field(default_factory=list)
    seconds: dict[str, float] = field(default_factory=dict)

    @property
    def clean(self) -> bool:
        return not self.problems

    def holds(self) -> bool:
        return self.clean and self.walkthrough == "passed" and self.dead_ends == 0 and self.fair in ("fair", "not measured")


@dataclass
class Generated:
    blueprint: Blueprint
    folder: Path
    certificate: Certificate


def _systems() -> tuple[str, ...]:
    return SYSTEM_IDS


def make(seed: int, theme: str, size: str, folder: Path, *, fair: bool = True, walk: bool = True,
         jobs: int = 0, runs: int = RUNS, progress: Callable[[str], None] | None = None) -> Generated:
    """Generate, write to ``folder`` and certify one adventure.

    Without ``fair`` this is the seed's draft (danger 0), the adventure ``new`` and ``daily`` play.  With it,
    the fairness step tunes in two phases, each step's adventure walked again (a step whose walkthrough
    fails is not taken): the danger dial (foes' number and tiers, for every system) while most systems miss
    the band the same way; then, for each system still outside it, that system's own stat tables a tier up
    (over 90%) or down (under 40%) at a time, the other systems' foes untouched.
    The adventure kept is the one nearest the band; its id says how it was tuned.  ``progress`` is told
    each phase as it begins ("" when all is done).
    """
    tell = progress or (lambda _what: None)
    tell("checking and walking the chain under five systems")
    made = _draft(seed, theme, size, 0, {}, folder, walk=walk)
    tuning: list[str] = []
    for easier in (-1, -2):  # a walkthrough lost under every seed tried: the dial down (the boss a tier less)
        if not (walk and made.certificate.walkthrough.startswith("failed")):
            break
        tuning.append(f"danger {easier}: the walkthrough lost under some system at danger {easier + 1}")
        made = _draft(seed, theme, size, easier, {}, folder, walk=walk)
    if not fair or not made.certificate.clean or made.certificate.walkthrough.startswith("failed"):
        tell("")
        return _finish(made, folder, tuning)
    tell(f"fairness, {runs} runs under each of five systems")
    _measure(made, folder, runs, jobs)
    best = made
    written = made  # the draft whose files are in the folder now
    danger, shifts = made.certificate.danger, dict[str, int]()
    dial_done = False  # the danger dial stops at its first step that does not help; the systems' tables go on
    for _ in range(MAX_STEPS):
        rates = best.certificate.fairness
        if _miss(rates) == 0:
            break
        step = _next_step(rates, danger, shifts, dial_done)
        if step is None:
            break
        next_danger, next_shifts, why = step
        tell(f"tuning ({why}), {runs} runs under each of five systems")
        if _same(best.blueprint, build(seed, theme, size, next_danger, next_shifts)):
            tuning.append(f"{why}: changes no foe; not taken")
            taken = False
        else:
            candidate = written = _draft(seed, theme, size, next_danger, next_shifts, folder, walk=walk)
            taken = candidate.certificate.clean and not candidate.certificate.walkthrough.startswith("failed")
            if not taken:
                tuning.append(f"{why}: the walkthrough lost under some system; not taken")
        if taken:
            _measure(candidate, folder, runs, jobs)
            taken = _miss(candidate.certificate.fairness) < _miss(rates)
            tuning.append(f"{why}: {_rates(candidate.certificate.fairness)}" + ("" if taken else "; not taken"))
        if taken:
            best, danger, shifts = candidate, next_danger, next_shifts
        elif next_danger != danger and not dial_done:
            dial_done = True
        else:
            break
    if best is not written:
        fairness, seconds = best.certificate.fairness, best.certificate.seconds
        best = _draft(seed, theme, size, danger, shifts, folder, walk=walk)
        best.certificate.fairness, best.certificate.seconds["fairness"] = fairness, seconds.get("fairness", 0.0)
        best.certificate.runs = runs
    cert = best.certificate
    miss = _miss(cert.fairness)
    cert.fair = "fair" if miss == 0 else f"unfair: win rates {_rates(cert.fairness)} (40-90% wanted)"
    tell("")
    return _finish(best, folder, tuning)


MAX_STEPS = 6


def _same(one: Blueprint, other: Blueprint) -> bool:
    """Whether two settings write the same adventure but for its id (a step that changes no foe is not measured:
    the dial may have nothing left to turn, a tier may be the table's last)."""
    first, second = adventure_tables(one), adventure_tables(other)
    for tables in (first, second):
        tables["adventure.toml"] = {**tables["adventure.toml"],
                                    "adventure": {**tables["adventure.toml"]["adventure"], "id": ""}}
    return first == second


#: How many tiers the fairness step may move one system's foes: down (BIND and Maelstrom have a row below
#: tier 1) or up.
SHIFT_RANGE = (-2, 3)


def _next_step(rates: dict[str, float], danger: int, shifts: dict[str, int],
               dial_done: bool) -> tuple[int, dict[str, int], str] | None:
    """The next setting to try; None when none is left.

    The danger dial (every system at once) only while most systems miss the band the same way; otherwise each
    system that misses gets its own tables a tier up (over 90%) or down (under 40%), the others untouched."""
    low = [s for s, r in rates.items() if r < FAIR[0]]
    high = [s for s, r in rates.items() if r > FAIR[1]]
    most = len(rates) // 2 + 1
    if not dial_done and len(low) >= most and danger > DANGER_RANGE[0]:
        return danger - 1, shifts, f"danger {danger - 1}"
    if not dial_done and len(high) >= most and not low and danger < DANGER_RANGE[1]:
        return danger + 1, shifts, f"danger {danger + 1}"
    changed = dict(shifts)
    for system in SHIFTABLE:
        rate, now = rates.get(system, 0.5), changed.get(system, 0)
        if rate > FAIR[1] and now < SHIFT_RANGE[1]:
            changed[system] = now + 1
        elif rate < FAIR[0] and now > SHIFT_RANGE[0]:
            changed[system] = now - 1
    changed = {s: n for s, n in changed.items() if n}
    if changed == {s: n for s, n in shifts.items() if n}:
        return None
    told = ", ".join(f"{s} {'+' if n >= 0 else ''}{n} tier" for s, n in changed.items())
    return danger, changed, f"own tables: {told or 'none'}"


def _measure(made: Generated, folder: Path, runs: int, jobs: int) -> None:
    started = time.perf_counter()
    made.certificate.fairness = _fairness(folder, runs, jobs)
    made.certificate.runs = runs
    made.certificate.seconds["fairness"] = round(time.perf_counter() - started, 2)


def _finish(made: Generated, folder: Path, tuning: list[str]) -> Generated:
    made.certificate.tuning = tuning
    (folder / CERTIFICATE_FILE).write_text(json.dumps(asdict(made.certificate), indent=1, sort_keys=True) + "\n",
                                           encoding="utf-8")
    return made


def _rates(fairness: dict[str, float]) -> str:
    return ", ".join(f"{s} {round(r * 100)}%" for s, r in fairness.items())


def _miss(fairness: dict[str, float]) -> float:
    return sum(max(0.0, FAIR[0] - r) + max(0.0, r - FAIR[1]) for r in fairness.values())


def _draft(seed: int, theme: str, size: str, danger: int, shifts: dict[str, int], folder: Path, *,
           walk: bool) -> Generated:
    """Build, write, check, walk and search one draft at ``danger`` with ``shifts``."""
    seconds: dict[str, float] = {}
    started = time.perf_counter()
    blueprint = build(seed, theme, size, danger, shifts)
    files = render(blueprint, None)
    write_folder(folder, files)
    seconds["generate"] = round(time.perf_counter() - started, 3)
    cert = Certificate(danger=danger, shifts=dict(shifts), seconds=seconds)
    cert.problems = check_folder(folder)
    seconds["check"] = round(time.perf_counter() - started - seconds["generate"], 3)
    lap = time.perf_counter()
    found = search(blueprint)
    cert.states, cert.dead_ends, cert.shortest = found.states, found.dead_ends, found.shortest
    seconds["dead_ends"] = round(time.perf_counter() - lap, 3)
    if walk and cert.clean:
        lap = time.perf_counter()
        adventure = load_adventure(folder)
        try:
            text, cert.walkthrough_seed = walkthrough(adventure, blueprint, room_ids(blueprint), _systems())
        except WalkthroughError as error:
            cert.walkthrough = f"failed: {error}"
        else:
            write_folder(folder, render(blueprint, text))
            cert.walkthrough = _replay(folder)
        seconds["walkthrough"] = round(time.perf_counter() - lap, 3)
    return Generated(blueprint, folder, cert)


def check_folder(folder: Path) -> list[str]:
    """``wayfarer check``'s errors, then its warnings, for ``folder`` (empty: clean)."""
    problems = check_adventure(folder, more_checks=unreported_problems)
    return problems or check_warnings(folder)


def _replay(folder: Path) -> str:
    """``test --all-systems`` on the written walkthrough: passed, or failed with the first failure."""
    outcome = run_all(load_adventure(folder), folder, all_systems=True)
    if not outcome.failures:
        return "passed"
    return "failed: " + " / ".join(outcome.failures[0].lines()[:3])


def _fairness(folder: Path, runs: int, jobs: int) -> dict[str, float]:
    adventure = load_adventure(folder)
    report: dict[str, Any] = simulate_all(folder, adventure, _systems(), runs=runs, seed=1, jobs=jobs,
                                          progress=io.StringIO(), explore=False)  # win rates only
    return {s: float(figures["win_rate"]) for s, figures in report["systems"].items()}


def read_certificate(folder: Path) -> dict[str, Any] | None:
    """The certificate written beside an adventure, or None when there is none that parses."""
    try:
        data = json.loads((folder / CERTIFICATE_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None
