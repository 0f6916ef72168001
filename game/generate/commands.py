"""``wayfarer generate``, ``new`` and ``daily`` (the handlers the command line dispatches to)."""
from __future__ import annotations

import argparse
import datetime
import hashlib
import os
import shutil
from pathlib import Path

from game.commands import capped_jobs
from game.errors import UsageError
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


def _ready(seed: int, theme: str, size: str, saves: str | None) -> Path:
    """The folder of the seed's draft (what ``new`` and ``daily`` play), written now unless this generator
    version wrote it already.  The draft is checked and searched for dead ends (both in well under a
    second); its walkthrough and fairness are ``generate``'s to show."""
    folder = generated_home(saves) / adventure_id(theme, size, seed)
    certificate = read_certificate(folder)
    if certificate is None or certificate.get("version") != GENERATOR_VERSION:
        made = make(seed, theme, size, folder, fair=False, walk=False)
        if made.certificate.problems or made.certificate.dead_ends:
            raise UsageError(f"seed {seed} gives an adventure that fails its check ({folder}); "
                             f"wayfarer generate --seed {seed} --theme {theme} --size {size} shows why")
    return folder


def prepare_new(args: argparse.Namespace) -> None:
    """``new``: generate (or find) the adventure, and make ``args`` those of ``play`` for it."""
    _check(args.theme, args.size)
    seed = _seed(args.generator_seed)
    _as_play(args, _ready(seed, args.theme, args.size, args.saves))


def daily_seed(date: datetime.date) -> tuple[int, str]:
    """The generator seed and theme of ``date``'s adventure: from the date and the generator version alone."""
    digest = hashlib.sha256(f"wayfarer daily {date.isoformat()} {GENERATOR_VERSION}".encode()).hexdigest()
    themes = theme_ids()
    return int(digest[:8], 16), themes[date.toordinal() % len(themes)]


def prepare_daily(args: argparse.Namespace) -> None:
    """``daily``: generate (or find) the day's adventure, and make ``args`` those of ``play`` for it."""
    try:
        date = datetime.date.fromisoformat(args.date) if args.date else datetime.date.today()
    except ValueError:
        raise UsageError(f"--date takes YYYY-MM-DD, not \"{args.date}\"") from None
    seed, theme = daily_seed(date)
    _as_play(args, _ready(seed, theme, "medium", args.saves))


def _as_play(args: argparse.Namespace, folder: Path) -> None:
    args.adventure = str(folder)
    args.seed = args.play_seed
