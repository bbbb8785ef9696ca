"""The scoring table of a rule set as the rules window shows it, for the rules workshop.

A read-only text with tab stops measured from its own rows, so no column is ever cut off:
the counter and its points stay on one line, and a long note wraps under the note column.
Rows are striped, and rows that count only on the first throw of a turn are in (blue)
italics, with the same legend as in the rules window.
"""

from __future__ import annotations

import tkinter as tk
from tkinter import font as tkfont
from tkinter import ttk

from ..i18n import _
from ..model.rules import Rules
from ..present.rules_text import Row, first_throw_note, scoring_rows

__all__ = ["ScoringTable"]

GAP = 18  # pixels between the points and the note


def points_column(rows: list[Row], body: tkfont.Font, bold: tkfont.Font, gap: int) -> int:
    """Where the points of a scoring table end (a right tab stop), from the widest counter
    and points, the bold headings included."""
    first_col = max([bold.measure(_("Counter"))] + [body.measure(r[0]) for r in rows]) + gap
    return first_col + max([bold.measure(_("Points"))] + [body.measure(r[1]) for r in rows])


def style_table(t: tk.Text, mono: bool, points_col: int, gap: int, margin: int,
                spacing: int, bold: tkfont.Font, italic: tkfont.Font) -> None:
    """The colours and tags of a scoring table (the rules window's and the workshop's).
    Monochrome is black on white with grey stripes; first-throw rows are in italics in
    both themes, so the colour is never the only sign."""
    t.configure(background="#ffffff" if mono else "#fdfcf8",
                foreground="#000000" if mono else "#1f1f1f")
    t.tag_configure("table", tabs=(points_col, "right", points_col + gap, "left"),
                    lmargin1=margin, lmargin2=points_col + gap, spacing1=spacing,
                    spacing3=spacing)
    t.tag_configure("table_head", font=bold)
    t.tag_configure("stripe", background="#eeeeee" if mono else "#f1eee4")
    t.tag_configure("first", foreground="#000000" if mono else "#1d4e89", font=italic)
    t.tag_configure("note", foreground="#555555")


class ScoringTable(ttk.Frame):
    """A scrollable scoring table; :meth:`show` fills it, :attr:`rows` holds what it shows."""

    def __init__(self, parent: tk.Misc, *, theme: str = "color", width: int = 40,
                 height: int = 12) -> None:
        super().__init__(parent)
        self.theme = theme
        self.rows: list[Row] = []
        base = tkfont.nametofont("TkDefaultFont", root=self)
        size = base.cget("size")
        family = base.cget("family")
        self.body_font = tkfont.Font(self, family=family, size=size)
        self.bold_font = tkfont.Font(self, family=family, size=size, weight="bold")
        self.italic_font = tkfont.Font(self, family=family, size=size, slant="italic")
        self.text = tk.Text(self, wrap="word", width=width, height=height,
                            font=self.body_font, padx=6, pady=4, relief="flat",
                            borderwidth=0, cursor="arrow", highlightthickness=0,
                            takefocus=False)
        bar = ttk.Scrollbar(self, orient="vertical", command=self.text.yview)
        self.text.configure(yscrollcommand=bar.set, state="disabled")
        self.text.grid(row=0, column=0, sticky="nsew")
        bar.grid(row=0, column=1, sticky="ns")
        self.columnconfigure(0, weight=1)
        self.rowconfigure(0, weight=1)

    def show(self, rules: Rules) -> None:
        """Show the scoring table of ``rules``."""
        self.rows = scoring_rows(rules)
        t = self.text
        t.configure(state="normal")
        t.delete("1.0", "end")
        self._tags()
        t.insert("end", _("Counter") + "\t" + _("Points") + "\t" + _("Note") + "\n",
                 ("table", "table_head"))
        first = first_throw_note()
        for i, (words, points, note) in enumerate(self.rows):
            tags: tuple[str, ...] = ("table",) + (("stripe",) if i % 2 == 0 else ())
            if first in note:
                tags += ("first",)
            t.insert("end", f"{words}\t{points}\t", tags)
            t.insert("end", note + "\n", tags + ("note",))
        if any(first in note for _w, _p, note in self.rows):
            legend = (_("Rows in italics count only on the first throw of a turn.")
                      if self.theme == "mono"
                      else _("Rows in blue italics count only on the first throw of a turn."))
            t.insert("end", legend, ("legend", "note"))
        t.configure(state="disabled")
        t.yview_moveto(0)

    def _tags(self) -> None:
        """Tab stops from the widest counter and points (the headings included)."""
        points_col = points_column(self.rows, self.body_font, self.bold_font, GAP)
        style_table(self.text, self.theme == "mono", points_col, GAP, 2, 1, self.bold_font,
                    self.italic_font)
        self.text.tag_configure("legend", lmargin1=2, lmargin2=2, spacing1=4)
