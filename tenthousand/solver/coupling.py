"""A level's trash coupling, solved exactly (needs numpy): the turn starts of one level
whose trash stays in it form circles (two players' columns that trash into each other; a
penalty at the lowest score keeps longer ones) and the chains that lead into them.  Given
each column's linear model, ``x = alpha + beta * y`` with ``y`` what its trash is worth,
:func:`coupled` solves the circles first and the chains after, in the order of
:func:`chains` (the guarded Newton step of :mod:`.normal` is this solve of its slopes)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

__all__ = ["Chains", "SolveFailed", "chains", "coupled"]


class SolveFailed(RuntimeError):
    """The solve did not converge: no table is made from it (the game plays as Expert)."""



def coupled(alpha: Any, beta: Any, inner: Any, partner: Any, flip: Any, outside: Any,
            order: Chains, x0: Any) -> Any:
    """The values of a level's linear model, ``x = alpha + beta * y`` where ``y`` is what
    each column's trash is worth: ``1 - x[partner]`` (or ``x[partner]`` where not
    ``flip``) for the columns whose trash stays in the level (``inner``), ``outside``
    for the others.  ``order`` (:func:`chains`) has the circles of trash in the level
    (pairs of two players' columns, and longer ones where a penalty at the lowest score
    keeps a board), solved first, then the columns whose trash leads to them, group by
    group.  Where a circle's slopes all lie near one it has no single solution in its
    linear model: the plain step from the values ``x0`` as they stand.  Kept to chances
    (0 .. 1)."""
    x = np.where(inner, np.nan, alpha + beta * outside)
    pair = order.pairs
    if len(pair):
        p = partner[pair]
        a, b, ap, bp = alpha[pair], beta[pair], alpha[p], beta[p]
        # x = a + b (1 - x'), x' = ap + bp (1 - x): two columns of two players
        den = 1.0 - b * bp
        ok = den > 1e-9
        x[pair] = np.where(ok, (a + b - b * ap - b * bp) / np.where(ok, den, 1.0),
                           a + b * (1.0 - (ap + bp * (1.0 - x0[pair]))))
    # x_i = c_i + d_i x_partner(i): around a circle, one affine map of its first column
    c = alpha + np.where(flip, beta, 0.0)
    d = np.where(flip, -beta, beta)
    for circle in order.circles:
        big_c, big_d = 0.0, 1.0
        for i in circle:
            big_c, big_d = big_c + big_d * c[i], big_d * d[i]
        first = int(circle[0])
        x[first] = (big_c / (1.0 - big_d) if abs(1.0 - big_d) > 1e-9
                    else c[first] + d[first] * x0[partner[first]])
        for i in reversed(circle[1:]):
            x[i] = c[i] + d[i] * x[partner[i]]
    for cols in order.groups:
        y = x[partner[cols]]
        x[cols] = alpha[cols] + beta[cols] * np.where(flip[cols], 1.0 - y, y)
    return np.clip(x, 0.0, 1.0)


@dataclass
class Chains:
    """A level's columns in the order :func:`coupled` takes them."""

    pairs: Any  # columns in a circle of two (each other's partners, two players)
    circles: list[list[int]]  # longer circles, each in the order of its trash
    groups: list[Any]  # then the columns whose trash leads to columns solved before


def chains(inner: Any, partner: Any, flip: Any) -> Chains:
    """The order of :func:`coupled`: the circles of trash inside the level first, then the
    columns whose trash leads to those, and so on (the columns whose trash leaves the
    level need nothing)."""
    n = len(inner)
    mutual = inner & inner[partner] & (partner[partner] == np.arange(n)) & flip \
        & flip[partner]
    done = ~inner | mutual
    circles: list[list[int]] = []
    seen = done.copy()
    for start in np.flatnonzero(~done).tolist():
        if seen[start]:
            continue
        path: list[int] = []
        i = start
        while not seen[i]:  # follow the trash until a column met before
            seen[i] = True
            path.append(i)
            i = int(partner[i])
        if i in path:  # it closed a circle on this walk
            circle = path[path.index(i):]
            circles.append(circle)
            done[circle] = True
    groups = []
    while not done.all():
        ready = ~done & done[partner]
        if not ready.any():
            raise SolveFailed("a level's trash leads round a circle the solver missed")
        groups.append(np.flatnonzero(ready))
        done |= ready
    return Chains(np.flatnonzero(mutual), circles, groups)
