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
import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

import numpy as np

from ..model import scoring
from ..model.rules import Rules
from . import compiled, dice

_BLOCK = 64  # columns per block of the value arrays
_EXACT_TAPS = 6  # a proof that rows bank values best points up to this many steps exactly


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


def _flat_nodes(c: _Circuit) -> tuple[Any, Any, Any, Any]:
    """The circuit as :mod:`.compiled` reads it: its leaves, each node's two operands
    (leaves: 0) and its outputs."""
    lefts, rights = np.zeros(c.size, np.int64), np.zeros(c.size, np.int64)
    for first, end, operands in c.layers:
        lefts[first:end], rights[first:end] = operands[:end - first], operands[end - first:]
    return c.leaves.astype(np.int64), lefts, rights, c.outputs.astype(np.int64)


@cache
def _flat(key: tuple[object, ...]) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """The arguments :func:`.compiled.rows` and :func:`.compiled.first` take after the
    value array, for one rule set (as :func:`_throws`, made once)."""
    th = _throws(key)
    rows = (*_flat_nodes(th.circuit), np.array([s[0] for s in th.segments], np.int64),
            np.array([s[1] for s in th.segments], np.int64),
            np.concatenate([s[2] for s in th.segments]),
            np.ascontiguousarray(th.trash, dtype=float))
    first = (*_flat_nodes(th.first), np.ascontiguousarray(th.first_probs, dtype=float),
             float(th.first_trash))
    return rows, first


@dataclass(frozen=True)
class _Throws:
    """Every throw after the first of a turn, in dice-left order, as a circuit."""

    circuit: _Circuit
    segments: tuple[tuple[int, int, Any], ...]  # per m: (first, end, probabilities)
    trash: Any  # (6,) trash probability of the throw made with m dice left (m = 0: six)
    first: _Circuit  # the first throw of a turn
    first_probs: Any
    first_trash: float
    bound: tuple[tuple[Any, Any, float], ...]  # the throws a proof of banking checks:
    #   (offsets, probabilities, trash) of the best points of each kind of throw
    dominated: bool  # some throws are left out: six dice are at least as good


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
    bound, dominated = _bound(rules)
    th = dice.throws(rules, 6, True)
    opening = _compile([tuple(pts * 6 + left for pts, left in opts) for _, opts in th.groups])
    return _Throws(_compile(sets), tuple(segments), trash, opening,
                   np.array([float(p) for p, _ in th.groups]), float(th.trash),
                   bound, dominated)


def _bound(rules: Rules) -> tuple[tuple[tuple[Any, Any, float], ...], bool]:
    """The throws a proof that rows bank must check, as (offsets, probabilities, trash).

    Where every higher row banks, a throw's value is the bank value of its best points
    (bank values never fall with the turn score, or are bounded by a curve that does not).
    A throw of ``n`` dice whose best points are, threshold by threshold, at least as likely
    to reach it as those of ``m`` dice (trash counting lowest) is then worth at least as
    much as the throw of ``m`` dice, up to what trash is worth above the lowest bank value
    (see :meth:`TurnSolver.proven_caps`), so only the six dice and the throws they do not
    dominate are checked.
    """
    best: list[dict[int, Fraction]] = []
    for n in range(1, 7):
        dist: dict[int, Fraction] = {}
        for p, opts in dice.throws(rules, n, False).groups:
            d = max(pts for pts, _ in opts)
            dist[d] = dist.get(d, Fraction(0)) + p
        best.append(dist)

    def survival(dist: dict[int, Fraction], x: int) -> Fraction:
        return sum((p for d, p in dist.items() if d >= x), start=Fraction(0))

    six = best[5]
    keep = [6]
    for n in range(1, 6):
        xs = set(six) | set(best[n - 1])
        if not all(survival(six, x) >= survival(best[n - 1], x) for x in xs):
            keep.append(n)
    bound = []
    for n in keep:
        merged: dict[int, Fraction] = {}
        for d, p in best[n - 1].items():
            e = _tap(d, best[n - 1])
            merged[e] = merged.get(e, Fraction(0)) + p
        offsets = np.array(sorted(merged), dtype=np.intp)
        bound.append((offsets, np.array([float(merged[d]) for d in offsets]),
                      float(dice.throws(rules, n, False).trash)))
    return tuple(bound), len(keep) < 6


def _tap(d: int, dist: dict[int, Fraction]) -> int:
    """The offset at which the proof values best points ``d``: ``d`` itself up to 300
    points, above that the highest offset of its band (bands growing by half), which
    bounds it from above with a third of the work (rare large scores lose little)."""
    if d <= _EXACT_TAPS:
        return d
    band = int(math.log(d / _EXACT_TAPS, 1.5))
    return max(e for e in dist if e > _EXACT_TAPS
               and int(math.log(e / _EXACT_TAPS, 1.5)) == band)


class _Buffers:
    """Work arrays for evaluating a circuit on the leading blocks of a value array.

    The circuit's nodes live in the value array itself, ``gap`` rows above the row being
    solved (rows that far above it are never read again), so every layer gathers its
    operands, leaves and nodes alike, with one ``take`` from the array's row window.
    """

    def __init__(self, c: _Circuit, values: Any, gap: int) -> None:
        nb, self.rows = values.shape[0], values.shape[1]
        n_leaves = len(c.leaves)
        pos = np.concatenate([c.leaves, gap + np.arange(c.size - n_leaves)])
        self.c, self.values, self.flat = c, values, values.reshape(-1, _BLOCK)
        self.at = gap - n_leaves  # a node's row in the array, from the row and its number
        # each layer's operand rows in every block, block by block (k blocks: a prefix)
        shift = np.arange(nb)[:, None] * self.rows
        self.operands = [(shift + pos[operands][None, :]).reshape(-1)
                         for _, _, operands in c.layers]
        self.outputs = pos[c.outputs]
        # one work array for every layer's operands and then the outputs (a smaller
        # footprint stays in cache)
        widest = max([len(operands) for _, _, operands in c.layers] + [len(c.outputs)])
        self.tmp = np.empty(nb * widest * _BLOCK)

    def plan(self, k: int) -> tuple[list[tuple[Any, ...]], Any, Any, Any]:
        """For ``k`` blocks: each layer's flat operand rows, where the take puts them and
        the two halves the maximum reads; where the outputs go, and the outputs (groups,
        k * block): views made once, as a row makes some twenty such calls."""
        layers = []
        for (first, end, _), index in zip(self.c.layers, self.operands, strict=True):
            n = end - first
            tmp = self.tmp[:k * 2 * n * _BLOCK].reshape(k, 2 * n, _BLOCK)
            layers.append((index[:k * 2 * n], tmp.reshape(-1, _BLOCK), tmp[:, :n], tmp[:, n:],
                           first, end))
        groups = len(self.c.outputs)
        out = self.tmp[:groups * k * _BLOCK]
        return (layers, (self.outputs[:, None] + np.arange(k)[None, :] * self.rows).reshape(-1),
                out.reshape(-1, _BLOCK), out.reshape(groups, k * _BLOCK))

    def best(self, base: int, k: int, plan: tuple[list[tuple[Any, ...]], Any, Any, Any]) -> Any:
        """Each group's best choice at the row starting at ``base`` in the first ``k``
        blocks (with ``plan(k)``): (groups, k * block), group by group, so that a group's
        values for all blocks lie side by side (one matrix-vector product per kind of
        throw)."""
        window = self.flat[base:]
        layers, out_idx, out_flat, out = plan
        at = base + self.at
        for idx, into, left, right, first, end in layers:
            window.take(idx, axis=0, out=into, mode="clip")
            np.maximum(left, right, out=self.values[:k, at + first:at + end])
        window.take(out_idx, axis=0, out=out_flat, mode="clip")
        return out


@dataclass(frozen=True)
class Kept:
    """Value rows kept from solves, for a later redo of the rows below them.

    A solve keeps its rows as they lie in its value array (a copy of whole blocks, cheap),
    ``slabs``; column ``j`` of the columns kept has its rows in slab ``slab[j]`` at the
    sorted place ``at[j]`` (block ``at // _BLOCK``, lane ``at % _BLOCK``).  They are put
    back in columns only by the redo, which reorders them anyway."""

    slabs: list[Any]
    slab: Any
    at: Any

    def __getitem__(self, columns: Any) -> Kept:
        return Kept(self.slabs, self.slab[columns], self.at[columns])

    def copy_to(self, values: Any, order: Any, rows: Sequence[int]) -> None:
        """These columns' rows ``0 .. rows[left] - 1`` with ``left`` dice left into the
        blocks of ``values``, whose columns come in ``order``."""
        place = np.empty(len(order), int)
        place[order] = np.arange(len(order))
        into = values.reshape(len(values), -1, 6, _BLOCK)
        for s in np.unique(self.slab).tolist():
            mine = np.flatnonzero(self.slab == s)
            src, dst = self.at[mine], place[mine]
            slab = self.slabs[s].reshape(len(self.slabs[s]), -1, 6, _BLOCK)
            for left, n in enumerate(rows):
                into[dst // _BLOCK, :n, left, dst % _BLOCK] = \
                    slab[src // _BLOCK, :n, left, src % _BLOCK]


class TurnSolver:
    """Solves many turn problems at once under one rule set."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.maxp = dice.max_points(rules)
        self.mandatory = rules.corner_throw_mandatory
        key = scoring._key(rules)
        self.throws = _throws(key)
        # the most points a choice leaving each number of dice adds (the rows a turn
        # score's throws read, by dice left)
        leaves = np.concatenate([self.throws.circuit.leaves, self.throws.first.leaves])
        self.reads = [int((leaves[leaves % 6 == left] // 6).max(initial=0)) for left in range(6)]
        self.work = 0  # column-rows solved so far (a column's rows up to its cap or top)
        #: the rows and the first throw compiled by numba (:mod:`.compiled`), or None:
        #: numpy's layers
        self.compiled = compiled.kernel()
        self._flat = _flat(key) if self.compiled is not None else ((), ())

    def proven_caps(self, bank: Any, trash: Any, minimum: Any, cap: Any, margin: float,
                    floor: int) -> Any:
        """Each column's cap lowered to the rows that may throw, proven from the bank values.

        If every row above ``t`` banks, the value of a throw at ``t`` is a sum over its
        outcomes of bank values above ``t``: no row needs solving to know it.  So the rows
        from the cap down bank as long as each one's throws, valued that way, stay below
        banking by more than ``margin`` (as ``throws_to`` of :meth:`solve`); the first row
        that fails is the new cap (and a throw anywhere above it provably is worth less, at
        any trash value within ``margin``).  Only rows above ``floor`` are looked at and
        their bank values read, so rows up to ``floor`` may bank into estimates.  Rules with
        a compulsory throw after a corner keep their caps (that throw is never a bank).

        A throw's best points are valued at ``env``, the running maximum of the bank values
        from ``floor + 1`` up: a curve that never falls and is at least the bank value, so
        the sum bounds the throw from above (exactly, when the bank values never fall).
        """
        cap = np.asarray(cap)
        top = int(cap.max()) if len(cap) else 0
        if self.mandatory or top <= floor:
            return cap
        lo, n = floor + 1, top - floor  # rows lo .. top are checked
        env = np.maximum.accumulate(bank[lo:top + self.maxp + 1], axis=0)
        trash = np.asarray(trash, dtype=float)[None, :]
        # a throw left out (dominated by six dice) is worth at most the six dice's throw plus
        # what trash is worth above the lowest outcome's value
        lift = (np.maximum(trash - env[1:n + 1], 0.0) if self.throws.dominated else 0.0)
        limit = bank[lo:top + 1] - margin
        fail = np.arange(lo, top + 1)[:, None] < np.asarray(minimum)[None, :]
        value, term = np.empty((n, len(cap))), np.empty((n, len(cap)))
        for offsets, probs, tau in self.throws.bound:
            np.add(trash * tau, lift, out=value)
            for d, p in zip(offsets.tolist(), probs.tolist(), strict=True):
                value += np.multiply(env[d:d + n], p, out=term)
            fail |= value > limit
        fail &= np.arange(lo, top + 1)[:, None] <= cap[None, :]
        last = np.where(fail.any(axis=0), top - np.argmax(fail[::-1], axis=0), floor)
        return np.minimum(cap, last)

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
        pair (values, :class:`Kept`: the first ``keep`` rows of the value array).

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

        caps = _padded(cap[order], pad, -1)
        th = self.throws
        gap = max(self.maxp + 1, keep) * 6  # the circuits' nodes lie this far above a row
        extra = gap + 6 * -(-max(th.circuit.size, th.first.size) // 6)
        if top is None:
            top = int(cap.max()) if cols else 0
        values, banks, rows, top = self._value_array(bank, q, top, order, caps, extra)
        self.work += int(np.minimum(cap, top).sum())
        flat_trash = _padded(trash[order], pad, 0.0)
        near = np.zeros((top + 1, nb, _BLOCK), bool) if throws_to is not None else None
        self._rows(values, banks[:, :top + 1], flat_trash,
                   _padded(np.asarray(minimum)[order], pad, 0), caps, top, gap, near, margin)
        if near is not None:
            throws_to[order] = self._throws_to(near, cap[order], top, cols)
        start = np.empty(cols)
        start[order] = self._first_throws(values, flat_trash, gap)[:cols]
        if keep:
            at = np.empty(cols, int)
            at[order] = np.arange(cols)
            return start, Kept([values[:, :min(keep, rows) * 6].copy()], np.zeros(cols, int), at)
        return start

    def _throws_to(self, near: Any, cap: Any, top: int, cols: int) -> Any:
        """Each column's highest turn score (in block order) where throwing on was marked
        near the bank's value (``near``: turn score, block, lane), at most its ``cap``;
        rules with a compulsory throw after a corner keep the cap."""
        if self.mandatory:
            return cap
        flat = near.reshape(top + 1, -1)[:, :cols]
        last = np.where(flat.any(axis=0), top - np.argmax(flat[::-1], axis=0), 0)
        return np.minimum(cap, last)

    def _first_throws(self, values: Any, trash: Any, gap: int) -> Any:
        """Each column's value at the start of its turn, in block order: its first throw
        from the solved rows of the value array (``trash`` in block order)."""
        th = self.throws
        nb = values.shape[0]
        if self.compiled is not None:
            out = np.empty(nb * _BLOCK)
            self.compiled.first(values, *self._flat[1], trash, out, _BLOCK)
            return out
        first = _Buffers(th.first, values, gap)
        return th.first_probs @ first.best(0, nb, first.plan(nb)) + th.first_trash * trash

    def _value_array(self, bank: Any, q: Any, top: int, order: Any, caps: Any,
                     extra: int) -> tuple[Any, Any, int, int]:
        """The value array of a solve, rows ``top`` and below still to solve, every row
        above holding the bank value (a turn score above a cap banks at once) or, for a
        redo (``q`` given), the rows kept from the earlier solve; with the bank values in
        blocks, the rows and the top row.  ``order`` puts the columns in blocks, whose caps
        are ``caps`` (-1 for the padding)."""
        nb = -(-len(order) // _BLOCK)
        if q is None:
            rows = bank.shape[0]
            assert rows > top + self.maxp
            banks = _in_blocks(bank, order)
            values = np.empty((nb, rows * 6 + extra, _BLOCK))
            values[-1, :rows * 6, len(order) % _BLOCK or _BLOCK:] = 0.0  # the padding
            # a block's rows up to its lowest cap are all solved, and its rows past its
            # highest cap and the most points a choice leaving those dice adds are never
            # read: only those between need their bank values
            by_block = caps.reshape(nb, _BLOCK)
            low = np.minimum(np.where(by_block < 0, top, by_block).min(axis=1), top) + 1
            high = np.minimum(by_block.max(axis=1), top)
            qv = values.reshape(nb, -1, 6, _BLOCK)
            for b, (lo, hi) in enumerate(zip(low.tolist(), high.tolist(), strict=True)):
                for left, most in enumerate(self.reads):
                    end = min(hi + most, rows - 1) + 1
                    qv[b, lo:end, left] = banks[b, lo:end]
            return values, banks, rows, top
        # rows past the last are never read
        rows = min(top + self.maxp + 1, min(slab.shape[1] for slab in q.slabs) // 6)
        top = min(top, rows - 1)
        values = np.empty((nb, rows * 6 + extra, _BLOCK))
        values[-1, :rows * 6, len(order) % _BLOCK or _BLOCK:] = 0.0  # the padding
        # a row's throws read the rows above it only up to the most points a choice
        # leaving those dice adds
        q.copy_to(values, order, [min(top + most + 1, rows) for most in self.reads])
        banks = _in_blocks(bank[:top + 1], order)
        values.reshape(nb, -1, 6, _BLOCK)[:, :top + 1] = banks[:, :, None]
        return values, banks, rows, top

    def _rows(self, values: Any, bank: Any, trash: Any, minimum: Any, cap: Any,
              top: int, gap: int, near: Any, margin: float) -> None:
        """Rows ``top`` down to 1 of the value array (blocks of columns), in place; ``near``
        (if not None) gets, per row, whether a throw comes within ``margin`` of banking."""
        if self.compiled is not None:
            want = near is not None
            self.compiled.rows(values, bank, trash, minimum.astype(np.int64),
                               cap.astype(np.int64), top, *self._flat[0], self.mandatory,
                               near if want else np.zeros((1, 1, 1), bool), float(margin),
                               want, _BLOCK)
            return
        nb = values.shape[0]
        th = self.throws
        c = th.circuit
        qv = values.reshape(nb, -1, 6, _BLOCK)
        work = _Buffers(c, values, gap)
        v = np.empty((6, nb * _BLOCK))  # each kind of throw's value
        trash_part = th.trash[:, None] * trash[None, :]
        t_idx = np.arange(top + 1)
        can_bank = np.where(t_idx[None, :, None] >= np.maximum(minimum, 1).reshape(nb, 1, _BLOCK),
                            bank, -np.inf)
        # blocks with a column whose cap >= t: leading blocks, as the caps fall
        below = np.searchsorted(-cap, -t_idx, side="right")  # columns with cap >= t
        width = -(-below // _BLOCK)
        # the columns still below their cap (the rows above it keep their bank values)
        solving = cap.reshape(1, nb, _BLOCK) >= t_idx[:, None, None]
        # a throw worth more than this may be chosen: (rows, columns)
        close = (can_bank - margin).transpose(1, 0, 2).reshape(top + 1, -1)
        best_throw = np.empty(nb * _BLOCK)
        planned = 0
        for t in range(top, 0, -1):
            k = int(width[t])
            if k == 0:
                continue
            if k != planned:  # the views for k blocks
                planned, plan = k, work.plan(k)
                vk = v[:, :k * _BLOCK]
                products = [(probs, plan[3][first:end], vk[m])
                            for m, (first, end, probs) in enumerate(th.segments)]
                vt = vk.reshape(6, k, _BLOCK).transpose(1, 0, 2)
                part, most = trash_part[:, :k * _BLOCK], best_throw[:k * _BLOCK]
            work.best(t * 6, k, plan)
            for probs, best, into in products:
                np.matmul(probs, best, out=into)
            vk += part
            row = qv[:k, t]
            cb = can_bank[:k, t, None, :]
            if near is not None:
                np.maximum.reduce(vk, axis=0, out=most)
                np.greater(most, close[t, :k * _BLOCK], out=near[t, :k].reshape(-1))
            # the last block's columns above their cap bank at once: their rows keep the
            # bank value they were given
            live: Any = solving[t, :k, None, :] if below[t] % _BLOCK else True
            if self.mandatory:  # the throw after a corner must be taken
                np.copyto(row[:, 0], vt[:, 0], where=live if live is True else live[:, 0])
                np.maximum(vt[:, 1:], cb, out=row[:, 1:], where=live)
            else:
                np.maximum(vt, cb, out=row, where=live)


def _in_blocks(a: Any, order: Any) -> Any:
    """(rows, columns) as (blocks, rows, _BLOCK), the columns in ``order``, the last
    block's padding 0 (one copy into the blocks' layout, no np.pad)."""
    a = a[:, order]
    rows, cols = a.shape
    whole, pad = cols // _BLOCK, -cols % _BLOCK
    out = np.empty((whole + bool(pad), rows, _BLOCK))
    out[:whole] = a[:, :whole * _BLOCK].reshape(rows, whole, _BLOCK).transpose(1, 0, 2)
    if pad:
        out[-1, :, :_BLOCK - pad] = a[:, whole * _BLOCK:]
        out[-1, :, _BLOCK - pad:] = 0.0
    return out


def _padded(a: Any, pad: int, fill: float) -> Any:
    """``a`` with ``pad`` more entries of ``fill`` (np.pad's work without its overhead)."""
    return np.concatenate([a, np.full(pad, fill, dtype=a.dtype)]) if pad else a
