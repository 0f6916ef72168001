"""The subcommands behind :mod:`game.cli`, one function each, returning an exit code."""
from __future__ import annotations

import argparse
import gc
import json
import os
import random
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from game import __version__
from game.cli_args import exhausted_message, parse_dice, parse_keys, print_json
from game.deferred import deferred
from game.engine import Engine
from game.errors import ContentError, DiceExhausted, SaveError, UsageError
from game.generate.record import verify, write_record
from game.meta import format_odds
from game.paths import bundled_root, content_cache_home, old_saves_notice, saves_home
from game.repl import run_repl
from game.rules import registry
from game.rules.base import SystemInPlay
from game.rules.dice import RandomDice, ScriptedDice
from game.runs import KEPT_RUNS, drop, find_run, is_run_id, kept_runs, migrate_old_autosaves, run_line, set_aside
from game.saves import AUTOSAVE, SaveStore, continue_command, loaded_lines
from game.text import escape_controls
from game.world.cache import ContentCache
from game.world.content import Adventure
from game.world.loader import DEFAULT_ADVENTURE, bundled_adventures, check_adventure, find_adventure, load_adventure, load_despite_problems

if TYPE_CHECKING:
    from game import explain, mapping
    from game import replay as replays
    from game.authoring import report as authoring_report
    from game.authoring import schema as authoring_schema
    from game.authoring import scout as authoring_scout
    from game.authoring import simulate as authoring_simulate
    from game.authoring import stats as authoring_stats
    from game.authoring import transcript as authoring_transcript
    from game.authoring import verbs as authoring_verbs
    from game.authoring import warnings as authoring_warnings
    from game.runs import Run
    from game.saves import SaveStore
    from game.world.cache import ContentCache
    from game.world.state import WorldState
else:
    authoring_schema = deferred("game.authoring.schema")
    authoring_simulate = deferred("game.authoring.simulate")
    authoring_stats = deferred("game.authoring.stats")
    authoring_transcript = deferred("game.authoring.transcript")
    authoring_warnings = deferred("game.authoring.warnings")
    explain = deferred("game.explain")
    mapping = deferred("game.mapping")
    replays = deferred("game.replay")
    authoring_report = deferred("game.authoring.report")
    authoring_scout = deferred("game.authoring.scout")
    authoring_verbs = deferred("game.authoring.verbs")


def _load(name: str | None) -> Adventure:
    return load_adventure(find_adventure(name or DEFAULT_ADVENTURE, bundled_root()), cache=content_cache())


def content_cache() -> ContentCache:
    """The content cache of this process (``WAYFARER_CACHE`` or the user cache folder), writing in the background."""
    return ContentCache(content_cache_home(), __version__, background=True)


def _system_for(adventure: Adventure, system_id: str | None, rules: Mapping[str, Mapping[str, str]] | None = None,
                saved: Mapping[str, str] | None = None) -> SystemInPlay:
    """The system to play: the adventure's options, those the run was saved with, those given now."""
    chosen = system_id or adventure.system
    return registry.get_system(chosen, {**adventure.rules.get(chosen, {}), **(saved or {}),
                                        **(rules or {}).get(chosen, {})})


def parse_rules(given: list[str]) -> dict[str, dict[str, str]]:
    """``--rules SYSTEM.OPTION=VALUE`` (repeatable) by system; UsageError (one line) for a bad one,
    checked as an adventure's ``[adventure.rules]`` are."""
    chosen: dict[str, dict[str, str]] = {}
    for text in given:
        name, equals, value = text.partition("=")
        system_id, dot, option = name.strip().partition(".")
        if not equals or not dot or not option.strip() or not value.strip():
            raise UsageError(f"--rules {text}: give SYSTEM.OPTION=VALUE, e.g. bind.action_points=on")
        if system_id.strip() not in registry.SYSTEM_IDS:
            raise UsageError(f"--rules {text}: unknown system '{system_id}'; known: {', '.join(registry.SYSTEM_IDS)}")
        problems = registry.option_problems(system_id, {option.strip(): value.strip()})
        if problems:
            raise UsageError(f"--rules {text}: {problems[0]}")
        chosen.setdefault(system_id, {})[option.strip()] = value.strip()
    return chosen


def play(args: argparse.Namespace) -> int:
    if args.resume and args.load:
        raise UsageError("give --continue or --load, not both")
    root = _saves_folder(args.saves)
    told = migrate_old_autosaves(root)
    run = _chosen_run(root, args.resume if isinstance(args.resume, str) else args.adventure) if args.resume else None
    given = args.adventure if isinstance(args.resume, str) and args.adventure is not None else None
    named = given or (_adventure_of(run, root) if run is not None else args.adventure)
    rules = parse_rules(args.rules)
    adventure = _load(named)
    if run is not None and run.adventure_id != adventure.id:
        raise SaveError(f"run {run.run} is a run of {run.adventure_id}, not of {adventure.id}")
    system = _system_for(adventure, args.system, rules)
    store = SaveStore(root, adventure)
    store.clean_strays()
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big")
    if run is not None or args.load:
        state, notes = _resumed(store, run.run) if run is not None else store.load(args.load)
        if state.system != system.id and args.system is not None:
            what = f"run {run.run}" if run is not None else f"slot \"{args.load}\""
            raise SaveError(f"{what} was played under {state.system}, not {system.id}")
        state.rules = {**state.rules, **rules.get(state.system, {})}
        system = _system_for(adventure, state.system, saved=state.rules)
        engine = Engine(adventure, system, state, saves=store)
        engine.undo_stack = store.take_undo(state)  # an autosave's undo of the last turns (none in a slot)
        if run is None:
            engine.saved_turn = (state.turn, len(state.log))
        said = ([*notes, f"Resumed run {run.run} of {adventure.title} (turn {state.turn}, day {state.day})."]
                if run is not None else loaded_lines(args.load, notes))
        ended = engine.meta.ending_lines() if state.status != "playing" else []  # a death's question, and its UNDO
        opening = [*told, *said, *engine.look_lines(), *ended]
    else:
        engine = Engine.new_game(adventure, system, seed, saves=store)
        engine.state.rules = dict(rules.get(system.id, {}))
        opening = [f"{adventure.title} — played under {system.name} (seed {seed})", ""] + engine.opening()
        unfinished = [*told, *_unfinished_run(store)]
        if unfinished:
            opening = [*unfinished, ""] + opening
    engine.autosave = True
    engine.fixed_seed = args.seed
    gc.enable()  # paused for start-up by game.cli (the engine froze what start-up made)
    code = run_repl(engine, opening, plain=args.plain)
    try:
        write_record(engine, _adventure_dir(named or DEFAULT_ADVENTURE))  # the run record (docs/generating.md)
    except SaveError:
        pass  # a saves folder the game may not write in (said at the start): no record, the session ended well
    return code


def _chosen_run(root: Path, named: str | None) -> Run:
    """The run ``--continue`` resumes: the one numbered ``named``, else the most recent of the adventure
    ``named``, else the most recent of all; SaveError saying what there is instead."""
    if named is not None and is_run_id(named):
        found = find_run(root, named)
        if found is not None:
            return found
    if named is None:
        every = kept_runs(root)
        if not every:
            raise SaveError(f"no run to continue: there is no run kept in {_shown(root)}")
        return every[0]
    adventure = _load(named)
    mine = kept_runs(root, adventure.id)
    if not mine:
        others = [f"{r.run} ({r.adventure_id})" for r in kept_runs(root)[:5]]
        there = f"; runs there: {', '.join(others)} (wayfarer saves lists them)" if others else ""
        raise SaveError(f"no run of {adventure.id} to continue: there is no run of it kept in {_shown(root)}{there}")
    return mine[0]


def _adventure_of(run: Run, root: Path) -> str:
    """The adventure to load for a run: a bundled adventure's id, or the folder its autosave names;
    SaveError naming the runs there (and how to resume each) when neither is known."""
    bundled = bundled_adventures(bundled_root())
    if run.adventure_id in bundled:
        return run.adventure_id
    if run.folder is not None and Path(run.folder).is_dir():
        return run.folder
    where = (f"was played from {_shown(run.folder)}, which is gone" if run.folder
             else "is not bundled, and its folder is not known")
    resume = "; ".join(_resume_line(other, bundled, root) for other in kept_runs(root)[:5])
    raise SaveError(f"run {run.run}, of {run.adventure_id}, {where}. To resume a run of it, name its adventure "
                    f"folder: wayfarer FOLDER --continue; the runs kept: {resume}")


def _resume_line(run: Run, bundled: dict[str, Path], root: Path) -> str:
    """How to resume ``run``: ``--continue`` with its number (its adventure's folder when it is not bundled)."""
    if run.adventure_id in bundled or (run.folder is not None and Path(run.folder).is_dir()):
        return f"run {run.run} ({run.adventure_id}): {continue_command(root, run.run)}"
    return f"run {run.run} ({run.adventure_id}): {continue_command(root, f'FOLDER-OF-{run.adventure_id}')}"


def _resumed(store: SaveStore, run: str) -> tuple[WorldState, list[str]]:
    """The state of a run to play on; a run that no longer reads is set aside, kept, and the refusal says where."""
    store.continue_run(run)
    path = store.run_file()
    try:
        state, notes = store.load(AUTOSAVE)
    except SaveError as error:
        try:
            aside = f" It is kept aside as {_shown(set_aside(path))};"
        except OSError:
            aside = ""
        raise SaveError(f"run {run} no longer loads: {str(error).rstrip('.')}.{aside} wayfarer saves lists the other "
                        f"runs.") from None
    store.continue_run(run)  # as it stands now (an earlier session's writer may have finished since)
    return state, notes


def _unfinished_run(store: SaveStore) -> list[str]:
    """Lines telling of the adventure's most recent run when it is unfinished, or set aside as it no longer reads."""
    try:
        store.path("quicksave")  # the saves folder of the adventure must be one the game may write in
    except SaveError as error:
        return [f"Note: nothing can be saved in this saves folder ({error}); the game plays on without."]
    found = kept_runs(store.root, store.adventure.id)
    if not found:
        return []
    last = found[0]
    try:
        state = store.read(last.path)
    except SaveError as error:
        try:
            aside = f"it is kept aside as {_shown(set_aside(last.path))}"
        except OSError:
            aside = f"it is kept as it is, {_shown(last.path)}"
        return [f"Note: run {last.run} of {store.adventure.title} no longer loads ({error}); {aside}."]
    if state.status != "playing" or not state.log:
        return []
    return [f"An unfinished run of {store.adventure.title} is kept as run {last.run} (turn {state.turn}, day "
            f"{state.day}, {explain.system_name(state.system)}); {continue_command(store.root, last.run)} resumes it.",
            "This game is a new run, kept apart from it."]


def _shown(value: object) -> str:
    """A path or name fit to print: terminal controls neutralised."""
    return escape_controls(str(value))


def saves(args: argparse.Namespace) -> int:
    """``wayfarer saves``: the runs kept in the saves folder, the most recent first; ``--drop RUN`` drops runs."""
    root = _saves_folder(args.saves)
    for line in migrate_old_autosaves(root):
        print(line)
    for run in args.drop:
        if not is_run_id(run):
            raise UsageError(f"\"{_shown(run)[:40]}\" is not a run's number (wayfarer saves lists them)")
        try:
            print(f"Dropped run {run} ({_shown(drop(root, run))}).")
        except LookupError:
            raise SaveError(f"there is no run {run} in {_shown(root)} (wayfarer saves lists them)") from None
        except OSError as error:
            raise SaveError(f"run {run} could not be dropped: {error.strerror or error}") from None
    if args.drop:
        return 0
    adventure_id = _load(args.adventure).id if args.adventure else None
    found = kept_runs(root, adventure_id)
    if not found:
        print(f"No runs kept in {_shown(root)}{' of ' + adventure_id if adventure_id else ''}.")
        return 0
    print(f"Runs kept in {_shown(root)}, the most recent first ({continue_command(root, 'RUN')} resumes one; "
          f"the {KEPT_RUNS} most recent of each adventure are kept):")
    for run in found:
        print(f"  {run_line(run, explain.system_name)}")
    return 0


def _saves_folder(option: str | None) -> Path:
    """The saves home (:func:`game.paths.saves_home`); saves in an old ``./saves`` are pointed out once."""
    home = saves_home(option).path
    if option is None:
        for line in old_saves_notice(home):
            print(line, file=sys.stderr)
    return home


def check(args: argparse.Namespace) -> int:
    problems: list[str] = []
    warnings: list[str] = []
    for name in args.adventures:
        path = Path(name)
        if not path.exists():
            try:
                path = find_adventure(name, bundled_root())
            except UsageError as error:
                problems.append(f"{name}: {error}")
                continue
        found = check_adventure(path, more_checks=lambda merged, problems: [
            *authoring_stats.unreported_problems(merged, problems), *authoring_verbs.verb_problems(merged, problems)])
        problems.extend(found)
        if not found:
            warnings.extend(authoring_warnings.check_warnings(path))
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
    adventure, problems = load_despite_problems(_adventure_dir(args.adventure), authoring_stats.unreported_problems)
    if adventure is None:
        raise ContentError(problems)
    print(mapping.render_map(adventure, args.format))
    if problems:
        print("\n".join(mapping.problem_lines(problems)), file=sys.stdout if args.format == "text" else sys.stderr)
    return 1 if problems else 0


def replay(args: argparse.Namespace) -> int:
    def progress(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    if args.verify:
        ok, lines = verify(Path(args.verify), Path(args.save) if args.save else None)
    else:
        if not args.save:
            raise UsageError("replay needs a save or a log (or --verify RECORD)")
        ok, lines = replays.replay_save(Path(args.save), args.adventure, progress)
    for line in lines:
        print(line)
    return 0 if ok else 1


# -- the author's tools (game.authoring) ---------------------------------------------
def _adventure_dir(name: str) -> Path:
    return find_adventure(name, bundled_root())


def schema(args: argparse.Namespace) -> int:
    adventure = _load(args.adventure) if args.adventure else None
    print(json.dumps(authoring_schema.content_schema(adventure), indent=2))
    return 0


def test(args: argparse.Namespace) -> int:
    folder = _adventure_dir(args.adventure)
    adventure = load_adventure(folder, cache=content_cache())
    if args.system:
        registry.get_system(args.system)
    outcome = authoring_transcript.run_all(adventure, folder, files=args.file, system=args.system, all_systems=args.all_systems)
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


def capped_jobs(asked: int, cores: int | None = None) -> int:
    """``--jobs`` at most the machine's cores (more only wait for them, each a process and its memory); a note
    on standard error when cut.  0 stays 0: the simulator's own default, the cores."""
    cores = cores or os.cpu_count() or 1
    if asked <= cores:
        return asked
    print(f"wayfarer: --jobs {asked} is more than this machine's {cores} core{'s' if cores != 1 else ''}; "
          f"running {cores} jobs.", file=sys.stderr)
    return cores


def _watch(adventure: Adventure, systems: Sequence[str], seed: int, max_turns: int, explorer: bool) -> int:
    """``simulate --watch SEED``: one scripted run per system, printed as the player would see it."""
    for index, system_id in enumerate(systems):
        transcript: list[str] = []
        result = authoring_scout.play_run(adventure, system_id, seed, max_turns, explorer=explorer, transcript=transcript)
        print(("\n" if index else "") + f"# system: {system_id}\n# seed: {seed}")
        for line in transcript:
            print(line)
        verdict = {"won": "won", "dead": f"died ({result.cause})"}.get(result.outcome, "ran out of turns")
        print(f"\n# {verdict} after {result.turns} turns" + (f"; {result.beyond}" if result.beyond else ""))
    return 0


def simulate(args: argparse.Namespace) -> int:
    if args.runs < 1 or args.runs > 100_000:
        raise UsageError("--runs takes 1 to 100000")
    if args.jobs < 0:
        raise UsageError("--jobs takes 0 (the machine's cores) or more")
    jobs = capped_jobs(args.jobs)
    folder = _adventure_dir(args.adventure)
    adventure = _load(str(folder))
    if args.system:
        registry.get_system(args.system)
    systems = registry.SYSTEM_IDS if args.all_systems else (args.system or adventure.system,)
    if args.watch is not None:
        return _watch(adventure, systems, args.watch, args.max_turns, args.explorer)
    result = authoring_simulate.simulate_all(folder, adventure, systems, runs=args.runs, seed=args.seed, jobs=jobs,
                          max_turns=args.max_turns)
    if args.json:
        print_json(result)
    else:
        for line in authoring_report.format_report(result):
            print(line)
    return 0
