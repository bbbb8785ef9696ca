"""The log file rotates, is set up once, and the Tk error handler never raises (no display
needed here; tests/gui/test_error_dialog.py drives the real dialog)."""

from __future__ import annotations

import logging
import logging.handlers
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tenthousand.dialogs import error as error_dialog
from tenthousand.files.paths import paths
from tenthousand.services import logs


@pytest.fixture(autouse=True)
def _clean_handlers() -> Iterator[None]:
    yield
    logger = logging.getLogger("tenthousand")
    for h in list(logger.handlers):
        logger.removeHandler(h)
        h.close()
    logs._handler = None


def _file_handlers() -> list[logging.Handler]:
    return [h for h in logging.getLogger("tenthousand").handlers
            if isinstance(h, logging.handlers.RotatingFileHandler)]


def test_setup_logging_writes_to_the_log_file() -> None:
    path = logs.setup_logging()
    assert path == paths().logfile
    logging.getLogger("tenthousand.test").info("hello from the test")
    for h in _file_handlers():
        h.flush()
    assert "hello from the test" in path.read_text(encoding="utf-8")
    (handler,) = _file_handlers()
    assert isinstance(handler, logging.handlers.RotatingFileHandler)
    assert handler.maxBytes == logs.MAX_BYTES == 1_000_000
    assert handler.backupCount == logs.BACKUP_COUNT == 3


def test_setup_twice_does_not_double_the_lines() -> None:
    logs.setup_logging()
    path = logs.setup_logging()
    assert len(_file_handlers()) == 1
    logging.getLogger("tenthousand").warning("once")
    for h in _file_handlers():
        h.flush()
    assert path.read_text(encoding="utf-8").count("once") == 1


def test_the_log_rotates_and_keeps_three_old_files() -> None:
    path = logs.setup_logging()
    logger = logging.getLogger("tenthousand.flood")
    line = "x" * 1000
    for _ in range(5000):  # about 5 MB
        logger.info(line)
    names = sorted(p.name for p in path.parent.iterdir())
    assert names == ["tenthousand.log", "tenthousand.log.1", "tenthousand.log.2",
                     "tenthousand.log.3"]
    assert all(p.stat().st_size <= 1_100_000 for p in path.parent.iterdir())


def test_a_log_folder_that_cannot_exist_falls_back_to_stderr(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("TENTHOUSAND_HOME", str(blocker))
    logs.setup_logging()
    assert "cannot write the log" in capsys.readouterr().err
    assert _file_handlers() == []


class FakeRoot:
    """Something without a display: building the dialog on it fails."""

    report_callback_exception = None


def test_the_handler_logs_and_survives_a_dialog_that_cannot_be_shown(
        capsys: pytest.CaptureFixture[str]) -> None:
    path = logs.setup_logging()
    root = FakeRoot()
    saved: list[int] = []
    error_dialog.install_tk_error_handler(root, on_save_and_quit=lambda: saved.append(1))  # type: ignore[arg-type]
    try:
        raise ZeroDivisionError("boom in a callback")
    except ZeroDivisionError:
        exc, value, tb = sys.exc_info()
    assert root.report_callback_exception is not None
    root.report_callback_exception(exc, value, tb)  # must not raise
    root.report_callback_exception(exc, value, tb)  # nor the second time
    for h in _file_handlers():
        h.flush()
    text = path.read_text(encoding="utf-8")
    assert text.count("ZeroDivisionError: boom in a callback") >= 2
    assert "the error dialog could not be shown" in text
    assert saved == []


def test_details_name_the_version_and_the_traceback() -> None:
    try:
        [].pop()
    except IndexError:
        exc, value, tb = sys.exc_info()
    assert exc is not None and value is not None
    details = logs.format_details(exc, value, tb)
    assert details.startswith("Ten-Thousand ")
    assert "IndexError: pop from empty list" in details and "Traceback" in details


def test_a_worker_thread_that_dies_is_in_the_log(monkeypatch: pytest.MonkeyPatch) -> None:
    import threading

    seen: list[str] = []
    monkeypatch.setattr(threading, "excepthook", lambda args: seen.append(args.thread.name))
    path = logs.setup_logging()
    logs.setup_logging()  # the hook is installed once, not wrapped twice

    def work() -> None:
        raise ValueError("the dice rolled off the table")

    t = threading.Thread(target=work, name="dice-images")
    t.start()
    t.join()
    for h in logging.getLogger("tenthousand").handlers:
        h.flush()
    text = path.read_text(encoding="utf-8")
    assert "uncaught exception in the dice-images thread" in text
    assert "ValueError: the dice rolled off the table" in text
    assert seen == ["dice-images"]  # and the usual report after it, once
