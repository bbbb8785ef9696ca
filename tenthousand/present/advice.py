"""What the advisor panel and its line under Throw and Bank show: a plain view model."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..advice.values import AdvisorValues

__all__ = ["AdvisorDisplay"]


@dataclass(frozen=True)
class AdvisorDisplay:
    """Everything the advisor panel and its line under Throw and Bank show."""

    names: tuple[str, ...] | None = None  # the bars: one per player, or none
    win: tuple[float, ...] | None = None
    values: AdvisorValues | None = None  # the list of freezes (None: empty)
    chosen: int | None = None  # the row of the freeze the player has selected
    note: str = ""
    line: str | None = None  # the line under Throw and Bank (None: no line)
    review: bool = False  # offer the review of a finished game
