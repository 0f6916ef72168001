"""The parser: verbs and their synonyms, directions, noun phrases, numbers, unknown words."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.parser import Command, ParseError, parse


@pytest.mark.parametrize("text, direction", [
    ("n", "north"), ("north", "north"), ("go north", "north"), ("walk to the north", "north"),
    ("ne", "northeast"), ("u", "up"), ("d", "down"), ("go down", "down"), ("in", "in"), ("SW", "southwest"),
])
def test_directions_become_go_commands(text: str, direction: str) -> None:
    command = parse(text)
    assert command is not None
    assert (command.verb, command.direction) == ("go", direction)


@pytest.mark.parametrize("text, verb, words", [
    ("l", "look", ()), ("look", "look", ()), ("x key", "examine", ("key",)),
    ("look at the rusty key", "examine", ("rusty", "key")), ("pick up the key", "take", ("key",)),
    ("get all", "take", ("all",)), ("i", "inventory", ()), ("talk to the hermit", "talk", ("hermit",)),
    ("g", "again", ()), ("z", "wait", ()), ("q", "quit", ()),
])
def test_verbs_and_synonyms(text: str, verb: str, words: tuple[str, ...]) -> None:
    command = parse(text)
    assert command is not None
    assert (command.verb, command.words) == (verb, words)


def test_second_noun_phrase_after_a_preposition() -> None:
    command = parse("unlock north with the rusty key")
    assert command == Command("unlock", (), "with", ("rusty", "key"), "north", None, "unlock north with the rusty key")
    asked = parse("ask the old woman about water")
    assert asked is not None
    assert (asked.words, asked.preposition, asked.second) == (("old", "woman"), "about", ("water",))


@pytest.mark.parametrize("text, minutes", [
    ("wait", None), ("wait 3 hours", 180), ("wait 2 days", 2880), ("wait 30 minutes", 30), ("wait an hour", 60),
])
def test_wait_durations(text: str, minutes: int | None) -> None:
    command = parse(text)
    assert command is not None and command.number == minutes


def test_unknown_verb_is_named() -> None:
    with pytest.raises(ParseError, match='"xyzzy"'):
        parse("xyzzy the lamp")


def test_bad_wait_duration_is_explained() -> None:
    with pytest.raises(ParseError, match="fortnights"):
        parse("wait 3 fortnights")


def test_empty_input_is_none() -> None:
    assert parse("   ") is None
    assert parse("\x00\x1b\x07 ") is None


@given(st.text(max_size=200))
def test_any_input_parses_or_raises_parse_error(text: str) -> None:
    try:
        parse(text)
    except ParseError:
        pass


def test_a_long_unknown_word_is_quoted_back_short() -> None:
    with pytest.raises(ParseError) as refused:
        parse("wait " + "x" * 990)
    assert len(str(refused.value)) < 120 and "…" in str(refused.value)
