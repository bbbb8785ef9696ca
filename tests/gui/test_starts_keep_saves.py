"""A start of any kind never replaces an unfinished saved game (issue 43, item 1): --host
finds the game it hosted and hosts it again, --join keeps the save aside where the next
start offers it, and --replay shows it behind the replay window, waiting (issue 42, item 6).  And a game that ends on a full disk stays in the save, which the
next start stores in the history (item 2).

The windows are the launch's own (``launch._open`` on a Tk root of its own); the network is
the real one on 127.0.0.1 (a port the system picks, no announcement), and a join that fails
the way a full table does is a fake link that says so."""

from __future__ import annotations

import errno
import os
import signal
import sqlite3
import subprocess
import sys
import time
import tkinter as tk
from pathlib import Path
from tkinter import messagebox
from typing import Any

import pytest
from app_kit import QUIET, make_app, settings, wait_until

from tenthousand import launch
from tenthousand.cli import parse
from tenthousand.files import records, savegame
from tenthousand.files.paths import paths
from tenthousand.files.settings import save_preferences
from tenthousand.history import pending
from tenthousand.history.codes import fingerprint_of
from tenthousand.history.store import History
from tenthousand.model import PRESETS, Game, Seat
from tenthousand.model.record import Network
from tenthousand.net.events import Closed
from tenthousand.tools.headless import RandomPlayer, play_to_end, step

pytestmark = pytest.mark.gui

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _no_unexpected_question(monkeypatch: pytest.MonkeyPatch) -> None:
    """A start that asks whether to resume a game fails the test at once (a real box would
    wait for an answer for ever); the tests that expect the question answer it."""
    monkeypatch.setattr(messagebox, "askyesno", lambda title, question, **options: pytest.fail(
        f"the start asked: {question}"))


def open_window(*argv: str, net: Any = None) -> launch.App:
    """The window ``tenthousand ARGV`` opens (``net``: the net layer it uses instead of the
    real one; the real one announces nothing)."""
    save_preferences(QUIET)
    root = tk.Tk(className="TenThousand")
    app = launch._open(root, parse(["--skip-intro", *argv])[1])
    if net is not None:
        app.network.net = net
    app.network.net.announce = False
    app.boxes.confirm = lambda title, question: True
    app.told = []  # type: ignore[attr-defined]
    app.boxes.inform = lambda title, text: app.told.append(text)  # type: ignore[attr-defined]
    wait_until(app, lambda: app.controller.game is not None and root.winfo_ismapped())
    root.update()  # (the first frame's work: the game begins, --host and --join start)
    return app


def unfinished(commands: int, *, hosted: bool = False) -> Game:
    """An unfinished game of Ann's (hosted for her friend Bob, or at one screen), saved."""
    seats = [Seat("Ann"), Seat("Bob") if hosted else Seat("Bot", True, "normal")]
    game = Game(PRESETS["ten-thousand"], seats, seed=4242)
    if hosted:
        game.record.network = Network("host", friends=(1,))
    player = RandomPlayer(4242, bank_chance=0.3)
    while len(game.record) < commands:
        step(game, player)
    assert not game.over
    assert savegame.autosave(game) is None
    savegame.load_saved_game()  # (compacted, as a launch leaves it)
    return game


def saved_seed() -> int | None:
    back = savegame.parse_save(paths().savegame.read_bytes())
    return None if back.over else back.record.start.seed


HOST = ("--host", "--players", "Ann,net", "--port", "0", "--code", "4821-7396")


def test_a_host_started_again_with_the_same_host_line_keeps_its_hosted_game(
        tk_root: tk.Tk) -> None:
    game = unfinished(42, hosted=True)
    app = open_window(*HOST)
    try:
        table = app.network.table
        assert app.controller.game.record.start.seed == 4242  # not a new "You vs Computer A"
        assert len(app.controller.game.record) == 42
        assert table is not None and table.again is app.controller.game
        wait_until(app, lambda: table.link is not None, 10)
        assert "hosted again" in app.window.status.full_text  # Bob rejoins with the code
        assert table.where.code == "4821-7396"
        assert saved_seed() == 4242
    finally:
        app.close()
    assert saved_seed() == game.record.start.seed  # and still after a second stop


def test_host_alone_hosts_the_saved_hosted_game_again(tk_root: tk.Tk) -> None:
    """Issue 42, the second tour: ``tenthousand --host`` with no --players, as the README
    says it: the game it hosted, with its own seats, hosted again."""
    game = unfinished(30, hosted=True)
    app = open_window("--host", "--port", "0", "--code", "4821-7396")
    try:
        table = app.network.table
        assert table is not None and table.again is app.controller.game
        assert app.controller.game.record.start.seed == game.record.start.seed
        wait_until(app, lambda: table.link is not None, 10)
        assert "hosted again" in app.window.status.full_text
    finally:
        app.close()


class FullTable:
    """A net layer whose every join is refused as a full table refuses it."""

    announce = False

    def join(self, *args: Any, **kwargs: Any) -> Any:
        return self

    def poll(self) -> list[Any]:
        return [Closed("the table is full")]

    def close(self) -> None:
        pass

    replica = fair_check = None  # (no game ever comes)


def test_a_join_to_a_full_table_keeps_the_unfinished_game_for_the_next_start(
        tk_root: tk.Tk, monkeypatch: pytest.MonkeyPatch) -> None:
    game = unfinished(40)
    app = open_window("--join", "127.0.0.1", "--code", "4821-7396", "--name", "Ann",
                      net=FullTable())
    try:
        wait_until(app, lambda: app.network.table is None or app.network.table.closed, 10)
        assert any("is kept aside: the next start" in text for text in app.told)
        assert not paths().savegame.exists() or saved_seed() != 4242
        kept = savegame.kept_games()
        assert len(kept) == 1
        wait_until(app, lambda: app.controller.human_to_play, 30)
        app.controller.throw()  # a game of the player's own, meanwhile: saved as usual
        assert app.controller.game.log[1:]
    finally:
        app.close()
    asked: list[str] = []
    answers = [False, True]  # No to the game begun meanwhile, Yes to the one kept aside
    monkeypatch.setattr(messagebox, "askyesno",
                        lambda title, question, **kw: asked.append(question) or answers.pop(0))
    again = open_window()  # the next plain start offers both, the newer first
    try:
        assert len(asked) == 2 and "kept aside" not in asked[0] and "kept aside" in asked[1]
        assert again.controller.game.to_dict() == game.to_dict()
        assert savegame.kept_games() == [] and saved_seed() == 4242
    finally:
        again.close()


def test_no_to_a_game_kept_aside_stores_it_as_left(tk_root: tk.Tk,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    game = unfinished(30)
    assert savegame.keep_aside() is None
    monkeypatch.setattr(messagebox, "askyesno", lambda *a, **k: False)
    app = open_window()
    try:
        assert app.history.keeper.flush(20)
        with History(paths().history) as h:
            rows = h.con.execute("SELECT status, fingerprint FROM games").fetchall()
        assert rows == [("abandoned", fingerprint_of(4242))]
        assert savegame.kept_games() == [] and app.controller.game is not game
    finally:
        app.close()


@pytest.mark.parametrize("start", ["replay", "watch"])
def test_a_replay_or_a_watch_keeps_the_unfinished_game(tk_root: tk.Tk, tmp_path: Path,
                                                       start: str) -> None:
    unfinished(25)
    other = Game(PRESETS["trash-5000"], [Seat("Cy"), Seat("Dee", True, "normal")], seed=3)
    play_to_end(other, seed=3)
    records.write_record(other.record, tmp_path / "record.json", with_transcript=False)
    argv = (["--replay", str(tmp_path / "record.json")] if start == "replay" else
            ["--join", "127.0.0.1", "--code", "4821-7396", "--watch"])
    app = open_window(*argv, net=FullTable() if start == "watch" else None)
    try:
        if start == "replay":  # the game waits behind the replay window (issue 42, item 6)
            assert app.controller.game.record.start.seed == 4242 and not app.game_commands.begun
            assert not savegame.kept_games()
        else:
            assert len(savegame.kept_games()) == 1
    finally:
        app.close()
    if start == "replay":
        assert saved_seed() == 4242  # still the save, offered by the next start
    else:
        assert savegame.load_kept(savegame.kept_games()[0])[0] is not None


# -- a full disk at a game's end (item 2) ---------------------------------------------------


def _disk_full(*args: object, **kwargs: object) -> None:
    raise OSError(errno.ENOSPC, "No space left on device")


def _history_full(self: History, entry: object) -> int:
    error = sqlite3.OperationalError("database or disk is full")
    error.sqlite_errorcode = sqlite3.SQLITE_FULL  # type: ignore[attr-defined]
    raise error


def test_a_game_that_ends_on_a_full_disk_is_stored_from_the_save_at_the_next_start(
        tk_root: tk.Tk, monkeypatch: pytest.MonkeyPatch) -> None:
    """Neither the history nor the file beside it can be written (ENOSPC); the save's
    journal, appended to, holds the game.  The window says only that, and after a restart
    the game is in the history."""
    app = make_app(tk_root, settings(("Ann", False), ("Cy", True, "expert"),
                                     preset="trash-5000"),
                   first_seat=None, seed=None, keep_history=True)
    seed = app.controller.game.record.start.seed
    assert seed is not None
    with monkeypatch.context() as m:
        m.setattr(pending, "write_text_atomic", _disk_full)
        m.setattr(History, "add", _history_full)
        try:
            app.game_commands.toggle_demo()  # the computer plays both seats to the end
            wait_until(app, lambda: app.controller.game.over, 60)
            wait_until(app, lambda: app.history.last is not None, 20)
            said = app.window.status.full_text
            assert "the disk is full" in said and "stays in the saved game" in said, said
            assert "kept and stored" not in said
        finally:
            app.close()  # (the quit tries again: the disk is still full)
    history = paths().history
    assert not pending.pending_path(history).exists()
    with History(history) as h:
        assert h.count() == 0
    again = open_window()  # the next start, with room on the disk
    try:
        wait_until(again, lambda: any("is now stored in the history" in line
                                      for line in again.window.log.lines()), 20)
        with History(history) as h:
            rows = h.con.execute("SELECT status, fingerprint FROM games").fetchall()
        assert rows == [("finished", fingerprint_of(seed))]
    finally:
        again.close()
    third = open_window()  # stored once: a later start finds it there
    try:
        assert third.history.keeper.flush(20)
        with History(history) as h:
            assert h.count() == 1
    finally:
        third.close()


# -- the slow form: a real host process killed and started again -------------------------


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL (POSIX)")
def test_a_real_host_killed_twice_keeps_its_hosted_game(_private_home: Path,
                                                        long_run: bool) -> None:
    """(--long) ``tenthousand --host ...`` on a home whose save is the game it hosted:
    each start hosts that game again (its address and code printed), and killed with
    SIGKILL, then started again with the same line, it still finds it."""
    if not long_run:
        pytest.skip("the real processes run with --long (the short form: launch._open)")
    game = unfinished(51, hosted=True)
    env = dict(os.environ, TENTHOUSAND_HOME=str(_private_home),
               PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    for _attempt in range(2):
        proc = subprocess.Popen([sys.executable, "-m", "tenthousand", "--skip-intro", *HOST],
                                cwd=ROOT, env=env, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)
        try:
            assert proc.stdout is not None
            end = time.monotonic() + 90
            lines: list[str] = []
            while not any(line.startswith("Join code:") for line in lines):
                assert time.monotonic() < end and proc.poll() is None, lines
                lines.append(proc.stdout.readline().strip())
            assert "Join code: 4821-7396" in lines
        finally:
            proc.send_signal(signal.SIGKILL)
            proc.communicate(timeout=30)
        back = savegame.parse_save(paths().savegame.read_bytes())
        assert back.record.start.seed == game.record.start.seed
        assert len(back.record) == 51 and not back.over
    assert savegame.kept_games() == []
