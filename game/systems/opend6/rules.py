"""OpenD6 (seed 002): die codes, a Wild Die on every roll, wounds or Body Points.

This module is the system object the engine holds; the rules live beside it, all pure:
``codes`` (die codes, difficulties, kinds, weapons), ``roll`` (the Wild Die, exact odds,
Character and Fate Point dice), ``types`` (the typed sheet and moment, the format-1
migration), ``make`` (content stats, creation, NPC tiers), ``sheet`` (damage tracks,
rest, points), ``combat`` (attacks), ``initiative`` and ``events`` (what they tell the
narrator).

Beyond the :class:`~game.rules.base.RuleSystem` protocol, :class:`OpenD6` offers the
system's own economy and timing: :meth:`~OpenD6.hint` (a sentence for a hidden
difficulty), :meth:`~OpenD6.with_fate_point` and :meth:`~OpenD6.add_character_die` (the
points, before and after a roll) with :meth:`~OpenD6.spend_point`,
:meth:`~OpenD6.moment_lines`, :meth:`~OpenD6.end_adventure` (points restored and
awarded), :meth:`~OpenD6.roll_initiative`, :meth:`~OpenD6.end_round` (stuns wearing off,
the mortally wounded rolling to stay alive) and :meth:`~OpenD6.stats_problems`.  The
protocol's ``harm`` and ``heal`` map a neutral die to a code as weapon damage is.

The play layer is :mod:`game.systems.opend6.play`; every choice the rules text leaves
open is on the player's page ``docs/rules/opend6.md`` and, for the code,
``docs/internals/opend6.md``.
"""
from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from game.errors import UsageError
from game.rules.base import AttackResult, Odds, RestResult, RollResult, SheetChange, Situation, Weapon
from game.rules.dice import Dice
from game.systems.opend6 import codes, combat, initiative, make, types
from game.systems.opend6 import roll as rolls
from game.systems.opend6 import sheet as sheets
from game.systems.opend6.make import ITEM_STATS as ITEM_STATS
from game.systems.opend6.make import NPC_STATS as NPC_STATS
from game.systems.opend6.make import PLAYER_STATS as PLAYER_STATS
from game.systems.opend6.roll import D6Request
from game.systems.opend6.types import D6Moment, D6Sheet

SYSTEM_ID = "opend6"
SUMMARY = "OpenD6: roll your die code (3D+1) with a Wild Die that explodes on 6; meet the difficulty."
OPTIONS: dict[str, tuple[str, ...]] = {
    "wild_one": rolls.WILD_ONE,
    "damage": sheets.DAMAGE_SYSTEMS,
    # In play, a Wild Die complication also sets the actor back 1D on their next action
    # ("setback", house rule), or it is the roll's own matter only (the seed's reading).
    "complication": ("story", "setback"),
    # In play, ``odds`` keeps the Game Master's difficulty number hidden (seed 002), or shows it.
    "difficulty_in_odds": ("hidden", "shown"),
    # A Fate Point doubles the dice of "one action only" (the attack roll), or also the
    # damage of that action (house rule).
    "fate_damage": ("action", "doubled"),
    # The player's defence against an NPC's attack: the static number from dodge (or a
    # parry), or an active dodge or parry rolled each time (OpenD6's active defence), each
    # one more action in the round (-1D, -2D, ...: the multiple-action penalty), or free.
    "defence": ("static", "active", "active-free"),
    # Who acts first in a round of combat: everyone rolls Perception each round, highest first
    # (OpenD6's initiative), or the player always acts first (house rule, the order before it).
    "initiative": initiative.MODES,
    # When the game asks to spend a Character Point after a failed roll (seed 002 §Improving
    # Rolls: "after you've made a roll"): whenever the points left could still turn it, a die
    # each (at most 6 short a point), or only when one die could (house rule, the question before).
    "cp_offer": ("reachable", "one-die"),
}
REQUEST_KEYS: tuple[str, ...] = ("dice", "pips", "difficulty")


def _int_key(keys: Mapping[str, str], key: str, low: int, high: int, default: int | None = None) -> int:
    """Integer value of ``key`` in ``low..high``; UsageError naming the key otherwise."""
    if key not in keys:
        if default is None:
            raise UsageError(f"opend6 needs {key}=...; keys: dice=N pips=P (default 0) difficulty=D")
        return default
    text = keys[key]
    try:
        value = int(str(text).strip())
    except ValueError:
        raise UsageError(f"{key}={text}: expected a whole number") from None
    if not low <= value <= high:
        raise UsageError(f"{key}={text}: must be from {low} to {high}")
    return value


class OpenD6:
    """The OpenD6 rule system, configured with ``wild_one`` and ``damage`` options."""

    id = SYSTEM_ID
    name = "OpenD6"
    summary = SUMMARY
    seed = "002"

    def __init__(self, wild_one: str = "complication", damage: str = "wounds", complication: str = "story",
                 difficulty_in_odds: str = "hidden", fate_damage: str = "action", defence: str = "static",
                 initiative: str = "perception", cp_offer: str = "reachable") -> None:
        chosen = {"wild_one": wild_one, "damage": damage, "complication": complication,
                  "difficulty_in_odds": difficulty_in_odds, "fate_damage": fate_damage, "defence": defence,
                  "initiative": initiative, "cp_offer": cp_offer}
        for key, value in chosen.items():
            if value not in OPTIONS[key]:
                raise UsageError(f"option {key} = {value!r} must be one of: {', '.join(OPTIONS[key])}")
        self.wild_one = wild_one
        self.damage = damage
        self.complication = complication
        self.difficulty_in_odds = difficulty_in_odds
        self.fate_damage = fate_damage
        self.defence = defence
        self.initiative = initiative
        self.cp_offer = cp_offer

    # -- the command line's requests ----------------------------------------------
    def parse_request(self, keys: Mapping[str, str]) -> D6Request:
        """``dice=N`` (1..60, one of them the Wild Die) ``pips=P`` (default 0) ``difficulty=D``."""
        for key in keys:
            if key not in REQUEST_KEYS:
                raise UsageError(f"unknown key '{key}' for opend6; valid keys: {', '.join(REQUEST_KEYS)}")
        return D6Request(
            dice=_int_key(keys, "dice", 1, rolls.MAX_DICE),
            pips=_int_key(keys, "pips", -1000, 1000, default=0),
            difficulty=_int_key(keys, "difficulty", -1000, 10000),
            wild_one=self.wild_one,
        )

    def odds(self, request: D6Request) -> Odds:
        """Exact odds (tail of the Wild Die cut below 1e-12); see :func:`opend6_roll.odds`."""
        return rolls.odds(request)

    def roll(self, request: D6Request, dice: Dice) -> RollResult:
        """Faces: the N-1 ordinary dice, then the Wild Die and each of its re-rolls."""
        return rolls.roll(request, dice)

    # -- sheets and the moment as saved data ---------------------------------------------
    def sheet_from_data(self, data: Mapping[str, Any]) -> D6Sheet:
        """A sheet from saved data; ValueError naming the field when it is not one (Body Points
        are required under the body-points damage system)."""
        sheet = D6Sheet.from_data(data)
        if self.damage == "body-points" and sheet.body_points is None:
            raise ValueError("body_points: missing (the adventure plays with Body Points)")
        return sheet

    def sheet_to_data(self, sheet: D6Sheet) -> dict[str, Any]:
        return sheet.to_data()

    def moment_from_data(self, data: Mapping[str, Any]) -> D6Moment | None:
        return D6Moment.from_data(data)

    def moment_to_data(self, moment: D6Moment | None) -> dict[str, Any]:
        return moment.to_data() if moment is not None else {}

    def migrate_v1(self, state: dict[str, Any]) -> dict[str, Any]:
        """Format-1 scratch keys of the sheets lifted into the moment (see :func:`opend6_types.migrate_v1`)."""
        return types.migrate_v1(state)

    # -- play ------------------------------------------------------------------
    def new_character(self, stats: Mapping[str, Any] | None, dice: Dice) -> D6Sheet:
        return make.new_character(stats, dice, self.damage, self.wild_one)

    def carry_npc_state(self, saved: D6Sheet, fresh: D6Sheet) -> D6Sheet:
        return sheets.carry_npc_state(saved, fresh)

    def npc_sheet(self, tier: int, stats: Mapping[str, Any] | None, creature: str = "biological") -> D6Sheet:
        return make.npc_sheet(tier, stats, self.damage, creature)

    def check_request(self, sheet: D6Sheet, kind: str, difficulty: str, situation: Situation,
                      topics: Collection[str] = ()) -> D6Request:
        """Attribute + skill for ``kind`` (or a specialization covering the kind or one of
        ``topics``, named in the label: ``Knowledge + scholar: lore``), less wound dice; the
        difficulty's number unless ``situation.target`` gives one."""
        skill = codes.kind_skill(kind)
        number = situation.target if situation.target is not None else codes.difficulty_number(difficulty)
        _, name = sheets.rolled_code(sheet, skill, (kind, *topics))
        label = f"{codes.SKILLS[skill].title()} + {name}"
        return D6Request.of(sheets.action_code(sheet, skill, situation, (kind, *topics)), number, self.wild_one,
                            label)

    def attack_request(self, attacker: D6Sheet, defender: D6Sheet, weapon: Weapon, situation: Situation,
                       topics: Collection[str] = ()) -> D6Request:
        """The attack roll; ``topics`` (the weapon's item id and kind) may call on a specialization."""
        return combat.attack_request(attacker, defender, weapon, situation, self.wild_one, topics)

    def attack(self, attacker: D6Sheet, defender: D6Sheet, weapon: Weapon, situation: Situation,
               dice: Dice) -> AttackResult[D6Sheet]:
        return combat.attack(attacker, defender, weapon, situation, dice, self.damage, self.wild_one)

    def condition(self, sheet: D6Sheet) -> str:
        return sheets.condition(sheet, self.damage)

    def health(self, sheet: D6Sheet) -> str:
        return sheets.health(sheet, self.damage)

    def health_fraction(self, sheet: D6Sheet) -> float:
        """Body Points against their maximum under ``damage = "body-points"``; else the share
        the wound level leaves (:data:`~game.systems.opend6.sheet.HEALTH_SHARE`)."""
        return sheets.health_fraction(sheet, self.damage)

    def sheet_lines(self, sheet: D6Sheet) -> list[str]:
        """Attributes with their skills (skills shown as the total code rolled), damage, points."""
        lines = []
        for name in codes.ATTRIBUTES:
            skills = [
                f"{skill} {sheets.skill_code(sheet, skill)}"
                for skill, attribute in codes.SKILLS.items()
                if attribute == name and skill in sheet.skills
            ]
            extra = f"  ({', '.join(skills)})" if skills else ""
            lines.append(f"{name.title():<13}{sheet.attribute(name)}{extra}")
        for name, spec in sheet.specializations.items():
            lines.append(f"Specialized  {name} {spec.code} ({', '.join(spec.covers)})")
        if sheet.armor.steps:
            lines.append(f"Armor        {sheet.armor}")
        lines.append(f"Health       {self.health(sheet)}")
        lines.append(f"Character Points {sheet.character_points}, Fate Points {sheet.fate_points}")
        if not sheet.cp_prompt:
            lines.append("You are not asked to spend Character Points (points on).")
        return lines

    def moment_lines(self, moment: D6Moment | None, who: str) -> list[str]:
        """What the moment adds to ``who``'s sheet lines: a Fate Point armed, a complication pending."""
        if moment is None:
            return []
        lines = ["A Fate Point is waiting: your next roll uses twice the dice."] if moment.fate_armed else []
        if moment.cp_armed:
            lines.append(f"Character Points set aside: +{moment.cp_armed}D to your next roll.")
        if moment.cp_damage:
            lines.append(f"Character Points set aside: +{moment.cp_damage}D to the damage of your next hit.")
        if moment.cp_resist:
            lines.append(f"Character Points set aside: +{moment.cp_resist}D to your next resistance roll.")
        if moment.setback(who) is not None:
            lines.append("Shaken by a complication: -1D to your next action.")
        return lines

    def rest(self, sheet: D6Sheet, kind: str, fed: bool, dice: Dice) -> RestResult[D6Sheet]:
        return sheets.rest(sheet, kind, fed, dice, self.damage, self.wild_one)

    def harm(self, sheet: D6Sheet, damage: str, dice: Dice) -> SheetChange[D6Sheet]:
        """Harm from no attacker: ``damage`` (a die like ``d4``) mapped as weapon damage,
        rolled, then resisted (wounds) or taken off the Body Points."""
        return combat.harm(sheet, damage, dice, self.damage, self.wild_one)

    def heal(self, sheet: D6Sheet, healing: str, dice: Dice) -> SheetChange[D6Sheet]:
        """Healing: ``healing`` (a die like ``d6``) mapped to a code and rolled; see
        :func:`opend6_sheet.heal`."""
        return sheets.heal(sheet, healing, dice, self.damage, self.wild_one)

    # -- the system's own economy and timing ---------------------------------------
    def hint(self, difficulty: str, subject: str = "") -> str:
        return codes.hint(difficulty, subject)

    def with_fate_point(self, request: D6Request) -> D6Request:
        return rolls.with_fate_point(request)

    def add_character_die(self, request: D6Request, result: RollResult, dice: Dice) -> RollResult:
        return rolls.add_character_die(request, result, dice)

    def spend_point(self, sheet: D6Sheet, kind: str, heroic: bool = False) -> D6Sheet:
        return sheets.spend_point(sheet, kind, heroic)

    def end_adventure(self, sheet: D6Sheet, goals_completed: int = 0) -> D6Sheet:
        return sheets.end_adventure(sheet, goals_completed)

    def roll_initiative(self, sheets: Sequence[tuple[str, D6Sheet]], dice: Dice) -> initiative.Initiative:
        """Each actor's Perception roll and the round's order (see :mod:`opend6_initiative`)."""
        return initiative.roll_initiative(sheets, dice, self.wild_one)

    def end_round(self, sheet: D6Sheet, dice: Dice, who: str) -> RestResult[D6Sheet]:
        return sheets.end_round(sheet, dice, self.damage, self.wild_one, who)

    def stats_problems(self, stats: Mapping[str, Any]) -> list[str]:
        return make.stats_problems(stats)


def make_system(options: Mapping[str, str]) -> OpenD6:
    """An :class:`OpenD6` configured with ``[adventure.rules] opend6 = {...}``."""
    return OpenD6(**{key: str(options.get(key, values[0])) for key, values in OPTIONS.items()})
