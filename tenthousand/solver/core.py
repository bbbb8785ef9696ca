"""The offline solver: two-player win probabilities by value iteration (needs numpy).

The game is cut into *turn problems*.  A turn problem is one player's turn seen from the
outside: what banking a turn score ``t`` is worth (``bank[t]``), what trash is worth
(``trash``), the minimum to bank, and whether the throw after a corner must be taken.  Given
those, the best play inside the turn is a finite dynamic programme over (turn score, dice
left), solved backwards from high turn scores because every freeze adds points.  The solver
runs many turn problems side by side as the columns of numpy arrays (:mod:`.turns`).

Board states ``(own score a, opponent's score b, whether the player to move sits in seat 0)``
are solved level by level, in falling ``a + b``: a bank moves to a higher level, and trash
hands the turn to the opponent at the same level, so each level couples ``(a, b)`` with
``(b, a)`` only.  That coupling is linear in the trash value for a fixed policy, so Newton's
method (policy iteration) settles each level in two or three passes.  A level needs the
level ``d`` above it only at turn score ``d``, so several levels share a sweep (see
:class:`_Game`); the result is the same as solving them one by one.

The end of the game is exact (D-8, D-9): a bank that reaches the game point gives the other
player one catch-up turn against a fixed deficit; a tie gives tie-break turns in seat order,
repeated until the tie breaks.  One truncation keeps the state space finite: a player whose
turn score exceeds ``turn_cap`` banks at once.  The cap is far above any turn score that
matters (see :data:`DEFAULT_EXTRA_CAP`), and the brute-force check in the tests solves the
same capped game independently.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np
from numpy.lib.stride_tricks import as_strided

from ..model.rules import Rules
from . import dice
from .turns import Kept, TurnSolver

__all__ = ["DEFAULT_EXTRA", "Solution", "TurnSolver", "level_blocks", "level_starts",
           "solve", "solve_wide", "value_and_slope"]

STEP = dice.STEP
#: The turn cap lies this many points beyond the game point (see :func:`solve`).
DEFAULT_EXTRA = 2000
_DELTA = 1e-5  # finite-difference step for the slope of a turn's value in its trash value
#: A sweep solves up to this many levels at once ...
_MAX_LEVELS = 8
#: ... and admits a new level while it has fewer columns than this (cache-sized arrays).
_WIDTH = 800
#: A chord step (the old slope) must shrink the step at least this much, or the column
#: gets a new slope (a solve at trash + delta) in its next pass.
_SHRINK = 0.1
#: A pass records, for each column, the highest turn score at which a throw comes within
#: this much of banking; a later pass whose trash value lies within half of it of that
#: pass's solves the column only up to there (above it the column provably banks).
_MARGIN = 1e-4
#: A level still moving after this many exact passes (a policy that changes within delta
#: of the solution makes the slopes unreliable) takes plain fixed-point steps: slower, but
#: they converge, as the coupling contracts (the slopes are chances of trash, below one).
_PLAIN = 12


@dataclass
class Solution:
    """Everything the shipped table holds, plus the figures of the run."""

    rules: Rules
    extra: int  # the turn cap beyond the game point, in steps
    win: Any  # (2, NG, NG): win[s, a, b] for the player to move in seat s
    catch_up: Any  # (2, 2, D): [chaser on board, chaser in seat 0, deficit] -> chaser wins
    tie_first: float  # win probability of the first player of a tie-break round
    tie_second: Any  # (rows,): the second player's chance after the first added x steps
    states: int = 0
    iterations: int = 0
    seconds: float = 0.0
    notes: dict[str, Any] = field(default_factory=dict)

    @property
    def first_player_win_probability(self) -> float:
        """The starting player's chance, the starting seat drawn at random (D-7)."""
        return float((self.win[0, 0, 0] + self.win[1, 0, 0]) / 2)


class SolveFailed(RuntimeError):
    """The solve did not converge: no table is made from it (the game plays as Expert)."""


def _steps(points: int) -> int:
    return points // STEP


def option_extra(rules: Rules, extra: int | None) -> int:
    """The points by which an option solver's bank of the game point waits (``extra``
    of :func:`.penalty.solve`, :func:`.surpass.solve` and :func:`.challenge.solve`): by
    default 2,000 (core's turn cap) when the throw after a corner is compulsory, else 0."""
    if extra is None:
        extra = DEFAULT_EXTRA if rules.corner_throw_mandatory else 0
    if extra < 0 or extra % STEP:
        raise ValueError("extra must be a non-negative multiple of 50")
    return extra


def turn_states(rules: Rules, lo: int, extra: int) -> int:
    """(turn score, dice left) states for one opponent's score, summed over the own scores
    ``lo`` .. game point - 1 (steps): the turn scores up to the cap, which a minimum to bank
    lifts above the game point, plus ``extra`` steps."""
    ng = _steps(rules.game_point)
    open_min, min_after = _steps(rules.opening_minimum), _steps(rules.minimum)
    return sum((max(ng - a, open_min if a == 0 else min_after, 1) + extra) * 6
               for a in range(lo, ng))


def solve(rules: Rules, *, extra: int = DEFAULT_EXTRA, tol: float = 1e-9,
          progress: bool | Callable[[float], None] = False) -> Solution:
    """Solve the two-player game under ``rules`` (options other than numbers unsupported).

    ``progress`` True reports on stderr; a callable is called with the share done (0 to 1)
    now and then, for a window's progress bar.

    The truncation: in the normal game a player whose board plus turn score exceeds the
    game point plus ``extra`` banks at once; in catch-up and tie-break turns a turn score
    above the game point plus ``extra`` banks at once.
    """
    unsupported = rules.options
    if unsupported:
        raise ValueError(f"the solver does not handle options: {', '.join(unsupported)}")
    if extra % STEP or extra < 0:
        raise ValueError("extra must be a non-negative multiple of 50")
    started = time.perf_counter()
    ng = _steps(rules.game_point)
    e = _steps(extra)
    ts = TurnSolver(rules)
    open_min, min_after = _steps(rules.opening_minimum), _steps(rules.minimum)
    if max(open_min, min_after) > ng + e:
        raise ValueError("the minimum to bank is above the turn cap")
    end_cap = ng + e  # turn-score cap of catch-up and tie-break turns
    rows = end_cap + ts.maxp + 1

    tie_first, second, passes = _tie_breaks(ts, rows, end_cap, min_after, tol)
    catch_up = _catch_ups(ts, rows, end_cap, open_min, min_after, tie_first)
    passes += 4

    # -- the main game, level by level, several levels per sweep -------------------------
    game = _Game(rules, ts, ng, e, open_min, min_after, catch_up)
    sweeps, fixups, level_passes = game.run(tol, progress, started)
    if game.unsettled:  # a table with levels still moving would play on wrong values
        raise SolveFailed(f"{game.unsettled} board states did not settle to {tol:g} after 100 "
                          f"exact passes for {rules.label}")
    passes += sweeps
    # states: board pairs x seat x (turn score, dice left) within the cap
    states = int(sum(2 * (ng + e - a) * 6 for a in range(ng)) * ng)
    return Solution(rules, e, np.ascontiguousarray(game.win), catch_up, tie_first, second,
                    states=states, iterations=passes, seconds=time.perf_counter() - started,
                    notes={"level_passes_max": max(level_passes), "sweeps": sweeps,
                           "fixups": fixups, "column_rows": ts.work,
                           "unsettled_levels": game.unsettled})


class TurnProblems(Protocol):
    """What the end tables need of a turn programme: :class:`TurnSolver`, or the
    stretches' of :mod:`.pyramid`."""

    def solve(self, bank: Any, trash: Any, minimum: Any, cap: Any) -> Any: ...


def _tie_breaks(ts: TurnProblems, rows: int, end_cap: int, min_after: int,
                tol: float) -> tuple[float, Any, int]:
    """Tie-break rounds (D-9), both tied players on the board: the first player's chance,
    ``second[x]`` (the second player's chance against a first player who added x) and the
    passes it took."""
    t_idx = xs = np.arange(rows)
    tie_first = 0.5
    caps = np.full(rows, end_cap)
    passes = 0
    for _ in range(200):
        passes += 1
        bank = np.where(t_idx[:, None] > xs[None, :], 1.0,
                        np.where(t_idx[:, None] == xs[None, :], 1.0 - tie_first, 0.0))
        trash = np.where(xs == 0, 1.0 - tie_first, 0.0)
        second = ts.solve(bank, trash, np.full(rows, min_after), caps)
        new = float(ts.solve((1.0 - second)[:, None], np.array([1.0 - second[0]]),
                             np.array([min_after]), np.array([end_cap]))[0])
        done = abs(new - tie_first) < tol * 1e-2
        tie_first = new
        if done:
            break
    return tie_first, second, passes


def _catch_ups(ts: TurnProblems, rows: int, end_cap: int, open_min: int, min_after: int,
               tie_first: float) -> Any:
    """Catch-up turns (D-8): the chaser's chance to beat a deficit d, by whether he is on
    the board and whether he sits in seat 0 (one pass each)."""
    t_idx = ds = np.arange(rows)  # a + t - b stays below ng + e + maxp + 1
    catch_up = np.zeros((2, 2, rows))
    for on_board in (0, 1):
        for seat0 in (0, 1):
            tie = tie_first if seat0 else 1.0 - tie_first  # seat 0 goes first (D-9)
            bank = np.where(t_idx[:, None] > ds[None, :], 1.0,
                            np.where(t_idx[:, None] == ds[None, :], tie, 0.0))
            minimum = np.full(rows, min_after if on_board else open_min)
            catch_up[on_board, seat0] = ts.solve(bank, np.zeros(rows), minimum,
                                                 np.full(rows, end_cap))
    return catch_up


#: The neighbours above a board state (a + i, b + j) a first guess extrapolates from, and
#: their weights: a quadratic surface through them, least squares, read at (a, b).
_STENCIL = ((1, 0), (0, 1), (1, 1), (2, 0), (0, 2), (2, 1), (1, 2), (2, 2))


def _stencil_weights() -> Any:
    fit = np.array([[1, i, j, i * i, i * j, j * j] for i, j in _STENCIL], dtype=float)
    return np.linalg.pinv(fit)[0]


#: The most columns of one call of the turn programme in :func:`solve_wide`: its arrays
#: stay in the caches (a column row costs 630-700 ns from 512 to 2,048 columns, 1,100 ns
#: at 128 and 3,200 ns at 32: the calls of each turn score cost the same at any width).
WIDE = 2048


def solve_wide(ts: TurnSolver, bank: Any, trash: Any, minimum: Any, cap: Any,
               cols: Any = None, wide: int = WIDE) -> Any:
    """``ts.solve`` of the columns ``cols`` of ``bank`` (all of them by default; ``minimum``
    and ``cap`` for all columns, ``trash`` for these), at most ``wide`` columns of similar
    caps at a time, each call with only the rows it reads."""
    if cols is None:
        cols = np.arange(bank.shape[1])
    out = np.empty(len(cols))
    caps = cap[cols]
    order = np.argsort(-caps, kind="stable")
    for i in range(0, len(cols), wide):
        j = order[i:i + wide]
        c = cols[j]
        rows = int(caps[j].max()) + ts.maxp + 1
        out[j] = ts.solve(bank[:rows, c], trash[j], minimum[c], caps[j])
    return out


def value_and_slope(ts: TurnSolver, bank: Any, cols: Any, y: Any, minimum: Any,
                    cap: Any) -> tuple[Any, Any]:
    """The turn values of the columns ``cols`` (of ``bank``, ``minimum`` and ``cap``) whose
    trash is worth ``y``, and their slope in ``y`` (a finite difference of ``_DELTA``): for
    a fixed policy a turn is linear in its trash value, which Newton's method uses."""
    both = solve_wide(ts, bank, np.concatenate([y, y + _DELTA]), minimum, cap,
                      np.concatenate([cols, cols]))
    j = len(cols)
    return both[:j], (both[j:] - both[:j]) / _DELTA


def level_blocks(lo: int, ng: int, together: int) -> list[list[int]]:
    """The levels ``a + b`` of boards from ``lo`` to ``ng - 1`` steps, top down, ``together``
    at a time (a bank moves up at least the smaller minimum: levels closer than that never
    read each other, so they may be solved side by side)."""
    levels = list(range(2 * (ng - 1), 2 * lo - 1, -1))
    return [levels[i:i + together] for i in range(0, len(levels), together)]


def level_starts(level: int, ng: int) -> tuple[Any, Any, Any, Any]:
    """The turn starts of a level (boards ``a + b = level``, both below ``ng`` steps), each
    with seat 0 and then seat 1 to move: ``(a, b, seat, partner)``, ``partner`` the index of
    the start that trash hands the turn to (the other seat at ``(b, a)``)."""
    a = np.arange(max(0, level - ng + 1), min(level, ng - 1) + 1)
    k = len(a)
    aa = np.concatenate([a, a])
    seat = np.concatenate([np.zeros(k, int), np.ones(k, int)])
    partner = np.concatenate([np.arange(k)[::-1] + k, np.arange(k)[::-1]])
    return aa, level - aa, seat, partner


def _guess(win: Any, seat: Any, a: Any, b: Any, ng: int) -> Any:
    """A first value of each board state from the states above it (solved, or estimated by
    a sweep still at work on them): a quadratic surface through eight neighbours, or where
    they run off the board a plane through three, or one neighbour."""
    def at(i: int, j: int) -> Any:
        return win[seat, np.minimum(a + i, ng - 1), np.minimum(b + j, ng - 1)]

    quad = sum(w * at(i, j) for w, (i, j) in zip(_stencil_weights(), _STENCIL, strict=True))
    plane = at(1, 0) + at(0, 1) - at(1, 1)
    guess = np.where((a + 2 < ng) & (b + 2 < ng), quad,
                     np.where((a + 1 < ng) & (b + 1 < ng), plane,
                              np.where(b + 1 < ng, at(0, 1),
                                       np.where(a + 1 < ng, at(1, 0), np.nan))))
    return np.where(np.isnan(guess), 0.5, guess)


def _coupled(alpha: Any, beta: Any, ap: Any, bp: Any, x: Any) -> Any:
    """Newton's step for columns coupled pairwise by trash: ``x = alpha + beta (1 - x')``
    and ``x' = ap + bp (1 - x)`` solved together, kept to a chance (0 .. 1).  Where both
    slopes are near one the pair has no single solution in its linear model: the plain
    step, ``alpha + beta (1 - x')`` at the partner's ``x'`` as it stands."""
    den = 1.0 - beta * bp
    ok = den > 1e-9
    new = np.where(ok, (alpha + beta - beta * ap - beta * bp) / np.where(ok, den, 1.0),
                   alpha + beta * (1.0 - (ap + bp * (1.0 - x))))
    return np.clip(new, 0.0, 1.0)


@dataclass(eq=False)
class _Level:
    """The board states with one sum ``a + b`` and where their Newton iteration stands.

    Columns: ``(a, seat 0)`` for every ``a``, then ``(a, seat 1)``; a column's *partner* is
    the opponent's state ``(b, a)`` after trash.  While levels above are unfinished
    (``exact`` False), ``depth`` > 0 says that rows 1 to ``depth`` of some column's last
    pass banked into their estimates; ``kept`` holds every column's value rows of its last
    pass (at trash, then at trash + delta), to redo those rows once they are finished.
    """

    level: int
    a: Any
    b: Any
    seat: Any
    partner: Any
    cap: Any
    minimum: Any
    x: Any  # the chance of the player to move, as far as known
    alpha: Any  # the value of each column's turn: alpha + beta * trash value
    beta: Any
    moving: Any  # the columns the next pass must solve
    trash: Any  # the trash value of each column's last pass
    slope: Any  # the next pass also solves the column at trash + delta (a new slope)
    sloped: Any  # the last pass did
    steps: Any  # each column's last Newton step
    hi: Any = None  # each column's rows that may throw, and the trash value that showed it
    hi_at: Any = None
    exact: bool = False  # every level above is finished
    depth: int = 0
    kept: Any = None
    banks: Any = None  # every column's bank values, rows above _MAX_LEVELS final
    cols: Any = None  # the columns of the last pass and their values (then at trash +
    f: Any = None  # delta, for the columns with ``sloped``)
    passes: int = 0
    exact_passes: int = 0  # of those, the passes made once every level above was finished


class _Game:
    """The normal game's board states, solved in sweeps of several levels.

    A bank moves to a higher level and trash to the partner at the same level, so a
    level's turn problems need the levels above (to bank into) and their own trash values,
    which Newton's method settles (the value is linear in the trash value for a fixed
    policy).  A level needs the level ``d`` above it only at turn score ``d``: a sweep
    solves a level together with the unfinished levels above it, using their estimates
    for those few low rows, and redoes just those rows (from the value rows kept above
    them) once the levels above are finished.  So every value a level ends with is exact,
    as if the levels were solved one by one, and a sweep is wide enough for numpy.
    """

    def __init__(self, rules: Rules, ts: TurnSolver, ng: int, e: int, open_min: int,
                 min_after: int, catch_up: Any) -> None:
        self.rules, self.ts, self.ng, self.e = rules, ts, ng, e
        self.open_min, self.min_after = open_min, min_after
        self.rows = ng + e + ts.maxp + 1
        self.catch_up = catch_up
        # the board states, each row followed by room for a bank's turn scores, so that a
        # level's bank values are a strided view (see _bank_rows); ``win`` is a view of it
        self.wide = np.full((2, ng, ng + self.rows), np.nan)
        self.win = self.wide[:, :, :ng]
        # each catch-up row, with room before it and its last value repeated after it
        self.room = 2 * ng
        pad = np.repeat(catch_up[..., -1:], 2 * ng + self.rows, axis=-1)
        self.chase = np.concatenate([np.zeros((2, 2, self.room)), catch_up, pad], axis=-1)
        self.keep = _MAX_LEVELS + ts.maxp  # value rows kept: enough to redo any depth

    def level(self, level: int) -> _Level:
        ng = self.ng
        aa, bb, seat, partner = level_starts(level, ng)
        k = len(aa) // 2
        x = _guess(self.win, seat, aa, bb, ng)
        self.win[seat, aa, bb] = x
        lv = _Level(level, aa, bb, seat, partner, ng + self.e - aa,
                      np.maximum(np.where(aa == 0, self.open_min, self.min_after), 1), x,
                      np.zeros(2 * k), np.zeros(2 * k), np.ones(2 * k, bool),
                      np.zeros(2 * k), np.ones(2 * k, bool), np.ones(2 * k, bool),
                      np.full(2 * k, np.inf), ng + self.e - aa, np.full(2 * k, np.nan))
        return lv

    def bank(self, lv: _Level, cols: Any) -> Any:
        """Banking values of these columns: (rows, columns).  A level's are worked out
        once; a bank of ``t`` reaches the level ``t`` above, so only the rows up to
        _MAX_LEVELS can bank into levels still unfinished, and only they are worked out
        again at each pass."""
        if lv.banks is None:
            lv.banks = self._bank_rows(lv, self.rows)
        else:
            lv.banks[:_MAX_LEVELS + 1] = self._bank_rows(lv, _MAX_LEVELS + 1)
        return lv.banks[:, cols]

    def _bank_rows(self, lv: _Level, rows: int) -> Any:
        """The bank values of turn scores 0 .. rows - 1 of all the level's columns.

        Banking ``t`` from ``(a, b)`` gives the opponent the move at ``(b, a + t)``: for
        the columns ``a0, a0 + 1, ...`` of one seat, row ``b = level - a`` falls by one as
        ``a`` rises, so in the wide table the values lie ``width - 1`` apart from column
        to column and 1 apart from turn score to turn score: a strided view, no gather.
        Past the game point the catch-up turn decides, ``a + t - b`` apart in its row."""
        ng, k = self.ng, len(lv.a) // 2
        a0, level = int(lv.a[0]), lv.level
        width = self.wide.shape[2]
        out = np.empty((rows, 2 * k))
        past = np.arange(rows)[:, None] >= (ng - lv.a[:k])[None, :]  # reach >= ng
        for seat in (0, 1):
            opp = 1 - seat
            flat = self.wide[opp].reshape(-1)
            start = (level - a0) * width + a0
            wv = as_strided(flat[start:], (rows, k), (flat.itemsize,
                                                      -(width - 1) * flat.itemsize))
            if self.rules.catch_up:
                row = self.chase[1, int(opp == 0)]
                cv = as_strided(row[self.room + 2 * a0 - level:], (rows, k),
                                (row.itemsize, 2 * row.itemsize))
                half = np.where(past, cv, wv)
                if level - a0 - k + 1 == 0:  # the last column's opponent is not on the board
                    d = a0 + k - 1 + np.arange(rows)
                    zero = self.chase[0, int(opp == 0), self.room + d]
                    half[:, -1] = np.where(past[:, -1], zero, wv[:, -1])
            else:  # the first to reach the game point wins at once
                half = np.where(past, 0.0, wv)
            np.subtract(1.0, half, out=out[:, seat * k:(seat + 1) * k])
        return out

    def caps(self, lv: _Level, cols: Any, bank: Any, which: Any, trash: Any) -> tuple[Any, Any]:
        """The caps of the problems ``which`` (indices into ``cols``, whose bank values are
        ``bank``) at these trash values, and which caps were proven now.

        Where an earlier pass showed that every row above ``hi`` banks at any trash value
        within _MARGIN of ``hi_at``, rows above ``hi`` are not solved (those from 1 to
        _MAX_LEVELS always are: their bank values may have been estimates then).  The other
        problems get a proof from their bank values (:meth:`TurnSolver.proven_caps`, which
        reads only rows above _MAX_LEVELS); a column solved at trash and at trash + delta
        is proven once, at the higher trash value (a throw is worth more there, so its
        rows that bank bank at the lower one too)."""
        c = cols[which]
        cap = lv.cap[c]
        known = np.abs(trash - lv.hi_at[c]) <= _MARGIN / 2
        cap = np.where(known, np.minimum(cap, np.maximum(lv.hi[c], _MAX_LEVELS)), cap)
        if not known.all():
            new, back = np.unique(which[~known], return_inverse=True)
            top = np.full(len(new), -np.inf)
            np.maximum.at(top, back, trash[~known])
            proven = self.ts.proven_caps(bank[:, new], top, lv.minimum[cols[new]],
                                         lv.cap[cols[new]], _MARGIN, _MAX_LEVELS)
            cap[~known] = proven[back]
        return cap, ~known

    def problems(self, lv: _Level, cols: Any, sloped: Any,
                 low: bool = False) -> tuple[Any, ...]:
        """The turn problems of these columns, and of those ``sloped`` at trash + delta:
        bank values, trash values, minimums, caps, which caps were proven, their places.
        ``low``: only rows up to _MAX_LEVELS will be solved (no caps needed below that)."""
        bank = self.bank(lv, cols)
        more = cols[sloped]
        trash = np.concatenate([lv.trash[cols], lv.trash[more] + _DELTA])
        which = np.concatenate([np.arange(len(cols)), np.flatnonzero(sloped)])
        if low:
            cap, proven = lv.cap[cols[which]], np.zeros(len(which), bool)
        else:
            cap, proven = self.caps(lv, cols, bank, which, trash)
        return (bank[:, which], trash, lv.minimum[cols[which]], cap, proven,
                np.concatenate([cols, more + len(lv.a)]))

    def sweep(self, active: list[_Level]) -> None:
        """One Newton pass of every unfinished level (its moving columns), in one solve."""
        parts = []
        for lv in active:
            lv.cols = np.flatnonzero(lv.moving)
            lv.sloped[lv.cols] = lv.slope[lv.cols]
            lv.trash[lv.cols] = 1.0 - lv.x[lv.partner[lv.cols]]
            parts.append(self.problems(lv, lv.cols, lv.slope[lv.cols]))
        provisional = len(active) > 1 or active[0].kept is not None
        # the bank rows every solve needs: up to the highest cap and a throw's points
        need = max(int(p[3].max(initial=0)) for p in parts) + self.ts.maxp + 1
        parts = [(p[0][:need], *p[1:]) for p in parts]
        bank, trash, minimum, cap, _, _ = (np.concatenate(p, axis=-1)
                                           for p in zip(*parts, strict=True))
        hi = np.empty(len(trash), int)
        result = self.ts.solve(bank, trash, minimum, cap, keep=self.keep if provisional else 0,
                               throws_to=hi, margin=_MARGIN)
        values, rows = result if provisional else (result, None)
        pos = 0
        for depth, (lv, part) in enumerate(zip(active, parts, strict=True)):
            where = part[5]
            lv.f = values[pos:pos + len(where)]
            # a column whose rows were proven anchors its rows that may throw here
            full = part[4][:len(lv.cols)]
            anchor = lv.cols[full]
            lv.hi[anchor] = hi[pos:pos + len(lv.cols)][full]
            lv.hi_at[anchor] = lv.trash[anchor]
            if rows is not None and (depth or lv.kept is not None):
                if lv.kept is None:
                    lv.kept = Kept([], np.zeros(2 * len(lv.a), int), np.zeros(2 * len(lv.a), int))
                lv.kept.slabs.append(rows.slabs[0])
                lv.kept.slab[where] = len(lv.kept.slabs) - 1
                lv.kept.at[where] = rows.at[pos:pos + len(where)]
                lv.depth = max(lv.depth, depth)
            lv.passes += 1
            pos += len(where)

    def fix(self, lv: _Level) -> None:
        """Redo the low rows of every column that banked into estimates, now finished."""
        lv.cols = np.arange(len(lv.a))
        bank, trash, minimum, cap, _, where = self.problems(lv, lv.cols, lv.sloped, low=True)
        lv.f = self.ts.solve(bank, trash, minimum, cap, top=lv.depth, q=lv.kept[where])
        lv.depth, lv.kept = 0, None

    @staticmethod
    def newton(lv: _Level, tol: float) -> bool:
        """Newton's step on the level's trash coupling; True when no column moved.

        A column solved at trash + delta too gets a new slope; the others keep theirs (a
        chord step), and get a new one next time if their step did not shrink enough.
        """
        cols = lv.cols
        j = len(cols)
        f = lv.f[:j]
        sloped = lv.sloped[cols]
        beta = lv.beta[cols]
        # a turn's value moves with its trash value by the chance of ending in trash, so a
        # slope outside 0 .. 1 is a finite difference across a change of policy: cut it
        beta[sloped] = np.clip((lv.f[j:] - f[sloped]) / _DELTA, 0.0, 1.0)
        plain = lv.exact_passes >= _PLAIN
        if plain:
            beta[:] = 0.0
        lv.alpha[cols] = f - beta * lv.trash[cols]
        lv.beta[cols] = beta
        ap, bp = lv.alpha[lv.partner], lv.beta[lv.partner]
        new = _coupled(lv.alpha, lv.beta, ap, bp, lv.x)
        step = np.abs(new - lv.x)
        moved = step >= tol
        lv.x = new
        # a column must be solved again if it or its partner moved
        lv.moving = moved | moved[lv.partner]
        lv.slope[cols] = ~sloped & (step[cols] > _SHRINK * lv.steps[cols]) & ~plain
        lv.steps[cols] = step[cols]
        return not moved.any()

    def run(self, tol: float, progress: bool | Callable[[float], None],
            started: float) -> tuple[int, int, list[int]]:
        """Solve every level; returns the sweeps, the rows redone and each level's passes."""
        active: list[_Level] = []
        top = 2 * self.ng - 2
        nxt = top
        sweeps = fixups = 0
        self.unsettled = 0  # levels given up after 100 exact passes, still moving
        level_passes: list[int] = []
        while active or nxt >= 0:
            width = sum(2 * int(lv.moving.sum()) for lv in active)
            while nxt >= 0 and len(active) < _MAX_LEVELS and (width < _WIDTH or not active):
                active.append(self.level(nxt))
                width += 2 * len(active[-1].a)
                nxt -= 1
            self.sweep(active)
            sweeps += 1
            i = 0
            while i < len(active):  # from the top: finish what the levels above allow
                lv = active[i]
                if i == 0 and lv.kept is not None:
                    self.fix(lv)
                    fixups += 1
                done = self.newton(lv, tol)
                self.win[lv.seat, lv.a, lv.b] = lv.x
                if i == 0:
                    lv.exact = True
                    lv.exact_passes += 1
                    if done or lv.exact_passes >= 100:
                        active.pop(0)
                        level_passes.append(lv.passes)
                        self.unsettled += not done
                        self._report(lv.level, top, progress, started)
                        continue
                i += 1
        return sweeps, fixups, level_passes

    @staticmethod
    def _report(level: int, top: int, progress: bool | Callable[[float], None],
                started: float) -> None:
        if level % 20:
            return
        if callable(progress):
            progress(1.0 - level / max(1, top))
        elif progress:
            print(f"level {level}: {time.perf_counter() - started:.1f}s", file=sys.stderr,
                  flush=True)
