"""A friend's side of a network game: this screen joins a host's table, plays its own seat
(or watches) on a replica of the host's game, and checks the host's dice at the end.

:class:`ClientTable` connects the net layer's :class:`~tenthousand.net.link.ClientLink` in
the job runner and polls it through ``Timers``.  The host's game arrives as a shared record:
the replica (:class:`~tenthousand.net.replica.Replica`, the real engine) goes on the table
with ``Session.put`` (``Origin.NETWORK``); every seat but this screen's own is
:attr:`~tenthousand.control.seating.Seating.remote`, and this seat's clicks and keys become
wishes (:attr:`~tenthousand.control.seating.Seating.relay`) that the host's engine judges.
The moves arrive as commands with their dice and are shown as this screen's own are (the
dice tumble, the log's lines, speech), in this screen's language and numbers.  At the end the
host's seed is checked against the fingerprint and every throw, and the verdict told.  No
Tk here.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any, assert_never

from ..history.codes import short_fingerprint
from ..i18n import _
from ..model import Game, Rules
from ..model.record import Network
from ..net.events import (
    Chat,
    ClientEvent,
    Closed,
    Joined,
    Played,
    Refused,
    Revealed,
    SeatInfo,
    SeatsChanged,
    Welcome,
)
from ..net.replica import REVEAL_WAIT_S, FairDice
from ..present import presenter
from ..present.network import error_words, joining_filling, refusal_text, waits_for
from ..services.jobs import JobRunner
from ..services.timers import Timers
from .controller import Controller
from .messages import Kind, Messages
from .net_table import POLL_MS, play_own_game, show_filling
from .session import Origin, Session

log = logging.getLogger(__name__)

#: How long a wish waits for the host's answer before this screen may wish again.
ANSWER_S = 5.0

__all__ = ["ClientTable"]


class ClientTable:
    """One table joined from this screen (as a player, or ``watch``-ing)."""

    def __init__(self, *, session: Session, controller: Controller, messages: Messages,
                 timers: Timers, connect: Callable[[], Any],
                 replica: Callable[[dict[str, Any], int | None], Any],
                 fair_check: Callable[[int, str, Any, Any], Any], watch: bool = False,
                 on_closed: Callable[[], None] = lambda: None,
                 warm: Callable[[Rules], None] = lambda rules: None,
                 on_token: Callable[[str], None] = lambda token: None,
                 jobs: JobRunner | None = None,
                 on_outcome: Callable[[str | None], None] | None = None) -> None:
        self.session, self.controller, self.messages = session, controller, messages
        self.timers, self.watch = timers, watch
        self.make_replica, self.on_closed = replica, on_closed
        self.dice = FairDice(fair_check)  # the host's dice, checked game after game
        self.warm = warm  # the score table of the host's rules, built off the Tk thread
        self.on_token = on_token  # keeps what gets this seat back on a rejoin
        #: The join dialog waiting for the answer: None once in, or why not (called once).
        self.on_outcome = on_outcome
        #: Builds the replica of a long game off the Tk thread (None: at once, in tests);
        #: what arrives meanwhile waits in :attr:`_waiting`.
        self.jobs = jobs
        self._waiting: list[Any] | None = None
        self.link: Any = None
        self.replica: Any = None
        self.seat: int | None = None
        self._wished: tuple[str, tuple[int, ...]] | None = None  # the last wish sent
        #: When the last wish left, until the host answers it (a key pressed twice while
        #: the first is on its way is not a second wish); 0.0: no wish waits.
        self._waiting_since = 0.0
        self.fingerprint = ""
        self.closed = False
        self._saved: tuple[Any, Any] | None = None  # the controller's own save and rematch
        #: The host's seats as the lobby tells them (name, kind, state, level), and the
        #: names of the friends whose seats wait for them during the game.
        self._seats: tuple[tuple[str, str, str, str], ...] = ()
        self._away: tuple[str, ...] = ()
        self._joined = False
        #: What the table's prompt says once the table is gone (set when the host goes).
        self._why_gone = ""
        self.messages.tell(_("Joining the table..."))
        self._fill()  # this screen's own game waits, not shown, until the host's arrives
        try:  # (returns at once: the link's loop joins in the job runner)
            link = connect()
        except (OSError, ValueError) as e:
            self._failed(e)
        else:
            self._connected(link)

    @property
    def game(self) -> Game | None:
        return self.replica.game if self.replica is not None else None

    def _fill(self) -> None:
        """Before the host's game: the table shows the host's seats filling (never this
        screen's own game, which waits under it)."""
        show_filling(self.controller, joining_filling(self._seats, joined=self._joined))

    def _connected(self, link: Any) -> None:
        if self.closed:
            link.close()
            return
        self.link = link
        self.timers.later(POLL_MS, self.poll, purpose="network")

    def _failed(self, error: BaseException) -> None:
        log.warning("the table could not be joined: %s", error)
        sentence = _("The table could not be joined: {problem}. Check the address and the "
                     "code, and try again.").format(problem=error_words(error))
        self._outcome(sentence)
        self.messages.tell(sentence, Kind.WARNING)
        self.close(quietly=True)

    def close(self, *, quietly: bool = False, replaced: bool = False) -> None:
        """Leave the table (this screen plays on alone with a game of its own later;
        ``replaced``: another game takes the table's place at once)."""
        if self.closed:
            return
        self.closed = True
        self.timers.cancel("network")
        if self.link is not None:
            self.link.close()
        c = self.controller
        if replaced:
            c.seating.alone()
        elif self.replica is not None:  # the host's game stays in sight, played no more
            c.seating.left(self._refuse_closed, self._why_gone or _(
                "You have left the table: nothing more is played here. Press Esc for a game "
                "of your own."))
            c.refresh()
        else:  # never got the host's game: this screen's own plays on
            play_own_game(c)
        if self._saved is not None:
            c.saver.save_function, c.on_rematch = self._saved
            self._saved = None
        if not quietly:
            self.messages.tell(_("You have left the table."), Kind.EVENT)
        self._dice_said(self.dice.table_closed())
        self.on_closed()

    def left(self) -> None:
        """Another game is on the table now: this screen is no longer at the host's."""
        self.close(quietly=True, replaced=True)

    def _refuse_closed(self, command: str, args: tuple[Any, ...]) -> None:
        self.messages.tell(_("The table is closed: start a game of your own with Esc."),
                           Kind.REFUSAL)

    # -- what arrives --------------------------------------------------------------------

    def poll(self) -> None:
        if self.closed:
            return
        try:
            events = self.link.poll()
        except Exception as e:  # noqa: BLE001 - the link is gone: say so
            log.warning("the link to the host failed: %s", e)
            self._host_gone(error_words(e))
            return
        self._take_all(events)
        if not self.closed:
            self.timers.later(POLL_MS, self.poll, purpose="network")

    def _take_all(self, events: list[Any]) -> None:
        for index, event in enumerate(events):
            if self.closed:
                return
            if self._waiting is not None:  # a replica is being built: the rest waits
                self._waiting.extend(events[index:])
                return
            self.take(event)

    def take(self, event: ClientEvent) -> None:
        """One thing from the link (let in, the lobby's seats, the host's game, a move, a
        refusal, a chat line, the seed at the end, the connection over)."""
        match event:
            case Joined(seat=seat, table=table):
                self._let_in(seat, table)
            case SeatsChanged(seats=seats):
                self._seats_changed(seats)
            case Welcome(seat=seat, record_data=record_data, fingerprint=fingerprint):
                self._welcome(seat, record_data, fingerprint)
            case Played(command_data=data):
                self._played(data)
            case Refused(reason=reason, why=why):
                self._refused(why, reason)
            case Chat(name=name, text=text):
                self._log(_("{name}: {text}").format(name=name, text=text), "chat")
            case Revealed(seed=seed, start=start):
                self._revealed(seed, start)
            case Closed(reason=reason):  # (the net layer's sentence, in this language)
                self._gone(_sentence(reason))
            case _:
                assert_never(event)

    def _let_in(self, seat: int | None, table: str) -> None:
        self._outcome(None)
        token = getattr(self.link, "token", None)
        if isinstance(token, str) and token:
            self.on_token(token)
        self._joined = True
        if self.replica is None:
            self._fill()
        self.messages.tell((_("You are watching {table}: the game shows when the host "
                              "starts it.") if seat is None else
                            _("You have joined {table} at seat {seat}: the game begins "
                              "when the host starts it.")).format(
            table=table or _("the table"), seat=(seat or 0) + 1), Kind.EVENT)

    def _seats_changed(self, seats: tuple[SeatInfo, ...]) -> None:
        """The host's seats: shown on the table while it fills; during the game, a
        friend's seat that waits for them holds the game here too (nobody plays it)."""
        self._seats = tuple((s.name, s.kind, s.state, s.level) for s in seats)
        if self.replica is None:
            self._fill()
            self.messages.tell(_("At the table: {seats}").format(seats=", ".join(
                s.name or _("(a free seat)") for s in seats)))
        else:
            self._follow_away()

    def _follow_away(self) -> None:
        """During the game: while a friend's seat waits for them (dropped, or not yet back
        at a game hosted again) the game waits here too, and this screen says so."""
        away = tuple(name for name, _kind, state, _level in self._seats
                     if state in ("away", "open"))
        if away == self._away:
            return
        self._away = away
        self.controller.seating.hold(waits_for(away) if away else "")
        if away:
            self.controller.cancel_all()
            self.messages.tell(waits_for(away), Kind.EVENT)
        else:
            self.messages.tell(_("Every seat is filled again: the game goes on."), Kind.EVENT)
        self.controller.start()

    def _welcome(self, seat: int | None, record_data: dict[str, Any], fingerprint: str) -> None:
        """The host's game (the first, the next of the match, or the whole game again on a
        rejoin): the replica is built (in the job runner: a long game takes a while) and
        goes on the table."""
        mine = None if self.watch else seat

        def build() -> Any:
            return self.make_replica(record_data, mine)

        if self.jobs is None:
            try:
                replica = build()
            except Exception as e:  # noqa: BLE001 - a game this screen cannot read: leave
                self._unreadable(e)
            else:
                self._show(replica, seat, fingerprint)
            return
        self._waiting = []

        def built(replica: Any) -> None:
            waiting, self._waiting = self._waiting or [], None
            if not self.closed:
                self._show(replica, seat, fingerprint)
                self._take_all(waiting)

        def failed(error: BaseException) -> None:
            self._waiting = None
            self._unreadable(error)

        self.jobs.submit(build, built, failed, name="network replica")

    def _unreadable(self, error: BaseException) -> None:
        log.warning("the host's game cannot be read: %s", error)
        self._host_gone(_("the host's game cannot be read here ({problem})").format(
            problem=error_words(error)))

    def _show(self, replica: Any, seat: int | None, fingerprint: str) -> None:
        """The replica on the table, this screen's seat its own to play."""
        self.replica, self.fingerprint = replica, fingerprint
        self.seat = None if self.watch else seat
        game = replica.game
        self.warm(game.rules)
        if game.record.network is None:
            game.record.network = (Network("watcher") if self.seat is None
                                   else Network("player", self.seat))
        c = self.controller
        if self._saved is None:  # the player's own save stays theirs; F8 is the host's
            self._saved = (c.saver.save_function, c.on_rematch)
            c.saver.save_function, c.on_rematch = None, None
        c.seating.join(self.seat, len(game.seats), self._wish)
        self._away = ()
        last = self.dice.begin(game, fingerprint)  # (the last game's dice, noted first)
        self.session.put(game, Origin.NETWORK)
        self._follow_away()
        if fingerprint:
            self._log(_("Fair dice: the host's throws were fixed before the game "
                        "(fingerprint {fingerprint}); at the end this screen checks every "
                        "one.").format(fingerprint=short_fingerprint(fingerprint)))
        if self.seat is None:
            self.messages.tell(_("You are watching the game."), Kind.EVENT)
        self._dice_said(last)  # (told last, on the new game's table: it stays in sight)

    def _played(self, command_data: Any) -> None:
        self._waiting_since = 0.0  # (a move taken: this screen may wish again)
        if self.replica is None:
            return
        try:
            events = self.replica.apply(command_data)
        except Exception as e:  # noqa: BLE001 - the host's move does not fit the replica
            log.warning("a move from the host does not fit the game here: %s", e)
            self._host_gone(_("a move from the host does not fit the game here"))
            return
        if self.controller.game is self.replica.game:
            self.controller.took(events)
        if self.replica.game.over:  # the last throw is in: a seed may count now
            self._dice_said(self.dice.over())
            self.timers.later(int(REVEAL_WAIT_S * 1000), lambda: self._dice_said(
                self.dice.silent()), purpose="host's seed")

    def _wish(self, command: str, args: tuple[Any, ...]) -> None:
        """This screen's own move: asked of the host, whose engine judges it."""
        if self.link is None or self.closed:
            self._refuse_closed(command, args)
            return
        flat: list[int] = []
        for arg in args:
            flat.extend(arg if isinstance(arg, (list, tuple)) else [arg])
        wish = (command, tuple(int(a) for a in flat))
        if self._waiting_since and time.monotonic() - self._waiting_since < ANSWER_S:
            return  # (the host has not answered the last one yet)
        reason = self.replica.refusal(*wish) if self.replica is not None else None
        if reason is not None:  # a plain mistake: said at once, in this screen's words
            self.messages.tell(_sentence(reason), Kind.REFUSAL)
            self.controller.refresh()
            return
        self._wished, self._waiting_since = wish, time.monotonic()
        self.link.wish(*wish)

    def _refused(self, why: str, reason: str) -> None:
        """The host refused a wish: said in this screen's language (the engine's reason
        as this screen's replica finds it), the host's words only for a word not known."""
        self._waiting_since = 0.0
        if why == "rules" and self.replica is not None and self._wished is not None:
            reason = self.replica.refusal(*self._wished) or reason
        else:
            reason = refusal_text(why) or reason
        self.messages.tell(_sentence(reason), Kind.REFUSAL)
        self.controller.refresh()

    def _revealed(self, seed: int, start: Any) -> None:
        if self.replica is not None:
            self._dice_said(self.dice.revealed(seed, start))

    def _dice_said(self, verdict: Any) -> None:
        """What the check of the host's dice found (or why it could not be made), told;
        the window follows (the history stores a friend's game once its dice are known)."""
        if verdict is None:
            return
        self.messages.tell(verdict.text, Kind.EVENT if verdict.fair else Kind.WARNING)
        if verdict.fair:  # (a warning is kept in the log by the telling)
            self._log(verdict.text)
        self.controller.refresh()

    def _host_gone(self, reason: str) -> None:
        self._gone(_("The host's table is gone: {reason}.").format(reason=reason.rstrip(".")))

    def _outcome(self, problem: str | None) -> None:
        """Tell the join dialog that waits how the join went (once)."""
        told, self.on_outcome = self.on_outcome, None
        if told is not None:
            told(problem)

    def _gone(self, sentence: str) -> None:
        """The connection is over (told as a warning); the game played stays in sight."""
        self._outcome(sentence)
        self._why_gone = _(
            "The host's table is gone: nothing more is played here. Join again when the host "
            "opens it again (Game > Join a network game), or press Esc for a game of your "
            "own.")
        if self.replica is not None:
            sentence = " ".join((sentence, _("The game stays on the table; Esc starts a game "
                                             "of your own.")))
        self.messages.tell(sentence, Kind.WARNING)
        self.close(quietly=True)

    def chat(self, text: str) -> None:
        if self.link is not None and not self.closed and text.strip():
            self.link.chat(text.strip())

    def _log(self, text: str, tag: str = "info") -> None:
        self.controller.screen.log([(text, tag)])


def _sentence(text: str) -> str:
    """A reason from the host ("you cannot bank now", or a whole sentence) as a sentence."""
    return presenter.sentence(text.strip().rstrip(".")) if text.strip() else ""
