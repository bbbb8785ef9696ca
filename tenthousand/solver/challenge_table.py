"""Tables of perfect play with challenging, and the turns played from them (pure Python).

The solve is :mod:`.challenge` (numpy).  Its table holds the mover's chance at the start of a
turn, before he decides whether to challenge, for every ``(own score a, opponent's score b,
ca, cb)``: ``ca`` is 1 while the mover still has his first challenge (the one made below the
game point), ``cb`` the same for the opponent.  Scores run from the lowest a board can reach
(:func:`lowest`) to the game point, as float32.  Like the other tables of options, a
:class:`ChallengeTable` is a :class:`~tenthousand.solver.table.Table`;
:func:`tenthousand.solver.values.turn_values` hands its positions to :func:`turn_values`
here, and :meth:`~tenthousand.solver.player.PerfectPlayer.choose_challenge` asks
:func:`challenge_is_best`.
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

MAGIC = b"TTCHALLENGE1\n"
STEP = 50
SOLVER = "challenge"  # the module that solves these tables (numpy)


def unsupported(rules: Rules) -> str | None:
    """Why the challenging solver cannot solve these rules (a phrase), or None."""
    others = [o for o in rules.options if o != "challenging"]
    if others:
        return tables.options_refused(others)
    if not rules.challenging:
        return _("these rules have no challenging")
    if rules.catch_up:
        return _("challenging is solved only when the first to reach the game point wins at "
                 "once (no catch-up round)")
    if rules.challenge_penalties[0] % STEP:
        return _("challenging is solved only when a tenth of the game point (the penalty) is "
                 "a multiple of 50")
    return None


def lowest(rules: Rules) -> int:
    """The lowest score a board can reach, in steps: the rules' lowest score, or what one
    challenge against the player and the penalty of his own challenge can take at most.

    A board only falls through challenges: one challenge against it (the opponent has one
    first challenge), which takes less than the game point minus the challenger's board
    (a bank that reaches the game point wins instead), and the penalty of the player's own
    challenge.  Worked through both orders, a board never falls below ``-(game point - 50)
    - penalty``; a lowest score above that cuts it off there."""
    ng = rules.game_point // STEP
    natural = -(ng - 1) - rules.challenge_penalties[0] // STEP
    if rules.score_floor is None:
        return natural
    return min(0, max(natural, rules.score_floor // STEP))


@dataclass(frozen=True)
class ChallengeTable(tables.OptionTable):
    """Solved values with the first challenges left: ``wc(a, b, ca, cb)``, in steps."""

    lo: int = 0  # the lowest score, in steps

    @property
    def size(self) -> int:
        """Scores per player: lo .. ng - 1."""
        return self.ng - self.lo

    def wc(self, a: int, b: int, ca: int = 1, cb: int = 1) -> float:
        """The mover's chance at ``a`` against ``b`` before he decides on a challenge;
        ``ca`` and ``cb``: whether each still has his first challenge."""
        n = self.size
        a, b = max(a, self.lo), max(b, self.lo)
        return float(self.win[(((a - self.lo) * n + (b - self.lo)) * 2 + ca) * 2 + cb])

    def w(self, seat: int, a: int, b: int) -> float:
        """As :meth:`Table.w`, with both first challenges still to come."""
        del seat
        return self.wc(a, b)


def pack(solution: Any) -> bytes:
    """The bytes of a table file for a :class:`~tenthousand.solver.challenge.ChallengeSolution`."""
    return tables.pack_option(MAGIC, solution, lo=solution.lo)


def unpack(data: bytes) -> ChallengeTable:
    """Read a table file of :func:`pack`; ValueError when it is not one."""
    table: ChallengeTable = tables.unpack_option(
        data, MAGIC, "a perfect-play table with challenging",
        lambda h: (int(h["ng"]) - int(h["lo"])) ** 2 * 4 if int(h["lo"]) <= 0 else -1,
        ChallengeTable, lo="lo")
    return table


def _position(game: Game, table: ChallengeTable) -> tuple[int, int, int, int] | None:
    """``(a, b, ca, cb)`` of the player to move, or None off the table's grid."""
    if game.stage != "normal" or len(game.seats) != 2:
        return None
    cur, other = game.current, 1 - game.current
    mine, theirs = game.board[cur], game.board[other]
    if mine % STEP or theirs % STEP:
        return None
    a, b = mine // STEP, theirs // STEP
    if not (table.lo <= a < table.ng and table.lo <= b < table.ng):
        return None
    return a, b, int(not game.challenges_used[cur][0]), int(not game.challenges_used[other][0])


def _turn(game: Game, table: ChallengeTable, challenge: bool) -> TurnValues | None:
    """The turn of the player to move, as a challenge or not."""
    found = _position(game, table)
    if found is None:
        return None
    a, b, ca, cb = found
    rules = game.rules
    ng, lo = table.ng, table.lo
    minimum = rules.minimum_for(a * STEP) // STEP
    cap = max(ng - a, max(minimum, 1)) - 1 + table.extra
    if challenge:
        # a bank takes the turn score off the opponent too; trash costs the penalty; either
        # way the mover's first challenge is spent
        pen = rules.challenge_penalties[0] // STEP

        def bank_c(t: int) -> float:
            reach = a + t
            return 1.0 if reach >= ng else 1.0 - table.wc(max(b - t, lo), reach, cb, 0)

        key: tuple[object, ...] = ("challenge", rules, a, b, cb)
        return _cached(key, lambda: TurnValues(
            rules, bank_c, 1.0 - table.wc(b, max(a - pen, lo), cb, 0), minimum, cap))

    def bank(t: int) -> float:
        reach = a + t
        return 1.0 if reach >= ng else 1.0 - table.wc(b, reach, cb, ca)

    key = ("challenging", rules, a, b, ca, cb)
    return _cached(key, lambda: TurnValues(rules, bank, 1.0 - table.wc(b, a, cb, ca),
                                           minimum, cap))


def challenge_turn(game: Game, table: ChallengeTable) -> TurnValues | None:
    """The turn of the player to move if he challenges (None: off the table's grid)."""
    return _turn(game, table, True)


def turn_values(game: Game, table: ChallengeTable) -> TurnValues | None:
    """The turn problem of the player to move: a challenge turn once he has challenged,
    else the plain turn (None: off the table's grid)."""
    return _turn(game, table, game.challenge_target is not None)


def both_starts(game: Game, table: ChallengeTable) -> tuple[float, float] | None:
    """The mover's chance if he challenges now and if he throws without (None: no first
    challenge to make here, or off the table's grid)."""
    if game.challenge_target is not None or game.challenge_slot_for(game.current) != 0:
        return None
    plain, challenge = _turn(game, table, False), _turn(game, table, True)
    if plain is None or challenge is None:
        return None
    return challenge.start(), plain.start()


def challenge_is_best(game: Game, table: ChallengeTable) -> bool | None:
    """Whether challenging now wins more often than not (None: no first challenge to make
    here, or off the table's grid)."""
    found = both_starts(game, table)
    return None if found is None else found[0] > found[1]


def start_chance(game: Game, table: ChallengeTable) -> float | None:
    """The mover's chance at the start of his turn: the table's value before he decides
    on a challenge, the challenge turn's once he has challenged."""
    if game.challenge_target is not None:
        tv = _turn(game, table, True)
        return None if tv is None else tv.start()
    found = _position(game, table)
    return None if found is None else table.wc(*found)
