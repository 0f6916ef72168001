"""Vaarn in play: barter (seed 001 §Barter) and trading Exotica in for advancement.

Goods are counted in *slots of goods* (``VaarnSystem.trade_value``): slot for
slot, a ration of water a whole slot, an Exotica three slots a slot, food a third;
an item's ``[items.X.stats.vaarn] trade = N`` overrides its worth.  A merchant asks
for what you want times a markup set by her mood (the reaction roll on meeting
her) and lowered a step by a won haggle (an EGO save against her EGO defence,
once a day).

Verbs: ``wares``, ``trade GOODS for GOODS [with NPC]``, ``buy GOODS`` (paid in
water rations), ``sell GOODS`` (paid in water rations), ``haggle [with NPC]``,
``value THING``.  GOODS are items and ``N water`` / ``N food`` joined by ``and``.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING

from game.actions.scope import Scope, resolve
from game.errors import ActionRefused
from game.narration import cap
from game.play.vaarn_body import carried_slots
from game.play.vaarn_fight import meet
from game.play.vaarn_scene import npc_of, npc_the, player_of, the, update_npc
from game.rules.vaarn import VaarnSystem
from game.rules.vaarn_data import MAX_CARRY, wound_slots
from game.rules.vaarn_gifts import markup, trade_value
from game.text import join_names
from game.world.state import PLAYER, npc_place

if TYPE_CHECKING:
    from game.actions import Turn
    from game.parser import Command
    from game.world.world import World

WATER_WORDS = {"water", "waters", "ration", "rations"}
FOOD_WORDS = {"food", "meal", "meals"}
WHO_WORDS = ("with", "from", "to")
MOOD_WORDS = {"wary": "wary of you", "neutral": "indifferent", "merchant": "fair", "friendly": "warm"}


@dataclass
class Goods:
    """One side of a deal: items, rations of water and rations of food."""

    items: list[str] = field(default_factory=list)
    water: int = 0
    food: int = 0

    def empty(self) -> bool:
        return not self.items and not self.water and not self.food


# -- worth ----------------------------------------------------------------------------------

def item_worth(world: World, item_id: str, full: bool = False) -> Fraction:
    """What one item is worth in slots of goods; a full water container adds its water."""
    item = world.item(item_id)
    override = item.stats.get("vaarn", {}).get("trade")
    if isinstance(override, int) and not isinstance(override, bool) and override >= 0:
        return Fraction(override)
    if item.kind == "water":
        worth = Fraction(max(item.slots, 1))
        return worth + (trade_value("water", 1, item.rations) if full else 0)
    return trade_value(item.kind, item.slots, 1)


def goods_worth(world: World, goods: Goods, from_merchant: bool) -> Fraction:
    total = sum((item_worth(world, i, full=from_merchant) for i in goods.items), Fraction(0))
    total += trade_value("water", 1, goods.water) if goods.water else 0
    total += trade_value("food", 1, goods.food) if goods.food else 0
    return total


def fmt(value: Fraction) -> str:
    """A worth in slots, as a person writes it: 1, 1.25, 0.33."""
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.2f}".rstrip("0").rstrip(".")


def describe_goods(world: World, goods: Goods) -> str:
    parts = [the(world.item_name(i)) for i in goods.items]
    if goods.water:
        parts.append(f"{goods.water} ration{'s' if goods.water != 1 else ''} of water")
    if goods.food:
        parts.append(f"{goods.food} ration{'s' if goods.food != 1 else ''} of food")
    return join_names(parts)


# -- who trades, and at what price ------------------------------------------------------------

def is_merchant(world: World, npc_id: str) -> bool:
    return world.npc_state(npc_id).disposition == "merchant" or world.npc(npc_id).behaviour == "merchant"


def trader(turn: Turn, words: tuple[str, ...]) -> str:
    """The NPC the player trades with: the one named, or the only merchant (or person) here."""
    world = turn.world
    people = [n for n in world.living_npcs_in() if world.npc_condition(n) == "ok"]
    while words and words[0] in WHO_WORDS:
        words = words[1:]
    if words:
        _, npc_id = resolve(Scope(world, [("npc", n) for n in world.npcs_in()]), words, turn.referent,
                            what="trade with")
    else:
        merchants = [n for n in people if is_merchant(world, n)]
        choices = merchants or [n for n in people if not world.hostile(n)]
        if len(choices) != 1:
            raise ActionRefused("Trade with whom?" if choices else "There is nobody here to trade with.")
        npc_id = choices[0]
    name = npc_the(world, npc_id)
    if world.npc_condition(npc_id) != "ok":
        raise ActionRefused(f"{cap(name)} is in no state to trade.")
    if world.hostile(npc_id):
        raise ActionRefused(f"{cap(name)} will not trade with you.")
    turn.referent = ("npc", npc_id)
    return npc_id


def price(system: VaarnSystem, turn: Turn, npc_id: str) -> tuple[Fraction, str]:
    """The markup the NPC asks of the player, and how she feels (seed 001 §Barter: disposition)."""
    world = turn.world
    meet(system, turn, npc_id)
    npc = world.npc_state(npc_id)
    sheet = npc_of(world, npc_id)
    mood = (sheet.mood or "merchant") if is_merchant(world, npc_id) else npc.disposition
    persuaded = sheet.haggle == "won" and sheet.haggle_day == world.state.day
    rate = markup(mood, persuaded)
    if not rate:
        raise ActionRefused(f"{npc_the(world, npc_id, True)} will not trade with you.")
    return rate, MOOD_WORDS.get(mood, mood) + (", talked round" if persuaded else "")


def sells_water(world: World, npc_id: str) -> bool:
    """House rule: merchants sell water where there is water (a settlement or a source)."""
    room = world.room
    return is_merchant(world, npc_id) and (room.settlement or room.water_source)


# -- reading goods ----------------------------------------------------------------------------

def split_who(words: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    for index, word in enumerate(words):
        if word in WHO_WORDS:
            return words[:index], words[index + 1:]
    return words, ()


def parse_goods(turn: Turn, words: tuple[str, ...], owner: str, npc_id: str) -> Goods:
    """Items of ``owner`` (PLAYER or the NPC) and rations, joined by "and"."""
    world = turn.world
    goods = Goods()
    place = PLAYER if owner == PLAYER else npc_place(npc_id)
    scope = Scope(world, [("item", i) for i in world.items_at(place)])
    part: list[str] = []
    for word in (*words, "and"):
        if word != "and":
            part.append(word)
            continue
        if not part:
            continue
        count = int(part[0][:4]) if part[0].isdigit() else None
        rest = [w for w in (part[1:] if count is not None else part) if w != "of"]
        if rest and set(rest) <= WATER_WORDS | FOOD_WORDS and set(rest) & FOOD_WORDS:
            goods.food += count or 1
        elif rest and set(rest) <= WATER_WORDS:
            goods.water += count or 1
        else:
            _, item_id = resolve(scope, tuple(part), turn.referent,
                                 what="offer" if owner == PLAYER else "ask for")
            if item_id in goods.items:
                raise ActionRefused(f"You named the {world.item_name(item_id)} twice.")
            goods.items.append(item_id)
        part = []
    if owner == PLAYER:
        for what, wanted, held in (("water", goods.water, world.state.water), ("food", goods.food, world.state.food)):
            if wanted > held:
                raise ActionRefused(f"You carry only {held} ration{'s' if held != 1 else ''} of {what}."
                                    if held else f"You carry no {what}.")
    else:
        name = npc_the(world, npc_id)
        if goods.water and not sells_water(world, npc_id):
            raise ActionRefused(f"{cap(name)} has no water to spare here.")
        if goods.food:
            raise ActionRefused(f"{cap(name)} sells food only as it comes: ask for an item in the wares.")
    return goods


# -- carrying out a deal ------------------------------------------------------------------------

def capacity_after(world: World, give: Goods, get: Goods) -> int:
    """Rations of water the player's containers hold once the deal is done."""
    kept = [i for i in world.carried() if i not in give.items] + get.items
    from game.actions.survival import DEFAULT_CAPACITY

    return sum(world.item(i).rations or DEFAULT_CAPACITY for i in kept if world.item(i).kind == "water")


def deal_refusal(system: VaarnSystem, world: World, give: Goods, get: Goods) -> str | None:
    """Why the player could not carry the outcome (20 slots, nowhere to put water), or None."""
    kept = [i for i in world.carried() if i not in give.items]
    food = world.state.food - give.food + sum(world.item(i).rations for i in get.items
                                               if world.item(i).kind == "food" and world.item(i).rations)
    items = kept + [i for i in get.items if not (world.item(i).kind == "food" and world.item(i).rations)]
    capacity = capacity_after(world, give, get)
    water = min(capacity, world.state.water - give.water + get.water
                + sum(world.item(i).rations for i in get.items if world.item(i).kind == "water"))
    if get.water and world.state.water - give.water + get.water > capacity:
        return f"You have nothing to carry that much water in (your containers hold {capacity})."
    total = carried_slots(system, world, water=water, food=food, items=items) + wound_slots(player_of(world))
    if total > MAX_CARRY:
        return f"You could not carry it all: {total} slots, and nobody carries more than {MAX_CARRY}."
    return None


def exchange(turn: Turn, npc_id: str, give: Goods, get: Goods) -> None:
    """Move the goods both ways (the checks are done)."""
    world = turn.world
    state = world.state
    for item_id in give.items:
        world.move_item(item_id, npc_place(npc_id))
    state.water -= give.water
    state.food -= give.food
    for item_id in get.items:
        item = world.item(item_id)
        if item.kind == "food" and item.rations:
            world.destroy_item(item_id)
            state.food += item.rations
            continue
        world.move_item(item_id, PLAYER)
        if item.kind == "water":
            state.water += item.rations
    state.water += get.water
    from game.actions.survival import water_capacity

    capacity = water_capacity(turn)
    if state.water > capacity:
        spilled = state.water - capacity
        state.water = capacity
        turn.say(f"You have nothing to hold {spilled} ration{'s' if spilled != 1 else ''} of water; "
                 "it goes back into the merchant's jars.")


def trade_in(system: VaarnSystem, turn: Turn, give: Goods) -> None:
    """Exotica traded at a settlement or oasis advance the trader (seed 001 §Advancement)."""
    world = turn.world
    room = world.room
    if not (room.settlement or room.water_source):
        return
    for item_id in give.items:
        if world.item(item_id).kind != "exotica":
            continue
        result = system.advance(player_of(world), "exotica", turn.dice)
        if not result.events and not result.rolls:
            continue
        world.state.player = result.sheet
        for roll in result.rolls:
            turn.show_roll("advancement", roll, shown=False)  # the level event states the die
        turn.say(f"Trading in the {world.item_name(item_id)} teaches you something of the old world.")
        turn.emit(*result.events)
        if result.levels and result.sheet.ability_points:
            turn.say("(Spend the points with: raise STR, raise DEX, ... one point each.)")


# -- the verbs ------------------------------------------------------------------------------

def wares(system: VaarnSystem, turn: Turn, command: Command) -> None:
    world = turn.world
    npc_id = trader(turn, command.words or command.second)
    rate, mood = price(system, turn, npc_id)
    name = npc_the(world, npc_id)
    stock = world.npc_items(npc_id)
    turn.say(f"{cap(name)} is {mood}: the price is {fmt(rate)} times the worth of the goods "
             "(worth in slots of goods; a ration of water counts as a whole slot, an Exotica as three).")
    if not stock and not sells_water(world, npc_id):
        turn.say(f"{cap(name)} has nothing to sell.")
    for item_id in stock:
        worth = item_worth(world, item_id, full=True)
        full = " (full)" if world.item(item_id).kind == "water" and world.item(item_id).rations else ""
        rations = math.ceil(worth * rate)
        turn.say(f"  {world.item_name(item_id)}{full}: worth {fmt(worth)}, asks {fmt(worth * rate)} "
                 f"(or {rations} ration{'s' if rations != 1 else ''} of water)")
    if sells_water(world, npc_id):
        turn.say(f"  a ration of water: asks {fmt(rate)}")
    turn.say("(trade GOODS for GOODS, buy THING, sell THING, haggle, value THING)")
    turn.spend(1)


def trade(system: VaarnSystem, turn: Turn, command: Command) -> None:
    if command.preposition != "for" or not command.words:
        raise ActionRefused("Trade what for what? For example: trade knife and 1 water for gourd. "
                            "(wares lists what is on offer)")
    want_words, who = split_who(command.second)
    npc_id = trader(turn, who)
    give = parse_goods(turn, command.words, PLAYER, npc_id)
    get = parse_goods(turn, want_words, npc_id, npc_id)
    if give.empty() or get.empty():
        raise ActionRefused("Trade what for what?")
    settle(system, turn, npc_id, give, get)


def buy(system: VaarnSystem, turn: Turn, command: Command) -> None:
    """``buy GOODS [from NPC]``: pay in rations of water, as many as the merchant asks."""
    world = turn.world
    words = command.words
    who = command.second if command.preposition in WHO_WORDS else ()
    if not words:
        raise ActionRefused("Buy what?")
    npc_id = trader(turn, who)
    get = parse_goods(turn, words, npc_id, npc_id)
    if get.water:
        raise ActionRefused("Water is bought with goods: trade GOODS for N water.")
    rate, _ = price(system, turn, npc_id)
    rations = math.ceil(goods_worth(world, get, True) * rate)
    if rations > world.state.water:
        raise ActionRefused(f"{npc_the(world, npc_id, True)} asks {rations} ration{'s' if rations != 1 else ''} "
                            f"of water for {describe_goods(world, get)}; you carry {world.state.water}.")
    settle(system, turn, npc_id, Goods(water=rations), get)


def sell(system: VaarnSystem, turn: Turn, command: Command) -> None:
    """``sell GOODS [to NPC]``: the merchant pays in rations of water."""
    world = turn.world
    who = command.second if command.preposition in WHO_WORDS else ()
    if not command.words:
        raise ActionRefused("Sell what?")
    npc_id = trader(turn, who)
    give = parse_goods(turn, command.words, PLAYER, npc_id)
    if give.water:
        raise ActionRefused("You cannot sell water for water.")
    if not sells_water(world, npc_id):
        raise ActionRefused(f"{npc_the(world, npc_id, True)} has no water to pay with here; trade for goods instead.")
    rate, _ = price(system, turn, npc_id)
    rations = math.floor(goods_worth(world, give, False) / rate)
    if rations < 1:
        raise ActionRefused(f"{npc_the(world, npc_id, True)} would not give a ration of water for "
                            f"{describe_goods(world, give)}.")
    settle(system, turn, npc_id, give, Goods(water=rations))


def settle(system: VaarnSystem, turn: Turn, npc_id: str, give: Goods, get: Goods) -> None:
    """Weigh the deal, then carry it out or hear it refused (a minute either way)."""
    world = turn.world
    name = npc_the(world, npc_id)
    rate, mood = price(system, turn, npc_id)
    offered = goods_worth(world, give, False)
    wanted = goods_worth(world, get, True)
    asked = wanted * rate
    turn.say(f"You offer {describe_goods(world, give)} (worth {fmt(offered)}) for {describe_goods(world, get)} "
             f"(worth {fmt(wanted)}); {name}, {mood}, asks {fmt(asked)}.")
    turn.spend(1)
    if offered < asked:
        turn.say(f"{cap(name)} shakes {'her' if name[:1].isupper() else 'its'} head: not enough.")
        return
    refusal = deal_refusal(system, world, give, get)
    if refusal:
        raise ActionRefused(refusal)
    exchange(turn, npc_id, give, get)
    turn.say("Done." + (" There is no change in barter." if offered - asked >= 1 else ""))
    trade_in(system, turn, give)


def haggle(system: VaarnSystem, turn: Turn, command: Command) -> None:
    """An EGO save against the merchant's EGO defence: won, her price drops a step today."""
    world = turn.world
    npc_id = trader(turn, command.words or command.second)
    price(system, turn, npc_id)
    name = npc_the(world, npc_id)
    if npc_of(world, npc_id).haggle_day == world.state.day:
        raise ActionRefused(f"You have haggled with {name} today already; there is no talking round "
                            "again before tomorrow.")
    request = system.barter_request(player_of(world), npc_of(world, npc_id), turn.play.situation(turn))
    label = f"haggle with {name}"
    turn.requests.append((label, request))
    result = system.save(request, turn.dice)
    turn.show_roll(label, result)
    update_npc(world, npc_id, haggle_day=world.state.day, haggle="won" if result.succeeded else "lost")
    turn.spend(10)
    if result.succeeded:
        rate, _ = price(system, turn, npc_id)
        deal = "just the worth of the goods" if rate == 1 else f"only {fmt(rate)} times the worth"
        turn.say(f"{cap(name)} laughs and gives way: today the price is {deal}.")
    else:
        turn.say(f"{cap(name)} will not budge today.")


def value(system: VaarnSystem, turn: Turn, command: Command) -> None:
    """What a carried thing is worth in barter, and what a merchant here would give for it."""
    world = turn.world
    _, item_id = resolve(Scope(world, [("item", i) for i in world.carried()]), command.words, turn.referent,
                         what="value")
    turn.referent = ("item", item_id)
    worth = item_worth(world, item_id)
    line = f"The {world.item_name(item_id)} is worth {fmt(worth)} slot{'s' if worth != 1 else ''} of goods in barter"
    people = [n for n in world.living_npcs_in() if world.npc_condition(n) == "ok" and is_merchant(world, n)
              and not world.hostile(n)]
    if people:
        rate, _ = price(system, turn, people[0])
        rations = math.floor(worth / rate)
        who = npc_the(world, people[0])
        if sells_water(world, people[0]):
            line += (f"; {who} would give {rations} ration{'s' if rations != 1 else ''} of water for it"
                     if rations else f"; {who} would not give a ration of water for it")
    turn.say(line + ".")
    turn.spend(1)
