"""The command line (PRODUCT §3): play, check, systems, odds, roll, map, replay.

Exit codes: 0 ok, 1 the input was judged and found wrong, 2 usage error.  No
command prints a traceback for bad input: a one-line reason instead.
"""
from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from game.errors import ContentError, UsageError, WayfarerError

SUBCOMMANDS = ("play", "check", "systems", "odds", "roll", "map", "replay")


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
        from game import version

        print(f"wayfarer {version()}")
        parser.exit()


def build_parser() -> Parser:
    from game.paths import saves_home

    home = saves_home()
    # Raw: a path wrapped at its hyphens could not be copied.
    saves_text = (f"Saves and command history (from {home.source}):\n  {home.path}\n"
                  "Another folder: --saves DIR, or the WAYFARER_SAVES environment variable.")
    if "%(prog)" in saves_text:  # argparse would fill it in
        saves_text = saves_text.replace("%", "%%")
    raw = argparse.RawDescriptionHelpFormatter
    parser = Parser(prog="wayfarer", description="Solo-play text adventures resolved by tabletop rule systems.",
                    epilog=saves_text, formatter_class=raw)
    parser.add_argument("--version", action=VersionAction)
    sub = parser.add_subparsers(dest="command", parser_class=Parser)

    play = sub.add_parser("play", help="play an adventure (the default command)", epilog=saves_text, formatter_class=raw)
    play.add_argument("adventure", nargs="?", default=None, help="an adventure folder or a bundled adventure's id")
    play.add_argument("--system", help="the rule system to play under (see: wayfarer systems)")
    play.add_argument("--seed", type=int, help="seed for a reproducible run")
    play.add_argument("--load", metavar="SLOT", help="start from a saved slot")
    play.add_argument("--saves", metavar="DIR", help="the saves folder (the one in use is named below)")
    play.add_argument("--plain", action="store_true",
                      help="for screen readers: no colour, no status bar or boxes, rolls as sentences "
                           "(NO_COLOR alone turns colour off)")

    check = sub.add_parser("check", help="validate adventure content")
    check.add_argument("adventures", nargs="+")

    sub.add_parser("systems", help="list the rule systems")

    odds = sub.add_parser("odds", help="exact outcome probabilities of one check")
    odds.add_argument("system")
    odds.add_argument("keys", nargs="*", metavar="KEY=VALUE")
    odds.add_argument("--json", action="store_true")

    roll = sub.add_parser("roll", help="resolve one check")
    roll.add_argument("system")
    roll.add_argument("keys", nargs="*", metavar="KEY=VALUE")
    roll.add_argument("--dice", help="scripted die faces, in the order the rules read them: 4,6,1")
    roll.add_argument("--seed", type=int)
    roll.add_argument("--json", action="store_true")

    map_ = sub.add_parser("map", help="the adventure's map")
    map_.add_argument("adventure")
    map_.add_argument("--format", choices=("text", "dot"), default="text")

    replay = sub.add_parser("replay", help="re-run a saved run and verify it ends in the same state")
    replay.add_argument("save")
    replay.add_argument("--adventure", help="the adventure folder, if not bundled")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``wayfarer`` script; returns the exit code."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or (args[0] not in SUBCOMMANDS and args[0] not in ("-h", "--help", "--version")):
        args = ["play", *args]
    try:
        parsed = build_parser().parse_args(args)
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
    except BrokenPipeError:
        # The reader went away (`wayfarer map | head`): say nothing more.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def dispatch(args: argparse.Namespace) -> int:
    from game import commands

    handlers = {
        "play": commands.play, "check": commands.check, "systems": commands.systems,
        "odds": commands.odds, "roll": commands.roll, "map": commands.show_map, "replay": commands.replay,
    }
    return handlers[args.command](args)
