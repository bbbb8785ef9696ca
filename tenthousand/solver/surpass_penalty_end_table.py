"""Tables of perfect play with surpassing and the trash penalty together and a catch-up
round, and the turns played from them (pure Python).

The solve is :mod:`.surpass_penalty_end` (numpy).  The table holds, as float32, the mover's
chance at every normal turn start with nothing to beat ``(seat, a, b, ka, kb)`` (scores
from the lowest score up, both runs of trash), at every one with a score ``s > 0`` to beat
``(seat, a, b, s, ka)`` (the opponent's bank ended his run), and :mod:`.surpass_end`'s end:
the chaser's chance ``chase(on board, seat 0, d, s)``, the tie-break values
``tie_first(s)`` and ``tie_second(x)``, whatever the runs (see the solver's docstring).
:func:`tenthousand.solver.values.turn_values` hands its positions to :func:`turn_values`
here, in every stage of the game.
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..i18n import _
from ..model.rules import Rules
from . import penalty_end_table
from . import table_file as tables
from .turn import TurnValues, _cached

if TYPE_CHECKING:
    from ..model.game import Game

MAGIC = b"TTSURPASSPENALTYEND1\n"
STEP = 50
SOLVER = "surpass_penalty_end"  # the module that solves these tables (numpy)
PAIR = ("surpassing", "three-trash")


def unsupported(rules: Rules) -> str | None:
    """Why the solver of surpassing with the trash penalty and a catch-up round cannot
    solve these rules (a phrase), or None."""
    others = [o for o in rules.options if o not in PAIR]
    if others:
        return tables.options_refused(others)
    if not (rules.surpassing and rules.three_trash):
        return _("these rules do not have both surpassing and the trash penalty")
    if not rules.catch_up:
        return _("these rules have no catch-up round")
    if rules.score_floor is None:
        return _("the trash penalty is solved only with a lowest score")
    return penalty_end_table.zero_tie_refusal(rules)


@dataclass(frozen=True)
class SurpassPenaltyEndTable(tables.Table):
    """The values of :class:`~.surpass_penalty_end.SurpassPenaltyEndSolution`, read
    without numpy."""

    lo: int = 0  # the lowest score, in steps
    run: int = 3  # trash turns in a row that cost the penalty
    beat: array[float] = field(default_factory=lambda: array("f"))
    d_rows: int = 0  # deficits of a catch-up row (0 beyond)
    s_rows: int = 0  # scores to beat of a catch-up row
    chase: array[float] = field(default_factory=lambda: array("f"))
    first: array[float] = field(default_factory=lambda: array("f"))  # tie_first(s)
    rest: array[float] = field(default_factory=lambda: array("f"))  # tie_second(x)

    @property
    def size(self) -> int:
        """Scores per player: lo .. ng - 1."""
        return self.ng - self.lo

    def ws(self, seat: int, a: int, b: int, s: int = 0, ka: int = 0, kb: int = 0) -> float:
        """The mover's chance in ``seat`` at ``a`` against ``b``, to beat ``s``, with
        these runs of trash (``kb`` is 0 when ``s > 0``)."""
        n, r = self.size, self.run
        i, j = a - self.lo, b - self.lo
        if s == 0:
            return float(self.win[(((seat * n + i) * n + j) * r + ka) * r + kb])
        return float(self.beat[(((seat * n + i) * n + j) * n + s) * r + ka])

    def w(self, seat: int, a: int, b: int) -> float:
        """As :meth:`Table.w`, with nothing to beat and no trash behind either player."""
        return self.ws(seat, a, b)

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
    """The bytes of a table file for a
    :class:`~.surpass_penalty_end.SurpassPenaltyEndSolution`."""
    import numpy as np

    rules: Rules = solution.rules
    chase = solution.chase[:, :, :-1]  # the row of zeros after the last deficit is implied
    header = {
        "format": tables.FORMAT, "rules": rules.to_dict(), "ng": rules.game_point // STEP,
        "extra": solution.extra, "lo": solution.lo, "run": rules.trash_run,
        "d_rows": chase.shape[2], "s_rows": chase.shape[3], "x_rows": len(solution.tie_second),
        "figures": {"first_player_win_probability": solution.first_player_win_probability,
                    "states": solution.states, "iterations": solution.iterations,
                    "sweeps": solution.sweeps, "seconds": round(solution.seconds, 1)},
    }
    # starts with s > b - lo cannot occur (NaN in the solution): stored as 0
    body = np.concatenate([solution.win.ravel(), np.nan_to_num(solution.beat).ravel(),
                           chase.ravel(), solution.tie_first, solution.tie_second])
    return tables.write_file(MAGIC, header, body.astype("<f4").tobytes())


def _size(header: dict[str, Any]) -> int:
    ng, lo = tables._whole(header, "ng"), tables._whole(header, "lo", low=-tables.MAX_VALUES)
    run = tables._whole(header, "run")
    d, s, x = (tables._whole(header, k) for k in ("d_rows", "s_rows", "x_rows"))
    n = ng - lo
    if n <= 0 or lo > 0 or run < 2 or min(d, s, x) <= 0:
        return -1
    return 2 * (n * run) ** 2 + 2 * n ** 3 * run + 4 * d * s + d + x


def unpack(data: bytes) -> SurpassPenaltyEndTable:
    """Read a table file of :func:`pack`; ValueError when it is not one."""
    header, body = tables.read_file(
        data, MAGIC, "a perfect-play table with surpassing and the trash penalty", count=_size)
    ng, extra = tables._whole(header, "ng"), tables._whole(header, "extra")
    lo, run = tables._whole(header, "lo", low=-tables.MAX_VALUES), tables._whole(header, "run")
    d, s = tables._whole(header, "d_rows"), tables._whole(header, "s_rows")
    n = ng - lo
    w, b, c = 2 * (n * run) ** 2, 2 * n ** 3 * run, 4 * d * s
    return SurpassPenaltyEndTable(
        rules=tables._rules(header), ng=ng, extra=extra, dmax=0, tie_first=0.5,
        win=body[:w], catch_up=array("f"), tie_second=array("f"),
        figures=tables._figures(header), lo=lo, run=run, beat=body[w:w + b], d_rows=d,
        s_rows=s, chase=body[w + b:w + b + c], first=body[w + b + c:w + b + c + d],
        rest=body[w + b + c + d:])


def turn_values(game: Game, table: SurpassPenaltyEndTable) -> TurnValues | None:
    """The turn problem of the player to move, in any stage (None: off the table's grid)."""
    if len(game.seats) != 2:
        return None
    cur, other = game.current, 1 - game.current
    mine, theirs, beat = game.board[cur], game.board[other], game.to_beat()
    if mine % STEP or theirs % STEP or beat % STEP or beat < 0:
        return None
    runs = (game.trash_streak[cur], game.trash_streak[other])
    if not all(0 <= k < table.run for k in runs):
        return None
    s, minimum = beat // STEP, game.minimum(cur) // STEP
    end_cap = max(table.ng + table.extra, minimum)
    if game.stage == "normal":
        return _normal(game, table, mine // STEP, theirs // STEP, s, runs, minimum)
    if game.stage == "catch-up":
        return _chase(game, table, (theirs - mine) // STEP, s, minimum, end_cap)
    if game.queue:  # the first of a tie-break round: tied, both runs alike
        if mine != theirs or runs[0] != runs[1] or s >= table.d_rows:
            return None
        key: tuple[object, ...] = ("surpass-penalty-tie-first", game.rules, s, minimum)
        return _cached(key, lambda: TurnValues(game.rules, lambda x: 1.0 - table.tie_after(x),
                                               1.0 - table.tie_after(0), minimum, end_cap))
    return _tie_second(game, table, runs, minimum, end_cap)


def _normal(game: Game, table: SurpassPenaltyEndTable, a: int, b: int, s: int,
            runs: tuple[int, int], minimum: int) -> TurnValues | None:
    """A turn of the normal game from the table."""
    ng, lo, run = table.ng, table.lo, table.run
    ka, kb = runs
    if not (lo <= a < ng and lo <= b < ng and s <= b - lo) or (s > 0 and kb != 0):
        return None
    rules, cur = game.rules, game.current
    other = 1 - cur

    def bank(t: int) -> float:
        reach = a + t
        if reach < ng:
            return 1.0 - table.ws(other, b, reach, t, kb, 0)
        return 1.0 - table.cs(b != 0, other == 0, reach - b, t)  # the catch-up turn

    if ka + 1 < run:
        trash = 1.0 - table.ws(other, b, a, 0, kb, ka + 1)
    else:
        trash = 1.0 - table.ws(other, b, max(a - rules.trash_penalty // STEP, lo), 0, kb, 0)
    cap = max(ng - a, max(minimum, 1)) + table.extra
    key: tuple[object, ...] = ("surpass-penalty-end", rules, cur, a, b, s, ka, kb)
    return _cached(key, lambda: TurnValues(rules, bank, trash, minimum, cap))


def _chase(game: Game, table: SurpassPenaltyEndTable, d: int, s: int, minimum: int,
           end_cap: int) -> TurnValues | None:
    """The catch-up turn: more than ``d`` wins, ``d`` ties (a tie-break round), trash loses
    whatever his run; a tie-break round is opened by the chaser in seat 0, who must beat
    ``s`` again, else by the finisher, who must beat ``d``."""
    if game.reacher != 1 - game.current or d <= 0 or s >= table.s_rows:
        return None
    tie = table.tie_open(s) if game.current == 0 else 1.0 - table.tie_open(d)

    def bank(t: int) -> float:
        return 1.0 if t > d else (tie if t == d else 0.0)

    key: tuple[object, ...] = ("surpass-penalty-chase", game.rules, game.current, d, s,
                               minimum)
    return _cached(key, lambda: TurnValues(game.rules, bank, 0.0, minimum, end_cap))


def _tie_second(game: Game, table: SurpassPenaltyEndTable, runs: tuple[int, int],
                minimum: int, end_cap: int) -> TurnValues | None:
    """The second of a tie-break round: level with the first after his trash (or ahead,
    when it cost him the penalty), behind by what he added after his bank."""
    rules, cur = game.rules, game.current
    mine, theirs = game.board[cur], game.board[1 - cur]
    own = runs[0]

    def ends(score: int, added: int) -> float:
        """The second's chance once the round ends with his board at ``score``."""
        if score != theirs:
            return 1.0 if score > theirs else 0.0
        return 1.0 - table.tie_open(added // STEP)  # a new round: the first must beat it

    if own + 1 < table.run:
        trash = ends(mine, 0)
    else:
        floor = rules.score_floor if rules.score_floor is not None else table.lo * STEP
        trash = ends(max(mine - rules.trash_penalty, floor), 0)

    def bank(t: int) -> float:
        return ends(mine + t * STEP, t * STEP)

    key: tuple[object, ...] = ("surpass-penalty-tie-second", rules, theirs - mine, trash,
                               minimum)
    return _cached(key, lambda: TurnValues(rules, bank, trash, minimum, end_cap))
