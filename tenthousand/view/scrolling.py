"""A frame that scrolls when its content is larger than the room it has.

A dialog builds its body in :attr:`ScrollArea.inner`; :meth:`ScrollArea.fit` gives the
area the content's own size, or as much of it as the screen has room for, with scroll bars
for the rest (a dialog's buttons sit outside the area and so always stay in sight).  Once
the window is shown, content that grows (a message under a field, a row added) scrolls
inside the area: the window keeps its size.  The keyboard focus moving to a field out of
sight scrolls it into view; the mouse wheel scrolls the area.
"""

from __future__ import annotations

import tkinter as tk
from tkinter import ttk

#: Widgets that scroll with the wheel themselves (the area leaves their wheel alone).
_OWN_WHEEL = {"Treeview", "Text", "Listbox", "TCombobox", "TSpinbox", "TScale", "Canvas"}


class ScrollArea(ttk.Frame):
    """``inner`` in a canvas with scroll bars shown only while they are needed."""

    def __init__(self, parent: tk.Misc) -> None:
        super().__init__(parent)
        self.canvas = tk.Canvas(self, highlightthickness=0, borderwidth=0)
        background = str(ttk.Style(self).lookup("TFrame", "background"))
        if background:  # the dialog's own colour behind the content
            self.canvas.configure(background=background)
        self.inner = ttk.Frame(self.canvas)
        self._item = self.canvas.create_window(0, 0, window=self.inner, anchor="nw")
        self.vbar = ttk.Scrollbar(self, orient="vertical", command=self.canvas.yview)
        self.hbar = ttk.Scrollbar(self, orient="horizontal", command=self.canvas.xview)
        self.canvas.configure(yscrollcommand=self.vbar.set, xscrollcommand=self.hbar.set)
        self.canvas.grid(row=0, column=0, sticky="nsew")
        self._bars = (False, False)
        self.rowconfigure(0, weight=1)
        self.columnconfigure(0, weight=1)
        self.inner.bind("<Configure>", lambda _e: self._relayout(), add="+")
        self.canvas.bind("<Configure>", lambda _e: self._relayout(), add="+")
        top = self.winfo_toplevel()
        self._top_bindings = [("<FocusIn>", top.bind("<FocusIn>", self._focused, add="+"))]
        for wheel in ("<MouseWheel>", "<Button-4>", "<Button-5>"):
            self._top_bindings.append((wheel, top.bind(wheel, self._wheel, add="+")))
        self.bind("<Destroy>", self._destroyed, add="+")

    def _destroyed(self, event: tk.Event) -> None:
        """The area goes: its bindings on the window go with it, the window's others stay
        (Tk's unbind of one function would drop every binding of the sequence)."""
        if event.widget is not self:
            return
        top = self.winfo_toplevel()
        for sequence, funcid in self._top_bindings:
            try:
                script = top.bind(sequence)
                kept = "\n".join(line for line in script.split("\n") if funcid not in line)
                top.bind(sequence, kept)
                top.deletecommand(funcid)
            except tk.TclError:  # the window is going too
                pass
        self._top_bindings = []

    @property
    def scrolls(self) -> tuple[bool, bool]:
        """Whether the area scrolls (across, down)."""
        return self._bars

    def fit(self, most_w: int, most_h: int) -> None:
        """Ask for the content's size, or at most ``most_w`` x ``most_h`` pixels (scroll
        bars included) when it is larger."""
        self.inner.update_idletasks()
        want_w, want_h = self.inner.winfo_reqwidth(), self.inner.winfo_reqheight()
        bar = self.vbar.winfo_reqwidth()
        across = want_w > most_w
        down = want_h > most_h - (bar if across else 0)
        across = want_w > most_w - (bar if down else 0)
        self.canvas.configure(width=min(want_w, most_w - (bar if down else 0)),
                              height=min(want_h, most_h - (bar if across else 0)))
        self._show(across, down)
        self.relayout()

    def relayout(self) -> None:
        """The content changed size (a row added): the scroll region and the bars follow.
        (The content's frame is sized by the canvas, so its own growth sends no event.)"""
        self.inner.update_idletasks()
        self._relayout()

    def _show(self, across: bool, down: bool) -> None:
        self._bars = (across, down)
        if down:
            self.vbar.grid(row=0, column=1, sticky="ns")
        else:
            self.vbar.grid_remove()
            self.canvas.yview_moveto(0)
        if across:
            self.hbar.grid(row=1, column=0, sticky="ew")
        else:
            self.hbar.grid_remove()
            self.canvas.xview_moveto(0)

    def _relayout(self) -> None:
        """The content at least as large as the canvas, and the bars as the sizes say."""
        want_w, want_h = self.inner.winfo_reqwidth(), self.inner.winfo_reqheight()
        have_w, have_h = self.canvas.winfo_width(), self.canvas.winfo_height()
        if have_w <= 1 or have_h <= 1:  # not laid out yet
            return
        self.canvas.itemconfigure(self._item, width=max(want_w, have_w),
                                  height=max(want_h, have_h))
        self.canvas.configure(scrollregion=(0, 0, max(want_w, have_w), max(want_h, have_h)))
        across_now, down_now = self._bars
        bar = self.vbar.winfo_reqwidth()
        # What the canvas would have without the bars it shows now.
        room_w = have_w + (bar if down_now else 0)
        room_h = have_h + (bar if across_now else 0)
        down = want_h > room_h
        across = want_w > room_w - (bar if down else 0)
        down = want_h > room_h - (bar if across else 0)
        if (across, down) != (across_now, down_now):
            self._show(across, down)

    def _inside(self, widget: object) -> bool:
        return isinstance(widget, tk.Misc) and str(widget).startswith(str(self.inner) + ".")

    def see(self, widget: tk.Misc) -> None:
        """Scroll so that ``widget`` is in sight."""
        total_w = max(1, self.inner.winfo_width())
        total_h = max(1, self.inner.winfo_height())
        x = widget.winfo_rootx() - self.inner.winfo_rootx()
        y = widget.winfo_rooty() - self.inner.winfo_rooty()
        left, top = self.canvas.canvasx(0), self.canvas.canvasy(0)
        view_w, view_h = self.canvas.winfo_width(), self.canvas.winfo_height()
        if y < top or y + widget.winfo_height() > top + view_h:
            self.canvas.yview_moveto(max(0, y + widget.winfo_height() - view_h)
                                     / total_h if y >= top else y / total_h)
        if x < left or x + widget.winfo_width() > left + view_w:
            self.canvas.xview_moveto(max(0, x + widget.winfo_width() - view_w)
                                     / total_w if x >= left else x / total_w)

    def _focused(self, event: tk.Event) -> None:
        if self._inside(event.widget) and any(self.scrolls):
            self.see(event.widget)

    def _wheel(self, event: tk.Event) -> str | None:
        if not self.scrolls[1] or not self._inside(event.widget) or \
                event.widget.winfo_class() in _OWN_WHEEL:
            return None
        up = event.num == 4 or getattr(event, "delta", 0) > 0
        self.canvas.yview_scroll(-1 if up else 1, "units")
        return "break"
