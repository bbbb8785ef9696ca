"""The host's side of a network game: the table opened for friends, the lobby while they
join, and the game played with their wishes judged by this screen's engine.

:class:`HostTable` opens the net layer's :class:`~tenthousand.net.link.HostLink` in the
job runner (the window never waits on the network), polls it through ``Timers`` (each poll
takes what has arrived, never blocks), shows the lobby (:func:`~tenthousand.present.network.
lobby`) until Start, then puts the game on the table (``Session.put`` with
``Origin.NETWORK``): the friends' seats are :attr:`~tenthousand.control.seating.Seating.
remote`, each wish is given to the engine (refused with the engine's reason), every command
made here or there is published with its dice, and at the end the seed is revealed.  A
dropped seat waits, shown on the table, and can be given to a computer level; the friend
may rejoin it.  No Tk here: ``tests/test_network_control.py`` plays it with a fake link.
"""

from __future__ import annotations

import dataclasses
import logging
import sys
from collections.abc import Callable, Sequence
from typing import Any, Protocol, assert_never

from ..files.settings import GameSettings
from ..history.codes import fingerprint_of
from ..i18n import _, join_words, ngettext
from ..model import Event, Game, IllegalAction
from ..model.command import Command
from ..model.record import Network
from ..net.events import (
    Chat,
    HostEvent,
    InviteCode,
    Invites,
    Problem,
    SeatJoined,
    SeatLeft,
    Trouble,
    WatcherJoined,
    WatcherLeft,
    Wish,
)
from ..net.replica import command_data
from ..present import presenter
from ..present.network import (
    LobbySeat,
    LobbyShown,
    error_words,
    hosted_filling,
    left_line,
    lobby,
    waits_for,
    waits_to_be_hosted,
    where_text,
)
from ..services.timers import Timers
from .controller import Controller
from .messages import Kind, Messages
from .net_table import POLL_MS, play_own_game, show_filling
from .session import Origin, Session

log = logging.getLogger(__name__)

__all__ = ["HostTable", "LobbyScreen"]

#: The commands a friend may wish for: the engine's four, nothing else.
WISHES = ("challenge", "throw", "bank", "discard")


class LobbyScreen(Protocol):
    """What the host's table asks of the window: the lobby panel, shown or hidden."""

    def show(self, shown: LobbyShown, levels: Sequence[tuple[str, str]]) -> None: ...

    def hide(self) -> None: ...


class HostTable:
    """One table hosted from this screen, from its opening to its closing."""

    def __init__(self, settings: GameSettings, *, session: Session, controller: Controller,
                 messages: Messages, timers: Timers, screen: LobbyScreen,
                 open_link: Callable[[], Any], make_game: Callable[[GameSettings], Game],
                 levels: Sequence[tuple[str, str]], print_where: bool = False,
                 on_closed: Callable[[], None] = lambda: None,
                 again: Game | None = None) -> None:
        self.settings = settings
        self.session, self.controller, self.messages = session, controller, messages
        self.timers, self.screen = timers, screen
        self.make_game, self.levels = make_game, list(levels)
        self.print_where, self.on_closed = print_where, on_closed
        #: A game hosted again (the host stopped while friends played it): it waits, its
        #: friends' seats waiting for them to rejoin by name; the port it was hosted on.
        self.again = again
        network = again.record.network if again is not None else None
        self._port_before = network.port if network is not None else None
        self.seats = [LobbySeat(s.name, "net" if s.net else "computer" if s.computer
                                else "here", levels_label(levels, s.level),
                                joined=again is not None and s.net,
                                dropped=again is not None and s.net,
                                rejoin=again is not None and s.net)
                      for s in settings.seats]
        self.watchers: list[str] = []
        #: Over the internet: the invite codes as the link told them last (by seat; None:
        #: to watch), and those printed on standard output already (--host --internet).
        self.invites: dict[int | None, str] = {}
        self._printed: set[str] = set()
        #: The friends' seats given to a computer, by level (a friend who rejoins gets
        #: theirs back).
        self.handed: dict[int, str] = {}
        self.link: Any = None
        self.game: Game | None = None  # the hosted game on the table (None: the lobby)
        self.revealed = False
        self.closed = False
        #: What the status line said when a friend's connection dropped, by seat (it goes
        #: when they are back).
        self._dropped: dict[int, str] = {}
        if again is None:  # the game the lobby covers waits, not shown
            self._fill()
        try:  # (binds the port and hands the link's loop to the job runner: no waiting)
            link = open_link()
        except (OSError, ValueError) as e:
            self._failed(e)
        else:
            self._opened(link)

    # -- opening and closing -------------------------------------------------------------

    def _fill(self) -> None:
        """The lobby before the game: the table shows its seats filling (never the game
        that waits under it)."""
        show_filling(self.controller, hosted_filling(self.seats))

    @property
    def in_lobby(self) -> bool:
        return not self.closed and self.game is None

    def _opened(self, link: Any) -> None:
        if self.closed:
            link.close()
            return
        self.link = link
        where = link.where()
        self.where = where
        if self.print_where:
            print(where_text(where), flush=True)
        if self.again is not None:
            self._begin(self.again, put=False)
            self.controller.start()
            self._tell_hosted_again()
        elif where.internet:
            self.messages.tell(_("Your table is open over the internet: each friend joins "
                                 "with the invite code of their seat."), Kind.EVENT)
        else:
            self.messages.tell(_("Your table is open: friends join with the code {code}."
                                 ).format(code=where.code), Kind.EVENT)
        self.show_lobby()
        self.timers.later(POLL_MS, self.poll, purpose="network")

    def _tell_hosted_again(self) -> None:
        """Hosted again: on which port (said plainly when it is not the one the game was
        hosted on before), and who rejoins with which code (over the internet: with the
        new invite code of their seat)."""
        where, away, before = self.where, sum(s.dropped for s in self.seats), self._port_before
        if where.internet:
            self.messages.tell(ngettext(
                "Your game is hosted again over the internet: {names} rejoins with the new "
                "invite code of the seat.",
                "Your game is hosted again over the internet: {names} rejoin with the new "
                "invite codes of their seats.", away).format(names=self._away_names()),
                Kind.EVENT)
            return
        text = ngettext(
            "Your game is hosted again on port {port}: {names} rejoins with the code {code}.",
            "Your game is hosted again on port {port}: {names} rejoin with the code {code}.",
            away).format(port=where.port, names=self._away_names(), code=where.code)
        if before is not None and before != where.port:
            # Translators: {before} was taken by another program since the game was hosted.
            text = _("{sentence} (Port {before} is in use now: tell them the new port.)"
                     ).format(sentence=text, before=before)
        self.messages.tell(text, Kind.EVENT)

    def _failed(self, error: BaseException) -> None:
        log.warning("the table could not be opened: %s", error)
        self.messages.tell(_("The table could not be opened: {problem}. Choose another port "
                             "(0 picks a free one) and host again.").format(
            problem=error_words(error)), Kind.WARNING)
        self.close(quietly=True)

    def close(self, *, quietly: bool = False, replaced: bool = False) -> None:
        """Close the table: the friends are told, this screen plays on alone
        (``replaced``: another game or table takes the table's place at once)."""
        if self.closed:
            return
        self.closed = True
        self.timers.cancel("network")
        self.screen.hide()
        if self.link is not None:
            self.link.close()
        seating = self.controller.seating
        if not quietly:
            self.messages.tell(_("The table is closed."), Kind.EVENT)
        if self.game is None and self.again is not None:  # still waits to be hosted again
            friends = self.again.record.network.friends if self.again.record.network else ()
            seating.wait_for_friends(friends, waits_to_be_hosted())
            self.controller.refresh()
        elif self.game is None and not replaced:  # the game the lobby covered is back
            play_own_game(self.controller)
        else:  # the hosted game plays on at this screen
            seating.alone()
            if not replaced:
                self.controller.start()
        self.on_closed()

    # -- the lobby -----------------------------------------------------------------------

    def show_lobby(self) -> None:
        if self.game is None:
            self._fill()
        where = self.where
        shown = lobby(where.addresses, where.port, where.code, self.seats, self.watchers,
                      invites=self.invites if where.internet else None,
                      joins_open=self.link.joins_open)
        if self.game is not None and self.again is not None and not shown.ready:
            shown = dataclasses.replace(  # hosted again: the friends come back by name
                shown, title=_("Your game is hosted again"),
                footer=ngettext(
                    "{names} rejoins with this code and the same name; or give the seat to "
                    "a computer.",
                    "{names} rejoin with this code and the same names; or give a seat to a "
                    "computer.", sum(s.dropped for s in self.seats)).format(
                        names=self._away_names()))
        elif self.game is not None:  # a seat dropped during the game: the game waits
            shown = dataclasses.replace(
                shown, title=_("A friend's connection dropped"),
                footer=_("The game waits for the seat: the friend can rejoin with the same "
                         "code, or give the seat to a computer."))
        self.screen.show(shown, self.levels)

    def _away_names(self) -> str:
        """The friends whose seats wait for them, as a list in words."""
        return join_words([s.name for s in self.seats if s.dropped])

    def set_joins(self, open_: bool) -> None:
        """Open the table to new joins, or close it (the friends at it play on)."""
        if self.link is not None and not self.closed:
            self.link.set_joins(open_)
            self.show_lobby()

    def start(self) -> None:
        """Start: the game goes on the table with the friends' names (or, during the game,
        the table plays on once every seat is filled again)."""
        if self.closed or any(s.kind == "net" and not s.joined for s in self.seats):
            return
        self.screen.hide()
        if self.game is not None:
            self._play_on()
            return
        # A friend's seat given to a computer before the start is a computer's seat: the
        # record (and so the history) says so.
        self.settings = dataclasses.replace(self.settings, seats=tuple(
            dataclasses.replace(seat, name=shown.name, computer=True, level=self.handed[i],
                                net=False) if i in self.handed
            else dataclasses.replace(seat, name=shown.name)
            for i, (seat, shown) in enumerate(zip(self.settings.seats, self.seats,
                                                  strict=True))))
        game = self.make_game(dataclasses.replace(self.settings, seats=tuple(
            dataclasses.replace(s, net=False) for s in self.settings.seats)))
        self._begin(game, put=True)

    def _begin(self, game: Game, *, put: bool) -> None:
        """``game`` is the table's game from now on (the first, the match's next, or one
        hosted again); it waits while a friend's seat waits for them."""
        self.game = game
        friends = tuple(i for i, s in enumerate(self.settings.seats) if s.net)
        game.record.network = Network("host", friends=friends,
                                      internet=self.settings.internet,
                                      port=self.where.port or None)  # (none: the internet)
        self.controller.seating.host(friends, self.handed, self._publish)
        self._mark_stand_ins()
        self.controller.seating.hold(self._why_waits())
        self.revealed = False
        seed = game.record.start.seed
        if put:
            self.session.put(game, Origin.NETWORK)
        self.link.begin(game.record.shared_dict(),
                        fingerprint_of(seed) if seed is not None else "")

    def _why_waits(self) -> str:
        """Why the game waits: friends' seats wait for them ("": none does)."""
        away = [s.name for s in self.seats if s.dropped]
        return waits_for(away) if away else ""

    def _play_on(self) -> None:
        """Every seat is filled again: the game goes on."""
        self.controller.seating.hold("")
        self.controller.start()

    def _mark_stand_ins(self) -> None:
        """The record marks the commands of the friends' seats the computer plays as the
        computer's (``stand_in``), not the friend's."""
        if self.game is not None:
            self.game.record.stand_in_seats = frozenset(
                s for s in self.controller.seating.stand_ins if self.settings.seats[s].net)

    def next_game(self, game: Game) -> None:
        """The next game of the match is on the table: the friends get it too."""
        if not self.closed and self.link is not None:
            self._begin(game, put=False)

    def hand(self, seat: int, level: str) -> None:
        """Give an empty (or a dropped) friend's seat to the computer at ``level``."""
        if not 0 <= seat < len(self.seats) or self.seats[seat].kind != "net":
            return
        old = self.seats[seat]
        if old.joined and not old.dropped:
            return
        label = levels_label(self.levels, level)
        self.seats[seat] = LobbySeat(old.name, "computer", label)
        self.handed[seat] = level
        if self.game is not None:
            self.controller.seating.stand_in(seat, level)
            self._mark_stand_ins()
        self._withdraw_dropped(seat)
        self.link.seat_taken_over(seat, level)  # (no friend can take it now)
        self.messages.tell(_("{name}'s seat is played by the computer ({level}).").format(
            name=old.name, level=label), Kind.EVENT)
        self._lobby_follows()  # (in a game: it goes on once no other seat waits)

    # -- what arrives --------------------------------------------------------------------

    def poll(self) -> None:
        """Take what has arrived (never waits), then look again soon."""
        if self.closed:
            return
        try:
            events = self.link.poll()
        except Exception as e:  # noqa: BLE001 - the link is gone: say so, play on alone
            log.warning("the table's link failed: %s", e)
            self.messages.tell(_("The table stopped: {problem}.").format(
                problem=error_words(e)), Kind.WARNING)
            self.close(quietly=True)
            return
        watchers = len(self.watchers), self.watchers[-1:]
        for event in events:
            self.take(event)
        if (len(self.watchers), self.watchers[-1:]) != watchers:
            self._lobby_follows()  # (once for all who came and went: a flood draws once)
        self._reveal_at_end()
        self.timers.later(POLL_MS, self.poll, purpose="network")

    def take(self, event: HostEvent) -> None:
        """One thing from the link (a seat joined or left, a watcher came or went, a
        wish, a chat line, a connection closed for a fault of its own, the invite codes of
        a table over the internet, trouble with the table)."""
        match event:
            case SeatJoined(seat=seat, name=name, rejoined=rejoined):
                self._joined(seat, name, rejoined)
            case SeatLeft(seat=seat, name=name, reason=reason):
                self._left(seat, name, reason)
            case WatcherJoined(name=name):  # (the lobby follows once the poll is over)
                self.watchers.append(name)
                self._log(_("{name} watches the game.").format(name=name))
            case WatcherLeft(name=name):
                if name in self.watchers:
                    self.watchers.remove(name)
                self._log(_("{name} no longer watches.").format(name=name))
            case Wish(seat=seat, command=command, args=args):
                self.wish(seat, command, tuple(args))
            case Chat(name=name, text=text):
                self._log(_("{name}: {text}").format(name=name, text=text), "chat")
            case Problem(peer=peer, reason=reason):
                log.info("a network connection closed (%s): %s", peer, reason)
            case Invites(codes=codes):
                self._invites(codes)
            case Trouble(text=text, word=word):
                self.messages.tell(text, Kind.WARNING)
                if self.print_where and word in ("mailbox", "relay"):
                    print(text, file=sys.stderr, flush=True)
            case _:
                assert_never(event)

    def _invites(self, codes: Sequence[InviteCode]) -> None:
        """The invite codes of a table over the internet, as they are now."""
        self.invites = {invite.seat: invite.code for invite in codes}
        for invite in codes:
            if self.print_where and invite.code not in self._printed:
                self._printed.add(invite.code)
                # (a line for scripts as much as for people: its words are not translated)
                word = "watch code" if invite.seat is None else "join code"
                print(f"{word}: {invite.code}", flush=True)
        if self.game is None or self._why_waits():
            self.show_lobby()

    def _joined(self, seat: int, name: str, rejoined: bool) -> None:
        if not 0 <= seat < len(self.seats):
            return
        old = self.seats[seat]
        shown_name = old.name if self.game is not None else name
        self.seats[seat] = LobbySeat(shown_name, "net", joined=True)
        if self.game is not None and seat in self.handed:  # the friend takes the seat back
            self.controller.seating.seat_back(seat)
            self.handed.pop(seat)
            self._mark_stand_ins()
        said = (_("{name} is back at seat {seat}.") if rejoined
                else _("{name} joins seat {seat}.")).format(name=name, seat=seat + 1)
        self._log(said)
        self._withdraw_dropped(seat)
        if old.dropped:  # ("dropped", or "rejoins with the code", said no longer holds)
            self.messages.tell(said, Kind.EVENT)
        self._lobby_follows()

    def _withdraw_dropped(self, seat: int) -> None:
        """The status line no longer says that ``seat``'s friend dropped (if it does)."""
        self.messages.withdraw(self._dropped.pop(seat, ""))

    def _left(self, seat: int, name: str, reason: str) -> None:
        if not 0 <= seat < len(self.seats) or self.seats[seat].kind != "net":
            return
        old = self.seats[seat]
        in_game = self.game is not None  # (in the lobby the seat is open again)
        self.seats[seat] = LobbySeat(old.name if in_game else self.settings.seats[seat].name,
                                     "net", joined=in_game, dropped=in_game)
        said = left_line(name, seat, in_game)
        if in_game:
            self._dropped[seat] = said
        self.messages.tell(said, Kind.WARNING)
        self._lobby_follows()

    def _lobby_follows(self) -> None:
        """The lobby shows while the table fills or a friend's seat waits (the game waits
        with it); once every friend is back, the game goes on by itself."""
        if self.closed or self.link is None:
            return
        why = self._why_waits()
        if self.game is None or why:
            if self.game is not None:
                self.controller.cancel_all()
                self.controller.seating.hold(why)
                self.controller.refresh()
            self.show_lobby()
        elif self.controller.seating.held:
            self.screen.hide()
            self._play_on()

    def wish(self, seat: int, command: str, args: tuple[int, ...]) -> None:
        """A friend's wish: the engine judges it; a refusal goes back with its reason."""
        game = self.game
        if game is None or game is not self.controller.game or self.closed:
            self.link.refuse(seat, _("the game has not started"), "not_started")
            return
        if self.controller.seating.held:
            self.link.refuse(seat, presenter.sentence(_("the game waits for a friend to rejoin")),
                             "waiting")
            return
        if seat not in self.controller.seating.remote or command not in WISHES:
            self.link.refuse(seat, _("that seat is not yours to play now"), "not_yours")
            return
        try:
            events = Command(seat, command, args).apply(game)
        except IllegalAction as e:  # (the friend's screen says it from its own replica)
            self.link.refuse(seat, presenter.sentence(str(e)), "rules")
            return
        except (IndexError, TypeError, ValueError):
            self.link.refuse(seat, _("that move is not one of the game's"), "not_a_move")
            return
        self.controller.took(events)

    def _publish(self, events: Sequence[Event]) -> None:
        """A command was taken on this table: the others get it with the dice it threw."""
        game = self.controller.game
        if self.link is None or game is not self.game or not len(game.record):
            return
        self.link.publish(command_data(game, events))

    def _reveal_at_end(self) -> None:
        game = self.game
        if game is None or self.revealed or not game.over or game is not self.controller.game:
            return
        self.revealed = True
        seed = game.record.start.seed
        if seed is not None:
            self.link.reveal(seed, game.record.start.to_dict())
            self._log(_("The dice seed is shown to the players: each screen checks the "
                        "game's dice against it."))

    def chat(self, text: str) -> None:
        """A line from the host to the table (shown in the log here too), under the name
        of the host's own seat (never a friend's)."""
        if self.link is None or self.closed or not text.strip():
            return
        name = next((s.name for s in self.seats if s.kind == "here"), _("Host"))
        self.link.chat(name, text.strip())
        self._log(_("{name}: {text}").format(name=name, text=text.strip()), "chat")

    def _log(self, text: str, tag: str = "info") -> None:
        self.controller.screen.log([(text, tag)])


def levels_label(levels: Sequence[tuple[str, str]], level: str) -> str:
    return next((label for key, label in levels if key == level), level)
