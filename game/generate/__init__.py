"""Generated adventures (``wayfarer generate``, ``new``, ``daily``): built solvable, then shown to be.

The generator lays a mission (a chain of locks and what opens them), then the
space, then the people, then the words (:mod:`.build`); writes an ordinary
adventure folder (:mod:`.emit`) with a walkthrough played under every system
(:mod:`.walkthrough`); and certifies it (:mod:`.certificate`: ``check`` clean,
the walkthrough passing, no dead end in the abstract puzzle state, fair under
every system).  docs/generating.md is the guide.
"""
from game.generate.names import GENERATOR_VERSION, SIZES

__all__ = ["GENERATOR_VERSION", "SIZES"]
