"""The advisor in the window: H shows it, the values arrive from the worker with the best
choice marked, the win bars show, and the review opens after a finished game."""

from __future__ import annotations

import time
import tkinter as tk

import pytest
from app_kit import QUIET, key, make_app, settings, wait_until

from tenthousand.advice import human_decisions
from tenthousand.advice import values as advisor
from tenthousand.dialogs.review import ReviewWindow
from tenthousand.model.game import Phase

pytestmark = pytest.mark.gui


def test_h_shows_the_values_with_the_best_marked(tk_root: tk.Tk) -> None:
    app = make_app(tk_root, settings(("Ann", False), ("Bot", True)),
                   throws=[(1, 5, 2, 3, 4, 6)])
    try:
        panel = app.window.advisor
        assert not panel.winfo_ismapped()
        key(app, "h")
        assert app.prefs.advisor and app.advisor.shown
        wait_until(app, lambda: panel.winfo_ismapped())
        wait_until(app, lambda: len(panel.bar_values) == 2, 15)  # the bars at the start
        assert sum(p for _, p in panel.bar_values) == pytest.approx(1.0)
        key(app, "space")
        assert app.controller.game.phase is Phase.CHOOSE
        wait_until(app, lambda: bool(panel.rows), 15)
        want = advisor.evaluate(app.controller.game)
        assert want is not None and want.kind == advisor.WIN
        assert len(panel.rows) == len(want.choices)
        assert [r[3] for r in panel.rows].count(True) == 1
        best = [r for r in panel.rows if r[3]][0]
        top = want.choices[want.best]  # type: ignore[index]
        assert best[0].startswith("\u2605")
        assert want.format(top.best) in (best[2] if top.bank_is_best else best[1])
        assert "\u25b6" in (best[2] if top.bank_is_best else best[1])
        assert len(panel.bar_values) == 2
        wait_until(app, lambda: app.jobs.pending == 0, 5)  # nothing more on its way
        key(app, "H")  # off again
        assert not app.prefs.advisor
        app.root.update()
        assert not panel.winfo_ismapped()
    finally:
        app.destroy()


def test_review_after_a_finished_game(tk_root: tk.Tk) -> None:
    # A small game point (no perfect-play table): the values are expected turn scores.
    app = make_app(tk_root, settings(("Ann", False), ("Bot", True), game_point=500),
                   throws=[(1, 1, 1, 5, 2, 3)], prefs=QUIET.replace(advisor=True))
    review = None
    try:
        panel = app.window.advisor
        key(app, "space")
        wait_until(app, lambda: bool(panel.rows), 15)
        for n in ("1", "2", "3"):  # freeze 1 1 1 and bank: the 5 was worth 50 more
            key(app, n)
        key(app, "b")
        assert len(app.advisor.decisions()) == 1
        wait_until(app, lambda: app.controller.game.over, 15)
        wait_until(app, lambda: panel.review_button.winfo_ismapped(), 5)
        review = app.records.show_review()
        assert isinstance(review, ReviewWindow)
        wait_until(app, lambda: review.result is not None, 15)
        assert review.result is not None and len(review.result) == 1
        costly = review.result[0]
        assert costly.kind == advisor.SCORE and costly.loss == pytest.approx(50.0)
        assert "1 1 1" in costly.played and "bank" in costly.played
        text = review.text.get("1.0", "end")
        assert "1 1 1 5" in text and "gave away 50" in text
        assert "You: freeze 1 1 1 and bank, banks 1,000 on average." in text
        assert "Best: freeze 1 1 1 5 and bank, banks 1,050 on average." in text
        # each row shows the six dice of the throw, the frozen ones lifted out
        assert len(review.text.image_names()) == 12
        assert costly.thrown == (1, 1, 1, 5, 2, 3) and sorted(costly.best_faces) == [1, 1, 1, 5]
    finally:
        if review is not None and review.winfo_exists():
            review.close()
        app.destroy()


def test_a_review_with_nothing_given_away_says_it_valued_win_chances(tk_root: tk.Tk) -> None:
    """A game a table answers, played without a costly decision: the review's line says
    win chances (it said the decisions were made before perfect play was solved)."""
    from tenthousand.model.game import Game, Seat
    from tenthousand.model.rules import PRESETS

    game = Game(PRESETS["ten-thousand"], [Seat("A"), Seat("B")], seed=9, first_seat=0)
    while game.phase is not Phase.CHOOSE:
        game.throw()
    values = advisor.evaluate(game)
    assert values is not None and values.kind == advisor.WIN and values.best is not None
    top = values.choices[values.best]
    review = ReviewWindow(tk_root, [advisor.Decision(game.to_dict(), top.faces,
                                                     top.bank_is_best)])
    try:
        end = time.monotonic() + 15
        while review.result is None:
            assert time.monotonic() < end
            tk_root.update()
        assert review.result == []
        heading = review.heading.cget("text")
        assert heading.startswith("Values: exact win chances under perfect play"), heading
        assert "Not one of your decisions gave anything away" in heading
    finally:
        review.close()


@pytest.mark.parametrize("size", [100, 200])
def test_the_reviews_dice_grow_with_the_scaling(tk_root: tk.Tk, size: int) -> None:
    """At 2x (-dpi 192) the dice of each reviewed throw are twice as large, as its text
    is (they stayed 30 pixels, a third of a line of text high)."""
    from tenthousand.model.game import Game, Seat
    from tenthousand.model.rules import PRESETS
    from tenthousand.view import scaling

    game = Game(PRESETS["ten-thousand"], [Seat("A"), Seat("B")], seed=9, first_seat=0)
    while game.phase is not Phase.CHOOSE:
        game.throw()
    values = advisor.evaluate(game)
    assert values is not None
    # the worst move: a freeze, banked or thrown on
    value, faces, bank = min((v, c.faces, b) for c in values.choices
                             for v, b in ((c.throw, False), (c.bank, True)) if v is not None)
    scaling.apply_scaling(tk_root, size)
    review = ReviewWindow(tk_root, [advisor.Decision(game.to_dict(), faces, bank)])
    try:
        end = time.monotonic() + 15
        while review.result is None:
            assert time.monotonic() < end
            tk_root.update()
        assert review.result, "the worst freeze gave something away"
        names = review.text.image_names()
        assert names
        sides = {int(tk_root.tk.call("image", "width", review.text.image_cget(name, "image")))
                 for name in names}
        # (the virtual screen's own dpi makes 100% a little more than 96 dpi)
        assert sides == {max(30, round(30 * scaling.factor(tk_root)))}
        assert min(sides) >= 30 * size // 100
    finally:
        review.close()
        scaling.apply_scaling(tk_root, 100)


def test_a_stale_answer_is_dropped(tk_root: tk.Tk) -> None:
    from tenthousand.control.advising import AdvisorService
    from tenthousand.model.game import Game, Seat
    from tenthousand.model.rules import PRESETS
    from tenthousand.services.jobs import JobRunner
    from tenthousand.view.advisor import AdvisorPanel
    from tenthousand.view.theme import palette

    game = Game(PRESETS["ten-thousand"], [Seat("A"), Seat("B")], seed=9, first_seat=0)
    game.throw()
    while game.phase is not Phase.CHOOSE:
        game.throw()
    frame = tk.Frame(tk_root)
    panel = AdvisorPanel(frame, palette("color", "green"))
    placed: list[bool] = []
    jobs = JobRunner(tk_root)
    adv = AdvisorService(jobs, panel.show, placed.append)
    try:
        adv.set_shown(True)
        adv.update(game, True)
        assert panel.note.cget("text") == "thinking..."  # nothing is shown before the answer
        faces, _ = game.legal_freezes()[0]
        game.throw(game.indices_for(faces))  # the position moves on before the answer
        adv.update(game, True)
        end = time.monotonic() + 15
        while adv.asking:
            assert time.monotonic() < end
            tk_root.update()
        want = advisor.evaluate(game)
        got = adv.values
        assert game.phase is Phase.CHOOSE  # seed 9: the second throw scores
        assert got is not None and want is not None and got.choices == want.choices
        assert panel.note.cget("text") != "thinking..."
        assert placed == [True]
    finally:
        jobs.close()
        frame.destroy()


def test_the_selected_freeze_is_valued_under_throw_and_bank(tk_root: tk.Tk) -> None:
    app = make_app(tk_root, settings(("Ann", False), ("Bot", True)),
                   throws=[(1, 5, 2, 3, 4, 6)], prefs=QUIET.replace(advisor=True))
    try:
        panel, bar = app.window.advisor, app.window.actions
        key(app, "space")
        wait_until(app, lambda: bool(panel.rows), 15)
        wait_until(app, lambda: bar.advice.winfo_ismapped(), 5)
        want = advisor.evaluate(app.controller.game)
        assert want is not None and want.best is not None
        top = want.choices[want.best]
        shown = str(bar.advice.cget("text"))
        assert shown.startswith("Advisor: the best is to freeze")
        assert want.format(top.best) in shown
        assert panel.chosen is None
        key(app, "2")  # the 5 alone
        five = want.index_of((5,))
        assert five is not None and panel.chosen == five
        shown = str(bar.advice.cget("text"))
        choice = want.choices[five]
        assert shown.startswith("Advisor: freezing 5, throw on ")
        assert want.format(choice.throw) in shown and want.format(choice.bank) in shown
        key(app, "1")  # 1 and 5 together
        assert panel.chosen == want.index_of((1, 5))
        key(app, "3")  # a 2 does not score: no row, the best is named
        assert panel.chosen is None
        assert str(bar.advice.cget("text")).startswith("Advisor: the best is to freeze")
        key(app, "h")  # the advisor off: the line goes too
        assert not bar.advice.winfo_ismapped()
    finally:
        app.destroy()


def test_the_dice_a_freeze_takes() -> None:
    from tenthousand.dialogs.review import marked

    assert marked((4, 1, 4, 1, 4), (1, 1, 4, 4, 4)) == [True] * 5
    assert marked((3, 5, 5, 2, 1, 3), (1, 5)) == [False, True, False, False, True, False]
    assert marked((2, 3), ()) == [False, False]


def test_the_decisions_to_review_come_from_the_record() -> None:
    """The review's history survives a resume (it is in the save) and loses what is
    undone (it is gone from the record)."""
    from tenthousand.model import Game
    from tenthousand.model.game import Seat
    from tenthousand.model.persist import load_record
    from tenthousand.model.rules import PRESETS

    game = Game(PRESETS["ten-thousand"], [Seat("Ann"), Seat("Bot", computer=True)], seed=5,
                first_seat=0)
    game.throw()
    while game.phase is not Phase.CHOOSE:  # trash: Bot throws until Ann's turn scores
        game.throw()
    assert game.current == 0
    faces, _ = game.legal_freezes()[0]
    before = game.to_dict()
    game.throw(game.indices_for(faces))
    decisions = human_decisions(game.record)
    assert [(d.position, d.faces, d.bank) for d in decisions] == [(before, faces, False)]
    resumed = load_record(game.record.to_dict()).game  # as the autosave reads it back
    assert resumed is not None
    assert [d.faces for d in human_decisions(resumed.record)] == [faces]
    undone = game.record.undo({0})
    assert human_decisions(undone.record) == []


def test_the_advisor_at_2x_keeps_its_rows_apart(tk_root: tk.Tk) -> None:
    """At 200% the win bars' rows are as tall as their text (names do not run into each
    other), a long name is cut to its column, and the list's rows fit their letters."""
    from tkinter import font as tkfont
    from tkinter import ttk

    from tenthousand.view import scaling

    scaling.apply_scaling(tk_root, 200)
    app = make_app(tk_root, settings(("Ann", False), ("A very long seat name", True)),
                   throws=[(1, 5, 2, 3, 4, 6)], prefs=QUIET.replace(advisor=True, size=200))
    try:
        panel = app.window.advisor
        wait_until(app, lambda: len(panel.bar_values) == 2 and panel.winfo_ismapped(), 15)
        app.root.update()
        bars = panel.bars
        labels = [bars.bbox(item) for item in bars.find_withtag("label")]
        assert len(labels) == 2 and labels[0][3] <= labels[1][1]  # one under the other
        frames = [bars.bbox(item) for item in bars.find_withtag("frame")]
        assert all(label[2] <= frame[0] + 1 for label, frame in zip(labels, frames, strict=True))
        assert str(bars.itemcget(bars.find_withtag("label")[1], "text")).endswith("…")
        line = tkfont.nametofont("TkDefaultFont", root=tk_root).metrics("linespace")
        assert int(ttk.Style(tk_root).lookup("Treeview", "rowheight")) >= line
    finally:
        app.destroy()
        scaling.apply_scaling(tk_root, 100)


def test_the_side_panel_settles_after_a_window_at_2x(tk_root: tk.Tk,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """After a window at 200%, one at 150% laid its side panel out back and forth for ever:
    the board's lines and the list's rows were worked out from sizes not yet laid out, and
    update() never returned."""
    from tenthousand.view import scaling
    from tenthousand.view.window import MainWindow

    calls = [0]
    keep = MainWindow._keep_log

    def counted(self: MainWindow) -> None:
        calls[0] += 1
        if calls[0] > 2000:  # (a failure, not a hang)
            raise AssertionError("the side panel's layout does not settle")
        keep(self)

    monkeypatch.setattr(MainWindow, "_keep_log", counted)
    try:
        for size in (200, 150):
            scaling.apply_scaling(tk_root, size)
            app = make_app(tk_root, settings(("Ann", False), ("Bot", True)),
                           throws=[(1, 2, 3, 4, 5, 6)],
                           prefs=QUIET.replace(advisor=True, size=size))
            tk_root.geometry(f"{round(1024 * size / 100)}x{round(700 * size / 100)}+0+0")
            try:
                panel = app.window.advisor
                key(app, "space")
                wait_until(app, lambda: bool(panel.rows), 15)  # noqa: B023 - this app's
                app.root.update()
            finally:
                app.destroy()
    finally:
        scaling.apply_scaling(tk_root, 100)
    assert calls[0] < 200, calls


def test_rotary_club_has_no_bank_column(tk_root: tk.Tk) -> None:
    """A turn in Rotary Club cannot bank: the list shows the freezes and the throw on only,
    and the bank column comes back for the next game that banks."""
    from tenthousand.view.advisor import AdvisorPanel
    from tenthousand.view.theme import palette

    top = tk.Toplevel(tk_root)  # (its access keys go with it, not onto the session root)
    panel = AdvisorPanel(top, palette("color", "green"))
    try:
        choice = advisor.Choice((5,), 50, 0.42, 0.0)
        panel.show_values(advisor.AdvisorValues(advisor.WIN, 0, (choice,), 0, (0.4, 0.6),
                                                banks=False))
        assert tuple(panel.tree.cget("displaycolumns")) == ("freeze", "throw")
        panel.show_values(advisor.AdvisorValues(advisor.WIN, 0, (choice,), 0, (0.4, 0.6)))
        assert tuple(panel.tree.cget("displaycolumns")) in (("#all",), ())
    finally:
        top.destroy()


def test_the_log_keeps_its_newest_line_in_view_when_the_advisor_takes_room(
        tk_root: tk.Tk) -> None:
    """Issue 42, item 8: with the advisor on, the newest lines of the log sat below its
    visible part after every throw (the panel grew after the log had scrolled)."""
    app = make_app(tk_root, settings(("Ann", False), ("Bot", True), game_point=500),
                   throws=[(1, 5, 2, 3, 4, 6)], prefs=QUIET.replace(advisor=True))
    try:
        log = app.window.log
        for n in range(60):
            log.add(f"line {n}")
        app.root.update()
        wait_until(app, lambda: log.text.yview()[1] == 1.0)
        key(app, "space")
        wait_until(app, lambda: bool(app.window.advisor.rows), 15)
        wait_until(app, lambda: app.jobs.pending == 0, 5)
        for _ in range(5):
            app.root.update()
        assert log.text.yview()[1] == 1.0
        assert log.text.bbox("end-1c linestart -1 line") is not None  # the newest line shows
    finally:
        app.destroy()


@pytest.mark.parametrize("size,language", [(100, "en"), (100, "de"), (100, "fr"),
                                           (150, "en")])
def test_the_freeze_column_shows_a_whole_straight_and_its_points(
        tk_root: tk.Tk, size: int, language: str) -> None:
    """Issue 42, item 18: the freeze column cut "(1,500)" to "(1,50" (its width was in
    pixels of a 1x screen, and the other columns' headings took its room)."""
    from tkinter import font as tkfont

    from tenthousand import i18n
    from tenthousand.view import scaling

    i18n.set_language(language)
    scaling.apply_scaling(tk_root, size)
    app = make_app(tk_root, settings(("Ann", False), ("Bot", True)),
                   throws=[(1, 2, 3, 4, 5, 6)], prefs=QUIET.replace(advisor=True, size=size))
    tk_root.geometry(f"{round(1024 * size / 100)}x{round(700 * size / 100)}+0+0")
    try:
        panel = app.window.advisor
        key(app, "space")
        wait_until(app, lambda: bool(panel.rows), 15)
        app.root.update()
        font = tkfont.nametofont("TkDefaultFont", root=panel)
        longest = max(panel.rows, key=lambda row: font.measure(row[0]))
        assert "(1" in longest[0] and "500)" in longest[0]
        shown = int(panel.tree.column("freeze", "width"))
        assert shown >= font.measure(longest[0]) + 8, (shown, longest[0])
        total = sum(int(panel.tree.column(c, "width")) for c in ("freeze", "throw", "bank"))
        assert total <= panel.tree.winfo_width() + 2  # and the bank column stays in view
    finally:
        app.destroy()
        scaling.apply_scaling(tk_root, 100)
