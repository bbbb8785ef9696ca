"""The advisor shows the solver's numbers (two players, a shipped table) and the exact
max-expected turn tables otherwise; the review ranks decisions by what they gave away."""

from __future__ import annotations

import random

import pytest

from tenthousand.advice import values as advisor
from tenthousand.ai.players import trash_value
from tenthousand.ai.tables import tables_for
from tenthousand.model.game import Game, Phase, Seat
from tenthousand.model.rules import PRESETS
from tenthousand.solver import values


def _positions(preset: str, seats: int, count: int, seed: int = 1) -> list[Game]:
    """Seeded positions at Phase.CHOOSE, reached by random legal play."""
    rng = random.Random(seed)
    game = Game(PRESETS[preset], [Seat(f"P{i}") for i in range(seats)], seed=seed)
    out: list[Game] = []
    while len(out) < count and not game.over:
        if game.phase is Phase.CHOOSE:
            if rng.random() < 0.3:
                out.append(Game.from_dict(game.to_dict()))
            faces, _ = rng.choice(game.legal_freezes())
            idx = game.indices_for(faces)
            if game.bank_refusal(idx) is None and rng.random() < 0.4:
                game.bank(idx)
            else:
                game.throw(idx)
        elif game.phase is Phase.DISCARD:
            game.discard(0)
        else:
            game.throw()
    return out


@pytest.mark.parametrize("preset", ["ten-thousand", "farkle"])
def test_two_player_values_are_the_solvers(preset: str) -> None:
    positions = _positions(preset, 2, 6)
    assert positions
    for game in positions:
        got = advisor.evaluate(Game.from_dict(game.to_dict()))
        want = values.advice(game)
        assert got is not None and want is not None
        assert got.kind == advisor.WIN
        assert got.win == pytest.approx(want.win, abs=1e-12)
        assert len(got.choices) == len(want.freezes) == len(game.legal_freezes())
        for c, f in zip(got.choices, want.freezes, strict=True):
            assert c.faces == f.faces and c.points == f.points
            assert c.throw == f.throw and c.bank == f.bank
        best = got.choices[got.best]  # type: ignore[index]
        assert best.best == max(c.best for c in got.choices) == want.best.best


def test_three_players_get_the_expected_turn_score() -> None:
    rules = PRESETS["ten-thousand"]
    positions = _positions("ten-thousand", 3, 5, seed=4)
    assert positions
    for game in positions:
        got = advisor.evaluate(game)
        assert got is not None and got.kind == advisor.SCORE and got.win is None
        table = tables_for(rules).expected_table(game.minimum(), trash_value(game))
        for c in got.choices:
            total = game.turn_score + c.points
            left = len(game.thrown) - len(c.faces)
            assert c.throw == table.throw_value(total, left or 6)
            allowed = game.bank_refusal(game.indices_for(c.faces)) is None
            assert c.bank == (float(total) if allowed else None)
        assert got.choices[got.best].best == max(c.best for c in got.choices)  # type: ignore


def test_outside_a_choice_only_the_bars() -> None:
    game = Game(PRESETS["ten-thousand"], [Seat("A"), Seat("B")], seed=2)
    assert game.phase is Phase.START
    got = advisor.evaluate(game)
    assert got is not None and got.choices == () and got.win is not None
    assert sum(got.win) == pytest.approx(1.0)
    three = Game(PRESETS["ten-thousand"], [Seat("A"), Seat("B"), Seat("C")], seed=2)
    assert advisor.evaluate(three) is None


def test_review_ranks_what_was_given_away() -> None:
    decisions = []
    for game in _positions("ten-thousand", 2, 6, seed=7):
        v = advisor.evaluate(game)
        assert v is not None
        worst = min(v.choices, key=lambda c: c.throw if c.throw is not None else 2.0)
        decisions.append(advisor.Decision(game.to_dict(), worst.faces, False))
        best = v.choices[v.best]  # type: ignore[index]
        decisions.append(advisor.Decision(game.to_dict(), best.faces, best.bank_is_best))
    ranked = advisor.review(decisions, limit=100)
    assert ranked
    losses = [c.loss for c in ranked]
    assert losses == sorted(losses, reverse=True)
    assert all(c.loss >= 0.001 for c in ranked)
    assert all(c.turn % 2 == 1 for c in ranked)  # the best moves give nothing away
    first = ranked[0]
    assert first.loss == pytest.approx(first.best - first.chosen)
    assert "threw" in first.position and "scores" in first.position
    assert first.played.startswith("freeze") and "throw on" in first.played


def test_rotary_club_marks_the_fewest_points_pegged() -> None:
    rules = PRESETS["ten-thousand"].with_options(rotary_club=True)
    game = Game(rules, [Seat("A"), Seat("B"), Seat("C")], seed=3)
    while game.phase is not Phase.CHOOSE:
        game.throw()
    got = advisor.evaluate(game)
    assert got is not None and got.lower_is_better and got.best is not None
    table = tables_for(rules).rotary_table(-1)
    for c in got.choices:
        assert c.bank is None
        left = len(game.thrown) - len(c.faces)
        assert c.throw == table.after(game.turn_score + c.points, left)
    assert got.choices[got.best].best == min(c.best for c in got.choices)


def test_the_line_under_the_buttons() -> None:
    values = advisor.AdvisorValues(
        advisor.WIN, 0,
        (advisor.Choice((1, 5), 150, 0.40, 0.30), advisor.Choice((1,), 100, 0.45, 0.20),
         advisor.Choice((5,), 50, 0.41, None)), best=1, win=(0.45, 0.55))
    assert values.index_of((5, 1)) == 0 and values.index_of((2,)) is None
    assert values.line(()) == "Advisor: the best is to freeze 1 and throw on (45.0%)."
    assert values.line((5, 1)) == ("Advisor: freezing 1 5, throw on 40.0% \u00b7 bank 30.0%."
                                   "  Best: freeze 1 and throw on (45.0%).")
    assert values.line((1,)) == ("Advisor: freezing 1, throw on 45.0% \u00b7 bank 20.0%."
                                 "  This is the best freeze: throw on.")
    assert values.line((5,)) == ("Advisor: freezing 5, throw on 41.0%."
                                 "  Best: freeze 1 and throw on (45.0%).")
    banking = advisor.AdvisorValues(advisor.SCORE, 0, (advisor.Choice((1,), 100, 380.0, 400.0),),
                                    best=0)
    assert banking.line((1,)) == ("Advisor: freezing 1, throw on 380 \u00b7 bank 400."
                                  "  This is the best freeze: bank.")
    assert advisor.AdvisorValues(advisor.SCORE, 0).line((1,)) == ""


@pytest.mark.parametrize("preset, seats", [("ten-thousand", 2), ("trash-5000", 2),
                                           ("farkle", 3)])
def test_the_advisor_values_a_position_without_its_log(preset: str, seats: int) -> None:
    """The window hands the advisor's worker the position with one event of its log (a
    cost that does not grow with the game); the values are the same as with the whole."""
    positions = _positions(preset, seats, 6, seed=4)
    assert positions
    for game in positions:
        short = game.to_dict(last_events=1)
        assert len(short["log"]) == 1 and short["log"][0] == game.log[-1].to_dict()
        assert advisor.evaluate(Game.from_dict(short)) == \
            advisor.evaluate(Game.from_dict(game.to_dict()))
