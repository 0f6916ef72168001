"""Water carried: what the containers hold, and what happens when one leaves the player's hands.

Water is carried as rations (``WorldState.water``) in whatever water containers the
player holds; they hold :data:`DEFAULT_CAPACITY` rations each unless the item says.
"""
from __future__ import annotations

from collections.abc import Collection, Iterable

from game.actions import Turn
from game.errors import ActionRefused
from game.text import capital
from game.world.world import World

#: Rations a water container holds when the content does not say.
DEFAULT_CAPACITY = 3


def containers_hold(world: World, items: Iterable[str]) -> int:
    """Rations of water the water containers among ``items`` hold."""
    return sum(world.item(i).rations or DEFAULT_CAPACITY for i in items if world.item(i).kind == "water")


def water_capacity(turn: Turn, leaving: Collection[str] = ()) -> int:
    """Rations of water the containers carried hold (those in ``leaving`` not counted)."""
    world = turn.world
    return containers_hold(world, (i for i in world.carried() if i not in leaving))


def confirm_water_kept(turn: Turn, leaving: Collection[str], doing: str) -> None:
    """Before water containers leave the player's hands (``doing``: "drop", "give"...): when those
    left cannot hold the water carried, ask first; on yes the rest spills, on no nothing happens."""
    world = turn.world
    if not any(world.item(i).kind == "water" for i in leaving):
        return
    capacity = water_capacity(turn, leaving)
    spilled = world.state.water - capacity
    if spilled <= 0:
        return
    rations = f"{spilled} ration{'s' if spilled != 1 else ''} of water"
    if not turn.confirm(f"Nothing else you carry would hold the water: {rations} would be lost. "
                        f"{doing.capitalize()} anyway? (yes/no)"):
        raise ActionRefused(f"You do not {doing} it.")
    world.state.water = capacity
    turn.say(f"({capital(rations)} {'is' if spilled == 1 else 'are'} lost.)")
