"""Under the new-game dialog's levels: what a Perfect seat does in the game set up, where
its table is not here (it solves the rules first, and how long; or why it plays as Expert).
The words are :func:`tenthousand.present.value_kind.perfect_note`'s."""

from __future__ import annotations

import os
from tkinter import font as tkfont
from tkinter import ttk

from ..files.settings import GameSettings
from ..present.value_kind import perfect_note
from .base import HINT_STYLE, chars

__all__ = ["PerfectNote"]


class PerfectNote(ttk.Label):
    """A hint label, shown only while it has something to say (its grid is kept)."""

    def __init__(self, parent: ttk.Frame | ttk.Labelframe, font: tkfont.Font) -> None:
        super().__init__(parent, style=HINT_STYLE, font=font, wraplength=chars(parent, 51),
                         justify="left")

    def show(self, settings: GameSettings | None) -> bool:
        """Say what Perfect does under these settings (None: they are not valid); whether
        the text changed (the dialog then grows or shrinks)."""
        text = ""
        if settings is not None and any(s.computer and s.level == "perfect"
                                         for s in settings.seats):
            text = perfect_note(settings.to_rules(), len(settings.seats), os.cpu_count())
        if text == self.cget("text"):
            return False
        self.configure(text=text)
        if text:
            self.grid()
        else:
            self.grid_remove()
        return True
