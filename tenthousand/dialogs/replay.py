"""The replay window: a game's record step by step, on a table like the game's own.

The record is played again once in a worker (:func:`tenthousand.present.replaying.build`, through
:class:`~tenthousand.services.jobs.JobRunner`; a long one shows its progress after half a
second, with Cancel, which closes the window), or comes built (File > Open record builds it
as it reads the file); after that every step is shown in a few milliseconds, so stepping,
the slider and the list of turns never hold up the window.  The list of turns is filled a
few hundred rows at a time (a record of 100,000 commands has some 30,000 turns).  At a decision of a person the advisor's verdict is worked out in the same
runner and shown under the table.  The window is not modal: the game goes on beside it.
"""

from __future__ import annotations

import bisect
import tkinter as tk
from collections.abc import Callable
from tkinter import ttk

from ..advice.values import evaluate
from ..i18n import _, number
from ..model import Game, Record
from ..present import presenter
from ..present.replaying import Progress, Replay, Turn, advice_text, build, context
from ..services.jobs import JobRunner
from ..services.timers import Timers
from ..view import access, placing
from ..view.dice import DiceImages
from ..view.panels import LogPanel
from ..view.scoreboard import Scoreboard
from ..view.table import TableView
from ..view.theme import ensure_style, palette
from .base import PAD, chars, collect_when_closed
from .progress import ProgressBox

#: The rows of the list of turns added at a time (some 10 ms).
TURN_ROWS = 250

PlayOn = Callable[[Game, int], object]


def replay_title(names: list[str]) -> str:
    """The replay window's title: "Replay — Ann vs Bob"."""
    players = names[0] if names else ""
    for name in names[1:]:
        # Translators: the players of a replayed game, one after the other ("Ann vs Bob").
        players = _("{players} vs {name}").format(players=players, name=name)
    # Translators: the replay window's title; {players} is "Ann vs Bob".
    return _("Replay \u2014 {players}").format(players=players)


class ReplayWindow(tk.Toplevel):
    """Steps through ``record``; ``step`` is shown first (default: the last)."""

    def __init__(self, parent: tk.Misc, record: Record, *, theme: str = "color",
                 table_colour: str = "green", step: int | None = None,
                 on_play_on: PlayOn | None = None, replay: Replay | None = None) -> None:
        super().__init__(parent)
        collect_when_closed(self)  # its Tk variables are freed in the Tk thread
        ensure_style(self)
        self.withdraw()
        self.record = record
        self.on_play_on = on_play_on
        self.replay: Replay | None = None
        self.step = 0
        self.turns: list[Turn] = []
        self._turn_steps: list[int] = []  # the step each turn starts at, in order
        self.advice: dict[int, str] = {}  # step -> what the advisor said of its decision
        self._first_step = step
        self._moving = False  # set while the window moves the slider and list itself
        self._log_step: int | None = None  # the step the log panel shows
        self.runner = JobRunner(self)
        self.timers = Timers(self)
        self.progress: ProgressBox | None = None
        self.images = DiceImages(self, theme)
        self.pal = palette(theme, table_colour)
        self.title(replay_title([s.name for s in record.seats]))
        self._build()
        self._bind_keys()
        self.protocol("WM_DELETE_WINDOW", self.close)
        width = min(1120, self.winfo_screenwidth() - 2 * placing.EDGE)
        height = min(780, self.winfo_screenheight() - placing.title_bar(self) - 2 * placing.EDGE)
        self._fit_controls(width)
        self.geometry(f"{width}x{height}{placing.place(self, str(self), str(parent), (width, height))}")
        self.deiconify()
        self.focus_set()
        if replay is not None:
            self._ready(replay)
        else:
            self._build_replay(record)

    def _build_replay(self, record: Record) -> None:
        """Play the record through in the worker, its progress shown if it takes long."""
        progress = Progress()

        def ready(replay: Replay) -> None:
            self._done_building()
            self._ready(replay)

        def failed(error: BaseException) -> None:
            self._done_building()
            self._failed(error)

        job = self.runner.submit(lambda: build(record, progress), ready, failed,
                                 name="replay", lane="replay")

        def cancel() -> None:
            progress.cancel()
            self.runner.cancel(job)
            self.close()

        # Translators: the progress box while a long record is played through.
        self.progress = ProgressBox(self, _("Replay"), _("Reading the game..."),
                                    lambda: progress.share, cancel)

    def _done_building(self) -> None:
        if self.progress is not None:
            self.progress.close()
            self.progress = None

    # -- building ------------------------------------------------------------------------

    def _build(self) -> None:
        pal = self.pal
        body = tk.Frame(self, background=pal.panel)
        body.pack(fill="both", expand=True)
        body.columnconfigure(0, weight=1)
        body.rowconfigure(0, weight=1)
        self.table = TableView(body, self.images, pal, animation=False)
        self.table.configure(width=600, height=420)
        self.table.grid(row=0, column=0, sticky="nsew")
        side = tk.Frame(body, background=pal.panel, width=340)
        side.grid(row=0, column=1, sticky="ns")
        side.pack_propagate(False)
        self.scoreboard = Scoreboard(side, pal)
        self.scoreboard.pack(fill="x")
        self.turn_list = ttk.Treeview(side, columns=("turn",), show="headings", height=7,
                                      selectmode="browse", takefocus=0)
        # Translators: the head of the list of turns: at most about 30 characters.
        self.turn_list.heading("turn", text=_("Turns (click one to go there)"))
        self.turn_list.column("turn", width=300, anchor="w")
        self.turn_list.pack(fill="x", padx=6, pady=(4, 4))
        self.turn_list.bind("<<TreeviewSelect>>", self._turn_chosen)
        self.log = LogPanel(side, pal)
        self.log.pack(fill="both", expand=True)
        self._build_controls()

    def _build_controls(self) -> None:
        bar = ttk.Frame(self, padding=(PAD, PAD // 2))
        bar.pack(fill="x", side="bottom")
        self.advice_label = ttk.Label(bar, text=_("Reading the game..."), anchor="w",
                                      justify="left", wraplength=chars(self, 120))
        self.advice_label.pack(fill="x", pady=(0, 4))
        row = ttk.Frame(bar)
        row.pack(fill="x")
        self.buttons: dict[str, ttk.Button] = {}
        # Translators: the replay's buttons, each with an access key (&), none twice in the
        # window; the arrows show the direction.
        for name, text, command in (
                ("first", _("\u00ab &First"), self.first),
                ("back", _("\u2039 &Back"), self.back),
                ("forward", _("For&ward \u203a"), self.forward),
                ("last", _("&Last \u00bb"), self.last)):
            button = access.button(row, text, command, state="disabled", takefocus=0)
            button.pack(side="left", padx=(0, 4))
            self.buttons[name] = button
        self.scale = ttk.Scale(row, from_=0, to=1, orient="horizontal",
                               command=self._slid, takefocus=0)
        self.scale.pack(side="left", fill="x", expand=True, padx=PAD)
        self.where = ttk.Label(row, text="", width=22, anchor="e")
        self.where.pack(side="left", padx=(0, PAD))
        # Beside the slider, or on a line of their own when the window is too narrow.
        self.actions = actions = ttk.Frame(bar)
        actions.pack(side="right", in_=row)
        self.play_on_button = access.button(actions, _("&Play on from here"), self.play_on,
                                            state="disabled", takefocus=0)
        self.play_on_button.pack(side="left", padx=(0, 4))
        access.button(actions, _("C&harts"), self.show_charts, takefocus=0).pack(
            side="left", padx=(0, 4))
        access.button(actions, _("&Close"), self.close, takefocus=0).pack(side="left")

    def _fit_controls(self, width: int) -> None:
        """The buttons on a second line when one line of controls is wider than ``width``."""
        self.update_idletasks()
        row = self.scale.master
        if row.winfo_reqwidth() > width - 2 * PAD:
            self.actions.pack_forget()
            self.actions.pack(in_=self.actions.master, anchor="e", pady=(4, 0))

    def show_charts(self) -> tk.Toplevel:
        """C, the Charts button: the score race and the chances of winning of the game
        being replayed (worked out off the Tk thread)."""
        from .charts import ChartsWindow

        return ChartsWindow(self, self.record, self.pal, jobs=self.runner,
                            title=_("Charts of the replayed game"))

    def _bind_keys(self) -> None:
        for sequence, command in (("<Home>", self.first), ("<Left>", self.back),
                                  ("<Right>", self.forward), ("<End>", self.last),
                                  ("<Prior>", self.turn_back), ("<Next>", self.turn_forward),
                                  ("<c>", self.show_charts), ("<C>", self.show_charts),
                                  ("<Escape>", self.close)):
            self.bind(sequence, lambda e, c=command: (c(), "break")[1])  # type: ignore[misc]

    # -- the worker's results --------------------------------------------------------------

    def _ready(self, replay: Replay) -> None:
        self.replay = replay
        self.turns = replay.turns()
        self._turn_steps = [t.step for t in self.turns]
        self.scale.configure(to=max(replay.last, 1))
        step = replay.last if self._first_step is None else self._first_step
        self.show(step)
        self._add_turn_rows(0)

    def _add_turn_rows(self, begin: int) -> None:
        """The list of turns, TURN_ROWS rows at a time, the window free in between."""
        end = min(len(self.turns), begin + TURN_ROWS)
        for turn in self.turns[begin:end]:
            self.turn_list.insert("", "end", iid=str(turn.number), values=(turn.text,))
        if end < len(self.turns):
            self.timers.later(1, self._add_turn_rows, end, purpose="turn rows")
        elif self.replay is not None:
            self._show_controls(self.step)  # the row of the turn shown is there now

    def _failed(self, error: BaseException) -> None:
        # Translators: {reason} says what is wrong with the record.
        self.advice_label.configure(text=_("This record cannot be replayed: {reason}").format(
            reason=error))

    # -- moving ----------------------------------------------------------------------------

    def first(self) -> None:
        self.show(0)

    def back(self) -> None:
        self.show(self.step - 1)

    def forward(self) -> None:
        self.show(self.step + 1)

    def last(self) -> None:
        if self.replay is not None:
            self.show(self.replay.last)

    def turn_back(self) -> None:
        """PageUp: the start of this turn, or of the one before when already there."""
        i = bisect.bisect_left(self._turn_steps, self.step)
        self.show(self._turn_steps[i - 1] if i else 0)

    def turn_forward(self) -> None:
        """PageDown: the start of the next turn (the end when there is none)."""
        i = bisect.bisect_right(self._turn_steps, self.step)
        if self.replay is not None:
            self.show(self._turn_steps[i] if i < len(self._turn_steps) else self.replay.last)

    def _slid(self, value: str) -> None:
        if not self._moving:
            self.show(round(float(value)))

    def _turn_chosen(self, event: object = None) -> None:
        chosen = self.turn_list.selection()
        if self._moving or not chosen:
            return
        turn = self.turns[int(chosen[0]) - 1]
        if self.turn_of(self.step) != turn.number:
            self.show(turn.step)

    def turn_of(self, step: int) -> int:
        """The number of the turn that ``step`` belongs to (0 before the first)."""
        return bisect.bisect_right(self._turn_steps, step)

    # -- showing ---------------------------------------------------------------------------

    def show(self, step: int) -> None:
        """Show the game after ``step`` commands (clamped to the record)."""
        replay = self.replay
        if replay is None:
            return
        step = max(0, min(replay.last, step))
        self.step = step
        game = replay.game(step)
        ctx = context(replay, step, game)
        self.table.show(presenter.table(game, ctx))
        self.scoreboard.show(presenter.seat_rows(game, ctx), presenter.stage_text(game),
                             game.rules.challenging)
        self._show_log(game, step)
        self._show_controls(step)
        self._show_advice(game, step)

    def _show_log(self, game: Game, step: int) -> None:
        replay = self.replay
        assert replay is not None
        if self._log_step is not None and step == self._log_step + 1:
            events = replay.events(step)
        else:
            self.log.clear()
            events = tuple(game.log[-presenter.LOG_TAIL:])
        for event in events:
            self.log.add(*presenter.log_line(game, event))
        self._log_step = step

    def _show_controls(self, step: int) -> None:
        replay = self.replay
        assert replay is not None
        self._moving = True
        try:
            self.scale.set(step)
            current = self.turn_of(step)
            if current and self.turn_list.exists(str(current)) \
                    and self.turn_list.selection() != (str(current),):
                self.turn_list.selection_set(str(current))
                self.turn_list.see(str(current))
            self.update_idletasks()  # the list's <<TreeviewSelect>> comes while _moving
        finally:
            self._moving = False
        at_start, at_end = step == 0, step == replay.last
        for name, off in (("first", at_start), ("back", at_start), ("forward", at_end),
                          ("last", at_end)):
            self.buttons[name].configure(state="disabled" if off else "normal")
        self.play_on_button.configure(
            state="normal" if self.on_play_on is not None and not replay.game_over(step)
            else "disabled")
        if self.turns:
            # Translators: where the replay is; short (about 22 characters).
            where = _("Step {step} of {last} \u00b7 turn {turn}").format(
                step=number(step), last=number(replay.last), turn=number(self.turn_of(step)))
        else:
            where = _("Step {step} of {last}").format(step=number(step),
                                                      last=number(replay.last))
        self.where.configure(text=where)

    def _show_advice(self, game: Game, step: int) -> None:
        replay = self.replay
        assert replay is not None
        # The decision the table shows selected: the one about to be made at this step.
        decision = replay.decision_shown(step)
        if decision is None:
            note = "" if step else _("The start of the game.")
            if step and step == replay.last and game.over:
                note = _("The end of the game.")
            self.advice_label.configure(text=note)
            return
        if step in self.advice:
            self.advice_label.configure(text=self.advice[step])
            return
        self.advice_label.configure(text=_("Asking the advisor about this decision..."))
        name = self.record.seats[replay.commands[step].seat].name

        def done(values: object) -> None:
            self.advice[step] = advice_text(name, decision, values)  # type: ignore[arg-type]
            if self.step == step:
                self.advice_label.configure(text=self.advice[step])

        def failed(error: BaseException) -> None:
            if self.step == step:
                self.advice_label.configure(text=_(
                    "The advisor could not value this decision: {reason}").format(
                        reason=error))

        self.runner.submit(lambda: evaluate(Game.from_dict(decision.position)), done, failed,
                           name="replay-advice", lane="advice", latest=True)

    # -- playing on ------------------------------------------------------------------------

    def play_on(self) -> None:
        """Start a new (assisted) game from the step shown, in the main window."""
        if self.on_play_on is None or self.replay is None:
            return
        step, record, on_play_on = self.step, self.record, self.on_play_on
        self.play_on_button.configure(state="disabled")

        def done(game: Game) -> None:
            on_play_on(game, step)
            self._show_controls(self.step)

        self.runner.submit(lambda: record.play_on(step), done, self._failed,
                           name="replay-play-on", lane="replay")

    def close(self) -> None:
        self._done_building()
        self.timers.cancel_all()
        self.runner.close()
        self.table.settle()
        self.images.clear()
        self.destroy()
