"""Frozen event records: what the layers tell each other instead of sentences.

Rules and actions return events; :mod:`game.narration` turns them into prose
(with a per-system renderer where a system words things its own way).  No code
decides anything by reading text another module wrote: a sentence is the end
of the pipeline, never an interface.  Tests of mechanics assert on events.

This module sits below every other (the rules import it), so it imports
nothing of the game.  ``who`` fields name an actor: :data:`PLAYER` or an NPC id.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

#: The actor id of the player in events.
PLAYER = "player"


@dataclass(frozen=True)
class Event:
    """The base of every event."""


@dataclass(frozen=True)
class RollResult(Event):
    """One resolved roll, with the faces as read and a human-readable breakdown.

    ``figures`` holds the system's own numbers (``total``, ``successes``,
    ``margin``, ``target``...) and goes into ``roll --json`` beside ``system``,
    ``dice`` and ``outcome``.  ``rule`` cites the seed section applied.
    """

    system: str
    dice: tuple[int, ...]
    outcome: str
    figures: Mapping[str, int | str | bool]
    text: str
    rule: str
    critical_success: bool = False
    critical_failure: bool = False

    @property
    def succeeded(self) -> bool:
        return self.outcome == "success"

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"system": self.system, "dice": list(self.dice), "outcome": self.outcome}
        data.update(self.figures)
        data["critical_success"] = self.critical_success
        data["critical_failure"] = self.critical_failure
        data["text"] = self.text
        data["rule"] = self.rule
        return data


@dataclass(frozen=True)
class RollMade(Event):
    """A roll made in play, labelled (``attack raider``); ``shown`` False when another event states it."""

    label: str
    result: RollResult
    shown: bool = True


@dataclass(frozen=True)
class Said(Event):
    """Prose with no mechanical meaning: a room's description, an NPC's words, a refusal's reason."""

    text: str


@dataclass(frozen=True)
class HealthChanged(Event):
    """An actor's health moved on the system's own measure (``HP``, ``pool``, ``Body``...)."""

    who: str
    measure: str
    before: int
    after: int


@dataclass(frozen=True)
class Fell(Event):
    """An actor is out of the fight, alive (knocked out, incapacitated, mortally wounded)."""

    who: str


@dataclass(frozen=True)
class Died(Event):
    """An actor died; ``cause`` is the system's short reason (``wounds``, ``thirst``), may be empty."""

    who: str
    cause: str = ""


@dataclass(frozen=True)
class Fled(Event):
    """An actor ran; ``direction`` empty when it had nowhere to go."""

    who: str
    direction: str = ""


@dataclass(frozen=True)
class Surrendered(Event):
    """An actor gave up the fight."""

    who: str


@dataclass(frozen=True)
class Moved(Event):
    """An actor went from one room to another."""

    who: str
    origin: str
    destination: str
    direction: str = ""


@dataclass(frozen=True)
class Arrived(Event):
    """An NPC came into the player's room; ``origin`` is the direction it came from ("" unknown)."""

    who: str
    origin: str = ""
    #: Why: ``route`` (walking its way), ``pursuit``, ``call`` (answering a call for help), ``search``,
    #: ``avenge`` (a friend of someone the player killed).
    why: str = ""


@dataclass(frozen=True)
class Left(Event):
    """An NPC left the player's room through ``direction``; ``why`` as for :class:`Arrived`."""

    who: str
    direction: str
    why: str = ""


@dataclass(frozen=True)
class CalledForHelp(Event):
    """An NPC shouted for the NPCs of the rooms next door."""

    who: str


@dataclass(frozen=True)
class Interrupted(Event):
    """A long wait or rest stopped early; ``reason`` says why, ``minutes`` how long it lasted."""

    reason: str
    minutes: int


@dataclass(frozen=True)
class ItemMoved(Event):
    """An item changed place (``room:<id>``, ``player``, ``npc:<id>``, ``gone``)."""

    item: str
    origin: str
    destination: str


@dataclass(frozen=True)
class Deprived(Event):
    """The player went without ``need`` (``water`` or ``food``) for ``days`` days running."""

    need: str
    days: int


@dataclass(frozen=True)
class ItemUsed(Event):
    """An NPC (``who``) used ``item`` (an item id: the narrator names it as the player knows it),
    for ``purpose``: ``harm`` (turned on the player) or ``heal`` (on its own wounds)."""

    who: str
    item: str
    purpose: str


@dataclass(frozen=True)
class NpcRecovered(Event):
    """An NPC's health got better: ``before`` and ``after`` as the system's health figure shows it."""

    who: str
    before: str
    after: str


@dataclass(frozen=True)
class Stolen(Event):
    """The player took ``item`` from the NPC ``victim``: ``seen`` by the victim or a witness, or not."""

    item: str
    victim: str
    seen: bool


@dataclass(frozen=True)
class TheftCaught(Event):
    """The player's attempt to take ``item`` from ``victim`` failed, and was seen."""

    item: str
    victim: str


@dataclass(frozen=True)
class LossFound(Event):
    """``who`` found that ``item`` was gone, and knows who took it."""

    who: str
    item: str
