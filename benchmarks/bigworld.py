"""A 10,000-room, 1,000-NPC world: load time, command latency, save and load (PRODUCT §9).

Half the NPCs wander: each walks a loop of four rooms with the clock (its room is
computed from its route when it matters, never ticked).  Prints, all measured in
this one run:
- loading the adventure against plain ``tomllib`` parsing of the same files, in this process and with
  the garbage collector as each has it (a glance: ``benchmarks.load`` measures the 1.2x target);
- p50/p99 latency of ordinary commands, NPC turns included, excluding terminal output
  (target p99 < 1 ms), and as a ratio to the same world without NPCs;
- p50/p99 of a round in a room holding 50 hostile NPCs (each attacks);
- p50/p99 of the same commands after meeting all 1,000 NPCs, against none met, the two engines
  timed in turns of 300 commands (target p99 1.2x, under 1 ms);
- save and load of a run with 1,000 changed things, then with all NPCs met too, against
  ``tomli_w.dumps`` and ``tomllib.loads`` of the same document (target < 20 ms each, 2x),
  in CPU time (medians), the save's wall time too, and the first save and load of a new store.

Usage: ``python -m benchmarks.bigworld [ROOMS] [NPCS] [--saves]`` (``--saves``: the save and
load figures only, after the commands that make the run's log).
"""
from __future__ import annotations

import gc
import random
import statistics
import sys
import tempfile
import time
import tomllib
from collections.abc import Callable
from pathlib import Path

import tomli_w

from game.engine import Engine
from game.rules.registry import get_system
from game.saves import SaveStore, _game_version
from game.world.collector import collector_paused
from game.world.loader import load_adventure
from game.world.state import WorldState

DIRECTIONS = ("north", "south", "east", "west")
BACK = {"north": "south", "south": "north", "east": "west", "west": "east"}


def write_world(folder: Path, rooms: int, npcs: int, crowd: int = 0) -> None:
    """A grid of rooms, an item in every room, NPCs spread over the grid (half of them wandering a
    loop of four rooms), and ``crowd`` hostile NPCs in the last room."""
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
    placements: dict[int, list[str]] = {}
    for index in range(npcs):
        home = (index * 97) % rooms
        if index % 2:
            x, y = home % side, home // side
            base = home if x < side - 1 and y < side - 1 else 0
            loop = [base, base + 1, base + 1 + side, base + side]
            route = ", ".join(f'"r{r}"' for r in loop)
            lines.append(f'[npcs.n{index}]\nname = "walker {index}"\ndisposition = "friendly"\n'
                         f'behaviour = "wander"\ntier = 1\nroute = [{route}]\n')
        else:
            lines.append(f'[npcs.n{index}]\nname = "sitter {index}"\ndisposition = "neutral"\ntier = 1\n')
            placements.setdefault(home, []).append(f'"n{index}"')
    for index in range(crowd):
        lines.append(f'[npcs.h{index}]\nname = "raider {index}"\ndisposition = "hostile"\n'
                     f'behaviour = "aggressive"\ntier = 1\n')
        placements.setdefault(rooms - 1, []).append(f'"h{index}"')
    # NPCs are placed by listing them in rooms; rebuild room tables with npcs arrays.
    text = "\n".join(lines)
    for room, names in placements.items():
        text = text.replace(f'items = ["i{room}"]\n', f'items = ["i{room}"]\nnpcs = [{", ".join(names)}]\n', 1)
    (folder / "world.toml").write_text(text)


def latencies_of(engine: Engine, commands: list[str], count: int, seed: int = 7,
                 before: Callable[[], None] | None = None) -> list[float]:
    """The sorted latencies of ``count`` commands drawn from ``commands``, in CPU time of this process
    (a loaded machine's scheduling would otherwise decide the p99)."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        command = rng.choice(commands)
        if before is not None:
            before()
        start = time.process_time()
        engine.submit(command)
        out.append(time.process_time() - start)
    out.sort()
    return out


def percentiles(latencies: list[float]) -> tuple[float, float]:
    return latencies[len(latencies) // 2], latencies[int(len(latencies) * 0.99)]


def timed(fn, repeat: int = 5) -> float:  # type: ignore[no-untyped-def]
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def meet_all(engine: Engine) -> None:
    """Meet every NPC of the adventure, as walking up to each would (Vaarn's reaction roll marks it met)."""
    from game.systems.vaarn.scene import update_npc

    for npc_id in engine.adventure.npcs:
        update_npc(engine.world, npc_id, met=True)


#: Runs of each save and load figure (their median is reported).
RUNS = 15


def median_time(fn, runs: int = RUNS, clock=time.process_time) -> float:  # type: ignore[no-untyped-def]
    """The median time of ``runs`` calls, by default in CPU time of this process (a busy machine's
    scheduling would otherwise decide it)."""
    times = []
    for _ in range(runs):
        start = clock()
        fn()
        times.append(clock() - start)
    return statistics.median(times)


def paused(fn: Callable[[], object]) -> Callable[[], None]:
    """``fn`` run with the cyclic garbage collector paused, as a save and a load run (``game.saves``)."""
    def run() -> None:
        with collector_paused():
            fn()
    return run


def save_and_load(what: str, store: SaveStore, state: WorldState) -> None:
    """Medians of :data:`RUNS` rounds, in CPU time: ``save`` (verified, with its backup) and ``load`` of ``state``,
    against ``tomli_w.dumps`` and ``tomllib.loads`` of the very same document (the collector paused, as
    the save and the load run), one of each a round; the save's wall time too (its
    atomic write waits for two or three fsyncs); and the first save and load of a new store (nothing remembered:
    the fresh sheets of the NPC definitions, the sheets and groups the last save wrote, the text of items moved
    it found all there), which is what a load in a new process costs."""
    _game_version()  # looked up once a process (package metadata), not a cost of the store
    gc.collect()  # a collection the commands before owe would otherwise land in the one timed first save
    new_store = SaveStore(store.root, store.adventure)
    start = time.process_time()
    new_store.save("bench-first", state)
    first_save = time.process_time() - start
    start = time.process_time()
    SaveStore(store.root, store.adventure).load("bench-first")
    first_load = time.process_time() - start
    store.save("bench", state)
    text = store.path("bench").read_text()
    document = tomllib.loads(text)
    rounds: dict[str, list[float]] = {"save": [], "load": [], "dumps": [], "loads": []}
    for _ in range(RUNS):  # interleaved, so that the figures and their baselines see the same busy machine
        rounds["save"].append(median_time(lambda: store.save("bench", state), runs=1))
        rounds["load"].append(median_time(lambda: store.load("bench"), runs=1))
        rounds["dumps"].append(median_time(paused(lambda: tomli_w.dumps(document)), runs=1))
        rounds["loads"].append(median_time(paused(lambda: tomllib.loads(text)), runs=1))
    save, load, dumps, loads = (statistics.median(rounds[key]) for key in ("save", "load", "dumps", "loads"))
    wall = median_time(lambda: store.save("bench", state), clock=time.perf_counter)
    print(f"save / load with {what} ({len(text) / 1024:,.0f} KiB), CPU medians of {RUNS}; "
          f"tomli_w.dumps {dumps * 1000:.2f} ms, tomllib.loads {loads * 1000:.2f} ms:\n"
          f"  save {save * 1000:.1f} ms, {save / dumps:.2f}x tomli_w.dumps (wall, fsyncs included, {wall * 1000:.1f} ms)\n"
          f"  load {load * 1000:.1f} ms, {load / dumps:.2f}x tomli_w.dumps, {load / loads:.2f}x tomllib.loads\n"
          f"  first save and load of a new store {first_save * 1000:.1f} / {first_load * 1000:.1f} ms "
          f"({first_save / dumps:.2f}x / {first_load / dumps:.2f}x) (target under 20 ms, 2x)")


def main() -> None:
    args = [a for a in sys.argv[1:] if a != "--saves"]
    saves_only = "--saves" in sys.argv[1:]
    rooms = int(args[0]) if args else 10_000
    npcs = int(args[1]) if len(args) > 1 else 1_000
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "big"
        folder.mkdir()
        write_world(folder, rooms, npcs)
        parse = timed(lambda: tomllib.loads((folder / "world.toml").read_text()))
        load = timed(lambda: load_adventure(folder))
        print(f"world: {rooms} rooms, {rooms} items, {npcs} NPCs")
        print(f"tomllib parse: {parse * 1000:.1f} ms; load_adventure: {load * 1000:.1f} ms; "
              f"ratio {load / parse:.2f}x (benchmarks.load measures the 1.2x target)")

        adventure = load_adventure(folder)
        engine = Engine.new_game(adventure, get_system("vaarn"), 1, saves=SaveStore(Path(tmp) / "saves", adventure))
        commands = ["look", "take pebble", "drop pebble", "i", "x pebble", "wait"] + list(DIRECTIONS)
        latencies = latencies_of(engine, commands, 3000)
        p50, p99 = percentiles(latencies)
        wandering = sum(1 for n in adventure.npcs.values() if n.route)
        print(f"commands ({npcs} NPCs, {wandering} wandering): {len(latencies)}; p50 {p50 * 1000:.3f} ms, "
              f"p99 {p99 * 1000:.3f} ms (target p99 < 1 ms)")
        if saves_only:
            save_figures(engine, rooms)
            return

        bare_folder = Path(tmp) / "bare"
        bare_folder.mkdir()
        write_world(bare_folder, rooms, 0)
        bare = load_adventure(bare_folder)
        bare_engine = Engine.new_game(bare, get_system("vaarn"), 1)
        b50, b99 = percentiles(latencies_of(bare_engine, commands, 3000))
        print(f"the same world without NPCs: p50 {b50 * 1000:.3f} ms, p99 {b99 * 1000:.3f} ms; "
              f"ratio with NPCs p50 {p50 / b50:.2f}x, p99 {p99 / b99:.2f}x")

        crowd_folder = Path(tmp) / "crowd"
        crowd_folder.mkdir()
        write_world(crowd_folder, rooms, npcs, crowd=50)
        crowded = load_adventure(crowd_folder)
        crowd_engine = Engine.new_game(crowded, get_system("vaarn"), 1)
        crowd_engine.state.room = f"r{rooms - 1}"
        fresh_player = crowd_engine.state.player

        def revive() -> None:  # the player lives on for the measure (not timed)
            crowd_engine.state.player, crowd_engine.state.status = fresh_player, "playing"
        c50, c99 = percentiles(latencies_of(crowd_engine, ["wait", "look"], 300, before=revive))
        print(f"a room of 50 hostile NPCs (each acts every round): p50 {c50 * 1000:.3f} ms, "
              f"p99 {c99 * 1000:.3f} ms")

        none_met = Engine.new_game(adventure, get_system("vaarn"), 1)
        met = Engine.new_game(adventure, get_system("vaarn"), 1)
        meet_all(met)
        none_times: list[float] = []
        met_times: list[float] = []
        for chunk in range(10):  # interleaved, so that both see the same load of a busy machine
            none_times += latencies_of(none_met, commands, 300, seed=chunk)
            met_times += latencies_of(met, commands, 300, seed=chunk)
        (n50, n99), (m50, m99) = percentiles(sorted(none_times)), percentiles(sorted(met_times))
        print(f"after meeting all {len(met.state.npcs):,} NPCs: p50 {m50 * 1000:.3f} ms, p99 {m99 * 1000:.3f} ms; "
              f"none met: p50 {n50 * 1000:.3f} ms, p99 {n99 * 1000:.3f} ms; ratio p50 {m50 / n50:.2f}x, "
              f"p99 {m99 / n99:.2f}x (target p99 1.2x, under 1 ms)")

        save_figures(engine, rooms)
        print(f"median command: {statistics.median(latencies) * 1000:.3f} ms")


def save_figures(engine: Engine, rooms: int) -> None:
    """Save and load with 1,000 items moved, then with every NPC met too."""
    assert engine.saves is not None
    state = engine.state
    for index in range(1000):
        state.item_moves[f"i{index}"] = f"room:r{(index + 1) % rooms}"
    save_and_load("1,000 items moved", engine.saves, state)
    meet_all(engine)
    save_and_load(f"those and {len(engine.state.npcs):,} NPCs met", engine.saves, engine.state)


if __name__ == "__main__":
    main()
