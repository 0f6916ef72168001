"""A 10,000-room, 1,000-NPC world: load time, command latency, save and load (PRODUCT §9).

Prints, all measured in this one run:
- loading the adventure against plain ``tomllib`` parsing of the same files (target 1.5x);
- p50/p99 latency of ordinary commands, excluding terminal output (target p99 < 2 ms);
- save and load of a run with 1,000 changed things (target < 20 ms each).

Usage: ``python benchmarks/bigworld.py [ROOMS] [NPCS]``
"""
from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
import tomllib
from pathlib import Path

from game.engine import Engine
from game.rules.registry import get_system
from game.saves import SaveStore
from game.world.loader import load_adventure

DIRECTIONS = ("north", "south", "east", "west")
BACK = {"north": "south", "south": "north", "east": "west", "west": "east"}


def write_world(folder: Path, rooms: int, npcs: int) -> None:
    """A grid of rooms, an item in every room, NPCs spread over the grid."""
    side = int(rooms ** 0.5)
    lines = ['[adventure]\nid = "big"\ntitle = "Big"\nversion = "1"\nstart = "r0"\nsystem = "vaarn"\n',
             '[player]\nitems = []\nwater = 5\nfood = 5\n']
    for index in range(rooms):
        x, y = index % side, index // side
        exits = []
        if y > 0:
            exits.append(f'north = "r{index - side}"')
        if y < side - 1 and index + side < rooms:
            exits.append(f'south = "r{index + side}"')
        if x < side - 1 and index + 1 < rooms:
            exits.append(f'east = "r{index + 1}"')
        if x > 0:
            exits.append(f'west = "r{index - 1}"')
        lines.append(f'[rooms.r{index}]\nname = "Room {index}"\ndescription = "A plain room."\n'
                     f'exits = {{ {", ".join(exits)} }}\nitems = ["i{index}"]\n')
        lines.append(f'[items.i{index}]\nname = "pebble {index}"\naliases = ["pebble"]\nkind = "treasure"\n')
    for index in range(npcs):
        lines.append(f'[npcs.n{index}]\nname = "walker {index}"\ndisposition = "neutral"\ntier = 1\n')
    # NPCs are placed by listing them in rooms; rebuild room tables with npcs arrays.
    text = "\n".join(lines)
    placements: dict[int, list[str]] = {}
    for index in range(npcs):
        placements.setdefault((index * 97) % rooms, []).append(f'"n{index}"')
    for room, names in placements.items():
        text = text.replace(f'items = ["i{room}"]\n', f'items = ["i{room}"]\nnpcs = [{", ".join(names)}]\n', 1)
    (folder / "world.toml").write_text(text)


def timed(fn, repeat: int = 5) -> float:  # type: ignore[no-untyped-def]
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    rooms = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    npcs = int(sys.argv[2]) if len(sys.argv) > 2 else 1_000
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "big"
        folder.mkdir()
        write_world(folder, rooms, npcs)
        parse = timed(lambda: tomllib.loads((folder / "world.toml").read_text()))
        load = timed(lambda: load_adventure(folder))
        print(f"world: {rooms} rooms, {rooms} items, {npcs} NPCs")
        print(f"tomllib parse: {parse * 1000:.1f} ms; load_adventure: {load * 1000:.1f} ms; "
              f"ratio {load / parse:.2f}x (target 1.5x)")

        adventure = load_adventure(folder)
        engine = Engine.new_game(adventure, get_system("vaarn"), 1, saves=SaveStore(Path(tmp) / "saves", adventure))
        rng = random.Random(7)
        latencies = []
        commands = ["look", "take pebble", "drop pebble", "i", "x pebble", "wait"] + list(DIRECTIONS)
        for _ in range(3000):
            command = rng.choice(commands)
            start = time.perf_counter()
            engine.submit(command)
            latencies.append(time.perf_counter() - start)
        latencies.sort()
        p50, p99 = latencies[len(latencies) // 2], latencies[int(len(latencies) * 0.99)]
        print(f"commands: {len(latencies)}; p50 {p50 * 1000:.3f} ms, p99 {p99 * 1000:.3f} ms (target p99 < 2 ms)")

        state = engine.state
        for index in range(1000):
            state.item_moves[f"i{index}"] = f"room:r{(index + 1) % rooms}"
        store = engine.saves
        save = timed(lambda: store.save("bench", state))
        load_save = timed(lambda: store.load("bench"))
        print(f"save with 1,000 changes: {save * 1000:.1f} ms; load: {load_save * 1000:.1f} ms (target < 20 ms each)")
        print(f"median command: {statistics.median(latencies) * 1000:.3f} ms")


if __name__ == "__main__":
    main()
