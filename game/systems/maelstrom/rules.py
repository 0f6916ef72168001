"""Maelstrom (seed 004, James Tanner; MIT): d10 pools of attribute + ability,
successes at or above a difficulty, thresholds, botches, exploding specialties.

This module is the system object the engine holds.  The pool lives in
:mod:`game.systems.maelstrom.pool`, its exact odds in :mod:`game.systems.maelstrom.odds`,
sheets in :mod:`game.systems.maelstrom.sheet`, pools from sheets and the combat house rule
(the rules text's Combat chapter is empty) in :mod:`game.systems.maelstrom.actions`.

Beyond the :class:`~game.rules.base.RuleSystem` protocol the play layer may call
:meth:`~MaelstromSystem.pool_request` (any one or two traits, with specialty ``tags`` and
the advanced specialties it ``requires``), :meth:`~MaelstromSystem.can_attempt` ("" or why
not: a knowledge at zero dots under ``untrained_knowledge = "forbidden"``, seed 004
§Knowledges), :meth:`~MaelstromSystem.spend_willpower`, :meth:`~MaelstromSystem.take_damage`
and :meth:`~MaelstromSystem.wound`, :meth:`~MaelstromSystem.resolve_attack` (an attack
request changed first, e.g. by Willpower), and :meth:`~MaelstromSystem.check_request` with
``tags`` (the item handled, a foe at hand).

Results carry events (:mod:`game.systems.maelstrom.events`), never prose: the play layer
words them through its narrator.  Rule calls take the actors' ids only to name them in
those events.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from fractions import Fraction
from typing import Any, overload

from game.errors import ActionRefused, UsageError
from game.events import PLAYER
from game.rules.base import DIFFICULTIES, AttackResult, Odds, RestResult, RollResult, SheetChange, Situation, Weapon, share
from game.rules.dice import Dice
from game.systems.maelstrom import actions, approaches, body, build, pool
from game.systems.maelstrom import odds as mo
from game.systems.maelstrom import sheet as sheets
from game.systems.maelstrom.actions import AttackRequest
from game.systems.maelstrom.approaches import Approach
from game.systems.maelstrom.build import ITEM_STATS as ITEM_STATS
from game.systems.maelstrom.build import NPC_STATS as NPC_STATS
from game.systems.maelstrom.build import PLAYER_STATS as PLAYER_STATS
from game.systems.maelstrom.events import ATTACKER, DEFENDER, AttackBotched, AttackHit, AttackMissed, WillpowerUse
from game.systems.maelstrom.pool import PoolRequest
from game.systems.maelstrom.sheet import MaelstromMoment, MaelstromSheet

SYSTEM_ID = "maelstrom"
SUMMARY = "Maelstrom: d10 pools of attribute + ability vs a difficulty; thresholds, botches, exploding specialties"
OPTIONS: dict[str, tuple[str, ...]] = {
    # seed 004 §Knowledges: no dots, no attempt; "penalised" is the storyteller's allowance.
    "untrained_knowledge": ("forbidden", "penalised"),
    # House rule: the defender's reflexive Reflexes + Dodge roll against every attack.
    "evasion": ("opposed", "none"),
    # seed 004 §Perception: "used for searching"; §Alertness: noticing "items of interest".
    # Searching is Perception + Alertness; "investigation" reads it as the Knowledge.
    "search": ("alertness", "investigation"),
    # House rule: an exotica or gift used as a weapon is thrown or loosed (Precision +
    # Athletics, seed §Precision "thrown weapons"), or an energy weapon (Precision + Melee,
    # needing the advanced Energy Weapons specialty).
    "relic_weapons": ("thrown", "energy-weapons"),
    # House rule: each evasion after the first in a round costs this many dice per earlier one.
    "evasion_cost": ("2", "1", "0"),
    # seed 004 §Dice Pool: the way is the player's, asked the first time ("ask"); or always the
    # first way unless the command names another ("first": the player's standing choice).
    "ways": ("ask", "first"),
    # House rule (seed 004 §Step 4): successes beyond the first buy time, knowledge or a clean
    # getaway outside combat ("on"), or only the bare result ("off").
    "degrees": ("on", "off"),
}

#: ``odds``/``roll`` keys of the command line: name -> (default or None if required, lowest, highest).
KEYS: dict[str, tuple[int | None, int, int]] = {
    "dice": (None, 0, 30),
    "difficulty": (pool.DEFAULT_DIFFICULTY, pool.MIN_DIFFICULTY, pool.MAX_DIFFICULTY),
    "threshold": (0, 0, 30),
    # one specialty per dot in the ability, and abilities have at most five dots
    "specialties": (0, 0, sheets.MAX_DOTS),
}

Request = PoolRequest | AttackRequest
AttackOutcome = AttackResult[MaelstromSheet]


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


def describe_request(request: PoolRequest) -> str:
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


def percent(p: Fraction) -> str:
    """A chance as the question of ways shows it: ``62.3%``."""
    return f"{float(p) * 100:.1f}%"


def _odds(entries: mo.Entries, description: str) -> Odds:
    """Step 4's outcomes of a signed-net distribution in counts (:mod:`maelstrom_odds`):
    botch and failure summed as integers, so that each Fraction is built once."""
    top = max(exponent for _, _, exponent in entries)
    botch = sum(count * 10 ** (top - exponent) for net, count, exponent in entries if net < 0)
    failure = sum(count * 10 ** (top - exponent) for net, count, exponent in entries if net == 0)
    p_botch, p_failure = mo.fraction(botch, top), mo.fraction(failure, top)
    return Odds(
        system=SYSTEM_ID, p_success=1 - p_botch - p_failure,
        probabilities={"p_failure": p_failure, "p_botch": p_botch},
        distribution={str(net): p for net, p in mo.fractions_of(entries).items() if p},
        description=description,
    )


def _entries(request: PoolRequest) -> mo.Entries:
    counts = mo.net_counts(request.dice, request.difficulty, request.threshold, request.specialties)
    return mo.with_automatic(counts, request.automatic)


def _attack_entries(request: AttackRequest) -> mo.Entries:
    """The hit margin's distribution (integer counts until the end)."""
    attack = _entries(request.attack)
    if request.evasion is None:
        return attack
    return mo.opposed(attack, _entries(request.evasion))


class MaelstromSystem:
    """The Maelstrom rule system, configured with the adventure's options.

    Structurally a ``RuleSystem[MaelstromSheet, Request, MaelstromMoment | None]``.
    """

    id = SYSTEM_ID
    name = "Maelstrom"
    summary = SUMMARY
    seed = "004"

    def __init__(self, options: Mapping[str, str]) -> None:
        self.untrained_knowledge = options.get("untrained_knowledge", OPTIONS["untrained_knowledge"][0])
        self.evasion = options.get("evasion", OPTIONS["evasion"][0]) == "opposed"
        self.search_ability = options.get("search", OPTIONS["search"][0])
        self.relic_weapons = options.get("relic_weapons", OPTIONS["relic_weapons"][0])
        self.evasion_cost = int(options.get("evasion_cost", OPTIONS["evasion_cost"][0]))
        self.ask_ways = options.get("ways", OPTIONS["ways"][0]) == "ask"
        self.degrees = options.get("degrees", OPTIONS["degrees"][0]) == "on"

    # -- the command line's requests -------------------------------------------
    def parse_request(self, keys: Mapping[str, str]) -> PoolRequest:
        return parse_request(keys)

    def odds(self, request: Request) -> Odds:
        """Exact odds; distribution over the signed net result (attacks: the hit margin)."""
        if isinstance(request, AttackRequest):
            description = "attack " + describe_request(request.attack)
            if request.evasion:
                description += "; evasion " + describe_request(request.evasion)
            elif request.down:
                description += "; it is down, and cannot evade"
            return _odds(_attack_entries(request), description)
        odds = _odds(_entries(request), describe_request(request))
        others = [f"{phrase} ({describe_request(other)}): {percent(self.odds(other).p_success)}"
                  for phrase, other in request.alternatives]
        if not others:
            return odds
        return replace(odds, description=odds.description + "; other ways: " + "; ".join(others))

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

    # -- sheets and moments as saved data ----------------------------------------------
    def sheet_from_data(self, data: Mapping[str, Any]) -> MaelstromSheet:
        return MaelstromSheet.from_data(data)

    def sheet_to_data(self, sheet: MaelstromSheet) -> dict[str, Any]:
        return sheet.to_data()

    def moment_from_data(self, data: Mapping[str, Any]) -> MaelstromMoment | None:
        return MaelstromMoment.from_data(data)

    def moment_to_data(self, moment: MaelstromMoment | None) -> dict[str, Any]:
        return moment.to_data() if moment is not None else {}

    def migrate_v1(self, state: dict[str, Any]) -> dict[str, Any]:
        """Format 1 kept the readied Willpower in the player's sheet (``willpower_armed``,
        "" for none); format 2 keeps it in ``moment``.  NPCs never readied any."""
        out = dict(state)
        armed = out["player"].get("willpower_armed", "")
        out["player"] = _without_scratch(out["player"])
        out["npcs"] = {npc_id: {**npc, "sheet": _without_scratch(npc["sheet"])}
                       for npc_id, npc in dict(out.get("npcs", {})).items()}
        out["moment"] = {"willpower_armed": armed} if armed else {}
        return out

    # -- sheets ---------------------------------------------------------------------
    def new_character(self, stats: Mapping[str, Any] | None, dice: Dice) -> MaelstromSheet:
        """Content stats over a blank sheet (attributes 2), or creation from dice (Maelstrom's public rules)."""
        if stats:
            return build.apply_stats(sheets.blank_sheet(), stats)
        return build.create_character(dice)

    def carry_npc_state(self, saved: MaelstromSheet, fresh: MaelstromSheet) -> MaelstromSheet:
        return saved.with_definition_of(fresh)

    def npc_sheet(self, tier: int, stats: Mapping[str, Any] | None, creature: str = "biological") -> MaelstromSheet:
        """The tier's sheet (house rule) with the content's stats laid over it; ``creature`` its type."""
        base = build.npc_from_tier(tier, creature)
        return build.apply_stats(base, stats) if stats else base

    def condition(self, sheet: MaelstromSheet) -> str:
        return sheet.condition

    def health(self, sheet: MaelstromSheet) -> str:
        """``Hurt (-1), WP 2/3``: the level on the track and Willpower points."""
        return f"{sheet.level.text}, WP {sheet.willpower_points}/{sheet.willpower}"

    def health_fraction(self, sheet: MaelstromSheet) -> float:
        """The boxes of the health track still empty, out of its eight (each box a level of
        damage; with the last, Incapacitated, filled it is 0.0); 0.0 when dead.  Willpower is
        not health and does not count."""
        return 0.0 if sheet.dead else share(sheets.TRACK - sheet.boxes, sheets.TRACK)

    def sheet_lines(self, sheet: MaelstromSheet) -> list[str]:
        return sheets.sheet_lines(sheet)

    def rest(self, sheet: MaelstromSheet, kind: str, fed: bool, dice: Dice, *, who: str = PLAYER) -> RestResult[MaelstromSheet]:
        """Short: one bashing level; long: all bashing, one worse level, one Willpower (house rule)."""
        rested, events = body.rest(sheet, kind, fed, who)
        return RestResult(rested, events=events)

    def harm(self, sheet: MaelstromSheet, damage: str, dice: Dice, *, who: str = PLAYER) -> SheetChange[MaelstromSheet]:
        """Harm from no attacker (house rule): the die's damage dice at 6, one level of
        bashing damage a success and at least one; no soak (the desert ignores armour)."""
        count = actions.HARM_DICE.get(damage, 2)
        faces, successes = actions.count_successes(dice, count, actions.DAMAGE_DIFFICULTY)
        hurt, events = body.wound(sheet, max(successes, 1), "bashing", who, at_least_one=not successes)
        return SheetChange(hurt, rolls=(_count_result(faces, successes, "harm"),), events=events)

    def heal(self, sheet: MaelstromSheet, healing: str, dice: Dice, *, who: str = PLAYER) -> SheetChange[MaelstromSheet]:
        """Healing (house rule): the die's dice at 6, one level healed a success and at
        least one, lethal first, then aggravated, then bashing."""
        count = actions.HARM_DICE.get(healing, 2)
        faces, successes = actions.count_successes(dice, count, actions.DAMAGE_DIFFICULTY)
        healed, events = body.heal_levels(sheet, max(successes, 1), who)
        return SheetChange(healed, rolls=(_count_result(faces, successes, "healing"),), events=events)

    def take_damage(self, sheet: MaelstromSheet, levels: int, kind: str) -> MaelstromSheet:
        """``sheet`` with ``levels`` of ``kind`` (bashing, lethal, aggravated) damage."""
        return self.wound(sheet, levels, kind).sheet

    def wound(self, sheet: MaelstromSheet, levels: int, kind: str, *, who: str = PLAYER) -> SheetChange[MaelstromSheet]:
        """Mark ``levels`` of ``kind`` damage from no roll (a botch's hurt), with its events."""
        if kind not in sheets.DAMAGE_TYPES:
            raise UsageError(f"damage type must be one of {', '.join(sheets.DAMAGE_TYPES)}, not '{kind}'")
        hurt, events = body.wound(sheet, levels, kind, who)
        return SheetChange(hurt, events=events)

    # -- checks ----------------------------------------------------------------------
    def pool_request(self, sheet: MaelstromSheet, first: str, second: str = "", *, difficulty: str = "normal",
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

    def check_request(self, sheet: MaelstromSheet, kind: str, difficulty: str, situation: Situation, *,
                      tags: Iterable[str] = (), way: Approach | None = None) -> PoolRequest:
        """The pool for a system-neutral check; ActionRefused for a forbidden untrained knowledge.

        ``tags`` name what else the action relates to (the item handled, a foe
        at hand), for specialties, beside the kind's own tags; ``way`` is the way
        chosen to perform it (seed 004 §Dice Pool: "a choice of different ways").
        """
        if kind not in actions.CHECKS:
            raise UsageError(f"unknown check kind '{kind}'; kinds: {', '.join(actions.CHECKS)}")
        self._difficulty(difficulty)
        return actions.check_pool(sheet, kind, difficulty, situation, self.untrained_knowledge, tags,
                                  search=self.search_ability, way=way)

    def ways(self, sheet: MaelstromSheet, kind: str) -> tuple[Approach, ...]:
        """The ways ``sheet`` may perform a ``kind`` check (seed 004 §Dice Pool), the default
        first; a way needing a knowledge at zero dots is left out when it cannot be attempted
        (seed 004 §Knowledges)."""
        return tuple(way for way in approaches.ways_of(kind) if self._attemptable(sheet, kind, way))

    def _attemptable(self, sheet: MaelstromSheet, kind: str, way: Approach) -> bool:
        try:
            self.check_request(sheet, kind, "normal", Situation(), way=way)
        except ActionRefused:
            return False
        return True

    def can_attempt(self, sheet: MaelstromSheet, kind: str) -> str:
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

    @overload
    def spend_willpower(self, sheet: MaelstromSheet, request: PoolRequest,
                        use: WillpowerUse = ...) -> tuple[MaelstromSheet, PoolRequest]: ...

    @overload
    def spend_willpower(self, sheet: MaelstromSheet, request: AttackRequest,
                        use: WillpowerUse = ...) -> tuple[MaelstromSheet, AttackRequest]: ...

    def spend_willpower(self, sheet: MaelstromSheet, request: Request,
                        use: WillpowerUse = WillpowerUse.SUCCESS) -> tuple[MaelstromSheet, Request]:
        """Spend one Willpower point on ``request`` (Maelstrom's public rules; house-rule details):
        ``SUCCESS`` adds one automatic success (one per roll), ``WOUNDS`` gives back
        the dice lost to wounds.  ActionRefused when it cannot be spent."""
        target = request.attack if isinstance(request, AttackRequest) else request
        if use is WillpowerUse.SUCCESS:
            if target.automatic:
                raise ActionRefused("You have already spent Willpower on this roll.")
            changed = target.with_reason("Willpower: one automatic success", automatic=1)
        else:
            if not target.wound_penalty:
                raise ActionRefused("Your wounds cost you no dice on this roll.")
            changed = target.with_reason("Willpower: wounds ignored", dice=target.dice + target.wound_penalty,
                                         wound_penalty=0)
        spent = body.spend_willpower_point(sheet)
        if spent is None:
            raise ActionRefused("You have no Willpower left to spend.")
        if isinstance(request, AttackRequest):
            return spent, replace(request, attack=changed)
        return spent, changed

    # -- combat (house rule) --------------------------------------------------------
    def attack_request(self, attacker: MaelstromSheet, defender: MaelstromSheet, weapon: Weapon,
                       situation: Situation) -> AttackRequest:
        return actions.attack_pools(attacker, defender, weapon, situation, self.untrained_knowledge, self.evasion)

    def attack(self, attacker: MaelstromSheet, defender: MaelstromSheet, weapon: Weapon, situation: Situation,
               dice: Dice, *, attacker_id: str = ATTACKER, defender_id: str = DEFENDER) -> AttackOutcome:
        """Attack roll, evasion, then (on a hit) damage and soak, in that dice order (house rule)."""
        if attacker.condition != "ok":
            raise ActionRefused("Incapacitated, you cannot attack.")
        request = self.attack_request(attacker, defender, weapon, situation)
        return self.resolve_attack(attacker, defender, weapon, request, dice,
                                   attacker_id=attacker_id, defender_id=defender_id)

    def resolve_attack(self, attacker: MaelstromSheet, defender: MaelstromSheet, weapon: Weapon,
                       request: AttackRequest, dice: Dice, *, attacker_id: str = ATTACKER,
                       defender_id: str = DEFENDER) -> AttackOutcome:
        """Resolve a prepared (e.g. Willpower-boosted) attack request.

        Events: :class:`AttackBotched` (its consequence is the play layer's),
        :class:`AttackMissed`, or :class:`AttackHit` and what the damage did.
        """
        roll = self._attack_roll(request, dice)
        margin = int(roll.figures["margin"])
        if margin < 0:
            return AttackResult(roll, False, 0, attacker, defender, events=(AttackBotched(attacker_id, defender_id),))
        if margin == 0:
            evaded = int(roll.figures["attack_net"]) > 0
            return AttackResult(roll, False, 0, attacker, defender,
                                events=(AttackMissed(attacker_id, defender_id, evaded),))
        count, kind = actions.damage_pool(attacker, defender, weapon, margin)
        difficulty = actions.damage_difficulty(defender, weapon)
        damage_faces, damage = actions.count_successes(dice, count, difficulty)
        soak_faces, soaked = actions.count_successes(dice, actions.soak_pool(defender, kind), actions.SOAK_DIFFICULTY)
        levels = max(damage - soaked, 0)
        hurt = body.take_damage(defender, levels, kind)
        rolls = (_count_result(damage_faces, damage, f"{kind} damage", difficulty),
                 _count_result(soak_faces, soaked, "soak"))
        hit = AttackHit(attacker_id, defender_id, margin, damage, soaked, levels, kind, hurt.level,
                        hurt.condition == "ok")
        return AttackResult(roll, True, levels, attacker, hurt, rolls=rolls,
                            events=(hit, *body.aftermath(defender, hurt, defender_id)))


def _without_scratch(sheet: Mapping[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in sheet.items() if key not in sheets.LEGACY_SCRATCH}


def _plural(count: int, one: str, many: str) -> str:
    return f"{count} {one if count == 1 else many}"


def _count_result(faces: list[int], successes: int, what: str,
                  difficulty: int = actions.DAMAGE_DIFFICULTY) -> RollResult:
    shown = ", ".join(map(str, faces))
    return RollResult(
        system=SYSTEM_ID, dice=tuple(faces), outcome="success" if successes else "failure",
        figures={"successes": successes, "difficulty": difficulty, "house_rule": True},
        text=f"{what}: {len(faces)}d10 ({shown}) vs {difficulty}: {_plural(successes, 'success', 'successes')}",
        rule=f"{actions.HOUSE_RULE}: {what} roll, successes at {difficulty}, 1s cancel nothing",
    )


def make_system(options: Mapping[str, str]) -> MaelstromSystem:
    """A configured Maelstrom system (registry entry point)."""
    return MaelstromSystem(options)
