"""The throws of n dice, reduced to what a perfect player needs (pure Python).

For each number of dice and each kind of throw (the first throw of a turn or any other,
D-2), every multiset of faces is scored once with :func:`tenthousand.model.scoring.table`.
A throw offers freezes; a freeze is summed up by the points it adds (in steps of 50) and the
dice it leaves to throw (0 means the corner: six fresh dice).  Freezes with the same summary
are the same choice.  No other freeze is dropped: more points with the same dice left is
*not* always better in the capped game the solver plays (just below the turn cap a player
may still throw, just above it he must bank).  Throws that offer the same choices are merged
into one *group* with their summed probability, which keeps the solver's inner loop small.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import factorial

from ..model import scoring
from ..model.rules import Rules

STEP = 50  # every score in the game is a multiple of 50

#: One option of a throw: (points in steps of 50, dice left after the freeze; 0 = corner).
Option = tuple[int, int]


@dataclass(frozen=True)
class Throws:
    """The merged outcomes of throwing ``n`` dice."""

    n: int
    first: bool
    trash: Fraction  # probability that no die can be frozen
    groups: tuple[tuple[Fraction, tuple[Option, ...]], ...]  # (probability, options)


def _multisets(n: int) -> list[scoring.Counts]:
    return [c for c in scoring.ALL_COUNTS if sum(c) == n]


def _probability(c: scoring.Counts) -> Fraction:
    ways = factorial(sum(c))
    for k in c:
        ways //= factorial(k)
    return Fraction(ways, 6 ** sum(c))


def options_of(counts: scoring.Counts, rules: Rules, first: bool) -> tuple[Option, ...]:
    """The distinct choices of one throw: (points in steps, dice left) pairs."""
    t = scoring.table(rules)
    n = sum(counts)
    found = (t.freezes_first if first else t.freezes)[counts]
    return tuple(sorted({(points // STEP, n - sum(sub)) for sub, points in found}))


@cache
def _throws(key: tuple[object, ...], n: int, first: bool) -> Throws:
    rules = scoring._RULES_BY_KEY[key]
    trash = Fraction(0)
    merged: dict[tuple[Option, ...], Fraction] = {}
    for c in _multisets(n):
        p = _probability(c)
        opts = options_of(c, rules, first)
        if not opts:
            trash += p
        else:
            merged[opts] = merged.get(opts, Fraction(0)) + p
    groups = tuple(sorted(merged.items(), key=lambda item: item[0]))
    return Throws(n, first, trash, tuple((p, o) for o, p in groups))


def throws(rules: Rules, n: int, first: bool = False) -> Throws:
    """The merged outcomes of a throw of ``n`` dice under these rules (cached); ``n = 6``
    is a throw of all the dice (five in the five-dice game: the solvers' slot for a corner
    and the first throw stays 6, whatever the dice in play)."""
    key = scoring._key(rules)
    if n >= rules.dice:
        n = rules.dice
    else:
        first = False  # the first throw of a turn is all the dice
    if not rules.first_throw_matters:
        first = False  # D-6: six-dice counters count on every throw of six
    return _throws(key, n, first)


@cache  # (a turn at play time asks, and its whole solve takes less than working it out)
def max_points(rules: Rules) -> int:
    """The most points one freeze can add, in steps of 50."""
    return max(p for n in range(1, 7) for first in (False, True)
               for _, opts in throws(rules, n, first).groups for p, _ in opts)
