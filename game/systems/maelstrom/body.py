"""The Maelstrom health track and Willpower over time: damage, healing, rest (house
rules built on Maelstrom's public track), each returning the new sheet and its events.

Pure functions: sheets in, new sheets and events out.  ``who`` names the
sheet's owner in the events (:data:`~game.events.PLAYER` or an NPC id).
"""
from __future__ import annotations

from dataclasses import replace

from game.events import Event
from game.events.fight import Died, Fell, HealthChanged
from game.systems.maelstrom.events import MEASURE, Healed, Rested, RestWasted, Wounded
from game.systems.maelstrom.sheet import TRACK, MaelstromSheet

Change = tuple[MaelstromSheet, tuple[Event, ...]]


def take_damage(sheet: MaelstromSheet, levels: int, kind: str) -> MaelstromSheet:
    """``sheet`` with ``levels`` of ``kind`` damage marked (house rule).

    Boxes fill until Incapacitated.  On a full track, each further level turns
    a bashing box into ``kind`` (bashing upgrades to lethal); with no bashing
    box left to turn, the character dies.
    """
    health, dead = sheet.health, sheet.dead
    for _ in range(levels):
        if dead:
            break
        if health.boxes < TRACK:
            health = health.plus(kind, 1)
        elif health.bashing > 0:
            health = health.plus("bashing", -1).plus("lethal" if kind == "bashing" else kind, 1)
        else:
            dead = True
    return replace(sheet, health=health, dead=dead)


def aftermath(before: MaelstromSheet, after: MaelstromSheet, who: str) -> tuple[Event, ...]:
    """The generic events of a change on the track: boxes moved, a fall, a death."""
    events: list[Event] = []
    if after.boxes != before.boxes:
        events.append(HealthChanged(who, MEASURE, before.boxes, after.boxes))
    if after.dead and not before.dead:
        events.append(Died(who, "wounds"))
    elif after.condition == "down" and before.condition == "ok":
        events.append(Fell(who))
    return tuple(events)


def wound(sheet: MaelstromSheet, levels: int, kind: str, who: str, *, at_least_one: bool = False) -> Change:
    """Mark damage from no attack: the new sheet, :class:`Wounded` and what followed."""
    hurt = take_damage(sheet, levels, kind)
    return hurt, (Wounded(who, levels, kind, hurt.level, at_least_one), *aftermath(sheet, hurt, who))


def heal_levels(sheet: MaelstromSheet, levels: int, who: str) -> Change:
    """Up to ``levels`` healed, lethal first, then aggravated, then bashing (house
    rule), with :class:`Healed` saying how many.  The dead stay dead."""
    health, healed = sheet.health, 0
    if not sheet.dead:
        for kind in ("lethal", "aggravated", "bashing"):
            while healed < levels and health.of(kind) > 0:
                health = health.plus(kind, -1)
                healed += 1
    after = replace(sheet, health=health)
    return after, (Healed(who, healed, after.level), *aftermath(sheet, after, who))


def spend_willpower_point(sheet: MaelstromSheet) -> MaelstromSheet | None:
    """``sheet`` with one Willpower point spent, or None when none is left."""
    if sheet.willpower_points < 1:
        return None
    return replace(sheet, willpower_points=sheet.willpower_points - 1)


def rest(sheet: MaelstromSheet, kind: str, fed: bool, who: str) -> Change:
    """Rest (house rule): ``short`` heals one bashing level; ``long`` heals all
    bashing, then one lethal (or, with none, one aggravated) level and gives
    back one Willpower point.  Deprived (``fed`` False) or dead: no benefit.
    """
    if sheet.dead or not fed:
        return sheet, (RestWasted(who, sheet.dead),)
    health, short = sheet.health, kind == "short"
    bashing = min(health.bashing, 1) if short else health.bashing
    health = health.plus("bashing", -bashing)
    worse = "" if short else next((k for k in ("lethal", "aggravated") if health.of(k)), "")
    if worse:
        health = health.plus(worse, -1)
    regained = not short and sheet.willpower_points < sheet.willpower
    after = replace(sheet, health=health, willpower_points=sheet.willpower_points + int(regained))
    rested = Rested(who, short, bashing, worse, regained, after.willpower_points, after.willpower, after.level)
    return after, (rested, *aftermath(sheet, after, who))


#: seed 004 §Strength: what each dot of Strength lifts, in pounds (0 to 5 dots).
LIFT_LBS = (20, 40, 100, 250, 400, 600)
#: House rule: an item weighs this many pounds for each slot it fills.
LBS_PER_SLOT = 10


def lift_limit(sheet: MaelstromSheet) -> int:
    """The pounds ``sheet`` can lift (seed 004 §Strength, lines "Lift 20lbs" .. "Lift 600lbs")."""
    return LIFT_LBS[max(0, min(sheet.dots("strength"), len(LIFT_LBS) - 1))]


def item_lbs(slots: int) -> int:
    """House rule: an item's weight in pounds, by its slots (a slotless thing weighs nothing)."""
    return max(slots, 0) * LBS_PER_SLOT

