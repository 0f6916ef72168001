"""``wayfarer simulate``: many runs by the scout (:mod:`game.authoring.scout`), summed up per system.

Run *i* of a simulation plays with seed ``seed + i``, under each chosen system.
Runs are spread over worker processes (``jobs``; 0 means the machine's cores)
and gathered back in seed order, so the same seed gives byte-identical output
whatever ``jobs`` is.  A progress bar goes to standard error when it is a
terminal, never into the output.

The JSON (stable; docs/authoring.md §13)::

    {"adventure": ID, "runs": N, "seed": S, "max_turns": T,
     "systems": {SYSTEM: {"win_rate", "wins", "deaths", "timeouts", "causes_of_death",
                          "median_turns", "median_days",
                          "encounters": {NPC-ID: {"fights", "player_won", "mean_damage_taken"}},
                          "beyond": REASON}}}

``median_turns`` and ``median_days`` are over the runs that were won (over all
runs when none was: the text report then says no run won, not a median).
``beyond`` is there only when the scout could not work towards a win in a run
not won (a trigger's condition it cannot bring about): the most common reason.
A run that ends in a losing ending counts as a death, its cause ``ending: TEXT``.  ``mean_damage_taken`` is the share of the player's full
health lost in a fight with that NPC (0 to 1; systems count health
differently, so a share is what compares across them).
"""
from __future__ import annotations

import os
import statistics
import sys
from collections import Counter, deque
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, TextIO

from game.authoring.scout import RunResult, play_run
from game.world.content import Adventure
from game.world.holders import MAX_NESTING
from game.world.loader import load_adventure

#: The adventure a worker plays: set in the parent before the pool starts, so that forked
#: workers inherit it; a worker started afresh (spawn, forkserver) loads it in ``_init_worker``.
_WORKER: dict[str, Adventure] = {}


def _init_worker(folder: str) -> None:
    if "adventure" not in _WORKER:
        _WORKER["adventure"] = load_adventure(folder)


Task = tuple[str, int, int, bool]


def _one(task: Task) -> RunResult:
    system_id, seed, max_turns, explorer = task
    return play_run(_WORKER["adventure"], system_id, seed, max_turns, explorer=explorer)


def _results(folder: Path, adventure: Adventure, tasks: list[Task], jobs: int) -> Iterator[RunResult]:
    """Each task's result, in the tasks' order.

    With several jobs, tasks go out in chunks of about an eighth of a worker's
    share: small enough that the workers finish within a few runs of each other,
    large enough that the parent (which shares the cores) does little sending.  The
    loaded adventure is inherited by forked workers, not loaded again by each (a
    10,000-room adventure takes a second to load).  The rule systems are left for
    the workers to import side by side: importing them here first would only make
    the parent's start longer.
    """
    if jobs <= 1 or len(tasks) < 4:
        for system_id, seed, max_turns, explorer in tasks:
            yield play_run(adventure, system_id, seed, max_turns, explorer=explorer)
        return
    _WORKER["adventure"] = adventure
    try:
        with ProcessPoolExecutor(max_workers=jobs, initializer=_init_worker, initargs=(str(folder),)) as pool:
            yield from pool.map(_one, tasks, chunksize=max(1, len(tasks) // (jobs * 8)))
    finally:
        _WORKER.clear()


def simulate_all(folder: Path, adventure: Adventure, systems: Sequence[str], *, runs: int, seed: int, jobs: int = 0,
                 max_turns: int = 800, progress: TextIO | None = None, explore: bool = True) -> dict[str, Any]:
    """Play ``runs`` runs under each system; the report as the JSON object above.  Without ``explore``
    no explorer plays (no ``off_path`` figure): for a caller that reads the win rates only."""
    jobs = jobs or os.cpu_count() or 1
    explorers = explorer_runs(runs) if explore else 0
    tasks = [(system_id, seed + i, max_turns, i >= runs) for system_id in systems for i in range(runs + explorers)]
    stream = progress if progress is not None else sys.stderr
    bar = _Bar(stream, len(tasks)) if stream.isatty() else None
    by_system: dict[str, list[RunResult]] = {system_id: [] for system_id in systems}
    for (system_id, _seed, _turns, _explorer), result in zip(tasks, _results(folder, adventure, tasks, jobs),
                                                              strict=True):
        by_system[system_id].append(result)
        if bar is not None:
            bar.tick(system_id)
    if bar is not None:
        bar.close()
    off_path = rooms_off_path(adventure)
    return {"adventure": adventure.id, "runs": runs, "seed": seed, "max_turns": max_turns,
            "systems": {system_id: summarise(results, off_path) for system_id, results in by_system.items()}}


def explorer_runs(runs: int) -> int:
    """How many explorers' runs go with ``runs`` runs (a fifth, at least one): their seeds follow."""
    return max(1, runs // 5)


def rooms_off_path(adventure: Adventure) -> list[str]:
    """The rooms off the path to the goal: not on a shortest way (locks aside) from the start to the goal's
    room, items and foes, to the winning triggers' rooms, nor to the keys and triggers that open the
    locked ways on those."""
    rooms = adventure.rooms
    came: dict[str, str | None] = {adventure.start: None}
    queue = deque([adventure.start])
    while queue:
        here = queue.popleft()
        for exit_def in rooms[here].exits.values():
            if exit_def.to in rooms and exit_def.to not in came:
                came[exit_def.to] = here
                queue.append(exit_def.to)
    wanted = set(_goal_rooms(adventure))
    on_path: set[str] = set()
    for _ in range(MAX_NESTING):
        for room_id in list(wanted - on_path):
            step: str | None = room_id if room_id in came else None
            while step is not None and step not in on_path:
                on_path.add(step)
                step = came[step]
        more = _openers_of(adventure, on_path)
        if more <= wanted:
            break
        wanted |= more
    return [r for r in rooms if r in came and r not in on_path]


def _goal_rooms(adventure: Adventure) -> Iterator[str]:
    goal = adventure.goal
    if goal.reach:
        yield goal.reach
    for item_id in goal.carrying:
        yield from _home_room(adventure, adventure.item_homes.get(item_id, ""))
    for npc_id in goal.defeat:
        yield from ([adventure.npc_homes[npc_id]] if npc_id in adventure.npc_homes else [])
    for trigger in adventure.triggers:
        if trigger.end != "won":
            continue
        yield from trigger.rooms[:1]
        when = trigger.when
        if when is not None:
            for item_id in (*when.carrying, *when.item_in):
                yield from _home_room(adventure, adventure.item_homes.get(item_id, ""))
            for holder in when.item_in.values():
                yield from (r for r, room in adventure.rooms.items() if holder in room.scenery)
                yield from _home_room(adventure, adventure.item_homes.get(holder, ""))


def _home_room(adventure: Adventure, home: str) -> Iterator[str]:
    kind, _, where = home.partition(":")
    if kind in ("room", "search"):
        yield where
    elif kind == "npc" and where in adventure.npc_homes:
        yield adventure.npc_homes[where]
    elif kind == "in":
        if "/" in where:
            yield where.partition("/")[0]
        else:
            yield from _home_room(adventure, adventure.item_homes.get(where, ""))


def _openers_of(adventure: Adventure, on_path: set[str]) -> set[str]:
    """The rooms of the keys and of the triggers that open the locked ways between rooms on the path."""
    found: set[str] = set()
    for room_id in on_path:
        for exit_def in adventure.rooms[room_id].exits.values():
            if exit_def.to not in on_path or not exit_def.lockable:
                continue
            if exit_def.locked_by:
                found.update(_home_room(adventure, adventure.item_homes.get(exit_def.locked_by, "")))
            way = f"{room_id}/{exit_def.direction}"
            found.update(r for t in adventure.triggers if way in t.open for r in t.rooms[:1])
    return found


def summarise(results: list[RunResult], off_path: Sequence[str] = ()) -> dict[str, Any]:
    """One system's figures from its runs (an explorer's run counts only towards ``off_path``)."""
    explorers = [r for r in results if r.explorer]
    results = [r for r in results if not r.explorer]
    wins = [r for r in results if r.outcome == "won"]
    deaths = [r for r in results if r.outcome == "dead"]
    counted = wins or results
    causes = Counter(r.cause for r in deaths)
    encounters: dict[str, dict[str, Any]] = {}
    fights: dict[str, list[tuple[bool, float]]] = {}
    for result in results:
        for fight in result.fights:
            fights.setdefault(fight.npc, []).append((fight.won, fight.damage))
    for npc_id in sorted(fights):
        entries = fights[npc_id]
        encounters[npc_id] = {
            "fights": len(entries),
            "player_won": round(sum(1 for won, _ in entries if won) / len(entries), 3),
            "mean_damage_taken": round(sum(damage for _, damage in entries) / len(entries), 3),
        }
    beyond = Counter(r.beyond for r in results if r.beyond and r.outcome != "won")
    figures: dict[str, Any] = {
        "win_rate": round(len(wins) / len(results), 3) if results else 0.0,
        "wins": len(wins), "deaths": len(deaths), "timeouts": len(results) - len(wins) - len(deaths),
        "causes_of_death": dict(sorted(causes.items(), key=lambda kv: (-kv[1], kv[0]))),
        "median_turns": _median([r.turns for r in counted]),
        "median_days": _median([r.days for r in counted]),
        "encounters": encounters,
    }
    if beyond:
        figures["beyond"] = min(beyond.items(), key=lambda kv: (-kv[1], kv[0]))[0]
    if explorers and off_path:
        died = [r for r in explorers if r.outcome == "dead" and r.death_room in off_path]
        figures["off_path"] = {
            "rooms": list(off_path), "explorer_runs": len(explorers), "explorer_deaths": len(died),
            "causes_of_death": dict(sorted(Counter(r.cause for r in died).items(), key=lambda kv: (-kv[1], kv[0])))}
    openings = Counter(r.openings for r in wins if r.openings)
    if openings:
        figures["openings"] = list(min(openings.items(), key=lambda kv: (-kv[1], kv[0]))[0])
    return figures


def _median(values: list[int]) -> float | int:
    if not values:
        return 0
    middle = statistics.median(values)
    return int(middle) if float(middle).is_integer() else float(middle)


class _Bar:
    """``[#####.....] 12/40 vaarn`` on one line of a terminal."""

    WIDTH = 30

    def __init__(self, stream: TextIO, total: int) -> None:
        self.stream, self.total, self.done = stream, total, 0

    def _write(self, text: str) -> None:
        """The bar's own carriage returns reach the terminal (a neutralised stream lets them through here)."""
        getattr(self.stream, "write_control", self.stream.write)(text)

    def tick(self, label: str) -> None:
        self.done += 1
        filled = self.WIDTH * self.done // self.total
        self._write(f"\r[{'#' * filled}{'.' * (self.WIDTH - filled)}] {self.done}/{self.total} {label:<16}")
        self.stream.flush()

    def close(self) -> None:
        self._write("\r" + " " * (self.WIDTH + 40) + "\r")
        self.stream.flush()
