"""The new-game dialog's part for real dice: played with real dice or not, the name of
the set of dice, and who sees the coach."""

from __future__ import annotations

import tkinter as tk
from tkinter import ttk
from typing import TYPE_CHECKING, Any

from ..i18n import N_, _
from ..present.dice_entry import COACH_MODES
from ..view import access
from .base import HINT_STYLE, Dialog, chars

if TYPE_CHECKING:
    from ..files.settings import GameSettings

__all__ = ["COACH_LABELS", "RealDiceFrame"]

PAD = 8

#: The coach's choices as the dialog lists them.
COACH_LABELS = {
    "everyone": N_("everyone"),
    "nobody": N_("nobody"),
    "after": N_("each player, after a decision"),
}


class RealDiceFrame(ttk.Labelframe):
    """Real dice on or off, the set's name and the coach; :meth:`values` reads them."""

    def __init__(self, parent: tk.Misc, dialog: Dialog[Any], settings: GameSettings, *,
                 network: bool = False) -> None:
        super().__init__(parent, text=_("Real dice"), padding=PAD)
        self.kept = settings.dice_set  # the set's name, as it was while real dice are off
        # (a hosted table: every screen checks the program's dice, so real dice stay off)
        self.on = tk.BooleanVar(self, value=settings.real_dice and not network)
        self.name = tk.StringVar(self, value=settings.dice_set or _("My dice"))
        labels = [_(COACH_LABELS[m]) for m in COACH_MODES]
        mode = settings.coach if settings.coach in COACH_MODES else "everyone"
        self.coach = tk.StringVar(self, value=_(COACH_LABELS[mode]))
        # Translators: the access keys here (k, w) are free in the whole new-game dialog in
        # English, German and French; the set's name is reached with Tab.
        check = access.check(self, _("Play with real dice at the &kitchen table: you throw, "
                                     "then enter each throw"), variable=self.on,
                             command=self._enable)
        check.grid(row=0, column=0, columnspan=3, sticky="w")
        self.entry = ttk.Entry(self, textvariable=self.name, width=24)
        ttk.Label(self, text=_("Dice set")).grid(row=1, column=0, sticky="w")
        self.entry.grid(row=1, column=1, sticky="w", padx=4, pady=2)
        dialog.error_label(self, "dice_set", wraplength=chars(self, 20)).grid(
            row=1, column=2, sticky="w")
        self.combo = ttk.Combobox(self, textvariable=self.coach, values=labels,
                                  state="readonly", width=max(len(t) for t in labels) + 2)
        access.label(self, _("Coach sho&wn to"), self.combo).grid(row=2, column=0, sticky="w")
        self.combo.grid(row=2, column=1, columnspan=2, sticky="w", padx=4, pady=2)
        for var in (self.on, self.name, self.coach):
            var.trace_add("write", dialog.refresh)
        self._enable()
        if network:  # in place of the choices, why there are none
            for child in self.grid_slaves():
                child.grid_remove()
            self.configure(text="")
            ttk.Label(self, style=HINT_STYLE, wraplength=chars(self, 48), justify="left",
                      text=_("A network game is thrown with the program's dice, which every "
                             "screen checks at the end; real dice are for one table.")).grid(
                row=0, column=0, sticky="w")

    def _enable(self) -> None:
        state = "normal" if self.on.get() else "disabled"
        self.entry.configure(state=state)
        self.combo.configure(state="readonly" if self.on.get() else "disabled")

    def values(self) -> dict[str, Any]:
        """The fields of :class:`GameSettings` this part chooses."""
        label = self.coach.get()
        coach = next((m for m in COACH_MODES if _(COACH_LABELS[m]) == label), "everyone")
        on = self.on.get()
        return {"real_dice": on, "dice_set": self.name.get().strip() if on else self.kept,
                "coach": coach}
