"""Two real game windows play a network game over a real socket on 127.0.0.1: the host's
window (this process: the lobby, Start, its own seat played with key events) and a
friend's (a second process, ``net_client_driver.py``, the same window code, playing its
seat with key events).  Both tables must show the same game, turn after turn (issue 22).

``NET_SHOTS=DIR`` keeps screenshots of the host's lobby and of both windows in play."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
import tkinter as tk
from pathlib import Path
from typing import Any

from app_kit import key, make_app, settings, wait_until

from tenthousand.control.session import Origin
from tenthousand.files.settings import GameSettings, SeatSetting
from tenthousand.model.game import Phase

DRIVER = Path(__file__).with_name("net_client_driver.py")
ROOT = DRIVER.parent.parent.parent
SHOTS = os.environ.get("NET_SHOTS", "")
TURNS = 3  # the friend's turns to play


class Friend:
    """The friend's window, in its own process; its lines are read in a thread."""

    def __init__(self, home: Path, port: int, code: str) -> None:
        shot = str(Path(SHOTS) / "client-in-play.png") if SHOTS else ""
        self.process = subprocess.Popen(
            [sys.executable, str(DRIVER), str(port), code, "Bob", str(TURNS), shot],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            env={**os.environ, "TENTHOUSAND_HOME": str(home), "PYTHONDONTWRITEBYTECODE": "1",
                 "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])})
        self.lines: list[dict[str, Any]] = []
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            if line.startswith("{"):
                self.lines.append(json.loads(line))

    def last(self, kind: str) -> dict[str, Any] | None:
        return next((line[kind] for line in reversed(self.lines) if kind in line), None)

    def close(self) -> str:
        assert self.process.stdin is not None
        self.process.stdin.close()
        try:
            self.process.wait(15)
        except subprocess.TimeoutExpired:
            self.process.kill()
        assert self.process.stderr is not None
        return self.process.stderr.read()


def _shoot(name: str) -> None:
    if SHOTS:
        subprocess.run(["import", "-window", "root", str(Path(SHOTS) / name)], check=False)


def _play_my_turn(app: Any) -> None:
    """The host's person plays one step with keys (Space, the dice's numbers, B)."""
    c = app.controller
    game = c.game
    if game.phase is Phase.START:
        key(app, "space")
    elif game.phase is Phase.CHOOSE and game.legal_freezes():
        freeze = game.indices_for(game.legal_freezes()[0][0])
        for index in freeze:
            if index not in c.selection:
                key(app, str(index + 1))
        key(app, "b" if game.bank_refusal(freeze) is None else "space")


def test_a_host_window_and_a_friends_window_play_turns(tk_root: tk.Tk,
                                                        tmp_path: Path) -> None:
    app = make_app(tk_root, settings(("Ann", False), ("Bot", True)), seed=5)
    app.network.net.announce = False  # (discovery has a test of its own in net's tests)
    hosted = GameSettings(seats=(SeatSetting("Ann"), SeatSetting("Guest A", net=True)))
    app.network.host(hosted, port=0, code="4821-7396")
    table = app.network.table
    assert table is not None and table.link is not None, app.window.status.full_text
    port = table.link.where().port
    assert app.network.lobby.shown and "Waiting for the table" in (
        app.controller.shown.table.caption if app.controller.shown else "")
    friend = Friend(tmp_path / "friend", port, "4821-7396")
    try:
        try:
            wait_until(app, lambda: app.network.lobby.start_button.instate(["!disabled"]), 30)
        except AssertionError:
            raise AssertionError(f"{friend.lines[-3:]} {friend.close()}") from None
        assert "2. Bob" in [name for name, _state, _open in
                            [(w.cget("text"), "", False)
                             for w in app.network.lobby.seats.winfo_children()]]
        _shoot("host-lobby-full.png")
        polls: list[float] = []  # how long each of the host's polls took (the Tk thread)
        untimed = table.poll

        def timed() -> None:
            start = time.perf_counter()
            untimed()
            polls.append(time.perf_counter() - start)

        table.poll = timed  # type: ignore[method-assign]
        key(app, "Alt-s")  # Start, by its access key
        game = app.controller.game
        assert [s.name for s in game.seats] == ["Ann", "Bob"] and app.controller.seating.network
        assert not app.network.lobby.shown
        end = time.monotonic() + 90
        while friend.last("done") is None and not game.over:
            assert time.monotonic() < end, friend.lines[-3:]
            assert friend.process.poll() is None, friend.close()
            app.root.update()
            if app.controller.human_to_play and not app.window.table.tumbling:
                _play_my_turn(app)
            time.sleep(0.01)
        done = friend.last("done")
        assert done is not None
        wait_until(app, lambda: (lambda s: s is not None and s["commands"] == len(
            game.record))(friend.last("state")), 15)
        seen = friend.last("state")
        assert seen is not None
        # The friend's table shows the host's game: the same seats, scores and dice.
        assert seen["names"] == ["Ann", "Bob"] and seen["role"] == "player" and seen["seat"] == 1
        assert seen["board"] == list(game.board) and seen["thrown"] == list(game.thrown)
        assert seen["commands"] == len(game.record) and sum(game.turns_taken) >= 2 * TURNS - 1
        assert game.board[1] > 0 or any("Bob" in line for line in seen["log"])
        polls.sort()
        p50, p99 = polls[len(polls) // 2], polls[int(len(polls) * 0.99)]
        print(f"host polls: {len(polls)}, p50 {p50 * 1000:.2f} ms, p99 {p99 * 1000:.2f} ms, "
              f"max {polls[-1] * 1000:.2f} ms")
        assert p50 < 0.016  # (a poll that takes a friend's move draws it: the most work)
        _shoot("host-in-play.png")
        if SHOTS:
            wait_until(app, lambda: friend.last("shot") is not None, 20)
    finally:
        errors = friend.close()
        app.network.leave()
        app.destroy()
    assert "Traceback" not in errors, errors


def test_a_hosted_game_resumed_after_a_kill_is_hosted_again_and_bob_rejoins(
        tk_root: tk.Tk) -> None:
    """The program stopped while Ann hosted a game for Bob: the game comes back from the
    autosave waiting for him, Game > Host a network game opens its table again (no new-game
    dialog), and Bob, joining with the new code and his name, gets his seat and plays."""
    from tenthousand.model import Game, Seat
    from tenthousand.model.persist import load_record
    from tenthousand.model.record import Network
    from tenthousand.model.rules import PRESETS
    from tenthousand.net.client import ClientLink
    from tenthousand.net.headless import JoinedGame, computer_chooser

    before = Game(PRESETS["ten-thousand"], [Seat("Ann"), Seat("Bob")], seed=77, first_seat=0)
    before.record.network = Network("host", friends=(1,))
    before.throw([])
    while before.current == 0:  # Ann's first turn, then the program is killed
        freeze = before.indices_for(before.legal_freezes()[0][0])
        before.bank(freeze) if before.bank_refusal(freeze) is None else before.throw(freeze)
    resumed = load_record(before.record.to_dict()).game
    assert resumed is not None
    app = make_app(tk_root, settings(("Ann", False), ("Bob", False)), first_seat=None)
    app.network.net.announce = False
    app.session.put(resumed, Origin.RESUMED)  # (as the launch puts an autosaved game)
    app.root.update()
    assert app.controller.seating.held and app.network.waiting is resumed
    assert app.controller.seating.undo_refusal() is not None  # (the friends have these moves)
    assert "Bob played this game at their own screen:" in app.window.status.full_text
    key(app, "space")  # Bob's seat is not Ann's to play
    assert "waits for its friends" in app.window.status.full_text
    assert len(resumed.record) == len(before.record)
    opened = app.network.net.host
    app.network.net.host = lambda settings, **kw: opened(settings, **{**kw, "port": 0})
    asked: list[Any] = []
    app.boxes.ask_network_settings = lambda s: asked.append(s)  # type: ignore[assignment]
    app.handlers["host_game"]()
    table = app.network.table
    assert not asked and table is not None and table.link is not None, \
        app.window.status.full_text
    assert table.game is resumed and app.controller.game is resumed
    assert "Your game is hosted again" in app.network.lobby.title.cget("text")
    where = table.link.where()
    bob = JoinedGame(ClientLink.connect("127.0.0.1", where.port, code=where.code, name="Bob",
                                        timeout_s=5.0),
                     chooser=computer_chooser("expert", resumed, 5))
    try:
        end = time.monotonic() + 30
        while bob.replica is None or len(resumed.record) <= len(before.record):
            assert time.monotonic() < end and bob.closed is None, (bob.closed, bob.events)
            bob.pump()
            app.root.update()
            time.sleep(0.005)
        assert bob.replica.seat == 1 and not app.network.lobby.shown
        assert "Bob is back at seat 2." in app.window.log.text.get("1.0", "end")
        assert resumed.record.commands[len(before.record)].seat == 1  # Bob's own move
        assert resumed.record.network == Network("host", friends=(1,), port=where.port)
    finally:
        bob.link.close()
        app.network.leave()
        app.destroy()


def test_a_friend_called_you_is_asked_for_a_name(tk_root: tk.Tk) -> None:
    """A first player's seat is called "You": at the host's screen that would read as the
    host, so the join dialog offers no name until one is typed (and then the last one)."""
    app = make_app(tk_root, settings(("You", False), ("Bot", True)))
    try:
        assert app.network.my_name() == ""
        app.network.last_name = "Bob"
        assert app.network.my_name() == "Bob"
    finally:
        app.destroy()
