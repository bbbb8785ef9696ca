"""What happened in a game, as plain objects a view can animate and a log can print.

Every command of :class:`~tenthousand.model.game.Game` returns the events it caused, in
order.  Each event can say itself in words (:meth:`Event.message`) and converts to and from
a JSON object, so the game log is saved with the game.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from ..i18n import _, ngettext, number, signed
from .grammar import Person, join_names


def _points(n: int) -> str:
    return number(n)


def _dice(dice: Sequence[int]) -> str:
    return " ".join(str(d) for d in dice)


@dataclass(frozen=True)
class Event:
    """Base class: ``seat`` is the seat the event is about (-1 for none)."""

    seat: int
    kind: ClassVar[str] = "event"

    def message(self, names: Sequence[str]) -> str:
        return self.kind

    def to_dict(self) -> dict[str, Any]:
        # A field added later is written only when it differs from its default, so the
        # save of a game that does not use it stays as it was (Frozen.joined).
        data = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)
                if f.default is dataclasses.MISSING or getattr(self, f.name) != f.default}
        for key, value in data.items():
            if isinstance(value, tuple):
                data[key] = _listify(value)
        data["type"] = self.kind
        return data

    @staticmethod
    def from_dict(data: Any) -> Event:
        """Rebuild an event; raises ValueError on anything malformed."""
        if not isinstance(data, dict) or data.get("type") not in EVENT_TYPES:
            raise ValueError(_("not an event: {data}").format(data=f"{data!r:.80}"))
        cls = EVENT_TYPES[data["type"]]
        values = {}
        for f in dataclasses.fields(cls):
            if f.name not in data and f.default is not dataclasses.MISSING:
                continue  # a field added later, with a default (Frozen.joined)
            if f.name not in data:
                # Translators: {event} and {field} are words of the save format.
                raise ValueError(_("event {event} lacks {field}").format(event=cls.kind,
                                                                         field=f.name))
            values[f.name] = _tuplify(data[f.name])
        event = cls(**values)
        event.check()
        return event

    def check(self) -> None:
        """Raise ValueError when a field has the wrong type (used when loading)."""
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if not _type_ok(value, str(f.type)):
                raise ValueError(_("event {event}: bad {field} {value}").format(
                    event=self.kind, field=f.name, value=f"{value!r:.60}"))


def _listify(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_listify(v) for v in value]
    return value


def _tuplify(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuplify(v) for v in value)
    return value


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _type_ok(value: Any, annotation: str) -> bool:
    if annotation == "int":
        return _is_int(value) and abs(value) < 10**9
    if annotation == "bool":
        return isinstance(value, bool)
    if annotation == "str":
        return isinstance(value, str) and len(value) < 200
    if annotation == "int | None":
        return value is None or _type_ok(value, "int")
    if annotation == "tuple[int, ...]":
        return isinstance(value, tuple) and len(value) <= 64 and all(_is_int(v) for v in value)
    if annotation == "tuple[tuple[int, int, int, int], ...]":
        return (
            isinstance(value, tuple)
            and len(value) <= 9
            and all(isinstance(r, tuple) and len(r) == 4 and all(_is_int(v) for v in r)
                    for r in value)
        )
    return False


@dataclass(frozen=True)
class TurnStarted(Event):
    """A seat's turn begins.  ``stage`` is ``normal``, ``catch-up`` or ``tie-break``."""

    stage: str
    kind: ClassVar[str] = "turn"

    def message(self, names: Sequence[str]) -> str:
        who = Person(names[self.seat])
        if self.stage == "catch-up":
            return who.pick(_("Your turn (last turn)"), _("{name}'s turn (last turn)"))
        if self.stage == "tie-break":
            return who.pick(_("Your turn (tie-break turn)"), _("{name}'s turn (tie-break turn)"))
        return who.pick(_("Your turn"), _("{name}'s turn"))


@dataclass(frozen=True)
class Challenged(Event):
    """``rotary``: in Rotary Club, where every turn ends in trash and the penalty lowers the
    challenger's own score (which helps him: the lowest score wins)."""

    target: int
    penalty: int
    rotary: bool = False
    kind: ClassVar[str] = "challenge"

    def message(self, names: Sequence[str]) -> str:
        who, target = Person(names[self.seat]), Person(names[self.target])
        values = {"target": target.name, "points": _points(self.penalty)}
        if self.rotary:
            # Translators: Rotary Club (the lowest score wins): every turn ends in trash,
            # and then {points} comes off the challenger's own score.
            if who.you:
                return _("You challenge {target} (the trash that ends your turn takes "
                         "{points} off your score)").format(**values)
            if target.you:
                return _("{name} challenges you (the trash that ends the turn takes {points} "
                         "off {name}'s score)").format(name=who.name, **values)
            return _("{name} challenges {target} (the trash that ends the turn takes "
                     "{points} off {name}'s score)").format(name=who.name, **values)
        # Translators: {target} is the challenged player's name, {points} what trash would
        # cost the challenger.
        if who.you:
            return _("You challenge {target} (trash would cost you {points})").format(**values)
        if target.you:
            return _("{name} challenges you (trash would cost {name} {points})").format(
                name=who.name, **values)
        return _("{name} challenges {target} (trash would cost {name} {points})").format(
            name=who.name, **values)


@dataclass(frozen=True)
class Thrown(Event):
    """Dice were thrown.  ``trash`` is true when nothing among them can be frozen;
    ``no_score`` is the points of Zilch's counter when six dice were thrown and nothing
    else in them scores (the six are then frozen together for those points)."""

    dice: tuple[int, ...]
    trash: bool
    no_score: int = 0
    kind: ClassVar[str] = "throw"

    def message(self, names: Sequence[str]) -> str:
        who = Person(names[self.seat])
        # Translators: {dice} are the faces thrown, such as "1 3 3 5 6 2".
        if self.trash:
            return who.pick(_("You throw {dice} - trash!"), _("{name} throws {dice} - trash!"),
                            dice=_dice(self.dice))
        if self.no_score:
            # Translators: Zilch's counter: six dice thrown and none scores, which is worth
            # {points} when all six are frozen together (then six fresh dice).
            return who.pick(_("You throw {dice} - no dice scored: {points} for all six"),
                            _("{name} throws {dice} - no dice scored: {points} for all six"),
                            dice=_dice(self.dice), points=_points(self.no_score))
        return who.pick(_("You throw {dice}"), _("{name} throws {dice}"), dice=_dice(self.dice))


@dataclass(frozen=True)
class Frozen(Event):
    dice: tuple[int, ...]
    points: int
    turn_score: int
    #: Pyramiding: the dice frozen before in the stretch, which these were counted with
    #: (``points`` is what the freeze adds to them).
    joined: tuple[int, ...] = ()
    kind: ClassVar[str] = "freeze"

    def message(self, names: Sequence[str]) -> str:
        if self.joined:
            # Translators: pyramiding: {dice} are the faces frozen now, {joined} the faces
            # frozen before that they count with, {points} what the freeze adds, {turn} the
            # turn score so far: "Ann freezes 1 1 5 onto 1 1: +1,850 (turn 2,050)"; {points}
            # has its sign (D-10 lets a freeze take points off: "-2,000").
            return Person(names[self.seat]).pick(
                _("You freeze {dice} onto {joined}: {points} (turn {turn})"),
                _("{name} freezes {dice} onto {joined}: {points} (turn {turn})"),
                dice=_dice(self.dice), joined=_dice(self.joined), points=signed(self.points),
                turn=_points(self.turn_score))
        # Translators: {dice} are the faces set aside, {points} what they score, {turn} the
        # turn score so far.
        return Person(names[self.seat]).pick(
            _("You freeze {dice} for {points} (turn {turn})"),
            _("{name} freezes {dice} for {points} (turn {turn})"),
            dice=_dice(self.dice), points=_points(self.points), turn=_points(self.turn_score))


@dataclass(frozen=True)
class Corner(Event):
    turn_score: int
    dice: int = 6  # the fresh dice: 5 in the five-dice game
    kind: ClassVar[str] = "corner"

    def message(self, names: Sequence[str]) -> str:
        if self.dice == 5:
            return Person(names[self.seat]).pick(
                _("You turn the corner with {points}: five fresh dice"),
                _("{name} turns the corner with {points}: five fresh dice"),
                points=_points(self.turn_score))
        return Person(names[self.seat]).pick(
            _("You turn the corner with {points}: six fresh dice"),
            _("{name} turns the corner with {points}: six fresh dice"),
            points=_points(self.turn_score))


@dataclass(frozen=True)
class Pegged(Event):
    """Rotary Club: the turn score at a corner went onto the board."""

    points: int
    board_score: int
    kind: ClassVar[str] = "peg"

    def message(self, names: Sequence[str]) -> str:
        # Translators: Rotary Club; {total} is the board score after the points went on.
        return Person(names[self.seat]).pick(
            _("You peg {points} onto your board, now {total}"),
            _("{name} pegs {points} onto {name}'s board, now {total}"),
            points=_points(self.points), total=_points(self.board_score))


@dataclass(frozen=True)
class Banked(Event):
    points: int
    board_score: int
    kind: ClassVar[str] = "bank"

    def message(self, names: Sequence[str]) -> str:
        # Translators: {total} is the board score after banking.
        return Person(names[self.seat]).pick(
            _("You banked {points}, now {total}"), _("{name} banked {points}, now {total}"),
            points=_points(self.points), total=_points(self.board_score))


@dataclass(frozen=True)
class Trash(Event):
    lost: int
    kind: ClassVar[str] = "trash"

    def message(self, names: Sequence[str]) -> str:
        who = Person(names[self.seat])
        if self.lost:
            # Translators: {points} is the turn score lost to the trash throw.
            return who.pick(_("You threw trash and lose {points}"),
                            _("{name} threw trash and loses {points}"),
                            points=_points(self.lost))
        return who.pick(_("You threw trash"), _("{name} threw trash"))


@dataclass(frozen=True)
class ScoreTaken(Event):
    """Points taken from a challenged seat (``seat``) by a challenger's bank or peg."""

    points: int
    board_score: int
    by: int
    kind: ClassVar[str] = "taken"

    def message(self, names: Sequence[str]) -> str:
        by, loser = Person(names[self.by]), Person(names[self.seat])
        values = {"points": _points(self.points), "total": _points(self.board_score),
                  "loser": loser.name}
        # Translators: {total} is the challenged player's board score afterwards.
        if by.you:
            return _("Your challenge takes {points} from {loser}, now {total}").format(**values)
        if loser.you:
            return _("{name}'s challenge takes {points} from you, now {total}").format(
                name=by.name, **values)
        return _("{name}'s challenge takes {points} from {loser}, now {total}").format(
            name=by.name, **values)


@dataclass(frozen=True)
class Penalty(Event):
    """A penalty: ``reason`` is ``challenge`` or ``three-trash``; ``rotary``: a challenge's
    in Rotary Club, where every turn ends in trash and the penalty lowers the challenger's
    score, which helps him (the lowest score wins)."""

    points: int
    board_score: int
    reason: str
    rotary: bool = False
    kind: ClassVar[str] = "penalty"

    def message(self, names: Sequence[str]) -> str:
        who = Person(names[self.seat])
        values = {"points": _points(self.points), "total": _points(self.board_score)}
        if self.reason == "challenge" and self.rotary:
            return who.pick(_("Your challenge ends in trash: {points} off your score, now "
                              "{total}"),
                            _("{name}'s challenge ends in trash: {points} off {name}'s score, "
                              "now {total}"), **values)
        if self.reason == "challenge":
            return who.pick(_("You pay {points} for a failed challenge, now {total}"),
                            _("{name} pays {points} for a failed challenge, now {total}"),
                            **values)
        return who.pick(_("You pay {points} for three trash turns in a row, now {total}"),
                        _("{name} pays {points} for three trash turns in a row, now {total}"),
                        **values)


@dataclass(frozen=True)
class Discarded(Event):
    """Mutant Trash: a die went into the play area and its score to ``to_seat``."""

    die: int
    area: tuple[int, ...]
    points: int
    to_seat: int
    board_score: int
    kind: ClassVar[str] = "discard"

    def message(self, names: Sequence[str]) -> str:
        who, to = Person(names[self.seat]), Person(names[self.to_seat])
        values = {"die": self.die, "area": _dice(self.area), "other": to.name,
                  "points": _points(self.points), "total": _points(self.board_score)}
        # Translators: Mutant Trash. {die} is the face played, {area} the dice of the play
        # area, {other} the player who scores them, {total} that player's board score.
        if who.you:
            return _("You play a {die}; the play area ({area}) gives {other} {points}, "
                     "now {total}").format(**values)
        if to.you:
            return _("{name} plays a {die}; the play area ({area}) gives you {points}, "
                     "now {total}").format(name=who.name, **values)
        return _("{name} plays a {die}; the play area ({area}) gives {other} {points}, "
                 "now {total}").format(name=who.name, **values)


@dataclass(frozen=True)
class CatchUp(Event):
    """``seat`` reached the game point: every other player has one more turn (D-8)."""

    kind: ClassVar[str] = "catch-up"

    def message(self, names: Sequence[str]) -> str:
        return Person(names[self.seat]).pick(
            _("You reached the game point: everyone else has one more turn"),
            _("{name} reached the game point: everyone else has one more turn"))


@dataclass(frozen=True)
class TieBreak(Event):
    """The seats in ``seats`` are tied for first and each play one more turn (D-9)."""

    seats: tuple[int, ...]
    kind: ClassVar[str] = "tie-break"

    def message(self, names: Sequence[str]) -> str:
        tied = join_names([Person(names[s]) for s in self.seats])
        # Translators: {players} lists the tied players, such as "Ann, Bob and you".
        return _("Tie for first between {players}: one more turn each").format(players=tied)


@dataclass(frozen=True)
class GameOver(Event):
    """The game ended.  ``seat`` is the winner; ``ranking`` holds ``(seat, rank,
    board_score, match_points)`` rows, best first; ``turns`` is how many turns were
    played (what a one-seat game reports)."""

    ranking: tuple[tuple[int, int, int, int], ...]
    turns: int
    kind: ClassVar[str] = "game-over"

    def message(self, names: Sequence[str]) -> str:
        who = Person(names[self.seat])
        if len(self.ranking) == 1:
            return who.pick(
                ngettext("You reached the game point in {turns} turn",
                         "You reached the game point in {turns} turns", self.turns),
                ngettext("{name} reached the game point in {turns} turn",
                         "{name} reached the game point in {turns} turns", self.turns),
                turns=_points(self.turns))
        return who.pick(_("You win with {points}!"), _("{name} wins with {points}!"),
                        points=_points(self.ranking[0][2]))


EVENT_TYPES: dict[str, type[Event]] = {
    cls.kind: cls
    for cls in (TurnStarted, Challenged, Thrown, Frozen, Corner, Pegged, Banked, Trash,
                ScoreTaken, Penalty, Discarded, CatchUp, TieBreak, GameOver)
}
