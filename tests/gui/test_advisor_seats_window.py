"""Issue 40 in the window: the advisor's win bars, one per seat with its name, for three
seats (a stand-in for the three-player solver, tests/seats_kit.py) at 1024x600 and at 2x;
nine bars fit the panel; four seats say why there are none, and why Perfect plays as
Expert."""

from __future__ import annotations

import tkinter as tk

import pytest
import seats_kit
from app_kit import QUIET, app_on_screen, key, make_app, settings, wait_until

from tenthousand.control.app import App
from tenthousand.view.advisor import AdvisorPanel
from tenthousand.view.theme import palette

pytestmark = pytest.mark.gui

THREE = (("Ann", False), ("Bob", True), ("Cy", True, "perfect"))
FOUR_SENTENCE = ("Exact win chances are solved for two and three players, so with 4 "
                 "players Perfect plays as Expert.")


def _texts(canvas: tk.Canvas, tag: str) -> list[str]:
    return [str(canvas.itemcget(item, "text")) for item in canvas.find_withtag(tag)]


def _check_bars(panel: AdvisorPanel, names: tuple[str, ...]) -> None:
    """One row a seat, one under the other, each whole inside the panel: the name in its
    column, then the bar, then the chance."""
    bars = panel.bars
    width = bars.winfo_width()
    labels = [bars.bbox(i) for i in bars.find_withtag("label")]
    frames = [bars.bbox(i) for i in bars.find_withtag("frame")]
    values = [bars.bbox(i) for i in bars.find_withtag("value")]
    assert len(labels) == len(frames) == len(values) == len(names)
    assert int(bars.cget("height")) >= max(box[3] for box in labels + frames + values)
    for above, below in zip(labels, labels[1:], strict=False):
        assert above[3] <= below[1]  # the rows do not run into each other
    for label, frame, value in zip(labels, frames, values, strict=True):
        assert 0 <= label[0] and label[2] <= frame[0] + 1 and frame[2] <= value[0] + 1
        assert value[2] <= width
    for name, shown in zip(names, _texts(bars, "label"), strict=True):
        assert shown == name or (shown.endswith("…") and name.startswith(shown[:-1]))


@pytest.fixture
def three_seats(monkeypatch: pytest.MonkeyPatch) -> None:
    seats_kit.install(monkeypatch)


def _throw_and_wait(app: App, bars: int) -> AdvisorPanel:
    panel = app.window.advisor
    wait_until(app, lambda: len(panel.bar_values) == bars and panel.winfo_ismapped(), 15)
    key(app, "space")
    wait_until(app, lambda: bool(panel.rows), 15)
    app.root.update()
    return panel


@pytest.mark.usefixtures("three_seats")
def test_three_bars_with_each_seats_name_and_chance(tk_root: tk.Tk) -> None:
    app = make_app(tk_root, settings(*THREE), throws=[(1, 1, 1, 5, 3, 4)],
                   prefs=QUIET.replace(advisor=True))
    try:
        panel = _throw_and_wait(app, 3)
        names = tuple(name for name, _p in panel.bar_values)
        chances = [p for _n, p in panel.bar_values]
        assert names == ("Ann", "Bob", "Cy")
        assert sum(chances) == pytest.approx(1.0)
        want = seats_kit.win_probabilities(app.controller.game)
        assert want is not None and chances == pytest.approx(want)
        assert _texts(panel.bars, "value") == [f"{p * 100:.1f}%" for p in chances]
        _check_bars(panel, names)
        assert panel.rows and panel.note.cget("text").startswith("Values: win probability.")
    finally:
        app.destroy()


@pytest.mark.usefixtures("three_seats")
@pytest.mark.parametrize("size,screen", [(100, (1024, 600)), (200, (2048, 1200))])
def test_three_bars_fit_a_small_screen_and_2x(tk_root: tk.Tk, size: int,
                                              screen: tuple[int, int]) -> None:
    seats = (("Ann", False), ("Bartholomew Fitzwilliams", True), ("Cy", True))
    with app_on_screen(tk_root, size, screen, settings(*seats),
                       throws=[(1, 1, 1, 5, 3, 4)],
                       prefs=QUIET.replace(advisor=True, size=size)) as app:
        panel = _throw_and_wait(app, 3)
        _check_bars(panel, tuple(name for name, *_rest in seats))
        assert _texts(panel.bars, "label")[1].endswith("…")  # cut to its column
        # the bars stand whole in the window, above the list of freezes
        bottom = panel.bars.winfo_rooty() + panel.bars.winfo_height()
        assert bottom <= panel.tree.winfo_rooty()
        assert bottom <= app.root.winfo_rooty() + app.root.winfo_height()
        # the note under the list wraps at the panel's width, at 2x too (it wrapped at a
        # fixed 330 pixels: half the panel, five lines)
        note = panel.note
        assert note.winfo_reqwidth() > panel.winfo_width() * 0.8, (
            note.winfo_reqwidth(), panel.winfo_width())
        assert note.winfo_reqwidth() <= panel.winfo_width()


@pytest.mark.usefixtures("three_seats")
@pytest.mark.parametrize("language", ["en", "de"])
def test_the_log_keeps_its_lines_when_the_advice_grows_on_a_small_screen(
        tk_root: tk.Tk, language: str) -> None:
    """At 1024x600 with three seats, the scoreboard gives way for the game log when the
    list of freezes grows under the bars (the log had no line left: the board was laid out
    for the advisor of the turn's start, bars only)."""
    import tkinter.font as tkfont

    from tenthousand import i18n

    i18n.set_language(language)
    try:
        with app_on_screen(tk_root, 100, (1024, 600), settings(*THREE),
                           throws=[(1, 1, 1, 5, 5, 4)],
                           prefs=QUIET.replace(advisor=True)) as app:
            log = app.window.log
            line = tkfont.nametofont("TkDefaultFont").metrics("linespace")

            def log_kept() -> bool:
                return bool(log.winfo_ismapped()) and log.winfo_height() >= 3 * line

            # the turn's start: the bars over the list, still empty (it keeps its height
            # from throw to throw, and the layout counts it as it is)
            panel = app.window.advisor
            wait_until(app, lambda: len(panel.bar_values) == 3 and panel.winfo_ismapped(), 15)
            app.root.update()
            assert log_kept(), (log.winfo_height(), app.window.scoreboard.compact)
            panel = _throw_and_wait(app, 3)
            assert len(panel.rows) >= 4, panel.rows
            app.root.update()
            assert log_kept(), (log.winfo_height(), app.window.scoreboard.compact)
            # the list gave up rows, and the best one is in view
            assert int(panel.tree.cget("height")) < len(panel.rows)
            best = [i for i, row in enumerate(panel.rows) if row[3]][0]
            assert panel.tree.bbox(panel.tree.get_children()[best])
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("theme", ["color", "contrast"])
def test_nine_bars_fit_the_panel(tk_root: tk.Tk, theme: str) -> None:
    names = tuple(f"Bartholomew Fitzwillia {i}" for i in range(1, 10))  # 24 characters
    chances = tuple((i + 1) / 45 for i in range(9))
    window = tk.Toplevel(tk_root)  # (its access keys go with it, not onto the session root)
    window.geometry("360x500+0+0")
    try:
        panel = AdvisorPanel(window, palette(theme, "green"))
        panel.pack(fill="both", expand=True)
        window.update()
        panel.show_bars(names, chances)
        window.update()
        _check_bars(panel, names)
        assert _texts(panel.bars, "value") == [f"{p * 100:.1f}%" for p in chances]
    finally:
        window.destroy()


def test_four_seats_say_why_there_are_no_bars(tk_root: tk.Tk) -> None:
    seats = (("Ann", False), ("Bob", True, "perfect"), ("Cy", True), ("Di", True))
    app = make_app(tk_root, settings(*seats), throws=[(1, 1, 1, 5, 3, 4)],
                   prefs=QUIET.replace(advisor=True))
    try:
        panel = app.window.advisor
        wait_until(app, lambda: panel.winfo_ismapped(), 15)
        key(app, "space")
        wait_until(app, lambda: bool(panel.rows), 15)
        app.root.update()
        assert panel.bar_values == [] and int(panel.bars.cget("height")) == 0
        note = str(panel.note.cget("text"))
        assert note.startswith("Values: expected final turn score.")
        assert note.endswith(" " + FOUR_SENTENCE)
        log = "\n".join(app.window.log.lines())
        assert ("Bob (Perfect) plays as Expert: exact win chances are solved for two "
                "and three players.") in log
        assert app.window.scoreboard.texts()[1][2].startswith("Perfect AI (as Expert)")
    finally:
        app.destroy()


@pytest.mark.usefixtures("three_seats")
def test_the_charts_of_a_three_seat_game(tk_root: tk.Tk) -> None:
    """The chances chart has a line a seat and its even line at one in three; the words
    under it name the opponents' decisions."""
    from tenthousand.dialogs.charts import ChartsWindow
    from tenthousand.view.charts import Chart

    record = seats_kit.played(5).record
    charts = ChartsWindow(tk_root, record, palette("color", "green"))
    try:
        assert charts.chances.winfo_manager()
        data = charts.chances.data
        assert data is not None and [s.name for s in data.series] == ["Ann", "Bob", "Cy"]
        assert data.reference == pytest.approx(1 / 3)
        assert isinstance(charts.chances, Chart) and charts.chances.find_withtag("series")
        assert str(charts.words.cget("text")).startswith("Ann: ")
    finally:
        charts.destroy()
