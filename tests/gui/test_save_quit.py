"""The player's saved game and the program's copies: a demo never replaces it, No at the
resume question stores it as left, the quit box promises a save only when there is one,
and a second copy on the same home does not play (it brings the first to the front)."""

from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
import time
import tkinter as tk
from pathlib import Path
from tkinter import messagebox
from typing import Any

import pytest
from app_kit import QUIET, make_app, settings, wait_until
from save_kit import assert_one_sentence

from tenthousand import launch
from tenthousand.cli import parse
from tenthousand.files import instance, savegame, storage
from tenthousand.files.paths import paths
from tenthousand.files.settings import save_preferences
from tenthousand.history.codes import fingerprint_of
from tenthousand.history.store import History
from tenthousand.model import PRESETS, Game, Seat
from tenthousand.tools.headless import RandomPlayer, step

pytestmark = pytest.mark.gui

ROOT = Path(__file__).resolve().parents[2]


def players_game(commands: int = 40) -> tuple[Game, bytes]:
    """A person's unfinished game of ``commands`` commands, saved; and the save's bytes."""
    game = Game(PRESETS["ten-thousand"], [Seat("Ann"), Seat("Bot", True, "normal")], seed=77)
    player = RandomPlayer(77, bank_chance=0.3)
    while len(game.record) < commands:
        step(game, player)
        assert not game.over
    assert savegame.autosave(game) is None
    savegame.load_saved_game()  # as a launch would: compacted, ready to append to
    return game, paths().savegame.read_bytes()


def open_window(*argv: str, notes: list[str] | None = None) -> launch.App:
    """The window the command line opens (on a Tk root of its own, which it closes)."""
    save_preferences(QUIET)
    root = tk.Tk(className="TenThousand")
    app = launch._open(root, parse(["--skip-intro", *argv])[1], notes)
    app.boxes.confirm = lambda title, question: True
    app.told = []  # type: ignore[attr-defined]
    app.boxes.inform = lambda title, text: app.told.append(text)  # type: ignore[attr-defined]
    wait_until(app, lambda: app.controller.game is not None and root.winfo_ismapped())
    return app


def stored() -> list[tuple[str, str]]:
    if not paths().history.exists():
        return []
    with History(paths().history) as h:
        return h.con.execute("SELECT status, fingerprint FROM games").fetchall()


# -- --demo and the player's game ----------------------------------------------------------


def test_a_demo_never_replaces_the_players_saved_game(tk_root: tk.Tk) -> None:
    game, raw = players_game()
    app = open_window("--demo")
    try:
        assert app.session.demo and app.controller.game is not game
        assert any("without --demo" in line for line in app.window.log.lines())
        wait_until(app, lambda: len(app.controller.game.record) >= 15, 60)  # it plays...
        assert paths().savegame.read_bytes() == raw  # ...and saves nothing over Ann's game
        app.game_commands.quit()  # quitting during the demo
        assert app.closed
    finally:
        if not app.closed:
            app.close()
    assert paths().savegame.read_bytes() == raw
    again = open_window("--resume")  # starting again: the player's game resumes
    try:
        assert again.controller.game.to_dict() == game.to_dict()
        assert not again.session.demo
    finally:
        again.close()


def test_the_demo_says_the_players_game_stays_saved(tk_root: tk.Tk) -> None:
    players_game(10)
    start = launch._saved_game(tk_root, parse(["--demo"])[1])
    notes = start.notes
    assert start.game is None and not start.left
    assert len(notes) == 1 and "without --demo" in notes[0]
    assert_one_sentence(notes[0])


# -- --replay and the player's game ------------------------------------------------------


def _record_file(tmp_path: Path) -> Path:
    from tenthousand.tools.sim import run_games

    run_games(PRESETS["farkle"], ["normal", "expert"], 1, seed=5, records=tmp_path)
    return tmp_path / "game-00001.json"


def test_a_replay_launch_keeps_the_players_game_and_plays_nothing_behind(
        tk_root: tk.Tk, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 42, item 6: --replay FILE started a fresh game behind the replay window, the
    computer played it and the save kept it: the next start offered a game never played."""
    game, raw = players_game()
    monkeypatch.setattr(messagebox, "askyesno", lambda *a, **k: pytest.fail("asked"))
    app = open_window("--replay", str(_record_file(tmp_path)))
    try:
        wait_until(app, lambda: bool(app.records.replays), 10)
        assert app.controller.game.to_dict() == game.to_dict()  # Ann's game, not a new one
        for _ in range(20):  # a while: nothing is played or saved behind the replay
            app.root.after(50)
            app.root.update()
        assert len(app.controller.game.record) == len(game.record)
        assert paths().savegame.read_bytes() == raw
        app.records.replays[-1].close()  # back to the main window: the game goes on
        app.root.update()
        assert app.game_commands.begun
    finally:
        app.close()
    again = savegame.load_saved_game()[0]
    assert again is not None and again.record.start.seed == game.record.start.seed


def test_a_replay_launch_without_a_saved_game_saves_nothing_not_played(
        tk_root: tk.Tk, tmp_path: Path) -> None:
    app = open_window("--replay", str(_record_file(tmp_path)), "--players", "cpu,cpu")
    try:
        wait_until(app, lambda: bool(app.records.replays), 10)
        for _ in range(20):
            app.root.after(50)
            app.root.update()
        assert len(app.controller.game.record) == 0  # the computers wait
    finally:
        app.close()
    assert savegame.load_saved_game()[0] is None


# -- No at the resume question -----------------------------------------------------------


def test_no_at_the_resume_question_stores_the_game_as_left(
        tk_root: tk.Tk, monkeypatch: pytest.MonkeyPatch) -> None:
    game, _raw = players_game()
    monkeypatch.setattr(messagebox, "askyesno", lambda *a, **k: False)
    app = open_window()
    try:
        assert app.controller.game is not game
        assert app.history.keeper.flush(20)
        seed = game.record.start.seed
        assert seed is not None
        assert ("abandoned", fingerprint_of(seed)) in stored()
        # The save now holds the new game, never again the one the player left.
        saved = savegame.parse_save(paths().savegame.read_bytes()) \
            if paths().savegame.exists() else None
        assert saved is None or saved.record.start.seed != seed
    finally:
        app.close()


# -- the quit box's promise --------------------------------------------------------------


def test_the_quit_box_does_not_promise_a_save_that_failed(
        tk_root: tk.Tk, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(tk_root, settings(("Ann", False), ("Cy", False)),
                   throws=[(1, 5, 2, 3, 4, 6), (5, 2, 3, 4, 6), (2, 3, 4, 6)])
    asked: list[str] = []
    try:
        app.boxes.confirm = lambda title, question: bool(asked.append(question))
        app.game_commands.throw()
        app.game_commands.quit()
        assert "Your game is saved" in asked[-1]
        with monkeypatch.context() as m:
            def full(*args: object, **kwargs: object) -> None:
                raise OSError(errno.ENOSPC, "No space left on device")

            m.setattr(storage.os, "replace", full)
            m.setattr(savegame.os, "fsync", full)
            app.controller.click_die("thrown", 0)
            app.game_commands.throw()  # a command: its save (an append) fails
            app.controller.saver.flush(5)
            app.game_commands.quit()
            assert "Your game is saved" not in asked[-1]
            assert "the disk is full" in asked[-1] and "Quit anyway" in asked[-1]
            assert "Errno" not in asked[-1] and "No space left" not in asked[-1]
        app.controller.click_die("thrown", 0)  # the disk has room again: saved
        app.game_commands.throw()
        app.game_commands.quit()
        assert "Your game is saved" in asked[-1]
        assert not app.closed  # (every answer was No)
    finally:
        app.destroy()


def test_the_last_save_lands_even_when_the_quit_cannot_wait_for_the_disk(
        tk_root: tk.Tk, monkeypatch: pytest.MonkeyPatch) -> None:
    """A disk slower than the quit's wait: the window closes, and the save of the last
    command, queued behind a slow one, is still written (the autosave lane is finished at
    quit, not dropped): the next start finds the game as it was left, not a move behind."""
    from tenthousand.control import autosave

    monkeypatch.setattr(autosave, "QUIT_WAIT_S", 0.01)
    app = make_app(tk_root, settings(("Ann", False), ("Cy", False)),
                   throws=[(1, 5, 2, 3, 4, 6), (5, 2, 3, 4, 6), (2, 3, 4, 6)])
    saver = app.controller.saver
    real = saver.save_function
    assert real is not None

    def slow(snapshot: Any) -> str | None:
        time.sleep(0.4)
        return real(snapshot)

    saver.save_function = slow
    try:
        app.game_commands.throw()  # its save starts and takes 0.4 s...
        app.controller.click_die("thrown", 0)
        app.game_commands.throw()  # ...and this one waits behind it
        left = len(app.controller.game.record)
    finally:
        app.destroy()  # the quit waits 0.01 s
    assert saver.jobs.closed and saver.jobs.wait_lane(autosave.SAVE_LANE, 10)
    game, note = savegame.load_saved_game()
    assert note is None and game is not None and len(game.record) == left


# -- two copies on one home --------------------------------------------------------------


def run_copy(home: Path, *argv: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """``tenthousand ARGV`` on ``home``, closing once its first frame (or box) is drawn."""
    env = dict(os.environ, TENTHOUSAND_HOME=str(home),
               **{launch.EXIT_AFTER_FIRST_FRAME: "1"},
               PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    return subprocess.run([sys.executable, "-m", "tenthousand", "--skip-intro", *argv],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout,
                          check=False)


def assert_refused(done: subprocess.CompletedProcess[str]) -> None:
    assert done.returncode == 1, done.stderr
    lines = [line for line in done.stderr.splitlines() if line.startswith("tenthousand: ")]
    assert len(lines) == 1, done.stderr
    assert_one_sentence(lines[0].removeprefix("tenthousand: "))
    assert "already open" in lines[0]
    assert "ready" not in done.stdout  # no game window was opened


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL (POSIX)")
def test_a_second_copy_on_the_same_home_says_so_and_does_not_play(
        tk_root: tk.Tk, _private_home: Path) -> None:
    from test_instance import start_holder

    _game, raw = players_game(12)
    holder = start_holder(_private_home)  # the first copy (its lock, without a window)
    try:
        start = time.monotonic()
        done = run_copy(_private_home)
        took = time.monotonic() - start
        assert_refused(done)
        assert paths().savegame.read_bytes() == raw  # the first copy's game is untouched
        assert instance.raise_stamp() is not None  # the first was asked to come forward
        assert took < 30
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait(30)
    done = run_copy(_private_home, "--resume")  # the first is gone: no stale lock
    assert done.returncode == 0, done.stderr


def test_the_window_comes_to_the_front_when_a_second_copy_asks(tk_root: tk.Tk) -> None:
    """...and says in its status line (and log) that it is the copy already open, then
    answers: the second copy needs no box of its own, which the window in front would
    hide (issue 42, item 10)."""
    app = make_app(tk_root)
    try:
        launch._come_forward_when_asked(app)
        tk_root.withdraw()  # (Xvfb has no window manager to iconify it)
        wait_until(app, lambda: tk_root.state() == "withdrawn", 5)
        stamp = instance.ask_to_raise()
        assert stamp is not None
        wait_until(app, lambda: tk_root.state() == "normal", 5)
        wait_until(app, lambda: instance.answered(stamp), 5)
        said = app.window.status.full_text
        assert "started again" in said and "already open" in said, said
        assert any("already open" in line for line in app.window.log.lines())
    finally:
        app.destroy()
        tk_root.deiconify()


def test_a_request_made_while_the_window_is_built_is_answered_once_it_is_up(
        tk_root: tk.Tk) -> None:
    lock = instance.acquire()  # (the launch takes the lock before anything else)
    try:
        time.sleep(0.01)
        stamp = instance.ask_to_raise()  # a second copy, while the first one starts
        assert stamp is not None
        app = make_app(tk_root)
        try:
            launch._come_forward_when_asked(app)
            wait_until(app, lambda: instance.answered(stamp), 5)
        finally:
            app.destroy()
    finally:
        lock.release()


def test_a_home_where_no_lock_can_be_taken_says_why_in_the_window(
        tk_root: tk.Tk, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 43, item 11: not only a line in the log."""
    def refuse(*args: object, **kwargs: object) -> int:
        raise OSError(errno.ENOLCK, "No locks available")

    with monkeypatch.context() as m:
        m.setattr(instance.os, "open", refuse)
        lock = instance.acquire()
    assert not lock.held and lock.problem is not None
    assert "does not allow locks" in lock.problem
    app = open_window(notes=[lock.problem])
    try:
        wait_until(app, lambda: bool(app.told), 5)  # type: ignore[attr-defined]
        assert lock.problem in app.told[0]  # type: ignore[attr-defined]
    finally:
        app.close()


ANSWERING = ("import os, sys, time\n"
             "from tenthousand.files import instance\n"
             "lock = instance.acquire()\n"
             "seen = instance.raise_stamp()\n"
             "print('held' if lock.held else 'none', flush=True)\n"
             "for _ in range(1200):\n"
             "    stamp = instance.raise_stamp()\n"
             "    if stamp != seen and stamp is not None:\n"
             "        seen = stamp\n"
             "        instance.answer(stamp)\n"
             "    time.sleep(0.05)\n")


def start_answering(home: Path) -> subprocess.Popen[str]:
    """A first copy that holds the lock and answers each request to come to the front,
    as the window does (tests/gui: the window's side is checked above)."""
    env = dict(os.environ, TENTHOUSAND_HOME=str(home),
               PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    proc = subprocess.Popen([sys.executable, "-c", ANSWERING], env=env,
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stdout.readline().strip() == "held"
    return proc


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL (POSIX)")
def test_a_second_copy_whose_first_answers_ends_at_once_without_a_box(
        _private_home: Path) -> None:
    """The issue's case too: the lock's path is a folder when the copies start."""
    instance.lock_path().mkdir(parents=True)
    first = start_answering(_private_home)
    try:
        start = time.monotonic()
        done = run_copy(_private_home)
        took = time.monotonic() - start
        assert_refused(done)
        assert "in front now" in done.stderr
        assert took < launch.ANSWER_WAIT_S + 8  # (the interpreter's start, then at once)
        assert first.poll() is None
    finally:
        first.send_signal(signal.SIGKILL)
        first.wait(30)


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL (POSIX)")
def test_two_real_windows_on_one_home(tk_root: tk.Tk, _private_home: Path,
                                      long_run: bool) -> None:
    """(--long) The first copy is a real window playing the saved game; a second is
    refused, the first's game is intact; the first is killed and a third plays it on."""
    if not long_run:
        pytest.skip("the real-window form runs with --long (the short form: a lock holder)")
    game, _raw = players_game(20)
    env = dict(os.environ, TENTHOUSAND_HOME=str(_private_home),
               PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    first = subprocess.Popen([sys.executable, "-m", "tenthousand", "--skip-intro",
                              "--resume"], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE)
    try:
        end = time.monotonic() + 60
        while True:  # the first copy holds the lock once its window is up
            try:
                instance.acquire().release()
            except instance.AlreadyRunning:
                break
            assert time.monotonic() < end and first.poll() is None
            time.sleep(0.1)
        asked = instance.ask_to_raise()  # once its window is up, it answers
        assert asked is not None
        while not instance.answered(asked):
            assert time.monotonic() < end and first.poll() is None
            time.sleep(0.1)
        for _ in range(3):
            done = run_copy(_private_home)
            assert_refused(done)
            assert "in front now" in done.stderr  # the first window answered
        assert first.poll() is None  # still playing
    finally:
        first.send_signal(signal.SIGKILL)
        first.communicate(timeout=30)
    back = savegame.parse_save(paths().savegame.read_bytes())
    assert back.record.start.seed == game.record.start.seed  # the player's game, not another
    done = run_copy(_private_home, "--resume")
    assert done.returncode == 0, done.stderr
