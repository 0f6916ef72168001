"""The command line: play, check, systems, odds, roll, map, replay.

Exit codes: 0 ok, 1 the input was judged and found wrong, 2 usage error.  No
command prints a traceback for bad input: a one-line reason instead.
"""
from __future__ import annotations

import argparse
import contextlib
import gc
import io
import os
import sys
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, NoReturn, TextIO

from game.world.collector import collector_paused

# The game's modules and classes, made by these imports, live for the run: the cyclic collector,
# left on, would walk them again and again while the rest of them loads (see game.world.collector).
with collector_paused(freeze=True):
    from game import commands, version
    from game.deferred import deferred
    from game.errors import ContentError, UsageError, WayfarerError
    from game.generate.names import SIZES, THEME_IDS
    from game.paths import content_cache_home, saves_home
    from game.text import neutralise

if TYPE_CHECKING:
    from game.generate import commands as generated
else:
    generated = deferred("game.generate.commands")

SUBCOMMANDS = ("play", "saves", "check", "systems", "odds", "roll", "map", "replay", "schema", "test", "simulate",
               "generate", "new", "daily")


class Parser(argparse.ArgumentParser):
    """argparse that reports a usage error as one line and exit code 2."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see: {self.prog} --help)")


class VersionAction(argparse.Action):
    """``--version``: the game's version (read only when asked: the metadata lookup costs start-up time)."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: object) -> None:
        super().__init__(option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS, nargs=0,
                         help="print the game's version and exit")

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: object,
                 option_string: str | None = None) -> None:
        print(f"wayfarer {version()}")
        parser.exit()


def text(value: str) -> str:
    """A non-empty option value (an empty string is a usage error, never silently ignored)."""
    if not value.strip():
        raise argparse.ArgumentTypeError("an empty value is not allowed")
    return value


def seed(value: str) -> int:
    """A seed a save can hold: a whole number from 0 to 2**63 - 1."""
    value = value.strip()
    if not (value.isascii() and value.isdecimal()) or len(value) > 19 or int(value) > 2**63 - 1:
        raise argparse.ArgumentTypeError(f"a seed is a whole number from 0 to {2**63 - 1}, not \"{value[:30]}\"")
    return int(value)


def build_parser(only: str | None = None) -> Parser:
    """The command line's parser; with ``only`` (a subcommand), that subcommand's alone.

    A run reads one subcommand, and building all ten parsers costs about 3 ms of
    every start, so :func:`_main` builds the one it was given; ``--help``
    and ``--version`` get them all.
    """
    home = saves_home()
    cache = content_cache_home()
    # Raw: a path wrapped at its hyphens could not be copied.
    saves_text = (f"Saves and command history (from {home.source}):\n  {home.path}\n"
                  "Another folder: --saves DIR, or the WAYFARER_SAVES environment variable.\n"
                  f"Checked adventures are cached in {cache if cache else '(nowhere: the cache is off)'}\n"
                  "(WAYFARER_CACHE=DIR puts the cache elsewhere, WAYFARER_CACHE=off turns it off).")
    if "%(prog)" in saves_text:  # argparse would fill it in
        saves_text = saves_text.replace("%", "%%")
    parser = Parser(prog="wayfarer", description="Solo-play text adventures resolved by tabletop rule systems.",
                    epilog=saves_text, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action=VersionAction)
    sub = parser.add_subparsers(dest="command", parser_class=Parser)
    for name in SUBCOMMANDS:
        if only is None or name == only:
            _SUBPARSERS[name](sub, saves_text)
    return parser


if TYPE_CHECKING:
    Subparsers = argparse._SubParsersAction[Parser]


def _add_play(sub: Subparsers, saves_text: str) -> None:
    play = sub.add_parser("play", help="play an adventure (the default command)", epilog=saves_text,
                          formatter_class=argparse.RawDescriptionHelpFormatter)
    play.add_argument("adventure", nargs="?", default=None, type=text,
                      help="an adventure folder or a bundled adventure's id")
    play.add_argument("--seed", type=seed, help="seed for a reproducible run")
    _play_options(play)


def _play_options(play: Parser) -> None:
    """The options of ``play`` that ``new`` and ``daily`` take too."""
    play.add_argument("--system", type=text, help="the rule system to play under (see: wayfarer systems)")
    play.add_argument("--load", metavar="SLOT", type=text, help="start from a saved slot")
    play.add_argument("--continue", dest="resume", nargs="?", const=True, default=False, metavar="RUN",
                      help="resume a run where it stopped: the run numbered RUN (wayfarer saves lists them), else "
                           "the adventure's most recent, else the most recent of all")
    play.add_argument("--saves", metavar="DIR", type=text, help="the saves folder (the one in use is named below)")
    play.add_argument("--rules", metavar="SYSTEM.OPTION=VALUE", type=text, action="append", default=[],
                      help="an optional rule of a system, over the adventure's (repeatable; "
                           "e.g. bind.action_points=on; the options: docs/rules/<system>.md)")
    play.add_argument("--plain", action="store_true",
                      help="for screen readers: no colour, no status bar or boxes, rolls as sentences "
                           "(NO_COLOR alone turns colour off)")


def _add_saves(sub: Subparsers, saves_text: str) -> None:
    saves = sub.add_parser("saves", help="list the runs kept (each resumed with --continue RUN), or drop some",
                           epilog=saves_text, formatter_class=argparse.RawDescriptionHelpFormatter)
    saves.add_argument("adventure", nargs="?", default=None, type=text, help="only this adventure's runs")
    saves.add_argument("--drop", metavar="RUN", action="append", default=[], type=text,
                       help="drop this run for good (repeatable)")
    saves.add_argument("--saves", metavar="DIR", type=text, help="the saves folder (the one in use is named below)")


def _add_check(sub: Subparsers, saves_text: str) -> None:
    check = sub.add_parser("check", help="validate adventure content")
    check.add_argument("adventures", nargs="+", type=text)


def _add_systems(sub: Subparsers, saves_text: str) -> None:
    sub.add_parser("systems", help="list the rule systems")


def _add_odds(sub: Subparsers, saves_text: str) -> None:
    odds = sub.add_parser("odds", help="exact outcome probabilities of one check")
    odds.add_argument("system")
    odds.add_argument("keys", nargs="*", metavar="KEY=VALUE")
    odds.add_argument("--json", action="store_true")


def _add_roll(sub: Subparsers, saves_text: str) -> None:
    roll = sub.add_parser("roll", help="resolve one check")
    roll.add_argument("system")
    roll.add_argument("keys", nargs="*", metavar="KEY=VALUE")
    roll.add_argument("--dice", help="scripted die faces, in the order the rules read them: 4,6,1")
    roll.add_argument("--seed", type=seed)
    roll.add_argument("--json", action="store_true")


def _add_map(sub: Subparsers, saves_text: str) -> None:
    map_ = sub.add_parser("map", help="the adventure's map")
    map_.add_argument("adventure", type=text)
    map_.add_argument("--format", choices=("text", "dot", "svg"), default="text",
                      help="text (the default), dot for Graphviz, or svg drawn without Graphviz")


def _add_replay(sub: Subparsers, saves_text: str) -> None:
    replay = sub.add_parser("replay", help="re-run a saved run and verify it ends in the same state")
    replay.add_argument("save", type=text, nargs="?", default=None)
    replay.add_argument("--verify", metavar="RECORD", type=text,
                        help="check a run record (runs/ beside the saves) against SAVE (its autosave by default)")
    replay.add_argument("--adventure", type=text, help="the adventure folder, if not bundled")


# -- the author's tools (docs/authoring.md) ------------------------------------------------------

def _add_schema(sub: Subparsers, saves_text: str) -> None:
    schema = sub.add_parser("schema", help="print a JSON Schema (draft 2020-12) of adventure content")
    schema.add_argument("adventure", nargs="?", default=None,
                        help="limit references to this adventure's ids (the general schema without one)")


def _add_test(sub: Subparsers, saves_text: str) -> None:
    test = sub.add_parser("test", help="run an adventure's transcript tests (tests/*.transcript)")
    test.add_argument("adventure")
    group = test.add_mutually_exclusive_group()
    group.add_argument("--system", help="run every transcript under this system")
    group.add_argument("--all-systems", action="store_true", help="run every transcript under all five systems")
    test.add_argument("--file", action="append", default=[], metavar="FILE", help="run this transcript (repeatable)")


def _add_simulate(sub: Subparsers, saves_text: str) -> None:
    simulate = sub.add_parser("simulate", help="play an adventure many times with a scripted player; win rates")
    simulate.add_argument("adventure")
    group = simulate.add_mutually_exclusive_group()
    group.add_argument("--system", help="simulate under this system (the adventure's default otherwise)")
    group.add_argument("--all-systems", action="store_true", help="simulate under all five systems")
    simulate.add_argument("--runs", type=int, default=40, help="runs per system (default 40)")
    simulate.add_argument("--seed", type=int, default=1, help="the first run's seed (default 1)")
    simulate.add_argument("--jobs", type=int, default=0, help="worker processes (default: the machine's cores)")
    simulate.add_argument("--max-turns", type=int, default=800, help="commands before a run counts as a timeout")
    simulate.add_argument("--json", action="store_true")
    simulate.add_argument("--watch", type=int, metavar="SEED",
                          help="print one scripted run from this seed as a transcript, instead of the figures")
    simulate.add_argument("--explorer", action="store_true",
                          help="with --watch: the run of a player who sees every room first")


def _add_generate(sub: Subparsers, saves_text: str) -> None:
    generate = sub.add_parser("generate", help="write a generated adventure, with its certificate (docs/generating.md)")
    _generator_options(generate, THEME_IDS, tuple(SIZES))
    generate.add_argument("--seed", type=seed, help="the generator's seed (a random one when left out)")
    generate.add_argument("--out", metavar="DIR", type=text, help="the folder to write (default: generated/ in the saves home)")
    generate.add_argument("--no-fair", action="store_true", help="skip the fairness step (simulate under every system)")
    generate.add_argument("--jobs", type=int, default=0, help="worker processes for the fairness step (default: the cores)")
    generate.add_argument("--survey", type=int, metavar="N", help="survey seeds 1..N instead: the generator's range")
    generate.add_argument("--json", action="store_true", help="with --survey: one JSON object")
    generate.add_argument("--walk", action="store_true", help="with --survey: play each walkthrough too")
    generate.add_argument("--fair", action="store_true", help="with --survey: measure fairness too (slow)")
    generate.add_argument("--runs", type=int, default=100, help="with --survey --fair: runs per system (default 100)")


def _generator_options(parser: Parser, themes: tuple[str, ...], sizes: tuple[str, ...]) -> None:
    parser.add_argument("--theme", choices=themes, default=themes[0], help=f"the theme (default {themes[0]})")
    parser.add_argument("--size", choices=sizes, default="medium", help="small 6-10 rooms, medium 12-25, large 30-60")


def _add_new(sub: Subparsers, saves_text: str) -> None:
    new = sub.add_parser("new", help="generate an adventure and play it at once", epilog=saves_text,
                         formatter_class=argparse.RawDescriptionHelpFormatter)
    _generator_options(new, THEME_IDS, tuple(SIZES))
    new.add_argument("--seed", dest="generator_seed", type=seed, help="the generator's seed (a random one when left out)")
    new.add_argument("--play-seed", type=seed, help="the run's own seed (dice), as play's --seed")
    _play_options(new)


def _add_daily(sub: Subparsers, saves_text: str) -> None:
    daily = sub.add_parser("daily", help="play the generated adventure of the day (the same for every player; "
                           "its first start that day certifies it, fairness included, in a few minutes)",
                           epilog=saves_text, formatter_class=argparse.RawDescriptionHelpFormatter)
    daily.add_argument("--date", metavar="YYYY-MM-DD", type=text, help="another day's adventure")
    daily.add_argument("--play-seed", type=seed, help="the run's own seed (dice), as play's --seed")
    _play_options(daily)


_SUBPARSERS = {
    "play": _add_play, "saves": _add_saves, "check": _add_check, "systems": _add_systems, "odds": _add_odds, "roll": _add_roll,
    "map": _add_map, "replay": _add_replay, "schema": _add_schema, "test": _add_test, "simulate": _add_simulate,
    "generate": _add_generate, "new": _add_new, "daily": _add_daily,
}


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``wayfarer`` script; returns the exit code.

    Streams: characters the terminal's encoding cannot show are replaced (any
    locale); standard output full or closed ends with one line on standard
    error and exit 1, a reader gone away (a broken pipe) with exit 1 quietly.
    """
    if sys.stdout is None:
        if sys.stderr is not None:
            print("wayfarer: standard output is closed", file=sys.stderr)
        return 1
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            try:
                stream.reconfigure(errors="replace")
            except (ValueError, OSError):
                pass
    try:
        with _neutralised_streams(argv):
            code = _main(argv)
            sys.stdout.flush()
        return code
    except BrokenPipeError:
        _quiet_stdout()
        return 1
    except OSError as error:
        _quiet_stdout()
        try:
            print(f"wayfarer: cannot write the output: {error.strerror or error}", file=sys.stderr)
        except (OSError, ValueError):
            pass
        return 1


class Neutralised:
    """A text stream whose writes pass :func:`game.text.neutralise`: nothing printed acts on the terminal.
    ``write_control`` writes as it is, for the one caller that means to (a progress bar's carriage return)."""

    def __init__(self, inner: TextIO) -> None:
        self.inner = inner

    def write(self, text: str) -> int:
        self.inner.write(neutralise(text))
        return len(text)

    def write_control(self, text: str) -> int:
        return self.inner.write(text)

    def flush(self) -> None:
        self.inner.flush()

    def fileno(self) -> int:
        return self.inner.fileno()

    def isatty(self) -> bool:
        return self.inner.isatty()

    def writable(self) -> bool:
        return True

    @property
    def encoding(self) -> str:
        return self.inner.encoding

    @property
    def errors(self) -> str | None:
        return self.inner.errors

    @property
    def buffer(self) -> Any:
        return self.inner.buffer


@contextlib.contextmanager
def _neutralised_streams(argv: Sequence[str] | None) -> Iterator[None]:
    """Standard error always, and standard output for every subcommand but those that play (whose terminal
    output prompt_toolkit draws, every line cleaned as adventure text is), pass :class:`Neutralised`."""
    args = list(sys.argv[1:] if argv is None else argv)
    playing = (not args or args[0] not in SUBCOMMANDS or args[0] in ("play", "new", "daily")) \
        and not {"-h", "--help", "--version"} & set(args)  # help names the saves folder: neutralised too
    saved = sys.stdout, sys.stderr
    if sys.stderr is not None:
        sys.stderr = Neutralised(sys.stderr)
    if not playing:
        sys.stdout = Neutralised(sys.stdout)
    try:
        yield
    finally:
        sys.stdout, sys.stderr = saved


def _quiet_stdout() -> None:
    """Point standard output at the null device, so Python's flush at exit cannot fail again."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


def _main(argv: Sequence[str] | None) -> int:
    args = _dice_values(list(sys.argv[1:] if argv is None else argv))
    if not args or (args[0] not in SUBCOMMANDS and args[0] not in ("-h", "--help", "--version")):
        args = ["play", *args]
    collecting = gc.isenabled()
    if args[0] in ("play", "new", "daily"):
        # Start-up makes tens of thousands of objects that all live on (modules, classes,
        # the adventure): the cyclic collector would only walk them again and again.
        # `play` switches it back on once the game is built.
        gc.disable()
    try:
        parsed = build_parser(args[0] if args[0] in SUBCOMMANDS else None).parse_args(args)
        return dispatch(parsed)
    except UsageError as error:
        print(f"wayfarer: {error}", file=sys.stderr)
        return 2
    except ContentError as error:
        for line in error.problems:
            print(line, file=sys.stderr)
        return 1
    except WayfarerError as error:
        print(f"wayfarer: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    finally:
        if collecting:
            gc.enable()
        else:
            gc.disable()


def _dice_values(args: list[str]) -> list[str]:
    """``--dice -5,0`` as ``--dice=-5,0``: argparse would read a value starting with ``-`` as an option."""
    joined: list[str] = []
    index = 0
    while index < len(args):
        if args[index] == "--dice" and index + 1 < len(args) and args[index + 1][:1] == "-" \
                and args[index + 1][1:2].isdigit():
            joined.append(f"--dice={args[index + 1]}")
            index += 2
            continue
        joined.append(args[index])
        index += 1
    return joined


def dispatch(args: argparse.Namespace) -> int:
    handlers = {
        "play": commands.play, "saves": commands.saves, "check": commands.check, "systems": commands.systems,
        "odds": commands.odds, "roll": commands.roll, "map": commands.show_map, "replay": commands.replay,
        "schema": commands.schema, "test": commands.test, "simulate": commands.simulate,
    }
    if args.command in ("generate", "new", "daily"):
        if args.command == "generate":
            return generated.generate(args)
        (generated.prepare_new if args.command == "new" else generated.prepare_daily)(args)
        return commands.play(args)
    return handlers[args.command](args)
