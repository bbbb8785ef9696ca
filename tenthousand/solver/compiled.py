"""The turn programme's rows compiled by numba, when it is installed (the ``fast`` extra).

:meth:`.turns.TurnSolver._rows` evaluates each turn score's circuit of maxima with numpy:
one ``take`` and one ``maximum`` per layer, over all columns at once, which moves every
operand through memory.  :func:`rows` (and :func:`first`, a turn's first throw) is the
same programme as one loop nest, a block of 64 columns at a time, so the circuit's nodes
stay in the caches, each node one vectorized loop: some 3.7 times as fast, whole solves
2-3 times (``docs/perfect-play.md``, *The compiled turn programme*); :func:`pegging` does
the same for Rotary Club's stretches (:mod:`.turnmodels.pegging_solver`) and :func:`layer`
for pyramiding's (:mod:`.turnmodels.stretch_solver`).  It gives the same
values (the maxima are exact; the sums of a throw's outcomes come in another order, so
the last bits may differ) and the same ``near`` rows.

numba is optional: without it, or with ``TENTHOUSAND_SOLVER=numpy`` in the environment,
:func:`kernel` is None and numpy solves as before.  It is imported only when a solver is
made, never at start-up; the compiled code is cached beside this file (``cache=True``),
and it releases the interpreter's lock, so the window keeps running beside a solve.
"""

from __future__ import annotations

import functools
import logging
import os
from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np

__all__ = ["Kernels", "available", "first", "kernel", "layer", "pegging", "rows"]

log = logging.getLogger(__name__)


def _circuit(values: Any, b: int, base: int, leaves: Any, lefts: Any, rights: Any, x: Any,
             lanes: int) -> None:  # pragma: no cover - run compiled, inlined
    """A circuit at the row starting at ``base`` of block ``b``: leaf ``i`` reads row
    ``base + leaves[i]``, node ``i`` is ``max(x[lefts[i]], x[rights[i]])``, each over the
    block's ``lanes`` columns.  (Bound to its compiled self by :func:`kernel`, inlined into
    :func:`rows` and :func:`first`.)"""
    n_leaves = leaves.shape[0]
    for i in range(n_leaves):
        r = base + leaves[i]
        for lane in range(lanes):
            x[i, lane] = values[b, r, lane]
    _nodes(x, n_leaves, lefts, rights, lanes)


def _nodes(x: Any, n_leaves: int, lefts: Any, rights: Any,
           width: int) -> None:  # pragma: no cover - run compiled, inlined
    """The circuit's nodes from its leaves in ``x``: node ``i`` is ``max(x[lefts[i]],
    x[rights[i]])`` over ``width`` columns."""
    for i in range(n_leaves, lefts.shape[0]):
        li = lefts[i]
        ri = rights[i]
        for lane in range(width):
            u = x[li, lane]
            v = x[ri, lane]
            x[i, lane] = u if u > v else v


_circuit_py, _nodes_py = _circuit, _nodes  # the Python functions, compiled from here


def _sum_groups(x: Any, s: int, seg_first: Any, seg_end: Any, outputs: Any, probs: Any,
                acc: Any, width: int) -> None:  # pragma: no cover - run compiled, inlined
    """``acc`` = the sum over the groups ``seg_first[s] <= g < seg_end[s]`` of
    ``probs[g]`` times the group's best choice ``x[outputs[g]]``, over ``width`` columns.
    (Bound to its compiled self by :func:`kernel`, inlined into :func:`pegging` and
    :func:`layer`, as :func:`_nodes` is into :func:`_circuit` and :func:`layer`.)"""
    for lane in range(width):
        acc[lane] = 0.0
    for g in range(seg_first[s], seg_end[s]):
        o = outputs[g]
        p = probs[g]
        for lane in range(width):
            acc[lane] += p * x[o, lane]


_sum_groups_py = _sum_groups


def rows(values: Any, bank: Any, trash: Any, minimum: Any, cap: Any, top: int,
         leaves: Any, lefts: Any, rights: Any, outputs: Any, seg_first: Any, seg_end: Any,
         probs: Any, trash_m: Any, mandatory: bool, near: Any, margin: float,
         want_near: bool, lanes: int) -> None:  # pragma: no cover - run compiled
    """Rows ``top`` down to 1 of the value array ``values`` (blocks of ``lanes`` columns,
    row ``t * 6 + left``), as :meth:`.turns.TurnSolver._rows`.

    ``bank`` (blocks, top + 1, lanes), ``trash``, ``minimum`` and ``cap`` per column in
    block order (caps falling); the circuit as flat arrays: leaf ``i`` reads row ``t * 6 +
    leaves[i]``, node ``i`` is ``max(x[lefts[i]], x[rights[i]])``, the group ``g`` of the
    throws made with ``m`` dice left (``seg_first[m] <= g < seg_end[m]``) has probability
    ``probs[g]`` and its best choice in ``x[outputs[g]]``.  ``near`` (top + 1, blocks,
    lanes) gets, if ``want_near``, whether some throw comes within ``margin`` of banking.

    ``lanes`` is an argument, not a constant, on purpose: with a loop count known only at
    run time LLVM vectorizes the loops over the columns (it checks at run time that a node
    and its operands do not overlap); with a constant it unrolls them into scalar code."""
    x = np.empty((lefts.shape[0], lanes))  # the circuit for one block of columns
    acc = np.empty((6, lanes))
    for b in range(values.shape[0]):
        first = b * lanes
        for t in range(min(top, cap[first]), 0, -1):  # cap[first]: the block's highest
            base = t * 6
            _circuit(values, b, base, leaves, lefts, rights, x, lanes)
            for m in range(6):
                tm = trash_m[m]
                for lane in range(lanes):
                    acc[m, lane] = tm * trash[first + lane]
                for g in range(seg_first[m], seg_end[m]):
                    o = outputs[g]
                    p = probs[g]
                    for lane in range(lanes):
                        acc[m, lane] += p * x[o, lane]
            for lane in range(lanes):
                c = first + lane
                bk = bank[b, t, lane] if t >= max(minimum[c], 1) else -np.inf
                if want_near:
                    most = acc[0, lane]
                    for m in range(1, 6):
                        most = max(most, acc[m, lane])
                    near[t, b, lane] = most > bk - margin
                if cap[c] >= t:  # a column above its cap keeps its bank value
                    for m in range(6):
                        val = acc[m, lane]
                        if bk > val and not (mandatory and m == 0):
                            val = bk
                        values[b, base + m, lane] = val


def first(values: Any, leaves: Any, lefts: Any, rights: Any, outputs: Any, probs: Any,
          trash_first: float, trash: Any, out: Any,
          lanes: int) -> None:  # pragma: no cover - run compiled
    """Each column's value at the start of its turn (the first throw, read from the rows
    above row 0) into ``out`` (block order), as :meth:`.turns.TurnSolver.solve` does with
    numpy: the first throw's circuit, its groups' probabilities ``probs`` and trash."""
    x = np.empty((lefts.shape[0], lanes))
    for b in range(values.shape[0]):
        _circuit(values, b, 0, leaves, lefts, rights, x, lanes)
        for lane in range(lanes):
            out[b * lanes + lane] = trash_first * trash[b * lanes + lane]
        for g in range(outputs.shape[0]):
            o = outputs[g]
            p = probs[g]
            for lane in range(lanes):
                out[b * lanes + lane] += p * x[o, lane]


def pegging(values: Any, trash: Any, top: int, leaves: Any, lefts: Any, rights: Any,
            outputs: Any, seg_first: Any, seg_end: Any, probs: Any, trash_m: Any,
            lanes: int) -> None:  # pragma: no cover - run compiled
    """Rows ``top`` down to 1 of a Rotary Club stretch's value array (blocks of ``lanes``
    columns, row ``t * 6 + left``), as :meth:`.turnmodels.pegging_solver.PeggingTurns.solve`
    does with numpy: nobody banks, so row ``t * 6`` (a corner) keeps the peg's value it
    holds, and each row with ``m`` dice left is the sum of its throws' best choices and of
    trash (``trash_m[m]`` times the column's ``trash``); the circuit and the groups as
    :func:`rows` takes them."""
    x = np.empty((lefts.shape[0], lanes))
    acc = np.empty(lanes)
    for b in range(values.shape[0]):
        first = b * lanes
        for t in range(top, 0, -1):
            base = t * 6
            _circuit(values, b, base, leaves, lefts, rights, x, lanes)
            for m in range(1, 6):
                _sum_groups(x, m, seg_first, seg_end, outputs, probs, acc, lanes)
                tm = trash_m[m]
                for lane in range(lanes):
                    values[b, base + m, lane] = acc[lane] + tm * trash[first + lane]


def layer(src: Any, cols: int, leaves: Any, lefts: Any, rights: Any, outputs: Any,
          seg_first: Any, seg_end: Any, probs: Any, trash_s: Any, trash: Any, out: Any,
          lanes: int) -> None:  # pragma: no cover - run compiled
    """One layer of pyramiding's stretches (:class:`.turnmodels.stretch_solver._Layer`):
    for columns ``0 .. cols - 1`` of ``src`` (rows, columns), the circuit (leaf ``i`` reads
    row ``leaves[i]``), then each stretch ``s`` of the layer into ``out[s]``: the sum over
    its throws' groups ``seg_first[s] <= g < seg_end[s]`` of ``probs[g]`` times the group's
    best choice, plus ``trash_s[s]`` times the column's ``trash``.  Blocks of ``lanes``
    columns, as :func:`rows`."""
    x = np.empty((lefts.shape[0], lanes))
    acc = np.empty(lanes)
    n_leaves = leaves.shape[0]
    for start in range(0, cols, lanes):
        width = min(lanes, cols - start)
        for i in range(n_leaves):
            r = leaves[i]
            for lane in range(width):
                x[i, lane] = src[r, start + lane]
        _nodes(x, n_leaves, lefts, rights, width)
        for s in range(out.shape[0]):
            _sum_groups(x, s, seg_first, seg_end, outputs, probs, acc, width)
            ts = trash_s[s]
            for lane in range(width):
                out[s, start + lane] = acc[lane] + ts * trash[start + lane]


class Kernels(NamedTuple):
    """The compiled functions: :func:`rows`, :func:`first`, :func:`pegging` and
    :func:`layer`."""

    rows: Callable[..., None]
    first: Callable[..., None]
    pegging: Callable[..., None]
    layer: Callable[..., None]


@functools.cache
def kernel() -> Kernels | None:
    """:func:`rows`, :func:`first`, :func:`pegging` and :func:`layer` compiled (None without numba or with
    ``TENTHOUSAND_SOLVER=numpy``).

    It is compiled (or loaded from numba's cache) here, on a tiny problem checked against
    a value worked out by hand: a numba that does not import or does not compile, for
    whatever reason, leaves the solve to numpy (and says so in the log), never fails it."""
    if os.environ.get("TENTHOUSAND_SOLVER", "").strip().lower() == "numpy":
        return None
    try:
        import numba
    except ImportError:
        return None
    except Exception:  # a broken install: numpy solves
        log.warning("numba does not import; the solver uses numpy", exc_info=True)
        return None
    try:
        global _circuit, _nodes, _sum_groups
        if not hasattr(_circuit, "py_func"):  # not compiled yet (a numba dispatcher)
            inline = numba.njit(cache=True, nogil=True, inline="always")
            # _nodes first: the compiled _circuit calls the compiled _nodes
            _nodes = inline(_nodes_py)
            _circuit, _sum_groups = inline(_circuit_py), inline(_sum_groups_py)
        jit = numba.njit(cache=True, nogil=True)
        compiled = Kernels(jit(rows), jit(first), jit(pegging), jit(layer))
        _check(compiled)
    except Exception:
        log.warning("numba could not compile the turn programme; the solver uses numpy",
                    exc_info=True)
        return None
    return compiled


def _check(compiled: Kernels) -> None:
    """One column, one turn score, the throw of one die either one step (to a value of
    0.8) or trash (0.4), a half each: with one die left throwing is worth 0.6, more than
    banking 0.5; every other number of dice (no throws here) banks."""
    i = np.zeros(1, np.int64)
    values = np.zeros((1, 24, 1))
    values[0, 2 * 6 + 1] = 0.8  # row 2, one die left: read by the throw from row 1
    bank = np.array([[[0.0], [0.5], [0.8]]])
    leaves = np.array([6 + 1], np.int64)  # one step up, one die left
    one = np.array([1], np.int64)
    compiled.rows(values, bank, np.array([0.4]), one, one, 1, leaves, i, i, i,
                  np.array([0, 0, 1, 1, 1, 1], np.int64), np.array([0, 1, 1, 1, 1, 1], np.int64),
                  np.array([0.5]), np.array([0.0, 0.5, 0.0, 0.0, 0.0, 0.0]), False,
                  np.zeros((1, 1, 1), bool), 0.0, False, 1)
    if abs(values[0, 6 + 1, 0] - 0.6) > 1e-12 or values[0, 6 + 0, 0] != 0.5:
        raise RuntimeError(f"the compiled turn programme gave {values[0, 6:12, 0]}")
    # the first throw from row 0: the same one die, now reading row 1 (0.6), trash a half
    start = np.zeros(1)
    compiled.first(values, np.array([7], np.int64), i, i, i, np.array([0.5]), 0.5,
                   np.array([0.4]), start, 1)
    if abs(start[0] - 0.5) > 1e-12:
        raise RuntimeError(f"the compiled first throw gave {start[0]}")
    # a stretch at row 1 with one die left: a half to peg row 2 (0.8), a half trash (0.4);
    # the corner's row 1 keeps its peg value
    values[0, 6 + 1] = 0.0
    values[0, 6 + 0] = 0.3
    compiled.pegging(values, np.array([0.4]), 1, leaves, i, i, i,
                     np.array([0, 0, 1, 1, 1, 1], np.int64),
                     np.array([0, 1, 1, 1, 1, 1], np.int64), np.array([0.5]),
                     np.array([0.0, 0.5, 0.0, 0.0, 0.0, 0.0]), 1)
    if abs(values[0, 6 + 1, 0] - 0.6) > 1e-12 or values[0, 6 + 0, 0] != 0.3:
        raise RuntimeError(f"the compiled stretch gave {values[0, 6:12, 0]}")
    # a layer of two stretches over two columns: the first throws to the better of rows 0
    # and 1 with a half (trash a half), the second has no throws (trash only)
    src = np.array([[0.2, 0.9], [0.6, 0.1]])
    out = np.zeros((2, 2))
    two = np.array([0, 1], np.int64)
    compiled.layer(src, 2, two, np.array([0, 0, 0], np.int64), np.array([0, 0, 1], np.int64),
                   np.array([2], np.int64), np.array([0, 1], np.int64),
                   np.array([1, 1], np.int64), np.array([0.5]), np.array([0.5, 1.0]),
                   np.array([0.4, 0.2]), out, 1)
    if np.abs(out - [[0.5, 0.55], [0.4, 0.2]]).max() > 1e-12:
        raise RuntimeError(f"the compiled layer gave {out}")


def available() -> bool:
    """Whether solves use the compiled turn programme."""
    return kernel() is not None
