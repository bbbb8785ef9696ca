"""The offline solver: two-player win probabilities by value iteration (needs numpy).

The game is cut into *turn problems*.  A turn problem is one player's turn seen from the
outside: what banking a turn score ``t`` is worth (``bank[t]``), what trash is worth
(``trash``), the minimum to bank, and whether the throw after a corner must be taken.  Given
those, the best play inside the turn is a finite dynamic programme over (turn score, dice
left), solved backwards from high turn scores because every freeze adds points.  The solver
runs many turn problems side by side as the columns of numpy arrays.

Board states ``(own score a, opponent's score b, whether the player to move sits in seat 0)``
are solved level by level, in falling ``a + b``: a bank moves to a higher level, and trash
hands the turn to the opponent at the same level, so each level couples ``(a, b)`` with
``(b, a)`` only.  That coupling is linear in the trash value for a fixed policy, so Newton's
method (policy iteration) settles each level in two or three passes.

The end of the game is exact (D-8, D-9): a bank that reaches the game point gives the other
player one catch-up turn against a fixed deficit; a tie gives tie-break turns in seat order,
repeated until the tie breaks.  One truncation keeps the state space finite: a player whose
turn score exceeds ``turn_cap`` banks at once.  The cap is far above any turn score that
matters (see :data:`DEFAULT_EXTRA_CAP`), and the brute-force check in the tests solves the
same capped game independently.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..model.rules import Rules
from . import dice

STEP = dice.STEP
#: The turn cap lies this many points beyond the game point (see :func:`solve`).
DEFAULT_EXTRA = 2000
_DELTA = 1e-5  # finite-difference step for the slope of a turn's value in its trash value


@dataclass
class _Throw:
    """One kind of throw as flat numpy arrays for the inner loop."""

    trash: float
    probs: Any  # (groups,)
    offsets: Any  # (options,) row offsets p*6 + dice left, relative to the turn score row
    starts: Any  # (groups,) first option of each group


def _throw_arrays(rules: Rules, n: int, first: bool) -> _Throw:
    th = dice.throws(rules, n, first)
    probs: list[float] = []
    offsets: list[int] = []
    starts: list[int] = []
    for p, opts in th.groups:
        starts.append(len(offsets))
        probs.append(float(p))
        offsets.extend(points * 6 + left for points, left in opts)
    return _Throw(float(th.trash), np.array(probs), np.array(offsets, dtype=np.intp),
                  np.array(starts, dtype=np.intp))


class TurnSolver:
    """Solves many turn problems at once under one rule set."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.maxp = dice.max_points(rules)
        self.mandatory = rules.corner_throw_mandatory
        # All six kinds of throw after the first one, fused so that one gather per option
        # layer serves them all: groups sorted by their number of options, layer j holds
        # option j of every group that has more than j options.
        groups: list[tuple[int, float, list[int]]] = []
        self.trash = np.zeros(6)
        for n in range(1, 7):
            th = dice.throws(rules, n, False)
            self.trash[n - 1] = float(th.trash)
            for p, opts in th.groups:
                groups.append((n, float(p), [pts * 6 + left for pts, left in opts]))
        groups.sort(key=lambda g: -len(g[2]))
        self.probs = np.zeros((6, len(groups)))
        for i, (n, prob, _) in enumerate(groups):
            self.probs[n - 1, i] = prob
        self.layers = [np.array([g[2][j] for g in groups if len(g[2]) > j], dtype=np.intp)
                       for j in range(max(len(g[2]) for g in groups))]
        self.first = _throw_arrays(rules, 6, True)

    def solve(self, bank: Any, trash: Any, minimum: Any, cap: Any) -> Any:
        """The value of each column's turn at its start.

        ``bank`` is (rows, columns): the value of banking each turn score (in steps);
        ``trash``, ``minimum`` and ``cap`` are per column: a turn score above ``cap`` banks
        at once.  ``rows`` must exceed ``max(cap) + maxp``.
        """
        rows, cols = bank.shape
        top = int(np.max(cap))
        assert rows > top + self.maxp
        q = np.empty((rows * 6, cols))
        qv = q.reshape(rows, 6, cols)
        qv[top + 1:] = bank[top + 1:, None, :]  # above every cap: bank at once
        low = int(np.min(cap))
        for t in range(top, 0, -1):
            base = t * 6
            best = q[base + self.layers[0]]
            for layer in self.layers[1:]:
                part = best[:len(layer)]
                np.maximum(part, q[base + layer], out=part)
            v = self.probs @ best + self.trash[:, None] * trash[None, :]  # v[n-1]
            b = bank[t]
            ok = (t >= minimum) & (b > v)
            qv[t, 1:] = np.where(ok[:5], b, v[:5])
            # m = 0 is the corner: six fresh dice
            if self.mandatory:
                qv[t, 0] = v[5]  # the throw after a corner must be taken
            else:
                qv[t, 0] = np.where(ok[5], b, v[5])
            if t > low:
                qv[t] = np.where(t > cap, b, qv[t])
        th = self.first
        best = np.maximum.reduceat(q[th.offsets], th.starts, axis=0)
        return th.probs @ best + th.trash * trash


@dataclass
class Solution:
    """Everything the shipped table holds, plus the figures of the run."""

    rules: Rules
    extra: int  # the turn cap beyond the game point, in steps
    win: Any  # (2, NG, NG): win[s, a, b] for the player to move in seat s
    catch_up: Any  # (2, 2, D): [chaser on board, chaser in seat 0, deficit] -> chaser wins
    tie_first: float  # win probability of the first player of a tie-break round
    tie_second: Any  # (rows,): the second player's chance after the first added x steps
    states: int = 0
    iterations: int = 0
    seconds: float = 0.0
    notes: dict[str, Any] = field(default_factory=dict)

    @property
    def first_player_win_probability(self) -> float:
        """The starting player's chance, the starting seat drawn at random (D-7)."""
        return float((self.win[0, 0, 0] + self.win[1, 0, 0]) / 2)


def _steps(points: int) -> int:
    return points // STEP


def solve(rules: Rules, *, extra: int = DEFAULT_EXTRA, tol: float = 1e-9,
          progress: bool | Callable[[float], None] = False) -> Solution:
    """Solve the two-player game under ``rules`` (options other than numbers unsupported).

    ``progress`` True reports on stderr; a callable is called with the share done (0 to 1)
    now and then, for a window's progress bar.

    The truncation: in the normal game a player whose board plus turn score exceeds the
    game point plus ``extra`` banks at once; in catch-up and tie-break turns a turn score
    above the game point plus ``extra`` banks at once.
    """
    unsupported = rules.options
    if unsupported:
        raise ValueError(f"the solver does not handle options: {', '.join(unsupported)}")
    if extra % STEP or extra < 0:
        raise ValueError("extra must be a non-negative multiple of 50")
    started = time.perf_counter()
    ng = _steps(rules.game_point)
    e = _steps(extra)
    ts = TurnSolver(rules)
    open_min, min_after = _steps(rules.opening_minimum), _steps(rules.minimum)
    if max(open_min, min_after) > ng + e:
        raise ValueError("the minimum to bank is above the turn cap")
    end_cap = ng + e  # turn-score cap of catch-up and tie-break turns
    rows = end_cap + ts.maxp + 1
    t_idx = np.arange(rows)
    passes = 0

    # -- tie-break rounds (D-9): both tied players are on the board --------------------
    # second[x]: the second player's chance against a first player who added x.
    xs = np.arange(rows)
    tie_first = 0.5
    caps = np.full(rows, end_cap)
    for _ in range(200):
        passes += 1
        bank = np.where(t_idx[:, None] > xs[None, :], 1.0,
                        np.where(t_idx[:, None] == xs[None, :], 1.0 - tie_first, 0.0))
        trash = np.where(xs == 0, 1.0 - tie_first, 0.0)
        second = ts.solve(bank, trash, np.full(rows, min_after), caps)
        new = float(ts.solve((1.0 - second)[:, None], np.array([1.0 - second[0]]),
                             np.array([min_after]), np.array([end_cap]))[0])
        done = abs(new - tie_first) < tol * 1e-2
        tie_first = new
        if done:
            break

    # -- catch-up turns (D-8): the chaser needs more than the deficit d ----------------
    dmax = rows  # a + t - b stays below ng + e + maxp + 1
    ds = np.arange(dmax)
    catch_up = np.zeros((2, 2, dmax))
    for on_board in (0, 1):
        for seat0 in (0, 1):
            tie = tie_first if seat0 else 1.0 - tie_first  # seat 0 goes first (D-9)
            bank = np.where(t_idx[:, None] > ds[None, :], 1.0,
                            np.where(t_idx[:, None] == ds[None, :], tie, 0.0))
            minimum = np.full(dmax, min_after if on_board else open_min)
            passes += 1
            catch_up[on_board, seat0] = ts.solve(bank, np.zeros(dmax), minimum,
                                                 np.full(dmax, end_cap))

    # -- the main game, level by level ---------------------------------------------------
    win = np.full((2, ng, ng), np.nan)
    levels_passes = []
    for level in range(2 * ng - 2, -1, -1):
        a = np.arange(max(0, level - ng + 1), min(level, ng - 1) + 1)
        b = level - a
        k = len(a)
        # columns: (a, seat 0) for the first k, (a, seat 1) for the next k
        aa = np.concatenate([a, a])
        bb = np.concatenate([b, b])
        seat = np.concatenate([np.zeros(k, int), np.ones(k, int)])
        partner = np.concatenate([np.arange(k)[::-1] + k, np.arange(k)[::-1]])
        cap = ng + e - aa
        lrows = int(cap.max()) + ts.maxp + 1
        reach = aa[None, :] + np.arange(lrows)[:, None]  # own board after banking t
        inside = reach < ng
        opp_seat = 1 - seat
        wv = win[opp_seat[None, :], bb[None, :], np.minimum(reach, ng - 1)]
        d = np.clip(reach - bb[None, :], 0, dmax - 1)
        cv = catch_up[(bb > 0).astype(int)[None, :], (opp_seat == 0).astype(int)[None, :], d]
        if not rules.catch_up:
            cv = np.zeros_like(cv)  # the first to reach the game point wins at once
        bank = 1.0 - np.where(inside, wv, cv)
        minimum = np.maximum(np.where(aa == 0, open_min, min_after), 1)
        if level + 1 <= 2 * ng - 2:
            guess = win[seat, aa, np.minimum(bb + 1, ng - 1)]
            x = np.where(np.isnan(guess), 0.5, guess)
        else:
            x = np.full(2 * k, 0.5)
        alpha = np.zeros(2 * k)
        beta = np.zeros(2 * k)
        active = np.arange(2 * k)  # columns still moving; a pass solves only those
        for it in range(50):  # noqa: B007 - the count is reported
            passes += 1
            trash = 1.0 - x[partner[active]]
            cols = np.concatenate([active, active])
            both = ts.solve(bank[:, cols], np.concatenate([trash, trash + _DELTA]),
                            minimum[cols], cap[cols])
            j = len(active)
            f, f2 = both[:j], both[j:]
            beta_a = (f2 - f) / _DELTA
            alpha[active] = f - beta_a * trash
            beta[active] = beta_a
            ap, bp = alpha[partner], beta[partner]
            new = (alpha + beta - beta * ap - beta * bp) / (1.0 - beta * bp)
            moved = np.abs(new - x) >= tol
            x = new
            if not moved.any():
                break
            # a column must be solved again if it or its partner moved
            moving = moved | moved[partner]
            active = np.flatnonzero(moving)
        levels_passes.append(it + 1)
        win[seat, aa, bb] = x
        if callable(progress):
            if level % 20 == 0:
                progress(1.0 - level / max(1, 2 * ng - 2))
        elif progress and level % 20 == 0:
            print(f"level {level}: {time.perf_counter() - started:.1f}s "
                  f"passes {it + 1}", file=sys.stderr, flush=True)
    # states: board pairs x seat x (turn score, dice left) within the cap
    states = int(sum(2 * (ng + e - a) * 6 for a in range(ng)) * ng)
    return Solution(rules, e, win, catch_up, tie_first, second, states=states, iterations=passes,
                    seconds=time.perf_counter() - started,
                    notes={"level_passes_max": max(levels_passes)})
