"""The subcommands behind :mod:`game.cli`, one function each, returning an exit code."""
from __future__ import annotations

import argparse
import gc
import json
import os
import random
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from game import __version__
from game.cli_args import exhausted_message, parse_dice, parse_keys, print_json
from game.errors import ContentError, DiceExhausted, SaveError, UsageError
from game.paths import bundled_root, content_cache_home, old_saves_notice, saves_home
from game.rules import registry
from game.rules.base import SystemInPlay
from game.rules.dice import RandomDice, ScriptedDice
from game.world.content import Adventure

if TYPE_CHECKING:
    from game.saves import AutosavedRun, SaveStore
    from game.world.cache import ContentCache
    from game.world.state import WorldState


def _load(name: str | None) -> Adventure:
    from game.world.loader import DEFAULT_ADVENTURE, find_adventure, load_adventure

    return load_adventure(find_adventure(name or DEFAULT_ADVENTURE, bundled_root()), cache=content_cache())


def content_cache() -> ContentCache:
    """The content cache of this process (``WAYFARER_CACHE`` or the user cache folder), writing in the background."""
    from game.world.cache import ContentCache

    return ContentCache(content_cache_home(), __version__, background=True)


def _system_for(adventure: Adventure, system_id: str | None) -> SystemInPlay:
    chosen = system_id or adventure.system
    return registry.get_system(chosen, adventure.rules.get(chosen, {}))


def play(args: argparse.Namespace) -> int:
    from game.engine import Engine
    from game.repl import run_repl
    from game.saves import AUTOSAVE, SaveStore, loaded_lines

    if args.resume and args.load:
        raise UsageError("give --continue or --load, not both")
    root = _saves_folder(args.saves)
    named = args.adventure
    if args.resume and named is None:
        named = _last_run(root)  # --continue alone: the most recent run in the saves folder
    adventure = _load(named)
    system = _system_for(adventure, args.system)
    store = SaveStore(root, adventure)
    store.clean_strays()
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big")
    slot = AUTOSAVE if args.resume else args.load
    if slot:
        state, notes = _load_slot(store, slot, args.resume)
        if state.system != system.id and args.system is None:
            system = _system_for(adventure, state.system)
        elif state.system != system.id:
            raise SaveError(f"slot \"{slot}\" was played under {state.system}, not {system.id}")
        engine = Engine(adventure, system, state, saves=store)
        if not args.resume:
            engine.saved_turn = (state.turn, len(state.log))
        said = ([*notes, f"Resumed your last run of {adventure.title} (turn {state.turn}, day {state.day})."]
                if args.resume else loaded_lines(slot, notes))
        opening = said + engine.look_lines()
    else:
        engine = Engine.new_game(adventure, system, seed, saves=store)
        opening = [f"{adventure.title} — played under {system.name} (seed {seed})", ""] + engine.opening()
        unfinished = _unfinished_run(store)
        if unfinished:
            store.keep_previous_autosave = True
            opening = [*unfinished, ""] + opening
    engine.autosave = True
    engine.fixed_seed = args.seed
    gc.enable()  # paused for start-up by game.cli (the engine froze what start-up made)
    code = run_repl(engine, opening, plain=args.plain)
    from game.generate.record import write_record
    from game.world.loader import DEFAULT_ADVENTURE

    write_record(engine, _adventure_dir(named or DEFAULT_ADVENTURE))  # the run record (docs/generating.md)
    return code


def _last_run(root: Path) -> str:
    """The adventure of the most recent autosave in the saves folder: a bundled adventure's id, or the
    folder the autosave names; SaveError naming the runs there (and how to resume each) when neither is known."""
    from game.saves import autosaved_runs
    from game.world.loader import bundled_adventures

    runs = autosaved_runs(root)
    if not runs:
        raise SaveError(f"no run to continue: there is no autosave in {root}")
    bundled = bundled_adventures(bundled_root())
    last = runs[0]
    if last.adventure_id in bundled:
        return last.adventure_id
    if last.folder is not None and Path(last.folder).is_dir():
        return last.folder
    where = f"was played from {last.folder}, which is gone" if last.folder else "is not bundled, and its folder is not known"
    resume = "; ".join(_resume_line(run, bundled, root) for run in runs[:5])
    raise SaveError(f"the last run in {root}, of {last.adventure_id}, {where}. To resume a run, name its adventure: "
                    f"{resume}")


def _resume_line(run: AutosavedRun, bundled: dict[str, Path], root: Path) -> str:
    """How to resume ``run``: ``--continue`` with its bundled id or its folder (a placeholder when not known)."""
    from game.saves import continue_command

    if run.adventure_id in bundled:
        target = run.adventure_id
    elif run.folder is not None and Path(run.folder).is_dir():
        target = run.folder
    else:
        target = f"FOLDER-OF-{run.adventure_id}"
    return f"{run.adventure_id}: {continue_command(root, target)}"


def _load_slot(store: SaveStore, slot: str, resume: bool) -> tuple[WorldState, list[str]]:
    """The state to start from; ``--continue`` without an autosave says so, naming the folder and the runs there."""
    from game.saves import AUTOSAVE, autosaved_runs, continue_command

    if resume and not store.path(AUTOSAVE).exists():
        others = [run.adventure_id for run in autosaved_runs(store.root)]
        there = (f"; runs there: {', '.join(others[:5])} ({continue_command(store.root)} resumes the most recent)"
                 if others else "")
        raise SaveError(f"no run of {store.adventure.id} to continue: there is no autosave in {store.folder}{there}")
    return store.load(slot)


def _unfinished_run(store: SaveStore) -> list[str]:
    """Lines telling of an unfinished run in the autosave (none if there is none, or it ended)."""
    from game.saves import AUTOSAVE, PREVIOUS_AUTOSAVE

    path = store.path(AUTOSAVE)
    if not path.is_file():
        return []
    try:
        state = store.read(path)
    except SaveError:
        return []
    if state.status != "playing" or not state.log:
        return []
    from game.explain import system_name

    return [f"An unfinished run of {store.adventure.title} is in the autosave (turn {state.turn}, day {state.day}, "
            f"{system_name(state.system)}). To resume it: quit and run  wayfarer --continue {store.adventure.id}",
            f"If you play on, it is kept as slot \"{PREVIOUS_AUTOSAVE}\" (load {PREVIOUS_AUTOSAVE})."]


def _saves_folder(option: str | None) -> Path:
    """The saves home (:func:`game.paths.saves_home`); saves in an old ``./saves`` are pointed out once."""
    home = saves_home(option).path
    if option is None:
        for line in old_saves_notice(home):
            print(line, file=sys.stderr)
    return home


def check(args: argparse.Namespace) -> int:
    from game.authoring.stats import unreported_problems
    from game.authoring.warnings import check_warnings
    from game.world.loader import check_adventure

    problems: list[str] = []
    warnings: list[str] = []
    for name in args.adventures:
        path = Path(name)
        if not path.exists():
            from game.world.loader import find_adventure

            try:
                path = find_adventure(name, bundled_root())
            except UsageError as error:
                problems.append(f"{name}: {error}")
                continue
        found = check_adventure(path, more_checks=unreported_problems)
        problems.extend(found)
        if not found:
            warnings.extend(check_warnings(path))
    for line in problems + warnings:
        print(line)
    if problems:
        print(f"{len(problems)} problem{'s' if len(problems) != 1 else ''} found.")
        return 1
    noted = f" ({len(warnings)} warning{'s' if len(warnings) != 1 else ''})" if warnings else ""
    print(f"OK: {', '.join(args.adventures)}{noted}")
    return 0


def systems(args: argparse.Namespace) -> int:
    for system_id in registry.SYSTEM_IDS:
        info = registry.info(system_id)
        print(f"{info.id:<16} {info.summary}")
    return 0


def odds(args: argparse.Namespace) -> int:
    system = registry.get_system(args.system)
    request = system.parse_request(parse_keys(args.keys))
    result = system.odds(request)
    if args.json:
        print_json(result.to_json())
        return 0
    from game.meta import format_odds

    for line in format_odds(" ".join(args.keys) or "the default check", result):
        print(line)
    print("Distribution:")
    for key, p in result.distribution.items():
        print(f"  {key:>6}: {float(p):.6f}")
    return 0


def roll(args: argparse.Namespace) -> int:
    system = registry.get_system(args.system)
    request = system.parse_request(parse_keys(args.keys))
    if args.dice is not None:
        if args.seed is not None:
            raise UsageError("give --dice or --seed, not both")
        faces = parse_dice(args.dice)
        scripted = ScriptedDice(faces)
        try:
            result = system.roll(request, scripted)
        except DiceExhausted as error:
            raise UsageError(exhausted_message(system.id, error, len(faces))) from None
        if scripted.unused:
            raise UsageError(f"this {system.id} roll needs exactly {len(scripted.faces)} dice faces; --dice gave {len(faces)}")
    else:
        seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big")
        result = system.roll(request, RandomDice(random.Random(seed)))
    if args.json:
        print_json(result.to_json())
    else:
        print(result.text)
    return 0


def show_map(args: argparse.Namespace) -> int:
    """The map, drawn even when ``check`` finds problems (it may show why a room cannot be reached):
    they follow a text map, marked ``!``, or go to standard error beside DOT and SVG (exit 1)."""
    from game.authoring.stats import unreported_problems
    from game.mapping import problem_lines, render_map
    from game.world.loader import load_despite_problems

    adventure, problems = load_despite_problems(_adventure_dir(args.adventure), unreported_problems)
    if adventure is None:
        raise ContentError(problems)
    print(render_map(adventure, args.format))
    if problems:
        print("\n".join(problem_lines(problems)), file=sys.stdout if args.format == "text" else sys.stderr)
    return 1 if problems else 0


def replay(args: argparse.Namespace) -> int:
    from game.replay import replay_save

    def progress(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    if args.verify:
        from game.generate.record import verify

        ok, lines = verify(Path(args.verify), Path(args.save) if args.save else None)
    else:
        if not args.save:
            raise UsageError("replay needs a save or a log (or --verify RECORD)")
        ok, lines = replay_save(Path(args.save), args.adventure, progress)
    for line in lines:
        print(line)
    return 0 if ok else 1


# -- the author's tools (game.authoring) ---------------------------------------------
def _adventure_dir(name: str) -> Path:
    from game.world.loader import find_adventure

    return find_adventure(name, bundled_root())


def schema(args: argparse.Namespace) -> int:
    from game.authoring.schema import content_schema

    adventure = _load(args.adventure) if args.adventure else None
    print(json.dumps(content_schema(adventure), indent=2))
    return 0


def test(args: argparse.Namespace) -> int:
    from game.authoring.transcript import run_all
    from game.world.loader import load_adventure

    folder = _adventure_dir(args.adventure)
    adventure = load_adventure(folder, cache=content_cache())
    if args.system:
        registry.get_system(args.system)
    outcome = run_all(adventure, folder, files=args.file, system=args.system, all_systems=args.all_systems)
    for failure in outcome.failures:
        for line in failure.lines():
            print(line)
    summary = (f"{outcome.runs} transcript run{'s' if outcome.runs != 1 else ''}, {_count(outcome.commands, 'command')}, "
               f"{_count(outcome.checks, 'check')}")
    if outcome.failures:
        print(f"{summary}: {len(outcome.failures)} failed.")
        return 1
    print(f"{summary}: all passed.")
    return 0


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


def simulate(args: argparse.Namespace) -> int:
    from game.authoring.report import format_report
    from game.authoring.simulate import simulate_all

    if args.runs < 1 or args.runs > 100_000:
        raise UsageError("--runs takes 1 to 100000")
    if args.jobs < 0:
        raise UsageError("--jobs takes 0 (the machine's cores) or more")
    folder = _adventure_dir(args.adventure)
    adventure = _load(str(folder))
    if args.system:
        registry.get_system(args.system)
    systems = registry.SYSTEM_IDS if args.all_systems else (args.system or adventure.system,)
    result = simulate_all(folder, adventure, systems, runs=args.runs, seed=args.seed, jobs=args.jobs,
                          max_turns=args.max_turns)
    if args.json:
        print_json(result)
    else:
        for line in format_report(result):
            print(line)
    return 0
