"""The keys box: every key of the game in one table, from the table of commands."""

from __future__ import annotations

import tkinter as tk
from tkinter import font as tkfont
from tkinter import ttk

from ..i18n import N_, _
from ..present.commands import KEY_GROUPS, in_group
from .base import PAD, Dialog, chars, derived_font

__all__ = ["KeysDialog"]


class KeysDialog(Dialog[None]):
    """A table of every key."""

    ok_text = N_("&Close")
    cancel_text = None

    def __init__(self, parent: tk.Misc, *, testing: bool = False) -> None:
        # Translators: the title of the window that lists every key.
        super().__init__(parent, _("Keys"), testing=testing)

    def body(self, frame: ttk.Frame) -> None:
        # One list that scrolls (the arrow keys and Page Up/Down move through it): the
        # keys are too many to lay out on a small screen without it.
        self.rows: list[tuple[str, str]] = []
        # As many rows as the screen has room for beside the rest of the window.
        line = tkfont.nametofont("TkDefaultFont", root=self).metrics("linespace")
        row = line + max(4, line // 4)  # as view.scaling.fit_rows makes them
        rows = max(6, min(20, self.winfo_screenheight() // row - 14))
        tree = ttk.Treeview(frame, columns=("keys", "action"), show="headings",
                            height=rows, selectmode="browse")
        # Translators: the headings of the Keys window's two columns.
        tree.heading("keys", text=_("Keys"), anchor="w")
        tree.heading("action", text=_("What they do"), anchor="w")
        bold = derived_font(self, weight="bold")
        tree.tag_configure("group", font=bold)
        scroll = ttk.Scrollbar(frame, orient="vertical", command=tree.yview)
        tree.configure(yscrollcommand=scroll.set)
        tree.grid(row=0, column=0, sticky="nsew")
        scroll.grid(row=0, column=1, sticky="ns")
        for group in KEY_GROUPS:
            tree.insert("", "end", values=(_(group), ""), tags=("group",))
            shown = ""  # the keys of the line above, for a note that repeats them
            for keys, what in (line for command in in_group(group)
                               for line in command.lines()):
                key, action = (_(keys) if keys else ""), _(what)
                tree.insert("", "end", values=(key, action))
                shown = key or shown
                self.rows.append((shown, action))
        self._fit_columns(tree, bold)
        first = tree.get_children()
        if first:
            tree.focus(first[0])
            tree.selection_set(first[0])
        self.tree = tree
        ttk.Label(frame, text=_("The mouse works too: click a die to pick it, then use the "
                                "buttons under the table."), wraplength=chars(self, 80),
                  justify="left").grid(
            row=1, column=0, columnspan=2, sticky="w", pady=(PAD, 0))

    def _fit_columns(self, tree: ttk.Treeview, bold: tkfont.Font) -> None:
        """Columns as wide as their longest text in the language in use (keys are longer
        in German: "Strg+Umschalt+Z"), within what a small screen can show."""
        plain = tkfont.nametofont("TkDefaultFont", root=self)
        keys = max([bold.measure(_(g)) for g in KEY_GROUPS]
                   + [plain.measure(k) for k, _what in self.rows])
        actions = max(plain.measure(a) for _keys, a in self.rows)
        pad = chars(self, 2)
        tree.column("keys", width=max(chars(self, 20), keys + pad), stretch=False, anchor="w")
        # Within the screen: the dialog's margins and the scroll bar beside the list.
        room = self.winfo_screenwidth() - keys - pad - chars(self, 11)
        tree.column("action", width=max(chars(self, 30), min(max(chars(self, 64), actions + pad),
                                                             chars(self, 100), room)),
                    stretch=True, anchor="w")

    def focus_initial(self) -> None:
        self.tree.focus_set()
