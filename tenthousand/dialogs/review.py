"""The post-game review: the human's costliest decisions, worst first.

The values are worked out in a worker thread (each decision may take a few tenths of a
second); the window shows "Working..." and polls with ``after`` until they arrive.
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable, Sequence
from tkinter import ttk

from ..advice import WIN
from ..advice.values import Costly, Decision, review
from ..i18n import _, decimal, ngettext, number, percent
from ..model.rules import Rules
from ..present.replaying import showing
from ..present.value_kind import review_line
from ..services.jobs import JobRunner, weakly
from ..view import access
from ..view.dice import DiceImages, render_face
from ..view.scaling import factor
from ..view.theme import FOCUS_THICKNESS, ensure_style, hex_colour, palette
from .base import chars, collect_when_closed, derived_font, place_window

POLL_MS = 50
DIE = 30  # pixels at 96 dpi and 100%: the dice of each throw in the list

#: Gives the decisions to review with their steps in the game's record (in the worker).
DecisionSource = Callable[[], Sequence[tuple[int, Decision]]]


def marked(thrown: Sequence[int], faces: Sequence[int]) -> list[bool]:
    """Which dice of ``thrown`` a freeze of ``faces`` takes (the first of each face)."""
    want = list(faces)
    out = []
    for face in thrown:
        take = face in want
        if take:
            want.remove(face)
        out.append(take)
    return out


def _lower_is_better(c: Costly) -> bool:
    return c.decision.values is not None and c.decision.values.lower_is_better


def _head_text(rank: int, c: Costly) -> str:
    """An entry's first line: "1. Decision 4: gave away 3.5 points of win probability"."""
    fields = {"rank": rank, "turn": number(c.turn)}
    if c.kind == WIN:
        # Translators: the head of a reviewed decision; {rank} is its place in the list,
        # {turn} which decision of the game it was, {loss} percentage points (3.5).
        return _("{rank}. Decision {turn}: gave away {loss} points of win "
                 "probability").format(loss=decimal(c.loss * 100, 1), **fields)
    if _lower_is_better(c):
        return _("{rank}. Decision {turn}: cost {loss} more expected points "
                 "pegged").format(loss=number(c.loss), **fields)
    return _("{rank}. Decision {turn}: gave away {loss} points of expected turn "
             "score").format(loss=number(c.loss), **fields)


def _move_text(c: Costly, value: float, best: bool) -> str:
    """What was played (or was best) and what it is worth, as one sentence."""
    move = c.better if best else c.played
    if c.kind == WIN:
        # Translators: {move} is a move in words ("freeze 1 5 and bank"), {percent} the
        # chance to win the game after it.
        return (_("Best: {move}, wins {percent}.") if best else
                _("You: {move}, wins {percent}.")).format(move=move,
                                                          percent=percent(value, 1))
    if _lower_is_better(c):
        # Translators: {points} is the points pegged on average after the move.
        return (_("Best: {move}, pegs {points} on average.") if best else
                _("You: {move}, pegs {points} on average.")).format(move=move,
                                                                    points=number(value))
    # Translators: {points} is the points banked on average after the move.
    return (_("Best: {move}, banks {points} on average.") if best else
            _("You: {move}, banks {points} on average.")).format(move=move,
                                                                 points=number(value))


class ReviewWindow(tk.Toplevel):
    """A window listing the costliest of ``decisions`` (not modal).

    ``decisions`` may be a function that finds them with their record steps (run in the
    worker); then each entry has a "Show in replay" button (and a double-click) that
    calls ``on_show(step)`` with the replay step that shows the decision: the position
    before it, its freeze selected (:func:`~tenthousand.present.replaying.showing`)."""

    def __init__(self, parent: tk.Misc, decisions: Sequence[Decision] | DecisionSource, *,
                 title: str | None = None, theme: str = "color",
                 on_show: Callable[[int], object] | None = None) -> None:
        super().__init__(parent)
        collect_when_closed(self)  # its Tk variables are freed in the Tk thread
        ensure_style(self)
        self.theme = theme
        self.dice = DiceImages(self, theme)  # its own: the images the Text shows stay pinned
        self.die = max(DIE, round(DIE * factor(self)))  # as large as the text's lines grow
        self.withdraw()
        self.title(_("Review of your game") if title is None else title)
        self.transient(parent.winfo_toplevel())
        self.result: list[Costly] | None = None
        self.on_show = on_show
        self.steps: list[int] = []  # the record step of each decision reviewed
        self.links: list[int] = []  # the step each entry shown links to, in order
        self.link_buttons: list[ttk.Button] = []
        self.jobs = JobRunner(self, poll_ms=POLL_MS)  # closed with the window
        frame = ttk.Frame(self, padding=10)
        frame.pack(fill="both", expand=True)
        if callable(decisions):
            working = _("Working through your decisions...")
        else:
            working = ngettext("Working through your {n} decision...",
                               "Working through your {n} decisions...",
                               len(decisions)).format(n=number(len(decisions)))
        self.heading = ttk.Label(frame, text=working, wraplength=chars(self, 70))
        self.heading.pack(anchor="w")
        self.text = tk.Text(frame, width=80, height=22, wrap="word", relief="flat",
                            padx=6, pady=6, cursor="arrow", font="TkDefaultFont")
        scroll = ttk.Scrollbar(frame, orient="vertical", command=self.text.yview)
        self.text.configure(yscrollcommand=scroll.set, state="disabled")
        self.text.tag_configure("head", font=derived_font(self, weight="bold"), spacing1=8)
        self._colour_text()
        buttons = ttk.Frame(frame)
        buttons.pack(side="bottom", fill="x", pady=(8, 0))
        access.button(buttons, _("&Close"), self.close).pack(side="right")
        scroll.pack(side="right", fill="y")
        self.text.pack(side="left", fill="both", expand=True)
        self.bind("<Escape>", lambda e: self.close())
        self.protocol("WM_DELETE_WINDOW", self.close)
        place_window(self, parent)
        self.deiconify()
        source = decisions if callable(decisions) else (lambda: [(0, d) for d in decisions])
        # Neither the work nor its callbacks hold the window: were a worker to drop the
        # last reference to a closed window, its images would be freed in that thread,
        # which Tk does not allow.
        theme, die = self.theme, self.die
        self.jobs.submit(lambda: _review_work(source, theme, die), weakly(self._reviewed),
                         weakly(self._failed), name="review")

    def _colour_text(self) -> None:
        """The text's colours from the theme (the table colour does not matter here).

        Each line also has a mark, ✗ for your move and ★ for the best one, so the two
        differ without colour; monochrome sets the best one in bold as well.
        """
        pal = palette(self.theme, "green")
        t = self.text
        background = hex_colour(t, ttk.Style(self).lookup(".", "background") or "#d9d9d9")
        t.configure(background="#ffffff", foreground="#000000",
                    highlightthickness=FOCUS_THICKNESS, highlightcolor=pal.focus,
                    highlightbackground=background)
        t.tag_configure("loss", foreground=pal.loss)
        t.tag_configure("best", foreground=pal.gain)
        if self.theme == "mono":
            t.tag_configure("best", font=derived_font(self, weight="bold"))

    def _dice_row(self, thrown: Sequence[int], faces: Sequence[int], text: str,
                  tag: str) -> None:
        """The dice of the throw with the freeze ``faces`` lifted out, then ``text``."""
        t = self.text
        for face, take in zip(thrown, marked(thrown, faces), strict=True):
            t.image_create("end", image=self.dice.get(face, self.die,
                                                      "selected" if take else "normal"),
                           padx=1, align="center")
        t.insert("end", ("  " if thrown else "") + text + "\n", tag)

    def _reviewed(self, result: tuple[list[int], list[Costly], str]) -> None:
        self.steps, found, line = result
        self.show(found, line)

    def _failed(self, error: BaseException) -> None:
        # Translators: {reason} is the system's own words for what went wrong.
        self.heading.configure(text=_("The review failed: {reason}").format(reason=error))

    def show(self, costly: list[Costly], values_line: str = "") -> None:
        """The decisions ranked; ``values_line`` says which kind of values, and why."""
        self.result = costly
        if not costly:
            heading = _("Not one of your decisions gave anything away. Well played!")
        else:
            heading = ngettext(
                "Your {n} costliest decision:", "Your {n} costliest decisions, worst first:",
                len(costly)).format(n=number(len(costly)))
        self.heading.configure(text=f"{values_line}\n{heading}" if values_line else heading)
        t = self.text
        t.configure(state="normal")
        t.delete("1.0", "end")
        for rank, c in enumerate(costly, 1):
            start = t.index("end-1c")
            t.insert("end", _head_text(rank, c) + "\n", "head")
            # Translators: {position} is the position in words (the dice, the scores).
            t.insert("end", _("{position}.").format(position=c.position) + "\n")
            self._dice_row(c.thrown, c.decision.faces,
                           "\u2717 " + _move_text(c, c.chosen, best=False), "loss")
            self._dice_row(c.thrown, c.best_faces,
                           "\u2605 " + _move_text(c, c.best, best=True), "best")
            self._link(rank, c, start)
        t.configure(state="disabled")

    def _link(self, rank: int, c: Costly, start: str) -> None:
        """A "Show in replay" button under an entry, when its record step is known."""
        made = self.steps[c.turn - 1] if 0 < c.turn <= len(self.steps) else 0
        if self.on_show is None or made <= 0:
            return
        step = showing(made)
        self.links.append(step)
        # One such button an entry: no access key (the entries would share it); Tab reaches
        # each, and a double-click on the entry does the same.
        button = ttk.Button(self.text, text=_("Show in replay"),
                            command=lambda: self.show_step(step))
        self.link_buttons.append(button)
        self.text.window_create("end", window=button, padx=24, pady=2)
        self.text.insert("end", "\n")
        # A double-click anywhere on the entry does the same.
        tag = f"entry-{rank}"
        self.text.tag_add(tag, start, "end-1c")
        self.text.tag_bind(tag, "<Double-Button-1>", lambda e: self.show_step(step))

    def show_step(self, step: int) -> None:
        """Open the replay at ``step`` (a decision's link)."""
        if self.on_show is not None:
            self.on_show(step)

    def close(self) -> None:
        self.destroy()

    def destroy(self) -> None:
        self.jobs.close()  # a review still being worked out is not delivered
        super().destroy()


def _review_work(source: DecisionSource, theme: str, die: int = DIE
                 ) -> tuple[list[int], list[Costly], str]:
    """The review's worker: the decisions, what each cost, and the dice drawn by Pillow
    at ``die`` pixels (the Tk thread only wraps them)."""
    pairs = list(source())
    found = review([d for _step, d in pairs])
    for face in range(1, 7):
        for state in ("normal", "selected"):
            render_face(face, die, state, theme)
    return [step for step, _decision in pairs], found, _values_line(pairs, found)


def _values_line(pairs: Sequence[tuple[int, Decision]], found: Sequence[Costly]) -> str:
    """Which kind of values the review ranks by, and why (the rules of the first decision):
    the kinds of every decision valued, not only of those it lists (a game without a
    costly decision was still valued in win chances where a table answered)."""
    if not pairs:
        return ""
    position = pairs[0][1].position
    try:
        rules = Rules.from_dict(position.get("rules"))
    except ValueError:
        return ""
    kinds = {d.values.kind for _step, d in pairs if d.values is not None}
    return review_line(rules, len(position.get("seats", ())), kinds | {c.kind for c in found})
