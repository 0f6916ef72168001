"""Narration: events in, prose out.  The end of the pipeline, never an interface.

A :class:`Narrator` renders each event by its type through a table of
renderers; a system words things its own way by subclassing it (see
``game.systems.<id>.narration``) and adding to :attr:`Narrator.renderers`.  The
narrator reads names from the world it is given, never decides anything, and
changes nothing.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, ClassVar, TypeVar

from game.events import PLAYER, Event, RollMade, Said
from game.text import capital
from game.world.world import World

E = TypeVar("E", bound=Event)
#: How one event type is rendered (typed by :func:`renders`).
Renderer = Callable[["Narrator", Any], list[str]]


#: ``text`` with its first letter in upper case (the rest untouched).
cap = capital


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

    @classmethod
    def late_renderer(cls, event_type: type[Event]) -> Renderer | None:
        """The renderer of an event type not yet in :attr:`renderers`, from wording imported now; None if none.

        Only rolls and prose are worded at import.  The other events' classes are
        imported by the code that makes them, so their wording
        (:mod:`game.narration.common`, and a system's own: see ``game.systems.vaarn.narration``)
        is imported with the first one narrated, not at start-up.  It
        never replaces what a narrator class words its own way: a subclass adds its
        own late table first, then calls this.
        """
        from game.narration.common import RENDERERS

        for known, render in RENDERERS.items():
            cls.renderers.setdefault(known, render)
        return cls.renderers.get(event_type)

    def lines(self, events: Iterable[Event]) -> list[str]:
        out: list[str] = []
        for event in events:
            render = self.renderers.get(type(event)) or self.late_renderer(type(event))
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
