"""A three-player turn at play time: the compiled kernel (:func:`.compiled3.turn`) against
the pure-Python reference (:func:`.turn3.solve_rows`), bit for bit, over every turn start
of small solved games, the end game's turns, mixing movers and a mandatory corner throw."""

from __future__ import annotations

import itertools
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tenthousand.model.game import Game, Seat
from tenthousand.model.rules import PRESETS, Rules

pytest.importorskip("numpy")
pytest.importorskip("numba")

from tenthousand.ai import play_game  # noqa: E402
from tenthousand.solver import compiled3, levels, table3, three, turn3, values  # noqa: E402
from tenthousand.solver.turn import row_groups  # noqa: E402

#: Small games solved in seconds: an opening minimum of 0 (ten-thousand), minimums, and
#: the trash games' mandatory corner throw; ODD has trash cycles whose movers mix.
GAMES = {
    "ten-thousand": (PRESETS["ten-thousand"].with_options(game_point=300), 100),
    "farkle": (PRESETS["farkle"].with_options(game_point=300, opening_minimum=150), 100),
    "trash": (PRESETS["trash-5000"].with_options(game_point=300, opening_minimum=150,
                                                 minimum=100), 100),
    "odd": (PRESETS["trash-5000"].with_options(game_point=400, opening_minimum=100,
                                               minimum=50), 50),
}


@pytest.fixture(scope="module")
def tables(tmp_path_factory: pytest.TempPathFactory) -> dict[str, table3.Table3]:
    """Each game's table, through its file as a player's machine reads it."""
    folder = tmp_path_factory.mktemp("turn3")
    out = {}
    for name, (rules, extra) in GAMES.items():
        path = folder / f"{name}-3.bin"
        path.write_bytes(table3.pack(three.solve(rules, extra=extra)))
        out[name] = table3.read(path)
    return out


def _keys(tb: table3.Table3) -> Iterator[tuple[Any, ...]]:
    """Every normal turn start, and turns of each kind of the end game: the first and the
    last chaser of the catch-up round, and each seat of tie-break rounds of two and three."""
    ng, e = tb.ng, tb.e
    for m in range(3):
        for board in itertools.product(range(ng), repeat=3):
            yield "normal", m, board, (), None
    low = (0, 1, ng - 1)
    for fin, m in itertools.permutations(range(3), 2):
        last = 3 - fin - m
        for top, x, y in itertools.product((ng, ng + 1, ng + e), low, low):
            board = [0, 0, 0]
            board[fin], board[m], board[last] = top, x, y
            yield "catch-up", m, tuple(board), (last,), fin
            board[last] = top if y == 0 else top - y  # the last chaser, one or two best
            yield "catch-up", m, tuple(board), (), fin
    base = ng + 1
    for a, b in itertools.combinations(range(3), 2):
        c = 3 - a - b
        for x in range(4):
            board = [0, 0, 0]
            board[a] = board[b] = base
            board[c] = base - 1 - x
            yield "tie-break", a, tuple(board), (b,), None
            board[a] = base + x
            yield "tie-break", b, tuple(board), (), None
    for x1, x2 in itertools.product(range(3), repeat=2):
        yield "tie-break", 0, (base, base, base), (1, 2), None
        yield "tie-break", 1, (base + x1, base, base), (2,), None
        yield "tie-break", 2, (base + x1, base + x2, base), (), None


def _turns(tb: table3.Table3) -> Iterator[tuple[str, turn3.Turn3]]:
    """Every turn of :func:`_keys` the table answers (with its stage), and where the mover
    mixes, the turn by each of his two policies."""
    for key in _keys(tb):
        turn = table3._make(tb, *key)
        if turn is None:
            continue
        yield key[0], turn
        if turn.mixes:
            yield "mixing", turn.playing(True)
            yield "mixing", turn.playing(False)


def _python(turn: turn3.Turn3, monkeypatch: pytest.MonkeyPatch) -> turn3.Turn3:
    with monkeypatch.context() as m:
        m.setattr(compiled3, "turn_kernel", lambda: None)
        turn.solve()
    return turn


@pytest.mark.parametrize("name", list(GAMES))
def test_the_compiled_turn_is_the_python_turn_bit_for_bit(
        tables: dict[str, table3.Table3], name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every row ``(A0, A1, A2, P)`` of every turn (so every choice the mover makes from
    them, bank or throw on and which freeze), every throw's (read at play time) and every
    bank vector (read at once by the fast turn, one by one by the Python one) are the same
    numbers; so is each turn's start; and a throw kept is its sum over the rows."""
    assert compiled3.turn_kernel() is not None
    tb = tables[name]
    stages: dict[str, int] = {}
    for stage, turn in _turns(tb):
        slow = _python(turn.unsolved(read_at_once=False), monkeypatch)
        fast = turn.unsolved()
        fast.solve()
        assert fast._rows is not None and slow._rows is not None
        assert fast._rows.tolist() == slow._rows.tolist()
        assert fast._throws == slow._throws
        assert fast._banks == slow._banks
        assert fast.start() == slow.start()
        if stages.get(stage, 0) % 25 == 0:
            _assert_throws_are_the_rows_sums(fast)
        stages[stage] = stages.get(stage, 0) + 1
    assert stages["normal"] == 3 * tb.ng ** 3 and stages["catch-up"] > 50
    assert stages["tie-break"] > 20
    assert ("mixing" in stages) == (name == "odd")
    assert tb.rules.corner_throw_mandatory == (name in ("trash", "odd"))


def _assert_throws_are_the_rows_sums(turn: turn3.Turn3) -> None:
    """Each throw kept with the turn is what the throw's sum over the solved rows gives
    at play time: the same choices, the same bits."""
    assert turn._rows is not None
    for t, n in itertools.product(range(1, turn.cap + 1), range(1, 7)):
        trash, groups = row_groups(turn.rules, n, False)
        assert turn._throw(t, n) == turn3._sum(groups, trash, turn._rows, 24 * t,
                                               turn.mover, turn.key)


@pytest.mark.parametrize("name", ["ten-thousand", "odd"])
def test_bank_vectors_read_at_once_are_the_tables_one_by_one(
        tables: dict[str, table3.Table3], name: str) -> None:
    """A normal turn's bank vectors read in strides (below the game point and in the last
    round's table) are those read one turn score at a time, up to past the table's edge."""
    tb = tables[name]
    edge = tb.shapes["c1"][1]
    for m, board in itertools.product(range(3), itertools.product(range(tb.ng), repeat=3)):
        turn = table3._make(tb, "normal", m, board, (), None)
        assert turn is not None and turn._banks_fn is not None
        count = turn.cap + turn.maxp + 1
        for n in (0, 1, count, edge + tb.ng + 3):
            one_by_one = [x for t in range(n) for x in turn._bank_fn(t)]
            assert tb.normal_banks(m, board, n) == one_by_one


@pytest.mark.parametrize("name", ["farkle", "odd"])
def test_a_turn_starts_at_the_tables_value(tables: dict[str, table3.Table3],
                                           name: str) -> None:
    """The reference turn is the solver's: at every normal turn start where the mover
    plays one policy, the turn's start is the table's chance of every seat (float32)."""
    tb = tables[name]
    for m, board in itertools.product(range(3), itertools.product(range(tb.ng), repeat=3)):
        turn = table3._make(tb, "normal", m, board, (), None)
        if turn is None or turn.mixes:
            continue
        got, want = turn.start(), tb.normal(m, board)
        assert max(abs(a - b) for a, b in zip(got, want, strict=True)) < 2e-6


def test_perfect_makes_the_same_moves_with_the_kernel_and_without(
        tables: dict[str, table3.Table3], monkeypatch: pytest.MonkeyPatch) -> None:
    """Seeded games of three Perfect seats (the odd game: some turns mix) give the same
    logs move for move with the compiled turn and with the Python one."""
    tb = tables["odd"]
    table3.register(tb)
    try:
        logs = []
        for kernel in (True, False):
            values._CACHE.clear()
            with monkeypatch.context() as m:
                if not kernel:
                    m.setattr(compiled3, "turn_kernel", lambda: None)
                logs.append([_game_log(tb.rules, seed) for seed in range(12)])
        assert logs[0] == logs[1]
    finally:
        table3._REGISTERED.pop(tb.rules, None)
        values._CACHE.clear()


def _game_log(rules: Rules, seed: int) -> list[str]:
    players = [levels.make_player("perfect", rules, seed=i, players=3) for i in range(3)]
    assert all(type(p).__name__ == "PerfectPlayer" for p in players)
    game = Game(rules, [Seat(f"P{i}", True, "perfect") for i in range(3)], seed=seed,
                first_seat=seed % 3)
    play_game(game, players)
    return [repr(event) for event in game.log]


def test_without_numba_a_turn_is_solved_in_python(monkeypatch: pytest.MonkeyPatch) -> None:
    """``TENTHOUSAND_SOLVER=numpy`` or no numba: no kernel, and a turn still solves."""
    try:
        compiled3.turn_kernel.cache_clear()
        monkeypatch.setenv("TENTHOUSAND_SOLVER", "numpy")
        assert compiled3.turn_kernel() is None
        compiled3.turn_kernel.cache_clear()
        monkeypatch.delenv("TENTHOUSAND_SOLVER")
        monkeypatch.setitem(sys.modules, "numba", None)  # import numba raises ImportError
        assert compiled3.turn_kernel() is None
        assert compiled3.solve_turn(PRESETS["farkle"], [0.5] * 30, 0, 0.3, 1, 1) is None
        turn = turn3.Turn3(PRESETS["farkle"], 0, lambda t: (0.5, 0.25, 0.25), (0.3, 0.3, 0.4),
                           1, 4, None)
        assert turn.start()[0] > 0.3
    finally:
        compiled3.turn_kernel.cache_clear()
    monkeypatch.delitem(sys.modules, "numba")
    assert compiled3.turn_kernel() is not None


def test_a_numba_that_computes_wrong_is_not_used(monkeypatch: pytest.MonkeyPatch,
                                                 caplog: pytest.LogCaptureFixture) -> None:
    import numba

    monkeypatch.setattr(numba, "njit", lambda **_: lambda func: lambda *args: None)
    try:
        compiled3.turn_kernel.cache_clear()
        with caplog.at_level("WARNING", logger="tenthousand.solver.compiled3"):
            assert compiled3.turn_kernel() is None
        assert "solved in Python" in caplog.text
    finally:
        monkeypatch.undo()
        compiled3.turn_kernel.cache_clear()


def test_numpy_and_numba_load_with_the_first_turn_solved(tmp_path: Path) -> None:
    """Reading a table and making a turn imports neither; solving it loads the kernel."""
    code = (
        "import sys\n"
        "from tenthousand.solver import table3, turn3\n"
        "from tenthousand.model.rules import PRESETS\n"
        "rules = PRESETS['farkle']\n"
        "turn = turn3.Turn3(rules, 0, lambda t: (0.5, 0.25, 0.25), (0.3, 0.3, 0.4), 1, 4,"
        " None)\n"
        "assert 'numpy' not in sys.modules and 'numba' not in sys.modules\n"
        "turn.solve()\n"
        "assert 'numba' in sys.modules\n")
    subprocess.run([sys.executable, "-c", code], check=True, timeout=120, cwd=tmp_path)


def test_a_three_seat_match_keeps_the_usual_cache(tables: dict[str, table3.Table3],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The simulator keeps many solved turns for two seats, not for three (they are seldom
    met twice, and 50 KB each): the cache limit is left alone."""
    from tenthousand.tools import sim

    tb = tables["farkle"]
    table3.register(tb)
    asked: list[int] = []
    monkeypatch.setattr(values, "set_cache_limit", asked.append)
    try:
        out = sim.run_games(tb.rules, ["perfect", "expert", "expert"], 4, seed=1)
    finally:
        table3._REGISTERED.pop(tb.rules, None)
    assert out["games"] == 4 and sum(out["wins"]) == 4
    assert asked == []


def test_the_turn_benchmark_times_both_forms_and_finds_them_equal(
        tables: dict[str, table3.Table3], capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from tenthousand.tools import benchmark

    tb = tables["ten-thousand"]
    table3.register(tb)
    try:
        assert benchmark.main(["turn3", "--rules", "ten-thousand", "--game-point", "300",
                               "--turns", "6", "--every", "2"]) == 0
    finally:
        table3._REGISTERED.pop(tb.rules, None)
    out = json.loads(capsys.readouterr().out)
    assert out["turns"] == 6 and out["compiled"] and out["same"]
    assert out["python_ms"] > out["compiled_ms"] > out["banks_ms"] > 0
