"""The dialog shown when something inside the program went wrong (a Tk callback raised).

It says so in plain words and offers three ways on: **Continue** (the failed action did
nothing; play on), **Save and quit**, and **Copy details** (the traceback, for a bug
report).  It does not start a nested event loop: it is a transient window with a grab, and
:meth:`ErrorDialog.add` adds a later error to an open dialog instead of opening another.
"""

from __future__ import annotations

import logging
import sys
import tkinter
import traceback
from collections.abc import Callable
from pathlib import Path
from tkinter import ttk
from types import TracebackType
from typing import Any

from ..i18n import N_, _, ngettext
from ..services.logs import format_details, log_path
from ..view import access

__all__ = ["ErrorDialog", "install_tk_error_handler"]

log = logging.getLogger(__name__)

TITLE = N_("Ten-Thousand: something went wrong")


class ErrorDialog:
    """The error window; ``.choice`` becomes "continue", "save-and-quit" or None."""

    def __init__(self, parent: tkinter.Misc, exc: type[BaseException], value: BaseException,
                 details: str, *, on_save_and_quit: Callable[[], None],
                 on_close: Callable[[], None] | None = None,
                 log_file: Path | None = None) -> None:
        self.parent = parent
        self.on_save_and_quit = on_save_and_quit
        self.on_close = on_close
        self.choice: str | None = None
        self.count = 1
        self.details = details
        self.copied = False

        top = self.top = tkinter.Toplevel(parent)
        top.withdraw()
        top.title(_(TITLE))
        top.resizable(True, True)
        frame = ttk.Frame(top, padding=12)
        frame.pack(fill="both", expand=True)
        text = str(value).strip().splitlines()[0] if str(value).strip() else ""
        summary = f"{exc.__name__}: {text[:200]}" if text else exc.__name__
        # Translators: {error} is the error's name and message, in English, as Python says it.
        message = _("Something went wrong inside Ten-Thousand, and the last action was not "
                    "carried out.\n\n{error}\n\nYou can continue playing, save the game and "
                    "quit, or copy the details for a bug report.").format(error=summary)
        if log_file:
            message += "\n" + _("The details are in the log: {file}").format(file=log_file)
        self.message = ttk.Label(frame, wraplength=460, justify="left", text=message)
        self.message.pack(fill="x", anchor="w")
        self.count_label = ttk.Label(frame, text="")
        self.count_label.pack(fill="x", anchor="w")
        self.text = tkinter.Text(frame, height=10, width=72, wrap="none")
        self.text.insert("1.0", details)
        self.text.configure(state="disabled")
        self.text.pack(fill="both", expand=True, pady=(8, 8))
        buttons = ttk.Frame(frame)
        buttons.pack(fill="x")
        # Translators: the error window's buttons; "&" marks the access key.
        self.continue_button = access.button(buttons, _("&Continue"), self.continue_,
                                             default="active")
        self.save_button = access.button(buttons, _("&Save and quit"), self.save_and_quit)
        self.copy_button = access.button(buttons, _("Copy &details"), self.copy)
        self.copy_button.pack(side="left")
        self.continue_button.pack(side="right")
        self.save_button.pack(side="right", padx=(0, 6))
        top.bind("<Return>", lambda e: self.continue_())
        top.bind("<Escape>", lambda e: self.continue_())
        top.protocol("WM_DELETE_WINDOW", self.continue_)
        try:
            if parent.winfo_viewable():
                top.transient(parent)  # type: ignore[call-overload]
        except tkinter.TclError:
            pass
        top.deiconify()
        self.continue_button.focus_set()
        try:
            top.grab_set()
        except tkinter.TclError:  # another grab, or not viewable yet: the dialog still works
            pass

    def alive(self) -> bool:
        try:
            return bool(self.top.winfo_exists())
        except tkinter.TclError:
            return False

    def add(self, exc: type[BaseException], value: BaseException, details: str) -> None:
        """Another error arrived while this dialog is open."""
        self.count += 1
        self.details += "\n" + details
        more = self.count - 1
        self.count_label.configure(text=ngettext(
            "{n} more error since; see the details.", "{n} more errors since; see the details.",
            more).format(n=more))
        self.text.configure(state="normal")
        self.text.insert("end", "\n" + details)
        self.text.configure(state="disabled")

    def copy(self) -> None:
        """Put the details on the clipboard."""
        self.top.clipboard_clear()
        self.top.clipboard_append(self.details)
        self.copied = True
        self.copy_button.configure(text=_("Copied"), underline=-1)

    def _close(self) -> None:
        try:
            self.top.grab_release()
        except tkinter.TclError:
            pass
        self.top.destroy()
        if self.on_close is not None:
            self.on_close()

    def continue_(self) -> None:
        self.choice = "continue"
        self._close()

    def save_and_quit(self) -> None:
        self.choice = "save-and-quit"
        self._close()
        self.on_save_and_quit()


def install_tk_error_handler(root: tkinter.Tk, *,
                             on_save_and_quit: Callable[[], None]) -> None:
    """Route every exception raised in a Tk callback of ``root`` to the log and a dialog.

    The dialog offers Continue, Save and quit (calls ``on_save_and_quit``) and Copy
    details.  While one dialog is open, further errors are logged and added to it rather
    than opening another one; an error while showing the dialog is logged and written to
    stderr, never raised.
    """
    state: dict[str, Any] = {"dialog": None, "busy": False}

    def report(exc: type[BaseException], value: BaseException,
               tb: TracebackType | None) -> None:
        try:
            details = format_details(exc, value, tb)
        except Exception:  # noqa: BLE001
            details = f"{exc.__name__}: {value!r}"
        try:
            log.error("error in a Tk callback\n%s", details)
        except Exception:  # noqa: BLE001 - the log itself failed: stderr is all that is left
            print(details, file=sys.stderr)
        if state["busy"]:  # an error raised while the dialog was being built
            return
        state["busy"] = True
        try:
            dialog = state["dialog"]
            if dialog is not None and dialog.alive():
                dialog.add(exc, value, details)
                return
            def closed() -> None:
                state["dialog"] = None

            state["dialog"] = ErrorDialog(root, exc, value, details,
                                          on_save_and_quit=on_save_and_quit,
                                          on_close=closed, log_file=log_path())
        except Exception:  # noqa: BLE001 - never raise from the error handler
            state["dialog"] = None
            try:
                log.exception("the error dialog could not be shown")
            except Exception:  # noqa: BLE001
                traceback.print_exc()
        finally:
            state["busy"] = False

    root.report_callback_exception = report
