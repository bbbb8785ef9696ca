"""The log file, and what happens when a Tk callback raises (Thonny's ``_on_tk_exception``).

:func:`setup_logging` opens a rotating log file (about 1 MB, three old files kept) at
``paths().logfile``.  :func:`tenthousand.dialogs.error.install_tk_error_handler` routes ``Tk.report_callback_exception``
to that log and to a dialog that lets the player continue, save and quit, or copy the
details.  An exception is never silently printed and forgotten, and an error while showing
the dialog is logged too instead of raising again.
"""

from __future__ import annotations

import logging
import logging.handlers
import sys
import threading
import traceback
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING

from ..files.paths import paths
from ..i18n import _

if TYPE_CHECKING:
    pass

__all__ = ["setup_logging", "log_path", "report_startup_failure",
           "MAX_BYTES", "BACKUP_COUNT"]

MAX_BYTES = 1_000_000
BACKUP_COUNT = 3
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"

log = logging.getLogger("tenthousand")
_handler: logging.Handler | None = None


def log_path() -> Path:
    return paths().logfile


def setup_logging(level: int = logging.INFO) -> Path:
    """Log the ``tenthousand`` loggers to the rotating log file; returns its path.

    Safe to call again (say after ``TENTHOUSAND_HOME`` changed): the previous file handler
    is replaced, never doubled.  When the folder cannot be written, the log goes to stderr.
    """
    global _handler
    path = log_path()
    handler: logging.Handler
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = logging.handlers.RotatingFileHandler(
            path, maxBytes=MAX_BYTES, backupCount=BACKUP_COUNT, encoding="utf-8", delay=False)
    except OSError as e:
        handler = logging.StreamHandler(sys.stderr)
        print(_("tenthousand: cannot write the log at {path} ({reason}); logging to "
                "stderr").format(path=path, reason=e.strerror), file=sys.stderr)
    handler.setFormatter(logging.Formatter(FORMAT))
    if _handler is not None:
        log.removeHandler(_handler)
        try:
            _handler.close()
        except Exception:  # noqa: BLE001
            pass
    _handler = handler
    log.addHandler(handler)
    log.setLevel(level)
    if threading.excepthook is not _thread_failed:
        global _previous_thread_hook
        _previous_thread_hook = threading.excepthook
        threading.excepthook = _thread_failed
    return path


_previous_thread_hook = threading.excepthook


def _thread_failed(args: threading.ExceptHookArgs) -> None:
    """A worker thread died of an exception: into the log with it, then the usual report."""
    if args.exc_type is not SystemExit and args.exc_value is not None:
        name = args.thread.name if args.thread is not None else "?"
        log.error("uncaught exception in the %s thread", name,
                  exc_info=(args.exc_type, args.exc_value, args.exc_traceback))
    _previous_thread_hook(args)


def format_details(exc: type[BaseException], value: BaseException,
                   tb: TracebackType | None) -> str:
    """The traceback as the log and the dialog's "Copy details" show it."""
    from .. import __version__

    lines = traceback.format_exception(exc, value, tb)
    return (f"Ten-Thousand {__version__}, Python {sys.version.split()[0]} on {sys.platform}\n"
            + "".join(lines))


def report_startup_failure(error: BaseException) -> str:
    """The game could not start: the traceback into the log, one sentence to stderr.

    Returns the sentence.  Used before the window exists, when the error dialog cannot be
    shown; it never raises itself.
    """
    where: str | None = None  # the log file, or None: the traceback is on stderr
    try:
        if _handler is None:
            setup_logging()
        log.error("the game could not start\n%s",
                  format_details(type(error), error, error.__traceback__))
        if isinstance(_handler, logging.FileHandler):
            where = str(log_path())
        # else no log file could be opened: the traceback went to stderr
    except Exception:  # noqa: BLE001 - the log itself failed: the traceback goes to stderr
        traceback.print_exception(type(error), error, error.__traceback__)
        where = None
    what = " ".join(str(error).split()) or type(error).__name__
    try:
        if where is None:
            # Translators: {error} is the error's message as Python gives it.
            sentence = _("tenthousand: the game could not start ({error}); the details are "
                         "in the lines above.").format(error=what)
        else:
            sentence = _("tenthousand: the game could not start ({error}); the details are "
                         "in {file}.").format(error=what, file=where)
    except Exception:  # noqa: BLE001 - a broken catalogue must not hide the error
        sentence = f"tenthousand: the game could not start ({what})."
    print(sentence, file=sys.stderr)
    return sentence
