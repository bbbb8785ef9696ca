"""The controller: clicks and keys become game commands, game events become what the
screen shows (one :class:`~tenthousand.present.presenter.Display` per change, read again by
a click).

It draws through a narrow :class:`~tenthousand.control.screen.Screen`, tells the player
things through :class:`~tenthousand.control.messages.Messages` and waits on
:class:`~tenthousand.services.timers.Timers` (never ``sleep``).  The computer plays one
visible step per throw, selection and decision; its players and moves are
:class:`~tenthousand.control.computer.Computers`, worked out in the job runner, as are the
saves.  No Tk here: ``tests/test_controller.py`` plays it with a fake screen and a manual
clock.  The paths of a click and of a computer turn: ``docs/architecture.md``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Any

from ..ai.moves import Command, Move, commands
from ..i18n import _
from ..model import Event, Game, IllegalAction, Thrown
from ..model.game import Phase
from ..model.record import Snapshot
from ..present import lines, presenter
from ..present.network import filling_display
from ..present.presenter import Context, Display
from ..services.jobs import JobRunner, Scheduler
from ..services.speech import Priority
from ..services.timers import Timers
from .autosave import FINISH_LANES, PREFS_LANE, SAVE_LANE, Saver
from .computer import SOLVE_QUIT_WAIT_S, STEP, Computers, PlayerFactory
from .landing import LANDING, Landing
from .messages import Kind, Messages
from .narration import Narration
from .real_dice import DiceEntry
from .screen import LogLine, Screen
from .seating import Seating
from .session import Change, Session

log = logging.getLogger(__name__)

__all__ = ["Controller"]

WATCH_MS = 250  # how often a computer that waits for the player to watch looks again


class Controller:
    """Runs the session's game (it keeps no copy) on a :class:`Screen`; who plays each
    seat is its :attr:`seating`, its computer seats its :attr:`computers`, the entry of
    real dice its :attr:`dice_entry`.  It follows the session as its table watcher."""

    def __init__(self, screen: Screen, scheduler: Scheduler, session: Session, *,
                 messages: Messages, jobs: JobRunner | None = None, delay: float = 0.8,
                 animation: bool = True,
                 player_factory: PlayerFactory | None = None, seed: int | None = None,
                 on_sound: Callable[[], None] | None = None,
                 autosave: Callable[[Snapshot], str | None] | None = None,
                 clear_save: Callable[[], None] | None = None,
                 on_rematch: Callable[[], None] | None = None) -> None:
        self.screen = screen
        self.messages = messages
        #: Every step still to come: cancelled on a new game, a restart and quit.
        self.timers = Timers(scheduler)
        #: The watchers' call after a redraw (on_refresh), cancelled only at quit.
        self._watchers = Timers(scheduler)
        self.session = session
        self.delay = delay
        self.animation = animation
        #: Work off the Tk thread (tables, moves, saves); the app's runner, or our own.
        self.jobs = jobs if jobs is not None else JobRunner(scheduler)
        self._owns_jobs = jobs is None
        #: The saves, off the Tk thread; a problem is a warning (the log keeps it too).
        self.saver = Saver(self.jobs, autosave, clear_save,
                           lambda problem: messages.tell(problem, Kind.WARNING))
        self.on_rematch = on_rematch
        self._wait_text = ""  # the "Wait: it is ...'s turn" line told, while it may show
        #: Called after redraws (once, in a callback of its own) with the game and whether
        #: a human is to play: the advisor, the tour, the menus.
        self.on_refresh: Callable[[Game, bool], None] | None = None
        #: Asks yes/no (title, question) before a bank that loses the game (None: banks).
        self.confirm: Callable[[str, str], bool] | None = None
        #: Who plays each seat where (a network game: control/seating.py).
        self.seating = Seating(session)
        #: The players of the computer seats, and the moves they work out.
        self.computers = Computers(
            game=lambda: self.game, is_computer=self.seating.computer_here,
            level=self.seating.level,
            timers=self.timers, jobs=self.jobs, messages=messages, changed=self.refresh,
            log=screen.log, player_factory=player_factory, seed=seed)
        #: What the screen shows now, as the last refresh worked it out.
        self.shown: Display | None = None
        self.dice_entry = DiceEntry(
            game=lambda: self.game, is_computer=self.seating.is_computer, run=self._command,
            may_offer=lambda: self.human_to_play and not self.challenge_offered,
            messages=messages)
        self._landing = Landing(screen)  # a trash throw still tumbling
        self.narration = Narration(screen, messages, self.seating, self._landing,
                                   lambda: self.game, self._turn_started, on_sound)
        self._resumed = len(self.game.log) > 1
        self._reset_turn_state()
        self.screen.log(self._start_lines())
        self.refresh()

    @property
    def game(self) -> Game:  # (the session's)
        return self.session.table

    @property
    def demo(self) -> bool:  # (the session's demo mode)
        return self.session.demo

    @property
    def human_to_play(self) -> bool:  # (a person at this screen)
        return self.seating.human_to_play

    # -- pending steps -------------------------------------------------------------------

    def cancel_all(self) -> None:
        """Cancel every pending step (new game, restart, quit, demo switch, a dialog)."""
        self.timers.cancel_all()
        self._landing.forget()
        self.computers.stop_waiting()

    @property
    def pending(self) -> int:  # how many steps wait (none after a reset, tests check)
        return len(self.timers)

    def destroy(self) -> None:
        """Quit: no more steps; the last save is written before the window goes."""
        self.cancel_all()
        self._watchers.cancel_all()
        self.computers.stop_solves()
        self.saver.finish()
        self.computers.wait_for_stopped_solves(SOLVE_QUIT_WAIT_S)
        if self._owns_jobs:
            self.jobs.close(finish=FINISH_LANES)
        self.screen.settle()

    # -- the game ------------------------------------------------------------------------

    def _reset_turn_state(self) -> None:
        self.selection: set[int] = set()
        self._decision: Move | None = None  # the computer's move, shown before it is made
        self._next: list[Command] = []  # its engine commands still to run (with _decision)
        self._discard_mark: int | None = None
        self._challenge_asked = False
        self.dice_entry.drop()  # a throw waiting for real dice is not wanted any more

    def follow(self, change: Change) -> None:
        """The session's table watcher: demo mode switched, or the game put on the table
        is played from now on (the window's first, with no ``previous``, is shown)."""
        if change.demo != change.was_demo:
            self._demo_switched(play=not change.new_game)
        if change.new_game and change.previous is not None:
            self._new_game()

    def _new_game(self) -> None:
        """Play the session's game from the log's start ("Resumed game" if it has moves)."""
        self.cancel_all()
        # Whatever is still being worked out belongs to the last game (its players, its
        # advice); only its saves must still reach the disk, in order.
        self.jobs.cancel_all(keep=(SAVE_LANE, PREFS_LANE))
        self.computers.new_game(self.game.rules)
        self._resumed = len(self.game.log) > 1
        self._play_from()

    def _play_from(self) -> None:
        """The table, the log and the turn as the game has them (its log's dice), then on."""
        self._reset_turn_state()
        self.screen.settle()
        self.screen.clear_cue()
        self.rebuild_log()
        self.start()

    def _start_lines(self) -> list[LogLine]:
        """The log's first lines (:func:`~tenthousand.present.lines.start_lines`), then the
        tail of the game's own events, so a resumed game shows where it stands."""
        g = self.game
        why = [self.computers.plays_as_expert(s) for s in range(len(g.seats))]
        lines = presenter.start_lines(g, why, resumed=self._resumed)
        return lines + [presenter.log_line(g, e) for e in g.log[-presenter.LOG_TAIL:]]

    # -- undo and redo -------------------------------------------------------------------

    def take_back(self, redo: bool = False) -> bool:
        """Undo the human's last command with the computer turns played since (or redo
        what undo took); a refusal is told (shown, spoken, with the bell).

        The dice do not change: the record restores the generator, so the same decision
        throws the same dice again."""
        seating = self.seating
        reason = seating.redo_refusal() if redo else seating.undo_refusal()
        if reason is not None:
            self.messages.tell(presenter.sentence(reason), Kind.REFUSAL)
            return False
        record = self.game.record
        humans = record.human_seats()
        self.show_position(record.redo(humans) if redo else record.undo(humans))
        return True

    def show_position(self, game: Game) -> None:
        """Play ``game`` on from where it stands (after an undo or a redo: the same game at
        another position, which the session keeps): the computer's pending steps are
        cancelled, the log is rebuilt from the game's events and the table shows the dice
        the last stretch left, all from the game itself."""
        self.cancel_all()
        self.computers.forget_plan()
        self.session.moved(game)
        self._play_from()

    def rebuild_log(self) -> None:
        """The log panel as a new game begins it, then the game's last events."""
        self.screen.clear_log()
        self.screen.log(self._start_lines())

    def start(self) -> None:
        """Begin (or go on with) the game: prepare the computer players, then play."""
        self.saver.submit(self.game)  # (a finished game too: the save keeps its match)
        self.computers.prepare_all()
        self._advance()

    # -- the flow of play ----------------------------------------------------------------

    def _advance(self, thrown: bool = False) -> None:
        """Show the game once, then what comes next: the computer's next step (its move
        worked out meanwhile), or a person's (at a real table: the dice are asked for)."""
        self.refresh()
        if thrown:
            self.screen.tumble()  # (after the refresh: the dice tumble onto what it shows)
        if self._landing.active:
            if self.screen.tumbling:  # the rest once the dice have landed
                self.timers.later(self.screen.tumble_ms, self._land, purpose=LANDING)
                return
            self._land(go_on=False)  # no tumble (animation off): nothing waits
        g = self.game
        if not g.over and self.seating.computer_here(g.current):
            # The move is worked out from the next callback on (waking a worker costs
            # the Tk thread a wait for the interpreter: not in this one).
            self.timers.later(0, self.computers.plan, purpose="plan")
            self.timers.later(self._step_ms(), self._computer_step, purpose=STEP)
        else:
            self.dice_entry.offer()  # at a real table: the first throw of a person's turn

    def _command(self, command: Callable[..., list[Event]], *args: Any) -> bool:
        """Run a game command (a real throw once its dice are in; a friend's: ask the host)."""
        if self.seating.relays:  # (a computer's command is a partial: it never relays)
            self.seating.relay(command.__name__, args)
            return True
        if self.dice_entry.holds(command, args):
            return False
        try:
            events = command(*args)
        except IllegalAction as e:
            self.messages.tell(presenter.sentence(str(e)), Kind.REFUSAL)
            self.refresh()
            return False
        self.took(events)
        return True

    def took(self, events: Sequence[Event]) -> None:
        """A command's events (here, or from another screen): shown, saved, play goes on."""
        self.selection = set()
        self.seating.took(events)  # a network game: the other screens hear of it first
        self.computers.forget_plan()
        if self._landing.active:  # a command before the last trash landed
            self._land(go_on=False)
        if any(isinstance(e, Thrown) and e.trash for e in events):
            self._landing.start(self.shown)
        thrown = False
        try:
            thrown = self.narration.take(events)  # a view error must not leave the save
        finally:
            self.saver.submit(self.game)
            self._advance(thrown)

    def _turn_started(self, seat: int) -> None:
        self._reset_turn_state()
        if not self.seating.is_computer(seat):  # theirs now: no more waiting
            self.messages.withdraw(self._wait_text)

    def _land(self, go_on: bool = True) -> None:
        """A trash throw's dice have landed (:mod:`.landing`); then play goes on (``go_on``),
        its next step waiting from now for the banner to be read (:func:`.lines.hold`)."""
        if self._landing.land():
            self.timers.cancel(LANDING)
            (self._advance if go_on else self.refresh)()

    # -- the human's input ---------------------------------------------------------------

    def click_die(self, row: str, index: int) -> None:
        """A die was clicked: select or unselect a thrown die, or discard a frozen one."""
        g = self.game
        if not self.human_to_play:
            return
        if row == "thrown" and g.phase is Phase.CHOOSE:
            self.toggle(index)
        elif row == "frozen" and g.phase is Phase.DISCARD:
            self._command(g.discard, index)

    def toggle(self, index: int) -> None:
        g = self.game
        if not self.human_to_play or g.phase is not Phase.CHOOSE:
            return
        if not 0 <= index < len(g.thrown):
            return
        self.selection ^= {index}
        self.messages.clear()
        self.refresh()
        assert self.shown is not None
        self.messages.say(self.shown.bar.reason)  # what the pick is worth, as the bar says it

    def number_key(self, number: int) -> None:
        """1-9: select a die, discard a die, or challenge a seat, as the moment needs."""
        g = self.game
        if not self.human_to_play:
            return
        if g.phase is Phase.CHOOSE:
            self.toggle(number - 1)
        elif g.phase is Phase.DISCARD:
            if 0 <= number - 1 < len(g.discard_choices):
                self._command(g.discard, number - 1)
        elif g.phase is Phase.START and self.challenge_offered:
            targets = self.challenge_targets()
            if 0 <= number - 1 < len(targets):
                self.challenge(targets[number - 1][0])

    def _persons_move(self) -> bool:
        """Before a throw or a bank: the dice land at once (a key during the tumble), and
        whether a person is to play (if not, the player is told whose turn it is)."""
        if self.screen.tumbling:
            self.screen.settle()
        self._land()  # a trash still landing lands now, and play goes on from it
        if self.game.over or not self.human_to_play:
            self.not_your_turn()
            return False
        return True

    def throw(self) -> None:
        """Space, R or the Throw button: freeze the selection, then throw the rest."""
        g = self.game
        if not self._persons_move():
            return
        if g.phase is Phase.START:
            self._challenge_asked = True  # throwing declines a challenge
            self._command(g.throw)
        elif g.phase is Phase.CHOOSE:
            self._decide(g.throw)
        elif g.phase is Phase.DISCARD:
            self.messages.tell(_(presenter.DISCARD_FIRST), Kind.REFUSAL)

    def bank(self) -> None:
        """B, Enter or the Bank button: freeze the selection and bank."""
        g = self.game
        if not self._persons_move():
            return
        if g.phase is Phase.CHOOSE:
            # A bank in the last turn that cannot win ends the game: a misclick costs it.
            question = self.shown.bar.confirm_bank if self.shown is not None else ""
            if question and self.confirm is not None and not self.confirm(_("Bank and lose?"),
                                                                          question):
                self.messages.tell(_(presenter.NOT_BANKED))
                return
            self._decide(g.bank)
        else:
            reason = (g.bank_refusal(sorted(self.selection)) or _("you cannot bank now"))
            self.messages.tell(presenter.sentence(reason), Kind.REFUSAL)

    def _decide(self, command: Callable[..., list[Event]]) -> None:
        """Throw or bank with the selection (the record keeps it for the review)."""
        self._command(command, sorted(self.selection))

    def not_your_turn(self) -> None:
        """A move asked for while the computer plays or after the game: told why not (the
        line goes once a person's turn starts: it would say to wait when it is theirs)."""
        self._wait_text = self.seating.why_held or presenter.not_your_turn(self.game)
        self.messages.tell(self._wait_text, Kind.REFUSAL)

    @property
    def challenge_offered(self) -> bool:
        """Whether the human to play is being asked whom to challenge."""
        g = self.game
        return (self.human_to_play and g.phase is Phase.START and not self._challenge_asked
                and g.rules.challenging and g.challenge_slot_for(g.current) is not None)

    def challenge_targets(self) -> list[tuple[int, str]]:
        g = self.game
        return [(s, g.seats[s].name) for s in range(len(g.seats)) if s != g.current]

    def challenge(self, target: int | None) -> None:
        """The challenge prompt's answer: a seat to challenge, or None for no challenge."""
        g = self.game
        if not self.challenge_offered:
            return
        self._challenge_asked = True
        if target is None:
            self.messages.tell(_("No challenge this turn."), Kind.EVENT,
                               priority=Priority.NORMAL)  # the player's own: said now
            self.refresh()
            return
        self._command(g.challenge, target)

    # -- settings that change during play ------------------------------------------------

    def _demo_switched(self, *, play: bool) -> None:
        """Demo mode is on (the computer plays every seat) or off; ``play``: go on at once
        (not when a new game follows)."""
        self.cancel_all()
        self.computers.forget_plan()  # the seats' players change
        self._reset_turn_state()  # (the computer's move shown, the person's selection)
        self.computers.prepare_all()
        self.messages.tell(_("Demo mode: the computer plays every seat.") if self.demo
                           else _("Demo mode is off: the seats are yours again."))
        if play:
            self._advance()

    def set_delay(self, delay: float) -> None:
        """The wait between the computer's moves, as the preferences keep it (rounded)."""
        self.delay = delay

    def set_animation(self, on: bool) -> None:
        self.animation = on
        self.screen.set_animation(on)

    # -- the computer's steps -----------------------------------------------------------

    def _step_ms(self, wait: float | None = None) -> int:
        ms = max(self.delay if wait is None else wait, lines.hold(self.game, self.delay)) * 1000
        if self.animation and self.screen.tumbling:  # the dice settle before the next move
            ms = max(ms, self.screen.tumble_ms + 120)
        return int(ms)

    def _computer_step(self) -> None:
        """One visible step of a computer seat: show the move worked out, then make it.

        A move at the start of a turn (a challenge, then the throw) is made at once, a
        command per step; a selection of dice or a die to discard is shown for a step
        before its command runs.
        """
        g = self.game
        if g.over or not self.seating.computer_here(g.current):
            return
        if not self.screen.watched():  # a message box or a minimised window: wait for it
            self.timers.later(WATCH_MS, self._computer_step, purpose=STEP)
            return
        if self._decision is None:
            move = self.computers.take_planned(self._computer_step)
            if move is None:
                return  # a worker is building tables or working the move out
            self._decision, self._next = move, commands(g, move)
            why = self.computers.plays_as_expert(g.current)
            if why:  # the record keeps who really played: the replay, review and statistics
                g.record.note_played_as(g.current, "expert", why)
            if move.phase is not Phase.START:
                self.selection = set(move.freeze)
                self._discard_mark = move.discard
                self.refresh()
                self.timers.later(self._step_ms(), self._computer_step, purpose=STEP)
                return
        command = self._next.pop(0)
        if not self._next:
            self._decision = None
        self._discard_mark = None
        self._command(command)

    # -- drawing -------------------------------------------------------------------------

    def refresh(self) -> None:
        """Bring the screen up to date with the game, worked out once (into :attr:`shown`):
        while a table fills, the table filling instead of the game that waits under it."""
        filling = self.seating.filling
        self.shown = (filling_display(filling) if filling is not None
                      else presenter.display(self.game, self.context()))
        self.shown = self._landing.masked(self.shown)
        self.screen.show(self.shown)
        if self.on_refresh is not None:
            self._watchers.later(0, self._tell_watchers, purpose="refreshed")

    def _tell_watchers(self) -> None:
        if self._landing.active:
            return  # the tour, the advisor: once the trash has landed (its refresh)
        if self.on_refresh is not None:
            self.on_refresh(self.game, self.human_to_play)

    def context(self) -> Context:
        """What the presenter needs to know beyond the game."""
        g = self.game
        seats = range(len(g.seats))
        decision = self._decision
        return Context(
            computers=tuple(self.seating.is_computer(s) for s in seats),
            levels=tuple(self.seating.level(s) for s in seats),
            as_expert=tuple(bool(self.computers.plays_as_expert(s)) for s in seats),
            solving=tuple(self.computers.solving(s) for s in seats),
            selection=frozenset(self.selection), thinking=self.computers.thinking,
            decision_bank=None if decision is None else bool(decision.bank),
            discard_mark=self._discard_mark,
            challenge_offered=self.challenge_offered, can_rematch=self.on_rematch is not None,
            remote=self.seating.remote, held=self.seating.held, gone=self.seating.gone)

