"""Issue 15, item 7: Tab through every dialog, and every widget that takes the focus shows
it (in colour and in monochrome): a solid ring around fields and drop-down lists, the
focused read-only drop-down highlighted, the dotted ring of buttons and check boxes, the
highlight ring of tk widgets, each with 3:1 contrast or more."""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable, Iterator
from tkinter import ttk
from typing import Any

import pytest

from tenthousand.dialogs.about import AboutDialog
from tenthousand.dialogs.keys import KeysDialog
from tenthousand.dialogs.newgame import NewGameDialog
from tenthousand.dialogs.preferences import PreferencesDialog
from tenthousand.dialogs.review import ReviewWindow
from tenthousand.files.settings import THEMES, GameSettings, Preferences
from tenthousand.view.theme import apply_style, contrast, hex_colour

pytestmark = pytest.mark.gui

RING = 3.0  # WCAG's contrast for the parts of a control (text wants 4.5)

DIALOGS: dict[str, Callable[[tk.Misc], tk.Toplevel]] = {
    "new game": lambda root: NewGameDialog(root, GameSettings(), testing=True),
    "preferences": lambda root: PreferencesDialog(root, Preferences(), testing=True),
    "keys": lambda root: KeysDialog(root, testing=True),
    "about": lambda root: AboutDialog(root, testing=True),
    "review": lambda root: ReviewWindow(root, []),
}


@pytest.fixture
def root(tk_root: tk.Tk) -> Iterator[tk.Tk]:
    yield tk_root
    for child in tk_root.winfo_children():
        if isinstance(child, tk.Toplevel):
            child.destroy()
    apply_style(tk_root, "color")
    tk_root.update()


def elements(layout: list[tuple[str, dict[str, Any]]]) -> Iterator[str]:
    for name, options in layout:
        yield name
        yield from elements(options.get("children", []))


def colour(widget: tk.Misc, value: object, default: str) -> str:
    return hex_colour(widget, str(value) if value else default)


def focus_problem(widget: tk.Misc) -> str | None:
    """Why the focus on ``widget`` cannot be seen, or None when it can."""
    if not isinstance(widget, ttk.Widget):
        thickness = int(widget.cget("highlightthickness"))
        ring = colour(widget, widget.cget("highlightcolor"), "#000000")
        around = colour(widget, widget.cget("highlightbackground"), "#d9d9d9")
        if thickness < 1 or contrast(ring, around) < RING:
            return f"highlight {thickness}px {ring} on {around}"
        return None
    if not widget.instate(["focus"]):
        return "no focus state"
    style = ttk.Style(widget)
    name = str(widget.cget("style")) or widget.winfo_class()
    if name in ("TScale", "TScrollbar", "TProgressbar"):  # laid out per orientation
        name = f"{str(widget.cget('orient')).capitalize()}.{name}"
    parts = list(elements(style.layout(name)))
    background = colour(widget, style.lookup(".", "background"), "#d9d9d9")
    if any(p.endswith(".highlight") for p in parts):
        on = colour(widget, style.lookup(name, "highlightcolor", ["focus"]), background)
        off = colour(widget, style.lookup(name, "highlightcolor", ["!focus"]), background)
        thickness = int(style.lookup(name, "highlightthickness") or 0)
        if thickness < 2 or contrast(on, off) < RING or contrast(on, background) < RING:
            return f"ring {thickness}px {on} (without focus {off}) on {background}"
    elif any(p.endswith(".focus") for p in parts):
        ring = colour(widget, style.lookup(name, "focuscolor", ["focus"]), "#000000")
        if contrast(ring, background) < RING:
            return f"dotted ring {ring} on {background}"
    else:
        return f"no focus element in {parts}"
    if isinstance(widget, ttk.Combobox) and widget.instate(["readonly"]):
        field = colour(widget, style.lookup(name, "fieldbackground", ["readonly", "focus"]),
                       "#ffffff")
        plain = colour(widget, style.lookup(name, "fieldbackground", ["readonly"]), "#ffffff")
        text = colour(widget, style.lookup(name, "foreground", ["readonly", "focus"]),
                      "#000000")
        if field == plain or contrast(text, field) < 4.5:
            return f"read-only drop-down: {text} on {field} (without focus {plain})"
    return None


def tab_through(dialog: tk.Toplevel) -> dict[tk.Misc, str | None]:
    """Press Tab until the focus comes back round: each widget it visited, with what is
    wrong with the way it shows the focus (checked while it has it)."""
    dialog.update()
    dialog.focus_force()
    dialog.update()
    if dialog.focus_get() is dialog:  # the window itself: Tab goes to its first widget
        dialog.event_generate("<Tab>")
        dialog.update()
    seen: dict[tk.Misc, str | None] = {}
    for _ in range(80):
        focus = dialog.focus_get()
        assert focus is not None and focus is not dialog, "the focus left the widgets"
        if focus in seen:
            return seen
        seen[focus] = focus_problem(focus)
        focus.event_generate("<Tab>")
        dialog.update()
    raise AssertionError("Tab never came back round")


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("which", list(DIALOGS))
def test_tab_shows_where_the_focus_is(root: tk.Tk, which: str, theme: str) -> None:
    apply_style(root, theme)
    dialog = DIALOGS[which](root)
    visited = tab_through(dialog)
    assert visited
    problems = {str(w): p for w, p in visited.items() if p is not None}
    assert problems == {}


@pytest.mark.parametrize("theme", THEMES)
def test_every_drop_down_is_reached_and_shows_it(root: tk.Tk, theme: str) -> None:
    """Plays as, Preset and Table colour: Tab reaches each, and each shows the focus."""
    apply_style(root, theme)
    new_game = NewGameDialog(root, GameSettings(), testing=True)
    visited = tab_through(new_game)
    combos = [row.combo for row in new_game.seat_rows] + [new_game.preset_combo]
    for combo in combos:
        assert combo in visited and visited[combo] is None
    new_game.destroy()
    prefs = PreferencesDialog(root, Preferences(), testing=True)
    visited = tab_through(prefs)
    assert prefs.colour_combo in visited and visited[prefs.colour_combo] is None
    # the widget without the focus shows no ring
    style = ttk.Style(root)
    prefs.delay_spin.focus_force()
    prefs.update()
    assert not prefs.colour_combo.instate(["focus"])
    # (as text: once a Tk message box has drawn with it, Tk hands the colour back as an
    # object of its own)
    assert str(style.lookup("TCombobox", "highlightcolor", ["!focus"])) == \
        str(style.lookup(".", "background"))
