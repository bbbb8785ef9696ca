"""The game as a record in the window: undo and redo, the review, the replay window, and
saving and opening records.  Mixed into :class:`~tenthousand.control.app.App`."""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable
from pathlib import Path
from tkinter import messagebox
from typing import TYPE_CHECKING

from ..i18n import _, number
from ..model import Game
from ..present.commands import handles
from ..services.jobs import JobRunner
from ..view.window import MainWindow
from .controller import Controller
from .history import HistoryControls

if TYPE_CHECKING:
    from ..dialogs.replay import ReplayWindow
    from ..dialogs.review import ReviewWindow
    from ..files.settings import Preferences
    from ..model.record import Record


class RecordCommands:
    """Undo, redo, the review, the replay and record files."""

    root: tk.Tk
    window: MainWindow
    controller: Controller
    prefs: Preferences  # (a property of OptionCommands)
    confirm: Callable[[str, str], bool]
    replays: list[ReplayWindow]
    jobs: JobRunner
    history: HistoryControls
    #: Shows an error in a box (title, one sentence); tests replace it.
    show_error: Callable[[str, str], None]
    _set_title: Callable[[], None]
    toggle_demo: Callable[[], None]

    @property
    def in_progress(self) -> bool:
        """GameCommands' answer, which comes first in the App's bases."""
        raise NotImplementedError

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
        assisted = self.controller.game.record.assisted
        if not self.controller.take_back(redo):
            return
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
        self.window.status.say(said)
        self._set_title()

    # -- the review ----------------------------------------------------------------------

    @handles("review")
    def show_review(self) -> ReviewWindow | None:
        """Game > Review: your costliest decisions of this game (or the one just over),
        each with a link to its step in the replay.

        The decisions come from the game's record, worked out in the review's worker, so
        those made before an undo that still stand are reviewed too."""
        record = self.controller.game.record
        if not record.has_human_decision():
            self.window.status.say(_("No decisions of yours to review yet in this game."))
            return None
        from ..dialogs.review import ReviewWindow
        from ..present.replaying import build

        return ReviewWindow(self.root, lambda: build(record).decisions(),
                            theme=self.prefs.theme,
                            on_show=lambda step: self.show_replay(step, record=record))

    # -- the replay ----------------------------------------------------------------------

    @handles("replay")
    def show_replay(self, step: int | None = None,
                    record: Record | None = None) -> ReplayWindow:
        """Game > Replay this game: the game so far, step by step, in a window of its own
        (``step``: the step to show first, the last by default)."""
        from ..dialogs.replay import ReplayWindow

        record = record if record is not None else self.controller.game.record
        window = ReplayWindow(self.root, record, theme=self.prefs.theme,
                              table_colour=self.prefs.table_colour, step=step,
                              on_play_on=self.play_on)
        self.replays = [w for w in self.replays if w.winfo_exists()] + [window]
        return window

    def play_on(self, game: Game, step: int) -> bool:
        """The replay's "Play on from here": ``game`` (assisted) in this window, after
        asking whether to end the game in progress."""
        self.controller.cancel_all()
        if self.in_progress and not self.confirm(
                _("Play on from here"), _("End the game in progress and play on from this "
                                          "step of the replay?")):
            self.controller.start()
            return False
        if self.controller.demo:
            self.toggle_demo()
        self.history.leaving()  # the game it replaces is stored as left
        self.controller.set_game(game)
        self._set_title()
        self.window.status.say(_("Playing on from step {step} of the replay. The game is "
                                 "marked as assisted in its record.").format(step=number(step)))
        self.root.focus_force()
        self.window.table.focus_set()
        return True

    def close_replays(self) -> None:
        for replay in self.replays:
            if replay.winfo_exists():
                replay.close()
        self.replays.clear()

    # -- record files --------------------------------------------------------------------

    @handles("save_record")
    def save_record(self) -> None:
        """Game > Save record as: the record (JSON) and beside it the game in plain words."""
        from tkinter import filedialog

        from ..files.savegame import transcript_path, write_record
        from ..present.replaying import record_file_name

        game = self.controller.game
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
            if words.exists() and not self.confirm(
                    _("Save record as"), _("{file} is there already: the game in words would "
                                           "replace it. Replace it?").format(file=words.name)):
                return  # the file dialog asked about the record only
            try:
                write_record(game.record, path)
            except OSError as e:
                # Translators: {reason} is the system's words for what went wrong.
                self.show_error(_("Record not saved"), _(
                    "The record could not be saved to {file}: {reason}.").format(
                        file=path.name, reason=e.strerror or e))
                return
            self.window.status.say(_("Saved the record as {file}, and the game in words as "
                                     "{words}.").format(file=path.name,
                                                        words=transcript_path(path).name))
        finally:
            self.controller.start()

    @handles("open_record")
    def open_record(self) -> None:
        """Game > Open record: replay a saved record (or a simulator's) in a window."""
        from tkinter import filedialog

        with self.window.box_open():
            name = filedialog.askopenfilename(
                parent=self.root, title=_("Open a game record"),
                filetypes=[(_("Game records"), "*.json"), (_("All files"), "*")])
        if not name:
            return
        self.open_replay(Path(name))

    def open_replay(self, path: Path) -> None:
        """The replay window for the record in ``path``, read and checked in a worker (a
        long record is played through to be checked); a bad file gets a box."""
        from ..files.savegame import read_record

        self.window.status.say(_("Reading {file}...").format(file=path.name))
        self.jobs.submit(lambda: read_record(path), self._record_read,
                         lambda error: self._record_not_read(path, error),
                         name="open record")

    def _record_read(self, record: Record) -> None:
        self.window.status.say("")
        self.show_replay(record=record)

    def _record_not_read(self, path: Path, error: BaseException) -> None:
        from ..model import BadSave

        if not isinstance(error, (BadSave, OSError)):
            raise error  # a bug: the window's error handler logs and shows it
        self.window.status.say("")
        self.show_error(_("Record not opened"), str(error))

    def _error_box(self, title: str, text: str) -> None:
        with self.window.box_open():
            messagebox.showerror(title, text, parent=self.root)
