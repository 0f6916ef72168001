"""A Maelstrom pool's long tail by one inverse discrete Fourier transform, in double precision.

Past the exact head, the successes can come from the values of the pool's generating
function at the N-th roots of unity: ``z**n V(z)**n`` there (``V`` as in
:mod:`game.systems.maelstrom.odds`), then an inverse DFT gives every ``P(net = k - n)`` at once,
each within about 1e-16; the mass beyond N folds back onto the low indices, and
:func:`game.systems.maelstrom.odds._dft_tail` chooses N so that it weighs under 1e-17.
"""
from __future__ import annotations

import cmath
import math
from functools import lru_cache

#: The largest DFT tried: past it the tail would weigh under 1e-12 long before (a guard).
MAX_DFT_SIZE = 1 << 14

#: DFT tail probabilities are rounded to ``count / 10**DFT_DIGITS``: the figures they
#: give are good to about 1e-16, and are not shown with more digits than that.
DFT_DIGITS = 16

#: The bound the tests hold every DFT tail probability to, against the exact one.
DFT_ERROR = 1e-15


@lru_cache(maxsize=64)
def decay_rate(difficulty: int, specialties: int) -> float:
    """ρ with ``P(net = k) ≈ C k**(-3/2) ρ**k`` far out: one over the radius of convergence of X.

    Without specialties there is no tail (0); with one, X is rational with a pole
    at ``z = 10`` (ρ = 1/10); with more, its branch point, where also
    ``1 = r s z X**(s-1)``, so that ``((s-1) X - p s) r X**(s-1) = q``.
    """
    s = specialties
    if s <= 1:
        return 0.1 * s
    p, q, r = (difficulty - 1) / 10, (10 - difficulty) / 10, 0.1
    x = max(1.0, p * s / (s - 1)) + 1.0  # the left side grows with x from there: Newton from above
    for _ in range(60):
        value = ((s - 1) * x - p * s) * r * x ** (s - 1) - q
        slope = r * ((s - 1) * s * x ** (s - 1) - p * s * (s - 1) * x ** (s - 2))
        x -= value / slope
        if abs(value) < 1e-15:
            break
    return r * s * x ** (s - 1)


def dft_tail_values(dice: int, difficulty: int, specialties: int, size: int) -> list[float]:
    """``values[k]`` ≈ P(successes - botches = k - n) for ``k < size`` (a power of two).

    ``z**n V(z)**n`` at ``z = e**(2πij/size)`` for ``j <= size/2``: X(z) is found
    by Newton's method from the neighbouring points' values (X(1) = 1); the other
    half of the circle is the conjugate (real coefficients).  The real result
    comes from one complex FFT of half the size: the even results are the
    transform of ``F_j + F_(j+size/2)``, the odd ones of ``(F_j - F_(j+size/2)) w**j``
    (``w = e**(-2πi/size)``), one as the real part and the other as the imaginary.
    """
    n, s = dice, specialties
    p, q, r = (difficulty - 1) / 10, (10 - difficulty) / 10, 0.1
    half = size // 2
    spectrum, points = [], []
    x = previous = earlier = 1 + 0j
    for j in range(half + 1):
        z = cmath.exp(2j * math.pi * j / size)
        # the next point's guess: on the parabola through the last three (off by ~1e-7, so
        # that two Newton steps reach ~1e-20 where a guess on a line needed three)
        x, previous, earlier = 3 * (x - previous) + earlier, x, previous
        for _ in range(30):
            power = x ** (s - 1)
            step = (x - p - q * z - r * z * power * x) / (1 - r * s * z * power)
            x -= step
            if abs(step) < 1e-10:  # Newton doubles the digits a step: x is now good to ~1e-20
                break
        spectrum.append((0.1 + z * (x - 0.1)) ** n)  # V = 1/10 + z (X - 1/10)
        points.append(z)
    packed = []
    for j in range(half):
        low, high = spectrum[j], spectrum[half - j].conjugate()  # F_j and F_(j+size/2)
        packed.append(low + high + 1j * (low - high) * points[j].conjugate())
    values = [0.0] * size
    for m, value in enumerate(fft(packed)):
        values[2 * m], values[2 * m + 1] = value.real / size, value.imag / size
    return values


def fft(values: list[complex]) -> list[complex]:
    """The DFT ``out[k] = sum_j values[j] e**(-2πijk/N)`` (radix 2, N a power of two).

    Each stage's butterflies go by list comprehensions over slices: one twiddle's
    across all blocks while blocks are many and short, one block's while they are long.
    """
    size = len(values)
    order = [0]
    while len(order) < size:  # the bit-reversed indices: the even ones' order, then the odd ones'
        order = [2 * i for i in order] + [2 * i + 1 for i in order]
    out = [values[i] for i in order]
    length = 2
    while length <= size:
        half = length // 2
        twiddles = [cmath.exp(-2j * math.pi * k / length) for k in range(half)]
        if half <= size // length:
            for k, w in enumerate(twiddles):
                lows, highs = out[k::length], [w * h for h in out[k + half::length]]
                out[k::length] = [a + b for a, b in zip(lows, highs, strict=True)]
                out[k + half::length] = [a - b for a, b in zip(lows, highs, strict=True)]
        else:
            for start in range(0, size, length):
                lows = out[start:start + half]
                highs = [w * h for w, h in zip(twiddles, out[start + half:start + length], strict=True)]
                out[start:start + half] = [a + b for a, b in zip(lows, highs, strict=True)]
                out[start + half:start + length] = [a - b for a, b in zip(lows, highs, strict=True)]
        length *= 2
    return out
