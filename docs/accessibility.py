"""Write docs/accessibility.md: the contrast of every theme, as everyone sees it.

Run from the repository root: ``python docs/accessibility.py``.  It measures every theme and
table colour with :mod:`tenthousand.tools.colourcheck` (WCAG 2.1 contrast of the table's
texts and of a selected die against an unselected one, in normal vision and simulated
protanopia and deuteranopia), and simulates the screenshots in ``images/`` into
``images/colour-blind-simulation.png``.  ``tests/test_accessibility.py`` holds the themes to
the same figures.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PIL import Image, ImageDraw

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tenthousand.files.settings import TABLE_COLOURS, THEMES  # noqa: E402
from tenthousand.tools.colourcheck import (  # noqa: E402
    STATE_MINIMUM,
    TEXT_MINIMUM,
    VISIONS,
    figures,
    simulate,
)

SHOTS = (("colour.png", "Colour"), ("colour-blind-safe.png", "Colour-blind safe"),
         ("high-contrast.png", "High contrast"))
SIMULATION = "colour-blind-simulation.png"
NAMES = {"color": "Colour", "mono": "Monochrome", "contrast": "High contrast",
         "colorblind": "Colour-blind safe"}


def table() -> list[str]:
    lines = ["| Theme | Vision | Weakest text (on every table colour) | Selected die against "
             "unselected | Good, bad, corner apart |",
             "|---|---|---|---|---|"]
    for theme in THEMES:
        for vision in VISIONS:
            found = [figures(theme, colour, vision) for colour, _ in TABLE_COLOURS]
            worst = min(found, key=lambda f: f.worst_text[1])
            name, ratio = worst.worst_text
            colour = "" if theme in ("mono", "contrast") else f", {worst.table_colour} table"
            selected = min(f.selected for f in found)
            apart = min(f.states_apart for f in found)
            lines.append(f"| {NAMES[theme]} | {vision} | {ratio:.2f}:1 ({name}{colour}) | "
                         f"{selected:.2f}:1 | {apart:.0f} |")
    return lines


def simulation() -> Path:
    """The screenshots side by side as each vision sees them, at half size."""
    shots = [(Image.open(ROOT / "images" / name).convert("RGB"), label)
             for name, label in SHOTS]
    w, h = shots[0][0].width // 2, shots[0][0].height // 2
    sheet = Image.new("RGB", (w * len(VISIONS), (h + 24) * len(shots)), "white")
    draw = ImageDraw.Draw(sheet)
    for row, (shot, label) in enumerate(shots):
        small = shot.resize((w, h), Image.Resampling.LANCZOS)
        for col, vision in enumerate(VISIONS):
            x, y = col * w, row * (h + 24)
            draw.text((x + 6, y + 6), f"{label}, {vision}", fill="black")
            sheet.paste(simulate(small, vision), (x, y + 24))
    path = ROOT / "images" / SIMULATION
    sheet.save(path, optimize=True)
    return path


def main() -> None:
    simulation()
    text = [
        "# Colour, contrast and size",
        "",
        "Written by `python docs/accessibility.py`; `tests/test_accessibility.py` checks the",
        "same figures, and `tests/gui/test_sizes.py` the layout at every size.",
        "",
        "## Colour is never the only signal",
        "",
        "- A selected die is lifted, has a thicker frame and a tick on its corner that stands",
        "  out of its square, and its body is at least 3:1 darker than an unselected die.",
        "- Trash, corner and a win show a banner in words; the log says each in words.",
        "- The seat to play has a ▶ before its name as well as its highlight; the winner a ★.",
        "- A refused selection says why in words (\"not scoring\"), not only in red.",
        "",
        "## Themes",
        "",
        "Preferences > Looks > Screen, or `--theme color|mono|contrast|colorblind`",
        "(`M` and `C`, the 1989 letters, still give monochrome and colour).",
        "",
        "- **High contrast**: white dice and text on a black table; what is at stake in yellow;",
        "  a selected die is black with a yellow frame, yellow pips and a yellow tick. The side",
        "  panels, the bars, the menus and the dialogs are white and yellow on black too, and",
        "  the seat to play is black on yellow.",
        "- **Colour-blind safe**: the state colours come from Okabe and Ito's palette: sky blue",
        "  for good, orange for bad and trash, yellow for the stakes, a blue selected die.",
        "",
        "## Figures",
        "",
        f"WCAG 2.1 contrast ratios; text needs {TEXT_MINIMUM}:1, a selected die against an "
        f"unselected one {STATE_MINIMUM}:1",
        "(the body of the die, between its pips). Protanopia and deuteranopia are simulated",
        "with the matrices of Machado, Oliveira and Fernandes (2009, severity 1.0) in linear",
        "RGB. The last column is the smallest distance in RGB between the colours of a good",
        "selection, a bad one and a corner (0 in monochrome and where the text alone tells).",
        "Texts checked: every text colour of the table on the table and on its bands, the",
        "banners' text on their colours, and the side panels' texts.",
        "",
        *table(),
        "",
        "## The screenshots as colour-blind players see them",
        "",
        f"![Colour, colour-blind safe and high contrast, simulated](../images/{SIMULATION})",
        "",
        "## Size",
        "",
        "- Preferences > Looks > Size: 100% to 200% for dice and text, on top of the desktop's",
        "  own scaling (`tk scaling`, and `Xft.dpi` where the desktop sets it).",
        "- The window opens within the screen less 60 pixels for the desktop's panel; the",
        "  smallest window is 720x500 at 1x, so 1024x600 and 800x600 screens show the whole",
        "  game, Throw and Bank included.",
        "- The table's rows are stacked from the heights of its fonts and dice; the caption",
        "  moves below the turn score when they would touch; the dice shrink until the rows",
        "  fit.",
        "",
        "![The window at 2x](../images/window-2x.png)",
        "",
        "![High contrast](../images/high-contrast.png)",
        "",
    ]
    (ROOT / "docs" / "accessibility.md").write_text("\n".join(text), encoding="utf-8")


if __name__ == "__main__":
    main()
