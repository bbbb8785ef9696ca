"""Tables of perfect play with challenging, the trash penalty and a catch-up round, and the
turns played from them (pure Python).

The solve is :mod:`.challenge_penalty_end` (numpy).  The table holds, as float32, the
mover's chance at every normal turn start ``(seat, a, b, ca, cb, ka, kb)`` (boards from the
lowest score up, both first challenges, both runs of trash), then the end as
:mod:`.challenge_end_table` has it (the catch-up turns, the tie-break rounds, the rounds
far above the game point and the second's tables), which :attr:`ChallengePenaltyEndTable.end`
reads.  :func:`tenthousand.solver.values.turn_values` hands its positions to
:func:`turn_values` here, in every stage, and
:meth:`~tenthousand.solver.player.PerfectPlayer.choose_challenge` asks
:func:`challenge_is_best`.

In play a tie-break round after the first one (the solve's rounds far above the game
point) is valued as one exact round followed by rounds far above, with the runs the players
have: a trash that completes a run costs the penalty in the turn's own values, and a round
started with both runs at ``trash_run - 1`` values the first's trash as a round at runs 0
does (equal runs cost both the same).
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..i18n import _
from ..model.rules import Rules
from . import challenge_end_table as ce
from . import table_file as tables
from .turn import TurnValues, _cached, challenge_starts, challenge_wins

if TYPE_CHECKING:
    from ..model.game import Game

MAGIC = b"TTCHALPENALTYEND1\n"
STEP = 50
SOLVER = "challenge_penalty_end"  # the module that solves these tables (numpy)
_KEYS = ("lo", "c_lo", "f_hi", "rows", "x_lo", "x_hi")


def unsupported(rules: Rules) -> str | None:
    """Why the solver of challenging with the trash penalty and a catch-up round cannot
    solve these rules (a phrase), or None."""
    others = [o for o in rules.options if o not in ("challenging", "three-trash")]
    if others:
        return tables.options_refused(others)
    if not (rules.challenging and rules.three_trash):
        return _("these rules do not have both challenging and the trash penalty")
    if not rules.catch_up:
        return _("these rules have no catch-up round")
    if rules.score_floor is None:
        return _("the trash penalty is solved only with a lowest score")
    if rules.challenge_penalties[0] % STEP or rules.challenge_penalties[1] % STEP:
        return _("challenging is solved only when a tenth of the game point (the penalty) is "
                 "a multiple of 50")
    if rules.trash_run < 2 or rules.trash_penalty % STEP or rules.score_floor % STEP:
        return _("the trash penalty is solved only for runs of two or more and penalties "
                 "and lowest scores on the grid of 50")
    return None


def floor_steps(rules: Rules) -> int:
    """The lowest score, in steps."""
    return min(0, (rules.score_floor or 0) // STEP)


@dataclass(frozen=True)
class ChallengePenaltyEndTable(tables.Table):
    """The values of :class:`~.challenge_penalty_end.ChallengePenaltyEndSolution`, read
    without numpy; ``end`` holds the catch-up and tie-break values."""

    lo: int = 0
    run: int = 3
    end: ce.ChallengeEndTable | None = None

    @property
    def size(self) -> int:
        return self.ng - self.lo

    def wk(self, seat: int, a: int, b: int, ca: int = 1, cb: int = 1, ka: int = 0,
           kb: int = 0) -> float:
        """The mover's chance at a normal turn start, before he decides on a challenge."""
        n, r = self.size, self.run
        a, b = max(a, self.lo), max(b, self.lo)
        return float(self.win[(((((seat * n + a - self.lo) * n + b - self.lo) * 2 + ca) * 2
                                + cb) * r + ka) * r + kb])

    def w(self, seat: int, a: int, b: int) -> float:
        return self.wk(seat, a, b)

    def second(self, x: int) -> float:
        return 0.0  # the tie-break values are the end table's


def pack(solution: Any) -> bytes:
    """The bytes of a table file for a
    :class:`~.challenge_penalty_end.ChallengePenaltyEndSolution`."""
    import numpy as np

    rules: Rules = solution.rules
    bd = solution.bounds
    header = {
        "format": tables.FORMAT, "rules": rules.to_dict(), "ng": bd.ng, "extra": bd.extra,
        "run": rules.trash_run, **{key: getattr(bd, key) for key in _KEYS},
        "figures": {"first_player_win_probability": solution.first_player_win_probability,
                    "states": solution.states, "iterations": solution.iterations,
                    "sweeps": solution.sweeps, "seconds": round(solution.seconds, 1)},
    }
    body = np.concatenate([solution.win.ravel(), solution.chase.ravel(), solution.tie.ravel(),
                           solution.far, solution.s_plain.ravel(), solution.s_chal.ravel()])
    return tables.write_file(MAGIC, header, body.astype("<f4").tobytes())


def _parts(header: dict[str, Any]) -> list[int]:
    ng, run = tables._whole(header, "ng"), tables._whole(header, "run")
    lo, c_lo, f_hi, rows, x_lo, x_hi = (tables._whole(header, k, low=-tables.MAX_VALUES)
                                        for k in _KEYS)
    if not (c_lo <= lo <= 0 < ng <= f_hi and rows > 0 and x_lo <= x_hi and 2 <= run <= 9):
        raise ValueError("perfect-play table with challenging and the trash penalty has bad "
                         "bounds")
    n = ng - lo
    return [8 * n * n * run * run, 8 * (ng - c_lo) * (f_hi - ng + 1), 16 * (x_hi - x_lo + 1),
            4, 16 * rows, 16 * rows]


def unpack(data: bytes) -> ChallengePenaltyEndTable:
    """Read a table file of :func:`pack`; ValueError when it is not one."""
    header, body = tables.read_file(
        data, MAGIC, "a perfect-play table with challenging and the trash penalty",
        count=lambda h: sum(_parts(h)))
    parts, at = [], 0
    for size in _parts(header):
        parts.append(body[at:at + size])
        at += size
    rules, ng = tables._rules(header), tables._whole(header, "ng")
    extra, figures = tables._whole(header, "extra"), tables._figures(header)
    bounds = {key: tables._whole(header, key, low=-tables.MAX_VALUES) for key in _KEYS}
    end = ce.ChallengeEndTable(
        rules=rules, ng=ng, extra=extra, dmax=0, tie_first=0.5, win=array("f"),
        catch_up=array("f"), tie_second=array("f"), figures=figures, **bounds,
        chase=parts[1], tie=parts[2], far=parts[3], s_plain=parts[4], s_chal=parts[5])
    return ChallengePenaltyEndTable(
        rules=rules, ng=ng, extra=extra, dmax=0, tie_first=0.5, win=parts[0],
        catch_up=array("f"), tie_second=array("f"), figures=figures, lo=bounds["lo"],
        run=tables._whole(header, "run"), end=end)


# -- the turns in play ----------------------------------------------------------------


def _end(table: ChallengePenaltyEndTable) -> ce.ChallengeEndTable:
    assert table.end is not None
    return table.end


def _after_trash(game: Game, seat: int, board: int, slot: int | None) -> tuple[int, int]:
    """A seat's board (points) and run after a trash, as the engine takes the penalties."""
    rules = game.rules
    floor = rules.score_floor or 0
    if slot is not None:
        board = max(board - rules.challenge_penalties[slot], floor)
    run = game.trash_streak[seat] + 1
    if run >= rules.trash_run:
        return max(board - rules.trash_penalty, floor), 0
    return board, run


def _turn(game: Game, table: ChallengePenaltyEndTable, challenge: bool) -> TurnValues | None:
    """The turn of the player to move, as a challenge or not (None: off the table)."""
    if len(game.seats) != 2:
        return None
    found = ce._steps(game)
    runs = (game.trash_streak[game.current], game.trash_streak[1 - game.current])
    if found is None or not all(0 <= k < table.run for k in runs):
        return None
    a, b = found
    slot: int | None = None
    if challenge:
        slot = game.challenge_slot if game.challenge_target is not None else \
            game.challenge_slot_for(game.current)
        if slot is None:
            return None
    if game.stage == "normal":
        return _normal(game, table, a, b, runs, slot)
    end = _end(table)
    if game.stage == "catch-up":
        return ce._catch_up(game, end, a, b, slot) if game.reacher == 1 - game.current \
            and b >= table.ng and a >= table.lo else None
    if game.queue:
        return _tie_first(game, table, a, slot) if a == b and game.current == 0 else None
    return _tie_second(game, table, a, b, slot)


def _normal(game: Game, table: ChallengePenaltyEndTable, a: int, b: int,
            runs: tuple[int, int], slot: int | None) -> TurnValues | None:
    ng, lo = table.ng, table.lo
    if not (lo <= a < ng and lo <= b < ng) or slot == 1:
        return None
    rules, end = game.rules, _end(table)
    cur, other = game.current, 1 - game.current
    ca, cb = ce._flags(game, cur)[0], ce._flags(game, other)[0]
    ka, kb = runs
    minimum = rules.minimum_for(a * STEP) // STEP
    cap = max(ng - a, max(minimum, 1)) + table.extra
    hit, nka = _after_trash(game, cur, a * STEP, slot)
    if slot is not None:  # a challenge: the bank comes off the opponent, trash costs
        def bank_c(t: int) -> float:
            reach, loser = a + t, max(b - t, lo)
            if reach < ng:
                return 1.0 - table.wk(other, loser, reach, cb, 0, kb, 0)
            return 1.0 - end.cs(other, cb, 0, loser, reach)

        trash = 1.0 - table.wk(other, b, hit // STEP, cb, 0, kb, nka)
        key: tuple[object, ...] = ("chal-pen-challenge", rules, cur, a, b, cb, ka, kb)
        return _cached(key, lambda: TurnValues(rules, bank_c, trash, minimum, cap))

    def bank(t: int) -> float:
        reach = a + t
        if reach < ng:
            return 1.0 - table.wk(other, b, reach, cb, ca, kb, 0)
        return 1.0 - end.cs(other, cb, ca, b, reach)

    trash = 1.0 - table.wk(other, b, hit // STEP, cb, ca, kb, nka)
    key = ("chal-pen-plain", rules, cur, a, b, ca, cb, ka, kb)
    return _cached(key, lambda: TurnValues(rules, bank, trash, minimum, cap))


def _tie_first(game: Game, table: ChallengePenaltyEndTable, x: int,
               slot: int | None) -> TurnValues | None:
    """Seat 0 opens a tie-break round at ``x``: seat 1 then plays against what he made; a
    challenge bank leaves seat 1 at ``max(x - t, lowest)``."""
    rules, ng, lo, end = game.rules, table.ng, table.lo, _end(table)
    s1, (f2, s2) = ce._flags(game, 0)[1], ce._flags(game, 1)
    minimum = rules.minimum_for(x * STEP) // STEP
    cap = max(ng + table.extra, minimum)
    low = x < ng
    if slot is not None:
        s1c = 0 if slot == 1 else s1

        def bank_c(t: int) -> float:
            y = max(x - t, lo)
            below = y < ng
            return 1.0 - end.s2(x + t - y, int(y == 0), f2 if below else s2, 2 * s1c + s2,
                                2 * s1c + (s2 if below else 0))

        key: tuple[object, ...] = ("chal-pen-challenge-tie", rules, x, s1c, f2, s2)
        return _cached(key, lambda: TurnValues(rules, bank_c, 0.0, minimum, cap))
    avail, kp, kc = (f2 if low else s2), 2 * s1 + s2, 2 * s1 + (s2 if low else 0)
    zero = int(x == 0)

    def bank(t: int) -> float:
        return 1.0 - end.s2(t, zero, avail, kp, kc)

    key = ("chal-pen-tie", rules, x, s1, f2, s2)
    return _cached(key, lambda: TurnValues(rules, bank, 1.0 - end.s2(0, zero, avail, kp, kc),
                                           minimum, cap))


def _tie_second(game: Game, table: ChallengePenaltyEndTable, y: int, z: int,
                slot: int | None) -> TurnValues | None:
    """The second of a tie-break round, at ``y`` against ``z``; a tie after it starts a
    round far above the game point (the solver's truncation)."""
    rules, end = game.rules, _end(table)
    cur = game.current
    s1, s2 = ce._flags(game, 1 - cur)[1], ce._flags(game, cur)[1]
    minimum = rules.minimum_for(y * STEP) // STEP
    cap = max(table.ng + table.extra, minimum)
    after = _after_trash(game, cur, y * STEP, slot)[0] // STEP
    if slot is not None:
        tie = 1.0 - float(end.far[2 * s1 + (0 if slot == 1 else s2)])

        def bank_c(u: int) -> float:
            return ce._compare(y + u, max(z - u, table.lo), tie)

        key: tuple[object, ...] = ("chal-pen-challenge-second", rules, y, z, tie, after)
        return _cached(key, lambda: TurnValues(rules, bank_c, ce._compare(after, z, tie),
                                               minimum, cap))
    tie = 1.0 - float(end.far[2 * s1 + s2])

    def bank(u: int) -> float:
        return ce._compare(y + u, z, tie)

    key = ("chal-pen-second", rules, y, z, tie, after)
    return _cached(key, lambda: TurnValues(rules, bank, ce._compare(after, z, tie), minimum,
                                           cap))


def challenge_turn(game: Game, table: ChallengePenaltyEndTable) -> TurnValues | None:
    """The turn of the player to move if he challenges (None: no challenge, off the table)."""
    return _turn(game, table, True)


def turn_values(game: Game, table: ChallengePenaltyEndTable) -> TurnValues | None:
    """The turn problem of the player to move, in any stage: a challenge turn once he has
    challenged, else the plain turn (None: off the table)."""
    return _turn(game, table, game.challenge_target is not None)


def both_starts(game: Game, table: ChallengePenaltyEndTable) -> tuple[float, float] | None:
    """The mover's chance if he challenges now and if he throws without (None: no
    challenge to make here, or off the table)."""
    return challenge_starts(_turn, game, table)


def challenge_is_best(game: Game, table: ChallengePenaltyEndTable) -> bool | None:
    """Whether challenging now wins more often than not (None: no challenge to make here,
    or off the table)."""
    return challenge_wins(_turn, game, table)


def start_chance(game: Game, table: ChallengePenaltyEndTable) -> float | None:
    """The mover's chance at the start of his turn: the better of a challenge and a plain
    turn before he decides, the challenge turn's once he has challenged."""
    if game.challenge_target is not None:
        tv = _turn(game, table, True)
        return None if tv is None else tv.start()
    plain = _turn(game, table, False)
    if plain is None:
        return None
    both = both_starts(game, table)
    return plain.start() if both is None else max(both)
