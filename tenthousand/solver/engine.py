"""The one solver: every variant's turn starts, from the end of the game back (needs numpy).

A variant (:mod:`.variant`) is a product of its features' coordinates over families of
turn starts (:mod:`.space`); every turn start's value is its mover's chance of winning.
Given what banking each turn score and a trash lead to, one turn is a dynamic programme
solved by the variant's turn model (dice left: :class:`.turns.TurnSolver`, compiled by
numba where it can be; pyramiding's stretches; Rotary Club's pegging), many turns at once.

The order: the end game first, which never leads back into the normal game (the rounds
far above the game point are a fixed point of their own, solved by plain steps; the second
of the first tie-break round, then its first, then the catch-up turn: each one pass), then
the normal game (:mod:`.normal`): rank by rank, level by level in falling sum of the boards,
Newton's method on each level's trash coupling.  A trash penalty moves a board down a level,
so with it the normal game is swept again and again, from the game without the penalty,
until no value moves.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .coupling import SolveFailed
from .features.penalty import Penalty
from .normal import Normal, report, solve_wide
from .space import Family, Frame, Space
from .values_array import Values
from .variant import Refusal, Variant, exact_states, variant_of

__all__ = ["Solution", "SolveFailed", "solve"]

#: End-game columns per batch (the codes of a batch: its rows times this, int64).
_BATCH = 16384


@dataclass
class Solution:
    """The value of every turn start of a variant, and the figures of the solve."""

    variant: Variant
    values: Any  # (space.size,) the mover's chance at each turn start (NaN: never reached)
    states: int = 0
    iterations: int = 0
    sweeps: int = 0
    seconds: float = 0.0
    notes: dict[str, Any] = field(default_factory=dict)

    @property
    def rules(self) -> Any:
        return self.variant.rules

    def value(self, family: Family, frame: Frame) -> float:
        """The mover's chance at one turn start."""
        return float(self.values[family.index(frame)])

    def normal(self, seat: int, own: int, other: int, **coords: int) -> float:
        """The mover's chance at a turn start of the normal game (boards in steps; the
        options' coordinates as at a game's start unless given)."""
        family, frame = self.variant.normal_start(seat, own, other)
        return self.value(family, {**frame, **coords})

    @property
    def first_player_win_probability(self) -> float:
        """The starting player's chance, the starting seat drawn at random (D-7)."""
        starts = self.variant.starts()
        return sum(self.value(f, fr) for f, fr in starts) / len(starts)


def turn_model(variant: Variant) -> Any:
    """The turn programme of a variant (many turn problems at once)."""
    if variant.model == "stretches":
        from .turnmodels.stretch_solver import StretchTurns

        return StretchTurns(variant.rules)
    if variant.model == "pegging":
        from .turnmodels.pegging_solver import PeggingTurns

        return PeggingTurns(variant.rules)
    from .turns import TurnSolver

    return TurnSolver(variant.rules)


def solve(rules: Any, *, tol: float = 1e-9, extra: int | None = None,
          progress: bool | Callable[[float], None] = False,
          variant: Variant | None = None) -> Solution:
    """Solve the perfect play of ``rules`` (or of ``variant``); ValueError when there is
    none (the variant's refusal), :class:`SolveFailed` when it does not settle.

    ``extra``: the turn cap beyond the game point in points (see :meth:`.Variant.cap`);
    ``progress`` True reports on stderr, a callable gets the share done (0 to 1) now and
    then."""
    if variant is None:
        found = variant_of(rules, extra=extra, limits=False, fresh=True)
        if isinstance(found, Refusal):
            raise ValueError(str(found))
        variant = found
    started = time.perf_counter()
    say = report(progress, started)
    variant.compact()
    ts = turn_model(variant)
    values = Values(variant.space)
    penalty = any(isinstance(f, Penalty) for f in variant.features)
    if penalty:
        _first_guess(variant, values, tol)
    end = End(variant, ts, values)
    end.run(tol)
    if say is not None:
        say(0.05)
    normal = Normal(variant, ts, values)
    sweeps = 1
    if not penalty:
        normal.run(tol, _scaled(say), started)
    else:
        alone = len(variant.features) == 1
        sweeps = normal.sweep_ranks(tol, alone, _scaled(say))
    if normal.unsettled:  # a table with levels still moving would play on wrong values
        raise SolveFailed(f"{normal.unsettled} levels did not settle to {tol:g} for "
                          f"{variant.rules.label}")
    return Solution(variant, values.v.copy(), states=exact_states(variant),
                    iterations=end.passes + normal.sweeps, sweeps=sweeps,
                    seconds=time.perf_counter() - started,
                    notes={"extra": variant.extra * 50, "end_columns": end.columns,
                           "fixups": normal.fixups, "checked": normal.checked,
                           "level_passes_max": max(normal.level_passes, default=0),
                           "column_rows": getattr(ts, "work", 0)})


def _scaled(say: Callable[[float], None] | None, low: float = 0.05,
            high: float = 1.0) -> Callable[[float], None] | None:
    if say is None:
        return None
    return lambda share: say(low + (high - low) * share)


def _first_guess(variant: Variant, values: Values, tol: float) -> None:
    """Every turn start of the normal game from the same game without options, on the same
    boards, whatever the runs, challenges and scores to beat: the values a penalty reaches
    in the levels below are then close from the first sweep on."""
    from .variant import build

    plain = build(variant.rules, variant.players, variant.extra, [], variant.bounds)
    guess = solve(plain.rules, tol=tol, variant=plain)
    fam = variant.family("normal")
    frame = fam.all()
    there = plain.family("normal")
    values.v[fam.offset:fam.offset + fam.size] = guess.values[there.index(frame)]
    values.load(values.v)
    values.set(np.array([variant.space.one]), np.array([1.0]))


def _aitken(x0: Any, x1: Any, x2: Any) -> Any:
    """Aitken's extrapolation of three plain steps of a fixed point, value by value: where
    one chance (a tie's) carries the rounds into each other, the steps shrink by the same
    factor, and the extrapolation lands on the fixed point (kept to chances; the plain
    steps after it check it)."""
    d = x2 - 2.0 * x1 + x0
    ok = np.abs(d) > 1e-15
    out = np.where(ok, x2 - (x2 - x1) ** 2 / np.where(ok, d, 1.0), x2)
    return np.clip(out, 0.0, 1.0)


def distinct(ts: Any, bank: Any, trash: Any, minimum: Any, cap: Any, first: Any = None) -> Any:
    """``solve_wide`` of these turn problems, each distinct one solved once: many turns
    of the end game differ only in what the table keeps of them (a chaser's exact board,
    say), not in what banking and trash are worth.  Columns are matched by a random
    projection of their values and checked by a second one (two columns that differ yet
    meet on both would have to differ by rounding alone, and so would their values)."""
    if bank.shape[1] < 64:
        return solve_wide(ts, bank, trash, minimum, cap, first=first)
    rng = np.random.default_rng(12345)
    kind = np.zeros(len(cap)) if first is None else np.asarray(first, float)
    rest = np.stack([trash, minimum, cap, kind])
    keys = [rng.random(bank.shape[0]) @ bank + rng.random(4) @ rest for _ in range(2)]
    _unique, one, inverse = np.unique(keys[0], return_index=True, return_inverse=True)
    inverse = inverse.ravel()
    if not np.array_equal(keys[1][one[inverse]], keys[1]):  # met on the first alone
        return solve_wide(ts, bank, trash, minimum, cap, first=first)
    return solve_wide(ts, bank[:, one], trash[one], minimum[one], cap[one],
                      first=None if first is None else kind[one] > 0)[inverse]


class End:
    """The turn starts of the end game, solved before the normal game.

    The end families are kept on generous ranges (a score to beat can raise a last turn's
    cap, and so what it adds, a little at each turn); a turn start at their edge whose turn
    would lead beyond them cannot occur in a game, and is left out (its value NaN): the
    normal game checks that it reads none of them."""

    def __init__(self, variant: Variant, ts: Any, values: Values) -> None:
        self.variant, self.ts, self.values = variant, ts, values
        self.space: Space = variant.space
        self.passes = self.columns = 0
        self.left_out = 0

    def run(self, tol: float) -> None:
        names = [f.name for f in self.space.families]
        if "far-first" not in names:
            return
        self._far(tol)
        for name in self.variant.ending.end_families:
            if name in names:
                fam = self.space.family(name)
                self.solve(fam, self._feasible(fam), store=True)

    def _feasible(self, fam: Family) -> Any:
        frame = fam.all()
        ok = np.asarray(self.variant.feasible(fam, frame), bool) & np.ones(fam.size, bool)
        return np.flatnonzero(ok) + fam.offset

    def _far(self, tol: float) -> None:
        """The rounds far above the game point: a tie after one starts another, so the
        first's chance is a fixed point (plain steps; each a contraction by the chance of
        a tie)."""
        first, second = self.space.family("far-first"), self.space.family("far-second")
        fcols, scols = self._feasible(first), self._feasible(second)
        self.values.set(fcols, np.full(len(fcols), 0.5))
        self.values.set(scols, np.full(len(scols), 0.5))
        for _ in range(4):  # leave out what leads out of the ranges, and what leads there
            before = int(np.isnan(self.values.v[scols]).sum() + np.isnan(
                self.values.v[fcols]).sum())
            self.values.set(scols, np.where(np.isnan(self.solve(second, scols)), np.nan, 0.5))
            self.values.set(fcols, np.where(np.isnan(self.solve(first, fcols)), np.nan, 0.5))
            after = int(np.isnan(self.values.v[scols]).sum() + np.isnan(
                self.values.v[fcols]).sum())
            if after == before:
                break
        steps: list[Any] = []
        for _ in range(500):
            self.solve(second, scols, store=True)
            old = self.values.v[fcols].copy()
            new = self.solve(first, fcols, store=True)
            moved = float(np.nanmax(np.abs(new - old), initial=0.0))
            if moved < tol * 1e-2:
                return
            steps.append(new)
            if len(steps) == 3:  # Aitken's extrapolation of the last three steps
                self.values.set(fcols, _aitken(*steps))
                steps = []
        raise SolveFailed("the tie-break rounds did not settle")

    def solve(self, fam: Family, cols: Any, store: bool = False) -> Any:
        """The values of these turn starts of an end family (the best choice of each),
        from the values their turns lead to; NaN for those left out.  ``store``: kept in
        the values as they come, block by block in the ending's order
        (:meth:`.features.ending.Ending.end_order`), each block reading those before."""
        out = np.full(len(cols), -np.inf)
        order = np.asarray(self.variant.ending.end_order(fam, fam.frame(cols))) + np.zeros(
            len(cols), int)
        if not store:
            order[:] = 0
        ranks = np.argsort(order, kind="stable")
        bounds = np.flatnonzero(np.diff(order[ranks])) + 1
        for block in np.split(ranks, bounds):
            for lo in range(0, len(block), _BATCH):
                part = block[lo:lo + _BATCH]
                out[part] = self._batch(fam, cols[part])
                if store:
                    self.values.set(cols[part], out[part])
        self.columns += len(cols)
        return out

    def _batch(self, fam: Family, cols: Any) -> Any:
        variant, space = self.variant, self.space
        frame = fam.frame(cols)
        n = len(cols)
        best = np.full(n, -np.inf)
        out = np.zeros(n, bool)  # left out
        need = np.asarray(variant.need(fam, frame)) + np.zeros(n, int)
        cap = np.asarray(variant.cap(fam, frame, need)) + np.zeros(n, int)
        for name, where_open in variant.choices(frame).items():
            open_ = np.flatnonzero(np.asarray(where_open, bool) & np.ones(n, bool))
            if not len(open_):
                continue
            sub = {k: (v[open_] if isinstance(v, np.ndarray) else v) for k, v in frame.items()}
            # (in 32 bits: the (turn score, column) arrays of a batch are large, and every
            # place and code fits)
            t = np.arange(int(cap[open_].max()) + self.ts.maxp + 1, dtype=np.int32)[:, None]
            codes, inside = variant.bank(fam, {k: (v[None, :].astype(np.int32)
                                                   if isinstance(v, np.ndarray) else v)
                                               for k, v in sub.items()}, name, t)
            usable = (t >= need[open_][None, :]) & (t <= cap[open_][None, :] + self.ts.maxp)
            codes = np.where(usable & np.asarray(inside, bool), codes, space.one)
            bank = self.values.get(codes)
            tcode, tin = variant.trash(fam, sub, name)
            tcode = np.where(np.asarray(tin, bool), tcode, space.one) + np.zeros(len(open_), int)
            trash = self.values.get(tcode)
            bad = ((~np.asarray(inside, bool) & usable).any(axis=0) | ~np.asarray(tin, bool)
                   | np.isnan(trash) | (np.isnan(bank) & usable).any(axis=0))
            out[open_] |= bad
            bank = np.where(np.isnan(bank), 0.0, bank)
            first = variant.first_throws(sub)
            got = distinct(self.ts, bank, np.where(bad, 0.0, trash),
                           np.maximum(need[open_], 1), cap[open_],
                           None if first is None else np.asarray(first, bool)
                           & np.ones(len(open_), bool))
            self.passes += 1
            best[open_] = np.maximum(best[open_], got)
        self.left_out += int(out.sum())
        return np.where(out, np.nan, best)
