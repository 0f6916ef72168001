"""Vaarn in play, the lowest layer: the typed sheets and moment of a world, who is fighting, lasting Gifts.

The other ``vaarn_*`` play modules build on this one and it imports none of
them.  Sheets are immutable: :func:`update_player` and :func:`update_npc`
replace them; the round's scratch (engagement, who acted first) lives in the
:class:`~game.systems.vaarn.sheet.VaarnMoment` of ``world.state.moment``.
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from game.events import PLAYER
from game.rules.base import sheet_as
from game.systems.vaarn.sheet import Sustained, VaarnMoment, VaarnSheet

if TYPE_CHECKING:
    from game.world.world import World

#: Behaviours of hostile NPCs that hold back until roused (house rule).
HOLDING_BACK = ("guard", "cautious")


# -- sheets and the moment ---------------------------------------------------------------

def player_of(world: World) -> VaarnSheet:
    """The player's sheet."""
    sheet = sheet_as(VaarnSheet, world.state.player)
    return sheet


def npc_of(world: World, npc_id: str) -> VaarnSheet:
    """An NPC's sheet (made from its content when it has not changed yet)."""
    sheet = sheet_as(VaarnSheet, world.npc_state(npc_id).sheet)
    return sheet


def sheet_of(world: World, actor: str) -> VaarnSheet:
    """``actor``'s sheet, the player's or an NPC's, as this system's own type."""
    return sheet_as(VaarnSheet, world.state.player if actor == PLAYER else world.npc_state(actor).sheet)


def update_player(world: World, **changes: Any) -> VaarnSheet:
    """Replace fields of the player's sheet; the new sheet."""
    world.state.player = replace(player_of(world), **changes)
    return player_of(world)


def update_npc(world: World, npc_id: str, **changes: Any) -> VaarnSheet:
    """Replace fields of an NPC's sheet; the new sheet."""
    npc = world.npc_state(npc_id)
    npc.sheet = replace(npc_of(world, npc_id), **changes)
    return npc_of(world, npc_id)


def moment_of(world: World) -> VaarnMoment:
    """The round's record (an empty one when nothing is under way)."""
    moment = world.state.moment
    return moment if isinstance(moment, VaarnMoment) else VaarnMoment()


def update_moment(world: World, **changes: Any) -> VaarnMoment:
    """Replace fields of the moment (stored as None once empty); the new moment."""
    moment = replace(moment_of(world), **changes)
    world.state.moment = moment.or_none()
    return moment


# -- names ------------------------------------------------------------------------------

def npc_the(world: World, npc_id: str, capital: bool = False) -> str:
    """An NPC named as a sentence needs it: "the dune raider", but "Tamsin" for a proper name."""
    return the(world.npc_name(npc_id), capital)


def the(name: str, capital: bool = False) -> str:
    if name[:1].isupper():
        return name
    return f"{'The' if capital else 'the'} {name}"


# -- who is fighting ------------------------------------------------------------------------

def foes(world: World) -> list[str]:
    """Hostile NPCs standing (condition ``ok``) in the player's room."""
    return [n for n in world.living_npcs_in() if world.hostile(n) and world.npc_condition(n) == "ok"]


def fighting(world: World, npc_id: str) -> bool:
    """Whether a foe acts in the fight: aggressive ones do; guards and cautious ones once roused."""
    if world.npc(npc_id).behaviour not in HOLDING_BACK:
        return True
    return npc_of(world, npc_id).roused or npc_id in _engagements(world)


def rouse(world: World, npc_id: str) -> None:
    """The player attacked this NPC: from now on it fights."""
    update_npc(world, npc_id, roused=True)


def _engagements(world: World) -> tuple[str, ...]:
    """The NPCs engaged with the player that are still hostile: one that fled or surrendered
    (wary from then on) is out of the melee at once (house rule), wherever it is; the record
    drops it at the end of the round (:func:`drop_disengaged`)."""
    return tuple(n for n in moment_of(world).engaged if world.hostile(n))


def drop_disengaged(world: World) -> None:
    """Forget the engagements of NPCs no longer hostile (the end of a round)."""
    kept = _engagements(world)
    if kept != moment_of(world).engaged:
        update_moment(world, engaged=kept)


def engaged(world: World) -> list[str]:
    """The foes engaged in melee with the player."""
    here = set(foes(world))
    return [n for n in _engagements(world) if n in here]


def engage(world: World, npc_id: str) -> bool:
    """Mark the player and ``npc_id`` engaged; True if they were not already."""
    current = _engagements(world)
    if npc_id in current:
        return False
    update_moment(world, engaged=current + (npc_id,))
    return True


def disengage_all(world: World) -> None:
    update_moment(world, engaged=())


# -- lasting gifts ---------------------------------------------------------------------------

def sustained(world: World, effect: str) -> Sustained | None:
    """The lasting Gift of this ``effect`` held now, or None."""
    held = player_of(world).sustained
    if held is None or held.effect != effect or held.until <= world.state.minutes:
        return None
    return held


def calmed(world: World, npc_id: str) -> bool:
    """Whether a calm Gift holds ``npc_id`` still."""
    held = sustained(world, "calm")
    return held is not None and held.target == npc_id
