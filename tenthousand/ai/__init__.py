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
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from ..i18n import N_, _
from ..model.rules import LEVELS
from .moves import Move, apply, decide, step

if TYPE_CHECKING:
    from ..model.game import Game
    from ..model.rules import Rules

__all__ = ["LEVELS", "Decision", "Player", "Move", "make_player", "decide", "apply", "step",
           "play_game", "FALLBACK_PERFECT"]

#: Why a ``perfect`` player plays as Expert when no perfect-play table exists (in English;
#: the player's ``fallback_reason`` holds it translated).
FALLBACK_PERFECT = N_("no perfect-play table for these rules; playing Expert")


@dataclass(frozen=True)
class Decision:
    """A move at :attr:`Phase.CHOOSE`: freeze these dice, then bank or throw the rest."""

    freeze: tuple[int, ...]  # indices into game.thrown
    bank: bool  # True: game.bank(freeze); False: game.throw(freeze)


@runtime_checkable
class Player(Protocol):
    """What the game controller and the simulator ask of a computer player."""

    level: str
    fallback_reason: str | None

    def prepare(self) -> None:
        """Build the strategy tables (thread-safe, idempotent; may take ~2 s)."""

    @property
    def ready(self) -> bool:
        """Whether the tables are built, so decisions are fast."""

    def choose_challenge(self, game: Game) -> int | None:
        """The seat to challenge at Phase.START, or None."""

    def choose_move(self, game: Game) -> Decision:
        """A legal move at Phase.CHOOSE.

        A player whose move can take more than a few milliseconds also has
        ``think(game) -> Callable[[], None] | None``: the slow part, which the window runs
        in a worker thread before it asks (``None``: the move is quick already).
        """

    def choose_discard(self, game: Game) -> int:
        """Mutant Trash, Phase.DISCARD: an index into ``game.discard_choices``."""


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
