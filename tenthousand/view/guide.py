"""The guided first turn: callouts on the table that show a new player where to click.

The steps are :class:`~tenthousand.present.tour.Tour`'s (no Tk there): after every redraw
it is shown a moment of the game and answers with the callout to show.  :class:`Guide`
draws that callout on the table canvas (a box with a pointer, in the theme's colours),
keeps it beside what it points at through resizes, and ends the tour when the player skips
it or has seen it all.
"""

from __future__ import annotations

import math
import tkinter as tk
import tkinter.font as tkfont
from collections.abc import Callable, Iterable, Sequence

from ..i18n import _
from ..model import Game
from ..present.tour import STEPS, Callout, Step, Tour, moment
from ..services.timers import Timers
from .panels import ActionBar
from .table import TableView
from .theme import Palette

__all__ = ["GAP", "MARGIN", "Guide", "Rect", "colours", "outline", "overlaps", "place_box"]

Rect = tuple[float, float, float, float]  # x0, y0, x1, y1
Point = tuple[float, float]


# -- where a callout goes (pure geometry) -------------------------------------------------

MARGIN = 8  # from the canvas edges
GAP = 26  # between the box and what it points at: the pointer's length
RADIUS = 10
BASE = 22  # the pointer's width where it leaves the box


def place_box(area: tuple[float, float], size: tuple[float, float],
              targets: Sequence[Rect], avoid: Sequence[Rect] = (), max_lift: float = 0,
              bottom_room: float = 34) -> tuple[Rect, list[Point]]:
    """Where a box of ``size`` goes on a canvas of ``area`` to point at ``targets`` (canvas
    rectangles, maybe outside the canvas), and the pointers' tips.

    The box sits above the targets when it fits there, else below them, so it never covers
    them; without targets it sits centred near the bottom, ``bottom_room`` above the edge.
    When it would hide something in ``avoid`` there, it moves up to ``max_lift`` further
    away (its pointers growing) to the nearest place that hides nothing, if there is one."""
    width, height = area
    w, h = min(size[0], width - 2 * MARGIN), size[1]

    def clamp_x(x: float) -> float:
        return max(MARGIN, min(x, width - MARGIN - w))

    def moved(y0: float, up: bool) -> float:
        """``y0``, or the nearest top within ``max_lift`` that leaves ``avoid`` in view."""
        edges = [r[1] - 4 - h if up else r[3] + 4 for r in avoid]
        for y in [y0] + sorted((e for e in edges if 0 < abs(e - y0) <= max_lift
                                and (e < y0) == up), key=lambda e: abs(e - y0)):
            box = (x0, y, x0 + w, y + h)
            if MARGIN <= y <= height - MARGIN - h and not any(overlaps(box, r) for r in avoid):
                return y
        return y0

    if not targets:
        x0 = clamp_x((width - w) / 2)
        y0 = moved(max(MARGIN, height - bottom_room - h), up=True)
        return (x0, y0, x0 + w, y0 + h), []
    centres = [(t[0] + t[2]) / 2 for t in targets]
    x0 = clamp_x(sum(centres) / len(centres) - w / 2)
    top, bottom = min(t[1] for t in targets), max(t[3] for t in targets)
    room_above, room_below = top - GAP - MARGIN, height - MARGIN - bottom - GAP
    if room_above >= h or room_above >= room_below:
        y0 = moved(min(top, height) - GAP - h, up=True)
        tips = [(max(MARGIN, min(x, width - MARGIN)), min(top, height)) for x in centres]
        return (x0, y0, x0 + w, y0 + h), tips
    y0 = moved(bottom + GAP, up=False)
    return (x0, y0, x0 + w, y0 + h), [(x, bottom) for x in centres]


def overlaps(a: Rect, b: Rect) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def outline(box: Rect, tips: Sequence[Point]) -> list[float]:
    """The points of a rounded box with a pointer to each tip (on the top edge for a tip
    above the box, on the bottom edge for one below), for one ``create_polygon``."""
    x0, y0, x1, y1 = box
    r = max(0.0, min(RADIUS, (x1 - x0) / 2, (y1 - y0) / 2))
    low, high = x0 + r + BASE / 2, x1 - r - BASE / 2

    def notches(edge_y: float, points: Iterable[Point], reverse: bool) -> list[float]:
        out: list[float] = []
        for tx, ty in sorted(points, reverse=reverse):
            base = max(low, min(tx, high)) if low <= high else (x0 + x1) / 2
            half = -BASE / 2 if reverse else BASE / 2
            out += [base - half, edge_y, tx, ty, base + half, edge_y]
        return out

    def corner(cx: float, cy: float, start: float) -> list[float]:
        out: list[float] = []
        for k in range(5):
            a = math.radians(start + k * 22.5)
            out += [cx + r * math.cos(a), cy + r * math.sin(a)]
        return out

    above = [t for t in tips if t[1] <= y0]
    below = [t for t in tips if t[1] >= y1]
    return (corner(x0 + r, y0 + r, 180) + notches(y0, above, False)
            + corner(x1 - r, y0 + r, 270) + corner(x1 - r, y1 - r, 0)
            + notches(y1, below, True) + corner(x0 + r, y1 - r, 90))


def colours(pal: Palette) -> dict[str, str]:
    """The callout's colours: a pale note on the felt, black on white in monochrome."""
    if pal.theme == "mono":
        return {"fill": "#ffffff", "line": "#000000", "text": "#000000", "link": "#000000"}
    if pal.theme == "contrast":  # white on black, the link in the table's yellow
        return {"fill": "#000000", "line": pal.text, "text": pal.text, "link": pal.corner}
    return {"fill": pal.highlight, "line": pal.highlight_text, "text": pal.highlight_text,
            "link": "#1d4e89"}


# -- the callouts on the canvas -----------------------------------------------------------

PAD = 12


class Guide:
    """Shows the tour's callouts on ``table``, pointing at the Throw and Bank buttons or a
    die.  ``on_finish(skipped)`` is called once, when the tour has been seen in full or
    skipped."""

    def __init__(self, table: TableView, actions: ActionBar, *, active: bool,
                 on_finish: Callable[[bool], None],
                 esc_taken: Callable[[], bool] = lambda: False) -> None:
        self.table = table
        self.actions = actions
        self.on_finish = on_finish
        #: Whether Esc belongs to something else shown now (a real throw's "Put off"):
        #: then the tour's link does without it.
        self.esc_taken = esc_taken
        self.active = active
        self.tour = Tour()
        self._game: Game | None = None
        self._reported = False
        self.timers = Timers(table)  # the redraw once the buttons have settled
        self.fonts = {"title": tkfont.Font(table, family="Helvetica", size=12, weight="bold"),
                      "text": tkfont.Font(table, family="Helvetica", size=11),
                      "link": tkfont.Font(table, family="Helvetica", size=10, underline=True)}
        self.shape = table.create_polygon(0, 0, 0, 0, state="hidden", tags=("guide",),
                                          width=2)
        self.title = table.create_text(0, 0, anchor="nw", state="hidden", tags=("guide",),
                                       font=self.fonts["title"])
        self.body = table.create_text(0, 0, anchor="nw", state="hidden", tags=("guide",),
                                      font=self.fonts["text"])
        self.link = table.create_text(0, 0, anchor="se", state="hidden",
                                      tags=("guide", "guide-link"), font=self.fonts["link"])
        table.tag_bind("guide-link", "<Button-1>", self._link_clicked)
        table.tag_bind("guide-link", "<Enter>", lambda e: table.configure(cursor="hand2"))
        table.tag_bind("guide-link", "<Leave>", lambda e: table.configure(cursor=""))
        table.bind("<Configure>", self._resized, add="+")

    # -- following the game ---------------------------------------------------------------

    def update(self, game: Game, human: bool, selection: Iterable[int],
               challenge_offered: bool = False) -> None:
        """The game was redrawn: show the callout for where it is now."""
        if game is not self._game:
            if self._game is not None:
                self.tour.new_game()
            self._game = game
        if not self.active:
            return
        self.tour.see(moment(game, human, selection, challenge_offered))
        if self.tour.at_end:
            self._report(skipped=False)
        self.draw()
        if self.showing:
            self._later(40)  # again once the buttons have settled into their new places

    @property
    def callout(self) -> Callout | None:
        """The callout being shown (None while nothing is)."""
        return self.tour.callout if self.active else None

    @property
    def showing(self) -> bool:
        return self._cget("state") != "hidden"

    @property
    def takes_esc(self) -> bool:
        """Whether Esc ends the tour now (it is shown, and Esc is not another's)."""
        return self.showing and not self.esc_taken()

    def skip(self) -> None:
        """"Skip the tour", Close, or Esc: end the tour for good."""
        self.tour.finish()
        self.draw()
        self._report(skipped=True)

    def restart(self) -> None:
        """Help > Show the tour again: follow the next turn of a person from its start."""
        self.active = True
        self.tour = Tour()
        self._reported = False

    def _report(self, skipped: bool) -> None:
        if not self._reported:
            self._reported = True
            self.on_finish(skipped)

    def _link_clicked(self, event: tk.Event) -> str:
        self.skip()
        return "break"

    # -- drawing --------------------------------------------------------------------------

    def _cget(self, option: str) -> str:
        return str(self.table.tk.call(str(self.table), "itemcget", self.shape, "-" + option))

    def _later(self, ms: int) -> None:
        self.timers.later(ms, self.draw, purpose="redraw")

    def _resized(self, event: tk.Event) -> None:
        if self.showing:
            self._later(120)  # after the table's own relayout (80 ms) has moved the dice

    def destroy(self) -> None:
        self.timers.cancel_all()

    def hide(self) -> None:
        self.table.itemconfigure("guide", state="hidden")

    def draw(self) -> None:
        """Draw the current callout where it belongs now, or hide it."""
        callout = self.callout
        table = self.table
        if callout is None or table.intro_running:
            self.hide()
            return
        if table.tumbling and callout.step is Step.FREEZE:
            self.hide()  # point at the die once it has come to rest
            self._later(60)
            return
        targets = [t for t in (self._target(name, callout) for name in callout.targets) if t]
        g = table.geometry()
        width, height = g["width"], g["height"]
        self._style(table.die_size)
        c = colours(table.pal)
        if self.esc_taken():  # (a real throw's Put off (Esc) stands below)
            link = _("Close") if callout.step is Step.END else _("Skip the tour")
        else:
            link = _("Close (Esc)") if callout.step is Step.END else _("Skip the tour (Esc)")
        title = _("{title}   ({n} of {total})").format(
            title=callout.title, n=callout.number, total=len(STEPS))
        table.itemconfigure(self.title, fill=c["text"], text=title)
        table.itemconfigure(self.body, text=callout.text, fill=c["text"])
        table.itemconfigure(self.link, text=link, fill=c["link"])
        # The narrowest box that leaves the table's dice and texts in view; in a small
        # window the widest one.
        # First at its natural place, then a little further off (past the Mutant Trash play
        # area, say); the box is as wide as it must be.
        keep_clear = self._keep_clear()
        full = width - 2 * MARGIN
        narrow = min(full, max(300, table.die_size * 4.8))
        lift = table.small_size + 40
        for box_w, max_lift in [(w, 0) for w in (narrow, (narrow + full) / 2, full)] + [
                (w, lift) for w in (narrow, (narrow + full) / 2, full)]:
            heights = self._measure(box_w)
            box_h = PAD * 2 + heights[0] + 6 + heights[1] + 8 + heights[2]
            box, tips = place_box((width, height), (box_w, box_h), targets, keep_clear,
                                  max_lift)
            if not any(overlaps(box, other) for other in keep_clear):
                break
        x0, y0, x1, y1 = box
        table.coords(self.shape, *outline(box, tips))
        table.itemconfigure(self.shape, fill=c["fill"], outline=c["line"])
        table.coords(self.title, x0 + PAD, y0 + PAD)
        table.coords(self.body, x0 + PAD, y0 + PAD + heights[0] + 6)
        table.coords(self.link, x1 - PAD, y1 - PAD)
        table.itemconfigure("guide", state="normal")
        table.tag_raise("guide")

    def _style(self, die: int) -> None:
        """Fonts that grow with the dice, as the table's own texts do."""
        size = max(10, min(17, round(die * 0.15)))
        for name, k in (("title", 1.1), ("text", 1.0), ("link", 0.9)):
            want = max(9, round(size * k))
            if int(self.fonts[name].cget("size")) != want:
                self.fonts[name].configure(size=want)

    def _measure(self, box_w: float) -> list[float]:
        """The heights of the title, text and link in a box ``box_w`` wide."""
        heights = []
        for item in (self.title, self.body, self.link):
            self.table.itemconfigure(item, state="normal")
            if item != self.link:
                self.table.itemconfigure(item, width=box_w - 2 * PAD)
            bbox = self.table.bbox(item)
            heights.append(float(bbox[3] - bbox[1]) if bbox else 0.0)
        return heights

    def _keep_clear(self) -> list[Rect]:
        """What a callout should not hide: the frozen row, the thrown dice and the texts
        under them, the Mutant Trash play area and the rules' line (hidden items have no
        box)."""
        t = self.table
        out = []
        for tag in (t.frozen_band, "thrown", t.selection_item, t.hint_item, t.area_band,
                    t.footer_item):
            bbox = t.bbox(tag)
            if bbox and bbox[2] > bbox[0]:
                out.append((float(bbox[0]), float(bbox[1]), float(bbox[2]), float(bbox[3])))
        return out

    def _target(self, name: str, callout: Callout) -> Rect | None:
        """Where ``name`` is, in canvas coordinates (None: not on the screen now)."""
        table = self.table
        if name == "die":
            if callout.die is None:
                return None
            x, y = table.die_centre("thrown", callout.die)
            half = table.die_size / 2
            return (x - half, y - half, x + half, y + half)
        actions = self.actions
        widget: tk.Widget = actions.bank_button if name == "bank" else actions.throw_button
        if name == "throw" and actions.challenge_shown and actions.prompt_buttons:
            widget = actions.prompt_buttons[-1]  # "No challenge" throws
        if not widget.winfo_ismapped():
            return None
        x = widget.winfo_rootx() - table.winfo_rootx()
        y = widget.winfo_rooty() - table.winfo_rooty()
        return (x, y, x + widget.winfo_width(), y + widget.winfo_height())
