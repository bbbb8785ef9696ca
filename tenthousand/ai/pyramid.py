"""The expected-score table under pyramiding (D-10): the Expert's turn when the dice frozen
in the stretch matter.

The state is (the points of the completed stretches ``B``, the stretch's dice ``S``) and a
choice is the new stretch ``S'``; the turn score is ``B + score(S')``.  Points come in the
units of :mod:`tenthousand.ai.tables`, which keeps these tables per rule set with the others.
"""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass

from ..model import scoring
from ..model.rules import Rules

__all__ = ["PyramidModel", "PyramidTable", "solve_pyramid"]

Counts = scoring.Counts


@dataclass
class PyramidModel:
    """Stretches under pyramiding: every scoreable stretch of up to five dice, and for each
    the grouped outcomes of the next throw as lists of reachable stretches."""

    unit: int
    stretches: list[Counts]  # index -> dice; index 0 is the empty stretch
    index: dict[Counts, int]
    score: list[int]  # units of each stretch
    # per stretch: (trash probability, groups of (weight, reachable stretch ids, corner units))
    throws: list[tuple[float, list[tuple[float, tuple[int, ...], tuple[int, ...]]]]]
    first: tuple[float, list[tuple[float, tuple[int, ...], tuple[int, ...]]]]
    order: list[int]  # stretch ids, biggest stretches first
    max_stretch: int

    @classmethod
    def build(cls, rules: Rules, unit: int) -> PyramidModel:
        """The model of ``rules``, points in units of ``unit``."""
        t = scoring.table(rules)
        stretches = [c for c in scoring.ALL_COUNTS
                     if sum(c) <= 5 and (sum(c) == 0 or t.exact[c] is not None)]
        stretches.sort(key=sum)
        index = {c: k for k, c in enumerate(stretches)}
        score = [(t.exact[c] or 0) // unit for c in stretches]

        def grouped(s: Counts, first: bool) -> tuple[float, list[tuple[float, tuple[int, ...],
                                                                      tuple[int, ...]]]]:
            n = 6 - sum(s)
            exact = t.exact_for(first, n)
            base = exact[s] or 0
            merged: dict[tuple[tuple[int, ...], tuple[int, ...]], float] = {}
            trash = 0.0
            for c, p in scoring.outcomes(n):
                reach: set[int] = set()
                corners: set[int] = set()
                for sub in _subs(c):
                    new = tuple(a + b for a, b in zip(s, sub, strict=True))
                    sc = exact[new]  # type: ignore[index]
                    if sc is None:
                        continue
                    if sum(new) == 6:
                        corners.add((sc - base) // unit)
                    else:
                        reach.add(index[new])  # type: ignore[index]
                if not reach and not corners:
                    trash += p
                    continue
                # A corner: only the best points matter.
                key = (tuple(sorted(reach)), (max(corners),) if corners else ())
                merged[key] = merged.get(key, 0.0) + p
            return trash, [(w, r, c) for (r, c), w in merged.items()]

        throws = [grouped(s, False) for s in stretches]
        first = grouped(stretches[0], True) if rules.first_throw_matters else throws[0]
        order = sorted(range(len(stretches)), key=lambda k: -sum(stretches[k]))
        top6 = max(t.exact_first[c] or 0 for c in scoring.ALL_COUNTS if sum(c) == 6)
        return cls(unit, stretches, index, score, throws, first, order, top6 // unit)


def _subs(c: Counts) -> list[Counts]:
    """Every non-empty part of the dice ``c``."""
    out = []
    for sub in itertools.product(*(range(k + 1) for k in c)):
        if any(sub):
            out.append((sub[0], sub[1], sub[2], sub[3], sub[4], sub[5]))
    return out


@dataclass
class PyramidTable:
    """Maximum expected turn score under pyramiding.

    ``V[b][k]``: about to throw with completed stretches worth ``b`` units and the stretch
    ``k``; ``corner[b]``: just turned the corner with ``b`` units in completed stretches.
    Above ``top`` units the turn banks at once.
    """

    unit: int
    need: int
    trash: float
    mandatory: bool
    model: PyramidModel
    V: list[list[float]]
    corner: list[float]
    start: float
    top: int
    seconds: float = 0.0

    def after_stretch(self, banked: int, stretch: Counts, turn_score: int) -> float:
        """Value just after freezing to a stretch (not a corner) at this turn score."""
        b = banked // self.unit
        if b > self.top:
            return float(turn_score)
        k = self.model.index[stretch]
        v = self.V[b][k]
        if turn_score >= self.need * self.unit and turn_score > v:
            return float(turn_score)
        return v

    def after_corner(self, turn_score: int) -> float:
        b = turn_score // self.unit
        if b >= len(self.corner):
            return float(turn_score)
        return self.corner[b]

    def after_corner_throw(self, turn_score: int) -> float:
        """Value of throwing six fresh dice after a corner at this turn score."""
        b = turn_score // self.unit
        if b > self.top:
            return float(turn_score)
        return self.V[b][0]

    def throw_value(self, banked: int, stretch: Counts) -> float:
        """Value of throwing on with this stretch (not a corner)."""
        b = banked // self.unit
        if b > self.top:
            return float(banked + self.unit * self.model.score[self.model.index[stretch]])
        return self.V[b][self.model.index[stretch]]


def solve_pyramid(model: PyramidModel, need: int, trash: float, mandatory: bool,
                  top: int, base: PyramidTable | None = None) -> PyramidTable:
    """The exact pyramiding table up to ``top`` units of completed stretches."""
    t0 = time.perf_counter()
    unit = model.unit
    D = model.max_stretch
    size = top + D + 1
    nst = len(model.stretches)
    if base is not None:
        V = base.V[:]  # rows below ``need`` are replaced, the rest shared
        corner = base.corner[:]
        first_level = min(need, top + 1) - 1
    else:
        V = [[0.0] * nst for _ in range(size)]
        corner = [0.0] * size
        for b in range(top + 1, size):
            corner[b] = float(b * unit)
        first_level = top
    score = model.score
    order = model.order
    throws = model.throws
    for b in range(first_level, -1, -1):
        row = [0.0] * nst
        # C: value just after reaching stretch k at this b (bank when allowed and better).
        Cst = [0.0] * nst
        for k in order:
            tr, groups = throws[k]
            sk = score[k]
            s = tr * trash
            get = Cst.__getitem__
            for w, reach, corners in groups:
                best = max(map(get, reach)) if reach else -1e300
                if corners:
                    j = b + sk + corners[0]  # the corner banks the whole stretch
                    v = corner[j] if j < size else float(j * unit)
                    if v > best:
                        best = v
                s += w * best
            row[k] = s
            Tk = float((b + score[k]) * unit)
            Cst[k] = Tk if (b + score[k] >= need and Tk > s and k != 0) else s
        V[b] = row
        T = float(b * unit)
        v0 = row[0]
        corner[b] = v0 if mandatory or b < need or v0 > T else T
    # the first throw of a turn
    tr, groups = model.first
    s = tr * trash
    Cst0 = [0.0] * nst
    for k in range(1, nst):
        T = score[k] * unit
        v = V[0][k]
        Cst0[k] = T if (score[k] >= need and T > v) else v
    for w, reach, corners in groups:
        best = max([Cst0[r] for r in reach] + ([corner[corners[0]]] if corners else []))
        s += w * best
    return PyramidTable(unit, need, trash, mandatory, model, V, corner, s, top,
                        time.perf_counter() - t0)
