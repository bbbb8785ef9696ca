"""The preferences dialog: computer speed, animation, sound, looks and the startup show.

Its rows are built from the preferences' own definitions (``settings.PREFS``): the label,
the range, the step, the hint and the rounding are written once, there.  Every field has an
access key (the ``&`` of its label); a new language shows from the next start, and the
dialog says so in that language."""

from __future__ import annotations

import tkinter as tk
from tkinter import ttk

from .. import i18n
from ..files.pref_kinds import Choice, Flag, Number, Server
from ..files.settings import (
    ANIMATION,
    ANIMATION_SPEED,
    DELAY,
    DIALOG_PREFS,
    INTRO,
    LANGUAGE,
    MAILBOX,
    PITCH,
    SIZE,
    SIZES,
    SOUND,
    SPEECH,
    TABLE_COLOUR,
    THEME,
    TRANSIT_RELAY,
    VOLUME,
    Preferences,
)
from ..i18n import N_, _, mnemonic, pgettext
from ..view import access
from ..view.theme import palette
from .base import HINT_STYLE, PAD, SMALL_PAD, Dialog, chars, derived_font

__all__ = ["PreferencesDialog"]

LABEL_CHARS = 15  # the label column of every group, so the fields line up
#: Under the language, in the language chosen, when it is not the one in use.
NEXT_START = N_("The game speaks this language from its next start.")


def in_language(code: str, message: str) -> str:
    """``message`` in the language ``code`` ("" for the desktop's), whatever the language
    in use: the dialog tells the player in the language they just chose."""
    return i18n.translate_in(code, message)


class PreferencesDialog(Dialog[Preferences]):
    """Edit the player's preferences; ``.result`` is the new :class:`Preferences` or None."""

    # Translators: the preferences dialog's buttons; "&" marks the access key.
    ok_text = N_("O&K")
    cancel_text = N_("Cance&l")

    def __init__(self, parent: tk.Misc, prefs: Preferences, *, testing: bool = False,
                 speech_problem: str | None = None) -> None:
        self.prefs = prefs
        self.speech_problem = speech_problem  # why speech cannot be had here, if it cannot
        super().__init__(parent, _("Preferences"), testing=testing)

    def body(self, frame: ttk.Frame) -> None:
        self.small = derived_font(self, scale=0.92)
        self.flag_checks: dict[str, ttk.Checkbutton] = {}
        # Translators: the groups of the preferences dialog; "Play" is how the game plays.
        play = self._group(frame, pgettext("preferences", "Play"), 0)
        self.delay_var, self.delay_spin = self._number_row(play, DELAY, 0)
        self.animation_var = self._flag_row(play, ANIMATION, 2)
        self.intro_var = self._flag_row(play, INTRO, 3)
        self.speed_var, self.speed_buttons = self._choice_row(play, ANIMATION_SPEED, 4)

        sound = self._group(frame, _("Sound"), 1)
        self.sound_var = self._flag_row(sound, SOUND, 0)
        self.pitch_var, self.pitch_spin = self._number_row(sound, PITCH, 1)
        self._volume_rows(sound, 3)
        self.speech_var = self._flag_row(sound, SPEECH, 5)
        if self.speech_problem:  # greyed out, with the reason under it
            self.flag_checks["speech"].state(["disabled"])
            ttk.Label(sound, style=HINT_STYLE, font=self.small, justify="left",
                      wraplength=chars(self, 48), text=self.speech_problem).grid(
                row=6, column=0, columnspan=3, sticky="w", pady=(0, SMALL_PAD))

        looks = self._group(frame, _("Looks"), 2)
        # Two screens to a row: four side by side would widen the whole dialog.
        self.theme_var, self.theme_buttons = self._choice_row(looks, THEME, 0, per_row=2)
        self._colour_rows(looks, 1)
        self._size_rows(looks, 3)
        self._language_rows(looks, 5)

        # Translators: the group of the servers that tables over the internet use.
        network = self._group(frame, _("Playing over the internet"), 3)
        self.mailbox_var = self._server_row(network, MAILBOX, 0)
        self.relay_var = self._server_row(network, TRANSIT_RELAY, 3)

        for var in (self.delay_var, self.pitch_var, self.colour_var, self.theme_var,
                    self.size_var):
            var.trace_add("write", self.refresh)
        self.sound_var.trace_add("write", self._sound_toggled)
        self._sound_toggled()

    def _group(self, frame: ttk.Frame, title: str, row: int) -> ttk.Labelframe:
        group = ttk.Labelframe(frame, text=title, padding=PAD)
        group.grid(row=row, column=0, sticky="ew", pady=(PAD if row else 0, 0))
        group.columnconfigure(0, minsize=chars(self, LABEL_CHARS))
        group.columnconfigure(2, minsize=chars(self, 22), weight=1)
        return group

    def _hint(self, group: ttk.Labelframe, text: str, row: int) -> None:
        ttk.Label(group, style=HINT_STYLE, font=self.small, text=text,
                  wraplength=chars(self, 70), justify="left").grid(
            row=row, column=0, columnspan=3, sticky="w", pady=(0, SMALL_PAD))

    def _number_row(self, group: ttk.Labelframe, pref: Number[int] | Number[float],
                    row: int) -> tuple[tk.StringVar, ttk.Spinbox]:
        """A number typed or stepped, its error beside it and its hint below."""
        var = tk.StringVar(self, pref.field(getattr(self.prefs, pref.name)))
        if pref.whole:
            spin = ttk.Spinbox(group, textvariable=var, width=6, from_=pref.low, to=pref.high,
                               increment=pref.step, format="%.0f", justify="right")
        else:  # the arrows step through the values as the language writes them (0,8)
            spin = ttk.Spinbox(group, textvariable=var, width=6, values=pref.steps(),
                               justify="right")
        access.label(group, pref.title(), spin).grid(row=row, column=0, sticky="w")
        spin.grid(row=row, column=1, sticky="w", padx=SMALL_PAD, pady=2)
        self.error_label(group, pref.name).grid(row=row, column=2, sticky="w")
        self._hint(group, pref.help(), row + 1)
        return var, spin

    def _flag_row(self, group: ttk.Labelframe, pref: Flag, row: int) -> tk.BooleanVar:
        var = tk.BooleanVar(self, getattr(self.prefs, pref.name))
        check = self.flag_checks[pref.name] = access.check(group, pref.title(), variable=var)
        check.grid(row=row, column=0, columnspan=3, sticky="w", pady=2)
        return var

    def _choice_row(self, group: ttk.Labelframe, pref: Choice, row: int, *,
                    per_row: int = 9) -> tuple[tk.StringVar, dict[str, ttk.Radiobutton]]:
        """One radio button for each choice, ``per_row`` to a line."""
        var = tk.StringVar(self, getattr(self.prefs, pref.name))
        # The buttons have access keys of their own; the label names the row.
        ttk.Label(group, text=mnemonic(pref.title())[0]).grid(row=row, column=0, sticky="w")
        line = ttk.Frame(group)
        line.grid(row=row, column=1, columnspan=2, sticky="w", padx=SMALL_PAD, pady=2)
        buttons: dict[str, ttk.Radiobutton] = {}
        for i, (key, _text) in enumerate(pref.choices):
            buttons[key] = access.radio(line, pref.choice_label(key), value=key, variable=var)
            buttons[key].grid(row=i // per_row, column=i % per_row, sticky="w",
                              padx=(0, PAD))
        return var, buttons

    def _size_rows(self, looks: ttk.Labelframe, row: int) -> None:
        """Size: dice and text larger than normal, on top of the desktop's own scaling."""
        size = self.prefs.size if self.prefs.size in SIZES else SIZES[0]
        self.sizes = {SIZE.show(s): s for s in SIZES}
        self.size_var = tk.StringVar(self, SIZE.show(size))
        self.size_combo = ttk.Combobox(looks, textvariable=self.size_var, state="readonly",
                                       values=list(self.sizes), width=7)
        access.label(looks, SIZE.title(), self.size_combo).grid(row=row, column=0, sticky="w")
        self.size_combo.grid(row=row, column=1, sticky="w", padx=SMALL_PAD, pady=2)
        self._hint(looks, SIZE.help(), row + 1)

    def _server_row(self, group: ttk.Labelframe, pref: Server, row: int) -> tk.StringVar:
        """A server's address typed in, its error beside it and its hint below."""
        var = tk.StringVar(self, getattr(self.prefs, pref.name))
        entry = ttk.Entry(group, textvariable=var, width=40)
        access.label(group, pref.title(), entry).grid(row=row, column=0, sticky="w")
        entry.grid(row=row, column=1, columnspan=2, sticky="ew", padx=SMALL_PAD, pady=2)
        self.error_label(group, pref.name).grid(row=row + 1, column=1, columnspan=2,
                                                sticky="w")
        self._hint(group, pref.help(), row + 2)
        var.trace_add("write", self.refresh)
        return var

    def _language_rows(self, looks: ttk.Labelframe, row: int) -> None:
        """The language: the desktop's or one of ours, each named in its own language, and
        under it, in the language chosen, that it shows from the next start."""
        self.languages = {LANGUAGE.show(code): code for code, _name in LANGUAGE.choices}
        self.language_var = tk.StringVar(self, LANGUAGE.show(self.prefs.language))
        self.language_combo = ttk.Combobox(looks, textvariable=self.language_var,
                                           state="readonly", values=list(self.languages),
                                           width=18)
        access.label(looks, LANGUAGE.title(), self.language_combo).grid(row=row, column=0,
                                                                         sticky="w")
        self.language_combo.grid(row=row, column=1, columnspan=2, sticky="w", padx=SMALL_PAD,
                                 pady=2)
        self.language_note = ttk.Label(looks, style=HINT_STYLE, font=self.small, text="",
                                       wraplength=chars(self, 70), justify="left")
        self.language_note.grid(row=row + 1, column=0, columnspan=3, sticky="w",
                                pady=(0, SMALL_PAD))
        self.language_var.trace_add("write", self._language_chosen)

    def _language_chosen(self, *args: object) -> None:
        code = self.languages.get(self.language_var.get(), self.prefs.language)
        self.language_note.configure(
            text="" if code == self.prefs.language else in_language(code, NEXT_START))

    def _colour_rows(self, looks: ttk.Labelframe, row: int) -> None:
        """The table colour: a list to choose from and a swatch of the table it gives."""
        self.colour_names = {TABLE_COLOUR.show(name): name for name, _text in
                             TABLE_COLOUR.choices}
        current = self.prefs.table_colour
        self.colour_var = tk.StringVar(self, TABLE_COLOUR.show(current))
        self.colour_combo = ttk.Combobox(looks, textvariable=self.colour_var, state="readonly",
                                         values=list(self.colour_names), width=10)
        access.label(looks, TABLE_COLOUR.title(), self.colour_combo).grid(row=row, column=0,
                                                                           sticky="w")
        self.colour_combo.grid(row=row, column=1, sticky="w", padx=SMALL_PAD, pady=2)
        self.swatch = tk.Frame(looks, width=56, height=20, relief="sunken", borderwidth=1,
                               background=palette(self.prefs.theme, current).felt)
        self.swatch.grid(row=row, column=2, sticky="w", padx=SMALL_PAD)
        self._hint(looks, TABLE_COLOUR.help(), row + 1)

    def _volume_rows(self, sound: ttk.Labelframe, row: int) -> None:
        """Volume: a slider from silent to full, with its value beside it."""
        self.volume_var = tk.DoubleVar(self, self.prefs.volume)
        self.volume_scale = ttk.Scale(sound, variable=self.volume_var, from_=VOLUME.low,
                                      to=VOLUME.high,
                                      orient="horizontal", length=chars(self, 18))
        access.label(sound, VOLUME.title(), self.volume_scale).grid(row=row, column=0,
                                                                     sticky="w")
        self.volume_scale.grid(row=row, column=1, sticky="w", padx=SMALL_PAD, pady=2)
        self.volume_label = ttk.Label(sound, width=5, anchor="e")
        self.volume_label.grid(row=row, column=2, sticky="w")
        self._hint(sound, VOLUME.help(), row + 1)
        self.volume_var.trace_add("write", self._volume_moved)
        self.sound_var.trace_add("write", self._volume_moved)
        self._volume_moved()

    @property
    def volume(self) -> int:
        """The slider's value, a whole per cent."""
        return VOLUME.clamp(self.volume_var.get())

    def _volume_moved(self, *args: object) -> None:
        self.volume_label.configure(text=VOLUME.show(self.volume))
        self.volume_scale.state(["!disabled"] if self.sound_var.get() else ["disabled"])

    def focus_initial(self) -> None:
        self.delay_spin.focus_set()
        self.delay_spin.selection_range(0, "end")

    def _sound_toggled(self, *args: object) -> None:
        self.pitch_spin.state(["!disabled"] if self.sound_var.get() else ["disabled"])

    def refresh(self, *args: object) -> None:
        if hasattr(self, "swatch"):
            name = self.colour_names.get(self.colour_var.get())
            if name is not None:  # the table as the chosen screen shows it
                self.swatch.configure(background=palette(self.theme_var.get(), name).felt)
        super().refresh(*args)

    def validate(self) -> tuple[Preferences | None, dict[str, str]]:
        """The edited preferences, or the message of every field that is wrong."""
        if not hasattr(self, "language_var"):
            return None, {}  # still being built
        errors: dict[str, str] = {}
        values: dict[str, object] = {}
        for pref, var in ((DELAY, self.delay_var), (PITCH, self.pitch_var)):
            value = pref.parse(var.get())
            if isinstance(value, str):
                errors[pref.name] = value
            values[pref.name] = value
        colour = self.colour_names.get(self.colour_var.get())
        if colour is None:
            errors["table_colour"] = _("choose a table colour")
        if self.theme_var.get() not in dict(THEME.choices):
            errors["theme"] = _("choose one of the screens")
        size = self.sizes.get(self.size_var.get())
        if size is None:
            errors["size"] = _("choose a size")
        language = self.languages.get(self.language_var.get())
        if language is None:
            errors["language"] = _("choose a language")
        for server, typed in ((MAILBOX, self.mailbox_var), (TRANSIT_RELAY, self.relay_var)):
            problem = server.check(typed.get().strip())
            if problem:
                errors[server.name] = problem
            values[server.name] = typed.get().strip()
        if errors:
            return None, errors
        values.update(sound=self.sound_var.get(), theme=self.theme_var.get(),
                      table_colour=colour, intro=self.intro_var.get(),
                      animation=self.animation_var.get(), volume=self.volume,
                      animation_speed=self.speed_var.get(), size=size,
                      speech=self.speech_var.get(), language=language)
        assert values.keys() == set(DIALOG_PREFS)  # every preference the dialog edits
        return self.prefs.replace(**values), {}
