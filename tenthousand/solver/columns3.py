"""Many three-player turn starts (*columns*) solved at once with the compiled programme, and
solved again at a new trash value from the rows that cannot have changed.

A turn's rows are solved from the highest turn score down, and a row's choices (which
dice to keep, bank or throw on) read only the rows above it and the trash value ``w``.
:func:`.compiled3.rows` reports for each row how far ``w`` may move with every choice of
that row the same (its *slack*).  So when policy iteration (:class:`.three.Levels`) asks for
a turn again at a new ``w``, every row above the highest one whose slack that move could
use up is the same, bit for bit, as a solve from scratch would make it: :class:`Memo` keeps
the first solve's rows and slacks, and the new solve starts at that row.  In the games
measured that row is a fifth to a third of the way up the turn, so a second solve costs
that much of a first.
"""

from __future__ import annotations

import threading
from typing import Any

import numpy as np

from ..model.rules import Rules
from . import compiled3, dice
from .turns import _flat, _throws

__all__ = ["Memo", "Turns3", "rotate", "unrotate"]

_BLOCK = 64
#: Columns per call of the kernel (the value array of a call is some 80 MB at 1,024).
_CALL = 1024


def rotate(v: Any, mover: Any) -> Any:
    """Vectors in seat order (..., 3) into the mover's order (entry 0 the mover)."""
    idx = (np.asarray(mover)[..., None] + np.arange(3)) % 3
    return np.take_along_axis(v, np.broadcast_to(idx, v.shape), axis=-1)


def unrotate(v: Any, mover: Any) -> Any:
    """Vectors in the mover's order (..., 3) back into seat order."""
    idx = (np.arange(3) - np.asarray(mover)[..., None]) % 3
    return np.take_along_axis(v, np.broadcast_to(idx, v.shape), axis=-1)


class Memo:
    """The first solve of a block's columns: each column's solved rows (turn scores 1 to its
    cap, six dice counts, ``(A0, A1, P)``... the four numbers less the bank's), each row's
    slack and the trash value they were solved at.  ``columns`` memo rows, turn scores up
    to ``top`` (the highest cap).  ``spare``: a memo done with, whose memory this one takes
    where it is large enough (fresh memory is faulted in page by page at its first touch,
    which cost a first solve some 40% more time at 15,000)."""

    def __init__(self, columns: int, top: int, spare: Memo | None = None) -> None:
        size = columns * (top + 1) * 6 * 3
        flat: Any = None if spare is None else spare._flat
        self._flat: Any = flat if flat is not None and flat.size >= size else np.empty(size)
        self.values = self._flat[:size].reshape(columns, (top + 1) * 6, 3)
        self.slack = np.full((columns, top + 1), np.inf)
        self.w = np.full(columns, np.nan)

    @staticmethod
    def nbytes(columns: int, top: int) -> int:
        """The memory a memo of this size takes."""
        return columns * (top + 1) * (6 * 3 + 1) * 8 + columns * 8

    def start(self, at: Any, w: Any) -> tuple[Any, Any]:
        """For a solve of memo rows ``at`` at trash values ``w``: the row each starts again
        at (0: only the first throw), and the least slack left at ``w`` in the rows above
        it (inf where there are none)."""
        moved = np.abs(np.asarray(w, float) - self.w[at])
        slack = self.slack[at]
        # as :class:`.three.Levels` keeps a whole turn: a row moved by less than half its
        # slack plays as before
        turns = ~(moved[:, None] < 0.5 * slack - 1e-12)
        turns[:, 0] = False
        top = slack.shape[1] - 1
        start = np.where(turns.any(axis=1), top - np.argmax(turns[:, ::-1], axis=1), 0)
        above = np.arange(top + 1)[None, :] > start[:, None]
        left = np.where(above, slack, np.inf).min(axis=1) - moved
        return start.astype(np.int64), left


class Turns3:
    """Many three-player turn problems solved at once with the compiled programme."""

    def __init__(self, rules: Rules) -> None:
        k = compiled3.kernels()
        if k is None:
            raise RuntimeError("the three-player solver needs numba")
        self.k = k
        self.rules = rules
        self.mandatory = rules.corner_throw_mandatory
        self.maxp = dice.max_points(rules)
        from ..model import scoring

        key = scoring._key(rules)
        _throws(key)
        self.rows_args, first_args = _flat(key)
        self._lock = threading.Lock()
        self.first_args = first_args[:5]
        self.first_trash = first_args[5]
        self.work = 0  # column rows solved

    def solve(self, bank: Any, w: Any, need: Any, cap: Any, slack: Any = None,
              memo: Memo | None = None, at: Any = None) -> tuple[Any, Any]:
        """``(A, P)`` of each column's turn at its start, all in the mover's order.

        ``bank`` (columns, rows, 3): the value of banking each turn score (rows past
        ``cap + maxp`` unread); ``w`` the mover's own chance after his trash; ``need`` and
        ``cap`` per column.  ``slack`` (per column, if given) gets how far ``w`` may move
        with every choice of the turn, and so ``(A, P)``, staying the same
        (:func:`.compiled3.rows`).  With a ``memo`` (columns' memo rows ``at``): a column
        it has not seen is solved whole and kept there; one it has is solved again from
        the row its move in ``w`` could change (:meth:`Memo.start`), the same numbers."""
        cols = len(w)
        out = np.empty((cols, 4))
        gaps = np.empty(cols)
        cap = np.asarray(cap, np.int64)
        w = np.asarray(w, float)
        need = np.asarray(need, np.int64)
        bank = np.ascontiguousarray(bank, dtype=float)
        start = left = None
        if memo is not None:
            at = np.asarray(at, np.int64)
            seen = ~np.isnan(memo.w[at])
            if seen.any() and not seen.all():
                raise ValueError("a memo's columns are solved first all together")
            if seen.all() and cols:
                start, left = memo.start(at, w)
        top = cap if start is None else np.minimum(cap, start)
        order = np.argsort(-top, kind="stable")
        for lo in range(0, cols, _CALL):
            part = order[lo:lo + _CALL]
            out[part], gaps[part] = self._call(
                bank, part, w[part], need[part], cap[part], memo,
                None if at is None else at[part], None if start is None else start[part])
        if left is not None:
            gaps = np.minimum(gaps, left)
        elif memo is not None:
            memo.w[at] = w
        if slack is not None:
            slack[:] = gaps
        return out[:, :3], out[:, 3]

    def _call(self, bank: Any, part: Any, w: Any, need: Any, cap: Any, memo: Memo | None,
              at: Any, start: Any) -> tuple[Any, Any]:
        n = len(part)
        nb = -(-n // _BLOCK)
        pad = nb * _BLOCK - n
        solve_to = cap if start is None else np.minimum(cap, start)
        top = int(solve_to.max()) if n else 0
        # the rows solved read the rows up to a freeze's most points above them
        rows = min(bank.shape[1], top + self.maxp + 1)
        with self._lock:
            self.work += int(solve_to.sum())
        values = np.empty((nb, rows * 6, 3, _BLOCK))
        cols = _padded(part, pad)
        if start is None:
            self.k.fill(values, bank, cols, rows, _BLOCK)
        else:
            assert memo is not None
            self.k.refill(values, bank, cols, _padded(at, pad), _padded(start, pad),
                          _padded(cap, pad), memo.values, rows, _BLOCK)
        ww = np.concatenate([w, np.zeros(pad)])
        nn = np.concatenate([need, np.zeros(pad, np.int64)])
        cc = _padded(solve_to, pad)
        slack = np.full(nb * _BLOCK, np.inf)
        record = memo is not None and start is None
        row_slack = np.full((nb * _BLOCK, memo.slack.shape[1] if memo and record else 1),
                            np.inf)
        self.k.rows(values, ww, nn, cc, min(top, rows - 1), *self.rows_args, self.mandatory,
                    slack, _BLOCK, row_slack, record)
        if record:
            assert memo is not None
            self.k.keep(values, _padded(at, pad), cc, memo.values, _BLOCK)
            memo.slack[at] = row_slack[:n]
        out = np.empty((nb * _BLOCK, 4))
        self.k.first(values, ww, *self.first_args, self.first_trash, out, slack, _BLOCK)
        return out[:n], slack[:n]


def _padded(v: Any, pad: int) -> Any:
    """Per-column integers in block order, -1 for the padding of the last block."""
    return np.concatenate([v, np.full(pad, -1)]).astype(np.int64)
