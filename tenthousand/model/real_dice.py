"""Real dice at the table: a throw as a player enters it, read and checked, and the dice
source that hands the entered faces to the game.

A game played with real dice is scored and refereed by the same engine as any other: the
only difference is where the faces of a throw come from.  Its dice source is an
:class:`EnteredDice`, loaded with the faces entered just before the throw command runs;
the record writes the faces of each throw down (``recorded_dice``), so it replays to the
same events with no seed.  :func:`dice_wanted` says, before anything is thrown, how many
dice a throw needs (or why the rules refuse it), so a player is asked for exactly that
many and a refused throw costs nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..i18n import _, ngettext, number
from .checkpoints import trial_copy
from .game import Game
from .play import Play, Seat
from .rules import Rules

__all__ = ["EntryRefused", "EnteredDice", "MAX_ENTRY", "dice_wanted", "entered_dice",
           "is_real", "read_throw", "real_game"]

#: The longest entry read (digits and separators): more is refused, not read.
MAX_ENTRY = 40
#: What may stand between the faces of an entry: "1 1 4", "1,1,4", "1-1-4".
SEPARATORS = frozenset(" ,;-/\t")


class EntryRefused(ValueError):
    """An entry that does not fit the throw; the message is one sentence for the player."""


def read_throw(text: str, count: int) -> tuple[int, ...]:
    """The faces of ``text`` ("114556", "1 1 4 5 5 6", in any order) for a throw of
    ``count`` dice; :class:`EntryRefused` saying why when it does not fit, whole."""
    if len(text) > MAX_ENTRY:
        raise EntryRefused(_("That is too long for a throw: enter one digit, 1 to 6, "
                             "for each die."))
    faces: list[int] = []
    for char in text:
        if char in SEPARATORS:
            continue
        if char in "0789":
            # Translators: {face} is a digit typed for a die (0, 7, 8 or 9).
            raise EntryRefused(_("{face} is not a face of a die: a die shows 1 to 6.").format(
                face=char))
        if char not in "123456":
            raise EntryRefused(_("\u201c{char}\u201d is not a face of a die: enter the digits "
                                 "1 to 6.").format(char=char))
        faces.append(int(char))
    if len(faces) != count:
        entered = ngettext("{n} face was entered", "{n} faces were entered",
                           len(faces)).format(n=number(len(faces)))
        # Translators: {entered} is "3 faces were entered".
        raise EntryRefused(ngettext("This throw is of {count} die, but {entered}.",
                                    "This throw is of {count} dice, but {entered}.",
                                    count).format(count=number(count), entered=entered))
    return tuple(faces)


class EnteredDice:
    """A game's dice source for real dice: gives the faces :meth:`load` was given, once,
    to the throw that follows."""

    def __init__(self) -> None:
        self._faces: tuple[int, ...] | None = None

    def load(self, faces: Sequence[int]) -> None:
        """The faces of the throw about to be made (checked by :func:`read_throw`)."""
        self._faces = tuple(faces)

    @property
    def loaded(self) -> bool:
        return self._faces is not None

    def clear(self) -> None:
        self._faces = None

    def __call__(self, count: int) -> Sequence[int]:
        faces, self._faces = self._faces, None
        if faces is None or len(faces) != count:
            # A programming error (the count is asked first), not the player's.
            raise ValueError(f"no throw of {count} dice was entered (have {faces!r})")
        return faces


class _Asked(Exception):
    def __init__(self, count: int) -> None:
        super().__init__(count)
        self.count = count


def _ask(count: int) -> Sequence[int]:
    raise _Asked(count)


def dice_wanted(game: Play, freeze: Iterable[int] = ()) -> int:
    """How many dice a throw freezing ``freeze`` throws now (six after a corner), tried
    on a copy of ``game``; :class:`~tenthousand.model.play.IllegalAction` saying why the
    rules refuse the throw, as the throw itself would."""
    copy = trial_copy(game)
    copy.dice_source = _ask
    try:
        copy.throw(list(freeze))
    except _Asked as asked:
        return asked.count
    raise AssertionError("a throw that threw no dice")  # the engine always throws


def real_game(rules: Rules, seats: Sequence[Seat], dice_set: str, *, seed: int | None = None,
              first_seat: int | None = None, match_points: Sequence[int] | None = None, games_played: int = 0,
              match_games: Sequence[Sequence[tuple[int, int, int, int]]] = ()) -> Game:
    """A new game thrown with real dice of the set ``dice_set`` (its record says so)."""
    game = Game(rules, seats, seed=seed, dice=EnteredDice(), first_seat=first_seat,
                match_points=match_points,
                games_played=games_played, match_games=match_games)
    game.record.real_dice = dice_set
    return game


def is_real(game: Play) -> bool:
    """Whether ``game`` is played with real dice (its record names the set)."""
    record = getattr(game, "record", None)
    return record is not None and record.real_dice is not None


def entered_dice(game: Play) -> EnteredDice:
    """The entered-dice source of a real-dice game, given to it if it has another: a game
    resumed or undone plays its recorded faces back first, and from now on the table asks."""
    source = game.dice_source
    if not isinstance(source, EnteredDice):
        source = EnteredDice()
        game.dice_source = source
    return source
