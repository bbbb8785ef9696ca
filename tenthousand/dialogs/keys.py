"""The keys box: every key of the game in one table."""

from __future__ import annotations

import tkinter as tk
from tkinter import ttk

from .base import PAD, SMALL_PAD, Dialog, derived_font

__all__ = ["KeysDialog", "KEYS"]

#: The keys of the game, grouped: (group, [(keys, what they do)]).
KEYS: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = (
    ("Playing", (
        ("1 - 6", "pick a die, or put it back (the dice count from the left)"),
        ("", "in Mutant Trash, after banking: the die to give away"),
        ("1 - 9", "when a challenge is offered: the player to challenge, as listed"),
        ("Space or R", "freeze the picked dice and throw the others"),
        ("B or Enter", "freeze the picked dice and bank the turn score"),
        ("H", "show or hide the advisor: what each choice of the throw is worth"),
        ("Ctrl+Z", "undo: take back your last move (and the computer's moves since)"),
        ("Ctrl+Y or Ctrl+Shift+Z", "redo: give back the move you took back"),
    )),
    ("Replay window", (
        ("Left / Right", "one step back or forward"),
        ("Page Up / Page Down", "the start of this turn, or of the next one"),
        ("Home / End", "the start or the end of the game"),
    )),
    ("The game", (
        ("Ctrl+N", "start a new game (choose seats and rules)"),
        ("Esc", "end this game early (after asking) and choose a new one"),
        ("", "while the tour's note is on the table: close the tour"),
        ("F8", "the next game of this match: the same seats and rules"),
        ("F6", "the match table: every game of the match so far"),
        ("F2", "demo: the computer plays every seat; F2 again hands them back"),
        ("F7 or Ctrl+Q", "quit (asks first while a game is on)"),
    )),
    ("Options", (
        ("F1", "dice sound on or off"),
        ("Left / Right", "lower or raise the pitch of the dice sound"),
        ("+ / -", "make the dice sound louder or quieter (0 is silent)"),
        ("Up / Down", "make the computer play faster or slower"),
        ("F10", "next table colour"),
    )),
    ("Help", (
        ("F5", "the rules of the game in play"),
    )),
)


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
        row = 0
        for group, keys in KEYS:
            ttk.Label(frame, text=group, font=heading).grid(
                row=row, column=0, columnspan=2, sticky="w",
                pady=(PAD if row else 0, SMALL_PAD))
            row += 1
            for key, action in keys:
                ttk.Label(frame, text=key, font=key_font).grid(
                    row=row, column=0, sticky="w", padx=(PAD * 2, PAD * 2), pady=1)
                ttk.Label(frame, text=action).grid(row=row, column=1, sticky="w", pady=1)
                self.rows.append((key, action))
                row += 1
        ttk.Label(frame, text="The mouse works too: click a die to pick it, then use the "
                              "buttons under the table.").grid(
            row=row, column=0, columnspan=2, sticky="w", pady=(PAD * 2, 0))
