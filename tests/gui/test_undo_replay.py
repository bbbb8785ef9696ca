"""Undo and redo through the keys, records saved and opened, the replay window, and the
review's link into it."""

from __future__ import annotations

import json
import tkinter as tk
from pathlib import Path
from typing import Any

import pytest
from app_kit import QUIET, human_turn_ready, key, make_app, settings, wait_until

from tenthousand.cli import parse
from tenthousand.files import records, savegame
from tenthousand.files.settings import Preferences
from tenthousand.model import PRESETS, Game
from tenthousand.model.game import Phase
from tenthousand.present import presenter
from tenthousand.present.replaying import context
from tenthousand.tools.sim import run_games

pytestmark = pytest.mark.gui

STRAIGHT = (1, 2, 3, 4, 5, 6)
ONE = (1, 2, 2, 3, 4, 6)  # only the 1 scores


def _closed(app: Any) -> None:
    for window in list(app.records.replays):
        if window.winfo_exists():
            window.close()
    app.destroy()


def _log_matches(app: Any) -> None:
    """The log begins as a new game's does ("New game: ...", the dice fingerprint), then
    tells the game as it now stands."""
    game = app.controller.game
    lines = app.window.log.lines()
    start = [line for line, _tag in presenter.start_lines(game)]
    assert start[0].startswith("New game: ") and "fingerprint" in start[-1]
    assert lines[:len(start) + len(game.log)] == start + [
        presenter.log_line(game, e)[0] for e in game.log]


def test_ctrl_z_takes_back_a_throw_and_ctrl_y_and_ctrl_shift_z_give_it_back(
        tk_root: tk.Tk) -> None:
    app = make_app(tk_root, throws=[ONE])
    try:
        c = app.controller
        before = c.game.to_dict()
        key(app, "space")
        after = c.game.to_dict()
        assert c.game.phase is Phase.CHOOSE
        key(app, "Control-z")
        assert c.game.to_dict() == before
        _log_matches(app)  # the log tells the game as it now stands
        key(app, "Control-y")
        assert c.game.to_dict() == after
        key(app, "Control-z")
        key(app, "Control-Shift-Z")
        assert c.game.to_dict() == after
        # The same decision after an undo throws the same dice: luck is not thrown again.
        key(app, "Control-z")
        key(app, "space")
        assert c.game.thrown == ONE
    finally:
        _closed(app)


def test_undo_takes_back_a_bank_and_the_computer_turn_after_it(tk_root: tk.Tk) -> None:
    app = make_app(tk_root, throws=[ONE, ONE])
    try:
        c = app.controller
        key(app, "space")
        key(app, "1")
        before_bank = c.game.to_dict()
        key(app, "b")
        wait_until(app, human_turn_ready(app))
        assert sum(c.game.turns_taken) == 2
        after_computer = c.game.to_dict()
        key(app, "Control-z")
        assert c.game.to_dict() == before_bank
        assert c.selection == set()  # selecting is not a command: it does not come back
        key(app, "Control-y")
        assert c.game.to_dict() == after_computer
        _log_matches(app)
    finally:
        _closed(app)


def test_undo_while_the_computer_is_mid_move_cancels_it_first(tk_root: tk.Tk) -> None:
    app = make_app(tk_root, throws=[ONE], prefs=QUIET.replace(delay=2.0))
    try:
        c = app.controller
        key(app, "space")
        key(app, "1")
        before_bank = c.game.to_dict()
        key(app, "b")
        assert c.seating.is_computer(c.game.current) and c.pending  # its first step is waiting
        key(app, "Control-z")
        assert c.game.to_dict() == before_bank
        assert c.pending == 0 and c.human_to_play
    finally:
        _closed(app)


def test_refusals_say_why_and_grey_the_menu(tk_root: tk.Tk) -> None:
    app = make_app(tk_root, throws=[ONE])
    try:
        said: list[str] = []
        app.window.status.say = said.append  # type: ignore[method-assign]
        key(app, "Control-z")
        assert "nothing of yours to undo" in said[-1]
        assert not app.window.enabled("undo") and not app.window.enabled("redo")
        key(app, "Control-y")
        assert "nothing to redo" in said[-1]
        key(app, "space")
        assert app.window.enabled("undo")
        app.game_commands.toggle_demo()
        key(app, "Control-z")
        assert "demo mode" in said[-1]
        app.game_commands.toggle_demo()
    finally:
        _closed(app)


def test_no_undo_once_the_game_is_over(tk_root: tk.Tk) -> None:
    app = make_app(tk_root, settings(game_point=1000), throws=[STRAIGHT])
    try:
        c = app.controller
        key(app, "space")
        for n in range(1, 7):
            key(app, str(n))
        key(app, "b")
        wait_until(app, lambda: c.game.over)
        said: list[str] = []
        app.window.status.say = said.append  # type: ignore[method-assign]
        key(app, "Control-z")
        assert "game is over" in said[-1]
        assert not app.window.enabled("undo")
    finally:
        _closed(app)


def test_the_first_undo_marks_the_game_assisted_and_says_so_once(tk_root: tk.Tk) -> None:
    app = make_app(tk_root, throws=[ONE])
    try:
        c = app.controller
        key(app, "space")
        assert not c.game.record.assisted
        key(app, "Control-z")
        assert c.game.record.assisted
        assert "assisted" in app.window.status.full_text
        assert "(assisted)" in tk_root.title()
        key(app, "space")
        key(app, "Control-z")
        notes = [line for line in app.window.log.lines() if "assisted" in line]
        assert len(notes) <= 1  # the log was rebuilt; the note was said once, not twice
        assert "assisted" not in app.window.status.full_text
    finally:
        _closed(app)


def test_an_undo_survives_a_kill_and_a_resume(tk_root: tk.Tk) -> None:
    app = make_app(tk_root, throws=[ONE, (1, 2, 3, 4, 6)])
    try:
        c = app.controller
        key(app, "space")
        key(app, "1")
        key(app, "space")  # freeze the 1 and throw on: the save journal grows
        assert c.saver.flush()
        key(app, "Control-z")
        assert c.saver.flush()
        undone = c.game.to_dict()
        # A kill now: the next launch reads what is on the disk.
        saved, note = savegame.load_saved_game()
        assert note is None and saved is not None
        assert saved.to_dict() == undone
        assert saved.record.assisted
    finally:
        _closed(app)


def test_save_record_as_writes_the_record_and_the_transcript(
        tk_root: tk.Tk, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import tkinter.filedialog as filedialog

    app = make_app(tk_root, throws=[ONE])
    try:
        key(app, "space")
        asked: dict[str, Any] = {}
        target = tmp_path / "mine.json"

        def ask(**options: Any) -> str:
            asked.update(options)
            return str(target)

        monkeypatch.setattr(filedialog, "asksaveasfilename", ask)
        app.records.save_record()
        assert asked["initialfile"].startswith("ten-thousand-")
        assert asked["initialfile"].endswith("-Ann-vs-Bot.json")
        data = json.loads(target.read_text())
        assert data["commands"]
        words = target.with_suffix(".txt").read_text()
        assert "Ann" in words
        # During a game the record holds no dice generator: the dice it threw, and a start
        # that tells nothing of the dice to come; it replays to the same position.
        assert "seed" not in target.read_text() and "Dice seed" not in words
        assert data["dice"] == "recorded" and "position" in data["start"]
        live = app.controller.game.to_dict()
        opened = records.read_record(target).game.to_dict()
        assert opened.pop("rng") != live.pop("rng")
        assert opened == live
        errors: list[str] = []
        app.boxes.show_error = lambda title, text: errors.append(text)
        (tmp_path / "taken.json").mkdir()  # a folder in the way: the disk refuses
        monkeypatch.setattr(filedialog, "asksaveasfilename",
                            lambda **o: str(tmp_path / "taken.json"))
        app.records.save_record()
        assert len(errors) == 1 and errors[0].startswith("The record could not be saved")
    finally:
        _closed(app)


def _sim_record(tmp_path: Path) -> Path:
    run_games(PRESETS["ten-thousand"], ["normal", "expert"], 1, seed=5, records=tmp_path)
    return tmp_path / "game-00001.json"


def _shown(window: Any, step: int) -> None:
    """The replay window's table and scores are those of the record at ``step``."""
    record = window.record
    game = record.game_at(step)
    assert window.step == step
    want = presenter.table(game, context(window.replay, step, game))
    assert window.table.display.thrown == want.thrown
    assert window.table.display.frozen == want.frozen
    shown = " ".join(" ".join(row) for row in window.scoreboard.texts())
    for board in game.board:
        assert f"{board:,}" in shown


def _ready(app: Any, window: Any) -> None:
    wait_until(app, lambda: window.replay is not None, seconds=20)


def test_replay_opens_a_simulator_record_and_steps_through_it(
        tk_root: tk.Tk, tmp_path: Path) -> None:
    path = _sim_record(tmp_path)
    _, opts = parse(["--replay", str(path)])
    app = make_app(tk_root)
    try:
        window = app.records.show_replay(record=opts.replay)
        _ready(app, window)
        last = window.replay.last
        _shown(window, last)
        window.first()
        _shown(window, 0)
        for _ in range(3):
            window.focus_force()
            window.event_generate("<KeyPress-Right>")
            tk_root.update()
        _shown(window, 3)
        window.event_generate("<KeyPress-Left>")
        tk_root.update()
        _shown(window, 2)
        window.event_generate("<KeyPress-Next>")  # PageDown: the next turn's start
        tk_root.update()
        assert window.step == min(t.step for t in window.turns if t.step > 2)
        window.event_generate("<KeyPress-End>")
        tk_root.update()
        _shown(window, last)
        window.event_generate("<KeyPress-Home>")
        tk_root.update()
        _shown(window, 0)
        window._slid(str(last // 2))  # the slider's command
        _shown(window, last // 2)
        window.turn_list.selection_set(str(window.turns[2].number))
        tk_root.update()
        _shown(window, window.turns[2].step)
        window.back()
        window.forward()
        window.last()
        _shown(window, last)
    finally:
        _closed(app)


def test_a_bad_record_on_the_command_line_exits_2(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    with pytest.raises(SystemExit) as exit_:
        parse(["--replay", str(bad)])
    assert exit_.value.code == 2
    assert "bad.json" in capsys.readouterr().err.splitlines()[-1]


def test_open_record_replays_it_and_a_bad_one_gets_a_box(
        tk_root: tk.Tk, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import tkinter.filedialog as filedialog

    path = _sim_record(tmp_path)
    app = make_app(tk_root)
    try:
        monkeypatch.setattr(filedialog, "askopenfilename", lambda **o: str(path))
        app.records.open_record()
        assert not app.records.replays  # read in a worker: the window comes when it is read
        wait_until(app, lambda: bool(app.records.replays))
        window = app.records.replays[-1]
        _ready(app, window)
        assert window.step == window.replay.last
        errors: list[str] = []
        app.boxes.show_error = lambda title, text: errors.append(text)
        (tmp_path / "bad.json").write_text("[1, 2]")
        app.records.open_replay(tmp_path / "bad.json")
        wait_until(app, lambda: bool(errors))
        assert len(errors) == 1 and len(app.records.replays) == 1
    finally:
        _closed(app)


def test_play_on_from_here_starts_an_assisted_game_at_that_step(
        tk_root: tk.Tk, tmp_path: Path) -> None:
    path = _sim_record(tmp_path)
    app = make_app(tk_root, settings(("Ann", True), ("Bot", True)),
                   prefs=QUIET.replace(delay=3.0))
    try:
        app.records.open_replay(path)
        wait_until(app, lambda: bool(app.records.replays))
        window = app.records.replays[-1]
        _ready(app, window)
        window.show(7)
        old = app.controller.game
        window.play_on()
        wait_until(app, lambda: app.controller.game is not old)
        game = app.controller.game
        assert game.record.assisted
        assert game.to_dict() == window.record.game_at(7).to_dict()
        assert "(assisted)" in tk_root.title()
    finally:
        _closed(app)


def test_the_review_links_each_decision_to_its_step_in_the_replay(tk_root: tk.Tk) -> None:
    # A straight, and Ann freezes only the 1 and banks 100: a costly decision.
    app = make_app(tk_root, throws=[STRAIGHT, ONE])
    try:
        c = app.controller
        key(app, "space")
        key(app, "1")
        key(app, "b")
        wait_until(app, human_turn_ready(app))
        bank_step = next(s.index for s in c.game.record.steps
                         if s.human and s.command.name == "bank")
        review = app.records.show_review()
        wait_until(app, lambda: review.result is not None, seconds=60)
        # The link opens on the position of the decision, its freeze selected, with the
        # advisor's words about that decision under it (not the step after it).
        assert review.links and review.links[0] == bank_step - 1
        review.link_buttons[0].invoke()
        window = app.records.replays[-1]
        _ready(app, window)
        assert window.step == bank_step - 1
        assert window.table.display.selected == frozenset(
            window.replay.commands[bank_step - 1].args)
        wait_until(app, lambda: "Best" in window.advice_label.cget("text")
                   or "best" in window.advice_label.cget("text"), seconds=60)
        assert window.advice_label.cget("text").startswith("Ann froze 1 and banked")
        review.close()
    finally:
        _closed(app)


def test_the_replay_window_closes_with_the_app(tk_root: tk.Tk) -> None:
    app = make_app(tk_root, throws=[ONE])
    key(app, "space")
    window = app.records.show_replay()
    _ready(app, window)
    app.destroy()
    assert not window.winfo_exists()
    assert isinstance(app.controller.game, Game)
    assert Preferences  # (imported for QUIET's type)


def test_the_replay_shows_the_charts_of_its_game(tk_root: tk.Tk, tmp_path: Path) -> None:
    """Issue 12: the score race (and, for two players with a table, the chances of
    winning) in the replay too."""
    path = _sim_record(tmp_path)
    _, opts = parse(["--replay", str(path)])
    app = make_app(tk_root)
    try:
        window = app.records.show_replay(record=opts.replay)
        _ready(app, window)
        window.focus_force()
        window.event_generate("<KeyPress-c>")
        tk_root.update()
        charts = [w for w in window.winfo_children() if w.winfo_class() == "Toplevel"
                  and "Charts" in w.title()]
        assert len(charts) == 1
        race = charts[0].race  # type: ignore[attr-defined]
        assert race.find_all(), "the score race is drawn"
        charts[0].destroy()
    finally:
        _closed(app)


def test_saving_a_record_asks_before_it_replaces_a_text_file_beside_it(
        tk_root: tk.Tk, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import tkinter.filedialog as filedialog

    app = make_app(tk_root, throws=[ONE])
    try:
        key(app, "space")
        notes = tmp_path / "notes.txt"
        notes.write_text("my own notes")
        monkeypatch.setattr(filedialog, "asksaveasfilename",
                            lambda **o: str(tmp_path / "notes.json"))
        questions: list[str] = []
        app.boxes.confirm = lambda title, q: questions.append(q) or False  # type: ignore[func-returns-value]
        app.records.save_record()
        assert len(questions) == 1 and "notes.txt" in questions[0]
        assert notes.read_text() == "my own notes" and not (tmp_path / "notes.json").exists()
        app.boxes.confirm = lambda title, q: True
        app.records.save_record()
        assert "Ann" in notes.read_text() and (tmp_path / "notes.json").exists()
    finally:
        _closed(app)
