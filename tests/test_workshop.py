"""The rules workshop's pure part (no display): fields to rules and back, messages, figures,
the strategy card's data and the heat map's colours."""

from __future__ import annotations

import dataclasses

import pytest

from tenthousand.dialogs.strategy import heat_scores, threshold_rows
from tenthousand.files import rulefile
from tenthousand.model.rules import PRESETS
from tenthousand.present.workshop_draft import (
    draft_of,
    figures,
    figures_text,
    fill_kinds,
    first_player_chance,
    kind_field,
    parse_points,
    read_draft,
    solvable,
)
from tenthousand.solver import card
from tenthousand.view.heatmap import RAMPS, cell_colour, ink_for


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_preset_reads_back_from_its_fields_and_its_saved_file(preset: str) -> None:
    rules = PRESETS[preset].with_options("surpassing", starting_scores=(0, 250),
                                         score_floor=-2500, catch_up=False)
    rule_set, errors = read_draft(draft_of(rules, "House", "ours"))
    assert errors == {}
    assert rule_set is not None
    assert rule_set.rules == dataclasses.replace(rules, title="House")
    rulefile.save(rule_set)
    assert rulefile.find_saved("House") == rule_set


def test_a_number_that_is_wrong_gets_its_message_by_field() -> None:
    draft = draft_of(PRESETS["farkle"], "F")
    draft.update(single_one="120", minimum="lots", **{kind_field(4, 1): "-50"},
                 trash_run="12", score_floor="100", starting_scores="0, 75", name=" ")
    rule_set, errors = read_draft(draft)
    assert rule_set is None
    assert errors == {"single_one": "a multiple of 50", "minimum": "a whole number, please",
                      "kind_4_4": "from 0 to 1,000,000", "trash_run": "a whole number from 2 to 9",
                      "score_floor": "empty, or from -1,000,000 to 0",
                      "starting_scores": "'75': a multiple of 50",
                      "name": "give the rule set a name"}
    assert parse_points("1,500") == 1500 and parse_points("") == 0


def test_a_contradiction_is_one_sentence_under_rules() -> None:
    draft = draft_of(PRESETS["ten-thousand"], "R")
    draft.update(rotary_club=True, catch_up=False)
    assert read_draft(draft) == (None, {"rules": "In Rotary Club the lowest score wins, so "
                                                 "reaching the game point cannot win the game "
                                                 "at once."})
    draft = draft_of(PRESETS["ten-thousand"], "S", ) | {"starting_scores": "0, 10000"}
    assert read_draft(draft)[1] == {"rules": "A starting score must be below the game point."}


def test_the_shortcuts_fill_the_kinds_from_the_triplets() -> None:
    draft = draft_of(PRESETS["farkle"], "K")
    draft[kind_field(2, 0)] = "250"
    added = fill_kinds(draft, "adding")
    assert [added[kind_field(2, c)] for c in range(4)] == ["250", "500", "750", "1000"]
    fixed = fill_kinds(draft, "1989")
    assert [fixed[kind_field(2, c)] for c in range(4)] == ["200", "0", "0", "0"]
    rule_set, _ = read_draft(fill_kinds(draft_of(PRESETS["farkle"], "K"), "doubling"))
    assert rule_set is not None and rule_set.rules.kind_doubling


def test_editing_a_value_changes_the_figures() -> None:
    base = PRESETS["ten-thousand"]
    before = figures(base)
    assert before.expected == pytest.approx(card.expected_turn_score(base, on_board=True))
    assert before.trash_six == pytest.approx(card.trash_chance(base))
    rule_set, _ = read_draft(draft_of(base, "Fives") | {"single_five": "100"})
    assert rule_set is not None
    after = figures(rule_set.rules)
    assert after.trash_six == before.trash_six
    assert after.expected is not None and before.expected is not None
    assert after.expected > before.expected + 40
    assert figures_text(before)[1].startswith("Six dice thrown are trash 2.31%")


def test_rules_where_a_turn_never_ends_say_so_instead_of_a_figure() -> None:
    # Every face scores alone: no throw of any number of dice is ever trash.
    rules = dataclasses.replace(PRESETS["farkle"], single_two=50, single_three=50,
                                single_four=50, single_six=50)
    found = figures(rules)
    assert found.expected is None and found.trash_six == 0.0
    assert "never be trash" in " ".join(figures_text(found))


def test_six_dice_that_score_on_the_first_throw_alone_still_give_an_average() -> None:
    # Ten-Thousand with a six worth 50: six dice thrown first always score (any three pairs
    # count there), but three pairs count only on a turn's first throw, so 2 2 3 3 4 4
    # after a corner is trash and a turn ends: it has an average (issue 42, item 1).
    rules = dataclasses.replace(PRESETS["ten-thousand"], single_six=50)
    found = figures(rules)
    assert found.trash_six == 0.0
    assert found.expected == pytest.approx(card.expected_turn_score(rules, on_board=True))
    assert found.note == ""
    assert "never be trash" not in " ".join(figures_text(found))
    # the same in Farkle, where any three pairs count on any six dice but five can fail
    farkle = dataclasses.replace(PRESETS["farkle"], single_six=50)
    assert figures(farkle).expected == pytest.approx(
        card.expected_turn_score(farkle, on_board=True))


def test_six_dice_after_a_corner_are_said_to_fail_where_they_can() -> None:
    # the helper's tour of issue 42, item 1: with a six worth 50 the workshop said "Six dice
    # thrown are never trash." beside the average, though 2 2 3 3 4 4 after a corner is
    # trash (three pairs count only on a turn's first throw): 90 of 46,656 throws
    rules = dataclasses.replace(PRESETS["ten-thousand"], single_six=50)
    lines = figures_text(figures(rules))
    assert "Six dice thrown are never trash." not in lines
    assert "Six dice are never trash on a turn's first throw." in lines
    assert ("Six dice after a corner are trash 0.19% of the time (1 in 518)." in lines)
    # where the first throw and a corner's six dice fail alike, one line as before
    farkle = figures_text(figures(PRESETS["farkle"]))
    assert not any("after a corner" in line for line in farkle)
    assert any(line.startswith("Six dice thrown are trash ") for line in farkle)


def test_what_can_be_solved() -> None:
    assert solvable(PRESETS["farkle"]) is None
    # options together are solved where their size allows; beyond it the reason is the size
    reason = solvable(PRESETS["farkle"].with_options("pyramiding", "challenging"))
    assert reason is not None and "too many positions" in reason
    small = solvable(PRESETS["farkle"].with_options("pyramiding", "challenging",
                                                    game_point=1000))
    assert small is not None and "Perfect solves these rules when a two-player game" in small
    assert solvable(dataclasses.replace(PRESETS["farkle"], game_point=50_000)) is not None


def test_the_first_player_chance_starts_from_the_starting_scores() -> None:
    import numpy as np

    win = np.zeros((2, 4, 4))
    win[0, 0, 0], win[1, 0, 0], win[0, 0, 2], win[1, 0, 2] = 0.6, 0.5, 0.4, 0.3
    assert first_player_chance(PRESETS["farkle"], win) == pytest.approx(0.55)
    handicapped = dataclasses.replace(PRESETS["farkle"], starting_scores=(0, 100))
    assert first_player_chance(handicapped, win) == pytest.approx(0.35)


def test_the_strategy_card_of_a_preset() -> None:
    rules = PRESETS["ten-thousand"]
    rows = threshold_rows(rules)
    found = card.banking_thresholds(rules).bank_from
    assert [r[0] for r in rows] == ["1 die", "2 dice", "3 dice", "4 dice", "5 dice",
                                    "6 (a corner)"]
    assert rows[0][1] == f"{found[1]:,} or more"
    assert rows[1] == ("2 dice", "250 or more", "250 or more")
    trash = threshold_rows(PRESETS["trash-5000"])
    assert trash[5][1] == "throw: you must"  # the corner throw is mandatory in Trash
    assert trash[0][2] == "500 or more"  # the opening minimum
    with pytest.raises(ValueError):
        threshold_rows(rules.with_options("rotary-club"))
    assert heat_scores(rules) == list(range(0, 10_000, 1000))
    assert heat_scores(PRESETS["trash-5000"]) == list(range(0, 5000, 500))


def test_the_heat_map_colours_follow_the_theme() -> None:
    for theme, ramp in RAMPS.items():
        assert cell_colour(theme, 0.0) == ramp[0]
        assert cell_colour(theme, 1.0) == ramp[-1]
    for share in (0.0, 0.3, 0.7, 1.0):
        red, green, blue = (cell_colour("mono", share)[i:i + 2] for i in (1, 3, 5))
        assert red == green == blue  # greys only
        assert cell_colour("contrast", share) in ("#000000", "#ffffff")
    assert ink_for("#000000") == "#ffffff" and ink_for("#fde725") == "#000000"


def test_the_rules_window_words_every_counter_of_the_language() -> None:
    from tenthousand.present.rules_text import rules_text, scoring_rows

    rules = dataclasses.replace(
        PRESETS["farkle"], four_and_pair=1500, short_straight_low=500,
        short_straight_high=750, single_six=50, starting_scores=(0, 250), catch_up=False,
        three_trash=True, trash_run=4, trash_penalty=500, score_floor=-2500)
    rows = scoring_rows(rules)
    assert len(rows) == len({r[0] for r in rows})  # one row per counter
    assert ("four of a kind and a pair", "1,500", "") in rows
    assert ("a short straight 1-2-3-4-5", "500", "") in rows
    assert ("a short straight 2-3-4-5-6", "750", "") in rows
    assert ("a single 6", "50", "") in rows
    text = dict(rules_text(rules))
    assert "Four turns in a row that end in trash cost 500 points" in text["Trash"]
    assert "never goes below -2,500" in text["Trash"]
    end = text["The end of the game"]
    assert "wins at once" in end and "one more turn, and then" not in end
    assert "seat 2 250" in end


def test_the_strategy_card_says_what_a_player_would_ask() -> None:
    """A threshold past the game point is no threshold (throw on, bank to win), and the
    card says why one die is thrown on further than two."""
    from tenthousand.dialogs.strategy import threshold_notes

    short = dataclasses.replace(PRESETS["farkle"], game_point=1500)
    assert threshold_rows(short)[5][1:] == ("throw on; bank to win", "throw on; bank to win")
    assert threshold_rows(PRESETS["farkle"])[5][1] == "throw on; bank to win"  # 18,400
    found = card.banking_thresholds(PRESETS["farkle"]).bank_from
    assert found[1] > found[2]
    (note,) = threshold_notes(PRESETS["farkle"])
    assert "one die" in note.lower() and "six dice come back" in note
