"""BIND (seed 003) at the table: the hooks of :class:`~game.play.base.BasePlay` for its economy.

- checks (:mod:`game.systems.bind.checks`): the TN chart, ties asked at the prompt,
  one roll only, resting actions, teamwork, resisted actions, dangers;
- fights (:mod:`game.systems.bind.fight`): one roll of the player's decides each
  exchange, attacking and defending; Fatigue; saving a life at 0 HP;
- the body and the world (:mod:`game.systems.bind.world`): weight and encumbrance,
  intervals, healing, rests, downtime, region encounters;
- advancement (:mod:`game.systems.bind.training`): XP for the foes beaten, awarded at
  downtime and spent with ``train``;
- verbs: ``sneak DIR`` (a resisted action), ``downtime`` and ``train``.

**The round** follows the template of :class:`~game.play.base.BasePlay`: the
player acts, then each NPC's policy chooses, and its attack, through
:meth:`BindPlay.exchange`, is the player's defence roll (a tie is asked at the prompt like any
other: the engine reruns the whole action on the answer), then
:meth:`BindPlay.finish_round` closes the round.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from game.actions.combat import report_attack
from game.actions.movement import enter
from game.errors import ActionRefused
from game.parser import DIRECTION_WORDS
from game.play.base import BasePlay, OwnVerbs
from game.rules.base import AttackResult, RollResult, Situation, Weapon
from game.systems.bind import checks as bind_checks
from game.systems.bind import fight as bind_fight
from game.systems.bind import training as bind_advance
from game.systems.bind import world as bind_world
from game.systems.bind.narration import BindNarrator
from game.systems.bind.rules import BindSheet, BindSituation, BindSystem
from game.systems.bind.trade import BindPricing
from game.systems.bind.turn import cap, end_round, round_now, start_round, the
from game.text import join_names

if TYPE_CHECKING:
    from game.actions import ActionRegistry, Handler, Turn
    from game.parser import Command

VERBS: dict[str, tuple[str, ...]] = {
    "sneak": ("sneak", "creep", "slip"),
    "downtime": ("downtime", "recuperate", "convalesce"),
    "train": ("train", "advance", "improve"),
}

HELP = [
    "Under BIND every risky action is 2d6 + Attribute + Skill against a TN (7 unless the task says "
    "otherwise):",
    "  Above the TN succeeds; below fails, and the danger happens. Equal is a tie: you are asked whether "
    "to succeed and accept the danger (yes) or to fail without it (no).",
    "  One roll only: trying the same thing again gives the same result until something changes "
    "(another day, new gear in hand, a friend to help, another round of a fight).",
    "  Resting actions: with no foe about, search and identify roll one die with the other set to 6, "
    "and may be tried again and again; each try takes an hour.",
    "  Fights: one roll of yours decides each exchange, attacking or defending; the foe's ability is "
    "added to TN 7. Each round of fighting adds 1 Fatigue, and Fatigue above your HP is a penalty. "
    "At 0 HP you may yet be saved, but not with a foe standing over you.",
    "  Weight: each item heavier than your Strength encumbers you: -1 Speed a point, and as much "
    "Fatigue every interval on the move. A day has four intervals: rest short lasts one (6 hours), "
    "rest long a whole day. Wounds heal a quarter of your HP a week.",
    "  Friendly people in the room help with your checks (teamwork).",
    "  sneak DIR: slip past whoever bars the way (their Wits + Vigilance add to the TN).",
    "  downtime: a week at a settlement that heals everything; the foes you beat on the way give XP "
    "then, to spend on your Traits.",
    "  train [TRAIT]: in downtime, spend XP to raise a Trait a level (train alone lists the costs).",
]


class BindPlay(BasePlay[BindSystem]):
    """BIND's economy in play (see the module docstring)."""

    narrator_class = BindNarrator
    badly_hurt_at = 0.5  # an NPC heals at half its HP or below
    #: A rest lasts an interval (short) or a whole day (long).
    rest_lengths = bind_world.REST_MINUTES

    # -- set-up -------------------------------------------------------------------------
    def own_verbs(self) -> OwnVerbs:
        """The system's own verbs: their words, what ``help`` adds, and their handlers."""
        return OwnVerbs(self._words(), tuple(self._help()), self._register)

    def _words(self) -> Mapping[str, tuple[str, ...]]:
        return VERBS

    def _help(self) -> list[str]:
        lines = list(HELP)
        if self.system.action_points:
            lines.insert(5, "  Action points (an option of this adventure): 3 + Speed a round in a fight, less your "
                            "Encumbrance; each exchange, attacking or defending, costs your weapon's AP (2 to 4); "
                            "below 0 they are a penalty to every roll.")
        return lines

    def pricing(self) -> BindPricing:
        """The common value scale; haggling is resisted by the trader (:mod:`game.systems.bind.trade`)."""
        return BindPricing(self)

    def _register(self, registry: ActionRegistry) -> None:
        registry.register("sneak", self._sneak, summary="sneak DIR: slip past whoever bars the way (BIND)")
        registry.register("downtime", self._downtime,
                          summary="downtime: a week's rest at a settlement; the mission's XP (BIND)")
        registry.register("train", bind_advance.train,
                          summary="train [TRAIT]: in downtime, spend XP on a Trait's next level (BIND)")

    # -- checks -------------------------------------------------------------------------
    def situation(self, turn: Turn, **extra: Any) -> BindSituation:
        world = turn.world
        helper_sheets = tuple(bind_world.helper_sheet(world, n) for n in bind_world.helpers(world))
        return bind_world.situation(world, helper_sheets, **extra)

    def check(self, turn: Turn, kind: str, difficulty: str, situation: Situation, label: str,
              numbers: Mapping[str, int]) -> RollResult:
        return bind_checks.check(self, turn, kind, difficulty, situation, label, numbers)

    # -- fights -------------------------------------------------------------------------
    def exchange(self, turn: Turn, attacker: str, defender: str, weapon: Weapon,
                 situation: Situation) -> AttackResult[BindSheet]:
        """One exchange either way, decided by the player's one roll (:func:`bind_fight.exchange`)."""
        result = bind_fight.exchange(self, turn, attacker, defender, weapon, situation)
        report_attack(turn, attacker, defender, result, weapon)
        return result

    def natural_weapon(self, sheet: BindSheet) -> Weapon:
        """Teeth, claws, lashes: d4 (1D6 + Strength)."""
        return bind_world.NATURAL_WEAPON

    def player_spared(self, turn: Turn) -> None:
        """Left by the foe at 0 HP or less: the save-a-life roll at once (:func:`bind_fight.fallen`)."""
        bind_fight.fallen(self, turn)

    # -- the round ------------------------------------------------------------------------
    def perform(self, turn: Turn, command: Command, handler: Handler) -> None:
        """A new round begins (the foes standing here may be beaten in it: XP), then the player's
        action; an identify beating the TN widely also says what the thing does."""
        start_round(turn)
        bind_advance.note_foes(turn, bind_world.standing_hostiles(turn.world))
        bind_fight.start_ap(self, turn)
        handler(turn, command)
        if command.verb == "identify":
            bind_world.margin_insight(turn)
        if not turn.minutes:
            bind_fight.end_ap(turn)
            end_round(turn)  # no time passed: no NPC phase, the round is over

    def finish_round(self, turn: Turn) -> None:
        """The NPCs in the room act, but those the player already fought this round and those that
        just came: the player's roll decided the exchange with a foe they attacked; a region's
        encounter circles in the round it appears.  Then the end of the round: a fallen player's
        life, arms and load in step, the intervals crossed."""
        world = turn.world
        self.arrivals(turn)
        now = round_now(turn)
        self.npc_phase(turn, [n for n in world.living_npcs_in() if n not in now.fought and n not in now.arrived])
        # One roll only replaces the engine's "puzzled" mark: a quick study is remembered
        # (the memo), a study at rest may be taken up again (a resting action).
        world.state.puzzled.clear()
        bind_fight.fallen(self, turn)
        if world.state.status == "playing":
            world.state.player = bind_world.equip(world, self.system, bind_world.player_of(world))
        bind_world.pass_intervals(turn, turn.command.verb if turn.command else "")
        bind_advance.credit_defeats(turn)
        bind_fight.end_ap(turn)
        end_round(turn)

    # -- time and space -------------------------------------------------------------------
    def end_of_day(self, turn: Turn, day: int) -> None:
        bind_world.heal_a_day(turn)

    def on_enter_room(self, turn: Turn) -> None:
        bind_advance.leave(turn)
        bind_world.encounter(turn)
        world = turn.world
        for npc_id in world.living_npcs_in():
            if world.hostile(npc_id) and world.npc_condition(npc_id) == "ok":
                bind_world.arm_npc(world, self.system, npc_id)
        bind_advance.note_foes(turn, bind_world.standing_hostiles(world))
        if not round_now(turn).fought and bind_world.player_of(turn.world).ap <= 0:
            bind_fight.start_ap(self, turn)  # walking into a foe: this round's AP (option action_points)

    def take_refusal(self, turn: Turn, item_id: str) -> str | None:
        return bind_world.take_refusal(turn.world, item_id)

    # -- the system's own verbs -------------------------------------------------------------
    def _sneak(self, turn: Turn, command: Command) -> None:
        """sneak DIR: a resisted action (Dexterity + Stealth against TN 7 + the watchers' Wits + Vigilance)."""
        world = turn.world
        direction = command.direction
        if direction is None and len(command.words) == 1:
            direction = DIRECTION_WORDS.get(command.words[0])
        if direction is None:
            raise ActionRefused("Sneak which way? For example: sneak north.")
        exit_def = world.room.exits.get(direction)
        if exit_def is None or not world.exit_visible(world.state.room, exit_def):
            raise ActionRefused(f"You can't go {direction} from here.")
        if not world.exit_open(world.state.room, exit_def):
            raise ActionRefused(f"The way {direction} is locked.")
        watchers = [n for n in world.living_npcs_in() if world.npc_condition(n) == "ok"
                    and (world.hostile(n) or world.guards(n, direction))]
        if not watchers:
            raise ActionRefused(f"Nobody bars the way {direction}: just go {direction}.")
        names = join_names([the(world, n) for n in watchers])
        action = bind_checks.Action("sneak", world.exit_key(world.state.room, direction), "blow",
                                    opponents=tuple(watchers), opposing="perceive", failure_handled=True)
        situation = self.situation(turn)
        request = bind_checks.resisted(self.system, turn, "sneak", situation, action)
        result = bind_checks.check_action(self, turn, "sneak", situation, action, request)
        if result.outcome == "success":
            turn.say(f"You slip past {names} and away {direction}.")
            enter(turn, exit_def.to)
            return
        turn.say(f"{cap(names)} {'sees' if len(watchers) == 1 else 'see'} you.")
        for npc_id in watchers:
            state = world.npc_state(npc_id)
            if state.disposition != "hostile":
                state.disposition = "hostile"
                turn.say(f"{cap(the(world, npc_id))} turns on you!")
        turn.spend(1)

    def _downtime(self, turn: Turn, command: Command) -> None:
        """downtime: at a settlement with no foe about, a week that heals everything (seed 003 §Downtime)."""
        world = turn.world
        if not world.room.settlement:
            raise ActionRefused("Downtime needs a safe place to stay: a settlement.")
        foes = bind_world.standing_hostiles(world)
        if foes:
            raise ActionRefused(f"Not with {the(world, foes[0])} here.")
        bind_world.downtime(turn, self.system.downtime_free)
        bind_advance.award(turn)


def make_play(system: BindSystem) -> BindPlay:
    return BindPlay(system)
