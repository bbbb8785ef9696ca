"""Issue 23: with the window dragged partly off the screen, the quit and resume boxes
opened at the screen's edge with their buttons barely showing.  Every box opens over its
window, all of it (below the window manager's title bar) on the screen."""

from __future__ import annotations

import tkinter as tk

import pytest
from app_kit import make_app

from tenthousand.control.boxes import Boxes
from tenthousand.dialogs.newgame import NewGameDialog
from tenthousand.files.settings import GameSettings
from tenthousand.view.placing import EDGE, keep_on_screen, title_bar

pytestmark = pytest.mark.gui


def frame_on_screen(root: tk.Misc, x: int, y: int, w: int, h: int) -> None:
    """A window placed at +x+y whose frame (title bar and all) is on the screen."""
    sw, sh = root.winfo_screenwidth(), root.winfo_screenheight()
    assert 0 <= x and x + w <= sw, (x, w, sw)
    assert 0 <= y and y + title_bar(root) + h <= sh, (y, h, sh)


def over(root: tk.Tk, x: int, y: int, w: int, h: int) -> None:
    """The box's middle is on the part of the main window that is on the screen."""
    sw, sh = root.winfo_screenwidth(), root.winfo_screenheight()
    left, top = root.winfo_rootx(), root.winfo_rooty()
    right = min(sw, left + root.winfo_width())
    bottom = min(sh, top + root.winfo_height())
    assert left <= x + w // 2 <= right and top - title_bar(root) <= y + h // 2 <= bottom


@pytest.fixture
def off_screen(tk_root: tk.Tk) -> tk.Tk:
    """The main window dragged towards the bottom right corner, a corner of it showing."""
    tk_root.deiconify()
    sw, sh = tk_root.winfo_screenwidth(), tk_root.winfo_screenheight()
    tk_root.geometry(f"800x600+{sw - 380}+{sh - 250}")
    tk_root.update()
    return tk_root


def test_tk_question_box_opens_over_the_window_on_the_screen(off_screen: tk.Tk) -> None:
    root = off_screen
    boxes = Boxes(root, lambda: _nothing())
    seen: list[tuple[int, int, int, int]] = []

    def look() -> None:
        box = ".__tk__messagebox"
        if not int(root.tk.call("winfo", "exists", box)) or \
                not int(root.tk.call("winfo", "ismapped", box)):
            root.after(20, look)
            return
        root.update_idletasks()
        geometry = str(root.tk.call("wm", "geometry", box))
        size, _, place = geometry.partition("+")
        w, h = (int(n) for n in size.split("x"))
        x, y = (int(n) for n in place.split("+"))
        seen.append((x, y, w, h))
        root.tk.call(f"{box}.no", "invoke")

    root.after(50, look)
    assert boxes.confirm("Quit", "End this game and quit?") is False
    assert seen
    frame_on_screen(root, *seen[0])
    over(root, *seen[0])


def test_a_dialog_opens_over_the_window_on_the_screen(off_screen: tk.Tk) -> None:
    d = NewGameDialog(off_screen, GameSettings(), testing=True)
    off_screen.update()
    place = d.wm_geometry().partition("+")[2]
    x, y = (int(n) for n in place.split("+"))
    frame_on_screen(off_screen, x, y, d.winfo_width(), d.winfo_height())
    d.destroy()


def test_an_app_window_resumed_off_screen_asks_on_screen(tk_root: tk.Tk) -> None:
    """The App installs the placing for its boxes (the quit box is Tk's)."""
    app = make_app(tk_root)
    try:
        body = str(tk_root.tk.call("info", "body", "::tk::PlaceWindow"))
        assert "tenthousand_place" in body
    finally:
        app.destroy()


class _nothing:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *args: object) -> None:
        return None


def test_a_window_placed_partly_below_the_screen_is_made_to_fit(tk_root: tk.Tk) -> None:
    """Issue 42, item 17: on a 2x screen under a top panel the window manager put the main
    window's frame at the panel's foot, and its bottom edge 27 pixels below the screen's
    (the room kept for the desktop and the menu bar was too small).  Once shown, the window
    is made as much smaller as it takes, its edges inside the screen's; no smaller than the
    least size asked; a window all on the screen is left alone."""
    sw, sh = tk_root.winfo_screenwidth(), tk_root.winfo_screenheight()
    window = tk.Toplevel(tk_root)
    try:
        window.minsize(400, 380)
        window.geometry(f"600x400+{sw - 590}+{sh - 373}")  # 27 below, 10 to the right
        window.update()
        assert window.winfo_rooty() + window.winfo_height() == sh + 27
        assert keep_on_screen(window, (300, 200)) == (600 - 10 - EDGE, 400 - 27 - EDGE)
        window.update()
        assert window.winfo_rooty() + window.winfo_height() == sh - EDGE
        assert window.winfo_rootx() + window.winfo_width() == sw - EDGE
        assert window.minsize() == (400, 400 - 27 - EDGE)  # (lowered only as needed)
        assert keep_on_screen(window, (300, 200)) is None  # on the screen now: left alone
        window.geometry(f"600x400+0+{sh - 150}")  # far below: never under the least size
        window.update()
        assert keep_on_screen(window, (300, 200)) == (600, 200)
    finally:
        window.destroy()
