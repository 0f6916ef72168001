"""The walkthrough: the chain of steps played on five engines at once, written as a transcript.

The same commands go to one engine per rule system, all started from the same
seed; where dice decide how long a step takes (a search, a fight) the step is
repeated until it is done under every system (a repeat is harmless where it
is already done: a second search finds nothing new, an attack on a foe who is
down finds no one), and a question asked under any system is answered yes.
The transcript written is exactly what was typed, with the rooms' names and
the goal's text as its expected lines, so ``wayfarer test --all-systems``
replays it.  A seed under which some system dies is dropped and the next
tried; :class:`WalkthroughError` when none of them wins everywhere.
"""
from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from typing import Any

from game.actions.combat import striking_weapon
from game.engine import Engine
from game.generate.model import Blueprint
from game.rules.registry import get_system
from game.world.content import Adventure, ExitDef

SEEDS_TRIED = 60
ROUNDS = 40


class WalkthroughError(Exception):
    """No transcript seed gave a walk that wins under every system."""


class _Failed(Exception):
    pass


class Walker:
    """Five engines, one list of commands."""

    def __init__(self, adventure: Adventure, seed: int, systems: Iterable[str]) -> None:
        self.adventure = adventure
        self.seed = seed
        self.engines = {s: Engine.new_game(adventure, get_system(s, adventure.rules.get(s, {})), seed)
                        for s in systems}
        self.lines: list[str] = []
        self.opened: set[tuple[str, str]] = set()
        self.fighting = False
        self.last: dict[str, list[str]] = {}

    # -- typing -----------------------------------------------------------------------------------
    def open(self, start_name: str) -> None:
        outputs = [self._screen(e.opening()) for e in self.engines.values()]
        if all(any(start_name in line for line in out) for out in outputs):
            self.lines.append(start_name)

    def say(self, command: str, expect: str = "") -> None:
        outputs = []
        for system_id, engine in self.engines.items():
            if engine.state.status in ("dead", "lost"):
                raise _Failed(f"the run ended ({engine.state.status}) before: {command}")
            outputs.append(self._screen(engine.submit(command).lines))
            self.last[system_id] = outputs[-1]
        self.lines.append(f"> {command}")
        if expect and all(any(expect in line for line in out) for out in outputs):
            self.lines.append(expect)
        for _ in range(3):
            if not any(e.asking is not None for e in self.engines.values()):
                break
            prompts = " ".join(e.asking.question.prompt for e in self.engines.values() if e.asking is not None)
            answer = "no" if "kill you" in prompts else "yes"  # never walk into thirst; spend points, attack
            self.lines.append(f"> {answer}")
            for engine in self.engines.values():
                engine.submit(answer)
        if any(e.state.status in ("dead", "lost") for e in self.engines.values()):
            raise _Failed(f"died at: {command}")
        if not self.fighting:
            self.fight_here()

    @staticmethod
    def _screen(lines: Iterable[str]) -> list[str]:
        return [part for line in lines for part in line.split("\n")]

    # -- what the engines know -------------------------------------------------------------------
    @property
    def worlds(self) -> list[Any]:
        return [e.world for e in self.engines.values() if e.state.status == "playing"]

    def room(self) -> str:
        rooms = {e.state.room for e in self.engines.values()}
        if len(rooms) != 1:
            raise _Failed(f"the systems' runs parted ways: {sorted(rooms)}")
        return rooms.pop()

    def hostiles(self) -> list[str]:
        found: dict[str, None] = {}
        for world in self.worlds:
            for npc in world.living_npcs_in():
                if world.hostile(npc) and world.npc_condition(npc) == "ok":
                    found[npc] = None
        return list(found)

    def npc_word(self, npc_id: str) -> str:
        npc = self.adventure.npcs[npc_id]
        return npc.aliases[0] if npc.aliases else npc.name

    def item_word(self, item_id: str) -> str:
        return self.adventure.items[item_id].name

    # -- steps -----------------------------------------------------------------------------------
    def fight_here(self, npc_id: str | None = None) -> None:
        """Attack the hostiles here (and ``npc_id``) until none stands under any system."""
        self.fighting = True
        try:
            for _ in range(ROUNDS):
                foes = self.hostiles()
                if npc_id and not self.blocker_gone(npc_id) and npc_id not in foes:
                    foes.append(npc_id)
                if not foes:
                    return
                if npc_id in foes and self.blocker_gone(npc_id):
                    foes.remove(npc_id)
                    if not foes:
                        return
                turns = {s: e.state.turn for s, e in self.engines.items()}
                self.say(self._closer(foes[0]) or f"attack {self.npc_word(foes[0])}")
                if any(e.state.turn == turns[s] for s, e in self.engines.items()):
                    self.say("end")  # Open Adventures: the turn's dice are spent (elsewhere an unknown word)
            raise _Failed("a fight would not end")
        finally:
            self.fighting = False

    def _closer(self, npc_id: str) -> str | None:
        """The command that closes in on ``npc_id`` where a system says a blow cannot reach from here."""
        for engine in self.engines.values():
            world = engine.world
            if engine.state.status == "playing" and npc_id in world.living_npcs_in():
                closer = engine.play.closing_in(world, npc_id, striking_weapon(world, None))
                if closer is not None:
                    return str(closer)
        return None

    def blocker_gone(self, npc_id: str) -> bool:
        """``npc_id`` is down, dead or gone from here under every system."""
        return all(npc_id not in w.living_npcs_in() or w.npc_condition(npc_id) != "ok" for w in self.worlds)

    def health(self) -> float:
        return min(float(e.system.health_fraction(e.state.player)) for e in self.engines.values())

    def recover(self) -> None:
        """Rest until whole again under every system (a few nights at most), before the next fight."""
        for _ in range(3):
            if self.health() >= 0.99 or self.hostiles() or min(e.state.water for e in self.engines.values()) < 1:
                return
            self.say("rest long")

    def go_to(self, target: str, names: dict[str, str]) -> None:
        for direction in self.path(self.room(), target):
            self.step(direction, names)

    def step(self, direction: str, names: dict[str, str]) -> None:
        to = self.adventure.rooms[self.room()].exits[direction].to
        guard = self.blocker(direction)
        if guard is not None:
            self.fight_here(guard)
            self.recover()
        self.say(direction, names[to])
        if self.room() != to and not self.hostiles():
            self.say(direction, names[to])  # a foe barred the way, and the fight that followed has ended
        if self.room() != to:
            raise _Failed(f"could not go {direction}")
        if self.adventure.rooms[to].water_source and min(e.state.water for e in self.engines.values()) < 3:
            self.say("fill")

    def path(self, origin: str, target: str) -> list[str]:
        """Directions from ``origin`` to ``target`` by ways open to the player now, round foes when it can."""
        foes = {self._npc_room(n) for n in self.adventure.npcs if self._hostile_anywhere(n)}
        for avoid in (foes - {target, origin}, set()):
            seen: dict[str, tuple[str, str] | None] = {origin: None}
            queue = deque([origin])
            while queue:
                here = queue.popleft()
                if here == target:
                    return self._back(seen, target)
                for exit_def in self.adventure.rooms[here].exits.values():
                    if exit_def.to not in seen and exit_def.to not in avoid and self._usable(here, exit_def):
                        seen[exit_def.to] = (here, exit_def.direction)
                        queue.append(exit_def.to)
        raise _Failed(f"no way from {origin} to {target}")

    @staticmethod
    def _back(seen: dict[str, tuple[str, str] | None], target: str) -> list[str]:
        path: list[str] = []
        link = seen[target]
        while link is not None:
            path.append(link[1])
            link = seen[link[0]]
        return path[::-1]

    def _usable(self, room: str, exit_def: ExitDef) -> bool:
        return all(w.exit_visible(room, exit_def) and (w.exit_open(room, exit_def) or not exit_def.locked_by)
                   for w in self.worlds)

    def blocker(self, direction: str) -> str | None:
        """A standing guard here that bars ``direction`` under some system (a guard blocks its way wherever it is)."""
        for world in self.worlds:
            for npc_id in world.living_npcs_in():
                if world.npc(npc_id).blocks == direction and world.npc_condition(npc_id) == "ok":
                    return str(npc_id)
        return None

    def _hostile_anywhere(self, npc_id: str) -> bool:
        return any(w.npc_condition(npc_id) == "ok" and w.hostile(npc_id) and self._npc_room_in(w, npc_id)
                   for w in self.worlds)

    def _npc_room(self, npc_id: str) -> str:
        for world in self.worlds:
            room = self._npc_room_in(world, npc_id)
            if room:
                return room
        return ""

    @staticmethod
    def _npc_room_in(world: Any, npc_id: str) -> str:
        room = world.npc_room(npc_id) if world.npc_condition(npc_id) == "ok" else None
        return str(room) if room else ""

    def search_until(self, done: Any, what: str) -> None:
        for _ in range(ROUNDS):
            if all(done(w) for w in self.worlds):
                return
            self.say("search")
        raise _Failed(f"searching never found {what}")

    def take(self, item_id: str) -> None:
        self.say(f"take {self.item_word(item_id)}")
        if not all(item_id in w.carried() for w in self.worlds):
            raise _Failed(f"could not take {item_id}")


def play_chain(walker: Walker, blueprint: Blueprint, ids: dict[str, str]) -> None:
    """Type the chain of steps: each lock opened in turn, then the goal."""
    adventure = walker.adventure
    names = {room_id: room.name for room_id, room in adventure.rooms.items()}
    walker.open(names[ids[blueprint.start]])
    _shop(walker, blueprint, ids, names)
    for lock in blueprint.locks:
        room, direction = ids[lock.room], lock.direction
        exit_def = adventure.rooms[room].exits[direction]
        if lock.kind == "key" and lock.item:
            _get_key(walker, blueprint, lock, ids, names)
            walker.go_to(room, names)
            walker.say(f"unlock {direction} with {walker.item_word(lock.item)}")
        elif lock.kind == "lever" and lock.item and lock.aid and lock.aid_room:
            walker.go_to(ids[lock.aid_room], names)
            walker.take(lock.aid)
            walker.go_to(room, names)
            lever = next(x.name for x in blueprint.rooms[lock.room].scenery if x.id == lock.item)
            walker.say(f"pull {lever}")
        elif lock.kind == "hidden":
            if lock.item and lock.key_room:
                walker.go_to(ids[lock.key_room], names)
                walker.take(lock.item)
                walker.go_to(room, names)
                walker.say(f"use {walker.item_word(lock.item)}")
            else:
                walker.go_to(room, names)
            walker.search_until(lambda w, r=room, e=exit_def: w.exit_visible(r, e), f"the way {direction}")
        elif lock.kind == "guard" and lock.npc:
            walker.go_to(room, names)
            walker.recover()
            walker.fight_here(lock.npc)
            walker.recover()
        walker.step(direction, names)
    _goal(walker, blueprint, ids, names)


def _shop(walker: Walker, blueprint: Blueprint, ids: dict[str, str], names: dict[str, str]) -> None:
    """First to the market: the treasure sold, a better weapon and armour bought, water filled, as a
    careful player would (and as the simulator's player does)."""
    merchant = next(n for n in blueprint.npcs.values() if n.role == "merchant")
    walker.go_to(ids[blueprint.market], names)
    treasure = next((i for i in blueprint.player_items if blueprint.items[i].role == "treasure"), None)
    if treasure:
        walker.say(f"sell {walker.item_word(treasure)}")
    for item in merchant.items:
        if blueprint.items[item].role in ("weapon", "armour"):
            walker.say(f"buy {walker.item_word(item)}")
    walker.say("fill")


def _get_key(walker: Walker, blueprint: Blueprint, lock: Any, ids: dict[str, str], names: dict[str, str]) -> None:
    if lock.placement == "dark" and lock.aid and lock.aid_room:
        walker.go_to(ids[lock.aid_room], names)
        walker.take(lock.aid)
    key_room = ids[lock.key_room]
    walker.go_to(key_room, names)
    if lock.placement == "keeper" and lock.npc:
        walker.recover()
        walker.fight_here(lock.npc)
    if lock.placement == "search":
        walker.search_until(lambda w: lock.item not in w.items_at(f"search:{key_room}"), lock.item)
    if lock.placement == "container":
        holder = next(s for s in blueprint.rooms[lock.key_room].fixed_scenery if s.kind == "container")
        walker.say(f"open {holder.name}")
    walker.take(lock.item)


def _goal(walker: Walker, blueprint: Blueprint, ids: dict[str, str], names: dict[str, str]) -> None:
    goal_room = ids[blueprint.goal_room]
    text = blueprint.goal_text.split(".")[0][:40]
    if blueprint.goal_kind == "reach":
        path = walker.path(walker.room(), goal_room)
        for direction in path[:-1]:
            walker.step(direction, names)
        walker.say(path[-1], text)
    elif blueprint.goal_kind == "bring" and blueprint.goal_item:
        walker.go_to(goal_room, names)
        walker.take(blueprint.goal_item)
        start = ids[blueprint.start]
        path = walker.path(walker.room(), start)
        for direction in path[:-1]:
            walker.step(direction, names)
        walker.say(path[-1], text)
    elif blueprint.goal_npc:
        path = walker.path(walker.room(), goal_room)
        for direction in path[:-1]:
            walker.step(direction, names)
        walker.recover()
        walker.step(path[-1], names)
        walker.fight_here(blueprint.goal_npc)
    if any(e.state.status == "won" for e in walker.engines.values()):
        walker.say("look", "You have won")
    if any(e.state.status != "won" for e in walker.engines.values()):
        raise _Failed("the walk did not win under every system")


def walkthrough(adventure: Adventure, blueprint: Blueprint, ids: dict[str, str], systems: Iterable[str]) -> tuple[str, int]:
    """The walkthrough transcript and the seed it was played with; WalkthroughError when no seed wins."""
    systems = tuple(systems)
    reasons: list[str] = []
    for seed in range(1, SEEDS_TRIED + 1):
        walker = Walker(adventure, seed, systems)
        try:
            play_chain(walker, blueprint, ids)
        except _Failed as failure:
            reasons.append(f"seed {seed}: {failure}")
            continue
        head = [f"# system: {adventure.system}", f"# seed: {seed}",
                "# The generator's walkthrough: the chain of steps to the goal, played under every system",
                "# (wayfarer test ADVENTURE --all-systems). Searches and blows repeat until done under all five."]
        return "\n".join(head + walker.lines) + "\n", seed
    raise WalkthroughError("; ".join(reasons[:3]))
