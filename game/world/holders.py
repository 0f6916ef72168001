"""Containers and supporters: what they hold, and whether a container is open or locked.

A holder is an item of kind ``container``/``supporter`` (its key is the item id) or a
piece of scenery of that kind (its key is ``<room-id>/<scenery-id>``); what is in or on
it is at the place ``in:<key>``.  A container with ``closed`` or ``locked_by`` opens and
closes; its state lives in the run's flags under names no content flag can have (content
ids never hold ``@`` or ``:``): ``@open:<key>`` or ``@shut:<key>`` once the player changed
it from how it starts, ``@unlocked:<key>`` once unlocked.  So saves and undo carry it with
no field of their own.
"""
from __future__ import annotations

from game.world.content import ItemDef, SceneryDef
from game.world.state import room_place
from game.world.world import World

#: How deep holders may nest inside each other before a place is taken to be nowhere (a guard).
MAX_NESTING = 16


def definition(world: World, key: str) -> ItemDef | SceneryDef | None:
    """The item or scenery ``key`` names, if it holds things."""
    if "/" in key:
        room_id, _, scenery_id = key.partition("/")
        room = world.adventure.rooms.get(room_id)
        scenery = room.scenery.get(scenery_id) if room is not None else None
        return scenery if scenery is not None and scenery.kind in ("container", "supporter") else None
    item = world.adventure.items.get(key)
    return item if item is not None and item.kind in ("container", "supporter") else None


def is_locked(world: World, key: str) -> bool:
    thing = definition(world, key)
    return thing is not None and thing.locked_by is not None and f"@unlocked:{key}" not in world.state.flags


def is_open(world: World, key: str) -> bool:
    """Whether what is inside can be reached: a supporter or a plain container always; an openable
    container while open (it starts open only when ``closed = false`` and it has no key)."""
    thing = definition(world, key)
    if thing is None or not thing.openable:
        return True
    flags = world.state.flags
    if f"@open:{key}" in flags:
        return True
    if f"@shut:{key}" in flags:
        return False
    return not (thing.closed or thing.locked_by is not None)


def set_open(world: World, key: str, opened: bool) -> None:
    flags = world.state.flags
    flags.discard(f"@shut:{key}" if opened else f"@open:{key}")
    flags.add(f"@open:{key}" if opened else f"@shut:{key}")


def set_locked(world: World, key: str, locked: bool) -> None:
    if locked:
        world.state.flags.discard(f"@unlocked:{key}")
    else:
        world.state.flags.add(f"@unlocked:{key}")


def room_of_place(world: World, place: str) -> str | None:
    """The room whose floor ``place`` is on, through any holders it lies in or on (None: carried,
    held by an NPC, gone or hidden). ``in:<room>/<scenery>`` is in that room."""
    for _ in range(MAX_NESTING):
        if place.startswith("room:"):
            return place[5:]
        if not place.startswith("in:"):
            return None
        key = place[3:]
        if "/" in key:
            return key.partition("/")[0]
        place = world.place_of(key)
    return None


def lies_in_room(world: World, item_id: str, room_id: str) -> bool:
    """Whether the item is in the room: on its floor, or in or on something there (open or shut)."""
    place = world.place_of(item_id)
    return place == room_place(room_id) or (place.startswith("in:") and room_of_place(world, place) == room_id)


def is_in(world: World, item_id: str, holder: str) -> bool:
    """Whether the item is in or on ``holder``: an item id, or a scenery id (of any room)."""
    place = world.place_of(item_id)
    return place == f"in:{holder}" or (place.startswith("in:") and "/" in place and place.endswith(f"/{holder}"))
