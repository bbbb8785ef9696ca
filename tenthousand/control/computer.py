"""The computer seats of the controller: their players, the tables they build and the
positions they think about in workers of the job runner, and their visible steps.

:class:`ComputerSeats` is the part of :class:`tenthousand.control.controller.Controller` that plays
for a computer: one ``after`` step per throw, selection and decision; slow work (tables,
Perfect's solve, a new turn to think about) goes to the job runner and the step comes back
when it is done, with "thinking..." shown after half a second.
"""

from __future__ import annotations

import itertools
import logging
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any

from ..ai import Player
from ..ai.moves import Command, Move, commands, decide
from ..i18n import _
from ..model import Event, Game
from ..model.game import Phase
from ..model.rules import Rules
from ..present import presenter
from ..services.jobs import JobRunner
from ..view.window import MainWindow

if TYPE_CHECKING:
    import tkinter as tk

log = logging.getLogger(__name__)

PlayerFactory = Callable[..., Player]  # make_player(level, rules, seed=...)

THINKING_AFTER = 0.5  # seconds before "thinking..." is shown
WATCH_MS = 250  # how often a computer that waits for the player to watch looks again


def _default_factory() -> PlayerFactory:
    from ..solver.levels import make_player

    return make_player


class ComputerSeats:
    """The computer's side of the controller (the controller sets these attributes)."""

    window: MainWindow
    root: tk.Misc
    game: Game
    jobs: JobRunner
    delay: float
    animation: bool
    player_factory: PlayerFactory | None
    seed: int | None
    thinking: bool
    selection: set[int]
    _afters: set[str]
    _decision: Move | None
    _next: list[Command]
    _discard_mark: int | None

    def _init_seats(self) -> None:
        self._players: dict[tuple[int, str], Player] = {}
        self._preparing: set[Hashable] = set()  # jobs in a worker: id() of a player, ...
        self._waiting: Callable[[], None] | None = None
        self._waiting_ready: Callable[[], bool] = lambda: True
        self._thinking_id: str | None = None  # the pending "thinking..." of a wait
        self._job_numbers = itertools.count(1)
        self._skip_think = False  # the last head start failed: the next move without one

    if TYPE_CHECKING:  # the controller's
        def after(self, ms: int, func: Callable[..., None], *args: Any) -> str: ...

        def refresh(self) -> None: ...

        def is_computer(self, seat: int) -> bool: ...

        def level(self, seat: int) -> str: ...

        def _command(self, command: Callable[..., list[Event]], *args: Any) -> bool: ...

    def plays_as_expert(self, seat: int) -> str | None:
        """Why a Perfect computer in ``seat`` plays as Expert in this game, or None."""
        if not self.is_computer(seat) or self.level(seat) != "perfect":
            return None
        if len(self.game.seats) != 2:
            return _("the perfect-play tables are for two players")
        if self._solving(seat):
            return _("its table for these rules is being solved, which takes a while")
        if getattr(self._player(seat), "fallback_reason", None):
            return _("no perfect-play table for these rules (options or changed numbers)")
        return None

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

    def _stop_solves(self, keep: Rules | None = None) -> None:
        """Stop the background solves nobody will wait for: every one at quit, and at a new
        game those of other rules than ``keep`` (the same rules go on being solved)."""
        for player in self._players.values():
            cancel = getattr(player, "cancel_solve", None)
            if cancel is not None and getattr(player, "rules", None) != keep:
                cancel()

    def _solve_in_background(self, player: Player) -> None:
        make = getattr(player, "background_solve", None)
        work = make() if make is not None else None
        key = ("solve", id(player))
        if work is None or key in self._preparing:
            return
        self._preparing.add(key)  # the game goes on meanwhile: nothing waits for this key
        self.jobs.submit(work, lambda _result: self._solved(key, player),
                         lambda error: self._solve_failed(key, error), name="perfect-solve")
        self.after(int(THINKING_AFTER * 1000), self._show_solve_progress, player)

    def _show_solve_progress(self, player: Player) -> None:
        """The status bar counts the solve up, as long as no other message needs it."""
        if not getattr(player, "solving", False) or ("solve", id(player)) not in self._preparing:
            return
        status = self.window.status
        if not status.full_text or status.full_text.startswith(_(presenter.SOLVING_PREFIX)):
            status.say(presenter.solving_status(getattr(player, "progress", None) or 0.0))
        self.after(500, self._show_solve_progress, player)

    def _solved(self, key: Hashable, player: Player) -> None:
        self._preparing.discard(key)
        player.prepare()  # takes the solved table (quick: it is in memory)
        self.window.status.say(_(presenter.SOLVED_STATUS))
        self.window.log.add(_(presenter.SOLVED_STATUS), "info")
        self.refresh()

    def _solve_failed(self, key: Hashable, error: BaseException) -> None:
        self._preparing.discard(key)
        log.error("solving perfect play failed: %s", error, exc_info=error)
        self.window.status.say(_(presenter.SOLVE_FAILED_STATUS))
        self.window.log.add(_(presenter.SOLVE_FAILED_STATUS), "info")
        self.refresh()

    def _in_worker(self, key: Hashable, job: Callable[[], None], name: str,
                   failure: str) -> None:
        """Run ``job`` on the job runner (once per ``key`` at a time)."""
        if key in self._preparing:
            return
        self._preparing.add(key)
        self.jobs.submit(job, lambda _result: self._worker_done(key),
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
        self.after(0, step)  # a callback of its own: the delivery stays short

    def _set_thinking(self, value: bool) -> None:
        if value != self.thinking:
            self.thinking = value
            self.window.status.say(presenter.thinking_status(self.game) if value else "")
            self.refresh()

    # -- the computer's steps -----------------------------------------------------------

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
        if g.phase in (Phase.CHOOSE, Phase.START):
            # A player with slow work for this position (Perfect solving a new turn,
            # 5-35 ms, or two to weigh a challenge) does it in a worker; the decision is
            # then quick.
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

