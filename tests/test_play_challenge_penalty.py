"""Challenging and the trash penalty together as the engine plays them: the rules the
solver's features follow (tenthousand/solver/features)."""

from __future__ import annotations

from rules_kit import FIVES, NOTHING, bank_fives, challenge_trash, new_game

from tenthousand.model.events import Penalty, ScoreTaken
from tenthousand.model.rules import PRESETS

BOTH = PRESETS["trash-5000"].with_options("challenging", "three-trash", score_floor=0)


def test_a_challenge_trash_counts_in_the_run_and_costs_both_penalties() -> None:
    game, _dice = new_game(BOTH, board=[2000, 1000], throws=[NOTHING] * 5)
    for _ in range(4):
        challenge_trash(game)
    assert game.trash_streak == [2, 2]
    events = challenge_trash(game, challenge=True)  # his third trash in a row, in a challenge
    assert [(e.points, e.reason) for e in events if isinstance(e, Penalty)] == [
        (500, "challenge"), (1000, "three-trash")]
    assert game.board == [500, 1000] and game.trash_streak == [0, 2]
    # the lowest score stops both penalties
    game, _dice = new_game(BOTH, board=[600, 0], throws=[NOTHING] * 5)
    game.trash_streak[:] = [2, 0]
    events = challenge_trash(game, challenge=True)
    assert [(e.points, e.reason) for e in events if isinstance(e, Penalty)] == [
        (500, "challenge"), (100, "three-trash")]
    assert game.board == [0, 0]


def test_a_challenge_bank_ends_the_own_run_not_the_others_and_stops_at_the_lowest() -> None:
    game, _dice = new_game(BOTH, board=[1000, 300], throws=[NOTHING, FIVES])
    game.trash_streak[:] = [0, 2]
    challenge_trash(game)  # seat 0's run 1
    game.trash_streak[1] = 2
    events = bank_fives(game, challenge=True)  # seat 1 takes 500 off seat 0
    assert ScoreTaken(0, 500, 500, 1) in events
    assert game.trash_streak == [1, 0]
    game, _dice = new_game(BOTH, board=[200, 300], throws=[FIVES])
    game.trash_streak[:] = [1, 2]
    events = bank_fives(game, challenge=True)  # only 300 to take: the lowest score is 0
    assert ScoreTaken(1, 300, 0, 0) in events
    assert game.board == [700, 0] and game.trash_streak == [0, 2]


def test_the_runs_carry_into_the_tie_break_and_the_lowest_score_makes_a_tie() -> None:
    game, _dice = new_game(BOTH, board=[4900, 4400],
                           throws=[FIVES, FIVES, NOTHING, NOTHING])
    bank_fives(game)
    bank_fives(game, challenge=True)  # 4,900 each: a tie-break round below the game point
    assert game.board == [4900, 4900] and game.trash_streak == [0, 0]
    assert game.stage == "tie-break" and game.challenge_slot_for(0) == 0
    challenge_trash(game)
    challenge_trash(game)  # both trashed: tied again, runs 1 each
    assert game.board == [4900, 4900] and game.trash_streak == [1, 1]
    assert game.stage == "tie-break" and not game.over


