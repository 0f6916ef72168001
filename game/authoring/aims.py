"""What the scout (:mod:`game.authoring.scout`) must bring about to win by a trigger, as tasks.

An adventure may be won by its ``[[triggers]]`` rather than (or as well as) its
``goal`` table: Cloak of Darkness is won by reading a message in a bar that is
dark while the cloak is worn, and the cloak may only be left in the cloakroom.
:func:`plan` reads each trigger that ends the run ``won`` and works out, from
the world as it is now, the tasks left before it fires:

- the trigger's own ``when`` must hold (``carrying`` an item, an item left in a
  room, an NPC dead or down but alive, a flag another trigger sets or unsets, a
  counter other triggers raise or lower, the room lit or dark ...);
- no trigger written before it may stop its action (refuse it, or end the run):
  each such trigger's ``when`` must *not* hold then (a room lit by leaving the
  cloak behind), and one that always stops it makes the aim impossible;
- then the action itself, in its room (or the room entered, for ``on = "enter"``).

Plans are made afresh each turn from the state (nothing is remembered), so a
task stays until the world shows it done (a counter wanting three presses gets
one a turn).  What the scout cannot bring about (a flag no trigger sets, a
counter no trigger lowers, an NPC to come to a room) makes the aim *beyond the
scout*, with the reason, which the simulation report shows.

:func:`stopping_trigger` is the scout's look before it acts: the first action
trigger that would refuse a command or end the run (as
:func:`game.actions.triggers.before_action` runs them, in the order written).
"""
from __future__ import annotations

from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass

from game.actions.triggers import filters_fit, matches, may_fire
from game.verbs import ACTION_VERBS, VERB_WORDS
from game.world.conditions import holds, is_dark
from game.world.content import TriggerDef, When
from game.world.holders import is_in, room_of_place
from game.world.schema import trigger_name
from game.world.state import PLAYER, room_place
from game.world.world import World

#: Every word of a verb (``pull``): a trigger on one is fired by typing that word.
_WORDS = frozenset(word for words in VERB_WORDS.values() for word in words if " " not in word)
#: How many triggers deep a plan follows one condition to the trigger that brings it about.
DEPTH = 3
#: Verbs the scout uses for an action trigger that names none (the first one it allows), with a thing and without.
_PLAIN_VERBS = {True: ("examine", "read", "search"), False: ("wait", "look", "search")}


@dataclass(frozen=True)
class Task:
    """One thing to bring about: ``carry``/``shed`` an item, ``place`` it in a room, ``put`` it in or on
    the holder ``thing`` (in ``room``), ``defeat`` an NPC, ``reach`` a room, ``act`` (``verb`` on
    ``thing``, in ``room`` when given), or ``wait``."""

    kind: str
    item: str = ""
    room: str = ""
    npc: str = ""
    verb: str = ""
    thing: str = ""


@dataclass(frozen=True)
class Plan:
    """The tasks left before a winning trigger fires (in order), or why the scout cannot win by it."""

    tasks: tuple[Task, ...] = ()
    beyond: str = ""
    #: The trigger the plan fires, by its number (-1: none).
    index: int = -1


class _Beyond(Exception):
    """A condition the scout cannot bring about; the message says which."""


def winning_triggers(world: World) -> list[tuple[int, TriggerDef]]:
    """The triggers that end the run ``won``, numbered as written."""
    return [(i, t) for i, t in enumerate(world.adventure.triggers) if t.end == "won"]


def plan(world: World) -> Plan | None:
    """The first winning trigger the scout can work towards, as a plan; None when no trigger wins
    the adventure.  When none can be worked towards, the first one's reason (``beyond``)."""
    first: Plan | None = None
    for index, trigger in winning_triggers(world):
        try:
            found = Plan(tuple(_plan_one(world, index, trigger)), index=index)
        except _Beyond as why:
            found = Plan(beyond=f"{trigger_name(index)} {why}", index=index)
        if not found.beyond:
            return found
        first = first or found
    return first


def opener(world: World, way: str) -> Plan | None:
    """How to open the shut way ``way`` (``room/direction``) by a trigger whose ``open`` names it: the
    first such trigger the scout can work towards, as a plan (its conditions, then its action or the
    room to enter); None when no trigger opens it; a plan with ``beyond`` when none can be fired."""
    first: Plan | None = None
    for index, trigger in enumerate(world.adventure.triggers):
        if way not in trigger.open or trigger.end:
            continue
        try:
            found = Plan(tuple(_fire_one(world, index, trigger)), index=index)
        except _Beyond as why:
            found = Plan(beyond=f"{trigger_name(index)} {why}")
        if not found.beyond:
            return found
        first = first or found
    return first


def _fire_one(world: World, index: int, trigger: TriggerDef) -> Iterator[Task]:
    """The tasks that make one trigger fire (its effects wanted, not an ending)."""
    if trigger.once and f"@fired-{index}" in world.state.flags:
        raise _Beyond("has fired already")
    room = _room_of(world, trigger)
    yield from _when(world, trigger.when, room, True, 0)
    if trigger.on == "action":
        verb, thing = _command_of(trigger, world.adventure.verbs)
        yield Task("act", room=room or "", verb=verb, thing=thing)
    elif trigger.on == "enter" and room is not None:
        yield Task("reach", room=room)
    elif trigger.on == "when":
        yield Task("wait")
    else:
        raise _Beyond(f"answers on = \"{trigger.on}\" with no room, which the scout cannot bring about")


def stopping_trigger(world: World, verb: str, named: Collection[str],
                     room_id: str | None = None) -> tuple[int, TriggerDef] | None:
    """The first action trigger that would refuse ``verb`` on ``named`` (ids, or a direction) in
    ``room_id`` (the player's room by default) or end the run, judged by the world as it is now;
    None when the action would go ahead."""
    room_id = room_id or world.state.room
    for index, trigger in _actions(world):
        if matches(trigger, verb, named, room_id) and may_fire(world, index, trigger, room_id) \
                and (trigger.refuse or trigger.end):
            return index, trigger
    return None


def may_stop(world: World, verb: str, room_id: str) -> bool:
    """Whether any action trigger that refuses or ends the run answers ``verb`` in ``room_id``: when none
    does, :func:`stopping_trigger` is None whatever the command names (so the things named need no looking up)."""
    return any((t.refuse or t.end) and filters_fit(t, verb, room_id) for _, t in _actions(world))


# -- one winning trigger ----------------------------------------------------------------
def _plan_one(world: World, index: int, trigger: TriggerDef) -> Iterator[Task]:
    if trigger.once and f"@fired-{index}" in world.state.flags:
        raise _Beyond("has fired already")
    room = _room_of(world, trigger)
    if trigger.on == "action":
        verb, thing = _command_of(trigger, world.adventure.verbs)
        yield from _when(world, trigger.when, room, True, 0)
        for earlier, blocker in _stoppers(world, index, verb, thing, room):
            if blocker.when is None:
                raise _Beyond(f"never fires: {trigger_name(earlier)} always stops {verb} {thing}".rstrip())
            yield from _when(world, blocker.when, room, False, 0)
        yield Task("act", room=room or "", verb=verb, thing=thing)
    elif trigger.on == "enter":
        yield from _when(world, trigger.when, room, True, 0)
        if room is None:
            raise _Beyond("names no room to enter")
        yield Task("reach", room=room)
    elif trigger.on == "when":
        yield from _when(world, trigger.when, room, True, 0)
        if room is not None:
            yield Task("reach", room=room)
        yield Task("wait")
    else:
        raise _Beyond(f"answers on = \"{trigger.on}\", which the scout does not bring about")


def _room_of(world: World, trigger: TriggerDef) -> str | None:
    """The room a trigger fires in (its first ``room``; else any room it allows, or None: anywhere)."""
    if trigger.rooms:
        return trigger.rooms[0]
    if trigger.not_rooms and world.state.room in trigger.not_rooms:
        return next((r for r in world.adventure.rooms if r not in trigger.not_rooms), None)
    return None


def _command_of(trigger: TriggerDef, world_verbs: Collection[str] = ()) -> tuple[str, str]:
    """The verb and thing (id or direction, "" for none) of a command the action trigger answers."""
    verbs = [v for v in trigger.verbs if v in ACTION_VERBS or v in _WORDS or v in world_verbs] if trigger.verbs \
        else [v for v in _PLAIN_VERBS[bool(trigger.things)] if v not in trigger.not_verbs]
    if not verbs:
        raise _Beyond("names no verb the game knows")
    return verbs[0], trigger.things[0] if trigger.things else ""


def _stoppers(world: World, upto: int, verb: str, thing: str, room: str | None) -> Iterator[tuple[int, TriggerDef]]:
    """The triggers before ``upto`` that answer the same command and refuse it or end the run."""
    named = {thing} if thing else set()
    for index, trigger in _actions(world):
        if index >= upto:
            return
        if (trigger.refuse or trigger.end) and matches(trigger, verb, named, room or world.state.room):
            yield index, trigger


# -- conditions ------------------------------------------------------------------------
def _when(world: World, when: When | None, room: str | None, truth: bool, depth: int) -> Iterator[Task]:
    """Tasks that make ``when`` hold (``truth``) or fail, in ``room`` (the player's, when None)."""
    if when is None:
        return
    place = room or world.state.room
    if holds(world, when, place) == truth:
        return
    if truth:
        yield from _make_hold(world, when, place, depth)
        return
    reasons = []
    for option in _ways_to_fail(world, when, place, depth):
        try:
            yield from list(option)
            return
        except _Beyond as why:
            reasons.append(str(why))
    raise _Beyond(reasons[0] if reasons else "needs a condition undone that the scout cannot undo")


def _make_hold(world: World, when: When, room: str, depth: int) -> Iterator[Task]:
    state = world.state
    for item in when.carrying:
        if world.place_of(item) != PLAYER:
            yield Task("carry", item=item)
    for item in when.item_here:
        if world.place_of(item) != room_place(room):
            yield Task("place", item=item, room=room)
    for item in when.item_gone:
        if world.place_of(item) == room_place(room):
            yield Task("carry", item=item)
    for item, holder in when.item_in.items():
        if not is_in(world, item, holder):
            yield Task("put", item=item, thing=holder, room=_holder_room(world, holder) or "")
    for item in when.not_carrying:
        if world.place_of(item) == PLAYER:
            yield Task("shed", item=item)
    for npc in when.npc_dead:
        if world.npc_condition(npc) != "dead":
            yield Task("defeat", npc=npc)
    for npc in when.npc_down:
        condition = world.npc_condition(npc)
        if condition == "dead":
            raise _Beyond(f"needs npc '{npc}' down but alive, and it is dead")
        if condition == "ok":
            yield Task("defeat", npc=npc)  # struck until it falls (the plan is made afresh each turn)
    for flag in when.flag:
        if flag not in state.flags:
            yield from _setter(world, flag, depth)
    for flag in when.not_flag:
        if flag in state.flags:
            yield from _firing(world, _unsets(flag), f"flag '{flag}' unset", "unsets", depth)
    for counter, least in when.counter_at_least.items():
        if state.counters.get(counter, 0) < least:
            yield from _firing(world, _moves(counter, 1),
                               f"counter '{counter}' at {least} or more", "raises", depth)
    for counter, below in when.counter_below.items():
        if state.counters.get(counter, 0) >= below:
            yield from _firing(world, _moves(counter, -1),
                               f"counter '{counter}' below {below}", "lowers", depth)
    if when.dark is not None and is_dark(world, room) != when.dark:
        dark = world.adventure.rooms[room].dark
        if dark is None:
            raise _Beyond(f"needs room '{room}' dark, and it never is")
        yield from _when(world, dark, room, when.dark, depth + 1)
    if when.time:
        yield Task("wait")
    _unchangeable(world, when, room)


def _holder_room(world: World, holder: str) -> str | None:
    """The room a container or supporter is in: a scenery id's room (the first that has it), or where the
    item lies (None: carried, or nowhere)."""
    for room in world.adventure.rooms.values():
        if holder in room.scenery:
            return room.id
    return room_of_place(world, world.place_of(holder)) if holder in world.adventure.items else None


def _unchangeable(world: World, when: When, room: str) -> None:
    """Raise when a condition the scout cannot bring about does not hold."""
    npc_here = all(world.npc_room(n) == room for n in when.npc_here)
    npc_gone = all(world.npc_room(n) != room or world.npc_condition(n) == "dead" for n in when.npc_gone)
    exits = all(d in world.adventure.rooms[room].exits
                and world.exit_open(room, world.adventure.rooms[room].exits[d]) for d in when.exit_open)
    for ok, what in ((npc_here, "an NPC to come to the room"), (npc_gone, "an NPC to leave the room"),
                     (exits, "an exit to be open")):
        if not ok:
            raise _Beyond(f"needs {what}, which the scout cannot bring about")


def _ways_to_fail(world: World, when: When, room: str, depth: int) -> Iterator[Iterator[Task]]:
    """Each way the scout knows of making ``when`` stop holding (any one suffices)."""
    for item in when.carrying:
        yield iter([Task("shed", item=item)])
    for item in when.item_here:
        yield iter([Task("carry", item=item)])
    for npc in when.npc_here:
        yield iter([Task("defeat", npc=npc)])
    for flag in when.flag:
        yield _firing(world, _unsets(flag), f"flag '{flag}' unset", "unsets", depth)
    for flag in when.not_flag:
        yield _setter(world, flag, depth)
    for counter, least in when.counter_at_least.items():
        yield _firing(world, _moves(counter, -1), f"counter '{counter}' below {least}",
                      "lowers", depth)
    for counter, below in when.counter_below.items():
        yield _firing(world, _moves(counter, 1), f"counter '{counter}' at {below} or more",
                      "raises", depth)
    if when.dark is not None:
        dark = world.adventure.rooms[room].dark
        if dark is not None:
            yield _when(world, dark, room, not when.dark, depth + 1)


def _setter(world: World, flag: str, depth: int) -> Iterator[Task]:
    """Tasks that fire a trigger setting ``flag``."""
    return _firing(world, _sets(flag), f"flag '{flag}'", "sets", depth)


def _sets(flag: str) -> Callable[[TriggerDef], bool]:
    return lambda trigger: flag in trigger.set


def _unsets(flag: str) -> Callable[[TriggerDef], bool]:
    return lambda trigger: flag in trigger.unset


def _moves(counter: str, sign: int) -> Callable[[TriggerDef], bool]:
    """A trigger that raises (``sign`` 1) or lowers (-1) ``counter``."""
    return lambda trigger: trigger.add.get(counter, 0) * sign > 0


def _firing(world: World, fits: Callable[[TriggerDef], bool], what: str, does: str, depth: int) -> Iterator[Task]:
    """Tasks that fire the first trigger that ``fits`` (sets a flag, unsets one, raises or lowers a
    counter: ``what`` it brings about, which it ``does``), its own conditions first.  A counter wanting
    several firings gets one a plan: the plan is made afresh each turn."""
    if depth >= DEPTH:
        raise _Beyond(f"needs {what}, brought about too many triggers away")
    for index, trigger in enumerate(world.adventure.triggers):
        if not fits(trigger) or trigger.end or (trigger.once and f"@fired-{index}" in world.state.flags):
            continue
        room = _room_of(world, trigger)
        if trigger.on == "action":
            verb, thing = _command_of(trigger, world.adventure.verbs)
            return iter([*_when(world, trigger.when, room, True, depth + 1),
                         Task("act", room=room or "", verb=verb, thing=thing)])
        if trigger.on == "enter" and room is not None:
            return iter([*_when(world, trigger.when, room, True, depth + 1), Task("reach", room=room)])
    raise _Beyond(f"needs {what}, which no trigger the scout can fire {does}")


# -- the action triggers ------------------------------------------------------------------
def _actions(world: World) -> Iterator[tuple[int, TriggerDef]]:
    return ((i, t) for i, t in enumerate(world.adventure.triggers) if t.on == "action")
