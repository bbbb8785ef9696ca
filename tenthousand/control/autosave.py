"""The autosave of the window: saves written off the Tk thread, in the job runner's lane."""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import partial

from ..i18n import _
from ..model import Game
from ..model.record import Snapshot
from ..services.jobs import JobRunner

log = logging.getLogger(__name__)

SAVE_LANE = "autosave"
#: The preferences' lane: like the saves, never dropped by a new game.
PREFS_LANE = "preferences"
#: The lanes whose work still runs when the window closes (``JobRunner.close(finish=)``).
FINISH_LANES = (SAVE_LANE, PREFS_LANE)
#: How long the quit waits for the last save to be on disk (seconds).
QUIT_WAIT_S = 10.0


class Saver:
    """Writes saves in the job runner's autosave lane, newest first: the window never
    waits for the disk (an fsync can take tens of milliseconds).  Saves and the clearing of
    a finished game keep their order; a save superseded before it was written is skipped
    (``latest``); what a save says goes to ``tell`` in the Tk thread, once until it
    changes (a disk that stays full is said once, not at every move)."""

    def __init__(self, jobs: JobRunner, save: Callable[[Snapshot], str | None] | None,
                 clear: Callable[[], None] | None, tell: Callable[[str], None]) -> None:
        self.jobs = jobs
        self.save_function = save
        self.clear_function = clear
        self.tell = tell
        self._said: str | None = None  # what the saves say now (None: all is well)
        #: What the last save written said (None: it is on disk), read after :meth:`flush`
        #: by the quit box, which must not promise a save that failed.
        self.problem: str | None = None

    def submit(self, game: Game | None) -> None:
        """Save this game (None: clear the save, the game is over).

        Only a snapshot of its record is taken here, in constant time: the saver lane
        appends what is new since its last save, however long the game."""
        save, clear = self.save_function, self.clear_function
        if game is not None and save is not None:
            work: Callable[[], str | None] = partial(self._save, save, game.record.snapshot())
        elif game is None and clear is not None:
            work = clear  # says nothing: a cleared save needs no message
        else:
            return
        self.jobs.submit(work, self._said_now, self._failed, name="autosave",
                         lane=SAVE_LANE, latest=True)

    def _said_now(self, message: str | None) -> None:
        """(In the Tk thread.)  What a save said (None: all is well), told once until it
        changes."""
        if message != self._said:
            self._said = message
            if message:
                self.tell(message)

    def _save(self, save: Callable[[Snapshot], str | None], snapshot: Snapshot) -> str | None:
        """(In the saver lane.)"""
        self.problem = _("The game could not be saved.")  # until the save says otherwise
        self.problem = save(snapshot)
        return self.problem

    def _failed(self, error: BaseException) -> None:
        log.error("autosave failed", exc_info=error)
        self._said_now(_("The game could not be saved: {error}").format(error=error))

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait until every submitted save is on disk (at quit, and in tests)."""
        return self.jobs.wait_lane(SAVE_LANE, timeout)

    def finish(self) -> None:
        """At quit: wait for the last save (a disk slow to answer gets
        :data:`QUIT_WAIT_S`; the save still runs after that, in the lane the window's
        runner finishes when it closes)."""
        if not self.flush(QUIT_WAIT_S):
            log.warning("the last save was not on disk %s s after the quit", QUIT_WAIT_S)
