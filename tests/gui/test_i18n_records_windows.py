"""The record and history windows by keyboard alone and in other languages: every access
key (Alt+letter) does its job, no letter is used twice in a window (in English and in
German), and the replay window's texts all go through the catalogue (pseudo)."""

from __future__ import annotations

import time
import tkinter as tk
from collections.abc import Callable, Iterator
from pathlib import Path
from tkinter import ttk

import pytest

from tenthousand import i18n
from tenthousand.dialogs.challenge import ChallengeWindow
from tenthousand.dialogs.charts import ChartsWindow
from tenthousand.dialogs.match import MatchDialog
from tenthousand.dialogs.replay import ReplayWindow
from tenthousand.dialogs.review import ReviewWindow
from tenthousand.dialogs.statistics import StatisticsWindow
from tenthousand.model import Game, Record, Seat
from tenthousand.model.rules import PRESETS
from tenthousand.services.jobs import JobRunner
from tenthousand.tools.headless import play_to_end
from tenthousand.view import access
from tenthousand.view.theme import palette


def _record() -> Record:
    game = Game(PRESETS["trash-5000"], [Seat("Ann"), Seat("Bob", True, "beginner")], seed=5)
    play_to_end(game, seed=5)
    return game.record


def _wait(root: tk.Misc, condition: Callable[[], bool], seconds: float = 20.0) -> None:
    end = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < end, "timed out waiting for the window"
        root.update()
        time.sleep(0.01)


def _alt(window: tk.Misc, letter: str) -> None:
    window.focus_force()
    window.update()
    window.event_generate(f"<Alt-{letter}>")
    window.update()


def _unique(window: tk.Misc) -> None:
    keys = access.keys_of(window)
    assert keys, "no access keys in the window"
    assert {k: v for k, v in keys.items() if len(v) > 1} == {}


def _walk(widget: tk.Misc) -> Iterator[tk.Misc]:
    yield widget
    for child in widget.winfo_children():
        yield from _walk(child)


@pytest.fixture
def jobs(tk_root: tk.Tk) -> Iterator[JobRunner]:
    runner = JobRunner(tk_root)
    yield runner
    runner.close()


@pytest.fixture
def shown(tk_root: tk.Tk) -> Iterator[tk.Tk]:
    """The root on screen, as the game's window is (a window over a hidden root may stay
    unmapped, and keys go nowhere)."""
    tk_root.deiconify()
    tk_root.geometry("1024x700+0+0")
    tk_root.update()
    yield tk_root
    tk_root.withdraw()


@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_statistics_by_keyboard(shown: tk.Tk, jobs: JobRunner, tmp_path: Path,
                                language: str) -> None:
    i18n.set_language(language)
    window = StatisticsWindow(shown, palette("color", "green"), jobs,
                              path=tmp_path / "none.sqlite3")
    try:
        _unique(window)
        # (Dice, Network and the fairness tab: not translated yet, their English keys.)
        player, rules, against, period, dice, network, skill, fair = tuple(
            {"en": "praodnsi", "de": "srgzenki", "fr": "jgapdrhi"}[language])
        boxes = [w for w in _walk(window) if isinstance(w, ttk.Combobox)]
        for letter, box in zip((player, rules, against, period, dice, network), boxes,
                               strict=True):
            _alt(window, letter)
            assert window.focus_get() is box, letter
        _alt(window, skill)
        assert window.tabs.select() == str(window.charts["skill"])
        _alt(window, fair)
        assert window.tabs.select() == str(window.fairness)
        if language == "de":
            _wait(window, lambda: "Spiele:" in window.text.get("1.0", "end"))
            assert "noch keine Spiele gespeichert" in window.text.get("1.0", "end")
            assert window.title() == "Statistik"
    finally:
        window.destroy()


@pytest.mark.parametrize("language", ["en", "de"])
def test_challenge_by_keyboard(tk_root: tk.Tk, language: str) -> None:
    i18n.set_language(language)
    made: list[int] = []

    def make() -> str:
        made.append(1)
        return "No code today."

    window = ChallengeWindow(tk_root, make=make, play=lambda challenge, code: None)
    try:
        _unique(window)
        code, mine, theirs, compare, make_key = tuple({"en": "dyfam", "de": "dnfve"}[language])
        _alt(window, code)
        assert window.focus_get() is window.code_entry
        _alt(window, mine)
        assert window.focus_get() is window.mine_entry
        _alt(window, theirs)
        assert window.focus_get() is window.theirs_entry
        _alt(window, compare)
        shown = window.compare_error.cget("text")
        assert shown.startswith({"en": "Your code: ", "de": "Dein Code: "}[language])
        # Rules a code cannot carry are said at once, and the button is greyed out.
        assert made == [1] and window.made_words.cget("text") == "No code today."
        assert window.make_button.instate(["disabled"])
        _alt(window, make_key)
        assert made == [1] and window.made_words.cget("text") == "No code today."
    finally:
        window.destroy()


def test_match_dialog_by_keyboard(tk_root: tk.Tk) -> None:
    game = Game(PRESETS["trash-5000"], [Seat("Ann"), Seat("Bob")], seed=3)
    play_to_end(game, seed=3)
    for letter, choice in (("n", "next"), ("s", "new")):
        dialog = MatchDialog(tk_root, game, testing=True)
        try:
            _unique(dialog)
            _alt(dialog, letter)
            assert dialog.result == choice
        finally:
            if dialog.winfo_exists():
                dialog.destroy()


def test_match_dialog_in_german_keeps_its_keys_apart(tk_root: tk.Tk) -> None:
    i18n.set_language("de")
    game = Game(PRESETS["trash-5000"], [Seat("Ann"), Seat("Bob")], seed=3)
    play_to_end(game, seed=3)
    dialog = MatchDialog(tk_root, game, testing=True)
    try:
        _unique(dialog)
        assert dialog.title() == "Partietabelle"
        assert dialog.button_next.cget("text") == "Nächstes Spiel dieser Partie (F8)"
        _alt(dialog, "s")
        assert dialog.result == "new"
    finally:
        if dialog.winfo_exists():
            dialog.destroy()


@pytest.mark.parametrize("language", ["en", "de"])
def test_replay_by_keyboard(tk_root: tk.Tk, language: str) -> None:
    i18n.set_language(language)
    record = _record()
    window = ReplayWindow(tk_root, record, step=0)
    try:
        _wait(window, lambda: window.replay is not None)
        _unique(window)
        forward, last, first = tuple({"en": "wlf", "de": "vea"}[language])
        _alt(window, forward)
        assert window.step == 1
        _alt(window, last)
        assert window.step == len(record)
        where = window.where.cget("text")
        assert where.startswith({"en": "Step ", "de": "Schritt "}[language])
        _alt(window, first)
        assert window.step == 0
        assert window.advice_label.cget("text") == {
            "en": "The start of the game.", "de": "Der Anfang des Spiels."}[language]
    finally:
        window.close()


def test_the_replay_window_under_pseudo(tk_root: tk.Tk) -> None:
    i18n.set_language("pseudo")
    window = ReplayWindow(tk_root, _record(), step=0)
    try:
        _wait(window, lambda: window.replay is not None)
        window.show(0)
        texts = [window.title(), window.turn_list.heading("turn", "text"),
                 window.advice_label.cget("text"), window.where.cget("text")]
        texts += [w.cget("text") for w in _walk(window) if isinstance(w, ttk.Button)]
        assert all(t.startswith("⟦") and t.endswith("⟧") for t in texts), texts
        window.last()
        assert window.where.cget("text").startswith("⟦")
        charts = window.show_charts()
        assert charts.title().startswith("⟦")
        charts.destroy()
    finally:
        window.close()


def test_review_and_charts_have_their_close_key(tk_root: tk.Tk) -> None:
    review = ReviewWindow(tk_root, [])
    charts = ChartsWindow(tk_root, _record(), palette("color", "green"))
    try:
        for window in (review, charts):
            _unique(window)
            _alt(window, "c")
            assert not window.winfo_exists()
    finally:
        for window in (review, charts):
            if window.winfo_exists():
                window.destroy()
