"""The NPCs' part of a turn.

Only NPCs in the player's room act, so the cost of a turn grows with the NPCs
near the player, not with the size of the world.  A hostile NPC that can
fight attacks the player (ARCHITECTURE: the same attack path the player uses).
"""
from __future__ import annotations

from game.actions import Turn
from game.actions.combat import npc_attacks_player


def npc_phase(turn: Turn) -> None:
    """Let each NPC near the player act once."""
    world = turn.world
    for npc_id in world.living_npcs_in():
        if world.state.status != "playing" or world.system.condition(world.state.player) != "ok":
            return
        if world.hostile(npc_id) and world.npc_condition(npc_id) == "ok":
            npc_attacks_player(turn, npc_id)
