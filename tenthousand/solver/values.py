"""Win probabilities of a two-player position from the shipped table (pure Python).

The table holds the chance of the player to move at the start of every normal turn, and the
chances of the end game (catch-up turns, tie-break rounds).  Inside a turn the values follow
from those by the same dynamic programme the solver runs (see :mod:`.core`), here in plain
Python for the one turn being played (:class:`~.turn.TurnValues`): 5-30 ms the first time a
turn is asked about (median 12 ms in Ten-Thousand), then cached.

For the advisor::

    adv = advice(game)            # Phase.CHOOSE, two seats, table shipped; else None
    for f in adv.freezes:         # every legal freeze of the throw
        f.faces, f.points, f.throw, f.bank   # win chances after it (None: not allowed)
    adv.win                       # each seat's chance now, under perfect play from here
    win_probabilities(game)       # the same bar values at any moment
"""

from __future__ import annotations

from dataclasses import dataclass

from ..model.game import Game, Phase
from ..model.rules import Rules
from . import dice
from .challenge_end_table import ChallengeEndTable
from .challenge_end_table import start_chance as challenge_end_start_chance
from .challenge_end_table import turn_values as challenge_end_turn_values
from .challenge_penalty_end_table import ChallengePenaltyEndTable
from .challenge_penalty_end_table import start_chance as challenge_penalty_end_start_chance
from .challenge_penalty_end_table import turn_values as challenge_penalty_end_turn_values
from .challenge_table import ChallengeTable
from .challenge_table import start_chance as challenge_start_chance
from .challenge_table import turn_values as challenge_turn_values
from .penalty_end_table import PenaltyEndTable
from .penalty_end_table import turn_values as penalty_end_turn_values
from .penalty_table import PenaltyTable
from .penalty_table import turn_values as penalty_turn_values
from .pyramid_table import PyramidTable, PyramidTurn
from .pyramid_table import freeze_values as pyramid_freeze_values
from .pyramid_table import turn_values as pyramid_turn_values
from .rotary_table import RotaryStretch, RotaryTable
from .rotary_table import turn_values as rotary_turn_values
from .surpass_challenge_table import SurpassChallengeTable
from .surpass_challenge_table import start_chance as surpass_challenge_start_chance
from .surpass_challenge_table import turn_values as surpass_challenge_turn_values
from .surpass_end_table import SurpassEndTable
from .surpass_end_table import turn_values as surpass_end_turn_values
from .surpass_penalty_end_table import SurpassPenaltyEndTable
from .surpass_penalty_end_table import turn_values as surpass_penalty_end_turn_values
from .surpass_table import SurpassTable
from .surpass_table import turn_values as surpass_turn_values
from .table import Table, load
from .turn import _CACHE as _CACHE  # the solved turns kept (tests empty it)
from .turn import TurnValues, _cached, cache_limit, set_cache_limit

__all__ = ["STEP", "Advice", "FreezeValue", "TurnValues", "advice", "cache_limit",
           "set_cache_limit", "table_for", "turn_values", "win_probabilities"]

STEP = dice.STEP


# -- positions -------------------------------------------------------------------------


def table_for(game: Game) -> Table | None:
    """The shipped table that answers this game, or None (not two seats, no table)."""
    if len(game.seats) != 2:
        return None
    return load(game.rules)


def turn_values(game: Game, table: Table | None = None
                ) -> TurnValues | PyramidTurn | RotaryStretch | None:
    """The turn problem of the player to move (START or CHOOSE), or None if the table
    cannot answer it (scores off the table's grid, a stage it does not know)."""
    table = table or table_for(game)
    if table is None or game.phase not in (Phase.START, Phase.CHOOSE):
        return None
    if isinstance(table, RotaryTable):  # no bank: the stretch, pegging at each corner
        return rotary_turn_values(game, table)
    if isinstance(table, PyramidTable):  # the stretch is part of the turn's state (D-10)
        return pyramid_turn_values(game, table)
    if isinstance(table, SurpassChallengeTable):  # both of the next two, in every stage
        return surpass_challenge_turn_values(game, table)
    if isinstance(table, SurpassPenaltyEndTable):  # the score to beat and the runs
        return surpass_penalty_end_turn_values(game, table)
    if isinstance(table, SurpassEndTable):  # the score to beat, in every stage (D-14)
        return surpass_end_turn_values(game, table)
    if isinstance(table, ChallengeEndTable):  # the challenges left, in every stage
        return challenge_end_turn_values(game, table)
    if isinstance(table, ChallengePenaltyEndTable):  # the challenges left and the runs
        return challenge_penalty_end_turn_values(game, table)
    if isinstance(table, PenaltyEndTable):  # the runs of trash, in every stage
        return penalty_end_turn_values(game, table)
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
        if isinstance(tv, RotaryStretch):  # no bank: freeze and throw on (or peg a corner)
            left = n - len(faces)
            out.append(FreezeValue(faces, points, tv.after(t0 + points // STEP, left), None))
            continue
        allowed = game.bank_refusal(game.indices_for(faces)) is None
        if isinstance(tv, PyramidTurn):  # valued from the stretch the freeze makes
            throw, banked = pyramid_freeze_values(game, tv, faces, points)
            out.append(FreezeValue(faces, points, throw, banked if allowed else None))
            continue
        t = t0 + points // STEP
        left = n - len(faces)
        throw = tv.throw(t, 6 if left == 0 else left)
        bank = tv.bank(t) if allowed else None
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
    elif game.phase is Phase.START and isinstance(table, ChallengeEndTable | SurpassChallengeTable):
        found = (surpass_challenge_start_chance(game, table)
                 if isinstance(table, SurpassChallengeTable)
                 else challenge_end_start_chance(game, table))
        if found is None:
            return None
        mover = found
    elif game.phase is Phase.START and isinstance(table, ChallengePenaltyEndTable):
        found = challenge_penalty_end_start_chance(game, table)
        if found is None:
            return None
        mover = found
    elif (game.phase is Phase.START and game.stage == "normal" and mine % STEP == 0
            and not isinstance(table, PenaltyTable | SurpassTable | SurpassEndTable
                                   | SurpassChallengeTable
                                   | PenaltyEndTable)
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

