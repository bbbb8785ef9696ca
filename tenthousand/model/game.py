"""The game: seats, turns, the state machine of a turn, the end game and the match table,
and the record of every command.

A :class:`Game` is driven by four commands, each of which either changes the game and
returns the events it caused, or raises :class:`IllegalAction` and changes nothing:

* :meth:`Game.challenge` - at the start of a turn, challenge another seat (option).
* :meth:`Game.throw` - freeze the chosen dice of the last throw (none at the start of a
  turn) and throw the rest; six fresh dice after a corner.
* :meth:`Game.bank` - freeze the chosen dice and add the turn score to the board.
* :meth:`Game.discard` - Mutant Trash: play one die into the play area.

Dice of a throw are chosen by their index in :attr:`Game.thrown`.  Every command that
succeeds is written into :attr:`Game.record` (see :mod:`tenthousand.model.record`), from
which the game can be replayed, undone and redone.

This module names the game for its callers.  The rules of play are in
:mod:`tenthousand.model.play` (:class:`~tenthousand.model.play.Play`, which knows no
record); :class:`Game` is that play with its record, and lives in
:mod:`tenthousand.model.record`, because a game starts its record and a record replays
games: apart, the two modules would import each other.
"""

from __future__ import annotations

from .play import DiceSource, IllegalAction, Phase, Seat
from .record import Game

__all__ = ["DiceSource", "Game", "IllegalAction", "Phase", "Seat"]
