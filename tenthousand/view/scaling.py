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
import shutil
import subprocess
import tkinter as tk
import tkinter.font as tkfont

log = logging.getLogger(__name__)

#: Pixels per point at 96 dpi: a factor of 1.
BASE_SCALING = 96 / 72
#: The Tcl variable that keeps the desktop's own scaling (so a new size never compounds).
DESKTOP_VAR = "tenthousand_desktop_scaling"
_XFT_DPI = re.compile(r"^Xft\.dpi:\s*([0-9.]+)\s*$", re.MULTILINE)


def xft_dpi(root: tk.Misc) -> float | None:
    """The desktop's ``Xft.dpi`` on X11, or None when it has none (or this is not X11)."""
    if str(root.tk.call("tk", "windowingsystem")) != "x11" or not shutil.which("xrdb"):
        return None
    display = str(root.winfo_screen())
    try:
        out = subprocess.run(["xrdb", "-display", display, "-query"], capture_output=True,
                             text=True, timeout=2, check=False).stdout
    except (OSError, subprocess.SubprocessError) as e:
        log.info("could not read the desktop's Xft.dpi: %s", e)
        return None
    match = _XFT_DPI.search(out)
    if match is None:
        return None
    dpi = float(match.group(1))
    return dpi if 48 <= dpi <= 480 else None


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
    return factor(root)


def factor(widget: tk.Misc) -> float:
    """How much larger than at 96 dpi and 100% everything is drawn (1.0, 2.0...)."""
    return float(widget.tk.call("tk", "scaling")) / BASE_SCALING

