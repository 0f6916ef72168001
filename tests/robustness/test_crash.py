"""Crash during save: SIGKILL a process that saves in a loop, at random moments, again and again.

Sizes: 20 kills by default, 250 under ``pytest --slow``.  Every kill is
followed by what ``wayfarer play`` does at start (remove stray temporary
files) and a load of the slot, which must give the newest save that had
completed before the kill, or the one that was being written: nothing lost.
"""
from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from game.saves import SaveStore
from game.world.content import Adventure
from tests.robustness.helpers import size

CHILD = Path(__file__).with_name("save_loop.py")


def _kill_once(saves: Path, rng: random.Random) -> int:
    """Start the child, let it save for a random moment, SIGKILL it; the last turn it reported saved."""
    child = subprocess.Popen([sys.executable, str(CHILD), str(saves)], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None
        first = child.stdout.readline()  # the child is in its loop once it has saved once
        assert first.strip().isdigit(), child.stderr.read() if child.stderr else first
        time.sleep(rng.uniform(0, 0.03))
        os.kill(child.pid, signal.SIGKILL)
        rest, errors = child.communicate(timeout=30)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert child.returncode == -signal.SIGKILL, errors
    reported = [int(line) for line in (first + rest).split()]
    return reported[-1]


def test_sigkill_at_random_moments_never_loses_a_completed_save(tiny: Adventure, tmp_path: Path,
                                                                 slow: bool) -> None:
    kills = size(slow, 20, 250)
    rng = random.Random(8)
    store = SaveStore(tmp_path, tiny)
    mid_write = from_backup = 0
    previous = 0
    tried = 0
    # Kills land at random moments: go on past the planned number (up to five times it) until one
    # has landed inside a save, so a fast disk or a busy machine does not leave the test proving nothing.
    while tried < kills or (mid_write == 0 and tried < 5 * kills):
        tried += 1
        last_saved = _kill_once(tmp_path, rng)
        strays = store.clean_strays()  # what `wayfarer play` does first
        mid_write += bool(strays)
        assert not [p for p in store.folder.iterdir() if ".tmp-" in p.name]
        state, notes = store.load("run")
        from_backup += bool(notes)
        # The newest save that completed, or the one being written when the kill came: nothing lost.
        assert last_saved <= state.turn <= last_saved + 1, (last_saved, state.turn)
        assert state.turn >= previous
        previous = state.turn
    print(f"\n[crash] {tried} SIGKILLs survived; {mid_write} landed while a temporary file existed; "
          f"{from_backup} needed the backup; last turn {previous}")
    assert mid_write > 0, "no kill landed inside a save: the test would prove nothing"
