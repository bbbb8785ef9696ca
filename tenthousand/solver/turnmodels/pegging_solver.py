"""Rotary Club's stretches, many at once (needs numpy): the call of :class:`..turns.TurnSolver`.

In Rotary Club nobody banks: each corner pegs the stretch's points onto the board and six
fresh dice follow, until trash ends the turn (:mod:`.pegging`).  So the engine's turn
problem is one *stretch*: a dynamic programme over (stretch score, dice left) with two
exits, trash and the corner, whose value is what pegging the stretch's score leads to (the
next stretch at the higher board, or the end of the turn).  Every freeze adds points, so it
is solved from its highest scores down, the throws of each row as the dice model's circuit
of maxima (:func:`..turns._compile`).

A stretch starts with the first throw of a turn (the first-throw counters count, D-2) or
with the six fresh dice after a corner; :meth:`PeggingTurns.solve` takes which for each
column (``first``).  The stretch's score never passes :attr:`PeggingTurns.top` before its
last throw, so the rows are bounded by the dice alone: the minimum and the cap of the
engine's call play no part (every corner pegs; the engine truncates on the boards).

With numba the rows are compiled (:func:`..compiled.pegging`, some six times as fast as
numpy's layers), else numpy solves them; the values are the same but for the last bits.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ...model.rules import Rules
from .. import compiled, dice
from ..turns import _BLOCK, _compile, _flat_nodes
from .pegging import stretch_rows


class PeggingTurns:
    """Solves many stretches of Rotary Club at once (the call of the dice model's
    :class:`..turns.TurnSolver`, without its redo of low rows or its proofs)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        #: the most steps a stretch holds before its last throw, and the fewest a corner pegs
        self.top, self.gap = stretch_rows(rules)
        self.maxp = dice.max_points(rules)
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
        self.circuit = _compile(sets)
        self.weights = np.zeros((5, len(sets)))
        self.weights[owner, np.arange(len(sets))] = probs
        self.six = []  # the stretch's first throw: a turn's first (D-2), then after a corner
        for first in (True, False):
            th = dice.throws(rules, 6, first)
            self.six.append((_compile([tuple(pts * 6 + left for pts, left in opts)
                                       for _, opts in th.groups]),
                             np.array([float(p) for p, _ in th.groups]), float(th.trash)))
        self.rows = self.top + self.maxp + 1  # corner values read: 0 .. rows - 1
        self.work = 0  # column-rows solved
        #: the stretches compiled by numba (:func:`.compiled.pegging`), or None: numpy
        self.compiled = compiled.kernel()
        if self.compiled is not None:
            bounds = np.searchsorted(owner, np.arange(6) - 1)  # dice m: owner m - 1
            seg_first = np.concatenate([[0], bounds[1:]]).astype(np.int64)
            seg_end = np.concatenate([[0], bounds[2:], [len(sets)]]).astype(np.int64)
            self._flat = (*_flat_nodes(self.circuit), seg_first, seg_end,
                          np.array(probs, dtype=float),
                          np.concatenate([[0.0], self.trash_p]))
            self._flat_six = [(*_flat_nodes(c), np.ascontiguousarray(p, dtype=float),
                               float(tr)) for c, p, tr in self.six]

    @staticmethod
    def _best(c: Any, values: Any, base: int, x: Any) -> Any:
        x[:len(c.leaves)] = values[base + c.leaves]
        for first, end, ops in c.layers:
            k = end - first
            np.maximum(x[ops[:k]], x[ops[k:]], out=x[first:end])
        return x[c.outputs]

    def solve(self, bank: Any, trash: Any, minimum: Any = None, cap: Any = None,
              first: Any = None) -> Any:
        """The value of each column's stretch at its start.

        ``bank`` is (rows, columns): what pegging each stretch score (steps) at a corner is
        worth, rows 0 .. :attr:`rows` - 1 read; ``trash`` per column; ``first`` per column
        whether the stretch is a turn's first throw (by default every column is);
        ``minimum`` and ``cap`` are not read (see the module's text)."""
        bank = np.asarray(bank, dtype=float)
        cols = bank.shape[1]
        rows = self.rows
        if self.compiled is not None:
            return self._solve_compiled(bank, trash, first)
        values = np.zeros((6 * rows, cols))
        values[0::6] = bank[:rows]
        size = max(self.circuit.size, *(c.size for c, _, _ in self.six))
        x = np.empty((size, cols))
        trash = np.asarray(trash, dtype=float) + np.zeros(cols)
        tr = self.trash_p[:, None] * trash[None, :]
        for t in range(self.top, 0, -1):
            best = self._best(self.circuit, values, 6 * t, x)
            values[6 * t + 1:6 * t + 6] = self.weights @ best + tr
        self.work += cols * self.top
        (c1, p1, tr1), (c6, p6, tr6) = self.six
        after = p6 @ self._best(c6, values, 0, x) + tr6 * trash
        if first is not None and not np.any(first):
            return after
        opening = p1 @ self._best(c1, values, 0, x) + tr1 * trash
        if first is None:
            return opening
        return np.where(np.asarray(first, bool), opening, after)

    def _solve_compiled(self, bank: Any, trash: Any, first: Any) -> Any:
        """:meth:`solve` by the compiled kernels, on the columns in blocks of ``_BLOCK``
        (the same values; a throw's outcomes are summed in another order, so the last
        bits may differ)."""
        assert self.compiled is not None
        cols, rows = bank.shape[1], self.rows
        nb = -(-cols // _BLOCK)
        pad = nb * _BLOCK - cols
        values = np.zeros((nb, 6 * rows, _BLOCK))
        corners = np.pad(bank[:rows], ((0, 0), (0, pad)))
        values[:, 0::6, :] = corners.reshape(rows, nb, _BLOCK).transpose(1, 0, 2)
        trash = np.pad(np.asarray(trash, dtype=float) + np.zeros(cols), (0, pad))
        self.compiled.pegging(values, trash, self.top, *self._flat, _BLOCK)
        self.work += cols * self.top
        starts = []
        for use, flat in ((first is None or np.any(first), self._flat_six[0]),
                          (first is not None, self._flat_six[1])):
            out = np.empty(nb * _BLOCK)
            if use:
                self.compiled.first(values, *flat, trash, out, _BLOCK)
            starts.append(out[:cols])
        opening, after = starts
        if first is None:
            return opening
        return np.where(np.asarray(first, bool), opening, after)

