"""What the rules workshop and the strategy card show, as plain data (no Tk).

* :func:`expected_turn_score`: the exact expected score of a turn under best play.
* :func:`trash_chance`: the chance that a throw of six dice scores nothing.
* :func:`banking_thresholds`: when to bank, by dice left, for the best expected score.
* :func:`board_thresholds`: in a two-player game with a solved table, the same thresholds
  for each pair of board scores (a heat map), for the best chance to win.
* :func:`solve_first_player`: solve a rule set (with progress) and give the first player's
  win chance under perfect play; :func:`fair_handicap`: the second player's starting points
  that make the game even.

It is the solver's (the win chances come from its tables, the solve from :mod:`.engine`);
the expected scores come from :mod:`tenthousand.ai.tables`, below it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..ai.tables import ExpectedTable, tables_for
from ..i18n import _
from ..model.rules import Rules

if TYPE_CHECKING:
    from .engine import Solution
    from .table import Table


def expected_turn_score(rules: Rules, *, on_board: bool = False) -> float:
    """The exact expected score of one turn played for the most points on average."""
    if rules.rotary_club:
        return tables_for(rules).rotary_table(1).start
    need = rules.minimum if on_board else rules.opening_minimum
    return tables_for(rules).expected_table(need, 0.0).start


def trash_chance(rules: Rules, dice: int = 6, *, first_throw: bool = True) -> float:
    """The chance that a throw of ``dice`` dice scores nothing (trash)."""
    from . import dice as throws

    return float(throws.throws(rules, dice, first_throw).trash)


@dataclass(frozen=True)
class Thresholds:
    """Bank from ``bank_from[n]`` points on with ``n`` dice left to throw (n = 1..6; 6 is
    the corner); None: never bank there (throwing on is always better)."""

    rules: Rules
    on_board: bool
    bank_from: dict[int, int | None]


def banking_thresholds(rules: Rules, *, on_board: bool = True) -> Thresholds:
    """The lowest turn score at which banking gives the best expected score, by dice left.

    Raises ValueError for rules whose turn is not a bank-or-throw choice (Rotary Club) or
    depends on more than the turn score and dice left (pyramiding).
    """
    if rules.rotary_club or rules.pyramiding:
        raise ValueError(_("The strategy card needs rules where a turn ends by banking, "
                           "without pyramiding."))
    need = rules.minimum if on_board else rules.opening_minimum
    table = tables_for(rules).expected_table(need, 0.0)
    assert isinstance(table, ExpectedTable)
    found: dict[int, int | None] = {}
    for n in range(1, 7):
        left = 0 if n == 6 else n  # six dice to throw after a corner
        found[n] = None
        if n == 6 and rules.corner_throw_mandatory:
            continue
        for i in range(max(table.need, 1), table.top + 1):
            if i * table.unit >= table.throw_value(i * table.unit, n) and \
                    table.after(i * table.unit, left) <= i * table.unit:
                found[n] = i * table.unit
                break
    return Thresholds(rules, on_board, found)


@dataclass(frozen=True)
class BoardThresholds:
    """Banking thresholds for the best chance to win, by the two board scores.

    ``grid[i][j][n - 1]`` is the lowest turn score to bank with ``n`` dice left when the
    player has ``scores[i]`` and the opponent ``scores[j]`` (None: keep throwing).
    """

    rules: Rules
    scores: tuple[int, ...]
    grid: tuple[tuple[tuple[int | None, ...], ...], ...]


def board_thresholds(table: Table, scores: Sequence[int], *, seat: int = 0,
                     progress: Callable[[float], None] | None = None) -> BoardThresholds:
    """The heat map of the strategy card from a solved two-player table."""
    from . import values

    rules = table.rules
    step = values.STEP
    rows: list[tuple[tuple[int | None, ...], ...]] = []
    for i, mine in enumerate(scores):
        row = []
        for theirs in scores:
            row.append(_thresholds_at(table, rules, mine // step, theirs // step, seat))
        rows.append(tuple(row))
        if progress is not None:
            progress((i + 1) / len(scores))
    return BoardThresholds(rules, tuple(scores), tuple(rows))


def _thresholds_at(table: Table, rules: Rules, a: int, b: int, seat: int
                   ) -> tuple[int | None, ...]:
    from . import values
    from .table import Position

    family, frame = table.variant.normal_start(seat, a, b)
    tv = table.turn(Position(family, frame))
    out: list[int | None] = []
    for n in range(1, 7):
        left = 0 if n == 6 else n
        found = None
        for t in range(max(tv.minimum, 1), tv.cap + 1):
            if tv.can_bank(t, left) and tv.bank(t) >= tv.throw(t, n):
                found = t * values.STEP
                break
        out.append(found)
    return tuple(out)


def solve_first_player(rules: Rules, progress: Callable[[float], None] | None = None
                       ) -> Solution:
    """Solve two-player perfect play (needs numpy; seconds to a minute). The solution's
    ``first_player_win_probability`` is the first player's chance."""
    from . import engine

    return engine.solve(rules, progress=progress if progress is not None else False)


def fair_handicap(table: Table | Solution) -> tuple[int, float]:
    """The second player's starting points that make the game most even under perfect
    play, with the first player's chance then.  The second player starting with points is
    on the board at once."""
    from .table import Table as TableType

    variant = table.variant

    def value(seat: int, h: int) -> float:
        family, frame = variant.normal_start(seat, 0, h)
        index = family.index(frame)
        if isinstance(table, TableType):
            return table.at(index) or 0.0
        return float(table.values[index])

    def first_chance(h: int) -> float:
        return (value(0, h) + value(1, h)) / 2

    best = min(range(variant.bounds.ng), key=lambda h: abs(first_chance(h) - 0.5))
    return best * 50, first_chance(best)
