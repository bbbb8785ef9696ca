"""The window's history commands: games stored as they end (or are left), the seed's
fingerprint before a game and the seed after it, Game > Statistics, Game > Charts and
Game > Challenge a friend.  The app owns one :class:`HistoryControls` and calls it from a
few hooks; everything slow runs in the app's :class:`JobRunner`."""

from __future__ import annotations

import logging
import secrets
from typing import TYPE_CHECKING, Any

from ..history.codes import Challenge, challenge_code, fingerprint_of, short_fingerprint
from ..history.keeper import Keeper, Stored
from ..i18n import _
from ..model.game import Game
from ..services.jobs import JobRunner, weakly

if TYPE_CHECKING:
    from .app import App

log = logging.getLogger(__name__)


def new_seed() -> int:
    """A fresh seed for a game's dice (its fingerprint is shown before the game)."""
    return secrets.randbits(63)


class HistoryControls:
    """See the module's docstring."""

    def __init__(self, app: App, *, enabled: bool) -> None:
        self.app = app
        self.jobs = JobRunner(app.root)
        self.keeper = Keeper(self.jobs, enabled=enabled)
        self.last: Stored | None = None  # the game stored last, with its analysis
        self.last_result: str | None = None  # the last challenge's result code
        self._announced: set[str] = set()

    # -- hooks ---------------------------------------------------------------------------

    def refreshed(self, game: Game) -> None:
        """After every redraw: note the game, announce its fingerprint, store it at the end."""
        key = self.keeper.track(game, self.app.prefs.advisor)
        if key not in self._announced:
            self._announced.add(key)
            seed = game.record.start.seed
            if seed is not None and not game.over:
                # Translators: the table's log; {fingerprint} is four groups of four hex
                # digits.
                self.app.window.log.add(_(
                    "Dice fingerprint: {fingerprint} (the seed is shown when the game ends)"
                ).format(fingerprint=short_fingerprint(fingerprint_of(seed))), "info")
        if game.over:
            self.keeper.finished(game, demo=self.app.controller.demo,
                                 on_done=weakly(self._stored))

    def leaving(self) -> None:
        """The game in the window is about to be replaced or the window closed."""
        self.keeper.abandoned(self.app.controller.game, demo=self.app.controller.demo)

    def close(self) -> None:
        """Quit: store the game being left, wait for the history, then stop."""
        self.leaving()
        if not self.keeper.flush(5.0):
            log.warning("the history was still being written at quit")
        self.keeper.close()
        self.jobs.close()

    def shutdown(self) -> None:
        """The window is destroyed: deliver nothing more; let a running store finish."""
        self.jobs.close()
        self.keeper.flush(5.0)
        self.keeper.close()

    def _stored(self, stored: Stored) -> None:
        app = self.app
        if app.closed:
            return
        self.last = stored
        seed = stored.record.start.seed
        if seed is not None:
            # Translators: {seed} is a long number, written as is; "tenthousand --verify" is
            # a command and stays as it is.
            app.window.log.add(_("The dice seed was {seed}: tenthousand --verify checks a "
                                 "saved record against it.").format(seed=seed), "info")
        if stored.result_code:
            self.last_result = stored.result_code
            app.window.log.add(_("Your result code: {code}").format(code=stored.result_code),
                               "info")
            # Translators: "Game > Challenge a friend" names the menu and its item.
            app.window.status.say(_("Challenge over: Game > Challenge a friend compares your "
                                    "result with your friend's."))
        elif stored.problem:
            app.window.status.say(stored.problem)
        elif stored.game_id is not None:
            # Translators: names the menu items Game > Charts and Game > Statistics.
            app.window.status.say(_("Game over and stored. Game > Charts (F4) shows the score "
                                    "race; Game > Statistics (F9) all your games."))

    # -- commands ------------------------------------------------------------------------

    def show_statistics(self) -> Any:
        """F9: the Statistics window, for the first person at the table."""
        from ..dialogs.statistics import StatisticsWindow

        game = self.app.controller.game
        people = [s.name for s in game.seats if not s.computer]
        window = StatisticsWindow(self.app.root, self._palette(), self.jobs,
                                  player=people[0] if people else None)
        return window

    def show_charts(self) -> Any:
        """F4: the charts of the game in the window (or the one just over)."""
        from ..dialogs.charts import ChartsWindow

        game = self.app.controller.game
        record = game.record
        if len(record) == 0 and self.last is not None:
            record = self.last.record  # a new game has not begun: the last one
        analysis = None
        if self.last is not None and self.last.record.to_dict() == record.to_dict():
            analysis = self.last.analysis
        window = ChartsWindow(self.app.root, record, self._palette(), analysis=analysis,
                              jobs=self.jobs)
        return window

    def show_challenge(self) -> Any:
        from ..dialogs.challenge import ChallengeWindow

        window = ChallengeWindow(self.app.root, make=self._make_challenge,
                                 play=self.play_challenge, mine=self.last_result)
        return window

    def _make_challenge(self) -> Challenge | str:
        settings = self.app.settings
        rules = settings.to_rules()
        levels = [s.level for s in settings.to_seats() if s.computer]
        challenge = Challenge(rules, levels[0] if levels else "expert", new_seed())
        try:
            challenge_code(challenge)
        except ValueError as e:  # the sentence says why
            return str(e)
        return challenge

    def play_challenge(self, challenge: Challenge, code: str) -> bool:
        """Start the challenge's game: the first person at the table against its computer
        (after asking, while a game is in progress); False when the player said no."""
        app = self.app
        app.controller.cancel_all()
        if app.in_progress and not app.confirm(
                _("Play the challenge"), _("End the game in progress and play the challenge?")):
            app.controller.start()
            return False
        people = [s.name for s in app.settings.to_seats() if not s.computer]
        game = challenge.new_game(people[0] if people else _("You"))
        self.leaving()
        key = self.keeper.track(game, app.prefs.advisor)
        self.keeper.challenges[key] = code
        app.controller.set_demo(False) if app.controller.demo else None
        app.window.set_check("demo", False)
        app.controller.set_game(game)
        app._set_title()
        app.show_rules(raise_window=False)  # an open rules window shows the code's rules
        # Translators: {challenge} is "Challenge: Farkle to 10,000 against the expert
        # computer".
        app.window.status.say(_("{challenge}.").format(challenge=challenge.describe()))
        return True

    def _palette(self) -> Any:
        from ..view.theme import palette

        return palette(self.app.prefs.theme, self.app.prefs.table_colour)
