"""The real-dice choices: the command line's --real-dice, the new-game settings that
remember the set's name and the coach, and a real-dice game made from them."""

from __future__ import annotations

import dataclasses

import pytest

from tenthousand import cli
from tenthousand.control.game import GameCommands
from tenthousand.files.settings import GameSettings
from tenthousand.launch import settings_from_options
from tenthousand.model.real_dice import EnteredDice


def test_real_dice_on_the_command_line_is_for_the_new_game() -> None:
    _ns, opts = cli.parse(["--real-dice", "--skip-intro"])
    assert opts.real_dice
    settings, note = settings_from_options(GameSettings(dice_set="Blue"), opts)
    assert settings.real_dice and settings.dice_set == "Blue" and note is None
    _ns, plain = cli.parse([])
    assert not plain.real_dice
    assert not settings_from_options(GameSettings(), plain)[0].real_dice


def test_the_settings_keep_the_set_and_the_coach() -> None:
    chosen = GameSettings(real_dice=True, dice_set="Kitchen dice", coach="after")
    again = GameSettings.from_dict(chosen.to_dict())
    assert again == chosen
    old = chosen.to_dict()
    for key in ("real_dice", "dice_set", "coach"):
        del old[key]  # a preferences file from before real dice
    assert GameSettings.from_dict(old) == GameSettings()


@pytest.mark.parametrize(("field", "value"), [
    ("dice_set", "x" * 41), ("dice_set", "bad\x00name"), ("coach", "always")])
def test_a_wrong_choice_is_refused_with_a_sentence(field: str, value: str) -> None:
    wrong = dataclasses.replace(GameSettings(real_dice=True), **{field: value})
    assert field in wrong.errors()
    with pytest.raises(ValueError):
        GameSettings.from_dict(wrong.to_dict())


def test_a_real_dice_game_is_made_from_the_settings_and_its_match_goes_on_so() -> None:
    game = GameCommands.make_game(GameSettings(real_dice=True, dice_set="Green"))
    assert isinstance(game.dice_source, EnteredDice) and game.record.real_dice == "Green"
    assert game.record.recorded_dice and game.record.start.seed is None
    rematch = game.rematch()
    assert rematch.record.real_dice == "Green" and rematch.record.recorded_dice
    plain = GameCommands.make_game(GameSettings())
    assert plain.record.real_dice is None and plain.record.start.seed is not None
