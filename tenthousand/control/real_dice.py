"""Real dice at the table: each throw of a real-dice game waits for its faces to be
entered, then is played as any throw.

The controller asks :meth:`DiceEntry.holds` before every game command.  A throw of a game
played with real dice (``record.real_dice``) is held: the rules check it first on a copy
(:func:`~tenthousand.model.real_dice.dice_wanted`: a refused throw is refused as always,
and the copy says how many dice it throws), then the entry row asks for that many faces.
Typed digits or clicked faces build the entry, Backspace corrects it, Enter hands it to
:func:`~tenthousand.model.real_dice.read_throw`; a wrong entry is refused whole with its
reason, a right one is loaded into the game's dice source and the held command runs, so
the throw is the engine's and the record keeps its faces.  Nothing of an entry is saved
until it counts: a kill during entry loses the throw being typed, and the game resumed
asks for it again.  A computer seat's throw is held the same way: it says what it freezes,
and waits for someone to throw for it.  No Tk here: the controller's tests play it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from ..ai.moves import Move, apply
from ..i18n import _, ngettext, number
from ..model import Game, IllegalAction
from ..model.game import Phase
from ..model.real_dice import EntryRefused, dice_wanted, entered_dice, is_real, read_throw
from ..present import dice_entry
from ..present.dice_entry import EntryDisplay
from ..services.speech import Priority
from .messages import Kind, Messages

__all__ = ["DiceEntry", "move_of", "throw_of"]


def throw_of(game: Game, command: Callable[..., Any], args: Sequence[Any]) -> tuple[int, ...] | None:
    """The dice a game command freezes before it throws, or None when it throws nothing:
    the person's ``game.throw`` (with the selection), or a computer's move carried out by
    :func:`~tenthousand.ai.moves.apply` that throws (at the start of a turn, or on)."""
    if getattr(command, "__self__", None) is game and getattr(command, "__name__", "") == "throw":
        return tuple(args[0]) if args else ()
    move = move_of(game, command)
    if move is not None:
        if move.phase is Phase.START:
            return ()
        if move.phase is Phase.CHOOSE and not move.bank:
            return tuple(move.freeze)
    return None


def move_of(game: Game, command: Callable[..., Any]) -> Move | None:
    """The computer's move a command carries out on ``game`` (see
    :func:`~tenthousand.ai.moves.commands`), or None for any other command."""
    if isinstance(command, partial) and command.func is apply and len(command.args) == 2 \
            and command.args[0] is game and isinstance(command.args[1], Move):
        return command.args[1]
    return None


@dataclass
class _Held:
    """A throw waiting for its dice: the command and its arguments, as the controller gave
    them, and the faces entered so far."""

    command: Callable[..., Any]
    args: tuple[Any, ...]
    seat: int
    count: int
    computer: bool
    position: tuple[int, int]  # the game and the length of its log when it was held
    faces: list[int] = field(default_factory=list)
    problem: str = ""  # why the last Enter was refused, shown in the row until typing on


class DiceEntry:
    """The entry of real dice for the game on the table (``game()``).

    ``run(command, *args)`` is the controller's way of running a game command (it asks
    :meth:`holds` again, which lets it through once the faces are in); ``may_offer()``
    whether a person is to throw now with nothing else to answer first (a challenge);
    :attr:`show` draws the entry row (None: no row), set by the window.
    """

    def __init__(self, *, game: Callable[[], Game], is_computer: Callable[[int], bool],
                 may_offer: Callable[[], bool], run: Callable[..., bool],
                 messages: Messages) -> None:
        self._game = game
        self._is_computer = is_computer
        self._may_offer = may_offer
        self._run = run
        self._messages = messages
        self.show: Callable[[EntryDisplay | None], None] = lambda _display: None
        self._held: _Held | None = None

    # -- the controller's calls -----------------------------------------------------------

    @property
    def open(self) -> bool:
        """Whether the table is waiting for the dice of a throw."""
        return self._held is not None and self._held.position == self._position()

    def holds(self, command: Callable[..., Any], args: Sequence[Any] = (), *,
              offered: bool = False) -> bool:
        """Whether ``command`` must wait for dice to be entered (then the entry row asks
        for them); False lets it run: not a throw, not real dice, the dice are in, or a
        throw the rules refuse (the command itself says why).  ``offered``: asked at the
        start of a person's turn, not by the person (said after what is being said)."""
        game = self._game()
        if not is_real(game) or entered_dice(game).loaded:
            return False
        freeze = throw_of(game, command, args)
        if freeze is None:
            self._tell_bank(game, command)
            return False
        try:
            count = dice_wanted(game, freeze)
        except IllegalAction:
            return False
        seat = game.current
        computer = self._is_computer(seat)
        # The same throw asked for again (a computer's step after a dialog): what was
        # typed of it stays.
        typed = self._held.faces if self.open and self._held is not None and \
            self._held.count == count and self._held.seat == seat else []
        self._held = _Held(command, tuple(args), seat, count, computer, self._position(),
                           typed)
        if computer:
            faces = tuple(game.thrown[i] for i in freeze if 0 <= i < len(game.thrown))
            self._messages.tell(dice_entry.computer_decision(game.names[seat], faces, False,
                                                             count), Kind.EVENT)
        else:  # offered: after what is being said (the computer's last moves are not cut)
            self._messages.tell(self._ask_text(), Kind.NOTE,
                                priority=Priority.QUEUED if offered else Priority.NORMAL)
        self._draw()
        return True

    def offer(self) -> None:
        """A person is to throw at the start of a turn of a real-dice game: ask for the
        dice at once (a resumed game too)."""
        game = self._game()
        if (self.open or game.over or not is_real(game) or game.phase is not Phase.START
                or not self._may_offer()):
            return
        self.holds(game.throw, offered=True)

    def drop(self) -> None:
        """The game on the table moved on another way (undo, a new game, demo mode): the
        throw held is not wanted any more."""
        if self._held is not None:
            self._held = None
            self.show(None)

    def display(self) -> EntryDisplay | None:
        held = self._held if self.open else None
        if held is None:
            return None
        return dice_entry.entry_display(held.seat, self._game().names[held.seat], held.count,
                                        held.faces, computer=held.computer,
                                        problem=held.problem)

    # -- the player's input ---------------------------------------------------------------

    def type_face(self, face: int) -> None:
        """A digit typed or a face clicked: one more die of the entry."""
        held = self._current()
        if held is None:
            return
        if not 1 <= face <= 6:
            try:
                read_throw(str(face), 1)
            except EntryRefused as refused:
                self._messages.tell(str(refused), Kind.REFUSAL)
            return
        if len(held.faces) >= held.count:
            self._messages.tell(ngettext(
                "The {count} die is entered: press Enter, or Backspace to correct it.",
                "All {count} dice are entered: press Enter, or Backspace to correct them.",
                held.count).format(count=number(held.count)), Kind.REFUSAL)
            return
        held.faces.append(face)
        held.problem = ""
        self._messages.say(dice_entry.typed_face(face, len(held.faces), held.count),
                           Priority.NORMAL)
        self._draw()

    def backspace(self) -> None:
        """Take back the last face entered (it has not counted yet)."""
        held = self._current()
        if held is None:
            return
        if not held.faces:
            self._messages.tell(_("Nothing is entered yet."), Kind.REFUSAL)
            return
        face = held.faces.pop()
        held.problem = ""
        self._messages.say(dice_entry.took_back(face, held.faces), Priority.NORMAL)
        self._draw()

    def enter(self) -> None:
        """Enter: the faces count, if they fit the throw; if not, the entry is refused
        whole with the reason, shown in the row beside the faces typed (to correct them)."""
        held = self._current()
        if held is None:
            return
        try:
            faces = read_throw(dice_entry.faces_text(held.faces), held.count)
        except EntryRefused as refused:  # the faces stay, to be corrected; the row says why
            held.problem = str(refused)
            self._messages.tell(held.problem, Kind.REFUSAL)
            self._draw()
            return
        self._messages.withdraw(self._ask_text())  # the prompt has been answered
        self._held = None
        self.show(None)
        source = entered_dice(self._game())
        source.load(faces)
        try:
            self._run(held.command, *held.args)
        finally:
            source.clear()  # (used by the throw; a throw refused after all leaves nothing)

    def cancel(self) -> bool:
        """Esc while a person's throw waits: back to choosing the dice to freeze (a
        computer's throw waits on: it has decided).  Whether it went back."""
        held = self._current()
        if held is None or held.computer:
            return False
        self.drop()
        self._messages.tell(_("The throw is put off: choose your dice again, or throw."))
        return True

    def not_yet(self) -> None:
        """Throw or bank asked while the table waits for the dice of a throw."""
        self._messages.tell(self._ask_text(), Kind.REFUSAL)

    # -- inside ---------------------------------------------------------------------------

    def _tell_bank(self, game: Game, command: Callable[..., Any]) -> None:
        """A computer seat at a real table banks: it says so, with the dice it keeps."""
        move = move_of(game, command)
        if move is not None and move.phase is Phase.CHOOSE and move.bank \
                and self._is_computer(game.current):
            faces = tuple(game.thrown[i] for i in move.freeze if 0 <= i < len(game.thrown))
            self._messages.tell(dice_entry.computer_decision(
                game.names[game.current], faces, True, 0), Kind.EVENT)

    def _ask_text(self) -> str:
        shown = self.display()
        return shown.prompt if shown is not None else ""

    def _position(self) -> tuple[int, int]:
        game = self._game()
        return (id(game), len(game.log))

    def _current(self) -> _Held | None:
        if not self.open:
            self.drop()
            return None
        return self._held

    def _draw(self) -> None:
        self.show(self.display())
