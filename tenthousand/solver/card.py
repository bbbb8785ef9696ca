"""What the rules workshop and the strategy card show, as plain data (no Tk).

* :func:`expected_turn_score`: the exact expected score of a turn under best play.
* :func:`trash_chance`: the chance that a throw of six dice scores nothing.
* :func:`banking_thresholds`: when to bank, by dice left, for the best expected score.
* :func:`board_thresholds`: in a two-player game with a solved table, the same thresholds
  for each pair of board scores (a heat map), for the best chance to win;
  :func:`three_seat_thresholds`: with three players, by the mover's board and the leading
  opponent's, for each place of the other opponent (:data:`THIRD_PLACES`).
* :func:`solve_first_player`: solve a rule set (with progress) and give the first player's
  win chance under perfect play; :func:`fair_handicap`: the second player's starting points
  that make the game even; :func:`fair_start3`: the second and third players' starting
  points that make a three-player game even.

It is the solver's (the win chances come from its tables, the solve from :mod:`.engine`);
the expected scores come from :mod:`tenthousand.ai.tables`, below it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..ai.tables import ExpectedTable, tables_for
from ..i18n import _
from ..model.rules import Rules

if TYPE_CHECKING:
    from .engine import Solution
    from .table import Table
    from .table3 import Table3
    from .turn3 import Turn3

#: The turn score is counted in steps of 50 points in the tables.
STEP = 50


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
    rules = table.rules
    step = STEP
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
    from .table import Position

    family, frame = table.variant.normal_start(seat, a, b)
    tv = table.turn(Position(family, frame))
    return _least_banks(tv.minimum, tv.cap, lambda t, n: tv.can_bank(t, _left(n))
                        and tv.bank(t) >= tv.throw(t, n))


def _left(dice: int) -> int:
    """The dice left after a freeze that leaves ``dice`` to throw (six: a corner, none)."""
    return 0 if dice == 6 else dice


def _least_banks(need: int, cap: int, banks: Callable[[int, int], bool]
                 ) -> tuple[int | None, ...]:
    """For 1 to 6 dice to throw, the least turn score (points) from ``need`` to ``cap``
    steps at which ``banks(steps, dice)``; None where it never does."""
    return tuple(next((t * STEP for t in range(max(need, 1), cap + 1) if banks(t, n)), None)
                 for n in range(1, 7))


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


# -- three players ----------------------------------------------------------------------

#: Where the other opponent stands on the three-player chart: at 0 and throwing after the
#: leader (the leader throws right after the mover), at 0 and throwing before the leader
#: (the leader throws last), or level with the leader (then the order does not matter).
THIRD_PLACES = ("after", "before", "level")


@dataclass(frozen=True)
class ThreeSeatThresholds:
    """Banking thresholds for the best chance to win with three players.

    ``grids[place][i][j][n - 1]`` is the lowest turn score to bank with ``n`` dice left
    when the mover has ``scores[i]``, the leading opponent ``scores[j]`` and the other
    opponent stands at ``place`` (one of :data:`THIRD_PLACES`); None: keep throwing.
    """

    rules: Rules
    scores: tuple[int, ...]
    grids: Mapping[str, tuple[tuple[tuple[int | None, ...], ...], ...]]


def third_boards(place: str, mine: int, leader: int) -> tuple[int, int, int]:
    """The three boards (the mover's first, then the next two to throw) of a cell of the
    three-player chart."""
    if place == "after":
        return (mine, leader, 0)
    if place == "before":
        return (mine, 0, leader)
    if place == "level":
        return (mine, leader, leader)
    raise ValueError(f"no such place of the third player: {place}")


def three_seat_thresholds(table: Table3, scores: Sequence[int],
                          places: Sequence[str] = THIRD_PLACES, *,
                          progress: Callable[[float], None] | None = None
                          ) -> ThreeSeatThresholds:
    """The three-player chart of the strategy card from a three-player table: for each of
    ``places``, a heat map by the mover's board (rows) and the leading opponent's
    (columns).  The mover is seat 0, the seat that moves first in a round; the others
    follow in seat order (the order of play, and of the tie-break rounds)."""
    done: dict[tuple[int, int, int], tuple[int | None, ...]] = {}
    grids: dict[str, tuple[tuple[tuple[int | None, ...], ...], ...]] = {}
    total, count = len(places) * len(scores) ** 2, 0
    for place in places:
        rows = []
        for mine in scores:
            row = []
            for leader in scores:
                boards = third_boards(place, mine // STEP, leader // STEP)
                if boards not in done:
                    done[boards] = thresholds3_at(table, boards)
                row.append(done[boards])
                count += 1
            rows.append(tuple(row))
            if progress is not None:
                progress(count / total)
        grids[place] = tuple(rows)
    return ThreeSeatThresholds(table.rules, tuple(scores), grids)


def mover_turn3(table: Table3, boards: tuple[int, int, int]) -> Turn3:
    """The turn of seat 0 at the normal turn start with ``boards`` (steps), as he plays
    it: where his equilibrium mixes two policies, the first (the card shows one)."""
    from . import table3

    turn = table3._make(table, "normal", 0, boards, (), None)
    if turn is None:
        raise ValueError(f"boards {boards} are off the three-player table")
    return turn.playing(True)


def thresholds3_at(table: Table3, boards: tuple[int, int, int]) -> tuple[int | None, ...]:
    """By dice to throw (1 to 6), the least turn score at which seat 0, to move with
    ``boards`` (steps), banks rather than throws on: where his chance after banking is at
    least that of throwing on, judged as he plays (the advisor's rule,
    :func:`.values.advice`)."""
    tv = mover_turn3(table, boards)

    def banks(t: int, n: int) -> bool:
        if not tv.can_bank(t, _left(n)):
            return False
        row = tv._throw(t, n)
        return tv.bank(t)[0] >= row[0] + row[3] * tv.key

    return _least_banks(tv.need, tv.cap, banks)


def fair_start3(table: Table3) -> tuple[int, int, tuple[float, float, float]]:
    """The starting points of the second and third to move that make a three-player game
    most even under perfect play, with the three chances then.

    The first mover is seat 0 starting at 0, the second seat 1 at ``s2``, the third seat
    2 at ``s3``: seat order is the order of play here, so the tie-break rounds go in it
    too.  The scan runs over every pair of multiples of 50 below the game point (a seat
    starting with points is on the board: it needs only the normal minimum, which is what
    a board above 0 means in the table).  "Most even" is the least largest distance of the
    three chances from 1/3; between pairs equally even, the smaller ``s2``, then the
    smaller ``s3``.  Returns ``(s2, s3, (first, second, third))`` in points.
    """
    best: tuple[float, int, int, tuple[float, float, float]] | None = None
    for s2 in range(table.ng):
        for s3 in range(table.ng):
            chances = table.normal(0, (0, s2, s3))
            gap = max(abs(c - 1.0 / 3.0) for c in chances)
            if best is None or gap < best[0]:
                best = (gap, s2, s3, chances)
    assert best is not None
    return best[1] * STEP, best[2] * STEP, best[3]
