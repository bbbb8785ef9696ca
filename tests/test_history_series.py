"""What the charts draw, from records and statistics (no display)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from history_kit import entry, played, seat

from tenthousand.history import analyse
from tenthousand.history.series import (
    BARS,
    faces_chart,
    luck_against_skill,
    score_race,
    skill_over_time,
    win_chances,
    win_rate_over_time,
)
from tenthousand.history.stats import Filters, GamePoint, fairness, statistics
from tenthousand.history.store import ABANDONED, FINISHED, History
from tenthousand.model.game import Game, Seat
from tenthousand.model.rules import PRESETS


def test_the_score_race_follows_the_board_from_zero_to_the_end() -> None:
    game = played(9)
    race = score_race(game.record)
    assert [s.name for s in race.series] == ["Ann", "Bob"]
    for i, s in enumerate(race.series):
        assert s.points[0] == (0.0, 0.0)
        assert s.points[-1][1] == game.board[i]
        xs = [x for x, _ in s.points]
        assert xs == sorted(xs)
    assert race.reference == 10000 and race.steps


def test_win_chances_start_at_the_start_and_end_at_the_result() -> None:
    game = played(10)
    analysis = analyse(game.record)
    chart = win_chances(game.record, analysis)
    assert chart is not None and chart.percent and chart.y_max == 1.0
    ann = chart.series[0].points
    assert ann[0][1] == pytest.approx(analysis.start[0])  # type: ignore[index]
    assert ann[-1][1] == (1.0 if game.result.seat == 0 else 0.0)  # type: ignore[union-attr]


def test_no_win_chances_for_three_players() -> None:
    rules = PRESETS["farkle"]
    game = Game(rules, [Seat("A"), Seat("B", True), Seat("C", True)], seed=2)
    game.throw()
    assert win_chances(game.record, analyse(game.record)) is None


def test_faces_are_shares_against_one_in_six() -> None:
    chart = faces_chart(fairness([10, 20, 30, 40, 50, 50]), fairness([1] * 6), "Ann")
    assert chart.kind == BARS and chart.reference == pytest.approx(1 / 6)
    assert sum(y for _, y in chart.series[0].points) == pytest.approx(1.0)
    assert chart.series[1].name == "the computers"


def _points(wins: list[bool]) -> list[GamePoint]:
    return [GamePoint(i, float(i), w, 0, 0.01 * i, 0.1 if w else -0.1, -0.01, 0.0, "win")
            for i, w in enumerate(wins)]


def test_series_over_time() -> None:
    points = _points([True, False, True, True])
    rate = win_rate_over_time(points, width=2).series[0].points
    assert [y for _, y in rate] == [1.0, 0.5, 0.5, 1.0]
    skill = skill_over_time(points, width=1).series[0].points
    assert [y for _, y in skill] == pytest.approx([0.0, 0.01, 0.02, 0.03])
    dots = luck_against_skill(points)
    assert len(dots.series[0].points) == 3 and len(dots.series[1].points) == 1


def test_the_win_rates_even_line_is_one_in_as_many_as_played() -> None:
    two = _points([True, False])
    assert win_rate_over_time(two).reference == pytest.approx(0.5)
    three = [dataclasses.replace(p, seats=3) for p in two]
    assert win_rate_over_time(three).reference == pytest.approx(1 / 3)
    assert win_rate_over_time(two + three).reference == pytest.approx((1 / 2 + 1 / 3) / 2)


def test_the_statistics_keep_each_games_number_of_seats(tmp_path: Path) -> None:
    with History(tmp_path / "h.sqlite3") as h:
        h.add(entry((seat(0, "Ann", score=300, won=False), seat(1, "Cy", score=0, won=True),
                     seat(2, "Di", score=0, won=False))))
        st = statistics(h, Filters("Ann"))
    assert [p.seats for p in st.series] == [3]
    assert win_rate_over_time(st.series).reference == pytest.approx(1 / 3)


def test_a_resumed_game_replaces_its_abandoned_entry(tmp_path: Path) -> None:
    with History(tmp_path / "h.sqlite3") as h:
        left = dataclasses.replace(entry((seat(0, "Ann", score=300, won=False),
                                          seat(1, "Cy", score=0, won=False))),
                                   status=ABANDONED, game_key="k1")
        h.add(left)
        h.add(dataclasses.replace(left, game_key="k2"))  # another game, left too
        done = dataclasses.replace(left, status=FINISHED)
        h.add(done)
        rows = h.con.execute("SELECT status, game_key FROM games ORDER BY id").fetchall()
        assert rows == [("abandoned", "k2"), ("finished", "k1")]
        assert h.con.execute("SELECT count(*) FROM seats").fetchone()[0] == 4
        assert h.con.execute("SELECT count(*) FROM records").fetchone()[0] == 2


def test_an_empty_luck_or_skill_chart_says_why() -> None:
    """Not "Nothing to show yet." alone: which games are valued, and what to do."""
    for chart in (luck_against_skill([]), skill_over_time([])):
        assert chart.empty and "games of two or three players" in chart.empty_note
        assert "perfect-play table" in chart.empty_note
