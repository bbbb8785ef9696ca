"""The three-player solver (:mod:`tenthousand.solver.three`) against the independent
reference solver (``three_brute``), its equilibria, its table file and the games the
Perfect player plays from it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tenthousand.model.game import Game, Seat
from tenthousand.model.rules import PRESETS

np = pytest.importorskip("numpy")
pytest.importorskip("numba")

import three_brute as tb  # noqa: E402

from tenthousand.ai import play_game  # noqa: E402
from tenthousand.solver import columns3, compiled3, levels, table3, three, values  # noqa: E402

SMALL = {
    "ten-thousand": PRESETS["ten-thousand"].with_options(game_point=300),
    "farkle": PRESETS["farkle"].with_options(game_point=300, opening_minimum=150),
    "trash": PRESETS["trash-5000"].with_options(game_point=300, opening_minimum=150,
                                                minimum=100),
}
#: A game with a cycle without a pure equilibrium (boards 0, 300, 250) and one with
#: several (150, 100, 50): see tests/test_three_brute.py.
ODD = PRESETS["trash-5000"].with_options(game_point=400, opening_minimum=100, minimum=50)


def _engine_table(s: three.Solution3) -> Any:
    """(b0, b1, b2, mover, seat), as the reference solver keeps its table."""
    return s.levels.value.transpose(1, 2, 3, 0, 4)


@pytest.fixture(scope="module")
def small() -> dict[str, tuple[three.Solution3, tb.ThreeBrute]]:
    return {name: (three.solve(rules, extra=100), tb.reference(rules, 100))
            for name, rules in SMALL.items()}


@pytest.mark.parametrize("name", list(SMALL))
def test_every_turn_start_is_the_reference_solvers(
        small: dict[str, tuple[three.Solution3, tb.ThreeBrute]], name: str) -> None:
    """Where no cycle with several equilibria can be reached (there the two may keep
    different ones: the reference lists them all and takes one by its rule, the engine
    keeps where its iteration settled), every turn start agrees to 1e-9; and the end game
    (tie-break rounds, the last chasers' turns) everywhere."""
    s, brute = small[name]
    mine = _engine_table(s)
    keep = brute.untouched()
    assert keep.mean() > 0.5
    assert np.abs(mine[keep] - brute.normal[keep]).max() < 1e-9
    assert s.end.tie2 == pytest.approx(brute.tie2, abs=1e-12)
    assert np.abs(s.end.tie3 - brute.tie3).max() < 1e-12
    assert s.movers() == pytest.approx(brute.movers(), abs=1e-9)


@pytest.mark.parametrize("name", list(SMALL))
def test_every_turn_start_sums_to_one_and_no_mover_gains_by_another_policy(
        small: dict[str, tuple[three.Solution3, tb.ThreeBrute]], name: str) -> None:
    """The three chances of every turn start sum to 1 within 1e-9; at every turn start the
    mover, solved again at the trash value the table gives him, has no pure policy better
    than his table value by more than 1e-12 (the equilibrium check)."""
    s = small[name][0]
    lv = s.levels
    v = lv.value
    assert np.abs(v.sum(axis=-1) - 1.0).max() < 1e-9
    g = np.arange(lv.ng)
    trip = np.stack(np.meshgrid(g, g, g, indexing="ij"), -1).reshape(-1, 3)
    for m in range(3):
        mover = np.full(len(trip), m)
        bank = lv.bank_rows(trip, mover)
        own = trip[:, m]
        w = v[(m + 1) % 3, trip[:, 0], trip[:, 1], trip[:, 2], m]
        a, p = lv.solve_turns(bank, w, lv.need(own), lv.cap(own), mover)
        best = a[:, m] + p * w
        table = v[m, trip[:, 0], trip[:, 1], trip[:, 2], m]
        mixing = np.array([(m, *t) in lv.mix and lv.mix[(m, *t)][2] < 1.0
                           for t in trip.tolist()])
        assert (best - table).max() <= 1e-12
        # a mover who mixes is indifferent: his best is his value; elsewhere the table's
        # value is his best answer's
        assert np.abs(best - table)[~mixing].max() <= 1e-12


def test_where_no_pure_policy_is_stable_two_movers_mix() -> None:
    """Boards 0, 300, 250 of the odd game: iteration goes round; two movers mix, and the
    values are the reference's (which lists every equilibrium) to 1e-12; the cycle with
    several equilibria is the reference's choice too."""
    s = three.solve(ODD, extra=50)
    brute = tb.reference(ODD, 50)
    assert s.stats.flagged >= 1 and s.stats.mixed == 1
    plays = [s.levels.mix[(m, 0, 6, 5)] for m in range(3)]
    assert sum(0.0 < q < 1.0 for _, _, q in plays) == 2
    assert np.abs(_engine_table(s) - brute.normal).max() < 1e-12
    assert s.stats.largest_gain <= 1e-12


def test_the_three_player_kernel_is_checked_on_a_turn_worked_out_by_hand() -> None:
    assert compiled3.kernels() is not None


# -- the table file and play ----------------------------------------------------------

@pytest.fixture(scope="module")
def farkle(tmp_path_factory: pytest.TempPathFactory) -> tuple[three.Solution3, Any]:
    rules = PRESETS["farkle"].with_options(game_point=500)
    s = three.solve(rules, extra=200)
    path = tmp_path_factory.mktemp("three") / "farkle-500-3.bin"
    path.write_bytes(table3.pack(s))
    table = table3.read(path)
    table3.register(table)
    yield s, table
    table3._REGISTERED.pop(rules, None)


def test_the_table_file_gives_the_solvers_values(farkle: tuple[three.Solution3, Any]) -> None:
    s, table = farkle
    assert table.movers() == pytest.approx(s.movers(), abs=1e-6)
    v = s.levels.value
    for m, b in [(0, (0, 0, 0)), (1, (3, 0, 8)), (2, (9, 9, 9)), (0, (5, 2, 7))]:
        assert table.normal(m, b) == pytest.approx(tuple(v[(m, *b)]), abs=1e-6)


def test_a_damaged_table_file_is_refused(tmp_path: Path,
                                         farkle: tuple[three.Solution3, Any]) -> None:
    data = table3.pack(farkle[0])
    for bad in (data[:-4], b"TTPERFECT2\n" + data[11:], data[:20]):
        path = tmp_path / "bad-3.bin"
        path.write_bytes(bad)
        with pytest.raises(ValueError):
            table3.read(path)


def test_at_a_games_start_the_window_shows_the_tables_chances(
        farkle: tuple[three.Solution3, Any]) -> None:
    s, _table = farkle
    seats = [Seat(n, True, "perfect") for n in ("A", "B", "C")]
    for first in range(3):
        game = Game(s.rules, seats, seed=first, first_seat=first)
        win = values.win_probabilities(game)
        assert win is not None and len(win) == 3
        assert win == pytest.approx(tuple(s.start(first)), abs=2e-6)
        assert sum(win) == pytest.approx(1.0, abs=1e-6)


def test_perfect_plays_whole_three_seat_games_and_wins_as_solved(
        farkle: tuple[three.Solution3, Any], long_run: bool) -> None:
    """Seeded games of the model, all three seats Perfect from the table, the starting
    seat rotating: each mover's share of the wins lies within three standard errors of the
    solved chance."""
    s, _table = farkle
    players = [levels.make_player("perfect", s.rules, seed=i, players=3) for i in range(3)]
    assert all(type(p).__name__ == "PerfectPlayer" for p in players)
    for p in players:
        p.prepare()
    seats = [Seat(f"P{i}", True, "perfect") for i in range(3)]
    games = 20_000 if long_run else 600
    wins = np.zeros(3)
    for i in range(games):
        game = Game(s.rules, seats, seed=50_000 + i, first_seat=i % 3)
        play_game(game, players)
        assert game.result is not None
        wins[(game.result.seat - i % 3) % 3] += 1
    chance = np.array(s.movers())
    error = np.sqrt(chance * (1.0 - chance) / games)
    assert (np.abs(wins / games - chance) <= 3.0 * error).all(), (wins / games, chance)


def test_the_advisor_gives_three_chances_and_every_freeze_its_value(
        farkle: tuple[three.Solution3, Any]) -> None:
    s, _table = farkle
    seats = [Seat(n, False) for n in ("A", "B", "C")]
    game = Game(s.rules, seats, seed=7, first_seat=1)
    game.throw()
    while game.phase.name != "CHOOSE":  # a trash: the next seat throws
        game.throw()
    adv = values.advice(game)
    assert adv is not None and adv.seat == game.current and len(adv.win) == 3
    assert sum(adv.win) == pytest.approx(1.0, abs=1e-6)
    best = max(f.best for f in adv.freezes)
    assert adv.win[game.current] == pytest.approx(best, abs=1e-12)
    for f in adv.freezes:
        assert f.throw_all is not None and sum(f.throw_all) == pytest.approx(1.0, abs=1e-6)


def test_four_seats_and_options_are_refused_with_a_sentence() -> None:
    from tenthousand.solver import cache

    rules = PRESETS["ten-thousand"]
    assert "two and three players" in (cache.unsolvable(rules, 4) or "")
    assert "options" in (cache.unsolvable(rules.with_options("surpassing"), 3) or "")
    assert cache.unsolvable(rules, 3) is None
    assert levels.make_player("perfect", rules, players=4).fallback_reason



def test_a_three_seat_games_luck_and_skill_come_from_the_table(
        farkle: tuple[three.Solution3, Any]) -> None:
    """A game of a human seat (played by Expert, so it makes mistakes) against two
    Perfect seats, analysed from the real table: every seat's luck, skill and the others'
    decisions add up to its final result less its start; each decision moves every seat
    to the table's own chances after it; the human's skill is what his decisions cost."""
    from tenthousand.history import analyse

    s, _table = farkle
    seats = [Seat("Ann", False), Seat("B", True, "perfect"), Seat("C", True, "perfect")]
    players = [levels.make_player("expert", s.rules, seed=1, players=3),
               *(levels.make_player("perfect", s.rules, seed=i, players=3) for i in (2, 3))]
    for p in players:
        p.prepare()
    for seed in range(3):
        game = Game(s.rules, seats, seed=seed, first_seat=seed % 3)
        play_game(game, players)
        a = analyse(game.record)
        assert a.kind == "win" and a.seats == 3 and a.start is not None and a.final is not None
        for k in range(3):
            assert a.luck[k] + a.skill[k] + a.others[k] == pytest.approx(
                a.final[k] - a.start[k], abs=1e-9)
        assert sum(a.luck) == pytest.approx(0.0, abs=1e-6)
        assert all(sum(c) == pytest.approx(1.0, abs=1e-6) for _, c in a.chances)
        assert a.skill[0] == pytest.approx(-sum(d.cost for d in a.decisions), abs=1e-6)


def test_where_the_equilibrium_mixes_perfect_draws_and_the_advisor_says_either(
        tmp_path: Path) -> None:
    """At the odd game's mixing turn start (boards 0, 300, 250) the turn mixes two
    policies; the draw is the same for the same game (a replay draws alike) and leaves the
    game's dice untouched; the advisor's values say so in its note."""
    from tenthousand.advice.values import evaluate
    from tenthousand.control.advising import AdvisorService

    s = three.solve(ODD, extra=50)
    path = tmp_path / "odd-3.bin"
    path.write_bytes(table3.pack(s))
    table3.register(table3.read(path))
    try:
        mixing = [m for m in range(3) if s.levels.mix[(m, 0, 6, 5)][2] < 1.0]
        m = mixing[0]
        seats = [Seat(n, False) for n in ("A", "B", "C")]
        game = Game(ODD, seats, seed=3, first_seat=m)
        game.board[:] = [0, 300, 250]
        turn = values.playing(game)
        assert turn is not None and turn.mixes
        state = game.rng.getstate()
        first = table3.draw(game, turn.play[2])
        assert table3.draw(game, turn.play[2]) == first and game.rng.getstate() == state
        game.throw()
        while game.phase.name != "CHOOSE":
            game.board[:] = [0, 300, 250]
            game.current = m
            game.phase = game.phase.__class__.START
            game.throw()
        adv = values.advice(game)
        assert adv is not None and adv.mixes
        found = evaluate(game)
        assert found is not None and found.mixes
        service = AdvisorService(None, lambda display: None, lambda on: None)  # type: ignore[arg-type]
        assert "Perfect play mixes here" in service._note(game, True, True, found)
    finally:
        table3._REGISTERED.pop(ODD, None)


@pytest.mark.parametrize("name", ["ten-thousand", "farkle"])
def test_with_the_third_player_out_the_end_is_the_two_player_engines(name: str) -> None:
    """The third player cannot matter in a tie-break round of two (he is not tied for
    first) nor in a last turn against one holder of the best board (he has played and
    stayed below): there the engine's values are the two-player engine's tie-break and
    catch-up turns, the lower seat first in a tie."""
    from test_three_brute import TWO, TwoPlayer, assert_end_is_two_players

    rules = TWO[name]
    ng, e = rules.game_point // 50, 2
    turns = columns3.Turns3(rules)
    end = three.End(turns, ng, e, max(rules.minimum_for(0) // 50, 1), max(rules.minimum // 50, 1))
    end.solve(ng + e + turns.maxp)
    assert_end_is_two_players(end.tie2, end.tie2_second, end.c2, TwoPlayer(rules, 100))


def test_progress_counts_the_work_so_it_rises_evenly() -> None:
    """The levels' progress is their share of the programme's work (each turn start's
    rows up to its mover's cap), not of the triples: the first half of the triples (the
    high sums, little room below the cap) is less than half the work.  It rises, ends at
    1, and the levels' work by sum is the sum over every triple."""
    rules = SMALL["trash"]
    seen: list[float] = []
    s = three.solve(rules, extra=100, progress=seen.append)
    lv = s.levels
    g = np.arange(lv.ng)
    trip = np.stack(np.meshgrid(g, g, g, indexing="ij"), -1).reshape(-1, 3)
    direct = np.asarray(lv.cap(trip)).sum()
    assert lv.work_by_sum().sum() == pytest.approx(direct, rel=1e-12)
    by_sum = np.bincount(trip.sum(axis=1), weights=np.asarray(lv.cap(trip)).sum(axis=1))
    assert np.allclose(lv.work_by_sum()[:len(by_sum)], by_sum)
    assert seen == sorted(seen) and seen[-1] == pytest.approx(1.0)
    # half the triples done (from the top): well below half the work
    order = np.argsort(-trip.sum(axis=1), kind="stable")
    half = trip[order[: len(trip) // 2]]
    assert np.asarray(lv.cap(half)).sum() / direct < 0.45  # 0.39 at 15,000


@pytest.mark.parametrize("ng", [1, 2, 5, 17])
def test_the_order_is_every_triple_by_falling_sum_made_a_level_at_a_time(ng: int) -> None:
    """The levels' order, made level by level, is every board triple sorted by falling sum
    and, within a sum, as numpy lays the cube out (the order the kept files are written in:
    it must never change); any stretch of it reads the same."""
    g = np.arange(ng)
    cube = np.stack(np.meshgrid(g, g, g, indexing="ij"), -1).reshape(-1, 3)
    sums = cube.sum(axis=1)
    want = cube[np.argsort(-sums, kind="stable")]
    order = three.Order(ng)
    made = np.concatenate([order.level(k) for k in range(len(order.sums))])
    assert np.array_equal(made, want)
    assert order.starts == [0, *(np.flatnonzero(np.diff(-np.sort(-sums))) + 1).tolist(),
                            ng ** 3]
    for lo, hi in ((0, 1), (1, ng ** 3 // 2), (ng ** 3 // 3, ng ** 3)):
        assert np.array_equal(order.triples(lo, hi), want[lo:hi])


def test_two_threads_solve_the_same_table_and_count_progress_alike() -> None:
    """Levels of more than one block in two threads (a game to 600: up to 108 triples a
    level, blocks of 64): the same bits as one thread, and progress that rises to 1."""
    rules = PRESETS["trash-5000"].with_options(game_point=600, opening_minimum=100,
                                               minimum=50)
    seen: list[float] = []
    one = three.solve(rules, extra=100)
    two = three.solve(rules, extra=100, threads=2, progress=seen.append)
    order = two.levels.order()
    assert max(b - a for a, b in zip(order.starts[:-1], order.starts[1:], strict=True)) > 64
    assert np.array_equal(one.levels.value, two.levels.value)
    assert one.levels.mix == two.levels.mix
    assert seen == sorted(seen) and seen[-1] == pytest.approx(1.0)


def test_the_table_file_is_written_in_pieces_as_it_was_whole(
        small: dict[str, tuple[three.Solution3, tb.ThreeBrute]]) -> None:
    """The pieces (a mover and a first board of the normal game at a time) are the bytes
    of each array whole, as float32, in the file's order."""
    s = small["farkle"][0]
    data = table3.pack(s)
    arrays = [s.levels.value[..., :2], s.end.c1, s.end.c2, s.end.tie2_second,
              s.end.tie3_second, s.end.tie3_third]
    body = b"".join(np.ascontiguousarray(a, dtype="<f4").tobytes() for a in arrays)
    assert data.endswith(body) and data.startswith(table3.MAGIC)
    assert len(list(table3.pieces(s))) == 1 + 3 * s.levels.ng + 5
