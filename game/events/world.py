"""Events of the world around the player: comings and goings, things moved and used, time and want."""
from __future__ import annotations

from dataclasses import dataclass

from game.events import Event


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
class Crossed(Event):
    """The player and a wanderer passed each other on the way between two rooms, going opposite
    ways; ``heading`` is the wanderer's direction ("" when the rooms are not next door)."""

    who: str
    heading: str


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
