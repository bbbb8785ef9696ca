"""The first-turn tour in the window: it appears on a fresh home, follows the turn, points
without covering, ends with Esc or its link, stays away once done, and comes back from
Help > Show the tour again."""

from __future__ import annotations

import tkinter as tk

import pytest
from app_kit import QUIET, click_die, human_turn_ready, key, make_app, wait_until

from tenthousand.control.app import App
from tenthousand.files.settings import Preferences, load_preferences
from tenthousand.model.game import Phase
from tenthousand.present.tour import Step
from tenthousand.view.guide import Rect, overlaps

pytestmark = pytest.mark.gui


def fresh_prefs() -> Preferences:
    """The preferences of a fresh home (the test's own folder), made quick and quiet."""
    prefs, note = load_preferences()
    assert note is None and not prefs.guide_done
    return prefs.replace(delay=0.0, sound=False, animation=False, intro=False)


def step(app: App) -> Step | None:
    """The step shown, once the callout has settled beside what it points at."""
    wait_until(app, lambda: not app.guide.timers.waiting("redraw"))
    callout = app.guide.callout
    return callout.step if callout is not None and app.guide.showing else None


def note_box(app: App) -> Rect:
    """The callout's box without its pointer: its texts and their padding."""
    table, guide = app.window.table, app.guide
    bbox = table.bbox(guide.title, guide.body, guide.link)
    assert bbox
    return (bbox[0] - 8, bbox[1] - 8, bbox[2] + 8, bbox[3] + 8)


def in_canvas(app: App, widget: tk.Widget) -> Rect:
    table = app.window.table
    x, y = widget.winfo_rootx() - table.winfo_rootx(), widget.winfo_rooty() - table.winfo_rooty()
    return (x, y, x + widget.winfo_width(), y + widget.winfo_height())


def pointer_tips(app: App) -> list[tuple[float, float]]:
    """The points of the callout's outline outside its box: the pointers' tips."""
    x0, y0, x1, y1 = note_box(app)
    coords = app.window.table.coords(app.guide.shape)
    points = list(zip(coords[::2], coords[1::2], strict=True))
    return [(x, y) for x, y in points if y > y1 + 10 or y < y0 - 10]


def menu_entry(app: App, label: str) -> tuple[tk.Menu, int]:
    menubar = app.window.menubar
    for i in range(menubar.index("end") + 1):
        menu = app.root.nametowidget(menubar.entrycget(i, "menu"))
        for j in range(menu.index("end") + 1):
            if menu.type(j) != "separator" and menu.entrycget(j, "label") == label:
                return menu, j
    raise AssertionError(f"no menu entry {label}")


def click_link(app: App) -> None:
    table = app.window.table
    x0, y0, x1, y1 = table.bbox(app.guide.link)
    x, y = (x0 + x1) // 2, (y0 + y1) // 2
    table.event_generate("<Motion>", x=x, y=y)
    table.event_generate("<Button-1>", x=x, y=y)
    table.event_generate("<ButtonRelease-1>", x=x, y=y)
    app.root.update()


def test_the_tour_appears_on_a_fresh_home_and_esc_ends_it(tk_root: tk.Tk) -> None:
    app = make_app(tk_root, throws=[(2, 5, 1, 3, 4, 6)], prefs=fresh_prefs())
    asked: list[object] = []
    app.boxes.ask_settings = lambda current: asked.append(current)  # type: ignore[func-returns-value]
    try:
        assert step(app) is Step.THROW
        button = in_canvas(app, app.window.actions.throw_button)
        assert note_box(app)[3] < button[1]  # above the button, not on it
        [(tip_x, _)] = pointer_tips(app)
        assert button[0] < tip_x < button[2]  # and pointing at it

        key(app, "space")
        wait_until(app, human_turn_ready(app))
        assert step(app) is Step.FREEZE and app.guide.callout.die == 2  # type: ignore[union-attr]
        die = app.window.table.bbox(app.window.table.thrown_items[2])
        assert not overlaps(note_box(app), die)
        [(tip_x, _)] = pointer_tips(app)
        assert die[0] < tip_x < die[2]

        click_die(app, "thrown", 2)
        assert step(app) is Step.DECIDE
        assert len(pointer_tips(app)) == 2  # at Throw and at Bank

        key(app, "Escape")
        assert step(app) is None and not app.guide.showing
        assert asked == [] and app.controller.game.phase is Phase.CHOOSE  # play goes on
        assert app.prefs.guide_done
        assert "Show the tour again" in str(app.window.status.message.cget("text"))
        key(app, "Escape")  # with the tour gone, Esc is New game again
        assert len(asked) == 1
        app.options.save_preferences()
    finally:
        app.destroy()
    assert load_preferences()[0].guide_done

    again = make_app(tk_root, prefs=load_preferences()[0].replace(
        delay=0.0, sound=False, animation=False, intro=False))
    try:
        assert step(again) is None  # done is done
        menu, index = menu_entry(again, "Show the tour again")
        menu.invoke(index)
        tk_root.update()
        assert step(again) is Step.THROW and not again.prefs.guide_done
        # On screen now: not "The tour starts at your next turn." (issue 42, tour 3).
        assert "next turn" not in str(again.window.status.message.cget("text"))
        click_link(again)  # "Skip the tour"
        assert step(again) is None and again.prefs.guide_done
    finally:
        again.destroy()


def test_the_tour_follows_a_whole_turn_to_its_last_word(tk_root: tk.Tk) -> None:
    app = make_app(tk_root, throws=[(2, 5, 1, 3, 4, 6), (2, 3, 4, 6, 2, 3), (1, 2, 3, 4, 6, 2)],
                   prefs=QUIET.replace(guide_done=False))
    try:
        key(app, "space")
        wait_until(app, human_turn_ready(app))
        key(app, "3")
        key(app, "b")
        assert step(app) is Step.END
        assert "You banked 100 points" in app.window.table.itemcget(app.guide.body, "text")
        assert app.prefs.guide_done  # seen in full: it will not come back by itself
        assert pointer_tips(app) == []
        wait_until(app, human_turn_ready(app))  # the computer's turn: the word stays
        assert app.controller.game.current == 0 and step(app) is Step.END
        key(app, "space")  # their next throw: they know the way now
        wait_until(app, human_turn_ready(app))
        assert step(app) is None
    finally:
        app.destroy()


def test_the_callout_follows_resizes_and_themes(tk_root: tk.Tk) -> None:
    app = make_app(tk_root, throws=[(2, 5, 1, 3, 4, 6)], prefs=QUIET.replace(guide_done=False))
    try:
        key(app, "space")
        wait_until(app, human_turn_ready(app))
        table = app.window.table
        before = note_box(app)
        for size in ("1280x880", "960x640"):
            tk_root.geometry(size)
            tk_root.update()
            wait_until(app, lambda: not table.pending() and not app.guide.timers.waiting("redraw"))
            box, die = note_box(app), table.bbox(table.thrown_items[2])
            assert box != before and not overlaps(box, die)
            assert 0 <= box[0] and box[2] <= table.winfo_width()
            [(tip_x, tip_y)] = pointer_tips(app)
            assert die[0] < tip_x < die[2] and abs(tip_y - die[1]) < 6
            before = box
        app.options.apply_preferences(app.prefs.replace(theme="mono"))
        assert table.itemcget(app.guide.shape, "fill") == "#ffffff"
        assert table.itemcget(app.guide.body, "fill") == "#000000"
        assert step(app) is Step.FREEZE
    finally:
        app.destroy()


def test_no_tour_in_a_game_of_computers_until_a_person_plays(tk_root: tk.Tk) -> None:
    from app_kit import settings

    app = make_app(tk_root, settings(("Bot", True), ("Ann", False)), first_seat=0,
                   prefs=QUIET.replace(guide_done=False, delay=0.05))
    try:
        assert step(app) is None
        app.game_commands.show_tour()  # Help > Show the tour again while Bot plays
        wait_until(app, lambda: "next turn" in str(app.window.status.message.cget("text")))
        wait_until(app, lambda: app.controller.game.current == 1)
        wait_until(app, human_turn_ready(app))
        assert step(app) is Step.THROW
    finally:
        app.destroy()


def test_the_preferences_dialog_does_not_bring_the_tour_back(tk_root: tk.Tk) -> None:
    """The dialog's result holds the tour flag as it was when it opened; the tour may have
    ended meanwhile (the computer plays on behind the dialog)."""
    app = make_app(tk_root, prefs=QUIET.replace(guide_done=False))
    try:
        opened_with = app.prefs
        app.guide.skip()
        app.options.apply_preferences(opened_with.replace(volume=20))
        assert app.prefs.guide_done and app.prefs.volume == 20
        assert step(app) is None
    finally:
        app.destroy()


def test_with_challenges_the_tour_points_at_no_challenge(tk_root: tk.Tk) -> None:
    from app_kit import settings

    app = make_app(tk_root, settings(options=("challenging",)),
                   prefs=QUIET.replace(guide_done=False))
    try:
        assert app.window.actions.challenge_shown
        assert step(app) is Step.THROW
        assert "No challenge" in app.window.table.itemcget(app.guide.body, "text")
        button = in_canvas(app, app.window.actions.prompt_buttons[-1])
        [(tip_x, _)] = pointer_tips(app)
        assert button[0] < tip_x < button[2]
    finally:
        app.destroy()
