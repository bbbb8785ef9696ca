"""The computer seats: their players, the tables they build and the moves they work out
in workers of the job runner.

:class:`Computers` is an object the :class:`~tenthousand.control.controller.Controller`
owns; its constructor names what it uses.  The move itself (the player's thinking,
Perfect's solve of a new turn, the choice) is worked out in the job runner's
``computer-move`` lane as soon as the position is on the table, while the controller's
step waits its delay; the step only shows and makes it (:meth:`Computers.take_planned`).
Slow work (tables) goes to the runner too, and "thinking..." is shown when a step has
waited half a second for it.  No Tk here: the controller's tests play the computer on a
manual clock.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Hashable, Sequence

from ..ai import Player
from ..ai.moves import Move, decide
from ..i18n import _
from ..model import Game
from ..model.rules import Rules
from ..present import presenter
from ..present.value_kind import table_refusal
from ..services.jobs import Job, JobRunner
from ..services.timers import Timers
from .messages import Kind, Messages
from .screen import LogLine

log = logging.getLogger(__name__)

__all__ = ["MOVE_LANE", "STEP", "Computers", "PlayerFactory", "work_out"]

PlayerFactory = Callable[..., Player]  # make_player(level, rules, seed=..., players=...)

THINKING_AFTER = 0.5  # seconds before "thinking..." is shown
#: Seconds a quit waits for the three-player solves it stopped to keep what they solved (a
#: block of cycles and a write: a second or two; past that, their last write every few
#: minutes is what the next session goes on from).
SOLVE_QUIT_WAIT_S = 5.0
#: The job runner's lane where the computer's moves are worked out, one at a time.
MOVE_LANE = "computer-move"
STEP = "step"  # the purpose of the computer's next step on the timers: one at a time
Position = tuple[int, int, int]  # (positions shown, id of the game, length of its log)


def _default_factory() -> PlayerFactory:
    from ..solver.levels import make_player

    return make_player


def work_out(game: Game, player: Player) -> Move:
    """The move of the seat to play, worked out in a worker: the player's slow part first
    (Perfect solving a turn not met before, 5-35 ms), then the decision.  A failed head
    start is logged and the decision does the work itself."""
    try:
        think = getattr(player, "think", None)
        slow = think(game) if think is not None else None
        if slow is not None:
            slow()
    except Exception as error:  # noqa: BLE001 - only the head start failed
        log.error("the computer player failed while thinking: %s", error, exc_info=error)
    return decide(game, player)


class Computers:
    """The players of the computer seats of the game on the table, and their moves.

    ``game()`` is the game on the table, ``is_computer(seat)`` and ``level(seat)`` say who
    plays each seat now (demo mode makes every seat a computer), ``changed()`` redraws the
    table (thinking, a table solved) and ``log(lines)`` adds lines to the game log.  Waits
    go on ``timers``, the controller's own: its cancel_all cancels them with its steps.
    """

    def __init__(self, *, game: Callable[[], Game], is_computer: Callable[[int], bool],
                 level: Callable[[int], str], timers: Timers, jobs: JobRunner,
                 messages: Messages, changed: Callable[[], None],
                 log: Callable[[Sequence[LogLine]], None],
                 player_factory: PlayerFactory | None = None,
                 seed: int | None = None) -> None:
        self._game = game
        self._is_computer = is_computer
        self._level = level
        self._timers = timers
        self._jobs = jobs
        self._messages = messages
        self._changed = changed
        self._log = log
        self._factory = player_factory
        #: The seed of the players' own dice-free choices (a new game may set another).
        self.seed = seed
        self._players: dict[tuple[int, str], Player] = {}
        self._preparing: set[Hashable] = set()  # jobs in a worker: id() of a player, ...
        self._waiting: Callable[[], None] | None = None
        self._waiting_ready: Callable[[], bool] = lambda: True
        #: Whether a step has waited half a second for a worker (the table says so).
        self.thinking = False
        self._thinking_text = ""  # the status line "thinking..." put up, while it shows
        #: Counts the positions the table has shown: a move worked out for one is used
        #: only while it is still on the table (see :meth:`_here`).
        self._position = 0
        self._planning: tuple[Position, Job[Move]] | None = None  # a move being worked out
        self._planned: tuple[Position, Move] | None = None  # ... and one ready

    @property
    def planned(self) -> bool:
        """Whether the move of the position on the table has been worked out."""
        return self._planned is not None and self._planned[0] == self._here()

    def plays_as_expert(self, seat: int) -> str | None:
        """Why a Perfect computer in ``seat`` plays as Expert in this game, or None."""
        if not self._is_computer(seat) or self._level(seat) != "perfect":
            return None
        game = self._game()
        if len(game.seats) != 2:  # whether a table answers this many seats: the solver says
            refused = table_refusal(game.rules, len(game.seats))
            if refused:
                return refused
        if self.solving(seat):
            return _("its table for these rules is being solved, which takes a while")
        if getattr(self.player(seat), "fallback_reason", None):
            return _("no perfect-play table for these rules (options or changed numbers)")
        return None

    def new_game(self, rules: Rules) -> None:
        """Another game is on the table: its players are new; solves of its rules go on,
        the others stop."""
        self.forget_plan()
        self.stop_solves(keep=rules)
        self._players.clear()
        self._preparing.clear()

    # -- computer players, their tables built in a worker thread ---------------------------

    def player(self, seat: int) -> Player:
        key = (seat, self._level(seat))
        player = self._players.get(key)
        if player is None:
            factory = self._factory or _default_factory()
            seed = None if self.seed is None else self.seed * 31 + seat
            game = self._game()
            player = factory(key[1], game.rules, seed=seed, players=len(game.seats))
            self._players[key] = player
        return player

    def prepare_all(self) -> None:
        """Get the players of every computer seat ready (tables built in a worker)."""
        for seat in range(len(self._game().seats)):
            if self._is_computer(seat):
                self._prepare(self.player(seat))

    def _prepare(self, player: Player) -> None:
        if not player.ready:
            # A new game cancels the last one's jobs (Controller.follow), so a late result of
            # an earlier player, whose id() a new player may have, is never taken for this one.
            self._in_worker(("prepare", id(player)), player.prepare,
                            "strategy-tables", "the computer player could not get ready")
        self._solve_in_background(player)

    # -- Perfect for rules without a table: solved in a worker, its progress shown ---------

    def solving(self, seat: int) -> bool:
        """Whether the Perfect computer in ``seat`` waits for its table to be solved."""
        return (self._is_computer(seat) and self._level(seat) == "perfect"
                and bool(getattr(self.player(seat), "solving", False)))

    def stop_solves(self, keep: Rules | None = None) -> None:
        """Stop the background solves nobody will wait for: every one at quit, and at a new
        game those of other rules than ``keep`` (the same rules go on being solved)."""
        for player in self._players.values():
            cancel = getattr(player, "cancel_solve", None)
            if cancel is not None and getattr(player, "rules", None) != keep:
                cancel()

    def wait_for_stopped_solves(self, seconds: float) -> None:
        """At quit, after :meth:`stop_solves`: wait up to ``seconds`` in all for the stopped
        solves that keep their work on disk (three players) to have kept it."""
        deadline = time.monotonic() + seconds
        for player in self._players.values():
            stopped = getattr(player, "solve_stopped", None)
            if stopped is not None and not stopped(max(0.0, deadline - time.monotonic())):
                log.warning("a stopped solve was still keeping its work %s s after the quit",
                            seconds)
                return

    def _solve_in_background(self, player: Player) -> None:
        key = ("solve", id(player))
        progress = f"solve-progress-{id(player)}"
        if key in self._preparing:  # solving already: its progress shows again
            if not self._timers.waiting(progress):
                self._timers.later(int(THINKING_AFTER * 1000), self._show_solve_progress,
                                   player, purpose=progress)
            return
        make = getattr(player, "background_solve", None)
        work = make() if make is not None else None
        if work is None:
            return
        self._preparing.add(key)  # the game goes on meanwhile: nothing waits for this key
        self._jobs.submit(work, lambda _result: self._solved(key, player),
                          lambda error: self._solve_failed(key, error), name="perfect-solve")
        self._timers.later(int(THINKING_AFTER * 1000), self._show_solve_progress, player,
                           purpose=progress)

    def _show_solve_progress(self, player: Player) -> None:
        """The status line counts the solve up, as long as no other message needs it (it
        is not spoken: it changes twice a second)."""
        if not getattr(player, "solving", False) or ("solve", id(player)) not in self._preparing:
            return
        last = self._messages.last
        if last is None or last[0].startswith(_(presenter.SOLVING_PREFIX)):
            self._messages.tell(presenter.solving_status(
                getattr(player, "progress", None) or 0.0, getattr(player, "remaining", None)),
                Kind.NOTE, spoken="")
        self._timers.later(500, self._show_solve_progress, player,
                           purpose=f"solve-progress-{id(player)}")

    def _solved(self, key: Hashable, player: Player) -> None:
        self._preparing.discard(key)
        player.prepare()  # takes the solved table (quick: it is in memory)
        if not self._solves_waited_for():
            self._messages.tell(_(presenter.SOLVED_STATUS), Kind.EVENT)
            self._log([(_(presenter.SOLVED_STATUS), "info")])
        self._changed()

    def _solve_failed(self, key: Hashable, error: BaseException) -> None:
        self._preparing.discard(key)
        log.error("solving perfect play failed: %s", error, exc_info=error)
        if not self._solves_waited_for():
            self._messages.tell(_(presenter.SOLVE_FAILED_STATUS), Kind.WARNING)  # logged too
        self._changed()

    def _solves_waited_for(self) -> bool:
        """Whether another Perfect seat still waits for its table.  Every Perfect seat of
        a game waits for the one solve of its rules and seats, and each hears when it
        ends: the player is told once, when the last of them has heard."""
        return any(isinstance(key, tuple) and key[0] == "solve" for key in self._preparing)

    def _in_worker(self, key: Hashable, job: Callable[[], None], name: str,
                   failure: str) -> None:
        """Run ``job`` on the job runner (once per ``key`` at a time)."""
        if key in self._preparing:
            return
        self._preparing.add(key)
        self._jobs.submit(job, lambda _result: self._worker_done(key),
                          lambda error: self._worker_failed(key, failure, error), name=name)

    def _worker_done(self, key: Hashable) -> None:
        self._preparing.discard(key)
        self._go_on_if_ready()

    def _worker_failed(self, key: Hashable, failure: str, error: BaseException) -> None:
        self._preparing.discard(key)
        raise RuntimeError(f"{failure}: {error}") from error

    # -- the move, worked out ahead of its step ------------------------------------------

    def _here(self) -> Position:
        """The position on the table: the count of positions shown, the game and how far
        its log goes (a game moved on behind the controller's back is another position)."""
        game = self._game()
        return (self._position, id(game), len(game.log))

    def plan(self) -> None:
        """Work out the move of the computer to play in the job runner's lane, now, while
        its step waits its delay (nothing if it is known or on its way already)."""
        g, position = self._game(), self._here()
        if g.over or not self._is_computer(g.current):
            return
        if (self._planned is not None and self._planned[0] == position) or (
                self._planning is not None and self._planning[0] == position):
            return
        player = self.player(g.current)
        if not player.ready:
            return  # being prepared (start): the step waits for it, then asks again
        job = self._jobs.submit(lambda: work_out(g, player),
                                lambda move: self._move_ready(position, move),
                                lambda error: self._move_failed(position, error),
                                name="computer-move", lane=MOVE_LANE, latest=True)
        self._planning = (position, job)

    def _move_ready(self, position: Position, move: Move) -> None:
        if position != self._here():
            return  # worked out for a position that has gone (undo, demo...)
        self._planning, self._planned = None, (position, move)
        self._go_on_if_ready()

    def _move_failed(self, position: Position, error: BaseException) -> None:
        if position == self._here():
            self._planning = None
        raise RuntimeError(f"the computer player failed: {error}") from error

    def forget_plan(self) -> None:
        """The position changed (a command, a new game, undo, demo): the move worked out
        for the last one is of no use."""
        self._position += 1
        if self._planning is not None:
            self._jobs.cancel(self._planning[1])
        self._planning = self._planned = None

    def take_planned(self, step: Callable[[], None]) -> Move | None:
        """The move worked out for the position on the table, or None after arranging for
        ``step`` to run again once it is (tables still to build, the move on its way)."""
        planned, position = self._planned, self._here()
        if planned is not None and planned[0] == position:
            self._planned = None
            return planned[1]
        player = self.player(self._game().current)
        if not player.ready:
            self._prepare(player)
            self._wait_for_worker(step, lambda: self.player(self._game().current).ready)
            return None
        self.plan()
        self._wait_for_worker(step, lambda: self.planned)
        return None

    def _wait_for_worker(self, step: Callable[[], None], ready: Callable[[], bool]) -> None:
        """Run ``step`` once ``ready()`` holds; "thinking..." shows after half a second."""
        self._waiting = step
        self._waiting_ready = ready
        if not self._timers.waiting("thinking"):
            self._timers.later(int(THINKING_AFTER * 1000), self._think_aloud,
                               purpose="thinking")
        if ready():  # done already: go on in the next round of the event loop
            self._timers.later(0, self._go_on_if_ready, purpose="go-on")

    def _think_aloud(self) -> None:
        if self._waiting is not None:
            self._set_thinking(True)

    def _go_on_if_ready(self) -> None:
        """A worker is done: the step that waited for it goes on."""
        if self._waiting is None or not self._waiting_ready():
            return
        step, self._waiting = self._waiting, None
        self._timers.cancel("thinking")
        self._set_thinking(False)
        self._timers.later(0, step, purpose=STEP)  # a callback of its own: the delivery stays short

    def stop_waiting(self) -> None:
        """The controller's steps were cancelled: nothing waits for a worker any more."""
        self._waiting = None
        self._set_thinking(False)

    def _set_thinking(self, value: bool) -> None:
        if value == self.thinking:
            return
        self.thinking = value
        if value:  # the table says so too: the line is not spoken
            self._thinking_text = presenter.thinking_status(self._game())
            self._messages.tell(self._thinking_text, Kind.NOTE, spoken="")
        else:
            self._messages.withdraw(self._thinking_text)  # (a refusal told since stays)
            self._thinking_text = ""
        self._changed()
