"""The three-trash penalty: ``trash_run`` trash turns in a row cost ``trash_penalty``.

The coordinate ``run{k}`` is player ``k``'s current run of trash turns.  A trash adds one to
the mover's run (after a challenge's own penalty, as the engine has it); the last of the run
costs the penalty, never below the lowest score, and starts the run again; a bank ends it.
The option needs a lowest score (the boards must be bounded), and the range from it to the
game point bounds the work.

A penalty moves a board down, so the normal game is solved in sweeps (:mod:`..engine`).  In
the catch-up turn the runs play no part (the finisher has just banked; the chaser's trash
loses whatever it costs), so that family does not keep them; a tie comes only from banks,
so the first tie-break round starts with both runs at 0, and the runs carry on from there.
The end keeps tied players on the board (:mod:`.ending`): the chance that penalties bring
them back to 0 in the rounds bounds what that leaves out (:func:`zero_tie_bound`), and
rules where it is above the solve's tolerance are refused.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ...i18n import _, number
from ..space import Coordinate, Family, Frame, where
from . import Bounds, Feature, lower

if TYPE_CHECKING:
    from ...model.game import Game
    from ...model.rules import Rules

#: The most a bound on what the end leaves out may be (the solve's tolerance).
TOLERANCE = 1e-9


class Penalty(Feature):
    name = "three-trash"
    per_player = ("run",)

    def __init__(self, rules: Rules) -> None:
        self.run = rules.trash_run
        self.penalty = rules.trash_penalty // 50
        self.rules = rules

    def refusal(self, rules: Rules, bounds: Bounds) -> str | None:
        if rules.score_floor is None:
            return _("the trash penalty is solved only with a lowest score")
        if rules.trash_penalty % 50:
            return _("the trash penalty is solved only when it is a multiple of 50")
        chance = zero_tie_bound(rules) if rules.catch_up else 0.0
        if chance > TOLERANCE:
            # Translators: {chance} is a small number such as 3.2e-05, {rounds} a number of
            # tie-break rounds.
            return _("the trash penalty could send two tied players back to 0, off the "
                     "board, where a tie-break round needs the opening minimum: a chance of "
                     "{chance} within {rounds} tie-break rounds, where the solver needs less "
                     "than one in a billion").format(chance=f"{chance:.1e}",
                                                     rounds=number(zero_tie_rounds(rules)))
        return None

    def coordinates(self, stage: str, far: bool, bounds: Bounds) -> list[Coordinate]:
        if stage == "catch-up":
            return []
        return [Coordinate("run0", 0, self.run), Coordinate("run1", 0, self.run)]

    def fixed(self, stage: str, far: bool) -> Frame:
        return {"run0": 0, "run1": 0} if stage == "catch-up" else {}

    def feasible(self, frame: Frame, family: Family, bounds: Bounds) -> Any:
        # a bank ends a run: who added something to beat has no run
        if "added1" in frame:
            return (frame["added1"] == 0) | (frame["run1"] == 0)
        return True

    def bank(self, frame: Frame, t: Any, choice: str, bounds: Bounds) -> Frame:
        return {**frame, "run0": 0 * frame["board0"]}

    def trash(self, frame: Frame, choice: str, bounds: Bounds) -> Frame:
        run = frame["run0"] + 1
        full = run >= self.run
        return {**frame, "run0": where(full, 0, run),
                "board0": where(full, lower(frame["board0"], self.penalty, bounds.floor),
                                frame["board0"])}

    def start(self, rules: Rules) -> Frame:
        return {"run0": 0, "run1": 0}

    def read(self, game: Game, order: list[int]) -> Frame:
        return {f"run{k}": min(game.trash_streak[seat], self.run - 1)
                for k, seat in enumerate(order[:2])}


def second_fails(rules: Rules) -> float:
    """The chance that the second of a tie-break round, on the board, fails to bank after
    the first's trash (any bank wins, so he banks as soon as the minimum allows)."""
    return _second_fails(rules)


@lru_cache(maxsize=32)
def _second_fails(rules: Rules) -> float:
    from ..turn import TurnValues

    m = max(rules.minimum // 50, 1)
    cap = max(rules.game_point // 50 + 40, m)  # the last turns' cap of the solve
    reach = TurnValues(rules, lambda t: 1.0 if t >= m else 0.0, 0.0, m, cap).start()
    return max(0.0, 1.0 - reach)


def zero_tie_bound(rules: Rules) -> float:
    """How far any value can be off because the end keeps tied players on the board.

    A tie starts at the game point or above with both runs at 0 and goes on only while
    both trash; the penalty lowers both alike, and they are back at 0 (off the board, the
    opening minimum again: D-15) only after ``trash_run * ceil(game point / penalty)``
    such rounds at the least, each with the second's failure to bank (after the first's
    trash any bank of his wins).  Its chance bounds the error; 0 when the minimums are the
    same or the penalty is 0.
    """
    if (max(rules.opening_minimum, 50) == max(rules.minimum, 50)
            or rules.trash_penalty <= 0):
        return 0.0
    return float(second_fails(rules) ** zero_tie_rounds(rules))


def zero_tie_rounds(rules: Rules) -> int:
    """The fewest tie-break rounds after which the penalty can have sent two tied players
    back to 0 (:func:`zero_tie_bound`)."""
    return rules.trash_run * -(-max(rules.game_point, 1) // max(rules.trash_penalty, 1))
