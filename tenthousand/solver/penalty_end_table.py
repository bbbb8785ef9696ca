"""Tables of perfect play with the trash penalty and a catch-up round, and the turns played
from them (pure Python).

The solve is :mod:`.penalty_end` (numpy).  The table holds, as float32, the mover's chance
at every normal turn start ``(seat, a, b, ka, kb)`` (scores from the lowest score up, the
runs of trash of both), the chaser's chance ``c(on board, seat 0, d)`` in the catch-up turn
(as core's table), the tie-break second's ``second(x)`` after the first added ``x``, and
for each run ``k`` of the tie-break rounds the first's chance ``tie_at(k)`` and the second's
after the first's trash ``tie_trash_at(k)`` (see :mod:`.penalty_end`).
:func:`tenthousand.solver.values.turn_values` hands its positions to :func:`turn_values`
here, in every stage of the game.
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ..i18n import _
from ..model.rules import Rules
from . import table_file as tables
from .turn import TurnValues, _cached

if TYPE_CHECKING:
    from ..model.game import Game

MAGIC = b"TTPENALTYEND1\n"
STEP = 50
SOLVER = "penalty_end"  # the module that solves these tables (numpy)


def unsupported(rules: Rules) -> str | None:
    """Why the solver of the trash penalty with a catch-up round cannot solve these rules
    (a phrase), or None."""
    others = [o for o in rules.options if o != "three-trash"]
    if others:
        return tables.options_refused(others)
    if not rules.three_trash:
        return _("these rules have no trash penalty")
    if not rules.catch_up:
        return _("these rules have no catch-up round")
    if rules.score_floor is None:
        return _("the trash penalty is solved only with a lowest score")
    return zero_tie_refusal(rules)


def zero_tie_refusal(rules: Rules) -> str | None:
    """Why a solve that keeps tied players on the board cannot be trusted here, or None."""
    if zero_tie_bound(rules) > ZERO_TIE_LIMIT:
        return _("the trash penalty could soon send two tied players back to 0, off the "
                 "board, where a tie-break round needs the opening minimum")
    return None


#: The most a value may be off because the solve keeps tied players on the board: the
#: solve's own tolerance.
ZERO_TIE_LIMIT = 1e-9


def second_fails(rules: Rules) -> float:
    """The chance that the second of a tie-break round, on the board, fails to bank after
    the first's trash (any bank wins, so he banks as soon as the minimum allows)."""
    return _second_fails(rules)


@lru_cache(maxsize=32)
def _second_fails(rules: Rules) -> float:
    m = max(rules.minimum // STEP, 1)
    cap = max(rules.game_point // STEP + 40, m)  # the last turns' cap of the solve
    reach = TurnValues(rules, lambda t: 1.0 if t >= m else 0.0, 0.0, m, cap).start()
    return max(0.0, 1.0 - reach)


def zero_tie_bound(rules: Rules) -> float:
    """How far any value can be off because the solve keeps tied players on the board.

    A tie starts at the game point or above with both runs at 0 and goes on only while
    both trash; the penalty lowers both alike, and they are back at 0 (off the board, the
    opening minimum again: D-15) only after ``trash_run * ceil(game point / penalty)``
    such rounds at the least, each with the second's failure to bank (after the first's
    trash any bank of his wins).  Its chance bounds the error; 0 when the minimums are the
    same or the penalty is 0.
    """
    if (max(rules.opening_minimum, STEP) == max(rules.minimum, STEP)
            or rules.trash_penalty <= 0):
        return 0.0
    rounds = rules.trash_run * -(-max(rules.game_point, 1) // rules.trash_penalty)
    return float(second_fails(rules) ** rounds)


@dataclass(frozen=True)
class PenaltyEndTable(tables.Table):
    """The values of :class:`~.penalty_end.PenaltyEndSolution`, read without numpy."""

    lo: int = 0  # the lowest score, in steps
    run: int = 3  # trash turns in a row that cost the penalty
    tie: array[float] = field(default_factory=lambda: array("f"))
    tie_trash: array[float] = field(default_factory=lambda: array("f"))

    @property
    def size(self) -> int:
        """Scores per player: lo .. ng - 1."""
        return self.ng - self.lo

    def wr(self, seat: int, a: int, b: int, ka: int = 0, kb: int = 0) -> float:
        """The mover's chance in ``seat`` at ``a`` against ``b`` with these runs of trash."""
        n, r = self.size, self.run
        return float(self.win[((((seat * n) + a - self.lo) * n + b - self.lo) * r + ka) * r
                              + kb])

    def w(self, seat: int, a: int, b: int) -> float:
        """As :meth:`Table.w`, with no trash behind either player."""
        return self.wr(seat, a, b)

    def tie_at(self, k: int) -> float:
        """The first of a tie-break round's chance, both runs of trash at ``k``."""
        return float(self.tie[k])

    def tie_trash_at(self, k: int) -> float:
        """The second's chance after the first's trash in a round at runs ``k``."""
        return float(self.tie_trash[k])


def pack(solution: Any) -> bytes:
    """The bytes of a table file for a :class:`~.penalty_end.PenaltyEndSolution`."""
    import numpy as np

    rules: Rules = solution.rules
    chase = solution.chase[:, :, :-1]  # the row of zeros after the last deficit is implied
    header = {
        "format": tables.FORMAT, "rules": rules.to_dict(), "ng": rules.game_point // STEP,
        "extra": solution.extra, "lo": solution.lo, "run": rules.trash_run,
        "dmax": chase.shape[2],
        "figures": {"first_player_win_probability": solution.first_player_win_probability,
                    "states": solution.states, "iterations": solution.iterations,
                    "sweeps": solution.sweeps, "seconds": round(solution.seconds, 1)},
    }
    body = np.concatenate([solution.win.ravel(), chase.ravel(), solution.tie_second,
                           solution.tie, solution.tie_trash])
    return tables.write_file(MAGIC, header, body.astype("<f4").tobytes())


def _size(header: dict[str, Any]) -> int:
    ng, lo = tables._whole(header, "ng"), tables._whole(header, "lo", low=-tables.MAX_VALUES)
    run, dmax = tables._whole(header, "run"), tables._whole(header, "dmax")
    if ng - lo <= 0 or lo > 0 or run < 2 or dmax <= 0:
        return -1
    return 2 * ((ng - lo) * run) ** 2 + 5 * dmax + 2 * run


def unpack(data: bytes) -> PenaltyEndTable:
    """Read a table file of :func:`pack`; ValueError when it is not one."""
    header, body = tables.read_file(
        data, MAGIC, "a perfect-play table with the trash penalty", count=_size)
    ng, extra = tables._whole(header, "ng"), tables._whole(header, "extra")
    lo, run = tables._whole(header, "lo", low=-tables.MAX_VALUES), tables._whole(header, "run")
    dmax = tables._whole(header, "dmax")
    n = 2 * ((ng - lo) * run) ** 2
    rest = n + 4 * dmax + dmax
    return PenaltyEndTable(
        rules=tables._rules(header), ng=ng, extra=extra, dmax=dmax,
        tie_first=float(body[rest]), win=body[:n], catch_up=body[n:n + 4 * dmax],
        tie_second=body[n + 4 * dmax:rest], figures=tables._figures(header), lo=lo, run=run,
        tie=body[rest:rest + run], tie_trash=body[rest + run:])


def turn_values(game: Game, table: PenaltyEndTable) -> TurnValues | None:
    """The turn problem of the player to move, in any stage (None: off the table's grid)."""
    if len(game.seats) != 2:
        return None
    cur, other = game.current, 1 - game.current
    mine, theirs = game.board[cur], game.board[other]
    if mine % STEP or theirs % STEP:
        return None
    runs = (game.trash_streak[cur], game.trash_streak[other])
    if not all(0 <= k < table.run for k in runs):
        return None
    minimum = game.rules.minimum_for(mine) // STEP
    if game.stage == "normal":
        return _normal(game, table, mine // STEP, theirs // STEP, runs, minimum)
    end_cap = max(table.ng + table.extra, max(minimum, 1))
    if game.stage == "catch-up":
        return _chase(game, table, (theirs - mine) // STEP, runs[1], minimum, end_cap)
    if game.queue:  # the first of a tie-break round (seat 0), tied, both runs alike
        if mine != theirs or runs[0] != runs[1]:
            return None
        k = runs[0]
        key: tuple[object, ...] = ("penalty-tie-first", game.rules, k, minimum)
        return _cached(key, lambda: TurnValues(game.rules, lambda x: 1.0 - table.second(x),
                                               1.0 - table.tie_trash_at(k), minimum, end_cap))
    return _tie_second(game, table, runs, minimum, end_cap)


def _normal(game: Game, table: PenaltyEndTable, a: int, b: int, runs: tuple[int, int],
            minimum: int) -> TurnValues | None:
    """A turn of the normal game from the table."""
    ng, lo, run = table.ng, table.lo, table.run
    if not (lo <= a < ng and lo <= b < ng):
        return None
    rules, cur = game.rules, game.current
    other = 1 - cur
    ka, kb = runs

    def bank(t: int) -> float:
        reach = a + t
        if reach < ng:
            return 1.0 - table.wr(other, b, reach, kb, 0)
        return 1.0 - table.c(b != 0, other == 0, reach - b)  # the opponent's catch-up turn

    if ka + 1 < run:
        trash = 1.0 - table.wr(other, b, a, kb, ka + 1)
    else:
        trash = 1.0 - table.wr(other, b, max(a - rules.trash_penalty // STEP, lo), kb, 0)
    cap = max(ng - a, max(minimum, 1)) + table.extra
    key: tuple[object, ...] = ("penalty-end", rules, cur, a, b, ka, kb)
    return _cached(key, lambda: TurnValues(rules, bank, trash, minimum, cap))


def _chase(game: Game, table: PenaltyEndTable, d: int, finisher_run: int, minimum: int,
           end_cap: int) -> TurnValues | None:
    """The catch-up turn: more than ``d`` wins, ``d`` ties (a tie-break round at runs 0),
    trash loses whatever his run (his penalty lowers only his final score)."""
    if game.reacher != 1 - game.current or d <= 0 or finisher_run != 0:
        return None  # the finisher has just banked: his run is 0
    tie = table.tie_at(0) if game.current == 0 else 1.0 - table.tie_at(0)  # seat 0 opens

    def bank(t: int) -> float:
        return 1.0 if t > d else (tie if t == d else 0.0)

    key: tuple[object, ...] = ("penalty-chase", game.rules, game.current, d, minimum)
    return _cached(key, lambda: TurnValues(game.rules, bank, 0.0, minimum, end_cap))


def _tie_second(game: Game, table: PenaltyEndTable, runs: tuple[int, int], minimum: int,
                end_cap: int) -> TurnValues | None:
    """The second of a tie-break round, ``lead`` behind the first (what the first added;
    0 or less after his trash)."""
    rules, cur = game.rules, game.current
    mine, theirs = game.board[cur], game.board[1 - cur]
    own, first = runs
    lead = (theirs - mine) // STEP

    def ends(score: int, run_after: int) -> float | None:
        """The second's chance once the round ends with his board at ``score``."""
        if score != theirs:
            return 1.0 if score > theirs else 0.0
        if run_after != first:  # a new round needs both runs alike
            return None
        return 1.0 - table.tie_at(first)

    if lead > 0:  # the first banked
        if first != 0:
            return None
        tie = 1.0 - table.tie_at(0)

        def bank(t: int) -> float:
            return 1.0 if t > lead else (tie if t == lead else 0.0)
    else:
        def bank(t: int) -> float:
            return 1.0  # any bank beats a first who trashed

    if own + 1 < table.run:
        trash = ends(mine, own + 1)
    else:
        floor = table.lo * STEP
        trash = ends(max(mine - rules.trash_penalty, floor), 0)
    if trash is None:
        return None
    key: tuple[object, ...] = ("penalty-tie-second", rules, lead, own, first, trash, minimum)
    return _cached(key, lambda: TurnValues(rules, bank, trash, minimum, end_cap))
