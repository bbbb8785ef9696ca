"""``after`` and ``after_cancel`` as Tk has them, for a JobRunner without a display."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable


class FakeTk:
    """``after`` and ``after_cancel`` as Tk has them; :meth:`pump` runs what is due."""

    def __init__(self) -> None:
        self.calls: dict[str, Callable[[], None]] = {}
        self.n = 0
        self.thread = threading.current_thread()

    def after(self, ms: int, func: Callable[[], None]) -> str:
        self.n += 1
        self.calls[f"after#{self.n}"] = func
        return f"after#{self.n}"

    def after_cancel(self, after_id: str) -> None:
        self.calls.pop(after_id, None)

    def pump(self, seconds: float = 5.0, until: Callable[[], bool] = lambda: False) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end and not until():
            for after_id in list(self.calls):
                func = self.calls.pop(after_id, None)
                if func is not None:
                    func()
            time.sleep(0.002)
