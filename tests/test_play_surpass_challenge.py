"""Surpassing and challenging together as the engine plays them (D-14): the rules the
solver's features follow (tenthousand/solver/features)."""

from __future__ import annotations

from typing import Any

from rules_kit import new_game

from tenthousand.model.events import Penalty, ScoreTaken
from tenthousand.model.game import Game
from tenthousand.model.rules import PRESETS

TRASH5000 = PRESETS["trash-5000"].with_options("surpassing", "challenging")


FIVES = [5, 5, 5, 2, 3, 4]  # three 5s: 500


ONES = [1, 1, 1, 2, 3, 4]  # three 1s: 1,000


NOTHING = [2, 3, 4, 6, 2, 3]  # trash


def _bank(game: Game, faces: tuple[int, ...], challenge: bool = False) -> list[Any]:
    if challenge:
        game.challenge(1 - game.current)
    game.throw()
    return game.bank(game.indices_for(faces))


def test_a_challenge_bank_is_the_score_to_beat_and_a_challenge_trash_is_nothing() -> None:
    game, _dice = new_game(TRASH5000, board=[1000, 2000], throws=[FIVES, NOTHING, FIVES])
    events = _bank(game, (5, 5, 5), challenge=True)
    assert ScoreTaken(1, 500, 1500, 0) in events
    assert game.board == [1500, 1500] and game.to_beat() == 500  # D-14: what he added
    assert game.minimum() == 550
    game.challenge(0)
    events = game.throw()  # trash in a challenge: the penalty is not "added"
    assert Penalty(1, 500, 1000, "challenge") in events
    assert game.current == 0 and game.to_beat() == 0 and game.minimum() == 350


def test_the_catch_up_and_tie_break_turns_must_beat_the_last_bank() -> None:
    game, _dice = new_game(TRASH5000, board=[4500, 3500],
                           throws=[FIVES, ONES, NOTHING])
    _bank(game, (5, 5, 5))  # 5,000: seat 1's catch-up turn, to beat 500
    assert (game.stage, game.current, game.to_beat()) == ("catch-up", 1, 500)
    _bank(game, (1, 1, 1), challenge=True)  # 1,000 each way: 4,500 against 4,000
    assert game.board == [4000, 4500] and game.over and game.ranking()[0][0] == 1


def test_a_catch_up_challenge_into_a_tie_and_the_round_after() -> None:
    game, _dice = new_game(TRASH5000, board=[4500, 3000],
                           throws=[FIVES, ONES, NOTHING, NOTHING])
    _bank(game, (5, 5, 5))  # 5,000
    _bank(game, (1, 1, 1), challenge=True)  # 4,000 each, seat 1 added 1,000
    assert game.board == [4000, 4000] and (game.stage, game.current) == ("tie-break", 0)
    assert game.to_beat() == 1000 and game.minimum() == 1050  # seat 1's catch-up bank
    assert game.challenge_slot_for(0) == 0 and game.challenge_slot_for(1) is None
    game.throw()  # seat 0 trashes: seat 1 to beat nothing
    assert game.current == 1 and game.to_beat() == 0


