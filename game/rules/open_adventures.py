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

Sheets are described in :mod:`game.rules.open_adventures_pool`; the rules and
house rules in ``docs/rules/open_adventures.md``.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from game.errors import ContentError, UsageError
from game.rules.base import (
    DIFFICULTIES,
    AttackResult,
    Odds,
    RestResult,
    RollResult,
    Sheet,
    SheetChange,
    Situation,
    Weapon,
    plain_copy,
)
from game.rules.dice import Dice, roll_many
from game.rules.open_adventures_dice import (
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
from game.rules.open_adventures_pool import (
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
    make_sheet,
    max_commit,
    record_progress,
    remaining_need,
    rest_turn,
    start_turn,
)

SUMMARY = "Open Adventures: a d6 pool that is your turn, your defence and your health; 4+ succeeds, 6 counts twice."

__all__ = [
    "OPTIONS",
    "SUMMARY",
    "SYSTEM_ID",
    "AttackRequest",
    "CheckOutcome",
    "MoveOutcome",
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

RULE_FOR: dict[str, str] = {
    "move": "seed 000 §1 Move", "fight": "seed 000 §2 Close Combat Attacks",
    "shoot": "seed 000 §2 Ranged Attacks", "skill": "seed 000 §2 Skill Checks",
    "will": "seed 000 §1 Will", "defence": "seed 000 §2 Damage and Defence",
}


@dataclass(frozen=True)
class CheckOutcome:
    """A check performed: the sheet after it, the roll, and the accumulated progress."""

    sheet: Sheet
    roll: RollResult
    commitment: Commitment
    successes: int
    need: int
    done: bool


@dataclass(frozen=True)
class MoveOutcome:
    """A move performed: the sheet after it, the roll and the inches covered (6" a success)."""

    sheet: Sheet
    roll: RollResult
    commitment: Commitment
    inches: int


def _situational(count: int, situation: Situation) -> int:
    """House rule: advantage rolls one die more, disadvantage one fewer (neither costs pool)."""
    return max(0, count + int(situation.advantage) - int(situation.disadvantage))


def _who(sheet: Sheet, fallback: str) -> str:
    if not sheet.get("npc", False):
        return "You"
    name = str(sheet.get("name", fallback))
    return name[:1].upper() + name[1:]


def _dice_word(count: int) -> str:
    return f"{count} die" if count == 1 else f"{count} dice"


class OpenAdventures:
    """The Open Adventures rule system configured with an adventure's options."""

    id = SYSTEM_ID
    name = "Open Adventures"
    summary = SUMMARY
    seed = "000"

    def __init__(self, rules: Rules) -> None:
        self.rules = rules

    # -- PRODUCT §3.1 ----------------------------------------------------------------
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
    def new_character(self, stats: Mapping[str, Any] | None, dice: Dice) -> Sheet:
        """A player sheet from ``[player.stats.open_adventures]``, or made by the creation house rule.

        Creation reads exactly seven d6: each gives a point to Move, Fight, Shoot,
        Skill, Will, Defence for 1..6 (from a base of 1, at most 4; a point that
        would pass 4 goes to the next attribute in that order).  The pool is 5.
        """
        if stats:
            values = _validated(stats, dict(PC_DEFAULTS), "player.stats.open_adventures")
            return make_sheet(values, values["pool"])
        attributes = {attribute: 1 for attribute in ATTRIBUTES}
        for face in roll_many(dice, CREATION_POINTS, 6):
            index = face - 1
            while attributes[ATTRIBUTES[index]] >= CREATION_CAP:
                index = (index + 1) % len(ATTRIBUTES)
            attributes[ATTRIBUTES[index]] += 1
        return make_sheet(attributes, CREATION_POOL)

    def sheet_from_data(self, data: Mapping[str, Any]) -> Sheet:
        """A sheet from saved data (plain data, copied)."""
        return plain_copy(dict(data))

    def sheet_to_data(self, sheet: Sheet) -> dict[str, Any]:
        return plain_copy(sheet)

    def moment_from_data(self, data: Mapping[str, Any]) -> None:
        return None

    def moment_to_data(self, moment: None) -> dict[str, Any]:
        return {}

    def migrate_v1(self, state: dict[str, Any]) -> dict[str, Any]:
        return state

    def npc_sheet(self, tier: int, stats: Mapping[str, Any] | None, creature: str = "biological") -> Sheet:
        sheet = self._npc_sheet(tier, stats)
        sheet.setdefault("creature", creature)
        return sheet

    def _npc_sheet(self, tier: int, stats: Mapping[str, Any] | None) -> Sheet:
        """An NPC block (Move..Defence, pool, hits) from its tier, overridden by its stat table."""
        if tier not in TIER_STATS:
            raise ContentError([f"tier must be 1 to 5 for {SYSTEM_ID}, not {tier!r}"])
        values = _validated(stats or {}, dict(TIER_STATS[tier]), "npc stats.open_adventures")
        return make_sheet(values, values["pool"], npc=True, hits=values["hits"])

    # -- the pool economy ----------------------------------------------------------------
    def start_turn(self, sheet: Sheet) -> Sheet:
        """Begin a turn: dice left = pool − fatigue; per-attribute spending resets."""
        return start_turn(sheet)

    def collapsed(self, sheet: Sheet) -> bool:
        """Fatigue ≥ pool: the character must rest turns until it is below (seed 000 §2)."""
        return collapsed(sheet)

    def max_commit(self, sheet: Sheet, attribute: str) -> int:
        """The most dice ``attribute`` could take now, pushing included."""
        return max_commit(sheet, attribute, self.rules)

    def default_commit(self, sheet: Sheet, attribute: str) -> int:
        """What an action commits when nobody chose: all the attribute allows, pushing only at 0 left."""
        return default_commit(sheet, attribute, self.rules)

    def commit(self, sheet: Sheet, attribute: str, count: int, task: str = "") -> tuple[Sheet, Commitment]:
        """Spend ``count`` dice on ``attribute``; ActionRefused past its limit this turn."""
        return commit(sheet, attribute, count, self.rules, task)

    # -- checks ---------------------------------------------------------------------------
    def check_request(self, sheet: Sheet, kind: str, difficulty: str, situation: Situation,
                      task: str = "") -> PoolRequest:
        """The roll a check would make: committed dice (situation.commit or the default)
        against the successes still needed (difficulty, or situation.target, less the
        progress of an unfinished attempt at the same task; seed 000 §2 Skill Checks)."""
        attribute = _attribute_for(kind)
        need = remaining_need(sheet, task or _task(kind, difficulty), _need(difficulty, situation))
        count = situation.commit if situation.commit is not None else default_commit(sheet, attribute, self.rules)
        return PoolRequest(_situational(count, situation), need, attribute.capitalize(), RULE_FOR[attribute])

    def perform_check(self, sheet: Sheet, kind: str, difficulty: str, situation: Situation, dice: Dice,
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

    def resist(self, sheet: Sheet, strength: int, situation: Situation, dice: Dice,
               task: str = "resist") -> CheckOutcome:
        """Will against stress or mind control of ``strength`` successes (seed 000 §1 Will)."""
        return self.perform_check(sheet, "will", "normal", replace(situation, target=strength), dice, task)

    def move(self, sheet: Sheet, need: int, situation: Situation, dice: Dice) -> MoveOutcome:
        """Spend Move dice; each success is 6" (a 6 is 12"); succeeds on ``need`` successes
        (see :func:`band_successes`, :func:`exit_successes`; seed 000 §1 Move)."""
        count = _committed(sheet, "move", situation, self.rules)
        spent, commitment = commit(sheet, "move", count, self.rules)
        result = roll(PoolRequest(_situational(count, situation), need, "Move", RULE_FOR["move"]), dice)
        return MoveOutcome(spent, result, commitment, move_inches(int(result.figures["successes"])))

    # -- combat ---------------------------------------------------------------------------
    def weapon_bonus(self, weapon: Weapon, defender: Sheet | None = None) -> int:
        """House rule: damage a weapon adds to an attack with at least one success;
        one more against a creature the weapon is made for (``bonus_against``)."""
        if self.rules.weapon_damage != "bonus":
            return 0
        against = int(defender is not None and str(defender.get("creature", "")) in weapon.bonus_against)
        if "bonus" in weapon.system:
            return int(weapon.system["bonus"]) + against
        if weapon.damage in WEAPON_BONUS:
            return WEAPON_BONUS[weapon.damage] + against
        sides = weapon.damage.lstrip("d")
        base = 0 if not sides.isdigit() else 2 if int(sides) >= 12 else 1 if int(sides) >= 8 else 0
        return base + against

    def attack_request(self, attacker: Sheet, defender: Sheet, weapon: Weapon, situation: Situation) -> PoolRequest:
        """The attack roll: committed Fight (Shoot if ranged) dice; ``need`` is the
        successes that harm before any defence roll: 1 against a player, the
        Defence (less the weapon bonus, at least 1) against an NPC."""
        attribute = "shoot" if weapon.ranged else "fight"
        if situation.target is not None:
            need = situation.target
        elif defender.get("npc", False):
            need = max(1, int(defender["defence"]) - self.weapon_bonus(weapon, defender))
        else:
            need = 1
        count = _committed(attacker, attribute, situation, self.rules)
        return PoolRequest(_situational(count, situation), need, attribute.capitalize(), RULE_FOR[attribute])

    def attack_odds_request(self, attacker: Sheet, defender: Sheet, weapon: Weapon, situation: Situation,
                            defend: int | None = None) -> AttackRequest:
        """The whole attack for exact odds: the attack dice, the weapon bonus, the dice the
        defender will roll (``defend``, else what it has left up to its Defence; an NPC
        under ``npc_defence = "threshold"`` rolls none) and the damage that harms."""
        attribute = "shoot" if weapon.ranged else "fight"
        count = _situational(_committed(attacker, attribute, situation, self.rules), situation)
        npc = bool(defender.get("npc", False))
        if defend is None:
            if npc:
                defend = default_defence(defender, 1, self.rules)
            else:
                defend = min(int(defender["defence"]), int(defender["dice_left"]))
        threshold = int(defender["defence"]) if npc else 1
        name = str(defender.get("name", "the defender")) if npc else "you"
        return AttackRequest(count, self.weapon_bonus(weapon, defender), defend, threshold,
                             attribute.capitalize(), name)

    def attack(self, attacker: Sheet, defender: Sheet, weapon: Weapon, situation: Situation, dice: Dice) -> AttackResult:
        """Resolve one attack with the defender defending by :meth:`default_defence`."""
        return self.resolve_attack(attacker, defender, weapon, situation, dice)

    def default_defence(self, defender: Sheet, damage: int) -> int:
        """Dice a defender rolls by default against ``damage`` (see the pool module)."""
        return default_defence(defender, damage, self.rules)

    def resolve_attack(self, attacker: Sheet, defender: Sheet, weapon: Weapon, situation: Situation,
                       dice: Dice, defend: int | None = None) -> AttackResult:
        """Commit, roll the attack (faces first), then the defender's defence dice.

        Successes are damage and cannot be split (seed 000 §2 Close Combat Attacks,
        Ranged Attacks); the weapon bonus applies when there is a success.  A player
        defends with up to Defence dice (pushing when none are left); an NPC is
        harmed only when the damage that gets through equals or exceeds its Defence
        (seed 000 §2 Damage and Defence).  ``defend`` overrides the defender's dice.
        ``AttackResult.damage`` is the damage that harmed (0 when ``hit`` is False).
        """
        attribute = "shoot" if weapon.ranged else "fight"
        request = self.attack_request(attacker, defender, weapon, situation)
        count = _committed(attacker, attribute, situation, self.rules)
        attacker_after, commitment = commit(attacker, attribute, count, self.rules)
        result = roll(request, dice)
        who, whom = _who(attacker, "the attacker"), _who(defender, "the defender")
        lines = [_commit_line(who, attribute, commitment)]
        successes = int(result.figures["successes"])
        bonus = self.weapon_bonus(weapon, defender) if successes else 0
        damage = successes + bonus
        if damage == 0:
            return AttackResult(result, False, 0, attacker_after, defender, tuple(lines + ["The attack misses."]))
        lines.append(f"{_points(damage)} of damage" + (f" (+{bonus} {weapon.name})." if bonus else "."))
        count = defend if defend is not None else self.default_defence(defender, damage)
        defender_after, net, defence_roll, defence_lines = self._defend(defender, damage, count, dice, whom)
        lines.extend(defence_lines)
        defender_after, harmed = apply_damage(defender_after, net, self.rules)
        lines.append(_harm_line(defender_after, whom, net, harmed, self.condition(defender_after)))
        rolls = (defence_roll,) if defence_roll is not None else ()
        return AttackResult(result, harmed, net if harmed else 0, attacker_after, defender_after, tuple(lines), rolls)

    def defend(self, sheet: Sheet, damage: int, dice: Dice, count: int | None = None) -> tuple[Sheet, int, RollResult | None]:
        """Roll defence against ``damage`` and return the sheet, the damage that gets through
        (not yet applied; see :func:`apply_damage`) and the roll, if any."""
        count = self.default_defence(sheet, damage) if count is None else count
        after, net, result, _ = self._defend(sheet, damage, count, dice, _who(sheet, "the defender"))
        return after, net, result

    def _defend(self, sheet: Sheet, damage: int, count: int, dice: Dice,
                whom: str) -> tuple[Sheet, int, RollResult | None, list[str]]:
        after, commitment = commit_defence(sheet, count, self.rules)
        if commitment.dice == 0:
            return after, damage, None, []
        result = roll(PoolRequest(commitment.dice, damage, "Defence", RULE_FOR["defence"]), dice)
        saved = int(result.figures["successes"])
        net = max(0, damage - saved)
        pushed = " (pushing: +1 fatigue)" if commitment.pushed else ""
        line = f"{whom} defend{'' if whom == 'You' else 's'}{pushed}: {min(saved, damage)} of it ignored."
        return after, net, result, [line]

    # -- state ----------------------------------------------------------------------------
    def condition(self, sheet: Sheet) -> str:
        """``dead``, ``down`` (knocked out, collapsed) or ``ok``."""
        return condition(sheet, self.rules)

    def health(self, sheet: Sheet) -> str:
        """``dice 3/4 (pool 4/5), fatigue 1`` for a player: the dice left this turn out of
        the pool, the pool (health) when hurt, fatigue; ``hits 1/2, 2 dice left, Defence 2``
        for an NPC."""
        if sheet.get("npc", False):
            return (f"hits {sheet['hits']}/{sheet['hits_max']}, {_dice_word(sheet['dice_left'])} left, "
                    f"Defence {sheet['defence']}")
        text = f"dice {sheet['dice_left']}/{sheet['pool']}"
        held = int(sheet.get("turn", {}).get("reserve", 0))
        if held:
            text += f" ({held} held to defend)"
        if sheet["pool"] < sheet["pool_max"]:
            text += f" (pool {sheet['pool']}/{sheet['pool_max']})"
        if sheet["fatigue"]:
            text += f", fatigue {sheet['fatigue']}"
        if collapsed(sheet):
            text += ", collapsed"
        elif sheet.get("dead", False) or sheet["pool"] <= 0:
            text += ", dead" if sheet.get("dead", False) else ", out cold"
        return text

    def sheet_lines(self, sheet: Sheet) -> list[str]:
        """The sheet as text for ``stats``."""
        lines = ["  ".join(f"{attribute.capitalize()} {sheet[attribute]}" for attribute in ATTRIBUTES)]
        lines.append(f"Pool {sheet['pool']}/{sheet['pool_max']}, dice left this turn {sheet['dice_left']}, "
                     f"fatigue {sheet['fatigue']}")
        spent = ", ".join(f"{attribute.capitalize()} {sheet['spent'][attribute]}/{sheet[attribute]}"
                          for attribute in ACTION_ATTRIBUTES)
        lines.append(f"Spent this turn: {spent}")
        if sheet.get("npc", False):
            lines.append(f"Hits {sheet['hits']}/{sheet['hits_max']} (harmed only by {sheet['defence']}+ damage at once)")
        if sheet["progress"]["task"]:
            lines.append(f"Unfinished check {sheet['progress']['task']}: {sheet['progress']['successes']} successes so far")
        lines.append(f"Condition: {self.condition(sheet)}" + (" (collapsed: rest)" if collapsed(sheet) else ""))
        return lines

    # -- harm and healing from no attacker --------------------------------------------------
    def harm(self, sheet: Sheet, damage: str, dice: Dice) -> SheetChange:
        """House rule: harm from no attacker rolls d6 by the size of its die (d4 and d6 one,
        d8 and d10 two, d12 three); each success is a point of damage, a 6 two, and
        each point removes a die from the pool (seed 000 §1 Health).  No defence roll:
        the check that failed was the chance to avoid it."""
        count = _harm_dice(damage)
        result = roll(PoolRequest(count, 1, "Harm", "seed 000 §1 Health (house rule: harm)"), dice)
        points = int(result.figures["successes"])
        if points == 0:
            return SheetChange(sheet, ("You are shaken but unhurt.",), (result,))
        after, _ = apply_damage(sheet, points, self.rules)
        state = self.condition(after)
        tail = {"dead": " and die", "down": " and are knocked out"}.get(state, "")
        return SheetChange(after, (f"You lose {_dice_word(points)} from the pool (pool {after['pool']}){tail}.",),
                           (result,))

    def heal(self, sheet: Sheet, healing: str, dice: Dice) -> SheetChange:
        """House rule: healing rolls d6 as harm does; each success gives back a die of the
        pool (a 6 two), at least one, never above the starting pool.  It wakes a
        knocked-out character; the dead stay dead."""
        if sheet.get("dead", False):
            return SheetChange(sheet, ("The dead are past healing.",))
        count = _harm_dice(healing)
        result = roll(PoolRequest(count, 1, "Heal", "house rule: healing"), dice)
        back = min(sheet["pool_max"] - sheet["pool"], max(1, int(result.figures["successes"])))
        after = dict(sheet)
        after["pool"] = sheet["pool"] + back
        after["dice_left"] = min(after["pool"], sheet["dice_left"] + back)
        if back <= 0:
            return SheetChange(after, ("Your pool is already whole.",), (result,))
        return SheetChange(after, (f"You regain {_dice_word(back)} (pool {after['pool']}/{after['pool_max']}).",),
                           (result,))

    def rest(self, sheet: Sheet, kind: str, fed: bool, dice: Dice) -> RestResult:
        """``short``: the seed's rest turn (roll dice equal to fatigue; 4+ removes one, 6 two).
        ``long``: hours of rest (house rule): fatigue gone; lost dice back per ``healing`` if fed."""
        if kind not in ("short", "long"):
            raise UsageError(f"rest kind must be short or long, not '{kind}'")
        if sheet.get("dead", False):
            return RestResult(sheet, ("The dead do not rest.",))
        if kind == "long":
            after = long_rest(sheet, fed, self.rules)
            regained = after["pool"] - sheet["pool"]
            line = f"You rest for hours: fatigue gone, {_dice_word(regained)} back (pool {after['pool']}/{after['pool_max']})."
            lines = (line,) if fed else (line, "Hungry and thirsty, you regain no dice.")
            return RestResult(after, lines)
        if sheet["fatigue"] <= 0:
            return RestResult(rest_turn(sheet, dice)[0], ("You rest a turn, though you are not tired.",))
        after, result = rest_turn(sheet, dice)
        removed = sheet["fatigue"] - after["fatigue"]
        line = f"You rest a turn: {result.text}; {removed} fatigue removed (fatigue {after['fatigue']})."
        return RestResult(after, (line,), (result,))


# -- helpers ---------------------------------------------------------------------------------

#: House rule: d6 rolled for harm or healing given as a die (``d4`` .. ``d12``).
HARM_DICE: dict[str, int] = {"d4": 1, "d6": 1, "d8": 2, "d10": 2, "d12": 3}


def _harm_dice(die: str) -> int:
    if die in HARM_DICE:
        return HARM_DICE[die]
    sides = die.lstrip("d")
    return max(1, min(3, int(sides) // 4)) if sides.isdigit() else 1


def _points(count: int) -> str:
    return f"{count} point" if count == 1 else f"{count} points"


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


def _committed(sheet: Sheet, attribute: str, situation: Situation, rules: Rules) -> int:
    return situation.commit if situation.commit is not None else default_commit(sheet, attribute, rules)


def _commit_line(who: str, attribute: str, commitment: Commitment) -> str:
    pushed = " (pushing past the pool: +1 fatigue)" if commitment.pushed else ""
    verb = "commit" if who == "You" else "commits"
    return f"{who} {verb} {_dice_word(commitment.dice)} to {attribute.capitalize()}{pushed}."


def _harm_line(defender: Sheet, whom: str, net: int, harmed: bool, state: str) -> str:
    if defender.get("npc", False):
        if not harmed:
            return (f"{whom} shrugs it off: {net} damage does not reach Defence {defender['defence']}."
                    if net else f"{whom} takes no damage.")
        if state != "ok":
            return f"{whom} is {'struck down' if state == 'dead' else 'knocked out'} ({net} damage vs Defence {defender['defence']})."
        hits = int(defender["hits"])
        return (f"{whom} is injured ({net} damage vs Defence {defender['defence']}; "
                f"{hits} more hit{'' if hits == 1 else 's'} to go).")
    if not harmed:
        return f"{whom} take no damage." if whom == "You" else f"{whom} takes no damage."
    lose = "lose" if whom == "You" else "loses"
    tail = {"dead": " and die", "down": " and are knocked out" if whom == "You" else " and is knocked out"}.get(state, "")
    return f"{whom} {lose} {_dice_word(net)} from the pool (pool {defender['pool']}){tail}."


def _validated(stats: Mapping[str, Any], values: dict[str, int], where: str) -> dict[str, int]:
    """``values`` overridden by ``stats``; ContentError listing every bad key or value."""
    problems = []
    for key, value in stats.items():
        if key not in values:
            problems.append(f"{where}: unknown key '{key}'; known: {', '.join(values)}")
        elif isinstance(value, bool) or not isinstance(value, int) or value < 0:
            problems.append(f"{where}.{key}: must be a whole number 0 or more, not {value!r}")
        else:
            values[key] = value
    for key in ("pool", "hits"):
        if key in stats and key in values and values[key] < 1:
            problems.append(f"{where}.{key}: must be at least 1")
    if problems:
        raise ContentError(problems)
    return values


def make_system(options: Mapping[str, str]) -> OpenAdventures:
    """The system configured with ``[adventure.rules] open_adventures = {...}`` (see OPTIONS)."""
    try:
        return OpenAdventures(Rules.from_options(options))
    except ValueError as error:
        raise UsageError(str(error)) from None
