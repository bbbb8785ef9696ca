"""The application: one game window on a Tk root, its controller, and its commands.

:class:`App` holds one main window and its controller; tests build it on the session root
and destroy it again.  Its commands are the table in :mod:`tenthousand.present.commands`: the menus,
the keys and the Keys window are built from it, and each command's handler is the App
method marked with ``@handles(name)`` (the Game and Help menus in :mod:`.game`, the
preferences and the Options menu in :mod:`.options`).  Launching is
:mod:`tenthousand.launch`.
"""

from __future__ import annotations

import gc
import logging
import sys
import tkinter as tk
from collections.abc import Callable, Sequence
from tkinter import messagebox
from typing import TYPE_CHECKING

from ..dialogs.error import install_tk_error_handler
from ..files import savegame
from ..files.settings import GameSettings, LivePreferences, Preferences
from ..i18n import _
from ..model import Game
from ..present.advice import AdvisorDisplay
from ..present.commands import COMMANDS, Command, handlers_of, handles, number_of
from ..services.jobs import JobRunner
from ..services.sound import Sound
from ..services.speech import Speaker, find_backend
from ..view import access
from ..view.dice import DiceImages
from ..view.guide import Guide
from ..view.screen import WindowScreen
from ..view.theme import apply_style, palette
from ..view.window import MainWindow
from .access import AccessCommands
from .advising import AdvisorService
from .computer import PlayerFactory
from .controller import Controller
from .game import GameCommands
from .history import HistoryControls
from .messages import Messages
from .options import OptionCommands
from .records import RecordCommands

if TYPE_CHECKING:
    from ..dialogs.replay import ReplayWindow
    from ..dialogs.rules_window import RulesWindow

log = logging.getLogger(__name__)

def _collect() -> None:
    """Collect closed windows' garbage now, in the Tk thread.

    A closed dialog's Tk variables sit in reference cycles; if the garbage collector
    happened to free them from a worker thread, Tk would refuse the call."""
    gc.collect()


class App(GameCommands, OptionCommands, AccessCommands, RecordCommands):
    """One game window on ``root``: build it, play, and :meth:`destroy` it cleanly."""

    def __init__(self, root: tk.Tk, prefs: Preferences | None = None,
                 settings: GameSettings | None = None, *, game: Game | None = None,
                 seed: int | None = None, demo: bool = False, intro: bool = False,
                 player_factory: PlayerFactory | None = None,
                 install_error_handler: bool = True, save_games: bool = True,
                 sound: Sound | None = None, owns_root: bool = False,
                 message: str | None = None, notices: Sequence[str] = (),
                 saved_prefs: Preferences | None = None, begin: bool = True,
                 speaker: Speaker | None = None, keep_history: bool | None = None) -> None:
        self.root = root
        # Worker threads (the Perfect player, the advisor, the dice images) run pure Python.
        # Every Tk call releases the GIL, and getting it back waits for the switch interval
        # while a worker computes: 5 ms by default, so a redraw of 100 calls could take
        # 0.5 s.  `python -m tenthousand.tools.benchmark` (Expert against Expert, advisor on):
        # callback p99 25 ms at 1 ms, 12 ms at 0.2 ms, 8 ms at 0.05 ms.
        sys.setswitchinterval(min(sys.getswitchinterval(), 0.00005))
        self.live = LivePreferences(prefs or Preferences())
        #: What :meth:`save_preferences` writes: the preferences as saved (without the
        #: command line's launch-only choices) plus what the player changes in the window.
        self.saved_prefs = saved_prefs or self.prefs
        self.settings = settings or self.prefs.game
        self.seed = seed
        self.owns_root = owns_root
        self.save_games = save_games
        self.sound = sound or Sound()
        #: Speaks what happens when the speech preference is on (tests give a recorder).
        self.speaker = speaker or Speaker(root, find_backend())
        self.closed = False
        self._afters: dict[str, str] = {}
        self._bound: list[str] = []
        self.rules_window: RulesWindow | None = None
        self.replays: list[ReplayWindow] = []  # the replay windows open now
        #: The window icons: Tk forgets an image nobody holds.
        self.icons: list[tk.PhotoImage] = []
        self._set_hooks()

        # The history keeps the games of a window that keeps its saves (not the tests').
        self.history = HistoryControls(
            self, enabled=save_games if keep_history is None else keep_history)
        self._build(game or self._make_game(self.settings, seed), demo=demo, seed=seed,
                    player_factory=player_factory)
        self._watch_prefs()
        self._watch_speech()
        self._bind_keys()
        self._show_settings()
        self._set_title()
        root.protocol("WM_DELETE_WINDOW", self.quit)
        if install_error_handler:
            install_tk_error_handler(root, on_save_and_quit=self.save_and_quit)
        self._start(message, notices, intro=intro, demo=demo, begin=begin)

    def _set_hooks(self) -> None:
        """The dialogs and questions the window asks through (tests replace them), and the
        handlers and conditions of the command table."""
        #: Shows an error in a box (title, one sentence); tests replace it.
        self.show_error: Callable[[str, str], None] = self._error_box
        #: Asks a yes/no question; tests replace it.
        self.confirm: Callable[[str, str], bool] = self._ask
        #: Opens the new-game dialog and returns the settings or None; tests replace it.
        self.ask_settings: Callable[[GameSettings], GameSettings | None] = self._new_game_dialog
        #: Shows the match table; returns "next", "new" or None.  Tests replace it.
        self.ask_match: Callable[[Game], str | None] = self._match_dialog
        #: When a command of the table can be used, by the name its ``enabled`` gives.
        self.conditions: dict[str, Callable[[], bool]] = {
            "has_decisions": lambda: self.advisor.has_decisions(),
            "can_undo": lambda: self.controller.undo_refusal() is None,
            "can_redo": lambda: self.controller.redo_refusal() is None,
            "speech_available": lambda: self.speaker.available}
        self.handlers = handlers_of(self)

    # -- building ------------------------------------------------------------------------

    def _build(self, game: Game, *, demo: bool, seed: int | None,
               player_factory: PlayerFactory | None) -> None:
        """The window, its controller, the advisor and the tour."""
        root, prefs = self.root, self.prefs
        self.images = DiceImages(root, prefs.theme)
        apply_style(root, prefs.theme)  # the ttk look every dialog shares
        self.window = MainWindow(
            root, palette(prefs.theme, prefs.table_colour), self.images, self.handlers,
            on_die=self._on_die, on_throw=self._throw, on_bank=self._bank,
            on_challenge=self._challenge, animation=prefs.animation)
        saving = self.save_games
        #: The one way work leaves the Tk thread: the controller and the advisor use it.
        self.jobs = JobRunner(root)
        #: The one way the player is told something (the status line, speech, the bell).
        window = self.window
        self.messages = Messages(lambda text: window.status.say(text), speak=self.say,
                                 log=window.log.add, bell=window.bell)
        self.controller = Controller(
            WindowScreen(self.window), root, game, messages=self.messages, jobs=self.jobs,
            delay=prefs.delay, animation=prefs.animation,
            demo=demo, player_factory=player_factory, seed=seed, on_sound=self._rattle,
            autosave=savegame.autosave if saving else None,
            clear_save=savegame.clear_saved_game if saving else None,
            on_rematch=lambda: self.restart(ask=False))
        self.window.set_check("demo", demo)
        panel = self.window.advisor

        def show_advice(display: AdvisorDisplay) -> None:
            panel.show(display)
            self._advice_line(display.line)

        self.advisor = AdvisorService(self.jobs, show_advice, self.window.show_advisor)
        self.guide = Guide(self.window.table, self.window.actions,
                           active=not prefs.guide_done, on_finish=self._guide_finished)
        self.controller.on_refresh = self._refreshed
        self.controller.confirm = lambda title, question: self.confirm(title, question)
        self.advisor.set_shown(prefs.advisor)
        self._update_enabled()

    def _start(self, message: str | None, notices: Sequence[str], *, intro: bool,
               demo: bool, begin: bool) -> None:
        """The first words in the window, then the title show or the game."""
        if message:
            self.window.status.say(message)
            self.window.log.add(message, "trash")
        self.window.table.focus_set()
        #: Problems found at launch, shown in a box before the first move.
        self.notices = list(notices)
        if intro:
            self.window.table.play_intro(self.begin, wait=not demo)
        elif begin:  # (launch begins after the first frame: the window shows sooner)
            self.begin()

    def _bind_keys(self) -> None:
        """Bind every key of the table of commands to its handler."""
        for command in COMMANDS:
            handler = self.handlers.get(command.name)
            if handler is None or command.context != "main":
                continue
            for sequence in command.sequences:
                self._bind(sequence, command, handler)

        def any_key(event: tk.Event) -> str | None:  # type: ignore[type-arg]
            if self.window.table.intro_running:  # any key skips the startup show
                self.window.table.skip_intro()
                return "break"
            return None

        self.root.bind("<Key>", any_key)
        self._bound.append("<Key>")

    def _bind(self, sequence: str, command: Command,
              handler: Callable[..., object]) -> None:
        args = (number_of(sequence),) if command.numbered else ()

        def on_key(event: tk.Event) -> str:  # type: ignore[type-arg]
            if self.window.table.intro_running:
                self.window.table.skip_intro()
            elif sequence == "<Escape>" and self.guide.showing:
                self.guide.skip()  # Esc ends the tour first; the next one sets up a new game
            else:  # even when its menu entry is greyed out: the handler says why not
                handler(*args)
            return "break"

        self.root.bind(sequence, on_key)
        self._bound.append(sequence)

    def enabled(self, command: Command) -> bool:
        """Whether ``command`` can be used now (its menu entry is greyed out if not)."""
        return not command.enabled or self.conditions[command.enabled]()

    def _update_enabled(self) -> None:
        for command in COMMANDS:
            if command.enabled:
                self.window.set_enabled(command.name, self.enabled(command))

    def begin(self) -> None:
        """The game's first step (and the launch's notices, if any)."""
        if self.notices:
            text, self.notices = "\n\n".join(self.notices), []
            # Shown once the window is up; the computer waits while the box is open.
            self._after("notices", 0, lambda: self.inform(_("Ten-Thousand"), text))
        self.controller.start()
        if self.prefs.theme == "mono":
            self.window.status.say(_("Monochrome display."))

    def inform(self, title: str, text: str) -> None:
        """A message box over the window; no computer move is made while it is open."""
        with self.window.box_open():
            messagebox.showinfo(title, text, parent=self.root)

    def _ask(self, title: str, question: str) -> bool:
        with self.window.box_open():
            return bool(messagebox.askyesno(title, question, parent=self.root))

    def _collect(self) -> None:
        _collect()

    def _access_sequences(self) -> list[str]:
        """The Alt+letter bindings the window's access keys put on the root (the review
        button's): they go with the window."""
        return [str(s) for s in self.root.bind() if "Alt-" in str(s)] \
            if access.keys_of(self.root) else []

    # -- after() for the app's own delayed work ------------------------------------------

    def _after(self, purpose: str, ms: int, func: Callable[[], None]) -> None:
        old = self._afters.pop(purpose, None)
        if old is not None:
            self.root.after_cancel(old)

        def run() -> None:
            self._afters.pop(purpose, None)
            func()

        self._afters[purpose] = self.root.after(ms, run)

    # -- playing -------------------------------------------------------------------------

    def _on_die(self, row: str, index: int) -> None:
        self.controller.click_die(row, index)

    @handles("throw")
    def _throw(self) -> None:
        if self.controller.game.over:
            self.controller._not_your_turn()
            return
        self.controller.throw()

    @handles("bank")
    def _bank(self) -> None:
        self.controller.bank()

    @handles("number_key")
    def number_key(self, number: int) -> None:
        """A number key: a die to pick or give away, or the player to challenge."""
        self.controller.number_key(number)

    def _challenge(self, target: int | None) -> None:
        self.controller.challenge(target)

    def _guide_finished(self, skipped: bool) -> None:
        self._set_prefs(guide_done=True)
        if skipped:
            self.window.status.say(_("Tour closed. Help > Show the tour again brings it back."))

    def _refreshed(self, game: Game, human: bool) -> None:
        self.history.refreshed(game)
        self.advisor.update(game, human, sorted(self.controller.selection))
        self.guide.update(game, human, self.controller.selection,
                          self.controller.challenge_offered)
        self._follow_cursor()
        self._update_enabled()

    # -- the end -------------------------------------------------------------------------

    def close(self) -> None:
        if self.closed:
            return
        self.history.close()
        self.save_preferences()
        self.destroy()
        if self.owns_root:
            self.root.destroy()

    def destroy(self) -> None:
        """Cancel every pending call and remove every widget and binding of this window."""
        if self.closed:
            return
        self.closed = True
        self.history.shutdown()
        self.speaker.close()
        self.controller.destroy()  # writes the last save first
        self.jobs.close()
        self.guide.destroy()
        self.live.clear()
        for after_id in self._afters.values():
            self.root.after_cancel(after_id)
        self._afters.clear()
        for sequence in self._bound + self._access_sequences():
            self.root.unbind(sequence)
        self._bound.clear()
        access.keys_of(self.root).clear()  # the next window on this root has its own
        if self.rules_window is not None:
            try:
                self.rules_window.destroy()
            except tk.TclError:  # closed by the player already
                self.rules_window = None
        self.close_replays()
        self.window.destroy()
        self.images.clear()
        _collect()
        try:
            self.root.protocol("WM_DELETE_WINDOW", "")
        except tk.TclError as e:  # the root went first: nothing is left to call us
            log.info("close box not reset: %s", e)
