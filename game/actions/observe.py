"""Looking: look, examine, inventory.  None of these take time or change the world."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.actions import Turn
from game.actions.arms import weapon_of
from game.actions.scope import SELF, Scope, resolve, scenery_of
from game.errors import ActionRefused
from game.text import article, capital, definite, is_plural, join_names, possessive, subject, the, verb_s
from game.world.conditions import DARK_PLACE, is_dark, text_now
from game.world.holders import is_locked, is_open
from game.world.state import PLAYER

if TYPE_CHECKING:
    from game.parser import Command
    from game.world.world import World


def describe_room(turn: Turn) -> None:
    """Say the room's name, description, items, NPCs and exits, as they are when the time the turn
    has taken so far is over (the engine moves the clock after the action): a journey's end is
    seen at the hour of arrival, with the wanderers there then."""
    world = turn.world
    room = world.room
    arrival = world.state.minutes + turn.minutes
    if is_dark(world, minutes=arrival):
        turn.say(DARK_PLACE, "It is pitch dark, and you can't see a thing.")
        return
    turn.say(room.name, text_now(world, room.description, room.descriptions, minutes=arrival).strip())
    told = world.initial_items()
    turn.say(*(world.item(i).initial for i in told))
    if room.water_source:
        turn.say("There is water here: you can drink, or fill your water containers.")
    # Who is here: after a journey, whoever is there at the hour of arrival; when the player stayed
    # put, whoever was here as the turn began (passers_by then tells who came or went meanwhile).
    journeyed = bool(turn.start_room) and turn.start_room != room.id
    for npc_id in world.npcs_in(minutes=arrival if journeyed else None):
        turn.say(_npc_presence(turn, npc_id))
    items = [i for i in world.room_items() if i not in told]
    if items:
        turn.say(f"You see {join_names([world.item_a(i) for i in items])} here.")
    for scenery_id, scenery in room.scenery.items():
        held = world.items_at(f"in:{room.id}/{scenery_id}") if is_open(world, f"{room.id}/{scenery_id}") else []
        if held:
            where = "On" if scenery.kind == "supporter" else "In"
            turn.say(f"{where} {the(scenery.name)} you see {join_names([world.item_a(i) for i in held])}.")
    for item_id in items:  # what lies in or on a container or supporter on the floor, as Inform lists it
        held = world.items_at(f"in:{item_id}") if is_open(world, item_id) else []
        if held:
            where = "On" if world.item(item_id).kind == "supporter" else "In"
            turn.say(f"{where} {definite(world.item_name(item_id))} you see {join_names([world.item_a(i) for i in held])}.")
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
        return f"The body of {world.the_npc(npc_id)} lies here."
    if condition == "down":
        return f"{capital(the(name))} lies here, out of the fight."
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
    scope = Scope.around(world, scenery=True)
    scope.things += [("item", i) for kind, n in list(scope.things) if kind == "npc" for i in world.npc_items(n)]
    thing = resolve(scope, command.words, turn.referent, pronouns=turn.pronouns, what="examine")
    turn.referent = thing
    kind, thing_id = thing
    if thing == SELF:
        _examine_self(turn)
    elif kind == "npc":
        _examine_npc(turn, thing_id)
    elif kind == "scenery":
        scenery = scenery_of(world, thing_id)
        turn.say(text_now(world, scenery.description, scenery.descriptions)
                 or f"You see nothing special about {the(scenery.name)}.")
        _contents(turn, f"in:{thing_id}", scenery.kind)
    else:
        _examine_item(turn, thing_id)


def _examine_self(turn: Turn) -> None:
    world = turn.world
    turn.say(f"You are {world.adventure.player.name}, as road-worn as ever. "
             f"({turn.play.sheet_view(world).health})")
    carried = world.carried()
    turn.say(f"You carry {join_names([world.item_a(i) for i in carried])}." if carried
             else "You carry nothing.")


def _examine_npc(turn: Turn, npc_id: str) -> None:
    world = turn.world
    npc = world.npc(npc_id)
    description = text_now(world, npc.description, npc.descriptions)
    condition = world.npc_condition(npc_id)
    pronoun = npc.pronoun
    if condition == "dead":  # the living description would lie; a text for the dead may be given
        turn.say(description if description != npc.description else f"The body of {world.the_npc(npc_id)} lies still.")
        portable = [i for i in world.room_items() if not world.item(i).fixed and i in npc.items]
        turn.say(f"{capital(possessive(pronoun))} belongings lie about: {join_names([world.item_a(i) for i in portable])}."
                 if portable else "There is nothing left on the body.")
        return
    turn.say(description.strip() or f"You see nothing special about {world.the_npc(npc_id)}.")
    if condition != "ok":
        turn.say(f"{capital(world.the_npc(npc_id))} is down.")
    elif npc_id in world.state.npcs:
        turn.say(f"({world.system.health(world.npc_state(npc_id).sheet)})")
    carried = world.npc_items(npc_id)
    if carried:
        turn.say(f"{capital(subject(pronoun))} {verb_s(pronoun, 'carries', 'carry')} "
                 f"{join_names([world.item_a(i) for i in carried])}.")


def _examine_item(turn: Turn, item_id: str) -> None:
    world = turn.world
    item = world.item(item_id)
    description = text_now(world, item.description, item.descriptions)
    turn.say(description.strip() or f"You see nothing special about {definite(world.item_name(item_id))}.")
    held_by_npc = world.place_of(item_id).startswith("npc:")
    if item.kind == "exotica" and item.true_name and item_id not in world.state.identified:
        turn.say("You do not know what it does." + ("" if held_by_npc else " You could try to identify it."))
    elif item.kind == "exotica" and item.true_name:
        turn.say(f"You know it as the {item.true_name}.")
    if item.damage:
        turn.say(turn.play.narrator_class(world).weapon_line(weapon_of(world, item_id)))
    _contents(turn, f"in:{item_id}", item.kind)
    holder = world.place_of(item_id)
    if holder.startswith("npc:"):  # what someone here carries can be looked at, not taken
        npc_id = holder[4:]
        them = "them" if is_plural(world.item_name(item_id)) else "it"
        turn.say(f"{capital(world.the_npc(npc_id))} {verb_s(world.npc(npc_id).pronoun, 'has', 'have')} {them}.")


def _contents(turn: Turn, place: str, kind: str) -> None:
    """What is in or on a container or supporter (a closed container: that it is closed, and locked)."""
    if kind not in ("container", "supporter"):
        return
    world = turn.world
    key = place.removeprefix("in:")
    if not is_open(world, key):
        turn.say("It is closed and locked." if is_locked(world, key) else "It is closed.")
        return
    inside = world.items_at(place)
    where = "On it" if kind == "supporter" else "In it"
    turn.say(f"{where} you see {join_names([world.item_a(i) for i in inside])}." if inside
             else f"{'Nothing is on it' if kind == 'supporter' else 'It is empty'}.")


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
    lines = [f"  {world.item_a(i)}{_dress(world, i)}" for i in carried]
    turn.say("You carry:" if carried else "You carry nothing.", *lines)
    turn.say(f"Water: {world.state.water} ration{'s' if world.state.water != 1 else ''}. "
             f"Food: {world.state.food} ration{'s' if world.state.food != 1 else ''}.")


def _dress(world: World, item_id: str) -> str:
    """" (being worn)" or " (wielded)" after an item in the inventory, as Inform lists them."""
    if item_id in world.state.worn:
        return " (being worn)"
    return " (wielded)" if world.state.wielded == item_id else ""
