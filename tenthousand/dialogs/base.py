"""The pattern every dialog follows (after CPython's ``idlelib.query.Query``).

A dialog is built while withdrawn, made transient to its parent, centred on it (and kept
inside the screen), then shown modally: ``grab_set`` and ``wait_window``.  Return means OK,
Escape means Cancel.  All checking happens in one method, :meth:`Dialog.validate`, which
returns the value or the error messages by field; :meth:`Dialog.refresh` runs it after every
change, shows each message next to its field and disables OK while any is left.

Every button has an access key (``&`` in its text, see :mod:`tenthousand.view.access`):
``ok_text`` and ``cancel_text`` are marked with ``N_`` and translated when the dialog is
built; a subclass picks letters that no other label of its window uses.

``testing=True`` shows the dialog without the grab and returns at once instead of waiting,
so a test can fill the widgets, press keys and read ``.result``.
"""

from __future__ import annotations

import gc
import tkinter as tk
from tkinter import font as tkfont
from tkinter import ttk
from typing import Any, Generic, Literal, TypeVar

from ..i18n import N_, _
from ..view import access, placing
from ..view.scrolling import ScrollArea
from ..view.theme import ERROR_COLOURS, HINT_TLABEL, ensure_style

T = TypeVar("T")

PAD = 8  # the gap between groups of widgets
SMALL_PAD = 4  # the gap inside a group
ERROR_COLOUR = ERROR_COLOURS["color"]  # error labels use the Error.TLabel style (by theme)
#: The style of a hint under a field: a grey that reads 4.5:1 and more on the dialog's
#: background, in every theme (light grey on black in high contrast).
HINT_STYLE = HINT_TLABEL


def derived_font(widget: tk.Misc, base: str = "TkDefaultFont", *, scale: float = 1.0,
                 weight: Literal["normal", "bold"] | None = None,
                 slant: Literal["roman", "italic"] | None = None) -> tkfont.Font:
    """A font like the named Tk font, bigger or bolder (kept alive by ``widget``)."""
    f = tkfont.nametofont(base, root=widget).copy()
    if scale != 1.0:  # a negative size is in pixels; scaling keeps its sign
        f.configure(size=round(f.cget("size") * scale))
    if weight:
        f.configure(weight=weight)
    if slant:
        f.configure(slant=slant)
    fonts: list[tkfont.Font] = getattr(widget, "_dialog_fonts", [])
    fonts.append(f)
    widget._dialog_fonts = fonts  # type: ignore[attr-defined]
    return f


def chars(widget: tk.Misc, n: float) -> int:
    """The width of ``n`` average characters of the default font, in pixels.

    Wrap lengths and column widths are given this way, so they grow with the fonts on
    HiDPI screens and on systems with bigger default fonts.
    """
    f = tkfont.nametofont("TkDefaultFont", root=widget)
    return round(n * f.measure("abcdefghijklmnopqrstuvwxyz") / 26)


def place_window(window: tk.Toplevel, parent: tk.Misc) -> None:
    """Centre ``window`` on ``parent`` (on the screen when the parent is not shown) and keep
    all of it, title bar included, on the screen."""
    window.update_idletasks()
    window.geometry(placing.place(window, str(window), str(parent)))


def fit_screen(window: tk.Toplevel, area: ScrollArea, *others: tk.Misc,
               keep: bool = True) -> None:
    """Give ``area`` the content's size or what the screen has room for beside ``others``
    (the rows of buttons above or below it), then (``keep``) keep the window at that size:
    a message appearing or a choice changing scrolls inside the area, never resizes the
    window."""
    window.update_idletasks()
    most_w = window.winfo_screenwidth() - 2 * placing.EDGE
    most_h = window.winfo_screenheight() - placing.title_bar(window) - 2 * placing.EDGE
    area.fit(most_w, most_h - sum(other.winfo_reqheight() for other in others))
    if not keep:
        return
    window.update_idletasks()
    window.geometry(f"{window.winfo_reqwidth()}x{window.winfo_reqheight()}")


def refit(window: tk.Toplevel, area: ScrollArea, *others: tk.Misc) -> None:
    """The content of ``area`` grew or shrank after the window was shown (a row added):
    the window takes its new size as far as the screen has room (the rest scrolls) and
    moves up if its bottom would leave the screen."""
    fit_screen(window, area, *others)
    window.update_idletasks()
    height = window.winfo_reqheight()
    lowest = window.winfo_screenheight() - height - placing.title_bar(window) - placing.EDGE
    y = window.winfo_rooty() - placing.title_bar(window)
    if y > lowest:
        window.geometry(f"+{max(0, window.winfo_rootx())}+{max(0, lowest)}")
    area.relayout()


class Dialog(tk.Toplevel, Generic[T]):
    """A modal dialog with OK and Cancel (or just Close) that validates as you type.

    Subclasses fill :meth:`body`, and for editable dialogs :meth:`validate`.  Error labels
    made with :meth:`error_label` under a field name get that field's message.
    """

    # Translators: the buttons of a dialog; "&" marks the access key (Alt+letter).
    ok_text = N_("&OK")
    cancel_text: str | None = N_("&Cancel")

    def __init__(self, parent: tk.Misc, title: str, *, testing: bool = False) -> None:
        super().__init__(parent)
        self.withdraw()  # build hidden, so the window never shows half made
        ensure_style(self)  # the app sets the theme; a dialog on its own gets colour
        self.parent = parent
        self.testing = testing
        self.result: T | None = None
        self.errors: dict[str, str] = {}
        self._error_labels: dict[str, ttk.Label] = {}
        self.title(title)
        if parent.winfo_toplevel().winfo_viewable():
            # A transient of a hidden window stays hidden under some window managers.
            self.transient(parent.winfo_toplevel())
        self.protocol("WM_DELETE_WINDOW", self.cancel)
        self.bind("<Escape>", self.cancel)
        self.bind("<Return>", self.ok)
        self.bind("<KP_Enter>", self.ok)
        self.resizable(False, False)

        # The body scrolls when the screen is too small for it; the buttons stay in sight.
        self.scroll_area = ScrollArea(self)
        self.scroll_area.grid(row=0, column=0, sticky="nsew")
        self.body_frame = ttk.Frame(self.scroll_area.inner,
                                    padding=(PAD * 2, PAD * 2, PAD * 2, PAD))
        self.body_frame.pack(fill="both", expand=True)
        self.columnconfigure(0, weight=1)
        self.rowconfigure(0, weight=1)
        self.body(self.body_frame)
        self._buttons()
        self.refresh()

        self.update_idletasks()
        # (with room for the bar of a body that scrolls down: it takes from the width)
        room = self.winfo_screenwidth() - 2 * placing.EDGE - self.scroll_area.vbar.winfo_reqwidth()
        if self.body_frame.winfo_reqwidth() > room:
            self.narrow()
        fit_screen(self, self.scroll_area, self.button_bar)
        place_window(self, parent)
        self.deiconify()
        self.focus_initial()
        if not testing:
            try:
                self.wait_visibility()
                self.focus_force()  # the player opened it: typing goes here at once
                self.focus_initial()
                self.grab_set()
            except tk.TclError:  # another grab is active: the dialog still works unmodal
                pass
            self.wait_window()

    # -- for subclasses ------------------------------------------------------------------

    def body(self, frame: ttk.Frame) -> None:
        """Build the widgets of the dialog inside ``frame``."""

    def validate(self) -> tuple[T | None, dict[str, str]]:
        """``(value, {})`` when everything is valid, else ``(None, {field: message})``."""
        return None, {}

    def narrow(self) -> None:
        """Lay the body out narrower: the screen is narrower than the dialog (a subclass
        with columns side by side puts one under the other; the body scrolls down)."""

    def focus_initial(self) -> None:
        """Put the keyboard focus on the first field."""
        self.button_ok.focus_set()

    def content_changed(self) -> None:
        """Rows were added or removed: the window follows (:func:`refit`)."""
        refit(self, self.scroll_area, self.button_bar)

    def error_label(self, parent: tk.Misc, field: str, **options: Any) -> ttk.Label:
        """A label that shows the error message of ``field`` (empty while it is valid)."""
        options.setdefault("style", "Error.TLabel")
        label = ttk.Label(parent, text="", **options)
        self._error_labels[field] = label
        return label

    def forget_error_label(self, field: str) -> None:
        self._error_labels.pop(field, None)

    # -- the machinery -------------------------------------------------------------------

    def _buttons(self) -> None:
        bar = self.button_bar = ttk.Frame(self, padding=(PAD * 2, PAD, PAD * 2, PAD * 2))
        bar.grid(row=1, column=0, sticky="ew")
        bar.columnconfigure(0, weight=1)
        self.status = ttk.Label(bar, text="", style="Error.TLabel")
        self.status.grid(row=0, column=0, sticky="w", padx=(0, PAD))
        self.button_ok = access.button(bar, _(self.ok_text), self.ok, default="active")
        self.button_ok.grid(row=0, column=1, padx=(SMALL_PAD, 0))
        self.button_cancel: ttk.Button | None = None
        if self.cancel_text:
            self.button_cancel = access.button(bar, _(self.cancel_text), self.cancel)
            self.button_cancel.grid(row=0, column=2, padx=(SMALL_PAD, 0))

    def refresh(self, *args: object) -> None:
        """Validate, show every message next to its field, and enable OK only when all is
        well."""
        errors = self.validate()[1]
        self.errors = errors
        for field, label in self._error_labels.items():
            label.configure(text=errors.get(field, ""))
        shown = set(self._error_labels)
        elsewhere = [msg for field, msg in errors.items() if field not in shown]
        self.status.configure(text=elsewhere[0] if elsewhere else "")
        self.button_ok.state(["disabled"] if errors else ["!disabled"])

    def ok(self, event: object = None) -> None:
        """Accept: set ``.result`` and close, unless something is invalid.

        Return on another focused button presses that button instead, as a player expects.
        """
        if event is not None:
            focus = self.focus_get()
            if isinstance(focus, ttk.Button) and focus is not self.button_ok:
                focus.invoke()
                return
        value, errors = self.validate()
        if errors:
            self.refresh()
            self.bell()
            return
        self.result = value
        self.destroy()

    def cancel(self, event: object = None) -> None:
        """Close without a result."""
        self.result = None
        self.destroy()

    def destroy(self) -> None:
        if not self.testing:
            try:
                self.grab_release()
            except tk.TclError:
                pass
        super().destroy()


def collect_when_closed(window: tk.Toplevel) -> None:
    """Collect a closed window's garbage soon after, in the Tk thread.

    Its Tk variables sit in reference cycles; if the garbage collector happened to free
    them from a worker thread, Tk would abort the program."""
    root = window.nametowidget(".")

    def closed(event: tk.Event) -> None:
        if event.widget is window:
            root.after_idle(gc.collect)

    window.bind("<Destroy>", closed, add="+")
