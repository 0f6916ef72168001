"""Start-up stays light: what the first screen does not need is imported when it is first used.

Each start runs in a fresh interpreter, which then lists ``sys.modules``: a module
named here coming back into the start-up path fails the test, with its name.
The game defers an import one way only, ``game.deferred`` (no import inside a
function), and only where that keeps a module out of the start.
No timing is asserted (``python -m benchmarks.startup`` measures the time).
"""
from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: Not needed to show the opening of the default adventure under its system (Vaarn).
NOT_AT_START = (
    "prompt_toolkit", "asyncio",             # the terminal's prompt: loaded after the opening is shown
    "difflib", "shlex", "traceback", "datetime", "termios",  # misspellings, quoting, crash reports, dates, the terminal
    "importlib.metadata",                    # --version
    "game.explain", "game.helptext", "game.oracle",                      # why/dice, help/rules, oracle
    "game.presentation", "game.completion", "game.history",              # colour, Tab and history: the terminal's
    "game.authoring", "game.mapping", "game.replay",                     # other subcommands and `map`
    "game.npc.intents", "game.npc.policies", "game.npc.view",            # NPCs acting: from the first command
    "game.actions.deeds",                                                # what NPCs and fighters do
    "game.events.fight", "game.events.world", "game.events.theft", "game.events.notes",  # events beyond rolls and prose...
    "game.narration.common", "game.systems.vaarn.narration_events",              # ...and their wording
    *(f"game.systems.vaarn.{part}" for part in ("events", "combat", "wounds", "gifts", "saves")),  # Vaarn in play
    "game.systems.vaarn.trade", "game.actions.trade", "game.actions.trade_goods", "game.actions.trade_pricing",
    "game.actions.theft", "game.rules.exact", "fractions", "decimal",   # trading, stealing, exact odds
    "game.world.toml_locate",                                            # where a problem in content is
    "tomllib", "game.world.build", "game.world.schema",  # parsing and building content: the cache holds it built
    "tomli_w", "game.parser",                   # writing a save; reading a command
    *(f"game.actions.{family}" for family in ("items", "movement", "survival", "social", "things", "senses",
                                              "idle")),  # the actions the opening does not take
    *(f"game.systems.{system}" for system in ("open_adventures", "opend6", "bind", "maelstrom")),  # the other systems
)

PIPED = """
import sys
from game.cli import main
main(["--seed", "1", "--saves", sys.argv[1]])
print("\\n".join(sorted(sys.modules)), file=sys.stderr)
"""

#: A terminal as the REPL sees one; run_terminal replaced by a probe of what is loaded when it is called.
TERMINAL = """
import io
import sys

class Terminal(io.StringIO):
    def isatty(self):
        return True

sys.stdin, sys.stdout = Terminal(), Terminal()
import game.repl

def probe(engine, opening, **options):
    print("opening written:", "Exits:" in sys.stdout.getvalue(), file=sys.stderr)
    print("\\n".join(sorted(sys.modules)), file=sys.stderr)
    return 0

game.repl.run_terminal = probe
from game.cli import main
main(["--seed", "1", "--saves", sys.argv[1]])
"""


def _start(code: str, saves: Path) -> str:
    """What a start prints on standard error, as a player's second start has it: the content cache
    (in a folder of its own, beside ``saves``) written by a first start."""
    env = {**os.environ, "WAYFARER_CACHE": str(saves / "cache")}
    for _ in range(2):
        done = subprocess.run([sys.executable, "-c", code, str(saves)], cwd=ROOT, stdin=subprocess.DEVNULL,
                              capture_output=True, text=True, timeout=60, env=env)
        assert done.returncode == 0, done.stderr
    return done.stderr


def _loaded(names: str, prefix: str) -> list[str]:
    return [m for m in names.splitlines() if m == prefix or m.startswith(prefix + ".")]


def test_the_piped_start_imports_nothing_only_some_commands_need(tmp_path: Path) -> None:
    modules = _start(PIPED, tmp_path)
    assert "game.engine" in modules.splitlines()  # the probe saw a real start
    crept_back = {name: _loaded(modules, name) for name in NOT_AT_START if _loaded(modules, name)}
    assert crept_back == {}


def test_a_terminal_shows_the_opening_before_prompt_toolkit_is_imported(tmp_path: Path) -> None:
    report = _start(TERMINAL, tmp_path)
    assert report.startswith("opening written: True")
    assert _loaded(report, "prompt_toolkit") == []


def test_the_early_opening_has_the_colours_of_the_style() -> None:
    from game.presentation import ansi_text

    fragments = [("class:roll", "[attack]"), ("", " "), ("class:success", "hit"), ("", "\n")]
    assert ansi_text(fragments, {"roll": "ansicyan", "success": "ansigreen bold"}) == \
        "\x1b[36m[attack]\x1b[0m \x1b[32;1mhit\x1b[0m\n"


def _deferred_modules() -> dict[str, str]:
    """Each module some module of the game defers (``deferred("...")``) -> a file deferring it."""
    found: dict[str, str] = {}
    for path in sorted((ROOT / "game").rglob("*.py")):
        for name in re.findall(r'= deferred\("([\w.]+)"\)', path.read_text(encoding="utf-8")):
            found.setdefault(name, str(path.relative_to(ROOT)))
    return found


def test_the_game_defers_imports_one_way_only() -> None:
    """An import inside a function is a second, hidden way to defer: there is none."""
    inside = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                inside += [f"{path.relative_to(ROOT)}:{inner.lineno}" for inner in ast.walk(node)
                           if isinstance(inner, (ast.Import, ast.ImportFrom))]
    assert inside == []


def test_every_deferred_module_stays_out_of_the_start(tmp_path: Path) -> None:
    """A deferral that the start pays for anyway saves nothing: the module belongs at the top."""
    deferred = _deferred_modules()
    assert "game.npc.policies" in deferred  # the scan found the deferrals
    loaded = set(_start(PIPED, tmp_path).splitlines())
    assert {name: where for name, where in deferred.items() if name in loaded} == {}
