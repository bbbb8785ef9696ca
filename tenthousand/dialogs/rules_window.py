"""The rules window (F5): the rules in play and their scoring table, beside the game.

Not modal: the player can keep it open while playing.  :meth:`RulesWindow.show` refreshes
and raises an open window (with the rules now in play) instead of opening a second one; Esc
or Close closes it (``winfo_exists()`` then says to open a new one).
"""

from __future__ import annotations

import tkinter as tk
from tkinter import font as tkfont
from tkinter import ttk
from typing import Literal

from ..i18n import _, number
from ..model.rules import Rules
from ..present.rules_text import first_throw_note, rules_text, scoring_rows
from ..view import access, placing
from .base import HINT_STYLE, PAD, derived_font, place_window
from .scoring_table import points_column, style_table

__all__ = ["RulesWindow"]


class RulesWindow(tk.Toplevel):
    """A scrollable, read-only page with the rules of ``rules``."""

    def __init__(self, parent: tk.Misc, rules: Rules, *, theme: str = "color") -> None:
        super().__init__(parent)
        self.withdraw()
        self.parent = parent
        self.rules = rules
        self.theme = theme
        # Translators: the title of the rules window (F5).
        self.title(_("Rules"))
        self.protocol("WM_DELETE_WINDOW", self.close)
        self.bind("<Escape>", self.close)
        self.minsize(420, 300)

        base = tkfont.nametofont("TkDefaultFont", root=self)
        size = abs(base.cget("size")) or 10
        family = base.cget("family")
        self.body_font = tkfont.Font(self, family=family, size=size + 1)
        self.heading_font = tkfont.Font(self, family=family, size=size + 2, weight="bold")
        self.title_font = tkfont.Font(self, family=family, size=size + 6, weight="bold")
        self.bold_font = tkfont.Font(self, family=family, size=size + 1, weight="bold")
        self.note_font = derived_font(self, scale=1.0, slant="italic")
        self.italic_font = tkfont.Font(self, family=family, size=size + 1, slant="italic")

        frame = ttk.Frame(self, padding=(PAD, PAD, PAD, 0))
        frame.grid(row=0, column=0, sticky="nsew")
        self.columnconfigure(0, weight=1)
        self.rowconfigure(0, weight=1)
        frame.columnconfigure(0, weight=1)
        frame.rowconfigure(0, weight=1)
        self.text = tk.Text(frame, wrap="word", width=74, height=28, font=self.body_font,
                            padx=14, pady=10, relief="flat", borderwidth=0,
                            cursor="arrow",
                            spacing1=1, spacing3=1, highlightthickness=0)
        scroll = ttk.Scrollbar(frame, orient="vertical", command=self.text.yview)
        self.text.configure(yscrollcommand=scroll.set)
        self.text.grid(row=0, column=0, sticky="nsew")
        scroll.grid(row=0, column=1, sticky="ns")

        bar = ttk.Frame(self, padding=PAD)
        bar.grid(row=1, column=0, sticky="ew")
        bar.columnconfigure(0, weight=1)
        ttk.Label(bar, text=_("Esc closes; F5 opens it again."), style=HINT_STYLE
                  ).grid(row=0, column=0, sticky="w")
        # Translators: the button that closes the rules window (access key after &).
        self.close_button = access.button(bar, _("&Close"), self.close)
        self.close_button.grid(row=0, column=1)

        for keys in ("<Prior>", "<Next>", "<Up>", "<Down>", "<Home>", "<End>"):
            self.bind(keys, self._scroll_key)
        self._fill(rules)
        place_window(self, parent)
        self._fit_screen()
        self.deiconify()
        self.text.focus_set()

    # -- public --------------------------------------------------------------------------

    def show(self, rules: Rules | None = None, theme: str | None = None) -> None:
        """Show the window again, on top, with ``rules`` (the ones in play now)."""
        if (rules is not None and rules != self.rules) or (theme and theme != self.theme):
            self.rules = rules or self.rules
            self.theme = theme or self.theme
            self._fill(self.rules)
        if self.state() != "normal":
            self.deiconify()
        self.lift()
        self.text.focus_set()

    def close(self, event: object = None) -> None:
        """Close the window."""
        self.destroy()

    def content(self) -> str:
        """The text as shown (for tests and the curious)."""
        return self.text.get("1.0", "end-1c")

    # -- building ------------------------------------------------------------------------

    def _fill(self, rules: Rules) -> None:
        # Translators: the title of the rules window with the rule set's name.
        self.title(_("Rules: {rules}").format(rules=rules.label))
        t = self.text
        t.configure(state="normal")
        t.delete("1.0", "end")
        rows = scoring_rows(rules)
        heads = (_("Counter"), _("Points"), _("Note"))
        points_col = points_column(rows, self.body_font, self.bold_font, 24)
        t.tag_configure("title", font=self.title_font, spacing3=4)
        # Long notes wrap under the note column, so the table stays a table.
        mono = self.theme == "mono"
        style_table(t, mono, points_col, 24, 6, 2, self.bold_font, self.italic_font)
        t.tag_configure("summary", foreground="#404040", spacing3=6)
        t.tag_configure("heading", font=self.heading_font, spacing1=12, spacing3=4)
        t.tag_configure("para", lmargin1=0, lmargin2=0, spacing3=4)

        t.insert("end", rules.label + "\n", "title")
        t.insert("end", self._summary(rules) + "\n", "summary")
        # Translators: a heading of the rules window, above the scoring table.
        t.insert("end", _("Scoring") + "\n", "heading")
        t.insert("end", "\t".join(heads) + "\n", ("table", "table_head"))
        first = first_throw_note()
        for i, (words, points, note) in enumerate(rows):
            tags: tuple[str, ...] = ("table",) + (("stripe",) if i % 2 == 0 else ())
            if first in note:
                tags += ("first",)
            t.insert("end", f"{words}\t{points}\t", tags)
            t.insert("end", note + "\n", tags + ("note",))
        if any(first in row[2] for row in rows):
            t.insert("end", (_("Rows in italics count only on the first throw of a turn.")
                             if mono else _("Rows in blue italics count only on the first "
                                            "throw of a turn.")) + "\n", ("para", "note"))
        for heading, paragraph in rules_text(rules):
            t.insert("end", heading + "\n", "heading")
            t.insert("end", paragraph + "\n", "para")
        t.configure(state="disabled")
        t.yview_moveto(0)

    @staticmethod
    def _summary(rules: Rules) -> str:
        # Translators: the summary under the title of the rules window, in parts joined by
        # "; ": "Game point 10,000; to get on the board 500; minimum turn score after that 350."
        parts = [_("Game point {points}").format(points=number(rules.game_point))]
        if rules.rotary_club:
            parts.append(_("no minimum turn score (Rotary Club)"))
        else:
            parts.append(_("to get on the board {points}").format(
                points=number(rules.opening_minimum))
                if rules.opening_minimum else _("no minimum to get on the board"))
            parts.append(_("minimum turn score after that {points}").format(
                points=number(rules.minimum))
                if rules.minimum else _("no minimum after that"))
        return "; ".join(parts) + "."

    def _fit_screen(self) -> None:
        """Shrink the window to the screen when it is smaller than the page wants."""
        self.update_idletasks()
        width = min(self.winfo_reqwidth(), self.winfo_screenwidth() - 20)
        height = min(self.winfo_reqheight(), self.winfo_screenheight() - 80)
        x = max(0, min(self.winfo_x(), self.winfo_screenwidth() - width))
        bar = placing.title_bar(self)
        y = max(0, min(self.winfo_y(), self.winfo_screenheight() - height - bar - placing.EDGE))
        self.geometry(f"{width}x{height}+{x}+{y}")

    def _scroll_key(self, event: tk.Event) -> str:
        amounts: dict[str, tuple[int, Literal["units", "pages"]]] = {"Prior": (-1, "pages"), "Next": (1, "pages"), "Up": (-1, "units"),
                   "Down": (1, "units")}
        if event.keysym == "Home":
            self.text.yview_moveto(0)
        elif event.keysym == "End":
            self.text.yview_moveto(1)
        elif event.keysym in amounts:
            n, what = amounts[event.keysym]
            self.text.yview_scroll(n, what)
        return "break"
