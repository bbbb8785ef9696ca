"""The boxes and dialogs the window asks through: yes or no, an error, a file, the new-game
dialog, the match table.  Tests replace each of them on the one :class:`Boxes` the App
owns (``app.boxes.confirm = lambda title, question: True``)."""

from __future__ import annotations

import gc
import tkinter as tk
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from tkinter import messagebox

from ..files.settings import GameSettings
from ..i18n import N_, _
from ..model import Game
from ..view import placing

IMPORT = N_("Import rules")
EXPORT = N_("Export rules")


def collect() -> None:
    """Collect closed windows' garbage now, in the Tk thread.

    A closed dialog's Tk variables sit in reference cycles; if the garbage collector
    happened to free them from a worker thread, Tk would refuse the call."""
    gc.collect()


class Boxes:
    """The questions of one main window; each box is over ``parent`` (the main window,
    or for a while the window that asked: see :meth:`over`)."""

    def __init__(self, root: tk.Tk,
                 box_open: Callable[[], AbstractContextManager[None]]) -> None:
        self.root = root
        placing.place_tk_boxes(root)  # Tk's own boxes over their window, all on the screen
        self.box_open = box_open  # the computer does not play while a box is open
        self.parent: tk.Misc = root
        #: Asks a yes/no question (title, question).
        self.confirm: Callable[[str, str], bool] = self._ask
        #: Shows an error in a box (title, one sentence).
        self.show_error: Callable[[str, str], None] = self._error_box
        #: Opens the new-game dialog and returns the settings or None.
        self.ask_settings: Callable[[GameSettings], GameSettings | None] = self._new_game
        #: Opens the new-game dialog of a hosted table (friends' seats too).
        self.ask_network_settings: Callable[[GameSettings], GameSettings | None] = \
            lambda settings: self._new_game(settings, network=True)
        #: Shows the match table; returns "next", "new" or None.
        self.ask_match: Callable[[Game], str | None] = self._match
        #: A file to read a rule set from, or (a name given) to write one to.
        self.ask_rule_file: Callable[[str | None], str | None] = self._rule_file

    @contextmanager
    def over(self, window: tk.Misc) -> Iterator[None]:
        """The boxes asked meanwhile open over ``window`` (a replay window asking), not
        behind it over the main window."""
        old, self.parent = self.parent, window
        try:
            yield
        finally:
            self.parent = old

    def inform(self, title: str, text: str) -> None:
        """A message box over the window; no computer move is made while it is open."""
        with self.box_open():
            messagebox.showinfo(title, text, parent=self.parent)

    def _ask(self, title: str, question: str) -> bool:
        with self.box_open():
            return bool(messagebox.askyesno(title, question, parent=self.parent))

    def _error_box(self, title: str, text: str) -> None:
        with self.box_open():
            messagebox.showerror(title, text, parent=self.parent)

    def _new_game(self, settings: GameSettings, network: bool = False) -> GameSettings | None:
        from ..dialogs.newgame import NewGameDialog

        result = NewGameDialog(self.root, settings, network=network).result
        collect()
        return result

    def _match(self, game: Game) -> str | None:
        from ..dialogs.match import MatchDialog

        choice = MatchDialog(self.root, game).result
        collect()
        return choice

    def _rule_file(self, save_as: str | None = None) -> str | None:
        from tkinter import filedialog

        kinds = [(_("Rule sets"), "*.toml"), (_("All files"), "*")]
        with self.box_open():
            if save_as is None:
                path = filedialog.askopenfilename(parent=self.root, title=_(IMPORT),
                                                  filetypes=kinds)
            else:
                path = filedialog.asksaveasfilename(parent=self.root, title=_(EXPORT),
                                                    initialfile=save_as, filetypes=kinds,
                                                    defaultextension=".toml")
        return str(path) if path else None
