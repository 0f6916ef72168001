"""How Vaults of Vaarn words its events: HP lines, wound rows, rests, Gifts, levels, a broken morale.

Vaarn's own events (:mod:`game.systems.vaarn.events`) and the generic ones of harm and
flight, the Vaarn way.  :class:`~game.systems.vaarn.narration.VaarnNarrator` imports this
table when it first narrates one of them (see :meth:`Narrator.late_renderer`), so a
start that has made none imports neither the events nor their wording.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.events import PLAYER, Event
from game.events.fight import Died, Fell, Fled, HealthChanged, Surrendered
from game.narration.common import renders
from game.systems.vaarn.data import CAUSE_FATALITY, CAUSE_THIRST, CAUSE_ZERO_HP, NPC, WOUND_TABLE
from game.systems.vaarn.events import (
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
from game.text import capital as cap

if TYPE_CHECKING:
    from game.narration import Narrator, Renderer

#: Event type -> how the Vaarn narrator words it (before the common wording of game.narration.common).
RENDERERS: dict[type[Event], Renderer] = {}


# -- harm and death ------------------------------------------------------------------

@renders(RENDERERS, Unharmed)
def _unharmed(narrator: Narrator, event: Unharmed) -> list[str]:
    return ["No harm done."]


@renders(RENDERERS, Wounded)
def _wounded(narrator: Narrator, event: Wounded) -> list[str]:
    row = WOUND_TABLE[event.row]
    if row.fatal:
        return [f"Wound {row.row}, {row.name}."]  # "You are dead." is the ending's own line
    slots = f" ({row.slots} slot{'s' if row.slots > 1 else ''})" if row.slots else ""
    return [f"Wound {row.row}, {row.name}{slots}: {row.description}"]


@renders(RENDERERS, AbilityLost)
def _ability_lost(narrator: Narrator, event: AbilityLost) -> list[str]:
    return [f"{event.ability.upper()} -{event.points}, defence now {event.defence}."]


@renders(RENDERERS, MaxHpLost)
def _max_hp_lost(narrator: Narrator, event: MaxHpLost) -> list[str]:
    return [f"Max HP -{event.loss}, now {event.max_hp}."]


@renders(RENDERERS, AttackLanded)
def _landed(narrator: Narrator, event: AttackLanded) -> list[str]:
    if not narrator.full:
        return []  # the short roll line says hit or miss
    return ["The attack hits." if event.hit else "The attack misses."]


@renders(RENDERERS, DamageTotalled)
def _damage(narrator: Narrator, event: DamageTotalled) -> list[str]:
    parts = [f"d{event.sides} ({event.faces[0]})"]
    parts += [f"d{event.sides} ({face}) against {event.creature}" for face in event.faces[1:]]
    quirk = "" if event.damage == event.raw else f", {event.damage_type} against {event.creature}: {event.damage}"
    return [f"Damage {' + '.join(parts)} = {event.raw}{quirk}."]


# -- healing and rests -------------------------------------------------------------------

@renders(RENDERERS, Recovered)
def _recovered(narrator: Narrator, event: Recovered) -> list[str]:
    if event.sides:
        rolled = f"d{event.sides} ({event.face}) + CON {event.con} = {event.amount}"
        return [f"You recover {rolled} HP: HP {event.hp}/{event.max_hp}."]
    return [f"You recover {event.amount} HP: HP {event.hp}/{event.max_hp}."]


@renders(RENDERERS, PastHealing)
def _past_healing(narrator: Narrator, event: PastHealing) -> list[str]:
    return ["The dead are past healing."]


@renders(RENDERERS, RestRefused)
def _rest_refused(narrator: Narrator, event: RestRefused) -> list[str]:
    return ["The dead do not rest."]


@renders(RENDERERS, CameTo)
def _came_to(narrator: Narrator, event: CameTo) -> list[str]:
    return ["You come to."]


@renders(RENDERERS, RestWasted)
def _rest_wasted(narrator: Narrator, event: RestWasted) -> list[str]:
    return ["You are Deprived: the rest does you no good."]


@renders(RENDERERS, ShortRested)
def _short_rest(narrator: Narrator, event: ShortRested) -> list[str]:
    return [f"Short rest: d8 ({event.face}) + CON {event.con} = {event.gained} HP; HP {event.hp}/{event.max_hp}."]


@renders(RENDERERS, LongRested)
def _long_rest(narrator: Narrator, event: LongRested) -> list[str]:
    if not event.wound:
        return [f"Long rest: HP restored to {event.max_hp}."]
    return [f"Long rest: the {event.healed} heals." if event.healed else "Long rest: no wound to heal."]


@renders(RENDERERS, AbilitiesRecovered)
def _abilities_back(narrator: Narrator, event: AbilitiesRecovered) -> list[str]:
    return ["Depleted abilities recover one point."]


@renders(RENDERERS, Fed)
def _fed(narrator: Narrator, event: Fed) -> list[str]:
    return ["You drink a ration of water." if event.need == "water" else "You eat a meal."]


@renders(RENDERERS, WentWithout)
def _went_without(narrator: Narrator, event: WentWithout) -> list[str]:
    if event.need == "water":
        return [f"No water: Deprived by thirst, day {event.days} of 3."]
    return ["No food: Deprived by hunger."]


# -- gifts and levels ------------------------------------------------------------------------

@renders(RENDERERS, GiftPaid)
def _gift_paid(narrator: Narrator, event: GiftPaid) -> list[str]:
    return [f"The Gift costs {event.cost} HP."]


@renders(RENDERERS, GiftWorked)
def _gift_worked(narrator: Narrator, event: GiftWorked) -> list[str]:
    con = f" + CON {event.con}" if event.kind == "healing" else ""
    text = f"d{event.sides} ({event.face}) + PSY {event.bonus}{con} = {event.amount}"
    return [f"The Gift strikes: {text} damage." if event.kind == "damage" else f"The Gift heals {text} HP."]


@renders(RENDERERS, GiftFailed)
def _gift_failed(narrator: Narrator, event: GiftFailed) -> list[str]:
    return ["The Gift fails as you fall."]


@renders(RENDERERS, LevelGained)
def _level(narrator: Narrator, event: LevelGained) -> list[str]:
    return [f"Level {event.level}! Max HP: d8 ({event.face}) added, now {event.max_hp}; "
            f"{event.points} ability points to spend."]


@renders(RENDERERS, LevelCapped)
def _level_capped(narrator: Narrator, event: LevelCapped) -> list[str]:
    return [f"Already at the highest level, {event.level}."]


@renders(RENDERERS, StartingExotica)
def _starting_exotica(narrator: Narrator, event: StartingExotica) -> list[str]:
    return [f"The {event.item} was part of your starting equipment: it raises no level "
            "(the even faster campaign excludes it)."]


@renders(RENDERERS, XpGained)
def _xp(narrator: Narrator, event: XpGained) -> list[str]:
    return [f"XP {event.xp} of {event.level}."]


# -- harm and death, a broken morale ------------------------------------------------------

@renders(RENDERERS, HealthChanged)
def _health(narrator: Narrator, event: HealthChanged) -> list[str]:
    change = f"{event.before} -> {event.after}."
    if event.who == PLAYER:
        return [f"Your {event.measure}: {change}"]
    if event.who == NPC:
        return [f"{event.measure} {change}"]
    return [f"{event.measure} of {narrator.the(event.who)}: {change}"]


@renders(RENDERERS, Died)
def _died(narrator: Narrator, event: Died) -> list[str]:
    if event.cause in (CAUSE_ZERO_HP, CAUSE_FATALITY):
        return []
    if event.cause == CAUSE_THIRST:
        return ["Three days without water: you perish."]
    return [f"Dead: {event.cause}."]


@renders(RENDERERS, Fell)
def _fell(narrator: Narrator, event: Fell) -> list[str]:
    return []  # the wound's row says "You pass out."


@renders(RENDERERS, Fled)
def _fled(narrator: Narrator, event: Fled) -> list[str]:
    if event.who == PLAYER:
        return [f"You break away and run{' ' + event.direction if event.direction else ''}."]
    return [f"{cap(narrator.the(event.who))} breaks and flees {event.direction}."]


@renders(RENDERERS, Surrendered)
def _surrendered(narrator: Narrator, event: Surrendered) -> list[str]:
    if event.who == PLAYER:
        return ["You surrender."]
    return [f"{cap(narrator.the(event.who))} throws down its arms and begs for its life."]
