"""Narration: events in, prose out.  The end of the pipeline, never an interface.

A :class:`Narrator` renders each event by its type through a table of
renderers; a system words things its own way by subclassing it (see
``game.narration.<system>``) and adding to :attr:`Narrator.renderers`.  The
narrator reads names from the world it is given, never decides anything, and
changes nothing.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, ClassVar, TypeVar

from game.events import (
    PLAYER,
    Arrived,
    CalledForHelp,
    Died,
    Event,
    Fell,
    Fled,
    Interrupted,
    Left,
    RollMade,
    Said,
    Surrendered,
)
from game.world.world import World

E = TypeVar("E", bound=Event)
#: How one event type is rendered (typed by :func:`renders`).
Renderer = Callable[["Narrator", Any], list[str]]


def cap(text: str) -> str:
    """``text`` with its first letter in upper case (the rest untouched)."""
    return text[:1].upper() + text[1:]


class Narrator:
    """Turns events into lines of prose for one world."""

    #: Event type -> how to render it; subclasses extend a copy (see :meth:`extend`).
    renderers: ClassVar[dict[type[Event], Renderer]] = {}

    def __init__(self, world: World) -> None:
        self.world = world

    @classmethod
    def renders(cls, event_type: type[E]) -> Callable[[Callable[[Narrator, E], list[str]]], Callable[[Narrator, E], list[str]]]:
        """Decorator: register a function rendering ``event_type`` for this narrator class.

        A subclass gets its own copy of the table on its first registration, so
        a system's wording never leaks into another system's narrator.
        """
        def register(function: Callable[[Narrator, E], list[str]]) -> Callable[[Narrator, E], list[str]]:
            if "renderers" not in cls.__dict__:
                cls.renderers = dict(cls.renderers)
            cls.renderers[event_type] = function
            return function
        return register

    def lines(self, events: Iterable[Event]) -> list[str]:
        out: list[str] = []
        for event in events:
            render = self.renderers.get(type(event))
            if render is None:
                raise TypeError(f"no narration for {type(event).__name__}")
            out.extend(render(self, event))
        return out

    # -- names ----------------------------------------------------------------
    def the(self, who: str) -> str:
        """``you`` for the player, ``the dune raider`` or a proper name for an NPC."""
        return "you" if who == PLAYER else self.world.the_npc(who)


@Narrator.renders(Said)
def _said(narrator: Narrator, event: Said) -> list[str]:
    return [event.text]


@Narrator.renders(RollMade)
def _roll(narrator: Narrator, event: RollMade) -> list[str]:
    return [f"[{event.label}] {event.result.text}"] if event.shown else []


@Narrator.renders(Fell)
def _fell(narrator: Narrator, event: Fell) -> list[str]:
    return [f"{cap(narrator.the(event.who))} {'fall' if event.who == PLAYER else 'falls'}."]


@Narrator.renders(Died)
def _died(narrator: Narrator, event: Died) -> list[str]:
    return [f"{cap(narrator.the(event.who))} {'are' if event.who == PLAYER else 'is'} dead."]


@Narrator.renders(Fled)
def _fled(narrator: Narrator, event: Fled) -> list[str]:
    way = f" {event.direction}" if event.direction else ""
    return [f"{cap(narrator.the(event.who))} {'flee' if event.who == PLAYER else 'flees'}{way}."]


@Narrator.renders(Surrendered)
def _surrendered(narrator: Narrator, event: Surrendered) -> list[str]:
    return [f"{cap(narrator.the(event.who))} {'surrender' if event.who == PLAYER else 'surrenders'}."]


#: Where "from the east" points: the direction an arrival came from, as seen in the room.
_FROM = {"up": "from above", "down": "from below", "in": "from inside", "out": "from outside"}


@Narrator.renders(Arrived)
def _arrived(narrator: Narrator, event: Arrived) -> list[str]:
    whence = _FROM.get(event.origin, f"from the {event.origin}") if event.origin else ""
    verb = {"pursuit": "comes after you", "call": "comes running at the call", "search": "comes searching",
            "avenge": "comes running at the sound of the killing"}.get(event.why, "arrives")
    return [f"{cap(narrator.the(event.who))} {verb}{' ' + whence if whence else ''}."]


@Narrator.renders(Left)
def _left(narrator: Narrator, event: Left) -> list[str]:
    way = {"up": "up", "down": "down", "in": "inside", "out": "outside"}.get(event.direction,
                                                                           f"to the {event.direction}")
    return [f"{cap(narrator.the(event.who))} leaves {way}."]


@Narrator.renders(CalledForHelp)
def _called(narrator: Narrator, event: CalledForHelp) -> list[str]:
    return [f"{cap(narrator.the(event.who))} shouts for help!"]


@Narrator.renders(Interrupted)
def _interrupted(narrator: Narrator, event: Interrupted) -> list[str]:
    hours, minutes = divmod(event.minutes, 60)
    spent = f"{hours} hour{'s' if hours != 1 else ''}" if hours else f"{minutes} minute{'s' if minutes != 1 else ''}"
    return [f"You stop after {spent}: {event.reason}."]
