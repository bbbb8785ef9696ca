"""A small window over another that shows how far a long job has come, with Cancel.

It appears only once the job has taken :data:`SHOW_AFTER_MS` (a quick job never makes a
window flash), follows ``share()`` every :data:`POLL_MS` (None: the total is not known yet,
and the bar moves to and fro), and is gone at :meth:`ProgressBox.close`.  Cancel (or Escape,
or closing the box) calls ``on_cancel``; the job itself runs in the job runner, so the
window never waits for it.
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable
from tkinter import ttk

from ..i18n import _
from ..services.timers import Timers
from ..view import access
from .base import PAD, chars

#: How long a job runs before its progress is shown.
SHOW_AFTER_MS = 500
#: How often the bar follows the job.
POLL_MS = 100


class ProgressBox:
    """The progress of one job, shown over ``parent`` once it takes a while."""

    def __init__(self, parent: tk.Misc, title: str, text: str,
                 share: Callable[[], float | None], on_cancel: Callable[[], None]) -> None:
        self.parent = parent
        self.title = title
        self.text = text
        self.share = share
        self.on_cancel = on_cancel
        self.window: tk.Toplevel | None = None
        self.bar: ttk.Progressbar | None = None
        self.timers = Timers(parent)
        self.timers.later(SHOW_AFTER_MS, self._show, purpose="show")

    @property
    def shown(self) -> bool:
        return self.window is not None

    def _show(self) -> None:
        if not self.parent.winfo_exists():
            return
        window = self.window = tk.Toplevel(self.parent)
        window.withdraw()
        window.title(self.title)
        window.transient(self.parent.winfo_toplevel())
        window.resizable(False, False)
        frame = ttk.Frame(window, padding=PAD)
        frame.pack(fill="both", expand=True)
        ttk.Label(frame, text=self.text, anchor="w", wraplength=chars(window, 40)).pack(
            fill="x")
        self.bar = ttk.Progressbar(frame, maximum=1.0, length=chars(window, 36))
        self.bar.pack(fill="x", pady=PAD)
        # Translators: the button that stops a long job (opening a record), access key &.
        access.button(frame, _("&Cancel"), self.cancel).pack(side="right")
        window.protocol("WM_DELETE_WINDOW", self.cancel)
        window.bind("<Escape>", lambda e: self.cancel())
        top = self.parent.winfo_toplevel()
        window.update_idletasks()
        x = top.winfo_rootx() + max(0, (top.winfo_width() - window.winfo_reqwidth()) // 2)
        y = top.winfo_rooty() + max(0, (top.winfo_height() - window.winfo_reqheight()) // 3)
        window.geometry(f"+{x}+{y}")
        window.deiconify()
        self._follow()

    def _follow(self) -> None:
        if self.bar is None:
            return
        share = self.share()
        if share is None:
            if str(self.bar.cget("mode")) != "indeterminate":
                self.bar.configure(mode="indeterminate")
            self.bar.step(0.05)
        else:
            if str(self.bar.cget("mode")) != "determinate":
                self.bar.configure(mode="determinate")
            self.bar.configure(value=share)
        self.timers.later(POLL_MS, self._follow, purpose="follow")

    def cancel(self) -> None:
        """Cancel, Escape: the job is to stop; the box goes."""
        self.close()
        self.on_cancel()

    def close(self) -> None:
        """The job is over (or cancelled): nothing more is shown."""
        self.timers.cancel_all()
        window, self.window, self.bar = self.window, None, None
        if window is not None and window.winfo_exists():
            window.destroy()
