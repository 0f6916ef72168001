"""How each rule system plays at the table: the engine's hooks for a system's economy.

The rule modules (:mod:`game.rules`) are pure; a *play* object turns them into
turns of a game: which dice a check spends, whether a tie asks the player,
what happens at the end of a round or a day, which extra verbs the system
brings (``fate``, ``push``, ``trade``...).  :class:`~game.play.base.BasePlay` is
the behaviour every system starts from; ``game.systems.<id>.play`` may define
``make_play(system)`` returning a subclass.
"""
from __future__ import annotations

import importlib

from game.play.base import BasePlay
from game.rules.base import SystemInPlay


def play_for(system: SystemInPlay) -> BasePlay[SystemInPlay]:
    """The play object of a system: its own module's, or the base behaviour."""
    try:
        module = importlib.import_module(f"game.systems.{system.id}.play")
    except ModuleNotFoundError as error:
        if error.name not in (f"game.systems.{system.id}", f"game.systems.{system.id}.play"):
            raise
        return BasePlay(system)
    play: BasePlay[SystemInPlay] = module.make_play(system)
    return play
