"""Moving: go (and bare directions), flee."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.actions import Turn, triggers
from game.actions.checks import roll_check, roll_check_def
from game.actions.observe import describe_room
from game.errors import ActionRefused
from game.rules.base import Situation
from game.text import capital, the
from game.world.content import ExitDef

if TYPE_CHECKING:
    from game.parser import Command

#: Minutes a move takes when the room does not say.
DEFAULT_TRAVEL = 10


def _exit(turn: Turn, command: Command) -> ExitDef:
    world = turn.world
    direction = command.direction
    if direction is None:
        if command.words:
            target = " ".join(command.words)
            for exit_def in world.visible_exits():
                if world.adventure.rooms[exit_def.to].name.lower() == target:
                    return exit_def
            raise ActionRefused(f"I don't know the way to \"{target}\". Try a direction such as north.")
        raise ActionRefused("Which way? Try a direction such as north, or look to see the exits.")
    found = world.room.exits.get(direction)
    if found is None or not world.exit_visible(world.state.room, found):
        raise ActionRefused(f"You can't go {direction} from here.")
    if not world.exit_open(world.state.room, found):
        if found.locked_by is not None and found.locked_by in world.carried():
            from game.actions.items import mark_open

            turn.say(f"(first unlocking {found.called} with the {world.item_name(found.locked_by)})")
            mark_open(turn, found)
            return found
        raise ActionRefused(f"{capital(found.called)} is locked.")
    return found


def _blockers(turn: Turn, direction: str) -> list[str]:
    world = turn.world
    return [n for n in world.living_npcs_in() if world.npc_condition(n) == "ok"
            and (world.hostile(n) or world.npc(n).blocks == direction)]


def go(turn: Turn, command: Command) -> None:
    exit_def = _exit(turn, command)
    blockers = _blockers(turn, exit_def.direction)
    if blockers:
        name = turn.world.npc_name(blockers[0])
        raise ActionRefused(f"{capital(the(name))} blocks your way. Fight, or try to flee.")
    from game.actions.survival import confirm_deadly_thirst

    world = turn.world
    confirm_deadly_thirst(turn, world.adventure.rooms[exit_def.to].travel_minutes or DEFAULT_TRAVEL, "go")
    enter(turn, exit_def.to)


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
    triggers.on_enter(turn, room_id)


def flee(turn: Turn, command: Command) -> None:
    world = turn.world
    hostiles = [n for n in world.living_npcs_in() if world.hostile(n) and world.npc_condition(n) == "ok"]
    if command.direction is None:
        options = [e for e in world.visible_exits() if world.exit_open(world.state.room, e)]
        if not options:
            raise ActionRefused("There is nowhere to flee to.")
        exit_def = options[0]
    else:
        exit_def = _exit(turn, command)
    if not hostiles:
        enter(turn, exit_def.to)
        return
    result = roll_check(turn, "dodge", "normal", Situation(), label="flee")
    if result.outcome == "success":
        turn.say(f"You break away and run {exit_def.direction}.")
        enter(turn, exit_def.to)
    else:
        turn.say("You cannot break away.")
        turn.spend(1)
