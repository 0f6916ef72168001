"""Open Adventures (seed 000): the dice pool is the turn, the health and the defence.

The :class:`OpenAdventures` system implements the :class:`~game.rules.base.RuleSystem`
protocol.  Beyond the protocol the engine drives the pool economy with these
methods (all pure; each returns new sheets):

- :meth:`~OpenAdventures.start_turn` at the start of each of an actor's turns
  (fatigue takes dice from the pool that turn; per-attribute spending resets);
- :meth:`~OpenAdventures.max_commit`, :meth:`~OpenAdventures.default_commit` and
  :meth:`~OpenAdventures.commit` to spend dice on an attribute (pushing past the pool
  marks fatigue);
- :meth:`~OpenAdventures.perform_check` for a check that spends dice and accumulates
  successes over turns (the protocol's ``roll(check_request(...))`` only rolls);
- :meth:`~OpenAdventures.move` (6" a success) with :func:`band_successes` and
  :func:`exit_successes` for rooms and range bands;
- :meth:`~OpenAdventures.resist` (Will against stress or mind control);
- :meth:`~OpenAdventures.resolve_attack` (``attack`` with the defender's dice chosen) and
  :meth:`~OpenAdventures.defend`;
- :meth:`~OpenAdventures.collapsed`; ``rest(sheet, "short", ...)`` is the seed's rest turn.

Sheets are described in :mod:`game.systems.open_adventures.pool`; the rules and
house rules in ``docs/rules/open_adventures.md``.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from game.errors import ContentError, StatProblem, UsageError
from game.events import PLAYER, Event
from game.events.fight import Died, Fell
from game.rules.base import (
    DIFFICULTIES,
    AttackResult,
    Odds,
    RestResult,
    RollResult,
    SheetChange,
    Situation,
    Weapon,
    did_you_mean,
    share,
)
from game.rules.dice import Dice, roll_many
from game.rules.stat_spec import Stat, StatTable, ints
from game.systems.open_adventures.dice import (
    ACTION_ATTRIBUTES,
    ATTRIBUTES,
    DIFFICULTY_SUCCESSES,
    KIND_ATTRIBUTE,
    SYSTEM_ID,
    TIER_STATS,
    WEAPON_BONUS,
    AttackRequest,
    PoolRequest,
    attack_odds,
    band_successes,
    exit_successes,
    move_inches,
    odds,
    parse_request,
    roll,
)
from game.systems.open_adventures.events import (
    AttackMissed,
    DamageRolled,
    Defended,
    DiceCommitted,
    FatigueRecovered,
    LongRest,
    NpcHarmed,
    PastHelp,
    PoolLost,
    PoolRegained,
    ShakenUnhurt,
    Unharmed,
)
from game.systems.open_adventures.pool import (
    OPTIONS,
    Commitment,
    Rules,
    apply_damage,
    collapsed,
    commit,
    commit_defence,
    condition,
    default_commit,
    default_defence,
    long_rest,
    max_commit,
    record_progress,
    remaining_need,
    rest_turn,
    start_turn,
)
from game.systems.open_adventures.sheet import OASheet, OATurn, make_sheet, migrate_v1

SUMMARY = "Open Adventures: a d6 pool that is your turn, your defence and your health; 4+ succeeds, 6 counts twice."

__all__ = [
    "OPTIONS",
    "SUMMARY",
    "SYSTEM_ID",
    "AttackRequest",
    "CheckOutcome",
    "MoveOutcome",
    "ITEM_STATS",
    "NPC_STATS",
    "PLAYER_STATS",
    "OASheet",
    "OATurn",
    "OpenAdventures",
    "PoolRequest",
    "band_successes",
    "exit_successes",
    "make_system",
    "move_inches",
]

#: House rule (character creation): every attribute starts at 1 and the pool at 5.
CREATION_POOL = 5
CREATION_POINTS = 7
CREATION_CAP = 4
#: Stats a content table may give for a player, and their defaults when left out.
PC_DEFAULTS: dict[str, int] = {"move": 2, "fight": 2, "shoot": 2, "skill": 2, "will": 2, "defence": 2, "pool": 5}
#: The keys of ``[player.stats.open_adventures]``: whole numbers, the pool and Move at least 1
#: (seed 000 §1 Move: "at least 1, unless the character is some form of static contraption").
PLAYER_STATS: StatTable = {**ints(PC_DEFAULTS, 0), **ints(("move", "pool"), 1)}
#: The keys of ``[npcs.X.stats.open_adventures]`` (an NPC may be a contraption: Move 0).
NPC_STATS: StatTable = {**ints(TIER_STATS[1], 0), **ints(("pool", "hits"), 1)}
#: The keys of ``[items.X.stats.open_adventures]``: a weapon's damage ``bonus`` (the weapon house
#: rule) and the ``reach`` it strikes from, in inches.
ITEM_STATS: StatTable = {"bonus": Stat("int", 0), "reach": Stat("int", 0)}

RULE_FOR: dict[str, str] = {
    "move": "seed 000 §1 Move", "fight": "seed 000 §2 Close Combat Attacks",
    "shoot": "seed 000 §2 Ranged Attacks", "skill": "seed 000 §2 Skill Checks",
    "will": "seed 000 §1 Will", "defence": "seed 000 §2 Damage and Defence",
}


@dataclass(frozen=True)
class CheckOutcome:
    """A check performed: the sheet after it, the roll, and the accumulated progress."""

    sheet: OASheet
    roll: RollResult
    commitment: Commitment
    successes: int
    need: int
    done: bool


@dataclass(frozen=True)
class MoveOutcome:
    """A move performed: the sheet after it, the roll and the inches covered (6" a success)."""

    sheet: OASheet
    roll: RollResult
    commitment: Commitment
    inches: int


def _situational(count: int, situation: Situation) -> int:
    """House rule: advantage rolls one die more, disadvantage one fewer (neither costs pool)."""
    return max(0, count + int(situation.advantage) - int(situation.disadvantage))


def with_kind(count: int, weapon: Weapon, defender: OASheet) -> int:
    """House rule: ``count`` attack dice, one more against a creature that fears the weapon's kind of
    harm, one fewer (never below one) against one that resists it; neither costs pool."""
    if not count:
        return 0
    return max(1, count + {"fears": 1, "resists": -1}.get(weapon.harm_against(defender.creature), 0))


def _who(sheet: OASheet) -> str:
    """The actor id of a sheet when play did not name it: the player, or ``npc``."""
    return "npc" if sheet.npc else PLAYER


class OpenAdventures:
    """The Open Adventures rule system configured with an adventure's options."""

    id = SYSTEM_ID
    name = "Open Adventures"
    summary = SUMMARY
    seed = "000"

    def __init__(self, rules: Rules) -> None:
        self.rules = rules

    # -- the command line's requests -----------------------------------------------
    def parse_request(self, keys: Mapping[str, str]) -> PoolRequest:
        """``dice=N need=K`` -> :class:`PoolRequest`; UsageError naming a bad key."""
        return parse_request(keys)

    def odds(self, request: PoolRequest | AttackRequest) -> Odds:
        """Exact odds; successes counted by the same ``face_successes`` as :meth:`roll`.

        An :class:`AttackRequest` (made in play by :meth:`attack_odds_request`) gives
        the chance that an attack harms once the defender has rolled its defence.
        """
        if isinstance(request, AttackRequest):
            return attack_odds(request)
        return odds(request)

    def roll(self, request: PoolRequest, dice: Dice) -> RollResult:
        """Read exactly ``request.dice`` d6 faces in order and count successes."""
        return roll(request, dice)

    # -- sheets ----------------------------------------------------------------------
    def new_character(self, stats: Mapping[str, Any] | None, dice: Dice) -> OASheet:
        """A player sheet from ``[player.stats.open_adventures]``, or made by the creation house rule.

        Creation reads exactly seven d6: each gives a point to Move, Fight, Shoot,
        Skill, Will, Defence for 1..6 (from a base of 1, at most 4; a point that
        would pass 4 goes to the next attribute in that order).  The pool is 5.
        """
        if stats:
            values = _validated(stats, PLAYER_STATS, dict(PC_DEFAULTS), "player.stats.open_adventures")
            return make_sheet(values, values["pool"])
        attributes = {attribute: 1 for attribute in ATTRIBUTES}
        for face in roll_many(dice, CREATION_POINTS, 6):
            index = face - 1
            while attributes[ATTRIBUTES[index]] >= CREATION_CAP:
                index = (index + 1) % len(ATTRIBUTES)
            attributes[ATTRIBUTES[index]] += 1
        return make_sheet(attributes, CREATION_POOL)

    def sheet_from_data(self, data: Mapping[str, Any]) -> OASheet:
        """A sheet from saved data; ValueError naming the first bad field."""
        return OASheet.from_data(data)

    def sheet_to_data(self, sheet: OASheet) -> dict[str, Any]:
        return sheet.to_data()

    def moment_from_data(self, data: Mapping[str, Any]) -> OATurn | None:
        """The player's turn record ({} or the default record: None)."""
        moment = OATurn.from_data(data)
        return None if moment == OATurn() else moment

    def moment_to_data(self, moment: OATurn | None) -> dict[str, Any]:
        return {} if moment is None else moment.to_data()

    def migrate_v1(self, state: dict[str, Any]) -> dict[str, Any]:
        """Format 1 kept the turn record in the player's sheet (``turn``), each NPC's
        distance and name in its sheet: the record and the distances go to
        ``moment``, the dice held back to the player's ``reserve``, names are dropped."""
        return migrate_v1(state)

    def npc_sheet(self, tier: int, stats: Mapping[str, Any] | None, creature: str = "biological") -> OASheet:
        """An NPC block (Move..Defence, pool, hits) from its tier, overridden by its stat table."""
        if tier not in TIER_STATS:
            raise ContentError([f"tier must be 1 to 5 for {SYSTEM_ID}, not {tier!r}"])
        values = _validated(stats or {}, NPC_STATS, dict(TIER_STATS[tier]), "npc stats.open_adventures")
        return make_sheet(values, values["pool"], npc=True, hits=values["hits"], creature=creature)

    def carry_npc_state(self, saved: OASheet, fresh: OASheet) -> OASheet:
        return saved.with_definition_of(fresh)

    # -- the pool economy ----------------------------------------------------------------
    def start_turn(self, sheet: OASheet) -> OASheet:
        """Begin a turn: dice left = pool − fatigue; per-attribute spending resets."""
        return start_turn(sheet)

    def collapsed(self, sheet: OASheet) -> bool:
        """Fatigue ≥ pool: the character must rest turns until it is below (seed 000 §2)."""
        return collapsed(sheet)

    def max_commit(self, sheet: OASheet, attribute: str) -> int:
        """The most dice ``attribute`` could take now, pushing included."""
        return max_commit(sheet, attribute, self.rules)

    def default_commit(self, sheet: OASheet, attribute: str) -> int:
        """What an action commits when nobody chose: all the attribute allows, pushing only at 0 left."""
        return default_commit(sheet, attribute, self.rules)

    def commit(self, sheet: OASheet, attribute: str, count: int, task: str = "") -> tuple[OASheet, Commitment]:
        """Spend ``count`` dice on ``attribute``; ActionRefused past its limit this turn."""
        return commit(sheet, attribute, count, self.rules, task)

    # -- checks ---------------------------------------------------------------------------
    def check_request(self, sheet: OASheet, kind: str, difficulty: str, situation: Situation,
                      task: str = "") -> PoolRequest:
        """The roll a check would make: committed dice (situation.commit or the default)
        against the successes still needed (difficulty, or situation.target, less the
        progress of an unfinished attempt at the same task; seed 000 §2 Skill Checks)."""
        attribute = _attribute_for(kind)
        need = remaining_need(sheet, task or _task(kind, difficulty), _need(difficulty, situation))
        count = situation.commit if situation.commit is not None else default_commit(sheet, attribute, self.rules)
        return PoolRequest(_situational(count, situation), need, attribute.capitalize(), RULE_FOR[attribute])

    def perform_check(self, sheet: OASheet, kind: str, difficulty: str, situation: Situation, dice: Dice,
                      task: str = "") -> CheckOutcome:
        """Spend the dice, roll, and add the successes to the task's progress.

        Successes accumulate over turns until the check is done; any other action
        in between resets them (seed 000 §2 Skill Checks).  ``task`` names what is
        attempted (default ``kind:difficulty``).  ActionRefused when no dice can go.
        """
        task = task or _task(kind, difficulty)
        attribute = _attribute_for(kind)
        request = self.check_request(sheet, kind, difficulty, situation, task)
        spent, commitment = commit(sheet, attribute, _committed(sheet, attribute, situation, self.rules),
                                   self.rules, task)
        result = roll(request, dice)
        need = _need(difficulty, situation)
        after, total, done = record_progress(spent, task, int(result.figures["successes"]), need)
        return CheckOutcome(after, result, commitment, total, need, done)

    def resist(self, sheet: OASheet, strength: int, situation: Situation, dice: Dice,
               task: str = "resist") -> CheckOutcome:
        """Will against stress or mind control of ``strength`` successes (seed 000 §1 Will)."""
        return self.perform_check(sheet, "will", "normal", replace(situation, target=strength), dice, task)

    def move(self, sheet: OASheet, need: int, situation: Situation, dice: Dice) -> MoveOutcome:
        """Spend Move dice; each success is 6" (a 6 is 12"); succeeds on ``need`` successes
        (see :func:`band_successes`, :func:`exit_successes`; seed 000 §1 Move)."""
        count = _committed(sheet, "move", situation, self.rules)
        spent, commitment = commit(sheet, "move", count, self.rules)
        result = roll(PoolRequest(_situational(count, situation), need, "Move", RULE_FOR["move"]), dice)
        return MoveOutcome(spent, result, commitment, move_inches(int(result.figures["successes"])))

    # -- combat ---------------------------------------------------------------------------
    def weapon_bonus(self, weapon: Weapon, defender: OASheet | None = None) -> int:
        """House rule: damage a weapon adds to an attack with at least one success;
        one more against a creature the weapon is made for (``bonus_against``)."""
        if self.rules.weapon_damage != "bonus":
            return 0
        against = int(defender is not None and defender.creature in weapon.bonus_against)
        if "bonus" in weapon.system:
            return int(weapon.system["bonus"]) + against
        if weapon.damage in WEAPON_BONUS:
            return WEAPON_BONUS[weapon.damage] + against
        sides = weapon.damage.lstrip("d")
        base = 0 if not sides.isdigit() else 2 if int(sides) >= 12 else 1 if int(sides) >= 8 else 0
        return base + against

    def attack_request(self, attacker: OASheet, defender: OASheet, weapon: Weapon,
                       situation: Situation) -> PoolRequest:
        """The attack roll: committed Fight (Shoot if ranged) dice; ``need`` is the
        successes that harm before any defence roll: 1 against a player, the
        Defence (less the weapon bonus, at least 1) against an NPC."""
        attribute = "shoot" if weapon.ranged else "fight"
        if situation.target is not None:
            need = situation.target
        elif defender.npc:
            need = max(1, defender.defence - self.weapon_bonus(weapon, defender))
        else:
            need = 1
        count = _committed(attacker, attribute, situation, self.rules)
        rolled = with_kind(_situational(count, situation), weapon, defender)
        return PoolRequest(rolled, need, attribute.capitalize(), RULE_FOR[attribute])

    def attack_odds_request(self, attacker: OASheet, defender: OASheet, weapon: Weapon, situation: Situation,
                            defend: int | None = None, name: str = "the defender") -> AttackRequest:
        """The whole attack for exact odds: the attack dice, the weapon bonus, the dice the
        defender will roll (``defend``, else what it has left up to its Defence; an NPC
        under ``npc_defence = "threshold"`` rolls none) and the damage that harms.
        ``name`` is an NPC defender's name for the description."""
        attribute = "shoot" if weapon.ranged else "fight"
        count = with_kind(_situational(_committed(attacker, attribute, situation, self.rules), situation),
                          weapon, defender)
        if defend is None:
            if defender.npc:
                defend = default_defence(defender, 1, self.rules)
            else:
                defend = min(defender.defence, defender.dice_left)
        threshold = defender.defence if defender.npc else 1
        return AttackRequest(count, self.weapon_bonus(weapon, defender), defend, threshold,
                             attribute.capitalize(), name if defender.npc else "you",
                             down=condition(defender, self.rules) == "down")

    def attack(self, attacker: OASheet, defender: OASheet, weapon: Weapon, situation: Situation,
               dice: Dice) -> AttackResult[OASheet]:
        """Resolve one attack with the defender defending by :meth:`default_defence`."""
        return self.resolve_attack(attacker, defender, weapon, situation, dice)

    def default_defence(self, defender: OASheet, damage: int) -> int:
        """Dice a defender rolls by default against ``damage`` (see the pool module)."""
        return default_defence(defender, damage, self.rules)

    def resolve_attack(self, attacker: OASheet, defender: OASheet, weapon: Weapon, situation: Situation,
                       dice: Dice, defend: int | None = None,
                       ids: tuple[str, str] | None = None) -> AttackResult[OASheet]:
        """Commit, roll the attack (faces first), then the defender's defence dice.

        Successes are damage and cannot be split (seed 000 §2 Close Combat Attacks,
        Ranged Attacks); the weapon bonus applies when there is a success.  A player
        defends with up to Defence dice (pushing when none are left, unless ``defend``
        says otherwise: in play the player is asked, game.systems.open_adventures.fight); an NPC is
        harmed only when the damage that gets through equals or exceeds its Defence
        (seed 000 §2 Damage and Defence).  ``defend`` overrides the defender's dice;
        ``ids`` names attacker and defender in the events (default: the player or ``npc``).
        ``AttackResult.damage`` is the damage that harmed (0 when ``hit`` is False).
        The events, in order: :class:`DiceCommitted`; then :class:`AttackMissed`, or
        :class:`DamageRolled`, :class:`Defended` when a defence roll was made, and the harm.
        """
        who, whom = ids or (_who(attacker), _who(defender))
        attribute = "shoot" if weapon.ranged else "fight"
        request = self.attack_request(attacker, defender, weapon, situation)
        count = _committed(attacker, attribute, situation, self.rules)
        attacker_after, commitment = commit(attacker, attribute, count, self.rules)
        result = roll(request, dice)
        kind = request.dice - _situational(count, situation) if count else 0
        events: list[Event] = [DiceCommitted(who, attribute, commitment.dice, commitment.pushed, kind)]
        successes = int(result.figures["successes"])
        bonus = self.weapon_bonus(weapon, defender) if successes else 0
        damage = successes + bonus
        if damage == 0:
            events.append(AttackMissed(who, whom))
            return AttackResult(result, False, 0, attacker_after, defender, events=tuple(events))
        if defender.npc and damage < defender.defence:
            # short of the threshold: no defence roll can make it harm, so none is rolled
            events.extend(self._harm_events(defender, whom, damage, False))
            return AttackResult(result, False, 0, attacker_after, defender, events=tuple(events))
        events.append(DamageRolled(whom, damage, bonus, weapon.name if bonus else ""))
        count = defend if defend is not None else self.default_defence(defender, damage)
        defender_after, net, defence_roll, pushed = self._defend(defender, damage, count, dice)
        if defence_roll is not None:
            saved = int(defence_roll.figures["successes"])
            events.append(Defended(whom, min(saved, damage), pushed))
        defender_after, harmed = apply_damage(defender_after, net, self.rules)
        events.extend(self._harm_events(defender_after, whom, net, harmed))
        rolls = (defence_roll,) if defence_roll is not None else ()
        return AttackResult(result, harmed, net if harmed else 0, attacker_after, defender_after,
                            rolls=rolls, events=tuple(events))

    def defend(self, sheet: OASheet, damage: int, dice: Dice,
               count: int | None = None) -> tuple[OASheet, int, RollResult | None]:
        """Roll defence against ``damage`` and return the sheet, the damage that gets through
        (not yet applied; see :func:`apply_damage`) and the roll, if any."""
        count = self.default_defence(sheet, damage) if count is None else count
        after, net, result, _ = self._defend(sheet, damage, count, dice)
        return after, net, result

    def _defend(self, sheet: OASheet, damage: int, count: int,
                dice: Dice) -> tuple[OASheet, int, RollResult | None, bool]:
        """The sheet after a defence roll of ``count`` dice, the damage left, the roll, whether pushed."""
        after, commitment = commit_defence(sheet, count, self.rules)
        if commitment.dice == 0:
            return after, damage, None, False
        result = roll(PoolRequest(commitment.dice, damage, "Defence", RULE_FOR["defence"]), dice)
        return after, max(0, damage - int(result.figures["successes"])), result, commitment.pushed

    def _harm_events(self, defender: OASheet, whom: str, net: int, harmed: bool) -> list[Event]:
        """What damage that got through did: nothing, a hit on an NPC, dice off a player's pool."""
        if not harmed:
            return [Unharmed(whom, net, defender.defence if defender.npc else 0)]
        state = self.condition(defender)
        harm: Event = (NpcHarmed(whom, net, defender.defence, defender.hits, state) if defender.npc
                       else PoolLost(whom, net, defender.pool, state))
        return [harm, *_fall_events(whom, state)]

    # -- state ----------------------------------------------------------------------------
    def condition(self, sheet: OASheet) -> str:
        """``dead``, ``down`` (knocked out, collapsed) or ``ok``."""
        return condition(sheet, self.rules)

    def health(self, sheet: OASheet) -> str:
        """``dice 3/4 (pool 4/5), fatigue 1`` for a player: the dice left this turn out of
        the pool, the pool (health) when hurt, fatigue; ``hits 1/2, 2 dice left, Defence 2``
        for an NPC."""
        if sheet.npc:
            return f"hits {sheet.hits}/{sheet.hits_max}, {_dice_word(sheet.dice_left)} left, Defence {sheet.defence}"
        text = f"dice {sheet.dice_left}/{sheet.pool}"
        if sheet.reserve:
            text += f" ({sheet.reserve} held to defend)"
        if sheet.pool < sheet.pool_max:
            text += f" (pool {sheet.pool}/{sheet.pool_max})"
        if sheet.fatigue:
            text += f", fatigue {sheet.fatigue}"
        if collapsed(sheet):
            text += ", collapsed"
        elif sheet.dead or sheet.pool <= 0:
            text += ", dead" if sheet.dead else ", out cold"
        return text

    def health_fraction(self, sheet: OASheet) -> float:
        """The pool against its maximum (seed 000 §1 Health: the pool is the character's health);
        for an NPC the hits it can still take against its hits; 0.0 when dead.  Fatigue and
        the dice spent this turn are not health and do not count."""
        if sheet.dead:
            return 0.0
        return share(sheet.hits, sheet.hits_max) if sheet.npc else share(sheet.pool, sheet.pool_max)

    def sheet_lines(self, sheet: OASheet) -> list[str]:
        """The sheet as text for ``stats``."""
        lines = ["  ".join(f"{attribute.capitalize()} {sheet.attribute(attribute)}" for attribute in ATTRIBUTES)]
        lines.append(f"Pool {sheet.pool}/{sheet.pool_max}, dice left this turn {sheet.dice_left}, "
                     f"fatigue {sheet.fatigue}")
        spent = ", ".join(f"{attribute.capitalize()} {sheet.spent.of(attribute)}/{sheet.attribute(attribute)}"
                          for attribute in ACTION_ATTRIBUTES)
        lines.append(f"Spent this turn: {spent}")
        if sheet.npc:
            lines.append(f"Hits {sheet.hits}/{sheet.hits_max} (harmed only by {sheet.defence}+ damage at once)")
        if sheet.progress.task:
            # The task is a key "room:label:kind:difficulty"; the player sees the label and difficulty.
            parts = sheet.progress.task.rsplit(":", 3)
            what = f"{parts[1]} ({parts[3]})" if len(parts) == 4 else "a long task"
            lines.append(f"Unfinished check: {what}, {sheet.progress.successes} successes so far")
        lines.append(f"Condition: {self.condition(sheet)}" + (" (collapsed: rest)" if collapsed(sheet) else ""))
        return lines

    # -- harm and healing from no attacker --------------------------------------------------
    def harm(self, sheet: OASheet, damage: str, dice: Dice) -> SheetChange[OASheet]:
        """House rule: harm from no attacker rolls d6 by the size of its die (d4 and d6 one,
        d8 and d10 two, d12 three); each success is a point of damage, a 6 two, and
        each point removes a die from the pool (seed 000 §1 Health).  No defence roll:
        the check that failed was the chance to avoid it."""
        who = _who(sheet)
        result = roll(PoolRequest(_harm_dice(damage), 1, "Harm", "seed 000 §1 Health (house rule: harm)"), dice)
        points = int(result.figures["successes"])
        if points == 0:
            return SheetChange(sheet, rolls=(result,), events=(ShakenUnhurt(who),))
        after, _ = apply_damage(sheet, points, self.rules)
        state = self.condition(after)
        return SheetChange(after, rolls=(result,), events=(PoolLost(who, points, after.pool, state),
                                                           *_fall_events(who, state)))

    def heal(self, sheet: OASheet, healing: str, dice: Dice) -> SheetChange[OASheet]:
        """House rule: healing rolls d6 as harm does; each success gives back a die of the
        pool (a 6 two), at least one, never above the starting pool.  It wakes a
        knocked-out character; the dead stay dead.  An NPC gets back hits, not pool: its turn is
        spent on it (its dice start afresh, those left defend), each success a hit back, at least
        one, never above its most; its recovery is told by its health, not by events."""
        who = _who(sheet)
        if sheet.npc:
            return _mend_hits(start_turn(sheet), healing, dice)
        if sheet.dead:
            return SheetChange(sheet, events=(PastHelp(who, "heal"),))
        result = roll(PoolRequest(_harm_dice(healing), 1, "Heal", "house rule: healing"), dice)
        back = min(sheet.pool_max - sheet.pool, max(1, int(result.figures["successes"])))
        after = replace(sheet, pool=sheet.pool + back, dice_left=min(sheet.pool + back, sheet.dice_left + back))
        return SheetChange(after, rolls=(result,), events=(PoolRegained(who, max(0, back), after.pool, after.pool_max),))

    def rest(self, sheet: OASheet, kind: str, fed: bool, dice: Dice) -> RestResult[OASheet]:
        """``short``: the seed's rest turn (roll dice equal to fatigue; 4+ removes one, 6 two).
        ``long``: hours of rest (house rule): fatigue gone; lost dice back per ``healing`` if fed."""
        if kind not in ("short", "long"):
            raise UsageError(f"rest kind must be short or long, not '{kind}'")
        who = _who(sheet)
        if sheet.dead:
            return RestResult(sheet, events=(PastHelp(who, "rest"),))
        if kind == "long":
            after = long_rest(sheet, fed, self.rules)
            return RestResult(after, events=(LongRest(who, after.pool - sheet.pool, after.pool, after.pool_max, fed),))
        after, result = rest_turn(sheet, dice)
        rolls = (result,) if sheet.fatigue > 0 else ()
        return RestResult(after, rolls=rolls, events=(FatigueRecovered(who, sheet.fatigue - after.fatigue,
                                                                       after.fatigue),))


# -- helpers ---------------------------------------------------------------------------------

def _mend_hits(sheet: OASheet, healing: str, dice: Dice) -> SheetChange[OASheet]:
    """House rule: an NPC's healing roll (d6 by the die's size, as the player's), each success a
    hit back (at least one, never above its most); nothing for the dead."""
    if sheet.dead:
        return SheetChange(sheet)
    result = roll(PoolRequest(_harm_dice(healing), 1, "Heal", "house rule: healing"), dice)
    back = max(1, int(result.figures["successes"]))
    return SheetChange(replace(sheet, hits=min(sheet.hits_max, sheet.hits + back)), rolls=(result,))


#: House rule: d6 rolled for harm or healing given as a die (``d4`` .. ``d12``).
HARM_DICE: dict[str, int] = {"d4": 1, "d6": 1, "d8": 2, "d10": 2, "d12": 3}


def _harm_dice(die: str) -> int:
    if die in HARM_DICE:
        return HARM_DICE[die]
    sides = die.lstrip("d")
    return max(1, min(3, int(sides) // 4)) if sides.isdigit() else 1


def _dice_word(count: int) -> str:
    return f"{count} die" if count == 1 else f"{count} dice"


def _fall_events(who: str, state: str) -> list[Event]:
    """The generic events of an actor's fall: Died (cause ``wounds``) or Fell, none while ok."""
    if state == "dead":
        return [Died(who, "wounds")]
    return [Fell(who)] if state == "down" else []


def _attribute_for(kind: str) -> str:
    if kind in ATTRIBUTES:
        return kind
    if kind not in KIND_ATTRIBUTE:
        raise UsageError(f"unknown check kind '{kind}'; kinds: {', '.join(KIND_ATTRIBUTE)}")
    return KIND_ATTRIBUTE[kind]


def _need(difficulty: str, situation: Situation) -> int:
    if situation.target is not None:
        return situation.target
    if difficulty not in DIFFICULTY_SUCCESSES:
        raise UsageError(f"unknown difficulty '{difficulty}'; difficulties: {', '.join(DIFFICULTIES)}")
    return DIFFICULTY_SUCCESSES[difficulty]


def _task(kind: str, difficulty: str) -> str:
    return f"{kind}:{difficulty}"


def _committed(sheet: OASheet, attribute: str, situation: Situation, rules: Rules) -> int:
    return situation.commit if situation.commit is not None else default_commit(sheet, attribute, rules)


def _validated(stats: Mapping[str, Any], spec: StatTable, values: dict[str, int], where: str) -> dict[str, int]:
    """``values`` overridden by ``stats``, each key and bound as ``spec`` declares them;
    ContentError listing every bad key or value."""
    problems: list[tuple[str, StatProblem]] = []
    for key, value in stats.items():
        if key not in spec:
            reason = f"unknown key '{key}'{did_you_mean(str(key), list(spec))}; known: {', '.join(spec)}"
            problems.append((f"{where}: {reason}", StatProblem((key,), reason)))
        elif isinstance(value, bool) or not isinstance(value, int) or value < 0:
            problems.append(_at(where, key, f"must be a whole number 0 or more, not {value!r}"))
        else:
            values[key] = value
    for key in stats:
        if key in values and key in spec and spec[key].problem(values[key]):
            problems.append(_at(where, key, f"must be at least {spec[key].low}"))
    if problems:
        raise ContentError([message for message, _ in problems], [problem for _, problem in problems])
    return values


def _at(where: str, key: str, reason: str) -> tuple[str, StatProblem]:
    """The message (``where.key: reason``) and the problem of a bad value."""
    return f"{where}.{key}: {reason}", StatProblem((key,), reason)


def make_system(options: Mapping[str, str]) -> OpenAdventures:
    """The system configured with ``[adventure.rules] open_adventures = {...}`` (see OPTIONS)."""
    try:
        return OpenAdventures(Rules.from_options(options))
    except ValueError as error:
        raise UsageError(str(error)) from None


def reach_of(weapon: Weapon) -> int:
    """How far (inches) a melee weapon strikes: its ``reach`` stat for Open Adventures, else 0
    (adjacent only).  A bad value counts as none."""
    value = weapon.system.get("reach", 0)
    return value if type(value) is int and value > 0 else 0
