"""Open Adventures in play (seed 000): the dice pool is the turn.

Out of a fight every command is a turn of its own: the dice refresh (pool less
fatigue) before each action, a check commits all its attribute allows, and a
check that needs several successes adds them up while the player repeats it
with nothing else between.  In a fight the player's turn lasts several
commands: each action spends dice from the pool (no more per turn on an
attribute than its value), and the turn ends when the player says so (``end``,
``defend``, ``wait``, ``recover``) or the dice run out; then the hostile NPCs
spend their own pools, and the dice the player kept defend.  The hooks:

- :meth:`perform` refreshes the dice outside a fight;
- :meth:`check` spends dice on a check and keeps the progress of long checks;
- :meth:`exchange` spends the attacker's Fight or Shoot dice, the player's or an NPC's
  (the player's melee needs the target beside them);
- :meth:`finish_round` waits while a fight turn goes on; then the NPCs act through the
  round template: the policy chooses a deed, :meth:`strikes`
  (:mod:`~game.systems.open_adventures.fight`) spends the NPC's pool; then a new turn
  (fatigue's toll, forced rest turns while collapsed);
- :meth:`on_enter_room` (a new room: a fresh turn, hostiles 6" away), :meth:`rest`.

The verbs (``move``, ``end``, ``defend``, ``push``, ``recover``) are in
``open_adventures_verbs``; the turn record in ``open_adventures_turn``.  Rules
and play report what happens as events, worded by
:class:`~game.systems.open_adventures.narration.OpenAdventuresNarrator`.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import TYPE_CHECKING

from game.actions import YES_NO
from game.events import PLAYER
from game.parser import ParseError, parse, phrases_of
from game.play import living
from game.play.base import BasePlay, OwnVerbs, Use
from game.rules.base import AttackResult, RollResult, Situation, Weapon
from game.systems.open_adventures.dice import PoolRequest, exit_successes
from game.systems.open_adventures.events import Pushed
from game.systems.open_adventures.fight import can_use, exchange, strikes
from game.systems.open_adventures.narration import OpenAdventuresNarrator, dice_word
from game.systems.open_adventures.pool import collapsed
from game.systems.open_adventures.rules import OASheet, OpenAdventures, reach_of
from game.systems.open_adventures.sheet import NO_PROGRESS
from game.systems.open_adventures.turn import (
    START_DISTANCE,
    attribute_for,
    choose_dice,
    dice_line,
    distance,
    engaged_with_any,
    fresh_turn,
    hero,
    hostiles,
    in_fight,
    set_distance,
    set_hero,
    set_turn,
    the,
    turn_of,
    turn_start_line,
    usable,
)
from game.systems.open_adventures.verbs import HELP, VERBS, register

if TYPE_CHECKING:
    from game.actions import ActionRegistry, Handler, Turn
    from game.parser import Command
    from game.world.world import World

#: Commands that end or pass a fight turn; they do not break a check in progress.
PASSING_VERBS = ("end", "defend", "wait")
#: Checks a player may repeat to add up successes (seed 000 §2 Skill Checks); others are one roll.
REPEATABLE = ("search", "force", "identify")
#: House rule: how long a knocked-out character lies senseless when nobody finishes it.
KNOCKED_OUT_MINUTES = 60
#: The most rounds a collapsed player can lie helpless in one command (a safety stop).
MAX_HELPLESS_ROUNDS = 30


class OpenAdventuresPlay(BasePlay[OpenAdventures]):
    """The pool economy at the prompt."""

    narrator_class = OpenAdventuresNarrator

    def __init__(self, system: OpenAdventures) -> None:
        super().__init__(system)
        self.registry: ActionRegistry | None = None

    # -- set-up ------------------------------------------------------------------------
    def own_verbs(self) -> OwnVerbs:
        """The system's own verbs: their words, what ``help`` adds, and their handlers."""
        return OwnVerbs(self._words(), tuple(self._help()), self._register)

    def _register(self, registry: ActionRegistry) -> None:
        self.registry = registry
        register(self, registry)

    def _words(self) -> Mapping[str, tuple[str, ...]]:
        return VERBS

    def _help(self) -> list[str]:
        return list(HELP)

    # -- checks --------------------------------------------------------------------------
    def check(self, turn: Turn, kind: str, difficulty: str, situation: Situation, label: str,
              numbers: Mapping[str, int]) -> RollResult:
        """Spend dice on a check; long checks add up over repeated attempts (seed 000 §2 Skill Checks)."""
        if label == "flee":
            return self.break_away_roll(turn, situation)
        world = turn.world
        target = numbers.get(self.system.id)
        if target is not None:
            situation = dataclasses.replace(situation, target=target)
        task = f"{world.state.room}:{label}:{kind}:{difficulty}" if label in REPEATABLE else ""
        self._forget_interrupted(turn, task)
        count = choose_dice(self, turn, attribute_for(kind), situation.commit)
        situation = dataclasses.replace(situation, commit=count)
        sheet = hero(world)
        before = sheet.progress.successes if task and sheet.progress.task == task else 0
        request = self.system.check_request(sheet, kind, difficulty, situation, task)
        turn.requests.append((label, request))
        outcome = self.system.perform_check(sheet, kind, difficulty, situation, turn.dice, task)
        world.state.player = outcome.sheet if task else dataclasses.replace(outcome.sheet, progress=NO_PROGRESS)
        self._note_push(turn, outcome.commitment.pushed)
        turn.show_roll(label, outcome.roll)
        if task and outcome.need > 1 and (before or not outcome.done):
            line = f"Progress: {min(outcome.successes, outcome.need)} of {outcome.need} successes"
            line += f" (with {before} from before)." if before else "."
            if not outcome.done:
                line += " Do the same again to keep at it; anything else in between loses it."
            turn.say(line)
        goes_on = bool(task) and not outcome.done
        set_turn(world, progress_at=len(world.state.log) if goes_on else -1)
        return dataclasses.replace(outcome.roll, goes_on=goes_on)  # kept for the next try

    def _forget_interrupted(self, turn: Turn, task: str) -> None:
        """Drop an unfinished check when another action came between (seed 000 §2 Skill Checks)."""
        world = turn.world
        progress, since = hero(world).progress, turn_of(world).progress_at
        if not progress.task:
            return
        between = world.state.log[since + 1:] if since >= 0 else ["?"]
        if progress.task != task or any(not _passing(text, self.verbs()) for text in between):
            set_hero(world, progress=NO_PROGRESS)

    def break_away_roll(self, turn: Turn, situation: Situation) -> RollResult:
        """``flee``: Move dice to reach an exit, 1 success, 2 when engaged (house rule)."""
        world = turn.world
        need = exit_successes("engaged" if engaged_with_any(world) else "near") if in_fight(world) else 0
        count = choose_dice(self, turn, "move", situation.commit)
        request = PoolRequest(count, need, "Move", "seed 000 §1 Move")
        turn.requests.append(("break away", request))
        outcome = self.system.move(hero(world), need, dataclasses.replace(situation, commit=count), turn.dice)
        world.state.player = outcome.sheet
        self._note_push(turn, outcome.commitment.pushed)
        turn.show_roll("break away", outcome.roll)
        return outcome.roll

    def _note_push(self, turn: Turn, pushed: bool) -> None:
        if pushed:
            set_turn(turn.world, pushing=True)
            turn.emit(Pushed(PLAYER, hero(turn.world).fatigue))

    # -- fighting --------------------------------------------------------------------------
    def exchange(self, turn: Turn, attacker: str, defender: str, weapon: Weapon,
                 situation: Situation) -> AttackResult[OASheet] | None:
        """Fight or Shoot dice from the attacker's pool; successes are damage that cannot be split
        (:func:`~game.systems.open_adventures.fight.exchange`)."""
        return exchange(self, turn, attacker, defender, weapon, situation)

    def strikes(self, turn: Turn, actor: str, mode: str, weapon: Weapon | None = None) -> list[Weapon]:
        """An NPC's turn on its own pool: closing in on Move dice first when it must
        (:func:`~game.systems.open_adventures.fight.strikes`)."""
        return strikes(self, turn, actor, mode, weapon)

    def closing_in(self, world: World, npc_id: str, weapon: Weapon) -> str | None:
        """``move to NPC`` while the target of a melee weapon is out of its reach (seed 000 §1
        Move: Move dice, 6" a success); None for a ranged weapon or a target within reach: at
        your side, or as far as a reach weapon strikes (§2 Close Combat: "unless you have a weapon
        that allows melee attacks from longer range"; ``[items.X.stats.open_adventures] reach``,
        in inches)."""
        if weapon.ranged or distance(world, npc_id) <= reach_of(weapon):
            return None
        return f"move to {the(world, npc_id)}"

    def natural_weapon(self, sheet: OASheet) -> Weapon:
        return Weapon(name="natural weapons", damage="d6")

    # -- the NPCs' turn (the round template; see open_adventures.fight) -----------------------------
    def player_spared(self, turn: Turn) -> None:
        """Knocked out and left by the foe: you come round an hour later (:meth:`_come_round`)."""
        if self.system.condition(hero(turn.world)) == "down":
            self._come_round(turn)

    def morale_broken(self, turn: Turn, npc_id: str) -> bool:
        """The house rule of every system without one (:func:`living.will_breaks`): a Will roll
        of the NPC's fresh dice, not what its turn left it."""
        return living.will_breaks(self, turn, npc_id, self.system.start_turn)

    def may_use(self, turn: Turn, actor: str, item_id: str, purpose: str) -> Use:
        """As a weapon would be, from where the NPC stands (:func:`~game.systems.open_adventures.fight.can_use`)."""
        return Use.YES if can_use(turn, actor, item_id, purpose) else Use.NO

    # -- the flow of the turn ------------------------------------------------------------------
    def perform(self, turn: Turn, command: Command, handler: Handler) -> None:
        """Outside a fight each action is a turn of its own: the dice refresh first.  Collapsed
        in a fight, a turn can only be rest (seed 000 §2 Pushing and Fatigue): the command that
        takes time is that rest turn, said so, one round a command."""
        world = turn.world
        if not turn_of(world).fight:
            fresh_turn(world, fight=False)
        set_turn(world, arrived=False, push_now=False)
        sheet = hero(world)
        if command.verb != "recover" and collapsed(sheet) and in_fight(world) \
                and self.system.condition(sheet) == "ok":
            turn.say("Collapsed, you can only rest this turn.")
            self._rest_turn(turn)
            set_turn(world, ended=True)
            turn.spend(1)
            return
        handler(turn, command)

    def finish_round(self, turn: Turn) -> None:
        """The NPCs act only when the player's turn is over (:meth:`_turn_over`); then a new turn
        begins (:meth:`_new_turn`)."""
        if not self._turn_over(turn):
            return
        super().finish_round(turn)
        self._new_turn(turn)

    def _turn_over(self, turn: Turn) -> bool:
        """False while the player's fight turn goes on: dice left and not ended."""
        world = turn.world
        record = turn_of(world)
        if world.state.status != "playing" or record.arrived or not in_fight(world):
            return True
        if not record.fight:
            set_turn(world, fight=True)
        sheet = hero(world)
        if record.ended or collapsed(sheet) or self.system.condition(sheet) != "ok":
            return True
        if _waited(turn):
            turn.say(f"You wait, {dice_word(sheet.dice_left)} kept to defend.")
            return True
        if usable(sheet) == 0 and not record.pushing:
            if sheet.reserve:
                turn.say(f"The rest of your dice ({sheet.reserve}) are held to defend.")
                return True
            if self.system.rules.spent_dice == "turn-ends":
                turn.say("Your dice are spent for this turn.")
                return True
            # seed 000 §Pushing and Fatigue: more actions than the pool allows, each +1 fatigue
            set_turn(world, acted=True)
            turn.say("Your dice are spent: push a command past your pool (e.g. \"push attack\", +1 fatigue), "
                     "or end the turn.")
            return False
        set_turn(world, acted=True)
        turn.say(dice_line(world))
        return False

    def _new_turn(self, turn: Turn) -> None:
        """A new turn: fatigue takes its dice.  Collapsed in a fight, the player's turns can only
        be rest (seed 000 §2 Pushing and Fatigue), but each is the player's own command
        (``recover``): the game never plays the player's rounds for them."""
        world = turn.world
        was_fight = turn_of(world).fight
        if world.state.status != "playing" or self.system.condition(hero(world)) == "dead":
            return
        fight = in_fight(world)
        if self.system.condition(hero(world)) == "down":
            if not fight:
                self._come_round(turn)
            return
        fresh_turn(world, fight=fight)
        if not fight:
            if was_fight:
                turn.say("The fight is over.")
            self._recover_out_of_fight(turn)
            return
        sheet = hero(world)
        if not collapsed(sheet):
            turn.say(turn_start_line(world))
            return
        turn.say(f"Your fatigue ({sheet.fatigue}) has reached your pool ({sheet.pool}): you have "
                 f"collapsed, and this turn you can only rest (recover).")

    def _come_round(self, turn: Turn) -> None:
        """House rule: knocked out with nobody to finish you, you come round an hour later
        with one die in your pool."""
        world = turn.world
        set_hero(world, pool=1)
        fresh_turn(world, fight=False)
        turn.spend(KNOCKED_OUT_MINUTES)
        turn.say("You lie senseless for an hour, then come round with a single die in your pool.")

    def _rest_turn(self, turn: Turn) -> None:
        """One rest turn (seed 000 §2 Recovering Fatigue): a die per fatigue point, shown."""
        world = turn.world
        result = self.system.rest(hero(world), "short", True, turn.dice)
        world.state.player = result.sheet
        for roll in result.rolls:
            turn.show_roll("rest turn", roll)
        turn.emit(*result.events)

    def _recover_out_of_fight(self, turn: Turn) -> None:
        """Collapsed outside a fight: rest turns until fatigue is below the pool."""
        world = turn.world
        if not collapsed(hero(world)):
            return
        turn.say("You collapse, and lie gasping until you can stand again.")
        for _ in range(MAX_HELPLESS_ROUNDS):
            if not collapsed(hero(world)):
                break
            self._rest_turn(turn)
            turn.spend(1)
        fresh_turn(world, fight=False)

    def on_enter_room(self, turn: Turn) -> None:
        """A new room: a fresh turn, and any hostiles here start near (6", house rule)."""
        world = turn.world
        fresh_turn(world, fight=False)
        set_turn(world, arrived=True)
        for npc_id in hostiles(world):
            set_distance(world, npc_id, START_DISTANCE)

    # -- rest, harm and healing ------------------------------------------------------------------
    def rest(self, turn: Turn, kind: str, fed: bool) -> None:
        """``rest short``: rest turns until no fatigue is left; ``rest long``: hours (house rule)."""
        world = turn.world
        if kind == "long":
            result = self.system.rest(hero(world), "long", fed, turn.dice)
            world.state.player = result.sheet
            turn.emit(*result.events)
        elif hero(world).fatigue == 0:
            turn.say("You rest an hour; you were not tired.")
        else:
            turn.say("You rest an hour, a turn at a time:")
            for _ in range(MAX_HELPLESS_ROUNDS):
                if hero(world).fatigue == 0:
                    break
                self._rest_turn(turn)
        fresh_turn(world, fight=False)


def _passing(text: str, verbs: Mapping[str, tuple[str, ...]]) -> bool:
    """Whether a logged command passes the turn rather than acting (an answer word counts too)."""
    if text in YES_NO:
        return True
    try:
        command = parse(text, phrases_of(verbs))
    except ParseError:
        return True
    return command is None or command.verb in PASSING_VERBS


def _waited(turn: Turn) -> bool:
    """Whether the action under way is the engine's ``wait`` (which ends a fight turn), nothing rolled."""
    return turn.command is not None and turn.command.verb == "wait" and not turn.rolls


def make_play(system: OpenAdventures) -> OpenAdventuresPlay:
    return OpenAdventuresPlay(system)
