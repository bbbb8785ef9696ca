"""Win probabilities of a two-player position from the shipped table (pure Python).

The table holds the chance of the player to move at the start of every normal turn, and the
chances of the end game (catch-up turns, tie-break rounds).  Inside a turn the values follow
from those by the same dynamic programme the solver runs (see :mod:`.core`), here in plain
Python for the one turn being played: 5-30 ms the first time a turn is asked about (median
12 ms in Ten-Thousand), then cached.

For the advisor::

    adv = advice(game)            # Phase.CHOOSE, two seats, table shipped; else None
    for f in adv.freezes:         # every legal freeze of the throw
        f.faces, f.points, f.throw, f.bank   # win chances after it (None: not allowed)
    adv.win                       # each seat's chance now, under perfect play from here
    win_probabilities(game)       # the same bar values at any moment
"""

from __future__ import annotations

import threading
from array import array
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from ..model.game import Game, Phase
from ..model.rules import Rules
from . import dice
from .challenge_table import ChallengeTable
from .challenge_table import start_chance as challenge_start_chance
from .challenge_table import turn_values as challenge_turn_values
from .penalty_table import PenaltyTable
from .penalty_table import turn_values as penalty_turn_values
from .surpass_table import SurpassTable
from .surpass_table import turn_values as surpass_turn_values
from .table import Table, load

STEP = dice.STEP


@lru_cache(maxsize=16)
def _groups(rules: Rules, n: int, first: bool
            ) -> tuple[float, tuple[tuple[float, tuple[tuple[int, int], ...]], ...]]:
    th = dice.throws(rules, n, first)
    return float(th.trash), tuple((float(p), opts) for p, opts in th.groups)


class TurnValues:
    """The best play inside one turn, given what banking and trash are worth.

    ``bank(t)`` is the mover's chance after banking a turn score of ``t`` steps, ``trash``
    his chance after trash, ``minimum`` the steps needed to bank, and a turn score above
    ``cap`` steps banks at once (the solver's truncation).

    The whole turn is solved the first time a value is asked for (about 5-35 ms) and kept
    in two flat arrays of float32 (about 8 KB), so a cache can hold many turns.
    """

    def __init__(self, rules: Rules, bank: Callable[[int], float], trash: float,
                 minimum: int, cap: int) -> None:
        self.rules = rules
        self._bank_fn = bank
        self.trash = trash
        self.minimum = max(minimum, 1)
        self.cap = cap
        self.maxp = dice.max_points(rules)
        self._banks: array[float] | None = None  # bank(t) for t = 0 .. cap + maxp
        self._rows: array[float] | None = None  # Q(t, m) at [6 * t + m] for t = 1 .. cap
        self._lock = threading.Lock()

    def bank(self, t: int) -> float:
        """The value of banking ``t`` steps (whether or not the rules allow it now)."""
        banks = self._banks if self._banks is not None else self._solve()[0]
        return banks[t] if 0 <= t < len(banks) else self._bank_fn(t)

    def can_bank(self, t: int, left: int) -> bool:
        """Whether the rules let the mover bank ``t`` steps with ``left`` dice (0: corner)."""
        if t < self.minimum:
            return False
        return not (left == 0 and self.rules.corner_throw_mandatory)

    def q(self, t: int, left: int) -> float:
        """The mover's chance after freezing up to ``t`` steps with ``left`` dice left."""
        if t > self.cap:
            return self.bank(t)  # the truncation: bank at once
        rows = self._rows if self._rows is not None else self._solve()[1]
        return rows[6 * t + left]

    def throw(self, t: int, n: int) -> float:
        """The mover's chance when throwing ``n`` dice with ``t`` steps (t = 0: first throw)."""
        trash, groups = _groups(self.rules, n, t == 0 and n == 6)
        total = trash * self.trash
        q = self.q
        for p, opts in groups:
            total += p * max(q(t + pts, left) for pts, left in opts)
        return total

    @property
    def solved(self) -> bool:
        """Whether the turn is solved, so every value is a quick lookup."""
        return self._rows is not None

    def solve(self) -> None:
        """Solve the turn now (5-35 ms; thread-safe): for a worker thread."""
        self._solve()

    def start(self) -> float:
        """The mover's chance at the start of the turn."""
        return self.throw(0, 6)

    def _solve(self) -> tuple[array[float], array[float]]:
        """Solve the turn backwards from the cap (once; thread-safe)."""
        with self._lock:
            if self._banks is not None and self._rows is not None:
                return self._banks, self._rows
            cap, maxp = self.cap, self.maxp
            banks = [self._bank_fn(u) for u in range(cap + maxp + 1)]
            mandatory = self.rules.corner_throw_mandatory
            tables = [_groups(self.rules, n, False) for n in range(1, 7)]
            # q[t][m] = Q(t, m); rows above the cap hold the bank value (bank at once)
            q: list[list[float]] = [[0.0] * 6 for _ in range(cap + 1)]
            q.extend([b] * 6 for b in banks[cap + 1:])
            minimum, trash_value = self.minimum, self.trash
            for t in range(cap, 0, -1):
                v = [0.0] * 7
                for n in range(1, 7):
                    trash, groups = tables[n - 1]
                    total = trash * trash_value
                    for p, opts in groups:
                        best = -1.0
                        for pts, left in opts:
                            val = q[t + pts][left]
                            if val > best:
                                best = val
                        total += p * best
                    v[n] = total
                b = banks[t]
                ok = t >= minimum
                row = q[t]
                for m in range(6):
                    on = v[6 if m == 0 else m]
                    if m == 0 and mandatory:
                        row[m] = on
                    else:
                        row[m] = b if ok and b > on else on
            # Kept as float32, like the table they come from: half the memory, so a
            # simulator's cache holds twice the turns.
            rows = array("f")
            for t in range(cap + 1):
                rows.extend(q[t])
            self._banks, self._rows = array("f", banks), rows
            return self._banks, self._rows


# -- positions -------------------------------------------------------------------------


def table_for(game: Game) -> Table | None:
    """The shipped table that answers this game, or None (not two seats, no table)."""
    if len(game.seats) != 2:
        return None
    return load(game.rules)


_CACHE: OrderedDict[tuple[object, ...], TurnValues] = OrderedDict()
_CACHE_LOCK = threading.Lock()
_cache_limit = 512  # about 10 KB each: enough for a game in the window


def cache_limit() -> int:
    """How many solved turns are kept."""
    return _cache_limit


def set_cache_limit(turns: int) -> None:
    """Keep up to ``turns`` solved turns.  The simulator raises it: a match of thousands of
    games meets the same board scores again and again (20,000 games of Ten-Thousand visit
    about 30,000 distinct positions of one player, 330,000 times)."""
    global _cache_limit
    if turns < 1:
        raise ValueError("the cache must hold at least one turn")
    with _CACHE_LOCK:
        _cache_limit = turns
        while len(_CACHE) > _cache_limit:
            _CACHE.popitem(last=False)


def _cached(key: tuple[object, ...], make: Callable[[], TurnValues]) -> TurnValues:
    with _CACHE_LOCK:
        tv = _CACHE.get(key)
        if tv is not None:
            _CACHE.move_to_end(key)
            return tv
    tv = make()
    with _CACHE_LOCK:
        tv = _CACHE.setdefault(key, tv)  # another thread may have made it meanwhile
        while len(_CACHE) > _cache_limit:
            _CACHE.popitem(last=False)
    return tv


def turn_values(game: Game, table: Table | None = None) -> TurnValues | None:
    """The turn problem of the player to move (START or CHOOSE), or None if the table
    cannot answer it (scores off the table's grid, a stage it does not know)."""
    table = table or table_for(game)
    if table is None or game.phase not in (Phase.START, Phase.CHOOSE):
        return None
    if isinstance(table, PenaltyTable):  # the runs of trash are part of the position
        return penalty_turn_values(game, table)
    if isinstance(table, SurpassTable):  # and so is what the last turn added
        return surpass_turn_values(game, table)
    if isinstance(table, ChallengeTable):  # and the challenges left, and one made
        return challenge_turn_values(game, table)
    rules = game.rules
    cur = game.current
    other = 1 - cur
    mine, theirs = game.board[cur], game.board[other]
    if mine % STEP or theirs % STEP or mine < 0 or theirs < 0:
        return None
    a, b = mine // STEP, theirs // STEP
    ng, end_cap = table.ng, table.ng + table.extra
    minimum = rules.minimum_for(mine) // STEP
    if game.stage == "normal":
        return None if a >= ng or b >= ng else _normal_turn(table, rules, cur, a, b, minimum)
    if game.stage == "catch-up" or (game.stage == "tie-break" and not game.queue):
        return _chase_turn(game, table, minimum)
    if game.stage == "tie-break":
        # The first of a tie-break round: the other player then chases what this turn adds.
        def bank_first(t: int) -> float:
            return 1.0 - table.second(t)

        key = ("tie-first", rules, minimum)
        return _cached(key, lambda: TurnValues(rules, bank_first, 1.0 - table.second(0),
                                               minimum, end_cap))
    return None


def _normal_turn(table: Table, rules: Rules, cur: int, a: int, b: int,
                 minimum: int) -> TurnValues:
    """A turn of the normal game, ``a`` against ``b`` (steps), from the table."""
    ng, other = table.ng, 1 - cur

    def bank_normal(t: int) -> float:
        reach = a + t
        if reach < ng:
            return 1.0 - table.w(other, b, reach)
        if not rules.catch_up:
            return 1.0  # the first to reach the game point wins at once
        return 1.0 - table.c(b > 0, other == 0, reach - b)

    key: tuple[object, ...] = ("normal", rules, cur, a, b)
    return _cached(key, lambda: TurnValues(rules, bank_normal, 1.0 - table.w(other, b, a),
                                           minimum, ng + table.extra - a))


def _chase_turn(game: Game, table: Table, minimum: int) -> TurnValues | None:
    """A catch-up turn, or the second of a tie-break round: chasing a fixed score, more
    wins, the same ties (a tie-break round, D-9)."""
    cur = game.current
    target = game.reacher if game.stage == "catch-up" else 1 - cur
    if target is None:
        return None
    d = (game.board[target] - game.board[cur]) // STEP
    if d < 0:
        return None
    if game.stage == "catch-up":
        tie = table.tie_first if cur == 0 else 1.0 - table.tie_first  # seat 0 first
    else:
        tie = 1.0 - table.tie_first  # the second of a round ties into a new round

    def bank_chase(t: int) -> float:
        return 1.0 if t > d else (tie if t == d else 0.0)

    trash = tie if d == 0 else 0.0
    key = ("chase", game.rules, d, tie, minimum)
    # The solver's rule, whatever the deficit: a turn score above the cap banks at once
    # (a chaser further behind than the cap has no chance, in the table and here).
    return _cached(key, lambda: TurnValues(game.rules, bank_chase, trash, minimum,
                                           table.ng + table.extra))


@dataclass(frozen=True)
class FreezeValue:
    """What one freeze of the current throw is worth to the player to move."""

    faces: tuple[int, ...]
    points: int
    throw: float | None  # the chance after freezing and throwing on (None: not allowed)
    bank: float | None  # the chance after freezing and banking (None: not allowed)

    @property
    def best(self) -> float:
        return max(v for v in (self.throw, self.bank) if v is not None)

    @property
    def bank_is_best(self) -> bool:
        return self.bank is not None and (self.throw is None or self.bank >= self.throw)


@dataclass(frozen=True)
class Advice:
    """Every choice of a throw with its value, and each seat's chance now."""

    seat: int  # the player to move
    win: tuple[float, float]  # each seat's chance under perfect play from here
    freezes: tuple[FreezeValue, ...]  # in the order of game.legal_freezes()
    best: FreezeValue  # the best freeze; bank if best.bank_is_best


def advice(game: Game) -> Advice | None:
    """The value of every choice at Phase.CHOOSE, or None where no table answers."""
    if game.phase is not Phase.CHOOSE:
        return None
    tv = turn_values(game)
    if tv is None:
        return None
    t0 = game.turn_score // STEP
    n = len(game.thrown)
    out = []
    for faces, points in game.legal_freezes():
        t = t0 + points // STEP
        left = n - len(faces)
        throw = tv.throw(t, 6 if left == 0 else left)
        bank = tv.bank(t) if game.bank_refusal(game.indices_for(faces)) is None else None
        out.append(FreezeValue(faces, points, throw, bank))
    if not out:
        return None
    best = max(out, key=lambda f: f.best)
    seat = game.current
    win = [0.0, 0.0]
    win[seat] = best.best
    win[1 - seat] = 1.0 - best.best
    return Advice(seat, (win[0], win[1]), tuple(out), best)


def win_probabilities(game: Game) -> tuple[float, float] | None:
    """Each seat's chance of winning now under perfect play, or None (no table)."""
    table = table_for(game)
    if table is None:
        return None
    if game.phase is Phase.OVER:
        winners = [s for s, rank, _, _ in game.ranking() if rank == 1]
        return (1.0 if 0 in winners else 0.0, 1.0 if 1 in winners else 0.0)
    if game.phase is Phase.CHOOSE:
        adv = advice(game)
        return None if adv is None else adv.win
    cur = game.current
    mine, theirs = game.board[cur], game.board[1 - cur]
    if game.phase is Phase.START and isinstance(table, ChallengeTable):
        # before the mover decides on a challenge: the better of the two, as the table has it
        found = challenge_start_chance(game, table)
        if found is None:
            return None
        mover = found
    elif (game.phase is Phase.START and game.stage == "normal" and mine % STEP == 0
            and not isinstance(table, PenaltyTable | SurpassTable)
            and theirs % STEP == 0 and 0 <= mine < table.rules.game_point
            and 0 <= theirs < table.rules.game_point):
        mover = table.w(cur, mine // STEP, theirs // STEP)  # straight from the table
    else:
        tv = turn_values(game, table)
        if tv is None:
            return None
        mover = tv.start()
    out = [0.0, 0.0]
    out[game.current] = mover
    out[1 - game.current] = 1.0 - mover
    return (out[0], out[1])

