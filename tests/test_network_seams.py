"""The seams a player met in a network game (issue 41), without a display or a socket: the
lobby and a joining screen never show a game that waits under them, a restored or
dropped table holds the game (the host cannot throw), "dropped" goes when the friend is
back, F8 is offered only where it plays, watchers come and go, and the controller keeps
no copy of the session's game (one seating object, no fields set from outside).

The fake links, the lobby and the screens are those of ``test_network_control``."""

from __future__ import annotations

import inspect
import typing

import pytest
from test_network_control import (
    LEVELS,
    FakeHostLink,
    FakeLobby,
    Screen,
    _client,
    _host,
    _hosted_before,
    _started,
    as_saved,
    screens,
)

from tenthousand.control import net_client, net_host, network
from tenthousand.control.net_host import HostTable
from tenthousand.control.seating import Seating
from tenthousand.control.session import Origin, Session
from tenthousand.files.settings import GameSettings, SeatSetting
from tenthousand.history.codes import fingerprint_of
from tenthousand.model import Game, Seat
from tenthousand.model.game import Phase
from tenthousand.model.persist import load_record
from tenthousand.model.position import BadSave
from tenthousand.model.record import Network
from tenthousand.model.rules import PRESETS
from tenthousand.net import events
from tenthousand.net.events import (
    Chat,
    Joined,
    Played,
    Problem,
    Refused,
    Revealed,
    SeatInfo,
    SeatJoined,
    SeatLeft,
    SeatsChanged,
    WatcherJoined,
    WatcherLeft,
    Welcome,
    Wish,
)
from tenthousand.net.replica import command_data
from tenthousand.present import presenter
from tenthousand.present.network import WATCHERS_SHOWN, watchers_text

__all__ = ["screens"]  # (the fixture, shared with test_network_control)


def _names(here: Screen) -> list[str]:
    """The names on the scoreboard as this screen shows it now."""
    return [row.name for row in here.screen.display.seats]


# -- the lobby and a joining screen show the table, never the game under it -------------


def test_the_lobby_shows_its_seats_not_the_game_it_covers(screens: list[Screen]) -> None:
    here, table, link, lobby = _host(screens)  # (the game under it: Ann against Bot)
    shown = here.screen.display
    assert _names(here) == ["Ann", "Guest A"] and not shown.table.thrown
    assert shown.table.caption == "Waiting for the table" and not shown.bar.throw_ok
    assert [row.player for row in shown.seats] == ["at this screen", "waiting for a friend"]
    link.events = [SeatJoined(1, "Bob", False)]
    table.poll()
    assert _names(here) == ["Ann", "Bob"] and here.screen.display.seats[1].player == "joined"
    link.events = [SeatLeft(1, "Bob", "the connection was lost")]  # before the game
    table.poll()
    assert here.told.status[-1] == "Bob left the table: seat 2 is open again."
    assert here.screen.display.seats[1].player == "waiting for a friend"
    table.close()  # no game: the one the lobby covered is back, and plays on
    assert _names(here) == ["Ann", "Bot"] and here.controller.human_to_play


def test_a_joining_screen_shows_the_hosts_seats_not_a_game_of_its_own(
        screens: list[Screen]) -> None:
    here, table, link = _client(screens)  # (its own game: Bob against Bot)
    assert "Bot" not in _names(here) and here.screen.display.table.caption == \
        "Joining the table"
    assert not here.controller.human_to_play
    link.events = [Joined(1, "Ann's table"),
                   SeatsChanged((SeatInfo("Ann", "person", "here"),
                                 SeatInfo("Bob", "net", "joined"),
                                 SeatInfo("", "net", "open")))]
    table.poll()
    shown = here.screen.display
    assert _names(here) == ["Ann", "Bob", "(a free seat)"]
    assert [row.player for row in shown.seats] == ["at the host's screen", "joined",
                                                   "waiting for a friend"]
    assert shown.table.caption == "Waiting for the table"
    host = Game(PRESETS["ten-thousand"], [Seat("Ann"), Seat("Bob"), Seat("Cy")], seed=5,
                first_seat=0)
    link.events = [Welcome(1, host.record.shared_dict(), fingerprint_of(5))]
    table.poll()
    assert _names(here) == ["Ann", "Bob", "Cy"] and here.controller.seating.filling is None


def test_a_joining_screen_that_never_gets_in_plays_its_own_game_again(
        screens: list[Screen]) -> None:
    here, table, link = _client(screens)
    table.close()
    assert _names(here) == ["Bob", "Bot"] and here.controller.human_to_play


# -- a table that waits for a friend holds the game ---------------------------------------


def _hosted_again(screens: list[Screen], game: Game) -> tuple[Screen, HostTable,
                                                                FakeHostLink, FakeLobby]:
    here = Screen(game)
    screens.append(here)
    link, lobby = FakeHostLink(), FakeLobby()
    settings = GameSettings(seats=tuple(
        SeatSetting(s.name, s.computer, s.level, net=i in game.record.network.friends)
        for i, s in enumerate(game.seats)))
    table = HostTable(settings, session=here.session, controller=here.controller,
                      messages=here.told.messages, timers=here.controller._watchers,
                      screen=lobby, open_link=lambda: link, make_game=lambda s: game,
                      levels=LEVELS, again=game)
    return here, table, link, lobby


def _stopped_on_anns_turn() -> Game:
    """A game Ann hosted for Bob (seat 1), stopped at the start of Ann's turn."""
    game = Game(PRESETS["ten-thousand"], [Seat("Ann"), Seat("Bob"), Seat("Bot", True)],
                seed=77, first_seat=0)
    game.record.network = Network("host", friends=(1,), port=47100)
    return as_saved(game)


def test_the_host_cannot_throw_while_a_restored_table_waits_for_its_friends(
        screens: list[Screen]) -> None:
    game = _stopped_on_anns_turn()
    here, table, link, lobby = _hosted_again(screens, game)
    assert game.current == 0 and lobby.visible
    here.controller.throw()  # Ann's turn, but Bob is not back: nobody plays
    assert game.phase is Phase.START and not link.published
    assert not here.controller.human_to_play and here.controller.seating.held
    assert here.screen.display.table.caption == "Waiting for the table"
    link.events = [SeatJoined(1, "Bob", True)]
    table.poll()
    assert not lobby.visible and here.controller.human_to_play
    assert here.told.status[-1] == "Bob is back at seat 2."  # ("rejoins with..." no more)
    here.controller.throw()
    assert game.phase is not Phase.START and link.published[-1]["seat"] == 0


def test_a_friend_dropping_holds_the_game_and_their_return_lets_it_go_on(
        screens: list[Screen]) -> None:
    here, table, link, lobby, game = _started(screens)  # Ann (seat 0) to play, Bob at 1
    link.events = [SeatLeft(1, "Bob", "the connection was lost")]
    table.poll()
    assert here.told.status[-1] == "Bob's connection dropped: the seat waits for them."
    here.controller.throw()
    assert game.phase is Phase.START and not link.published  # the game waits for Bob
    assert here.told.status[-1] == "The game waits for Bob to rejoin."
    link.events = [Wish(1, "throw", ())]  # (a wish that crossed the drop)
    table.poll()
    assert link.whys[-1] == "waiting"
    link.events = [SeatJoined(1, "Bob", True)]
    table.poll()
    # "dropped" goes when Bob is back: the status line says so instead.
    assert here.told.status[-1] == "Bob is back at seat 2." and not lobby.visible
    here.controller.throw()
    assert game.phase is not Phase.START


def test_the_status_line_keeps_what_was_said_since_a_drop(screens: list[Screen]) -> None:
    """A friend back after the line moved on: only a line that still says "dropped" is
    replaced (what was said since stays until the return is told)."""
    here, table, link, lobby, game = _started(screens)
    link.events = [SeatLeft(1, "Bob", "the connection was lost")]
    table.poll()
    here.told.messages.tell("Something else.")
    link.events = [SeatJoined(1, "Bob", True)]
    table.poll()
    assert here.told.status[-1] == "Bob is back at seat 2."
    assert not any("dropped" in s for s in here.told.status[-2:])


def test_a_friends_screen_holds_the_game_while_another_seat_waits(
        screens: list[Screen]) -> None:
    host = Game(PRESETS["ten-thousand"], [Seat("Ann"), Seat("Bob"), Seat("Cy")], seed=77,
                first_seat=1)
    here, table, link = _client(screens)
    link.events = [Joined(1, "Ann's table"),
                   Welcome(1, host.record.shared_dict(), fingerprint_of(77))]
    table.poll()
    assert here.controller.human_to_play
    seats = [SeatInfo("Ann", "person", "here"), SeatInfo("Bob", "net", "joined"),
             SeatInfo("Cy", "net", "away")]
    link.events = [SeatsChanged(tuple(seats))]
    table.poll()
    assert not here.controller.human_to_play
    assert here.told.status[-1] == "The game waits for Cy to rejoin."
    here.controller.throw()
    assert not link.wishes
    seats[2] = SeatInfo("Cy", "net", "joined")
    link.events = [SeatsChanged(tuple(seats))]
    table.poll()
    assert here.controller.human_to_play
    here.controller.throw()
    assert link.wishes == [("throw", ())]


# -- a game hosted again keeps its port -------------------------------------------------


def test_the_hosts_record_keeps_the_port_and_refuses_a_port_that_cannot_be_one(
        screens: list[Screen]) -> None:
    here, table, link, lobby, game = _started(screens)
    assert game.record.network == Network("host", friends=(1,), port=47100)
    data = game.record.to_dict()
    assert data["network"] == {"role": "host", "friends": [1], "port": 47100}
    assert load_record(data).network == Network("host", friends=(1,), port=47100)
    for bad in (0, 65536, "47100", True, 4.5):
        with pytest.raises(BadSave):
            load_record({**data, "network": {"role": "host", "friends": [1], "port": bad}})
    with pytest.raises(BadSave):  # only the host listened on a port
        load_record({**data, "network": {"role": "player", "seat": 1, "port": 47100}})


def test_a_game_hosted_again_on_another_port_says_which(screens: list[Screen]) -> None:
    game = _hosted_before()
    game.record.network = Network("host", friends=(1,), port=47999)  # (taken since)
    here, table, link, lobby = _hosted_again(screens, game)
    said = next(s for s in here.told.status if "hosted again" in s)
    assert "port 47100" in said and "Port 47999 is in use now" in said
    assert game.record.network.port == 47100  # hosted again there: the next time too


# -- F8 plays again only where it does ----------------------------------------------------


def _played_to_the_end(game: Game) -> list[Played]:
    """The host's game played to its end; each command as the host's link sends it."""
    sent = []
    while not game.over:
        if game.phase is Phase.CHOOSE and game.legal_freezes():
            freeze = game.indices_for(game.legal_freezes()[0][0])
            done = (game.bank(freeze) if game.bank_refusal(freeze) is None
                    else game.throw(freeze))
        else:
            done = game.throw([])
        sent.append(Played(command_data(game, done)))
    return sent


def test_a_friends_screen_never_offers_f8_after_the_game(screens: list[Screen]) -> None:
    rules = GameSettings(seats=(SeatSetting("Ann"), SeatSetting("Bob")), game_point=500,
                         opening_minimum=0, minimum=0).to_rules()
    host = Game(rules, [Seat("Ann"), Seat("Bob")], seed=77, first_seat=0)
    here, table, link = _client(screens)
    link.events = [Joined(1, "Ann's table"),
                   Welcome(1, host.record.shared_dict(), fingerprint_of(77))]
    table.poll()
    link.events = list(_played_to_the_end(host))
    table.poll()
    game = here.controller.game
    assert game.over and game.board == host.board
    shown = here.screen.display
    words = [shown.bar.throw_text, shown.bar.reason, *(text for _kind, text in
                                                     here.screen.cues)]
    assert not any("F8" in text for text in words), words
    assert "The host starts the next game" in shown.bar.reason and not shown.bar.throw_ok
    here.controller.throw()
    assert "F8" not in here.told.status[-1] and "host starts" in here.told.status[-1]
    # At the host's own table F8 plays again, and says so.
    assert "F8" in presenter.not_your_turn(host)
    assert "F8" in presenter.action_bar(host, presenter.Context((False, False))).reason


# -- watchers come and go ------------------------------------------------------------------


def test_a_watcher_who_left_is_no_longer_shown_watching(screens: list[Screen]) -> None:
    here, table, link, lobby = _host(screens)
    link.events = [WatcherJoined("Zoe"), WatcherJoined("Yan")]
    table.poll()
    assert lobby.shown[-1].watchers == "Watching: Zoe and Yan"
    link.events = [WatcherLeft("Zoe")]
    table.poll()
    assert lobby.shown[-1].watchers == "Watching: Yan"
    assert "Zoe no longer watches." in here.screen.texts()
    link.events = [WatcherLeft("Yan")]
    table.poll()
    assert lobby.shown[-1].watchers == ""


def test_the_lobby_names_a_few_watchers_and_counts_the_rest(screens: list[Screen]) -> None:
    names = [f"Watcher {i}" for i in range(600)]
    text = watchers_text(names)
    assert text.endswith(f"and {600 - WATCHERS_SHOWN} more") and len(text) < 200
    assert watchers_text(names[:3]) == "Watching: Watcher 0, Watcher 1 and Watcher 2"
    here, table, link, lobby = _host(screens)
    link.events = [WatcherJoined(name) for name in names]
    table.poll()
    assert len(lobby.shown[-1].watchers) < 200


def test_every_event_of_the_net_layer_is_taken(screens: list[Screen]) -> None:
    """The window's handling matches on the typed unions: each kind of event a link gives
    is handled (a new one that is not fails mypy at its ``assert_never``)."""
    here, host, host_link, lobby = _host(screens)
    samples: dict[type, object] = {
        SeatJoined: SeatJoined(1, "Bob", False), SeatLeft: SeatLeft(1, "Bob", "gone"),
        WatcherJoined: WatcherJoined("Zoe"), WatcherLeft: WatcherLeft("Zoe"),
        Wish: Wish(1, "throw", ()), Chat: Chat("Bob", "hi"), Problem: Problem("x", "y"),
        events.Invites: events.Invites((events.InviteCode(1, "7-guitarist-revenge"),)),
        events.Trouble: events.Trouble("The mailbox server cannot be reached.", "mailbox")}
    assert set(typing.get_args(events.HostEvent)) == set(samples)
    for event in samples.values():
        host.take(event)  # type: ignore[arg-type]
    friend, client, client_link = _client(screens)
    game = Game(PRESETS["ten-thousand"], [Seat("Ann"), Seat("Bob")], seed=77)
    kinds = {Joined: Joined(1, "t"), SeatsChanged: SeatsChanged(()),
             Welcome: Welcome(1, game.record.shared_dict(), fingerprint_of(77)),
             Played: Played(command_data(game, game.throw(()))), Refused: Refused("no"),
             Chat: Chat("Ann", "hi"), Revealed: Revealed(77, None), events.Closed:
             events.Closed("bye")}
    assert set(typing.get_args(events.ClientEvent)) == set(kinds)
    for event in kinds.values():
        client.take(event)  # type: ignore[arg-type]
    assert client.closed
    for module in (net_host, net_client):
        assert "type(event).__name__" not in inspect.getsource(module)  # (no dispatch by name)


# -- one owner of the game, one seating ---------------------------------------------------


def test_the_controller_keeps_no_copy_of_the_sessions_game(screens: list[Screen]) -> None:
    here = Screen(Game(PRESETS["ten-thousand"], [Seat("Ann"), Seat("Bot", True)], seed=1,
                       first_seat=0))
    screens.append(here)
    c, session = here.controller, here.session
    assert "game" not in vars(c) and c.game is session.game
    other = Game(PRESETS["farkle"], [Seat("Cy"), Seat("Bot", True)], seed=2, first_seat=0)
    session.put(other, Origin.NEW)
    assert c.game is other and "Cy" in here.screen.display.seats[0].name
    c.throw()
    assert c.take_back()  # an undo: a new Game object, which the session holds
    assert session.game is c.game and session.game is not other
    assert len(session.game.record) == 0


def test_seating_is_one_object_changed_only_by_its_steps(screens: list[Screen]) -> None:
    here, table, link, lobby, game = _started(screens)
    c = here.controller
    assert not isinstance(c, Seating) and isinstance(c.seating, Seating)
    for name in ("network", "held", "remote", "stand_ins", "filling"):
        assert not hasattr(c, name)
        with pytest.raises(AttributeError):
            setattr(c.seating, name, None)
    with pytest.raises(TypeError):
        c.seating.stand_ins[1] = "expert"  # type: ignore[index]
    assert c.seating.remote == frozenset({1}) and c.seating.network


def test_the_first_game_of_a_session_leaves_nothing() -> None:
    game = Game(PRESETS["ten-thousand"], [Seat("Ann")], seed=1)
    session = Session(game, demo=True)
    heard = []
    session.watch("all", heard.append)
    change = session.put(game, Origin.RESUMED, demo=True)
    assert change.previous is None and heard == [change] and session.demo


def test_the_network_tables_set_no_field_of_the_controller() -> None:
    """The network tables change the seating only through its steps: no module assigns
    a seating field of the controller."""
    for module in (net_host, net_client, network):
        text = inspect.getsource(module)
        for name in ("remote", "stand_ins", "held", "network", "relay", "on_took"):
            assert f"c.{name} =" not in text and f"controller.{name} =" not in text
