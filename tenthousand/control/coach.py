"""The coach of a real-dice game: the advisor, shown to everyone, to nobody, or to each
person only after a decision.

Shown to everyone, it is the advisor panel (on for a new real-dice game); to nobody, the
panel is off.  After a decision: the panel is off while people decide, and after each
throw-on or bank of a person the advisor values the throw that was decided on (in the job
runner's advisor lane, from the position before the decision, read from the record) and
the coach says, in the log and aloud, what it was worth against the best choice ("Ann
banked 350; throwing on was worth 12 more").  No Tk here.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence

from ..model import Game
from ..model.game import Phase
from ..model.real_dice import is_real
from ..present.dice_entry import coach_after
from ..services.jobs import JobRunner
from .messages import Kind, Messages
from .screen import LogLine

log = logging.getLogger(__name__)

__all__ = ["COACH_LANE", "Coach"]

COACH_LANE = "coach"


class Coach:
    """Follows the game on the table after every redraw (:meth:`follow`); ``mode()`` is
    the coach's choice for real-dice games (everyone, nobody, after)."""

    def __init__(self, jobs: JobRunner, messages: Messages,
                 log: Callable[[Sequence[LogLine]], None], mode: Callable[[], str]) -> None:
        self.jobs = jobs
        self.messages = messages
        self.log = log
        self.mode = mode
        self._game: Game | None = None
        self._seen = 0  # the record's commands looked at in that game
        #: The lines said, in order (tests read them).
        self.said: list[str] = []

    def follow(self, game: Game) -> None:
        """After a redraw: a person's new decisions in a real-dice game with the coach
        "after" are valued, and their lines said."""
        record = game.record
        if game is not self._game:  # a new game, an undo, a resume: nothing new decided
            self._game, self._seen = game, len(record)
            return
        start, self._seen = self._seen, len(record)
        if not is_real(game) or self.mode() != "after":
            return
        for index in range(start, len(record)):
            command = record.commands[index]
            if command.name in ("throw", "bank") and command.args and record.person_made(command):
                self._value(record.game_at(index), command.args, command.name == "bank")

    def _value(self, before: Game, args: Sequence[int], bank: bool) -> None:
        if before.phase is not Phase.CHOOSE:
            return
        faces = tuple(before.thrown[i] for i in args if 0 <= i < len(before.thrown))
        data = before.to_dict(last_events=1)

        def work() -> str | None:
            from ..advice.values import evaluate  # in the worker: the solver loads there

            position = Game.from_dict(data)
            return coach_after(position, faces, bank, evaluate(position))

        self.jobs.submit(work, self._say, _failed, name="coach", lane=COACH_LANE)

    def _say(self, line: str | None) -> None:
        if not line:
            return
        self.said.append(line)
        self.log([(line, "info")])
        self.messages.tell(line, Kind.EVENT)


def _failed(error: BaseException) -> None:
    # The coach's line is a comment on a decision already made: the game goes on without it.
    log.error("the coach could not value a decision: %s", error, exc_info=error)
