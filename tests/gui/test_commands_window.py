"""Issue 11 in the window: the menus, the key bindings and the Keys window are the table of
commands; each preference is defined once, and a change notifies once."""

from __future__ import annotations

import tkinter as tk
from collections.abc import Iterator

import pytest
from app_kit import QUIET, key, make_app, settings

from tenthousand.dialogs.keys import KeysDialog
from tenthousand.dialogs.preferences import PreferencesDialog
from tenthousand.files.settings import LivePreferences, Preferences, load_preferences
from tenthousand.present.commands import COMMANDS, KEY_GROUPS, MENU_TITLES, in_group, in_menu


@pytest.fixture
def root(tk_root: tk.Tk) -> Iterator[tk.Tk]:
    yield tk_root
    for child in tk_root.winfo_children():
        if isinstance(child, tk.Toplevel):
            child.destroy()
    tk_root.update()


def _menu_entries(root: tk.Tk, menubar: tk.Menu) -> dict[str, list[tuple[str, str, str]]]:
    """Each menu's entries: (type, label, accelerator); a separator is ("separator", "", "")."""
    found: dict[str, list[tuple[str, str, str]]] = {}
    for i in range(int(menubar.index("end")) + 1):
        menu = root.nametowidget(menubar.entrycget(i, "menu"))
        rows = []
        for j in range(int(menu.index("end")) + 1):
            kind = menu.type(j)
            if kind == "separator":
                rows.append(("separator", "", ""))
            else:
                rows.append((kind, menu.entrycget(j, "label"),
                             menu.entrycget(j, "accelerator")))
        found[menubar.entrycget(i, "label")] = rows
    return found


def test_the_menus_are_the_table(tk_root: tk.Tk) -> None:
    app = make_app(tk_root)
    try:
        want: dict[str, list[tuple[str, str, str]]] = {}
        for title in MENU_TITLES:
            rows = want.setdefault(title, [])
            for command in in_menu(title):
                if command.separator_before and rows:
                    rows.append(("separator", "", ""))
                rows.append(("checkbutton" if command.check else "command", command.label,
                             command.keys))
        assert _menu_entries(tk_root, app.window.menubar) == want
    finally:
        app.destroy()


def test_every_key_of_the_table_is_bound_to_its_handler(tk_root: tk.Tk) -> None:
    app = make_app(tk_root)
    try:
        assert set(app.handlers) == {c.name for c in COMMANDS}
        for command in COMMANDS:
            for sequence in command.sequences:
                assert tk_root.bind(sequence), f"{sequence} ({command.name}) is not bound"
        key(app, "F1")
        assert app.prefs.sound is (not QUIET.sound)
        volume = app.prefs.volume
        key(app, "KP_Subtract")
        assert app.prefs.volume == volume - 10
        key(app, "equal")
        assert app.prefs.volume == volume
    finally:
        app.destroy()
    for command in COMMANDS:
        for sequence in command.sequences:
            assert not tk_root.bind(sequence), f"{sequence} is still bound"


def test_the_keys_window_is_the_table(root: tk.Tk) -> None:
    d = KeysDialog(root, testing=True)
    try:
        want = [(keys or shown, what) for group in KEY_GROUPS for command in in_group(group)
                for shown in [command.keys] for keys, what in command.lines()]
        assert d.rows == want
        keyed = {c.name for c in COMMANDS if c.sequences}
        assert {c.name for g in KEY_GROUPS for c in in_group(g)} == keyed
    finally:
        d.destroy()


def test_review_is_greyed_out_until_there_is_a_decision(tk_root: tk.Tk) -> None:
    app = make_app(tk_root, settings(("Ann", False), ("Bot", True)),
                   throws=[(1, 5, 2, 3, 4, 6)])
    try:
        menu, index = app.window.entries["review"]
        assert menu.entrycget(index, "state") == "disabled"
        key(app, "space")  # the first throw of a turn chooses nothing
        assert menu.entrycget(index, "state") == "disabled"
        key(app, "1")
        key(app, "b")  # a freeze and a bank: a decision to review
        assert menu.entrycget(index, "state") == "normal"
    finally:
        app.destroy()


# -- preferences ---------------------------------------------------------------------------

def test_a_watcher_hears_a_change_once_and_only_a_real_one() -> None:
    live = LivePreferences(Preferences())
    heard: list[str] = []
    live.watch(("theme", "table_colour"), lambda: heard.append("looks"))
    live.watch("delay", lambda: heard.append("delay"))
    assert live.update(theme="mono", table_colour="red") == {"theme": "mono",
                                                            "table_colour": "red"}
    assert heard == ["looks"]
    assert live.update(theme="mono", delay=0.8) == {}  # nothing new: nobody hears
    assert heard == ["looks"]
    live.update(delay=0.23)  # kept as 0.25: a change
    assert heard == ["looks", "delay"] and live.value.delay == 0.25


def test_a_delay_of_a_quarter_second_is_saved_played_and_shown_as_typed(root: tk.Tk) -> None:
    d = PreferencesDialog(root, QUIET, testing=True)
    d.delay_var.set("0.25")
    d.ok()
    assert d.result is not None and d.result.delay == 0.25
    app = make_app(root)
    try:
        app.options.apply_preferences(d.result)
        app.options.save_preferences()
        assert load_preferences()[0].delay == 0.25
        assert app.controller.delay == 0.25
        assert "Delay 0.25 s" in str(app.window.status.settings.cget("text"))
        again = PreferencesDialog(root, app.prefs, testing=True)
        assert again.delay_var.get() == "0.25"
        again.destroy()
        app.options.faster()  # the keys step from there and keep the same rounding
        assert app.prefs.delay == app.controller.delay == 0.15
    finally:
        app.destroy()


def test_the_dialog_rows_come_from_the_definitions(root: tk.Tk) -> None:
    from tenthousand.files.settings import DELAY, PITCH
    from tenthousand.i18n import mnemonic

    d = PreferencesDialog(root, Preferences(), testing=True)
    try:
        labels = {str(w.cget("text")) for w in _labels(d)}
        shown = {mnemonic(DELAY.title())[0], mnemonic(PITCH.title())[0]}
        assert shown | {DELAY.help(), PITCH.help()} <= labels
        steps = [float(v) for v in d.delay_spin.cget("values")]  # the arrows' values
        assert steps[0] == DELAY.low and steps[-1] == DELAY.high
        assert {round(b - a, 9) for a, b in zip(steps, steps[1:], strict=False)} == {DELAY.step}
        assert (float(d.pitch_spin.cget("from")), float(d.pitch_spin.cget("to"))) == (
            PITCH.low, PITCH.high)
    finally:
        d.destroy()


def _labels(widget: tk.Misc) -> list[tk.Misc]:
    found = []
    for child in widget.winfo_children():
        if child.winfo_class() in ("TLabel", "TCheckbutton", "TRadiobutton"):
            found.append(child)
        found.extend(_labels(child))
    return found
