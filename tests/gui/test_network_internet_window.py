"""A table over the internet in the window (issue 41): the host's lobby shows an invite
code per open seat and prints each as 'join code: CODE'; the join dialog takes an invite
code without an address and stays open with the reason and what was typed when the code
is wrong or the mailbox server cannot be reached.  Servers of the test's own, on loopback."""

from __future__ import annotations

import dataclasses
import tkinter as tk
from typing import Any

import pytest
from app_kit import make_app, settings, wait_until
from servers_kit import free_port
from test_dialogs import type_into

from tenthousand.dialogs.join import JoinDialog
from tenthousand.files.settings import GameSettings, Preferences, SeatSetting
from tenthousand.net.events import Invites
from tenthousand.net.host import HostLink
from tenthousand.net.link import Lobby, LobbySeat
from tenthousand.net.protocol import Servers


def _app(root: tk.Tk, servers: Servers) -> Any:
    prefs = Preferences(animation=False, intro=False, sound=False, mailbox=servers.mailbox,
                        transit_relay=servers.relay)
    return make_app(root, settings(("Ann", False), ("Computer A", True)), prefs=prefs)


def _dialog(root: tk.Tk, app: Any, code: str) -> JoinDialog:
    d = JoinDialog(root, name="Bob", find=None, attempt=app.network._attempt, testing=True)
    type_into(d.entries["code"], code)
    root.update()
    return d


def test_the_join_dialog_says_a_mailbox_down_and_keeps_what_was_typed(
        shown_root: tk.Tk, servers: Servers) -> None:
    root = shown_root
    down = dataclasses.replace(servers, mailbox=f"ws://127.0.0.1:{free_port()}/v1")
    app = _app(root, down)
    try:
        d = _dialog(root, app, "7 guitarist revenge")
        assert d.validate()[0] is not None and d.validate()[0].internet  # type: ignore[union-attr]
        assert d.address.get() == ""  # an invite code needs no address
        d.button_ok.invoke()
        assert d.joining and "Joining" in str(d.answer.cget("text"))
        wait_until(app, lambda: not d.joining, 20)
        assert d.winfo_exists() and d.result is None
        said = str(d.answer.cget("text"))
        assert "mailbox server" in said and "cannot be reached" in said and down.mailbox in said
        assert d.code.get() == "7 guitarist revenge" and d.player.get() == "Bob"
        assert "!disabled" in d.button_ok.state() or not d.button_ok.instate(["disabled"])
    finally:
        app.close()


def test_a_wrong_invite_code_keeps_the_dialog_open_and_the_right_one_joins(
        shown_root: tk.Tk, servers: Servers) -> None:
    root = shown_root
    table = Lobby(settings().to_rules().to_dict(),
                  (LobbySeat("person", "Kim"), LobbySeat("net")), "Kim")
    link = HostLink.open_internet(table, servers)
    app = _app(root, servers)
    events: list[object] = []
    try:
        wait_until(app, lambda: bool(events.extend(link.poll()) or any(
            isinstance(e, Invites) and any(c.seat == 1 for c in e.codes) for e in events)), 20)
        right = next(c.code for e in events if isinstance(e, Invites) for c in e.codes
                     if c.seat == 1)
        d = _dialog(root, app, right.split("-")[0] + "-aardvark-absurd")
        d.button_ok.invoke()
        wait_until(app, lambda: not d.joining, 20)
        assert d.winfo_exists() and "not right" in str(d.answer.cget("text"))
        assert d.code.get().endswith("aardvark-absurd")
        # the host makes a new code for the seat; with it the dialog joins and closes
        wait_until(app, lambda: bool(events.extend(link.poll()) or [
            c for e in events if isinstance(e, Invites) for c in e.codes
            if c.seat == 1 and c.code != right]), 20)
        new = [c.code for e in events if isinstance(e, Invites) for c in e.codes
               if c.seat == 1][-1]
        d.code.set(new)
        root.update()
        d.button_ok.invoke()
        wait_until(app, lambda: not d.joining, 20)
        assert d.result is not None and d.result.internet and d.result.code == new
    finally:
        app.network.leave()
        link.close()
        app.close()


def test_the_internet_lobby_shows_and_prints_each_seats_code(
        shown_root: tk.Tk, servers: Servers, capsys: pytest.CaptureFixture[str]) -> None:
    root = shown_root
    app = _app(root, servers)
    try:
        hosted = GameSettings(seats=(SeatSetting("Ann"), SeatSetting("Guest A", net=True),
                                     SeatSetting("Guest B", net=True)), internet=True)
        app.network.host(hosted, print_where=True)
        lobby = app.network.lobby
        wait_until(app, lambda: len(app.network.table.invites) == 3, 20)
        root.update()
        shown = [str(w.cget("text")) for w in lobby.codes.winfo_children()]
        codes = [c for key, c in sorted(app.network.table.invites.items(),
                                        key=lambda kv: 9 if kv[0] is None else kv[0])]
        assert shown[0].startswith("Seat 2") and shown[2].startswith("Seat 3")
        assert shown[1] == codes[0] and shown[3] == codes[1]
        assert "To watch" in shown and codes[2] in shown
        out = capsys.readouterr().out
        assert "over the internet" in out
        assert f"join code: {codes[0]}" in out and f"join code: {codes[1]}" in out
        assert f"watch code: {codes[2]}" in out
        assert "Address" not in " ".join(str(h.cget("text")) for h in lobby.how)
    finally:
        app.network.leave()
        app.close()


def test_join_code_on_the_command_line_says_a_mailbox_down_on_standard_error(
        shown_root: tk.Tk, servers: Servers, capsys: pytest.CaptureFixture[str]) -> None:
    from tenthousand import cli, launch

    down = dataclasses.replace(servers, mailbox=f"ws://127.0.0.1:{free_port()}/v1")
    app = _app(shown_root, down)
    try:
        _ns, opts = cli.parse(["--join-code", "7-guitarist-revenge", "--name", "Bob"])
        launch.network_start(app, opts)
        wait_until(app, lambda: app.network.table is not None and app.network.table.closed, 20)
        err = capsys.readouterr().err
        assert "mailbox server" in err and "cannot be reached" in err and down.mailbox in err
        assert "cannot be reached" in str(app.window.status.full_text)
    finally:
        app.network.leave()
        app.close()
