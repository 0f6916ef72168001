"""Opening, closing, locking and unlocking containers (docs/authoring.md §4, "Containers and supporters").

A container with ``closed = true`` or a ``locked_by`` key opens and closes, as in
Inform and TADS: what is inside cannot be seen, taken or added to while it is shut,
and a locked one opens only once unlocked with its key (``unlock chest with brass key``,
or ``open chest`` while carrying the key, which unlocks it first, as a locked way does).
``lock chest with key`` (or ``close`` while carrying the key, then ``lock``) locks it
again.  The state itself lives in :mod:`game.world.holders`.

Each verb first asks :func:`holder_named` whether its words name such a container
here; when they do not, the verb goes on as before (``open north`` opens a way).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.actions import Turn
from game.actions.scope import Scope, Thing, resolve, resolve_carried, the_name, things_named
from game.errors import ActionRefused
from game.text import capital, definite, join_names
from game.world import holders
from game.world.state import PLAYER

if TYPE_CHECKING:
    from game.parser import Command


def holder_key(thing: Thing) -> str:
    """The key :mod:`game.world.holders` knows a thing by: an item id, or ``room/scenery``."""
    return thing[1]


def holder_named(turn: Turn, command: Command) -> Thing | None:
    """The openable container the command's words name here, if they name one (and only things
    that open and close: ``open north`` and ``open door`` are left to the ways)."""
    if command.direction is not None or not command.words:
        return None
    scope = Scope.around(turn.world, scenery=True)
    named = [t for t in things_named(scope, command.words) if t[0] in ("item", "scenery")]
    if not named or not all(_openable(turn, t) for t in named):
        return None
    thing = resolve(scope, command.words, turn.referent, pronouns=turn.pronouns, what="open")
    turn.referent = thing
    return thing


def _openable(turn: Turn, thing: Thing) -> bool:
    found = holders.definition(turn.world, holder_key(thing))
    return found is not None and found.openable


def open_holder(turn: Turn, command: Command, thing: Thing) -> None:
    """``open chest``: unlocking it first with its key when it is locked and the key is carried."""
    world, key = turn.world, holder_key(thing)
    name = the_name(world, thing)
    if holders.is_open(world, key):
        raise ActionRefused(f"{capital(name)} is already open.")
    if holders.is_locked(world, key):
        lock = _key_used(turn, command, thing)
        if lock is None:
            raise ActionRefused(f"{capital(name)} is locked.")
        holders.set_locked(world, key, False)
        turn.say(f"(first unlocking {name} with {definite(world.item_name(lock))})")
    holders.set_open(world, key, True)
    inside = world.items_at(f"in:{key}")
    turn.say(f"You open {name}, revealing {join_names([world.item_a(i) for i in inside])}." if inside
             else f"You open {name}. It is empty.")
    turn.spend(1)


def unlock_holder(turn: Turn, command: Command, thing: Thing) -> None:
    world, key = turn.world, holder_key(thing)
    name = the_name(world, thing)
    if not holders.is_locked(world, key):
        raise ActionRefused(f"{capital(name)} is not locked." if holders.definition(world, key).locked_by  # type: ignore[union-attr]
                            else f"{capital(name)} has no lock.")
    lock = _key_used(turn, command, thing)
    if lock is None:
        raise ActionRefused(f"You have nothing that unlocks {name}.")
    holders.set_locked(world, key, False)
    turn.say(f"You unlock {name} with {definite(world.item_name(lock))}.")
    turn.spend(1)


def close_holder(turn: Turn, command: Command, thing: Thing) -> None:
    """``close chest``; ``lock chest [with key]`` closes it and locks it with its key."""
    world, key = turn.world, holder_key(thing)
    name = the_name(world, thing)
    locking = command.raw.split()[:1] == ["lock"]
    definition = holders.definition(world, key)
    assert definition is not None
    if locking and definition.locked_by is None:
        raise ActionRefused(f"{capital(name)} has no lock.")
    if locking and holders.is_locked(world, key):
        raise ActionRefused(f"{capital(name)} is already locked.")
    if not locking and not holders.is_open(world, key):
        raise ActionRefused(f"{capital(name)} is already closed.")
    lock = _key_used(turn, command, thing) if locking else None
    if locking and lock is None:
        raise ActionRefused(f"You have nothing that locks {name}.")
    if holders.is_open(world, key):
        holders.set_open(world, key, False)
        turn.say(f"You close {name}." if not locking else f"(first closing {name})")
    if lock is not None:
        holders.set_locked(world, key, True)
        turn.say(f"You lock {name} with {definite(world.item_name(lock))}.")
    turn.spend(1)


def _key_used(turn: Turn, command: Command, thing: Thing) -> str | None:
    """The key the command names (``with the brass key``), which must fit; else the right key if it is
    carried; else None."""
    world = turn.world
    definition = holders.definition(world, holder_key(thing))
    wanted = definition.locked_by if definition is not None else None
    if command.second:
        key = resolve_carried(world, command.second, None, pronouns=turn.pronouns, what="use")
        if key != wanted:
            raise ActionRefused(f"{capital(definite(world.item_name(key)))} does not fit {the_name(world, thing)}.")
        return key
    return wanted if wanted is not None and world.place_of(wanted) == PLAYER else None


def shut_inside(turn: Turn, holder: Thing) -> None:
    """Refuse to reach into a closed container (``put X in chest`` while it is shut)."""
    if holder[0] in ("item", "scenery") and not holders.is_open(turn.world, holder_key(holder)):
        raise ActionRefused(f"{capital(the_name(turn.world, holder))} is closed.")


__all__ = ["close_holder", "holder_named", "open_holder", "resolve", "shut_inside", "unlock_holder"]
