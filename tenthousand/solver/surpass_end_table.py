"""Tables of perfect play with surpassing and a catch-up round, and the turns played from
them (pure Python).

The solve is :mod:`.surpass_end` (numpy).  The table holds, as float32, the mover's chance
at every normal turn start ``(seat, a, b, s)`` (``s``: what the opponent's last turn added,
the score to beat, D-14), the chaser's chance ``chase(on board, seat 0, d, s)`` in the
catch-up turn, and the tie-break values ``tie_first(s)`` and ``tie_second(x)`` (see
:mod:`.surpass_end`).  :func:`tenthousand.solver.values.turn_values` hands its positions to
:func:`turn_values` here, in every stage of the game.
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..i18n import _
from ..model.rules import Rules
from . import table_file as tables
from .turn import TurnValues, _cached

if TYPE_CHECKING:
    from ..model.game import Game

MAGIC = b"TTSURPASSEND1\n"
STEP = 50
SOLVER = "surpass_end"  # the module that solves these tables (numpy)


def unsupported(rules: Rules) -> str | None:
    """Why the solver of surpassing with a catch-up round cannot solve these rules, or None."""
    others = [o for o in rules.options if o != "surpassing"]
    if others:
        return tables.options_refused(others)
    if not rules.surpassing:
        return _("these rules have no surpassing")
    if not rules.catch_up:
        return _("these rules have no catch-up round")
    return None


@dataclass(frozen=True)
class SurpassEndTable(tables.Table):
    """The values of :class:`~.surpass_end.SurpassEndSolution`, read without numpy."""

    d_rows: int = 0  # deficits of a catch-up row (0 beyond)
    s_rows: int = 0  # scores to beat of a catch-up row
    chase: array[float] = field(default_factory=lambda: array("f"))
    first: array[float] = field(default_factory=lambda: array("f"))  # tie_first(s)
    rest: array[float] = field(default_factory=lambda: array("f"))  # tie_second(x)

    def wss(self, seat: int, a: int, b: int, s: int = 0) -> float:
        """The mover's chance at a normal turn start, to beat ``s``."""
        return float(self.win[((seat * self.ng + a) * self.ng + b) * self.ng + s])

    def w(self, seat: int, a: int, b: int) -> float:
        return self.wss(seat, a, b)

    def cs(self, on_board: bool, seat0: bool, d: int, s: int) -> float:
        """The chaser's chance ``d`` behind, to beat ``s`` (0 beyond the row)."""
        if d >= self.d_rows:
            return 0.0
        return float(self.chase[((int(on_board) * 2 + int(seat0)) * self.d_rows + d)
                                * self.s_rows + min(s, self.s_rows - 1)])

    def tie_open(self, s: int) -> float:
        """The first of a tie-break round's chance, to beat ``s``."""
        return float(self.first[s]) if s < self.d_rows else 0.0

    def tie_after(self, x: int) -> float:
        """The second of a tie-break round's chance after the first added ``x``."""
        return float(self.rest[x]) if x < len(self.rest) else 0.0


def pack(solution: Any) -> bytes:
    """The bytes of a table file for a :class:`~.surpass_end.SurpassEndSolution`."""
    import numpy as np

    rules: Rules = solution.rules
    chase = solution.chase[:, :, :-1]  # the row of zeros after the last deficit is implied
    header = {
        "format": tables.FORMAT, "rules": rules.to_dict(), "ng": rules.game_point // STEP,
        "extra": solution.extra, "d_rows": chase.shape[2], "s_rows": chase.shape[3],
        "x_rows": len(solution.tie_second),
        "figures": {"first_player_win_probability": solution.first_player_win_probability,
                    "states": solution.states, "iterations": solution.iterations,
                    "seconds": round(solution.seconds, 1)},
    }
    # positions with s > b cannot occur (NaN in the solution): stored as 0
    body = np.concatenate([np.nan_to_num(solution.win).ravel(), chase.ravel(),
                           solution.tie_first, solution.tie_second])
    return tables.write_file(MAGIC, header, body.astype("<f4").tobytes())


def _size(header: dict[str, Any]) -> int:
    ng, d, s, x = (int(header[k]) for k in ("ng", "d_rows", "s_rows", "x_rows"))
    if min(ng, d, s, x) <= 0:
        return -1
    return 2 * ng ** 3 + 4 * d * s + d + x


def unpack(data: bytes) -> SurpassEndTable:
    """Read a table file of :func:`pack`; ValueError when it is not one."""
    header, body = tables.read_file(data, MAGIC, "a perfect-play table with surpassing",
                                    count=_size)
    ng, extra = tables._whole(header, "ng"), tables._whole(header, "extra")
    d, s = tables._whole(header, "d_rows"), tables._whole(header, "s_rows")
    n, c = 2 * ng ** 3, 4 * d * s
    return SurpassEndTable(
        rules=tables._rules(header), ng=ng, extra=extra, dmax=0, tie_first=0.5,
        win=body[:n], catch_up=array("f"), tie_second=array("f"),
        figures=tables._figures(header), d_rows=d, s_rows=s, chase=body[n:n + c],
        first=body[n + c:n + c + d], rest=body[n + c + d:])


def turn_values(game: Game, table: SurpassEndTable) -> TurnValues | None:
    """The turn problem of the player to move, in any stage (None: off the table's grid)."""
    if len(game.seats) != 2:
        return None
    rules = game.rules
    cur, other = game.current, 1 - game.current
    mine, theirs, beat = game.board[cur], game.board[other], game.to_beat()
    if mine % STEP or theirs % STEP or beat % STEP or mine < 0 or theirs < 0:
        return None
    a, b, s = mine // STEP, theirs // STEP, beat // STEP
    ng, minimum = table.ng, game.minimum(cur) // STEP
    end_cap = max(ng + table.extra, minimum)
    if game.stage == "normal":
        return _normal(game, table, a, b, s, minimum)
    if game.stage == "catch-up":
        d = (game.board[other] - mine) // STEP
        if game.reacher != other or d <= 0 or s >= table.s_rows:
            return None
        # a tie opens a tie-break round: the chaser opens it when he sits in seat 0 (and
        # must beat s again), else the finisher, who must beat the chaser's d
        tie = table.tie_open(s) if cur == 0 else 1.0 - table.tie_open(d)

        def bank_chase(t: int) -> float:
            return 1.0 if t > d else (tie if t == d else 0.0)

        key: tuple[object, ...] = ("surpass-chase", rules, cur, d, s, minimum)
        return _cached(key, lambda: TurnValues(rules, bank_chase, 0.0, minimum, end_cap))
    if mine != theirs - (s * STEP if game.queue == [] else 0):
        return None  # a tie-break round starts tied; its second is behind by what was added
    if game.queue:  # the first of the round: the other then must beat what this adds
        if s >= table.d_rows:
            return None
        key = ("surpass-tie-first", rules, s, minimum)
        return _cached(key, lambda: TurnValues(rules, lambda x: 1.0 - table.tie_after(x),
                                               1.0 - table.tie_after(0), minimum, end_cap))
    # the second: any bank beats the first; after his trash, trash starts a new round
    trash = 1.0 - table.tie_open(0) if s == 0 else 0.0
    key = ("surpass-tie-second", rules, s, minimum)
    return _cached(key, lambda: TurnValues(rules, lambda t: 1.0, trash, minimum, end_cap))


def _normal(game: Game, table: SurpassEndTable, a: int, b: int, s: int,
            minimum: int) -> TurnValues | None:
    """A turn of the normal game from the table."""
    ng, cur = table.ng, game.current
    other = 1 - cur
    if not (0 <= a < ng and 0 <= s <= b < ng):
        return None
    rules = game.rules

    def bank(t: int) -> float:
        reach = a + t
        if reach < ng:
            return 1.0 - table.wss(other, b, reach, t)
        return 1.0 - table.cs(b != 0, other == 0, reach - b, t)

    trash = 1.0 - table.wss(other, b, a, 0)
    # the solver's truncation: the cap of the minimum without the score to beat; a turn
    # that must beat more throws on until it does, then banks
    base = max(rules.minimum_for(a * STEP) // STEP, 1)
    cap = max(max(ng - a, base) + table.extra, minimum - 1)
    key: tuple[object, ...] = ("surpass-end", rules, cur, a, b, s)
    return _cached(key, lambda: TurnValues(rules, bank, trash, minimum, cap))
