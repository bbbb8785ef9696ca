"""Zilch's counter (issue 25): six dice thrown and nothing in them scores are worth points.

The engine makes it a counter of all six dice that turns the corner; the tests check it the
way a player meets it, in rule files, in the rules window, and against computations that
add the counter on their own to the dice of the same rules without it.
"""

from __future__ import annotations

import dataclasses
import json
from importlib import resources
from typing import Any

import pytest
from rules_kit import rolls

from tenthousand.ai.tables import tables_for
from tenthousand.files import rulefile
from tenthousand.model import scoring
from tenthousand.model.events import Event, Thrown
from tenthousand.model.game import Game, IllegalAction, Phase, Seat
from tenthousand.model.rules import PRESETS, Rules
from tenthousand.present import lines, rules_text
from tenthousand.present.workshop_draft import draft_of, read_draft
from tenthousand.solver import dice

ZILCH_THROW = (2, 2, 3, 4, 6, 6)  # nothing scores in Farkle (no three pairs, no triplet)


def _farkle(**changes: Any) -> Rules:
    return dataclasses.replace(PRESETS["farkle"], **{"no_score_six": 500,
                                                      "opening_minimum": 0, **changes})


def _game(rules: Rules, *throws: tuple[int, ...]) -> Game:
    rolls = iter(throws)
    return Game(rules, [Seat("A"), Seat("B")], first_seat=0, dice=lambda n: next(rolls))


def _playr() -> rulefile.RuleSet:
    ref = resources.files("tenthousand") / "resources" / "rules" / "zilch-playr.toml"
    return rulefile.loads(ref.read_text(encoding="utf-8"))


# -- the engine ----------------------------------------------------------------------------


def test_six_dice_with_nothing_scoring_are_a_counter_that_turns_the_corner() -> None:
    game = _game(_farkle(), ZILCH_THROW, (1, 2, 3, 4, 6, 6))
    thrown = game.throw()
    assert thrown == [Thrown(0, ZILCH_THROW, False, 500)]
    assert thrown[0].message(game.names) == "A throws 2 2 3 4 6 6 - no dice scored: 500 for all six"
    assert game.legal_freezes() == [(ZILCH_THROW, 500)]  # all six, nothing less
    with pytest.raises(IllegalAction):
        game.throw(game.indices_for((2, 2)))
    cue = lines.cue(game, thrown[0])
    assert cue is not None and cue.text == "No dice scored: 500 for A"
    assert game.bank_refusal(game.indices_for(ZILCH_THROW)) is None  # Farkle: may bank
    events = game.throw(game.indices_for(ZILCH_THROW))
    kinds = [e.kind for e in events]
    assert kinds == ["freeze", "corner", "throw"] and game.turn_score == 500
    assert game.thrown == (1, 2, 3, 4, 6, 6) and game.phase is Phase.CHOOSE


def test_fewer_dice_with_nothing_scoring_are_still_trash() -> None:
    game = _game(_farkle(), (1, 2, 3, 4, 6, 6), (2, 2, 3, 4, 6))
    game.throw()
    events = game.throw(game.indices_for((1,)))
    assert Thrown(0, (2, 2, 3, 4, 6), True) in events
    assert [e.kind for e in events][:3] == ["freeze", "throw", "trash"]


def test_after_the_counter_trash_rules_must_throw_and_the_minimum_holds() -> None:
    trash = dataclasses.replace(PRESETS["trash-5000"], no_score_six=500)
    game = _game(trash, ZILCH_THROW)
    game.throw()
    assert game.bank_refusal(game.indices_for(ZILCH_THROW)) == \
        "after turning the corner you must throw"
    farkle = _game(_farkle(opening_minimum=1000), ZILCH_THROW)
    farkle.throw()
    assert "1,000" in (farkle.bank_refusal(farkle.indices_for(ZILCH_THROW)) or "")


def test_without_the_counter_the_throw_is_trash_and_old_logs_load() -> None:
    game = _game(dataclasses.replace(_farkle(), no_score_six=None), ZILCH_THROW)
    assert game.throw()[0] == Thrown(0, ZILCH_THROW, True)
    old = {"type": "throw", "seat": 0, "dice": list(ZILCH_THROW), "trash": True}
    assert Thrown(0, ZILCH_THROW, True).to_dict() == old  # written as before
    assert Event.from_dict(old) == Thrown(0, ZILCH_THROW, True)
    new = Thrown(1, ZILCH_THROW, False, 500)
    assert Event.from_dict(json.loads(json.dumps(new.to_dict()))) == new


def test_the_counter_counts_on_every_throw_of_six_dice_and_only_there() -> None:
    rules = _farkle()
    for first in (True, False):
        assert scoring.score(ZILCH_THROW, rules, first_throw=first) == 500
        assert scoring.best_score(ZILCH_THROW, rules, first_throw=first) == 500
    assert scoring.score(ZILCH_THROW[:5], rules, first_throw=False, thrown=5) is None
    assert scoring.best_score([1, 2, 2, 3, 4, 6], rules) == 100  # a 1 scores: no counter
    assert scoring.score([1, 2, 2, 3, 4, 6], rules) is None
    assert scoring.describe(ZILCH_THROW, rules) == "no dice scored = 500"
    assert dice.throws(rules, 6).trash == 0  # six dice never trash now


# -- rule files, the rules window and the workshop ------------------------------------------


def test_a_rule_file_with_the_counter_round_trips_and_old_files_load() -> None:
    rules = _farkle()
    text = rulefile.dumps(rules, "with Zilch's counter")
    assert "no_score_six = 500" in text
    assert rulefile.loads(text).rules == rules
    without = text.replace("no_score_six = 500", "no_score_six = 0")
    assert rulefile.loads(without).rules.no_score_six is None
    old = "\n".join(line for line in text.splitlines() if "no_score_six" not in line)
    assert rulefile.loads(old).rules.no_score_six is None  # a file from before loads
    assert Rules.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules
    assert "no_score_six" not in PRESETS["farkle"].to_dict()  # saves of presets unchanged
    with pytest.raises(rulefile.RuleFileError):
        rulefile.loads(text.replace("no_score_six = 500", "no_score_six = 520"))


def test_playrs_zilch_file_is_playrs_table() -> None:
    rule_set = _playr()
    rules = rule_set.rules
    assert rules.no_score_six == 500 and rules.three_pairs == 1500 and rules.straight == 1500
    assert scoring.score([2, 2, 2, 2], rules) == 400 and scoring.score([1] * 6, rules) == 8000
    assert scoring.score([2, 2, 2, 2, 3, 3], rules) == 1500  # any three pairs
    assert (rules.opening_minimum, rules.minimum, rules.trash_penalty) == (300, 300, 500)
    assert rules.options == ("three-trash",) and not rules.corner_throw_mandatory
    back = rulefile.loads(rulefile.dumps(rules, rule_set.description))
    assert back.rules == rules and "playr" in rule_set.description


def test_the_rules_window_and_the_workshop_show_the_counter() -> None:
    rules = _playr().rules
    rows = rules_text.scoring_rows(rules)
    assert ("six dice in which nothing scores", "500",
            "all six frozen together; on a throw of six dice only") in rows
    words = dict(rules_text.rules_text(rules))["Trash"]
    assert "a throw of six dice in which nothing scores is worth 500" in words
    assert "You may then bank" in words
    trash = dict(rules_text.rules_text(dataclasses.replace(
        PRESETS["trash-5000"], no_score_six=250)))["Trash"]
    assert "You must then throw the six dice again." in trash
    draft = draft_of(rules)
    assert draft["no_score_six"] == "500"
    back, errors = read_draft(draft)
    assert not errors and back is not None and back.rules.no_score_six == 500
    back, errors = read_draft({**draft, "no_score_six": "0"})
    assert back is not None and back.rules.no_score_six is None


# -- the tables and the solver against computations of their own ------------------------------


def _outcomes(rules: Rules, n: int, first: bool) -> list[tuple[float, list[tuple[int, int]]]]:
    """Every multiset of ``n`` dice with its probability and its (points, dice left)
    freezes, from the rules WITHOUT the counter, the counter added here: six dice that
    offer no freeze are frozen together for its points (a corner, 0 dice left)."""
    out = rolls(dataclasses.replace(rules, no_score_six=None), n, first)
    if n == 6 and rules.no_score_six is not None:
        out = [(p, found or [(rules.no_score_six, 0)]) for p, found in out]
    return out


def _merged(outcomes: list[tuple[float, list[tuple[int, int]]]]
            ) -> list[tuple[float, tuple[tuple[int, int], ...]]]:
    """The outcomes with the same freezes summed (fewer to walk, the same values)."""
    merged: dict[tuple[tuple[int, int], ...], float] = {}
    for p, found in outcomes:
        merged[tuple(found)] = merged.get(tuple(found), 0.0) + p
    return [(p, found) for found, p in merged.items()]


def test_max_expected_tables_equal_a_turn_computed_apart() -> None:
    rules = _farkle(minimum=300, opening_minimum=300)
    table = tables_for(rules).expected_table(300)
    unit, top = table.unit, table.top
    rolls = {(n, f): _merged(_outcomes(rules, n, f)) for n in range(1, 7) for f in (False, True)}
    value: dict[tuple[int, int], float] = {}  # (turn score, dice left; 0 a corner)

    def after(t: int, left: int) -> float:  # t in units; bank when allowed and better
        if t > top:
            return float(t * unit)  # the tables' truncation: bank at once
        on = value[(t, left)]
        return max(on, float(t * unit)) if t * unit >= 300 else on

    for t in range(top, -1, -1):
        for left in range(6):
            total = 0.0
            for p, found in rolls[(left or 6, False)]:
                total += p * max((after(t + pts // unit, lft) for pts, lft in found),
                                 default=0.0)
            value[(t, left)] = total
    start = sum(p * max((after(pts // unit, left) for pts, left in found), default=0.0)
                for p, found in rolls[(6, True)])
    assert table.start == pytest.approx(start, abs=1e-9)
    for t in (0, 6, 20, 100):
        assert table.V[6][t] == pytest.approx(value[(t, 0)], abs=1e-9)
        assert table.V[3][t] == pytest.approx(value[(t, 3)], abs=1e-9)


def test_playrs_zilch_averages_busches_620_855_points_a_turn() -> None:
    """Busche (2010) maximises the long-run points per turn of playr's Zilch with the
    penalty for a third zilch in a row: 620.855. The tables' turns with the value of
    trash as a relative value of the run (average-reward iteration) give the same."""
    rules = _playr().rules
    tables = tables_for(rules)

    def turn(trash: float) -> float:
        return tables.expected_table(rules.minimum, trash).start

    h = [0.0, 0.0, 0.0]  # relative values after 0, 1, 2 zilches in a row
    for _ in range(40):
        w = [turn(h[1]), turn(h[2]), turn(-float(rules.trash_penalty))]
        gain = w[0]
        moved, h = max(abs(a - b) for a, b in zip(h, [0.0, w[1] - gain, w[2] - gain],
                                                   strict=True)), [0.0, w[1] - gain,
                                                                   w[2] - gain]
        if moved < 1e-6:  # the gain then moves by less than a millionth: far inside 5e-4
            break
    assert gain == pytest.approx(620.855, abs=5e-4)


@pytest.mark.parametrize("preset,changes", [
    ("farkle", {"game_point": 200, "opening_minimum": 150, "no_score_six": 100}),
    ("trash-5000", {"game_point": 250, "opening_minimum": 100, "minimum": 50,
                    "no_score_six": 150}),
], ids=["farkle", "trash"])
def test_perfect_play_equals_a_brute_force_that_adds_the_counter_itself(
        preset: str, changes: dict[str, int]) -> None:
    pytest.importorskip("numpy")
    from test_solver import BruteForce

    from tenthousand.solver import engine

    rules = PRESETS[preset].with_options(**changes)
    force = BruteForce(rules, 50)
    force.rolls = {(n, f): _outcomes(rules, n, f) for n in range(1, 7) for f in (False, True)}
    first0, first1 = force.solve()
    sol = engine.solve(rules, extra=50, tol=1e-13)
    assert sol.normal(0, 0, 0) == pytest.approx(first0, abs=1e-10)
    assert sol.normal(1, 0, 0) == pytest.approx(first1, abs=1e-10)
    plain = engine.solve(dataclasses.replace(rules, no_score_six=None), extra=50, tol=1e-13)
    assert abs(plain.normal(0, 0, 0) - sol.normal(0, 0, 0)) > 1e-4  # the counter matters


def test_the_workshop_gives_zilchs_average_turn() -> None:
    from tenthousand.present.workshop_draft import figures, figures_text

    found = figures(_playr().rules)
    assert found.trash_six == 0.0 and found.expected is not None
    assert found.expected == pytest.approx(623.0175, abs=1e-3)  # no penalty counted here
    assert "Six dice thrown are never trash." in figures_text(found)


def test_the_penalty_solver_equals_its_brute_force_with_the_counter_added_apart() -> None:
    pytest.importorskip("numpy")
    from test_solver import PenaltyBruteForce

    from tenthousand.solver import engine

    rules = PRESETS["farkle"].with_options(
        "three-trash", game_point=150, catch_up=False, opening_minimum=100, trash_run=2,
        trash_penalty=100, score_floor=-100, no_score_six=100)
    force = PenaltyBruteForce(rules, 0)
    force.rolls = {(n, f): _outcomes(rules, n, f) for n in range(1, 7) for f in (False, True)}
    first = force.solve()
    sol = engine.solve(rules, tol=1e-13, extra=0)
    assert sol.first_player_win_probability == pytest.approx(first, abs=1e-10)
