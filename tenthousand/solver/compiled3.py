"""The turn programme for three players, compiled by numba: value vectors, not one value.

With three players a turn is worth a vector: each seat's chance of winning.  The mover
plays to maximise his own entry; the others' entries follow his choices.  For a turn whose
trash hands the move on, the vector is ``A + P W``: ``A`` the seats' chances from its
banks, ``P`` its chance of trash and ``W`` the value of the turn start trash leads to.  The
programme carries ``(A, P)`` along the mover's best play (four numbers per turn score and
dice left, in the mover's coordinates: entry 0 is the mover, 1 the next seat, 2 the one
after) and compares choices by the mover's key ``A[0] + P w``, ``w`` his own chance after
his trash.  Carrying ``(A, P)`` instead of the value makes a policy's numbers independent
of ``w``: the same play gives the same bits, which is how the solver sees that a trash cycle
has settled (:mod:`.three`), and ``P`` is the exact slope of the turn's value in ``w``.

Ties: a bank is taken over throwing on when both are worth exactly the same to the mover
(as in the two-player programme's pure-Python form); between the choices of one throw the
circuit of :mod:`.turns` keeps the one it meets first.  The columns come in blocks of
``lanes`` (as :mod:`.compiled`); every row of the value array starts as the bank vector
(``P`` 0), and the rows up to each column's cap are solved over it.

numba is required for three players (it is in the install's requirements); without it
:func:`kernels` is None and the three-player solve is refused with a sentence.

:func:`turn` is the other kernel: one turn at play time (:class:`.turn3.Turn3`), the same
numbers as the pure-Python :func:`.turn3.solve_rows` bit for bit, some 50 times as fast.
It is compiled on its own (:func:`turn_kernel`), the first time a turn is solved; without
it turns are solved in Python.
"""

from __future__ import annotations

import functools
import logging
import os
from array import array
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import numpy as np

from ..model.rules import Rules
from .turn import row_groups

__all__ = ["Kernels3", "TurnGroups", "kernels", "solve_turn", "turn_groups", "turn_kernel"]

log = logging.getLogger(__name__)


def _circuit(values: Any, b: int, base: int, w: Any, first: int, leaves: Any, lefts: Any,
             rights: Any, x: Any, key: Any, mask: Any, rs: Any,
             lanes: int) -> None:  # pragma: no cover - compiled
    """The circuit at the row starting at ``base`` of block ``b``: leaf ``i`` is the row
    ``base + leaves[i]``; node ``i`` the operand of ``lefts[i]`` and ``rights[i]`` with the
    higher key (the left one on a tie), all four numbers.  The choice is made without a
    branch (a mask over the numbers' bits), so that the loops over the lanes vectorize: a
    branch per lane, taken at random, cost seven times the whole node.  ``rs`` gets the
    least trash value change that would turn the choice of any node (see :func:`rows`)."""
    n_leaves = leaves.shape[0]
    for i in range(n_leaves):
        r = base + leaves[i]
        for c in range(3):
            for lane in range(lanes):
                x[i, c, lane] = values[b, r, c, lane]
        for lane in range(lanes):
            key[i, lane] = x[i, 0, lane] + x[i, 2, lane] * w[first + lane]
    bits = x.view(np.int64)
    for i in range(n_leaves, lefts.shape[0]):
        li = lefts[i]
        ri = rights[i]
        for lane in range(lanes):
            kl = key[li, lane]
            kr = key[ri, lane]
            mask[lane] = -np.int64(kl >= kr)
            key[i, lane] = kl if kl >= kr else kr
            dp = abs(x[li, 2, lane] - x[ri, 2, lane])
            rs[lane] = min(rs[lane], abs(kl - kr) / dp if dp > 0.0 else np.inf)
        for c in range(3):
            for lane in range(lanes):
                mk = mask[lane]
                bits[i, c, lane] = (bits[li, c, lane] & mk) | (bits[ri, c, lane] & ~mk)


_circuit_py = _circuit


def rows(values: Any, w: Any, minimum: Any, cap: Any, top: int, leaves: Any, lefts: Any,
         rights: Any, outputs: Any, seg_first: Any, seg_end: Any, probs: Any, trash_m: Any,
         mandatory: bool, slack: Any, lanes: int, row_slack: Any,
         record: bool) -> None:  # pragma: no cover - run compiled
    """Rows ``top`` down to 1 of ``values`` (blocks, rows * 6, 4, lanes), each row filled
    with its bank vector beforehand; ``w``, ``minimum``, ``cap`` per column in block order,
    the caps falling (a block's first column has its highest).  The circuit and the throws'
    groups as :func:`.compiled.rows` takes them.

    ``slack`` (per column) gets the least change of the trash value ``w`` that could turn
    any choice the turn makes (a node of a circuit, banking against throwing on): each side
    is a policy's key ``A[0] + P w``, so their gap closes at the rate of their difference in
    ``P`` (never, where the ``P`` are equal).  At any trash value nearer than the slack
    every choice, and so ``(A, P)``, is the same.  With ``record`` each row's own slack
    also goes into ``row_slack`` (columns in block order, rows): a row's choices read only
    the rows above it, so at a new trash value the rows above the highest one whose slack
    it passes are the same, bit for bit (:class:`.columns3.Memo` solves again from there;
    such a call's caps are those rows)."""
    n = lefts.shape[0]
    x = np.empty((n, 3, lanes))
    key = np.empty((n, lanes))
    mask = np.empty(lanes, np.int64)
    rs = np.empty(lanes)
    acc = np.empty((6, 3, lanes))
    bank = np.empty((2, lanes))
    for b in range(values.shape[0]):
        first = b * lanes
        for t in range(min(top, cap[first]), 0, -1):
            base = t * 6
            for lane in range(lanes):
                rs[lane] = np.inf
            _circuit(values, b, base, w, first, leaves, lefts, rights, x, key, mask, rs, lanes)
            for m in range(6):
                tm = trash_m[m]
                for c in range(2):
                    for lane in range(lanes):
                        acc[m, c, lane] = 0.0
                for lane in range(lanes):
                    acc[m, 2, lane] = tm
                for g in range(seg_first[m], seg_end[m]):
                    o = outputs[g]
                    p = probs[g]
                    for c in range(3):
                        for lane in range(lanes):
                            acc[m, c, lane] += p * x[o, c, lane]
            for c in range(2):
                for lane in range(lanes):
                    bank[c, lane] = values[b, base, c, lane]
            for lane in range(lanes):
                col = first + lane
                if cap[col] < t:  # above its cap a column keeps its bank values
                    continue
                can = t >= max(minimum[col], 1)
                bk = bank[0, lane]
                for m in range(6):
                    throw = acc[m, 0, lane] + acc[m, 2, lane] * w[col]
                    if can and not (mandatory and m == 0):
                        tp = acc[m, 2, lane]
                        rs[lane] = min(rs[lane], abs(bk - throw) / tp if tp > 0.0 else np.inf)
                    if can and bk >= throw and not (mandatory and m == 0):
                        for c in range(2):
                            values[b, base + m, c, lane] = bank[c, lane]
                        values[b, base + m, 2, lane] = 0.0
                    else:
                        for c in range(3):
                            values[b, base + m, c, lane] = acc[m, c, lane]
                slack[col] = min(slack[col], rs[lane])
                if record:
                    row_slack[col, t] = rs[lane]


def first(values: Any, w: Any, leaves: Any, lefts: Any, rights: Any, outputs: Any,
          probs: Any, trash_first: float, out: Any, slack: Any,
          lanes: int) -> None:  # pragma: no cover - run compiled
    """Each column's ``(A, P)`` at the start of its turn (its first throw read from the
    solved rows) into ``out`` (columns in block order, 4)."""
    n = lefts.shape[0]
    x = np.empty((n, 3, lanes))
    key = np.empty((n, lanes))
    mask = np.empty(lanes, np.int64)
    rs = np.empty(lanes)
    for b in range(values.shape[0]):
        start = b * lanes
        for lane in range(lanes):
            rs[lane] = np.inf
        _circuit(values, b, 0, w, start, leaves, lefts, rights, x, key, mask, rs, lanes)
        for lane in range(lanes):
            slack[start + lane] = min(slack[start + lane], rs[lane])
            for c in range(2):
                out[start + lane, c] = 0.0
            out[start + lane, 3] = trash_first
        for g in range(outputs.shape[0]):
            o = outputs[g]
            p = probs[g]
            for lane in range(lanes):
                out[start + lane, 0] += p * x[o, 0, lane]
                out[start + lane, 1] += p * x[o, 1, lane]
                out[start + lane, 3] += p * x[o, 2, lane]
        for lane in range(lanes):  # every outcome banks or trashes: the rest is seat 2's
            out[start + lane, 2] = 1.0 - out[start + lane, 0] - out[start + lane, 1] \
                - out[start + lane, 3]


def fill(values: Any, bank: Any, order: Any, rows: int,
         lanes: int) -> None:  # pragma: no cover - run compiled
    """The value array's rows, every dice left, as the bank vectors of the columns
    ``order`` (block order; -1 for the padding: zeros), ``P`` 0."""
    nb = values.shape[0]
    for b in range(nb):
        for r in range(rows):
            for c in range(2):
                for lane in range(lanes):
                    col = order[b * lanes + lane]
                    v = bank[col, r, c] if col >= 0 else 0.0
                    for m in range(6):
                        values[b, r * 6 + m, c, lane] = v
            for m in range(6):
                for lane in range(lanes):
                    values[b, r * 6 + m, 2, lane] = 0.0


def keep(values: Any, order: Any, cap: Any, memo: Any,
         lanes: int) -> None:  # pragma: no cover - run compiled
    """Each column's solved rows, 1 to its cap, from the value array into ``memo`` (memo
    rows ``order``, block order; -1 for the padding).  The lanes innermost: the value
    array is read in its own order."""
    for b in range(values.shape[0]):
        first = b * lanes
        for r in range(6, 6 * (cap[first] + 1)):  # a block's first column has its top cap
            t = r // 6
            for c in range(3):
                for lane in range(lanes):
                    at = order[first + lane]
                    if at >= 0 and t <= cap[first + lane]:
                        memo[at, r, c] = values[b, r, c, lane]


def refill(values: Any, bank: Any, order: Any, at: Any, start: Any, cap: Any, memo: Any,
           rows: int, lanes: int) -> None:  # pragma: no cover - run compiled
    """The value array of a solve that starts again at row ``start``: rows above it and up
    to the cap as ``memo`` kept them (memo rows ``at``), the others the bank vectors (as
    :func:`fill`); columns ``order`` of ``bank``, -1 for the padding, and ``at``, ``start``
    and ``cap`` in the same block order."""
    for b in range(values.shape[0]):
        for r in range(rows):
            for lane in range(lanes):
                i = b * lanes + lane
                col = order[i]
                if col >= 0 and start[i] < r <= cap[i]:
                    for m in range(6):
                        for c in range(3):
                            values[b, r * 6 + m, c, lane] = memo[at[i], r * 6 + m, c]
                else:
                    for m in range(6):
                        for c in range(2):
                            values[b, r * 6 + m, c, lane] = bank[col, r, c] if col >= 0 else 0.0
                        values[b, r * 6 + m, 2, lane] = 0.0


def banks(value: Any, c1: Any, trip: Any, mover: Any, cap: Any, maxp: int, ng: int,
          out: Any) -> None:  # pragma: no cover - run compiled
    """The bank rows of normal turn starts (board triples ``trip``, movers ``mover``) in
    the mover's order into ``out`` (columns, rows, 3): banking ``t`` below the game point
    hands the next seat the move at the new boards (``value[next, b0, b1, b2]``), at or
    above it starts the last round (``c1[mover, F - x, F - y, x at 0, y at 0]``); rows 0
    and those past the cap and the most points of a freeze are 0 (never read)."""
    for col in range(trip.shape[0]):
        m = mover[col]
        nxt = (m + 1) % 3
        aft = (m + 2) % 3
        b0, b1, b2 = trip[col, 0], trip[col, 1], trip[col, 2]
        own = trip[col, m]
        x = trip[col, nxt]
        y = trip[col, aft]
        last = min(cap[col] + maxp, out.shape[1] - 1)
        for k in range(3):
            out[col, 0, k] = 0.0
        for t in range(1, out.shape[1]):
            if t > last:
                for k in range(3):
                    out[col, t, k] = 0.0
                continue
            to = own + t
            if to < ng:
                if m == 0:
                    b0 = to
                elif m == 1:
                    b1 = to
                else:
                    b2 = to
                for k in range(3):
                    out[col, t, k] = value[nxt, b0, b1, b2, (m + k) % 3]
            else:
                dx = to - x
                dy = to - y
                for k in range(3):
                    out[col, t, k] = c1[m, dx, dy, 1 if x == 0 else 0, 1 if y == 0 else 0,
                                        (m + k) % 3]


def turn(banks: Any, trash: Any, seg: Any, probs: Any, opt_seg: Any, options: Any,
         mover: int, w: float, need: int, cap: int, mandatory: bool, rows: Any,
         throws: Any) -> None:  # pragma: no cover - run compiled
    """One turn at play time, as :func:`.turn3.solve_rows` solves it in Python, with the
    same operations in the same order, so the same bits: ``rows`` (zeros, four numbers
    ``(A0, A1, A2, P)`` for each turn score ``t`` and dice left, flat) from the bank
    vectors ``banks`` (cap + maxp + 1, 3), and ``throws`` the four numbers of each throw
    of ``n`` dice at ``24 t + 4 (n - 1)``.  The throw of ``n`` dice: trash ``trash[n -
    1]``, groups ``seg[n - 1] <= g < seg[n]`` of probability ``probs[g]`` whose options
    ``opt_seg[g] <= o < opt_seg[g + 1]`` are the rows ``6 t + options[o]``; the first
    option with the highest key ``A[mover] + P w`` is taken, and a bank wins a tie with
    throwing on.  Each row's key is worked out once, when the row is done (the same sum as
    the Python form's, so the same bits), and the choice among options is made without a
    branch: 1.7 times as fast as comparing in place."""
    keys = np.empty(6 * banks.shape[0])
    for u in range(cap + 1, banks.shape[0]):
        for left in range(6):
            r = 4 * (6 * u + left)
            for c in range(3):
                rows[r + c] = banks[u, c]
            keys[6 * u + left] = rows[r + mover] + rows[r + 3] * w
    for t in range(cap, 0, -1):
        row = 6 * t
        for n in range(1, 7):
            a0 = a1 = a2 = 0.0
            pp = trash[n - 1]
            for g in range(seg[n - 1], seg[n]):
                first = opt_seg[g]
                best = row + options[first]
                best_key = keys[best]
                for o in range(first + 1, opt_seg[g + 1]):
                    r = row + options[o]
                    k = keys[r]
                    better = k > best_key
                    best = r if better else best
                    best_key = k if better else best_key
                p = probs[g]
                a0 += p * rows[4 * best]
                a1 += p * rows[4 * best + 1]
                a2 += p * rows[4 * best + 2]
                pp += p * rows[4 * best + 3]
            at = 4 * (row + n - 1)
            throws[at], throws[at + 1], throws[at + 2], throws[at + 3] = a0, a1, a2, pp
        bank = banks[t, mover]
        for left in range(6):
            on = 4 * (row + (5 if left == 0 else left - 1))
            r = 4 * (row + left)
            if (t >= need and not (left == 0 and mandatory)
                    and bank >= throws[on + mover] + throws[on + 3] * w):
                for c in range(3):
                    rows[r + c] = banks[t, c]
                rows[r + 3] = 0.0
            else:
                for c in range(4):
                    rows[r + c] = throws[on + c]
            keys[row + left] = rows[r + mover] + rows[r + 3] * w


class Kernels3(NamedTuple):
    rows: Callable[..., None]
    first: Callable[..., None]
    fill: Callable[..., None]
    banks: Callable[..., None]
    keep: Callable[..., None]
    refill: Callable[..., None]


def _numba(what: str) -> Any:
    """The numba module, or None without it (or with ``TENTHOUSAND_SOLVER=numpy``); a
    broken install is logged: ``what`` is not done then."""
    if os.environ.get("TENTHOUSAND_SOLVER", "").strip().lower() == "numpy":
        return None
    try:
        import numba
    except ImportError:
        return None
    except Exception:
        log.warning("numba does not import; %s", what, exc_info=True)
        return None
    return numba


@functools.cache
def kernels() -> Kernels3 | None:
    """:func:`rows` and :func:`first` compiled (or loaded from numba's cache), checked on
    a small problem worked out by hand; None without numba (or with
    ``TENTHOUSAND_SOLVER=numpy``), and then three players are not solved."""
    numba = _numba("three players are not solved")
    if numba is None:
        return None
    try:
        global _circuit
        if not hasattr(_circuit, "py_func"):
            _circuit = numba.njit(cache=True, nogil=True, inline="always")(_circuit_py)
        jit = numba.njit(cache=True, nogil=True)
        made = Kernels3(jit(rows), jit(first), jit(fill), jit(banks), jit(keep), jit(refill))
        _check(made)
    except Exception:
        log.warning("numba could not compile the three-player turn programme", exc_info=True)
        return None
    return made


def _check(k: Kernels3) -> None:
    """One column, one die: at turn score 1 a throw reaches row 2 (bank vector (0.8, 0.1,
    0.1)) or trashes (a half each); the mover's trash value is 0.4, so throwing is worth
    0.6 to him, more than banking row 1 (0.5, 0.25, 0.25): the row keeps the throw's
    ``A = (0.4, 0.05, 0.05)`` and ``P = 0.5``."""
    i = np.zeros(1, np.int64)
    values = np.zeros((1, 24, 3, 1))
    values[0, 6:12, :2, 0] = (0.5, 0.25)
    values[0, 12:18, :2, 0] = (0.8, 0.1)
    one = np.array([1], np.int64)
    w = np.array([0.4])
    k.rows(values, w, one, one, 1, np.array([7], np.int64), i, i, i,
           np.array([0, 0, 1, 1, 1, 1], np.int64), np.array([0, 1, 1, 1, 1, 1], np.int64),
           np.array([0.5]), np.array([0.0, 0.5, 0.0, 0.0, 0.0, 0.0]), False,
           np.full(1, np.inf), 1, np.empty((1, 1)), False)
    got = values[0, 7, :, 0]
    if np.abs(got - (0.4, 0.05, 0.5)).max() > 1e-12 or values[0, 6, 0, 0] != 0.5:
        raise RuntimeError(f"the compiled three-player programme gave {got}")


# -- one turn at play time --------------------------------------------------------------

class TurnGroups(NamedTuple):
    """The throws of 1 to 6 dice (not a turn's first) as :func:`turn` reads them."""

    trash: Any  # (6,) each throw's chance of trash
    seg: Any  # (7,) the groups of the throw of n dice: seg[n - 1] .. seg[n]
    probs: Any  # each group's probability
    opt_seg: Any  # the options of group g: opt_seg[g] .. opt_seg[g + 1]
    options: Any  # each option's row from the turn score's: 6 points + dice left


@functools.lru_cache(maxsize=16)
def turn_groups(rules: Rules) -> TurnGroups:
    """The throws of these rules as arrays, in the order :func:`.turn3._sum` meets them."""
    trash: list[float] = []
    probs: list[float] = []
    seg, opt_seg = [0], [0]
    options: list[int] = []
    for n in range(1, 7):
        t, groups = row_groups(rules, n, False)
        trash.append(t)
        for p, places in groups:
            probs.append(p)
            options.extend(place // 4 for place in places)
            opt_seg.append(len(options))
        seg.append(len(probs))
    ints = functools.partial(np.array, dtype=np.int64)
    return TurnGroups(np.array(trash), ints(seg), np.array(probs), ints(opt_seg),
                      ints(options))


@functools.cache
def turn_kernel() -> Callable[..., None] | None:
    """:func:`turn` compiled (or loaded from numba's cache) and checked on a turn worked
    out by hand; None without numba (or with ``TENTHOUSAND_SOLVER=numpy``), and then a turn
    is solved in Python (:func:`.turn3.solve_rows`).  Compiled apart from :func:`kernels`,
    so a game in play loads only this."""
    numba = _numba("three-player turns are solved in Python")
    if numba is None:
        return None
    try:
        made: Callable[..., None] = numba.njit(cache=True, nogil=True)(turn)
        _check_turn(made)
    except Exception:
        log.warning("numba could not compile the three-player turn; it is solved in Python",
                    exc_info=True)
        return None
    return made


def _check_turn(kernel: Callable[..., None]) -> None:
    """:func:`_check`'s turn: one die reaches row 2 (0.8, 0.1, 0.1) or trashes, a half
    each, the mover's trash value 0.4: at turn score 1 the throw of one die is worth
    ``A = (0.4, 0.05, 0.05)``, ``P = 0.5`` (0.6 to him), so with one die left he throws;
    with no throws of other numbers of dice he banks (0.5, 0.25, 0.25) there."""
    banks = np.array([[0.0, 0.0, 0.0], [0.5, 0.25, 0.25], [0.8, 0.1, 0.1]])
    rows, throws = np.zeros(72), np.zeros(48)
    ints = functools.partial(np.array, dtype=np.int64)
    kernel(banks, np.array([0.5, 0.0, 0.0, 0.0, 0.0, 0.0]), ints([0, 1, 1, 1, 1, 1, 1]),
           np.array([0.5]), ints([0, 1]), ints([7]), 0, 0.4, 1, 1, False, rows, throws)
    one = (0.4, 0.05, 0.05, 0.5)
    if (np.abs(rows[28:32] - one).max() > 1e-12 or rows[24] != 0.5
            or np.abs(throws[24:28] - one).max() > 1e-12):
        raise RuntimeError(f"the compiled three-player turn gave {rows[24:32]}")


def solve_turn(rules: Rules, banks: Sequence[float], mover: int, w: float, need: int,
               cap: int) -> tuple[array[float], array[float]] | None:
    """The rows and throws of a turn (:func:`turn`; ``banks`` three numbers a turn score,
    flat), four numbers each, flat; None without the compiled kernel."""
    kernel = turn_kernel()
    if kernel is None:
        return None
    g = turn_groups(rules)
    bank = np.array(banks, dtype=np.float64).reshape(-1, 3)
    rows, throws = np.zeros(24 * len(bank)), np.zeros(24 * (cap + 1))
    kernel(bank, g.trash, g.seg, g.probs, g.opt_seg, g.options, mover, w, need, cap,
           rules.corner_throw_mandatory, rows, throws)
    return array("d", rows.tobytes()), array("d", throws.tobytes())
