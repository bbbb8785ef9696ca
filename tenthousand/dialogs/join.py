"""Game > Join a network game: the join code, the tables found on the local network or an
address typed in, the player's name, and whether to watch only.  An invite code of a
table over the internet ("7-guitarist-revenge") needs no address.

Finding the tables is network work: the dialog asks ``find(done)`` (the control layer runs
it in the job runner and calls ``done`` with what it found, in the Tk thread), so the
dialog never waits on the network.  Joining is too: with ``attempt``, Join asks
``attempt(choice, done)`` and the dialog stays open, saying it is joining, until ``done``
is called: with None the table let the player in and the dialog closes; with a sentence
(a wrong code, a name taken, a mailbox server that cannot be reached) the dialog shows it
and keeps everything typed, to be put right and tried again."""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from tkinter import ttk

from ..i18n import N_, _
from ..model.text import invite_code
from ..present.network import code_problem, name_problem, split_address
from ..view import access
from .base import HINT_STYLE, PAD, SMALL_PAD, Dialog, chars, derived_font, fit_screen

__all__ = ["Found", "JoinChoice", "JoinDialog"]

#: A table found on the local network: its name (the host's), address and port.
Found = tuple[str, str, int]
#: Finds the tables: called with the function that takes what was found.
Finder = Callable[[Callable[[Sequence[Found]], None]], None]


#: Joins the table chosen; calls the function it is given, in the Tk thread, with None
#: once in, or with the sentence that says why not.
Attempt = Callable[["JoinChoice", Callable[[str | None], None]], None]


@dataclass(frozen=True)
class JoinChoice:
    """The table to join, the code, the name, and whether to watch only; ``internet``: the
    code is an invite code of a table over the internet (no address)."""

    address: str
    port: int | None  # None: the default port
    code: str
    name: str
    watch: bool = False
    internet: bool = False


class JoinDialog(Dialog[JoinChoice]):
    """See the module's docstring; ``.result`` is a :class:`JoinChoice` or None."""

    # Translators: the join dialog's buttons; "&" marks the access key.
    ok_text = N_("&Join")
    cancel_text = N_("Cance&l")

    def __init__(self, parent: tk.Misc, *, name: str, find: Finder | None,
                 address: str = "", attempt: Attempt | None = None,
                 testing: bool = False) -> None:
        self.name_given, self.find, self.address_given = name, find, address
        self.attempt = attempt
        self.joining = False  # a join is under way: Join waits for its answer
        self.found: list[Found] = []
        super().__init__(parent, _("Join a network game"), testing=testing)

    def body(self, frame: ttk.Frame) -> None:
        small = derived_font(self, scale=0.92)
        wrap = chars(self, 56)
        # Translators: the fields and buttons of the join dialog; "&" marks the access key.
        ttk.Label(frame, text=_("Tables on this network:")).grid(row=0, column=0, columnspan=3,
                                                                   sticky="w")
        self.tables = tk.Listbox(frame, height=5, width=50, exportselection=False,
                                 activestyle="dotbox")
        self.tables.grid(row=1, column=0, columnspan=3, sticky="ew", pady=SMALL_PAD)
        self.tables.bind("<<ListboxSelect>>", self._picked)
        self.looking = ttk.Label(frame, text="", style=HINT_STYLE, font=small)
        self.looking.grid(row=2, column=0, columnspan=2, sticky="w")
        self.look_button = access.button(frame, _("Look &again"), self.look)
        self.look_button.grid(row=2, column=2, sticky="e")
        self.address = tk.StringVar(self, self.address_given)  # (the last table joined)
        self.code = tk.StringVar(self, "")
        self.player = tk.StringVar(self, self.name_given)
        self.watch = tk.BooleanVar(self, False)
        self.entries: dict[str, ttk.Entry] = {}
        for row, (label, var, field) in enumerate((
                (_("Or the table's a&ddress:"), self.address, "address"),
                (_("Join &code:"), self.code, "code"),
                (_("Your &name:"), self.player, "name")), start=3):
            entry = ttk.Entry(frame, textvariable=var, width=28)
            access.label(frame, label, entry).grid(row=row, column=0, sticky="w",
                                                   pady=(PAD if row == 3 else 2, 2))
            entry.grid(row=row, column=1, sticky="w", padx=SMALL_PAD,
                       pady=(PAD if row == 3 else 2, 2))
            self.error_label(frame, field, wraplength=chars(self, 24)).grid(
                row=row, column=2, sticky="w")
            var.trace_add("write", self.refresh)
            self.entries[field] = entry
        ttk.Label(frame, style=HINT_STYLE, font=small, wraplength=wrap, justify="left",
                  text=_("The code is on the host's table. An invite code of a table over "
                         "the internet, as 7-guitarist-revenge, needs no address; on this "
                         "network, pick the table or type the address the host's table "
                         "shows.")).grid(row=6, column=0, columnspan=3, sticky="w",
                                         pady=(SMALL_PAD, PAD))
        access.check(frame, _("&Watch only, without a seat"), variable=self.watch).grid(
            row=7, column=0, columnspan=3, sticky="w")
        # how the last Join went: joining, or why the table did not let the player in
        self.answer = ttk.Label(frame, text="", style="Error.TLabel", wraplength=wrap,
                                justify="left")
        self.answer.grid(row=8, column=0, columnspan=3, sticky="w", pady=(PAD, 0))
        frame.columnconfigure(2, weight=1, minsize=chars(self, 24))
        self.look()

    def focus_initial(self) -> None:
        self.entries["code"].focus_set()

    # -- the tables found ----------------------------------------------------------------

    def look(self) -> None:
        """Look for tables on the local network (in the background)."""
        if self.find is None:
            self.looking.configure(text=_("Looking for tables is not available here."))
            self.look_button.state(["disabled"])
            return
        self.looking.configure(text=_("Looking for tables..."))
        self.look_button.state(["disabled"])
        self.find(self.show_found)

    def show_found(self, found: Sequence[Found]) -> None:
        """The tables found (called in the Tk thread once looking is done)."""
        if not self.winfo_exists():
            return
        self.found = list(found)
        self.tables.delete(0, "end")
        for name, address, port in self.found:
            self.tables.insert("end", _("{name} at {address}:{port}").format(
                name=name, address=address, port=port))
        self.looking.configure(text=_("No table found: type the address.") if not found
                               else "")
        self.look_button.state(["!disabled"])
        if len(self.found) == 1 and not self.address.get().strip():
            self.tables.selection_set(0)  # the one table found: picked for the player
            self._picked()

    def _picked(self, event: object = None) -> None:
        chosen = self.tables.curselection()  # type: ignore[no-untyped-call]
        if chosen:
            _name, address, port = self.found[chosen[0]]
            shown = f"[{address}]" if ":" in address else address
            self.address.set(f"{shown}:{port}")

    # -- checking ------------------------------------------------------------------------

    def ok(self, event: object = None) -> None:
        """Join: with ``attempt``, the dialog waits for the table's answer, open."""
        if self.attempt is None or self.joining:
            if not self.joining:
                super().ok(event)
            return
        choice, errors = self.validate()
        if errors or choice is None:
            super().ok(event)  # (says what is wrong)
            return
        self.joining = True
        self.button_ok.state(["disabled"])
        self.answer.configure(text=_("Joining the table..."), style=HINT_STYLE)
        self.attempt(choice, lambda problem: self.answered(choice, problem))

    def answered(self, choice: JoinChoice, problem: str | None) -> None:
        """The table's answer to a join (in the Tk thread): in, or why not."""
        if not self.winfo_exists():
            return
        self.joining = False
        if problem is None:
            self.result = choice
            self.destroy()
            return
        self.answer.configure(text=problem, style="Error.TLabel")
        # (the dialog grows to show the whole sentence, within the screen)
        fit_screen(self, self.scroll_area, self.button_bar)
        self.button_ok.state(["!disabled"])
        self.bell()

    def refresh(self, *args: object) -> None:
        if hasattr(self, "button_ok") and not self.joining:
            # (a table found while the dialog is being built; or a join under way)
            super().refresh(*args)

    def validate(self) -> tuple[JoinChoice | None, dict[str, str]]:
        if not hasattr(self, "watch"):
            return None, {}  # still being built
        errors: dict[str, str] = {}
        invite = invite_code(self.code.get())
        if invite is not None:  # over the internet: no address
            problem = name_problem(self.player.get())
            if problem:
                return None, {"name": problem}
            return JoinChoice("", None, invite, self.player.get().strip(), self.watch.get(),
                              internet=True), {}
        where = split_address(self.address.get())
        if where is None:
            errors["address"] = (_("pick a table above or type its address")
                                 if not self.address.get().strip() else
                                 _("an address as 192.168.1.20 or 192.168.1.20:48620"))
        for field, problem in (("code", code_problem(self.code.get())),
                               ("name", name_problem(self.player.get()))):
            if problem:
                errors[field] = problem
        if errors or where is None:
            return None, errors
        return JoinChoice(where[0], where[1], self.code.get().strip(),
                          self.player.get().strip(), self.watch.get()), {}
