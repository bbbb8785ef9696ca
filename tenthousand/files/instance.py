"""One copy of the game window per home: a lock file that the running copy holds.

Two windows on one home would write the same save and history: one's "No" to resume would
delete the game the other plays, one's finished game would clear the other's save.  So the
window takes an exclusive lock on ``data/tenthousand.lock`` before it reads the save and
keeps it until the process ends (``fcntl.flock`` on Linux and macOS, ``msvcrt.locking`` on
Windows).  The system drops the lock with the process, however it ends: a copy that was
killed leaves no stale lock behind, and the file itself means nothing.

A second copy finds the lock taken and says so (see :mod:`tenthousand.launch`); it asks
the first to come to the front by touching ``data/tenthousand.raise`` (:func:`ask_to_raise`),
which the first watches (:func:`raise_stamp`).  No tkinter here.
"""

from __future__ import annotations

import logging
import os
import sys
from pathlib import Path

from .paths import paths

log = logging.getLogger(__name__)

LOCK_NAME = "tenthousand.lock"
RAISE_NAME = "tenthousand.raise"


class AlreadyRunning(Exception):
    """Another copy of the game holds the lock of this home."""


def lock_path() -> Path:
    return paths().data / LOCK_NAME


def raise_path() -> Path:
    return paths().data / RAISE_NAME


class HomeLock:
    """The lock of one home, held until :meth:`release` or the end of the process.  Its
    ``held`` is False when the lock file could not be made at all (a read-only home: then
    nothing can be saved either, and the window plays on without it)."""

    def __init__(self, fd: int | None) -> None:
        self.fd = fd

    @property
    def held(self) -> bool:
        return self.fd is not None

    def release(self) -> None:
        if self.fd is not None:
            os.close(self.fd)  # closing drops the lock (both systems)
            self.fd = None


def _try_lock(fd: int) -> bool:
    """Take the lock on ``fd`` without waiting; False when another process holds it."""
    if sys.platform == "win32":
        import msvcrt

        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)  # the first byte (past the end is fine)
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def acquire() -> HomeLock:
    """Hold this home's lock; AlreadyRunning when another copy holds it.

    The lock is per open file: a second :func:`acquire` in the same process finds it
    taken too, as a second copy would."""
    path = lock_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o600)
    except OSError as e:
        log.warning("no lock for this home (%s): %s", path, e)
        return HomeLock(None)
    try:
        locked = _try_lock(fd)
    except OSError as e:  # a file system without locks: play on, as before the lock
        log.warning("the lock %s cannot be taken: %s", path, e)
        os.close(fd)
        return HomeLock(None)
    if not locked:
        os.close(fd)
        raise AlreadyRunning(str(path))
    try:  # who holds it, for a person looking (the lock is the flock, not this text)
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
    except OSError:
        pass
    return HomeLock(fd)


def ask_to_raise() -> bool:
    """(The second copy.)  Ask the copy that holds the lock to bring its window to the
    front; False when the request could not be left."""
    path = raise_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "a", encoding="utf-8"):
            pass
        os.utime(path)
    except OSError as e:
        log.info("could not ask the other copy to come to the front: %s", e)
        return False
    return True


def raise_stamp() -> int | None:
    """The time of the last request to come to the front (None: none yet)."""
    try:
        return os.stat(raise_path()).st_mtime_ns
    except OSError:
        return None
