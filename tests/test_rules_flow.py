"""Game flow and match scores: the starting seat (D-7), the last round (D-8), tie-breaks
(D-9), 1 to 9 seats (D-12) and the Trash match table."""

from __future__ import annotations

import collections

import pytest
from rules_kit import bank_turn, kinds, new_game, of, trash_turn

from tenthousand.model.events import CatchUp, GameOver, TieBreak, TurnStarted
from tenthousand.model.game import Game, IllegalAction, Phase, Seat
from tenthousand.model.rules import PRESETS

FOUR_SIXES = [6, 6, 6, 6, 2, 3]  # Ten-Thousand: 1200, trash: 600 (one 6 left over)


def seats(n: int) -> list[Seat]:
    return [Seat(f"P{i}") for i in range(n)]


def test_the_starting_seat_is_random_then_turns_go_in_seat_order() -> None:  # D-7
    starts = collections.Counter(
        Game(PRESETS["ten-thousand"], seats(4), seed=seed).current for seed in range(200))
    assert set(starts) == {0, 1, 2, 3}
    assert min(starts.values()) > 25
    assert Game(PRESETS["farkle"], seats(3), seed=5).current == \
        Game(PRESETS["farkle"], seats(3), seed=5).current  # a seed repeats a game
    game, dice = new_game("ten-thousand", seats=4, first_seat=2)
    order = []
    for _ in range(6):
        order.append(game.current)
        trash_turn(game, dice)
    assert order == [2, 3, 0, 1, 2, 3]


def test_reaching_the_game_point_gives_every_other_seat_one_more_turn() -> None:  # D-8
    game, dice = new_game("ten-thousand", seats=4, first_seat=1, board=[0, 9000, 500, 700])
    events = bank_turn(game, dice, [1, 1, 1, 2, 3, 4], [1, 1, 1])
    assert game.board[1] == 10000 and game.reacher == 1
    assert of(events, CatchUp) == [CatchUp(1)]
    assert events[-1] == TurnStarted(2, "catch-up")
    order = []
    while not game.over:
        order.append(game.current)
        events = trash_turn(game, dice)
    assert order == [2, 3, 0]  # each other seat once, in seat order, then the end
    result = of(events, GameOver)[0]
    assert result.seat == 1 and game.phase is Phase.OVER
    assert game.stage == "catch-up"


def test_a_catch_up_turn_may_overtake_the_reacher() -> None:  # D-8
    game, dice = new_game("ten-thousand", seats=3, board=[9500, 9800, 0])
    bank_turn(game, dice, [1, 1, 1, 2, 3, 4], [1, 1, 1])  # seat 0 reaches 10500
    bank_turn(game, dice, FOUR_SIXES, [6, 6, 6, 6])  # seat 1: 11000
    events = trash_turn(game, dice)  # seat 2
    over = of(events, GameOver)[0]
    assert over.seat == 1
    assert [row[0] for row in over.ranking] == [1, 0, 2]


def test_only_the_first_reach_starts_the_last_round() -> None:  # D-8
    game, dice = new_game("ten-thousand", seats=3, board=[9500, 9800, 9900])
    bank_turn(game, dice, [1, 1, 1, 2, 3, 4], [1, 1, 1])
    bank_turn(game, dice, [1, 1, 1, 2, 3, 4], [1, 1, 1])
    assert game.reacher == 0 and not game.over
    events = bank_turn(game, dice, [5, 2, 3, 3, 4, 6], [5])
    assert of(events, CatchUp) == [] and game.over
    assert of(events, GameOver)[0].seat == 1  # 10800 beats 10500 and 9950


def test_a_tie_for_first_is_played_off_in_seat_order_until_broken() -> None:  # D-9
    game, dice = new_game("ten-thousand", seats=3, first_seat=2, board=[9000, 500, 9000])
    bank_turn(game, dice, [1, 1, 1, 2, 3, 4], [1, 1, 1])  # seat 2: 10000
    bank_turn(game, dice, [1, 1, 1, 2, 3, 4], [1, 1, 1])  # seat 0: 10000
    events = trash_turn(game, dice)  # seat 1
    assert of(events, TieBreak) == [TieBreak(-1, (0, 2))]
    assert events[-1] == TurnStarted(0, "tie-break")
    trash_turn(game, dice)  # seat 0
    events = trash_turn(game, dice)  # seat 2: still tied, again
    assert of(events, TieBreak) == [TieBreak(-1, (0, 2))]
    assert game.current == 0 and game.stage == "tie-break"
    trash_turn(game, dice)
    events = bank_turn(game, dice, [5, 2, 3, 3, 4, 6], [5])  # seat 2 breaks the tie
    over = of(events, GameOver)[0]
    assert over.seat == 2 and over.ranking[0][:3] == (2, 1, 10050)
    assert [r[0] for r in over.ranking] == [2, 0, 1]


def test_a_tie_for_second_is_not_played_off() -> None:
    game, dice = new_game("ten-thousand", seats=3, board=[9000, 400, 400])
    bank_turn(game, dice, [1, 1, 1, 2, 3, 4], [1, 1, 1])
    trash_turn(game, dice)
    events = trash_turn(game, dice)
    assert of(events, TieBreak) == [] and game.over


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_one_to_nine_seats_in_every_preset(preset: str) -> None:  # D-12
    for n in (1, 2, 6, 9):
        Game(PRESETS[preset], seats(n), seed=0)
    for n in (0, 10):
        with pytest.raises(ValueError, match="1 to 9"):
            Game(PRESETS[preset], seats(n), seed=0)


def test_any_seat_may_be_the_computer() -> None:  # D-12
    # Nine computer seats of every level play a whole game, through the game step every
    # front end uses (the 1989 program allowed one computer seat).
    from tenthousand.ai import make_player, play_game

    rules = PRESETS["trash-5000"]
    levels = ["beginner", "normal", "expert", "max-expected"] * 2 + ["normal"]
    game = Game(rules, [Seat(f"C{i}", True, level) for i, level in enumerate(levels)],
                seed=0)
    players = [make_player(level, rules, seed=i) for i, level in enumerate(levels)]
    for player in players:
        player.prepare()
    play_game(game, players)
    assert all(s.computer for s in game.seats)
    assert game.over and game.result is not None and len(game.result.ranking) == 9
    assert all(turns >= 1 for turns in game.turns_taken)
    assert max(game.board) >= rules.game_point


def test_a_one_seat_game_ends_at_the_game_point_with_the_turn_count() -> None:  # D-12
    game, dice = new_game("trash-5000", seats=1)
    for _ in range(4):
        trash_turn(game, dice)
        assert game.current == 0 and not game.over
    for _ in range(4):
        bank_turn(game, dice, [1, 1, 1, 2, 3, 4], [1, 1, 1])
        assert game.current == 0 and not game.over
    events = bank_turn(game, dice, [1, 1, 1, 2, 3, 4], [1, 1, 1])  # 5000
    over = of(events, GameOver)[0]
    assert over.turns == 9 and kinds(events)[-1] == "game-over"
    assert "9 turns" in over.message(game.names)
    assert of(events, CatchUp) == [] and game.board == [5000]


def test_nothing_is_allowed_after_the_game_is_over() -> None:
    game, dice = new_game("ten-thousand", seats=1, board=[9900])
    bank_turn(game, dice, [1, 2, 3, 3, 4, 6], [1])
    assert game.over
    for command in (game.throw, game.bank):
        with pytest.raises(IllegalAction):
            command()
    with pytest.raises(IllegalAction):
        game.discard(0)


# -- match scores (Trash) -----------------------------------------------------------------------


def finish(game: Game, dice) -> GameOver:  # type: ignore[no-untyped-def]
    """Let seat ``current`` reach the game point and everyone else throw trash."""
    game.board[game.current] = max(game.board[game.current], game.rules.game_point - 1000)
    events = bank_turn(game, dice, [1, 1, 1, 2, 3, 4], [1, 1, 1])
    while not game.over:
        events = trash_turn(game, dice)
    return of(events, GameOver)[0]


def test_match_points_are_eleven_minus_the_rank() -> None:
    game, dice = new_game("trash-5000", seats=4, board=[0, 3000, 2000, 1000])
    over = finish(game, dice)
    assert [(r[0], r[1], r[3]) for r in over.ranking] == [(0, 1, 10), (1, 2, 9), (2, 3, 8),
                                                          (3, 4, 7)]
    assert game.match_points == [10, 9, 8, 7] and game.games_played == 1


def test_tied_seats_share_the_better_rank_and_the_next_rank_is_skipped() -> None:
    game, dice = new_game("trash-5000", seats=5, board=[0, 2000, 2000, 1000, 1000])
    finish(game, dice)
    rows = {r[0]: r for r in game.result.ranking}  # type: ignore[union-attr]
    assert [rows[s][1] for s in range(5)] == [1, 2, 2, 4, 4]
    assert [rows[s][3] for s in range(5)] == [10, 9, 9, 7, 7]


def test_zero_or_less_earns_no_match_points() -> None:
    game, dice = new_game("trash-5000", seats=3, board=[0, 0, -500])
    finish(game, dice)
    assert game.match_points == [10, 0, 0]
    rows = {r[0]: r for r in game.result.ranking}  # type: ignore[union-attr]
    assert rows[1][1] == 2 and rows[2][1] == 3  # still ranked


def test_the_match_table_is_kept_across_games() -> None:
    game, dice = new_game("trash-5000", seats=2, board=[0, 100])
    finish(game, dice)
    second = game.rematch(first_seat=1)
    assert second.match_points == [10, 9] and second.games_played == 1
    assert second.board == [0, 0] and second.seats == game.seats and second.rules == game.rules
    second.board[0] = 100
    finish(second, dice)
    assert second.match_points == [19, 19] and second.games_played == 2


def test_game_points_of_the_presets() -> None:
    assert {name: r.game_point for name, r in PRESETS.items()} == {
        "ten-thousand": 10000, "trash-5000": 5000, "trash-10000": 10000,
        "trash-15000": 15000, "farkle": 10000}
    assert {name: (r.opening_minimum, r.minimum) for name, r in PRESETS.items()} == {
        "ten-thousand": (0, 0), "trash-5000": (500, 350), "trash-10000": (500, 350),
        "trash-15000": (500, 350), "farkle": (500, 0)}


def test_the_game_point_is_a_setting() -> None:
    game, dice = new_game("trash-5000", seats=2, game_point=1000)
    bank_turn(game, dice, [1, 1, 1, 2, 3, 4], [1, 1, 1])
    assert game.reacher == 0 and game.stage == "catch-up"
    with pytest.raises(ValueError, match="multiple of 50"):
        PRESETS["farkle"].with_options(game_point=1234)
