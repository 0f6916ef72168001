"""Running the adventure's ``[[triggers]]`` (checked by :mod:`game.world.triggers`).

Hooks: :func:`before_action` runs before the player's action (a ``refuse`` stops
the action, though the turn still passes: blundering in the dark takes time),
:func:`on_leave` / :func:`on_enter` when the player changes rooms, and
:func:`after_turn` at the end of each turn, where ``when`` triggers fire on the
turn their condition starts to hold.  Triggers run in the order written.

Bookkeeping flags start with ``@`` (no content id can): ``@fired-N`` for a
``once`` trigger that has fired, ``@held-N`` while a ``when`` trigger's
condition holds.
"""
from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping
from typing import TYPE_CHECKING

from game.actions import Turn
from game.actions.scope import Scope, Thing, resolve, words_of
from game.deferred import deferred
from game.world.conditions import goal_won, holds
from game.world.content import TriggerDef
from game.world.state import GONE, PLAYER, room_place
from game.world.world import World

if TYPE_CHECKING:
    from game import parser
    from game.parser import Command
else:
    parser = deferred("game.parser")

#: Words a noun phrase may carry that name nothing.
_ARTICLES = frozenset({"the", "a", "an", "some"})


def watches(world: World, verb: str, typed: str = "") -> bool:
    """Whether an action trigger may answer ``verb`` (typed as ``typed``) in the player's room (so the
    action counts as a turn).  None does once the run has ended."""
    if world.state.status != "playing":
        return False
    said = _words_meant(world, typed)
    return any(_verb_fits(t, verb, said) and _room_fits(t, world.state.room) for t in _of(world, "action"))


def typed_verb(command: Command, extra: Mapping[tuple[str, ...], str] | None = None) -> str:
    """The verb's words as the player typed them (``pull`` of ``pull rope``, which means ``shove``): a trigger
    on ``verb = "pull"`` answers that word alone, one on ``verb = "shove"`` every word of the verb."""
    words = parser.tokenize(command.raw)
    verb, rest = parser.split_verb(words, extra)
    return " ".join(words[:len(words) - len(rest)]) if verb is not None else ""


def before_action(turn: Turn, command: Command) -> tuple[bool, bool]:
    """Run the action triggers that match ``command``: whether any fired, and whether one refused the action."""
    typed = _words_meant(turn.world, typed_verb(command, _author_phrases(turn.world)))
    return _fire(turn, command.verb, lambda: _named(turn.world, command), typed=typed,
                 targets_of=lambda: _named_second(turn.world, command))


def _words_meant(world: World, typed: str) -> frozenset[str]:
    """The word typed and, for a word of ``[verbs]``, the words it stands for (``yank`` -> ``pull``)."""
    words = {typed} if typed else set()
    verbs = world.adventure.verbs
    while typed in verbs and verbs[typed] not in words:
        typed = verbs[typed]
        words.add(typed)
    return frozenset(words)


def author_verb(turn: Turn, command: Command) -> None:
    """A verb the adventure made up (``[verbs]``): it means what its triggers make of it, and nothing
    otherwise. A thing named is still looked up (``ring bell`` with no bell here says so)."""
    if command.words:
        turn.referent = resolve(Scope.around(turn.world, scenery=True), command.words, turn.referent,
                                pronouns=turn.pronouns, what=command.verb)
    if not turn.lines:  # a trigger that answered has said what happens
        turn.say("Nothing obvious happens.")


def _author_phrases(world: World) -> dict[tuple[str, ...], str]:
    return {tuple(word.split()): verb for word, verb in world.adventure.verbs.items()}


def let_through(turn: Turn, verb: str, items: list[str]) -> list[str]:
    """Of the items an ``all`` command covers, those no action trigger naming them refuses.

    ``drop all`` must not drop the cloak that ``drop cloak`` may not: each item
    meets the triggers that name it as if the command had named it alone.
    """
    return [item_id for item_id in items if not _refused_alone(turn, verb, item_id)]


def _refused_alone(turn: Turn, verb: str, item_id: str) -> bool:
    return _fire(turn, verb, lambda: {item_id}, naming=item_id)[1]


def _fire(turn: Turn, verb: str, named_of: Callable[[], set[str]], naming: str | None = None,
          typed: frozenset[str] = frozenset(),
          targets_of: Callable[[], set[str]] | None = None) -> tuple[bool, bool]:
    """Run the action triggers for ``verb`` in the player's room whose things fit ``named_of()`` (found
    once, for the first trigger whose verb and room fit); with ``naming``, only those that name that
    thing.  A trigger with ``target`` matches its ``thing`` against the direct object alone and its
    ``target`` against the second thing (``targets_of()``).  Whether any fired, and whether one refused."""
    world = turn.world
    if world.state.status != "playing":  # after the end nothing fires: reading the message wins once
        return False, False
    named: set[str] | None = None
    seconds: set[str] | None = None
    fired = False
    for index, trigger in _numbered(world, "action"):
        if naming is not None and naming not in trigger.things:
            continue
        if _verb_fits(trigger, verb, typed) and _room_fits(trigger, world.state.room):
            named = named_of() if named is None else named
            if trigger.targets:
                seconds = (targets_of() if targets_of is not None else set()) if seconds is None else seconds
                fits = _pair_fits(trigger, named - seconds if naming is None else named, seconds)
            else:
                fits = _things_fit(trigger, named)
            if fits and may_fire(world, index, trigger):
                fired = True
                if _apply(turn, index, trigger):
                    return True, True
    return fired, False


def on_leave(turn: Turn, room_id: str) -> None:
    _run_room(turn, "leave", room_id)


def on_enter(turn: Turn, room_id: str) -> None:
    _run_room(turn, "enter", room_id)


def after_turn(turn: Turn) -> None:
    """Fire each ``when`` trigger whose condition holds now but did not after the last turn."""
    world = turn.world
    for index, trigger in _numbered(world, "when"):
        if world.state.status != "playing":
            return
        mark = f"@held-{index}"
        now = _room_fits(trigger, world.state.room) and may_fire(world, index, trigger)
        if now and mark not in world.state.flags:
            world.state.flags.add(mark)
            _apply(turn, index, trigger)
        elif not now:
            world.state.flags.discard(mark)


def _run_room(turn: Turn, on: str, room_id: str) -> None:
    world = turn.world
    for index, trigger in _numbered(world, on):
        if _room_fits(trigger, room_id) and may_fire(world, index, trigger):
            _apply(turn, index, trigger)


def _of(world: World, on: str) -> Iterator[TriggerDef]:
    return (t for _, t in _numbered(world, on))


def _numbered(world: World, on: str) -> Iterator[tuple[int, TriggerDef]]:
    return ((i, t) for i, t in enumerate(world.adventure.triggers) if t.on == on)


def _verb_fits(trigger: TriggerDef, verb: str, typed: frozenset[str] = frozenset()) -> bool:
    """A trigger's ``verb`` names the verb (every word of it) or one word of it as typed (``pull``)."""
    said = {verb, *typed}
    return (not trigger.verbs or not said.isdisjoint(trigger.verbs)) and said.isdisjoint(trigger.not_verbs)


def _room_fits(trigger: TriggerDef, room_id: str) -> bool:
    return (not trigger.rooms or room_id in trigger.rooms) and room_id not in trigger.not_rooms


def may_fire(world: World, index: int, trigger: TriggerDef, room_id: str | None = None) -> bool:
    """Whether trigger number ``index`` may fire now in ``room_id`` (the player's by default): its
    ``when`` holds, and a ``once`` trigger has not fired."""
    if trigger.once and f"@fired-{index}" in world.state.flags:
        return False
    return trigger.when is None or holds(world, trigger.when, room_id)


def filters_fit(trigger: TriggerDef, verb: str, room_id: str) -> bool:
    """Whether an action trigger's verb and room filters fit ``verb`` in ``room_id`` (what it names
    aside): when they do not, :func:`matches` is False whatever the command names."""
    return _verb_fits(trigger, verb) and _room_fits(trigger, room_id)


def matches(trigger: TriggerDef, verb: str, named: Collection[str], room_id: str,
            second: Collection[str] = ()) -> bool:
    """Whether an action trigger's filters fit ``verb`` naming ``named`` (ids, or a direction) and
    ``second`` (the second thing) in ``room_id``, its ``when`` and ``once`` aside (for the simulator's
    planning; play goes through :func:`before_action`)."""
    if not filters_fit(trigger, verb, room_id):
        return False
    if trigger.targets:
        return _pair_fits(trigger, set(named), set(second))
    return _things_fit(trigger, set(named) | set(second))


def _pair_fits(trigger: TriggerDef, objects: Collection[str], seconds: Collection[str]) -> bool:
    """"put X on Y" as a pair: ``thing`` among the direct objects, ``target`` among the second things."""
    if trigger.things and not any(t in objects for t in trigger.things):
        return False
    if not any(t in seconds for t in trigger.targets):
        return False
    return not any(t in objects or t in seconds for t in trigger.not_things)



def _things_fit(trigger: TriggerDef, named: Collection[str]) -> bool:
    if trigger.things and not any(t in named for t in trigger.things):
        return False
    return not any(t in named for t in trigger.not_things)


def _named(world: World, command: Command) -> set[str]:
    """The ids (or the direction) the command names, among the things in scope."""
    if command.direction:
        return {command.direction}
    phrases = [tuple(w for w in words if w not in _ARTICLES)
               for words in (*(command.objects or (command.words,)), command.second)]
    phrases = [p for p in phrases if p]
    if not phrases:
        return set()
    scope = Scope.around(world, scenery=True)
    return {_id_of(thing) for thing in scope.things
            if any(set(phrase) <= words_of(world, thing) for phrase in phrases)}


def _named_second(world: World, command: Command) -> set[str]:
    """The ids the command's second phrase names ("on the altar"), among the things in scope."""
    phrase = tuple(w for w in command.second if w not in _ARTICLES)
    if not phrase:
        return set()
    scope = Scope.around(world, scenery=True)
    return {_id_of(thing) for thing in scope.things if set(phrase) <= words_of(world, thing)}


def _id_of(thing: Thing) -> str:
    return thing[1].rpartition("/")[2] if thing[0] == "scenery" else thing[1]


def _apply(turn: Turn, index: int, trigger: TriggerDef) -> bool:
    """Do what the trigger says; True when it refuses the action."""
    state, world = turn.world.state, turn.world
    if trigger.once:
        state.flags.add(f"@fired-{index}")
    if trigger.say:
        turn.say(trigger.say)
    state.flags.update(trigger.set)
    state.flags.difference_update(trigger.unset)
    for counter, amount in trigger.add.items():
        state.counters[counter] = state.counters.get(counter, 0) + amount
    for item, where in trigger.move.items():
        world.move_item(item, PLAYER if where == PLAYER else where if where.startswith("in:") else room_place(where))
    for item in trigger.remove:
        world.move_item(item, GONE)
    state.opened.update(trigger.open)
    state.opened.difference_update(trigger.close)
    if trigger.refuse:
        turn.say(trigger.refuse)
    if trigger.end and state.status == "playing" and not (trigger.end == "won" and goal_won(world)):
        _end(turn, trigger)  # a run won and played on is not won again
    return bool(trigger.refuse)


def _end(turn: Turn, trigger: TriggerDef) -> None:
    state = turn.world.state
    state.status = trigger.end
    state.ending = trigger.ending or f"You have {trigger.end}."
    if trigger.ending:
        turn.say("", trigger.ending)
    if trigger.end == "won":  # a lost run's banner comes with the ending lines, as a death's does
        turn.say("", "*** You have won ***")
