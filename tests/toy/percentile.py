"""A sixth rule system, for tests only: d100 roll-under, in a few dozen lines.

It implements :class:`game.rules.base.RuleSystem` and nothing else: no play
module, no narrator, no verbs.  That it plays the bundled adventure shows the
protocol is enough for a new system.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from game.rules.base import AttackResult, Odds, RollResult, SheetChange, Situation, Weapon, carried_health, share
from game.rules.dice import Dice

TARGETS = {"easy": 30, "normal": 0, "hard": -20, "extreme": -40, "legendary": -60}


@dataclass(frozen=True)
class Sheet:
    skill: int
    hp: int
    max_hp: int

    def to_data(self) -> dict[str, Any]:
        return {"skill": self.skill, "hp": self.hp, "max_hp": self.max_hp}


@dataclass(frozen=True)
class Request:
    target: int


class Percentile:
    id = "percentile"
    name = "Percentile"
    summary = "d100 roll-under a skill"
    seed = "tests only"

    def sheet_from_data(self, data: Mapping[str, Any]) -> Sheet:
        return Sheet(int(data["skill"]), int(data["hp"]), int(data["max_hp"]))

    def sheet_to_data(self, sheet: Sheet) -> dict[str, Any]:
        return sheet.to_data()

    def moment_from_data(self, data: Mapping[str, Any]) -> None:
        return None

    def moment_to_data(self, moment: None) -> dict[str, Any]:
        return {}

    def migrate_v1(self, state: dict[str, Any]) -> dict[str, Any]:
        return state

    def parse_request(self, keys: Mapping[str, str]) -> Request:
        return Request(int(keys.get("target", "50")))

    def odds(self, request: Request) -> Odds:
        p = Fraction(max(0, min(100, request.target)), 100)
        return Odds(self.id, p, {"p_failure": 1 - p}, {"success": p, "failure": 1 - p})

    def roll(self, request: Request, dice: Dice) -> RollResult:
        face = dice.roll(100)
        outcome = "success" if face <= request.target else "failure"
        return RollResult(self.id, (face,), outcome, {"target": request.target}, f"d100 {face} vs {request.target}: {outcome}",
                          "percentile")

    def new_character(self, stats: Mapping[str, Any] | None, dice: Dice) -> Sheet:
        return Sheet(skill=95, hp=40, max_hp=40)

    def npc_sheet(self, tier: int, stats: Mapping[str, Any] | None, creature: str = "biological") -> Sheet:
        return Sheet(skill=20 + 5 * tier, hp=2 * tier, max_hp=2 * tier)

    def carry_npc_state(self, saved: Sheet, fresh: Sheet) -> Sheet:
        return replace(fresh, hp=carried_health(saved.hp, saved.max_hp, fresh.max_hp, 0))

    def check_request(self, sheet: Sheet, kind: str, difficulty: str, situation: Situation) -> Request:
        return Request(sheet.skill + TARGETS[difficulty] if situation.target is None else situation.target)

    def attack_request(self, attacker: Sheet, defender: Sheet, weapon: Weapon, situation: Situation) -> Request:
        return Request(attacker.skill)

    def attack(self, attacker: Sheet, defender: Sheet, weapon: Weapon, situation: Situation, dice: Dice) -> AttackResult[Sheet]:
        roll = self.roll(self.attack_request(attacker, defender, weapon, situation), dice)
        damage = dice.roll(int(weapon.damage.lstrip("d") or 4)) if roll.succeeded else 0
        hurt = replace(defender, hp=defender.hp - damage)
        return AttackResult(roll, roll.succeeded, damage, attacker, hurt)

    def condition(self, sheet: Sheet) -> str:
        return "ok" if sheet.hp > 0 else "dead"

    def health(self, sheet: Sheet) -> str:
        return f"HP {sheet.hp}/{sheet.max_hp}"

    def health_fraction(self, sheet: Sheet) -> float:
        """HP against maximum HP (0.0 at 0 HP, when the toy's characters die)."""
        return share(sheet.hp, sheet.max_hp)

    def sheet_lines(self, sheet: Sheet) -> list[str]:
        return [f"Skill {sheet.skill}%", self.health(sheet)]

    def rest(self, sheet: Sheet, kind: str, fed: bool, dice: Dice) -> SheetChange[Sheet]:
        return SheetChange(replace(sheet, hp=sheet.max_hp) if fed else sheet)

    def harm(self, sheet: Sheet, damage: str, dice: Dice) -> SheetChange[Sheet]:
        return SheetChange(replace(sheet, hp=sheet.hp - dice.roll(int(damage.lstrip("d")))))

    def heal(self, sheet: Sheet, healing: str, dice: Dice) -> SheetChange[Sheet]:
        return SheetChange(replace(sheet, hp=min(sheet.max_hp, sheet.hp + dice.roll(int(healing.lstrip("d"))))))
