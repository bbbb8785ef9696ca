"""The frame's dialogs from the keyboard alone and in other languages: every field, button,
check box and radio button has an access key, no letter twice in a window (in English,
German and French), Alt+letter reaches its field; the Keys window and the preferences in
German; and under the pseudo language no text of these windows escapes the catalogue.
That every window fits the screens we claim in every language: test_windows_fit.py."""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable, Iterator
from tkinter import ttk

import pytest

from tenthousand import i18n
from tenthousand.dialogs.about import AboutDialog
from tenthousand.dialogs.base import Dialog
from tenthousand.dialogs.error import install_tk_error_handler
from tenthousand.dialogs.keys import KeysDialog
from tenthousand.dialogs.newgame import NewGameDialog
from tenthousand.dialogs.preferences import PreferencesDialog
from tenthousand.files.settings import GameSettings, Preferences
from tenthousand.view import access

pytestmark = pytest.mark.gui

DIALOGS: dict[str, Callable[[tk.Misc], Dialog]] = {  # type: ignore[type-arg]
    "new game": lambda root: NewGameDialog(root, GameSettings(), testing=True),
    "preferences": lambda root: PreferencesDialog(root, Preferences(), testing=True),
    "about": lambda root: AboutDialog(root, testing=True),
    "keys": lambda root: KeysDialog(root, testing=True),
}


def _close_windows(root: tk.Tk) -> None:
    """No window of another test (an error window holds a grab) may take the keys."""
    grab = root.grab_current()
    if grab is not None:
        grab.grab_release()
    for child in root.winfo_children():
        if isinstance(child, tk.Toplevel):
            child.destroy()
    root.update()


@pytest.fixture
def root(tk_root: tk.Tk) -> Iterator[tk.Tk]:
    _close_windows(tk_root)
    yield tk_root
    _close_windows(tk_root)


def alt(dialog: tk.Misc, letter: str) -> None:
    """Alt+letter, as a player presses it, with the focus inside ``dialog``."""
    # The field the dialog last focused (another window of the session may hold the focus).
    focus = dialog.nametowidget(str(dialog.tk.call("focus", "-lastfor", str(dialog))))
    focus.focus_force()
    dialog.update()
    focus.event_generate(f"<Alt-KeyPress-{letter}>")
    dialog.update()


def widgets(top: tk.Misc) -> Iterator[tk.Misc]:
    for child in top.winfo_children():
        yield child
        yield from widgets(child)


@pytest.mark.parametrize("language", ["en", "de", "fr"])
@pytest.mark.parametrize("name", list(DIALOGS))
def test_no_access_key_twice_in_a_window(root: tk.Tk, name: str, language: str) -> None:
    i18n.set_language(language)
    d = DIALOGS[name](root)
    keys = access.keys_of(d)
    assert keys, name
    assert {letter: texts for letter, texts in keys.items() if len(texts) > 1} == {}
    # every button, check box and radio button shows its key
    for w in widgets(d):
        if isinstance(w, (ttk.Button, ttk.Checkbutton, ttk.Radiobutton)) and \
                str(w.cget("text")) != "\u2715":
            assert int(w.cget("underline")) >= 0, w.cget("text")
    d.destroy()


def test_new_game_from_the_keyboard(root: tk.Tk) -> None:
    d = NewGameDialog(root, GameSettings(), testing=True)
    d.update()
    alt(d, "g")
    assert d.focus_get() is d.number_entries["game_point"]
    alt(d, "i")
    assert d.focus_get() is d.number_entries["minimum"]
    alt(d, "r")
    assert d.focus_get() is d.preset_combo
    alt(d, "s")
    assert d.focus_get() is d.seat_rows[0].combo
    alt(d, "n")
    assert d.focus_get() is d.seat_rows[0].entry
    alt(d, "p")
    assert d.option_vars["pyramiding"].get()
    assert d.focus_get() is d.option_checks["pyramiding"]
    alt(d, "a")
    assert len(d.seat_rows) == 3
    alt(d, "y")  # Play
    assert d.result is not None and d.result.options == ("pyramiding",)
    assert len(d.result.seats) == 3


def test_new_game_in_german_from_the_keyboard(root: tk.Tk) -> None:
    i18n.set_language("de")
    d = NewGameDialog(root, GameSettings(), testing=True)
    d.update()
    assert d.title() == "Neues Spiel"
    assert d.seat_rows[0].name.get() == "Du" and d.seat_rows[1].kind.get() == "Computer: Normal"
    assert d.placeholders["game_point"].cget("text") == "10.000"
    d.number_vars["game_point"].set("12.500")  # the German way of writing it
    alt(d, "z")
    assert d.focus_get() is d.number_entries["game_point"]
    alt(d, "u")  # M&utant Trash
    assert d.option_vars["mutant-trash"].get()
    d.seat_rows[0].name.set("")
    root.update()
    assert d._error_labels["seat0"].cget("text") == "gib diesem Platz einen Namen"
    d.seat_rows[0].name.set("Ann")
    alt(d, "c")  # Abbre&chen
    assert d.result is None and not d.winfo_exists()


def test_new_game_reads_the_german_number(root: tk.Tk) -> None:
    i18n.set_language("de")
    d = NewGameDialog(root, GameSettings(), testing=True)
    d.number_vars["game_point"].set("12.500")
    d.ok()
    assert d.result is not None and d.result.game_point == 12500


def test_preferences_from_the_keyboard(root: tk.Tk) -> None:
    d = PreferencesDialog(root, Preferences(), testing=True)
    d.update()
    alt(d, "d")
    assert d.focus_get() is d.delay_spin
    alt(d, "b")
    assert d.theme_var.get() == "colorblind"
    alt(d, "w")
    assert d.speed_var.get() == "slow"
    alt(d, "r")
    assert not d.sound_var.get()
    alt(d, "g")
    assert d.focus_get() is d.language_combo
    alt(d, "v")
    assert d.focus_get() is d.volume_scale
    alt(d, "k")  # O&K
    assert d.result == Preferences(theme="colorblind", animation_speed="slow", sound=False)


def test_preferences_choose_a_language_and_say_so_in_it(root: tk.Tk) -> None:
    d = PreferencesDialog(root, Preferences(), testing=True)
    assert d.language_var.get() == "Follow the desktop"
    assert set(d.language_combo.cget("values")) == {"Follow the desktop", "English", "Deutsch",
                                                    "Français"}
    assert d.language_note.cget("text") == ""
    d.language_var.set("Deutsch")
    root.update()
    assert d.language_note.cget("text") == "Das Spiel spricht diese Sprache ab seinem nächsten Start."
    d.language_var.set("Français")
    root.update()
    assert d.language_note.cget("text").startswith("Le jeu parlera cette langue")
    d.language_var.set("Deutsch")
    d.ok()
    assert d.result == Preferences(language="de")


def test_preferences_in_german(root: tk.Tk) -> None:
    i18n.set_language("de")
    d = PreferencesDialog(root, Preferences(language="de"), testing=True)
    d.update()
    assert d.title() == "Einstellungen"
    assert d.colour_var.get() == "Grün" and d.size_var.get() == "100\u00a0%"
    assert d.language_var.get() == "Deutsch"
    assert d.delay_var.get() == "0,8"  # the computer's delay as German writes it
    d.delay_spin.event_generate("<<Increment>>")
    d.update()
    assert d.delay_var.get() == "0,85"
    alt(d, "p")  # S&prache
    assert d.focus_get() is d.language_combo
    alt(d, "m")
    assert d.theme_var.get() == "mono"
    d.size_var.set("150\u00a0%")
    d.colour_var.set("Lila")
    d.ok()
    assert d.result == Preferences(language="de", theme="mono", size=150, table_colour="purple",
                                   delay=0.85)


def test_the_keys_window_in_german(root: tk.Tk) -> None:
    i18n.set_language("de")
    d = KeysDialog(root, testing=True)
    assert d.title() == "Tasten"
    rows = dict(d.rows)
    assert rows["Leertaste oder R"] == "die gewählten Würfel zur Seite legen und die anderen werfen"
    assert rows["Strg+Z"].startswith("rückgängig: deinen letzten Zug zurücknehmen")
    assert rows["Esc / Strg+N"] == (
        "ein neues Spiel einrichten (würde es dieses beenden, wirst du vorher gefragt)")
    groups = [d.tree.item(i, "values")[0] for i in d.tree.get_children()
              if "group" in d.tree.item(i, "tags")]
    assert groups == ["Spielen", "Das Spiel", "Optionen", "Hilfe"]
    assert str(d.button_ok.cget("text")) == "Schließen"
    alt(d, "c")  # S&chließen
    assert not d.winfo_exists()


def test_the_about_box_from_the_keyboard(root: tk.Tk) -> None:
    d = AboutDialog(root, testing=True)
    d.update()
    alt(d, "l")
    assert d.focus_get() is d.path_entries["log"]
    alt(d, "h")
    assert d.focus_get() is d.path_entries["history"]
    alt(d, "c")
    assert not d.winfo_exists()


def test_the_error_window_from_the_keyboard_in_french(root: tk.Tk) -> None:
    i18n.set_language("fr")
    saved: list[bool] = []
    previous = root.report_callback_exception
    install_tk_error_handler(root, on_save_and_quit=lambda: saved.append(True))
    try:
        root.report_callback_exception(ValueError, ValueError("boom"), None)
        top = next(w for w in root.winfo_children() if isinstance(w, tk.Toplevel)
                   and w.title() == "Dix-Mille\u00a0: un problème est survenu")
        assert {letter: len(texts) for letter, texts in access.keys_of(top).items()} == {
            "c": 1, "q": 1, "p": 1}
        alt(top, "q")
        assert saved == [True]
    finally:
        root.report_callback_exception = previous  # type: ignore[method-assign]


def _texts(top: tk.Misc) -> Iterator[str]:
    yield str(top.wm_title()) if isinstance(top, tk.Toplevel) else ""
    for w in widgets(top):
        if isinstance(w, (ttk.Label, ttk.Button, ttk.Checkbutton, ttk.Radiobutton,
                          ttk.Labelframe)):
            yield str(w.cget("text"))
        if isinstance(w, ttk.Combobox):
            yield from (str(v) for v in w.cget("values"))
        if isinstance(w, ttk.Treeview):
            yield from (str(w.heading(c, "text")) for c in w.cget("columns"))
            for item in w.get_children():
                yield from (str(v) for v in w.item(item, "values"))


#: What may show untranslated: numbers, names, and what is the same in every language.
ALLOWED = {"\u2715", "English", "Deutsch", "Français", "1 - 6", "1 - 9", "P", "H", "+", "-",
           "F1", "F2", "F4", "F5", "F6", "F7", "F8", "F9", "F10"}


@pytest.mark.parametrize("name", list(DIALOGS))
def test_pseudo_covers_every_text_of_the_dialogs(root: tk.Tk, name: str) -> None:
    from tenthousand import __version__

    i18n.set_language("pseudo")
    d = DIALOGS[name](root)
    escaped = [t for t in _texts(d)
               if t.strip() and t not in ALLOWED and not t.startswith("\u27e6")
               and not t.rstrip(".%\u00a0").replace(".", "").replace(",", "").isdigit()
               and __version__ not in t]
    assert escaped == []
    d.destroy()
