"""Surpassing: to bank, beat what the player before you added on his most recent turn.

The coordinate ``added{k}`` is what player ``k`` (counted from the mover) added on his most
recent turn; only the previous player's is kept (the mover's own is overwritten by the turn
he is about to play before anybody reads it), in every stage (D-14).  A bank of ``t`` makes
it ``t``, a trash 0 (whether or not the trash cost a penalty).  The minimum becomes one step
above it.  In the normal game it is at most the previous player's board above the lowest
score; in the last turns at most a last turn's score.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..space import Coordinate, Family, Frame, maximum
from . import Bounds, Feature

if TYPE_CHECKING:
    from ...model.game import Game


class Surpassing(Feature):
    name = "surpassing"
    per_player = ("added",)

    def __init__(self, players: int = 2, challenging: bool = False) -> None:
        self.before = f"added{players - 1}"  # the player seated before the mover
        self.challenging = challenging

    def coordinates(self, stage: str, far: bool, bounds: Bounds) -> list[Coordinate]:
        if stage == "normal":
            return [Coordinate(self.before, 0, bounds.ng - bounds.lo)]
        return [Coordinate(self.before, 0, bounds.last)]

    def feasible(self, frame: Frame, family: Family, bounds: Bounds) -> Any:
        added = frame[self.before]
        if family.stage == "normal":  # he added it to a board at least the lowest
            return added <= frame["board1"] - bounds.lo
        if family.stage == "catch-up":  # the finisher's bank of the normal game
            if family.boards.form == "exact":  # from a board of the normal game
                before = frame["board1"] - added
                return (before >= bounds.lo) & (before < bounds.ng)
            return added <= bounds.top
        if family.stage == "tie-second":  # the first of the round added it: he is that far
            ahead = frame["board1"] - frame["board0"]  # ahead (twice with a challenge bank)
            if not self.challenging:
                return (added == 0) | (ahead == added)
            if bounds.floor is None or family.far:
                return (added == 0) | (ahead == added) | (ahead == 2 * added)
            # less where the lowest score stopped what the challenge took
            return (added == 0) | ((ahead >= added) & (ahead <= 2 * added))
        return True

    def need(self, frame: Frame, need: Any) -> Any:
        return maximum(need, frame[self.before] + 1)

    def bank(self, frame: Frame, t: Any, choice: str, bounds: Bounds) -> Frame:
        return {**frame, "added0": t}

    def trash(self, frame: Frame, choice: str, bounds: Bounds) -> Frame:
        return {**frame, "added0": 0 * frame["board0"]}

    def start(self, rules: Any) -> Frame:
        return {self.before: 0}

    def read(self, game: Game, order: list[int]) -> Frame:
        return {self.before: game.turn_added[order[-1]] // 50}
