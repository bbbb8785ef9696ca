"""One copy of the game window per home: a lock that the running copy holds.

Two windows on one home would write the same save and history: one's "No" to resume would
delete the game the other plays, one's finished game would clear the other's save.  So the
window takes an exclusive lock before it reads the save and keeps it until the process
ends: on the data folder itself (``fcntl.flock`` on Linux and macOS, which takes a
folder), and on the file ``data/tenthousand.lock`` (the only one on Windows, with
``msvcrt.locking``).  The system drops both with the process, however it ends: a copy that
was killed leaves no stale lock behind, and the file itself means nothing.  Holding the
folder's lock too means that a lock file deleted or replaced while a copy runs (by a
folder of that name) does not let a second copy in.  Something that is not a file where
the lock file belongs (a folder, a link) is set aside (``.bad-TIMESTAMP``) and a file made
in its place.  When no lock at all can be taken, :attr:`HomeLock.problem` says why in one
sentence, for the window to tell the player.

A second copy finds the lock taken and says so (see :mod:`tenthousand.launch`); it asks
the first to come to the front by touching ``data/tenthousand.raise``
(:func:`ask_to_raise`), which the first watches (:func:`raise_stamp`) and answers, once its
window is in front and says so, by writing the request's stamp to
``data/tenthousand.raised`` (:func:`answer`), which the second waits for a moment
(:func:`answered`).  No tkinter here.
"""

from __future__ import annotations

import errno
import logging
import os
import stat
import sys
from pathlib import Path

from ..i18n import _
from .paths import paths
from .storage import set_aside, write_text_atomic

log = logging.getLogger(__name__)

LOCK_NAME = "tenthousand.lock"
RAISE_NAME = "tenthousand.raise"
ANSWER_NAME = "tenthousand.raised"


class AlreadyRunning(Exception):
    """Another copy of the game holds the lock of this home."""


def lock_path() -> Path:
    return paths().data / LOCK_NAME


def raise_path() -> Path:
    return paths().data / RAISE_NAME


def answer_path() -> Path:
    return paths().data / ANSWER_NAME


class HomeLock:
    """The lock of one home, held until :meth:`release` or the end of the process.  Its
    ``held`` is False when no lock could be taken at all (then ``problem`` says why, in one
    sentence for the player, and the window plays on without it)."""

    def __init__(self, fd: int | None, folder_fd: int | None = None,
                 problem: str | None = None) -> None:
        self.fd = fd
        self.folder_fd = folder_fd
        self.problem = problem

    @property
    def held(self) -> bool:
        return self.fd is not None or self.folder_fd is not None

    def release(self) -> None:
        for fd in (self.fd, self.folder_fd):
            if fd is not None:
                os.close(fd)  # closing drops the lock (both systems)
        self.fd = self.folder_fd = None


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


def _why(e: OSError) -> str:
    """The player's words for why a lock could not be taken."""
    if e.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
        return _("the data folder cannot be written")
    if e.errno in (errno.ENOLCK, errno.EOPNOTSUPP, getattr(errno, "ENOTSUP", -1),
                   errno.EINVAL):
        return _("the data folder's disk does not allow locks")
    if e.errno in (errno.EISDIR, errno.ELOOP, errno.ENXIO, errno.ENOTDIR):
        return _("something that is not a file has the lock file's name and cannot be moved")
    if e.errno == errno.ENOSPC:
        return _("the disk is full")
    return _("the disk reported an error")


def _lock_folder(folder: Path) -> int | None:
    """The data folder's own lock (Linux, macOS): its descriptor, None where folders cannot
    be locked; AlreadyRunning when another copy holds it."""
    if sys.platform == "win32":
        return None
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError as e:
        log.warning("the data folder %s cannot be opened to lock it: %s", folder, e)
        return None
    try:
        locked = _try_lock(fd)
    except OSError as e:
        log.info("the data folder %s cannot be locked: %s", folder, e)
        os.close(fd)
        return None
    if not locked:
        os.close(fd)
        raise AlreadyRunning(str(folder))
    return fd


_FLAGS = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0)


def _open_file(path: Path) -> int:
    """The lock file, opened (made if need be); what is there and is not a file is set
    aside first."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        st = None
    if st is not None and not stat.S_ISREG(st.st_mode):
        aside = set_aside(path)
        log.warning("%s was not a file: set aside as %s", path, aside)
    return os.open(path, _FLAGS, 0o600)


def acquire() -> HomeLock:
    """Hold this home's locks; AlreadyRunning when another copy holds one.

    The lock is per open file: a second :func:`acquire` in the same process finds it
    taken too, as a second copy would."""
    path = lock_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        log.warning("no data folder for the lock (%s): %s", path.parent, e)
        return HomeLock(None, problem=_problem(_why(e)))
    folder_fd = _lock_folder(path.parent)
    try:
        fd = _open_file(path)
    except OSError as e:
        log.warning("no lock file for this home (%s): %s", path, e)
        return HomeLock(None, folder_fd, None if folder_fd is not None else _problem(_why(e)))
    try:
        locked = _try_lock(fd)
    except OSError as e:  # a file system without locks: the folder's lock, or none
        log.warning("the lock %s cannot be taken: %s", path, e)
        os.close(fd)
        return HomeLock(None, folder_fd, None if folder_fd is not None else _problem(_why(e)))
    if not locked:
        os.close(fd)
        if folder_fd is not None:
            os.close(folder_fd)
        raise AlreadyRunning(str(path))
    try:  # who holds it, for a person looking (the lock is the flock, not this text)
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
    except OSError:
        pass
    return HomeLock(fd, folder_fd)


def _problem(why: str) -> str:
    # Translators: {reason} says why, as "the data folder cannot be written".
    return _("Ten-Thousand cannot make sure that it is the only copy open on your saved "
             "games ({reason}): while this window is open, do not start it again.").format(
        reason=why)


def ask_to_raise() -> int | None:
    """(The second copy.)  Ask the copy that holds the lock to bring its window to the
    front; the request's stamp, or None when the request could not be left."""
    path = raise_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "a", encoding="utf-8"):
            pass
        os.utime(path)
        return os.stat(path).st_mtime_ns
    except OSError as e:
        log.info("could not ask the other copy to come to the front: %s", e)
        return None


def held_since() -> int | None:
    """When this home's lock was last taken (the lock file's last write), or None."""
    try:
        return os.stat(lock_path()).st_mtime_ns
    except OSError:
        return None


def raise_stamp() -> int | None:
    """The time of the last request to come to the front (None: none yet)."""
    try:
        return os.stat(raise_path()).st_mtime_ns
    except OSError:
        return None


def answer(stamp: int) -> None:
    """(The first copy.)  Say that the request of ``stamp`` was seen: the window is in
    front, and it tells the player why no second one opened."""
    try:
        write_text_atomic(answer_path(), f"{stamp}\n")
    except OSError as e:
        log.info("could not answer the other copy: %s", e)


def answered(stamp: int) -> bool:
    """(The second copy.)  Whether the first answered the request of ``stamp`` (or a
    later one)."""
    try:
        text = answer_path().read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        return False
    return text.isdigit() and int(text) >= stamp
