"""The Perfect computer level: plays the move that maximises the chance of winning.

Pure Python at play time: the shipped table (:mod:`.table`) and the per-turn programme of
:mod:`.values`.  Positions the table cannot answer (three or more seats, options, scores off
the grid) go to the fallback player, usually Expert.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..ai import Decision
from . import table as tables
from . import values

if TYPE_CHECKING:
    from ..ai import Player
    from ..model.game import Game
    from ..model.rules import Rules


class PerfectPlayer:
    """Perfect two-player play from a shipped table, with a fallback for the rest."""

    level = "perfect"

    def __init__(self, rules: Rules, fallback: Player) -> None:
        self.rules = rules
        self.fallback = fallback
        self.fallback_reason: str | None = None
        self._table: tables.Table | None = None
        self._unreadable = False  # the table file is there but could not be read
        self._lock = threading.Lock()

    @classmethod
    def for_rules(cls, rules: Rules, fallback: Player) -> PerfectPlayer | None:
        """A Perfect player for these rules, or None when no table ships for them."""
        if not tables.available(rules):  # prepare() reads the table, in a worker
            return None
        return cls(rules, fallback)

    def prepare(self) -> None:
        """Load the table (and prepare the fallback); thread-safe and idempotent."""
        with self._lock:
            if self._table is None and not self._unreadable:
                self._table = tables.load(self.rules)
                if self._table is None:
                    self._unreadable = True
                    self.fallback_reason = ("the perfect-play table could not be read; "
                                            "playing Expert")
        self.fallback.prepare()

    @property
    def ready(self) -> bool:
        return (self._table is not None or self._unreadable) and self.fallback.ready

    def choose_challenge(self, game: Game) -> int | None:
        # The tables cover rules without challenging; anything else is the fallback's.
        if game.rules.challenging:
            return self.fallback.choose_challenge(game)
        return None

    def think(self, game: Game) -> Callable[[], None] | None:
        """The slow part of the next :meth:`choose_move` (solving a turn not met before,
        5-35 ms), for the window to run in a worker thread; None when the move is quick."""
        if game.rules != self.rules or self._table is None:
            return None
        tv = values.turn_values(game)  # None with three or more seats
        return None if tv is None or tv.solved else tv.solve

    def choose_move(self, game: Game) -> Decision:
        """The freeze and bank/throw with the best chance of winning."""
        self.prepare()
        adv = (values.advice(game) if game.rules == self.rules and self._table is not None
               else None)
        if adv is None:
            return self.fallback.choose_move(game)
        best = adv.best
        return Decision(game.indices_for(best.faces), best.bank_is_best)

    def choose_discard(self, game: Game) -> int:
        return self.fallback.choose_discard(game)
