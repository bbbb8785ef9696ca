"""Perfect two-player play under pyramiding (D-10), with the rules' own end (needs numpy).

Under pyramiding a turn's state is ``(points of the completed stretches c, the stretch)``
(:class:`.pyramid_table.Stretches`: 45 stretches in the Trash presets, 61 in
*Ten-Thousand*), not (turn score, dice left).  A throw only adds dice to the stretch, and a
corner moves to a higher ``c``, so a turn is a finite dynamic programme solved from the
cap down in ``c`` and, within a ``c``, from the biggest stretches down (a freeze may take
points off under D-10, so the turn score does not order the states, but the dice do).
:class:`PyramidTurns` runs it for many turn problems at once, as core's
:class:`~.turns.TurnSolver` does, with the same call (``bank``, ``trash``, ``minimum``,
``cap``), so core's catch-up and tie-break tables are made with it unchanged.

The board states are core's, ``(seat, a, b)``, solved level by level in falling ``a + b``
with Newton's method on the trash pairs (a value and a slope solve per pass).  The
truncation is core's: a turn score above the cap (the game point plus ``extra`` for the
board) banks at once.  Core is unchanged.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import numpy as np

from ..model.rules import Rules
from . import dice
from .core import (
    DEFAULT_EXTRA,
    Solution,
    SolveFailed,
    _catch_ups,
    _guess,
    _tie_breaks,
    level_starts,
)
from .pyramid_table import count_states, stretches, unsupported
from .turns import _compile

__all__ = ["PyramidTurns", "count_states", "solve", "unsupported"]

STEP = dice.STEP
_DELTA = 1e-5
_NEWTON = 30  # Newton passes before a level takes plain fixed-point steps
_PASSES = 500
_SHRINK = 0.1  # a chord step must shrink the step this much, or the slope is solved again


class _Layer:
    """The stretches with one number of dice, and their throws as a circuit of maxima
    (core's :func:`~.turns._compile`: pairs of options that several throws share are taken
    once) and a weighted sum per stretch."""

    def __init__(self, states: list[int], throws: list[tuple[float, Any]], nk: int,
                 score: Any) -> None:
        sets: list[tuple[int, ...]] = []
        owner: list[int] = []
        probs: list[float] = []
        for i, (_trash, groups) in enumerate(throws):
            for p, opts in groups:
                sets.append(tuple(o if o >= 0 else nk - o - 1 for o in opts))
                owner.append(i)
                probs.append(p)
        self.states = np.array(states, dtype=np.intp)
        self.circuit = _compile(sets)
        weights = np.zeros((len(states), len(sets)))
        weights[owner, np.arange(len(sets))] = probs
        self.weights = weights
        self.trash = np.array([tr for tr, _ in throws])
        self.score = score[self.states] if len(states) else np.zeros(0, np.intp)

    def values(self, leaves: Any, m: int, trash: Any, work: Any) -> Any:
        c = self.circuit
        x = work[:c.size, :m]
        x[:len(c.leaves)] = leaves[c.leaves, :m]
        for first, end, ops in c.layers:
            k = end - first
            np.maximum(x[ops[:k]], x[ops[k:]], out=x[first:end])
        out: Any = self.weights @ x[c.outputs]
        out += self.trash[:, None] * trash[None, :m]
        return out


class PyramidTurns:
    """Solves many turn problems at once under pyramiding (the call of core's TurnSolver)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.model = m = stretches(rules)
        self.maxp = m.maxp
        self.mandatory = rules.corner_throw_mandatory
        nk = self.nk = len(m.states)
        score = np.array([sc for _, sc in m.states], dtype=np.intp)
        sizes = sorted({sum(s) for s, _ in m.states}, reverse=True)
        self.layers = []
        for size in sizes:
            ks = [k for k in range(nk) if sum(m.states[k][0]) == size]
            self.layers.append(_Layer(ks, [m.throws[k] for k in ks], nk, score))
        self.first = _Layer([0], [m.first], nk, score)
        self.size = max(layer.circuit.size for layer in [*self.layers, self.first])
        #: the fewest steps a corner adds: rows this far apart read no corner of each other
        self.gap = max(1, min(-o for _, groups in [*m.throws, m.first] for _, opts in groups
                              for o in opts if o < 0))
        self.work = 0  # column-rows solved

    def solve(self, bank: Any, trash: Any, minimum: Any, cap: Any) -> Any:
        """The value of each column's turn at its start.

        ``bank`` is (rows, columns): the value of banking each turn score (in steps), rows
        above ``max(cap) + maxp``; ``trash``, ``minimum`` and ``cap`` are per column: a
        turn score above ``cap`` banks at once.

        A corner adds at least ``gap`` steps, so the rows ``c`` of a block of ``gap``
        rows read no corner of each other: a block is solved at once, its rows side by
        side as more columns (fewer, wider numpy calls)."""
        cap = np.asarray(cap)
        order = np.argsort(-cap, kind="stable")
        cap = cap[order]
        bank = np.ascontiguousarray(np.asarray(bank, dtype=float)[:, order])
        trash = np.asarray(trash, dtype=float)[order]
        minimum = np.maximum(np.asarray(minimum)[order], 1)
        cols = len(cap)
        nk, maxp, gap = self.nk, self.maxp, self.gap
        top = int(cap.max()) if cols else -1
        corner = bank.copy()  # above a column's cap a corner banks at once
        active = np.searchsorted(-cap, -np.arange(top + 1), side="right")  # cap >= c
        start = np.zeros(cols)
        hi = top
        while hi >= 0:
            lo = max(hi - gap + 1, 0)
            m = int(active[lo])
            r = hi - lo + 1
            rows = np.arange(lo, hi + 1)
            self.work += m * r
            w = r * m  # column j * m + i: row lo + j, column i
            leaves = np.empty((nk + maxp, w))
            for j, c in enumerate(rows):
                leaves[nk:, j * m:(j + 1) * m] = corner[c + 1:c + 1 + maxp, :m]
            work = np.empty((self.size, w))
            tr = np.tile(trash[:m], r)
            capm = np.tile(cap[:m], r)[None, :]
            minm = np.tile(minimum[:m], r)[None, :]
            for layer in self.layers:
                v = layer.values(leaves, w, tr, work)
                if layer.states[0] == 0:
                    c0 = np.repeat(rows, m)
                    ok = (c0 >= minm[0]) & (c0 <= capm[0]) & (not self.mandatory)
                    val = np.where(ok, np.maximum(v[0], bank[c0, np.tile(np.arange(m), r)]),
                                   v[0]).reshape(r, m)
                    inside = rows[:, None] <= cap[None, :m]
                    corner[lo:hi + 1, :m] = np.where(inside, val, corner[lo:hi + 1, :m])
                    continue
                u = (rows[None, :] + layer.score[:, None])  # (states, r)
                b = bank[u, :m].reshape(len(layer.states), w)
                uu = np.repeat(u, m, axis=1)
                leaves[layer.states] = np.where(uu > capm, b,
                                                np.where(uu >= minm, np.maximum(v, b), v))
            if lo == 0:
                start = self.first.values(leaves, m, tr, work)[0]
                start = np.concatenate([start, np.zeros(cols - m)])
            hi = lo - 1
        out = np.empty(cols)
        out[order] = start
        return out


def solve(rules: Rules, *, extra: int = DEFAULT_EXTRA, tol: float = 1e-9,
          progress: bool | Callable[[float], None] = False) -> Solution:
    """Solve the two-player game under pyramiding (see the module's docstring): core's
    :class:`~.core.Solution`; ``progress`` as for :func:`.core.solve`."""
    problem = unsupported(rules)
    if problem is not None:
        raise ValueError(problem)
    if extra < 0 or extra % STEP:
        raise ValueError("extra must be a non-negative multiple of 50")
    started = time.perf_counter()
    ng, e = rules.game_point // STEP, extra // STEP
    ts = PyramidTurns(rules)
    open_min, min_after = rules.opening_minimum // STEP, rules.minimum // STEP
    if max(open_min, min_after) > ng + e:
        raise ValueError("the minimum to bank is above the turn cap")
    end_cap = ng + e
    rows = end_cap + ts.maxp + 1
    tie_first, second, passes = _tie_breaks(ts, rows, end_cap, min_after, tol)
    catch_up = _catch_ups(ts, rows, end_cap, open_min, min_after, tie_first)
    passes += 4
    game = _Game(rules, ts, ng, e, open_min, min_after, catch_up)
    passes += game.run(tol, progress)
    return Solution(rules, e, np.ascontiguousarray(game.win), catch_up, tie_first, second,
                    states=count_states(rules, extra), iterations=passes,
                    seconds=time.perf_counter() - started,
                    notes={"extra": extra, "column_rows": ts.work,
                           "stretches": len(ts.model.states)})


class _Game:
    """The normal game's turn starts ``(seat, a, b)``, level by level in falling ``a + b``."""

    def __init__(self, rules: Rules, ts: PyramidTurns, ng: int, e: int, open_min: int,
                 min_after: int, catch_up: Any) -> None:
        self.rules, self.ts, self.ng, self.e = rules, ts, ng, e
        self.open_min, self.min_after = max(open_min, 1), max(min_after, 1)
        self.catch_up = catch_up
        self.win = np.full((2, ng, ng), np.nan)

    def bank(self, seat: Any, a: Any, b: Any) -> Any:
        """Banking ``t``: the opponent moves at ``(b, a + t)``, or chases ``a + t - b``."""
        ng = self.ng
        rows = ng + self.e + self.ts.maxp + 1
        t = np.arange(rows)[:, None]
        reach = a[None, :] + t
        opp = self.win[1 - seat[None, :], b[None, :], np.minimum(reach, ng - 1)]
        if self.rules.catch_up:
            d = np.clip(reach - b[None, :], 0, self.catch_up.shape[2] - 1)
            chased = self.catch_up[(b != 0).astype(int)[None, :],
                                   (seat == 1).astype(int)[None, :], d]
        else:
            chased = np.zeros_like(opp)  # the first to reach the game point wins at once
        out: Any = np.where(reach < ng, 1.0 - opp, 1.0 - chased)
        out[0] = 0.0  # no bank of nothing
        return out

    def run(self, tol: float, progress: bool | Callable[[float], None]) -> int:
        ng = self.ng
        passes = 0
        top = 2 * (ng - 1)
        for level in range(top, -1, -1):
            aa, bb, seat, partner = level_starts(level, ng)
            minimum = np.where(aa == 0, self.open_min, self.min_after)
            x, used = self._newton(seat, aa, bb, minimum, partner, tol)
            passes += used
            self.win[seat, aa, bb] = x
            if level % 4 == 0:
                if callable(progress):
                    done = 1.0 - (level / max(top, 1)) ** 2  # the levels shrink as they fall
                    progress(done)
                elif progress:
                    print(f"level {level}", flush=True)
        return passes

    def _newton(self, seat: Any, a: Any, b: Any, minimum: Any, partner: Any,
                tol: float) -> tuple[Any, int]:
        """A level's columns: column i's trash leads to its partner.  The first pass
        solves each column at its trash value and ``_DELTA`` above it (the slope); later
        passes keep the slope (a chord step) and solve a column's slope again only when
        its step did not shrink tenfold."""
        bank = self.bank(seat, a, b)
        cap = self.ng + self.e - a
        n = len(a)
        x = _guess(self.win, seat, a, b, self.ng)
        alpha, beta = np.zeros(n), np.zeros(n)
        steps = np.full(n, np.inf)
        sloped = np.ones(n, bool)
        active = np.arange(n)
        for passes in range(1, _PASSES + 1):
            y = 1.0 - x[partner[active]]
            again = active[sloped[active]]
            ya = 1.0 - x[partner[again]]
            cols = np.concatenate([active, again])
            both = self.ts.solve(bank[:, cols], np.concatenate([y, ya + _DELTA]),
                                 minimum[cols], cap[cols])
            j = len(active)
            f = both[:j]
            slope = beta[active]
            new_slope = (both[j:] - f[sloped[active]]) / _DELTA
            slope[sloped[active]] = new_slope
            if passes > _NEWTON:  # plain fixed-point steps: a contraction
                slope = np.zeros(j)
            beta[active] = slope
            alpha[active] = f - slope * y
            ap, bp = alpha[partner], beta[partner]
            new = (alpha + beta - beta * ap - beta * bp) / (1.0 - beta * bp)
            step = np.abs(new - x)
            moved = step >= tol
            sloped = step > _SHRINK * steps
            steps = step
            x = new
            if not moved.any():
                return x, passes
            active = np.flatnonzero(moved | moved[partner])
        raise SolveFailed(f"a level with pyramiding did not settle to {tol:g}")
