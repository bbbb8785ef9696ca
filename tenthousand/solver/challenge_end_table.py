"""Tables of perfect play with challenging and a catch-up round, and the turns played from
them (pure Python).

The solve is :mod:`.challenge_end` (numpy).  The table holds, as float32, the mover's chance
at every normal turn start ``(seat, a, b, ca, cb)`` (``ca``, ``cb``: whether each still has
his first challenge), the chaser's chance in the catch-up turn ``(seat, cc, cf, c, f)``, the
first player's chance at the start of a tie-break round ``(x, f1, s1, f2, s2)`` (first and
second challenges of seat 0, then of seat 1), the rounds far above the game point, and the
second player's chances by what he must beat (see :mod:`.challenge_end`).
:func:`tenthousand.solver.values.turn_values` hands its positions to :func:`turn_values`
here, in every stage of the game, and
:meth:`~tenthousand.solver.player.PerfectPlayer.choose_challenge` asks
:func:`challenge_is_best`.
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..i18n import _
from ..model.rules import Rules
from . import table_file as tables
from .turn import TurnValues, _cached, challenge_starts, challenge_wins

if TYPE_CHECKING:
    from ..model.game import Game

MAGIC = b"TTCHALLENGEEND1\n"
STEP = 50
SOLVER = "challenge_end"  # the module that solves these tables (numpy)
_KEYS = ("lo", "c_lo", "f_hi", "rows", "x_lo", "x_hi")


def unsupported(rules: Rules) -> str | None:
    """Why the solver of challenging with a catch-up round cannot solve these rules, or None."""
    others = [o for o in rules.options if o != "challenging"]
    if others:
        return tables.options_refused(others)
    if not rules.challenging:
        return _("these rules have no challenging")
    if not rules.catch_up:
        return _("these rules have no catch-up round")
    if rules.score_floor is not None:
        return _("challenging with a catch-up round is solved only without a lowest score")
    if rules.challenge_penalties[0] % STEP or rules.challenge_penalties[1] % STEP:
        return _("challenging is solved only when a tenth of the game point (the penalty) is "
                 "a multiple of 50")
    return None


def lowest(rules: Rules) -> int:
    """The lowest board of the normal game, in steps: one challenge against a player, which
    takes less than the game point minus the challenger's board, and the penalty of his own
    (as :func:`.challenge_table.lowest`, without a lowest score)."""
    return -(rules.game_point // STEP - 1) - rules.challenge_penalties[0] // STEP


@dataclass(frozen=True)
class ChallengeEndTable(tables.Table):
    """The values of :class:`~.challenge_end.ChallengeEndSolution`, read without numpy."""

    lo: int = 0
    c_lo: int = 0
    f_hi: int = 0
    rows: int = 0
    x_lo: int = 0
    x_hi: int = 0
    chase: array[float] = field(default_factory=lambda: array("f"))
    tie: array[float] = field(default_factory=lambda: array("f"))
    far: array[float] = field(default_factory=lambda: array("f"))
    s_plain: array[float] = field(default_factory=lambda: array("f"))
    s_chal: array[float] = field(default_factory=lambda: array("f"))

    @property
    def size(self) -> int:
        return self.ng - self.lo

    def wc(self, seat: int, a: int, b: int, ca: int = 1, cb: int = 1) -> float:
        """The mover's chance at a normal turn start, before he decides on a challenge."""
        n = self.size
        a, b = max(a, self.lo), max(b, self.lo)
        return float(self.win[(((seat * n + a - self.lo) * n + b - self.lo) * 2 + ca) * 2 + cb])

    def w(self, seat: int, a: int, b: int) -> float:
        return self.wc(seat, a, b)

    def cs(self, seat: int, cc: int, cf: int, c: int, f: int) -> float:
        """The chaser's chance (in ``seat``) at ``c`` against ``f`` (0 far behind)."""
        nc, nf = self.ng - self.c_lo, self.f_hi - self.ng + 1
        if c < self.c_lo:
            return 0.0
        f = min(max(f, self.ng), self.f_hi)
        return float(self.chase[(((seat * 2 + cc) * 2 + cf) * nc + c - self.c_lo) * nf
                                + f - self.ng])

    def t1(self, x: int, f1: int, s1: int, f2: int, s2: int) -> float:
        """Seat 0's chance at the start of a tie-break round at ``x`` with these flags."""
        if x > self.x_hi:
            return float(self.far[2 * s1 + s2])
        x = max(x, self.x_lo)
        return float(self.tie[(((((x - self.x_lo) * 2 + f1) * 2 + s1) * 2 + f2) * 2) + s2])

    def second(self, x: int) -> float:
        return 0.0  # the tie-break values are :meth:`s2`

    def s2(self, d: int, zero: int, avail: int, kp: int, kc: int) -> float:
        """The second of a round's chance ``d`` behind; the rounds after start with ``kp``
        after a plain turn, ``kc`` after a challenge (``2 * s1 + s2``)."""
        if d < 0:
            return 1.0  # ahead: a plain turn keeps him ahead
        r2 = 2 * self.rows
        if d >= r2:
            return 0.0
        plain = float(self.s_plain[(kp * 2 + zero) * r2 + d])
        if not avail:
            return plain
        return max(plain, float(self.s_chal[(kc * 2 + zero) * r2 + d]))


def pack(solution: Any) -> bytes:
    """The bytes of a table file for a :class:`~.challenge_end.ChallengeEndSolution`."""
    import numpy as np

    rules: Rules = solution.rules
    bd = solution.bounds
    header = {
        "format": tables.FORMAT, "rules": rules.to_dict(), "ng": bd.ng, "extra": bd.extra,
        **{key: getattr(bd, key) for key in _KEYS},
        "figures": {"first_player_win_probability": solution.first_player_win_probability,
                    "states": solution.states, "iterations": solution.iterations,
                    "seconds": round(solution.seconds, 1)},
    }
    body = np.concatenate([solution.win.ravel(), solution.chase.ravel(), solution.tie.ravel(),
                           solution.far, solution.s_plain.ravel(), solution.s_chal.ravel()])
    return tables.write_file(MAGIC, header, body.astype("<f4").tobytes())


def _parts(header: dict[str, Any]) -> list[int]:
    ng = tables._whole(header, "ng")
    lo, c_lo, f_hi, rows, x_lo, x_hi = (tables._whole(header, k, low=-tables.MAX_VALUES)
                                        for k in _KEYS)
    if not (c_lo <= lo <= 0 < ng <= f_hi and rows > 0 and x_lo <= x_hi):
        raise ValueError("perfect-play table with challenging has bad bounds")
    n = ng - lo
    return [8 * n * n, 8 * (ng - c_lo) * (f_hi - ng + 1), 16 * (x_hi - x_lo + 1), 4,
            16 * rows, 16 * rows]


def unpack(data: bytes) -> ChallengeEndTable:
    """Read a table file of :func:`pack`; ValueError when it is not one."""
    header, body = tables.read_file(data, MAGIC, "a perfect-play table with challenging",
                                    count=lambda h: sum(_parts(h)))
    parts, at = [], 0
    for size in _parts(header):
        parts.append(body[at:at + size])
        at += size
    return ChallengeEndTable(
        rules=tables._rules(header), ng=tables._whole(header, "ng"),
        extra=tables._whole(header, "extra"), dmax=0, tie_first=0.5, win=parts[0],
        catch_up=array("f"), tie_second=array("f"), figures=tables._figures(header),
        **{key: tables._whole(header, key, low=-tables.MAX_VALUES) for key in _KEYS},
        chase=parts[1], tie=parts[2], far=parts[3], s_plain=parts[4], s_chal=parts[5])


# -- the turns in play ----------------------------------------------------------------


def _flags(game: Game, seat: int) -> tuple[int, int]:
    """(first challenge left, second challenge left) of a seat."""
    used = game.challenges_used[seat]
    return int(not used[0]), int(not used[1])


def _compare(mine: int, theirs: int, tie: float) -> float:
    return 1.0 if mine > theirs else (tie if mine == theirs else 0.0)


def _steps(game: Game) -> tuple[int, int] | None:
    mine, theirs = game.board[game.current], game.board[1 - game.current]
    if mine % STEP or theirs % STEP:
        return None
    return mine // STEP, theirs // STEP


def _turn(game: Game, table: ChallengeEndTable, challenge: bool) -> TurnValues | None:
    """The turn of the player to move, as a challenge or not (None: off the table)."""
    if len(game.seats) != 2:
        return None
    found = _steps(game)
    if found is None:
        return None
    a, b = found
    if challenge:
        slot = game.challenge_slot if game.challenge_target is not None else \
            game.challenge_slot_for(game.current)
        if slot is None:
            return None
    else:
        slot = None
    if game.stage == "normal":
        return _normal(game, table, a, b, slot)
    if game.stage == "catch-up":
        return _catch_up(game, table, a, b, slot) if game.reacher == 1 - game.current \
            else None
    if game.queue:
        return _tie_first(game, table, a, b, slot) if a == b and game.current == 0 else None
    return _tie_second(game, table, a, b, slot)


def _normal(game: Game, table: ChallengeEndTable, a: int, b: int,
            slot: int | None) -> TurnValues | None:
    ng, lo = table.ng, table.lo
    if not (lo <= a < ng and lo <= b < ng) or slot == 1:
        return None
    rules = game.rules
    cur, other = game.current, 1 - game.current
    ca, cb = _flags(game, cur)[0], _flags(game, other)[0]
    minimum = rules.minimum_for(a * STEP) // STEP
    cap = max(ng - a, max(minimum, 1)) + table.extra
    if slot is not None:  # a challenge: the bank comes off the opponent, trash costs
        pen = rules.challenge_penalties[0] // STEP

        def bank_c(t: int) -> float:
            reach = a + t
            if reach < ng:
                return 1.0 - table.wc(other, max(b - t, lo), reach, cb, 0)
            return 1.0 - table.cs(other, cb, 0, b - t, reach)

        key: tuple[object, ...] = ("challenge-end", rules, cur, a, b, cb)
        return _cached(key, lambda: TurnValues(
            rules, bank_c, 1.0 - table.wc(other, b, max(a - pen, lo), cb, 0), minimum, cap))

    def bank(t: int) -> float:
        reach = a + t
        if reach < ng:
            return 1.0 - table.wc(other, b, reach, cb, ca)
        return 1.0 - table.cs(other, cb, ca, b, reach)

    key = ("challenging-end", rules, cur, a, b, ca, cb)
    return _cached(key, lambda: TurnValues(rules, bank, 1.0 - table.wc(other, b, a, cb, ca),
                                           minimum, cap))


def _tie_value(game: Game, table: ChallengeEndTable, x: int, mine: tuple[int, int],
               theirs: tuple[int, int]) -> float:
    """The mover's chance in a tie-break round at ``x`` with these flags."""
    if game.current == 0:
        return table.t1(x, *mine, *theirs)
    return 1.0 - table.t1(x, *theirs, *mine)


def _catch_up(game: Game, table: ChallengeEndTable, c: int, f: int,
              slot: int | None) -> TurnValues | None:
    """The chaser's catch-up turn: the final boards decide, a tie starts a round."""
    if c >= f:
        return None
    rules = game.rules
    cur, other = game.current, 1 - game.current
    mine, theirs = _flags(game, cur), _flags(game, other)
    minimum = rules.minimum_for(c * STEP) // STEP
    cap = max(table.ng + table.extra, minimum)
    if slot is not None:
        spent = (0, mine[1]) if slot == 0 else (mine[0], 0)
        pen = rules.challenge_penalties[slot] // STEP

        def bank_c(t: int) -> float:
            return _compare(c + t, f - t, _tie_value(game, table, c + t, spent, theirs))

        trash = _compare(c - pen, f, _tie_value(game, table, f, spent, theirs))
        key: tuple[object, ...] = ("challenge-chase", rules, cur, c, f, spent, theirs, slot)
        return _cached(key, lambda: TurnValues(rules, bank_c, trash, minimum, cap))
    tie = _tie_value(game, table, f, mine, theirs)

    def bank(t: int) -> float:
        return _compare(c + t, f, tie)

    key = ("challenging-chase", rules, cur, c, f, mine, theirs)
    return _cached(key, lambda: TurnValues(rules, bank, 0.0, minimum, cap))


def _tie_first(game: Game, table: ChallengeEndTable, x: int, _b: int,
               slot: int | None) -> TurnValues | None:
    """Seat 0 opens a tie-break round at ``x``: seat 1 then plays against what he made."""
    rules, ng = game.rules, table.ng
    s1, (f2, s2) = _flags(game, 0)[1], _flags(game, 1)
    minimum = rules.minimum_for(x * STEP) // STEP
    cap = max(ng + table.extra, minimum)
    low = x < ng
    if slot is not None:
        s1c = 0 if slot == 1 else s1

        def bank_c(t: int) -> float:
            y = x - t
            below = y < ng
            return 1.0 - table.s2(2 * t, int(y == 0), f2 if below else s2, 2 * s1c + s2,
                                  2 * s1c + (s2 if below else 0))

        key: tuple[object, ...] = ("challenge-tie", rules, x, s1c, f2, s2)
        return _cached(key, lambda: TurnValues(rules, bank_c, 0.0, minimum, cap))
    avail, kp, kc = (f2 if low else s2), 2 * s1 + s2, 2 * s1 + (s2 if low else 0)
    zero = int(x == 0)

    def bank(t: int) -> float:
        return 1.0 - table.s2(t, zero, avail, kp, kc)

    key = ("challenging-tie", rules, x, s1, f2, s2)
    return _cached(key, lambda: TurnValues(rules, bank, 1.0 - table.s2(0, zero, avail, kp, kc),
                                           minimum, cap))


def _tie_second(game: Game, table: ChallengeEndTable, y: int, z: int,
                slot: int | None) -> TurnValues | None:
    """The second of a tie-break round, at ``y`` against ``z``; a tie after it starts a
    round far above the game point (the solver's truncation)."""
    rules = game.rules
    s1, s2 = _flags(game, 1 - game.current)[1], _flags(game, game.current)[1]
    minimum = rules.minimum_for(y * STEP) // STEP
    cap = max(table.ng + table.extra, minimum)
    if slot is not None:
        tie = 1.0 - float(table.far[2 * s1 + (0 if slot == 1 else s2)])
        pen = rules.challenge_penalties[slot] // STEP

        def bank_c(u: int) -> float:
            return _compare(y + u, z - u, tie)

        key: tuple[object, ...] = ("challenge-second", rules, y, z, tie, pen)
        return _cached(key, lambda: TurnValues(rules, bank_c, _compare(y - pen, z, tie),
                                               minimum, cap))
    tie = 1.0 - float(table.far[2 * s1 + s2])

    def bank(u: int) -> float:
        return _compare(y + u, z, tie)

    key = ("challenging-second", rules, y, z, tie)
    return _cached(key, lambda: TurnValues(rules, bank, _compare(y, z, tie), minimum,
                                           cap))


def challenge_turn(game: Game, table: ChallengeEndTable) -> TurnValues | None:
    """The turn of the player to move if he challenges (None: no challenge, off the table)."""
    return _turn(game, table, True)


def turn_values(game: Game, table: ChallengeEndTable) -> TurnValues | None:
    """The turn problem of the player to move, in any stage: a challenge turn once he has
    challenged, else the plain turn (None: off the table)."""
    return _turn(game, table, game.challenge_target is not None)


def both_starts(game: Game, table: ChallengeEndTable) -> tuple[float, float] | None:
    """The mover's chance if he challenges now and if he throws without (None: no
    challenge to make here, or off the table)."""
    return challenge_starts(_turn, game, table)


def challenge_is_best(game: Game, table: ChallengeEndTable) -> bool | None:
    """Whether challenging now wins more often than not (None: no challenge to make here,
    or off the table)."""
    return challenge_wins(_turn, game, table)


def start_chance(game: Game, table: ChallengeEndTable) -> float | None:
    """The mover's chance at the start of his turn: the better of a challenge and a plain
    turn before he decides, the challenge turn's once he has challenged."""
    if game.challenge_target is not None:
        tv = _turn(game, table, True)
        return None if tv is None else tv.start()
    found = _steps(game)
    if game.stage == "normal" and found is not None and len(game.seats) == 2:
        a, b = found
        if table.lo <= a < table.ng and table.lo <= b < table.ng:
            cur = game.current
            return table.wc(cur, a, b, _flags(game, cur)[0], _flags(game, 1 - cur)[0])
    plain = _turn(game, table, False)
    if plain is None:
        return None
    both = both_starts(game, table)
    return plain.start() if both is None else max(both)
