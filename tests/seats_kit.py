"""A stand-in for perfect play with any number of seats, for the consumers of the solver's
chances (the advisor, its bars, the history's luck against skill) while the solver answers
two seats only: :func:`install` patches :mod:`tenthousand.solver.values` with answers of
the solver's own form, one chance per seat, summing to 1.

The values are made up but behave: a seat's chance grows with its board (and the mover's
with the points of his turn), the mover's chance after a freeze is what the position would
be worth with those points, banked or still at risk."""

from __future__ import annotations

import math
from typing import Any

from tenthousand.ai import make_player
from tenthousand.ai.moves import apply, decide
from tenthousand.model.game import Game, Phase, Seat
from tenthousand.model.rules import PRESETS, Rules
from tenthousand.solver import cache, values

#: The points that make a seat e times as likely to win as another.
SCALE = 1500.0


def _shares(scores: list[float]) -> tuple[float, ...]:
    weights = [math.exp(x / SCALE) for x in scores]
    total = sum(weights)
    return tuple(w / total for w in weights)


def _mover_chance(game: Game, points: float) -> float:
    """The mover's chance with ``points`` more on his board than he has."""
    scores = [float(b) for b in game.board]
    scores[game.current] += points
    return _shares(scores)[game.current]


def _with_mover(chances: tuple[float, ...], mover: int, value: float) -> tuple[float, ...]:
    """Each seat's chance when the mover's is ``value``: the others keep their shares."""
    rest = 1.0 - chances[mover]
    return tuple(value if s == mover else (1.0 - value) * p / rest
                 for s, p in enumerate(chances))


def win_probabilities(game: Game) -> tuple[float, ...] | None:
    """Each seat's chance now (1 for the winner once the game is over)."""
    if game.phase is Phase.OVER:
        winners = {s for s, rank, _, _ in game.ranking() if rank == 1}
        return tuple(1.0 if s in winners else 0.0 for s in range(len(game.seats)))
    if game.phase is Phase.CHOOSE:
        found = advice(game)
        if found is not None:
            return found.win
    return _shares([float(b) for b in game.board])


def advice(game: Game) -> values.Advice | None:
    """Every freeze of the throw valued for the mover, and each seat's chance."""
    if game.phase is not Phase.CHOOSE:
        return None
    freezes = []
    for faces, points in game.legal_freezes():
        total = game.turn_score + points
        allowed = game.bank_refusal(game.indices_for(faces)) is None
        throw = _mover_chance(game, 0.6 * total + 120)  # at risk, but more to come
        bank = _mover_chance(game, total) if allowed else None
        freezes.append(values.FreezeValue(tuple(faces), points, throw, bank))
    if not freezes:
        return None
    best = max(freezes, key=lambda f: f.best)
    now = _shares([float(b) for b in game.board])
    return values.Advice(game.current, _with_mover(now, game.current, best.best),
                         tuple(freezes), best)


def table_for(game: Game) -> Any:
    """A table for every game (the analysis asks before it walks the record)."""
    return object()


_unsolvable = cache.unsolvable


def unsolvable(rules: Rules, players: int = 2) -> str | None:
    """The solver's refusal, with three seats taken as well (without options)."""
    if players == 3:
        return "three-player perfect play takes no options" if rules.options else None
    return _unsolvable(rules, players)


def install(monkeypatch: Any) -> None:
    """Answer every game with these values, and let the solver's refusal take three seats
    (``monkeypatch``: pytest's, or any object with ``setattr(target, name, value)``)."""
    monkeypatch.setattr(values, "advice", advice)
    monkeypatch.setattr(values, "win_probabilities", win_probabilities)
    monkeypatch.setattr(values, "table_for", table_for)
    monkeypatch.setattr(cache, "unsolvable", unsolvable)


def played(seed: int) -> Game:
    """A whole three-seat game to 2,000: Ann (a person in the record) against two."""
    rules = PRESETS["ten-thousand"].with_options(game_point=2000)
    game = Game(rules, [Seat("Ann"), Seat("Bob", True), Seat("Cy", True)], seed=seed)
    players = [make_player(level, rules, seed=seed * 10 + i)
               for i, level in enumerate(("normal", "beginner", "expert"))]
    for p in players:
        p.prepare()
    while not game.over:
        apply(game, decide(game, players[game.current]))
    return game
