"""Perfect two-player play with challenging (the ``challenging`` option; needs numpy).

With challenging a player may, at the start of a turn, challenge the other: a bank then
adds the turn score to his board and takes it off the other's; trash costs him a tenth of
the game point.  Each player has one such challenge below the game point (the second is
for the game point and above, which these rules never reach: the first to the game point
wins at once).  So a turn start is ``(own score a, opponent's score b, ca, cb)``, ``ca``
and ``cb`` saying whether each player still has his challenge.  Boards fall through
challenges only, so they stay above :func:`~.challenge_table.lowest`.

A challenge spends it for good, so the four kinds of positions are solved in order: no
challenge left to either player, then one left to one of them (the two kinds are each
other's partners after trash), then both.  Within a kind, a bank moves to a higher level
``a + b`` and trash hands the turn to the partner ``(b, a, cb, ca)`` at the same level, as in
:mod:`.core`.  A challenge turn moves elsewhere: its bank to ``(b - t, a + t)`` and its trash
to ``(b, a - penalty)``, both with the mover's challenge spent, so into a kind already
solved: its value is one turn solve, a constant of the level.  The mover's chance is the
better of the plain turn (linear in its trash value for a fixed policy) and that constant,
and each level is settled by Newton's method on the coupling with the partners.

Supported: any rule set the core solver takes, plus ``challenging`` when the first to reach
the game point wins at once (``catch_up = false``; with a catch-up round the second
challenges and the challenge in a last turn would enter the end game, which is not written)
and a tenth of the game point is a multiple of 50.

This module only calls :class:`.core.TurnSolver`; it changes nothing in core.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..model.rules import Rules
from . import dice
from .challenge_table import lowest, unsupported
from .core import SolveFailed, TurnSolver, option_extra, turn_states, value_and_slope

__all__ = ["ChallengeSolution", "count_states", "solve", "unsupported"]

STEP = dice.STEP
_DELTA = 1e-5  # finite-difference step for the slope of a turn's value in its trash value
_NEWTON = 30  # Newton passes before a level takes plain fixed-point steps
_PASSES = 2000  # and passes in all before the solve gives up
#: The kinds of positions, solved in this order: (mover's challenge left, opponent's).
_KINDS = (((0, 0),), ((1, 0), (0, 1)), ((1, 1),))


@dataclass
class ChallengeSolution:
    """The solved values: ``win[a - lo, b - lo, ca, cb]`` for the player to move."""

    rules: Rules
    lo: int  # the lowest score, in steps (<= 0)
    win: Any  # (N, N, 2, 2), N = game point - lo in steps
    states: int = 0
    iterations: int = 0
    seconds: float = 0.0
    notes: dict[str, Any] = field(default_factory=dict)

    def w(self, a: int, b: int, ca: int = 1, cb: int = 1) -> float:
        """The mover's chance at ``a`` against ``b`` (steps) with these challenges left."""
        return float(self.win[a - self.lo, b - self.lo, ca, cb])

    @property
    def first_player_win_probability(self) -> float:
        """The first player's chance from the starting scores (seats do not matter here)."""
        r = self.rules
        return self.w(r.starting_score(0) // STEP, r.starting_score(1) // STEP)


def count_states(rules: Rules, extra: int | None = None) -> int:
    """The states of the game: the four kinds x the opponent's score x (turn score, dice
    left) for each own score, the turn scores up to the cap (as :class:`_Level`'s)."""
    ng, lo = rules.game_point // STEP, lowest(rules)
    return turn_states(rules, lo, option_extra(rules, extra) // STEP) * (ng - lo) * 4


def solve(rules: Rules, *, tol: float = 1e-9, extra: int | None = None,
          progress: bool | Callable[[float], None] = False) -> ChallengeSolution:
    """Solve the two-player game with challenging (see the module's docstring).

    A turn score that reaches the game point banks (and wins) once the rules let it bank;
    with a compulsory throw after a corner the bank waits ``extra`` points more (default
    2,000, as core's turn cap; otherwise 0).  ``progress`` as for :func:`.core.solve`.
    """
    problem = unsupported(rules)
    if problem is not None:
        raise ValueError(problem)
    started = time.perf_counter()
    e = option_extra(rules, extra) // STEP
    ng, lo = rules.game_point // STEP, lowest(rules)
    n = ng - lo
    ts = TurnSolver(rules)
    minimums = (rules.opening_minimum // STEP, rules.minimum // STEP)
    pen = rules.challenge_penalties[0] // STEP
    win = np.full((n, n, 2, 2), np.nan)
    levels = range(2 * (ng - 1), 2 * lo - 1, -1)
    passes = 0
    done, total = 0, len(levels) * len(_KINDS)
    for kinds in _KINDS:
        for level in levels:
            lv = _Level(level, lo, ng, kinds, minimums, e)
            x, used = lv.solve(ts, win, pen, tol)
            win[lv.index] = x
            passes += used
            done += 1
            if done % 20 == 0:
                if callable(progress):
                    progress(done / total)
                elif progress:
                    print(f"level {done}/{total}: {time.perf_counter() - started:.1f}s",
                          flush=True)
    return ChallengeSolution(rules, lo, win, states=count_states(rules, e * STEP),
                             iterations=passes, seconds=time.perf_counter() - started,
                             notes={"extra": e * STEP})


class _Level:
    """The columns ``(a, b, ca, cb)`` of one level ``a + b`` and one group of kinds."""

    def __init__(self, level: int, lo: int, ng: int, kinds: tuple[tuple[int, int], ...],
                 minimums: tuple[int, int], extra: int) -> None:
        amin, amax = max(lo, level - (ng - 1)), min(ng - 1, level - lo)
        k = len(kinds)
        a = np.repeat(np.arange(amin, amax + 1), k)
        ca = np.tile([c for c, _ in kinds], amax - amin + 1)
        cb = np.tile([c for _, c in kinds], amax - amin + 1)
        b = level - a
        self.a, self.b, self.ca, self.cb, self.lo, self.ng = a, b, ca, cb, lo, ng
        self.index = (a - lo, b - lo, ca, cb)
        # the partner after trash: (b, a, cb, ca), in this level and group
        swap = np.array([kinds.index((d, c)) for c, d in kinds])
        self.partner = (b - amin) * k + np.tile(swap, amax - amin + 1)
        self.minimum = np.maximum(np.where(a == 0, minimums[0], minimums[1]), 1)
        # a turn score that reaches the game point banks (and wins) once it may bank
        self.cap = np.maximum(ng - a, self.minimum) - 1 + extra

    def _rows(self, ts: TurnSolver) -> Any:
        return np.arange(int(self.cap.max()) + ts.maxp + 1)[:, None]

    def bank(self, ts: TurnSolver, win: Any) -> Any:
        """Banking ``t`` in a plain turn: the opponent moves at ``(b, a + t, cb, ca)``."""
        reach = self.a[None, :] + self._rows(ts)
        opp = win[(self.b - self.lo)[None, :], np.minimum(reach, self.ng - 1) - self.lo,
                  self.cb[None, :], self.ca[None, :]]
        return np.where(reach < self.ng, 1.0 - opp, 1.0)

    def challenge(self, ts: TurnSolver, win: Any, pen: int) -> Any:
        """The value of a challenge turn for the columns with a challenge left (-inf for
        the others): banking ``t`` leaves the opponent at ``(b - t, a + t, cb, 0)``, trash
        at ``(b, a - penalty, cb, 0)``; a kind solved before this one."""
        value = np.full(len(self.a), -np.inf)
        cols = np.flatnonzero(self.ca == 1)
        if not len(cols):
            return value
        a, b, cb = self.a[cols], self.b[cols], self.cb[cols]
        t = self._rows(ts)
        reach = a[None, :] + t
        lo = self.lo
        opp = win[np.maximum(b[None, :] - t, lo) - lo, np.minimum(reach, self.ng - 1) - lo,
                  cb[None, :], 0]
        bank = np.where(reach < self.ng, 1.0 - opp, 1.0)
        trash = 1.0 - win[b - lo, np.maximum(a - pen, lo) - lo, cb, 0]
        value[cols] = ts.solve(bank, trash, self.minimum[cols], self.cap[cols])
        return value

    def guess(self, win: Any) -> Any:
        """A first value: the same position one step higher, where solved."""
        up = np.minimum(self.a + 1, self.ng - 1) - self.lo
        found = win[up, self.b - self.lo, self.ca, self.cb]
        return np.where(np.isnan(found) | (self.a + 1 >= self.ng), 0.5, found)

    def solve(self, ts: TurnSolver, win: Any, pen: int, tol: float) -> tuple[Any, int]:
        """The level's values (Newton on the trash coupling) and the passes it took."""
        bank = self.bank(ts, win)
        chal = self.challenge(ts, win, pen)
        x = self.guess(win)
        partner = self.partner
        alpha, beta = np.zeros(len(x)), np.zeros(len(x))
        active = np.arange(len(x))
        for passes in range(1, _PASSES + 1):
            y = 1.0 - x[partner[active]]
            f, slope = value_and_slope(ts, bank, active, y, self.minimum, self.cap)
            j = len(active)
            if passes > _NEWTON:  # plain fixed-point steps: a contraction
                slope = np.zeros(j)
            # the better of the plain turn and the challenge (a constant here)
            take = chal[active] > f
            beta[active] = np.where(take, 0.0, slope)
            alpha[active] = np.where(take, chal[active], f - slope * y)
            ap, bp = alpha[partner], beta[partner]
            new = (alpha + beta - beta * ap - beta * bp) / (1.0 - beta * bp)
            moved = np.abs(new - x) >= tol
            x = new
            if not moved.any():
                return x, passes
            # a column must be solved again if it or its partner moved
            active = np.flatnonzero(moved | moved[partner])
        raise SolveFailed(f"a level of challenging did not settle to {tol:g} after "
                          f"{_PASSES} passes")
