"""The chat line of a network game, under the game log: a short entry; Return sends what
was typed (the net layer limits how often), Esc gives the keys back to the table.

The entry takes its keys for itself: the window's playing keys (Space, B, the numbers) are
bound on the window, and a letter typed here must not also throw or bank, so the entry's
bindings leave the window's out."""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable
from tkinter import ttk

from ..i18n import _
from . import access
from .theme import Palette

__all__ = ["CHAT_CHARACTERS", "ChatLine"]

#: The longest chat line (the net layer refuses longer ones too).
CHAT_CHARACTERS = 200


class ChatLine(tk.Frame):
    """See the module's docstring; ``on_send(text)`` gets each line; ``table`` is where
    Esc and a sent line put the focus back."""

    def __init__(self, parent: tk.Misc, pal: Palette, *, on_send: Callable[[str], None],
                 table: tk.Misc) -> None:
        super().__init__(parent, background=pal.panel)
        self.on_send, self.table = on_send, table
        self.text = tk.StringVar(self, "")
        self.entry = ttk.Entry(self, textvariable=self.text)
        # Translators: the chat line's label in a network game; "&" marks the access key.
        self.label = access.label(self, _("Sa&y:"), self.entry, background=pal.panel,
                                  foreground=pal.panel_text)
        self.label.pack(side="left", padx=(4, 4))
        self.entry.pack(side="left", fill="x", expand=True, padx=(0, 4), pady=2)
        top = str(self.entry.winfo_toplevel())
        self.entry.bindtags(tuple(t for t in self.entry.bindtags() if t != top))
        self.entry.bind("<Return>", self._send)
        self.entry.bind("<KP_Enter>", self._send)
        self.entry.bind("<Escape>", lambda _e: self._back())
        self.text.trace_add("write", self._limit)

    def _limit(self, *args: object) -> None:
        value = self.text.get()
        if len(value) > CHAT_CHARACTERS:
            self.text.set(value[:CHAT_CHARACTERS])

    def _send(self, event: object = None) -> str:
        text = self.text.get().strip()
        if text:
            self.on_send(text)
        self.text.set("")
        return "break"

    def _back(self) -> str:
        self.table.focus_set()
        return "break"

    def set_palette(self, pal: Palette) -> None:
        self.configure(background=pal.panel)
        self.label.configure(background=pal.panel, foreground=pal.panel_text)
