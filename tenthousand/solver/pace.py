"""The time a long solve still needs, guessed from its own progress reports (pure Python).

The guess is the rest of the work at the rate of the later half of the run so far: a solve
whose progress counts its work (:mod:`.three` counts the programme's rows) goes at one
rate, and one that slows down is seen to.  A long gap between two reports (the machine
slept, the solve was stopped) counts as :data:`Pace.LONGEST_GAP`.  Used by the window's background solve
(:class:`.cache.BackgroundSolve`) and by ``sim solve --progress``.
"""

from __future__ import annotations

import bisect
import time
from collections.abc import Callable

__all__ = ["Pace"]


class Pace:
    """Progress reports ``(time, share)`` of one run, and the time left they suggest."""

    #: The least time and share a run must have gone before its time left is guessed.
    GUESS_AFTER = (20.0, 0.002)
    #: Reports kept: past this many, every other is dropped (a solve of hours reports
    #: thousands of blocks).
    KEEP = 512
    #: The longest gap between two reports that counts in full: a laptop that slept, or a
    #: solve stopped for a while, did no work meanwhile (reports come every few seconds).
    LONGEST_GAP = 120.0

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._last_clock: float | None = None
        self._active = 0.0  # the run's time, each gap counted up to LONGEST_GAP
        # (active time, share): a list one thread appends to (or replaces, thinned) and
        # another reads
        self._seen: list[tuple[float, float]] = []

    def report(self, share: float) -> None:
        """The run has done ``share`` of its work (0 to 1) by now."""
        clock = self._clock()
        if self._last_clock is not None:
            self._active += min(max(clock - self._last_clock, 0.0), self.LONGEST_GAP)
        self._last_clock = clock
        now = (self._active, share)
        if len(self._seen) >= self.KEEP:
            self._seen = [*self._seen[::2], now]
        else:
            self._seen.append(now)

    def remaining(self) -> float | None:
        """Seconds the run still needs, at the rate of its later half (None until it has
        gone :data:`GUESS_AFTER`)."""
        seen = self._seen
        if len(seen) < 2:
            return None
        (t0, p0), (t1, p1) = seen[0], seen[-1]
        if t1 - t0 < self.GUESS_AFTER[0] or p1 - p0 < self.GUESS_AFTER[1]:
            return None
        at = bisect.bisect_right(seen, (t1 - (t1 - t0) / 2, 2.0)) - 1
        t, p = seen[max(at, 0)]
        if p1 - p < self.GUESS_AFTER[1] / 2 or t1 - t <= 0:  # too little of late: the run's
            t, p = t0, p0
        return max(0.0, (1.0 - p1) * (t1 - t) / (p1 - p))
