"""The strategy card's numbers for three players (issue 40): the banking thresholds by the
three board scores, read from a small solved three-player game and checked against the
turn worked out through a game in play; the fair start (the second and third players'
starting points that make the game even) as the minimiser over its grid."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tenthousand.model.game import Game, Seat
from tenthousand.model.rules import PRESETS

np = pytest.importorskip("numpy")
pytest.importorskip("numba")

from tenthousand.solver import card, table3, three  # noqa: E402

RULES = PRESETS["farkle"].with_options(game_point=500)
STEP = 50


@pytest.fixture(scope="module")
def solved(tmp_path_factory: pytest.TempPathFactory) -> tuple[three.Solution3, Any]:
    s = three.solve(RULES, extra=200)
    path = tmp_path_factory.mktemp("card3") / "farkle-500-3.bin"
    path.write_bytes(table3.pack(s))
    return s, table3.read(path)


def _direct(table: Any, boards: tuple[int, int, int]) -> tuple[int | None, ...]:
    """The thresholds worked out apart from the card: the turn of seat 0 in a game put at
    those boards (the table's turn of that game), each turn score tried in turn, banking
    where the mover's own chance after banking is at least that of throwing on."""
    game = Game(RULES, [Seat(n) for n in "ABC"], seed=1, first_seat=0)
    game.board[:] = [b * STEP for b in boards]
    turn = table.turn(game)
    assert turn is not None and not turn.mixes
    out: list[int | None] = []
    for dice in range(1, 7):
        left = 0 if dice == 6 else dice
        found = None
        for t in range(1, turn.cap + 1):
            if t >= turn.need and not (left == 0 and RULES.corner_throw_mandatory) \
                    and turn.bank(t)[0] >= turn.throw(t, dice)[0]:
                found = t * STEP
                break
        out.append(found)
    return tuple(out)


BOARDS = [(0, 0, 0), (2, 6, 0), (5, 1, 4), (8, 8, 8), (9, 3, 7), (0, 9, 9), (7, 0, 8)]


@pytest.mark.parametrize("boards", BOARDS)
def test_the_thresholds_are_the_turns_own(solved: tuple[three.Solution3, Any],
                                          boards: tuple[int, int, int]) -> None:
    table = solved[1]
    assert (0, *boards) not in table.mix  # a pure policy: one threshold to show
    assert card.thresholds3_at(table, boards) == _direct(table, boards)


def test_the_thresholds_vary_with_the_boards_and_the_order(
        solved: tuple[three.Solution3, Any]) -> None:
    """Not one threshold for all: the mover banks earlier near the end against a leader
    than at the start; and the order of the two opponents changes some cells."""
    table = solved[1]
    start = card.thresholds3_at(table, (0, 0, 0))
    assert start[0] is not None and start[0] >= RULES.opening_minimum
    assert card.thresholds3_at(table, (1, 0, 0))[0] != start[0]
    scores = list(range(0, 500, 50))
    chart = card.three_seat_thresholds(table, scores)
    after, before, level = (chart.grids[p] for p in card.THIRD_PLACES)
    assert after != before


def test_the_chart_reads_each_place_from_its_boards(solved: tuple[three.Solution3, Any]
                                                    ) -> None:
    table = solved[1]
    scores = [0, 150, 300, 450]
    seen: list[float] = []
    chart = card.three_seat_thresholds(table, scores, progress=seen.append)
    assert chart.scores == tuple(scores) and set(chart.grids) == set(card.THIRD_PLACES)
    assert seen == sorted(seen) and seen[-1] == pytest.approx(1.0)
    for place in card.THIRD_PLACES:
        grid = chart.grids[place]
        assert len(grid) == len(scores) and all(len(row) == len(scores) for row in grid)
        for i, mine in enumerate(scores):
            for j, leader in enumerate(scores):
                boards = card.third_boards(place, mine // STEP, leader // STEP)
                assert grid[i][j] == card.thresholds3_at(table, boards)
    assert card.third_boards("after", 2, 5) == (2, 5, 0)
    assert card.third_boards("before", 2, 5) == (2, 0, 5)
    assert card.third_boards("level", 2, 5) == (2, 5, 5)
    # with the leader at 0, all three places are the same boards
    for place in card.THIRD_PLACES[1:]:
        assert [row[0] for row in chart.grids[place]] == [row[0] for row in chart.grids["after"]]


def test_the_fair_start_is_the_most_even_pair(solved: tuple[three.Solution3, Any]) -> None:
    """The pair of starting points whose largest distance from 1/3 is least over every
    pair of multiples of 50 below the game point (ties: smaller s2, then s3), found
    again here from the solver's own float64 values; the game is then even within half a
    point of a percent, and the later movers need more points."""
    s, table = solved
    s2, s3, chances = card.fair_start3(table)
    assert sum(chances) == pytest.approx(1.0, abs=1e-6)
    gap = max(abs(c - 1 / 3) for c in chances)
    assert gap < 0.005
    assert 0 < s2 < s3 < RULES.game_point and s2 % 50 == 0 and s3 % 50 == 0
    value = s.levels.value[0, 0]  # mover 0 at 0: [s2, s3, seat]
    gaps = np.abs(value - 1 / 3).max(axis=-1)
    assert gap == pytest.approx(gaps.min(), abs=1e-6)
    assert chances == pytest.approx(tuple(value[s2 // STEP, s3 // STEP]), abs=1e-6)
    pairs = sorted((max(abs(c - 1 / 3) for c in table.normal(0, (0, a, b))), a, b)
                   for a in range(table.ng) for b in range(table.ng))
    assert (pairs[0][1] * STEP, pairs[0][2] * STEP) == (s2, s3)
    # without a start the first mover is ahead, the third behind
    first, _second, third = table.normal(0, (0, 0, 0))
    assert first > 1 / 3 + 0.05 and third < 1 / 3 - 0.03


def test_starting_points_change_no_value_of_the_table(tmp_path: Path) -> None:
    """The fair start reads the table of the rules without starting points: a game whose
    seats start with points is solved to the very same values at every turn start (a seat
    with points is on the board, and needs only the normal minimum, as a board above 0 in
    the table does); only where the game starts differs."""
    rules = PRESETS["farkle"].with_options(game_point=300, opening_minimum=150)
    plain = three.solve(rules, extra=100)
    handicap = three.solve(rules.with_options(starting_scores=(0, 100, 150)), extra=100)
    assert np.array_equal(plain.levels.value, handicap.levels.value)
    found = []
    for name, s in (("plain", plain), ("handicap", handicap)):
        path = tmp_path / f"{name}.bin"
        path.write_bytes(table3.pack(s))
        found.append(card.fair_start3(table3.read(path)))
    assert found[0] == found[1]
