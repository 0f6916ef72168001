"""Tab completion built from the current game state at each prompt."""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document

from game.actions.scope import Scope, name_of
from game.parser import VERBS

if TYPE_CHECKING:
    from game.engine import Engine


def candidates(engine: Engine, line: str) -> list[str]:
    """What may follow the words already typed: verbs and exits first, then nouns in scope."""
    words = line.lower().split()
    typing_first = not words or (len(words) == 1 and not line.endswith(" "))
    world = engine.world
    if typing_first:
        tables = [*VERBS.values(), *engine.play.verbs().values()]
        verbs = sorted({phrase for phrases in tables for phrase in phrases if len(phrase) > 2})
        exits = [e.direction for e in world.visible_exits()]
        return exits + verbs
    things = Scope.around(world).things
    names = [name_of(world, t).removesuffix(" (dead)") for t in things]
    if words[0] in ("go", "walk", "unlock", "open"):
        names = [e.direction for e in world.visible_exits()] + names
    if words[0] in ("rest", "sleep"):
        names = ["short", "long"]
    if words[0] in ("load", "save") and engine.saves is not None:
        names = engine.saves.slots()
    return names


class GameCompleter(Completer):
    """prompt_toolkit completer asking the engine for candidates each time."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterable[Completion]:
        line = document.text_before_cursor
        current = document.get_word_before_cursor(WORD=True).lower()
        typed_rest = line[: len(line) - len(current)]
        for candidate in candidates(self.engine, typed_rest + current):
            if candidate.lower().startswith(current) and candidate.lower() != current:
                yield Completion(candidate, start_position=-len(current))
