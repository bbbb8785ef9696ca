"""The one engine gives the tables the solver before it gave (issue 39: the shipped tables'
bytes may change with the format, their values may not).

The old tables (format 1) are kept in ``tests/fixtures``: at a game point of 1,000 for the
five presets (checked on every run, a second for all five), and the five shipped tables
of commit aa5b132 (``fixtures/solver``), against which the shipped tables in the new format
are checked on every run (no solve) and solved again with ``--long`` (minutes).  Every
value: the turn starts of the normal game, the catch-up chances by deficit, the tie-break
rounds.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from old_tables import OldTable, read

from tenthousand.model.rules import PRESETS, Rules

np = pytest.importorskip("numpy")

from tenthousand.solver import engine, table  # noqa: E402 - needs numpy

FIXTURES = Path(__file__).parent / "fixtures"
#: float32 storage: one unit in the last place near 1 (a value computed in a different
#: order may round the other way).
ULP = 2 ** -23


def _same(values: np.ndarray, variant: object, old: OldTable) -> None:  # type: ignore[type-arg]
    """Every value of the old table, read where the new table keeps it."""
    v = variant
    normal = v.family("normal")  # type: ignore[attr-defined]
    seat, a, b = np.meshgrid(np.arange(2), np.arange(old.ng), np.arange(old.ng),
                             indexing="ij")
    mine = values[normal.index({"seat": seat, "board0": a, "board1": b})]
    assert np.max(np.abs(mine - old.win)) <= ULP
    # the chaser's chance, on the board (class 2) or not (class 1), in seat 0 or not
    chase = v.family("catch-up")  # type: ignore[attr-defined]
    d = np.arange(1, old.dmax)
    for on_board in (0, 1):
        for seat0 in (0, 1):
            mine = values[chase.index({"seat": np.full(len(d), 1 - seat0),
                                       "board0": np.full(len(d), on_board),
                                       "board1": on_board + d})]
            assert np.max(np.abs(mine - old.catch_up[on_board, seat0, 1:])) <= ULP
    first = v.family("far-first")  # type: ignore[attr-defined]
    assert abs(float(values[first.offset]) - old.tie_first) <= 1e-7
    second = v.family("far-second")  # type: ignore[attr-defined]
    x = np.arange(old.dmax)
    mine = values[second.index({"board0": np.zeros(len(x), int), "board1": x})]
    assert np.max(np.abs(mine - old.tie_second)) <= ULP


def _solved(rules: Rules) -> tuple[np.ndarray, object]:  # type: ignore[type-arg]
    sol = engine.solve(rules)
    return sol.values.astype(np.float32), sol.variant


@pytest.mark.parametrize("key", list(PRESETS))
def test_the_engine_gives_the_kept_tables_at_a_small_game_point(key: str) -> None:
    old = read(FIXTURES / f"table-{key}-1000.bin")
    _same(*_solved(PRESETS[key].with_options(game_point=1000)), old)


@pytest.mark.parametrize("key", list(PRESETS))
def test_the_shipped_tables_hold_the_values_of_the_old_ones(key: str) -> None:
    shipped = table.load(PRESETS[key])
    assert shipped is not None
    old = read(FIXTURES / "solver" / f"shipped-{key}-aa5b132.bin")
    _same(np.array(shipped.values), shipped.variant, old)


@pytest.mark.slow
@pytest.mark.skipif("not config.getoption('--long')", reason="minutes long; run with --long")
@pytest.mark.parametrize("key", list(PRESETS))
def test_the_engine_solves_the_shipped_tables_again(key: str) -> None:
    old = read(FIXTURES / "solver" / f"shipped-{key}-aa5b132.bin")
    _same(*_solved(PRESETS[key]), old)
