"""The history in the window: games stored as they end or are left, the fingerprint and the
seed in the log, Statistics, Charts and Challenge a friend."""

from __future__ import annotations

import contextlib
import time
import tkinter as tk
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from app_kit import make_app, settings, wait_until
from history_kit import filled, locked, odd_history

from tenthousand.control.app import App
from tenthousand.dialogs.challenge import ChallengeWindow
from tenthousand.dialogs.charts import ChartsWindow
from tenthousand.dialogs.statistics import StatisticsWindow
from tenthousand.files.paths import paths
from tenthousand.history.codes import (
    Result,
    challenge_id,
    daily_challenge,
    fingerprint_of,
    result_code,
    short_fingerprint,
)
from tenthousand.history.pending import pending_path
from tenthousand.history.store import History
from tenthousand.model.rules import PRESETS
from tenthousand.services.jobs import JobRunner
from tenthousand.view.theme import palette

SHORT = settings(("Ann", False), ("Cy", True, "expert"), preset="trash-5000")


def _app(root: tk.Tk) -> App:
    # Generator dice with a seed (no scripted throws), the history kept.
    return make_app(root, SHORT, first_seat=None, seed=None, keep_history=True)


def _log_text(app: App) -> str:
    return app.window.log.text.get("1.0", "end")


def _stored(status: str | None = None) -> list[tuple[str, ...]]:
    path = paths().history
    if not path.exists():
        return []
    with History(path) as h:
        return h.con.execute("SELECT status, fingerprint FROM games").fetchall()


def _play_out(app: App) -> None:
    app.game_commands.toggle_demo()  # the computer plays both seats
    wait_until(app, lambda: app.controller.game.over, 60)
    wait_until(app, lambda: app.history.last is not None, 20)


def test_a_finished_game_is_stored_with_its_fingerprint_and_seed(tk_root: tk.Tk) -> None:
    app = _app(tk_root)
    try:
        seed = app.controller.game.record.start.seed
        assert seed is not None
        assert short_fingerprint(fingerprint_of(seed)) in _log_text(app)
        assert str(seed) not in _log_text(app).replace(
            short_fingerprint(fingerprint_of(seed)), "")
        _play_out(app)
        assert f"The dice seed was {seed}" in _log_text(app)
        rows = _stored()
        assert rows == [("finished", fingerprint_of(seed))]
        charts = app.history.show_charts()
        tk_root.update()
        assert isinstance(charts, ChartsWindow)
        assert charts.race.find_withtag("series") and charts.chances.find_withtag("series")
        # Demo mode made every move of the person's seat: nothing of theirs to weigh (the
        # charts said "your decisions cost" of the computer's moves before).
        assert "The dice" not in charts.words.cget("text")
        charts.destroy()
    finally:
        app.destroy()


def _played_into(app: App) -> None:
    """A throw of the game's first turn (unless the computer, first to play, threw it)."""
    game = app.controller.game
    if not game.log[1:]:
        game.throw()


def test_a_game_left_for_a_new_one_is_stored_as_abandoned(tk_root: tk.Tk) -> None:
    app = _app(tk_root)
    try:
        _played_into(app)
        app.game_commands.start_new_game(SHORT)
        assert app.history.keeper.flush()
        tk_root.update()
        assert [r[0] for r in _stored()] == ["abandoned"]
    finally:
        app.destroy()


def test_quit_stores_the_game_being_left(tk_root: tk.Tk) -> None:
    app = _app(tk_root)
    _played_into(app)
    app.close()
    assert [r[0] for r in _stored()] == ["abandoned"]


def test_quit_with_the_history_locked_keeps_the_game_for_the_next_start(
        tk_root: tk.Tk) -> None:
    """Another program holds the history (a rollback journal, BEGIN EXCLUSIVE): the quit
    waits a second, not ten, sets nothing aside and keeps the game beside the history;
    the next start stores it, once, and says so in the log."""
    path = filled(paths().history)
    app = _app(tk_root)
    _played_into(app)
    with locked(path, "rollback"):
        started = time.monotonic()
        app.close()
        assert time.monotonic() - started < 4
        assert pending_path(path).exists() and not list(path.parent.glob("*.bad-*"))
    assert len(_stored()) == 3
    app = _app(tk_root)  # the next start
    try:
        wait_until(app, lambda: "1 game kept from before is now stored" in _log_text(app), 10)
        assert not pending_path(path).exists()
        assert sorted(r[0] for r in _stored()) == ["abandoned", "finished", "finished",
                                                   "finished"]
    finally:
        app.destroy()


def test_the_statistics_window_shows_the_games_beside_odd_rows(tk_root: tk.Tk) -> None:
    """One odd row hid every figure (the window said the history could not be read)."""
    odd_history(paths().history)
    shown: list[int] = []
    jobs = JobRunner(tk_root)
    window = StatisticsWindow(tk_root, palette("color", "green"), jobs, player="Ann",
                              on_shown=lambda: shown.append(1))
    try:
        end = time.monotonic() + 10
        while not shown and time.monotonic() < end:
            tk_root.update()
            time.sleep(0.01)
        text = window.text.get("1.0", "end")
        assert "1 of 1 won" in text and "Left out: Games 2 (" in text, text
        assert window.status.cget("text") == "1 game counted"
    finally:
        window.destroy()
        jobs.close()


def test_the_statistics_window_counts_and_draws(tk_root: tk.Tk) -> None:
    app = _app(tk_root)
    try:
        _play_out(app)
        with History(paths().history) as h:  # demo games do not count: as if Ann played
            assert h.con.execute("SELECT demo FROM games").fetchone() == (1,)
            h.con.execute("UPDATE games SET demo = 0")
        shown: list[float] = []
        window = StatisticsWindow(tk_root, app.history._palette(), app.history.jobs,
                                  player="Ann", on_shown=lambda: shown.append(1))
        wait_until(app, lambda: bool(shown), 10)
        text = window.text.get("1.0", "end")
        assert "Games:" in text and "of 1 won" in text and "Your dice" in text
        for name in ("win_rate", "faces"):
            assert window.charts[name].find_withtag("series"), name
        window.level.set("beginner")
        shown.clear()
        window.refresh()
        wait_until(app, lambda: bool(shown), 10)
        assert "no finished games match" in window.text.get("1.0", "end")
        window.destroy()
    finally:
        app.destroy()


def test_statistics_of_an_empty_history(tk_root: tk.Tk) -> None:
    app = _app(tk_root)
    try:
        shown: list[int] = []
        window = StatisticsWindow(tk_root, app.history._palette(), app.history.jobs,
                                  on_shown=lambda: shown.append(1))
        wait_until(app, lambda: bool(shown), 10)
        assert "no games stored yet" in window.text.get("1.0", "end")
        window.destroy()
    finally:
        app.destroy()


def test_challenge_a_friend(tk_root: tk.Tk) -> None:
    app = _app(tk_root)
    try:
        window = app.history.show_challenge()
        assert isinstance(window, ChallengeWindow)
        window._make()
        code = window.made.get()
        assert code.startswith("TC-") and "Trash 5000" in window.made_words.cget("text")
        window.code.set(code[:-1] + ("0" if code[-1] != "0" else "1"))
        window._play()
        assert "does not check" in window.play_error.cget("text")
        window.code.set(code)
        window._play()
        assert not window.winfo_exists()
        game = app.controller.game
        assert game.seats[0].name == "Ann" and game.seats[1].level == "expert"
        assert app.history.keeper.challenges  # the result code comes at the end
    finally:
        app.destroy()


def test_the_daily_challenge_and_a_comparison(tk_root: tk.Tk) -> None:
    app = _app(tk_root)
    try:
        daily = daily_challenge()
        cid = challenge_id(daily.code)
        mine = result_code(Result(cid, "Ann", 5100, True, 15, 30, 0.04, "win"))
        theirs = result_code(Result(cid, "Bea", 4800, False, 15, 28, 0.09, "win"))
        window = app.history.show_challenge()
        window.mine.set(mine)
        window.theirs.set(theirs)
        window._compare()
        rows = [window.table.item(i, "values") for i in window.table.get_children()]
        assert ("Final score", "5,100", "4,800") in [tuple(r) for r in rows]
        window.theirs.set(theirs[:-2])
        window._compare()
        assert "friend's code" in window.compare_error.cget("text")
        window._daily()
        assert app.controller.game.record.start.seed == daily.seed
    finally:
        app.destroy()


def test_a_finished_challenge_gives_a_result_code(tk_root: tk.Tk) -> None:
    app = _app(tk_root)
    try:
        ch = daily_challenge()
        from dataclasses import replace

        ch = replace(ch, rules=PRESETS["trash-5000"])
        app.history.play_challenge(ch, ch.code)
        _play_out(app)
        assert app.history.last_result is not None
        assert app.history.last_result in _log_text(app)
    finally:
        app.destroy()


@pytest.mark.parametrize("which", ["statistics", "charts", "challenge"])
def test_a_closed_window_is_freed_in_the_tk_thread(tk_root: tk.Tk, which: str) -> None:
    # Left to the garbage collector, it could be freed in a worker thread: Tk aborts then.
    import gc
    import weakref

    app = _app(tk_root)
    try:
        gc.collect()
        gc.disable()  # only the window's own collection may free it
        try:
            window = getattr(app.history, f"show_{which}")()
            tk_root.update()
            ref = weakref.ref(window)
            window.destroy()
            del window
            tk_root.update()
            assert ref() is None
        finally:
            gc.enable()
    finally:
        app.destroy()


def test_export_as_csv_is_written_off_the_tk_thread(tk_root: tk.Tk, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    import tkinter.filedialog as filedialog

    app = _app(tk_root)
    try:
        _play_out(app)
        window = StatisticsWindow(tk_root, app.history._palette(), app.history.jobs)
        monkeypatch.setattr(filedialog, "askdirectory", lambda **o: str(tmp_path))
        window.export()
        assert "Writing" in str(window.status.cget("text"))  # not written in this callback
        wait_until(app, lambda: "Wrote" in str(window.status.cget("text")), 10)
        assert (tmp_path / "tenthousand-games.csv").read_text().count("\n") >= 2
        (tmp_path / "tenthousand-games.csv").unlink()
        (tmp_path / "tenthousand-games.csv").mkdir()  # in the way: the disk refuses
        window.export()
        wait_until(app, lambda: "could not be written" in str(window.status.cget("text")), 10)
        window.destroy()
    finally:
        app.destroy()


def test_the_statistics_window_opens_large_enough_for_its_tabs_at_a_larger_scale(
        tk_root: tk.Tk) -> None:
    """Issue 42, item 17: on a 2x screen the window opened at the 1x size (1400x900 at
    most) and cut its tabs ("Luck and skil")."""
    from tenthousand.view import scaling

    jobs = JobRunner(tk_root)
    scaling.apply_scaling(tk_root, 150)
    tk_root.deiconify()
    tk_root.geometry("1024x700+0+0")
    tk_root.update()
    window = StatisticsWindow(tk_root, palette("color", "green"), jobs)
    try:
        end = time.monotonic() + 5
        while window.winfo_width() <= 1 and time.monotonic() < end:
            tk_root.update()
            time.sleep(0.01)
        assert window.winfo_reqwidth() > 1000  # (the content is wide at this scale)
        assert window.winfo_width() >= min(window.winfo_reqwidth(),
                                           window.winfo_screenwidth())
        assert window.winfo_height() >= min(window.winfo_reqheight(),
                                            window.winfo_screenheight() - 60)
        assert window.winfo_rooty() + window.winfo_height() <= window.winfo_screenheight()
    finally:
        window.destroy()
        jobs.close()
        scaling.apply_scaling(tk_root, 100)


def test_the_game_points_label_keeps_clear_of_the_lines(tk_root: tk.Tk) -> None:
    """Issue 42, item 18: the score race's "game point" label sat at the right end of its
    line, where the winner's line runs up past the game point."""
    from tenthousand.history.series import ChartData, Series

    winner = Series("Ann", ((0.0, 0.0), (5.0, 6000.0), (9.0, 9700.0), (10.0, 10750.0)))
    loser = Series("Bob", ((0.0, 0.0), (5.0, 4000.0), (10.0, 7000.0)))
    data = ChartData("The score race", "Round", "Board score", (winner, loser),
                     reference=10000.0, reference_label="game point 10,000", steps=True)
    with _shown_chart(tk_root, data, 560) as chart:
        [label] = chart.find_withtag("reference-label")
        box = chart.bbox(label)
        lines = set(chart.find_withtag("series")) | {
            i for i in chart.find_withtag("reference") if chart.type(i) == "line"}
        assert not lines & set(chart.find_overlapping(*box)), box


def test_the_legend_names_every_player_of_a_full_table(tk_root: tk.Tk) -> None:
    """Nine seats on a small screen: the legend named five and cut the rest off; it takes
    as many rows as it needs, each inside the chart, and the plot makes room for them."""
    from tenthousand.history.series import ChartData, Series

    names = ["You", *(f"Computer {c}" for c in "ABCDEFGH")]
    series = tuple(Series(n, ((0.0, 0.0), (10.0, 1000.0 * (i + 1))))
                   for i, n in enumerate(names))
    data = ChartData("The score race", "Round", "Board score", series,
                     reference=10000.0, reference_label="game point 10,000", steps=True)
    with _shown_chart(tk_root, data, 480) as chart:
        shown = [chart.itemcget(i, "text") for i in chart.find_withtag("legend")
                 if chart.type(i) == "text"]
        assert shown == names
        width, height = int(chart.cget("width")), int(chart.cget("height"))
        rows = set()
        for item in chart.find_withtag("legend"):
            x0, y0, x1, y1 = chart.bbox(item)
            assert 0 <= x0 and x1 <= width and 0 <= y0 and y1 <= height, (item, x0, x1)
            rows.add(round(y0 / 22))
        assert len(rows) > 1
        lowest_line = max(chart.bbox(i)[3] for i in chart.find_withtag("series"))
        assert lowest_line < min(chart.bbox(i)[1] for i in chart.find_withtag("legend"))


@contextlib.contextmanager
def _shown_chart(tk_root: tk.Tk, data: Any, width: int) -> Iterator[Any]:
    """A chart of ``data`` in a window of its own, shown, and gone after."""
    from tenthousand.view.charts import Chart

    top = tk.Toplevel(tk_root)
    chart = Chart(top, palette("color", "green"), width=width, height=320)
    chart.pack()
    try:
        chart.show(data)
        top.update()
        yield chart
    finally:
        top.destroy()


@pytest.mark.parametrize("size", [100, 200])
def test_a_charts_words_stand_apart_at_any_scaling(tk_root: tk.Tk, size: int) -> None:
    """At 2x (-dpi 192) the text is twice as large, and so are the chart's margins: the
    title ran into the top tick, the axis's name into its ticks, the legend into the
    x axis's name."""
    from tenthousand.history.series import win_rate_over_time
    from tenthousand.history.stats import GamePoint
    from tenthousand.view import scaling
    from tenthousand.view.charts import Chart

    points = [GamePoint(i, float(i), i % 3 == 0, 0, None, None, None, None, "win", 3)
              for i in range(1, 31)]
    unit = scaling.apply_scaling(tk_root, size)
    top = tk.Toplevel(tk_root)
    try:
        chart = Chart(top, palette("color", "green"), width=round(560 * unit),
                      height=round(320 * unit))
        chart.pack()
        chart.show(win_rate_over_time(points))
        top.update()
        boxes = [(chart.gettags(i), chart.bbox(i)) for i in chart.find_all()
                 if chart.type(i) == "text" and chart.itemcget(i, "text")]
        assert len(boxes) > 10
        for n, (tags, a) in enumerate(boxes):
            for other, b in boxes[n + 1:]:
                apart = a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
                assert apart, (tags, a, other, b)
    finally:
        top.destroy()
        scaling.apply_scaling(tk_root, 100)
