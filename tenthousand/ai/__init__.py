"""Computer players (pure Python, no tkinter).

One interface for every level::

    player = make_player("expert", rules, seed=1)   # every level but perfect: see below
    player.prepare()                      # from a worker thread: builds the tables
    step(game, player)                    # ask the seat to play, then make its move

The game handed to a player is read-only for it: a player never calls a command on it.
Asking and moving are in :mod:`tenthousand.ai.moves`, shared by every front end.

The Perfect level is the solver's, a package above this one: front ends make their players
with :func:`tenthousand.solver.levels.make_player`, which is this :func:`make_player` with
the Perfect player added.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..i18n import _
from ..model.rules import LEVELS
from .interface import FALLBACK_PERFECT, Decision, PerfectFactory, Player
from .moves import Move, apply, decide, step

if TYPE_CHECKING:
    from ..model.game import Game
    from ..model.rules import Rules

__all__ = ["LEVELS", "Decision", "Player", "Move", "make_player", "decide", "apply", "step",
           "play_game", "FALLBACK_PERFECT", "PerfectFactory"]


def make_player(level: str, rules: Rules, *, seed: int | None = None,
                perfect: PerfectFactory | None = None, players: int = 2) -> Player:
    """A computer player of the given level for these rules.

    ``perfect`` is what ``perfect(rules, expert, players=...)`` makes (``players``: the
    seats of the game, which Perfect needs) (this package does not know the
    solver above it: :func:`tenthousand.solver.levels.make_player` passes its factory);
    without a factory, or when it makes None, the level is an Expert whose
    ``fallback_reason`` says why.
    """
    from . import players as kinds

    if level not in LEVELS:
        raise ValueError(f"unknown computer level {level!r}; choose from {', '.join(LEVELS)}")
    if level == "beginner":
        return kinds.HumanLike(rules, "beginner", seed=seed)
    if level == "normal":
        return kinds.HumanLike(rules, "normal", seed=seed)
    if level == "max-expected":
        return kinds.MaxExpected(rules, seed=seed)
    if level == "expert":
        return kinds.Expert(rules, seed=seed)
    # level == "perfect"
    expert = kinds.Expert(rules, seed=seed)
    made = None
    if perfect is not None:
        made = perfect(rules, expert) if players == 2 else perfect(rules, expert,
                                                                   players=players)
    if made is not None:
        return made
    expert.fallback_reason = _(FALLBACK_PERFECT)
    return expert


def play_game(game: Game, players: Sequence[Player], *, max_steps: int = 1_000_000) -> Game:
    """Play ``game`` to its end with one player per seat (for simulations and tests)."""
    steps = 0
    while not game.over:
        step(game, players[game.current])
        steps += 1
        if steps > max_steps:
            raise RuntimeError("the game does not end")
    return game
