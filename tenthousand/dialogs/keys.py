"""The keys box: every key of the game in one table, from the table of commands."""

from __future__ import annotations

import tkinter as tk
from tkinter import ttk

from ..commands import KEY_GROUPS, in_group
from .base import PAD, SMALL_PAD, Dialog, chars, derived_font

__all__ = ["KeysDialog"]

class KeysDialog(Dialog[None]):
    """A table of every key."""

    ok_text = "Close"
    cancel_text = None

    def __init__(self, parent: tk.Misc, *, testing: bool = False) -> None:
        super().__init__(parent, "Keys", testing=testing)

    def body(self, frame: ttk.Frame) -> None:
        heading = derived_font(self, scale=1.1, weight="bold")
        key_font = derived_font(self, weight="bold")
        self.rows: list[tuple[str, str]] = []
        # Two columns of groups (playing and the game; options and help): one tall column
        # would not fit a small screen.
        rows = [0, 0]
        for number, group in enumerate(KEY_GROUPS):
            side = 0 if number < len(KEY_GROUPS) // 2 else 1
            column, row = side * 2, rows[side]
            lines = [line for command in in_group(group) for line in command.lines()]
            ttk.Label(frame, text=group, font=heading).grid(
                row=row, column=column, columnspan=2, sticky="w",
                padx=(PAD * 3 * side, 0), pady=(PAD if row else 0, SMALL_PAD))
            row += 1
            shown = ""  # the keys of the line above, for a note that repeats them
            for key, action in lines:
                # (No padding between the lines: one line a command fits a small screen.)
                ttk.Label(frame, text=key, font=key_font).grid(
                    row=row, column=column, sticky="w", padx=(PAD * (2 + 3 * side), PAD * 2))
                ttk.Label(frame, text=action, wraplength=chars(self, 48),
                          justify="left").grid(row=row, column=column + 1, sticky="w")
                shown = key or shown
                self.rows.append((shown, action))
                row += 1
            rows[side] = row
        row = max(rows)
        ttk.Label(frame, text="The mouse works too: click a die to pick it, then use the "
                              "buttons under the table.").grid(
            row=row, column=0, columnspan=4, sticky="w", pady=(PAD * 2, 0))
