"""Terminal safety: no control or escape character from content or echoed input reaches the output.

An adventure is generated with ESC/CSI/OSC sequences, the single-byte CSI
(``\\x9b``) and other C1 controls, bidi overrides and isolates, zero-width and
other format characters, line separators and BEL/BS/CR/DEL in every text it
has (names, aliases, descriptions, talk, topics, intro, title, goal text) and
played under every rule system through ``run_plain`` with hostile commands
echoed; ``wayfarer map``, ``check`` and ``play`` print it too.  Nothing
printed may hold a character of category Cc, Cf, Cs, Zl or Zp but newline and
tab.  The loader removes such characters from content text; the output layer
removes them again (tested on its own with content injected past the loader).
"""
from __future__ import annotations

import dataclasses
import io
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import main
from game.engine import Engine
from game.repl import emit, run_plain
from game.rules.registry import SYSTEM_IDS, get_system
from game.saves import SaveStore
from game.text import CONTROL
from game.world.loader import load_adventure
from tests.robustness.fuzz import hostile_lines
from tests.robustness.helpers import forbidden_characters

#: TOML escapes and raw characters a hostile author may write in strings.
NASTY = ("\\u001b[2J\\u001b[H", "\\u001b]0;owned\\u0007", "\\u001b]8;;http://evil\\u001b\\\\", "\\u009b31m", "\x9b6n",
         "\x85", "\\u0007", "\\b", "\\r", "\\u007f", "\u202e", "\\u202d", "\u2066", "\\u2069", "\u200b", "\\ufeff",
         "\\u2028", "\\u2029", "\\U000e0041", "\\u0000", "\\u061c", "\\u00ad")
DIRTY = "".join(NASTY)


def _text(word: str) -> str:
    return f'"{DIRTY}{word}{DIRTY}"'


def write_hostile_adventure(folder: Path) -> Path:
    folder.mkdir(parents=True)
    (folder / "adventure.toml").write_text(f'''
[adventure]
id = "nasty"
title = {_text("Nasty")}
version = "1"
start = "camp"
intro = {_text("An intro")}
goal = {{ reach = "vault", text = {_text("You win")} }}

[player]
name = {_text("Hero")}
items = ["knife"]
water = 1

[rooms.camp]
name = {_text("Camp")}
description = {_text("A camp")}
exits = {{ north = {{ to = "vault", description = {_text("a door")} }}, east = "well" }}
items = ["stone", "rod"]
npcs = ["hermit", "raider"]
search = "easy"
search_items = ["gem"]
hazard = "easy"
hazard_text = {_text("Sand")}

[rooms.vault]
name = {_text("Vault")}
description = {_text("A vault")}
exits = {{ south = "camp" }}

[rooms.well]
name = {_text("Well")}
description = {_text("A well")}
water_source = true
exits = {{ west = "camp" }}

[items.knife]
name = {_text("knife")}
aliases = [{_text("blade")}, "knife"]
kind = "weapon"
damage = "d6"
description = {_text("Sharp")}

[items.stone]
name = {_text("stone")}
aliases = ["stone"]
kind = "treasure"
description = {_text("Smooth")}

[items.gem]
name = "gem"
kind = "treasure"

[items.rod]
name = {_text("rod")}
aliases = ["rod"]
kind = "exotica"
true_name = {_text("Lance")}
identify = "easy"
effect = {{ damage = "d10" }}

[npcs.hermit]
name = {_text("hermit")}
aliases = ["hermit"]
description = {_text("Old")}
disposition = "neutral"
tier = 1
talk = {_text("Hello")}
topics = {{ vault = {_text("North")} }}

[npcs.raider]
name = {_text("raider")}
aliases = ["raider"]
description = {_text("Mean")}
disposition = "hostile"
behaviour = "aggressive"
tier = 1
''', encoding="utf-8")
    return folder


COMMANDS = ["look", "x knife", "x stone", "x rod", "x hermit", "x raider", "talk hermit", "ask hermit about vault",
            "take all", "i", "identify rod", "use rod", "search", "stats", "map", "help", "odds attack raider",
            "attack raider", "dice", "wait", "save s", "load s", "undo", "e", "drink", "w", "n", "look",
            "take \x1b]0;owned\x07stone", "\x1b[2J\x9b6n\u202elook", "x \u2066raider\u2069", "go\x00north"]


@pytest.mark.parametrize("system", SYSTEM_IDS)
def test_a_hostile_adventure_prints_no_control_character(tmp_path: Path, system: str) -> None:
    adventure = load_adventure(write_hostile_adventure(tmp_path / "nasty"))
    assert adventure.title == "[2J[H]0;owned]8;;http://evil\\31m6nNasty[2J[H]0;owned]8;;http://evil\\31m6n"
    engine = Engine.new_game(adventure, get_system(system), 4, saves=SaveStore(tmp_path / "saves", adventure))
    out = io.StringIO()
    opening = [adventure.title, engine.status_line(), *engine.opening()]
    run_plain(engine, opening, io.StringIO("\n".join(COMMANDS + hostile_lines(5, 200)) + "\n"), out)
    text = out.getvalue()
    assert forbidden_characters(text) == []
    assert "Camp" in text and "hermit" in text


def test_the_output_layer_cleans_even_content_that_skipped_the_loader(tmp_path: Path) -> None:
    adventure = load_adventure(write_hostile_adventure(tmp_path / "nasty"))
    raw = "\x1b[2J\x9b31m\u202e\ud800\x00\r\x07"
    rooms = {room_id: dataclasses.replace(room, name=raw + room.name, description=raw + room.description)
             for room_id, room in adventure.rooms.items()}
    dirty = dataclasses.replace(adventure, rooms=rooms, intro=raw)
    engine = Engine.new_game(dirty, get_system("vaarn"), 4)
    out = io.StringIO()
    run_plain(engine, [raw, *engine.opening()], io.StringIO("look\nmap\n" + raw + "\n"), out)
    assert forbidden_characters(out.getvalue()) == []
    emit([raw + "x", "\ud800"], out, 40)
    assert forbidden_characters(out.getvalue()) == []


def test_the_command_line_prints_hostile_content_cleanly(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = write_hostile_adventure(tmp_path / "nasty")
    for args in (["map", str(folder)], ["map", str(folder), "--format", "dot"], ["check", str(folder)]):
        assert main(args) == 0
        out, err = capsys.readouterr()
        assert forbidden_characters(out + err) == []
    (folder / "more.toml").write_text('[rooms.camp.exits]\n"\\u001b[2J" = "well"\n[npcs.hermit.topics]\n'
                                      '"x\\u202e" = "y"\n', encoding="utf-8")
    assert main(["check", str(folder)]) == 1
    out, err = capsys.readouterr()
    assert forbidden_characters(out + err) == [] and "\\u001b[2J" in out


def test_wayfarer_play_on_a_hostile_adventure_prints_cleanly(tmp_path: Path) -> None:
    folder = write_hostile_adventure(tmp_path / "nasty")
    commands = "\n".join(COMMANDS).encode() + b"\n\xff\x1b[6n\n"
    result = subprocess.run([sys.executable, "-m", "game", str(folder), "--seed", "2", "--saves",
                             str(tmp_path / "saves")], input=commands, capture_output=True, timeout=60)
    assert result.returncode == 0, result.stderr[-500:]
    assert forbidden_characters(result.stdout.decode() + result.stderr.decode()) == []


def test_the_control_pattern_is_exactly_the_unicode_categories() -> None:
    import unicodedata

    for code in range(0x110000):
        char = chr(code)
        expected = unicodedata.category(char) in ("Cc", "Cf", "Cs", "Zl", "Zp") and char not in "\n\t"
        assert bool(CONTROL.match(char)) == expected, f"U+{code:04X}"
