"""The application: one game window on a Tk root, wired together.

:class:`App` builds the main window, the controller, the session (what is on the table)
and the command groups, and connects them; it does nothing else.  The commands are the
table in :mod:`tenthousand.present.commands`: the menus, the keys and the Keys window are
built from it, and each handler is a method marked ``@handles(name)`` of one group:
:class:`.game.GameCommands` (the Game and Help menus, the playing keys),
:class:`.records.RecordCommands`, :class:`.options.OptionCommands`,
:class:`.access.AccessCommands` and :class:`.history.HistoryControls`.  Tests build an App
on the session root and destroy it again.  Launching is :mod:`tenthousand.launch`.
"""

from __future__ import annotations

import logging
import sys
import tkinter as tk
from collections.abc import Callable, Sequence

from ..dialogs.error import install_tk_error_handler
from ..files import savegame
from ..files.settings import GameSettings, LivePreferences, Preferences
from ..i18n import _
from ..model import Game
from ..present.advice import AdvisorDisplay
from ..present.commands import COMMANDS, handlers_of
from ..services.jobs import JobRunner
from ..services.sound import Sound
from ..services.speech import Speaker, find_backend
from ..services.timers import Timers
from ..view.dice import DiceImages
from ..view.guide import Guide
from ..view.theme import apply_style, palette
from ..view.window import MainWindow
from .access import AccessCommands
from .advising import AdvisorService
from .boxes import Boxes, collect
from .computer import PlayerFactory
from .controller import Controller
from .game import GameCommands
from .history import HistoryControls
from .keys import Keys
from .messages import Messages
from .options import OptionCommands
from .records import RecordCommands
from .session import Change, Origin, Session

log = logging.getLogger(__name__)


class App:
    """One game window on ``root``: build it, play, and :meth:`destroy` it cleanly."""

    # (made in _build; named here because the window's callbacks name them first)
    boxes: Boxes
    game_commands: GameCommands
    options: OptionCommands
    advisor: AdvisorService
    guide: Guide

    def __init__(self, root: tk.Tk, prefs: Preferences | None = None,
                 settings: GameSettings | None = None, *, game: Game | None = None,
                 seed: int | None = None, demo: bool = False, intro: bool = False,
                 player_factory: PlayerFactory | None = None,
                 install_error_handler: bool = True, save_games: bool = True,
                 sound: Sound | None = None, owns_root: bool = False,
                 message: str | None = None, notices: Sequence[str] = (),
                 saved_prefs: Preferences | None = None, begin: bool = True,
                 speaker: Speaker | None = None, keep_history: bool | None = None) -> None:
        self.root, self.owns_root, self.closed = root, owns_root, False
        # Worker threads run pure Python; every Tk call releases the GIL, and getting it back
        # waits for the switch interval while a worker computes (5 ms by default): callback
        # p99 25 ms at 1 ms, 8 ms at 0.05 ms (`python -m tenthousand.tools.benchmark`).
        sys.setswitchinterval(min(sys.getswitchinterval(), 0.00005))
        prefs = prefs or Preferences()
        #: The one owner of the preferences (in use, saved, the next game's settings).
        self.preferences = LivePreferences(prefs.replace(game=settings or prefs.game),
                                           saved_prefs or prefs)
        self.timers = Timers(root)
        self.sound = sound or Sound()
        #: Speaks what happens when the speech preference is on (tests give a recorder).
        self.speaker = speaker or Speaker(root, find_backend())
        self.icons: list[tk.PhotoImage] = []  # the window icons: Tk forgets an image nobody holds
        self.session = Session()
        self.handlers: dict[str, Callable[..., object]] = {}
        self._build(game or GameCommands.make_game(self.preferences.game, seed),
                    demo=demo, seed=seed, player_factory=player_factory, save_games=save_games,
                    keep_history=save_games if keep_history is None else keep_history)
        self.keys = Keys(root, self.window, self.guide, self.handlers, {
            "has_decisions": lambda: self.advisor.has_decisions(),
            "can_undo": lambda: self.controller.undo_refusal() is None,
            "can_redo": lambda: self.controller.redo_refusal() is None,
            "speech_available": lambda: self.speaker.available})
        self.keys.bind()
        self._watch_session(game, demo)
        root.protocol("WM_DELETE_WINDOW", self.game_commands.quit)
        if install_error_handler:
            install_tk_error_handler(root, on_save_and_quit=self.game_commands.save_and_quit)
        self._start(message, notices, intro=intro, demo=demo, begin=begin)

    @property
    def prefs(self) -> Preferences:
        """The preferences in use now (the command line's launch-only choices included)."""
        return self.preferences.value

    def _build(self, game: Game, *, demo: bool, seed: int | None,
               player_factory: PlayerFactory | None, save_games: bool,
               keep_history: bool) -> None:
        """The window, its controller, the advisor, the tour and the command groups."""
        root, prefs, live, session = self.root, self.prefs, self.preferences, self.session
        self.images = DiceImages(root, prefs.theme)
        apply_style(root, prefs.theme)  # the ttk look every dialog shares
        late = self._late  # the handlers: the groups that have them need the window first
        self.window = window = MainWindow(
            root, palette(prefs.theme, prefs.table_colour), self.images,
            {c.name: late(c.name) for c in COMMANDS}, on_die=lambda row, i:
            self.controller.click_die(row, i), on_throw=lambda: self.game_commands.throw(),
            on_bank=lambda: self.game_commands.bank(),
            on_challenge=lambda target: self.controller.challenge(target),
            animation=prefs.animation)
        self.messages = Messages(window.status.say, speak=self.speaker.say,
                                 log=window.log.add, bell=window.bell)
        self.jobs = JobRunner(root)  # the one way work leaves the Tk thread
        self.controller = c = Controller(
            window, game, delay=prefs.delay, animation=prefs.animation, demo=demo,
            player_factory=player_factory, seed=seed, on_sound=lambda: self.options.rattle(),
            autosave=savegame.autosave if save_games else None,
            clear_save=savegame.clear_saved_game if save_games else None,
            on_rematch=lambda: self.game_commands.restart(ask=False), jobs=self.jobs)
        c.on_refresh, c.confirm = self._refreshed, lambda t, q: self.boxes.confirm(t, q)
        self.advisor = AdvisorService(self.jobs, self._show_advice, window.show_advisor)
        self.guide = Guide(window.table, window.actions, active=not prefs.guide_done,
                           on_finish=self._guide_finished)
        self.boxes = boxes = Boxes(root, window.box_open)
        self.game_commands = GameCommands(root, session, c, live, boxes, self.messages,
                                          self.guide, seed=seed, save_games=save_games,
                                          close=self.close)
        self.records = RecordCommands(root, session, c, window, live, boxes, self.messages,
                                      self.jobs, retitle=self.game_commands.set_title)
        self.access = AccessCommands(live, window, c, self.advisor, self.speaker,
                                     self.messages)
        self.options = OptionCommands(
            root, live, session, window, c, self.advisor, self.guide, self.images,
            self.sound, self.jobs, self.timers, self.messages, owns_root=self.owns_root,
            follow_rules=self.game_commands.follow_rules,
            speech_problem=self.access.speech_problem)
        self.history = HistoryControls(root, live, session, c, window.log, self.messages,
                                       boxes, enabled=keep_history)
        self.handlers.update(handlers_of(self.game_commands, self.records, self.options,
                                         self.access, self.history))
        self.advisor.set_shown(prefs.advisor)

    def _late(self, name: str) -> Callable[..., object]:
        return lambda *args: self.handlers[name](*args)

    def _watch_session(self, game: Game | None, demo: bool) -> None:
        """Whatever shows or keeps the game on the table follows the session, in order."""
        watch, s = self.session.watch, self.session
        watch("history", self.history.put)  # the game left is stored first
        watch("table", self._table)
        watch("title", self.game_commands.set_title)
        watch("rules", self.game_commands.follow_rules)
        watch("demo", self.options.follow_demo)
        watch("log", self.history.announce)  # the fingerprint line
        watch("messages", self.game_commands.announce)  # the status line and speech
        watch("advisor", lambda change: self.advisor.update(
            change.game, self.controller.human_to_play, ()))
        watch("tour", lambda change: self.guide.update(
            change.game, self.controller.human_to_play, (), self.controller.challenge_offered))
        s.played_as = lambda seat: "expert" if self.controller.plays_as_expert(seat) else None
        resumed = game is not None and len(game.log) > 1
        s.put(self.controller.game, Origin.RESUMED if resumed else Origin.NEW, demo=demo)

    def _table(self, change: Change) -> None:
        """The table (and so the autosave) shows the session's game and demo mode."""
        if self.controller.demo != change.demo:
            self.controller.set_demo(change.demo)
        if self.controller.game is not change.game:
            self.controller.set_game(change.game)  # which saves it and plays on

    def _start(self, message: str | None, notices: Sequence[str], *, intro: bool,
               demo: bool, begin: bool) -> None:
        """The first words in the window, then the title show or the game."""
        if message:
            self.messages.tell(message)
            self.window.log.add(message, "trash")  # kept: the status line changes soon
        self.window.table.focus_set()
        #: Problems found at launch, shown in a box before the first move.
        self.notices = list(notices)
        if intro:
            self.window.table.play_intro(self.begin, wait=not demo)
        elif begin:  # (launch begins after the first frame: the window shows sooner)
            self.begin()

    def begin(self) -> None:
        """The game's first step (and the launch's notices, if any)."""
        if self.notices:
            text, self.notices = "\n\n".join(self.notices), []
            # Shown once the window is up; the computer waits while the box is open.
            self.timers.later(0, self.boxes.inform, _("Ten-Thousand"), text, purpose="notices")
        self.controller.start()
        if self.prefs.theme == "mono":
            self.messages.tell(_("Monochrome display."))

    def _show_advice(self, display: AdvisorDisplay) -> None:
        self.window.advisor.show(display)
        self.access.advice_line(display.line)

    def _guide_finished(self, skipped: bool) -> None:
        self.preferences.update(guide_done=True)
        if skipped:
            self.messages.tell(_("Tour closed. Help > Show the tour again brings it back."))

    def _refreshed(self, game: Game, human: bool) -> None:
        if game is not self.session.game:
            self.session.moved(game)  # an undo or a redo: the same game, another position
        self.history.refreshed(game)
        self.advisor.update(game, human, sorted(self.controller.selection))
        self.guide.update(game, human, self.controller.selection,
                          self.controller.challenge_offered)
        self.access.follow_cursor()
        self.keys.update_enabled()

    def close(self) -> None:
        if self.closed:
            return
        self.history.close()
        self.options.save_preferences()
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
        self.preferences.clear()
        self.session.clear()
        self.timers.cancel_all()
        self.keys.unbind()
        self.game_commands.close_rules()
        self.records.close_replays()
        self.window.destroy()
        self.images.clear()
        collect()
        try:
            self.root.protocol("WM_DELETE_WINDOW", "")
        except tk.TclError as e:  # the root went first: nothing is left to call us
            log.info("close box not reset: %s", e)
