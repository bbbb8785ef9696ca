"""The normal game's turn starts, solved level by level in sweeps (needs numpy).

A bank moves to a higher *level* (the sum of the boards, two players) and a trash hands the
turn to the next player at the same level, so the normal game is solved level by level in
falling sum, within each *rank* of the features (how much of an option is left: a
challenge spends one and leads to a lower rank, solved first).  The turn starts of a level
are coupled by trash; for a fixed policy a turn's value is linear in what its trash is
worth, so Newton's method (policy iteration) settles each level in two or three passes: a
pass solves every moving column at its trash value and, where it needs a new slope, at that
value plus 1e-5; later passes keep the slope (a chord step) while the steps shrink.

*Several levels per sweep.*  A level needs the level ``d`` above it only at turn score
``d``.  So a sweep solves up to eight unfinished levels in one call of the turn programme,
the lower ones banking into the estimates of the levels above at their few lowest turn
scores; once the levels above are finished it redoes only the rows that read estimates,
from the value rows it kept above them, so every value a level ends with is exact, as if the
levels were solved one by one, and a sweep is wide enough for the turn programme.

*Rows that bank* are proven from the bank values before a column's first pass, and a pass
records, for each column, the highest turn score at which some throw comes within 1e-4 of
banking: a later pass whose trash value lies within half of that solves the column only up
to there (see :meth:`.turns.TurnSolver.proven_caps`).

Beside the plain turn a turn start may offer a choice that leads only to lower ranks (a
challenge): its value is one solve, a constant while the level is solved, and the mover
takes the better of the two.

A trash that leaves the level (the trash penalty moves a board down) is worth what the
level it reaches holds: solved, or the last sweep's value (:mod:`.engine` repeats the
sweeps until no value moves).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from .coupling import Chains, SolveFailed, chains, coupled
from .space import Family, Frame, Space
from .turns import Kept
from .values_array import Values
from .variant import Variant

_DELTA = 1e-5  # finite-difference step for the slope of a turn's value in its trash value
#: A sweep solves up to this many levels at once ...
_MAX_LEVELS = 8
#: ... and admits a new level while it has fewer columns than this (cache-sized arrays).
_WIDTH = 800
#: A chord step (the old slope) must shrink the step at least this much, or the column
#: gets a new slope (a solve at trash + delta) in its next pass.
_SHRINK = 0.1
#: A pass records, for each column, the highest turn score at which a throw comes within
#: this much of banking; a later pass whose trash value lies within half of it of that
#: pass's solves the column only up to there (above it the column provably banks).
_MARGIN = 1e-4
#: A level still moving after this many exact passes takes plain fixed-point steps: slower,
#: but they converge, as the coupling contracts (the slopes are chances of trash).
_PLAIN = 12
#: One level in this many has every transition of its banks checked to lie in the space.
_CHECK = 16
#: The most exact passes of a level before it is given up as unsettled.
_MOST = 100
#: How a sweep of the trash penalty steps a level (see :meth:`Normal.sweep_ranks`)
NEWTON, CHORD, SETTLE = "newton", "chord", "settle"
#: A sweep after one that moved no value by this much keeps the slopes it has (chord steps)
CHORD_BELOW = 1e-3
#: The same for the penalty alone: chord steps from the second sweep on.  Its first sweep
#: moves values by about 0.1, and new slopes after it buy no sweep (at 2,500 points 34
#: against 28 s of CPU with the catch-up round, 18.7 against 14.7 s without, values the
#: same to 1e-12); challenging or surpassing with the penalty need more sweeps so.
CHORD_EARLY = 0.1
#: With those early chord steps a sweep that moves more than half of what the one before
#: moved is followed by one that settles every level (Busche's rules at full size stalled
#: at some 5e-7 in chord sweeps that each moved almost as much as the last).
SETTLE_EARLY = 0.5
#: The most sweeps of a rank before the solve gives up.
_MOST_SWEEPS = 500
#: The neighbours above a turn start (board0 + i, board1 + j) a first guess extrapolates
#: from: a quadratic surface through them, least squares, read at (0, 0).
_STENCIL = ((1, 0), (0, 1), (1, 1), (2, 0), (0, 2), (2, 1), (1, 2), (2, 2))


def _stencil_weights() -> Any:
    fit = np.array([[1, i, j, i * i, i * j, j * j] for i, j in _STENCIL], dtype=float)
    return np.linalg.pinv(fit)[0]


_WEIGHTS = _stencil_weights()


@dataclass(eq=False)
class Level:
    """The turn starts of one level and one rank, and where their Newton iteration stands.

    ``partner``: the column the trash of each column leads to, when it stays in the level
    (``inner``); ``flip``: whether that column is the other player's; ``outside``: the codes
    of the trash of the others.  While levels above are unfinished (``exact`` False),
    ``depth`` > 0 says that rows 1 to ``depth`` of some column's last pass banked into
    their estimates; ``kept`` holds every column's value rows of its last pass (at trash,
    then at trash + delta), to redo those rows once they are finished."""

    level: int
    index: Any  # each column's place in the value array
    frame: Frame
    codes: Any  # (rows, columns) what banking each turn score leads to (codes)
    inner: Any
    partner: Any
    flip: Any
    outside: Any
    order: Chains
    cap: Any
    minimum: Any
    choice: Any  # the best other choice at the start of the turn (-inf: none)
    x: Any  # the chance of the player to move, as far as known
    alpha: Any = None
    beta: Any = None
    moving: Any = None  # the columns the next pass must solve
    trash: Any = None  # the trash value of each column's last pass
    slope: Any = None  # the next pass also solves the column at trash + delta
    sloped: Any = None  # the last pass did
    steps: Any = None  # each column's last Newton step
    hi: Any = None  # each column's rows that may throw, and the trash value that showed it
    hi_at: Any = None
    exact: bool = False  # every level above is finished
    depth: int = 0
    kept: Any = None
    banks: Any = None  # every column's bank values, rows above _MAX_LEVELS final
    cols: Any = None  # the columns of the last pass and their values (then at trash +
    f: Any = None  # delta, for the columns with ``sloped``)
    passes: int = 0
    exact_passes: int = 0
    slope_kept: Any = None  # the slopes of the last Newton step (the sweeps' chord steps)

    def __post_init__(self) -> None:
        n = len(self.index)
        self.alpha, self.beta = np.zeros(n), np.zeros(n)
        self.moving = np.ones(n, bool)
        self.trash = np.zeros(n)
        self.slope, self.sloped = np.ones(n, bool), np.ones(n, bool)
        self.steps = np.full(n, np.inf)
        self.hi, self.hi_at = self.cap.copy(), np.full(n, np.nan)

    def trash_values(self, values: Values, cols: Any) -> Any:
        """What each column's trash is worth now."""
        inside = self.inner[cols]
        y = self.x[self.partner[cols]]
        y = np.where(self.flip[cols], 1.0 - y, y)
        return np.where(inside, y, values.get(self.outside[cols]))


class Normal:
    """The normal game of a variant: its turn starts by rank and level, solved in sweeps."""

    def __init__(self, variant: Variant, ts: Any, values: Values) -> None:
        self.variant, self.ts, self.values = variant, ts, values
        self.space: Space = variant.space
        self.family: Family = variant.family("normal")
        self.keep = _MAX_LEVELS + ts.maxp  # value rows kept: enough to redo any depth
        #: the dice model redoes low rows and proves rows that bank; the others do neither
        self.full = hasattr(ts, "proven_caps")
        frame = self.family.all()
        ok = np.asarray(variant.feasible(self.family, frame), bool) & np.ones(
            self.family.size, bool)
        self.cols = np.flatnonzero(ok) + self.family.offset
        frame = {k: (v[ok] if isinstance(v, np.ndarray) else v) for k, v in frame.items()}
        self.level_of = np.asarray(variant.level(frame)) + np.zeros(len(self.cols), int)
        self.rank_of = np.asarray(variant.rank(frame)) + np.zeros(len(self.cols), int)
        order = np.lexsort((-self.level_of, self.rank_of))
        self.cols, self.level_of, self.rank_of = (self.cols[order], self.level_of[order],
                                                  self.rank_of[order])
        need = np.asarray(variant.need(self.family, frame)) + np.zeros(len(self.cols), int)
        cap = np.asarray(variant.cap(self.family, frame, need))
        self.rows = int(cap.max(initial=0)) + ts.maxp + 1  # bank rows of every level
        keys = self.rank_of * (1 << 32) - self.level_of
        bounds = np.flatnonzero(np.diff(keys)) + 1
        self.blocks = np.split(np.arange(len(self.cols)), bounds)
        #: A bank moves up at least the smaller minimum: that many levels never read each
        #: other, so they are solved together as one block of columns, exactly, one block a
        #: sweep (wider calls of the turn programme); with a minimum of one step, levels
        #: share sweeps instead and redo their low rows (above).
        b = variant.bounds
        self.together = max(1, min(b.open_min, b.min_after))
        if self.together > 1:
            grouped: list[Any] = []
            for block in self.blocks:
                last = grouped[-1] if grouped else None
                if (last is not None and len(last) < self.together
                        and int(self.rank_of[last[0][0]]) == int(self.rank_of[block[0]])):
                    last.append(block)
                else:
                    grouped.append([block])
            self.blocks = [np.concatenate(g) for g in grouped]
        self.unsettled = 0
        self.sweeps = 0
        self.fixups = 0
        self.level_passes: list[int] = []
        self.checked = 0  # transitions checked to lie in the space
        self.coded = 0  # levels whose bank codes were worked out

    # -- building a level ---------------------------------------------------------------

    def level(self, block: Any, guess: bool = True) -> Level:
        variant, fam = self.variant, self.family
        index = self.cols[block]
        frame = fam.frame(index)
        need = np.asarray(variant.need(fam, frame)) + np.zeros(len(index), int)
        cap = np.asarray(variant.cap(fam, frame, need)) + np.zeros(len(index), int)
        codes = self.bank_codes(frame, need, cap)
        tcode, tin = variant.trash(fam, frame, "plain")
        self._check(tin, True, "a trash")
        tidx = tcode % self.space.size
        sorter = np.argsort(index, kind="stable")  # (a block of several levels: unsorted)
        found = sorter[np.minimum(np.searchsorted(index, tidx, sorter=sorter), len(index) - 1)]
        inner = index[found] == tidx
        partner = np.where(inner, found, 0)
        flip = tcode < self.space.size
        lv = Level(int(self.level_of[block[0]]), index, frame, codes, inner, partner, flip,
                   tcode, chains(inner, partner, flip), cap, np.maximum(need, 1),
                   self.choice_values(frame, need, cap),
                   self.guesses(index, frame) if guess else self.values.v[index].copy())
        self.values.set(index, lv.x)
        return lv

    def guesses(self, index: Any, frame: Frame) -> Any:
        """First values of a block's columns, level by level from its top, each level's
        from the ones above it (set as they are found)."""
        level = frame["board0"] + frame["board1"]
        x = np.empty(len(index))
        for value in np.unique(level)[::-1].tolist():
            cols = np.flatnonzero(level == value)
            sub = {k: (v[cols] if isinstance(v, np.ndarray) else v) for k, v in frame.items()}
            x[cols] = self.guess(sub)
            self.values.set(index[cols], x[cols])
        return x

    def bank_codes(self, frame: Frame, need: Any, cap: Any) -> Any:
        """What banking each turn score leads to, for these columns: (rows, columns) codes
        (turn scores that cannot bank, or are never read, lead to a harmless value)."""
        rows = int(cap.max(initial=0)) + self.ts.maxp + 1  # (padded to a sweep's rows)
        t = np.arange(rows, dtype=np.int32)[:, None]
        # every level's transitions lie in the space by the ranges' construction: a sample
        # of them is checked (reading a turn start left out is checked at every pass)
        check = self.coded % _CHECK == 0
        self.coded += 1
        narrow = {k: (v.astype(np.int32) if isinstance(v, np.ndarray) else v)
                  for k, v in frame.items()}
        codes, inside = self.variant.bank(self.family, _rows(narrow), "plain", t, check)
        usable = (t >= need[None, :]) & (t <= cap[None, :] + self.ts.maxp)
        if check:
            self._check(inside, usable, "a bank")
        return np.where(usable, codes, self.space.one)

    def first_throws(self, frame: Frame, n: int) -> Any:
        """Which of these ``n`` turn starts open with a turn's first throw (None: all)."""
        first = self.variant.first_throws(frame)
        return None if first is None else np.asarray(first, bool) & np.ones(n, bool)

    def _check(self, inside: Any, usable: Any, what: str) -> None:
        bad = ~np.asarray(inside, bool) & np.asarray(usable, bool)
        self.checked += int(np.size(inside))
        if bad.any():
            raise SolveFailed(f"{what} of the normal game leads off the solver's ranges")

    def choice_values(self, frame: Frame, need: Any, cap: Any) -> Any:
        """The value of each column's best choice beside the plain turn (-inf: none)."""
        variant, fam = self.variant, self.family
        out = np.full(len(need), -np.inf)
        for name, where_open in variant.choices(frame).items():
            if name == "plain":
                continue
            cols = np.flatnonzero(np.asarray(where_open, bool) & np.ones(len(need), bool))
            if not len(cols):
                continue
            sub = {k: (v[cols] if isinstance(v, np.ndarray) else v) for k, v in frame.items()}
            c_need = np.asarray(variant.need(fam, sub)) + np.zeros(len(cols), int)
            c_cap = np.asarray(variant.cap(fam, sub, c_need)) + np.zeros(len(cols), int)
            t = np.arange(int(c_cap.max()) + self.ts.maxp + 1)[:, None]
            codes, inside = variant.bank(fam, _rows(sub), name, t)
            usable = (t >= c_need[None, :]) & (t <= c_cap[None, :] + self.ts.maxp)
            self._check(inside, usable, "a challenge")
            bank = self.values.get(np.where(usable, codes, self.space.one))
            tcode, tin = variant.trash(fam, sub, name)
            self._check(tin, True, "a challenge's trash")
            out[cols] = np.maximum(out[cols], solve_wide(
                self.ts, bank, self.values.get(tcode), np.maximum(c_need, 1), c_cap,
                first=self.first_throws(sub, len(cols))))
        return out

    def guess(self, frame: Frame) -> Any:
        """A first value of each column from the turn starts above it (solved, or estimated
        by a sweep still at work on them): a quadratic surface through eight neighbours,
        or where they run off the board a plane through three, or one neighbour."""
        ng = self.variant.bounds.ng
        a, b = frame["board0"], frame["board1"]
        steps = self.family.board_steps()
        base = self.family.index(frame) if steps else None

        def at(i: int, j: int) -> Any:
            a2, b2 = np.minimum(a + i, ng - 1), np.minimum(b + j, ng - 1)
            if steps:  # (a fixed step: no need to place the neighbours from scratch)
                return self.values.v[base + (a2 - a) * steps[0] + (b2 - b) * steps[1]]
            return self.values.v[self.family.index({**frame, "board0": a2, "board1": b2})]

        quad = sum(w * at(i, j) for w, (i, j) in zip(_WEIGHTS, _STENCIL, strict=True))
        plane = at(1, 0) + at(0, 1) - at(1, 1)
        found = np.where((a + 2 < ng) & (b + 2 < ng), quad,
                         np.where((a + 1 < ng) & (b + 1 < ng), plane,
                                  np.where(b + 1 < ng, at(0, 1),
                                           np.where(a + 1 < ng, at(1, 0), np.nan))))
        return np.where(np.isnan(found), 0.5, np.clip(found, 0.0, 1.0))

    # -- a pass ------------------------------------------------------------------------

    def bank(self, lv: Level, cols: Any) -> Any:
        """Banking values of these columns: (rows, columns).  Worked out once; a bank of
        ``t`` reaches the level ``t`` above, so only the rows up to _MAX_LEVELS can bank
        into levels still unfinished, and only they are read again at each pass."""
        if lv.banks is None:
            lv.banks = self.values.get(lv.codes)
            if np.isnan(lv.banks[_MAX_LEVELS + 1:]).any():
                raise SolveFailed("a bank of the normal game reads a turn start left out")
        else:
            lv.banks[:_MAX_LEVELS + 1] = self.values.get(lv.codes[:_MAX_LEVELS + 1])
        return lv.banks[:, cols]

    def caps(self, lv: Level, cols: Any, bank: Any, which: Any, trash: Any) -> tuple[Any, Any]:
        """The caps of the problems ``which`` (indices into ``cols``) at these trash values,
        and which caps were proven now (see the module's text)."""
        c = cols[which]
        cap = lv.cap[c]
        known = np.abs(trash - lv.hi_at[c]) <= _MARGIN / 2
        cap = np.where(known, np.minimum(cap, np.maximum(lv.hi[c], _MAX_LEVELS)), cap)
        if not known.all():
            new, back = np.unique(which[~known], return_inverse=True)
            top = np.full(len(new), -np.inf)
            np.maximum.at(top, back, trash[~known])
            proven = self.ts.proven_caps(bank[:, new], top, lv.minimum[cols[new]],
                                         lv.cap[cols[new]], _MARGIN, _MAX_LEVELS)
            cap[~known] = proven[back]
        return cap, ~known

    def problems(self, lv: Level, cols: Any, sloped: Any,
                 low: bool = False) -> tuple[Any, ...]:
        """The turn problems of these columns, and of those ``sloped`` at trash + delta:
        bank values, trash values, minimums, caps, which caps were proven, their places.
        ``low``: only rows up to _MAX_LEVELS will be solved (no caps needed below that)."""
        bank = self.bank(lv, cols)
        more = cols[sloped]
        trash = np.concatenate([lv.trash[cols], lv.trash[more] + _DELTA])
        which = np.concatenate([np.arange(len(cols)), np.flatnonzero(sloped)])
        if low or not self.full:
            cap, proven = lv.cap[cols[which]], np.zeros(len(which), bool)
        else:
            cap, proven = self.caps(lv, cols, bank, which, trash)
        return (bank[:, which], trash, lv.minimum[cols[which]], cap, proven,
                np.concatenate([cols, more + len(lv.index)]))

    def sweep(self, active: list[Level]) -> None:
        """One Newton pass of every unfinished level (its moving columns), in one solve."""
        parts = []
        for lv in active:
            lv.cols = np.flatnonzero(lv.moving)
            lv.sloped[lv.cols] = lv.slope[lv.cols]
            lv.trash[lv.cols] = lv.trash_values(self.values, lv.cols)
            parts.append(self.problems(lv, lv.cols, lv.slope[lv.cols]))
        provisional = len(active) > 1 or active[0].kept is not None
        need = max(int(p[3].max(initial=0)) for p in parts) + self.ts.maxp + 1
        parts = [(_rows_of(p[0], need), *p[1:]) for p in parts]
        bank, trash, minimum, cap, _, _ = (np.concatenate(p, axis=-1)
                                           for p in zip(*parts, strict=True))
        hi = np.empty(len(trash), int)
        if self.full:
            result = self.ts.solve(bank, trash, minimum, cap,
                                   keep=self.keep if provisional else 0, throws_to=hi,
                                   margin=_MARGIN)
            values, rows = result if provisional else (result, None)
        else:  # a turn model without the redo and the proofs: one level at a time
            kind = {}
            first = self.first_throws(active[0].frame, len(active[0].index))
            if first is not None:  # (the columns of the pass, then those at trash + delta)
                kind["first"] = first[parts[0][5] % len(active[0].index)]
            values, rows = self.ts.solve(bank, trash, minimum, cap, **kind), None
            hi[:] = cap
        pos = 0
        for depth, (lv, part) in enumerate(zip(active, parts, strict=True)):
            where = part[5]
            lv.f = values[pos:pos + len(where)]
            full = part[4][:len(lv.cols)]
            anchor = lv.cols[full]
            lv.hi[anchor] = hi[pos:pos + len(lv.cols)][full]
            lv.hi_at[anchor] = lv.trash[anchor]
            if rows is not None and (depth or lv.kept is not None):
                if lv.kept is None:
                    n = 2 * len(lv.index)
                    lv.kept = Kept([], np.zeros(n, int), np.zeros(n, int))
                lv.kept.slabs.append(rows.slabs[0])
                lv.kept.slab[where] = len(lv.kept.slabs) - 1
                lv.kept.at[where] = rows.at[pos:pos + len(where)]
                lv.depth = max(lv.depth, depth)
            lv.passes += 1
            pos += len(where)

    def fix(self, lv: Level) -> None:
        """Redo the low rows of every column that banked into estimates, now finished."""
        lv.cols = np.arange(len(lv.index))
        bank, trash, minimum, cap, _, where = self.problems(lv, lv.cols, lv.sloped, low=True)
        lv.f = self.ts.solve(bank, trash, minimum, cap, top=lv.depth, q=lv.kept[where])
        lv.depth, lv.kept = 0, None

    @staticmethod
    def newton(lv: Level, tol: float) -> bool:
        """Newton's step on the level's trash coupling; True when no column moved.

        A column solved at trash + delta too gets a new slope; the others keep theirs (a
        chord step), and get a new one next time if their step did not shrink enough."""
        cols = lv.cols
        j = len(cols)
        f = lv.f[:j]
        sloped = lv.sloped[cols]
        beta = lv.beta[cols]
        # a turn's value moves with its trash value by the chance of ending in trash, so a
        # slope outside 0 .. 1 is a finite difference across a change of policy: cut it
        beta[sloped] = np.clip((lv.f[j:] - f[sloped]) / _DELTA, 0.0, 1.0)
        plain = lv.exact_passes >= _PLAIN
        if plain:
            beta[:] = 0.0
        take = lv.choice[cols] > f  # the other choice is better: a constant
        lv.alpha[cols] = np.where(take, lv.choice[cols], f - beta * lv.trash[cols])
        lv.beta[cols] = np.where(take, 0.0, beta)
        new = coupled(lv.alpha, lv.beta, lv.inner, lv.partner, lv.flip, lv.trash, lv.order,
                      lv.x)
        step = np.abs(new - lv.x)
        moved = step >= tol
        lv.x = new
        # a column must be solved again if it or the column its trash leads to moved
        lv.moving = moved | (lv.inner & moved[lv.partner])
        lv.slope[cols] = ~sloped & (step[cols] > _SHRINK * lv.steps[cols]) & ~plain
        lv.steps[cols] = step[cols]
        return not moved.any()

    # -- the sweeps --------------------------------------------------------------------

    def run(self, tol: float, progress: Callable[[float], None] | None,
            started: float) -> None:
        """Solve every level of every rank, several levels per sweep."""
        blocks = list(self.blocks)
        total = max(len(blocks), 1)
        active: list[Level] = []
        rank = None
        while active or blocks:
            width = sum(2 * int(lv.moving.sum()) for lv in active)
            most = _MAX_LEVELS if self.full and self.together == 1 else 1
            while blocks and len(active) < most and (width < _WIDTH or not active):
                nxt = int(self.rank_of[blocks[0][0]])
                if active and nxt != rank:
                    break  # a rank starts when the one below it is finished
                rank = nxt
                active.append(self.level(blocks.pop(0)))
                width += 2 * len(active[-1].index)
            self.sweep(active)
            self.sweeps += 1
            i = 0
            while i < len(active):  # from the top: finish what the levels above allow
                lv = active[i]
                if i == 0 and lv.kept is not None:
                    self.fix(lv)
                    self.fixups += 1
                done = self.newton(lv, tol)
                self.values.set(lv.index, lv.x)
                if i == 0:
                    lv.exact = True
                    lv.exact_passes += 1
                    if done or lv.exact_passes >= _MOST:
                        active.pop(0)
                        self.level_passes.append(lv.passes)
                        self.unsettled += not done
                        if progress is not None and len(blocks) % 20 == 0:
                            progress(1.0 - len(blocks) / total)
                        continue
                i += 1
        del started


    # -- the sweeps of the trash penalty ----------------------------------------------

    def sweep_ranks(self, tol: float, penalty_alone: bool,
                    progress: Callable[[float], None] | None) -> int:
        """With the trash penalty a penalty moves a board down a level, so no order of the
        levels solves each once: the levels of each rank are swept from the top down until
        no value moves (the ranks in turn, lowest first, since a choice that spends an option
        leads only to lower ranks).  A sweep takes one Newton step on each level's trash
        coupling from where the level is (its inputs move less and less from sweep to
        sweep; no level is settled on its own first), then, once the sweeps move little,
        chord steps with the slopes it has (one solve of each column instead of two); a
        sweep that moved more than the one before it (a change of policy the steps
        overshot) is followed by one that settles every level.  The levels of a block
        closer than the smaller minimum never read each other (a bank moves up at least
        that much), so they take their step together.  Returns the sweeps."""
        chord_below = CHORD_EARLY if penalty_alone else CHORD_BELOW
        settle_above = SETTLE_EARLY if penalty_alone else 1.0
        ranks = sorted(set(self.rank_of.tolist()))
        total = 0
        for r, rank in enumerate(ranks):
            plan = [b for b in self.blocks if int(self.rank_of[b[0]]) == rank]
            levels: list[Level | None] = [None] * len(plan)
            moved = before = 1.0
            for sweep in range(1, _MOST_SWEEPS + 1):
                step = sweep_step(sweep, moved, before, chord_below, settle_above)
                before, moved = moved, 0.0
                for k, block in enumerate(plan):
                    lv = levels[k]
                    if lv is None:
                        lv = levels[k] = self.level(block, guess=False)
                    old = self.values.v[lv.index].copy()
                    self.step(lv, step, tol)
                    moved = max(moved, float(np.max(np.abs(lv.x - old), initial=0.0)))
                    self.values.set(lv.index, lv.x)
                    lv.banks = lv.codes = None  # read again next sweep (memory)
                total += 1
                if progress is not None:
                    progress((r + min(sweep / 10.0, 0.95)) / len(ranks))
                if moved < tol:
                    break
            else:
                raise SolveFailed(f"the sweeps with the trash penalty did not settle to {tol:g}")
        self.sweeps += total
        return total

    def step(self, lv: Level, step: str, tol: float) -> None:
        """One step on a block's trash coupling (see :meth:`sweep_ranks`)."""
        if lv.codes is None:
            lv.codes = self.bank_codes(lv.frame, lv.minimum, lv.cap)
        bank = self.values.get(lv.codes)
        cols = np.arange(len(lv.index))
        for passes in range(1, (60 if step == SETTLE else 1) + 1):
            lv.trash[cols] = lv.trash_values(self.values, cols)
            y = lv.trash
            if step == CHORD and lv.slope_kept is not None:
                f = solve_wide(self.ts, bank, y, lv.minimum, lv.cap)
                beta = lv.slope_kept
            else:
                both = solve_wide(self.ts, bank, np.concatenate([y, y + _DELTA]), lv.minimum,
                                  lv.cap, np.concatenate([cols, cols]))
                f = both[:len(cols)]
                beta = np.clip((both[len(cols):] - f) / _DELTA, 0.0, 1.0)
                if passes > 30:
                    beta = np.zeros(len(cols))  # then plain steps: a contraction
                lv.slope_kept = beta
            take = lv.choice > f
            alpha = np.where(take, lv.choice, f - beta * y)
            new = coupled(alpha, np.where(take, 0.0, beta), lv.inner, lv.partner, lv.flip, y,
                          lv.order, lv.x)
            moved = np.abs(new - lv.x) >= tol
            lv.x = new
            if step != SETTLE or not moved.any():
                return
        raise SolveFailed(f"a level with the trash penalty did not settle to {tol:g}")


def sweep_step(sweep: int, moved: float, before: float, chord_below: float = CHORD_BELOW,
               settle_above: float = 1.0) -> str:
    """How sweep ``sweep`` steps its levels, from how far the last two sweeps moved a
    value (see :meth:`Normal.sweep_ranks`)."""
    if sweep > 2 and moved > before * settle_above:
        return SETTLE
    return CHORD if moved < chord_below else NEWTON


def _rows_of(bank: Any, rows: int) -> Any:
    """The first ``rows`` rows of a level's bank values, padded with zeros (rows past a
    column's cap and a throw's points are never read)."""
    if len(bank) >= rows:
        return bank[:rows]
    return np.concatenate([bank, np.zeros((rows - len(bank), bank.shape[1]))])


def _rows(frame: Frame) -> Frame:
    """A frame of columns as one row of a (turn score, column) array."""
    return {k: (v[None, :] if isinstance(v, np.ndarray) else v) for k, v in frame.items()}


def solve_wide(ts: Any, bank: Any, trash: Any, minimum: Any, cap: Any, cols: Any = None,
               wide: int = 2048, first: Any = None) -> Any:
    """``ts.solve`` of the columns ``cols`` of ``bank`` (all by default; ``minimum`` and
    ``cap`` for all columns, ``trash`` for these), at most ``wide`` columns of similar caps
    at a time, each call with only the rows it reads (the turn programme is fastest on
    arrays that fit the caches: a column row costs 630-700 ns from 512 to 2,048 columns,
    1,100 ns at 128 and 3,200 ns at 32).  ``first`` (for all columns, or None): which
    turn problems open with a turn's first throw, for a turn model that reads it."""
    if cols is None:
        cols = np.arange(bank.shape[1])
    out = np.empty(len(cols))
    caps = cap[cols]
    order = np.argsort(-caps, kind="stable")
    for i in range(0, len(cols), wide):
        j = order[i:i + wide]
        c = cols[j]
        rows = int(caps[j].max()) + ts.maxp + 1
        kind = {} if first is None else {"first": first[c]}
        out[j] = ts.solve(bank[:rows, c], trash[j], minimum[c], caps[j], **kind)
    return out


def report(progress: bool | Callable[[float], None], started: float) -> Callable[[float], None] | None:
    """A progress callable from ``progress`` (True: a line on stderr now and then)."""
    if callable(progress):
        return progress
    if not progress:
        return None

    def say(share: float) -> None:
        print(f"{share:.0%}: {time.perf_counter() - started:.1f}s", file=sys.stderr, flush=True)

    return say
