"""Computer players (pure Python, no tkinter).

One interface for every level::

    player = make_player("expert", rules, seed=1)
    player.prepare()                      # from a worker thread: builds the tables
    step(game, player)                    # ask the seat to play, then make its move

The game handed to a player is read-only for it: a player never calls a command on it.
Asking and moving are in :mod:`tenthousand.ai.moves`, shared by every front end.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..i18n import _
from ..model.rules import LEVELS
from .interface import FALLBACK_PERFECT, Decision, Player
from .moves import Move, apply, decide, step

if TYPE_CHECKING:
    from ..model.game import Game
    from ..model.rules import Rules

__all__ = ["LEVELS", "Decision", "Player", "Move", "make_player", "decide", "apply", "step",
           "play_game", "FALLBACK_PERFECT"]


def make_player(level: str, rules: Rules, *, seed: int | None = None) -> Player:
    """A computer player of the given level for these rules.

    ``perfect`` comes from :mod:`tenthousand.solver` when that module has a table for the
    rules; otherwise it is an Expert whose ``fallback_reason`` says why.
    """
    from . import players

    if level not in LEVELS:
        raise ValueError(f"unknown computer level {level!r}; choose from {', '.join(LEVELS)}")
    if level == "beginner":
        return players.HumanLike(rules, "beginner", seed=seed)
    if level == "normal":
        return players.HumanLike(rules, "normal", seed=seed)
    if level == "max-expected":
        return players.MaxExpected(rules, seed=seed)
    if level == "expert":
        return players.Expert(rules, seed=seed)
    # level == "perfect"
    expert = players.Expert(rules, seed=seed)
    perfect: Player | None = None
    try:
        from ..solver.player import PerfectPlayer  # type: ignore[import-not-found]

        perfect = PerfectPlayer.for_rules(rules, fallback=expert)
    except ImportError:
        perfect = None
    if perfect is not None:
        return perfect
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
