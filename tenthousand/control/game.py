"""The commands of the Game and Help menus (new games, the match, demo mode, quitting, house
rules, and the windows of rules, keys, tour and about) and the playing keys."""

from __future__ import annotations

import dataclasses
import tkinter as tk
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ..files import rulefile, savegame
from ..files.settings import SAVED_PREFIX, GameSettings, LivePreferences
from ..i18n import _, ngettext, number
from ..model import Game
from ..model.real_dice import is_real, real_game
from ..model.rules import PRESETS
from ..present import presenter
from ..present.commands import handles
from ..services.timers import Timers
from ..view.guide import Guide
from ..view.table import TableView
from .boxes import EXPORT, IMPORT, Boxes, collect
from .controller import Controller
from .history import new_seed
from .messages import Kind, Messages
from .session import Change, Origin, Session

if TYPE_CHECKING:
    from ..dialogs.rules_window import RulesWindow


class GameCommands:
    """The Game and Help menus: new games and the match, demo mode, quitting, house rules
    and the windows of rules, keys, tour and about."""

    def __init__(self, root: tk.Tk, session: Session, controller: Controller,
                 prefs: LivePreferences, boxes: Boxes, messages: Messages, guide: Guide,
                 timers: Timers, table: TableView, *, seed: int | None, save_games: bool,
                 close: Callable[[], None]) -> None:
        self.root = root
        self.timers = timers
        self.table = table  # the title show plays on it
        self.session = session
        self.controller = controller
        self.prefs = prefs
        self.boxes = boxes
        self.messages = messages
        self.guide = guide
        #: The dice seed the command line (or a test) asked for: it seeds one game (the
        #: first, or the first hosted for friends); every later game's comes from the
        #: operating system's randomness (:meth:`take_seed`).
        self.seed = seed
        self.save_games = save_games
        self.close = close
        self.rules_window: RulesWindow | None = None
        #: Problems found at launch, shown in a box before the first move.
        self.notices: list[str] = []
        self.begun = False  # the game on the table has had its first step
        self.waiting = False  # it waits for the player to turn to it (begin_when_turned_to)

    def open(self, message: str | None, notices: Sequence[str], *, intro: bool, demo: bool,
             begin: bool) -> None:
        """The window is built: the launch's ``message`` (kept in the log too), then the
        title show or the game (``begin`` False: the launch begins once the first frame is
        drawn, so that the window shows sooner)."""
        if message:
            self.messages.tell(message, Kind.WARNING)
        self.table.focus_set()
        self.notices = list(notices)
        if intro:
            self.table.play_intro(self.begin, wait=not demo)
        elif begin:
            self.begin()

    def begin(self) -> None:
        """The game's first step (and the launch's notices, if any)."""
        if self.notices:
            text, self.notices = "\n\n".join(self.notices), []
            # Shown once the window is up; the computer waits while the box is open.
            self.timers.later(0, self.boxes.inform, _("Ten-Thousand"), text, purpose="notices")
        self.begun = True
        self.controller.start()
        if self.prefs.value.theme == "mono":
            self.messages.tell(_("Monochrome display."))

    def begin_when_turned_to(self, other: tk.Toplevel) -> None:
        """A launch with a window over the game (``--replay``): the game waits, neither
        played by the computer nor saved, until the player turns to it: a key or a click
        in the main window, or ``other`` closing."""
        self.waiting = True

        def turned(event: object = None) -> None:
            # (the bindings stay: unbinding one function unbinds the root's others too)
            if self.waiting:
                self.waiting = False
                self.begin()

        for sequence in ("<KeyPress>", "<ButtonPress>"):
            self.root.bind(sequence, turned, add="+")
        other.bind("<Destroy>", lambda event: turned() if event.widget is other else None,
                   add="+")

    def stop_waiting(self) -> None:
        """The window closes: a game still waiting for the player never begins (closing
        the replay window with it must not play or save it)."""
        self.waiting = False

    @staticmethod
    def make_game(settings: GameSettings, seed: int | None = None) -> Game:
        """A new game with ``settings``; always with a seed, so that its fingerprint can be
        shown before the game and checked after (real dice have none to show)."""
        if settings.real_dice:
            return real_game(settings.to_rules(), settings.to_seats(), settings.dice_set)
        return Game(settings.to_rules(), settings.to_seats(),
                    seed=seed if seed is not None else new_seed())

    def take_seed(self) -> int | None:
        """The seed the command line asked for, once (None after: a new seed each game)."""
        seed, self.seed = self.seed, None
        return seed

    def next_game(self, game: Game) -> Game:
        """The next game of ``game``'s match: the same seats and rules, the match table
        carried on, and a seed of its own from the operating system's randomness (its
        fingerprint is shown, its seed at the end), even when the command line chose the
        first game's: a friend who saw one game's seed revealed learns nothing of the next
        game's dice."""
        if is_real(game):  # the same set of real dice, thrown by hand again
            return real_game(game.rules, game.seats, game.record.real_dice or "",
                             match_points=game.match_points, games_played=game.games_played,
                             match_games=game.match_games)
        return Game(game.rules, game.seats, seed=new_seed(), dice=game.dice_source,
                    match_points=game.match_points, games_played=game.games_played,
                    match_games=game.match_games)

    # -- the session's watchers ----------------------------------------------------------

    def follow_table(self, change: Change) -> None:
        """A game put on the table plays at once: one that waited behind a replay window
        (:meth:`begin_when_turned_to`) no longer waits for the player to turn to it."""
        self.waiting = False

    def set_title(self, change: Change | None = None) -> None:
        """The window's title: the rules in play, and whether the game is assisted."""
        game = self.session.table
        self.root.title(presenter.window_title(game.rules, game.record.assisted))

    def announce(self, change: Change) -> None:
        """The status line (and so speech) says where the new game came from; a new game
        of one's own clears what was said about the last one."""
        if not change.new_game or change.previous is None:
            return  # a demo switch says so itself; the launch has its own words
        game, origin = change.game, change.origin
        if origin in (Origin.NEXT, Origin.RESTART):
            self.messages.tell(_("Game {n} of this match: the same players and rules.").format(
                n=game.games_played + 1), Kind.EVENT)
        elif origin is Origin.PLAY_ON:
            self.messages.tell(_("Playing on from step {step} of the replay. The game is "
                                 "marked as assisted in its record.").format(
                                     step=number(change.step or 0)), Kind.EVENT)
        elif change.note:
            self.messages.tell(change.note, Kind.EVENT)
        elif not (change.was_demo and not change.demo):  # (demo's end is said already)
            self.messages.clear()

    def follow_rules(self, change: Change | None = None) -> None:
        """An open rules window shows the rules of the game on the table."""
        self.show_rules(raise_window=False)

    # -- playing: the keys of the table (the buttons under it do the same) -------------

    @handles("throw")
    def throw(self) -> None:
        if self.controller.dice_entry.open:  # a real throw waits for its dice first
            self.controller.dice_entry.not_yet()
            return
        if self.session.table.over:
            self.controller.not_your_turn()
            return
        self.controller.throw()

    @handles("bank")
    def bank(self) -> None:
        if self.controller.dice_entry.open:  # Enter: the real dice entered count
            self.controller.dice_entry.enter()
            return
        self.controller.bank()

    @handles("number_key")
    def number_key(self, number: int) -> None:
        """A number key: a die to pick or give away, the player to challenge, or a face
        of a real throw being entered."""
        if self.controller.dice_entry.open:
            self.controller.dice_entry.type_face(number)
            return
        self.controller.number_key(number)

    # -- new games and the match ---------------------------------------------------------

    @handles("new_game")
    def new_game(self, base: GameSettings | None = None) -> None:
        """Esc, Ctrl+N: set up a new game; only once it is set up, and only if this game or
        its match would end, is the player asked (Cancel in the dialog keeps the game).
        While a person's real throw waits for its dice, Esc first puts it off."""
        if base is None and self.controller.dice_entry.cancel():
            return
        self.controller.cancel_all()  # the computer waits while the player decides
        settings = self.boxes.ask_settings(base or self.prefs.game)
        if settings is None:
            self.controller.start()  # the dialog was cancelled: play on
            return
        question = self._new_match_question()
        if question and not self.boxes.confirm(_("New game"), question):
            self.controller.start()
            return
        self.start_new_game(settings)

    def start_new_game(self, settings: GameSettings, seed: int | None = None) -> None:
        """Start a game with ``settings`` (and remember them for the next launch)."""
        self.prefs.choose_game(settings)
        self.controller.computers.seed = seed
        self.session.put(self.make_game(settings, seed), Origin.NEW)

    def _new_match_question(self) -> str | None:
        """What to ask before a new game ends this one or the match, or None."""
        played = self.session.table.games_played
        if played:
            if self.session.in_progress:
                question = ngettext(
                    "End this game and the match ({n} game played) and start the new one? "
                    "The match table starts again from zero.\n\nTo play the next game of "
                    "this match instead, press F8.",
                    "End this game and the match ({n} games played) and start the new one? "
                    "The match table starts again from zero.\n\nTo play the next game of "
                    "this match instead, press F8.", played)
            else:
                question = ngettext(
                    "End the match ({n} game played) and start the new one? The match table "
                    "starts again from zero.\n\nTo play the next game of this match instead, "
                    "press F8.",
                    "End the match ({n} games played) and start the new one? The match table "
                    "starts again from zero.\n\nTo play the next game of this match instead, "
                    "press F8.", played)
            return question.format(n=played)
        if self.session.in_progress:
            return _("End this game and start the new one?")
        return None

    @handles("restart")
    def restart(self, ask: bool = True) -> None:
        """F8: the next game of this match: the same seats and rules again (``ask``
        False: the rematch button of a game that is over)."""
        self.controller.cancel_all()
        if ask and self.session.in_progress and not self.boxes.confirm(
                _("Next game"), _("Abandon this game and start the next game of the match? "
                                  "The game you leave gives nobody match points.")):
            self.controller.start()
            return
        self.session.put(self.next_game(self.session.table),
                         Origin.NEXT if ask else Origin.RESTART)

    @handles("match")
    def show_match(self) -> str | None:
        """F6: the match table, with the next game or a new match as ways on."""
        self.controller.cancel_all()  # the computer waits while the table is open
        choice = self.boxes.ask_match(self.session.table)
        if choice == "next":
            self.restart()
        elif choice == "new":
            self.new_game()
        else:
            self.controller.start()
        return choice

    @handles("demo")
    def toggle_demo(self) -> None:
        """F2: the computer plays every seat, or gives them back."""
        self.session.set_demo(not self.session.demo)

    # -- quitting ------------------------------------------------------------------------

    @handles("quit")
    def quit(self) -> None:
        """F7, Ctrl+Q, the window's close box: ask while a game is on, then close."""
        if self.session.in_progress:
            self.controller.cancel_all()
            question = _("Quit Ten-Thousand and end this game?")
            if self.save_games:
                question = self._quit_question()
            if not self.boxes.confirm(_("Quit"), question):
                self.controller.start()
                return
        self.close()

    def _quit_question(self) -> str:
        """The quit box's promise, made only once the last save is known to be on disk."""
        saver = self.controller.saver
        if not saver.flush(2.0):
            problem: str | None = _("The game is not saved yet: the disk is slow to answer.")
        else:
            problem = saver.problem
        if problem is None:
            return _("Quit Ten-Thousand? Your game is saved and you can resume it next time.")
        return problem + "\n\n" + _("Quit anyway and end this game?")

    def save_and_quit(self) -> None:
        """The error dialog's way out: save the game and close at once."""
        if self.save_games and not self.session.table.over:
            self.controller.saver.flush()
            savegame.autosave(self.session.table)
        self.close()

    # -- house rules: the workshop, import and export ------------------------------------

    @handles("house_rules")
    def show_workshop(self) -> None:
        """Game > House rules: the workshop, starting from the rules in play."""
        from ..dialogs.workshop import WorkshopDialog
        from ..present.workshop_draft import plays_on_table

        self.controller.cancel_all()
        rules = self.session.table.rules
        found = rulefile.find_saved(rules.title)
        description = found.description if found is not None else ""
        result = WorkshopDialog(self.root, rules, description=description,
                                confirm=self.boxes.confirm, theme=self.prefs.value.theme,
                                ask_export=lambda name: self.boxes.ask_rule_file(name),
                                on_table=rules).result
        collect()
        if result is None:
            self.controller.start()
            return
        saved = result.rule_set
        if found is not None and found.rules != saved.rules and plays_on_table(saved.name,
                                                                               rules):
            # The game on the table (and its match) keeps the rules it began with: a game
            # never changes its rules, and the record replays with those.
            self.messages.tell(_("Saved the rules \u201c{name}\u201d. The game on the table "
                                 "goes on with the rules it began with; the new ones play "
                                 "from the next new game (File > New game).").format(
                                     name=saved.name), Kind.WARNING)
        else:
            self.messages.tell(_("Saved the rules \u201c{name}\u201d: they are in the "
                                 "new-game list.").format(name=saved.name))
        if not result.play:
            self.controller.start()
            return
        self.play_rule_set(result.rule_set.name)

    def play_rule_set(self, name: str) -> None:
        """Set up a new game (the new-game dialog) with a saved rule set chosen."""
        if self.session.in_progress and not self.boxes.confirm(_("New game"), _(
                "End this game and set up a new one with your rules?")):
            self.controller.start()
            return
        chosen = dataclasses.replace(self.prefs.game, preset=SAVED_PREFIX + name,
                                     game_point=None, opening_minimum=None, minimum=None,
                                     options=())
        settings = self.boxes.ask_settings(chosen)
        if settings is None:
            self.controller.start()
            return
        self.start_new_game(settings)

    @handles("import_rules")
    def import_rules(self) -> rulefile.RuleSet | None:
        """File > Import rules: read a rule file, check all of it, keep it as a saved set."""
        path = self.boxes.ask_rule_file(None)
        if not path:
            return None
        try:
            rule_set = rulefile.read(path)
        except rulefile.RuleFileError as e:
            self.boxes.show_error(_(IMPORT), _("These rules cannot be used: {error}.").format(
                error=e))
            return None
        name = rule_set.name
        if name.casefold() in (r.title.casefold() for r in PRESETS.values()):
            self.boxes.show_error(_(IMPORT), _(
                "The rule set is called \u201c{name}\u201d, like a preset. Rename it in the "
                "file (name = ...) and import it again.").format(name=name))
            return None
        if rulefile.find_saved(name) is not None and not self.boxes.confirm(
                _(IMPORT), _("You already have rules called \u201c{name}\u201d. Replace them "
                             "with the imported ones?").format(name=name)):
            return None
        try:
            rulefile.save(rule_set)
        except OSError as e:
            self.boxes.show_error(_(IMPORT), _("The rules could not be kept: {error}.").format(
                error=e.strerror or e))
            return None
        warned = rulefile.warnings(rule_set)
        if warned:
            # Translators: {warning} says what keeps a game under the rules from ending.
            self.messages.tell(_("Imported \u201c{name}\u201d, but beware: {warning}").format(
                name=name, warning=warned[0]), Kind.WARNING)
            return rule_set
        self.messages.tell(_("Imported \u201c{name}\u201d: choose it in the new-game dialog "
                             "or open it in Game > House rules.").format(name=name))
        return rule_set

    @handles("export_rules")
    def export_rules(self) -> str | None:
        """File > Export rules: the rules in play as a rule file."""
        rules = self.session.table.rules
        found = rulefile.find_saved(rules.title)
        description = found.description if found is not None and found.rules == rules \
            else ""
        path = self.boxes.ask_rule_file(rulefile.slug(rules.label) + rulefile.SUFFIX)
        if not path:
            return None
        try:
            rulefile.write(path, rulefile.RuleSet(rules, description))
        except OSError as e:
            self.boxes.show_error(_(EXPORT), _("The file could not be written: {error}.").format(
                error=e.strerror or e))
            return None
        self.messages.tell(_("The rules in play are written to {path}.").format(path=path))
        return path

    # -- Help ----------------------------------------------------------------------------

    @handles("strategy")
    def show_strategy(self) -> None:
        """Help > Strategy: the strategy card of the rules in play."""
        from ..dialogs.strategy import StrategyWindow

        game = self.session.table
        StrategyWindow(self.root, game.rules, theme=self.prefs.value.theme,
                       seats=len(game.seats))

    @handles("rules")
    def show_rules(self, raise_window: bool = True) -> None:
        """F5: the rules of the game in play, in a window that stays open beside it."""
        rules = self.session.table.rules
        existing = self.rules_window
        if existing is not None and existing.winfo_exists():
            existing.show(rules, self.prefs.value.theme)
            return
        if not raise_window:
            return
        from ..dialogs.rules_window import RulesWindow

        self.rules_window = RulesWindow(self.root, rules, theme=self.prefs.value.theme)

    def close_rules(self) -> None:
        if self.rules_window is not None:
            try:
                self.rules_window.destroy()
            except tk.TclError:  # closed by the player already
                pass
            self.rules_window = None

    @handles("keys")
    def show_keys(self) -> None:
        from ..dialogs.keys import KeysDialog

        KeysDialog(self.root)
        collect()

    @handles("about")
    def show_about(self) -> None:
        from ..dialogs.about import AboutDialog

        AboutDialog(self.root)
        collect()

    def tour_finished(self, skipped: bool) -> None:
        """The tour was done or closed: it does not come back by itself."""
        self.prefs.update(guide_done=True)
        if skipped:
            self.messages.tell(_("Tour closed. Help > Show the tour again brings it back."))

    @handles("tour")
    def show_tour(self) -> None:
        """Help > Show the tour again: the guided turn, now or at your next turn."""
        self.prefs.update(guide_done=False)
        self.guide.restart()
        self.controller.refresh()
        # The tour shows from the refresh's watchers, in a callback of their own: asked
        # during a person's turn, it is on screen then, and no line says it is to come.
        self.timers.later(0, self._tour_to_come, purpose="tour told")

    def _tour_to_come(self) -> None:
        if not self.guide.showing:
            self.messages.tell(_("The tour starts at your next turn."))
