"""Tables of perfect play with the trash penalty, and the turns played from them (pure Python).

The solve is :mod:`.penalty` (numpy).  Its table holds the mover's chance at the start of a
turn for every ``(own score a, opponent's score b, own run of trash turns ka, opponent's
run kb)``, scores from the lowest score up to the game point, as float32.  A
:class:`PenaltyTable` is a :class:`~tenthousand.solver.table.Table`, so the cache, the
registry and :class:`~tenthousand.solver.player.PerfectPlayer` take it as they are;
:func:`tenthousand.solver.values.turn_values` hands its positions to :func:`turn_values`
here, which builds the turn programme of :class:`~tenthousand.solver.turn.TurnValues`
with the runs of trash in the bank and trash values.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..i18n import _
from ..model.rules import Rules
from . import table_file as tables
from .turn import TurnValues, _cached

if TYPE_CHECKING:
    from ..model.game import Game

MAGIC = b"TTPENALTY1\n"
STEP = 50
SOLVER = "penalty"  # the module that solves these tables (numpy)


def unsupported(rules: Rules) -> str | None:
    """Why the penalty solver cannot solve these rules (a phrase), or None."""
    others = [o for o in rules.options if o != "three-trash"]
    if others:
        return tables.options_refused(others)
    if not rules.three_trash:
        return _("these rules have no trash penalty")
    if rules.catch_up:
        return _("the trash penalty is solved only when the first to reach the game point "
                 "wins at once (no catch-up round)")
    if rules.score_floor is None:
        return _("the trash penalty is solved only with a lowest score")
    return None


@dataclass(frozen=True)
class PenaltyTable(tables.OptionTable):
    """Solved values with the runs of trash: ``wr(a, b, ka, kb)``, scores in steps."""

    lo: int = 0  # the lowest score, in steps
    run: int = 3  # trash turns in a row that cost the penalty

    @property
    def size(self) -> int:
        """Scores per player: lo .. ng - 1."""
        return self.ng - self.lo

    def wr(self, a: int, b: int, ka: int = 0, kb: int = 0) -> float:
        """The mover's chance at ``a`` against ``b`` with these runs of trash behind."""
        n, r = self.size, self.run
        return float(self.win[(((a - self.lo) * n + (b - self.lo)) * r + ka) * r + kb])

    def w(self, seat: int, a: int, b: int) -> float:
        """As :meth:`Table.w`, with no trash behind either player (seats do not matter)."""
        del seat
        return self.wr(a, b)


def pack(solution: Any) -> bytes:
    """The bytes of a table file for a :class:`~tenthousand.solver.penalty.PenaltySolution`."""
    return tables.pack_option(MAGIC, solution, lo=solution.lo, run=solution.rules.trash_run)


def unpack(data: bytes) -> PenaltyTable:
    """Read a table file of :func:`pack`; ValueError when it is not one."""
    table: PenaltyTable = tables.unpack_option(
        data, MAGIC, "a perfect-play table with the trash penalty",
        lambda h: ((int(h["ng"]) - int(h["lo"])) * int(h["run"])) ** 2, PenaltyTable,
        lo="lo", run="run")
    return table


def turn_values(game: Game, table: PenaltyTable) -> TurnValues | None:
    """The turn problem of the player to move, with the runs of trash (None: off the
    table's grid)."""
    rules = game.rules
    cur = game.current
    other = 1 - cur
    if game.stage != "normal" or len(game.seats) != 2:
        return None
    mine, theirs = game.board[cur], game.board[other]
    if mine % STEP or theirs % STEP:
        return None
    a, b = mine // STEP, theirs // STEP
    ka, kb = game.trash_streak[cur], game.trash_streak[other]
    ng, lo, run = table.ng, table.lo, table.run
    if not (lo <= a < ng and lo <= b < ng and 0 <= ka < run and 0 <= kb < run):
        return None
    minimum = rules.minimum_for(mine) // STEP
    cap = max(ng - a, max(minimum, 1)) - 1 + table.extra

    def bank(t: int) -> float:
        reach = a + t
        return 1.0 if reach >= ng else 1.0 - table.wr(b, reach, kb, 0)

    if ka + 1 < run:
        trash = 1.0 - table.wr(b, a, kb, ka + 1)
    else:
        trash = 1.0 - table.wr(b, max(a - rules.trash_penalty // STEP, lo), kb, 0)
    key: tuple[object, ...] = ("penalty", rules, a, b, ka, kb)
    return _cached(key, lambda: TurnValues(rules, bank, trash, minimum, cap))
