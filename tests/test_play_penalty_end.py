"""The trash penalty with the catch-up round as the engine plays it: the rules the solver's
features follow (tenthousand/solver/features)."""

from __future__ import annotations

from rules_kit import bank_turn, new_game, of, trash_turn

from tenthousand.model.events import Penalty
from tenthousand.model.rules import PRESETS

ENGINE = PRESETS["ten-thousand"].with_options("three-trash", game_point=1000,
                                              trash_penalty=500, score_floor=0)


ONES = [1, 1, 1, 2, 3, 4]  # three 1s: 1,000


def test_a_chasers_third_trash_costs_him_the_penalty_not_below_the_lowest_score() -> None:
    game, dice = new_game(ENGINE, board=[900, 300])
    game.trash_streak[:] = [0, 2]
    bank_turn(game, dice, ONES, [1, 1, 1])  # seat 0 reaches the game point
    assert game.stage == "catch-up" and game.current == 1
    events = trash_turn(game, dice)  # his third trash in a row, in the catch-up turn
    penalties = of(events, Penalty)
    assert [(p.seat, p.points, p.board_score, p.reason) for p in penalties] == [
        (1, 300, 0, "three-trash")]  # 500 would take him below the lowest score: 300
    assert game.board == [1900, 0] and game.trash_streak == [0, 0] and game.over
    assert game.ranking()[0][0] == 0


def test_the_runs_of_trash_go_on_into_the_tie_break_rounds() -> None:
    game, dice = new_game(ENGINE, board=[900, 900])
    game.trash_streak[:] = [2, 2]
    bank_turn(game, dice, ONES, [1, 1, 1])  # the finisher's bank ends his run
    bank_turn(game, dice, ONES, [1, 1, 1])  # the chaser ties: a tie-break round (D-9)
    assert game.stage == "tie-break" and game.trash_streak == [0, 0] and game.current == 0
    paid = []
    for _round in range(3):  # both trash three rounds running: the third costs each 500
        for seat in (0, 1):
            assert game.current == seat and game.stage == "tie-break"
            paid += [(p.seat, p.points) for p in of(trash_turn(game, dice), Penalty)]
    assert paid == [(0, 500), (1, 500)] and game.board == [1400, 1400]
    assert game.trash_streak == [0, 0] and not game.over and game.current == 0
    trash_turn(game, dice)  # a new round: seat 0's run starts again
    assert game.trash_streak == [1, 0]
    bank_turn(game, dice, [5, 2, 3, 4, 6, 2], [5])  # seat 1 beats the trash: he wins
    assert game.over and game.ranking()[0][:3] == (1, 1, 1450)


def test_a_penalty_in_the_normal_game_stops_at_the_lowest_score() -> None:
    game, dice = new_game(ENGINE, board=[200, 0])
    game.trash_streak[:] = [2, 0]
    events = trash_turn(game, dice)
    assert [(p.points, p.board_score) for p in of(events, Penalty)] == [(200, 0)]
    assert game.board == [0, 0] and game.trash_streak == [0, 0]


