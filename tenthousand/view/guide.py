"""The guided first turn: callouts on the table that show a new player where to click.

Two halves.  :class:`Tour` is a small state machine with no Tk in it: after every redraw it
is shown a :class:`Moment` (plain data taken from the game) and answers with the
:class:`Callout` to show, or None.  It follows what the player really does, so it never
blocks or changes play: throw, freeze, then throw on or bank, and a last word when the turn
is over.  :class:`Guide` draws that callout on the table canvas (a box with a pointer, in
the theme's colours), keeps it beside what it points at through resizes, and ends the tour
when the player skips it or has seen it all.
"""

from __future__ import annotations

import math
import tkinter as tk
import tkinter.font as tkfont
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from ..i18n import _, number
from ..model import Banked, Game, Trash
from ..model.game import Phase
from ..services.timers import Timers
from .panels import ActionBar
from .table import TableView
from .theme import Palette

Rect = tuple[float, float, float, float]  # x0, y0, x1, y1
Point = tuple[float, float]


class Step(str, Enum):
    THROW = "throw"
    FREEZE = "freeze"
    DECIDE = "decide"
    END = "end"


STEPS = tuple(Step)


@dataclass(frozen=True)
class Moment:
    """What the tour needs to know of the game after a redraw."""

    human: bool  # a person is to play now
    seat: int  # whose turn it is
    phase: Phase
    turns_taken: tuple[int, ...]
    selection: frozenset[int] = frozenset()
    selection_scores: bool = False  # the picked dice may be frozen together
    scoring_die: int | None = None  # a thrown die the engine says may be frozen
    best: tuple[int, ...] = ()  # the dice worth the most frozen together (faces)
    best_points: int = 0  # ... and their points
    bank_refusal: str | None = None  # why the picked dice may not be banked, if so
    last_end: str = ""  # how the latest turn ended: "bank", "trash" or ""
    last_points: int = 0  # what that bank added
    challenge_offered: bool = False  # the turn starts by asking whom to challenge


@dataclass(frozen=True)
class Callout:
    """One callout: its step, title and text, and what it points at ("throw", "bank",
    "die"; none for the last word)."""

    step: Step
    title: str
    text: str
    targets: tuple[str, ...] = ()
    die: int | None = None

    @property
    def number(self) -> int:
        return STEPS.index(self.step) + 1


def best_freeze(game: Game) -> tuple[tuple[int, ...], int]:
    """The dice worth the most frozen together now and their points, or ((), 0)."""
    freezes = game.legal_freezes()
    return freezes[0] if freezes else ((), 0)


def scoring_die(game: Game) -> int | None:
    """The die the tour points at: one of the best freeze's dice, one that scores on its
    own if it has one (a 1 or a 5 is the easiest to see); None when nothing scores."""
    best, _points = best_freeze(game)
    if not best:
        return None
    singles = {faces[0] for faces, _value in game.legal_freezes() if len(faces) == 1}
    face = next((f for f in best if f in singles), best[0])
    return game.indices_for((face,))[0]


def last_turn_end(game: Game) -> tuple[str, int]:
    """How the latest turn that ended ended: ("bank", points), ("trash", 0) or ("", 0)."""
    for event in reversed(game.log):
        if isinstance(event, Banked):
            return "bank", event.points
        if isinstance(event, Trash):
            return "trash", 0
    return "", 0


def moment(game: Game, human: bool, selection: Iterable[int],
           challenge_offered: bool = False) -> Moment:
    """The :class:`Moment` of ``game`` with these dice picked."""
    picked = frozenset(selection)
    scores, refusal, die = False, None, None
    best: tuple[int, ...] = ()
    best_points = 0
    if game.phase is Phase.CHOOSE:
        die = scoring_die(game)
        best, best_points = best_freeze(game)
        if picked:
            scores = game.describe_selection(sorted(picked))[1] is not None
            refusal = game.bank_refusal(sorted(picked)) if scores else None
    end, points = last_turn_end(game)
    return Moment(human=human, seat=game.current, phase=game.phase,
                  turns_taken=tuple(game.turns_taken), selection=picked,
                  selection_scores=scores, scoring_die=die, best=best,
                  best_points=best_points, bank_refusal=refusal,
                  last_end=end, last_points=points, challenge_offered=challenge_offered)


def _end_callout(m: Moment) -> Callout:
    first = {"bank": _("You banked {points} points: they are safe on the scoreboard."),
             "trash": _("Trash: nothing in that throw scored, so the turn ended and its "
                        "points are gone.")}.get(m.last_end, _("Your turn is over."))
    return Callout(Step.END, _("That's a turn"), _(
        "{first} Turn after turn, everyone throws, freezes and banks. F5 has the rules, and "
        "the Help menu can show this tour again.").format(
            first=first.format(points=number(m.last_points))))


class Tour:
    """Decides which callout to show; finished once skipped or seen to the end."""

    def __init__(self) -> None:
        self.seat: int | None = None  # the player the tour follows
        self._turns = 0  # their turns taken when the tour began
        self._end: Callout | None = None
        self.finished = False
        self.callout: Callout | None = None  # the answer to the last moment seen

    def see(self, m: Moment) -> Callout | None:
        """The callout for this moment of the game (None: show nothing now)."""
        self.callout = None if self.finished else self._decide(m)
        return self.callout

    def _decide(self, m: Moment) -> Callout | None:
        if self.seat is None:
            if not m.human or m.phase not in (Phase.START, Phase.CHOOSE):
                return None  # wait for a person's turn
            self.seat, self._turns = m.seat, m.turns_taken[m.seat]
        if self._end is not None:
            if m.human and m.seat == self.seat and m.phase is Phase.CHOOSE:
                self.finish()  # they have thrown again: they know the way now
                return None
            return self._end
        if self.seat >= len(m.turns_taken):
            self.new_game()
            return None
        if m.turns_taken[self.seat] > self._turns:
            self._end = _end_callout(m)
            return self._end
        if not m.human or m.seat != self.seat:
            return None
        if m.phase is Phase.START and m.challenge_offered:
            return Callout(Step.THROW, _("Throw the six dice"), _(
                "Click No challenge (or press Space) to throw the six dice and start your "
                "turn. Challenges can wait until you know the game."), ("throw",))
        if m.phase is Phase.START:
            return Callout(Step.THROW, _("Throw the six dice"), _(
                "Click Throw (or press Space) to throw the six dice and start your turn."),
                ("throw",))
        if m.phase is Phase.CHOOSE and m.selection and m.selection_scores:
            text = _("Throw the dice that are left to add to your turn score (if none of them "
                     "scores, the turn's points are lost), or Bank to keep the points and end "
                     "your turn.")
            if m.bank_refusal:  # Translators: {reason} says why, without its full stop.
                text = _("{text} Bank is not open yet: {reason}.").format(
                    text=text, reason=m.bank_refusal)
            return Callout(Step.DECIDE, _("Throw on, or bank?"), text, ("throw", "bank"))
        if m.phase is Phase.CHOOSE and m.scoring_die is not None:
            intro = _("Click the dice that score to set them aside: every 1 and every 5, "
                      "three of a kind, and a few bigger sets (F5 lists them).")
            if len(m.best) > 1:  # three 1s: one of them alone would give away most points
                # Translators: {dice} are faces such as "1 1 1 5", {points} like "1,050".
                tip = _("The most this throw gives is {dice} together, for {points}: click "
                        "each of those dice.").format(dice=" ".join(map(str, m.best)),
                                                      points=number(m.best_points))
            else:
                tip = _("This one scores: click it.")
            return Callout(Step.FREEZE, _("Freeze the dice that score"), f"{intro} {tip}",
                           ("die",), die=m.scoring_die)
        return None  # Mutant Trash's discard explains itself

    @property
    def at_end(self) -> bool:
        """Whether the last word has been reached (the tour has been seen in full)."""
        return self._end is not None

    def new_game(self) -> None:
        """A new game began: follow the first person to play in it (or finish, when only
        the last word was left)."""
        if self._end is not None:
            self.finish()
        self.seat = None
        self.callout = None

    def finish(self) -> None:
        self.finished = True
        self.callout = None


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
                 on_finish: Callable[[bool], None]) -> None:
        self.table = table
        self.actions = actions
        self.on_finish = on_finish
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
