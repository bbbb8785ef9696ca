"""The one timer helper: purposes replace, anonymous calls wait, cancel_all leaves nothing."""

from __future__ import annotations

from collections.abc import Callable

from tenthousand.services.timers import Timers


class Clock:
    """A manual clock with Tk's ``after`` and ``after_cancel``."""

    def __init__(self) -> None:
        self.now = 0
        self.calls: dict[str, tuple[int, Callable[[], None]]] = {}
        self._next = 0

    def after(self, ms: int, func: Callable[[], None]) -> str:
        self._next += 1
        after_id = f"after#{self._next}"
        self.calls[after_id] = (self.now + ms, func)
        return after_id

    def after_cancel(self, after_id: str) -> None:
        self.calls.pop(after_id, None)

    def advance(self, ms: int) -> None:
        self.now += ms
        for after_id, (when, func) in sorted(self.calls.items(), key=lambda c: c[1][0]):
            if when <= self.now and after_id in self.calls:
                del self.calls[after_id]
                func()


def test_a_call_of_the_same_purpose_replaces_the_waiting_one() -> None:
    clock, ran = Clock(), []
    timers = Timers(clock)
    timers.later(100, ran.append, "first", purpose="redraw")
    timers.later(50, ran.append, "second", purpose="redraw")
    assert timers.purposes() == ["redraw"] and len(clock.calls) == 1
    clock.advance(200)
    assert ran == ["second"] and len(timers) == 0


def test_anonymous_calls_all_run_in_their_time() -> None:
    clock, ran = Clock(), []
    timers = Timers(clock)
    for n in (30, 10, 20):
        timers.later(n, ran.append, n)
    assert len(timers) == 3 and timers.purposes() == []
    clock.advance(15)
    assert ran == [10]
    clock.advance(100)
    assert ran == [10, 20, 30] and len(timers) == 0


def test_cancel_and_cancel_all_leave_nothing_waiting() -> None:
    clock, ran = Clock(), []
    timers = Timers(clock)
    key = timers.later(10, ran.append, "a")
    timers.later(10, ran.append, "b", purpose="b")
    timers.later(10, ran.append, "c")
    assert timers.cancel(key) and not timers.cancel(key) and not timers.waiting(key)
    assert timers.waiting("b")
    timers.cancel_all()
    assert clock.calls == {} and len(timers) == 0
    clock.advance(100)
    assert ran == []


def test_a_call_may_schedule_itself_again() -> None:
    clock, ran = Clock(), []
    timers = Timers(clock)

    def tick() -> None:
        ran.append(clock.now)
        if len(ran) < 3:
            timers.later(10, tick, purpose="tick")

    timers.later(10, tick, purpose="tick")
    for _ in range(5):
        clock.advance(10)
    assert ran == [10, 20, 30] and not timers.waiting("tick")
