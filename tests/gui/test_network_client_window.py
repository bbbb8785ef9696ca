"""A friend's window at a real host (the net layer's headless host on 127.0.0.1, in a
thread of its own): it plays its seat with key events, drops out and joins again to find
its seat and the whole game back, and at the end tells the fair-dice verdict (issue 22)."""

from __future__ import annotations

import time
import tkinter as tk
from collections.abc import Callable
from typing import Any

from app_kit import key, make_app, settings

from tenthousand.files.settings import GameSettings, SeatSetting
from tenthousand.model import Game, Seat
from tenthousand.model.game import Phase
from tenthousand.net.events import SeatJoined, SeatLeft
from tenthousand.net.headless import HostedGame, computer_chooser
from tenthousand.net.link import HostLink, Lobby, LobbySeat

CODE = "4821-7396"


def _host() -> HostedGame:
    rules = GameSettings(seats=(SeatSetting("Ann"), SeatSetting("Bob")), game_point=1000,
                         opening_minimum=300, minimum=300).to_rules()
    link = HostLink.open(Lobby(rules.to_dict(), (LobbySeat("person", "Ann"), LobbySeat("net"))),
                         port=0, code=CODE, announce=False)
    game = Game(rules, [Seat("Ann"), Seat("Bob")], seed=2024, first_seat=0)
    return HostedGame(link, game, {0: computer_chooser("normal", game, seed=1)})


def _run(app: Any, host: HostedGame, until: Callable[[], bool], seconds: float = 30,
         play: bool = True) -> None:
    """The host pumps, the window runs; the window's own seat plays with keys."""
    end = time.monotonic() + seconds
    while not until():
        assert time.monotonic() < end, (app.window.status.full_text, host.events[-3:])
        host.pump()
        app.root.update()
        c = app.controller
        if play and c.seating.relays and c.human_to_play and not app.window.table.tumbling:
            _press_move(app)
        time.sleep(0.005)


_asked: dict[int, tuple[int, str]] = {}


def _press_move(app: Any) -> None:
    """One move of the window's seat, with the keys a person presses (once per step)."""
    game = app.controller.game
    where = (len(game.record), game.phase.value)
    if _asked.get(id(app)) == where:
        return  # pressed: the host has not answered yet
    _asked[id(app)] = where
    if game.phase is Phase.START:
        key(app, "space")
    elif game.phase is Phase.CHOOSE and game.legal_freezes():
        freeze = game.indices_for(game.legal_freezes()[0][0])
        for index in range(len(game.thrown)):
            if (index in freeze) != (index in app.controller.selection):
                key(app, str(index + 1))
        key(app, "b" if game.bank_refusal(freeze) is None else "space")


def test_a_friend_drops_joins_again_and_sees_the_dice_checked(tk_root: tk.Tk) -> None:
    host = _host()
    app = make_app(tk_root, settings(("Bob", False), ("Bot", True)), seed=3)
    try:
        port = host.link.where().port
        app.network.join("127.0.0.1", port, CODE, "Bob")
        _run(app, host, lambda: any(isinstance(e, SeatJoined) for e in host.events))
        # While it waits for the host, the table shows the host's seats, never a game of
        # this screen's own (Bob against Bot, which waits under it).
        _run(app, host, lambda: [r.name for r in app.window.scoreboard.rows] == ["Ann", "Bob"])
        assert app.controller.shown.table.caption == "Waiting for the table"
        assert not app.controller.shown.table.thrown and not app.controller.human_to_play
        host.begin()
        _run(app, host, lambda: app.controller.game.record.network is not None
             and app.controller.game.seats[1].name == "Bob")
        game = app.controller.game
        assert app.controller.seating.remote == frozenset({0})
        assert game.record.network.role == "player"
        # Bob plays two turns with keys; the window's table follows the host's game.
        _run(app, host, lambda: host.game.turns_taken[1] >= 2)
        _run(app, host, lambda: len(app.controller.game.record) == len(host.game.record))
        assert app.controller.game.board == host.game.board
        # The connection drops; the seat waits at the host.
        app.network.leave()
        _run(app, host, lambda: any(isinstance(e, SeatLeft) for e in host.events), play=False)
        assert not app.controller.seating.relays and not app.controller.seating.network
        # Bob joins again: the same seat, the whole game back.
        app.network.join("127.0.0.1", port, CODE, "Bob")
        _run(app, host, lambda: any(isinstance(e, SeatJoined) and e.rejoined
                                    for e in host.events), play=False)
        _run(app, host, lambda: app.controller.seating.network
             and len(app.controller.game.record) == len(host.game.record)
             and app.controller.game.seats[1].name == "Bob", play=False)
        assert app.controller.game.board == host.game.board
        assert app.controller.seating.remote == frozenset({0})
        # Play to the end: the seed is revealed and the window checks every throw (said in
        # the log; the status line may have gone on to "Game over and stored" already: the
        # game's store and the check come back in either order).
        def checked() -> str:
            return str(app.window.log.text.get("1.0", "end"))
        _run(app, host, lambda: app.controller.game.over and "were checked: fair" in checked(),
             seconds=90)
        assert host.game.over and app.controller.game.board == host.game.board
        assert "fingerprint" in checked()
    finally:
        app.network.leave()
        host.link.close()
        app.destroy()
