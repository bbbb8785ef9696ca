"""Safe files: atomic JSON writes, and bad files set aside instead of trusted.

Only JSON is ever read.  A write goes to a temporary file in the same folder, is flushed
and fsynced, then ``os.replace``d over the old file, so a kill at any instant leaves either
the old or the new file, never a torn one.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
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
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
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


def read_json(path: Path) -> Any:
    """The JSON in ``path``; None when the file does not exist; BadFile when it is not
    readable JSON."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as e:
        # Translators: {file} is a file's name; {reason} the system's words for the error.
        raise BadFile(_("{file} cannot be read ({reason})").format(
            file=path.name, reason=e.strerror)) from None
    if len(raw) > MAX_BYTES:
        raise BadFile(_("{file} is far too large to be ours").format(file=path.name))
    try:
        return json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise BadFile(_("{file} is not valid JSON").format(file=path.name)) from None


def set_aside(path: Path) -> Path | None:
    """Rename a bad file to ``NAME.bad-TIMESTAMP`` beside it; returns the new path."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.bad-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.bad-{stamp}-{n}")
    try:
        os.replace(path, target)
    except OSError:
        return None
    return target
