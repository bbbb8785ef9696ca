"""Perfect two-player play in Rotary Club: the lowest board wins (needs numpy).

A turn has no bank: each corner pegs the stretch's points onto the mover's board and six
fresh dice follow, until trash ends the turn (the stretch's points since the last corner
are lost).  When a board reaches the game point the turn goes on; then the other player
has his catch-up turn (D-8), and the lower board wins; the same board gives tie-break
rounds in seat order (D-9), each player's pegs of the round compared.  See
:mod:`.rotary_table` for the values kept.

*A stretch* is a dynamic programme over (stretch score, dice left) with two exits, trash
and the corner (whose value is the next stretch's, the board higher by what it pegs);
every freeze adds points, so it is solved from its highest scores down
(:class:`Stretches`, many at once as numpy columns, their throws as core's circuit of
maxima).

*The end* first: the chaser ``D`` below the finisher (and the second of a tie-break round)
wins when trash comes before his pegs pass ``D``, ties at ``D``; a corner that passes it
loses, so his stretches are solved in rising ``D``.  The finisher (and the first of a
tie-break round) rises: his stretches are solved in falling lead, a lead beyond
``ng + extra`` ending his turn at once (the truncation).  The tie-break rounds are a fixed
point (the second's tie starts a new round), settled first.

*The normal game*: boards ``(seat, a, b)`` below the game point; a corner moves to a higher
level ``a + b``, trash hands the turn to ``(b, a)`` at the same level, so the levels fall as
in core, each settled by Newton's method on the trash pairs.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..model.rules import Rules
from . import dice
from .core import SolveFailed, level_starts
from .rotary_table import stretch_rows, unsupported
from .turns import _compile

__all__ = ["RotarySolution", "Stretches", "solve", "unsupported"]

STEP = dice.STEP
DEFAULT_EXTRA = 2000
_DELTA = 1e-5
_NEWTON = 30
_PASSES = 500


@dataclass
class RotarySolution:
    """The solved values (the mover's chance; see :mod:`.rotary_table`)."""

    rules: Rules
    extra: int  # steps
    lcap: int
    dmax: int
    win: Any  # (2, ng, ng) a normal turn's start
    post: Any  # (2, ng, ng) a normal stretch after a corner
    finish: Any  # (2, lcap + 1) the finisher after a corner, by lead
    chase: Any  # (2, dmax + 1) the chaser's turn start, by how far below
    chase_post: Any  # (2, dmax + 1)
    tie_first: float
    tie_post: Any  # (lcap + 1,) the first of a round after a corner, by what he pegged
    second: Any  # (dmax + 1,) the second of a round's start, by how far below the first
    second_post: Any
    states: int = 0
    iterations: int = 0
    seconds: float = 0.0
    notes: dict[str, Any] = field(default_factory=dict)

    @property
    def first_player_win_probability(self) -> float:
        """The starting player's chance, the starting seat drawn at random (D-7)."""
        r = self.rules
        s0, s1 = r.starting_score(0) // STEP, r.starting_score(1) // STEP
        return float((self.win[0, s0, s1] + self.win[1, s1, s0]) / 2)


class Stretches:
    """Many stretches at once: ``corner`` (rows, columns) is what pegging each stretch
    score is worth, ``trash`` (columns) what trash is worth."""

    def __init__(self, rules: Rules) -> None:
        self.top, self.gap = stretch_rows(rules)
        sets: list[tuple[int, ...]] = []
        owner: list[int] = []
        probs: list[float] = []
        self.trash_p = np.zeros(5)
        for n in range(1, 6):
            th = dice.throws(rules, n, False)
            self.trash_p[n - 1] = float(th.trash)
            for p, opts in th.groups:
                sets.append(tuple(pts * 6 + left for pts, left in opts))
                owner.append(n - 1)
                probs.append(float(p))
        self.maxp = dice.max_points(rules)
        self.circuit = _compile(sets)
        self.weights = np.zeros((5, len(sets)))
        self.weights[owner, np.arange(len(sets))] = probs
        self.six = []
        for first in (True, False):
            th = dice.throws(rules, 6, first)
            self.six.append((_compile([tuple(pts * 6 + left for pts, left in opts)
                                       for _, opts in th.groups]),
                             np.array([float(p) for p, _ in th.groups]), float(th.trash)))
        self.rows = self.top + self.maxp + 1  # corner values needed: 0 .. rows - 1
        self.work = 0

    @staticmethod
    def _best(c: Any, values: Any, base: int, x: Any) -> Any:
        x[:len(c.leaves)] = values[base + c.leaves]
        for first, end, ops in c.layers:
            k = end - first
            np.maximum(x[ops[:k]], x[ops[k:]], out=x[first:end])
        return x[c.outputs]

    def solve(self, corner: Any, trash: Any) -> tuple[Any, Any]:
        """Each column's stretch start: (the first throw of a turn, six dice after a corner)."""
        cols = corner.shape[1]
        rows = self.rows
        values = np.zeros((6 * rows, cols))
        values[0::6] = corner[:rows]
        size = max(self.circuit.size, *(c.size for c, _, _ in self.six))
        x = np.empty((size, cols))
        trash = np.asarray(trash, dtype=float)
        tr = self.trash_p[:, None] * trash[None, :]
        for t in range(self.top, 0, -1):
            best = self._best(self.circuit, values, 6 * t, x)
            values[6 * t + 1:6 * t + 6] = self.weights @ best + tr
        self.work += cols * self.top
        out = []
        for c, p, tr6 in self.six:
            out.append(p @ self._best(c, values, 0, x) + tr6 * trash)
        return out[0], out[1]


class _End:
    """The catch-up and tie-break values (before the normal game)."""

    def __init__(self, st: Stretches, lcap: int, tol: float) -> None:
        self.st, self.lcap = st, lcap
        self.dmax = lcap + st.rows  # a finisher's last corner leaves him at most this ahead
        self.passes = 0
        # the first's chance f(tf) when a tie of the second starts a new round worth tf:
        # a fixed point, found by secant steps (f is increasing, its slope the chance of
        # such a tie, below one)
        def round_(tf: float) -> tuple[float, Any, Any, Any]:
            second, second_post = self.below(1.0 - tf)
            tie_start, tie_post = self.rise(1.0 - second)
            return float(tie_start[0]), tie_post, second, second_post

        x0, (f0, *_rest) = 0.5, round_(0.5)
        x1 = f0
        for _ in range(100):
            f1, tie_post, second, second_post = round_(x1)
            if abs(f1 - x1) < tol * 1e-2:
                break
            slope = (f1 - f0) / (x1 - x0) if x1 != x0 else 0.0
            x0, f0 = x1, f1
            x1 = x1 + (f1 - x1) / (1.0 - slope) if slope < 1.0 else f1
        else:
            raise SolveFailed("the tie-break rounds of Rotary Club did not settle")
        tf = f1
        self.tie_first, self.tie_post = tf, tie_post
        self.second, self.second_post = second, second_post
        self.chase = np.zeros((2, self.dmax + 1))
        self.chase_post = np.zeros((2, self.dmax + 1))
        self.finish = np.zeros((2, lcap + 1))
        for seat in (0, 1):  # the chaser opens the tie-break round from seat 0 (D-9)
            self.chase[seat], self.chase_post[seat] = self.below(tf if seat == 0 else 1.0 - tf)
        for seat in (0, 1):  # the finisher's chaser sits in the other seat
            self.finish[seat] = self.rise(1.0 - self.chase[1 - seat])[1]

    def below(self, tie: float) -> tuple[Any, Any]:
        """Staying below: ``d`` below the other, the start and the stretch after a corner
        for d = 0 .. dmax (trash wins above 0, ties at 0; a corner past ``d`` loses)."""
        st, n = self.st, self.dmax + 1
        start, post = np.zeros(n), np.zeros(n)
        t = np.arange(st.rows)[:, None]
        for lo in range(0, n, st.gap):  # a corner pegs at least gap: none inside a block
            d = np.arange(lo, min(lo + st.gap, n))
            left = d[None, :] - t
            corner = np.where(left >= 0, post[np.maximum(left, 0)], 0.0)
            start[d], post[d] = st.solve(corner, np.where(d > 0, 1.0, tie))
            self.passes += 1
        return start, post

    def rise(self, end: Any) -> tuple[Any, Any]:
        """Rising: ``end[x]`` the value of a turn that ends with ``x`` (its lead, or its
        pegs in the round); the start and the stretch after a corner for x = 0 .. lcap (a
        turn beyond lcap ends at once)."""
        st, n = self.st, self.lcap + 1
        start, post = np.zeros(n), np.zeros(n)
        t = np.arange(st.rows)[:, None]
        hi = n
        while hi > 0:
            x = np.arange(max(hi - st.gap, 0), hi)
            up = x[None, :] + t
            corner = np.where(up < n, post[np.minimum(up, n - 1)], end[up])
            start[x], post[x] = st.solve(corner, end[x])
            self.passes += 1
            hi = x[0]
        return start, post


def solve(rules: Rules, *, extra: int = DEFAULT_EXTRA, tol: float = 1e-9,
          progress: bool | Callable[[float], None] = False) -> RotarySolution:
    """Solve the two-player game of Rotary Club (see the module's docstring); ``progress``
    as for :func:`.core.solve`."""
    problem = unsupported(rules)
    if problem is not None:
        raise ValueError(problem)
    if extra < 0 or extra % STEP:
        raise ValueError("extra must be a non-negative multiple of 50")
    started = time.perf_counter()
    ng, e = rules.game_point // STEP, extra // STEP
    st = Stretches(rules)
    end = _End(st, ng + e, tol)
    game = _Game(st, ng, end)
    passes = end.passes + game.run(tol, progress)
    states = 2 * ng * ng * 6 * (st.top + 1)
    return RotarySolution(rules, e, end.lcap, end.dmax, game.win, game.post, end.finish,
                          end.chase, end.chase_post, end.tie_first, end.tie_post,
                          end.second, end.second_post, states=states, iterations=passes,
                          seconds=time.perf_counter() - started,
                          notes={"extra": extra, "column_rows": st.work})


class _Game:
    """The normal game's boards ``(seat, a, b)``, level by level in falling ``a + b``."""

    def __init__(self, st: Stretches, ng: int, end: _End) -> None:
        self.st, self.ng, self.end = st, ng, end
        self.win = np.full((2, ng, ng), np.nan)
        self.post = np.full((2, ng, ng), np.nan)

    def corner(self, seat: Any, a: Any, b: Any) -> Any:
        """Pegging ``t`` from ``a``: the next stretch at ``a + t``, or the finisher's."""
        ng, end = self.ng, self.end
        t = np.arange(self.st.rows)[:, None]
        up = a[None, :] + t
        normal = self.post[seat[None, :], np.minimum(up, ng - 1), b[None, :]]
        lead = np.clip(up - b[None, :], 0, end.dmax)
        over = 1.0 - end.chase[1 - seat[None, :], lead]
        finish = np.where(lead <= end.lcap, end.finish[seat[None, :], np.minimum(lead, end.lcap)],
                          over)
        out: Any = np.where(up < ng, normal, finish)
        return out

    def run(self, tol: float, progress: bool | Callable[[float], None]) -> int:
        ng = self.ng
        passes = 0
        top = 2 * (ng - 1)
        for level in range(top, -1, -1):
            aa, bb, seat, partner = level_starts(level, ng)
            used = self._newton(seat, aa, bb, partner, tol)
            passes += used
            if level % 10 == 0:
                if callable(progress):
                    progress(1.0 - (level / max(top, 1)) ** 2)
                elif progress:
                    print(f"level {level}", flush=True)
        return passes

    def _newton(self, seat: Any, a: Any, b: Any, partner: Any, tol: float) -> int:
        corner = self.corner(seat, a, b)
        n = len(a)
        x = np.full(n, 0.5)
        post = np.zeros(n)
        alpha, beta = np.zeros(n), np.zeros(n)
        active = np.arange(n)
        for passes in range(1, _PASSES + 1):
            y = 1.0 - x[partner[active]]
            cols = np.concatenate([active, active])
            first, after = self.st.solve(corner[:, cols], np.concatenate([y, y + _DELTA]))
            j = len(active)
            f, slope = first[:j], (first[j:] - first[:j]) / _DELTA
            post[active] = after[:j]
            if passes > _NEWTON:  # plain fixed-point steps: a contraction
                slope = np.zeros(j)
            beta[active] = slope
            alpha[active] = f - slope * y
            ap, bp = alpha[partner], beta[partner]
            new = (alpha + beta - beta * ap - beta * bp) / (1.0 - beta * bp)
            moved = np.abs(new - x) >= tol
            x = new
            if not moved.any():
                break
            active = np.flatnonzero(moved | moved[partner])
        else:
            raise SolveFailed(f"a level of Rotary Club did not settle to {tol:g}")
        # the stretch after a corner at the settled trash value (the lower levels peg into it)
        _first, after = self.st.solve(corner, 1.0 - x[partner])
        self.win[seat, a, b] = x
        self.post[seat, a, b] = after
        return passes + 1
