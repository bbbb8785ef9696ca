"""The four pages of the rules workshop: Scoring, Turn, End and Options.

Each builder puts its fields on a notebook page and registers them with the workshop
(:meth:`Fields.entry`, :meth:`Fields.check`), so the workshop reads every value through one
draft (:mod:`tenthousand.dialogs.workshop_draft`) and shows each field's message beside it.
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable
from tkinter import ttk
from typing import Any, Protocol

from ..rulefile import KIND_SHORTCUTS
from .base import HINT_COLOUR, PAD, SMALL_PAD, chars
from .workshop_draft import (
    COMBINATION_FLAGS,
    COMBINATIONS,
    KIND_COLUMNS,
    SINGLES,
    kind_field,
)

__all__ = ["Fields", "build_end", "build_options", "build_scoring", "build_turn"]

FACE_WORDS = ("1s", "2s", "3s", "4s", "5s", "6s")


class Fields(Protocol):
    """What the page builders need of the workshop."""

    def entry(self, parent: tk.Misc, field: str, row: int, column: int, *,
              width: int = 8) -> ttk.Entry: ...

    def check(self, parent: tk.Misc, field: str, text: str, row: int, *,
              column: int = 0, columnspan: int = 3) -> ttk.Checkbutton: ...

    def error_label(self, parent: tk.Misc, field: str, **options: Any) -> ttk.Label: ...

    def fill_kinds(self, shortcut: str) -> None: ...


def _label(parent: tk.Misc, text: str, row: int, column: int = 0, **grid: Any) -> ttk.Label:
    label = ttk.Label(parent, text=text)
    label.grid(row=row, column=column, sticky="w", padx=(0, SMALL_PAD), pady=1, **grid)
    return label


def _hint(parent: tk.Misc, text: str, row: int, columnspan: int = 3) -> None:
    ttk.Label(parent, text=text, foreground=HINT_COLOUR, wraplength=chars(parent, 60),
              justify="left").grid(row=row, column=0, columnspan=columnspan, sticky="w",
                                   pady=(SMALL_PAD, SMALL_PAD))


def scrolled(notebook: ttk.Notebook, text: str, underline: int) -> ttk.Frame:
    """A notebook page whose content scrolls (the scoring page is taller than a small
    screen)."""
    outer = ttk.Frame(notebook)
    notebook.add(outer, text=text, underline=underline)
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
    """Singles, the kinds table with its shortcuts, and the combinations."""
    ttk.Label(page, text="A single die", style="Heading.TLabel").grid(
        row=0, column=0, columnspan=6, sticky="w")
    singles = ttk.Frame(page)
    singles.grid(row=1, column=0, columnspan=6, sticky="w")
    for i, field in enumerate(SINGLES):
        _label(singles, f"a {i + 1}", 0, 2 * i)
        w.entry(singles, field, 0, 2 * i + 1, width=5)
    w.error_label(singles, "singles").grid(row=1, column=0, columnspan=12, sticky="w")
    _build_kinds(page, w, 2)
    combos = ttk.Frame(page)
    combos.grid(row=20, column=0, columnspan=6, sticky="w")
    ttk.Label(combos, text="Combinations (0: not in the game)", style="Heading.TLabel").grid(
        row=0, column=0, columnspan=3, sticky="w", pady=(PAD, 0))
    for i, (field, text) in enumerate(COMBINATIONS, 1):
        _label(combos, text, i)
        w.entry(combos, field, i, 1)
        w.error_label(combos, field).grid(row=i, column=2, sticky="w")
    for i, (field, text) in enumerate(COMBINATION_FLAGS, 1 + len(COMBINATIONS)):
        w.check(combos, field, text, i)


def _build_kinds(page: ttk.Frame, w: Fields, row: int) -> None:
    ttk.Label(page, text="Of a kind (0: not a counter)", style="Heading.TLabel").grid(
        row=row, column=0, columnspan=6, sticky="w", pady=(PAD, 0))
    for c, word in enumerate(KIND_COLUMNS):
        ttk.Label(page, text=word).grid(row=row + 1, column=c + 1, sticky="w")
    for face in range(1, 7):
        _label(page, FACE_WORDS[face - 1], row + 1 + face)
        for c in range(4):
            w.entry(page, kind_field(face, c), row + 1 + face, c + 1)
        w.error_label(page, f"kinds_{face}").grid(row=row + 1 + face, column=5, sticky="w")
    fill = ttk.Frame(page)
    fill.grid(row=row + 8, column=0, columnspan=6, sticky="w", pady=(SMALL_PAD, 0))
    ttk.Label(fill, text="Fill from the three-of-a-kind column:", underline=0).grid(
        row=0, column=0, sticky="w")
    names = {text: key for key, text in KIND_SHORTCUTS.items()}
    choice = tk.StringVar(page, next(iter(names)))
    combo = ttk.Combobox(fill, textvariable=choice, values=list(names), state="readonly",
                         width=44)
    combo.grid(row=1, column=0, sticky="w")
    ttk.Button(fill, text="Fill", command=lambda: w.fill_kinds(names[choice.get()])).grid(
        row=1, column=1, padx=SMALL_PAD)
    page.winfo_toplevel().bind("<Alt-f>", lambda e: combo.focus_set())
    page.fill_choice = choice  # type: ignore[attr-defined]


def build_turn(page: ttk.Frame, w: Fields) -> None:
    """The minimums, the corner, the trash run and its penalty, the lowest score."""
    rows: tuple[tuple[str, str], ...] = (
        ("opening_minimum", "Turn score to get on the board"),
        ("minimum", "Turn score for every bank after that"),
    )
    for i, (field, text) in enumerate(rows):
        _label(page, text, i)
        w.entry(page, field, i, 1)
        w.error_label(page, field).grid(row=i, column=2, sticky="w")
    w.check(page, "corner_throw_mandatory",
            "After turning the corner, the six dice must be thrown again", 2)
    w.check(page, "three_trash", "Trash turns in a row cost points", 3)
    _label(page, "Trash turns in a row that cost them", 4)
    w.entry(page, "trash_run", 4, 1, width=4)
    w.error_label(page, "trash_run").grid(row=4, column=2, sticky="w")
    _label(page, "Points they cost", 5)
    w.entry(page, "trash_penalty", 5, 1)
    w.error_label(page, "trash_penalty").grid(row=5, column=2, sticky="w")
    _label(page, "Lowest board score (empty: no limit)", 6)
    w.entry(page, "score_floor", 6, 1)
    w.error_label(page, "score_floor").grid(row=6, column=2, sticky="w")
    _hint(page, "A penalty can take a board score below zero, down to the lowest score "
                "when one is given.", 7)


def build_end(page: ttk.Frame, w: Fields, var: Callable[[str], tk.Variable]) -> None:
    """The game point, catch-up or win at once, ties and the starting scores."""
    _label(page, "Game point", 0)
    w.entry(page, "game_point", 0, 1)
    w.error_label(page, "game_point").grid(row=0, column=2, sticky="w")
    catch_up = var("catch_up")
    ttk.Radiobutton(page, text="The others get one more turn to catch up", value=True,
                    variable=catch_up, underline=15).grid(row=1, column=0, columnspan=3,
                                                          sticky="w")
    ttk.Radiobutton(page, text="The first to bank the game point wins at once", value=False,
                    variable=catch_up, underline=21).grid(row=2, column=0, columnspan=3,
                                                          sticky="w")
    _hint(page, "Ties for first place are broken by one more turn each, in seat order, as "
                "often as needed.", 3)
    _label(page, "Starting scores by seat", 4)
    w.entry(page, "starting_scores", 4, 1, width=16)
    w.error_label(page, "starting_scores").grid(row=4, column=2, sticky="w")
    _hint(page, "Points each seat starts with, in seat order, such as \"0, 250\": a "
                "handicap that evens out the first player's advantage. Seats not listed "
                "start at zero.", 5)


OPTION_TEXTS: tuple[tuple[str, str], ...] = (
    ("pyramiding", "Pyramiding: frozen dice of a stretch team up with new ones"),
    ("surpassing", "Surpassing: beat the last score the player before you banked"),
    ("challenging", "Challenging: take your bank off another player's board"),
    ("rotary_club", "Rotary Club: nobody banks, and the lowest score wins"),
    ("mutant_trash", "Mutant Trash: give a die to the play area (two players)"),
)


def build_options(page: ttk.Frame, w: Fields) -> None:
    """The options of the game (the trash penalty is on the Turn page)."""
    for i, (field, text) in enumerate(OPTION_TEXTS):
        w.check(page, field, text, i)
    _hint(page, "The penalty for trash turns in a row is on the Turn page.", len(OPTION_TEXTS))
