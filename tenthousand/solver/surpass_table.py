"""Tables of perfect play with surpassing, and the turns played from them (pure Python).

The solve is :mod:`.surpass` (numpy).  Its table holds the mover's chance at the start of a
turn for every ``(own score a, opponent's score b, what the opponent's last turn added s)``,
``s <= b``, as float32.  Like :class:`~tenthousand.solver.penalty_table.PenaltyTable`, a
:class:`SurpassTable` is a :class:`~tenthousand.solver.table.Table`, and
:func:`tenthousand.solver.values.turn_values` hands its positions to :func:`turn_values`.
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

MAGIC = b"TTSURPASS1\n"
STEP = 50
SOLVER = "surpass"  # the module that solves these tables (numpy)


def unsupported(rules: Rules) -> str | None:
    """Why the surpassing solver cannot solve these rules (a phrase), or None."""
    others = [o for o in rules.options if o != "surpassing"]
    if others:
        return tables.options_refused(others)
    if not rules.surpassing:
        return _("these rules have no surpassing")
    if rules.catch_up:
        return _("surpassing is solved only when the first to reach the game point wins at "
                 "once (no catch-up round)")
    return None


@dataclass(frozen=True)
class SurpassTable(tables.OptionTable):
    """Solved values with what the last turn added: ``ws(a, b, s)``, in steps."""

    def ws(self, a: int, b: int, s: int = 0) -> float:
        """The mover's chance at ``a`` against ``b`` when the opponent's turn added ``s``."""
        return float(self.win[(a * self.ng + b) * self.ng + s])

    def w(self, seat: int, a: int, b: int) -> float:
        """As :meth:`Table.w`, after a turn that added nothing (seats do not matter)."""
        del seat
        return self.ws(a, b)


def pack(solution: Any) -> bytes:
    """The bytes of a table file for a :class:`~tenthousand.solver.surpass.SurpassSolution`."""
    return tables.pack_option(MAGIC, solution)


def unpack(data: bytes) -> SurpassTable:
    """Read a table file of :func:`pack`; ValueError when it is not one."""
    table: SurpassTable = tables.unpack_option(
        data, MAGIC, "a perfect-play table with surpassing", lambda h: int(h["ng"]) ** 3,
        SurpassTable)
    return table


def turn_values(game: Game, table: SurpassTable) -> TurnValues | None:
    """The turn problem of the player to move, with the surpassing minimum (None: off the
    table's grid)."""
    rules = game.rules
    cur, other = game.current, 1 - game.current
    if game.stage != "normal" or len(game.seats) != 2:
        return None
    mine, theirs, last = game.board[cur], game.board[other], game.last_turn_added
    if mine % STEP or theirs % STEP or last % STEP:
        return None
    a, b, s = mine // STEP, theirs // STEP, last // STEP
    ng = table.ng
    if not (0 <= a < ng and 0 <= s <= b < ng):
        return None
    minimum = game.minimum(cur) // STEP  # the surpassing minimum included
    cap = max(ng - a, max(minimum, 1)) - 1 + table.extra

    def bank(t: int) -> float:
        return 1.0 if a + t >= ng else 1.0 - table.ws(b, a + t, t)

    trash = 1.0 - table.ws(b, a, 0)
    key: tuple[object, ...] = ("surpass", rules, a, b, s)
    return _cached(key, lambda: TurnValues(rules, bank, trash, minimum, cap))
