"""Issue 24: real dice at the table, in the window.  A whole real-dice game played with
key events only (typing the throws, correcting them, picking, throwing on, banking, the
computer's throws entered for it), throws entered by clicks on the entry row's faces,
F3's new-game dialog, and the coach after a decision."""

from __future__ import annotations

import tkinter as tk
from collections.abc import Sequence

import pytest
from app_kit import QUIET, settings, stand_in_factory, wait_until
from speech_kit import Recorder

from tenthousand.control.app import App
from tenthousand.dialogs.newgame import NewGameDialog
from tenthousand.files.settings import GameSettings
from tenthousand.model import Seat, persist
from tenthousand.model.game import Phase
from tenthousand.model.real_dice import real_game
from tenthousand.services.speech import Speaker

pytestmark = pytest.mark.gui

SPEAKING = QUIET.replace(speech=True)


def real_app(root: tk.Tk, recorder: Recorder, *, coach: str = "everyone",
             game_point: int = 2000) -> App:
    chosen = settings(("You", False), ("Bot", True), game_point=game_point)
    import dataclasses

    chosen = dataclasses.replace(chosen, real_dice=True, dice_set="Green", coach=coach)
    game = real_game(chosen.to_rules(), [Seat("You"), Seat("Bot", True)], "Green",
                     first_seat=0)
    root.deiconify()
    root.geometry("1024x700+0+0")
    app = App(root, SPEAKING, chosen, game=game, seed=1, install_error_handler=False,
              player_factory=stand_in_factory(), speaker=Speaker(root, recorder),
              save_games=False)
    app.boxes.confirm = lambda title, question: True
    root.update()
    app.window.table.focus_force()
    return app


def press(app: App, keysym: str) -> None:
    """A key event on the focused widget (the table in the main window)."""
    app.root.update()
    target = app.root.focus_get() or app.window.table
    target.event_generate(f"<KeyPress-{keysym}>")
    app.root.update()


def type_throw(app: App, faces: Sequence[int]) -> None:
    for face in faces:
        press(app, str(face))
    press(app, "Return")


def entry_count(app: App) -> int:
    shown = app.controller.dice_entry.display()
    assert shown is not None
    return shown.count


def test_a_whole_real_dice_game_with_keys_only(tk_root: tk.Tk) -> None:
    rec = Recorder(instant=True)
    app = real_app(tk_root, rec)
    entry, game = app.controller.dice_entry, lambda: app.controller.game
    try:
        assert entry.open and app.window.entry_row is not None
        assert app.window.entry_row.winfo_manager() and not app.window.actions.winfo_manager()
        press(app, "7")  # not a face: refused, said and rung
        assert rec.texts[-1] == "7 is not a face of a die: a die shows 1 to 6."
        for keysym in ("1", "2", "BackSpace", "2", "3", "4", "6"):
            press(app, keysym)
        assert "Took back 2" in " ".join(rec.texts)
        press(app, "Return")  # five faces for six dice: refused, said in the row too
        assert rec.texts[-1] == "This throw is of 6 dice, but 5 faces were entered."
        assert game().phase is Phase.START
        row = app.window.entry_row
        assert str(row.progress.cget("text")).startswith(  # (kept: the faces stay)
            "This throw is of 6 dice, but 5 faces were entered. 5 of 6 entered: 1 2 3 4 6")
        type_throw(app, (6,))
        assert game().thrown == (1, 2, 3, 4, 6, 6) and not entry.open
        assert app.window.actions.winfo_manager()  # Throw and Bank are back
        press(app, "1")  # the 1
        press(app, "space")
        assert entry_count(app) == 5
        type_throw(app, (1, 1, 1, 5, 5))
        for number in "12345":
            press(app, number)
        press(app, "space")  # all six frozen: six fresh dice, asked for
        assert entry_count(app) == 6
        type_throw(app, (2, 2, 3, 4, 6, 6))  # trash: the 1,200 are lost
        assert [type(e).__name__ for e in game().log[-5:]][:2] == ["Frozen", "Corner"]
        assert game().board == [0, 0] and game().current == 1
        steps = 0
        while not game().over:
            steps += 1
            assert steps < 200, ("the game does not end", game().log[-8:], entry.open,
                                 app.controller.human_to_play, game().phase)
            wait_until(app, lambda: entry.open or game().over
                       or (app.controller.human_to_play and game().phase is Phase.CHOOSE))
            if entry.open:  # ones for us, fives for the computer: no endless tie-break
                shown = entry.display()
                wait_until(app, lambda: not app.speaker.speaking)  # (ours would cut its words)
                type_throw(app, [5 if shown and shown.computer else 1] * entry_count(app))
            elif game().phase is Phase.CHOOSE:  # ours: freeze every 1 and bank
                for number in range(1, len(game().thrown) + 1):
                    press(app, str(number))
                press(app, "b")
        assert game().over
        spoken = " ".join(rec.texts)
        assert "Bot throws: throw 6 dice for it." in spoken
        assert "Bot freezes 5, 5, 5, 5, 5, 5" in spoken and "Bot banked" in spoken
        record = game().record.to_dict()
        assert record["dice"] == "real" and record["dice_set"] == "Green"
        assert persist.load_record(record).replay().log == game().log
    finally:
        app.destroy()


def click(widget: tk.Misc) -> None:
    widget.update()
    x, y = widget.winfo_width() // 2, widget.winfo_height() // 2
    widget.event_generate("<Enter>", x=x, y=y)
    widget.event_generate("<Button-1>", x=x, y=y)
    widget.event_generate("<ButtonRelease-1>", x=x, y=y)
    widget.update()


def test_throws_entered_by_clicks_on_the_faces(tk_root: tk.Tk) -> None:
    rec = Recorder(instant=True)
    app = real_app(tk_root, rec)
    row = app.window.entry_row
    assert row is not None
    try:
        for face in (1, 5, 5):
            click(row.faces[face - 1])
        assert row.shown is not None and row.shown.faces == (1, 5, 5)
        assert rec.texts[-1] == "5, 3 of 6."
        click(row.back_button)
        for face in (2, 3, 3, 6):
            click(row.faces[face - 1])
        click(row.enter_button)
        assert app.controller.game.thrown == (1, 5, 2, 3, 3, 6)
        click(row.faces[0])  # the row is gone: a click does nothing
        assert app.controller.game.thrown == (1, 5, 2, 3, 3, 6)
        table = app.window.table
        x, y = table.die_centre("thrown", 0)
        table.event_generate("<Button-1>", x=x, y=y)
        table.event_generate("<ButtonRelease-1>", x=x, y=y)
        tk_root.update()
        app.window.actions.throw_button.invoke()  # the 1 frozen: five dice asked for
        assert app.controller.dice_entry.open and row.shown is not None
        assert row.shown.count == 5 and row.cancel_button.winfo_manager()
        click(row.cancel_button)  # put off: back to choosing
        assert not app.controller.dice_entry.open and app.window.actions.winfo_manager()
    finally:
        app.destroy()


def test_the_coach_speaks_after_a_decision(tk_root: tk.Tk) -> None:
    rec = Recorder(instant=True)
    app = real_app(tk_root, rec, coach="after")
    try:
        type_throw(app, (1, 1, 4, 5, 5, 6))
        press(app, "1")
        press(app, "2")
        press(app, "space")  # the two 1s frozen, four dice on
        type_throw(app, (1, 5, 3, 3))  # (the decision counts once its throw is in)
        coach = app.real_dice.coach
        # (a player who listens: picking on would cut the coach's words, not its log line)
        wait_until(app, lambda: len(coach.said) >= 1 and not app.speaker.speaking, seconds=30)
        press(app, "1")
        press(app, "b")  # 200 + 100 banked
        wait_until(app, lambda: len(coach.said) >= 2, seconds=30)
        assert coach.said[0].startswith("You froze 1 1 and threw on")
        assert coach.said[1].startswith("You banked 300")
        wait_until(app, lambda: any("You banked 300; " in t for t in rec.texts), seconds=30)
        assert any("You froze 1, 1 and threw on" in t for t in rec.texts)  # (maybe joined)
        logged = [app.window.log.text.get("1.0", "end")]
        assert coach.said[1] in logged[0]
        assert not app.advisor.shown  # after a decision: not while deciding
    finally:
        app.destroy()


def test_f3_sets_up_a_real_dice_game(tk_root: tk.Tk) -> None:
    rec = Recorder(instant=True)
    app = real_app(tk_root, rec)
    asked: list[GameSettings] = []

    def ask(chosen: GameSettings) -> GameSettings:
        asked.append(chosen)
        dialog = NewGameDialog(tk_root, chosen, testing=True)
        dialog.update()
        dialog.real_dice.name.set("Blue set")
        dialog.button_ok.invoke()
        assert dialog.result is not None
        return dialog.result

    app.boxes.ask_settings = ask
    try:
        press(app, "F3")
        assert asked and asked[0].real_dice
        game = app.controller.game
        wait_until(app, lambda: app.controller.dice_entry.open)  # whoever throws first
        assert game.record.real_dice == "Blue set" and game.record.recorded_dice
        assert app.preferences.game.dice_set == "Blue set"
    finally:
        app.destroy()


def test_esc_on_a_real_throw_puts_it_off_and_the_tour_does_without_it(tk_root: tk.Tk) -> None:
    """Issue 42, item 13: "Skip the tour (Esc)" and "Put off (Esc)" stood together; Esc
    is the real throw's, and the tour's link says no key."""
    app = real_app(tk_root, Recorder(instant=True))
    try:
        app.guide.restart()
        app.controller.refresh()
        app.root.update()
        press(app, "1")
        assert app.guide.showing and app.window.entry_row is not None
        link = app.window.table.itemcget(app.guide.link, "text")
        assert link == "Skip the tour"
        assert app.window.entry_row.cancel_button.cget("text") == "Put off (Esc)"
        press(app, "Escape")
        assert app.guide.active and not app.guide.tour.finished  # the tour goes on
        assert app.controller.dice_entry.display() is None  # the throw is put off
        app.controller.refresh()
        app.root.update()
        assert app.window.table.itemcget(app.guide.link, "text") == "Skip the tour (Esc)"
    finally:
        app.destroy()
