"""BIND resolution: 2d6 + bonus against a Tie Number (seed 003 §Basic Actions).

One function, :func:`resolve`, turns a request and the faces read into a
:class:`~game.rules.base.RollResult`; :func:`odds` pushes the exact distribution
of the same totals through the same :func:`outcome_of`, so in-game odds, CLI
odds and rolls can never disagree.

Also here, because they are all "one roll, read in different ways":

- resting actions (seed 003 §Resting Actions): one die is set to 6, one is rolled;
- group rolls (seed 003 §One Roll Only, §Teamwork): one roll, every character
  adds their own bonus;
- the one-roll-only memo: a stable key for "the same action against the same
  thing under the same circumstances" and a plain-dict memo of the faces, so a
  retry returns the remembered result;
- ties settled by the player's choice, and margin-driven variable outcomes
  (seed 003 §Margins).
"""
from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction

from game.errors import UsageError
from game.rules.base import Odds, RollResult
from game.rules.dice import Dice, roll_many
from game.rules.exact import Dist, convolve, uniform

SYSTEM_ID = "bind"

#: seed 003 §Basic Actions, the TN chart.
TN_CHART: tuple[tuple[int, str], ...] = (
    (2, "automatic"), (4, "trivial"), (6, "easy"), (8, "serious"), (10, "professional"),
    (12, "specialist"), (14, "extreme"), (16, "epic"), (18, "legendary"), (20, "implausible"),
)
#: seed 003 §Basic Actions: "All actions are assumed to have a TN of 7 unless your GM states otherwise."
DEFAULT_TN = 7
#: System-neutral difficulties on the chart (docs/rules/bind.md, What each roll means): "normal" is the default TN 7,
#: the others take the chart's row of the same name, "hard" the Professional row.
DIFFICULTY_TN: dict[str, int] = {"easy": 6, "normal": 7, "hard": 10, "extreme": 14, "legendary": 18}
#: seed 003 §Resting Actions: "the player sets one die to a `6', and rolls only one die".
RESTING_FACE = 6
SIDES = 6

#: The command line's keys for ``odds``/``roll``.
REQUEST_KEYS: tuple[str, ...] = ("bonus", "tn")
_LIMIT = 1000  # sanity bound for command-line numbers

RULE_BASIC = "seed 003 §Basic Actions"
RULE_RESTING = "seed 003 §Resting Actions"
RULE_ONE_ROLL = "seed 003 §One Roll Only"
RULE_MARGINS = "seed 003 §Margins"


@dataclass(frozen=True)
class BindRequest:
    """One BIND roll: 2d6 + ``bonus`` against ``tn``.

    ``resting`` (an in-game flag, not a §3.1 key) makes it a resting action: one
    die is read and the other counts as a 6.  ``fixed`` (in-game too) holds the
    faces of a remembered roll (seed 003 §One Roll Only): such a request reads no
    dice, and its odds are certain.  ``unanswered`` (in-game too) marks a blow the other
    side cannot strike back at (down, or shot from out of reach): a tie lands it and a
    miss costs nothing (:func:`game.systems.bind.fight._tie`), so its odds say so.
    """

    bonus: int
    tn: int = DEFAULT_TN
    resting: bool = False
    fixed: tuple[int, ...] = ()
    unanswered: bool = False
    #: In-game too: a blow at a foe that is down, which nothing resists: no roll, it lands
    #: (:func:`game.systems.bind.combat.strike_helpless`), so its odds are certain.
    helpless: bool = False

    @property
    def faces_needed(self) -> int:
        """How many faces the roll uses: two, or one for a resting action."""
        return 1 if self.resting else 2


def tn_name(tn: int) -> str:
    """The TN chart's word for ``tn``: its row (6 -> ``easy``); the default 7 is ``the default``
    (seed 003: "All actions are assumed to have a TN of 7"); another odd TN lies between two
    rows (11 -> ``professional to specialist``)."""
    if tn == DEFAULT_TN:
        return "the default"
    below = [word for value, word in TN_CHART if value <= tn]
    above = [word for value, word in TN_CHART if value >= tn]
    if not below:
        return above[0]
    if not above or below[-1] == above[0]:
        return below[-1]
    return f"{below[-1]} to {above[0]}"


# -- parsing ---------------------------------------------------------------

def _int_key(keys: Mapping[str, str], key: str) -> int:
    raw = keys[key].strip()
    try:
        value = int(raw)
    except ValueError:
        raise UsageError(f"bind: {key} must be a whole number, not '{keys[key]}'") from None
    if not -_LIMIT <= value <= _LIMIT:
        raise UsageError(f"bind: {key} must be between {-_LIMIT} and {_LIMIT}, not {value}")
    return value


def parse_request(keys: Mapping[str, str]) -> BindRequest:
    """``bonus=B tn=T`` (tn defaults to 7) -> :class:`BindRequest`; UsageError naming a bad key."""
    valid = ", ".join(REQUEST_KEYS)
    for key in keys:
        if key not in REQUEST_KEYS:
            raise UsageError(f"bind: unknown key '{key}'; valid keys: {valid}")
    if "bonus" not in keys:
        raise UsageError(f"bind: missing key 'bonus' (bonus=B [tn=T]); valid keys: {valid}")
    tn = _int_key(keys, "tn") if "tn" in keys else DEFAULT_TN
    return BindRequest(bonus=_int_key(keys, "bonus"), tn=tn)


# -- resolution --------------------------------------------------------------

def outcome_of(total: int, tn: int) -> str:
    """seed 003 §Basic Actions: above the TN succeeds, equal is a tie, below fails."""
    if total > tn:
        return "success"
    if total == tn:
        return "tie"
    return "failure"


def natural(request: BindRequest, faces: tuple[int, ...]) -> int:
    """The dice part of the total: both faces, or the one face plus the resting 6."""
    return sum(faces) + (RESTING_FACE if request.resting else 0)


def _signed(value: int) -> str:
    return f"+ {value}" if value >= 0 else f"- {-value}"


def describe(request: BindRequest, faces: tuple[int, ...] | None = None) -> str:
    """``2d6 (4, 5) + 2`` or ``1d6 (4) + 6 (resting) + 3``; without faces, the formula alone."""
    if faces is None and request.fixed:
        faces = request.fixed
    shown = f" ({', '.join(map(str, faces))})" if faces is not None else ""
    text = f"1d6{shown} + {RESTING_FACE} (resting)" if request.resting else f"2d6{shown}"
    if request.fixed:
        text = f"remembered {text}"
    return text if request.bonus == 0 else f"{text} {_signed(request.bonus)}"


def resolve(request: BindRequest, faces: tuple[int, ...]) -> RollResult:
    """The result of ``request`` given the faces read (the shared core of every BIND roll)."""
    if len(faces) != request.faces_needed:
        raise ValueError(f"a BIND roll needs {request.faces_needed} faces, got {len(faces)}")
    total = natural(request, faces) + request.bonus
    outcome = outcome_of(total, request.tn)
    margin = total - request.tn
    return RollResult(
        system=SYSTEM_ID,
        dice=tuple(faces),
        outcome=outcome,
        figures={
            "total": total,
            "margin": margin,
            "tn": request.tn,
            "bonus": request.bonus,
            "natural": natural(request, faces),
            "resting": request.resting,
        },
        text=f"{describe(request, faces)} = {total} vs TN {request.tn}: {outcome} (margin {margin})",
        rule=RULE_ONE_ROLL if request.fixed else RULE_RESTING if request.resting else RULE_BASIC,
    )


def read_faces(request: BindRequest, dice: Dice) -> tuple[int, ...]:
    """Read the faces ``request`` needs, in order: two d6, or one for a resting action.

    A remembered request (``fixed``) reads nothing and gives its remembered faces.
    """
    if request.fixed:
        return tuple(request.fixed)
    return tuple(roll_many(dice, request.faces_needed, SIDES))


def roll(request: BindRequest, dice: Dice) -> RollResult:
    """Roll ``request`` reading exactly :attr:`BindRequest.faces_needed` faces from ``dice``."""
    return resolve(request, read_faces(request, dice))


# -- odds -------------------------------------------------------------------

@functools.cache
def _natural_dist(resting: bool) -> tuple[tuple[int, Fraction], ...]:
    die = uniform(SIDES)
    dist = {face + RESTING_FACE: p for face, p in die.items()} if resting else convolve(die, die)
    return tuple(sorted(dist.items()))


def total_dist(request: BindRequest) -> Dist[int]:
    """The exact distribution of the total of ``request`` (certain for a remembered roll)."""
    if request.fixed:
        return {natural(request, request.fixed) + request.bonus: Fraction(1)}
    return {value + request.bonus: p for value, p in _natural_dist(request.resting)}


def odds(request: BindRequest) -> Odds:
    """Exact ``p_success``, ``p_tie``, ``p_failure`` and the distribution of totals."""
    dist = total_dist(request)
    by_outcome = {"success": Fraction(0), "tie": Fraction(0), "failure": Fraction(0)}
    for total, p in dist.items():
        by_outcome[outcome_of(total, request.tn)] += p
    if request.helpless:
        return Odds(system=SYSTEM_ID, p_success=Fraction(1), probabilities={"p_failure": Fraction(0)},
                    distribution={}, description="it is down and cannot resist: your blow lands, with no roll")
    if request.unanswered:
        return Odds(
            system=SYSTEM_ID, p_success=by_outcome["success"] + by_outcome["tie"],
            probabilities={"p_failure": by_outcome["failure"]},
            distribution={str(total): p for total, p in sorted(dist.items())},
            description=f"{describe(request)} vs TN {request.tn} ({tn_name(request.tn)}): it cannot strike back, "
                        "so a tie lands your blow too and a miss costs nothing")
    return Odds(
        system=SYSTEM_ID,
        p_success=by_outcome["success"],
        probabilities={"p_tie": by_outcome["tie"], "p_failure": by_outcome["failure"]},
        distribution={str(total): p for total, p in sorted(dist.items())},
        description=f"{describe(request)} vs TN {request.tn} ({tn_name(request.tn)}): above succeeds, equal ties"
        + (" (a remembered roll: the situation stays put until it changes)" if request.fixed else ""),
    )


# -- ties ---------------------------------------------------------------------

@dataclass(frozen=True)
class Settlement:
    """What an outcome means once any tie is settled: did it work, and does the danger strike?"""

    success: bool
    danger: bool


def settle(outcome: str, accept_danger: bool) -> Settlement:
    """seed 003 §Basic Actions: on a tie the player may take the success with the danger.

    Accepting (Hugi stays and listens) gives success *and* danger; declining
    (Kraal guesses at once) gives failure without the danger.  A success never
    brings the danger and a failure always does.  In combat the same choice is
    "both take damage" or "neither" (BIND's public rules).
    """
    if outcome == "success":
        return Settlement(True, False)
    if outcome == "tie":
        return Settlement(accept_danger, accept_danger)
    return Settlement(False, True)


# -- one roll for many --------------------------------------------------------

def group_roll(requests: Mapping[str, BindRequest], dice: Dice) -> dict[str, RollResult]:
    """seed 003 §One Roll Only: one roll, every character adds their own bonus.

    ``requests`` maps each character to their request (same ``resting`` flag for
    all); the faces are read once, for the first.
    """
    if not requests:
        return {}
    first = next(iter(requests.values()))
    if any(r.resting != first.resting for r in requests.values()):
        raise ValueError("a group roll is either resting for everyone or for no one")
    faces = read_faces(first, dice)
    return {name: resolve(request, faces) for name, request in requests.items()}


def best(results: Mapping[str, RollResult]) -> str:
    """The character whose result counts for the group: the highest total (first on equal totals)."""
    return max(results, key=lambda name: int(results[name].figures["total"]))


# -- one roll only: the memo ------------------------------------------------------

Memo = dict[str, list[int]]


def _canon(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def action_key(kind: str, target: str, circumstances: Mapping[str, object] | None = None) -> str:
    """A stable key for "the same action against the same thing under the same circumstances".

    seed 003 §One Roll Only / §What the Dice Mean.  ``kind`` is the check kind,
    ``target`` the content id acted on, ``circumstances`` whatever the engine
    counts as a changed situation (tool used, light, a day passing...).  The key
    does not name the actor: characters trying the same task share one roll.
    Example: ``force@cellar-door|tool=crowbar``.
    """
    if not kind or not target:
        raise ValueError("an action key needs a kind and a target")
    parts = [f"{key}={_canon(value)}" for key, value in sorted((circumstances or {}).items())]
    return f"{kind}@{target}" + ("|" + ",".join(parts) if parts else "")


def roll_once(memo: Mapping[str, list[int]], key: str, request: BindRequest, dice: Dice) -> tuple[RollResult, Memo]:
    """Roll ``request`` unless ``key`` was rolled before; return the result and the new memo.

    A remembered roll reads no dice: its faces are re-read with the request's
    current bonus and TN, and the text says it was remembered.  Resting actions
    may be repeated until they work (seed 003 §Resting Actions), so they always
    roll and are never remembered.  ``memo`` (key -> faces, plain data for the
    save) is not changed; the returned memo is a new dict.
    """
    new_memo: Memo = {k: list(v) for k, v in memo.items()}
    if request.resting:
        return roll(request, dice), new_memo
    remembered = memo.get(key)
    if remembered is not None and len(remembered) == request.faces_needed:
        return roll(replace(request, fixed=tuple(remembered)), dice), new_memo
    result = roll(request, dice)
    new_memo[key] = list(result.dice)
    return result, new_memo


def forget(memo: Mapping[str, list[int]], target: str) -> Memo:
    """A new memo without the rolls against ``target`` (its circumstances changed)."""
    return {k: list(v) for k, v in memo.items() if k.split("@", 1)[1].split("|", 1)[0] != target}


# -- margins --------------------------------------------------------------------

def margin_reward(margin: int, dice: Dice, count: int = 2, sides: int = 6) -> RollResult:
    """seed 003 §Margins: a variable outcome of ``count``d``sides`` + margin (never below 0).

    The bard charming a crowd with margin 3 gains 2D6+3 copper pieces.
    """
    faces = tuple(roll_many(dice, count, sides))
    total = max(0, sum(faces) + margin)
    return RollResult(
        system=SYSTEM_ID,
        dice=faces,
        outcome="success",
        figures={"total": total, "margin": margin},
        text=f"{count}d{sides} ({', '.join(map(str, faces))}) {_signed(margin)} (margin) = {total}",
        rule=RULE_MARGINS,
    )
