"""Perfect two-player play with challenging and the manuals' end (needs numpy).

Challenging with a catch-up round and tie-breaks (D-8, D-9): each player has a first
challenge, made while his board is below the game point (a trash in it costs a tenth of the
game point), and a second, made only at the game point or above (four tenths).  A bank in
a challenge turn adds to the challenger's board and takes as much off the other's; boards
may go below zero.

*The normal game.*  Both boards are below the game point, so only first challenges are
made: a turn start is ``(seat, a, b, ca, cb)``, solved kind by kind and level by level as
in :mod:`.challenge`, with the seat added (tie-breaks go in seat order).  A bank moves a
level up by at least the smaller minimum, so that many levels are solved together in one
fixed point (wider solves of the turn programme, which cost less per column); a column's
first value is a plane through solved states ``h`` above it, corrected by the plane at
``2h`` (``h``: how many levels of its block lie above it and itself).  A bank that takes
the mover to the game point ``f`` hands the opponent, at ``c`` (``b``, or ``b - t`` after a
challenge bank), his catch-up turn.

*The catch-up turn.*  The chaser, below the game point, may make his first challenge: a
plain bank of ``t`` wins when ``c + t > f``, a challenge bank when ``c + t > f - t``; trash
loses either way.  Exactly level is a tie at ``f`` (plain) or ``c + t`` (challenge, the
finisher dropped below his own score, maybe below the game point).

*Tie-break rounds.*  Both at ``x``, seat 0 then seat 1 play one turn each; each may challenge
with the challenge his board allows (first below the game point, second at or above), so a
round depends on ``x`` and the four flags.  A round is solved exactly, ``tie[x, f1, s1, f2,
s2]``; **the one truncation beyond core's turn cap**: a tie at the end of a tie-break round
goes on as rounds far above the game point, where only the second challenges count
(``far[s1, s2]``, each a fixed point of its round solved first).  The second player's turn
depends on what he must beat ``D`` (``D >= 0``; ahead he wins by not challenging), whether
his board is zero (the opening minimum) and the flags the rounds after it start with: the
tables ``s_plain[k, zero, D]`` and ``s_chal[k, zero, D]``.

The truncation of a turn is core's: in the normal game a turn score above ``max(game point -
board, minimum) + extra`` banks at once, in the last turns one above ``max(game point +
extra, minimum)``.  Only :class:`.core.TurnSolver` is called (through
:func:`.core.solve_wide`); core's own game is unchanged.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..model.rules import Rules
from . import dice
from .challenge_end_table import lowest, unsupported
from .core import DEFAULT_EXTRA, SolveFailed, TurnSolver, level_blocks, solve_wide

__all__ = ["ChallengeEndSolution", "Bounds", "count_states", "solve", "unsupported"]

STEP = dice.STEP
_DELTA = 1e-5
_NEWTON = 30
_PASSES = 2000
_KINDS = (((0, 0),), ((1, 0), (0, 1)), ((1, 1),))
_CHUNK = 1024  # end-game columns per solve (the turn programme is fastest on arrays that
#               fit the caches: about twice as fast as on 4,096 columns)
#: A chord step (the old slope) must shrink the step at least this much, or the column
#: gets a new slope (a solve at trash + delta) in its next pass.
_SHRINK = 1e-3


@dataclass(frozen=True)
class Bounds:
    """The ranges of the tables, in steps (see :func:`bounds`)."""

    ng: int
    extra: int
    lo: int  # lowest board of the normal game
    c_lo: int  # lowest board of a chaser
    f_hi: int  # highest board of a finisher
    rows: int  # turn scores of a last turn: 0 .. rows - 1
    x_lo: int  # lowest board of a tie-break round
    x_hi: int  # beyond it a round is one far above the game point


def bounds(rules: Rules, maxp: int, extra: int) -> Bounds:
    """The ranges: a bank in the normal game adds at most its cap plus ``maxp``."""
    ng, e = rules.game_point // STEP, extra
    om, ma = max(rules.opening_minimum // STEP, 1), max(rules.minimum // STEP, 1)
    lo = lowest(rules)
    caps = [max(ng - a, om if a == 0 else ma) + e for a in range(lo, ng)]
    top = max(caps) + maxp
    f_hi = max(a + cap for a, cap in zip(range(lo, ng), caps, strict=True)) + maxp
    rows = max(ng + e, om, ma) + maxp + 1
    return Bounds(ng, e, lo, lo - top, f_hi, rows, ng - (rows - 1), max(ng + rows, f_hi))


@dataclass
class ChallengeEndSolution:
    """The solved values, in steps of 50 (indices shifted by the bounds' lows).

    ``win[seat, a - lo, b - lo, ca, cb]``: the mover's chance at a normal turn start;
    ``chase[seat, cc, cf, c - c_lo, f - ng]``: the chaser's (in ``seat``) at ``c`` against
    the finisher's ``f``; ``tie[x - x_lo, f1, s1, f2, s2]``: seat 0's at the start of a
    tie-break round at ``x``; ``far[2 * s1 + s2]``: the same far above the game point;
    ``s_plain`` and ``s_chal[k, zero, D]``: the second's, ``D`` behind, without and with a
    challenge, the rounds after his turn starting with ``k = 2 * s1 + s2``.
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
    seconds: float = 0.0
    notes: dict[str, Any] = field(default_factory=dict)

    def w(self, seat: int, a: int, b: int, ca: int = 1, cb: int = 1) -> float:
        lo = self.bounds.lo
        return float(self.win[seat, a - lo, b - lo, ca, cb])

    @property
    def first_player_win_probability(self) -> float:
        """The starting player's chance, the starting seat drawn at random (D-7)."""
        r = self.rules
        s0, s1 = r.starting_score(0) // STEP, r.starting_score(1) // STEP
        return (self.w(0, s0, s1) + self.w(1, s1, s0)) / 2


def count_states(rules: Rules, extra: int = DEFAULT_EXTRA) -> int:
    """(seat, a, b, ca, cb, turn score up to the cap, dice left) of the normal game."""
    b = bounds(rules, dice.max_points(rules), extra // STEP)
    om, ma = max(rules.opening_minimum // STEP, 1), max(rules.minimum // STEP, 1)
    n = b.ng - b.lo
    return int(8 * n * sum(6 * (max(b.ng - a, om if a == 0 else ma) + b.extra)
                           for a in range(b.lo, b.ng)))


def solve(rules: Rules, *, tol: float = 1e-9, extra: int = DEFAULT_EXTRA,
          progress: bool | Callable[[float], None] = False) -> ChallengeEndSolution:
    """Solve the two-player game with challenging, its catch-up round and tie-breaks (see
    the module's docstring); ``progress`` as for :func:`.core.solve`."""
    problem = unsupported(rules)
    if problem is not None:
        raise ValueError(problem)
    if extra < 0 or extra % STEP:
        raise ValueError("extra must be a non-negative multiple of 50")
    started = time.perf_counter()
    ts = TurnSolver(rules)
    bd = bounds(rules, ts.maxp, extra // STEP)
    end = _End(rules, ts, bd, tol)
    if callable(progress):
        progress(0.05)
    game = _Game(rules, ts, bd, end.chase)
    passes = end.passes + game.run(tol, progress)
    return ChallengeEndSolution(rules, bd, game.win, end.chase, end.tie, end.far,
                                end.s_plain, end.s_chal, states=count_states(rules, extra),
                                iterations=passes, seconds=time.perf_counter() - started,
                                notes={"extra": extra, "end_columns": end.columns})


class _End:
    """The far rounds, the second's tables, the tie-break rounds and the catch-up turns."""

    def __init__(self, rules: Rules, ts: TurnSolver, bd: Bounds, tol: float) -> None:
        self.ts, self.bd = ts, bd
        self.om = max(rules.opening_minimum // STEP, 1)
        self.ma = max(rules.minimum // STEP, 1)
        self.passes = self.columns = 0
        r = bd.rows
        self.far = np.full(4, np.nan)
        self.s_plain = np.zeros((4, 2, 2 * r))
        self.s_chal = np.zeros((4, 2, 2 * r))
        for k in (0, 2, 1, 3):  # fewer challenges left first
            self._far(k, tol)
            for zero in (0, 1):
                self.s_plain[k, zero], self.s_chal[k, zero] = self._seconds(k, zero)
        self.tie = self._ties()
        self.chase = self._chases()

    def _cap(self, minimum: Any) -> Any:
        return np.maximum(self.bd.ng + self.bd.extra, minimum)

    def _solve(self, bank: Any, trash: Any, minimum: Any) -> Any:
        """Turn problems of the last turns, :data:`_CHUNK` at a time."""
        minimum = np.asarray(minimum)
        n = bank.shape[1]
        self.passes += -(-n // _CHUNK)
        self.columns += n
        return solve_wide(self.ts, bank, np.asarray(trash), minimum, self._cap(minimum),
                          wide=_CHUNK)

    def _second_cols(self, tie: Any, zero: int, ds: Any, challenge: bool) -> Any:
        """The second's turn ``D`` behind (columns ``ds``), a tie worth ``tie`` to him."""
        u = np.arange(self.bd.rows)[:, None]
        reach = 2 * u if challenge else u
        d = ds[None, :]
        bank = np.where(reach > d, 1.0, np.where(reach == d, tie, 0.0))
        trash = np.where((ds == 0) & (not challenge), tie, 0.0)
        return self._solve(bank, trash, np.full(len(ds), self.om if zero else self.ma))

    def _seconds(self, k: int, zero: int) -> tuple[Any, Any]:
        r = self.bd.rows
        tie = 1.0 - self.far[k]
        plain = np.zeros(2 * r)
        plain[:r] = self._second_cols(tie, zero, np.arange(r), False)
        chal = self._second_cols(tie, zero, np.arange(2 * r), True)
        return plain, chal

    def second(self, d: Any, zero: Any, avail: Any, kp: Any, kc: Any) -> Any:
        """The second's chance ``d >= 0`` behind: the better of a plain turn and, where
        he has one, a challenge."""
        return np.maximum(self.s_plain[kp, zero, d],
                          np.where(avail == 1, self.s_chal[kc, zero, d], 0.0))

    def _far(self, k: int, tol: float) -> None:
        """``far[k]``: a round far above the game point, with the seconds ``k``; a tie after
        it starts the same round again (a fixed point)."""
        s1, s2 = k >> 1, k & 1
        r = self.bd.rows
        t = np.arange(r)
        challenge = 0.0
        if s1:  # the first's second challenge: rounds after it start with (0, s2)
            bank = 1.0 - self.second(2 * t, 0, s2, s2, 0)[:, None]
            challenge = float(self._solve(bank, np.zeros(1), np.array([self.ma]))[0])
        value = 0.5
        for _ in range(200):
            self.far[k] = value
            plain = self._second_cols(1.0 - value, 0, t, False)
            chal = self.s_chal[2 * s1, 0, :r]  # his challenge spends his second
            second = np.maximum(plain, chal) if s2 else plain
            new = max(challenge, float(self._solve((1.0 - second)[:, None],
                                                   np.array([1.0 - second[0]]),
                                                   np.array([self.ma]))[0]))
            done = abs(new - value) < tol * 1e-2
            value = new
            if done:
                break
        else:
            raise SolveFailed("the tie-break rounds with challenging did not settle")
        self.far[k] = value

    def _ties(self) -> Any:
        """``tie[x - x_lo, f1, s1, f2, s2]`` for seat 0 at the start of a round at ``x``."""
        bd, ng = self.bd, self.bd.ng
        xs = np.arange(bd.x_lo, bd.x_hi + 1)
        grid = np.array(np.meshgrid(xs, *([[0, 1]] * 4), indexing="ij")).reshape(5, -1)
        x, f1, s1, f2, s2 = grid
        low = x < ng
        t = np.arange(bd.rows)[:, None]
        minimum = np.where(x == 0, self.om, self.ma)
        # plain: the second at x, the first at x + t
        zero = (x == 0).astype(int)
        avail2, kp, kc = np.where(low, f2, s2), 2 * s1 + s2, 2 * s1 + np.where(low, s2, 0)
        bank = 1.0 - self.second(t + 0 * x, zero, avail2, kp, kc)
        trash = 1.0 - self.second(0 * x, zero, avail2, kp, kc)
        value = self._solve(bank, trash, minimum)
        # a challenge: the second at x - t, the first at x + t; a trash loses
        cols = np.flatnonzero(np.where(low, f1, s1) == 1)
        xc = x[cols]
        s1c = np.where(low[cols], s1[cols], 0)
        y = self._challenged(xc[None, :] - t)
        below = y < ng
        bank = 1.0 - self.second(xc[None, :] + t - y, (y == 0).astype(int),
                                 np.where(below, f2[cols], s2[cols]), 2 * s1c + s2[cols],
                                 2 * s1c + np.where(below, s2[cols], 0))
        chal = self._solve(bank, np.zeros(len(cols)), minimum[cols])
        value[cols] = np.maximum(value[cols], chal)
        return value.reshape(len(xs), 2, 2, 2, 2)

    def _challenged(self, board: Any) -> Any:
        """The board of a player a challenge bank took points off (no lowest score here)."""
        return board

    def tie_at(self, x: Any, f1: Any, s1: Any, f2: Any, s2: Any) -> Any:
        bd = self.bd
        inside = self.tie[np.clip(x - bd.x_lo, 0, len(self.tie) - 1), f1, s1, f2, s2]
        return np.where(x > bd.x_hi, self.far[2 * s1 + s2], inside)

    def _chases(self) -> Any:
        """``chase[seat, cc, cf, c - c_lo, f - ng]``: the chaser's chance."""
        bd, ng, r = self.bd, self.bd.ng, self.bd.rows
        nc, nf = ng - bd.c_lo, bd.f_hi - ng + 1
        chase = np.zeros((2, 2, 2, nc, nf))
        seat, cc, cf, c, f = np.array(np.meshgrid(
            [0, 1], [0, 1], [0, 1], np.arange(bd.c_lo, ng), np.arange(ng, bd.f_hi + 1),
            indexing="ij")).reshape(5, -1)
        d = f - c
        minimum = np.where(c == 0, self.om, self.ma)
        one = np.ones_like(c)
        # plain: a tie at f, the chaser's flags (cc, 1), the finisher's (cf, 1)
        first = np.where(seat == 0, cc, cf), np.where(seat == 0, cf, cc)
        tie = self.tie_at(f, first[0], one, first[1], one)
        plain = np.zeros(len(c))
        live = np.flatnonzero(d < r)
        plain[live] = self._threshold(d[live], np.where(seat == 0, tie, 1.0 - tie)[live],
                                      minimum[live], False)
        # a challenge (cc = 1): a tie at c + d / 2, the chaser's first spent
        value = plain
        live = np.flatnonzero((cc == 1) & (d < 2 * r))
        x = c + d // 2
        zero_c = 0 * c
        tie = self.tie_at(x, np.where(seat == 0, zero_c, cf), one,
                          np.where(seat == 0, cf, zero_c), one)
        tie = np.where(d % 2 == 0, np.where(seat == 0, tie, 1.0 - tie), 0.0)
        chal = self._threshold(d[live], tie[live], minimum[live], True)
        value[live] = np.maximum(value[live], chal)
        chase[seat, cc, cf, c - bd.c_lo, f - ng] = value
        return chase

    def _threshold(self, d: Any, tie: Any, minimum: Any, challenge: bool) -> Any:
        """Turns that win above ``d`` (``2t`` against ``d`` in a challenge), tie at it and
        lose below, trash losing: columns with the same deficit, tie and minimum once."""
        keys = np.stack([d.astype(float), tie, minimum.astype(float)], axis=1)
        unique, back = np.unique(keys, axis=0, return_inverse=True)
        ud, utie, umin = unique[:, 0].astype(int), unique[:, 1], unique[:, 2].astype(int)
        u = np.arange(self.bd.rows)[:, None]
        reach = 2 * u if challenge else u
        out = np.empty(len(unique))
        for i in range(0, len(unique), _CHUNK):
            j = slice(i, i + _CHUNK)
            bank = np.where(reach > ud[None, j], 1.0,
                            np.where(reach == ud[None, j], utie[None, j], 0.0))
            out[j] = self._solve(bank, np.zeros(bank.shape[1]), umin[j])
        return out[back.ravel()]


class _Level:
    """The columns ``(seat, a, ca, cb)`` of some levels ``a + b`` solved together (see
    :meth:`_Game.run`) and one group of kinds."""

    def __init__(self, levels: Sequence[int], bd: Bounds, kinds: tuple[tuple[int, int], ...],
                 minimums: tuple[int, int]) -> None:
        lo, ng = bd.lo, bd.ng
        k = len(kinds)
        swap = np.array([kinds.index((d, c)) for c, d in kinds])
        parts: list[tuple[Any, ...]] = []
        start = 0
        for above, level in enumerate(levels, start=1):
            amin, amax = max(lo, level - (ng - 1)), min(ng - 1, level - lo)
            na = amax - amin + 1
            seat = np.repeat([0, 1], na * k)
            a = np.tile(np.repeat(np.arange(amin, amax + 1), k), 2)
            kind = np.tile(np.arange(k), 2 * na)
            partner = start + ((1 - seat) * na + (level - a - amin)) * k + swap[kind]
            parts.append((seat, a, level - a, kind, partner, np.full(len(a), above)))
            start += len(a)
        seat, a, b, kind, partner, depth = (np.concatenate(p) for p in zip(*parts, strict=True))
        ca = np.array([c for c, _ in kinds])[kind]
        cb = np.array([c for _, c in kinds])[kind]
        self.bd, self.seat, self.a, self.b, self.ca, self.cb = bd, seat, a, b, ca, cb
        self.index = (seat, a - lo, b - lo, ca, cb)
        self.partner = partner
        self.depth = depth  # levels above this column's that are not solved yet, plus one
        self.minimum = np.where(a == 0, minimums[0], minimums[1])
        self.cap = np.maximum(ng - a, self.minimum) + bd.extra

    def _ends(self, win: Any, chase: Any, t: Any, loser: Any, cf: Any, challenge: bool) -> Any:
        """Banking ``t``: the opponent's next turn start, or his catch-up turn."""
        bd = self.bd
        lo, ng = bd.lo, bd.ng
        reach = self.a[None, :] + t
        other = 1 - self.seat[None, :]
        if challenge:
            opp = win[other, np.maximum(loser, lo) - lo, np.minimum(reach, ng - 1) - lo,
                      self.cb[None, :], 0]
        else:
            opp = win[other, loser - lo, np.minimum(reach, ng - 1) - lo, self.cb[None, :],
                      self.ca[None, :]]
        fin = chase[other, self.cb[None, :], cf,
                    np.clip(loser - bd.c_lo, 0, chase.shape[3] - 1),
                    np.clip(reach - ng, 0, chase.shape[4] - 1)]
        # a turn score below the minimum cannot bank, and its rows would read levels solved
        # beside this one (a bank moves up at least the minimum): never read, set to 0
        return np.where(t < self.minimum[None, :], 0.0,
                        np.where(reach < ng, 1.0 - opp, 1.0 - fin))

    def _rows(self, ts: TurnSolver) -> Any:
        return np.arange(int(self.cap.max()) + ts.maxp + 1)[:, None]

    def bank(self, ts: TurnSolver, win: Any, chase: Any) -> Any:
        t = self._rows(ts)
        return self._ends(win, chase, t, self.b[None, :] + 0 * t, self.ca[None, :], False)

    def challenge(self, ts: TurnSolver, win: Any, chase: Any, pen: int) -> Any:
        """The challenge turn's value (-inf without a challenge left): a bank leaves the
        opponent ``t`` lower, trash costs the penalty; a kind solved before."""
        value = np.full(len(self.a), -np.inf)
        cols = np.flatnonzero(self.ca == 1)
        if not len(cols):
            return value
        sub = _Sub(self, cols)
        t = sub._rows(ts)
        bank = sub._ends(win, chase, t, sub.b[None, :] - t, np.zeros((1, 1), int), True)
        lo = self.bd.lo
        trash = 1.0 - win[1 - sub.seat, sub.b - lo, np.maximum(sub.a - pen, lo) - lo, sub.cb, 0]
        value[cols] = solve_wide(ts, bank, trash, sub.minimum, sub.cap)
        return value

    def guess(self, win: Any) -> Any:
        """A first value from the solved states above: a plane through ``(a + h, b)``,
        ``(a, b + h)`` and ``(a + h, b + h)`` (``h``: the column's ``depth``, so that all
        three are on levels solved before; for ``h > 1`` less its error, from the plane at
        ``2h``: a plane's error grows as ``h`` squared), or one of them at the edge, or a
        half."""
        lo, ng, h = self.bd.lo, self.bd.ng, self.depth

        def at(i: Any, j: Any) -> Any:
            return win[self.seat, np.minimum(self.a + i, ng - 1) - lo,
                       np.minimum(self.b + j, ng - 1) - lo, self.ca, self.cb]

        up, right = self.a + h < ng, self.b + h < ng
        plane = at(h, 0) + at(0, h) - at(h, h)
        far = (self.a + 2 * h < ng) & (self.b + 2 * h < ng) & (h > 1)
        plane = np.where(far, (4 * plane - at(2 * h, 0) - at(0, 2 * h) + at(2 * h, 2 * h)) / 3, plane)
        found = np.where(up & right, plane,
                         np.where(up, at(h, 0), np.where(right, at(0, h), np.nan)))
        return np.where(np.isnan(found), 0.5, np.clip(found, 0.0, 1.0))

    def solve(self, ts: TurnSolver, win: Any, chase: Any, pen: int,
              tol: float) -> tuple[Any, int]:
        """The level's values (Newton on the trash coupling) and the passes it took.

        A pass solves the moving columns, and at trash + delta those that need a new slope
        (the first pass, or a chord step with the old slope that did not shrink enough)."""
        bank = self.bank(ts, win, chase)
        chal = self.challenge(ts, win, chase, pen)
        x = self.guess(win)
        partner = self.partner
        n = len(x)
        alpha, beta, slopes = np.zeros(n), np.zeros(n), np.zeros(n)
        steps = np.full(n, np.inf)  # each column's last step
        slope = np.ones(n, bool)  # the next pass solves it at trash + delta too
        active = np.arange(n)
        for passes in range(1, _PASSES + 1):
            plain = passes > _NEWTON
            y = 1.0 - x[partner[active]]
            sloped = slope[active]
            more = active[sloped]
            cols = np.concatenate([active, more])
            both = solve_wide(ts, bank, np.concatenate([y, y[sloped] + _DELTA]),
                              self.minimum, self.cap, cols)
            j = len(active)
            f = both[:j]
            slopes[more] = (both[j:] - f[sloped]) / _DELTA
            slope_now = np.zeros(j) if plain else slopes[active]
            take = chal[active] > f
            beta[active] = np.where(take, 0.0, slope_now)
            alpha[active] = np.where(take, chal[active], f - slope_now * y)
            ap, bp = alpha[partner], beta[partner]
            new = (alpha + beta - beta * ap - beta * bp) / (1.0 - beta * bp)
            step = np.abs(new - x)
            moved = step >= tol
            x = new
            if not moved.any():
                return x, passes
            active = np.flatnonzero(moved | moved[partner])
            slope[:] = False
            if not plain:  # a new slope where a chord step did not shrink enough
                slope[active] = step[active] > _SHRINK * steps[active]
                slope[more] = False
            steps = step
        raise SolveFailed(f"a level of challenging did not settle to {tol:g}")


class _Sub(_Level):
    """Some columns of a level."""

    def __init__(self, level: _Level, cols: Any) -> None:  # only what a bank needs
        self.bd = level.bd
        self.seat, self.a, self.b = level.seat[cols], level.a[cols], level.b[cols]
        self.ca, self.cb = level.ca[cols], level.cb[cols]
        self.minimum, self.cap = level.minimum[cols], level.cap[cols]


class _Game:
    """The normal game, kind by kind, blocks of levels in falling ``a + b``."""

    def __init__(self, rules: Rules, ts: TurnSolver, bd: Bounds, chase: Any) -> None:
        self.ts, self.bd, self.chase = ts, bd, chase
        self.minimums = (max(rules.opening_minimum // STEP, 1), max(rules.minimum // STEP, 1))
        self.pen = rules.challenge_penalties[0] // STEP
        n = bd.ng - bd.lo
        self.win = np.full((2, n, n, 2, 2), np.nan)

    def run(self, tol: float, progress: bool | Callable[[float], None],
            together: int | None = None) -> int:
        """Solve the levels, ``together`` at a time (by default the smaller minimum in
        steps: a bank moves up at least that many levels, so none of them reads another)."""
        bd = self.bd
        blocks = level_blocks(bd.lo, bd.ng, together or min(self.minimums))
        passes = done = 0
        total = len(blocks) * len(_KINDS)
        started = time.perf_counter()
        for kinds in _KINDS:
            for block in blocks:
                lv = _Level(block, bd, kinds, self.minimums)
                x, used = lv.solve(self.ts, self.win, self.chase, self.pen, tol)
                self.win[lv.index] = x
                passes += used
                done += 1
                if done % 5 == 0:
                    if callable(progress):
                        progress(0.05 + 0.95 * done / total)
                    elif progress:
                        print(f"levels {done}/{total}: {time.perf_counter() - started:.1f}s",
                              flush=True)
        return passes
