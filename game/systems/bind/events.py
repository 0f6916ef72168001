"""BIND's own events: what its rules and play report beyond the generic ones of :mod:`game.events`.

Worded by :class:`game.systems.bind.narration.BindNarrator`.  ``who`` names an actor
(:data:`~game.events.PLAYER` or an NPC id); the combat rules, which see sheets
and not ids, name the sides :data:`ATTACKER` and :data:`DEFENDER` and the play
layer puts the ids in (:func:`tag`).
"""
from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from game.events import Event
from game.events.fight import Died, Fell, HealthChanged

#: The sides of an exchange, as the combat rules name them in events.
ATTACKER = "attacker"
DEFENDER = "defender"


@dataclass(frozen=True)
class HpChanged(HealthChanged):
    """HP moved (``measure`` "HP"); ``cause``: ``blow``, ``harm``, ``heal`` or ``week`` (healing with time)."""

    max_hp: int = 0
    cause: str = "blow"


@dataclass(frozen=True)
class NoBlow(Event):
    """An exchange in which neither side's blow landed."""


@dataclass(frozen=True)
class TieAnswered(Event):
    """The player answered a tied exchange's question: the exchange's roll, shown with the
    question, is not shown again (:class:`~game.systems.bind.narration.BindNarrator` drops the next
    roll line)."""


@dataclass(frozen=True)
class Unaffected(Event):
    """The dead take no ``what`` (``harm``, ``heal``, ``rest``)."""

    who: str
    what: str


@dataclass(frozen=True)
class Rested(Event):
    """A rest of ``intervals`` intervals: Fatigue from ``before`` to ``after``; ``fed`` False: nothing recovered."""

    intervals: int
    before: int
    after: int
    fed: bool = True


@dataclass(frozen=True)
class FatigueChanged(Event):
    """The player's Fatigue moved: ``cause`` ``march`` (the load, ``load`` points) or ``danger``."""

    before: int
    after: int
    cause: str
    load: int = 0


@dataclass(frozen=True)
class FatiguePenalty(Event):
    """Fatigue ``fatigue`` now above ``hp`` HP: ``penalty`` off every roll (BIND's public rules)."""

    fatigue: int
    hp: int
    penalty: int


@dataclass(frozen=True)
class LifeAtStake(Event):
    """The player is down with no foe standing: ``healer`` (``you`` or a name) tries to save them."""

    healer: str
    hp: int


@dataclass(frozen=True)
class LifeSaveEnded(Event):
    """How saving a life went: ``outcome`` ``success`` (stable), ``failure`` (death) or ``tie`` (a wound)."""

    outcome: str
    attribute: str = ""
    before: int = 0
    after: int = 0
    dead: bool = False


@dataclass(frozen=True)
class WokeUp(Event):
    """Saved, the player lay senseless until ``interval`` ended and woke with 1 HP."""

    interval: str


@dataclass(frozen=True)
class CameUpon(Event):
    """A region's encounter ``who`` came upon the player out of ``where``."""

    who: str
    where: str


@dataclass(frozen=True)
class DowntimeTaken(Event):
    """A week of downtime at ``place``: HP and Fatigue before and after."""

    place: str
    hp_before: int
    hp_after: int
    fatigue_before: int


@dataclass(frozen=True)
class XpEarned(Event):
    """Foe ``who`` (an NPC id) was beaten (or ``fled`` after fighting: half): ``value`` XP, awarded at downtime."""

    who: str
    value: int
    fled: bool = False


@dataclass(frozen=True)
class XpAwarded(Event):
    """Downtime: ``foes`` beaten on the mission, worth ``value``; ``earned`` after the XP Discount; ``xp`` now."""

    foes: int
    value: int
    earned: int
    xp: int


@dataclass(frozen=True)
class TraitRaised(Event):
    """Training in downtime: ``trait`` from ``before`` to ``after`` for ``cost`` XP; ``xp`` left."""

    trait: str
    before: int
    after: int
    cost: int
    xp: int


@dataclass(frozen=True)
class ApPenalty(Event):
    """The player rolls with ``ap`` action points left, below 0: that much off the roll."""

    ap: int


def tag(events: Iterable[Event], ids: Mapping[str, str]) -> tuple[Event, ...]:
    """``events`` with the sides (:data:`ATTACKER`, :data:`DEFENDER`) replaced by actor ids."""
    out: list[Event] = []
    for event in events:
        if isinstance(event, (HealthChanged, Fell, Died)) and event.who in ids:
            event = dataclasses.replace(event, who=ids[event.who])
        out.append(event)
    return tuple(out)
