"""The subcommands behind :mod:`game.cli`, one function each, returning an exit code."""
from __future__ import annotations

import argparse
import os
import random
from pathlib import Path

from game.cli_args import exhausted_message, parse_dice, parse_keys, print_json
from game.errors import DiceExhausted, SaveError, UsageError
from game.rules import registry
from game.rules.base import RuleSystem
from game.rules.dice import RandomDice, ScriptedDice
from game.world.content import Adventure


def _load(name: str | None) -> Adventure:
    from game.paths import bundled_root
    from game.world.loader import DEFAULT_ADVENTURE, find_adventure, load_adventure

    return load_adventure(find_adventure(name or DEFAULT_ADVENTURE, bundled_root()))


def _system_for(adventure: Adventure, system_id: str | None) -> RuleSystem:
    chosen = system_id or adventure.system
    return registry.get_system(chosen, adventure.rules.get(chosen, {}))


def play(args: argparse.Namespace) -> int:
    from game.engine import Engine
    from game.repl import run_repl
    from game.saves import SaveStore

    adventure = _load(args.adventure)
    system = _system_for(adventure, args.system)
    store = SaveStore(_saves_folder(args.saves), adventure)
    store.clean_strays()
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big")
    if args.load:
        state, notes = store.load(args.load)
        if state.system != system.id and args.system is None:
            system = _system_for(adventure, state.system)
        elif state.system != system.id:
            raise SaveError(f"slot \"{args.load}\" was played under {state.system}, not {system.id}")
        engine = Engine(adventure, system, state, saves=store)
        opening = [*notes, f"Loaded slot \"{args.load}\"."] + engine.look_lines()
    else:
        engine = Engine.new_game(adventure, system, seed, saves=store)
        opening = [f"{adventure.title} — played under {system.name} (seed {seed})", ""] + engine.opening()
    engine.fixed_seed = args.seed
    return run_repl(engine, opening, plain=args.plain)


def _saves_folder(option: str | None) -> Path:
    """The saves home (:func:`game.paths.saves_home`); saves in an old ``./saves`` are pointed out once."""
    import sys

    from game.paths import old_saves_notice, saves_home

    home = saves_home(option).path
    if option is None:
        for line in old_saves_notice(home):
            print(line, file=sys.stderr)
    return home


def check(args: argparse.Namespace) -> int:
    from game.world.loader import check_adventure

    problems: list[str] = []
    for name in args.adventures:
        path = Path(name)
        if not path.exists():
            from game.paths import bundled_root
            from game.world.loader import find_adventure

            try:
                path = find_adventure(name, bundled_root())
            except UsageError as error:
                problems.append(f"{name}: {error}")
                continue
        problems.extend(check_adventure(path))
    for line in problems:
        print(line)
    if problems:
        print(f"{len(problems)} problem{'s' if len(problems) != 1 else ''} found.")
        return 1
    print(f"OK: {', '.join(args.adventures)}")
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
    from game.mapping import render_map

    adventure = _load(args.adventure)
    print(render_map(adventure, args.format))
    return 0


def replay(args: argparse.Namespace) -> int:
    from game.replay import replay_save

    ok, lines = replay_save(Path(args.save), args.adventure)
    for line in lines:
        print(line)
    return 0 if ok else 1
