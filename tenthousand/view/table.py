"""The table: a resizable canvas with the thrown dice, the frozen row and the play area.

The view draws a :class:`TableDisplay` (a snapshot the presenter builds from the game) and
reports clicks on dice; it never touches the game.  Every canvas item is made once and then
moved, shown, hidden or given a new image, so a long session does not pile up items.
"""

from __future__ import annotations

import logging
import queue
import random
import threading
import time
import tkinter as tk
import tkinter.font as tkfont
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..presenter import TableDisplay
from .dice import DiceImages, render_face
from .scaling import factor
from .theme import Palette, palette

if TYPE_CHECKING:
    from PIL import ImageTk

log = logging.getLogger(__name__)

#: The table's fonts as a share of the die's size in pixels (at 96 dpi: points).
FONT_SHARES = {"caption": 0.2, "big": 0.18, "text": 0.15, "label": 0.13, "banner": 0.3,
               "title": 0.55}
#: A line of text as a multiple of the font's size in pixels (DejaVu and Helvetica: 1.16).
LINE_SPACING = 1.25

#: How long a throw tumbles, in milliseconds, and in how many steps.
#: These are at normal speed; ``TableView.speed`` scales them (the animation preference).
TUMBLE_MS = 420
TUMBLE_STEPS = 7
INTRO_MS = 2200
INTRO_STEP_MS = 55
#: How long after the table is first drawn the dice start being drawn ahead of need: by
#: then the window's first frame is on the screen.
FIRST_WARM_MS = 200

DieClick = Callable[[str, int], None]  # ("thrown" | "frozen", index)


def _rounded(x0: float, y0: float, x1: float, y1: float, r: float) -> list[float]:
    """Points of a rounded rectangle for ``create_polygon(..., smooth=True)``."""
    r = max(0.0, min(r, (x1 - x0) / 2, (y1 - y0) / 2))
    return [x0 + r, y0, x1 - r, y0, x1, y0, x1, y0 + r, x1, y1 - r, x1, y1,
            x1 - r, y1, x0 + r, y1, x0, y1, x0, y1 - r, x0, y0 + r, x0, y0]


class TableView(tk.Canvas):
    """The felt with the dice on it."""

    def __init__(self, master: tk.Misc, images: DiceImages, pal: Palette | None = None,
                 *, on_die: DieClick | None = None, animation: bool = True) -> None:
        self.pal = pal or palette("color", "green")
        super().__init__(master, background=self.pal.felt, highlightthickness=0,
                         width=700, height=520, takefocus=1)
        self.images = images
        self.on_die = on_die
        self.animation = animation
        self.speed = 1.0  # how long the animations take, as a factor of normal
        self.display = TableDisplay()
        self._afters: dict[str, str] = {}  # purpose -> after id
        self._items: dict[int, tuple[str, int]] = {}  # canvas item -> (row, index)
        self._tumbling = False
        self._intro_done: Callable[[], None] | None = None
        self._intro_waits = True
        self._drawn: tuple[object, ...] | None = None  # what show() drew last
        self._known_options: dict[int, dict[str, object]] = {}  # what show() set, per item
        self._known_coords: dict[int, tuple[float, ...]] = {}
        self._size: tuple[int, int] | None = None  # from <Configure>
        self._font_sizes: dict[str, int] = {}
        self._warmed: tuple[int, int, str] | None = None  # the sizes _warm() rendered
        self._warm_started = False  # whether _warm() has ever started its worker
        self._missing: list[tuple[int, int, str]] = []  # faces standing in at another size
        self._drawing: tuple[object, ...] | None = None  # what the worker draws for show()
        self.die_size = 80
        self.small_size = 50
        self.ui_scale = factor(self)  # the desktop's scaling times the size preference
        self._fonts = {
            "caption": tkfont.Font(self, family="Helvetica", size=16, weight="bold"),
            "big": tkfont.Font(self, family="Helvetica", size=15, weight="bold"),
            "text": tkfont.Font(self, family="Helvetica", size=12),
            "label": tkfont.Font(self, family="Helvetica", size=10),
            "banner": tkfont.Font(self, family="Helvetica", size=24, weight="bold"),
            "title": tkfont.Font(self, family="Helvetica", size=44, weight="bold"),
        }
        self._build_items()
        self.cursor: tuple[str, int] | None = None  # the die the keyboard is on
        self.cursor_item: int | None = None  # its ring (made when first shown)
        self.bind("<Configure>", self._on_configure)
        self.bind("<Button-1>", self._on_click)

    # -- items (made once) ---------------------------------------------------------------

    def _build_items(self) -> None:
        p, f = self.pal, self._fonts
        self.caption_item = self.create_text(0, 0, text="", fill=p.text, font=f["caption"])
        self.score_item = self.create_text(0, 0, text="", fill=p.text, font=f["big"], anchor="w")
        self.left_item = self.create_text(0, 0, text="", fill=p.text, font=f["big"], anchor="e")
        self.need_item = self.create_text(0, 0, text="", fill=p.muted, font=f["label"])
        self.frozen_band = self.create_polygon(0, 0, 0, 0, fill=p.felt_dark, outline="",
                                               smooth=True)
        self.frozen_label = self.create_text(0, 0, text="", fill=p.muted, font=f["label"],
                                             anchor="w")
        self.group_boxes = [self.create_polygon(0, 0, 0, 0, fill="", outline=p.felt_line,
                                                width=1, smooth=True, state="hidden")
                            for _ in range(6)]
        self.area_band = self.create_polygon(0, 0, 0, 0, fill=p.felt_dark, outline="",
                                             smooth=True, state="hidden")
        self.area_label = self.create_text(0, 0, text="", fill=p.muted, font=f["label"],
                                           anchor="w", state="hidden")
        self.hint_item = self.create_text(0, 0, text="", fill=p.muted, font=f["big"],
                                          justify="center")
        # What is at stake this turn (last turn, challenge, penalty): the stakes' colour.
        self.notice_item = self.create_text(0, 0, text="", fill=p.corner, font=f["text"],
                                            justify="center")
        self.thrown_items = [self._die_item("thrown", i) for i in range(6)]
        self.frozen_items = [self._die_item("frozen", i) for i in range(6)]
        self.area_items = [self._die_item("area", i) for i in range(6)]
        self.mark_item = self.create_text(0, 0, text="", fill=p.corner, font=f["label"],
                                          state="hidden")
        self.selection_item = self.create_text(0, 0, text="", fill=p.text, font=f["big"],
                                               justify="center")
        self.banner_box = self.create_polygon(0, 0, 0, 0, fill=p.win, outline="", smooth=True,
                                              state="hidden")
        self.banner_item = self.create_text(0, 0, text="", fill=p.banner_text,
                                            font=f["banner"], justify="center", state="hidden")
        self.banner_body = self.create_text(0, 0, text="", fill=p.banner_text, font=f["text"],
                                            justify="center", state="hidden", anchor="n")
        self.footer_item = self.create_text(0, 0, text="", fill=p.muted, font=f["label"],
                                            anchor="se")
        for item in self.find_all():
            if item not in (self.banner_box, self.banner_item, self.banner_body):
                self.addtag_withtag("table", item)
        self.intro_items = [self.create_image(0, 0, state="hidden") for _ in range(6)]
        self.title_item = self.create_text(0, 0, text="", fill=p.text, font=f["title"],
                                           state="hidden")
        self.subtitle_item = self.create_text(0, 0, text="", fill=p.muted, font=f["text"],
                                              state="hidden", justify="center")

    def _cget(self, item: int, option: str) -> str:
        return str(self.tk.call(str(self), "itemcget", item, "-" + option))

    # show() sets an item's options and place only when they change: most of the table
    # stays as it was from one move to the next, and each canvas call costs.  Anything
    # else that changes the items (the tumble, the startup show, a new palette) calls
    # _invalidate(), and the next show() sets everything again.

    def _config(self, item: int, **options: object) -> None:
        known = self._known_options.setdefault(item, {})
        changed = {k: v for k, v in options.items() if k not in known or known[k] != v}
        if changed:
            self.itemconfigure(item, **changed)  # type: ignore[arg-type]
            known.update(changed)

    def _place(self, item: int, *xy: float) -> None:
        if self._known_coords.get(item) != xy:
            self.coords(item, *xy)
            self._known_coords[item] = xy

    def _hide(self, item: int) -> None:
        self._config(item, state="hidden", image="")

    def _invalidate(self) -> None:
        """The items were changed outside show(): the next show() draws everything."""
        self._drawn = None
        self._known_options.clear()
        self._known_coords.clear()

    def _hide_die(self, item: int) -> None:
        # A hidden die lets go of its image, so the image cache may drop it safely.
        self.itemconfigure(item, state="hidden", image="")

    def _die_item(self, row: str, index: int) -> int:
        item = self.create_image(0, 0, state="hidden", tags=("die", row))
        self._items[item] = (row, index)
        return item

    # -- after() bookkeeping: one pending call per purpose, all cancelled on destroy -----

    def _after(self, purpose: str, ms: int, func: Callable[[], None]) -> None:
        self._cancel(purpose)

        def run() -> None:
            self._afters.pop(purpose, None)
            func()

        self._afters[purpose] = self.after(ms, run)

    def _cancel(self, purpose: str) -> None:
        after_id = self._afters.pop(purpose, None)
        if after_id is not None:
            self.after_cancel(after_id)

    def pending(self) -> list[str]:
        """The purposes of the calls still waiting (for tests)."""
        return list(self._afters)

    def destroy(self) -> None:
        self._warmed = None  # the dice worker stops at its next face
        for purpose in list(self._afters):
            self._cancel(purpose)
        super().destroy()

    # -- theme ---------------------------------------------------------------------------

    def set_palette(self, pal: Palette) -> None:
        """Recolour everything for a new theme or table colour."""
        self.pal = pal
        self.images.theme = pal.theme
        self.configure(background=pal.felt)
        for item in (self.caption_item, self.score_item, self.left_item, self.title_item):
            self.itemconfigure(item, fill=pal.text)
        for item in (self.need_item, self.frozen_label, self.area_label, self.hint_item,
                     self.subtitle_item, self.footer_item):
            self.itemconfigure(item, fill=pal.muted)
        self.itemconfigure(self.frozen_band, fill=pal.felt_dark)
        self.itemconfigure(self.area_band, fill=pal.felt_dark)
        for box in self.group_boxes:
            self.itemconfigure(box, outline=pal.felt_line)
        self.itemconfigure(self.mark_item, fill=pal.corner)
        self.itemconfigure(self.notice_item, fill=pal.corner)
        self.itemconfigure(self.banner_item, fill=pal.banner_text)
        self.itemconfigure(self.banner_body, fill=pal.banner_text)
        self._invalidate()
        self.show(self.display)

    # -- layout --------------------------------------------------------------------------

    def _on_configure(self, event: tk.Event) -> None:  # type: ignore[type-arg]
        first = self._size is None
        self._size = (int(event.width), int(event.height))
        if first:  # the first size the table gets: draw it now
            self.show(self.display)
            return
        # Resizing renders new die sizes: wait until the drag pauses.
        self._after("relayout", 80, lambda: self.show(self.display))

    def _dims(self) -> tuple[int, int]:
        """The canvas size, as the last <Configure> told it (no round trip to Tk)."""
        width, height = self._size or (self.winfo_width(), self.winfo_height())
        return max(width, 200), max(height, 200)

    def _sizes(self) -> tuple[int, int]:
        """The dice sizes: as large as the table allows, within bounds that grow with the
        desktop's scaling and the size preference, and small enough that the rows of text
        around them fit (:meth:`_needed`)."""
        width, height = self._dims()
        f = self.ui_scale
        die = min(width / 8.0, height / 5.6)
        die = max(40 * f, min(150 * f, die))
        while die > 32 and self._needed(die) > height:
            die -= 4
        die = int(die // 4 * 4)
        small = int(max(30 * min(f, 1.5), die * 0.62) // 2 * 2)
        return die, small

    def _font_px(self, name: str, die: float) -> int:
        """A table font's size in pixels: a share of the die (as it always was at 96 dpi),
        never under 9 points at the desktop's scaling."""
        floor = 9 * self.ui_scale * 4 / 3
        return round(max(floor, die * FONT_SHARES[name] * 4 / 3))

    def _line(self, name: str, die: float) -> float:
        """The height of a line of a table font at this die size."""
        return self._font_px(name, die) * LINE_SPACING

    def _needed(self, die: float) -> float:
        """The height the table needs with dice of this size: the headings, the frozen row,
        the notice, the thrown dice lifted, two lines of selection and the footer."""
        small = max(30 * min(self.ui_scale, 1.5), die * 0.62)
        big, label = self._line("big", die), self._line("label", die)
        text = self._line("text", die)
        pad = max(4.0, label * 0.3)
        # As geometry() stacks them: the headings (the caption on a line of its own), the
        # frozen row in its band, its mark, the notice, the dice, the selection, the footer.
        need = (4 * big + 4 * label + 2 * text + small + die * 1.15 + 16 + 6 * pad)
        if self.display.play_area is not None:
            need += small + label + 30
        return need

    def _scale_fonts(self, die: int) -> None:
        for name in FONT_SHARES:
            size = -self._font_px(name, die)  # negative: pixels, the dice are in pixels
            if self._font_sizes.get(name) != size:
                self._fonts[name].configure(size=size)
                self._font_sizes[name] = size

    def rescale(self) -> None:
        """The desktop's scaling or the size preference changed: lay everything out again."""
        self.ui_scale = factor(self)
        self._font_sizes.clear()
        self._invalidate()
        self.show(self.display)

    def geometry(self) -> dict[str, float]:
        """Where the rows are, for the current size, worked out from the sizes of the dice
        and of the text, so nothing overlaps at any scaling."""
        width, height = self._dims()
        die, small = self._sizes()
        self._scale_fonts(die)
        big, label = self._line("big", die), self._line("label", die)
        text = self._line("text", die)
        pad = max(4.0, label * 0.3)
        heading_y = pad + big / 2
        # The caption sits between the turn score and the dice to throw when there is room,
        # else on a line of its own below them (a 2x screen, a narrow window).
        caption_y = heading_y + (big if self._caption_wraps(width) else 0)
        need_y = caption_y + big / 2 + label / 2
        head = need_y + label / 2 + pad
        band_top = head
        frozen_y = band_top + label + 6 + small / 2
        band_bottom = frozen_y + small / 2 + 8
        mark_y = band_bottom + label / 2 + 2
        area = self.display.play_area is not None
        area_y = height - 8 - small / 2 if area else height
        bottom = (area_y - small / 2 - label - 14) if area else height - label - pad
        middle_top = mark_y + label / 2 + pad
        notice_y = middle_top + text
        selection_h = 2 * big
        # The thrown dice, lifted when selected, go below the notice's two lines and above
        # the selection's two; what room is left spreads evenly around them.
        room = bottom - selection_h - pad - (notice_y + text) - die * 1.15
        thrown_y = notice_y + text + die * 0.62 + max(0.0, room) * 0.45
        selection_y = thrown_y + die / 2 + pad + big
        return {"width": width, "height": height, "die": die, "small": small, "head": head,
                "frozen_y": frozen_y, "thrown_y": thrown_y, "area_y": area_y,
                "selection_y": selection_y, "heading_y": heading_y, "caption_y": caption_y,
                "need_y": need_y, "band_top": band_top, "band_bottom": band_bottom,
                "mark_y": mark_y, "notice_y": notice_y, "label": label,
                "footer_y": height - pad}

    def _caption_wraps(self, width: float) -> bool:
        """Whether the caption would run into the turn score or the dice to throw."""
        d = self.display
        if not d.caption:
            return False
        font = self._fonts["big"]
        side = max(font.measure(d.turn_score), font.measure(d.dice_left))
        caption = self._fonts["caption"].measure(d.caption)
        return caption + 2 * side + 64 > width

    # -- drawing -------------------------------------------------------------------------

    def show(self, display: TableDisplay) -> None:
        """Draw ``display`` (a throw still tumbling keeps tumbling and settles on it)."""
        self.display = display
        if self._size is None:
            return  # not laid out yet: the first <Configure> draws it at its real size
        g = self.geometry()
        # The controller redraws after every change; the same picture is not drawn twice
        # (each canvas call costs, and a refresh must stay well inside a frame).
        drawn = (display, tuple(g.values()), self.pal, self.images.theme, self._tumbling,
                 self._intro_done is None)
        if drawn == self._drawn:
            return
        self._drawn = None  # until the drawing below has finished
        self._missing = []
        self.images.unpin_all()
        die, small = int(g["die"]), int(g["small"])
        self.die_size, self.small_size = die, small
        self._scale_fonts(die)
        self._warm(die, small)
        width = g["width"]
        p = self.pal

        self._place(self.caption_item, width / 2, g["caption_y"])
        self._config(self.caption_item, text=display.caption)
        self._place(self.score_item, 16, g["heading_y"])
        self._config(self.score_item, text=display.turn_score)
        self._place(self.left_item, width - 16, g["heading_y"])
        self._config(self.left_item, text=display.dice_left)
        self._place(self.need_item, width / 2, g["need_y"])
        self._config(self.need_item, text=display.need, width=max(200, width - 32))

        # The frozen row, grouped by the throw that froze the dice.
        fy = g["frozen_y"]
        band_top = g["band_top"]
        self._place(self.frozen_band, *_rounded(8, band_top, width - 8, g["band_bottom"], 12))
        self._place(self.frozen_label, 18, band_top + 3 + g["label"] / 2)
        self._config(self.frozen_label, text=display.frozen_label)
        groups = [g_ for g_ in display.frozen if g_][:6]
        count = sum(len(group) for group in groups)
        step, gap = small * 1.04, small * 0.45
        total = count * step + max(0, len(groups) - 1) * gap
        x = width / 2 - total / 2 + step / 2
        flat = 0
        for box_index, box in enumerate(self.group_boxes):
            if box_index < len(groups) and len(groups) > 1:
                n = len(groups[box_index])
                x0 = x - step / 2 + (sum(len(gr) for gr in groups[:box_index]) * step
                                     + box_index * gap)
                self._place(box, *_rounded(x0 - 3, fy - small / 2 - 3,
                                           x0 + n * step + 3, fy + small / 2 + 3, 8))
                self._config(box, state="normal")
            else:
                self._config(box, state="hidden")
        for group in groups:
            for face in group:
                if flat >= len(self.frozen_items):
                    break
                item = self.frozen_items[flat]
                state = display.frozen_state
                if display.frozen_marked == flat:
                    state = "selected"
                self._place(item, x, fy)
                self._config(item, image=self._face(face, small, state),
                                   state="normal")
                x += step
                flat += 1
            x += gap
        for item in self.frozen_items[flat:]:
            self._hide(item)
        if display.frozen_clickable and flat:
            self._config(self.mark_item, state="normal",
                               text="click a die to play it into the play area")
            self._place(self.mark_item, width / 2, g["mark_y"])
        else:
            self._config(self.mark_item, state="hidden")

        # The thrown dice in the middle.
        ty = g["thrown_y"]
        n = len(display.thrown)
        tstep = die * 1.18
        x = width / 2 - (n - 1) * tstep / 2
        for i, item in enumerate(self.thrown_items):
            if i < n:
                state = display.thrown_state
                if i in display.selected and state == "normal":
                    state = "selected"
                lift = -die * 0.12 if state == "selected" else 0
                if not self._tumbling:
                    self._place(item, x + i * tstep, ty + lift)
                    self._config(item, image=self._face(display.thrown[i], die, state),
                                       state="normal")
            else:
                self._hide(item)
        # The notice sits between the frozen row and the thrown dice, where a cue banner
        # covers it for a moment and then lets it show again.
        self._place(self.notice_item, width / 2, g["notice_y"])
        self._config(self.notice_item, text=display.notice, width=max(200, width - 60))
        self._place(self.hint_item, width / 2, ty)
        self._config(self.hint_item, text="" if n else display.hint,
                           width=max(200, width - 80))

        colour = {True: p.good, False: p.bad, None: p.text}[display.selection_ok]
        self._place(self.selection_item, width / 2, g["selection_y"])
        self._config(self.selection_item, text=display.selection, fill=colour,
                           width=max(200, width - 40))

        # The Mutant Trash play area.
        if display.play_area is None:
            for item in (self.area_band, self.area_label):
                self._config(item, state="hidden")
            for item in self.area_items:
                self._hide(item)
        else:
            ay = g["area_y"]
            top = ay - small / 2 - g["label"] - 6
            self._place(self.area_band, *_rounded(8, top, width - 8, ay + small / 2 + 6, 12))
            self._place(self.area_label, 18, top + 3 + g["label"] / 2)
            self._config(self.area_band, state="normal")
            self._config(self.area_label, state="normal", text=display.area_label or (
                "Play area (Mutant Trash): its score goes to the other player"
                if display.play_area else "Play area (Mutant Trash): empty"))
            m = len(display.play_area)
            x = width / 2 - (m - 1) * small * 1.04 / 2
            for i, item in enumerate(self.area_items):
                if i < m:
                    self._place(item, x + i * small * 1.04, ay)
                    self._config(item, state="normal", image=self._face(
                        display.play_area[i], small, "normal"))
                else:
                    self._hide(item)
        self._place(self.footer_item, width - 12, g["footer_y"])
        self._config(self.footer_item, text=display.footer,
                           state="hidden" if display.play_area is not None else "normal")
        self._place_cursor()
        self._place_banner()
        if self._intro_done is not None:
            self.itemconfigure("table", state="hidden")
        if self._missing:  # stand-ins are showing: draw it again once the faces are ready
            self._draw_missing(self._missing)
        else:
            self._drawn = drawn

    def _face(self, face: int, size: int, state: str) -> ImageTk.PhotoImage:
        """A die's image for :meth:`show`.  A face not drawn yet at this size (the window
        was just resized) stands in at the nearest size there is, while a worker thread
        draws the right one; a face never drawn at all is drawn now."""
        if not self.images.has(face, size, state):
            near = self.images.nearest(face, size, state)
            if near is not None:
                self._missing.append((face, size, state))
                return near
        return self.images.get(face, size, state)

    def _draw_missing(self, items: list[tuple[int, int, str]]) -> None:
        theme = self.images.theme
        key = (tuple(items), theme)
        if key == self._drawing:
            return
        self._drawing = key
        done = threading.Event()

        def work() -> None:  # no Tk in here
            try:
                for face, size, state in items:
                    render_face(face, size, state, theme)
            except Exception:  # show() draws it in the Tk thread instead, and reports it
                log.exception("drawing the dice for a new size failed")
            finally:
                done.set()

        def step() -> None:
            if not done.is_set():
                self._after("missing", 10, step)
                return
            self._drawing = None
            for face, size, state in items:  # only wrapping: they are drawn
                if theme == self.images.theme:
                    self.images.get(face, size, state, pin=False)
            self._drawn = None
            self.show(self.display)

        threading.Thread(target=work, name="dice-images", daemon=True).start()
        self._after("missing", 10, step)

    # -- the image cache, filled ahead of need ------------------------------------------

    def _warm(self, die: int, small: int) -> None:
        """Render every face this size can show ahead of need, so a new face never costs
        a pause later and the cache holds a fixed set per size.  Pillow draws them in a
        worker thread (10-30 ms each); the Tk thread only wraps the finished ones."""
        key = (die, small, self.images.theme)
        if key == self._warmed:
            return
        self._warmed = key
        todo = [(face, die, state) for state in ("normal", "selected", "dim", "trash")
                for face in range(1, 7)]
        todo += [(face, small, state) for state in ("frozen", "normal", "dim", "selected")
                 for face in range(1, 7)]
        theme = self.images.theme
        ready: queue.SimpleQueue[tuple[int, int, str]] = queue.SimpleQueue()

        def work() -> None:  # no Tk in here
            for face, size, state in todo:
                if self._warmed != key:
                    return
                try:
                    render_face(face, size, state, theme)
                except Exception:  # the Tk thread renders it on demand, and reports it
                    log.exception("drawing a die ahead of need failed")
                    return
                ready.put((face, size, state))

        left = len(todo)
        worker = threading.Thread(target=work, name="dice-images", daemon=True)

        def step() -> None:
            nonlocal left
            if self._warmed != key:
                return
            if not worker.is_alive() and ready.empty():
                left = 0  # the worker has stopped (it failed): the faces render on demand
            until = time.perf_counter() + 0.004
            while left and time.perf_counter() < until:
                try:
                    face, size, state = ready.get_nowait()
                except queue.Empty:
                    break
                self.images.get(face, size, state, pin=False)  # drawn already: wrap it
                left -= 1
            if left:
                self._after("warm", 10, step)

        def begin() -> None:
            if self._warmed == key:
                worker.start()
                self._after("warm", 10, step)

        if self._warm_started:
            begin()
            return
        # The first faces wait for the first frame: Pillow's import and 48 faces drawn in
        # a worker would share the interpreter with the window still being built.  A face
        # needed sooner is drawn on demand (show()), so nothing waits for this.
        self._warm_started = True
        self._after("warm", FIRST_WARM_MS, begin)

    # -- the die cursor: the keyboard's way through the dice -----------------------------

    def show_cursor(self, row: str | None, index: int = 0) -> None:
        """Mark die ``index`` of ``row`` (thrown or frozen) as the keyboard's; None: none."""
        self.cursor = None if row is None else (row, index)
        self._place_cursor()

    def _place_cursor(self) -> None:
        """A dashed ring around the die under the cursor, in the table's text colour (which
        every theme keeps readable on its felt): a shape, not only a colour."""
        item = self.cursor_item
        if item is None:
            item = self.cursor_item = self.create_rectangle(0, 0, 0, 0, width=3, dash=(6, 3),
                                                            state="hidden")
        cursor = self.cursor
        if cursor is not None:
            row, index = cursor
            items = self.thrown_items if row == "thrown" else self.frozen_items
            shown = 0 <= index < len(items) and str(
                self.itemcget(items[index], "state")) != "hidden"  # type: ignore[no-untyped-call]
            if shown:
                x, y = self.coords(items[index])
                half = (self.die_size if row == "thrown" else self.small_size) / 2 + 6
                self.coords(item, x - half, y - half, x + half, y + half)
                self.itemconfigure(item, state="normal", outline=self.pal.text)
                self.tag_raise(item)
                return
        self.itemconfigure(item, state="hidden")

    # -- clicks --------------------------------------------------------------------------

    def _on_click(self, event: tk.Event) -> None:  # type: ignore[type-arg]
        self.focus_set()
        if self._intro_done is not None:
            self.skip_intro()
            return
        hit = self.die_at(event.x, event.y)
        if hit is None or self.on_die is None:
            return
        if self._tumbling:
            self.settle()
        row, index = hit
        if row == "thrown" and self.display.thrown_clickable:
            self.on_die("thrown", index)
        elif row == "frozen" and self.display.frozen_clickable:
            self.on_die("frozen", index)

    def die_at(self, x: float, y: float) -> tuple[str, int] | None:
        """The die under canvas point (x, y), as (row, index), or None."""
        for item in reversed(self.find_overlapping(x - 1, y - 1, x + 1, y + 1)):
            if item in self._items and self._cget(item, "state") != "hidden":
                return self._items[item]
        return None

    def die_centre(self, row: str, index: int) -> tuple[int, int]:
        """Where die ``index`` of a row is drawn (tests click there)."""
        items = {"thrown": self.thrown_items, "frozen": self.frozen_items,
                 "area": self.area_items}[row]
        x, y = self.coords(items[index])
        return round(x), round(y)

    # -- the throw animation -------------------------------------------------------------

    def tumble(self) -> None:
        """Let the thrown dice tumble for a moment before they settle (if animation is on)."""
        if not self.animation or not self.display.thrown:
            return
        self._tumbling = True
        self._invalidate()  # the tumble moves the dice: the next show() draws them all
        self._tumble_step(TUMBLE_STEPS)

    def _tumble_step(self, left: int) -> None:
        if left <= 0:
            self.settle()
            return
        g = self.geometry()
        die = int(g["die"])
        n = len(self.display.thrown)
        tstep = die * 1.18
        x0 = g["width"] / 2 - (n - 1) * tstep / 2
        spread = die * 0.35 * left / TUMBLE_STEPS
        for i in range(n):
            item = self.thrown_items[i]
            dx = random.uniform(-spread, spread)
            dy = random.uniform(-spread, spread) - die * 0.5 * (left / TUMBLE_STEPS) ** 2
            self.coords(item, x0 + i * tstep + dx, g["thrown_y"] + dy)
            self.itemconfigure(item, image=self.images.get(random.randint(1, 6), die, "normal"),
                               state="normal")
        self._after("tumble", self.tumble_ms // TUMBLE_STEPS,
                    lambda: self._tumble_step(left - 1))

    def settle(self) -> None:
        """Stop a tumble at once and show the real faces."""
        self._cancel("tumble")
        if self._tumbling:
            self._tumbling = False
            self._invalidate()
            self.show(self.display)

    @property
    def tumbling(self) -> bool:
        return self._tumbling

    def duration(self, ms: int) -> int:
        """``ms`` of an animation at normal speed, at the chosen speed."""
        return max(1, round(ms * self.speed))

    @property
    def tumble_ms(self) -> int:
        """How long a throw tumbles at the chosen speed (the controller waits for it)."""
        return self.duration(TUMBLE_MS)

    # -- cues: trash, corner, win --------------------------------------------------------

    def cue(self, kind: str, text: str, ms: int | None = 1400) -> None:
        """A banner across the table: ``kind`` is trash, corner, win or info.
        ``ms=None`` keeps it until :meth:`clear_cue`."""
        p = self.pal
        fill = {"trash": p.bad, "corner": p.corner, "win": p.win}.get(kind, p.panel)
        if p.theme == "mono":
            fill = "#ffffff"
        self.itemconfigure(self.banner_box, fill=fill, state="normal",
                           outline="#000000" if p.theme == "mono" else "")
        title, _, body = text.partition("\n")
        self.itemconfigure(self.banner_item, text=title, state="normal")
        self.itemconfigure(self.banner_body, text=body, state="normal" if body else "hidden")
        self._place_banner()
        if ms is None:
            self._cancel("banner")
        else:
            self._after("banner", ms, self.clear_cue)

    def clear_cue(self) -> None:
        self._cancel("banner")
        for item in (self.banner_box, self.banner_item, self.banner_body):
            self.itemconfigure(item, state="hidden")

    @property
    def cue_text(self) -> str:
        if self._cget(self.banner_item, "state") == "hidden":
            return ""
        body = str(self._cget(self.banner_body, "text"))
        return str(self._cget(self.banner_item, "text")) + ("\n" + body if body else "")

    def _place_banner(self) -> None:
        g = self.geometry()
        width = g["width"]
        self.itemconfigure(self.banner_item, width=max(200, width * 0.8))
        self.itemconfigure(self.banner_body, width=max(200, width * 0.8))
        body = str(self._cget(self.banner_body, "text"))
        top = g["frozen_y"] + g["small"] / 2 + 8
        if body:  # a long message (the result) takes the middle of the table
            self.coords(self.banner_item, width / 2, top + g["die"] * 0.6)
            title_box = self.bbox(self.banner_item) or (0, 0, 0, 0)
            self.coords(self.banner_body, width / 2, title_box[3] + 8)
        else:  # a short cue sits above the thrown dice, never over them
            self.coords(self.banner_item, width / 2, (top + g["thrown_y"] - g["die"] * 0.62) / 2)
        items = [self.banner_item] + ([self.banner_body] if body else [])
        bbox = self.bbox(*items)
        if bbox:
            x0, y0, x1, y1 = bbox
            self.coords(self.banner_box, *_rounded(x0 - 28, y0 - 12, x1 + 28, y1 + 14, 16))
        for item in (self.banner_box, self.banner_item, self.banner_body):
            self.tag_raise(item)

    # -- the startup show ----------------------------------------------------------------

    def play_intro(self, on_done: Callable[[], None], *, wait: bool = True) -> None:
        """Dice tumble onto the table and the title appears (~2 s); a key or click skips.

        The show waits until the window is on screen, so it is never played unseen.  With
        ``wait`` it then stays until a key or click, as it says, so the game never starts
        while the player is not looking; without (demo mode) it ends by itself."""
        self._intro_done = on_done
        self._intro_waits = wait
        self._invalidate()  # the show hides and moves what show() drew
        self.itemconfigure("table", state="hidden")
        self.clear_cue()
        self._intro_wait(100)

    def _intro_wait(self, tries: int) -> None:
        if self._intro_done is None:
            return
        if (not self.winfo_ismapped() or self.winfo_width() < 50) and tries > 0:
            self._after("intro", 30, lambda: self._intro_wait(tries - 1))
            return
        g = self.geometry()
        die = int(g["die"])
        self.itemconfigure(self.title_item, text="Ten-Thousand", state="normal")
        self.itemconfigure(self.subtitle_item, state="normal",
                           text="six dice, one to nine players\npress any key to play")
        self.coords(self.title_item, g["width"] / 2, g["height"] * 0.28)
        self.coords(self.subtitle_item, g["width"] / 2, g["height"] * 0.28 + die * 0.8)
        faces = [random.randint(1, 6) for _ in range(6)]
        steps = 18
        step_ms = self.duration(INTRO_STEP_MS)

        def step(k: int) -> None:
            t = k / steps
            for i, item in enumerate(self.intro_items):
                start = i * 0.07
                u = min(1.0, (t - start) / (0.75 - start * 0.5)) if t > start else 0.0
                x = g["width"] / 2 + (i - 2.5) * die * 1.2
                # Fall, then two smaller bounces.
                if u < 0.6:
                    h = 1 - (u / 0.6) ** 2
                elif u < 0.85:
                    h = 0.18 * (1 - ((u - 0.725) / 0.125) ** 2)
                else:
                    h = 0.05 * max(0.0, 1 - ((u - 0.925) / 0.075) ** 2)
                y = g["height"] * 0.66 - h * g["height"] * 0.62
                face = faces[i] if u >= 1 else random.randint(1, 6)
                self.coords(item, x + (1 - u) * die * 0.6 * (i - 2.5) / 2.5, y)
                self.itemconfigure(item, image=self.images.get(face, die, "normal"),
                                   state="normal" if t > start else "hidden")
            if k < steps:
                self._after("intro", step_ms, lambda: step(k + 1))
            elif not self._intro_waits:
                self._after("intro", max(100, self.duration(INTRO_MS) - steps * step_ms),
                            self.skip_intro)

        step(0)

    @property
    def intro_running(self) -> bool:
        return self._intro_done is not None

    def skip_intro(self) -> None:
        """End the startup show now (it calls its ``on_done`` once)."""
        self._cancel("intro")
        for item in self.intro_items:
            self._hide_die(item)
        for item in (self.title_item, self.subtitle_item):
            self.itemconfigure(item, state="hidden")
        done, self._intro_done = self._intro_done, None
        for item in (self.caption_item, self.score_item, self.left_item, self.need_item,
                     self.frozen_band, self.frozen_label, self.hint_item, self.selection_item,
                     self.notice_item):
            self.itemconfigure(item, state="normal")
        self._invalidate()
        self.show(self.display)
        if done is not None:
            done()
