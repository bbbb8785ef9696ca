"""The window's side of the history: each game stored once, off the Tk thread.

The app tells the keeper about every game it shows (:meth:`Keeper.track`), when one is
over (:meth:`Keeper.finished`) and when one is left unfinished (:meth:`Keeper.abandoned`:
a new game, the next game of a match, quit).  Storing (with the analysis of luck and skill,
about half a second) runs in the ``history`` lane of the app's :class:`JobRunner`, one game
after the other; the answer comes back in the Tk thread.  No tkinter here.
"""

from __future__ import annotations

import logging
import sqlite3
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..i18n import _
from ..model import load_record
from ..model.game import Game
from ..model.record import Record
from ..services.jobs import JobRunner
from .codes import Result, challenge_id, moves_digest, result_code
from .store import History, HistoryError, open_history
from .summary import game_key, summarize

if TYPE_CHECKING:  # with the solver behind it: loaded in the worker that analyses
    from .analysis import Analysis

log = logging.getLogger(__name__)
LANE = "history"


@dataclass(frozen=True)
class Stored:
    """A game just stored: its id (None when it could not be), what was found, and the
    result code when it answered a challenge."""

    game_id: int | None
    record: Record
    analysis: Analysis | None
    status: str
    problem: str | None = None
    result_code: str | None = None


class Keeper:
    """Stores the window's games in the history (see the module's docstring)."""

    def __init__(self, jobs: JobRunner, *, path: Path | None = None, enabled: bool = True
                 ) -> None:
        self.jobs = jobs
        self.path = path
        self.enabled = enabled
        self.history: History | None = None
        self.problem: str | None = None  # why there is no history this time
        self._opened = False
        self._started: dict[str, float] = {}
        self._advised: set[str] = set()
        self._done: set[str] = set()
        # A game's key, worked out once per record (the window asks after every redraw).
        self._keys: weakref.WeakKeyDictionary[Record, str] = weakref.WeakKeyDictionary()
        #: Challenge codes of the games started from one, by game key.
        self.challenges: dict[str, str] = {}

    # -- what the app reports --------------------------------------------------------------

    def track(self, game: Game, advised: bool) -> str:
        """A game shown in the window (again: after an undo, a resume); returns its key."""
        key = self._keys.get(game.record)
        if key is None:
            key = self._keys[game.record] = game_key(game.record)
        self._started.setdefault(key, time.time())
        if advised:
            self._advised.add(key)
        return key

    def finished(self, game: Game, *, demo: bool,
                 on_done: Callable[[Stored], None] | None = None) -> bool:
        """Store a game that is over (once); False when it was stored already."""
        return self._store(game, demo, on_done, analyse_game=True)

    def abandoned(self, game: Game, *, demo: bool) -> bool:
        """Store a game left before its end, if anything was played in it."""
        if game.over or len(game.record) == 0:
            return False
        # Not analysed: this runs at quit, and the player waits for it.
        return self._store(game, demo, None, analyse_game=False)

    def _store(self, game: Game, demo: bool, on_done: Callable[[Stored], None] | None,
               *, analyse_game: bool) -> bool:
        if not self.enabled:
            return False
        key = self.track(game, False)
        if key in self._done:
            return False
        if game.over:
            self._done.add(key)
        data = game.record.to_dict()  # a copy, taken in the Tk thread
        started = self._started[key]
        seconds = time.time() - started
        advised = key in self._advised
        challenge = self.challenges.get(key, "")

        def work() -> Stored:
            return self._write(data, started, seconds, demo, advised, challenge,
                               analyse_game)

        self.jobs.submit(work, on_done, self._failed, name="store game", lane=LANE)
        return True

    def _failed(self, error: BaseException) -> None:
        # A disk or database problem costs this game's entry, never the game itself.
        log.warning("a game could not be stored in the history: %s", error)
        # Translators: {reason} is the system's own words for what went wrong.
        self.problem = _("The game could not be stored in the history ({reason}).").format(
            reason=error)

    # -- the worker side ------------------------------------------------------------------

    def _open(self) -> History | None:
        if not self._opened:
            self._opened = True
            opened = open_history(self.path)
            self.history, self.problem = opened.history, opened.problem
        return self.history

    def _write(self, data: dict[str, Any], started: float, seconds: float, demo: bool,
               advised: bool, challenge: str, analyse_game: bool) -> Stored:
        record = load_record(data)
        analysis = None
        if analyse_game:
            try:
                from .analysis import analyse

                analysis = analyse(record)
            except (ValueError, ArithmeticError) as e:
                log.warning("the game could not be analysed: %s", e)
        entry = summarize(record, started=started, seconds=seconds, demo=demo,
                          advised=advised, analysis=analysis, analyse_game=False,
                          challenge=challenge)
        code = result_for(record, analysis, challenge) if challenge and record.game and \
            record.game.over else None
        history = self._open()
        if history is None:
            return Stored(None, record, analysis, entry.status, self.problem, code)
        try:
            game_id = history.add(entry)
        except (sqlite3.Error, HistoryError) as e:
            log.warning("the game could not be stored: %s", e)
            return Stored(None, record, analysis, entry.status,
                          _("The game could not be stored in the history ({reason}).").format(
                              reason=e), code)
        return Stored(game_id, record, analysis, entry.status, None, code)

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait until every game handed over is stored (quit)."""
        return self.jobs.wait_lane(LANE, timeout)

    def close(self) -> None:
        """Close the database once the lane is done (call after :meth:`flush`)."""
        if self.history is not None:
            self.history.close()
            self.history = None


def result_for(record: Record, analysis: Analysis | None, challenge: str) -> str:
    """The result code of seat 0 (the person) in a game played from ``challenge``."""
    game = record.game if record.game is not None else record.replay()
    mine = [d for d in analysis.decisions if d.seat == 0] if analysis else []
    kind = analysis.kind if analysis else "score"
    won = game.result is not None and game.result.seat == 0
    result = Result(challenge_id(challenge), record.seats[0].name, game.board[0], won,
                    game.turns_taken[0], len(mine), sum(d.cost for d in mine), kind,
                    moves_digest(record))
    return result_code(result)
