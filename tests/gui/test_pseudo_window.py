"""Issue 14: the pseudo language over the whole main window, at the sizes players have.

Every text is made longer and accented under ``pseudo`` (``i18n._Pseudo``), so this test,
which plays a few moves and then reads every widget of the window (labels, buttons, menus,
the log, the scoreboard, the canvas's texts), shows two things at once: no text escaped the
catalogue (every word sits inside ⟦...⟧, apart from the seat names), and nothing is cut
off or overlaps on the table even when every text is a third longer than in English.  A
screenshot of each size is taken from the screen; set ``TENTHOUSAND_SHOTS=DIR`` to keep it.
"""

from __future__ import annotations

import os
import re
import tkinter as tk
from collections.abc import Iterator
from pathlib import Path
from tkinter import ttk

import pytest
from app_kit import QUIET, app_on_screen, click_die, key, settings
from PIL import ImageGrab
from test_sizes import check_bars, check_table

from tenthousand import i18n
from tenthousand.control.app import App

pytestmark = pytest.mark.gui

_BRACKETED = re.compile(r"⟦[^⟦⟧]*⟧")
NAMES = ("Ann", "Bot")


def escaped(text: str) -> str:
    """The words of ``text`` outside every ⟦...⟧ (the seat names left out)."""
    while _BRACKETED.search(text):
        text = _BRACKETED.sub("", text)
    for name in NAMES:
        text = text.replace(name, "")
    return " ".join(re.findall(r"[^\W\d_]{2,}", text))


def widget_texts(widget: tk.Misc) -> Iterator[tuple[str, str]]:
    """(where, text) for every text the widget and its children show."""
    name = str(widget)
    for option in ("text", "label"):
        try:
            value = str(widget.cget(option))
        except (tk.TclError, ValueError):
            continue
        if value.strip() and not value.startswith("PY_VAR"):
            yield name, value
    if isinstance(widget, tk.Text):
        yield name, widget.get("1.0", "end")
    elif isinstance(widget, tk.Canvas):
        for item in widget.find_all():
            if widget.type(item) == "text" and widget.itemcget(item, "state") != "hidden":
                yield f"{name} item {item}", str(widget.itemcget(item, "text"))
    elif isinstance(widget, ttk.Treeview):
        for column in ("#0", *widget["columns"]):
            yield f"{name} heading {column}", str(widget.heading(column, "text"))
        for row in widget.get_children():
            yield f"{name} row {row}", " ".join(map(str, widget.item(row, "values")))
    elif isinstance(widget, tk.Menu):
        end = widget.index("end")
        for i in range(0 if end is None else int(end) + 1):
            if widget.type(i) not in ("separator", "tearoff"):
                yield f"{name} entry {i}", str(widget.entrycget(i, "label"))
                accel = str(widget.entrycget(i, "accelerator"))
                if accel:
                    yield f"{name} accelerator {i}", accel
    for child in widget.winfo_children():
        yield from widget_texts(child)


def cut_off(widget: tk.Misc) -> Iterator[str]:
    """Labels and buttons on screen that are narrower than their text."""
    if isinstance(widget, (ttk.Label, ttk.Button, tk.Label, tk.Button)) and \
            widget.winfo_viewable():
        try:
            wraps = int(str(widget.cget("wraplength")) or 0) > 0
        except (tk.TclError, ValueError):
            wraps = False
        text = str(widget.cget("text"))
        if text.strip() and not wraps and widget.winfo_width() + 1 < widget.winfo_reqwidth():
            yield f"{widget}: {text!r} needs {widget.winfo_reqwidth()} px, has {widget.winfo_width()}"
    for child in widget.winfo_children():
        yield from cut_off(child)


#: (size preference, screen) as in test_sizes: a 2x desktop, a small laptop, the test screen.
SCREENS = [(100, (1280, 900)), (100, (1024, 600)), (200, (1920, 1080))]


@pytest.fixture
def pseudo_app(tk_root: tk.Tk, request: pytest.FixtureRequest) -> Iterator[App]:
    size, screen = request.param
    assert i18n.set_language(i18n.PSEUDO) == i18n.PSEUDO
    try:
        with app_on_screen(tk_root, size, screen,
                           settings(("Ann", False), ("Bot", True), preset="trash-5000"),
                           throws=[(1, 5, 2, 3, 4, 6), (1, 1, 5, 2)],
                           prefs=QUIET.replace(size=size)) as app:
            yield app
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("pseudo_app", SCREENS, indirect=True,
                         ids=lambda p: f"{p[0]}%-{p[1][0]}x{p[1][1]}")
def test_every_text_of_the_window_is_translated_and_whole(pseudo_app: App,
                                                          request: pytest.FixtureRequest) -> None:
    app = pseudo_app
    screen = (app.root.winfo_screenwidth(), app.root.winfo_screenheight())
    table = app.window.table
    check_table(table, "pseudo, before the throw")
    key(app, "space")
    click_die(app, "thrown", 0)
    click_die(app, "thrown", 2)  # does not score: the longest message of the selection
    check_table(table, "pseudo, a refused selection")
    click_die(app, "thrown", 2)
    click_die(app, "thrown", 1)
    key(app, "space")
    check_table(table, "pseudo, a frozen row")
    check_bars(app, screen)
    app.root.update()

    escapes = [f"{where}: {text!r} ({word})" for where, text in widget_texts(app.root)
               if (word := escaped(text))]
    assert not escapes, "texts outside the catalogue:\n" + "\n".join(escapes[:30])
    cut = list(cut_off(app.root))
    assert not cut, "cut off:\n" + "\n".join(cut)

    shot = ImageGrab.grab((app.root.winfo_rootx(), app.root.winfo_rooty(),
                           app.root.winfo_rootx() + app.root.winfo_width(),
                           app.root.winfo_rooty() + app.root.winfo_height()))
    assert len(shot.getcolors(1 << 16) or range(1 << 16)) > 50  # the window, not a blank
    keep = os.environ.get("TENTHOUSAND_SHOTS")
    if keep:
        name = request.node.callspec.id.replace("%", "pc")
        shot.save(Path(keep) / f"pseudo-{name}.png")
