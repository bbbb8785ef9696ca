"""The value of every turn start of a solve, and what each is worth to either player
(needs numpy).

Two players: a turn start's value is the chance of the player to move there.  What it is
worth to somebody else is one minus it, so the solver keeps both halves side by side and
reads either with one gather (:func:`..space.code`: the first half one minus each value,
the second half the values).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .space import Space


class Values:
    """Every turn start's value (NaN until solved) and one minus it."""

    def __init__(self, space: Space) -> None:
        self.space = space
        self.both = np.full(2 * space.size, np.nan)
        self.set(np.array([space.one]), np.array([1.0]))

    @property
    def v(self) -> Any:
        """The values themselves (a view)."""
        return self.both[self.space.size:]

    def set(self, index: Any, x: Any) -> None:
        self.both[index] = 1.0 - x
        self.both[index + self.space.size] = x

    def get(self, codes: Any) -> Any:
        """The values of these codes (:func:`..space.code`)."""
        return self.both[codes]

    def load(self, values: Any) -> None:
        """Every value at once (a first guess, or a table read back)."""
        self.both[self.space.size:] = values
        self.both[:self.space.size] = 1.0 - values
