"""The post-game review: the human's costliest decisions, worst first.

The values are worked out in a worker thread (each decision may take a few tenths of a
second); the window shows "Working..." and polls with ``after`` until they arrive.
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable, Sequence
from tkinter import ttk

from ..advising import WIN
from ..advisor import Costly, Decision, review
from ..jobs import JobRunner, weakly
from ..view.dice import DiceImages, render_face
from ..view.theme import FOCUS_THICKNESS, ensure_style, hex_colour, palette
from .base import chars, collect_when_closed, derived_font, place_window

POLL_MS = 50
DIE = 30  # pixels: the dice of each throw in the list

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


def _loss_text(c: Costly) -> str:
    if c.kind == WIN:
        return f"gave away {c.loss * 100:.1f} points of win probability"
    if c.decision.values is not None and c.decision.values.lower_is_better:
        return f"cost {c.loss:,.0f} more expected points pegged"
    return f"gave away {c.loss:,.0f} points of expected turn score"


def _value_text(c: Costly, value: float) -> str:
    if c.kind == WIN:
        return f"wins {value * 100:.1f}%"
    if c.decision.values is not None and c.decision.values.lower_is_better:
        return f"pegs {value:,.0f} on average"
    return f"banks {value:,.0f} on average"


class ReviewWindow(tk.Toplevel):
    """A window listing the costliest of ``decisions`` (not modal).

    ``decisions`` may be a function that finds them with their record steps (run in the
    worker); then each entry has a "Show in replay" button (and a double-click) that
    calls ``on_show(step)``."""

    def __init__(self, parent: tk.Misc, decisions: Sequence[Decision] | DecisionSource, *,
                 title: str = "Review of your game", theme: str = "color",
                 on_show: Callable[[int], object] | None = None) -> None:
        super().__init__(parent)
        collect_when_closed(self)  # its Tk variables are freed in the Tk thread
        ensure_style(self)
        self.theme = theme
        self.dice = DiceImages(self, theme)  # its own: the images the Text shows stay pinned
        self.withdraw()
        self.title(title)
        self.transient(parent.winfo_toplevel())
        self.result: list[Costly] | None = None
        self.on_show = on_show
        self.steps: list[int] = []  # the record step of each decision reviewed
        self.links: list[int] = []  # the step each entry shown links to, in order
        self.link_buttons: list[ttk.Button] = []
        self.jobs = JobRunner(self, poll_ms=POLL_MS)  # closed with the window
        frame = ttk.Frame(self, padding=10)
        frame.pack(fill="both", expand=True)
        count = "" if callable(decisions) else f"{len(decisions)} "
        self.heading = ttk.Label(frame, text=f"Working through your {count}decisions...",
                                 wraplength=chars(self, 70))
        self.heading.pack(anchor="w")
        self.text = tk.Text(frame, width=80, height=22, wrap="word", relief="flat",
                            padx=6, pady=6, cursor="arrow", font="TkDefaultFont")
        scroll = ttk.Scrollbar(frame, orient="vertical", command=self.text.yview)
        self.text.configure(yscrollcommand=scroll.set, state="disabled")
        self.text.tag_configure("head", font=derived_font(self, weight="bold"), spacing1=8)
        self._colour_text()
        buttons = ttk.Frame(frame)
        buttons.pack(side="bottom", fill="x", pady=(8, 0))
        ttk.Button(buttons, text="Close", command=self.close).pack(side="right")
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
        theme = self.theme
        self.jobs.submit(lambda: _review_work(source, theme), weakly(self._reviewed),
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
            t.image_create("end", image=self.dice.get(face, DIE, "selected" if take else "normal"),
                           padx=1, align="center")
        t.insert("end", ("  " if thrown else "") + text + "\n", tag)

    def _reviewed(self, result: tuple[list[int], list[Costly]]) -> None:
        self.steps, found = result
        self.show(found)

    def _failed(self, error: BaseException) -> None:
        self.heading.configure(text=f"The review failed: {error}")

    def show(self, costly: list[Costly]) -> None:
        self.result = costly
        if not costly:
            self.heading.configure(text="Not one of your decisions gave anything away. "
                                        "Well played!")
        else:
            self.heading.configure(text=f"Your {len(costly)} costliest decisions, worst "
                                        "first:")
        t = self.text
        t.configure(state="normal")
        t.delete("1.0", "end")
        for rank, c in enumerate(costly, 1):
            start = t.index("end-1c")
            t.insert("end", f"{rank}. Decision {c.turn}: {_loss_text(c)}\n", "head")
            t.insert("end", f"{c.position}.\n")
            self._dice_row(c.thrown, c.decision.faces,
                           f"\u2717 You: {c.played}, {_value_text(c, c.chosen)}.", "loss")
            self._dice_row(c.thrown, c.best_faces,
                           f"\u2605 Best: {c.better}, {_value_text(c, c.best)}.", "best")
            self._link(rank, c, start)
        t.configure(state="disabled")

    def _link(self, rank: int, c: Costly, start: str) -> None:
        """A "Show in replay" button under an entry, when its record step is known."""
        step = self.steps[c.turn - 1] if 0 < c.turn <= len(self.steps) else 0
        if self.on_show is None or step <= 0:
            return
        self.links.append(step)
        button = ttk.Button(self.text, text="Show in replay",
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


def _review_work(source: DecisionSource, theme: str) -> tuple[list[int], list[Costly]]:
    """The review's worker: the decisions, what each cost, and the dice drawn by Pillow
    (the Tk thread only wraps them)."""
    pairs = list(source())
    found = review([d for _, d in pairs])
    for face in range(1, 7):
        for state in ("normal", "selected"):
            render_face(face, DIE, state, theme)
    return [step for step, _ in pairs], found
