"""The strategy card's chart for three players (a part of :mod:`.strategy`).

With three players the turn score to bank from depends on three board scores and on who
throws next.  The chart shows it by the mover's board (down) and the leading opponent's
(across), for one place of the other opponent at a time, chosen with three radio buttons:
at 0 throwing right after the leader, at 0 throwing before the leader (the leader throws
last), or level with the leader.  Above it, the fair start of a three-player game.

The numbers come from the three-player table (:mod:`tenthousand.solver.table3`), worked
out off the Tk thread: the first place's map with the fair start, then the other two
places' maps, each shown as it comes.  :func:`three_note` is the card's text, for tests.
"""

from __future__ import annotations

import tkinter as tk
from tkinter import ttk
from typing import TYPE_CHECKING, Any

from ..i18n import N_, _, number, percent
from ..model.rules import Rules
from ..services.jobs import weakly
from ..solver import card
from ..view import access
from .base import SMALL_PAD

if TYPE_CHECKING:
    from ..solver.table3 import Table3

#: The strategy card's window as this part uses it (its heat map, notes, jobs, theme and
#: dice; :class:`.strategy.StrategyWindow`, not imported: it imports this module)
StrategyWindow = Any

__all__ = ["PLACES", "ThreeSeatChart", "no_table_text", "press_dice", "three_note"]

#: The radio buttons' words for each place of the other opponent (card.THIRD_PLACES).
PLACES: dict[str, str] = {
    # Translators: where the other opponent stands on the strategy card's chart for three
    # players (after "Other opponent:"); "the leader" is the leading opponent; access keys
    # after &, each used once in the card.
    "after": N_("at 0, throws &after the leader"),
    "before": N_("at 0, throws &before the leader"),
    "level": N_("&level with the leader"),
}

Grid = tuple[tuple[tuple[int | None, ...], ...], ...]
First = tuple["Table3", tuple[int, int, tuple[float, float, float]], Grid]


def press_dice() -> str:
    """The chart note's last sentence."""
    return _("Press 1 to 6 for the dice left.")


def three_note(second: int, third: int, chances: tuple[float, float, float]) -> str:
    """The text above the three-player chart: how to read it, and the fair start."""
    how = _("To win with three players, not just to score: the chart below gives the turn "
            "score to bank from by your board score (down) and the leading opponent's "
            "(across); choose below where the other opponent stands.")
    # Translators: the fair start of a three-player game, in the strategy card.
    fair = _("A fair start: the second player starts with {second} points and the third "
             "with {third} (the first, second and third to throw then win {first_chance}, "
             "{second_chance} and {third_chance} under perfect play).").format(
        second=number(second), third=number(third), first_chance=percent(chances[0], 1),
        second_chance=percent(chances[1], 1), third_chance=percent(chances[2], 1))
    return " ".join([how, fair, press_dice()])


def no_table_text(reason: str | None) -> str:
    """The one sentence where no three-player table answers the rules: why none can be
    solved here, or how to get one."""
    if reason:
        # Translators: {reason} is the solver's phrase ("solving three players needs
        # numba (pipx reinstall tenthousand)").
        return _("The chart for three players needs perfect play solved for three players, "
                 "which cannot be done here: {reason}.").format(reason=reason)
    return _("The chart for three players needs perfect play solved for three players with "
             "these rules: a three-player game against Perfect solves it, then open the card "
             "again.")


class ThreeSeatChart:
    """The three-player chart of ``window`` (its note, dice buttons and heat map), with
    the buttons for the other opponent's place in ``parent`` and the maps of ``scores``."""

    def __init__(self, window: StrategyWindow, parent: ttk.Frame, rules: Rules,
                 scores: list[int]) -> None:
        self.window, self.rules, self.scores = window, rules, scores
        self.grids: dict[str, Grid] = {}
        self.table: Table3 | None = None
        self.place = tk.StringVar(window, card.THIRD_PLACES[0])
        row = self.row = ttk.Frame(parent)
        row.grid(row=2, column=0, columnspan=7, sticky="w", pady=(SMALL_PAD, 0))
        radios = [access.radio(row, _(PLACES[p]), value=p, variable=self.place,
                               command=self.draw) for p in card.THIRD_PLACES]
        # Translators: the label of the strategy card's buttons for where the other
        # opponent stands (three players; access key after &).
        access.label(row, _("&Other opponent:"), radios[0]).grid(
            row=0, column=0, sticky="nw", padx=(0, SMALL_PAD))
        for i, radio in enumerate(radios):
            radio.grid(row=i, column=1, sticky="w")

    def start(self) -> None:
        """Work out the fair start and the first map, then the others."""
        rules, scores, first = self.rules, self.scores, card.THIRD_PLACES[0]

        def work() -> First | str:
            from ..solver import cache, table3

            found = table3.load(rules) if table3.available(rules) else None
            if found is None:
                return no_table_text(cache.unsolvable(rules, 3))
            grid = card.three_seat_thresholds(found, scores, (first,)).grids[first]
            return found, card.fair_start3(found), grid

        self.window.jobs.submit(work, weakly(self._first), name="strategy chart",
                                lane="strategy")

    def _first(self, result: First | str) -> None:
        if isinstance(result, str):
            self.row.grid_remove()
            self.window.no_chart(result)
            self.window.fit()
            return
        self.table, (second, third, chances), grid = result
        self.window.chart_note.configure(text=three_note(second, third, chances))
        self._ready(card.THIRD_PLACES[0], grid)
        for place in card.THIRD_PLACES[1:]:
            self._submit(place)
        self.window.fit()

    def _submit(self, place: str) -> None:
        table, scores = self.table, self.scores
        assert table is not None

        def work() -> tuple[str, Grid]:
            return place, card.three_seat_thresholds(table, scores, (place,)).grids[place]

        self.window.jobs.submit(work, weakly(self._placed), name="strategy chart",
                                lane="strategy")

    def _placed(self, found: tuple[str, Grid]) -> None:
        self._ready(*found)

    def _ready(self, place: str, grid: Grid) -> None:
        self.grids[place] = grid
        if place == self.place.get():
            self.draw()

    def draw(self) -> None:
        """The map of the dice left and the place chosen (a note while it is worked out)."""
        heatmap = self.window.heatmap
        if heatmap is None:
            return
        grid = self.grids.get(self.place.get())
        if grid is None:
            heatmap.show_note(_("Working out the chart..."))
            return
        n = self.window.dice.get()
        values = [[cell[n - 1] for cell in row] for row in grid]
        # Translators: the axis along the top of the strategy card's chart for three
        # players (the arrow points along it).
        heatmap.draw(self.scores, values, self.window.theme, n,
                     across=_("the leading opponent's board score \u2192"))
