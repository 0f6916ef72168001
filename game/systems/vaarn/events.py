"""Vaults of Vaarn events: what the rules did, for the narrator (:mod:`game.systems.vaarn.narration`) and play code.

The generic events of :mod:`game.events` (``HealthChanged``, ``Died``...) carry
HP and deaths; the ones here carry what only Vaarn has: wound rows, abilities
and maximum HP lost, attack totals, rests, Gifts and levels.

The rules see sheets, not actors: an event about an NPC's sheet names it
:data:`NPC` until the play layer, which knows the NPC's id, names it with
:func:`naming`.  Events about the player's sheet name :data:`~game.events.PLAYER`.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from game.events import PLAYER, Event
from game.systems.vaarn.data import NPC
from game.systems.vaarn.sheet import VaarnSheet


def owner(sheet: VaarnSheet) -> str:
    """Who events about ``sheet`` name before play names them: :data:`PLAYER` or :data:`NPC`."""
    return NPC if sheet.npc else PLAYER


def naming(events: Iterable[Event], npc_id: str) -> tuple[Event, ...]:
    """``events`` with every ``who`` that is :data:`NPC` replaced by ``npc_id``."""
    named: dict[str, Any] = {"who": npc_id}
    return tuple(dataclasses.replace(e, **named) if getattr(e, "who", None) == NPC else e for e in events)


# -- damage ------------------------------------------------------------------------

@dataclass(frozen=True)
class Unharmed(Event):
    """Damage of 0 or less: nothing happens."""

    who: str


@dataclass(frozen=True)
class Wounded(Event):
    """``who`` took the wound of chart row ``row`` (seed 001 §Wounds and Healing)."""

    who: str
    row: int


@dataclass(frozen=True)
class AbilityLost(Event):
    """A wound took ``points`` of ``ability``; its defence is now ``defence``."""

    who: str
    ability: str
    points: int
    defence: int


@dataclass(frozen=True)
class MaxHpLost(Event):
    """A wound took ``loss`` maximum HP; it is now ``max_hp``."""

    who: str
    loss: int
    max_hp: int


# -- attacks -----------------------------------------------------------------------

@dataclass(frozen=True)
class AttackLanded(Event):
    """Whether the attack roll hit."""

    hit: bool


@dataclass(frozen=True)
class DamageTotalled(Event):
    """Damage of more than one die, or changed by a creature's quirk.

    ``faces`` are the weapon die and the bonus die (against ``creature``);
    ``raw`` their sum; ``damage`` what the ``damage_type`` quirk made of it.
    """

    sides: int
    faces: tuple[int, ...]
    creature: str
    raw: int
    damage_type: str
    damage: int


# -- healing and rests -------------------------------------------------------------------

@dataclass(frozen=True)
class Recovered(Event):
    """Healing by a die: d``sides`` (``face``) + CON ``con`` = ``amount`` HP recovered as
    though from 0, now ``hp`` of ``max_hp`` (``sides`` 0: an amount with no die)."""

    who: str
    amount: int
    hp: int
    max_hp: int
    sides: int = 0
    face: int = 0
    con: int = 0


@dataclass(frozen=True)
class PastHealing(Event):
    """Healing offered to the dead."""

    who: str


@dataclass(frozen=True)
class RestRefused(Event):
    """The dead do not rest."""


@dataclass(frozen=True)
class CameTo(Event):
    """``who`` wakes from passing out (any rest wakes, house rule)."""

    who: str


@dataclass(frozen=True)
class RestWasted(Event):
    """A rest without its fare, or while Deprived: no benefit."""


@dataclass(frozen=True)
class ShortRested(Event):
    """Short rest: d8 (``face``) + CON (``con``) = ``gained`` HP; now ``hp`` of ``max_hp``."""

    face: int
    con: int
    gained: int
    hp: int
    max_hp: int


@dataclass(frozen=True)
class LongRested(Event):
    """Long rest: HP back to ``max_hp``, or the wound ``healed`` (``wound`` True; "" when none to heal)."""

    wound: bool
    max_hp: int = 0
    healed: str = ""


@dataclass(frozen=True)
class AbilitiesRecovered(Event):
    """Depleted abilities came back one point."""


# -- water and food ------------------------------------------------------------------------

@dataclass(frozen=True)
class Fed(Event):
    """A ration of ``need`` (``water`` or ``food``) consumed at the day's end."""

    need: str


@dataclass(frozen=True)
class WentWithout(Event):
    """No ration of ``need`` at the day's end: Deprived; ``days`` in a row (thirst)."""

    need: str
    days: int


# -- gifts ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class GiftPaid(Event):
    """The user paid ``cost`` HP for a Gift."""

    cost: int


@dataclass(frozen=True)
class GiftWorked(Event):
    """The Gift's effect die: ``kind`` ``damage`` or ``healing``, d``sides`` (``face``) + PSY ``bonus``
    (+ the healed one's CON ``con`` for healing) = ``amount``."""

    kind: str
    sides: int
    face: int
    bonus: int
    amount: int
    con: int = 0


@dataclass(frozen=True)
class GiftFailed(Event):
    """The user fell while holding a lasting Gift."""


# -- advancement ---------------------------------------------------------------------------

@dataclass(frozen=True)
class LevelGained(Event):
    """A new ``level``: max HP + ``face`` to ``max_hp``, ``points`` ability points to spend."""

    level: int
    face: int
    max_hp: int
    points: int


@dataclass(frozen=True)
class LevelCapped(Event):
    """Already at the highest level."""

    level: int


@dataclass(frozen=True)
class StartingExotica(Event):
    """An Exotica of the starting equipment traded in: it raises no level (seed 001 §Advancement,
    the even faster campaign)."""

    item: str


@dataclass(frozen=True)
class XpGained(Event):
    """XP now ``xp`` of the ``level`` needed."""

    xp: int
    level: int
