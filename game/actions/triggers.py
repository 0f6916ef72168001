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

from collections.abc import Callable, Collection, Iterator
from typing import TYPE_CHECKING

from game.actions import Turn
from game.actions.scope import Scope, Thing, words_of
from game.world.conditions import holds
from game.world.content import TriggerDef
from game.world.state import GONE, PLAYER, room_place
from game.world.world import World

if TYPE_CHECKING:
    from game.parser import Command

#: Words a noun phrase may carry that name nothing.
_ARTICLES = frozenset({"the", "a", "an", "some"})


def watches(world: World, verb: str) -> bool:
    """Whether an action trigger may answer ``verb`` in the player's room (so the action counts as a turn).

    None does once the run has ended: what is left to do then (look, examine) only observes."""
    if world.state.status != "playing":
        return False
    return any(_verb_fits(t, verb) and _room_fits(t, world.state.room) for t in _of(world, "action"))


def before_action(turn: Turn, command: Command) -> tuple[bool, bool]:
    """Run the action triggers that match ``command``: whether any fired, and whether one refused the action."""
    return _fire(turn, command.verb, lambda: _named(turn.world, command))


def let_through(turn: Turn, verb: str, items: list[str]) -> list[str]:
    """Of the items an ``all`` command covers, those no action trigger naming them refuses.

    ``drop all`` must not drop the cloak that ``drop cloak`` may not: each item
    meets the triggers that name it as if the command had named it alone.
    """
    return [item_id for item_id in items if not _refused_alone(turn, verb, item_id)]


def _refused_alone(turn: Turn, verb: str, item_id: str) -> bool:
    return _fire(turn, verb, lambda: {item_id}, naming=item_id)[1]


def _fire(turn: Turn, verb: str, named_of: Callable[[], set[str]], naming: str | None = None) -> tuple[bool, bool]:
    """Run the action triggers for ``verb`` in the player's room whose things fit ``named_of()`` (found
    once, for the first trigger whose verb and room fit); with ``naming``, only those that name that
    thing.  Whether any fired, and whether one refused the action."""
    world = turn.world
    if world.state.status != "playing":  # after the end nothing fires: reading the message wins once
        return False, False
    named: set[str] | None = None
    fired = False
    for index, trigger in _numbered(world, "action"):
        if naming is not None and naming not in trigger.things:
            continue
        if _verb_fits(trigger, verb) and _room_fits(trigger, world.state.room):
            named = named_of() if named is None else named
            if _things_fit(trigger, named) and may_fire(world, index, trigger):
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


def _verb_fits(trigger: TriggerDef, verb: str) -> bool:
    return (not trigger.verbs or verb in trigger.verbs) and verb not in trigger.not_verbs


def _room_fits(trigger: TriggerDef, room_id: str) -> bool:
    return (not trigger.rooms or room_id in trigger.rooms) and room_id not in trigger.not_rooms


def may_fire(world: World, index: int, trigger: TriggerDef, room_id: str | None = None) -> bool:
    """Whether trigger number ``index`` may fire now in ``room_id`` (the player's by default): its
    ``when`` holds, and a ``once`` trigger has not fired."""
    if trigger.once and f"@fired-{index}" in world.state.flags:
        return False
    return trigger.when is None or holds(world, trigger.when, room_id)


def matches(trigger: TriggerDef, verb: str, named: Collection[str], room_id: str) -> bool:
    """Whether an action trigger's filters fit ``verb`` naming ``named`` (ids, or a direction) in
    ``room_id``, its ``when`` and ``once`` aside (for the simulator's planning; play goes through
    :func:`before_action`)."""
    return _verb_fits(trigger, verb) and _room_fits(trigger, room_id) and _things_fit(trigger, named)



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
        world.move_item(item, PLAYER if where == PLAYER else room_place(where))
    for item in trigger.remove:
        world.move_item(item, GONE)
    state.opened.update(trigger.open)
    state.opened.difference_update(trigger.close)
    if trigger.refuse:
        turn.say(trigger.refuse)
    if trigger.end:
        _end(turn, trigger)
    return bool(trigger.refuse)


def _end(turn: Turn, trigger: TriggerDef) -> None:
    state = turn.world.state
    state.status = trigger.end
    state.ending = trigger.ending or f"You have {trigger.end}."
    if trigger.ending:
        turn.say("", trigger.ending)
    if trigger.end == "won":  # a lost run's banner comes with the ending lines, as a death's does
        turn.say("", "*** You have won ***")
