"""Golden transcripts: whole runs played through the player's entry point, compared line by line.

Each ``tests/golden/*.txt`` starts with header lines::

    # adventure: glass-oasis
    # system: vaarn
    # seed: 1
    # expect: won

followed by exactly what ``wayfarer ADVENTURE --system S --seed N < commands``
prints, each command echoed as ``> command``.  The test replays the commands
and asserts the same output and the expected ending (``won``, ``dead`` or
``playing``).  To re-record after an intended change, run
``WAYFARER_REGOLD=1 pytest tests/test_golden.py`` and read the diff.
"""
from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

from game.engine import Engine
from game.paths import bundled_root
from game.repl import run_plain
from game.rules.registry import get_system
from game.world.loader import find_adventure, load_adventure

GOLDEN = Path(__file__).parent / "golden"


def parse_golden(text: str) -> tuple[dict[str, str], list[str]]:
    """The header fields and the commands of a transcript."""
    header: dict[str, str] = {}
    commands: list[str] = []
    for line in text.splitlines():
        if line.startswith("# ") and ":" in line and not commands:
            key, _, value = line[2:].partition(":")
            header[key.strip()] = value.strip()
        elif line.startswith("> "):
            commands.append(line[2:])
        elif line == ">":
            commands.append("")
    return header, commands


def play_transcript(header: dict[str, str], commands: list[str]) -> tuple[str, Engine]:
    adventure = load_adventure(find_adventure(header["adventure"], bundled_root()))
    system_id = header.get("system", adventure.system)
    system = get_system(system_id, adventure.rules.get(system_id, {}))
    engine = Engine.new_game(adventure, system, int(header["seed"]))
    out = io.StringIO()
    opening = [f"{adventure.title} — played under {system.name} (seed {header['seed']})", ""] + engine.opening()
    run_plain(engine, opening, io.StringIO("".join(f"{c}\n" for c in commands)), out)
    head = "".join(f"# {key}: {value}\n" for key, value in header.items())
    return head + out.getvalue(), engine


@pytest.mark.parametrize("path", sorted(GOLDEN.glob("*.txt")), ids=lambda p: p.stem)
def test_golden_transcript(path: Path) -> None:
    expected = path.read_text(encoding="utf-8")
    header, commands = parse_golden(expected)
    actual, engine = play_transcript(header, commands)
    if os.environ.get("WAYFARER_REGOLD"):
        path.write_text(actual, encoding="utf-8")
        expected = actual
    assert engine.state.status == header.get("expect", "playing")
    assert actual.splitlines() == expected.splitlines()
