"""Perfect two-player play with surpassing and the manuals' end (needs numpy).

Surpassing with a catch-up round and tie-breaks (D-8, D-9), the score to beat as D-14 has
it: what the opponent added on his most recent turn, in the catch-up and tie-break turns too.

*The normal game.*  A turn start is ``(seat, own score a, opponent's score b, what the
opponent's last turn added s)``, ``s <= b``; the seat matters because tie-breaks go in seat
order.  A bank of ``t`` below the game point moves to ``(other seat, b, a + t, t)`` at a
higher level ``a + b``, trash to ``(other seat, b, a, 0)`` at the same level, so a level is
solved as in :mod:`.surpass`, its ``s = 0`` columns by Newton's method on the trash pairs
and then its ``s > 0`` columns in one pass.  A bank that reaches the game point hands the
opponent his catch-up turn.

*The end.*  The chaser, ``d`` behind and on the board or not, must beat the finisher's last
bank ``s`` (D-14) as well as the minimum.  He wins with more than ``d``; exactly ``d`` ties,
and a tie-break round follows in seat order: if the chaser sits in seat 0 he opens it and
must beat ``s`` again, otherwise the finisher opens it and must beat the chaser's ``d``.
The first of a round who must beat ``s`` wins with a chance ``T(s)``; the second must beat
what the first added, so he cannot tie: any bank wins, and after two trashes a new round
starts with nothing to beat (``T(0)``, a fixed point solved first).  So the end needs
``T(s)``, the second's chance ``S2(x)`` after the first added ``x``, and the chaser's chance
``C(on board, seat 0, d, s)``; a chaser whose minimum is above ``d`` needs only to reach it.

The truncation is core's: in the normal game a turn whose board would pass the game point
plus ``extra`` banks at once (``max(game point, board + minimum) + extra``, as the
surpassing minimum may lie above the game point), and in catch-up and tie-break turns a
turn score above ``max(game point + extra, minimum)``.

Only :class:`.core.TurnSolver` is called; core is unchanged.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..model.rules import Rules
from . import dice
from .core import DEFAULT_EXTRA, SolveFailed, TurnSolver, level_starts
from .surpass_end_table import unsupported

__all__ = ["SurpassEndSolution", "count_states", "solve", "unsupported"]

STEP = dice.STEP
_DELTA = 1e-5
_NEWTON = 30  # Newton passes before a level takes plain fixed-point steps
_PASSES = 2000


@dataclass
class SurpassEndSolution:
    """The solved values, in steps of 50.

    ``win[seat, a, b, s]``: the mover's chance at a normal turn start (``s <= b``);
    ``chase[on, seat0, d, s]``: the chaser's, ``d`` behind, to beat ``s`` (0 for ``d`` at
    the end of the row and beyond); ``tie_first[s]``: the first of a tie-break round's, to
    beat ``s``; ``tie_second[x]``: the second's after the first added ``x``.
    """

    rules: Rules
    extra: int  # the truncation beyond the game point, in steps
    win: Any
    chase: Any
    tie_first: Any
    tie_second: Any
    states: int = 0
    iterations: int = 0
    seconds: float = 0.0
    notes: dict[str, Any] = field(default_factory=dict)

    def w(self, seat: int, a: int, b: int, s: int = 0) -> float:
        return float(self.win[seat, a, b, s])

    @property
    def first_player_win_probability(self) -> float:
        """The starting player's chance, the starting seat drawn at random (D-7)."""
        r = self.rules
        s0, s1 = r.starting_score(0) // STEP, r.starting_score(1) // STEP
        return (self.w(0, s0, s1) + self.w(1, s1, s0)) / 2


def count_states(rules: Rules, extra: int = DEFAULT_EXTRA) -> int:
    """(seat, a, b, s <= b, turn score up to the cap, dice left) of the normal game."""
    ng, e = rules.game_point // STEP, extra // STEP
    return int(2 * sum(6 * (ng - a + e) * (b + 1) for a in range(ng) for b in range(ng)))


class _End:
    """The catch-up and tie-break values (one solve each, before the normal game)."""

    def __init__(self, rules: Rules, ts: TurnSolver, ng: int, e: int, tol: float) -> None:
        self.ts, self.maxp = ts, ts.maxp
        self.end_cap = ng + e
        self.open_min = max(rules.opening_minimum // STEP, 1)
        self.min_after = max(rules.minimum // STEP, 1)
        maxp = self.maxp
        self.s_rows = self.end_cap + maxp + 1  # a finishing bank adds less than this
        self.d_rows = self.end_cap + 2 * maxp + 2  # a chaser adds less than this
        self.passes = 0
        top = self.d_rows + 2 * maxp + 2
        self.reach = self._reach(top)  # reach[m]: the chance to bank m or more
        x = np.arange(self.d_rows + maxp + 1)
        self.tie_second = self.reach[np.maximum(self.min_after, x + 1)]
        self.tie_first = self._tie_breaks(tol)
        self.chase = self._chase()

    def _cap(self, minimum: Any) -> Any:
        return np.maximum(self.end_cap, minimum)

    def _solve(self, bank: Any, trash: Any, minimum: Any, cap: Any) -> Any:
        self.passes += 1
        return self.ts.solve(bank, trash, minimum, cap)

    def _reach(self, top: int) -> Any:
        m = np.arange(top)
        cap = self._cap(np.maximum(m, 1))
        t = np.arange(int(cap.max()) + self.maxp + 1)[:, None]
        return self._solve((t >= m[None, :]).astype(float), np.zeros(top), np.maximum(m, 1),
                           cap)

    def _tie_breaks(self, tol: float) -> Any:
        """T(s) for s < d_rows, after the fixed point of T(0) and S2(0)."""
        ma, cap0 = self.min_after, int(self._cap(self.min_after))
        t = np.arange(cap0 + self.maxp + 1)[:, None]
        first, second = 0.5, 0.5
        for _ in range(200):
            # the second after the first's trash: any bank wins, trash starts a new round
            second = float(self._solve((t >= ma).astype(float), np.array([1.0 - first]),
                                       np.array([ma]), np.array([cap0]))[0])
            self.tie_second[0] = second
            new = float(self._solve(1.0 - self.tie_second[t], np.array([1.0 - second]),
                                    np.array([ma]), np.array([cap0]))[0])
            done = abs(new - first) < tol * 1e-2
            first = new
            if done:
                break
        else:
            raise SolveFailed("the tie-break rounds with surpassing did not settle")
        s = np.arange(self.d_rows)
        minimum = np.maximum(ma, s + 1)
        cap = self._cap(minimum)
        rows = np.arange(int(cap.max()) + self.maxp + 1)[:, None]
        bank = np.broadcast_to(1.0 - self.tie_second[rows], (len(rows), len(s)))
        out: Any = self._solve(np.ascontiguousarray(bank), np.full(len(s), 1.0 - second),
                               minimum, cap)
        return out

    def _chase(self) -> Any:
        """C[on, seat0, d, s] for d < d_rows (a row of zeros after), s < s_rows."""
        dr, sr = self.d_rows, self.s_rows
        chase = np.zeros((2, 2, dr + 1, sr))
        d = np.arange(dr)[:, None]
        s = np.arange(sr)[None, :]
        keys: dict[tuple[int, int, int], list[tuple[int, int, Any, Any]]] = {}
        for on in (0, 1):
            m = np.maximum(self.min_after if on else self.open_min, s + 1) + 0 * d
            cap = self._cap(m)
            needs = m > d  # the minimum lies above the deficit: reaching it wins
            chase[on, :, :dr][:, needs] = self.reach[m[needs]]
            for seat0 in (0, 1):
                # tau: T(s) when the chaser opens the tie-break, else 1 - T(d); columns
                # with the same deficit, tie value and cap are one turn problem
                tau_key = (np.maximum(s, self.min_after - 1) + 0 * d if seat0
                           else -1 - d + 0 * s)
                for dd, ss in zip(*np.nonzero(~needs), strict=True):
                    key = (int(dd), int(tau_key[dd, ss]), int(cap[dd, ss]))
                    keys.setdefault(key, []).append((on, seat0, int(dd), int(ss)))
        cols = list(keys)
        dd = np.array([k[0] for k in cols])
        tk = np.array([k[1] for k in cols])
        cap = np.array([k[2] for k in cols])
        tau = np.where(tk >= 0, self.tie_first[np.maximum(tk, 0)],
                       1.0 - self.tie_first[np.minimum(-1 - tk, dr - 1)])
        t = np.arange(int(cap.max()) + self.maxp + 1)[:, None]
        bank = np.where(t > dd[None, :], 1.0, np.where(t == dd[None, :], tau[None, :], 0.0))
        # below d a bank is worth nothing, so the minimum (at most d here) does not matter
        values = self._solve(bank, np.zeros(len(cols)), np.ones(len(cols), int), cap)
        for key, value in zip(cols, values, strict=True):
            for on, seat0, d1, s1 in keys[key]:
                chase[on, seat0, d1, s1] = value
        return chase


def solve(rules: Rules, *, tol: float = 1e-9, extra: int = DEFAULT_EXTRA,
          progress: bool | Callable[[float], None] = False) -> SurpassEndSolution:
    """Solve the two-player game with surpassing and a catch-up round (see the module's
    docstring); ``progress`` as for :func:`.core.solve`."""
    problem = unsupported(rules)
    if problem is not None:
        raise ValueError(problem)
    if extra < 0 or extra % STEP:
        raise ValueError("extra must be a non-negative multiple of 50")
    started = time.perf_counter()
    e = extra // STEP
    ng = rules.game_point // STEP
    ts = TurnSolver(rules)
    end = _End(rules, ts, ng, e, tol)
    game = _Game(rules, ts, ng, e, end)
    passes = end.passes + game.run(tol, progress)
    return SurpassEndSolution(rules, e, game.win, end.chase, end.tie_first, end.tie_second,
                              states=count_states(rules, extra), iterations=passes,
                              seconds=time.perf_counter() - started,
                              notes={"extra": extra})


class _Game:
    """The normal game's turn starts, level by level in falling ``a + b``."""

    def __init__(self, rules: Rules, ts: TurnSolver, ng: int, e: int, end: _End) -> None:
        self.ts, self.ng, self.e, self.end = ts, ng, e, end
        self.open_min = max(rules.opening_minimum // STEP, 1)
        self.min_after = max(rules.minimum // STEP, 1)
        self.win = np.full((2, ng, ng, ng), np.nan)

    def cap(self, a: Any, minimum: Any) -> Any:
        return np.maximum(self.ng - a, minimum) + self.e

    def bank(self, seat: Any, a: Any, b: Any, minimum: Any) -> Any:
        """Banking ``t``: the opponent moves at ``(b, a + t, t)``, or chases ``a + t - b``."""
        ng, end = self.ng, self.end
        rows = int(self.cap(a, minimum).max()) + self.ts.maxp + 1
        t = np.arange(rows)[:, None]
        reach = a[None, :] + t
        opp = self.win[1 - seat[None, :], b[None, :], np.minimum(reach, ng - 1),
                       np.minimum(t, ng - 1)]
        d = np.minimum(reach - b[None, :], end.d_rows)
        chased = end.chase[(b != 0).astype(int)[None, :], (seat == 1).astype(int)[None, :],
                           np.maximum(d, 0), np.minimum(t, end.s_rows - 1)]
        out = np.where(reach < ng, 1.0 - opp, 1.0 - chased)
        out[0] = 0.0  # no bank of nothing (row 0 would read this level, not yet solved)
        return out

    def run(self, tol: float, progress: bool | Callable[[float], None]) -> int:
        ng = self.ng
        passes = 0
        top = 2 * (ng - 1)
        for level in range(top, -1, -1):
            aa, bb, seat, partner = level_starts(level, ng)
            base = np.where(aa == 0, self.open_min, self.min_after)
            x, used = self._newton(seat, aa, bb, base, partner, tol)
            passes += used
            self.win[seat, aa, bb, 0] = x
            # then s = 1 .. b, with the trash value known
            idx = np.repeat(np.arange(len(aa)), bb)
            if len(idx):
                ss = np.concatenate([np.arange(1, int(n) + 1) for n in bb if n > 0])
                minimum = np.maximum(base[idx], ss + 1)
                sa, sb, st = aa[idx], bb[idx], seat[idx]
                trash = 1.0 - self.win[1 - st, sb, sa, 0]
                self.win[st, sa, sb, ss] = self.ts.solve(self.bank(st, sa, sb, minimum), trash,
                                                         minimum, self.cap(sa, minimum))
                passes += 1
            if level % 10 == 0:
                if callable(progress):
                    progress(1.0 - level / max(top, 1))
                elif progress:
                    print(f"level {level}", flush=True)
        return passes

    def _newton(self, seat: Any, a: Any, b: Any, minimum: Any, partner: Any,
                tol: float) -> tuple[Any, int]:
        """The ``s = 0`` columns of a level: column i's trash leads to its partner."""
        bank = self.bank(seat, a, b, minimum)
        cap = self.cap(a, minimum)
        n = len(a)
        x = np.full(n, 0.5)
        alpha, beta = np.zeros(n), np.zeros(n)
        active = np.arange(n)
        for passes in range(1, _PASSES + 1):
            y = 1.0 - x[partner[active]]
            both = self.ts.solve(bank[:, np.concatenate([active, active])],
                                 np.concatenate([y, y + _DELTA]),
                                 np.concatenate([minimum[active], minimum[active]]),
                                 np.concatenate([cap[active], cap[active]]))
            j = len(active)
            f, slope = both[:j], (both[j:] - both[:j]) / _DELTA
            if passes > _NEWTON:  # plain fixed-point steps: a contraction
                slope = np.zeros(j)
            beta[active] = slope
            alpha[active] = f - slope * y
            ap, bp = alpha[partner], beta[partner]
            new = (alpha + beta - beta * ap - beta * bp) / (1.0 - beta * bp)
            moved = np.abs(new - x) >= tol
            x = new
            if not moved.any():
                return x, passes
            active = np.flatnonzero(moved | moved[partner])
        raise SolveFailed(f"a level with surpassing did not settle to {tol:g}")
