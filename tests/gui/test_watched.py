"""The computer plays only where the player can watch (issue 15, item 5): not behind a
message box or a modal dialog, not during the startup show, not while minimised."""

from __future__ import annotations

import time
import tkinter as tk

from app_kit import make_app, settings

from tenthousand.model.game import Phase


def _pump(app, seconds: float) -> None:  # type: ignore[no-untyped-def]
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.root.update()
        time.sleep(0.01)


def _computer_first():  # type: ignore[no-untyped-def]
    return settings(("Bot", True), ("Ann", False))


def test_no_computer_move_while_a_modal_box_holds_the_input(tk_root: tk.Tk) -> None:
    box = tk.Toplevel(tk_root)
    box.update()
    box.grab_set()  # what a message box or dialog of ours does
    app = make_app(tk_root, _computer_first())
    try:
        _pump(app, 0.8)
        assert not app.window.watched()
        assert app.controller.game.turns_taken == [0, 0]
        assert app.controller.game.phase is Phase.START
        box.grab_release()
        box.destroy()
        _pump(app, 1.5)
        assert app.window.watched()
        assert app.controller.game.phase is not Phase.START or sum(
            app.controller.game.turns_taken) > 0
    finally:
        if box.winfo_exists():
            box.destroy()
        app.destroy()


def test_no_computer_move_while_a_native_box_is_open(tk_root: tk.Tk) -> None:
    app = make_app(tk_root, _computer_first(), intro=True)  # not started yet
    try:
        with app.window.box_open():
            app.window.table.skip_intro()
            _pump(app, 0.8)
            assert app.controller.game.phase is Phase.START
            assert sum(app.controller.game.turns_taken) == 0
        _pump(app, 1.5)
        assert app.controller.game.phase is not Phase.START or sum(
            app.controller.game.turns_taken) > 0
    finally:
        app.destroy()


def test_launch_notices_are_shown_before_the_computer_moves(tk_root: tk.Tk) -> None:
    from tenthousand.control.app import App
    from tenthousand.control.boxes import Boxes

    seen: list[tuple[str, int]] = []
    apps: list[App] = []

    def fake_box(boxes: Boxes, title: str, text: str) -> None:
        with boxes.box_open():
            _pump(apps[0], 0.6)  # the box stays open a while: nothing may move meanwhile
            g = apps[0].controller.game
            seen.append((text, sum(g.turns_taken) + (g.phase is not Phase.START)))

    original = Boxes.inform
    Boxes.inform = fake_box  # type: ignore[method-assign]
    app = None
    try:
        # As the launch does: the window first, its first step once it is drawn.
        app = make_app(tk_root, _computer_first(), notices=["Your preferences were damaged."],
                       begin=False)
        apps.append(app)
        app.game_commands.begin()
        _pump(app, 1.0)
        assert seen == [("Your preferences were damaged.", 0)]
        assert sum(app.controller.game.turns_taken) > 0 or app.controller.game.phase \
            is not Phase.START  # and afterwards the computer plays
    finally:
        Boxes.inform = original  # type: ignore[method-assign]
        if app is not None:
            app.destroy()


def test_the_startup_show_waits_for_the_player(tk_root: tk.Tk) -> None:
    app = make_app(tk_root, _computer_first(), intro=True)
    try:
        _pump(app, 3.0)  # longer than the show itself
        assert app.window.table.intro_running
        assert sum(app.controller.game.turns_taken) == 0
        assert app.controller.game.phase is Phase.START
        app.window.table.event_generate("<Button-1>", x=10, y=10)
        _pump(app, 0.5)
        assert not app.window.table.intro_running
    finally:
        app.destroy()


def test_in_demo_mode_the_startup_show_ends_by_itself(tk_root: tk.Tk) -> None:
    app = make_app(tk_root, _computer_first(), intro=True, demo=True)
    try:
        _pump(app, 3.0)
        assert not app.window.table.intro_running
    finally:
        app.destroy()
