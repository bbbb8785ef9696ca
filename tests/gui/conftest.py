"""GUI test set-up (Porcupine's pattern): one Tk root for the session, and any exception
raised inside a Tk callback fails the test that caused it.

In CI (``CI`` set) a missing display is an error; elsewhere the GUI tests are skipped when
no display can be opened.
"""

from __future__ import annotations

import gc
import os
import tkinter
import traceback
from collections.abc import Iterator

import pytest

_errors: list[str] = []


def _report(exc: type[BaseException], value: BaseException, tb: object) -> None:
    _errors.append("".join(traceback.format_exception(exc, value, tb)))  # type: ignore[arg-type]


@pytest.fixture(scope="session")
def tk_root() -> Iterator[tkinter.Tk]:
    try:
        root = tkinter.Tk()
    except tkinter.TclError as e:
        if os.environ.get("CI"):
            pytest.fail(f"CI must run the GUI tests, but Tk cannot open a display: {e}")
        pytest.skip(f"no display for the GUI tests: {e}")
    root.report_callback_exception = _report  # type: ignore[method-assign]
    root.withdraw()
    yield root
    root.destroy()


@pytest.fixture
def shown_root(tk_root: tkinter.Tk) -> Iterator[tkinter.Tk]:
    """The session's root, shown; the windows a test left on it closed after."""
    tk_root.deiconify()
    yield tk_root
    for child in tk_root.winfo_children():
        if isinstance(child, tkinter.Toplevel):
            child.destroy()


@pytest.fixture(autouse=True)
def _fail_on_callback_errors(request: pytest.FixtureRequest) -> Iterator[None]:
    _errors.clear()
    yield
    # A test's windows and images, garbage once its locals are gone, are freed here in the
    # Tk thread; left to chance, a later test's worker thread could free them, and Tk
    # refuses calls from another thread ("main thread is not in main loop").
    gc.collect()
    if _errors:
        errors = list(_errors)
        _errors.clear()
        pytest.fail("a Tk callback raised:\n" + "\n".join(errors))


def report_callback_errors() -> list[str]:
    """The tracebacks collected so far (for tests that install their own handler)."""
    return list(_errors)
