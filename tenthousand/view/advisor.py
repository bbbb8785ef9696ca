"""The advisor panel (H, Options > Advisor): it draws what it is given.

:class:`AdvisorPanel` shows the win-probability bars and, during a human turn, a row per
freeze of the throw with what throwing on and banking are worth, the best marked.  What to
show comes from :class:`tenthousand.control.advising.AdvisorService` as an
:class:`~tenthousand.present.advice.AdvisorDisplay`; the panel never reads the game.
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable
from tkinter import font as tkfont
from tkinter import ttk
from typing import TYPE_CHECKING

from ..i18n import _, number, percent
from . import access
from .theme import Palette

if TYPE_CHECKING:  # the advisor's solver loads on first use, not at start-up
    from ..advice.values import AdvisorValues
    from ..present.advice import AdvisorDisplay

BAR_HEIGHT = 18
#: The list of freezes shows this many rows at most (the rest scroll) ...
MOST_ROWS = 8
#: ... and in a window too short for that beside the game log, no fewer than this.
FEWEST_ROWS = 3


def _fit(font: tkfont.Font, text: str, width: int) -> str:
    """``text`` cut with "…" to fit ``width`` pixels in ``font`` (whole when it fits)."""
    if font.measure(text) <= width:
        return text
    while text and font.measure(text + "…") > width:
        text = text[:-1]
    return text + "…"


class AdvisorPanel(tk.Frame):
    """The advisor's widgets (it only shows what it is given)."""

    def __init__(self, master: tk.Misc, pal: Palette,
                 on_review: Callable[[], object] | None = None) -> None:
        super().__init__(master, background=pal.panel)
        self.pal = pal
        self.heading = tk.Label(self, text=_("Advisor"), anchor="w", background=pal.panel,
                                foreground=pal.panel_text, padx=6,
                                font=("TkDefaultFont", 0, "bold"))
        self.heading.pack(fill="x")
        self.bars = tk.Canvas(self, height=0, highlightthickness=0, background=pal.panel)
        self.bars.pack(fill="x", padx=6)
        self.bars.bind("<Configure>", self._draw_bars)
        self.tree = ttk.Treeview(self, columns=("freeze", "throw", "bank"), show="headings",
                                 height=5, selectmode="none", takefocus=0)
        self._widths: dict[str, int] = {}
        self.fit_columns()
        self._colour_rows()
        self._items: list[str] = []
        self._best: int | None = None
        self._values: AdvisorValues | None = None  # what the list shows
        self.chosen: int | None = None  # the row of the freeze the player has selected
        self.most_rows = MOST_ROWS  # the list's rows at most now (see limit_rows)
        #: The rows the list takes without that limit: as many as the throw's freezes (up
        #: to MOST_ROWS); between throws, as many as the last throw's (no jump each turn).
        self.natural_rows = int(self.tree.cget("height"))
        self.tree.pack(fill="x", padx=6)
        self.note = tk.Label(self, text="", anchor="w", justify="left", background=pal.panel,
                             foreground=pal.panel_muted, padx=6, wraplength=330)
        self.note.pack(fill="x")
        # The note wraps at the panel's width, which grows with the scaling (a fixed 330
        # pixels wrapped it after three words at 2x, five lines high).
        self.bind("<Configure>", self._wrap_note, add="+")
        # Translators: a button of the main window; Alt with the letter after & presses it:
        # choose one that is not the first letter of a menu title (File, Game...).
        self.review_button = access.button(self, _("&Review my decisions..."),
                                           on_review or (lambda: None), takefocus=0)
        self.rows: list[tuple[str, str, str, bool]] = []  # what the list shows (tests read it)
        self.bar_values: list[tuple[str, float]] = []

    def _wrap_note(self, event: tk.Event) -> None:
        wrap = max(120, int(event.width) - 2 * 6 - 4)  # (the label's padding)
        if int(self.note.cget("wraplength")) != wrap:
            self.note.configure(wraplength=wrap)

    # -- showing --------------------------------------------------------------------------

    def show_bars(self, names: tuple[str, ...] | None, win: tuple[float, ...] | None) -> None:
        """One bar per player with the win chance, or none."""
        c = self.bars
        new = list(zip(names, win, strict=False)) if names and win is not None else []
        if new == self.bar_values and (new or int(c.cget("height")) == 0):
            return  # the same bars: nothing to draw
        self.bar_values = new
        if not new:
            c.delete("all")
            c.configure(height=0)
            return
        self._draw_bars()

    def _draw_bars(self, event: object = None) -> None:
        c = self.bars
        c.delete("all")
        if not self.bar_values:
            return
        font = tkfont.nametofont("TkDefaultFont", root=c)
        row = max(BAR_HEIGHT, font.metrics("linespace"))  # a line of text at any size
        height = len(self.bar_values) * (row + 4) + 4
        if int(c.cget("height")) != height:
            c.configure(height=height)
        # No update_idletasks() to learn the width: a canvas not laid out yet says 1 and
        # is drawn again by <Configure> once it has its width.
        width = max(c.winfo_width(), 200)
        # The names' column: as wide as the longest name, at most a third of the panel.
        label_w = min(max(font.measure(name) for name, _p in self.bar_values) + 8, width // 3)
        # The percentage stands right of the bar, on the panel: inside it, one colour of
        # text cannot be read on both the fill and the empty part.
        value_w = font.measure(percent(1.0, 1)) + 8
        pal = self.pal
        for i, (name, p) in enumerate(self.bar_values):
            y = 4 + i * (row + 4)
            c.create_text(2, y + row / 2, text=_fit(font, name, label_w - 8), anchor="w",
                          fill=pal.panel_text, tags=("label",))
            x0, x1 = label_w, width - 4 - value_w
            c.create_rectangle(x0, y, x1, y + row, outline=pal.bar_outline,
                               fill=pal.bar_empty, tags=("frame",))
            c.create_rectangle(x0, y, x0 + (x1 - x0) * max(0.0, min(1.0, p)), y + row,
                               outline="", fill=pal.bar_fill, tags=("bar",))
            c.create_text(width - 4, y + row / 2, text=percent(p, 1), anchor="e",
                          fill=pal.panel_text, tags=("value",))

    def _colour_rows(self) -> None:
        """The row tags of the list in the palette's colours; monochrome also sets the
        best freeze in bold (its colour alone would not show)."""
        pal = self.pal
        if not hasattr(self, "_bold"):  # the list's own font, in bold (kept alive here)
            self._bold = tkfont.nametofont("TkDefaultFont", root=self).copy()
            self._bold.configure(weight="bold")
        bold = self._bold if pal.theme == "mono" else ""
        self.tree.tag_configure("best", background=pal.best_row, font=bold)
        self.tree.tag_configure("chosen", background=pal.chosen_row)
        self.tree.tag_configure("chosen-best", background=pal.chosen_best_row, font=bold)

    def fit_columns(self) -> None:
        """Each column as wide as its longest text in the fonts in use (they grow with the
        scaling: fixed pixels cut "(1,500)" to "(1,50"): a straight and its points, a value
        with its mark; a longer heading in a language widens its column."""
        heading = tkfont.nametofont("TkHeadingFont", root=self)
        rows = tkfont.nametofont("TkDefaultFont", root=self)
        value = max(rows.measure("\u25b6 " + percent(0.999, 1)),
                    rows.measure("\u25b6 " + number(10000.5)))
        # Translators: the advisor's columns: the dice to freeze, then the value of
        # throwing on and of banking after that freeze.
        columns = [("freeze", _("Freeze"), rows.measure("\u2605 1 2 3 4 5 6  (10,000)")),
                   ("throw", _("Throw on"), value), ("bank", _("Bank"), value)]
        grown = [max(width, heading.measure(text)) + 14 for _col, text, width in columns]
        for (col, text, _width), width in zip(columns, grown, strict=True):
            self.tree.heading(col, text=text)
            self.tree.column(col, width=width, minwidth=width if col == "freeze" else 20,
                             anchor="w" if col == "freeze" else "e", stretch=col == "freeze")
        self._widths = dict(zip((c for c, _t, _w in columns), grown, strict=True))

    def needed_width(self) -> int:
        """The width the panel needs to show its columns whole (its margins included)."""
        return sum(self._widths.values()) + 2 * 6 + 4

    def show_values(self, values: AdvisorValues | None) -> None:
        """The choices of the throw (``None``: an empty list)."""
        self.tree.delete(*self.tree.get_children())
        self.rows = []
        self._items = []
        self._best = None
        self.chosen = None
        # (Rotary Club has no bank: its column would say "-" on every row; the throw's
        # column takes its room)
        banks = values is None or values.banks
        self.tree.configure(displaycolumns="#all" if banks else ("freeze", "throw"))
        w = self._widths
        self.tree.column("throw", width=w["throw"] if banks else w["throw"] + w["bank"])
        if values is None or not values.choices:
            self._fit_rows()
            return
        self._best = values.best
        for i, ch in enumerate(values.choices):
            best = i == values.best
            mark_throw = best and not ch.bank_is_best
            mark_bank = best and ch.bank_is_best
            row = ((("\u2605 " if best else "   ") + " ".join(map(str, ch.faces))
                    + f"  ({number(ch.points)})"),
                   ("\u25b6 " if mark_throw else "") + values.format(ch.throw),
                   ("\u25b6 " if mark_bank else "") + values.format(ch.bank), best)
            self.rows.append(row)
            self._items.append(self.tree.insert("", "end", values=row[:3],
                                                tags=("best",) if best else ()))
        self.natural_rows = min(len(values.choices), MOST_ROWS)
        self._fit_rows()

    def _row_height(self) -> int:
        """A row of the list in pixels (the scaling sets the style's rowheight)."""
        found = ttk.Style(self).lookup("Treeview", "rowheight")
        try:
            return int(found)
        except (TypeError, ValueError):
            return tkfont.nametofont("TkDefaultFont", root=self).metrics("linespace") + 4

    def _fit_rows(self) -> None:
        """The list as tall as its rows, within ``most_rows``; the best and the chosen row
        scrolled into view when some are out of it."""
        shown = min(self.natural_rows, self.most_rows)
        if int(self.tree.cget("height")) != shown:
            self.tree.configure(height=shown)
        for index in (self._best, self.chosen):
            if index is not None and 0 <= index < len(self._items):
                self.tree.see(self._items[index])

    def height_with_every_row(self) -> int:
        """The height the panel asks for with its list showing every row it may
        (``MOST_ROWS`` at most), whatever :meth:`limit_rows` left out."""
        shown = int(self.tree.cget("height"))
        return int(self.winfo_reqheight()) + (self.natural_rows - shown) * self._row_height()

    def limit_rows(self, short: int) -> None:
        """The window lacks ``short`` pixels for the game log (none: 0 or less): the list
        gives up as many rows as that takes, keeping ``FEWEST_ROWS``; the others scroll."""
        rows = -(-short // self._row_height()) if short > 0 else 0
        most = max(FEWEST_ROWS, self.natural_rows - rows) if rows else MOST_ROWS
        if most != self.most_rows:
            self.most_rows = most
            self._fit_rows()

    def mark_chosen(self, index: int | None) -> None:
        """Highlight the row of the freeze the player has selected (None: no row)."""
        if index == self.chosen:
            return
        self.chosen = index
        for i, item in enumerate(self._items):
            best = i == self._best
            if i == index:
                tags: tuple[str, ...] = ("chosen-best",) if best else ("chosen",)
            else:
                tags = ("best",) if best else ()
            self.tree.item(item, tags=tags)
        if index is not None and 0 <= index < len(self._items):
            self.tree.see(self._items[index])

    def show(self, display: AdvisorDisplay) -> None:
        """Draw what the advisor service says (only what changed)."""
        self.show_bars(display.names, display.win)
        if display.values is not self._values:
            self._values = display.values
            self.show_values(display.values)
        self.mark_chosen(display.chosen)
        self.say(display.note)
        self.offer_review(display.review)

    def say(self, text: str) -> None:
        if self.note.cget("text") != text:
            self.note.configure(text=text)

    def offer_review(self, on: bool) -> None:
        if on and not self.review_button.winfo_manager():
            # Under the heading, not below the list: in a short window (1024x600, a long
            # language) the bottom of the column is the part pack leaves out.
            self.review_button.pack(anchor="w", padx=6, pady=4, after=self.heading)
        elif not on and self.review_button.winfo_manager():
            self.review_button.pack_forget()

    def set_palette(self, pal: Palette) -> None:
        self.pal = pal
        for w in (self, self.bars):
            w.configure(background=pal.panel)
        self.heading.configure(background=pal.panel, foreground=pal.panel_text)
        self.note.configure(background=pal.panel, foreground=pal.panel_muted)
        self._colour_rows()
        self._draw_bars()  # their colours follow the theme
