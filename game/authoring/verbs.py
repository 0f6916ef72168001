"""``check`` of the ``[verbs]`` table against the game's verb table (the loader cannot see it).

A word of ``[verbs]`` means a verb of the game (by its name, ``shove``, or one of its words,
``pull``), or a verb of the adventure's own: a word that means itself (``ring = "ring"``), or
another word of ``[verbs]`` that does.  A word the game already knows keeps the game's meaning
(the table cannot take ``take`` away from take), so giving it another is an error too.
"""
from __future__ import annotations

import difflib
from collections.abc import Mapping
from typing import Any

from game.verbs import VERB_WORDS
from game.world.schema import KeyPath

Problem = tuple[KeyPath, str]

#: Every word (or two-word phrase) of the game's verbs -> its verb.
_WORDS: dict[str, str] = {word: verb for verb, words in VERB_WORDS.items() for word in (verb, *words)}


def verb_problems(merged: Mapping[str, Any], loader_problems: list[Problem] | None = None) -> list[Problem]:
    """Each ``[verbs]`` entry that means no verb, or that would take a word from the game's own verb."""
    table = merged.get("verbs")
    if not isinstance(table, Mapping):
        return []
    own = {word for word, meant in table.items() if meant == word}
    problems: list[Problem] = []
    for word, meant in table.items():
        if not isinstance(meant, str):
            continue  # the loader reports it
        known = _WORDS.get(word)
        if known is not None and _WORDS.get(meant, meant) != known:
            problems.append((("verbs", word), f"'{word}' is already the game's word for {known}; "
                                              f"a trigger on verb = \"{word}\" answers it"))
        elif meant not in _WORDS and meant not in own and meant not in table:
            close = difflib.get_close_matches(meant, [*_WORDS, *own], n=1)
            hint = f" (did you mean {close[0]}?)" if close else ""
            problems.append((("verbs", word), f"no verb '{meant}'{hint}: name a verb of the game, or make "
                                              f"'{meant}' a verb of its own with {meant} = \"{meant}\""))
    return problems
