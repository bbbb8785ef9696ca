"""The strategy card with three players (issue 40) on real widgets: with a three-player
table, the heat map by your board and the leading opponent's, the other opponent's place
chosen by buttons and Alt keys, and the fair start in its text; without one, one sentence
and no map; four seats say which games have the chart."""

from __future__ import annotations

import time
import tkinter as tk
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tenthousand.dialogs.strategy import StrategyWindow, heat_scores
from tenthousand.dialogs.strategy_three import PLACES, no_table_text, three_note
from tenthousand.model.rules import PRESETS

pytestmark = pytest.mark.gui

pytest.importorskip("numba")

from tenthousand.solver import card, table3, three  # noqa: E402

RULES = PRESETS["farkle"].with_options(game_point=500)


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    path = Path(tmp_path_factory.mktemp("strategy3")) / "farkle-500-3.bin"
    path.write_bytes(table3.pack(three.solve(RULES, extra=200)))
    found = table3.read(path)
    table3.register(found)
    yield found
    table3._REGISTERED.pop(RULES, None)


def _pump(root: tk.Misc, until: Any, seconds: float = 30.0) -> None:
    end = time.monotonic() + seconds
    while not until():
        assert time.monotonic() < end, "timed out"
        root.update()
        time.sleep(0.01)


def _cells(w: StrategyWindow) -> list[str]:
    """The numbers written in the heat map's cells, row by row."""
    assert w.heatmap is not None
    canvas = w.heatmap
    boxes = canvas.find_withtag("all")
    rects = [i for i in boxes if canvas.type(i) == "rectangle"]
    n = len(heat_scores(RULES))
    cells = rects[:n * n]  # the legend's steps come after the cells
    texts = [i for i in boxes if canvas.type(i) == "text"]
    return [str(canvas.itemcget(texts[k], "text")) for k in range(len(cells))]


def _shown(grid: Any, dice: int) -> list[str]:
    return ["never" if cell[dice - 1] is None else f"{cell[dice - 1]:,}"
            for row in grid for cell in row]


def test_the_card_shows_the_three_player_map_and_how_to_read_it(
        tk_root: tk.Tk, table: Any) -> None:
    w = StrategyWindow(tk_root, RULES, theme="mono", seats=3)
    try:
        three_chart = w.three
        assert three_chart is not None and w.heatmap is not None
        _pump(tk_root, lambda: len(three_chart.grids) == 3)
        s2, s3, chances = card.fair_start3(table)
        note = str(w.chart_note.cget("text"))
        assert note == three_note(s2, s3, chances)
        assert f"starts with {s2} points and the third with {s3}" in note
        assert "your board score (down) and the leading opponent's (across)" in note
        scores = heat_scores(RULES)
        chart = card.three_seat_thresholds(table, scores)
        texts = [str(w.heatmap.itemcget(i, "text")) for i in w.heatmap.find_all()
                 if w.heatmap.type(i) == "text"]
        assert "the leading opponent's board score \u2192" in texts
        assert _cells(w) == _shown(chart.grids["after"], 3)
        w.focus_force()
        w.event_generate("<Alt-b>")  # the other opponent throws before the leader
        tk_root.update()
        assert three_chart.place.get() == "before"
        assert _cells(w) == _shown(chart.grids["before"], 3)
        w.event_generate("<Key-1>")
        tk_root.update()
        assert _cells(w) == _shown(chart.grids["before"], 1)
        w.event_generate("<Alt-l>")
        tk_root.update()
        assert _cells(w) == _shown(chart.grids["level"], 1)
        assert chart.grids["after"] != chart.grids["before"]
    finally:
        w.close()


def test_without_a_three_player_table_the_card_says_so_in_one_sentence(
        tk_root: tk.Tk) -> None:
    rules = PRESETS["trash-5000"].with_options(game_point=1500)
    assert not table3.available(rules)
    w = StrategyWindow(tk_root, rules, theme="mono", seats=3)
    try:
        _pump(tk_root, lambda: "Working" not in str(w.chart_note.cget("text")))
        assert str(w.chart_note.cget("text")) == no_table_text(None)
        assert w.heatmap is None
        assert w.three is not None and not w.three.row.winfo_ismapped()
        assert all(not widget.winfo_ismapped() for widget in w.dice_row)
    finally:
        w.close()


def test_four_seats_say_which_games_have_the_chart(tk_root: tk.Tk) -> None:
    w = StrategyWindow(tk_root, PRESETS["trash-5000"], theme="mono", seats=4)
    try:
        assert str(w.chart_note.cget("text")).startswith(
            "The chart by board scores is for games of two or three players without "
            "options.")
        assert w.heatmap is None and w.three is None
    finally:
        w.close()


@pytest.mark.parametrize(("language", "words", "other"), [
    ("de", "Ein fairer Start", "Punktestand des führenden Gegners \u2192"),
    ("fr", "Un départ équitable", "score de l'adversaire en tête \u2192"),
])
def test_the_three_player_card_in_german_and_french(
        tk_root: tk.Tk, table: Any, language: str, words: str, other: str) -> None:
    """Its text and axis translated, and every access key once: each place's button
    answers its own key."""
    from tenthousand import i18n
    from tenthousand.view import access

    i18n.set_language(language)
    w = StrategyWindow(tk_root, RULES, theme="mono", seats=3)
    try:
        chart = w.three
        assert chart is not None and w.heatmap is not None
        _pump(tk_root, lambda: len(chart.grids) == 3)
        assert words in str(w.chart_note.cget("text"))
        assert other in [str(w.heatmap.itemcget(i, "text")) for i in w.heatmap.find_all()
                         if w.heatmap.type(i) == "text"]
        keys = access.keys_of(w)
        assert all(len(texts) == 1 for texts in keys.values()), keys
        w.focus_force()
        for place in card.THIRD_PLACES[::-1]:
            shown, index = access.mnemonic(i18n._(PLACES[place]))
            assert index >= 0 and shown[index].isascii()
            w.event_generate(f"<Alt-{shown[index].lower()}>")
            tk_root.update()
            assert chart.place.get() == place
    finally:
        w.close()
