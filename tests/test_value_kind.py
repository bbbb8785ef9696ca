"""Which values the advisor, the strategy card and the review show, and why, for every kind
of rule set (tenthousand.present.value_kind)."""

from __future__ import annotations

import pytest

from tenthousand.advice import SCORE, WIN
from tenthousand.model.game import Game, Seat
from tenthousand.model.rules import PRESETS
from tenthousand.present.value_kind import review_line, value_kind
from tenthousand.solver import cache


@pytest.fixture(autouse=True)
def _forget_solves() -> None:
    cache._SOLVES.clear()


def test_every_preset_shows_exact_chances_for_two_players() -> None:
    for key, rules in PRESETS.items():
        kind = value_kind(rules, 2)
        assert kind.exact, key
        assert kind.text == "Values: exact win chances under perfect play, solved for these rules."
        three = value_kind(rules, 3)  # no three-player table ships: a game solves it
        assert not three.exact
        assert three.text == ("Values: expected points. No win chances yet: perfect play is "
                              "not solved for these rules (a game against Perfect solves it).")
        four = value_kind(rules, 4)
        assert four.text == ("Values: expected points. Exact win chances are solved for two "
                             "and three players, so with 4 players Perfect plays as Expert.")
    options = value_kind(PRESETS["ten-thousand"].with_options("surpassing"), 3)
    assert options.why == ("With three players exact win chances are solved only for rules "
                           "without options (here: surpassing), so with 3 players Perfect "
                           "plays as Expert.")


def test_rules_no_solver_takes_say_why() -> None:
    mutant = value_kind(PRESETS["trash-5000"].with_options("mutant-trash"), 2)
    assert not mutant.exact
    assert mutant.text == ("Values: expected points. No win chances: Mutant Trash keeps the "
                           "dice of the play area in every position: 1,119,740,000 positions "
                           "at the start of turns alone (4.5 GB), too many to solve.")
    big = value_kind(PRESETS["trash-10000"].with_options("surpassing"), 2)
    assert not big.exact and "too many positions" in big.text and "inside the turns of the game" in big.text
    # options together are solved where their size allows (no list of pairs to miss one)
    both = value_kind(PRESETS["trash-5000"].with_options("pyramiding", "challenging"), 2)
    assert not both.exact and "not solved for these rules" in both.text
    rotary = value_kind(PRESETS["trash-5000"].with_options("rotary-club", "challenging"), 2)
    assert "not solved for these rules" in rotary.text


def test_rules_still_to_solve_say_so() -> None:
    rules = PRESETS["trash-5000"].with_options("surpassing", game_point=300)
    assert not cache.cached(rules)
    kind = value_kind(rules, 2)
    assert not kind.exact and "not solved for these rules" in kind.text
    cache.background(rules)  # started, not done
    assert "Win chances follow once perfect play is solved" in value_kind(rules, 2).text
    cache._SOLVES.clear()


def test_the_review_says_which_values_it_ranks_by() -> None:
    ten = PRESETS["ten-thousand"]
    assert review_line(ten, 2, {WIN}).startswith("Values: exact win chances")
    assert review_line(ten, 4, {SCORE}).startswith("Values: expected points. Exact win")
    assert review_line(ten, 3, {SCORE}).startswith("Values: expected points. No win chances yet")
    assert "before it was solved" in review_line(ten, 2, {WIN, SCORE})
    assert "before perfect play was solved" in review_line(ten, 2, {SCORE})


def test_the_advisor_note_says_why_there_are_no_chances() -> None:
    from tenthousand.advice import values as advisor
    from tenthousand.control.advising import AdvisorService

    rules = PRESETS["trash-5000"].with_options("mutant-trash")
    game = Game(rules, [Seat("A"), Seat("B")], first_seat=0,
                dice=lambda n: (1, 5, 2, 3, 4, 6)[:n])
    game.throw()
    values = advisor.evaluate(game)
    assert values is not None and values.kind == SCORE
    service = AdvisorService(None, lambda display: None, lambda on: None)  # type: ignore[arg-type]
    note = service._note(game, True, True, values)
    assert note.startswith("Values: expected final turn score.")
    assert note.endswith("No win chances: Mutant Trash keeps the dice of the play area in "
                         "every position: 1,119,740,000 positions at the start of turns "
                         "alone (4.5 GB), too many to solve.")


def test_the_new_game_dialogs_word_on_perfect_where_no_table_is_here(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing where the table is here; a solve first, and for three players about how
    long (on two threads where there are three cores or more); or why Expert plays."""
    pytest.importorskip("numba")
    from tenthousand.present.value_kind import perfect_note

    monkeypatch.setattr(cache, "physical_memory", lambda: 64 * 2**30)
    assert perfect_note(PRESETS["farkle"], 2) == ""  # shipped
    big = PRESETS["trash-15000"]
    assert perfect_note(big, 3, 2) == (
        "Perfect first solves these rules for three players on this computer: some 8 hours "
        "of computing. It plays as Expert until then, and a quit keeps the work done.")
    assert "some 4 hours of computing" in perfect_note(big, 3, 8)
    from tenthousand.solver import table3

    kept = table3.partial_file(big)  # (the tests' own cache folder)
    kept.parent.mkdir(parents=True, exist_ok=True)
    kept.write_bytes(b"a solve kept by an earlier game")
    try:
        assert perfect_note(big, 3, 2).endswith(
            "a quit keeps the work done. Part of it is done: an earlier game's solve goes on "
            "from where it stopped.")
    finally:
        kept.unlink()
    assert "some 10 minutes of computing" in perfect_note(PRESETS["trash-5000"], 3, 1)
    assert perfect_note(PRESETS["farkle"].with_options(game_point=3000), 2) == (
        "Perfect first solves these rules on this computer (from seconds to a few minutes) "
        "and plays as Expert until then.")
    assert perfect_note(PRESETS["farkle"], 4) == (
        "Perfect plays as Expert in this game: exact win chances are solved for two and "
        "three players.")
    monkeypatch.setattr(cache, "physical_memory", lambda: 3 * 2**30)
    assert perfect_note(big, 3, 2) == (
        "Perfect plays as Expert in this game: solving three players to 15,000 takes some "
        "2.9 GB of memory, more than this computer can spare (3.0 GB in all).")
