"""One copy per home: the lock a window holds, taken by nobody else while it lives, and gone
with the process however it ends (no stale lock after a kill).

The real second window on the same home is in tests/gui/test_save_quit.py."""

from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from save_kit import assert_one_sentence

from tenthousand.files import instance

ROOT = Path(__file__).resolve().parent.parent

HOLDER = ("import sys, time\n"
          "from tenthousand.files import instance\n"
          "lock = instance.acquire()\n"
          "print('held' if lock.held else 'none', flush=True)\n"
          "time.sleep(120)\n")


def start_holder(home: Path) -> subprocess.Popen[str]:
    """Another process that takes the lock of ``home`` and keeps it."""
    env = dict(os.environ, TENTHOUSAND_HOME=str(home),
               PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    proc = subprocess.Popen([sys.executable, "-c", HOLDER], env=env, stdout=subprocess.PIPE,
                            text=True)
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "held"
    return proc


def test_a_second_lock_in_the_same_home_is_refused_until_the_first_is_released() -> None:
    first = instance.acquire()
    try:
        assert first.held
        with pytest.raises(instance.AlreadyRunning):
            instance.acquire()
    finally:
        first.release()
    again = instance.acquire()
    assert again.held
    again.release()


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL (POSIX)")
def test_another_process_holds_it_and_a_killed_one_leaves_no_stale_lock(
        _private_home: Path, long_run: bool) -> None:
    for _ in range(10 if long_run else 2):
        proc = start_holder(_private_home)
        try:
            with pytest.raises(instance.AlreadyRunning):
                instance.acquire()
        finally:
            proc.send_signal(signal.SIGKILL)
            proc.wait(timeout=30)
        assert instance.lock_path().exists()  # the file stays; it means nothing by itself
        start = time.monotonic()
        lock = instance.acquire()  # at once: the system dropped the lock with the process
        assert lock.held and time.monotonic() - start < 1.0
        lock.release()


def test_a_home_where_no_lock_can_be_made_still_plays(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> int:
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(instance.os, "open", refuse)
    lock = instance.acquire()
    assert not lock.held
    assert lock.problem is not None and "cannot make sure" in lock.problem
    assert "cannot be written" in lock.problem and "Errno" not in lock.problem
    assert_one_sentence(lock.problem)
    lock.release()


# -- a lock path that is not a file (issue 43, item 11) ------------------------------------


@pytest.mark.parametrize("thing", ["folder", "link", "fifo"])
def test_a_lock_path_that_is_not_a_file_is_set_aside_and_the_lock_holds(thing: str) -> None:
    path = instance.lock_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    if thing == "folder":
        path.mkdir()
        (path / "inside").write_text("x")
    elif thing == "link":
        path.symlink_to(path.parent / "elsewhere")
    elif not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes here")
    else:
        os.mkfifo(path)
    first = instance.acquire()
    try:
        assert first.held and first.problem is None
        assert path.is_file() and not path.is_symlink()
        aside = list(path.parent.glob("tenthousand.lock.bad-*"))
        assert len(aside) == 1  # kept, not deleted
        with pytest.raises(instance.AlreadyRunning):
            instance.acquire()
    finally:
        first.release()


@pytest.mark.skipif(sys.platform == "win32", reason="a folder's lock is Linux's and macOS's")
@pytest.mark.parametrize("swap", ["folder", "deleted"])
def test_a_lock_file_replaced_while_a_copy_runs_still_keeps_a_second_out(
        _private_home: Path, swap: str) -> None:
    """The first copy holds the data folder's lock too: a lock file deleted or replaced by
    a folder behind its back does not let a second copy in."""
    holder = start_holder(_private_home)
    try:
        path = instance.lock_path()
        path.unlink()
        if swap == "folder":
            path.mkdir()
        with pytest.raises(instance.AlreadyRunning):
            instance.acquire()
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait(30)
    lock = instance.acquire()  # the first gone: the next copy plays
    assert lock.held
    lock.release()


def test_an_answer_is_seen_only_for_the_request_it_answers() -> None:
    stamp = instance.ask_to_raise()
    assert stamp is not None and not instance.answered(stamp)
    instance.answer(stamp - 1)  # an answer to an earlier request
    assert not instance.answered(stamp)
    instance.answer(stamp)
    assert instance.answered(stamp)
    instance.answer_path().write_text("nonsense")
    assert not instance.answered(stamp)


def test_a_request_to_come_to_the_front_changes_the_stamp() -> None:
    assert instance.raise_stamp() is None
    assert instance.ask_to_raise()
    first = instance.raise_stamp()
    assert first is not None
    time.sleep(0.01)
    os.utime(instance.raise_path(), ns=(first - 10**9, first - 10**9))
    assert instance.ask_to_raise()
    assert instance.raise_stamp() != first - 10**9
