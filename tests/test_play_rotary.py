"""Rotary Club as the engine plays it (D-8, RULES.md): the rules the solver follows."""

from __future__ import annotations

from tenthousand.model.game import Game, Seat
from tenthousand.model.rules import PRESETS


def test_the_engine_plays_rotary_club_as_the_solver_does() -> None:  # D-8, RULES.md
    """What the solver relies on: a peg that reaches the game point does not end the turn
    (the finisher pegs again at his next corner), the other then has his catch-up turn, and
    the lower board wins."""
    rules = PRESETS["trash-5000"].with_options("rotary-club")
    throws = [[1, 1, 1, 5, 5, 5], [1, 1, 1, 5, 5, 5], [2, 3, 4, 6, 6, 2],  # seat 0
              [5, 2, 3, 4, 6, 6], [2, 3, 4, 6, 2]]  # seat 1: a 5, then trash
    game = Game(rules, [Seat("A"), Seat("B")], first_seat=0,
                dice=lambda n: tuple(throws.pop(0))[:n])
    game.board = [4000, 3000]
    game.throw()
    game.throw(game.indices_for((1, 1, 1, 5, 5, 5)))  # pegs 1,500: 5,500, the game point
    assert game.board[0] == 5500 and game.reacher == 0 and game.current == 0
    game.throw(game.indices_for((1, 1, 1, 5, 5, 5)))  # his turn goes on: 7,000, then trash
    assert game.board[0] == 7000 and game.stage == "catch-up" and game.current == 1
    game.throw()
    game.throw(game.indices_for((5,)))  # the chaser freezes a 5 and trashes: 3,000
    assert game.over and game.result is not None and game.result.seat == 1
