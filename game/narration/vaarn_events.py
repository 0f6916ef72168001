"""How Vaults of Vaarn words its own events (:mod:`game.rules.vaarn_events`): wounds, rests, Gifts, levels.

:class:`~game.narration.vaarn.VaarnNarrator` imports this table when it first
narrates one of those events (see :meth:`Narrator.late_renderer`), so a start
that has made none imports neither the events nor their wording.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from game.events import Event
from game.narration import Narrator, Renderer
from game.rules.vaarn_data import WOUND_TABLE
from game.rules.vaarn_events import (
    AbilitiesRecovered,
    AbilityLost,
    AttackLanded,
    CameTo,
    DamageTotalled,
    Fed,
    GiftFailed,
    GiftPaid,
    GiftWorked,
    LevelCapped,
    LevelGained,
    LongRested,
    MaxHpLost,
    PastHealing,
    Recovered,
    RestRefused,
    RestWasted,
    ShortRested,
    StartingExotica,
    Unharmed,
    WentWithout,
    Wounded,
    XpGained,
)

E = TypeVar("E", bound=Event)
#: Vaarn event type -> how the Vaarn narrator words it.
RENDERERS: dict[type[Event], Renderer] = {}


def _renders(event_type: type[E]) -> Callable[[Callable[[Narrator, E], list[str]]], Callable[[Narrator, E], list[str]]]:
    """Decorator: put a function in :data:`RENDERERS` for ``event_type``."""
    def register(function: Callable[[Narrator, E], list[str]]) -> Callable[[Narrator, E], list[str]]:
        RENDERERS[event_type] = function
        return function
    return register


# -- harm and death ------------------------------------------------------------------

@_renders(Unharmed)
def _unharmed(narrator: Narrator, event: Unharmed) -> list[str]:
    return ["No harm done."]


@_renders(Wounded)
def _wounded(narrator: Narrator, event: Wounded) -> list[str]:
    row = WOUND_TABLE[event.row]
    slots = f" ({row.slots} slot{'s' if row.slots > 1 else ''})" if row.slots else ""
    return [f"Wound {row.row}, {row.name}{slots}: {row.description}"]


@_renders(AbilityLost)
def _ability_lost(narrator: Narrator, event: AbilityLost) -> list[str]:
    return [f"{event.ability.upper()} -{event.points}, defence now {event.defence}."]


@_renders(MaxHpLost)
def _max_hp_lost(narrator: Narrator, event: MaxHpLost) -> list[str]:
    return [f"Max HP -{event.loss}, now {event.max_hp}."]


@_renders(AttackLanded)
def _landed(narrator: Narrator, event: AttackLanded) -> list[str]:
    return ["The attack hits." if event.hit else "The attack misses."]


@_renders(DamageTotalled)
def _damage(narrator: Narrator, event: DamageTotalled) -> list[str]:
    parts = [f"d{event.sides} ({event.faces[0]})"]
    parts += [f"d{event.sides} ({face}) against {event.creature}" for face in event.faces[1:]]
    quirk = "" if event.damage == event.raw else f", {event.damage_type} against {event.creature}: {event.damage}"
    return [f"Damage {' + '.join(parts)} = {event.raw}{quirk}."]


# -- healing and rests -------------------------------------------------------------------

@_renders(Recovered)
def _recovered(narrator: Narrator, event: Recovered) -> list[str]:
    if event.sides:
        rolled = f"d{event.sides} ({event.face}) + CON {event.con} = {event.amount}"
        return [f"You recover {rolled} HP: HP {event.hp}/{event.max_hp}."]
    return [f"You recover {event.amount} HP: HP {event.hp}/{event.max_hp}."]


@_renders(PastHealing)
def _past_healing(narrator: Narrator, event: PastHealing) -> list[str]:
    return ["The dead are past healing."]


@_renders(RestRefused)
def _rest_refused(narrator: Narrator, event: RestRefused) -> list[str]:
    return ["The dead do not rest."]


@_renders(CameTo)
def _came_to(narrator: Narrator, event: CameTo) -> list[str]:
    return ["You come to."]


@_renders(RestWasted)
def _rest_wasted(narrator: Narrator, event: RestWasted) -> list[str]:
    return ["You are Deprived: the rest does you no good."]


@_renders(ShortRested)
def _short_rest(narrator: Narrator, event: ShortRested) -> list[str]:
    return [f"Short rest: d8 ({event.face}) + CON {event.con} = {event.gained} HP; HP {event.hp}/{event.max_hp}."]


@_renders(LongRested)
def _long_rest(narrator: Narrator, event: LongRested) -> list[str]:
    if not event.wound:
        return [f"Long rest: HP restored to {event.max_hp}."]
    return [f"Long rest: the {event.healed} heals." if event.healed else "Long rest: no wound to heal."]


@_renders(AbilitiesRecovered)
def _abilities_back(narrator: Narrator, event: AbilitiesRecovered) -> list[str]:
    return ["Depleted abilities recover one point."]


@_renders(Fed)
def _fed(narrator: Narrator, event: Fed) -> list[str]:
    return ["You drink a ration of water." if event.need == "water" else "You eat a meal."]


@_renders(WentWithout)
def _went_without(narrator: Narrator, event: WentWithout) -> list[str]:
    if event.need == "water":
        return [f"No water: Deprived by thirst, day {event.days} of 3."]
    return ["No food: Deprived by hunger."]


# -- gifts and levels ------------------------------------------------------------------------

@_renders(GiftPaid)
def _gift_paid(narrator: Narrator, event: GiftPaid) -> list[str]:
    return [f"The Gift costs {event.cost} HP."]


@_renders(GiftWorked)
def _gift_worked(narrator: Narrator, event: GiftWorked) -> list[str]:
    con = f" + CON {event.con}" if event.kind == "healing" else ""
    text = f"d{event.sides} ({event.face}) + PSY {event.bonus}{con} = {event.amount}"
    return [f"The Gift strikes: {text} damage." if event.kind == "damage" else f"The Gift heals {text} HP."]


@_renders(GiftFailed)
def _gift_failed(narrator: Narrator, event: GiftFailed) -> list[str]:
    return ["The Gift fails as you fall."]


@_renders(LevelGained)
def _level(narrator: Narrator, event: LevelGained) -> list[str]:
    return [f"Level {event.level}! Max HP: d8 ({event.face}) added, now {event.max_hp}; "
            f"{event.points} ability points to spend."]


@_renders(LevelCapped)
def _level_capped(narrator: Narrator, event: LevelCapped) -> list[str]:
    return [f"Already at the highest level, {event.level}."]


@_renders(StartingExotica)
def _starting_exotica(narrator: Narrator, event: StartingExotica) -> list[str]:
    return [f"The {event.item} was part of your starting equipment: it raises no level "
            "(the even faster campaign excludes it)."]


@_renders(XpGained)
def _xp(narrator: Narrator, event: XpGained) -> list[str]:
    return [f"XP {event.xp} of {event.level}."]
