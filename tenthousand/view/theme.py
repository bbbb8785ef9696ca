"""Colours of the window: a colour theme and a monochrome one (the 1989 ``M`` letter)."""

from __future__ import annotations

from dataclasses import dataclass

from ..settings import TABLE_COLOURS


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
    panel_text: str
    panel_muted: str
    highlight: str  # the seat to play
    highlight_text: str
    banner_text: str


def _shade(colour: str, factor: float) -> str:
    """``colour`` darker (factor < 1) or lighter (factor > 1)."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    if factor < 1:
        r, g, b = (round(c * factor) for c in (r, g, b))
    else:
        r, g, b = (round(c + (255 - c) * (factor - 1)) for c in (r, g, b))
    return f"#{r:02x}{g:02x}{b:02x}"


def _grey(colour: str) -> str:
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    y = round(0.299 * r + 0.587 * g + 0.114 * b)
    return f"#{y:02x}{y:02x}{y:02x}"


def felt_colour(name: str) -> str:
    return dict(TABLE_COLOURS).get(name, TABLE_COLOURS[0][1])


def palette(theme: str, table_colour: str) -> Palette:
    """The palette for a theme (``color`` or ``mono``) and a table colour name."""
    felt = felt_colour(table_colour)
    if theme == "mono":
        felt = _grey(felt)
        return Palette(
            theme="mono", felt=felt, felt_dark=_shade(felt, 0.75), felt_line=_shade(felt, 1.35),
            text="#ffffff", muted="#d8d8d8", good="#ffffff", bad="#ffffff", corner="#ffffff",
            win="#ffffff", panel="#f0f0f0", panel_text="#000000", panel_muted="#505050",
            highlight="#000000", highlight_text="#ffffff", banner_text="#000000",
        )
    return Palette(
        theme="color", felt=felt, felt_dark=_shade(felt, 0.78), felt_line=_shade(felt, 1.25),
        text="#fdfaf0", muted="#cfe0d4" if table_colour == "green" else _shade(felt, 1.7),
        good="#b8f5a0", bad="#ffb3a8", corner="#ffd866", win="#ffe680",
        panel="#f7f4ec", panel_text="#1d2238", panel_muted="#5d6272",
        highlight="#ffe9a8", highlight_text="#1d2238", banner_text="#1d2238",
    )
