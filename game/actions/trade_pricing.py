"""What goods are worth and what a trader asks: the pricing a rule system's play object specialises.

:class:`Pricing` is the **common value scale** (a house rule; only Vaarn's seed
speaks of barter): an item is worth the ``value`` its content gives (1 when not
given), a ration of water :data:`WATER_WORTH`, a ration of food
:data:`FOOD_WORTH`; a water container a merchant sells comes full.  A trader
asks the worth of what the player wants times a markup set by how they feel
(:data:`MARKUPS`); a won persuasion roll (``haggle``, once a day per trader)
takes a quarter off, never below 3/4.  The roll is the system's own
``persuade`` check (``BasePlay.check``), so each system rolls it its own way.

A play object returns its pricing from ``BasePlay.pricing()``; Vaarn's is its
slot-for-slot barter (:mod:`game.systems.vaarn.trade`), BIND's makes the roll a
resisted action (:mod:`game.systems.bind.trade`).
"""
from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING

from game.actions.trade_goods import is_merchant, rations, sells_water, trade_refusal
from game.actions.trade_terms import Appraisal, Goods, Terms
from game.errors import ActionRefused
from game.text import capital, is_plural

if TYPE_CHECKING:
    from game.actions import Turn
    from game.parser import Command
    from game.world.world import World

WATER_WORTH = Fraction(2)
FOOD_WORTH = Fraction(1)
#: How a trader feels -> (the markup, the word for it).  Hostile traders do not trade.
MARKUPS: dict[str, tuple[Fraction, str]] = {
    "merchant": (Fraction(1), "fair"),
    "friendly": (Fraction(1), "warm"),
    "neutral": (Fraction(5, 4), "indifferent"),
    "wary": (Fraction(3, 2), "wary of you"),
}
PERSUADED_STEP = Fraction(1, 4)
FLOOR_MARKUP = Fraction(3, 4)
#: The difficulty of talking a trader down (house rule: an ordinary task).
HAGGLE_DIFFICULTY = "normal"
#: Minutes a haggle takes.
HAGGLE_MINUTES = 10


def lowered(rate: Fraction) -> Fraction:
    """A markup after a won persuasion roll: a quarter less, never below 3/4."""
    return max(FLOOR_MARKUP, rate - PERSUADED_STEP)


class Pricing:
    """The common value scale; a system's play object subclasses it where its rules differ."""

    #: What worth is counted in, for the player.
    unit = "value"
    #: Whether a deal paying a ration of water's worth or more over the asking price asks first
    #: (barter gives no change; Vaarn's slot-for-slot barter only says so, as its seed trades).
    asks_before_overpaying = True

    def scale_note(self) -> str:
        """How worth is counted, said once in ``wares``."""
        return (f"worth on the common scale: a ration of water counts {fmt(WATER_WORTH)}, "
                f"of food {fmt(FOOD_WORTH)}")

    def figure(self, worth: Fraction) -> str:
        """A worth or a price as a number the player reads (:func:`fmt`: 1, 1.25)."""
        return fmt(worth)

    def worth_words(self, worth: Fraction) -> str:
        """A worth as ``value`` says it: "2 on the common scale of trade"."""
        return f"{fmt(worth)} on the common scale of trade"

    # -- worth ---------------------------------------------------------------------------------
    def item_worth(self, world: World, item_id: str, full: bool = False) -> Fraction:
        """What one item is worth; ``full``: a water container as a merchant sells it, water in."""
        item = world.item(item_id)
        worth = Fraction(item.value)
        if full and item.kind == "water":
            worth += self.water_worth(item.rations)
        return worth

    def water_worth(self, count: int) -> Fraction:
        return WATER_WORTH * count

    def food_worth(self, count: int) -> Fraction:
        return FOOD_WORTH * count

    def goods_worth(self, world: World, goods: Goods, from_trader: bool) -> Fraction:
        total = sum((self.item_worth(world, i, full=from_trader) for i in goods.items), Fraction(0))
        return total + self.water_worth(goods.water) + self.food_worth(goods.food)

    def water_for(self, worth: Fraction, rounding: Callable[[Fraction], int]) -> int:
        """Rations of water worth ``worth``, rounded by ``rounding`` (math.ceil to pay, math.floor to be paid)."""
        return rounding(worth / self.water_worth(1))

    # -- appraisal: ``value`` and ``show THING to MERCHANT`` ------------------------------------------
    def appraise(self, turn: Turn, item_id: str, npc_id: str | None) -> Appraisal:
        """The one appraisal ``value`` and ``show THING to MERCHANT`` both say: the item's worth on
        this scale, and the water ``npc_id`` would give for it at today's terms (when she pays in
        water here).  Raises ActionRefused when ``npc_id`` will not deal today."""
        world = turn.world
        worth = self.item_worth(world, item_id)
        if npc_id is None or not sells_water(world, npc_id):
            return Appraisal(worth, self.worth_words(worth), None, 0)
        paid = self.water_for(worth / self.terms(turn, npc_id).rate, math.floor)
        return Appraisal(worth, self.worth_words(worth), npc_id, paid)

    def merchant_says(self, turn: Turn, item_id: str, npc_id: str) -> str | None:
        """What merchant ``npc_id`` says of ``item_id`` shown to her (:meth:`appraise`, as ``value``
        words it), or None when she is no merchant or will not deal with the player."""
        world = turn.world
        if not is_merchant(world, npc_id) or trade_refusal(world, npc_id) is not None:
            return None
        try:
            found = self.appraise(turn, item_id, npc_id)
        except ActionRefused:
            return None
        many = is_plural(world.item_name(item_id))
        speech = f"{'They are' if many else 'It is'} worth {found.worth_words}."
        if found.trader is not None:
            speech += (f" I would give you {rations(found.water, 'water')} for {'them' if many else 'it'}."
                       if found.water else f" I would not give a ration of water for {'them' if many else 'it'}.")
        return speech

    # -- the trader's price ------------------------------------------------------------------------
    def feeling(self, turn: Turn, npc_id: str) -> str:
        """How the trader feels about the player, a key of :data:`MARKUPS`: her disposition.

        A merchant's is "merchant" (fair) until something changes it.
        """
        return turn.world.npc_state(npc_id).disposition

    def terms(self, turn: Turn, npc_id: str) -> Terms:
        """The markup and mood of ``npc_id`` today; ActionRefused when she will not deal at all."""
        feeling = self.feeling(turn, npc_id)
        if feeling not in MARKUPS:
            raise ActionRefused(f"{capital(turn.world.the_npc(npc_id))} will not trade with you.")
        rate, mood = MARKUPS[feeling]
        if self.haggled(turn.world, npc_id) == "won":
            return Terms(lowered(rate), f"{mood}, talked round")
        return Terms(rate, mood)

    # -- persuasion ---------------------------------------------------------------------------------
    def haggled(self, world: World, npc_id: str) -> str:
        """"won" or "lost" when the player haggled with ``npc_id`` today, else ""."""
        npc = world.npc_state(npc_id)
        return npc.haggle if npc.haggle_day == world.state.day else ""

    def remember_haggle(self, world: World, npc_id: str, won: bool) -> None:
        npc = world.npc_state(npc_id)
        npc.haggle_day, npc.haggle = world.state.day, "won" if won else "lost"

    def persuade(self, turn: Turn, npc_id: str, command: Command) -> bool:
        """Roll to talk ``npc_id`` down (shown and recorded for ``odds``); True when it worked.

        The system's ``persuade`` check at :data:`HAGGLE_DIFFICULTY`; a number in
        the command commits that many dice where the system spends a pool.
        """
        play = turn.play
        label = f"haggle with {turn.world.the_npc(npc_id)}"
        situation = play.situation(turn, commit=command.number)
        return play.check(turn, "persuade", HAGGLE_DIFFICULTY, situation, label, {}).succeeded

    # -- carrying it out -------------------------------------------------------------------------------
    def deal_refusal(self, turn: Turn, give: Goods, get: Goods) -> str | None:
        """Why the player could not carry the outcome of the whole deal, or None."""
        return None

    def receive_refusal(self, turn: Turn, item_id: str) -> str | None:
        """Why the player cannot take ``item_id`` as the deal hands it over (the system's load rules)."""
        return turn.play.take_refusal(turn, item_id)

    def after_deal(self, turn: Turn, npc_id: str, give: Goods) -> None:
        """What a deal brings besides the goods (Vaarn: Exotica traded in teach)."""


def fmt(value: Fraction) -> str:
    """A worth as a person writes it: 1, 1.25, 0.33."""
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.2f}".rstrip("0").rstrip(".")
