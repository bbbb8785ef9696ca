"""Dice faces drawn with Pillow: rounded, shaded, with pips, at any size.

Each face is drawn four times larger than needed and scaled down with LANCZOS, so the edges
stay smooth at every window size and on HiDPI screens.  :class:`DiceImages` keeps every
``PhotoImage`` it made (Tk forgets an image nobody holds) in one cache keyed by face, size,
state and theme, and drops the oldest when the cache grows past its limit.

A selected die differs by more than colour (colour is never the only signal): its body is
at least three times darker or lighter than an unselected one (WCAG's 3:1 for the states
of a control), its edge is thicker, it carries a tick on its corner, and the table lifts it.
"""

from __future__ import annotations

import tkinter as tk
from collections import OrderedDict
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PIL import Image, ImageDraw, ImageTk

# Pillow is imported where a face is drawn, not here: the first frame of a new game shows
# no dice, and importing Pillow would hold up the window by about 10 ms.

SUPERSAMPLE = 4
STATES = ("normal", "selected", "frozen", "dim", "trash")

#: Where the pips sit on a face, as fractions of the face.
PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)),
}


@dataclass(frozen=True)
class DieLook:
    """The colours of a die in one state: body from light (top) to dark, edge and pips."""

    top: str
    bottom: str
    edge: str
    pip: str
    ace: str  # the single pip of a one
    edge_width: float = 0.03  # as a fraction of the size
    mark: str = ""  # the disc of the tick on a selected die's corner ("" for none)
    mark_tick: str = ""  # the tick on it


LOOKS: dict[tuple[str, str], DieLook] = {
    ("color", "normal"): DieLook("#fffdf6", "#e4d8bd", "#8c7b5a", "#1d2238", "#c0262d"),
    ("color", "selected"): DieLook("#cf8a10", "#8a4f00", "#4a2900", "#ffffff", "#fff4c2",
                                   0.07, "#ffffff", "#4a2900"),
    ("color", "frozen"): DieLook("#eef3fa", "#b8c7dc", "#5b6f8c", "#1f2d46", "#9c1e26"),
    ("color", "dim"): DieLook("#d9d6cf", "#a9a49a", "#6f6a60", "#4a4740", "#6e4a48"),
    ("color", "trash"): DieLook("#f5d0cc", "#c97b72", "#7a2a22", "#3b1612", "#5a0c08", 0.05),
    ("mono", "normal"): DieLook("#ffffff", "#dcdcdc", "#555555", "#111111", "#111111"),
    ("mono", "selected"): DieLook("#4a4a4a", "#101010", "#000000", "#ffffff", "#ffffff", 0.07,
                                  "#ffffff", "#000000"),
    ("mono", "frozen"): DieLook("#f2f2f2", "#bdbdbd", "#4d4d4d", "#222222", "#222222"),
    ("mono", "dim"): DieLook("#cfcfcf", "#9c9c9c", "#6a6a6a", "#505050", "#505050"),
    ("mono", "trash"): DieLook("#b0b0b0", "#7a7a7a", "#202020", "#000000", "#000000", 0.05),
    # High contrast: white dice on the black table; a selected die turns black with a
    # yellow frame, yellow pips and a yellow tick.
    ("contrast", "normal"): DieLook("#ffffff", "#ececec", "#ffffff", "#000000", "#000000"),
    ("contrast", "selected"): DieLook("#2e2e2e", "#000000", "#ffff00", "#ffff00", "#ffff00",
                                      0.09, "#ffff00", "#000000"),
    ("contrast", "frozen"): DieLook("#d6d6d6", "#b4b4b4", "#ffffff", "#000000", "#000000"),
    ("contrast", "dim"): DieLook("#9a9a9a", "#7c7c7c", "#d0d0d0", "#000000", "#000000"),
    ("contrast", "trash"): DieLook("#ffb0b0", "#ff8080", "#ffffff", "#000000", "#000000", 0.05),
    # Colour-blind safe: a selected die turns Okabe-Ito blue, trash orange.
    ("colorblind", "normal"): DieLook("#fffdf6", "#e4d8bd", "#8c7b5a", "#1d2238", "#1d2238"),
    ("colorblind", "selected"): DieLook("#1f87cc", "#005a94", "#002a4a", "#ffffff", "#ffe14d",
                                        0.07, "#ffffff", "#002a4a"),
    ("colorblind", "frozen"): DieLook("#eef3fa", "#b8c7dc", "#5b6f8c", "#1f2d46", "#1f2d46"),
    ("colorblind", "dim"): DieLook("#d9d6cf", "#a9a49a", "#6f6a60", "#4a4740", "#4a4740"),
    ("colorblind", "trash"): DieLook("#ffd9ad", "#e69f00", "#7a4a00", "#2e1b00", "#2e1b00",
                                     0.05),
}


def _rgb(colour: str) -> tuple[int, int, int]:
    colour = colour.lstrip("#")
    return int(colour[0:2], 16), int(colour[2:4], 16), int(colour[4:6], 16)


@lru_cache(maxsize=64)
def _blank(size: int, state: str, theme: str) -> Image.Image:
    """The die without pips, drawn ``SUPERSAMPLE`` times too large (shared by all faces)."""
    from PIL import Image, ImageDraw, ImageFilter

    look = LOOKS.get((theme, state)) or LOOKS[("color", state)]
    big = max(8, size) * SUPERSAMPLE
    body = round(big * 0.88)
    margin = (big - body) // 2
    shadow_off = round(big * (0.045 if state == "selected" else 0.03))
    radius = round(body * 0.18)
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))

    # A soft shadow, blurred at a quarter of the size (cheap) and scaled up.
    s = 1 / SUPERSAMPLE
    small = Image.new("L", (big // SUPERSAMPLE, big // SUPERSAMPLE), 0)
    ImageDraw.Draw(small).rounded_rectangle(
        ((margin + shadow_off) * s, (margin + shadow_off * 1.4) * s,
         (margin + body + shadow_off) * s, (margin + body + shadow_off * 1.4) * s),
        radius=radius * s, fill=110)
    small = small.filter(ImageFilter.GaussianBlur(max(1.0, size * 0.03)))
    image.paste((0, 0, 0, 255), (0, 0), small.resize((big, big), Image.Resampling.BILINEAR))

    # The body: a vertical gradient clipped to a rounded square, with an edge.
    mask = Image.new("L", (big, big), 0)
    ImageDraw.Draw(mask).rounded_rectangle(
        (margin, margin, margin + body, margin + body), radius=radius, fill=255)
    gradient = Image.linear_gradient("L").resize((big, big))
    fill = Image.composite(Image.new("RGBA", (big, big), look.bottom),
                           Image.new("RGBA", (big, big), look.top), gradient)
    image.paste(fill, (0, 0), mask)
    edge = max(SUPERSAMPLE, round(big * look.edge_width))
    ImageDraw.Draw(image).rounded_rectangle(
        (margin, margin, margin + body, margin + body), radius=radius,
        outline=look.edge, width=edge)
    return image


@lru_cache(maxsize=256)
def render_face(face: int, size: int, state: str = "normal", theme: str = "color") -> Image.Image:
    """An RGBA image ``size`` pixels square of a die showing ``face`` (1-6).

    The die fills about 88% of the square; the rest holds its soft shadow.
    """
    if face not in PIPS:
        raise ValueError(f"a die shows 1 to 6, not {face!r}")
    if state not in STATES:
        raise ValueError(f"unknown die state {state!r}")
    from PIL import Image, ImageDraw

    look = LOOKS.get((theme, state)) or LOOKS[("color", state)]
    image = _blank(size, state, theme).copy()
    big = image.width
    body = round(big * 0.88)
    margin = (big - body) // 2
    draw = ImageDraw.Draw(image)
    # Pips: a dark disc over a lighter rim just below, so they look pressed in.
    pip_r = body * (0.105 if face != 1 else 0.14)
    rim = (*_rgb(look.top), 255)
    for fx, fy in PIPS[face]:
        cx, cy = margin + fx * body, margin + fy * body
        colour = look.ace if face == 1 else look.pip
        draw.ellipse((cx - pip_r, cy - pip_r + pip_r * 0.14, cx + pip_r, cy + pip_r * 1.14),
                     fill=rim)
        draw.ellipse((cx - pip_r, cy - pip_r, cx + pip_r, cy + pip_r), fill=colour)
    if look.mark:
        _tick(draw, look, margin, body)
    return image.resize((size, size), Image.Resampling.LANCZOS)


def _tick(draw: ImageDraw.ImageDraw, look: DieLook, margin: int, body: int) -> None:
    """The selection mark: a disc with a tick on the die's top right corner, half over
    the edge, clear of every pip, so a selected die has another outline too."""
    cx, cy, r = margin + 0.93 * body, margin + 0.07 * body, 0.1 * body
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=look.mark, outline=look.mark_tick,
                 width=max(1, round(r * 0.14)))
    points = [(cx - r * 0.5, cy + r * 0.02), (cx - r * 0.12, cy + r * 0.42),
              (cx + r * 0.55, cy - r * 0.4)]
    draw.line(points, fill=look.mark_tick, width=max(2, round(r * 0.28)), joint="curve")


class DiceImages:
    """The view's cache of die images: ``get(face, size, state)`` -> a ``PhotoImage``."""

    def __init__(self, master: tk.Misc, theme: str = "color", limit: int = 160) -> None:
        self.master = master
        self.theme = theme
        self.limit = limit
        self._cache: OrderedDict[tuple[int, int, str, str], ImageTk.PhotoImage] = OrderedDict()
        self.pinned: set[tuple[int, int, str, str]] = set()

    def get(self, face: int, size: int, state: str = "normal", *,
            pin: bool = True) -> ImageTk.PhotoImage:
        """The image of a face; it stays pinned (never dropped) until :meth:`unpin_all`
        (``pin=False``: made ahead of need, so the cache may drop it)."""
        key = (face, size, state, self.theme)
        if pin:
            self.pinned.add(key)
        image = self._cache.get(key)
        if image is None:
            from PIL import ImageTk

            image = ImageTk.PhotoImage(render_face(face, size, state, self.theme),
                                       master=self.master)
            self._cache[key] = image
            self._trim()
        else:
            self._cache.move_to_end(key)
        return image

    def has(self, face: int, size: int, state: str = "normal") -> bool:
        """Whether the image is ready (no drawing needed)."""
        return (face, size, state, self.theme) in self._cache

    def nearest(self, face: int, size: int, state: str = "normal"
                ) -> ImageTk.PhotoImage | None:
        """The image of this face and state at the cached size closest to ``size`` (pinned,
        like :meth:`get`), or None: a stand-in while the right one is drawn.  Just after
        the theme changed, the face in the old colours stands in."""
        found = [k for k in self._cache if k[0] == face and k[2] == state]
        if not found:
            return None
        key = min(found, key=lambda k: (k[3] != self.theme, abs(k[1] - size)))
        self.pinned.add(key)
        self._cache.move_to_end(key)
        return self._cache[key]

    def unpin_all(self) -> None:
        """Called before a redraw: the images it asks for again are pinned again."""
        self.pinned = set()

    def _trim(self) -> None:
        # The oldest go first; an image a canvas shows now (pinned) is never dropped.
        excess = len(self._cache) - self.limit
        if excess <= 0:
            return
        for key in [k for k in self._cache if k not in self.pinned][:excess]:
            del self._cache[key]

    def __len__(self) -> int:
        return len(self._cache)

    def clear(self) -> None:
        self._cache.clear()
