"""Resolving noun phrases to things in scope, with questions when it is ambiguous."""
from __future__ import annotations

from dataclasses import dataclass

from game.errors import ActionRefused
from game.text import join_names
from game.world.content import Adventure
from game.world.world import World

#: A thing in the world: ("item", id) or ("npc", id).
Thing = tuple[str, str]
PRONOUNS = ("it", "them", "him", "her", "this", "that")


class Ambiguous(ActionRefused):
    """The phrase fits several things; the engine asks which one."""

    def __init__(self, question: str, things: list[Thing], words: tuple[str, ...]) -> None:
        super().__init__(question)
        self.things = things
        self.words = words


@dataclass
class Scope:
    """What the player can refer to now."""

    world: World
    things: list[Thing]

    @classmethod
    def around(cls, world: World, *, room: bool = True, carried: bool = True, npcs: bool = True) -> Scope:
        things: list[Thing] = []
        if carried:
            things += [("item", i) for i in world.carried()]
        if room:
            things += [("item", i) for i in world.room_items()]
        if npcs:
            things += [("npc", n) for n in world.npcs_in()]
        return cls(world, things)


def name_of(world: World, thing: Thing) -> str:
    kind, thing_id = thing
    if kind == "item":
        return world.item_name(thing_id)
    name = world.npc_name(thing_id)
    return f"{name} (dead)" if world.npc_condition(thing_id) == "dead" else name


def words_of(world: World, thing: Thing) -> set[str]:
    kind, thing_id = thing
    if kind == "item":
        item = world.item(thing_id)
        names = [world.item_name(thing_id), *item.aliases]
    else:
        npc = world.npc(thing_id)
        names = [npc.name, *npc.aliases]
    words = set()
    for name in names:
        words.update(name.lower().replace("-", " ").split())
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
    names: list[str] = []
    for item in adventure.items.values():
        names += [item.name, *item.aliases, *([item.true_name] if item.true_name else [])]
    for npc in adventure.npcs.values():
        names += [npc.name, *npc.aliases]
    return frozenset(word for name in names for word in name.lower().replace("-", " ").split())


def resolve(scope: Scope, words: tuple[str, ...], referent: Thing | None, *, what: str = "that") -> Thing:
    """The one thing in scope the words name; ActionRefused (or Ambiguous) otherwise."""
    if not words:
        raise ActionRefused(f"What do you want to {what}?")
    if len(words) == 1 and words[0] in PRONOUNS:
        if referent is None or referent not in scope.things:
            raise ActionRefused(f"I'm not sure what \"{words[0]}\" refers to here.")
        return referent
    matches = [t for t in scope.things if set(words) <= words_of(scope.world, t)]
    if len(matches) == 1:
        return matches[0]
    if len(matches) > 1:
        names = [f"the {name_of(scope.world, t)}" for t in matches]
        if len(set(names)) == 1:
            return matches[0]
        raise Ambiguous(f"Which do you mean, {join_names(names, 'or')}?", matches, words)
    known = vocabulary(scope.world)
    unknown = [w for w in words if w not in known]
    if unknown:
        raise ActionRefused(f"I don't know the word \"{unknown[0]}\".")
    raise ActionRefused(f"You see no {' '.join(words)} here.")
