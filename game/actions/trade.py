"""Trading with merchants, under every rule system: ``wares``, ``trade``, ``buy``, ``sell``, ``haggle``, ``value``.

The verbs are the same everywhere; what goods are worth and what a trader asks
is the system's pricing (``turn.play.pricing()``, :mod:`game.actions.trade_pricing`):
Vaarn's slot-for-slot barter, the common value scale elsewhere.

- ``wares [NPC]``: what the trader offers and at what price;
- ``trade GOODS for GOODS [with NPC]``: GOODS are items and ``N water`` / ``N food``
  joined by "and"; the deal is made when what is offered is worth the asking price;
- ``buy GOODS [from NPC]``: paid in what the trader takes (its ``currency``): rations of water, the
  price rounded up; or the fewest pieces of treasure carried that cover the price (``(paying with the
  silver ingot)``), when the trader takes goods or the water is not enough
  (``buy GOODS with GOODS`` names the payment: a trade);
- ``sell GOODS [to NPC]``: paid in rations of water, rounded down (``sell GOODS for GOODS``);
- ``haggle [with NPC]``: the system's persuasion roll, once a day per trader;
  won, the price drops a step for the day;
- ``value THING``: what a carried thing is worth, and what a trader here gives for it.

A deal that spends the player's last water or food asks first (yes/no; a command
typed instead means no, and runs).  Whether a trader deals at all is
:func:`game.actions.trade_goods.trade_refusal`.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction
from itertools import combinations
from typing import TYPE_CHECKING

from game.actions import Prices, Turn
from game.actions.scope import held_here, resolve_carried, words_of
from game.actions.trade_goods import (
    WHO_WORDS,
    describe_goods,
    exchange,
    is_merchant,
    last_rations,
    parse_goods,
    pronoun,
    rations,
    sells_water,
    split_who,
    trade_refusal,
    trader,
    verb,
    water_refusal,
)
from game.actions.trade_pricing import HAGGLE_MINUTES, fmt
from game.actions.trade_terms import Goods, Terms
from game.errors import ActionRefused
from game.text import capital, is_plural, join_names
from game.world.state import PLAYER

if TYPE_CHECKING:
    from game.parser import Command

#: The trade verbs, for the verb table's check.
VERBS = ("wares", "trade", "buy", "sell", "haggle", "value")


def pricing(turn: Turn) -> Prices:
    return turn.play.pricing()


def terms(turn: Turn, npc_id: str) -> Terms:
    return pricing(turn).terms(turn, npc_id)


# -- the verbs ---------------------------------------------------------------------------------------

def wares(turn: Turn, command: Command) -> None:
    """What the trader offers: each item's worth and asking price, in goods and in water."""
    world = turn.world
    scale = pricing(turn)
    npc_id = trader(turn, command.words or command.second)
    deal = terms(turn, npc_id)
    name = capital(world.the_npc(npc_id))
    stock = world.npc_items(npc_id)
    price = "the worth of the goods" if deal.rate == 1 else f"{fmt(deal.rate)} times the worth of the goods"
    turn.say(f"{name} {verb(world, npc_id, 'is', 'are')} {deal.mood}: the price is {price} ({scale.scale_note()}).")
    if not stock and not sells_water(world, npc_id):
        turn.say(f"{name} {verb(world, npc_id, 'has', 'have')} nothing to sell.")
    for item_id in stock:
        worth = scale.item_worth(world, item_id, full=True)
        full = " (full)" if world.item(item_id).kind == "water" and world.item(item_id).rations else ""
        paid = water_for(scale, worth * deal.rate, math.ceil)
        turn.say(f"  {world.item_name(item_id)}{full}: worth {scale.figure(worth)}, asks {scale.figure(worth * deal.rate)} "
                 f"(or {rations(paid, 'water')})")
    if sells_water(world, npc_id):
        turn.say(f"  a ration of water: asks {scale.figure(scale.water_worth(1) * deal.rate)}")
    turn.say("(trade GOODS for GOODS, buy THING, sell THING, haggle, value THING)")
    turn.spend(1)


def trade(turn: Turn, command: Command) -> None:
    if command.preposition != "for" or not command.words:
        raise ActionRefused("Trade what for what? For example: trade knife and 1 water for gourd. "
                            "(wares lists what is on offer)")
    want_words, who = split_who(command.second)
    npc_id = trader(turn, who)
    give = parse_goods(turn, command.words, PLAYER, npc_id)
    get = parse_goods(turn, want_words, npc_id, npc_id)
    if give.empty() or get.empty():
        raise ActionRefused("Trade what for what?")
    settle(turn, npc_id, give, get)


def buy(turn: Turn, command: Command) -> None:
    """``buy GOODS [from NPC]``: pay in rations of water, as many as the trader asks.

    ``buy GOODS with|for GOODS [from NPC]`` names the payment instead: a trade.
    """
    world = turn.world
    if not command.words:
        raise ActionRefused("Buy what?")
    payment, who = payment_words(turn, command)
    npc_id = trader(turn, who)
    get = parse_goods(turn, command.words, npc_id, npc_id)
    if payment:
        settle(turn, npc_id, parse_goods(turn, payment, PLAYER, npc_id), get)
        return
    if get.water:
        raise ActionRefused("Water is bought with goods: trade GOODS for N water.")
    scale = pricing(turn)
    asked = scale.goods_worth(world, get, True) * terms(turn, npc_id).rate
    paid = water_for(scale, asked, math.ceil)
    currency = world.npc(npc_id).currency
    if currency != "goods" and paid <= world.state.water:
        settle(turn, npc_id, Goods(water=paid), get)
        return
    goods = _goods_to_pay(turn, asked, get) if currency != "water" else None
    if goods is None:
        what = rations(paid, "water") if currency != "goods" else f"goods worth {scale.worth_words(asked)}"
        carried = f"; you carry {world.state.water}" if currency != "goods" else ""
        raise ActionRefused(f"{capital(world.the_npc(npc_id))} {verb(world, npc_id, 'asks', 'ask')} {what} for "
                            f"{describe_goods(world, get)}{carried}.")
    turn.say(f"(paying with {describe_goods(world, goods)})")
    settle(turn, npc_id, goods, get)


def _goods_to_pay(turn: Turn, asked: Fraction, get: Goods) -> Goods | None:
    """The carried treasure (items of kind ``treasure``: silver, gems, the things kept to trade) that pays
    ``asked`` with the least worth over it, fewest things first; never the goal's items. Tools, arms and
    supplies are never handed over unasked: ``buy X with Y`` names them."""
    world = turn.world
    scale = pricing(turn)
    goal = set(world.adventure.goal.carrying)
    offered = [i for i in world.carried() if world.item(i).kind == "treasure" and i not in goal
               and i not in get.items][:12]
    best: tuple[Fraction, int, tuple[str, ...]] | None = None
    for count in range(1, len(offered) + 1):
        for chosen in combinations(offered, count):
            worth = sum((scale.item_worth(world, i) for i in chosen), Fraction(0))
            if worth >= asked and (best is None or (worth, count) < best[:2]):
                best = (worth, count, chosen)
        if best is not None:
            break
    return Goods(items=list(best[2])) if best is not None else None


def payment_words(turn: Turn, command: Command) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The goods named after "with" or "for" (none when those words name a person here), and the trader's words."""
    if command.preposition not in ("with", "for"):
        return (), command.second if command.preposition in WHO_WORDS else ()
    payment, who = split_who(command.second)
    world = turn.world
    if any(set(payment) <= words_of(world, ("npc", n)) for n in world.living_npcs_in()):
        return (), payment
    return payment, who


def sell(turn: Turn, command: Command) -> None:
    """``sell GOODS [to NPC]``: the trader pays in rations of water (``sell GOODS for GOODS``: a trade)."""
    world = turn.world
    if not command.words:
        raise ActionRefused("Sell what?")
    payment, who = payment_words(turn, command)
    npc_id = trader(turn, who)
    give = parse_goods(turn, command.words, PLAYER, npc_id)
    if payment:
        settle(turn, npc_id, give, parse_goods(turn, payment, npc_id, npc_id))
        return
    name = capital(world.the_npc(npc_id))
    if give.water:
        raise ActionRefused("Water is what you are paid in: trade N water for GOODS instead.")
    if not sells_water(world, npc_id):
        raise ActionRefused(f"{name} {verb(world, npc_id, 'has', 'have')} no water to pay with here; "
                             "trade for goods instead.")
    scale = pricing(turn)
    paid = water_for(scale, scale.goods_worth(world, give, False) / terms(turn, npc_id).rate, math.floor)
    if paid < 1:
        raise ActionRefused(f"{name} would not give a ration of water for {describe_goods(world, give)}.")
    settle(turn, npc_id, give, Goods(water=paid))


def haggle(turn: Turn, command: Command) -> None:
    """The system's persuasion roll against the trader, once a day; won, her price drops a step today."""
    world = turn.world
    scale = pricing(turn)
    words = tuple(w for w in command.words or command.second if not w.isdigit())
    npc_id = trader(turn, words)
    terms(turn, npc_id)
    name = world.the_npc(npc_id)
    if scale.haggled(world, npc_id):
        raise ActionRefused(f"You have haggled with {name} today already; there is no talking round "
                            "again before tomorrow.")
    won = scale.persuade(turn, npc_id, command)
    scale.remember_haggle(world, npc_id, won)
    turn.spend(HAGGLE_MINUTES)
    if won:
        rate = terms(turn, npc_id).rate
        deal = "just the worth of the goods" if rate == 1 else f"only {fmt(rate)} times the worth"
        gives_way = verb(world, npc_id, "laughs and gives way", "laugh and give way")
        turn.say(f"{capital(name)} {gives_way}: today the price is {deal}.")
    else:
        turn.say(f"{capital(name)} will not budge today.")


def value(turn: Turn, command: Command) -> None:
    """What a carried thing is worth, and what a trader here would give for it in water; for a
    thing a trader here offers, what it is worth and what the trader asks."""
    world = turn.world
    try:
        item_id = resolve_carried(world, command.words, turn.referent, pronouns=turn.pronouns, what="value")
    except ActionRefused:
        offered = held_here(world, command.words) if command.words else None
        if offered is None or not is_merchant(world, offered[0]):
            raise
        _value_of_wares(turn, *offered)
        return
    turn.referent = ("item", item_id)
    traders = [n for n in world.living_npcs_in() if is_merchant(world, n) and trade_refusal(world, n) is None]
    found = pricing(turn).appraise(turn, item_id, traders[0] if traders else None)
    name = world.item_name(item_id)
    many = is_plural(name)
    line = f"The {name} {'are' if many else 'is'} worth {found.worth_words}"
    if found.trader is not None:
        who, it = world.the_npc(found.trader), "them" if many else "it"
        line += (f"; {who} would give {rations(found.water, 'water')} for {it}" if found.water
                 else f"; {who} would not give a ration of water for {it}")
        if found.water and water_refusal(world, Goods([item_id]), Goods(water=found.water)):
            line += ", but your water containers have no room for it"
    turn.say(line + ".")
    turn.spend(1)


def _value_of_wares(turn: Turn, npc_id: str, item_id: str) -> None:
    """``value THING`` a trader here offers: its worth, and the price asked, as ``wares`` lists it."""
    world = turn.world
    turn.referent = ("item", item_id)
    scale, deal = pricing(turn), terms(turn, npc_id)
    worth = scale.item_worth(world, item_id, full=True)
    name = world.item_name(item_id)
    turn.say(f"The {name} {'are' if is_plural(name) else 'is'} worth {scale.figure(worth)}; {world.the_npc(npc_id)} "
             f"{verb(world, npc_id, 'asks', 'ask')} {scale.figure(worth * deal.rate)} "
             f"(or {rations(water_for(scale, worth * deal.rate, math.ceil), 'water')}).")
    turn.spend(1)


# -- the deal ------------------------------------------------------------------------------------------

def water_for(scale: Prices, worth: Fraction, rounding: Callable[[Fraction], int]) -> int:
    """Rations of water worth ``worth``, rounded by ``rounding`` (math.ceil to pay, math.floor to be paid)."""
    return scale.water_for(worth, rounding)


def settle(turn: Turn, npc_id: str, give: Goods, get: Goods) -> None:
    """Weigh the deal, then carry it out or hear it refused (a minute either way).

    A deal that pays much more than the trader asks (the worth of a ration of
    water or more, on the common value scale) asks first, since barter gives no
    change; so does a deal that leaves the player no water or no food.  "No"
    takes it back.
    """
    world = turn.world
    scale = pricing(turn)
    name = world.the_npc(npc_id)
    deal = terms(turn, npc_id)
    offered = scale.goods_worth(world, give, False)
    wanted = scale.goods_worth(world, get, True)
    asked = wanted * deal.rate
    turn.say(f"You offer {describe_goods(world, give)} (worth {scale.figure(offered)}) for {describe_goods(world, get)} "
             f"(worth {scale.figure(wanted)}); {name}, {deal.mood}, {verb(world, npc_id, 'asks', 'ask')} {scale.figure(asked)}.")
    turn.spend(1)
    if offered < asked:
        turn.say(f"{capital(name)} {verb(world, npc_id, 'shakes', 'shake')} {pronoun(world, npc_id)} head: "
                 "not enough.")
        return
    refusal = water_refusal(world, give, get) or scale.deal_refusal(turn, give, get)
    if refusal:
        raise ActionRefused(refusal)
    overpaid = offered - asked >= scale.water_worth(1)
    if overpaid and scale.asks_before_overpaying:
        confirm_overpayment(turn, npc_id, give, get, offered - asked)
    confirm_last_rations(turn, give, get)
    exchange(turn, npc_id, give, get)
    turn.say("Done." + (" There is no change in barter." if overpaid and not scale.asks_before_overpaying else ""))
    scale.after_deal(turn, npc_id, give)


def confirm_overpayment(turn: Turn, npc_id: str, give: Goods, get: Goods, extra: Fraction) -> None:
    """Ask before the player gives ``extra`` more than the trader asks (barter gives no change);
    ActionRefused (nothing done) on "no".  Say how to even it out: offer fewer rations of water, or,
    where the trader pays in water, ask for more (as many as the player's containers hold)."""
    world = turn.world
    scale = pricing(turn)
    offered = scale.goods_worth(world, give, False)
    asked = offered - extra
    goods = describe_goods(world, give)
    many = len(give.items) + bool(give.water) + bool(give.food) > 1 or give.water > 1 or give.food > 1 \
        or (len(give.items) == 1 and is_plural(world.item_name(give.items[0])))
    hint = ""
    fewer = min(give.water, math.floor(extra / scale.water_worth(1)))
    if fewer:
        hint = f" (you could offer {rations(fewer, 'water')} less)"
    elif sells_water(world, npc_id):
        more = math.floor(extra / (scale.water_worth(1) * terms(turn, npc_id).rate))
        while more and water_refusal(world, give, Goods(list(get.items), get.water + more, get.food)):
            more -= 1
        if more:
            hint = f" (you could ask for {rations(more, 'water')} as well)"
    name = world.the_npc(npc_id)
    question = (f"{capital(goods)} {'are' if many else 'is'} worth {scale.figure(offered)}; {name} "
                f"{verb(world, npc_id, 'asks', 'ask')} {scale.figure(asked)} and {verb(world, npc_id, 'gives', 'give')} "
                f"no change{hint}. Trade anyway? (yes or no)")
    if not turn.confirm(question):
        raise ActionRefused(f"You keep {goods}.")


def confirm_last_rations(turn: Turn, give: Goods, get: Goods) -> None:
    """Ask before a deal spends the last water or food; ActionRefused (nothing done) on "no"."""
    spent = last_rations(turn.world, give, get)
    if not spent:
        return
    what = join_names(spent, "or")
    if not turn.confirm(f"That would leave you no {what}. Trade anyway? (yes or no)"):
        raise ActionRefused(f"You keep your {join_names(spent)}.")
