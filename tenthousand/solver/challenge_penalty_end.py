"""Perfect two-player play with challenging, the trash penalty and the manuals' end (needs
numpy).

Both options with a catch-up round and tie-breaks (D-8, D-9, D-11), and a lowest score
``score_floor`` (the penalty needs it, as in :mod:`.penalty_end`): each player has a first
challenge (below the game point; trash in it costs a tenth of the game point) and a second
(at the game point or above; four tenths); ``trash_run`` trash turns in a row cost
``trash_penalty``.  As the engine plays it, a trash in a challenge turn costs the challenge's
penalty *and* counts towards the run (both penalties apply, the challenge's first, neither
below the lowest score), a bank ends the mover's run, and the challenged player's run is
not touched; a challenge bank takes at most down to the lowest score.

*The normal game.*  A turn start is ``(seat, a, b, ca, cb, ka, kb)``: both boards from the
lowest score up, both first challenges, both runs.  A challenge spends it for good, so the
kinds ``(ca, cb)`` are solved as in :mod:`.challenge_end` (none left, one, both): a
challenge turn leads only to a kind solved before, and its value is fixed while a kind is
solved.  Within a kind the plain turns are :mod:`.penalty_end`'s: levels of ``a + b`` top
down, in sweeps until no value moves (a penalty moves down a level), one Newton or chord
step on the trash coupling inside a level a sweep (:class:`.sweeps.Coupled`), the
better of the plain turn and the challenge at each start.  The first kind starts from the
game without options, each later group from the kind solved first.

*The end* is :mod:`.challenge_end`'s, with the lowest score, and the runs play no part in
it.  The finisher has just banked (his run is 0), the chaser loses with any trash, so a tie
comes only from his bank: the first tie-break round starts with both runs at 0, and each
player's trash in it makes his run 1, never the penalty (``trash_run`` is at least 2).  A
tie after a round goes on as rounds far above the game point (challenge_end's one
truncation); there both runs are alike, a trash of each costs both the same, so the rounds
are challenge_end's ``far``.  The lowest score changes one thing: a challenge bank of ``t``
in a round at ``x`` leaves the other at ``max(x - t, lowest)``, so he must beat ``x + t``
from there (a tie after a catch-up turn is always above the lowest score, so nothing else
meets it).

The truncation of a turn is core's: in the normal game a turn score above ``max(game point -
board, minimum) + extra`` banks at once, in the last turns one above ``max(game point +
extra, minimum)``.  Only :class:`.core.TurnSolver` is called; core is unchanged.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..model.rules import Rules
from . import challenge_end, dice
from .challenge_end import _KINDS, Bounds
from .challenge_penalty_end_table import floor_steps, unsupported
from .core import DEFAULT_EXTRA, SolveFailed, TurnSolver
from .sweeps import Coupled, first_guess, sweep_step

__all__ = ["ChallengePenaltyEndSolution", "bounds", "count_states", "solve", "unsupported"]

STEP = dice.STEP


def bounds(rules: Rules, maxp: int, extra: int) -> Bounds:
    """challenge_end's ranges with the lowest score: no board goes below it."""
    ng, e = rules.game_point // STEP, extra
    om, ma = max(rules.opening_minimum // STEP, 1), max(rules.minimum // STEP, 1)
    lo = floor_steps(rules)
    caps = [max(ng - a, om if a == 0 else ma) + e for a in range(lo, ng)]
    f_hi = max(a + cap for a, cap in zip(range(lo, ng), caps, strict=True)) + maxp
    rows = max(ng + e, om, ma) + maxp + 1
    return Bounds(ng, e, lo, lo, f_hi, rows, max(ng - (rows - 1), lo + 1),
                  max(ng + rows, f_hi))


@dataclass
class ChallengePenaltyEndSolution:
    """The solved values, in steps of 50 (indices shifted by the bounds' lows).

    ``win[seat, a - lo, b - lo, ca, cb, ka, kb]``: the mover's chance at a normal turn
    start; ``chase``, ``tie``, ``far``, ``s_plain``, ``s_chal``: the end, as in
    :class:`.challenge_end.ChallengeEndSolution`.
    """

    rules: Rules
    bounds: Bounds
    win: Any
    chase: Any
    tie: Any
    far: Any
    s_plain: Any
    s_chal: Any
    states: int = 0
    iterations: int = 0
    sweeps: int = 0
    seconds: float = 0.0
    notes: dict[str, Any] = field(default_factory=dict)

    def w(self, seat: int, a: int, b: int, ca: int = 1, cb: int = 1, ka: int = 0,
          kb: int = 0) -> float:
        lo = self.bounds.lo
        return float(self.win[seat, a - lo, b - lo, ca, cb, ka, kb])

    @property
    def first_player_win_probability(self) -> float:
        """The starting player's chance, the starting seat drawn at random (D-7)."""
        r = self.rules
        s0, s1 = r.starting_score(0) // STEP, r.starting_score(1) // STEP
        return (self.w(0, s0, s1) + self.w(1, s1, s0)) / 2


def count_states(rules: Rules, extra: int = DEFAULT_EXTRA) -> int:
    """(seat, a, b, ca, cb, ka, kb, turn score up to the cap, dice left) of the normal game."""
    bd = bounds(rules, dice.max_points(rules), extra // STEP)
    om, ma = max(rules.opening_minimum // STEP, 1), max(rules.minimum // STEP, 1)
    n = bd.ng - bd.lo
    return int(8 * n * rules.trash_run ** 2 * sum(
        6 * (max(bd.ng - a, om if a == 0 else ma) + bd.extra) for a in range(bd.lo, bd.ng)))


class _End(challenge_end._End):
    """challenge_end's end with the lowest score."""

    def __init__(self, rules: Rules, ts: TurnSolver, bd: Bounds, tol: float) -> None:
        self.floor = bd.lo
        super().__init__(rules, ts, bd, tol)

    def _challenged(self, board: Any) -> Any:
        return np.maximum(board, self.floor)


class _Level(Coupled):
    """The columns ``(seat, a, kind, ka, kb)`` of one level ``a + b`` and one group of kinds."""

    def __init__(self, level: int, bd: Bounds, kinds: tuple[tuple[int, int], ...],
                 rules: Rules) -> None:
        lo, ng, run = bd.lo, bd.ng, rules.trash_run
        tpen, cpen = rules.trash_penalty // STEP, rules.challenge_penalties[0] // STEP
        amin, amax = max(lo, level - (ng - 1)), min(ng - 1, level - lo)
        k, na = len(kinds), amax - amin + 1
        rr = run * run
        seat = np.repeat([0, 1], na * k * rr)
        a = np.tile(np.repeat(np.arange(amin, amax + 1), k * rr), 2)
        kind = np.tile(np.repeat(np.arange(k), rr), 2 * na)
        ka = np.tile(np.repeat(np.arange(run), run), 2 * na * k)
        kb = np.tile(np.arange(run), 2 * na * k * run)
        table = np.array(kinds)
        ca, cb = table[kind, 0], table[kind, 1]
        b = level - a
        self.bd, self.seat, self.a, self.b, self.ca, self.cb, self.kb = bd, seat, a, b, ca, cb, kb
        self.index = (seat, a - lo, b - lo, ca, cb, ka, kb)
        # trash: one more in the mover's run; at ``run`` the penalty, the run back at 0
        nka = ka + 1
        paid = nka >= run
        nka = np.where(paid, 0, nka)
        after = np.where(paid, np.maximum(a - tpen, lo), a)
        self.succ = (1 - seat, b - lo, after - lo, cb, ca, kb, nka)
        self.same = after == a  # the plain trash stays in this level
        swap = np.array([kinds.index((d, c)) for c, d in kinds])
        col = (((((1 - seat) * na + (b - amin)) * k + swap[kind]) * run + kb) * run + nka)
        self.succ_col = np.where(self.same, col, 0)
        # a challenge's trash: its penalty, then the run's, neither below the lowest score
        hit = np.maximum(a - cpen, lo)
        hit = np.where(paid, np.maximum(hit - tpen, lo), hit)
        self.chal_succ = (1 - seat, b - lo, hit - lo, cb, 0 * cb, kb, nka)
        om, ma = max(rules.opening_minimum // STEP, 1), max(rules.minimum // STEP, 1)
        self.minimum = np.where(a == 0, om, ma)
        self.cap = np.maximum(ng - a, self.minimum) + bd.extra
        self.chal: Any = None

    def _rows(self, ts: TurnSolver, cols: Any) -> Any:
        return np.arange(int(self.cap[cols].max()) + ts.maxp + 1)[:, None]

    def _ends(self, win: Any, chase: Any, cols: Any, t: Any, challenge: bool) -> Any:
        """Banking ``t``: the opponent's next turn start, or his catch-up turn."""
        bd = self.bd
        lo, ng = bd.lo, bd.ng
        a, b, seat = self.a[cols][None, :], self.b[cols][None, :], self.seat[cols][None, :]
        ca, cb, kb = self.ca[cols][None, :], self.cb[cols][None, :], self.kb[cols][None, :]
        reach = a + t
        loser = np.maximum(b - t, lo) if challenge else b + 0 * t
        cf = 0 * ca if challenge else ca
        opp = win[1 - seat, loser - lo, np.minimum(reach, ng - 1) - lo, cb, cf, kb, 0]
        fin = chase[1 - seat, cb, cf, loser - bd.c_lo, np.clip(reach - ng, 0, chase.shape[4] - 1)]
        out = np.where(reach < ng, 1.0 - opp, 1.0 - fin)
        out[0] = 0.0  # no bank of nothing
        return out

    def challenges(self, ts: TurnSolver, win: Any, chase: Any) -> Any:
        """The challenge turn's value (-inf without a challenge left): kinds solved before."""
        value = np.full(len(self.a), -np.inf)
        cols = np.flatnonzero(self.ca == 1)
        if len(cols):
            bank = self._ends(win, chase, cols, self._rows(ts, cols), True)
            trash = 1.0 - win[tuple(part[cols] for part in self.chal_succ)]
            value[cols] = ts.solve(bank, trash, self.minimum[cols], self.cap[cols])
        return value

    def solve(self, ts: TurnSolver, win: Any, chase: Any, tol: float,
              step: str) -> tuple[Any, int]:
        """The level's values and the passes it took (the shared level step, the better
        of the plain turn and the challenge at each start)."""
        cols = np.arange(len(self.a))
        bank = self._ends(win, chase, cols, self._rows(ts, cols), False)
        if self.chal is None:
            self.chal = self.challenges(ts, win, chase)
        return self.step(ts, bank, win[self.index].copy(), 1.0 - win[self.succ], tol, step)

    def _couple(self, f: Any, alpha: Any, beta: Any, tol: float) -> Any:
        """The level's values: the better of the challenge and ``alpha + beta * trash``
        where trash stays in the level, of the challenge and ``f`` where it leaves."""
        take = self.chal > f
        return super()._couple(np.maximum(f, self.chal), np.where(take, self.chal, alpha),
                               np.where(take, 0.0, beta), tol)


def _group(rules: Rules, ts: TurnSolver, bd: Bounds, kinds: tuple[tuple[int, int], ...],
           win: Any, chase: Any, tol: float, max_sweeps: int,
           report: Callable[[int, int], None]) -> tuple[int, int]:
    """Solve one group of kinds in sweeps; the passes and sweeps it took."""
    plan = [_Level(level, bd, kinds, rules) for level in range(2 * (bd.ng - 1), 2 * bd.lo - 1, -1)]
    passes, moved, before = 0, 1.0, 1.0
    for sweep in range(1, max_sweeps + 1):
        step = sweep_step(sweep, moved, before)
        before, moved = moved, 0.0
        for k, lev in enumerate(plan):
            new, used = lev.solve(ts, win, chase, tol, step)
            passes += used
            moved = max(moved, float(np.max(np.abs(new - win[lev.index]))))
            win[lev.index] = new
            if k % 20 == 0:
                report(sweep, k * 100 // len(plan))
        if moved < tol:
            return passes, sweep
    raise SolveFailed(f"the sweeps of challenging with the trash penalty did not settle to "
                      f"{tol:g}")


def solve(rules: Rules, *, tol: float = 1e-9, max_sweeps: int = 500,
          extra: int = DEFAULT_EXTRA,
          progress: bool | Callable[[float], None] = False) -> ChallengePenaltyEndSolution:
    """Solve the two-player game with challenging, the trash penalty, the catch-up round
    and tie-breaks (see the module's docstring); ``progress`` as for :func:`.core.solve`."""
    problem = unsupported(rules)
    if problem is not None:
        raise ValueError(problem)
    if extra < 0 or extra % STEP:
        raise ValueError("extra must be a non-negative multiple of 50")
    started = time.perf_counter()
    ts = TurnSolver(rules)
    bd = bounds(rules, ts.maxp, extra // STEP)
    end = _End(rules, ts, bd, tol)
    n, run = bd.ng - bd.lo, rules.trash_run
    # the first guess: the game without options, then each group from the kind solved
    # first (no challenge left: the penalty's values)
    plain = first_guess(rules, bd.lo, bd.ng, extra)
    win = np.ascontiguousarray(np.broadcast_to(plain[:, :, :, None, None],
                                               (2, n, n, 2, 2, run, run)))
    passes, sweeps = end.passes, 0
    for g, kinds in enumerate(_KINDS):
        if g:
            for ca, cb in kinds:
                win[:, :, :, ca, cb] = win[:, :, :, 0, 0]
        def report(sweep: int, percent: int, g: int = g) -> None:
            if callable(progress):  # the sweeps are not known ahead: about ten a group
                progress(min(0.99, 0.05 + 0.95 * (g + min(sweep - 1 + percent / 100, 10) / 10)
                             / len(_KINDS)))
            elif progress and percent == 0:
                print(f"kinds {g + 1}/{len(_KINDS)}, sweep {sweep}: "
                      f"{time.perf_counter() - started:.1f}s", file=sys.stderr, flush=True)

        used, swept = _group(rules, ts, bd, kinds, win, end.chase, tol, max_sweeps, report)
        passes += used
        sweeps += swept
    return ChallengePenaltyEndSolution(
        rules, bd, win, end.chase, end.tie, end.far, end.s_plain, end.s_chal,
        states=count_states(rules, extra), iterations=passes, sweeps=sweeps,
        seconds=time.perf_counter() - started,
        notes={"extra": extra, "end_columns": end.columns})
