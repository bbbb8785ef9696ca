"""The options of Tommy's Trash! (pyramiding D-10, surpassing, challenging D-11, Rotary Club,
Mutant Trash D-13) and Farkle's three-trash penalty, each with any preset."""

from __future__ import annotations

import pytest
from rules_kit import bank, bank_turn, kinds, new_game, of, rules, snapshot, throw, trash_turn

from tenthousand.model.events import (
    Banked,
    Challenged,
    Discarded,
    Event,
    Frozen,
    GameOver,
    Pegged,
    Penalty,
    ScoreTaken,
    Thrown,
    TieBreak,
    Trash,
)
from tenthousand.model.game import Game, IllegalAction, Phase, Seat


def idx(game: Game, *faces: int) -> tuple[int, ...]:
    return game.indices_for(faces)


def test_options_combine_with_every_preset() -> None:
    for preset in ("ten-thousand", "trash-5000", "trash-10000", "trash-15000", "farkle"):
        r = rules(preset, "pyramiding", "surpassing", "challenging", "mutant-trash",
                  "three-trash")
        assert r.options == ("pyramiding", "surpassing", "challenging", "mutant-trash",
                             "three-trash")
        Game(r, [Seat("A"), Seat("B")], seed=0)
        r = rules(preset, "pyramiding", "challenging", "rotary-club", "mutant-trash")
        Game(r, [Seat("A"), Seat("B")], seed=0)
    with pytest.raises(ValueError, match="unknown option"):
        rules("farkle", "loaded-dice")


# -- pyramiding (D-10) -----------------------------------------------------------------------


def test_pyramiding_manual_example_a_five_and_two_thrown_fives() -> None:  # D-10
    game, _ = new_game("trash-5000", "pyramiding", throws=[[5, 2, 3, 3, 4, 6],
                                                           [5, 5, 2, 3, 4]])
    throw(game)
    throw(game, 5)
    assert game.describe_selection(idx(game, 5, 5)) == (
        "with the frozen dice: three 5s = 500, so +450", 450)
    assert dict(game.legal_freezes())[(5, 5)] == 450
    assert dict(game.legal_freezes())[(5,)] == 50  # 5 + 5 are still two singles
    events = game.bank(idx(game, 5, 5))
    assert of(events, Banked) == [Banked(0, 500, 500)]  # 500 gets on board in Trash


def test_pyramiding_example_three_2s_and_a_2_in_trash_15000() -> None:  # D-10
    game, _ = new_game("trash-15000", "pyramiding",
                       throws=[[2, 2, 2, 3, 4, 6], [2, 3, 4], [1, 6]])
    throw(game)
    events = throw(game, 2, 2, 2)
    assert not of(events, Thrown)[-1].trash  # the lone 2 joins the frozen three
    assert game.legal_freezes() == [((2,), 3800)]
    events = game.throw(idx(game, 2))
    assert game.turn_score == 4000
    # The log says the lone 2 was counted with the three frozen before.
    frozen = of(events, Frozen)[0]
    assert frozen.joined == (2, 2, 2)
    assert frozen.message(["Ann", "Bob"]) == "Ann freezes 2 onto 2 2 2: +3,800 (turn 4,000)"
    assert Event.from_dict(frozen.to_dict()) == frozen
    # A freeze with nothing before it, and one saved before the field was added, read so.
    first = Frozen(0, (2, 2, 2), 200, 200)
    assert first.message(["Ann", "Bob"]) == "Ann freezes 2 2 2 for 200 (turn 200)"
    assert "joined" not in first.to_dict()  # its save is as it was before the field
    assert Event.from_dict(first.to_dict()) == first


def test_pyramiding_trash_only_when_no_new_die_fits() -> None:  # D-10
    # Trash 5000 has no four of a kind: a 6 cannot join three frozen 6s.
    game, _ = new_game("trash-5000", "pyramiding", throws=[[6, 6, 6, 2, 3, 4], [6, 2, 3]])
    throw(game)
    events = throw(game, 6, 6, 6)
    assert of(events, Trash) == [Trash(0, 600)]
    # Without pyramiding the same lone 2 after three 2s is trash even in Trash 15000.
    game, _ = new_game("trash-15000", throws=[[2, 2, 2, 3, 4, 6], [2, 3, 4]])
    throw(game)
    assert of(throw(game, 2, 2, 2), Trash) == [Trash(0, 200)]


def test_pyramiding_ten_thousand_groups_grow_across_throws() -> None:  # D-10
    game, _ = new_game("ten-thousand", "pyramiding", throws=[[4, 4, 4, 2, 3, 6], [4, 2, 3]])
    throw(game)
    throw(game, 4, 4, 4)
    assert game.legal_freezes() == [((4,), 400)]  # four 4s = 800


def test_pyramiding_each_throw_must_freeze_a_new_die() -> None:
    game, _ = new_game("trash-5000", "pyramiding", throws=[[5, 2, 3, 3, 4, 6], [2, 3, 4, 6, 6]])
    throw(game)
    events = throw(game, 5)
    assert of(events, Trash)  # the frozen 5 alone does not save the throw
    game, _ = new_game("trash-5000", "pyramiding", throws=[[5, 2, 3, 3, 4, 6], [5, 2, 3, 4, 6]])
    throw(game)
    throw(game, 5)
    with pytest.raises(IllegalAction):
        game.throw([])


def test_pyramiding_stretch_score_is_the_whole_stretch_counted_together() -> None:  # D-10
    game, _ = new_game("trash-10000", "pyramiding",
                       throws=[[1, 1, 2, 3, 4, 6], [5, 5, 2, 3], [3, 3]])
    throw(game)
    throw(game, 1, 1)  # 200
    throw(game, 5, 5)  # 1 1 5 5 = 300
    assert game.turn_score == 300
    assert game.legal_freezes() == [((3, 3), 1700)]  # any three pairs: 2000
    assert game.bank_refusal(idx(game, 3, 3)) == "after turning the corner you must throw"


def test_pyramiding_does_not_reach_across_a_corner() -> None:
    game, dice = new_game("ten-thousand", "pyramiding", throws=[[5, 5, 5, 1, 1, 1]])
    throw(game)
    dice.add([5, 2, 3, 3, 4, 6])
    throw(game, 5, 5, 5, 1, 1, 1)
    assert game.frozen == [] and game.turn_score == 1500
    assert game.legal_freezes() == [((5,), 50)]  # a new stretch: the old 5s are gone


def test_pyramiding_straight_built_over_two_throws_in_trash() -> None:  # D-6, D-10
    game, _ = new_game("trash-5000", "pyramiding", throws=[[1, 5, 2, 2, 3, 6], [2, 3, 4, 6]])
    throw(game)
    throw(game, 1, 5)
    assert game.legal_freezes()[0] == ((2, 3, 4, 6), 1350)
    # Ten-Thousand's straight is a first-throw counter (D-2): not so there.
    game, _ = new_game("ten-thousand", "pyramiding", throws=[[1, 5, 2, 2, 3, 6], [2, 3, 4, 6]])
    throw(game)
    assert of(throw(game, 1, 5), Trash)


def test_pyramiding_follows_d10_literally_even_when_the_stretch_shrinks() -> None:  # D-10
    # Four 6s (4000) and then a pair: all six count together only as three pairs (2000).
    # D-10 makes that a legal freeze worth -2000: the player may, but need not, take it.
    game, _ = new_game("trash-15000", "pyramiding", throws=[[6, 6, 6, 6, 2, 3], [4, 4]])
    throw(game)
    throw(game, 6, 6, 6, 6)
    assert game.legal_freezes() == [((4, 4), -2000)]


# -- surpassing ------------------------------------------------------------------------------


def test_surpassing_must_beat_the_previous_turn() -> None:
    game, dice = new_game("ten-thousand", "surpassing", board=[0, 0])
    bank_turn(game, dice, [5, 5, 5, 2, 3, 4], [5, 5, 5])  # seat 0 adds 500
    dice.add([5, 5, 5, 2, 3, 4])
    game.throw()
    assert game.bank_refusal(idx(game, 5, 5, 5)) == \
        "you must beat the previous turn's 500; you have 500"
    assert game.bank_refusal(idx(game, 5, 5, 5, 2)) is not None
    game2, dice2 = new_game("ten-thousand", "surpassing")
    bank_turn(game2, dice2, [5, 5, 5, 2, 3, 4], [5, 5, 5])
    dice2.add([5, 5, 5, 1, 3, 4])
    game2.throw()
    assert game2.bank_refusal(idx(game2, 5, 5, 5, 1)) is None  # 600 > 500


def test_a_refused_bank_names_the_higher_bar_of_the_minimum_and_the_score_to_beat() -> None:
    # trash-5000: 500 to get on the board.  Seat 0 banks 600; seat 1, not on the board, has
    # 150: the bar is beating 600 (650), not the minimum of 500.
    game, dice = new_game("trash-5000", "surpassing", board=[0, 0])
    bank_turn(game, dice, [5, 5, 5, 1, 3, 4], [5, 5, 5, 1])
    dice.add([1, 5, 2, 3, 4, 6])
    game.throw()
    assert game.bank_refusal(idx(game, 1, 5)) == \
        "you must beat the previous turn's 600; you have 150"
    # (a score to beat below the minimum: the minimum is named, as in the test below)


def test_surpassing_after_trash_the_bar_is_zero() -> None:
    game, dice = new_game("ten-thousand", "surpassing")
    dice.add([5, 2, 3, 3, 4, 6])
    game.throw()
    assert game.bank_refusal(idx(game, 5)) is None  # the first turn of the game: no bar
    game, dice = new_game("ten-thousand", "surpassing")
    bank_turn(game, dice, [1, 1, 1, 2, 3, 4], [1, 1, 1])
    trash_turn(game, dice)  # seat 1
    dice.add([5, 2, 3, 3, 4, 6])
    game.throw()  # seat 0 needs only beat 0
    assert game.bank_refusal(idx(game, 5)) is None


def test_surpassing_and_the_minimum_both_apply() -> None:
    game, dice = new_game("trash-5000", "surpassing", board=[0, 1000], first_seat=1)
    bank_turn(game, dice, [4, 4, 4, 2, 3, 6], [4, 4, 4])  # seat 1 adds 400
    # Seat 0 beats the 400 with 450, but is not on the board yet: 500 is the minimum.
    dice.add([4, 4, 4, 5, 1, 2])
    game.throw()
    assert game.bank_refusal(idx(game, 4, 4, 4, 5)) == \
        "you need 500 to get on the board; you have 450"
    bank(game, 4, 4, 4, 5, 1)  # 550 meets both
    assert game.board == [550, 1400]
    # Seat 1 needs 350 to bank and must beat the 550 that seat 0 just added.
    dice.add([4, 4, 4, 5, 5, 2])
    game.throw()
    # (both bars are missed: the higher is named, the 550 to beat)
    assert game.bank_refusal(idx(game, 5)) == "you must beat the previous turn's 550; you have 50"
    assert game.bank_refusal(idx(game, 4, 4, 4, 5, 5)) == \
        "you must beat the previous turn's 550; you have 500"


def _to_catch_up(first_seat: int) -> tuple[Game, object]:
    """Ten-Thousand with surpassing: the finisher (seat ``first_seat``, at 9,500) banks 600
    to 10,100; the chaser, at 9,000, is about to throw his catch-up turn."""
    board = [9500, 9000] if first_seat == 0 else [9000, 9500]
    game, dice = new_game("ten-thousand", "surpassing", board=board, first_seat=first_seat)
    bank_turn(game, dice, [5, 5, 5, 1, 2, 3], [5, 5, 5, 1])  # 600
    assert game.stage == "catch-up" and game.current == 1 - first_seat
    return game, dice


def test_surpassing_the_chaser_beats_the_finishers_last_bank() -> None:  # D-14
    game, dice = _to_catch_up(0)
    assert game.to_beat() == 600 and game.minimum() == 650
    dice.add([5, 5, 5, 1, 2, 3])
    game.throw()
    assert game.bank_refusal(idx(game, 5, 5, 5, 1)) == \
        "you must beat the previous turn's 600; you have 600"


def test_surpassing_the_tie_break_opener_beats_the_opponents_last_bank() -> None:  # D-14
    # The finisher sits in seat 0: he opens the tie-break and must beat the chaser's 1,100.
    game, dice = _to_catch_up(0)
    dice.add([1, 1, 1, 2, 3, 4], [1, 2, 3])
    throw(game)
    throw(game, 1, 1, 1)  # 1,000
    bank(game, 1)  # 1,100: a tie at 10,100
    assert game.stage == "tie-break" and game.current == 0
    assert game.to_beat() == 1100
    # The chaser sits in seat 0: he opens the tie-break after his own catch-up turn and
    # must beat what the opponent last banked (600), not his own 1,100.
    game, dice = _to_catch_up(1)
    dice.add([1, 1, 1, 2, 3, 4], [1, 2, 3])
    throw(game)
    throw(game, 1, 1, 1)
    bank(game, 1)
    assert game.stage == "tie-break" and game.current == 0 and game.board == [10100, 10100]
    assert game.to_beat() == 600
    dice.add([5, 5, 5, 5, 2, 3])
    game.throw()
    assert game.bank_refusal(idx(game, 5, 5, 5)) == \
        "you must beat the previous turn's 600; you have 500"
    assert game.bank_refusal(idx(game, 5, 5, 5, 5)) is None  # four 5s: 1,000 > 600
    bank(game, 5, 5, 5, 5)
    # and the finisher, second in the round, must beat the 1,000 just added
    assert game.current == 1 and game.to_beat() == 1000


def test_surpassing_the_score_to_beat_is_the_seat_before_ones() -> None:  # D-14
    game, dice = new_game("ten-thousand", "surpassing", seats=3)
    bank_turn(game, dice, [5, 5, 5, 2, 3, 4], [5, 5, 5])  # seat 0 adds 500
    assert game.current == 1 and game.to_beat() == 500
    trash_turn(game, dice)  # seat 1
    assert game.current == 2 and game.to_beat() == 0
    assert game.turn_added == [500, 0, 0]
    bank_turn(game, dice, [1, 1, 1, 2, 3, 4], [1, 1, 1])  # seat 2 adds 1,000
    assert game.current == 0 and game.to_beat() == 1000


def test_surpassing_scores_to_beat_are_saved_per_seat() -> None:  # D-14
    from tenthousand.model.game import Game as G

    game, dice = _to_catch_up(0)
    dice.add([1, 1, 1, 2, 3, 4], [1, 2, 3])
    throw(game)
    throw(game, 1, 1, 1)
    bank(game, 1)  # the chaser's 1,100: a tie-break, seat 0 to beat it
    data = game.to_dict()
    assert data["turn_added"] == [600, 1100] and data["last_turn_added"] == 1100
    again = G.from_dict(data)
    assert again.turn_added == [600, 1100] and again.to_beat() == 1100
    assert again.to_beat(1) == 600
    data["last_turn_added"] = 600
    with pytest.raises(ValueError, match="does not agree"):
        G.from_dict(data)
    # a save from before the per-seat scores (or one where only the seat before the player
    # to move has added anything): the score to beat was the seat before's
    del data["turn_added"]
    older = G.from_dict(data)
    assert older.turn_added == [0, 600] and older.to_beat() == 600
    assert "turn_added" not in older.to_dict()


# -- challenging (D-11) ----------------------------------------------------------------------


@pytest.mark.parametrize("preset, first, second", [
    ("trash-5000", 500, 2000), ("trash-10000", 1000, 4000), ("trash-15000", 1500, 6000)])
def test_challenge_penalties_are_one_and_four_tenths(preset: str, first: int,
                                                      second: int) -> None:  # D-11
    assert rules(preset, "challenging").challenge_penalties == (first, second)
    game, dice = new_game(preset, "challenging", seats=3)
    events = game.challenge(2)
    assert events == [Challenged(0, 2, first)]
    events = trash_turn(game, dice)
    assert of(events, Penalty) == [Penalty(0, first, -first, "challenge")]
    assert game.board == [-first, 0, 0]  # a board score may go below zero


def test_a_banked_challenge_moves_the_turn_score_from_the_challenged() -> None:
    game, dice = new_game("ten-thousand", "challenging", seats=3, board=[1000, 300, 2000])
    game.challenge(1)
    events = bank_turn(game, dice, [1, 1, 1, 2, 3, 4], [1, 1, 1])
    assert of(events, Banked) == [Banked(0, 1000, 2000)]
    assert of(events, ScoreTaken) == [ScoreTaken(1, 1000, -700, 0)]
    assert game.board == [2000, -700, 2000]
    # for that turn only
    bank_turn(game, dice, [5, 2, 3, 3, 4, 6], [5])
    assert game.board == [2000, -650, 2000]


def test_a_challenge_is_made_before_the_first_throw_only() -> None:
    game, dice = new_game("ten-thousand", "challenging")
    dice.add([1, 2, 3, 3, 4, 6])
    game.throw()
    with pytest.raises(IllegalAction, match="start of a turn"):
        game.challenge(1)
    game, _ = new_game("ten-thousand")
    with pytest.raises(IllegalAction, match="not on"):
        game.challenge(1)


def test_one_challenge_per_turn_never_oneself() -> None:
    game, _ = new_game("trash-5000", "challenging", seats=3)
    with pytest.raises(IllegalAction, match="yourself"):
        game.challenge(0)
    with pytest.raises(IllegalAction, match="no player"):
        game.challenge(3)
    with pytest.raises(IllegalAction, match="no player"):
        game.challenge(True)  # a bool is not a seat (it would make an unloadable save)
    game.challenge(1)
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="already"):
        game.challenge(2)
    assert snapshot(game) == before


def test_the_first_challenge_is_made_below_the_game_point_once() -> None:
    game, dice = new_game("trash-5000", "challenging", seats=2, board=[1000, 1000])
    assert game.challenge_slot_for(0) == 0 and game.challenges_left(0) == 2
    game.challenge(1)
    trash_turn(game, dice)  # pays 500
    trash_turn(game, dice)
    assert game.challenge_slot_for(0) is None and game.challenges_left(0) == 1
    with pytest.raises(IllegalAction, match="below the game point"):
        game.challenge(1)


def test_without_a_catch_up_round_only_the_first_challenge_counts() -> None:
    """The first to the game point wins at once, so the second challenge (made at the game
    point and above) never comes: the scoreboard counts one."""
    game, dice = new_game("trash-5000", "challenging", seats=2, board=[1000, 1000])
    game.rules = game.rules.with_options(catch_up=False)
    assert game.challenges_left(0) == 1
    game.challenge(1)
    trash_turn(game, dice)
    assert game.challenges_left(0) == 0


def test_the_second_challenge_in_the_tie_break_battle_of_the_titans() -> None:
    """Played from the first throw: both players reach the game point, tie, and challenge
    each other a second time in the tie-break turns (RULES.md, Challenging; D-9)."""
    game, dice = new_game("trash-5000", "challenging", seats=2)

    def turn_of_1100() -> None:  # three 1s and two 5s, banked
        bank_turn(game, dice, [1, 1, 1, 5, 5, 2], [1, 1, 1, 5, 5])

    def turn_of_1000() -> None:
        bank_turn(game, dice, [1, 1, 1, 2, 3, 4], [1, 1, 1])

    # P0's first challenge, below the game point: trash costs a tenth, 500.
    assert game.challenge(1) == [Challenged(0, 1, 500)]
    assert of(trash_turn(game, dice), Penalty) == [Penalty(0, 500, -500, "challenge")]
    for _ in range(4):
        turn_of_1000()  # P1
        turn_of_1100()  # P0
    assert game.board == [3900, 4000] and game.stage == "normal"
    turn_of_1000()  # P1 reaches the game point: P0 has one more turn
    assert game.stage == "catch-up" and game.current == 0
    assert game.challenge_slot_for(0) is None  # below the game point, the first is spent
    with pytest.raises(IllegalAction, match="below the game point"):
        game.challenge(1)
    turn_of_1100()
    assert game.board == [5000, 5000]  # a tie for first, both at the game point
    assert game.stage == "tie-break" and game.current == 0
    assert isinstance(game.log[-2], TieBreak) and game.log[-2].seats == (0, 1)
    # P1 never challenged, but at the game point only the second challenge is his to make.
    assert game.challenge_slot_for(1) == 1 and game.challenges_left(1) == 2

    # At the game point P0's second challenge opens; a bank moves the turn score.
    assert game.challenge_slot_for(0) == 1
    assert game.challenge(1) == [Challenged(0, 1, 2000)]
    events = bank_turn(game, dice, [1, 1, 1, 2, 3, 4], [1, 1, 1])
    assert of(events, ScoreTaken) == [ScoreTaken(1, 1000, 4000, 0)]
    assert game.board == [6000, 4000] and game.challenges_left(0) == 0
    # P1, pushed below the game point, still has his first challenge.
    assert game.current == 1 and game.challenge_slot_for(1) == 0
    assert game.challenge(0) == [Challenged(1, 0, 500)]
    turn_of_1000()
    assert game.board == [5000, 5000]  # tied again: another tie-break turn each
    assert game.stage == "tie-break" and game.current == 0

    # Two challenges per game: P0 has none left.
    with pytest.raises(IllegalAction, match="game point and above"):
        game.challenge(1)
    trash_turn(game, dice)  # no challenge, no penalty
    assert game.board == [5000, 5000]
    # P1, back at the game point, makes his second challenge; trash costs four tenths.
    assert game.challenge_slot_for(1) == 1
    assert game.challenge(0) == [Challenged(1, 0, 2000)]
    events = trash_turn(game, dice)
    assert of(events, Penalty) == [Penalty(1, 2000, 3000, "challenge")]
    assert game.board == [5000, 3000] and game.challenges_used == [[True, True]] * 2
    over = of(events, GameOver)[0]
    assert over.seat == 0 and game.over
    assert not dice.throws  # every scripted throw was played


def test_above_the_game_point_the_first_challenge_is_gone() -> None:
    game, _ = new_game("trash-5000", "challenging", seats=2, board=[6000, 0])
    assert game.challenge_slot_for(0) == 1
    game.challenge(1)
    assert game.challenges_used[0] == [False, True]
    assert game.challenge_slot_for(0) is None


def test_computer_players_make_second_challenges_in_tie_breaks() -> None:
    """Expert against Expert from the first throw, through the game step every front end
    uses: in these seeded games second challenges happen, each in a tie-break turn by a
    player at or above the game point, and cost or move what RULES.md says."""
    from tenthousand.ai import make_player
    from tenthousand.ai.moves import step

    rules_ = rules("trash-5000", "challenging")
    seen = 0
    for seed in (720, 913, 1314):  # found by playing seeds 0-1400
        game = Game(rules_, [Seat("A", True, "expert"), Seat("B", True, "expert")],
                    seed=seed)
        players = [make_player("expert", rules_, seed=seed * 10 + i) for i in range(2)]
        while not game.over:
            seat, stage, board = game.current, game.stage, list(game.board)
            events = step(game, players[seat])
            second = [e for e in events if isinstance(e, Challenged) and e.penalty == 2000]
            if not second:
                continue
            seen += 1
            target = second[0].target
            assert stage == "tie-break" and board[seat] >= rules_.game_point
            assert game.challenges_used[seat][1]
            while game.current == seat and not game.over and not of(events, Trash):
                events += step(game, players[seat])  # the rest of the turn
            if of(events, Trash):
                assert of(events, Penalty) == [Penalty(seat, 2000, board[seat] - 2000,
                                                       "challenge")]
            else:
                (banked,) = of(events, Banked)
                assert of(events, ScoreTaken) == [
                    ScoreTaken(target, banked.points, board[target] - banked.points, seat)]
    assert seen >= 2, "no second challenges in these seeds any more: find new ones"


def test_a_first_challenge_in_the_catch_up_round_can_take_the_win() -> None:
    game, dice = new_game("trash-5000", "challenging", seats=2, board=[4500, 4800])
    bank_turn(game, dice, [1, 1, 1, 2, 3, 4], [1, 1, 1])  # seat 0: 5500, reacher
    assert game.stage == "catch-up" and game.current == 1
    assert game.challenge_slot_for(1) == 0  # seat 1 is still below: first challenge
    game.challenge(0)
    events = bank_turn(game, dice, [1, 1, 1, 5, 3, 4], [1, 1, 1, 5])
    assert game.board == [5500 - 1050, 4800 + 1050]
    over = of(events, GameOver)[0]
    assert over.seat == 1


def test_a_challenge_trash_penalty_lowers_the_score_in_rotary_club() -> None:
    game, dice = new_game("trash-5000", "challenging", "rotary-club", seats=2,
                          board=[1000, 1000])
    game.challenge(1)
    trash_turn(game, dice)
    assert game.board == [500, 1000]  # a help: Rotary Club's lowest score wins


# -- Rotary Club -----------------------------------------------------------------------------


def test_rotary_club_cannot_bank() -> None:
    game, dice = new_game("trash-5000", "rotary-club", throws=[[1, 1, 1, 2, 3, 4]])
    game.throw()
    assert game.bank_refusal(idx(game, 1, 1, 1)) == \
        "in Rotary Club nobody banks: the turn goes on until trash"
    with pytest.raises(IllegalAction, match="Rotary Club"):
        bank(game, 1, 1, 1)


def test_rotary_club_before_a_throw_says_nobody_banks_not_after_a_throw() -> None:
    game, _dice = new_game("trash-5000", "rotary-club", throws=[[1, 1, 1, 2, 3, 4]])
    assert game.bank_refusal() == "in Rotary Club nobody banks: the turn goes on until trash"
    with pytest.raises(IllegalAction, match="Rotary Club"):
        game.bank(())


def test_rotary_club_pegs_the_turn_score_at_each_corner() -> None:
    game, dice = new_game("trash-5000", "rotary-club", board=[100, 0],
                          throws=[[1, 1, 1, 5, 2, 3], [5, 5]])
    game.throw()
    throw(game, 1, 1, 1, 5)
    dice.add([1, 5, 5, 2, 2, 2])
    events = throw(game, 5, 5)  # corner: 1150 is pegged, the throw is taken
    assert kinds(events) == ["freeze", "corner", "peg", "throw"]
    assert of(events, Pegged) == [Pegged(0, 1150, 1250)]
    assert game.turn_score == 0 and game.board == [1250, 0]
    dice.add([2, 3, 4])
    events = throw(game, 1, 5, 5)
    assert of(events, Trash) == [Trash(0, 200)]  # only the unpegged points are lost
    assert game.board == [1250, 0] and game.current == 1


def test_rotary_club_has_no_minimum_and_ignores_the_minimum_settings() -> None:
    r = rules("trash-5000", "rotary-club")
    assert r.minimum_for(0) == 0 and r.minimum_for(700) == 0


def test_rotary_club_a_peg_takes_from_the_challenged() -> None:
    game, dice = new_game("trash-5000", "rotary-club", "challenging",
                          throws=[[1, 1, 1, 5, 5, 5]], board=[0, 3000])
    game.challenge(1)
    game.throw()
    dice.add([2, 3, 4, 6, 6, 2])
    events = throw(game, 1, 1, 1, 5, 5, 5)
    assert of(events, ScoreTaken) == [ScoreTaken(1, 1500, 1500, 0)]
    assert of(events, Penalty) == [Penalty(0, 500, 1000, "challenge", rotary=True)]
    assert game.board == [1000, 1500]


def test_rotary_club_lowest_score_wins_and_all_get_match_points() -> None:
    game, dice = new_game("trash-5000", "rotary-club", seats=3, board=[4000, 0, -100])
    dice.add([1, 1, 1, 5, 5, 5], [2, 3, 4, 6, 6, 2])
    game.throw()
    throw(game, 1, 1, 1, 5, 5, 5)  # seat 0 pegs 1500: 5500, the game point is reached
    assert game.reacher == 0
    trash_turn(game, dice)
    events = trash_turn(game, dice)
    over = of(events, GameOver)[0]
    assert over.seat == 2
    assert [(r[0], r[1], r[3]) for r in over.ranking] == [(2, 1, 10), (1, 2, 9), (0, 3, 8)]


def test_rotary_club_tie_for_lowest_is_played_off() -> None:  # D-9
    game, dice = new_game("trash-5000", "rotary-club", seats=2, board=[4000, 4000])

    def peg_1500_then_trash() -> list[Event]:
        dice.add([1, 1, 1, 5, 5, 5], [2, 3, 4, 6, 6, 2])
        game.throw()
        return throw(game, 1, 1, 1, 5, 5, 5)  # pegged at the corner, then trash

    peg_1500_then_trash()  # seat 0 reaches 5500: seat 1 has one more turn
    assert game.stage == "catch-up"
    events = peg_1500_then_trash()  # seat 1: 5500 as well, a tie for the lowest score
    assert game.board == [5500, 5500]
    assert of(events, TieBreak) == [TieBreak(-1, (0, 1))] and game.current == 0
    trash_turn(game, dice)  # seat 0 adds nothing
    events = peg_1500_then_trash()  # seat 1 adds 1500 and loses the tie-break
    over = of(events, GameOver)[0]
    assert over.seat == 0 and game.board == [5500, 7000]


# -- Mutant Trash (D-13) -----------------------------------------------------------------------


def test_mutant_trash_is_for_two_seats_only() -> None:
    for n in (1, 3):
        with pytest.raises(ValueError, match="two seats"):
            new_game("trash-5000", "mutant-trash", seats=n)


def test_mutant_trash_manual_example_50_then_100_then_500() -> None:  # D-13
    game, dice = new_game("trash-5000", "mutant-trash", board=[1000, 1000])
    given = []
    for _ in range(3):
        bank_turn(game, dice, [5, 5, 5, 1, 2, 3], [5, 5, 5])
        assert game.phase is Phase.DISCARD and game.discard_choices == (5, 5, 5)
        other = 1 - game.current
        events = game.discard(0)
        (d,) = of(events, Discarded)
        assert d.to_seat == other and d.die == 5
        given.append(d.points)
    assert given == [50, 100, 500]
    assert game.play_area == [5, 5, 5]
    assert game.board == [1000 + 500 + 100 + 500, 1000 + 50 + 500 + 500]


def test_a_gift_or_a_starting_score_puts_a_player_on_the_board() -> None:  # D-15
    game, dice = new_game("trash-5000", "mutant-trash", board=[1000, 0])
    assert not game.on_board(1) and game.minimum(1) == 500
    bank_turn(game, dice, [5, 5, 5, 1, 2, 3], [5, 5, 5])
    game.discard(0)  # 50 for seat 1, whose board was zero
    assert game.board[1] == 50 and game.on_board(1) and game.minimum(1) == 350
    dice.add([5, 5, 5, 1, 2, 3])
    game.throw()
    assert game.bank_refusal(idx(game, 5, 5, 5)) is None  # 350 is enough now
    started, _dice = new_game(rules("trash-5000", starting_scores=(0, 200)))
    assert started.on_board(1) and started.minimum(1) == 350
    assert not started.on_board(0) and started.minimum(0) == 500


def test_mutant_trash_only_the_last_six_dice_stay_in_the_play_area() -> None:
    game, dice = new_game("trash-5000", "mutant-trash", board=[1000, 1000])
    for _ in range(7):
        bank_turn(game, dice, [5, 5, 5, 1, 2, 3], [5, 5, 5])
        game.discard(0)
    assert game.play_area == [5] * 6  # two triplets of 5s
    bank_turn(game, dice, [1, 1, 1, 5, 2, 3], [1, 1, 1])
    events = game.discard(0)
    assert game.play_area == [5, 5, 5, 5, 5, 1]
    assert of(events, Discarded)[0].points == 500 + 100 + 100


def test_mutant_trash_discard_comes_from_the_last_stretch() -> None:
    game, dice = new_game("trash-5000", "mutant-trash", board=[1000, 1000],
                          throws=[[1, 1, 1, 5, 2, 3], [5, 5], [5, 2, 3, 3, 4, 6]])
    game.throw()
    throw(game, 1, 1, 1, 5)
    throw(game, 5, 5)  # corner
    bank(game, 5)
    assert game.discard_choices == (5,)


def test_mutant_trash_ten_thousand_bank_at_the_corner_discards_from_the_six() -> None:
    game, dice = new_game("ten-thousand", "mutant-trash", throws=[[1, 1, 1, 5, 5, 5]])
    game.throw()
    bank(game, 1, 1, 1, 5, 5, 5)
    assert sorted(game.discard_choices) == [1, 1, 1, 5, 5, 5]


def test_mutant_trash_discard_rules() -> None:
    game, dice = new_game("trash-5000", "mutant-trash", board=[1000, 1000])
    with pytest.raises(IllegalAction, match="nothing to discard"):
        game.discard(0)
    bank_turn(game, dice, [5, 5, 5, 1, 2, 3], [5, 5, 5])
    for bad in (3, -1, True):
        with pytest.raises(IllegalAction):
            game.discard(bad)
    with pytest.raises(IllegalAction):
        game.throw()
    assert game.current == 0  # the turn ends with the discard
    game.discard(2)
    assert game.current == 1 and game.phase is Phase.START


def test_mutant_trash_no_discard_after_trash() -> None:
    game, dice = new_game("trash-5000", "mutant-trash", throws=[[1, 2, 3, 3, 4, 6], [2, 3, 4, 6, 6]])
    game.throw()
    events = throw(game, 1)
    assert kinds(events)[-2:] == ["trash", "turn"] and game.play_area == []


def test_mutant_trash_the_play_area_can_reach_the_game_point() -> None:  # D-8
    game, dice = new_game("trash-5000", "mutant-trash", board=[1000, 4950])
    bank_turn(game, dice, [5, 5, 5, 1, 2, 3], [5, 5, 5])
    events = game.discard(0)
    assert game.board[1] == 5000 and game.reacher == 1
    assert kinds(events)[-2:] == ["catch-up", "turn"] and game.current == 0


def test_mutant_rotary_trash_after_a_corner_discards_nothing() -> None:
    game, dice = new_game("trash-5000", "mutant-trash", "rotary-club",
                          throws=[[1, 1, 1, 5, 5, 5], [5, 2, 3, 3, 4, 6], [2, 3, 4, 6, 6]])
    game.throw()
    throw(game, 1, 1, 1, 5, 5, 5)
    events = throw(game, 5)
    assert kinds(events)[-2:] == ["trash", "turn"] and game.current == 1


def test_mutant_rotary_trash_without_a_corner_discards_a_frozen_die() -> None:
    game, dice = new_game("trash-5000", "mutant-trash", "rotary-club",
                          throws=[[1, 5, 2, 3, 3, 4], [2, 3, 4, 6]])
    game.throw()
    events = throw(game, 1, 5)
    assert kinds(events)[-1] == "trash" and game.phase is Phase.DISCARD
    assert sorted(game.discard_choices) == [1, 5]
    game.discard(game.discard_choices.index(1))
    assert game.board == [0, 100] and game.current == 1


def test_mutant_rotary_trash_on_the_first_throw_discards_nothing() -> None:
    game, dice = new_game("trash-5000", "mutant-trash", "rotary-club")
    trash_turn(game, dice)
    assert game.current == 1 and game.phase is Phase.START


# -- three trash throws in a row (Farkle option) -------------------------------------------------


def test_three_trash_turns_in_a_row_cost_1000() -> None:
    game, dice = new_game("farkle", "three-trash", seats=1, board=[2000])
    trash_turn(game, dice)
    trash_turn(game, dice)
    events = trash_turn(game, dice)
    assert of(events, Penalty) == [Penalty(0, 1000, 1000, "three-trash")]
    trash_turn(game, dice)  # the count starts again
    assert game.board == [1000]


def test_three_trash_count_resets_when_a_turn_banks() -> None:
    game, dice = new_game("farkle", "three-trash", seats=1, board=[2000])
    trash_turn(game, dice)
    trash_turn(game, dice)
    bank_turn(game, dice, [1, 1, 1, 2, 3, 4], [1, 1, 1])
    trash_turn(game, dice)
    trash_turn(game, dice)
    assert game.board == [3000]


def test_three_trash_counts_per_seat() -> None:
    game, dice = new_game("farkle", "three-trash", seats=2)
    for _ in range(5):
        trash_turn(game, dice)
    assert game.board == [-1000, 0]  # seat 0 has three, seat 1 two
    game2, dice2 = new_game("farkle", "three-trash", seats=2)
    for _ in range(6):
        trash_turn(game2, dice2)
    assert game2.board == [-1000, -1000]


def test_without_the_option_trash_costs_nothing_extra() -> None:
    game, dice = new_game("farkle", seats=1, board=[2000])
    for _ in range(4):
        trash_turn(game, dice)
    assert game.board == [2000]


def test_three_trash_and_rotary_club_are_refused_together() -> None:
    # Every Rotary Club turn ends in trash: the penalty would strike every third turn, so
    # the engine refuses the pair (it used to ignore the penalty there without a word).
    with pytest.raises(ValueError, match="do not go together"):
        rules("farkle", "three-trash", "rotary-club")
    with pytest.raises(ValueError, match="no bank to surpass"):
        rules("farkle", "surpassing", "rotary-club")


def test_mutant_trash_play_area_counts_like_a_first_throw() -> None:  # D-13, our reading
    """Six dice in the play area are counted with every counter, Ten-Thousand's straight
    included (the area is counted like a fresh throw)."""
    game, dice = new_game("ten-thousand", "mutant-trash", throws=[[1, 2, 2, 3, 4, 6]])
    game.play_area = [2, 3, 4, 5, 6]
    game.throw()
    bank(game, 1)
    events = game.discard(0)
    assert events[0].area == (2, 3, 4, 5, 6, 1)
    assert events[0].points == 1500


def test_a_pyramiding_freeze_that_takes_points_off_says_so() -> None:  # D-10
    game, _ = new_game("trash-15000", "pyramiding", throws=[[6, 6, 6, 6, 2, 3], [4, 4]])
    throw(game)
    throw(game, 6, 6, 6, 6)
    assert game.describe_selection(idx(game, 4, 4)) == (
        "with the frozen dice: three pairs = 2,000, so -2,000", -2000)
    frozen = Frozen(0, (4, 4), -2000, 2000, (6, 6, 6, 6))
    assert frozen.message(["Ann"]) == "Ann freezes 4 4 onto 6 6 6 6: -2,000 (turn 2,000)"


def test_a_rule_sets_name_that_says_its_game_point_is_not_told_it_twice() -> None:
    import dataclasses

    from tenthousand.model.rules import PRESETS

    farkle = PRESETS["farkle"]
    for title in ("Farkle to 1,500", "Trash 1.500", "Kim's 1500 game"):
        rules = dataclasses.replace(farkle, title=title, game_point=1500)
        assert rules.label == rules.stored_label == title
    # A name with another number, or none, still gets the changed game point.
    assert dataclasses.replace(farkle, title="Trash 15000", game_point=1500).label == \
        "Trash 15000, to 1,500"
    house = dataclasses.replace(farkle.with_options("pyramiding"), title="House",
                                game_point=1500)
    assert house.label == "House, to 1,500, pyramiding"
    assert dataclasses.replace(farkle, game_point=1500).label == "Farkle, to 1,500"
