"""One turn of perfect play from a table's values (pure Python), and the solved turns kept.

A table (:mod:`.table`) holds the chance of the player to move at the start of every turn;
inside a turn the values follow from what banking and trash are worth by the dynamic
programme the solver runs (the dice model, :mod:`.turns`): :class:`TurnValues`.  The turns
of every turn model are kept in one cache (:func:`cached`).
"""

from __future__ import annotations

import threading
from array import array
from collections import OrderedDict
from collections.abc import Callable
from functools import lru_cache
from typing import Any, Generic, TypeVar

from ..model.rules import Rules
from . import dice

__all__ = ["TurnValues", "cache_limit", "cached", "row_groups", "set_cache_limit"]


@lru_cache(maxsize=16)
def _groups(rules: Rules, n: int, first: bool
            ) -> tuple[float, tuple[tuple[float, tuple[tuple[int, int], ...]], ...]]:
    th = dice.throws(rules, n, first)
    return float(th.trash), tuple((float(p), opts) for p, opts in th.groups)


@lru_cache(maxsize=32)  # seven throws a rule set
def row_groups(rules: Rules, n: int, first: bool
               ) -> tuple[float, tuple[tuple[float, tuple[int, ...]], ...]]:
    """The throw of ``n`` dice as the three-player turn reads it (:mod:`.turn3`): its
    chance of trash and its groups, each a probability and its options in the throw's
    order, an option as its row's place in the flat rows, four numbers a row, from the
    turn score's: ``4 (6 points + dice left)``."""
    trash, groups = _groups(rules, n, first)
    return trash, tuple((p, tuple(4 * (6 * pts + left) for pts, left in opts))
                        for p, opts in groups)


class TurnValues:
    """The best play inside one turn, given what banking and trash are worth.

    ``bank(t)`` is the mover's chance after banking a turn score of ``t`` steps, ``trash``
    his chance after trash, ``minimum`` the steps needed to bank, and a turn score above
    ``cap`` steps banks at once (the solver's truncation).

    The whole turn is solved the first time a value is asked for (about 5-35 ms) and kept
    in two flat arrays of float32 (about 8 KB), so a cache can hold many turns.
    """

    def __init__(self, rules: Rules, bank: Callable[[int], float], trash: float,
                 minimum: int, cap: int) -> None:
        self.rules = rules
        self._bank_fn = bank
        self.trash = trash
        self.minimum = max(minimum, 1)
        self.cap = cap
        self.maxp = dice.max_points(rules)
        self._banks: array[float] | None = None  # bank(t) for t = 0 .. cap + maxp
        self._rows: array[float] | None = None  # Q(t, m) at [6 * t + m] for t = 1 .. cap
        self._lock = threading.Lock()

    def bank(self, t: int) -> float:
        """The value of banking ``t`` steps (whether or not the rules allow it now)."""
        banks = self._banks if self._banks is not None else self._solve()[0]
        return banks[t] if 0 <= t < len(banks) else self._bank_fn(t)

    def can_bank(self, t: int, left: int) -> bool:
        """Whether the rules let the mover bank ``t`` steps with ``left`` dice (0: corner)."""
        if t < self.minimum:
            return False
        return not (left == 0 and self.rules.corner_throw_mandatory)

    def q(self, t: int, left: int) -> float:
        """The mover's chance after freezing up to ``t`` steps with ``left`` dice left."""
        if t > self.cap:
            return self.bank(t)  # the truncation: bank at once
        rows = self._rows if self._rows is not None else self._solve()[1]
        return rows[6 * t + left]

    def throw(self, t: int, n: int) -> float:
        """The mover's chance when throwing ``n`` dice with ``t`` steps (t = 0: first throw)."""
        trash, groups = _groups(self.rules, n, t == 0 and n == 6)
        total = trash * self.trash
        q = self.q
        for p, opts in groups:
            total += p * max(q(t + pts, left) for pts, left in opts)
        return total

    @property
    def solved(self) -> bool:
        """Whether the turn is solved, so every value is a quick lookup."""
        return self._rows is not None

    def solve(self) -> None:
        """Solve the turn now (5-35 ms; thread-safe): for a worker thread."""
        self._solve()

    def start(self) -> float:
        """The mover's chance at the start of the turn."""
        return self.throw(0, 6)

    def _solve(self) -> tuple[array[float], array[float]]:
        """Solve the turn backwards from the cap (once; thread-safe)."""
        with self._lock:
            if self._banks is not None and self._rows is not None:
                return self._banks, self._rows
            cap, maxp = self.cap, self.maxp
            banks = [self._bank_fn(u) for u in range(cap + maxp + 1)]
            mandatory = self.rules.corner_throw_mandatory
            tables = [_groups(self.rules, n, False) for n in range(1, 7)]
            # q[t][m] = Q(t, m); rows above the cap hold the bank value (bank at once)
            q: list[list[float]] = [[0.0] * 6 for _ in range(cap + 1)]
            q.extend([b] * 6 for b in banks[cap + 1:])
            minimum, trash_value = self.minimum, self.trash
            for t in range(cap, 0, -1):
                v = [0.0] * 7
                for n in range(1, 7):
                    trash, groups = tables[n - 1]
                    total = trash * trash_value
                    for p, opts in groups:
                        best = -1.0
                        for pts, left in opts:
                            val = q[t + pts][left]
                            if val > best:
                                best = val
                        total += p * best
                    v[n] = total
                b = banks[t]
                ok = t >= minimum
                row = q[t]
                for m in range(6):
                    on = v[6 if m == 0 else m]
                    if m == 0 and mandatory:
                        row[m] = on
                    else:
                        row[m] = b if ok and b > on else on
            # Kept as float32, like the table they come from: half the memory, so a
            # simulator's cache holds twice the turns.
            rows = array("f")
            for t in range(cap + 1):
                rows.extend(q[t])
            self._banks, self._rows = array("f", banks), rows
            return self._banks, self._rows


T = TypeVar("T")
_cache_limit = 512  # about 10 KB each: enough for a game in the window


class Kept(Generic[T]):
    """Solved turns kept by their key, the least recently used dropped beyond
    :func:`cache_limit`; thread-safe."""

    def __init__(self) -> None:
        self._items: OrderedDict[tuple[object, ...], T] = OrderedDict()
        self._lock = threading.Lock()
        _ALL.append(self)

    def get(self, key: tuple[object, ...], make: Callable[[], T]) -> T:
        """The turn kept for ``key``, else ``make()``'s (made outside the lock)."""
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
                return found
        made = make()
        with self._lock:
            made = self._items.setdefault(key, made)  # another thread may have made it
            self._trim()
        return made

    def clear(self) -> None:
        with self._lock:
            self._items.clear()

    def _trim(self) -> None:
        while len(self._items) > _cache_limit:
            self._items.popitem(last=False)


_ALL: list[Kept[Any]] = []
_KEPT: Kept[Any] = Kept()
_CACHE = _KEPT  # (the tests empty it: ``values._CACHE.clear()``)


def cache_limit() -> int:
    """How many solved turns are kept."""
    return _cache_limit


def set_cache_limit(turns: int) -> None:
    """Keep up to ``turns`` solved turns.  The simulator raises it: a match of thousands of
    games meets the same board scores again and again (20,000 games of Ten-Thousand visit
    about 30,000 distinct positions of one player, 330,000 times)."""
    global _cache_limit
    if turns < 1:
        raise ValueError("the cache must hold at least one turn")
    _cache_limit = turns
    for kept in _ALL:
        with kept._lock:
            kept._trim()


def cached(key: tuple[object, ...], make: Callable[[], T]) -> T:
    """The turn kept for ``key`` (of any turn model), else ``make()``'s."""
    found: T = _KEPT.get(key, make)
    return found
