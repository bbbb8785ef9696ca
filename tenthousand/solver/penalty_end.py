"""Perfect two-player play with the trash penalty and the manuals' end (needs numpy).

The ``three-trash`` option (``trash_run`` trash turns in a row cost ``trash_penalty``
points, never below the lowest score ``score_floor``) with a catch-up round and tie-breaks
(D-8, D-9).  The runs of trash go on into the catch-up and tie-break turns.

*The normal game.*  A turn start is ``(seat, own score a, opponent's score b, own run ka,
opponent's run kb)``, scores from the lowest score up; the seat matters because tie-breaks
go in seat order.  The levels of ``a + b`` are solved top down, in sweeps until no value
moves, since a penalty moves down a level; a bank moves up by at least the smaller minimum,
so that many levels are one block of a sweep.  The sweeps start from the game without the
penalty (:func:`.sweeps.first_guess`) and take one Newton step on each level's trash coupling a
sweep, chord steps once they move little (:class:`.sweeps.Coupled`, :func:`.sweeps.sweep_step`).  A bank
that reaches the game point hands the opponent his catch-up turn instead of winning.

*The end.*  The finisher has just banked, so his run is 0.  The chaser, ``d`` behind, wins
with a bank of more than ``d`` and ties with exactly ``d``; trash leaves him behind (his
penalty, if his run reaches ``trash_run``, only lowers his final score), so his chance
``chase[on board, seat 0, d]`` does not depend on his run.  A tie can only come from his
bank, so a tie-break round starts with both runs at 0, and stays with equal runs ``k``:
seat 0 opens each round (D-9).  If he banks ``x`` the second must beat it (``x``: a new
round at runs 0; trash loses): ``tie_second[x]``.  If he trashes, his run becomes
``k + 1``; at ``trash_run`` he pays the penalty and is behind.  The second then wins with
any bank; his trash ties into a new round with runs ``k + 1`` (no penalty), or pays the
same penalty from the same score and ties again at runs 0 (the lowest score cannot cut
either penalty: both are at the game point or above).  So the round's values are
``tie[k]`` (the first's chance at runs ``k``), ``tie_trash[k]`` (the second's after the
first's trash) and ``tie_second[x]``, a fixed point in the few ``tie[k]``, solved first.
(A round at run ``trash_run - 1`` leads to the one at 0 as a round at ``k`` leads to
``k + 1``, so the fixed point has every ``tie[k]`` alike, core's tie-break value: the
penalty changes nothing in the tie-break rounds.)

The truncation is core's: in the normal game a turn score above ``max(game point - board,
minimum) + extra`` banks at once, in catch-up and tie-break turns one above
``max(game point + extra, minimum)``.

Only :class:`.core.TurnSolver` is called; core is unchanged.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..model.rules import Rules
from . import dice
from .core import DEFAULT_EXTRA, SolveFailed, TurnSolver, level_blocks
from .penalty_end_table import unsupported, zero_tie_bound
from .sweeps import CHORD_EARLY, NEWTON, SETTLE_EARLY, Coupled, first_guess, run_sweeps

__all__ = ["PenaltyEndSolution", "count_states", "solve", "unsupported"]

STEP = dice.STEP


@dataclass
class PenaltyEndSolution:
    """The solved values, in steps of 50.

    ``win[seat, a - lo, b - lo, ka, kb]``: the mover's chance at a normal turn start;
    ``chase[on, seat0, d]``: the chaser's, ``d`` behind (0 from ``len`` on);
    ``tie[k]``, ``tie_trash[k]``, ``tie_second[x]``: the tie-break rounds' (see the module).
    """

    rules: Rules
    lo: int
    extra: int  # the truncation beyond the game point, in steps
    win: Any
    chase: Any
    tie: Any
    tie_trash: Any
    tie_second: Any
    states: int = 0
    iterations: int = 0
    sweeps: int = 0
    seconds: float = 0.0
    notes: dict[str, Any] = field(default_factory=dict)

    def w(self, seat: int, a: int, b: int, ka: int = 0, kb: int = 0) -> float:
        """The mover's chance in ``seat`` at ``a`` against ``b`` (steps), runs ka and kb."""
        return float(self.win[seat, a - self.lo, b - self.lo, ka, kb])

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
    """(seat, a, b, ka, kb, turn score up to the cap, dice left) of the normal game."""
    lo, ng = _range(rules)
    e = extra // STEP
    open_min, min_after = rules.opening_minimum // STEP, rules.minimum // STEP
    turns = sum((max(ng - a, open_min if a == 0 else min_after, 1) + e) * 6
                for a in range(lo, ng))
    return int(2 * turns * (ng - lo) * rules.trash_run ** 2)


class _End:
    """The catch-up and tie-break values (solved before the normal game)."""

    def __init__(self, rules: Rules, ts: TurnSolver, ng: int, e: int, tol: float) -> None:
        self.ts, self.run = ts, rules.trash_run
        self.open_min = max(rules.opening_minimum // STEP, 1)
        self.min_after = max(rules.minimum // STEP, 1)
        self.end_cap = ng + e
        top = max(self.end_cap, self.open_min, self.min_after)
        self.rows = top + ts.maxp + 1  # no bank of a last turn reaches this
        self.passes = 0
        self.tie, self.tie_trash, self.tie_second = self._tie_breaks(tol)
        self.chase = self._chase()

    def _solve(self, bank: Any, trash: Any, minimum: Any) -> Any:
        self.passes += 1
        minimum = np.asarray(minimum)
        return self.ts.solve(bank, trash, minimum, np.maximum(self.end_cap, minimum))

    def _tie_breaks(self, tol: float) -> tuple[Any, Any, Any]:
        rows, run, ma = self.rows, self.run, self.min_after
        t = np.arange(rows)[:, None]
        x = np.arange(rows)[None, :]
        ahead = (t > x).astype(float)
        even = t == x
        tie = np.full(run, 0.5)
        every = np.ones((rows, run))
        for _ in range(1000):
            # the second after the first banked x: more wins, x again ties into a round at 0
            second = self._solve(np.where(even, 1.0 - tie[0], ahead), np.zeros(rows),
                                 np.full(rows, ma))
            # after the first's trash: any bank wins; trash ties into the next round
            after = self._solve(every, 1.0 - np.roll(tie, -1), np.full(run, ma))
            bank = np.repeat((1.0 - second)[:, None], run, axis=1)
            new = self._solve(bank, 1.0 - after, np.full(run, ma))
            done = float(np.max(np.abs(new - tie))) < tol * 1e-2
            tie = new
            if done:
                return tie, after, second
        raise SolveFailed("the tie-break rounds with the trash penalty did not settle")

    def _chase(self) -> Any:
        rows = self.rows
        t = np.arange(rows)[:, None]
        d = np.arange(rows)[None, :]
        chase = np.zeros((2, 2, rows + 1))  # the last deficit: no chance (and beyond)
        for on in (0, 1):
            for seat0 in (0, 1):
                tie = self.tie[0] if seat0 else 1.0 - self.tie[0]  # seat 0 opens (D-9)
                bank = np.where(t > d, 1.0, np.where(t == d, tie, 0.0))
                chase[on, seat0, :rows] = self._solve(
                    bank, np.zeros(rows), np.full(rows, self.min_after if on else self.open_min))
        return chase


class _Level(Coupled):
    """The columns ``(seat, a, ka, kb)`` of some levels ``a + b`` solved together (a bank
    moves up at least the smaller minimum, so none of them reads another) and where they
    lead."""

    def __init__(self, levels: Sequence[int], lo: int, ng: int, rules: Rules, e: int) -> None:
        run, pen = rules.trash_run, rules.trash_penalty // STEP
        parts: list[tuple[Any, ...]] = []
        start = 0
        for level in levels:
            amin, amax = max(lo, level - (ng - 1)), min(ng - 1, level - lo)
            na = amax - amin + 1
            per = na * run * run
            seat = np.repeat([0, 1], per)
            a = np.tile(np.repeat(np.arange(amin, amax + 1), run * run), 2)
            ka = np.tile(np.repeat(np.arange(run), run), 2 * na)
            kb = np.tile(np.arange(run), 2 * na * run)
            b = level - a
            # trash: the opponent moves with one more trash turn in the mover's run, or
            # after the penalty (not below the lowest score) with the run back at zero
            nka = ka + 1
            paid = nka >= run
            after = np.where(paid, np.maximum(a - pen, lo), a)
            nka = np.where(paid, 0, nka)
            same = after == a  # the successor is in this level
            col = start + (((1 - seat) * na + (b - amin)) * run + kb) * run + nka
            parts.append((seat, a, b, ka, kb, after, nka, same, np.where(same, col, 0)))
            start += len(a)
        seat, a, b, ka, kb, after, nka, same, succ_col = (
            np.concatenate(p) for p in zip(*parts, strict=True))
        self.seat, self.a, self.b, self.kb, self.lo, self.ng = seat, a, b, kb, lo, ng
        self.index = (seat, a - lo, b - lo, ka, kb)
        self.succ = (1 - seat, b - lo, after - lo, kb, nka)
        self.same, self.succ_col = same, succ_col
        opening, later = max(rules.opening_minimum // STEP, 1), max(rules.minimum // STEP, 1)
        self.minimum = np.where(a == 0, opening, later)
        self.cap = np.maximum(ng - a, self.minimum) + e

    def bank(self, ts: TurnSolver, win: Any, chase: Any) -> Any:
        """Banking ``t``: the opponent moves at ``b`` against ``a + t`` with the mover's
        run at 0, or chases ``a + t - b`` from the game point on."""
        rows = int(self.cap.max()) + ts.maxp + 1
        reach = self.a[None, :] + np.arange(rows)[:, None]
        opp = win[(1 - self.seat)[None, :], (self.b - self.lo)[None, :],
                  np.minimum(reach, self.ng - 1) - self.lo, self.kb[None, :], 0]
        d = np.clip(reach - self.b[None, :], 0, chase.shape[2] - 1)
        chased = chase[(self.b != 0).astype(int)[None, :], (self.seat == 1).astype(int)[None, :],
                       d]
        return 1.0 - np.where(reach < self.ng, opp, chased)

    def solve(self, ts: TurnSolver, win: Any, chase: Any, tol: float,
              step: str = NEWTON) -> tuple[Any, int]:
        """The level's values and the passes it took (see :meth:`Coupled.step`)."""
        return self.step(ts, self.bank(ts, win, chase), win[self.index].copy(),
                         1.0 - win[self.succ], tol, step)


def _blocks(rules: Rules, lo: int, ng: int) -> list[list[int]]:
    """The levels ``a + b`` top down, as many together as the smaller minimum has steps."""
    return level_blocks(lo, ng, max(min(rules.opening_minimum, rules.minimum) // STEP, 1))


def solve(rules: Rules, *, tol: float = 1e-9, max_sweeps: int = 500,
          extra: int = DEFAULT_EXTRA,
          progress: bool | Callable[[float], None] = False) -> PenaltyEndSolution:
    """Solve the two-player game with the trash penalty and a catch-up round (see the
    module's docstring); ``progress`` as for :func:`.core.solve`."""
    problem = unsupported(rules)
    if problem is not None:
        raise ValueError(problem)
    if extra < 0 or extra % STEP:
        raise ValueError("extra must be a non-negative multiple of 50")
    started = time.perf_counter()
    lo, ng = _range(rules)
    e = extra // STEP
    ts = TurnSolver(rules)
    end = _End(rules, ts, ng, e, tol)
    win = first_guess(rules, lo, ng, extra)
    plan = [_Level(block, lo, ng, rules, e) for block in _blocks(rules, lo, ng)]
    used, sweeps = run_sweeps(
        plan, lambda lev, step: lev.solve(ts, win, end.chase, tol, step), win, tol=tol, max_sweeps=max_sweeps,
        progress=progress, started=started, chord_below=CHORD_EARLY, settle_above=SETTLE_EARLY)
    passes = end.passes + used
    return PenaltyEndSolution(rules, lo, e, win, end.chase, end.tie, end.tie_trash,
                              end.tie_second, states=count_states(rules, extra),
                              iterations=passes, sweeps=sweeps,
                              seconds=time.perf_counter() - started,
                              notes={"extra": extra, "zero_tie_bound": zero_tie_bound(rules)})
