"""Frozen event records: what the layers tell each other instead of sentences.

Rules and actions return events; :mod:`game.narration` turns them into prose
(with a per-system renderer where a system words things its own way).  No code
decides anything by reading text another module wrote: a sentence is the end
of the pipeline, never an interface.  Tests of mechanics assert on events.

This package sits below every other (the rules import it), so it imports
nothing else of the game.  ``who`` fields name an actor: :data:`PLAYER` or an NPC id.

Here are the events of every turn (rolls and prose); the others come in families,
each module deferred (:mod:`game.deferred`) by the code that makes or words its events,
so that a start that has made none builds none of their classes:
:mod:`game.events.fight` (harm, falls, deaths, flight, surrender),
:mod:`game.events.world` (comings and goings, things moved and used, time and want),
:mod:`game.events.theft`, :mod:`game.events.notes` (a rule explained).
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
    #: A check that failed only for now: its successes are kept and trying again carries on
    #: (Open Adventures' long skill checks).
    goes_on: bool = False

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
