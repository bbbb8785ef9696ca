"""A trash throw's landing (issue 42, item 9): while its dice tumble, the table keeps the
caption, the scores and the buttons of before the throw, and its banners and its lines of
the game log wait; once the dice have landed (red), the banner, the log's lines, whose turn
it is now and the scores come together."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from ..present.presenter import ActionBarDisplay, Display
from .screen import LogLine, Screen

__all__ = ["LANDING", "Landing"]

LANDING = "landing"  # the timer purpose of a trash throw's landing


class Landing:
    """The trash throw still tumbling, if any: the display before it and the banners it
    holds back until its dice land."""

    def __init__(self, screen: Screen) -> None:
        self.screen = screen
        self.active = False
        self._before: Display | None = None
        self._cues: list[tuple[str, str, int | None]] = []
        self._lines: list[LogLine] = []

    def start(self, before: Display | None) -> None:
        """A trash throw begins to tumble; ``before`` is what the table showed."""
        self.active, self._before, self._cues, self._lines = True, before, [], []

    def log(self, lines: Sequence[LogLine]) -> None:
        """The throw's lines of the game log: held back while it lands, logged at once
        otherwise."""
        if self.active:
            self._lines.extend(lines)
        else:
            self.screen.log(lines)

    def cue(self, kind: str, text: str, ms: int | None) -> None:
        """A banner of the throw: held back while it lands, shown at once otherwise."""
        if self.active:
            self._cues.append((kind, text, ms))
        else:
            self.screen.cue(kind, text, ms)

    def land(self) -> bool:
        """The dice have landed: they settle (red) and the banners held back show; False
        where no throw was landing."""
        if not self.active:
            return False
        cues, self.active, self._before, self._cues = self._cues, False, None, []
        self.screen.settle()
        self._log_held()
        for kind, text, ms in cues:
            self.screen.cue(kind, text, ms)
        return True

    def forget(self) -> None:
        """Nothing is landing any more (a new game, a dialog: every step is cancelled);
        the log keeps the throw's lines (its banners are dropped)."""
        self._log_held()
        self.active, self._before, self._cues = False, None, []

    def _log_held(self) -> None:
        lines, self._lines = self._lines, []
        if lines:
            self.screen.log(lines)

    def masked(self, display: Display) -> Display:
        """``display`` while a trash throw tumbles: its dice, but the caption, the
        scoreboard and the buttons as they were before the throw (nothing to press), so
        that neither the next player's prompt nor a score gives the throw away."""
        before = self._before
        if not self.active or before is None:
            return display
        return dataclasses.replace(
            display, seats=before.seats, stage=before.stage,
            bar=ActionBarDisplay(bank_shown=before.bar.bank_shown),
            table=dataclasses.replace(display.table, caption=before.table.caption, hint="",
                                      selection="", need=before.table.need,
                                      turn_score=before.table.turn_score,
                                      frozen_label=before.table.frozen_label))
