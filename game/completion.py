"""Tab completion built from the current game state at each prompt."""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document

from game.actions.scope import SELF, Scope, Thing, names_of
from game.verbs import VERB_WORDS as VERBS

if TYPE_CHECKING:
    from game.engine import Engine
    from game.world.world import World


#: Verbs whose object is on the floor, carried, or a person, for completion.
FLOOR_VERBS = frozenset({"take", "get", "grab", "pick"})
CARRIED_VERBS = frozenset({"drop", "discard", "wear", "wield", "remove", "throw", "eat", "drink", "identify",
                           "use", "put", "give", "show", "read"})
PERSON_VERBS = frozenset({"attack", "kill", "fight", "hit", "strike", "stab", "shoot", "talk", "ask", "greet"})
#: Verbs whose object is carried by someone here, and then "from" whom.
THEFT_VERBS = frozenset(VERBS["steal"])


def candidates(engine: Engine, line: str) -> list[str]:
    """What may follow the words already typed: verbs and exits first, then the nouns the verb
    wants (take: what is on the floor; drop: what is carried; attack: who is here), aliases included."""
    words = line.lower().split()
    typing_first = not words or (len(words) == 1 and not line.endswith(" "))
    world = engine.world
    if typing_first:
        tables = [*VERBS.values(), *engine.play.verbs().values()]
        verbs = sorted({phrase for phrases in tables for phrase in phrases if len(phrase) > 2})
        exits = [e.direction for e in world.visible_exits()]
        return exits + verbs
    verb = words[0]
    if verb in ("rest", "sleep"):
        return ["short", "long"]
    if verb in ("load", "save") and engine.saves is not None:
        return engine.saves.slots()
    if verb in FLOOR_VERBS:  # what lies here, in and on what holds it too
        carried = set(world.carried())
        things = [t for t in Scope.around(world, npcs=False).things if t[0] == "item" and t[1] not in carried]
    elif verb in CARRIED_VERBS:
        things = [("item", i) for i in world.carried()]
    elif verb in PERSON_VERBS or (verb in THEFT_VERBS and "from" in words[1:]):
        things = [("npc", n) for n in world.living_npcs_in()]
    elif verb in THEFT_VERBS:
        things = [("item", i) for n in world.living_npcs_in() for i in world.npc_items(n)]
    else:
        things = Scope.around(world, scenery=True).things
    names = [n for t in things if t != SELF for n in _names(world, t)]
    if verb in ("go", "walk", "unlock", "open", "climb"):
        names = [e.direction for e in world.visible_exits()] + names
    return list(dict.fromkeys(names))


def _names(world: World, thing: Thing) -> list[str]:
    return [n.lower() if n[:1].isupper() and thing[0] == "item" else n for n in names_of(world, thing)]


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
                yield Completion(f"{candidate} ", start_position=-len(current), display=candidate)
