"""Vaults of Vaarn at the table: the engine's hooks for seed 001's whole economy.

The rules are pure (:mod:`game.rules.vaarn`); this module and its helpers make
them turns of a game:

- :mod:`vaarn_body`: item slots and encumbrance, worn armour, the Damaged Item
  wound, passing out;
- :mod:`vaarn_fight`: rounds with initiative, engagement, the NPCs' turns,
  morale, reaction rolls;
- :mod:`vaarn_gifts`: Mystic Gifts and Exotica used unidentified;
- :mod:`vaarn_trade`: barter and trading Exotica in.

Every play choice is written down in ``docs/rules/vaarn.md`` (section "Play").
"""
from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from game.errors import ActionRefused, UsageError
from game.play import vaarn_fight as fight
from game.play import vaarn_gifts as gifts
from game.play import vaarn_trade as trade
from game.play.base import BasePlay
from game.play.vaarn_body import (
    carried_slots,
    come_to,
    npc_the,
    owned_lines,
    settle_npc,
    settle_player,
    slot_lines,
    slots_used,
    sync,
)
from game.rules.base import AttackResult, RollResult, Situation, Weapon
from game.rules.vaarn import VaarnSystem
from game.rules.vaarn_data import ABILITIES, MAX_CARRY
from game.rules.vaarn_wounds import rest as rules_rest

if TYPE_CHECKING:
    from game.actions import ActionRegistry, Handler, Turn
    from game.parser import Command

REST_CHOICES = {"hp": "hp", "health": "hp", "wound": "wound", "wounds": "wound"}
ABILITY_WORDS = {**{a: a for a in ABILITIES}, "strength": "str", "dexterity": "dex", "constitution": "con",
                 "intellect": "int", "intelligence": "int", "psyche": "psy", "ego": "ego"}


class VaarnPlay(BasePlay):
    """Saves with encumbrance and wounds, rounds with initiative, barter, Gifts, Exotica, levels."""

    system: VaarnSystem

    def __init__(self, system: VaarnSystem) -> None:
        super().__init__(system)
        self.system = system

    # -- set-up ---------------------------------------------------------------------------
    def verbs(self) -> Mapping[str, tuple[str, ...]]:
        return {
            "slots": ("slots", "burden", "encumbrance"),
            "wares": ("wares", "goods", "browse"),
            "trade": ("trade", "barter", "exchange"),
            "buy": ("buy", "purchase"),
            "sell": ("sell",),
            "haggle": ("haggle", "bargain"),
            "value": ("value", "price"),
            "invoke": ("invoke", "pray", "chant", "channel"),
            "raise": ("raise", "improve"),
            "swap": ("swap",),
        }

    def register(self, registry: ActionRegistry) -> None:
        registry.register("slots", self._slots, observe=True,
                          summary="slots: your item slots, what fills them, and whether you are encumbered")
        registry.register("wares", trade.wares, summary="wares [NPC]: what a merchant offers, and at what price")
        registry.register("trade", trade.trade,
                          summary="trade GOODS for GOODS [with NPC]: barter (GOODS: items, N water, N food, "
                                  "joined by and)")
        registry.register("buy", trade.buy, summary="buy THING [from NPC]: pay a merchant in rations of water")
        registry.register("sell", trade.sell, summary="sell THING [to NPC]: a merchant pays in rations of water")
        registry.register("haggle", trade.haggle,
                          summary="haggle [with NPC]: an EGO save against the merchant, once a day, for a "
                                  "better price")
        registry.register("value", trade.value, summary="value THING: what it is worth in barter")
        registry.register("invoke", gifts.invoke_command,
                          summary="invoke GIFT [dN] [on TARGET] [for N]: use a Mystic Gift (it costs HP)")
        registry.register("raise", self._raise, summary="raise ABILITY [N]: spend ability points won by a level")
        registry.register("swap", self._swap, summary="swap ABILITY ABILITY: swap two abilities, once, before "
                                                      "your first step")

    def help_lines(self) -> list[str]:
        return [
            "Vaults of Vaarn in brief:",
            "  A check is a save: d20 + an ability bonus must beat 15 (or a defence).",
            "  [brackets] in a roll name its advantage or disadvantage (encumbered...).",
            "  Each round of a fight starts with initiative: a d6 a side, ties yours.",
            "  Once engaged in melee nobody shoots; flee to break away.",
            "  Below 0 HP every hit is a wound from the chart; stats lists yours.",
            "  rest short: a ration, d8 + CON HP. rest long [hp|wound]: water and",
            "  food, all HP or one wound. Deprived (thirst, hunger): rest gives nothing.",
            "  Water: a ration a day (a week if synthetic); three days without kills.",
        ]

    def perform(self, turn: Turn, command: Command, handler: Handler) -> None:
        """Vaarn's limits on acting at all: felled before acting, a severed leg, the long rest's choice."""
        sheet = turn.world.state.player
        if sheet.pop("felled", False):
            turn.say("You never get to act.")
            turn.spend(1)
            return
        if command.verb in ("go", "flee") and self.system.cannot_walk(sheet):
            raise ActionRefused("With a severed leg you cannot walk. A long rest may heal the wound "
                                "(rest long wound).")
        if command.verb == "rest":
            choices = [REST_CHOICES[w] for w in command.words[1:] if w in REST_CHOICES]
            if choices:
                sheet["rest_choice"] = choices[0]
        handler(turn, command)

    def on_start(self, turn: Turn) -> None:
        """Armour worn and load carried are on the sheet before the first command."""
        sync(turn, announce=False)

    # -- checks ---------------------------------------------------------------------------
    def situation(self, turn: Turn, **extra: Any) -> Situation:
        """Slots counted the Vaarn way (rations three to a slot), and whether the player is engaged."""
        world = turn.world
        base = Situation(carried_slots=carried_slots(world), carried_weight=carried_slots(world),
                         engaged=bool(fight.engaged(world)))
        return dataclasses.replace(base, **extra)

    def check(self, turn: Turn, kind: str, difficulty: str, situation: Situation, label: str,
              numbers: Mapping[str, int]) -> RollResult:
        """A save; the load is always counted here, even when the caller passed a bare situation."""
        situation = dataclasses.replace(situation, carried_slots=carried_slots(turn.world))
        return super().check(turn, kind, difficulty, situation, label, numbers)

    # -- fighting ---------------------------------------------------------------------------
    def player_attack(self, turn: Turn, npc_id: str, weapon: Weapon, situation: Situation) -> AttackResult:
        world = turn.world
        if gifts.calmed(world, npc_id):
            del world.state.player["sustained"]
            turn.say(f"Your attack breaks the hold on {npc_the(world, npc_id)}.")
        fight.rouse(world, npc_id)
        if not weapon.ranged and fight.engage(world, npc_id):
            turn.say(f"You close in on {npc_the(world, npc_id)}.")
        result = super().player_attack(turn, npc_id, weapon, situation)
        settle_npc(turn, npc_id)
        return dataclasses.replace(result, lines=owned_lines(result.lines, npc_the(world, npc_id)))

    def npc_attack(self, turn: Turn, npc_id: str, weapon: Weapon) -> AttackResult:
        world = turn.world
        npc = world.npc_state(npc_id)
        sync(turn, announce=False)
        result = self.system.attack(npc.sheet, world.state.player, weapon, fight.npc_situation(world), turn.dice)
        npc.sheet, world.state.player = result.attacker, result.defender
        return dataclasses.replace(result, lines=owned_lines(result.lines, "Your"))

    def natural_weapon(self, sheet: dict[str, Any]) -> Weapon:
        options = self.system.npc_attacks(sheet)
        return options[0][0] if options and options[0] else Weapon(name="its attack", damage="d6")

    # -- the flow of time ---------------------------------------------------------------------
    def before_player_action(self, turn: Turn) -> None:
        gifts.expire(turn)
        sync(turn, announce=False)
        fight.start_round(turn)

    def round_over(self, turn: Turn) -> bool:
        """After walking into a room (and its description): reaction rolls, a finished expedition."""
        if turn.world.state.player.pop("arrived", False):
            fight.meet_everyone(turn)
            self._expedition(turn)
        return True

    def npc_phase(self, turn: Turn) -> None:
        fight.npc_phase(turn)

    def after_npc_phase(self, turn: Turn) -> None:
        self._end_of_action(turn)

    def _end_of_action(self, turn: Turn) -> None:
        settle_player(turn)
        come_to(turn)
        sync(turn)

    def end_of_day(self, turn: Turn, day: int) -> None:
        state = turn.world.state
        sheet = state.player
        if self.system.options["meals"] != "daily" or sheet.get("synthetic", False):
            state.hunger_days = 0
        sync(turn, announce=False)

    def water_interval_days(self, turn: Turn) -> int:
        """Seed 001 §Water: a ration a day, or a week for a synthetic character."""
        synthetic = turn.world.state.player.get("synthetic", False) or turn.world.adventure.player.synthetic
        return 7 if synthetic else 1

    def on_enter_room(self, turn: Turn) -> None:
        fight.disengage_all(turn.world)
        turn.world.state.player["arrived"] = True

    def _expedition(self, turn: Turn) -> None:
        """Reaching the adventure's goal completes an Expedition (option ``expeditions-for-xp``)."""
        world = turn.world
        goal = world.adventure.goal
        if not goal.reach or world.state.room != goal.reach or goal.defeat:
            return
        if any(world.place_of(i) != "player" for i in goal.carrying):
            return
        result = self.system.advance(world.state.player, "expedition", turn.dice)
        if result.lines or result.rolls:
            world.state.player = result.sheet
            for roll in result.rolls:
                turn.show_roll("advancement", roll, shown=False)  # the level line states the die
            turn.say("The expedition is done.", *result.lines)

    # -- items ------------------------------------------------------------------------------
    def use_item(self, turn: Turn, item_id: str, target_words: tuple[str, ...]) -> bool:
        world = turn.world
        item = world.item(item_id)
        if item.kind == "gift":
            gifts.invoke(turn, item_id, target_words)
            return True
        if item.kind == "exotica" and item.true_name and item_id not in world.state.identified:
            return gifts.risky_use(turn, item_id, target_words)
        return False

    def take_refusal(self, turn: Turn, item_id: str) -> str | None:
        """Nobody carries more than 20 slots; with psyche slots, no more Gifts than PSY allows."""
        world = turn.world
        item = world.item(item_id)
        if item.kind == "food" and item.rations:
            adding = carried_slots(world, food=world.state.food + item.rations) - carried_slots(world)
        else:
            from game.play.vaarn_body import item_slot_cost

            adding = item_slot_cost(world, item_id)
        if item.kind == "gift" and self.system.gifts == "psyche-slots":
            held = sum(1 for i in world.carried() if world.item(i).kind == "gift")
            room = self.system.gift_capacity(world.state.player)
            if held >= room:
                return f"Your mind has no room for another Gift (psyche slots: {room})."
        used = slots_used(world)
        if adding > 0 and used + adding > MAX_CARRY:
            return (f"You cannot carry the {world.item_name(item_id)}: nobody carries more than {MAX_CARRY} "
                    f"slots, and you fill {used}.")
        return None

    # -- rest and harm ----------------------------------------------------------------------
    def rest(self, turn: Turn, kind: str, fed: bool) -> None:
        """Seed 001 §Wounds and Healing: short d8 + CON; long all HP or one wound; Deprived, nothing.

        Depleted abilities come back one point on a long rest, at most once a day.
        """
        world = turn.world
        sync(turn, announce=False)
        sheet = world.state.player
        choice = str(sheet.pop("rest_choice", "auto"))
        before = {a: sheet.get(a, 0) for a in ABILITIES}
        depleted = dict(sheet.get("depleted", {}))
        result = rules_rest(sheet, kind, fed, turn.dice, choice if kind == "long" else "auto")
        new = result.sheet
        lines = [line for line in result.lines if fed or not line.startswith("You are Deprived")]
        if kind == "long" and fed and depleted:
            if int(sheet.get("restored_day", 0)) == world.state.day:
                new.update(before)
                new["depleted"] = depleted
                lines = [line for line in lines if not line.startswith("Depleted abilities")]
            else:
                new["restored_day"] = world.state.day
        world.state.player = new
        for roll in result.rolls:
            turn.show_roll("rest", roll, shown=False)  # the rest's own line states the die
        turn.say(*lines)

    def harm(self, turn: Turn, damage: str, label: str) -> None:
        world = turn.world
        change = self.system.harm(world.state.player, damage, turn.dice)
        world.state.player = change.sheet
        for roll in change.rolls:
            turn.show_roll(label, roll)
        turn.say(*owned_lines(change.lines, "Your"))
        settle_player(turn)

    # -- the character's own verbs ---------------------------------------------------------------
    def _slots(self, turn: Turn, command: Command) -> None:
        turn.say(*slot_lines(turn.world))

    def _raise(self, turn: Turn, command: Command) -> None:
        world = turn.world
        sheet = world.state.player
        points = int(sheet.get("ability_points", 0))
        if not points:
            raise ActionRefused("You have no ability points to spend; a new level brings three.")
        words = [w for w in command.words if w not in ("my", "by")]
        if len(words) != 1 or words[0] not in ABILITY_WORDS:
            raise ActionRefused(f"Raise which ability: {', '.join(a.upper() for a in ABILITIES)}? "
                                f"({points} point{'s' if points != 1 else ''} to spend)")
        ability = ABILITY_WORDS[words[0]]
        count = command.number or 1
        try:
            world.state.player = self.system.spend_points(sheet, {ability: count})
        except UsageError as error:
            raise ActionRefused(str(error).removeprefix("vaarn: ").capitalize() + ".") from None
        new = world.state.player
        turn.say(f"{ability.upper()} is now {int(new[ability]):+d} (defence {int(new[ability]) + 10}); "
                 f"{new['ability_points']} point{'s' if new['ability_points'] != 1 else ''} left.")

    def _swap(self, turn: Turn, command: Command) -> None:
        world = turn.world
        sheet = world.state.player
        if sheet.get("swapped") or world.state.log:
            raise ActionRefused("Abilities may be swapped only once, before you set out.")
        words = [ABILITY_WORDS.get(w) for w in command.words if w not in ("and", "with")]
        if len(words) != 2 or None in words or words[0] == words[1]:
            raise ActionRefused("Swap which two abilities? For example: swap str psy.")
        first, second = str(words[0]), str(words[1])
        world.state.player = self.system.swap_abilities(sheet, first, second)
        world.state.player["swapped"] = True
        new = world.state.player
        turn.say(f"Swapped: {first.upper()} {int(new[first]):+d}, {second.upper()} {int(new[second]):+d}.")


def make_play(system: VaarnSystem) -> VaarnPlay:
    return VaarnPlay(system)
