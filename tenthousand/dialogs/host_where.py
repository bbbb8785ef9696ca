"""Host a network game: where the friends join, on this network (an address and a code)
or over the internet (an invite code for each friend); a part of the host's new-game
dialog (:mod:`tenthousand.dialogs.newgame`)."""

from __future__ import annotations

import tkinter as tk
from tkinter import ttk

from ..i18n import _
from ..view import access

__all__ = ["HostWhere"]


class HostWhere(ttk.Frame):
    """The choice; :attr:`internet` is True for a table over the internet."""

    def __init__(self, parent: tk.Misc, internet: bool) -> None:
        super().__init__(parent)
        self.internet = tk.BooleanVar(self, internet)
        # Translators: the host's dialog: where the friends are; "&" marks the access key.
        ttk.Label(self, text=_("Friends join:")).grid(row=0, column=0, sticky="w")
        access.radio(self, _("on this network (an a&ddress and a code)"),
                     variable=self.internet, value=False).grid(row=1, column=0, sticky="w")
        access.radio(self, _("over the internet (an invite code for each &friend)"),
                     variable=self.internet, value=True).grid(row=2, column=0, sticky="w")
