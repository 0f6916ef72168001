"""Narration: events in, prose out.  The end of the pipeline, never an interface.

A :class:`Narrator` renders each event by its type through a table of
renderers; a system words things its own way by subclassing it (see
``game.systems.<id>.narration``) and adding to :attr:`Narrator.renderers`.  The
narrator reads names from the world it is given, never decides anything, and
changes nothing but :class:`~game.world.world.Display`'s record of the rule notes shown.

Rolls are shown short by default: ``[label] result vs target: outcome``, the
follow-up rolls (damage, soak, resistance) left to the harm line that states
them, and a rule note (:class:`~game.events.notes.RuleNoted`) only the first time.
``set rolls full`` (``Display.full_rolls``) shows every roll's whole breakdown;
``why`` explains the last roll step by step either way.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from game.deferred import deferred
from game.events import PLAYER, Event, RollMade, RollResult, Said
from game.text import capital
from game.world.world import World

if TYPE_CHECKING:
    from game.narration import common as narration_common
    from game.rules.base import Weapon
else:
    narration_common = deferred("game.narration.common")

E = TypeVar("E", bound=Event)
#: How one event type is rendered (typed by :func:`renders`).
Renderer = Callable[["Narrator", Any], list[str]]


#: ``text`` with its first letter in upper case (the rest untouched).
cap = capital


class Narrator:
    """Turns events into lines of prose for one world."""

    #: Event type -> how to render it; subclasses extend a copy (see :meth:`extend`).
    renderers: ClassVar[dict[type[Event], Renderer]] = {}

    #: Event types that add nothing in the short display: the roll line before them says it.
    brief_quiet: ClassVar[frozenset[type[Event]]] = frozenset()

    def __init__(self, world: World) -> None:
        self.world = world

    @property
    def full(self) -> bool:
        """``set rolls full``: every roll with its whole breakdown, every rule note every time."""
        return self.world.display.full_rolls

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
        for known, render in narration_common.RENDERERS.items():
            cls.renderers.setdefault(known, render)
        return cls.renderers.get(event_type)

    def lines(self, events: Iterable[Event]) -> list[str]:
        out: list[str] = []
        for event in events:
            render = self.renderers.get(type(event)) or self.late_renderer(type(event))
            if render is None:
                raise TypeError(f"no narration for {type(event).__name__}")
            if not self.full and type(event) in self.brief_quiet:
                continue
            out.extend(render(self, event))
        return out

    # -- rolls, short ----------------------------------------------------------
    def roll_lines(self, event: RollMade) -> list[str]:
        """A roll as shown: its breakdown under ``set rolls full``, else :meth:`brief_roll`."""
        if not event.shown:
            return []
        if self.full:
            return [f"[{event.label}] {event.result.text}"]
        return self.brief_roll(event)

    def brief_roll(self, event: RollMade) -> list[str]:
        """The short display: ``[label] result``; a follow-up roll (damage, soak, resistance)
        is left to the harm line that states it, unless :meth:`brief_follow_up` words it."""
        if event.label.endswith(FOLLOW_UP):
            return self.brief_follow_up(event)
        return [f"[{event.label}] {self.brief(event.result)}"]

    def brief_follow_up(self, event: RollMade) -> list[str]:
        """A follow-up roll in the short display: nothing, the system's harm line states it."""
        return []

    def brief(self, result: RollResult) -> str:
        """A roll's result against what it had to beat, its outcome: ``14 vs 9: success``.

        What follows the last ``=`` of the breakdown, without the margin; a
        target named in brackets comes first (``vs armour 11``).  A system
        whose breakdown reads otherwise words its own.
        """
        text = result.text.rsplit(" = ", 1)[1] if " = " in result.text else result.text
        text = re.sub(_MARGIN, "", text)
        return re.sub(_NAMED_TARGET, r"vs \2 \1", text)

    def world_roll(self, result: RollResult) -> RollResult:
        """A roll of the world's own (morale, a reaction) as the player reads it: whole by default;
        a system that keeps its difficulties from the player hides them here too (OpenD6)."""
        return result

    # -- things ---------------------------------------------------------------
    def weapon_line(self, weapon: Weapon) -> str:
        """What ``examine`` says of a weapon, in this system's numbers: by default its damage die."""
        return f"As a weapon it deals {weapon.damage}{' at range' if weapon.ranged else ''}."

    # -- names ----------------------------------------------------------------
    def the(self, who: str) -> str:
        """``you`` for the player, ``the dune raider`` or a proper name for an NPC."""
        return "you" if who == PLAYER else self.world.the_npc(who)


@Narrator.renders(Said)
def _said(narrator: Narrator, event: Said) -> list[str]:
    return [event.text]


#: How a roll's label ends when it follows another (damage after a hit).
FOLLOW_UP = ": follow-up"
#: The patterns of :meth:`Narrator.brief` (compiled, and cached by ``re``, at the first brief roll).
_MARGIN = r" \(margin [^)]*\)"
_NAMED_TARGET = r"vs (\d+) \(([A-Za-z][\w ]*?) \1\)"


@Narrator.renders(RollMade)
def _roll(narrator: Narrator, event: RollMade) -> list[str]:
    return narrator.roll_lines(event)
