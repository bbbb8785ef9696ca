"""Colours of the window: colour, monochrome (the 1989 ``M`` letter), high contrast and a
colour-blind safe palette.

:func:`palette` gives every colour the views draw with; :func:`apply_style` sets the ttk
styles the window and every dialog share (greys in monochrome, and focus rings that show
where Tab went).  In monochrome everything is black, white or grey, and the table colour
is kept for when colour comes back.  High contrast draws white and yellow on a black table
whatever the table colour; the colour-blind safe palette keeps the table colour and takes
its state colours from Okabe and Ito's palette (blue and orange, never red against green).
Every text colour has a WCAG contrast of at least 4.5 on the table it is drawn on
(``tests/test_accessibility.py`` checks it, and ``docs/accessibility.md`` lists them).
"""

from __future__ import annotations

import tkinter as tk
from dataclasses import dataclass
from tkinter import ttk
from typing import Any

from ..files.settings import TABLE_COLOURS
from .access import select_all_keys

#: The grey of the table in monochrome, whatever the table colour (the green's grey).
MONO_FELT = "#4f4f4f"
#: The ring drawn around a focused field, by theme.
FOCUS_COLOURS = {"color": "#0b4ea2", "mono": "#000000", "contrast": "#ffff00",
                 "colorblind": "#0072b2"}
#: The width of the focus ring, in pixels.
FOCUS_THICKNESS = 2
#: Selected text in a field that does not have the focus.
INACTIVE_SELECT = "#c3c3c3"
#: The colour of error messages in dialogs (the ``Error.TLabel`` style), by theme.
ERROR_COLOURS = {"color": "#b00020", "mono": "#000000", "contrast": "#ff9a9a",
                 "colorblind": "#a34400"}
#: The ttk style of hints under the dialogs' fields, and its grey by theme.
HINT_TLABEL = "Hint.TLabel"
HINT_COLOURS = {"color": "#555555", "mono": "#555555", "contrast": "#d0d0d0",
                "colorblind": "#555555"}
#: The table in high contrast, whatever the table colour.
CONTRAST_FELT = "#000000"
#: The Tcl variable that holds the theme :func:`apply_style` set last.
THEME_VAR = "tenthousand_theme"
#: ttk options the ttk theme may map to colours: (style, option).  Greyed in monochrome.
MAPPED_COLOURS = (("TCheckbutton", "indicatorcolor"), ("TRadiobutton", "indicatorcolor"),
                  ("Treeview", "background"), ("Treeview", "foreground"),
                  ("TEntry", "fieldbackground"), ("TSpinbox", "fieldbackground"),
                  ("TCombobox", "fieldbackground"), (".", "foreground"), (".", "background"))
#: The ttk classes that get a focus ring around them (the others draw their own).
RING_CLASSES = ("TEntry", "TSpinbox", "TCombobox", "Horizontal.TScale", "Vertical.TScale",
                "Treeview")
#: The ttk classes whose own focus mark (a dotted ring) is kept.
MARK_CLASSES = ("TButton", "TCheckbutton", "TRadiobutton")


@dataclass(frozen=True)
class Palette:
    """Every colour the views use, for one theme and table colour."""

    theme: str
    felt: str  # the table
    felt_dark: str  # rows and panels drawn on the table
    felt_line: str
    text: str  # text on the table
    muted: str  # secondary text on the table
    good: str  # a legal selection, a bank
    bad: str  # an illegal selection, trash
    corner: str
    win: str
    panel: str  # the side panels
    page: str  # the game log's page on the side panel
    panel_text: str
    panel_muted: str
    highlight: str  # the seat to play
    highlight_text: str
    banner_text: str
    bar_fill: str  # the advisor's win-chance bars
    bar_empty: str
    bar_outline: str
    best_row: str  # the advisor's list: the best freeze, the one selected, both
    chosen_row: str
    chosen_best_row: str
    gain: str  # text on white: a better value, a loss (the review)
    loss: str
    focus: str  # the ring around the focused field


def _shade(colour: str, factor: float) -> str:
    """``colour`` darker (factor < 1) or lighter (factor > 1)."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    if factor < 1:
        r, g, b = (round(c * factor) for c in (r, g, b))
    else:
        r, g, b = (round(c + (255 - c) * (factor - 1)) for c in (r, g, b))
    return f"#{r:02x}{g:02x}{b:02x}"


def _grey(colour: str) -> str:
    r, g, b = rgb(colour)
    y = round(0.299 * r + 0.587 * g + 0.114 * b)
    return f"#{y:02x}{y:02x}{y:02x}"


def hex_colour(widget: tk.Misc, colour: str) -> str:
    """Any Tk colour (a name, ``#rgb``...) as ``#rrggbb``."""
    r, g, b = (c // 257 for c in widget.winfo_rgb(colour))
    return f"#{r:02x}{g:02x}{b:02x}"


def rgb(colour: str) -> tuple[int, int, int]:
    """``#rrggbb`` as three 0-255 numbers."""
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def is_grey(colour: str) -> bool:
    """Whether ``#rrggbb`` is black, white or a grey."""
    r, g, b = rgb(colour)
    return r == g == b


def contrast(a: str, b: str) -> float:
    """The WCAG contrast ratio of two ``#rrggbb`` colours (1 to 21; text wants 4.5)."""
    def luminance(colour: str) -> float:
        def linear(c: int) -> float:
            x = c / 255
            return x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4
        r, g, b = (linear(c) for c in rgb(colour))
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def felt_colour(name: str) -> str:
    return dict(TABLE_COLOURS).get(name, TABLE_COLOURS[0][1])


def palette(theme: str, table_colour: str) -> Palette:
    """The palette for a theme (``color``, ``mono``, ``contrast`` or ``colorblind``) and a
    table colour name."""
    felt = felt_colour(table_colour)
    if theme == "mono":
        # One grey for every table colour: greys of different colours are too alike to
        # tell apart (red and purple give the same one), so F10 would seem to do nothing.
        felt = MONO_FELT
        return Palette(
            theme="mono", felt=felt, felt_dark=_shade(felt, 0.75), felt_line=_shade(felt, 1.35),
            text="#ffffff", muted="#d8d8d8", good="#ffffff", bad="#ffffff", corner="#ffffff",
            win="#ffffff", panel="#f0f0f0", page="#ffffff", panel_text="#000000", panel_muted="#505050",
            highlight="#000000", highlight_text="#ffffff", banner_text="#000000",
            bar_fill="#404040", bar_empty="#ffffff", bar_outline="#808080",
            best_row="#ffffff", chosen_row="#d4d4d4", chosen_best_row="#d4d4d4",
            gain="#000000", loss="#000000", focus=FOCUS_COLOURS["mono"],
        )
    if theme == "contrast":
        # White and yellow on black across the whole window: the table, the side panels,
        # the bars and the menus; the seat to play is black on yellow.
        return Palette(
            theme="contrast", felt=CONTRAST_FELT, felt_dark="#262626", felt_line="#ffffff",
            text="#ffffff", muted="#e6e6e6", good="#7dff7d", bad="#ff9a9a",
            corner="#ffff00", win="#ffff00", panel="#000000", page="#000000",
            panel_text="#ffffff", panel_muted="#e6e6e6", highlight="#ffff00",
            highlight_text="#000000", banner_text="#000000", bar_fill="#ffff00",
            bar_empty="#000000", bar_outline="#ffffff", best_row="#5c5c00",
            chosen_row="#3d3d3d", chosen_best_row="#7a7a00", gain="#7dff7d", loss="#ff9a9a",
            focus=FOCUS_COLOURS["contrast"],
        )
    if theme == "colorblind":
        # Okabe-Ito hues: sky blue for good, orange for bad, yellow for the stakes; they
        # stay apart for red-blind and green-blind eyes alike.
        return Palette(
            theme="colorblind", felt=felt, felt_dark=_shade(felt, 0.78),
            felt_line=_shade(felt, 1.25), text="#fdfaf0",
            muted="#e3e3e3", good="#b8e4ff", bad="#ffdcbc", corner="#f5ec6e",
            win="#f0e442", panel="#f7f4ec", page="#ffffff", panel_text="#1d2238", panel_muted="#4f5465",
            highlight="#cde8ff", highlight_text="#1d2238", banner_text="#1d2238",
            bar_fill="#0072b2", bar_empty="#ffffff", bar_outline="#9aa0a6",
            best_row="#cde8ff", chosen_row="#ffe1b3", chosen_best_row="#a9d4f5",
            gain="#005f94", loss="#a34400", focus=FOCUS_COLOURS["colorblind"],
        )
    return Palette(
        theme="color", felt=felt, felt_dark=_shade(felt, 0.78), felt_line=_shade(felt, 1.25),
        text="#fdfaf0", muted="#cfe0d4" if table_colour == "green" else _shade(felt, 1.7),
        good="#b8f5a0", bad="#ffd9d4", corner="#ffe68f", win="#ffe680",
        panel="#f7f4ec", page="#ffffff", panel_text="#1d2238", panel_muted="#5d6272",
        highlight="#ffe9a8", highlight_text="#1d2238", banner_text="#1d2238",
        bar_fill="#1d7a33", bar_empty="#ffffff", bar_outline="#9aa0a6",
        best_row="#d9f2cf", chosen_row="#fbe9a6", chosen_best_row="#b8e6a3",
        gain="#1d7a33", loss="#b3261e", focus=FOCUS_COLOURS["color"],
    )


# -- ttk styles ------------------------------------------------------------------------

_originals: dict[str, dict[str, Any]] = {}  # by ttk theme: its own colours and layouts


def _own_look(style: ttk.Style) -> dict[str, Any]:
    """The ttk theme's own colours and layouts, read before this module changed any."""
    name = style.theme_use()
    if name not in _originals:
        _originals[name] = {
            "select": style.lookup(".", "selectbackground") or "#4a6984",
            "select_text": style.lookup(".", "selectforeground") or "#ffffff",
            "background": style.lookup(".", "background") or "#d9d9d9",
            "maps": {key: list(style.map(key[0], key[1])) for key in MAPPED_COLOURS},
            "layouts": {cls: style.layout(cls) for cls in RING_CLASSES},
            "colours": {(cls, option): style.lookup(cls, option)
                        for cls, options in CONTRAST_TTK.items() for option in options},
            "active": list(style.map("TButton", "background")),
        }
    return _originals[name]


#: The ttk colours high contrast sets, so that dialogs and the window's buttons, lists and
#: scroll bars are white and yellow on black too (the ttk theme's own come back after it).
CONTRAST_TTK: dict[str, dict[str, str]] = {
    ".": {"background": "#000000", "foreground": "#ffffff", "fieldbackground": "#000000",
          "troughcolor": "#333333", "insertcolor": "#ffffff", "bordercolor": "#ffffff",
          "lightcolor": "#000000", "darkcolor": "#000000", "arrowcolor": "#ffffff"},
    "Treeview": {"background": "#000000", "foreground": "#ffffff",
                 "fieldbackground": "#000000"},
    "Heading": {"background": "#262626", "foreground": "#ffffff"},
    "TEntry": {"fieldbackground": "#000000", "foreground": "#ffffff",
               "insertcolor": "#ffffff"},
}


def _contrast_look(style: ttk.Style, own: dict[str, Any], on: bool) -> None:
    """High contrast's ttk colours on, or the ttk theme's own back."""
    for cls, options in CONTRAST_TTK.items():
        style.configure(cls, **{option: value if on else own["colours"][(cls, option)] or ""
                                for option, value in options.items()})
    style.map("TButton", background=[("active", "#333333"), ("pressed", "#4d4d00")] if on
              else [(*map(str, st), str(v)) for *st, v in own["active"]])


def apply_style(widget: tk.Misc, theme: str) -> None:
    """Set the ttk styles that the window and every dialog share for ``theme``.

    Monochrome turns the ttk theme's own colours (the selection, the ticks of check
    boxes) into greys.  Both themes get a visible focus: a solid ring around the focused
    entry, spin box or drop-down list, and the focused read-only drop-down shows its
    choice highlighted; buttons and check boxes keep their dotted ring, in the focus
    colour.
    """
    style = ttk.Style(widget)
    own = _own_look(style)
    mono = theme == "mono"
    select_all_keys(widget)  # (every window and dialog comes through here)
    focus = FOCUS_COLOURS.get(theme, FOCUS_COLOURS["color"])

    def tone(colour: str) -> str:
        return _grey(hex_colour(widget, colour)) if mono else colour

    select, select_text = tone(own["select"]), tone(own["select_text"])
    if theme == "contrast":
        select, select_text = "#ffff00", "#000000"
    _contrast_look(style, own, theme == "contrast")
    style.configure(".", selectbackground=select, selectforeground=select_text,
                    focuscolor=focus)
    for (name, option), spec in own["maps"].items():
        style.map(name, **{option: [(*map(str, st), tone(str(v))) for *st, v in spec]})  # type: ignore[call-overload]
    dark = theme == "contrast"
    if dark:  # (the ttk theme's greys are for a light dialog)
        style.map(".", background=[("disabled", "#000000"), ("active", "#333333")],
                  foreground=[("disabled", "#9a9a9a")])
    for cls in ("TCombobox", "TSpinbox", "TEntry"):
        fields: list[tuple[Any, ...]] = ([("readonly", "#000000"), ("disabled", "#262626")]
                                         if dark else
                  [(*map(str, st), tone(str(v))) for *st, v in own["maps"][(cls, "fieldbackground")]])
        texts: list[tuple[Any, ...]] = ([("disabled", "#9a9a9a")] if dark else
                 [(*map(str, st), tone(str(v))) for *st, v in own["maps"][(".", "foreground")]])
        # A read-only field takes no typing, so no caret shows where the focus is.
        first: list[tuple[Any, ...]] = [("readonly", "focus", select)]
        style.map(cls, fieldbackground=first + fields,
                  foreground=[("readonly", "focus", select_text), *texts],
                  # Text selected in a field without the focus shows pale, so only the
                  # focused field looks highlighted.
                  selectbackground=[("readonly", "focus", select), ("!focus", INACTIVE_SELECT)],
                  selectforeground=[("readonly", "focus", select_text), ("!focus", "#000000")])
    _focus_rings(style, own, focus, "#000000" if theme == "contrast"
                 else tone(own["background"]))
    style.configure("Error.TLabel", foreground=ERROR_COLOURS.get(theme, ERROR_COLOURS["color"]))
    style.configure(HINT_TLABEL, foreground=HINT_COLOURS.get(theme, HINT_COLOURS["color"]))
    widget.setvar(THEME_VAR, theme)


def _focus_rings(style: ttk.Style, own: dict[str, Any], focus: str, background: str) -> None:
    """A 2-pixel ring around each field class: the focus colour with the focus, else the
    dialog's background (so it takes its room without showing)."""
    if "Ring.highlight" not in style.element_names():
        # The default theme's focus mark is a dotted line; classic's highlight is solid.
        style.element_create("Ring.highlight", "from", "classic", "highlight")
    for cls in RING_CLASSES:
        style.layout(cls, [("Ring.highlight", {"sticky": "nswe",
                                               "children": own["layouts"][cls]})])
        style.configure(cls, highlightthickness=FOCUS_THICKNESS)
        style.map(cls, highlightcolor=[("focus", focus), ("!focus", background)])


def current_theme(widget: tk.Misc) -> str | None:
    """The theme :func:`apply_style` last set for ``widget``'s Tk, or None."""
    try:
        return str(widget.getvar(THEME_VAR))
    except tk.TclError:
        return None


def ensure_style(widget: tk.Misc) -> str:
    """Apply the colour styles unless a theme was applied already; return the theme."""
    theme = current_theme(widget)
    if theme is None:
        theme = "color"
        apply_style(widget, theme)
    return theme
