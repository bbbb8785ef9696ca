"""The catalogue: every rule of both manuals and every decision of RULES.md, with the tests
that check it.  The test below fails when a rule loses its tests (a test renamed or
deleted), so the list stays true."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

#: (where the rule comes from, the rule in short, the tests that check it as "module::name")
CATALOGUE: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    # -- Ten-Thousand (1992) --
    ("1992", "ones 100, fives 50, other dice only in groups", (
        "scoring::test_singles_and_triplets_of_every_preset",
        "scoring::test_lone_twos_to_sixes_never_score")),
    ("1992", "groups: 100 x face, three 1s 1000, each extra die doubles (the table)", (
        "scoring::test_ten_thousand_groups_table_of_the_manual",
        "scoring::test_ten_thousand_examples_of_the_manual",
        "scoring::test_every_multiset_matches_an_independent_count")),
    ("1992", "doubles: three pairs of different values, 1000, first roll only", (
        "scoring::test_ten_thousand_doubles_are_three_different_pairs_on_the_first_throw",
        "turn::test_ten_thousand_straight_and_doubles_on_the_first_throw")),
    ("1992", "straight 1500, first roll only", (
        "scoring::test_ten_thousand_straight_only_on_the_first_throw",
        "turn::test_ten_thousand_straight_and_doubles_on_the_first_throw")),
    ("1992", "stand to add the hand; no usable dice loses the hand", (
        "turn::test_banking_adds_the_turn_score_and_ends_the_turn",
        "turn::test_trash_loses_the_turn_score_and_passes_the_dice")),
    ("1992", "all dice removed: a new set, as often as it happens", (
        "turn::test_freezing_all_six_turns_the_corner_and_hands_back_six_dice",
        "turn::test_the_corner_can_be_turned_again_and_again")),
    ("1992", "last rolls: the others get one last turn, highest wins", (
        "flow::test_reaching_the_game_point_gives_every_other_seat_one_more_turn",
        "flow::test_a_catch_up_turn_may_overtake_the_reacher")),
    # -- Tommy's Trash! (1989) --
    ("1989", "1 to 9 players, any may be the computer", (
        "flow::test_one_to_nine_seats_in_every_preset",
        "flow::test_any_seat_may_be_the_computer")),
    ("1989", "game types 5000, 10000, 15000 and their counters", (
        "scoring::test_trash_counters_of_every_size",
        "scoring::test_trash_5000_triplets_are_exactly_three_dice",
        "scoring::test_trash_5000_has_no_pairs_or_two_triplets_counters",
        "scoring::test_trash_any_three_pairs_2000_and_any_two_triplets_3000",
        "scoring::test_trash_15000_four_five_six_of_a_kind",
        "scoring::test_every_multiset_matches_an_independent_count",
        "flow::test_game_points_of_the_presets")),
    ("1989", "no counter in a throw is trash", (
        "scoring::test_trash_means_no_counter_at_all",
        "turn::test_trash_on_the_first_throw_ends_the_turn_at_once")),
    ("1989", "random starting player, then clockwise", (
        "flow::test_the_starting_seat_is_random_then_turns_go_in_seat_order",)),
    ("1989", "select counters, freeze their dice, roll only the unfrozen dice", (
        "turn::test_freezing_adds_points_and_only_the_rest_is_thrown",
        "turn::test_every_frozen_die_must_belong_to_a_counter",
        "turn::test_at_least_one_die_must_be_frozen_before_throwing_again",
        "turn::test_dice_of_different_throws_never_combine")),
    ("1989", "turning the corner: the next roll must be taken, the score kept", (
        "turn::test_trash_throw_after_the_corner_must_be_taken",
        "turn::test_trash_after_the_corner_loses_the_whole_turn")),
    ("1989", "minimum turn scores 500 to get on board, 350 after", (
        "turn::test_trash_needs_500_to_get_on_board_then_350",
        "turn::test_the_minimum_counts_the_whole_turn_score",
        "turn::test_a_negative_board_is_on_the_board",
        "turn::test_minimums_are_settings")),
    ("1989", "one more round after the game score; tie for first plays on", (
        "flow::test_reaching_the_game_point_gives_every_other_seat_one_more_turn",
        "flow::test_a_tie_for_first_is_played_off_in_seat_order_until_broken",
        "flow::test_a_tie_for_second_is_not_played_off")),
    ("1989", "match score 11 - rank, ties share, zero or less gets none", (
        "flow::test_match_points_are_eleven_minus_the_rank",
        "flow::test_tied_seats_share_the_better_rank_and_the_next_rank_is_skipped",
        "flow::test_zero_or_less_earns_no_match_points",
        "flow::test_the_match_table_is_kept_across_games")),
    ("1989", "pyramiding: counters of frozen and new dice, at least one new", (
        "options::test_pyramiding_manual_example_a_five_and_two_thrown_fives",
        "options::test_pyramiding_each_throw_must_freeze_a_new_die",
        "options::test_pyramiding_does_not_reach_across_a_corner")),
    ("1989", "challenging: score moves from the challenged; trash penalty; two per game", (
        "options::test_challenge_penalties_are_one_and_four_tenths",
        "options::test_a_banked_challenge_moves_the_turn_score_from_the_challenged",
        "options::test_a_challenge_is_made_before_the_first_throw_only",
        "options::test_one_challenge_per_turn_never_oneself",
        "options::test_the_first_challenge_is_made_below_the_game_point_once",
        "options::test_the_second_challenge_in_the_tie_break_battle_of_the_titans",
        "options::test_computer_players_make_second_challenges_in_tie_breaks",
        "options::test_a_first_challenge_in_the_catch_up_round_can_take_the_win")),
    ("1989", "surpassing: top the previous player's turn score and the minimum", (
        "options::test_surpassing_must_beat_the_previous_turn",
        "options::test_surpassing_after_trash_the_bar_is_zero",
        "options::test_surpassing_and_the_minimum_both_apply")),
    ("1989", "Mutant Trash: two players, discard a frozen die, last six dice score", (
        "options::test_mutant_trash_is_for_two_seats_only",
        "options::test_mutant_trash_manual_example_50_then_100_then_500",
        "options::test_mutant_trash_only_the_last_six_dice_stay_in_the_play_area",
        "options::test_mutant_trash_discard_comes_from_the_last_stretch",
        "options::test_mutant_trash_no_discard_after_trash")),
    ("1989", "Rotary Club: lowest wins, pegged at the corner, challenge penalty helps", (
        "options::test_rotary_club_cannot_bank",
        "options::test_rotary_club_pegs_the_turn_score_at_each_corner",
        "options::test_rotary_club_lowest_score_wins_and_all_get_match_points",
        "options::test_a_challenge_trash_penalty_lowers_the_score_in_rotary_club",
        "options::test_mutant_rotary_trash_after_a_corner_discards_nothing")),
    ("1989", "game point and minimum turn scores can be changed", (
        "turn::test_minimums_are_settings",
        "flow::test_the_game_point_is_a_setting",
        "properties::test_random_games_keep_every_rule")),
    # -- Farkle preset and its option --
    ("farkle", "modern counters, 500 to get on board, game point 10000", (
        "scoring::test_farkle_counters",
        "turn::test_farkle_needs_500_to_get_on_board_then_nothing",
        "flow::test_game_points_of_the_presets")),
    ("farkle", "the throw after a corner is optional", (
        "turn::test_farkle_may_bank_at_the_corner",)),
    ("farkle", "three trash turns in a row cost 1000", (
        "options::test_three_trash_turns_in_a_row_cost_1000",
        "options::test_three_trash_count_resets_when_a_turn_banks",
        "options::test_three_trash_counts_per_seat")),
    # -- the decisions of RULES.md --
    ("D-1", "Ten-Thousand: the throw after a corner is optional, no minimum", (
        "turn::test_ten_thousand_may_bank_at_the_corner",
        "turn::test_ten_thousand_has_no_minimum")),
    ("D-2", "first throw is literal: not six dice after a corner", (
        "turn::test_ten_thousand_six_dice_after_a_corner_are_not_the_first_throw",)),
    ("D-3", "four of a kind and a pair is not doubles", (
        "scoring::test_ten_thousand_four_of_a_kind_and_a_pair_is_not_doubles",)),
    ("D-4", "a triplet is exactly three dice", (
        "scoring::test_trash_5000_triplets_are_exactly_three_dice",)),
    ("D-5", "any three pairs / two triplets; the best way to count", (
        "scoring::test_trash_10000_any_pairs_include_four_and_two_and_six_of_a_kind",
        "scoring::test_best_way_to_count_is_taken")),
    ("D-6", "six-dice counters on any throw of six dice (Trash)", (
        "turn::test_trash_six_dice_counters_count_after_a_corner",
        "turn::test_trash_5000_straight_after_a_corner")),
    ("D-7", "random starting player, then seat order", (
        "flow::test_the_starting_seat_is_random_then_turns_go_in_seat_order",)),
    ("D-8", "every other player one more turn, then the end", (
        "flow::test_reaching_the_game_point_gives_every_other_seat_one_more_turn",
        "flow::test_only_the_first_reach_starts_the_last_round",
        "options::test_mutant_trash_the_play_area_can_reach_the_game_point")),
    ("D-9", "ties for first: one more turn each, until broken", (
        "flow::test_a_tie_for_first_is_played_off_in_seat_order_until_broken",
        "options::test_rotary_club_tie_for_lowest_is_played_off")),
    ("D-10", "pyramiding counts the whole stretch together", (
        "options::test_pyramiding_manual_example_a_five_and_two_thrown_fives",
        "options::test_pyramiding_example_three_2s_and_a_2_in_trash_15000",
        "options::test_pyramiding_trash_only_when_no_new_die_fits",
        "options::test_pyramiding_stretch_score_is_the_whole_stretch_counted_together",
        "options::test_pyramiding_follows_d10_literally_even_when_the_stretch_shrinks")),
    ("D-11", "challenge penalties 500/1000/1500 and 2000/4000/6000", (
        "options::test_challenge_penalties_are_one_and_four_tenths",
        "options::test_the_second_challenge_in_the_tie_break_battle_of_the_titans")),
    ("D-12", "1 to 9 seats, one-seat game reports its turns", (
        "flow::test_one_to_nine_seats_in_every_preset",
        "flow::test_a_one_seat_game_ends_at_the_game_point_with_the_turn_count")),
    ("D-13", "the play area is counted whole, for the other player", (
        "options::test_mutant_trash_manual_example_50_then_100_then_500",)),
)


@pytest.mark.parametrize("source, rule, tests", CATALOGUE, ids=[f"{c[0]}: {c[1][:40]}"
                                                                 for c in CATALOGUE])
def test_every_rule_has_its_tests(source: str, rule: str, tests: tuple[str, ...]) -> None:
    assert tests, f"{source} '{rule}' has no test"
    for ref in tests:
        module, name = ref.split("::")
        mod = importlib.import_module(f"test_rules_{module}")
        assert callable(getattr(mod, name, None)), f"{ref} (for {source}: {rule}) is missing"


def test_every_decision_is_catalogued() -> None:
    decisions = {c[0] for c in CATALOGUE if c[0].startswith("D-")}
    assert decisions == {f"D-{n}" for n in range(1, 14)}


# -- the coverage table in docs/ -------------------------------------------------------------

DOC = Path(__file__).resolve().parent.parent / "docs" / "rules-coverage.md"

_SOURCES = {
    "1992": "*Ten-Thousand* (1992)",
    "1989": "*Tommy's Trash!* (1989)",
    "farkle": "`farkle` preset",
}

#: Readings of RULES.md the engine had to make where the text leaves a gap.
ENGINE_READINGS = (
    ("Rotary Club + three-trash or surpassing", "Refused as a rule set: every Rotary Club turn "
     "ends in trash, so the penalty would strike every third turn, and nobody banks, so there "
     "is no bank to surpass.",
     "options::test_three_trash_and_rotary_club_are_refused_together"),
    ("Mutant Trash + Rotary Club", "A turn that froze dice and trashed without ever turning the "
     "corner plays one of its frozen dice; one that turned the corner plays none.",
     "options::test_mutant_rotary_trash_without_a_corner_discards_a_frozen_die"),
    ("What goes with Rotary Club", "Mutant Trash and challenging go with it, as the manual "
     "has them, and the new-game dialog and a written rule file say how they play there: the "
     "play area's points go onto the other player's score, which counts against them; a peg "
     "while challenging also comes off the rival's score, and a trash penalty lowers the "
     "challenger's own.",
     "language::test_what_goes_with_rotary_club_says_how_it_plays_there"),
    ("Catch-up after a discard", "When a Mutant Trash discard lifts the other player to the game "
     "point, the catch-up round is every other seat, starting after the current one.",
     "options::test_mutant_trash_the_play_area_can_reach_the_game_point"),
    ("D-10 taken literally", "Under pyramiding a freeze is legal whenever the whole stretch can "
     "still be counted, even if the count is lower than before (Trash 15000: four 6s, then 4 4, "
     "counts as three pairs); the computer players never choose such a freeze.",
     "options::test_pyramiding_follows_d10_literally_even_when_the_stretch_shrinks"),
    ("Mutant play area", "The play area is counted with every counter of the preset, like a "
     "first throw.", "options::test_mutant_trash_play_area_counts_like_a_first_throw"),
)


def render() -> str:
    lines = [
        "# Rules coverage",
        "",
        "Every rule of the two manuals and every decision of `RULES.md`, with the tests that",
        "check it (modules `tests/test_rules_*.py`). Generated from the catalogue in",
        "`tests/test_rules_catalogue.py` (`python tests/test_rules_catalogue.py`); a test",
        "fails when this file and the catalogue disagree, or when a named test disappears.",
        "",
        "| source | rule | tests |",
        "| --- | --- | --- |",
    ]
    for source, rule, tests in CATALOGUE:
        where = _SOURCES.get(source, f"**{source}**")
        names = "<br>".join(f"`test_rules_{t.replace('::', '.py::')}`" for t in tests)
        lines.append(f"| {where} | {rule} | {names} |")
    lines += ["", "## Readings the engine makes where the rules are silent", "",
              "| case | what the engine does | test |", "| --- | --- | --- |"]
    for case, text, test in ENGINE_READINGS:
        lines.append(f"| {case} | {text} | `test_rules_{test.replace('::', '.py::')}` |")
    return "\n".join(lines) + "\n"


def test_the_coverage_doc_is_current() -> None:
    assert DOC.read_text(encoding="utf-8") == render(), \
        "docs/rules-coverage.md is stale: run python tests/test_rules_catalogue.py"


@pytest.mark.parametrize("case, text, test", ENGINE_READINGS, ids=[r[0] for r in ENGINE_READINGS])
def test_every_reading_has_its_test(case: str, text: str, test: str) -> None:
    module, name = test.split("::")
    mod = importlib.import_module(f"test_rules_{module}")
    assert callable(getattr(mod, name, None)), f"{test} (for {case}) is missing"


if __name__ == "__main__":
    DOC.write_text(render(), encoding="utf-8")
    print(f"wrote {DOC}")
