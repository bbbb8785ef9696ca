"""A heat map of banking thresholds on a Tk canvas: your board score down, the opponent's
across, each cell the turn score to bank from (with the number written in it, so the colour
is never the only sign).

The colour ramps follow the theme: warm in colour, viridis (readable with every kind of
colour blindness) in the colour-blind safe theme, greys in monochrome and black-and-white
steps in high contrast.  :func:`cell_colour` is pure, for the tests.
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Sequence
from tkinter import font as tkfont

from ..i18n import N_, _, decimal, ngettext, number

__all__ = ["HeatMap", "RAMPS", "cell_colour", "ink_for"]

#: Low to high: the colours of the smallest and the largest threshold, by theme.
RAMPS: dict[str, tuple[str, ...]] = {
    "color": ("#fff4d2", "#f7b267", "#d9573b", "#7d1d1a"),
    "colorblind": ("#fde725", "#35b779", "#31688e", "#440154"),
    "mono": ("#ffffff", "#c8c8c8", "#8c8c8c", "#404040"),
    "contrast": ("#ffffff", "#ffffff", "#000000", "#000000"),
}
# Translators: a cell of the strategy card's chart where throwing on is always better (short:
# it fits a small square).
NEVER = N_("never")  # marked only: translated where drawn


def _mix(a: str, b: str, t: float) -> str:
    pa = [int(a[i:i + 2], 16) for i in (1, 3, 5)]
    pb = [int(b[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(pa, pb, strict=True))


def cell_colour(theme: str, share: float) -> str:
    """The colour of a cell whose threshold is ``share`` (0 to 1) of the way from the
    lowest to the highest on the map."""
    ramp = RAMPS.get(theme, RAMPS["color"])
    share = min(1.0, max(0.0, share))
    if theme == "contrast":
        return "#000000" if share >= 0.5 else "#ffffff"
    pos = share * (len(ramp) - 1)
    i = min(int(pos), len(ramp) - 2)
    return _mix(ramp[i], ramp[i + 1], pos - i)


def ink_for(colour: str) -> str:
    """Black or white text, whichever reads better on ``colour``."""
    r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return "#000000" if 0.299 * r + 0.587 * g + 0.114 * b > 0.5 else "#ffffff"


class HeatMap(tk.Canvas):
    """The banking thresholds for one number of dice left, by the two board scores."""

    def __init__(self, parent: tk.Misc, *, cell: int = 44, **options: object) -> None:
        super().__init__(parent, highlightthickness=0, background="#ffffff",
                         **options)  # type: ignore[arg-type]
        self.cell = cell
        self.small = tkfont.nametofont("TkSmallCaptionFont", root=self) \
            if "TkSmallCaptionFont" in tkfont.names(root=self) \
            else tkfont.nametofont("TkDefaultFont", root=self)
        self.label_font = tkfont.nametofont("TkDefaultFont", root=self)

    def draw(self, scores: Sequence[int], values: Sequence[Sequence[int | None]],
             theme: str, dice: int, *, across: str | None = None) -> None:
        """Draw ``values[mine][theirs]`` (the threshold, None: keep throwing); ``across``
        names the board score along the top (the opponent's, unless given)."""
        self.delete("all")
        c = self.cell
        left, top = 8 + self.label_font.measure(_("Your score")) // 2 + 54, 34
        found = [v for row in values for v in row if v is not None]
        low, high = (min(found), max(found)) if found else (0, 1)
        n = len(scores)
        for i, row in enumerate(values):
            for j, value in enumerate(row):
                x, y = left + j * c, top + i * c
                share = 0.0 if value is None or high == low else (value - low) / (high - low)
                fill = "#ffffff" if value is None else cell_colour(theme, share)
                self.create_rectangle(x, y, x + c, y + c, fill=fill, outline="#808080")
                self.create_text(x + c / 2, y + c / 2, text=_(NEVER) if value is None
                                 else number(value), fill=ink_for(fill), font=self.small)
        self._axes(scores, left, top, n, across)
        # Translators: the title of the strategy card's chart.
        title = ngettext("Bank from this turn score with {n} die left",
                         "Bank from this turn score with {n} dice left", dice)
        self.create_text(left + n * c / 2, 14, font=self.label_font,
                         text=title.format(n=dice))
        self._legend(theme, low, high, left + n * c + 24, top, n * c)
        self.configure(width=left + n * c + 110, height=top + n * c + 48)

    def show_note(self, text: str) -> None:
        """While a map is being worked out: ``text`` in the middle of the map's place."""
        self.delete("all")
        width, height = int(self.cget("width")), int(self.cget("height"))
        self.create_text(width / 2, height / 2, text=text, font=self.label_font,
                         width=max(width - 16, 100))

    def _axes(self, scores: Sequence[int], left: int, top: int, n: int,
              across: str | None) -> None:
        c = self.cell
        for k, score in enumerate(scores):
            self.create_text(left + k * c + c / 2, top + n * c + 10, text=_short(score),
                             font=self.small)
            self.create_text(left - 6, top + k * c + c / 2, text=_short(score), anchor="e",
                             font=self.small)
        # Translators: the axes of the strategy card's chart (the arrows point along them).
        self.create_text(left + n * c / 2, top + n * c + 30, font=self.label_font,
                         text=across or _("the opponent's board score \u2192"))
        self.create_text(14, top + n * c / 2, font=self.label_font, angle=90,
                         text=_("\u2190 your board score"))

    def _legend(self, theme: str, low: int, high: int, x: int, top: int, height: int) -> None:
        steps = 8
        for k in range(steps):
            share = k / (steps - 1)
            y = top + (steps - 1 - k) * height / steps
            fill = cell_colour(theme, share)
            self.create_rectangle(x, y, x + 18, y + height / steps, fill=fill,
                                  outline="#808080")
        self.create_text(x + 24, top + 6, text=number(high), anchor="w", font=self.small)
        self.create_text(x + 24, top + height - 6, text=number(low), anchor="w",
                         font=self.small)


def _short(score: int) -> str:
    """3,500 as 3.5k, so the axis fits under narrow cells."""
    if score >= 1000:
        text = decimal(score / 1000, 1)
        if text.endswith("0"):  # "3.0": written 3
            text = number(round(score / 1000, 1))
        # Translators: thousands on the chart's axes, short: "3.5k" (3,500), "10k".
        return _("{thousands}k").format(thousands=text)
    return str(score)
