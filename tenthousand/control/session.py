"""The session: what is on the table, and the one way to put a game there.

A :class:`Session` owns the game in the window (and so its record and its match), who
sits in each seat as played, whether demo mode is on, and where the game came from (an
:class:`Origin`).  It is the one owner of the game: the controller, the command groups and
the network tables ask it (:attr:`Session.table`); none keeps a copy.  Every way of putting a game on the table is one call of
:meth:`Session.put`; turning demo mode on or off is :meth:`Session.set_demo`.  Each tells
the session's watchers, in the order they watch, with one :class:`Change`: the history
keeper (the game left), the table (with the game log's first lines, its fingerprint line
among them, and the save), the title, the rules window, the demo indicator, the status
line and speech, the advisor and the tour (see :class:`~tenthousand.control.app.App`).  No Tk here: a watcher is any callable.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import Enum

from ..model import Game
from ..model.game import Phase
from ..model.record import Played

__all__ = ["Change", "Origin", "Session", "Watcher"]


class Origin(Enum):
    """Where the game on the table came from."""

    NEW = "new"  # the new-game dialog (or the launch's settings)
    RESUMED = "resumed"  # the unfinished game of the last launch
    NEXT = "next"  # the next game of the match (F8, the match table)
    RESTART = "restart"  # the rematch button of a finished game: the next game too
    PLAY_ON = "play on"  # "Play on from here" in a replay
    CHALLENGE = "challenge"  # a friend's challenge code
    DAILY = "daily"  # the daily challenge
    NETWORK = "network"  # a network game: hosted here, or joined (control/network.py)

    @property
    def keeps_demo(self) -> bool:
        """Whether demo mode stays as it is (the match goes on) or ends (a game of one's
        own begins)."""
        return self in (Origin.NEXT, Origin.RESTART, Origin.RESUMED)


@dataclass(frozen=True)
class Change:
    """What a watcher is told: the game now on the table and what came before."""

    session: Session
    game: Game
    origin: Origin
    previous: Game | None  # the game it replaces (None: the first game of the window)
    was_demo: bool  # demo mode as it was for the previous game
    new_game: bool = True  # False: only demo mode changed
    step: int | None = None  # PLAY_ON: the replay's step
    note: str = ""  # CHALLENGE, DAILY: the challenge in words
    code: str = ""  # CHALLENGE, DAILY: its code

    @property
    def demo(self) -> bool:
        return self.session.demo


Watcher = Callable[[Change], None]


class Session:
    """See the module's docstring."""

    DEMO_LEVEL = "expert"

    def __init__(self, game: Game | None = None, *, demo: bool = False) -> None:
        """``game``: the window's first game, on the table before anyone watches (its
        watchers are told of it by the first :meth:`put` of the same game)."""
        self.game: Game | None = game
        self.origin = Origin.NEW
        self.demo = demo
        #: The seats' levels as they actually play (a Perfect seat playing as Expert), by
        #: seat; the controller knows, the App hands it in.
        self.played_as: Callable[[int], str | None] = lambda seat: None
        self._watchers: list[tuple[str, Watcher]] = []

    # -- watchers ------------------------------------------------------------------------

    def watch(self, name: str, watcher: Watcher) -> None:
        """Tell ``watcher`` of every change from now on, after those watching already."""
        self._watchers.append((name, watcher))

    @property
    def watchers(self) -> list[str]:
        """The watchers' names, in the order they are told."""
        return [name for name, _watcher in self._watchers]

    def clear(self) -> None:
        self._watchers.clear()

    def _tell(self, change: Change) -> None:
        for _name, watcher in list(self._watchers):
            watcher(change)

    # -- putting a game on the table -----------------------------------------------------

    def put(self, game: Game, origin: Origin, *, demo: bool | None = None,
            step: int | None = None, note: str = "", code: str = "") -> Change:
        """Put ``game`` on the table, come from ``origin``, and tell every watcher.

        Demo mode ends with a game of the player's own and stays for the next game of the
        match, unless ``demo`` says.  The game on the table put again (the window's first
        game, held since the session was made) leaves nothing: the change's ``previous`` is
        None."""
        previous = self.game if self.game is not game else None
        change = Change(self, game, origin, previous, self.demo, step=step, note=note,
                        code=code)
        self.game = game
        self.origin = origin
        if demo is not None:
            self.demo = demo
        elif not origin.keeps_demo:
            self.demo = False
        if self.demo:  # the record knows: the people's seats are played by the computer
            game.record.note_demo(True, self.DEMO_LEVEL)
        self._tell(change)
        return change

    def moved(self, game: Game) -> None:
        """The same game at another position: an undo or a redo replays the record into
        a new :class:`Game` object (the controller's :meth:`~tenthousand.control.
        controller.Controller.show_position`).  Nothing new is on the table, so no watcher
        is told."""
        self.game = game

    def set_demo(self, demo: bool) -> None:
        """Demo mode on or off for the game on the table."""
        if demo == self.demo or self.game is None:
            return
        change = Change(self, self.game, self.origin, self.game, self.demo, new_game=False)
        self.demo = demo
        self.game.record.note_demo(demo, self.DEMO_LEVEL)
        self._tell(change)

    # -- what is on the table ------------------------------------------------------------

    @property
    def table(self) -> Game:
        """The game on the table."""
        if self.game is None:
            raise RuntimeError("no game on the table yet")
        return self.game

    @property
    def in_progress(self) -> bool:
        """Whether quitting or a new game would end a game somebody has played into."""
        g = self.game
        return g is not None and not g.over and (
            sum(g.turns_taken) > 0 or g.phase is not Phase.START)

    @property
    def seats(self) -> tuple[Played, ...]:
        """Who sits in each seat as played: as the record keeps it
        (:meth:`~tenthousand.model.record.Record.seats_as_played`: a Perfect seat that
        played as Expert), with the level a computer plays at now (a Perfect seat whose
        table is being solved) and, in demo mode, the computer in every seat."""
        seats = []
        for index, kept in enumerate(self.table.record.seats_as_played()):
            if self.demo:
                seats.append(Played(False, kept.chosen, self.DEMO_LEVEL, kept.why))
            elif kept.person:
                seats.append(kept)
            else:
                now = self.played_as(index)
                seats.append(replace(kept, level=now) if now else kept)
        return tuple(seats)

    @property
    def own_player(self) -> str | None:
        """The name of the person who plays at this screen: in a network game the seat
        this screen plays (None for a watcher, who plays none), else the first person at
        the table who is not a friend at another screen (None: the computer plays every
        seat)."""
        game = self.table
        network = game.record.network
        if network is not None and network.role != "host":
            return game.seats[network.seat].name if network.seat is not None else None
        friends = network.friends if network is not None else ()
        return next((s.name for i, s in enumerate(game.seats)
                     if not s.computer and i not in friends), None)

    @property
    def match(self) -> tuple[list[int], int]:
        """The match so far: each seat's match points and the games played."""
        g = self.table
        return list(g.match_points), g.games_played
