"""A command of a record: one decision of one seat, as a game carries it out and a save
writes it (see :mod:`tenthousand.model.record`, which re-exports :class:`Command`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..i18n import _
from .play import IllegalAction

if TYPE_CHECKING:
    from .events import Event
    from .play import Play

COMMANDS = ("challenge", "throw", "bank", "discard")


@dataclass(frozen=True)
class Command:
    """One decision: ``seat`` gave command ``name`` with ``args`` (the frozen dice's
    indices for throw and bank, ``(target,)`` for challenge, ``(index,)`` for discard).

    ``dice`` holds the faces the command threw, only in a game whose dice came from a
    scripted source rather than the record's generator (or in a record shared before the
    game's end, :meth:`Record.shared_dict`).  ``stand_in``: the computer gave this command
    for a person's seat (demo mode); it is not the person's decision.
    """

    seat: int
    name: str
    args: tuple[int, ...]
    dice: tuple[tuple[int, ...], ...] | None = None
    stand_in: bool = False

    def apply(self, game: Play) -> list[Event]:
        """Give this command to ``game`` (IllegalAction when it cannot be played there)."""
        if game.current != self.seat or game.over:
            raise IllegalAction(_("it is not the turn of seat {seat}").format(seat=self.seat + 1))
        if self.name == "challenge":
            return game.challenge(self.args[0])
        if self.name == "throw":
            return game.throw(self.args)
        if self.name == "bank":
            return game.bank(self.args)
        return game.discard(self.args[0])

    def to_dict(self) -> dict[str, Any]:
        value: Any = list(self.args) if self.name in ("throw", "bank") else self.args[0]
        data: dict[str, Any] = {"seat": self.seat, self.name: value}
        if self.dice is not None:
            data["dice"] = [list(d) for d in self.dice]
        if self.stand_in:  # written only when set: records before the field read the same
            data["stand_in"] = True
        return data

    @staticmethod
    def from_dict(data: Any, seats: int) -> Command:
        """A command from JSON; ValueError with a sentence when it is malformed."""
        if not isinstance(data, dict):
            raise ValueError(_("a command must be a JSON object"))
        seat = data.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < seats:
            raise ValueError(_("a command names no seat of this game: {seat}").format(
                seat=f"{seat!r:.20}"))
        names = [n for n in COMMANDS if n in data]
        if len(names) != 1 or set(data) - {"seat", "dice", "stand_in", names[0]}:
            # Translators: the command names are words of the save format: keep them.
            raise ValueError(_("a command must be one of challenge, throw, bank or discard"))
        name, value = names[0], data[names[0]]
        if name in ("throw", "bank"):
            if not isinstance(value, list) or len(value) > 6 \
                    or not all(_is_int(v) and 0 <= v < 6 for v in value):
                # Translators: {command} is "throw" or "bank", a word of the save format.
                raise ValueError(_("a {command} must list die numbers 0 to 5").format(
                    command=name))
            args = tuple(value)
        else:
            if not _is_int(value) or not 0 <= value < 9:
                # Translators: {command} is "challenge" or "discard", a word of the save format.
                raise ValueError(_("a {command} must name one number from 0 to 8").format(
                    command=name))
            args = (value,)
        dice = data.get("dice")
        if dice is not None:
            if not isinstance(dice, list) or len(dice) > 64 or not all(
                    isinstance(d, list) and 1 <= len(d) <= 6
                    and all(_is_int(f) and 1 <= f <= 6 for f in d) for d in dice):
                raise ValueError(_("a command's dice must be lists of faces 1 to 6"))
            dice = tuple(tuple(d) for d in dice)
        stand_in = data.get("stand_in", False)
        if not isinstance(stand_in, bool):
            raise ValueError(_("'{key}' must be true or false").format(key="stand_in"))
        return Command(seat, name, args, dice, stand_in)


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)
