"""The error handler on a real root: an exception in a callback is logged and shown in a
dialog that continues, saves and quits, or copies the details; it never raises itself."""

from __future__ import annotations

import logging
import tkinter as tk
from collections.abc import Iterator
from typing import Any

import pytest

from tenthousand.dialogs import error as error_module
from tenthousand.dialogs.error import ErrorDialog
from tenthousand.services import logs


@pytest.fixture
def handled(tk_root: tk.Tk) -> Iterator[dict[str, Any]]:
    """Our handler installed on the session root (the fixture's own is put back after)."""
    old = tk_root.report_callback_exception
    path = logs.setup_logging()
    state: dict[str, Any] = {"saved": 0, "log": path}

    def save_and_quit() -> None:
        state["saved"] += 1

    error_module.install_tk_error_handler(tk_root, on_save_and_quit=save_and_quit)
    yield state
    tk_root.report_callback_exception = old  # type: ignore[method-assign]
    for child in tk_root.winfo_children():
        if isinstance(child, tk.Toplevel):
            child.destroy()
    tk_root.update()
    logger = logging.getLogger("tenthousand")
    for h in list(logger.handlers):
        logger.removeHandler(h)
        h.close()
    logs._handler = None


def _dialogs(root: tk.Tk) -> list[tk.Toplevel]:
    return [w for w in root.winfo_children()
            if isinstance(w, tk.Toplevel) and w.title() == error_module.TITLE]


def _fail_in_callback(root: tk.Tk, exc: BaseException) -> None:
    def boom() -> None:
        raise exc

    root.after(0, boom)
    for _ in range(5):
        root.update()


def _log_text(state: dict[str, Any]) -> str:
    for h in logging.getLogger("tenthousand").handlers:
        h.flush()
    return str(state["log"].read_text(encoding="utf-8"))


def _the_dialog(root: tk.Tk) -> ErrorDialog:
    (top,) = _dialogs(root)
    dialog = getattr(top, "_error_dialog", None)
    if dialog is None:  # find the object through a button's command
        raise AssertionError("no ErrorDialog attached")
    return dialog  # type: ignore[no-any-return]


@pytest.fixture(autouse=True)
def _remember_dialogs(monkeypatch: pytest.MonkeyPatch) -> None:
    """Attach each ErrorDialog to its window so the tests can press its buttons."""
    original = ErrorDialog.__init__

    def init(self: ErrorDialog, *args: Any, **kwargs: Any) -> None:
        original(self, *args, **kwargs)
        self.top._error_dialog = self  # type: ignore[attr-defined]

    monkeypatch.setattr(ErrorDialog, "__init__", init)


def test_an_error_is_logged_and_shown(tk_root: tk.Tk, handled: dict[str, Any]) -> None:
    _fail_in_callback(tk_root, ZeroDivisionError("division by zero in a test"))
    assert "ZeroDivisionError: division by zero in a test" in _log_text(handled)
    assert len(_dialogs(tk_root)) == 1
    dialog = _the_dialog(tk_root)
    assert "ZeroDivisionError" in dialog.message.cget("text")
    assert "Traceback" in dialog.text.get("1.0", "end")
    dialog.continue_button.invoke()
    tk_root.update()
    assert _dialogs(tk_root) == [] and dialog.choice == "continue"
    assert handled["saved"] == 0


def test_a_second_error_joins_the_open_dialog(tk_root: tk.Tk, handled: dict[str, Any]) -> None:
    _fail_in_callback(tk_root, ValueError("first"))
    _fail_in_callback(tk_root, KeyError("second"))
    assert len(_dialogs(tk_root)) == 1
    dialog = _the_dialog(tk_root)
    assert dialog.count == 2
    assert "first" in dialog.details and "second" in dialog.details
    assert "1 more error" in dialog.count_label.cget("text")
    text = _log_text(handled)
    assert "ValueError: first" in text and "KeyError: 'second'" in text
    dialog.continue_button.focus_force()
    tk_root.update()
    dialog.continue_button.event_generate("<KeyPress-Escape>")
    tk_root.update()
    assert _dialogs(tk_root) == []
    # After it closed, the next error gets a dialog of its own.
    _fail_in_callback(tk_root, RuntimeError("third"))
    assert len(_dialogs(tk_root)) == 1


def test_copy_details_puts_the_traceback_on_the_clipboard(
        tk_root: tk.Tk, handled: dict[str, Any]) -> None:
    _fail_in_callback(tk_root, IndexError("copied"))
    dialog = _the_dialog(tk_root)
    dialog.copy_button.invoke()
    assert dialog.copied
    clip = tk_root.clipboard_get()
    assert "IndexError: copied" in clip and "Traceback" in clip and "Ten-Thousand" in clip
    assert _dialogs(tk_root)  # copying leaves the dialog open
    dialog.continue_()


def test_save_and_quit_calls_back(tk_root: tk.Tk, handled: dict[str, Any]) -> None:
    _fail_in_callback(tk_root, AttributeError("save me"))
    dialog = _the_dialog(tk_root)
    dialog.save_button.invoke()
    tk_root.update()
    assert handled["saved"] == 1 and dialog.choice == "save-and-quit"
    assert _dialogs(tk_root) == []


def test_an_error_while_showing_the_dialog_is_logged_not_raised(
        tk_root: tk.Tk, handled: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise tk.TclError("the dialog itself failed")

    monkeypatch.setattr(ErrorDialog, "__init__", broken)
    _fail_in_callback(tk_root, ZeroDivisionError("original"))
    _fail_in_callback(tk_root, ZeroDivisionError("again"))
    text = _log_text(handled)
    assert "ZeroDivisionError: original" in text and "ZeroDivisionError: again" in text
    assert "the error dialog could not be shown" in text and "the dialog itself failed" in text
    assert _dialogs(tk_root) == []


def test_a_failing_save_and_quit_is_reported_again(tk_root: tk.Tk) -> None:
    """If saving itself raises inside the dialog's button, that error is handled too."""
    old = tk_root.report_callback_exception
    logs.setup_logging()
    try:
        def fail() -> None:
            raise OSError("disk gone")

        error_module.install_tk_error_handler(tk_root, on_save_and_quit=fail)
        _fail_in_callback(tk_root, ZeroDivisionError("first"))
        (top,) = _dialogs(tk_root)
        top._error_dialog.save_button.invoke()  # type: ignore[attr-defined]
        tk_root.update()
        # The button's exception went through the handler: a fresh dialog shows it.
        (top2,) = _dialogs(tk_root)
        assert "disk gone" in top2._error_dialog.details  # type: ignore[attr-defined]
        top2._error_dialog.continue_()  # type: ignore[attr-defined]
    finally:
        tk_root.report_callback_exception = old  # type: ignore[method-assign]
        for child in tk_root.winfo_children():
            if isinstance(child, tk.Toplevel):
                child.destroy()
        logger = logging.getLogger("tenthousand")
        for h in list(logger.handlers):
            logger.removeHandler(h)
            h.close()
        logs._handler = None
