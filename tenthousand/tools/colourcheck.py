"""Measures of the themes for colour-blind and low-vision players (no Tk in here).

Colour-blind vision is simulated with the matrices of Machado, Oliveira and Fernandes
(2009, severity 1.0), applied in linear RGB.  Contrast is WCAG 2.1's ratio: text wants at
least 4.5:1 on what it is drawn on, and a selected die at least 3:1 against an unselected
one (the states of a control).  ``docs/accessibility.py`` writes these figures to
``docs/accessibility.md``; the tests hold every theme to them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw, ImageMath, ImageStat

from ..view.dice import render_face
from ..view.theme import Palette, contrast, palette

#: Machado 2009 matrices (severity 1.0), for linear RGB.
MATRICES: dict[str, tuple[tuple[float, float, float], ...]] = {
    "normal": ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)),
    "protanopia": ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
}
VISIONS = tuple(MATRICES)
TEXT_MINIMUM = 4.5
STATE_MINIMUM = 3.0
#: The texts on the table and what they are drawn on: (text colour, background) fields.
TABLE_TEXTS = (("text", "felt"), ("muted", "felt"), ("good", "felt"), ("bad", "felt"),
               ("corner", "felt"), ("muted", "felt_dark"), ("text", "felt_dark"),
               ("banner_text", "win"), ("banner_text", "bad"), ("banner_text", "corner"),
               ("panel_text", "panel"), ("panel_muted", "panel"),
               ("highlight_text", "highlight"))


def _to_linear(c: float) -> float:
    x = c / 255
    return x / 12.92 if x <= 0.04045 else ((x + 0.055) / 1.055) ** 2.4


def _to_srgb(x: float) -> int:
    x = min(1.0, max(0.0, x))
    c = 12.92 * x if x <= 0.0031308 else 1.055 * x ** (1 / 2.4) - 0.055
    return round(c * 255)


def simulate_colour(colour: str, vision: str) -> str:
    """``#rrggbb`` as a person with ``vision`` (a key of :data:`MATRICES`) sees it."""
    rgb = [_to_linear(int(colour[i:i + 2], 16)) for i in (1, 3, 5)]
    out = [_to_srgb(sum(m * c for m, c in zip(row, rgb, strict=True)))
           for row in MATRICES[vision]]
    return "#" + "".join(f"{c:02x}" for c in out)


def simulate(image: Image.Image, vision: str) -> Image.Image:
    """An RGB image as a person with ``vision`` sees it (a screenshot, a die).

    Pillow's float images carry the linear light; the sRGB curve is taken as a plain 2.2
    power here (close to :func:`simulate_colour`'s exact one, and fast on a screenshot)."""
    rgb = image.convert("RGB")
    if vision == "normal":
        return rgb
    lin = [ImageMath.lambda_eval(lambda a: (a["b"] / 255.0) ** 2.2, b=band.convert("F"))
           for band in rgb.split()]
    out = []
    for row in MATRICES[vision]:
        def mix(a: dict[str, Any], w: tuple[float, float, float] = row) -> Any:
            return a["r"] * w[0] + a["g"] * w[1] + a["b"] * w[2]
        mixed = ImageMath.lambda_eval(mix, r=lin[0], g=lin[1], b=lin[2])
        encoded = ImageMath.lambda_eval(
            lambda a: a["max"](a["min"](a["m"], 1.0), 0.0) ** (1 / 2.2) * 255.0 + 0.5,
            m=mixed)
        out.append(encoded.convert("L"))
    return Image.merge("RGB", out)


def mean_colour(image: Image.Image, mask: Image.Image | None = None) -> str:
    """The average colour of an image (only where ``mask`` is set), as ``#rrggbb``."""
    means = ImageStat.Stat(image.convert("RGB"), mask).mean
    return "#" + "".join(f"{round(c):02x}" for c in means)


def die_body(state: str, theme: str, size: int = 96, vision: str = "normal") -> str:
    """The average colour of a die's body (the face around the pips, without the edge, the
    shadow and the tick), as ``vision`` sees it."""
    image = simulate(render_face(2, size, state, theme), vision)
    mask = Image.new("L", image.size, 0)
    body = size * 0.88
    margin = (size - body) / 2
    inner = body * 0.12  # inside the edge
    ImageDraw.Draw(mask).rectangle((margin + inner, margin + body * 0.5,
                                    margin + body * 0.45, margin + body - inner), fill=255)
    return mean_colour(image, mask)


@dataclass(frozen=True)
class ThemeFigures:
    """The checked figures of one theme and table colour, for one vision."""

    theme: str
    table_colour: str
    vision: str
    texts: dict[str, float]  # "text on felt" -> contrast ratio
    selected: float  # selected die against an unselected one
    states_apart: float  # the smallest colour distance between good, bad and corner text

    @property
    def worst_text(self) -> tuple[str, float]:
        name = min(self.texts, key=lambda k: self.texts[k])
        return name, self.texts[name]


def _distance(a: str, b: str) -> float:
    return float(sum((int(a[i:i + 2], 16) - int(b[i:i + 2], 16)) ** 2
                     for i in (1, 3, 5)) ** 0.5)


def figures(theme: str, table_colour: str, vision: str = "normal") -> ThemeFigures:
    """Every contrast the checks ask for, in one theme, as ``vision`` sees it."""
    pal: Palette = palette(theme, table_colour)

    def seen(field: str) -> str:
        return simulate_colour(str(getattr(pal, field)), vision)

    texts = {f"{fg} on {bg}": contrast(seen(fg), seen(bg)) for fg, bg in TABLE_TEXTS}
    selected = contrast(die_body("selected", theme, vision=vision),
                        die_body("normal", theme, vision=vision))
    states = [seen(f) for f in ("good", "bad", "corner")]
    apart = min(_distance(a, b) for i, a in enumerate(states) for b in states[i + 1:])
    return ThemeFigures(theme, table_colour, vision, texts, selected, apart)
