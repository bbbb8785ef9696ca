"""Checkpoints of a record: the game as it stood every few commands, kept in memory so that
undo, redo and :meth:`Record.game_at` play again only the commands since the nearest
checkpoint, not the whole game from its start.

The record takes them itself as the game goes (:meth:`Record.note`), when a person plays
(undo is theirs; a game of computers alone, as the simulator plays by the thousand, is
spared their cost: a few tens of microseconds each).  A game rebuilt from one gets the
record's checkpoints up to it and goes on taking its own.  They never enter a save: the
save format is the record's start and commands, as before.

A checkpoint holds the game's own fields (the mutable ones copied), the generator's state
and the length of the log.  The log itself is the game's: events are immutable and a log
is only appended to, so its first entries serve any game rebuilt from the checkpoint.  All
this assumes what the record's module says: a game changes only by its commands.

They are dense near the end of the game, where undo goes, and thinner further back: one
every :data:`SPACING` commands for the last ``SPACING * PER_LEVEL`` commands, one every
``2 * SPACING`` for the ``2 * SPACING * PER_LEVEL`` before those, and so on, doubling.
So a game of ``n`` commands keeps about ``PER_LEVEL * log2(n / (SPACING * PER_LEVEL))``
of them (50 at 10,000 commands, 85 at 200,000), some 5 kB each; an undo plays again fewer
than :data:`SPACING` commands beyond those it takes back, and a step ``d`` commands from
the end at most about ``SPACING + d / PER_LEVEL``.
"""

from __future__ import annotations

import bisect
import random
from array import array
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from .play import Play

if TYPE_CHECKING:
    from .events import Event

P = TypeVar("P", bound="Play")

#: A checkpoint every SPACING commands near the end of the game...
SPACING = 16
#: ...for PER_LEVEL checkpoints; then half as many per command for twice as far, and so on.
PER_LEVEL = 8

#: The game's fields a checkpoint does not copy: the log (shared), the players' hooks, the
#: record and the dice, which the record sets on a rebuilt game itself.
_NOT_COPIED = frozenset({"log", "listeners", "record", "rng", "dice_source"})

#: 32-bit words for the generator's 624 words and its index (four times smaller than ints).
_WORDS = "I" if array("I").itemsize >= 4 else "L"

RngState = tuple[Any, ...]

#: The types of field a checkpoint copies; any other (numbers, strings, tuples, phases,
#: events, the rules) is immutable and shared.
_MUTABLE = (list, dict, set)


def _copy(value: Any) -> Any:
    """A copy of a game field deep enough that neither copy changes the other."""
    kind = type(value)
    if kind is list:
        return [_copy(v) if type(v) in _MUTABLE else v for v in value]
    if kind is dict:
        return {k: _copy(v) if type(v) in _MUTABLE else v for k, v in value.items()}
    return set(value) if kind is set else value


def _fields(fields: dict[str, Any]) -> dict[str, Any]:
    """A copy of a game's fields (of its ``vars``) but those a checkpoint does not keep."""
    out = fields.copy()
    for key in _NOT_COPIED:
        out.pop(key, None)
    for key, value in out.items():
        if type(value) in _MUTABLE:
            out[key] = _copy(value)
    return out


@dataclass(frozen=True, eq=False)
class Checkpoint:
    """The game after ``index`` commands of its record."""

    index: int
    log_length: int
    fields: dict[str, Any]  # never changed: a game rebuilt from it gets a copy
    #: The generator's state as (version, words, gauss); None when the record's dice are
    #: recorded (its replays never move the generator: the record knows the state).
    rng: tuple[int, array[int], Any] | None

    @classmethod
    def take(cls, game: Play, index: int, *, generator: bool) -> Checkpoint:
        """The checkpoint of ``game`` as it stands, after ``index`` commands (its
        generator's state with ``generator``, for a record whose dice come from it)."""
        fields = _fields(vars(game))
        rng = None
        if generator:
            version, words, gauss = game.rng.getstate()
            rng = (version, array(_WORDS, words), gauss)
        return cls(index, len(game.log), fields, rng)

    def rng_state(self, recorded: RngState | None) -> RngState:
        """The generator's state here: its own, or the record's for recorded dice."""
        if self.rng is None:
            assert recorded is not None
            return recorded
        version, words, gauss = self.rng
        return version, tuple(words), gauss

    def restore(self, kind: type[P], log: list[Event], rng_state: RngState) -> P:
        """A new game of ``kind`` in this checkpoint's position, ``log`` being the log of a
        game that passed through it; without record or dice source (the caller gives
        them).  The record passes its Game class: this module sits below it."""
        game = kind.__new__(kind)
        vars(game).update(_fields(self.fields))
        game.log = log[:self.log_length]
        game.listeners = []
        game.rng = random.Random()
        game.rng.setstate(rng_state)
        return game


def _level(distance: int) -> int:
    """0 for the last SPACING * PER_LEVEL commands, 1 for the twice as many before, ..."""
    return (distance // (SPACING * PER_LEVEL) + 1).bit_length() - 1


def kept(index: int, length: int) -> bool:
    """Whether a record of ``length`` commands keeps a checkpoint after ``index``.  Once
    dropped it is never wanted again: the spacing only grows as the game does."""
    return index % (SPACING << _level(length - index)) == 0


def trial_copy(game: Play) -> Play:
    """A copy of ``game`` in its position to try a command on, so that nothing of the game
    moves: a plain :class:`~.play.Play` without log, listeners, record or dice source (the
    caller gives it one), with a generator of its own in the same state."""
    return Checkpoint.take(game, 0, generator=False).restore(Play, [], game.rng.getstate())


class Checkpoints:
    """A record's checkpoints, in the order of their index; ``dense`` ones are never
    thinned out (a replay's, which jumps to any step: see :meth:`Record.keep_every_checkpoint`)."""

    def __init__(self, items: Iterable[Checkpoint] = (), *, dense: bool = False) -> None:
        self.items: list[Checkpoint] = list(items)
        self.dense = dense

    def __len__(self) -> int:
        return len(self.items)

    @staticmethod
    def due(length: int) -> bool:
        """Whether a record should take a checkpoint now that it has ``length`` commands."""
        return length % SPACING == 0

    def add(self, checkpoint: Checkpoint) -> None:
        """Add the checkpoint of the record's last command and thin out the older ones."""
        length = checkpoint.index
        if self.dense:
            while self.items and self.items[-1].index >= length:
                self.items.pop()
        else:
            self.items = [c for c in self.items if c.index < length and kept(c.index, length)]
        self.items.append(checkpoint)

    def before(self, index: int) -> Checkpoint | None:
        """The latest checkpoint at or before command ``index``, or None."""
        i = bisect.bisect_right(self.items, index, key=lambda c: c.index)
        return self.items[i - 1] if i else None

    def upto(self, index: int) -> Checkpoints:
        """The checkpoints at or before command ``index`` (shared: they never change)."""
        i = bisect.bisect_right(self.items, index, key=lambda c: c.index)
        return Checkpoints(self.items[:i])
