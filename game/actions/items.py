"""Handling things: take, drop, open/unlock, use, identify."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.actions import Turn, containers, triggers
from game.actions.checks import roll_check, roll_check_def
from game.actions.combat import attack_with
from game.actions.deeds import mend
from game.actions.scope import PRONOUNS, Orphan, Scope, all_but, held_here, resolve, resolve_carried, the_name, things_named
from game.actions.theft import take_from, take_held
from game.actions.things import holder_place, named_holder, take_first, take_off_first
from game.actions.water import confirm_water_kept, water_capacity
from game.errors import ActionRefused
from game.text import capital, definite, join_names
from game.world.conditions import is_dark
from game.world.content import ExitDef
from game.world.state import PLAYER, room_place

if TYPE_CHECKING:
    from game.actions.scope import Thing
    from game.parser import Command
    from game.world.world import World

DOOR_WORDS = {"door", "gate", "hatch", "grate", "grille", "lock", "way", "trapdoor", "portal"}


def take(turn: Turn, command: Command) -> None:
    world = turn.world
    if command.is_all and is_dark(world):
        raise ActionRefused("It is too dark to see.")
    if command.preposition == "from" and command.second:
        if take_from(turn, command):
            return
        if command.is_all:
            _take_all_from(turn, command)
            return
    if command.is_all:
        portable = all_but(world, command.excluded, [i for i in world.room_items() if not world.item(i).fixed])
        if not portable:
            raise ActionRefused("There is nothing here to take.")
        portable = triggers.let_through(turn, command.verb, portable)
        for item_id in portable:
            pick_up(turn, item_id)
        turn.group = [("item", i) for i in portable if world.place_of(i) == PLAYER]
        turn.spend(1)
        return
    try:
        thing = _to_take(turn, command)
    except ActionRefused as refused:
        held = held_here(world, command.words) if type(refused) is ActionRefused and command.words else None
        if held is None:
            raise
        turn.referent = ("item", held[1])
        take_held(turn, *held)
        return
    turn.referent = thing
    kind, item_id = thing
    if kind == "npc" and world.npc_condition(item_id) == "dead":
        raise ActionRefused(f"You leave the body of {world.the_npc(item_id)} where it lies.")
    if kind == "npc":
        raise ActionRefused(f"{capital(world.the_npc(item_id))} would not take kindly to that.")
    if kind == "scenery":
        raise ActionRefused("That's hardly portable.")
    if kind == "self":
        raise ActionRefused("You are always self-possessed.")
    if world.place_of(item_id) == PLAYER:
        raise ActionRefused(f"You already have {definite(world.item_name(item_id))}.")
    if command.preposition == "from" and command.second:
        holder, kind = _holder_named(turn, command)
        if world.place_of(item_id) != holder_place(holder):
            raise ActionRefused(f"{capital(definite(world.item_name(item_id)))} is not "
                                f"{'on' if kind == 'supporter' else 'in'} {the_name(world, holder)}.")
    if world.item(item_id).fixed:
        raise ActionRefused(f"{capital(definite(world.item_name(item_id)))} will not move.")
    refusal = turn.play.take_refusal(turn, item_id)
    if refusal:
        raise ActionRefused(refusal)
    pick_up(turn, item_id)
    turn.spend(1)


def _to_take(turn: Turn, command: Command) -> Thing:
    """The thing ``take`` names: among what is not carried when that settles it (``take keycard``
    holding the white one takes the gold one lying here), else among all in reach ("You already have it")."""
    world = turn.world
    around = Scope.around(world, scenery=True, carried=True)
    if command.words and not (len(command.words) == 1 and command.words[0] in PRONOUNS):
        carried = set(world.carried())
        loose = Scope(world, [t for t in around.things if not (t[0] == "item" and t[1] in carried)], around.dark)
        if len(things_named(loose, command.words)) == 1:
            around = loose
    return resolve(around, command.words, turn.referent, pronouns=turn.pronouns, what="take")


def _holder_named(turn: Turn, command: Command) -> tuple[Thing, str]:
    """The container or supporter ``take ... from HOLDER`` names, and its kind; refused if it holds nothing."""
    world = turn.world
    holder, kind = named_holder(turn, command, "take it from")
    if not kind:
        raise ActionRefused(f"{capital(the_name(world, holder))} holds nothing.")
    return holder, kind


def _take_all_from(turn: Turn, command: Command) -> None:
    """``take all [but ...] from HOLDER``: everything in or on a container or supporter here."""
    world = turn.world
    holder, kind = _holder_named(turn, command)
    items = all_but(world, command.excluded, [i for i in world.items_at(holder_place(holder))
                                              if not world.item(i).fixed])
    if not items:
        raise ActionRefused(f"There is nothing {'on' if kind == 'supporter' else 'in'} {the_name(world, holder)}.")
    items = triggers.let_through(turn, command.verb, items)
    for item_id in items:
        pick_up(turn, item_id)
    turn.group = [("item", i) for i in items if world.place_of(i) == PLAYER]
    turn.spend(1)


def pick_up(turn: Turn, item_id: str) -> None:
    """Take ``item_id`` from where it lies: food with rations is packed into the food supply, anything
    else is carried unless the rule system refuses (its refusal said)."""
    world = turn.world
    item = world.item(item_id)
    name = world.item_name(item_id)
    if item.kind == "food" and item.rations:
        world.destroy_item(item_id)
        world.state.food += item.rations
        turn.say(f"You pack {definite(name)}: {item.rations} more day{'s' if item.rations != 1 else ''} of food.")
        return
    refusal = turn.play.take_refusal(turn, item_id)
    if refusal:
        turn.say(refusal)
        return
    world.move_item(item_id, PLAYER)
    turn.say(f"Taken: {definite(name)}.")
    water = water_with(world, item_id)
    if water:
        world.state.water += water
        turn.say(f"It holds {water} ration{'s' if water != 1 else ''} of water.")


def water_with(world: World, item_id: str) -> int:
    """The water a container brings the first time it reaches the player's hands (then marked drawn):
    a container starts full (docs/authoring.md, item kinds), so its ``rations``, wherever it was found
    (a body, the ground, a merchant's stock); none for one the player started with (that water is
    the player's ``water``) or whose water came before (it is in the supply now)."""
    item = world.item(item_id)
    if item.kind != "water" or item_id in world.state.drawn:
        return 0
    world.state.drawn.add(item_id)
    return 0 if item_id in world.adventure.player.items else item.rations


def drop(turn: Turn, command: Command) -> None:
    world = turn.world
    if command.is_all:
        carried = all_but(world, command.excluded, world.carried())
        if not carried:
            raise ActionRefused("You carry nothing.")
        carried = triggers.let_through(turn, command.verb, carried)
        confirm_water_kept(turn, carried, "drop")
        for item_id in carried:
            world.move_item(item_id, room_place(world.state.room))
        turn.group = [("item", i) for i in carried]
        if carried:
            turn.say(f"You drop {join_names([world.item_a(i) for i in carried])}.")
        turn.spend(1)
        return
    item_id = resolve_carried(world, command.words, turn.referent, pronouns=turn.pronouns, what="drop")
    turn.referent = ("item", item_id)
    confirm_water_kept(turn, [item_id], "drop")
    take_off_first(turn, item_id)
    world.move_item(item_id, room_place(world.state.room))
    turn.say(f"Dropped: {definite(world.item_name(item_id))}.")
    turn.spend(1)


def _locked_exits(turn: Turn) -> list[ExitDef]:
    world = turn.world
    return [e for e in world.visible_exits() if not world.exit_open(world.state.room, e)]


def _target_exit(turn: Turn, command: Command) -> ExitDef:
    world = turn.world
    if command.direction is not None:
        exit_def = world.room.exits.get(command.direction)
        if exit_def is None or not world.exit_visible(world.state.room, exit_def):
            raise ActionRefused(f"You see no way {command.direction}.")
        if world.exit_open(world.state.room, exit_def):
            raise ActionRefused(f"The way {command.direction} is already open.")
        return exit_def
    locked = _locked_exits(turn)
    if command.words and not set(command.words) & DOOR_WORDS:
        raise ActionRefused(f"You can't open the {' '.join(command.words)}. Try \"unlock DIRECTION with KEY\".")
    if not locked:
        here = world.state.room
        opened = [e for e in world.visible_exits() if e.locked_by and world.exit_open(here, e)]
        if len(opened) == 1:
            raise ActionRefused(f"{capital(opened[0].name or 'the way ' + opened[0].direction)} is already open.")
        raise ActionRefused("Nothing here is locked." if not opened else "Every way here is already open.")
    if len(locked) > 1:
        raise ActionRefused(f"Which way: {join_names([e.direction for e in locked], 'or')}?")
    return locked[0]


def open_exit(turn: Turn, command: Command) -> None:
    """``open``/``unlock`` a way, or a container the words name (game.actions.containers)."""
    holder = containers.holder_named(turn, command)
    if holder is not None:
        opener = containers.unlock_holder if command.verb == "unlock" else containers.open_holder
        opener(turn, command, holder)
        return
    world = turn.world
    exit_def = _target_exit(turn, command)
    key = _key_for(turn, command, exit_def)
    if key is not None:
        mark_open(turn, exit_def)
        turn.say(f"You unlock {exit_def.called} with the {world.item_name(key)}.")
        turn.spend(1)
        return
    if exit_def.force is None:
        raise ActionRefused(f"{capital(exit_def.called)} is locked, and you have nothing that opens it.")
    result = roll_check_def(turn, exit_def.force, label="force")
    turn.spend(5)
    if result.outcome in ("success", "tie"):
        mark_open(turn, exit_def)
        turn.say(f"You force {exit_def.called} open.")
    else:
        turn.say("It holds.")


def _key_for(turn: Turn, command: Command, exit_def: ExitDef) -> str | None:
    world = turn.world
    carried = world.carried()
    if command.second:
        key = resolve_carried(world, command.second, turn.referent, pronouns=turn.pronouns, what="use")
        if key != exit_def.locked_by:
            raise ActionRefused(f"The {world.item_name(key)} does not fit.")
        return key
    return exit_def.locked_by if exit_def.locked_by in carried else None


def mark_open(turn: Turn, exit_def: ExitDef) -> None:
    """Open an exit, and the way back through the same lock."""
    world = turn.world
    here = world.state.room
    world.state.opened.add(world.exit_key(here, exit_def.direction))
    for back in world.adventure.rooms[exit_def.to].exits.values():
        if back.to == here and back.locked_by == exit_def.locked_by:
            world.state.opened.add(world.exit_key(exit_def.to, back.direction))


def use(turn: Turn, command: Command) -> None:
    world = turn.world
    kind, item_id = resolve(Scope.around(world, scenery=True, npcs=False), command.words, turn.referent, pronouns=turn.pronouns, what="use")
    turn.referent = (kind, item_id)
    if kind != "item":
        raise ActionRefused(f"You can't think how to use {the_name(world, (kind, item_id))} here.")
    item = world.item(item_id)
    for exit_def in _locked_exits(turn):
        if exit_def.locked_by == item_id:
            if world.place_of(item_id) != PLAYER:
                raise ActionRefused(f"You need to be holding the {world.item_name(item_id)}.")
            mark_open(turn, exit_def)
            turn.say(f"You unlock {exit_def.called} with the {world.item_name(item_id)}.")
            turn.spend(1)
            return
    if world.place_of(item_id) != PLAYER and not item.fixed:
        take_first(turn, item_id)
    if world.place_of(item_id) != PLAYER:
        raise ActionRefused(f"You need to be holding the {world.item_name(item_id)}.")
    if turn.play.use_item(turn, item_id, command.second):
        return
    if item.effect.get("heal"):
        if turn.play.unhurt(world):
            raise ActionRefused(f"You are not hurt: you keep the {world.item_name(item_id)} for when you are.")
        turn.say(f"You use the {world.item_name(item_id)}.")
        mend(turn, PLAYER, item_id, "heal")  # the healing deed every actor shares
        turn.spend(1)
        return
    if item.effect.get("damage") is not None or item.damage:
        if not command.second:
            raise Orphan(f"Use the {world.item_name(item_id)} on whom?", join="on")
        attack_with(turn, command.second, item_id)
        return
    if item.effect.get("reveal"):
        hidden = [e for e in world.room.exits.values() if not world.exit_visible(world.state.room, e)]
        for exit_def in hidden:
            world.state.found.add(world.exit_key(world.state.room, exit_def.direction))
        turn.say(f"The {world.item_name(item_id)} hums. "
                 + (f"A way {join_names([e.direction for e in hidden])} shows itself." if hidden else "Nothing answers it here."))
        turn.spend(1)
        return
    if item.effect.get("water"):
        rations = int(item.effect["water"])
        kept = min(rations, max(0, water_capacity(turn, (item_id,)) - world.state.water))  # what the containers hold
        world.state.water += kept
        world.destroy_item(item_id)
        lost = f" Your containers take {kept}; the rest soaks into the ground." if kept < rations else ""
        turn.say(f"The {world.item_name(item_id)} gives up {rations} ration{'s' if rations != 1 else ''} of water, "
                 f"and crumbles.{lost}")
        turn.spend(1)
        return
    raise ActionRefused(f"You can't think how to use the {world.item_name(item_id)} here.")


def identify(turn: Turn, command: Command) -> None:
    world = turn.world
    kind, item_id = resolve(Scope.around(world, npcs=False), command.words, turn.referent, pronouns=turn.pronouns, what="identify")
    turn.referent = (kind, item_id)
    item = world.item(item_id)
    if item.kind != "exotica" or not item.true_name:
        raise ActionRefused(f"The {world.item_name(item_id)} holds no mystery.")
    if item_id in world.state.identified:
        raise ActionRefused(f"You already know it: the {item.true_name}.")
    if world.room.settlement:
        world.state.identified.add(item_id)
        turn.spend(60)
        turn.say(f"A settlement appraiser turns it over and names it: the {item.true_name}.")
        return
    if item_id in world.state.puzzled:
        raise ActionRefused("You have puzzled over it already. Have it appraised at a settlement, or use it and hope.")
    result = roll_check(turn, "identify", item.identify or "normal", label="identify")
    turn.spend(10)
    if result.outcome in ("success", "tie"):
        world.state.identified.add(item_id)
        turn.say(f"You work it out: this is the {item.true_name}.")
    elif not result.goes_on:
        world.state.puzzled.add(item_id)
        turn.say("It keeps its secret. A settlement appraiser might know it.")
