"""How every narrator words the events beyond rolls and prose, unless its system words them its own way.

:meth:`Narrator.late_renderer <game.narration.Narrator.late_renderer>` imports this
table with the first such event narrated (the events' classes are imported by the
code that makes them, so a start that made none imports neither them nor this).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from game.events import PLAYER, Event
from game.events.fight import Died, Fell, Fled, Surrendered
from game.events.notes import RuleNoted
from game.events.theft import LossFound, Stolen, TheftCaught
from game.events.world import Arrived, CalledForHelp, Crossed, Interrupted, ItemUsed, Left, NpcRecovered
from game.text import capital as cap
from game.text import duration

if TYPE_CHECKING:
    from game.world.world import World


class Narrating(Protocol):
    """What this wording reads of its narrator (:class:`game.narration.Narrator` is one; a
    protocol, so that this table, imported by the narrator, does not import it back)."""

    @property
    def world(self) -> World: ...

    @property
    def full(self) -> bool: ...

    def the(self, who: str) -> str: ...


E = TypeVar("E", bound=Event)
N = TypeVar("N", bound=Narrating)
#: Event type -> how every narrator words it unless its class words it otherwise.
RENDERERS: dict[type[Event], Callable[[Narrating, Any], list[str]]] = {}


def renders(table: dict[type[Event], Callable[[N, Any], list[str]]], event_type: type[E]
            ) -> Callable[[Callable[[N, E], list[str]]], Callable[[N, E], list[str]]]:
    """Decorator: put a function in ``table`` (a late table such as :data:`RENDERERS`) for ``event_type``."""
    def register(function: Callable[[N, E], list[str]]) -> Callable[[N, E], list[str]]:
        table[event_type] = function
        return function
    return register


@renders(RENDERERS, RuleNoted)
def _rule_noted(narrator: Narrating, event: RuleNoted) -> list[str]:
    """The note the first time this session (every time under ``set rolls full``)."""
    noted = narrator.world.display.noted
    if event.key in noted and not narrator.full:
        return []
    noted.add(event.key)
    return [event.text]


@renders(RENDERERS, Fell)
def _fell(narrator: Narrating, event: Fell) -> list[str]:
    return [f"{cap(narrator.the(event.who))} {'fall' if event.who == PLAYER else 'falls'}."]


@renders(RENDERERS, Died)
def _died(narrator: Narrating, event: Died) -> list[str]:
    return [f"{cap(narrator.the(event.who))} {'are' if event.who == PLAYER else 'is'} dead."]


@renders(RENDERERS, Fled)
def _fled(narrator: Narrating, event: Fled) -> list[str]:
    way = f" {event.direction}" if event.direction else ""
    if event.who == PLAYER:
        return [f"You break away and run{way}."]
    return [f"{cap(narrator.the(event.who))} flees{way}."]


@renders(RENDERERS, Surrendered)
def _surrendered(narrator: Narrating, event: Surrendered) -> list[str]:
    return [f"{cap(narrator.the(event.who))} {'surrender' if event.who == PLAYER else 'surrenders'}."]


#: Where "from the east" points: the direction an arrival came from, as seen in the room.
_FROM = {"up": "from above", "down": "from below", "in": "from inside", "out": "from outside"}


@renders(RENDERERS, Arrived)
def _arrived(narrator: Narrating, event: Arrived) -> list[str]:
    whence = _FROM.get(event.origin, f"from the {event.origin}") if event.origin else ""
    verb = {"pursuit": "comes after you", "call": "comes running at the call", "search": "comes searching",
            "avenge": "comes running at the sound of the killing"}.get(event.why, "arrives")
    return [f"{cap(narrator.the(event.who))} {verb}{' ' + whence if whence else ''}."]


@renders(RENDERERS, Left)
def _left(narrator: Narrating, event: Left) -> list[str]:
    way = {"up": "up", "down": "down", "in": "inside", "out": "outside", "": ""}.get(event.direction,
                                                                                   f"to the {event.direction}")
    return [f"{cap(narrator.the(event.who))} leaves{' ' + way if way else ''}."]


@renders(RENDERERS, Crossed)
def _crossed(narrator: Narrating, event: Crossed) -> list[str]:
    heading = {"in": "inside", "out": "outside"}.get(event.heading, event.heading)
    return [f"On the way here you passed {narrator.the(event.who)}{', heading ' + heading if heading else ''}."]


@renders(RENDERERS, CalledForHelp)
def _called(narrator: Narrating, event: CalledForHelp) -> list[str]:
    return [f"{cap(narrator.the(event.who))} shouts for help!"]


@renders(RENDERERS, Interrupted)
def _interrupted(narrator: Narrating, event: Interrupted) -> list[str]:
    return [f"You stop after {duration(event.minutes)}: {event.reason}."]


#: How an NPC is said to turn itself to its own wounds, by pronoun.
_ITSELF = {"he": "himself", "she": "herself", "they": "themselves", "it": "itself"}


@renders(RENDERERS, ItemUsed)
def _item_used(narrator: Narrating, event: ItemUsed) -> list[str]:
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


@renders(RENDERERS, NpcRecovered)
def _npc_recovered(narrator: Narrating, event: NpcRecovered) -> list[str]:
    if event.before == event.after:
        return [f"It does {narrator.the(event.who)} no good ({event.after})."]
    return [f"{cap(narrator.the(event.who))}: {event.before} -> {event.after}."]


@renders(RENDERERS, Stolen)
def _stolen(narrator: Narrating, event: Stolen) -> list[str]:
    name = narrator.world.item_name(event.item)
    victim = narrator.the(event.victim)
    if event.seen:
        return [f"You take the {name} from {victim}, in plain sight."]
    return [f"You lift the {name} from {victim}, unseen."]


@renders(RENDERERS, TheftCaught)
def _theft_caught(narrator: Narrating, event: TheftCaught) -> list[str]:
    return [f"{cap(narrator.the(event.victim))} catches your hand on the {narrator.world.item_name(event.item)}!"]


@renders(RENDERERS, LossFound)
def _loss_found(narrator: Narrating, event: LossFound) -> list[str]:
    return [f"{cap(narrator.the(event.who))} looks for the {narrator.world.item_name(event.item)}, finds it gone, "
            f"and looks hard at you: \"Thief.\""]
