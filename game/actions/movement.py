"""Moving: go (and bare directions), flee."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.actions import Turn
from game.actions.checks import roll_check
from game.actions.deeds import Flee
from game.actions.items import mark_open
from game.actions.scope import Scope, resolve, scenery_of, the_name, things_named
from game.actions.survival import confirm_deadly_thirst
from game.errors import ActionRefused
from game.events import PLAYER
from game.parser import Command as Parsed
from game.rules.base import Situation
from game.text import capital, the
from game.world.content import ExitDef

if TYPE_CHECKING:
    from game.actions.scope import Thing
    from game.parser import Command
    from game.world.world import World

from game.actions.arrival import DEFAULT_TRAVEL, Go, enter

__all__ = ["DEFAULT_TRAVEL", "enter", "flee", "go", "way_through"]


def _exit(turn: Turn, command: Command) -> ExitDef:
    world = turn.world
    direction = command.direction
    if direction is None:
        if command.words:
            target = " ".join(command.words)
            for exit_def in world.visible_exits():
                if world.adventure.rooms[exit_def.to].name.lower() == target:
                    return exit_def
            through = _way_named(turn, command.words)  # enter hatch, go through the door
            if through is not None:
                return through
            _refuse_no_way(turn, command.words)
            raise ActionRefused(f"I don't know the way to \"{target}\". Try a direction such as north.")
        raise ActionRefused("Which way? Try a direction such as north, or look to see the exits.")
    found = world.room.exits.get(direction)
    if found is None or not world.exit_visible(world.state.room, found):
        raise ActionRefused(f"You can't go {direction} from here.")
    if not world.exit_open(world.state.room, found):
        if found.locked_by is not None and found.locked_by in world.carried():
            turn.say(f"(first unlocking {found.called} with the {world.item_name(found.locked_by)})")
            mark_open(turn, found)
            return found
        raise ActionRefused(f"{capital(found.called)} is locked.")
    return found


def _way_named(turn: Turn, words: tuple[str, ...]) -> ExitDef | None:
    """The exit a scenery thing named here is (``way``), when ``words`` name exactly one such thing."""
    world = turn.world
    words = tuple(w for w in words if w not in ("through", "into", "in", "up", "down", "the", "a"))
    scope = Scope(world, [("scenery", f"{world.state.room}/{s}") for s in world.room.scenery])
    named = things_named(scope, words) if words else []
    return way_through(world, named[0]) if len(named) == 1 else None


def _refuse_no_way(turn: Turn, words: tuple[str, ...]) -> None:
    """``enter lean-to``: a thing here that is no way anywhere is refused as such (Inform's "That's
    not something you can enter."), not as a place name not known."""
    named = things_named(Scope.around(turn.world, scenery=True), words)
    if len(named) == 1:
        raise ActionRefused(f"{capital(the_name(turn.world, named[0]))} is not somewhere you can go into.")


def _blockers(turn: Turn, direction: str) -> list[str]:
    world = turn.world
    return [n for n in world.living_npcs_in() if world.npc_condition(n) == "ok"
            and (world.hostile(n) or world.guards(n, direction))]


def go(turn: Turn, command: Command) -> None:
    exit_def = _exit(turn, command)
    blockers = _blockers(turn, exit_def.direction)
    if blockers:
        name = turn.world.npc_name(blockers[0])
        raise ActionRefused(f"{capital(the(name))} blocks your way. Fight, or try to flee.")
    world = turn.world
    confirm_deadly_thirst(turn, world.adventure.rooms[exit_def.to].travel_minutes or DEFAULT_TRAVEL, "go")
    Go(exit_def.direction).perform(turn, PLAYER)  # the deed a pursuer's or a searcher's move is


def flee(turn: Turn, command: Command) -> None:
    world = turn.world
    hostiles = [n for n in world.living_npcs_in() if world.hostile(n) and world.npc_condition(n) == "ok"]
    if command.direction is None and not hostiles:  # no way chosen for the player when nothing threatens
        raise ActionRefused("There is nothing here to flee from.")
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
        Flee(exit_def.direction).perform(turn, PLAYER)
    else:
        turn.say("You cannot break away.")
        turn.spend(1)


def follow(turn: Turn, command: Command) -> None:
    """``follow NPC``: go the way the player saw the NPC go from here (Inform's and TADS's following).

    Only from the room where it was seen leaving, and only someone seen leaving:
    the game never tells where an NPC went that the player did not see.
    """
    world = turn.world
    if not command.words:
        raise ActionRefused("Follow whom?")
    here = Scope(world, [("npc", n) for n in world.npcs_in()])
    seen = Scope(world, [("npc", n) for n in turn.seen_going])
    try:
        _, npc_id = resolve(here, command.words, turn.referent, pronouns=turn.pronouns, what="follow")
    except ActionRefused:
        _, npc_id = resolve(seen, command.words, turn.referent, pronouns=turn.pronouns, what="follow")
    name = capital(world.the_npc(npc_id))
    if npc_id in world.npcs_in():
        raise ActionRefused(f"{name} is right here.")
    room, direction = turn.seen_going[npc_id]
    if room != world.state.room or not direction:
        raise ActionRefused(f"You did not see which way {world.the_npc(npc_id)} went from here.")
    turn.referent = ("npc", npc_id)
    go(turn, Parsed("go", direction=direction, raw=f"go {direction}"))


def way_through(world: World, thing: Thing) -> ExitDef | None:
    """The exit a scenery thing is (its ``way``: a ladder up, a hatch down), found if it was hidden:
    a thing the player can see and name is a way the player can take.  None for anything else."""
    if thing[0] != "scenery":
        return None
    way = scenery_of(world, thing[1]).way
    room_id = world.state.room
    exit_def = world.adventure.rooms[room_id].exits.get(way) if way else None
    if exit_def is not None and not world.exit_visible(room_id, exit_def):
        world.state.found.add(world.exit_key(room_id, exit_def.direction))
    return exit_def
