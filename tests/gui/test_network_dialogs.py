"""The dialogs of a network game: the host's new-game dialog with a seat for a friend over
the network, and the join dialog (the tables found, an address, the code, a name, watch
only), checked as the player types (issue 22)."""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from test_dialogs import ok_enabled, type_into

from tenthousand.dialogs.join import JoinChoice, JoinDialog
from tenthousand.dialogs.newgame import NewGameDialog, player_choices
from tenthousand.files.settings import GameSettings, SeatSetting

FRIEND = "A player over the network"


@pytest.fixture
def root(shown_root: tk.Tk) -> tk.Tk:
    """(tests/gui/conftest.py: the session's root, shown, its windows closed after.)"""
    return shown_root


def test_only_the_hosts_dialog_offers_a_friends_seat(root: tk.Tk) -> None:
    assert FRIEND not in player_choices() and FRIEND in player_choices(network=True)
    plain = NewGameDialog(root, GameSettings(), testing=True)
    assert plain.seat_rows[0].combo is not None
    assert FRIEND not in plain.seat_rows[0].combo.cget("values")
    plain.cancel()
    d = NewGameDialog(root, GameSettings(seats=(SeatSetting("Ann"),
                                                SeatSetting("Computer A", True)),
                                         real_dice=True, dice_set="Kitchen"),
                      testing=True, network=True)
    assert d.title() == "Host a network game" and d.button_ok.cget("text") == "Open the table"
    root.update()
    assert not d.real_dice.entry.winfo_ismapped()  # the friends check the program's dice
    assert not d.real_dice.on.get()
    assert not ok_enabled(d) and "network" in d.errors["seats"]  # no friend's seat yet
    d.seat_rows[1].kind.set(FRIEND)  # the computer's seat becomes a friend's: Guest A
    root.update()
    assert d.seat_rows[1].name.get() == "Guest A" and ok_enabled(d)
    d.seat_rows[0].name.set("You")  # at Guest A's screen that would read as Guest A
    root.update()
    assert not ok_enabled(d) and "the others know you by" in d.errors["seats"]
    d.seat_rows[0].name.set("Ann")
    root.update()
    d.button_ok.invoke()
    assert d.result is not None
    assert d.result.seats == (SeatSetting("Ann"), SeatSetting("Guest A", net=True))
    assert not d.result.real_dice


def _join(root: tk.Tk, found: Sequence[tuple[str, str, int]] | None,
          ) -> tuple[JoinDialog, list[Callable[[Sequence[tuple[str, str, int]]], None]]]:
    asked: list[Callable[[Sequence[tuple[str, str, int]]], None]] = []

    def find(done: Callable[[Sequence[tuple[str, str, int]]], None]) -> None:
        asked.append(done)
        if found is not None:
            done(found)

    return JoinDialog(root, name="Bob", find=find, testing=True), asked


def test_a_table_found_is_picked_and_joined(root: tk.Tk) -> None:
    d, asked = _join(root, [("Ann", "192.168.1.20", 47100)])
    assert len(asked) == 1 and d.tables.size() == 1
    assert d.address.get() == "192.168.1.20:47100"  # the one table found, picked
    assert not ok_enabled(d)  # no code yet
    type_into(d.entries["code"], "4821 7396")
    d.watch.set(True)
    root.update()
    assert ok_enabled(d)
    d.button_ok.invoke()
    assert d.result == JoinChoice("192.168.1.20", 47100, "4821 7396", "Bob", watch=True)


def test_an_address_typed_in_and_the_mistakes_shown(root: tk.Tk) -> None:
    d, asked = _join(root, None)  # still looking
    assert "Looking" in d.looking.cget("text")
    asked[0]([])  # nothing found
    assert "No table found" in d.looking.cget("text")
    d.address.set("10.0.0.9:99999")
    type_into(d.entries["code"], "12")
    d.player.set("")
    root.update()
    assert not ok_enabled(d)
    assert set(d.errors) == {"address", "code", "name"}
    d.address.set("[fe80::1]:5000")
    d.code.set("abcd-1234")
    d.player.set("You")  # the host's screen would read it as the host
    root.update()
    assert not ok_enabled(d) and "would mean each of them" in d.errors["name"]
    d.player.set("Zoe")
    root.update()
    assert ok_enabled(d)
    d.button_ok.invoke()
    assert d.result == JoinChoice("fe80::1", 5000, "abcd-1234", "Zoe")


def test_a_ipv6_table_found_is_written_with_brackets(root: tk.Tk) -> None:
    d, _asked = _join(root, [("Ann", "fe80::2", 4000), ("Cy", "10.0.0.3", 4001)])
    assert d.address.get() == ""  # two tables: the player picks one
    d.tables.selection_set(0)
    d.tables.event_generate("<<ListboxSelect>>")
    root.update()
    assert d.address.get() == "[fe80::2]:4000"
    d.cancel()
    assert d.result is None


def lobby_on_a_table(root: tk.Tk, height: int) -> tuple[tk.Toplevel, tk.Frame, Any]:
    """A lobby panel over a table 660 pixels wide (a 1024x600 screen's) and ``height``
    tall, in a window of its own (the panel's access keys go with it, not onto the root)."""
    from tenthousand.view.lobby import LobbyPanel
    from tenthousand.view.theme import palette

    top = tk.Toplevel(root)
    table = tk.Frame(top, width=660, height=height)
    table.pack_propagate(False)
    table.pack()
    panel = LobbyPanel(table, palette("color", "green"), on_start=lambda: None,
                       on_hand=lambda seat, level: None, on_close=lambda: None)
    return top, table, panel


@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_the_lobby_fits_the_table_of_a_small_screen(root: tk.Tk, language: str) -> None:
    """The table of a 1024x600 screen is some 660 pixels wide: the lobby, German's long
    words too, stays inside it."""
    from tenthousand import i18n
    from tenthousand.present.network import LobbySeat, lobby
    from tenthousand.view import scaling

    i18n.set_language(language)
    scaling.apply_scaling(root, 100)  # (the size preference of 100%, whatever ran before)
    top, table, panel = lobby_on_a_table(root, 480)
    try:
        seats = [LobbySeat("Ann", "here"), LobbySeat("Gast A", "net"),
                 LobbySeat("Gast B", "net")]
        panel.show(lobby(["192.168.1.20", "fe80::1"], 47100, "4821-7396", seats),
                   [("normal", "Normal"), ("expert", i18n._("Expert"))])
        root.update()
        assert panel.winfo_reqwidth() <= 660, panel.winfo_reqwidth()
        assert panel.hand_frame.winfo_ismapped()  # (a seat can still be given away)
    finally:
        top.destroy()


@pytest.mark.parametrize("size", [100, 150])
def test_on_a_short_table_the_lobby_scrolls_and_its_buttons_stay_in_sight(
        root: tk.Tk, size: int) -> None:
    """A 1024x600 laptop at a size of 150% leaves the table some 420 pixels: the lobby
    fits inside it, what does not fit scrolls, and Start and Close are on the table; on a
    tall table nothing scrolls."""
    from tenthousand.present.network import LobbySeat, lobby
    from tenthousand.view import scaling

    scaling.apply_scaling(root, size)
    top, table, panel = lobby_on_a_table(root, 420)
    try:
        seats = [LobbySeat("Ann", "here"), LobbySeat("Guest A", "net"),
                 LobbySeat("Computer A", "computer", "Expert")]
        panel.show(lobby(["192.168.1.20"], 47100, "4821-7396", seats),
                   [("normal", "Normal"), ("expert", "Expert")])
        root.update()
        assert panel.winfo_y() >= 0 and panel.winfo_y() + panel.winfo_height() <= 420
        for button in (panel.start_button, panel.close_button):
            y = button.winfo_rooty() - table.winfo_rooty()
            assert button.winfo_ismapped() and 0 <= y and y + button.winfo_height() <= 420
        assert panel.area.scrolls[1] == (size == 150)
        # the table grows (the window is made taller): nothing scrolls any more
        table.configure(height=800)
        root.update()
        assert not panel.area.scrolls[1]
        assert panel.winfo_y() + panel.winfo_height() <= 800
    finally:
        top.destroy()
        scaling.apply_scaling(root, 100)


def test_the_host_chooses_a_table_over_the_internet(root: tk.Tk) -> None:
    d = NewGameDialog(root, GameSettings(seats=(SeatSetting("Ann"),
                                                SeatSetting("Guest A", net=True))),
                      testing=True, network=True)
    assert d.validate()[0] is not None and not d.validate()[0].internet  # type: ignore[union-attr]
    d.where.internet.set(True)
    root.update()
    d.button_ok.invoke()
    assert d.result is not None and d.result.internet
    plain = NewGameDialog(root, GameSettings(), testing=True)  # (a game at one screen)
    assert plain.validate()[0] is not None and not plain.validate()[0].internet  # type: ignore[union-attr]
    plain.cancel()


def test_the_preferences_take_the_servers_of_internet_tables(root: tk.Tk) -> None:
    from tenthousand.dialogs.preferences import PreferencesDialog
    from tenthousand.files.settings import Preferences

    d = PreferencesDialog(root, Preferences(), testing=True)
    entry = _entry_of(d, d.mailbox_var)
    entry.delete(0, "end")
    type_into(entry, "not a mailbox")
    root.update()
    assert not ok_enabled(d) and "mailbox server" in d.errors["mailbox"]
    d.mailbox_var.set("ws://127.0.0.1:4000/v1")
    d.relay_var.set("")
    root.update()
    assert ok_enabled(d)
    d.button_ok.invoke()
    assert d.result is not None
    assert (d.result.mailbox, d.result.transit_relay) == ("ws://127.0.0.1:4000/v1", "")


def _entry_of(dialog: tk.Misc, var: tk.StringVar) -> Any:
    """The entry whose text is ``var``."""
    from tkinter import ttk

    found: list[Any] = []

    def walk(widget: tk.Misc) -> None:
        for child in widget.winfo_children():
            if isinstance(child, ttk.Entry) and str(child.cget("textvariable")) == str(var):
                found.append(child)
            walk(child)

    walk(dialog)
    return found[0]
