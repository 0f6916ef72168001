"""The space: rooms on a grid, zone by zone, joined only by compass exits to grid neighbours.

Every exit joins two cells side by side, so ``map`` draws the world without a
crossing and north always leads back south.  Zone *i + 1* grows from one free
cell beside zone *i* (the lock's door), and no other exit joins two zones, so
the only way on is through the lock.  A few extra exits inside a zone make
loops (ways round), never across zones.
"""
from __future__ import annotations

import random
from collections import deque

from game.generate.mission import Mission
from game.generate.model import BACK, STEPS, Blueprint, ExitPlan, Lock, RoomPlan

LOOP_CHANCE = 0.25


class SpaceError(Exception):
    """The grid could not hold the zones (the caller tries the next stream)."""


def lay_out(rng: random.Random, blueprint: Blueprint, mission: Mission) -> None:
    """Rooms and exits for ``mission`` in ``blueprint``; the locks' rooms and directions filled in."""
    cells: dict[tuple[int, int], str] = {}
    counter = iter(range(1, 10_000))

    def add_room(zone: int, cell: tuple[int, int]) -> RoomPlan:
        room = RoomPlan(f"room-{next(counter)}", zone, cell)
        blueprint.rooms[room.id] = room
        cells[cell] = room.id
        return room

    start = add_room(0, (0, 0))
    blueprint.start = start.id
    _grow(rng, blueprint, cells, add_room, 0, start, mission.zone_sizes[0] - 1)
    for index, spec in enumerate(mission.locks):
        door_room, direction = _door(rng, blueprint, cells, index)
        dx, dy = STEPS[direction]
        entry = add_room(index + 1, (door_room.cell[0] + dx, door_room.cell[1] + dy))
        door_room.exits[direction] = ExitPlan(entry.id, lock=spec.kind)
        entry.exits[BACK[direction]] = ExitPlan(door_room.id)
        blueprint.locks.append(Lock(index, spec.kind, spec.placement, door_room.id, direction, entry.id))
        _grow(rng, blueprint, cells, add_room, index + 1, entry, mission.zone_sizes[index + 1] - 1)
    _loops(rng, blueprint, cells)


def _free(cells: dict[tuple[int, int], str], cell: tuple[int, int]) -> list[str]:
    return [d for d, (dx, dy) in STEPS.items() if (cell[0] + dx, cell[1] + dy) not in cells]


def _grow(rng: random.Random, blueprint: Blueprint, cells: dict[tuple[int, int], str], add_room: object,
          zone: int, entry: RoomPlan, count: int) -> None:
    """``count`` more rooms in ``zone``, each beside one already there (a tree, rooted at ``entry``)."""
    assert callable(add_room)
    members = [entry]
    for _ in range(count):
        growable = [r for r in members if _free(cells, r.cell)]
        if not growable:
            raise SpaceError(f"zone {zone} is walled in")
        # Prefer the newest rooms a little: long arms read as journeys, not blobs.
        parent = growable[-1] if rng.random() < 0.4 else rng.choice(growable)
        direction = rng.choice(_free(cells, parent.cell))
        dx, dy = STEPS[direction]
        room: RoomPlan = add_room(zone, (parent.cell[0] + dx, parent.cell[1] + dy))
        parent.exits[direction] = ExitPlan(room.id)
        room.exits[BACK[direction]] = ExitPlan(parent.id)
        members.append(room)


def _door(rng: random.Random, blueprint: Blueprint, cells: dict[tuple[int, int], str],
          zone: int) -> tuple[RoomPlan, str]:
    """The room of ``zone`` the next lock is in: one of the farthest from the zone's entry with a free side."""
    rooms = [blueprint.rooms[r] for r in blueprint.zone_rooms(zone)]
    distance = _distances(blueprint, rooms[0].id, zone)
    candidates = [r for r in rooms if _free(cells, r.cell) and r.id != blueprint.start]
    if not candidates:
        raise SpaceError(f"zone {zone} has no free side for its door")
    far = max(distance[r.id] for r in candidates)
    best = [r for r in candidates if distance[r.id] >= far - 1]
    room = rng.choice(best)
    return room, rng.choice(_free(cells, room.cell))


def _distances(blueprint: Blueprint, origin: str, zone: int) -> dict[str, int]:
    seen = {origin: 0}
    queue = deque([origin])
    while queue:
        here = queue.popleft()
        for exit_plan in blueprint.rooms[here].exits.values():
            if exit_plan.to not in seen and blueprint.rooms[exit_plan.to].zone == zone:
                seen[exit_plan.to] = seen[here] + 1
                queue.append(exit_plan.to)
    return seen


def _loops(rng: random.Random, blueprint: Blueprint, cells: dict[tuple[int, int], str]) -> None:
    for room in list(blueprint.rooms.values()):
        for direction in ("east", "south"):
            dx, dy = STEPS[direction]
            other_id = cells.get((room.cell[0] + dx, room.cell[1] + dy))
            if other_id is None or direction in room.exits:
                continue
            other = blueprint.rooms[other_id]
            if other.zone == room.zone and rng.random() < LOOP_CHANCE:
                room.exits[direction] = ExitPlan(other.id)
                other.exits[BACK[direction]] = ExitPlan(room.id)
