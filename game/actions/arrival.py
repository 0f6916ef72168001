"""The player entering a room, however they came: on foot, in flight, by a trigger.

Apart from :mod:`game.actions.movement` so that every actor's deeds (a flight,
:class:`~game.actions.deeds.Flee`) can move the player without the commands' module.
"""
from __future__ import annotations

from game.actions import Turn, triggers
from game.actions.checks import roll_check_def
from game.actions.observe import describe_room
from game.world.conditions import is_dark

#: Minutes a move takes when the room does not say.
DEFAULT_TRAVEL = 10


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
