"""Game > Challenge a friend: make a code, play a code (or today's challenge), and compare
result codes side by side.  Not modal: a friend's code can be pasted in at any time."""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable
from tkinter import ttk

from ..history.codes import (
    BadCode,
    Challenge,
    compare,
    daily_challenge,
    read_challenge,
    read_result,
)
from ..view.theme import ensure_style
from .base import chars, collect_when_closed, derived_font, place_window


class ChallengeWindow(tk.Toplevel):
    """``make``: a new challenge from the current rules (or a sentence why not);
    ``play``: start a game from a challenge and its code; ``mine``: the player's last
    result code, if any."""

    def __init__(self, parent: tk.Misc, *, make: Callable[[], Challenge | str],
                 play: Callable[[Challenge, str], object], mine: str | None = None) -> None:
        super().__init__(parent)
        ensure_style(self)
        self.withdraw()
        self.title("Challenge a friend")
        self.transient(parent.winfo_toplevel())
        self.make, self.play = make, play
        frame = ttk.Frame(self, padding=12)
        frame.pack(fill="both", expand=True)
        bold = derived_font(self, weight="bold")
        wrap = chars(self, 72)
        ttk.Label(frame, text="Play the same dice as a friend on another computer: one of "
                  "you makes a code and sends it, both play it against the same computer "
                  "player, then you swap result codes to compare.", wraplength=wrap,
                  justify="left").pack(anchor="w", pady=(0, 10))
        self._make_part(frame, bold)
        self._play_part(frame, bold)
        self._compare_part(frame, bold, mine)
        ttk.Button(frame, text="Close", command=self.destroy).pack(side="bottom",
                                                                   anchor="e", pady=(10, 0))
        self.bind("<Escape>", lambda _e: self.destroy())
        collect_when_closed(self)
        place_window(self, parent)
        self.deiconify()

    def _make_part(self, frame: ttk.Frame, bold: object) -> None:
        ttk.Label(frame, text="Make a code", font=bold).pack(anchor="w")  # type: ignore[arg-type]
        row = ttk.Frame(frame)
        row.pack(fill="x", pady=(2, 10))
        ttk.Button(row, text="Make a code for the current rules",
                   command=self._make).pack(side="left")
        self.made = tk.StringVar(self)
        ttk.Entry(row, textvariable=self.made, width=40, state="readonly").pack(
            side="left", padx=6)
        ttk.Button(row, text="Copy", command=lambda: self._copy(self.made.get())).pack(
            side="left")
        self.made_words = ttk.Label(frame, text="")
        self.made_words.pack(anchor="w")

    def _play_part(self, frame: ttk.Frame, bold: object) -> None:
        ttk.Label(frame, text="Play a code", font=bold).pack(anchor="w", pady=(8, 0))  # type: ignore[arg-type]
        row = ttk.Frame(frame)
        row.pack(fill="x", pady=(2, 2))
        self.code = tk.StringVar(self)
        entry = ttk.Entry(row, textvariable=self.code, width=40)
        entry.pack(side="left")
        entry.bind("<Return>", lambda _e: self._play())
        ttk.Button(row, text="Play it", command=self._play).pack(side="left", padx=6)
        ttk.Button(row, text="Today's challenge", command=self._daily).pack(side="left")
        self.play_error = ttk.Label(frame, text="", style="Error.TLabel",
                                    wraplength=chars(self, 72))
        self.play_error.pack(anchor="w")

    def _compare_part(self, frame: ttk.Frame, bold: object, mine: str | None) -> None:
        ttk.Label(frame, text="Compare results", font=bold).pack(anchor="w", pady=(8, 0))  # type: ignore[arg-type]
        grid = ttk.Frame(frame)
        grid.pack(fill="x", pady=2)
        self.mine = tk.StringVar(self, mine or "")
        self.theirs = tk.StringVar(self)
        ttk.Label(grid, text="Your result code:").grid(row=0, column=0, sticky="w")
        ttk.Entry(grid, textvariable=self.mine, width=52).grid(row=0, column=1, padx=6)
        ttk.Label(grid, text="Your friend's:").grid(row=1, column=0, sticky="w")
        theirs = ttk.Entry(grid, textvariable=self.theirs, width=52)
        theirs.grid(row=1, column=1, padx=6, pady=2)
        theirs.bind("<Return>", lambda _e: self._compare())
        ttk.Button(grid, text="Compare", command=self._compare).grid(row=1, column=2)
        self.table = ttk.Treeview(frame, columns=("what", "mine", "theirs"), show="headings",
                                  height=7)
        for col, title in (("what", ""), ("mine", "You"), ("theirs", "Your friend")):
            self.table.heading(col, text=title)
            self.table.column(col, width=chars(self, 22))
        self.compare_error = ttk.Label(frame, text="", style="Error.TLabel",
                                       wraplength=chars(self, 72))
        self.compare_error.pack(anchor="w")

    # -- actions ---------------------------------------------------------------------------

    def _copy(self, text: str) -> None:
        if text:
            self.clipboard_clear()
            self.clipboard_append(text)

    def _make(self) -> None:
        made = self.make()
        if isinstance(made, str):
            self.made.set("")
            self.made_words.configure(text=made)
            return
        self.made.set(made.code)
        self.code.set(made.code)
        self.made_words.configure(text=made.describe() + ". Send the code, then press "
                                  "Play it.")

    def _play(self) -> None:
        text = self.code.get().strip()
        try:
            challenge = read_challenge(text)
        except BadCode as e:
            self.play_error.configure(text=str(e))
            return
        self.play_error.configure(text="")
        self.play(challenge, challenge.code)
        self.destroy()

    def _daily(self) -> None:
        self.code.set(daily_challenge().code)
        self._play()

    def _compare(self) -> None:
        try:
            mine = read_result(self.mine.get())
        except BadCode as e:
            self.compare_error.configure(text=f"Your code: {e}")
            return
        try:
            rows = compare(mine, read_result(self.theirs.get()))
        except BadCode as e:
            self.compare_error.configure(text=f"Your friend's code: {e}")
            return
        self.compare_error.configure(text="")
        self.table.delete(*self.table.get_children())
        for row in rows:
            self.table.insert("", "end", values=row)
        self.table.heading("mine", text=rows[0][1])
        self.table.heading("theirs", text=rows[0][2])
        if not self.table.winfo_ismapped():
            self.table.pack(fill="x", pady=(6, 0), before=self.compare_error)
