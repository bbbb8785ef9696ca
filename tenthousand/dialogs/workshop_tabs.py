"""The five pages of the rules workshop: Scoring, Combinations, Turn, End and Options.

Each builder puts its fields on a notebook page and registers them with the workshop
(:meth:`Fields.entry`, :meth:`Fields.check`), so the workshop reads every value through one
draft (:mod:`tenthousand.present.workshop_draft`) and shows each field's message beside it.

Every label, check box and button has an access key (``&`` in its text, see
:mod:`tenthousand.view.access`): no letter twice on one page, nor one of the keys the
whole window shares (Start from, Name, Description, the tabs and the buttons).  Pages that
are not shown do not answer their keys, so two pages may use the same letter.
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable
from tkinter import ttk
from typing import Any, Protocol

from ..files.rulefile import KIND_SHORTCUTS
from ..i18n import N_, _, mnemonic, pgettext
from ..present.workshop_draft import (
    COMBINATION_FLAGS,
    COMBINATIONS,
    KIND_COLUMNS,
    SINGLES,
    kind_field,
)
from ..view import access
from .base import HINT_STYLE, PAD, SMALL_PAD, chars

__all__ = ["Fields", "build_combinations", "build_end", "build_options", "build_scoring",
           "build_turn", "relabel", "with_key"]


class Fields(Protocol):
    """What the page builders need of the workshop."""

    def entry(self, parent: tk.Misc, field: str, row: int, column: int, *,
              width: int = 8) -> ttk.Entry: ...

    def check(self, parent: tk.Misc, field: str, text: str, row: int, *,
              column: int = 0, columnspan: int = 3) -> ttk.Checkbutton: ...

    @property
    def fields(self) -> dict[str, ttk.Entry]: ...

    def error_label(self, parent: tk.Misc, field: str, **options: Any) -> ttk.Label: ...

    def fill_kinds(self, shortcut: str) -> None: ...


def _label(parent: tk.Misc, text: str, row: int, column: int = 0,
           target: tk.Misc | None = None, **grid: Any) -> ttk.Label:
    """A label (already translated, with ``&`` before its key) for the field ``target``."""
    label = access.label(parent, text, target)
    label.grid(row=row, column=column, sticky="w", padx=(0, SMALL_PAD), pady=1, **grid)
    return label


def _hint(parent: tk.Misc, text: str, row: int, columnspan: int = 3) -> None:
    ttk.Label(parent, text=text, style=HINT_STYLE, wraplength=chars(parent, 60),
              justify="left").grid(row=row, column=0, columnspan=columnspan, sticky="w",
                                   pady=(SMALL_PAD, SMALL_PAD))


def scrolled(notebook: ttk.Notebook, text: str) -> ttk.Frame:
    """A notebook page whose content scrolls (the scoring page is taller than a small
    screen); ``text`` is the tab's translated text with its ``&``."""
    outer = ttk.Frame(notebook)
    access.tab(notebook, outer, text)
    canvas = tk.Canvas(outer, highlightthickness=0, borderwidth=0)
    bar = ttk.Scrollbar(outer, orient="vertical", command=canvas.yview)
    canvas.configure(yscrollcommand=bar.set)
    canvas.grid(row=0, column=0, sticky="nsew")
    bar.grid(row=0, column=1, sticky="ns")
    outer.rowconfigure(0, weight=1)
    outer.columnconfigure(0, weight=1)
    inner = ttk.Frame(canvas, padding=PAD)
    canvas.create_window(0, 0, window=inner, anchor="nw")

    def fit(_: object = None) -> None:
        canvas.configure(scrollregion=canvas.bbox("all"), width=inner.winfo_reqwidth())

    inner.bind("<Configure>", fit)
    canvas.configure(background=ttk.Style(outer).lookup("TFrame", "background") or "#d9d9d9")
    # A field reached by Tab scrolls into view, so the keyboard never works blind.
    notebook.winfo_toplevel().bind("<FocusIn>", lambda e: _see(canvas, inner, e.widget),
                                   add="+")
    return inner


def _see(canvas: tk.Canvas, inner: ttk.Frame, widget: object) -> None:
    if not isinstance(widget, tk.Misc) or not str(widget).startswith(str(inner) + "."):
        return
    try:
        height = max(1, inner.winfo_height())
        top = widget.winfo_rooty() - inner.winfo_rooty()
        view_top, view_bottom = (f * height for f in canvas.yview())
        if top < view_top or top + widget.winfo_height() > view_bottom:
            canvas.yview_moveto(max(0.0, (top - 20) / height))
    except tk.TclError:  # the window is closing while the focus moves
        return


def build_scoring(page: ttk.Frame, w: Fields) -> None:
    """Singles, and the kinds table with its shortcuts."""
    ttk.Label(page, text=_("A single die"), style="Heading.TLabel").grid(
        row=0, column=0, columnspan=6, sticky="w")
    singles = ttk.Frame(page)
    singles.grid(row=1, column=0, columnspan=6, sticky="w")
    for i, field in enumerate(SINGLES):
        box = w.entry(singles, field, 0, 2 * i + 1, width=5)
        # Translators: a label in the workshop: the points of one die showing {face} (the
        # game makes the digit its access key).
        text = _("a {face}").format(face=i + 1)
        at = text.rfind(str(i + 1))
        _label(singles, f"{text[:at]}&{text[at:]}" if at >= 0 else text, 0, 2 * i, box)
    w.error_label(singles, "singles").grid(row=1, column=0, columnspan=12, sticky="w")
    _build_kinds(page, w, 2)


def build_combinations(page: ttk.Frame, w: Fields) -> None:
    """The combinations of six (or five) dice and their flags."""
    ttk.Label(page, text=_("Combinations (0: not in the game)"), style="Heading.TLabel").grid(
        row=0, column=0, columnspan=3, sticky="w")
    for i, (field, text) in enumerate(COMBINATIONS, 1):
        box = w.entry(page, field, i, 1)
        _label(page, _(text), i, target=box)
        w.error_label(page, field).grid(row=i, column=2, sticky="w")
    for i, (field, text) in enumerate(COMBINATION_FLAGS, 1 + len(COMBINATIONS)):
        w.check(page, field, _(text), i)


def _build_kinds(page: ttk.Frame, w: Fields, row: int) -> None:
    heading = access.label(page, _("Of a &kind (0: not a counter)"), style="Heading.TLabel")
    heading.grid(row=row, column=0, columnspan=6, sticky="w", pady=(PAD, 0))
    for c, word in enumerate(KIND_COLUMNS):
        ttk.Label(page, text=_(word)).grid(row=row + 1, column=c + 1, sticky="w")
    for face in range(1, 7):
        # Translators: a row head of the workshop's table of kinds: dice showing {face}.
        ttk.Label(page, text=_("{face}s").format(face=face)).grid(
            row=row + 1 + face, column=0, sticky="w", padx=(0, SMALL_PAD), pady=1)
        for c in range(4):
            w.entry(page, kind_field(face, c), row + 1 + face, c + 1)
        w.error_label(page, f"kinds_{face}").grid(row=row + 1 + face, column=5, sticky="w")
    first = w.fields[kind_field(1, 0)]
    access.bind_key(heading, str(heading.cget("text")), int(heading.cget("underline")),
                    first.focus_set)
    fill = ttk.Frame(page)
    fill.grid(row=row + 8, column=0, columnspan=6, sticky="w", pady=(SMALL_PAD, 0))
    names = {_(text): key for key, text in KIND_SHORTCUTS.items()}
    choice = tk.StringVar(page, next(iter(names)))
    combo = ttk.Combobox(fill, textvariable=choice, values=list(names), state="readonly",
                         width=44)
    access.label(fill, _("Fill from the three-of-a-kind colu&mn:"), combo).grid(
        row=0, column=0, sticky="w")
    combo.grid(row=1, column=0, sticky="w")
    # Translators: the button that fills the table of kinds the way chosen beside it.
    access.button(fill, _("&Apply"), lambda: w.fill_kinds(names[choice.get()])).grid(
        row=1, column=1, padx=SMALL_PAD)
    page.fill_choice = choice  # type: ignore[attr-defined]


# Translators: the labels of the workshop's Turn page. The letter after & is the access key
# (Alt+letter): no letter twice on the page, nor one of the page's neighbours (Start from,
# Name, Description, the tabs and the buttons).
_TURN_NUMBERS: tuple[tuple[str, str, int], ...] = (
    ("opening_minimum", N_("Turn score to &get on the board"), 8),
    ("minimum", N_("Turn score for every bank &after that"), 8),
    ("trash_run", N_("Trash t&urns in a row that cost them"), 4),
    ("trash_penalty", N_("Points the&y cost"), 8),
    ("score_floor", N_("Lowest board score (e&mpty: no limit)"), 8),
)


def build_turn(page: ttk.Frame, w: Fields) -> None:
    """The minimums, the corner, the trash run and its penalty, the lowest score."""
    checks = {2: ("corner_throw_mandatory",
                  _("After turning the corner, the six dice must be t&hrown again")),
              3: ("three_trash", _("Trash turns in a ro&w cost points")),
              # Translators: the five-dice game; the 5 is the access key.
              7: ("five_dice", _("Play with &5 dice: a corner gives five fresh dice"))}
    numbers = iter(_TURN_NUMBERS)
    for row in range(len(_TURN_NUMBERS) + len(checks)):  # in this order for Tab
        if row in checks:
            w.check(page, checks[row][0], checks[row][1], row)
            continue
        field, text, width = next(numbers)
        box = w.entry(page, field, row, 1, width=width)
        _label(page, _(text), row, target=box)
        w.error_label(page, field).grid(row=row, column=2, sticky="w")
    _hint(page, _("A penalty can take a board score below zero, down to the lowest score "
                  "when one is given."), 8)


def build_end(page: ttk.Frame, w: Fields, var: Callable[[str], tk.Variable]) -> None:
    """The game point, catch-up or win at once, ties and the starting scores."""
    box = w.entry(page, "game_point", 0, 1)
    # Translators: the workshop's End page; its access key must differ from the page's other
    # labels and the workshop's buttons (the new-game dialog has its own "&Game point").
    _label(page, pgettext("workshop", "&Game point"), 0, target=box)
    w.error_label(page, "game_point").grid(row=0, column=2, sticky="w")
    catch_up = var("catch_up")
    access.radio(page, _("The others get one more turn to catch &up"), value=True,
                 variable=catch_up).grid(row=1, column=0, columnspan=3, sticky="w")
    access.radio(page, _("The first to bank the game point &wins at once"), value=False,
                 variable=catch_up).grid(row=2, column=0, columnspan=3, sticky="w")
    _hint(page, _("Ties for first place are broken by one more turn each, in seat order, as "
                  "often as needed."), 3)
    box = w.entry(page, "starting_scores", 4, 1, width=16)
    _label(page, _("St&arting scores by seat"), 4, target=box)
    w.error_label(page, "starting_scores").grid(row=4, column=2, sticky="w")
    # Translators: keep "0, 250" as it is: the box takes numbers separated by commas.
    _hint(page, _("Points each seat starts with, in seat order, such as \"0, 250\": a "
                  "handicap that evens out the first player's advantage. Seats not listed "
                  "start at zero."), 5)


# Translators: the check boxes of the workshop's Options page; the letter after & is the
# access key (Alt+letter), as on the other pages.
OPTION_TEXTS: tuple[tuple[str, str], ...] = (
    ("pyramiding", N_("P&yramiding: frozen dice of a stretch team up with new ones")),
    ("surpassing", N_("S&urpassing: beat the last score the player before you banked")),
    ("challenging", N_("C&hallenging: take your bank off another player's board")),
    ("rotary_club", N_("Rot&ary Club: nobody banks, and the lowest score wins")),
    ("mutant_trash", N_("&Mutant Trash: give a die to the play area (two players)")),
)


def build_options(page: ttk.Frame, w: Fields) -> None:
    """The options of the game (the trash penalty is on the Turn page)."""
    for i, (field, text) in enumerate(OPTION_TEXTS):
        w.check(page, field, _(text), i)
    _hint(page, _("The penalty for trash turns in a row is on the Turn page."),
          len(OPTION_TEXTS))


def with_key(button: ttk.Button, text: str) -> None:
    """Show a button of the base dialog with its access key (``text`` marked, untranslated),
    unless the base dialog gave it one already."""
    shown, index = mnemonic(_(text))
    button.configure(text=shown, underline=index)
    top = button.winfo_toplevel()
    if any(shown in texts for texts in access.keys_of(top).values()):
        return

    def press() -> None:
        if "disabled" not in button.state():
            button.focus_set()
            button.invoke()

    access.bind_key(button, shown, index, press)


def relabel(button: ttk.Button, text: str, instead: str | None) -> None:
    """Show ``instead`` on a button made with ``text`` (or ``text`` again when None),
    underlining the same access key when the new text has that letter."""
    shown, index = mnemonic(text)
    if instead is None:
        button.configure(text=shown, underline=index)
        return
    letter = shown[index].lower() if index >= 0 else ""
    button.configure(text=instead, underline=instead.lower().find(letter) if letter else -1)
