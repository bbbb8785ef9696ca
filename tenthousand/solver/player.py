"""The Perfect computer level: plays the move that maximises the chance of winning.

Pure Python at play time: the table of the rules (:mod:`.table`) and the per-turn
programme of :mod:`.values`.  Positions the table cannot answer (another number of seats,
scores off the grid) go to the fallback player, usually Expert.  Rules with no table yet get one solved
on this machine (:mod:`.cache`): the window runs :meth:`PerfectPlayer.background_solve` in a
worker, and the player plays as its fallback until the table is there.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..ai import Decision
from ..i18n import N_, _
from ..model.game import Phase
from . import cache, values
from . import table as tables

if TYPE_CHECKING:
    from ..ai import Player
    from ..model.game import Game
    from ..model.rules import Rules


#: Why Perfect plays as its fallback while its table is being solved (in English; the
#: player's ``fallback_reason`` holds it translated).
SOLVING = N_("perfect play for these rules is being solved; playing Expert until it is ready")

class PerfectPlayer:
    """Perfect two-player play from a table, with a fallback for the rest."""

    level = "perfect"

    def __init__(self, rules: Rules, fallback: Player,
                 solve: cache.BackgroundSolve | None = None, players: int = 2) -> None:
        self.rules = rules
        self.players = players  # the seats of its games: two or three
        self.fallback = fallback
        self.fallback_reason: str | None = None if solve is None else _(SOLVING)
        self._table: Any = None  # a tables.Table, or a table3.Table3 for three seats
        self._unreadable = False  # the table file is there but could not be read
        self._solve = solve  # the table is still to be solved (None: it is there)
        self._lock = threading.Lock()

    @classmethod
    def for_rules(cls, rules: Rules, fallback: Player,
                  players: int = 2) -> PerfectPlayer | None:
        """A Perfect player for these rules and seats, or None when no table ships for
        them and none can be solved here (options, a huge game point, no numpy; with three
        seats any option; four or more seats)."""
        if players == 3:
            from . import table3

            if table3.available(rules):
                return cls(rules, fallback, players=3)
            if cache.unsolvable(rules, 3) is not None:
                return None
            return cls(rules, fallback, cache.background(rules, 3), players=3)
        if players != 2:
            return None
        if tables.available(rules):  # prepare() reads the table, in a worker
            return cls(rules, fallback)
        if tables.shipped_for(rules) or cache.unsolvable(rules) is not None:
            return None
        return cls(rules, fallback, cache.background(rules))

    @property
    def solving(self) -> bool:
        """Whether the table is still being solved (the player plays as its fallback)."""
        return self._table is None and self._solve is not None and not self._unreadable

    @property
    def progress(self) -> float | None:
        """The share of the solve done (0 to 1), or None when there is no solve."""
        return None if self._solve is None else self._solve.progress

    @property
    def remaining(self) -> float | None:
        """Seconds the solve still needs, guessed from its rate (None: too soon to say,
        or no solve)."""
        return None if self._solve is None or not self.solving else self._solve.remaining()

    def cancel_solve(self) -> None:
        """This player is no longer needed: stop a background solve of its rules."""
        if self.solving and self._solve is not None:
            self._solve.cancel()

    def solve_stopped(self, timeout: float) -> bool:
        """After :meth:`cancel_solve` at quit: wait up to ``timeout`` seconds for a
        three-player solve to keep what it solved (:mod:`.partial3`); whether none runs."""
        if self.players != 3 or self._solve is None:
            return True
        return self._solve.wait(timeout)

    def background_solve(self) -> Callable[[], None] | None:
        """Solving this player's table (seconds to minutes), for a worker thread; None when
        the table is there.  Until it is done the player plays as its fallback."""
        return self._finish_solve if self.solving else None

    def _finish_solve(self) -> None:
        assert self._solve is not None
        try:
            table = self._solve.run()
        except Exception:
            with self._lock:
                self._unreadable = True
                self.fallback_reason = _("perfect play could not be solved for these rules; "
                                         "playing Expert")
            raise
        with self._lock:
            self._table = table
            self.fallback_reason = None

    def prepare(self) -> None:
        """Load the table (and prepare the fallback); thread-safe and idempotent.  A table
        still being solved is not waited for: the fallback plays meanwhile."""
        with self._lock:
            if self._table is None and not self._unreadable:
                if self._solve is None:
                    self._table = self._load()
                    if self._table is None:
                        self._unreadable = True
                        self.fallback_reason = _("the perfect-play table could not be read; "
                                                 "playing Expert")
                elif self._solve.table is not None:  # solved since the last move
                    self._table = self._solve.table
                    self.fallback_reason = None
        self.fallback.prepare()

    @property
    def ready(self) -> bool:
        return ((self._table is not None or self._unreadable or self._solve is not None)
                and self.fallback.ready)

    def choose_challenge(self, game: Game) -> int | None:
        """Challenge when a challenge turn wins more often than a plain one; positions
        the table does not answer are the fallback's."""
        if not game.rules.challenging:
            return None
        self.prepare()
        if game.rules == self.rules and self._table is not None:
            found = values.challenge_values(game)
            if found is not None:
                return 1 - game.current if found[0] > found[1] else None
        return self.fallback.choose_challenge(game)

    def think(self, game: Game) -> Callable[[], None] | None:
        """The slow part of the next decision (solving turns not met before, 5-35 ms
        each), for the window to run in a worker thread; None when the decision is quick.
        At the start of a turn that is the turn ahead, and with a challenge to decide also
        the challenge turn."""
        if game.rules != self.rules or self._table is None:
            return None
        turns = [values.turn_values(game)]  # None with three or more seats
        if game.phase is Phase.START:
            turns.append(values.challenge_turn(game))
        slow = [tv for tv in turns if tv is not None and not tv.solved]
        if not slow:
            return None

        def work() -> None:
            for tv in slow:
                tv.solve()

        return work

    def choose_move(self, game: Game) -> Decision:
        """The freeze and bank/throw with the best chance of winning."""
        self.prepare()
        adv = (values.advice(game) if game.rules == self.rules and self._table is not None
               else None)
        if adv is None:
            return self.fallback.choose_move(game)
        best = adv.best
        return Decision(game.indices_for(best.faces),
                        best.bank_is_best if adv.banks is None else adv.banks)

    def _load(self) -> Any:
        if self.players == 3:
            from . import table3

            return table3.load(self.rules)
        return tables.load(self.rules)

    def choose_discard(self, game: Game) -> int:
        return self.fallback.choose_discard(game)
