"""The advisor's numbers: what each choice of a throw is worth, and the review of a game.

The values themselves are :func:`tenthousand.advice.values.evaluate` (it loads the solver, so
it is imported on first use, off the Tk thread); this module holds what is light enough to
import at start-up: the two kinds of values and the human's decisions read from a record.
See docs/architecture.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..model.game import Phase
from ..model.record import Record

if TYPE_CHECKING:  # the advisor and its solver load on first use, not at start-up
    from .values import Decision

WIN = "win"  # values are win probabilities
SCORE = "score"  # values are expected final turn scores (or points pegged, in Rotary Club)

__all__ = ["SCORE", "WIN", "human_decisions"]


def human_decisions(record: Record) -> list[Decision]:
    """Every throw or bank a person chose at a throw, from the game's record: the position
    before it and the dice frozen.  An undone decision is gone from the record, so from
    this list too; a resumed game has its earlier decisions."""
    from .values import Decision  # with its solver, on first use

    found = []
    for step, before in record.walk():  # one pass: the positions come in order
        command = step.command
        if not step.human or command.name not in ("throw", "bank") or not command.args:
            continue  # a throw at the start of a turn chooses nothing
        if before.phase is not Phase.CHOOSE:
            continue
        faces = tuple(before.thrown[i] for i in command.args if 0 <= i < len(before.thrown))
        found.append(Decision(before.to_dict(), faces, command.name == "bank"))
    return found
