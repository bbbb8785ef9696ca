"""One turn of three-player perfect play: every seat's chance inside it.

The mover plays to maximise his own chance; the others' follow his choices.  Like the
solver (:mod:`.compiled3`), the programme carries along the mover's best play the seats'
chances from banks ``A`` and the chance of trash ``P`` for every turn score and dice left,
and compares choices by the mover's key ``A[mover] + P w``, ``w`` the trash value he plays
by: his own chance after trash, or, where the trash cycle's equilibrium mixes, one of the
two values whose policies he mixes (:meth:`Turn3.playing`).  A value shown is
``A + P trash``, the seats' chances with trash worth what it is worth.  Ties: a bank before
throwing on; between freezes, the first in the throw's order.

A turn is solved the first time a value is asked for, by the compiled kernel
(:func:`.compiled3.turn`: a median 0.2 ms for a turn start of Trash-5000) or, without
numba, by :func:`solve_rows` in plain Python (11 ms), the reference it gives the same bits
as (``python -m tenthousand.tools.benchmark turn3``).  The rows and the throws' values are
kept flat, four float64 each (``array("d")``, some 50 KB a turn of Trash-5000).
"""

from __future__ import annotations

import threading
from array import array
from collections.abc import Callable, Sequence

from ..model.rules import Rules
from . import dice
from .turn import row_groups

__all__ = ["Turn3", "solve_rows"]

Vector = tuple[float, ...]
_Row = tuple[float, float, float, float]


def _sum(groups: tuple[tuple[float, tuple[int, ...]], ...], trash: float,
         rows: Sequence[float], at: int, m: int, w: float) -> _Row:
    """A throw's ``(A, P)``: each group's best choice (the four numbers from ``at`` and
    the option's place in ``rows``) by the mover's key ``A[m] + P w``, the first on a tie,
    weighted, and the throw's chance of trash."""
    a0 = a1 = a2 = 0.0
    pp = trash
    for p, options in groups:
        best = -1
        best_key = 0.0
        for option in options:
            r = at + option
            k = rows[r + m] + rows[r + 3] * w
            if best < 0 or k > best_key:
                best, best_key = r, k
        a0 += p * rows[best]
        a1 += p * rows[best + 1]
        a2 += p * rows[best + 2]
        pp += p * rows[best + 3]
    return (a0, a1, a2, pp)


def solve_rows(rules: Rules, banks: Sequence[float], m: int, w: float, need: int,
               cap: int) -> tuple[list[float], list[float]]:
    """The rows and throws of a turn (the reference; :func:`.compiled3.turn` is its
    compiled form): ``(A0, A1, A2, P)`` at ``4 (6 t + left)`` for every turn score ``t``
    and dice left, from the bank vectors ``banks`` (three numbers a turn score, up to
    ``cap`` and the most points of a freeze beyond; above ``cap`` each row is the bank
    vector), and of the throw of ``n`` dice at ``4 (6 t + n - 1)`` for ``t`` up to
    ``cap``.  The mover ``m`` chooses by his key ``A[m] + P w``: a bank before throwing on
    on a tie."""
    mandatory = rules.corner_throw_mandatory
    tables = [row_groups(rules, n, False) for n in range(1, 7)]
    size = len(banks) // 3
    rows = [0.0] * (24 * (cap + 1))
    for u in range(cap + 1, size):
        rows.extend((banks[3 * u], banks[3 * u + 1], banks[3 * u + 2], 0.0) * 6)
    throws = [0.0] * (24 * (cap + 1))
    for t in range(cap, 0, -1):
        for n in range(1, 7):
            trash, groups = tables[n - 1]
            at = 4 * (6 * t + n - 1)
            throws[at:at + 4] = _sum(groups, trash, rows, 24 * t, m, w)
        b = banks[3 * t:3 * t + 3]
        ok = t >= need
        for left in range(6):
            on = 4 * (6 * t + (5 if left == 0 else left - 1))
            at = 4 * (6 * t + left)
            if (ok and not (left == 0 and mandatory)
                    and b[m] >= throws[on + m] + throws[on + 3] * w):
                rows[at:at + 4] = (b[0], b[1], b[2], 0.0)
            else:
                rows[at:at + 4] = throws[on:on + 4]
    return rows, throws


class Turn3:
    """The best play inside one three-player turn.

    ``bank(t)`` is each seat's chance after banking ``t`` steps, ``trash`` after trash,
    ``need`` the steps needed to bank, a turn score above ``cap`` banks at once.  ``play``:
    where the mover mixes two policies, (trash value of the one, of the other, the weight
    of the first); None where he plays by his own chance after trash.  ``banks(count)``,
    if given, is ``bank(t)`` for ``t`` below ``count`` at once (three numbers each, flat),
    the same numbers read faster.
    """

    def __init__(self, rules: Rules, mover: int, bank: Callable[[int], Vector], trash: Vector,
                 need: int, cap: int, play: tuple[float, float, float] | None,
                 key: float | None = None,
                 banks: Callable[[int], Sequence[float]] | None = None) -> None:
        self.rules, self.mover = rules, mover
        self._bank_fn = bank
        self._banks_fn = banks
        self.trash = tuple(trash)
        self.need = max(need, 1)
        self.cap = cap
        self.play = play
        self.key = float(trash[mover]) if key is None else key
        self.maxp = dice.max_points(rules)
        self._banks: array[float] | None = None  # three numbers a turn score
        self._rows: array[float] | None = None  # four a turn score and dice left
        self._throws: array[float] | None = None  # four a turn score and dice thrown
        self._lock = threading.Lock()

    @property
    def mixes(self) -> bool:
        """Whether the mover's equilibrium play mixes two policies here."""
        return self.play is not None and 0.0 < self.play[2] < 1.0

    def playing(self, first: bool) -> Turn3:
        """The turn as the mover plays it: by his first or second policy where he mixes
        (the same turn, chosen by another trash value), else this turn."""
        if self.play is None:
            return self
        w = self.play[0] if first or self.play[2] >= 1.0 else self.play[1]
        return self if w == self.key else self.unsolved(w)

    def unsolved(self, key: float | None = None, *, read_at_once: bool = True) -> Turn3:
        """The same turn, not solved yet, chosen by the trash value ``key`` (this turn's if
        None); its bank vectors read one by one unless ``read_at_once``."""
        return Turn3(self.rules, self.mover, self._bank_fn, self.trash, self.need, self.cap,
                     self.play, self.key if key is None else key,
                     self._banks_fn if read_at_once else None)

    # -- values -----------------------------------------------------------------------

    def _value(self, row: _Row) -> Vector:
        p = row[3]
        return tuple(row[k] + p * self.trash[k] for k in range(3))

    def bank(self, t: int) -> Vector:
        """Each seat's chance after banking ``t`` steps."""
        banks = self._banks if self._banks is not None else self._solve()[0]
        if 0 <= 3 * t < len(banks):
            return (banks[3 * t], banks[3 * t + 1], banks[3 * t + 2])
        return tuple(self._bank_fn(t))

    def can_bank(self, t: int, left: int) -> bool:
        if t < self.need:
            return False
        return not (left == 0 and self.rules.corner_throw_mandatory)

    def _q(self, t: int, left: int) -> _Row:
        if t > self.cap:
            b = self.bank(t)
            return (b[0], b[1], b[2], 0.0)
        rows = self._rows if self._rows is not None else self._solve()[1]
        at = 4 * (6 * t + left)
        return (rows[at], rows[at + 1], rows[at + 2], rows[at + 3])

    def q(self, t: int, left: int) -> Vector:
        """Each seat's chance after freezing up to ``t`` steps with ``left`` dice left."""
        return self._value(self._q(t, left))

    def _throw(self, t: int, n: int) -> _Row:
        if 0 < t <= self.cap:  # solved with the rows
            throws = self._throws if self._throws is not None else self._solve()[2]
            at = 4 * (6 * t + n - 1)
            return (throws[at], throws[at + 1], throws[at + 2], throws[at + 3])
        trash, groups = row_groups(self.rules, n, t == 0 and n == 6)
        if t <= self.cap:  # the first throw: the solved rows reach every freeze from here
            rows = self._rows if self._rows is not None else self._solve()[1]
            return _sum(groups, trash, rows, 24 * t, self.mover, self.key)
        ahead = [x for u in range(self.maxp + 1) for left in range(6)
                 for x in self._q(t + u, left)]
        return _sum(groups, trash, ahead, 0, self.mover, self.key)

    def throw(self, t: int, n: int) -> Vector:
        """Each seat's chance when the mover throws ``n`` dice with ``t`` steps."""
        return self._value(self._throw(t, n))

    def choice_key(self, row: Vector) -> float:
        """What a value is worth to the mover as he chooses (his own chance, or his
        mixing policy's measure): for a value ``A + P trash`` of this turn."""
        return row[self.mover]

    def start(self) -> Vector:
        """Each seat's chance at the start of the turn."""
        return self.throw(0, 6)

    @property
    def solved(self) -> bool:
        return self._rows is not None

    def solve(self) -> None:
        self._solve()

    def _solve(self) -> tuple[array[float], array[float], array[float]]:
        with self._lock:
            if (self._banks is not None and self._rows is not None
                    and self._throws is not None):
                return self._banks, self._rows, self._throws
            count = self.cap + self.maxp + 1
            banks = array("d", self._banks_fn(count) if self._banks_fn is not None else
                          [x for u in range(count) for x in self._bank_fn(u)])
            found = _compiled(self.rules, banks, self.mover, self.key, self.need, self.cap)
            if found is None:
                rows, throws = solve_rows(self.rules, banks, self.mover, self.key, self.need,
                                          self.cap)
                found = array("d", rows), array("d", throws)
            self._banks, (self._rows, self._throws) = banks, found
            return banks, found[0], found[1]


def _compiled(rules: Rules, banks: Sequence[float], m: int, w: float, need: int,
              cap: int) -> tuple[array[float], array[float]] | None:
    """The rows and throws by the compiled kernel, or None without it."""
    try:  # numpy and numba load with the first turn solved, never at start-up
        from . import compiled3
    except ImportError:
        return None
    return compiled3.solve_turn(rules, banks, m, w, need, cap)
