"""The game as a record in the window: undo and redo, the review, the replay window, and
saving and opening records."""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from ..files.settings import LivePreferences
from ..i18n import _, ngettext, number
from ..model import Game
from ..present.commands import handles
from ..services.jobs import JobRunner
from ..view.window import MainWindow
from .boxes import Boxes
from .controller import Controller
from .messages import Kind, Messages
from .session import Change, Origin, Session

if TYPE_CHECKING:
    from ..dialogs.replay import ReplayWindow
    from ..dialogs.review import ReviewWindow
    from ..model.record import Record
    from ..present.replaying import Replay


class RecordCommands:
    """Undo, redo, the review, the replay and record files."""

    def __init__(self, root: tk.Tk, session: Session, controller: Controller,
                 window: MainWindow, prefs: LivePreferences, boxes: Boxes,
                 messages: Messages, jobs: JobRunner, *,
                 retitle: Callable[[], None]) -> None:
        self.root = root
        self.session = session
        self.controller = controller
        self.window = window
        self.prefs = prefs
        self.boxes = boxes
        self.messages = messages
        self.jobs = jobs
        self.retitle = retitle  # the title says when the game becomes assisted
        self.replays: list[ReplayWindow] = []  # the replay windows open now
        self.reviews: list[ReviewWindow] = []  # the review windows open now

    # -- undo and redo -------------------------------------------------------------------

    @handles("undo")
    def undo(self) -> None:
        """Ctrl+Z, Game > Undo: take back your last move and the computer's moves since."""
        self._take_back(redo=False)

    @handles("redo")
    def redo(self) -> None:
        """Ctrl+Y, Ctrl+Shift+Z, Game > Redo: give back what undo took."""
        self._take_back(redo=True)

    def _take_back(self, redo: bool) -> None:
        assisted = self.session.table.record.assisted
        if not self.controller.take_back(redo):
            return  # (else the session holds the same game at another position)
        # Translators: the status bar after Ctrl+Y; Ctrl+Z is a key name.
        said = (_("Redone. Ctrl+Z takes it back again.") if redo
                # Translators: the status bar after Ctrl+Z; Ctrl+Y is a key name.
                else _("Undone: the dice stay as they fell, so the same choice throws the "
                       "same dice. Ctrl+Y gives the move back."))
        if not assisted:  # said once: the game's record now says it was assisted
            note = _("Undo was used, so this game is marked as assisted in its record.")
            self.window.log.add(note, "info")
            # Translators: two sentences one after the other in the status bar.
            said = _("{first} {second}").format(first=said, second=note)
        self.messages.tell(said)
        self.retitle()

    # -- the review ----------------------------------------------------------------------

    @handles("review")
    def show_review(self) -> ReviewWindow | None:
        """Game > Review: your costliest decisions of this game (or the one just over),
        each with a link to its step in the replay.

        The decisions come from the game's record, worked out in the review's worker, so
        those made before an undo that still stand are reviewed too."""
        record = self.session.table.record
        if not record.has_human_decision():
            self.messages.tell(_("No decisions of yours to review yet in this game."),
                               Kind.REFUSAL)
            return None
        from ..dialogs.review import ReviewWindow
        from ..present.replaying import build

        window = ReviewWindow(self.root, lambda: build(record).decisions(),
                              theme=self.prefs.value.theme,
                              on_show=lambda step: self.show_replay(step, record=record))
        self.reviews = [w for w in self.reviews if w.winfo_exists()] + [window]
        return window

    def follow_session(self, change: Change) -> None:
        """A new game on the table: the reviews of the game it replaces close (each reviews
        the game that was on the table when it opened)."""
        if not change.new_game:
            return
        for window in self.reviews:
            if window.winfo_exists():
                window.close()
        self.reviews = []

    # -- the replay ----------------------------------------------------------------------

    @handles("replay")
    def show_replay(self, step: int | None = None, record: Record | None = None,
                    replay: Replay | None = None) -> ReplayWindow:
        """Game > Replay this game: the game so far, step by step, in a window of its own
        (``step``: the step to show first, the last by default; ``replay``: the record's,
        built already)."""
        from ..dialogs.replay import ReplayWindow

        record = record if record is not None else self.session.table.record
        prefs = self.prefs.value
        asking: list[ReplayWindow] = []  # the window, once it is made
        window = ReplayWindow(self.root, record, theme=prefs.theme,
                              table_colour=prefs.table_colour, step=step, replay=replay,
                              on_play_on=lambda game, at: self.play_on(game, at, asking[0]))
        asking.append(window)
        self.replays = [w for w in self.replays if w.winfo_exists()] + [window]
        return window

    def play_on(self, game: Game, step: int, replay: tk.Misc | None = None) -> bool:
        """The replay's "Play on from here": ``game`` (assisted) in this window, after
        asking (in a box over the replay window) whether to end the game in progress.
        The main window then comes to the front, above the replay."""
        self.controller.cancel_all()
        question = self._play_on_question(game)
        with self.boxes.over(replay if replay is not None else self.root):
            if question and not self.boxes.confirm(_("Play on from here"), question):
                self.controller.start()
                return False
        self.session.put(game, Origin.PLAY_ON, step=step)
        if replay is not None and replay.winfo_exists():
            replay.lower()  # below the main window: the new game is in front
        self.root.lift()
        self.root.focus_force()
        self.window.table.focus_set()
        return True

    def _play_on_question(self, game: Game) -> str:
        """What playing on with ``game`` would throw away, as a question ("" for nothing):
        the game in progress, and the match on the table when ``game`` does not carry it
        on (a replay of another game, or of a game the match has counted already)."""
        table = self.session.table
        ends_match = table.games_played > 0 and game.match_games != table.match_games
        played = number(table.games_played)
        if ends_match and self.session.in_progress:
            return ngettext(
                "End the game in progress and the match so far ({n} game), and play on "
                "from this step of the replay?",
                "End the game in progress and the match so far ({n} games), and play on "
                "from this step of the replay?", table.games_played).format(n=played)
        if ends_match:
            return ngettext(
                "Playing on from here starts a new match: the match so far ({n} game) "
                "ends. Play on from this step of the replay?",
                "Playing on from here starts a new match: the match so far ({n} games) "
                "ends. Play on from this step of the replay?", table.games_played).format(
                    n=played)
        if self.session.in_progress:
            return _("End the game in progress and play on from this step of the replay?")
        return ""

    def close_replays(self) -> None:
        for replay in self.replays:
            if replay.winfo_exists():
                replay.close()
        self.replays.clear()

    # -- record files --------------------------------------------------------------------

    @handles("save_record")
    def save_record(self) -> None:
        """File > Save record as: the record (JSON) and beside it the game in plain words."""
        from tkinter import filedialog

        from ..files.records import transcript_path, write_record
        from ..present.replaying import record_file_name

        game = self.session.table
        self.controller.cancel_all()  # the computer waits while the file dialog is open
        try:
            with self.window.box_open():
                name = filedialog.asksaveasfilename(
                    parent=self.root, title=_("Save the record of this game"),
                    initialfile=record_file_name(game), defaultextension=".json",
                    filetypes=[(_("Game records"), "*.json"), (_("All files"), "*")])
            if not name:
                return
            path = Path(name)
            words = transcript_path(path)
            if words.exists() and not self.boxes.confirm(
                    _("Save record as"), _("{file} is there already: the game in words would "
                                           "replace it. Replace it?").format(file=words.name)):
                return  # the file dialog asked about the record only
            try:
                write_record(game.record, path)
            except OSError as e:
                # Translators: {reason} is the system's words for what went wrong.
                self.boxes.show_error(_("Record not saved"), _(
                    "The record could not be saved to {file}: {reason}.").format(
                        file=path.name, reason=e.strerror or e))
                return
            self.messages.tell(_("Saved the record as {file}, and the game in words as "
                                 "{words}.").format(file=path.name,
                                                    words=transcript_path(path).name))
        finally:
            self.controller.start()

    @handles("open_record")
    def open_record(self) -> None:
        """File > Open record: replay a saved record (or a simulator's) in a window."""
        from tkinter import filedialog

        with self.window.box_open():
            name = filedialog.askopenfilename(
                parent=self.root, title=_("Open a game record"),
                filetypes=[(_("Game records"), "*.json"), (_("All files"), "*")])
        if not name:
            return
        self.open_replay(Path(name))

    def open_replay(self, path: Path) -> None:
        """The replay window for the record in ``path``, read, checked and played through
        in a worker (twice for a long record: to check it, then to build its replay); after
        half a second a box shows how far it has come, with Cancel.  A bad file gets a box."""
        from ..dialogs.progress import ProgressBox
        from ..files.records import read_record
        from ..present.replaying import Progress, build

        progress = Progress()
        reading = _("Reading {file}...").format(file=path.name)
        self.messages.tell(reading)

        def work() -> tuple[Record, Replay]:
            record = read_record(path)
            return record, build(record, progress)

        def read(found: tuple[Record, Replay]) -> None:
            box.close()
            self._record_read(*found)

        def not_read(error: BaseException) -> None:
            box.close()
            self._record_not_read(path, error)

        job = self.jobs.submit(work, read, not_read, name="open record")

        def cancel() -> None:
            progress.cancel()  # the worker stops at its next report
            self.jobs.cancel(job)
            self.messages.tell(_("The record was not opened: you cancelled it."))

        # Translators: the title of the box that shows a long record being opened.
        box = ProgressBox(self.root, _("Open record"), reading, lambda: progress.share,
                          cancel)

    def _record_read(self, record: Record, replay: Replay) -> None:
        self.messages.clear()
        self.show_replay(record=record, replay=replay)

    def _record_not_read(self, path: Path, error: BaseException) -> None:
        from ..model import BadSave

        if not isinstance(error, (BadSave, OSError)):
            raise error  # a bug: the window's error handler logs and shows it
        self.messages.clear()
        self.boxes.show_error(_("Record not opened"), str(error))
