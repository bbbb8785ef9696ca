"""The App's preferences: the parts of the window that follow each one, and the commands of
the Options menu that change them.

Every change goes through :meth:`OptionCommands._set_prefs`; the window's parts react to
it through :class:`~tenthousand.files.settings.LivePreferences` watchers, once per change and
only when the value really changed.
"""

from __future__ import annotations

import logging
import tkinter as tk
from collections.abc import Callable

from ..files.settings import (
    ANIMATION_SPEEDS,
    DELAY,
    DIALOG_PREFS,
    PITCH,
    TABLE_COLOURS,
    VOLUME,
    VOLUME_STEP,
    LivePreferences,
    Preferences,
    next_delay,
    save_preferences,
)
from ..i18n import N_, _
from ..present.commands import handles
from ..services.jobs import JobRunner
from ..services.sound import Sound
from ..view import scaling
from ..view.dice import DiceImages
from ..view.guide import Guide
from ..view.theme import apply_style, palette
from ..view.window import MainWindow
from .advising import AdvisorService
from .autosave import PREFS_LANE
from .controller import Controller

log = logging.getLogger(__name__)

#: The table colours' names in the status line (F10), as the settings name them.
COLOUR_NAMES = {"green": N_("green"), "blue": N_("blue"), "red": N_("red"),
                "brown": N_("brown"), "slate": N_("slate"), "purple": N_("purple")}


class OptionCommands:
    """Preference handling and the Options menu, mixed into :class:`~tenthousand.control.app.App`."""

    jobs: JobRunner
    root: tk.Tk
    live: LivePreferences
    saved_prefs: Preferences
    owns_root: bool
    sound: Sound
    images: DiceImages
    window: MainWindow
    controller: Controller
    advisor: AdvisorService
    guide: Guide
    _after: Callable[[str, int, Callable[[], None]], None]
    _collect: Callable[[], None]
    _speech_problem: Callable[[], str | None]
    show_rules: Callable[..., None]

    @property
    def prefs(self) -> Preferences:
        """The preferences in use now (the command line's launch-only choices included)."""
        return self.live.value

    def _watch_prefs(self) -> None:
        """Let each part of the window follow the preferences it shows."""
        watch = self.live.watch
        watch(("theme", "table_colour"), self._repaint)
        watch("theme", self._follow_theme)
        watch("delay", lambda: self.controller.set_delay(self.prefs.delay))
        watch("animation", lambda: self.controller.set_animation(self.prefs.animation))
        watch("animation_speed", self._follow_speed)
        watch("size", self._resize)
        watch("advisor", lambda: self.advisor.set_shown(self.prefs.advisor))
        for name in ("sound", "animation", "advisor"):
            watch(name, self._check_follows(name))
        watch(("delay", "sound", "pitch", "volume"), self._show_settings)
        self._follow_speed()
        for name in ("sound", "animation", "advisor"):
            self._check_follows(name)()

    def _check_follows(self, name: str) -> Callable[[], None]:
        return lambda: self.window.set_check(name, getattr(self.prefs, name))

    def _repaint(self) -> None:
        prefs = self.prefs
        self.images.theme = prefs.theme
        self.window.set_palette(palette(prefs.theme, prefs.table_colour))
        self.guide.draw()

    def _follow_theme(self) -> None:
        apply_style(self.root, self.prefs.theme)  # the ttk look every dialog shares
        self.show_rules(raise_window=False)  # an open rules window follows

    def _follow_speed(self) -> None:
        self.window.table.speed = ANIMATION_SPEEDS[self.prefs.animation_speed]

    def _resize(self) -> None:
        """A new size for dice and text: fonts, window and table follow at once."""
        scaling.apply_scaling(self.root, self.prefs.size)
        self.root.minsize(*scaling.window_sizes(self.root)[1])
        self.window.rescale()
        self.guide.draw()

    def _set_prefs(self, **changes: object) -> None:
        """Change preferences: the window follows, and the player's changes are saved."""
        changed = self.live.update(**changes)
        if changed:
            # Only what really changes is the player's own choice, kept for later launches.
            self.saved_prefs = self.saved_prefs.replace(**changed)
            self._save_prefs_soon()

    def apply_preferences(self, prefs: Preferences) -> None:
        """Take new preferences (from the dialog) into use at once."""
        self._set_prefs(**{name: getattr(prefs, name) for name in DIALOG_PREFS})

    def _show_settings(self) -> None:
        p = self.prefs
        # Translators: the settings at the right of the status bar; keep them short.
        parts = [_("Delay {delay}").format(delay=DELAY.show(p.delay)),
                 _("Sound on") if p.sound else _("Sound off"),
                 _("Pitch {pitch}").format(pitch=PITCH.show(p.pitch)),
                 _("Volume {volume}").format(volume=VOLUME.show(p.volume))]
        if self.controller.demo:
            parts.insert(0, _("DEMO"))
        self.window.status.show_settings("   ".join(parts))

    def _save_prefs_soon(self) -> None:
        self._after("prefs", 500, lambda: self.save_preferences(background=True))

    def save_preferences(self, background: bool = False) -> None:
        """Write the preferences (the window's size and place included): now, or with
        ``background`` in the job runner's lane for them (an fsync can take tens of
        milliseconds; the newest preferences win)."""
        prefs = self.saved_prefs
        try:
            if self.root.winfo_viewable() and self.owns_root:
                prefs = prefs.replace(geometry=self.root.wm_geometry())
        except tk.TclError as e:  # the window is going away: its last place stays
            log.info("window place not read: %s", e)
        self.saved_prefs = prefs
        self.live.update(geometry=prefs.geometry)
        if background and not self.jobs.closed:
            self.jobs.submit(lambda: save_preferences(prefs), on_error=self._prefs_not_saved,
                             name="preferences", lane=PREFS_LANE, latest=True)
            return
        self.jobs.wait_lane(PREFS_LANE, 2.0)  # an older write must not land after this one
        try:
            save_preferences(prefs)
        except OSError as e:
            self._prefs_not_saved(e)

    def _prefs_not_saved(self, error: BaseException) -> None:
        log.warning("preferences not saved: %s", error)
        why = getattr(error, "strerror", None) or str(error)
        self.window.status.say(_("Your preferences could not be saved ({error}).").format(
            error=why))

    def _rattle(self) -> None:
        if self.prefs.sound:
            self.sound.rattle(self.prefs.pitch, self.prefs.volume)

    # -- the Options menu ----------------------------------------------------------------

    @handles("sound")
    def toggle_sound(self) -> None:
        self._set_prefs(sound=not self.prefs.sound)
        self.window.status.say(_("Sound on.") if self.prefs.sound else _("Sound off."))

    @handles("faster")
    def faster(self) -> None:
        self._set_prefs(delay=next_delay(self.prefs.delay, faster=True))
        self._say_delay()

    @handles("slower")
    def slower(self) -> None:
        self._set_prefs(delay=next_delay(self.prefs.delay, faster=False))
        self._say_delay()

    def _say_delay(self) -> None:
        self.window.status.say(_("The computer waits {delay} between moves.").format(
            delay=DELAY.show(self.prefs.delay)))

    @handles("pitch_up")
    def pitch_up(self) -> None:
        self._change_pitch(+1)

    @handles("pitch_down")
    def pitch_down(self) -> None:
        self._change_pitch(-1)

    def _change_pitch(self, step: int) -> None:
        self._set_prefs(pitch=int(PITCH.clamp(self.prefs.pitch + step)))
        self.window.status.say(_("Dice sound pitch {pitch}.").format(
            pitch=PITCH.show(self.prefs.pitch)))
        self._rattle()

    @handles("volume_up")
    def volume_up(self) -> None:
        self._change_volume(+VOLUME_STEP)

    @handles("volume_down")
    def volume_down(self) -> None:
        self._change_volume(-VOLUME_STEP)

    def _change_volume(self, step: int) -> None:
        volume = int(VOLUME.clamp(self.prefs.volume + step))
        self._set_prefs(volume=volume)
        self.window.status.say(_("Dice sound volume {volume}.").format(
            volume=VOLUME.show(volume)) if volume else _("Dice sound volume 0%: silent."))
        self._rattle()

    @handles("table_colour")
    def next_table_colour(self) -> None:
        names = [name for name, _felt in TABLE_COLOURS]
        current = names.index(self.prefs.table_colour) if self.prefs.table_colour in names else 0
        self._set_prefs(table_colour=names[(current + 1) % len(names)])
        colour = _(COLOUR_NAMES.get(self.prefs.table_colour, self.prefs.table_colour))
        if self.prefs.theme == "mono":
            # The colour is still chosen and kept: it is the one the table takes in colour.
            self.window.status.say(_("Table colour: {colour}, shown when colour is on (in "
                                     "monochrome the table stays grey).").format(colour=colour))
        else:
            self.window.status.say(_("Table colour: {colour}.").format(colour=colour))

    @handles("animation")
    def toggle_animation(self) -> None:
        self._set_prefs(animation=not self.prefs.animation)
        self.window.status.say(_("Dice animation on.") if self.prefs.animation
                               else _("Dice animation off."))

    @handles("advisor")
    def toggle_advisor(self) -> None:
        """H, Options > Advisor: show or hide the value of every choice."""
        self._set_prefs(advisor=not self.prefs.advisor)
        self.window.status.say(_("The advisor is on: it values every choice of your throws.")
                               if self.prefs.advisor else _("The advisor is off."))

    @handles("preferences")
    def preferences(self) -> None:
        from ..dialogs.preferences import PreferencesDialog

        result = PreferencesDialog(self.root, self.prefs,
                                   speech_problem=self._speech_problem()).result
        self._collect()
        if result is not None:
            self.apply_preferences(result)
