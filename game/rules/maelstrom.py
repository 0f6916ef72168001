"""Maelstrom (seed 004, James Tanner; MIT): d10 pools of attribute + ability,
successes at or above a difficulty, thresholds, botches, exploding specialties.

The pool itself lives in :mod:`maelstrom_pool`, its exact odds in
:mod:`maelstrom_odds`, sheets in :mod:`maelstrom_sheet`, pools from sheets and
the combat house rule in :mod:`maelstrom_actions`.  The play layer is
``game/play/maelstrom*.py``.

Beyond the :class:`~game.rules.base.RuleSystem` protocol the engine may call:

- :meth:`MaelstromSystem.pool_request` – a roll of any one or two traits, with
  specialty ``tags`` and the advanced specialties it ``requires``;
- :meth:`MaelstromSystem.can_attempt` – "" or why a check cannot be attempted
  (a knowledge at zero dots under ``untrained_knowledge = "forbidden"``);
- :meth:`MaelstromSystem.spend_willpower` – spend a Willpower point on a
  request, for an automatic success or to ignore wound penalties;
- :meth:`MaelstromSystem.take_damage` – mark damage on the health track;
- :meth:`MaelstromSystem.resolve_attack` – resolve an attack request changed
  first (e.g. by Willpower);
- :meth:`MaelstromSystem.check_request` takes ``tags`` (what else the check
  relates to: the item handled, a foe at hand) for specialties.

:meth:`MaelstromSystem.check_request` raises ActionRefused for a knowledge at
zero dots when knowledges are ``forbidden`` (seed 004 §Knowledges).
"""
from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from dataclasses import replace
from fractions import Fraction
from typing import Any

from game.errors import ActionRefused, UsageError
from game.rules import maelstrom_actions as actions
from game.rules import maelstrom_odds as mo
from game.rules import maelstrom_pool as pool
from game.rules import maelstrom_sheet as sheets
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
from game.rules.dice import Dice
from game.rules.maelstrom_actions import AttackRequest
from game.rules.maelstrom_pool import PoolRequest

SYSTEM_ID = "maelstrom"
SUMMARY = "Maelstrom: d10 pools of attribute + ability vs a difficulty; thresholds, botches, exploding specialties"
OPTIONS: dict[str, tuple[str, ...]] = {
    # seed 004 §Knowledges: no dots, no attempt; "penalised" is the storyteller's allowance.
    "untrained_knowledge": ("forbidden", "penalised"),
    # House rule: the defender's reflexive Reflexes + Dodge roll against every attack.
    "evasion": ("opposed", "none"),
}

#: ``odds``/``roll`` keys of PRODUCT §3.1: name -> (default or None if required, lowest, highest).
KEYS: dict[str, tuple[int | None, int, int]] = {
    "dice": (None, 0, 30),
    "difficulty": (pool.DEFAULT_DIFFICULTY, pool.MIN_DIFFICULTY, pool.MAX_DIFFICULTY),
    "threshold": (0, 0, 30),
    # one specialty per dot in the ability, and abilities have at most five dots
    "specialties": (0, 0, sheets.MAX_DOTS),
}

Request = PoolRequest | AttackRequest


def parse_request(keys: Mapping[str, str]) -> PoolRequest:
    """``dice=N difficulty=D threshold=T specialties=S`` -> a :class:`PoolRequest`.

    ``specialties=S``: S applicable specialties are in use, so every 10 on any
    die (pool or bonus) earns S bonus dice (seed 004 §Using Specialties: "for
    each specialty in use, add one additional bonus die every time you roll a 10").
    """
    values: dict[str, int] = {}
    for key, text in keys.items():
        if key not in KEYS:
            raise UsageError(f"unknown key '{key}' for maelstrom; valid keys: {', '.join(KEYS)}")
        _, low, high = KEYS[key]
        try:
            value = int(str(text).strip())
        except ValueError:
            raise UsageError(f"{key} must be a whole number from {low} to {high}, not '{text}'") from None
        if not low <= value <= high:
            raise UsageError(f"{key} must be from {low} to {high}, not {value}")
        values[key] = value
    for key, (default, _, _) in KEYS.items():
        if key not in values:
            if default is None:
                raise UsageError(f"maelstrom needs {key}=N (the number of dice in the pool)")
            values[key] = default
    return PoolRequest(values["dice"], values["difficulty"], values["threshold"], values["specialties"])


def _describe_request(request: PoolRequest) -> str:
    text = f"{request.dice}d10 vs {request.difficulty}"
    if request.threshold:
        text += f", threshold {request.threshold}"
    if request.specialties:
        text += f", {request.specialties} specialt{'y' if request.specialties == 1 else 'ies'}"
    if request.automatic:
        text += f", {request.automatic} automatic"
    if request.label:
        text = f"{request.label}: {text}"
    return text + (" [" + "; ".join(request.reasons) + "]" if request.reasons else "")


def _odds(distribution: dict[int, Fraction], description: str) -> Odds:
    split = pool.odds_from(distribution)
    return Odds(
        system=SYSTEM_ID, p_success=split.p_success,
        probabilities={"p_failure": split.p_failure, "p_botch": split.p_botch},
        distribution={str(net): p for net, p in sorted(distribution.items()) if p},
        description=description,
    )


def _entries(request: PoolRequest) -> mo.Entries:
    counts = mo.net_counts(request.dice, request.difficulty, request.threshold, request.specialties)
    return mo.with_automatic(counts, request.automatic)


def _attack_distribution(request: AttackRequest) -> dict[int, Fraction]:
    """The hit margin's exact distribution (integer counts until the end)."""
    attack = _entries(request.attack)
    if request.evasion is None:
        return mo.fractions_of(attack)
    return mo.fractions_of(mo.opposed(attack, _entries(request.evasion)))


class MaelstromSystem:
    """The Maelstrom rule system, configured with the adventure's options."""

    id = SYSTEM_ID
    name = "Maelstrom"
    summary = SUMMARY
    seed = "004"

    def __init__(self, options: Mapping[str, str]) -> None:
        self.untrained_knowledge = options.get("untrained_knowledge", OPTIONS["untrained_knowledge"][0])
        self.evasion = options.get("evasion", OPTIONS["evasion"][0]) == "opposed"

    # -- PRODUCT §3.1 ------------------------------------------------------------
    def parse_request(self, keys: Mapping[str, str]) -> PoolRequest:
        return parse_request(keys)

    def odds(self, request: Request) -> Odds:
        """Exact odds; distribution over the signed net result (attacks: the hit margin)."""
        if isinstance(request, AttackRequest):
            description = "attack " + _describe_request(request.attack)
            if request.evasion:
                description += "; evasion " + _describe_request(request.evasion)
            return _odds(_attack_distribution(request), description)
        return _odds(pool.final_distribution(request), _describe_request(request))

    def roll(self, request: Request, dice: Dice) -> RollResult:
        """Read the pool dice, then bonus dice breadth-first (attacks: then the evasion's)."""
        if isinstance(request, AttackRequest):
            return self._attack_roll(request, dice)
        rolled, tally = pool.resolve(request, dice)
        return RollResult(
            system=SYSTEM_ID, dice=rolled.faces, outcome=tally.outcome,
            figures=pool.figures(request, rolled, tally) | ({"house_rule": True} if request.house_rule else {}),
            text=pool.describe(request, rolled, tally),
            rule=(actions.HOUSE_RULE + "; " if request.house_rule else "") + pool.rule_for(request),
        )

    def _attack_roll(self, request: AttackRequest, dice: Dice) -> RollResult:
        result = actions.roll_attack(request, dice)
        (a_roll, a_tally), evasion = result.attack, result.evasion
        faces = a_roll.faces + (evasion[0].faces if evasion else ())
        figures: dict[str, int | str | bool] = dict(pool.figures(request.attack, a_roll, a_tally))
        figures.update(successes=max(result.margin, 0), net=result.margin, margin=result.margin,
                       attack_net=a_tally.net, evasion_net=evasion[1].net if evasion else 0,
                       evasion_pool=request.evasion.dice if request.evasion else 0, house_rule=True)
        return RollResult(
            system=SYSTEM_ID, dice=faces, outcome=pool.outcome_of(result.margin), figures=figures,
            text=actions.attack_text(request, result),
            rule=f"{actions.HOUSE_RULE}: attack and Reflexes + Dodge evasion as actions ({pool.RULE_RESOLVE})",
        )

    # -- sheets --------------------------------------------------------------------
    def new_character(self, stats: Mapping[str, Any] | None, dice: Dice) -> Sheet:
        """Content stats over a blank sheet (attributes 2), or RULES-NOTES creation from dice."""
        if stats:
            return sheets.apply_stats(sheets.blank_sheet(), stats)
        return sheets.create_character(dice)

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
        base = sheets.npc_from_tier(tier)
        return sheets.apply_stats(base, stats) if stats else base

    def condition(self, sheet: Sheet) -> str:
        return sheets.condition(sheet)

    def health(self, sheet: Sheet) -> str:
        armed = " armed" if sheet.get("willpower_armed") else ""
        return f"{sheets.health_text(sheet)}, WP {sheet['willpower_points']}/{sheet['willpower']}{armed}"

    def sheet_lines(self, sheet: Sheet) -> list[str]:
        return sheets.sheet_lines(sheet)

    def rest(self, sheet: Sheet, kind: str, fed: bool, dice: Dice) -> RestResult:
        """Short: one bashing level; long: all bashing, one worse level, one Willpower (house rule)."""
        healed, lines = sheets.heal(sheet, kind, fed)
        return RestResult(healed, lines)

    def harm(self, sheet: Sheet, damage: str, dice: Dice) -> SheetChange:
        """Harm from no attacker (house rule): the die's damage dice at 6, one level of
        bashing damage a success and at least one; no soak (the desert ignores armour)."""
        count = actions.HARM_DICE.get(damage, 2)
        faces, successes = actions.count_successes(dice, count, actions.DAMAGE_DIFFICULTY)
        levels = max(successes, 1)
        hurt = sheets.take_damage(sheet, levels, "bashing")
        roll = _count_result(faces, successes, "harm")
        line = (f"{_plural(levels, 'level', 'levels')} of bashing damage"
                f"{'' if successes else ' (at least one)'}: you are {sheets.health_text(hurt)}.")
        return SheetChange(hurt, (line,), (roll,))

    def heal(self, sheet: Sheet, healing: str, dice: Dice) -> SheetChange:
        """Healing (house rule): the die's dice at 6, one level healed a success and at
        least one, lethal first, then aggravated, then bashing."""
        count = actions.HARM_DICE.get(healing, 2)
        faces, successes = actions.count_successes(dice, count, actions.DAMAGE_DIFFICULTY)
        healed, levels = sheets.heal_levels(sheet, max(successes, 1))
        roll = _count_result(faces, successes, "healing")
        if not levels:
            return SheetChange(healed, ("You have no wounds to heal.",), (roll,))
        return SheetChange(healed, (f"{_plural(levels, 'level', 'levels')} of damage healed: you are "
                                    f"{sheets.health_text(healed)}.",), (roll,))

    def take_damage(self, sheet: Sheet, levels: int, kind: str) -> Sheet:
        """A copy of ``sheet`` with ``levels`` of ``kind`` (bashing, lethal, aggravated) damage."""
        if kind not in sheets.DAMAGE_TYPES:
            raise UsageError(f"damage type must be one of {', '.join(sheets.DAMAGE_TYPES)}, not '{kind}'")
        return sheets.take_damage(sheet, levels, kind)

    # -- checks ----------------------------------------------------------------------
    def pool_request(self, sheet: Sheet, first: str, second: str = "", *, difficulty: str = "normal",
                     tags: Iterable[str] = (), requires: Iterable[str] = (),
                     situation: Situation | None = None) -> PoolRequest:
        """Any roll of one or two traits: ``tags`` name what the action relates to (for
        specialties); ``requires`` the advanced specialties it needs (threshold +1 each missing)."""
        for trait in (first, second):
            if trait and trait not in sheets.ATTRIBUTES + sheets.ABILITIES + ("willpower",):
                raise UsageError(f"unknown trait '{trait}'")
        number, threshold = self._difficulty(difficulty)
        request = actions.pool_request(sheet, first, second, difficulty=number, threshold=threshold, tags=tags,
                                       requires=requires, untrained_knowledge=self.untrained_knowledge)
        return actions.situational(request, situation or Situation())

    def check_request(self, sheet: Sheet, kind: str, difficulty: str, situation: Situation, *,
                      tags: Iterable[str] = ()) -> PoolRequest:
        """The pool for a system-neutral check; ActionRefused for a forbidden untrained knowledge.

        ``tags`` name what else the action relates to (the item handled, a foe
        at hand), for specialties, beside the kind's own tags.
        """
        if kind not in actions.CHECKS:
            raise UsageError(f"unknown check kind '{kind}'; kinds: {', '.join(actions.CHECKS)}")
        self._difficulty(difficulty)
        return actions.check_pool(sheet, kind, difficulty, situation, self.untrained_knowledge, tags)

    def can_attempt(self, sheet: Sheet, kind: str) -> str:
        """"" when ``sheet`` may attempt a ``kind`` check, else the reason it may not."""
        try:
            self.check_request(sheet, kind, "normal", Situation())
        except ActionRefused as refusal:
            return str(refusal)
        return ""

    @staticmethod
    def _difficulty(difficulty: str) -> tuple[int, int]:
        if difficulty not in actions.DIFFICULTY:
            raise UsageError(f"unknown difficulty '{difficulty}'; difficulties: {', '.join(DIFFICULTIES)}")
        return actions.DIFFICULTY[difficulty]

    def spend_willpower(self, sheet: Sheet, request: Request, use: str = "success") -> tuple[Sheet, Request]:
        """Spend one Willpower point on ``request`` (RULES-NOTES; house-rule details):
        ``success`` adds one automatic success (one per roll), ``wounds`` gives back
        the dice lost to wounds.  ActionRefused when it cannot be spent."""
        target = request.attack if isinstance(request, AttackRequest) else request
        if use == "success":
            if target.automatic:
                raise ActionRefused("You have already spent Willpower on this roll.")
            changed = target.with_reason("Willpower: one automatic success", automatic=1)
        elif use == "wounds":
            if not target.wound_penalty:
                raise ActionRefused("Your wounds cost you no dice on this roll.")
            changed = target.with_reason("Willpower: wounds ignored", dice=target.dice + target.wound_penalty,
                                         wound_penalty=0)
        else:
            raise UsageError(f"Willpower is spent on 'success' or 'wounds', not '{use}'")
        spent = sheets.spend_willpower_point(sheet)
        if spent is None:
            raise ActionRefused("You have no Willpower left to spend.")
        if isinstance(request, AttackRequest):
            return spent, replace(request, attack=changed)
        return spent, changed

    # -- combat (house rule) --------------------------------------------------------
    def attack_request(self, attacker: Sheet, defender: Sheet, weapon: Weapon, situation: Situation) -> AttackRequest:
        return actions.attack_pools(attacker, defender, weapon, situation, self.untrained_knowledge, self.evasion)

    def attack(self, attacker: Sheet, defender: Sheet, weapon: Weapon, situation: Situation,
               dice: Dice) -> AttackResult:
        """Attack roll, evasion, then (on a hit) damage and soak, in that dice order (house rule)."""
        if sheets.condition(attacker) != "ok":
            raise ActionRefused("Incapacitated, you cannot attack.")
        return self.resolve_attack(attacker, defender, weapon, self.attack_request(attacker, defender, weapon,
                                                                                    situation), dice)

    def resolve_attack(self, attacker: Sheet, defender: Sheet, weapon: Weapon, request: AttackRequest,
                       dice: Dice) -> AttackResult:
        """Resolve a prepared (e.g. Willpower-boosted) attack request."""
        roll = self._attack_roll(request, dice)
        margin = int(roll.figures["margin"])
        if margin <= 0:
            line = "The attack is botched!" if margin < 0 else "The attack misses."
            return AttackResult(roll, False, 0, copy.deepcopy(attacker), copy.deepcopy(defender), (line,))
        count, kind = actions.damage_pool(attacker, defender, weapon, margin)
        damage_faces, damage = actions.count_successes(dice, count, actions.DAMAGE_DIFFICULTY)
        soak_count = actions.soak_pool(defender, kind)
        soak_faces, soaked = actions.count_successes(dice, soak_count, actions.SOAK_DIFFICULTY)
        levels = max(damage - soaked, 0)
        hurt = sheets.take_damage(defender, levels, kind)
        rolls = (
            _count_result(damage_faces, damage, f"{kind} damage"),
            _count_result(soak_faces, soaked, "soak"),
        )
        lines = (
            f"The attack hits with {_plural(margin, 'net success', 'net successes')}.",
            (f"Damage {_plural(count, 'die', 'dice')}: {_plural(damage, 'success', 'successes')}; "
             f"soak {_plural(soak_count, 'die', 'dice')}: {_plural(soaked, 'success', 'successes')}."),
            (f"{_plural(levels, 'level', 'levels')} of {kind} damage; the target is {sheets.health_text(hurt)}."
             if levels else "The blow is soaked without harm."),
        )
        return AttackResult(roll, True, levels, copy.deepcopy(attacker), hurt, lines, rolls)


def _plural(count: int, one: str, many: str) -> str:
    return f"{count} {one if count == 1 else many}"


def _count_result(faces: list[int], successes: int, what: str) -> RollResult:
    shown = ", ".join(map(str, faces))
    return RollResult(
        system=SYSTEM_ID, dice=tuple(faces), outcome="success" if successes else "failure",
        figures={"successes": successes, "difficulty": actions.DAMAGE_DIFFICULTY, "house_rule": True},
        text=f"{what}: {len(faces)}d10 ({shown}) vs 6: {_plural(successes, 'success', 'successes')} (house rule)",
        rule=f"{actions.HOUSE_RULE}: {what} roll, successes at 6, 1s cancel nothing",
    )


def make_system(options: Mapping[str, str]) -> MaelstromSystem:
    """A configured Maelstrom system (registry entry point)."""
    return MaelstromSystem(options)
