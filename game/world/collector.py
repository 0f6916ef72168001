"""Pausing Python's cyclic garbage collector around work that makes many objects at once.

Loading an adventure, a save or a load make tens of thousands of objects without
cycles, which reference counting frees; left on, the collector would walk the
growing data (and the whole run's state) again and again for nothing.  The
collector's switch is the process's: pause it only on the game's own thread
(the autosave's writer thread never does), since two threads turning it could
leave it off.
"""
from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused(*, freeze: bool = False) -> Iterator[None]:
    """The cyclic garbage collector off for the duration, then as it was.

    ``freeze``: what was made meanwhile lives as long as the run and never changes
    (a loaded adventure): it is moved out of the collector's sight (``gc.freeze``)
    before the collector is back, whose first pass would otherwise walk all of it.
    """
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            if freeze:
                gc.freeze()
            gc.enable()
