"""Open Adventures dice: successes on d6 pools, the §3.1 request, exact odds and rolls.

Seed 000 (Open Adventures) reads every roll the same way: roll the dice you
committed; each 4 or 5 is one success, each 6 (a critical) is two
(seed 000 §2 Close Combat Attacks, §2 Skill Checks, §1 Move).  This module
holds that one reading and the tables that turn system-neutral content
(check kinds, difficulties, weapon dice, threat tiers, rooms and range bands)
into the seed's numbers.  It is pure: faces come from the :class:`Dice` passed in.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache

from game.errors import UsageError
from game.rules.base import Odds, RollResult
from game.rules.dice import Dice, roll_many

SYSTEM_ID = "open_adventures"
SIDES = 6
#: Upper bound on ``dice=N`` at the command line (exact odds stay well under 5 ms).
MAX_DICE = 60
#: Upper bound on ``need=K``.
MAX_NEED = 2 * MAX_DICE
REQUEST_KEYS: tuple[str, ...] = ("dice", "need")

# -- the seed's numbers ---------------------------------------------------------

#: Attributes dice are spent on during a turn, each capped per turn by its value
#: (seed 000 §1 Attributes).  Defence is capped per attack instead (§2 Damage and Defence).
ACTION_ATTRIBUTES: tuple[str, ...] = ("move", "fight", "shoot", "skill", "will")
ATTRIBUTES: tuple[str, ...] = ACTION_ATTRIBUTES + ("defence",)
#: Inches of movement per success; a 6 counts two successes, so 12" (seed 000 §1 Move).
INCHES_PER_SUCCESS = 6

#: House rule: which attribute rolls each system-neutral check kind.
KIND_ATTRIBUTE: dict[str, str] = {
    "force": "fight", "climb": "move", "sneak": "skill", "dodge": "defence",
    "fight": "fight", "shoot": "shoot", "perceive": "skill", "search": "skill",
    "identify": "skill", "tinker": "skill", "lore": "skill", "survive": "will",
    "resist": "will", "will": "will", "persuade": "skill", "intimidate": "will",
    "heal": "skill",
}
#: House rule: successes a check needs at each difficulty (seed 000 §2 Skill Checks:
#: "the action will have a difficulty (representing a number of successes)").
DIFFICULTY_SUCCESSES: dict[str, int] = {"easy": 1, "normal": 2, "hard": 3, "extreme": 5, "legendary": 7}
#: House rule: a weapon's damage die adds this much damage to an attack that
#: scores at least one success (option ``weapon_damage = "bonus"``).
WEAPON_BONUS: dict[str, int] = {"d4": 0, "d6": 0, "d8": 1, "d10": 1, "d12": 2}

#: House rule: range bands and their distance in inches from the target.
RANGE_BANDS: dict[str, int] = {"engaged": 0, "near": 6, "far": 12, "distant": 24}
#: House rule: successes to leave a room by an exit in a fight (6" to the door) ...
EXIT_SUCCESSES = 1
#: ... plus this many more to break away when engaged in melee.
BREAK_AWAY_SUCCESSES = 1

#: House rule: NPC blocks by threat tier (seed 000 §2 Damage and Defence: an NPC is
#: injured or defeated only by one attack whose damage equals or exceeds its Defence).
TIER_STATS: dict[int, dict[str, int]] = {
    1: {"move": 2, "fight": 1, "shoot": 1, "skill": 1, "will": 1, "defence": 1, "pool": 2, "hits": 1},
    2: {"move": 2, "fight": 2, "shoot": 2, "skill": 1, "will": 2, "defence": 2, "pool": 3, "hits": 1},
    3: {"move": 2, "fight": 3, "shoot": 2, "skill": 2, "will": 2, "defence": 2, "pool": 4, "hits": 2},
    4: {"move": 3, "fight": 3, "shoot": 3, "skill": 2, "will": 3, "defence": 3, "pool": 5, "hits": 2},
    5: {"move": 3, "fight": 4, "shoot": 4, "skill": 3, "will": 4, "defence": 3, "pool": 6, "hits": 3},
}


def face_successes(face: int) -> int:
    """Successes one d6 face is worth: 4–5 one, 6 two (a critical), else none (seed 000 §2)."""
    if face >= 6:
        return 2
    return 1 if face >= 4 else 0


def count_successes(faces: tuple[int, ...] | list[int]) -> int:
    """Total successes of a set of faces."""
    return sum(face_successes(face) for face in faces)


def move_inches(successes: int) -> int:
    """Inches moved for ``successes`` (6" each; a critical's two make 12") — seed 000 §1 Move."""
    return INCHES_PER_SUCCESS * max(0, successes)


def band_successes(from_band: str, to_band: str) -> int:
    """House rule: move successes to go from one range band to another (6" per success)."""
    for band in (from_band, to_band):
        if band not in RANGE_BANDS:
            raise ValueError(f"unknown range band '{band}'; bands: {', '.join(RANGE_BANDS)}")
    distance = abs(RANGE_BANDS[from_band] - RANGE_BANDS[to_band])
    return -(-distance // INCHES_PER_SUCCESS)


def exit_successes(band: str) -> int:
    """House rule: move successes to leave the room in a fight from ``band``."""
    if band not in RANGE_BANDS:
        raise ValueError(f"unknown range band '{band}'; bands: {', '.join(RANGE_BANDS)}")
    return EXIT_SUCCESSES + (BREAK_AWAY_SUCCESSES if band == "engaged" else 0)


# -- the §3.1 request --------------------------------------------------------------

@dataclass(frozen=True)
class PoolRequest:
    """Roll ``dice`` d6 and succeed on at least ``need`` successes."""

    dice: int
    need: int = 1
    #: What the roll is for, shown in its text (``Fight``, ``Skill``...); empty at the CLI.
    label: str = ""
    #: The seed section cited in the result.
    rule: str = "seed 000 §2 Skill Checks"


def _parse_int(keys: Mapping[str, str], key: str, low: int, high: int) -> int:
    raw = keys[key].strip()
    try:
        value = int(raw)
    except ValueError:
        value = low - 1
    if not low <= value <= high:
        raise UsageError(f"{key} must be a whole number from {low} to {high}, not '{keys[key]}'")
    return value


def parse_request(keys: Mapping[str, str]) -> PoolRequest:
    """``dice=N need=K`` (need defaults to 1) -> :class:`PoolRequest`; UsageError naming a bad key."""
    valid = ", ".join(REQUEST_KEYS)
    for key in keys:
        if key not in REQUEST_KEYS:
            raise UsageError(f"unknown key '{key}' for {SYSTEM_ID}; valid keys: {valid}")
    if "dice" not in keys:
        raise UsageError(f"missing key 'dice' for {SYSTEM_ID} (dice=N need=K); valid keys: {valid}")
    dice = _parse_int(keys, "dice", 0, MAX_DICE)
    need = _parse_int(keys, "need", 0, MAX_NEED) if "need" in keys else 1
    return PoolRequest(dice=dice, need=need)


# -- exact odds and rolls (one reading of the faces: face_successes) -------------------

@cache
def _face_weights() -> tuple[int, ...]:
    """How many faces of one die give 0, 1, 2 successes."""
    weights = [0, 0, 0]
    for face in range(1, SIDES + 1):
        weights[face_successes(face)] += 1
    return tuple(weights)


@lru_cache(maxsize=256)
def success_counts(dice: int) -> tuple[int, ...]:
    """``counts[k]``: how many of the ``6**dice`` ordered face tuples give ``k`` successes."""
    if dice <= 0:
        return (1,)
    previous = success_counts(dice - 1)
    weights = _face_weights()
    out = [0] * (len(previous) + len(weights) - 1)
    for k, ways in enumerate(previous):
        for extra, weight in enumerate(weights):
            out[k + extra] += ways * weight
    return tuple(out)


def success_distribution(dice: int) -> dict[int, Fraction]:
    """Exact distribution of the successes of ``dice`` d6."""
    total = SIDES ** max(0, dice)
    return {k: Fraction(ways, total) for k, ways in enumerate(success_counts(dice)) if ways}


def p_at_least(dice: int, need: int) -> Fraction:
    """Exact chance that ``dice`` d6 score at least ``need`` successes."""
    counts = success_counts(dice)
    return Fraction(sum(counts[max(0, need):]), SIDES ** max(0, dice))


def odds(request: PoolRequest) -> Odds:
    """Exact odds of ``request``: p_success, p_failure and the successes distribution."""
    p_success = p_at_least(request.dice, request.need)
    distribution = {str(k): p for k, p in success_distribution(request.dice).items()}
    description = f"{request.dice}d6, 4-5 one success, 6 two; need {request.need}"
    return Odds(SYSTEM_ID, p_success, {"p_failure": 1 - p_success}, distribution, description)


@dataclass(frozen=True)
class AttackRequest:
    """A whole attack as the attacker sees it before rolling, for exact ``odds`` in play.

    ``dice`` d6 attack (each success a point of damage, a 6 two), ``bonus`` more
    damage when at least one success is rolled (the weapon house rule); the
    defender then rolls ``defence`` d6 (each success ignores a point, a 6 two); the
    attack *harms* when the damage left reaches ``threshold`` (an NPC's Defence, 1
    against a player).  The attack roll itself is the :class:`PoolRequest` of
    :meth:`OpenAdventures.attack_request`; this adds what follows it.  ``down``: the
    defender is knocked out, and a blow that harms it kills it.
    """

    dice: int
    bonus: int
    defence: int
    threshold: int
    label: str = "Fight"
    target: str = "the defender"
    down: bool = False


def attack_distribution(request: AttackRequest) -> dict[int, Fraction]:
    """Exact distribution of the damage that gets past the defence roll."""
    out: dict[int, Fraction] = {}
    defence = success_distribution(request.defence)
    for hits, p_hits in success_distribution(request.dice).items():
        damage = hits + (request.bonus if hits else 0)
        for saved, p_saved in defence.items():
            net = max(0, damage - saved)
            out[net] = out.get(net, Fraction(0)) + p_hits * p_saved
    return dict(sorted(out.items()))


def attack_odds(request: AttackRequest) -> Odds:
    """Exact odds that an attack harms: damage after the defence roll reaches the threshold."""
    distribution = attack_distribution(request)
    p_success = sum((p for net, p in distribution.items() if net >= request.threshold), Fraction(0))
    bonus = f" +{request.bonus} damage on a hit" if request.bonus else ""
    defence = f"; {request.target} defends with {request.defence}d6" if request.defence else ""
    harms = "it is down, and dies" if request.down else "it harms"
    description = (f"{request.label} {request.dice}d6{bonus}{defence}; {harms} when "
                   f"{request.threshold}+ damage gets through" + (" (its Defence still holds)" if request.down else ""))
    return Odds(SYSTEM_ID, p_success, {"p_failure": 1 - p_success},
                {str(k): p for k, p in distribution.items()}, description)


def result_of(request: PoolRequest, faces: tuple[int, ...]) -> RollResult:
    """The :class:`RollResult` of ``request`` given the faces already read."""
    successes = count_successes(faces)
    criticals = sum(1 for face in faces if face_successes(face) == 2)
    outcome = "success" if successes >= request.need else "failure"
    margin = successes - request.need
    shown = ", ".join(str(face) for face in faces)
    label = f"{request.label} " if request.label else ""
    noun = "success" if successes == 1 else "successes"
    text = (f"{label}{request.dice}d6 ({shown}) = {successes} {noun} vs need {request.need}: "
            f"{outcome} (margin {margin})")
    figures = {"successes": successes, "need": request.need, "margin": margin, "criticals": criticals}
    return RollResult(SYSTEM_ID, faces, outcome, figures, text, request.rule)


def roll(request: PoolRequest, dice: Dice) -> RollResult:
    """Read exactly ``request.dice`` d6 faces, in order, and judge them."""
    return result_of(request, tuple(roll_many(dice, request.dice, SIDES)))
