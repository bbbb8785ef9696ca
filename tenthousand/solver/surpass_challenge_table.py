"""Tables of perfect play with surpassing and challenging together and a catch-up round, and
the turns played from them (pure Python).

The solve is :mod:`.surpass_challenge` (numpy).  The table holds, as float32, the mover's
chance at every normal turn start ``(seat, a, b, ca, cb, s)`` (the first challenges left,
the score to beat), the chaser's in the catch-up turn ``(seat, cc, cf, c, f, a)`` (the
finisher at ``f`` after a bank from ``a``), seat 0's at the start of a tie-break round
``(x, u, f1, s1, f2, s2)``, the rounds far above the game point by score to beat and
second challenges, and the pieces of the second of a round's turn (see
:mod:`.surpass_challenge`).  :func:`tenthousand.solver.values.turn_values` hands its
positions to :func:`turn_values` here, in every stage, and
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

MAGIC = b"TTSURPASSCHALLENGE1\n"
STEP = 50
SOLVER = "surpass_challenge"  # the module that solves these tables (numpy)
_KEYS = ("lo", "top", "c_lo", "f_hi", "rows", "u_rows", "x_lo", "x_hi", "far_rows")
PAIR = ("surpassing", "challenging")


def unsupported(rules: Rules) -> str | None:
    """Why the solver of surpassing with challenging and a catch-up round cannot solve these
    rules, or None."""
    others = [o for o in rules.options if o not in PAIR]
    if others:
        return tables.options_refused(others)
    if not (rules.surpassing and rules.challenging):
        return _("these rules do not have both surpassing and challenging")
    if not rules.catch_up:
        return _("these rules have no catch-up round")
    if rules.score_floor is not None:
        return _("challenging with a catch-up round is solved only without a lowest score")
    if rules.challenge_penalties[0] % STEP or rules.challenge_penalties[1] % STEP:
        return _("challenging is solved only when a tenth of the game point (the penalty) is "
                 "a multiple of 50")
    return None


@dataclass(frozen=True)
class SurpassChallengeTable(tables.Table):
    """The values of :class:`~.surpass_challenge.SurpassChallengeSolution`, without numpy."""

    lo: int = 0
    top: int = 0
    c_lo: int = 0
    f_hi: int = 0
    rows: int = 0
    u_rows: int = 0
    x_lo: int = 0
    x_hi: int = 0
    far_rows: int = 0
    chase: array[float] = field(default_factory=lambda: array("f"))
    tie: array[float] = field(default_factory=lambda: array("f"))
    far: array[float] = field(default_factory=lambda: array("f"))
    reach: array[float] = field(default_factory=lambda: array("f"))
    seconds: array[float] = field(default_factory=lambda: array("f"))
    after_trash: array[float] = field(default_factory=lambda: array("f"))

    @property
    def size(self) -> int:
        return self.ng - self.lo

    def wc(self, seat: int, a: int, b: int, ca: int = 1, cb: int = 1, s: int = 0) -> float:
        """The mover's chance at a normal turn start, before he decides on a challenge."""
        n = self.size
        a, b = max(a, self.lo), max(b, self.lo)
        s = min(s, n - 1)
        return float(self.win[((((seat * n + a - self.lo) * n + b - self.lo) * 2 + ca) * 2
                               + cb) * n + s])

    def w(self, seat: int, a: int, b: int) -> float:
        return self.wc(seat, a, b)

    def cs(self, seat: int, cc: int, cf: int, c: int, f: int, a: int) -> float:
        """The chaser's chance (in ``seat``) at ``c`` against ``f``, banked from ``a``."""
        nc, nf, na = self.ng - self.c_lo, self.f_hi - self.ng + 1, self.size
        if c < self.c_lo or not self.ng <= f <= self.f_hi or not self.lo <= a < self.ng:
            return 0.0
        return float(self.chase[((((seat * 2 + cc) * 2 + cf) * nc + c - self.c_lo) * nf
                                 + f - self.ng) * na + a - self.lo])

    def t1(self, x: int, u: int, f1: int, s1: int, f2: int, s2: int) -> float:
        """Seat 0's chance at the start of a tie-break round at ``x``, to beat ``u``."""
        if x > self.x_hi or u >= self.u_rows:
            return self.far_at(u, 2 * s1 + s2)
        x = max(x, self.x_lo)
        return float(self.tie[(((((x - self.x_lo) * self.u_rows + u) * 2 + f1) * 2 + s1) * 2
                               + f2) * 2 + s2])

    def far_at(self, u: int, k: int) -> float:
        return float(self.far[min(u, self.far_rows - 1) * 4 + k])

    def reach_at(self, m: int) -> float:
        return float(self.reach[min(max(m, 1), len(self.reach) - 1)])

    def second_at(self, k: int, zero: int, t: int) -> float:
        return float(self.seconds[(k * 2 + zero) * self.far_rows + min(t, self.far_rows - 1)])

    def second(self, x: int) -> float:
        return 0.0  # the tie-break values are :meth:`second_at`


def pack(solution: Any) -> bytes:
    """The bytes of a table file for a :class:`~.surpass_challenge.SurpassChallengeSolution`."""
    import numpy as np

    rules: Rules = solution.rules
    bd = solution.bounds
    header = {
        "format": tables.FORMAT, "rules": rules.to_dict(), "ng": bd.ng, "extra": bd.extra,
        **{key: getattr(bd, key) for key in _KEYS}, "reach": len(solution.reach),
        "figures": {"first_player_win_probability": solution.first_player_win_probability,
                    "states": solution.states, "iterations": solution.iterations,
                    "seconds": round(solution.seconds, 1)},
    }
    body = np.concatenate([solution.win.ravel(), solution.chase.ravel(), solution.tie.ravel(),
                           solution.far.ravel(), solution.reach, solution.second.ravel(),
                           solution.after_trash.ravel()])
    return tables.write_file(MAGIC, header, body.astype("<f4").tobytes())


def _parts(header: dict[str, Any]) -> list[int]:
    ng = tables._whole(header, "ng")
    lo, top, c_lo, f_hi, rows, u_rows, x_lo, x_hi, far_rows = (
        tables._whole(header, k, low=-tables.MAX_VALUES) for k in _KEYS)
    if not (c_lo <= lo <= 0 < ng <= f_hi and rows > 0 and u_rows > 0 and x_lo <= x_hi
            and far_rows > 0 and top > 0):
        raise ValueError("perfect-play table with surpassing and challenging has bad bounds")
    n = ng - lo
    reach = tables._whole(header, "reach")
    return [8 * n * n * n, 8 * (ng - c_lo) * (f_hi - ng + 1) * n,
            16 * (x_hi - x_lo + 1) * u_rows, 4 * far_rows, reach, 8 * far_rows, 8]


def unpack(data: bytes) -> SurpassChallengeTable:
    """Read a table file of :func:`pack`; ValueError when it is not one."""
    header, body = tables.read_file(
        data, MAGIC, "a perfect-play table with surpassing and challenging",
        count=lambda h: sum(_parts(h)))
    parts, at = [], 0
    for size in _parts(header):
        parts.append(body[at:at + size])
        at += size
    return SurpassChallengeTable(
        rules=tables._rules(header), ng=tables._whole(header, "ng"),
        extra=tables._whole(header, "extra"), dmax=0, tie_first=0.5, win=parts[0],
        catch_up=array("f"), tie_second=array("f"), figures=tables._figures(header),
        **{key: tables._whole(header, key, low=-tables.MAX_VALUES) for key in _KEYS},
        chase=parts[1], tie=parts[2], far=parts[3], reach=parts[4], seconds=parts[5],
        after_trash=parts[6])


# -- the turns in play ----------------------------------------------------------------


def _flags(game: Game, seat: int) -> tuple[int, int]:
    """(first challenge left, second challenge left) of a seat."""
    used = game.challenges_used[seat]
    return int(not used[0]), int(not used[1])


def _compare(mine: int, theirs: int, tie: float) -> float:
    return 1.0 if mine > theirs else (tie if mine == theirs else 0.0)


def _steps(game: Game) -> tuple[int, int, int] | None:
    mine, theirs = game.board[game.current], game.board[1 - game.current]
    beat = game.to_beat()
    if mine % STEP or theirs % STEP or beat % STEP:
        return None
    return mine // STEP, theirs // STEP, beat // STEP


def _turn(game: Game, table: SurpassChallengeTable, challenge: bool) -> TurnValues | None:
    """The turn of the player to move, as a challenge or not (None: off the table)."""
    found = _steps(game) if len(game.seats) == 2 else None
    if found is None:
        return None
    slot: int | None = None
    if challenge:
        slot = game.challenge_slot if game.challenge_target is not None else \
            game.challenge_slot_for(game.current)
        if slot is None:
            return None
    if game.stage == "normal":
        return _normal(game, table, *found, slot)
    if game.stage == "catch-up":
        return _catch_up(game, table, *found, slot) if game.reacher == 1 - game.current \
            else None
    if game.queue:
        a, b, u = found
        return _tie_first(game, table, a, u, slot) if a == b and game.current == 0 else None
    return _tie_second(game, table, *found, slot)


def _limits(game: Game, table: SurpassChallengeTable, own: int, beat: int,
            last: bool) -> tuple[int, int]:
    minimum = max(game.rules.minimum_for(own * STEP) // STEP, beat + 1, 1)
    if last:
        return minimum, max(table.ng + table.extra, minimum)
    return minimum, max(table.ng - own, minimum) + table.extra


def _normal(game: Game, table: SurpassChallengeTable, a: int, b: int, s: int,
            slot: int | None) -> TurnValues | None:
    ng, lo = table.ng, table.lo
    if not (lo <= a < ng and lo <= b < ng) or slot == 1 or s >= table.size:
        return None
    rules = game.rules
    cur, other = game.current, 1 - game.current
    ca, cb = _flags(game, cur)[0], _flags(game, other)[0]
    minimum, cap = _limits(game, table, a, s, False)
    if slot is not None:  # a challenge: the bank comes off the opponent, trash costs
        pen = rules.challenge_penalties[0] // STEP

        def bank_c(t: int) -> float:
            reach = a + t
            if reach < ng:
                return 1.0 - table.wc(other, max(b - t, lo), reach, cb, 0, t)
            return 1.0 - table.cs(other, cb, 0, b - t, reach, a)

        key: tuple[object, ...] = ("surpass-challenge", rules, cur, a, b, cb, s)
        return _cached(key, lambda: TurnValues(
            rules, bank_c, 1.0 - table.wc(other, b, max(a - pen, lo), cb, 0, 0), minimum,
            cap))

    def bank(t: int) -> float:
        reach = a + t
        if reach < ng:
            return 1.0 - table.wc(other, b, reach, cb, ca, t)
        return 1.0 - table.cs(other, cb, ca, b, reach, a)

    key = ("surpass-challenging", rules, cur, a, b, ca, cb, s)
    return _cached(key, lambda: TurnValues(rules, bank, 1.0 - table.wc(other, b, a, cb, ca, 0),
                                           minimum, cap))


def _catch_up(game: Game, table: SurpassChallengeTable, c: int, f: int, s: int,
              slot: int | None) -> TurnValues | None:
    """The chaser's catch-up turn, to beat the finisher's last bank; a tie starts a round
    in which seat 0 must beat what seat 1 last added."""
    if c >= f:
        return None
    rules = game.rules
    cur = game.current
    mine, theirs = _flags(game, cur), _flags(game, 1 - cur)
    minimum, cap = _limits(game, table, c, s, True)

    def tie(x: int, added: int, me: tuple[int, int]) -> float:
        if cur == 0:
            return table.t1(x, s, *me, *theirs)
        return 1.0 - table.t1(x, added, *theirs, *me)

    if slot is not None:
        spent = (0, mine[1]) if slot == 0 else (mine[0], 0)

        def bank_c(t: int) -> float:
            return _compare(c + t, f - t, tie(c + t, t, spent))

        key: tuple[object, ...] = ("surpass-challenge-chase", rules, cur, c, f, s, spent,
                                   theirs)
        return _cached(key, lambda: TurnValues(rules, bank_c, 0.0, minimum, cap))

    def bank(t: int) -> float:
        return _compare(c + t, f, tie(f, t, mine))

    key = ("surpass-challenging-chase", rules, cur, c, f, s, mine, theirs)
    return _cached(key, lambda: TurnValues(rules, bank, 0.0, minimum, cap))


def _tie_first(game: Game, table: SurpassChallengeTable, x: int, u: int,
               slot: int | None) -> TurnValues | None:
    """Seat 0 opens a tie-break round at ``x``, to beat ``u``: seat 1 then must beat what
    he added (any bank of seat 1 wins after a plain bank; see the solver)."""
    rules, ng = game.rules, table.ng
    s1, (f2, s2) = _flags(game, 0)[1], _flags(game, 1)
    minimum, cap = _limits(game, table, x, u, True)
    mx = max(rules.minimum_for(x * STEP) // STEP, 1)
    if slot is not None:
        s1c = s1 if slot == 0 else 0

        def bank_c(t: int) -> float:
            y = x - t
            avail = f2 if y < ng else s2
            if avail:
                return 1.0 - table.reach_at(max(rules.minimum_for(y * STEP) // STEP, 1, t + 1))
            return 1.0 - table.second_at(2 * s1c + s2, int(y == 0), t)

        key: tuple[object, ...] = ("surpass-challenge-tie", rules, x, u, s1c, f2, s2)
        return _cached(key, lambda: TurnValues(rules, bank_c, 0.0, minimum, cap))

    def bank(t: int) -> float:
        return 1.0 - table.reach_at(max(mx, t + 1))

    trash = 1.0 - float(table.after_trash[int(x == 0) * 4 + 2 * s1 + s2])
    key = ("surpass-challenging-tie", rules, x, u, s1, s2)
    return _cached(key, lambda: TurnValues(rules, bank, trash, minimum, cap))


def _tie_second(game: Game, table: SurpassChallengeTable, y: int, z: int, u: int,
                slot: int | None) -> TurnValues | None:
    """The second of a tie-break round, at ``y`` against ``z``, to beat ``u``; a tie after
    it starts a round far above the game point (the solver's truncation), seat 0 to beat
    what this turn added."""
    rules = game.rules
    s1, s2 = _flags(game, 1 - game.current)[1], _flags(game, game.current)[1]
    minimum, cap = _limits(game, table, y, u, True)
    if slot is not None:
        k = 2 * s1 + (0 if slot == 1 else s2)
        pen = rules.challenge_penalties[slot] // STEP

        def bank_c(t: int) -> float:
            return _compare(y + t, z - t, 1.0 - table.far_at(t, k))

        key: tuple[object, ...] = ("surpass-challenge-second", rules, y, z, u, k, pen)
        return _cached(key, lambda: TurnValues(
            rules, bank_c, _compare(y - pen, z, 1.0 - table.far_at(0, k)), minimum, cap))
    k = 2 * s1 + s2

    def bank(t: int) -> float:
        return _compare(y + t, z, 1.0 - table.far_at(t, k))

    key = ("surpass-challenging-second", rules, y, z, u, k)
    return _cached(key, lambda: TurnValues(rules, bank, _compare(y, z, 1.0 - table.far_at(0, k)),
                                           minimum, cap))


def challenge_turn(game: Game, table: SurpassChallengeTable) -> TurnValues | None:
    """The turn of the player to move if he challenges (None: no challenge, off the table)."""
    return _turn(game, table, True)


def turn_values(game: Game, table: SurpassChallengeTable) -> TurnValues | None:
    """The turn problem of the player to move, in any stage: a challenge turn once he has
    challenged, else the plain turn (None: off the table)."""
    return _turn(game, table, game.challenge_target is not None)


def both_starts(game: Game, table: SurpassChallengeTable) -> tuple[float, float] | None:
    """The mover's chance if he challenges now and if he throws without (None: no
    challenge to make here, or off the table)."""
    return challenge_starts(_turn, game, table)


def challenge_is_best(game: Game, table: SurpassChallengeTable) -> bool | None:
    """Whether challenging now wins more often than not (None: no challenge to make here,
    or off the table)."""
    return challenge_wins(_turn, game, table)


def start_chance(game: Game, table: SurpassChallengeTable) -> float | None:
    """The mover's chance at the start of his turn: the better of a challenge and a plain
    turn before he decides, the challenge turn's once he has challenged."""
    if game.challenge_target is not None:
        tv = _turn(game, table, True)
        return None if tv is None else tv.start()
    found = _steps(game) if len(game.seats) == 2 else None
    if game.stage == "normal" and found is not None:
        a, b, s = found
        if table.lo <= a < table.ng and table.lo <= b < table.ng and s < table.size:
            cur = game.current
            return table.wc(cur, a, b, _flags(game, cur)[0], _flags(game, 1 - cur)[0], s)
    plain = _turn(game, table, False)
    if plain is None:
        return None
    both = both_starts(game, table)
    return plain.start() if both is None else max(both)
