"""Perfect two-player play with surpassing (needs numpy).

Surpassing: a bank must beat what the previous turn added (the engine's minimum is
``last_turn_added + 50``; a turn that ended in trash added nothing).  So a turn start is ``(own score a,
opponent's score b, what the opponent's last turn added s)``, and ``s <= b`` because the
opponent's score holds that bank.  A bank of ``t`` moves to ``(b, a + t, t)`` at a higher
level ``a + b``; trash moves to ``(b, a, 0)`` at the same level.  So each level is solved
as in core, for its ``s = 0`` columns (coupled pairwise through trash, settled by Newton's
method), and then its ``s > 0`` columns in one pass, their trash value being known.  The
surpassing minimum is the column's minimum to bank; the bank values do not depend on ``s``.

Supported when the first to reach the game point wins at once (``catch_up = false``) and no
other option is on: a catch-up round would carry ``s`` into the catch-up and tie-break
turns.  Without a catch-up round there are no ties, so the seats do not matter.

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
from .core import TurnSolver, option_extra
from .surpass_table import unsupported

__all__ = ["SurpassSolution", "solve", "unsupported"]

STEP = dice.STEP
_DELTA = 1e-5


@dataclass
class SurpassSolution:
    """The solved values: ``win[a, b, s]`` for the player to move (steps of 50)."""

    rules: Rules
    win: Any  # (ng, ng, ng); only s <= b is meaningful
    states: int = 0
    iterations: int = 0
    seconds: float = 0.0
    notes: dict[str, Any] = field(default_factory=dict)

    def w(self, a: int, b: int, s: int = 0) -> float:
        return float(self.win[a, b, s])

    @property
    def first_player_win_probability(self) -> float:
        r = self.rules
        return self.w(r.starting_score(0) // STEP, r.starting_score(1) // STEP)


def solve(rules: Rules, *, tol: float = 1e-9, extra: int | None = None,
          progress: bool | Callable[[float], None] = False) -> SurpassSolution:
    """Solve the two-player game with surpassing (see the module's docstring).  ``extra``
    as in :func:`tenthousand.solver.penalty.solve`."""
    problem = unsupported(rules)
    if problem is not None:
        raise ValueError(problem)
    started = time.perf_counter()
    extra = option_extra(rules, extra)
    e = extra // STEP
    ng = rules.game_point // STEP
    ts = TurnSolver(rules)
    open_min, min_after = rules.opening_minimum // STEP, rules.minimum // STEP
    win = np.zeros((ng, ng, ng))
    passes = 0
    top = 2 * (ng - 1)
    for level in range(top, -1, -1):
        a = np.arange(max(0, level - ng + 1), min(level, ng - 1) + 1)
        b = level - a
        base = np.maximum(np.where(a == 0, open_min, min_after), 1)
        # s = 0 first: (a, b) and (b, a) are each other's trash
        bank = _bank(win, a, b, ng, ts.maxp, base, e)
        x, used = _newton(ts, bank, a, base, ng, e, win[a, b, 0].copy(), tol)
        passes += used
        win[a, b, 0] = x
        # then s = 1 .. b, with the trash value known
        cols = [(i, s) for i in range(len(a)) for s in range(1, int(b[i]) + 1)]
        if cols:
            idx = np.array([i for i, _ in cols])
            ss = np.array([s for _, s in cols])
            minimum = np.maximum(base[idx], ss + 1)
            cap = np.maximum(ng - a[idx], minimum) - 1 + e
            trash = 1.0 - win[b[idx], a[idx], 0]
            full = _bank(win, a[idx], b[idx], ng, ts.maxp, minimum, e)
            win[a[idx], b[idx], ss] = ts.solve(full, trash, minimum, cap)
            passes += 1
        if callable(progress) and level % 10 == 0:
            progress(1.0 - level / max(top, 1))
    states = int(sum(6 * (ng - a + e) * (b + 1) for a in range(ng) for b in range(ng)))
    return SurpassSolution(rules, win, states=states, iterations=passes,
                           seconds=time.perf_counter() - started, notes={"extra": extra})


def _bank(win: Any, a: Any, b: Any, ng: int, maxp: int, minimum: Any, e: int) -> Any:
    """Banking ``t``: the opponent moves at ``(b, a + t, t)``, or the mover has won."""
    cap = np.maximum(ng - a, minimum) - 1 + e
    rows = int(cap.max()) + maxp + 1
    t = np.arange(rows)[:, None]
    reach = a[None, :] + t
    inside = reach < ng
    opp = win[b[None, :], np.minimum(reach, ng - 1), np.minimum(t, ng - 1)]
    return np.where(inside, 1.0 - opp, 1.0)


def _newton(ts: TurnSolver, bank: Any, a: Any, minimum: Any, ng: int, e: int, x: Any,
            tol: float) -> tuple[Any, int]:
    """The ``s = 0`` columns of a level: column i's trash leads to column k - 1 - i."""
    k = len(a)
    partner = np.arange(k)[::-1]
    cap = np.maximum(ng - a, minimum) - 1 + e
    passes = 0
    for _ in range(50):
        passes += 1
        y = 1.0 - x[partner]
        both = ts.solve(np.concatenate([bank, bank], axis=1), np.concatenate([y, y + _DELTA]),
                        np.concatenate([minimum, minimum]), np.concatenate([cap, cap]))
        f, f2 = both[:k], both[k:]
        beta = (f2 - f) / _DELTA
        alpha = f - beta * y
        ap, bp = alpha[partner], beta[partner]
        new = (alpha + beta - beta * ap - beta * bp) / (1.0 - beta * bp)
        done = np.max(np.abs(new - x)) < tol
        x = new
        if done:
            break
    return x, passes
