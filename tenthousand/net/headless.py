"""A host's table and a friend's screen without a window: the tests, the benchmark and a
terminal drive the links through these, as the window does.

:class:`HostedGame` keeps the host's game: it judges each wish with the engine (and
publishes the command, or refuses it with the engine's reason), plays the computer seats
and reveals the seed at the end.  :class:`JoinedGame` keeps a friend's replica, plays its
own seat through a ``chooser`` (a computer player's moves, in the tests) and checks the
dice when the seed is revealed.  Each ``pump()`` is one poll: call it in a loop (or from
``after`` in a window).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..ai import Player, make_player
from ..ai.moves import decide
from ..history.codes import fingerprint_of
from ..model.command import Command
from ..model.game import Game, IllegalAction, Phase
from .client import ClientLink
from .events import ClientEvent, Closed, HostEvent, Played, Revealed, SeatJoined, Welcome, Wish
from .host import HostLink
from .replica import FairDice, FairVerdict, Replica, ReplicaError, command_data

__all__ = ["HostedGame", "JoinedGame", "computer_chooser", "first_wish", "positions"]

Chooser = Callable[[Game], tuple[str, tuple[int, ...]]]


def first_wish(game: Game, player: Player) -> tuple[str, tuple[int, ...]]:
    """The engine command a computer ``player`` would give first in ``game`` now: what a
    friend's screen wishes (a challenge before its throw is a wish of its own)."""
    move = decide(game, player)
    if move.phase is Phase.CHOOSE:
        return ("bank" if move.bank else "throw", tuple(move.freeze))
    if move.phase is Phase.START:
        return ("challenge", (move.challenge,)) if move.challenge is not None else ("throw", ())
    assert move.discard is not None
    return ("discard", (move.discard,))


def computer_chooser(level: str, game: Game, seed: int = 0) -> Chooser:
    player = make_player(level, game.rules, seed=seed, players=len(game.seats))
    return lambda g: first_wish(g, player)


class HostedGame:
    """The host's game behind a :class:`HostLink`; ``computers``: the seats the computer
    plays (with a chooser each), net seats among them once handed over."""

    def __init__(self, link: HostLink, game: Game, computers: dict[int, Chooser]) -> None:
        self.link, self.game, self.computers = link, game, dict(computers)
        self.seed = game.record.start.seed
        assert self.seed is not None, "a hosted game starts from a seed (its fingerprint)"
        self.events: list[HostEvent] = []
        self.refused: list[tuple[int, str]] = []
        self.revealed = False

    @property
    def fingerprint(self) -> str:
        assert self.seed is not None
        return fingerprint_of(self.seed)

    def begin(self) -> None:
        self.link.begin(self.game.record.shared_dict(), self.fingerprint)

    def play(self, seat: int, name: str, args: tuple[int, ...]) -> bool:
        """Give the engine one command of ``seat``; publish it, or refuse with the reason."""
        try:
            events = Command(seat, name, args).apply(self.game)
        except IllegalAction as e:
            self.refused.append((seat, str(e)))
            self.link.refuse(seat, str(e), "rules")
            return False
        self.link.publish(command_data(self.game, events))
        return True

    def pump(self, computer_steps: int = 1) -> list[HostEvent]:
        """One poll: the wishes judged, then up to ``computer_steps`` computer commands."""
        events = self.link.poll()
        self.events += events
        for event in events:
            if isinstance(event, Wish) and event.seat not in self.computers:
                self.play(event.seat, event.command, event.args)
            elif isinstance(event, SeatJoined):
                self.computers.pop(event.seat, None)
        for _step in range(computer_steps):
            if self.game.over or self.game.current not in self.computers:
                break
            self.play(self.game.current, *self.computers[self.game.current](self.game))
        if self.game.over and not self.revealed:
            assert self.seed is not None
            self.link.reveal(self.seed, self.game.record.start.to_dict())
            self.revealed = True
        return events


@dataclass
class JoinedGame:
    """A friend's screen: the link, the replica, and its own seat's ``chooser``."""

    link: ClientLink
    chooser: Chooser | None = None
    replica: Replica | None = None
    fingerprint: str = ""
    verdict: FairVerdict | None = None  # the check of the last seed that counted
    closed: str | None = None
    #: The host's dice, checked game after game; what it said, in order (a check, or why
    #: a game's dice could not be checked).
    dice: FairDice = field(default_factory=FairDice)
    said: list[FairVerdict] = field(default_factory=list)
    events: list[ClientEvent] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    #: With a ``clock`` (the benchmark's): when each command arrived, and when this screen
    #: wished for the command it expected next (both by the command's number in the record).
    arrivals: dict[int, float] | None = None
    wished: dict[int, float] | None = None
    clock: Callable[[], float] | None = None
    _asked_at: int = -1

    def pump(self) -> list[ClientEvent]:
        events = self.link.poll()
        self.events += events
        for event in events:
            self._handle(event)
        self._wish()
        return events

    def _handle(self, event: ClientEvent) -> None:
        if isinstance(event, Welcome):
            self.replica = Replica.from_game(event.record_data, seat=event.seat)
            self._say(self.dice.begin(self.replica.game, event.fingerprint))
            self.fingerprint, self.verdict, self._asked_at = event.fingerprint, None, -1
        elif isinstance(event, Played) and self.replica is not None:
            try:
                self.replica.apply(event.command_data)
            except ReplicaError as e:
                self.problems.append(str(e))
                return
            if self.arrivals is not None and self.clock is not None:
                self.arrivals[len(self.replica.record)] = self.clock()
            if self.replica.game.over:
                self._say(self.dice.over())
        elif isinstance(event, Revealed) and self.replica is not None:
            verdict = self._say(self.dice.revealed(event.seed, event.start))
            if verdict is not None and verdict.checked:
                self.verdict = verdict
        elif isinstance(event, Closed):
            self.closed = event.reason
            self._say(self.dice.table_closed())

    def _say(self, verdict: FairVerdict | None) -> FairVerdict | None:
        if verdict is not None:
            self.said.append(verdict)
        return verdict

    def _wish(self) -> None:
        replica = self.replica
        if replica is None or self.chooser is None or replica.seat is None:
            return
        game = replica.game
        if game.over or game.current != replica.seat or self._asked_at == len(replica.record):
            return
        self._asked_at = len(replica.record)
        wish = self.chooser(game)
        if self.wished is not None and self.clock is not None:
            self.wished[self._asked_at + 1] = self.clock()
        self.link.wish(*wish)


def positions(games: Sequence[Game]) -> list[dict[str, Any]]:
    """The games' positions without their generators (a replica's is blank), to compare."""
    out = []
    for game in games:
        data = game.to_dict()
        del data["rng"]
        out.append(data)
    return out
