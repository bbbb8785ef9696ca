"""The charts of one game: the score race and, where a perfect-play table answers the game,
each player's chance of winning over it (not modal; Game > Charts, and after every game)."""

from __future__ import annotations

import tkinter as tk
from tkinter import ttk

from ..history.analysis import Analysis, analyse
from ..history.series import score_race, split_lines, win_chances
from ..i18n import _
from ..model.record import Record
from ..present.value_kind import table_refusal
from ..services.jobs import JobRunner, weakly
from ..view import access, placing
from ..view.charts import Chart
from ..view.theme import Palette, ensure_style
from .base import chars, collect_when_closed, place_window


class ChartsWindow(tk.Toplevel):
    """The score race and the chance of winning of ``record``'s game."""

    def __init__(self, parent: tk.Misc, record: Record, pal: Palette, *,
                 analysis: Analysis | None = None, jobs: JobRunner | None = None,
                 title: str | None = None) -> None:
        super().__init__(parent)
        ensure_style(self)
        self.withdraw()
        self.title(_("Charts of the game") if title is None else title)
        self.transient(parent.winfo_toplevel())
        self.jobs = jobs
        self.record = record
        frame = ttk.Frame(self, padding=10)
        frame.pack(fill="both", expand=True)
        self.race = Chart(frame, pal, width=640, height=300)
        self.race.pack(fill="both", expand=True)
        self.chances = Chart(frame, pal, width=640, height=260)
        self.words = ttk.Label(frame, text="", wraplength=chars(self, 90), justify="left")
        buttons = ttk.Frame(frame)
        buttons.pack(side="bottom", fill="x", pady=(8, 0))
        access.button(buttons, _("&Close"), self.destroy).pack(side="right")
        self.bind("<Escape>", lambda _e: self.destroy())
        collect_when_closed(self)
        self.race.show(score_race(record))
        if _may_have_chances(record):
            self.chances.pack(fill="both", expand=True, pady=(8, 0))
            self.words.pack(anchor="w", pady=(6, 0))
            if analysis is not None:
                self.show_analysis(analysis)
            elif jobs is not None:
                self.words.configure(text=_("Working out the chances of winning..."))
                data = record.to_dict()
                jobs.submit(lambda: _analysed(data), weakly(self.show_analysis),
                            weakly(self._failed),
                            name="chart chances", lane="charts", latest=True)
            else:
                self.show_analysis(analyse(record))
        self._fit_charts()
        place_window(self, parent)
        self.deiconify()

    def _fit_charts(self) -> None:
        """The charts lower when the screen is too short for the whole window (1024x600)."""
        self.update_idletasks()
        room = self.winfo_screenheight() - placing.title_bar(self) - 2 * placing.EDGE
        extra = self.winfo_reqheight() - room
        charts = [c for c in (self.race, self.chances) if c.winfo_manager()]
        if extra <= 0 or not charts:
            return
        for chart in charts:
            height = int(chart.cget("height"))
            chart.configure(height=max(100, height - -(-extra // len(charts))))

    def show_analysis(self, analysis: Analysis | None) -> None:
        if not self.winfo_exists():
            return
        data = win_chances(self.record, analysis) if analysis is not None else None
        if data is None:
            self.chances.pack_forget()
            self.words.configure(text=_("There is no perfect-play table for these rules, so "
                                        "the chances of winning cannot be shown."))
            return
        self.chances.show(data)
        assert analysis is not None  # data comes from it
        self.words.configure(text="\n".join(split_lines(self.record, analysis)))

    def _failed(self, error: BaseException) -> None:
        if self.winfo_exists():
            # Translators: {reason} is the system's own words for what went wrong.
            self.words.configure(text=_("The chances could not be worked out ({reason}).").format(
                reason=error))

    def set_palette(self, pal: Palette) -> None:
        self.race.set_palette(pal)
        self.chances.set_palette(pal)


def _may_have_chances(record: Record) -> bool:
    """Whether the chances' chart has a place: a game a table may answer (two seats keep it
    to say when theirs has none)."""
    seats = len(record.seats)
    return seats == 2 or table_refusal(record.rules, seats) is None


def _analysed(data: dict[str, object]) -> Analysis:
    from ..model import load_record

    return analyse(load_record(data))
