"""The words of a real-dice game: the entry row, what speech reads back, what a computer
seat says, and the coach's line after a decision, against the advisor's values."""

from __future__ import annotations

from tenthousand.advice import SCORE, WIN
from tenthousand.advice.values import AdvisorValues, Choice
from tenthousand.model import Seat
from tenthousand.model.real_dice import entered_dice, real_game
from tenthousand.model.rules import PRESETS
from tenthousand.present import dice_entry


def test_the_row_says_whose_throw_and_how_far_the_entry_is() -> None:
    row = dice_entry.entry_display(0, "Ann", 4, (1, 5), computer=False)
    assert row.prompt == ("Ann: throw 4 dice, then enter them: a digit 1 to 6 for each, "
                          "then Enter.")
    assert row.progress == "2 of 4 entered: 1 5" and not row.full
    you = dice_entry.entry_display(0, "You", 1, (), computer=False)
    assert you.prompt == "Throw 1 die, then enter it: a digit 1 to 6, then Enter."
    bot = dice_entry.entry_display(1, "Bot", 6, (1, 1, 2, 3, 4, 5), computer=True)
    assert bot.prompt.startswith("Throw 6 dice for Bot, then enter them") and bot.full
    assert dice_entry.typed_face(4, 3, 6) == "4, 3 of 6"
    assert dice_entry.took_back(4, (1, 1)) == "Took back 4; entered: 1 1."
    assert dice_entry.took_back(4, ()) == "Took back 4; entered: none."


def test_a_computer_seat_says_what_it_freezes_and_does() -> None:
    assert dice_entry.computer_decision("Bot", (1, 5), False, 4) == \
        "Bot freezes 1 5 and throws on: throw 4 dice for it."
    assert dice_entry.computer_decision("Bot", (), False, 6) == \
        "Bot throws: throw 6 dice for it."
    assert dice_entry.computer_decision("Bot", (5,), True, 0) == "Bot freezes 5 and banks."


def _thrown(faces: tuple[int, ...]) -> object:
    game = real_game(PRESETS["ten-thousand"], [Seat("Ann"), Seat("Bob")], "Blue", first_seat=0)
    entered_dice(game).load(faces)
    game.throw()
    return game


def test_the_coach_compares_the_decision_with_the_best() -> None:
    game = _thrown((1, 1, 4, 5, 5, 6))
    values = AdvisorValues(SCORE, 0, (Choice((1,), 100, 362.0, 100.0),
                                      Choice((1, 1), 200, 350.0, 200.0),
                                      Choice((1, 1, 5, 5), 300, 310.0, 300.0)), best=0)
    assert dice_entry.coach_after(game, (1, 5, 5, 1), True, values) == \
        "Ann banked 300; freezing 1 and throwing on was worth 62 more."
    assert dice_entry.coach_after(game, (1,), False, values) == \
        "Ann froze 1 and threw on: the coach agrees, that was the best choice."
    same = AdvisorValues(SCORE, 0, (Choice((1, 1, 5, 5), 300, 312.0, 300.0),), best=0)
    assert dice_entry.coach_after(game, (1, 1, 5, 5), True, same) == \
        "Ann banked 300; throwing on was worth 12 more."
    win = AdvisorValues(WIN, 0, (Choice((1, 1, 5, 5), 300, 0.55, 0.52),), best=0)
    assert dice_entry.coach_after(game, (1, 1, 5, 5), True, win) == \
        "Ann banked 300; throwing on would have won 3.0% more often."
    assert dice_entry.coach_after(game, (4,), True, values) is None  # no such freeze
    assert dice_entry.coach_after(game, (1,), True, None) is None
