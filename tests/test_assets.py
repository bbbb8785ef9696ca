"""The icon ships inside the package, in every size, and the window can use it."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PIL import Image

from tenthousand.services import assets

ROOT = Path(__file__).resolve().parent.parent
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


def test_every_size_is_a_square_png_of_that_size() -> None:
    assert assets.icon_sizes() == SIZES
    for size in SIZES:
        img = Image.open(io.BytesIO(assets.icon_png(size)))
        assert img.format == "PNG" and img.mode == "RGBA" and img.size == (size, size)
        # Transparent corners, an opaque middle: an icon, not a blank or a filled square.
        assert img.getpixel((0, 0))[3] < 16
        assert img.getpixel((size // 2, size // 2))[3] == 255


def test_unknown_size_and_odd_names_are_refused() -> None:
    with pytest.raises(ValueError):
        assets.icon_png(17)
    with pytest.raises(ValueError):
        assets.read_bytes("../__init__.py")


def test_svg_is_scalable_and_matches_the_art_source() -> None:
    svg = assets.icon_svg()
    root = ET.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert root.get("viewBox") == "0 0 512 512"
    assert svg == (ROOT / "images" / "icon.svg").read_bytes()


def test_linux_hicolor_icons_are_the_packaged_ones() -> None:
    hicolor = ROOT / "packaging" / "linux" / "icons" / "hicolor"
    for size in SIZES:
        shipped = hicolor / f"{size}x{size}" / "apps" / f"{assets.APP_ID}.png"
        assert shipped.read_bytes() == assets.icon_png(size)
    assert (hicolor / "scalable" / "apps" / f"{assets.APP_ID}.svg").read_bytes() \
        == assets.icon_svg()


@pytest.mark.gui
def test_window_class_and_icon_photos() -> None:
    tkinter = pytest.importorskip("tkinter")
    try:
        root = tkinter.Tk(className=assets.TK_CLASS_NAME)
    except tkinter.TclError as exc:  # pragma: no cover - CI always has Xvfb
        pytest.skip(f"no display: {exc}")
    try:
        assert root.winfo_class() == assets.WM_CLASS
        photos = assets.icon_photos(root)
        assert [p.width() for p in photos] == [256, 128, 64, 48, 32, 16]
        root.wm_iconphoto(True, *photos)
    finally:
        root.destroy()
