"""One policy per ``behaviour``: a pure choice of intent from an :class:`NpcView`.

Every behaviour fights the same way once hostile and face to face with the
player (melee when engaged, else shoot when it can, else close in; a guard
holds its ground), and differs where the content's word says so:

- ``aggressive``: pursues a player who runs (once); finishes a player it put down.
- anyone hostile who fought the player (but guards, cowards and merchants) comes
  searching when the player is in the next room.
- ``guard``: holds its post (never pursues) and holds back from a distance; robs a
  player it put down at its post, or drags them back to it when beaten elsewhere.
- ``cautious``: keeps its distance until attacked; robs a downed player.
- ``wander``: pursues like the aggressive, robs a downed player.
- ``coward``: runs when hurt or when it sees violence; robs a downed player.
- ``merchant``: leaves a downed player be.

Anyone carrying a gift or exotica uses it when it is the sensible move: a
healing one when badly hurt, a harmful one on the player from a distance (in
place of shooting), once hurt in melee (losing the exchange) when it hits at
least as hard as its melee weapon, or at once when it never misses (a Vaarn combat Gift, while the NPC can pay for it).

Anyone hurt calls once for the hostile NPCs next door; anyone whose morale
broke (the system's verdict) flees through the first way out, or surrenders
when there is none.  A foe the player once spared leaves the player be; a foe
that already spared the player once finishes them the second time.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from game.npc.intents import (
    Attack,
    CallAllies,
    CloseIn,
    DownedChoice,
    Finish,
    Flee,
    HoldBack,
    Intent,
    LeaveBe,
    Pursue,
    Rob,
    Search,
    Shoot,
    Surrender,
    TakePrisoner,
    UseItem,
    Wait,
)
from game.npc.view import NpcView

#: Behaviours that follow a player who runs from them.
PURSUERS: frozenset[str] = frozenset({"aggressive", "wander"})
#: Behaviours that never go looking for the player in the next room.
STAY_PUT: frozenset[str] = frozenset({"guard", "coward", "merchant"})


class Policy(Protocol):
    """Chooses what one NPC means to do this round, and what it does with a player it put down."""

    def choose(self, view: NpcView) -> Intent:
        ...

    def on_player_down(self, view: NpcView) -> DownedChoice:
        ...


class Fighter:
    """The common fighting policy; behaviours differ through the view's ``behaviour``."""

    def choose(self, view: NpcView) -> Intent:
        if view.condition != "ok":
            return Wait()
        if not view.with_player:
            return self._away(view)
        if view.morale_broken or self._frightened(view):
            return Flee(view.ways_out[0]) if view.ways_out else Surrender()
        if not (view.hostile and view.player_standing):
            return Wait()
        if view.heal_item and view.badly_hurt:
            return UseItem(view.heal_item, "heal")
        if view.allies_near and "called" not in view.memory and view.hurt:
            return CallAllies()
        if view.harm_item and (not view.engaged or view.harm_sure or (view.hurt and view.harm_stronger)):
            return UseItem(view.harm_item, "harm")
        if view.engaged:
            return Attack()
        if view.can_shoot:
            return Shoot()
        if view.behaviour == "guard" or (view.behaviour == "cautious" and "attacked" not in view.memory):
            return HoldBack()
        return CloseIn()

    @staticmethod
    def _away(view: NpcView) -> Intent:
        """Not in the player's room: follow a player who ran from the fight, if it is a pursuer
        that has not followed them before (house rule: outrun twice, it lets them go)."""
        if view.player_went and view.hostile and view.behaviour in PURSUERS and view.player_standing \
                and "pursued" not in view.memory:
            return Pursue(view.player_went)
        if view.player_near and not view.player_went and view.hostile and "fought" in view.memory \
                and view.behaviour not in STAY_PUT:
            return Search(view.player_near)
        return Wait()

    @staticmethod
    def _frightened(view: NpcView) -> bool:
        """A coward runs once hurt, or once it has seen the player attack or kill someone."""
        if view.behaviour != "coward" or not view.ways_out:
            return False
        return view.hurt or bool(view.memory & {"saw-assault", "saw-killing"})

    def on_player_down(self, view: NpcView) -> DownedChoice:
        if "spared" in view.memory or view.morale_broken:  # one whose nerve just broke wants only to be gone
            return LeaveBe()
        if "beat" in view.memory:
            return Finish()  # it spared the player once, and was attacked again: never twice
        if view.behaviour == "aggressive":
            return Finish()
        if view.behaviour == "merchant":
            return LeaveBe()
        if view.behaviour == "guard" and not view.at_post:
            return TakePrisoner()
        return Rob() if view.player_has_loot else LeaveBe()


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
