"""Going through an exit, whoever goes (:class:`Go`), and the player entering a room, however
they came: on foot, in flight, by a trigger (:func:`enter`).

Apart from :mod:`game.actions.movement` so that every actor's deeds (a flight, a pursuit,
:mod:`game.actions.deeds`) move through the same code without the commands' module.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.actions import Turn, triggers
from game.actions.checks import roll_check_def
from game.actions.observe import describe_room
from game.deferred import deferred
from game.events import PLAYER
from game.world.conditions import is_dark
from game.world.content import OPPOSITE

if TYPE_CHECKING:
    from game.events import world as events_world
else:
    events_world = deferred("game.events.world")

#: Minutes a move takes when the room does not say.
DEFAULT_TRAVEL = 10


class Go:
    """Go through ``direction`` of the actor's room, whoever goes: the player enters the room
    beyond (:func:`enter`: the travel time, its hazard, triggers, the room described); an NPC moves
    there and is seen arriving for ``why`` (``pursuit``, ``search``) by a player there.

    The deed only: whether the way may be taken is checked before, by the player's command
    (a guard in the way, a locked door) or the NPC's policy.  A plain class, not a dataclass:
    it is built at every start, and a dataclass costs the opening more.
    """

    __slots__ = ("direction", "why")

    def __init__(self, direction: str, why: str = "") -> None:
        self.direction = direction
        self.why = why

    def __repr__(self) -> str:
        return f"Go({self.direction!r}, {self.why!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Go) and (other.direction, other.why) == (self.direction, self.why)

    def __hash__(self) -> int:
        return hash((self.direction, self.why))

    def perform(self, turn: Turn, actor: str) -> None:
        world = turn.world
        if actor == PLAYER:
            enter(turn, world.room.exits[self.direction].to)
            return
        left = world.npc_room(actor)
        there = world.adventure.rooms[left].exits[self.direction].to
        world.move_npc(actor, there)
        # Whence, as seen where it arrives: the exit of that room back to where it was (a drain's
        # "north" may come up through the floor: "from below"), else the opposite of its way.
        back = next((e.direction for e in world.adventure.rooms[there].exits.values() if e.to == left), "")
        turn.emit(events_world.Arrived(actor, back or OPPOSITE.get(self.direction, ""), self.why))


def enter(turn: Turn, room_id: str) -> None:
    """Move the player into a room, spend the travel time and describe it."""
    world = turn.world
    triggers.on_leave(turn, world.state.room)
    world.state.room = room_id
    world.state.visited.add(room_id)
    turn.spend(world.room.travel_minutes or DEFAULT_TRAVEL)
    turn.play.on_enter_room(turn)
    hazard = world.room.hazard
    if hazard is not None:
        result = roll_check_def(turn, hazard, label=hazard.kind)
        if result.outcome not in ("success", "tie"):
            turn.say(world.room.hazard_text or "The way in hurts you.")
            turn.play.harm(turn, world.room.hazard_damage, "hazard")
    describe_room(turn)
    dark = is_dark(world)
    triggers.on_enter(turn, room_id)
    if dark and world.state.room == room_id and not is_dark(world):  # a light carried in, lit by a trigger
        describe_room(turn)
