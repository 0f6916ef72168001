"""Maelstrom's d10 dice pool: rolling, the four resolution steps, the Easy
Counting Trick, and exact odds (seed 004 §Actions).

Everything here is pure.  :func:`roll_pool` reads faces from a
:class:`~game.rules.dice.Dice`: the pool dice first, then the bonus dice
breadth-first (every bonus die earned by one batch is read before the dice
that batch's tens earn), as the command line fixes for ``roll --dice``.
:func:`four_steps` defines what a result means; the exact odds
(:mod:`maelstrom_odds`) follow the same steps and are tested against it by
enumerating faces.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from game.rules.dice import Dice, roll_many
from game.systems.maelstrom.odds import net_fractions

SIDES = 10
BOTCH_FACE = 1
EXPLODING_FACE = 10
DEFAULT_DIFFICULTY = 6
#: seed 004 §Difficulty: "the difficulty can be set anywhere between two and ten".
MIN_DIFFICULTY, MAX_DIFFICULTY = 2, 10

RULE_RESOLVE = "seed 004 §Resolving the Result"
RULE_THRESHOLD = "seed 004 §Threshold"
RULE_SPECIALTIES = "seed 004 §Using Specialties"


@dataclass(frozen=True)
class PoolRequest:
    """One Maelstrom action roll.

    ``dice`` is the pool after every penalty; ``specialties`` the number of
    applicable specialties in use (each 10 on any die earns that many bonus
    dice); ``automatic`` successes come from Willpower (house rule: added after
    Step 3, so they can be neither removed by the threshold nor cancelled).
    ``wound_penalty`` records the dice already taken away for wounds so that
    spending Willpower can give them back; ``alternatives`` are the other ways
    the player could perform it (seed 004 §Dice Pool), for ``odds``.  ``reasons`` are player-facing notes
    on why the numbers are what they are (seed 004 §Determining Thresholds:
    "make sure your players are aware of the reason for the threshold").
    """

    dice: int
    difficulty: int = DEFAULT_DIFFICULTY
    threshold: int = 0
    specialties: int = 0
    automatic: int = 0
    wound_penalty: int = 0
    label: str = ""
    reasons: tuple[str, ...] = ()
    house_rule: bool = False
    #: The other ways of performing the action, each its phrase and its pool (``odds`` shows them).
    alternatives: tuple[tuple[str, PoolRequest], ...] = ()

    def with_reason(self, reason: str, *, dice: int | None = None, difficulty: int | None = None,
                    threshold: int | None = None, specialties: int | None = None, automatic: int | None = None,
                    wound_penalty: int | None = None) -> PoolRequest:
        """A copy with ``reason`` noted and the numbers given changed (the others kept)."""
        def kept(value: int | None, old: int) -> int:
            return old if value is None else value

        return replace(self, reasons=self.reasons + (reason,), dice=kept(dice, self.dice),
                       difficulty=kept(difficulty, self.difficulty), threshold=kept(threshold, self.threshold),
                       specialties=kept(specialties, self.specialties), automatic=kept(automatic, self.automatic),
                       wound_penalty=kept(wound_penalty, self.wound_penalty))


@dataclass(frozen=True)
class PoolRoll:
    """The faces of one pool roll: the pool dice, then each batch of bonus dice."""

    pool: tuple[int, ...]
    batches: tuple[tuple[int, ...], ...] = ()

    @property
    def bonus(self) -> tuple[int, ...]:
        return tuple(face for batch in self.batches for face in batch)

    @property
    def faces(self) -> tuple[int, ...]:
        return self.pool + self.bonus


@dataclass(frozen=True)
class Tally:
    """The four steps of seed 004 §Resolving the Result, written down.

    ``rolled`` successes are counted in Step 2, ``removed`` of them by the
    threshold, ``cancelled`` by ``botches`` in Step 3; ``net`` is the signed
    result (negative: that many botches left over) and ``outcome`` Step 4's verdict.
    """

    rolled: int
    removed: int
    botches: int
    cancelled: int
    automatic: int
    net: int
    outcome: str


def roll_pool(dice: Dice, count: int, specialties: int) -> PoolRoll:
    """Roll ``count`` pool dice, then bonus dice breadth-first (seed 004 §Using Specialties).

    Each specialty in use adds one bonus die for every 10 rolled on any die,
    pool or bonus; the bonus dice's own tens earn more ("exploding tens").
    """
    pool = tuple(roll_many(dice, count, SIDES))
    batches: list[tuple[int, ...]] = []
    earned = pool.count(EXPLODING_FACE) * specialties
    while earned:
        batch = tuple(roll_many(dice, earned, SIDES))
        batches.append(batch)
        earned = batch.count(EXPLODING_FACE) * specialties
    return PoolRoll(pool, tuple(batches))


def raw_net(successes: int, botches: int, threshold: int) -> int:
    """Steps 2 and 3: the threshold removes successes first, then each botch cancels one.

    Successes removed by the threshold "never happened", so they cannot
    soak up botches (seed 004 §Threshold).
    """
    return max(0, successes - threshold) - botches


def with_automatic(net: int, automatic: int) -> int:
    """Add Willpower's automatic successes after Step 3 (house rule): no botch survives one."""
    return net if automatic == 0 else max(net, 0) + automatic


def settle(successes: int, botches: int, threshold: int, automatic: int = 0) -> int:
    """The signed net result of a roll; the one definition odds and rolls share."""
    return with_automatic(raw_net(successes, botches, threshold), automatic)


def outcome_of(net: int) -> str:
    """Step 4: any success left succeeds; botches left over botch; otherwise a simple failure."""
    if net > 0:
        return "success"
    return "botch" if net < 0 else "failure"


def four_steps(pool: Sequence[int], bonus: Sequence[int], difficulty: int, threshold: int,
               automatic: int = 0) -> Tally:
    """Resolve faces exactly as seed 004 §Resolving the Result, Steps 1-4.

    Step 1 classifies each die; Step 2 counts successes (pool and bonus dice)
    and removes the threshold; Step 3 counts the 1s on the pool dice (1s on
    bonus dice "are ignored and do not add a botch", §Using Specialties) and
    cancels successes; Step 4 gives the verdict.
    """
    rolled = sum(1 for face in (*pool, *bonus) if face >= difficulty)
    removed = min(threshold, rolled)
    botches = sum(1 for face in pool if face == BOTCH_FACE)
    cancelled = min(botches, rolled - removed)
    net = settle(rolled, botches, threshold, automatic)
    return Tally(rolled, removed, botches, cancelled, automatic, net, outcome_of(net))


def easy_count(pool: Sequence[int], bonus: Sequence[int], difficulty: int, threshold: int) -> tuple[int, str]:
    """Seed 004 §Easy Counting Trick, step by step on the dice themselves.

    Returns ``(net, outcome)`` with ``net`` negative for the botches left over.
    It must agree with :func:`four_steps` on every roll (tested).
    """
    kept = [face for face in pool if face >= difficulty or face == BOTCH_FACE]  # 1. drop failures
    kept += [face for face in bonus if face >= difficulty]  # 2. bonus dice: 1s are failures
    successes = [face for face in kept if face != BOTCH_FACE]
    botches = [face for face in kept if face == BOTCH_FACE]
    del successes[:threshold]  # 3. the threshold takes successes away
    pairs = min(len(successes), len(botches))  # 4. pair successes with botches
    del successes[:pairs]
    del botches[:pairs]
    if successes:  # 5.
        return len(successes), "success"
    if botches:  # 6.
        return -len(botches), "botch"
    return 0, "failure"  # 7.


def resolve(request: PoolRequest, dice: Dice) -> tuple[PoolRoll, Tally]:
    """Roll ``request`` and resolve it."""
    rolled = roll_pool(dice, request.dice, request.specialties)
    tally = four_steps(rolled.pool, rolled.bonus, request.difficulty, request.threshold, request.automatic)
    return rolled, tally


def _plural(count: int, word: str, plural: str | None = None) -> str:
    return f"{count} {word if count == 1 else (plural or word + 'es')}"


def describe(request: PoolRequest, rolled: PoolRoll, tally: Tally) -> str:
    """One line, e.g. ``5d10 (1, 3, 4, 6, 7) vs 6: 2 successes - 1 one = 1: success``.

    Each die showing 1 is counted as a "one" that cancels a success: the seed
    calls such a die a botch, but a player reads "botch" as the verdict (more
    1s than successes), so the line keeps that word for the verdict alone.

    A request with a label (its traits) starts with it, and one with reasons
    (a specialty in use, a missing advanced specialty, wounds, Willpower) ends
    with them in brackets, so the player sees why the numbers are what they are.
    """
    faces = ", ".join(map(str, rolled.pool)) or "no dice"
    text = f"{len(rolled.pool)}d10 ({faces})"
    if request.label:
        text = f"{request.label} {text}"
    if rolled.batches:
        text += " + bonus " + " ".join("(" + ", ".join(map(str, batch)) + ")" for batch in rolled.batches)
    text += f" vs {request.difficulty}"
    if request.threshold:
        text += f", threshold {request.threshold}"
    if request.specialties:
        text += ", " + _plural(request.specialties, "specialty", "specialties")
    text += f": {_plural(tally.rolled, 'success')}"
    if tally.removed:
        text += f" - {tally.removed} to the threshold"
    if tally.botches:
        text += f" - {_plural(tally.botches, 'one', 'ones')}"
    if tally.automatic:
        text += f" + {tally.automatic} automatic"
    text += f" = {tally.net}: {tally.outcome}"
    if request.reasons:
        text += " [" + "; ".join(request.reasons) + "]"
    return text


def rule_for(request: PoolRequest) -> str:
    """The seed sections a request applies."""
    sections = [RULE_RESOLVE]
    if request.threshold:
        sections.append(RULE_THRESHOLD)
    if request.specialties:
        sections.append(RULE_SPECIALTIES)
    return "; ".join(sections)


def figures(request: PoolRequest, rolled: PoolRoll, tally: Tally) -> dict[str, int | str | bool]:
    """The numbers ``roll --json`` shows beside ``dice`` and ``outcome``."""
    return {
        "successes": max(tally.net, 0),
        "net": tally.net,
        "margin": tally.net,
        "rolled_successes": tally.rolled,
        "removed_by_threshold": tally.removed,
        "botches": tally.botches,
        "cancelled": tally.cancelled,
        "automatic": tally.automatic,
        "pool": request.dice,
        "bonus_dice": len(rolled.bonus),
        "difficulty": request.difficulty,
        "threshold": request.threshold,
        "specialties": request.specialties,
    }


# -- exact odds ---------------------------------------------------------------
#
# Whole-number counts over powers of ten, in :mod:`maelstrom_odds`.


def net_distribution(n: int, difficulty: int, threshold: int, specialties: int) -> tuple[tuple[int, Fraction], ...]:
    """``(raw net, probability)`` pairs, ascending, exact (long exploding tails: within
    1e-15, see :mod:`maelstrom_odds`); the tail above the last kept value weighs less
    than ``TAIL_CUTOFF`` (nothing is cut without specialties)."""
    return net_fractions(n, difficulty, threshold, specialties)


@dataclass(frozen=True)
class PoolOdds:
    """Exact odds of a request: the distribution of the final signed net result."""

    distribution: dict[int, Fraction]
    p_success: Fraction
    p_failure: Fraction
    p_botch: Fraction


def final_distribution(request: PoolRequest) -> dict[int, Fraction]:
    """P(final signed net) for ``request``, Willpower's automatic successes included."""
    pairs = net_distribution(request.dice, request.difficulty, request.threshold, request.specialties)
    if not request.automatic:
        return dict(pairs)
    out: dict[int, Fraction] = {}
    for net, prob in pairs:
        final = with_automatic(net, request.automatic)
        out[final] = out[final] + prob if final in out else prob
    return out


def odds_from(distribution: dict[int, Fraction]) -> PoolOdds:
    """Split a signed-net distribution into Step 4's outcomes.

    Botch and failure need few successes, so they are exact even when the tail
    of a distribution is cut; success takes the rest, the cut tail included.
    """
    p_botch = sum((p for net, p in distribution.items() if outcome_of(net) == "botch"), Fraction(0))
    p_failure = sum((p for net, p in distribution.items() if outcome_of(net) == "failure"), Fraction(0))
    return PoolOdds(distribution, 1 - p_botch - p_failure, p_failure, p_botch)


def pool_odds(request: PoolRequest) -> PoolOdds:
    """Exact odds of one pool roll."""
    return odds_from(final_distribution(request))
