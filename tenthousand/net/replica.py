"""A client's copy of the host's game, and the check that the host's dice were fair.

The host's engine is the only judge; a client keeps a *replica*: the real engine's
:class:`~tenthousand.model.game.Game`, built from the host's shared record (which holds
no seed: each command carries the faces it threw) and moved on by each command the host
publishes, with the faces it threw.  The client's window shows the replica as it shows a
game at one screen.  A command the engine refuses, or whose faces do not fit the throws
it makes, is refused (:class:`ReplicaError`) and the replica stays as it was.

At the end the host reveals its seed: :func:`fair_check` plays the same decisions again in
a fresh game from that seed and compares every throw, and the seed with the fingerprint
the host gave before the first throw (:func:`tenthousand.history.codes.fingerprint_of`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..history.codes import fingerprint_of
from ..i18n import _, ngettext, number
from ..model.checkpoints import trial_copy
from ..model.command import Command
from ..model.events import Event, Thrown
from ..model.game import Game, IllegalAction
from ..model.persist import BadSave, load_record
from ..model.record import Network, Record

__all__ = ["FairDice", "FairVerdict", "REVEAL_WAIT_S", "Replica", "ReplicaError", "command_data",
           "fair_check"]

log = logging.getLogger(__name__)


class ReplicaError(ValueError):
    """What the host sent cannot be played on the replica (a sentence for the player)."""


class _Feed:
    """The dice of one published command, throw by throw; asking for more, or for another
    number of dice than a throw has, is an error (the host's command does not fit)."""

    def __init__(self, throws: Sequence[Sequence[int]]) -> None:
        self.throws = [tuple(t) for t in throws]
        self.used = 0

    def __call__(self, count: int) -> Sequence[int]:
        if self.used >= len(self.throws) or len(self.throws[self.used]) != count:
            raise ReplicaError(_("the host's command does not carry the dice it threw"))
        self.used += 1
        return self.throws[self.used - 1]

    @property
    def finished(self) -> bool:
        return self.used == len(self.throws)


def _blank(count: int) -> Sequence[int]:
    """Dice for a wish tried on a copy: any faces do (the copy is thrown away)."""
    return (2,) * count


def command_data(game: Game, events: Sequence[Event]) -> dict[str, Any]:
    """What the host publishes after a command: the last command of ``game``'s record with
    the faces it threw (``events``: what the engine returned for it)."""
    count = len(game.record)
    command = game.record.commands_between(count - 1, count)[0]
    dice = tuple(e.dice for e in events if isinstance(e, Thrown))
    return replace(command, dice=dice).to_dict()


class Replica:
    """The replica :class:`Game` of a client (``seat``: the client's, None for a watcher)."""

    def __init__(self, game: Game, seat: int | None) -> None:
        self.game = game
        self.seat = seat

    @classmethod
    def from_game(cls, data: Any, *, seat: int | None = None) -> Replica:
        """The replica from the host's shared record (``Record.shared_dict()``); the
        record is marked as a network game as this screen plays it (ReplicaError when the
        record cannot be read or played)."""
        try:
            record = load_record(data)
        except BadSave as e:
            raise ReplicaError(_("the host's game cannot be read: {reason}").format(
                reason=e)) from None
        if seat is not None and not 0 <= seat < len(record.seats):
            raise ReplicaError(_("the host gave a seat the game does not have"))
        game = record.game
        assert game is not None
        record.network = Network("player", seat) if seat is not None else Network("watcher")
        game.dice_source = _Feed(())  # no dice but the host's
        return cls(game, seat)

    @property
    def record(self) -> Record:
        return self.game.record

    def apply(self, data: Any) -> list[Event]:
        """Play a command the host published (``Command.to_dict()`` with its dice); its
        events.  ReplicaError when the engine refuses it or its dice do not fit, and then
        the replica is as it was."""
        try:
            command = Command.from_dict(data, len(self.game.seats))
        except ValueError as e:
            raise ReplicaError(_("the host sent a command that cannot be read: {reason}")
                               .format(reason=e)) from None
        feed = _Feed(command.dice or ())
        before = len(self.game.record)
        self.game.dice_source = feed
        try:
            events = Command(command.seat, command.name, command.args,
                             stand_in=command.stand_in).apply(self.game)
            if not feed.finished:
                raise ReplicaError(_("the host's command carries more dice than it threw"))
        except IllegalAction as e:  # refused before it changed anything
            raise ReplicaError(_("the host sent a command the game refuses: {reason}").format(
                reason=e)) from None
        except ValueError as e:  # the dice did not fit: maybe halfway through
            self._rebuild(before)
            raise ReplicaError(_("the host sent a command the game refuses: {reason}").format(
                reason=e)) from None
        finally:
            self.game.dice_source = _Feed(())
        return events

    def refusal(self, name: str, args: Sequence[int]) -> str | None:
        """Why the engine refuses this screen's wish now, in this screen's words, tried on
        a copy of the replica (so nothing moves); None when it would take it.  The host's
        engine still judges each wish: this only says a plain mistake (a die that does not
        score, a bank under the minimum) at once, in the player's own language."""
        if self.seat is None:
            return _("You are watching this game: you cannot play in it.")
        game = self.game
        copy = trial_copy(game)
        copy.dice_source = _blank
        try:
            Command(self.seat, name, tuple(args)).apply(copy)
        except IllegalAction as e:
            return str(e)
        except (IndexError, TypeError, ValueError):
            return _("that move is not one of the game's")
        return None

    def _rebuild(self, count: int) -> None:
        """The game after the record's first ``count`` commands (a command that failed
        halfway, or whose dice did not fit, is dropped)."""
        record = self.game.record
        network = record.network
        self.game = record.game_at(count)
        self.game.record.network = network
        self.game.dice_source = _Feed(())
        log.warning("the replica was rebuilt from its record after a refused command")


# -- the fair-dice check -------------------------------------------------------------------


@dataclass(frozen=True)
class FairVerdict:
    """Whether every throw of the game came from the revealed seed, in one sentence (a
    loud one when not); ``checked`` False: the dice could not be checked (the sentence
    says why)."""

    fair: bool
    text: str
    checked: bool = True


def _thrown(events: Sequence[Event]) -> list[tuple[int, ...]]:
    return [e.dice for e in events if isinstance(e, Thrown)]


def _position(game: Game) -> dict[str, Any]:
    data = game.to_dict()
    del data["rng"]
    return data


def _unfair(why: str) -> FairVerdict:
    # Translators: said loudly at the end of a network game whose dice did not check.
    return FairVerdict(False, _("WARNING: the host's dice were NOT fair: {why}").format(why=why))


def _faces(dice: Sequence[int]) -> str:
    return " ".join(str(d) for d in dice)


def _replay_from(seed: int, first_seat: int | None, record: Record) -> FairVerdict:
    opening = record.game_at(0)
    try:
        fresh = Game(record.rules, record.seats, seed=seed, first_seat=first_seat,
                     match_points=opening.match_points, games_played=opening.games_played,
                     match_games=opening.match_games)
    except ValueError as e:
        return _unfair(str(e))
    if _position(fresh) != _position(opening):
        return _unfair(_("the game did not begin as the seed begins it"))
    names = record.game.names if record.game is not None else fresh.names
    throws = 0
    for step in record.steps:
        try:
            events = Command(step.command.seat, step.command.name, step.command.args).apply(fresh)
        except IllegalAction as e:
            return _unfair(_("move {number} cannot be played with the seed's dice ({reason})")
                           .format(number=number(step.index), reason=e))
        for shown, seeded in zip(_thrown(step.events), _thrown(events), strict=False):
            throws += 1
            if shown != seeded:
                # Translators: {number} counts the throws of the game; {shown} and {seeded}
                # are faces ("2 5 5 6").
                return _unfair(_("throw {number} ({name}'s) showed {shown}, but the seed "
                                 "gives {seeded}").format(
                    number=number(throws), name=names[step.seat], shown=_faces(shown),
                    seeded=_faces(seeded)))
        if len(_thrown(step.events)) != len(_thrown(events)):
            return _unfair(_("move {number} threw other dice than the seed gives").format(
                number=number(step.index)))
    return FairVerdict(True, ngettext(
        "The host's dice were checked: fair (the {count} throw follows from the seed).",
        "The host's dice were checked: fair (all {count} throws follow from the seed).",
        throws).format(count=number(throws)))


def fair_check(seed: int, fingerprint: str, record: Record,
               start: dict[str, Any] | None = None) -> FairVerdict:
    """Check the replica's ``record`` against the seed the host revealed: the seed must
    give ``fingerprint`` (the one sent before the first throw), and a fresh game from it,
    given the same decisions, must throw every throw the replica was shown.  ``start``:
    the host's record's start (``Start.to_dict()``), which says whether the first seat was
    drawn; without it both ways are tried."""
    if fingerprint_of(seed) != fingerprint.lower():
        return _unfair(_("the seed shown at the end is not the one whose fingerprint was "
                         "given before the game"))
    opening_seat = record.game_at(0).current
    if start is not None and "first_seat" in start:
        chosen = start["first_seat"]
        firsts: list[int | None] = [chosen if isinstance(chosen, int)
                                    and not isinstance(chosen, bool) else None]
    else:
        firsts = [None, opening_seat]
    verdicts = [_replay_from(seed, first, record) for first in firsts]
    return next((v for v in verdicts if v.fair), verdicts[0])


#: How long after a game's end a friend's screen waits for the host's seed before it says
#: that none has come (the host shows it at once, when its own screen sees the end).
REVEAL_WAIT_S = 10.0


class FairDice:
    """The check of the host's dice on a friend's screen, game after game (issue 43).

    A seed counts only once the game is over, the last throw in: then every throw is
    checked against it (``check``: :func:`fair_check`).  A game that ends and is left
    without one (the host starts the next game of the match, leaves, drops or stays
    silent) is called out: its dice could not be checked, and the sentence says why.  The
    outcome is noted in the game's record (``Network.dice_check``: fair, unfair,
    unchecked), which the history keeps.  Each method returns what to tell the player, or
    None; nothing here talks to the network or the window."""

    def __init__(self, check: Callable[[int, str, Record, Any], FairVerdict] = fair_check
                 ) -> None:
        self.check = check
        self.game: Game | None = None
        self.fingerprint = ""

    def begin(self, game: Game, fingerprint: str) -> FairVerdict | None:
        """The host's game arrives (the first, the match's next, or the same again on a
        rejoin); the last game's dice, if it ended and no seed came for it, are called
        out."""
        last, said = self.game, None
        if last is not None and last.over and not _same_start(last, game):
            said = self.ended(_("the host started the next game without showing its dice "
                                "seed"), last=True)
        self.game, self.fingerprint = game, fingerprint
        if last is None or not _same_start(last, game):
            return said
        if not _same_past(last, game):  # (not a rejoin: the host rewrote what it showed)
            game.record.note_dice_check("unfair")
            return _unfair(_("the host sent this game again with other moves or throws "
                             "than it showed before"))
        if last.record.network is not None and last.record.network.dice_check:
            game.record.note_dice_check(last.record.network.dice_check)  # (what was found
            # stands: the same game again, on a rejoin)
        return said

    def over(self) -> FairVerdict | None:
        """After a move: a game that has just ended without a fingerprint before it can
        never be checked."""
        game = self.game
        if game is not None and game.over and not self.fingerprint:
            return self.ended(_("the host gave no fingerprint of its dice before the game"))
        return None

    def revealed(self, seed: int, start: Any) -> FairVerdict | None:
        """The host shows its seed: checked against every throw once the game is over;
        before that it does not count (the throws to come could not be checked by it)."""
        game = self.game
        if game is None:
            return None
        if not game.over:
            log.warning("the host showed its seed before the game's end: not counted")
            return FairVerdict(False, _("The host showed its dice seed before the game's "
                                        "end: a seed counts only once the last throw is in, "
                                        "so the host must show it again then."), False)
        if not self.fingerprint:
            return self.over()
        network = game.record.network
        if network is not None and network.dice_check == "unfair":
            return None  # (said loudly already: a seed cannot make it fair again)
        verdict = self.check(seed, self.fingerprint, game.record, start)
        game.record.note_dice_check("fair" if verdict.fair else "unfair")
        return verdict

    def silent(self) -> FairVerdict | None:
        """:data:`REVEAL_WAIT_S` after the end: no seed yet (the game stays open to a late
        one, and is marked unchecked if the table ends without it)."""
        if not self.waiting:
            return None
        return FairVerdict(False, _("The host has not shown its dice seed since the game "
                                    "ended: the dice of this game cannot be checked until "
                                    "it does."), False)

    def table_closed(self) -> FairVerdict | None:
        """The table is gone (the host left or dropped, or this screen left it)."""
        return self.ended(_("the table closed before the host showed its dice seed"))

    def ended(self, why: str, *, last: bool = False) -> FairVerdict | None:
        """No seed can come any more for the game (``why``: in words, as "the table closed
        before the host showed its dice seed"): if it ended unchecked, say so (``last``:
        said when the next game is on the table)."""
        if not self.waiting:
            return None
        assert self.game is not None
        self.game.record.note_dice_check("unchecked")
        # Translators: {why} says why no seed came, as "the host started the next game
        # without showing its dice seed".
        text = (_("WARNING: the dice of the last game could not be checked: {why}, so its "
                  "result, and the match points it gave, rest on the host's word alone.")
                if last else
                _("WARNING: the dice of this game could not be checked: {why}, so its result, "
                  "and any match points, rest on the host's word alone."))
        return FairVerdict(False, text.format(why=why), False)

    @property
    def waiting(self) -> bool:
        """Whether the game is over and its dice wait for a seed."""
        game = self.game
        return game is not None and game.over and game.record.network is not None \
            and not game.record.network.dice_check


def _moves(record: Record) -> list[tuple[int, str, tuple[int, ...], list[tuple[int, ...]]]]:
    return [(s.command.seat, s.command.name, tuple(s.command.args), _thrown(s.events))
            for s in record.steps]


def _same_past(last: Game, game: Game) -> bool:
    """Whether ``game`` goes on from everything this screen was shown of ``last`` (the
    same moves and throws, perhaps more): what a rejoin sends."""
    shown = _moves(last.record)
    return _moves(game.record)[:len(shown)] == shown


def _same_start(one: Game, other: Game) -> bool:
    """Whether two replicas are of one game (a rejoin sends the whole game again)."""
    a, b = one.record, other.record
    return (a.rules, a.seats, a.start) == (b.rules, b.seats, b.start)
