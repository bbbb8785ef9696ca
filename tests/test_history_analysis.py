"""Luck against skill: the exact split in two-player games with a table, points otherwise."""

from __future__ import annotations

from pathlib import Path

import pytest
from history_kit import played

from tenthousand.ai import make_player
from tenthousand.ai.moves import apply, decide
from tenthousand.history import analyse, summarize
from tenthousand.history.analysis import BANK_EARLY, THROW_ON, WRONG_DICE
from tenthousand.history.store import History
from tenthousand.model.game import Game, Seat
from tenthousand.model.rules import PRESETS


@pytest.mark.parametrize("preset,seed", [("ten-thousand", 1), ("ten-thousand", 2),
                                         ("farkle", 3), ("trash-5000", 4)])
def test_luck_and_skill_add_up_to_the_result_exactly(preset: str, seed: int) -> None:
    game = played(seed, preset, ("beginner", "normal"))
    a = analyse(game.record)
    assert a.kind == "win" and a.start is not None and a.final is not None
    winner = game.result.seat
    assert a.final == (1.0 if winner == 0 else 0.0, 1.0 if winner == 1 else 0.0)
    for s in range(2):
        parts = a.luck[s] + a.skill[s] + a.others[s]
        assert abs(parts - (a.final[s] - a.start[s])) < 1e-9
        assert a.others[s] == pytest.approx(-a.skill[1 - s])
        assert a.luck[s] == pytest.approx(-a.luck[1 - s])
    assert a.identity_error() < 1e-9
    # Every decision costs nothing or something, never gains against the best choice.
    assert a.decisions and all(d.cost >= 0 for d in a.decisions)
    assert all(d.seat == 0 for d in a.decisions)  # the person's only
    # Each throw's luck is the thrower's; what it gives one seat it takes from the other.
    assert sum(t.luck if t.seat == 0 else -t.luck for t in a.throws) == \
        pytest.approx(a.luck[0])
    # The chance chart starts at the start and ends at the result.
    assert a.chances[0] == (0, a.start) and a.chances[-1][1] == a.final


def test_the_best_player_gives_nothing_away() -> None:
    game = played(5, "ten-thousand", ("perfect", "beginner"))
    a = analyse(game.record, decisions_of=(0, 1))
    assert a.skill[0] == pytest.approx(0.0, abs=1e-6)
    assert a.skill[1] < -0.01
    kinds = {d.mistake for d in a.decisions if d.seat == 1}
    assert kinds <= {"", BANK_EARLY, THROW_ON, WRONG_DICE} and kinds - {""}


def test_stored_parts_still_add_up(tmp_path: Path) -> None:
    game = played(6)
    with History(tmp_path / "h.sqlite3") as h:
        h.add(summarize(game.record))
        (l0, s0, c0, w0), (l1, s1, c1, w1) = h.con.execute(
            "SELECT luck, skill, start_chance, won FROM seats ORDER BY seat").fetchall()
    assert abs(l0 + s0 - s1 - (w0 - c0)) < 1e-9
    assert abs(l1 + s1 - s0 - (w1 - c1)) < 1e-9


def test_three_seats_are_valued_in_points() -> None:
    rules = PRESETS["ten-thousand"].with_options(game_point=2000)
    game = Game(rules, [Seat("Ann"), Seat("Bob", True), Seat("Cy", True)], seed=4)
    players = [make_player("normal", rules, seed=i) for i in range(3)]
    for p in players:
        p.prepare()
    while not game.over:
        apply(game, decide(game, players[game.current]))
    a = analyse(game.record)
    assert a.kind == "score" and a.start is None
    assert a.decisions and all(d.kind == "score" and d.cost >= 0 for d in a.decisions)
    assert a.throws and sum(t.luck for t in a.throws if t.seat == 0) == pytest.approx(a.luck[0])
    assert a.skill[0] == pytest.approx(-sum(d.cost for d in a.decisions if d.seat == 0))
