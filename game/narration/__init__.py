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
    ItemUsed,
    Left,
    LossFound,
    NpcRecovered,
    RollMade,
    Said,
    Stolen,
    Surrendered,
    TheftCaught,
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

    @classmethod
    def late_renderer(cls, event_type: type[Event]) -> Renderer | None:
        """The renderer of an event type not in :attr:`renderers`, from a module imported now; None here.

        A system whose own events are many words them in a module of their own,
        imported by its narrator's override on the first such event (see
        ``game.narration.vaarn``): a run that never made one never imports either.
        """
        return None

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


#: How an NPC is said to turn itself to its own wounds, by pronoun.
_ITSELF = {"he": "himself", "she": "herself", "they": "themselves", "it": "itself"}


@Narrator.renders(ItemUsed)
def _item_used(narrator: Narrator, event: ItemUsed) -> list[str]:
    world = narrator.world
    who = cap(world.the_npc(event.who))
    item = world.item(event.item)
    name = world.item_name(event.item)
    thing = name if name[:1].isupper() else f"{'an' if name[:1] in 'aeiou' else 'a'} {name}"
    if event.purpose == "heal":
        itself = _ITSELF.get(world.npc(event.who).pronoun, "itself")
        if item.kind == "gift":
            return [f"{who} calls on {the_thing(name)} to mend {itself}."]
        return [f"{who} turns {thing} on {itself}."]
    if item.kind == "gift":
        return [f"{who} calls on {the_thing(name)} against you!"]
    return [f"{who} raises {thing} and turns it on you!"]


def the_thing(name: str) -> str:
    """``the copper-tasting litany``, or a proper name as it is."""
    return name if name[:1].isupper() else f"the {name}"


@Narrator.renders(NpcRecovered)
def _npc_recovered(narrator: Narrator, event: NpcRecovered) -> list[str]:
    if event.before == event.after:
        return [f"It does {narrator.the(event.who)} no good ({event.after})."]
    return [f"{cap(narrator.the(event.who))}: {event.before} -> {event.after}."]


@Narrator.renders(Stolen)
def _stolen(narrator: Narrator, event: Stolen) -> list[str]:
    name = narrator.world.item_name(event.item)
    victim = narrator.the(event.victim)
    if event.seen:
        return [f"You take the {name} from {victim}, in plain sight."]
    return [f"You lift the {name} from {victim}, unseen."]


@Narrator.renders(TheftCaught)
def _theft_caught(narrator: Narrator, event: TheftCaught) -> list[str]:
    return [f"{cap(narrator.the(event.victim))} catches your hand on the {narrator.world.item_name(event.item)}!"]


@Narrator.renders(LossFound)
def _loss_found(narrator: Narrator, event: LossFound) -> list[str]:
    return [f"{cap(narrator.the(event.who))} looks for the {narrator.world.item_name(event.item)}, finds it gone, "
            f"and looks hard at you: \"Thief.\""]
