"""The lobby of a hosted table, over the table while friends join: how to join it (the
addresses, the port, the join code), the seats filling, who watches, a way to give an
empty seat (or a friend's dropped one) to a computer level, Start and Close.

On a table too short for all of it (a small laptop at a large size) the panel fills the
table's height and everything above the buttons scrolls (:class:`.scrolling.ScrollArea`):
Start and Close stay in sight.

It shows only what :func:`tenthousand.present.network.lobby` worked out.  It is built once
and hidden between tables: its access keys are bound on the window for good (a hidden
panel's keys do nothing)."""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable, Sequence
from tkinter import font as tkfont
from tkinter import ttk

from ..i18n import _
from ..present.network import LobbyShown
from . import access
from .scrolling import ScrollArea
from .theme import Palette

__all__ = ["LobbyPanel"]

#: The longest line of the panel's texts (pixels), and the panel's own margin.
WRAP = 520
PAD = 18
#: The room the panel leaves above and below itself on the table (pixels).
MARGIN = 8


class LobbyPanel(tk.Frame):
    """See the module's docstring.  ``on_hand(seat, level)`` gives a seat to the computer."""

    def __init__(self, parent: tk.Misc, pal: Palette, *, on_start: Callable[[], None],
                 on_hand: Callable[[int, str], None], on_close: Callable[[], None],
                 on_joins: Callable[[bool], None] = lambda open_: None) -> None:
        super().__init__(parent, borderwidth=2, relief="ridge", padx=PAD, pady=14)
        self.on_hand = on_hand
        base = tkfont.nametofont("TkDefaultFont", root=self)
        size = int(base.cget("size"))
        sign = -1 if size < 0 else 1
        self.title_font = base.copy()
        self.title_font.configure(size=sign * round(abs(size) * 1.5), weight="bold")
        self.code_font = base.copy()
        self.code_font.configure(size=sign * round(abs(size) * 1.8), weight="bold")
        # everything but the buttons, in an area that scrolls when the table is too short
        self.area = ScrollArea(self)
        self.area.grid(row=0, column=0, sticky="nsew")
        self.rowconfigure(0, weight=1)
        self.columnconfigure(0, weight=1)
        body = self.body = tk.Frame(self.area.inner)
        body.pack(fill="both", expand=True)
        self.title = tk.Label(body, font=self.title_font, anchor="w")
        self.title.grid(row=0, column=0, columnspan=3, sticky="w", pady=(0, 6))
        self.how: list[tk.Label] = []
        for row in range(4):
            label = tk.Label(body, anchor="w", justify="left", wraplength=WRAP)
            if row == 2:  # the join code, to be read aloud
                label.configure(font=self.code_font)
            label.grid(row=1 + row, column=0, columnspan=3, sticky="w")
            self.how.append(label)
        self.codes = tk.Frame(body)  # over the internet: the invite codes, to be read aloud
        self.codes.grid(row=5, column=0, columnspan=3, sticky="w")
        self.seats = tk.Frame(body)
        self.seats.grid(row=6, column=0, columnspan=3, sticky="w", pady=8)
        # (who watches: a few names and how many more, wrapped like the other texts)
        self.watchers = tk.Label(body, anchor="w", justify="left", wraplength=WRAP)
        self.watchers.grid(row=7, column=0, columnspan=3, sticky="w")
        self._hand_row()
        self.footer = tk.Label(body, anchor="w", justify="left", wraplength=WRAP)
        self.footer.grid(row=9, column=0, columnspan=3, sticky="w", pady=(8, 4))
        bar = self.bar = tk.Frame(self)
        bar.grid(row=1, column=0, sticky="ew", pady=(6, 0))
        # (beside the buttons, always in sight: closed, nobody new gets in)
        self.joins_var = tk.BooleanVar(self, True)
        self.joins_check = access.check(bar, _("Let new friends &join"),
                                        variable=self.joins_var,
                                        command=lambda: on_joins(self.joins_var.get()))
        self.joins_check.pack(side="left", padx=(0, 12))
        # Translators: the lobby's buttons; "&" marks the access key (Alt+letter), none
        # of the menu bar's letters.
        self.start_button = access.button(bar, _("&Start the game"), on_start)
        self.close_button = access.button(bar, _("Close the ta&ble"), on_close)
        self.close_button.pack(side="right")
        self.start_button.pack(side="right", padx=(0, 6))
        self._levels: list[tuple[str, str]] = []
        self._open: list[int] = []
        self.set_palette(pal)
        parent.bind("<Configure>", self._refit, add="+")

    def _refit(self, event: tk.Event[tk.Misc]) -> None:
        if event.widget is self.master and self.winfo_manager():
            self._fit()

    def _hand_row(self) -> None:
        row = self.hand_frame = tk.Frame(self.body)
        row.grid(row=8, column=0, columnspan=3, sticky="w", pady=(6, 0))
        self.seat_var = tk.StringVar(self, "")
        self.level_var = tk.StringVar(self, "")
        self.seat_combo = ttk.Combobox(row, textvariable=self.seat_var, state="readonly",
                                       width=18)
        self.level_combo = ttk.Combobox(row, textvariable=self.level_var, state="readonly",
                                        width=14)
        self.hand_label = access.label(row, _("Give a seat to the &computer:"),
                                       self.seat_combo)
        # (the label above the choices: in German it alone is as wide as a small table)
        self.hand_label.grid(row=0, column=0, columnspan=3, sticky="w")
        self.seat_combo.grid(row=1, column=0, sticky="w", padx=(0, 4), pady=(2, 0))
        self.level_combo.grid(row=1, column=1, sticky="w", padx=4, pady=(2, 0))
        self.hand_button = access.button(row, _("Gi&ve"), self._hand)
        self.hand_button.grid(row=1, column=2, sticky="w", padx=4, pady=(2, 0))

    def _hand(self) -> None:
        seat_text, level_text = self.seat_var.get(), self.level_var.get()
        seats = [text for text in self.seat_combo.cget("values")]
        levels = {label: key for key, label in self._levels}
        if seat_text in seats and level_text in levels:
            self.on_hand(self._open[seats.index(seat_text)], levels[level_text])

    def show(self, shown: LobbyShown, levels: Sequence[tuple[str, str]]) -> None:
        """Show ``shown``; ``levels``: the computer levels (key, label), weakest first."""
        self.title.configure(text=shown.title)
        for index, label in enumerate(self.how):
            label.configure(text=shown.how[index] if index < len(shown.how) else "")
            if index < len(shown.how):
                label.grid()
            else:
                label.grid_remove()
        self._show_codes(shown.codes)
        for child in self.seats.winfo_children():
            child.destroy()
        self._open = []
        for index, (name, state, open_) in enumerate(shown.seats):
            tk.Label(self.seats, text=name, anchor="w", background=self._bg,
                     foreground=self._fg).grid(row=index, column=0, sticky="w", padx=(0, 16))
            tk.Label(self.seats, text=state, anchor="w", background=self._bg,
                     foreground=self._muted if open_ else self._fg).grid(
                row=index, column=1, sticky="w")
            if open_:
                self._open.append(index)
        self.watchers.configure(text=shown.watchers)
        self.joins_var.set(shown.joins_open)
        self.footer.configure(text=shown.footer)
        self._levels = list(levels)
        choices: list[str] = [shown.seats[i][0] for i in self._open]
        self.seat_combo.configure(values=choices)
        if self.seat_var.get() not in choices:
            self.seat_var.set(choices[0] if choices else "")
        self.level_combo.configure(values=[label for _key, label in self._levels])
        if not self.level_var.get() and self._levels:
            self.level_var.set(self._levels[min(3, len(self._levels) - 1)][1])
        if choices:  # only while a seat can be given: an empty or a dropped one
            self.hand_frame.grid()
        else:
            self.hand_frame.grid_remove()
        self.start_button.state(["!disabled"] if shown.ready else ["disabled"])
        self._fit()
        if not self.winfo_ismapped():
            self.lift()

    def _show_codes(self, codes: Sequence[tuple[str, str]]) -> None:
        """The invite codes of a table over the internet: whose, then the code."""
        for child in self.codes.winfo_children():
            child.destroy()
        for index, (whose, code) in enumerate(codes):
            tk.Label(self.codes, text=whose, anchor="w", background=self._bg,
                     foreground=self._fg).grid(row=index, column=0, sticky="w", padx=(0, 16))
            tk.Label(self.codes, text=code, anchor="w", font=self.code_font,
                     background=self._bg, foreground=self._fg).grid(row=index, column=1,
                                                                     sticky="w")
        if codes:
            self.codes.grid()
        else:
            self.codes.grid_remove()

    def _fit(self, _event: object = None) -> None:
        """The texts wrap within the table under the panel (a small screen, a long
        language), never wider than a comfortable line; the panel is as tall as its
        content, or as the table (the content scrolling), a little above its middle."""
        width, height = self.master.winfo_width(), self.master.winfo_height()
        if width <= 1:  # (not drawn yet: the requested size)
            width, height = self.master.winfo_reqwidth(), self.master.winfo_reqheight()
        wrap = max(220, min(WRAP, width - 2 * (PAD + 8)))
        for label in (*self.how, self.watchers, self.footer):
            if int(label.cget("wraplength")) != wrap:
                label.configure(wraplength=wrap)
        # the panel's own frame (border, padding) and its buttons take this much
        frame = 2 * (int(self.cget("borderwidth")) + int(self.cget("pady")))
        buttons = self.start_button.winfo_reqheight() + 6
        self.area.fit(max(1, width - 2 * MARGIN),
                      max(1, height - 2 * MARGIN - frame - buttons))
        # a little above the middle, as a dialog sits, but never off the table
        self.update_idletasks()
        tall = self.winfo_reqheight()
        top = max(0, min(round(0.45 * height - tall / 2), height - tall))
        self.place(relx=0.5, y=top, anchor="n")
    def hide(self) -> None:
        self.place_forget()

    @property
    def shown(self) -> bool:
        return bool(self.winfo_manager())

    def set_palette(self, pal: Palette) -> None:
        self._bg, self._fg, self._muted = pal.panel, pal.panel_text, pal.panel_muted
        frames: list[tk.Frame] = [self, self.body, self.seats, self.codes, self.hand_frame,
                                  self.bar]
        frames += [c for c in self.winfo_children() if isinstance(c, tk.Frame)]
        self.area.canvas.configure(background=self._bg)
        for frame in frames:
            frame.configure(background=self._bg)
        self.hand_label.configure(background=self._bg, foreground=self._fg)
        labels = [self.title, self.watchers, self.footer, *self.how]
        labels += [c for c in (*self.seats.winfo_children(), *self.codes.winfo_children())
                   if isinstance(c, tk.Label)]
        for label in labels:
            label.configure(background=self._bg, foreground=self._fg)
