"""Odds of a Maelstrom pool (seed 004 §Actions), in whole-number counts: exact, or, for long
exploding tails, within 1e-15.

Every face of a d10 has probability 1/10, so a result of ``L`` dice read has probability
``count / 10**L``: this module works with integer counts only and makes each
:class:`~fractions.Fraction` once, at the end, by removing the factors 2 and 5 it shares
with its power of ten.  Exact odds are what ``odds`` promises a player deciding a risk.

The pool (``n`` dice, difficulty ``d``, threshold ``t``, ``s`` specialties) has no
closed form, so the odds are read from power series: ``X = p + q z + r z X^s`` for one
bonus die and all it earns (``p = (d-1)/10``, ``q = (10-d)/10``, ``r = 1/10``), and
``V = z X + (1 - z)/10`` for one pool die (its 1 counted as ``z^-1``), so that
``[z^k] V^n`` is the chance of successes - botches = ``k - n``.  Lagrange inversion turns
that, for ``k > n``, into a coefficient of ``G^n φ^(k-n-1) (φ - u φ')``; a window of a few
coefficients walks up the diagonal by a short linear recurrence, a bounded number of
exact integer operations per result.  Results with few successes (failures, botches)
come from the first coefficients of ``V^n`` and the joint law of successes and botches
under the threshold.

With specialties the distribution is listed up to where less than
:data:`~game.rules.exact.TAIL_CUTOFF` remains.  The walk's numbers gain ``s`` digits a step
and cannot be rounded, so when it would be long (:func:`_exact_is_quick`) the successes
come from one inverse DFT at the roots of unity (:mod:`game.systems.maelstrom.dft`), each
within :data:`DFT_ERROR` of exact; ``p_botch``, ``p_failure`` and ``p_success`` stay exact.
``docs/internals/maelstrom.md`` gives the derivation in full.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from functools import lru_cache
from itertools import accumulate
from math import comb
from operator import mul
from typing import Any

from game.systems.maelstrom.dft import DFT_DIGITS, MAX_DFT_SIZE, decay_rate, dft_tail_values

#: ``10**CUT_DIGITS`` is 1 / TAIL_CUTOFF.
CUT_DIGITS = 12

#: A probability ``count / 10**exponent``.
Count = tuple[int, int]


# -- exact fractions over powers of ten ---------------------------------------------

def _twos(number: int, limit: int) -> int:
    return min((number & -number).bit_length() - 1, limit)


#: The largest power of five in one 30-bit digit of a Python int (fast division).
_FIVE_CHUNK = 12
_FIVES = 5**_FIVE_CHUNK


def _fives(number: int, limit: int) -> int:
    """How many times 5 divides ``number`` (at most ``limit``)."""
    found = 0
    while found + _FIVE_CHUNK <= limit:
        quotient, remainder = divmod(number, _FIVES)
        if remainder:
            break
        number = quotient
        found += _FIVE_CHUNK
    while found < limit and number % 5 == 0:
        number //= 5
        found += 1
    return found


def _coprime_maker() -> Callable[[int, int], Fraction]:
    """How this Python builds a Fraction from coprime parts without a gcd (chosen once)."""
    maker: Callable[[int, int], Fraction] | None = getattr(Fraction, "_from_coprime_ints", None)  # Python 3.12+
    if maker is not None:
        return maker

    def from_parts(numerator: int, denominator: int) -> Fraction:
        # what 3.12's Fraction._from_coprime_ints does: 3.11's Fraction(..., _normalize=False)
        # spends twice as long on argument checks (a few hundred Fractions an `odds`)
        made: Any = object.__new__(Fraction)
        made._numerator, made._denominator = numerator, denominator
        fraction: Fraction = made
        return fraction

    try:
        half = from_parts(1, 2)
        works = half == Fraction(1, 2) and hash(half) == hash(Fraction(1, 2)) and float(half) == 0.5
    except (AttributeError, TypeError):  # pragma: no cover - a Fraction with other fields
        works = False
    return from_parts if works else Fraction


#: A Fraction from a numerator and denominator known to be coprime (no gcd).
_from_coprime = _coprime_maker()


def fraction(count: int, exponent: int) -> Fraction:
    """``count / 10**exponent`` as a reduced Fraction, without a gcd for long numbers."""
    if count == 0:
        return Fraction(0)
    if exponent <= DFT_DIGITS:  # short: a gcd is quicker
        denominator = 10**exponent
        common = math.gcd(count, denominator)
        return _from_coprime(count // common, denominator // common)
    twos = _twos(abs(count), exponent)
    fives = _fives(abs(count), exponent)
    return _from_coprime(count // (2**twos * 5**fives), 2 ** (exponent - twos) * 5 ** (exponent - fives))


# -- the series -------------------------------------------------------------------

def bonus_counts(difficulty: int, specialties: int, top: int) -> list[int]:
    """``x_j = 10**(1 + s j) [z^j] X`` for ``j = 0..top`` (X: one bonus die and its descendants).

    From ``X = p + q z + r z Y`` with ``Y = X^s``: ``x_j`` needs ``Y``'s
    coefficient ``j - 1``, and ``Y``'s coefficients follow J. C. P. Miller's
    recurrence ``k X_0 Y_k = sum_i ((s+1) i - k) X_i Y_(k-i)``.
    """
    s = specialties
    x = [difficulty - 1]
    y = [(difficulty - 1) ** s]  # y_k = 10**(s (1 + k)) [z^k] X^s
    for j in range(1, top + 1):
        x.append(y[j - 1] + ((10 - difficulty) * 10**s if j == 1 else 0))
        if j == top:
            break
        k = j
        total = sum(((s + 1) * i - k) * x[i] * y[k - i] for i in range(1, k + 1))
        y.append(total // (k * x[0]))
    return x


def _pool_die(difficulty: int, specialties: int, x: Sequence[int]) -> list[int]:
    """``10**(1 + s j) [z^j] V`` for ``j = 0..len(x)``: one pool die (botch as ``z^-1``, times ``z``),
    from ``x = bonus_counts(...)``."""
    scale = 10**specialties
    return [1, (difficulty - 2) * scale] + [value * scale for value in x[1:]]


def _first_counts(dice: int, die: Sequence[int], top: int) -> list[int]:
    """``C_k = 10**(n + s k) [z^k] V^n`` for ``k = 0..top`` by Miller's recurrence (``V_0 = 1``),
    from ``die = _pool_die(...)`` (at least ``top + 1`` long)."""
    counts = [1]
    for k in range(1, top + 1):
        total = sum(((dice + 1) * i - k) * die[i] * counts[k - i] for i in range(1, k + 1))
        counts.append(total // k)
    return counts


def _poly_mul(a: Sequence[int], b: Sequence[int]) -> list[int]:
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


def _polynomials(difficulty: int, specialties: int) -> tuple[list[int], list[int], list[int]]:
    """φ̂, Ĝ and ω̂ in ``v = 10 u``: ``10**(s+1) φ``, ``10**(s+2) G`` and ``10**(s+1) (φ - u φ')``."""
    s = specialties
    phi = [comb(s, j) * (difficulty - 1) ** (s - j) for j in range(s + 1)]
    phi[0] += (10 - difficulty) * 10**s
    g = phi + [0] * max(0, 3 - len(phi))
    g[1] += 10**s * (difficulty - 2)
    g[2] += 10**s
    omega = [coefficient * (1 - j) for j, coefficient in enumerate(phi)]
    return phi, g, omega


def _power_head(poly: Sequence[int], exponent: int, top: int) -> list[int]:
    """Coefficients ``0..top`` of ``poly**exponent`` (Miller; ``poly[0]`` must not be 0)."""
    out = [poly[0] ** exponent]
    for j in range(1, top + 1):
        total = sum(((exponent + 1) * i - j) * poly[i] * out[j - i] for i in range(1, min(j, len(poly) - 1) + 1))
        out.append(total // (j * poly[0]))
    return out


def diagonal_counts(dice: int, difficulty: int, specialties: int) -> Iterator[int]:
    """Yield ``C_k = 10**(n + s k) [z^k] V^n`` for ``k = n+1, n+2, ...`` (needs ``n, s >= 1``).

    ``C_k = [v^k] Γ_m ω̂`` with ``Γ_m = Ĝ^n φ̂^m``, ``m = k - n - 1``.  The
    window holds ``Γ_m`` at indices ``k - W + 1 .. k``.  One step: ``Γ_m[k+1]``
    from the recurrence upward, ``Γ_(m+1) = φ̂ Γ_m`` on all but the lowest
    ``s - 1`` places, and those from the recurrence of ``Γ_(m+1)`` downward.
    The recurrence at index ``j`` reads ``sum_l θ_l(j) Γ[j+1-l] = 0`` with
    ``θ_l(j) = Π_l (j+1-l) - n A_(l-1) - m B_(l-1)``, ``Π = Ĝ φ̂``,
    ``A = Ĝ' φ̂``, ``B = Ĝ φ̂'``; neither end coefficient vanishes for ``n >= 1``.
    """
    n, s = dice, specialties
    phi, g, omega = _polynomials(difficulty, s)
    pi = _poly_mul(g, phi)
    order = len(pi) - 1
    a = _poly_mul([i * c for i, c in enumerate(g)][1:], phi)
    b = _poly_mul(g, [i * c for i, c in enumerate(phi)][1:])
    a += [0] * (order - len(a))
    b += [0] * (order - len(b))
    fixed = [pi[0]] + [pi[e] * (1 - e) - n * a[e - 1] for e in range(1, order + 1)]
    per_m = [0] + b[:order]
    width = order + s - 1
    k = n + 1
    low = k - width + 1
    head = _power_head(g, n, k)
    window = [head[i] if i >= 0 else 0 for i in range(low, k + 1)]
    omega_rev = omega[::-1]
    phi_rev = phi[::-1]
    m = 0
    terms = range(order + 1)
    while True:
        yield sum(map(mul, omega_rev, window[-s - 1:]))
        base = [fixed[e] - m * per_m[e] for e in terms]
        theta = [pi[e] * k + base[e] for e in terms]
        window.append(-sum(map(mul, theta[1:], window[:-order - 1:-1])) // theta[0])
        new = [sum(map(mul, phi_rev, window[i - s:i + 1])) for i in range(s, len(window))]
        m += 1
        base = [fixed[e] - m * per_m[e] for e in terms]
        j = low + s - 1 + order - 1  # the index whose relation has new[0] - 1 at its low end
        for _ in range(s - 1):
            theta = [pi[e] * j + base[e] for e in terms]
            new.insert(0, -sum(map(mul, theta[:order], new[order - 1::-1])) // theta[order])
            j -= 1
        low += 1
        window = new
        k += 1


def _below_threshold(dice: int, specialties: int, difficulty: int, x: Sequence[int], threshold: int,
                     top: int) -> tuple[list[int], list[int]]:
    """The pairs (successes ``j < t``, botches) the low results need, as counts over ``10**top``.

    ``P(j, b) = C(n, b) 10**-b [z^j] Q^(n-b)``, from ``(w/10 + Q)^n`` with
    ``Q = X - 1/10`` a pool die without its botch.  ``kept[b]`` sums ``P(j, b)``
    over ``j < t`` (their net is ``-b``); ``moved[b]`` sums ``P(j, j + b - t)``
    over ``j < t``: the pairs with ``successes - botches = t - b`` that the
    diagonal counts at net ``-b`` although their net is ``-(j + b - t)``.

    The powers of ``Q`` come from those of ``Z = X - p`` (``x = bonus_counts(...)``,
    at least ``t`` long): ``Q = c + Z`` with ``c = (d-2)/10``, so
    ``Q^m = sum_i C(m, i) c^(m-i) Z^i``; ``Z^i`` starts at ``z^i``, so the ``t``
    powers of ``Z`` below ``z^t`` cost about half the ``n`` powers of ``Q``,
    ``kept`` needs one sum per power of ``Z``, and ``moved`` only the entries it uses.
    """
    n, s, t = dice, specialties, threshold
    if t <= 0:
        return [0] * (n + 1), [0] * (n + 1)
    z_rev = ([0] + list(x[1:t]))[::-1]
    z_tails = [z_rev[t - 1 - j:] for j in range(t)]  # z_j, ..., z_0 for each j
    z_powers = [[1] + [0] * (t - 1)]  # z_powers[i][j] = 10**(i + s j) [z^j] Z^i
    for i in range(1, t):
        z_powers.append([0] * i + [sum(map(mul, z_powers[-1], z_tails[j])) for j in range(i, t)])
    columns = list(zip(*z_powers, strict=True))  # columns[j][i] = z_powers[i][j]
    scales: list[int] = [10 ** (top - n - s * j) for j in range(t)]  # 10**(n + s j) to 10**top

    def below(power: list[int]) -> int:  # sum(power[j] * scales[j]), by Horner in powers of 10**s
        total = 0
        for value in power:
            total = total * 10**s + value
        return total * scales[-1]

    z_below = [below(power) for power in z_powers]
    weights = [[1]]  # weights[m][i] = C(m, i) (d-2)**(m-i): 10**(m + s j) [z^j] Q^m = weights[m] . columns[j]
    for _ in range(n):
        last = weights[-1]
        weights.append([(difficulty - 2) * high + low for high, low in zip(last + [0], [0] + last, strict=True)])
    combs = [comb(n, b) for b in range(n + 1)]
    kept = [combs[b] * sum(map(mul, weights[n - b], z_below)) for b in range(n + 1)]
    moved = []
    for b in range(n + 1):
        # botches B = j + b - t < b, successes j = t - b + B, each count over 10**(n + s j):
        # j rises by one with B, so Horner in 10**s brings them all to 10**(n + s (t-1))
        total = 0
        for botches in range(max(0, b - t), b):
            total = total * 10**s + combs[botches] * sum(map(mul, weights[n - botches], columns[t - b + botches]))
        moved.append(total * scales[-1])
    return kept, moved


def _finite(dice: int, difficulty: int, threshold: int) -> dict[int, Count]:
    """No specialty: ``n!/(j! b! f!) (11-d)^j (d-2)^f / 10^n`` over successes j and botches b."""
    n = dice
    out: dict[int, int] = {}
    for successes in range(n + 1):
        ways_s = comb(n, successes) * (11 - difficulty) ** successes
        for botches in range(n - successes + 1):
            fails = n - successes - botches
            count = ways_s * comb(n - successes, botches) * (difficulty - 2) ** fails
            if count:
                net = max(0, successes - threshold) - botches
                out[net] = out.get(net, 0) + count
    return {net: (count, n) for net, count in out.items()}


@lru_cache(maxsize=1024)
def net_counts(dice: int, difficulty: int, threshold: int, specialties: int,
               exact: bool = False) -> tuple[tuple[int, int, int], ...]:
    """``(net, count, exponent)`` ascending: ``P(net) = count / 10**exponent``.

    With specialties the list stops at the first net result after which less
    than 1e-12 of the probability is left.  Every result at or below 0 (botches
    and failures) is exact, and so are the successes when the exact walk is
    quick (:func:`_exact_is_quick`) or ``exact`` is asked for; otherwise they
    come from the DFT, each within :data:`DFT_ERROR` of the exact value (in
    practice within 3e-16), as ``count / 10**DFT_DIGITS``.
    """
    n, d, t, s = dice, difficulty, threshold, specialties
    if n == 0:
        return ((0, 1, 0),)
    if s == 0:
        return tuple((net, c, e) for net, (c, e) in sorted(_finite(n, d, t).items()))
    walk = diagonal_counts(n, d, s)
    diagonal: dict[int, int] = {}
    x = bonus_counts(d, s, n + t - 1)  # one bonus die: for the pool die and the joint table
    first = _first_counts(n, _pool_die(d, s, x), n + t)  # the low results' C_k; the walk goes on from there

    def c_at(k: int) -> int:
        if k < len(first):
            return first[k]
        while k not in diagonal:
            diagonal[len(diagonal) + n + 1] = next(walk)
        return diagonal[k]

    top = n + s * (t + n)  # the exponent every low value is brought to
    kept, moved = _below_threshold(n, s, d, x, t, top)
    low: list[tuple[int, int, int]] = []
    low_total = 0
    for botches in range(n, -1, -1):
        # the diagonal's pairs at successes - botches = t - b (C_k is over 10**(top - s b)),
        # those with fewer than t successes taken out, the ones with b botches among them put in
        k = t + n - botches
        count = (c_at(k) * 10 ** (s * botches) if k >= 0 else 0) + kept[botches] - moved[botches]
        if count:
            low.append((-botches, count, top))
            low_total += count
    if exact or _exact_is_quick(n, d, t, s):
        return tuple(low + _exact_tail(n, t, s, c_at, top, low_total))
    return tuple(low + _dft_tail(n, d, t, s, top, low_total))


def _exact_tail(n: int, t: int, s: int, c_at: Callable[[int], int], top: int,
                low_total: int) -> list[tuple[int, int, int]]:
    """The successes (net >= 1) from the exact diagonal, up to the cut."""
    # what is left, times 10**(exponent + 12), against 10**exponent: go on while >= 1e-12
    exponent = top
    left = (10**top - low_total) * 10**CUT_DIGITS
    bar = 10**top
    entries = []
    k = t + n
    step = 10**s
    while left >= bar:
        k += 1
        count = c_at(k)
        exponent += s
        left = left * step - count * 10**CUT_DIGITS
        bar *= step
        if count:
            entries.append((k - t - n, count, exponent))
    return entries


#: The exact walk's work grows with the square of the tail's length times the
#: specialties (its numbers gain ``s`` digits a step); above this the tail comes from
#: the DFT (:func:`dft_tail_values`).  Calibrated so that the exact path stays under 2 ms.
EXACT_WORK = 20_000


def _exact_is_quick(dice: int, difficulty: int, threshold: int, specialties: int) -> bool:
    length = dice + threshold + CUT_DIGITS * math.log(10) / -math.log(decay_rate(difficulty, specialties))
    return specialties * length * length <= EXACT_WORK


# -- the tail by discrete Fourier transform (game.systems.maelstrom.dft) ------------------------

def _dft_tail(n: int, d: int, t: int, s: int, top: int, low_total: int) -> list[tuple[int, int, int]]:
    """The successes (net >= 1) from :func:`dft_tail_values`, rounded to ``DFT_DIGITS``, up to the cut.

    The first size tried covers the tail's expected length with room to spare; it is
    doubled while the cut is not inside it or the folded-back mass could reach 1e-17.
    """
    # what the low results leave, in units of 10**-DFT_DIGITS (rounded down: the DFT's own grain)
    unlisted = (10**top - low_total) * 10**DFT_DIGITS // 10**top
    bar = 10 ** (DFT_DIGITS - CUT_DIGITS)
    if unlisted < bar:  # a threshold above the pool: the successes weigh under 1e-12
        return []
    rho = decay_rate(d, s)
    expected = n + t + CUT_DIGITS * math.log(10) / -math.log(rho)
    size = 1 << max(6, math.ceil(math.log2(1.3 * expected + 32)))
    scale = 10**DFT_DIGITS
    while True:
        values = dft_tail_values(n, d, s, size)
        left, entries, k = unlisted, [], t + n
        while left >= bar and k + 1 < size:
            k += 1
            count = round(values[k] * scale)
            left -= count
            if count > 0:
                entries.append((k - t - n, count, DFT_DIGITS))
        # Far out P(k+1) / P(k) tends to ρ, from below with specialties >= 2 (the k**(-3/2)),
        # from above with one (a pole of order n): the larger of the two bounds the rest.
        observed = values[k] / values[k - 1] if values[k - 1] > 1e-14 else 0.0
        ratio = max(rho, observed)
        folded = values[k] * ratio ** (size - k) / (1 - ratio) if ratio < 1 else 1.0
        if (left < bar and folded < 1e-17) or size >= MAX_DFT_SIZE:
            return entries
        size *= 2


def net_fractions(dice: int, difficulty: int, threshold: int, specialties: int,
                  exact: bool = False) -> tuple[tuple[int, Fraction], ...]:
    """:func:`net_counts` as Fractions."""
    return tuple((net, fraction(count, exponent)) for net, count, exponent in
                 net_counts(dice, difficulty, threshold, specialties, exact))


# -- Willpower and opposed rolls -------------------------------------------------------

Entries = tuple[tuple[int, int, int], ...]


def with_automatic(entries: Entries, automatic: int) -> Entries:
    """Add ``automatic`` successes after Step 3 (Willpower, a house rule): every
    result at or below 0 becomes ``automatic``, every success ``automatic`` more."""
    if not automatic:
        return entries
    top = max(exponent for _, _, exponent in entries)
    merged = sum(count * 10 ** (top - exponent) for net, count, exponent in entries if net <= 0)
    shifted = [(net + automatic, count, exponent) for net, count, exponent in entries if net > 0]
    if merged:
        shifted.append((automatic, merged, top))
    return tuple(sorted(shifted))


#: Digits the opposed convolution keeps: an input with a longer exponent is rounded to
#: ``count / 10**OPPOSED_DIGITS`` first.  Each rounded value is off by at most 5e-41, so a
#: margin (a sum of a few hundred thousand products of values at most 1) is off by far less
#: than the 1e-12 the tails are cut at, while the numbers multiplied stay 40 digits long
#: instead of thousands (5 against 5 specialties took seconds exactly).
OPPOSED_DIGITS = 40


def bounded(entries: Entries, digits: int = OPPOSED_DIGITS) -> Entries:
    """``entries`` with every exponent above ``digits`` rounded to the nearest
    ``count / 10**digits`` (values that round to 0 are left out)."""
    out = []
    shift, shifted_by = 1, digits  # shift == 10**(shifted_by - digits), grown step by step
    for net, count, exponent in sorted(entries, key=lambda entry: entry[2]):
        if exponent > digits:
            shift *= 10 ** (exponent - shifted_by)
            shifted_by = exponent
            count, exponent = (count + shift // 2) // shift, digits
        if count:
            out.append((net, count, exponent))
    return tuple(sorted(out))


def _aligned(entries: Entries) -> tuple[dict[int, int], int]:
    top = max(exponent for _, _, exponent in entries)
    return {net: count * 10 ** (top - exponent) for net, count, exponent in entries}, top


def opposed(attack: Entries, evasion: Entries, digits: int = OPPOSED_DIGITS) -> Entries:
    """The hit margin of an attack against a reflexive evasion (house rule).

    A result at or below 0 stands; a success loses one success per evasion
    success (a botched or failed evasion takes nothing off) and cannot fall
    below 0.  Both lists may have a cut tail; the margin's tail then weighs
    less than their two cut tails together.  Exact when every exponent is at
    most ``digits`` (no specialties); otherwise each margin is within 1e-35
    of the exact value (inputs rounded by :func:`bounded`).
    """
    hits, x_attack = _aligned(bounded(attack, digits))
    dodges, x_evasion = _aligned(bounded(evasion, digits))
    top = max(0, *dodges)
    evaded = [0] * (top + 1)  # by evasion successes; a failed or botched evasion is 0
    for net, count in dodges.items():
        evaded[max(net, 0)] += count
    at_least = list(accumulate(reversed(evaded)))[::-1]  # at_least[j]: evasion of j or more
    whole = 10**x_evasion
    out: dict[int, int] = {}
    successes = [0] * (max(0, *hits) + 1)
    for net, count in hits.items():
        if net <= 0:
            out[net] = out.get(net, 0) + count * whole
        else:
            successes[net] = count
            if net <= top:  # an evasion of net or more leaves a margin of 0
                out[0] = out.get(0, 0) + count * at_least[net]
    for margin, count in enumerate(_correlate(successes, evaded)):
        if margin > 0 and count:  # margin 0 is counted above
            out[margin] = out.get(margin, 0) + count
    exponent = x_attack + x_evasion
    return tuple((margin, count, exponent) for margin, count in sorted(out.items()) if count)


def _correlate(a: list[int], b: list[int]) -> list[int]:
    """``c[m] = sum_j a[m + j] b[j]`` for ``m >= 0`` (non-negative integers), by one big product.

    Kronecker substitution: each list is written as the digits of one integer in base
    ``2**bits``, wide enough that no sum carries into its neighbour, so the product's
    digits are the sums wanted (with ``b`` reversed, a correlation becomes a product).
    """
    terms = min(len(a), len(b))
    width = (max(a).bit_length() + max(b).bit_length() + terms.bit_length() + 8) // 8 + 1
    packed_a = int.from_bytes(b"".join(x.to_bytes(width, "little") for x in a), "little")
    packed_b = int.from_bytes(b"".join(x.to_bytes(width, "little") for x in reversed(b)), "little")
    product = (packed_a * packed_b).to_bytes(width * (len(a) + len(b)), "little")
    offset = len(b) - 1  # the product's digit offset + m holds c[m]
    return [int.from_bytes(product[width * (offset + m):width * (offset + m + 1)], "little")
            for m in range(len(a))]


def fractions_of(entries: Entries) -> dict[int, Fraction]:
    """Entries as exact Fractions."""
    return {net: fraction(count, exponent) for net, count, exponent in entries}
