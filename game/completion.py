"""Tab completion built from the current game state at each prompt.

The first word completes to verbs and exits.  After a verb, what the verb
wants (take: what lies here; drop: what is carried; attack: who is here).
After a preposition that follows the first object (``put cloak on``, ``give
knife to``, ``ask hermit about``, ``attack raider with``), what fits there:
things that hold things for ``put ... in/on``, people for ``give``/``show``
``to``, the topics of the person asked for ``ask ... about``, carried weapons
for ``attack``/``shoot ... with``, and so on (:func:`second_things`).  A name
of several words completes from the words typed so far (``put cloak on small
br`` gives ``small brass hook``), not only from the last one.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document

from game.actions.scope import SELF, Scope, Thing, holds_things, names_of
from game.parser import ARTICLES, PREPOSITIONS, split_verb
from game.verbs import VERB_WORDS as VERBS

if TYPE_CHECKING:
    from game.engine import Engine
    from game.world.world import World


#: Canonical verbs whose first object is on the floor, carried, a person, or carried by a person here.
FLOOR_VERBS = frozenset({"take"})
CARRIED_VERBS = frozenset({"drop", "wear", "wield", "remove", "throw", "eat", "drink", "identify", "use", "put",
                           "give", "show", "read", "sell", "value"})
PERSON_VERBS = frozenset({"attack", "shoot", "talk", "ask", "wares", "haggle"})
THEFT_VERBS = frozenset({"steal"})
#: Prepositions that put a thing in or on another.
INTO_WORDS = frozenset({"in", "into", "inside", "on", "onto", "upon"})
#: Words that end one object and begin the next of the same slot.
AND_WORDS = frozenset({"and", "&", "plus", "but", "except", "excepting"})


def candidates(engine: Engine, line: str) -> list[str]:
    """What may follow the words already typed: verbs and exits first, then what the slot being typed wants
    (the first object, by the verb; the second, by the verb and its preposition), aliases included."""
    words = line.lower().split()
    typing_first = not words or (len(words) == 1 and not line.endswith(" "))
    world = engine.world
    if typing_first:
        tables = [*VERBS.values(), *engine.play.verbs().values()]
        verbs = sorted({phrase for phrases in tables for phrase in phrases if len(phrase) > 2})
        exits = [e.direction for e in world.visible_exits()]
        return exits + verbs
    done = words if line.endswith(" ") else words[:-1]  # the words before the one being typed
    verb, rest = split_verb(done, engine.extra_verbs)
    if verb in ("rest",):
        return ["short", "long"]
    if verb in ("go", "flee"):
        return [e.direction for e in world.visible_exits()]
    if verb in ("load", "save") and engine.saves is not None:
        return engine.saves.slots()
    at = _second_at(rest)
    if verb == "ask" and at is not None:
        return topics(world, tuple(w for w in rest[:at] if w not in ARTICLES))
    if verb is not None and at is not None:
        things = second_things(world, verb, rest[at], tuple(w for w in rest[:at] if w not in ARTICLES))
    else:
        things = first_things(world, verb)
    names = [n for t in things if t != SELF for n in _names(world, t)]
    if verb in ("unlock", "open", "climb") and at is None:
        names = [e.direction for e in world.visible_exits()] + names
    if verb == "trade" and at is not None and rest[at] == "for":
        names += ["water", "food"]
    return list(dict.fromkeys(names))


def _second_at(rest: list[str]) -> int | None:
    """The index of the preposition that starts the second object (after a first object), if one was typed."""
    for index, word in enumerate(rest):
        if word in PREPOSITIONS and any(w not in ARTICLES for w in rest[:index]):
            return index
    return None


def first_things(world: World, verb: str | None) -> list[Thing]:
    """What the first object of ``verb`` may be."""
    if verb in FLOOR_VERBS:  # what lies here, in and on what holds it too
        carried = set(world.carried())
        return [t for t in Scope.around(world, npcs=False).things if t[0] == "item" and t[1] not in carried]
    if verb in CARRIED_VERBS:
        return [("item", i) for i in world.carried()]
    if verb in PERSON_VERBS:
        return _people(world)
    if verb in THEFT_VERBS:
        return [("item", i) for n in world.living_npcs_in() for i in world.npc_items(n)]
    return Scope.around(world, scenery=True).things


def second_things(world: World, verb: str, preposition: str, first: tuple[str, ...]) -> list[Thing]:
    """What may follow ``verb FIRST preposition``: the thing that fits the second slot of the command."""
    if verb == "put" and preposition in INTO_WORDS:
        return [t for t in Scope.around(world, scenery=True).things if holds_things(world, t)]
    if verb in ("give", "show", "sell", "steal", "buy") or (verb == "trade" and preposition in ("with", "to")):
        return _people(world)
    if verb in ("attack", "shoot") and preposition in ("with", "using"):
        carried = world.carried()
        weapons = [i for i in carried if world.item(i).is_weapon]
        return [("item", i) for i in weapons or carried]
    if verb in ("open", "unlock") and preposition in ("with", "using"):
        return [("item", i) for i in world.carried()]
    if verb == "throw" and preposition in ("at", "to"):
        return [*_people(world), *(t for t in Scope.around(world, scenery=True).things if t[0] != "npc")]
    if verb == "take" and preposition == "from":
        return [t for t in Scope.around(world, scenery=True).things if holds_things(world, t) or t[0] == "npc"]
    if verb == "trade" and preposition == "for":
        return [("item", i) for n in world.living_npcs_in() for i in world.npc_items(n)]
    return Scope.around(world, scenery=True).things


def topics(world: World, first: tuple[str, ...]) -> list[str]:
    """The topics of the person named first (of everyone here when none is named), for ``ask X about``."""
    people = [n for n in world.living_npcs_in() if not first or _named(world, ("npc", n), first)]
    return sorted({topic for n in people or world.living_npcs_in() for topic in world.npc(n).topics})


def _named(world: World, thing: Thing, words: tuple[str, ...]) -> bool:
    known = {w for name in names_of(world, thing) for w in name.lower().split()}
    return set(words) <= known


def _people(world: World) -> list[Thing]:
    return [("npc", n) for n in world.living_npcs_in()]


def _names(world: World, thing: Thing) -> list[str]:
    return [n.lower() if n[:1].isupper() and thing[0] == "item" else n for n in names_of(world, thing)]


def _phrase(line: str) -> str:
    """The words of the object being typed: after the verb, a preposition or an ``and``, articles left out."""
    words = line.split(" ")
    start = len(words) - 1
    while start > 0 and words[start - 1].lower() not in (*PREPOSITIONS, *AND_WORDS) \
            and not words[start - 1].endswith(","):
        start -= 1
    phrase = words[max(start, 1):]
    while len(phrase) > 1 and phrase[0].lower() in ARTICLES:
        phrase = phrase[1:]
    return " ".join(phrase)


class GameCompleter(Completer):
    """prompt_toolkit completer asking the engine for candidates each time."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterable[Completion]:
        line = document.text_before_cursor
        current = document.get_word_before_cursor(WORD=True).lower()
        typed_rest = line[: len(line) - len(current)]
        phrase = _phrase(line).lower() if typed_rest.strip() else current
        seen = set()
        for candidate in candidates(self.engine, typed_rest + current):
            lower = candidate.lower()
            if len(phrase) > len(current) and lower.startswith(phrase) and lower != phrase:
                text, start = candidate, -len(phrase)  # the whole name from the words typed: "small br"
            elif lower.startswith(current) and lower != current:
                text, start = candidate, -len(current)
            else:
                continue
            if text.lower() not in seen:  # "Tamsin" and her alias "tamsin" are one choice
                seen.add(text.lower())
                yield Completion(f"{text} ", start_position=start, display=candidate)
