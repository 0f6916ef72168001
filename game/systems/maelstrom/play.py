"""Maelstrom (seed 004) at the table: d10 pools, thresholds, botches, specialties, Willpower.

What this system changes in play (every choice in ``docs/rules/maelstrom.md``):

- checks: the pool of the kind's attribute + ability (talents, skills and
  knowledges at zero dots as the seed says: a knowledge at zero is refused,
  with the reason, unless the adventure allows a penalised attempt); the
  specialties that relate to the check (its kind, the item the command names,
  a foe at hand) roll bonus dice on tens; a missing advanced specialty is a
  threshold, and the roll line says why; a botch has a consequence in play;
- ``willpower``: readies a point of Willpower for the next check or attack
  (one automatic success, or the dice lost to wounds given back);
- combat (house rule): attack against reflexive evasion, damage against soak,
  the health track and its penalties; every combat roll says "house rule";
- incapacitated without a foe at hand, the player can only rest, wait, eat,
  drink or use something until they recover.

The helpers live in ``maelstrom_rolls`` (tags, Willpower, botches, armour) and
``maelstrom_fight`` (attacks).  What happens is emitted as events and worded by
:class:`~game.systems.maelstrom.narration.MaelstromNarrator`.  NPCs act through the
round template of :class:`~game.play.base.BasePlay` unchanged: Maelstrom has no
morale rule, and every attack, the player's or an NPC's, goes through :meth:`MaelstromPlay.exchange`.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import TYPE_CHECKING

from game.actions import SheetView
from game.actions.combat import report_attack
from game.errors import ActionRefused
from game.events import PLAYER
from game.events.notes import RuleNoted
from game.parser import ParseError, parse, phrases_of, tokenize
from game.play.base import BasePlay, OwnVerbs
from game.rules.base import RollResult, Situation, Weapon
from game.systems.maelstrom import fight, outcomes, rolls, ways
from game.systems.maelstrom import sheet as sheets
from game.systems.maelstrom.approaches import Approach
from game.systems.maelstrom.body import item_lbs, lift_limit
from game.systems.maelstrom.events import WillpowerHeldBack, WillpowerReadied, WillpowerUnused, WillpowerUse
from game.systems.maelstrom.narration import WILLPOWER_ARMED, MaelstromNarrator
from game.systems.maelstrom.pool import PoolRequest
from game.systems.maelstrom.rules import AttackOutcome, MaelstromSystem
from game.systems.maelstrom.sheet import MaelstromSheet

if TYPE_CHECKING:
    from game.actions import ActionRegistry, Handler, Turn
    from game.parser import Command
    from game.world.world import World

VERBS: dict[str, tuple[str, ...]] = {"willpower": ("willpower", "wp"), "approach": ("approach", "approaches")}
USES = {"success": WillpowerUse.SUCCESS, "automatic": WillpowerUse.SUCCESS, "wounds": WillpowerUse.WOUNDS,
        "wound": WillpowerUse.WOUNDS, "pain": WillpowerUse.WOUNDS}
OFF_WORDS = ("off", "cancel", "back")
#: What an incapacitated player can still do.
WHILE_DOWN = ("rest", "wait", "eat", "drink", "use", "willpower", "approach")


class MaelstromPlay(BasePlay[MaelstromSystem]):
    """The Maelstrom economy in play."""

    narrator_class = MaelstromNarrator

    def __init__(self, system: MaelstromSystem) -> None:
        super().__init__(system)
        self._registry: ActionRegistry | None = None
        #: The foes whose fight has been told to be a house rule (since start or load).
        self.fights_noted: set[str] = set()
        #: The player's evasions in the round under way (``fight.tiring``).
        self.evasions = fight.Evasions()
        #: The checks of the player's action under way, and the way its command named.
        self.checks = outcomes.ActionChecks()

    # -- set-up ---------------------------------------------------------------------
    def own_verbs(self) -> OwnVerbs:
        """The system's own verbs: their words, what ``help`` adds, and their handlers."""
        return OwnVerbs(self._words(), tuple(self._help()), self._register)

    def _words(self) -> Mapping[str, tuple[str, ...]]:
        return VERBS

    def _register(self, registry: ActionRegistry) -> None:
        self._registry = registry
        registry.register("willpower", self._willpower,
                          summary="willpower [wounds] [ACTION]: ready a point of Willpower for your next roll "
                                  "(willpower off: keep it)")
        # not an observation: a way chosen is part of the run (logged, undone, replayed); it takes no time
        registry.register("approach", lambda turn, command: ways.approach(turn, command, self.system),
                          summary="approach [CHECK WAY|ask]: your ways of forcing, climbing, fleeing, stealing and "
                                  "identifying, with their odds; choose one (Maelstrom)")

    def _help(self) -> list[str]:
        return [
            ("Maelstrom: you roll a d10 for each dot of an attribute and an ability. Each die at or above the"
             " difficulty (6 unless said) is a success, each 1 cancels one; more 1s than successes is a botch,"
             " and botches cost you something (a hurt, a dropped item, lost time)."),
            ("  A threshold takes successes away before the 1s count. A specialty that fits the action rolls a"
             " bonus die for every 10 (bonus dice never botch, and their 10s roll again); lacking an advanced"
             " specialty the action needs adds a threshold, and the roll says why."),
            ("  Skills at zero dots: the attribute alone at +1 difficulty. Knowledges at zero: you cannot try"
             f"{' (this adventure allows it at +2)' if self.system.untrained_knowledge == 'penalised' else ''}."),
            ("  willpower readies a point for your next check or attack: one automatic success (willpower wounds:"
             " your wound penalty ignored instead); willpower attack raider does it at once. A long rest gives"
             " a point back."),
            ("  Ways: force, climb, flee, steal and identify can each be done more than one way (force hatch"
             " with finesse, flee north by running). Asked the first time; approach lists and changes them."
             " Two successes or more get it done quickly; three or more do a really good job."),
            ("  Combat (house rule): your attack against the foe's Reflexes + Dodge; the margin adds damage dice;"
             " armour soaks; each health level past Bruised costs dice."),
        ]

    # -- checks ---------------------------------------------------------------------
    def _request(self, turn: Turn, kind: str, difficulty: str, situation: Situation,
                 numbers: Mapping[str, int], way: Approach | None = None) -> PoolRequest:
        """The pool for a player check, with the tags of what the action relates to, in ``way``."""
        target = numbers.get(self.system.id)
        if target is not None:
            situation = dataclasses.replace(situation, target=target)
        rolls.sync_armour(turn.world)
        return self.system.check_request(rolls.player_sheet(turn.world), kind, difficulty, situation,
                                         tags=rolls.check_tags(turn, kind), way=way)

    def check(self, turn: Turn, kind: str, difficulty: str, situation: Situation, label: str,
              numbers: Mapping[str, int]) -> RollResult:
        """The way (named, chosen before, or asked: :mod:`ways`), pool, readied Willpower, the roll
        (shown with its reasons), a botch's consequence; the result kept for what its successes buy."""
        def pool_of(way: Approach | None) -> PoolRequest:
            return self._request(turn, kind, difficulty, situation, numbers, way)

        way = ways.choose(turn, self.system, kind, label, self.checks.told, pool_of, first=not self.checks.made)
        request = dataclasses.replace(pool_of(way), alternatives=ways.alternatives(kind, way, self.system, turn,
                                                                                     pool_of))
        request = rolls.spend_readied(turn, self.system, request)
        turn.record(label, request)
        result = self.system.roll(request, turn.dice)
        turn.show_roll(label, result)
        self.checks.made.append((label, result))
        if result.outcome == "botch":
            rolls.botch_check(turn, self.system, kind)
        return result

    # -- fighting -------------------------------------------------------------------
    def exchange(self, turn: Turn, attacker: str, defender: str, weapon: Weapon,
                 situation: Situation) -> AttackOutcome:
        """One attack either way (:func:`fight.exchange`), told a house rule the first time with each foe."""
        self._note_fight(turn, defender if attacker == PLAYER else attacker)
        result = fight.exchange(turn, self.system, attacker, defender, weapon, situation, self.evasions)
        report_attack(turn, attacker, defender, result, weapon)
        return result

    def take_refusal(self, turn: Turn, item_id: str) -> str | None:
        """seed 004 §Strength: nobody carries more than their Strength lifts (house rule:
        10 lbs a slot; water and food are not weighed)."""
        world = turn.world
        sheet = rolls.player_sheet(world)
        load = sum(item_lbs(world.item(i).slots) for i in world.carried())
        adding = item_lbs(world.item(item_id).slots)
        limit = lift_limit(sheet)
        if adding and load + adding > limit:
            return (f"You cannot carry the {world.item_name(item_id)} as well: with Strength "
                    f"{sheet.dots('strength')} you lift {limit} lbs, and you carry {load}.")
        return None

    def _note_fight(self, turn: Turn, npc_id: str) -> None:
        """Say once a fight (the first exchange with a foe since the game was started or
        loaded) that combat is a house rule; the dice log cites it on every roll."""
        if npc_id in self.fights_noted:
            return
        self.fights_noted.add(npc_id)
        turn.emit(RuleNoted("maelstrom.combat", "(Combat is a house rule, the Maelstrom rules leaving it empty: "
                            "attack against Reflexes + Dodge, each later evasion in a round at -2 dice; the margin "
                            "adds damage dice, then soak.)"))

    def natural_weapon(self, sheet: MaelstromSheet) -> Weapon:
        return fight.natural_weapon(sheet)

    # -- the flow of time -------------------------------------------------------------
    def on_start(self, turn: Turn) -> None:
        rolls.sync_armour(turn.world)

    def perform(self, turn: Turn, command: Command, handler: Handler) -> None:
        """Armour in step first.  Incapacitated and spared (or alone), you can only recover: rest,
        wait, eat, drink, use, Willpower."""
        rolls.sync_armour(turn.world)
        if rolls.player_sheet(turn.world).condition == "down" and command.verb not in WHILE_DOWN:
            raise ActionRefused("You are incapacitated: you can only rest, wait, eat, drink or use something "
                                "until you recover.")
        command, told = ways.told_way(command)
        self.checks = outcomes.ActionChecks(told)
        before = turn.minutes
        handler(turn, command)
        outcomes.after_action(turn, self.system, self.checks, turn.minutes - before)
        rolls.sync_armour(turn.world)  # armour taken up or put down is worn, or not, at once

    # -- what the player reads of the sheet -----------------------------------------------
    def sheet_view(self, world: World) -> SheetView:
        """The system's health, ``armed`` while Willpower is readied; the sheet saying what it will do.
        Down, a short rest heals only bashing: a track with none needs the long rest (house rule)."""
        sheet, use = rolls.player_sheet(world), rolls.readied(world)
        return SheetView(self.system.health(sheet) + (" armed" if use is not None else ""),
                         tuple(sheets.sheet_lines(sheet, WILLPOWER_ARMED[use] if use is not None else "")),
                         long_rest_to_rise=sheet.health.bashing == 0)

    # -- Willpower --------------------------------------------------------------------
    def _willpower(self, turn: Turn, command: Command) -> None:
        """``willpower [success|wounds] [ACTION]``, ``willpower off``."""
        world = turn.world
        sheet = rolls.player_sheet(world)
        words = tokenize(command.raw)[1:]
        if words[:1] and words[0] in OFF_WORDS:
            if rolls.readied(world) is None:
                raise ActionRefused("No Willpower is readied.")
            rolls.ready(world, None)
            turn.emit(WillpowerHeldBack())
            return
        named = USES.get(words[0]) if words else None
        if named is not None:
            words = words[1:]
        use = named or WillpowerUse.SUCCESS
        action = self._action(words)
        if sheet.willpower_points < 1:
            raise ActionRefused("You have no Willpower left to spend (a long rest gives a point back).")
        if use is WillpowerUse.WOUNDS and not sheet.wound_penalty:
            raise ActionRefused("Your wounds cost you no dice now: there is nothing to ignore.")
        if action is None and rolls.readied(world) is use:
            raise ActionRefused("Your Willpower is already readied for your next roll (\"willpower off\" keeps it).")
        rolls.ready(world, use)
        if action is None:
            turn.emit(WillpowerReadied(use))
            return
        assert self._registry is not None
        spec = self._registry.get(action.verb)
        assert spec is not None
        spec.handler(turn, action)
        if rolls.readied(world) is not None:
            turn.emit(WillpowerUnused())

    def _action(self, words: list[str]) -> Command | None:
        """The action after ``willpower`` (``willpower attack raider``), or None."""
        if not words:
            return None
        try:
            action = parse(" ".join(words), phrases_of(VERBS))
        except ParseError as error:
            raise ActionRefused(str(error)) from None
        spec = self._registry.get(action.verb) if action is not None and self._registry else None
        if action is None or spec is None or spec.observe or action.verb in VERBS:
            raise ActionRefused("Ready Willpower before an action that rolls, e.g. \"willpower attack raider\", "
                                "or alone (\"willpower\", \"willpower wounds\") for your next roll.")
        action, self.checks.told = ways.told_way(action)
        return action


def make_play(system: MaelstromSystem) -> MaelstromPlay:
    return MaelstromPlay(system)
