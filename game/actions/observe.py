"""Looking: look, examine, inventory.  None of these take time or change the world."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.actions import ActionRegistry, Turn
from game.actions.combat import weapon_of
from game.actions.scope import Scope, resolve
from game.errors import ActionRefused
from game.text import article, capital, join_names
from game.world.state import PLAYER

if TYPE_CHECKING:
    from game.parser import Command


def register(registry: ActionRegistry) -> None:
    registry.register("look", look, observe=True)
    registry.register("examine", examine, observe=True)
    registry.register("inventory", inventory, observe=True)


def describe_room(turn: Turn) -> None:
    """Say the room's name, description, items, NPCs and exits."""
    world = turn.world
    room = world.room
    turn.say(room.name, room.description.strip())
    if room.water_source:
        turn.say("There is water here: you can drink or fill your waterskins.")
    for npc_id in world.npcs_in():
        turn.say(_npc_presence(turn, npc_id))
    items = world.room_items()
    if items:
        turn.say(f"You see {join_names([article(world.item_name(i)) for i in items])} here.")
    turn.say(exits_line(turn))


def exits_line(turn: Turn) -> str:
    world = turn.world
    parts = []
    for exit_def in world.visible_exits():
        label = exit_def.direction
        if not world.exit_open(world.state.room, exit_def):
            label += " (locked)"
        parts.append(label)
    return f"Exits: {join_names(parts)}." if parts else "There is no obvious way on."


def _npc_presence(turn: Turn, npc_id: str) -> str:
    world = turn.world
    name = world.npc_name(npc_id)
    condition = world.npc_condition(npc_id)
    if condition == "dead":
        return f"The body of the {name} lies here."
    if condition == "down":
        return f"The {name} lies here, out of the fight."
    if world.hostile(npc_id):
        return f"{capital(article(name))} is here, and means you harm."
    return f"{capital(article(name))} is here."


def look(turn: Turn, command: Command) -> None:
    if command.words:
        examine(turn, command)
        return
    describe_room(turn)


def examine(turn: Turn, command: Command) -> None:
    world = turn.world
    if command.direction is not None:
        _examine_exit(turn, command.direction)
        return
    thing = resolve(Scope.around(world), command.words, turn.referent, what="examine")
    turn.referent = thing
    kind, thing_id = thing
    if kind == "npc":
        npc = world.npc(thing_id)
        turn.say(npc.description.strip() or f"You see nothing special about {world.the_npc(thing_id)}.")
        condition = world.npc_condition(thing_id)
        if condition != "ok":
            turn.say(f"{capital(world.the_npc(thing_id))} is {'dead' if condition == 'dead' else 'down'}.")
        elif thing_id in world.state.npcs:
            turn.say(f"({world.system.health(world.npc_state(thing_id).sheet)})")
        carried = world.npc_items(thing_id)
        if carried:
            turn.say(f"It carries {join_names([article(world.item_name(i)) for i in carried])}.")
        return
    item = world.item(thing_id)
    turn.say(item.description.strip() or f"You see nothing special about the {world.item_name(thing_id)}.")
    if item.kind == "exotica" and item.true_name and thing_id not in world.state.identified:
        turn.say("You do not know what it does. You could try to identify it.")
    elif item.kind == "exotica" and item.true_name:
        turn.say(f"You know it as the {item.true_name}.")
    if item.damage:
        turn.say(turn.play.weapon_line(weapon_of(world, thing_id)))


def _examine_exit(turn: Turn, direction: str) -> None:
    world = turn.world
    exit_def = world.room.exits.get(direction)
    if exit_def is None or not world.exit_visible(world.state.room, exit_def):
        raise ActionRefused(f"You see no way {direction}.")
    text = exit_def.description or f"The way {direction} leads to {world.adventure.rooms[exit_def.to].name}."
    turn.say(text)
    if not world.exit_open(world.state.room, exit_def):
        turn.say("It is locked.")


def inventory(turn: Turn, command: Command) -> None:
    world = turn.world
    carried = world.items_at(PLAYER)
    lines = [f"  {article(world.item_name(i))}" for i in carried]
    turn.say("You carry:" if carried else "You carry nothing.", *lines)
    turn.say(f"Water: {world.state.water} ration{'s' if world.state.water != 1 else ''}. "
             f"Food: {world.state.food} ration{'s' if world.state.food != 1 else ''}.")
