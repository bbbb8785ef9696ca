"""Issue 15, item 2: the advisor's win-chance bars can be read at every value, in every
theme and table colour (every text has 4.5:1 contrast on everything drawn under it)."""

from __future__ import annotations

import tkinter as tk
from collections.abc import Iterator

import pytest

from tenthousand.files.settings import TABLE_COLOURS, THEMES
from tenthousand.view.advisor import AdvisorPanel
from tenthousand.view.theme import contrast, hex_colour, palette

pytestmark = pytest.mark.gui

VALUES = (0.0, 0.001, 0.1, 0.3, 0.449, 0.45, 0.5, 0.51, 0.55, 0.7, 0.9, 0.999, 1.0)


@pytest.fixture
def window(tk_root: tk.Tk) -> Iterator[tk.Toplevel]:
    top = tk.Toplevel(tk_root)
    top.geometry("360x200+0+0")
    yield top
    top.destroy()


def backgrounds_under(canvas: tk.Canvas, item: int) -> set[str]:
    """The colour of every filled shape under ``item``, and the canvas's own background
    where no shape covers it."""
    x0, y0, x1, y1 = canvas.bbox(item)
    found = set()
    covered = False
    for other in canvas.find_overlapping(x0, y0, x1, y1):
        if other == item or canvas.type(other) != "rectangle":
            continue
        fill = canvas.itemcget(other, "fill")
        if fill:
            found.add(hex_colour(canvas, fill))
            ox0, oy0, ox1, oy1 = canvas.coords(other)
            covered |= ox0 <= x0 and oy0 <= y0 and ox1 >= x1 and oy1 >= y1
    if not covered:
        found.add(hex_colour(canvas, canvas.cget("background")))
    return found


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("table_colour", [name for name, _ in TABLE_COLOURS])
def test_every_text_of_the_bars_has_contrast(window: tk.Toplevel, theme: str,
                                             table_colour: str) -> None:
    panel = AdvisorPanel(window, palette(theme, table_colour))
    panel.pack(fill="both", expand=True)
    window.update()
    for p in VALUES:
        panel.show_bars(("Ann", "Bot"), (p, 1 - p))
        window.update()
        c = panel.bars
        texts = c.find_withtag("value") + c.find_withtag("label")
        assert len(c.find_withtag("value")) == 2
        assert {c.itemcget(i, "text") for i in c.find_withtag("value")} == {
            f"{p * 100:.1f}%", f"{(1 - p) * 100:.1f}%"}
        for item in texts:
            x0, _, x1, _ = c.bbox(item)
            assert 0 <= x0 and x1 <= c.winfo_width(), "the text fits in the panel"
            fill = hex_colour(c, c.itemcget(item, "fill"))
            for under in backgrounds_under(c, item):
                ratio = contrast(fill, under)
                assert ratio >= 4.5, (theme, table_colour, p, c.itemcget(item, "text"),
                                      fill, under, ratio)


def test_the_fill_still_shows_the_value(window: tk.Toplevel) -> None:
    """Moving the text out of the bar keeps the fill in proportion to the chance."""
    panel = AdvisorPanel(window, palette("color", "green"))
    panel.pack(fill="both", expand=True)
    window.update()
    panel.show_bars(("Ann", "Bot"), (0.25, 0.75))
    window.update()
    c = panel.bars
    frames = [c.coords(i) for i in c.find_withtag("frame")]
    bars = [c.coords(i) for i in c.find_withtag("bar")]
    for (fx0, _, fx1, _), (bx0, _, bx1, _), p in zip(frames, bars, (0.25, 0.75), strict=True):
        assert bx0 == fx0 and (bx1 - bx0) == pytest.approx((fx1 - fx0) * p, abs=0.5)
