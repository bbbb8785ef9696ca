"""Exact turn tables: dynamic programs over one turn, computed once per rule set.

Points come in *units* (the greatest common divisor of every counter and 50, so 50 for every
preset) and a turn score is an index ``i`` meaning ``i * unit`` points.

Without pyramiding, what a throw allows depends only on how many dice are thrown, so the
state of a turn is (turn score, dice to throw) and an outcome of the dice is reduced to its
*profile*: for each number of dice it could freeze, the most points that many dice give.
(More points with the same dice left is never worse: every value below is monotone in the
turn score.)  Outcomes with the same profile are merged, which leaves a few dozen per dice
count.

Under pyramiding (D-10) the dice frozen in the stretch matter, so the state is (points of
the completed stretches ``B``, the stretch's dice ``S``): its table is in
:mod:`tenthousand.ai.pyramid`, kept per rule set here with the others.

Every table here is exact up to a turn score of ``top`` (far beyond any turn that happens:
see :func:`_top`); above it a turn is assumed to bank at once.
"""

from __future__ import annotations

import dataclasses
import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import reduce
from typing import Any, TypeVar

from ..model import scoring
from ..model.rules import Rules
from .pyramid import PyramidModel, PyramidTable, solve_pyramid

_T = TypeVar("_T")

Counts = scoring.Counts

# -- dice models ---------------------------------------------------------------------------

#: An option after a throw: (dice left afterwards, 0 meaning a corner; points in units).
Option = tuple[int, int]


@dataclass
class Group:
    """Outcomes of a throw sharing the same options, and their total probability."""

    weight: float
    options: tuple[Option, ...]


@dataclass
class Throws:
    """Every outcome of throwing ``n`` dice, grouped."""

    n: int
    trash: float  # probability of trash
    groups: list[Group]



def _unit(rules: Rules) -> int:
    values = [k.points for k in scoring.counters(rules)] + [50]
    values += [rules.opening_minimum, rules.minimum]
    return reduce(math.gcd, values)


@dataclass
class PlainModel:
    """The throws of a rule set without pyramiding, as option profiles per dice count."""

    unit: int
    throws: dict[int, Throws]  # n -> later throws (also six fresh dice after a corner)
    first: Throws  # the first throw of a turn (six-dice counters may count only there)
    max_stretch: int  # most units one stretch can score

    @classmethod
    def build(cls, rules: Rules, *, lowest: bool = False) -> PlainModel:
        """``lowest``: keep the fewest points for each number of dice frozen instead of
        the most (for a player who wants to score little: Rotary Club)."""
        t = scoring.table(rules)
        unit = _unit(rules)

        def group(n: int, first: bool) -> Throws:
            freezes = t.freezes_first if first else t.freezes
            merged: dict[tuple[Option, ...], float] = {}
            trash = 0.0
            for c, p in scoring.outcomes(n):
                best: dict[int, int] = {}
                for sub, points in freezes[c]:
                    k = sum(sub)
                    if k not in best or (points < best[k] if lowest else points > best[k]):
                        best[k] = points
                if not best:
                    trash += p
                    continue
                opts = tuple(sorted(((n - k), pts // unit) for k, pts in best.items()))
                merged[opts] = merged.get(opts, 0.0) + p
            groups = [Group(w, o) for o, w in merged.items()]
            return Throws(n, trash, groups)

        # slot 6 is a throw of all the dice (five in the five-dice game): a corner
        throws = {n: dataclasses.replace(group(min(n, rules.dice), False), n=n)
                  for n in range(1, 7)}
        first = (dataclasses.replace(group(rules.dice, True), n=6) if rules.first_throw_matters
                 else throws[6])
        top6 = max(max(t.exact_first[c] or 0 for c in scoring.ALL_COUNTS
                       if sum(c) == rules.dice), 0)
        return cls(unit, throws, first, top6 // unit)


#: The highest turn score (units) any table reaches.  Rule sets where six dice almost never
#: trash (most faces score alone) would otherwise ask for tables of millions of rows: with
#: six dice trashing once in 46,656 throws the break-even turn score is above a million
#: points.  200,000 points is past every game point a player would set, and far past the
#: presets' reach (at most 1,774 units), whose tables stay as they were.
TOP_LIMIT = 4000


def _top(model: PlainModel) -> int:
    """A turn score (units) above which banking is surely right: well past the point where
    even six fresh dice stop paying (expected gain of one more throw below the risk), and
    never above :data:`TOP_LIMIT`, where a turn that risks nothing banks anyway."""
    six = model.throws[6]
    gain = sum(g.weight * max(d for _, d in g.options) for g in six.groups)
    breakeven = gain / max(six.trash, 1e-9)
    return min(int(2.5 * breakeven) + 4 * model.max_stretch, TOP_LIMIT)


# -- the expected-score table (plain) ------------------------------------------------------


@dataclass
class ExpectedTable:
    """Maximum expected turn score.

    ``V[n][i]``: the expected final turn score (the amount banked; ``trash`` when the turn
    ends in trash) when ``n`` dice are about to be thrown at turn score ``i`` units.
    ``C[a][i]``: the value just after freezing to turn score ``i`` with ``a`` dice left
    (``a == 0``: a corner), taking the better of banking (if allowed) and throwing on.
    """

    unit: int
    need: int  # units needed to bank
    trash: float
    mandatory: bool
    V: list[list[float]]
    C: list[list[float]]
    start: float  # the value of a whole turn (its first throw included)
    top: int
    seconds: float = 0.0

    def after(self, turn_score: int, dice_left: int) -> float:
        """Value just after a freeze (turn score in points, dice left; 0: a corner)."""
        i = turn_score // self.unit
        if i >= len(self.C[0]):
            return float(turn_score)
        return self.C[dice_left][i]

    def throw_value(self, turn_score: int, dice: int) -> float:
        i = turn_score // self.unit
        if i >= len(self.V[0]):
            return float(turn_score)
        return self.V[dice][i]


def solve_expected(model: PlainModel, need: int, trash: float, mandatory: bool,
                   base: ExpectedTable | None = None) -> ExpectedTable:
    """The exact expected-score table for a minimum of ``need`` units.

    With ``base`` (the same table for ``need == 0``), only the scores below ``need`` are
    computed: once the minimum is met it stays met, so the values above it are the same.
    """
    t0 = time.perf_counter()
    top = _top(model) if base is None else base.top
    D = max(d for th in model.throws.values() for g in th.groups for _, d in g.options)
    size = top + D + 1
    unit = model.unit
    if base is not None and need <= top:
        V = [list(row) for row in base.V]
        C = [list(row) for row in base.C]
        first_level = min(need, top + 1) - 1
    else:
        V = [[0.0] * size for _ in range(7)]
        C = [[0.0] * size for _ in range(7)]
        p6 = model.throws[6].trash
        for i in range(top + 1, size):
            T = float(i * unit)
            for a in range(1, 7):
                C[a][i] = V[a][i] = T
            C[0][i] = (1 - p6) * T + p6 * trash if mandatory else T
        first_level = top
    throws = [model.throws[n] for n in range(1, 7)]
    for i in range(first_level, -1, -1):
        T = float(i * unit)
        for th in throws:
            s = th.trash * trash
            for g in th.groups:
                best = -1e300
                for a, d in g.options:
                    v = C[a][i + d]
                    if v > best:
                        best = v
                s += g.weight * best
            V[th.n][i] = s
        if i >= need:
            for a in range(1, 6):
                v = V[a][i]
                C[a][i] = T if T > v else v
            v = V[6][i]
            C[0][i] = v if mandatory or v > T else T
        else:
            for a in range(1, 6):
                C[a][i] = V[a][i]
            C[0][i] = V[6][i]
    first = model.first
    start = first.trash * trash
    for g in first.groups:
        start += g.weight * max(C[a][d] for a, d in g.options)
    return ExpectedTable(unit, need, trash, mandatory, V, C, start, top,
                         time.perf_counter() - t0)


# -- the chance of reaching a target (plain) ------------------------------------------------


@dataclass
class ChanceTable:
    """The exact maximum probability of banking at least ``target`` units this turn (a bank
    of exactly ``tie`` units counts half).  Above ``cap`` every value equals the one at it.
    """

    unit: int
    cap: int
    target: int
    tie: int | None
    V: list[list[float]]
    C: list[list[float]]
    start: float

    def after_throw(self, turn_score: int, dice_left: int) -> float:
        """Value of throwing on after a freeze (``dice_left == 0``: six fresh dice)."""
        return self.V[dice_left or 6][min(turn_score // self.unit, self.cap)]

    def bank_value(self, turn_score: int) -> float:
        i = turn_score // self.unit
        if i >= self.target:
            return 1.0
        return 0.5 if self.tie is not None and i == self.tie else 0.0


def solve_chance(model: PlainModel, need: int, target: int, mandatory: bool,
                 tie: int | None = None) -> ChanceTable:
    """Maximum probability that the turn banks ``>= target`` units (``need``: the minimum
    to bank, in units; a bank of exactly ``tie`` units is worth one half).

    It is :func:`solve_reward` with a bank worth 1 from ``target`` on (one half at ``tie``),
    nothing below ``need`` and nothing for trash."""
    cap = max(need, target)
    reward = [0.0 if i < need else 1.0 if i >= target else 0.5 if i == tie else 0.0
              for i in range(cap + 1)]
    table = solve_reward(model, reward, 0.0, mandatory)
    C = table.C
    start = sum(g.weight * max(C[a][min(d, cap)] for a, d in g.options)
                for g in model.first.groups)
    return ChanceTable(model.unit, cap, target, tie, table.V, C, start)


@dataclass
class PassTable:
    """The chance of passing a target, by *distance*: once the minimum is met, the chance of
    adding ``d`` more units depends on ``d`` alone, so one table serves every target.

    ``table`` is a :class:`ChanceTable` for a target of ``far`` units; a turn ``d`` units
    short of its target reads it at level ``far - d``.  ``starts[d]``: a whole turn's
    chance of scoring at least ``d`` units (exactly ``d - 1`` counting half when ``tie``).
    """

    far: int
    table: ChanceTable
    starts: list[float]

    def level(self, turn_score: int, target: int) -> int | None:
        """The table level of a turn at ``turn_score`` aiming at ``target`` points."""
        unit = self.table.unit
        d = -(-(target - turn_score) // unit)
        if d > self.far:
            return None
        return self.far - max(d, 0)


def solve_pass(model: PlainModel, far: int, mandatory: bool, tie: bool) -> PassTable:
    table = solve_chance(model, 0, far, mandatory, far - 1 if tie else None)
    starts = [0.0] * (far + 1)
    C, cap = table.C, table.cap
    for d in range(far + 1):
        base = far - d
        starts[d] = sum(g.weight * max(C[a][min(base + p, cap)] for a, p in g.options)
                        for g in model.first.groups)
    return PassTable(far, table, starts)


@dataclass
class RewardTable:
    """Maximum expected reward of a turn whose bank at level ``i`` is worth ``reward[i]``
    (non-decreasing, flat beyond the last level) and whose trash is worth ``trash``."""

    V: list[list[float]]
    C: list[list[float]]
    reward: list[float]

    def after_throw(self, i: int, dice_left: int) -> float:
        i = min(i, len(self.reward) - 1)
        return self.V[dice_left or 6][i]

    def bank_value(self, i: int) -> float:
        return self.reward[min(i, len(self.reward) - 1)]


def solve_reward(model: PlainModel, reward: list[float], trash: float,
                 mandatory: bool) -> RewardTable:
    """Every bank allowed; the last level is a plateau where the turn banks."""
    cap = len(reward) - 1
    V = [[0.0] * (cap + 1) for _ in range(7)]
    C = [[0.0] * (cap + 1) for _ in range(7)]
    top = reward[cap]
    six = model.throws[6]
    q1 = sum(g.weight for g in six.groups if any(a > 0 for a, _ in g.options))
    q0 = sum(g.weight for g in six.groups) - q1
    for a in range(1, 7):
        V[a][cap] = C[a][cap] = top
    C[0][cap] = (q1 * top + six.trash * trash) / (1 - q0) if mandatory else top
    V[6][cap] = C[0][cap]
    throws = [model.throws[n] for n in range(1, 7)]
    for i in range(cap - 1, -1, -1):
        for th in throws:
            s = th.trash * trash
            for g in th.groups:
                best = -1e300
                for a, d in g.options:
                    j = i + d
                    v = C[a][j if j < cap else cap]
                    if v > best:
                        best = v
                s += g.weight * best
            V[th.n][i] = s
        bank = reward[i]
        for a in range(1, 6):
            v = V[a][i]
            C[a][i] = bank if bank > v else v
        v = V[6][i]
        C[0][i] = v if mandatory or v > bank else bank
    return RewardTable(V, C, reward)


# -- Rotary Club: pegging until trash ---------------------------------------------------------


@dataclass
class RotaryTable:
    """Expected points pegged from now on in a Rotary Club turn, played to score the most
    (``sign = 1``) or the least (``sign = -1``).

    ``C[a][s]``: just after a freeze to stretch score ``s`` with ``a`` dice left; a corner
    (``a == 0``) pegs ``s`` and the turn goes on with six fresh dice (``fresh``).
    """

    unit: int
    sign: int
    C: list[list[float]]
    fresh: float
    start: float

    def after(self, turn_score: int, dice_left: int) -> float:
        i = turn_score // self.unit
        if dice_left == 0:
            return turn_score + self.fresh
        return self.C[dice_left][min(i, len(self.C[1]) - 1)]


def solve_rotary(model: PlainModel, sign: int) -> RotaryTable:
    """The Rotary Club table; the value of six fresh dice is found by fixed-point
    iteration (each pass is exact given the previous one; it converges geometrically)."""
    top = model.max_stretch * 2 + 2
    D = max(d for th in model.throws.values() for g in th.groups for _, d in g.options)
    size = top + D + 1
    throws = [model.throws[n] for n in range(1, 6)]
    pick = max if sign > 0 else min

    def run(fresh: float) -> tuple[float, list[list[float]]]:
        V = [[0.0] * size for _ in range(7)]
        C = [[0.0] * size for _ in range(7)]
        for i in range(size):
            C[0][i] = i * model.unit + fresh
        for i in range(top, -1, -1):
            for th in throws:
                s = 0.0
                for g in th.groups:
                    s += g.weight * pick([C[a][i + d] for a, d in g.options])
                V[th.n][i] = s
            for a in range(1, 6):
                C[a][i] = V[a][i]
        new = sum(g.weight * pick([C[a][d] for a, d in g.options])
                  for g in model.throws[6].groups)
        return new, C

    # f(x) is piecewise linear and increasing with slope below one: the secant method
    # lands on the fixed point x = f(x) in a few steps.
    x0, (f0, C) = 0.0, run(0.0)
    x1 = f0
    f1, C = run(x1)
    for _ in range(60):
        if abs(f1 - x1) < 1e-9:
            break
        slope = (f1 - f0) / (x1 - x0) if x1 != x0 else 0.0
        x2 = x1 + (f1 - x1) / (1 - slope) if slope < 1 else f1
        x0, f0 = x1, f1
        x1 = x2
        f1, C = run(x1)
    fresh = x1
    start = 0.0
    for g in model.first.groups:
        vals = [C[a][d] for a, d in g.options]
        start += g.weight * (max(vals) if sign > 0 else min(vals))
    return RotaryTable(model.unit, sign, C, fresh, start)


# -- caches ------------------------------------------------------------------------------------


@dataclass
class RuleTables:
    """Every table of one rule set, built on demand and kept (thread-safe)."""

    rules: Rules
    lock: threading.RLock = field(default_factory=threading.RLock)
    plain: PlainModel | None = None
    plain_low: PlainModel | None = None
    pyramid: PyramidModel | None = None
    expected: dict[tuple[int, float], ExpectedTable | PyramidTable] = field(default_factory=dict)
    chance: dict[tuple[int, int, int | None], ChanceTable] = field(default_factory=dict)
    rotary: dict[int, RotaryTable] = field(default_factory=dict)
    passing: dict[bool, PassTable] = field(default_factory=dict)
    rewards: dict[object, RewardTable] = field(default_factory=dict)
    seconds: float = 0.0

    def _timed(self, make: Callable[[], object]) -> object:
        t0 = time.perf_counter()
        out = make()
        self.seconds += time.perf_counter() - t0
        return out

    def _memo(self, store: dict[Any, _T], key: object, make: Callable[[], _T]) -> _T:
        """``store[key]``, built with ``make`` (timed) the first time, under the lock."""
        with self.lock:
            found = store.get(key)
            if found is None:
                found = self._timed(make)  # type: ignore[assignment]
                store[key] = found  # type: ignore[assignment]
            return found  # type: ignore[return-value]

    def plain_model(self) -> PlainModel:
        with self.lock:
            if self.plain is None:
                self.plain = self._timed(lambda: PlainModel.build(self.rules))  # type: ignore
            assert self.plain is not None
            return self.plain

    def pyramid_model(self) -> PyramidModel:
        with self.lock:
            if self.pyramid is None:
                self.pyramid = self._timed(lambda: PyramidModel.build(self.rules, _unit(self.rules)))  # type: ignore
            assert self.pyramid is not None
            return self.pyramid

    def expected_table(self, need_points: int, trash: float = 0.0
                       ) -> ExpectedTable | PyramidTable:
        """The max-expected table for a minimum of ``need_points`` and a trash value."""
        unit = self.plain_model().unit
        need = -(-max(need_points, 0) // unit)
        key = (need, trash)
        with self.lock:
            found = self.expected.get(key)
            if found is not None:
                return found
            base = None
            if need > 0:
                base = self.expected_table(0, trash)
            mandatory = self.rules.corner_throw_mandatory
            if self.rules.pyramiding:
                pm = self.pyramid_model()
                top = pyramid_top(self.plain_model())
                table: ExpectedTable | PyramidTable = self._timed(  # type: ignore
                    lambda: solve_pyramid(pm, need, trash, mandatory, top,
                                          base if isinstance(base, PyramidTable) else None))
            else:
                pl = self.plain_model()
                table = self._timed(  # type: ignore
                    lambda: solve_expected(pl, need, trash, mandatory,
                                           base if isinstance(base, ExpectedTable) else None))
            self.expected[key] = table
            return table

    def chance_table(self, need_points: int, target_points: int,
                     tie_points: int | None = None) -> ChanceTable:
        unit = self.plain_model().unit
        need = -(-max(need_points, 0) // unit)
        target = -(-max(target_points, 0) // unit)
        tie = None if tie_points is None else tie_points // unit
        key = (need, target, tie)
        pl = self.plain_model()
        return self._memo(self.chance, key, lambda: solve_chance(
            pl, need, target, self.rules.corner_throw_mandatory, tie))

    def pass_table(self, tie: bool) -> PassTable:
        """Chances of passing a target up to :data:`PASS_FAR` points away."""
        pl = self.plain_model()
        return self._memo(self.passing, tie, lambda: solve_pass(
            pl, PASS_FAR // pl.unit, self.rules.corner_throw_mandatory, tie))

    def reward_table(self, key: object, make_reward: Callable[[], tuple[list[float], float]]
                     ) -> RewardTable:
        """A cached :class:`RewardTable`; ``make_reward`` gives (rewards, trash value)."""
        pl = self.plain_model()

        def make() -> RewardTable:
            reward, trash = make_reward()
            return solve_reward(pl, reward, trash, self.rules.corner_throw_mandatory)

        return self._memo(self.rewards, key, make)

    def rotary_table(self, sign: int) -> RotaryTable:
        with self.lock:
            found = self.rotary.get(sign)
            if found is None:
                pl = self.plain_model()
                if sign < 0:
                    if self.plain_low is None:
                        self.plain_low = self._timed(  # type: ignore
                            lambda: PlainModel.build(self.rules, lowest=True))
                    assert self.plain_low is not None
                    pl = self.plain_low
                found = self._timed(lambda: solve_rotary(pl, sign))  # type: ignore
                self.rotary[sign] = found  # type: ignore
            return found  # type: ignore


def pyramid_top(model: PlainModel) -> int:
    """How far the pyramiding table goes (units of completed stretches): half the plain
    table's reach, still far past the last turn score where throwing on beats banking
    (doubling it changes no start value in its first four decimals)."""
    return _top(model) // 2


#: How far ahead the passing tables reach (points); a gap beyond is a lost cause anyway.
PASS_FAR = 12000

_CACHE: dict[Rules, RuleTables] = {}
_CACHE_LOCK = threading.Lock()


def tables_for(rules: Rules) -> RuleTables:
    """The process-wide tables of a rule set (the options that change nothing in a turn are
    ignored, so rule sets that differ only there share their tables)."""
    key = dataclasses.replace(rules, title="", game_point=10000, challenging=False,
                              mutant_trash=False, surpassing=False, three_trash=False,
                              starting_scores=(), score_floor=None, catch_up=True)
    with _CACHE_LOCK:
        found = _CACHE.get(key)
        if found is None:
            found = _CACHE[key] = RuleTables(key)
        return found
