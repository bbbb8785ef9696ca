"""The session (issue 21): every way of putting a game on the table, against every watcher
of the game in the window.

One table: each way starts from the same window (a game of the match's second game in
progress, demo mode on, the rules window open), puts a game on the table its way, and
every watcher's visible result is checked: the title, the rules window, the demo
indicator (menu check and the status bar's DEMO), the game log's first lines with the
fingerprint line, the status line and speech, the advisor, the tour, the autosave, the
history keeper and the match table.
"""

from __future__ import annotations

import tkinter as tk
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from app_kit import QUIET, key, make_app, settings, stand_in_factory, wait_until
from speech_kit import Recorder

from tenthousand.control.app import App
from tenthousand.control.session import Origin
from tenthousand.dialogs.rules_window import RulesWindow
from tenthousand.files import savegame
from tenthousand.files.records import read_record
from tenthousand.history.codes import Challenge, challenge_code, daily_challenge
from tenthousand.model import PRESETS, Game, Seat
from tenthousand.present import presenter
from tenthousand.services.speech import Speaker
from tenthousand.tools.sim import run_games

SLOW = QUIET.replace(delay=3.0)  # the computer waits: nothing moves while we look
#: The match's first game, as the match table keeps it.
FIRST_GAME = ((0, 1, 10000, 2), (1, 2, 6500, 0))


def _in_match() -> Game:
    """Ann against Bot in the second game of a match, played into."""
    return Game(PRESETS["ten-thousand"], [Seat("Ann"), Seat("Bot", True, "normal")], seed=3,
                first_seat=0, match_points=[2, 0], games_played=1,
                match_games=[FIRST_GAME])


def _window(tk_root: tk.Tk, game: Game | None = None, demo: bool = True) -> App:
    app = App(tk_root, SLOW.replace(speech=True), settings(), game=game or _in_match(),
              install_error_handler=False, player_factory=stand_in_factory(), demo=False,
              speaker=Speaker(tk_root, Recorder(instant=True)))
    app.boxes.confirm = lambda title, question: True
    tk_root.deiconify()
    tk_root.update()
    if game is None:
        key(app, "space")  # Ann throws: a game in progress
    if demo:
        key(app, "F2")
    key(app, "F5")  # the rules window, open beside the game
    return app


@dataclass(frozen=True)
class Way:
    origin: Origin
    demo: bool  # demo mode afterwards
    games_played: int  # the match table afterwards
    said: str  # in the status line afterwards ("" for nothing of its own)
    spoken: bool = True  # and spoken (every message is)
    fingerprint: bool = True  # a game with a seed shows its fingerprint


def _new(app: App, tmp_path: Path) -> None:
    app.boxes.ask_settings = lambda current: settings(("Ann", False), ("Cy", True),
                                                       preset="farkle")
    key(app, "Escape")


def _next(app: App, tmp_path: Path) -> None:
    key(app, "F8")


def _restart(app: App, tmp_path: Path) -> None:
    assert app.controller.on_rematch is not None
    app.controller.on_rematch()  # the rematch button of a finished game


def _play_on(app: App, tmp_path: Path) -> None:
    run_games(PRESETS["farkle"], ["normal", "expert"], 1, seed=5, records=tmp_path)
    window = app.records.show_replay(record=read_record(tmp_path / "game-00001.json"))
    wait_until(app, lambda: window.replay is not None, seconds=20)
    window.show(7)
    old = app.controller.game
    window.play_on()
    wait_until(app, lambda: app.controller.game is not old)


def _challenge(app: App, tmp_path: Path) -> None:
    challenge = Challenge(PRESETS["farkle"], "expert", 123456789)
    assert app.history.play_challenge(challenge, challenge_code(challenge))


def _daily(app: App, tmp_path: Path) -> None:
    challenge = daily_challenge()
    assert app.history.play_challenge(challenge, challenge_code(challenge))


WAYS: dict[str, tuple[Any, Way]] = {
    "new": (_new, Way(Origin.NEW, False, 0, "Demo mode is off")),
    "next": (_next, Way(Origin.NEXT, True, 1, "Game 2 of this match")),
    "restart": (_restart, Way(Origin.RESTART, True, 1, "Game 2 of this match")),
    # (the simulator's records keep each game's seed, so the game played on from one has
    # its fingerprint too: its dice still follow from that seed)
    "play on": (_play_on, Way(Origin.PLAY_ON, False, 0, "Playing on from step 7")),
    "challenge": (_challenge, Way(Origin.CHALLENGE, False, 0, "Challenge: Farkle")),
    "daily": (_daily, Way(Origin.DAILY, False, 0, "Daily challenge of")),
}


def _watched(app: App) -> list[tuple[Game, bool]]:
    """What the history keeper is told of the games left."""
    left: list[tuple[Game, bool]] = []
    keeper = app.history.keeper
    abandoned = keeper.abandoned

    def spy(game: Game, *, demo: bool) -> None:
        left.append((game, demo))
        abandoned(game, demo=demo)

    keeper.abandoned = spy  # type: ignore[method-assign]
    return left


def _check_watchers(app: App, tk_root: tk.Tk, way: Way, rules_open: bool) -> None:
    game = app.controller.game
    assert app.session.game is game and app.session.origin is way.origin
    # the title
    title = tk_root.title()
    assert game.rules.label in title and ("(assisted)" in title) == game.record.assisted
    # the rules window, open beside the game, shows the new game's rules
    rules = app.game_commands.rules_window
    if rules_open:
        assert rules is not None and rules.winfo_exists() and rules.rules == game.rules
        fresh = RulesWindow(tk_root, game.rules)
        try:
            assert rules.text.get("1.0", "end") == fresh.text.get("1.0", "end")
        finally:
            fresh.destroy()
    # the demo indicator: the menu's check and the status bar's DEMO
    assert app.session.demo is way.demo and app.controller.demo is way.demo
    assert app.window.checks["demo"].get() is way.demo
    assert ("DEMO" in app.window.status.settings.cget("text")) is way.demo
    # the game log: its first line, the computer's "plays as" lines, the fingerprint
    lines = app.window.log.lines()
    # (a game played into, resumed or played on from a replay, says "Resumed game")
    assert lines[0] == presenter.start_line(game, resumed=len(game.log) > 1)
    fingerprint = presenter.fingerprint_line(game)
    assert (fingerprint is not None) is way.fingerprint
    if fingerprint is not None:
        # under the first lines (and a resumed game's last moves), before any new move
        assert fingerprint in lines[:len(game.seats) + 1 + len(game.log)]
        assert lines.count(fingerprint) == 1  # written once: by the controller's first lines
    # the status line (and so speech) says where the game came from
    if way.said:
        assert way.said in app.window.status.full_text
        backend = app.speaker.backend
        assert isinstance(backend, Recorder)
        heard = lambda: any(way.said in said.text for said in backend.said)  # noqa: E731
        if way.spoken:  # (an event waits for what is being said to end)
            wait_until(app, heard, seconds=5)
        assert heard() is way.spoken
    # the advisor values the new game, the tour follows it
    assert app.advisor._game is game and app.guide._game is game
    # the autosave holds the new game
    app.controller.saver.flush()
    saved, note = savegame.load_saved_game()
    assert note is None and saved is not None
    assert saved.to_dict() == game.to_dict()
    # the match table
    points, played = app.session.match
    assert played == way.games_played == game.games_played
    shown: list[Game] = []
    app.boxes.ask_match = lambda g: shown.append(g) and None  # type: ignore[func-returns-value]
    key(app, "F6")
    assert shown == [game] and shown[0].games_played == way.games_played
    if way.games_played:
        assert shown[0].match_games == [FIRST_GAME] and points == [2, 0]


@pytest.mark.parametrize("name", list(WAYS))
def test_each_way_of_putting_a_game_on_the_table_tells_every_watcher(
        tk_root: tk.Tk, tmp_path: Path, name: str) -> None:
    start, way = WAYS[name]
    app = _window(tk_root)
    try:
        left = _watched(app)
        before = app.controller.game
        assert app.session.demo and "DEMO" in app.window.status.settings.cget("text")
        start(app, tmp_path)
        assert app.controller.game is not before
        # the history keeper: the game left is stored as left, with demo mode as it was
        assert left == [(before, True)]
        _check_watchers(app, tk_root, way, rules_open=True)
    finally:
        for window in list(app.records.replays):
            window.close()
        app.destroy()


def test_a_resumed_game_tells_every_watcher_at_launch(tk_root: tk.Tk) -> None:
    saved = _in_match()
    saved.throw()  # played into: the launch resumes it
    app = _window(tk_root, saved, demo=False)
    try:
        _check_watchers(app, tk_root, Way(Origin.RESUMED, False, 1, ""), rules_open=True)
    finally:
        app.destroy()


def test_the_watchers_are_told_in_order() -> None:
    """The history keeper hears of the game left before the table replaces it; the log's
    fingerprint line comes after the table's first lines."""
    from tenthousand.control.session import Session

    session = Session()
    heard: list[tuple[str, Origin, bool]] = []
    for name in ("history", "table", "log"):
        session.watch(name, lambda change, name=name: heard.append(
            (name, change.origin, change.demo)))
    first = _in_match()
    session.put(first, Origin.NEW, demo=True)
    session.put(first.rematch(), Origin.NEXT)
    session.put(_in_match(), Origin.PLAY_ON)
    assert session.watchers == ["history", "table", "log"]
    assert heard == [(n, o, d) for o, d in ((Origin.NEW, True), (Origin.NEXT, True),
                                            (Origin.PLAY_ON, False))
                     for n in ("history", "table", "log")]


# -- the bugs of issue 21 that came from two ways of starting a game drifting apart -------

def test_demo_is_not_shown_after_f2_esc_and_a_new_game(tk_root: tk.Tk) -> None:
    """F2, then Esc and a new game: demo mode is off, and the status bar says so."""
    app = _window(tk_root, demo=True)
    try:
        assert "DEMO" in app.window.status.settings.cget("text")
        app.boxes.ask_settings = lambda current: current
        key(app, "Escape")
        assert not app.controller.demo
        assert "DEMO" not in app.window.status.settings.cget("text")
        assert not app.window.checks["demo"].get()
    finally:
        app.destroy()


def test_play_on_shows_the_replays_rules_in_the_open_rules_window(
        tk_root: tk.Tk, tmp_path: Path) -> None:
    app = _window(tk_root, demo=False)  # Ten-Thousand, the rules window open
    try:
        _play_on(app, tmp_path)  # a replay of Farkle
        rules = app.game_commands.rules_window
        assert rules is not None and rules.rules == PRESETS["farkle"]
        assert app.controller.game.rules == PRESETS["farkle"]
    finally:
        for window in list(app.records.replays):
            window.close()
        app.destroy()


def test_f8_shows_the_fingerprint_and_after_an_undo_the_seed_at_the_end(
        tk_root: tk.Tk) -> None:
    from app_kit import human_turn_ready

    app = make_app(tk_root, first_seat=None)  # the game's own dice: its record replays
    try:
        key(app, "F8")
        game = app.controller.game
        line = presenter.fingerprint_line(game)
        assert line is not None and line in app.window.log.lines()
        wait_until(app, human_turn_ready(app))
        key(app, "space")
        key(app, "Control-z")
        assert app.controller.game.record.assisted
        key(app, "F2")  # the computer plays the game to its end
        wait_until(app, lambda: app.controller.game.over, seconds=60)
        seed = app.controller.game.record.start.seed
        assert seed is not None and seed == game.record.start.seed
        wait_until(app, lambda: any(f"The dice seed was {seed}" in text
                                    for text in app.window.log.lines()), seconds=60)
    finally:
        app.destroy()


def test_play_on_asks_over_the_replay_and_then_shows_the_game_in_front(
        tk_root: tk.Tk, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tkinter import messagebox

    app = _window(tk_root, demo=False)  # a game in progress: play on asks first
    parents: list[Any] = []
    try:
        app.boxes.confirm = app.boxes._ask  # the real question, in a box
        monkeypatch.setattr(messagebox, "askyesno", lambda title, question, **options:
                            parents.append(options.get("parent")) or True)
        _play_on(app, tmp_path)
        replay = app.records.replays[-1]
        assert parents == [replay]  # over the replay window, not hidden behind it
        tk_root.update()
        order = [str(w) for w in tk_root.tk.splitlist(tk_root.tk.call("wm", "stackorder", "."))]
        assert order.index(".") > order.index(str(replay))  # the new game is in front
    finally:
        for window in list(app.records.replays):
            window.close()
        app.destroy()


def test_the_session_knows_who_sits_in_each_seat_as_played() -> None:
    """A person, a computer at the level chosen and the level that plays (Perfect that
    fell back plays as Expert), and in demo mode the Expert computer in every seat."""
    from tenthousand.control.session import Session
    from tenthousand.model.record import Played

    session = Session()
    game = Game(PRESETS["ten-thousand"], [Seat("Ann"), Seat("Bot", True, "perfect"),
                                          Seat("Cy", True, "normal")], seed=1)
    session.played_as = lambda seat: "expert" if seat == 1 else None
    session.put(game, Origin.NEW)
    assert session.seats == (Played(True), Played(False, "perfect", "expert"),
                             Played(False, "normal", "normal"))
    session.set_demo(True)
    assert [(s.person, s.level) for s in session.seats] == [(False, "expert")] * 3
    assert session.seats[1].chosen == "perfect"
    assert session.match == ([0, 0, 0], 0) and not session.in_progress


def test_the_match_survives_a_restart_of_the_program(tk_root: tk.Tk) -> None:
    """Game 1 of a match played to its end, the program quit and started again: the launch
    puts game 2 of the same match on the table, with its match table."""
    from tenthousand.files.options import Options
    from tenthousand.launch import _saved_game
    from tenthousand.tools.headless import play_to_end

    game = Game(PRESETS["trash-5000"], [Seat("Ann"), Seat("Bot", True, "normal")], seed=8)
    play_to_end(game, seed=8)
    assert game.over and game.games_played == 1
    first = App(tk_root, QUIET, settings(), game=game, install_error_handler=False,
                player_factory=stand_in_factory())
    first.destroy()  # quit: the last save is written first
    start = _saved_game(tk_root, Options())
    again, notes = start.game, start.notes
    assert notes == [] and again is not None and not again.over
    assert again.games_played == 1 and again.match_points == game.match_points
    assert again.record.start.seed is not None  # its fingerprint is shown, its seed at the end
    app = App(tk_root, QUIET, settings(), game=again, install_error_handler=False,
              player_factory=stand_in_factory())
    try:
        assert app.session.match == (list(game.match_points), 1)
        assert app.controller.game is again
        assert presenter.fingerprint_line(again) in app.window.log.lines()
    finally:
        app.destroy()
    # Other rules asked for on the command line start afresh, as before.
    assert _saved_game(tk_root, Options(rules="farkle")).game is None


def test_play_on_asks_before_it_ends_the_match(tk_root: tk.Tk, tmp_path: Path) -> None:
    """Issue 42, item 5: the match's points vanished from F6 without a question when the
    game on the table was not in progress (the second game not begun)."""
    game = _in_match()
    app = _window(tk_root, game, demo=False)  # the second game, not begun
    asked: list[str] = []
    try:
        assert not app.session.in_progress
        app.boxes.confirm = lambda title, question: asked.append(question) is None and False
        run_games(PRESETS["farkle"], ["normal", "expert"], 1, seed=5, records=tmp_path)
        window = app.records.show_replay(record=read_record(tmp_path / "game-00001.json"))
        wait_until(app, lambda: window.replay is not None, seconds=20)
        window.show(7)
        window.play_on()
        wait_until(app, lambda: bool(asked))
        assert asked == ["Playing on from here starts a new match: the match so far (1 game) "
                         "ends. Play on from this step of the replay?"]
        assert app.controller.game is game and app.session.match == ([2, 0], 1)
        app.boxes.confirm = lambda title, question: True
        window.play_on()
        wait_until(app, lambda: app.controller.game is not game)
        assert app.session.match == ([0, 0], 0)
    finally:
        for replay in list(app.records.replays):
            replay.close()
        app.destroy()


def test_the_review_closes_when_its_game_is_replaced(tk_root: tk.Tk) -> None:
    app = _window(tk_root, demo=False)  # Ann has thrown
    try:
        key(app, "1")  # a decision of Ann's: freeze the first scoring die
        app.session.table.record.has_human_decision = lambda: True  # type: ignore[method-assign]
        review = app.records.show_review()
        assert review is not None and review.winfo_exists()
        app.records.show_review()  # a second review of the same game
        undo_review = app.records.reviews[-1]
        key(app, "F8")  # the next game of the match replaces the game reviewed
        tk_root.update()
        assert not review.winfo_exists() and not undo_review.winfo_exists()
    finally:
        app.destroy()
