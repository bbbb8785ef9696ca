"""A stationary equilibrium of one trash cycle where policy iteration does not settle.

A trash cycle's three turn starts (movers 0, 1, 2 of one board triple) are a game: mover
``k`` compares his turn policies by ``A[k] + P w_k``, ``w_k`` his own chance after his
trash, and ``w_k`` depends on the others' policies only (``w_k = c + d f_k(w_k)``, ``c`` and
``d`` from movers ``k + 1`` and ``k + 2``; ``f_k`` his best value, convex and piecewise
linear in ``w``).  Where best answers chase each other round the cycle, no pure profile may
be stable (like matching pennies); a stationary equilibrium then mixes: a mixing mover
draws one of two policies at the start of his turn, each adjacent at a kink of his ``f``,
and his weight makes *another* mover indifferent between his two.

:func:`solve_cycle` works on *pieces*: pure turn policies, each the best answer at some
trash value (those policy iteration met).  It lists every equilibrium the pieces allow
(pure profiles; two movers mixing, the third pure: each weight solves a linear equation;
all three mixing: one equation in one weight after eliminating the others, solved by
bisection), checks each against the whole turn programme (no pure policy of any mover
better by more than :data:`GAIN`), adds a mover's better policy as a new piece when the
check fails, and repeats.  Among the equilibria that pass, the one with the fewest mixing
movers, then the largest sum of the movers' own chances at their own turn starts, then the
first listed: a rule on the equilibria alone, so the table does not depend on the order in
which cycles are solved.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

import numpy as np

__all__ = ["GAIN", "Found", "cycle_values", "solve_cycle"]

#: A mover who could gain more than this with another pure policy is not in equilibrium.
GAIN = 1e-12
_SAME = 1e-13  # pieces and equilibria closer than this are not told apart


def cycle_values(a: Any, p: Any) -> Any:
    """The values of trash cycles' three turn starts for fixed turn policies:
    ``V_k = A_k + P_k V_{k+1}``; ``a`` (..., 3 movers, 3 seats), ``p`` (..., 3 movers)."""
    a0, a1, a2 = a[..., 0, :], a[..., 1, :], a[..., 2, :]
    p0, p1, p2 = p[..., 0:1], p[..., 1:2], p[..., 2:3]
    den = 1.0 - p0 * p1 * p2
    return np.stack([(a0 + p0 * a1 + p0 * p1 * a2) / den,
                     (a1 + p1 * a2 + p1 * p2 * a0) / den,
                     (a2 + p2 * a0 + p2 * p0 * a1) / den], axis=-2)


@dataclass
class Piece:
    a: Any  # (3,) the seats' chances from the policy's banks (seat order)
    p: float  # its chance of trash
    w: float  # a trash value at which it is the mover's best policy
    k: int  # the mover


@dataclass
class Eq:
    picks: tuple[tuple[int, int, float], ...]  # per mover: (piece, other piece, weight)
    values: Any  # (3 movers, 3 seats)

    @property
    def mixers(self) -> int:
        return sum(1 for i, j, q in self.picks if i != j and 0.0 < q < 1.0)

    @property
    def own(self) -> float:
        return float(sum(self.values[k, k] for k in range(3)))


@dataclass
class Found:
    """The equilibrium kept: its values, how many mix, whether the pieces allowed another,
    the largest gain the check met, and per mover how to play it: (trash value of one
    policy, of the other, the weight of the first)."""

    values: Any
    mixers: int
    several: bool
    gain: float
    play: list[tuple[float, float, float]]


def _values(pieces: list[list[Piece]], picks: Any) -> Any:
    a = np.zeros((3, 3))
    p = np.zeros(3)
    for k, (i, j, q) in enumerate(picks):
        a[k] = q * pieces[k][i].a + (1 - q) * pieces[k][j].a
        p[k] = q * pieces[k][i].p + (1 - q) * pieces[k][j].p
    return cycle_values(a, p)


def _w(values: Any, k: int) -> float:
    """Mover ``k``'s own chance after his trash: at the next mover's turn start."""
    return float(values[(k + 1) % 3, k])


def _stable(pieces: list[list[Piece]], eq: Eq) -> bool:
    """Whether no mover has a better piece than what he plays (to :data:`_SAME`)."""
    for k, (i, j, _q) in enumerate(eq.picks):
        w = _w(eq.values, k)
        keys = [pc.a[k] + pc.p * w for pc in pieces[k]]
        mine = min(keys[i], keys[j]) if i != j else keys[i]
        if max(keys) > mine + 1e-11 or (i != j and abs(keys[i] - keys[j]) > 1e-11):
            return False
    return True


def _kink(pieces: list[Piece], k: int, i: int, j: int) -> tuple[float, float] | None:
    """Where mover ``k`` is indifferent between pieces ``i`` and ``j``: (w, his value)."""
    a, b = pieces[i], pieces[j]
    if a.p == b.p:
        return None
    w = (b.a[k] - a.a[k]) / (a.p - b.p)
    return w, a.a[k] + a.p * w


def _g(pieces: list[list[Piece]], picks: list[tuple[int, int, float]], k: int,
       kink: tuple[float, float]) -> float:
    """How far mover ``k``'s trash value under ``picks`` (for the others) lies from his
    kink: ``c + d f(kink) - kink`` (0 there)."""
    w, f = kink
    n1, n2 = (k + 1) % 3, (k + 2) % 3

    def mixed(m: int) -> tuple[Any, float]:
        i, j, q = picks[m]
        return (q * pieces[m][i].a + (1 - q) * pieces[m][j].a,
                q * pieces[m][i].p + (1 - q) * pieces[m][j].p)

    a1, p1 = mixed(n1)
    a2, p2 = mixed(n2)
    return float(a1[k] + p1 * a2[k] + p1 * p2 * f - w)


def _roots(fn: Any) -> list[float]:
    """The roots of a continuous function on [0, 1] (sign changes on a grid, bisected)."""
    xs = np.linspace(0.0, 1.0, 65)
    ys = [fn(x) for x in xs]
    out = []
    for x0, x1, y0, y1 in zip(xs[:-1], xs[1:], ys[:-1], ys[1:], strict=True):
        if y0 == 0.0:
            out.append(float(x0))
        elif y0 * y1 < 0:
            lo, hi, flo = x0, x1, y0
            for _ in range(100):
                mid = 0.5 * (lo + hi)
                fm = fn(mid)
                if fm * flo > 0:
                    lo, flo = mid, fm
                else:
                    hi = mid
            out.append(0.5 * (lo + hi))
    if ys[-1] == 0.0:
        out.append(1.0)
    return out


def _neighbours(pieces: list[Piece]) -> list[tuple[int, int]]:
    """Pairs of pieces adjacent on the upper envelope of their lines ``A[k] + P w``
    (``k`` is read from the piece's mover by the caller's order: the pieces of one mover
    all share it, found from the line that is best somewhere on [0, 1])."""
    if len(pieces) < 2:
        return []
    k = pieces[0].k
    order = sorted(range(len(pieces)), key=lambda i: (pieces[i].p, pieces[i].a[k]))
    hull: list[int] = []
    for i in order:  # lines by rising slope: the upper envelope (convex hull trick)
        while hull and pieces[hull[-1]].p == pieces[i].p:
            hull.pop()  # the same slope, a line no higher
        while len(hull) >= 2:
            a, b = pieces[hull[-2]], pieces[hull[-1]]
            c = pieces[i]
            # b is never on top if c overtakes a no later than b does
            if (c.a[k] - a.a[k]) * (b.p - a.p) >= (b.a[k] - a.a[k]) * (c.p - a.p):
                hull.pop()
            else:
                break
        hull.append(i)
    return [(min(i, j), max(i, j)) for i, j in zip(hull[:-1], hull[1:], strict=True)]


def _listed(pieces: list[list[Piece]], three: bool = False) -> list[Eq]:
    """Every equilibrium the pieces allow with at most two movers mixing, and with
    ``three`` those where all three mix (only where nothing else stands: see
    :func:`solve_cycle`)."""
    found: list[Eq] = []

    def keep(picks: list[tuple[int, int, float]]) -> None:
        eq = Eq(tuple(picks), _values(pieces, picks))
        if _stable(pieces, eq) and not any(
                np.abs(eq.values - e.values).max() < _SAME for e in found):
            found.append(eq)

    n = [len(p) for p in pieces]
    for combo in itertools.product(*(range(c) for c in n)):
        keep([(i, i, 1.0) for i in combo])
    # a mover mixes two policies that are both best at one trash value: neighbours on his
    # best value's graph (pieces in the order of their slope P, those never best left out)
    pairs = [_neighbours(p) for p in pieces]
    for k1, k2 in ((0, 1), (1, 2), (0, 2)):
        third = 3 - k1 - k2
        for one, two, pure in itertools.product(pairs[k1], pairs[k2], range(n[third])):
            picks = _two_mixing(pieces, (k1, one), (k2, two), (third, pure))
            if picks is not None:
                keep(picks)
    if found or not three:  # the fewest mixing players first
        return found
    for ij in itertools.product(*pairs):
        for picks in _three_mixing(pieces, list(ij)):
            keep(picks)
    return found


def _clip(q: float) -> float | None:
    return min(max(q, 0.0), 1.0) if -1e-12 <= q <= 1 + 1e-12 else None


def _two_mixing(pieces: list[list[Piece]], first: tuple[int, tuple[int, int]],
                second: tuple[int, tuple[int, int]],
                pure: tuple[int, int]) -> list[tuple[int, int, float]] | None:
    """Movers ``first[0]`` and ``second[0]`` mixing their pairs of pieces, the third
    playing piece ``pure[1]``: the weights that make each indifferent (each mover's
    indifference is affine in the other's weight), or None."""
    (k1, (i1, j1)), (k2, (i2, j2)) = first, second
    kk1, kk2 = _kink(pieces[k1], k1, i1, j1), _kink(pieces[k2], k2, i2, j2)
    if kk1 is None or kk2 is None:
        return None
    base = [(0, 0, 1.0)] * 3
    base[pure[0]] = (pure[1], pure[1], 1.0)

    def at(q1: float, q2: float) -> list[tuple[int, int, float]]:
        out = list(base)
        out[k1], out[k2] = (i1, j1, q1), (i2, j2, q2)
        return out

    g0, g1 = _g(pieces, at(0.5, 0.0), k1, kk1), _g(pieces, at(0.5, 1.0), k1, kk1)
    h0, h1 = _g(pieces, at(0.0, 0.5), k2, kk2), _g(pieces, at(1.0, 0.5), k2, kk2)
    if g0 == g1 or h0 == h1:
        return None
    q2, q1 = _clip(g0 / (g0 - g1)), _clip(h0 / (h0 - h1))
    return None if q1 is None or q2 is None else at(q1, q2)


def _three_mixing(pieces: list[list[Piece]],
                  ij: list[tuple[int, int]]) -> list[list[tuple[int, int, float]]]:
    """All three movers mixing their pairs ``ij``: mover 0's indifference gives mover 1's
    weight from mover 2's, mover 2's gives mover 0's from mover 1's, and mover 1's is then
    one equation in mover 2's weight, solved by bisection on [0, 1]."""
    kinks = [_kink(pieces[k], k, *ij[k]) for k in range(3)]
    if any(k is None for k in kinks):
        return []
    known = [k for k in kinks if k is not None]

    def profile(q: list[float]) -> list[tuple[int, int, float]]:
        return [(ij[k][0], ij[k][1], q[k]) for k in range(3)]

    def solve_for(k: int, other: int, weight: float, fixed: int) -> float | None:
        # g_k is affine in the weight of ``other`` with ``fixed``'s weight given
        q = [0.5, 0.5, 0.5]
        q[fixed], q[other] = weight, 0.0
        u = _g(pieces, profile(q), k, known[k])
        q[other] = 1.0
        v = _g(pieces, profile(q), k, known[k])
        return None if u == v else u / (u - v)

    def weights(q2: float) -> list[float] | None:
        q1 = solve_for(0, 1, q2, 2)
        q0 = None if q1 is None else solve_for(2, 0, q1, 1)
        return None if q0 is None or q1 is None else [q0, q1, q2]

    def residual(q2: float) -> float:
        q = weights(q2)
        return float("nan") if q is None else _g(pieces, profile(q), 1, known[1])

    out = []
    for q2 in _roots(residual):
        q = weights(q2)
        if q is not None:
            clipped = [_clip(x) for x in q]
            if all(x is not None for x in clipped):
                out.append(profile([x for x in clipped if x is not None]))
    return out


def _envelope(levels: Any, bank: Any, need: Any, cap: Any, k: int, lo: float,
              hi: float) -> list[tuple[Any, float, float]]:
    """Every linear piece of mover ``k``'s best value ``f(w) = max A[k] + P w`` on
    ``[lo, hi]``: the best policies at both ends, then at the crossing of two neighbours'
    lines, until each crossing is a kink (a sandwich of the convex function)."""
    mover = np.array([k])

    def at(w: float) -> tuple[Any, float, float]:
        a, p = levels.solve_turns(bank, np.array([w]), need, cap, mover)
        return a[0], w, float(p[0])

    out = [at(lo), at(hi)]
    todo = [(0, 1)]
    while todo and len(out) < 200:
        i, j = todo.pop()
        (a1, _, p1), (a2, _, p2) = out[i], out[j]
        if p1 == p2 or (np.abs(a1 - a2).max() < _SAME and abs(p1 - p2) < _SAME):
            continue
        w = (a2[k] - a1[k]) / (p1 - p2)
        if not lo < w < hi:
            continue
        mid = at(w)
        if mid[0][k] + mid[2] * w > a1[k] + p1 * w + _SAME:
            out.append(mid)
            todo += [(i, len(out) - 1), (len(out) - 1, j)]
    return out


def solve_cycle(levels: Any, bank: Any, need: Any, cap: Any,
                cands: list[list[tuple[Any, float, float]]]) -> Found:
    """The equilibrium of one cycle (see the module's docstring).  ``bank``, ``need``,
    ``cap``: its three turn problems (movers 0, 1, 2); ``cands`` per mover the pieces met,
    as (A, trash value, P)."""
    pieces: list[list[Piece]] = [[], [], []]

    def add(k: int, a: Any, w: float, p: float) -> bool:
        for pc in pieces[k]:
            if abs(pc.p - p) < _SAME and np.abs(pc.a - a).max() < _SAME:
                return False
        pieces[k].append(Piece(np.array(a, float), float(p), float(w), k))
        return True

    for k in range(3):
        for a, w, p in cands[k]:
            add(k, a, w, p)
    movers = np.arange(3)
    for k in range(3):  # every piece of each mover's best value around the trash values met
        met = [w for _, w, _ in cands[k]]
        spread = max(met) - min(met)
        lo, hi = min(met) - spread - 1e-3, max(met) + spread + 1e-3
        for a, w, p in _envelope(levels, bank[k:k + 1], need[k:k + 1], cap[k:k + 1], k,
                                 max(lo, 0.0), min(hi, 1.0)):
            add(k, a, w, p)
    three = False  # all three mixing is tried only once the pieces stop growing
    for _ in range(40):
        good: list[tuple[Eq, float]] = []
        grew = False
        for eq in sorted(_listed(pieces, three), key=lambda e: (e.mixers, -e.own)):
            ws = np.array([_w(eq.values, k) for k in range(3)])
            a, p = levels.solve_turns(bank, ws, need, cap, movers)
            best = np.array([a[k, k] + p[k] * ws[k] for k in range(3)])
            gain = float((best - np.diag(eq.values)).max())
            if gain < -1e-9:  # a mixture of pieces is a policy: never above the best
                raise RuntimeError(f"a trash cycle's pieces are not the turns' ({gain:.2e})")
            if gain <= GAIN:
                good.append((eq, gain))
            else:
                for k in range(3):
                    if best[k] - eq.values[k, k] > GAIN:
                        grew |= add(k, a[k], float(ws[k]), float(p[k]))
        if good:
            eq, gain = good[0]
            play = []
            for k, (i, j, q) in enumerate(eq.picks):
                if i == j or q >= 1.0:
                    play.append((pieces[k][i].w, pieces[k][i].w, 1.0))
                elif q <= 0.0:
                    play.append((pieces[k][j].w, pieces[k][j].w, 1.0))
                else:
                    play.append((pieces[k][i].w, pieces[k][j].w, q))
            return Found(eq.values, eq.mixers, len(good) > 1, max(g for _, g in good), play)
        if not grew:
            if three:
                break
            three = True
    raise RuntimeError("no equilibrium found for a trash cycle among "
                       f"{[len(p) for p in pieces]} policies")
