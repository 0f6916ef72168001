"""The Open Adventures dice pool: one sheet's economy across turns, as pure functions.

Seed 000 §1 The Dice Pool: the pool is both the dice a character spends in a
turn and its health.  A sheet (a plain dict, TOML-safe) holds:

``npc`` (bool), ``move fight shoot skill will defence`` (attributes),
``pool`` (dice = health; for an NPC only the dice of its turn), ``pool_max``,
``dice_left`` (dice left this turn; what remains at the end of a turn is what
defends on the opponents' turn), ``fatigue``, ``spent`` (dice spent this turn
per action attribute), ``progress`` (``{"task", "successes"}``: an unfinished
skill check), ``dead`` (bool), and for NPCs ``hits``/``hits_max`` (hits it can
still take).

Every function returns new sheets and never mutates its arguments.
Refusals (spending past an attribute, acting while down) raise
:class:`~game.errors.ActionRefused` with a message for the player; no dice are spent.
"""
from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass

from game.errors import ActionRefused
from game.rules.base import RollResult, Sheet
from game.rules.dice import Dice
from game.rules.open_adventures_dice import (
    ACTION_ATTRIBUTES,
    ATTRIBUTES,
    PoolRequest,
    count_successes,
    roll,
)

#: Adventure options: each allowed value, the default first (docs/rules/open_adventures.md).
OPTIONS: dict[str, tuple[str, ...]] = {
    "zero_pool": ("dead", "knocked-out"),
    "npc_defence": ("roll", "threshold"),
    "pushed_dice": ("attribute", "one"),
    "weapon_damage": ("bonus", "successes"),
    "healing": ("one-die", "full"),
}


#: Push cap under ``pushed_dice = "attribute"``: only the attribute limits the dice.
NO_PUSH_CAP = 10**6


@dataclass(frozen=True)
class Rules:
    """The options in force (see :data:`OPTIONS`)."""

    zero_pool: str = "dead"
    npc_defence: str = "roll"
    pushed_dice: str = "attribute"
    weapon_damage: str = "bonus"
    healing: str = "one-die"

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


# -- building sheets -------------------------------------------------------------

def make_sheet(attributes: Mapping[str, int], pool: int, *, npc: bool = False, hits: int = 1,
               name: str = "") -> Sheet:
    """A fresh sheet: full pool, no fatigue, nothing spent."""
    sheet: Sheet = {"npc": npc}
    if name:
        sheet["name"] = name
    sheet.update({attribute: int(attributes[attribute]) for attribute in ATTRIBUTES})
    sheet.update({
        "pool": pool, "pool_max": pool, "dice_left": pool, "fatigue": 0,
        "spent": {attribute: 0 for attribute in ACTION_ATTRIBUTES},
        "progress": {"task": "", "successes": 0}, "dead": False,
    })
    if npc:
        sheet.update({"hits": hits, "hits_max": hits})
    return sheet


def _copy(sheet: Sheet) -> Sheet:
    return copy.deepcopy(sheet)


def _title(attribute: str) -> str:
    return attribute.capitalize()


# -- state ----------------------------------------------------------------------------

def is_npc(sheet: Sheet) -> bool:
    return bool(sheet.get("npc", False))


def collapsed(sheet: Sheet) -> bool:
    """Fatigue equals or exceeds the pool: the character must rest (seed 000 §2 Pushing and Fatigue)."""
    return not is_npc(sheet) and sheet["pool"] > 0 and sheet["fatigue"] >= sheet["pool"]


def condition(sheet: Sheet, rules: Rules) -> str:
    """``dead``, ``down`` (knocked out) or ``ok``.

    Seed 000 §1 Health: no dice left is death or knock-out (option ``zero_pool``);
    an NPC with no hits left is treated the same way (seed 000 §2 Damage and Defence).
    A collapsed character (fatigue ≥ pool) is ``ok`` but can take no action
    until rest turns bring its fatigue below the pool (see :func:`collapsed`):
    house rule, so that the seed's "must spend turns recovering" can happen in a fight.
    """
    if sheet.get("dead", False):
        return "dead"
    spent_out = sheet["hits"] <= 0 if is_npc(sheet) else sheet["pool"] <= 0
    if spent_out:
        return "dead" if rules.zero_pool == "dead" else "down"
    return "ok"


def _require_able(sheet: Sheet, rules: Rules) -> None:
    state = condition(sheet, rules)
    if state == "dead":
        raise ActionRefused("The dead do not act.")
    if state == "down":
        raise ActionRefused("You are out cold.")
    if collapsed(sheet):
        raise ActionRefused("Collapsed with exhaustion, you must rest (recover) first.")


# -- the turn ------------------------------------------------------------------------

def start_turn(sheet: Sheet) -> Sheet:
    """Begin the actor's turn: the pool minus fatigue is the dice left; nothing spent yet.

    Seed 000 §2 Pushing and Fatigue: each fatigue point at the start of a turn
    takes one die from the pool that turn.  An unfinished skill check carries on.
    """
    new = _copy(sheet)
    new["dice_left"] = max(0, new["pool"] - new["fatigue"])
    new["spent"] = {attribute: 0 for attribute in ACTION_ATTRIBUTES}
    return new


def limit_left(sheet: Sheet, attribute: str) -> int:
    """Dice that may still go to ``attribute``: its value less what was spent on it this turn.

    Defence is capped per attack, not per turn (seed 000 §2 Damage and Defence).
    """
    if attribute not in ATTRIBUTES:
        raise ValueError(f"unknown attribute '{attribute}'; attributes: {', '.join(ATTRIBUTES)}")
    if attribute == "defence":
        return max(0, sheet["defence"])
    return max(0, sheet[attribute] - sheet["spent"].get(attribute, 0))


def push_cap(sheet: Sheet, rules: Rules) -> int:
    """Dice an action may roll beyond the dice left (0 for NPCs, who never push — house rule)."""
    if is_npc(sheet):
        return 0
    return 1 if rules.pushed_dice == "one" else NO_PUSH_CAP


def max_commit(sheet: Sheet, attribute: str, rules: Rules) -> int:
    """The most dice ``attribute`` could roll now, pushing included."""
    return min(limit_left(sheet, attribute), sheet["dice_left"] + push_cap(sheet, rules))


def default_commit(sheet: Sheet, attribute: str, rules: Rules) -> int:
    """A sensible commitment: all the attribute allows from the dice left; push only when none are left."""
    limit = limit_left(sheet, attribute)
    if sheet["dice_left"] > 0:
        return min(limit, sheet["dice_left"])
    return min(limit, push_cap(sheet, rules))


def commit(sheet: Sheet, attribute: str, count: int, rules: Rules, task: str = "") -> tuple[Sheet, Commitment]:
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
                            f"({_title(attribute)} {sheet[attribute]}).")
    if count < 1 or count > limit:
        raise ActionRefused(f"{_title(attribute)} can take 1 to {limit} dice now, not {count}.")
    from_pool = min(count, sheet["dice_left"])
    beyond = count - from_pool
    if beyond > push_cap(sheet, rules):
        if is_npc(sheet):
            raise ActionRefused(f"Only {sheet['dice_left']} dice are left this turn.")
        raise ActionRefused(f"Pushing past the pool allows {push_cap(sheet, rules)} die, not {beyond}.")
    new = _copy(sheet)
    new["dice_left"] -= from_pool
    if beyond:
        new["fatigue"] += 1
    if attribute in ACTION_ATTRIBUTES:
        new["spent"][attribute] = new["spent"].get(attribute, 0) + count
    if task != new["progress"]["task"]:
        new["progress"] = {"task": "", "successes": 0}
    return new, Commitment(count, from_pool, beyond > 0)


# -- skill checks that take several rolls --------------------------------------------

def accumulate(so_far: int, rolled: int, need: int) -> tuple[int, bool]:
    """Successes toward a check after one more roll, and whether it is done (seed 000 §2 Skill Checks)."""
    total = so_far + rolled
    return total, total >= need


def remaining_need(sheet: Sheet, task: str, need: int) -> int:
    """Successes ``task`` still needs, counting an unfinished attempt at the same task."""
    progress = sheet["progress"]
    so_far = progress["successes"] if task and progress["task"] == task else 0
    return max(0, need - so_far)


def record_progress(sheet: Sheet, task: str, rolled: int, need: int) -> tuple[Sheet, int, bool]:
    """Add ``rolled`` successes to ``task`` (toward ``need`` in all); clear it when done.

    Returns the new sheet, the successes so far and whether the check is done.
    """
    progress = sheet["progress"]
    so_far = progress["successes"] if task and progress["task"] == task else 0
    total, done = accumulate(so_far, rolled, need)
    new = _copy(sheet)
    new["progress"] = {"task": "", "successes": 0} if done or not task else {"task": task, "successes": total}
    return new, total, done


# -- damage and defence -------------------------------------------------------------------

def defence_dice_allowed(sheet: Sheet, rules: Rules) -> int:
    """Dice a defence roll may use: up to Defence from the dice left, pushing if none are left.

    NPCs roll only under ``npc_defence = "roll"`` and never push.
    """
    if is_npc(sheet) and rules.npc_defence != "roll":
        return 0
    return min(sheet["defence"], sheet["dice_left"] + push_cap(sheet, rules))


def default_defence(sheet: Sheet, damage: int, rules: Rules) -> int:
    """How many dice to defend with: all Defence allows from the dice left.

    With no dice left a character pushes (one fatigue point), except when that
    would make it collapse and the damage would not empty its pool.  A collapsed
    character does not defend (house rule).
    """
    if damage <= 0 or condition(sheet, rules) != "ok" or collapsed(sheet):
        return 0
    allowed = defence_dice_allowed(sheet, rules)
    if sheet["dice_left"] > 0 or is_npc(sheet):
        return min(allowed, sheet["dice_left"])
    would_collapse = sheet["fatigue"] + 1 >= sheet["pool"]
    lethal = damage >= sheet["pool"]
    return allowed if lethal or not would_collapse else 0


def commit_defence(sheet: Sheet, count: int, rules: Rules) -> tuple[Sheet, Commitment]:
    """Spend ``count`` dice on one defence roll (seed 000 §2 Damage and Defence)."""
    if count <= 0:
        return sheet, Commitment(0, 0, False)
    _require_able(sheet, rules)
    allowed = defence_dice_allowed(sheet, rules)
    if count > allowed:
        raise ActionRefused(f"Defence can take at most {allowed} dice now, not {count}.")
    from_pool = min(count, sheet["dice_left"])
    new = _copy(sheet)
    new["dice_left"] -= from_pool
    if count > from_pool:
        new["fatigue"] += 1
    return new, Commitment(count, from_pool, count > from_pool)


def apply_damage(sheet: Sheet, damage: int, rules: Rules) -> tuple[Sheet, bool]:
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
    new = _copy(sheet)
    if is_npc(sheet):
        if damage < sheet["defence"]:
            return sheet, False
        if sheet["hits"] <= 0:
            new["dead"] = True
        new["hits"] = max(0, sheet["hits"] - 1)
        if new["hits"] > 0:
            new["pool"] = max(1, new["pool"] - 1)
            new["dice_left"] = min(new["dice_left"], new["pool"])
        return new, True
    if sheet["pool"] <= 0:
        new["dead"] = True
        return new, True
    new["pool"] = max(0, sheet["pool"] - damage)
    new["dice_left"] = min(new["dice_left"], new["pool"])
    if new["pool"] == 0 and rules.zero_pool == "dead":
        new["dead"] = True
    return new, True


# -- rest ------------------------------------------------------------------------------

def rest_turn(sheet: Sheet, dice: Dice) -> tuple[Sheet, RollResult]:
    """A turn spent resting: roll dice equal to fatigue; 4+ removes one point, 6 two.

    Seed 000 §2 Recovering Fatigue.  Resting is the turn's only action (the turn
    starts, the skill check in progress lapses); dice left stay for defence.
    """
    fatigue = sheet["fatigue"]
    request = PoolRequest(fatigue, fatigue, "Rest", "seed 000 §2 Recovering Fatigue")
    result = roll(request, dice)
    new = start_turn(sheet)
    new["fatigue"] = max(0, fatigue - count_successes(result.dice))
    new["progress"] = {"task": "", "successes": 0}
    return new, result


def long_rest(sheet: Sheet, fed: bool, rules: Rules) -> Sheet:
    """Hours of rest (house rule): fatigue gone; if fed, lost dice come back per ``healing``.

    ``one-die`` restores one die of the pool (and one hit of an NPC), ``full``
    all of them; a deprived rest restores none, and a knocked-out character
    stays out.  The dead stay dead.
    """
    if sheet.get("dead", False):
        return sheet
    new = _copy(sheet)
    new["fatigue"] = 0
    if fed:
        for now, most in (("pool", "pool_max"), ("hits", "hits_max")):
            if now in new:
                new[now] = new[most] if rules.healing == "full" else min(new[most], new[now] + 1)
    new = start_turn(new)
    new["progress"] = {"task": "", "successes": 0}
    return new

