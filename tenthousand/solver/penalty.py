"""Perfect two-player play with the trash penalty (the ``three-trash`` option; needs numpy).

With the penalty a turn start is ``(own score a, opponent's score b, own run of trash
turns ka, opponent's run kb)``: ``trash_run`` trash turns in a row cost ``trash_penalty``
points, never below the lowest score (``score_floor``, which these rules must give: it
keeps the scores, and so the states, finite).  A bank resets the banker's run.

The order of :mod:`.core` (levels of falling ``a + b``) no longer holds: a bank still moves
to a higher level, but a penalty moves to a lower one.  So the levels are solved in
*sweeps*: each sweep solves every level from the top down, as core does, with the values of
the lower levels that a penalty reaches taken from the sweep before; sweeps repeat until no
value moves by more than the tolerance.  They start from the same game without the penalty
(core's solve, :func:`.sweeps.first_guess`).  Inside a level, a trash that costs nothing
hands the turn to the opponent at the same level with one more trash turn in the run; every
column's turn is, for a fixed policy, linear in its trash value, so a sweep takes one Newton
step on that linear coupling a level, and chord steps (the slopes it has) once the sweeps
move little (:class:`.sweeps.Coupled`, :func:`.sweeps.sweep_step`, as :mod:`.penalty_end`).

Supported: any rule set the core solver takes, plus ``three-trash`` with a lowest score,
when the first to reach the game point wins at once (``catch_up = false``).  With a
catch-up round the runs of trash enter the catch-up and tie-break turns too: that is
:mod:`.penalty_end`.  Without a catch-up round the seats do not matter (ties cannot happen), so
the table has no seat dimension.

This module only calls :class:`.core.TurnSolver` (the turn programme); it changes nothing in
core.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..model.rules import Rules
from . import dice
from .core import TurnSolver, option_extra, turn_states
from .penalty_table import unsupported
from .sweeps import CHORD_EARLY, SETTLE_EARLY, Coupled, first_guess, run_sweeps

__all__ = ["PenaltySolution", "solve", "unsupported"]

STEP = dice.STEP


@dataclass
class PenaltySolution:
    """The solved values: ``win[a - lo, b - lo, ka, kb]`` for the player to move."""

    rules: Rules
    lo: int  # the lowest score, in steps (<= 0)
    win: Any  # (N, N, run, run), N = game point - lo in steps
    states: int = 0
    iterations: int = 0
    sweeps: int = 0
    seconds: float = 0.0
    notes: dict[str, Any] = field(default_factory=dict)

    def w(self, a: int, b: int, ka: int = 0, kb: int = 0) -> float:
        """The mover's chance at ``a`` against ``b`` (in steps) with these runs of trash."""
        return float(self.win[a - self.lo, b - self.lo, ka, kb])

    @property
    def first_player_win_probability(self) -> float:
        """The first player's chance from the starting scores (seats do not matter here)."""
        r = self.rules
        return self.w(r.starting_score(0) // STEP, r.starting_score(1) // STEP)


def count_states(rules: Rules, extra: int = 0) -> int:
    """The states of the game: both runs of trash x the opponent's score x (turn score,
    dice left) for each own score, the turn scores up to the cap, which a minimum to bank
    lifts above the game point (as :class:`_Level`'s cap)."""
    ng = rules.game_point // STEP
    lo = min(0, (rules.score_floor or 0) // STEP)
    return turn_states(rules, lo, extra // STEP) * (ng - lo) * rules.trash_run ** 2


def solve(rules: Rules, *, tol: float = 1e-9, max_sweeps: int = 500, extra: int | None = None,
          progress: bool | Callable[[float], None] = False) -> PenaltySolution:
    """Solve the two-player game with the trash penalty (see the module's docstring).

    A turn score that reaches the game point banks at once as soon as the rules let it
    bank.  That is exact unless the throw after a corner is compulsory (a player at the
    game point after a corner must throw again); then the bank waits ``extra`` points
    more (default 2,000, as core's turn cap; otherwise 0).
    """
    problem = unsupported(rules)
    if problem is not None:
        raise ValueError(problem)
    started = time.perf_counter()
    ng = rules.game_point // STEP
    lo = min(0, (rules.score_floor or 0) // STEP)
    run = rules.trash_run
    pen = rules.trash_penalty // STEP
    extra = option_extra(rules, extra)
    ts = TurnSolver(rules)
    open_min, min_after = rules.opening_minimum // STEP, rules.minimum // STEP
    # (without a catch-up round the seats do not matter: either seat's values will do)
    win = first_guess(rules, lo, ng, extra)[0]
    levels = range(2 * (ng - 1), 2 * lo - 1, -1)
    plan = [_Level(level, lo, ng, run, pen, (open_min, min_after), extra // STEP)
            for level in levels]
    used, sweeps = run_sweeps(
        plan, lambda lev, step: lev.solve(ts, win, tol, step), win, tol=tol, max_sweeps=max_sweeps,
        progress=progress, started=started, chord_below=CHORD_EARLY, settle_above=SETTLE_EARLY)
    return PenaltySolution(rules, lo, win, states=count_states(rules, extra),
                           iterations=used, sweeps=sweeps,
                           seconds=time.perf_counter() - started,
                           notes={"extra": extra})


class _Level(Coupled):
    """The columns of one level ``a + b`` and where their banks and trash lead."""

    def __init__(self, level: int, lo: int, ng: int, run: int, pen: int,
                 minimums: tuple[int, int], extra: int) -> None:
        amin, amax = max(lo, level - (ng - 1)), min(ng - 1, level - lo)
        a = np.repeat(np.arange(amin, amax + 1), run * run)
        ka = np.tile(np.repeat(np.arange(run), run), amax - amin + 1)
        kb = np.tile(np.arange(run), (amax - amin + 1) * run)
        b = level - a
        self.a, self.b, self.ka, self.kb, self.lo, self.ng = a, b, ka, kb, lo, ng
        self.index = (a - lo, b - lo, ka, kb)
        # trash: the opponent moves with one more trash turn in the mover's run, or after
        # the penalty with the run back at zero
        nka = ka + 1
        paid = nka >= run
        after = np.where(paid, np.maximum(a - pen, lo), a)
        nka = np.where(paid, 0, nka)
        self.succ = (b - lo, after - lo, kb, nka)  # the opponent's state after trash
        self.same = after == a  # the successor is in this level
        # its column here: own score b, opponent after, runs kb and nka
        self.succ_col = ((b - amin) * run + kb) * run + nka
        self.minimum = np.maximum(np.where(a == 0, minimums[0], minimums[1]), 1)
        # a turn score that reaches the game point banks (and wins) once it may bank
        self.cap = np.maximum(ng - a, self.minimum) - 1 + extra

    def bank(self, ts: TurnSolver, win: Any) -> Any:
        rows = int(self.cap.max()) + ts.maxp + 1
        reach = self.a[None, :] + np.arange(rows)[:, None]
        inside = reach < self.ng
        opp = win[(self.b - self.lo)[None, :], np.minimum(reach, self.ng - 1) - self.lo,
                  self.kb[None, :], 0]
        return np.where(inside, 1.0 - opp, 1.0)

    def solve(self, ts: TurnSolver, win: Any, tol: float, step: str) -> tuple[Any, int]:
        """The level's values and the passes it took (see :meth:`.sweeps.Coupled.step`)."""
        return self.step(ts, self.bank(ts, win), win[self.index].copy(),
                         1.0 - win[self.succ], tol, step)
