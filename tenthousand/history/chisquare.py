"""The chi-square distribution, by our own code (pure Python, no scipy).

The chance that a chi-square variable with ``df`` degrees of freedom is at least ``x`` is
the regularised upper incomplete gamma function ``Q(df/2, x/2)``.  It is worked out as in
Numerical Recipes (section 6.2): by the series of the lower function ``P(a, x)`` when
``x < a + 1`` (where it converges fast), and by Lentz's continued fraction of ``Q(a, x)``
otherwise, both to about 1e-15.  ``tests/test_chisquare.py`` checks them against
published tables of chi-square's quantiles.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

EPSILON = 3e-16
TINY = 1e-300
MAX_TERMS = 10_000


def _lower_series(a: float, x: float) -> float:
    """P(a, x) by its series: exp(-x) x^a / Gamma(a + 1) * sum x^n / ((a+1)...(a+n))."""
    term = total = 1.0 / a
    ap = a
    for _n in range(MAX_TERMS):
        ap += 1.0
        term *= x / ap
        total += term
        if abs(term) < abs(total) * EPSILON:
            break
    return total * math.exp(-x + a * math.log(x) - math.lgamma(a))


def _upper_fraction(a: float, x: float) -> float:
    """Q(a, x) by its continued fraction (modified Lentz)."""
    b = x + 1.0 - a
    c = 1.0 / TINY
    d = 1.0 / b
    h = d
    for i in range(1, MAX_TERMS):
        an = -i * (i - a)
        b += 2.0
        d = an * d + b
        d = TINY if abs(d) < TINY else d
        c = b + an / c
        c = TINY if abs(c) < TINY else c
        d = 1.0 / d
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < EPSILON:
            break
    return math.exp(-x + a * math.log(x) - math.lgamma(a)) * h


def upper_gamma(a: float, x: float) -> float:
    """The regularised upper incomplete gamma function Q(a, x), for a > 0 and x >= 0."""
    if a <= 0 or x < 0 or math.isnan(x):
        raise ValueError(f"Q({a}, {x}) is not defined")  # a programming error
    if x == 0:
        return 1.0
    if math.isinf(x):
        return 0.0
    if x < a + 1.0:
        return max(0.0, 1.0 - _lower_series(a, x))
    return min(1.0, _upper_fraction(a, x))


def chi_square_sf(x: float, df: int) -> float:
    """P(X >= x) for X chi-square with ``df`` degrees of freedom: the p-value of ``x``."""
    if df < 1:
        raise ValueError(f"{df} degrees of freedom")  # a programming error
    if x <= 0:
        return 1.0
    return upper_gamma(df / 2.0, x / 2.0)


def chi_square_quantile(p: float, df: int) -> float:
    """The x with P(X >= x) = ``p`` (the critical value at level ``p``), by bisection on
    :func:`chi_square_sf` (which falls as x grows) to a relative 1e-12."""
    if not 0 < p < 1:
        raise ValueError(f"p = {p}")  # a programming error
    low, high = 0.0, max(1.0, float(df))
    while chi_square_sf(high, df) > p:
        low, high = high, high * 2
    for _n in range(200):
        middle = (low + high) / 2
        if chi_square_sf(middle, df) > p:
            low = middle
        else:
            high = middle
        if high - low <= 1e-12 * high:
            break
    return (low + high) / 2


def statistic(counts: Sequence[float]) -> float:
    """Pearson's chi-square of ``counts`` against equal chances for each."""
    n = sum(counts)
    if n == 0:
        return 0.0
    expected = n / len(counts)
    return sum((c - expected) ** 2 / expected for c in counts)
