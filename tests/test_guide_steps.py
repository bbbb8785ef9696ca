"""The first-turn tour's step machine and the callout geometry, without a display."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from tenthousand.model import PRESETS, Game, Seat
from tenthousand.model.game import Phase
from tenthousand.present.tour import Step, Tour, moment, scoring_die
from tenthousand.view.guide import GAP, MARGIN, outline, overlaps, place_box


def scripted(*throws: Sequence[int], preset: str = "ten-thousand", first: int = 0) -> Game:
    """Ann (a person) and Bot (the computer), with the dice handed out in this order."""
    queue = [tuple(t) for t in throws]

    def dice(count: int) -> tuple[int, ...]:
        throw = queue.pop(0)
        assert len(throw) == count
        return throw

    return Game(PRESETS[preset], [Seat("Ann"), Seat("Bot", True)], dice=dice,
                first_seat=first)


def see(tour: Tour, game: Game, selection: Sequence[int] = ()) -> Step | None:
    human = not game.over and not game.seats[game.current].computer
    callout = tour.see(moment(game, human, selection))
    return None if callout is None else callout.step


def test_a_scripted_turn_walks_through_every_step() -> None:
    game = scripted((2, 5, 1, 3, 4, 6), (2, 3, 5, 4), (5, 5, 3, 4, 2, 6), (1, 2, 2, 3, 4, 6))
    tour = Tour()
    assert see(tour, game) is Step.THROW
    assert tour.callout is not None and tour.callout.targets == ("throw",)
    game.throw()
    assert see(tour, game) is Step.FREEZE
    assert tour.callout is not None and tour.callout.die == 2  # the lone 1 before the 5
    assert see(tour, game, [2]) is Step.DECIDE
    assert tour.callout is not None and list(tour.callout.targets) == ["throw", "bank"]
    assert see(tour, game, [2, 0]) is Step.FREEZE  # a 2 does not score: back to freezing
    assert see(tour, game, []) is Step.FREEZE  # put back: back to freezing
    game.throw([1, 2])  # they freeze the 5 and the 1 and throw on: the tour follows
    assert see(tour, game) is Step.FREEZE
    assert tour.callout is not None and tour.callout.die == 2
    game.bank([2])
    # The turn is over: the last word stands until the computer throws...
    assert see(tour, game) is Step.END
    assert tour.at_end and tour.callout is not None
    assert "You banked 200 points" in tour.callout.text and "F5" in tour.callout.text
    game.throw()
    # ...and steps aside while it plays (it covered the table's prompt the whole turn,
    # issue 42, item 13)...
    assert see(tour, game) is None and not tour.finished
    game.bank(game.indices_for((5, 5)))
    assert see(tour, game) is Step.END  # ...comes back at the next turn's start...
    game.throw()
    assert see(tour, game) is None  # ...until they throw again: done for good
    assert tour.finished
    assert see(tour, game) is None


def test_a_trash_ends_with_its_own_last_word() -> None:
    game = scripted((2, 3, 4, 6, 2, 3))
    tour = Tour()
    assert see(tour, game) is Step.THROW
    game.throw()
    assert game.current == 1 and game.phase is Phase.START
    assert see(tour, game) is Step.END
    assert tour.callout is not None and tour.callout.text.startswith("Trash")


def test_a_bank_not_open_yet_is_said_at_the_choice() -> None:
    game = scripted((5, 2, 3, 4, 6, 2), preset="farkle")
    tour = Tour()
    see(tour, game)
    game.throw()
    assert see(tour, game, [0]) is Step.DECIDE
    assert tour.callout is not None and "Bank is not open yet: you need 500" in tour.callout.text


def test_the_tour_waits_for_a_person_and_follows_them() -> None:
    game = scripted((5, 2, 3, 4, 6, 2), (1, 2, 3, 4, 6, 2), first=1)
    tour = Tour()
    assert see(tour, game) is None  # the computer plays first: nothing to show
    game.throw()
    assert see(tour, game) is None
    game.bank([0])
    assert see(tour, game) is Step.THROW  # now Ann's first turn
    assert tour.seat == 0


def test_skipping_ends_it_and_a_new_game_starts_it_over() -> None:
    tour = Tour()
    game = scripted((1, 2, 3, 4, 6, 2))
    see(tour, game)
    game.throw()
    assert see(tour, game) is Step.FREEZE
    tour.new_game()  # a new game half-way: follow the new game's first turn instead
    fresh = scripted((1, 2, 3, 4, 6, 2))
    assert see(tour, fresh) is Step.THROW
    tour.finish()
    assert see(tour, fresh) is None and tour.callout is None


def test_a_new_game_after_the_last_word_finishes_the_tour() -> None:
    game = scripted((2, 3, 4, 6, 2, 3))
    tour = Tour()
    see(tour, game)
    game.throw()
    assert see(tour, game) is Step.END
    tour.new_game()
    assert tour.finished and see(tour, scripted((1, 2, 3, 4, 6, 2))) is None


def test_the_die_pointed_at_can_be_frozen() -> None:
    for throw in [(1, 2, 3, 4, 6, 2), (2, 2, 2, 3, 4, 6), (6, 5, 4, 3, 2, 1), (3, 3, 4, 4, 6, 6)]:
        game = scripted(throw)
        game.throw()
        die = scoring_die(game)
        assert die is not None
        best = game.legal_freezes()[0][0]
        assert game.thrown[die] in best, throw  # a die of the best freeze
        singles = {faces for faces, _ in game.legal_freezes() if len(faces) == 1}
        if any((face,) in singles for face in best):
            assert game.describe_selection([die])[1] is not None, throw  # it scores alone


def test_three_1s_are_pointed_out_as_worth_more_together() -> None:
    """"This one scores: click it" over one of three 1s gave away 900 points."""
    game = scripted((1, 1, 1, 3, 4, 6))
    tour = Tour()
    see(tour, game)
    game.throw()
    callout = tour.see(moment(game, True, ()))
    assert callout is not None and callout.step is Step.FREEZE
    assert "1 1 1 together, for 1,000" in callout.text and "This one" not in callout.text
    assert game.thrown[callout.die or 0] == 1
    lone = scripted((1, 2, 3, 4, 6, 2))
    tour = Tour()
    see(tour, lone)
    lone.throw()
    callout = tour.see(moment(lone, True, ()))
    assert callout is not None and "This one scores: click it." in callout.text


@pytest.mark.parametrize("area", [(840, 730), (600, 520), (300, 260)])
@pytest.mark.parametrize("target", [
    (100, 730, 260, 770),  # the Throw button, under the canvas
    (60, 410, 160, 510),  # a die in the middle
    (700, 40, 790, 130),  # a die near the top: the box goes below it
])
def test_a_box_stays_on_the_canvas_and_off_what_it_points_at(
        area: tuple[int, int], target: tuple[int, int, int, int]) -> None:
    box, tips = place_box(area, (460, 120), [target])
    x0, y0, x1, y1 = box
    assert MARGIN <= x0 < x1 <= area[0] - MARGIN
    assert not overlaps(box, target)
    assert len(tips) == 1
    tx, ty = tips[0]
    assert ty in (min(target[1], area[1]), target[3])  # the tip touches the target's edge
    assert abs((y0 if ty < y0 else y1) - ty) <= GAP or ty == area[1]


def test_two_targets_get_two_pointers_and_no_target_none() -> None:
    box, tips = place_box((840, 730), (460, 120), [(10, 738, 270, 770), (280, 738, 490, 770)])
    assert [round(x) for x, _ in tips] == [140, 385]
    points = outline(box, tips)
    pairs = list(zip(points[::2], points[1::2], strict=True))
    assert all(tip in pairs for tip in tips)
    assert max(y for _, y in pairs) == 730  # the tips reach the canvas edge
    box, tips = place_box((840, 730), (460, 120), [])
    assert tips == [] and box[3] <= 730 - 30 and abs((box[0] + box[2]) / 2 - 420) < 1


def test_a_box_moves_off_what_it_should_not_hide_when_it_can() -> None:
    button = (10.0, 738.0, 270.0, 770.0)
    play_area = (8.0, 640.0, 832.0, 730.0)  # Mutant Trash's play area, above the buttons
    natural, _ = place_box((840, 730), (460, 120), [button])
    assert overlaps(natural, play_area)
    box, tips = place_box((840, 730), (460, 120), [button], [play_area], max_lift=120)
    assert not overlaps(box, play_area) and box[3] <= play_area[1]
    assert tips == [(140.0, 730)]  # the pointer still reaches the button
    # Too far to go: it stays where it points best.
    assert place_box((840, 730), (460, 120), [button], [play_area], max_lift=20)[0] == natural
    # Nothing in the way: nothing moves.
    assert place_box((840, 730), (460, 120), [button], [(600, 0, 700, 50)], 120)[0] == natural


def test_the_first_step_says_which_dice_and_how_they_are_thrown() -> None:
    from dataclasses import replace

    from tenthousand.model.real_dice import real_game

    def first(game: Game) -> tuple[str, str]:
        callout = Tour().see(moment(game, True, ()))
        assert callout is not None and callout.step is Step.THROW
        return callout.title, callout.text

    six = PRESETS["ten-thousand"]
    title, text = first(Game(six, [Seat("Ann"), Seat("Bot", True)], first_seat=0))
    assert title == "Throw the six dice" and "Click Throw (or press Space)" in text
    five = replace(six, dice=5)
    title, text = first(Game(five, [Seat("Ann"), Seat("Bot", True)], first_seat=0))
    assert title == "Throw the five dice" and "five dice" in text and "six" not in text
    title, text = first(real_game(six, [Seat("Ann"), Seat("Bot", True)], "Kitchen",
                                  first_seat=0))
    assert title == "Throw your six real dice"
    assert "type their faces in the row below" in text and "Click Throw" not in text
    title, text = first(real_game(five, [Seat("Ann"), Seat("Bot", True)], "Kitchen",
                                  first_seat=0))
    assert title == "Throw your five real dice" and "six" not in text
