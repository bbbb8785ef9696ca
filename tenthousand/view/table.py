"""The table: a resizable canvas with the thrown dice, the frozen row and the play area.

The view draws a :class:`TableDisplay` (a snapshot the presenter builds from the game) and
reports clicks on dice; it never touches the game.  Every canvas item is made once and then
moved, shown, hidden or given a new image, so a long session does not pile up items
(:mod:`tenthousand.view.table_base` keeps them, lays them out and draws the dice images).
"""

from __future__ import annotations

import random
import tkinter as tk
from collections.abc import Callable

from ..i18n import _
from ..present.presenter import TableDisplay
from .dice import DiceImages
from .panels import elide
from .table_base import FIRST_WARM_MS, DieClick, TableBase, _rounded
from .theme import Palette

__all__ = ["FIRST_WARM_MS", "INTRO_MS", "TUMBLE_MS", "TUMBLE_STEPS", "DieClick",
           "TableDisplay", "TableView"]

#: How long a throw tumbles, in milliseconds, and in how many steps.
#: These are at normal speed; ``TableView.speed`` scales them (the animation preference).
TUMBLE_MS = 420
TUMBLE_STEPS = 7
INTRO_MS = 2200
INTRO_STEP_MS = 55


class TableView(TableBase):
    """The felt with the dice on it."""

    def __init__(self, master: tk.Misc, images: DiceImages, pal: Palette | None = None,
                 *, on_die: DieClick | None = None, animation: bool = True) -> None:
        super().__init__(master, images, pal, on_die=on_die, animation=animation)
        self.bind("<Button-1>", self._on_click)

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
        self._show_headings(display, g)
        self._show_frozen(display, g)
        self._show_thrown(display, g)
        self._show_area(display, g)
        self._place(self.footer_item, g["width"] - 12, g["footer_y"])
        # On one line within the table (German in the smallest window: cut, never off it).
        footer = elide(display.footer, lambda t: self._measure("label", t), int(g["width"] - 24))
        self._config(self.footer_item, text=footer,
                     state="hidden" if display.play_area is not None else "normal")
        self._place_cursor()
        self._place_banner()
        if self._intro_done is not None:
            self.itemconfigure("table", state="hidden")
        if self._missing:  # stand-ins are showing: draw it again once the faces are ready
            self._draw_missing(self._missing)
        else:
            self._drawn = drawn


    def _show_headings(self, display: TableDisplay, g: dict[str, float]) -> None:
        width = g["width"]
        self._place(self.caption_item, width / 2, g["caption_y"])
        self._config(self.caption_item, text=display.caption)
        self._place(self.score_item, 16, g["heading_y"])
        self._config(self.score_item, text=display.turn_score)
        self._place(self.left_item, width - 16, g["heading_y"])
        self._config(self.left_item, text=display.dice_left)
        self._place(self.need_item, width / 2, g["need_y"])
        self._config(self.need_item, text=display.need, width=max(200, width - 32))

    def _show_frozen(self, display: TableDisplay, g: dict[str, float]) -> None:
        """The frozen row, grouped by the throw that froze the dice."""
        width, small = g["width"], int(g["small"])
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
                               text=_("click a die to play it into the play area"))
            self._place(self.mark_item, width / 2, g["mark_y"])
        else:
            self._config(self.mark_item, state="hidden")

    def _show_thrown(self, display: TableDisplay, g: dict[str, float]) -> None:
        """The thrown dice in the middle, the notice above them, the selection below."""
        width, die, p = g["width"], int(g["die"]), self.pal
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

    def _show_area(self, display: TableDisplay, g: dict[str, float]) -> None:
        """The Mutant Trash play area."""
        width, small = g["width"], int(g["small"])
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
                _("Play area (Mutant Trash): its score goes to the other player")
                if display.play_area else _("Play area (Mutant Trash): empty")))
            m = len(display.play_area)
            x = width / 2 - (m - 1) * small * 1.04 / 2
            for i, item in enumerate(self.area_items):
                if i < m:
                    self._place(item, x + i * small * 1.04, ay)
                    self._config(item, state="normal", image=self._face(
                        display.play_area[i], small, "normal"))
                else:
                    self._hide(item)

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

    def _on_click(self, event: tk.Event) -> None:
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
        self._forget(self.thrown_items)  # the tumble moves them: the next show() sets them
        # Its first frame in a callback of its own: the throw's callback has drawn enough.
        self.timers.later(0, self._tumble_step, TUMBLE_STEPS, purpose="tumble")

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
            face = random.randint(1, 6)
            image = (self.images.get(face, die, "normal") if self.images.has(face, die, "normal")
                     else self._stand_in(face, die))  # drawn later, never in a tumble
            self.itemconfigure(item, image=image, state="normal")
        self.timers.later(self.tumble_ms // TUMBLE_STEPS, self._tumble_step, left - 1,
                          purpose="tumble")

    def settle(self) -> None:
        """Stop a tumble at once and show the real faces."""
        self.timers.cancel("tumble")
        if self._tumbling:
            self._tumbling = False
            self._forget(self.thrown_items)
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
        title, _newline, body = text.partition("\n")
        self.itemconfigure(self.banner_item, text=title, state="normal")
        self.itemconfigure(self.banner_body, text=body, state="normal" if body else "hidden")
        self._place_banner()
        if ms is None:
            self.timers.cancel("banner")
        else:
            self.timers.later(ms, self.clear_cue, purpose="banner")

    def clear_cue(self) -> None:
        self.timers.cancel("banner")
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
        # Below the frozen band and below the notice: what the last turn must reach (or a
        # challenge's stakes) is what the player decides by, and a banner never covers it.
        top = g["band_bottom"]
        notice = self.bbox(self.notice_item) if self.display.notice else None
        if notice:
            top = max(top, notice[3] + 4)
        if body:  # a long message (the result) takes the middle of the table
            self.coords(self.banner_item, width / 2, top + g["die"] * 0.6)
            title_box = self.bbox(self.banner_item) or (0, 0, 0, 0)
            self.coords(self.banner_body, width / 2, title_box[3] + 8)
        else:  # a short cue sits between them and the thrown dice, if there is room
            self.coords(self.banner_item, width / 2, (top + g["thrown_y"] - g["die"] * 0.62) / 2)
        items = [self.banner_item] + ([self.banner_body] if body else [])
        bbox = self.bbox(*items)
        if bbox:
            x0, y0, x1, y1 = bbox
            low = max(0.0, top - (y0 - 12))  # the box's top edge must clear the notice
            if low:
                for item in items:
                    self.move(item, 0, low)
            self.coords(self.banner_box, *_rounded(x0 - 28, y0 + low - 12, x1 + 28,
                                                   y1 + low + 14, 16))
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
            self.timers.later(30, self._intro_wait, tries - 1, purpose="intro")
            return
        g = self.geometry()
        die = int(g["die"])
        self.itemconfigure(self.title_item, text=_("Ten-Thousand"), state="normal")
        self.itemconfigure(self.subtitle_item, state="normal",
                           text=_("six dice, one to nine players\npress any key to play"))
        self.coords(self.title_item, g["width"] / 2, g["height"] * 0.28)
        self.coords(self.subtitle_item, g["width"] / 2, g["height"] * 0.28 + die * 0.8)
        faces = [random.randint(1, 6) for _die in range(6)]
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
                self.timers.later(step_ms, step, k + 1, purpose="intro")
            elif not self._intro_waits:
                self.timers.later(max(100, self.duration(INTRO_MS) - steps * step_ms),
                                  self.skip_intro, purpose="intro")

        step(0)

    @property
    def intro_running(self) -> bool:
        return self._intro_done is not None

    def skip_intro(self) -> None:
        """End the startup show now (it calls its ``on_done`` once)."""
        self.timers.cancel("intro")
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
