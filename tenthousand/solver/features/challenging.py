"""Challenging: at the start of a turn the mover may challenge the other player.

Each player has a first challenge, made while his board is below the game point (a trash in
it costs a tenth of the game point), and a second, made at the game point or above (four
tenths, D-11).  A bank in a challenge turn adds to the challenger and takes as much off the
other (never below the lowest score); either way the challenge is spent.  The coordinates
``first{k}`` and ``second{k}`` say whether player ``k`` still has each.

In the normal game nobody is at the game point, so the seconds are all there; in the
catch-up turn and the first tie-break round the seconds are there too (nobody has had a
turn at the game point yet) except in the second turn of a round; in the rounds far above
the game point (:mod:`.ending`) the firsts can no longer be made.  A challenge reads the
boards (the game point decides which one), so the end game keeps them exactly.

Boards fall only through challenges: at most one first challenge against each player and
the penalty of his own, so without a lowest score a board of the normal game never goes
below ``-(game point - 50) - penalty`` (:func:`lowest`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...i18n import _
from ..space import Coordinate, Family, Frame, where
from . import Bounds, Feature, lower

if TYPE_CHECKING:
    from ...model.game import Game
    from ...model.rules import Rules


def lowest(rules: Rules) -> int:
    """The lowest board of the normal game, in steps, without a lowest score."""
    return -(rules.game_point // 50 - 1) - rules.challenge_penalties[0] // 50


class Challenging(Feature):
    name = "challenging"
    per_player = ("first", "second")
    exact_end = True

    def __init__(self, rules: Rules) -> None:
        self.penalties = (rules.challenge_penalties[0] // 50, rules.challenge_penalties[1] // 50)

    def refusal(self, rules: Rules, bounds: Bounds) -> str | None:
        if rules.challenge_penalties[0] % 50 or rules.challenge_penalties[1] % 50:
            return _("challenging is solved only when a tenth of the game point (the penalty) "
                     "is a multiple of 50")
        return None

    def coordinates(self, stage: str, far: bool, bounds: Bounds) -> list[Coordinate]:
        if far:
            return [Coordinate("second0", 0, 2), Coordinate("second1", 0, 2)]
        firsts = [Coordinate("first0", 0, 2), Coordinate("first1", 0, 2)]
        if stage == "tie-second":
            return firsts + [Coordinate("second0", 0, 2), Coordinate("second1", 0, 2)]
        return firsts

    def fixed(self, stage: str, far: bool) -> Frame:
        if far:
            return {"first0": 0, "first1": 0}
        return {} if stage == "tie-second" else {"second0": 1, "second1": 1}

    def feasible(self, frame: Frame, family: Family, bounds: Bounds) -> Any:
        if family.stage != "normal" or bounds.floor is not None:
            return True
        # a board goes below zero only by a challenge against its player (less than the
        # game point) and his own challenge's penalty
        ok: Any = True
        for k in (0, 1):
            low = (where(frame[f"first{1 - k}"] == 0, -(bounds.ng - 1), 0)
                   - where(frame[f"first{k}"] == 0, self.penalties[0], 0))
            ok = ok & (frame[f"board{k}"] >= low)
        return ok

    def rank(self, frame: Frame) -> Any:
        return frame["first0"] + frame["first1"]

    def choices(self, frame: Frame, bounds: Bounds) -> dict[str, Any]:
        slot = where(frame["board0"] < bounds.ng, frame["first0"], frame["second0"])
        return {"challenge": slot == 1}

    def _spend(self, frame: Frame, bounds: Bounds) -> tuple[Frame, Any]:
        """The frame with the mover's challenge spent, and its penalty."""
        first = frame["board0"] < bounds.ng
        out = {**frame, "first0": where(first, 0, frame["first0"]),
               "second0": where(first, frame["second0"], 0)}
        return out, where(first, self.penalties[0], self.penalties[1])

    def bank(self, frame: Frame, t: Any, choice: str, bounds: Bounds) -> Frame:
        if choice != "challenge":
            return frame
        # the slot was chosen at the start of the turn, on the board before the bank
        start = {**frame, "board0": frame["board0"] - t}
        out, _penalty = self._spend(start, bounds)
        return {**out, "board0": frame["board0"],
                "board1": lower(frame["board1"], t, bounds.floor)}

    def trash(self, frame: Frame, choice: str, bounds: Bounds) -> Frame:
        if choice != "challenge":
            return frame
        out, penalty = self._spend(frame, bounds)
        return {**out, "board0": lower(frame["board0"], penalty, bounds.floor)}

    def start(self, rules: Rules) -> Frame:
        return {"first0": 1, "first1": 1, "second0": 1, "second1": 1}

    def read(self, game: Game, order: list[int]) -> Frame:
        out: Frame = {}
        for k, seat in enumerate(order[:2]):
            used = list(game.challenges_used[seat])
            if k == 0 and game.challenge_target is not None and game.challenge_slot is not None:
                used[game.challenge_slot] = False  # spent this turn: the turn's start had it
            out[f"first{k}"], out[f"second{k}"] = int(not used[0]), int(not used[1])
        return out
