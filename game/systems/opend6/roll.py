"""OpenD6 rolls: the Wild Die, exact odds, Character Point and Fate Point dice.

Seed 002 §Making Actions: roll the die code's dice, one of them the Wild Die.
A Wild Die 2-5 is added normally; a 6 is a Critical Success: add it and roll
the Wild Die again, adding and rolling again while it shows 6; a 1 on its
first roll is a Critical Failure, and the Game Master says whether it is added.
What happens on that 1 is the ``wild_one`` option (the default first):

- ``complication``: the 1 is added like any face; the roll is flagged
  ``critical_failure`` (in play a complication follows);
- ``drop-highest``: the Wild Die and the highest other die are dropped; flagged;
- ``mishap-on-failure``: the 1 is added; flagged only if the roll fails.

Faces are read in the order of the command line: the N-1 ordinary dice, then the
Wild Die and each of its re-rolls.  :func:`roll` and :func:`odds` share the
predicates :func:`wild_dropped` and :func:`is_critical_failure`.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache, lru_cache

from game.rules.base import Odds, RollResult
from game.rules.dice import Dice, roll_many
from game.rules.exact import TAIL_CUTOFF
from game.systems.opend6.codes import DieCode, code_text

SYSTEM_ID = "opend6"
WILD_ONE: tuple[str, ...] = ("complication", "drop-highest", "mishap-on-failure")
RULE = "seed 002 §Making Actions (Wild Die)"
#: Largest pool ``odds`` and ``roll`` accept (``dice=N``).
MAX_DICE = 60


@dataclass(frozen=True)
class D6Request:
    """One roll: ``dice`` d6 (one of them the Wild Die) plus ``pips``.

    ``difficulty`` None is an open roll (damage): it always "succeeds" and only
    its total matters.  ``label`` names what is rolled, for the text.  ``secret``:
    the difficulty is the Game Master's (seed 002: he "doesn't usually tell you the
    difficulty number"), so :func:`odds` gives the chance without the number.  ``note``
    says what made the difficulty what it is, for the odds (a wounded defender's).
    """

    dice: int
    pips: int = 0
    difficulty: int | None = None
    wild_one: str = "complication"
    label: str = ""
    secret: bool = False
    note: str = ""

    def __post_init__(self) -> None:
        if self.dice < 1:
            raise ValueError("an OpenD6 roll has at least one die, the Wild Die")
        if self.wild_one not in WILD_ONE:
            raise ValueError(f"wild_one must be one of {', '.join(WILD_ONE)}")

    @classmethod
    def of(cls, code: DieCode, difficulty: int | None, wild_one: str, label: str = "") -> D6Request:
        """The request rolling ``code``; a code of 0D still rolls the Wild Die (House rule)."""
        return cls(max(code.dice, 1), code.pips, difficulty, wild_one, label)

    @property
    def code(self) -> str:
        return code_text(self.dice, self.pips)


# -- shared semantics --------------------------------------------------------

def wild_dropped(first: int, wild_one: str) -> bool:
    """Whether the Wild Die and the highest other die are dropped."""
    return first == 1 and wild_one == "drop-highest"


def is_critical_failure(first: int, succeeded: bool, wild_one: str) -> bool:
    """Whether a roll whose Wild Die first showed ``first`` is flagged critical_failure."""
    return first == 1 and (wild_one != "mishap-on-failure" or not succeeded)


def succeeds(total: int, difficulty: int | None) -> bool:
    """Success if the total equals or beats the difficulty (seed 002 §Making Actions)."""
    return difficulty is None or total >= difficulty


# -- rolling -----------------------------------------------------------------

def read_wild(dice: Dice) -> tuple[int, ...]:
    """The Wild Die and its re-rolls: keep rolling while it shows 6."""
    chain = [dice.roll(6)]
    while chain[-1] == 6:
        chain.append(dice.roll(6))
    return tuple(chain)


def roll(request: D6Request, dice: Dice) -> RollResult:
    """Resolve ``request``: N-1 ordinary faces, then the Wild Die chain."""
    ordinary = tuple(roll_many(dice, request.dice - 1, 6))
    return resolve(request, ordinary, read_wild(dice))


def split_faces(request: D6Request, faces: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Split a result's faces into ordinary dice, Wild Die chain and Character Point dice."""
    ordinary = tuple(faces[: request.dice - 1])
    end = request.dice - 1
    while faces[end] == 6:
        end += 1
    return ordinary, tuple(faces[request.dice - 1 : end + 1]), tuple(faces[end + 1 :])


def resolve(
    request: D6Request,
    ordinary: Sequence[int],
    wild: Sequence[int],
    extra: Sequence[int] = (),
) -> RollResult:
    """The result of given faces; ``extra`` are Character Point dice, always added."""
    dropped = max(ordinary, default=0) if wild_dropped(wild[0], request.wild_one) else 0
    wild_total = 0 if wild_dropped(wild[0], request.wild_one) else sum(wild)
    total = sum(ordinary) - dropped + wild_total + sum(extra) + request.pips
    ok = succeeds(total, request.difficulty)
    critical_success = wild[0] == 6
    critical_failure = is_critical_failure(wild[0], ok, request.wild_one)
    figures: dict[str, int | str | bool] = {
        "code": request.code,
        "total": total,
        "pips": request.pips,
        "wild_die": wild_total,
        "dropped": dropped,
        "character_dice": len(extra),
    }
    if request.difficulty is not None:
        figures["difficulty"] = request.difficulty
        figures["margin"] = total - request.difficulty
    return RollResult(
        system=SYSTEM_ID,
        dice=(*ordinary, *wild, *extra),
        outcome="success" if ok else "failure",
        figures=figures,
        text=_text(request, ordinary, wild, extra, dropped, total, critical_success, critical_failure),
        rule=RULE,
        critical_success=critical_success,
        critical_failure=critical_failure,
    )


def _text(
    request: D6Request,
    ordinary: Sequence[int],
    wild: Sequence[int],
    extra: Sequence[int],
    dropped: int,
    total: int,
    critical_success: bool,
    critical_failure: bool,
) -> str:
    parts = []
    if ordinary:
        parts.append(", ".join(map(str, ordinary)))
    wild_text = "wild " + "+".join(map(str, wild))
    if wild_dropped(wild[0], request.wild_one):
        wild_text += f" (dropped with the {dropped})" if ordinary else " (dropped)"
    parts.append(wild_text)
    if extra:
        parts.append("character die " + ", ".join(map(str, extra)))
    line = " + ".join(parts)
    if request.pips:
        line += f" {'+' if request.pips > 0 else '-'} {abs(request.pips)}"
    label = f"{request.label} " if request.label else ""
    text = f"{label}{request.code} ({line}) = {total}"
    if request.difficulty is not None:
        outcome = "success" if succeeds(total, request.difficulty) else "failure"
        text += f" vs {request.difficulty}: {outcome} (margin {total - request.difficulty})"
    flags = [name for name, on in (("critical success", critical_success), ("critical failure", critical_failure)) if on]
    return text + "".join(f", {flag}" for flag in flags)


def add_character_die(request: D6Request, result: RollResult, dice: Dice) -> RollResult:
    """Spend a Character Point after a roll: one extra die is rolled and added.

    Seed 002 §Improving Rolls.  House rule: the extra die is an ordinary d6
    (no explosion, no critical), read after the roll's faces; it is added after
    any Wild Die drop, and the outcome and a failure-only mishap are re-judged.
    May be applied again for each further point spent.
    """
    ordinary, wild, extra = split_faces(request, result.dice)
    return resolve(request, ordinary, wild, (*extra, dice.roll(6)))


def with_fate_point(request: D6Request) -> D6Request:
    """Spend a Fate Point before a roll: the number of dice is doubled (pips kept).

    Seed 002 §Improving Rolls: "doubles the number of dice you'd normally roll".
    One of the doubled dice is still the (only) Wild Die.
    """
    return replace(request, dice=2 * request.dice)


# -- exact odds ----------------------------------------------------------------

def _tail_depth() -> int:
    """Wild Die chain depth d: chains of d or more sixes (mass 6**-d) are cut, 6**-d < cutoff."""
    depth = 1
    while Fraction(1, 6**depth) >= TAIL_CUTOFF:
        depth += 1
    return depth


WILD_DEPTH = _tail_depth()


@cache
def _wild_outcomes() -> tuple[tuple[int, int, int], ...]:
    """(first face, chain total, weight) of the Wild Die; weights over 6**WILD_DEPTH.

    A chain of k sixes then a face f in 1..5 has probability 6**-(k+1); chains
    of WILD_DEPTH or more sixes (together 6**-WILD_DEPTH) are left out.
    """
    top = WILD_DEPTH - 1
    outcomes = [(face, face, 6**top) for face in range(1, 6)]
    outcomes += [(6, 6 * k + face, 6 ** (top - k)) for k in range(1, WILD_DEPTH) for face in range(1, 6)]
    return tuple(outcomes)


def _pack(coefficients: Sequence[int], width: int) -> int:
    """Coefficients as one big integer, ``width`` bytes per slot (Kronecker substitution)."""
    return int.from_bytes(b"".join(c.to_bytes(width, "little") for c in coefficients), "little")


def _unpack(number: int, width: int, length: int) -> list[int]:
    packed = number.to_bytes(width * length, "little")
    return [int.from_bytes(packed[i : i + width], "little") for i in range(0, len(packed), width)]


def _width(bound: int) -> int:
    """Bytes per slot for coefficients up to ``bound``."""
    return (bound.bit_length() + 8) // 8


def _poly_mul(a: Sequence[int], b: Sequence[int]) -> list[int]:
    """The product of two polynomials with non-negative integer coefficients."""
    width = _width(sum(a) * sum(b))
    return _unpack(_pack(a, width) * _pack(b, width), width, len(a) + len(b) - 1)


@lru_cache(maxsize=256)
def _sum_counts(count: int, sides: int) -> tuple[int, ...]:
    """ways[s]: how many of the sides**count rolls of ``count`` dice sum to s.

    The coefficients of (x + ... + x**sides)**count, as one big-integer power.
    """
    width = _width(sides**count)
    die = _pack([0] + [1] * sides, width)
    return tuple(_unpack(die**count, width, count * sides + 1))


@lru_cache(maxsize=256)
def _dropped_counts(count: int) -> tuple[tuple[int, int], ...]:
    """(s, ways) pairs: how many rolls of ``count`` d6 sum to s once their highest die is dropped."""
    if count == 0:
        return ((0, 1),)
    out: dict[int, int] = {}
    below: tuple[int, ...] = ()
    for top in range(1, 7):
        capped = _sum_counts(count, top)
        for s, ways in enumerate(capped):
            exact = ways - (below[s] if s < len(below) else 0)
            if exact:
                out[s - top] = out.get(s - top, 0) + exact
        below = capped
    return tuple(sorted(out.items()))


@lru_cache(maxsize=1)
def _wild_polynomial() -> tuple[int, ...]:
    """Weights of the Wild Die chain totals whose first face is not 1."""
    weights = [0] * (6 * WILD_DEPTH)
    for first, chain, weight in _wild_outcomes():
        if first != 1:
            weights[chain] += weight
    return tuple(weights)


def _total_counts(request: D6Request) -> tuple[dict[int, int], dict[int, int], int]:
    """Weights of each total, split into Wild Die first 1 (``ones``) and the rest.

    Returns (others, ones, denominator): the ordinary dice convolved with the
    Wild Die chains, and, for a first 1, the ordinary dice plus 1 or (when
    :func:`wild_dropped`) without their highest die.
    """
    n, pips = request.dice - 1, request.pips
    ordinary = _sum_counts(n, 6)
    others = {s + pips: w for s, w in enumerate(_poly_mul(ordinary, _wild_polynomial())) if w}
    weight = 6 ** (WILD_DEPTH - 1)
    if wild_dropped(1, request.wild_one):
        ones = {s + pips: weight * w for s, w in _dropped_counts(n)}
    else:
        ones = {s + 1 + pips: weight * w for s, w in enumerate(ordinary) if w}
    return others, ones, 6 ** (n + WILD_DEPTH)


def odds(request: D6Request) -> Odds:
    """Exact probabilities of ``request``, the Wild Die tail cut below 1e-12.

    ``p_critical_success`` is exactly 1/6 (a first 6).  ``p_critical_failure``
    follows :func:`is_critical_failure` (1/6 unless only failures count).
    ``distribution`` maps each total to its probability; the cut tail
    (Wild Die chains of 16 or more sixes, 6**-16 of the mass) is missing from
    it and from ``p_success`` and ``p_failure``.
    """
    others, ones, denominator = _total_counts(request)
    difficulty = request.difficulty
    totals = dict(others)
    for total, weight in ones.items():
        totals[total] = totals.get(total, 0) + weight
    success = sum(w for t, w in totals.items() if succeeds(t, difficulty))
    failure = sum(w for t, w in totals.items() if not succeeds(t, difficulty))
    critical_failure = sum(w for t, w in ones.items() if is_critical_failure(1, succeeds(t, difficulty), request.wild_one))
    target = "" if difficulty is None else " vs a hidden difficulty" if request.secret else f" vs {difficulty}"
    return Odds(
        system=SYSTEM_ID,
        p_success=Fraction(success, denominator),
        probabilities={
            "p_failure": Fraction(failure, denominator),
            "p_critical_success": Fraction(1, 6),
            "p_critical_failure": Fraction(critical_failure, denominator),
        },
        distribution={str(t): Fraction(totals[t], denominator) for t in sorted(totals)},
        description=f"{request.code} with a Wild Die{target} (wild 1: {request.wild_one})"
                    + (f"; {request.note}" if request.note else ""),
    )


def hidden(result: RollResult) -> RollResult:
    """The result with its difficulty and margin left out of the text (seed 002 §Making
    Actions: the Game Master "doesn't usually tell you the difficulty number").

    ``... = 19 vs 18: success (margin 1)`` reads ``... = 19: success``; the
    figures keep the numbers (``roll --json``, ``odds`` still know them), flagged ``secret`` so
    that ``why`` leaves them out too.
    """
    if "difficulty" not in result.figures:
        return result
    shown = f" vs {result.figures['difficulty']}: {result.outcome} (margin {result.figures['margin']})"
    return replace(result, text=result.text.replace(shown, f": {result.outcome}", 1),
                   figures={**result.figures, "secret": True})
