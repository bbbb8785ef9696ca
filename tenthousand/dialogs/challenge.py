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
from ..i18n import _
from ..view import access
from ..view.scrolling import ScrollArea
from ..view.theme import ensure_style
from .base import chars, collect_when_closed, derived_font, fit_screen, place_window


class ChallengeWindow(tk.Toplevel):
    """``make``: a new challenge from the current rules (or a sentence why not);
    ``play``: start a game from a challenge and its code; ``mine``: the player's last
    result code, if any."""

    def __init__(self, parent: tk.Misc, *, make: Callable[[], Challenge | str],
                 play: Callable[[Challenge, str], object], mine: str | None = None) -> None:
        super().__init__(parent)
        ensure_style(self)
        self.withdraw()
        self.title(_("Challenge a friend"))
        self.transient(parent.winfo_toplevel())
        self.make, self.play = make, play
        # The window keeps its size while codes are typed, refused and compared (a long
        # message scrolls inside it), and scrolls on a screen too small for it.
        self.area = ScrollArea(self)
        self.area.pack(fill="both", expand=True)
        frame = ttk.Frame(self.area.inner, padding=(12, 12, 12, 0))
        frame.pack(fill="both", expand=True)
        bold = derived_font(self, weight="bold")
        wrap = chars(self, 72)
        ttk.Label(frame, text=_("Play the same dice as a friend on another computer: one of "
                                "you makes a code and sends it, both play it against the "
                                "same computer player, then you swap result codes to "
                                "compare."), wraplength=wrap,
                  justify="left").pack(anchor="w", pady=(0, 10))
        self._make_part(frame, bold)
        self._play_part(frame, bold)
        self._compare_part(frame, bold, mine)
        # Translators: the buttons and fields of Challenge a friend: each has an access
        # key (&), none twice in the window.
        bar = ttk.Frame(self, padding=(12, 10, 12, 12))
        bar.pack(fill="x", before=self.area, side="bottom")
        access.button(bar, _("&Close"), self.destroy).pack(side="right")
        self.bind("<Escape>", lambda _e: self.destroy())
        collect_when_closed(self)
        fit_screen(self, self.area, bar)
        place_window(self, parent)
        self.deiconify()

    def _make_part(self, frame: ttk.Frame, bold: object) -> None:
        ttk.Label(frame, text=_("Make a code"), font=bold).pack(anchor="w")  # type: ignore[arg-type]
        row = ttk.Frame(frame)
        row.pack(fill="x", pady=(2, 10))
        self.make_button = access.button(row, _("&Make a code for the current rules"),
                                         self._make)
        self.make_button.pack(side="left")
        self.made = tk.StringVar(self)
        narrow = self.winfo_screenwidth() < 1000  # an 800x600 screen, the longer words
        ttk.Entry(row, textvariable=self.made, width=24 if narrow else 40,
                  state="readonly").pack(
            side="left", padx=6)
        access.button(row, _("C&opy"), lambda: self._copy(self.made.get())).pack(side="left")
        self.made_words = ttk.Label(frame, text="", wraplength=chars(self, 72))
        self.made_words.pack(anchor="w")
        refusal = self.make()  # rules a code cannot carry: say so before the button is pressed
        if isinstance(refusal, str):
            self.make_button.state(["disabled"])
            self.made_words.configure(text=refusal)

    def _play_part(self, frame: ttk.Frame, bold: object) -> None:
        row = ttk.Frame(frame)
        self.code = tk.StringVar(self)
        self.code_entry = entry = ttk.Entry(row, textvariable=self.code, width=40)
        # The heading names the field: its access key goes to the code.
        access.label(frame, _("Play a co&de"), entry, font=bold).pack(anchor="w", pady=(8, 0))
        row.pack(fill="x", pady=(2, 2))
        entry.pack(side="left")
        entry.bind("<Return>", lambda _e: self._play())
        access.button(row, _("&Play it"), self._play).pack(side="left", padx=6)
        access.button(row, _("&Today's challenge"), self._daily).pack(side="left")
        self.play_error = ttk.Label(frame, text="", style="Error.TLabel",
                                    wraplength=chars(self, 72))
        self.play_error.pack(anchor="w")

    def _compare_part(self, frame: ttk.Frame, bold: object, mine: str | None) -> None:
        ttk.Label(frame, text=_("Compare results"), font=bold).pack(anchor="w", pady=(8, 0))  # type: ignore[arg-type]
        grid = ttk.Frame(frame)
        grid.pack(fill="x", pady=2)
        self.mine = tk.StringVar(self, mine or "")
        self.theirs = tk.StringVar(self)
        self.mine_entry = ttk.Entry(grid, textvariable=self.mine, width=52)
        access.label(grid, _("&Your result code:"), self.mine_entry).grid(row=0, column=0,
                                                                         sticky="w")
        self.mine_entry.grid(row=0, column=1, padx=6)
        self.theirs_entry = theirs = ttk.Entry(grid, textvariable=self.theirs, width=52)
        access.label(grid, _("Your &friend's:"), theirs).grid(row=1, column=0, sticky="w")
        theirs.grid(row=1, column=1, padx=6, pady=2)
        theirs.bind("<Return>", lambda _e: self._compare())
        access.button(grid, _("Comp&are"), self._compare).grid(row=1, column=2)
        self.table = ttk.Treeview(frame, columns=("what", "mine", "theirs"), show="headings",
                                  height=7)
        # Translators: the heads of the comparison's columns (before the names are known).
        for col, title in (("what", ""), ("mine", _("You")), ("theirs", _("Your friend"))):
            self.table.heading(col, text=title)
            self.table.column(col, width=chars(self, 22))
        self.compare_error = ttk.Label(frame, text="", style="Error.TLabel",
                                       wraplength=chars(self, 72))
        self.compare_error.pack(anchor="w")
        # Shown from the start (empty until Compare), so the window need not grow for it.
        self.table.pack(fill="x", pady=(6, 0), before=self.compare_error)

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
        # Translators: {challenge} is "Challenge: Farkle to 10,000 against the expert
        # computer"; "Play it" is the button of this window.
        self.made_words.configure(text=_("{challenge}. Send the code, then press Play "
                                         "it.").format(challenge=made.describe()))

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
            # Translators: {reason} is a sentence about what is wrong with the code.
            self.compare_error.configure(text=_("Your code: {reason}").format(reason=e))
            return
        try:
            rows = compare(mine, read_result(self.theirs.get()))
        except BadCode as e:
            self.compare_error.configure(text=_("Your friend's code: {reason}").format(
                reason=e))
            return
        self.compare_error.configure(text="")
        self.table.delete(*self.table.get_children())
        for row in rows:
            self.table.insert("", "end", values=row)
        self.table.heading("mine", text=rows[0][1])
        self.table.heading("theirs", text=rows[0][2])
