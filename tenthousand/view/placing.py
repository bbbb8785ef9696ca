"""Where a box or dialog opens: over the window it belongs to, and all of it on the screen.

Tk's ``wm geometry +X+Y`` places a window's *frame* (the window manager's title bar
included) at X, Y, so a window ``h`` pixels tall needs ``h`` plus the title bar's height
below Y.  :func:`place` works out that place for any window; :func:`place_tk_boxes` makes
Tk's own boxes (the yes/no questions, the file dialogs) use it too, since Tk's placing
keeps them inside the screen without the title bar, their buttons at the bottom edge.
"""

from __future__ import annotations

import tkinter as tk

#: The height of the window manager's title bar at 96 dpi and 100% (it grows at 2x), and
#: the gap kept from the screen's edges below and to the right.
TITLE_BAR = 30
EDGE = 8
_COMMAND = "tenthousand_place"


def title_bar(widget: tk.Misc) -> int:
    """The room a title bar takes at the current scaling."""
    pixels_per_point = float(widget.tk.call("tk", "scaling"))
    return max(TITLE_BAR, round(TITLE_BAR * pixels_per_point * 72 / 96))


def place(widget: tk.Misc, path: str, anchor: str = "",
          size: tuple[int, int] | None = None) -> str:
    """``+X+Y`` for the Tk window ``path``: centred over the toplevel of ``anchor`` (of the
    main window when there is none, of the screen when that is not shown either), then
    moved so that all of it, title bar included, is on the screen.  ``size``: the size it
    is given, when not the one it asks for."""
    call = widget.tk.call
    width, height = size or (int(call("winfo", "reqwidth", path)),
                             int(call("winfo", "reqheight", path)))
    screen_w, screen_h = widget.winfo_screenwidth(), widget.winfo_screenheight()
    over = ""
    for candidate in (anchor, "."):
        if candidate and int(call("winfo", "exists", candidate)):
            top = str(call("winfo", "toplevel", candidate))
            if top != path and int(call("winfo", "viewable", top)):
                over = top
                break
    if over:
        x = int(call("winfo", "rootx", over)) + (int(call("winfo", "width", over)) - width) // 2
        y = int(call("winfo", "rooty", over)) + (int(call("winfo", "height", over)) - height) // 2
        y -= title_bar(widget)  # the frame's top is a title bar above the window itself
    else:
        x, y = (screen_w - width) // 2, (screen_h - height) // 2
    x = max(0, min(x, screen_w - width - EDGE))
    y = max(0, min(y, screen_h - height - title_bar(widget) - EDGE))
    return f"+{x}+{y}"


def place_tk_boxes(root: tk.Misc) -> None:
    """Tk's own boxes and file dialogs open as :func:`place` has it (Tk asks its
    ``::tk::PlaceWindow`` for their place; this one is ours)."""
    root.tk.createcommand(_COMMAND, lambda path, anchor="": place(root, path, anchor))
    root.tk.eval(
        'proc ::tk::PlaceWindow {w {place ""} {anchor ""}} {\n'
        "    wm withdraw $w\n"
        "    update idletasks\n"
        f"    set where [{_COMMAND} $w $anchor]\n"
        "    wm maxsize $w [winfo vrootwidth $w] [winfo vrootheight $w]\n"
        "    wm geometry $w $where\n"
        "    wm deiconify $w\n"
        "}")


def keep_on_screen(root: tk.Tk | tk.Toplevel, least: tuple[int, int]) -> tuple[int, int] | None:
    """The main window made smaller where the window manager placed it partly off the
    screen, now that it is shown: the desktop's panels, the title bar and the menu bar took
    more of the screen than the room kept for them (a 2x screen under a top panel: the
    bottom edge 27 pixels below the screen's).  Its right and bottom edges end ``EDGE``
    inside the screen's (the frame's border, a little room); never smaller than ``least``.
    Returns the new size, or None when all of the window was on the screen."""
    root.update_idletasks()
    width, height = root.winfo_width(), root.winfo_height()
    right = root.winfo_rootx() + width + EDGE - root.winfo_screenwidth()
    bottom = root.winfo_rooty() + height + EDGE - root.winfo_screenheight()
    size = (max(min(least[0], width), width - max(0, right)),
            max(min(least[1], height), height - max(0, bottom)))
    if size == (width, height):
        return None
    min_w, min_h = root.minsize()
    root.minsize(min(min_w, size[0]), min(min_h, size[1]))  # (the window manager keeps it)
    root.geometry("{}x{}".format(*size))
    return size
