"""The compiled turn programme (numba, the ``fast`` extra) against numpy's.

:mod:`tenthousand.solver.compiled` evaluates the same circuit of maxima as
``TurnSolver._rows``; these tests hold the two to the same values (to the last bits: the
sums of a throw's outcomes come in another order), the same proofs of banking, the same
tables, and check the way back to numpy.  The test extra installs numba, so in CI they run.
"""

from __future__ import annotations

import sys
import threading
import time
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("numba")

from tenthousand.model.rules import PRESETS  # noqa: E402
from tenthousand.solver import compiled, engine, turns  # noqa: E402


def _pair(key: str) -> tuple[turns.TurnSolver, turns.TurnSolver]:
    fast, slow = turns.TurnSolver(PRESETS[key]), turns.TurnSolver(PRESETS[key])
    assert fast.compiled is not None
    slow.compiled = None
    return fast, slow


def _problem(ts: turns.TurnSolver, cols: int, seed: int) -> tuple[Any, ...]:
    rng = np.random.default_rng(seed)
    cap = rng.integers(0, 90, cols)
    rows = int(cap.max()) + ts.maxp + 1
    t = np.arange(rows)[:, None]
    bank = np.minimum(1.0, rng.uniform(0.0, 0.4, cols) + rng.uniform(0.001, 0.02, cols) * t)
    bank[rng.random(bank.shape) < 0.05] *= 0.5  # some bank values fall
    return bank, rng.uniform(0.0, 0.5, cols), rng.integers(0, 12, cols), cap


@pytest.mark.parametrize("key", ["ten-thousand", "farkle", "trash-5000", "trash-15000"])
@pytest.mark.parametrize("cols", [1, 65, 300])
def test_compiled_rows_give_numpys_values_and_proofs(key: str, cols: int) -> None:
    """Random turn problems (caps from 0, minimums up to 12, bank values that sometimes
    fall): the same start values to 1e-14 and the same highest rows that may throw."""
    fast, slow = _pair(key)
    bank, trash, minimum, cap = _problem(fast, cols, cols)
    want_hi, got_hi = np.zeros(cols, int), np.zeros(cols, int)
    want = slow.solve(bank, trash, minimum, cap, throws_to=want_hi, margin=1e-3)
    got = fast.solve(bank, trash, minimum, cap, throws_to=got_hi, margin=1e-3)
    assert np.abs(got - want).max() < 1e-14
    assert np.array_equal(got_hi, want_hi)
    assert np.abs(fast.solve(bank, trash, minimum, cap) - want).max() < 1e-14
    assert fast.work == 2 * slow.work  # two solves of the same columns


def test_compiled_redo_of_the_low_rows_equals_numpys() -> None:
    """The redo of a few low rows from kept rows (a sweep's step) comes out the same."""
    fast, slow = _pair("ten-thousand")
    bank, trash, minimum, cap = _problem(fast, 150, 7)
    later = bank.copy()
    later[1:6] *= 0.9
    results = []
    for ts in (fast, slow):
        _, kept = ts.solve(bank, trash, minimum, cap, keep=6 + ts.maxp)
        results.append(ts.solve(later, trash, minimum, cap, top=5, q=kept))
    assert np.abs(results[0] - results[1]).max() < 1e-14


def test_compiled_tables_equal_numpys(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whole solves: the option-free game, challenging with the catch-up round, Rotary
    Club and pyramiding."""
    rules = PRESETS["ten-thousand"].with_options(game_point=1000)
    chal = PRESETS["trash-5000"].with_options("challenging", game_point=500)
    rotary = PRESETS["trash-5000"].with_options("rotary-club", game_point=500)
    pyramid = PRESETS["trash-5000"].with_options("pyramiding", game_point=300)

    def solves() -> tuple[Any, float, Any, Any]:
        return (engine.solve(rules).values, engine.solve(chal).first_player_win_probability,
                engine.solve(rotary).values, engine.solve(pyramid).values)

    fast = solves()
    monkeypatch.setattr(compiled, "kernel", lambda: None)
    assert turns.TurnSolver(rules).compiled is None
    slow = solves()
    assert np.nanmax(np.abs(fast[0] - slow[0])) < 1e-12
    assert abs(fast[1] - slow[1]) < 1e-12
    for i in (2, 3):
        assert np.array_equal(np.isnan(fast[i]), np.isnan(slow[i]))
        assert np.nanmax(np.abs(fast[i] - slow[i])) < 1e-12


@pytest.mark.parametrize("key", ["trash-5000", "ten-thousand", "farkle"])
@pytest.mark.parametrize("cols", [1, 64, 65, 300])
def test_compiled_stretches_give_numpys_values(key: str, cols: int) -> None:
    """Rotary Club's stretches (:func:`.compiled.pegging` and the first throws): random
    peg values, first throws and the six fresh dice after a corner, mixed per column or
    all of one kind, the same start values as numpy's layers to 1e-14."""
    from tenthousand.solver.turnmodels.pegging_solver import PeggingTurns
    rules = PRESETS[key].with_options("rotary-club")
    fast, slow = PeggingTurns(rules), PeggingTurns(rules)
    assert fast.compiled is not None
    slow.compiled = None
    rng = np.random.default_rng(cols)
    bank, trash = rng.random((fast.rows + 3, cols)), rng.random(cols)
    mixed = rng.random(cols) < 0.5
    for first in (None, mixed, np.zeros(cols, bool), np.ones(cols, bool)):
        got, want = fast.solve(bank, trash, first=first), slow.solve(bank, trash, first=first)
        assert got.shape == want.shape == (cols,)
        assert np.abs(got - want).max() < 1e-14
    assert fast.work == slow.work


@pytest.mark.parametrize("key", ["trash-5000", "ten-thousand"])
@pytest.mark.parametrize("cols", [1, 65, 300])
def test_compiled_pyramiding_gives_numpys_values(key: str, cols: int) -> None:
    """Pyramiding's stretches (:func:`.compiled.layer`): random turn problems as for the
    dice-left rows, the same start values as numpy's layers to 1e-14."""
    from tenthousand.solver.turnmodels.stretch_solver import StretchTurns
    rules = PRESETS[key].with_options("pyramiding")
    fast, slow = StretchTurns(rules), StretchTurns(rules)
    assert fast.compiled is not None
    slow.compiled = None
    rng = np.random.default_rng(cols)
    cap = rng.integers(0, 60, cols)
    t = np.arange(int(cap.max()) + fast.maxp + 2)[:, None]
    bank = np.minimum(1.0, rng.uniform(0.0, 0.4, cols) + rng.uniform(0.001, 0.02, cols) * t)
    bank[rng.random(bank.shape) < 0.05] *= 0.5
    trash, minimum = rng.uniform(0.0, 0.5, cols), rng.integers(0, 12, cols)
    got, want = fast.solve(bank, trash, minimum, cap), slow.solve(bank, trash, minimum, cap)
    assert np.abs(got - want).max() < 1e-14
    assert fast.work == slow.work


def test_numpy_solves_when_asked_or_without_numba(monkeypatch: pytest.MonkeyPatch) -> None:
    """``TENTHOUSAND_SOLVER=numpy`` and a missing numba each leave the solve to numpy."""
    try:
        compiled.kernel.cache_clear()
        monkeypatch.setenv("TENTHOUSAND_SOLVER", "numpy")
        assert compiled.kernel() is None and not compiled.available()
        compiled.kernel.cache_clear()
        monkeypatch.delenv("TENTHOUSAND_SOLVER")
        monkeypatch.setitem(sys.modules, "numba", None)  # import numba raises ImportError
        assert compiled.kernel() is None
        assert turns.TurnSolver(PRESETS["farkle"]).compiled is None
        compiled.kernel.cache_clear()
        monkeypatch.delitem(sys.modules, "numba")
        assert compiled.available()
    finally:
        compiled.kernel.cache_clear()


def test_a_numba_that_cannot_compile_leaves_the_solve_to_numpy(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    """A numba whose compiler fails, or whose code gives a wrong value on the check
    problem, is not used: the log says so and numpy solves (the solve never fails)."""
    import numba

    def broken(**_: Any) -> Any:
        raise RuntimeError("no LLVM here")

    def wrong(**_: Any) -> Any:
        return lambda func: (lambda *args: None)  # compiles, computes nothing

    try:
        for fake in (broken, wrong):
            compiled.kernel.cache_clear()
            monkeypatch.setattr(numba, "njit", fake)
            with caplog.at_level("WARNING", logger="tenthousand.solver.compiled"):
                assert compiled.kernel() is None
            assert "the solver uses numpy" in caplog.text
            caplog.clear()
        assert turns.TurnSolver(PRESETS["farkle"]).compiled is None
    finally:
        monkeypatch.undo()
        compiled.kernel.cache_clear()
    assert compiled.available()


def test_a_compiled_solve_lets_the_window_thread_run() -> None:
    """The kernel releases the interpreter's lock: while a long solve runs in a worker
    thread, this thread's 1 ms sleeps come back in far less than the solve takes."""
    ts = turns.TurnSolver(PRESETS["trash-5000"])
    rng = np.random.default_rng(1)
    cols = 6000
    cap = rng.integers(150, 251, cols)
    bank = np.sort(rng.random((int(cap.max()) + ts.maxp + 1, cols)), axis=0)
    args = (bank, rng.random(cols) * 0.4, np.full(cols, 3), cap)
    ts.solve(*args)  # compiled (from the cache) before the measured run
    spent: list[float] = []

    def work() -> None:
        started = time.perf_counter()
        ts.solve(*args)
        spent.append(time.perf_counter() - started)

    worker = threading.Thread(target=work)
    worker.start()
    longest, last = 0.0, time.perf_counter()
    while worker.is_alive():
        time.sleep(0.001)
        now = time.perf_counter()
        longest, last = max(longest, now - last), now
    worker.join()
    assert spent[0] > 0.1
    assert longest < spent[0] / 4, (longest, spent)
