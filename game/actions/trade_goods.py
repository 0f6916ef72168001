"""Trade, the system-neutral part: who trades, the goods of a deal, moving them.

A deal is two :class:`Goods`: what the player gives and what the player gets,
each items plus rations of water and food.  What they are worth, and at what
price, is the rule system's (:mod:`game.actions.trade_pricing`); this module
only reads the player's words and carries a deal out.

:func:`trade_refusal` is the one place that says whether an NPC deals with the
player at all; NPC memory (a merchant who saw a theft or a killing) plugs in there.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.actions.scope import Scope, resolve
from game.actions.trade_terms import Goods
from game.actions.water import containers_hold
from game.errors import ActionRefused
from game.npc.memory import refuses_trade
from game.text import capital, join_names, possessive, verb_s
from game.world.state import PLAYER, npc_place

if TYPE_CHECKING:
    from game.actions import Turn
    from game.world.world import World

WATER_WORDS = frozenset({"water", "waters", "ration", "rations"})
FOOD_WORDS = frozenset({"food", "meal", "meals"})
WHO_WORDS = ("with", "from", "to")


def the(name: str) -> str:
    """"the knife", but "Tamsin" (a proper name takes no article)."""
    return name if name[:1].isupper() else f"the {name}"


def rations(count: int, what: str) -> str:
    return f"{count} ration{'s' if count != 1 else ''} of {what}"


def describe_goods(world: World, goods: Goods) -> str:
    parts = [f"the {world.item_name(i)}" for i in goods.items]
    if goods.water:
        parts.append(rations(goods.water, "water"))
    if goods.food:
        parts.append(rations(goods.food, "food"))
    return join_names(parts)


def pronoun(world: World, npc_id: str) -> str:
    """The NPC's possessive, by its content ``pronoun``: "her", "his", "their" or "its"."""
    return possessive(world.npc(npc_id).pronoun)


def verb(world: World, npc_id: str, singular: str, plural: str) -> str:
    """``singular`` ("shakes") for he, she and it; ``plural`` ("shake") for an NPC called "they"."""
    return verb_s(world.npc(npc_id).pronoun, singular, plural)


# -- who trades ---------------------------------------------------------------------------------

def is_merchant(world: World, npc_id: str) -> bool:
    return world.npc_state(npc_id).disposition == "merchant" or world.npc(npc_id).behaviour == "merchant"


def trade_refusal(world: World, npc_id: str) -> str | None:
    """Why ``npc_id`` will not trade with the player, or None.

    An NPC down or dead cannot; one that remembers being attacked or robbed, or
    saw a theft, an attack on the harmless or a killing, will not
    (:func:`game.npc.memory.refuses_trade`); a hostile NPC never trades, and a
    merchant turned wary will not either.  A wary NPC that is no merchant still
    deals, at a wary price.
    """
    name = capital(world.the_npc(npc_id))
    state = world.npc_state(npc_id)
    if world.npc_condition(npc_id) != "ok":
        return f"{name} {verb(world, npc_id, 'is', 'are')} in no state to trade."
    if state.disposition == "hostile":
        return f"{name} will not trade with you."
    remembered = refuses_trade(world, npc_id)
    if remembered is not None:
        return remembered
    if state.disposition == "wary" and world.npc(npc_id).behaviour == "merchant":
        return f"{name} {verb(world, npc_id, 'wants', 'want')} nothing more to do with you."
    return None


def trader(turn: Turn, words: tuple[str, ...]) -> str:
    """The NPC the player trades with: the one named, or the only merchant (or person) here.

    Raises ActionRefused when nobody fits or the one named refuses to deal.
    """
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
    refusal = trade_refusal(world, npc_id)
    if refusal:
        raise ActionRefused(refusal)
    turn.referent = ("npc", npc_id)
    return npc_id


def sells_water(world: World, npc_id: str) -> bool:
    """House rule: merchants sell water where there is water (a settlement or a source)."""
    room = world.room
    return is_merchant(world, npc_id) and (room.settlement or room.water_source)


# -- reading goods --------------------------------------------------------------------------------

def split_who(words: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """``pistol with tamsin`` -> (``pistol``, ``tamsin``)."""
    for index, word in enumerate(words):
        if word in WHO_WORDS:
            return words[:index], words[index + 1:]
    return words, ()


def parse_goods(turn: Turn, words: tuple[str, ...], owner: str, npc_id: str) -> Goods:
    """Items of ``owner`` (PLAYER or the NPC) and ``N water`` / ``N food``, joined by "and".

    Raises ActionRefused for a thing not there, more rations than the player
    carries, or water or food the NPC has none of to sell.
    """
    world = turn.world
    goods = Goods()
    place = PLAYER if owner == PLAYER else npc_place(npc_id)
    scope = Scope(world, [("item", i) for i in world.items_at(place)])
    part: list[str] = []
    for word in (*words, "and"):
        if word != "and":
            part.append(word)
            continue
        if part:
            _add_part(turn, goods, scope, tuple(part), owner)
        part = []
    if owner == PLAYER:
        for what, wanted, held in (("water", goods.water, world.state.water), ("food", goods.food, world.state.food)):
            if wanted > held:
                raise ActionRefused(f"You carry only {rations(held, what)}." if held else f"You carry no {what}.")
    else:
        name = capital(world.the_npc(npc_id))
        if goods.water and not sells_water(world, npc_id):
            raise ActionRefused(f"{name} {verb(world, npc_id, 'has', 'have')} no water to spare here.")
        if goods.food:
            raise ActionRefused(f"{name} {verb(world, npc_id, 'sells', 'sell')} food only as it comes: "
                                "ask for an item in the wares.")
    return goods


def _add_part(turn: Turn, goods: Goods, scope: Scope, part: tuple[str, ...], owner: str) -> None:
    count = int(part[0][:4]) if part[0].isdigit() else None
    rest = {w for w in (part[1:] if count is not None else part) if w != "of"}
    if rest and rest <= WATER_WORDS | FOOD_WORDS and rest & FOOD_WORDS:
        goods.food += 1 if count is None else count
    elif rest and rest <= WATER_WORDS:
        goods.water += 1 if count is None else count
    else:
        _, item_id = resolve(scope, part, turn.referent, what="offer" if owner == PLAYER else "ask for")
        if item_id in goods.items:
            raise ActionRefused(f"You named the {turn.world.item_name(item_id)} twice.")
        goods.items.append(item_id)


# -- what a deal leaves the player with -------------------------------------------------------------

def capacity_after(world: World, give: Goods, get: Goods) -> int:
    """Rations of water the player's containers hold once the deal is done."""
    return containers_hold(world, [*(i for i in world.carried() if i not in give.items), *get.items])


def water_refusal(world: World, give: Goods, get: Goods) -> str | None:
    """Why the player cannot take the water a deal pays (no containers to hold it), or None."""
    capacity = capacity_after(world, give, get)
    if get.water and world.state.water - give.water + get.water > capacity:
        return f"You have nothing to carry that much water in (your containers hold {capacity})."
    return None


def rations_after(world: World, give: Goods, get: Goods) -> tuple[int, int]:
    """The water and food the player carries once the deal is done (water spilled past capacity)."""
    state = world.state
    got = [world.item(i) for i in get.items]
    water = state.water - give.water + get.water + sum(i.rations for i in got if i.kind == "water")
    food = state.food - give.food + sum(i.rations for i in got if i.kind == "food")
    return min(water, water_limit(world, capacity_after(world, Goods(), Goods()), state.water,
                                  capacity_after(world, give, get))), food


def water_limit(world: World, capacity_before: int, water_before: int, capacity: int) -> int:
    """The most water the player keeps after a deal: a container traded away takes its water with it,
    and water got beyond the containers' room goes back (water carried before is never lost)."""
    return capacity if capacity < capacity_before else max(capacity, water_before)


def last_rations(world: World, give: Goods, get: Goods) -> list[str]:
    """"water", "food" or both: what the deal spends the last of (the player must confirm)."""
    water, food = rations_after(world, give, get)
    spent = []
    if world.state.water > 0 and water <= 0:
        spent.append("water")
    if world.state.food > 0 and food <= 0:
        spent.append("food")
    return spent


def exchange(turn: Turn, npc_id: str, give: Goods, get: Goods) -> None:
    """Move the goods both ways; each item received is first checked by the system's load rules.

    Raises ActionRefused (the engine puts the world back) when the player could
    not carry something received.
    """
    world = turn.world
    state = world.state
    pricing = turn.play.pricing()
    before, water_before = capacity_after(world, Goods(), Goods()), state.water
    for item_id in give.items:
        world.move_item(item_id, npc_place(npc_id))
    state.water -= give.water
    state.food -= give.food
    for item_id in get.items:
        refusal = pricing.receive_refusal(turn, item_id)
        if refusal:
            raise ActionRefused(refusal)
        item = world.item(item_id)
        if item.kind == "food" and item.rations:
            world.destroy_item(item_id)
            state.food += item.rations
            continue
        world.move_item(item_id, PLAYER)
        if item.kind == "water":  # a merchant's container comes full, whatever it held before
            state.water += item.rations
            state.drawn.add(item_id)
    state.water += get.water
    capacity = capacity_after(world, Goods(), Goods())
    limit = water_limit(world, before, water_before, capacity)
    if state.water > limit:
        spilled = state.water - limit
        state.water = limit
        turn.say(f"You have nothing to hold {rations(spilled, 'water')}; it goes back into the merchant's jars.")
