"""Resolving noun phrases to things in scope, with questions when it is ambiguous.

A thing is ``("item", id)``, ``("npc", id)``, ``("scenery", "room-id/scenery-id")``
or :data:`SELF` (the player: ``me``, ``myself``).  A dead NPC answers to
``body`` and ``corpse`` too.  Pronouns resolve through the map the engine keeps
(``it``, ``them``, ``him``, ``her`` to the last things named), falling back on
the one last referent.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.deferred import deferred
from game.errors import ActionRefused
from game.text import capital, closest, join_names, quote_back, the
from game.world.conditions import is_dark, text_now
from game.world.content import Adventure, SceneryDef
from game.world.holders import is_open
from game.world.world import World

if TYPE_CHECKING:
    import difflib
else:
    difflib = deferred("difflib")

#: A thing in the world: ("item", id), ("npc", id), ("scenery", "room/id") or SELF.
Thing = tuple[str, str]
SELF: Thing = ("self", "player")
PRONOUNS = ("it", "them", "him", "her", "this", "that", "these", "those")
SELF_WORDS = frozenset({"me", "myself", "self", "yourself"})
#: The words of a command about everything ("take all"): see ``Command.is_all``.
ALL_WORDS = (("all",), ("everything",), ("both",))
BODY_WORDS = frozenset({"body", "corpse", "remains", "carcass"})


class Ambiguous(ActionRefused):
    """The phrase fits several things; the engine asks which one."""

    def __init__(self, question: str, things: list[Thing], words: tuple[str, ...]) -> None:
        super().__init__(question)
        self.things = things
        self.words = words


class UnknownWord(ActionRefused):
    """A word of the command names nothing known; ``oops`` can put another in its place."""

    def __init__(self, message: str, word: str, guesses: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.word = word
        #: The known words close to it, offered as "Did you mean ...?".
        self.guesses = guesses


class Misspelt(UnknownWord):
    """An unknown word close to a known one: the message asks "Did you mean ...?", and
    ``yes`` runs the command with ``word`` replaced by ``meant``."""

    def __init__(self, message: str, word: str, meant: str) -> None:
        super().__init__(message, word, (meant,))
        self.meant = meant


class Orphan(ActionRefused):
    """The command lacks its object ("What do you want to examine?"); the next reply can give it.

    ``join`` is the word that goes between the command and the reply (``in`` for
    "What do you want to put the knife in?" after a bare ``put knife``).
    """

    def __init__(self, message: str, join: str = "") -> None:
        super().__init__(message)
        self.join = join


@dataclass
class Scope:
    """What the player can refer to now."""

    world: World
    things: list[Thing]
    #: The room is dark: only what is carried (and the player) can be found.
    dark: bool = False

    @classmethod
    def around(cls, world: World, *, room: bool = True, carried: bool = True, npcs: bool = True,
               scenery: bool = False) -> Scope:
        """Items carried and on the floor (and in or on what holds them), NPCs, and with
        ``scenery`` the room's scenery and the player (``me``)."""
        things: list[Thing] = []
        dark = is_dark(world)
        room, npcs, scenery_here = room and not dark, npcs and not dark, scenery and not dark
        if carried:
            things += [("item", i) for i in world.carried()]
        if room:
            things += [("item", i) for i in world.room_items()]
        if npcs:
            things += [("npc", n) for n in world.npcs_in()]
        here = [("scenery", f"{world.state.room}/{s}") for s in world.room.scenery] if room else []
        if scenery_here:
            things += here
        if scenery:
            things.append(SELF)
        # What lies in or on the room's scenery is in reach even when the scenery itself is not asked for.
        for holder in [*things, *([] if scenery_here else here)]:
            if holds_things(world, holder) and is_open(world, holder[1]):
                things += [("item", i) for i in world.items_at(f"in:{holder[1]}")]
        return cls(world, things, dark)


def holds_things(world: World, thing: Thing) -> bool:
    """Whether things can be in or on ``thing`` (a container or supporter)."""
    if thing[0] == "item":
        return world.item(thing[1]).kind in ("container", "supporter")
    return thing[0] == "scenery" and scenery_of(world, thing[1]).kind != "scenery"


def scenery_of(world: World, thing_id: str) -> SceneryDef:
    room_id, scenery_id = thing_id.split("/", 1)
    return world.adventure.rooms[room_id].scenery[scenery_id]


def name_of(world: World, thing: Thing) -> str:
    kind, thing_id = thing
    if kind == "item":
        return world.item_name(thing_id)
    if kind == "scenery":
        return scenery_of(world, thing_id).name
    if kind == "self":
        return "yourself"
    name = world.npc_name(thing_id)
    return f"{name} (dead)" if world.npc_condition(thing_id) == "dead" else name


def the_name(world: World, thing: Thing) -> str:
    """The thing as a sentence names it: ``the sun-key``, ``Tamsin``, ``yourself``."""
    if thing == SELF:
        return "yourself"
    return the(name_of(world, thing).removesuffix(" (dead)"))


def names_of(world: World, thing: Thing) -> list[str]:
    """The name and aliases of a thing."""
    kind, thing_id = thing
    if kind == "item":
        item = world.item(thing_id)
        return [world.item_name(thing_id), *item.aliases]
    if kind == "scenery":
        scenery = scenery_of(world, thing_id)
        return [scenery.name, *scenery.aliases]
    if kind == "self":
        return sorted(SELF_WORDS)
    npc = world.npc(thing_id)
    return [npc.name, *npc.aliases]


def words_of(world: World, thing: Thing) -> set[str]:
    words = set()
    for name in names_of(world, thing):
        words.update(_name_words(name))
    if thing[0] == "npc" and world.npc_condition(thing[1]) == "dead":
        words |= BODY_WORDS
    return words


def vocabulary(world: World) -> frozenset[str]:
    """Every noun word the adventure knows (for "you see no X" against "unknown word").

    Built once per adventure from every name, alias and true name, so asking
    costs nothing however big the world is.
    """
    if world.vocabulary is None:
        world.vocabulary = _vocabulary(world.adventure)
    return world.vocabulary


def _vocabulary(adventure: Adventure) -> frozenset[str]:
    names: list[str] = [*SELF_WORDS, *BODY_WORDS]
    for item in adventure.items.values():
        names += [item.name, *item.aliases, *([item.true_name] if item.true_name else [])]
    for npc in adventure.npcs.values():
        names += [npc.name, *npc.aliases]
    for room in adventure.rooms.values():
        for scenery in room.scenery.values():
            names += [scenery.name, *scenery.aliases]
    return frozenset(word for name in names for word in _name_words(name))


def _name_words(name: str) -> list[str]:
    """The words a name answers to: ``lean-to`` as itself, and as ``lean`` and ``to``."""
    lower = name.lower().split()
    return lower + [part for word in lower if "-" in word for part in word.split("-") if part]


def resolve(scope: Scope, words: tuple[str, ...], referent: Thing | None, *, what: str = "that",
            pronouns: Mapping[str, Thing] | None = None) -> Thing:
    """The one thing in scope the words name; ActionRefused (or Ambiguous, or Orphan) otherwise."""
    if not words:
        raise Orphan(f"What do you want to {what}?")
    if words in ALL_WORDS:  # a verb that takes several things handles "all" before it resolves one
        raise ActionRefused(f"You can't {what} everything at once: name one thing.")
    if len(words) == 1 and words[0] in PRONOUNS:
        # The direct object's pronoun arrives resolved as ``referent``; others come from ``pronouns``.
        named = referent if referent is not None else (pronouns or {}).get(words[0])
        if named is not None and named not in scope.things and named != SELF \
                and named in Scope.around(scope.world, scenery=True).things:
            raise ActionRefused(f"You can't {what} {the_name(scope.world, named)}.")  # "shoot it" after "x lamp"
        if named is None or named not in scope.things:
            raise ActionRefused(f"I'm not sure what \"{words[0]}\" refers to here.")
        return named
    matches = things_named(scope, words)
    if len(matches) == 1:
        return matches[0]
    if len(matches) > 1:
        names = [f"the {name_of(scope.world, t)}" for t in matches]
        if len(set(names)) == 1:
            return matches[0]
        raise Ambiguous(f"Which do you mean, {join_names(names, 'or')}?", matches, words)
    told = None if scope.dark else told_of(scope, words)
    if told is not None:
        return told
    known = vocabulary(scope.world)
    unknown = [w for w in words if w not in known]
    if unknown:
        _refuse_unknown(scope, unknown[0])
    if scope.dark:
        raise ActionRefused("It is too dark to see.")
    elsewhere = _met_elsewhere(scope.world, words)
    if elsewhere is not None:
        raise ActionRefused(f"{capital(the(scope.world.npc_name(elsewhere)))} is not here.")
    raise ActionRefused(f"You see no {' '.join(words)} here.")


#: Words that name no thing in particular: "x brassy thing" is the brassy something the text told of.
GENERIC_WORDS = frozenset({"thing", "things", "something", "object", "objects", "stuff", "the", "a", "an", "some",
                           "of"})


#: Words of a text that are no nouns: never taken as a thing the text told of ("get out").
FUNCTION_WORDS = frozenset({"out", "off", "into", "onto", "from", "with", "about", "under", "over", "through",
                            "north", "south", "east", "west", "northeast", "northwest", "southeast", "southwest",
                            "down", "here", "there", "this", "that", "these", "those", "them", "him", "her",
                            "its", "his", "their", "your", "you", "and", "but", "not", "all", "every", "each"})


def told_of(scope: Scope, words: tuple[str, ...]) -> Thing | None:
    """What words that name no thing mean when the game's own text printed them.

    Every noun the game prints is a word it knows: words of an item's ``initial``
    text mean that item (when it is in scope); words of a hidden item's initial
    text are its tell, to be searched for; words of the room's text or of the
    things here are admitted as mere words ("The glint is not something you need
    to handle."), never "I don't know the word".  None when the text told of no such thing.
    """
    world = scope.world
    wanted = [w for w in words if w not in GENERIC_WORDS]
    if not wanted or any(len(w) < 3 or w in FUNCTION_WORDS for w in wanted):
        return None
    for item_id in world.initial_items():
        if _in_text(wanted, world.item(item_id).initial):
            if ("item", item_id) in scope.things:
                return ("item", item_id)
            if world.place_of(item_id).startswith("search:"):
                raise ActionRefused("You can't get at it from where you stand: a search might turn it up.")
    if _in_text(wanted, " ".join(_texts_here(scope))):
        raise ActionRefused(f"The {' '.join(w for w in words if w not in ('the', 'a', 'an', 'some'))} "
                            f"is not something you need to handle.")
    return None


def _texts_here(scope: Scope) -> list[str]:
    """The room's text as it reads now and the texts of the things in scope."""
    world = scope.world
    room = world.room
    texts = [text_now(world, room.description, room.descriptions)]
    for kind, thing_id in scope.things:
        if kind == "item":
            item = world.item(thing_id)
            texts.append(text_now(world, item.description, item.descriptions))
        elif kind == "scenery":
            scenery = scenery_of(world, thing_id)
            texts.append(text_now(world, scenery.description, scenery.descriptions))
        elif kind == "npc":
            npc = world.npc(thing_id)
            texts.append(text_now(world, npc.description, npc.descriptions))
    return texts


def _in_text(words: list[str], text: str) -> bool:
    """Whether every word is a word of ``text`` (a plural or a verb's -s counts: "glint" in "glints")."""
    found = set(re.findall(r"[a-z]+(?:-[a-z]+)*", text.lower()))
    found |= {w[:-1] for w in found if w.endswith("s")} | {p for w in found if "-" in w for p in w.split("-")}
    return all(w in found for w in words)


def _met_elsewhere(world: World, words: tuple[str, ...]) -> str | None:
    """The one NPC the player has come across (and who is not here) that ``words`` name, if exactly
    one: "Pell is not here."  Come across: changed by the run (met, fought, moved), or living in a
    room the player has been to, so the reply never tells of someone the player could not know."""
    if world.npc_words is None:
        world.npc_words = _npc_words(world.adventure)
    index, visited, npcs = world.npc_words, world.state.visited, world.adventure.npcs
    named = frozenset.intersection(*(index.get(word, frozenset()) for word in words))
    known = [n for n in named if n in world.state.npcs or world.adventure.npc_homes.get(n) in visited
             or not visited.isdisjoint(npcs[n].route)]
    return known[0] if len(known) == 1 else None


def _npc_words(adventure: Adventure) -> dict[str, frozenset[str]]:
    """Each word of an NPC's name or aliases -> the NPCs it names (so looking costs the words, not the world)."""
    index: dict[str, set[str]] = {}
    for npc_id, npc in adventure.npcs.items():
        for name in (npc.name, *npc.aliases):
            for word in _name_words(name):
                index.setdefault(word, set()).add(npc_id)
    return {word: frozenset(ids) for word, ids in index.items()}


def resolve_carried(world: World, words: tuple[str, ...], referent: Thing | None, *, what: str,
                    pronouns: Mapping[str, Thing] | None = None) -> str:
    """The carried item the words name, as :func:`resolve` finds it among what the player carries;
    words that name something here but not carried are refused as such ("You aren't carrying
    the velvet cloak.") rather than as something not seen."""
    carried = Scope(world, [("item", i) for i in world.carried()])
    elsewhere: list[Thing] = []
    if len(words) == 1 and words[0] in PRONOUNS:
        named = referent if referent is not None else (pronouns or {}).get(words[0])
        if named is not None and named != SELF and named not in carried.things \
                and named in Scope.around(world, npcs=False, scenery=True).things:
            elsewhere = [named]
    elif words and not things_named(carried, words):  # (NPCs are not looked for: nobody thinks to carry one)
        elsewhere = [t for t in things_named(Scope.around(world, npcs=False, scenery=True), words) if t != SELF]
    if elsewhere:
        raise ActionRefused(f"You aren't carrying {the_name(world, elsewhere[0]) if len(elsewhere) == 1 else 'that'}.")
    return resolve(carried, words, referent, pronouns=pronouns, what=what)[1]


def held_here(world: World, words: tuple[str, ...]) -> tuple[str, str] | None:
    """The NPC here and the one thing it carries that ``words`` name, if exactly one fits."""
    npcs = [] if is_dark(world) else world.npcs_in()
    found = things_named(Scope(world, [("item", i) for n in npcs for i in world.npc_items(n)]), words)
    if len(found) != 1:
        return None
    item_id = found[0][1]
    return world.place_of(item_id).removeprefix("npc:"), item_id


def all_but(world: World, excluded: tuple[tuple[str, ...], ...], items: list[str]) -> list[str]:
    """``items`` less those the ``but`` phrases name ("take all but the knife").

    A phrase names every item of ``items`` it fits ("all but the keys"); one that
    fits none of them leaves nothing out ("take all but the knife" with the knife
    in hand), unless a word of it is not known at all, which is refused as always.
    """
    if not excluded:
        return items
    scope = Scope(world, [("item", i) for i in items])
    left_out: set[str] = set()
    for words in excluded:
        unknown = [w for w in words if w not in vocabulary(world)]
        if unknown:
            _refuse_unknown(scope, unknown[0])
        left_out.update(thing[1] for thing in things_named(scope, words))
    return [i for i in items if i not in left_out]


def things_named(scope: Scope, words: tuple[str, ...]) -> list[Thing]:
    """The things in ``scope`` that all of ``words`` name (one, when a phrase is one thing's whole name)."""
    wanted = set(words)
    if wanted <= SELF_WORDS:
        return [SELF] if SELF in scope.things else []
    matches = [t for t in scope.things if t != SELF and wanted <= words_of(scope.world, t)]
    if len(matches) > 1:  # a phrase that is one thing's whole name or alias means that thing
        phrase = " ".join(words)
        exact = [t for t in matches if phrase in {n.lower().replace("-", " ") for n in names_of(scope.world, t)}]
        if len(exact) == 1:
            return exact
    return matches


def _refuse_unknown(scope: Scope, word: str) -> None:
    """Refuse an unknown word, asking "Did you mean ...?" when it is close to a name in scope."""
    here = sorted({w for t in scope.things if t != SELF for w in words_of(scope.world, t)})
    close = closest(word, difflib.get_close_matches(word, here, n=2, cutoff=0.75))
    message = f"I don't know the word {quote_back(word)}."
    if len(close) == 1:
        raise Misspelt(f"{message} Did you mean \"{close[0]}\"?", word, close[0])
    if close:
        quoted = [f'"{w}"' for w in close]
        raise UnknownWord(f"{message} Did you mean {join_names(quoted, 'or')}?", word, tuple(close))
    raise UnknownWord(message, word)
