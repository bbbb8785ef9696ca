"""Safe files: atomic JSON writes, and bad files set aside instead of trusted.

Only JSON is ever read.  A write goes to a temporary file in the same folder, is flushed
and fsynced, then ``os.replace``d over the old file, so a kill at any instant leaves either
the old or the new file, never a torn one.
"""

from __future__ import annotations

import json
import os
import re
import stat
import tempfile
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..i18n import _


class BadFile(ValueError):
    """A file that exists but cannot be read as what it should be."""


def write_json_atomic(path: Path, data: Any) -> None:
    """Write ``data`` as JSON to ``path`` atomically (raises OSError on a full disk...)."""
    write_text_atomic(path, json.dumps(data, indent=1, ensure_ascii=False))


def write_text_atomic(path: Path, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` atomically (raises OSError on a full disk...)."""
    write_bytes_atomic(path, text.encode("utf-8"))


def write_bytes_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` so that a kill leaves the old file or the new one, never
    half of one: a temporary file beside it, flushed and fsynced, renamed over it, and the
    rename made durable too (raises OSError on a full disk...)."""
    write_chunks_atomic(path, (data,))


def write_chunks_atomic(path: Path, chunks: Iterable[bytes]) -> None:
    """:func:`write_bytes_atomic` for a file made piece by piece (one piece in memory at a
    time: a large file need not fit in memory twice)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            for chunk in chunks:
                f.write(chunk)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    if hasattr(os, "O_DIRECTORY"):  # make the rename itself durable (POSIX)
        try:
            dir_fd = os.open(path.parent, os.O_RDONLY | os.O_DIRECTORY)
        except OSError:
            return
        try:
            os.fsync(dir_fd)
        except OSError:
            pass
        finally:
            os.close(dir_fd)


MAX_BYTES = 8 * 1024 * 1024
#: The byte order mark some editors write before UTF-8 text: read as nothing.
BOM = b"\xef\xbb\xbf"


class TooBig(BadFile):
    """A file longer than its kind can be (refused after reading at most the limit)."""


def read_limited(path: Path, limit: int = MAX_BYTES) -> bytes:
    """The bytes of ``path``, a regular file of at most ``limit`` bytes.

    A folder, a device or a pipe raises :class:`BadFile` without being read (a pipe is
    opened without waiting for a writer); a file that holds more than ``limit`` bytes
    raises :class:`TooBig` after at most ``limit + 1`` bytes were read, whatever its size
    claims.  FileNotFoundError and the other OSErrors are the caller's to word.
    """
    mode = os.stat(path).st_mode
    if stat.S_ISDIR(mode):
        # Translators: {file} is a name the player gave where a file was expected.
        raise BadFile(_("{file} is a folder, not a file").format(file=_shown(path)))
    if not stat.S_ISREG(mode):
        raise BadFile(_("{file} is not an ordinary file (it is a device or a pipe)").format(
            file=_shown(path)))
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)  # not blocking: the file may have become a pipe since
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise BadFile(_("{file} is not an ordinary file (it is a device or a pipe)"
                            ).format(file=_shown(path)))
        chunks: list[bytes] = []
        left = limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    finally:
        os.close(fd)
    if left <= 0:
        raise TooBig(_("{file} is far too large to be ours").format(file=_shown(path)))
    return b"".join(chunks)


def _shown(path: Path) -> str:
    """A file's name for a message (the whole path when it has no name, as ``/``)."""
    return path.name or str(path)


#: A JSON escape that may stand for half of a surrogate pair (checked further when found).
_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89abcdefABCDEF]")


def read_json(path: Path) -> Any:
    """The JSON in ``path``; None when the file does not exist; BadFile when it is not
    readable JSON (or not a regular file, or bigger than :data:`MAX_BYTES`).  A byte order
    mark before the text is skipped; text that cannot be written again as UTF-8 (a lone
    surrogate written as an escape) is refused here, where it enters."""
    try:
        raw = read_limited(path)
    except FileNotFoundError:
        return None
    except OSError as e:
        # Translators: {file} is a file's name; {reason} the system's words for the error.
        raise BadFile(_("{file} cannot be read ({reason})").format(
            file=path.name, reason=e.strerror)) from None
    return parse_json(raw, path.name)


def parse_json(raw: bytes, name: str) -> Any:
    """The JSON document in ``raw`` (the bytes of the file ``name``), or BadFile."""
    try:
        data = json.loads(raw.removeprefix(BOM).decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise BadFile(_("{file} is not valid JSON").format(file=name)) from None
    if _SURROGATE_ESCAPE.search(raw):
        try:
            json.dumps(data, ensure_ascii=False).encode("utf-8")
        except (UnicodeEncodeError, RecursionError):
            raise BadFile(_("{file} holds a broken character that is not text").format(
                file=name)) from None
    return data


def aside_path(path: Path) -> Path:
    """A free name beside ``path`` for what is set aside from it: ``NAME.bad-TIMESTAMP``
    (``-2``, ``-3``... when that is taken)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.bad-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.bad-{stamp}-{n}")
    return target


def set_aside(path: Path) -> Path | None:
    """Rename a bad file to ``NAME.bad-TIMESTAMP`` beside it; returns the new path."""
    target = aside_path(path)
    try:
        os.replace(path, target)
    except OSError:
        return None
    return target
