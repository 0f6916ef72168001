"""Game time passing: the clock, days, and the survival pressure they bring.

Applies under every system (PRODUCT §7): a biological character needs a ration
of water each day (seed 001 §Water) and a meal; each day without water is a
day deprived of it, and the third such day in a row kills.  Hunger deprives
(no benefit from rests) but does not kill.  A character who has water or food
left and has not drunk or eaten by the end of a day does so then
automatically: a house rule that spares the player bookkeeping.
"""
from __future__ import annotations

from game.actions import Turn
from game.world.state import DAY_MINUTES

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
    if state.drank_day <= day - turn.play.water_interval_days(turn):
        if state.water > 0:
            state.water -= 1
            state.drank_day = day
            state.thirst_days = 0
            turn.say(f"As the day ends you drink a ration of water ({state.water} left).")
        else:
            state.thirst_days += 1
            turn.say(_thirst_line(state.thirst_days))
    if state.ate_day < day:
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
        state.ending = "You die of thirst under the blue sun."
        turn.say(state.ending)
        return
    turn.play.end_of_day(turn, day)


def _thirst_line(days: int) -> str:
    if days == 1:
        return "A day without water: you are deprived, and rest will not help you."
    if days == 2:
        return "A second day without water. Your tongue swells; one more day will kill you."
    return "Another day without water."
