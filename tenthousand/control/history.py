"""The window's history commands: games stored as they end (or are left), the seed's
fingerprint before a game and the seed after it, Game > Statistics, Game > Charts and
Game > Challenge a friend.  The app owns one :class:`HistoryControls`: it watches the
session (the game left is stored, the fingerprint line is written) and the redraws (a game
that ends is stored); everything slow runs in its own :class:`JobRunner`."""

from __future__ import annotations

import logging
import secrets
from typing import TYPE_CHECKING, Any

from ..files import savegame
from ..history.codes import Challenge, challenge_code
from ..history.keeper import Delivery, Keeper, Stored
from ..i18n import _, ngettext, number
from ..model.game import Game
from ..model.record import Record
from ..present.commands import handles
from ..services.jobs import JobRunner, weakly
from .messages import Kind, Messages
from .session import Change, Origin, Session

if TYPE_CHECKING:
    import tkinter as tk

    from ..files.settings import LivePreferences
    from ..view.panels import LogPanel
    from .boxes import Boxes
    from .controller import Controller

log = logging.getLogger(__name__)

#: How long the start and the quit wait for a lock another program holds on the history
#: (the games are kept beside it first; the next game waits the usual time).
BRIEF_WAIT = 1.0


def new_seed() -> int:
    """A fresh seed for a game's dice (its fingerprint is shown before the game)."""
    return secrets.randbits(63)


class HistoryControls:
    """See the module's docstring."""

    def __init__(self, root: tk.Misc, prefs: LivePreferences, session: Session,
                 controller: Controller, log: LogPanel, messages: Messages, boxes: Boxes,
                 *, enabled: bool) -> None:
        self.root = root
        self.prefs = prefs
        self.session = session
        self.controller = controller
        self.log = log
        self.messages = messages
        self.boxes = boxes
        self.jobs = JobRunner(root)
        self.keeper = Keeper(self.jobs, enabled=enabled, in_save=self._in_save)
        self.last: Stored | None = None  # the game stored last, with its analysis
        self.last_result: str | None = None  # the last challenge's result code
        self.closed = False
        self.keeper.retry(weakly(self._retried), timeout=BRIEF_WAIT)  # kept at an earlier run

    # -- the session's watchers ----------------------------------------------------------

    def put(self, change: Change) -> None:
        """A game comes to the table: the one it replaces is stored as left, and a
        challenge's game is known by its code."""
        if change.new_game and change.previous is not None:
            previous = change.previous  # (over: a friend's game that waited for its dice)
            stored = (self.keeper.finished(previous, demo=change.was_demo) if previous.over
                      else self.keeper.abandoned(previous, demo=change.was_demo))
            if not stored and self.keeper.only_in_memory:  # (the new game's save
                self.keeper.retry(weakly(self._retried))  # replaces the finished one's)
        if change.new_game and change.code:
            key = self.keeper.track(change.game, self.prefs.value.advisor)
            self.keeper.challenges[key] = change.code

    def from_save(self, game: Game, ended: float) -> None:
        """The finished game the save holds at the start: stored, if the history lacks it
        (it ended when neither the history nor the file beside it could be written)."""
        self.keeper.from_save(game, ended, weakly(self._stored_from_save))

    def _in_save(self, record: Record) -> bool:
        """(In the keeper's lane.)  Whether the save holds this finished game, once the
        saves handed over before it are written."""
        saver = self.controller.saver
        return saver.flush(5.0) and saver.problem is None and savegame.holds_finished(record)

    def _stored_from_save(self, stored: Stored | None) -> None:
        if self.closed or stored is None:
            return
        if stored.game_id is not None:
            self.log.add(_("Your last game, kept in the saved game when it could not be "
                           "stored, is now stored in the history."), "info")
        elif stored.problem:
            self.messages.tell(stored.problem, Kind.WARNING)

    # -- hooks ---------------------------------------------------------------------------

    def refreshed(self, game: Game) -> None:
        """After every redraw: note the game, store it at the end (a friend's network game
        once the host's dice are checked, or known not to be: the history marks it)."""
        if self.closed:
            return
        self.keeper.track(game, self.prefs.value.advisor)
        if game.over and not _dice_awaited(game):
            self.keeper.finished(game, demo=self.session.demo, on_done=weakly(self._stored))

    def close(self) -> None:
        """Quit: store the game being left (and any kept from before), wait for the
        history, then stop.  A lock held by another program costs a second, not the game:
        the game is kept beside the history and stored at the next start."""
        game = self.session.game
        if game is None:
            stored = False
        elif game.over:  # (a friend's game still waiting for the host's seed: unchecked)
            stored = self.keeper.finished(game, demo=self.session.demo)
        else:
            stored = self.keeper.abandoned(game, demo=self.session.demo, timeout=BRIEF_WAIT)
        if not stored:
            self.keeper.retry(timeout=BRIEF_WAIT)
        if not self.keeper.flush(5.0):
            log.warning("the history was still being written at quit")
        self.shutdown()

    def shutdown(self) -> None:
        """The window is destroyed: deliver nothing more; let a running store finish
        (waited for once)."""
        if self.closed:
            return
        self.closed = True
        self.jobs.close()
        self.keeper.flush(5.0)
        self.keeper.close()

    def _retried(self, done: Delivery) -> None:
        """The games kept at an earlier run: say they are stored now, or why the history
        was set aside (a history still busy is said when the next game ends)."""
        if self.closed:
            return
        if done.ids:
            self._log_kept(len(done.ids))
        if done.notices:
            self.messages.tell(" ".join(done.notices), Kind.WARNING)

    def _log_kept(self, n: int) -> None:
        # Translators: games kept while the history was busy (or full...) are stored now.
        self.log.add(ngettext("{n} game kept from before is now stored in the history.",
                              "{n} games kept from before are now stored in the history.",
                              n).format(n=number(n)), "info")

    def _stored(self, stored: Stored) -> None:
        if self.closed:
            return
        self.last = stored
        if stored.earlier:
            self._log_kept(stored.earlier)
        seed = stored.record.start.seed
        if seed is not None:
            # Translators: {seed} is a long number, written as is; "tenthousand --verify" is
            # a command and stays as it is.
            self.log.add(_("The dice seed was {seed}: tenthousand --verify checks a saved "
                           "record against it.").format(seed=seed), "info")
        if stored.result_code:
            self.last_result = stored.result_code
            self.log.add(_("Your result code: {code}").format(code=stored.result_code),
                         "info")
            # Translators: "Game > Challenge a friend" names the menu and its item.
            self.messages.tell(_("Challenge over: Game > Challenge a friend compares your "
                                 "result with your friend's."), Kind.EVENT)
        elif stored.problem:
            self.messages.tell(stored.problem, Kind.WARNING)
        elif stored.game_id is not None:
            # Translators: names the menu items Game > Charts and Game > Statistics.
            self.messages.tell(_("Game over and stored. Game > Charts (F4) shows the score "
                                 "race; Game > Statistics (F9) all your games."), Kind.EVENT)

    # -- commands ------------------------------------------------------------------------

    @handles("statistics")
    def show_statistics(self) -> Any:
        """F9: the Statistics window, for the person who plays at this screen (a friend's
        own seat in a network game, not the host's; a watcher's own games: the first
        person of their last game of their own)."""
        from ..dialogs.statistics import StatisticsWindow

        player = self.session.own_player
        if player is None and self.session.table.record.network is not None:
            player = next((s.name for s in self.prefs.value.game.seats
                           if not s.computer and not s.net), None)
        return StatisticsWindow(self.root, self._palette(), self.jobs, player=player)

    @handles("charts")
    def show_charts(self) -> Any:
        """F4: the charts of the game in the window (or the one just over)."""
        from ..dialogs.charts import ChartsWindow

        record = self.session.table.record
        if len(record) == 0 and self.last is not None:
            record = self.last.record  # a new game has not begun: the last one
        analysis = None
        if self.last is not None and self.last.record.to_dict() == record.to_dict():
            analysis = self.last.analysis
        window = ChartsWindow(self.root, record, self._palette(), analysis=analysis,
                              jobs=self.jobs)
        return window

    @handles("challenge")
    def show_challenge(self) -> Any:
        """Game > Challenge a friend: make or enter a challenge code."""
        from ..dialogs.challenge import ChallengeWindow

        window = ChallengeWindow(self.root, make=self._make_challenge,
                                 play=self.play_challenge, mine=self.last_result)
        return window

    def _make_challenge(self) -> Challenge | str:
        settings = self.prefs.game
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
        self.controller.cancel_all()
        if self.session.in_progress and not self.boxes.confirm(
                _("Play the challenge"), _("End the game in progress and play the challenge?")):
            self.controller.start()
            return False
        people = [s.name for s in self.prefs.game.to_seats() if not s.computer]
        game = challenge.new_game(people[0] if people else _("You"))
        # Translators: {challenge} is "Challenge: Farkle to 10,000 against the expert
        # computer".
        self.session.put(game, Origin.DAILY if challenge.daily else Origin.CHALLENGE,
                         note=_("{challenge}.").format(challenge=challenge.describe()),
                         code=code)
        return True

    def _palette(self) -> Any:
        from ..view.theme import palette

        prefs = self.prefs.value
        return palette(prefs.theme, prefs.table_colour)


def _dice_awaited(game: Game) -> bool:
    """Whether ``game`` is a friend's network game whose dice still wait for the host's
    seed (stored once they are checked, or known not to be)."""
    network = game.record.network
    return network is not None and network.friend and not network.dice_check
