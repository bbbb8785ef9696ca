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

from .grammar import Person, join_objects


def _points(n: int) -> str:
    return f"{n:,}"


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
        data = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        for key, value in data.items():
            if isinstance(value, tuple):
                data[key] = _listify(value)
        data["type"] = self.kind
        return data

    @staticmethod
    def from_dict(data: Any) -> Event:
        """Rebuild an event; raises ValueError on anything malformed."""
        if not isinstance(data, dict) or data.get("type") not in EVENT_TYPES:
            raise ValueError(f"not an event: {data!r:.80}")
        cls = EVENT_TYPES[data["type"]]
        values = {}
        for f in dataclasses.fields(cls):
            if f.name not in data:
                raise ValueError(f"event {cls.kind} lacks {f.name}")
            values[f.name] = _tuplify(data[f.name])
        event = cls(**values)
        event.check()
        return event

    def check(self) -> None:
        """Raise ValueError when a field has the wrong type (used when loading)."""
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if not _type_ok(value, str(f.type)):
                raise ValueError(f"event {self.kind}: bad {f.name} {value!r:.60}")


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
        extra = {"catch-up": " (last turn)", "tie-break": " (tie-break turn)"}.get(self.stage, "")
        return f"{Person(names[self.seat]).Possessive} turn{extra}"


@dataclass(frozen=True)
class Challenged(Event):
    target: int
    penalty: int
    kind: ClassVar[str] = "challenge"

    def message(self, names: Sequence[str]) -> str:
        who = Person(names[self.seat])
        return (
            f"{who.says('challenges')} {Person(names[self.target]).object} "
            f"(trash would cost {who.object} {_points(self.penalty)})"
        )


@dataclass(frozen=True)
class Thrown(Event):
    """Dice were thrown.  ``trash`` is true when nothing among them can be frozen."""

    dice: tuple[int, ...]
    trash: bool
    kind: ClassVar[str] = "throw"

    def message(self, names: Sequence[str]) -> str:
        who = Person(names[self.seat])
        return f"{who.says('throws')} {_dice(self.dice)}" + (" - trash!" if self.trash else "")


@dataclass(frozen=True)
class Frozen(Event):
    dice: tuple[int, ...]
    points: int
    turn_score: int
    kind: ClassVar[str] = "freeze"

    def message(self, names: Sequence[str]) -> str:
        return (
            f"{Person(names[self.seat]).says('freezes')} {_dice(self.dice)} for "
            f"{_points(self.points)}"
            f" (turn {_points(self.turn_score)})"
        )


@dataclass(frozen=True)
class Corner(Event):
    turn_score: int
    kind: ClassVar[str] = "corner"

    def message(self, names: Sequence[str]) -> str:
        who = Person(names[self.seat])
        return f"{who.says('turns')} the corner with {_points(self.turn_score)}: six fresh dice"


@dataclass(frozen=True)
class Pegged(Event):
    """Rotary Club: the turn score at a corner went onto the board."""

    points: int
    board_score: int
    kind: ClassVar[str] = "peg"

    def message(self, names: Sequence[str]) -> str:
        who = Person(names[self.seat])
        return (
            f"{who.says('pegs')} {_points(self.points)} onto {who.possessive} board, "
            f"now {_points(self.board_score)}"
        )


@dataclass(frozen=True)
class Banked(Event):
    points: int
    board_score: int
    kind: ClassVar[str] = "bank"

    def message(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} banked {_points(self.points)}, now {_points(self.board_score)}"


@dataclass(frozen=True)
class Trash(Event):
    lost: int
    kind: ClassVar[str] = "trash"

    def message(self, names: Sequence[str]) -> str:
        who = Person(names[self.seat])
        if self.lost:
            return f"{who.subject} threw trash and {who.verb('loses')} {_points(self.lost)}"
        return f"{names[self.seat]} threw trash"


@dataclass(frozen=True)
class ScoreTaken(Event):
    """Points taken from a challenged seat (``seat``) by a challenger's bank or peg."""

    points: int
    board_score: int
    by: int
    kind: ClassVar[str] = "taken"

    def message(self, names: Sequence[str]) -> str:
        return (
            f"{Person(names[self.by]).Possessive} challenge takes {_points(self.points)} from "
            f"{Person(names[self.seat]).object}, now {_points(self.board_score)}"
        )


@dataclass(frozen=True)
class Penalty(Event):
    """A penalty: ``reason`` is ``challenge`` or ``three-trash``."""

    points: int
    board_score: int
    reason: str
    kind: ClassVar[str] = "penalty"

    def message(self, names: Sequence[str]) -> str:
        why = "a failed challenge" if self.reason == "challenge" else "three trash turns in a row"
        return (
            f"{Person(names[self.seat]).says('pays')} {_points(self.points)} for {why}, "
            f"now {_points(self.board_score)}"
        )


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
        return (
            f"{Person(names[self.seat]).says('plays')} a {self.die}; the play area "
            f"({_dice(self.area)}) gives {Person(names[self.to_seat]).object} "
            f"{_points(self.points)}, now {_points(self.board_score)}"
        )


@dataclass(frozen=True)
class CatchUp(Event):
    """``seat`` reached the game point: every other player has one more turn (D-8)."""

    kind: ClassVar[str] = "catch-up"

    def message(self, names: Sequence[str]) -> str:
        return (f"{Person(names[self.seat]).subject} reached the game point: everyone else "
                "has one more turn")


@dataclass(frozen=True)
class TieBreak(Event):
    """The seats in ``seats`` are tied for first and each play one more turn (D-9)."""

    seats: tuple[int, ...]
    kind: ClassVar[str] = "tie-break"

    def message(self, names: Sequence[str]) -> str:
        tied = join_objects([Person(names[s]) for s in self.seats])
        return f"Tie for first between {tied}: one more turn each"


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
            return f"{who.subject} reached the game point in {self.turns} turns"
        return f"{who.says('wins')} with {_points(self.ranking[0][2])}!"


EVENT_TYPES: dict[str, type[Event]] = {
    cls.kind: cls
    for cls in (TurnStarted, Challenged, Thrown, Frozen, Corner, Pegged, Banked, Trash,
                ScoreTaken, Penalty, Discarded, CatchUp, TieBreak, GameOver)
}
