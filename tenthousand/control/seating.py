"""Who plays each seat at this screen: a person here, this screen's computer, or (in a
network game) somebody at another screen, whose moves arrive over the network.

:class:`Seating` is one object, the controller's (``Controller.seating``), and the one place
that answers it: demo mode gives every seat to the computer; a network game
(:mod:`tenthousand.control.network`) names the seats played elsewhere (:attr:`Seating.remote`),
the seats of friends gone that a computer level took over (:attr:`Seating.stand_ins`), and on
a friend's screen where its own commands go instead of the engine (to the host, whose engine
judges them).  The network tables change it only through its named steps (:meth:`fill`,
:meth:`host`, :meth:`join`, :meth:`alone`...), never field by field.  The game and demo mode
are the session's (:class:`~tenthousand.control.session.Session`): it keeps no copy.  No Tk
here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from ..i18n import _
from ..model import Event, Game

if TYPE_CHECKING:
    from ..present.network import Filling
    from .session import Session

__all__ = ["Relay", "Seating"]

#: Where a friend's screen sends a command of its own seat: its name (``throw``) and its
#: arguments as the game takes them.
Relay = Callable[[str, tuple[Any, ...]], None]


class Seating:
    """See the module's docstring."""

    def __init__(self, session: Session) -> None:
        self._session = session
        self.alone()

    # -- what it is now --------------------------------------------------------------------

    @property
    def network(self) -> bool:
        """Whether the game on the table is played over the network (no undo, no demo)."""
        return self._network

    @property
    def held(self) -> bool:
        """The game waits: nobody plays it (the host's lobby is open, a friend's seat waits
        for them, or this screen waits for the host's game)."""
        return bool(self._why_held)

    @property
    def why_held(self) -> str:
        """Why the game waits, or why nothing is played here any more (the table is gone:
        :attr:`gone`), a sentence for the player ("" while it is played)."""
        return self._why_held or self._gone

    @property
    def gone(self) -> str:
        """On a friend's screen whose table is gone (:meth:`left`): what the table's prompt
        says instead of whose turn it is ("" while the table is there)."""
        return self._gone

    @property
    def filling(self) -> Filling | None:
        """The table being filled (the host's lobby before the game, or a friend's screen
        joining): the window shows it instead of the game that waits under it."""
        return self._filling

    @property
    def remote(self) -> frozenset[int]:
        """The seats played at other screens: this screen neither plays them nor takes
        their keys, it waits for their moves."""
        return self._remote

    @property
    def stand_ins(self) -> Mapping[int, str]:
        """The seats a computer plays for a friend gone (whose connection dropped), by
        level."""
        return MappingProxyType(self._stand_ins)

    @property
    def relays(self) -> bool:
        """Whether this screen's commands go to a host instead of the game (a friend's
        screen)."""
        return self._relay is not None

    # -- who plays ---------------------------------------------------------------------------

    @property
    def _game(self) -> Game:
        return self._session.table

    def is_computer(self, seat: int) -> bool:
        return (self._session.demo or self._game.seats[seat].computer
                or seat in self._stand_ins)

    def computer_here(self, seat: int) -> bool:
        """Whether this screen's computer plays ``seat`` (not one at another screen)."""
        return (self.is_computer(seat) and seat not in self._remote and not self.held
                and not self._gone)

    def level(self, seat: int) -> str:
        if self._session.demo:
            return self._session.DEMO_LEVEL
        return self._stand_ins.get(seat, self._game.seats[seat].level)

    def elsewhere(self, seat: int) -> bool:
        """Whether no person at this screen plays ``seat``: the computer, or another
        screen."""
        return self.is_computer(seat) or seat in self._remote

    @property
    def human_to_play(self) -> bool:
        """Whether a person at this screen is to play."""
        g = self._game
        return not (g.over or self.held or self._gone or self.elsewhere(g.current))

    def undo_refusal(self) -> str | None:
        """Why undo is not possible now (a sentence without its full stop), or None: demo
        mode, a network game, a game that waits, or what the record says (the people's
        seats' moves are taken back)."""
        record = self._game.record
        return self._no_take_back() or record.undo_refusal(record.human_seats())

    def redo_refusal(self) -> str | None:
        """Why redo is not possible now, or None."""
        return self._no_take_back(redo=True) or self._game.record.redo_refusal()

    def _no_take_back(self, *, redo: bool = False) -> str | None:
        if redo and (self._session.demo or self._network or self.held):
            return _("there is no redo in demo mode or a network game")
        if self._session.demo:
            return _("there is no undo in demo mode: the computer plays every seat")
        if self._network:
            return _("there is no undo in a network game: every screen plays the same game")
        if self.held:
            return _("there is no undo while the game waits for the table")
        return None

    # -- where a command goes ----------------------------------------------------------------

    def relay(self, command: str, args: tuple[Any, ...]) -> None:
        """On a friend's screen (:attr:`relays`): send this screen's command to the host."""
        if self._relay is not None:
            self._relay(command, args)

    def took(self, events: Sequence[Event]) -> None:
        """A command was taken here: the host sends it on to the other screens."""
        if self._publish is not None:
            self._publish(events)

    # -- the steps of a network game -----------------------------------------------------------

    def alone(self) -> None:
        """One screen plays the game on the table (no network game, nothing waits)."""
        self._network = False
        self._why_held = ""
        self._gone = ""
        self._filling: Filling | None = None
        self._remote: frozenset[int] = frozenset()
        self._stand_ins: dict[int, str] = {}
        self._relay: Relay | None = None
        self._publish: Callable[[Sequence[Event]], None] | None = None

    def fill(self, filling: Filling) -> None:
        """A table is being filled (the host's lobby, or this screen joining one): the
        game on the table waits under it, not shown (``filling.reason`` says why)."""
        self._why_held, self._filling = filling.reason, filling

    def wait_for_friends(self, friends: Sequence[int], why: str) -> None:
        """A game hosted for ``friends``' seats, resumed after the program stopped: it
        waits for its table to be opened again (nobody plays; no undo either), ``why``
        says so."""
        self.alone()
        self._network, self._why_held, self._remote = True, why, frozenset(friends)

    def host(self, friends: Sequence[int], stand_ins: Mapping[int, str],
             publish: Callable[[Sequence[Event]], None]) -> None:
        """This screen hosts the game on the table: ``friends``' seats are played at other
        screens, but those a computer stands in for (by level); ``publish`` hears of every
        command taken here."""
        self.alone()
        self._network = True
        self._stand_ins = {s: level for s, level in stand_ins.items() if s in friends}
        self._remote = frozenset(s for s in friends if s not in self._stand_ins)
        self._publish = publish

    def stand_in(self, seat: int, level: str) -> None:
        """The computer plays a friend's ``seat`` at ``level`` from now on."""
        self._stand_ins[seat] = level
        self._remote = self._remote - {seat}

    def seat_back(self, seat: int) -> None:
        """The friend takes ``seat`` back from the computer."""
        if self._stand_ins.pop(seat, None) is not None:
            self._remote = self._remote | {seat}

    def hold(self, why: str) -> None:
        """The game waits (a friend's seat waits for them: ``why`` says so), or plays on
        (``why`` "")."""
        self._why_held = why
        if not why:
            self._filling = None

    def join(self, seat: int | None, seats: int, relay: Relay) -> None:
        """This screen plays ``seat`` (None: watches) of the host's game of ``seats`` seats;
        its commands go to ``relay``."""
        self.alone()
        self._network = True
        self._remote = frozenset(s for s in range(seats) if s != seat)
        self._relay = relay

    def left(self, relay: Relay, why: str) -> None:
        """A friend's screen whose table is gone: the host's game stays in sight, played
        by nobody (``why`` says so where the table says whose turn it is), and its
        commands go to ``relay`` (which says why not)."""
        self._relay, self._why_held, self._filling, self._gone = relay, "", None, why
