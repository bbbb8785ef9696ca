"""The window's side of the history: each game stored once, off the Tk thread.

The app tells the keeper about every game it shows (:meth:`Keeper.track`), when one is
over (:meth:`Keeper.finished`) and when one is left unfinished (:meth:`Keeper.abandoned`:
a new game, the next game of a match, quit).  Storing (with the analysis of luck and skill,
about half a second) runs in the ``history`` lane of the app's :class:`JobRunner`, one game
after the other; the answer comes back in the Tk thread.  No tkinter here.

Each game is kept beside the history (:mod:`.pending`) before the history is tried, and
forgotten once stored: when the history is locked by another program, the disk full or
the folder read-only, the game waits there and is stored at the next chance (the next
game, quit, the next start: :meth:`Keeper.retry`), once.  A history that is really
damaged is set aside and a new one begun, at open or at the first error that says so.
"""

from __future__ import annotations

import dataclasses
import logging
import sqlite3
import time
import uuid
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..i18n import _
from ..model import load_record
from ..model.game import Game
from ..model.record import Record
from ..services.jobs import JobRunner
from .codes import Result, challenge_id, fingerprint_of, moves_digest, result_code
from .pending import Pending, pending_path
from .schema import Damaged, HistoryError, Unavailable, trouble
from .store import (
    BUSY_TIMEOUT,
    BadEntry,
    GameEntry,
    History,
    history_path,
    open_history,
    unavailable_words,
    unkept_words,
)
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
    earlier: int = 0  # games kept from before, stored with this one


@dataclass
class Delivery:
    """What :meth:`Keeper.deliver` did: the ids of the games stored (by token), how many
    are still kept, what was set aside (said once) and why games wait (None: they do
    not)."""

    ids: dict[str, int] = field(default_factory=dict)
    kept: int = 0
    notices: list[str] = field(default_factory=list)
    waiting: str | None = None
    trouble: str = ""  # the kind of trouble the games wait for (busy, full...), if any

    @property
    def problem(self) -> str | None:
        """Everything the player should hear, or None."""
        return " ".join([*self.notices, *([self.waiting] if self.waiting else [])]) or None


class Keeper:
    """Stores the window's games in the history (see the module's docstring)."""

    def __init__(self, jobs: JobRunner, *, path: Path | None = None, enabled: bool = True,
                 timeout: float = BUSY_TIMEOUT,
                 in_save: Callable[[Record], bool] = lambda record: False) -> None:
        self.jobs = jobs
        self.path = path
        self.enabled = enabled
        self.timeout = timeout  # how long a store waits for another program's lock
        #: (Asked in the lane.)  Whether the save holds a finished game, whole: where a game
        #: is when the disk refused to keep it beside the history too.
        self.in_save = in_save
        self.history: History | None = None
        self.problem: str | None = None  # why there is no history this time
        self.trouble = ""  # its kind (busy, full, read-only, unreadable)
        self._pending: Pending | None = None  # loaded in the lane, on first use
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

    def abandoned(self, game: Game, *, demo: bool, timeout: float | None = None) -> bool:
        """Store a game left before its end, if anything was played in it (``timeout``:
        wait this long for a lock, at quit less than usual)."""
        if game.over or len(game.record) == 0:
            return False
        # Not analysed: this runs at quit, and the player waits for it.
        return self._store(game, demo, None, analyse_game=False, timeout=timeout)

    def from_save(self, game: Game, ended: float,
                  on_done: Callable[[Stored | None], None] | None = None) -> bool:
        """The finished game the save holds at a start (the last run's last game): stored
        as finished, when the history has no such game (it ended on a full disk, and the
        file beside the history could not be written either).  Its start is unknown: the
        save's last write (``ended``) stands for it, with no time played."""
        if not self.enabled or not game.over:
            return False
        key = self.track(game, False)
        if key in self._done:
            return False
        self._done.add(key)
        data = game.record.to_dict()
        seed = game.record.start.seed
        fingerprint = fingerprint_of(seed) if seed is not None else ""

        def work() -> Stored | None:
            history = self._open(self.timeout)
            if history is None or history.has_finished(key, fingerprint):
                return None  # (no history now: the save still holds it next time)
            return self._write(data, ended, 0.0, False, False, "", True, self.timeout)

        self.jobs.submit(work, on_done, self._failed, name="store the saved game", lane=LANE)
        return True

    @property
    def only_in_memory(self) -> bool:
        """Whether games wait that the disk refused to keep beside the history (they are
        tried again at the next chance: the next game, quit)."""
        return self._pending is not None and bool(self._pending.games) \
            and not self._pending.saved

    def retry(self, on_done: Callable[[Delivery], None] | None = None, *,
              timeout: float | None = None) -> bool:
        """Store the games kept from before, if there are any (at start and at quit)."""
        if not self.enabled:
            return False
        wait = self.timeout if timeout is None else timeout
        self.jobs.submit(lambda: self.deliver(None, wait, only_if_kept=True), on_done,
                         self._failed, name="store kept games", lane=LANE)
        return True

    def _store(self, game: Game, demo: bool, on_done: Callable[[Stored], None] | None,
               *, analyse_game: bool, timeout: float | None = None) -> bool:
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
        wait = self.timeout if timeout is None else timeout

        def work() -> Stored:
            return self._write(data, started, seconds, demo, advised, challenge,
                               analyse_game, wait)

        self.jobs.submit(work, on_done, self._failed, name="store game", lane=LANE)
        return True

    def _failed(self, error: BaseException) -> None:
        # Not a problem of the history (those are kept and said): this game's entry.
        log.warning("a game could not be stored in the history: %s", error)
        self.problem = _("The game could not be stored in the history; the log file "
                         "says why.")

    # -- the worker side ------------------------------------------------------------------

    def _open(self, timeout: float) -> History | None:
        if self.history is None:
            opened = open_history(self.path, timeout=timeout)
            self.history, self.problem = opened.history, opened.problem
            self.trouble = opened.trouble.kind if opened.trouble is not None else ""
        return self.history

    def _write(self, data: dict[str, Any], started: float, seconds: float, demo: bool,
               advised: bool, challenge: str, analyse_game: bool, timeout: float) -> Stored:
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
        entry = dataclasses.replace(entry, token=uuid.uuid4().hex)
        code = result_for(record, analysis, challenge) if challenge and record.game and \
            record.game.over else None
        done = self.deliver(entry, timeout)
        if entry.token not in done.ids and not self._kept().saved and done.waiting:
            # Not kept beside the history either: say where the game is, and only that.
            done.waiting = unkept_words(done.trouble, self._history_file(),
                                        record.game is not None and record.game.over
                                        and self.in_save(record))
        return Stored(done.ids.get(entry.token), record, analysis, entry.status, done.problem,
                      code, earlier=len(done.ids) - (entry.token in done.ids))

    def _history_file(self) -> Path:
        return self.path if self.path is not None else history_path()

    def deliver(self, entry: GameEntry | None, timeout: float, *, only_if_kept: bool = False
                ) -> Delivery:
        """Keep ``entry`` (if any), then store every kept game, oldest first, and forget
        those stored (in the lane).  ``only_if_kept``: with nothing kept, do not even open
        the history (the start)."""
        kept = self._kept()
        notices = [kept.problem] if kept.problem else []
        kept.problem = None
        if entry is not None:
            kept.keep(entry)  # first: whatever happens next, the game is not lost
        done = Delivery()
        if kept.games or not only_if_kept:
            done = self._store_kept(kept, timeout)
        done.kept = len(kept.games)
        done.notices[:0] = notices
        return done

    def _kept(self) -> Pending:
        if self._pending is None:
            self._pending = Pending.load(pending_path(self._history_file()))
        return self._pending

    def _store_kept(self, kept: Pending, timeout: float) -> Delivery:
        done = Delivery()
        history = self._open(timeout)
        if history is None:
            done.waiting = self.problem
            done.trouble = self.trouble
            return done
        stored: set[str] = set()
        bad: list[tuple[GameEntry, str]] = []  # never storable: set aside, the rest stored
        try:
            history.set_timeout(timeout)
            for entry in list(kept.games):
                try:
                    done.ids[entry.token] = self._add(history, entry)
                except BadEntry as e:
                    log.warning("a kept game cannot be stored and is set aside: %s", e)
                    bad.append((entry, str(e)))
                    continue
                stored.add(entry.token)
        except (HistoryError, sqlite3.Error, OSError) as e:
            found = trouble(e)
            done.waiting = self._unavailable(found, history)
            done.trouble = found.kind if isinstance(found, Unavailable) else "unreadable"
        kept.forget(stored)
        if bad:
            done.notices.append(kept.set_aside([entry for entry, _why in bad], bad[0][1]))
        if history.problem:  # set aside at open or at the first error: said once
            done.notices.append(history.problem)
            history.problem = None
        return done

    @staticmethod
    def _add(history: History, entry: GameEntry) -> int:
        """Store one kept game: its id; BadEntry when it can never be stored (its values,
        or the history refuses it for good), HistoryError when it cannot be stored now.  A
        file found damaged here is set aside, a new one begun and the game stored in it."""
        try:
            return history.add(entry)
        except (sqlite3.IntegrityError, OverflowError) as e:  # this entry, not the history
            raise BadEntry(_("the history refuses one of its values")) from e
        except (sqlite3.Error, OSError) as e:
            found = trouble(e)
            if not isinstance(found, Damaged):
                raise found from e
        history.begin_again(found)  # (Unavailable when it cannot be moved)
        return history.add(entry)

    def _unavailable(self, error: HistoryError, history: History) -> str:
        """Log why the kept games wait, and say it in the player's words."""
        log.warning("the history cannot store games now (kept to store later): %s", error)
        kind = error.kind if isinstance(error, Unavailable) else "unreadable"
        if kind not in ("busy", "full"):  # open it again next time: things may change
            history.close()
            self.history = None
        return unavailable_words(kind, history.path)

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait until every game handed over is stored (quit)."""
        return self.jobs.wait_lane(LANE, timeout)

    def close(self) -> None:
        """Close the database once the lane is done (call after :meth:`flush`: a store
        still waiting for a lock keeps its connection, the process ends it)."""
        if self.history is not None and self.jobs.wait_lane(LANE, 0):
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
