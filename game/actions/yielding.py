"""Surrender: the player gives up a fight, and lives with what the foes choose.

A way out of a fight that is going badly, beside fleeing (a check) and the system's
dying rules (``docs/playing.md``).  The foes decide as over a player they put down
(:meth:`~game.play.base.BasePlay.player_yields`): a beast that means to kill takes no
surrender, and the player is told so before anything happens; the others rob the player,
take them prisoner or let them go, and remember it: a foe that spared the player once
does not a second time.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.actions import Turn
from game.actions.deeds import standing_hostiles
from game.errors import ActionRefused

if TYPE_CHECKING:
    from game.parser import Command


def surrender(turn: Turn, command: Command) -> None:
    world = turn.world
    if not standing_hostiles(world):
        raise ActionRefused("There is no one here to surrender to.")
    if world.system.condition(world.state.player) != "ok":
        raise ActionRefused("You are down already: it is for your foes to choose.")
    turn.play.player_yields(turn)
    turn.spend(1)
