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

    def show(self, display: Display) -> None:
        w = self.window
        w.table.show(display.table)
        w.scoreboard.show(display.seats, display.stage, display.challenging)
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
