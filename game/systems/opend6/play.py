"""OpenD6 (seed 002) at the table: hidden difficulties, the Wild Die, points, wounds.

What this system changes in play (every choice in ``docs/rules/opend6.md``):

- checks: the difficulty is hidden and hinted at in the narration; the roll
  is shown without it (``odds`` still tells the exact chance); the Wild Die's
  explosion and its critical failure are narrated, and a complication sets
  the player back 1D on their next action;
- Fate Points (``fate``, before a roll: twice the dice) and Character Points
  (asked for after a failed roll that one more die could save; ``points
  off`` stops the question); points come back when the adventure is won;
- attacks through the rule module's pieces with the same treatment, NPC
  attacks resisted in the armor the player carries;
- the end of each round (each action that takes time): stuns wear off, the
  mortally wounded roll to stay alive.

The helpers live in ``opend6_rolls`` (the action roll), ``opend6_fight``
(attacks, harm, rounds) and ``opend6_points`` (verbs, the end of the adventure);
what lasts a round is the moment (``game.systems.opend6.types.D6Moment``), and
what happens is told as events worded by ``game.systems.opend6.narration``.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import TYPE_CHECKING

from game.actions import SheetView
from game.actions.combat import report_attack
from game.actions.scope import Ambiguous, Misspelt, Orphan
from game.errors import ActionRefused
from game.events import PLAYER
from game.play.base import BasePlay, OwnVerbs
from game.rules.base import AttackResult, RollResult, Situation, Weapon
from game.systems.opend6 import fight, points, rolls
from game.systems.opend6 import round_start as initiative
from game.systems.opend6.codes import difficulty_band
from game.systems.opend6.events import ActionLost
from game.systems.opend6.narration import OpenD6Narrator
from game.systems.opend6.roll import D6Request, hidden
from game.systems.opend6.rolls import player_of
from game.systems.opend6.rules import OpenD6
from game.systems.opend6.types import D6Sheet

if TYPE_CHECKING:
    from game.actions import ActionRegistry, Handler, Turn
    from game.parser import Command
    from game.world.world import World

#: The natural weapon of an NPC that carries none, by creature type (``D6Sheet.creature``).
NATURAL_WEAPONS: dict[str, str] = {
    "synthetic": "its crackling limbs", "fungal": "its stinging threads", "mineral": "its stone fists",
}
#: What any other creature strikes with, and the damage of every natural weapon.
CLAWS, NATURAL_DAMAGE = "its teeth and claws", "d6"
HEROIC_DIFFICULTIES = ("hard", "extreme", "legendary")
#: What an incapacitated or mortally wounded player can still do (house rule); ``points`` too, as
#: the seed lets a Character Point be spent on any roll (§Improving Rolls), staying alive included.
WHILE_DOWN = ("rest", "wait", "eat", "drink", "use", "points")


def named_item(turn: Turn) -> tuple[str, ...]:
    """The id and kind of the item the player's command names (its object), if it names one."""
    command, referent = turn.command, turn.referent
    if command is None or not command.words or referent is None or referent[0] != "item":
        return ()
    return (referent[1], turn.world.item(referent[1]).kind)


class OpenD6Play(BasePlay[OpenD6]):
    """The OpenD6 economy in play."""

    narrator_class = OpenD6Narrator

    def __init__(self, system: OpenD6) -> None:
        super().__init__(system)
        self._registry: ActionRegistry | None = None
        # Body Points are counted as HP are (half or below); under Wounds, wounded at all.
        self.badly_hurt_at = 0.5 if system.damage == "body-points" else 1.0

    # -- set-up ---------------------------------------------------------------------
    def own_verbs(self) -> OwnVerbs:
        """The system's own verbs: their words, what ``help`` adds, and their handlers."""
        return OwnVerbs(self._words(), tuple(self._help()), self._register)

    def _words(self) -> Mapping[str, tuple[str, ...]]:
        return points.VERBS

    def _register(self, registry: ActionRegistry) -> None:
        self._registry = registry
        registry.register("fate", self._fate,
                          summary="fate [ACTION]: spend a Fate Point: twice the dice on your next roll (fate off: keep it)")
        registry.register("points", points.points,
                          summary="points [on|off]: your Character and Fate Points; ask to spend them after a near miss?")

    def _fate(self, turn: Turn, command: Command) -> None:
        if self._registry is None:
            raise RuntimeError("fate runs only through the registry it was registered in")
        points.fate(turn, command, self._registry)

    def _help(self) -> list[str]:
        damage = ("Wounds: a hit is resisted with a Physique roll, and each wound costs dice on later rolls"
                  if self.system.damage == "wounds" else
                  "Body Points: damage comes off your Body Points; at 0 you fall, at -10 you die")
        return [
            ("OpenD6: you roll your die code (3D+1 is three dice plus 1). One die is the Wild Die: a 6 adds"
             " and rolls again, a 1 on its first roll brings a complication."),
            "  The difficulty is hidden: the narration hints at it, and odds gives the exact chance.",
            ("  Each round of a fight starts with initiative: you and your foes roll Perception, and"
             " foes that roll higher act before you."
             if self.system.initiative == "perception" else "  In a fight you act first each round, then your foes."),
            ("  After a failed roll your Character Points could still save (a die each), you may spend one"
             " (yes or no; points off stops the question). fate before an action doubles its dice."),
            ("  points spend sets one aside for your next roll (points spend damage, points spend resist for"
             " your next damage or resistance roll); points improve SKILL raises a skill (or a specialization,"
             " at half the cost) when no foe is ready."),
            f"  Damage: {damage}.",
        ]

    def sheet_view(self, world: World) -> SheetView:
        """The sheet, then a Fate Point armed or a complication pending (they live in the moment).
        Down, only a fed long rest heals a wound level (house rule, docs/rules/opend6.md)."""
        view = super().sheet_view(world)
        more = self.system.moment_lines(rolls.moment_of(world.state), PLAYER)
        return view._replace(lines=(*view.lines, *more), long_rest_to_rise=True)

    # -- checks ---------------------------------------------------------------------
    def _request(self, turn: Turn, kind: str, difficulty: str, situation: Situation,
                      numbers: Mapping[str, int]) -> D6Request:
        """The check's request: a specialization covering the kind, or the item the command names
        (``identify lens``: its id and kind), is rolled instead of the skill."""
        target = numbers.get(self.system.id)
        if target is not None:
            situation = dataclasses.replace(situation, target=target)
        return self.system.check_request(player_of(turn.world.state), kind, difficulty, situation, named_item(turn))

    def check(self, turn: Turn, kind: str, difficulty: str, situation: Situation, label: str,
              numbers: Mapping[str, int]) -> RollResult:
        """A player check: hint, Fate, hidden difficulty, Character Points, the Wild Die."""
        system = self.system
        request = self._request(turn, kind, difficulty, situation, numbers)
        number = int(request.difficulty or 0)
        rolls.hint(turn, rolls.SUBJECTS.get(kind, "This"), number)
        heroic = difficulty_band(number) in HEROIC_DIFFICULTIES or self._in_a_fight(turn)
        request = rolls.prepare(turn, system, request, heroic)
        turn.requests.append((label, request))
        result = hidden(system.roll(request, turn.dice))
        result = rolls.offer_character_points(turn, system, label, request, result)
        turn.show_roll(label, result)
        turn.emit(*rolls.wild_die_events(result, system.wild_one, PLAYER, kind,
                                            setback=system.complication == "setback"))
        rolls.set_back(turn, PLAYER, result, system)
        return result

    @staticmethod
    def _in_a_fight(turn: Turn) -> bool:
        world = turn.world
        return any(world.hostile(n) and world.npc_condition(n) == "ok" for n in world.living_npcs_in())

    # -- fighting -------------------------------------------------------------------
    def exchange(self, turn: Turn, attacker: str, defender: str, weapon: Weapon,
                 situation: Situation) -> AttackResult[D6Sheet]:
        """One attack either way (:func:`fight.exchange`), its rolls shown and its events told."""
        result = fight.exchange(turn, self.system, attacker, defender, weapon, situation)
        report_attack(turn, attacker, defender, result, weapon)
        return result

    def natural_weapon(self, sheet: D6Sheet) -> Weapon:
        """What an NPC carrying no weapon strikes with, by its creature type."""
        return Weapon(name=NATURAL_WEAPONS.get(sheet.creature, CLAWS), damage=NATURAL_DAMAGE)

    def perform(self, turn: Turn, command: Command, handler: Handler) -> None:
        """The player's action, after the round's initiative: foes that beat the player act first.

        House rule: incapacitated or mortally wounded, you can only rest, wait, eat, drink or
        use something.  See :mod:`game.systems.opend6.round_start` for the round.
        """
        if self.system.condition(player_of(turn.world.state)) == "down" and command.verb not in WHILE_DOWN:
            raise ActionRefused("You are too badly hurt: you can only rest, wait, eat, drink, use something "
                                "or spend points until your wounds are tended.")
        initiative.round_over(turn)  # a round left open by an action that took no time
        foes = initiative.round_foes(turn) if self.system.initiative == "perception" else []
        if not foes or not initiative.takes_a_round(turn, command, handler):
            handler(turn, command)
            return
        ahead = initiative.open_round(self, turn, foes).ahead_of(PLAYER)
        world = turn.world
        for npc_id in ahead:
            if world.state.status != "playing" or self.system.condition(player_of(world.state)) != "ok":
                break
            self.npc_turn(turn, npc_id)
            initiative.acted(turn, npc_id)
        if world.state.status != "playing" or self.system.condition(player_of(world.state)) != "ok":
            turn.emit(ActionLost())
            turn.spend(1)
            return
        try:
            handler(turn, command)
        except (Ambiguous, Misspelt, Orphan):
            raise  # questions: the engine asks, and the answer replays the round on the same dice
        except ActionRefused as refusal:
            if not rolls.moment_of(world.state).acted(world.state.turn):
                raise
            turn.emit(ActionLost(str(refusal)))  # overtaken by the foes' actions: the round stands
            turn.spend(1)


    # -- the flow of time -------------------------------------------------------------
    def finish_round(self, turn: Turn) -> None:
        """The NPCs here that have not acted yet this round (those that won initiative did) act, in
        this round's initiative order.  Then the end of the round: a complication lapses, stuns
        and mortal wounds run on, the action's Fate Point is spent out, and a won adventure gives
        its points."""
        self.arrivals(turn)
        here = [n for n in turn.world.living_npcs_in() if not initiative.has_acted(turn, n)]
        self.npc_phase(turn, initiative.in_order(turn, here))
        rolls.shake_off(turn)
        fight.end_round(turn, self.system)
        rolls.action_over(turn)
        initiative.round_over(turn)
        points.award_if_won(turn, self.system)

    # -- harm ------------------------------------------------------------------------
    def harm(self, turn: Turn, damage: str, label: str) -> None:
        fight.harm(turn, self.system, damage, label)


def make_play(system: OpenD6) -> OpenD6Play:
    return OpenD6Play(system)
