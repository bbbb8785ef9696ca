"""The match in the window (issue 15, item 11): F6 shows the table, F8 is the next game of
the match, a new game says that it ends the match."""

from __future__ import annotations

import tkinter as tk
from tkinter import ttk

from app_kit import QUIET, key, stand_in_factory

from tenthousand.control.app import App
from tenthousand.dialogs.match import MatchDialog
from tenthousand.files.settings import GameSettings, SeatSetting
from tenthousand.model import Game, Seat
from tenthousand.model.rules import PRESETS
from tenthousand.tools.headless import play_to_end


def _finished_match(games: int = 2) -> Game:
    game = Game(PRESETS["trash-5000"], [Seat("Ann"), Seat("Bob")], seed=5)
    for k in range(games):
        play_to_end(game, seed=k)
        if k < games - 1:
            game = game.rematch()
    return game


def _app(root: tk.Tk, game: Game) -> App:
    root.deiconify()
    root.geometry("1024x700+0+0")
    settings = GameSettings(preset="trash-5000", seats=(SeatSetting("Ann"), SeatSetting("Bob")))
    app = App(root, QUIET, settings, game=game, install_error_handler=False,
              player_factory=stand_in_factory(), save_games=False)
    root.update()
    return app


def test_f6_shows_the_match_and_next_plays_game_three(tk_root: tk.Tk) -> None:
    app = _app(tk_root, _finished_match(2))
    asked: list[Game] = []
    try:
        app.boxes.ask_match = lambda game: asked.append(game) or "next"  # type: ignore[func-returns-value]
        key(app, "F6")
        assert len(asked) == 1 and asked[0].games_played == 2
        game = app.controller.game
        assert game.games_played == 2 and not game.over and len(game.match_games) == 2
        assert "Game 3 of this match" in app.window.status.message.cget("text")
    finally:
        app.destroy()


def test_a_new_game_asks_before_it_ends_the_match(tk_root: tk.Tk) -> None:
    app = _app(tk_root, _finished_match(3))
    questions: list[str] = []
    try:
        app.boxes.confirm = lambda title, q: questions.append(q) or False  # type: ignore[func-returns-value]
        app.boxes.ask_settings = lambda s: s  # the question comes once the game is set up
        key(app, "Escape")
        assert len(questions) == 1 and "End the match (3 games played)" in questions[0]
        assert "F8" in questions[0]
        assert app.controller.game.games_played == 3  # said no: the match goes on
        app.boxes.confirm = lambda title, q: True
        key(app, "Escape")
        assert app.controller.game.games_played == 0 and app.controller.game.match_games == []
    finally:
        app.destroy()


def test_the_match_dialog_shows_every_game_and_the_totals(tk_root: tk.Tk) -> None:
    game = _finished_match(3)
    dialog = MatchDialog(tk_root, game, testing=True)
    try:
        texts = [w.cget("text") for w in _walk(dialog) if isinstance(w, ttk.Label)]
        assert "Game 1" in texts and "Game 3" in texts and "Match points" in texts
        assert str(game.match_points[0]) in texts
        dialog.button_next.invoke()
        assert dialog.result == "next"
    finally:
        if dialog.winfo_exists():
            dialog.destroy()


def _walk(widget: tk.Misc) -> list[tk.Misc]:
    out = [widget]
    for child in widget.winfo_children():
        out.extend(_walk(child))
    return out
