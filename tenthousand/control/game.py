"""The App's commands of the Game and Help menus: new games, the match, demo mode, quitting,
and the windows of rules, keys, review, tour and about."""

from __future__ import annotations

import dataclasses
import tkinter as tk
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..files import rulefile, savegame
from ..files.settings import SAVED_PREFIX, GameSettings, LivePreferences, Preferences
from ..i18n import N_, _, ngettext
from ..model import Game
from ..model.game import Phase
from ..model.rules import PRESETS
from ..present.commands import handles
from ..view.guide import Guide
from ..view.window import MainWindow
from .advising import AdvisorService
from .controller import Controller
from .history import HistoryControls, new_seed

if TYPE_CHECKING:
    from ..dialogs.rules_window import RulesWindow

IMPORT = N_("Import rules")
EXPORT = N_("Export rules")


class GameCommands:
    """The Game and Help menus, mixed into :class:`~tenthousand.control.app.App`."""

    root: tk.Tk
    live: LivePreferences
    saved_prefs: Preferences
    settings: GameSettings
    save_games: bool
    window: MainWindow
    controller: Controller
    advisor: AdvisorService
    guide: Guide
    history: HistoryControls
    seed: int | None
    rules_window: RulesWindow | None
    confirm: Callable[[str, str], bool]
    ask_settings: Callable[[GameSettings], GameSettings | None]
    ask_match: Callable[[Game], str | None]
    prefs: Preferences  # (a property of OptionCommands)
    _set_prefs: Callable[..., None]
    _save_prefs_soon: Callable[[], None]
    _show_settings: Callable[[], None]
    _collect: Callable[[], None]
    close: Callable[[], None]

    @staticmethod
    def _make_game(settings: GameSettings, seed: int | None) -> Game:
        # Always a seed, so its fingerprint can be shown before the game and checked after.
        return Game(settings.to_rules(), settings.to_seats(),
                    seed=seed if seed is not None else new_seed())

    @property
    def in_progress(self) -> bool:
        """Whether quitting or a new game would end a game somebody has played into."""
        g = self.controller.game
        return not g.over and (sum(g.turns_taken) > 0 or g.phase is not Phase.START)

    def _set_title(self) -> None:
        game = self.controller.game
        # Translators: the window's title; {rules} is the name of the rules in play.
        title = (_("Ten-Thousand \u2014 {rules} (assisted)") if game.record.assisted
                 else _("Ten-Thousand \u2014 {rules}"))
        self.root.title(title.format(rules=game.rules.label))

    # -- new games and the match ---------------------------------------------------------

    def _new_game_dialog(self, settings: GameSettings) -> GameSettings | None:
        from ..dialogs.newgame import NewGameDialog

        result = NewGameDialog(self.root, settings).result
        self._collect()
        return result

    @handles("new_game")
    def new_game(self) -> None:
        """Esc, Ctrl+N: end this game and its match (after asking) and set up a new one."""
        self.controller.cancel_all()  # the computer waits while the player decides
        question = self._new_match_question()
        if question and not self.confirm(_("New game"), question):
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
        self.live.update(game=settings)
        self.saved_prefs = self.saved_prefs.replace(game=settings)
        self._save_prefs_soon()
        self.window.status.say("")  # whatever it said was about the game now ending
        if self.controller.demo:
            self.controller.set_demo(False)
        self.window.set_check("demo", False)
        self.controller.seed = seed
        self.history.leaving()
        self.controller.set_game(self._make_game(settings, seed))
        self._set_title()
        if self.rules_window is not None:
            self.show_rules(raise_window=False)

    def _match_dialog(self, game: Game) -> str | None:
        from ..dialogs.match import MatchDialog

        choice = MatchDialog(self.root, game).result
        self._collect()
        return choice

    def _new_match_question(self) -> str | None:
        """What to ask before a new game ends this one or the match, or None."""
        played = self.controller.game.games_played
        if played:
            if self.in_progress:
                question = ngettext(
                    "End this game and the match ({n} game played) and set up a new one? The "
                    "match table starts again from zero.\n\nTo play the next game of this "
                    "match instead, press F8.",
                    "End this game and the match ({n} games played) and set up a new one? The "
                    "match table starts again from zero.\n\nTo play the next game of this "
                    "match instead, press F8.", played)
            else:
                question = ngettext(
                    "End the match ({n} game played) and set up a new one? The match table "
                    "starts again from zero.\n\nTo play the next game of this match instead, "
                    "press F8.",
                    "End the match ({n} games played) and set up a new one? The match table "
                    "starts again from zero.\n\nTo play the next game of this match instead, "
                    "press F8.", played)
            return question.format(n=played)
        if self.in_progress:
            return _("End this game and set up a new one?")
        return None

    @handles("restart")
    def restart(self, ask: bool = True) -> None:
        """F8: the next game of this match: the same seats and rules again."""
        self.controller.cancel_all()
        if ask and self.in_progress and not self.confirm(
                _("Next game"), _("Abandon this game and start the next game of the match? "
                                  "The game you leave gives nobody match points.")):
            self.controller.start()
            return
        self.history.leaving()
        game = self.controller.game.rematch(seed=None if self.seed is not None else new_seed())
        self.controller.set_game(game)
        self.window.status.say(_("Game {n} of this match: the same players and rules.").format(
            n=game.games_played + 1))

    @handles("charts")
    def show_charts(self) -> object:
        """F4: the score race and the chances of winning of this game."""
        return self.history.show_charts()

    @handles("statistics")
    def show_statistics(self) -> object:
        """F9: the statistics of every game stored."""
        return self.history.show_statistics()

    @handles("challenge")
    def show_challenge(self) -> object:
        """Game > Challenge a friend: make or enter a challenge code."""
        return self.history.show_challenge()

    @handles("match")
    def show_match(self) -> str | None:
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

    @handles("demo")
    def toggle_demo(self) -> None:
        demo = not self.controller.demo
        self.controller.set_demo(demo)
        self.window.set_check("demo", demo)
        self._show_settings()

    # -- quitting ------------------------------------------------------------------------

    @handles("quit")
    def quit(self) -> None:
        """F7, Ctrl+Q, the window's close box: ask while a game is on, then close."""
        if self.in_progress:
            self.controller.cancel_all()
            question = (_("Quit Ten-Thousand? Your game is saved and you can resume it next "
                          "time.") if self.save_games else
                        _("Quit Ten-Thousand and end this game?"))
            if not self.confirm(_("Quit"), question):
                self.controller.start()
                return
        self.close()

    def save_and_quit(self) -> None:
        """The error dialog's way out: save the game and close at once."""
        if self.save_games and not self.controller.game.over:
            self.controller.saver.flush()
            savegame.autosave(self.controller.game)
        self.close()

    # -- house rules: the workshop, import and export ------------------------------------

    def show_problem(self, title: str, message: str) -> None:
        """Tell the player why something they asked for did not happen (tests replace it)."""
        from tkinter import messagebox

        with self.window.box_open():
            messagebox.showerror(title, message, parent=self.root)

    def ask_rule_file(self, save_as: str | None = None) -> str | None:
        """A file to read a rule set from, or (``save_as`` given) to write one to."""
        from tkinter import filedialog

        kinds = [(_("Rule sets"), "*.toml"), (_("All files"), "*")]
        with self.window.box_open():
            if save_as is None:
                path = filedialog.askopenfilename(parent=self.root, title=_(IMPORT),
                                                  filetypes=kinds)
            else:
                path = filedialog.asksaveasfilename(parent=self.root, title=_(EXPORT),
                                                    initialfile=save_as, filetypes=kinds,
                                                    defaultextension=".toml")
        return str(path) if path else None

    @handles("house_rules")
    def show_workshop(self) -> None:
        """Game > House rules: the workshop, starting from the rules in play."""
        from ..dialogs.workshop import WorkshopDialog

        self.controller.cancel_all()
        rules = self.controller.game.rules
        found = rulefile.find_saved(rules.title)
        description = found.description if found is not None else ""
        result = WorkshopDialog(self.root, rules, description=description,
                                confirm=self.confirm, theme=self.prefs.theme,
                                ask_export=lambda name: self.ask_rule_file(name)).result
        self._collect()
        if result is None:
            self.controller.start()
            return
        self.window.status.say(_("Saved the rules \u201c{name}\u201d: they are in the new-game "
                                 "list.").format(name=result.rule_set.name))
        if not result.play:
            self.controller.start()
            return
        self.play_rule_set(result.rule_set.name)

    def play_rule_set(self, name: str) -> None:
        """Set up a new game (the new-game dialog) with a saved rule set chosen."""
        if self.in_progress and not self.confirm(_("New game"), _(
                "End this game and set up a new one with your rules?")):
            self.controller.start()
            return
        chosen = dataclasses.replace(self.settings, preset=SAVED_PREFIX + name,
                                     game_point=None, opening_minimum=None, minimum=None,
                                     options=())
        settings = self.ask_settings(chosen)
        if settings is None:
            self.controller.start()
            return
        self.start_new_game(settings)

    @handles("import_rules")
    def import_rules(self) -> rulefile.RuleSet | None:
        """File > Import rules: read a rule file, check all of it, keep it as a saved set."""
        path = self.ask_rule_file(None)
        if not path:
            return None
        try:
            rule_set = rulefile.read(path)
        except rulefile.RuleFileError as e:
            self.show_problem(_(IMPORT), _("These rules cannot be used: {error}.").format(
                error=e))
            return None
        name = rule_set.name
        if name.casefold() in (r.title.casefold() for r in PRESETS.values()):
            self.show_problem(_(IMPORT), _(
                "The rule set is called \u201c{name}\u201d, like a preset. Rename it in the "
                "file (name = ...) and import it again.").format(name=name))
            return None
        if rulefile.find_saved(name) is not None and not self.confirm(
                _(IMPORT), _("You already have rules called \u201c{name}\u201d. Replace them "
                             "with the imported ones?").format(name=name)):
            return None
        try:
            rulefile.save(rule_set)
        except OSError as e:
            self.show_problem(_(IMPORT), _("The rules could not be kept: {error}.").format(
                error=e.strerror or e))
            return None
        self.window.status.say(_("Imported \u201c{name}\u201d: choose it in the new-game "
                                 "dialog or open it in Game > House rules.").format(name=name))
        return rule_set

    @handles("export_rules")
    def export_rules(self) -> str | None:
        """File > Export rules: the rules in play as a rule file."""
        rules = self.controller.game.rules
        found = rulefile.find_saved(rules.title)
        description = found.description if found is not None and found.rules == rules \
            else ""
        path = self.ask_rule_file(rulefile.slug(rules.label) + rulefile.SUFFIX)
        if not path:
            return None
        try:
            rulefile.write(path, rulefile.RuleSet(rules, description))
        except OSError as e:
            self.show_problem(_(EXPORT), _("The file could not be written: {error}.").format(
                error=e.strerror or e))
            return None
        self.window.status.say(_("The rules in play are written to {path}.").format(path=path))
        return path

    # -- Help ----------------------------------------------------------------------------

    @handles("strategy")
    def show_strategy(self) -> None:
        """Help > Strategy: the strategy card of the rules in play."""
        from ..dialogs.strategy import StrategyWindow

        game = self.controller.game
        StrategyWindow(self.root, game.rules, theme=self.prefs.theme, seats=len(game.seats))


    @handles("rules")
    def show_rules(self, raise_window: bool = True) -> None:
        """F5: the rules of the game in play, in a window that stays open beside it."""
        rules = self.controller.game.rules
        existing = self.rules_window
        if existing is not None and existing.winfo_exists():
            existing.show(rules, self.prefs.theme)
            return
        if not raise_window:
            return
        from ..dialogs.rules_window import RulesWindow

        self.rules_window = RulesWindow(self.root, rules, theme=self.prefs.theme)

    @handles("keys")
    def show_keys(self) -> None:
        from ..dialogs.keys import KeysDialog

        KeysDialog(self.root)
        self._collect()

    @handles("about")
    def show_about(self) -> None:
        from ..dialogs.about import AboutDialog

        AboutDialog(self.root)
        self._collect()

    @handles("tour")
    def show_tour(self) -> None:
        """Help > Show the tour again: the guided turn, now or at your next turn."""
        self._set_prefs(guide_done=False)
        self.guide.restart()
        self.controller.refresh()
        if not self.guide.showing:
            self.window.status.say(_("The tour starts at your next turn."))
