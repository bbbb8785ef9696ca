"""What each option adds to perfect play: one small module a feature (pure Python).

A :class:`Feature` says which coordinates it adds to the turn starts of each family
(:mod:`..space`), what a bank and a trash do to them, the minimum it imposes, a choice it
offers at the start of a turn (a challenge), what it needs of the rules, and how its
coordinates are read off a game in play.  The engine (:mod:`..engine`) solves the product of
the features' coordinates; the tables (:mod:`..table`) play from it.  Every method works on
frames of ints and of numpy arrays alike (see :mod:`..space`).

The features: :mod:`.surpassing`, :mod:`.challenging`, :mod:`.penalty` (three trash turns
in a row), and :mod:`.ending` (the manuals' catch-up round and tie-breaks, or the first to
the game point winning at once), which every variant has.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..space import Coordinate, Family, Frame, maximum, minimum

if TYPE_CHECKING:
    from ...model.game import Game
    from ...model.rules import Rules

__all__ = ["Bounds", "Feature", "lower"]


@dataclass(frozen=True)
class Bounds:
    """The ranges of a variant's turn starts, in steps of 50.

    ``lo`` is the lowest board of the normal game, ``ng`` the game point, ``extra`` the turn
    cap beyond it, ``maxp`` the most points one freeze adds; ``rows`` the turn scores of a
    last turn (0 .. rows - 1); ``floor`` the lowest score (None: none)."""

    ng: int
    extra: int
    maxp: int
    lo: int
    floor: int | None
    open_min: int  # at least 1: a bank adds something
    min_after: int
    rows: int
    top: int  # the most a bank of the normal game adds: its highest cap plus maxp
    f_hi: int  # the highest board a bank of the normal game reaches
    last: int  # more than any turn of the end game adds (caps grow with a score to beat)
    lose: int = 0  # the most one trash can cost its player (a challenge's and a run's penalty)


def lower(board: Any, amount: Any, floor: int | None) -> Any:
    """A board after losing ``amount`` (a penalty, or points taken by a challenge), never
    below the lowest score (a board already below it stays, as the engine has it)."""
    if floor is None:
        return board - amount
    return maximum(board - amount, minimum(board, floor))


class Feature:
    """An option of the rules as perfect play sees it (the defaults: it adds nothing)."""

    #: the option's name (``Rules.options``), or the feature's own for ``ending``
    name = ""
    #: the coordinates it keeps for each player, by name (``run`` gives ``run0`` for the
    #: player to move, ``run1`` for the next)
    per_player: tuple[str, ...] = ()
    #: whether the end game must keep boards exactly (a challenge reads them)
    exact_end = False

    def refusal(self, rules: Rules, bounds: Bounds) -> str | None:
        """Why perfect play cannot be solved with this option under these rules (a phrase
        for a player), or None."""
        return None

    def coordinates(self, stage: str, far: bool, bounds: Bounds) -> list[Coordinate]:
        """The coordinates it adds to the turn starts of a family of this stage."""
        return []

    def fixed(self, stage: str, far: bool) -> Frame:
        """The values of its coordinates that a family of this stage does not keep."""
        return {}

    def feasible(self, frame: Frame, family: Family, bounds: Bounds) -> Any:
        """Which turn starts of a family can occur in a game (the others are not solved)."""
        return True

    def share(self, bounds: Bounds) -> float:
        """About which share of the normal game's turn starts can occur (the work)."""
        return 1.0

    def rank(self, frame: Frame) -> Any:
        """How much of the option is left: the normal game is solved from the lowest rank
        up (a choice that spends the option leads to a lower rank)."""
        return 0

    def need(self, frame: Frame, need: Any) -> Any:
        """The turn score needed to bank, raised by this option."""
        return need

    def choices(self, frame: Frame, bounds: Bounds) -> dict[str, Any]:
        """The choices it offers at the start of a turn beside throwing, each with where
        it is open (``challenge``)."""
        return {}

    def bank(self, frame: Frame, t: Any, choice: str, bounds: Bounds) -> Frame:
        """The frame after the mover banks ``t`` steps (boards already moved by the bank
        itself); still seen from the mover."""
        return frame

    def trash(self, frame: Frame, choice: str, bounds: Bounds) -> Frame:
        """The frame after the mover's trash; still seen from the mover."""
        return frame

    def start(self, rules: Rules) -> Frame:
        """Its coordinates at the start of a game."""
        return {}

    def read(self, game: Game, order: list[int]) -> Frame:
        """Its coordinates in a game in play; ``order`` lists the seats from the mover on."""
        return {}
