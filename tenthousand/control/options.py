"""The preferences in the window: the parts of the window that follow each one, and the commands of
the Options menu that change them.

Every change goes through the one owner of the preferences,
:class:`~tenthousand.files.settings.LivePreferences`; the window's parts react to it through
its watchers, once per change and only when the value really changed, and what the player
changes is saved half a second later.
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
    PREFS,
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
from ..services.timers import Timers
from ..view import scaling
from ..view.dice import DiceImages
from ..view.guide import Guide
from ..view.theme import apply_style, palette
from ..view.window import MainWindow
from .advising import AdvisorService
from .autosave import PREFS_LANE
from .boxes import collect
from .controller import Controller
from .messages import Kind, Messages
from .session import Change, Session

log = logging.getLogger(__name__)

#: The table colours' names in the status line (F10), as the settings name them.
COLOUR_NAMES = {"green": N_("green"), "blue": N_("blue"), "red": N_("red"),
                "brown": N_("brown"), "slate": N_("slate"), "purple": N_("purple")}


class OptionCommands:
    """The preferences the window follows, and the Options menu."""

    def __init__(self, root: tk.Tk, prefs: LivePreferences, session: Session,
                 window: MainWindow, controller: Controller, advisor: AdvisorService,
                 guide: Guide, images: DiceImages, sound: Sound, jobs: JobRunner,
                 timers: Timers, messages: Messages, *, owns_root: bool,
                 follow_rules: Callable[[], None],
                 speech_problem: Callable[[], str | None]) -> None:
        self.root = root
        self.live = prefs
        self.session = session
        self.window = window
        self.controller = controller
        self.advisor = advisor
        self.guide = guide
        self.images = images
        self.sound = sound
        self.jobs = jobs
        self.timers = timers
        self.messages = messages
        self.owns_root = owns_root
        self.follow_rules = follow_rules  # an open rules window follows the theme
        self.speech_problem = speech_problem  # why speech cannot be on, or None
        window.size_preference = self.prefs.size  # the scaling the window opened at includes it
        window.table.text_scale = self.prefs.size / 100
        self._watch_prefs()

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
        watch(("delay", "sound", "pitch", "volume"), self.show_settings)
        # Every change the player makes is kept for the next launch (the window's place
        # is written with them at quit).
        watch(set(PREFS) - {"geometry"} | {"game"}, self._save_prefs_soon)
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
        self.follow_rules()

    def _follow_speed(self) -> None:
        self.window.table.speed = ANIMATION_SPEEDS[self.prefs.animation_speed]

    def _resize(self) -> None:
        """A new size for dice and text: fonts, window and table follow at once.  A larger
        size grows the window (within the screen) so the table keeps its room; when the
        screen has no room for larger dice, the player is told."""
        before, larger = self.window.table.die_size, self.prefs.size > self.window.size_preference
        scaling.apply_scaling(self.root, self.prefs.size)
        (want_w, want_h), least = scaling.window_sizes(self.root)
        self.root.minsize(*least)
        if larger and self.root.wm_state() == "normal":
            width, height = self.root.winfo_width(), self.root.winfo_height()
            if want_w > width or want_h > height:
                self.root.geometry(f"{max(want_w, width)}x{max(want_h, height)}")
        self.window.rescale(self.prefs.size)
        self.guide.draw()
        if larger:
            self.root.update_idletasks()
            # Once the window has its new size and the table has laid itself out again.
            self.timers.later(300, self._check_dice, before, purpose="size check")

    def _check_dice(self, before: int) -> None:
        """Say so when the dice could not grow with a larger size (the screen is full)."""
        if int(self.window.table.geometry()["die"]) <= before:
            # Translators: {size} is the size preference, "150".
            self.messages.tell(_("The screen is too small for larger dice at {size}%: only "
                                 "the text is larger.").format(size=self.prefs.size),
                               Kind.WARNING)

    def apply_preferences(self, prefs: Preferences) -> None:
        """Take new preferences (from the dialog) into use at once."""
        self.live.update(**{name: getattr(prefs, name) for name in DIALOG_PREFS})

    def follow_demo(self, change: Change | None = None) -> None:
        """The session's watcher: the demo indicator (the menu's check and the status
        bar's DEMO) shows whether demo mode is on."""
        self.window.set_check("demo", self.session.demo)
        self.show_settings()

    def show_settings(self) -> None:
        p = self.prefs
        # Translators: the settings at the right of the status bar; keep them short.
        parts = [_("Delay {delay}").format(delay=DELAY.show(p.delay)),
                 _("Sound on") if p.sound else _("Sound off"),
                 _("Pitch {pitch}").format(pitch=PITCH.show(p.pitch)),
                 _("Volume {volume}").format(volume=VOLUME.show(p.volume))]
        if self.session.demo:
            parts.insert(0, _("DEMO"))
        self.window.status.show_settings("   ".join(parts))

    def _save_prefs_soon(self) -> None:
        self.timers.later(500, self.save_preferences, True, purpose="prefs")

    def save_preferences(self, background: bool = False) -> None:
        """Write the preferences (the window's size and place included): now, or with
        ``background`` in the job runner's lane for them (an fsync can take tens of
        milliseconds; the newest preferences win)."""
        prefs = self.live.saved
        try:
            if self.root.winfo_viewable() and self.owns_root:
                prefs = prefs.replace(geometry=self.root.wm_geometry())
        except tk.TclError as e:  # the window is going away: its last place stays
            log.info("window place not read: %s", e)
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
        self.messages.tell(_("Your preferences could not be saved ({error}).").format(
            error=why), Kind.WARNING)

    def rattle(self) -> None:
        if self.prefs.sound:
            self.sound.rattle(self.prefs.pitch, self.prefs.volume)

    # -- the Options menu ----------------------------------------------------------------

    @handles("sound")
    def toggle_sound(self) -> None:
        self.live.update(sound=not self.prefs.sound)
        self.messages.tell(_("Sound on.") if self.prefs.sound else _("Sound off."))

    @handles("faster")
    def faster(self) -> None:
        self.live.update(delay=next_delay(self.prefs.delay, faster=True))
        self._say_delay()

    @handles("slower")
    def slower(self) -> None:
        self.live.update(delay=next_delay(self.prefs.delay, faster=False))
        self._say_delay()

    def _say_delay(self) -> None:
        self.messages.tell(_("The computer waits {delay} between moves.").format(
            delay=DELAY.show(self.prefs.delay)))

    @handles("pitch_up")
    def pitch_up(self) -> None:
        self._change_pitch(+1)

    @handles("pitch_down")
    def pitch_down(self) -> None:
        self._change_pitch(-1)

    def _change_pitch(self, step: int) -> None:
        self.live.update(pitch=PITCH.clamp(self.prefs.pitch + step))
        self.messages.tell(_("Dice sound pitch {pitch}.").format(
            pitch=PITCH.show(self.prefs.pitch)))
        self.rattle()

    @handles("volume_up")
    def volume_up(self) -> None:
        self._change_volume(+VOLUME_STEP)

    @handles("volume_down")
    def volume_down(self) -> None:
        self._change_volume(-VOLUME_STEP)

    def _change_volume(self, step: int) -> None:
        volume = VOLUME.clamp(self.prefs.volume + step)
        self.live.update(volume=volume)
        self.messages.tell(_("Dice sound volume {volume}.").format(
            volume=VOLUME.show(volume)) if volume else _("Dice sound volume 0%: silent."))
        self.rattle()

    @handles("table_colour")
    def next_table_colour(self) -> None:
        names = [name for name, _felt in TABLE_COLOURS]
        current = names.index(self.prefs.table_colour) if self.prefs.table_colour in names else 0
        self.live.update(table_colour=names[(current + 1) % len(names)])
        colour = _(COLOUR_NAMES.get(self.prefs.table_colour, self.prefs.table_colour))
        if self.prefs.theme == "mono":
            # The colour is still chosen and kept: it is the one the table takes in colour.
            self.messages.tell(_("Table colour: {colour}, shown when colour is on (in "
                                     "monochrome the table stays grey).").format(colour=colour))
        else:
            self.messages.tell(_("Table colour: {colour}.").format(colour=colour))

    @handles("animation")
    def toggle_animation(self) -> None:
        self.live.update(animation=not self.prefs.animation)
        self.messages.tell(_("Dice animation on.") if self.prefs.animation
                               else _("Dice animation off."))

    @handles("advisor")
    def toggle_advisor(self) -> None:
        """H, Options > Advisor: show or hide the value of every choice."""
        self.live.update(advisor=not self.prefs.advisor)
        self.messages.tell(_("The advisor is on: it values every choice of your throws.")
                               if self.prefs.advisor else _("The advisor is off."))

    @handles("preferences")
    def preferences(self) -> None:
        from ..dialogs.preferences import PreferencesDialog

        result = PreferencesDialog(self.root, self.prefs,
                                   speech_problem=self.speech_problem()).result
        collect()
        if result is not None:
            self.apply_preferences(result)
