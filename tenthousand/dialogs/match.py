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

from ..i18n import N_, _, ngettext, npgettext, number, pgettext
from ..model import Game
from ..model.grammar import Person
from ..view import access
from .base import HINT_STYLE, PAD, SMALL_PAD, Dialog, chars, derived_font

__all__ = ["MatchChoice", "MatchDialog", "MatchTable", "match_table", "ordinal"]

MatchChoice = Literal["next", "new"]


def ordinal(n: int) -> str:
    """1 -> "1st", 2 -> "2nd", 11 -> "11th" (in German "1.", in French "1er", "2e")."""
    if n == 1:
        # Translators: a place in a game, for 1 alone ("1st"; German "1.", French "1er").
        return pgettext("ordinal of 1", "{n}st").format(n=n)
    if 10 <= n % 100 <= 20:
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    # Translators: a place in a game ("2nd", "21st", "13th"), chosen by the English ending;
    # German writes every one "{n}.", French "{n}e".
    forms = {"st": pgettext("ordinal", "{n}st"), "nd": pgettext("ordinal", "{n}nd"),
             "rd": pgettext("ordinal", "{n}rd"), "th": pgettext("ordinal", "{n}th")}
    return forms[suffix].format(n=n)


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


def _names(persons: list[Person]) -> str:
    """Several seats as the subject of a sentence: "Ann and Bob", "Ann, Bob and you"."""
    # Translators: "you" inside a list of names ("Ann and you").
    words = [(_("You") if i == 0 else _("you")) if p.you else p.name
             for i, p in enumerate(persons)]
    text = words[0]
    for i, word in enumerate(words[1:], 1):
        if i == len(words) - 1:
            # Translators: the last two of several names ("Ann and Bob").
            text = _("{names} and {name}").format(names=text, name=word)
        else:
            # Translators: names in a list before the last ("Ann, Bob").
            text = _("{names}, {name}").format(names=text, name=word)
    return text


def _standing(game: Game, wins: list[int], points: list[int]) -> str:
    """Who leads the match, as a clause after "N games played;"."""
    names = game.names
    if len(names) == 2:
        a, b = (0, 1) if (points[0], wins[0]) >= (points[1], wins[1]) else (1, 0)
        if points[a] == points[b] and wins[a] == wins[b]:
            return ngettext("the match is level at {points} match point each",
                            "the match is level at {points} match points each",
                            points[a]).format(points=number(points[a]))
        lead = points[a] - points[b]
        fields = {"lead": number(lead), "points": number(points[a]),
                  "theirs": number(points[b]), "wins": number(wins[a]),
                  "other_wins": number(wins[b])}
        # Translators: who leads a match of two; {lead} is the difference of the match
        # points, {points} and {theirs} the two sides' points, {wins} and {other_wins} their
        # games won.
        return Person(names[a]).pick(
            ngettext("You lead by {lead} match point ({points} to {theirs}), games won "
                     "{wins} to {other_wins}",
                     "You lead by {lead} match points ({points} to {theirs}), games won "
                     "{wins} to {other_wins}", lead),
            ngettext("{name} leads by {lead} match point ({points} to {theirs}), games won "
                     "{wins} to {other_wins}",
                     "{name} leads by {lead} match points ({points} to {theirs}), games won "
                     "{wins} to {other_wins}", lead), **fields)
    best = max(points)
    leaders = [Person(names[s]) for s, p in enumerate(points) if p == best]
    if len(leaders) == 1:
        return leaders[0].pick(
            ngettext("You lead with {points} match point", "You lead with {points} match points",
                     best),
            ngettext("{name} leads with {points} match point",
                     "{name} leads with {points} match points", best),
            points=number(best))
    together = _names(leaders)
    if any(p.you for p in leaders):
        # Translators: several seats share the lead, the player at the screen among them
        # ({names} is "Ann and you"; French "Ann et vous partagez ...").
        text = npgettext("the player at the screen among them",
                         "{names} share the lead with {points} match point",
                         "{names} share the lead with {points} match points", best)
        return text.format(names=together, points=number(best))
    # Translators: several seats share the lead ({names} is "Ann and Bob").
    text = ngettext("{names} share the lead with {points} match point",
                    "{names} share the lead with {points} match points", best)
    return text.format(names=together, points=number(best))


def _summary(game: Game, wins: list[int], points: list[int]) -> str:
    played = game.games_played
    if played == 0:
        return _("No game of this match has ended yet: the table fills as games end.")
    # Translators: the match table's summary: how many games were played, then who leads
    # ("4 games played; Ann leads with 30 match points.").
    return ngettext("{n} game played; {standing}.", "{n} games played; {standing}.",
                    played).format(n=number(played), standing=_standing(game, wins, points))


def match_table(game: Game) -> MatchTable:
    """The match so far, as the rows and sentences the match window shows."""
    rows = []
    for game_number, ranking in enumerate(game.match_games, 1 + game.games_played
                                          - len(game.match_games)):
        cells = [("", "", "")] * len(game.seats)
        for seat, rank, board, got in ranking:
            # Translators: the match points a game gave a seat ("+10").
            cells[seat] = (ordinal(rank), number(board), _("+{points}").format(
                points=number(got)))
        # Translators: a row of the match table, one game ("Game 3").
        rows.append((_("Game {n}").format(n=number(game_number)), tuple(cells)))
    wins = game.match_wins()
    points = list(game.match_points)
    missing = game.games_played - len(game.match_games)
    note = ""
    if missing > 0:
        note = ngettext("{n} earlier game was played before the program kept each game: only "
                        "its match points are counted above.",
                        "{n} earlier games were played before the program kept each game: "
                        "only their match points are counted above.",
                        missing).format(n=number(missing))
    return MatchTable(names=game.names, games=tuple(rows), wins=tuple(wins),
                      points=tuple(points), ranks=_match_ranks(points),
                      summary=_summary(game, wins, points), note=note)


class MatchDialog(Dialog[MatchChoice]):
    """The match table, with "Next game of this match" and "New match..." as ways on.

    ``.result`` is ``"next"``, ``"new"`` or None (closed)."""

    # Translators: the button that closes the match table.
    ok_text = N_("&Close")
    cancel_text = None

    def __init__(self, parent: tk.Misc, game: Game, *, testing: bool = False) -> None:
        self.game = game
        self.table = match_table(game)
        super().__init__(parent, _("Match table"), testing=testing)

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
            ttk.Label(frame, text=t.note, style=HINT_STYLE, wraplength=chars(self, 70),
                      justify="left").grid(row=row, column=0, sticky="w")
            row += 1
        ttk.Label(frame, text=_("Each game gives 10 match points to the winner, 9 to the "
                                "second and so on; a board of zero or less gives none."),
                  style=HINT_STYLE, wraplength=chars(self, 70), justify="left").grid(
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
            earlier = len(t.games) - len(games)
            ttk.Label(grid, text=ngettext("... {n} earlier game", "... {n} earlier games",
                                          earlier).format(n=number(earlier)),
                      style=HINT_STYLE).grid(row=1, column=0, sticky="w")
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
        # Translators: the rows of totals under the match table.
        totals = ((_("Games won"), [number(w) for w in t.wins]),
                  (_("Match points"), [number(p) for p in t.points]),
                  (_("Place in the match"), list(t.ranks)))
        for r, (label, values) in enumerate(totals, base + 1):
            ttk.Label(grid, text=label, font=bold).grid(row=r, column=0, sticky="w")
            for seat, value in enumerate(values):
                ttk.Label(grid, text=value, font=bold).grid(
                    row=r, column=1 + 3 * seat, columnspan=3, sticky="e", padx=(PAD * 3, 0))

    def _choices(self, frame: ttk.Frame, row: int) -> None:
        bar = ttk.Frame(frame)
        bar.grid(row=row, column=0, sticky="w")
        over = self.game.over
        # Translators: the match table's two ways on; F8 is a key name.  Their access keys
        # (&) differ from each other and from the Close button's.
        self.button_next = access.button(
            bar, _("&Next game of this match (F8)") if over else
            _("Abandon this game, play the &next (F8)"), lambda: self._choose("next"))
        self.button_next.grid(row=0, column=0, padx=(0, SMALL_PAD))
        self.button_new = access.button(bar, _("&Start a new match..."),
                                        lambda: self._choose("new"))
        self.button_new.grid(row=0, column=1)
        self.bind("<F8>", lambda e: self._choose("next"))

    def _choose(self, choice: MatchChoice) -> None:
        self.result = choice
        self.destroy()
