"""A friend's window and a host that never shows its dice seed (issue 43, item 8): the
window says plainly that the dice could not be checked and why, and the history stores the
game once that is known, marked unchecked (or fair, when the seed comes); the Statistics
window can leave such games out.  The host is a fake link that speaks the net layer's
events (the real socket has its own tests)."""

from __future__ import annotations

import tkinter as tk
from typing import Any

import pytest
from app_kit import make_app, settings, wait_until
from test_controller import Careful

from tenthousand.ai.moves import commands, decide
from tenthousand.control.app import App
from tenthousand.dialogs.statistics import StatisticsWindow
from tenthousand.files.paths import paths
from tenthousand.history.codes import fingerprint_of
from tenthousand.history.store import History
from tenthousand.model import PRESETS, Game, Seat
from tenthousand.net.events import Joined, Played, Revealed, Welcome
from tenthousand.net.replica import command_data

pytestmark = pytest.mark.gui


class HostLink:
    """The host's side as the friend's window hears it: what the test puts in ``events``."""

    def __init__(self) -> None:
        self.events: list[Any] = []

    def poll(self) -> list[Any]:
        out, self.events = self.events, []
        return out

    def wish(self, *args: Any) -> None:
        pass

    def chat(self, text: str) -> None:
        pass

    def close(self) -> None:
        pass


class Net:
    """The window's net layer with :class:`HostLink` as every table joined."""

    announce = False

    def __init__(self) -> None:
        self.link = HostLink()

    def join(self, *args: Any, **kwargs: Any) -> HostLink:
        return self.link

    def replica(self, data: dict[str, Any], seat: int | None) -> Any:
        from tenthousand.net.replica import Replica

        return Replica.from_game(data, seat=seat)

    def fair_check(self, *args: Any) -> Any:
        from tenthousand.net.replica import fair_check

        return fair_check(*args)


def _stored() -> list[tuple[str, str, str]]:
    if not paths().history.exists():
        return []
    with History(paths().history) as h:
        return h.con.execute("SELECT status, network, dice_check FROM games ORDER BY id"
                             ).fetchall()


def _watching(tk_root: tk.Tk, seed: int) -> tuple[App, Net, Game]:
    app = make_app(tk_root, settings(("Bob", False), ("Bot", True)), keep_history=True)
    net = Net()
    app.network.net = net
    host = Game(PRESETS["trash-5000"], [Seat("Ann", True), Seat("Cy", True)], seed=seed,
                first_seat=0)
    app.network.join("127.0.0.1", None, "4821-7396", "Bob", watch=True)
    net.link.events = [Joined(None, "Ann's table"),
                       Welcome(None, host.record.shared_dict(), fingerprint_of(seed))]
    wait_until(app, lambda: app.controller.game.seats[0].name == "Ann", 20)
    return app, net, host


def _host_plays_out(app: App, net: Net, host: Game) -> None:
    player = Careful("normal", host.rules)
    while not host.over:
        for command in commands(host, decide(host, player)):  # type: ignore[arg-type]
            net.link.events.append(Played(command_data(host, command())))
    wait_until(app, lambda: app.controller.game.over, 30)


def test_the_next_game_without_a_seed_is_called_out_and_stored_unchecked(
        tk_root: tk.Tk) -> None:
    app, net, host = _watching(tk_root, 41)
    try:
        _host_plays_out(app, net, host)
        assert app.history.keeper.flush(10)
        assert _stored() == []  # the game waits for the host's seed
        following = host.rematch(seed=42)  # the host starts the next game instead
        net.link.events = [Welcome(None, following.record.shared_dict(), fingerprint_of(42))]
        wait_until(app, lambda: app.controller.game.record.start != host.record.start
                   and not app.controller.game.over, 20)
        assert app.history.keeper.flush(20)
        assert _stored() == [("finished", "watcher", "unchecked")]
        said = [line for line in app.window.log.lines() if "could not be checked" in line]
        assert said and "started the next game without showing its dice seed" in said[-1]
    finally:
        app.destroy()


def test_a_seed_shown_at_the_end_checks_the_dice_and_the_game_is_stored_fair(
        tk_root: tk.Tk) -> None:
    app, net, host = _watching(tk_root, 43)
    try:
        _host_plays_out(app, net, host)
        net.link.events = [Revealed(43, host.record.start.to_dict())]
        wait_until(app, lambda: "checked: fair" in app.window.status.full_text, 10)
        wait_until(app, lambda: app.history.keeper.flush(0) and bool(_stored()), 20)
        assert _stored() == [("finished", "watcher", "fair")]
        # The Statistics window: a game whose dice were checked counts either way.
        with History(paths().history) as h:
            h.con.execute("UPDATE seats SET name = 'Bob' WHERE seat = 0")
            h.con.execute("UPDATE games SET dice_check = 'unchecked'")
        shown: list[int] = []
        window = StatisticsWindow(tk_root, app.history._palette(), app.history.jobs,
                                  player="Bob", on_shown=lambda: shown.append(1))
        text = _counted(app, window, shown, again=False)
        assert "of 1 won" in text and "Dice not checked" in text, text
        window.checked_only.set(True)  # (its check box)
        assert "no finished games match" in _counted(app, window, shown)
        window.destroy()
    finally:
        app.destroy()


def _counted(app: App, window: StatisticsWindow, shown: list[int], *,
             again: bool = True) -> str:
    """The Statistics window's figures, once counted (``again``: counted again first)."""
    if again:
        shown.clear()
        window.refresh()
    wait_until(app, lambda: bool(shown), 10)
    return window.text.get("1.0", "end")
