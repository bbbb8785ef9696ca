"""The panels around the table: the game log, the action bar and the status bar."""

from __future__ import annotations

import tkinter as tk
import tkinter.font as tkfont
from collections.abc import Callable, Sequence
from tkinter import ttk

from ..i18n import _, ngettext, number
from ..present.presenter import BANK, THROW, ActionBarDisplay
from ..services.timers import Timers
from .theme import Palette

LOG_LINES = 400  # older lines scroll away, so a long session stays small


class LogPanel(tk.Frame):
    """The game's events in plain words, newest at the bottom."""

    TAGS = ("turn", "bank", "trash", "corner", "challenge", "over", "info")

    def __init__(self, master: tk.Misc, pal: Palette) -> None:
        super().__init__(master, background=pal.panel)
        base = tkfont.nametofont("TkDefaultFont")
        self.font = tkfont.Font(self, family=base.cget("family"), size=int(base.cget("size")))
        self.bold = tkfont.Font(self, family=base.cget("family"), size=int(base.cget("size")),
                                weight="bold")
        self.heading = tk.Label(self, text=_("Game log"), anchor="w", font=self.bold,
                                background=pal.panel, foreground=pal.panel_text, padx=6)
        self.heading.pack(fill="x")
        self.text = tk.Text(self, width=38, height=12, wrap="word", font=self.font,
                            relief="flat", borderwidth=0, padx=6, pady=4, takefocus=0,
                            cursor="arrow")
        self.scroll = ttk.Scrollbar(self, orient="vertical", command=self.text.yview)
        self.text.configure(yscrollcommand=self._scrolled)
        self.following = True  # the newest line is in view, and stays so as the log resizes
        self._height = 0
        self.scroll.pack(side="right", fill="y")
        self.text.pack(side="left", fill="both", expand=True)
        self.set_palette(pal)
        self.text.configure(state="disabled")
        self.timers = Timers(self)  # the scroll to the newest line, once per change

    def set_palette(self, pal: Palette) -> None:
        self.pal = pal
        mono = pal.theme == "mono"
        self.configure(background=pal.panel)
        self.heading.configure(background=pal.panel, foreground=pal.panel_text)
        self.text.configure(background=pal.page, foreground=pal.panel_text)
        # Bank and trash take the theme's gain and loss (blue and orange when colour-blind
        # safe); every line also says in words what happened.
        dark = pal.theme == "contrast"  # (the page is black)
        colours = {"turn": pal.panel_muted, "bank": pal.gain, "trash": pal.loss,
                   "corner": "#ffff00" if dark else "#9a6b00",
                   "challenge": "#e0b0ff" if dark else "#6b2fa0",
                   "over": pal.panel_text, "info": pal.panel_muted}
        for tag in self.TAGS:
            self.text.tag_configure(tag, foreground="#000000" if mono else colours[tag])
        self.text.tag_configure("over", font=self.bold)
        self.text.tag_configure("turn", spacing1=4)

    def add(self, message: str, tag: str = "info") -> None:
        self.add_lines([(message, tag)])

    def add_lines(self, lines: Sequence[tuple[str, str]]) -> None:
        """Add lines (text, tag) at the bottom in one go: one insert and one scroll,
        however many events a move had."""
        if not lines:
            return
        chunks: list[str | tuple[str, ...]] = []
        for message, tag in lines[1:]:
            chunks += [message + "\n", (tag,)]
        first, tag = lines[0]
        self.text.configure(state="normal")
        self.text.insert("end", first + "\n", (tag,), *chunks)
        count = int(self.text.index("end-1c").split(".")[0])
        if count > LOG_LINES:
            self.text.delete("1.0", f"{count - LOG_LINES}.0")
        self.text.configure(state="disabled")
        # Scrolled in a callback of its own, to the bottom (``see`` would lay out the
        # lines around the end first: up to 18 ms on a busy machine).
        self.timers.later(0, self.text.yview_moveto, 1.0, purpose="scroll")

    def _scrolled(self, first: float | str, last: float | str) -> None:
        """The view moved: kept by the scroll bar; whether the log follows its newest line
        is judged only when the player (or a new line) moved it, not a resize.  A resize
        (the advisor's panel growing beside the table) keeps the top line where it was, so
        a log that followed is scrolled back to its end."""
        self.scroll.set(first, last)
        height = self.text.winfo_height()
        if height != self._height:
            self._height = height
            if self.following and float(last) < 1.0:
                self.timers.later(0, self.text.yview_moveto, 1.0, purpose="scroll")
            return
        self.following = float(last) >= 1.0

    def clear(self) -> None:
        self.text.configure(state="normal")
        self.text.delete("1.0", "end")
        self.text.configure(state="disabled")

    def lines(self) -> list[str]:
        return [line for line in self.text.get("1.0", "end").splitlines() if line]

    def destroy(self) -> None:
        self.timers.cancel_all()
        super().destroy()


def button_widths() -> tuple[int, int]:
    """The widths of Throw and Bank, in characters: room for their longest texts in the
    language in use ("Throw 6 dice (Space)", "Bank 10,000 (B)"), so they keep their size
    from one move to the next whatever they say."""
    throw = max(len(ngettext("Throw {n} die (Space)", "Throw {n} dice (Space)", 6).format(n=6)),
                len(_("Play again (F8)")), len(_("Throw 6 dice (Space)")))
    bank = len(_("Bank {points} (B)").format(points=number(10000)))
    return max(19, throw - 1), max(15, bank)


class ActionBar(tk.Frame):
    """Throw and Bank with the reason when one is refused, or the challenge prompt."""

    def __init__(self, master: tk.Misc, pal: Palette, *, on_throw: Callable[[], None],
                 on_bank: Callable[[], None],
                 on_challenge: Callable[[int | None], None]) -> None:
        super().__init__(master, background=pal.panel, padx=10, pady=6)
        self.pal = pal
        self.on_challenge = on_challenge
        base = tkfont.nametofont("TkDefaultFont")
        self.font = tkfont.Font(self, family=base.cget("family"),
                                size=int(base.cget("size")) + 2, weight="bold")
        self.reason_font = tkfont.Font(self, family=base.cget("family"),
                                       size=int(base.cget("size")) + 1)
        style = ttk.Style(self)
        style.configure("Action.TButton", font=self.font, padding=(14, 6))
        self.actions = tk.Frame(self, background=pal.panel)
        throw_width, bank_width = button_widths()
        self.throw_button = ttk.Button(self.actions, text=_(THROW), style="Action.TButton",
                                       command=on_throw, takefocus=0, width=throw_width)
        self.bank_button = ttk.Button(self.actions, text=_(BANK), style="Action.TButton",
                                      command=on_bank, takefocus=0, width=bank_width)
        self.reason = tk.Label(self.actions, text="", anchor="w", justify="left",
                               font=self.reason_font, background=pal.panel,
                               foreground=pal.panel_muted)
        self.throw_button.pack(side="left")
        self.bank_button.pack(side="left", padx=(8, 12))
        self.reason.pack(side="left", fill="x", expand=True)
        self.actions.pack(fill="x")
        self.reason.bind("<Configure>", self._wrap)

        # The advisor's line under the buttons (only while the advisor is shown).
        self.advice = tk.Label(self, text="", anchor="w", justify="left",
                               font=self.reason_font, background=pal.panel,
                               foreground=pal.panel_text)

        self.prompt = tk.Frame(self, background=pal.panel)
        # The question wraps beside the buttons, so they stay on the screen however long
        # it is (the buttons come first, where Throw and Bank stand otherwise).
        self.prompt_label = tk.Label(self.prompt, text="", font=self.reason_font,
                                     background=pal.panel, foreground=pal.panel_text,
                                     anchor="w", justify="left")
        self.prompt_label.bind("<Configure>", self._wrap_prompt)
        self.prompt_buttons: list[ttk.Button] = []
        self.challenge_targets: list[int] = []

    def _wrap(self, event: tk.Event) -> None:
        width = max(150, event.width - 6)
        if str(self.reason.cget("wraplength")) != str(width):
            self.reason.configure(wraplength=width)

    def _wrap_prompt(self, event: tk.Event) -> None:
        width = max(150, event.width - 6)
        if str(self.prompt_label.cget("wraplength")) != str(width):
            self.prompt_label.configure(wraplength=width)

    def set_palette(self, pal: Palette) -> None:
        self.pal = pal
        for widget in (self, self.actions, self.prompt):
            widget.configure(background=pal.panel)
        self.reason.configure(background=pal.panel)
        self.advice.configure(background=pal.panel, foreground=pal.panel_text)
        self.prompt_label.configure(background=pal.panel, foreground=pal.panel_text)

    def show(self, bar: ActionBarDisplay) -> None:
        """Draw what the presenter worked out: the buttons, or the challenge prompt."""
        if bar.question:
            self.show_challenge(bar.question, bar.targets)
            return
        self.show_actions(bar.throw_text, bar.throw_ok, bar.bank_text, bar.bank_ok,
                          bar.reason, bar.bad)
        self._show_bank(bar.bank_shown)

    def _show_bank(self, shown: bool) -> None:
        """Rotary Club has no bank: the button goes rather than sit there greyed."""
        if shown and not self.bank_button.winfo_manager():
            self.bank_button.pack(side="left", padx=(8, 12), after=self.throw_button)
            self.reason.pack_configure(padx=0)
        elif not shown and self.bank_button.winfo_manager():
            self.bank_button.pack_forget()
            self.reason.pack_configure(padx=(12, 0))

    def show_actions(self, throw_text: str, throw_ok: bool, bank_text: str, bank_ok: bool,
                     reason: str = "", bad: bool = False) -> None:
        """Label and enable the buttons; ``reason`` says why something is refused."""
        self.hide_challenge()
        self.throw_button.configure(text=throw_text, state="normal" if throw_ok else "disabled")
        self.bank_button.configure(text=bank_text, state="normal" if bank_ok else "disabled")
        colour = self.pal.loss if bad and self.pal.theme != "mono" else self.pal.panel_muted
        self.reason.configure(text=reason, foreground=colour)

    def show_advice(self, text: str | None) -> None:
        """The advisor's line under the buttons; ``None`` removes the line."""
        if text is None:
            if self.advice.winfo_manager():
                self.advice.pack_forget()
            return
        if not self.advice.winfo_manager():
            self.advice.pack(side="bottom", fill="x", pady=(4, 0))
        if str(self.advice.cget("text")) != text:
            self.advice.configure(text=text)

    def show_challenge(self, question: str, targets: Sequence[tuple[int, str]]) -> None:
        """Ask whom to challenge: one button per other seat, and one for no challenge."""
        self.actions.pack_forget()
        for button in self.prompt_buttons:
            button.destroy()
        self.prompt_buttons = []
        self.challenge_targets = [seat for seat, _name in targets]
        self.prompt_label.configure(text=question)
        for key, (seat, name) in enumerate(targets, start=1):
            button = ttk.Button(self.prompt, text=f"{key}: {name}", takefocus=0,
                                command=self._challenger(seat))
            button.pack(side="left", padx=2)
            self.prompt_buttons.append(button)
        button = ttk.Button(self.prompt, text=_("No challenge (Space)"), takefocus=0,
                            command=lambda: self.on_challenge(None))
        button.pack(side="left", padx=(10, 12))
        self.prompt_buttons.append(button)
        self.prompt_label.pack_forget()
        self.prompt_label.pack(side="left", fill="x", expand=True)
        self.prompt.pack(fill="x")

    def _challenger(self, seat: int) -> Callable[[], None]:
        return lambda: self.on_challenge(seat)

    def hide_challenge(self) -> None:
        if self.prompt.winfo_manager():
            self.prompt.pack_forget()
            self.actions.pack(fill="x")

    @property
    def challenge_shown(self) -> bool:
        return bool(self.prompt.winfo_manager())


def elide(text: str, measure: Callable[[str], int], width: int) -> str:
    """``text`` on one line, cut with an ellipsis so that ``measure`` of it fits ``width``."""
    text = " ".join(text.split())
    if measure(text) <= width:
        return text
    low, high = 0, len(text)  # the longest prefix that fits, found by halving
    while low < high:
        middle = (low + high + 1) // 2
        if measure(text[:middle].rstrip() + "\u2026") <= width:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + "\u2026"


class StatusBar(tk.Frame):
    """Messages on the left; delay, sound and pitch on the right (as in 1989).

    A message too long for the bar ends in an ellipsis, and the mouse over it shows all of
    it (the game log and the message box at launch have the full text too)."""

    def __init__(self, master: tk.Misc, pal: Palette) -> None:
        super().__init__(master, background=pal.panel, relief="sunken", borderwidth=1)
        # width=1: a long message must never make the window ask to be wider.
        self.message = tk.Label(self, text="", anchor="w", background=pal.panel,
                                foreground=pal.panel_text, padx=6, width=1)
        self.settings = tk.Label(self, text="", anchor="e", background=pal.panel,
                                 foreground=pal.panel_muted, padx=6)
        self.settings.pack(side="right")
        self.message.pack(side="left", fill="x", expand=True)
        self.full_text = ""
        self.font = tkfont.nametofont(str(self.message.cget("font")))
        self.tip: tk.Toplevel | None = None
        self.message.bind("<Configure>", lambda event: self._fit())
        self.message.bind("<Enter>", lambda event: self.show_tip())
        self.message.bind("<Leave>", lambda event: self.hide_tip())
        self.message.bind("<Button-1>", lambda event: self.show_whole())
        self.timers = Timers(self)  # the whole message, shown for a while

    def set_palette(self, pal: Palette) -> None:
        self.configure(background=pal.panel)
        self.message.configure(background=pal.panel, foreground=pal.panel_text)
        self.settings.configure(background=pal.panel, foreground=pal.panel_muted)

    def say(self, text: str) -> None:
        self.full_text = text
        self.hide_tip()
        self._fit()

    def _fit(self) -> None:
        room = self.message.winfo_width() - 2 * int(self.message.cget("padx")) - 4
        text = " ".join(self.full_text.split())
        if room > 0:  # (not laid out yet: no width to fit; <Configure> comes when it is)
            text = elide(text, self.font.measure, room)
        if str(self.message.cget("text")) != text:
            self.message.configure(text=text)

    @property
    def cut(self) -> bool:
        """Whether the message shown is shorter than the message."""
        return str(self.message.cget("text")) != " ".join(self.full_text.split())

    def show_tip(self) -> None:
        """Show the whole message above the bar, when the bar shows only part of it."""
        self.hide_tip()
        if not self.cut:
            return
        tip = tk.Toplevel(self)
        tip.wm_overrideredirect(True)
        tk.Label(tip, text=self.full_text, justify="left", wraplength=560, padx=8, pady=4,
                 background="#fffbe0", foreground="#1d2238", relief="solid",
                 borderwidth=1).pack()
        tip.update_idletasks()
        x = max(0, self.message.winfo_rootx())
        y = self.message.winfo_rooty() - tip.winfo_reqheight() - 4
        tip.wm_geometry(f"+{x}+{max(0, y)}")
        self.tip = tip

    def show_whole(self, ms: int = 8000) -> None:
        """A message the bar shows only part of, whole above it for a while (Ctrl+R, a
        click on the bar, the answer to Ctrl+D): the keyboard's way to read it all."""
        self.show_tip()
        if self.tip is not None:
            self.timers.later(ms, self.hide_tip, purpose="whole")

    def hide_tip(self) -> None:
        self.timers.cancel("whole")
        if self.tip is not None:
            self.tip.destroy()
            self.tip = None

    def show_settings(self, text: str) -> None:
        self.settings.configure(text=text)
