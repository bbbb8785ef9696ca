"""Perfect two-player play with surpassing and the trash penalty together, with the manuals'
end (needs numpy).

Surpassing (the score to beat is what the opponent added on his most recent turn, D-14, in
the last turns too) and the ``three-trash`` option (``trash_run`` trash turns in a row cost
``trash_penalty``, never below the lowest score ``score_floor``) with a catch-up round and
tie-breaks (D-8, D-9), as the engine plays them: a bank adds its turn score, sets what the
mover added and ends his run; trash adds 0 (the penalty is not "added"), so the opponent then
has nothing to beat, and adds one to the run.

*The normal game.*  A turn start is ``(seat, a, b, s, ka, kb)``: both scores from the lowest
score ``lo`` up, what the opponent's last turn added ``s`` (``s <= b - lo``, since ``b``
holds that bank), both runs of trash.  A bank ends a run, so ``s > 0`` only with ``kb = 0``:
the ``s > 0`` starts are ``(seat, a, b, s, ka)``.  A bank of ``t`` below the game point moves
to ``(other seat, b, a + t, t, kb, 0)`` at a higher level ``a + b``; trash to ``(other seat,
b, a', 0, kb, ka')`` (``a' = a``, ``ka' = ka + 1``, or after the penalty ``a' = max(a - pen,
lo)``, ``ka' = 0``: a lower level).  So the ``s = 0`` starts are :mod:`.penalty_end`'s
``(seat, a, b, ka, kb)``, solved as it solves them (levels top down in sweeps until no
value moves, from the game without options, one Newton or chord step on the trash
coupling inside a level a sweep: its ``_Level``, here banking into the ``s > 0`` starts),
and after each
level's ``s = 0`` columns its ``s > 0`` columns in one pass: a column ``(seat, a, b, s, ka)``
has the bank values and the trash value of the ``s = 0`` column ``(seat, a, b, ka, 0)``,
only its minimum ``max(minimum, s + 1)`` is higher.  A bank that reaches the game point
hands the opponent his catch-up turn, ``a + t - b`` behind, to beat ``t``.

*The end* is :mod:`.surpass_end`'s, with longer rows (scores start at ``lo``).  Why the
penalty changes nothing there: the finisher has just banked, so his run is 0; the chaser,
``d > 0`` behind, loses with trash whatever his run (a penalty only lowers his score), so
his chance does not depend on his run.  A tie comes only from his bank, so a tie-break
round starts with both runs at 0, and they stay equal (a round goes on only after both
trashed).  In a round the first who must beat ``s`` either banks ``x`` (the second, ``x``
behind, must beat ``x``, so any bank of his wins and trash, with or without a penalty,
loses: ``tie_second[x]``), or trashes: the second then has nothing to beat and any bank
wins (he is level or ahead); his trash, at the same run, pays the same penalty from the same
score if the first paid one, so the boards are level again and a new round starts with
nothing to beat.  These are the values of surpassing alone: ``tie_first[s]``,
``tie_second[x]`` and ``chase[on board, seat 0, d, s]``, whatever the runs.  One thing
the end leaves out: penalties can bring a tied pair back to 0, off the board (D-15), where
the opening minimum holds again; that takes ``trash_run * ceil(game point / penalty)``
rounds in which both trash at the least, each with the second's failure to bank with any
bank winning, so its chance bounds how far any value is off
(:func:`~.penalty_end_table.zero_tie_bound`: 0 when the minimums are the same,
7.0e-10 for ``trash-5000``), and rules where it is above the solve's tolerance of 1e-9
are refused.

The truncation is core's: in the normal game a turn score above ``max(game point - board,
minimum) + extra`` banks at once, in catch-up and tie-break turns one above ``max(game
point + extra, minimum)``.

Only :class:`.core.TurnSolver` is called; core is unchanged.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..model.rules import Rules
from . import dice, penalty_end, surpass_end
from .core import DEFAULT_EXTRA, SolveFailed, TurnSolver
from .penalty_end_table import zero_tie_bound
from .surpass_penalty_end_table import unsupported
from .sweeps import first_guess, sweep_step

__all__ = ["SurpassPenaltyEndSolution", "count_states", "solve", "unsupported"]

STEP = dice.STEP


@dataclass
class SurpassPenaltyEndSolution:
    """The solved values, in steps of 50.

    ``win[seat, a - lo, b - lo, ka, kb]``: the mover's chance at a normal turn start with
    nothing to beat; ``beat[seat, a - lo, b - lo, s, ka]``: to beat ``s > 0`` (the opponent's
    run is then 0; NaN where ``s > b - lo`` and at ``s = 0``); ``chase``, ``tie_first``,
    ``tie_second``: the end's, as in :class:`~.surpass_end.SurpassEndSolution`.
    """

    rules: Rules
    lo: int
    extra: int  # the truncation beyond the game point, in steps
    win: Any
    beat: Any
    chase: Any
    tie_first: Any
    tie_second: Any
    states: int = 0
    iterations: int = 0
    sweeps: int = 0
    seconds: float = 0.0
    notes: dict[str, Any] = field(default_factory=dict)

    def w(self, seat: int, a: int, b: int, s: int = 0, ka: int = 0, kb: int = 0) -> float:
        """The mover's chance in ``seat`` at ``a`` against ``b`` (steps), to beat ``s``."""
        if s == 0:
            return float(self.win[seat, a - self.lo, b - self.lo, ka, kb])
        if kb != 0:
            raise ValueError("a score to beat comes from a bank, which ends the run")
        return float(self.beat[seat, a - self.lo, b - self.lo, s, ka])

    @property
    def first_player_win_probability(self) -> float:
        """The starting player's chance, the starting seat drawn at random (D-7)."""
        r = self.rules
        s0, s1 = r.starting_score(0) // STEP, r.starting_score(1) // STEP
        return (self.w(0, s0, s1) + self.w(1, s1, s0)) / 2


def _range(rules: Rules) -> tuple[int, int]:
    """The lowest score and the game point, in steps."""
    return min(0, (rules.score_floor or 0) // STEP), rules.game_point // STEP


def count_states(rules: Rules, extra: int = DEFAULT_EXTRA) -> int:
    """(seat, a, b, s, ka, kb, turn score up to the cap, dice left) of the normal game:
    ``kb`` any run at ``s = 0``, 0 for ``s > 0``."""
    lo, ng = _range(rules)
    e, run = extra // STEP, rules.trash_run
    open_min, min_after = max(rules.opening_minimum // STEP, 1), max(rules.minimum // STEP, 1)
    total = 0
    for a in range(lo, ng):
        base = open_min if a == 0 else min_after
        for b in range(lo, ng):
            m = np.maximum(base, np.arange(b - lo + 1) + 1)  # s = 0 .. b - lo
            rows = (np.maximum(ng - a, m) + e) * 6
            total += int(rows[0]) * run * run + int(rows[1:].sum()) * run
    return 2 * total


class _End(surpass_end._End):
    """:mod:`.surpass_end`'s end, its rows long enough for scores from ``lo`` (a finishing
    bank up to ``max(game point - lo, minimums) + extra + maxp``, the deficits beyond it)."""

    def __init__(self, rules: Rules, ts: TurnSolver, ng: int, e: int, lo: int,
                 tol: float) -> None:
        self.ts, self.maxp = ts, ts.maxp
        self.end_cap = ng + e
        self.open_min = max(rules.opening_minimum // STEP, 1)
        self.min_after = max(rules.minimum // STEP, 1)
        maxp = self.maxp
        self.s_rows = max(ng - lo, self.open_min, self.min_after) + e + maxp + 1
        self.d_rows = self.s_rows + maxp + 1  # beyond, no chaser's bank can reach (0)
        self.passes = 0
        self.reach = self._reach(self.d_rows + 2 * maxp + 2)
        x = np.arange(self.d_rows + maxp + 1)
        self.tie_second = self.reach[np.maximum(self.min_after, x + 1)]
        self.tie_first = self._tie_breaks(tol)
        self.chase = self._chase()


class _Banks:
    """What banking is worth from the normal game's starts, read from the values so far."""

    def __init__(self, ts: TurnSolver, ng: int, lo: int, beat: Any, end: _End) -> None:
        self.ts, self.ng, self.lo, self.beat, self.end = ts, ng, lo, beat, end

    def rows(self, seat: Any, a: Any, b: Any, kb: Any, rows: int) -> Any:
        """Banking ``t``: the opponent moves at ``(b, a + t)`` to beat ``t`` with his run
        ``kb`` (and the mover's at 0), or chases ``a + t - b`` to beat ``t``."""
        ng, lo, end = self.ng, self.lo, self.end
        t = np.arange(rows)[:, None]
        reach = a[None, :] + t
        opp = self.beat[1 - seat[None, :], b[None, :] - lo, np.minimum(reach, ng - 1) - lo,
                        np.minimum(t, ng - lo - 1), kb[None, :]]
        d = np.clip(reach - b[None, :], 0, end.d_rows)
        chased = end.chase[(b != 0).astype(int)[None, :], (seat == 1).astype(int)[None, :], d,
                           np.minimum(t, end.s_rows - 1)]
        out = np.where(reach < ng, 1.0 - opp, 1.0 - chased)
        out[0] = 0.0  # no bank of nothing (row 0 would read a start that cannot be)
        return out


class _Level(penalty_end._Level):
    """:mod:`.penalty_end`'s ``s = 0`` columns of a level (its ``chase`` argument is the
    :class:`_Banks` here), and the level's ``s > 0`` columns."""

    def __init__(self, level: int, lo: int, ng: int, rules: Rules, e: int) -> None:
        super().__init__([level], lo, ng, rules, e)
        base = np.flatnonzero(self.kb == 0)  # the s = 0 column of each s > 0 column
        counts = self.b[base] - lo
        self.base = np.repeat(base, counts)
        self.s = (np.arange(int(counts.sum())) - np.repeat(np.cumsum(counts) - counts, counts)
                  + 1)
        self.s_min = np.maximum(self.minimum[self.base], self.s + 1)
        self.s_cap = np.maximum(ng - self.a[self.base], self.s_min) + e
        seat, a, b, ka, _kb = self.index
        j = self.base
        self.s_index = (seat[j], a[j], b[j], self.s, ka[j])

    def bank(self, ts: TurnSolver, win: Any, chase: Any) -> Any:
        rows = int(self.cap.max()) + ts.maxp + 1
        out: Any = chase.rows(self.seat, self.a, self.b, self.kb, rows)
        return out

    def solve_beat(self, ts: TurnSolver, win: Any, banks: _Banks) -> Any:
        """The ``s > 0`` columns, once the level's ``s = 0`` columns are solved."""
        if not len(self.s):
            return np.zeros(0)
        j = self.base
        rows = int(self.s_cap.max()) + ts.maxp + 1
        bank = banks.rows(self.seat[j], self.a[j], self.b[j], np.zeros(len(j), int), rows)
        trash = 1.0 - win[self.succ][j]
        return ts.solve(bank, trash, self.s_min, self.s_cap)


def solve(rules: Rules, *, tol: float = 1e-9, max_sweeps: int = 500,
          extra: int = DEFAULT_EXTRA,
          progress: bool | Callable[[float], None] = False) -> SurpassPenaltyEndSolution:
    """Solve the two-player game with surpassing, the trash penalty and a catch-up round
    (see the module's docstring); ``progress`` as for :func:`.core.solve`."""
    problem = unsupported(rules)
    if problem is not None:
        raise ValueError(problem)
    if extra < 0 or extra % STEP:
        raise ValueError("extra must be a non-negative multiple of 50")
    started = time.perf_counter()
    lo, ng = _range(rules)
    e, n, run = extra // STEP, ng - lo, rules.trash_run
    ts = TurnSolver(rules)
    end = _End(rules, ts, ng, e, lo, tol)
    win = first_guess(rules, lo, ng, extra)
    beat = np.full((2, n, n, n, run), np.nan)
    banks = _Banks(ts, ng, lo, beat, end)
    plan = [_Level(level, lo, ng, rules, e) for level in range(2 * (ng - 1), 2 * lo - 1, -1)]
    passes, sweeps, moved, before = end.passes, 0, 1.0, 1.0
    for sweeps in range(1, max_sweeps + 1):  # noqa: B007 - the count is reported
        step = sweep_step(sweeps, moved, before)
        before, moved = moved, 0.0
        for k, lev in enumerate(plan):
            new, used = lev.solve(ts, win, banks, tol, step)
            passes += used + 1
            moved = max(moved, float(np.max(np.abs(new - win[lev.index]))))
            win[lev.index] = new
            values = lev.solve_beat(ts, win, banks)
            if len(values):
                old = beat[lev.s_index]
                if sweeps > 1:
                    moved = max(moved, float(np.max(np.abs(values - old))))
                beat[lev.s_index] = values
            if callable(progress) and k % 20 == 0:
                progress(min(0.99, (sweeps - 1 + k / len(plan)) / max(sweeps + 1, 3)))
        if progress is True:
            print(f"sweep {sweeps}: moved {moved:.2e}, "
                  f"{time.perf_counter() - started:.1f}s", file=sys.stderr, flush=True)
        if moved < tol:
            break
    else:
        raise SolveFailed(f"the sweeps with surpassing and the trash penalty did not settle "
                          f"to {tol:g}")
    return SurpassPenaltyEndSolution(
        rules, lo, e, win, beat, end.chase, end.tie_first, end.tie_second,
        states=count_states(rules, extra), iterations=passes, sweeps=sweeps,
        seconds=time.perf_counter() - started,
        notes={"extra": extra, "zero_tie_bound": zero_tie_bound(rules)})
