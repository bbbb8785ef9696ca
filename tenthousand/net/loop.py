"""The thread a link's asyncio loop runs in, and the queue its events reach Tk through.

A link never makes the Tk thread wait on the network: the window's calls only hand work
to the loop (``call_soon_threadsafe``), and :meth:`NetLoop.poll` takes what the loop has
put on the queue without waiting.  The loop runs either as a job of the window's one job
runner (a lane of its own, for as long as the link is open) or, without a runner (the
tests, the benchmark, a terminal), in a thread of its own.
"""

from __future__ import annotations

import asyncio
import logging
import queue
import threading
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any, Generic, TypeVar

if TYPE_CHECKING:
    from ..services.jobs import JobRunner

E = TypeVar("E")

log = logging.getLogger("tenthousand.net")

__all__ = ["NetLoop"]


class NetLoop(Generic[E]):
    """An asyncio loop in a thread, with a queue of events for the Tk thread."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.loop = asyncio.new_event_loop()
        self.events: queue.SimpleQueue[E] = queue.SimpleQueue()
        self.stopped = threading.Event()
        self._main: asyncio.Future[Any] | None = None

    def start(self, main: Callable[[], Coroutine[Any, Any, None]],
              runner: JobRunner | None = None) -> None:
        """Run ``main()`` in the loop's thread until it ends or :meth:`stop` is called."""
        if runner is not None:
            runner.submit(lambda: self._run(main), on_error=self._failed, name=self.name,
                          lane=self.name)
        else:
            threading.Thread(target=self._run, args=(main,), name=self.name,
                             daemon=True).start()

    def _run(self, main: Callable[[], Coroutine[Any, Any, None]]) -> None:
        asyncio.set_event_loop(self.loop)
        try:
            self._main = self.loop.create_task(main())
            self.loop.run_until_complete(self._main)
        except asyncio.CancelledError:
            pass
        except Exception:  # noqa: BLE001 - logged: the window goes on without the link
            log.exception("the network loop %s failed", self.name)
        finally:
            try:
                pending = [t for t in asyncio.all_tasks(self.loop) if not t.done()]
                for task in pending:
                    task.cancel()
                if pending:
                    self.loop.run_until_complete(
                        asyncio.gather(*pending, return_exceptions=True))
                self.loop.run_until_complete(self.loop.shutdown_asyncgens())
            finally:
                self.loop.close()
                self.stopped.set()

    @staticmethod
    def _failed(error: BaseException) -> None:
        log.error("the network loop failed: %s", error)

    def call(self, func: Callable[..., Any], *args: Any) -> None:
        """Run ``func(*args)`` in the loop's thread, soon (from any thread)."""
        if self.loop.is_closed():
            return
        try:
            self.loop.call_soon_threadsafe(func, *args)
        except RuntimeError:  # closed meanwhile
            pass

    def stop(self) -> None:
        """End the loop's main task (from any thread)."""
        def cancel() -> None:
            if self._main is not None:
                self._main.cancel()
        self.call(cancel)

    def put(self, event: E) -> None:
        self.events.put(event)

    def poll(self) -> list[E]:
        """Every event put since the last poll (never waits)."""
        out: list[E] = []
        while True:
            try:
                out.append(self.events.get_nowait())
            except queue.Empty:
                return out
