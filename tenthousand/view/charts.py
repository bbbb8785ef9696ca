"""A chart on a Tk canvas: lines, bars or dots from a :class:`ChartData`, in the theme.

No plotting library: axes with round tick values, labels, a legend, a dashed reference
line, colours from the palette (and, in monochrome, black with a different dash for each
series, so the lines stay apart without colour).  It redraws itself when resized and is
readable from 360x220 up.
"""

from __future__ import annotations

import math
import tkinter as tk
import tkinter.font as tkfont
from collections.abc import Sequence

from ..history.series import BARS, DOTS, ChartData
from ..i18n import _, decimal, number
from .scaling import factor
from .theme import Palette

#: Line colours in the colour theme (a colour-blind friendly set).
COLOURS = ("#0b5cad", "#c0392b", "#1e8449", "#b9770e", "#7d3c98", "#117a8b", "#6e2c00",
           "#ad1457", "#34495e")
#: Dash patterns in monochrome, one a series.
DASHES: tuple[tuple[int, ...], ...] = ((), (8, 4), (2, 3), (10, 3, 2, 3), (5, 5), (1, 2),
                                       (12, 2), (6, 2, 2, 2), (3, 6))
FONT = ("TkDefaultFont", 10)
TITLE_FONT = ("TkDefaultFont", 12, "bold")
SMALL_FONT = ("TkDefaultFont", 9)


def nice_ticks(low: float, high: float, count: int = 5, *, least: float = 0.0
               ) -> list[float]:
    """Round tick values covering low..high (1, 2 or 5 times a power of ten apart, and at
    least ``least`` apart: 1 for whole things)."""
    if high <= low:
        high = low + 1.0
    raw = max((high - low) / max(1, count), least)
    power = 10 ** math.floor(math.log10(raw))
    steps = (1, 2, 5, 10) if least >= 1 else (1, 2, 2.5, 5, 10)  # no 2.5 rounds
    step = next(m * power for m in steps if m * power >= raw)
    first = math.floor(low / step) * step
    ticks = []
    value = first
    while value <= high + step * 1e-9:
        ticks.append(round(value, 10))
        value += step
    if ticks[-1] < high:
        ticks.append(round(value, 10))
    return ticks


def _label(value: float, percent: bool) -> str:
    """A tick's label, as the language writes numbers (no space before % on an axis)."""
    if abs(value) < 1e-12:
        return "0%" if percent else "0"
    if percent:
        whole = abs(value * 100 - round(value * 100)) < 1e-6
        return f"{decimal(value * 100, 0 if whole else 1)}%"
    if abs(value) >= 1000 or value == round(value):
        return number(value)
    return f"{value:g}".replace(".", decimal(1.5, 1)[1])


class Chart(tk.Canvas):
    """A canvas that draws one :class:`ChartData` (see :meth:`show`)."""

    def __init__(self, master: tk.Misc, pal: Palette, *, width: int = 560,
                 height: int = 320, **kw: object) -> None:
        super().__init__(master, width=width, height=height, highlightthickness=0,
                         background=pal.panel, **kw)  # type: ignore[arg-type]
        self.pal = pal
        self.data: ChartData | None = None
        self.unit = 1.0  # pixels a pixel at 96 dpi and 100% (the fonts grow by as much)
        self.bind("<Configure>", lambda _e: self.redraw())

    def _px(self, pixels: float) -> int:
        """``pixels`` at 96 dpi and 100%, on this screen: the margins grow with the text
        (at -dpi 192 the title ran into the top tick, the axis's name into its ticks)."""
        return round(pixels * self.unit)

    def show(self, data: ChartData | None) -> None:
        self.data = data
        self.redraw()

    def set_palette(self, pal: Palette) -> None:
        self.pal = pal
        self.configure(background=pal.panel)
        self.redraw()

    def style(self, i: int) -> tuple[str, tuple[int, ...]]:
        """The colour and dash of series ``i``."""
        if self.pal.theme == "mono":
            return self.pal.panel_text, DASHES[i % len(DASHES)]
        return COLOURS[i % len(COLOURS)], ()

    # -- drawing --------------------------------------------------------------------------

    def redraw(self) -> None:
        self.delete("all")
        self.unit = max(1.0, factor(self))
        px = self._px
        data = self.data
        w, h = max(self.winfo_width(), 2), max(self.winfo_height(), 2)
        if w <= 2:  # not mapped yet: the requested size
            w, h = int(self.cget("width")), int(self.cget("height"))
        text = self.pal.panel_text
        self.create_text(px(12), px(8), text=data.title if data else "", anchor="nw",
                         fill=text, font=TITLE_FONT, tags=("title",))
        top = px(32)
        if data is not None and data.note:
            note = self.create_text(px(12), px(30), text=data.note, anchor="nw",
                                    fill=self.pal.panel_muted, font=SMALL_FONT,
                                    width=w - px(24), tags=("note",))
            bbox = self.bbox(note)
            top = (bbox[3] if bbox else px(46)) + px(2)
        if data is None or data.empty:
            why = data.empty_note if data is not None and data.empty_note else \
                _("Nothing to show yet.")
            self.create_text(w // 2, h // 2, text=why, fill=text, font=FONT, tags=("empty",),
                             width=max(px(120), w - px(48)), justify="center")
            return
        rows = self._legend_rows(data, w)
        legend_h = px(22) * len(rows)
        # the plot area: x0, y0, x1, y1
        box = (px(64), top + px(6), w - px(16), h - px(44) - legend_h)
        if box[2] - box[0] < px(40) or box[3] - box[1] < px(30):
            return
        xs, ys = self._ranges(data)
        self._axes(data, box, xs, ys)
        if data.kind == BARS:
            self._bars(data, box, ys)
        else:
            self._lines(data, box, xs, ys)
            self._reference_label(data, box, ys)
        self._legend(data, rows, h - legend_h - px(4))

    def _reference_label(self, data: ChartData, box: tuple[int, int, int, int],
                         ys: list[float]) -> None:
        """The reference line's label ("game point 10,000") beside the line and clear of
        it and of every series: at the right above the line, else below it, else at the
        left (the winner's line ran through it at the right end). (Bars have it in the
        legend: they would hide it.)"""
        if data.reference is None or not data.reference_label:
            return
        x0, y0, x1, y1 = box
        y = self._scale(data.reference, ys, y1, y0)
        gap = self._px(4)
        places = [(x1 - gap, y - gap, "se"), (x1 - gap, y + gap, "ne"),
                  (x0 + gap, y - gap, "sw"), (x0 + gap, y + gap, "nw")]
        item = self.create_text(*places[0][:2], text=data.reference_label, anchor="se",
                                fill=self.pal.panel_muted, font=SMALL_FONT,
                                tags=("reference", "reference-label"))
        series = set(self.find_withtag("series"))
        for x, ly, anchor in places:
            self.coords(item, x, ly)
            self.itemconfigure(item, anchor=anchor)
            bbox = self.bbox(item)
            if bbox is None:
                return
            inside = y0 <= bbox[1] and bbox[3] <= y1
            if inside and not series & set(self.find_overlapping(*bbox)):
                return
        self.coords(item, *places[0][:2])  # nowhere clear: where it always was
        self.itemconfigure(item, anchor="se")

    def _ranges(self, data: ChartData) -> tuple[list[float], list[float]]:
        allx = [x for s in data.series for x, _y in s.points]
        ally = [y for s in data.series for _x, y in s.points]
        if data.reference is not None:
            ally.append(data.reference)
        low = data.y_min if data.y_min is not None else min(ally)
        high = data.y_max if data.y_max is not None else max(ally)
        if data.kind == DOTS:
            return nice_ticks(min(allx + [0.0]), max(allx + [0.0])), nice_ticks(
                min(low, 0.0), max(high, 0.0))
        if data.kind == BARS:
            return [0.5, len(data.x_names) + 0.5], nice_ticks(low, high)
        return (nice_ticks(min(allx), max(allx), 6, least=1.0 if data.x_whole else 0.0),
                nice_ticks(low, high))

    @staticmethod
    def _scale(value: float, ticks: Sequence[float], a: float, b: float) -> float:
        lo, hi = ticks[0], ticks[-1]
        return a + (value - lo) / ((hi - lo) or 1.0) * (b - a)

    def _axes(self, data: ChartData, box: tuple[int, int, int, int], xs: list[float],
              ys: list[float]) -> None:
        x0, y0, x1, y1 = box
        px = self._px
        text, muted = self.pal.panel_text, self.pal.panel_muted
        grid = "#d0d0d0" if self.pal.theme == "mono" else "#e2ddd0"
        for t in ys:
            y = self._scale(t, ys, y1, y0)
            self.create_line(x0, y, x1, y, fill=grid, tags=("grid",))
            self.create_text(x0 - px(6), y, text=_label(t, data.percent), anchor="e",
                             fill=muted, font=SMALL_FONT, tags=("ytick",))
        if data.kind == BARS:
            for i, name in enumerate(data.x_names):
                x = self._scale(i + 1, xs, x0, x1)
                self.create_text(x, y1 + px(6), text=name, anchor="n", fill=text, font=FONT,
                                 tags=("xtick",))
        else:
            for t in xs:
                x = self._scale(t, xs, x0, x1)
                self.create_line(x, y1, x, y1 + px(4), fill=muted)
                self.create_text(x, y1 + px(6),
                                 text=_label(t, data.percent and data.kind == DOTS),
                                 anchor="n", fill=muted, font=SMALL_FONT, tags=("xtick",))
        self.create_rectangle(x0, y0, x1, y1, outline=muted, tags=("frame",))
        self.create_text((x0 + x1) / 2, y1 + px(22), text=data.x_label, anchor="n", fill=text,
                         font=FONT, tags=("xlabel",))
        self.create_text(px(14), (y0 + y1) / 2, text=data.y_label, angle=90, fill=text,
                         font=FONT, tags=("ylabel",))
        if data.reference is not None:
            y = self._scale(data.reference, ys, y1, y0)
            self.create_line(x0, y, x1, y, fill=muted, dash=(4, 4), tags=("reference",))
            if data.kind == DOTS:  # the other axis through zero too
                x = self._scale(0.0, xs, x0, x1)
                self.create_line(x, y0, x, y1, fill=muted, dash=(4, 4), tags=("reference",))

    def _lines(self, data: ChartData, box: tuple[int, int, int, int], xs: list[float],
               ys: list[float]) -> None:
        x0, y0, x1, y1 = box
        for i, s in enumerate(data.series):
            colour, dash = self.style(i)
            coords = [(self._scale(x, xs, x0, x1), self._scale(y, ys, y1, y0))
                      for x, y in s.points]
            if data.kind == DOTS:
                r = self._px(4)
                for x, y in coords:
                    if i % 2:  # a second look for the second series, in mono as in colour
                        self.create_rectangle(x - r, y - r, x + r, y + r, outline=colour,
                                              tags=("series", f"s{i}"))
                    else:
                        self.create_oval(x - r, y - r, x + r, y + r, fill=colour,
                                         outline=colour, tags=("series", f"s{i}"))
            elif len(coords) >= 2:
                if data.steps:  # level until the next turn changes it
                    coords = [c for (a, b) in zip(coords, coords[1:], strict=False) for c in
                              (a, (b[0], a[1]))] + [coords[-1]]
                flat = [v for xy in coords for v in xy]
                self.create_line(*flat, fill=colour, width=self._px(2), dash=dash or "",
                                 tags=("series", f"s{i}"))
            elif coords:
                x, y = coords[0]
                r = self._px(3)
                self.create_oval(x - r, y - r, x + r, y + r, fill=colour, outline=colour,
                                 tags=("series", f"s{i}"))

    def _bars(self, data: ChartData, box: tuple[int, int, int, int], ys: list[float]) -> None:
        x0, y0, x1, y1 = box
        slot = (x1 - x0) / max(1, len(data.x_names))
        n = len(data.series)
        width = slot * 0.7 / n
        for i, s in enumerate(data.series):
            colour, _dash = self.style(i)
            stipple = "gray50" if self.pal.theme == "mono" and i else ""
            for x, y in s.points:
                left = x0 + slot * (x - 1) + slot * 0.15 + width * i
                top = self._scale(y, ys, y1, y0)
                self.create_rectangle(left, top, left + width - 2, y1, fill=colour,
                                      outline=colour, stipple=stipple,
                                      tags=("series", f"s{i}"))

    def _legend_rows(self, data: ChartData, w: int) -> list[list[int]]:
        """The legend's entries (series by index; -1 the bars' reference line) in rows that
        fit the chart's width: every series is named, on as many rows as it takes (nine
        players on a small screen)."""
        entries = list(range(len(data.series)))
        if data.kind == BARS and data.reference is not None and data.reference_label:
            entries.append(-1)
        font = tkfont.Font(font=FONT)
        px = self._px
        rows: list[list[int]] = [[]]
        x = px(64)
        for i in entries:
            name = data.reference_label if i < 0 else data.series[i].name
            width = px(30) + font.measure(name or "") + px(18)
            if rows[-1] and x + width > w - px(16):
                rows.append([])
                x = px(64)
            rows[-1].append(i)
            x += width
        return rows

    def _legend(self, data: ChartData, rows: list[list[int]], y: int) -> None:
        for row in rows:
            x = self._px(64)
            for i in row:
                x = self._legend_entry(data, i, x, y)
            y += self._px(22)

    def _legend_entry(self, data: ChartData, i: int, x: int, y: int) -> int:
        """One entry of the legend at ``x``; where the next one starts."""
        px = self._px
        middle = y + px(9)
        if i < 0:  # the dashed line of the bars' chart, named in the legend
            self.create_line(x, middle, x + px(24), middle, fill=self.pal.panel_muted,
                             dash=(4, 4), tags=("legend", "reference"))
            item = self.create_text(x + px(30), middle, text=data.reference_label, anchor="w",
                                    fill=self.pal.panel_text, font=FONT,
                                    tags=("legend", "reference"))
        else:
            colour, dash = self.style(i)
            if data.kind == DOTS:  # the same marks as on the chart
                if i % 2:
                    self.create_rectangle(x + px(2), middle - px(4), x + px(10),
                                          middle + px(4), outline=colour, tags=("legend",))
                else:
                    self.create_oval(x + px(2), middle - px(4), x + px(10), middle + px(4),
                                     fill=colour, outline=colour, tags=("legend",))
            elif data.kind == BARS:
                self.create_rectangle(x, middle - px(5), x + px(12), middle + px(5),
                                      fill=colour, outline=colour,
                                      stipple="gray50" if self.pal.theme == "mono" and i
                                      else "", tags=("legend",))
            else:
                self.create_line(x, middle, x + px(24), middle, fill=colour, width=px(2),
                                 dash=dash or "", tags=("legend",))
            item = self.create_text(x + px(30), middle, text=data.series[i].name, anchor="w",
                                    fill=self.pal.panel_text, font=FONT, tags=("legend",))
        bbox = self.bbox(item)
        return (bbox[2] if bbox else x + px(100)) + px(18)
