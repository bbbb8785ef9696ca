"""Pyramiding's turn model: a turn's state is its stretch, not its dice left (pure Python).

Under pyramiding (D-10) what a throw allows depends on the dice frozen in the stretch, so a
turn's state is ``(points of the completed stretches c, the stretch)``, not (turn score, dice
left): :class:`Stretches` lists every stretch a turn can reach, each with the points the
engine gives it (the best count of all its dice, in the context of the throw that made it),
and for each the grouped outcomes of its next throw.  :class:`PyramidTurn` is one turn played
from a table's values; :mod:`.stretch_solver` solves many at once (numpy).
"""

from __future__ import annotations

import itertools
import threading
from array import array
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from ...model import scoring
from ...model.rules import Rules

if TYPE_CHECKING:
    from ...model.game import Game

STEP = 50

Counts = scoring.Counts
#: A throw's groups: (probability, options); an option ``o >= 0`` is the stretch ``o``, an
#: option ``o < 0`` a corner whose six dice score ``-o`` steps.
Groups = tuple[tuple[float, tuple[int, ...]], ...]


@dataclass(frozen=True)
class Stretches:
    """Every stretch of fewer than six dice a turn can reach, and the throws from each."""

    states: tuple[tuple[Counts, int], ...]  # (dice, points in steps); 0 is the empty one
    index: dict[tuple[Counts, int], int]
    throws: tuple[tuple[float, Groups], ...]  # per stretch: (trash chance, groups)
    first: tuple[float, Groups]  # the first throw of a turn (D-2)
    maxp: int  # the most steps a stretch (a corner's six dice included) scores

    @property
    def order(self) -> list[int]:
        """The stretches, the most dice first (a throw only adds dice)."""
        return sorted(range(len(self.states)), key=lambda k: -sum(self.states[k][0]))

    def score(self, k: int) -> int:
        return self.states[k][1]



def _subs(c: Counts) -> list[Counts]:
    return [(s[0], s[1], s[2], s[3], s[4], s[5])
            for s in itertools.product(*(range(k + 1) for k in c)) if any(s)]


@lru_cache(maxsize=8)
def stretches(rules: Rules) -> Stretches:
    """The stretch model of these rules (about 0.5 s; cached)."""
    t = scoring.table(rules)
    dice = rules.dice
    states: list[tuple[Counts, int]] = [((0, 0, 0, 0, 0, 0), 0)]
    index = {states[0]: 0}
    raw: dict[int, tuple[float, dict[tuple[int, ...], float]]] = {}
    corner_steps = [0]

    def throw_from(k: int, first: bool) -> tuple[float, dict[tuple[int, ...], float]]:
        s, _points = states[k]
        n = dice - sum(s)
        exact = t.exact_for(first, n)
        trash = 0.0
        merged: dict[tuple[int, ...], float] = {}
        for c, p in scoring.outcomes(n):
            opts: set[int] = set()
            for sub in _subs(c):
                new: Counts = (s[0] + sub[0], s[1] + sub[1], s[2] + sub[2], s[3] + sub[3],
                               s[4] + sub[4], s[5] + sub[5])
                sc = exact.get(new)
                if sc is None:
                    continue
                if sum(new) == dice:
                    opts.add(-(sc // STEP))
                    corner_steps.append(sc // STEP)
                    continue
                key = (new, sc // STEP)
                if key not in index:
                    index[key] = len(states)
                    states.append(key)
                opts.add(index[key])
            if not opts:
                trash += p
            else:
                o = tuple(sorted(opts))
                merged[o] = merged.get(o, 0.0) + p
        return trash, merged

    first = throw_from(0, rules.first_throw_matters)
    k = 0
    while k < len(states):  # breadth first: every stretch reachable
        raw[k] = throw_from(k, False)
        k += 1

    def groups(found: tuple[float, dict[tuple[int, ...], float]]) -> tuple[float, Groups]:
        trash, merged = found
        return trash, tuple((p, o) for o, p in sorted(merged.items()))

    maxp = max(corner_steps + [sc for _, sc in states])
    return Stretches(tuple(states), dict(index), tuple(groups(raw[k]) for k in range(len(states))),
                     groups(first), maxp)


class PyramidTurn:
    """The best play inside one turn under pyramiding, given what banking and trash are
    worth (as :class:`~.turn.TurnValues` for the rules without it).

    ``bank(t)`` is the mover's chance after banking ``t`` steps, ``minimum`` the steps
    needed to bank; a turn score above ``cap`` banks at once (the solver's truncation).
    Solved whole the first time a value is asked for, from the cap down.
    """

    def __init__(self, rules: Rules, bank: Callable[[int], float], trash: float,
                 minimum: int, cap: int) -> None:
        self.rules = rules
        self.model = stretches(rules)
        self._bank_fn = bank
        self.trash = trash
        self.minimum = max(minimum, 1)
        self.cap = cap
        self._banks: list[float] | None = None
        self._after: array[float] | None = None  # after(c, k) at [c * K + k], c <= cap
        self._corner: array[float] | None = None  # corner value at c (c <= cap)
        self._lock = threading.Lock()

    @property
    def solved(self) -> bool:
        return self._after is not None

    def solve(self) -> None:
        """Solve the turn now (thread-safe): for a worker thread."""
        self._solve()

    def bank(self, t: int) -> float:
        banks = self._banks if self._banks is not None else self._solve()[0]
        return banks[t] if 0 <= t < len(banks) else self._bank_fn(t)

    def can_bank(self, t: int, corner: bool) -> bool:
        if t < self.minimum:
            return False
        return not (corner and self.rules.corner_throw_mandatory)

    def after(self, c: int, k: int) -> float:
        """The mover's chance just after freezing into stretch ``k`` with ``c`` completed
        (bank or throw on, whichever is better and allowed)."""
        t = c + self.model.score(k)
        if t > self.cap:
            return self.bank(t)
        _, rows, _ = self._solve()
        return rows[c * len(self.model.states) + k]

    def corner(self, c: int) -> float:
        """The mover's chance just after a corner with ``c`` steps in the turn."""
        if c > self.cap:
            return self.bank(c)
        return self._solve()[2][c]

    def throw(self, c: int, k: int, first: bool = False) -> float:
        """The mover's chance throwing on from stretch ``k`` (``k = 0`` after a corner, or
        with ``first`` the first throw of the turn) with ``c`` steps completed."""
        m = self.model
        trash, groups = m.first if first else m.throws[k]
        total = trash * self.trash
        for p, opts in groups:
            total += p * max(self.corner(c - o) if o < 0 else self.after(c, o) for o in opts)
        return total

    def start(self) -> float:
        """The mover's chance at the start of the turn."""
        return self.throw(0, 0, first=True)

    def _solve(self) -> tuple[list[float], array[float], array[float]]:
        with self._lock:
            if self._banks is not None and self._after is not None and self._corner is not None:
                return self._banks, self._after, self._corner
            m, cap, minimum = self.model, self.cap, self.minimum
            banks = [self._bank_fn(u) for u in range(cap + m.maxp + 1)]
            mandatory = self.rules.corner_throw_mandatory
            nk = len(m.states)
            order = m.order
            corner = [0.0] * (cap + m.maxp + 1)
            corner[cap + 1:] = banks[cap + 1:]
            rows = [0.0] * ((cap + 1) * nk)
            trash_value = self.trash
            for c in range(cap, -1, -1):
                base = c * nk
                for k in order:
                    tr, groups = m.throws[k]
                    total = tr * trash_value
                    for p, opts in groups:
                        best = -1.0
                        for o in opts:
                            if o < 0:
                                v = corner[c - o]
                            else:
                                u = c + m.states[o][1]
                                v = banks[u] if u > cap else rows[base + o]
                            if v > best:
                                best = v
                        total += p * best
                    if k == 0:
                        bank_ok = c >= minimum and not mandatory
                        corner[c] = max(total, banks[c]) if bank_ok else total
                    else:
                        u = c + m.states[k][1]
                        rows[base + k] = (max(total, banks[u]) if u >= minimum and u <= cap
                                          else total)
            self._banks = banks
            self._after, self._corner = array("f", rows), array("f", corner)
            return self._banks, self._after, self._corner


def freeze_values(game: Game, tv: PyramidTurn, faces: tuple[int, ...], points: int
                  ) -> tuple[float, float]:
    """The chance after freezing ``faces`` and throwing on, and after banking them (the
    caller says whether banking is allowed): from the stretch they make."""
    m = tv.model
    c = game.banked_stretches // STEP
    dice = game.stretch_dice + tuple(faces)
    score = (game.stretch_score + points) // STEP
    t = c + score
    if len(dice) == game.rules.dice:  # a corner: six fresh dice at c + the stretch
        throw = tv.throw(t, 0) if t <= tv.cap else tv.bank(t)
        return throw, tv.bank(t)
    k = m.index.get((scoring.counts_of(dice), score))
    if k is None:  # cannot happen for a legal freeze: the model holds every stretch
        raise ValueError(f"no stretch {dice} for {score} steps in the model")
    throw = tv.throw(c, k) if t <= tv.cap else tv.bank(t)
    return throw, tv.bank(t)
