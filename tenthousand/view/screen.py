"""The main window as the controller's screen (:class:`tenthousand.control.screen.Screen`):
the few things the controller asks of it, passed on to the table, the scoreboard, the
action bar and the game log."""

from __future__ import annotations

from collections.abc import Sequence

from ..present.presenter import Display
from .window import MainWindow

__all__ = ["WindowScreen"]


class WindowScreen:
    """What the controller sees of a :class:`MainWindow`."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self._shown: Display | None = None

    def show(self, display: Display) -> None:
        """Draw only the parts that changed (a pick of a die leaves the scoreboard as it
        was; each widget call costs the Tk thread, more so while a worker computes)."""
        w, last = self.window, self._shown
        self._shown = display
        w.table.show(display.table)  # (the table diffs its own items)
        seats = (display.seats, display.stage, display.challenging)
        if last is None or seats != (last.seats, last.stage, last.challenging):
            w.scoreboard.show(*seats)
        if last is None or display.bar != last.bar:
            w.actions.show(display.bar)

    def cue(self, kind: str, text: str, ms: int | None) -> None:
        self.window.table.cue(kind, text, ms)

    def clear_cue(self) -> None:
        self.window.table.clear_cue()

    def tumble(self) -> None:
        self.window.table.tumble()

    def settle(self) -> None:
        self.window.table.settle()

    @property
    def tumbling(self) -> bool:
        return self.window.table.tumbling

    @property
    def tumble_ms(self) -> int:
        return self.window.table.tumble_ms

    def set_animation(self, on: bool) -> None:
        table = self.window.table
        table.animation = on
        if not on:
            table.settle()

    def log(self, lines: Sequence[tuple[str, str]]) -> None:
        self.window.log.add_lines(lines)

    def clear_log(self) -> None:
        self.window.log.clear()

    def watched(self) -> bool:
        return self.window.watched()
