"""The application: one game window on a Tk root.  :class:`App` builds the main window, the
controller, the session (:mod:`.session`) and the command groups (:mod:`.game`,
:mod:`.records`, :mod:`.options`, :mod:`.access`, :mod:`.history`: each command's handler is
a method of one, marked ``@handles``), and wires them together; nothing else."""

from __future__ import annotations

import logging
import sys
import tkinter as tk
from collections.abc import Callable, Sequence
from functools import partial

from ..dialogs.error import install_tk_error_handler
from ..files import savegame
from ..files.settings import GameSettings, LivePreferences, Preferences
from ..model import Game
from ..present.commands import COMMANDS, handlers_of
from ..services.jobs import JobRunner
from ..services.sound import Sound
from ..services.speech import Speaker, find_backend
from ..services.timers import Timers
from ..view.dice import DiceImages
from ..view.guide import Guide
from ..view.screen import WindowScreen
from ..view.theme import apply_style, palette
from ..view.window import MainWindow
from .access import AccessCommands
from .advising import AdvisorService
from .autosave import FINISH_LANES
from .boxes import Boxes, collect
from .computer import PlayerFactory
from .controller import Controller
from .game import GameCommands
from .history import HistoryControls
from .keys import Keys
from .messages import Messages
from .network import NetworkCommands
from .options import OptionCommands
from .real_table import RealDiceCommands
from .records import RecordCommands
from .session import Origin, Session

log = logging.getLogger(__name__)


class App:
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
        self.root, self.owns_root, self.closed = root, owns_root, False
        # Every Tk call releases the GIL, and getting it back from a worker waits for the
        # switch interval: callback p99 25 ms at 1 ms, 8 ms at 0.05 ms (tools.benchmark).
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
        #: The one owner of the game on the table (and of demo mode).
        self.session = Session(game or GameCommands.make_game(self.preferences.game, seed),
                               demo=demo)
        self.handlers: dict[str, Callable[..., object]] = {}  # (filled once the groups exist)
        self._build(seed=seed, player_factory=player_factory, save_games=save_games,
                    keep_history=save_games if keep_history is None else keep_history)
        self._watch_session(game, demo)
        root.protocol("WM_DELETE_WINDOW", self.game_commands.quit)
        if install_error_handler:
            install_tk_error_handler(root, on_save_and_quit=self.game_commands.save_and_quit)
        self.game_commands.open(message, notices, intro=intro, demo=demo, begin=begin)

    @property
    def prefs(self) -> Preferences:
        """The preferences in use now (the command line's launch-only choices included)."""
        return self.preferences.value

    def _build(self, *, seed: int | None, player_factory: PlayerFactory | None,
               save_games: bool, keep_history: bool) -> None:
        """The window, its controller, the advisor, the tour, the command groups, the keys."""
        root, prefs, live, session = self.root, self.prefs, self.preferences, self.session
        self.images = DiceImages(root, prefs.theme)
        apply_style(root, prefs.theme)  # the ttk look every dialog shares
        self.window = w = MainWindow(
            root, palette(prefs.theme, prefs.table_colour), self.images,
            {c.name: lambda *a, n=c.name: self.handlers[n](*a) for c in COMMANDS},
            on_die=lambda row, i: self.real_dice.click_die(row, i),
            on_throw=lambda: self.game_commands.throw(), on_bank=lambda: self.game_commands.bank(),
            on_challenge=lambda target: self.controller.challenge(target),
            animation=prefs.animation)
        self.messages = m = Messages(w.status,
                                     speak=lambda text, priority: self.speaker.say(text, priority),
                                     log=w.log.add, bell=w.bell)
        self.jobs = JobRunner(root)  # the one way work leaves the Tk thread
        self.controller = c = Controller(
            WindowScreen(w), root, session, messages=m, jobs=self.jobs, delay=prefs.delay,
            animation=prefs.animation, player_factory=player_factory, seed=seed,
            on_sound=lambda: self.options.rattle(),
            autosave=savegame.autosave if save_games else None,
            clear_save=savegame.clear_saved_game if save_games else None,
            on_rematch=lambda: self.game_commands.restart(ask=False))
        c.on_refresh, c.confirm = self._refreshed, lambda t, q: self.boxes.confirm(t, q)
        self.advisor = AdvisorService(self.jobs, lambda shown: self.access.show_advice(shown),
                                      w.show_advisor)
        self.guide = Guide(w.table, w.actions, active=not prefs.guide_done,
                           on_finish=lambda skipped: self.game_commands.tour_finished(skipped),
                           esc_taken=lambda: w.entry_row is not None and w.entry_row.puts_off)
        self.boxes: Boxes = Boxes(root, w.box_open)
        self.game_commands: GameCommands = GameCommands(
            root, session, c, live, self.boxes, m, self.guide, self.timers, w.table, seed=seed,
            save_games=save_games, close=self.close)
        self.records = RecordCommands(root, session, c, w, live, self.boxes, m, self.jobs,
                                      retitle=self.game_commands.set_title)
        self.access: AccessCommands = AccessCommands(live, w, c, self.advisor, self.speaker, m)
        self.options: OptionCommands = OptionCommands(
            root, live, session, w, c, self.advisor, self.guide, self.images, self.sound,
            self.jobs, self.timers, m, owns_root=self.owns_root,
            follow_rules=self.game_commands.follow_rules,
            speech_problem=self.access.speech_problem)
        self.history = HistoryControls(root, live, session, c, w.log, m, self.boxes,
                                       enabled=keep_history)
        self.real_dice = RealDiceCommands(w, self.images, c, live, self.game_commands,
                                          self.jobs, m)
        self.network = NetworkCommands(
            root, session, c, live, self.boxes, m, self.jobs, self.timers, w,
            palette(prefs.theme, prefs.table_colour),
            make_game=lambda s: GameCommands.make_game(s, self.game_commands.take_seed()))
        self.handlers.update(handlers_of(self.game_commands, self.records, self.options,
                                         self.access, self.history, self.real_dice,
                                         self.network))
        self.network.guard(self.handlers)  # (before the keys are bound to the handlers)
        self.advisor.set_shown(prefs.advisor)
        self.keys = Keys(root, w, self.guide, self.handlers, controller=c,
                         advisor=self.advisor, speaker=self.speaker)
        self.keys.bind()

    def _watch_session(self, game: Game | None, demo: bool) -> None:
        """Whatever shows or keeps the game on the table follows the session, in order."""
        watch, s = self.session.watch, self.session
        watch("history", self.history.put)  # the game left is stored first
        watch("network", self.network.follow)  # a network game goes on, or is left
        # The table: the controller draws it and writes the log's first lines (the game, who
        # plays as Expert, the dice fingerprint) and the save.
        watch("table", self.controller.follow)
        watch("waiting", self.game_commands.follow_table)  # a game put on the table plays
        watch("title", self.game_commands.set_title)
        watch("rules", self.game_commands.follow_rules)
        watch("demo", self.options.follow_demo)  # the menu's check, the status bar's DEMO
        watch("messages", self.game_commands.announce)  # the status line and speech
        watch("real dice", self.real_dice.follow_session)  # the coach shown, or not
        watch("review", self.records.follow_session)  # the game reviewed is gone: it closes
        watch("hosted again", self.network.follow_resumed)  # a hosted game waits for friends
        watch("advisor, tour", lambda change: self._refreshed(
            change.game, self.controller.human_to_play))
        computers = self.controller.computers
        s.played_as = lambda seat: "expert" if computers.plays_as_expert(seat) else None
        resumed = game is not None and len(game.log) > 1
        s.put(s.table, Origin.RESUMED if resumed else Origin.NEW, demo=demo)

    def _refreshed(self, game: Game, human: bool) -> None:
        """After every redraw (and a new game): the advisor, the tour, the cursor, the
        history keeper and the menus' state follow."""
        self.history.refreshed(game)
        self.real_dice.follow(game)  # the coach, after a person's decision
        self.advisor.update(game, human, sorted(self.controller.selection))
        self.guide.update(game, human, self.controller.selection,
                          self.controller.challenge_offered)
        self.access.follow_cursor()
        self.keys.update_enabled()

    def close(self) -> None:
        """Quit: the history and the preferences are written, then the window goes."""
        if not self.closed:
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
        for step in (self.network.shutdown, self.history.shutdown, self.speaker.close,
                     self.game_commands.stop_waiting,  # (before the replays close)
                     self.controller.destroy,  # (it writes the last save first)
                     partial(self.jobs.close, finish=FINISH_LANES), self.guide.destroy, self.preferences.clear,
                     self.session.clear, self.timers.cancel_all, self.keys.unbind,
                     self.game_commands.close_rules, self.records.close_replays,
                     self.window.destroy, self.images.clear, collect):
            step()
        try:
            self.root.protocol("WM_DELETE_WINDOW", "")
        except tk.TclError as e:  # the root went first: nothing is left to call us
            log.info("close box not reset: %s", e)
