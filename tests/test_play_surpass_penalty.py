"""Surpassing and the trash penalty together as the engine plays them (D-14): the rules the
solver's features follow (tenthousand/solver/features)."""

from __future__ import annotations

from rules_kit import bank_turn, new_game, of, trash_turn

from tenthousand.model.events import Penalty
from tenthousand.model.rules import PRESETS

ENGINE = PRESETS["ten-thousand"].with_options("surpassing", "three-trash", game_point=1000,
                                              trash_penalty=500, score_floor=0)


FIVE = [5, 2, 3, 4, 6, 2]  # a 5: 50


def test_a_trash_that_costs_the_penalty_added_nothing_to_beat() -> None:
    game, dice = new_game(ENGINE, board=[600, 300])
    game.trash_streak[:] = [2, 0]
    game.last_turn_added = 200  # seat 1 banked 200 last: seat 0 must beat it
    assert game.minimum() == 250
    events = trash_turn(game, dice)  # his third trash in a row
    assert [(p.points, p.board_score) for p in of(events, Penalty)] == [(500, 100)]
    assert game.current == 1 and game.to_beat() == 0 and game.minimum() == 50
    assert game.trash_streak == [0, 0]
    bank_turn(game, dice, FIVE, [5])  # a bank ends the run and is the score to beat
    assert game.to_beat() == 50 and game.minimum() == 100 and game.trash_streak == [0, 0]


def test_the_chasers_last_trash_in_a_row_costs_him_the_penalty_and_loses() -> None:
    game, dice = new_game(ENGINE, board=[900, 800])
    game.trash_streak[:] = [0, 2]
    bank_turn(game, dice, [1, 5, 2, 3, 4, 6], [1, 5])  # 150 reaches 1,050
    assert game.stage == "catch-up" and game.current == 1 and game.to_beat() == 150
    events = trash_turn(game, dice)
    assert [(p.seat, p.points) for p in of(events, Penalty)] == [(1, 500)]
    assert game.over and game.ranking()[0][0] == 0


def test_a_tie_break_after_penalties_has_nothing_to_beat() -> None:
    game, dice = new_game(ENGINE, board=[900, 800])
    game.trash_streak[:] = [2, 2]
    bank_turn(game, dice, [1, 5, 2, 3, 4, 6], [1, 5])  # 150 reaches 1,050
    bank_turn(game, dice, [1, 1, 5, 2, 3, 4], [1, 1, 5])  # 250 beats 150 and ties
    assert game.stage == "tie-break" and game.current == 0 and game.trash_streak == [0, 0]
    assert game.to_beat() == 250  # seat 0 opens the round and must beat seat 1's 250 (D-14)
    paid = []
    for _round in range(3):  # both trash three rounds running: the third costs each 500
        for seat in (0, 1):
            assert game.current == seat and game.stage == "tie-break"
            paid += [(p.seat, p.points) for p in of(trash_turn(game, dice), Penalty)]
    assert paid == [(0, 500), (1, 500)] and game.board == [550, 550] and not game.over
    assert game.current == 0 and game.to_beat() == 0 and game.minimum() == 50
    trash_turn(game, dice)
    assert game.to_beat() == 0  # the second has nothing to beat: any bank wins
    bank_turn(game, dice, FIVE, [5])
    assert game.over and game.ranking()[0][:3] == (1, 1, 600)


