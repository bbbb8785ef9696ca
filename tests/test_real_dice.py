"""Real dice at the table: an entry read and checked, and a game played from entered dice
that is the same game as one played with the program's dice showing the same faces."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tenthousand.ai import make_player, play_game
from tenthousand.model import Game, IllegalAction, Seat, persist
from tenthousand.model.real_dice import (
    MAX_ENTRY,
    EnteredDice,
    EntryRefused,
    dice_wanted,
    entered_dice,
    read_throw,
    real_game,
)
from tenthousand.model.rules import OPTION_NAMES, PRESETS, Rules


@pytest.mark.parametrize(("text", "count", "faces"), [
    ("114556", 6, (1, 1, 4, 5, 5, 6)),
    ("1 1 4 5 5 6", 6, (1, 1, 4, 5, 5, 6)),
    ("6,5,1", 3, (6, 5, 1)),
    (" 2-2 ", 2, (2, 2)),
    ("5", 1, (5,)),
])
def test_an_entry_in_any_form_gives_its_faces_in_order(text: str, count: int,
                                                       faces: tuple[int, ...]) -> None:
    assert read_throw(text, count) == faces


@pytest.mark.parametrize(("text", "count", "reason"), [
    ("11455", 6, "This throw is of 6 dice, but 5 faces were entered."),
    ("1145566", 6, "This throw is of 6 dice, but 7 faces were entered."),
    ("", 2, "This throw is of 2 dice, but 0 faces were entered."),
    ("12", 1, "This throw is of 1 die, but 2 faces were entered."),
    ("1147", 4, "7 is not a face of a die: a die shows 1 to 6."),
    ("0", 1, "0 is not a face of a die: a die shows 1 to 6."),
    ("1x", 2, "\u201cx\u201d is not a face of a die: enter the digits 1 to 6."),
    ("\u0663", 1, "\u201c\u0663\u201d is not a face of a die: enter the digits 1 to 6."),
    ("1" * (MAX_ENTRY + 1), 6, "That is too long for a throw: enter one digit, 1 to 6, "
                               "for each die."),
])
def test_a_wrong_entry_is_refused_whole_in_one_sentence(text: str, count: int,
                                                        reason: str) -> None:
    with pytest.raises(EntryRefused) as refused:
        read_throw(text, count)
    assert str(refused.value) == reason


@given(st.text(max_size=60), st.integers(1, 6))
def test_any_text_is_read_or_refused_never_anything_else(text: str, count: int) -> None:
    try:
        faces = read_throw(text, count)
    except EntryRefused as refused:
        assert str(refused).endswith(".")
    else:
        assert len(faces) == count and all(1 <= f <= 6 for f in faces)


def test_the_source_gives_the_entered_faces_once() -> None:
    source = EnteredDice()
    source.load((1, 5))
    assert source.loaded and list(source(2)) == [1, 5] and not source.loaded
    with pytest.raises(ValueError):
        source(2)  # nothing entered: a programming error, not a throw made up
    source.load((1, 5, 5))
    with pytest.raises(ValueError):
        source(2)


def test_the_dice_wanted_follow_the_freeze_and_the_corner() -> None:
    game = real_game(PRESETS["ten-thousand"], [Seat("Ann"), Seat("Bob")], "Blue", seed=1)
    assert dice_wanted(game) == 6
    entered_dice(game).load((1, 1, 5, 2, 3, 4))
    game.throw()
    assert dice_wanted(game, [0]) == 5 and dice_wanted(game, [0, 1, 2]) == 3
    with pytest.raises(IllegalAction, match="2"):
        dice_wanted(game, [3])  # a lone 2 scores nothing: refused before any dice
    assert game.thrown == (1, 1, 5, 2, 3, 4) and game.log[-1].dice == game.thrown
    entered_dice(game).load((1, 5, 1))
    game.throw([0, 1, 2])
    assert dice_wanted(game, [0, 1, 2]) == 6  # all six frozen: six fresh dice


# -- the same game from entered dice: every preset and every option --------------------

def _variants() -> list[tuple[str, tuple[str, ...]]]:
    out: list[tuple[str, tuple[str, ...]]] = [(name, ()) for name in PRESETS]
    out += [("ten-thousand", (option,)) for option in OPTION_NAMES]
    out += [("ten-thousand", ("rotary-club", "mutant-trash")), ("trash-5000", ("mutant-trash",))]
    out += [(name, ("pyramiding", "challenging", "three-trash")) for name in PRESETS]
    return out


def _seats(rules: Rules) -> list[Seat]:
    count = max(2, len(rules.starting_scores))
    return [Seat(f"P{i}", True, "normal") for i in range(count)]


@pytest.mark.parametrize(("preset", "options"), _variants(),
                         ids=[f"{p}{'+' + '+'.join(o) if o else ''}" for p, o in _variants()])
def test_entered_dice_give_the_same_game_as_the_programs(preset: str,
                                                         options: tuple[str, ...]) -> None:
    rules = PRESETS[preset].with_options(*options)
    seats = _seats(rules)
    for seed in (3, 11):
        program = Game(rules, seats, seed=seed, first_seat=0)
        play_game(program, [make_player("normal", rules, seed=seed + i)
                            for i in range(len(seats))], max_steps=20_000)
        thrown = [e.dice for e in program.log if e.__class__.__name__ == "Thrown"]
        real = real_game(rules, seats, "Kitchen", first_seat=0)
        source = entered_dice(real)
        for command in program.record.commands:
            if command.name == "throw":
                faces = thrown.pop(0)
                assert dice_wanted(real, command.args) == len(faces)
                source.load(faces)
            command.apply(real)
        assert not thrown and not source.loaded
        assert real.log == program.log
        assert real.board == program.board and real.over
        data = json.loads(json.dumps(real.record.to_dict()))
        assert data["dice"] == "real" and "seed" not in data["start"]
        assert persist.load_record(data).replay().log == program.log


def _played_real_game() -> Game:
    """A real-dice game of a person and a computer, to its end, from entered faces."""
    rules = PRESETS["ten-thousand"].with_options(game_point=2000)
    program = Game(rules, [Seat("Ann", True, "normal"), Seat("Bot", True, "normal")],
                   seed=5, first_seat=0)
    play_game(program, [make_player("normal", rules, seed=1), make_player("normal", rules,
                                                                           seed=2)])
    thrown = [e.dice for e in program.log if e.__class__.__name__ == "Thrown"]
    real = real_game(rules, [Seat("Ann"), Seat("Bot", True, "normal")], "Red", first_seat=0)
    for command in program.record.commands:
        if command.name == "throw":
            entered_dice(real).load(thrown.pop(0))
        command.apply(real)
    return real


def test_a_real_dice_record_replays_and_reviews() -> None:
    from tenthousand.advice import human_decisions
    from tenthousand.model.transcript import transcript
    from tenthousand.present.replaying import build

    real = _played_real_game()
    record = persist.load_record(json.loads(json.dumps(real.record.to_dict())))
    replay = build(record)
    assert replay.last == len(real.record)
    assert replay.game(replay.last).log == real.log
    assert replay.game(3).to_dict() == real.record.game_at(3).to_dict()
    decisions = human_decisions(record)
    assert decisions and all(d.position["phase"] == "choose" for d in decisions)
    assert record.play_on(5).record.real_dice == "Red"
    assert "Dice seed" not in transcript(record)
