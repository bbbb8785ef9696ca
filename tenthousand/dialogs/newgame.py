"""The new-game dialog: seats, preset, numbers and options, checked as you type."""

from __future__ import annotations

import dataclasses
import logging
import tkinter as tk
from collections.abc import Callable
from tkinter import font as tkfont
from tkinter import ttk

from ..files.settings import (
    MAX_SEATS,
    SAVED_PREFIX,
    GameSettings,
    SeatSetting,
    default_name_kind,
    in_this_language,
    next_computer_name,
    next_guest_name,
    next_person_name,
)
from ..i18n import N_, _, mnemonic, number
from ..model import OPTION_NAMES, PRESETS
from ..model.rules import BY_STRENGTH, Rules
from ..present.network import hosted_seats_problem
from ..present.option_help import OPTION_HELP
from ..view import access
from .base import HINT_STYLE, PAD, SMALL_PAD, Dialog, chars, derived_font
from .host_where import HostWhere
from .option_boxes import OptionBoxes
from .perfect_note import PerfectNote
from .real_dice_frame import RealDiceFrame

log = logging.getLogger(__name__)

__all__ = ["NewGameDialog", "LEVEL_LABELS", "player_choices", "OPTION_HELP", "PRESET_HELP"]

#: How the computer levels are shown, weakest first (translated where shown).
LEVEL_LABELS: dict[str, str] = {
    # Translators: the computer levels, weakest first.
    "beginner": N_("Beginner"),
    "normal": N_("Normal"),
    "max-expected": N_("Best average"),
    "expert": N_("Expert"),
    "perfect": N_("Perfect"),
}


def player_choices(network: bool = False) -> dict[str, SeatSetting]:
    """The "plays as" choices of a seat, in the language in use: a human, (``network``: a
    friend over the network,) or the computer at one of its levels; each with the seat it
    makes (its name left empty)."""
    # Translators: a seat's "plays as" choice: a person at the screen.
    choices = {_("Human"): SeatSetting("", False, "normal")}
    if network:  # Translators: a seat's "plays as" choice: a friend at their own screen.
        choices[_("A player over the network")] = SeatSetting("", False, "normal", net=True)
    for level in BY_STRENGTH:  # weakest first, as measured
        # Translators: a seat's "plays as" choice; {level} is a computer level (Expert).
        text = _("Computer: {level}").format(level=_(LEVEL_LABELS.get(level, level)))
        choices[text] = SeatSetting("", True, level)
    return choices


#: A short description of each preset, shown under the preset chooser.
PRESET_HELP: dict[str, str] = {
    "ten-thousand": N_("The 1992 game: each extra die doubles a group; three pairs and "
                       "straights on a turn's first throw only."),
    "trash-5000": N_("Tommy's Trash (1989), short: singles, triplets and the straight; "
                     "minimums 500 and 350."),
    "trash-10000": N_("Tommy's Trash (1989): adds three pairs and two triplets; minimums 500 "
                      "and 350."),
    "trash-15000": N_("Tommy's Trash (1989), long: adds four, five and six of a kind; "
                      "minimums 500 and 350."),
    "farkle": N_("Today's common rules: four to six of a kind, three pairs and two triplets; "
                 "500 to get on the board."),
}

NUMBER_FIELDS: tuple[tuple[str, str], ...] = (
    # Translators: the number fields of the new-game dialog; "&" marks the access key.
    ("game_point", N_("&Game point")),
    ("opening_minimum", N_("&Opening minimum")),
    ("minimum", N_("Later m&inimum")),
)


def _saved_rule_sets() -> dict[str, tuple[Rules, str]]:
    """The saved rule sets by their settings name, with their descriptions; a file that
    cannot be read is left out and logged."""
    from ..files import rulefile

    sets, problems = rulefile.saved()
    for problem in problems:
        log.warning("a saved rule set is left out: %s", problem)
    return {SAVED_PREFIX + rs.name: (rs.rules, rs.description) for rs in sets}


def _choice_of(seat: SeatSetting) -> str:
    wanted = (seat.computer, seat.level if seat.computer else "normal", seat.net)
    for text, kind in player_choices(network=seat.net).items():
        if (kind.computer, kind.level, kind.net) == wanted:
            return text
    return _("Computer: {level}").format(level=seat.level)


def _seat_of(name: str, choice: str) -> SeatSetting:
    kind = player_choices(network=True).get(choice)
    if kind is None:  # not one of the list's: a level the list does not know
        return SeatSetting(name, True, choice.rpartition(" ")[2])
    return SeatSetting(name, kind.computer, kind.level, kind.net)


def parse_number(text: str) -> int | None | str:
    """The number typed in a field: ``None`` when empty, an int, or an error message.  The
    language's group separator may be typed: 10,000 (English), 10.000 (German)."""
    group = number(1000)[1]
    cleaned = text.strip()
    for mark in (group, "_", " ", "\u00a0", "\u202f"):
        cleaned = cleaned.replace(mark, "")
    if not cleaned:
        return None
    try:
        return int(cleaned)
    except ValueError:
        return _("enter a whole number")


class _SeatRow:
    """The widgets of one seat."""

    def __init__(self, dialog: NewGameDialog, seat: SeatSetting) -> None:
        self.name = tk.StringVar(dialog, seat.name)
        self.kind = tk.StringVar(dialog, _choice_of(seat))
        self.widgets: list[tk.Widget] = []
        self.entry: ttk.Entry | None = None
        self.combo: ttk.Combobox | None = None
        self.remove: ttk.Button | None = None
        self.traced = False  # the variables report changes to the dialog once


class NewGameDialog(Dialog[GameSettings]):
    """Choose the seats, the preset, the numbers and the options of a new game.

    ``.result`` is the chosen :class:`GameSettings`, or None when cancelled.
    """

    # Translators: the new-game dialog's buttons; "&" marks the access key.
    ok_text = N_("Pla&y")
    cancel_text = N_("Cance&l")

    def __init__(self, parent: tk.Misc, settings: GameSettings, *,
                 testing: bool = False, network: bool = False) -> None:
        self.settings = settings
        #: Game > Host a network game: one more kind of seat, a friend over the network.
        self.network = network
        if network:  # Translators: the host's new-game dialog's button; "&" marks the key.
            self.ok_text = N_("Op&en the table")
        super().__init__(parent, _("Host a network game") if network else _("New game"),
                         testing=testing)

    # -- building ------------------------------------------------------------------------

    def body(self, frame: ttk.Frame) -> None:
        self.small = derived_font(self, scale=0.92)
        self.seat_rows: list[_SeatRow] = []
        settings = self.settings

        players = self.players_frame = ttk.Labelframe(frame, text=_("Players"), padding=PAD)
        players.grid(row=0, column=0, sticky="nsew", padx=(0, PAD))
        rules = self.rules_frame = ttk.Labelframe(frame, text=_("Rules"), padding=PAD)
        rules.grid(row=0, column=1, sticky="nsew")
        frame.columnconfigure(0, weight=1)
        frame.columnconfigure(1, weight=1)

        self._build_players(players, settings)
        self._build_rules(rules, settings)
        self._build_options(rules, settings)
        self.preset_var.trace_add("write", self._preset_changed)
        self._show_preset()
        self.options.keep_width(self._error_labels["options"])

    def narrow(self) -> None:
        """The rules under the players (on a narrow screen: 1024 pixels in German)."""
        self.rules_frame.grid(row=1, column=0, sticky="nsew", pady=(PAD, 0))
        self.body_frame.columnconfigure(1, weight=0)
        self.players_frame.grid(padx=0)

    def _build_players(self, players: ttk.Labelframe, settings: GameSettings) -> None:
        """The seats: a grid of rows, the add button and a word on the levels."""
        self.seat_frame = ttk.Frame(players)
        self.seat_frame.grid(row=0, column=0, sticky="nw")
        # Translators: the headings of the seats' columns; "&" marks the access key, which
        # goes to the first seat's name or choice.
        self._heading(_("&Name"), 1, lambda: self.seat_rows[0].entry)
        self._heading(_("Plays a&s"), 2, lambda: self.seat_rows[0].combo)
        self.seat_frame.columnconfigure(4, minsize=chars(self, 16))
        foot = ttk.Frame(players)
        foot.grid(row=1, column=0, sticky="ew", pady=(PAD, 0))
        self.add_button = access.button(foot, _("&Add a player"), self.add_seat)
        self.add_button.grid(row=0, column=0, sticky="w")
        self.error_label(foot, "seats").grid(row=0, column=1, sticky="w", padx=PAD)
        ttk.Label(players, style=HINT_STYLE, font=self.small,
                  wraplength=chars(self, 51), justify="left",
                  text=_("Computer levels, weakest first: Beginner, Normal, Best average "
                         "(the most points per turn), Expert (wins more often than Best "
                         "average) and Perfect (the best chance to win).")).grid(row=2, column=0, sticky="w", pady=(PAD, 0))
        self.perfect_note = PerfectNote(players, self.small)  # (dialogs/perfect_note)
        self.perfect_note.grid(row=3, column=0, sticky="nw", pady=(SMALL_PAD, 0))
        self.perfect_note.grid_remove()
        players.rowconfigure(3, weight=1)
        self.real_dice = RealDiceFrame(  # (dialogs/real_dice_frame)
            players, self, settings, network=self.network)
        self.real_dice.grid(row=4, column=0, sticky="ew", pady=(PAD, 0))
        if self.network:  # (dialogs/host_where: on this network, or over the internet)
            self.where = HostWhere(players, settings.internet)
            self.where.grid(row=5, column=0, sticky="ew", pady=(PAD, 0))
        for seat in settings.seats:  # a default name in the language in use ("Du", not "You")
            self.seat_rows.append(_SeatRow(self, in_this_language(seat)))
        self._layout_seats()

    def _build_rules(self, rules: ttk.Labelframe, settings: GameSettings) -> None:
        """The preset and the numbers."""
        self.preset_titles = {key: _(rules_.title) for key, rules_ in PRESETS.items()}
        self.saved_sets = _saved_rule_sets()
        for key, (rules_, _description) in self.saved_sets.items():
            # Translators: a saved rule set in the list of presets; {title} is its name.
            self.preset_titles[key] = _("{title} (saved)").format(title=rules_.title)
        preset = settings.preset if settings.preset in self.preset_titles else "ten-thousand"
        self.preset_var = tk.StringVar(self, self.preset_titles[preset])
        self._preset_shown = preset
        self.preset_combo = ttk.Combobox(rules, textvariable=self.preset_var, state="readonly",
                                         values=list(self.preset_titles.values()), width=16)
        access.label(rules, _("P&reset"), self.preset_combo).grid(row=0, column=0, sticky="w")
        self.preset_combo.grid(row=0, column=1, columnspan=2, sticky="w", padx=SMALL_PAD,
                               pady=SMALL_PAD)
        self.preset_help = ttk.Label(rules, style=HINT_STYLE, font=self.small,
                                     wraplength=chars(self, 43), justify="left")
        self.preset_help.grid(row=1, column=0, columnspan=3, sticky="w", pady=(0, PAD))

        #: The number fields the player typed into in this dialog (a preset change keeps them).
        self.typed: set[str] = set()
        self._filling = False
        self.number_vars: dict[str, tk.StringVar] = {}
        self.number_entries: dict[str, ttk.Entry] = {}
        self.placeholders: dict[str, tk.Label] = {}
        for i, (key, text) in enumerate(NUMBER_FIELDS, start=2):
            value = getattr(settings, key)
            var = tk.StringVar(self, "" if value is None else f"{value}")
            entry = ttk.Entry(rules, textvariable=var, width=9, justify="right")
            access.label(rules, _(text), entry).grid(row=i, column=0, sticky="w")
            entry.grid(row=i, column=1, sticky="w", padx=SMALL_PAD, pady=2)
            self.error_label(rules, key, wraplength=chars(self, 15)).grid(row=i, column=2,
                                                                          sticky="w")
            self.number_vars[key] = var
            self.number_entries[key] = entry
            self.placeholders[key] = self._placeholder(entry)
            var.trace_add("write", self.refresh)
            var.trace_add("write", lambda *_args, field=key: self._typed_in(field))
        rules.columnconfigure(2, minsize=chars(self, 15), weight=1)
        ttk.Label(rules, style=HINT_STYLE, font=self.small, wraplength=chars(self, 43),
                  justify="left",
                  text=_("The opening minimum is the turn score that gets you on the board. "
                         "Numbers are multiples of 50; an empty field plays the preset's "
                         "value, shown in grey.")).grid(row=5, column=0, columnspan=3,
                                                     sticky="w", pady=(SMALL_PAD, PAD))

    def _build_options(self, rules: ttk.Labelframe, settings: GameSettings) -> None:
        """One check box per option, with a line of help (:class:`OptionBoxes`)."""
        frame = ttk.Frame(rules)
        frame.grid(row=6, column=0, columnspan=3, sticky="ew")
        self.options = OptionBoxes(frame, settings.options, self.small, self.refresh)
        # (the boxes by option, as the tests and the access keys reach them)
        self.option_vars, self.option_checks = self.options.vars, self.options.checks
        self.option_help = self.options.help
        # (their error below them all: Mutant Trash's seats, two options that clash)
        self.error_label(frame, "options", wraplength=chars(self, 60)).grid(
            row=2 * len(OPTION_NAMES), column=0, columnspan=2, sticky="w")

    def _heading(self, text: str, column: int,
                 target: Callable[[], tk.Widget | None]) -> None:
        """A column heading of the seats whose access key goes to the first seat's field."""
        shown, index = mnemonic(text)
        label = ttk.Label(self.seat_frame, text=shown, underline=index)
        label.grid(row=0, column=column, sticky="w", padx=SMALL_PAD)

        def focus() -> None:
            widget = target()
            if widget is not None:
                widget.focus_set()

        access.bind_key(label, shown, index, focus)

    def _placeholder(self, entry: ttk.Entry) -> tk.Label:
        """A grey label inside an empty entry showing the preset's value."""
        style = ttk.Style(self)
        background = style.lookup("TEntry", "fieldbackground") or "white"
        label = tk.Label(entry, text="", foreground="#8a8a8a", background=background,
                         borderwidth=0, padx=0, pady=0, anchor="e")
        label.bind("<Button-1>", lambda e: entry.focus_set())
        return label

    def _layout_seats(self) -> None:
        """(Re)build the seat rows after a seat was added or removed."""
        for row in self.seat_rows:
            for w in row.widgets:
                w.destroy()
            row.widgets = []
        for i in range(MAX_SEATS):
            self.forget_error_label(f"seat{i}")
        frame = self.seat_frame
        for i, row in enumerate(self.seat_rows):
            r = i + 1
            number = ttk.Label(frame, text=f"{i + 1}.")
            number.grid(row=r, column=0, sticky="e")
            entry = ttk.Entry(frame, textvariable=row.name, width=14)
            entry.grid(row=r, column=1, sticky="w", padx=SMALL_PAD, pady=2)
            choices = list(player_choices(self.network))
            combo = ttk.Combobox(frame, textvariable=row.kind, state="readonly",
                                 values=choices, width=self._choice_width(choices))
            combo.grid(row=r, column=2, sticky="w", padx=SMALL_PAD, pady=2)
            remove = ttk.Button(frame, text="\u2715", width=2,
                                command=self._remover(row))
            remove.grid(row=r, column=3, padx=SMALL_PAD, pady=2)
            if len(self.seat_rows) == 1:
                remove.state(["disabled"])
            error = self.error_label(frame, f"seat{i}", wraplength=chars(self, 16))
            error.grid(row=r, column=4, sticky="w")
            row.widgets = [number, entry, combo, remove, error]
            row.entry, row.combo, row.remove = entry, combo, remove
            if not row.traced:
                row.name.trace_add("write", self.refresh)
                row.kind.trace_add("write", self.refresh)
                row.kind.trace_add("write", lambda *_a, row=row: self._named_for_kind(row))
                row.traced = True
        if hasattr(self, "button_ok"):
            self.add_button.state(["disabled"] if len(self.seat_rows) >= MAX_SEATS
                                  else ["!disabled"])
            self.refresh()
            self.content_changed()

    def _choice_width(self, choices: list[str]) -> int:
        """The "plays as" list as wide as its longest choice in the language in use (in
        characters of the default font, as Tk counts a combobox's width)."""
        font = tkfont.nametofont("TkDefaultFont", root=self)
        return max(20, -(-max(font.measure(c) for c in choices) // font.measure("0")) + 1)

    def focus_initial(self) -> None:
        entry = self.seat_rows[0].entry
        if entry is not None:
            entry.focus_set()
            entry.select_range(0, "end")

    # -- seats ---------------------------------------------------------------------------

    def _remover(self, row: _SeatRow) -> Callable[[], None]:
        return lambda: self.remove_seat(row)

    def add_seat(self) -> None:
        """Add a computer seat (Normal) with a name not in use."""
        if len(self.seat_rows) >= MAX_SEATS:
            return
        name = next_computer_name(row.name.get() for row in self.seat_rows)
        self.seat_rows.append(_SeatRow(self, SeatSetting(name, True, "normal")))
        self._layout_seats()
        entry = self.seat_rows[-1].entry
        if entry is not None:
            entry.focus_set()
            entry.select_range(0, "end")

    def _named_for_kind(self, row: _SeatRow) -> None:
        """A seat whose "plays as" changed takes the default name of its new kind (a
        person: You or Player A; the computer: Computer A; a friend over the network:
        Guest A, the friend's own name once they join), unless the player named it."""
        seat = _seat_of(row.name.get(), row.kind.get())
        name = row.name.get().strip()
        kind = "guest" if seat.net else "computer" if seat.computer else "person"
        if name and default_name_kind(name) in (None, kind):
            return
        others = [r.name.get() for r in self.seat_rows if r is not row]
        namer = {"guest": next_guest_name, "computer": next_computer_name,
                 "person": next_person_name}[kind]
        row.name.set(namer(others))

    def remove_seat(self, row: _SeatRow) -> None:
        """Remove a seat (the last one stays)."""
        if len(self.seat_rows) <= 1 or row not in self.seat_rows:
            return
        for w in row.widgets:
            w.destroy()
        row.widgets = []
        index = self.seat_rows.index(row)
        self.seat_rows.remove(row)
        self._layout_seats()
        # The focus was on the button just destroyed: put it on the nearest seat's name.
        entry = self.seat_rows[min(index, len(self.seat_rows) - 1)].entry
        if entry is not None:
            entry.focus_set()

    # -- the preset ----------------------------------------------------------------------

    def preset_key(self) -> str:
        """The settings' name of the chosen preset or saved rule set."""
        title = self.preset_var.get()
        return next((k for k, t in self.preset_titles.items() if t == title), "ten-thousand")

    def _preset_changed(self, *args: object) -> None:
        key = self.preset_key()
        if key != self._preset_shown:
            # A new preset brings its own numbers: clear those the last game had, so the
            # preset's show; what the player typed in this dialog stays.
            self._preset_shown = key
            self._filling = True
            try:
                for field, var in self.number_vars.items():
                    if field not in self.typed:
                        var.set("")
            finally:
                self._filling = False
        self._show_preset()
        self.refresh()

    def _typed_in(self, field: str) -> None:
        if not self._filling:
            self.typed.add(field)

    def _show_preset(self) -> None:
        key = self.preset_key()
        if key in self.saved_sets:
            base, description = self.saved_sets[key]
            # Translators: under the presets, for a saved rule set without a description.
            help_text = description or _("Your rule set, based on {preset}.").format(
                preset=_(PRESETS[base.preset].title))
        else:
            base = PRESETS[key]
            help_text = _(PRESET_HELP[key]) if key in PRESET_HELP else _(base.title)
        self.preset_help.configure(text=help_text)
        for field, label in self.placeholders.items():
            label.configure(text=number(getattr(base, field)))
        self._update_placeholders()
        self.options.show_rules(base)

    def _update_placeholders(self) -> None:
        for field, label in self.placeholders.items():
            if self.number_vars[field].get():
                label.place_forget()
            else:
                label.place(relx=1.0, x=-6, rely=0.5, anchor="e")

    # -- checking ------------------------------------------------------------------------

    def validate(self) -> tuple[GameSettings | None, dict[str, str]]:
        """The settings in the dialog, or the message of every field that is wrong."""
        if not hasattr(self, "options"):
            return None, {}  # still being built
        errors: dict[str, str] = {}
        numbers: dict[str, int | None] = {}
        for key, var in self.number_vars.items():
            value = parse_number(var.get())
            if isinstance(value, str):
                errors[key] = value
                numbers[key] = None
            else:
                numbers[key] = value
        seats = tuple(_seat_of(row.name.get(), row.kind.get()) for row in self.seat_rows)
        problem = hosted_seats_problem(seats) if self.network else None
        if problem:
            errors["seats"] = problem
        settings = GameSettings(
            preset=self.preset_key(),
            seats=seats,
            game_point=numbers["game_point"],
            opening_minimum=numbers["opening_minimum"],
            minimum=numbers["minimum"],
            options=self.options.ticked(),
            **self.real_dice.values(),
            internet=self.network and self.where.internet.get(),
        )
        for key, message in settings.errors().items():
            errors.setdefault(key, message)
        if errors:
            return None, errors
        stripped = tuple(SeatSetting(s.name.strip(), s.computer, s.level, s.net) for s in seats)
        return dataclasses.replace(settings, seats=stripped), {}

    def refresh(self, *args: object) -> None:
        if hasattr(self, "placeholders"):
            self._update_placeholders()
        lines = hasattr(self, "options") and self.options.show_help()
        if hasattr(self, "status"):  # not while the body is built (a saved set's options)
            said = self._error_labels["options"].cget("text")
            super().refresh(*args)
            lines = lines or self._error_labels["options"].cget("text") != said
            shown = self.perfect_note.show(None if self.errors else self.validate()[0])
            lines = shown or lines
        if lines and self.winfo_ismapped():  # the options' help or their error: more lines
            self.content_changed()  # the window grows, or its body scrolls

