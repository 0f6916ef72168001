"""Staying alive: drink, eat, fill, rest, wait, search."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.actions import Turn
from game.actions.checks import roll_check_def
from game.actions.items import pick_up
from game.actions.scope import Ambiguous, Scope, Thing, resolve, the_name
from game.actions.things import take_first
from game.actions.water import water_capacity
from game.errors import ActionRefused
from game.events.world import Interrupted
from game.text import duration, join_names
from game.timekeeping import deadly_thirst, interruption
from game.world.conditions import DAY_START, NIGHT_START, is_dark
from game.world.state import DAY_MINUTES, PLAYER, room_place

if TYPE_CHECKING:
    from game.parser import Command

#: The small hours: a long rest whose stretch takes in this minute of the night is a night's sleep.
SMALL_HOURS = 3 * 60


def record_drink(turn: Turn) -> None:
    state = turn.world.state
    state.drank_day = state.day
    state.thirst_days = 0


def record_meal(turn: Turn) -> None:
    state = turn.world.state
    state.ate_day = state.day
    state.hunger_days = 0


def drink(turn: Turn, command: Command) -> None:
    world = turn.world
    if command.words:
        _drink_from(turn, command.words)
    if world.room.water_source:
        turn.say("You drink your fill.")
    elif world.state.water > 0:
        world.state.water -= 1
        turn.say(f"You drink a ration of water. {world.state.water} left.")
    else:
        raise ActionRefused("You have no water left.")
    record_drink(turn)
    turn.spend(5)


def _drink_from(turn: Turn, words: tuple[str, ...]) -> None:
    """``drink from the waterskin``: a water item on the floor is taken first (said in brackets);
    at a water source its well or pool (a fixed item or scenery) is drunk from; anything else
    named is refused."""
    world = turn.world
    thing = _named(turn, words, "drink")
    if thing is None:
        return
    kind, thing_id = thing
    if kind == "item" and world.item(thing_id).kind == "water":
        turn.referent = thing
        take_first(turn, thing_id)
    elif not (world.room.water_source and (kind == "scenery" or (kind == "item" and world.item(thing_id).fixed))):
        raise ActionRefused(f"You can't drink {the_name(world, thing)}.")


def eat(turn: Turn, command: Command) -> None:
    world = turn.world
    if command.words:
        _eat_from(turn, command.words)
    if world.state.food <= 0:
        raise ActionRefused("You have no food left.")
    world.state.food -= 1
    record_meal(turn)
    turn.say(f"You eat a ration. {world.state.food} left.")
    turn.spend(10)


def _eat_from(turn: Turn, words: tuple[str, ...]) -> None:
    """``eat the dates``: food on the floor is packed first (said as it is packed); anything else
    named is refused."""
    world = turn.world
    thing = _named(turn, words, "eat")
    if thing is None:
        return
    kind, thing_id = thing
    if kind != "item" or world.item(thing_id).kind != "food":
        raise ActionRefused(f"You can't eat {the_name(world, thing)}.")
    if world.place_of(thing_id) != PLAYER:
        pick_up(turn, thing_id)


def _named(turn: Turn, words: tuple[str, ...], what: str) -> Thing | None:
    """The thing here the words name, or None when they name nothing here ("drink water", "eat a
    ration": a ration, as the bare verb gives).  Words that fit several things ask which."""
    try:
        return resolve(Scope.around(turn.world, scenery=True), words, turn.referent, pronouns=turn.pronouns,
                       what=what)
    except Ambiguous:
        raise
    except ActionRefused:
        return None


def fill(turn: Turn, command: Command) -> None:
    world = turn.world
    if not world.room.water_source:
        raise ActionRefused("There is no water here to fill anything with.")
    capacity = water_capacity(turn)
    if capacity == 0:
        raise ActionRefused("You have nothing to carry water in.")
    if world.state.water >= capacity:
        raise ActionRefused("Your water containers are already full.")
    world.state.water = capacity
    turn.say(f"You fill your containers: {capacity} ration{'s' if capacity != 1 else ''} of water.")
    turn.spend(10)


def rest(turn: Turn, command: Command) -> None:
    world = turn.world
    kind = command.words[0] if command.words else "short"
    if kind not in ("short", "long"):
        raise ActionRefused("Rest short (an hour) or long (a night)?")
    hostiles = [n for n in world.living_npcs_in() if world.hostile(n) and world.npc_condition(n) == "ok"]
    if hostiles:
        raise ActionRefused(f"Not with {world.the_npc(hostiles[0])} here.")
    minutes = turn.play.rest_minutes(kind)
    if _interrupted(turn, minutes, "rest"):
        turn.say("The rest is broken before it does you any good.")
        return
    if not world.state.deprived and nothing_to_mend(turn, kind):
        if kind == "long":
            turn.say(f"Nothing needs mending: you {_sleep(world.state.minutes, minutes)}, and leave your supplies be.")
        else:
            hint = " (a long rest would)" if not nothing_to_mend(turn, "long") else ""
            turn.say(f"A short rest would mend nothing now{hint}: you sit a while and leave your supplies be.")
        turn.spend(minutes)
        return
    supplied = _consume_for_rest(turn, kind, minutes)
    turn.play.rest(turn, kind, supplied and not world.state.deprived)  # the system says when it did no good
    if supplied and world.state.deprived:
        turn.say("Deprived as you are, the rest does you no good.")
    turn.spend(minutes)


class _Generous:
    """Dice one short of their top face (a Wild Die never explodes): what a rest could mend at best."""

    def __init__(self) -> None:
        self.faces: list[int] = []

    def roll(self, sides: int) -> int:
        self.faces.append(max(1, sides - 1))
        return self.faces[-1]


def nothing_to_mend(turn: Turn, kind: str) -> bool:
    """Whether a fed rest of ``kind`` would change nothing on the player's sheet (no HP, wound,
    fatigue or depleted ability to restore): then it takes no ration, its supplies are the
    player's to eat or drink (no seed has a rest eat for its own sake; each heals by it)."""
    sheet = turn.world.state.player
    return bool(turn.world.system.rest(sheet, kind, True, _Generous()).sheet == sheet)


def _consume_for_rest(turn: Turn, kind: str, minutes: int) -> bool:
    """Take the ration(s) a rest of ``minutes`` needs; False when they are not there."""
    state = turn.world.state
    at_water = turn.world.room.water_source
    if kind == "long":
        if (state.water <= 0 and not at_water) or state.food <= 0:
            turn.say("A long rest needs both water and food: without them it does you no good.")
            return False
        if not at_water:
            state.water -= 1
        state.food -= 1
        record_drink(turn)
        record_meal(turn)
        turn.say(f"You eat and drink, and {_sleep(turn.world.state.minutes, minutes)}.")
        return True
    if state.food > 0:
        state.food -= 1
        record_meal(turn)
        turn.say("You sit down with a meal.")
        return True
    if state.water > 0 or at_water:
        if not at_water:
            state.water -= 1
        record_drink(turn)
        turn.say("You sit down with a ration of water.")
        return True
    turn.say("You have neither water nor food to rest with.")
    return False


def _sleep(start: int, minutes: int) -> str:
    """A long rest as it is at the hour it begins: a night's sleep when it takes in the small hours
    and lasts no more than half a day, else a sleep as long as it is."""
    night = (start - SMALL_HOURS) // DAY_MINUTES != (start + minutes - SMALL_HOURS) // DAY_MINUTES
    if night and minutes <= DAY_MINUTES // 2:
        return "sleep through the night"
    return f"sleep for {'a whole day' if minutes == DAY_MINUTES else duration(minutes)}"


def _interrupted(turn: Turn, minutes: int, doing: str) -> bool:
    """Stop a long stretch of time where something needs the player (see ``timekeeping.interruption``);
    a stretch that runs into the midnight thirst kills at asks first (``doing``: "wait", "rest")."""
    stop = interruption(turn, minutes) if minutes >= 60 else None
    confirm_deadly_thirst(turn, stop[0] if stop else minutes, doing)
    if stop is None:
        return False
    spent, reason = stop
    turn.spend(spent)
    turn.emit(Interrupted(reason, spent))
    return True


def confirm_deadly_thirst(turn: Turn, minutes: int, doing: str) -> None:
    """Ask before ``minutes`` of ``doing`` that end at or past the midnight thirst kills at;
    ActionRefused (no time passes) on a no."""
    if deadly_thirst(turn, minutes) is None:
        return
    if not turn.confirm(f"Another day without water will kill you. {doing.capitalize()} anyway? (yes/no)"):
        raise ActionRefused(f"You do not {doing}: find water first.")


def wait(turn: Turn, command: Command) -> None:
    """Wait a minute, or hours or days (``wait 3 hours``): a long wait stops when someone comes,
    a foe is here, or after the second day without water; a wait into the midnight thirst kills
    at asks first."""
    minutes = _until(turn, command.words[0]) if command.preposition == "until" and command.words \
        else command.number or 1
    if _interrupted(turn, minutes, "wait"):
        return
    turn.spend(minutes)
    turn.say("Time passes." if minutes < 60 else f"You wait {duration(minutes)}.")


def _until(turn: Turn, when: str) -> int:
    """The minutes from now to the next nightfall (``wait until night``) or daybreak (``until morning``)."""
    hour = DAY_START if when in ("day", "dawn", "morning", "sunrise", "daybreak", "daylight") else NIGHT_START
    now = turn.world.state.minutes % DAY_MINUTES
    minutes = (hour * 60 - now) % DAY_MINUTES
    return minutes or DAY_MINUTES


def search(turn: Turn, command: Command) -> None:
    """Look for hidden ways and things: each hidden exit rolls its own ``find`` check, and the
    room's ``search`` check reveals every item still hidden there (where an item is records
    whether it was found, so an item an update of the adventure hides in a room already
    searched is found by searching again)."""
    world = turn.world
    if is_dark(world):
        raise ActionRefused("It is too dark to search.")
    if command.words:  # "search lockers": what is named must be here; the search is of the place it is in
        turn.referent = resolve(Scope.around(world, scenery=True), command.words, turn.referent,
                                pronouns=turn.pronouns, what="search")
    room = world.room
    turn.spend(10)
    found_any = False
    for exit_def in room.exits.values():
        if world.exit_visible(room.id, exit_def):
            continue
        if exit_def.find is None or roll_check_def(turn, exit_def.find, label="search").outcome in ("success", "tie"):
            world.state.found.add(world.exit_key(room.id, exit_def.direction))
            turn.say(f"You find a hidden way {exit_def.direction}" + (f": {exit_def.name}!" if exit_def.name else "!"))
            found_any = True
    hidden = world.hidden_items(room.id)
    if hidden:
        result = roll_check_def(turn, room.search, label="search") if room.search else None
        if result is None or result.outcome in ("success", "tie"):
            for item_id in hidden:
                world.move_item(item_id, room_place(room.id))
            names = [world.item_a(i) for i in hidden]
            turn.say(f"You find {join_names(names)}.")
            turn.referent = ("item", hidden[-1])  # "take it" takes what was found
            found_any = True
    if not found_any:
        if not any(not world.exit_visible(room.id, e) for e in room.exits.values()) and not world.hidden_items(room.id):
            found_before = any(e.hidden and world.exit_visible(room.id, e) for e in room.exits.values())
            turn.say(f"You search carefully, but find nothing{' more' if found_before else ''}.")
        else:
            turn.say("You search, but find nothing. Something may still be hidden here.")

