"""Three players, perfect play: an independent reference solver (tests only).

Written apart from ``tenthousand.solver``: the dice come from the engine's score table
(:func:`rules_kit.rolls`), the end of the game from ``tenthousand/model/play.py`` and
RULES.md (D-8, D-9, D-16), and nothing here imports the solver.  It solves games of rules
without options (any scoring, minimums, game point, starting scores) for three seats.

**The value.**  A position's value is the vector of the three seats' chances of winning
(they sum to 1: the last round and the tie-break rounds make sure somebody wins).  At every
decision the player to move maximises **his own** chance, the others' chances following his
choices.  Where two choices are exactly equal for him (the others' chances may differ) the
first in this order is taken: banking before throwing on; among banks the higher turn score
first; among throws the fewer dice to throw first, then the higher turn score.

**The states.**  Scores in steps of 50.

* Normal turns: the three boards ``(b0, b1, b2)``, each below the game point, and the seat to
  move ``m``.  A bank that leaves the board below the game point hands the next seat
  ``m + 1`` the move at the new boards; trash hands it on at the same boards.  So the three
  states of one board triple (movers 0, 1, 2) form the *trash cycle*; a bank always leaves
  the triple for one with a higher sum (a *level*), and the levels are solved top down.
* The last round (D-8, D-16): the first bank that reaches the game point (seat ``R``, board
  ``F``) starts it; the two others play one turn each in turn order after ``R``; a chaser who
  also reaches the game point starts nothing new.  The first chaser's state is
  ``(R, F - x, F - y, x == 0, y == 0)`` (his board ``x``, the second chaser's ``y``: only the
  differences and who is still at 0 matter); the second chaser's is ``(Y, holders, d, y == 0)``,
  ``d`` what he must reach to tie the best final board and ``holders`` the seats that hold it.
* Tie-break rounds (D-9, D-16): the players tied for first play one turn each in ascending
  seat order, trash adding 0; those still tied for first go on, so three tied can become
  two.  All of them are on the board and past the game point, so a round's value depends only
  on who is in it: the two-player round (the lower seat first) and the three-player round are
  each a fixed point (a tie at the end of a round goes on as the same round "far above the
  game point", as in the two-player solver).

**The truncation** (the two-player solver's, docs/perfect-play.md): in the normal game a turn
score above ``max(game point - own board, minimum) + extra`` banks at once; in last turns and
tie-break turns one above ``max(game point + extra, minimum)`` banks at once (also after a
corner in Trash, where the throw would be compulsory).

**The trash cycle is a game.**  For a fixed pure policy, a turn's value is ``A + P W``: ``A``
the chances from its banks (the levels above, solved), ``P`` its chance of trash and ``W``
the next state's value vector.  The mover's own value ``f(w) = max_policy A[m] + P w`` is
convex and piecewise linear in ``w``, his own chance after his trash, and his best turn policy
changes only at its kinks.  With the others' policies fixed, ``w`` is fixed too (it does not
depend on his own policy: ``w = c + d f(w)`` with ``c, d`` from the others), so each player's
best response depends on the others' only through one number.  :meth:`ThreeBrute.solve`
(``exact="all"``, the default) for each cycle:

1. iterates best responses round the cycle (policy iteration: movers 0, 1, 2 in turn, the
   profile's values solved exactly after each) and records where that does not settle;
2. bounds each mover's trash value in *every* equilibrium by turns solved with any policy
   (:meth:`ThreeBrute._bounds`; widths of a few thousandths);
3. lists every linear piece of each mover's ``f`` within his bounds (a sandwich of the convex
   function), drops the pieces no equilibrium can use (:func:`narrow`), and lists every
   stationary equilibrium the rest allow (:func:`equilibria`): pure profiles, and profiles
   where two or three players mix their two policies at a kink (a player's mixing weight
   makes *another* player indifferent; one player alone mixing needs a coincidence, and is
   counted as ``degenerate``);
4. takes the equilibrium with the fewest mixing players, then the largest sum of the movers'
   own chances (:func:`choose`: a rule on the equilibria alone, so independent of the order
   of solving), and checks at every turn start that no mover has a better pure policy, to
   1e-12.

A piece or an equilibrium closer than 1e-13 to another is not told apart.  Run as a script
it prints the figures (see ``--help``).
"""

from __future__ import annotations

import argparse
import functools
import itertools
import json
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from rules_kit import rolls  # noqa: E402

from tenthousand.model.rules import PRESETS, Rules  # noqa: E402

try:
    from numba import njit
except ImportError:  # the same loops in plain Python: right, but some 100 times slower
    def njit(*args: Any, **kwargs: Any) -> Any:
        return (lambda f: f) if not args or not callable(args[0]) else args[0]

STEP = 50
#: Tolerances: two pieces of a mover's value differ when they differ by more than TOL_PIECE
#: where they meet; a trash value lies in a piece's interval when within TOL_EDGE of it.
TOL_PIECE = 1e-13
TOL_EDGE = 1e-13
#: The bounds on a mover's trash value are tightened at most BOUND_STEPS times, and no more
#: once a step moves them by less than BOUND_MOVE (they are sound after any number).
BOUND_STEPS = 10
BOUND_MOVE = 1e-4
#: The equilibrium check: no mover has a pure policy better than this.
TOL_CHECK = 1e-12


def _steps(points: int) -> int:
    if points % STEP:
        raise ValueError(f"{points} is not a multiple of {STEP}")
    return points // STEP


# -- the dice -----------------------------------------------------------------------------

@dataclass(frozen=True)
class Dice:
    """Every throw as flat arrays for the kernel.

    Kind ``k``: 0 is the first throw of a turn (all dice, the first-throw counters), ``n``
    (1 .. dice) a later throw of ``n`` dice.  A kind's *choices* are its distinct
    ``(points, dice left)`` freezes; its *groups* are the multisets of dice that offer the
    same choices, their chances summed; ``trash[k]`` is the chance of no freeze.
    """

    dice: int
    maxp: int  # the most points one freeze adds (steps)
    kind_dice: Any  # (kinds,) dice thrown
    trash: Any  # (kinds,)
    c_lo: Any  # (kinds,) the kind's choices: c_lo .. c_hi - 1
    c_hi: Any
    c_pts: Any  # (choices,) points (steps)
    c_next: Any  # dice to throw next (all of them after a corner)
    c_corner: Any
    g_lo: Any  # (kinds,) the kind's groups: g_lo .. g_hi - 1
    g_hi: Any
    g_prob: Any  # (groups,)
    m_lo: Any  # (groups,) the group's choices: m_choice[m_lo .. m_hi - 1]
    m_hi: Any
    m_choice: Any


def dice_of(rules: Rules) -> Dice:
    d = rules.dice
    kinds = [(d, True)] + [(n, False) for n in range(1, d + 1)]
    kind_dice, trash, c_lo, c_hi, g_lo, g_hi = [], [], [], [], [], []
    c_pts, c_next, c_corner, g_prob, m_lo, m_hi, m_choice = [], [], [], [], [], [], []
    for n, first in kinds:
        grouped: dict[tuple[tuple[int, int], ...], float] = {}
        lost = 0.0
        for p, freezes in rolls(rules, n, first):
            if not freezes:
                lost += p
            else:
                key = tuple(freezes)
                grouped[key] = grouped.get(key, 0.0) + p
        kind_dice.append(n)
        trash.append(lost)
        choices = sorted({c for key in grouped for c in key})
        index = {c: len(c_pts) + i for i, c in enumerate(choices)}
        c_lo.append(len(c_pts))
        for points, left in choices:
            c_pts.append(_steps(points))
            c_next.append(d if left == 0 else left)
            c_corner.append(left == 0)
        c_hi.append(len(c_pts))
        g_lo.append(len(g_prob))
        for key, p in grouped.items():
            g_prob.append(p)
            m_lo.append(len(m_choice))
            m_choice.extend(index[c] for c in key)
            m_hi.append(len(m_choice))
        g_hi.append(len(g_prob))
    i = np.int64
    return Dice(d, max(c_pts), np.array(kind_dice, i), np.array(trash), np.array(c_lo, i),
                np.array(c_hi, i), np.array(c_pts, i), np.array(c_next, i),
                np.array(c_corner, np.bool_), np.array(g_lo, i), np.array(g_hi, i),
                np.array(g_prob), np.array(m_lo, i), np.array(m_hi, i), np.array(m_choice, i))


# -- one turn -----------------------------------------------------------------------------

#: Ranks of the tie order: a bank before a throw, the higher bank first; the throw of fewer
#: dice first, then the higher turn score.
_THROW_RANK = 1 << 40
_DICE_RANK = 1 << 20


@njit(cache=True)
def _turn(bank: Any, need: int, cap: int, own: int, w: float, mandatory: bool, dice: int,
          kind_dice: Any, trash: Any, c_lo: Any, c_hi: Any, c_pts: Any, c_next: Any,
          c_corner: Any, g_lo: Any, g_hi: Any, g_prob: Any, m_lo: Any, m_hi: Any,
          m_choice: Any) -> Any:
    """One turn played to maximise the mover's own chance: ``V[t, n]`` = (the three seats'
    chances from banks, the chance of trash) after throwing ``n`` dice at turn score ``t``
    (``V[0, dice]``: the turn's first throw).  ``bank[t]`` is the value vector of banking
    ``t``; trash is worth ``w`` to the mover (choices compare ``A[own] + P w``).  Each
    choice of a throw is worth its better of banking and throwing on (banking on a tie);
    each throw takes its best choice, the lower rank on a tie (the module's order)."""
    v = np.zeros((cap + 1, dice + 1, 4))
    key = np.empty(len(c_pts))
    rank = np.empty(len(c_pts), np.int64)
    val = np.empty((len(c_pts), 4))
    for t in range(cap, -1, -1):
        for k in range(len(kind_dice)):
            if (k == 0) != (t == 0):
                continue
            for c in range(c_lo[k], c_hi[k]):
                t2 = t + c_pts[c]
                key[c] = -1e300
                if t2 > cap or (t2 >= need and not (mandatory and c_corner[c])):
                    key[c] = bank[t2, own]
                    rank[c] = -t2
                    val[c, 0], val[c, 1], val[c, 2], val[c, 3] = (
                        bank[t2, 0], bank[t2, 1], bank[t2, 2], 0.0)
                if t2 <= cap:
                    m = c_next[c]
                    throw = v[t2, m, own] + v[t2, m, 3] * w
                    if throw > key[c]:
                        key[c] = throw
                        rank[c] = _THROW_RANK + m * _DICE_RANK - t2
                        val[c, 0], val[c, 1], val[c, 2], val[c, 3] = (
                            v[t2, m, 0], v[t2, m, 1], v[t2, m, 2], v[t2, m, 3])
            a0 = a1 = a2 = 0.0
            pp = trash[k]
            for g in range(g_lo[k], g_hi[k]):
                best = m_choice[m_lo[g]]
                for j in range(m_lo[g] + 1, m_hi[g]):
                    c = m_choice[j]
                    if key[c] > key[best] or (key[c] == key[best] and rank[c] < rank[best]):
                        best = c
                p = g_prob[g]
                a0 += p * val[best, 0]
                a1 += p * val[best, 1]
                a2 += p * val[best, 2]
                pp += p * val[best, 3]
            n = kind_dice[k]
            v[t, n, 0] = a0
            v[t, n, 1] = a1
            v[t, n, 2] = a2
            v[t, n, 3] = pp
    return v


@njit(cache=True)
def _turns(bank: Any, which: Any, need: Any, cap: Any, own: Any, w: Any, mandatory: bool,
           dice: int, kind_dice: Any, trash: Any, c_lo: Any, c_hi: Any, c_pts: Any,
           c_next: Any, c_corner: Any, g_lo: Any, g_hi: Any, g_prob: Any, m_lo: Any,
           m_hi: Any, m_choice: Any) -> Any:
    """:func:`_turn` for many turns: turn ``c`` is problem ``which[c]`` (its bank rows,
    minimum, cap and mover) at trash value ``w[c]``; returns (turns, 4): ``A`` and ``P``."""
    out = np.empty((len(which), 4))
    for c in range(len(which)):
        q = which[c]
        v = _turn(bank[q], need[q], cap[q], own[q], w[c], mandatory, dice, kind_dice, trash,
                  c_lo, c_hi, c_pts, c_next, c_corner, g_lo, g_hi, g_prob, m_lo, m_hi,
                  m_choice)
        out[c, :] = v[0, dice, :]
    return out


# -- the cycle game -----------------------------------------------------------------------

def cycle_values(a: Any, p: Any) -> Any:
    """The values of a trash cycle's three states (movers 0, 1, 2) for fixed turn policies:
    ``V_k = A_k + P_k V_{k+1}``.  ``a`` (..., 3 states, 3 seats), ``p`` (..., 3)."""
    a0, a1, a2 = a[..., 0, :], a[..., 1, :], a[..., 2, :]
    p0, p1, p2 = p[..., 0:1], p[..., 1:2], p[..., 2:3]
    den = 1.0 - p0 * p1 * p2
    v0 = (a0 + p0 * a1 + p0 * p1 * a2) / den
    v1 = (a1 + p1 * a2 + p1 * p2 * a0) / den
    v2 = (a2 + p2 * a0 + p2 * p0 * a1) / den
    return np.stack([v0, v1, v2], axis=-2)


@dataclass
class Pieces:
    """One mover's pure turn policies within the bounds of his trash value: policy ``j`` is
    his best on ``[lo[j], hi[j]]`` of it; ``a`` (policies, 3) and ``p`` their ``A``, ``P``."""

    a: Any
    p: Any
    lo: Any
    hi: Any
    own: int

    @property
    def count(self) -> int:
        return len(self.p)

    @property
    def a_own(self) -> Any:
        return self.a[:, self.own]


@dataclass
class Equilibrium:
    """A stationary equilibrium of one trash cycle: each mover's policy (a piece, or a mix
    ``(1 - weight) piece + weight (piece + 1)``), the values of the three states."""

    piece: tuple[int, int, int]
    weight: tuple[float, float, float]  # 0.0 for a pure policy
    mixing: tuple[bool, bool, bool]
    values: Any  # (3 states, 3 seats)

    @property
    def mixers(self) -> int:
        return sum(self.mixing)

    @property
    def movers_own(self) -> float:
        return float(sum(self.values[k, k] for k in range(3)))


def _policy(pieces: Pieces, j: Any, weight: Any) -> tuple[Any, Any]:
    """``A``, ``P`` of piece ``j`` mixed with piece ``j + 1`` by ``weight`` (arrays)."""
    nxt = np.minimum(j + 1, pieces.count - 1)
    a = pieces.a[j] * (1.0 - weight)[..., None] + pieces.a[nxt] * weight[..., None]
    p = pieces.p[j] * (1.0 - weight) + pieces.p[nxt] * weight
    return a, p


def _own_trash(a: Any, p: Any, k: int, own_value: Any) -> Any:
    """Mover ``k``'s own trash value ``w_k = c + d x_k`` from the other two movers'
    ``A``, ``P`` (``a`` (..., 3, 3), ``p`` (..., 3)) and his own value ``x_k`` at his state."""
    k1, k2 = (k + 1) % 3, (k + 2) % 3
    return a[..., k1, k] + p[..., k1] * (a[..., k2, k] + p[..., k2] * own_value)


def _fixed_trash(pieces: Pieces, c: Any, d: Any) -> Any:
    """The mover's trash value ``w = c + d f(w)`` (``f`` his best own value, the envelope of
    his pieces): the largest of the pieces' own solutions, since ``w - d f(w)`` rises."""
    each = (c[..., None] + d[..., None] * pieces.a_own) / (1.0 - d[..., None] * pieces.p)
    return each.max(-1)


def narrow(pieces: list[Pieces]) -> list[Pieces]:
    """The pieces an equilibrium can use.  Mover ``k``'s trash value is ``w = c + d f(w)``
    with ``c``, ``d`` bilinear in the two others' mixing weights; for each ``w*`` the
    weights that give ``w <= w*`` are those with ``w* - c - d f(w*) >= 0``, affine in each
    weight, so ``w`` is monotone in each weight and its range over all (mixed) profiles of
    the others' remaining pieces is spanned by their pure pairs.  Pieces outside the range
    go; repeated until nothing goes."""
    keep = [np.ones(pc.count, bool) for pc in pieces]
    while True:
        changed = False
        for k in range(3):
            k1, k2 = (k + 1) % 3, (k + 2) % 3
            j1, j2 = np.flatnonzero(keep[k1]), np.flatnonzero(keep[k2])
            a1, p1 = pieces[k1].a[j1][:, None], pieces[k1].p[j1][:, None]
            a2, p2 = pieces[k2].a[j2][None, :], pieces[k2].p[j2][None, :]
            c = a1[..., k] + p1 * a2[..., k]
            w = _fixed_trash(pieces[k], c, p1 * p2)
            lo, hi = w.min() - TOL_EDGE, w.max() + TOL_EDGE
            new = keep[k] & (pieces[k].hi >= lo) & (pieces[k].lo <= hi)
            if not new.any():  # an equilibrium exists (Kakutani), so rounding did this
                raise RuntimeError("no piece of a mover is left for an equilibrium")
            if not np.array_equal(new, keep[k]):
                keep[k], changed = new, True
        if not changed:
            return [Pieces(pc.a[kp], pc.p[kp], pc.lo[kp], pc.hi[kp], pc.own)
                    for pc, kp in zip(pieces, keep, strict=True)]


def equilibria(pieces: list[Pieces]) -> tuple[list[Equilibrium], int]:
    """Every stationary equilibrium of a cycle whose movers have these pieces: pure ones,
    and those where two or all three movers mix at a kink; and how many degenerate cases
    were met (a trash value on a kink in a pure profile, a mixing equation without a single
    solution), which :meth:`ThreeBrute.solve` reports."""
    found: list[Equilibrium] = []
    degenerate = 0
    m = [pc.count for pc in pieces]
    # pure profiles
    j = np.stack(np.meshgrid(*(np.arange(c) for c in m), indexing="ij"), -1).reshape(-1, 3)
    a = np.stack([pieces[k].a[j[:, k]] for k in range(3)], 1)
    p = np.stack([pieces[k].p[j[:, k]] for k in range(3)], 1)
    v = cycle_values(a, p)
    ok = np.ones(len(j), bool)
    edge = np.zeros(len(j), bool)
    for k in range(3):
        w = v[:, (k + 1) % 3, k]
        lo, hi = pieces[k].lo[j[:, k]], pieces[k].hi[j[:, k]]
        ok &= (w >= lo - TOL_EDGE) & (w <= hi + TOL_EDGE)
        kink_lo = (j[:, k] > 0) & (np.abs(w - lo) <= TOL_EDGE)
        kink_hi = (j[:, k] < m[k] - 1) & (np.abs(w - hi) <= TOL_EDGE)
        edge |= kink_lo | kink_hi
    degenerate += int((ok & edge).sum())
    for i in np.flatnonzero(ok):
        found.append(Equilibrium(tuple(int(x) for x in j[i]), (0.0, 0.0, 0.0),
                                 (False, False, False), v[i]))
    # two movers mixing, the third pure
    for k, q in ((0, 1), (0, 2), (1, 2)):
        third = 3 - k - q
        if m[k] < 2 or m[q] < 2:
            continue
        grid = np.meshgrid(np.arange(m[k] - 1), np.arange(m[q] - 1), np.arange(m[third]),
                           indexing="ij")
        jk, jq, jt = (g.ravel() for g in grid)
        jj = [None, None, None]
        jj[k], jj[q], jj[third] = jk, jq, jt
        weights = [np.zeros(len(jk)) for _ in range(3)]
        solved = np.ones(len(jk), bool)
        for me, other in ((k, q), (q, k)):
            kink = pieces[me].hi[jj[me]]
            own = pieces[me].a[jj[me], me] + pieces[me].p[jj[me]] * kink
            ends = []
            for weight in (0.0, 1.0):
                trial = [np.zeros(len(jk)) for _ in range(3)]
                trial[other] = np.full(len(jk), weight)
                ap = [_policy(pieces[seat], jj[seat], trial[seat]) for seat in range(3)]
                aa = np.stack([x[0] for x in ap], 1)
                pp = np.stack([x[1] for x in ap], 1)
                ends.append(_own_trash(aa, pp, me, own))
            slope = ends[1] - ends[0]
            flat = np.abs(slope) < 1e-300
            degenerate += int((flat & (np.abs(ends[0] - kink) <= TOL_EDGE)).sum())
            weights[other] = np.where(flat, -1.0, (kink - ends[0]) / np.where(flat, 1.0, slope))
            solved &= ~flat
        found += _mixed(pieces, jj, weights, solved, (k, q))
    # all three mixing
    if min(m) >= 2:
        grid = np.meshgrid(*(np.arange(c - 1) for c in m), indexing="ij")
        jj = [g.ravel() for g in grid]
        sols, bad = _three_mixing(pieces, jj)
        degenerate += bad
        for weights, solved in sols:
            found += _mixed(pieces, jj, weights, solved, (0, 1, 2))
    return _distinct(found), degenerate


def _mixed(pieces: list[Pieces], jj: list[Any], weights: list[Any], solved: Any,
           mixers: tuple[int, ...]) -> list[Equilibrium]:
    """The candidates of a mixing case that are equilibria: weights strictly inside (0, 1),
    each mixer's trash value on his kink, the pure movers' in their piece."""
    ok = solved.copy()
    for q in mixers:
        ok &= (weights[q] > 0.0) & (weights[q] < 1.0)
    if not ok.any():
        return []
    idx = np.flatnonzero(ok)
    ap = [_policy(pieces[q], jj[q][idx], weights[q][idx]) for q in range(3)]
    a = np.stack([x[0] for x in ap], 1)
    p = np.stack([x[1] for x in ap], 1)
    v = cycle_values(a, p)
    good = np.ones(len(idx), bool)
    for q in range(3):
        w = v[:, (q + 1) % 3, q]
        if q in mixers:
            good &= np.abs(w - pieces[q].hi[jj[q][idx]]) <= 1e-11
        else:
            good &= (w >= pieces[q].lo[jj[q][idx]] - TOL_EDGE) & (
                w <= pieces[q].hi[jj[q][idx]] + TOL_EDGE)
    out = []
    for n in np.flatnonzero(good):
        i = idx[n]
        out.append(Equilibrium(tuple(int(jj[q][i]) for q in range(3)),
                               tuple(float(weights[q][i]) if q in mixers else 0.0
                                     for q in range(3)),
                               tuple(q in mixers for q in range(3)), v[n]))
    return out


def _three_mixing(pieces: list[Pieces], jj: list[Any]) -> tuple[list[tuple[list[Any], Any]], int]:
    """All three movers mixing at kinks ``jj``: mover ``k``'s trash value is bilinear in the
    other two's weights; his indifference (trash value = his kink) for ``k = 0, 2`` gives
    ``weight_2`` and ``weight_0`` as ratios of affine functions of ``weight_1``, and mover
    1's then a quadratic in ``weight_1``.  Returns each root's weights and where it holds."""
    n = len(jj[0])
    kink = [pieces[k].hi[jj[k]] for k in range(3)]
    own = [pieces[k].a[jj[k], k] + pieces[k].p[jj[k]] * kink[k] for k in range(3)]

    def corners(k: int) -> tuple[Any, Any, Any, Any]:
        """``w_k = p + q x + r y + s x y`` in the weights ``x`` of mover k+1, ``y`` of k+2."""
        f = {}
        for x, y in itertools.product((0.0, 1.0), repeat=2):
            trial = [np.zeros(n) for _ in range(3)]
            trial[(k + 1) % 3][:] = x
            trial[(k + 2) % 3][:] = y
            ap = [_policy(pieces[q], jj[q], trial[q]) for q in range(3)]
            f[x, y] = _own_trash(np.stack([t[0] for t in ap], 1),
                                 np.stack([t[1] for t in ap], 1), k, own[k])
        return (f[0, 0], f[1, 0] - f[0, 0], f[0, 1] - f[0, 0],
                f[1, 1] - f[1, 0] - f[0, 1] + f[0, 0])

    p0, q0, r0, s0 = corners(0)  # w_0(weight_1, weight_2)
    p1, q1, r1, s1 = corners(1)  # w_1(weight_2, weight_0)
    p2, q2, r2, s2 = corners(2)  # w_2(weight_0, weight_1)
    # weight_0 = (kink2 - p2 - r2 z) / (q2 + s2 z), weight_2 = (kink0 - p0 - q0 z) / (r0 + s0 z)
    n0 = (kink[2] - p2, -r2)
    d0 = (q2, s2)
    n2 = (kink[0] - p0, -q0)
    d2 = (r0, s0)

    def mul(x: tuple[Any, Any], y: tuple[Any, Any]) -> tuple[Any, Any, Any]:
        return (x[0] * y[0], x[0] * y[1] + x[1] * y[0], x[1] * y[1])

    terms = [tuple((p1 - kink[1]) * c for c in mul(d2, d0)), tuple(q1 * c for c in mul(n2, d0)),
             tuple(r1 * c for c in mul(n0, d2)), tuple(s1 * c for c in mul(n2, n0))]
    c0, c1, c2 = (sum(t[i] for t in terms) for i in range(3))
    scale = np.maximum.reduce([np.abs(c0), np.abs(c1), np.abs(c2)])
    bad = int(((scale < 1e-300)).sum())
    roots = []
    with np.errstate(divide="ignore", invalid="ignore"):
        quad = np.abs(c2) > 1e-14 * scale
        disc = c1 * c1 - 4.0 * c2 * c0
        real = disc >= 0
        sq = np.sqrt(np.where(real, disc, 0.0))
        for sign in (1.0, -1.0):
            z = np.where(quad, (-c1 + sign * sq) / (2.0 * np.where(quad, c2, 1.0)),
                         -c0 / np.where(c1 != 0, c1, 1.0))
            ok = np.where(quad, real, (c1 != 0) & (sign > 0))
            w0 = (n0[0] + n0[1] * z) / (d0[0] + d0[1] * z)
            w2 = (n2[0] + n2[1] * z) / (d2[0] + d2[1] * z)
            ok &= np.isfinite(w0) & np.isfinite(w2)
            roots.append(([np.where(ok, w0, -1.0), np.where(ok, z, -1.0),
                           np.where(ok, w2, -1.0)], ok))
    return roots, bad


def _distinct(found: list[Equilibrium]) -> list[Equilibrium]:
    """One of each equilibrium (the same values to 1e-12), the fewest mixers kept."""
    out: list[Equilibrium] = []
    for eq in sorted(found, key=lambda e: e.mixers):
        if not any(np.abs(eq.values - o.values).max() <= 1e-12 for o in out):
            out.append(eq)
    return out


def choose(found: list[Equilibrium]) -> Equilibrium:
    """The rule: the fewest mixing movers; then the largest sum of the three movers' own
    chances at their own turn starts; then the lowest pieces (a rule on the set of
    equilibria alone, not on how they were found)."""
    return min(found, key=lambda e: (e.mixers, -round(e.movers_own, 12), e.piece))


def _envelope(lines: Any, own: int, lo: float, hi: float) -> Pieces:
    """The upper envelope on ``[lo, hi]`` of the lines ``A[own] + P w`` (rows A0, A1, A2,
    P): from ``lo``, each next piece the steeper line met first (slivers under 1e-15
    skipped)."""
    a, p = lines[:, own], lines[:, 3]
    start = a + p * lo
    cur = int(max(np.flatnonzero(start >= start.max() - 1e-15), key=lambda i: p[i]))
    w0 = lo
    out_a, out_p, out_lo, out_hi = [], [], [], []
    while True:
        steeper = np.flatnonzero(p > p[cur])
        cross = (a[cur] - a[steeper]) / (p[steeper] - p[cur]) if len(steeper) else np.array([])
        keep = cross >= w0 - 1e-15
        steeper, cross = steeper[keep], cross[keep]
        if not len(steeper) or cross.min() >= hi:
            out_a.append(lines[cur, :3])
            out_p.append(p[cur])
            out_lo.append(w0)
            out_hi.append(hi)
            break
        first = cross.min()
        nxt = int(max(steeper[cross <= first + 1e-15], key=lambda i: p[i]))
        w1 = max(first, w0)
        if w1 > w0:
            out_a.append(lines[cur, :3])
            out_p.append(p[cur])
            out_lo.append(w0)
            out_hi.append(w1)
        cur, w0 = nxt, w1
    return Pieces(np.array(out_a), np.array(out_p), np.array(out_lo), np.array(out_hi), own)


# -- the solver ---------------------------------------------------------------------------

#: A turn start: ("N", b0, b1, b2, mover); ("C1", finisher, F - x, F - y, x == 0, y == 0) the
#: first chaser's; ("C2", mover, holders, d, y == 0) the last chaser's (holders 0: the seat
#: after him, 1: the seat before him, 2: both); ("T2F",) and ("T2S", x) the first and the
#: second turn of a two-player tie-break round (roles, not seats: the lower seat is first);
#: ("T3F",), ("T3S", x1), ("T3T", top, holders) the three of a three-player round (holders
#: 0: seat 0, 1: seat 1, 2: both).
State = tuple[Any, ...]


@dataclass
class Stats:
    """What a solve found and how long it took."""

    cycles: int = 0
    unsettled: int = 0  # cycles where best-response iteration did not settle
    unsettled_swing: float = 0.0  # the largest swing of a value while it did not settle
    rounds_max: int = 0  # the most rounds a settled cycle took
    enumerated: int = 0  # cycles whose equilibria were all listed
    mixed: int = 0  # cycles without a pure equilibrium
    several: int = 0  # cycles with more than one equilibrium
    several_pure: int = 0  # of those, with more than one pure equilibrium
    iteration_differs: int = 0  # of those, where iteration settled at another than the rule's
    chosen_mixed: dict[int, int] = field(default_factory=dict)  # mixers -> cycles
    pieces_max: int = 0  # the most pieces of a mover's own value within his bounds
    pieces_mean: float = 0.0
    narrowed_max: int = 0  # the most pieces of a mover an equilibrium could use
    bound_width: float = 0.0  # the widest bound on a mover's trash value in an equilibrium
    degenerate: int = 0
    check: float = 0.0  # the largest gain of a better pure policy over all turn starts
    sum_error: float = 0.0  # the largest |sum of chances - 1| over all turn starts
    tie3_spread: float = 0.0  # how far apart the three-player round's value from 4 starts
    reachable: dict[str, int] = field(default_factory=dict)  # the counts a game can meet
    turns: int = 0  # turn problems solved
    phase_turns: dict[str, int] = field(default_factory=dict)  # of them, by step
    seconds: dict[str, float] = field(default_factory=dict)
    examples: list[dict[str, Any]] = field(default_factory=list)


class ThreeBrute:
    """The three-player game under ``rules`` (no options), capped ``extra`` points beyond
    the game point (see the module docstring).  ``passive``: a seat that passes every turn
    (as if each throw were trash) and so never scores: the reduction to two players.
    ``choice``: where a cycle has several equilibria, "rule" takes :func:`choose`'s;
    "iteration" keeps the one best-response iteration settled at (what a solver that lists
    equilibria only where iteration does not settle gives), the rule where it did not."""

    def __init__(self, rules: Rules, extra: int = 200, passive: int | None = None,
                 choice: str = "rule") -> None:
        if rules.options:
            raise ValueError(f"options are not modelled: {rules.options}")
        if choice not in ("rule", "iteration"):
            raise ValueError(choice)
        self.choice = choice
        if not rules.catch_up:
            raise ValueError("the first to reach the game point winning at once is not modelled")
        self.rules = rules
        self.ng = _steps(rules.game_point)
        self.e = _steps(extra)
        self.open = max(_steps(rules.opening_minimum), 1)
        self.min = max(_steps(rules.minimum), 1)
        self.mandatory = rules.corner_throw_mandatory
        self.d = dice_of(rules)
        self.maxp = self.d.maxp
        self.passive = passive
        self.start = tuple(_steps(rules.starting_score(s)) for s in range(3))
        self.stats = Stats()
        # filled by solve()
        self.tie2 = 0.5
        self.tie2_second: Any = None  # (x,) role vectors of the second turn of a 2-round
        self.tie3: Any = None
        self.tie3_second: Any = None
        self.tie3_third: Any = None
        self.c2: Any = None
        self.c1: Any = None
        self.normal: Any = None
        self.play_w: Any = None  # (ng, ng, ng, 3 movers, 3): trash value of policy L, R, weight
        #: each board triple's cycle: 0 one equilibrium, pure; 1 several, a pure one chosen;
        #: 2 a mixed one chosen; -1 not listed (``exact`` other than "all")
        self.kind: Any = None
        self.unsettled_at: Any = None  # where best-response iteration did not settle
        self.several_at: Any = None  # where a cycle has more than one equilibrium

    # -- turn problems ------------------------------------------------------------------

    def need(self, board: int) -> int:
        return self.open if board == 0 else self.min

    def cap_normal(self, board: int) -> int:
        return max(self.ng - board, self.need(board)) + self.e

    def cap_last(self, need: int) -> int:
        return max(self.ng + self.e, need)

    def run(self, bank: Any, need: Any, cap: Any, own: Any, w: Any,
            which: Any = None) -> Any:
        """(A[3], P) of turn problems: ``bank`` (problems, rows, 3), per problem the
        minimum, cap and mover; ``w`` each turn's trash value to its mover; ``which`` the
        problem of each turn (default one turn per problem)."""
        if which is None:
            which = np.arange(len(bank))
        if not np.isfinite(w).all():
            raise ValueError("a trash value that is not a number")
        self.stats.turns += len(which)
        d = self.d
        return _turns(np.ascontiguousarray(bank, dtype=np.float64), np.asarray(which, np.int64),
                      np.asarray(need, np.int64), np.asarray(cap, np.int64),
                      np.asarray(own, np.int64), np.asarray(w, np.float64), self.mandatory,
                      d.dice, *self._dice_arrays())

    def _dice_arrays(self) -> tuple[Any, ...]:
        d = self.d
        return (d.kind_dice, d.trash, d.c_lo, d.c_hi, d.c_pts, d.c_next, d.c_corner, d.g_lo,
                d.g_hi, d.g_prob, d.m_lo, d.m_hi, d.m_choice)

    def table(self, bank: Any, need: int, cap: int, own: int, w: float) -> Any:
        """The whole value table ``V[t, n]`` of one turn (for playing it)."""
        d = self.d
        return _turn(np.ascontiguousarray(bank, dtype=np.float64), need, cap, own, w,
                     self.mandatory, d.dice, *self._dice_arrays())

    # -- tie-break rounds ---------------------------------------------------------------

    def _tie_rows(self) -> int:
        return self.cap_last(self.min) + self.maxp + 1

    def tie2_vector(self, first: int, second: int) -> Any:
        v = np.zeros(3)
        v[first], v[second] = self.tie2, 1.0 - self.tie2
        return v

    def _tie2_second_banks(self, tie: float) -> tuple[Any, Any]:
        rows = self._tie_rows()
        x = np.arange(rows)[:, None]
        t = np.arange(rows)[None, :]
        bank = np.zeros((rows, rows, 3))
        bank[..., 0] = np.where(t < x, 1.0, np.where(t == x, tie, 0.0))
        bank[..., 1] = np.where(t > x, 1.0, np.where(t == x, 1.0 - tie, 0.0))
        trash = np.where(np.arange(rows)[:, None] == 0, [tie, 1.0 - tie, 0.0], [1.0, 0.0, 0.0])
        return bank, trash

    def _solve_tie2(self) -> None:
        """The two-player tie-break round (roles first, second): a fixed point in the first
        player's chance; every turn of it is solved again until it no longer moves."""
        rows, cap = self._tie_rows(), self.cap_last(self.min)
        tie = 0.5
        for _ in range(500):
            bank, trash = self._tie2_second_banks(tie)
            ap = self.run(bank, np.full(rows, self.min), np.full(rows, cap), np.ones(rows, int),
                          trash[:, 1])
            second = ap[:, :3] + ap[:, 3:] * trash
            first = self.run(second[None], [self.min], [cap], [0], [second[0, 0]])
            new = float(first[0, 0] + first[0, 3] * second[0, 0])
            done = abs(new - tie) <= 1e-16
            tie = new
            if done:
                break
        else:
            raise RuntimeError("the two-player tie-break round did not settle")
        self.tie2, self.tie2_second = tie, second

    def _tie3_third(self, tie3: Any) -> tuple[Any, Any, Any]:
        """The third turn of a three-player round: problems (top, holders) as top * 3 +
        holders, their bank rows and trash vectors."""
        rows = self._tie_rows()
        e = np.eye(3)
        t = np.arange(rows)[None, :, None]
        top = np.repeat(np.arange(rows), 3)[:, None, None]
        holders = np.tile(np.arange(3), rows)
        win_tie = np.stack([self.tie2_vector(0, 2), self.tie2_vector(1, 2), tie3])[holders]
        lose = np.stack([e[0], e[1], self.tie2_vector(0, 1)])[holders]
        bank = np.where(t > top, e[2], np.where(t == top, win_tie[:, None], lose[:, None]))
        trash = np.where((top[:, 0] == 0), win_tie, lose)
        return bank, trash, holders

    def _solve_tie3(self) -> None:
        """The three-player tie-break round, seats 0, 1, 2 in turn: a fixed point in its
        value vector (all three tied again: trash by all, or the same bank), reached by
        value iteration; iterated from three more starts (each seat sure to win the round
        after) to see that it is the only one (``stats.tie3_spread``)."""
        ends = [self._tie3_from(start) for start in (np.full(3, 1.0 / 3.0), *np.eye(3))]
        self.stats.tie3_spread = max(float(np.abs(e[0] - ends[0][0]).max()) for e in ends)
        self.tie3, self.tie3_second, self.tie3_third = ends[0]

    def _tie3_from(self, tie3: Any) -> tuple[Any, Any, Any]:
        rows, cap = self._tie_rows(), self.cap_last(self.min)
        n = rows * 3
        for _ in range(500):
            bank, trash, _h = self._tie3_third(tie3)
            ap = self.run(bank, np.full(n, self.min), np.full(n, cap), np.full(n, 2), trash[:, 2])
            third = (ap[:, :3] + ap[:, 3:] * trash).reshape(rows, 3, 3)
            x1 = np.arange(rows)[:, None]
            x2 = np.arange(rows)[None, :]
            top = np.maximum(x1, x2)
            holders = np.where(x1 > x2, 0, np.where(x2 > x1, 1, 2))
            bank2 = third[np.minimum(top, rows - 1), holders]
            trash2 = bank2[:, 0]  # the second adds 0
            ap2 = self.run(bank2, np.full(rows, self.min), np.full(rows, cap), np.ones(rows, int),
                           trash2[:, 1])
            second = ap2[:, :3] + ap2[:, 3:] * trash2
            first = self.run(second[None], [self.min], [cap], [0], [second[0, 0]])
            new = first[0, :3] + first[0, 3] * second[0]
            done = np.abs(new - tie3).max() <= 1e-16
            tie3 = new
            if done:
                break
        else:
            raise RuntimeError("the three-player tie-break round did not settle")
        return tie3, second, third

    # -- the last round -----------------------------------------------------------------

    def _c2_outcomes(self, mover: int, holders: Any, d: Any, rows: int) -> tuple[Any, Any]:
        """Bank rows and trash vectors of last turns: the mover must pass ``d`` (holders 0:
        the seat after him holds the best board, 1: the seat before him, 2: both)."""
        after, before = (mover + 1) % 3, (mover + 2) % 3
        e = np.eye(3)
        pair = tuple(sorted((after, before)))
        tie = np.stack([self.tie2_vector(*sorted((mover, after))),
                        self.tie2_vector(*sorted((mover, before))), self.tie3])[holders]
        lose = np.stack([e[after], e[before], self.tie2_vector(*pair)])[holders]
        t = np.arange(rows)[None, :, None]
        dd = d[:, None, None]
        bank = np.where(t > dd, e[mover], np.where(t == dd, tie[:, None], lose[:, None]))
        return bank, lose

    def _solve_c2(self, top: int) -> None:
        """Every last turn of the last round: ``c2[mover, holders, d, y0]`` for ``d`` up to
        ``top``."""
        rows = max(self.cap_last(self.open), self.cap_last(self.min)) + self.maxp + 1
        self.c2 = np.full((3, 3, top + 1, 2, 3), np.nan)
        d = np.arange(1, top + 1)
        for mover in range(3):
            for holders in range(3):
                h = np.full(len(d), holders)
                bank, trash = self._c2_outcomes(mover, h, d, rows)
                for y0 in (0, 1):
                    if mover == self.passive:
                        self.c2[mover, holders, 1:, y0] = trash
                        continue
                    need = self.open if y0 else self.min
                    n = len(d)
                    ap = self.run(bank, np.full(n, need), np.full(n, self.cap_last(need)),
                                  np.full(n, mover), trash[:, mover])
                    self.c2[mover, holders, 1:, y0] = ap[:, :3] + ap[:, 3:] * trash

    def c1_problem(self, keys: Any) -> tuple[Any, Any, Any, Any, Any]:
        """The first chaser's turns ``keys`` (k, 5: finisher, F - x, F - y, x0, y0): bank
        rows, trash vectors, minimums, caps, movers."""
        fin, dx, dy, x0, y0 = (keys[:, i] for i in range(5))
        mover, last = (fin + 1) % 3, (fin + 2) % 3
        need = np.where(x0 == 1, self.open, self.min)
        cap = np.maximum(self.ng + self.e, need)
        rows = int(cap.max()) + self.maxp + 1
        t = np.arange(rows)[None, :]
        # holders as the last chaser sees them: 0 the finisher (after him), 1 this chaser
        holders = np.where(t < dx[:, None], 0, np.where(t == dx[:, None], 2, 1))
        d = np.where(t > dx[:, None], dy[:, None] + t - dx[:, None], dy[:, None])
        d = np.minimum(d, self.c2.shape[2] - 1)
        bank = self.c2[last[:, None], holders, d, y0[:, None]]
        trash = self.c2[last, 0, dy, y0]
        return bank, trash, need, cap, mover

    def _solve_c1(self, keys: Any) -> None:
        """The first chaser's turns of the last round, for every key a bank reaches:
        ``c1[finisher, F - x, F - y, x0, y0]``."""
        top = int(keys[:, 1:3].max()) + 1
        self.c1 = np.full((3, top, top, 2, 2, 3), np.nan)
        for lo in range(0, len(keys), 4096):
            chunk = keys[lo:lo + 4096]
            bank, trash, need, cap, mover = self.c1_problem(chunk)
            values = trash.copy()  # a passive chaser's turn is trash
            act = mover != self.passive
            if act.any():
                ap = self.run(bank[act], need[act], cap[act], mover[act],
                              trash[act, mover[act]])
                values[act] = ap[:, :3] + ap[:, 3:] * trash[act]
            self.c1[tuple(chunk.T)] = values

    # -- the normal game ----------------------------------------------------------------

    def _c1_keys(self, boards: Any, mover: Any, t: Any) -> Any:
        """The first chaser's state after ``mover`` banks ``t`` from ``boards`` and reaches
        the game point: (k, 5) keys."""
        idx = np.arange(len(boards))
        f = boards[idx, mover] + t
        x = boards[idx, (mover + 1) % 3]
        y = boards[idx, (mover + 2) % 3]
        return np.stack([mover, f - x, f - y, (x == 0).astype(int), (y == 0).astype(int)], 1)

    def normal_problem(self, boards: Any, mover: Any) -> tuple[Any, Any, Any]:
        """Bank rows, minimums and caps of normal turns at ``boards`` (k, 3) by ``mover``;
        the levels above and the last round's first turns must be solved."""
        idx = np.arange(len(boards))
        own = boards[idx, mover]
        need = np.where(own == 0, self.open, self.min)
        cap = np.maximum(self.ng - own, need) + self.e
        rows = int(cap.max()) + self.maxp + 1
        t = np.arange(rows)[None, :]
        to = own[:, None] + t  # the mover's board after banking t
        # a passive seat's turn needs no bank rows; rows past a cap and a freeze are unread
        live = (mover != self.passive)[:, None] & (t >= 1) & (t <= (cap + self.maxp)[:, None])
        up, done = live & (to < self.ng), live & (to >= self.ng)
        bank = np.zeros((len(boards), rows, 3))
        after = np.broadcast_to(boards[:, None, :], (len(boards), rows, 3)).copy()
        after[idx[:, None], np.arange(rows)[None, :], mover[:, None]] = to
        nxt = np.broadcast_to(((mover + 1) % 3)[:, None], to.shape)
        bank[up] = self.normal[after[..., 0][up], after[..., 1][up], after[..., 2][up], nxt[up]]
        x = np.broadcast_to(boards[idx, (mover + 1) % 3][:, None], to.shape)
        y = np.broadcast_to(boards[idx, (mover + 2) % 3][:, None], to.shape)
        fin = np.broadcast_to(mover[:, None], to.shape)
        bank[done] = self.c1[fin[done], (to - x)[done], (to - y)[done], (x == 0)[done].astype(int),
                             (y == 0)[done].astype(int)]
        return bank, need, cap

    def _needed_c1(self) -> Any:
        """Every first-chaser state a bank of the normal game can reach."""
        ng = self.ng
        b = np.stack(np.meshgrid(*(np.arange(ng),) * 3, indexing="ij"), -1).reshape(-1, 3)
        found = []
        for mover in range(3):
            if mover == self.passive:
                continue
            own = b[:, mover]
            need = np.where(own == 0, self.open, self.min)
            top = np.maximum(ng - own, need) + self.e + self.maxp
            for t in range(1, int(top.max()) + 1):
                hit = (own + t >= ng) & (t <= top)
                if hit.any():
                    found.append(self._c1_keys(b[hit], np.full(int(hit.sum()), mover), t))
        return np.unique(np.concatenate(found), axis=0)

    def _pieces(self, bank: Any, need: Any, cap: Any, own: Any, which: Any, lo: Any,
                hi: Any) -> list[Pieces]:
        """Every piece of the movers' own values on ``[lo, hi]`` of their trash values, for
        the turn problems ``which``: the sandwich of a convex piecewise linear function
        (two supporting lines meet at ``w``; the turn solved at ``w`` is either on both,
        a kink, or gives a new line above them), then the upper envelope of the lines."""
        which = np.asarray(which)
        mover = own[which]
        ends = [self.run(bank, need, cap, own, x, which) for x in (lo, hi)]
        lines: list[list[Any]] = [[ends[0][i], ends[1][i]] for i in range(len(which))]
        todo = [(i, lo[i], hi[i], ends[0][i], ends[1][i]) for i in range(len(which))]
        while todo:
            open_ = []
            for i, left_w, right_w, left, right in todo:
                if np.array_equal(left, right):
                    continue
                m = mover[i]
                slope = left[3] - right[3]
                if slope >= 0.0:  # parallel or crossed: only rounding can do it
                    self.stats.degenerate += int(slope > 0.0 or left[m] != right[m])
                    continue
                w = min(max((right[m] - left[m]) / slope, left_w), right_w)
                open_.append((i, left_w, right_w, left, right, w))
            if not open_:
                break
            mid = self.run(bank, need, cap, own, [o[5] for o in open_],
                           which[[o[0] for o in open_]])
            todo = []
            for (i, left_w, right_w, left, right, w), new in zip(open_, mid, strict=True):
                m = mover[i]
                gain = new[m] + new[3] * w - max(left[m] + left[3] * w, right[m] + right[3] * w)
                if gain > TOL_PIECE and left_w < w < right_w:
                    lines[i].append(new)
                    todo += [(i, left_w, w, left, new), (i, w, right_w, new, right)]
        return [_envelope(np.unique(np.array(found), axis=0), int(mover[i]), lo[i], hi[i])
                for i, found in enumerate(lines)]

    def _bounds(self, bank: Any, need: Any, cap: Any, n: int) -> tuple[Any, Any]:
        """Bounds ``l <= w_k <= u`` on each mover's trash value in every equilibrium of the
        ``n`` cycles (problem ``3 i + k``: cycle ``i``, mover ``k``), by turns solved with
        any policy.  With ``x_k = f_k(w_k)`` (``f`` rises), ``k1, k2`` the next movers:

        * ``w_k = 1 - x_k1 - V_k1[k2]`` and ``V_k1[k2] = A_k1[k2] + P_k1 x_k2`` is at least
          the least that mover k1, playing anyhow, can hold ``A[k2] + P f_k2(l_k2)`` to;
        * ``w_k = A_k1[k] + P_k1 V_k2[k]`` is at least the least of ``A[k] + P y`` over
          k1's turns, ``y`` the least of ``A[k] + P f_k(l_k)`` over k2's.

        Each holds for mixed policies too (they are linear in the policy); repeated while
        they move."""
        neg = -bank
        lo, hi = np.zeros((n, 3)), np.ones((n, 3))
        cyc = np.arange(n)

        def own_value(w: Any) -> Any:  # f_k(w) for every mover
            out = w.copy()
            for k in range(3):
                if k != self.passive:
                    ap = self.run(bank, need, cap, np.full(len(bank), k), w[:, k], 3 * cyc + k)
                    out[:, k] = ap[:, k] + ap[:, 3] * w[:, k]
            return out

        def least(mover: int, seat: int, z: Any) -> Any:  # min over mover's turns of A + P z
            if mover == self.passive:
                return z.copy()
            ap = self.run(neg, need, cap, np.full(len(bank), seat), -z, 3 * cyc + mover)
            return -(ap[:, seat] - ap[:, 3] * z)

        for _ in range(BOUND_STEPS):
            f_lo = own_value(lo)
            new_lo, new_hi = lo.copy(), hi.copy()
            for k in range(3):
                k1, k2 = (k + 1) % 3, (k + 2) % 3
                new_hi[:, k] = 1.0 - f_lo[:, k1] - least(k1, k2, f_lo[:, k2])
                new_lo[:, k] = least(k1, k, least(k2, k, f_lo[:, k]))
            new_lo, new_hi = np.maximum(lo, new_lo), np.minimum(hi, new_hi)
            moved = max(np.abs(new_lo - lo).max(), np.abs(new_hi - hi).max())
            lo, hi = new_lo, new_hi
            if moved < BOUND_MOVE:  # the narrowing of the pieces does the rest
                break
        if (lo > hi + 1e-12).any():
            raise RuntimeError("the bounds of a cycle's trash values crossed")
        return np.maximum(lo - TOL_EDGE, 0.0), np.minimum(np.maximum(hi, lo) + TOL_EDGE, 1.0)

    def _guess(self, trip: Any) -> Any:
        """First values of a level's cycles: the mean of the triples one step above."""
        total = np.zeros((len(trip), 3, 3))
        count = np.zeros((len(trip), 1, 1))
        for j in range(3):
            b = trip.copy()
            b[:, j] += 1
            ok = b[:, j] < self.ng
            total[ok] += self.normal[b[ok, 0], b[ok, 1], b[ok, 2]]
            count[ok] += 1
        return np.where(count > 0, total / np.maximum(count, 1), 1.0 / 3.0)

    def _iterate(self, bank: Any, need: Any, cap: Any, trip: Any) -> tuple[Any, Any, Any, Any]:
        """Best responses round each cycle (mover 0, 1, 2, each at the trash value the
        profile gives him, the profile's values solved exactly after each): the values, A,
        P, and which cycles did not settle (a profile came back, or 60 rounds)."""
        n = len(trip)
        own = np.tile(np.arange(3), n)
        active = [k for k in range(3) if k != self.passive]
        a = np.zeros((n, 3, 3))
        p = np.ones((n, 3))
        v = self._guess(trip)
        unsettled = np.zeros(n, bool)
        history: list[dict[bytes, int]] = [{} for _ in range(n)]
        values: list[list[Any]] = [[] for _ in range(n)]
        # the first round: every mover's best response to the guess
        for k in active:
            ap = self.run(bank, need, cap, own, v[:, (k + 1) % 3, k], 3 * np.arange(n) + k)
            a[:, k], p[:, k] = ap[:, :3], ap[:, 3]
        v = cycle_values(a, p)
        live = np.arange(n)
        for rnd in range(1, 60):
            changed = np.zeros(len(live), bool)
            for k in active:
                w = v[live, (k + 1) % 3, k]
                ap = self.run(bank, need, cap, own, w, 3 * live + k)
                changed |= ~((ap[:, :3] == a[live, k]).all(1) & (ap[:, 3] == p[live, k]))
                a[live, k], p[live, k] = ap[:, :3], ap[:, 3]
                v[live] = cycle_values(a[live], p[live])
            if (~changed).any():
                self.stats.rounds_max = max(self.stats.rounds_max, rnd + 1)
            keep = []
            for i in live[changed]:
                sig = a[i].tobytes() + p[i].tobytes()
                values[i].append(v[i].copy())
                if sig in history[i]:  # the same profile again: best responses go round
                    unsettled[i] = True
                    swing = np.ptp(np.array(values[i][history[i][sig]:]), axis=0).max()
                    self.stats.unsettled_swing = max(self.stats.unsettled_swing, float(swing))
                else:
                    history[i][sig] = len(values[i]) - 1
                    keep.append(i)
            live = np.array(keep, int)
            if not len(live):
                break
        for i in live:
            unsettled[i] = True
            swing = np.ptp(np.array(values[i][-10:]), axis=0).max()
            self.stats.unsettled_swing = max(self.stats.unsettled_swing, float(swing))
        return v, a, p, unsettled

    def _level(self, trip: Any, exact: str) -> None:
        """The board triples ``trip`` of one level (the same sum), every level above solved."""
        n = len(trip)
        boards = np.repeat(trip, 3, axis=0)
        own = np.tile(np.arange(3), n)
        bank, need, cap = self.normal_problem(boards, own)
        if not np.isfinite(bank).all():
            raise RuntimeError("a bank reaches a state not solved")
        active = [k for k in range(3) if k != self.passive]
        st = self.stats
        mark = st.turns
        v, _a, _p, unsettled = self._iterate(bank, need, cap, trip)
        st.phase_turns["iterate"] = st.phase_turns.get("iterate", 0) + st.turns - mark
        st.cycles += n
        st.unsettled += int(unsettled.sum())
        wk = np.stack([v[:, (k + 1) % 3, k] for k in range(3)], 1)
        play = np.stack([wk, wk, np.zeros_like(wk)], -1)  # (n, movers, (w L, w R, weight))
        targets = {"all": np.arange(n), "unsettled": np.flatnonzero(unsettled),
                   "none": np.zeros(0, int)}[exact]
        if len(targets):
            st.enumerated += len(targets)
            mark = st.turns
            lo, hi = self._bounds(bank, need, cap, n)
            st.phase_turns["bounds"] = st.phase_turns.get("bounds", 0) + st.turns - mark
            mark = st.turns
            inside = (lo <= wk + 1e-12) & (wk <= hi + 1e-12)
            inside[:, [k for k in range(3) if k not in active]] = True
            if not inside.all():  # a settled iteration is an equilibrium: it must lie inside
                bad = trip[np.flatnonzero(~inside.all(1) & ~unsettled)]
                if len(bad):
                    raise RuntimeError(f"an equilibrium outside its bounds at {bad[0].tolist()}")
            st.bound_width = max(st.bound_width, float((hi - lo)[:, active].max()))
            which = np.array([3 * i + k for i in targets for k in active], int)
            found_pieces = iter(self._pieces(bank, need, cap, own, which,
                                             lo[which // 3, which % 3], hi[which // 3, which % 3]))
            st.phase_turns["pieces"] = st.phase_turns.get("pieces", 0) + st.turns - mark
            for i in targets:
                pieces = [next(found_pieces) if k in active else
                          Pieces(np.zeros((1, 3)), np.ones(1), lo[i, k:k + 1], hi[i, k:k + 1], k)
                          for k in range(3)]
                counts = [pc.count for pc in pieces]
                st.pieces_max = max(st.pieces_max, *counts)
                st.pieces_mean += sum(counts[k] for k in active)
                pieces = narrow(pieces)
                st.narrowed_max = max(st.narrowed_max, *(pc.count for pc in pieces))
                found, bad = equilibria(pieces)
                st.degenerate += bad
                if not found:
                    raise RuntimeError(f"no equilibrium found at boards {trip[i].tolist()}")
                eq = choose(found)
                if len(found) > 1 and not unsettled[i]:
                    # the equilibrium the iteration settled at: one of those found
                    reached = min(found, key=lambda e: float(np.abs(e.values - v[i]).max()))
                    if np.abs(reached.values - v[i]).max() > 1e-9:
                        raise RuntimeError(f"the iteration settled off the equilibria at "
                                           f"{trip[i].tolist()}")
                    st.iteration_differs += reached is not eq
                    if self.choice == "iteration":
                        eq = reached
                pure = [e for e in found if not e.mixers]
                st.mixed += not pure
                st.several += len(found) > 1
                st.several_pure += len(pure) > 1
                st.chosen_mixed[eq.mixers] = st.chosen_mixed.get(eq.mixers, 0) + 1
                if (not pure or len(found) > 1) and len(st.examples) < 40:
                    st.examples.append(_example(trip[i], found, eq, bool(unsettled[i])))
                v[i] = eq.values
                self.kind[tuple(trip[i])] = 2 if eq.mixers else int(len(found) > 1)
                self.several_at[tuple(trip[i])] = len(found) > 1
                for k in active:
                    pc, j = pieces[k], eq.piece[k]
                    mid = (pc.lo[j] + pc.hi[j]) / 2
                    if eq.mixing[k]:
                        play[i, k] = (mid, (pc.lo[j + 1] + pc.hi[j + 1]) / 2, eq.weight[k])
                    else:
                        play[i, k] = (mid, mid, 0.0)
        # the check: no mover has a better pure policy at the trash value he meets
        which = np.array([3 * i + k for i in range(n) for k in active], int)
        cyc, mover = which // 3, which % 3
        w = v[cyc, (mover + 1) % 3, mover]
        best = self.run(bank, need, cap, own, w, which)
        gain = best[np.arange(len(which)), mover] + best[:, 3] * w - v[cyc, mover, mover]
        st.check = max(st.check, float(gain.max()))
        if exact != "none" and gain.max() > TOL_CHECK:
            raise RuntimeError(f"a mover has a better policy, by {gain.max():.3g}")
        st.sum_error = max(st.sum_error, float(np.abs(v.sum(-1) - 1.0).max()))
        self.normal[trip[:, 0], trip[:, 1], trip[:, 2]] = v
        self.play_w[trip[:, 0], trip[:, 1], trip[:, 2]] = play
        self.unsettled_at[trip[:, 0], trip[:, 1], trip[:, 2]] = unsettled

    def solve(self, exact: str = "all") -> ThreeBrute:
        """Solve the whole game.  ``exact``: "all" lists every cycle's equilibria (and
        chooses by the rule), "unsettled" only where best responses do not settle, "none"
        nowhere (a cycle that does not settle keeps the profile its iteration stopped at:
        what a solver that does not look for mixed equilibria would give)."""
        if exact not in ("all", "unsettled", "none"):
            raise ValueError(exact)
        clock = time.perf_counter()
        sec = self.stats.seconds
        self._solve_tie2()
        self._solve_tie3()
        sec["tie-breaks"] = time.perf_counter() - clock
        keys = self._needed_c1()
        need_x = np.where(keys[:, 3] == 1, self.open, self.min)
        reach = np.maximum(self.ng + self.e, need_x) + self.maxp
        top = int((keys[:, 2] + np.maximum(reach - keys[:, 1], 0)).max())
        self._solve_c2(top)
        self._solve_c1(keys)
        sec["last round"] = time.perf_counter() - clock - sec["tie-breaks"]
        ng = self.ng
        self.normal = np.full((ng, ng, ng, 3, 3), np.nan)
        self.play_w = np.full((ng, ng, ng, 3, 3), np.nan)
        self.kind = np.full((ng, ng, ng), -1, np.int8)
        self.unsettled_at = np.zeros((ng, ng, ng), bool)
        self.several_at = np.zeros((ng, ng, ng), bool)
        trip = np.stack(np.meshgrid(*(np.arange(ng),) * 3, indexing="ij"), -1).reshape(-1, 3)
        level = trip.sum(1)
        for s in range(3 * (ng - 1), -1, -1):
            self._level(trip[level == s], exact)
        if self.stats.enumerated:
            self.stats.pieces_mean /= self.stats.enumerated * (3 - (self.passive is not None))
        reach = self.reachable()
        self.stats.reachable = {
            "cycles": int(reach.sum()), "unsettled": int((reach & self.unsettled_at).sum()),
            "mixed": int((reach & (self.kind == 2)).sum()),
            "several": int((reach & self.several_at).sum())}
        sec["normal game"] = time.perf_counter() - clock - sec["tie-breaks"] - sec["last round"]
        sec["total"] = time.perf_counter() - clock
        return self

    # -- answers ------------------------------------------------------------------------

    def reachable(self) -> Any:
        """Which board triples a game reaches: each board its starting score, or at least
        the minimum to get on the board above it (a bank of any multiple of 50 from the
        minimum on can be made)."""
        b = np.arange(self.ng)
        seats = []
        for start in self.start:
            need = self.open if start == 0 else self.min
            seats.append((b == start) | (b >= start + need))
        return seats[0][:, None, None] & seats[1][None, :, None] & seats[2][None, None, :]

    def untouched(self) -> Any:
        """The board triples from which no cycle with several equilibria can be reached
        (none lies at or above them, board by board): every solver that finds this game's
        equilibria gives their values, whichever equilibrium it keeps where there are
        several (``kind`` must have been listed: ``exact="all"``)."""
        if (self.kind < 0).any():
            raise ValueError("the cycles' equilibria were not all listed")
        above = self.several_at.copy()
        for axis in range(3):
            above = np.flip(np.logical_or.accumulate(np.flip(above, axis), axis), axis)
        return ~above

    def start_values(self) -> Any:
        """``out[s]``: the value vector of the game when seat ``s`` starts."""
        b = self.start
        return np.stack([self.normal[b[0], b[1], b[2], s] for s in range(3)])

    def movers(self) -> tuple[float, float, float]:
        """The first, second and third mover's chances, the starting seat drawn (D-7)."""
        v = self.start_values()
        return tuple(float(np.mean([v[s, (s + i) % 3] for s in range(3)]))  # type: ignore[return-value]
                     for i in range(3))


    # -- playing the solved policy --------------------------------------------------------

    def turn_problem(self, state: State) -> tuple[Any, int, int, int, Any, Any]:
        """One turn start's problem: bank rows (seat vectors), minimum, cap, mover, trash
        vector, and the trash values whose turn policies the mover plays ``(w L, w R,
        weight of R)`` (``weight`` 0: the pure policy at ``w L``)."""
        kind = state[0]
        cap_t = self.cap_last(self.min)
        if kind == "N":
            b, m = np.array([state[1:4]]), state[4]
            bank, need, cap = self.normal_problem(b, np.array([m]))
            trash = self.normal[state[1], state[2], state[3], (m + 1) % 3]
            return bank[0], int(need[0]), int(cap[0]), m, trash, self.play_w[state[1:4]][m]
        if kind == "C1":
            bank, trash, need, cap, mover = self.c1_problem(np.array([state[1:]]))
            return bank[0], int(need[0]), int(cap[0]), int(mover[0]), trash[0], None
        if kind == "C2":
            _, mover, holders, d, y0 = state
            need = self.open if y0 else self.min
            rows = self.cap_last(need) + self.maxp + 1
            bank, trash = self._c2_outcomes(mover, np.array([holders]), np.array([d]), rows)
            return bank[0], need, self.cap_last(need), mover, trash[0], None
        if kind == "T2F":
            second = self.tie2_second
            return second, self.min, cap_t, 0, second[0], None
        if kind == "T2S":
            bank, trash = self._tie2_second_banks(self.tie2)
            return bank[state[1]], self.min, cap_t, 1, trash[state[1]], None
        if kind == "T3F":
            return self.tie3_second, self.min, cap_t, 0, self.tie3_second[0], None
        if kind == "T3S":
            x1 = state[1]
            rows = len(self.tie3_second)
            t = np.arange(rows)
            holders = np.where(x1 > t, 0, np.where(t > x1, 1, 2))
            bank = self.tie3_third[np.maximum(x1, t), holders]
            return bank, self.min, cap_t, 1, bank[0], None
        if kind == "T3T":
            bank, trash, _h = self._tie3_third(self.tie3)
            row = state[1] * 3 + state[2]
            return bank[row], self.min, cap_t, 2, trash[row], None
        raise ValueError(state)


class Tracker:
    """Follows an engine game (three seats) to name the brute force's state at each turn
    start; the tie-break round's seats and its common board come from its events."""

    def __init__(self) -> None:
        self.round: tuple[int, ...] = ()
        self.base = 0

    def see(self, game: Any, events: list[Any]) -> None:
        for event in events:
            if event.kind == "tie-break":
                self.round = tuple(sorted(event.seats))
                self.base = game.board[self.round[0]]

    def state(self, game: Any) -> tuple[State, tuple[int, ...]]:
        """The state and the seats of its roles (tie-break values are kept by role)."""
        board = [b // STEP for b in game.board]
        cur = game.current
        if game.stage == "normal":
            return ("N", *board, cur), (0, 1, 2)
        if game.stage == "catch-up":
            fin = game.reacher
            f = board[fin]
            if cur == (fin + 1) % 3:
                y = board[(fin + 2) % 3]
                return ("C1", fin, f - board[cur], f - y, int(board[cur] == 0), int(y == 0)), (0, 1, 2)
            x = board[(fin + 1) % 3]
            top = max(f, x)
            holders = 2 if f == x else (0 if f > x else 1)
            return ("C2", cur, holders, top - board[cur], int(board[cur] == 0)), (0, 1, 2)
        added = [b - self.base // STEP for b in board]
        seats = self.round
        if len(seats) == 2:
            i, j = seats
            return (("T2F",) if cur == i else ("T2S", added[i])), seats
        if cur == 0:
            return ("T3F",), (0, 1, 2)
        if cur == 1:
            return ("T3S", added[0]), (0, 1, 2)
        top = max(added[0], added[1])
        return ("T3T", top, 2 if added[0] == added[1] else (0 if added[0] > added[1] else 1)), (0, 1, 2)


def play_game(brute: ThreeBrute, seed: int, first_seat: int) -> int:
    """One game of the engine (three seats, its own dice seeded by ``seed``) with every seat
    playing the brute force's policy (a mixing mover draws his turn policy from ``seed``'s
    generator); returns the winner's seat."""
    import random

    from tenthousand.model.game import Game, Phase, Seat

    rng = random.Random(seed ^ 0x5EED)
    game = Game(brute.rules, [Seat(f"P{i}") for i in range(3)], seed=seed, first_seat=first_seat)
    tracker = Tracker()
    tables: dict[tuple[State, float], Any] = {}
    for _ in range(100_000):
        if game.over:
            return int(game.result.seat)
        if game.phase is Phase.START:
            state, roles = tracker.state(game)
            bank, need, cap, own, _trash, play = brute.turn_problem(state)
            if len(roles) == 2:  # a two-player round's rows hold roles (first, second)
                bank = _roles_to_seats(bank, roles)
                own = roles[own]
            if play is None:  # no cycle: the trash value is known
                w = _trash_value(brute, state, roles, own)
            else:
                w = float(play[1] if rng.random() < play[2] else play[0])
            key = (state, w)
            if key not in tables:
                tables[key] = (brute.table(bank, need, cap, own, w), bank, need, cap, own, w)
            turn = tables[key]
            events = game.throw()
        else:
            events = _move(brute, game, turn)
        tracker.see(game, events)
    raise AssertionError("the game did not end")


def _roles_to_seats(rows: Any, roles: tuple[int, ...]) -> Any:
    out = np.zeros_like(rows)
    out[..., roles[0]] = rows[..., 0]
    out[..., roles[1]] = rows[..., 1]
    return out


def _trash_value(brute: ThreeBrute, state: State, roles: tuple[int, ...], own: int) -> float:
    """The mover's own value of trash in a turn outside the normal game's cycles."""
    trash = brute.turn_problem(state)[4]
    if len(roles) == 2:
        trash = _roles_to_seats(trash, roles)
    return float(trash[own])


def _move(brute: ThreeBrute, game: Any, turn: Any) -> list[Any]:
    """The choice the kernel makes at this throw: every legal freeze worth its better of
    banking and throwing on, the best freeze (the kernel's tie order)."""
    v, bank, need, cap, own, w = turn
    t = game.turn_score // STEP
    n = len(game.thrown)
    best: tuple[float, int, Any, bool] | None = None
    for faces, points in game.legal_freezes():
        t2 = t + points // STEP
        left = n - len(faces)
        corner = left == 0
        key, rank, banks = -1e300, 0, False
        if t2 > cap or (t2 >= need and not (brute.mandatory and corner)):
            key, rank, banks = float(bank[t2, own]), -t2, True
        if t2 <= cap:
            nxt = brute.d.dice if corner else left
            throw = float(v[t2, nxt, own] + v[t2, nxt, 3] * w)
            if throw > key:
                key, rank, banks = throw, _THROW_RANK + nxt * _DICE_RANK - t2, False
        if best is None or key > best[0] or (key == best[0] and rank < best[1]):
            best = (key, rank, faces, banks)
    assert best is not None
    indices = game.indices_for(best[2])
    return game.bank(indices) if best[3] else game.throw(indices)


def _example(boards: Any, found: list[Equilibrium], chosen: Equilibrium,
             unsettled: bool) -> dict[str, Any]:
    """A cycle with a mixed or more than one equilibrium, for the report."""
    return {"boards": [int(b) * STEP for b in boards], "unsettled": unsettled,
            "equilibria": [{"mixing": [k for k in range(3) if e.mixing[k]],
                            "weights": [round(x, 6) for x in e.weight],
                            "own": [round(float(e.values[k, k]), 9) for k in range(3)],
                            "chosen": e is chosen} for e in found]}


@functools.cache
def reference(rules: Rules, extra: int) -> ThreeBrute:
    """The reference solution of ``rules`` (every cycle's equilibria listed), solved once
    per test process: the engine's tests and this solver's own share it."""
    return ThreeBrute(rules, extra=extra).solve()


def main(argv: list[str] | None = None) -> None:
    """Print one JSON line per rule set: the movers' chances, the counts of the cycles and
    the times (and, with ``--games``, the engine's games played by the solution)."""
    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--rules", nargs="+", default=["farkle"], choices=sorted(PRESETS))
    parser.add_argument("--game-point", type=int, default=500)
    parser.add_argument("--extra", type=int, default=200)
    parser.add_argument("--exact", default="all", choices=("all", "unsettled", "none"))
    parser.add_argument("--choice", default="rule", choices=("rule", "iteration"))
    parser.add_argument("--games", type=int, default=0)
    parser.add_argument("--examples", type=int, default=3)
    args = parser.parse_args(argv)
    for name in args.rules:
        rules = PRESETS[name].with_options(game_point=args.game_point)
        brute = ThreeBrute(rules, extra=args.extra, choice=args.choice).solve(args.exact)
        stats = {k: v for k, v in vars(brute.stats).items() if k != "examples"}
        out: dict[str, Any] = {
            "rules": name, "game_point": args.game_point, "extra": args.extra,
            "exact": args.exact, "choice": args.choice, "movers": brute.movers(),
            "seat_starts": brute.start_values().tolist(), "tie2_first": brute.tie2,
            "tie3": brute.tie3.tolist(), "stats": stats,
            "examples": brute.stats.examples[:args.examples]}
        if args.games:
            wins = [0, 0, 0]
            for i in range(args.games):
                wins[(play_game(brute, 10_000 + i, i % 3) - i % 3) % 3] += 1
            out["games"] = {"played": args.games, "mover_wins": wins}
        print(json.dumps(out), flush=True)


if __name__ == "__main__":
    main()
