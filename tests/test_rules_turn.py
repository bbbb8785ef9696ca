"""A turn, step by step ("A turn" in RULES.md): throw, trash, freeze, bank, the minimum, the
corner (D-1 and the Trash "must be taken"), and the first-throw rule in play (D-2, D-6)."""

from __future__ import annotations

import pytest
from rules_kit import bank, kinds, new_game, of, snapshot, throw

from tenthousand.model.events import Banked, Corner, Frozen, Thrown, Trash, TurnStarted
from tenthousand.model.game import Game, IllegalAction, Phase, Seat
from tenthousand.model.rules import PRESETS


def test_a_turn_starts_by_throwing_all_six_dice() -> None:
    game, dice = new_game("ten-thousand", throws=[[1, 2, 3, 3, 4, 6]])
    assert game.phase is Phase.START and game.turn_score == 0
    events = game.throw()
    assert dice.asked == [6]
    assert events == [Thrown(0, (1, 2, 3, 3, 4, 6), False)]
    assert game.phase is Phase.CHOOSE and game.thrown == (1, 2, 3, 3, 4, 6)


@pytest.mark.parametrize("preset", ["ten-thousand", "trash-5000", "trash-15000", "farkle"])
def test_trash_loses_the_turn_score_and_passes_the_dice(preset: str) -> None:
    game, dice = new_game(preset, throws=[[1, 1, 1, 2, 3, 4], [2, 3, 4]])
    throw(game)
    events = throw(game, 1, 1, 1)
    assert game.turn_score == 0
    assert kinds(events) == ["freeze", "throw", "trash", "turn"]
    assert of(events, Trash) == [Trash(0, 1000)]
    assert game.board == [0, 0] and game.current == 1 and game.phase is Phase.START


def test_trash_on_the_first_throw_ends_the_turn_at_once() -> None:
    game, dice = new_game("trash-10000", throws=[[2, 2, 3, 4, 6, 6]])
    events = game.throw()
    assert events[0] == Thrown(0, (2, 2, 3, 4, 6, 6), True)
    assert kinds(events) == ["throw", "trash", "turn"] and game.current == 1


def test_freezing_adds_points_and_only_the_rest_is_thrown() -> None:
    game, dice = new_game("ten-thousand", throws=[[4, 4, 4, 1, 2, 3], [5, 2]])
    throw(game)
    events = throw(game, 4, 4, 4, 1)
    assert of(events, Frozen) == [Frozen(0, (4, 4, 4, 1), 500, 500)]
    assert dice.asked == [6, 2]
    assert game.frozen == [(4, 4, 4, 1)] and game.turn_score == 500


def test_at_least_one_die_must_be_frozen_before_throwing_again() -> None:
    game, _ = new_game("ten-thousand", throws=[[1, 2, 3, 3, 4, 6]])
    throw(game)
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="at least one"):
        game.throw([])
    with pytest.raises(IllegalAction, match="at least one"):
        game.bank([])
    assert snapshot(game) == before


def test_every_frozen_die_must_belong_to_a_counter() -> None:
    game, _ = new_game("ten-thousand", throws=[[1, 2, 3, 3, 4, 6]])
    throw(game)
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="2 does not score"):
        throw(game, 1, 2)
    with pytest.raises(IllegalAction, match="two 3s"):
        throw(game, 3, 3)
    assert snapshot(game) == before
    assert game.describe_selection(freeze_idx(game, 1, 2)) == ("the 2 does not score", None)
    assert game.describe_selection(freeze_idx(game, 1)) == ("a 1 = 100", 100)


def freeze_idx(game, *faces):  # type: ignore[no-untyped-def]
    return game.indices_for(faces)


def test_dice_of_different_throws_never_combine() -> None:
    game, _ = new_game("ten-thousand", throws=[[5, 2, 3, 3, 4, 6], [5, 5, 2, 3, 4]])
    throw(game)
    throw(game, 5)
    # Without pyramiding the two new 5s are two singles, not a triplet with the frozen 5.
    assert dict(game.legal_freezes())[(5, 5)] == 100
    bank(game, 5, 5)
    assert game.board == [150, 0]


def test_bad_indices_are_refused_with_a_reason() -> None:
    game, _ = new_game("ten-thousand", throws=[[1, 1, 3, 3, 4, 6]])
    throw(game)
    with pytest.raises(IllegalAction, match="no die number"):
        game.throw([6])
    with pytest.raises(IllegalAction, match="only once"):
        game.throw([0, 0])
    with pytest.raises(IllegalAction):
        game.throw([True])  # type: ignore[list-item]
    with pytest.raises(IllegalAction, match="no 5"):
        game.indices_for([5])


def test_nothing_to_freeze_before_the_first_throw() -> None:
    game, _ = new_game("ten-thousand")
    with pytest.raises(IllegalAction, match="throw first"):
        game.throw([0])
    assert game.bank_refusal() is not None
    with pytest.raises(IllegalAction):
        game.bank()
    assert game.legal_freezes() == []


# -- banking and the minimum ----------------------------------------------------------------


def test_banking_adds_the_turn_score_and_ends_the_turn() -> None:
    game, _ = new_game("ten-thousand", throws=[[1, 2, 3, 3, 4, 6], [5, 2, 3, 4, 6]])
    throw(game)
    throw(game, 1)
    events = bank(game, 5)
    assert of(events, Banked) == [Banked(0, 150, 150)]
    assert events[-1] == TurnStarted(1, "normal")
    assert game.board == [150, 0] and game.turns_taken == [1, 0]


def test_ten_thousand_has_no_minimum() -> None:  # D-1
    game, _ = new_game("ten-thousand", throws=[[5, 2, 3, 3, 4, 6]])
    throw(game)
    assert game.bank_refusal(freeze_idx(game, 5)) is None
    bank(game, 5)
    assert game.board == [50, 0]


def test_trash_needs_500_to_get_on_board_then_350() -> None:
    game, dice = new_game("trash-5000", throws=[[1, 1, 1, 2, 3, 4]], board=[0, 0])
    throw(game)
    reason = game.bank_refusal(freeze_idx(game, 1, 1))
    assert reason == "you need 500 to get on the board; you have 200"
    assert game.bank_refusal(freeze_idx(game, 1, 1, 1)) is None
    game2, _ = new_game("trash-5000", throws=[[1, 1, 1, 5, 3, 4]], board=[50, 0])
    throw(game2)
    assert game2.bank_refusal(freeze_idx(game2, 1, 5)) == "you need 350 to bank; you have 150"
    game3, _ = new_game("trash-5000", throws=[[1, 5, 5, 5, 3, 4]], board=[50, 0])
    throw(game3)
    assert game3.bank_refusal(freeze_idx(game3, 5, 5, 5)) is None  # 500 >= 350
    game4, _ = new_game("trash-5000", throws=[[6, 6, 6, 2, 3, 4]], board=[50, 0])
    throw(game4)
    assert game4.bank_refusal(freeze_idx(game4, 6, 6, 6)) is None  # 600
    game5, _ = new_game("trash-5000", throws=[[3, 3, 3, 5, 2, 4]], board=[50, 0])
    throw(game5)
    assert game5.bank_refusal(freeze_idx(game5, 3, 3, 3, 5)) is None  # exactly 350


def test_a_refused_bank_changes_nothing() -> None:
    game, _ = new_game("trash-10000", throws=[[1, 2, 3, 3, 4, 6]])
    throw(game)
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="500"):
        bank(game, 1)
    assert snapshot(game) == before


def test_the_minimum_counts_the_whole_turn_score() -> None:
    game, _ = new_game("trash-5000", throws=[[1, 1, 1, 2, 3, 4], [5, 2, 3]], board=[0, 0])
    throw(game)
    throw(game, 1, 1, 1)
    assert game.bank_refusal(freeze_idx(game, 5)) is None  # 1050 >= 500
    bank(game, 5)
    assert game.board == [1050, 0]


def test_a_negative_board_is_on_the_board() -> None:
    # "whether his board score is nonzero": a board below zero (a challenge) needs only 350
    game, _ = new_game("trash-5000", throws=[[5, 5, 5, 2, 3, 4]], board=[-300, 0])
    throw(game)
    assert game.bank_refusal(freeze_idx(game, 5, 5, 5)) is None


def test_minimums_are_settings() -> None:
    game, _ = new_game("trash-5000", throws=[[5, 2, 3, 3, 4, 6]], opening_minimum=0)
    throw(game)
    assert game.bank_refusal(freeze_idx(game, 5)) is None
    game, _ = new_game("ten-thousand", throws=[[5, 2, 3, 3, 4, 6]], board=[100, 0],
                       minimum=100)
    throw(game)
    assert game.bank_refusal(freeze_idx(game, 5)) == "you need 100 to bank; you have 50"


# -- the corner -------------------------------------------------------------------------------


def corner_game(preset: str):  # type: ignore[no-untyped-def]
    game, dice = new_game(preset, throws=[[1, 1, 1, 5, 2, 3], [5, 5]], board=[1000, 0])
    throw(game)
    throw(game, 1, 1, 1, 5)
    return game, dice


def test_freezing_all_six_turns_the_corner_and_hands_back_six_dice() -> None:
    game, dice = corner_game("ten-thousand")
    dice.add([2, 2, 3, 3, 4, 1])
    events = throw(game, 5, 5)
    assert kinds(events) == ["freeze", "corner", "throw"]
    assert of(events, Corner) == [Corner(0, 1150)]
    assert dice.asked == [6, 2, 6]
    assert game.turn_score == 1150 and game.frozen == [] and game.corners == 1
    bank(game, 1)
    assert game.board == [2250, 0]


def test_ten_thousand_may_bank_at_the_corner() -> None:  # D-1
    game, _ = corner_game("ten-thousand")
    assert game.bank_refusal(freeze_idx(game, 5, 5)) is None
    events = bank(game, 5, 5)
    assert kinds(events)[:3] == ["freeze", "corner", "bank"]
    assert game.board == [2150, 0]


@pytest.mark.parametrize("preset", ["trash-5000", "trash-10000", "trash-15000"])
def test_trash_throw_after_the_corner_must_be_taken(preset: str) -> None:
    game, dice = corner_game(preset)
    before = snapshot(game)
    assert game.bank_refusal(freeze_idx(game, 5, 5)) == "after turning the corner you must throw"
    with pytest.raises(IllegalAction, match="must throw"):
        bank(game, 5, 5)
    assert snapshot(game) == before
    dice.add([5, 2, 3, 4, 6, 6])
    throw(game, 5, 5)
    assert game.bank_refusal(freeze_idx(game, 5)) is None  # one die stays unfrozen
    bank(game, 5)
    assert game.board == [1000 + 1150 + 50, 0]


def test_trash_after_the_corner_loses_the_whole_turn() -> None:
    game, dice = corner_game("trash-5000")
    dice.add([2, 2, 3, 3, 4, 6])
    events = throw(game, 5, 5)
    assert of(events, Trash) == [Trash(0, 1150)]
    assert game.board == [1000, 0]


def test_the_corner_can_be_turned_again_and_again() -> None:
    game, dice = new_game("ten-thousand", throws=[[1, 5, 2, 2, 2, 5]])
    throw(game)
    for _ in range(3):
        dice.add([1, 5, 2, 2, 2, 5])
        throw(game, 1, 5, 2, 2, 2, 5)
    assert game.corners == 3 and game.turn_score == 3 * 400
    bank(game, 1)
    assert game.board == [1300, 0]


# -- the first throw of the turn --------------------------------------------------------------


def test_ten_thousand_straight_and_doubles_on_the_first_throw() -> None:
    game, _ = new_game("ten-thousand", throws=[[6, 5, 4, 3, 2, 1]])
    throw(game)
    assert game.legal_freezes()[0] == ((1, 2, 3, 4, 5, 6), 1500)
    game, _ = new_game("ten-thousand", throws=[[2, 2, 4, 4, 6, 6]])
    events = throw(game)
    assert not events[0].trash  # doubles save a throw that has no 1, 5 or group
    assert game.legal_freezes() == [((2, 2, 4, 4, 6, 6), 1000)]


def test_ten_thousand_six_dice_after_a_corner_are_not_the_first_throw() -> None:  # D-2
    game, dice = corner_game("ten-thousand")
    dice.add([2, 2, 4, 4, 6, 6])
    events = throw(game, 5, 5)
    assert of(events, Thrown)[-1].trash  # doubles do not count: this throw is trash
    assert game.board == [1000, 0] and game.current == 1
    game, dice = corner_game("ten-thousand")
    dice.add([1, 2, 3, 4, 5, 6])
    throw(game, 5, 5)
    assert dict(game.legal_freezes()).get((1, 2, 3, 4, 5, 6)) is None
    assert game.legal_freezes()[0] == ((1, 5), 150)


@pytest.mark.parametrize("preset", ["trash-10000", "trash-15000"])
def test_trash_six_dice_counters_count_after_a_corner(preset: str) -> None:  # D-6
    game, dice = corner_game(preset)
    dice.add([2, 2, 4, 4, 6, 6])
    events = throw(game, 5, 5)
    assert not of(events, Thrown)[-1].trash
    assert game.legal_freezes()[0] == ((2, 2, 4, 4, 6, 6), 2000)
    dice.add([3, 3, 3, 4, 4, 4])
    throw(game, 2, 2, 4, 4, 6, 6)
    assert game.legal_freezes()[0] == ((3, 3, 3, 4, 4, 4), 3000)


def test_trash_5000_straight_after_a_corner() -> None:  # D-6
    game, dice = corner_game("trash-5000")
    dice.add([1, 2, 3, 4, 5, 6])
    throw(game, 5, 5)
    assert game.legal_freezes()[0] == ((1, 2, 3, 4, 5, 6), 1500)


# -- Farkle, the modern preset ----------------------------------------------------------------


def test_farkle_needs_500_to_get_on_board_then_nothing() -> None:
    game, _ = new_game("farkle", throws=[[1, 1, 2, 3, 4, 6]])
    throw(game)
    assert game.bank_refusal(freeze_idx(game, 1, 1)) == \
        "you need 500 to get on the board; you have 200"
    game, _ = new_game("farkle", throws=[[5, 2, 3, 3, 4, 6]], board=[500, 0])
    throw(game)
    assert game.bank_refusal(freeze_idx(game, 5)) is None


def test_farkle_may_bank_at_the_corner() -> None:
    game, _ = corner_game("farkle")
    assert game.bank_refusal(freeze_idx(game, 5, 5)) is None
    bank(game, 5, 5)
    assert game.board == [2150, 0]


def test_listeners_hear_every_event_in_order() -> None:
    game, dice = new_game("ten-thousand", throws=[[1, 2, 3, 3, 4, 6], [5, 2, 3, 4, 6]])
    heard: list[object] = []
    game.listeners.append(heard.append)
    returned = throw(game) + throw(game, 1) + bank(game, 5)
    assert heard == returned == game.log[-len(returned):]


def test_a_selection_that_scores_more_with_fewer_dice_is_found() -> None:
    # Trash 15000: 2 5 5 5 5 2 together are three pairs (2,000); 5 5 5 5 alone are 4,000.
    game = Game(PRESETS["trash-15000"], [Seat("Ann"), Seat("Bob")],
                dice=lambda n: [2, 5, 5, 5, 5, 2][:n], first_seat=0)
    game.throw()
    assert game.describe_selection(range(6)) == ("three pairs = 2,000", 2000)
    assert game.better_freeze(range(6)) == ((5, 5, 5, 5), 4000)
    assert game.better_freeze([1, 2, 3, 4]) is None  # the four 5s are the best already
    assert game.better_freeze([0]) is None  # a 2 alone cannot be frozen
    # A 1 and a 5 score most together.
    game = Game(PRESETS["ten-thousand"], [Seat("Ann"), Seat("Bob")],
                dice=lambda n: [1, 5, 2, 3, 4, 6][:n], first_seat=0)
    game.throw()
    assert game.better_freeze([0, 1]) is None
