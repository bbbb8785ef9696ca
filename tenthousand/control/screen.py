"""What the controller needs of the window: a narrow :class:`Screen`, and a scheduler.

The controller draws through a :class:`Screen` (one :class:`~tenthousand.present.presenter.
Display` per change, the banners, the tumble, the game log, the bell) and tells the player
things through :class:`~tenthousand.control.messages.Messages`; it waits through any
:class:`~tenthousand.services.jobs.Scheduler` (``after`` and ``after_cancel``).  The main
window's adapter is :class:`tenthousand.view.screen.WindowScreen`; the controller's tests
use a fake screen and a manual clock, with no display.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from ..present.presenter import Display

__all__ = ["LogLine", "Screen"]

#: A line of the game log and its tag (its colour): "turn", "bank", "trash", "info"...
LogLine = tuple[str, str]


class Screen(Protocol):
    """The few things the controller asks of the window."""

    def show(self, display: Display) -> None:
        """Draw the table, the scoreboard and the action bar as ``display`` has them."""

    def cue(self, kind: str, text: str, ms: int | None) -> None:
        """A banner across the table (trash, corner, win, info); ``ms=None`` keeps it."""

    def clear_cue(self) -> None:
        """Take the banner away."""

    def tumble(self) -> None:
        """Let the dice just thrown tumble before they settle (if animation is on)."""

    def settle(self) -> None:
        """Stop a tumble at once."""

    @property
    def tumbling(self) -> bool:
        """Whether the dice are tumbling now."""

    @property
    def tumble_ms(self) -> int:
        """How long a tumble takes at the chosen speed (the computer waits for it)."""

    def set_animation(self, on: bool) -> None:
        """The animation preference: off stops a tumble and throws without one."""

    def log(self, lines: Sequence[LogLine]) -> None:
        """Add lines to the game log, in order (one call per change: one scroll)."""

    def clear_log(self) -> None:
        """Empty the game log."""

    def watched(self) -> bool:
        """Whether the player can watch the table (no box open, not minimised): the
        computer plays only while this holds."""
