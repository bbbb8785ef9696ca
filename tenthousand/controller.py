"""The controller: clicks and keys become game commands, game events become view updates.

The computer plays as a chain of ``after()`` steps, one visible step per throw, selection
and decision, with the delay from the preferences between them.  Every pending ``after`` id
is kept and cancelled on a new game, a restart and quit.  Strategy tables are built in a
worker thread of the job runner (:mod:`tenthousand.jobs`), which hands the result back
through ``after``; so are saves, in the runner's autosave lane.
Nothing here blocks the window: no ``time.sleep``, no ``update()`` loops.
"""

from __future__ import annotations

import itertools
import logging
from collections.abc import Callable, Hashable, Sequence
from functools import partial
from typing import Any

from . import presenter
from .ai import Player
from .ai.moves import Command, Move, commands, decide
from .jobs import JobRunner
from .model import Event, Frozen, Game, GameOver, IllegalAction, Thrown, TurnStarted
from .model.game import Phase
from .model.record import Snapshot
from .presenter import Context
from .speech import Priority
from .view.window import MainWindow

log = logging.getLogger(__name__)

PlayerFactory = Callable[..., Player]  # make_player(level, rules, seed=...)

DEMO_LEVEL = "expert"
THINKING_AFTER = 0.5  # seconds before "thinking..." is shown
WATCH_MS = 250  # how often a computer that waits for the player to watch looks again
LOG_TAIL = 200  # events the log shows after an undo (the panel keeps 400 lines at most)

def _default_factory() -> PlayerFactory:
    from .ai import make_player

    return make_player




SAVE_LANE = "autosave"


class Saver:
    """Writes saves in the job runner's autosave lane, newest first: the window never
    waits for the disk (an fsync can take tens of milliseconds).  Saves and the clearing of
    a finished game keep their order; a save superseded before it was written is skipped
    (``latest``); what the save says comes back to ``on_message`` in the Tk thread."""

    def __init__(self, jobs: JobRunner, save: Callable[[Snapshot], str | None] | None,
                 clear: Callable[[], None] | None,
                 on_message: Callable[[str | None], None]) -> None:
        self.jobs = jobs
        self.save_function = save
        self.clear_function = clear
        self.on_message = on_message

    def submit(self, game: Game | None) -> None:
        """Save this game (None: clear the save, the game is over).

        Only a snapshot of its record is taken here, in constant time: the saver lane
        appends what is new since its last save, however long the game."""
        save, clear = self.save_function, self.clear_function
        if game is not None and save is not None:
            work: Callable[[], str | None] = partial(save, game.record.snapshot())
        elif game is None and clear is not None:
            work = clear  # says nothing: a cleared save needs no message
        else:
            return
        self.jobs.submit(work, self.on_message, self._failed, name="autosave",
                         lane=SAVE_LANE, latest=True)

    def _failed(self, error: BaseException) -> None:
        log.error("autosave failed", exc_info=error)
        self.on_message(f"The game could not be saved: {error}")

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait until every submitted save is on disk (at quit, and in tests)."""
        return self.jobs.wait_lane(SAVE_LANE, timeout)


class Controller:
    """Runs one game at a time in a :class:`MainWindow`."""

    def __init__(self, window: MainWindow, game: Game, *, delay: float = 0.8,
                 animation: bool = True, demo: bool = False,
                 player_factory: PlayerFactory | None = None, seed: int | None = None,
                 on_sound: Callable[[], None] | None = None,
                 autosave: Callable[[Snapshot], str | None] | None = None,
                 clear_save: Callable[[], None] | None = None,
                 on_rematch: Callable[[], None] | None = None,
                 jobs: JobRunner | None = None) -> None:
        self.window = window
        self.root = window.winfo_toplevel()
        self.delay = delay
        self.animation = animation
        self.demo = demo
        self.player_factory = player_factory
        self.seed = seed
        self.on_sound = on_sound
        #: Work off the Tk thread (tables, thinking, saves); the app's runner, or our own.
        self.jobs = jobs if jobs is not None else JobRunner(self.root)
        self._owns_jobs = jobs is None
        self.saver = Saver(self.jobs, autosave, clear_save, self._show_save_message)
        self.on_rematch = on_rematch
        self._afters: set[str] = set()
        self._players: dict[tuple[int, str], Player] = {}
        self._preparing: set[Hashable] = set()  # jobs in a worker: id() of a player, ...
        self._waiting: Callable[[], None] | None = None
        self._waiting_ready: Callable[[], bool] = lambda: True
        self._thinking_id: str | None = None  # the pending "thinking..." of a wait
        self._job_numbers = itertools.count(1)
        self._skip_think = False  # the last head start failed: the next move without one
        self._save_message: str | None = None
        self.thinking = False
        #: Called after every redraw with the game and whether a human is to play (advisor).
        self.on_refresh: Callable[[Game, bool], None] | None = None
        #: Asks a yes/no question (title, question) before a bank that loses the game;
        #: None banks without asking.  The app sets its own; tests replace it.
        self.confirm: Callable[[str, str], bool] | None = None
        #: Called with a text the window shows and how urgently to speak it (speech).
        self.on_say: Callable[[str, Priority], None] | None = None
        self.game = game
        self._reset_turn_state()
        self._log_start(game)
        self.refresh()

    # -- after() bookkeeping -------------------------------------------------------------

    def after(self, ms: int, func: Callable[..., None], *args: Any) -> str:
        """``root.after`` that remembers the id until the call has run or is cancelled."""
        after_id = ""

        def run() -> None:
            self._afters.discard(after_id)
            func(*args)

        after_id = self.root.after(max(0, int(ms)), run)
        self._afters.add(after_id)
        return after_id

    def cancel_all(self) -> None:
        """Cancel every pending step (new game, restart, quit, demo switch)."""
        for after_id in list(self._afters):
            self.root.after_cancel(after_id)
        self._afters.clear()
        self._waiting = None
        self._thinking_id = None
        self._set_thinking(False)

    @property
    def pending(self) -> int:
        """How many ``after`` calls are waiting (tests check this is zero after a reset)."""
        return len(self._afters)

    def destroy(self) -> None:
        """Quit: no more steps; the last save is written before the window goes."""
        self.cancel_all()
        self.saver.flush(2.0)
        if self._owns_jobs:
            self.jobs.close()
        self.window.table.settle()

    # -- the game ------------------------------------------------------------------------

    def _reset_turn_state(self) -> None:
        self.selection: set[int] = set()
        self._decision: Move | None = None  # the computer's move, shown before it is made
        self._next: list[Command] = []  # its engine commands still to run (with _decision)
        self._discard_mark: int | None = None
        self._challenge_asked = False

    def set_game(self, game: Game) -> None:
        """Play ``game`` from now on (new game, restart, resume)."""
        self.cancel_all()
        # Whatever is still being worked out belongs to the last game (its players, its
        # advice); only its saves must still reach the disk, in order.
        self.jobs.cancel_all(keep=(SAVE_LANE,))
        self._players.clear()
        self._preparing.clear()
        self.game = game
        self._reset_turn_state()
        self.window.table.settle()
        self.window.table.clear_cue()
        self.window.log.clear()
        self._log_start(game)
        self._save()
        self.start()

    # -- undo and redo -------------------------------------------------------------------

    def undo_refusal(self) -> str | None:
        """Why undo is not possible now (a sentence without its full stop), or None."""
        if self.demo:
            return "there is no undo in demo mode: the computer plays every seat"
        record = self.game.record
        return record.undo_refusal(record.human_seats())

    def redo_refusal(self) -> str | None:
        """Why redo is not possible now, or None."""
        if self.demo:
            return "there is no redo in demo mode: the computer plays every seat"
        return self.game.record.redo_refusal()

    def take_back(self, redo: bool = False) -> bool:
        """Undo the human's last command with the computer turns played since (or redo
        what undo took); a refusal is said in the status bar with the bell.

        The dice do not change: the record restores the generator, so the same decision
        throws the same dice again."""
        reason = self.redo_refusal() if redo else self.undo_refusal()
        if reason is not None:
            self.window.status.say(reason[0].upper() + reason[1:] + ".")
            self.window.bell()
            return False
        record = self.game.record
        humans = record.human_seats()
        self.show_position(record.redo(humans) if redo else record.undo(humans))
        return True

    def show_position(self, game: Game) -> None:
        """Play ``game`` on from where it stands (after an undo or a redo): the computer's
        pending steps are cancelled, the log is rebuilt from the game's events and the
        table shows the dice the last stretch left, all from the game itself."""
        self.cancel_all()
        self.game = game
        self._reset_turn_state()  # the dice left on the table come from the game's log
        self.window.table.settle()
        self.window.table.clear_cue()
        self.rebuild_log()
        self.start()

    def rebuild_log(self) -> None:
        """The log panel as the game's own events tell it (its last LOG_TAIL of them)."""
        self.window.log.clear()
        for event in self.game.log[-LOG_TAIL:]:
            self._log(event)

    def _log_start(self, game: Game) -> None:
        self.window.log.add(presenter.start_line(game, resumed=len(game.log) > 1), "info")
        for seat in range(len(game.seats)):
            why = self.plays_as_expert(seat)
            if why:
                self.window.log.add(presenter.as_expert_line(game, seat, why), "info")
        # A resumed game shows the tail of its log, so the player sees where it stands.
        for event in game.log[-60:]:
            self._log(event)

    def _log(self, event: Event) -> None:
        self.window.log.add(*presenter.log_line(self.game, event))

    def plays_as_expert(self, seat: int) -> str | None:
        """Why a Perfect computer in ``seat`` plays as Expert in this game, or None."""
        if not self.is_computer(seat) or self.level(seat) != "perfect":
            return None
        if len(self.game.seats) != 2:
            return "the perfect-play tables are for two players"
        if self._solving(seat):
            return "its table for these rules is being solved, which takes a while"
        if getattr(self._player(seat), "fallback_reason", None):
            return "no perfect-play table for these rules (options or changed numbers)"
        return None

    def start(self) -> None:
        """Begin (or go on with) the game: prepare the computer players, then play."""
        self._save()
        self._prepare_all()
        self.refresh()
        self._advance()

    def is_computer(self, seat: int) -> bool:
        return self.demo or self.game.seats[seat].computer

    def level(self, seat: int) -> str:
        return DEMO_LEVEL if self.demo else self.game.seats[seat].level

    @property
    def human_to_play(self) -> bool:
        g = self.game
        return not g.over and not self.is_computer(g.current)

    # -- computer players, their tables built in a worker thread ---------------------------

    def _player(self, seat: int) -> Player:
        key = (seat, self.level(seat))
        player = self._players.get(key)
        if player is None:
            factory = self.player_factory or _default_factory()
            seed = None if self.seed is None else self.seed * 31 + seat
            player = factory(key[1], self.game.rules, seed=seed)
            self._players[key] = player
        return player

    def _prepare_all(self) -> None:
        for seat in range(len(self.game.seats)):
            if self.is_computer(seat):
                self._prepare(self._player(seat))

    def _prepare(self, player: Player) -> None:
        if not player.ready:
            # A new game cancels the last one's jobs (set_game), so a late result of an
            # earlier player, whose id() a new player may have, is never taken for this one.
            self._in_worker(("prepare", id(player)), player.prepare,
                            "strategy-tables", "the computer player could not get ready")
        self._solve_in_background(player)

    # -- Perfect for rules without a table: solved in a worker, its progress shown ---------

    def _solving(self, seat: int) -> bool:
        """Whether the Perfect computer in ``seat`` waits for its table to be solved."""
        return (self.is_computer(seat) and self.level(seat) == "perfect"
                and bool(getattr(self._player(seat), "solving", False)))

    def _solve_in_background(self, player: Player) -> None:
        make = getattr(player, "background_solve", None)
        work = make() if make is not None else None
        key = ("solve", id(player))
        if work is None or key in self._preparing:
            return
        self._preparing.add(key)  # the game goes on meanwhile: nothing waits for this key
        self.jobs.submit(work, lambda _: self._solved(key, player),
                         lambda error: self._solve_failed(key, error), name="perfect-solve")
        self.after(int(THINKING_AFTER * 1000), self._show_solve_progress, player)

    def _show_solve_progress(self, player: Player) -> None:
        """The status bar counts the solve up, as long as no other message needs it."""
        if not getattr(player, "solving", False) or ("solve", id(player)) not in self._preparing:
            return
        status = self.window.status
        if not status.full_text or status.full_text.startswith(presenter.SOLVING_PREFIX):
            status.say(presenter.solving_status(getattr(player, "progress", None) or 0.0))
        self.after(500, self._show_solve_progress, player)

    def _solved(self, key: Hashable, player: Player) -> None:
        self._preparing.discard(key)
        player.prepare()  # takes the solved table (quick: it is in memory)
        self.window.status.say(presenter.SOLVED_STATUS)
        self.window.log.add(presenter.SOLVED_STATUS, "info")
        self.refresh()

    def _solve_failed(self, key: Hashable, error: BaseException) -> None:
        self._preparing.discard(key)
        log.error("solving perfect play failed: %s", error, exc_info=error)
        self.window.status.say(presenter.SOLVE_FAILED_STATUS)
        self.window.log.add(presenter.SOLVE_FAILED_STATUS, "info")
        self.refresh()

    def _in_worker(self, key: Hashable, job: Callable[[], None], name: str,
                   failure: str) -> None:
        """Run ``job`` on the job runner (once per ``key`` at a time)."""
        if key in self._preparing:
            return
        self._preparing.add(key)
        self.jobs.submit(job, lambda _: self._worker_done(key),
                         lambda error: self._worker_failed(key, failure, error), name=name)

    def _worker_done(self, key: Hashable) -> None:
        self._preparing.discard(key)
        self._go_on_if_ready()

    def _worker_failed(self, key: Hashable, failure: str, error: BaseException) -> None:
        self._preparing.discard(key)
        if isinstance(key, tuple) and key[0] == "think":
            # Only a head start failed: choose_move does the work itself now, in the Tk
            # thread, and an error that is real shows there.
            log.error("%s: %s", failure, error, exc_info=error)
            self._skip_think = True
            self._go_on_if_ready()
            return
        raise RuntimeError(f"{failure}: {error}") from error

    def _wait_for_worker(self, step: Callable[[], None], ready: Callable[[], bool]) -> None:
        """Run ``step`` once ``ready()`` holds; "thinking..." shows after half a second."""
        self._waiting = step
        self._waiting_ready = ready
        if self._thinking_id is None:
            self._thinking_id = self.after(int(THINKING_AFTER * 1000), self._think_aloud)
        if ready():  # done already: go on in the next round of the event loop
            self.after(0, self._go_on_if_ready)

    def _think_aloud(self) -> None:
        self._thinking_id = None
        if self._waiting is not None:
            self._set_thinking(True)

    def _go_on_if_ready(self) -> None:
        """A worker is done: the step that waited for it goes on."""
        if self._waiting is None or not self._waiting_ready():
            return
        step, self._waiting = self._waiting, None
        if self._thinking_id is not None:
            self.root.after_cancel(self._thinking_id)
            self._afters.discard(self._thinking_id)
            self._thinking_id = None
        self._set_thinking(False)
        step()

    def _set_thinking(self, value: bool) -> None:
        if value != self.thinking:
            self.thinking = value
            self.window.status.say(presenter.thinking_status(self.game) if value else "")
            self.refresh()

    # -- the flow of play ----------------------------------------------------------------

    def _advance(self, wait: float | None = None) -> None:
        """Whatever comes next: the computer's next step, or wait for the human."""
        g = self.game
        if g.over:
            self.refresh()
            return
        if self.is_computer(g.current):
            self.after(self._step_ms(wait), self._computer_step)
        self.refresh()

    def _step_ms(self, wait: float | None = None) -> int:
        ms = (self.delay if wait is None else wait) * 1000
        if self.animation and self.window.table.tumbling:
            # Let the dice settle before the next move.
            ms = max(ms, self.window.table.tumble_ms + 120)
        return int(ms)

    def _computer_step(self) -> None:
        """One visible step of a computer seat: decide and show the move, then make it.

        A move at the start of a turn (a challenge, then the throw) is made at once, a
        command per step; a selection of dice or a die to discard is shown for a step
        before its command runs.
        """
        g = self.game
        if g.over or not self.is_computer(g.current):
            return
        if not self.window.watched():  # a message box or a minimised window: wait for it
            self.after(WATCH_MS, self._computer_step)
            return
        if self._decision is None:
            move = self._computer_decide()
            if move is None:
                return  # a worker is building tables or thinking: this step comes back
            self._decision, self._next = move, commands(g, move)
            if move.phase is not Phase.START:
                self.selection = set(move.freeze)
                self._discard_mark = move.discard
                self.refresh()
                self.after(self._step_ms(), self._computer_step)
                return
        command = self._next.pop(0)
        if not self._next:
            self._decision = None
        self._discard_mark = None
        self._command(command)

    def _computer_decide(self) -> Move | None:
        """Ask the seat to play for its move, or None after handing slow work to a worker
        (tables still to build, a position to think about) that calls the step again."""
        g = self.game
        player = self._player(g.current)
        if not player.ready:
            self._prepare(player)
            self._wait_for_worker(self._computer_step,
                                  lambda: self._player(self.game.current).ready)
            return None
        if g.phase is Phase.CHOOSE:
            # A player with slow work for this position (Perfect solving a new turn,
            # 5-35 ms) does it in a worker; choose_move is then quick.
            think = None if self._skip_think else getattr(player, "think", None)
            self._skip_think = False
            work = think(g) if think is not None else None
            if work is not None:
                key = ("think", next(self._job_numbers))
                self._in_worker(key, work, "computer-move",
                                "the computer player failed while thinking")
                self._wait_for_worker(self._computer_step,
                                      lambda: key not in self._preparing)
                return None
        return decide(g, player)

    def _command(self, command: Callable[..., list[Event]], *args: Any) -> bool:
        """Run a game command; show what happened; save; go on."""
        try:
            events = command(*args)
        except IllegalAction as e:
            self.window.status.say(str(e).capitalize() + ".")
            self._say(str(e).capitalize() + ".", Priority.URGENT)
            self.window.bell()
            self.refresh()
            return False
        self.selection = set()
        try:
            self._take(events)  # a view error must not leave the save or the game behind
        finally:
            self._save()
            self._advance()
        return True

    def _take(self, events: Sequence[Event]) -> None:
        """Show events: the log, the cues, the dice left on the table, the sound."""
        table = self.window.table
        thrown_now = False
        self._say_events(events)
        for event in events:
            self._log(event)
            if isinstance(event, TurnStarted):
                self._reset_turn_state()
            elif isinstance(event, Thrown):
                if not self.game.over:
                    table.clear_cue()  # the last cue has been read: the dice matter now
                thrown_now = True
            elif not isinstance(event, Frozen):
                shown = presenter.cue(self.game, event)
                if shown is not None:
                    table.cue(shown.kind, shown.text, shown.ms)
        if thrown_now:
            if self.on_sound is not None:
                self.on_sound()
            self.refresh()
            table.tumble()

    def _say(self, text: str, priority: Priority = Priority.NORMAL) -> None:
        if self.on_say is not None:
            self.on_say(text, priority)

    def _say_events(self, events: Sequence[Event]) -> None:
        """Speak the log's lines of ``events`` (the result as its banner gives it), as one
        message: the player's own moves cut a stale message, the computer's queue."""
        if self.on_say is None or not events:
            return
        lines = [presenter.result_text(self.game, e) if isinstance(e, GameOver)
                 else presenter.log_line(self.game, e)[0] for e in events]
        seat = events[0].seat
        computer = 0 <= seat < len(self.game.seats) and self.is_computer(seat)
        self._say("\n".join(lines), Priority.QUEUED if computer else Priority.NORMAL)

    def _save(self) -> None:
        """Hand the game to the saver (a finished game clears the save)."""
        g = self.game
        self.saver.submit(None if g.over else g)

    def _show_save_message(self, message: str | None) -> None:
        """What a save said (None: all is well), shown once until it changes."""
        if message != self._save_message:
            self._save_message = message
            if message:
                self.window.status.say(message)
                self.window.log.add(message, "trash")

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
        self.window.status.say("")
        self.refresh()
        self._say(presenter.action_bar(g, self.context()).reason)  # what the pick is worth

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

    def throw(self) -> None:
        """Space, R or the Throw button: freeze the selection, then throw the rest."""
        g = self.game
        table = self.window.table
        if table.tumbling:
            table.settle()
        if g.over or not self.human_to_play:
            self._not_your_turn()
            return
        if g.phase is Phase.START:
            self._challenge_asked = True  # throwing declines a challenge
            self._command(g.throw)
        elif g.phase is Phase.CHOOSE:
            self._decide(g.throw)
        elif g.phase is Phase.DISCARD:
            self.window.status.say("First play one of your frozen dice into the play area.")
            self._say("First play one of your frozen dice into the play area.", Priority.URGENT)
            self.window.bell()

    def bank(self) -> None:
        """B, Enter or the Bank button: freeze the selection and bank."""
        g = self.game
        if self.window.table.tumbling:
            self.window.table.settle()
        if g.over or not self.human_to_play:
            self._not_your_turn()
            return
        if g.phase is Phase.CHOOSE:
            question = presenter.action_bar(g, self.context()).confirm_bank
            # A bank in the last turn that cannot win ends the game: a misclick costs it.
            if question and self.confirm is not None and not self.confirm("Bank and lose?",
                                                                          question):
                self.window.status.say("Not banked: throw on, or bank when you are sure.")
                self._say("Not banked: throw on, or bank when you are sure.")
                return
            self._decide(g.bank)
        else:
            reason = (g.bank_refusal(sorted(self.selection)) or "you cannot bank now")
            self.window.status.say(reason.capitalize() + ".")
            self._say(reason.capitalize() + ".", Priority.URGENT)
            self.window.bell()

    def _decide(self, command: Callable[..., list[Event]]) -> None:
        """Throw or bank with the selection (the record keeps the decision for the
        advisor's review)."""
        self._command(command, sorted(self.selection))

    def _not_your_turn(self) -> None:
        g = self.game
        self.window.status.say(presenter.not_your_turn(g))
        self._say(presenter.not_your_turn(g), Priority.URGENT)

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
            self.window.status.say("No challenge this turn.")
            self._say("No challenge this turn.")
            self.refresh()
            return
        self._command(g.challenge, target)

    # -- settings that change during play ------------------------------------------------

    def set_demo(self, demo: bool) -> None:
        """Demo mode: the computer (Expert) plays every seat; off gives the seats back."""
        if demo == self.demo:
            return
        self.cancel_all()
        self.demo = demo
        self._decision = None
        self._discard_mark = None
        self.selection = set()
        self._prepare_all()
        self.window.status.say("Demo mode: the computer plays every seat." if demo
                               else "Demo mode is off: the seats are yours again.")
        self._advance()

    def set_delay(self, delay: float) -> None:
        """The wait between the computer's moves, as the preferences keep it (rounded)."""
        self.delay = delay

    def set_animation(self, on: bool) -> None:
        self.animation = on
        self.window.table.animation = on
        if not on:
            self.window.table.settle()

    # -- drawing -------------------------------------------------------------------------

    def refresh(self) -> None:
        """Bring every panel up to date with the game (the view never reads it itself)."""
        g = self.game
        w = self.window
        context = self.context()
        w.table.show(presenter.table(g, context))
        w.scoreboard.show(presenter.seat_rows(g, context), presenter.stage_text(g),
                          g.rules.challenging)
        w.actions.show(presenter.action_bar(g, context))
        if self.on_refresh is not None:
            self.on_refresh(g, self.human_to_play)

    def context(self) -> Context:
        """What the presenter needs to know beyond the game."""
        g = self.game
        seats = range(len(g.seats))
        decision = self._decision
        return Context(
            computers=tuple(self.is_computer(s) for s in seats),
            levels=tuple(self.level(s) for s in seats),
            as_expert=tuple(bool(self.plays_as_expert(s)) for s in seats),
            solving=tuple(self._solving(s) for s in seats),
            selection=frozenset(self.selection), thinking=self.thinking,
            decision_bank=None if decision is None else bool(decision.bank),
            discard_mark=self._discard_mark,
            challenge_offered=self.challenge_offered, can_rematch=self.on_rematch is not None)
