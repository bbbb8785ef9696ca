"""A network game in the controller, without a display or a socket: the host's table (the
lobby, Start, the friends' wishes judged by the engine, a dropped seat given to a computer)
and a friend's (the replica on the table, its own moves sent as wishes, the others' moves
shown as they arrive, the fair-dice verdict) with a fake screen, a manual clock and fake
links that speak the net layer's events (issue 22)."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Any

import pytest
from test_controller import Careful, Clock, FakeScreen, Told

from tenthousand.ai.moves import commands, decide
from tenthousand.control.controller import Controller
from tenthousand.control.net_client import ClientTable
from tenthousand.control.net_host import HostTable
from tenthousand.control.session import Origin, Session
from tenthousand.files.settings import GameSettings, SeatSetting
from tenthousand.history.codes import fingerprint_of
from tenthousand.model import Game, Seat
from tenthousand.model.game import Phase
from tenthousand.model.persist import load_record
from tenthousand.model.position import BadSave
from tenthousand.model.record import Network
from tenthousand.model.rules import PRESETS
from tenthousand.net.events import (
    Chat,
    Joined,
    Played,
    Refused,
    Revealed,
    SeatJoined,
    SeatLeft,
    TableAddress,
    WatcherJoined,
    Welcome,
    Wish,
)
from tenthousand.net.replica import Replica, command_data, fair_check
from tenthousand.present.network import LobbyShown
from tenthousand.services.jobs import JobRunner

LEVELS = [("beginner", "Beginner"), ("normal", "Normal"), ("expert", "Expert")]


class FakeHostLink:
    """What a host link is asked, and what it hands the window when polled."""

    def __init__(self) -> None:
        self.events: list[Any] = []
        self.begun: list[tuple[dict[str, Any], str]] = []
        self.published: list[dict[str, Any]] = []
        self.refused: list[tuple[int, str]] = []
        self.whys: list[str] = []
        self.taken_over: list[tuple[int, str | None]] = []
        self.revealed: list[int] = []
        self.chats: list[tuple[str, str]] = []
        self.closed = False
        self.joins_open = True

    def where(self) -> TableAddress:
        return TableAddress(("192.168.1.20",), 47100, "4821-7396")

    def set_joins(self, open_: bool) -> None:
        self.joins_open = open_

    def poll(self) -> list[Any]:
        out, self.events = self.events, []
        return out

    def begin(self, record_data: dict[str, Any], fingerprint: str) -> None:
        self.begun.append((record_data, fingerprint))

    def publish(self, data: dict[str, Any]) -> None:
        self.published.append(data)

    def refuse(self, seat: int, reason: str, why: str = "rules") -> None:
        self.refused.append((seat, reason))
        self.whys.append(why)

    def seat_taken_over(self, seat: int, level: str | None) -> None:
        self.taken_over.append((seat, level))

    def reveal(self, seed: int, start: dict[str, Any] | None = None) -> None:
        self.revealed.append(seed)

    def chat(self, name: str, text: str) -> None:
        self.chats.append((name, text))

    def close(self) -> None:
        self.closed = True


class FakeClientLink:
    def __init__(self) -> None:
        self.events: list[Any] = []
        self.wishes: list[tuple[str, tuple[int, ...]]] = []
        self.chats: list[str] = []
        self.closed = False

    def poll(self) -> list[Any]:
        out, self.events = self.events, []
        return out

    def wish(self, command: str, args: tuple[int, ...] = ()) -> None:
        self.wishes.append((command, tuple(args)))

    def chat(self, text: str) -> None:
        self.chats.append(text)

    def close(self) -> None:
        self.closed = True


class FakeLobby:
    def __init__(self) -> None:
        self.shown: list[LobbyShown] = []
        self.visible = False

    def show(self, shown: LobbyShown, levels: Any) -> None:
        self.shown.append(shown)
        self.visible = True

    def hide(self) -> None:
        self.visible = False


class Screen:
    """A controller on a fake screen with a session, as the App wires them."""

    def __init__(self, game: Game) -> None:
        self.clock = Clock()
        self.screen = FakeScreen()
        self.told = Told()
        self.jobs = JobRunner(self.clock)
        self.session = Session(game)
        self.controller = Controller(self.screen, self.clock, self.session,
                                     messages=self.told.messages, jobs=self.jobs, delay=0.1,
                                     player_factory=Careful, seed=3)
        self.session.watch("table", self.controller.follow)
        self.session.put(game, Origin.NEW)

    def tick(self, ms: int = 20) -> None:
        self.clock.advance(ms)

    def close(self) -> None:
        self.controller.destroy()
        self.jobs.close()


@pytest.fixture
def screens() -> Iterator[list[Screen]]:
    made: list[Screen] = []
    yield made
    for s in made:
        s.close()


def _settings() -> GameSettings:
    return GameSettings(seats=(SeatSetting("Ann"), SeatSetting("Guest A", net=True)))


def _host(screens: list[Screen]) -> tuple[Screen, HostTable, FakeHostLink, FakeLobby]:
    here = Screen(Game(PRESETS["ten-thousand"], [Seat("Ann"), Seat("Bot", True)], seed=1))
    screens.append(here)
    link, lobby = FakeHostLink(), FakeLobby()
    table = HostTable(_settings(), session=here.session, controller=here.controller,
                      messages=here.told.messages, timers=here.controller._watchers,
                      screen=lobby, open_link=lambda: link,
                      make_game=lambda s: Game(s.to_rules(), s.to_seats(), seed=77,
                                               first_seat=0),
                      levels=LEVELS)
    return here, table, link, lobby


def test_the_lobby_shows_how_to_join_and_the_seats_filling(screens: list[Screen]) -> None:
    here, table, link, lobby = _host(screens)
    first = lobby.shown[-1]
    assert any("192.168.1.20" in line for line in first.how)
    assert any("47100" in line for line in first.how) and any("4821-7396" in line
                                                            for line in first.how)
    assert first.seats == (("1. Ann", "at this screen", False),
                           ("2. Guest A", "waiting for a friend", True))
    assert not first.ready
    # The game under the lobby waits: nobody plays it.
    assert not here.controller.human_to_play
    table.start()  # not every seat is filled: nothing starts
    assert table.game is None and not link.begun
    link.events = [SeatJoined(1, "Bob", False), WatcherJoined("Zoe")]
    table.poll()
    shown = lobby.shown[-1]
    assert shown.seats[1] == ("2. Bob", "joined", False) and shown.ready
    assert "Zoe" in shown.watchers
    assert "Bob joins seat 2." in here.screen.texts()


def _started(screens: list[Screen]
             ) -> tuple[Screen, HostTable, FakeHostLink, FakeLobby, Game]:
    """The host's table with Bob joined at seat 1, started: the game on the table."""
    here, table, link, lobby = _host(screens)
    link.events = [SeatJoined(1, "Bob", False)]
    table.poll()
    table.start()
    return here, table, link, lobby, here.controller.game


def test_the_host_plays_with_the_friends_wishes_judged_by_its_engine(
        screens: list[Screen]) -> None:
    here, table, link, lobby, game = _started(screens)
    assert game is table.game and [s.name for s in game.seats] == ["Ann", "Bob"]
    assert game.record.network is not None and game.record.network.role == "host"
    assert here.session.origin is Origin.NETWORK and not lobby.visible
    data, fingerprint = link.begun[-1]
    assert fingerprint == fingerprint_of(77) and "seed" not in str(data.get("start", ""))
    assert here.controller.seating.remote == frozenset({1}) and here.controller.seating.network
    assert here.controller.seating.undo_refusal() is not None  # no undo in a network game
    # Ann (here) throws: the friends get the command with its dice at once.
    here.controller.throw()
    assert link.published[-1]["seat"] == 0 and link.published[-1]["dice"]
    # A wish for Ann's seat is refused: it is not Bob's to play.
    link.events = [Wish(1, "throw", ())]
    table.poll()
    assert link.refused[-1][0] == 1
    # Ann banks or trashes until it is Bob's turn.
    while game.current == 0 and not game.over:
        if game.phase is Phase.CHOOSE:
            freeze = game.indices_for(game.legal_freezes()[0][0]) if game.legal_freezes() else []
            here.controller.selection = set(freeze)
            here.controller.bank() if freeze else here.controller.throw()
        else:
            here.controller.throw()
    assert game.current == 1 and not here.controller.human_to_play
    here.controller.throw()  # the host's keys do not play a friend's seat
    assert game.phase is Phase.START
    before = len(link.published)
    link.events = [Wish(1, "throw", ())]
    table.poll()
    assert game.phase is not Phase.START and len(link.published) == before + 1
    # A bank the engine refuses goes back with the engine's reason.
    link.events = [Wish(1, "bank", (5, 5, 5))]
    table.poll()
    assert link.refused[-1][0] == 1 and link.refused[-1][1]
    link.events = [Wish(1, "open_file", ())]  # nothing but the engine's four commands
    table.poll()
    assert link.refused[-1][0] == 1 and len(link.published) == before + 1
    link.events = [Chat("Bob", "nice throw")]
    table.poll()
    assert "Bob: nice throw" in here.screen.texts()


def test_a_dropped_seat_waits_and_can_be_given_to_a_computer(screens: list[Screen]) -> None:
    here, table, link, lobby = _host(screens)
    link.events = [SeatJoined(1, "Bob", False)]
    table.poll()
    table.start()
    link.events = [SeatLeft(1, "Bob", "the connection dropped")]
    table.poll()
    assert lobby.visible and lobby.shown[-1].seats[1][1] == "connection dropped: the seat waits"
    assert any("Bob's connection dropped" in s for s in here.told.status)
    table.hand(1, "expert")
    assert link.taken_over == [(1, "expert")]
    seating = here.controller.seating
    assert seating.stand_ins == {1: "expert"} and 1 not in seating.remote
    assert seating.level(1) == "expert" and seating.computer_here(1)
    # Bob comes back: the seat is his again.
    link.events = [SeatJoined(1, "Bob", True)]
    table.poll()
    assert seating.remote == frozenset({1}) and not seating.stand_ins
    assert "Bob is back at seat 2." in here.screen.texts()


def test_the_seed_is_revealed_when_the_game_is_over(screens: list[Screen]) -> None:
    here, table, link, lobby = _host(screens)
    table.hand(1, "normal")  # an empty seat given to a computer before the start
    assert link.taken_over == [(1, "normal")]  # no friend can take that seat now
    table.start()
    game = here.controller.game
    assert game.seats[1].computer and game.seats[1].level == "normal"  # as the record says
    here.controller.seating.stand_in(0, "normal")  # the computer plays it through
    here.controller.start()
    deadline = time.monotonic() + 60
    while not game.over and time.monotonic() < deadline:
        here.tick(50)
        time.sleep(0.001)  # (the computer's moves are worked out in the job runner)
    assert game.over
    table.poll()
    assert link.revealed == [77]


def _client(screens: list[Screen], *, watch: bool = False
            ) -> tuple[Screen, ClientTable, FakeClientLink]:
    here = Screen(Game(PRESETS["ten-thousand"], [Seat("Bob"), Seat("Bot", True)], seed=2))
    screens.append(here)
    link = FakeClientLink()
    table = ClientTable(session=here.session, controller=here.controller,
                        messages=here.told.messages, timers=here.controller._watchers,
                        connect=lambda: link,
                        replica=lambda data, seat: Replica.from_game(data, seat=seat),
                        fair_check=fair_check, watch=watch)
    return here, table, link


def test_a_friend_plays_its_seat_on_the_replica(screens: list[Screen]) -> None:
    host = Game(PRESETS["ten-thousand"], [Seat("Ann"), Seat("Bob")], seed=77, first_seat=1)
    here, table, link = _client(screens)
    link.events = [Joined(1, "Ann's table"),
                   Welcome(1, host.record.shared_dict(), fingerprint_of(77))]
    table.poll()
    game = here.controller.game
    assert here.session.origin is Origin.NETWORK and [s.name for s in game.seats] == ["Ann",
                                                                                       "Bob"]
    assert game.record.network is not None and game.record.network.role == "player"
    assert here.controller.seating.remote == frozenset({0}) and here.controller.human_to_play
    assert here.controller.saver.save_function is None  # the player's own save stays
    # Bob's throw is a wish: nothing changes here until the host says so.
    here.controller.throw()
    assert link.wishes == [("throw", ())] and game.phase is Phase.START
    events = host.throw(())
    link.events = [Played(command_data(host, events))]
    tumbles = here.screen.tumbles
    table.poll()
    assert game.thrown == host.thrown and here.screen.tumbles == tumbles + 1
    # A refusal comes back with the host's reason, told at once.
    link.events = [Refused("that pick does not score")]
    table.poll()
    assert "That pick does not score." in here.told.status[-1]
    # Bob picks dice here, and the wish carries them.
    freeze = host.indices_for(host.legal_freezes()[0][0]) if host.legal_freezes() else []
    if freeze:
        for i in freeze:
            here.controller.toggle(i)
        here.controller.bank()
        assert link.wishes[-1] == ("bank", tuple(sorted(freeze)))


def test_a_watcher_sees_the_moves_and_the_fair_dice_verdict(screens: list[Screen]) -> None:
    host = Game(PRESETS["ten-thousand"], [Seat("Ann", True), Seat("Cy", True)], seed=91,
                first_seat=0)
    here, table, link = _client(screens, watch=True)
    link.events = [Joined(None, "Ann's table"),
                   Welcome(None, host.record.shared_dict(), fingerprint_of(91))]
    table.poll()
    game = here.controller.game
    assert game.record.network is not None and game.record.network.role == "watcher"
    assert here.controller.seating.remote == frozenset({0, 1})
    assert not here.controller.human_to_play
    player = Careful("normal", host.rules)
    steps = 0
    while not host.over and steps < 5000:
        for command in commands(host, decide(host, player)):  # type: ignore[arg-type]
            link.events.append(Played(command_data(host, command())))
        table.poll()
        steps += 1
    assert host.over and game.over and game.board == host.board
    link.events = [Revealed(91, host.record.start.to_dict())]
    table.poll()
    fair = fair_check(91, fingerprint_of(91), game.record, host.record.start.to_dict())
    assert fair.fair and here.told.status[-1] == fair.text
    assert fair.text in here.screen.texts() and here.told.bells == 0
    # A host that reveals another seed is caught, loudly (a warning: the bell rings).
    link.events = [Revealed(92, host.record.start.to_dict())]
    table.poll()
    unfair = fair_check(92, fingerprint_of(91), game.record, host.record.start.to_dict())
    assert not unfair.fair and here.told.status[-1] == unfair.text and here.told.bells == 1


def test_the_replica_is_built_off_the_tk_thread_and_what_comes_meanwhile_waits(
        screens: list[Screen]) -> None:
    host = Game(PRESETS["ten-thousand"], [Seat("Ann"), Seat("Bob")], seed=77, first_seat=0)
    data = host.record.shared_dict()
    events = host.throw(())
    here = Screen(Game(PRESETS["ten-thousand"], [Seat("Bob"), Seat("Bot", True)], seed=2))
    screens.append(here)
    link = FakeClientLink()
    table = ClientTable(session=here.session, controller=here.controller,
                        messages=here.told.messages, timers=here.controller._watchers,
                        connect=lambda: link,
                        replica=lambda data, seat: Replica.from_game(data, seat=seat),
                        fair_check=fair_check, jobs=here.jobs)
    link.events = [Welcome(1, data, fingerprint_of(77)), Played(command_data(host, events)),
                   Chat("Ann", "hi")]
    table.poll()
    assert table.replica is None and "Ann: hi" not in here.screen.texts()  # (still building)
    deadline = time.monotonic() + 10
    while (table.replica is None or "Ann: hi" not in here.screen.texts()) \
            and time.monotonic() < deadline:
        here.tick(20)
        time.sleep(0.002)
    game = here.controller.game
    assert game is table.replica.game and game.thrown == host.thrown  # then, in order
    assert "Ann: hi" in here.screen.texts()


def test_a_computer_standing_in_for_a_friend_is_marked_in_the_record(
        screens: list[Screen]) -> None:
    here, table, link, lobby, game = _started(screens)
    assert game.record.network == Network("host", friends=(1,), port=47100)
    link.events = [SeatLeft(1, "Bob", "the connection dropped")]
    table.poll()
    table.hand(1, "expert")
    assert game.record.stand_in_seats == frozenset({1})
    here.controller.seating.stand_in(0, "expert")  # (Ann too)
    here.controller.start()
    deadline = time.monotonic() + 60
    while sum(game.turns_taken) < 4 and not game.over and time.monotonic() < deadline:
        here.tick(50)
        time.sleep(0.001)
    made = [c for c in game.record.commands if c.seat == 1]
    assert made and all(c.stand_in for c in made)  # the computer's, not Bob's decisions
    assert not game.record.person_made(made[0])
    assert all(not c.stand_in for c in game.record.commands if c.seat == 0)  # (a host's
    # stand-in of this test is no friend's: only a friend's seat is marked)
    saved = load_record(game.record.to_dict())
    assert saved.network == Network("host", friends=(1,), port=47100)
    assert [c.stand_in for c in saved.commands] == [c.stand_in for c in game.record.commands]
    link.events = [SeatJoined(1, "Bob", True)]  # Bob is back: his own decisions again
    table.poll()
    assert game.record.stand_in_seats == frozenset()


def _hosted_before() -> Game:
    """A game this screen hosted for Bob (seat 1), stopped part way (as the autosave
    keeps it), loaded again."""
    game = Game(PRESETS["ten-thousand"], [Seat("Ann"), Seat("Bob")], seed=77, first_seat=0)
    game.record.network = Network("host", friends=(1,))
    while game.current == 0:
        if game.phase is Phase.CHOOSE and game.legal_freezes():
            freeze = game.indices_for(game.legal_freezes()[0][0])
            game.bank(freeze) if game.bank_refusal(freeze) is None else game.throw(freeze)
        else:
            game.throw([])
    return as_saved(game)


def as_saved(game: Game) -> Game:
    """``game`` as the autosave gives it back to a program started again."""
    loaded = load_record(game.record.to_dict()).game
    assert loaded is not None
    return loaded


def test_a_game_hosted_again_waits_for_its_friends_to_rejoin_by_name(
        screens: list[Screen]) -> None:
    game = _hosted_before()
    assert game.record.network == Network("host", friends=(1,)) and game.current == 1
    here = Screen(game)
    screens.append(here)
    link, lobby = FakeHostLink(), FakeLobby()
    settings = GameSettings(seats=(SeatSetting("Ann"), SeatSetting("Bob", net=True)))
    table = HostTable(settings, session=here.session, controller=here.controller,
                      messages=here.told.messages, timers=here.controller._watchers,
                      screen=lobby, open_link=lambda: link, make_game=lambda s: game,
                      levels=LEVELS, again=game)
    # The same game goes on at once: the friends get it whole, Bob's seat waits for him.
    assert table.game is game and here.controller.game is game
    data, fingerprint = link.begun[-1]
    assert len(data["commands"]) == len(game.record) and fingerprint == fingerprint_of(77)
    shown = lobby.shown[-1]
    assert lobby.visible and shown.title == "Your game is hosted again"
    assert "Bob rejoins" in shown.footer and shown.seats[1][2]  # (open: it waits)
    assert shown.seats[1][1] == "waiting for them to rejoin"
    assert here.controller.seating.remote == frozenset({1}) and not here.controller.human_to_play
    assert any("hosted again" in s and "4821-7396" in s for s in here.told.status)
    link.events = [SeatJoined(1, "Bob", True)]
    table.poll()
    assert not lobby.visible and "Bob is back at seat 2." in here.screen.texts()
    link.events = [Wish(1, "throw", ())]
    table.poll()
    assert link.published and link.published[-1]["seat"] == 1
    assert game.record.network == Network("host", friends=(1,), port=47100)


def test_a_table_hosted_again_that_cannot_open_leaves_the_game_waiting(
        screens: list[Screen]) -> None:
    game = _hosted_before()
    here = Screen(game)
    screens.append(here)

    def in_use() -> Any:
        raise OSError(98, "Address already in use")

    settings = GameSettings(seats=(SeatSetting("Ann"), SeatSetting("Bob", net=True)))
    table = HostTable(settings, session=here.session, controller=here.controller,
                      messages=here.told.messages, timers=here.controller._watchers,
                      screen=FakeLobby(), open_link=in_use, make_game=lambda s: game,
                      levels=LEVELS, again=game)
    seating = here.controller.seating
    assert table.closed and seating.held and seating.network  # (Bob's seat)
    assert any("could not be opened" in s for s in here.told.status)


def test_a_network_record_names_the_friends_seats_and_refuses_nonsense() -> None:
    game = Game(PRESETS["ten-thousand"], [Seat("Ann"), Seat("Bob"), Seat("Cy")], seed=3)
    game.record.network = Network("host", friends=(1, 2))
    data = game.record.to_dict()
    assert data["network"] == {"role": "host", "friends": [1, 2]}
    assert load_record(data).network == Network("host", friends=(1, 2))
    for bad in ([1, 1], [3], ["1"], [True], 1):
        with pytest.raises(BadSave):
            load_record({**data, "network": {"role": "host", "friends": bad}})
    with pytest.raises(BadSave):  # only the host's record names them
        load_record({**data, "network": {"role": "player", "seat": 1, "friends": [0]}})
    old = {**data, "network": {"role": "host"}}  # a record of the previous release
    assert load_record(old).network == Network("host")


def test_a_friend_reads_every_refusal_in_its_own_language(screens: list[Screen]) -> None:
    """The host plays in English, the friend's screen in German: a plain mistake is refused
    at the friend's screen at once, from its own replica, and nothing is sent; a refusal the
    host sends is said in German too (its word, or the engine's reason found here)."""
    from tenthousand import i18n

    host = Game(PRESETS["ten-thousand"], [Seat("Ann"), Seat("Bob")], seed=77, first_seat=1)
    here, table, link = _client(screens)
    link.events = [Joined(1, "Ann's table"),
                   Welcome(1, host.record.shared_dict(), fingerprint_of(77))]
    table.poll()
    link.events = [Played(command_data(host, host.throw(())))]
    table.poll()
    i18n.set_language("de")
    sent = len(link.wishes)
    here.controller.bank()  # nothing chosen: the replica says why, in German
    assert len(link.wishes) == sent
    assert "Wähle mindestens einen Würfel, der zählt" in here.told.status[-1]
    # The host's own words (English) with its word: the German words are said instead.
    link.events = [Refused("that seat is not yours to play now", "not_yours")]
    table.poll()
    assert here.told.status[-1] == "Diesen Platz darfst du gerade nicht spielen."
    # The engine's reason ("rules") is found again in this screen's replica.
    link.events = [Refused("choose at least one scoring die to freeze", "rules")]
    table._wished = ("bank", ())
    table.poll()
    assert "Wähle mindestens einen Würfel" in here.told.status[-1]
    # A word this release does not know: the host's words are all there is.
    link.events = [Refused("the moon is in the way", "moon")]
    table.poll()
    assert here.told.status[-1] == "The moon is in the way."


def test_the_host_refuses_with_a_word_each_screen_says_in_its_language(
        screens: list[Screen]) -> None:
    here, table, link, lobby = _host(screens)
    link.events = [Wish(1, "throw", ())]  # before the start
    table.poll()
    link.events = [SeatJoined(1, "Bob", False)]
    table.poll()
    table.start()
    link.events = [Wish(1, "throw", ()), Wish(1, "open_file", ())]  # Ann's turn; no command
    table.poll()
    assert link.whys == ["not_started", "rules", "not_yours"]  # (the engine: not his turn)


def test_a_key_pressed_twice_sends_one_wish_until_the_host_answers(
        screens: list[Screen]) -> None:
    host = Game(PRESETS["ten-thousand"], [Seat("Ann"), Seat("Bob")], seed=77, first_seat=1)
    here, table, link = _client(screens)
    link.events = [Joined(1, "Ann's table"),
                   Welcome(1, host.record.shared_dict(), fingerprint_of(77))]
    table.poll()
    here.controller.throw()
    here.controller.throw()  # (on its way: the first is not answered yet)
    assert link.wishes == [("throw", ())]
    link.events = [Played(command_data(host, host.throw(())))]
    table.poll()
    assert host.current == 1 and host.legal_freezes()  # (seed 77: Bob's throw scores)
    freeze = host.indices_for(host.legal_freezes()[0][0])
    for i in freeze:
        here.controller.toggle(i)
    here.controller.throw()  # answered: the next wish goes
    assert link.wishes[-1] == ("throw", tuple(sorted(freeze)))


def test_the_host_closes_the_table_to_new_joins_from_the_lobby(screens: list[Screen]) -> None:
    """Issue 43, item 6: the lobby's check closes the table to new joins, and says so."""
    here, table, link, lobby = _host(screens)
    assert lobby.shown[-1].joins_open
    table.set_joins(False)
    assert not link.joins_open and not lobby.shown[-1].joins_open
    assert "closed to new joins" in lobby.shown[-1].footer
    table.set_joins(True)
    assert link.joins_open and lobby.shown[-1].joins_open


def test_an_internet_table_shows_its_codes_and_prints_them(
        screens: list[Screen], capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 41: an invite code for each open friend's seat (and to watch), printed as
    'join code: CODE' with --host --internet; trouble with the mailbox is told."""
    from tenthousand.net.events import InviteCode, Invites, Trouble

    here, table, link, lobby = _host(screens)
    table.print_where = True
    link.where = lambda: TableAddress((), 0, "", internet=True)  # type: ignore[method-assign]
    table.where = link.where()
    link.events = [Invites((InviteCode(1, "7-guitarist-revenge"),
                            InviteCode(None, "8-banjo-crayon")))]
    table.poll()
    shown = lobby.shown[-1]
    assert shown.codes == (("Seat 2 (Guest A)", "7-guitarist-revenge"),
                           ("To watch", "8-banjo-crayon"))
    assert not any("Port" in line for line in shown.how)
    out = capsys.readouterr().out.splitlines()
    assert "join code: 7-guitarist-revenge" in out and "watch code: 8-banjo-crayon" in out
    link.events = [Invites((InviteCode(1, "7-guitarist-revenge"),))]  # (printed once)
    table.poll()
    assert capsys.readouterr().out == ""
    link.events = [Trouble("The mailbox server at ws://x cannot be reached.", "mailbox")]
    table.poll()
    assert "cannot be reached" in here.told.status[-1]
    assert "cannot be reached" in capsys.readouterr().err


# -- a host that never shows its seed is called out (issue 43, item 8) ----------------------


def _watched(screens: list[Screen], seed: int) -> tuple[Screen, ClientTable, FakeClientLink,
                                                         Game]:
    """A watcher's screen with the host's game of ``seed`` on it (nothing thrown yet)."""
    host = Game(PRESETS["trash-5000"], [Seat("Ann", True), Seat("Cy", True)], seed=seed,
                first_seat=0)
    here, table, link = _client(screens, watch=True)
    link.events = [Joined(None, "Ann's table"),
                   Welcome(None, host.record.shared_dict(), fingerprint_of(seed))]
    table.poll()
    return here, table, link, host


def _played_out(host: Game, link: FakeClientLink, table: ClientTable,
                dice: Any = None) -> None:
    """The host plays its game to the end (``dice``: its own source of dice, a cheat's),
    each command published as it is taken."""
    if dice is not None:
        host.dice_source = dice
    player = Careful("normal", host.rules)
    while not host.over:
        for command in commands(host, decide(host, player)):  # type: ignore[arg-type]
            link.events.append(Played(command_data(host, command())))
        table.poll()


def _checked(game: Game) -> str:
    assert game.record.network is not None
    return game.record.network.dice_check


def test_a_seed_shown_before_the_first_throw_does_not_count(screens: list[Screen]) -> None:
    """Before: "checked: fair (all 0 throws)", and the rigged throws after it went
    unchecked."""
    here, table, link, host = _watched(screens, 31)
    game = here.controller.game
    link.events = [Revealed(31, host.record.start.to_dict())]  # at once, before any throw
    table.poll()
    said = here.told.status[-1]
    assert "before the game's end" in said and "fair" not in said.replace("before", "")
    assert _checked(game) == ""
    other = random.Random(999)  # and then the host throws from another generator
    _played_out(host, link, table, lambda n: [other.randint(1, 6) for _die in range(n)])
    assert game.over and _checked(game) == ""  # still waiting: the early seed is no check
    assert not any("checked: fair" in line for line in here.told.logged)
    link.events = [Revealed(31, host.record.start.to_dict())]  # shown at the end: checked
    table.poll()
    assert "NOT fair" in here.told.status[-1] and _checked(game) == "unfair"


def test_the_next_game_without_a_seed_calls_the_last_one_unchecked(
        screens: list[Screen]) -> None:
    here, table, link, host = _watched(screens, 32)
    game = here.controller.game
    _played_out(host, link, table)
    assert game.over and _checked(game) == ""
    bells = here.told.bells
    following = host.rematch(seed=33)  # the host starts the next game of the match instead
    link.events = [Welcome(None, following.record.shared_dict(), fingerprint_of(33))]
    table.poll()
    warning = next(text for text in reversed(here.told.logged) if "could not be checked"
                   in text)
    assert "started the next game without showing its dice seed" in warning
    assert "match points" in warning and here.told.bells > bells  # said loudly
    assert _checked(game) == "unchecked" and here.controller.game is not game


@pytest.mark.parametrize("how", ["host leaves", "link fails", "friend leaves"])
def test_a_table_that_ends_before_the_seed_calls_the_game_unchecked(
        screens: list[Screen], how: str) -> None:
    from tenthousand.net.events import Closed

    here, table, link, host = _watched(screens, 34)
    game = here.controller.game
    _played_out(host, link, table)
    if how == "host leaves":
        link.events = [Closed("The host closed the table.")]
        table.poll()
    elif how == "link fails":
        def broken() -> list[Any]:
            raise ConnectionResetError("reset")
        link.poll = broken  # type: ignore[method-assign]
        table.poll()
    else:
        table.left()
    assert _checked(game) == "unchecked" and table.closed
    assert any("could not be checked: the table closed before the host showed its dice seed"
               in text for text in here.told.logged)


def test_a_silent_host_is_called_out_and_a_late_seed_still_checks(
        screens: list[Screen]) -> None:
    from tenthousand.net.replica import REVEAL_WAIT_S

    here, table, link, host = _watched(screens, 35)
    game = here.controller.game
    _played_out(host, link, table)
    here.tick(int(REVEAL_WAIT_S * 1000) - 100)
    assert not any("has not shown" in text for text in here.told.logged)
    here.tick(200)
    assert any("has not shown its dice seed since the game ended" in text
               for text in here.told.logged)
    assert _checked(game) == ""  # (it may still come)
    link.events = [Revealed(35, host.record.start.to_dict())]
    table.poll()
    assert "checked: fair" in here.told.status[-1] and _checked(game) == "fair"


def test_a_game_without_a_fingerprint_is_unchecked_at_its_end(screens: list[Screen]) -> None:
    host = Game(PRESETS["trash-5000"], [Seat("Ann", True), Seat("Cy", True)], seed=36,
                first_seat=0)
    here, table, link = _client(screens, watch=True)
    link.events = [Joined(None, "Ann's table"), Welcome(None, host.record.shared_dict(), "")]
    table.poll()
    _played_out(host, link, table)
    assert _checked(here.controller.game) == "unchecked"
    assert any("gave no fingerprint" in text for text in here.told.logged)


@pytest.mark.parametrize("how", ["host killed", "host leaves", "friend leaves"])
def test_a_table_gone_says_so_where_the_turn_was_shown(screens: list[Screen], how: str) -> None:
    """Issue 42, the second tour: the host killed, the friend's window kept saying "Computer
    A is playing..." while nothing played; the prompt says the table is gone and what to
    do, and nothing plays on there."""
    from tenthousand.net.events import Closed
    from tenthousand.present import presenter

    host = Game(PRESETS["ten-thousand"], [Seat("Computer A", True, "normal"), Seat("Bob")],
                seed=78)
    here, table, link = _client(screens)
    link.events = [Joined(1, "Ann's table"),
                   Welcome(1, host.record.shared_dict(), fingerprint_of(78))]
    table.poll()
    game, c = here.controller.game, here.controller
    assert "Computer A is playing" in presenter.action_bar(game, c.context()).reason
    if how == "host killed":
        def broken() -> list[Any]:
            raise ConnectionResetError("reset")
        link.poll = broken  # type: ignore[method-assign]
        table.poll()
    elif how == "host leaves":
        link.events = [Closed("The host closed the table.")]
        table.poll()
    else:
        table.close()
    assert table.closed and c.game is game and not c.human_to_play
    bar, caption = presenter.action_bar(game, c.context()), presenter.table(game, c.context())
    assert "is playing" not in bar.reason and not bar.throw_ok
    if how == "friend leaves":
        assert bar.reason.startswith("You have left the table: nothing more is played here.")
    else:
        assert bar.reason == ("The host's table is gone: nothing more is played here. Join "
                              "again when the host opens it again (Game > Join a network "
                              "game), or press Esc for a game of your own.")
    assert caption.caption == "The table is closed"
    c.throw()  # a key: told why nothing happens, in the same words
    assert here.told.status[-1] == bar.reason and link.wishes == []
    here.tick(2000)
    assert game.log == host.log  # nobody played on here
