"""``wayfarer generate``, ``new`` and ``daily`` (the handlers the command line dispatches to)."""
from __future__ import annotations

import argparse
import datetime
import hashlib
import json
import os
import shutil
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.commands import capped_jobs
from game.errors import UsageError
from game.explain import system_name
from game.generate.certificate import make, read_certificate
from game.generate.emit import generated_home
from game.generate.model import GENERATOR_VERSION, SIZES, adventure_id
from game.generate.summary import summary
from game.generate.survey import run_survey
from game.generate.themes import theme_ids


def _seed(value: int | None) -> int:
    return value if value is not None else int.from_bytes(os.urandom(4), "big")


def _check(theme: str, size: str) -> None:
    if theme not in theme_ids():
        raise UsageError(f"no theme \"{theme}\"; themes: {', '.join(theme_ids())}")
    if size not in SIZES:
        raise UsageError(f"no size \"{size}\"; sizes: {', '.join(SIZES)}")


def generate(args: argparse.Namespace) -> int:
    if args.survey is not None:
        return run_survey(args)
    _check(args.theme, args.size)
    if args.jobs < 0:
        raise UsageError("--jobs takes 0 (the machine's cores) or more")
    args.jobs = capped_jobs(args.jobs)
    seed = _seed(args.seed)
    if args.out:
        folder = Path(args.out)
        made = make(seed, args.theme, args.size, folder, fair=not args.no_fair, jobs=args.jobs)
    else:
        home = generated_home(None)
        building = home / f".building-{args.theme}-{args.size}-{seed}"
        made = make(seed, args.theme, args.size, building, fair=not args.no_fair, jobs=args.jobs)
        folder = home / made.blueprint.adventure_id
        if folder.exists():
            shutil.rmtree(folder)
        building.rename(folder)
    for line in summary(made.blueprint, made.certificate, str(folder)):
        print(line)
    return 0 if made.certificate.holds() else 1


def _ready(seed: int, theme: str, size: str, saves: str | None) -> tuple[Path, dict[str, Any]]:
    """The folder of the seed's draft (what ``new`` plays) and its certificate, written now unless this generator
    version wrote it already.  The draft is checked and searched for dead ends (both well under a second); its
    walkthrough (up to a few seconds on a loaded machine) and fairness (a minute) are ``generate``'s to show,
    so ``new`` reaches its first prompt within the three seconds it is allowed."""
    folder = generated_home(saves) / adventure_id(theme, size, seed)
    certificate = read_certificate(folder)
    if certificate is None or certificate.get("version") != GENERATOR_VERSION:
        made = make(seed, theme, size, folder, fair=False, walk=False)
        if made.certificate.problems or made.certificate.dead_ends:
            raise UsageError(f"seed {seed} gives an adventure that fails its check ({folder}); "
                             f"wayfarer generate --seed {seed} --theme {theme} --size {size} shows why")
        certificate = read_certificate(folder) or {}
    return folder, certificate


def prepare_new(args: argparse.Namespace) -> None:
    """``new``: generate (or find) the adventure, say what is proven of it, and make ``args`` those of ``play``."""
    _check(args.theme, args.size)
    seed = _seed(args.generator_seed)
    folder, certificate = _ready(seed, args.theme, args.size, args.saves)
    if not (args.resume or args.load):
        command = f"wayfarer generate --seed {seed} --theme {args.theme} --size {args.size}"
        for line in proven_lines(certificate, command):
            print(line)
    _as_play(args, folder)


def proven_lines(certificate: dict[str, Any], command: str) -> list[str]:
    """What the certificate of the adventure about to be played proves, and how to get what it lacks."""
    walked = certificate.get("walkthrough") == "passed"
    lines = ["Proven before play: it checks clean, and no move can lose the goal "
             f"({certificate.get('states', 0)} puzzle states searched)"
             + ("; its walkthrough wins under all five systems." if walked else ".")]
    fairness = certificate.get("fairness") or {}
    if fairness:
        verdict = "fair" if certificate.get("fair") == "fair" else "outside the 40-90% wanted"
        runs = certificate.get("runs") or 100
        lines.append(f"A scripted player wins, in {runs} runs under each system ({verdict}):")
        lines.append("  " + ", ".join(f"{_short(s)} {round(float(r) * 100)}%" for s, r in fairness.items()) + ".")
    else:
        lines.append("Not measured yet: " + ("" if walked else "the walkthrough under all five systems, and ")
                     + "how often a scripted player wins under each.")
        lines.append(f"  {command} measures both and tunes the foes (about a minute).")
    return [*lines, ""]


def _short(system: str) -> str:
    return str(system_name(system))


def daily_seed(date: datetime.date) -> tuple[int, str]:
    """The generator seed and theme of ``date``'s adventure: from the date and the generator version alone."""
    digest = hashlib.sha256(f"wayfarer daily {date.isoformat()} {GENERATOR_VERSION}".encode()).hexdigest()
    themes = theme_ids()
    return int(digest[:8], 16), themes[date.toordinal() % len(themes)]


#: The runs a system the daily's fairness step simulates (as ``generate``'s).
DAILY_RUNS = 100


def prepare_daily(args: argparse.Namespace) -> None:
    """``daily``: the day's adventure with its full certificate (fairness tuned as ``generate`` does), made once
    per date and generator version and kept under the saves home, so every later start is instant."""
    try:
        date = datetime.date.fromisoformat(args.date) if args.date else datetime.date.today()
    except ValueError:
        raise UsageError(f"--date takes YYYY-MM-DD, not \"{args.date}\"") from None
    folder, certificate = daily_folder(date, args.saves)
    if not (args.resume or args.load):
        seed, theme = daily_seed(date)
        print(f"The adventure of {date.isoformat()} (generator {GENERATOR_VERSION}, theme {theme}, seed {seed}).")
        for line in proven_lines(certificate, f"wayfarer generate --seed {seed} --theme {theme}"):
            print(line)
    _as_play(args, folder)


def daily_folder(date: datetime.date, saves: str | None) -> tuple[Path, dict[str, Any]]:
    """The folder and certificate of ``date``'s adventure: from the index ``generated/daily/DATE-VERSION.json``
    when an earlier start made it, else made now (the full certificate, progress on a terminal) and indexed."""
    home = generated_home(saves)
    index = home / "daily" / f"{date.isoformat()}-{GENERATOR_VERSION}.json"
    try:
        kept = json.loads(index.read_text(encoding="utf-8"))
        folder = home / str(kept["folder"])
        certificate = read_certificate(folder)
        if certificate is not None and certificate.get("version") == GENERATOR_VERSION:
            return folder, certificate
    except (OSError, ValueError, KeyError, TypeError):
        pass
    seed, theme = daily_seed(date)
    building = home / f".building-daily-{date.isoformat()}"
    if building.exists():
        shutil.rmtree(building)  # a start interrupted while it was certifying
    made = make(seed, theme, "medium", building, jobs=capped_jobs(0), runs=DAILY_RUNS, progress=terminal_progress())
    if made.certificate.problems or made.certificate.dead_ends or made.certificate.walkthrough != "passed":
        raise UsageError(f"the adventure of {date.isoformat()} fails its certificate ({building}); "
                         f"wayfarer generate --seed {seed} --theme {theme} shows why")
    folder = home / made.blueprint.adventure_id
    if folder.exists():
        shutil.rmtree(folder)
    building.rename(folder)
    index.parent.mkdir(parents=True, exist_ok=True)
    index.write_text(json.dumps({"folder": folder.name, "seed": seed, "theme": theme}) + "\n", encoding="utf-8")
    return folder, read_certificate(folder) or {}


def terminal_progress() -> Callable[[str], None] | None:
    """A progress line on standard error, rewritten in place, when it is a terminal (None: say nothing)."""
    if not sys.stderr.isatty():
        return None

    def say(what: str) -> None:
        sys.stderr.write(f"\r\033[Kmaking the day's adventure: {what}" if what else "\r\033[K")
        sys.stderr.flush()
    return say


def _as_play(args: argparse.Namespace, folder: Path) -> None:
    args.adventure = str(folder)
    args.seed = args.play_seed
