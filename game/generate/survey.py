"""``wayfarer generate --survey N``: the generator's expressive range over seeds 1..N.

Per seed: rooms, steps to the goal (the chain's locks and the goal) and moves
on the shortest win, branching (things to do that change the puzzle's state,
on average over its states), revisits on the shortest win, dead ends, whether
``check`` is clean, the generation time; with ``--walk`` the walkthrough too,
with ``--fair`` the win rate per system.  Over the seeds: the share of room
description sentences that two seeds have in common, mean and worst pair (the
themes keep every pair under a quarter).  Progress goes to standard error on a terminal only.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from game.errors import UsageError
from game.generate.certificate import make
from game.generate.deadends import search
from game.generate.themes import theme_ids


def sentences(blueprint: Any) -> set[str]:
    """The sentences of every room description of one adventure."""
    found: set[str] = set()
    for room in blueprint.rooms.values():
        for part in room.description.replace("? ", ". ").replace("! ", ". ").split(". "):
            if part.strip():
                found.add(part.strip().rstrip("."))
    return found


def survey_one(seed: int, theme: str, size: str, folder: Path, *, walk: bool, fair: bool, runs: int) -> dict[str, Any]:
    started = time.perf_counter()
    made = make(seed, theme, size, folder, fair=fair, walk=walk or fair, runs=runs)
    cert = made.certificate
    found = search(made.blueprint)
    row: dict[str, Any] = {
        "seed": seed, "rooms": len(made.blueprint.rooms), "steps": len(made.blueprint.locks) + 1,
        "shortest_moves": found.shortest, "branching": found.branching, "revisits": found.revisits,
        "states": found.states, "dead_ends": found.dead_ends, "check_clean": cert.clean,
        "seconds": round(time.perf_counter() - started, 3), "generate_seconds": cert.seconds.get("generate", 0.0),
        "goal": made.blueprint.goal_kind,
    }
    if walk or fair:
        row["walkthrough"] = cert.walkthrough.split(":")[0]
        row["danger"] = cert.danger
    if fair:
        row["win_rates"] = cert.fairness
        row["fair"] = cert.fair.split(":")[0]
    row["_sentences"] = sentences(made.blueprint)
    return row


def run_survey(args: argparse.Namespace) -> int:
    if args.theme not in theme_ids():
        raise UsageError(f"no theme \"{args.theme}\"; themes: {', '.join(theme_ids())}")
    if args.survey < 1 or args.survey > 10_000:
        raise UsageError("--survey takes 1 to 10000")
    if not 1 <= args.runs <= 100_000:
        raise UsageError("--runs takes 1 to 100000")
    rows = []
    tty = sys.stderr.isatty()
    with tempfile.TemporaryDirectory(prefix="wayfarer-survey-") as scratch:
        for seed in range(1, args.survey + 1):
            if tty:
                sys.stderr.write(f"\rsurvey: seed {seed}/{args.survey}")
                sys.stderr.flush()
            rows.append(survey_one(seed, args.theme, args.size, Path(scratch) / str(seed), walk=args.walk,
                                   fair=args.fair, runs=args.runs))
    if tty:
        sys.stderr.write("\r" + " " * 40 + "\r")
    report = summarise(rows, args.theme, args.size)
    if args.json:
        print(json.dumps(report))
    else:
        for line in format_survey(report):
            print(line)
    return 0


#: Each seed's sentences are compared with those of the next WINDOW seeds: every pair for a survey of up to
#: WINDOW + 1 seeds, and a bounded cost for a larger one.
WINDOW = 200


def _overlap(a: set[str], b: set[str]) -> float:
    """The share of sentences two adventures have in common, of the smaller one's."""
    return len(a & b) / max(1, min(len(a), len(b)))


def shared_sentences(texts: list[set[str]]) -> dict[str, Any]:
    """Mean and worst share of sentences over the pairs of adventures (within :data:`WINDOW` seeds), and the
    worst pair's seeds (1-based: the survey's seeds)."""
    worst, pair, total, count = 0.0, [0, 0], 0.0, 0
    for i, first in enumerate(texts):
        for j in range(i + 1, min(len(texts), i + 1 + WINDOW)):
            share = _overlap(first, texts[j])
            total, count = total + share, count + 1
            if share > worst:
                worst, pair = share, [i + 1, j + 1]
    return {"mean": round(total / count, 3) if count else 0.0, "max": round(worst, 3), "worst_pair": pair,
            "pairs": count}


def summarise(rows: list[dict[str, Any]], theme: str, size: str) -> dict[str, Any]:
    shared = shared_sentences([row["_sentences"] for row in rows])
    every = [s for row in rows for s in row["_sentences"]]
    for row in rows:
        del row["_sentences"]

    def spread(key: str) -> dict[str, float]:
        values = [float(r[key]) for r in rows]
        return {"min": min(values), "median": statistics.median(values), "max": max(values)}

    report: dict[str, Any] = {
        "theme": theme, "size": size, "seeds": len(rows),
        "rooms": spread("rooms"), "steps": spread("steps"), "shortest_moves": spread("shortest_moves"),
        "branching": spread("branching"), "revisits": spread("revisits"), "seconds": spread("seconds"),
        "check_clean": sum(1 for r in rows if r["check_clean"]),
        "dead_ends": sum(1 for r in rows if r["dead_ends"]),
        "goals": {g: sum(1 for r in rows if r["goal"] == g) for g in ("reach", "bring", "defeat")},
        "sentences": {"distinct": len(set(every)), "total": len(every), "shared_by_a_pair": shared},
        "per_seed": rows,
    }
    if rows and "walkthrough" in rows[0]:
        report["walkthrough_passed"] = sum(1 for r in rows if r["walkthrough"] == "passed")
    if rows and "win_rates" in rows[0]:
        systems = list(rows[0]["win_rates"])
        report["fair"] = sum(1 for r in rows if r["fair"] == "fair")
        report["win_rate"] = {s: {"min": min(r["win_rates"].get(s, 0.0) for r in rows),
                                  "median": statistics.median(r["win_rates"].get(s, 0.0) for r in rows),
                                  "max": max(r["win_rates"].get(s, 0.0) for r in rows)} for s in systems}
    return report


def format_survey(report: dict[str, Any]) -> list[str]:
    def line(name: str, key: str) -> str:
        figures = report[key]
        return f"  {name:<28} min {figures['min']:g}, median {figures['median']:g}, max {figures['max']:g}"

    seeds = report["seeds"]
    shared = report["sentences"]["shared_by_a_pair"]
    worst = f" (seeds {shared['worst_pair'][0]} and {shared['worst_pair'][1]})" if shared["pairs"] else ""
    lines = [f"Survey of {seeds} seeds, theme {report['theme']}, size {report['size']}:",
             line("rooms", "rooms"), line("steps to the goal", "steps"), line("moves on the shortest win", "shortest_moves"),
             line("branching (things to do)", "branching"), line("revisits on the shortest win", "revisits"),
             line("seconds per seed", "seconds"),
             f"  goals: {', '.join(f'{g} {n}' for g, n in report['goals'].items())}",
             f"  check clean: {report['check_clean']} of {seeds}; with a dead end: {report['dead_ends']}",
             f"  sentences: {report['sentences']['distinct']} distinct of {report['sentences']['total']}; shared by two "
             f"seeds: mean {round(shared['mean'] * 100)}%, worst pair {round(shared['max'] * 100)}%{worst}"]
    if "walkthrough_passed" in report:
        lines.append(f"  walkthrough passed (test --all-systems): {report['walkthrough_passed']} of {seeds}")
    if "win_rate" in report:
        lines.append(f"  fair under all five systems: {report['fair']} of {seeds}")
        for system, figures in report["win_rate"].items():
            lines.append(f"    {system:<16} win rate min {round(figures['min'] * 100)}%, "
                         f"median {round(figures['median'] * 100)}%, max {round(figures['max'] * 100)}%")
    return lines
