"""The presenter without a display: scripted positions, and whole seeded games read for
their grammar with a seat called "You"."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from rules_kit import bank, bank_turn, new_game, normal_game, normal_steps, throw, trash_turn

from tenthousand.model import Event, Game, Seat
from tenthousand.model.game import Phase
from tenthousand.model.grammar import Person, join_names
from tenthousand.present import presenter
from tenthousand.present.presenter import Context
from tenthousand.present.rules_text import rules_text
from tenthousand.present.stakes import Residue, residue


def human_context(game: Game, selection: tuple[int, ...] = (), **extra: object) -> Context:
    computers = tuple(False for _ in game.seats)
    return Context(computers=computers, levels=("normal",) * len(game.seats),
                   selection=frozenset(selection), **extra)  # type: ignore[arg-type]


# -- grammar --------------------------------------------------------------------------------


def test_a_seat_called_you_is_spoken_to() -> None:
    you, ann = Person("You"), Person("Ann")
    assert you.pick("You throw {dice}", "{name} throws {dice}", dice="1, 5") == "You throw 1, 5"
    assert ann.pick("You throw {dice}", "{name} throws {dice}", dice="1, 5") == "Ann throws 1, 5"
    assert Person(" you ").you and not Person("Youssef").you
    assert join_names([ann, Person("Bob"), you]) == "Ann, Bob and you"


# -- every text of whole games, read for "You's", "You is", "challenged You" ... -------------

_WRONG = [
    re.compile(r"\bYou's\b", re.I),
    re.compile(r"\bYou (is|has|was|does|[a-z]*[^s\W]s)\b"),  # "You throws", "You is"
    re.compile(r"(?<=[a-z,;] )You\b"),  # "challenged You", "for You": mid-sentence capital
    re.compile(r"\bAnn (throw|freeze|turn|pay|play|win|challenge|are|have) "),
]

_GAMES = [
    ("ten-thousand", ()),
    ("trash-10000", ("challenging",)),
    ("trash-5000", ("challenging", "three-trash")),
    ("farkle", ("three-trash", "surpassing")),
    ("trash-5000", ("mutant-trash",)),
    ("trash-5000", ("rotary-club", "mutant-trash", "challenging")),
    ("trash-5000", ("rotary-club",)),
]


def _texts(game: Game, events: list[Event]) -> Iterator[str]:
    """Every text the window would show for this moment, seen as human and as computer."""
    for event in events:
        yield event.message(game.names)
        cue = presenter.cue(game, event)
        if cue is not None:
            yield cue.text
    selection = ()
    if game.phase is Phase.CHOOSE and game.legal_freezes():
        selection = game.indices_for(game.legal_freezes()[0][0])
    n = len(game.seats)
    for computers in ((False,) * n, (True,) * n):
        for thinking in (False, True):
            ctx = Context(computers=computers, levels=("normal",) * n, thinking=thinking,
                          selection=frozenset(selection),
                          challenge_offered=game.phase is Phase.START and not computers[0],
                          decision_bank=True)
            shown = presenter.table(game, ctx)
            yield from (shown.caption, shown.frozen_label, shown.need, shown.notice,
                        shown.selection, shown.hint, shown.area_label, shown.footer)
            bar = presenter.action_bar(game, ctx)
            yield from (bar.reason, bar.question, bar.confirm_bank)
            yield from (row.details() for row in presenter.seat_rows(game, ctx))
    yield presenter.stage_text(game)
    yield presenter.thinking_status(game)
    yield presenter.not_your_turn(game)
    if game.result is not None:
        yield presenter.result_text(game, game.result)


def _play(preset: str, options: tuple[str, ...], names: tuple[str, str], seed: int
          ) -> Iterator[str]:
    game = normal_game(preset, options, names, seed)
    yield from _texts(game, list(game.log))
    for events in normal_steps(game, seed):
        yield from _texts(game, events)


@pytest.mark.parametrize("preset,options", _GAMES)
@pytest.mark.parametrize("names", [("You", "Ann"), ("Ann", "You")])
def test_no_text_treats_you_as_a_third_person(preset: str, options: tuple[str, ...],
                                              names: tuple[str, str]) -> None:
    seen = 0
    for seed in (1, 2, 3):
        for text in _play(preset, options, names, seed):
            seen += 1
            for wrong in _WRONG:
                assert not wrong.search(text), f"{text!r} ({wrong.pattern})"
    assert seen > 100


def test_challenged_you_reads_right_everywhere() -> None:
    game, dice = new_game("trash-10000", "challenging", first_seat=1)
    game.seats = (Seat("You"), Seat("Computer 2"))
    events = game.challenge(0)
    texts = [e.message(game.names) for e in events]
    cue = presenter.cue(game, events[0])
    assert cue is not None and cue.text == "Computer 2 challenged you!"
    assert texts == ["Computer 2 challenges you (trash would cost Computer 2 1,000)"]
    ctx = Context(computers=(False, True))
    assert presenter.table(game, ctx).notice == (
        "Computer 2 challenged you: a bank this turn also comes off your board; trash "
        "costs Computer 2 1,000.")


def test_a_gift_that_puts_a_player_on_the_board_says_so() -> None:  # D-15
    from tenthousand.model.events import Discarded

    game, dice = new_game("trash-5000", "mutant-trash", board=[1000, 0])
    game.seats = (Seat("You"), Seat("Ann"))
    bank_turn(game, dice, [5, 5, 5, 1, 2, 3], [5, 5, 5])
    (gift,) = [e for e in game.discard(0) if isinstance(e, Discarded)]
    cue = presenter.cue(game, gift)
    assert cue is not None and cue.text == "You played a 5: 50 for Ann\nAnn is on the board now"
    assert game.on_board(1) and game.minimum(1) == 350
    # a second gift to a player already on the board says nothing of it
    bank_turn(game, dice, [5, 5, 5, 1, 2, 3], [5, 5, 5])
    (back,) = [e for e in game.discard(0) if isinstance(e, Discarded)]
    cue = presenter.cue(game, back)
    assert cue is not None and cue.text == "Ann played a 5: 100 for you"


def test_your_last_turn_and_your_turn() -> None:
    game, dice = new_game("ten-thousand", throws=[(5, 5, 5, 2, 3, 4)])
    game.seats = (Seat("You"), Seat("Ann"))
    events = throw(game)
    ctx = human_context(game)
    assert presenter.table(game, ctx).caption == "Your turn"
    events += bank(game, 5, 5, 5)
    assert residue(game) == Residue((2, 3, 4), ((5, 5, 5),), "dim", 0)
    shown = presenter.table(game, Context(computers=(False, True)))
    assert shown.frozen_label == "Your last turn"
    assert shown.caption == "Ann is playing"
    assert [e.message(game.names) for e in events if e.kind == "turn"] == ["Ann's turn"]
    demo = Context(computers=(True, True))
    game.current = 0
    assert presenter.table(game, demo).caption == "You are playing"
    assert presenter.not_your_turn(game) == "Wait: the computer is playing your turn."
    assert presenter.thinking_status(game) == "You are thinking..."


# -- item 4: the last turn says what it must reach ---------------------------------------


def catch_up_game(*options: str, preset: str = "ten-thousand", seats: int = 2,
                  board: tuple[int, ...] = (9500, 8200)) -> Game:
    """Seat 0 banks 500 and reaches 10,000: seat 1 plays its last turn."""
    game, dice = new_game(preset, *options, seats=seats, board=board)
    bank_turn(game, dice, (5, 5, 5, 2, 3, 4), (5, 5, 5))
    assert game.stage == "catch-up" and game.current == 1
    dice.add((1, 1, 1, 2, 3, 4))
    return game


def test_the_last_turn_shows_what_wins() -> None:
    game = catch_up_game()
    ctx = human_context(game)
    assert presenter.table(game, ctx).notice == \
        "Last turn: reach 10,050 to win (1,850 this turn)"
    throw(game)
    shown = presenter.table(game, human_context(game, game.indices_for((1, 1, 1))))
    assert shown.notice == "Last turn: reach 10,050 to win (1,850 this turn)"


def test_a_bank_that_cannot_win_warns_and_asks() -> None:
    game = catch_up_game()
    throw(game)
    bar = presenter.action_bar(game, human_context(game, game.indices_for((1, 1, 1))))
    assert bar.bank_ok and bar.bad
    assert bar.reason.endswith("Banking 1,000 leaves you 800 behind P0: you lose.")
    assert bar.confirm_bank == "Banking 1,000 leaves you 800 behind P0: you lose. Bank anyway?"


def test_a_losing_bank_says_the_gap_to_the_leader_not_to_the_target() -> None:
    # P0 has 10,000; P1 8,200 + 1,000 = 9,200: 800 behind (850 more would have won)
    game = catch_up_game()
    throw(game)
    bar = presenter.action_bar(game, human_context(game, game.indices_for((1,))))
    # 8,200 + 100 = 8,300: 1,700 behind the leader
    assert bar.reason.endswith("Banking 100 leaves you 1,700 behind P0: you lose.")


def test_the_last_turn_counts_down_and_says_when_the_bank_wins() -> None:
    game = catch_up_game()
    game.dice_source.add((1, 5, 5))  # type: ignore[attr-defined]
    throw(game)
    throw(game, 1, 1, 1)
    assert presenter.table(game, human_context(game)).notice == \
        "Last turn: reach 10,050 to win (1,850 this turn, 850 to go)"
    game.stretch_score += 900  # 1,900 so far: the 1 below makes 2,000
    bar = presenter.action_bar(game, human_context(game, game.indices_for((1,))))
    assert bar.reason.endswith("Banking 2,000 wins the game.") and not bar.confirm_bank
    assert not bar.bad


def test_a_tie_is_not_a_loss() -> None:
    game = catch_up_game()
    throw(game)
    game.stretch_score = 800  # with the three 1s: 1,800, exactly the gap
    bar = presenter.action_bar(game, human_context(game, game.indices_for((1, 1, 1))))
    assert "ties you with P0 for first: a tie-break follows" in bar.reason
    assert not bar.confirm_bank


def test_a_challenged_leader_halves_what_the_last_turn_needs() -> None:
    game = catch_up_game("challenging", preset="trash-10000")
    game.challenge(0)
    # 8,200 + 950 = 9,150 passes 10,000 - 950 = 9,050.
    assert presenter.table(game, human_context(game)).notice.startswith(
        "Last turn: reach 9,150 to win (950 this turn)\nP1 challenged P0:")


def test_several_players_see_the_lead_and_the_next_rank() -> None:
    game = catch_up_game(seats=3, board=(9500, 8200, 9000))
    shown = presenter.table(game, human_context(game))
    assert shown.notice == ("Last turn: reach 10,050 to take the lead (1,850 this turn); "
                            "9,050 passes P2 (850 this turn)")
    throw(game)
    bar = presenter.action_bar(game, human_context(game, game.indices_for((1, 1, 1))))
    assert bar.reason.endswith("leaves you 800 behind P0: you cannot win.")


def test_a_computer_last_turn_is_shown_too() -> None:
    game = catch_up_game()
    ctx = Context(computers=(False, True))
    assert presenter.table(game, ctx).notice == \
        "P1's last turn: 10,050 to win (1,850 this turn)"


# -- item 9: the options explained on the table -------------------------------------------


def test_a_challenge_that_opens_only_at_the_game_point_says_so() -> None:
    """Issue 42, item 11: "1 challenge" was shown while none was offered: the second
    opens only at the game point."""
    game, _dice = new_game("ten-thousand", "challenging", board=[5000, 3000])
    assert presenter.seat_rows(game, human_context(game))[0].parts()[2] == "2 challenges"
    game.challenges_used[0][0] = True  # the first challenge made
    assert game.challenge_slot_for(0) is None
    assert presenter.seat_rows(game, human_context(game))[0].parts()[2] == (
        "1 challenge, from 10,000")
    game.board[0] = 10000  # at the game point the second is offered: plain again
    assert game.challenge_slot_for(0) == 1
    assert presenter.seat_rows(game, human_context(game))[0].parts()[2] == "1 challenge"


def test_three_trash_counts_per_seat_and_warns_before_the_third() -> None:
    game, dice = new_game("farkle", "three-trash")
    for _ in range(3):
        trash_turn(game, dice)
    rows = presenter.seat_rows(game, human_context(game))
    assert "trash turns in a row: 1 of 3" in rows[1].details()
    assert "trash turns in a row: 2 of 3" in rows[0].details()
    assert game.current == 1
    assert "Careful" not in presenter.table(game, human_context(game)).notice
    trash_turn(game, dice)
    assert presenter.table(game, human_context(game)).notice == (
        "Careful: P0 threw trash the last two turns; a third costs P0 1,000.")


def test_rotary_club_says_lowest_wins_and_hides_the_bank() -> None:
    game, dice = new_game("trash-5000", "rotary-club", throws=[(1, 2, 3, 3, 4, 6)])
    ctx = human_context(game)
    assert "lowest score wins" in presenter.stage_text(game)
    assert "lowest score wins" in presenter.table(game, ctx).footer
    assert "adds the turn score to the board" in presenter.table(game, ctx).need
    assert all("board" not in row.details() for row in presenter.seat_rows(game, ctx))
    assert not presenter.action_bar(game, ctx).bank_shown
    throw(game)
    bar = presenter.action_bar(game, human_context(game, game.indices_for((1,))))
    assert not bar.bank_shown and bar.throw_ok and "pegs your turn score" in bar.reason


def test_the_play_area_says_what_it_is_worth_and_for_whom() -> None:
    game, dice = new_game("trash-5000", "mutant-trash")
    game.play_area[:] = [5, 5]
    ctx = human_context(game)
    assert presenter.table(game, ctx).area_label == \
        "Play area: 100 as it lies \u00b7 after this turn it scores for P1"
    bank_turn(game, dice, (1, 1, 1, 5, 2, 3), (1, 1, 1))
    assert game.phase is Phase.DISCARD
    shown = presenter.table(game, human_context(game))
    assert shown.area_label == ("Play area: 100 as it lies \u00b7 P0 plays a die into it, "
                                "and it scores for P1")
    assert shown.selection == "P1 would get 200 for a 1"


def test_a_challenged_turn_says_what_is_at_stake_all_turn() -> None:
    game, dice = new_game("trash-10000", "challenging", throws=[(1, 5, 2, 3, 4, 6)])
    game.challenge(1)
    stake = "P0 challenged P1: a bank this turn also comes off P1's board; trash costs P0 1,000."
    assert presenter.table(game, human_context(game)).notice == stake
    throw(game)
    assert presenter.table(game, human_context(game)).notice == stake


def test_the_first_log_line_names_the_game_point_once() -> None:
    from tenthousand.model import Game, Seat
    from tenthousand.model.rules import PRESETS
    from tenthousand.present import presenter

    plain = Game(PRESETS["ten-thousand"], [Seat("Ann"), Seat("Bob")], seed=1)
    assert presenter.start_line(plain) == "New game: Ten-Thousand, to 10,000."
    own = Game(PRESETS["ten-thousand"].with_options(game_point=6000), [Seat("Ann"), Seat("Bob")],
               seed=1)
    line = presenter.start_line(own, resumed=True)
    assert line.startswith("Resumed game: ") and line.count("6,000") == 1


def test_the_window_title_names_the_program_once() -> None:
    """"Ten-Thousand \u2014 Ten-Thousand" said the program's name twice for its own rules."""
    from dataclasses import replace

    from tenthousand.model.rules import PRESETS

    own = PRESETS["ten-thousand"]
    assert presenter.window_title(own, False) == "Ten-Thousand"
    assert presenter.window_title(own, True) == "Ten-Thousand (assisted)"
    assert presenter.window_title(replace(own, game_point=5000), False) == (
        "Ten-Thousand \u2014 to 5,000")
    assert presenter.window_title(PRESETS["trash-5000"], False) == "Ten-Thousand \u2014 Trash 5000"
    assert presenter.window_title(PRESETS["farkle"], True) == (
        "Ten-Thousand \u2014 Farkle (assisted)")


def test_lines_become_sentences_for_the_status_line() -> None:
    from tenthousand.present.spoken import sentences

    assert sentences(["Your turn", "Dice 1 1 4; picked 1", "a 1 = 100", "Ann is thinking...",
                      "", "Trash!"]) == ("Your turn. Dice 1 1 4; picked 1. A 1 = 100. "
                                          "Ann is thinking. Trash!")


# -- the table's numbers agree, and a better count is said -----------------------------------


def test_the_turn_score_counts_the_picked_dice_as_the_dice_to_throw_and_bank_do() -> None:
    game, _ = new_game("ten-thousand", throws=[[1, 4, 4, 4, 2, 3], [1, 5, 2, 3, 6]])
    throw(game)
    game.throw(game.indices_for((1,)))  # a 1 frozen: turn score 100, five dice thrown
    picked = game.indices_for((1, 5))
    table = presenter.table(game, human_context(game, picked))
    bar = presenter.action_bar(game, human_context(game, picked))
    assert table.turn_score == "Turn score 100 + 150 picked"
    assert table.dice_left == "Dice to throw 3"
    assert bar.bank_text == "Bank 250 (B)"
    # Nothing picked, or a pick that cannot be frozen: the turn score alone.
    assert presenter.table(game, human_context(game)).turn_score == "Turn score 100"
    bad = human_context(game, game.indices_for((2,)))
    assert presenter.table(game, bad).turn_score == "Turn score 100"


def test_the_selection_line_says_when_fewer_of_the_dice_score_more() -> None:
    game, _ = new_game("trash-15000", throws=[[2, 5, 5, 5, 5, 2]])
    throw(game)
    table = presenter.table(game, human_context(game, tuple(range(6))))
    assert table.selection == "three pairs = 2,000; 5 5 5 5 alone would score 4,000"
    assert table.selection_ok is True
    fours = presenter.table(game, human_context(game, (1, 2, 3, 4)))
    assert fours.selection == "four 5s = 4,000"


def test_match_points_are_said_as_points() -> None:
    row = presenter.SeatRow("Ann", "Human", 0, False, None, 8)
    assert row.details() == "Human \u00b7 not on board \u00b7 8 match points"
    assert presenter.SeatRow("Ann", "Human", 0, False, None, 1).details().endswith(
        "\u00b7 1 match point")


def test_a_pick_that_takes_points_off_is_said_with_a_minus() -> None:  # D-10
    game, _ = new_game("trash-15000", "pyramiding", throws=[[6, 6, 6, 6, 2, 3], [4, 4]])
    throw(game)
    throw(game, 6, 6, 6, 6)
    table = presenter.table(game, human_context(game, (0, 1)))
    assert table.turn_score == "Turn score 4,000 - 2,000 picked"


def test_the_play_area_in_rotary_club_adds_to_a_score_that_counts_against_it() -> None:
    # issue 42, item 4: Rotary Club with Mutant Trash showed a play area that "scores for"
    # the other player, in a game where nobody banks and a higher score loses
    game, dice = new_game("trash-5000", "mutant-trash", "rotary-club",
                          throws=[[1, 5, 2, 3, 3, 4], [2, 3, 4, 6]])
    game.play_area[:] = [5, 5]
    label = presenter.table(game, human_context(game)).area_label
    assert label == "Play area: 100 as it lies \u00b7 trash before a corner adds it to P1's score"
    game.throw()
    throw(game, 1, 5)  # trash before a corner: P0 plays a frozen die
    assert game.phase is Phase.DISCARD
    assert presenter.table(game, human_context(game)).area_label == (
        "Play area: 100 as it lies \u00b7 P0 plays a die into it: it adds to P1's score, and "
        "the lowest score wins")
    events = game.discard(game.discard_choices.index(5))
    cue = presenter.cue(game, events[0])
    assert cue is not None and cue.text == "P0 played a 5: 500 onto P1's score"
    assert not any("scores for" in text or "helps them least" in text
                   for _heading, text in rules_text(game.rules))


def test_a_challenge_in_rotary_club_says_what_its_trash_does() -> None:
    """Issue 42, the second tour: in Rotary Club the lowest score wins and every turn ends in
    trash, where the challenge's penalty comes off the challenger's own score (RULES.md:
    "a penalty then lowers the challenger's score, which helps him"); no text says it
    "costs" him or that he "pays" it."""
    game, dice = new_game("trash-5000", "rotary-club", "challenging", board=[2000, 1500],
                          throws=[(2, 3, 4, 6, 6, 2)])
    game.seats = (Seat("You"), Seat("Ann"))
    ctx = Context(computers=(False, False), challenge_offered=True)
    question = presenter.action_bar(game, ctx).question
    assert question == ("Challenge someone? This turn every peg also comes off their board, "
                        "which helps them; the trash that ends your turn takes 500 off yours, "
                        "which helps you.")
    events = game.challenge(1)
    assert [e.message(game.names) for e in events] == [
        "You challenge Ann (the trash that ends your turn takes 500 off your score)"]
    assert presenter.table(game, Context(computers=(False, False))).notice == (
        "You challenged Ann: every peg this turn also comes off Ann's board; the trash that "
        "ends your turn takes 500 off yours.")
    events = game.throw([])
    texts = [e.message(game.names) for e in events]
    assert "Your challenge ends in trash: 500 off your score, now 1,500" in texts
    assert game.board[0] == 1500  # lowered: the rules' own penalty, which helps him
    for text in texts:
        assert "pay" not in text and "cost" not in text, text
    seen = [e.message(("Bob", "Ann")) for e in events]
    assert "Bob's challenge ends in trash: 500 off Bob's score, now 1,500" in seen
