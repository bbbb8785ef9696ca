"""The about box: version, licence, where the files live, and the games it honours."""

from __future__ import annotations

import tkinter as tk
from tkinter import ttk

from .. import __version__
from ..files.paths import paths
from ..i18n import N_, _
from ..view import access
from .base import HINT_STYLE, PAD, SMALL_PAD, Dialog, chars, derived_font

__all__ = ["AboutDialog", "PATH_LABELS"]

#: How each entry of ``paths().as_dict()`` is named in the box (translated where shown).
PATH_LABELS = {
    # Translators: the files of the About box; "&" marks the access key.
    "config": N_("&Preferences"),
    "savegame": N_("&Saved game"),
    "history": N_("&History"),
    "log": N_("&Log"),
    "cache": N_("Computer &tables"),
}


#: The paragraphs of the box, in our own words.
_ABOUT = (
    N_("The six-dice game also known as Farkle or Zilch: throw, set aside what scores, and "
       "decide when to stop before the dice turn to trash."),
    # Translators: the names of the old games and their makers stay as they are.
    N_("A tribute to two DOS games that kept many of us up at night: Tommy's Trash! "
       "(Tommy's Toys, 1989) and Ten-Thousand (Status Que Software, 1992). Their rules live "
       "on here as presets and options."),
    N_("Free software under the MIT licence: use it, copy it, change it and share it, as "
       "long as the copyright notice goes along. It comes with no warranty."),
)


class AboutDialog(Dialog[None]):
    """What this program is and where it keeps its files."""

    ok_text = N_("&Close")
    cancel_text = None

    def __init__(self, parent: tk.Misc, *, testing: bool = False) -> None:
        super().__init__(parent, _("About Ten-Thousand"), testing=testing)

    def body(self, frame: ttk.Frame) -> None:
        title = derived_font(self, scale=1.8, weight="bold")
        small = derived_font(self, scale=0.92)
        # Translators: the game's name as the title of the About box.
        ttk.Label(frame, text=_("Ten-Thousand"), font=title).grid(row=0, column=0,
                                                                  columnspan=2, sticky="w")
        ttk.Label(frame, text=_("Version {version}").format(version=__version__)).grid(
            row=1, column=0, columnspan=2, sticky="w")
        for row, text in enumerate(_ABOUT, start=2):
            ttk.Label(frame, wraplength=chars(self, 84), justify="left", text=_(text)).grid(
                row=row, column=0, columnspan=2, sticky="w", pady=(PAD, 0))

        files = ttk.Labelframe(frame, text=_("Where your files live"), padding=PAD)
        files.grid(row=5, column=0, columnspan=2, sticky="ew", pady=(PAD * 2, 0))
        files.columnconfigure(1, weight=1)
        self.path_entries: dict[str, ttk.Entry] = {}
        for i, (key, path) in enumerate(paths().as_dict().items()):
            # No Tk variable: one freed by the garbage collector in another thread upsets Tcl.
            entry = ttk.Entry(files, width=58)
            label = _(PATH_LABELS[key]) if key in PATH_LABELS else key.capitalize()
            access.label(files, label, entry).grid(row=i, column=0, sticky="w",
                                                   padx=(0, PAD), pady=2)
            entry.insert(0, path)
            entry.configure(state="readonly")
            entry.grid(row=i, column=1, sticky="ew", pady=2)
            self.path_entries[key] = entry
        ttk.Label(files, style=HINT_STYLE, font=small,
                  text=_("Select a path to copy it. TENTHOUSAND_HOME moves them all to "
                         "one folder.")).grid(row=len(self.path_entries), column=0, columnspan=2,
                                          sticky="w", pady=(SMALL_PAD, 0))
