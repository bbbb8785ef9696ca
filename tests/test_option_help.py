"""The options as a rule set has them: the new-game dialog's help lines and the table's
warning before a costly trash give the set's own penalty, not the presets' 1,000."""

from __future__ import annotations

from rules_kit import new_game, trash_turn

from tenthousand.model.rules import PRESETS
from tenthousand.present import presenter
from tenthousand.present.option_help import option_help, own_options

HOUSE = PRESETS["trash-5000"].with_options("three-trash", trash_penalty=500, title="House")


def test_the_penalty_help_gives_the_rule_sets_numbers() -> None:
    assert option_help("three-trash", PRESETS["farkle"]) == (
        "three trash turns in a row cost 1,000 points")
    assert option_help("three-trash", HOUSE) == "3 trash turns in a row cost 500 points"
    assert option_help("three-trash", HOUSE.with_options(trash_run=2, score_floor=0)) == (
        "2 trash turns in a row cost 500 points, never below 0")
    assert option_help("pyramiding", HOUSE) == (
        "counters may mix new dice with dice frozen earlier")
    assert own_options(HOUSE) == {"three-trash"} and not own_options(PRESETS["farkle"])


def test_the_warning_before_a_costly_trash_gives_the_rule_sets_penalty() -> None:
    from test_presenter import human_context

    game, dice = new_game(HOUSE)
    for _ in range(4):
        trash_turn(game, dice)
    assert presenter.table(game, human_context(game)).notice == (
        "Careful: P0 threw trash the last two turns; a third costs P0 500.")
    game, dice = new_game(HOUSE.with_options(trash_run=2))
    trash_turn(game, dice)
    trash_turn(game, dice)
    assert presenter.table(game, human_context(game)).notice == (
        "Careful: one more trash turn in a row costs P0 500.")
