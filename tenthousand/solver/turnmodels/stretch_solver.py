"""Pyramiding's turns, many at once (needs numpy): the call of :class:`..turns.TurnSolver`.

A turn's state is ``(points of the completed stretches c, the stretch)``
(:class:`.stretches.Stretches`: 45 stretches in the Trash presets, 61 in *Ten-Thousand*).
A throw only adds dice to the stretch, and a corner moves to a higher ``c``, so a turn is a
finite dynamic programme solved from the cap down in ``c`` and, within a ``c``, from the
biggest stretches down (a freeze may take points off under D-10, so the turn score does not
order the states, but the dice do).  Each stretch's throws are a circuit of maxima (the dice
model's :func:`..turns._compile`: pairs of options that several throws share taken once).
With numba each layer is compiled (:func:`..compiled.layer`, some five times as fast as
numpy's), else numpy solves it; the values are the same but for the last bits.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ...model.rules import Rules
from .. import compiled
from ..turns import _BLOCK, _compile, _flat_nodes
from .stretches import stretches


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
        # the same for :func:`..compiled.layer`: each stretch's groups are consecutive
        ends = np.searchsorted(np.array(owner, np.int64), np.arange(len(states)), "right")
        self.flat = (*_flat_nodes(self.circuit), np.concatenate([[0], ends[:-1]]).astype(
            np.int64), ends.astype(np.int64), np.array(probs, dtype=float),
            np.ascontiguousarray(self.trash, dtype=float))

    def values(self, leaves: Any, m: int, trash: Any, work: Any,
               kernel: compiled.Kernels | None = None) -> Any:
        """Each stretch's value in columns ``0 .. m - 1``, its throws' choices read from
        the rows of ``leaves``; compiled by ``kernel`` if given (the same values but for
        the last bits), else numpy's layers in the buffer ``work``."""
        out: Any
        if kernel is not None:
            out = np.empty((len(self.states), m))
            kernel.layer(leaves, m, *self.flat, trash, out, _BLOCK)
            return out
        c = self.circuit
        x = work[:c.size, :m]
        x[:len(c.leaves)] = leaves[c.leaves, :m]
        for first, end, ops in c.layers:
            k = end - first
            np.maximum(x[ops[:k]], x[ops[k:]], out=x[first:end])
        out = self.weights @ x[c.outputs]
        out += self.trash[:, None] * trash[None, :m]
        return out


class StretchTurns:
    """Solves many turn problems at once under pyramiding (the call of the dice model's
    :class:`..turns.TurnSolver`, without its redo of low rows or its proofs)."""

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
        #: the layers compiled by numba (:func:`..compiled.layer`), or None: numpy
        self.compiled = compiled.kernel()

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
                v = layer.values(leaves, w, tr, work, self.compiled)
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
                start = self.first.values(leaves, m, tr, work, self.compiled)[0]
                start = np.concatenate([start, np.zeros(cols - m)])
            hi = lo - 1
        out = np.empty(cols)
        out[order] = start
        return out
