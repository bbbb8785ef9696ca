"""The advisor panel (H, Options > Advisor) and the worker that fills it.

:class:`AdvisorPanel` is the widget: the win-probability bars and, during a human turn, a
row per freeze of the throw with what throwing on and banking are worth, the best marked.
:class:`Advisor` keeps it up to date: the controller calls :meth:`Advisor.update` after
every change and :meth:`Advisor.record` for each human decision; the values are computed by
:func:`tenthousand.advisor.evaluate` on a copy of the game in one worker thread, and come
back through a queue polled with ``after`` (a result for a position that has gone by is
dropped).
"""

from __future__ import annotations

import queue
import threading
import tkinter as tk
from collections.abc import Callable, Sequence
from tkinter import font as tkfont
from tkinter import ttk
from typing import TYPE_CHECKING, Any

from ..model.game import Game, Phase
from .theme import Palette

if TYPE_CHECKING:
    from ..advisor import AdvisorValues, Decision

POLL_MS = 40
BAR_HEIGHT = 18
Key = tuple[Any, ...]


def position_key(game: Game) -> Key:
    """What identifies a position for the advisor (a new event gives a new key)."""
    return (id(game), len(game.log), game.phase, game.thrown, game.turn_score,
            tuple(game.board), game.current)


class AdvisorPanel(tk.Frame):
    """The advisor's widgets (it only shows what it is given)."""

    def __init__(self, master: tk.Misc, pal: Palette,
                 on_review: Callable[[], object] | None = None) -> None:
        super().__init__(master, background=pal.panel)
        self.pal = pal
        self.heading = tk.Label(self, text="Advisor", anchor="w", background=pal.panel,
                                foreground=pal.panel_text, padx=6,
                                font=("TkDefaultFont", 0, "bold"))
        self.heading.pack(fill="x")
        self.bars = tk.Canvas(self, height=0, highlightthickness=0, background=pal.panel)
        self.bars.pack(fill="x", padx=6)
        self.bars.bind("<Configure>", self._draw_bars)
        self.tree = ttk.Treeview(self, columns=("freeze", "throw", "bank"), show="headings",
                                 height=5, selectmode="none", takefocus=0)
        for col, text, width in (("freeze", "Freeze", 130), ("throw", "Throw on", 90),
                                 ("bank", "Bank", 90)):
            self.tree.heading(col, text=text)
            self.tree.column(col, width=width, anchor="w" if col == "freeze" else "e",
                             stretch=col == "freeze")
        self._colour_rows()
        self._items: list[str] = []
        self._best: int | None = None
        self.chosen: int | None = None  # the row of the freeze the player has selected
        self.tree.pack(fill="x", padx=6)
        self.note = tk.Label(self, text="", anchor="w", justify="left", background=pal.panel,
                             foreground=pal.panel_muted, padx=6, wraplength=330)
        self.note.pack(fill="x")
        self.review_button = ttk.Button(self, text="Review my decisions...",
                                        command=on_review or (lambda: None), takefocus=0)
        self.rows: list[tuple[str, str, str, bool]] = []  # what the list shows (tests read it)
        self.bar_values: list[tuple[str, float]] = []

    # -- showing --------------------------------------------------------------------------

    def show_bars(self, names: tuple[str, ...] | None, win: tuple[float, ...] | None) -> None:
        """One bar per player with the win chance, or none."""
        c = self.bars
        new = list(zip(names, win, strict=False)) if names and win is not None else []
        if new == self.bar_values and (new or int(c.cget("height")) == 0):
            return  # the same bars: nothing to draw
        self.bar_values = new
        if not new:
            c.delete("all")
            c.configure(height=0)
            return
        self._draw_bars()

    def _draw_bars(self, event: object = None) -> None:
        c = self.bars
        c.delete("all")
        if not self.bar_values:
            return
        height = len(self.bar_values) * (BAR_HEIGHT + 4) + 4
        if int(c.cget("height")) != height:
            c.configure(height=height)
        # No update_idletasks() to learn the width: a canvas not laid out yet says 1 and
        # is drawn again by <Configure> once it has its width.
        width = max(c.winfo_width(), 200)
        label_w = 90
        # The percentage stands right of the bar, on the panel: inside it, one colour of
        # text cannot be read on both the fill and the empty part.
        value_w = tkfont.nametofont("TkDefaultFont", root=c).measure("100.0%") + 8
        pal = self.pal
        for i, (name, p) in enumerate(self.bar_values):
            y = 4 + i * (BAR_HEIGHT + 4)
            c.create_text(2, y + BAR_HEIGHT / 2, text=name[:12], anchor="w",
                          fill=pal.panel_text, tags=("label",))
            x0, x1 = label_w, width - 4 - value_w
            c.create_rectangle(x0, y, x1, y + BAR_HEIGHT, outline=pal.bar_outline,
                               fill=pal.bar_empty, tags=("frame",))
            c.create_rectangle(x0, y, x0 + (x1 - x0) * max(0.0, min(1.0, p)), y + BAR_HEIGHT,
                               outline="", fill=pal.bar_fill, tags=("bar",))
            c.create_text(width - 4, y + BAR_HEIGHT / 2, text=f"{p * 100:.1f}%", anchor="e",
                          fill=pal.panel_text, tags=("value",))

    def _colour_rows(self) -> None:
        """The row tags of the list in the palette's colours; monochrome also sets the
        best freeze in bold (its colour alone would not show)."""
        pal = self.pal
        if not hasattr(self, "_bold"):  # the list's own font, in bold (kept alive here)
            self._bold = tkfont.nametofont("TkDefaultFont", root=self).copy()
            self._bold.configure(weight="bold")
        bold = self._bold if pal.theme == "mono" else ""
        self.tree.tag_configure("best", background=pal.best_row, font=bold)
        self.tree.tag_configure("chosen", background=pal.chosen_row)
        self.tree.tag_configure("chosen-best", background=pal.chosen_best_row, font=bold)

    def show_values(self, values: AdvisorValues | None) -> None:
        """The choices of the throw (``None``: an empty list)."""
        self.tree.delete(*self.tree.get_children())
        self.rows = []
        self._items = []
        self._best = None
        self.chosen = None
        if values is None or not values.choices:
            return
        self._best = values.best
        for i, ch in enumerate(values.choices):
            best = i == values.best
            mark_throw = best and not ch.bank_is_best
            mark_bank = best and ch.bank_is_best
            row = ((("\u2605 " if best else "   ") + " ".join(map(str, ch.faces))
                    + f"  ({ch.points:,})"),
                   ("\u25b6 " if mark_throw else "") + values.format(ch.throw),
                   ("\u25b6 " if mark_bank else "") + values.format(ch.bank), best)
            self.rows.append(row)
            self._items.append(self.tree.insert("", "end", values=row[:3],
                                                tags=("best",) if best else ()))
        self.tree.configure(height=min(max(len(values.choices), 1), 8))

    def mark_chosen(self, index: int | None) -> None:
        """Highlight the row of the freeze the player has selected (None: no row)."""
        if index == self.chosen:
            return
        self.chosen = index
        for i, item in enumerate(self._items):
            best = i == self._best
            if i == index:
                tags: tuple[str, ...] = ("chosen-best",) if best else ("chosen",)
            else:
                tags = ("best",) if best else ()
            self.tree.item(item, tags=tags)
        if index is not None and 0 <= index < len(self._items):
            self.tree.see(self._items[index])

    def say(self, text: str) -> None:
        self.note.configure(text=text)

    def offer_review(self, on: bool) -> None:
        if on and not self.review_button.winfo_manager():
            self.review_button.pack(anchor="w", padx=6, pady=4)
        elif not on and self.review_button.winfo_manager():
            self.review_button.pack_forget()

    def set_palette(self, pal: Palette) -> None:
        self.pal = pal
        for w in (self, self.bars):
            w.configure(background=pal.panel)
        self.heading.configure(background=pal.panel, foreground=pal.panel_text)
        self.note.configure(background=pal.panel, foreground=pal.panel_muted)
        self._colour_rows()
        self._draw_bars()  # their colours follow the theme


class Advisor:
    """Keeps an :class:`AdvisorPanel` up to date with the game, without blocking Tk."""

    def __init__(self, root: tk.Misc, panel: AdvisorPanel, *,
                 place: Callable[[bool], None],
                 line: Callable[[str | None], None] | None = None,
                 selected: Callable[[], Sequence[int]] = tuple) -> None:
        self.root = root
        self.panel = panel
        self.place = place  # shows (True) or hides (False) the panel in the window
        self.line = line  # the line under Throw and Bank (None: remove it)
        self.selected = selected  # indices of the dice the player has selected
        self.shown = False
        self.decisions: list[Decision] = []
        self._key: Key | None = None  # the position being shown
        self._values_key: Key | None = None  # the position self.values belongs to
        self._asked: Key | None = None  # the position sent to the worker
        self._human = False
        self._requests: queue.Queue[tuple[Key, dict[str, Any]] | None] = queue.Queue()
        self._results: queue.Queue[tuple[Key, AdvisorValues | None, str | None]] = \
            queue.Queue()
        self._thread: threading.Thread | None = None
        self._poll_id: str | None = None
        self.values: AdvisorValues | None = None  # the latest values shown
        self._game: Game | None = None

    # -- the controller's calls -------------------------------------------------------------

    def update(self, game: Game, human: bool) -> None:
        """The game changed (or was redrawn): ask for the new position's values."""
        if game is not self._game:
            self.decisions = []
        self._game = game
        self._human = human
        self.panel.offer_review(game.over and bool(self.decisions))
        key = position_key(game) + (human,)  # demo off gives the seat back: ask again
        if key != self._key:
            self._key = key
            if self.shown:
                self._ask(game)
        self._show_selection()

    def _show_selection(self) -> None:
        """The selected freeze's row and value, next to Throw and Bank."""
        if not self.shown:
            if self.line is not None:
                self.line(None)
            return
        game, values = self._game, self.values
        if (game is None or values is None or not self._human or self._values_key != self._key
                or game.phase is not Phase.CHOOSE):
            self.panel.mark_chosen(None)
            if self.line is not None:
                self.line("")
            return
        thrown = game.thrown
        faces = [thrown[i] for i in self.selected() if 0 <= i < len(thrown)]
        self.panel.mark_chosen(values.index_of(faces) if faces else None)
        if self.line is not None:
            self.line(values.line(faces))

    def record(self, position: dict[str, Any], faces: tuple[int, ...], bank: bool) -> None:
        """A human decision at Phase.CHOOSE (the position before it, from ``to_dict``)."""
        from ..advisor import Decision  # the solver behind it is not needed at start-up

        self.decisions.append(Decision(position, tuple(faces), bank))

    def set_shown(self, on: bool) -> None:
        if on == self.shown:
            return
        self.shown = on
        self.place(on)
        if on and self._game is not None:
            self._key = None
            self.update(self._game, self._human)
        else:
            self._show_selection()

    def destroy(self) -> None:
        if self._poll_id is not None:
            self.root.after_cancel(self._poll_id)
            self._poll_id = None
        if self._thread is not None:
            self._requests.put(None)
            self._thread = None

    # -- the worker ---------------------------------------------------------------------------

    def _ask(self, game: Game) -> None:
        if game.phase is Phase.CHOOSE and self._human:
            self.panel.say("thinking...")
        elif game.over:
            self.panel.say("The game is over." + (" Review your decisions below."
                                                   if self.decisions else ""))
            self.panel.show_values(None)
        else:
            self.panel.show_values(None)
            self.panel.say(self._idle_note(game))
        self._asked = self._key
        assert self._key is not None
        self._requests.put((self._key, game.to_dict()))
        if self._thread is None:
            self._thread = threading.Thread(target=self._work, name="advisor", daemon=True)
            self._thread.start()
        if self._poll_id is None:
            self._poll_id = self.root.after(POLL_MS, self._poll)

    def _work(self) -> None:
        while True:
            item = self._requests.get()
            if item is None:
                return
            while True:  # only the newest position matters
                try:
                    newer = self._requests.get_nowait()
                except queue.Empty:
                    break
                if newer is None:
                    return
                item = newer
            key, data = item
            try:
                from ..advisor import evaluate  # in this worker: no wait in the Tk thread

                values = evaluate(Game.from_dict(data))
                self._results.put((key, values, None))
            except Exception as e:  # noqa: BLE001 - shown, never kills the worker
                self._results.put((key, None, f"The advisor failed: {e}"))

    def _poll(self) -> None:
        self._poll_id = None
        latest = None
        while True:
            try:
                latest = self._results.get_nowait()
            except queue.Empty:
                break
            key, values, error = latest
            if key == self._asked:
                self._asked = None  # nothing more on its way
            if key == self._key:
                self._show(values, error)
        if self._asked is not None:
            self._poll_id = self.root.after(POLL_MS, self._poll)

    def _show(self, values: AdvisorValues | None, error: str | None) -> None:
        self.values = values
        self._values_key = self._key
        game = self._game
        if game is None:
            return
        win = values.win if values is not None else None
        self.panel.show_bars(game.names if win is not None else None, win)
        human_choice = game.phase is Phase.CHOOSE and self._human
        self.panel.show_values(values if human_choice else None)
        if error:
            self.panel.say(error)
        elif human_choice and values is not None and values.choices:
            from ..advisor import WIN

            what = ("win probability" if values.kind == WIN
                    else "expected points pegged, fewest best" if values.lower_is_better
                    else "expected final turn score")
            self.panel.say(f"Values: {what}. \u2605 marks the best freeze, "
                           "\u25b6 the best way on.")
        elif game.over:
            self.panel.say("The game is over." + (" Review your decisions below."
                                                   if self.decisions else ""))
        elif human_choice:
            self.panel.say("No advice for this position.")
        else:
            self.panel.say(self._idle_note(game))
        self._show_selection()

    def _idle_note(self, game: Game) -> str:
        """What the empty list says between choices."""
        if self._human and game.phase is Phase.START:
            return "Throw, and every choice of the throw is valued here."
        return ""
