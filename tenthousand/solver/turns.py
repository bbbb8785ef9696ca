"""The turn programme on numpy arrays: many turn problems solved side by side (needs numpy).

A turn problem is one player's turn seen from the outside: what banking a turn score ``t``
is worth (``bank[t]``), what trash is worth, the minimum to bank, and the cap above which a
turn score banks at once.  Its best play is a dynamic programme over (turn score, dice left),
solved backwards from high turn scores because every freeze adds points.  The columns of
the arrays are the turn problems; the rows are the turn scores.

The work of a row is the best choice of every kind of throw: the maximum over each throw's
choices ``(points, dice left)`` of the value already known ``points`` rows higher.  About a
thousand choices per row come from only a hundred distinct ``(points, dice left)`` pairs,
and many throws share parts of their choice sets; :func:`_compile` turns the choice sets
into a small *circuit* of pairwise maxima (common pairs computed once), evaluated layer by
layer with one gather and one ``maximum`` per layer.  The maximum is exact whatever the
order, so the circuit changes no value.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np

from ..model import scoring
from ..model.rules import Rules
from . import dice

_BLOCK = 64  # columns per block of the value arrays


@dataclass(frozen=True)
class _Circuit:
    """Pairwise maxima that give each throw's best choice from the value rows."""

    leaves: Any  # (U,) row offsets (points * 6 + dice left) read from the value array
    layers: tuple[tuple[int, int, Any], ...]  # (first, end, operands): X[first:end] =
    #   max(X[operands[:k]], X[operands[k:]]) with k = end - first
    outputs: Any  # (groups,) the row of X that holds each group's best choice
    size: int  # rows of X: leaves, then the nodes in layer order


def _compile(sets: Sequence[tuple[int, ...]]) -> _Circuit:
    """A circuit for ``max(value[o] for o in s)`` of every choice set ``s``.

    Greedy common-pair elimination: the pair of operands that most sets contain becomes a
    node, until no pair is shared; each set's remaining operands are then reduced in a
    balanced tree.  Deterministic (ties go to the smallest pair).
    """
    leaves = sorted({o for s in sets for o in s})
    index = {o: i for i, o in enumerate(leaves)}
    work = [{index[o] for o in s} for s in sets]
    depth = [0] * len(leaves)
    nodes: list[tuple[int, int]] = []

    def node(a: int, b: int) -> int:
        nodes.append((a, b))
        depth.append(max(depth[a], depth[b]) + 1)
        return len(depth) - 1

    while True:
        counts: Counter[tuple[int, int]] = Counter()
        for s in work:
            if len(s) > 1:
                counts.update(itertools.combinations(sorted(s), 2))
        if not counts:
            break
        pair, count = min(counts.items(), key=lambda kv: (-kv[1], kv[0]))
        if count < 2:
            break
        z = node(*pair)
        for s in work:
            if pair[0] in s and pair[1] in s:
                s.difference_update(pair)
                s.add(z)
    outputs = []
    for s in work:
        items = sorted(s, key=lambda i: (depth[i], i))
        while len(items) > 1:
            z = node(items[0], items[1])
            items = sorted([*items[2:], z], key=lambda i: (depth[i], i))
        outputs.append(items[0])
    n_leaves = len(leaves)
    order = sorted(range(n_leaves, len(depth)), key=lambda i: (depth[i], i))
    where = list(range(n_leaves)) + [0] * len(nodes)
    for k, i in enumerate(order):
        where[i] = n_leaves + k
    layers = []
    for d in range(1, max(depth, default=0) + 1):
        ids = [i for i in order if depth[i] == d]
        if ids:
            left = [where[nodes[i - n_leaves][0]] for i in ids]
            right = [where[nodes[i - n_leaves][1]] for i in ids]
            layers.append((where[ids[0]], where[ids[-1]] + 1,
                           np.array(left + right, dtype=np.intp)))
    return _Circuit(np.array(leaves, dtype=np.intp), tuple(layers),
                    np.array([where[i] for i in outputs], dtype=np.intp), len(depth))


@dataclass(frozen=True)
class _Throws:
    """Every throw after the first of a turn, in dice-left order, as a circuit."""

    circuit: _Circuit
    segments: tuple[tuple[int, int, Any], ...]  # per m: (first, end, probabilities)
    trash: Any  # (6,) trash probability of the throw made with m dice left (m = 0: six)
    first: _Circuit  # the first throw of a turn
    first_probs: Any
    first_trash: float


@cache
def _throws(key: tuple[object, ...]) -> _Throws:
    rules = scoring._RULES_BY_KEY[key]
    sets: list[tuple[int, ...]] = []
    segments = []
    trash = np.zeros(6)
    for m in range(6):  # m dice left to throw; m = 0 is a corner: six fresh dice
        th = dice.throws(rules, 6 if m == 0 else m, False)
        trash[m] = float(th.trash)
        first = len(sets)
        for _, opts in th.groups:
            sets.append(tuple(pts * 6 + left for pts, left in opts))
        segments.append((first, len(sets), np.array([float(p) for p, _ in th.groups])))
    th = dice.throws(rules, 6, True)
    opening = _compile([tuple(pts * 6 + left for pts, left in opts) for _, opts in th.groups])
    return _Throws(_compile(sets), tuple(segments), trash, opening,
                   np.array([float(p) for p, _ in th.groups]), float(th.trash))


class _Buffers:
    """Work arrays for evaluating a circuit on the leading blocks of a value array.

    The circuit's nodes live in the value array itself, ``gap`` rows above the row being
    solved (rows that far above it are never read again), so every layer gathers its
    operands, leaves and nodes alike, with one ``take`` from the array's row window.
    """

    def __init__(self, c: _Circuit, nb: int, rows: int, gap: int) -> None:
        n_leaves = len(c.leaves)
        pos = np.concatenate([c.leaves, gap + np.arange(c.size - n_leaves)])
        self.c, self.rows, self.gap, self.n_leaves = c, rows, gap, n_leaves
        self.static = [pos[operands] for _, _, operands in c.layers] + [pos[c.outputs]]
        self.tmps = [np.empty((nb, len(operands), _BLOCK)) for _, _, operands in c.layers]
        self.out = np.empty((nb, len(c.outputs), _BLOCK))
        self.index: dict[int, list[Any]] = {}

    def _index(self, k: int) -> list[Any]:
        """Flat row numbers of every layer's operands (and the outputs) in ``k`` blocks."""
        if k not in self.index:
            shift = np.arange(k)[:, None] * self.rows
            self.index[k] = [(shift + s[None, :]).reshape(-1) for s in self.static]
        return self.index[k]

    def best(self, values: Any, base: int, k: int) -> Any:
        """Each group's best choice at the row starting at ``base``: (k, groups, block)."""
        window = values.reshape(-1, _BLOCK)[base:]
        index = self._index(k)
        at = base + self.gap - self.n_leaves
        for (first, end, _), tmp, idx in zip(self.c.layers, self.tmps, index, strict=False):
            n = end - first
            window.take(idx, axis=0, out=tmp[:k].reshape(-1, _BLOCK), mode="clip")
            np.maximum(tmp[:k, :n], tmp[:k, n:], out=values[:k, at + first:at + end])
        out = self.out[:k]
        window.take(index[-1], axis=0, out=out.reshape(-1, _BLOCK), mode="clip")
        return out


class TurnSolver:
    """Solves many turn problems at once under one rule set."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.maxp = dice.max_points(rules)
        self.mandatory = rules.corner_throw_mandatory
        self.throws = _throws(scoring._key(rules))
        self.work = 0  # column-rows solved so far (a column's rows up to its cap or top)

    def solve(self, bank: Any, trash: Any, minimum: Any, cap: Any, *, top: int | None = None,
              q: Any = None, keep: int = 0, throws_to: Any = None,
              margin: float = 0.0) -> Any:
        """The value of each column's turn at its start.

        ``bank`` is (rows, columns): the value of banking each turn score (in steps);
        ``trash``, ``minimum`` and ``cap`` are per column: a turn score above ``cap`` banks
        at once.  ``rows`` must exceed ``max(cap) + maxp``.

        ``top`` and ``q`` redo only the rows ``top`` down to 1 of an earlier solve whose
        value array ``q`` (rows ``0 .. top + maxp`` at least, as kept by ``keep``) holds the
        rows above: for changed bank values at low turn scores.  ``keep`` > 0 returns the
        pair (values, the first ``keep`` rows of the value array: (keep * 6, columns)).

        ``throws_to`` (an int array, one per column) receives each column's highest turn
        score at which some throw is worth more than ``bank - margin`` (or banking is not
        allowed); above it the column banks, also at any trash value within ``margin`` of
        this one (a turn's value moves by at most the change of the trash value), so a
        later solve there may take it as the column's cap.  Rules with a compulsory throw
        after a corner get their cap.
        """
        rows, cols = bank.shape
        cap = np.asarray(cap)
        trash = np.asarray(trash, dtype=float)
        # Columns by falling cap, in blocks of _BLOCK: the columns still below their cap
        # at a turn score are then leading blocks, contiguous in memory.
        order = np.argsort(-cap, kind="stable")
        nb = -(-cols // _BLOCK)
        pad = nb * _BLOCK - cols

        def blocks(a: Any, fill: float = 0.0) -> Any:  # (r, cols) -> (nb, r, _BLOCK)
            a = np.pad(a[:, order], ((0, 0), (0, pad)), constant_values=fill)
            return np.ascontiguousarray(a.reshape(len(a), nb, _BLOCK).transpose(1, 0, 2))

        caps = np.pad(cap[order], (0, pad), constant_values=-1)
        th = self.throws
        gap = max(self.maxp + 1, keep) * 6  # the circuits' nodes lie this far above a row
        extra = gap + 6 * -(-max(th.circuit.size, th.first.size) // 6)
        if top is None:
            top = int(cap.max()) if cols else 0
            assert rows > top + self.maxp
            banks = blocks(bank)
            values = np.empty((nb, rows * 6 + extra, _BLOCK))
            values.reshape(nb, -1, 6, _BLOCK)[:, :rows] = banks[:, :, None]  # above a cap: bank
        else:
            low = blocks(q[:(top + self.maxp + 1) * 6])  # rows past the last are never read
            rows = low.shape[1] // 6
            top = min(top, rows - 1)
            values = np.empty((nb, rows * 6 + extra, _BLOCK))
            values[:, :rows * 6] = low
            banks = blocks(bank[:top + 1])
            values.reshape(nb, -1, 6, _BLOCK)[:, :top + 1] = banks[:, :, None]
        self.work += int(np.minimum(cap, top).sum())
        flat_trash = np.pad(trash[order], (0, pad))
        near = np.zeros((top + 1, nb, _BLOCK), bool) if throws_to is not None else None
        self._rows(values, banks[:, :top + 1], flat_trash,
                   np.pad(np.asarray(minimum)[order], (0, pad)), caps, top, gap, near, margin)
        if near is not None:
            flat = near.reshape(top + 1, -1)[:, :cols]
            last = np.where(flat.any(axis=0), top - np.argmax(flat[::-1], axis=0), 0)
            throws_to[order] = cap[order] if self.mandatory else np.minimum(cap[order], last)
        best = _Buffers(th.first, nb, values.shape[1], gap).best(values, 0, nb)
        start = np.empty(cols)
        start[order] = (th.first_probs @ best).reshape(-1)[:cols] + th.first_trash * trash[order]
        if keep:
            keep = min(keep, rows)
            kept = np.empty((keep * 6, cols))
            kept[:, order] = values[:, :keep * 6].transpose(1, 0, 2).reshape(keep * 6, -1)[:, :cols]
            return start, kept
        return start

    def _rows(self, values: Any, bank: Any, trash: Any, minimum: Any, cap: Any,
              top: int, gap: int, near: Any, margin: float) -> None:
        """Rows ``top`` down to 1 of the value array (blocks of columns), in place; ``near``
        (if not None) gets, per row, whether a throw comes within ``margin`` of banking."""
        nb = values.shape[0]
        th = self.throws
        c = th.circuit
        qv = values.reshape(nb, -1, 6, _BLOCK)
        work = _Buffers(c, nb, values.shape[1], gap)
        v = np.empty((6, nb, _BLOCK))
        trash_part = th.trash[:, None, None] * trash.reshape(nb, _BLOCK)[None]
        t_idx = np.arange(top + 1)
        can_bank = np.where(t_idx[None, :, None] >= np.maximum(minimum, 1).reshape(nb, 1, _BLOCK),
                            bank, -np.inf)
        # blocks with a column whose cap >= t: leading blocks, as the caps fall
        below = np.searchsorted(-cap, -t_idx, side="right")  # columns with cap >= t
        width = -(-below // _BLOCK)
        cap_blocks = cap.reshape(nb, _BLOCK)
        close = can_bank - margin  # a throw worth more than this may be chosen
        greater = np.empty((nb, 6, _BLOCK), bool)
        for t in range(top, 0, -1):
            k = int(width[t])
            if k == 0:
                continue
            best = work.best(values, t * 6, k)
            for m, (first, end, probs) in enumerate(th.segments):
                np.matmul(probs, best[:, first:end], out=v[m, :k])
            v[:, :k] += trash_part[:, :k]
            row = qv[:k, t]
            vt = v[:, :k].transpose(1, 0, 2)
            cb = can_bank[:k, t, None, :]
            if near is not None:
                np.greater(vt, close[:k, t, None, :], out=greater[:k])
                np.logical_or.reduce(greater[:k], axis=1, out=near[t, :k])
            if self.mandatory:  # the throw after a corner must be taken
                row[:, 0] = vt[:, 0]
                np.maximum(vt[:, 1:], cb, out=row[:, 1:])
            else:
                np.maximum(vt, cb, out=row)
            if below[t] % _BLOCK:  # the last block's columns above their cap bank at once
                over = cap_blocks[k - 1] < t
                row[k - 1][:, over] = bank[k - 1, t, over]
