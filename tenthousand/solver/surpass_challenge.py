"""Perfect two-player play with surpassing and challenging together, and the manuals' end
(needs numpy).

The engine's rules (``model/play.py``): the score to beat is what the opponent added to his
own board on his most recent turn (D-14), a challenge bank's ``t`` as much as a plain one's,
0 after trash (a challenge's trash too, whose penalty is not "added"); a bank must beat it
as well as the minimum, in every stage.  Challenging as in :mod:`.challenge_end`: a first
challenge below the game point (trash costs a tenth of it), a second at or above it (four
tenths); a challenge bank takes ``t`` off the other board, boards may go below zero.

*The normal game.*  A turn start is ``(seat, a, b, ca, cb, s)``: challenge_end's state with
the score to beat ``s`` added.  Kinds ``(ca, cb)`` and levels ``a + b`` are solved as in
:mod:`.challenge_end` (a challenge moves to a kind solved before), each level's ``s = 0``
columns by Newton on the trash pairs, then its ``s > 0`` columns in one pass (their trash
leads to the ``s = 0`` partner, as in :mod:`.surpass_end`).

*The catch-up turn* ``chase[seat, cc, cf, c, f, a]``: the chaser at ``c`` must beat the
finisher's last bank ``s = f - a`` (``a`` the finisher's board before it).  A plain bank
of ``t`` wins above ``f - c``, a challenge bank above ``(f - c) / 2``; exactly level is a tie.

*Tie-break rounds* ``tie[x, u, f1, s1, f2, s2]``: both at ``x``, seat 0 to beat ``u`` (seat
1's last addition), the four challenge flags.  Surpassing makes the second player's turn
simple: after the first's bank of ``t`` any bank of his (more than ``t``) wins; after the
first's trash any bank wins and his trash ties; after the first's challenge bank he is ``2t``
behind and must beat ``t``: a challenge of his own wins with any bank, a plain bank wins
above ``2t`` and ties at it.  **The one truncation beyond core's turn cap**, challenge_end's:
a tie at the end of a tie-break round goes on as rounds far above the game point, where only
the second challenges count (``far[u, 2 * s1 + s2]``, seat 0 to beat ``u``; ``far[0, k]`` a
fixed point of its round, solved first).

The truncation of a turn is core's: in the normal game a turn score above ``max(game point -
board, minimum) + extra`` banks at once, in the last turns one above ``max(game point +
extra, minimum)``.  Only :class:`.core.TurnSolver` is called; core is unchanged.

The state is challenge_end's times the scores to beat: some ``(game point - lowest board)``
times as many, so this solver is for small game points (see ``cache.unsolvable``).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..model.rules import Rules
from . import dice
from .challenge_end_table import lowest
from .core import DEFAULT_EXTRA, SolveFailed, TurnSolver, value_and_slope
from .surpass_challenge_table import unsupported

__all__ = ["SurpassChallengeSolution", "Bounds", "count_states", "solve", "unsupported"]

STEP = dice.STEP
_NEWTON = 30
_PASSES = 2000
_KINDS = (((0, 0),), ((1, 0), (0, 1)), ((1, 1),))
_CHUNK = 4096  # end-game columns per solve


@dataclass(frozen=True)
class Bounds:
    """The ranges of the tables, in steps (see :func:`bounds`)."""

    ng: int
    extra: int
    lo: int  # lowest board of the normal game
    top: int  # the largest bank of a normal turn
    c_lo: int  # lowest board of a chaser
    f_hi: int  # highest board of a finisher
    rows: int  # turn scores of a catch-up turn: 0 .. rows - 1
    u_rows: int  # scores to beat of a first tie-break round: 0 .. u_rows - 1
    x_lo: int  # lowest board of a tie-break round
    x_hi: int  # highest board of a first tie-break round
    far_rows: int  # scores to beat of the far rounds


def _end_rows(ng: int, e: int, minimum: int, maxp: int) -> int:
    """The turn scores of a last turn with this minimum: 0 .. the result - 1."""
    return max(ng + e, minimum) + maxp + 1


def bounds(rules: Rules, maxp: int, extra: int) -> Bounds:
    """The ranges: a normal bank must beat at most ``ng - 1 - lo``, so its cap is at most
    ``max(ng - lo, minimums) + extra``; the rest follows turn by turn."""
    ng, e = rules.game_point // STEP, extra
    om, ma = max(rules.opening_minimum // STEP, 1), max(rules.minimum // STEP, 1)
    lo = lowest(rules)
    top = max(ng - lo, om, ma) + e + maxp
    f_hi = ng - 1 + top
    c_lo = lo - top
    rows = _end_rows(ng, e, max(om, ma, top + 1), maxp)
    u_rows = rows + 1
    t_rows = _end_rows(ng, e, max(om, ma, u_rows), maxp)
    far_rows = 2 * _end_rows(ng, e, 2 * t_rows, maxp) + 2
    x_lo = (c_lo + ng) // 2 - 1
    return Bounds(ng, e, lo, top, c_lo, f_hi, rows, u_rows, x_lo, f_hi, far_rows)


@dataclass
class SurpassChallengeSolution:
    """The solved values, in steps of 50 (indices shifted by the bounds' lows).

    ``win[seat, a - lo, b - lo, ca, cb, s]``: the mover's chance at a normal turn start;
    ``chase[seat, cc, cf, c - c_lo, f - ng, a - lo]``: the chaser's, the finisher at ``f``
    after a bank from ``a``; ``tie[x - x_lo, u, f1, s1, f2, s2]``: seat 0's at the start of a
    first tie-break round; ``far[u, 2 * s1 + s2]``: the same far above the game point;
    ``reach[m]``: the chance to bank ``m`` or more (the last turns' cap); ``second[k, zero,
    t]``: the second of a round's after the first's challenge bank of ``t``, plain, the far
    rounds after it ``k``; ``after_trash[zero, k]``: his after the first's trash.
    """

    rules: Rules
    bounds: Bounds
    win: Any
    chase: Any
    tie: Any
    far: Any
    reach: Any
    second: Any
    after_trash: Any
    states: int = 0
    iterations: int = 0
    seconds: float = 0.0
    notes: dict[str, Any] = field(default_factory=dict)

    def w(self, seat: int, a: int, b: int, ca: int = 1, cb: int = 1, s: int = 0) -> float:
        lo = self.bounds.lo
        return float(self.win[seat, a - lo, b - lo, ca, cb, s])

    @property
    def first_player_win_probability(self) -> float:
        """The starting player's chance, the starting seat drawn at random (D-7)."""
        r = self.rules
        s0, s1 = r.starting_score(0) // STEP, r.starting_score(1) // STEP
        return (self.w(0, s0, s1) + self.w(1, s1, s0)) / 2


def count_states(rules: Rules, extra: int = DEFAULT_EXTRA) -> int:
    """(seat, a, b, ca, cb, s, turn score up to the cap, dice left) of the normal game."""
    b = bounds(rules, dice.max_points(rules), extra // STEP)
    om, ma = max(rules.opening_minimum // STEP, 1), max(rules.minimum // STEP, 1)
    n, ns = b.ng - b.lo, b.ng - b.lo
    total = 0
    for a in range(b.lo, b.ng):
        base = om if a == 0 else ma
        total += sum(6 * (max(b.ng - a, base, s + 1) + b.extra) for s in range(ns))
    return int(8 * n * total)


def solve(rules: Rules, *, tol: float = 1e-9, extra: int = DEFAULT_EXTRA,
          progress: bool | Callable[[float], None] = False) -> SurpassChallengeSolution:
    """Solve the two-player game with surpassing and challenging, its catch-up round and
    tie-breaks (see the module's docstring); ``progress`` as for :func:`.core.solve`."""
    problem = unsupported(rules)
    if problem is not None:
        raise ValueError(problem)
    if extra < 0 or extra % STEP:
        raise ValueError("extra must be a non-negative multiple of 50")
    started = time.perf_counter()
    ts = TurnSolver(rules)
    bd = bounds(rules, ts.maxp, extra // STEP)
    end = _End(rules, ts, bd, tol)
    end_seconds = time.perf_counter() - started
    if callable(progress):
        progress(0.05)
    game = _Game(rules, ts, bd, end.chase)
    passes = end.passes + game.run(tol, progress)
    return SurpassChallengeSolution(
        rules, bd, game.win, end.chase, end.tie, end.far, end.reach, end.second,
        end.after_trash, states=count_states(rules, extra), iterations=passes,
        seconds=time.perf_counter() - started,
        notes={"extra": extra, "end_columns": end.columns,
               "end_seconds": round(end_seconds, 1)})


class _End:
    """The far rounds, the first tie-break rounds and the catch-up turns."""

    def __init__(self, rules: Rules, ts: TurnSolver, bd: Bounds, tol: float) -> None:
        self.ts, self.bd = ts, bd
        self.om = max(rules.opening_minimum // STEP, 1)
        self.ma = max(rules.minimum // STEP, 1)
        self.passes = self.columns = 0
        self.reach = self._reach(_end_rows(bd.ng, bd.extra, bd.far_rows, ts.maxp) + 2)
        self.far = np.full((bd.far_rows, 4), np.nan)
        self.second = np.zeros((4, 2, bd.far_rows))
        self.after_trash = np.zeros((2, 4))
        for k in range(4):  # (s1, s2) = (0, 0), (0, 1), (1, 0), (1, 1)
            self._far(k, tol)
            self.second[k] = self._seconds(k)
            for zero in (0, 1):
                self.after_trash[zero, k] = self._after_trash(zero, float(self.far[0, k]))
        self.tie = self._ties()
        self.chase = self._chases()

    def _solve(self, bank: Any, trash: Any, minimum: Any) -> Any:
        """Turn problems of the last turns (cap ``max(ng + extra, minimum)``), in chunks."""
        minimum = np.broadcast_to(np.asarray(minimum), (bank.shape[1],))
        trash = np.broadcast_to(np.asarray(trash, float), (bank.shape[1],))
        cap = np.maximum(self.bd.ng + self.bd.extra, minimum)
        rows = int(cap.max()) + self.ts.maxp + 1
        out = np.empty(bank.shape[1])
        for i in range(0, bank.shape[1], _CHUNK):
            j = slice(i, i + _CHUNK)
            out[j] = self.ts.solve(np.ascontiguousarray(bank[:rows, j]),
                                   np.ascontiguousarray(trash[j]), minimum[j], cap[j])
            self.passes += 1
        self.columns += bank.shape[1]
        return out

    def _rows(self, minimum: Any) -> Any:
        return np.arange(_end_rows(self.bd.ng, self.bd.extra, int(np.max(minimum)),
                                   self.ts.maxp))[:, None]

    def _reach(self, top: int) -> Any:
        """``reach[m]``: the chance to bank ``m`` or more (``m >= 1``)."""
        m = np.maximum(np.arange(top), 1)
        t = self._rows(m)
        return self._solve((t >= m[None, :]).astype(float), 0.0, m)

    def _after_trash(self, zero: int, far0: float) -> float:
        """The second of a round after the first's trash: any bank wins, trash ties."""
        m = self.om if zero else self.ma
        t = self._rows(m)
        return float(self._solve((t >= m).astype(float), 1.0 - far0, np.array([m]))[0])

    def _seconds(self, k: int) -> Any:
        """``second[k, zero, t]``: the second, plainly, after the first's challenge bank of
        ``t`` (``2t`` behind, to beat ``t``); a tie starts far rounds ``k``, to beat ``2t``."""
        fr = self.bd.far_rows
        out = np.zeros((2, fr))
        t = np.arange(fr // 2 - 1)
        tie = 1.0 - self.far[np.minimum(2 * t, fr - 1), k]
        for zero in (0, 1):
            m = np.maximum(self.om if zero else self.ma, t + 1)
            u = self._rows(m)
            bank = np.where(u > 2 * t, 1.0, np.where(u == 2 * t, tie, 0.0))
            out[zero, :len(t)] = self._solve(bank, 0.0, m)
        return out

    def _first(self, u: Any, k: int, q: float, chal: bool) -> Any:
        """Seat 0's turn in a far round, to beat ``u`` (columns), seat 1's after trash ``q``."""
        s1, s2 = k >> 1, k & 1
        ma = self.ma
        m = np.maximum(ma, u + 1)
        t = self._rows(m)
        if not chal:
            bank = 1.0 - self.reach[np.maximum(ma, t + 1)] + 0 * u[None, :]
            return self._solve(bank, 1.0 - q, m)
        if not s1:
            return np.full(len(u), -np.inf)
        if s2:  # his second challenge wins with any bank
            bank = 1.0 - self.reach[np.maximum(ma, t + 1)] + 0 * u[None, :]
        else:  # the rounds after: no challenge left to either
            bank = 1.0 - self.second[0, 0, np.minimum(t, self.bd.far_rows - 1)] + 0 * u[None, :]
        return self._solve(bank, 0.0, m)

    def _far(self, k: int, tol: float) -> None:
        """``far[:, k]``: ``far[0, k]`` a fixed point (two trashes start it again), then
        every score to beat."""
        zero = np.zeros(1, int)
        chal0 = float(self._first(zero, k, 0.0, True)[0])
        value = 0.5
        for _ in range(200):
            q = self._after_trash(0, value)
            new = max(chal0, float(self._first(zero, k, q, False)[0]))
            done = abs(new - value) < tol * 1e-2
            value = new
            if done:
                break
        else:
            raise SolveFailed("the tie-break rounds with surpassing and challenging did not "
                              "settle")
        q = self._after_trash(0, value)
        u = np.arange(self.bd.far_rows)
        self.far[:, k] = np.maximum(self._first(u, k, q, False), self._first(u, k, q, True))
        self.far[0, k] = value

    def _ties(self) -> Any:
        """``tie[x - x_lo, u, f1, s1, f2, s2]``: seat 0 at the start of a first round."""
        bd = self.bd
        xs = np.arange(bd.x_lo, bd.x_hi + 1)
        out = np.empty((len(xs), bd.u_rows, 2, 2, 2, 2))
        step = max(1, _CHUNK * 4 // (16 * bd.u_rows))  # boards per pass (memory)
        for i in range(0, len(xs), step):
            out[i:i + step] = self._tie_boards(xs[i:i + step])
        return out

    def _tie_boards(self, xs: Any) -> Any:
        bd, ng, fr = self.bd, self.bd.ng, self.bd.far_rows
        grid = np.array(np.meshgrid(xs, np.arange(bd.u_rows), *([[0, 1]] * 4),
                                    indexing="ij")).reshape(6, -1)
        x, u, f1, s1, f2, s2 = grid
        low = x < ng
        zero = (x == 0).astype(int)
        mx = np.where(zero == 1, self.om, self.ma)
        m0 = np.maximum(mx, u + 1)
        t = self._rows(m0)
        # plain: seat 1 wins with any bank above t; after trash as ``after_trash``
        bank = 1.0 - self.reach[np.maximum(mx[None, :], t + 1)]
        value = self._solve(bank, 1.0 - self.after_trash[zero, 2 * s1 + s2], m0)
        # a challenge: seat 1 at x - t, 2t behind, to beat t
        cols = np.flatnonzero(np.where(low, f1, s1) == 1)
        xc = x[cols]
        y = xc[None, :] - t
        below = y < ng
        avail = np.where(below, f2[cols], s2[cols])
        s1c = np.where(low[cols], s1[cols], 0)  # his second left for the far rounds
        zy = (y == 0).astype(int)
        my = np.where(zy == 1, self.om, self.ma)
        kk = 2 * s1c + s2[cols]
        tt = np.minimum(t, fr - 1)
        his = np.where(avail == 1, self.reach[np.maximum(my, t + 1)],
                       self.second[kk[None, :] + 0 * tt, zy, tt + 0 * kk[None, :]])
        chal = self._solve(1.0 - his, 0.0, m0[cols])
        value[cols] = np.maximum(value[cols], chal)
        return value.reshape(len(xs), bd.u_rows, 2, 2, 2, 2)

    def tie_at(self, x: Any, u: Any, f1: Any, s1: Any, f2: Any, s2: Any) -> Any:
        bd = self.bd
        return self.tie[np.clip(x - bd.x_lo, 0, len(self.tie) - 1),
                        np.minimum(u, bd.u_rows - 1), f1, s1, f2, s2]

    def _chases(self) -> Any:
        """``chase[seat, cc, cf, c - c_lo, f - ng, a - lo]``: the chaser's chance."""
        bd, ng, r = self.bd, self.bd.ng, self.bd.rows
        nc, nf, na = ng - bd.c_lo, bd.f_hi - ng + 1, ng - bd.lo
        chase = np.zeros((2, 2, 2, nc, nf, na))
        seat, cc, cf, c, f, a = np.array(np.meshgrid(
            [0, 1], [0, 1], [0, 1], np.arange(bd.c_lo, ng), np.arange(ng, bd.f_hi + 1),
            np.arange(bd.lo, ng), indexing="ij")).reshape(6, -1)
        keep = (f - a <= bd.top) & (f - c < 2 * r)
        seat, cc, cf, c, f, a = (v[keep] for v in (seat, cc, cf, c, f, a))
        s, d = f - a, f - c
        m = np.maximum(np.where(c == 0, self.om, self.ma), s + 1)
        one = np.ones_like(c)
        # plain: a tie at f; seat 0 (the chaser) to beat s, or seat 0 (the finisher) to
        # beat the chaser's d
        tie = np.where(seat == 0, self.tie_at(f, s, cc, one, cf, one),
                       1.0 - self.tie_at(f, d, cf, one, cc, one))
        value = self._threshold(d, tie, m, False)
        # a challenge (cc = 1): a tie at c + d / 2, the chaser's first spent
        live = np.flatnonzero(cc == 1)
        h, x, z = d // 2, c + d // 2, 0 * c
        tie = np.where(seat == 0, self.tie_at(x, s, z, one, cf, one),
                       1.0 - self.tie_at(x, h, cf, one, z, one))
        tie = np.where(d % 2 == 0, tie, 0.0)
        chal = self._threshold(d[live], tie[live], m[live], True)
        value[live] = np.maximum(value[live], chal)
        chase[seat, cc, cf, c - bd.c_lo, f - ng, a - bd.lo] = value
        return chase

    def _threshold(self, d: Any, tie: Any, minimum: Any, challenge: bool) -> Any:
        """Turns that win above ``d`` (``2t`` against ``d`` in a challenge), tie at it and
        lose below, trash losing: columns with the same deficit, tie and minimum once (the
        tie counts only where a bank can land on it: a deficit no turn reaches is one)."""
        k = 2 if challenge else 1
        most = k * (np.maximum(self.bd.ng + self.bd.extra, minimum) + self.ts.maxp)
        d = np.where(d > most, most + 1, d)
        tie = np.where((d < k * minimum) | (d > most), 0.0, tie)
        keys = np.stack([d.astype(float), tie, minimum.astype(float)], axis=1)
        unique, back = np.unique(keys, axis=0, return_inverse=True)
        ud, utie, umin = unique[:, 0].astype(int), unique[:, 1], unique[:, 2].astype(int)
        u = self._rows(umin)
        reach = 2 * u if challenge else u
        out = np.empty(len(unique))
        for i in range(0, len(unique), _CHUNK):
            j = slice(i, i + _CHUNK)
            bank = np.where(reach > ud[None, j], 1.0,
                            np.where(reach == ud[None, j], utie[None, j], 0.0))
            out[j] = self._solve(bank, 0.0, umin[j])
        return out[back.ravel()]


class _Level:
    """The columns ``(seat, a, ca, cb)`` of one level ``a + b`` and one group of kinds."""

    def __init__(self, level: int, bd: Bounds, kinds: tuple[tuple[int, int], ...],
                 minimums: tuple[int, int]) -> None:
        lo, ng = bd.lo, bd.ng
        amin, amax = max(lo, level - (ng - 1)), min(ng - 1, level - lo)
        k, na = len(kinds), amax - amin + 1
        seat = np.repeat([0, 1], na * k)
        a = np.tile(np.repeat(np.arange(amin, amax + 1), k), 2)
        ca = np.tile([c for c, _ in kinds], 2 * na)
        cb = np.tile([c for _, c in kinds], 2 * na)
        b = level - a
        self.bd, self.seat, self.a, self.b, self.ca, self.cb = bd, seat, a, b, ca, cb
        swap = np.array([kinds.index((d, c)) for c, d in kinds])
        kind = np.tile(np.arange(k), 2 * na)
        self.partner = ((1 - seat) * na + (b - amin)) * k + swap[kind]
        self.base = np.where(a == 0, minimums[0], minimums[1])

    def index(self, s: Any) -> tuple[Any, ...]:
        lo = self.bd.lo
        return (self.seat, self.a - lo, self.b - lo, self.ca, self.cb, s)

    def cap(self, minimum: Any) -> Any:
        return np.maximum(self.bd.ng - self.a, minimum) + self.bd.extra

    def _ends(self, win: Any, chase: Any, t: Any, loser: Any, cf: Any, challenge: bool) -> Any:
        """Banking ``t``: the opponent's next turn start (to beat ``t``), or his catch-up
        turn."""
        bd = self.bd
        lo, ng = bd.lo, bd.ng
        reach = self.a[None, :] + t
        other = 1 - self.seat[None, :]
        tt = np.minimum(t, ng - 1 - lo)
        if challenge:
            opp = win[other, np.maximum(loser, lo) - lo, np.minimum(reach, ng - 1) - lo,
                      self.cb[None, :], 0, tt]
        else:
            opp = win[other, loser - lo, np.minimum(reach, ng - 1) - lo, self.cb[None, :],
                      self.ca[None, :], tt]
        fin = chase[other, self.cb[None, :], cf,
                    np.clip(loser - bd.c_lo, 0, chase.shape[3] - 1),
                    np.clip(reach - ng, 0, chase.shape[4] - 1), self.a[None, :] - lo]
        out = np.where(reach < ng, 1.0 - opp, 1.0 - fin)
        out[0] = 0.0  # no bank of nothing (row 0 would read this level, not yet solved)
        return out

    def _rows(self, ts: TurnSolver) -> Any:
        top = int(self.cap(np.maximum(self.base, self.bd.ng - self.bd.lo)).max())
        return np.arange(top + ts.maxp + 1)[:, None]

    def banks(self, ts: TurnSolver, win: Any, chase: Any) -> tuple[Any, Any]:
        """The plain and the challenge bank values by turn score (every column)."""
        t = self._rows(ts)
        plain = self._ends(win, chase, t, self.b[None, :] + 0 * t, self.ca[None, :], False)
        chal = self._ends(win, chase, t, self.b[None, :] - t, np.zeros((1, 1), int), True)
        return plain, chal

    def chal_trash(self, win: Any, pen: int) -> Any:
        lo = self.bd.lo
        return 1.0 - win[1 - self.seat, self.b - lo, np.maximum(self.a - pen, lo) - lo,
                         self.cb, 0, 0]

    def solve(self, ts: TurnSolver, win: Any, chase: Any, pen: int, tol: float) -> int:
        """The level's values into ``win``, ``s = 0`` first (Newton on the trash coupling),
        then every ``s > 0``; the passes it took."""
        plain, chbank = self.banks(ts, win, chase)
        ctrash = self.chal_trash(win, pen)
        ch = np.flatnonzero(self.ca == 1)
        chal = np.full(len(self.a), -np.inf)
        if len(ch):
            chal[ch] = ts.solve(np.ascontiguousarray(chbank[:, ch]), ctrash[ch],
                                self.base[ch], self.cap(self.base)[ch])
        x, passes = self._newton(ts, plain, chal, tol)
        win[self.index(0)] = x
        trash = 1.0 - x[self.partner]
        ns = self.bd.ng - self.bd.lo
        n = len(self.a)
        cols = np.repeat(np.arange(n), ns - 1)
        s = np.tile(np.arange(1, ns), n)
        m = np.maximum(self.base[cols], s + 1)
        cap = np.maximum(self.bd.ng - self.a[cols], m) + self.bd.extra
        values = np.empty(len(cols))
        for i in range(0, len(cols), _CHUNK):
            j = slice(i, i + _CHUNK)
            cj = cols[j]
            v = ts.solve(np.ascontiguousarray(plain[:, cj]), trash[cj], m[j], cap[j])
            c1 = np.flatnonzero(self.ca[cj] == 1)
            if len(c1):
                vc = ts.solve(np.ascontiguousarray(chbank[:, cj[c1]]), ctrash[cj[c1]],
                              m[j][c1], cap[j][c1])
                v[c1] = np.maximum(v[c1], vc)
            values[j] = v
            passes += 1
        seat, a, b, ca, cb, _ = self.index(0)
        win[seat[cols], a[cols], b[cols], ca[cols], cb[cols], s] = values
        return passes

    def _newton(self, ts: TurnSolver, bank: Any, chal: Any, tol: float) -> tuple[Any, int]:
        minimum, cap = self.base, self.cap(self.base)
        partner = self.partner
        n = len(self.a)
        x = np.full(n, 0.5)
        alpha, beta = np.zeros(n), np.zeros(n)
        active = np.arange(n)
        for passes in range(1, _PASSES + 1):
            y = 1.0 - x[partner[active]]
            f, slope = value_and_slope(ts, bank, active, y, minimum, cap)
            if passes > _NEWTON:
                slope = np.zeros(len(active))
            take = chal[active] > f
            beta[active] = np.where(take, 0.0, slope)
            alpha[active] = np.where(take, chal[active], f - slope * y)
            ap, bp = alpha[partner], beta[partner]
            new = (alpha + beta - beta * ap - beta * bp) / (1.0 - beta * bp)
            moved = np.abs(new - x) >= tol
            x = new
            if not moved.any():
                return x, passes
            active = np.flatnonzero(moved | moved[partner])
        raise SolveFailed(f"a level of surpassing and challenging did not settle to {tol:g}")


class _Game:
    """The normal game, kind by kind, level by level in falling ``a + b``."""

    def __init__(self, rules: Rules, ts: TurnSolver, bd: Bounds, chase: Any) -> None:
        self.ts, self.bd, self.chase = ts, bd, chase
        self.minimums = (max(rules.opening_minimum // STEP, 1), max(rules.minimum // STEP, 1))
        self.pen = rules.challenge_penalties[0] // STEP
        n = bd.ng - bd.lo
        self.win = np.full((2, n, n, 2, 2, n), np.nan)

    def run(self, tol: float, progress: bool | Callable[[float], None]) -> int:
        bd = self.bd
        levels = range(2 * (bd.ng - 1), 2 * bd.lo - 1, -1)
        passes = done = 0
        total = len(levels) * len(_KINDS)
        started = time.perf_counter()
        for kinds in _KINDS:
            for level in levels:
                lv = _Level(level, bd, kinds, self.minimums)
                passes += lv.solve(self.ts, self.win, self.chase, self.pen, tol)
                done += 1
                if done % 20 == 0:
                    if callable(progress):
                        progress(0.05 + 0.95 * done / total)
                    elif progress:
                        print(f"level {done}/{total}: {time.perf_counter() - started:.1f}s",
                              flush=True)
        return passes
