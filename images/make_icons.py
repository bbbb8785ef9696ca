#!/usr/bin/env python3
"""Draw the Ten-Thousand application icon: two dice, a red one showing a 1 behind an ivory
one showing a 5 (the two faces that always score).

One description of the artwork (below) gives every output, so they cannot drift apart:

- ``images/icon.svg``: the scalable source, written from the description;
- the PNGs at 16 to 512 px, drawn with Pillow (supersampled, then downscaled);
- copies in the package (``tenthousand/resources/icons/``, read with importlib.resources)
  and in the hicolor layout of ``packaging/linux/icons/``;
- ``packaging/pyinstaller/tenthousand.ico`` and ``.icns`` for the one-file builds.

The 16, 24 and 32 px icons show the front die alone and upright: two tilted dice turn to mush
at that size.

Run from anywhere:  python images/make_icons.py   (needs Pillow)
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageDraw

ROOT = Path(__file__).resolve().parent.parent
APP_ID = "io.github.tenthousand.TenThousand"
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
SMALL = 32  # at this size and below: the simple design
CANVAS = 512  # the artwork's own coordinates
SUPERSAMPLE = 4


@dataclass(frozen=True)
class Die:
    cx: float  # centre, in canvas units
    cy: float
    side: float
    angle: float  # degrees, clockwise on screen (as SVG's rotate)
    face: int
    body: str
    edge: str
    pip: str
    shine: str  # the lighter top band
    pip_scale: float = 1.0


# body, edge, pip, shine
RED = ("#c8302c", "#7d1512", "#fff8ec", "#dd5a4f")
IVORY = ("#fbf6e8", "#3b2f2a", "#22201f", "#ffffff")

FULL = (
    Die(170, 174, 232, -15, 1, *RED, pip_scale=1.55),
    Die(330, 326, 272, 9, 5, *IVORY),
)
SIMPLE = (Die(256, 256, 470, 0, 5, *IVORY, pip_scale=1.35),)

SHADOW = (10, 14)  # offset of each die's shadow
SHADOW_COLOUR = "#000000"
SHADOW_OPACITY = 0.28

PIP_SPOTS = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}


def geometry(die: Die) -> dict[str, float]:
    """Sizes of one die's parts, relative to its side."""
    s = die.side
    return {
        "radius": 0.19 * s,  # corner rounding
        "edge": max(0.045 * s, 6.0),  # outline width
        "pip": 0.085 * s * die.pip_scale,  # pip radius
        "spread": 0.255 * s,  # pip offset from the centre
        "shine": 0.16 * s,  # height of the light band at the top
    }


def design(size: int) -> tuple[Die, ...]:
    return SIMPLE if size <= SMALL else FULL


# --- SVG -------------------------------------------------------------------------------


def svg_die(die: Die) -> str:
    g = geometry(die)
    s, r, e = die.side, g["radius"], g["edge"]
    x0, y0 = die.cx - s / 2, die.cy - s / 2
    inset = e / 2
    pips = "\n".join(
        f'      <circle cx="{die.cx + dx * g["spread"]:g}" cy="{die.cy + dy * g["spread"]:g}" '
        f'r="{g["pip"]:g}" fill="{die.pip}"/>'
        for dx, dy in PIP_SPOTS[die.face]
    )
    sx, sy = SHADOW
    return f"""    <g transform="rotate({die.angle:g} {die.cx:g} {die.cy:g})">
      <rect x="{x0 + sx:g}" y="{y0 + sy:g}" width="{s:g}" height="{s:g}" rx="{r:g}" fill="{SHADOW_COLOUR}" fill-opacity="{SHADOW_OPACITY:g}"/>
      <rect x="{x0 + inset:g}" y="{y0 + inset:g}" width="{s - e:g}" height="{s - e:g}" rx="{r - inset:g}" fill="{die.body}" stroke="{die.edge}" stroke-width="{e:g}"/>
      <rect x="{x0 + e * 1.6:g}" y="{y0 + e * 1.6:g}" width="{s - e * 3.2:g}" height="{g["shine"]:g}" rx="{g["shine"] / 2:g}" fill="{die.shine}" fill-opacity="0.55"/>
{pips}
    </g>"""


def make_svg() -> str:
    body = "\n".join(svg_die(d) for d in FULL)
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<!-- Ten-Thousand application icon. Written by images/make_icons.py: edit that, not this. -->
<svg xmlns="http://www.w3.org/2000/svg" width="{CANVAS}" height="{CANVAS}" viewBox="0 0 {CANVAS} {CANVAS}">
  <title>Ten-Thousand</title>
  <g>
{body}
  </g>
</svg>
"""


# --- Pillow ----------------------------------------------------------------------------


def _hex(colour: str, alpha: float = 1.0) -> tuple[int, int, int, int]:
    c = colour.lstrip("#")
    return (int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16), round(255 * alpha))


def draw_die(px: int, die: Die) -> Image.Image:
    """One die (with its shadow) on a transparent layer of px*px pixels, rotated in place."""
    k = px / CANVAS
    layer = Image.new("RGBA", (px, px), (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    g = geometry(die)
    s, r, e = die.side * k, g["radius"] * k, g["edge"] * k
    cx, cy = die.cx * k, die.cy * k
    x0, y0 = cx - s / 2, cy - s / 2

    shadow = Image.new("RGBA", (px, px), (0, 0, 0, 0))
    sx, sy = SHADOW[0] * k, SHADOW[1] * k
    ImageDraw.Draw(shadow).rounded_rectangle(
        (x0 + sx, y0 + sy, x0 + sx + s, y0 + sy + s), r, fill=_hex(SHADOW_COLOUR, SHADOW_OPACITY))

    # Outline as a filled rounded square, the body as a smaller one on top: as SVG's stroke.
    draw.rounded_rectangle((x0, y0, x0 + s, y0 + s), r, fill=_hex(die.edge))
    draw.rounded_rectangle((x0 + e, y0 + e, x0 + s - e, y0 + s - e), max(r - e, 0),
                           fill=_hex(die.body))
    band = Image.new("RGBA", (px, px), (0, 0, 0, 0))
    h = g["shine"] * k
    ImageDraw.Draw(band).rounded_rectangle(
        (x0 + e * 1.6, y0 + e * 1.6, x0 + s - e * 1.6, y0 + e * 1.6 + h), h / 2,
        fill=_hex(die.shine, 0.55))
    layer = Image.alpha_composite(layer, band)
    draw = ImageDraw.Draw(layer)
    pr, spread = g["pip"] * k, g["spread"] * k
    for dx, dy in PIP_SPOTS[die.face]:
        px_, py_ = cx + dx * spread, cy + dy * spread
        draw.ellipse((px_ - pr, py_ - pr, px_ + pr, py_ + pr), fill=_hex(die.pip))

    out = Image.alpha_composite(shadow, layer)
    if die.angle:
        # PIL turns counter-clockwise; SVG's rotate() turns clockwise on screen.
        out = out.rotate(-die.angle, resample=Image.Resampling.BICUBIC, center=(cx, cy))
    return out


def render(size: int) -> Image.Image:
    px = size * SUPERSAMPLE
    img = Image.new("RGBA", (px, px), (0, 0, 0, 0))
    for die in design(size):
        img = Image.alpha_composite(img, draw_die(px, die))
    return img.resize((size, size), Image.Resampling.LANCZOS)


# --- outputs ---------------------------------------------------------------------------


def main() -> None:
    package = ROOT / "tenthousand" / "resources" / "icons"
    hicolor = ROOT / "packaging" / "linux" / "icons" / "hicolor"
    frozen = ROOT / "packaging" / "pyinstaller"
    package.mkdir(parents=True, exist_ok=True)

    svg = make_svg()
    (ROOT / "images" / "icon.svg").write_text(svg, encoding="utf-8")
    (package / "icon.svg").write_text(svg, encoding="utf-8")
    scalable = hicolor / "scalable" / "apps"
    scalable.mkdir(parents=True, exist_ok=True)
    (scalable / f"{APP_ID}.svg").write_text(svg, encoding="utf-8")

    images: dict[int, Image.Image] = {}
    for size in SIZES:
        img = images[size] = render(size)
        target = package / f"icon-{size}.png"
        img.save(target, optimize=True)
        folder = hicolor / f"{size}x{size}" / "apps"
        folder.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(target, folder / f"{APP_ID}.png")

    frozen.mkdir(parents=True, exist_ok=True)
    # Hand Pillow every drawn size, so the small ones keep their own (simple) design.
    smaller = [images[s] for s in SIZES if s < 256]
    images[256].save(frozen / "tenthousand.ico", sizes=[(s, s) for s in SIZES if s <= 256],
                     append_images=smaller)
    images[512].save(frozen / "tenthousand.icns",
                     append_images=[images[s] for s in SIZES if s < 512])
    print(f"icons: {len(SIZES)} PNGs, SVG, ICO and ICNS written ({SUPERSAMPLE}x supersampled)")


if __name__ == "__main__":
    main()
