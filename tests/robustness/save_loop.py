"""Child process of the crash test: play the tiny adventure and save after every command, forever.

Usage: ``python save_loop.py SAVES_DIR``.  Like ``wayfarer play --load run``,
it first removes the temporary files an interrupted save left
(:meth:`SaveStore.clean_strays`) and continues from slot ``run`` if there is
one.  After each save returns it prints the saved turn and flushes, so the
parent knows the newest save that certainly completed before it killed us.
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from game.engine import Engine  # noqa: E402
from game.errors import SaveError  # noqa: E402
from game.rules.registry import get_system  # noqa: E402
from game.saves import SaveStore  # noqa: E402
from game.world.loader import load_adventure  # noqa: E402

COMMANDS = ("take stone", "wait", "drop stone", "take brass key", "look", "drop brass key", "wait")


def main() -> None:
    tiny = load_adventure(ROOT / "tests" / "data" / "tiny")
    store = SaveStore(Path(sys.argv[1]), tiny)
    store.clean_strays()
    system = get_system("vaarn")
    try:
        state, _ = store.load("run")
        engine = Engine(tiny, system, state, saves=store)
    except SaveError:
        engine = Engine.new_game(tiny, system, 11, saves=store)
    index = 0
    while True:
        engine.submit(COMMANDS[index % len(COMMANDS)])
        index += 1
        store.save("run", engine.state)
        sys.stdout.write(f"{engine.state.turn}\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
