"""What a computer player is: the :class:`Player` interface and the :class:`Decision` it
gives at a throw.

Its own module, below every other of the package, so that the players, the game step
(:mod:`.moves`) and the package's facade all import it and none of them the facade.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from ..i18n import N_

if TYPE_CHECKING:
    from ..model.game import Game

__all__ = ["Decision", "Player", "PerfectFactory", "FALLBACK_PERFECT"]

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



#: Makes the Perfect player of some rules, which plays as the given fallback (an Expert)
#: where its table does not answer, or None when there is no perfect play for them:
#: :func:`tenthousand.solver.levels.perfect_player`, which the solver hands to
#: :func:`tenthousand.ai.make_player`.
PerfectFactory = Callable[..., "Player | None"]  # (rules, fallback, players=2)
