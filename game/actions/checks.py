"""Rolling system-neutral checks for the player, through the system's play layer."""
from __future__ import annotations

from game.actions import Turn
from game.rules.base import RollResult, Situation
from game.world.content import CheckDef


def roll_check(turn: Turn, kind: str, difficulty: str, situation: Situation | None = None,
               *, label: str = "", numbers: dict[str, int] | None = None) -> RollResult:
    """Roll a check for the player (shown, logged) and return the result."""
    situation = situation or turn.play.situation(turn)
    return turn.play.check(turn, kind, difficulty, situation, label or kind, dict(numbers or {}))


def roll_check_def(turn: Turn, check: CheckDef, *, label: str = "") -> RollResult:
    """Roll a check the content defines (a kind, a difficulty, maybe per-system numbers)."""
    return roll_check(turn, check.kind, check.difficulty, label=label, numbers=dict(check.numbers))
