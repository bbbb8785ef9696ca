"""Three-player turns solved again from the rows a new trash value can change
(:class:`tenthousand.solver.columns3.Memo`): the same numbers, bit for bit, as solving the
whole turn again, for less work."""

from __future__ import annotations

from typing import Any

import pytest

from tenthousand.model.rules import PRESETS

np = pytest.importorskip("numpy")
pytest.importorskip("numba")

from tenthousand.solver import columns3  # noqa: E402

RULES = {
    "trash": PRESETS["trash-5000"].with_options(game_point=1500),
    "ten-thousand": PRESETS["ten-thousand"].with_options(game_point=1500),
}


def _columns(turns: columns3.Turns3, rng: Any, cols: int = 300) -> tuple[Any, Any, Any]:
    """Turn starts with bank vectors that grow for the mover as he banks more (as in a
    game), random otherwise: bank rows, minimum turn scores and caps."""
    cap = rng.integers(1, 40, cols)
    rows = int(cap.max()) + turns.maxp + 1
    step = rng.dirichlet(np.ones(3), size=(cols, rows)) * rng.uniform(0, 0.05, (cols, rows, 1))
    mover = np.cumsum(step[:, :, 0], axis=1) + rng.uniform(0.05, 0.3, (cols, 1))
    rest = rng.uniform(0.3, 0.7, (cols, rows)) * (1 - mover)
    bank = np.stack([mover, rest, 1 - mover - rest], axis=-1).clip(0, 1)
    bank[:, 0] = 0.0
    need = rng.integers(1, 10, cols)
    return bank, need, cap


@pytest.mark.parametrize("name", sorted(RULES))
def test_a_solve_again_from_the_memo_is_a_whole_solve_bit_for_bit(name: str) -> None:
    turns = columns3.Turns3(RULES[name])
    rng = np.random.default_rng(11)
    bank, need, cap = _columns(turns, rng)
    cols = len(cap)
    w0 = rng.uniform(0.1, 0.5, cols)
    memo = columns3.Memo(cols, int(cap.max()))
    at = np.arange(cols)
    first_slack = np.empty(cols)
    a0, p0 = turns.solve(bank, w0, need, cap, first_slack, memo, at)
    whole_slack = np.empty(cols)
    b0, q0 = turns.solve(bank, w0, need, cap, whole_slack)
    assert a0.tobytes() == b0.tobytes() and p0.tobytes() == q0.tobytes()
    assert first_slack.tobytes() == whole_slack.tobytes()
    starts = []
    for scale in (1e-7, 1e-5, 1e-3, 3e-2, 0.3):
        w = (w0 + rng.normal(0, scale, cols)).clip(0, 1)
        whole = np.empty(cols)
        before = turns.work
        a, p = turns.solve(bank, w, need, cap, whole)
        whole_work = turns.work - before
        again = np.empty(cols)
        before = turns.work
        a2, p2 = turns.solve(bank, w, need, cap, again, memo, at)
        assert a2.tobytes() == a.tobytes() and p2.tobytes() == p.tobytes(), scale
        # the slack it reports is never more than the whole solve's, but for rounding
        # (it may be less: rows it did not solve again count from the memo's trash value)
        assert (again <= whole * (1 + 1e-9) + 1e-15).all()
        assert (again > 0).mean() > 0.5 or scale > 1e-3
        starts.append((turns.work - before) / whole_work)
    assert starts == sorted(starts)  # a larger move, more rows solved again
    assert starts[0] < 0.2 and starts[-1] > 0.5


def test_a_part_of_the_memos_columns_is_solved_again_alone() -> None:
    turns = columns3.Turns3(RULES["trash"])
    rng = np.random.default_rng(3)
    bank, need, cap = _columns(turns, rng, cols=200)
    w0 = rng.uniform(0.1, 0.5, len(cap))
    memo = columns3.Memo(len(cap), int(cap.max()))
    turns.solve(bank, w0, need, cap, None, memo, np.arange(len(cap)))
    some = rng.choice(len(cap), 70, replace=False)
    w = w0[some] + rng.normal(0, 1e-3, len(some))
    a, p = turns.solve(bank[some], w, need[some], cap[some])
    a2, p2 = turns.solve(bank[some], w, need[some], cap[some], None, memo, some)
    assert a2.tobytes() == a.tobytes() and p2.tobytes() == p.tobytes()


def test_a_memo_refuses_columns_half_seen() -> None:
    turns = columns3.Turns3(RULES["trash"])
    rng = np.random.default_rng(4)
    bank, need, cap = _columns(turns, rng, cols=10)
    memo = columns3.Memo(10, int(cap.max()))
    turns.solve(bank[:5], np.full(5, 0.3), need[:5], cap[:5], None, memo, np.arange(5))
    with pytest.raises(ValueError, match="all together"):
        turns.solve(bank, np.full(10, 0.3), need, cap, None, memo, np.arange(10))


def test_the_memo_starts_again_above_the_highest_row_a_move_can_turn() -> None:
    memo = columns3.Memo(3, 5)
    memo.w[:] = 0.5
    memo.slack[:] = np.inf
    memo.slack[0, 1:6] = [1.0, 1.0, 1e-3, 1.0, 1.0]  # row 3 turns at a move of 5e-4
    memo.slack[1, 1:6] = [1e-4, 1.0, 1.0, 1.0, 2e-3]  # rows 1 and 5
    memo.slack[2, 1:3] = [1.0, 1.0]  # a cap of 2: nothing turns
    start, left = memo.start(np.arange(3), np.full(3, 0.5 + 6e-4))
    assert start.tolist() == [3, 1, 0]  # a move of 6e-4 keeps row 5 (within half 2e-3)
    assert left[0] == pytest.approx(1.0 - 6e-4)
    assert left[1] == pytest.approx(2e-3 - 6e-4)
    assert left[2] == pytest.approx(1.0 - 6e-4)
    start, _ = memo.start(np.arange(3), np.full(3, 0.5 + 1e-5))
    assert start.tolist() == [0, 0, 0]
    start, left = memo.start(np.arange(3), np.full(3, 0.5 - 1.5e-3))
    assert start.tolist() == [3, 5, 0]
    assert left[1] == np.inf  # nothing above row 5
    assert columns3.Memo.nbytes(3, 5) == 3 * 6 * 19 * 8 + 24


def test_a_memo_takes_a_spare_memos_memory_where_it_is_large_enough() -> None:
    """(Fresh memory is faulted in page by page: a thread's blocks reuse their memo's.)"""
    a = columns3.Memo(10, 20)
    b = columns3.Memo(5, 20, a)
    assert np.shares_memory(a.values, b.values) and b.values.flags.c_contiguous
    assert b.values.shape == (5, 21 * 6, 3) and b.slack.shape == (5, 21)
    assert np.isnan(b.w).all()
    c = columns3.Memo(20, 20, b)
    assert not np.shares_memory(c.values, a.values)
