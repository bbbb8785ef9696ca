"""The scoreboard: one entry per seat (up to nine) and a line for the end-game stages.

Each seat takes two lines: the name and board score, then in smaller type who plays it,
whether it is on the board, the challenges left and the match points.  Two lines keep nine
seats readable in a narrow side panel.
"""

from __future__ import annotations

import tkinter as tk
import tkinter.font as tkfont

from ..i18n import _, number
from ..present.presenter import SeatRow
from .theme import Palette

__all__ = ["Scoreboard", "SeatRow"]


class _Entry:
    """The widgets of one seat."""

    def __init__(self, board: Scoreboard) -> None:
        self.frame = tk.Frame(board.rows_frame, padx=4, pady=1)
        self.marker = tk.Label(self.frame, width=2, anchor="w", font=board.bold)
        self.name = tk.Label(self.frame, anchor="w", font=board.bold)
        self.score = tk.Label(self.frame, anchor="e", font=board.bold)
        self.details = tk.Label(self.frame, anchor="w", font=board.small, justify="left")
        self.font = board.small
        self.marker.grid(row=0, column=0, sticky="w")
        self.name.grid(row=0, column=1, sticky="ew")
        self.score.grid(row=0, column=2, sticky="e")
        self.details.grid(row=1, column=1, columnspan=2, sticky="ew")
        self.frame.columnconfigure(1, weight=1)
        self.frame.pack(fill="x")
        self.widgets = (self.frame, self.marker, self.name, self.score, self.details)
        self.shown: tuple[SeatRow, Palette, int] | None = None

    def show(self, row: SeatRow, pal: Palette, wrap: int) -> None:
        if (row, pal, wrap) == self.shown:
            return  # every configure costs a redraw: none for what has not changed
        self.shown = (row, pal, wrap)
        bg = pal.highlight if row.to_play else pal.panel
        fg = pal.highlight_text if row.to_play else pal.panel_text
        muted = pal.highlight_text if row.to_play else pal.panel_muted
        for widget in self.widgets:
            widget.configure(background=bg)
        self.marker.configure(text="\u25b6" if row.to_play else ("\u2605" if row.winner else ""),
                              foreground=fg)
        self.name.configure(text=row.name, foreground=fg)
        self.score.configure(text=number(row.board), foreground=fg)
        # A line that wraps breaks between its pieces, never inside one ("8 match\npoints");
        # a piece longer than the line breaks between its words (Tk would cut it inside
        # one: "jusqu'au calcul\n)", French at 2x).
        text = " \u00b7 ".join(part if self.font.measure(part) > wrap
                                else part.replace(" ", "\u00a0") for part in row.parts())
        self.details.configure(text=text, foreground=muted, wraplength=wrap)

    def destroy(self) -> None:
        self.frame.destroy()


class Scoreboard(tk.Frame):
    """The seats, the seat to play highlighted, and the end-game stage announced."""

    def __init__(self, master: tk.Misc, pal: Palette) -> None:
        super().__init__(master, background=pal.panel, padx=6, pady=4)
        self.pal = pal
        base = tkfont.nametofont("TkDefaultFont")
        size = max(10, int(base.cget("size")) + 1)
        family = base.cget("family")
        self.bold = tkfont.Font(self, family=family, size=size + 1, weight="bold")
        self.small = tkfont.Font(self, family=family, size=max(9, size - 1))
        self.sizes = (size + 1, max(9, size - 1))
        self.title = tk.Label(self, text=_("Scores"), font=self.bold, anchor="w",
                              background=pal.panel, foreground=pal.panel_text)
        self.title.pack(fill="x")
        self.stage = tk.Label(self, text="", font=self.small, anchor="w", justify="left",
                              background=pal.panel, foreground=pal.panel_text, wraplength=320)
        self.rows_frame = tk.Frame(self, background=pal.panel)
        self.rows_frame.pack(fill="x")
        self.entries: list[_Entry] = []
        self.rows: tuple[SeatRow, ...] = ()
        self.width = 370  # the board's width (the side panel's), until it is laid out
        #: What is left out while the window is too short for it and the log: 1 the
        #: stage's words, 2 each seat's line of details too.
        self.compact = 0

    def show(self, rows: tuple[SeatRow, ...], stage: str = "", challenges: bool = False) -> None:
        """Draw the seats; ``stage`` announces the catch-up round or a tie-break."""
        self.rows = rows
        # Many seats: a size smaller, so nine of them still leave room for the log.
        shrink = 2 if len(rows) > 5 else 0
        if int(self.bold.cget("size")) != self.sizes[0] - shrink:
            self.bold.configure(size=self.sizes[0] - shrink)
            self.small.configure(size=max(8, self.sizes[1] - shrink))
        while len(self.entries) < len(rows):
            self.entries.append(_Entry(self))
        while len(self.entries) > len(rows):
            self.entries.pop().destroy()
        wrap = self._wrap()
        for entry, row in zip(self.entries, rows, strict=True):
            entry.show(row, self.pal, wrap)
            if self.compact >= 2 and entry.details.winfo_manager():
                entry.details.grid_remove()
            elif self.compact < 2 and not entry.details.winfo_manager():
                entry.details.grid()
        if str(self.stage.cget("text")) != stage:
            self.stage.configure(text=stage)
        shown = bool(stage) and not self.compact
        if shown and not self.stage.winfo_manager():
            self.stage.pack(fill="x", before=self.rows_frame, pady=(0, 3))
        elif not shown and self.stage.winfo_manager():
            self.stage.pack_forget()

    def heights(self) -> tuple[int, int, int]:
        """The heights the board takes with everything, without the stage's words, and
        without the seats' details too (whatever is left out now)."""
        stage = int(self.stage.winfo_reqheight()) + 3 if str(self.stage.cget("text")) else 0
        details = sum(int(e.details.winfo_reqheight()) for e in self.entries)
        now = int(self.winfo_reqheight())
        full = now + (stage if self.compact >= 1 else 0) + (details if self.compact >= 2 else 0)
        return full, full - stage, full - stage - details

    def set_compact(self, compact: int) -> None:
        if compact != self.compact:
            self.compact = compact
            self.show(self.rows, str(self.stage.cget("text")))

    def set_width(self, width: int) -> None:
        self.width = width
        self.stage.configure(wraplength=width - 20)
        self.show(self.rows, str(self.stage.cget("text")))

    def _wrap(self) -> int:
        """How wide a seat's line of details may be: the board less its margins and the
        marker's column (two characters of the bold font, which grows with the size
        preference: a fixed allowance cut off the end of a German line at 150%)."""
        marker = 2 * int(self.bold.measure("0")) + 4  # (the label's padding and border)
        return max(120, self.width - 2 * 6 - 2 * 4 - marker - 4)

    def set_palette(self, pal: Palette) -> None:
        self.pal = pal
        for widget in (self, self.title, self.stage, self.rows_frame):
            widget.configure(background=pal.panel)
        for label in (self.title, self.stage):
            label.configure(foreground=pal.panel_text)
        self.show(self.rows, str(self.stage.cget("text")))

    def texts(self) -> list[list[str]]:
        """Name, score and details of every seat, with plain spaces (for tests)."""
        return [[str(e.name.cget("text")), str(e.score.cget("text")),
                 str(e.details.cget("text")).replace("\u00a0", " ")] for e in self.entries]
