"""Game time passing: the clock, days, and the survival pressure they bring.

Applies under every system: a biological character needs a ration
of water each day (seed 001 §Water) and a meal; each day without water is a
day deprived of it, and the third such day in a row kills.  Hunger deprives
(no benefit from rests) but does not kill.  A character who has water or food
left and has not drunk or eaten by the end of a day does so then
automatically: a house rule that spares the player bookkeeping.
"""
from __future__ import annotations

from game.actions import Turn
from game.world.state import DAY_MINUTES
from game.world.world import ROUTE_STOP_MINUTES, World

#: Days in a row deprived of water that kill (seed 001 §Water).
THIRST_DEATH_DAYS = 3


def advance(turn: Turn, minutes: int) -> None:
    """Move the clock on by ``minutes``, settling each day that ends on the way."""
    state = turn.world.state
    remaining = minutes
    while remaining > 0 and state.status == "playing":
        to_midnight = DAY_MINUTES - state.minutes % DAY_MINUTES
        step = min(remaining, to_midnight)
        state.minutes += step
        remaining -= step
        if step == to_midnight:
            end_of_day(turn, state.day - 1)


def end_of_day(turn: Turn, day: int) -> None:
    """Settle water and food for the day that just ended."""
    state = turn.world.state
    view = turn.play.sheet_view(turn.world)
    if state.drank_day <= day - view.water_days:
        if turn.world.room.water_source:  # a day spent by the water ends with a drink of it, not a ration
            state.drank_day = day
            state.thirst_days = 0
            turn.say("As the day ends you drink your fill of the water here.")
        elif state.water > 0:
            state.water -= 1
            state.drank_day = day
            state.thirst_days = 0
            turn.say(f"As the day ends you drink a ration of water ({state.water} left).")
        else:
            state.thirst_days += 1
            turn.say(_thirst_line(state.thirst_days))
    if view.daily_meals and state.ate_day < day:
        if state.food > 0:
            state.food -= 1
            state.ate_day = day
            state.hunger_days = 0
            turn.say(f"You eat a ration before sleep ({state.food} left).")
        else:
            state.hunger_days += 1
            turn.say("You go a day without food, and feel it.")
    if state.thirst_days >= THIRST_DEATH_DAYS:
        state.status = "dead"
        state.ending = "You die of thirst."
        turn.say(state.ending)
        return
    turn.play.end_of_day(turn, day)


def _thirst_line(days: int) -> str:
    if days == 1:
        return "A day without water: you are deprived, and rest will not help you."
    if days == 2:
        return "A second day without water. Your tongue swells; one more day will kill you."
    return "Another day without water."


def interruption(turn: Turn, minutes: int) -> tuple[int, str] | None:
    """Where a long wait or rest of ``minutes`` must stop, and why; None when nothing stops it.

    It stops at once when a foe stands in the room; when a wanderer's route
    brings it into the room (the minute it arrives; a friendly or neutral one only the first time
    it comes on a day, :func:`_threat`; not one that was here as the
    stretch began and comes back: beside a wanderer that comes and goes, a wait
    or rest would stop at each return, and its going and coming are told after);
    and at the end of the second day in a row without water, after which one
    more such day would kill.  Only the wanderers whose route passes through the
    room are looked at, one route stop at a time.  The midnight that kills is no
    stop: :func:`deadly_thirst` finds it, and the wait or rest asks first.
    """
    world = turn.world
    foes = [n for n in world.living_npcs_in() if world.hostile(n) and world.npc_condition(n) == "ok"]
    if foes:
        return 1, f"{world.the_npc(foes[0])} is here, and will not let you be"
    stops: list[tuple[int, str]] = []
    arrival = _first_arrival(turn, minutes)
    if arrival is not None:
        stops.append(arrival)
    warning = _thirst_midnight(turn, minutes, THIRST_DEATH_DAYS - 1)
    if warning is not None and warning < minutes:
        stops.append((warning, "another day without water would kill you"))
    return min(stops) if stops else None


def deadly_thirst(turn: Turn, minutes: int) -> int | None:
    """Minutes to the midnight within the next ``minutes`` (its end included) at which thirst kills."""
    return _thirst_midnight(turn, minutes, THIRST_DEATH_DAYS)


def _first_arrival(turn: Turn, minutes: int) -> tuple[int, str] | None:
    """Minutes to the first route stop within the stretch at which a wanderer away as it begins
    comes into the player's room."""
    world = turn.world
    start, room = world.state.minutes, world.state.room
    passers = [n for n in world.route_passers(room) if world.on_route(n) and world.route_room(n, start) != room]
    if not passers:
        return None
    first_stop = (start // ROUTE_STOP_MINUTES + 1) * ROUTE_STOP_MINUTES
    for at in range(first_stop, start + minutes, ROUTE_STOP_MINUTES):
        for npc_id in passers:
            if world.route_room(npc_id, at) == room and world.route_room(npc_id, at - 1) != room:
                seen = f"@came:{npc_id}:{at // DAY_MINUTES}"
                if not _threat(world, npc_id) and seen in world.state.flags:
                    continue  # a friendly passer-by stops a long wait once a day, not each time it comes
                world.state.flags.add(seen)
                return at - start, "someone is coming"  # who: the arrival itself is told next
    return None


def _threat(world: World, npc_id: str) -> bool:
    """Whether a wanderer's coming stops every long wait: a hostile or wary one does; a friendly or
    neutral passer-by, who may come by every hour, stops the first wait of the day it comes in, and is
    told of after the others, as its going is."""
    changed = world.state.npcs.get(npc_id)
    disposition = changed.disposition if changed is not None else world.npc(npc_id).disposition
    return disposition in ("hostile", "wary")


def _thirst_midnight(turn: Turn, minutes: int, dry_days: int) -> int | None:
    """Minutes to the first midnight within the next ``minutes`` (its end included) that makes
    ``dry_days`` days in a row without water, settling each day as :func:`end_of_day` will."""
    state = turn.world.state
    if turn.world.room.water_source:
        return None  # a stretch spent by the water ends each day with a drink of it
    water, drank, dry = state.water, state.drank_day, state.thirst_days
    midnight = (state.minutes // DAY_MINUTES + 1) * DAY_MINUTES
    if midnight - state.minutes > minutes:
        return None  # no midnight on the way (most walks): the sheet need not be asked
    interval = turn.play.sheet_view(turn.world).water_days
    while midnight - state.minutes <= minutes:
        day = midnight // DAY_MINUTES
        if drank <= day - interval:
            if water > 0:
                water, drank, dry = water - 1, day, 0
            else:
                dry += 1
                if dry == dry_days:
                    return midnight - state.minutes
        midnight += DAY_MINUTES
    return None
