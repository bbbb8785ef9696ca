"""One way to call something later on the Tk thread: :class:`Timers`.

Every window object that waits (the App, the controller, the table, the tour, the workshop)
keeps its pending ``after`` calls in a :class:`Timers`.  A call may have a *purpose*: a new
call of the same purpose replaces the one still waiting (a redraw asked for twice is drawn
once).  Calls without a purpose simply wait their turn.  :meth:`Timers.cancel_all` cancels
every call still waiting, so a window that closes leaves nothing behind to fire into
destroyed widgets.  Like the job runner, it needs only ``after`` and ``after_cancel``, so the
controller's tests run it on a manual clock without a display.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import count
from typing import Any

from .jobs import Scheduler

__all__ = ["Timers"]


class Timers:
    """The pending ``after`` calls of one object, by purpose or anonymous."""

    def __init__(self, scheduler: Scheduler) -> None:
        self.scheduler = scheduler
        self._ids: dict[str, str] = {}  # key (a purpose, or a number) -> after id
        self._numbers = count()

    def later(self, ms: float, func: Callable[..., None], *args: Any,
              purpose: str | None = None) -> str:
        """Call ``func(*args)`` in ``ms`` milliseconds; a pending call of the same
        ``purpose`` is cancelled first.  Returns the key to :meth:`cancel` it by."""
        key = purpose if purpose is not None else f"#{next(self._numbers)}"
        self.cancel(key)

        def run() -> None:
            self._ids.pop(key, None)
            func(*args)

        self._ids[key] = self.scheduler.after(max(0, int(ms)), run)
        return key

    def cancel(self, key: str) -> bool:
        """Cancel the call of ``key`` (a purpose or what :meth:`later` returned); whether
        one was waiting."""
        after_id = self._ids.pop(key, None)
        if after_id is None:
            return False
        self.scheduler.after_cancel(after_id)
        return True

    def cancel_all(self) -> None:
        """Cancel every call still waiting."""
        ids, self._ids = self._ids, {}
        for after_id in ids.values():
            self.scheduler.after_cancel(after_id)

    def waiting(self, key: str) -> bool:
        """Whether the call of ``key`` has not run yet."""
        return key in self._ids

    def purposes(self) -> list[str]:
        """The purposes of the calls still waiting (anonymous ones are left out)."""
        return [key for key in self._ids if not key.startswith("#")]

    def __len__(self) -> int:
        return len(self._ids)
