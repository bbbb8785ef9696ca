"""Issue 40: luck against skill in a game of three seats, from one chance per seat (a
stand-in for the three-player solver with its form: tests/seats_kit.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
import seats_kit

from tenthousand.history import analyse, summarize
from tenthousand.history.analysis import decided
from tenthousand.history.series import score_race, split_lines, win_chances
from tenthousand.history.stats import split_words
from tenthousand.history.store import History


@pytest.mark.parametrize("seed", [4, 5, 6])
def test_three_seats_split_into_luck_and_skill_exactly(monkeypatch: pytest.MonkeyPatch,
                                                       seed: int) -> None:
    seats_kit.install(monkeypatch)
    game = seats_kit.played(seed)
    a = analyse(game.record)
    assert a.kind == "win" and a.seats == 3
    assert a.start is not None and a.final is not None and len(a.start) == 3
    winner = game.result.seat
    assert a.final == tuple(1.0 if s == winner else 0.0 for s in range(3))
    assert a.identity_error() < 1e-9
    for s in range(3):
        assert a.luck[s] + a.skill[s] + a.others[s] == pytest.approx(
            a.final[s] - a.start[s], abs=1e-9)
    # Every seat's chances sum to 1 before and after each choice: the dice give one seat
    # what they take from the others, and so do the decisions.
    assert sum(a.luck) == pytest.approx(0.0, abs=1e-9)
    assert sum(a.skill) + sum(a.others) == pytest.approx(0.0, abs=1e-9)
    assert all(len(c) == 3 and sum(c) == pytest.approx(1.0) for _, c in a.chances)
    assert a.chances[0] == (0, a.start) and a.chances[-1][1] == a.final
    # Ann's decisions only, none better than the best; the throws' luck is the thrower's.
    assert a.decisions and all(d.seat == 0 and d.kind == "win" and d.cost >= 0
                               for d in a.decisions)
    assert a.skill[0] == pytest.approx(-sum(d.cost for d in a.decisions))
    assert {t.seat for t in a.throws} == {0, 1, 2}


def test_a_decision_moves_the_others_in_proportion() -> None:
    assert decided((0.4, 0.6), 0, 0.3) == pytest.approx((0.3, 0.7))  # two: the rest
    assert decided((0.4, 0.6), 1, 0.5) == pytest.approx((0.5, 0.5))
    three = decided((0.2, 0.3, 0.5), 0, 0.1)
    assert three == pytest.approx((0.1, 0.9 * 0.3 / 0.8, 0.9 * 0.5 / 0.8))
    assert sum(three) == pytest.approx(1.0)
    assert decided((1.0, 0.0, 0.0), 0, 0.8) == pytest.approx((0.8, 0.1, 0.1))  # none had any


def test_the_chart_and_the_words_of_three_seats(monkeypatch: pytest.MonkeyPatch) -> None:
    seats_kit.install(monkeypatch)
    game = seats_kit.played(5)
    a = analyse(game.record)
    chart = win_chances(game.record, a)
    assert chart is not None
    assert [s.name for s in chart.series] == ["Ann", "Bob", "Cy"]
    assert chart.reference == pytest.approx(1 / 3)  # an even chance of three
    assert all(len(s.points) == len(a.chances) for s in chart.series)
    # One point a turn, the end one turn after the last turn's start: where the score race
    # ends (it was drawn on the last start, a sheer drop at the end of the line).
    xs = [x for x, _y in chart.series[0].points]
    assert xs == sorted(set(xs))
    assert xs[-1] == score_race(game.record).series[0].points[-1][0]
    lines = split_lines(game.record, a)
    assert len(lines) == 1 and lines[0].startswith("Ann: ")
    if round(a.others[0] * 100):
        assert "your opponents' decisions gave you" in lines[0]


def test_the_opponents_decisions_in_words() -> None:
    assert split_words(0.18, -0.04, 0.03, opponents=2) == (
        "The dice gave you +18%, your decisions cost 4%, your opponents' decisions gave you "
        "+3%.")
    assert split_words(0.0, 0.0, -0.05, opponents=2) == (
        "The dice were even, your decisions cost nothing that counts, your opponents' "
        "decisions gave you -5%.")
    assert split_words(0.18, -0.04, 0.03).endswith("your opponent's decisions gave you +3%.")
    assert split_words(0.18, -0.04, 0.0, opponents=2) == (
        "The dice gave you +18%, your decisions cost 4%.")


def test_a_three_seat_game_is_stored_with_each_seats_parts(monkeypatch: pytest.MonkeyPatch,
                                                           tmp_path: Path) -> None:
    seats_kit.install(monkeypatch)
    game = seats_kit.played(6)
    a = analyse(game.record)
    assert a.start is not None
    with History(tmp_path / "h.sqlite3") as h:
        h.add(summarize(game.record, analysis=a))
        rows = h.con.execute("SELECT luck, skill, start_chance FROM seats ORDER BY seat"
                             ).fetchall()
        kind = h.con.execute("SELECT value_kind FROM games").fetchone()[0]
    assert kind == "win"
    assert rows == [pytest.approx((a.luck[s], a.skill[s], a.start[s])) for s in range(3)]
