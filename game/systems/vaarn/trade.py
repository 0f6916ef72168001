"""Vaarn in play: barter (seed 001 §Barter) and trading Exotica in for advancement.

The trade verbs are everyone's (:mod:`game.actions.trade`); this module is
Vaarn's :class:`VaarnPricing`.  Goods are counted in *slots of goods*
(``VaarnSystem.trade_value``): slot for slot, a ration of water a whole slot, an
Exotica three slots a slot, food a third.  Any other item whose content gives ``value``
is worth what that value buys on the common scale (:mod:`game.actions.trade_pricing`,
a ration of water worth 2): value / 2 slots, so silver of value 6 buys three rations
of water under Vaarn as under every system (house rule: the seed prices goods by
slots only); ``[items.X.stats.vaarn] trade = N`` overrides either.  A merchant asks for what you want times a
markup set by her mood (the reaction roll on meeting her) and lowered a step by
a won haggle (an EGO save against her EGO defence, once a day).  The whole load
must fit in 20 slots, and an Exotica traded in at a settlement or oasis advances
the trader.
"""
from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from game.actions.trade_goods import capacity_after, is_merchant
from game.actions.trade_pricing import WATER_WORTH, Pricing
from game.actions.trade_terms import Goods, Terms
from game.errors import ActionRefused
from game.systems.vaarn.body import carried_slots
from game.systems.vaarn.data import MAX_CARRY, wound_slots
from game.systems.vaarn.events import StartingExotica
from game.systems.vaarn.fight import meet
from game.systems.vaarn.gifts import markup, trade_value
from game.systems.vaarn.rules import VaarnSystem
from game.systems.vaarn.scene import npc_of, npc_the, player_of, update_npc

if TYPE_CHECKING:
    from game.actions import Turn
    from game.parser import Command
    from game.world.world import World

def starting_equipment(world: World, item_id: str) -> bool:
    """Whether the item was part of the starting equipment (seed 001 §Advancement): the
    player's content ``items`` or the Vaarn ``kit`` handed over at the start."""
    player = world.adventure.player
    return item_id in player.items or item_id in player.stats.get("vaarn", {}).get("kit", ())


MOOD_WORDS = {"wary": "wary of you", "neutral": "indifferent", "merchant": "fair", "friendly": "warm"}


def slots_figure(worth: Fraction) -> str:
    """``1``, ``1/3``, ``1 1/2``, ``5/12``: a worth in slots as a whole number and a plain fraction."""
    whole, part = divmod(worth, 1)
    if not part:
        return str(int(whole))
    fraction = f"{part.numerator}/{part.denominator}"
    return f"{int(whole)} {fraction}" if whole else fraction


class VaarnPricing(Pricing):
    """Slot-for-slot barter, the merchant's mood, the EGO haggle, 20 slots, Exotica traded in."""

    unit = "slots of goods"
    asks_before_overpaying = False

    def __init__(self, system: VaarnSystem) -> None:
        self.system = system

    def scale_note(self) -> str:
        return "worth in slots of goods; a ration of water counts as a whole slot, an Exotica as three"

    def figure(self, worth: Fraction) -> str:
        """Slots of goods as a barterer counts them: whole slots and plain fractions (1/3 a ration of
        food's worth, 1 1/2), never a decimal such as 0.33."""
        return slots_figure(worth)

    def worth_words(self, worth: Fraction) -> str:
        return f"{slots_figure(worth)} slot{'s' if worth > 1 else ''} of goods in barter"

    # -- worth ---------------------------------------------------------------------------------
    def item_worth(self, world: World, item_id: str, full: bool = False) -> Fraction:
        """What one item is worth in slots of goods; a full water container adds its water."""
        item = world.item(item_id)
        override = item.stats.get("vaarn", {}).get("trade")
        if isinstance(override, int) and not isinstance(override, bool) and override >= 0:
            return Fraction(override)
        if item.kind == "water":
            return Fraction(max(item.slots, 1)) + (self.water_worth(item.rations) if full else 0)
        if item.valued and item.kind not in ("food", "exotica"):  # the seed prices these itself; others by value
            return Fraction(item.value) / WATER_WORTH * self.water_worth(1)
        return trade_value(item.kind, item.slots, 1)

    def water_worth(self, count: int) -> Fraction:
        return trade_value("water", 1, count) if count else Fraction(0)

    def food_worth(self, count: int) -> Fraction:
        return trade_value("food", 1, count) if count else Fraction(0)

    # -- the merchant's price ------------------------------------------------------------------
    def terms(self, turn: Turn, npc_id: str) -> Terms:
        """The markup the NPC asks, and how she feels (seed 001 §Barter: disposition).

        Meeting her first rolls her reaction, which sets a merchant's mood.
        """
        world = turn.world
        meet(self.system, turn, npc_id)
        sheet = npc_of(world, npc_id)
        mood = (sheet.mood or "merchant") if is_merchant(world, npc_id) else world.npc_state(npc_id).disposition
        persuaded = self.haggled(world, npc_id) == "won"
        rate = markup(mood, persuaded)
        if not rate:
            raise ActionRefused(f"{npc_the(world, npc_id, True)} will not trade with you.")
        return Terms(rate, MOOD_WORDS.get(mood, mood) + (", talked round" if persuaded else ""))

    def haggled(self, world: World, npc_id: str) -> str:
        sheet = npc_of(world, npc_id)
        return sheet.haggle if sheet.haggle_day == world.state.day else ""

    def remember_haggle(self, world: World, npc_id: str, won: bool) -> None:
        update_npc(world, npc_id, haggle_day=world.state.day, haggle="won" if won else "lost")

    def persuade(self, turn: Turn, npc_id: str, command: Command) -> bool:
        """An EGO save against the merchant's EGO defence."""
        world = turn.world
        system = self.system
        request = system.barter_request(player_of(world), npc_of(world, npc_id), turn.play.situation(turn))
        label = f"haggle with {npc_the(world, npc_id)}"
        turn.record(label, request)
        result = system.save(request, turn.dice)
        turn.show_roll(label, result)
        return result.succeeded

    # -- carrying it out -------------------------------------------------------------------------
    def deal_refusal(self, turn: Turn, give: Goods, get: Goods) -> str | None:
        """Why the player could not carry the outcome (20 slots), or None."""
        world = turn.world
        kept = [i for i in world.carried() if i not in give.items]
        rationed = [i for i in get.items if world.item(i).kind == "food" and world.item(i).rations]
        food = world.state.food - give.food + sum(world.item(i).rations for i in rationed)
        items = kept + [i for i in get.items if i not in rationed]
        water = min(capacity_after(world, give, get), world.state.water - give.water + get.water
                    + sum(world.item(i).rations for i in get.items if world.item(i).kind == "water"))
        total = carried_slots(self.system, world, water=water, food=food, items=items) + wound_slots(player_of(world))
        if total > MAX_CARRY:
            return f"You could not carry it all: {total} slots, and nobody carries more than {MAX_CARRY}."
        return None

    def receive_refusal(self, turn: Turn, item_id: str) -> str | None:
        return None  # the whole load was weighed by deal_refusal

    def after_deal(self, turn: Turn, npc_id: str, give: Goods) -> None:
        """Exotica traded at a settlement or oasis advance the trader (seed 001 §Advancement)."""
        world = turn.world
        room = world.room
        if not (room.settlement or room.water_source):
            return
        for item_id in give.items:
            if world.item(item_id).kind != "exotica":
                continue
            result = self.system.advance(player_of(world), "exotica", turn.dice,
                                         starting=starting_equipment(world, item_id), item=world.item_name(item_id))
            if not result.events and not result.rolls:
                continue
            if any(isinstance(event, StartingExotica) for event in result.events):
                turn.emit(*result.events)  # the starting equipment's Exotica: no level
                continue
            world.state.player = result.sheet
            for roll in result.rolls:
                turn.show_roll("advancement", roll, shown=False)  # the level event states the die
            turn.say(f"Trading in the {world.item_name(item_id)} teaches you something of the old world.")
            turn.emit(*result.events)
            if result.levels and result.sheet.ability_points:
                turn.say("(Spend the points with: raise STR, raise DEX, ... one point each.)")
