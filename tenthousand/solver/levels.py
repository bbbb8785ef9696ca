"""Every computer level, Perfect included: :func:`make_player` for the front ends.

The levels of :mod:`tenthousand.ai` are below the solver and do not know it; here the
Perfect level (:class:`~tenthousand.solver.player.PerfectPlayer`) joins them.  Its module,
and the tables behind it, load only when a Perfect player is asked for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import ai

if TYPE_CHECKING:
    from ..ai import Player
    from ..model.rules import Rules

__all__ = ["make_player", "perfect_player"]


def make_player(level: str, rules: Rules, *, seed: int | None = None,
                players: int = 2) -> Player:
    """A computer player of the given level for these rules (see
    :func:`tenthousand.ai.make_player`): ``perfect`` is the Perfect player when there is
    perfect play for the rules, otherwise an Expert whose ``fallback_reason`` says why."""
    return ai.make_player(level, rules, seed=seed, perfect=perfect_player, players=players)


def perfect_player(rules: Rules, fallback: Player, players: int = 2) -> Player | None:
    """The Perfect player for these rules and number of seats, playing as ``fallback`` where
    its table does not answer; None when there is no table and none can be solved here."""
    try:
        from .player import PerfectPlayer

        return PerfectPlayer.for_rules(rules, fallback, players)
    except ImportError:
        return None
