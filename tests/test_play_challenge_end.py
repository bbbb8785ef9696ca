"""Challenging with the catch-up round and tie-breaks (D-8, D-9, D-11) as the engine plays
them: the rules the solver's features follow (tenthousand/solver/features)."""

from __future__ import annotations

from rules_kit import FIVES, NOTHING, bank_fives, challenge_trash, new_game

from tenthousand.model.events import Penalty, ScoreTaken
from tenthousand.model.rules import PRESETS

TRASH5000 = PRESETS["trash-5000"].with_options("challenging")


def test_a_catch_up_challenge_drops_the_finisher_below_the_game_point_into_a_tie() -> None:
    game, _dice = new_game(TRASH5000, board=[4900, 4400],
                           throws=[FIVES, FIVES, NOTHING, NOTHING])
    bank_fives(game)  # 5,400: seat 1's catch-up turn (D-8)
    assert (game.stage, game.reacher, game.current) == ("catch-up", 0, 1)
    assert game.challenge_slot_for(1) == 0  # below the game point: his first challenge
    events = bank_fives(game, challenge=True)  # 4,900 each, both below the game point
    assert ScoreTaken(0, 500, 4900, 1) in events
    assert game.board == [4900, 4900] and (game.stage, game.queue) == ("tie-break", [1])
    # below the game point a tie-break turn may use the first challenge, if still there
    assert game.challenge_slot_for(0) == 0 and game.challenge_slot_for(1) is None
    events = challenge_trash(game, challenge=True)
    assert Penalty(0, 500, 4400, "challenge") in events  # a tenth of the game point
    challenge_trash(game)  # seat 1 ahead whatever he throws
    assert game.over and game.board == [4400, 4900] and game.ranking()[0][0] == 1


def test_second_challenges_at_the_game_point_in_tie_break_rounds() -> None:
    game, _dice = new_game(TRASH5000, board=[4900, 4900],
                           throws=[FIVES, FIVES, FIVES, FIVES, NOTHING, NOTHING])
    bank_fives(game)
    bank_fives(game)  # a plain catch-up bank: 5,400 each
    assert game.board == [5400, 5400] and game.stage == "tie-break"
    assert game.challenge_slot_for(0) == 1  # at the game point: the second challenge
    assert game.challenge(1)[0].penalty == 2000  # four tenths of the game point
    game.throw()
    game.bank(game.indices_for((5, 5, 5)))  # 5,900 against 4,900: seat 1 below it again
    assert game.board == [5900, 4900] and game.challenge_slot_for(1) == 0
    bank_fives(game, challenge=True)  # his first challenge levels it: 5,400 each
    assert game.board == [5400, 5400] and game.stage == "tie-break" and game.queue == [1]
    assert game.challenge_slot_for(0) is None and game.challenge_slot_for(1) == 1
    challenge_trash(game)
    events = challenge_trash(game, challenge=True)  # seat 1's second challenge: 2,000 off
    assert Penalty(1, 2000, 3400, "challenge") in events
    assert game.over and game.board == [5400, 3400]


def test_a_challenge_penalty_takes_a_board_below_zero() -> None:
    game, _dice = new_game(TRASH5000, board=[0, 300], throws=[NOTHING, FIVES])
    challenge_trash(game, challenge=True)
    assert game.board == [-500, 300] and game.on_board(0)
    bank_fives(game)  # seat 1 to 800; seat 0 (on the board below zero) needs 350 (D-15)
    assert game.minimum(0) == TRASH5000.minimum


