"""Tables of perfect play in Rotary Club, and the turns played from them (pure Python).

Rotary Club: nobody banks; each corner pegs the stretch's points onto the board and the
turn goes on with six fresh dice until trash; when a board reaches the game point the
other player has one more turn (D-8), and the lowest board wins, a tie giving tie-break
rounds in seat order (D-9).  So a turn is a chain of *stretches*, each a dynamic programme
over (stretch score, dice left) whose exits are trash (the turn ends) and the corner (the
board moves up, a new stretch starts).  The solve is :mod:`.rotary` (numpy); the values
it keeps (all the mover's chance, float32):

* ``w[seat][a][b]``, ``p[seat][a][b]``: a normal turn's start (the first throw, D-2) and a
  stretch after a corner, with boards ``a`` (the mover's) and ``b`` below the game point;
* ``f[seat][L]``: the finisher's stretch after a corner, ``L`` ahead, his turn going on
  after he reached the game point;
* ``c[seat][D]``, ``cp[seat][D]``: the chaser's turn start and a stretch after a corner,
  ``D`` below the finisher (he wins staying below; the same score ties);
* the tie-break rounds: ``tf`` the first's chance at a round's start, ``tp[P]`` his
  stretch after a corner with ``P`` pegged in the round, ``s[x]`` and ``sp[x]`` the
  second's turn start and stretch after a corner, ``x`` below the first.

The truncation: a finisher ``L`` ahead, or the first of a tie-break round who pegged
``P``, beyond ``ng + extra`` ends his turn there (the other's chance is then as good as
certain).
"""

from __future__ import annotations

import threading
from array import array
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..i18n import _
from ..model.rules import Rules
from . import table_file as tables
from .turn import Kept, _groups

if TYPE_CHECKING:
    from ..model.game import Game

MAGIC = b"TTROTARY1\n"
STEP = 50
SOLVER = "rotary"  # the module that solves these tables (numpy)


def unsupported(rules: Rules) -> str | None:
    """Why the Rotary Club solver cannot solve these rules, or None."""
    others = [o for o in rules.options if o != "rotary-club"]
    if others:
        return tables.options_refused(others)
    if not rules.rotary_club:
        return _("these rules are not Rotary Club")
    return None


def stretch_rows(rules: Rules) -> tuple[int, int]:
    """The most steps a stretch can hold before its last throw (rows of its programme),
    and the fewest a corner pegs."""
    seen = {(0, 6)}
    todo = [(0, 6)]
    corners = []
    while todo:
        t, n = todo.pop()
        for first in ((True, False) if t == 0 else (False,)):
            for _p, opts in _groups(rules, n, first)[1]:
                for pts, left in opts:
                    if left == 0:
                        corners.append(t + pts)
                    elif (t + pts, left) not in seen:
                        seen.add((t + pts, left))
                        todo.append((t + pts, left))
    return max(t for t, _n in seen), min(corners)


class RotaryStretch:
    """One stretch of a Rotary Club turn played best, given what a corner pegging ``t``
    steps is worth (``corner(t)``) and what trash is worth: the stretch's own programme,
    solved whole the first time a value is asked for (pure Python)."""

    def __init__(self, rules: Rules, corner: Callable[[int], float], trash: float) -> None:
        self.rules = rules
        self._corner_fn = corner
        self.trash = trash
        self.top = stretch_rows(rules)[0]
        self._rows: list[float] | None = None  # Q(t, m) at [6 * t + m]; m = 0: the corner
        self._lock = threading.Lock()

    @property
    def solved(self) -> bool:
        return self._rows is not None

    def solve(self) -> None:
        """Solve the stretch now (thread-safe): for a worker thread."""
        self._solve()

    def after(self, t: int, left: int) -> float:
        """The mover's chance just after freezing to ``t`` steps with ``left`` dice left
        (0: a corner, which pegs ``t`` and throws six fresh dice)."""
        if left == 0:
            return self._corner_fn(t)
        rows = self._rows if self._rows is not None else self._solve()
        return rows[6 * t + left] if 6 * t + left < len(rows) else 0.0

    def throw(self, t: int, n: int, first: bool = False) -> float:
        """The mover's chance throwing ``n`` dice with ``t`` steps in the stretch."""
        trash, groups = _groups(self.rules, n, first and n == 6)
        total = trash * self.trash
        for p, opts in groups:
            total += p * max(self.after(t + pts, left) for pts, left in opts)
        return total

    def start(self, first: bool = True) -> float:
        """The mover's chance at the stretch's start: the first throw of a turn, or six
        fresh dice after a corner."""
        return self.throw(0, 6, first)

    def _solve(self) -> list[float]:
        with self._lock:
            if self._rows is not None:
                return self._rows
            top = self.top
            tables_n = [_groups(self.rules, n, False) for n in range(1, 6)]
            maxp = max(pts for _, g in tables_n for _p, o in g for pts, _l in o)
            rows = [0.0] * (6 * (top + maxp + 1))
            for t in range(top + maxp, 0, -1):
                rows[6 * t] = self._corner_fn(t)
            for t in range(top, 0, -1):
                for n in range(1, 6):
                    trash, groups = tables_n[n - 1]
                    total = trash * self.trash
                    for p, opts in groups:
                        total += p * max(rows[6 * (t + pts) + left] for pts, left in opts)
                    rows[6 * t + n] = total
            self._rows = rows
            return rows


_KEPT: Kept[RotaryStretch] = Kept()  # (as :mod:`.turn` keeps the others, as many)


def _cached(key: tuple[object, ...], make: Callable[[], RotaryStretch]) -> RotaryStretch:
    return _KEPT.get(key, make)


# -- the table ---------------------------------------------------------------------------


@dataclass(frozen=True)
class RotaryTable(tables.OptionTable):
    """The values of :class:`~.rotary.RotarySolution`, read without numpy."""

    lcap: int = 0  # a lead (or pegs in a tie-break round) beyond this ends the turn
    # (``dmax``: the chaser's rows run over deficits 0 .. dmax)
    values: dict[str, array[float]] = field(default_factory=dict)

    def w(self, seat: int, a: int, b: int) -> float:
        return float(self.win[(seat * self.ng + a) * self.ng + b])

    def p(self, seat: int, a: int, b: int) -> float:
        return float(self.values["p"][(seat * self.ng + a) * self.ng + b])

    def c_start(self, seat: int, d: int) -> float:
        """The chaser's chance at his turn's start, ``d`` below the finisher (beyond the
        rows, the last: past the truncation)."""
        return float(self.values["c"][seat * (self.dmax + 1) + min(d, self.dmax)])

    def cp(self, seat: int, d: int) -> float:
        """The chaser's stretch after a corner, ``d`` below (below 0 he has lost)."""
        if d < 0:
            return 0.0
        return float(self.values["cp"][seat * (self.dmax + 1) + min(d, self.dmax)])

    def fp(self, seat: int, lead: int) -> float:
        """The finisher's stretch after a corner, ``lead`` ahead."""
        if lead > self.lcap:
            return 1.0 - self.c_start(1 - seat, lead)
        return float(self.values["f"][seat * (self.lcap + 1) + lead])

    @property
    def tf(self) -> float:
        """The chance of the first of a tie-break round at its start."""
        return float(self.values["tf"][0])

    def tp(self, pegged: int) -> float:
        """The first of a tie-break round's stretch after a corner, ``pegged`` so far."""
        if pegged > self.lcap:
            return 1.0 - self.s(pegged)
        return float(self.values["tp"][pegged])

    def s(self, x: int) -> float:
        """The second of a tie-break round at his turn's start, ``x`` below the first."""
        return float(self.values["s"][min(x, self.dmax)])

    def sp(self, x: int) -> float:
        return 0.0 if x < 0 else float(self.values["sp"][min(x, self.dmax)])

    def corner_after(self, seat: int, a: int, b: int, t: int) -> float:
        """A normal turn's corner pegging ``t`` from ``a`` against ``b``."""
        if a + t < self.ng:
            return self.p(seat, a + t, b)
        return self.fp(seat, a + t - b)


_PARTS = ("p", "f", "c", "cp", "tf", "tp", "s", "sp")


def _sizes(ng: int, lcap: int, dmax: int) -> dict[str, int]:
    return {"win": 2 * ng * ng, "p": 2 * ng * ng, "f": 2 * (lcap + 1), "c": 2 * (dmax + 1),
            "cp": 2 * (dmax + 1), "tf": 1, "tp": lcap + 1, "s": dmax + 1, "sp": dmax + 1}


def pack(solution: Any) -> bytes:
    """The bytes of a table file for a :class:`~.rotary.RotarySolution`."""
    import numpy as np

    rules: Rules = solution.rules
    header = {
        "format": tables.FORMAT, "rules": rules.to_dict(), "ng": rules.game_point // STEP,
        "extra": solution.extra, "lcap": solution.lcap, "dmax": solution.dmax,
        "figures": {"first_player_win_probability": solution.first_player_win_probability,
                    "states": solution.states, "iterations": solution.iterations,
                    "seconds": round(solution.seconds, 1)},
    }
    parts = [solution.win, solution.post, solution.finish, solution.chase,
             solution.chase_post, np.array([solution.tie_first]), solution.tie_post,
             solution.second, solution.second_post]
    body = np.concatenate([np.asarray(x, dtype=float).ravel() for x in parts])
    return tables.write_file(MAGIC, header, body.astype("<f4").tobytes())


def unpack(data: bytes) -> RotaryTable:
    """Read a table file of :func:`pack`; ValueError when it is not one."""
    def count(h: dict[str, Any]) -> int:
        ng, lcap, dmax = (tables._whole(h, k) for k in ("ng", "lcap", "dmax"))
        if min(ng, lcap, dmax) <= 0:
            return -1
        return sum(_sizes(ng, lcap, dmax).values())

    header, body = tables.read_file(data, MAGIC, "a perfect-play table of Rotary Club",
                                    count=count)
    ng, lcap, dmax = (tables._whole(header, k) for k in ("ng", "lcap", "dmax"))
    sizes = _sizes(ng, lcap, dmax)
    at = sizes["win"]
    parts: dict[str, array[float]] = {}
    for name in _PARTS:
        parts[name] = body[at:at + sizes[name]]
        at += sizes[name]
    rules = tables._rules(header)
    if not rules.rotary_club:
        raise ValueError("a perfect-play table of Rotary Club for other rules")
    return RotaryTable(rules=rules, ng=ng, extra=tables._whole(header, "extra"), dmax=dmax,
                       tie_first=parts["tf"][0], win=body[:sizes["win"]], catch_up=array("f"),
                       tie_second=array("f"), figures=tables._figures(header), lcap=lcap,
                       values=parts)


def turn_values(game: Game, table: RotaryTable) -> RotaryStretch | None:
    """The stretch the player to move is in (or about to start), in any stage, from the
    table; None off the table's grid."""
    if len(game.seats) != 2:
        return None
    rules = game.rules
    cur, other = game.current, 1 - game.current
    mine, theirs = game.board[cur], game.board[other]
    if mine % STEP or theirs % STEP or mine < 0 or theirs < 0:
        return None
    a, b, ng = mine // STEP, theirs // STEP, table.ng
    if game.stage == "normal":
        if b >= ng:
            return None
        if a < ng:
            def corner(t: int) -> float:
                return table.corner_after(cur, a, b, t)

            trash = 1.0 - table.w(other, b, a)
            key: tuple[object, ...] = ("rotary", rules, cur, a, b)
        else:  # the finisher: his turn goes on after he reached the game point
            lead = a - b

            def corner(t: int) -> float:
                return table.fp(cur, lead + t)

            trash = 1.0 - table.c_start(other, lead)
            key = ("rotary-finisher", rules, cur, lead)
        return _cached(key, lambda: RotaryStretch(rules, corner, trash))
    if game.stage == "catch-up" or (game.stage == "tie-break" and not game.queue):
        # the chaser, or the second of a tie-break round, stays below (further below than
        # the table's rows, past the truncation, counts as its last row)
        d = b - a
        if d < 0:
            return None
        if game.stage == "catch-up":
            tie = table.tf if cur == 0 else 1.0 - table.tf  # seat 0 opens the round

            def post(seat: int, x: int) -> float:
                return table.cp(seat, x)
        else:
            tie = 1.0 - table.tf  # the second of a round ties into a new round

            def post(seat: int, x: int) -> float:
                return table.sp(x)

        key = ("rotary-chase", rules, game.stage, cur, d)
        return _cached(key, lambda: RotaryStretch(rules, lambda t: post(cur, d - t),
                                                  1.0 if d > 0 else tie))
    if game.stage == "tie-break":  # the first of a round: the other then stays below him
        pegged = a - b
        if pegged < 0:
            return None
        key = ("rotary-tie-first", rules, pegged)
        return _cached(key, lambda: RotaryStretch(rules, lambda t: table.tp(pegged + t),
                                                  1.0 - table.s(pegged)))
    return None


def start_chance(game: Game, table: RotaryTable) -> float | None:
    """The mover's chance at the start of his turn (Phase.START), from the table."""
    tv = turn_values(game, table)
    return None if tv is None else tv.start(first=True)
