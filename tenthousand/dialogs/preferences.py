"""The preferences dialog: computer speed, animation, sound, looks and the startup show."""

from __future__ import annotations

import tkinter as tk
from tkinter import font as tkfont
from tkinter import ttk

from ..settings import (
    ANIMATION_SPEEDS,
    DELAY_RANGE,
    PITCH_RANGE,
    SIZES,
    TABLE_COLOURS,
    VOLUME_RANGE,
    Preferences,
)
from ..view.theme import palette
from .base import HINT_COLOUR, PAD, SMALL_PAD, Dialog, chars, derived_font

__all__ = ["PreferencesDialog", "parse_delay", "parse_pitch"]

THEME_LABELS = {"color": "Colour", "mono": "Monochrome", "contrast": "High contrast",
                "colorblind": "Colour-blind safe"}
SPEED_LABELS = {name: name.capitalize() for name in ANIMATION_SPEEDS}
LABEL_CHARS = 15  # the label column of every group, so the fields line up


def parse_delay(text: str) -> float | str:
    """Seconds typed in the delay field, or what is wrong with them."""
    low, high = DELAY_RANGE
    try:
        value = float(text.strip().replace(",", ".").removesuffix("s").strip())
    except ValueError:
        return "enter a number of seconds"
    if not low <= value <= high:  # also refuses nan
        return f"enter {low:g} to {high:g} seconds"
    return round(value, 2)


def parse_pitch(text: str) -> int | str:
    """The pitch typed in its field, or what is wrong with it."""
    low, high = PITCH_RANGE
    try:
        value = int(text.strip().replace("+", "", 1))
    except ValueError:
        return "enter a whole number"
    if not low <= value <= high:
        return f"enter {low} to {high}"
    return value


class PreferencesDialog(Dialog[Preferences]):
    """Edit the player's preferences; ``.result`` is the new :class:`Preferences` or None."""

    def __init__(self, parent: tk.Misc, prefs: Preferences, *, testing: bool = False) -> None:
        self.prefs = prefs
        super().__init__(parent, "Preferences", testing=testing)

    def body(self, frame: ttk.Frame) -> None:
        prefs = self.prefs
        small = derived_font(self, scale=0.92)

        play = ttk.Labelframe(frame, text="Play", padding=PAD)
        play.grid(row=0, column=0, sticky="ew")
        play.columnconfigure(2, minsize=chars(self, 22), weight=1)
        play.columnconfigure(0, minsize=chars(self, LABEL_CHARS))
        self.delay_var = tk.StringVar(self, f"{prefs.delay:.1f}")
        ttk.Label(play, text="Computer delay").grid(row=0, column=0, sticky="w")
        self.delay_spin = ttk.Spinbox(play, textvariable=self.delay_var, width=6,
                                      from_=DELAY_RANGE[0], to=DELAY_RANGE[1],
                                      increment=0.1, format="%.1f", justify="right")
        self.delay_spin.grid(row=0, column=1, sticky="w", padx=SMALL_PAD, pady=2)
        self.error_label(play, "delay").grid(row=0, column=2, sticky="w")
        ttk.Label(play, foreground=HINT_COLOUR, font=small,
                  text=f"seconds between the computer's moves, {DELAY_RANGE[0]:g} to "
                       f"{DELAY_RANGE[1]:g} (Up and Down change it in the game)"
                  ).grid(row=1, column=0, columnspan=3, sticky="w", pady=(0, SMALL_PAD))
        self.animation_var = tk.BooleanVar(self, prefs.animation)
        ttk.Checkbutton(play, text="Animate the dice", variable=self.animation_var
                        ).grid(row=2, column=0, columnspan=3, sticky="w", pady=2)
        self.intro_var = tk.BooleanVar(self, prefs.intro)
        ttk.Checkbutton(play, text="Play the title show at start-up", variable=self.intro_var
                        ).grid(row=3, column=0, columnspan=3, sticky="w", pady=2)
        self._speed_row(play, 4)

        sound = ttk.Labelframe(frame, text="Sound", padding=PAD)
        sound.grid(row=1, column=0, sticky="ew", pady=(PAD, 0))
        sound.columnconfigure(2, minsize=chars(self, 22), weight=1)
        sound.columnconfigure(0, minsize=chars(self, LABEL_CHARS))
        self.sound_var = tk.BooleanVar(self, prefs.sound)
        ttk.Checkbutton(sound, text="Rattle the dice (F1)", variable=self.sound_var,
                        command=self._sound_toggled
                        ).grid(row=0, column=0, columnspan=3, sticky="w", pady=2)
        self.pitch_var = tk.StringVar(self, str(prefs.pitch))
        ttk.Label(sound, text="Pitch").grid(row=1, column=0, sticky="w")
        self.pitch_spin = ttk.Spinbox(sound, textvariable=self.pitch_var, width=6,
                                      from_=PITCH_RANGE[0], to=PITCH_RANGE[1], increment=1,
                                      justify="right")
        self.pitch_spin.grid(row=1, column=1, sticky="w", padx=SMALL_PAD, pady=2)
        self.error_label(sound, "pitch").grid(row=1, column=2, sticky="w")
        ttk.Label(sound, foreground=HINT_COLOUR, font=small,
                  text=f"semitones, {PITCH_RANGE[0]} to +{PITCH_RANGE[1]}; 0 is the natural "
                       "sound (Left and Right change it)"
                  ).grid(row=2, column=0, columnspan=3, sticky="w")
        self._volume_rows(sound, 3, small)

        looks = ttk.Labelframe(frame, text="Looks", padding=PAD)
        looks.grid(row=2, column=0, sticky="ew", pady=(PAD, 0))
        looks.columnconfigure(0, minsize=chars(self, LABEL_CHARS))
        looks.columnconfigure(3, weight=1)
        self.theme_var = tk.StringVar(self, prefs.theme)
        ttk.Label(looks, text="Screen").grid(row=0, column=0, sticky="w")
        themes = ttk.Frame(looks)
        themes.grid(row=0, column=1, columnspan=2, sticky="w", padx=SMALL_PAD, pady=2)
        self.theme_buttons: dict[str, ttk.Radiobutton] = {}
        for i, (key, text) in enumerate(THEME_LABELS.items()):
            button = ttk.Radiobutton(themes, text=text, value=key, variable=self.theme_var)
            # Two to a row: four side by side would widen the whole dialog.
            button.grid(row=i // 2, column=i % 2, sticky="w", padx=(0, PAD))
            self.theme_buttons[key] = button
        colours = dict(TABLE_COLOURS)
        self.colour_names = {name.capitalize(): name for name, _ in TABLE_COLOURS}
        current = prefs.table_colour if prefs.table_colour in colours else TABLE_COLOURS[0][0]
        self.colour_var = tk.StringVar(self, current.capitalize())
        ttk.Label(looks, text="Table colour").grid(row=1, column=0, sticky="w")
        self.colour_combo = ttk.Combobox(looks, textvariable=self.colour_var, state="readonly",
                                         values=list(self.colour_names), width=10)
        self.colour_combo.grid(row=1, column=1, sticky="w", padx=SMALL_PAD, pady=2)
        self.swatch = tk.Frame(looks, width=56, height=20, relief="sunken", borderwidth=1,
                               background=palette(prefs.theme, current).felt)
        self.swatch.grid(row=1, column=2, sticky="w", padx=SMALL_PAD)
        ttk.Label(looks, foreground=HINT_COLOUR, font=small,
                  text="F10 cycles the table colours in a game; the table stays grey "
                       "in monochrome and black in high contrast"
                  ).grid(row=2, column=0, columnspan=3, sticky="w")
        self._size_rows(looks, 3, small)

        for var in (self.delay_var, self.pitch_var, self.colour_var, self.theme_var,
                    self.size_var):
            var.trace_add("write", self.refresh)
        self._sound_toggled()

    def _size_rows(self, looks: ttk.Labelframe, row: int, small: tkfont.Font) -> None:
        """Size: dice and text larger than normal, on top of the desktop's own scaling."""
        size = self.prefs.size if self.prefs.size in SIZES else SIZES[0]
        self.size_var = tk.StringVar(self, f"{size}%")
        ttk.Label(looks, text="Size").grid(row=row, column=0, sticky="w")
        self.size_combo = ttk.Combobox(looks, textvariable=self.size_var, state="readonly",
                                       values=[f"{s}%" for s in SIZES], width=6)
        self.size_combo.grid(row=row, column=1, sticky="w", padx=SMALL_PAD, pady=2)
        ttk.Label(looks, foreground=HINT_COLOUR, font=small,
                  text="of dice and text; the desktop's own scaling comes on top"
                  ).grid(row=row + 1, column=0, columnspan=3, sticky="w")

    def _speed_row(self, play: ttk.Labelframe, row: int) -> None:
        """Animation speed: how fast the dice tumble and the title show plays (so it stays
        open with the dice animation off)."""
        self.speed_var = tk.StringVar(self, self.prefs.animation_speed)
        ttk.Label(play, text="Animation speed").grid(row=row, column=0, sticky="w")
        speeds = ttk.Frame(play)
        speeds.grid(row=row, column=1, columnspan=2, sticky="w", padx=SMALL_PAD, pady=2)
        self.speed_buttons: dict[str, ttk.Radiobutton] = {}
        for i, (key, text) in enumerate(SPEED_LABELS.items()):
            button = ttk.Radiobutton(speeds, text=text, value=key, variable=self.speed_var)
            button.grid(row=0, column=i, sticky="w", padx=(0, PAD))
            self.speed_buttons[key] = button

    def _volume_rows(self, sound: ttk.Labelframe, row: int, small: tkfont.Font) -> None:
        """Volume: a slider from silent to full, with its value beside it."""
        low, high = VOLUME_RANGE
        self.volume_var = tk.DoubleVar(self, self.prefs.volume)
        ttk.Label(sound, text="Volume").grid(row=row, column=0, sticky="w")
        self.volume_scale = ttk.Scale(sound, variable=self.volume_var, from_=low, to=high,
                                      orient="horizontal", length=chars(self, 18))
        self.volume_scale.grid(row=row, column=1, sticky="w", padx=SMALL_PAD, pady=2)
        self.volume_label = ttk.Label(sound, width=5, anchor="e")
        self.volume_label.grid(row=row, column=2, sticky="w")
        ttk.Label(sound, foreground=HINT_COLOUR, font=small,
                  text="0 is silent; + and - change it in the game"
                  ).grid(row=row + 1, column=0, columnspan=3, sticky="w")
        self.volume_var.trace_add("write", self._volume_moved)
        self.sound_var.trace_add("write", self._volume_moved)
        self._volume_moved()

    @property
    def volume(self) -> int:
        """The slider's value, a whole per cent."""
        low, high = VOLUME_RANGE
        return min(high, max(low, round(self.volume_var.get())))

    def _volume_moved(self, *args: object) -> None:
        self.volume_label.configure(text=f"{self.volume}%")
        self.volume_scale.state(["!disabled"] if self.sound_var.get() else ["disabled"])

    def focus_initial(self) -> None:
        self.delay_spin.focus_set()
        self.delay_spin.selection_range(0, "end")

    def _sound_toggled(self) -> None:
        self.pitch_spin.state(["!disabled"] if self.sound_var.get() else ["disabled"])

    def refresh(self, *args: object) -> None:
        if hasattr(self, "swatch"):
            name = self.colour_names.get(self.colour_var.get())
            if name is not None:  # the table as the chosen screen shows it
                self.swatch.configure(background=palette(self.theme_var.get(), name).felt)
        super().refresh(*args)

    def validate(self) -> tuple[Preferences | None, dict[str, str]]:
        """The edited preferences, or the message of every field that is wrong."""
        if not hasattr(self, "size_var"):
            return None, {}  # still being built
        errors: dict[str, str] = {}
        delay = parse_delay(self.delay_var.get())
        if isinstance(delay, str):
            errors["delay"] = delay
        pitch = parse_pitch(self.pitch_var.get())
        if isinstance(pitch, str):
            errors["pitch"] = pitch
        colour = self.colour_names.get(self.colour_var.get())
        if colour is None:
            errors["table_colour"] = "choose a table colour"
        theme = self.theme_var.get()
        if theme not in THEME_LABELS:
            errors["theme"] = "choose one of the screens"
        size = self.size_var.get().rstrip("%")
        if not size.isdigit() or int(size) not in SIZES:
            errors["size"] = "choose a size"
        if errors:
            return None, errors
        assert isinstance(delay, float) and isinstance(pitch, int) and colour is not None
        return self.prefs.replace(
            delay=delay, pitch=pitch, sound=self.sound_var.get(), theme=theme,
            table_colour=colour, intro=self.intro_var.get(),
            animation=self.animation_var.get(), volume=self.volume,
            animation_speed=self.speed_var.get(), size=int(size)), {}
