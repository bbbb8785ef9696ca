"""The size of everything: the desktop's own scaling times the player's size preference.

Tk turns points into pixels by ``tk scaling`` (pixels per point), which it reads from the
screen's size in millimetres.  Desktops that scale by a setting instead (GNOME, KDE and
Xfce at 2x set the X resource ``Xft.dpi`` to 192) leave the screen at 96 dpi, so Tk would
draw everything at 1x: :func:`desktop_scaling` reads ``Xft.dpi`` too.  The size preference
(100% to 200%) multiplies it.  Text is in points, so every font follows ``tk scaling``;
what is in pixels (the window, the side panel, the dice) is multiplied by :func:`factor`.
"""

from __future__ import annotations

import logging
import re
import tkinter as tk
import tkinter.font as tkfont
from collections.abc import Callable

log = logging.getLogger(__name__)

#: Pixels per point at 96 dpi: a factor of 1.
BASE_SCALING = 96 / 72
#: The Tcl variable that keeps the desktop's own scaling (so a new size never compounds).
DESKTOP_VAR = "tenthousand_desktop_scaling"
_XFT_DPI = re.compile(r"^Xft\.dpi:\s*([0-9.]+)\s*$", re.MULTILINE)


def xft_dpi(root: tk.Misc) -> float | None:
    """The desktop's ``Xft.dpi`` on X11, or None when it has none (or this is not X11).

    Read from the root window's resource string through Xlib, which Tk has loaded already:
    no ``xrdb`` process to wait for at start-up."""
    if str(root.tk.call("tk", "windowingsystem")) != "x11":
        return None
    text = _resource_string(str(root.winfo_screen()))
    match = _XFT_DPI.search(text or "")
    if match is None:
        return None
    dpi = float(match.group(1))
    return dpi if 48 <= dpi <= 480 else None


def _resource_string(display: str) -> str | None:
    """The X resource database of ``display`` as text (``xrdb -query``), or None."""
    import ctypes  # not ctypes.util: its find_library starts processes

    for name in ("libX11.so.6", "libX11.so", "libX11.dylib"):
        try:
            xlib = ctypes.CDLL(name)
            break
        except OSError:
            continue
    else:
        log.info("no Xlib to read Xft.dpi from")
        return None
    xlib.XOpenDisplay.restype = ctypes.c_void_p
    xlib.XOpenDisplay.argtypes = [ctypes.c_char_p]
    xlib.XResourceManagerString.restype = ctypes.c_char_p
    xlib.XResourceManagerString.argtypes = [ctypes.c_void_p]
    xlib.XCloseDisplay.argtypes = [ctypes.c_void_p]
    connection = xlib.XOpenDisplay(display.encode())
    if not connection:
        return None
    try:
        raw = xlib.XResourceManagerString(connection)
        return raw.decode("utf-8", "replace") if raw else None
    finally:
        xlib.XCloseDisplay(connection)


def desktop_scaling(root: tk.Misc) -> float:
    """Tk's pixels per point as the desktop wants them (read once per Tk)."""
    try:
        return float(root.getvar(DESKTOP_VAR))
    except (tk.TclError, ValueError):
        pass
    scaling = float(root.tk.call("tk", "scaling"))
    dpi = xft_dpi(root)
    if dpi is not None:
        scaling = dpi / 72
    root.setvar(DESKTOP_VAR, str(scaling))
    return scaling


def apply_scaling(root: tk.Misc, size: int) -> float:
    """Set ``tk scaling`` to the desktop's scaling times ``size`` per cent, redraw every
    named font at it, and return :func:`factor`."""
    scaling = desktop_scaling(root) * size / 100
    if abs(float(root.tk.call("tk", "scaling")) - scaling) > 1e-6:
        root.tk.call("tk", "scaling", scaling)
        # A font works out its pixels when it is configured: configure each again.
        for name in tkfont.names(root):
            font = tkfont.nametofont(name, root=root)
            font.configure(size=font.cget("size"))
    fit_rows(root)
    return factor(root)


def usual_height(height: int, window_height: int, text_scale: float) -> float:
    """The table's height as it would be at 100%: ``height`` plus what the window's other
    rows (the action bar, the status bar: text that grows with the size preference
    ``text_scale``) take more at this size."""
    if text_scale <= 1.0:
        return float(height)
    return height + max(0.0, (window_height - height) * (1 - 1 / text_scale))


def grown_text(text_scale: float, fits: Callable[[float], bool]) -> float:
    """How far the table's text grows by the size preference ``text_scale`` (1.5 at 150%):
    the largest step of 5% up to it that ``fits`` (the rows with the dice as at 100%),
    else 1.0 (issue 42: at 150% on a 1024x600 screen the dice shrank from 80 to 72 pixels
    and the table's headings got smaller)."""
    steps = max(0, round((text_scale - 1.0) / 0.05))
    return next((1.0 + step * 0.05 for step in range(steps, 0, -1) if fits(1.0 + step * 0.05)),
                1.0)


def fit_rows(root: tk.Misc) -> None:
    """Every list's rows as tall as a line of its text (ttk's Treeview keeps a fixed pixel
    height of its own, which cuts the letters off at 2x)."""
    from tkinter import ttk

    line = tkfont.nametofont("TkDefaultFont", root=root).metrics("linespace")
    ttk.Style(root).configure("Treeview", rowheight=line + max(4, line // 4))


def factor(widget: tk.Misc) -> float:
    """How much larger than at 96 dpi and 100% everything is drawn (1.0, 2.0...)."""
    return float(widget.tk.call("tk", "scaling")) / BASE_SCALING


#: The window's size at 96 dpi and 100%; both grow with the desktop's scaling and the size
#: preference, and shrink to the screen (a 1024x600 netbook, an 800x600 screen).
DEFAULT_SIZE = (1180, 800)
MIN_SIZE = (720, 500)
#: Screen height the desktop keeps for itself (a panel, the title bar) and the menu bar, at
#: 96 dpi and 100%: on X11 the menu bar sits above the window's own geometry, and it and
#: the desktop's decorations grow with the scaling.
SCREEN_MARGIN = 60


def screen_margin(root: tk.Misc) -> int:
    """The screen height the window leaves free at the current scaling (at least
    :data:`SCREEN_MARGIN`: a desktop at 2x draws its title bars and panels twice as tall)."""
    return max(SCREEN_MARGIN, round(SCREEN_MARGIN * factor(root)))


def window_sizes(root: tk.Misc) -> tuple[tuple[int, int], tuple[int, int]]:
    """The window's default and smallest size at the current scaling, within the screen
    (less what the desktop and the menu bar take of its height)."""
    f = factor(root)
    screen_w = root.winfo_screenwidth()
    screen_h = root.winfo_screenheight() - screen_margin(root)
    default = (min(round(DEFAULT_SIZE[0] * f), screen_w),
               min(round(DEFAULT_SIZE[1] * f), screen_h))
    least = (min(round(MIN_SIZE[0] * f), screen_w), min(round(MIN_SIZE[1] * f), screen_h))
    return default, least
