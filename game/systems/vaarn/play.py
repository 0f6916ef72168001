"""Vaults of Vaarn at the table: the engine's hooks for seed 001's whole economy.

The rules are pure (:mod:`game.systems.vaarn.rules`); this module and its helpers make
them turns of a game:

- :mod:`vaarn_scene`: the typed sheets and moment of a world, who is fighting,
  lasting Gifts (the layer the others build on);
- :mod:`vaarn_body`: item slots and encumbrance, worn armour, the Damaged Item
  wound, passing out;
- :mod:`vaarn_fight`: initiative, attack choice, morale, reaction rolls;
- :mod:`vaarn_gifts`: Mystic Gifts and Exotica used unidentified;
- :mod:`vaarn_trade`: barter and trading Exotica in;
- :mod:`vaarn_verbs`: ``slots``, ``raise``, ``swap``.

The NPCs act through the round template of :class:`~game.play.base.BasePlay`:
foes that win initiative take their turn before the player's action, the
others after it; each turn is a policy's choice (:mod:`game.npc.policies`)
from a view holding Vaarn's morale verdict, carried out here.  Every play
choice is written down in ``docs/rules/vaarn.md`` and ``docs/internals/vaarn.md`` (section "Play").

The rules of fights, wounds and rests, Vaarn's events and its trade are deferred
(:mod:`game.deferred`): the opening does not wait for them.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from functools import partial
from typing import TYPE_CHECKING, Any

from game.actions import SheetView
from game.actions.combat import confirm_attack, confirm_before_round, former_foe, put_sheet, report_attack
from game.actions.scope import Ambiguous, Misspelt, Orphan, Scope, resolve
from game.deferred import deferred
from game.errors import ActionRefused
from game.events import PLAYER, Event
from game.play.base import BasePlay, OwnVerbs, Use
from game.rules.base import AttackResult, RollResult, Situation, Weapon
from game.systems.vaarn import fight, life
from game.systems.vaarn import using_gifts as gifts
from game.systems.vaarn import verbs as own
from game.systems.vaarn.body import carried_slots, come_to, item_slot_cost, settle_npc, settle_player, slots_used, sync
from game.systems.vaarn.data import MAX_CARRY
from game.systems.vaarn.narration import VaarnNarrator
from game.systems.vaarn.rules import VaarnSystem
from game.systems.vaarn.scene import (
    calmed,
    disengage_all,
    drop_disengaged,
    engage,
    engaged,
    fighting,
    foes,
    moment_of,
    npc_the,
    player_of,
    rouse,
    sheet_of,
    update_moment,
    update_player,
)
from game.systems.vaarn.sheet import VaarnSheet

if TYPE_CHECKING:
    from game.actions import ActionRegistry, Handler, Turn
    from game.parser import Command
    from game.systems.vaarn import combat, wounds
    from game.systems.vaarn import events as vaarn_events
    from game.systems.vaarn import trade as vaarn_trade
    from game.world.world import World
else:
    combat = deferred("game.systems.vaarn.combat")
    vaarn_events = deferred("game.systems.vaarn.events")
    vaarn_trade = deferred("game.systems.vaarn.trade")
    wounds = deferred("game.systems.vaarn.wounds")

REST_CHOICES = {"hp": "hp", "health": "hp", "wound": "wound", "wounds": "wound"}


class VaarnPlay(BasePlay[VaarnSystem]):
    """Saves with encumbrance and wounds, rounds with initiative, barter, Gifts, Exotica, levels."""

    narrator_class = VaarnNarrator
    badly_hurt_at = 0.5  # an NPC heals at half its HP or below

    # -- set-up ---------------------------------------------------------------------------
    def own_verbs(self) -> OwnVerbs:
        """The system's own verbs: their words, what ``help`` adds, and their handlers."""
        return OwnVerbs(self._words(), tuple(self._help()), self._register)

    def _words(self) -> Mapping[str, tuple[str, ...]]:
        return {
            "slots": ("slots", "burden", "encumbrance"),
            "invoke": ("invoke", "pray", "chant", "channel"),
            "raise": ("raise", "improve"),
            "swap": ("swap",),
        }

    def _register(self, registry: ActionRegistry) -> None:
        system = self.system
        registry.register("slots", partial(own.slots, system), observe=True,
                          summary="slots: your item slots, what fills them, and whether you are encumbered")
        registry.register("invoke", partial(gifts.invoke_command, system),
                          summary="invoke GIFT [dN] [on TARGET] [for N]: use a Mystic Gift (it costs HP)")
        registry.register("raise", partial(own.raise_ability, system),
                          summary="raise ABILITY [N]: spend ability points won by a level")
        registry.register("swap", partial(own.swap, system),
                          summary="swap ABILITY ABILITY: swap two abilities, once, before your first step")

    def pricing(self) -> vaarn_trade.VaarnPricing:
        """Seed 001's barter: slot for slot, the merchant's mood, the EGO haggle."""
        return vaarn_trade.VaarnPricing(self.system)

    def _help(self) -> list[str]:
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
        """A new round (:meth:`_new_round`), then Vaarn's limits on acting at all: felled before
        acting, a severed leg, the long rest's choice."""
        self._new_round(turn)
        world = turn.world
        if moment_of(world).felled:
            update_moment(world, felled=False)
            if self.system.condition(player_of(world)) != "dead":  # a death says itself
                turn.say("You never get to act.")
            turn.spend(1)
            return
        if command.verb in ("go", "flee") and self.system.cannot_walk(player_of(world)):
            raise ActionRefused("With a severed leg you cannot walk. A long rest may heal the wound "
                                "(rest long wound).")
        if command.verb == "rest":
            choices = [REST_CHOICES[w] for w in command.words[1:] if w in REST_CHOICES]
            if choices:
                update_moment(world, rest_choice=choices[0])
        self._open_round(turn, command)
        if moment_of(world).felled:
            update_moment(world, felled=False)
            if self.system.condition(player_of(world)) != "dead":  # a death says itself
                turn.say("You never get to act.")
            turn.spend(1)
            return
        if not moment_of(world).acted_first:
            handler(turn, command)
            return
        try:
            handler(turn, command)
        except (Ambiguous, Misspelt, Orphan):
            raise  # questions: the engine asks, and the answer replays the round on the same dice
        except ActionRefused as refusal:
            # The foes that won initiative have already acted (one may have fled): the round
            # stands, so the command is overtaken by events, not refused and rolled again.
            turn.say(f"{refusal} The moment has passed.")
            turn.spend(1)

    def on_start(self, turn: Turn) -> None:
        """Armour worn and load carried are on the sheet before the first command."""
        sync(self.system, turn, announce=False)

    # -- checks ---------------------------------------------------------------------------
    def situation(self, turn: Turn, **extra: Any) -> Situation:
        """Slots counted the Vaarn way (rations three to a slot), and whether the player is engaged."""
        world = turn.world
        load = carried_slots(self.system, world)
        base = Situation(carried_slots=load, carried_weight=load, engaged=bool(engaged(world)))
        return dataclasses.replace(base, **extra)

    def check(self, turn: Turn, kind: str, difficulty: str, situation: Situation, label: str,
              numbers: Mapping[str, int]) -> RollResult:
        """A save; the load is always counted here, even when the caller passed a bare situation."""
        situation = dataclasses.replace(situation, carried_slots=carried_slots(self.system, turn.world))
        return super().check(turn, kind, difficulty, situation, label, numbers)

    # -- fighting ---------------------------------------------------------------------------
    def exchange(self, turn: Turn, attacker: str, defender: str, weapon: Weapon,
                 situation: Situation) -> AttackResult[VaarnSheet] | None:
        """One attack, whoever makes it (seed 001 §Combat).  A melee blow engages the two (closing in
        is part of the attack); the player's breaks a calm Gift on the target and rouses it; an
        NPC held still by the player's Gift strikes no blow; a ward Gift on the player gives
        disadvantage.  The events name the NPC; a fallen side settles (passing out, dying)."""
        world = turn.world
        npc_id = defender if attacker == PLAYER else attacker
        if attacker == PLAYER:
            if calmed(world, npc_id):
                update_player(world, sustained=None)
                turn.say(f"Your attack breaks the hold on {npc_the(world, npc_id)}.")
            rouse(world, npc_id)
        elif fight.held_back(turn, npc_id):
            return None
        if not weapon.ranged and engage(world, npc_id):
            turn.say(f"You close in on {npc_the(world, npc_id)}." if attacker == PLAYER
                     else f"{npc_the(world, npc_id, True)} closes in.")
        if defender == PLAYER:
            sync(self.system, turn, announce=False)
            situation = dataclasses.replace(situation, disadvantage=situation.disadvantage
                                            or fight.npc_situation(world).disadvantage)
        result = self.system.attack(sheet_of(world, attacker), sheet_of(world, defender), weapon, situation,
                                    turn.dice)
        put_sheet(world, attacker, result.attacker)
        put_sheet(world, defender, result.defender)
        result = dataclasses.replace(result, events=vaarn_events.naming(result.events, npc_id))
        if defender != PLAYER:
            settle_npc(turn, defender)
        report_attack(turn, attacker, defender, result, weapon)
        if defender == PLAYER:
            settle_player(turn)
        return result

    def strikes(self, turn: Turn, actor: str, mode: str, weapon: Weapon | None = None) -> list[Weapon]:
        """Seed 001 §Combat: a move and an action.  Its attacks by the Vaarn form (or ``weapon``, an
        item it uses), shooting from a distance when it can; closing in engages (no shooting once
        engaged).  A foe holding back, or held still by the player's Gift, strikes nothing."""
        world = turn.world
        if mode == "hold" or fight.held_back(turn, actor):
            return []
        if weapon is not None:
            return [weapon]
        is_engaged = actor in engaged(world)
        weapons = fight.choose_attacks(fight.attack_options(world, actor), is_engaged)
        if not is_engaged and any(not w.ranged for w in weapons):
            engage(world, actor)
            turn.say(f"{npc_the(world, actor, True)} closes in.")
            weapons = [w for w in weapons if not w.ranged] or weapons
        return weapons

    def natural_weapon(self, sheet: VaarnSheet) -> Weapon:
        options = combat.npc_attacks(sheet)
        return options[0][0] if options and options[0] else Weapon(name="its attack", damage="d6")

    # -- the round ------------------------------------------------------------------------------
    def _new_round(self, turn: Turn) -> None:
        """A new round: lasting Gifts expire; with foes here, initiative; foes that win act now.

        Foes that put the player down this way leave the player's action lost.  An attack on
        someone not hostile asks first, before anything of the round happens.
        """
        confirm_before_round(turn)
        gifts.expire(turn)
        sync(self.system, turn, announce=False)
        self._initiative(turn)

    def _open_round(self, turn: Turn, command: Command) -> None:
        """Seed 001 §Combat, "Initiative in combat is decided each turn": a fight the player
        opens is a round too.  An attack on an NPC not yet fighting (a guard not roused, a
        neutral one) rouses it, turns it hostile and rolls initiative before the blow; the
        foes may strike first."""
        world = turn.world
        if command.verb not in ("attack", "shoot") or not command.words:
            return
        if any(fighting(world, n) for n in foes(world)):
            return  # a fight is on: this round's initiative was rolled before the command
        try:
            _, npc_id = resolve(Scope(world, [("npc", n) for n in world.npcs_in()]), command.words,
                                turn.referent, what="attack")
        except ActionRefused:
            return  # the command itself will say why
        if world.npc_condition(npc_id) != "ok" or self.system.condition(player_of(world)) != "ok":
            return
        state = world.npc_state(npc_id)
        if state.disposition != "hostile" and former_foe(world, npc_id):
            state.disposition = "hostile"  # the fight goes on (actions.combat.attack_with)
        elif state.disposition != "hostile":
            confirm_attack(turn, npc_id)
            state.disposition = "hostile"
            turn.say(f"{npc_the(world, npc_id, True)} turns on you!")
            self.npc_assaulted(turn, npc_id)
        rouse(world, npc_id)
        self._initiative(turn)

    def _initiative(self, turn: Turn) -> None:
        """With foes fighting here, roll initiative; foes that win act now (the player may fall)."""
        world = turn.world
        here = fight.round_foes(self.system, turn)
        if not here or fight.player_first(self.system, turn, here):
            return
        for npc_id in here:
            if world.state.status != "playing" or self.system.condition(player_of(world)) != "ok":
                break
            self.npc_turn(turn, npc_id)
            update_moment(world, acted_first=moment_of(world).acted_first + (npc_id,))
        if self.system.condition(player_of(world)) != "ok":
            update_moment(world, felled=True)


    def player_spared(self, turn: Turn) -> None:
        """Left for dead by a foe: senseless d6 hours, then awake (the house rule of :func:`come_to`)."""
        come_to(turn)

    def morale_broken(self, turn: Turn, npc_id: str) -> bool:
        """Vaarn's morale, rolled when a new trigger holds (see :func:`vaarn_fight.morale_broken`)."""
        return fight.morale_broken(self.system, turn, npc_id)

    # -- NPCs' gifts and exotica (game.play.npc_items) -----------------------------------------
    def may_use(self, turn: Turn, actor: str, item_id: str, purpose: str) -> Use:
        """A Gift as the seed allows (:func:`gifts.npc_may_invoke`), and seed 001 §Mystic Gifts:
        "Combat Gifts always hit their target"; an Exotica, but a ranged one not by an actor
        engaged in melee (seed 001 §Combat: "ranged weapons cannot be used if the shooting
        character is engaged in melee combat")."""
        if turn.world.item(item_id).kind != "gift":
            if purpose == "harm" and turn.world.item(item_id).ranged and actor in engaged(turn.world):
                return Use.NO
            return Use.YES
        if not gifts.npc_may_invoke(turn.world, actor, item_id):
            return Use.NO
        return Use.SURE if purpose == "harm" else Use.YES

    # -- the flow of time ---------------------------------------------------------------------
    def finish_round(self, turn: Turn) -> None:
        """After walking into a room (and its description): Vaarn's reaction rolls, not the house
        rule's, and a finished expedition.  Then the NPCs in the room act, but not those that acted
        before the player nor hostile ones holding back.  Then the end of the round: a player at 0
        HP passes out or comes to, the sheet in step with what is carried."""
        world = turn.world
        if moment_of(world).arrived:
            update_moment(world, arrived=False)
            fight.meet_everyone(self.system, turn)
            self._expedition(turn)
        self.arrivals(turn, react=False)
        acted = moment_of(world).acted_first
        update_moment(world, acted_first=())
        self.npc_phase(turn, [n for n in world.living_npcs_in() if n not in acted and fighting(world, n)])
        drop_disengaged(world)
        settle_player(turn)
        come_to(turn)
        sync(self.system, turn)

    def end_of_day(self, turn: Turn, day: int) -> None:
        """The sheet in step with the day's water and food (hunger counts only where meals are daily:
        :attr:`SheetView.daily_meals`, read by the shared day's end)."""
        sync(self.system, turn, announce=False)

    def sheet_view(self, world: World) -> SheetView:
        """The sheet as the rules show it.  Seed 001 §Water: a ration lasts a day, a week for a
        synthetic character (the sheet's ancestry, or the adventure's ``[player] synthetic``)."""
        sheet = player_of(world)
        drinker = dataclasses.replace(sheet, synthetic=True) if world.adventure.player.synthetic else sheet
        return SheetView(self.system.health(sheet), tuple(self.system.sheet_lines(sheet)),
                         water_days=life.water_interval(drinker),
                         daily_meals=self.system.options["meals"] == "daily" and not drinker.synthetic)

    def on_enter_room(self, turn: Turn) -> None:
        disengage_all(turn.world)
        update_moment(turn.world, arrived=True)

    def _expedition(self, turn: Turn) -> None:
        """Reaching the adventure's goal completes an Expedition (option ``expeditions-for-xp``)."""
        world = turn.world
        goal = world.adventure.goal
        if not goal.reach or world.state.room != goal.reach or goal.defeat:
            return
        if any(world.place_of(i) != "player" for i in goal.carrying):
            return
        result = self.system.advance(player_of(world), "expedition", turn.dice)
        if result.events or result.rolls:
            world.state.player = result.sheet
            for roll in result.rolls:
                turn.show_roll("advancement", roll, shown=False)  # the level event states the die
            turn.say("The expedition is done.")
            turn.emit(*result.events)

    # -- items ------------------------------------------------------------------------------
    def use_item(self, turn: Turn, item_id: str, target_words: tuple[str, ...], actor: str = PLAYER) -> bool:
        """A Gift is invoked (it costs HP; an NPC's combat Gift always hits the player); an Exotica not
        yet identified is a risk in the player's hands."""
        world = turn.world
        item = world.item(item_id)
        if actor != PLAYER:
            return item.kind == "gift" and self._npc_gift(turn, actor, item_id)
        if item.kind == "gift":
            gifts.invoke(self.system, turn, item_id, target_words)
            return True
        if item.kind == "exotica" and item.true_name and item_id not in world.state.identified:
            return gifts.risky_use(turn, item_id, target_words)
        return False

    def _npc_gift(self, turn: Turn, npc_id: str, item_id: str) -> bool:
        """An NPC's Gift (:func:`gifts.npc_gift`), unless the player's Gift holds it still and it would strike."""
        if "heal" in turn.world.item(item_id).effect or not fight.held_back(turn, npc_id):
            gifts.npc_gift(self.system, turn, npc_id, item_id)
        return True

    def take_refusal(self, turn: Turn, item_id: str) -> str | None:
        """Nobody carries more than 20 slots; with psyche slots, no more Gifts than PSY allows."""
        world = turn.world
        system = self.system
        item = world.item(item_id)
        if item.kind == "food" and item.rations:
            adding = carried_slots(system, world, food=world.state.food + item.rations) - carried_slots(system, world)
        else:
            adding = item_slot_cost(system, world, item_id)
        if item.kind == "gift" and system.gifts == "psyche-slots":
            held = sum(1 for i in world.carried() if world.item(i).kind == "gift")
            room = system.gift_capacity(player_of(world))
            if held >= room:
                return f"Your mind has no room for another Gift (psyche slots: {room})."
        used = slots_used(system, world)
        if adding > 0 and used + adding > MAX_CARRY:
            return (f"You cannot carry the {world.item_name(item_id)}: nobody carries more than {MAX_CARRY} "
                    f"slots, and you fill {used}.")
        return None

    # -- rest, harm and healing ----------------------------------------------------------------
    def rest(self, turn: Turn, kind: str, fed: bool) -> None:
        """Seed 001 §Wounds and Healing: short d8 + CON; long all HP or one wound; Deprived, nothing.

        Depleted abilities come back one point on a long rest, at most once a day.
        """
        world = turn.world
        sync(self.system, turn, announce=False)
        sheet = player_of(world)
        choice = moment_of(world).rest_choice or "auto"
        update_moment(world, rest_choice="")
        result = wounds.rest(sheet, kind, fed, turn.dice, choice if kind == "long" else "auto",
                            restore_wound_losses=self.system.wound_losses_heal)
        new = result.sheet
        events: list[Event] = [e for e in result.events if fed or not isinstance(e, vaarn_events.RestWasted)]
        if kind == "long" and fed and sheet.depleted:
            if sheet.restored_day == world.state.day:
                new = dataclasses.replace(new, abilities=sheet.abilities, depleted=sheet.depleted)
                events = [e for e in events if not isinstance(e, vaarn_events.AbilitiesRecovered)]
            else:
                new = dataclasses.replace(new, restored_day=world.state.day)
        world.state.player = new
        for roll in result.rolls:
            turn.show_roll("rest", roll, shown=False)  # the rest's own event states the die
        turn.emit(*events)

    def harm(self, turn: Turn, damage: str, label: str) -> None:
        world = turn.world
        change = self.system.harm(player_of(world), damage, turn.dice)
        world.state.player = change.sheet
        for roll in change.rolls:
            turn.show_roll(label, roll)
        turn.emit(*change.events)
        settle_player(turn)


def make_play(system: VaarnSystem) -> VaarnPlay:
    return VaarnPlay(system)
