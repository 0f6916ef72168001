"""Numbers typed by the player: any Unicode digit, any length, never a traceback, never an unloadable log."""
from __future__ import annotations

import pytest

from game.parser import ParseError, parse, tokenize

from .helpers import new_engine

pytestmark = pytest.mark.robustness

SUPERSCRIPT_LINES = ["wait ³", "drop knife ²", "attack raider with ²", "trade ² water for knife", "wait ① hours",
                     "wait ٣", "take ²³ rope", "wait 2³", "rest ³", "sell ² knife"]


def test_unicode_digits_become_ascii() -> None:
    assert tokenize("wait ³") == ["wait", "3"]
    assert tokenize("drop knife ②") == ["drop", "knife", "2"]
    assert tokenize("wait ٣") == ["wait", "3"]
    command = parse("wait ³")
    assert command is not None and command.number == 3 and command.raw == "wait 3"


@pytest.mark.parametrize("system", ["vaarn", "open_adventures", "bind", "opend6", "maelstrom"])
def test_superscripts_never_raise(system: str) -> None:
    engine = new_engine(system)
    for line in SUPERSCRIPT_LINES:
        report = engine.submit(line)
        assert report.lines
    assert all(entry.isascii() or not any(ch.isdigit() and not "0" <= ch <= "9" for ch in entry)
               for entry in engine.state.log)


def test_long_numbers_are_refused_before_the_log() -> None:
    engine = new_engine("vaarn")
    line = "wait " + "0" * 119 + "5"
    with pytest.raises(ParseError):
        parse(line)
    report = engine.submit(line)
    assert "too long" in report.lines[0]
    assert engine.state.log == []
