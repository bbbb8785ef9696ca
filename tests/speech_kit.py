"""A speech backend for tests: it records what would be said, and what was cut."""

from __future__ import annotations

from collections.abc import Callable


class Said:
    """One message: its text, and whether it was stopped before it ended."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.finished = False
        self.stopped = False

    def done(self) -> bool:
        return self.finished or self.stopped

    def stop(self) -> None:
        self.stopped = True


class Recorder:
    """Stands in for the speech program; a message lasts until :meth:`finish` is called
    (or ``instant`` makes every message end at once)."""

    name = "recorder"

    def __init__(self, instant: bool = False) -> None:
        self.instant = instant
        self.said: list[Said] = []
        self.cancels = 0

    def start(self, text: str) -> Said:
        said = Said(text)
        said.finished = self.instant
        self.said.append(said)
        return said

    def cancel(self) -> None:
        self.cancels += 1

    def finish(self) -> None:
        """The message being spoken ends."""
        for said in self.said:
            if not said.done():
                said.finished = True

    @property
    def texts(self) -> list[str]:
        return [s.text for s in self.said]


class ManualClock:
    """``after`` and ``after_cancel`` run by hand (:meth:`run`), for tests without Tk."""

    def __init__(self) -> None:
        self.calls: dict[str, Callable[[], None]] = {}
        self.count = 0

    def after(self, ms: int, func: Callable[[], None]) -> str:
        self.count += 1
        after_id = f"after#{self.count}"
        self.calls[after_id] = func
        return after_id

    def after_cancel(self, after_id: str) -> None:
        self.calls.pop(after_id, None)

    def run(self) -> None:
        calls, self.calls = self.calls, {}
        for func in calls.values():
            func()
