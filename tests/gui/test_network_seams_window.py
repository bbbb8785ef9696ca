"""The seams of a network game in the real window (issue 41, and issue 43 item 4): a game
hosted again after the host was killed listens on the port it had (or says which one it
takes), a joiner's Statistics open on the joiner, and a lobby with hundreds of watchers
stays one line high."""

from __future__ import annotations

import socket
import time
import tkinter as tk
import tkinter.font as tkfont
from collections.abc import Iterator

import pytest
from app_kit import key, make_app, settings

from tenthousand.control.app import App
from tenthousand.control.session import Origin
from tenthousand.files.settings import GameSettings, SeatSetting
from tenthousand.model import Game, Seat
from tenthousand.model.persist import load_record
from tenthousand.model.record import Network
from tenthousand.model.rules import PRESETS
from tenthousand.net.events import WatcherJoined, WatcherLeft
from tenthousand.present.network import WATCHERS_SHOWN

WATCHERS = 600


def _listener(port: int = 0) -> socket.socket:
    """A socket listening where a table would (every address, as HostLink.open binds)."""
    if socket.has_dualstack_ipv6():
        return socket.create_server(("", port), family=socket.AF_INET6, dualstack_ipv6=True)
    return socket.create_server(("", port))


@pytest.fixture
def free_port() -> int:
    with _listener() as s:
        port: int = s.getsockname()[1]
    return port


def _hosted_on(port: int) -> Game:
    """A game Ann hosted for Bob on ``port``, as the autosave keeps it after a kill."""
    game = Game(PRESETS["ten-thousand"], [Seat("Ann"), Seat("Bob")], seed=77, first_seat=0)
    game.record.network = Network("host", friends=(1,), port=port)
    game.throw([])
    loaded = load_record(game.record.to_dict()).game
    assert loaded is not None
    return loaded


@pytest.fixture
def resumed_app(tk_root: tk.Tk) -> Iterator[App]:
    app = make_app(tk_root, settings(("Ann", False), ("Bob", False)), first_seat=None)
    app.network.net.announce = False
    try:
        yield app
    finally:
        app.network.leave()
        app.destroy()


def _host_again(app: App, game: Game) -> int:
    app.session.put(game, Origin.RESUMED)  # (as the launch puts an autosaved game)
    app.root.update()
    key(app, "space")  # the game waits for Bob: the host cannot throw
    assert "waits for its friends" in app.window.status.full_text
    assert app.window.scoreboard.rows[1].player == "Over the network"  # (Bob's seat)
    app.handlers["host_game"]()
    table = app.network.table
    assert table is not None and table.link is not None, app.window.status.full_text
    app.root.update()
    port: int = table.link.where().port
    return port


def test_a_game_hosted_again_listens_on_its_port(resumed_app: App, free_port: int) -> None:
    game = _hosted_on(free_port)
    assert _host_again(resumed_app, game) == free_port
    said = resumed_app.window.status.full_text
    assert f"hosted again on port {free_port}" in said and "in use" not in said
    assert game.record.network == Network("host", friends=(1,), port=free_port)
    key(resumed_app, "space")  # Bob is not back yet: still nobody plays
    assert len(game.record) == 1 and "waits for Bob to rejoin" in \
        resumed_app.window.status.full_text


def test_a_game_hosted_again_whose_port_is_taken_says_which_it_uses(
        resumed_app: App, free_port: int) -> None:
    game = _hosted_on(free_port)
    with _listener(free_port):  # another program has the port now
        port = _host_again(resumed_app, game)
        said = resumed_app.window.status.full_text
    assert port != free_port and f"hosted again on port {port}" in said
    assert f"Port {free_port} is in use now" in said
    assert resumed_app.network.lobby.shown  # (Bob's seat waits for him)
    assert f"Port: {port}" in resumed_app.network.lobby.how[1].cget("text")


def test_a_joiners_statistics_open_on_the_joiner(tk_root: tk.Tk) -> None:
    app = make_app(tk_root, settings(("Ann", False), ("Bot", True)))
    try:
        joined = Game(PRESETS["ten-thousand"], [Seat("Ann"), Seat("Bob")], seed=3)
        joined.record.network = Network("player", 1)  # this screen is Bob's
        app.session.put(joined, Origin.NETWORK)
        window = app.handlers["statistics"]()
        assert window.player.get() == "Bob"
        window.destroy()
        hosted = Game(PRESETS["ten-thousand"], [Seat("Bob"), Seat("Ann")], seed=3)
        hosted.record.network = Network("host", friends=(0,))  # Bob's seat is a friend's
        app.session.put(hosted, Origin.NETWORK)
        window = app.handlers["statistics"]()
        assert window.player.get() == "Ann"
        window.destroy()
    finally:
        app.destroy()


def test_a_lobby_with_hundreds_of_watchers_stays_one_line(tk_root: tk.Tk) -> None:
    app = make_app(tk_root, settings(("Ann", False), ("Bot", True)))
    app.network.net.announce = False
    try:
        app.network.host(GameSettings(seats=(SeatSetting("Ann"),
                                             SeatSetting("Guest A", net=True))), port=0)
        table = app.network.table
        assert table is not None and table.link is not None
        arrived: list[object] = []

        def poll() -> list[object]:
            out = arrived[:]
            arrived.clear()
            return out

        table.link.poll = poll  # (what the link would hand over in one poll)
        arrived += [WatcherJoined(f"Watcher number {i}") for i in range(WATCHERS)]
        started = time.perf_counter()
        table.poll()  # a flood in one poll: the lobby is drawn once
        took = time.perf_counter() - started
        app.root.update()
        label = app.network.lobby.watchers
        assert label.cget("text").endswith(f"and {WATCHERS - WATCHERS_SHOWN} more")
        assert label.winfo_reqwidth() < app.window.table.winfo_width()
        lines = label.winfo_reqheight() / tkfont.Font(font=label.cget("font")).metrics(
            "linespace")
        assert lines < 4 and took < 1.0
        arrived += [WatcherLeft(f"Watcher number {i}") for i in range(WATCHERS)]
        table.poll()
        app.root.update()
        assert label.cget("text") == "" and not table.watchers
    finally:
        app.network.leave()
        app.destroy()
