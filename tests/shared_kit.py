"""Work that several pytest-xdist workers would each do, done once per test run.

A module-scoped fixture is made once per *worker*: with two workers, a parametrized fixture
whose tests land on both (the default ``load`` distribution) solves the same rules twice.
``--dist loadgroup`` would keep them together, but with pytest 9.2 it silently stops
grouping (pytest-xdist issue 1386). So the first worker to need a result makes it and
leaves it, as bytes, in the run's shared temporary folder; the others wait for it and read
it. Outside xdist (``-n 0``) nothing is shared: the work is simply done.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path

import pytest

WAIT_S = 600.0  # the longest a worker waits for another's result before making its own


def _folder(factory: pytest.TempPathFactory) -> Path | None:
    """The folder the run's workers share (the parent of each worker's base), or None
    outside xdist: there the parent is shared by *every* run, which must not be read."""
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        return None
    folder = factory.getbasetemp().parent / "shared"
    folder.mkdir(exist_ok=True)
    return folder


def shared(factory: pytest.TempPathFactory, key: str, make: Callable[[], bytes]) -> bytes:
    """``make()``'s bytes: made here if no other worker of this run has started on
    ``key``, else read from it once it is written (made here too if it failed)."""
    folder = _folder(factory)
    if folder is None:
        return make()
    result, failed, lock = (folder / f"{key}.{end}" for end in ("bin", "failed", "lock"))
    try:
        fd = os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
    except FileExistsError:  # another worker makes it
        deadline = time.monotonic() + WAIT_S
        while not result.exists():
            if failed.exists() or time.monotonic() > deadline or not _alive(lock):
                return make()
            time.sleep(0.05)
        return result.read_bytes()
    with os.fdopen(fd, "w") as f:
        f.write(str(os.getpid()))
    try:
        data = make()
    except BaseException:
        failed.touch()
        raise
    part = folder / f"{key}.{os.getpid()}.part"
    part.write_bytes(data)
    os.replace(part, result)  # whole or not there
    return data


def _alive(lock: Path) -> bool:
    """Whether the worker that took ``lock`` still runs (a worker that died while it made
    the result, which xdist then replaces, leaves its lock behind)."""
    try:
        pid = int(lock.read_text() or "0")
    except (OSError, ValueError):
        return True  # being written
    if pid <= 0:
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True

