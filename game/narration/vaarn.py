"""How Vaults of Vaarn words its events: HP lines, wound rows, rests, Gifts, levels, a broken morale.

Events about the player speak to "you" (``Your HP: 5 -> 3.``); those about an
NPC name it (``HP of the dune raider: 5 -> 3.``).  An NPC's death at 0 HP and
the FATALITY wound say nothing here: the fight's report says the death in its
own words, and the wound row says FATALITY.
"""
from __future__ import annotations

from game.events import PLAYER, Died, Fell, Fled, HealthChanged, Surrendered
from game.narration import Narrator, cap
from game.rules.vaarn_data import WOUND_TABLE
from game.rules.vaarn_events import (
    CAUSE_FATALITY,
    CAUSE_THIRST,
    CAUSE_ZERO_HP,
    NPC,
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


class VaarnNarrator(Narrator):
    """The narrator of a run under Vaults of Vaarn."""


# -- harm and death ------------------------------------------------------------------

@VaarnNarrator.renders(HealthChanged)
def _health(narrator: Narrator, event: HealthChanged) -> list[str]:
    change = f"{event.before} -> {event.after}."
    if event.who == PLAYER:
        return [f"Your {event.measure}: {change}"]
    if event.who == NPC:
        return [f"{event.measure} {change}"]
    return [f"{event.measure} of {narrator.the(event.who)}: {change}"]


@VaarnNarrator.renders(Died)
def _died(narrator: Narrator, event: Died) -> list[str]:
    if event.cause in (CAUSE_ZERO_HP, CAUSE_FATALITY):
        return []
    if event.cause == CAUSE_THIRST:
        return ["Three days without water: you perish."]
    return [f"Dead: {event.cause}."]


@VaarnNarrator.renders(Fell)
def _fell(narrator: Narrator, event: Fell) -> list[str]:
    return []  # the wound's row says "You pass out."


@VaarnNarrator.renders(Unharmed)
def _unharmed(narrator: Narrator, event: Unharmed) -> list[str]:
    return ["No harm done."]


@VaarnNarrator.renders(Wounded)
def _wounded(narrator: Narrator, event: Wounded) -> list[str]:
    row = WOUND_TABLE[event.row]
    slots = f" ({row.slots} slot{'s' if row.slots > 1 else ''})" if row.slots else ""
    return [f"Wound {row.row}, {row.name}{slots}: {row.description}"]


@VaarnNarrator.renders(AbilityLost)
def _ability_lost(narrator: Narrator, event: AbilityLost) -> list[str]:
    return [f"{event.ability.upper()} -{event.points}, defence now {event.defence}."]


@VaarnNarrator.renders(MaxHpLost)
def _max_hp_lost(narrator: Narrator, event: MaxHpLost) -> list[str]:
    return [f"Max HP -{event.loss}, now {event.max_hp}."]


@VaarnNarrator.renders(AttackLanded)
def _landed(narrator: Narrator, event: AttackLanded) -> list[str]:
    return ["The attack hits." if event.hit else "The attack misses."]


@VaarnNarrator.renders(DamageTotalled)
def _damage(narrator: Narrator, event: DamageTotalled) -> list[str]:
    parts = [f"d{event.sides} ({event.faces[0]})"]
    parts += [f"d{event.sides} ({face}) against {event.creature}" for face in event.faces[1:]]
    quirk = "" if event.damage == event.raw else f", {event.damage_type} against {event.creature}: {event.damage}"
    return [f"Damage {' + '.join(parts)} = {event.raw}{quirk}."]


# -- healing and rests -------------------------------------------------------------------

@VaarnNarrator.renders(Recovered)
def _recovered(narrator: Narrator, event: Recovered) -> list[str]:
    if event.sides:
        rolled = f"d{event.sides} ({event.face}) + CON {event.con} = {event.amount}"
        return [f"You recover {rolled} HP: HP {event.hp}/{event.max_hp}."]
    return [f"You recover {event.amount} HP: HP {event.hp}/{event.max_hp}."]


@VaarnNarrator.renders(PastHealing)
def _past_healing(narrator: Narrator, event: PastHealing) -> list[str]:
    return ["The dead are past healing."]


@VaarnNarrator.renders(RestRefused)
def _rest_refused(narrator: Narrator, event: RestRefused) -> list[str]:
    return ["The dead do not rest."]


@VaarnNarrator.renders(CameTo)
def _came_to(narrator: Narrator, event: CameTo) -> list[str]:
    return ["You come to."]


@VaarnNarrator.renders(RestWasted)
def _rest_wasted(narrator: Narrator, event: RestWasted) -> list[str]:
    return ["You are Deprived: the rest does you no good."]


@VaarnNarrator.renders(ShortRested)
def _short_rest(narrator: Narrator, event: ShortRested) -> list[str]:
    return [f"Short rest: d8 ({event.face}) + CON {event.con} = {event.gained} HP; HP {event.hp}/{event.max_hp}."]


@VaarnNarrator.renders(LongRested)
def _long_rest(narrator: Narrator, event: LongRested) -> list[str]:
    if not event.wound:
        return [f"Long rest: HP restored to {event.max_hp}."]
    return [f"Long rest: the {event.healed} heals." if event.healed else "Long rest: no wound to heal."]


@VaarnNarrator.renders(AbilitiesRecovered)
def _abilities_back(narrator: Narrator, event: AbilitiesRecovered) -> list[str]:
    return ["Depleted abilities recover one point."]


@VaarnNarrator.renders(Fed)
def _fed(narrator: Narrator, event: Fed) -> list[str]:
    return ["You drink a ration of water." if event.need == "water" else "You eat a meal."]


@VaarnNarrator.renders(WentWithout)
def _went_without(narrator: Narrator, event: WentWithout) -> list[str]:
    if event.need == "water":
        return [f"No water: Deprived by thirst, day {event.days} of 3."]
    return ["No food: Deprived by hunger."]


# -- gifts and levels ------------------------------------------------------------------------

@VaarnNarrator.renders(GiftPaid)
def _gift_paid(narrator: Narrator, event: GiftPaid) -> list[str]:
    return [f"The Gift costs {event.cost} HP."]


@VaarnNarrator.renders(GiftWorked)
def _gift_worked(narrator: Narrator, event: GiftWorked) -> list[str]:
    con = f" + CON {event.con}" if event.kind == "healing" else ""
    text = f"d{event.sides} ({event.face}) + PSY {event.bonus}{con} = {event.amount}"
    return [f"The Gift strikes: {text} damage." if event.kind == "damage" else f"The Gift heals {text} HP."]


@VaarnNarrator.renders(GiftFailed)
def _gift_failed(narrator: Narrator, event: GiftFailed) -> list[str]:
    return ["The Gift fails as you fall."]


@VaarnNarrator.renders(LevelGained)
def _level(narrator: Narrator, event: LevelGained) -> list[str]:
    return [f"Level {event.level}! Max HP: d8 ({event.face}) added, now {event.max_hp}; "
            f"{event.points} ability points to spend."]


@VaarnNarrator.renders(LevelCapped)
def _level_capped(narrator: Narrator, event: LevelCapped) -> list[str]:
    return [f"Already at the highest level, {event.level}."]


@VaarnNarrator.renders(StartingExotica)
def _starting_exotica(narrator: Narrator, event: StartingExotica) -> list[str]:
    return [f"The {event.item} was part of your starting equipment: it raises no level "
            "(the even faster campaign excludes it)."]


@VaarnNarrator.renders(XpGained)
def _xp(narrator: Narrator, event: XpGained) -> list[str]:
    return [f"XP {event.xp} of {event.level}."]


# -- a broken morale -----------------------------------------------------------------------

@VaarnNarrator.renders(Fled)
def _fled(narrator: Narrator, event: Fled) -> list[str]:
    if event.who == PLAYER:
        return [f"You flee{' ' + event.direction if event.direction else ''}."]
    return [f"{cap(narrator.the(event.who))} breaks and flees {event.direction}."]


@VaarnNarrator.renders(Surrendered)
def _surrendered(narrator: Narrator, event: Surrendered) -> list[str]:
    if event.who == PLAYER:
        return ["You surrender."]
    return [f"{cap(narrator.the(event.who))} throws down its arms and begs for its life."]
