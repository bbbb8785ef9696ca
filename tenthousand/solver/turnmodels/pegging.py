"""Rotary Club's turn model: a turn is a chain of stretches, each ending in trash or at a
corner that pegs its points (pure Python).

Nobody banks in Rotary Club: each time the player turns the corner the stretch's points go
onto his board and six fresh dice follow (the throw is compulsory), until trash ends the
turn and loses the stretch's points since the last corner.  So the turn model's problem is
one *stretch*, a dynamic programme over (stretch score, dice left) whose exits are trash and
the corner; what a corner pegging ``t`` steps is worth (the next stretch, at the higher
board, or the end of the turn) comes from the table of turn starts, where a stretch after a
corner is a turn start of its own (:mod:`..features.rotary`).  :class:`PeggingTurn` plays
one stretch from a table's values; :mod:`.pegging_solver` solves many at once (numpy, or numba).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from functools import lru_cache

from ...model.rules import Rules
from ..turn import _groups


@lru_cache(maxsize=16)
def _walk(rules: Rules) -> tuple[frozenset[tuple[int, int]], frozenset[int]]:
    """Every (stretch score, dice left) a stretch reaches before a throw, and every
    stretch score a corner can peg (steps)."""
    seen = {(0, 6)}
    todo = [(0, 6)]
    corners: set[int] = set()
    while todo:
        t, n = todo.pop()
        for first in ((True, False) if t == 0 else (False,)):
            for _p, opts in _groups(rules, n, first)[1]:
                for pts, left in opts:
                    if left == 0:
                        corners.add(t + pts)
                    elif (t + pts, left) not in seen:
                        seen.add((t + pts, left))
                        todo.append((t + pts, left))
    return frozenset(seen), frozenset(corners)


def stretch_rows(rules: Rules) -> tuple[int, int]:
    """The most steps a stretch can hold before its last throw, and the fewest a corner
    pegs (steps)."""
    seen, corners = _walk(rules)
    return max(t for t, _n in seen), min(corners)


class PeggingTurn:
    """One stretch of a Rotary Club turn played best, given what a corner pegging ``t``
    steps is worth (``bank(t)``, the engine's name for what a turn's exit is worth) and what
    trash is worth: the stretch's own programme, solved whole the first time a value is
    asked for.  ``first``: the stretch opens the turn (its first throw may score the
    first-throw counters, D-2); else it follows a corner.  ``need`` and ``cap`` are the
    engine's turn limits, which a stretch does not read (every corner pegs)."""

    def __init__(self, rules: Rules, bank: Callable[[int], float], trash: float,
                 need: int = 1, cap: int = 0, first: bool = True) -> None:
        self.rules = rules
        self._bank_fn = bank
        self.trash = trash
        self.first = first
        self.top = stretch_rows(rules)[0]
        self._rows: list[float] | None = None  # Q(t, m) at [6 * t + m]; m = 0: the corner
        self._lock = threading.Lock()
        del need, cap

    @property
    def solved(self) -> bool:
        return self._rows is not None

    def solve(self) -> None:
        """Solve the stretch now (thread-safe): for a worker thread."""
        self._solve()

    def bank(self, t: int) -> float:
        """The mover's chance after a corner pegging ``t`` steps."""
        return self._bank_fn(t)

    def after(self, t: int, left: int) -> float:
        """The mover's chance just after freezing to ``t`` steps with ``left`` dice left
        (0: a corner, which pegs ``t`` and throws six fresh dice)."""
        if left == 0:
            return self._bank_fn(t)
        rows = self._rows if self._rows is not None else self._solve()
        return rows[6 * t + left] if 6 * t + left < len(rows) else 0.0

    def throw(self, t: int, n: int, first: bool = False) -> float:
        """The mover's chance throwing ``n`` dice with ``t`` steps in the stretch."""
        trash, groups = _groups(self.rules, n, first and n == 6)
        total = trash * self.trash
        for p, opts in groups:
            total += p * max(self.after(t + pts, left) for pts, left in opts)
        return total

    def start(self) -> float:
        """The mover's chance at the stretch's start (the turn's first throw, or six fresh
        dice after a corner)."""
        return self.throw(0, 6, self.first)

    def _solve(self) -> list[float]:
        with self._lock:
            if self._rows is not None:
                return self._rows
            top = self.top
            tables_n = [_groups(self.rules, n, False) for n in range(1, 6)]
            corners = _walk(self.rules)[1]
            maxp = max(pts for _, g in tables_n for _p, o in g for pts, _l in o)
            rows = [0.0] * (6 * (max(*corners, top + maxp) + 1))
            for t in corners:  # (only what a corner can peg is asked)
                rows[6 * t] = self._bank_fn(t)
            for t in range(top, 0, -1):
                for n in range(1, 6):
                    trash, groups = tables_n[n - 1]
                    total = trash * self.trash
                    for p, opts in groups:
                        total += p * max(rows[6 * (t + pts) + left] for pts, left in opts)
                    rows[6 * t + n] = total
            self._rows = rows
            return rows
