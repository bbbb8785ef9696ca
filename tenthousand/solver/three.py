"""Perfect play for three players: each seat's chance of winning at every turn start.

The value of a position is the vector of the three seats' chances (they sum to 1: the last
round and the tie-break rounds make sure somebody wins).  At every decision the player to
move maximises **his own** chance, the others' chances following his choices; exact ties
between banking and throwing on go to the bank (:mod:`.compiled3`).  Scores are in steps of
50 below the game point ``ng``; rules without options, with the catch-up round (D-8).

**The normal game.**  A turn start is a board triple ``b`` and the seat to move ``m``.  A bank
below the game point hands seat ``m + 1`` the move at the new boards; trash hands it on at
the same boards, so the three turn starts of a triple (movers 0, 1, 2) form a *trash
cycle*; a bank always reaches a triple of a higher sum, so the sums (levels) are solved from
the top down and the cycles of a level are independent of each other.  In the normal game a
turn score above ``max(ng - own board, minimum) + extra`` banks at once.

**The trash cycle is a game.**  For fixed turn policies a turn is worth ``A + P W`` (see
:mod:`.compiled3`) and the cycle's three values follow in closed form
(:func:`cycle_values`).  :class:`Levels` runs policy iteration on whole blocks of cycles:
every turn start answers the current values, the cycle's values are solved for the
policies found, and again, until a round changes no policy (a *settled* cycle: each mover's
policy is his best answer to the others', so a pure equilibrium, checked by that very
round).  A round solves again only the turn starts whose trash value moved by more than half
the *slack* their last solve reported (how far it may move with every choice of the turn
the same, :func:`.compiled3.rows`): the others provably keep their policy; and it solves
them from the highest turn score whose choices the move could turn, the rows above as the
first solve left them (:class:`.columns3.Memo`).  Where best
answers go round in circles (no pure equilibrium, or iteration missing one) the cycle is
*flagged* after a profile comes back or :data:`ROUNDS` rounds, and
:func:`.equilibria.solve_cycle` finds a stationary equilibrium, mixed where no pure one
exists, among every piece of the movers' best values near the trash values iteration met,
checked against the whole turn programme.

**The end.**  The first bank that reaches the game point (seat ``R``, board ``F``) starts
the last round (D-8, D-16); the other two play one turn each in turn order; the tied for
first play tie-break rounds in ascending seat order (D-9), trash adding 0.  Their turns cap
at ``max(ng + extra, minimum)``.  :class:`End` solves them first: the last chaser's turns
``c2[seat, holders, d, at 0]`` (``d`` what he must reach to tie the best final board,
``holders`` 0 the seat after him, 1 the seat before him, 2 both), the first chaser's
``c1[R, F - x, F - y, x at 0, y at 0]``, the two-player round's first seat's chance and the
three-player round's vector (each a fixed point, iterated).
"""

from __future__ import annotations

import bisect
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np

from ..i18n import _
from ..model.rules import Rules
from . import compiled3, dice
from .columns3 import Memo, Turns3, rotate, unrotate
from .equilibria import cycle_values, solve_cycle
from .variant import DEFAULT_EXTRA, STEP, Refusal, levels_rows3, refusal3

__all__ = ["ROUNDS", "End", "Keep", "Levels", "Order", "Solution3", "cycle_values",
           "end_share", "refusal", "solve"]

#: A cycle still changing its policies after this many rounds of policy iteration is
#: solved exactly (:mod:`.equilibria`); in the games measured every settling cycle settled
#: within five.
ROUNDS = 8
#: Triples per block of cycles (a block keeps its bank rows and its first solves' rows,
#: :class:`.columns3.Memo`, while it iterates: some 160 MB at 15,000).
_TRIPLES = 1024


def refusal(rules: Rules) -> Refusal | None:
    """Why three-player perfect play is not solved here for these rules (None: it is)."""
    found = refusal3(rules)
    if found is None and compiled3.kernels() is None:
        return Refusal(_("solving three players needs numba ({command})").format(
            command="pipx reinstall tenthousand"))
    return found


# -- the end: tie-break rounds and the last round --------------------------------------

def _tie2_vector(first: int, second: int, p: float) -> Any:
    v = np.zeros(3)
    v[first], v[second] = p, 1.0 - p
    return v


class End:
    """The last round and the tie-break rounds (see the module's docstring)."""

    def __init__(self, turns: Turns3, ng: int, extra: int, open_min: int, min_after: int,
                 tol: float = 1e-15) -> None:
        self.turns, self.ng, self.e = turns, ng, extra
        self.open, self.min = open_min, min_after
        self.maxp = turns.maxp
        self.tol = tol
        self.tie2 = 0.5
        self.tie3 = np.full(3, 1.0 / 3.0)
        self.c1: Any = None
        self.c2: Any = None
        # each round's later turn starts: the two-player round's second (roles first,
        # second) facing the first's turn score; the three-player round's second facing the
        # first's, its third facing (the top score, who holds it)
        self.tie2_second: Any = None
        self.tie3_second: Any = None
        self.tie3_third: Any = None

    def cap(self, need: Any) -> Any:
        return np.maximum(self.ng + self.e, need)

    def rows(self) -> int:
        return int(self.cap(max(self.open, self.min))) + self.maxp + 1

    def _run(self, bank_abs: Any, mover: Any, trash_abs: Any, need: Any) -> Any:
        """Turns given in seat order: their values (cols, 3) in seat order."""
        mover = np.broadcast_to(np.asarray(mover), (len(bank_abs),))
        need = np.broadcast_to(np.asarray(need), (len(bank_abs),))
        a, p = self.turns.solve(rotate(bank_abs, mover[:, None]),
                                trash_abs[np.arange(len(mover)), mover], need, self.cap(need))
        return unrotate(a, mover) + p[:, None] * trash_abs

    def _ties(self) -> None:
        """The two-player round (first seat's chance) and the three-player round (seats
        0, 1, 2), each iterated to its fixed point."""
        rows = self.rows()
        x = np.arange(rows)
        t = np.arange(rows)[None, :]
        for _round in range(1000):
            # the second seat (1 here) facing the first's turn score x
            bank = np.zeros((rows, rows, 3))
            bank[..., 0] = np.where(t < x[:, None], 1.0, np.where(t == x[:, None], self.tie2, 0))
            bank[..., 1] = 1.0 - bank[..., 0]
            trash = np.where((x == 0)[:, None], [self.tie2, 1 - self.tie2, 0.0], [1.0, 0, 0])
            second = self._run(bank, 1, trash, self.min)
            first = self._run(second[None], 0, second[:1], self.min)
            new = float(first[0, 0])
            self.tie2_second = second
            if abs(new - self.tie2) <= self.tol:
                self.tie2 = new
                break
            self.tie2 = new
        else:
            raise RuntimeError("the two-player tie-break round did not settle")
        eye = np.eye(3)
        for _round in range(1000):
            t2 = [_tie2_vector(0, 2, self.tie2), _tie2_vector(1, 2, self.tie2), self.tie3]
            lose = [eye[0], eye[1], _tie2_vector(0, 1, self.tie2)]
            # the third seat facing the top score ``top`` held by holders h
            tops = np.repeat(x, 3)
            h = np.tile(np.arange(3), rows)
            win_tie, lost = np.stack(t2)[h], np.stack(lose)[h]
            bank = np.where((t > tops[:, None])[..., None], eye[2],
                            np.where((t == tops[:, None])[..., None], win_tie[:, None],
                                     lost[:, None]))
            trash = np.where((tops == 0)[:, None], win_tie, lost)
            third = self._run(bank, 2, trash, self.min).reshape(rows, 3, 3)
            top = np.maximum(x[:, None], x[None, :])
            holders = np.where(x[:, None] > x[None, :], 0, np.where(x[None, :] > x[:, None], 1, 2))
            bank2 = third[np.minimum(top, rows - 1), holders]  # (x1, x2, 3)
            second = self._run(bank2, 1, bank2[:, 0], self.min)
            first = self._run(second[None], 0, second[:1], self.min)
            new = first[0]
            self.tie3_second, self.tie3_third = second, third
            if np.abs(new - self.tie3).max() <= self.tol:
                self.tie3 = new
                break
            self.tie3 = new
        else:
            raise RuntimeError("the three-player tie-break round did not settle")

    def tie_vector(self, seats: Any) -> Any:
        s = sorted(seats)
        return self.tie3 if len(s) == 3 else _tie2_vector(s[0], s[1], self.tie2)

    def _c2(self, top: int) -> None:
        """Every last chaser's turn with ``d`` up to ``top``."""
        rows = self.rows()
        self.c2 = np.zeros((3, 3, top + 1, 2, 3))
        d = np.arange(1, top + 1)
        t = np.arange(rows)[None, :, None]
        eye = np.eye(3)
        for last in range(3):
            after, before = (last + 1) % 3, (last + 2) % 3
            tie = [self.tie_vector((last, after)), self.tie_vector((last, before)), self.tie3]
            lose = [eye[after], eye[before], self.tie_vector((after, before))]
            for h in range(3):
                bank = np.where(t > d[:, None, None], eye[last],
                                np.where(t == d[:, None, None], tie[h], lose[h]))
                trash = np.broadcast_to(lose[h], (len(d), 3))
                for y0 in (0, 1):
                    need = self.open if y0 else self.min
                    self.c2[last, h, 1:, y0] = self._run(bank, last, trash, need)

    def _c1(self, top: int, progress: Callable[[float], None] | None) -> None:
        """Every first chaser's turn: ``c1[R, dx, dy, x0, y0]`` for ``dx, dy`` up to
        ``top`` (the key with ``x0`` set only where ``dx >= ng``: a board of 0 is behind by
        the whole final board)."""
        rows = self.rows()
        self.c1 = np.zeros((3, top + 1, top + 1, 2, 2, 3))
        flags = [(0, 0), (0, 1), (1, 0), (1, 1)] if self.open != self.min else [(0, 0)]
        dx, dy = (a.ravel() for a in np.meshgrid(np.arange(1, top + 1), np.arange(1, top + 1),
                                                indexing="ij"))
        t = np.arange(rows)[None, :]
        jobs = [(fin, x0, y0) for fin in range(3) for x0, y0 in flags]
        for j, (fin, x0, y0) in enumerate(jobs):
            mover, last = (fin + 1) % 3, (fin + 2) % 3
            keep = (dx >= self.ng if x0 else np.ones(len(dx), bool)) & \
                (dy >= self.ng if y0 else np.ones(len(dy), bool))
            kx, ky = dx[keep], dy[keep]
            for lo in range(0, len(kx), 4096):
                px, py = kx[lo:lo + 4096, None], ky[lo:lo + 4096, None]
                # holders as the last chaser sees them: 0 the finisher (after him), 1 this
                # chaser (before him), 2 both
                h = np.where(t < px, 0, np.where(t == px, 2, 1))
                d = np.minimum(np.where(t > px, py + t - px, py), self.c2.shape[2] - 1)
                bank = self.c2[last, h, d, y0]
                trash = self.c2[last, 0, py[:, 0], y0]
                need = self.open if x0 else self.min
                got = self._run(bank, mover, trash, need)
                self.c1[fin, px[:, 0], py[:, 0], x0, y0] = got
                if progress:
                    progress((j + (lo + len(px)) / len(kx)) / len(jobs))
        if len(flags) == 1:
            self.c1[:, :, :, :, :] = self.c1[:, :, :, :1, :1]

    @staticmethod
    def work_of(ng: int, e: int, open_min: int, min_after: int, maxp: int, top: int) -> float:
        """The column rows of the last chasers' turns (:meth:`_c2`, :meth:`_c1`) for
        :meth:`solve` with ``top``: what the end costs beside the levels (the tie-break
        rounds are a few hundred columns)."""
        cap = max(ng + e, open_min, min_after)
        far = max(0, top - ng + 1)  # the chasers' leads of ng and more
        c1 = top * top + (2 * far * top + far * far if open_min != min_after else 0)
        c2 = 3 * 2 * (top + cap + maxp + 1)
        return float(3 * (c1 + c2) * cap)

    def solve(self, top: int, progress: Callable[[float], None] | None = None) -> None:
        self._ties()
        self._c2(top + self.rows())
        self._c1(top, progress)


# -- the normal game --------------------------------------------------------------------

@dataclass
class Stats:
    """What a solve met: rounds, cycles flagged, mixed and with several equilibria."""

    levels: int = 0
    cycles: int = 0
    solves: int = 0  # turn starts solved, all rounds
    kept: int = 0  # turn starts whose policy was known to stand without solving them
    flagged: int = 0  # cycles whose policy iteration did not settle
    mixed: int = 0  # cycles whose equilibrium mixes
    several: int = 0  # flagged cycles with more than one equilibrium among those found
    rounds: dict[int, int] = field(default_factory=dict)  # settling round -> cycles
    largest_gain: float = 0.0  # the largest gain of a pure deviation, checked cycles
    seconds: float = 0.0  # CPU seconds, all threads
    wall: float = 0.0
    work: int = 0
    threads: int = 1

    def add(self, other: Stats) -> None:
        """Add a block's counts to these."""
        for name in ("levels", "cycles", "solves", "kept", "flagged", "mixed", "several"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for rnd, count in other.rounds.items():
            self.rounds[rnd] = self.rounds.get(rnd, 0) + count
        self.largest_gain = max(self.largest_gain, other.largest_gain)


class Levels:
    """The normal game's table: ``value[m, b0, b1, b2]`` the seats' chances at the turn
    start of mover ``m`` (seat order)."""

    def __init__(self, rules: Rules, turns: Turns3, end: End, ng: int, extra: int,
                 open_min: int, min_after: int) -> None:
        self.rules, self.turns, self.end = rules, turns, end
        self.ng, self.e, self.open, self.min = ng, extra, open_min, min_after
        self.maxp = turns.maxp
        self.value = np.full((3, ng, ng, ng, 3), np.nan)
        self.mix: dict[tuple[int, int, int, int], tuple[float, float, float]] = {}
        self.stats = Stats()
        self._lock = threading.Lock()
        self._order: Order | None = None
        self._spare = threading.local()  # each thread's last memo, while :meth:`run` runs

    def need(self, own: Any) -> Any:
        return np.where(own == 0, self.open, self.min)

    def cap(self, own: Any) -> Any:
        return _cap(own, self.ng, self.e, self.open, self.min)

    def c1_top(self) -> int:
        """The largest lead a finisher's bank can have over a chaser."""
        return _c1_top(self.ng, self.e, self.open, self.min, self.maxp)

    def bank_rows(self, trip: Any, mover: Any) -> Any:
        """Bank rows (columns, rows, 3) in the mover's order, rows past the cap and the
        most points of a freeze left 0 (:func:`.compiled3.banks`)."""
        trip = np.ascontiguousarray(trip, dtype=np.int64)
        mover = np.ascontiguousarray(mover, dtype=np.int64)
        own = trip[np.arange(len(trip)), mover]
        cap = np.asarray(self.cap(own), dtype=np.int64)
        rows = int(cap.max()) + self.maxp + 1 if len(cap) else 1
        out = np.empty((len(trip), rows, 3))
        self.turns.k.banks(self.value, self.end.c1, trip, mover, cap, self.maxp, self.ng, out)
        return out

    def guess(self, trip: Any) -> Any:
        """A first guess of the three turn starts of each triple (triples, 3 movers, 3):
        the mean of the triples one step up, 1/3 each at the top."""
        total = np.zeros((len(trip), 3, 3))
        count = np.zeros(len(trip))
        for i in range(3):
            up = trip.copy()
            up[:, i] += 1
            ok = up[:, i] < self.ng
            u = up[ok]
            total[ok] += self.value[:, u[:, 0], u[:, 1], u[:, 2]].transpose(1, 0, 2)
            count[ok] += 1
        out = np.full((len(trip), 3, 3), 1.0 / 3.0)
        seen = count > 0
        out[seen] = total[seen] / count[seen, None, None]
        return out

    def level(self, trip: Any) -> None:
        """Solve every cycle of these triples (one level or a block of one)."""
        n = len(trip)
        st = Stats(cycles=n)  # this block's, added to the solve's at the end (threads)
        mover = np.tile(np.arange(3), n)
        cols_trip = np.repeat(trip, 3, axis=0)
        bank = self.bank_rows(cols_trip, mover)
        own = cols_trip[np.arange(3 * n), mover]
        need, cap = self.need(own), self.cap(own)
        memo = self._memo(3 * n, int(cap.max()))
        values = self.guess(trip)  # (n, 3 movers, 3 seats)
        a_prev = np.full((n, 3, 3), np.nan)
        p_prev = np.full((n, 3), np.nan)
        open_ = np.arange(n)
        history: list[tuple[Any, Any, Any, Any]] = []  # (cycles, A, P, w) per round
        seen: list[dict[bytes, int]] = [dict() for _ in range(n)]
        flagged: list[int] = []
        # per column: the (A, P) of its last solve (seat order), the trash value it was
        # solved at and how far that may move with its policy the same
        a_col = np.zeros((3 * n, 3))
        p_col = np.zeros(3 * n)
        w_at = np.full(3 * n, np.nan)
        slack = np.zeros(3 * n)
        for rnd in range(1, ROUNDS + 1):
            cols = (open_[:, None] * 3 + np.arange(3)).ravel()
            m = mover[cols]
            # the mover's trash leads to the next mover's turn start of the same triple
            w_vec = values[open_][:, [1, 2, 0]].reshape(-1, 3)
            w_own = w_vec[np.arange(len(cols)), m]
            # a turn whose trash value moved less than half its slack plays as before
            moved = np.abs(w_own - w_at[cols])
            redo = ~(moved < 0.5 * slack[cols] - 1e-12)
            todo = cols[redo]
            if len(todo):
                a_col[todo], p_col[todo], slack[todo] = self._solve_columns(
                    bank[todo], w_own[redo], need[todo], cap[todo], mover[todo], memo, todo)
                w_at[todo] = w_own[redo]
            st.solves += len(todo)
            st.kept += len(cols) - len(todo)
            a = a_col[cols].reshape(-1, 3, 3)
            p = p_col[cols].reshape(-1, 3)
            history.append((open_, a, p, w_own.reshape(-1, 3)))
            same = (a == a_prev[open_]).all(axis=(1, 2)) & (p == p_prev[open_]).all(axis=1)
            a_prev[open_], p_prev[open_] = a, p
            values[open_] = cycle_values(a, p)
            done = open_[same]
            for _c in done:
                st.rounds[rnd] = st.rounds.get(rnd, 0) + 1
            keep = ~same
            again = _seen_again(open_, keep, a, p, seen, rnd)
            flagged.extend(open_[keep & again].tolist())
            open_ = open_[keep & ~again]
            if not len(open_):
                break
        flagged.extend(open_.tolist())
        mix = self._equilibria(trip, flagged, history, bank, need, cap, values, st)
        self.value[:, trip[:, 0], trip[:, 1], trip[:, 2]] = values.transpose(1, 0, 2)
        with self._lock:
            self.mix.update(mix)
            self.stats.add(st)

    def _memo(self, columns: int, top: int) -> Memo:
        """A memo for a block's first solves, for the rounds after, in the memory of this
        thread's last block's."""
        memo = Memo(columns, top, getattr(self._spare, "memo", None))
        self._spare.memo = memo
        return memo

    def _solve_columns(self, bank: Any, w: Any, need: Any, cap: Any, mover: Any,
                       memo: Memo, at: Any) -> tuple[Any, Any, Any]:
        """These turn starts solved at the trash values ``w``: each one's (A in seat
        order, P) and its slack; the first time whole and kept in ``memo`` (rows ``at``),
        after that from the rows their move in ``w`` could change."""
        got = np.empty(len(w))
        a_rot, p_new = self.turns.solve(bank, w, need, cap, got, memo, at)
        return unrotate(a_rot, mover), p_new, got

    def _equilibria(self, trip: Any, flagged: list[int], history: list[tuple[Any, Any, Any, Any]],
                    bank: Any, need: Any, cap: Any, values: Any, st: Stats
                    ) -> dict[tuple[int, int, int, int], tuple[float, float, float]]:
        """Each flagged cycle solved for a stationary equilibrium from the (A, P, w) its
        movers met in the rounds of ``history``: its values go into ``values``, the counts
        into ``st``; returns each mover's play where it mixes, by (mover, boards)."""
        mix: dict[tuple[int, int, int, int], tuple[float, float, float]] = {}
        for c in flagged:
            st.flagged += 1
            cands: list[list[tuple[Any, float, Any]]] = [[], [], []]
            for cycles, a, p, w in history:
                at = np.flatnonzero(cycles == c)
                if len(at):
                    for k in range(3):
                        cands[k].append((a[at[0], k], float(w[at[0], k]), p[at[0], k]))
            rows = [c * 3 + k for k in range(3)]
            found = solve_cycle(self, bank[rows], need[rows], cap[rows], cands)
            values[c] = found.values
            st.mixed += found.mixers > 0
            st.several += found.several
            st.largest_gain = max(st.largest_gain, found.gain)
            b0, b1, b2 = (int(v) for v in trip[c])
            mix.update({(k, b0, b1, b2): found.play[k] for k in range(3)})
        return mix

    def solve_turns(self, bank: Any, w: Any, need: Any, cap: Any, movers: Any) -> Any:
        """(A in seat order, P) of turns at trash values ``w`` (for :mod:`.equilibria`)."""
        a, p = self.turns.solve(bank, w, need, cap)
        return unrotate(a, np.asarray(movers)), p

    def work_by_sum(self) -> Any:
        """Each level's work by its sum of boards (:func:`_work_by_sum`)."""
        return _work_by_sum(self.ng, self.e, self.open, self.min)

    def _work(self, trip: Any) -> float:
        """The column rows of these triples' turn starts (as :meth:`work_by_sum`)."""
        return float(np.asarray(self.cap(trip)).sum())

    def order(self) -> Order:
        """Every board triple in the order the levels are solved (:class:`Order`)."""
        if self._order is None:
            self._order = Order(self.ng)
        return self._order

    def run(self, progress: Callable[[float], None] | None = None, threads: int = 1, *,
            start: int = 0, after: Callable[[int], None] | None = None) -> None:
        """Solve every level from the top down; the blocks of cycles of one level in
        ``threads`` threads at once (the compiled programme releases the interpreter's
        lock; the levels wait for each other).  ``start``: the first triples of
        :meth:`order` are solved already (a level's start); ``after(done)`` is called as
        each level is done, before ``progress``, which also hears of each block done (so
        that a stop raised from it comes within a block's seconds).  Progress is the share
        of the work (:meth:`work_by_sum`), not of the triples: the high sums come first and
        cost the least, so it goes up as fast at the end as at the start."""
        order = self.order()
        starts = order.starts
        if start not in starts:
            raise ValueError(f"{start} triples is not a level's end")
        by_sum = self.work_by_sum()
        total = float(by_sum.sum())
        done = 0.0  # the work of the levels before this one
        pool = ThreadPoolExecutor(threads) if threads > 1 else None
        try:
            for k, (lo, hi) in enumerate(zip(starts[:-1], starts[1:], strict=True)):
                level_work = float(by_sum[order.sums[k]])
                if hi <= start:
                    done += level_work
                    continue
                self.stats.levels += 1
                trip = order.level(k)
                size = min(_TRIPLES, max(64, -(-(hi - lo) // (2 * threads))))
                blocks = [trip[a:a + size] for a in range(0, hi - lo, size)]
                at = done
                if pool is None or len(blocks) == 1:
                    for block in blocks[:-1]:
                        self.level(block)
                        at += self._work(block)
                        if progress:  # a stop is seen between blocks
                            progress(at / total)
                    self.level(blocks[-1])
                else:
                    futures = [pool.submit(self.level, block) for block in blocks]
                    for block, solved in zip(blocks[:-1], futures[:-1], strict=True):
                        solved.result()
                        at += self._work(block)
                        if progress:
                            progress(at / total)
                    futures[-1].result()
                done += level_work
                if after:
                    after(hi)
                if progress:
                    progress(done / total)
        finally:
            if pool is not None:
                pool.shutdown(cancel_futures=True)
            self._spare = threading.local()
        self.stats.threads = threads


def _cap(own: Any, ng: int, e: int, open_min: int, min_after: int) -> Any:
    """The turn score (steps) past which a normal turn from board ``own`` banks at once."""
    return np.maximum(ng - own, np.where(own == 0, open_min, min_after)) + e


def _c1_top(ng: int, e: int, open_min: int, min_after: int, maxp: int) -> int:
    own = np.arange(ng)
    return int((own + _cap(own, ng, e, open_min, min_after)).max()) + maxp


def _work_by_sum(ng: int, e: int, open_min: int, min_after: int) -> Any:
    """Each level's work by its sum of boards: the column rows of its turn starts (each
    mover's cap), the programme's work in a pass (:meth:`Levels.run` counts progress by
    it).  By symmetry three times the rows of seat 0's turn starts: ``cap * 1 * 1``."""
    rows = np.asarray(_cap(np.arange(ng), ng, e, open_min, min_after), dtype=float)
    ones = np.ones(ng)
    return 3 * np.convolve(np.convolve(rows, ones), ones)


def _sizes(rules: Rules, extra: int | None) -> tuple[int, int, int, int]:
    """``ng, e, open_min, min_after`` of a solve, in steps of 50."""
    return (rules.game_point // STEP, (DEFAULT_EXTRA if extra is None else extra) // STEP,
            max(rules.minimum_for(0) // STEP, 1), max(rules.minimum // STEP, 1))


def end_share(rules: Rules, extra: int | None = None) -> float:
    """The share of a solve's progress that is the end's (:meth:`End.work`) before the
    levels' (:func:`.variant.levels_rows3`): some 1% at 15,000, 6% at 5,000,
    so that progress rises at one rate from start to end."""
    ng, e, open_min, min_after = _sizes(rules, extra)
    maxp = dice.max_points(rules)
    end_work = End.work_of(ng, e, open_min, min_after, maxp,
                           _c1_top(ng, e, open_min, min_after, maxp))
    return end_work / (end_work + levels_rows3(rules, extra))


class Order:
    """Every board triple in the order the levels are solved: the sums of the boards from
    the top down, and within a sum by the first board, then the second (the third follows).
    ``starts[k]`` is where level ``k`` (sum ``sums[k]``) starts, the last entry the number
    of triples.  A level's triples are made when asked for (a few thousand to 68,000 at
    15,000), so that no array of every triple is held: that took 650 MB at 15,000, and
    twice that while it was sorted."""

    def __init__(self, ng: int) -> None:
        self.ng = ng
        self.sums = list(range(3 * (ng - 1), -1, -1))
        ones = np.ones(ng, dtype=np.int64)
        counts = np.convolve(np.convolve(ones, ones), ones)  # triples by their sum
        self.starts = [0, *np.cumsum(counts[::-1]).tolist()]

    def level(self, k: int) -> Any:
        """The triples of level ``k`` (rows ``b0, b1, b2``, int64)."""
        s, ng = self.sums[k], self.ng
        b0 = np.arange(max(0, s - 2 * (ng - 1)), min(ng - 1, s) + 1)
        g0, g1 = np.meshgrid(b0, np.arange(ng), indexing="ij")
        g2 = s - g0 - g1
        ok = (g2 >= 0) & (g2 < ng)
        return np.stack([g0[ok], g1[ok], g2[ok]], axis=1)

    def triples(self, lo: int, hi: int) -> Any:
        """The triples ``lo`` to ``hi`` (exclusive) of the order."""
        first = bisect.bisect_right(self.starts, lo) - 1
        pieces = []
        k = first
        while k < len(self.sums) and self.starts[k] < hi:
            at = self.starts[k]
            part = self.level(k)
            pieces.append(part[max(lo - at, 0):hi - at])
            k += 1
        return np.concatenate(pieces) if pieces else np.empty((0, 3), np.int64)


@dataclass
class Solution3:
    """A solved three-player game."""

    rules: Rules
    extra: int
    levels: Levels
    end: End

    @property
    def stats(self) -> Stats:
        return self.levels.stats

    def start(self, mover: int) -> Any:
        """The seats' chances at the game's first turn start with ``mover`` to play."""
        s = [min(self.rules.starting_score(i) // STEP, self.levels.ng - 1) for i in range(3)]
        return self.levels.value[mover, s[0], s[1], s[2]]

    def movers(self) -> tuple[float, float, float]:
        """The chance of the first, second and third to move, the first drawn (D-7)."""
        out = np.zeros(3)
        for first in range(3):
            v = self.start(first)
            for k in range(3):
                out[k] += v[(first + k) % 3] / 3.0
        return float(out[0]), float(out[1]), float(out[2])


def solve(rules: Rules, *, extra: int | None = None,
          progress: Callable[[float], None] | None = None, threads: int = 1,
          keep: Keep | None = None) -> Solution3:
    """Solve the three-player game of ``rules`` (see the module's docstring); the normal
    game's blocks of cycles in ``threads`` threads.  ``keep`` (a :class:`.partial3.Keeper`)
    goes on from the solve it kept and keeps this one as it goes, and when it stops."""
    found = refusal(rules)
    if found is not None:
        raise ValueError(str(found))
    started, wall = time.process_time(), time.perf_counter()
    ng, e, open_min, min_after = _sizes(rules, extra)
    turns = Turns3(rules)
    end = End(turns, ng, e, open_min, min_after)
    levels = Levels(rules, turns, end, ng, e, open_min, min_after)
    end_part = end_share(rules, extra)

    def say_end(share: float) -> None:
        if progress:
            progress(end_part * share)

    def say_levels(share: float) -> None:
        if progress:
            progress(end_part + (1 - end_part) * share)

    done = keep.resume(levels) if keep is not None else None
    try:
        if done is None:
            end.solve(levels.c1_top(), say_end)
            done = 0
            if keep is not None:
                keep.level_done(levels, 0, now=True)
        levels.run(say_levels, threads, start=done,
                   after=None if keep is None else lambda n: keep.level_done(levels, n))
    except BaseException:
        if keep is not None:
            keep.stopped(levels)
        raise
    levels.stats.seconds += time.process_time() - started
    levels.stats.wall += time.perf_counter() - wall
    levels.stats.work = turns.work
    return Solution3(rules, e, levels, end)


class Keep(Protocol):
    """What :func:`solve` asks of the keeper of a solve (:class:`.partial3.Keeper`)."""

    def resume(self, levels: Levels) -> int | None:
        """Put the kept solve into ``levels`` (and its end); the triples done, or None
        when nothing was kept."""

    def level_done(self, levels: Levels, done: int, now: bool = False) -> None:
        """The first ``done`` triples are solved: keep them when it is time (``now``: at
        once)."""

    def stopped(self, levels: Levels) -> None:
        """The solve stops before its end: keep what is done."""


def _seen_again(open_: Any, keep: Any, a: Any, p: Any, seen: list[dict[bytes, int]],
                rnd: int) -> Any:
    """Which cycles still open came back to a profile (A, P) of an earlier round, not the
    last one: their best answers go round, and policy iteration will not settle them."""
    again = np.zeros(len(open_), bool)
    for i in np.flatnonzero(keep):
        c = int(open_[i])
        sig = a[i].tobytes() + p[i].tobytes()
        if sig in seen[c]:
            again[i] = True
        seen[c][sig] = rnd
    return again
