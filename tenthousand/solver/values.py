"""Win probabilities of a position in play, from the table of its rules (pure Python).

The table (:mod:`.table`) holds the chance of the player to move at every turn start;
inside a turn the values follow from those by the turn model's own programme, run in plain
Python for the one turn being played (:class:`.turn.TurnValues` and its kin): 5-30 ms the
first time a turn is asked about, then cached.  Every variant is asked the same way, so
what the advisor, the Perfect player, the charts and the history read at a turn start is
the table's own value there.

For the advisor::

    adv = advice(game)            # Phase.CHOOSE, a table answers; else None
    for f in adv.freezes:         # every legal freeze of the throw
        f.faces, f.points, f.throw, f.bank   # win chances after it (None: not allowed)
    adv.win                       # each seat's chance now, under perfect play from here
    win_probabilities(game)       # the same bar values at any moment
    challenge_values(game)        # at a turn's start: with a challenge and without
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..model.game import Game, Phase
from . import table3
from .table import Position, Table, load
from .turn import _CACHE as _CACHE  # the solved turns kept (tests empty it)
from .turn import TurnValues, cache_limit, set_cache_limit

__all__ = ["STEP", "Advice", "FreezeValue", "TurnValues", "advice", "cache_limit",
           "challenge_values", "position", "set_cache_limit", "table_for", "turn_values",
           "win_probabilities"]

STEP = 50


def table_for(game: Game) -> Any:
    """The table that answers this game, or None (no table for its rules and seats): a
    :class:`.table.Table` for two seats, a :class:`.table3.Table3` for three."""
    if len(game.seats) == 3:
        return table3.load(game.rules)
    if len(game.seats) != 2:
        return None
    return load(game.rules)


def position(game: Game, table: Table | None = None) -> Position | None:
    """The turn start the game is at (its table's), or None (three seats: see
    :func:`turn_values`)."""
    if len(game.seats) != 2:
        return None
    table = table or table_for(game)
    if table is None or game.phase not in (Phase.START, Phase.CHOOSE):
        return None
    return table.position(game)


def _choice(game: Game) -> str:
    return "challenge" if game.challenge_target is not None else "plain"


def turn_values(game: Game, table: Table | None = None) -> Any:
    """The turn the player to move plays (START or CHOOSE): a challenge turn once he has
    challenged, else the plain turn; None where the table does not answer.  With three
    seats a :class:`.turn3.Turn3` as the mover plays it (:func:`playing`)."""
    if len(game.seats) == 3:
        return playing(game)
    table = table or table_for(game)
    found = position(game, table)
    if table is None or found is None:
        return None
    choice = _choice(game)
    if choice not in table.choices(found):
        return None
    return table.turn(found, choice)


def challenge_turn(game: Game, table: Table | None = None) -> Any:
    """The turn of the player to move if he challenges now (None: no challenge here)."""
    table = table or table_for(game)
    found = position(game, table)
    if table is None or found is None or game.challenge_target is not None:
        return None
    return table.turn(found, "challenge") if "challenge" in table.choices(found) else None


def challenge_values(game: Game) -> tuple[float, float] | None:
    """At the start of a turn with a challenge to decide: the mover's chance if he
    challenges and if he throws without (None: no challenge here, or no table)."""
    if game.phase is not Phase.START or game.challenge_target is not None:
        return None
    table = table_for(game)
    found = position(game, table)
    if table is None or found is None or "challenge" not in table.choices(found):
        return None
    starts = table.starts(found)
    return starts["challenge"], starts["plain"]


@dataclass(frozen=True)
class FreezeValue:
    """What one freeze of the current throw is worth to the player to move."""

    faces: tuple[int, ...]
    points: int
    throw: float | None  # the chance after freezing and throwing on (None: not allowed)
    bank: float | None  # the chance after freezing and banking (None: not allowed)
    # with three seats: every seat's chance after throwing on and after banking
    throw_all: tuple[float, ...] | None = None
    bank_all: tuple[float, ...] | None = None

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
    win: tuple[float, ...]  # each seat's chance under perfect play from here
    freezes: tuple[FreezeValue, ...]  # in the order of game.legal_freezes()
    best: FreezeValue  # the best freeze; bank if best.bank_is_best
    #: three seats: the mover's equilibrium play mixes two policies this turn (drawn at
    #: its start), so choices equal for him may be played either way
    mixes: bool = False
    #: three seats: whether the best move banks, as the mover plays (None: best.bank_is_best)
    banks: bool | None = None


def advice(game: Game) -> Advice | None:
    """The value of every choice at Phase.CHOOSE, or None where no table answers."""
    if game.phase is not Phase.CHOOSE:
        return None
    if len(game.seats) == 3:
        return _advice3(game)
    tv = turn_values(game)
    if tv is None:
        return None
    out = [_freeze(game, tv, faces, points) for faces, points in game.legal_freezes()]
    if not out:
        return None
    best = max(out, key=lambda f: f.best)
    seat = game.current
    win = [0.0, 0.0]
    win[seat] = best.best
    win[1 - seat] = 1.0 - best.best
    return Advice(seat, (win[0], win[1]), tuple(out), best)


def _freeze(game: Game, tv: Any, faces: tuple[int, ...], points: int) -> FreezeValue:
    """A freeze valued by the turn's own model."""
    left = len(game.thrown) - len(faces)
    if game.rules.rotary_club:  # no bank: freeze and throw on (or peg a corner)
        return FreezeValue(faces, points, tv.after(game.stretch_score // STEP
                                                   + points // STEP, left), None)
    allowed = game.bank_refusal(game.indices_for(faces)) is None
    if game.rules.pyramiding:  # valued from the stretch the freeze makes
        from .turnmodels.stretches import freeze_values

        throw, banked = freeze_values(game, tv, faces, points)
        return FreezeValue(faces, points, throw, banked if allowed else None)
    t = game.turn_score // STEP + points // STEP
    throw = tv.throw(t, 6 if left == 0 else left)
    return FreezeValue(faces, points, throw, tv.bank(t) if allowed else None)


def win_probabilities(game: Game) -> tuple[float, ...] | None:
    """Each seat's chance of winning now under perfect play, or None (no table)."""
    table = table_for(game)
    if table is None:
        return None
    if game.phase is Phase.OVER:
        winners = [s for s, rank, _, _ in game.ranking() if rank == 1]
        return tuple(1.0 if s in winners else 0.0 for s in range(len(game.seats)))
    if len(game.seats) == 3:
        if game.phase is Phase.CHOOSE:
            adv = advice(game)
            return None if adv is None else adv.win
        turn = playing(game) if game.phase is Phase.START else None
        return None if turn is None else turn.start()
    if game.phase is Phase.CHOOSE:
        adv = advice(game)
        return None if adv is None else adv.win
    found = position(game, table)
    if found is None:
        return None
    if game.challenge_target is not None:  # the challenge is made: its turn
        tv = turn_values(game, table)
        if tv is None:
            return None
        mover = tv.start()
    else:  # before the mover decides: the table's value (the better of his choices)
        value = table.value(found)
        if value is None:
            return None
        mover = value
    out = [0.0, 0.0]
    out[game.current] = mover
    out[1 - game.current] = 1.0 - mover
    return (out[0], out[1])


# -- three seats ------------------------------------------------------------------------

def playing(game: Game) -> Any:
    """The turn the player to move plays in a three-seat game, as he plays it: where his
    equilibrium mixes two policies, the one drawn for this turn (:func:`.table3.draw`);
    None where no table answers or the game is not at a turn."""
    if game.phase not in (Phase.START, Phase.CHOOSE):
        return None
    tb = table3.load(game.rules)
    turn = None if tb is None else tb.turn(game)
    if turn is None:
        return None
    if turn.mixes and turn.play is not None:
        return turn.playing(table3.draw(game, turn.play[2]))
    return turn.playing(True)


def _advice3(game: Game) -> Advice | None:
    tv = playing(game)
    if tv is None:
        return None
    m = game.current
    out = []
    keys = []
    for faces, points in game.legal_freezes():
        left = len(game.thrown) - len(faces)
        t = game.turn_score // STEP + points // STEP
        row = tv._throw(t, 6 if left == 0 else left)
        throw = tuple(row[k] + row[3] * tv.trash[k] for k in range(3))
        allowed = game.bank_refusal(game.indices_for(faces)) is None
        bank = tv.bank(t) if allowed else None
        out.append(FreezeValue(faces, points, throw[m], None if bank is None else bank[m],
                               throw, bank))
        throw_key = row[m] + row[3] * tv.key
        keys.append(max(throw_key, bank[m]) if bank is not None else throw_key)
    if not out:
        return None
    i = max(range(len(out)), key=lambda j: keys[j])
    best = out[i]
    banks = best.bank_all is not None and best.bank_all[m] >= keys[i]
    win = best.bank_all if banks else best.throw_all
    assert win is not None
    return Advice(m, tuple(win), tuple(out), best, mixes=tv.mixes, banks=banks)
