"""The artwork shipped inside the package: the application icon in every size.

Read with :mod:`importlib.resources`, so it works from a source tree, a wheel, a zip and a
PyInstaller build alike.  The files come from ``images/make_icons.py``.

The window sets its class and icon with::

    root = tkinter.Tk(className=assets.TK_CLASS_NAME)
    photos = assets.icon_photos(root)   # keep a reference as long as the window lives
    root.wm_iconphoto(True, *photos)
"""

from __future__ import annotations

import base64
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # tkinter only when a window asks for photos
    import tkinter

#: The reverse-DNS application id: desktop entry, metainfo and icon file names.
APP_ID = "io.github.tenthousand.TenThousand"
#: Give the root window this class name: ``tkinter.Tk(className=TK_CLASS_NAME)``.  Tk
#: capitalises only its first letter, so X11's WM_CLASS becomes ("tenthousand", "Tenthousand").
TK_CLASS_NAME = "tenthousand"
#: The class the window ends up with; the desktop entry's StartupWMClass names it, so task
#: bars group the window under the menu entry and its icon.
WM_CLASS = "Tenthousand"

_PREFIX = "icon-"


def _icons() -> Traversable:
    return files("tenthousand") / "resources" / "icons"


def read_bytes(name: str) -> bytes:
    """The bytes of one file in the icon folder (``icon-48.png``, ``icon.svg``)."""
    if "/" in name or "\\" in name or name.startswith("."):
        raise ValueError(f"not a file name in the icon folder: {name!r}")
    return (_icons() / name).read_bytes()


def icon_files() -> dict[int, Traversable]:
    """Size in pixels -> the PNG of that size."""
    found: dict[int, Traversable] = {}
    for entry in _icons().iterdir():
        stem, dot, ext = entry.name.rpartition(".")
        if ext == "png" and dot and stem.startswith(_PREFIX) and stem[len(_PREFIX):].isdigit():
            found[int(stem[len(_PREFIX):])] = entry
    return dict(sorted(found.items()))


def icon_sizes() -> tuple[int, ...]:
    """Every size the icon comes in, smallest first (16 to 512)."""
    return tuple(icon_files())


def icon_png(size: int) -> bytes:
    """The PNG of the icon at ``size`` pixels (one of :func:`icon_sizes`)."""
    try:
        return icon_files()[size].read_bytes()
    except KeyError:
        raise ValueError(f"no {size} px icon; sizes: {icon_sizes()}") from None


def icon_svg() -> bytes:
    """The scalable icon."""
    return read_bytes("icon.svg")


def icon_photos(master: tkinter.Misc, sizes: tuple[int, ...] = (16, 32, 48, 64, 128, 256),
                ) -> list[tkinter.PhotoImage]:
    """Tk images of the icon for ``wm_iconphoto``, largest first (what Tk wants).

    The caller keeps the list: Tk drops an image whose Python object is collected."""
    import tkinter

    have = set(icon_sizes())
    return [tkinter.PhotoImage(master=master, data=base64.b64encode(icon_png(s)).decode("ascii"),
                               format="png")
            for s in sorted((s for s in sizes if s in have), reverse=True)]
