"""Issue 15, item 6: monochrome is monochrome.  With the mono theme the main window, the
advisor and the review draw nothing but black, white and greys (every widget option, ttk
style, canvas item, list row and text tag), show the best choice by a mark and bold, and
F10 says the table colour waits for colour to come back."""

from __future__ import annotations

import tkinter as tk
from collections.abc import Iterator
from tkinter import ttk

import pytest
from app_kit import QUIET, key, make_app, settings, wait_until
from PIL import ImageChops

from tenthousand.control.app import App
from tenthousand.dialogs.review import ReviewWindow
from tenthousand.files.settings import TABLE_COLOURS
from tenthousand.view.dice import render_face
from tenthousand.view.theme import apply_style, hex_colour, is_grey, palette

pytestmark = pytest.mark.gui

COLOUR_OPTIONS = ("background", "foreground", "activebackground", "activeforeground",
                  "disabledforeground", "highlightbackground", "highlightcolor",
                  "selectbackground", "selectforeground", "insertbackground",
                  "inactiveselectbackground", "selectcolor", "troughcolor",
                  "readonlybackground", "disabledbackground", "fill", "outline",
                  "activefill", "activeoutline", "disabledfill", "disabledoutline",
                  "fieldbackground", "indicatorcolor", "bordercolor", "lightcolor",
                  "darkcolor", "arrowcolor", "focuscolor", "insertcolor")
TTK_STATES = ([], ["focus"], ["active"], ["pressed"], ["selected"], ["disabled"],
              ["readonly"], ["readonly", "focus"], ["alternate"], ["selected", "disabled"])


def widgets(top: tk.Misc) -> Iterator[tk.Misc]:
    yield top
    for child in top.winfo_children():
        yield from widgets(child)


def ttk_colours(widget: ttk.Widget) -> Iterator[tuple[str, str]]:
    """Every colour the widget's style gives it, in every state it can be in."""
    style = ttk.Style(widget)
    name = str(widget.cget("style")) or widget.winfo_class()
    for option in COLOUR_OPTIONS:
        for state in TTK_STATES:
            value = style.lookup(name, option, state)
            if value:
                yield f"{name} {option} {state}", str(value)


def tk_colours(widget: tk.Misc) -> Iterator[tuple[str, str]]:
    """Every colour of a tk widget: options, canvas items, Text tags and menu entries."""
    try:
        keys = widget.configure() or {}
    except tk.TclError:
        keys = {}
    for option in COLOUR_OPTIONS:
        if option in keys and widget.cget(option):
            yield f"{widget} {option}", str(widget.cget(option))
    if isinstance(widget, tk.Canvas):
        for item in widget.find_all():
            for option, spec in widget.itemconfigure(item).items():
                if option in COLOUR_OPTIONS and spec[-1]:
                    yield f"{widget} item {item} {widget.type(item)} {option}", str(spec[-1])
    if isinstance(widget, tk.Text):
        for tag in widget.tag_names():
            for option in ("foreground", "background", "selectforeground",
                           "selectbackground"):
                if widget.tag_cget(tag, option):
                    yield f"{widget} tag {tag} {option}", str(widget.tag_cget(tag, option))
    if isinstance(widget, tk.Menu):
        last = widget.index("end")
        for i in range(0 if last is None else last + 1):
            for option in ("background", "foreground", "activebackground",
                           "activeforeground", "selectcolor"):
                try:
                    value = widget.entrycget(i, option)
                except tk.TclError:
                    continue
                if value:
                    yield f"{widget} entry {i} {option}", str(value)


def colours_of(top: tk.Misc) -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    for widget in widgets(top):
        if isinstance(widget, ttk.Widget):
            found.extend(ttk_colours(widget))
        if isinstance(widget, ttk.Treeview):
            for tag in ("best", "chosen", "chosen-best"):
                for option in ("background", "foreground"):
                    value = widget.tag_configure(tag, option)
                    if value:
                        found.append((f"{widget} tag {tag} {option}", str(value)))
        found.extend(tk_colours(widget))
    return found


def not_grey(top: tk.Misc) -> list[str]:
    return [f"{where}: {value}" for where, value in colours_of(top)
            if not is_grey(hex_colour(top, value))]


@pytest.fixture
def mono_app(tk_root: tk.Tk) -> Iterator[App]:
    # A small game point: the advisor values turn scores, quickly.
    app = make_app(tk_root, settings(("Ann", False), ("Bot", True), game_point=500),
                   throws=[(1, 1, 1, 5, 2, 3)],
                   prefs=QUIET.replace(advisor=True, theme="mono", table_colour="blue"))
    yield app
    for child in tk_root.winfo_children():
        if isinstance(child, tk.Toplevel):
            child.destroy()
    app.destroy()
    apply_style(tk_root, "color")


def test_the_window_advisor_and_review_are_grey(mono_app: App) -> None:
    app = mono_app
    panel = app.window.advisor
    key(app, "space")
    wait_until(app, lambda: bool(panel.rows), 15)
    key(app, "1")  # a freeze selected: its row is marked too
    wait_until(app, lambda: panel.chosen is not None, 5)
    key(app, "2")
    key(app, "3")
    key(app, "b")
    wait_until(app, lambda: app.controller.game.over, 15)
    wait_until(app, lambda: bool(panel.bar_values) or app.controller.game.over, 5)
    panel.show_bars(("Ann", "Bot"), (0.6, 0.4))  # the bars, whatever the game left
    review = app.records.show_review()
    assert isinstance(review, ReviewWindow)
    wait_until(app, lambda: review.result is not None, 15)
    app.root.update()
    assert review.result
    assert len(colours_of(app.root)) > 200  # the walk reaches the widgets and items
    assert not_grey(app.root) == []
    assert not_grey(review) == []
    # the best freeze and the best move still stand out: a mark, and bold
    text = review.text.get("1.0", "end")
    assert "\u2717 You:" in text and "\u2605 Best:" in text
    assert review.text.tag_cget("best", "font")


def test_the_advisor_rows_in_mono_show_the_best_in_bold(mono_app: App) -> None:
    app = mono_app
    panel = app.window.advisor
    key(app, "space")
    wait_until(app, lambda: bool(panel.rows), 15)
    assert [r[0].startswith("\u2605") for r in panel.rows].count(True) == 1
    for tag in ("best", "chosen-best"):
        assert panel.tree.tag_configure(tag, "font"), tag
    assert not panel.tree.tag_configure("chosen", "font")
    colours = {tag: panel.tree.tag_configure(tag, "background")
               for tag in ("best", "chosen", "chosen-best")}
    assert colours["best"] != colours["chosen"], "the selected row shows"
    assert not_grey(panel) == []


def test_f10_in_mono_keeps_the_colour_for_later(mono_app: App) -> None:
    app = mono_app
    table = app.window.table
    felt = table.cget("background")
    names = [name for name, _ in TABLE_COLOURS]
    for step in range(len(names)):
        key(app, "F10")
        name = names[(names.index("blue") + step + 1) % len(names)]
        assert app.prefs.table_colour == name
        assert table.cget("background") == felt, "a monochrome table stays grey"
        said = app.window.status.message.cget("text")
        assert said.startswith(f"Table colour: {name}") and "colour is on" in said
    # the menu entry does the same
    menu = app.window.menubar
    options = menu.nametowidget(menu.entrycget("Options", "menu"))
    options.invoke("Table colour")
    assert "colour is on" in app.window.status.message.cget("text")
    app.options.apply_preferences(app.prefs.replace(theme="color"))
    app.root.update()
    assert table.cget("background") == palette("color", app.prefs.table_colour).felt
    key(app, "F10")
    assert app.window.status.message.cget("text") == \
        f"Table colour: {app.prefs.table_colour}."


def test_every_table_colour_is_the_same_grey_in_mono() -> None:
    felts = {palette("mono", name).felt for name, _ in TABLE_COLOURS}
    assert len(felts) == 1 and is_grey(felts.pop())
    for name, _ in TABLE_COLOURS:
        pal = palette("mono", name)
        for field, value in vars(pal).items():
            if field != "theme":
                assert is_grey(value), (name, field, value)


@pytest.mark.parametrize("state", ["normal", "selected", "frozen", "dim", "trash"])
def test_mono_dice_are_grey(state: str) -> None:
    for face in range(1, 7):
        r, g, b = render_face(face, 30, state, "mono").convert("RGB").split()
        assert ImageChops.difference(r, g).getbbox() is None, (face, state)
        assert ImageChops.difference(g, b).getbbox() is None, (face, state)


def test_the_rules_window_and_match_table_are_grey(mono_app: App) -> None:
    from tenthousand.dialogs.match import MatchDialog

    app = mono_app
    key(app, "F5")
    window = app.game_commands.rules_window
    assert window is not None and window.winfo_exists()
    assert "Rows in italics count only on the first throw" in window.content()
    assert not_grey(window) == []
    match = MatchDialog(app.root, app.controller.game, testing=True)
    try:
        assert not_grey(match) == []
    finally:
        match.destroy()
    # Back to colour, the open rules window follows (and uses colour again).
    app.options.apply_preferences(app.prefs.replace(theme="color"))
    assert "Rows in blue italics" in window.content()
    assert not_grey(window) != []


def _background_like(where: str) -> bool:
    option = where.rsplit(" ", 2)
    return any(word in ("background", "fieldbackground", "troughcolor") for word in option)


def test_high_contrast_covers_the_whole_window(tk_root: tk.Tk) -> None:
    """High contrast is white and yellow on black in the side panel, the log, the action
    and status bars, the menus and the ttk buttons and lists, not only on the table (the
    side panel stayed grey on white)."""
    from tenthousand.view.theme import contrast

    app = make_app(tk_root, settings(("Ann", False), ("Bot", True)),
                   prefs=QUIET.replace(theme="contrast"))
    try:
        app.root.update()
        found = [(where, hex_colour(tk_root, value)) for where, value in colours_of(app.root)
                 if " item " not in where and " tag " not in where]
        states = ("active", "pressed", "selected", "disabled", "focus", "alternate")
        plain = [(w, c) for w, c in found if not any(s in w for s in states)]
        yellow = palette("contrast", "green").highlight  # the seat to play: black on yellow
        light = [f"{w}: {c}" for w, c in plain if _background_like(w) and c != yellow
                 and contrast(c, "#000000") > 3]
        assert light == [], "\n".join(light)  # every background is black (or near it)
        pairs = [(str(w), hex_colour(tk_root, str(w.cget("foreground"))),
                  hex_colour(tk_root, str(w.cget("background")))) for w in widgets(app.root)
                 if isinstance(w, (tk.Label, tk.Text, tk.Menu))]
        assert len(pairs) > 20
        assert [p for p in pairs if contrast(p[1], p[2]) < 4.5] == []  # and every text reads
        menus = [w for w in widgets(app.root) if isinstance(w, tk.Menu)]
        assert len(menus) >= 5 and {str(m.cget("background")) for m in menus} == {"#000000"}
        style = ttk.Style(tk_root)  # the dialogs' fields, hints and buttons in every state
        back = hex_colour(tk_root, style.lookup(".", "background"))
        for cls, state in (("TEntry", []), ("TCombobox", ["readonly"]), ("TSpinbox", []),
                           ("TButton", ["active"]), ("TCheckbutton", ["disabled"])):
            option = "fieldbackground" if cls != "TButton" and cls != "TCheckbutton" \
                else "background"
            field = hex_colour(tk_root, style.lookup(cls, option, state) or back)
            text = hex_colour(tk_root, style.lookup(cls, "foreground", state) or "#ffffff")
            assert contrast(field, "#000000") < 3 and contrast(text, field) >= 4.5, cls
        hint = hex_colour(tk_root, style.lookup("Hint.TLabel", "foreground"))
        assert contrast(hint, back) >= 4.5
        app.options.live.update(theme="color")  # the desktop's menus and ttk look come back
        app.root.update()
        assert str(app.window.menubar.cget("background")) != "#000000"
        assert hex_colour(tk_root, ttk.Style(tk_root).lookup(".", "background")) != "#000000"
    finally:
        app.destroy()
        apply_style(tk_root, "color")
