"""Whether a :class:`~game.world.content.When` holds, and which text follows the world now.

Night is from 19:00 to 06:00 (the desert's dark hours); the rest of the day is day.
"""
from __future__ import annotations

from game.world.content import Adventure, TextDef, When
from game.world.holders import is_in, lies_in_room
from game.world.state import DAY_MINUTES, PLAYER
from game.world.world import World

#: The hours of daylight, [start, end).
DAY_START, NIGHT_START = 6, 19


def is_night(world: World, minutes: int | None = None) -> bool:
    """Whether it is night at ``minutes`` (the clock by default)."""
    hour = (world.state.minutes if minutes is None else minutes) % DAY_MINUTES // 60
    return not DAY_START <= hour < NIGHT_START


def holds(world: World, when: When, room_id: str | None = None, minutes: int | None = None) -> bool:
    """True when every condition of ``when`` holds, in ``room_id`` (the player's room by default), at
    ``minutes`` (the clock by default; an arrival is seen at the hour the journey ends)."""
    room_id = room_id or world.state.room
    room = world.adventure.rooms[room_id]
    return (
        all(d in room.exits and world.exit_open(room_id, room.exits[d]) for d in when.exit_open)
        and all(lies_in_room(world, i, room_id) for i in when.item_here)
        and not any(lies_in_room(world, i, room_id) for i in when.item_gone)
        and all(world.place_of(i) == PLAYER for i in when.carrying)
        and not any(world.place_of(i) == PLAYER for i in when.not_carrying)
        and all(is_in(world, i, holder) for i, holder in when.item_in.items())
        and all(_npc_here(world, n, room_id) for n in when.npc_here)
        and all(world.npc_condition(n) == "dead" for n in when.npc_dead)
        and all(world.npc_condition(n) == "down" for n in when.npc_down)
        and all(not _npc_here(world, n, room_id) for n in when.npc_gone)
        and (when.goal_reached is None or goal_won(world) == when.goal_reached)
        and (not when.time or is_night(world, minutes) == (when.time == "night"))
        and _flags_hold(world, when)
        and (when.dark is None or is_dark(world, room_id, minutes) == when.dark)
    )


#: The flag that marks a won run the player plays on in (see :func:`goal_won`).
PLAYING_ON = "@won"


def goal_won(world: World) -> bool:
    """Whether the run has been won: it ended in a win, or it was won and the player plays on."""
    return world.state.status == "won" or PLAYING_ON in world.state.flags


def has_after_win(adventure: Adventure) -> bool:
    """Whether the adventure has something to show after the win: a text or a trigger whose ``when``
    asks for ``goal_reached = true`` (then the player is offered to play on, as Inform's AMUSING)."""
    def won(when: When | None) -> bool:
        return when is not None and when.goal_reached is True

    texts = [t for room in adventure.rooms.values() for t in room.descriptions]
    texts += [t for room in adventure.rooms.values() for s in room.scenery.values() for t in s.descriptions]
    texts += [t for item in adventure.items.values() for t in item.descriptions]
    texts += [t for npc in adventure.npcs.values() for t in npc.descriptions]
    return any(won(t.when) for t in texts) or any(won(t.when) for t in adventure.triggers)


def _flags_hold(world: World, when: When) -> bool:
    flags, counters = world.state.flags, world.state.counters
    return (
        all(f in flags for f in when.flag) and not any(f in flags for f in when.not_flag)
        and all(counters.get(c, 0) >= n for c, n in when.counter_at_least.items())
        and all(counters.get(c, 0) < n for c, n in when.counter_below.items())
    )


def _npc_here(world: World, npc_id: str, room_id: str) -> bool:
    return world.npc_room(npc_id) == room_id and world.npc_condition(npc_id) != "dead"


def text_now(world: World, plain: str, texts: tuple[TextDef, ...], room_id: str | None = None,
             minutes: int | None = None) -> str:
    """The first of ``texts`` whose condition holds (at ``minutes``, see :func:`holds`), else ``plain``."""
    for text in texts:
        if holds(world, text.when, room_id, minutes):
            return text.text
    return plain


#: What a dark place is called: its name cannot be seen.
DARK_PLACE = "Darkness"


def place_name(world: World, room_id: str | None = None) -> str:
    """A room's name (the player's by default) as the player sees it: :data:`DARK_PLACE` while it is dark."""
    room_id = room_id or world.state.room
    return DARK_PLACE if is_dark(world, room_id) else world.adventure.rooms[room_id].name


def is_dark(world: World, room_id: str | None = None, minutes: int | None = None) -> bool:
    """Whether the room (the player's by default) is dark at ``minutes`` (now by default): its ``dark``
    condition holds."""
    room = world.adventure.rooms[room_id or world.state.room]
    return room.dark is not None and holds(world, room.dark, room.id, minutes)
