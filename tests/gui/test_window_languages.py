"""The main window in German and in the pseudo language (issue 14): a short scripted game
spoken in German, the window's texts through the catalogue, and the access keys of the
main window (Alt+letter, no letter twice).

The speech program is replaced by a recorder, as in ``test_keyboard_and_speech.py``."""

from __future__ import annotations

import re
import tkinter as tk
from collections.abc import Iterator

import pytest
from app_kit import QUIET, make_app, settings, wait_until
from speech_kit import Recorder

from tenthousand import i18n
from tenthousand.control.app import App
from tenthousand.services.speech import Speaker
from tenthousand.view import access

pytestmark = pytest.mark.gui


@pytest.fixture
def german() -> Iterator[None]:
    assert i18n.set_language("de") == "de", "the German catalogue is missing"
    yield
    i18n.set_language("en")


def press(app: App, keysym: str) -> None:
    app.root.update()
    target = app.root.focus_get() or app.window.table
    modifier, _sep, name = keysym.rpartition("-")
    target.event_generate(f"<{modifier}-KeyPress-{name}>" if modifier else f"<KeyPress-{name}>")
    app.root.update()


def test_a_scripted_game_is_spoken_in_german(tk_root: tk.Tk, german: None) -> None:
    rec = Recorder(instant=True)
    app = make_app(tk_root, settings(("Du", False), ("Bot", True)),
                   speaker=Speaker(tk_root, rec), prefs=QUIET.replace(speech=True),
                   throws=[(1, 1, 4, 5, 5, 6), (2, 2, 3, 4, 6, 6)])
    try:
        app.window.table.focus_force()
        press(app, "Control-d")
        assert rec.texts[-1].startswith("Du bist dran. Drücke die Leertaste oder klicke auf "
                                        "Werfen, um sechs Würfel zu werfen. Zugpunkte 0.")
        press(app, "Control-a")
        assert rec.texts[-1] == "Der Berater bewertet die Würfel deiner Würfe: wirf zuerst."
        press(app, "space")
        for number in ("1", "2", "4", "5"):
            press(app, number)
        assert rec.texts[-1].endswith("Wirf weiter oder schreib.")
        assert app.window.actions.bank_button.cget("text") == "300 schreiben (B)"
        assert app.window.actions.throw_button.cget("text") == "2 Würfel werfen (Leertaste)"
        press(app, "b")
        wait_until(app, lambda: app.controller.human_to_play and not app.speaker.speaking)
        press(app, "Control-s")
        assert rec.texts[-1].startswith("Du 300, am Zug; Mensch, im Spiel.")
        assert "Bot 0; Computer (Normal), noch nicht im Spiel" in rec.texts[-1]
        assert app.window.scoreboard.title.cget("text") == "Punkte"
    finally:
        app.destroy()


_BRACKETED = re.compile(r"⟦[^⟦⟧]*⟧")


def _escaped(text: str) -> str:
    """The letters of ``text`` outside every ⟦...⟧: words that escaped the catalogue."""
    while _BRACKETED.search(text):
        text = _BRACKETED.sub("", text)
    return "".join(ch for ch in text if ch.isalpha())


def test_the_window_in_pseudo_has_no_text_outside_the_catalogue(tk_root: tk.Tk) -> None:
    i18n.set_language(i18n.PSEUDO)
    app = make_app(tk_root, settings(("Ann", False), ("Bot", True)),
                   throws=[(1, 1, 4, 5, 5, 6)])
    try:
        app.root.update()
        menubar = app.window.menubar
        texts = []
        for i in range(int(menubar.index("end") or 0) + 1):
            texts.append(str(menubar.entrycget(i, "label")))
            menu = tk_root.nametowidget(menubar.entrycget(i, "menu"))
            for j in range(int(menu.index("end") or 0) + 1):
                if menu.type(j) != "separator":
                    texts.append(str(menu.entrycget(j, "label")))
        actions, table = app.window.actions, app.window.table
        texts += [str(actions.throw_button.cget("text")), str(actions.bank_button.cget("text")),
                  str(actions.reason.cget("text")), str(app.window.log.heading.cget("text")),
                  str(app.window.scoreboard.title.cget("text"))]
        texts += [str(table.itemcget(item, "text")) for item in
                  (table.caption_item, table.score_item, table.left_item, table.hint_item)]
        texts += [row[2] for row in app.window.scoreboard.texts()]
        for text in texts:
            assert text and not _escaped(text.replace("Ann", "").replace("Bot", "")), text
    finally:
        app.destroy()
        i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_the_main_windows_access_keys(tk_root: tk.Tk, language: str) -> None:
    """The review button's Alt+letter presses it, and no letter is used twice: not by two
    access keys, nor by one and a menu title (Alt+letter opens the menu)."""
    assert i18n.set_language(language) == language
    reviewed: list[bool] = []
    # The window at its usual size: an earlier test may have left the shared root small
    # (1024x600), where the advisor's column has no room left for the review button.
    tk_root.minsize(1, 1)
    tk_root.geometry("1180x800")
    app = make_app(tk_root, settings(("Ann", False), ("Bot", True)))
    try:
        app.root.update()
        menubar = app.window.menubar
        menus = []
        for i in range(int(menubar.index("end") or 0) + 1):
            label = str(menubar.entrycget(i, "label"))
            menus.append(label[int(menubar.entrycget(i, "underline"))].lower())
        keys = access.keys_of(app.root)
        assert all(len(texts) == 1 for texts in keys.values()), keys
        assert len(set(menus)) == len(menus) and not set(menus) & set(keys), (menus, keys)
        panel = app.window.advisor
        panel.review_button.configure(command=lambda: reviewed.append(True))
        app.advisor.set_shown(True)
        # The advisor's values come from a worker, and their redraw decides whether the
        # review is offered: let them arrive first, then offer it.
        wait_until(app, lambda: app.jobs.pending == 0, 30)  # (a busy machine)
        app.root.update()
        panel.offer_review(True)
        app.root.update()
        # The key answers only for a button on screen: wait until the window manager shows it.
        wait_until(app, lambda: bool(panel.review_button.winfo_viewable()))
        shown = str(panel.review_button.cget("text"))
        letter = shown[int(panel.review_button.cget("underline"))].lower()
        assert keys[letter] == [shown]
        app.root.event_generate(f"<Alt-KeyPress-{letter}>")
        app.root.update()
        assert reviewed == [True]
    finally:
        app.destroy()
        i18n.set_language("en")
