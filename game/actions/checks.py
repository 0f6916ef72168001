"""Rolling system-neutral checks for the player, shown and logged."""
from __future__ import annotations

from game.actions import Turn
from game.rules.base import RollResult, Situation
from game.world.content import CheckDef


def player_situation(turn: Turn, **extra: object) -> Situation:
    """The player's circumstances as the engine knows them (load carried)."""
    world = turn.world
    slots = sum(world.item(i).slots for i in world.carried()) + (world.state.water + 2) // 3
    weight = sum(world.item(i).weight or 0 for i in world.carried())
    return Situation(carried_slots=slots, carried_weight=weight, **extra)  # type: ignore[arg-type]


def check_request(turn: Turn, kind: str, difficulty: str, situation: Situation | None = None,
                  numbers: dict[str, int] | None = None) -> object:
    """The system's request for a player check (shared by rolling and by ``odds``)."""
    world = turn.world
    situation = situation or player_situation(turn)
    target = (numbers or {}).get(world.system.id)
    if target is not None:
        situation = Situation(**{**situation.__dict__, "target": target})
    return world.system.check_request(world.state.player, kind, difficulty, situation)


def roll_check(turn: Turn, kind: str, difficulty: str, situation: Situation | None = None,
               *, label: str = "", numbers: dict[str, int] | None = None) -> RollResult:
    """Roll a check for the player, show it, and return the result."""
    request = check_request(turn, kind, difficulty, situation, numbers)
    turn.requests.append((label or kind, request))
    return turn.play.check(turn, request, label or kind, kind)


def roll_check_def(turn: Turn, check: CheckDef, *, label: str = "") -> RollResult:
    return roll_check(turn, check.kind, check.difficulty, label=label, numbers=dict(check.numbers))
