"""Tables of perfect play under pyramiding, and the turns played from them (pure Python).

Under pyramiding (D-10) what a throw allows depends on the dice frozen in the stretch, so
a turn's state is ``(points of the completed stretches c, the stretch)``, not (turn score,
dice left): :class:`Stretches` lists every stretch a turn can reach, each with the points
the engine gives it (the best count of all its dice, in the context of the throw that made
it), and for each the grouped outcomes of its next throw.  The board states, the end game
and the file are core's (``win[seat][a][b]``, the catch-up chances by deficit, the tie-break
values); only the turn programme inside a turn differs (:class:`PyramidTurn`).  The solve
is :mod:`.pyramid` (numpy).
"""

from __future__ import annotations

import itertools
import math
import threading
from array import array
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ..i18n import _
from ..model import scoring
from ..model.rules import Rules
from . import table_file as tables
from .turn import Kept

if TYPE_CHECKING:
    from ..model.game import Game

MAGIC = b"TTPYRAMID1\n"
STEP = 50
SOLVER = "pyramid"  # the module that solves these tables (numpy)

Counts = scoring.Counts
#: A throw's groups: (probability, options); an option ``o >= 0`` is the stretch ``o``, an
#: option ``o < 0`` a corner whose six dice score ``-o`` steps.
Groups = tuple[tuple[float, tuple[int, ...]], ...]


def unsupported(rules: Rules) -> str | None:
    """Why the pyramiding solver cannot solve these rules, or None."""
    others = [o for o in rules.options if o != "pyramiding"]
    if others:
        return tables.options_refused(others)
    if not rules.pyramiding:
        return _("these rules have no pyramiding")
    return None


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


def _outcomes(n: int) -> list[tuple[Counts, float]]:
    out = []
    for c in scoring.ALL_COUNTS:
        if sum(c) == n:
            ways = math.factorial(n)
            for k in c:
                ways //= math.factorial(k)
            out.append((c, ways / 6 ** n))
    return out


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
        for c, p in _outcomes(n):
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


def count_states(rules: Rules, extra: int = 2000) -> int:
    """(seat, a, b, completed points up to the cap, stretch) states of the normal game."""
    ng, e = rules.game_point // STEP, extra // STEP
    return 2 * ng * sum(ng + e - a + 1 for a in range(ng)) * len(stretches(rules).states)


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


_KEPT: Kept[PyramidTurn] = Kept()  # (as :mod:`.turn` keeps the others, as many)


def _cached(key: tuple[object, ...], make: Callable[[], PyramidTurn]) -> PyramidTurn:
    return _KEPT.get(key, make)


# -- the table ---------------------------------------------------------------------------


@dataclass(frozen=True)
class PyramidTable(tables.Table):
    """Core's table (board states, catch-up and tie-break values) of a rule set with
    pyramiding, read without numpy."""


def pack(solution: Any) -> bytes:
    """The bytes of a table file for the :class:`~.core.Solution` of :func:`.pyramid.solve`."""
    return MAGIC + tables.pack(solution)[len(tables.MAGIC):]


def unpack(data: bytes) -> PyramidTable:
    """Read a table file of :func:`pack`; ValueError when it is not one."""
    if not data.startswith(MAGIC):
        raise ValueError("not a perfect-play table with pyramiding")
    t = tables.unpack(tables.MAGIC + data[len(MAGIC):])
    if not t.rules.pyramiding:
        raise ValueError("a perfect-play table with pyramiding for rules without it")
    return PyramidTable(**{f: getattr(t, f) for f in tables.Table.__dataclass_fields__})


def turn_values(game: Game, table: PyramidTable) -> PyramidTurn | None:
    """The turn problem of the player to move, in any stage (None: off the table's grid)."""
    if len(game.seats) != 2:
        return None
    rules = game.rules
    cur, other = game.current, 1 - game.current
    mine, theirs = game.board[cur], game.board[other]
    if mine % STEP or theirs % STEP or mine < 0 or theirs < 0:
        return None
    a, b, ng = mine // STEP, theirs // STEP, table.ng
    minimum = rules.minimum_for(mine) // STEP
    if game.stage == "normal":
        if a >= ng or b >= ng:
            return None

        def bank(t: int) -> float:
            reach = a + t
            if reach < ng:
                return 1.0 - table.w(other, b, reach)
            if not rules.catch_up:
                return 1.0
            return 1.0 - table.c(b > 0, other == 0, reach - b)

        key: tuple[object, ...] = ("pyramid", rules, cur, a, b)
        return _cached(key, lambda: PyramidTurn(rules, bank, 1.0 - table.w(other, b, a),
                                                minimum, ng + table.extra - a))
    end_cap = ng + table.extra
    if game.stage == "catch-up" or (game.stage == "tie-break" and not game.queue):
        # chasing a fixed score: more wins, the same ties (a tie-break round, D-9)
        target = game.reacher if game.stage == "catch-up" else other
        if target is None:
            return None
        d = (game.board[target] - mine) // STEP
        if d < 0:
            return None
        if game.stage == "catch-up":
            tie = table.tie_first if cur == 0 else 1.0 - table.tie_first  # seat 0 first
        else:
            tie = 1.0 - table.tie_first  # the second of a round ties into a new round

        def chase(t: int) -> float:
            return 1.0 if t > d else (tie if t == d else 0.0)

        key = ("pyramid-chase", rules, d, tie, minimum)
        return _cached(key, lambda: PyramidTurn(rules, chase, tie if d == 0 else 0.0,
                                                minimum, end_cap))
    if game.stage == "tie-break":  # the first of a round: the other then chases this turn
        key = ("pyramid-tie-first", rules, minimum)
        return _cached(key, lambda: PyramidTurn(rules, lambda t: 1.0 - table.second(t),
                                                1.0 - table.second(0), minimum, end_cap))
    return None


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
