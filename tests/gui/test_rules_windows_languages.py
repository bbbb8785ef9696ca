"""The workshop, the rules window and the strategy card in German, French and pseudo: access
keys that work with Alt and never repeat where they can be pressed, and no English left."""

from __future__ import annotations

import re
import time
import tkinter as tk
from collections.abc import Iterator
from tkinter import ttk

import pytest

from tenthousand import i18n
from tenthousand.dialogs.rules_window import RulesWindow
from tenthousand.dialogs.strategy import StrategyWindow
from tenthousand.dialogs.workshop import WorkshopDialog
from tenthousand.model.rules import PRESETS
from tenthousand.view import access


def _walk(widget: tk.Misc) -> Iterator[tk.Misc]:
    for child in widget.winfo_children():
        yield child
        yield from _walk(child)


def _key(text: str, underline: int) -> str | None:
    return text[underline].lower() if 0 <= underline < len(text) else None


def _keys_by_page(d: WorkshopDialog) -> dict[str, list[str]]:
    """The access keys of the workshop by notebook page ("" for the keys of the whole
    window: fields at the top, tabs, buttons)."""
    pages = {str(page): name for name, page in d.pages.items()}
    found: dict[str, list[str]] = {}
    for widget in _walk(d):
        try:
            text, underline = str(widget.cget("text")), int(widget.cget("underline"))
        except (tk.TclError, ValueError):
            continue
        key = _key(text, underline)
        if key is None:
            continue
        page = next((name for path, name in pages.items()
                     if str(widget).startswith(path + ".")), "")
        found.setdefault(page, []).append(key)
    for tab in d.notebook.tabs():
        key = _key(str(d.notebook.tab(tab, "text")), int(d.notebook.tab(tab, "underline")))
        assert key is not None
        found.setdefault("", []).append(key)
    return found


def _workshop(root: tk.Tk) -> WorkshopDialog:
    d = WorkshopDialog(root, PRESETS["farkle"], testing=True)
    d.focus_force()
    root.update()
    return d


def _alt(d: tk.Misc, letter: str) -> None:
    d.event_generate(f"<Alt-{letter}>")
    d.update()


@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_no_access_key_twice_where_it_can_be_pressed(tk_root: tk.Tk, language: str) -> None:
    i18n.set_language(language)
    d = _workshop(tk_root)
    try:
        keys = _keys_by_page(d)
        assert set(keys) == {"", "scoring", "combinations", "turn", "end", "options"}
        common = keys.pop("")
        assert len(common) == len(set(common)) == 14, common
        for page, letters in keys.items():
            both = common + letters
            assert len(both) == len(set(both)), (page, sorted(both))
        registered = access.keys_of(d)  # every key shown is bound, and only those
        shown = {k for letters in _keys_by_page(d).values() for k in letters}
        assert set(registered) == shown
    finally:
        d.destroy()


def test_alt_keys_move_through_the_workshop_in_english(tk_root: tk.Tk) -> None:
    d = _workshop(tk_root)
    try:
        _alt(d, "d")
        assert d.focus_get() is d.fields["description"]
        _alt(d, "t")  # the Turn page
        assert d.notebook.select() == str(d.pages["turn"])
        _alt(d, "g")
        assert d.focus_get() is d.fields["opening_minimum"]
        before = d.vars["three_trash"].get()
        _alt(d, "w")  # a check box: focused and toggled
        assert d.vars["three_trash"].get() is not before
        _alt(d, "b")  # Combinations: the same letter g now names the straight
        _alt(d, "g")
        assert d.focus_get() is d.fields["straight"]
        _alt(d, "i")  # Scoring: Alt+digit for the singles, k for the kinds
        _alt(d, "5")
        assert d.focus_get() is d.fields["single_five"]
        _alt(d, "k")
        assert d.focus_get() is d.fields["kind_1_3"]
    finally:
        d.destroy()


def test_the_workshop_in_german(tk_root: tk.Tk) -> None:
    i18n.set_language("de")
    d = _workshop(tk_root)
    try:
        assert d.title() == "Hausregeln"
        assert d.vars["name"].get() == "Mein Farkle"
        _alt(d, "z")  # Zug
        assert d.notebook.select() == str(d.pages["turn"])
        _alt(d, "i")  # Einstiegsminimum
        assert d.focus_get() is d.fields["opening_minimum"]
        d.vars["minimum"].set("75")
        d.update()
        assert d._error_labels["minimum"].cget("text") == "ein Vielfaches von 50"
        d.vars["minimum"].set("1.000")  # numbers typed the German way
        d.update()
        assert d._error_labels["minimum"].cget("text") == ""
        end = time.monotonic() + 10
        while "Punkte" not in str(d.figures_label.cget("text")):
            assert time.monotonic() < end, "the figures never came"
            tk_root.update()
            time.sleep(0.01)
        assert re.search(r"\d,\d Punkte", str(d.figures_label.cget("text")))
        assert str(d.button_ok.cget("text")) == "Speichern"
        assert [row[0] for row in d.table.rows][:2] == ["eine einzelne 1", "eine einzelne 5"]
    finally:
        d.destroy()


def test_every_text_of_the_workshop_goes_through_the_catalogue(tk_root: tk.Tk) -> None:
    i18n.set_language("pseudo")
    d = _workshop(tk_root)
    try:
        texts = [str(w.cget("text")) for w in _walk(d)
                 if isinstance(w, (ttk.Label, ttk.Button, ttk.Checkbutton, ttk.Radiobutton,
                                   ttk.Labelframe))]
        texts += [str(d.notebook.tab(t, "text")) for t in d.notebook.tabs()]
        texts += d.table.text.get("1.0", "1.end").split("\t")  # the table's column heads
        left = [t for t in texts if t.strip() and "⟦" not in t
                and not re.fullmatch(r"[\d\s]+", t)]
        assert left == []
    finally:
        d.destroy()


def test_the_rules_window_in_german(tk_root: tk.Tk) -> None:
    i18n.set_language("de")
    w = RulesWindow(tk_root, PRESETS["trash-10000"])
    tk_root.update()
    text = w.content()
    assert "Zielpunktzahl 10.000; Einstiegsminimum 500; Mindestpunktzahl danach 350." in text
    assert "Kombination\tPunkte\tHinweis" in text
    assert "drei Paare\t2.000" in text
    assert "Game point" not in text and " the " not in text
    w.focus_force()
    tk_root.update()
    _alt(w, "c")  # S&chließen
    assert not w.winfo_exists()


def test_the_rules_window_in_french(tk_root: tk.Tk) -> None:
    i18n.set_language("fr")
    w = RulesWindow(tk_root, PRESETS["ten-thousand"])
    tk_root.update()
    text = w.content()
    assert "Score à atteindre 10\u00a0000" in text
    assert "trois 1\t1\u00a0000" in text
    w.close()


def test_the_strategy_card_in_german(tk_root: tk.Tk) -> None:
    i18n.set_language("de")
    card = StrategyWindow(tk_root, PRESETS["trash-5000"], theme="mono", seats=2)
    try:
        end = time.monotonic() + 30
        while not card.rows:
            assert time.monotonic() < end, "the table never came"
            tk_root.update()
            time.sleep(0.01)
        assert card.rows[0][0] == "1 Würfel"
        assert str(card.close_button.cget("text")) == "Schließen"
        card.focus_force()
        tk_root.update()
        _alt(card, "4")
        assert card.dice.get() == 4
        assert set(access.keys_of(card)) == {"c", "w", "1", "2", "3", "4", "5", "6"}
        assert all(len(texts) == 1 for texts in access.keys_of(card).values())
    finally:
        card.close()
