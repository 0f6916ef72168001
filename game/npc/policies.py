"""One policy per ``behaviour``: a pure choice of intent from an :class:`NpcView`.

Today's behaviour, in one place: a hostile NPC that can fight attacks the
player it shares a room with (from a distance it shoots if it can, a guard
holds its ground, anyone else closes in); one whose morale broke flees through
the first way out, or surrenders when there is none; everyone else waits.  The
behaviours differ only where the content says so; the living-world work grows
them (wandering, trading, calling for help).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from game.npc.intents import Attack, CloseIn, Flee, HoldBack, Intent, Shoot, Surrender, Wait
from game.npc.view import NpcView


class Policy(Protocol):
    """Chooses what one NPC means to do this round."""

    def choose(self, view: NpcView) -> Intent:
        ...


class Fighter:
    """Attacks the player when hostile and able; breaks when its morale does."""

    def choose(self, view: NpcView) -> Intent:
        if view.condition != "ok" or not view.with_player:
            return Wait()
        if view.morale_broken:
            return Flee(view.ways_out[0]) if view.ways_out else Surrender()
        if not (view.hostile and view.player_standing):
            return Wait()
        if view.engaged:
            return Attack()
        if view.can_shoot:
            return Shoot()
        return HoldBack() if view.behaviour == "guard" else CloseIn()


#: Every behaviour content may name, and its policy.
POLICIES: Mapping[str, Policy] = {
    "aggressive": Fighter(),
    "cautious": Fighter(),
    "guard": Fighter(),
    "wander": Fighter(),
    "merchant": Fighter(),
    "coward": Fighter(),
}


def policy_for(behaviour: str) -> Policy:
    """The policy of a behaviour (a fighter for any the table does not know)."""
    return POLICIES.get(behaviour, POLICIES["aggressive"])
