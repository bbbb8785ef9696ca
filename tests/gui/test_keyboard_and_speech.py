"""Issue 14: playing by ear and by the keyboard alone.

The speech program is replaced by a recorder: a short scripted game must say the throw,
what a pick is worth, why a move is refused, the computer's moves, banks and the result, and
the player's own messages must cut stale ones.  Then a whole game, a new game set up in the
dialog and every window, with key events only (no clicks, no ``invoke()``)."""

from __future__ import annotations

import tkinter as tk

import pytest
from app_kit import QUIET, human_turn_ready, make_app, settings, wait_until
from speech_kit import Recorder

from tenthousand.control.app import App
from tenthousand.model.game import Phase
from tenthousand.services.speech import Speaker

pytestmark = pytest.mark.gui

SPEAKING = QUIET.replace(speech=True)


def press(app: App, keysym: str, widget: tk.Misc | None = None) -> None:
    """A key event on the focused widget (the table in the main window)."""
    app.root.update()
    target = widget or app.root.focus_get() or app.window.table
    modifier, _, name = keysym.rpartition("-")
    target.event_generate(f"<{modifier}-KeyPress-{name}>" if modifier else f"<KeyPress-{name}>")
    app.root.update()


def spoken_app(root: tk.Tk, recorder: Recorder, **options: object) -> App:
    app = make_app(root, settings(("You", False), ("Bot", True)),
                   speaker=Speaker(root, recorder), prefs=SPEAKING, **options)
    app.window.table.focus_force()
    return app


def test_a_scripted_game_is_spoken_in_order(tk_root: tk.Tk) -> None:
    rec = Recorder(instant=True)
    app = spoken_app(tk_root, rec, throws=[(1, 1, 4, 5, 5, 6), (2, 2, 3, 4, 6, 6)])
    try:
        press(app, "space")
        assert rec.texts == ["You throw 1, 1, 4, 5, 5, 6."]
        press(app, "3")  # the 4: it does not score
        worth = rec.texts[-1]
        press(app, "space")  # refused, and said why
        refusal = rec.texts[-1]
        press(app, "3")
        for number in ("1", "2", "4", "5"):
            press(app, number)
        picked = rec.texts[-1]
        said = len(rec.texts)
        press(app, "b")
        banked = rec.texts[said]  # (on a busy machine the computer may have spoken since)
        wait_until(app, lambda: app.controller.human_to_play and not app.speaker.speaking)
        press(app, "Control-s")
        scores = rec.texts[-1]
        press(app, "Control-r")
        assert worth == refusal == "The 4 does not score."  # what it is worth, then the refusal
        assert picked == "two 1s + two 5s = 300. Throw on, or bank."
        assert banked == ("You freeze 1, 1, 5, 5 for 300 (turn 300). "
                          "You banked 300, now 300. Bot's turn.")
        assert rec.texts[rec.texts.index(banked) + 1] == \
            "Bot throws 2, 2, 3, 4, 6, 6, trash! Bot threw trash. Your turn."
        assert scores.startswith("You 300, to play;") and "Bot 0" in scores
        assert rec.texts[-1] == scores  # Ctrl+R: the last message again
    finally:
        app.destroy()


def test_the_players_own_keys_cut_a_message_still_being_said(tk_root: tk.Tk) -> None:
    rec = Recorder(instant=False)  # every message lasts until finished
    app = spoken_app(tk_root, rec, throws=[(1, 1, 4, 5, 5, 6)])
    try:
        press(app, "space")
        press(app, "1")  # faster than "You throw ..." could be spoken
        assert rec.said[-2].text.startswith("You throw") and rec.said[-2].stopped
        press(app, "Control-period")
        assert rec.said[-1].stopped and not app.speaker.speaking
        press(app, "Control-d")
        assert rec.texts[-1].startswith("Your turn. Dice 1, 1, 4, 5, 5, 6; picked 1.")
    finally:
        app.destroy()


def test_a_long_answer_is_sentences_and_can_be_read_whole(tk_root: tk.Tk) -> None:
    """Ctrl+D's answer ran on without full stops and ended in '...' in the status bar: it
    is sentences, and shown whole above the bar (Ctrl+R and a click on the bar too)."""
    rec = Recorder(instant=True)
    app = spoken_app(tk_root, rec, throws=[(1, 1, 4, 5, 5, 6)])
    status = app.window.status
    try:
        tk_root.geometry("760x560")
        press(app, "space")
        press(app, "1")
        press(app, "Control-d")
        app.root.update()
        text = status.full_text
        assert text.startswith("Your turn. Dice 1 1 4 5 5 6; picked 1. ")
        assert text.endswith(".") and "  " not in text and ". ." not in text
        assert status.cut and status.tip is not None  # too long for the bar: shown whole
        shown = str(status.tip.winfo_children()[0].cget("text"))
        assert shown == text
        status.hide_tip()
        press(app, "Control-r")
        assert status.tip is not None  # Ctrl+R shows it whole again
        status.hide_tip()
    finally:
        app.destroy()


def test_the_die_cursor_moves_picks_and_is_drawn(tk_root: tk.Tk) -> None:
    rec = Recorder(instant=True)
    app = spoken_app(tk_root, rec, throws=[(1, 2, 3, 4, 6, 5)])
    table = app.window.table
    try:
        press(app, "space")
        press(app, "Tab")
        press(app, "Tab")
        assert table.cursor == ("thrown", 1) and rec.texts[-1] == "Die 2: 2."
        press(app, "ISO_Left_Tab")
        press(app, "ISO_Left_Tab")  # back past the first: round to the last
        assert table.cursor == ("thrown", 5)
        press(app, "p")
        assert app.controller.selection == {5}
        assert table.itemcget(table.cursor_item, "state") == "normal"
        x0, y0, x1, y1 = table.coords(table.cursor_item)
        assert x0 < table.die_centre("thrown", 5)[0] < x1
        press(app, "b")  # bank refused (not on the board): the cursor stays
        press(app, "space")  # freeze the 5, throw five dice
        wait_until(app, human_turn_ready(app))
    finally:
        app.destroy()


def _after_open(app: App, seen: list[str], *keys: str) -> None:
    """Press ``keys`` in the window that opens next (it is modal: the keys wait in an
    ``after``), noting the title of the window that has the focus."""
    tries = [60]  # a busy machine may take a while to open it: look again for 3 s

    def run() -> None:
        focus = app.root.focus_get()
        opened = focus is not None and focus.winfo_toplevel() is not app.root
        tries[0] -= 1
        if not opened and tries[0] > 0:
            app.root.after(50, run)
            return
        seen.append(focus.winfo_toplevel().title() if focus is not None else "")
        for keysym in keys:
            press(app, keysym)
    app.root.after(150, run)


def test_a_whole_game_new_game_and_every_window_by_keys_alone(tk_root: tk.Tk) -> None:
    app = make_app(tk_root, settings(("You", False), ("Bot", True), game_point=1000),
                   seed=5, first_seat=0, throws=[])
    app.boxes.confirm = lambda title, question: True
    c = app.controller
    try:
        for _ in range(400):
            if c.game.over:
                break
            wait_until(app, human_turn_ready(app))
            if c.game.over:
                break
            g = c.game
            if g.phase is Phase.START:
                press(app, "space")
                continue
            freeze = g.indices_for(g.legal_freezes()[0][0])
            for index in freeze:  # Tab to each die and pick it with P
                while app.window.table.cursor != ("thrown", index):
                    press(app, "Tab")
                press(app, "p")
            assert c.selection == set(freeze)
            banks = g.bank_refusal(freeze) is None and g.turn_score >= 300
            press(app, "b" if banks else "space")
        assert c.game.over

        # The new-game dialog: Tab to the fields, add a player with Alt+A, OK with Enter.
        seen: list[str] = []
        _after_open(app, seen, "Tab", "Tab", "Alt-a", "Return")
        press(app, "Control-n")
        assert len(c.game.seats) == 3

        # Every window opens from a key and closes with Escape or Enter.
        for opener, closer in (("F6", "Escape"), ("Control-k", "Return"),
                               ("Control-comma", "Escape")):
            _after_open(app, seen, closer)
            press(app, opener)
        press(app, "F5")  # the rules stay open beside the game, until Escape
        assert seen == ["New game", "Match table", "Keys", "Preferences"]
        rules = app.game_commands.rules_window
        assert rules is not None and rules.winfo_exists()
        press(app, "Escape", rules)
        assert not rules.winfo_exists()
        assert not [w for w in app.root.winfo_children()  # every window is closed again
                    if isinstance(w, tk.Toplevel) and w.winfo_exists()]
    finally:
        app.destroy()


def test_a_refused_undo_is_spoken_like_a_refused_bank(tk_root: tk.Tk) -> None:
    """Every refusal is spoken (the README promises it): Ctrl+Z with nothing to undo was
    shown and never said."""
    rec = Recorder(instant=True)
    app = spoken_app(tk_root, rec)
    try:
        press(app, "Control-z")
        assert rec.texts[-1] == "There is nothing of yours to undo yet."
        assert str(app.window.status.message.cget("text")) == rec.texts[-1]
        press(app, "b")  # nothing thrown yet: refused the same way
        assert rec.texts[-1] == str(app.window.status.message.cget("text"))
    finally:
        app.destroy()
