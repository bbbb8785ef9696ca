"""The strategy card (Help > Strategy, and the workshop's "Strategy card" button).

When to bank, by dice left and turn score, for the best expected score (a table); in a
two-player game whose rules have a solved table, how that changes with the two board
scores (a heat map, :class:`~tenthousand.view.heatmap.HeatMap`) and the fair handicap; in
a three-player game with a three-player table, by the mover's and the leading opponent's
board scores, the other opponent placed by a choice (:mod:`.strategy_three`), and the fair
start.  The heat map's numbers take seconds: they are worked out off the Tk thread.

:func:`threshold_rows` and :func:`heat_scores` are the card's plain data, for the tests.
"""

from __future__ import annotations

import tkinter as tk
from tkinter import ttk

from ..i18n import _, decimal, ngettext, number, percent
from ..model.rules import Rules
from ..present.value_kind import value_kind
from ..services.jobs import JobRunner, weakly
from ..solver import card
from ..view import access
from ..view.heatmap import HeatMap
from ..view.scrolling import ScrollArea
from .base import (
    HINT_STYLE,
    PAD,
    SMALL_PAD,
    chars,
    collect_when_closed,
    derived_font,
    fit_screen,
    place_window,
)
from .strategy_three import ThreeSeatChart, press_dice

__all__ = ["StrategyWindow", "heat_scores", "threshold_rows"]



def dice_words(n: int) -> str:
    """"3 dice" in the strategy card's table (six dice left: a corner)."""
    if n == 6:
        # Translators: six dice left to throw, in the strategy card: after a corner.
        return _("6 (a corner)")
    return ngettext("{n} die", "{n} dice", n).format(n=n)


def _bank_text(value: int | None, dice: int, rules: Rules) -> str:
    if value is not None and value >= rules.game_point:
        # Translators: a cell of the strategy card: the turn score to bank from is past the
        # game point, so throw on unless a bank wins the game.
        return _("throw on; bank to win")
    if value is not None:
        # Translators: a cell of the strategy card: bank from this turn score on.
        return _("{points} or more").format(points=number(value))
    if dice == 6 and rules.corner_throw_mandatory:
        # Translators: a cell of the strategy card: the rules say you must throw again.
        return _("throw: you must")
    return _("always throw")


def threshold_rows(rules: Rules) -> list[tuple[str, str, str]]:
    """``(dice left, bank from on the board, bank from getting on the board)`` rows, or
    ValueError for rules where a turn is not a choice of banking (Rotary Club, pyramiding)."""
    on = card.banking_thresholds(rules, on_board=True).bank_from
    opening = card.banking_thresholds(rules, on_board=False).bank_from
    return [(dice_words(n), _bank_text(on[n], n, rules), _bank_text(opening[n], n, rules))
            for n in range(1, 7)]


def threshold_notes(rules: Rules) -> list[str]:
    """What a player would ask of the table: why one die left may be worth throwing from
    higher scores than two."""
    on = card.banking_thresholds(rules, on_board=True).bank_from
    one, two = on.get(1), on.get(2)
    if one is not None and two is not None and one > two:
        return [_("With one die left the card throws on to a higher score than with two: "
                  "if that die scores, all six dice come back for a fresh throw.")]
    return []


def heat_scores(rules: Rules, cells: int = 10) -> list[int]:
    """The board scores along each axis of the heat map: ``cells`` steps from zero to just
    below the game point, multiples of 50."""
    step = max(50, rules.game_point // cells // 50 * 50)
    return [i * step for i in range(cells) if i * step < rules.game_point]


class StrategyWindow(tk.Toplevel):
    """The strategy card of ``rules``; not modal, Esc closes it."""

    def __init__(self, parent: tk.Misc, rules: Rules, *, theme: str = "color",
                 seats: int = 2) -> None:
        super().__init__(parent)
        collect_when_closed(self)  # its Tk variables are freed in the Tk thread
        self.withdraw()
        self.rules = rules
        self.theme = theme
        self.jobs = JobRunner(self)
        self.board: card.BoardThresholds | None = None
        # Translators: the title of the strategy card's window.
        self.title(_("Strategy: {rules}").format(rules=rules.label))
        self.bind("<Escape>", self.close)
        self.protocol("WM_DELETE_WINDOW", self.close)
        # The card scrolls on a screen too small for it (800x600); Close stays in sight.
        self.area = ScrollArea(self)
        self.area.grid(row=0, column=0, sticky="nsew")
        self.columnconfigure(0, weight=1)
        self.rowconfigure(0, weight=1)
        self.opener = parent
        frame = ttk.Frame(self.area.inner, padding=(PAD * 2, PAD * 2, PAD * 2, 0))
        frame.pack(fill="both", expand=True)
        heading = derived_font(self, scale=1.3, weight="bold")
        ttk.Label(frame, text=_("Strategy for {rules}").format(rules=rules.label),
                  font=heading).grid(
            row=0, column=0, columnspan=2, sticky="w")
        self._build_table(frame)
        self._build_chart(frame, seats)
        bar = self.bar = ttk.Frame(self, padding=(PAD * 2, PAD, PAD * 2, PAD * 2))
        bar.grid(row=1, column=0, sticky="ew")
        bar.columnconfigure(0, weight=1)
        ttk.Label(bar, text=_("Esc closes the card."), style=HINT_STYLE).grid(
            row=0, column=0, sticky="w")
        self.close_button = access.button(bar, _("&Close"), self.close)
        self.close_button.grid(row=0, column=1)
        self.fit()
        self.deiconify()
        self.close_button.focus_set()

    def _table_shown(self, result: tuple[list[tuple[str, str, str]], float, list[str]] | str
                     ) -> None:
        self._table_ready(result)
        self.fit()

    def _chart_shown(self, result: tuple[tuple[int, float], card.BoardThresholds] | None
                     ) -> None:
        self._chart_ready(result)
        self.fit()

    def fit(self) -> None:
        """As large as the card, within the screen, over the window that opened it (again
        once the table and the chart are worked out)."""
        fit_screen(self, self.area, self.bar, keep=False)
        place_window(self, self.opener)

    def _build_table(self, frame: ttk.Frame) -> None:
        """The banking table: worked out off the Tk thread (up to a fifth of a second),
        shown when it is ready."""
        self.left = ttk.Frame(frame)
        self.left.grid(row=1, column=0, sticky="nw", padx=(0, PAD * 2), pady=(PAD, 0))
        self.rows: list[tuple[str, str, str]] = []
        self.table_note = ttk.Label(self.left, text=_("Working out when to bank..."),
                                    wraplength=chars(self, 40), justify="left")
        self.table_note.grid(row=0, column=0, columnspan=3, sticky="w", pady=(0, SMALL_PAD))
        rules = self.rules

        def work() -> tuple[list[tuple[str, str, str]], float, list[str]] | str:
            try:
                return (threshold_rows(rules), card.expected_turn_score(rules, on_board=True),
                        threshold_notes(rules))
            except ValueError as e:
                return str(e)

        self.jobs.submit(work, weakly(self._table_shown), name="strategy table",
                         lane="strategy")

    def _table_ready(self, result: tuple[list[tuple[str, str, str]], float, list[str]] | str
                     ) -> None:
        left = self.left
        if isinstance(result, str):
            self.table_note.configure(text=result)
            return
        rows, expected, notes = result
        self.rows = rows
        self.table_note.configure(text=_("For the most points on average, bank once the turn "
                                         "score reaches:"))
        bold = derived_font(self, weight="bold")
        # Translators: the column heads of the strategy card's table: the dice left to
        # throw, then the turn score to bank from while on the board and while getting on.
        for c, text in enumerate((_("Dice left"), _("On the board"), _("Getting on"))):
            ttk.Label(left, text=text, font=bold).grid(row=1, column=c, sticky="w",
                                                        padx=(0, PAD))
        for r, row in enumerate(rows, 2):
            for c, text in enumerate(row):
                ttk.Label(left, text=text).grid(row=r, column=c, sticky="w", padx=(0, PAD),
                                                pady=1)
        ttk.Label(left, text=" ".join([_("Played this way a turn scores {points} on average. "
                                         "Near the end of a game, the board scores matter "
                                         "more than the average: see the chart.").format(
                                             points=decimal(expected, 1)), *notes]),
                  wraplength=chars(self, 40),
                  style=HINT_STYLE, justify="left").grid(
            row=9, column=0, columnspan=3, sticky="w", pady=(PAD, 0))

    def _build_chart(self, frame: ttk.Frame, seats: int) -> None:
        from ..solver import table

        right = ttk.Frame(frame)
        right.grid(row=1, column=1, sticky="nw", pady=(PAD, 0))
        self.chart_note = ttk.Label(right, text="", wraplength=chars(self, 64),
                                    justify="left")
        self.chart_note.grid(row=0, column=0, columnspan=7, sticky="w")
        self.heatmap: HeatMap | None = None
        self.three: ThreeSeatChart | None = None
        if seats not in (2, 3) or self.rules.options:
            # and which values the advisor shows in such a game, and why
            self.chart_note.configure(text=" ".join([
                _("The chart by board scores is for games of two or three players without "
                  "options."), value_kind(self.rules, seats).text]))
            return
        self.chart_note.configure(text=_("Working out the chart..."))
        self._build_dice_row(right)
        self.heatmap = HeatMap(right)
        self.heatmap.grid(row=3, column=0, columnspan=7, sticky="nw", pady=(SMALL_PAD, 0))
        if seats == 3:
            self.three = ThreeSeatChart(self, right, self.rules, heat_scores(self.rules))
            self.three.start()
            return
        rules, scores = self.rules, heat_scores(self.rules)

        def work() -> tuple[tuple[int, float], card.BoardThresholds] | None:
            solved = table.load(rules) if table.available(rules) else None
            if solved is None:
                return None
            return card.fair_handicap(solved), card.board_thresholds(solved, scores)

        self.jobs.submit(work, weakly(self._chart_shown), name="strategy chart",
                         lane="strategy")

    def _build_dice_row(self, right: ttk.Frame) -> None:
        self.dice = tk.IntVar(self, 3)
        radios = [access.radio(right, f"&{n}", value=n, variable=self.dice, command=self._draw)
                  for n in range(1, 7)]
        # Translators: the label of the strategy card's buttons 1 to 6 (access key after &).
        self.dice_row: list[tk.Widget] = [access.label(right, _("&Dice left:"), radios[2])]
        self.dice_row[0].grid(row=1, column=0, sticky="w")
        for n, button in enumerate(radios, 1):
            button.grid(row=1, column=n, sticky="w")
            self.dice_row.append(button)
            self.bind(f"<Key-{n}>", lambda e, n=n: self._pick(n))  # type: ignore[misc]

    def no_chart(self, text: str) -> None:
        """No table answers: the sentence instead of the chart and its buttons."""
        for widget in self.dice_row:
            widget.grid_remove()
        if self.heatmap is not None:
            self.heatmap.grid_remove()
            self.heatmap = None
        self.chart_note.configure(text=text)

    def _chart_ready(self, result: tuple[tuple[int, float], card.BoardThresholds] | None
                     ) -> None:
        if result is None:
            self.no_chart(_("The chart by board scores needs perfect play solved for these "
                            "rules: solve it in the workshop (Game > House rules...)."))
            return
        (points, even), board = result
        self.chart_note.configure(text=self._handicap_text(points, even))
        self._board_ready(board)

    @staticmethod
    def _handicap_text(points: int, even: float) -> str:
        return _("To win, not just to score: the chart below. A fair handicap: the second "
                 "player starts with {points} points (the first player then wins {chance} "
                 "under perfect play).").format(points=number(points),
                                                chance=percent(even, 1))

    def _board_ready(self, board: card.BoardThresholds) -> None:
        self.board = board
        text = str(self.chart_note.cget("text"))
        self.chart_note.configure(text=text + " " + press_dice())
        self._draw()

    def _pick(self, dice: int) -> None:
        """Keys 1-6: the map for that many dice left."""
        self.dice.set(dice)
        self._draw()

    def _draw(self) -> None:
        if self.three is not None:
            self.three.draw()
            return
        if self.board is None or self.heatmap is None:
            return
        n = self.dice.get()
        values = [[cell[n - 1] for cell in row] for row in self.board.grid]
        self.heatmap.draw(self.board.scores, values, self.theme, n)

    def close(self, event: object = None) -> None:
        """Close the card (a chart still being worked out is dropped)."""
        self.jobs.close()
        self.destroy()
