"""The table's canvas underneath the drawing: its items (made once), the options they were
last given, the calls waiting on ``after``, the layout for the window's size, and the dice
images, drawn ahead of need and at a new size by a :class:`~tenthousand.services.jobs.JobRunner`.

:class:`tenthousand.view.table.TableView` draws a display on it.
"""

from __future__ import annotations

import logging
import math
import tkinter as tk
import tkinter.font as tkfont
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..present.presenter import TableDisplay
from ..services.jobs import Job, JobRunner
from ..services.timers import Timers
from .dice import DiceImages, render_face
from .scaling import factor, grown_text, usual_height
from .theme import Palette, palette

if TYPE_CHECKING:
    from PIL import ImageTk

log = logging.getLogger(__name__)

#: The table's fonts as a share of the die's size in pixels (at 96 dpi: points).
FONT_SHARES = {"caption": 0.2, "big": 0.18, "text": 0.15, "label": 0.13, "banner": 0.3,
               "title": 0.55}
#: A line of text as a multiple of the font's size in pixels (DejaVu and Helvetica: 1.16).
LINE_SPACING = 1.25

#: How long after the table is first drawn the dice start being drawn ahead of need: by
#: then the window's first frame is on the screen.
FIRST_WARM_MS = 200

DieClick = Callable[[str, int], None]  # ("thrown" | "frozen", index)

#: How many dice images drawn in a worker are wrapped into Tk images per callback (each
#: costs the Tk thread a millisecond or more), and how many a worker draws per job.
WRAP_AT_ONCE = 1
FACES_PER_JOB = 3


def _load_image_tk() -> None:
    """Import Pillow's Tk images in the worker that draws the dice: the import takes 12 ms,
    which the Tk thread would otherwise spend wrapping the first die (it only loads the
    module; the first wrap, in the Tk thread, ties it to Tk)."""
    from PIL import ImageTk  # noqa: F401


def _rounded(x0: float, y0: float, x1: float, y1: float, r: float) -> list[float]:
    """Points of a rounded rectangle for ``create_polygon(..., smooth=True)``."""
    r = max(0.0, min(r, (x1 - x0) / 2, (y1 - y0) / 2))
    return [x0 + r, y0, x1 - r, y0, x1, y0, x1, y0 + r, x1, y1 - r, x1, y1,
            x1 - r, y1, x0 + r, y1, x0, y1, x0, y1 - r, x0, y0 + r, x0, y0]


class TableBase(tk.Canvas):
    """The felt: its items, their layout and the dice images (drawn by :class:`TableView`)."""

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
        #: The calls waiting on ``after``, by purpose (a tumble step, the banner...).
        self.timers = Timers(self)
        self._items: dict[int, tuple[str, int]] = {}  # canvas item -> (row, index)
        self._tumbling = False
        self._intro_done: Callable[[], None] | None = None
        self._intro_waits = True
        self._drawn: tuple[object, ...] | None = None  # what show() drew last
        self._known_options: dict[int, dict[str, object]] = {}  # what show() set, per item
        self._known_coords: dict[int, tuple[float, ...]] = {}
        self._size: tuple[int, int] | None = None  # from <Configure>
        self._font_sizes: dict[str, int] = {}
        self._linespaces: dict[tuple[str, int], int] = {}  # (font, pixels) -> line height
        self._measured: dict[tuple[str, int | None, str], int] = {}  # (font, size, text)
        self._warmed: tuple[int, int, str] | None = None  # the sizes _warm() rendered
        self._warm_started = False  # whether _warm() has ever started its jobs
        self._warm_jobs: list[Job[None]] = []  # the faces being drawn ahead of need
        self._missing: list[tuple[int, int, str]] = []  # faces standing in at another size
        self._blanks: dict[int, tk.PhotoImage] = {}  # empty squares, for faces not drawn yet
        self._drawing: tuple[object, ...] | None = None  # what the worker draws for show()
        self._missing_job: Job[None] | None = None
        # The dice are drawn off the Tk thread; the table's own runner, so that a new game
        # (which cancels the App's jobs) does not stop the images half drawn.
        self.jobs = JobRunner(self, poll_ms=10)
        self.die_size = 80
        self.small_size = 50
        self.ui_scale = factor(self)  # the desktop's scaling times the size preference
        self.text_scale, self._text = 1.0, 1.0  # the size preference (1.5), the share that fits
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
                            for _die in range(6)]
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
        self.intro_items = [self.create_image(0, 0, state="hidden") for _die in range(6)]
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

    def _forget(self, items: list[int]) -> None:
        """Only these items were changed outside show() (the tumble moves the thrown
        dice): the next show() sets them again, and leaves the rest as it is."""
        self._drawn = None
        for item in items:
            self._known_options.pop(item, None)
            self._known_coords.pop(item, None)

    def _hide_die(self, item: int) -> None:
        # A hidden die lets go of its image, so the image cache may drop it safely.
        self.itemconfigure(item, state="hidden", image="")

    def _die_item(self, row: str, index: int) -> int:
        item = self.create_image(0, 0, state="hidden", tags=("die", row))
        self._items[item] = (row, index)
        return item

    # -- the calls waiting: one per purpose (self.timers), all cancelled on destroy -----

    def pending(self) -> list[str]:
        """The purposes of the calls and image jobs still waiting (for tests)."""
        waiting = self.timers.purposes()
        if self._missing_job is not None and not self._missing_job.cancelled:
            waiting.append("missing")
        if any(not (job.done or job.cancelled) for job in self._warm_jobs):
            waiting.append("warm")
        return waiting

    def destroy(self) -> None:
        self._warmed = None
        self.jobs.close()  # the faces not started are not drawn; none is delivered
        self.timers.cancel_all()
        super().destroy()

    def show(self, display: TableDisplay) -> None:
        """Draw ``display`` (:class:`~tenthousand.view.table.TableView` does)."""
        raise NotImplementedError


    # -- layout --------------------------------------------------------------------------

    def _on_configure(self, event: tk.Event) -> None:
        first = self._size is None
        self._size = (int(event.width), int(event.height))
        if first:  # the first size the table gets: draw it now
            self._fonts_then_show()
            return
        # Resizing renders new die sizes: wait until the drag pauses.
        self.timers.later(80, self._fonts_then_show, purpose="relayout")

    def _fonts_then_show(self) -> None:
        """Give the fonts their sizes for the table's size, one font per callback (Tk
        loads a font at a new size: milliseconds each), then draw the table."""
        die = self._sizes()[0]
        for name in FONT_SHARES:
            size = -self._font_px(name, die)
            if self._font_sizes.get(name) != size:
                self._fonts[name].configure(size=size)
                self._font_sizes[name] = size
                self.timers.later(0, self._fonts_then_show, purpose="relayout")
                return
        self.show(self.display)

    def _dims(self) -> tuple[int, int]:
        """The canvas size, as the last <Configure> told it (no round trip to Tk)."""
        width, height = self._size or (self.winfo_width(), self.winfo_height())
        return max(width, 200), max(height, 200)

    def _sizes(self) -> tuple[int, int]:
        """The dice sizes: as large as the table allows within bounds that grow with the
        scaling, small enough that the rows of text fit (:meth:`_needed`), and as at 100% at
        a larger size: the text grows into the room left (``grown_text``), never the dice."""
        width, height = self._dims()
        f = self.ui_scale
        usual = usual_height(height, self.winfo_toplevel().winfo_height(), self.text_scale)
        die = max(40 * f, min(150 * f, width / 8.0, usual / 5.6))
        while die > 32 and self._needed(die, 1.0) > height:
            die -= 4
        die = int(die // 4 * 4)
        self._text = grown_text(self.text_scale, lambda text: self._needed(die, text) <= height)
        small = int(max(30 * min(f, 1.5), die * 0.62) // 2 * 2)
        return die, small

    def _font_px(self, name: str, die: float, text: float | None = None) -> int:
        """A table font's size in pixels: a share of the die, never under 9 points at the
        desktop's scaling, times ``text`` (the share of the size preference that fits)."""
        floor = 9 * self.ui_scale / self.text_scale * 4 / 3
        return round(max(floor, die * FONT_SHARES[name] * 4 / 3) * (text or self._text))

    def _line(self, name: str, die: float, text: float | None = None) -> float:
        """The height of a line of a table font at this die size: the layout's spacing, or
        the font's own line (Tk's metrics, once a size) if taller (DejaVu rounds up), in
        whole even pixels, so rows half a line apart never meet by a rounded pixel."""
        px = self._font_px(name, die, text)
        if (name, px) not in self._linespaces:
            font = self._fonts[name]
            spec = (font.cget("family"), -px, font.cget("weight"))
            self._linespaces[name, px] = int(self.tk.call("font", "metrics", spec, "-linespace"))
        return 2 * math.ceil(max(px * LINE_SPACING, self._linespaces[name, px]) / 2)

    def _needed(self, die: float, scale: float | None = None) -> float:
        """The height the table needs with dice of this size (text at ``scale``): headings,
        the frozen row, the notice, the thrown dice lifted, two lines of selection, footer."""
        small = max(30 * min(self.ui_scale, 1.5), die * 0.62)
        big, label = self._line("big", die, scale), self._line("label", die, scale)
        text, caption = self._line("text", die, scale), self._line("caption", die, scale)
        pad = max(4.0, label * 0.3)
        # As geometry() stacks them: the headings (the caption on a line of its own), the
        # frozen row in its band, its mark, the notice, the dice, the selection, the footer.
        need = (3 * big + caption + 4 * label + 2 * text + small + die * 1.15 + 16 + 6 * pad)
        need += (self._need_lines(self._dims()[0], die, scale) - 1) * label
        if self.display.play_area is not None:
            need += small + label + 30
        return need

    def _scale_fonts(self, die: int) -> None:
        for name in FONT_SHARES:
            size = -self._font_px(name, die)  # negative: pixels, the dice are in pixels
            if self._font_sizes.get(name) != size:
                self._fonts[name].configure(size=size)
                self._font_sizes[name] = size

    def rescale(self, text_scale: float | None = None) -> None:
        """The desktop's scaling or the size preference (``text_scale``) changed: relayout."""
        self.ui_scale = factor(self)
        if text_scale is not None:
            self.text_scale = text_scale
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
        text, caption = self._line("text", die), self._line("caption", die)
        pad = max(4.0, label * 0.3)
        heading_y = pad + big / 2
        # The caption has a line of its own below the turn score and the dice to throw,
        # whatever their lengths: the rows below never move when a text grows ("Next
        # throw: 6 fresh dice", a long name), as they did when it moved up beside them.
        caption_y = heading_y + big / 2 + caption / 2
        # The line of what is needed may wrap (German, the smallest window): it gets the
        # lines it takes, so it never runs into the caption above it.
        need_lines = self._need_lines(width, die)
        need_y = caption_y + caption / 2 + label * need_lines / 2
        head = need_y + label * need_lines / 2 + pad
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

    def _need_lines(self, width: float, die: float, scale: float | None = None) -> int:
        """How many lines the line of what is needed takes at this die size (it wraps at
        the table's width less its margins)."""
        text = self.display.need
        if not text:
            return 1
        now = -self._font_sizes.get("label", -self._font_px("label", die))
        wide = self._measure("label", text) * self._font_px("label", die, scale) / max(1, now)
        return max(1, math.ceil(wide * 1.05 / max(200, width - 32)))

    def _measure(self, name: str, text: str) -> int:
        """How wide ``text`` is in a table font, in pixels, asked of Tk once per text and
        size (the layout asks after every move, and at each step of a tumble)."""
        key = (name, self._font_sizes.get(name), text)
        width = self._measured.get(key)
        if width is None:
            if len(self._measured) > 512:
                self._measured.clear()
            width = self._measured[key] = self._fonts[name].measure(text)
        return width

    # -- the dice images -----------------------------------------------------------------

    def _face(self, face: int, size: int, state: str) -> ImageTk.PhotoImage | tk.PhotoImage:
        """A die's image for :meth:`show`.  A face not drawn yet at this size (the window
        was just resized, or no die has been drawn yet) stands in at the nearest size there
        is, or as an empty square, while a worker draws the right one: Pillow never works
        in the Tk thread for a refresh."""
        if not self.images.has(face, size, state):
            self._missing.append((face, size, state))
            return self._stand_in(face, size, state)
        return self.images.get(face, size, state)

    def _stand_in(self, face: int, size: int,
                  state: str = "normal") -> ImageTk.PhotoImage | tk.PhotoImage:
        """The face at the nearest size drawn so far, or an empty square of ``size``."""
        near = self.images.nearest(face, size, state)
        if near is not None:
            return near
        blank = self._blanks.get(size)
        if blank is None:
            blank = self._blanks[size] = tk.PhotoImage(master=self, width=size, height=size)
        return blank

    def _draw_missing(self, items: list[tuple[int, int, str]]) -> None:
        """Draw the faces standing in at another size off the Tk thread, then show again."""
        theme = self.images.theme
        key = (tuple(items), theme)
        if key == self._drawing:
            return
        self._drawing = key
        if self._missing_job is not None:
            self.jobs.cancel(self._missing_job)  # drawing what is no longer needed

        def work() -> None:  # no Tk in here
            _load_image_tk()
            for face, size, state in items:
                render_face(face, size, state, theme)

        def drawn(_: Any) -> None:
            self._missing_job = None
            self._drawing = None
            self._wrap(list(items), theme, True)

        def failed(error: BaseException) -> None:
            # show() draws them in the Tk thread instead, and reports it if it fails again.
            log.error("drawing the dice for a new size failed", exc_info=error)
            drawn(None)

        self._missing_job = self.jobs.submit(work, drawn, failed, name="dice-images")

    def _wrap(self, faces: list[tuple[int, int, str]], theme: str,
              then_show: bool = False) -> None:
        """Wrap faces drawn in a worker into Tk images, ``WRAP_AT_ONCE`` per callback, then
        show the table again if ``then_show``."""
        for face, size, state in faces[:WRAP_AT_ONCE]:
            if theme == self.images.theme:
                self.images.get(face, size, state, pin=False)
        rest = faces[WRAP_AT_ONCE:]
        if rest:
            self.timers.later(0, self._wrap, rest, theme, then_show)
        elif then_show:
            self._drawn = None
            self.show(self.display)

    def _warm(self, die: int, small: int) -> None:
        """Render every face this size can show ahead of need, so a new face never costs
        a pause later and the cache holds a fixed set per size.  Pillow draws them one by
        one in the runner's ``dice-images`` lane (10-30 ms each); the Tk thread only wraps
        the finished ones."""
        key = (die, small, self.images.theme)
        if key == self._warmed:
            return
        self._warmed = key
        for job in self._warm_jobs:  # the faces of the last size not drawn yet
            self.jobs.cancel(job)
        self._warm_jobs = []
        if self._warm_started:
            self._warm_faces(die, small)
            return
        # The first faces wait for the first frame: Pillow's import and 48 faces drawn in
        # a worker would share the interpreter with the window still being built.  A face
        # needed sooner is drawn on demand (show()), so nothing waits for this.
        self._warm_started = True
        self.timers.later(FIRST_WARM_MS, self._warm_faces, die, small, purpose="warm")

    def _warm_faces(self, die: int, small: int) -> None:
        key = self._warmed
        todo = [(face, die, state) for state in ("normal", "selected", "dim", "trash")
                for face in range(1, 7)]
        todo += [(face, small, state) for state in ("frozen", "normal", "dim", "selected")
                 for face in range(1, 7)]
        theme = self.images.theme

        def drawing(faces: list[tuple[int, int, str]]) -> tuple[
                Callable[[], None], Callable[[None], None]]:
            def work() -> None:  # no Tk in here
                _load_image_tk()
                for face, size, state in faces:
                    render_face(face, size, state, theme)

            def wrap(_: None) -> None:
                if self._warmed == key:
                    self._wrap(faces, theme)  # drawn already: wrap them

            return work, wrap

        def failed(error: BaseException) -> None:
            # The faces left render on demand in the Tk thread: stop drawing ahead.
            log.error("drawing a die ahead of need failed", exc_info=error)
            for job in self._warm_jobs:
                self.jobs.cancel(job)

        # A job per few faces: one submit each costs the Tk thread too.
        for start in range(0, len(todo), FACES_PER_JOB):
            work, wrap = drawing(todo[start:start + FACES_PER_JOB])
            self._warm_jobs.append(self.jobs.submit(work, wrap, failed, name="dice-images",
                                                    lane="dice-images"))
