"""The controller through the real widgets: keys, buttons, computer turns, demo, challenges,
Mutant Trash, the worker thread, and a whole game to the end."""

from __future__ import annotations

import tkinter as tk

import pytest
from app_kit import (
    QUIET,
    click_die,
    human_turn_ready,
    key,
    make_app,
    settings,
    stand_in_factory,
    wait_until,
)

from tenthousand.control.session import Origin
from tenthousand.files.settings import next_delay
from tenthousand.model.game import Phase

pytestmark = pytest.mark.gui


def test_number_keys_select_space_freezes_and_throws_b_banks(tk_root: tk.Tk) -> None:
    app = make_app(tk_root, throws=[(1, 5, 2, 3, 4, 6), (1, 1, 1, 2)])
    try:
        game = app.controller.game
        key(app, "space")
        key(app, "1")
        key(app, "2")
        assert app.controller.selection == {0, 1}
        key(app, "r")  # R throws too
        assert game.frozen == [(1, 5)] and game.thrown == (1, 1, 1, 2)
        for k in ("1", "2", "3"):
            key(app, k)
        key(app, "Return")
        assert game.board[0] == 1150
        assert "banked 1,150" in "\n".join(app.window.log.lines())
    finally:
        app.destroy()


def test_bank_is_disabled_with_the_reason_below_the_minimum(tk_root: tk.Tk) -> None:
    game_settings = settings(("Ann", False), ("Bot", True), preset="trash-10000")
    app = make_app(tk_root, game_settings, throws=[(1, 5, 2, 3, 4, 6)])
    try:
        key(app, "space")
        key(app, "1")
        bar = app.window.actions
        assert str(bar.bank_button.cget("state")) == "disabled"
        assert "500 to get on the board" in str(bar.reason.cget("text"))
        key(app, "b")  # refused, and said so
        assert app.controller.game.phase is Phase.CHOOSE
        assert "500" in str(app.window.status.message.cget("text"))
    finally:
        app.destroy()


def test_the_buttons_work_like_the_keys(tk_root: tk.Tk) -> None:
    app = make_app(tk_root, throws=[(1, 5, 2, 3, 4, 6)])
    try:
        bar = app.window.actions
        bar.throw_button.invoke()
        tk_root.update()
        click_die(app, "thrown", 0)
        bar.bank_button.invoke()
        tk_root.update()
        assert app.controller.game.board[0] == 100
    finally:
        app.destroy()


def test_the_computer_plays_its_turn_in_after_steps(tk_root: tk.Tk) -> None:
    factory = stand_in_factory()
    app = make_app(tk_root, throws=[(2, 2, 3, 4, 6, 6)], factory=factory)
    try:
        key(app, "space")  # trash: the computer's turn follows, played in after() steps
        game = app.controller.game
        wait_until(app, human_turn_ready(app))
        assert game.current == 0 and game.turns_taken == [1, 1]
        assert factory.made[0].moves >= 1
        assert "Bot throws" in "\n".join(app.window.log.lines())
        assert app.controller.pending == 0
    finally:
        app.destroy()


def test_a_new_game_cancels_every_pending_step(tk_root: tk.Tk) -> None:
    prefs = QUIET.replace(delay=3.0)
    app = make_app(tk_root, throws=[(2, 2, 3, 4, 6, 6)], prefs=prefs)
    try:
        key(app, "space")
        assert app.controller.pending >= 1  # the computer waits 3 s before it moves
        app.game_commands.start_new_game(settings())
        assert app.controller.game.log[-1].kind == "turn"
        game = app.controller.game
        if not app.controller.seating.is_computer(game.current):
            assert app.controller.pending == 0
    finally:
        app.destroy()
    assert app.controller.pending == 0


def test_up_and_down_change_the_delay_shown_in_the_status_bar(tk_root: tk.Tk) -> None:
    app = make_app(tk_root, prefs=QUIET.replace(delay=1.0))
    try:
        key(app, "Down")
        assert app.prefs.delay == 1.2 and app.controller.delay == 1.2
        assert "Delay 1.2 s" in str(app.window.status.settings.cget("text"))
        for _ in range(3):
            key(app, "Up")
        assert app.prefs.delay == 0.8
        assert next_delay(0.0, faster=True) == 0.0 and next_delay(3.0, faster=False) == 3.0
    finally:
        app.destroy()


def test_demo_mode_plays_every_seat_and_gives_them_back(tk_root: tk.Tk) -> None:
    factory = stand_in_factory()
    game_settings = settings(("Ann", False), ("Bob", False))
    app = make_app(tk_root, game_settings, factory=factory, prefs=QUIET.replace(delay=0.05))
    try:
        key(app, "F2")
        assert app.controller.demo
        wait_until(app, lambda: sum(app.controller.game.turns_taken) >= 3)
        assert {p.level for p in factory.made} == {"expert"}
        key(app, "F2")
        assert not app.controller.demo
        wait_until(app, human_turn_ready(app))
        assert app.controller.human_to_play or app.controller.game.over
    finally:
        app.destroy()


def test_a_human_is_asked_whom_to_challenge(tk_root: tk.Tk) -> None:
    game_settings = settings(("Ann", False), ("Bob", False), ("Cy", False),
                             options=["challenging"])
    app = make_app(tk_root, game_settings, throws=[(1, 1, 1, 2, 3, 4)])
    try:
        bar = app.window.actions
        assert bar.challenge_shown
        assert [b.cget("text") for b in bar.prompt_buttons][:2] == ["1: Bob", "2: Cy"]
        key(app, "2")  # challenge Cy
        game = app.controller.game
        assert game.challenge_target == 2 and not bar.challenge_shown
        key(app, "space")
        for k in "123":
            key(app, k)
        key(app, "b")
        assert game.board == [1000, 0, -1000]
    finally:
        app.destroy()


def test_no_challenge_then_throw(tk_root: tk.Tk) -> None:
    game_settings = settings(("Ann", False), ("Bob", False), options=["challenging"])
    app = make_app(tk_root, game_settings, throws=[(1, 2, 3, 4, 6, 6)])
    try:
        bar = app.window.actions
        bar.prompt_buttons[-1].invoke()  # "No challenge"
        tk_root.update()
        assert not bar.challenge_shown
        key(app, "space")
        assert app.controller.game.challenge_target is None
        assert app.controller.game.phase is Phase.CHOOSE
    finally:
        app.destroy()


def test_the_computer_challenges_throws_selects_and_banks_in_visible_steps(
        tk_root: tk.Tk) -> None:
    game_settings = settings(("Ann", False), ("Bot", True), preset="trash-5000",
                             options=["challenging"])
    app = make_app(tk_root, game_settings, throws=[(1, 1, 1, 2, 3, 4)], first_seat=1,
                   prefs=QUIET.replace(delay=0.3),
                   factory=stand_in_factory(challenge=0))
    try:
        c = app.controller
        game = c.game
        wait_until(app, lambda: game.challenge_target == 0)
        # The challenge is a step of its own: the throw waits for the next one.
        assert game.phase is Phase.START and game.thrown == () and c.pending >= 1
        wait_until(app, lambda: game.phase is Phase.CHOOSE and bool(c.selection))
        # The dice it chose are shown selected before it banks them.
        assert c.selection == {0, 1, 2} and game.board == [0, 0]
        wait_until(app, human_turn_ready(app))
        assert game.board == [-1000, 1000]
        lines = "\n".join(app.window.log.lines())
        assert lines.index("Bot challenges Ann") < lines.index("Bot throws")
        assert c.pending == 0
    finally:
        app.destroy()


def test_a_slow_computer_says_it_is_thinking_and_the_window_stays_alive(tk_root: tk.Tk) -> None:
    factory = stand_in_factory(prepare_seconds=0.8)
    game_settings = settings(("Bot", True), ("Ann", False))
    app = make_app(tk_root, game_settings, factory=factory)
    try:
        wait_until(app, lambda: app.controller.computers.thinking, 5)
        assert "thinking" in str(app.window.status.message.cget("text"))
        key(app, "Down")  # the window still answers while the tables are built
        assert app.prefs.delay == 0.1
        wait_until(app, human_turn_ready(app))
        assert not app.controller.computers.thinking
    finally:
        app.destroy()


def test_the_computer_discards_in_mutant_trash(tk_root: tk.Tk) -> None:
    game_settings = settings(("Bot", True), ("Ann", False), options=["mutant-trash"])
    app = make_app(tk_root, game_settings, throws=[(1, 1, 1, 2, 3, 4)])
    try:
        wait_until(app, human_turn_ready(app))
        game = app.controller.game
        assert game.board[0] == 1000 and game.play_area == [1] and game.board[1] == 100
    finally:
        app.destroy()


@pytest.mark.parametrize("preset", ["ten-thousand", "trash-5000"])
def test_a_whole_game_against_the_computer_through_the_widgets(tk_root: tk.Tk,
                                                               preset: str) -> None:
    """A seeded game to the end: the human only clicks dice and presses keys."""
    from tenthousand.ai import make_player

    game_settings = settings(("Ann", False), ("Bot", True, "normal"), preset=preset,
                             game_point=2000)
    app = make_app(tk_root, game_settings, first_seat=None, seed=11, factory=make_player)
    game = app.controller.game
    try:
        for _ in range(400):
            wait_until(app, human_turn_ready(app), 20)
            if game.over:
                break
            if game.phase is Phase.START:
                key(app, "space")
            elif game.phase is Phase.CHOOSE:
                faces, points = game.legal_freezes()[0]
                for i in game.indices_for(faces):
                    click_die(app, "thrown", i)
                assert app.controller.selection == set(game.indices_for(faces))
                if game.bank_refusal(sorted(app.controller.selection)) is None and \
                        game.turn_score + points >= 350:
                    key(app, "b")
                else:
                    key(app, "space")
        assert game.over
        assert game.result is not None and max(game.board) >= 2000
        log = "\n".join(app.window.log.lines())
        assert "wins with" in log
        assert "wins!" in app.window.table.cue_text
        assert str(app.window.actions.throw_button.cget("text")) == "Play again (F8)"
        key(app, "F8")  # a rematch keeps the match table
        assert app.controller.game is not game
        assert sum(app.controller.game.match_points) == sum(game.match_points) > 0
    finally:
        app.destroy()


def test_perfect_solves_each_new_turn_in_a_worker_thread(tk_root: tk.Tk,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Perfect's slow work (solving a turn it has not met, 5-35 ms) never runs in Tk."""
    import threading

    from tenthousand.solver import values
    from tenthousand.solver.levels import make_player

    solved_in: list[str] = []
    real_solve = values.TurnValues._solve

    def spy(self: values.TurnValues):  # type: ignore[no-untyped-def]
        if self._rows is None:
            solved_in.append(threading.current_thread().name)
        return real_solve(self)

    monkeypatch.setattr(values.TurnValues, "_solve", spy)
    values._CACHE.clear()
    game_settings = settings(("Deep", True, "perfect"), ("Blue", True, "perfect"))
    app = make_app(tk_root, game_settings, first_seat=None, seed=3, factory=make_player)
    game = app.controller.game
    try:
        wait_until(app, lambda: game.over, 120)
        assert "wins with" in "\n".join(app.window.log.lines())
        assert len(solved_in) >= 10  # a new turn nearly every turn
        assert set(solved_in) == {"computer-move"}
    finally:
        app.destroy()


@pytest.mark.parametrize("seats,options,why", [
    ((("Ann", False), ("Deep", True, "perfect")), ["pyramiding", "challenging"], "no perfect-play table"),
    ((("Ann", False), ("Deep", True, "perfect"), ("Bob", False), ("Cy", False)), [],
     "for two and three players"),
    ((("Ann", False), ("Deep", True, "perfect")), [], None),
])
def test_perfect_says_when_it_plays_as_expert(tk_root: tk.Tk, seats: tuple[tuple, ...],
                                              options: list[str], why: str | None) -> None:
    from tenthousand.solver.levels import make_player

    app = make_app(tk_root, settings(*seats, options=options), factory=make_player)
    try:
        details = app.window.scoreboard.texts()[1][2]
        log = "\n".join(app.window.log.lines())
        if why is None:
            assert details.startswith("Perfect AI \u00b7") and "as Expert" not in log
        else:
            assert details.startswith("Perfect AI (as Expert)")
            assert "Deep (Perfect) plays as Expert: " in log and why in log
    finally:
        app.destroy()


def test_a_failed_head_start_is_logged_and_the_computer_plays_on(
        tk_root: tk.Tk, caplog: pytest.LogCaptureFixture) -> None:
    """If the work a player hands to the worker fails, the log says so and the move is
    made anyway (choose_move does the work itself)."""
    factory = stand_in_factory()

    def broken() -> None:
        raise ValueError("no room to think")

    def make(level: str, rules, *, seed=None, players=2):  # type: ignore[no-untyped-def]
        player = factory(level, rules, seed=seed, players=players)
        player.think = lambda game: broken  # type: ignore[attr-defined]
        return player

    game_settings = settings(("Bot", True), ("Ann", False))
    with caplog.at_level("ERROR", logger="tenthousand.control.computer"):
        app = make_app(tk_root, game_settings, factory=make)
        try:
            wait_until(app, human_turn_ready(app), 10)
            assert factory.made[0].moves > 0  # type: ignore[attr-defined]
        finally:
            app.destroy()
    assert "no room to think" in caplog.text


def test_a_last_turn_bank_that_loses_asks_first(tk_root: tk.Tk) -> None:
    game_settings = settings(("Ann", False), ("You", False))
    app = make_app(tk_root, game_settings, throws=[(5, 5, 5, 2, 3, 4), (1, 1, 1, 2, 3, 4)])
    try:
        game = app.controller.game
        game.board[:] = [9500, 8200]
        key(app, "space")
        for k in ("1", "2", "3", "Return"):
            key(app, k)
        table = app.window.table
        assert game.stage == "catch-up" and game.current == 1
        assert table.display.notice == "Last turn: reach 10,050 to win (1,850 this turn)"
        assert table._cget(table.notice_item, "text") == table.display.notice
        key(app, "space")
        for k in ("1", "2", "3"):
            key(app, k)
        assert "Banking 1,000 leaves you 800 behind Ann: you lose." in \
            str(app.window.actions.reason.cget("text"))
        asked: list[str] = []
        app.boxes.confirm = lambda title, question: asked.append(question) is None and False
        key(app, "Return")
        assert asked == ["Banking 1,000 leaves you 800 behind Ann: you lose. Bank anyway?"]
        assert game.phase is Phase.CHOOSE and game.board[1] == 8200
        app.boxes.confirm = lambda title, question: True
        key(app, "Return")
        assert game.over and game.board[1] == 9200
        assert "Your last turn" == table.display.frozen_label
    finally:
        app.destroy()


def test_rotary_club_shows_no_bank_button(tk_root: tk.Tk) -> None:
    app = make_app(tk_root, settings(("Ann", False), ("Bot", True), preset="trash-5000",
                                     options=["rotary-club"]), throws=[(1, 2, 3, 3, 4, 6)])
    try:
        bar = app.window.actions
        assert not bar.bank_button.winfo_manager()
        key(app, "space")
        key(app, "1")
        assert not bar.bank_button.winfo_manager()
        assert "pegs your turn score" in str(bar.reason.cget("text"))
        assert all("board" not in row[2] for row in app.window.scoreboard.texts())
    finally:
        app.destroy()


def test_a_resumed_game_and_a_replayed_position_show_the_last_turns_dice(
        tk_root: tk.Tk) -> None:
    """The dimmed dice of the last turn come from the game itself, not the controller's
    memory: a resumed game and the same position replayed from the record show them too."""
    from dataclasses import replace

    from tenthousand.model import Game

    # Bot waits a while before its first step: the table between the turns stays to see.
    app = make_app(tk_root, throws=[(1, 1, 1, 2, 3, 4)], prefs=replace(QUIET, delay=5.0))
    try:
        game = app.controller.game
        key(app, "space")
        for k in ("1", "2", "3"):
            key(app, k)
        key(app, "Return")  # Ann banks 1,000; Bot's turn begins
        assert game.phase is Phase.START
        live = app.window.table.display
        assert live.thrown == (2, 3, 4) and live.frozen == ((1, 1, 1),)
        assert live.frozen_label == "Ann's last turn"
        seen = (live.thrown, live.frozen, live.thrown_state, live.frozen_label)
        app.controller.cancel_all()
        for again in (Game.from_dict(game.to_dict()), game.record.game_at(len(game.record))):
            app.session.put(again, Origin.RESUMED)
            shown = app.window.table.display
            assert (shown.thrown, shown.frozen, shown.thrown_state, shown.frozen_label) == seen
    finally:
        app.destroy()
