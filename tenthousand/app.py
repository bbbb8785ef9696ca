"""The application: the Tk root, preferences, menus and keys, dialogs, and the game loop.

:func:`launch` is what the ``tenthousand`` command runs.  :class:`App` holds one main window
and its controller; tests build it on the session root and destroy it again.
"""

from __future__ import annotations

import dataclasses
import gc
import importlib.util
import logging
import os
import re
import sys
import tkinter as tk
from collections.abc import Callable, Sequence
from pathlib import Path
from tkinter import messagebox
from typing import TYPE_CHECKING, Any

from .controller import Controller, PlayerFactory, next_delay
from .model import Game
from .model.game import Phase
from .settings import (
    ANIMATION_SPEEDS,
    PITCH_RANGE,
    TABLE_COLOURS,
    VOLUME_RANGE,
    VOLUME_STEP,
    GameSettings,
    Preferences,
    SeatSetting,
    load_preferences,
    save_preferences,
)
from .sound import Sound
from .view.advisor import Advisor
from .view.dice import DiceImages
from .view.guide import Guide
from .view.theme import apply_style, palette
from .view.window import MainWindow

if TYPE_CHECKING:
    from .cli import Options

log = logging.getLogger(__name__)

DEFAULT_SIZE = (1180, 800)
MIN_SIZE = (960, 640)
#: WIDTHxHEIGHT, then optionally +X+Y; X and Y may be negative ("+-40": 40 px off the left).
_GEOMETRY = re.compile(r"^(\d{1,6})x(\d{1,6})(?:([+-])(-?\d{1,6})([+-])(-?\d{1,6}))?$", re.ASCII)
#: How much of a saved window must still be on the screen for its place to be kept.
ON_SCREEN = (200, 120)

#: Keys of the main window: (Tk event sequences, command name).
KEYS: tuple[tuple[tuple[str, ...], str], ...] = (
    (("<Escape>", "<Control-n>", "<Control-N>"), "new_game"),
    (("<F7>", "<Control-q>", "<Control-Q>"), "quit"),
    (("<F8>",), "restart"),
    (("<F6>",), "match"),
    (("<F2>",), "demo"),
    (("<F1>",), "sound"),
    (("<Up>",), "faster"),
    (("<Down>",), "slower"),
    (("<Right>",), "pitch_up"),
    (("<Left>",), "pitch_down"),
    (("<plus>", "<equal>", "<KP_Add>"), "volume_up"),
    (("<minus>", "<KP_Subtract>"), "volume_down"),
    (("<F10>",), "table_colour"),
    (("<F5>",), "rules"),
    (("<h>", "<H>"), "advisor"),
    (("<space>", "<r>", "<R>"), "throw"),
    (("<b>", "<B>", "<Return>", "<KP_Enter>"), "bank"),
    # Ctrl+Z with Caps Lock gives "Z"; with Shift held the more exact binding wins: redo.
    (("<Control-z>", "<Control-Z>"), "undo"),
    (("<Control-y>", "<Control-Y>", "<Control-Shift-Z>", "<Control-Shift-z>"), "redo"),
)


def _optional(module: str, name: str) -> Any:
    """A class from a module that may not be part of this build, or None."""
    try:
        mod = __import__(f"tenthousand.{module}", fromlist=[name])
        return getattr(mod, name)
    except (ImportError, AttributeError):
        return None


def _available(module: str) -> bool:
    """Whether a module is part of this build, without importing it (start-up time)."""
    try:
        return importlib.util.find_spec(f"tenthousand.{module}") is not None
    except ImportError:
        return False


def _collect() -> None:
    """Collect closed windows' garbage now, in the Tk thread.

    A closed dialog's Tk variables sit in reference cycles; if the garbage collector
    happened to free them from a worker thread, Tk would refuse the call."""
    gc.collect()


class App:
    """One game window on ``root``: build it, play, and :meth:`destroy` it cleanly."""

    def __init__(self, root: tk.Tk, prefs: Preferences | None = None,
                 settings: GameSettings | None = None, *, game: Game | None = None,
                 seed: int | None = None, demo: bool = False, intro: bool = False,
                 player_factory: PlayerFactory | None = None,
                 install_error_handler: bool = True, save_games: bool = True,
                 sound: Sound | None = None, owns_root: bool = False,
                 message: str | None = None, notices: Sequence[str] = (),
                 saved_prefs: Preferences | None = None, begin: bool = True) -> None:
        self.root = root
        # Worker threads (the Perfect player, the advisor, the dice images) run pure Python.
        # Every Tk call releases the GIL, and getting it back waits for the switch interval
        # while a worker computes: 5 ms by default, so a redraw of 100 calls could take
        # 0.5 s.  `python -m tenthousand.benchmark` (Expert against Expert, advisor on):
        # callback p99 25 ms at 1 ms, 12 ms at 0.2 ms, 8 ms at 0.05 ms.
        sys.setswitchinterval(min(sys.getswitchinterval(), 0.00005))
        self.prefs = prefs or Preferences()
        #: What :meth:`save_preferences` writes: the preferences as saved (without the
        #: command line's launch-only choices) plus what the player changes in the window.
        self.saved_prefs = saved_prefs or self.prefs
        self.settings = settings or self.prefs.game
        self.seed = seed
        self.owns_root = owns_root
        self.save_games = save_games
        self.sound = sound or Sound()
        self.closed = False
        self._afters: dict[str, str] = {}
        self._bound: list[str] = []
        self.rules_window: Any = None
        #: Asks a yes/no question; tests replace it.
        self.confirm: Callable[[str, str], bool] = self._ask
        #: Opens the new-game dialog and returns the settings or None; tests replace it.
        self.ask_settings: Callable[[GameSettings], GameSettings | None] = self._new_game_dialog
        #: Shows the match table; returns "next", "new" or None.  Tests replace it.
        self.ask_match: Callable[[Game], str | None] = self._match_dialog
        #: Shows an error in a box (title, one sentence); tests replace it.
        self.show_error: Callable[[str, str], None] = self._error_box
        self.replays: list[Any] = []  # the replay windows open now

        if game is None:
            game = self._make_game(self.settings, seed)
        self.images = DiceImages(root, self.prefs.theme)
        apply_style(root, self.prefs.theme)  # the ttk look every dialog shares
        self.window = MainWindow(
            root, palette(self.prefs.theme, self.prefs.table_colour), self.images,
            self._commands(), on_die=self._on_die, on_throw=self._throw, on_bank=self._bank,
            on_challenge=self._challenge, animation=self.prefs.animation)
        self.window.table.speed = ANIMATION_SPEEDS[self.prefs.animation_speed]
        self.savegame = _optional("savegame", "autosave") and __import__(
            "tenthousand.savegame", fromlist=["autosave"])
        self.controller = Controller(
            self.window, game, delay=self.prefs.delay, animation=self.prefs.animation,
            demo=demo, player_factory=player_factory, seed=seed, on_sound=self._rattle,
            autosave=self.savegame.autosave if (self.savegame and save_games) else None,
            clear_save=self.savegame.clear_saved_game if (self.savegame and save_games)
            else None,
            on_rematch=lambda: self.restart(ask=False))
        self.window.set_check("demo", demo)
        self.window.set_check("sound", self.prefs.sound)
        self.window.set_check("animation", self.prefs.animation)
        self.advisor = Advisor(root, self.window.advisor, place=self.window.show_advisor,
                               line=self.window.actions.show_advice,
                               selected=lambda: sorted(self.controller.selection))
        self.guide = Guide(self.window.table, self.window.actions,
                           active=not self.prefs.guide_done, on_finish=self._guide_finished)
        self.controller.on_refresh = self._refreshed
        self.controller.on_decision = self.advisor.record
        self.controller.confirm = lambda title, question: self.confirm(title, question)
        self.advisor.set_shown(self.prefs.advisor)
        self.window.set_check("advisor", self.prefs.advisor)
        self._bind_keys()
        self._show_settings()
        self._set_title()
        root.protocol("WM_DELETE_WINDOW", self.quit)
        if install_error_handler:
            handler = _optional("logs", "install_tk_error_handler")
            if handler is not None:
                handler(root, on_save_and_quit=self.save_and_quit)
        if message:
            self.window.status.say(message)
            self.window.log.add(message, "trash")
        self.window.table.focus_set()
        #: Problems found at launch, shown in a box before the first move.
        self.notices = list(notices)
        if intro:
            self.window.table.play_intro(self._begin, wait=not demo)
        elif begin:  # (launch begins after the first frame: the window shows sooner)
            self._begin()

    # -- building ------------------------------------------------------------------------

    def _commands(self) -> dict[str, Callable[[], object]]:
        commands: dict[str, Callable[[], object]] = {
            "new_game": self.new_game, "restart": self.restart, "demo": self.toggle_demo,
            "quit": self.quit, "sound": self.toggle_sound, "faster": self.faster,
            "slower": self.slower, "pitch_up": self.pitch_up, "pitch_down": self.pitch_down,
            "table_colour": self.next_table_colour, "animation": self.toggle_animation,
            "preferences": self.preferences, "rules": self.show_rules, "keys": self.show_keys,
            "about": self.show_about, "advisor": self.toggle_advisor,
            "review": self.show_review, "match": self.show_match,
            "volume_up": self.volume_up, "volume_down": self.volume_down,
            "tour": self.show_tour, "undo": self.undo, "redo": self.redo,
            "replay": self.show_replay, "save_record": self.save_record,
            "open_record": self.open_record,
        }
        missing = {"preferences": ("dialogs.preferences", "PreferencesDialog"),
                   "rules": ("dialogs.rules_window", "RulesWindow"),
                   "keys": ("dialogs.keys", "KeysDialog"),
                   "about": ("dialogs.about", "AboutDialog")}
        for name, (module, _) in missing.items():
            if not _available(module):
                del commands[name]  # not in this build: no menu entry that does nothing
        return commands

    def _make_game(self, settings: GameSettings, seed: int | None) -> Game:
        return Game(settings.to_rules(), settings.to_seats(), seed=seed)

    def _bind_keys(self) -> None:
        commands = self._commands()
        commands["throw"] = self._throw
        commands["bank"] = self._bank
        for sequences, name in KEYS:
            if name not in commands:
                continue
            for sequence in sequences:
                self._bind(sequence, commands[name])
        for n in range(1, 10):
            for sequence in (f"<Key-{n}>", f"<KP_{n}>"):
                self._bind(sequence, self._number_key(n))

        def any_key(event: tk.Event) -> str | None:  # type: ignore[type-arg]
            if self.window.table.intro_running:  # any key skips the startup show
                self.window.table.skip_intro()
                return "break"
            return None

        self.root.bind("<Key>", any_key)
        self._bound.append("<Key>")

    def _number_key(self, number: int) -> Callable[[], None]:
        return lambda: self.controller.number_key(number)

    def _bind(self, sequence: str, command: Callable[[], object]) -> None:
        def handler(event: tk.Event) -> str:  # type: ignore[type-arg]
            if self.window.table.intro_running:
                self.window.table.skip_intro()
            elif sequence == "<Escape>" and self.guide.showing:
                self.guide.skip()  # Esc ends the tour first; the next one sets up a new game
            else:
                command()
            return "break"

        self.root.bind(sequence, handler)
        self._bound.append(sequence)

    def _begin(self) -> None:
        if self.notices:
            text, self.notices = "\n\n".join(self.notices), []
            # Shown once the window is up; the computer waits while the box is open.
            self._after("notices", 0, lambda: self.inform("Ten-Thousand", text))
        self.controller.start()
        if self.prefs.theme == "mono":
            self.window.status.say("Monochrome display.")

    def inform(self, title: str, text: str) -> None:
        """A message box over the window; no computer move is made while it is open."""
        with self.window.box_open():
            messagebox.showinfo(title, text, parent=self.root)

    def _set_title(self) -> None:
        game = self.controller.game
        assisted = " (assisted)" if game.record.assisted else ""
        self.root.title(f"Ten-Thousand \u2014 {game.rules.label}{assisted}")

    # -- after() for the app's own delayed work ------------------------------------------

    def _after(self, purpose: str, ms: int, func: Callable[[], None]) -> None:
        old = self._afters.pop(purpose, None)
        if old is not None:
            self.root.after_cancel(old)

        def run() -> None:
            self._afters.pop(purpose, None)
            func()

        self._afters[purpose] = self.root.after(ms, run)

    # -- the player's commands -----------------------------------------------------------

    def _on_die(self, row: str, index: int) -> None:
        self.controller.click_die(row, index)

    def _throw(self) -> None:
        if self.controller.game.over:
            self.controller._not_your_turn()
            return
        self.controller.throw()

    def _bank(self) -> None:
        self.controller.bank()

    def _challenge(self, target: int | None) -> None:
        self.controller.challenge(target)

    @property
    def in_progress(self) -> bool:
        """Whether quitting or a new game would end a game somebody has played into."""
        g = self.controller.game
        return not g.over and (sum(g.turns_taken) > 0 or g.phase is not Phase.START)

    def _ask(self, title: str, question: str) -> bool:
        with self.window.box_open():
            return bool(messagebox.askyesno(title, question, parent=self.root))

    def _new_game_dialog(self, settings: GameSettings) -> GameSettings | None:
        dialog_class = _optional("dialogs.newgame", "NewGameDialog")
        if dialog_class is None:
            return settings
        dialog = dialog_class(self.root, settings)
        result: GameSettings | None = dialog.result
        del dialog
        _collect()
        return result

    def new_game(self) -> None:
        """Esc, Ctrl+N: end this game and its match (after asking) and set up a new one."""
        self.controller.cancel_all()  # the computer waits while the player decides
        question = self._new_match_question()
        if question and not self.confirm("New game", question):
            self.controller.start()
            return
        settings = self.ask_settings(self.settings)
        if settings is None:
            self.controller.start()  # the dialog was cancelled: play on
            return
        self.start_new_game(settings)

    def start_new_game(self, settings: GameSettings, seed: int | None = None) -> None:
        """Start a game with ``settings`` (and remember them for the next launch)."""
        self.settings = settings
        self.prefs = self.prefs.replace(game=settings)
        self.saved_prefs = self.saved_prefs.replace(game=settings)
        self._save_prefs_soon()
        self.window.status.say("")  # whatever it said was about the game now ending
        self.controller.set_demo(False) if self.controller.demo else None
        self.window.set_check("demo", False)
        self.controller.seed = seed
        self.controller.set_game(self._make_game(settings, seed))
        self._set_title()
        if self.rules_window is not None:
            self.show_rules(raise_window=False)

    def _match_dialog(self, game: Game) -> str | None:
        from .dialogs.match import MatchDialog

        choice = MatchDialog(self.root, game).result
        _collect()
        return choice

    def _new_match_question(self) -> str | None:
        """What to ask before a new game ends this one or the match, or None."""
        played = self.controller.game.games_played
        if played:
            games = f"{played} game{'s' if played != 1 else ''}"
            ending = "End this game and the match" if self.in_progress else "End the match"
            return (f"{ending} ({games} played) and set up a new one? The match table "
                    "starts again from zero.\n\nTo play the next game of this match "
                    "instead, press F8.")
        if self.in_progress:
            return "End this game and set up a new one?"
        return None

    def restart(self, ask: bool = True) -> None:
        """F8: the next game of this match: the same seats and rules again."""
        self.controller.cancel_all()
        if ask and self.in_progress and not self.confirm(
                "Next game", "Abandon this game and start the next game of the match? "
                             "The game you leave gives nobody match points."):
            self.controller.start()
            return
        game = self.controller.game.rematch()
        self.controller.set_game(game)
        self.window.status.say(f"Game {game.games_played + 1} of this match: the same "
                               "players and rules.")

    def show_match(self) -> Any:
        """F6: the match table, with the next game or a new match as ways on."""
        self.controller.cancel_all()  # the computer waits while the table is open
        choice = self.ask_match(self.controller.game)
        if choice == "next":
            self.restart()
        elif choice == "new":
            self.new_game()
        else:
            self.controller.start()
        return choice

    def toggle_demo(self) -> None:
        demo = not self.controller.demo
        self.controller.set_demo(demo)
        self.window.set_check("demo", demo)
        self._show_settings()

    def toggle_sound(self) -> None:
        self._set_prefs(sound=not self.prefs.sound)
        self.window.status.say("Sound on." if self.prefs.sound else "Sound off.")

    def faster(self) -> None:
        self._set_prefs(delay=next_delay(self.prefs.delay, faster=True))
        self.window.status.say(f"The computer waits {self.prefs.delay:.1f} s between moves.")

    def slower(self) -> None:
        self._set_prefs(delay=next_delay(self.prefs.delay, faster=False))
        self.window.status.say(f"The computer waits {self.prefs.delay:.1f} s between moves.")

    def pitch_up(self) -> None:
        self._change_pitch(+1)

    def pitch_down(self) -> None:
        self._change_pitch(-1)

    def _change_pitch(self, step: int) -> None:
        low, high = PITCH_RANGE
        pitch = min(high, max(low, self.prefs.pitch + step))
        self._set_prefs(pitch=pitch)
        self.window.status.say(f"Dice sound pitch {pitch:+d}.")
        self._rattle()

    def volume_up(self) -> None:
        self._change_volume(+VOLUME_STEP)

    def volume_down(self) -> None:
        self._change_volume(-VOLUME_STEP)

    def _change_volume(self, step: int) -> None:
        low, high = VOLUME_RANGE
        volume = min(high, max(low, self.prefs.volume + step))
        self._set_prefs(volume=volume)
        self.window.status.say(f"Dice sound volume {volume}%." if volume
                               else "Dice sound volume 0%: silent.")
        self._rattle()

    def next_table_colour(self) -> None:
        names = [name for name, _ in TABLE_COLOURS]
        current = names.index(self.prefs.table_colour) if self.prefs.table_colour in names else 0
        self._set_prefs(table_colour=names[(current + 1) % len(names)])
        if self.prefs.theme == "mono":
            # The colour is still chosen and kept: it is the one the table takes in colour.
            self.window.status.say(f"Table colour: {self.prefs.table_colour}, shown when "
                                   "colour is on (in monochrome the table stays grey).")
        else:
            self.window.status.say(f"Table colour: {self.prefs.table_colour}.")

    def toggle_animation(self) -> None:
        self._set_prefs(animation=not self.prefs.animation)
        self.window.status.say("Dice animation on." if self.prefs.animation
                               else "Dice animation off.")

    def preferences(self) -> None:
        dialog_class = _optional("dialogs.preferences", "PreferencesDialog")
        if dialog_class is None:
            return
        result = dialog_class(self.root, self.prefs).result
        _collect()
        if result is not None:
            self.apply_preferences(result)

    def apply_preferences(self, prefs: Preferences) -> None:
        """Take new preferences (from the dialog) into use at once."""
        changes = {f.name: getattr(prefs, f.name) for f in dataclasses.fields(Preferences)
                   if f.name not in ("game", "geometry", "guide_done")}
        self._set_prefs(**changes)

    def show_rules(self, raise_window: bool = True) -> None:
        """F5: the rules of the game in play, in a window that stays open beside it."""
        rules = self.controller.game.rules
        window_class = _optional("dialogs.rules_window", "RulesWindow")
        if window_class is None:
            return
        existing = self.rules_window
        if existing is not None and existing.winfo_exists():
            existing.show(rules, self.prefs.theme)
            return
        if not raise_window:
            return
        self.rules_window = window_class(self.root, rules, theme=self.prefs.theme)

    def show_keys(self) -> None:
        dialog_class = _optional("dialogs.keys", "KeysDialog")
        if dialog_class is not None:
            dialog_class(self.root)
            _collect()

    def show_about(self) -> None:
        dialog_class = _optional("dialogs.about", "AboutDialog")
        if dialog_class is not None:
            dialog_class(self.root)
            _collect()

    def toggle_advisor(self) -> None:
        """H, Options > Advisor: show or hide the value of every choice."""
        self._set_prefs(advisor=not self.prefs.advisor)
        self.advisor.set_shown(self.prefs.advisor)
        self.window.set_check("advisor", self.prefs.advisor)
        self.window.status.say("The advisor is on: it values every choice of your throws."
                               if self.prefs.advisor else "The advisor is off.")

    def show_tour(self) -> None:
        """Help > Show the tour again: the guided turn, now or at your next turn."""
        self._set_prefs(guide_done=False)
        self.guide.restart()
        self.controller.refresh()
        if not self.guide.showing:
            self.window.status.say("The tour starts at your next turn.")

    def _guide_finished(self, skipped: bool) -> None:
        self._set_prefs(guide_done=True)
        if skipped:
            self.window.status.say("Tour closed. Help > Show the tour again brings it back.")

    def _refreshed(self, game: Game, human: bool) -> None:
        self.window.set_enabled("undo", self.controller.undo_refusal() is None)
        self.window.set_enabled("redo", self.controller.redo_refusal() is None)
        self.advisor.update(game, human)
        self.guide.update(game, human, self.controller.selection,
                          self.controller.challenge_offered)

    def show_review(self) -> Any:
        """Game > Review: your costliest decisions of this game (or the one just over),
        each with a link to its step in the replay.

        The decisions come from the game's record (in the review's worker), so those made
        before an undo that still stand are reviewed too."""
        record = self.controller.game.record
        humans = record.human_seats()
        if not any(c.seat in humans and c.name in ("throw", "bank") for c in record.commands):
            self.window.status.say("No decisions of yours to review yet in this game.")
            return None
        from .dialogs.review import ReviewWindow
        from .replaying import build

        return ReviewWindow(self.root, lambda: build(record).decisions(),
                            theme=self.prefs.theme,
                            on_show=lambda step: self.show_replay(step, record=record))

    # -- undo, records and the replay ------------------------------------------------------

    def undo(self) -> None:
        """Ctrl+Z, Game > Undo: take back your last move and the computer's moves since."""
        self._take_back(redo=False)

    def redo(self) -> None:
        """Ctrl+Y, Ctrl+Shift+Z, Game > Redo: give back what undo took."""
        self._take_back(redo=True)

    def _take_back(self, redo: bool) -> None:
        assisted = self.controller.game.record.assisted
        if not self.controller.take_back(redo):
            return
        said = ("Redone. Ctrl+Z takes it back again." if redo
                else "Undone: the dice stay as they fell, so the same choice throws the "
                     "same dice. Ctrl+Y gives the move back.")
        if not assisted:  # said once: the game's record now says it was assisted
            note = "Undo was used, so this game is marked as assisted in its record."
            self.window.log.add(note, "info")
            said = f"{said} {note}"
        self.window.status.say(said)
        self._set_title()

    def show_replay(self, step: int | None = None, record: Any = None) -> Any:
        """Game > Replay this game: the game so far, step by step, in a window of its own
        (``step``: the step to show first, the last by default)."""
        from .dialogs.replay import ReplayWindow

        record = record if record is not None else self.controller.game.record
        window = ReplayWindow(self.root, record, theme=self.prefs.theme,
                              table_colour=self.prefs.table_colour, step=step,
                              on_play_on=self.play_on)
        self.replays = [w for w in self.replays if w.winfo_exists()] + [window]
        return window

    def save_record(self) -> None:
        """Game > Save record as: the record (JSON) and beside it the game in plain words."""
        from tkinter import filedialog

        from .replaying import record_file_name
        from .savegame import transcript_path, write_record

        game = self.controller.game
        self.controller.cancel_all()  # the computer waits while the file dialog is open
        try:
            with self.window.box_open():
                name = filedialog.asksaveasfilename(
                    parent=self.root, title="Save the record of this game",
                    initialfile=record_file_name(game), defaultextension=".json",
                    filetypes=[("Game records", "*.json"), ("All files", "*")])
            if not name:
                return
            path = Path(name)
            try:
                write_record(game.record, path)
            except OSError as e:
                self.show_error("Record not saved", f"The record could not be saved to "
                                f"{path.name}: {e.strerror or e}.")
                return
            self.window.status.say(f"Saved the record as {path.name}, and the game in words "
                                   f"as {transcript_path(path).name}.")
        finally:
            self.controller.start()

    def open_record(self) -> Any:
        """Game > Open record: replay a saved record (or a simulator's) in a window."""
        from tkinter import filedialog

        with self.window.box_open():
            name = filedialog.askopenfilename(
                parent=self.root, title="Open a game record",
                filetypes=[("Game records", "*.json"), ("All files", "*")])
        if not name:
            return None
        return self.open_replay(Path(name))

    def open_replay(self, path: Path) -> Any:
        """The replay window for the record in ``path``; a bad file gets a box."""
        from .model import BadSave
        from .savegame import read_record

        try:
            record = read_record(path)
        except BadSave as e:
            self.show_error("Record not opened", str(e))
            return None
        return self.show_replay(record=record)

    def play_on(self, game: Game, step: int) -> bool:
        """The replay's "Play on from here": ``game`` (assisted) in this window, after
        asking whether to end the game in progress."""
        self.controller.cancel_all()
        if self.in_progress and not self.confirm(
                "Play on from here", "End the game in progress and play on from this step "
                                     "of the replay?"):
            self.controller.start()
            return False
        if self.controller.demo:
            self.toggle_demo()
        self.controller.set_game(game)
        self._set_title()
        self.window.status.say(f"Playing on from step {step} of the replay. The game is "
                               "marked as assisted in its record.")
        self.root.focus_force()
        self.window.table.focus_set()
        return True

    def _error_box(self, title: str, text: str) -> None:
        with self.window.box_open():
            messagebox.showerror(title, text, parent=self.root)

    # -- preferences ---------------------------------------------------------------------

    def _set_prefs(self, **changes: Any) -> None:
        old = self.prefs
        self.prefs = old.replace(**changes)
        # Only what really changes is the player's own choice, to keep for later launches.
        self.saved_prefs = self.saved_prefs.replace(
            **{k: v for k, v in changes.items() if getattr(old, k) != v})
        new = self.prefs
        if (new.theme, new.table_colour) != (old.theme, old.table_colour):
            self.images.theme = new.theme
            self.window.set_palette(palette(new.theme, new.table_colour))
            if new.theme != old.theme:
                apply_style(self.root, new.theme)
                self.show_rules(raise_window=False)  # an open rules window follows
            self.guide.draw()
        if new.delay != old.delay:
            self.controller.set_delay(new.delay)
        if new.animation != old.animation:
            self.controller.set_animation(new.animation)
        self.window.table.speed = ANIMATION_SPEEDS[new.animation_speed]
        self.window.set_check("sound", new.sound)
        self.window.set_check("animation", new.animation)
        self._show_settings()
        self._save_prefs_soon()

    def _show_settings(self) -> None:
        p = self.prefs
        parts = [f"Delay {p.delay:.1f} s", f"Sound {'on' if p.sound else 'off'}",
                 f"Pitch {p.pitch:+d}", f"Volume {p.volume}%"]
        if self.controller.demo:
            parts.insert(0, "DEMO")
        self.window.status.show_settings("   ".join(parts))

    def _save_prefs_soon(self) -> None:
        self._after("prefs", 500, self.save_preferences)

    def save_preferences(self) -> None:
        """Write the preferences now (the window's size and place included)."""
        prefs = self.saved_prefs
        try:
            if self.root.winfo_viewable() and self.owns_root:
                prefs = prefs.replace(geometry=self.root.wm_geometry())
        except tk.TclError:
            pass
        self.saved_prefs = prefs
        self.prefs = self.prefs.replace(geometry=prefs.geometry)
        try:
            save_preferences(prefs)
        except OSError as e:
            log.warning("preferences not saved: %s", e)
            self.window.status.say(f"Your preferences could not be saved ({e.strerror}).")

    def _rattle(self) -> None:
        if self.prefs.sound:
            self.sound.rattle(self.prefs.pitch, self.prefs.volume)

    # -- the end -------------------------------------------------------------------------

    def quit(self) -> None:
        """F7, Ctrl+Q, the window's close box: ask while a game is on, then close."""
        if self.in_progress:
            self.controller.cancel_all()
            question = ("Quit Ten-Thousand? Your game is saved and you can resume it next "
                        "time." if self.save_games else "Quit Ten-Thousand and end this game?")
            if not self.confirm("Quit", question):
                self.controller.start()
                return
        self.close()

    def save_and_quit(self) -> None:
        """The error dialog's way out: save the game and close at once."""
        if self.savegame and self.save_games and not self.controller.game.over:
            self.controller.saver.flush()
            self.savegame.autosave(self.controller.game)
        self.close()

    def close(self) -> None:
        if self.closed:
            return
        self.save_preferences()
        self.destroy()
        if self.owns_root:
            self.root.destroy()

    def destroy(self) -> None:
        """Cancel every pending call and remove every widget and binding of this window."""
        if self.closed:
            return
        self.closed = True
        self.controller.destroy()
        self.advisor.destroy()
        self.guide.destroy()
        for after_id in self._afters.values():
            self.root.after_cancel(after_id)
        self._afters.clear()
        for sequence in self._bound:
            self.root.unbind(sequence)
        self._bound.clear()
        if self.rules_window is not None:
            try:
                self.rules_window.destroy()
            except tk.TclError:
                pass
        for replay in self.replays:
            if replay.winfo_exists():
                replay.close()
        self.replays.clear()
        self.window.destroy()
        self.images.clear()
        _collect()
        try:
            self.root.protocol("WM_DELETE_WINDOW", "")
        except tk.TclError:
            pass


# -- launching ---------------------------------------------------------------------------

def settings_from_options(base: GameSettings, opts: Options) -> tuple[GameSettings, str | None]:
    """The game settings with the command line's overrides; a note when one cannot apply."""
    changes: dict[str, Any] = {}
    if opts.rules:
        changes.update(preset=opts.rules, game_point=None, opening_minimum=None, minimum=None)
    if opts.players:
        changes["seats"] = tuple(SeatSetting(p.name, p.computer, p.level) for p in opts.players)
    if opts.options or opts.rules:
        changes["options"] = tuple(opts.options)
    settings = dataclasses.replace(base, **changes)
    errors = settings.errors()
    if not errors:
        return settings, None
    note = "; ".join(errors.values())
    if "options" in errors:
        settings = dataclasses.replace(settings, options=tuple(
            o for o in settings.options if o != "mutant-trash"))
        if not settings.errors():
            return settings, f"Mutant Trash is left out: {note}."
    return GameSettings(), ("The command line's choices do not go with your last game's "
                            f"settings ({note}); starting with the defaults.")


def _geometry(root: tk.Tk, text: str) -> str:
    """A geometry for the window from a saved one: its size within the screen, and its
    place only while enough of the window stays on the screen to grab and use.

    Never raises: anything unreadable gives the default size (as bad preferences do)."""
    screen_w, screen_h = root.winfo_screenwidth(), root.winfo_screenheight()
    match = _GEOMETRY.match(text) if isinstance(text, str) else None
    if match is None:
        w, h = min(DEFAULT_SIZE[0], screen_w), min(DEFAULT_SIZE[1], screen_h - 60)
        return f"{w}x{h}"
    w, h = int(match.group(1)), int(match.group(2))
    w, h = max(MIN_SIZE[0], min(w, screen_w)), max(MIN_SIZE[1], min(h, screen_h))
    if match.group(3) is None:
        return f"{w}x{h}"
    # "+X" counts from the screen's left edge, "-X" from its right (Tk's own geometry).
    x, y = int(match.group(4)), int(match.group(6))
    left = x if match.group(3) == "+" else screen_w - w - x
    top = y if match.group(5) == "+" else screen_h - h - y
    seen_w = min(left + w, screen_w) - max(left, 0)
    seen_h = min(top + h, screen_h) - max(top, 0)
    # The title bar sits just above `top`: it must be on the screen to drag the window back.
    if top >= 0 and seen_w >= ON_SCREEN[0] and seen_h >= ON_SCREEN[1]:
        return f"{w}x{h}+{left}+{top}"
    return f"{w}x{h}"


#: Icon sizes set before the window shows: the small ones decode in a few milliseconds;
#: the large ones (for docks and switchers) follow once the first frame is drawn.
FIRST_ICON_SIZES = (16, 32, 48)


def _set_icon(root: tk.Tk, sizes: tuple[int, ...] | None = None) -> list[Any]:
    try:
        from . import assets

        photos = assets.icon_photos(root) if sizes is None else assets.icon_photos(root, sizes)
        if photos:
            root.wm_iconphoto(True, *photos)
        return photos
    except (ImportError, AttributeError, OSError, tk.TclError) as e:
        log.info("no window icon: %s", e)
        return []


def resume_question(saved: Game, explicit: bool) -> str:
    """The question that offers the unfinished game, its scores set off so that a name
    never runs into a number ("Ann: 1,250 \u00b7 Computer B: 900")."""
    scores = " \u00b7 ".join(f"{seat.name}: {board:,}"
                              for seat, board in zip(saved.seats, saved.board, strict=True))
    question = (f"You have an unfinished game of {saved.rules.label}.\n\n{scores}\n\n"
                "Resume it? (No starts a new game.)")
    if explicit:
        question += "\n\nNo starts the game the command line asks for."
    return question


def _preferences_for(opts: Options) -> tuple[Preferences, Preferences, list[str], str]:
    """(the preferences as saved, the ones this launch plays with, notes for the player,
    a status line).  The command line's choices are for this launch only: they are never
    written back unless the player makes the same change in the window."""
    messages: list[str] = []
    status = ""
    if opts.reset_preferences:
        saved, note = Preferences(), None
        status = "Preferences are back to their defaults."
    else:
        saved, note = load_preferences()
    if note:
        messages.append(note)
    changes: dict[str, Any] = {}
    if opts.delay is not None:
        changes["delay"] = opts.delay
    if opts.sound is not None:
        changes["sound"] = opts.sound
    if opts.theme is not None:
        changes["theme"] = opts.theme
    settings, settings_note = settings_from_options(saved.game, opts)
    if settings_note:
        messages.append(settings_note)
    return saved, saved.replace(game=settings, **changes), messages, status


def _saved_game(root: tk.Tk, opts: Options) -> tuple[Game | None, list[str]]:
    """The unfinished game to play on, if there is one and the player wants it."""
    if _optional("savegame", "load_saved_game") is None:
        return None, ["There is no saved game to resume."] if opts.resume else []
    from . import savegame

    messages: list[str] = []
    saved, save_note = savegame.load_saved_game()
    if save_note:
        messages.append(save_note)
    if saved is not None and sum(saved.turns_taken) == 0 and saved.phase is Phase.START:
        saved = None  # closed before the first throw: nothing worth offering
    if saved is None:
        if opts.resume:
            messages.append("There is no saved game to resume.")
        return None, messages
    if opts.resume:
        return saved, messages
    if opts.demo:
        return None, messages
    explicit = bool(opts.rules or opts.players or opts.options or opts.seed is not None)
    if messagebox.askyesno("Resume", resume_question(saved, explicit), parent=root):
        return saved, messages
    savegame.clear_saved_game()
    return None, messages


#: Set to 1 by ``python -m tenthousand.benchmark startup`` only: close the window as soon
#: as its first frame is drawn, to time the start-up.
EXIT_AFTER_FIRST_FRAME = "TENTHOUSAND_EXIT_AFTER_FIRST_FRAME"


def _after_first_frame(root: tk.Tk, func: Callable[[], None]) -> None:
    """Call ``func`` once the window is on the screen and drawn (or after a second, should
    the window manager keep it hidden)."""
    done = False

    def run() -> None:
        nonlocal done
        if done:
            return
        done = True
        root.update_idletasks()  # the redraws Tk has queued: the first frame
        func()

    def mapped(event: tk.Event) -> None:  # type: ignore[type-arg]
        if event.widget is root:
            root.after_idle(run)

    root.bind("<Map>", mapped, add="+")
    root.after(1000, run)


def _first_frame_drawn(app: App, intro: bool, replay: Any = None) -> None:
    """What waits for the first frame: the game's first step and the first save, and
    the replay window that ``--replay`` asks for."""
    if app.closed:
        return
    timing = os.environ.get(EXIT_AFTER_FIRST_FRAME) == "1"
    if timing:
        print("first frame", flush=True)  # the benchmark's stopwatch stops here
    app.icons = _set_icon(app.root) or app.icons  # type: ignore[attr-defined]
    if not intro:
        app._begin()
    app.save_preferences()
    if replay is not None:
        app.show_replay(record=replay)
    if timing:
        app.close()


def _open(root: tk.Tk, opts: Options) -> App:
    """Build the game window on ``root`` as the command line asks."""
    root.withdraw()
    icons = _set_icon(root, FIRST_ICON_SIZES)
    saved_prefs, prefs, messages, status = _preferences_for(opts)
    root.geometry(_geometry(root, prefs.geometry))
    root.minsize(*MIN_SIZE)
    # A replay asks nothing first: an unfinished game stays saved for the next launch.
    game, more = _saved_game(root, opts) if opts.replay is None else (None, [])
    messages += more
    root.deiconify()
    intro = prefs.intro and not opts.skip_intro and game is None
    app = App(root, prefs, prefs.game, game=game, seed=opts.seed, demo=opts.demo,
              intro=intro, owns_root=True, message=" ".join(messages) or status or None,
              notices=messages, saved_prefs=saved_prefs, begin=False)
    app.icons = icons  # type: ignore[attr-defined]  # Tk forgets an image nobody holds
    _after_first_frame(root, lambda: _first_frame_drawn(app, intro, opts.replay))
    return app


def launch(opts: Options) -> int:
    """Open the game window as the command line asks; returns the exit status.

    An error before the window can show one itself goes to the log with its traceback and
    to the terminal as one sentence, and the status is 1."""
    from .logs import report_startup_failure, setup_logging

    try:
        setup_logging()
    except OSError as e:  # setup_logging falls back to stderr; this is a last resort
        print(f"tenthousand: no log this time ({e})", file=sys.stderr)
    root: tk.Tk | None = None
    try:
        root = tk.Tk(className="TenThousand")
        _open(root, opts)
    except Exception as e:  # noqa: BLE001 - anything at all: logged, told, exit 1
        report_startup_failure(e)
        if root is not None:
            try:
                root.destroy()
            except tk.TclError as err:  # half-built: the process ends anyway
                log.info("the half-built window could not be closed: %s", err)
        return 1
    root.mainloop()
    return 0
