"""The one way to run work off the Tk thread (tenthousand.services.jobs), without a display."""

from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import Callable

import pytest
from fake_tk import FakeTk

from tenthousand.services.jobs import WORKER_NICE, JobError, JobRunner


def test_a_result_is_delivered_in_the_tk_thread() -> None:
    tk = FakeTk()
    runner = JobRunner(tk)
    got: list[tuple[int, bool]] = []
    runner.submit(lambda: 6 * 7, lambda v: got.append(
        (v, threading.current_thread() is tk.thread)))
    tk.pump(until=lambda: bool(got))
    assert got == [(42, True)]
    tk.pump(0.05)
    assert tk.calls == {} and runner.pending == 0  # no poll left once nothing is out


def test_the_work_runs_off_the_tk_thread() -> None:
    tk = FakeTk()
    runner = JobRunner(tk)
    where: list[bool] = []
    runner.submit(lambda: where.append(threading.current_thread() is tk.thread))
    tk.pump(until=lambda: runner.pending == 0)
    assert where == [False]


def test_an_error_goes_to_on_error_or_is_raised_in_the_tk_thread() -> None:
    tk = FakeTk()
    runner = JobRunner(tk)
    errors: list[BaseException] = []
    runner.submit(lambda: 1 / 0, on_error=errors.append)
    tk.pump(until=lambda: bool(errors))
    assert isinstance(errors[0], ZeroDivisionError)
    runner.submit(lambda: 1 / 0, name="the sum")
    with pytest.raises(JobError, match="the sum failed"):
        tk.pump(until=lambda: False)


def test_a_lane_runs_in_order_and_latest_skips_what_has_not_started() -> None:
    tk = FakeTk()
    runner = JobRunner(tk)
    gate = threading.Event()
    ran: list[int] = []

    def job(n: int) -> Callable[[], int]:
        def work() -> int:
            if n == 0:
                gate.wait(2)
            ran.append(n)
            return n
        return work

    delivered: list[int] = []
    runner.submit(job(0), delivered.append, lane="save", latest=True)
    time.sleep(0.02)  # job 0 has started and waits at the gate
    for n in (1, 2, 3):
        runner.submit(job(n), delivered.append, lane="save", latest=True)
    gate.set()
    assert runner.wait_lane("save", 2.0)
    tk.pump(until=lambda: runner.pending == 0)
    assert ran == [0, 3] and delivered == [0, 3]


def test_working_is_true_while_a_worker_is_busy_and_not_once_its_result_is_back() -> None:
    tk = FakeTk()
    runner = JobRunner(tk)
    assert not runner.working
    gate = threading.Event()
    got: list[int] = []
    runner.submit(lambda: gate.wait(5) and 1, got.append)
    time.sleep(0.05)
    assert runner.working  # out, no result yet
    gate.set()
    deadline = time.monotonic() + 5
    while runner.working:  # back, not delivered: the Tk side has something to do
        assert time.monotonic() < deadline
        time.sleep(0.005)
    assert runner.pending == 1 and not got
    tk.pump(until=lambda: bool(got))
    assert got == [1] and not runner.working


def test_cancel_all_drops_results_still_to_come() -> None:
    tk = FakeTk()
    runner = JobRunner(tk)
    gate = threading.Event()
    got: list[int] = []
    runner.submit(lambda: gate.wait(2) and 1, got.append)
    runner.cancel_all()
    gate.set()
    tk.pump(0.2)
    assert got == [] and runner.pending == 0


def test_close_leaves_no_poll_and_refuses_new_jobs() -> None:
    tk = FakeTk()
    runner = JobRunner(tk)
    runner.submit(lambda: time.sleep(0.05))
    runner.close()
    assert tk.calls == {}
    with pytest.raises(RuntimeError):
        runner.submit(lambda: 1)


def test_close_still_runs_the_work_of_the_lanes_it_finishes() -> None:
    """A quit that could not wait for the disk: the last save, queued behind a slow one,
    is still written after the runner closed (nothing delivered); other lanes' work is
    dropped."""
    tk = FakeTk()
    runner = JobRunner(tk, poll_ms=1)
    gate = threading.Event()
    written: list[str] = []
    runner.submit(lambda: gate.wait(5) and written.append("slow save"), lane="autosave")
    runner.submit(lambda: written.append("last save"), lane="autosave")
    runner.submit(lambda: (gate.wait(5), written.append("advice")), lane="advisor")
    runner.submit(lambda: written.append("more advice"), lane="advisor")
    runner.close(finish=("autosave",))
    gate.set()
    assert runner.wait_lane("autosave", 5)
    assert runner.wait_lane("advisor", 5)
    assert written.count("last save") == 1 and "more advice" not in written
    assert written.index("slow save") < written.index("last save")
    assert tk.calls == {}


def test_cancel_all_keeps_the_lanes_it_is_told_to_keep() -> None:
    tk = FakeTk()
    runner = JobRunner(tk, poll_ms=1)
    gate = threading.Event()
    got: list[str] = []
    runner.submit(gate.wait, lambda _: got.append("first save"), lane="autosave")
    runner.submit(lambda: "second save", got.append, lane="autosave")
    runner.submit(lambda: "advice", got.append, lane="advisor")
    runner.cancel_all(keep=("autosave",))
    gate.set()
    tk.pump(until=lambda: runner.pending == 0)
    assert got == ["first save", "second save"]


def test_cancelling_one_job_drops_it_and_lets_the_polls_stop() -> None:
    tk = FakeTk()
    runner = JobRunner(tk)
    gate = threading.Event()
    got: list[str] = []
    runner.submit(gate.wait, lambda _: got.append("first"), lane="faces")
    ran: list[bool] = []
    second = runner.submit(lambda: ran.append(True) or "second", got.append, lane="faces")
    runner.cancel(second)  # waiting in the lane: it never starts
    assert runner.pending == 1
    gate.set()
    tk.pump(until=lambda: runner.pending == 0)
    tk.pump(0.05)
    assert got == ["first"] and second.cancelled and ran == []
    assert tk.calls == {}  # nothing left to poll for


def test_a_worker_waits_for_more_work_so_a_stream_of_jobs_reuses_it() -> None:
    """Starting a thread makes the Tk thread wait for it: a second job, with or without a
    lane, goes to the thread the first one used."""
    tk = FakeTk()
    runner = JobRunner(tk)
    where: list[int] = []
    for lane in (None, None, "advice", "advice"):
        runner.submit(lambda: where.append(threading.get_ident()), lane=lane)
        tk.pump(until=lambda: runner.pending == 0)
        time.sleep(0.01)  # the worker is waiting for work again
    assert where[0] == where[1] and where[2] == where[3]
    threads = threading.active_count()
    runner.close()  # the waiting workers end at once
    deadline = time.monotonic() + 2
    while threading.active_count() > threads - 2 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert threading.active_count() <= threads - 2


def test_a_waiting_worker_keeps_no_runner_alive() -> None:
    """A window's runner (and so its widget) is freed in the Tk thread, never by a worker
    that waits for more work and then ends."""
    import gc
    import weakref

    tk = FakeTk()

    def used() -> weakref.ref[JobRunner]:
        runner = JobRunner(tk)
        runner.submit(lambda: None, lane="advice")
        runner.submit(lambda: None)
        tk.pump(until=lambda: runner.pending == 0)
        return weakref.ref(runner)

    ref = used()
    time.sleep(0.01)  # both workers wait for more work now
    gc.collect()
    assert ref() is None


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="threads have their own "
                    "priority only on Linux")
def test_workers_are_nicer_than_the_tk_thread() -> None:
    """A busy worker (a solve) must not take the processor from the window's callbacks:
    workers, of a lane or not, run WORKER_NICE nicer than the thread that asked."""
    tk = FakeTk()
    runner = JobRunner(tk)
    mine = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())

    def nice() -> int:
        return os.getpriority(os.PRIO_PROCESS, threading.get_native_id())

    got: list[int] = []
    runner.submit(nice, got.append)
    runner.submit(nice, got.append, lane="save")
    tk.pump(until=lambda: len(got) == 2)
    assert got == [min(19, mine + WORKER_NICE)] * 2
    assert nice() == mine  # the Tk thread keeps its own
