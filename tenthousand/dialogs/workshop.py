"""The rules workshop (Game > House rules...): start from a preset or a saved rule set,
change any value, see at once what the change does, save it under a name, play it.

The fields live on four notebook pages (:mod:`tenthousand.dialogs.workshop_tabs`); beside
them the figures (the exact expected score of a turn, the chance of trash on six dice, the
first player's chance under perfect play once solved) and the scoring table as the rules
window shows it.  The figures are worked out off the Tk thread through a
:class:`~tenthousand.services.jobs.JobRunner`; solving perfect play has a progress bar and can be
cancelled.  A contradiction between two settings is shown as its sentence and Save waits.
"""

from __future__ import annotations

import threading
import tkinter as tk
from collections.abc import Callable
from dataclasses import dataclass
from tkinter import messagebox, ttk
from typing import Any

from ..files import rulefile
from ..files.rulefile import RuleSet
from ..i18n import N_, _, number, percent
from ..model.rules import PRESETS, Rules
from ..present.rules_text import title_of
from ..present.workshop_draft import (
    Draft,
    Figures,
    draft_of,
    figures,
    figures_text,
    fill_kinds,
    first_player_chance,
    read_draft,
    replace_question,
    solvable,
)
from ..services.jobs import JobRunner
from ..services.timers import Timers
from ..view import access
from .base import PAD, SMALL_PAD, Dialog, chars, derived_font
from .scoring_table import ScoringTable
from .workshop_tabs import (
    build_combinations,
    build_end,
    build_options,
    build_scoring,
    build_turn,
    relabel,
    scrolled,
    with_key,
)

__all__ = ["WorkshopDialog", "WorkshopResult"]

FIGURES_DELAY_MS = 150  # typing a number waits this long before the figures are worked out


@dataclass(frozen=True)
class WorkshopResult:
    """The rule set saved, and whether the player asked to play it now."""

    rule_set: RuleSet
    play: bool = False


class _Cancelled(Exception):
    """Raised inside the solver's progress callback to stop a solve."""


class WorkshopDialog(Dialog[WorkshopResult]):
    """Edit a rule set; ``.result`` is the :class:`WorkshopResult` after Save or Play."""

    # Translators: the buttons of the rules workshop (with their access keys after &).
    ok_text = N_("&Save")
    cancel_text = N_("&Close")

    def __init__(self, parent: tk.Misc, rules: Rules, *, description: str = "",
                 confirm: Callable[[str, str], bool] | None = None,
                 ask_export: Callable[[str], str | None] | None = None,
                 theme: str = "color", testing: bool = False,
                 on_table: Rules | None = None) -> None:
        self.start = draft_of(rules, _start_name(rules), description)
        self.on_table = on_table  # the game on the table's rules (replace_question)
        self.confirm = confirm or (lambda title, q: messagebox.askyesno(title, q, parent=self))
        self.ask_export = ask_export
        self.theme = theme
        self.jobs: JobRunner | None = None
        self.vars: dict[str, tk.Variable] = {}
        self.shown_figures: Figures | None = None
        self.solved: dict[Rules, Any] = {}
        self._solve_stop: threading.Event | None = None
        self._solve_share = 0.0
        #: The figures worked out once typing pauses, the solve's progress bar.
        self.timers = Timers(self)
        self.play = False
        # Translators: the title of the rules workshop.
        super().__init__(parent, _("House rules"), testing=testing)

    # -- building ------------------------------------------------------------------------

    def body(self, frame: ttk.Frame) -> None:
        self.jobs = JobRunner(self)
        ttk.Style(self).configure("Heading.TLabel", font=derived_font(self, weight="bold"))
        self._build_top(frame)
        self.notebook = ttk.Notebook(frame)
        self.notebook.grid(row=1, column=0, sticky="nsew", pady=(PAD, 0))
        self.notebook.enable_traversal()  # Ctrl+Tab and Alt+letter change the page
        self.pages: dict[str, ttk.Frame] = {}
        # Translators: the tabs of the rules workshop (with their access keys after &).
        self.pages["scoring"] = scrolled(self.notebook, _("Scor&ing"))
        build_scoring(self.pages["scoring"], self)
        for key, text in (("combinations", _("Com&binations")), ("turn", _("&Turn")),
                          ("end", _("&End")), ("options", _("&Options"))):
            page = ttk.Frame(self.notebook, padding=PAD)
            access.tab(self.notebook, page, text)
            self.pages[key] = page
        build_combinations(self.pages["combinations"], self)
        build_turn(self.pages["turn"], self)
        build_end(self.pages["end"], self, self._var)
        build_options(self.pages["options"], self)
        self._build_side(frame)
        frame.rowconfigure(1, weight=1)
        self._load(self.start)
        self.bind("<Destroy>", self._closing, add="+")

    def _build_top(self, frame: ttk.Frame) -> None:
        top = ttk.Frame(frame)
        top.grid(row=0, column=0, columnspan=2, sticky="ew")
        self.bases = _bases()
        self.base_var = tk.StringVar(self, "")
        self.base_combo = ttk.Combobox(top, textvariable=self.base_var, state="readonly",
                                       values=list(self.bases), width=22)
        self.base_combo.grid(row=0, column=1, sticky="w", padx=SMALL_PAD)
        self.base_combo.bind("<<ComboboxSelected>>", self._base_chosen)
        # Translators: the labels at the top of the rules workshop (access keys after &).
        access.label(top, _("Start &from"), self.base_combo).grid(row=0, column=0, sticky="w")
        self.name_entry = self.entry(top, "name", 0, 3, width=24)
        access.label(top, _("&Name"), self.name_entry).grid(row=0, column=2, sticky="w",
                                                           padx=(PAD, 0))
        self.error_label(top, "name").grid(row=0, column=4, sticky="w")
        description = self.entry(top, "description", 1, 1, width=52)
        description.grid(columnspan=4, sticky="ew")
        access.label(top, _("&Description"), description).grid(row=1, column=0, sticky="w")
        self.error_label(top, "description").grid(row=1, column=5, sticky="w")

    def _build_side(self, frame: ttk.Frame) -> None:
        side = self.side = ttk.Labelframe(frame, text=_("What these rules give"), padding=PAD)
        side.grid(row=1, column=1, sticky="nsew", padx=(PAD, 0), pady=(PAD, 0))
        frame.columnconfigure(1, weight=1)
        wrap = chars(self, 44)
        self.problem = self.error_label(side, "rules", wraplength=wrap, justify="left")
        self.problem.grid(row=0, column=0, columnspan=3, sticky="w")
        self.figures_label = ttk.Label(side, text="", wraplength=wrap, justify="left")
        self.figures_label.grid(row=1, column=0, columnspan=3, sticky="w")
        self.perfect_label = ttk.Label(side, text="", wraplength=wrap, justify="left")
        self.perfect_label.grid(row=2, column=0, columnspan=3, sticky="w", pady=(SMALL_PAD, 0))
        # Translators: solves perfect play for the rules in the workshop.
        self.solve_button = access.button(side, _("So&lve"), self.solve)
        self.solve_button.grid(row=3, column=0, sticky="w", pady=SMALL_PAD)
        self.progress = ttk.Progressbar(side, maximum=1.0, length=chars(self, 16))
        self.progress.grid(row=3, column=1, sticky="w", padx=SMALL_PAD)
        self.strategy_button = access.button(side, _("St&rategy card"), self.show_strategy)
        self.strategy_button.grid(row=3, column=2, sticky="e")
        self.table = ScoringTable(side, theme=self.theme)
        self.table.grid(row=4, column=0, columnspan=3, sticky="nsew", pady=(SMALL_PAD, 0))
        side.rowconfigure(4, weight=1)

    def narrow(self) -> None:
        """What the rules give under the pages (on a narrow screen)."""
        self.side.grid(row=2, column=0, padx=0)
        self.body_frame.columnconfigure(1, weight=0)

    def _buttons(self) -> None:
        super()._buttons()
        bar = self.button_ok.master
        with_key(self.button_ok, self.ok_text)
        if self.button_cancel is not None and self.cancel_text:
            with_key(self.button_cancel, self.cancel_text)
        self.button_play = access.button(bar, _("&Play these rules"), self.play_rules)
        self.button_play.grid(row=0, column=3, padx=(SMALL_PAD, 0))
        self.button_export = access.button(bar, _("E&xport..."), self.export)
        self.button_export.grid(row=0, column=4, padx=(SMALL_PAD, 0))
        self._changed()  # the figures of the rules to start from

    # -- the fields (used by the page builders) -------------------------------------------

    def _var(self, field: str) -> tk.Variable:
        var = self.vars.get(field)
        if var is None:
            var = tk.BooleanVar(self) if isinstance(self.start[field], bool) \
                else tk.StringVar(self)
            var.trace_add("write", self._changed)
            self.vars[field] = var
        return var

    def entry(self, parent: tk.Misc, field: str, row: int, column: int, *,
              width: int = 8) -> ttk.Entry:
        """A box for a number (or text) of the draft."""
        box = ttk.Entry(parent, textvariable=self._var(field), width=width,
                        justify="left" if field in ("name", "description") else "right")
        box.grid(row=row, column=column, sticky="w", padx=(0, SMALL_PAD), pady=1)
        self.fields: dict[str, ttk.Entry] = getattr(self, "fields", {})
        self.fields[field] = box
        return box

    def check(self, parent: tk.Misc, field: str, text: str, row: int, *,
              column: int = 0, columnspan: int = 3) -> ttk.Checkbutton:
        """A check box for a flag or an option of the draft (``text`` translated, with
        ``&`` before its access key)."""
        box = access.check(parent, text, variable=self._var(field))
        box.grid(row=row, column=column, columnspan=columnspan, sticky="w", pady=1)
        return box

    def draft(self) -> Draft:
        """The fields as they are now."""
        out: Draft = dict(self.start)
        for field, var in self.vars.items():
            value = var.get()  # type: ignore[no-untyped-call]
            out[field] = bool(value) if isinstance(var, tk.BooleanVar) else str(value)
        out["base"] = self.start["base"]
        return out

    def _load(self, draft: Draft) -> None:
        self._loading = True
        try:
            for field, var in self.vars.items():
                var.set(draft[field])
        finally:
            self._loading = False
        self.start = dict(draft)
        title = title_of(PRESETS[str(draft["base"])])
        self.base_var.set(next((k for k, (r, _desc) in self.bases.items()
                                if r.title == draft["name"]), title))
        self._changed()

    def fill_kinds(self, shortcut: str) -> None:
        """Fill the kinds table with a shortcut from the triplet column."""
        self._load(dict(fill_kinds(self.draft(), shortcut), base=self.start["base"]))

    def _base_chosen(self, event: object = None) -> None:
        rules, description = self.bases[self.base_var.get()]
        self._load(draft_of(rules, _start_name(rules), description))

    # -- checking and the figures ---------------------------------------------------------

    def validate(self) -> tuple[WorkshopResult | None, dict[str, str]]:
        if not hasattr(self, "table"):
            return None, {}  # still being built
        rule_set, errors = read_draft(self.draft())
        shown: dict[str, str] = {}
        for field, message in errors.items():
            group = "singles" if field.startswith("single_") else (
                f"kinds_{field.split('_')[1]}" if field.startswith("kind_") else field)
            shown.setdefault(group, message)
        if rule_set is None:
            return None, shown
        return WorkshopResult(rule_set, self.play), {}

    def _changed(self, *args: object) -> None:
        if getattr(self, "_loading", False) or not hasattr(self, "button_play"):
            return  # loading, or still being built (the buttons come last)
        self.refresh()
        result, errors = self.validate()
        self.button_play.state(["disabled"] if errors else ["!disabled"])
        self.button_export.state(["disabled"] if errors else ["!disabled"])
        if result is None:
            self.figures_label.configure(text="")
            self.perfect_label.configure(text="")
            self.solve_button.state(["disabled"])
            self.strategy_button.state(["disabled"])
            return
        self._show_table(result.rule_set.rules)
        self.timers.later(FIGURES_DELAY_MS, self._work_out, purpose="figures")

    def _show_table(self, rules: Rules) -> None:
        self.table.show(rules)
        self._show_perfect(rules)

    def _work_out(self) -> None:
        """Work out the figures of the rules in the fields, off the Tk thread."""
        result = self.validate()[0]
        if result is None or self.jobs is None:
            return
        rules = result.rule_set.rules
        self.figures_label.configure(text=_("Working out what these rules give..."))
        self.jobs.submit(lambda: figures(rules), lambda f: self._show_figures(rules, f),
                         lambda e: self._figures_failed(rules, e),
                         name="workshop figures", lane="workshop", latest=True)

    def current_rules(self) -> Rules | None:
        result = self.validate()[0]
        return None if result is None else result.rule_set.rules

    def _show_figures(self, rules: Rules, found: Figures) -> None:
        if rules != self.current_rules():
            return  # the fields changed meanwhile; their own figures are on the way
        self.shown_figures = found
        self.figures_label.configure(text="\n".join(figures_text(found)))
        self.strategy_button.state(
            ["!disabled"] if found.expected is not None and not rules.rotary_club
            and not rules.pyramiding else ["disabled"])

    def _figures_failed(self, rules: Rules, error: BaseException) -> None:
        if rules == self.current_rules():
            self.figures_label.configure(
                text=_("These rules cannot be worked out ({problem}).").format(
                    problem=f"{type(error).__name__}: {error}"))

    def _show_perfect(self, rules: Rules) -> None:
        reason = solvable(rules)
        solution = self.solved.get(rules)
        if solution is not None:
            from ..solver.card import fair_handicap

            chance = first_player_chance(rules, solution.win)
            points, even = fair_handicap(solution)
            self.perfect_label.configure(
                text=_("Under perfect play the first player wins {chance} of two-player "
                       "games. A fair handicap: the second player starts with {points} "
                       "points (the first then wins {even}).").format(
                    chance=percent(chance, 1), points=number(points), even=percent(even, 1)))
        elif reason is not None:
            self.perfect_label.configure(text=reason)
        elif self._solve_stop is None:
            self.perfect_label.configure(
                text=_("Solve perfect play for two players to see the first player's chance "
                       "(a few seconds to a minute)."))
        busy = self._solve_stop is not None
        # Translators: the Solve button while a solve runs (it stops it); keep the access
        # key of "So&lve" if this word has that letter.
        relabel(self.solve_button, _("So&lve"), _("Cancel") if busy else None)
        self.solve_button.state(["!disabled"] if busy or (reason is None and solution is None)
                                else ["disabled"])

    # -- solving --------------------------------------------------------------------------

    def solve(self) -> None:
        """Solve perfect play for the rules in the fields (or cancel the solve running)."""
        if self._solve_stop is not None:
            self._solve_stop.set()
            return
        rules = self.current_rules()
        if rules is None or solvable(rules) is not None or self.jobs is None:
            return
        stop = threading.Event()
        self._solve_stop, self._solve_share = stop, 0.0

        def progress(share: float) -> None:
            if stop.is_set():
                raise _Cancelled()
            self._solve_share = share

        from ..solver.card import solve_first_player

        self.jobs.submit(lambda: solve_first_player(rules, progress),
                         lambda s: self._solved(rules, s), lambda e: self._solve_failed(e),
                         name="workshop solve", lane="workshop-solve")
        self.perfect_label.configure(text=_("Solving perfect play..."))
        self._show_perfect(rules)
        self._poll_progress()

    def _poll_progress(self) -> None:
        if self._solve_stop is None:
            self.progress.configure(value=0.0)
            return
        self.progress.configure(value=self._solve_share)
        self.timers.later(100, self._poll_progress, purpose="progress")

    def _solved(self, rules: Rules, solution: Any) -> None:
        from ..solver import table

        self._solve_stop = None
        self.solved[rules] = solution
        table.register(table.unpack(table.pack(solution)))  # Perfect and the card use it
        current = self.current_rules()
        if current is not None:
            self._show_perfect(current)

    def _solve_failed(self, error: BaseException) -> None:
        self._solve_stop = None
        rules = self.current_rules()
        if rules is not None:
            self._show_perfect(rules)
        if not isinstance(error, _Cancelled):
            self.perfect_label.configure(text=_("Solving failed: {problem}").format(
                problem=error))
        else:
            self.perfect_label.configure(text=_("Solving cancelled."))

    def show_strategy(self) -> None:
        """The strategy card of the rules in the fields."""
        rules = self.current_rules()
        if rules is None:
            return
        from .strategy import StrategyWindow

        StrategyWindow(self, rules, theme=self.theme, seats=2)

    # -- saving ---------------------------------------------------------------------------

    def ok(self, event: object = None) -> None:
        """Save under the name (asking before replacing a saved set), then close."""
        if event is not None:
            focus = self.focus_get()
            if isinstance(focus, ttk.Button) and focus is not self.button_ok:
                focus.invoke()
                return
        result, errors = self.validate()
        if result is None:
            self.refresh()
            self.bell()
            return
        if not self.save(result.rule_set):
            self.play = False
            return
        self.result = WorkshopResult(result.rule_set, self.play)
        self.destroy()

    def save(self, rule_set: RuleSet) -> bool:
        """Save in the config folder; False when the player kept the other set or the
        disk refused (the message says why)."""
        existing = rulefile.find_saved(rule_set.name)
        path = rulefile.folder() / (rulefile.slug(rule_set.name) + rulefile.SUFFIX)
        if existing is not None or path.exists():
            if existing is not None and existing.rules == rule_set.rules and \
                    existing.description == rule_set.description:
                return True  # the very same set: nothing to replace
            if not self.confirm(_("Replace a saved rule set"),
                                replace_question(rule_set.name, self.on_table)):
                self.status.configure(text=_("Not saved: give the rules another name."))
                self.name_entry.focus_set()
                return False
        if rule_set.name.casefold() in {t.casefold() for r in PRESETS.values()
                                        for t in (r.title, title_of(r))}:
            self.status.configure(text=_("That is the name of a preset: choose another."))
            self.name_entry.focus_set()
            return False
        try:
            rulefile.save(rule_set)
        except OSError as e:
            self.status.configure(text=_("Could not save: {reason}.").format(
                reason=e.strerror or e))
            return False
        return True

    def play_rules(self) -> None:
        """Save, close and set up a new game with these rules."""
        self.play = True
        self.ok()

    def export(self) -> None:
        """Write the rules in the fields to a file the player chooses."""
        result = self.validate()[0]
        if result is None or self.ask_export is None:
            return
        path = self.ask_export(rulefile.slug(result.rule_set.name) + rulefile.SUFFIX)
        if not path:
            return
        try:
            rulefile.write(path, result.rule_set)
        except OSError as e:
            self.status.configure(text=_("Could not export: {reason}.").format(
                reason=e.strerror or e))
            return
        self.status.configure(text=_("Exported to {file}.").format(file=path))

    def _closing(self, event: tk.Event) -> None:
        if event.widget is self:
            if self._solve_stop is not None:
                self._solve_stop.set()
            self.timers.cancel_all()
            if self.jobs is not None:
                self.jobs.close()


def _bases() -> dict[str, tuple[Rules, str]]:
    """The presets and the saved rule sets to start from, by the text shown."""
    found: dict[str, tuple[Rules, str]] = {title_of(r): (r, "") for r in PRESETS.values()}
    sets, _problems = rulefile.saved()  # unreadable files: the new-game dialog's log
    for rs in sets:
        # Translators: a saved rule set in the workshop's list of rule sets to start from.
        found[_("{name} (saved)").format(name=rs.name)] = (rs.rules, rs.description)
    return found


def _start_name(rules: Rules) -> str:
    """A name to save under: a preset's own title is taken, so "My" goes in front."""
    titles = {r.title for r in PRESETS.values()}
    # Translators: the name the workshop proposes for a rule set made from a preset.
    return _("My {title}").format(title=title_of(rules)) if rules.title in titles \
        else rules.title

