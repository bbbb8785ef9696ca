"""The level step and the sweeps shared by the solvers with the trash penalty (needs numpy).

With the penalty (``trash_run`` trash turns in a row cost ``trash_penalty`` points) a
penalty moves a player down a level of ``a + b`` while a bank moves up, so no order of the
levels solves each once: the solvers sweep the levels from the top down until no value
moves.  Inside a level, trash that costs nothing hands the turn to the opponent at the same
level with one more trash turn in the run, so a level's columns are coupled; every
column's turn is, for a fixed policy, linear in its trash value, and the level is solved
by Newton's method on that coupling (:class:`Coupled`).  How much of it a sweep does is
:func:`sweep_step`'s choice, and the sweeps start from the game without the penalty
(:func:`first_guess`).  Used by :mod:`.penalty`, :mod:`.penalty_end`,
:mod:`.surpass_penalty_end` and :mod:`.challenge_penalty_end`.
"""

from __future__ import annotations

import dataclasses
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from ..model.rules import Rules
from . import core, dice
from .core import SolveFailed, TurnSolver, solve_wide, value_and_slope

__all__ = ["CHORD", "CHORD_BELOW", "CHORD_EARLY", "NEWTON", "SETTLE",
           "SETTLE_EARLY", "Coupled", "first_guess",
           "run_sweeps", "sweep_step"]

#: How a sweep solves a level (see :meth:`Coupled.step`)
NEWTON, CHORD, SETTLE = "newton", "chord", "settle"
#: A sweep after one that moved no value by this much keeps the slopes it has (chord steps)
CHORD_BELOW = 1e-3
#: The same for the penalty alone (with a catch-up round or without): chord steps from the
#: second sweep on.  Its first sweep moves values by about 0.1, and new slopes after it buy
#: no sweep: at 2,500 points 34 against 28 s of CPU with the catch-up round, 18.7 against
#: 14.7 s without (medians of two, values the same to 1e-12).  Challenging with the penalty
#: needs more sweeps so (39 against 47 at 1,000) and keeps CHORD_BELOW.
CHORD_EARLY = 0.1
#: With those early chord steps a sweep that moves more than half of what the one before
#: moved is followed by one that settles every level (Busche's rules at full size, -2,500 to
#: 10,000, stalled at some 5e-7 in chord sweeps that each moved almost as much as the last).
SETTLE_EARLY = 0.5
STEP = dice.STEP


class Coupled:
    """A level's columns coupled by trash that stays in the level (``same``: to the column
    ``succ_col``), solved from the values outside it; :meth:`_couple` gives the level's
    values of a linearisation, ``alpha + beta * trash`` (a solver whose columns have another
    choice beside the turn, as a challenge, overrides it)."""

    same: Any
    succ_col: Any
    minimum: Any
    cap: Any
    slope: Any = None  # the slopes of its last Newton step, for the chord steps

    def step(self, ts: TurnSolver, bank: Any, x: Any, outside: Any, tol: float,
             step: str) -> tuple[Any, int]:
        """The level's values from ``x``, given its turns' bank values and ``outside``
        (the trash values of the columns whose trash leaves the level), and the passes it
        took.  ``NEWTON``: one Newton step on the trash coupling from where the level is
        (its inputs move less from sweep to sweep, and the sweeps repeat until no step
        moves a value); ``CHORD``: the same with the last Newton step's slopes, one solve
        of each column instead of two; ``SETTLE``: Newton's method until no column moves,
        then plain steps (a contraction)."""
        if step == CHORD and self.slope is not None:
            y = np.where(self.same, 1.0 - x[self.succ_col], outside)
            f = solve_wide(ts, bank, y, self.minimum, self.cap)
            return self._couple(f, f - self.slope * y, self.slope, tol), 1
        passes = 0
        active = np.arange(len(x))  # columns still moving: a pass solves only those
        f = np.empty(len(x))
        beta = np.zeros(len(x))
        alpha = np.empty(len(x))
        for _ in range(1 if step != SETTLE else 60):
            passes += 1
            y = np.where(self.same, 1.0 - x[self.succ_col], outside)[active]
            f[active], slope = value_and_slope(ts, bank, active, y, self.minimum, self.cap)
            beta[active] = slope if passes <= 30 else 0.0  # then plain steps: a contraction
            alpha[active] = f[active] - beta[active] * y
            new = self._couple(f, alpha, beta, tol)
            moved = np.abs(new - x) >= tol
            x = new
            self.slope = beta.copy()
            if step != SETTLE or not moved.any():
                return x, passes
            # a column must be solved again if it or the column its trash leads to moved
            active = np.flatnonzero(moved | (self.same & moved[self.succ_col]))
        raise SolveFailed(f"a level with the trash penalty did not settle to {tol:g}")

    def _couple(self, f: Any, alpha: Any, beta: Any, tol: float) -> Any:
        """The values of the linear coupling inside the level: ``alpha + beta * trash``
        where trash stays in the level, ``f`` where it leaves."""
        new = f.copy()
        for _ in range(10_000):
            nxt = np.where(self.same, alpha + beta * (1.0 - new[self.succ_col]), f)
            close = float(np.max(np.abs(nxt - new))) < tol * 1e-3
            new = nxt
            if close:
                break
        return new

def sweep_step(sweep: int, moved: float, before: float,
               chord_below: float = CHORD_BELOW, settle_above: float = 1.0) -> str:
    """How sweep ``sweep`` solves its levels, from how far the last two sweeps moved a
    value: one Newton step a level, then chord steps once the sweeps move no value by
    ``chord_below``; a sweep that moved more than ``settle_above`` times what the one
    before it moved (a change of policy the steps overshot, or chord steps that have
    stopped gaining) is followed by one that settles every level by Newton's method and
    plain steps."""
    if sweep > 2 and moved > before * settle_above:
        return SETTLE
    return CHORD if moved < chord_below else NEWTON


def run_sweeps(plan: Sequence[Any], solve_level: Callable[[Any, str], tuple[Any, int]],
               win: Any, *, tol: float, max_sweeps: int,
               progress: bool | Callable[[float], None], started: float,
               chord_below: float = CHORD_BELOW, settle_above: float = 1.0) -> tuple[int, int]:
    """Sweep the levels of ``plan`` (each with the ``index`` of its turn starts in ``win``)
    from the first down until no value moves by ``tol``: ``solve_level(level, step)`` gives
    a level's new values and the passes they took, each sweep's step chosen by
    :func:`sweep_step`.  The passes and the sweeps; ``progress`` as for :func:`.core.solve`."""
    passes, moved, before = 0, 1.0, 1.0
    for sweep in range(1, max_sweeps + 1):
        step = sweep_step(sweep, moved, before, chord_below, settle_above)
        before, moved = moved, 0.0
        for k, lev in enumerate(plan):
            new, used = solve_level(lev, step)
            passes += used
            moved = max(moved, float(np.max(np.abs(new - win[lev.index]))))
            win[lev.index] = new
            if callable(progress) and k % 20 == 0:
                progress(min(0.99, (sweep - 1 + k / len(plan)) / max(sweep + 1, 3)))
        if progress is True:
            print(f"sweep {sweep}: moved {moved:.2e}, "
                  f"{time.perf_counter() - started:.1f}s", file=sys.stderr, flush=True)
        if moved < tol:
            return passes, sweep
    raise SolveFailed(f"the sweeps with the trash penalty did not settle to {tol:g}")


def first_guess(rules: Rules, lo: int, ng: int, extra: int, *,
                shift: bool = True) -> Any:
    """Every turn start's chance in the same game without the penalty (core's solve, a
    few seconds), ``[seat, a - lo, b - lo, ka, kb]`` whatever the runs.  The sweeps start
    from it: the values a penalty reaches, in the levels below, are then close from the
    first sweep on, and each level's Newton's method starts near its answer.

    With a lowest score below zero (``lo < 0``, in steps) the game without the penalty is
    solved for the whole range, the game point ``ng - lo`` from zero, so that a board below
    zero is as far from the end as it is here (``shift``; otherwise it is taken as zero:
    for Busche's lowest score of -2,500 that first guess was 0.45 off, and the sweeps
    took as many Newton steps to get over it)."""
    off: dict[str, Any] = {name.replace("-", "_"): False for name in rules.options}
    if shift and lo < 0:
        plain = core.solve(dataclasses.replace(rules, game_point=(ng - lo) * STEP, **off),
                           extra=extra)
        w = plain.win
    else:
        plain = core.solve(dataclasses.replace(rules, **off), extra=extra)
        ix = np.maximum(np.arange(lo, ng), 0)
        w = plain.win[:, ix[:, None], ix[None, :]]
    run = rules.trash_run
    return np.ascontiguousarray(np.broadcast_to(w[..., None, None], w.shape + (run, run)))
