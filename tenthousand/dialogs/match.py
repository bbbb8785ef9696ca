"""The match table: every game of the match so far, and the choice of what comes next.

A match is a series of games with the same seats (RULES.md, "Match scores"): after each
game every player gets 11 - rank match points.  :func:`match_table` turns a game into the
plain rows the window shows (tested without a display); :class:`MatchDialog` shows them
with two ways on: the next game of this match, or a new match.
"""

from __future__ import annotations

import tkinter as tk
from dataclasses import dataclass
from tkinter import font as tkfont
from tkinter import ttk
from typing import Literal

from ..model import Game
from ..model.grammar import Person
from .base import HINT_COLOUR, PAD, SMALL_PAD, Dialog, chars, derived_font

__all__ = ["MatchChoice", "MatchDialog", "MatchTable", "match_table", "ordinal"]

MatchChoice = Literal["next", "new"]


def ordinal(n: int) -> str:
    """1 -> "1st", 2 -> "2nd", 11 -> "11th"."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


@dataclass(frozen=True)
class MatchTable:
    """What the match window shows."""

    names: tuple[str, ...]
    #: One row per finished game: its label, then per seat its place, board and points
    #: (``("1st", "10,250", "+10")``).
    games: tuple[tuple[str, tuple[tuple[str, str, str], ...]], ...]
    wins: tuple[int, ...]
    points: tuple[int, ...]
    ranks: tuple[str, ...]  # each seat's place in the match so far
    summary: str
    note: str  # about games played before the table was kept, or ""


def _match_ranks(points: list[int]) -> tuple[str, ...]:
    return tuple(ordinal(1 + sum(1 for q in points if q > p)) for p in points)


def _summary(game: Game, wins: list[int], points: list[int]) -> str:
    played = game.games_played
    if played == 0:
        return "No game of this match has ended yet: the table fills as games end."
    games = f"{played} game{'s' if played != 1 else ''} played"
    names = game.names
    if len(names) == 2:
        a, b = (0, 1) if (points[0], wins[0]) >= (points[1], wins[1]) else (1, 0)
        if points[a] == points[b] and wins[a] == wins[b]:
            return f"{games}; the match is level at {points[a]} match points each."
        lead = Person(names[a]).says("leads")
        return (f"{games}; {lead} by {points[a] - points[b]} match points "
                f"({points[a]} to {points[b]}), games won {wins[a]} to {wins[b]}.")
    best = max(points)
    leaders = [Person(names[s]) for s, p in enumerate(points) if p == best]
    if len(leaders) == 1:
        return f"{games}; {leaders[0].says('leads')} with {best} match points."
    together = " and ".join(p.subject if i == 0 else p.object for i, p in enumerate(leaders))
    return f"{games}; {together} share the lead with {best} match points."


def match_table(game: Game) -> MatchTable:
    """The match so far, as the rows and sentences the match window shows."""
    rows = []
    for number, ranking in enumerate(game.match_games, 1 + game.games_played
                                     - len(game.match_games)):
        cells = [("", "", "")] * len(game.seats)
        for seat, rank, board, got in ranking:
            cells[seat] = (ordinal(rank), f"{board:,}", f"+{got}")
        rows.append((f"Game {number}", tuple(cells)))
    wins = game.match_wins()
    points = list(game.match_points)
    missing = game.games_played - len(game.match_games)
    note = ""
    if missing > 0:
        note = (f"{missing} earlier game{'s were' if missing != 1 else ' was'} played before "
                "the program kept each game: only their match points are counted above.")
    return MatchTable(names=game.names, games=tuple(rows), wins=tuple(wins),
                      points=tuple(points), ranks=_match_ranks(points),
                      summary=_summary(game, wins, points), note=note)


class MatchDialog(Dialog[MatchChoice]):
    """The match table, with "Next game of this match" and "New match..." as ways on.

    ``.result`` is ``"next"``, ``"new"`` or None (closed)."""

    ok_text = "Close"
    cancel_text = None

    def __init__(self, parent: tk.Misc, game: Game, *, testing: bool = False) -> None:
        self.game = game
        self.table = match_table(game)
        super().__init__(parent, "Match table", testing=testing)

    def body(self, frame: ttk.Frame) -> None:
        t = self.table
        bold = derived_font(self, weight="bold")
        ttk.Label(frame, text=t.summary, wraplength=chars(self, 70), justify="left").grid(
            row=0, column=0, sticky="w")
        grid = ttk.Frame(frame, padding=(0, PAD))
        grid.grid(row=1, column=0, sticky="w")
        self._grid(grid, bold)
        row = 2
        if t.note:
            ttk.Label(frame, text=t.note, foreground=HINT_COLOUR, wraplength=chars(self, 70),
                      justify="left").grid(row=row, column=0, sticky="w")
            row += 1
        ttk.Label(frame, text="Each game gives 10 match points to the winner, 9 to the "
                              "second and so on; a board of zero or less gives none.",
                  foreground=HINT_COLOUR, wraplength=chars(self, 70), justify="left").grid(
            row=row, column=0, sticky="w", pady=(0, PAD))
        self._choices(frame, row + 1)

    def _grid(self, grid: ttk.Frame, bold: tkfont.Font) -> None:
        t = self.table
        ttk.Label(grid, text="", font=bold).grid(row=0, column=0)
        for seat, name in enumerate(t.names):  # three columns a seat: place, board, points
            ttk.Label(grid, text=name, font=bold).grid(row=0, column=1 + 3 * seat,
                                                       columnspan=3, sticky="e",
                                                       padx=(PAD * 3, 0))
        games = t.games[-12:]  # the latest games; the totals count them all
        if len(t.games) > len(games):
            ttk.Label(grid, text=f"... {len(t.games) - len(games)} earlier games",
                      foreground=HINT_COLOUR).grid(row=1, column=0, sticky="w")
        for r, (label, cells) in enumerate(games, 2):
            ttk.Label(grid, text=label).grid(row=r, column=0, sticky="w")
            for seat, cell in enumerate(cells):
                for k, text in enumerate(cell):
                    ttk.Label(grid, text=text).grid(row=r, column=1 + 3 * seat + k,
                                                    sticky="e",
                                                    padx=(PAD * 3 if k == 0 else PAD, 0))
        base = len(games) + 2
        ttk.Separator(grid).grid(row=base, column=0, columnspan=3 * len(t.names) + 1,
                                 sticky="ew", pady=SMALL_PAD)
        totals = (("Games won", [str(w) for w in t.wins]),
                  ("Match points", [str(p) for p in t.points]),
                  ("Place in the match", list(t.ranks)))
        for r, (label, values) in enumerate(totals, base + 1):
            ttk.Label(grid, text=label, font=bold).grid(row=r, column=0, sticky="w")
            for seat, value in enumerate(values):
                ttk.Label(grid, text=value, font=bold).grid(
                    row=r, column=1 + 3 * seat, columnspan=3, sticky="e", padx=(PAD * 3, 0))

    def _choices(self, frame: ttk.Frame, row: int) -> None:
        bar = ttk.Frame(frame)
        bar.grid(row=row, column=0, sticky="w")
        over = self.game.over
        self.button_next = ttk.Button(
            bar, text="Next game of this match (F8)" if over else
            "Abandon this game, play the next (F8)", underline=0,
            command=lambda: self._choose("next"))
        self.button_next.grid(row=0, column=0, padx=(0, SMALL_PAD))
        self.button_new = ttk.Button(bar, text="Start a new match...", underline=0,
                                     command=lambda: self._choose("new"))
        self.button_new.grid(row=0, column=1)
        for sequence in ("<Alt-n>", "<Alt-N>", "<F8>"):
            self.bind(sequence, lambda e: self._choose("next"))
        for sequence in ("<Alt-s>", "<Alt-S>"):
            self.bind(sequence, lambda e: self._choose("new"))

    def _choose(self, choice: MatchChoice) -> None:
        self.result = choice
        self.destroy()
