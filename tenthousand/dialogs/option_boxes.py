"""The new-game dialog's options: a check box per option with its line of help.

A saved rule set's own options are ticked and kept so, and each help line gives the chosen
rules' numbers, or says why the option cannot be played with one already ticked (Rotary
Club and surpassing: ``rules.OPTION_CLASHES``) before the player ticks it too, or how it
plays under one ticked that changes it (Mutant Trash in Rotary Club:
``rules.OPTION_MIXTURES``).
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable, Iterable
from tkinter import font as tkfont
from tkinter import ttk

from ..i18n import _
from ..model import OPTION_NAMES
from ..model.rules import Rules, clashes_with, plays_with
from ..present.option_help import OPTION_HELP, option_help, own_options
from ..view import access
from .base import HINT_STYLE, chars

__all__ = ["OptionBoxes"]

HELP_INDENT = 24  # pixels: the help under its box


class OptionBoxes:
    """The check boxes of the options in ``parent``; ``on_change`` hears every tick."""

    def __init__(self, parent: ttk.Frame, chosen: Iterable[str], font: tkfont.Font,
                 on_change: Callable[..., object]) -> None:
        self.vars: dict[str, tk.BooleanVar] = {}
        self.checks: dict[str, ttk.Checkbutton] = {}
        self.help: dict[str, ttk.Label] = {}
        self.chosen = frozenset(chosen)  # the options of the settings the dialog opened with
        self._own: frozenset[str] = frozenset()  # the saved rule set's own options
        self._base: Rules | None = None
        for i, name in enumerate(OPTION_NAMES):
            title, help_text = OPTION_HELP.get(name, (name, ""))
            flag = tk.BooleanVar(parent, name in self.chosen)
            check = access.check(parent, _(title), variable=flag)
            check.grid(row=2 * i, column=0, sticky="w")
            label = self.help[name] = ttk.Label(
                parent, text=_(help_text), style=HINT_STYLE, font=font,
                wraplength=chars(parent, 60), justify="left")
            label.grid(row=2 * i + 1, column=0, columnspan=2, sticky="w", padx=(HELP_INDENT, 0),
                       pady=(0, 3))
            self.vars[name] = flag
            self.checks[name] = check
            flag.trace_add("write", on_change)

    def ticked(self) -> tuple[str, ...]:
        """The options ticked, in their order."""
        return tuple(name for name in OPTION_NAMES if self.vars[name].get())

    def show_rules(self, base: Rules) -> None:
        """A saved rule set's own options ticked and kept so; the help with its numbers."""
        own = own_options(base)
        for name, flag in self.vars.items():
            if name in own or name in self._own:  # the last set's: as chosen before
                flag.set(name in own or name in self.chosen)
            self.checks[name].state(["disabled" if name in own else "!disabled"])
        self._own = own
        self._base = base
        self.show_help()

    def keep_width(self, *others: ttk.Label) -> None:
        """Wrap the help (and ``others`` below it) at the width the boxes have now, so that
        a longer help (Rotary Club's mixtures, a clash) adds lines instead of widening the
        column past the dialog's edge."""
        frame = next(iter(self.help.values())).master
        frame.update_idletasks()
        width = frame.winfo_reqwidth()
        for label in self.help.values():
            label.configure(wraplength=width - HELP_INDENT)
        for label in others:
            label.configure(wraplength=width)

    def show_help(self) -> bool:
        """Each option's help: why it cannot be played with an option ticked (before the
        player ticks it too), else what it does with the chosen rules' numbers, and how it
        plays under an option ticked that changes it.  Whether a help changed."""
        if self._base is None:
            return False
        ticked = self.ticked()
        changed = False
        for name, label in self.help.items():
            text = clashes_with(name, ticked) or "\n".join(
                line for line in (option_help(name, self._base), plays_with(name, ticked))
                if line)
            if label.cget("text") != text:
                label.configure(text=text)
                changed = True
        return changed
