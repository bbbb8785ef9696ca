"""Real dice at the table in the window: Game > Play with real dice (F3), the entry row
where Throw and Bank stand while a throw waits for its dice, Backspace, and the coach.

The flow of an entry is :class:`~tenthousand.control.real_dice.DiceEntry` (the controller
owns it); this group builds its row, gives it the clicks, and follows the session: a new
real-dice game shows the advisor to everyone or to nobody as the coach was chosen, and
the coach after a decision (:class:`~tenthousand.control.coach.Coach`) follows every
redraw.
"""

from __future__ import annotations

import dataclasses

from ..files.settings import LivePreferences
from ..i18n import _
from ..model import Game
from ..model.real_dice import is_real
from ..present.commands import handles
from ..services.jobs import JobRunner
from ..view.dice import DiceImages
from ..view.dice_entry import DiceEntryRow
from ..view.theme import palette
from ..view.window import MainWindow
from .coach import Coach
from .controller import Controller
from .game import GameCommands
from .messages import Kind, Messages
from .session import Change

__all__ = ["RealDiceCommands"]


class RealDiceCommands:
    """Game > Play with real dice, Backspace, the entry row's clicks and the coach."""

    def __init__(self, window: MainWindow, images: DiceImages, controller: Controller,
                 live: LivePreferences, games: GameCommands, jobs: JobRunner,
                 messages: Messages) -> None:
        self.window = window
        self.controller = controller
        self.live = live
        self.games = games
        self.messages = messages
        entry = controller.dice_entry
        prefs = live.value
        window.entry_row = DiceEntryRow(
            window, palette(prefs.theme, prefs.table_colour), images,
            on_face=entry.type_face, on_backspace=entry.backspace, on_enter=entry.enter,
            on_cancel=lambda: self.games.new_game())
        entry.show = window.show_entry
        self.coach = Coach(jobs, messages, controller.screen.log,
                           lambda: self.live.value.game.coach)

    @handles("real_dice")
    def play_with_real_dice(self) -> None:
        """F3: the new-game dialog with real dice chosen; the game starts as any new game."""
        self.games.new_game(dataclasses.replace(self.live.value.game, real_dice=True))

    @handles("dice_backspace")
    def backspace(self) -> None:
        """Backspace: the last face entered of a real throw is taken back."""
        if self.controller.dice_entry.open:
            self.controller.dice_entry.backspace()

    def click_die(self, row: str, index: int) -> None:
        """A die of the table clicked: while a person's real throw waits for its dice, the
        throw is put off first (the freeze is being changed)."""
        entry = self.controller.dice_entry
        if entry.open:
            shown = entry.display()
            if shown is None or shown.computer or not entry.cancel():
                return
        self.controller.click_die(row, index)

    def follow(self, game: Game) -> None:
        """After every redraw: the coach looks for a person's new decision."""
        self.coach.follow(game)

    def follow_session(self, change: Change) -> None:
        """A new real-dice game: the advisor is shown to everyone, or to nobody (also
        while people decide, when the coach speaks after a decision)."""
        if not change.new_game or not is_real(change.game):
            return
        mode = self.live.value.game.coach
        shown = mode == "everyone"
        if self.live.value.advisor != shown:
            self.live.update(advisor=shown)
        self.messages.tell({
            "everyone": _("Real dice: throw, then enter each throw. The coach is shown to "
                          "everyone (H hides it)."),
            "nobody": _("Real dice: throw, then enter each throw. The coach is off."),
            "after": _("Real dice: throw, then enter each throw. The coach speaks after "
                       "each decision."),
        }.get(mode, ""), Kind.NOTE)
