"""The Open Adventures dice pool: one sheet's economy across turns, as pure functions.

Seed 000 §1 The Dice Pool: the pool is both the dice a character spends in a
turn and its health.  OASheets are :class:`~game.systems.open_adventures.sheet.OASheet`
records; what remains of ``dice_left`` at the end of a turn is what defends on
the opponents' turn.

Every function returns new sheets (``dataclasses.replace``); sheets are frozen.
Refusals (spending past an attribute, acting while down) raise
:class:`~game.errors.ActionRefused` with a message for the player; no dice are spent.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from game.errors import ActionRefused
from game.rules.base import RollResult
from game.rules.dice import Dice
from game.systems.open_adventures.dice import ATTRIBUTES, PoolRequest, count_successes, roll
from game.systems.open_adventures.sheet import NO_PROGRESS, OASheet, Progress, Spent

#: Adventure options: each allowed value, the default first (docs/rules/open_adventures.md).
OPTIONS: dict[str, tuple[str, ...]] = {
    "zero_pool": ("dead", "knocked-out"),
    "npc_defence": ("threshold", "roll"),
    "pushed_dice": ("attribute", "one"),
    "weapon_damage": ("successes", "bonus"),
    "healing": ("one-die", "full"),
    # In a fight, once your dice are spent: your turn goes on, to push an action past the pool
    # (+1 fatigue) or end it (seed 000 §Pushing and Fatigue: "If you want to perform more actions
    # in a turn than your dice pool allows, you can"), or it ends by itself (house rule, before).
    "spent_dice": ("act-on", "turn-ends"),
}


#: Push cap under ``pushed_dice = "attribute"``: only the attribute limits the dice.
NO_PUSH_CAP = 10**6


@dataclass(frozen=True)
class Rules:
    """The options in force (see :data:`OPTIONS`)."""

    zero_pool: str = "dead"
    npc_defence: str = "threshold"
    pushed_dice: str = "attribute"
    weapon_damage: str = "successes"
    healing: str = "one-die"
    spent_dice: str = "act-on"

    @classmethod
    def from_options(cls, options: Mapping[str, str]) -> Rules:
        chosen = {key: values[0] for key, values in OPTIONS.items()}
        chosen.update({key: str(value) for key, value in options.items() if key in OPTIONS})
        for key, value in chosen.items():
            if value not in OPTIONS[key]:
                raise ValueError(f"option {key} = {value!r} must be one of: {', '.join(OPTIONS[key])}")
        return cls(**chosen)


@dataclass(frozen=True)
class Commitment:
    """Dice committed to one action or defence roll.

    ``dice`` are rolled; ``from_pool`` of them came from the dice left; when the
    action ran past the pool it is ``pushed`` and marked one fatigue point.
    """

    dice: int
    from_pool: int
    pushed: bool


def _title(attribute: str) -> str:
    return attribute.capitalize()


# -- state ----------------------------------------------------------------------------

def collapsed(sheet: OASheet) -> bool:
    """Fatigue equals or exceeds the pool: the character must rest (seed 000 §2 Pushing and Fatigue)."""
    return not sheet.npc and sheet.pool > 0 and sheet.fatigue >= sheet.pool


def condition(sheet: OASheet, rules: Rules) -> str:
    """``dead``, ``down`` (knocked out) or ``ok``.

    Seed 000 §1 Health: no dice left is death or knock-out (option ``zero_pool``);
    an NPC with no hits left is treated the same way (seed 000 §2 Damage and Defence).
    A collapsed character (fatigue ≥ pool) is ``ok`` but can take no action
    until rest turns bring its fatigue below the pool (see :func:`collapsed`):
    house rule, so that the seed's "must spend turns recovering" can happen in a fight.
    """
    if sheet.dead:
        return "dead"
    spent_out = sheet.hits <= 0 if sheet.npc else sheet.pool <= 0
    if spent_out:
        return "dead" if rules.zero_pool == "dead" else "down"
    return "ok"


def _require_able(sheet: OASheet, rules: Rules) -> None:
    state = condition(sheet, rules)
    if state == "dead":
        raise ActionRefused("The dead do not act.")
    if state == "down":
        raise ActionRefused("You are out cold.")
    if collapsed(sheet):
        raise ActionRefused("Collapsed with exhaustion, you must rest (recover) first.")


# -- the turn ------------------------------------------------------------------------

def start_turn(sheet: OASheet) -> OASheet:
    """Begin the actor's turn: the pool minus fatigue is the dice left; nothing spent yet.

    Seed 000 §2 Pushing and Fatigue: each fatigue point at the start of a turn
    takes one die from the pool that turn.  An unfinished skill check carries on.
    """
    return replace(sheet, dice_left=max(0, sheet.pool - sheet.fatigue), spent=Spent())


def limit_left(sheet: OASheet, attribute: str) -> int:
    """Dice that may still go to ``attribute``: its value less what was spent on it this turn.

    Defence is capped per attack, not per turn (seed 000 §2 Damage and Defence).
    """
    if attribute not in ATTRIBUTES:
        raise ValueError(f"unknown attribute '{attribute}'; attributes: {', '.join(ATTRIBUTES)}")
    if attribute == "defence":
        return max(0, sheet.defence)
    return max(0, sheet.attribute(attribute) - sheet.spent.of(attribute))


def push_cap(sheet: OASheet, rules: Rules) -> int:
    """Dice an action may roll beyond the dice left (0 for NPCs, who never push — house rule)."""
    if sheet.npc:
        return 0
    return 1 if rules.pushed_dice == "one" else NO_PUSH_CAP


def max_commit(sheet: OASheet, attribute: str, rules: Rules) -> int:
    """The most dice ``attribute`` could roll now, pushing included."""
    return min(limit_left(sheet, attribute), sheet.dice_left + push_cap(sheet, rules))


def default_commit(sheet: OASheet, attribute: str, rules: Rules) -> int:
    """A sensible commitment: all the attribute allows from the dice left; push only when none are left."""
    limit = limit_left(sheet, attribute)
    if sheet.dice_left > 0:
        return min(limit, sheet.dice_left)
    return min(limit, push_cap(sheet, rules))


def commit(sheet: OASheet, attribute: str, count: int, rules: Rules, task: str = "") -> tuple[OASheet, Commitment]:
    """Spend ``count`` dice on ``attribute`` (seed 000 §1 The Dice Pool, §2 Pushing and Fatigue).

    Never more than the attribute allows this turn.  Dice come from the dice left;
    an action that runs past them is pushed and marks one fatigue point (house
    rule: one point per action however many dice it runs past).  Any action
    other than continuing ``task`` resets an unfinished skill check (seed 000 §2 Skill Checks).
    """
    _require_able(sheet, rules)
    limit = limit_left(sheet, attribute)
    if limit <= 0:
        raise ActionRefused(f"No {_title(attribute)} dice left to spend this turn "
                            f"({_title(attribute)} {sheet.attribute(attribute)}).")
    if count < 1 or count > limit:
        raise ActionRefused(f"{_title(attribute)} can take 1 to {limit} dice now, not {count}.")
    from_pool = min(count, sheet.dice_left)
    beyond = count - from_pool
    if beyond > push_cap(sheet, rules):
        if sheet.npc:
            raise ActionRefused(f"Only {sheet.dice_left} dice are left this turn.")
        raise ActionRefused(f"Pushing past the pool allows {push_cap(sheet, rules)} die, not {beyond}.")
    progress = sheet.progress if task == sheet.progress.task else NO_PROGRESS
    new = replace(sheet, dice_left=sheet.dice_left - from_pool, fatigue=sheet.fatigue + (1 if beyond else 0),
                  spent=sheet.spent.plus(attribute, count), progress=progress)
    return new, Commitment(count, from_pool, beyond > 0)


# -- skill checks that take several rolls --------------------------------------------

def accumulate(so_far: int, rolled: int, need: int) -> tuple[int, bool]:
    """Successes toward a check after one more roll, and whether it is done (seed 000 §2 Skill Checks)."""
    total = so_far + rolled
    return total, total >= need


def remaining_need(sheet: OASheet, task: str, need: int) -> int:
    """Successes ``task`` still needs, counting an unfinished attempt at the same task."""
    return max(0, need - _so_far(sheet, task))


def record_progress(sheet: OASheet, task: str, rolled: int, need: int) -> tuple[OASheet, int, bool]:
    """Add ``rolled`` successes to ``task`` (toward ``need`` in all); clear it when done.

    Returns the new sheet, the successes so far and whether the check is done.
    """
    total, done = accumulate(_so_far(sheet, task), rolled, need)
    progress = NO_PROGRESS if done or not task else Progress(task, total)
    return replace(sheet, progress=progress), total, done


def _so_far(sheet: OASheet, task: str) -> int:
    """Successes of an unfinished attempt at ``task`` (0 for another task, or none)."""
    return sheet.progress.successes if task and sheet.progress.task == task else 0


# -- damage and defence -------------------------------------------------------------------

def defence_dice_allowed(sheet: OASheet, rules: Rules) -> int:
    """Dice a defence roll may use: up to Defence from the dice left, pushing if none are left.

    NPCs roll only under ``npc_defence = "roll"`` and never push.
    """
    if sheet.npc and rules.npc_defence != "roll":
        return 0
    return min(sheet.defence, sheet.dice_left + push_cap(sheet, rules))


def default_defence(sheet: OASheet, damage: int, rules: Rules) -> int:
    """How many dice to defend with: all Defence allows from the dice left.

    With no dice left a character pushes (one fatigue point), except when that
    would make it collapse and the damage would not empty its pool.  A collapsed
    character does not defend (house rule).
    """
    if damage <= 0 or condition(sheet, rules) != "ok" or collapsed(sheet):
        return 0
    allowed = defence_dice_allowed(sheet, rules)
    if sheet.dice_left > 0 or sheet.npc:
        return min(allowed, sheet.dice_left)
    would_collapse = sheet.fatigue + 1 >= sheet.pool
    lethal = damage >= sheet.pool
    return allowed if lethal or not would_collapse else 0


def commit_defence(sheet: OASheet, count: int, rules: Rules) -> tuple[OASheet, Commitment]:
    """Spend ``count`` dice on one defence roll (seed 000 §2 Damage and Defence)."""
    if count <= 0:
        return sheet, Commitment(0, 0, False)
    _require_able(sheet, rules)
    allowed = defence_dice_allowed(sheet, rules)
    if count > allowed:
        raise ActionRefused(f"Defence can take at most {allowed} dice now, not {count}.")
    from_pool = min(count, sheet.dice_left)
    new = replace(sheet, dice_left=sheet.dice_left - from_pool, fatigue=sheet.fatigue + (1 if count > from_pool else 0))
    return new, Commitment(count, from_pool, count > from_pool)


def apply_damage(sheet: OASheet, damage: int, rules: Rules) -> tuple[OASheet, bool]:
    """Damage that got past defence; returns the new sheet and whether it harmed.

    Player: each point removes a die from the pool (seed 000 §1 Health); dice left
    this turn are capped by the smaller pool (house rule).  At 0 the character is
    dead or knocked out (option ``zero_pool``); any damage to a knocked-out
    character kills (house rule).  NPC: harmed only when ``damage`` equals or
    exceeds its Defence, which costs one hit; a hit that does not finish it
    takes one die from its pool (house rule: injured).
    """
    if damage <= 0:
        return sheet, False
    if sheet.npc:
        if damage < sheet.defence:
            return sheet, False
        hits = max(0, sheet.hits - 1)
        new = replace(sheet, dead=sheet.dead or sheet.hits <= 0, hits=hits)
        if hits > 0:
            pool = max(1, sheet.pool - 1)
            new = replace(new, pool=pool, dice_left=min(sheet.dice_left, pool))
        return new, True
    if sheet.pool <= 0:
        return replace(sheet, dead=True), True
    pool = max(0, sheet.pool - damage)
    return replace(sheet, pool=pool, dice_left=min(sheet.dice_left, pool),
                   dead=sheet.dead or (pool == 0 and rules.zero_pool == "dead")), True


# -- rest ------------------------------------------------------------------------------

def rest_turn(sheet: OASheet, dice: Dice) -> tuple[OASheet, RollResult]:
    """A turn spent resting: roll dice equal to fatigue; 4+ removes one point, 6 two.

    Seed 000 §2 Recovering Fatigue.  Resting is the turn's only action (the turn
    starts, the skill check in progress lapses); dice left stay for defence.
    """
    fatigue = sheet.fatigue
    request = PoolRequest(fatigue, fatigue, "Rest", "seed 000 §2 Recovering Fatigue")
    result = roll(request, dice)
    new = replace(start_turn(sheet), fatigue=max(0, fatigue - count_successes(result.dice)), progress=NO_PROGRESS)
    return new, result


def long_rest(sheet: OASheet, fed: bool, rules: Rules) -> OASheet:
    """Hours of rest (house rule): fatigue gone; if fed, lost dice come back per ``healing``.

    ``one-die`` restores one die of the pool (and one hit of an NPC), ``full``
    all of them; a deprived rest restores none, and a knocked-out character
    stays out.  The dead stay dead.
    """
    if sheet.dead:
        return sheet
    pool, hits = sheet.pool, sheet.hits
    if fed:
        pool = sheet.pool_max if rules.healing == "full" else min(sheet.pool_max, sheet.pool + 1)
        if sheet.npc:
            hits = sheet.hits_max if rules.healing == "full" else min(sheet.hits_max, sheet.hits + 1)
    return start_turn(replace(sheet, fatigue=0, pool=pool, hits=hits, progress=NO_PROGRESS))

