"""One way to run work off the Tk thread: a job, its callbacks, delivery through ``after``.

Tk is not thread safe, so a worker thread never touches a widget: it runs ``work()`` and
puts the result on a queue; one chain of ``after`` polls (running only while jobs are out)
hands it to ``on_done`` or ``on_error`` in the Tk thread, as Thonny and Porcupine do.

- A *lane* runs its jobs one at a time, in order, in a thread of its own.  With
  ``latest=True`` a job replaces the lane's jobs that have not started yet: the autosave
  writes the newest game, the advisor values the newest position.  Jobs without a lane run
  side by side, each in a worker of its own.
- A worker thread waits ``LINGER_S`` for more work before it ends, so a game's stream of
  jobs (a move, its advice, its save) reuses a few threads: starting a thread makes the Tk
  thread wait until the new thread runs, milliseconds on a busy machine.  The threads hold
  no reference to the runner (nor to its Tk widget) while they wait.
- :meth:`JobRunner.cancel` forgets one job; :meth:`JobRunner.cancel_all` (new game)
  drops every result still to come and every job not started; :meth:`JobRunner.close`
  (quit) does that and stops polling.  A job that is already running finishes in its
  thread, but nothing it returns is delivered.
- Workers run at a lower scheduling priority than the Tk thread (``WORKER_NICE``, on
  Linux, where each thread has its own): on a busy machine the window's callbacks get the
  processor first, and a solve only takes what they leave.
- An exception in a job goes to ``on_error``; without one it is raised in the Tk thread,
  so the window's error handler logs and shows it: nothing is swallowed.

The runner needs only an object with ``after`` and ``after_cancel`` (any Tk widget), so it
is tested without a display.
"""

from __future__ import annotations

import itertools
import logging
import os
import queue
import sys
import threading
import time
import weakref
from collections import deque
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

T = TypeVar("T")

__all__ = ["LINGER_S", "WORKER_NICE", "Job", "JobError", "JobRunner", "Scheduler",
           "start_service"]

log = logging.getLogger(__name__)

#: How long an idle worker thread waits for another job before it ends.
LINGER_S = 10.0
#: How much nicer than the Tk thread a worker is (Linux's priorities: 0 to 19).
WORKER_NICE = 10


def lower_priority() -> None:
    """Make the calling thread nicer by ``WORKER_NICE`` (Linux gives each thread its
    own priority; elsewhere nothing changes).  A refusal is only logged."""
    if not sys.platform.startswith("linux"):
        return
    try:
        tid = threading.get_native_id()
        os.setpriority(os.PRIO_PROCESS, tid,
                       min(19, os.getpriority(os.PRIO_PROCESS, tid) + WORKER_NICE))
    except OSError as error:
        log.info("a worker thread keeps its priority: %s", error)


class Scheduler(Protocol):
    """What the runner needs of Tk: ``after`` and ``after_cancel`` (any widget has them)."""

    def after(self, ms: int, func: Callable[[], None]) -> str: ...

    def after_cancel(self, after_id: str) -> None: ...


class JobError(RuntimeError):
    """A job failed and nobody asked to hear of it: raised in the Tk thread."""


@dataclass(eq=False)
class Job(Generic[T]):
    """One piece of work; ``done`` once its result was delivered (or it failed)."""

    name: str
    work: Callable[[], T]
    on_done: Callable[[T], None] | None = None
    on_error: Callable[[BaseException], None] | None = None
    lane: str | None = None
    number: int = 0
    cancelled: bool = False
    done: bool = False
    started: threading.Event = field(default_factory=threading.Event)

    def cancel(self) -> None:
        """Forget this job: it will not start, or its result will not be delivered."""
        self.cancelled = True


class _Starter:
    """Starts the workers' threads, so the Tk thread never waits for one to start.

    ``threading.Thread.start`` blocks until the new thread runs, and on a busy machine
    that took the Tk thread up to 50 ms (``python -m tenthousand.tools.benchmark``).  The
    Tk thread only hands the thread over to this one (started with the first runner, once
    per process), which waits in its place."""

    def __init__(self) -> None:
        self._queue: queue.SimpleQueue[tuple[Callable[[Any], None], Any, str]] = \
            queue.SimpleQueue()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None

    def ready(self) -> None:
        with self._lock:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="job-starter",
                                                daemon=True)
                self._thread.start()

    def start(self, target: Callable[[Any], None], arg: Any, name: str) -> None:
        self.ready()
        self._queue.put((target, arg, name))

    def _run(self) -> None:
        lower_priority()  # (the workers it starts are as nice as it is)
        while True:
            target, arg, name = self._queue.get()
            threading.Thread(target=target, args=(arg,), name=name, daemon=True).start()
            del target, arg  # (nothing of a job is kept while waiting)


_STARTER = _Starter()


class _Workers:
    """The worker side of a runner: its threads, the jobs they wait for and the results
    they hand back.  No reference to the runner or to Tk, so a thread that waits for work
    never keeps a closed window alive (nor frees one outside the Tk thread)."""

    def __init__(self) -> None:
        self.results: queue.SimpleQueue[tuple[Job[Any], bool, Any]] = queue.SimpleQueue()
        self.lock = threading.Lock()
        self.work = threading.Condition(self.lock)  # wakes the threads waiting for work
        self.lanes: dict[str, deque[Job[Any]]] = {}
        self.lane_idle: dict[str, threading.Event] = {}  # set while a lane has nothing to do
        self.running: set[str] = set()  # lanes whose thread is alive
        self.free: deque[Job[Any]] = deque()  # jobs without a lane, waiting for a worker
        self.idle = 0  # workers without a lane waiting for a job
        self.closed = False

    # (called with the lock held)

    def start(self, job: Job[Any]) -> None:
        """A job without a lane: to a waiting worker, or to a new one."""
        if self.idle > len(self.free):
            self.free.append(job)
            self.work.notify_all()
        else:
            _STARTER.start(self._run_free, job, job.name)

    def enqueue(self, job: Job[Any], lane: str, latest: bool) -> list[Job[Any]]:
        """Add a job to its lane; returns the jobs it replaced (``latest``)."""
        waiting = self.lanes.setdefault(lane, deque())
        dropped: list[Job[Any]] = []
        if latest:
            dropped = list(waiting)
            for old in dropped:
                old.cancel()
            waiting.clear()
        waiting.append(job)
        self.lane_idle.setdefault(lane, threading.Event()).clear()
        if lane in self.running:
            self.work.notify_all()
        else:
            self.running.add(lane)
            _STARTER.start(self._run_lane, lane, lane)
        return dropped

    # (the threads)

    def run(self, job: Job[Any]) -> None:
        job.started.set()
        if job.cancelled:
            return
        try:
            self.results.put((job, True, job.work()))
        except BaseException as e:  # noqa: BLE001 - handed to the Tk thread
            self.results.put((job, False, e))

    def _run_free(self, job: Job[Any] | None) -> None:
        while job is not None:
            threading.current_thread().name = job.name
            self.run(job)
            job = None  # not kept while waiting: it may hold the last reference to a window
            job = self._next_free()

    def _next_free(self) -> Job[Any] | None:
        deadline = time.monotonic() + LINGER_S
        with self.lock:
            self.idle += 1
            try:
                while not self.free:
                    left = deadline - time.monotonic()
                    if left <= 0 or self.closed:
                        return None
                    self.work.wait(left)
                return self.free.popleft()
            finally:
                self.idle -= 1

    def _run_lane(self, lane: str) -> None:
        while True:
            job = self._next_in_lane(lane)
            if job is None:
                return
            self.run(job)
            job = None  # (as in _run_free)

    def _next_in_lane(self, lane: str) -> Job[Any] | None:
        deadline: float | None = None
        with self.lock:
            waiting = self.lanes[lane]
            while not waiting:
                self.lane_idle[lane].set()  # every job given to the lane has run
                deadline = deadline or time.monotonic() + LINGER_S
                left = deadline - time.monotonic()
                if left <= 0 or self.closed:
                    self.running.discard(lane)
                    return None
                self.work.wait(left)
            return waiting.popleft()


class JobRunner:
    """Runs jobs in worker threads and delivers their results in the Tk thread."""

    def __init__(self, scheduler: Scheduler, *, poll_ms: int = 20) -> None:
        self.scheduler = scheduler
        self.poll_ms = poll_ms
        _STARTER.ready()  # now, while the window is built: not in a move's callback
        self._workers = _Workers()
        self._results = self._workers.results
        self._lock = self._workers.lock
        self._out: set[Job[Any]] = set()  # submitted, result not delivered yet
        self._numbers = itertools.count(1)
        self._poll_id: str | None = None
        self.closed = False

    # -- submitting ----------------------------------------------------------------------

    def submit(self, work: Callable[[], T], on_done: Callable[[T], None] | None = None,
               on_error: Callable[[BaseException], None] | None = None, *,
               name: str = "job", lane: str | None = None, latest: bool = False) -> Job[T]:
        """Run ``work()`` off the Tk thread; ``on_done(result)`` then runs in the Tk thread.

        ``lane``: run after the lane's earlier jobs, in the lane's thread; ``latest``: drop
        the lane's jobs that have not started."""
        if self.closed:
            raise RuntimeError("the job runner is closed")
        job: Job[T] = Job(name, work, on_done, on_error, lane, next(self._numbers))
        with self._lock:
            self._out.add(job)
            if lane is None:
                self._workers.start(job)
            else:
                self._out.difference_update(self._workers.enqueue(job, lane, latest))
        self._schedule_poll()
        return job

    # -- the Tk side ---------------------------------------------------------------------

    def _schedule_poll(self) -> None:
        if self._poll_id is None and not self.closed:
            self._poll_id = self.scheduler.after(self.poll_ms, self._poll)

    def _poll(self) -> None:
        """Deliver one finished job (in the Tk thread), then poll again: at once while more
        results wait, so that each delivery is a callback of its own and the window's
        events come in between; after ``poll_ms`` while jobs are still out."""
        self._poll_id = None
        failure: BaseException | None = None
        while True:
            try:
                job, ok, value = self._results.get_nowait()
            except queue.Empty:
                break
            with self._lock:
                self._out.discard(job)
            if job.cancelled or self.closed:
                continue
            job.done = True
            try:
                self._deliver(job, ok, value)
            except BaseException as e:  # noqa: BLE001 - raised below, once polling goes on
                failure = e
            break
        if not self.closed:
            if not self._results.empty():
                self._poll_id = self.scheduler.after(0, self._poll)
            else:
                with self._lock:
                    out = bool(self._out)
                if out:
                    self._schedule_poll()
        if failure is not None:
            raise failure

    @staticmethod
    def _deliver(job: Job[Any], ok: bool, value: Any) -> None:
        if ok:
            if job.on_done is not None:
                job.on_done(value)
        elif job.on_error is not None:
            job.on_error(value)
        else:
            raise JobError(f"{job.name} failed: {value}") from value

    # -- cancelling and waiting ----------------------------------------------------------

    @property
    def pending(self) -> int:
        """How many jobs are submitted and not delivered yet."""
        with self._lock:
            return len(self._out)

    @property
    def working(self) -> bool:
        """Whether a job is out whose result has not come back yet (a worker is busy)."""
        with self._lock:
            return bool(self._out) and self._results.empty()

    def cancel(self, job: Job[Any]) -> None:
        """Forget one job: it will not start, or its result will not be delivered (and
        the runner stops polling once no other job is out)."""
        with self._lock:
            job.cancel()
            self._out.discard(job)

    def cancel_all(self, keep: Collection[str] = ()) -> None:
        """Drop every job not started and every result still to come (a new game), but
        those of the lanes in ``keep`` (the autosave must still write the last game)."""
        with self._lock:
            for job in [j for j in self._out if j.lane not in keep]:
                job.cancel()
                self._out.discard(job)
            for lane, waiting in self._workers.lanes.items():
                if lane not in keep:
                    waiting.clear()
            self._workers.free.clear()  # (never kept: they have no lane)

    def wait_lane(self, lane: str, timeout: float = 5.0) -> bool:
        """Block until ``lane`` has run every job given to it (the saver's flush at quit);
        False if it was still busy after ``timeout`` seconds."""
        idle = self._workers.lane_idle.get(lane)
        return idle is None or idle.wait(timeout)

    def close(self, finish: Collection[str] = ()) -> None:
        """Stop: nothing more is delivered and no poll is left pending (quit).  The jobs
        given to the lanes in ``finish`` still run, undelivered (the last save of a game
        is written even when the disk was too slow for the quit to wait for it)."""
        self.cancel_all(keep=finish)
        self.closed = True
        with self._lock:  # the threads waiting for work end now
            self._workers.closed = True
            self._workers.work.notify_all()
        if self._poll_id is not None:
            try:
                self.scheduler.after_cancel(self._poll_id)
            except Exception:  # noqa: BLE001 - the window is already gone
                pass
            self._poll_id = None


def start_service(target: Callable[[], None], name: str) -> None:
    """Run ``target()`` in a daemon thread of its own for as long as it runs: a long-running
    service where there is no window and so no runner (a network link in a test, the
    benchmark or a terminal).  The window gives such a service to its runner instead, as a
    job in a lane of its own (:mod:`tenthousand.net.loop`), so that the window's threads
    all start in this module."""
    threading.Thread(target=target, name=name, daemon=True).start()


def weakly(method: Callable[..., None]) -> Callable[..., None]:
    """``method`` called through a weak reference, for a job's callbacks.

    A job is dropped by its worker thread; if it held the last reference to a window, the
    window (and its Tk variables) would be freed in that thread, which Tk does not allow.
    """
    ref = weakref.WeakMethod(method)

    def call(*args: object) -> None:
        bound = ref()
        if bound is not None:
            bound(*args)

    return call
