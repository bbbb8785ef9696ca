"""Are my dice fair?  The statistics window's page for the sets of real dice: a chart of
each set's faces against the fair sixth, and each set's test in plain words (see
:mod:`tenthousand.history.dice_sets` for the test and the figures)."""

from __future__ import annotations

import tkinter as tk
from collections.abc import Sequence
from tkinter import ttk

from ..history.dice_sets import DiceSet, set_title, words
from ..history.series import dice_sets_chart
from ..i18n import _, number
from ..view.charts import Chart
from ..view.theme import Palette
from .base import derived_font


def counts_words(d: DiceSet) -> str:
    """Each face's count and what a fair die would give: "1: 384 · 2: 368 ... (fair:
    374 each)"."""
    faces = " \u00b7 ".join(f"{i + 1}: {number(c)}" for i, c in enumerate(d.counts))
    # Translators: after the count of each face; {count} is what fair dice would give.
    return _("{faces} (fair dice: about {count} each)").format(
        faces=faces, count=number(round(d.dice / 6)))


def no_sets_words() -> str:
    return _("No games with real dice match these filters. Play a game with real dice and "
             "name the set you throw: every throw entered is counted here, set by set.")


class FairnessView(ttk.Frame):
    """The chart of every set's faces above each set's counts and test in words."""

    def __init__(self, master: tk.Misc, pal: Palette) -> None:
        super().__init__(master)
        self.pal = pal
        self.sets: list[DiceSet] = []
        self.chart = Chart(self, pal, width=520, height=220)
        self.chart.pack(fill="x")
        frame = ttk.Frame(self)
        frame.pack(fill="both", expand=True, pady=(6, 0))
        self.text = tk.Text(frame, width=46, height=10, wrap="word", relief="flat", padx=8,
                            pady=6, cursor="arrow", font="TkDefaultFont",
                            background=pal.panel, foreground=pal.panel_text)
        bar = ttk.Scrollbar(frame, orient="vertical", command=self.text.yview)
        self.text.configure(yscrollcommand=bar.set)
        bar.pack(side="right", fill="y")
        self.text.pack(side="left", fill="both", expand=True)
        self.text.tag_configure("title", font=derived_font(self, weight="bold"),
                                spacing1=6)
        self.text.tag_configure("words", lmargin1=12, lmargin2=12)
        self.text.tag_configure("note", foreground=pal.panel_muted, lmargin1=12,
                                lmargin2=12)
        self.show([])

    def show(self, sets: Sequence[DiceSet]) -> None:
        self.sets = list(sets)
        self.chart.show(dice_sets_chart(self.sets))
        self.text.configure(state="normal")
        self.text.delete("1.0", "end")
        if not self.sets:
            self.text.insert("end", no_sets_words() + "\n", ("note",))
        for d in self.sets:
            self.text.insert("end", set_title(d.name) + "\n", ("title",))
            self.text.insert("end", counts_words(d) + "\n", ("words",))
            for line in words(d):
                self.text.insert("end", line + "\n", ("words",))
        if self.sets:
            self.text.insert("end", _(
                "The test: chi-square against fair dice (each face a sixth), 5 degrees of "
                "freedom. The dice more for a verdict assume the faces go on coming up in "
                "the shares so far.") + "\n", ("note",))
        self.text.configure(state="disabled")

    def plain_text(self) -> str:
        """What the page says, for tests and screen readers' users who copy it."""
        return self.text.get("1.0", "end").strip()

    def set_palette(self, pal: Palette) -> None:
        self.pal = pal
        self.chart.set_palette(pal)
        self.text.configure(background=pal.panel, foreground=pal.panel_text)
        self.text.tag_configure("note", foreground=pal.panel_muted)
