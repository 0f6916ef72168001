"""The dead-end search: every state of the puzzle the player can reach, and whether the goal is still reachable from it.

The abstract state is the player's room, the chain's things held (keys, the
lamp, the exotica, the relic), the locks opened, the hidden ways and search
finds found, the containers opened, the dark rooms lit, and the guardians and the boss defeated.
Moves are the chain's own verbs: walk an open way, take, search, use the
exotica, unlock, pull a lever, force a forceable door, buy from the merchant
(and sell back: a sold thing is bought again with water, which the market's
well refills), fight a guardian, light a dark room by walking in with the lamp.

What it leaves out, on purpose: dice (every check is taken to succeed at some
try; a fight can be lost, which is a death, not a dead end), and dropping
things: no way ever closes again and every way has a way back, so a thing put
down can always be fetched.  A state from which no sequence of moves reaches
the goal is a dead end; the generator builds none (each key lies before its
door) and this search shows it, state by state.
"""
from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass

from game.generate.model import Blueprint, Lock

State = tuple[str, frozenset[str]]  # (room, facts): held:ID, open:N, found:N, searched:ROOM, opened:ROOM (its
#                                     container), lit:ROOM, down:NPC, sold:ID


@dataclass(frozen=True)
class DeadEnds:
    states: int
    dead_ends: int
    example: str  # a dead-end state, told; "" when there is none
    shortest: int  # moves on the shortest win
    revisits: int = 0  # steps into a room already walked through, on the shortest win
    branching: float = 0.0  # things to do that change the state (not walking), on average over the states


def search(blueprint: Blueprint, limit: int = 200_000) -> DeadEnds:
    start: State = (blueprint.start, frozenset())
    edges: dict[State, list[State]] = {}
    queue = deque([start])
    edges[start] = []
    depth = {start: 0}
    parent: dict[State, State] = {}
    shortest, first_win, doings = -1, None, 0
    while queue:
        state = queue.popleft()
        if _won(blueprint, state):
            if shortest < 0:
                shortest, first_win = depth[state], state
            continue  # the run ends here
        for following in _moves(blueprint, state):
            edges[state].append(following)
            doings += following[1] != state[1]
            if following not in edges:
                edges[following] = []
                depth[following] = depth[state] + 1
                parent[following] = state
                queue.append(following)
                if len(edges) > limit:
                    raise RuntimeError(f"more than {limit} puzzle states")
    alive = {s for s in edges if _won(blueprint, s)}
    backwards: dict[State, list[State]] = {s: [] for s in edges}
    for state, followers in edges.items():
        for following in followers:
            backwards[following].append(state)
    queue = deque(alive)
    while queue:
        state = queue.popleft()
        for before in backwards[state]:
            if before not in alive:
                alive.add(before)
                queue.append(before)
    dead = [s for s in edges if s not in alive]
    example = f"in {dead[0][0]} with {', '.join(sorted(dead[0][1])) or 'nothing'}" if dead else ""
    return DeadEnds(len(edges), len(dead), example, shortest, _revisits(parent, first_win),
                    round(doings / max(1, len(edges)), 2))


def _revisits(parent: dict[State, State], end: State | None) -> int:
    rooms: list[str] = []
    while end is not None:
        rooms.append(end[0])
        end = parent.get(end)
    rooms.reverse()
    walked = [r for i, r in enumerate(rooms) if i == 0 or r != rooms[i - 1]]
    return len(walked) - len(set(walked))


def _won(blueprint: Blueprint, state: State) -> bool:
    room, facts = state
    if blueprint.goal_kind == "reach":
        return room == blueprint.goal_room
    if blueprint.goal_kind == "bring":
        return room == blueprint.start and f"held:{blueprint.goal_item}" in facts
    return f"down:{blueprint.goal_npc}" in facts


def _lock_at(blueprint: Blueprint, room: str, direction: str) -> Lock | None:
    for lock in blueprint.locks:
        if lock.room == room and lock.direction == direction:
            return lock
    return None


def _passable(lock: Lock | None, facts: frozenset[str]) -> bool:
    if lock is None:
        return True
    if lock.kind in ("key", "lever"):
        return f"open:{lock.index}" in facts
    if lock.kind == "hidden":
        return f"found:{lock.index}" in facts
    return f"down:{lock.npc}" in facts


def _visible_items(blueprint: Blueprint, room: str, facts: frozenset[str]) -> Iterator[str]:
    plan = blueprint.rooms[room]
    if plan.dark and f"lit:{room}" not in facts:
        return
    yield from plan.items
    for npc_id in plan.npcs:
        if f"down:{npc_id}" in facts:
            yield from blueprint.npcs[npc_id].items
    if f"searched:{room}" in facts:
        yield from plan.search_items
    if f"opened:{room}" in facts:
        for contents in plan.holders.values():
            yield from contents


def _unlit(blueprint: Blueprint, room: str, facts: frozenset[str]) -> bool:
    return blueprint.rooms[room].dark and f"lit:{room}" not in facts


def _chain_items(blueprint: Blueprint) -> set[str]:
    found = {i for lock in blueprint.locks for i in (lock.item, lock.aid) if i}
    if blueprint.goal_item:
        found.add(blueprint.goal_item)
    return {i for i in found if i in blueprint.items and not blueprint.items[i].fixed}


def _moves(blueprint: Blueprint, state: State) -> Iterator[State]:
    room, facts = state
    chain = _chain_items(blueprint)
    for direction, exit_plan in blueprint.rooms[room].exits.items():
        if _passable(_lock_at(blueprint, room, direction), facts):
            entered = facts
            dark = blueprint.rooms[exit_plan.to]
            lamp = next((lock.aid for lock in blueprint.locks if lock.key_room == exit_plan.to and lock.aid), None)
            if dark.dark and lamp and f"held:{lamp}" in facts:
                entered = facts | {f"lit:{exit_plan.to}"}
            yield exit_plan.to, entered
    for item in _visible_items(blueprint, room, facts):
        taken = f"taken:{item}"
        if item in chain and taken not in facts:
            yield room, facts | {f"held:{item}", taken}
    if blueprint.rooms[room].search_items and f"searched:{room}" not in facts:
        yield room, facts | {f"searched:{room}"}
    if blueprint.rooms[room].holders and f"opened:{room}" not in facts and not _unlit(blueprint, room, facts):
        yield room, facts | {f"opened:{room}"}  # a shut container, never locked: opening it always works
    if room == blueprint.market:
        yield from _trade(blueprint, state, chain)
    for lock in blueprint.locks:
        if lock.room != room:
            continue
        if lock.kind in ("key",) and (f"held:{lock.item}" in facts or blueprint.rooms[room].exits[lock.direction].force):
            yield room, facts | {f"open:{lock.index}"}
        elif lock.kind == "lever" and f"held:{lock.aid}" in facts:
            yield room, facts | {f"open:{lock.index}"}
        elif lock.kind == "hidden" and (lock.item is None or f"held:{lock.item}" in facts
                                        or blueprint.rooms[room].exits[lock.direction].find):
            yield room, facts | {f"found:{lock.index}"}
        elif lock.kind == "guard" and lock.npc:
            yield room, facts | {f"down:{lock.npc}"}
    for lock in blueprint.locks:
        if lock.placement == "keeper" and lock.npc and lock.key_room == room:
            yield room, facts | {f"down:{lock.npc}"}
    if blueprint.goal_npc and room == blueprint.goal_room:
        yield room, facts | {f"down:{blueprint.goal_npc}"}


def _trade(blueprint: Blueprint, state: State, chain: set[str]) -> Iterator[State]:
    room, facts = state
    merchant = next(n for n in blueprint.npcs.values() if n.role == "merchant")
    for item in merchant.items:
        if item in chain and f"held:{item}" not in facts and f"bought:{item}" not in facts:
            yield room, facts | {f"held:{item}", f"bought:{item}"}
    for fact in facts:
        if fact.startswith("held:"):
            item = fact[5:]
            yield room, (facts - {fact}) | {f"sold:{item}"}
            # bought back with water at once, or later: the same state as before selling, so it is reversible
    for fact in facts:
        if fact.startswith("sold:"):
            item = fact[5:]
            yield room, (facts - {fact}) | {f"held:{item}"}
