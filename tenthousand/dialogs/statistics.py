"""Game > Statistics: a player's figures and charts from the history (not modal).

The figures are counted in a worker (the ``stats`` lane of a :class:`JobRunner`) from a
connection of its own, so the window opens at once and stays responsive; a change of
player or filter counts again, and only the newest answer is shown.
"""

from __future__ import annotations

import sqlite3
import time
import tkinter as tk
from collections.abc import Callable
from pathlib import Path
from tkinter import filedialog, ttk
from typing import NamedTuple

from ..history.dice_sets import set_title
from ..history.export import export_csv
from ..history.report import READ_WAIT, report_lines, skipped_words, trouble_words
from ..history.schema import HistoryError
from ..history.series import faces_chart, luck_against_skill, skill_over_time, win_rate_over_time
from ..history.stats import Filters, Skipped, Statistics, statistics
from ..history.store import History, history_path
from ..i18n import N_, _, ngettext, number, pgettext
from ..model.rules import BY_STRENGTH, PRESETS
from ..services.jobs import JobRunner, weakly
from ..view import access, placing
from ..view.charts import Chart
from ..view.scaling import factor
from ..view.theme import Palette, ensure_style
from .base import collect_when_closed, derived_font
from .fairness import FairnessView

#: The choices of the filters, by the key the statistics use (None: no filter), in the
#: order shown; the texts are translated where shown.
PERIODS: dict[str, int | None] = {
    # Translators: the choices of the statistics' Period field.
    N_("All time"): None, N_("The last 7 days"): 7, N_("The last 30 days"): 30,
    N_("The last year"): 365}
LEVEL_NAMES = {
    # Translators: the choices of the statistics' Against field: computer levels ...
    "beginner": N_("Beginner"), "normal": N_("Normal"), "expert": N_("Expert"),
    "max-expected": N_("Best average"), "perfect": N_("Perfect"),
    # Translators: ... and the games against people.
    "person": N_("People")}
CHARTS = (
    # Translators: the tabs of the statistics' charts (with an access key each).
    (N_("&Win rate"), "win_rate"), (N_("&Skill"), "skill"), (N_("&Luck and skill"), "luck"),
    (N_("&Faces"), "faces"))


def _all() -> str:
    # Translators: the choice of the statistics' Rules filter that keeps every rule set.
    return _("All")


def _all_dice() -> str:
    # Translators: the choice of the statistics' Dice filter that keeps every game.
    return pgettext("dice", "All")


def _all_games() -> str:
    # Translators: the choice of the statistics' Network filter that keeps every game.
    return pgettext("games", "All")


#: A Dice filter's key for one set of real dice: this and the set's name.
SET = "set:"
#: An Against filter's key for one person: this and the name.
NAME = "name:"


def opponent_choices(people: list[str]) -> dict[str, str | int | bool | None]:
    """The Against filter's choices: all, each computer level, people, each person."""
    choices: dict[str, str | int | bool | None] = {
        _all_opponents(): None, **{_(LEVEL_NAMES[k]): k for k in (*BY_STRENGTH, "person")}}
    for name in people:
        choices.setdefault(name, NAME + name)  # (a name that is a level's word: the level)
    return choices


def dice_choices(sets: list[str]) -> dict[str, str | int | bool | None]:
    """The Dice filter's choices: all, the program's, real dice, and each set by name."""
    # Translators: the choices of the statistics' Dice field; {name} names a set of real
    # dice.
    return {_all_dice(): None, _("The program's dice"): "program",
            _("Real dice (every set)"): "real",
            **{_("Real dice: {name}").format(name=set_title(name)): SET + name
               for name in sets}}


def _all_opponents() -> str:
    # Translators: the choice of the statistics' Against filter that keeps every opponent.
    return pgettext("opponents", "All")


class Loaded(NamedTuple):
    """What a count answers: the names in the history, the figures, the names of the sets
    of real dice and of the people who played."""

    names: list[str]
    stats: Statistics | None
    sets: list[str]
    people: list[str]


def _texts(history: History, sql: str) -> list[str]:
    return sorted(r[0] for r in history.rows(sql) if isinstance(r[0], str))


def _load(path: Path, filters: Filters | None) -> Loaded:
    """The names in the history, the figures of ``filters`` (None: of the first name), the
    sets of real dice and the people."""
    if not path.exists():
        return Loaded([], None, [], [])
    # Read as it is (the game sets a bad file aside).
    with History(path, read_only=True, timeout=READ_WAIT) as history:
        names = history.names()
        sets = _texts(history, "SELECT DISTINCT dice_set FROM games WHERE dice_set IS NOT NULL")
        people = _texts(history, "SELECT DISTINCT name FROM seats WHERE computer = 0")
        if filters is None:
            if not names:
                return Loaded(names, None, sets, people)
            filters = Filters(names[0])
        return Loaded(names, statistics(history, filters), sets, people)


class StatisticsWindow(tk.Toplevel):
    """Figures and charts of one player (see the module's docstring)."""

    def __init__(self, parent: tk.Misc, pal: Palette, jobs: JobRunner, *,
                 path: Path | None = None, player: str | None = None,
                 on_shown: Callable[[], None] | None = None) -> None:
        super().__init__(parent)
        ensure_style(self)
        self.withdraw()
        self.title(_("Statistics"))
        self.transient(parent.winfo_toplevel())
        self.pal = pal
        self.jobs = jobs
        self.path = path or history_path()
        self.stats: Statistics | None = None
        self.on_shown = on_shown  # the benchmark's stopwatch
        self.opened = time.perf_counter()
        self._build_filters(player)
        self._build_body()
        self.bind("<Escape>", lambda _e: self.destroy())
        collect_when_closed(self)
        self.geometry(self._place(parent))
        self.deiconify()
        self.refresh(first=player is None)

    def _place(self, parent: tk.Misc) -> str:
        """Nearly the main window's size and over it (the screen's when it is not shown),
        within reason: readable at 1024x700, not sprawling on a large screen, and all of
        it on the screen."""
        top = parent.winfo_toplevel()
        screen_w, screen_h = self.winfo_screenwidth(), self.winfo_screenheight()
        if top.winfo_viewable():
            x0, y0, w0, h0 = (top.winfo_rootx(), top.winfo_rooty(), top.winfo_width(),
                              top.winfo_height())
        else:
            x0, y0, w0, h0 = 0, 0, screen_w, screen_h
        # The bounds grow with the scaling, and the window is never narrower or shorter
        # than its content asks while the screen has room (on a 2x screen it opened at the
        # 1x size and cut its tabs: "Luck and skil").
        f = factor(self)
        self.update_idletasks()
        bar = placing.title_bar(self)
        width = min(max(round(760 * f), min(round(1400 * f), w0 - 24), self.winfo_reqwidth()),
                    screen_w)
        height = min(max(round(520 * f), min(round(900 * f), h0 - 40), self.winfo_reqheight()),
                     screen_h - bar - 16)
        x = max(0, min(x0 + (w0 - width) // 2, screen_w - width))
        y = max(0, min(y0 + (h0 - height) // 2 - bar, screen_h - height - bar - placing.EDGE))
        return f"{width}x{height}+{x}+{y}"

    def _build_filters(self, player: str | None) -> None:
        bar = ttk.Frame(self, padding=(10, 10, 10, 4))
        bar.pack(fill="x")
        # What each filter's box shows -> the key the statistics use (None: all).
        self.choices: dict[str, dict[str, str | int | bool | None]] = {
            "preset": {_all(): None, **{PRESETS[k].label: k for k in sorted(PRESETS)}},
            "level": opponent_choices([]),
            "period": {_(name): days for name, days in PERIODS.items()},
        }
        self.player = tk.StringVar(self, player or "")
        self.preset = tk.StringVar(self, _all())
        self.level = tk.StringVar(self, _all_opponents())
        self.period = tk.StringVar(self, _(next(iter(PERIODS))))
        # Translators: the fields of the statistics' filters (with an access key each).
        self.player_box = self._combo(bar, _("&Player:"), self.player, [], 18)
        self._combo(bar, _("&Rules:"), self.preset, list(self.choices["preset"]), 13)
        self.level_box = self._combo(bar, _("&Against:"), self.level,
                                     list(self.choices["level"]), 12)
        self._combo(bar, _("Peri&od:"), self.period, list(self.choices["period"]), 15)
        more = ttk.Frame(self, padding=(10, 0, 10, 4))
        more.pack(fill="x")
        self.choices["dice"] = dice_choices([])
        self.choices["network"] = {
            _all_games(): None,
            # Translators: the choices of the statistics' Network field.
            _("Network games only"): True, _("Games on one screen only"): False}
        self.dice = tk.StringVar(self, _all_dice())
        self.network = tk.StringVar(self, _all_games())
        # Translators: the statistics' filters of the dice thrown and of network games.
        self.dice_box = self._combo(more, _("&Dice:"), self.dice, list(self.choices["dice"]),
                                    22)
        self._combo(more, _("&Network:"), self.network, list(self.choices["network"]), 22)
        self.checked_only = tk.BooleanVar(self, False)
        # Translators: a check box of the statistics' filters: leaves out the games at a
        # friend's table whose host's dice could not be checked (or were not fair).
        access.check(more, _("Leave out games with &unchecked dice"),
                     variable=self.checked_only, command=self.refresh).pack(side="left")

    def _combo(self, bar: ttk.Frame, label: str, var: tk.StringVar, values: list[str],
               width: int) -> ttk.Combobox:
        box = ttk.Combobox(bar, textvariable=var, values=values, width=width,
                           state="readonly")
        access.label(bar, label, box).pack(side="left", padx=(0, 4))
        box.pack(side="left", padx=(0, 12))
        box.bind("<<ComboboxSelected>>", lambda _e: self.refresh())
        return box

    def _chosen(self, name: str, var: tk.StringVar) -> str | int | bool | None:
        """The key of a filter's choice (a key typed in by a test counts as itself)."""
        shown = var.get()
        return self.choices[name].get(shown, shown)

    def _build_body(self) -> None:
        body = ttk.Frame(self, padding=(10, 4, 10, 10))
        body.pack(fill="both", expand=True)
        buttons = ttk.Frame(body)
        buttons.pack(side="bottom", fill="x", pady=(8, 0))
        access.button(buttons, _("&Close"), self.destroy).pack(side="right")
        access.button(buttons, _("&Export as CSV..."), self.export).pack(side="right", padx=6)
        self.status = ttk.Label(buttons, text="")
        self.status.pack(side="left")
        panes = ttk.Panedwindow(body, orient="horizontal")
        panes.pack(fill="both", expand=True)
        left = ttk.Frame(panes)
        self.text = tk.Text(left, width=46, wrap="word", relief="flat", padx=8, pady=6,
                            cursor="arrow", font="TkDefaultFont", background=self.pal.panel,
                            foreground=self.pal.panel_text)
        self.text.tag_configure("label", font=derived_font(self, weight="bold"))
        self.text.tag_configure("words", foreground=self.pal.panel_muted, lmargin1=12,
                                lmargin2=12)
        self.text.pack(fill="both", expand=True)
        panes.add(left, weight=2)
        self.tabs = ttk.Notebook(panes)
        self.charts: dict[str, Chart] = {}
        for title, name in CHARTS:
            chart = Chart(self.tabs, self.pal, width=520, height=380)
            access.tab(self.tabs, chart, _(title))
            self.charts[name] = chart
        self.fairness = FairnessView(self.tabs, self.pal)
        # Translators: the tab of the statistics with the test of each set of real dice.
        access.tab(self.tabs, self.fairness, _("Are my d&ice fair?"))
        self.tabs.enable_traversal()
        panes.add(self.tabs, weight=3)

    # -- counting --------------------------------------------------------------------------

    def filters(self) -> Filters | None:
        name = self.player.get()
        if not name:
            return None
        preset, level = self._chosen("preset", self.preset), self._chosen("level", self.level)
        opponent = level[len(NAME):] if isinstance(level, str) and level.startswith(NAME) \
            else None
        days = self._chosen("period", self.period)
        dice, network = self._chosen("dice", self.dice), self._chosen("network", self.network)
        dice_set = dice[len(SET):] if isinstance(dice, str) and dice.startswith(SET) else None
        return Filters(name, None if preset is None else str(preset),
                       None if level is None or opponent is not None else str(level),
                       since=None if isinstance(days, bool) or not isinstance(days, int) else
                       time.time() - days * 86400.0,
                       dice=dice if dice in ("program", "real") else None,
                       dice_set=dice_set,
                       network=network if isinstance(network, bool) else None,
                       opponent=opponent, checked_only=self.checked_only.get())

    def refresh(self, first: bool = False) -> None:
        """Count again with the chosen player and filters (in a worker)."""
        self.status.configure(text=_("Counting..."))
        filters = None if first else self.filters()
        path = self.path
        self.jobs.submit(lambda: _load(path, filters), weakly(self.show), weakly(self._failed),
                         name="statistics", lane="stats", latest=True)

    def _failed(self, error: BaseException) -> None:
        if self.winfo_exists():
            self.status.configure(text=trouble_words(error, self.path))

    def show(self, found: Loaded) -> None:
        if not self.winfo_exists():
            return
        names, st, sets, people = found
        self.player_box.configure(values=names)
        player = st.player if st is not None else self.player.get()
        self.choices["level"] = opponent_choices([p for p in people if p != player])
        self.level_box.configure(values=list(self.choices["level"]))
        self.choices["dice"] = dice_choices(sets)
        self.dice_box.configure(values=list(self.choices["dice"]))
        self.stats = st
        if st is None:
            self._write([(_("Games"), _("no games stored yet: play one and it appears here"))])
            self.status.configure(text="")
        else:
            self.player.set(st.player)
            self._write(report_lines(st, with_sets=False))
            self._charts(st)
            self.fairness.show(st.dice_sets)
            # Translators: under the statistics: how many stored games they count.
            self.status.configure(text=ngettext("{n} game counted", "{n} games counted",
                                                st.games).format(n=number(st.games)))
        if self.on_shown is not None:
            self.update_idletasks()
            self.on_shown()

    def _write(self, rows: list[tuple[str, str]]) -> None:
        self.text.configure(state="normal")
        self.text.delete("1.0", "end")
        for label, words in rows:
            if label:
                # Translators: a row's label in the statistics ("Games: ...").
                self.text.insert("end", _("{label}: ").format(label=label.strip()),
                                 ("label",))
                self.text.insert("end", words + "\n")
            else:
                self.text.insert("end", words + "\n", ("words",))
        self.text.configure(state="disabled")

    def _charts(self, st: Statistics) -> None:
        self.charts["win_rate"].show(win_rate_over_time(st.series))
        self.charts["skill"].show(skill_over_time(st.series))
        self.charts["luck"].show(luck_against_skill(st.series))
        if st.faces is not None:
            self.charts["faces"].show(faces_chart(st.faces, st.computer_faces, st.player))

    def export(self) -> None:
        folder = filedialog.askdirectory(parent=self, title=_("Export the games as CSV into"))
        if not folder:
            return
        self.status.configure(text=_("Writing the CSV files..."))
        path = self.path
        self.jobs.submit(lambda: _export(path, Path(folder)), weakly(self._exported),
                         weakly(self._export_failed), name="csv export", lane="stats")

    def _exported(self, files: tuple[Path, Path, list[Skipped]]) -> None:
        games, decisions, skipped = files
        # Translators: {games} and {decisions} are file names.
        wrote = _("Wrote {games} and {decisions}.").format(games=games.name,
                                                            decisions=decisions.name)
        self.status.configure(text=" ".join([wrote, skipped_words(skipped)]) if skipped
                              else wrote)

    def _export_failed(self, error: BaseException) -> None:
        if isinstance(error, (HistoryError, sqlite3.Error)):
            self.status.configure(text=trouble_words(error, self.path))
            return
        why = getattr(error, "strerror", None) or str(error)
        self.status.configure(text=_("The CSV files could not be written ({reason}).").format(
            reason=why))

    def set_palette(self, pal: Palette) -> None:
        self.pal = pal
        self.text.configure(background=pal.panel, foreground=pal.panel_text)
        for chart in self.charts.values():
            chart.set_palette(pal)
        self.fairness.set_palette(pal)


def _export(path: Path, folder: Path) -> tuple[Path, Path, list[Skipped]]:
    """Every game and decision as CSV in ``folder`` (in a worker: the database may be busy
    with a game being stored), and the games left out for odd values."""
    skipped: list[Skipped] = []
    with History(path, read_only=True, timeout=READ_WAIT) as history:
        games, decisions = export_csv(history, folder, skipped)
    return games, decisions, skipped
