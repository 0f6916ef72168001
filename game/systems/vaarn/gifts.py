"""Vaults of Vaarn Mystic Gifts and barter (seed 001 §Mystic Gifts, §Barter).

Gifts cost HP: the cost die (baseline d6) is rolled first and taken as damage
by the user (house rule: paying can wound, as any HP loss below 0 does), then
the effect die, one size up, is rolled.  Dice order of :func:`gift_attack`:
cost die, the user's wound dice (if paying wounds), effect die, the target's
wound dice.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction

from game.errors import UsageError
from game.events import Event
from game.rules.base import RollResult, Situation
from game.rules.dice import Dice
from game.systems.vaarn.data import BASELINE_COST, DIE_LADDER, bonus, slot_limit
from game.systems.vaarn.events import GiftFailed, GiftPaid, GiftWorked
from game.systems.vaarn.saves import SaveRequest, opposed_request
from game.systems.vaarn.sheet import VaarnSheet
from game.systems.vaarn.wounds import condition, die_roll, heal, take_damage

RULE_GIFTS = "seed 001 §Mystic Gifts"


def step_up(sides: int) -> int:
    """The next die size: d6 -> d8 (seed 001 §Mystic Gifts); d20 stays d20."""
    if sides not in DIE_LADDER:
        raise UsageError(f"vaarn: a gift's cost die must be one of {', '.join(f'd{s}' for s in DIE_LADDER)}")
    return DIE_LADDER[min(DIE_LADDER.index(sides) + 1, len(DIE_LADDER) - 1)]


def gift_bonus(user: VaarnSheet, gifts: str) -> int:
    """PSY bonus added to gift damage and healing; none with psyche slots (seed 001 §Psyche Slots)."""
    return 0 if gifts == "psyche-slots" else bonus(user, "psy")


def gift_capacity(sheet: VaarnSheet, gifts: str, item_slots: int = 0) -> int:
    """How many more Gifts fit: psyche slots = PSY bonus, otherwise free item slots."""
    if gifts == "psyche-slots":
        return max(bonus(sheet, "psy"), 0)
    return max(slot_limit(sheet) - item_slots, 0)


@dataclass(frozen=True)
class GiftResult:
    """A gift used: both sheets afterwards, HP paid, damage or healing done, and the events.

    Events: ``GiftPaid`` and the user's harm, then ``GiftWorked`` and the
    target's harm (a combat Gift), or ``GiftFailed`` (a lasting Gift whose user fell).
    """

    user: VaarnSheet
    target: VaarnSheet
    cost: int
    amount: int
    events: tuple[Event, ...]
    rolls: tuple[RollResult, ...]


def _pay(user: VaarnSheet, cost_sides: int, periods: int, dice: Dice, npc_dies_at_zero: bool
         ) -> tuple[VaarnSheet, int, list[Event], list[RollResult]]:
    """Roll the cost die once per period and take the total as damage."""
    faces, rolls = [], []
    for _ in range(periods):
        face, roll = die_roll("Gift cost", cost_sides, dice, RULE_GIFTS)
        faces.append(face)
        rolls.append(roll)
    cost = sum(faces)
    harm = take_damage(user, cost, dice, npc_dies_at_zero)
    return harm.sheet, cost, [GiftPaid(cost), *harm.events], rolls + list(harm.rolls)


def _effect(user: VaarnSheet, cost_sides: int, gifts: str, dice: Dice, label: str
            ) -> tuple[int, RollResult, GiftWorked]:
    sides = step_up(cost_sides)
    face, roll = die_roll(f"Gift {label}", sides, dice, RULE_GIFTS)
    extra = gift_bonus(user, gifts)
    amount = max(1, face + extra)  # house rule: a gift always does at least 1
    return amount, roll, GiftWorked(label, sides, face, extra, amount)


def gift_attack(user: VaarnSheet, target: VaarnSheet, dice: Dice, cost_sides: int = BASELINE_COST,
                gifts: str = "item-slots", npc_dies_at_zero: bool = True) -> GiftResult:
    """A combat Gift: always hits for one die size above the cost die, + PSY (item-slots mode)."""
    paid, cost, events, rolls = _pay(user, cost_sides, 1, dice, npc_dies_at_zero)
    amount, roll, worked = _effect(user, cost_sides, gifts, dice, "damage")
    harm = take_damage(target, amount, dice, npc_dies_at_zero)
    return GiftResult(paid, harm.sheet, cost, amount, (*events, worked, *harm.events),
                      tuple(rolls + [roll]) + harm.rolls)


def gift_heal(user: VaarnSheet, target: VaarnSheet | None, dice: Dice,
              cost_sides: int = BASELINE_COST, gifts: str = "item-slots", npc_dies_at_zero: bool = True) -> GiftResult:
    """A healing Gift, the same ratio as a combat Gift; ``target`` None heals the user."""
    paid, cost, events, rolls = _pay(user, cost_sides, 1, dice, npc_dies_at_zero)
    amount, roll, worked = _effect(user, cost_sides, gifts, dice, "healing")
    # seed 001 §Abilities: "The Constitution bonus is added to healing rolls" (the healed one's)
    con = bonus(target if target is not None else user, "con")
    amount = max(1, amount + con)
    worked = replace(worked, con=con, amount=amount)
    if target is None:
        paid = healed = heal(paid, amount)
    else:
        healed = heal(target, amount)
    return GiftResult(paid, healed, cost, amount, (*events, worked), tuple(rolls + [roll]))


def sustain_gift(user: VaarnSheet, periods: int, dice: Dice, cost_sides: int = BASELINE_COST,
                 npc_dies_at_zero: bool = True) -> GiftResult:
    """A lasting Gift (mind control, barriers): the cost die for each ten minutes active."""
    if periods < 1:
        raise UsageError("vaarn: a sustained Gift lasts at least one ten-minute period")
    paid, cost, events, rolls = _pay(user, cost_sides, periods, dice, npc_dies_at_zero)
    if condition(paid) != "ok":
        events.append(GiftFailed())
    return GiftResult(paid, paid, cost, 0, tuple(events), tuple(rolls))


# -- barter ------------------------------------------------------------------------------

#: House rule: what one ration of water and one item of Exotica are worth, in slots of goods.
WATER_RATION_VALUE = Fraction(1)
EXOTICA_VALUE = Fraction(3)
#: House rule: the merchant's markup by disposition; hostile NPCs do not trade.
MARKUP: Mapping[str, Fraction] = {
    "friendly": Fraction(1), "merchant": Fraction(1), "neutral": Fraction(5, 4), "wary": Fraction(3, 2),
}
PERSUADED_STEP = Fraction(1, 4)
FLOOR_MARKUP = Fraction(3, 4)


def trade_value(kind: str, slots: int = 1, count: int = 1) -> Fraction:
    """Worth of goods in slots (seed 001 §Barter: slot for slot, premium on water and Exotica).

    Water: a ration is worth a full slot (three times its bulk).  Exotica: three
    slots each.  Food and slot-less small items: a third of a slot each.
    """
    if kind == "water":
        return WATER_RATION_VALUE * count
    if kind == "exotica":
        return EXOTICA_VALUE * count * max(slots, 1)
    if kind == "food" or slots <= 0:
        return Fraction(count, 3)
    return Fraction(slots * count)


def barter_request(sheet: VaarnSheet, merchant: VaarnSheet, situation: Situation = Situation()
                   ) -> SaveRequest:
    """The haggling roll: an EGO save against the merchant's EGO defence (seed 001 §Barter)."""
    return opposed_request(sheet, "ego", merchant, "ego", situation)


@dataclass(frozen=True)
class Deal:
    """A proposed trade: what is offered against what the merchant asks for the goods wanted."""

    offered: Fraction
    asked: Fraction
    markup: Fraction
    accepted: bool
    line: str


def markup(disposition: str, persuaded: bool = False) -> Fraction:
    """The merchant's markup; a won EGO save lowers it a step (not below 3/4)."""
    if disposition not in MARKUP:
        return Fraction(0)
    base = MARKUP[disposition]
    return max(FLOOR_MARKUP, base - PERSUADED_STEP) if persuaded else base


def appraise(offered: Fraction, wanted: Fraction, disposition: str, persuaded: bool = False) -> Deal:
    """Would the merchant swap goods worth ``offered`` for goods worth ``wanted``?"""
    rate = markup(disposition, persuaded)
    if not rate:
        return Deal(offered, Fraction(0), rate, False, f"A {disposition} stranger will not trade.")
    asked = wanted * rate
    accepted = offered >= asked
    verdict = "accepts" if accepted else "refuses"
    return Deal(offered, asked, rate, accepted,
                f"Offered {_slots(offered)} for goods worth {_slots(wanted)}; the merchant asks {_slots(asked)} "
                f"and {verdict}.")


def _slots(value: Fraction) -> str:
    shown = f"{value.numerator}" if value.denominator == 1 else f"{float(value):.2f}"
    return f"{shown} slot{'s' if value != 1 else ''}"

