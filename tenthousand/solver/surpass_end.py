"""Perfect two-player play with surpassing and the manuals' end (needs numpy).

Surpassing with a catch-up round and tie-breaks (D-8, D-9), the score to beat as D-14 has
it: what the opponent added on his most recent turn, in the catch-up and tie-break turns too.

*The normal game.*  A turn start is ``(seat, own score a, opponent's score b, what the
opponent's last turn added s)``, ``s <= b``; the seat matters because tie-breaks go in seat
order.  A bank of ``t`` below the game point moves to ``(other seat, b, a + t, t)`` at a
higher level ``a + b``, trash to ``(other seat, b, a, 0)`` at the same level, so a level is
solved as in :mod:`.surpass`, its ``s = 0`` columns by Newton's method on the trash pairs.
A column with ``s > 0`` has the same bank values, trash value and cap as ``s = 0``, only a
higher minimum ``m``: its rows from ``m`` up are those of ``s = 0``, and only the rows below
``m`` are solved again (:class:`_Game`).  A bank that reaches the game point hands the
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

The truncation: in the normal game a turn score above ``max(game point - board, minimum)
+ extra`` banks as soon as it may, the minimum being the one without a score to beat (a
turn that must beat more throws on until it does, then banks), so that the cap does not
move with ``s``; in catch-up and tie-break turns a turn score above ``max(game point +
extra, minimum)`` banks at once.

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
from .core import DEFAULT_EXTRA, SolveFailed, TurnSolver, level_starts, solve_wide
from .surpass_end_table import unsupported
from .turns import Kept

__all__ = ["SurpassEndSolution", "count_states", "solve", "unsupported"]

STEP = dice.STEP
_DELTA = 1e-5
_NEWTON = 30  # Newton passes before a level takes plain fixed-point steps
_PASSES = 2000
#: A chord step (the old slope) must shrink the step at least this much, or the column
#: gets a new slope (a solve at trash + delta) in its next pass.
_SHRINK = 1e-3
#: The first guess of a level's s = 0 columns: a quadratic surface through these
#: neighbours ``(a + i, b + j)`` above (as core's), the value at ``(a, b)`` by these weights.
_STENCIL = ((1, 0), (0, 1), (1, 1), (2, 0), (0, 2), (2, 1), (1, 2), (2, 2))
_WEIGHTS = np.linalg.pinv(np.array([[1, i, j, i * i, i * j, j * j] for i, j in _STENCIL],
                                   dtype=float))[0]
#: The s > 0 columns waiting for their redo go in groups of this many top rows.
_SPAN = 4
#: A solve here takes at most this many columns: with 2,048 (core's ``WIDE``) the full
#: ``trash-5000`` takes 30.6 s of CPU against 28.0 s (medians of three, 2026-12-03).
WIDE = 1024


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


def _solve_all(ts: TurnSolver, bank: Any, trash: Any, minimum: Any, cap: Any) -> tuple[Any, int]:
    """:func:`.core.solve_wide` of all the columns, :data:`WIDE` at a time, and the calls of
    the turn programme."""
    cap = np.asarray(cap)
    return solve_wide(ts, bank, trash, minimum, cap, wide=WIDE), -(-len(cap) // WIDE)


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
        values, passes = _solve_all(self.ts, bank, trash, minimum, cap)
        self.passes += passes
        return values

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
    cpu = time.process_time()
    end = _End(rules, ts, ng, e, tol)
    game = _Game(rules, ts, ng, e, end)
    game.cpu["end"] = time.process_time() - cpu
    passes = end.passes + game.run(tol, progress)
    return SurpassEndSolution(rules, e, game.win, end.chase, end.tie_first, end.tie_second,
                              states=count_states(rules, extra), iterations=passes,
                              seconds=time.perf_counter() - started,
                              notes={"extra": extra, "cpu": game.cpu})


@dataclass
class _Done:
    """A finished level's ``s = 0`` columns, kept for the redo of its ``s > 0`` columns."""

    seat: Any
    a: Any
    b: Any
    base: Any  # the minimum without a score to beat
    cap: Any
    kept: Kept  # each column's value rows of its last pass
    waiting: int  # its ``s > 0`` columns not solved yet


class _Game:
    """The normal game's turn starts, level by level in falling ``a + b``.

    A column ``(seat, a, b, s)`` with ``s > 0`` has the bank values, the trash value and the
    cap of the column ``(seat, a, b, 0)``, and only a higher minimum ``m``: its rows from
    ``m`` up are that column's, and only the rows below ``m`` are solved again, from the
    rows the ``s = 0`` column's last pass kept.  It is read only by the level ``a + b - s``
    (by a bank of ``s``), so it waits until then, and the columns waiting with nearly the
    same top row ``m - 1`` are redone together, from several levels in one solve.
    """

    def __init__(self, rules: Rules, ts: TurnSolver, ng: int, e: int, end: _End) -> None:
        self.ts, self.ng, self.e, self.end = ts, ng, e, end
        self.open_min = max(rules.opening_minimum // STEP, 1)
        self.min_after = max(rules.minimum // STEP, 1)
        self.win = np.full((2, ng, ng, ng), np.nan)
        self.keep = ng + ts.maxp + 1  # value rows kept: a redo's top row lies below ng
        self.done: dict[int, _Done] = {}
        # by group (top rows (g * _SPAN, (g + 1) * _SPAN]): (level, column, s) of each
        # column waiting, and the highest level that reads one of them
        self.waiting: dict[int, list[tuple[int, Any, Any]]] = {}
        self.due: dict[int, int] = {}
        self.passes = 0
        # seconds of CPU time: the end tables, the s = 0 columns, the s > 0 columns
        self.cpu = {"end": 0.0, "newton": 0.0, "redo": 0.0}

    def cap(self, a: Any, base: Any) -> Any:
        """The truncation: above this a turn score banks as soon as it may."""
        return np.maximum(self.ng - a, base) + self.e

    def bank(self, seat: Any, a: Any, b: Any, rows: int) -> Any:
        """Banking ``t``: the opponent moves at ``(b, a + t, t)``, or chases ``a + t - b``."""
        ng, end = self.ng, self.end
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
        """Solve every level (first the waiting columns it reads); returns the solves."""
        ng = self.ng
        top = 2 * (ng - 1)
        for level in range(top, -1, -1):
            clock = time.process_time()
            for g in [g for g, due in self.due.items() if due >= level]:
                self._redo(g)
            clock = self._lap("redo", clock)
            aa, bb, seat, partner = level_starts(level, ng)
            base = np.where(aa == 0, self.open_min, self.min_after)
            cap = self.cap(aa, base)
            bank = self.bank(seat, aa, bb, max(int(cap.max()) + self.ts.maxp + 1, self.keep))
            x, kept = self._newton(seat, aa, bb, base, partner, cap, bank, tol)
            self.win[seat, aa, bb, 0] = x
            clock = self._lap("newton", clock)
            self._wait(level, _Done(seat, aa, bb, base, cap, kept, 0), bank)
            self._lap("redo", clock)
            if level % 10 == 0:
                if callable(progress):
                    progress(1.0 - level / max(top, 1))
                elif progress:
                    print(f"level {level}", flush=True)
        for g in list(self.due):
            self._redo(g)
        return self.passes

    def _lap(self, part: str, since: float) -> float:
        now = time.process_time()
        self.cpu[part] += now - since
        return now

    def _wait(self, level: int, lv: _Done, bank: Any) -> None:
        """Put the level's ``s > 0`` columns in their groups; those whose minimum lies above
        the cap, or too near it for their group, are solved at once, whole."""
        idx = np.repeat(np.arange(len(lv.a)), lv.b)
        if not len(idx):
            return
        ss = np.concatenate([np.arange(1, int(n) + 1) for n in lv.b if n > 0])
        minimum = np.maximum(lv.base[idx], ss + 1)
        group = (minimum - 2) // _SPAN
        whole = (group + 1) * _SPAN > lv.cap[idx]
        if whole.any():
            i, s, m = idx[whole], ss[whole], minimum[whole]
            st, sa, sb = lv.seat[i], lv.a[i], lv.b[i]
            self.win[st, sa, sb, s], passes = _solve_all(
                self.ts, bank[:, i], 1.0 - self.win[1 - st, sb, sa, 0], m,
                np.maximum(lv.cap[i], m - 1))
            self.passes += passes
        for g in np.unique(group[~whole]).tolist():
            mine = ~whole & (group == g)
            self.waiting.setdefault(g, []).append((level, idx[mine], ss[mine]))
            self.due[g] = max(self.due.get(g, -1), level - int(ss[mine].min()))
            lv.waiting += 1
        if lv.waiting:
            self.done[level] = lv

    def _redo(self, g: int) -> None:
        """Solve the waiting columns of group ``g``: their rows below their minimums, from
        the rows kept above (in pieces of similar minimums, at most WIDE columns each)."""
        items = [(level, self.done[level], c, s) for level, c, s in self.waiting.pop(g)]
        del self.due[g]

        def joined(part: Callable[[_Done], Any]) -> Any:
            return np.concatenate([part(lv)[c] for _, lv, c, _ in items])

        st, sa, sb = joined(lambda lv: lv.seat), joined(lambda lv: lv.a), joined(lambda lv: lv.b)
        cap, at = joined(lambda lv: lv.cap), joined(lambda lv: lv.kept.at)
        ss = np.concatenate([s for _, _, _, s in items])
        minimum = np.maximum(joined(lambda lv: lv.base), ss + 1)
        kept = Kept([lv.kept.slabs[0] for _, lv, _, _ in items],
                    np.repeat(np.arange(len(items)), [len(c) for _, _, c, _ in items]), at)
        order = np.argsort(minimum, kind="stable")
        for first in range(0, len(order), WIDE):
            c = order[first:first + WIDE]
            top = int(minimum[c].max()) - 1
            self.win[st[c], sa[c], sb[c], ss[c]] = self.ts.solve(
                self.bank(st[c], sa[c], sb[c], top + 1),
                1.0 - self.win[1 - st[c], sb[c], sa[c], 0], minimum[c], cap[c], top=top,
                q=kept[c])
            self.passes += 1
        for level, lv, _, _ in items:
            lv.waiting -= 1
            if not lv.waiting:
                del self.done[level]

    def _newton(self, seat: Any, a: Any, b: Any, minimum: Any, partner: Any, cap: Any,
                bank: Any, tol: float) -> tuple[Any, Kept]:
        """The ``s = 0`` columns of a level: column i's trash leads to its partner.

        Each pass solves the moving columns, and at trash + delta those that need a new
        slope (the first pass, or a chord step that did not shrink enough); returns the
        values and each column's value rows of its last pass."""
        n = len(a)
        x = self._guess(seat, a, b)
        alpha, beta = np.zeros(n), np.zeros(n)
        steps = np.full(n, np.inf)  # each column's last step
        slope = np.ones(n, bool)  # the next pass solves it at trash + delta too
        active = np.arange(n)
        slabs: list[Any] = []
        slab, at = np.zeros(n, int), np.zeros(n, int)
        for passes in range(1, _PASSES + 1):
            plain = passes > _NEWTON  # plain fixed-point steps: a contraction
            y = 1.0 - x[partner[active]]
            sloped = slope[active]
            more = active[sloped]
            cols = np.concatenate([active, more])
            values, rows = self.ts.solve(bank[:, cols], np.concatenate([y, y[sloped] + _DELTA]),
                                         minimum[cols], cap[cols], keep=self.keep)
            self.passes += 1
            j = len(active)
            slabs.append(rows.slabs[0])
            slab[active], at[active] = len(slabs) - 1, rows.at[:j]
            f = values[:j]
            beta[more] = (values[j:] - f[sloped]) / _DELTA
            if plain:
                beta[:] = 0.0
            alpha[active] = f - beta[active] * y
            ap, bp = alpha[partner], beta[partner]
            new = (alpha + beta - beta * ap - beta * bp) / (1.0 - beta * bp)
            step = np.abs(new - x)
            moved = step >= tol
            x = new
            if not moved.any():
                return x, self._gather(Kept(slabs, slab, at), n)
            active = np.flatnonzero(moved | moved[partner])
            # a chord step that did not shrink enough gets a new slope (not twice running)
            slope[:] = False
            if not plain:
                slope[active] = step[active] > _SHRINK * steps[active]
                slope[more] = False
            steps = step
        raise SolveFailed(f"a level with surpassing did not settle to {tol:g}")

    def _gather(self, kept: Kept, n: int) -> Kept:
        """The kept rows of ``n`` columns, from the slabs of several passes into one."""
        block = kept.slabs[0].shape[2]
        into = np.empty((-(-n // block), self.keep * 6, block))
        kept.copy_to(into, np.arange(n), [self.keep] * 6)
        return Kept([into], np.zeros(n, int), np.arange(n))

    def _guess(self, seat: Any, a: Any, b: Any) -> Any:
        """A first value from the solved states above (as core's): a quadratic surface
        through eight neighbours, or where they run off the board a plane through three, or
        one neighbour, or a half."""
        ng = self.ng

        def at(i: int, j: int) -> Any:
            return self.win[seat, np.minimum(a + i, ng - 1), np.minimum(b + j, ng - 1), 0]

        quad = sum(w * at(i, j) for w, (i, j) in zip(_WEIGHTS, _STENCIL, strict=True))
        plane = at(1, 0) + at(0, 1) - at(1, 1)
        guess = np.where((a + 2 < ng) & (b + 2 < ng), quad,
                         np.where((a + 1 < ng) & (b + 1 < ng), plane,
                                  np.where(b + 1 < ng, at(0, 1),
                                           np.where(a + 1 < ng, at(1, 0), np.nan))))
        return np.where(np.isnan(guess), 0.5, np.clip(guess, 0.0, 1.0))
