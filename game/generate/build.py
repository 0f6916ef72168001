"""From a seed to a blueprint: mission, then space, then people, then words.

Each phase draws from its own stream, ``random.Random`` seeded with a string
naming the generator version, theme, size, seed and phase (string seeds are
hashed with SHA-512 by ``random``, the same on every machine; ``hash()`` and
set order are never used), so the words can change without moving a room.
"""
from __future__ import annotations

import random
from collections import deque

from game.errors import UsageError
from game.generate import people, words
from game.generate.mission import Mission, plan_mission
from game.generate.model import GENERATOR_VERSION, SIZES, Blueprint, Lock, RoomPlan
from game.generate.space import SpaceError, lay_out
from game.generate.themes import Scenery, load_theme

#: How far the fairness step may turn the danger dial each way.
DANGER_RANGE = (-2, 3)


def stream(theme: str, size: str, seed: int, phase: str) -> random.Random:
    return random.Random(f"wayfarer-generate {GENERATOR_VERSION} {theme} {size} {seed} {phase}")


def build(seed: int, theme_id: str, size: str, danger: int = 0, shifts: dict[str, int] | None = None) -> Blueprint:
    """The blueprint of one adventure (UsageError for an unknown theme or size)."""
    if size not in SIZES:
        raise UsageError(f"no size \"{size}\"; sizes: {', '.join(SIZES)}")
    theme = load_theme(theme_id)
    for attempt in range(50):
        rng = stream(theme_id, size, seed, f"space {attempt}")
        blueprint = Blueprint(seed, theme, size, danger, dict(shifts or {}))
        mission = plan_mission(rng, size)
        try:
            lay_out(rng, blueprint, mission)
        except SpaceError:
            continue
        _fix_places(rng, blueprint)
        _chain(stream(theme_id, size, seed, "chain"), blueprint, mission)
        rng_people = stream(theme_id, size, seed, "people")
        people.place_people(rng_people, blueprint)
        people.place_supplies(rng_people, blueprint)
        people.equip_player(rng_people, blueprint)
        words.write_words(stream(theme_id, size, seed, "words"), blueprint)
        return blueprint
    raise UsageError(f"seed {seed} gives no layout for a {size} adventure")  # never met in the catalog


def _fix_places(rng: random.Random, blueprint: Blueprint) -> None:
    """The start, the market beside it, and the goal room farthest into the last zone."""
    theme = blueprint.theme
    start = blueprint.rooms[blueprint.start]
    start.place = theme.start_place
    zone0 = [blueprint.rooms[r] for r in blueprint.zone_rooms(0) if r != blueprint.start]
    near = [r for r in zone0 if any(e.to == start.id for e in r.exits.values())]
    market = rng.choice(near or zone0)
    market.place, market.water, market.settlement = theme.market_place, True, True
    blueprint.market = market.id
    last = max(r.zone for r in blueprint.rooms.values())
    blueprint.goal_room = blueprint.zone_rooms(last)[-1]
    blueprint.rooms[blueprint.goal_room].place = theme.goal_place


def _chain(rng: random.Random, blueprint: Blueprint, mission: Mission) -> None:
    """Put each lock's opener in place, and the goal."""
    theme = blueprint.theme
    keys = list(theme.keys)
    rng.shuffle(keys)
    for lock, spec in zip(blueprint.locks, mission.locks, strict=True):
        door = blueprint.rooms[lock.room].exits[lock.direction]
        if lock.kind == "key":
            thing, door_name, door_texts = keys[lock.index % len(keys)]
            key = people.new_item(blueprint, "key", thing, "tool")
            lock.item = key.id
            door.locked_by, door.name = key.id, f"the {door_name}"
            door.description = words.fill(rng, theme, rng.choice(door_texts))
            _shut_feature(blueprint.rooms[lock.room], lock.direction, door_name,
                          words.fill(rng, theme, rng.choice(theme.phrases["shut"]), dir=lock.direction, door=door_name))
            _door_scenery(blueprint, lock, door_name, door.description)
            _place_key(rng, blueprint, lock)
        elif lock.kind == "lever":
            _lever(rng, blueprint, lock)
        elif lock.kind == "hidden":
            door.find = "normal"
            if spec.exotica:
                door.find = "hard"
                exotica = people.new_item(blueprint, "exotica", rng.choice(theme.exotica), "exotica")
                exotica.keys["effect"] = {"reveal": True}
                lock.item = exotica.id
                lock.key_room = _quiet_room(rng, blueprint, lock.index, avoid={lock.room})
                blueprint.rooms[lock.key_room].items.append(exotica.id)
        elif lock.kind == "guard":
            guardian = people.new_npc(blueprint, "guardian", rng.choice(theme.guardians),
                                      people.chain_tier(blueprint), "hostile", "guard", lock.room)
            guardian.blocks = lock.direction
            lock.npc = guardian.id
    _goal(rng, blueprint)


def _lever(rng: random.Random, blueprint: Blueprint, lock: Lock) -> None:
    """A lever by the door that works only with a part found elsewhere in the zone (the part is also the
    door's key: ``unlock`` with it does what pulling the lever does, so the simulator's player can follow)."""
    theme = blueprint.theme
    thing, door_name, part_thing = rng.choice(theme.levers)
    door = blueprint.rooms[lock.room].exits[lock.direction]
    lever = Scenery(people.slug(thing.name), thing.name, thing.aliases, (thing.description,), ())
    part = people.new_item(blueprint, "key", part_thing, "tool")
    lock.item, lock.aid = lever.id, part.id
    door.locked_by, door.name = part.id, f"the {door_name}"
    blueprint.rooms[lock.room].fixed_scenery.append(lever)
    door.description = f"The {door_name}, worked by the {thing.name} beside it."
    _door_scenery(blueprint, lock, door_name, door.description)
    _shut_feature(blueprint.rooms[lock.room], lock.direction, door_name,
                  words.fill(rng, theme, rng.choice(theme.phrases["lever_shut"]),
                             dir=lock.direction, door=door_name, lever=thing.name))
    lock.aid_room = _quiet_room(rng, blueprint, lock.index, {lock.room, blueprint.market})
    blueprint.rooms[lock.aid_room].items.append(part.id)
    room = _room_ref(lock)
    blueprint.triggers.append({
        "on": "action", "verb": "shove", "thing": lever.id, "room": room, "when": {"carrying": part.id},
        "open": f"{room}/{lock.direction}",
        "refuse": rng.choice(theme.phrases["lever"]).format(lever=thing.name, door=door_name)})


def _shut_feature(room: RoomPlan, direction: str, door_name: str, sentence: str) -> None:
    """The room's sentence that a way is shut, and the one said in its place once the way is open (the
    room's text follows the world: see emit)."""
    room.features.append(sentence)
    room.shut_features[sentence] = (direction, f"The {door_name} stands open, the way {direction} clear.")


def _door_scenery(blueprint: Blueprint, lock: Lock, door_name: str, description: str) -> None:
    """The door the room's text names, as scenery (``examine door``; ``open door`` still opens the way)."""
    room = blueprint.rooms[lock.room]
    room.fixed_scenery.append(Scenery(people.slug(door_name), door_name, ("door",), (description,), ()))
    room.opened_text[people.slug(door_name)] = (lock.direction, f"The {door_name} stands open.")


def _room_ref(lock: Lock) -> str:
    """The room id a trigger names (ids are renamed to words when written: see emit)."""
    return lock.room


def _quiet_room(rng: random.Random, blueprint: Blueprint, zone: int, avoid: set[str]) -> str:
    """A room of ``zone`` (or the zone before, when it has none) with nothing of the chain in it yet."""
    busy = {blueprint.start, blueprint.goal_room} | avoid
    for lock in blueprint.locks:
        busy.update(r for r in (lock.key_room, lock.aid_room) if r)
    for z in range(zone, -1, -1):
        rooms = [r for r in blueprint.zone_rooms(z) if r not in busy and not blueprint.rooms[r].dark]
        if rooms:
            return rng.choice(rooms)
    return blueprint.start


def _place_key(rng: random.Random, blueprint: Blueprint, lock: Lock) -> None:
    assert lock.item is not None
    avoid = {lock.room, blueprint.market}
    entry = blueprint.zone_rooms(lock.index)[0]
    if lock.placement == "dark":
        avoid.add(entry)  # the lamp lies on the way in, one room before the dark one
    room = blueprint.rooms[_quiet_room(rng, blueprint, lock.index, avoid)]
    lock.key_room = room.id
    if lock.placement == "keeper":
        theme = blueprint.theme
        tier = people.chain_tier(blueprint)
        keeper = people.new_npc(blueprint, "keeper", theme.foes[min(len(theme.foes) - 1, max(0, tier - 1))], tier,
                                "hostile", "guard", room.id)
        keeper.items.append(lock.item)
        lock.npc = keeper.id
        return
    if lock.placement == "search":
        room.search, room.search_items = "normal", [lock.item]
        return
    if lock.placement == "container" and blueprint.theme.containers:
        holder = rng.choice(blueprint.theme.containers)
        room.fixed_scenery.append(holder)
        room.holders[holder.id] = [lock.item]
        room.features.append(words.fill(rng, blueprint.theme, rng.choice(holder.mentions), name=holder.name))
        return
    if lock.placement == "container":
        lock.placement = "floor"
    room.items.append(lock.item)
    if lock.placement == "dark" and room.id != blueprint.start:
        room.dark = True
        lamp = people.new_item(blueprint, "lamp", blueprint.theme.lamp, "tool")
        lock.aid = lamp.id
        lock.aid_room = _before(blueprint, entry, room.id)
        blueprint.rooms[lock.aid_room].items.append(lamp.id)
        flag = f"lit-{lock.item}"
        room.dark_flag = flag
        said = rng.choice(blueprint.theme.phrases["lamp"])
        blueprint.triggers.append({"on": "enter", "room": room.id, "when": {"carrying": lamp.id, "not_flag": flag},
                                   "set": flag, "say": said})
        blueprint.triggers.append({"on": "action", "verb": "light", "thing": lamp.id, "room": room.id,
                                   "when": {"not_flag": flag}, "set": flag, "refuse": said})
    elif lock.placement == "dark":
        lock.placement = "floor"


def _before(blueprint: Blueprint, entry: str, target: str) -> str:
    """The room just before ``target`` on the shortest way from ``entry``: whoever heads for the dark room
    passes the lamp (and the simulator's player takes what it passes)."""
    came: dict[str, str] = {entry: entry}
    queue = deque([entry])
    while queue:
        here = queue.popleft()
        for exit_plan in blueprint.rooms[here].exits.values():
            if exit_plan.to not in came and not exit_plan.lock:
                came[exit_plan.to] = here
                queue.append(exit_plan.to)
    return came.get(target, entry)


def _goal(rng: random.Random, blueprint: Blueprint) -> None:
    theme = blueprint.theme
    kind = stream(theme.id, blueprint.size, blueprint.seed, "goal").choice(("reach", "bring", "defeat"))
    blueprint.goal_kind = kind
    if kind == "bring":
        relic = people.new_item(blueprint, "relic", rng.choice(theme.relics), "treasure")
        blueprint.goal_item = relic.id
        blueprint.rooms[blueprint.goal_room].items.append(relic.id)
    elif kind == "defeat":
        boss = people.new_npc(blueprint, "boss", rng.choice(theme.bosses), people.chain_tier(blueprint) + (blueprint.danger >= 0),
                              "hostile", "guard", blueprint.goal_room)
        blueprint.goal_npc = boss.id
