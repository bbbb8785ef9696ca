"""The scoreboard: one row per seat (up to nine) and a line for the end-game stages."""

from __future__ import annotations

import tkinter as tk
import tkinter.font as tkfont
from dataclasses import dataclass

from .theme import Palette


@dataclass(frozen=True)
class SeatRow:
    """What the scoreboard shows for one seat."""

    name: str
    player: str  # "Human", "Computer (Expert)"...
    board: int
    on_board: bool
    challenges: int | None  # None: challenging is off
    match_points: int
    to_play: bool = False
    winner: bool = False


COLUMNS = ("", "Player", "Plays", "Score", "On", "Chal.", "Match")


class Scoreboard(tk.Frame):
    """A table of seats; the seat to play is highlighted."""

    def __init__(self, master: tk.Misc, pal: Palette) -> None:
        super().__init__(master, background=pal.panel, padx=6, pady=4)
        self.pal = pal
        base = tkfont.nametofont("TkDefaultFont")
        size = max(10, int(base.cget("size")) + 1)
        self.font = tkfont.Font(self, family=base.cget("family"), size=size)
        self.bold = tkfont.Font(self, family=base.cget("family"), size=size, weight="bold")
        self.small = tkfont.Font(self, family=base.cget("family"), size=max(9, size - 1))
        self.title = tk.Label(self, text="Scores", font=self.bold, anchor="w",
                              background=pal.panel, foreground=pal.panel_text)
        self.title.grid(row=0, column=0, columnspan=len(COLUMNS), sticky="ew")
        self.stage = tk.Label(self, text="", font=self.bold, anchor="w", justify="left",
                              background=pal.panel, foreground=pal.panel_text, wraplength=320)
        self.stage.grid(row=1, column=0, columnspan=len(COLUMNS), sticky="ew")
        self.headers = []
        for c, text in enumerate(COLUMNS):
            label = tk.Label(self, text=text, font=self.small, anchor="e" if c >= 3 else "w",
                             background=pal.panel, foreground=pal.panel_muted)
            label.grid(row=2, column=c, sticky="ew", padx=(3, 3))
            self.headers.append(label)
        self.columnconfigure(1, weight=1)
        self.cells: list[list[tk.Label]] = []
        self.rows: tuple[SeatRow, ...] = ()
        self.show_challenges = False

    def show(self, rows: tuple[SeatRow, ...], stage: str = "", challenges: bool = False) -> None:
        """Draw the seats; ``stage`` announces the catch-up round or a tie-break."""
        self.rows = rows
        self.show_challenges = challenges
        while len(self.cells) < len(rows):
            r = len(self.cells) + 3
            cells = []
            for c in range(len(COLUMNS)):
                label = tk.Label(self, text="", anchor="e" if c >= 3 else "w", padx=3, pady=2,
                                 font=self.font)
                label.grid(row=r, column=c, sticky="nsew")
                cells.append(label)
            self.cells.append(cells)
        while len(self.cells) > len(rows):
            for label in self.cells.pop():
                label.destroy()
        if challenges:
            self.headers[5].grid()
        else:
            self.headers[5].grid_remove()
        p = self.pal
        for row, cells in zip(rows, self.cells, strict=True):
            marker = "\u25b6" if row.to_play else ("\u2605" if row.winner else "")
            values = (marker, row.name, row.player, f"{row.board:,}",
                      "\u2713" if row.on_board else "\u2013",
                      "" if row.challenges is None else str(row.challenges),
                      str(row.match_points))
            bg = p.highlight if row.to_play else p.panel
            fg = p.highlight_text if row.to_play else p.panel_text
            for c, (label, value) in enumerate(zip(cells, values, strict=True)):
                label.configure(text=value, background=bg, foreground=fg,
                                font=self.bold if (row.to_play or c == 3) else self.font)
                if c == 2:
                    label.configure(font=self.small,
                                    foreground=fg if row.to_play else p.panel_muted)
                if c == 5:
                    if challenges:
                        label.grid()
                    else:
                        label.grid_remove()
        self.stage.configure(text=stage)
        if stage:
            self.stage.grid()
        else:
            self.stage.grid_remove()

    def set_palette(self, pal: Palette) -> None:
        self.pal = pal
        self.configure(background=pal.panel)
        for label in (self.title, self.stage):
            label.configure(background=pal.panel, foreground=pal.panel_text)
        for label in self.headers:
            label.configure(background=pal.panel, foreground=pal.panel_muted)
        self.show(self.rows, self.stage.cget("text"), self.show_challenges)

    def texts(self) -> list[list[str]]:
        """The text of every cell (for tests)."""
        return [[str(label.cget("text")) for label in cells] for cells in self.cells]
