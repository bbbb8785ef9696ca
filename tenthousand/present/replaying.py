"""What undo and the replay window need from a game's record, worked out without Tk.

:func:`build` plays a record again command by command, once (in a worker: about 0.1 s per
1,000 commands, in time linear in the record's length; it tells its :class:`Progress` and
stops when that is cancelled).  It keeps, per step, only the length of the log and the
phase, and the game itself every :data:`~tenthousand.model.checkpoints.SPACING` commands
(the record's checkpoints, :meth:`Record.keep_every_checkpoint`).  A step's position is
worked out when it is asked for, from the checkpoint before it or the step shown before
(:meth:`Replay.position`: a few milliseconds), so that the replay window shows any step at
once, and a record of 100,000 commands takes some 30 MB, not gigabytes.
The dice the last stretch left on the table come from the game's log
(:func:`tenthousand.present.stakes.residue`), so a jump to any position shows them as
play did.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any, overload

from ..advice import WIN
from ..advice.values import AdvisorValues, Decision
from ..i18n import _, number
from ..model import (
    Banked,
    Discarded,
    Event,
    Game,
    GameOver,
    Pegged,
    Penalty,
    Record,
    Trash,
    TurnStarted,
)
from ..model.checkpoints import SPACING
from ..model.game import Phase
from ..model.grammar import Person
from ..model.record import Command
from .presenter import Context

#: The positions kept worked out (those shown last, some 25 kB each).
CACHED = 128
#: How often (in commands) :func:`build` tells its progress and looks for a cancel.
TELL_EVERY = 256


class _Faces:
    """The faces a scripted game threw, die by die (a record with recorded dice)."""

    def __init__(self, faces: Sequence[int]) -> None:
        self.faces = list(faces)
        self.used = 0

    def __call__(self, count: int) -> Sequence[int]:
        if len(self.faces) - self.used < count:
            raise ValueError("the record holds fewer dice than its commands throw")
        out = self.faces[self.used:self.used + count]
        self.used += count
        return out


def _faces_of(commands: Sequence[Command]) -> list[int]:
    return [f for c in commands if c.dice for t in c.dice for f in t]


class Cancelled(Exception):
    """:func:`build` was asked to stop (:meth:`Progress.cancel`)."""


class Progress:
    """How far a :func:`build` has come, shared by the worker that builds (it sets
    ``done`` and ``total``) and the window that shows it (it reads them, and may
    :meth:`cancel`).  ``total`` is 0 until the build knows it (while the file is read)."""

    def __init__(self) -> None:
        self.done = 0
        self.total = 0
        self._stop = threading.Event()

    def cancel(self) -> None:
        self._stop.set()

    @property
    def cancelled(self) -> bool:
        return self._stop.is_set()

    @property
    def share(self) -> float | None:
        """The part done, from 0 to 1; None while the total is not known."""
        return min(1.0, self.done / self.total) if self.total else None

    def tell(self, done: int) -> None:
        """The worker's report: ``done`` commands played (Cancelled if asked to stop)."""
        self.done = done
        if self._stop.is_set():
            raise Cancelled()


@dataclass(frozen=True)
class Turn:
    """One row of the replay's list of turns."""

    number: int
    step: int  # the step whose position is the start of this turn
    seat: int
    text: str  # "Turn 12 \u00b7 Ann \u00b7 banked 650"


class Positions(Sequence[dict[str, Any]]):
    """``positions[k]``: the game after ``k`` commands in its saved form (without the
    log but for a finished game's last line), worked out when asked (:meth:`Replay.position`)."""

    def __init__(self, replay: Replay) -> None:
        self.replay = replay

    def __len__(self) -> int:
        return self.replay.last + 1

    @overload
    def __getitem__(self, index: int) -> dict[str, Any]: ...

    @overload
    def __getitem__(self, index: slice) -> list[dict[str, Any]]: ...

    def __getitem__(self, index: int | slice) -> dict[str, Any] | list[dict[str, Any]]:
        if isinstance(index, slice):
            return [self.replay.position(k) for k in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        return self.replay.position(index)


@dataclass(eq=False)
class Replay:
    """Every step of a record: ``positions[k]`` is the game after ``k`` commands (saved
    form, without the log), ``log[:log_ends[k]]`` its log, ``phases[k]`` its phase.
    ``played`` is the game replayed to the end, whose record keeps a checkpoint every
    SPACING commands."""

    record: Record
    commands: tuple[Command, ...]
    log: tuple[Event, ...]
    log_ends: list[int]
    phases: list[Phase]
    played: Game
    _cache: OrderedDict[int, dict[str, Any]] = field(default_factory=OrderedDict)
    _cursor: tuple[int, Game] | None = None  # the last position worked out, as a game
    _turns: list[Turn] | None = None
    _lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def last(self) -> int:
        return len(self.commands)

    @property
    def positions(self) -> Positions:
        return Positions(self)

    def position(self, step: int) -> dict[str, Any]:
        """The game after ``step`` commands in its saved form (do not change it): from the
        positions worked out last, or played on from the one before it in its block, or
        from the checkpoint that starts its block (fewer than SPACING commands)."""
        with self._lock:
            found = self._cache.get(step)
            if found is not None:
                self._cache.move_to_end(step)
                return found
            at = self._cursor
            if at is None or not at[0] <= step < (at[0] // SPACING + 1) * SPACING:
                begin = step - step % SPACING
                at = (begin, self._start_at(begin, begin + SPACING))
            done, game = at
            for command in self.commands[done:step]:
                command.apply(game)
            self._cursor = (step, game)
            found = self._cache[step] = _position(game)
            while len(self._cache) > CACHED:
                self._cache.popitem(last=False)
            return found

    def _start_at(self, begin: int, end: int | None = None) -> Game:
        """The game at checkpoint ``begin``, its dice those of the commands after it (up
        to command ``end``)."""
        game = self.played.record.game_at(begin)
        if self.record.recorded_dice:
            game.dice_source = _Faces(_faces_of(self.commands[begin:end]))
        return game

    def _walk(self, wanted: frozenset[int]) -> Iterator[dict[str, Any]]:
        """The positions of the steps ``wanted``, in order, in one pass over the game."""
        game = self._start_at(0)
        for step in range(self.last + 1):
            if step:
                self.commands[step - 1].apply(game)
            if step in wanted:
                yield _position(game)

    def game(self, step: int) -> Game:
        """The game after ``step`` commands, with its log (a new object each time)."""
        game = Game.from_dict(self.position(step))
        game.log = list(self.log[:self.log_ends[step]])
        return game

    def game_over(self, step: int) -> bool:
        return self.phases[step] is Phase.OVER

    def events(self, step: int) -> tuple[Event, ...]:
        """The events the ``step``-th command produced (step 0: the opening)."""
        begin = self.log_ends[step - 1] if step else 0
        return self.log[begin:self.log_ends[step]]

    def human(self, step: int) -> bool:
        """Whether a person gave the ``step``-th command (not the demo's computer)."""
        return 0 < step <= self.last and self.record.person_made(self.commands[step - 1])

    def _decides(self, step: int) -> bool:
        """Whether the ``step``-th command is a person's decision of a throw."""
        return self.human(step) and self.phases[step - 1] is Phase.CHOOSE \
            and self.commands[step - 1].name in ("throw", "bank")

    def decision(self, step: int) -> Decision | None:
        """The human decision of a throw that ``step`` made (freeze and throw on, or
        bank), with the position before it; None for any other step."""
        if not self._decides(step):
            return None
        return self._decision(step, self.position(step - 1))

    def _decision(self, step: int, before: dict[str, Any]) -> Decision:
        command = self.commands[step - 1]
        thrown = before.get("turn", {}).get("thrown", [])
        faces = tuple(thrown[i] for i in command.args if 0 <= i < len(thrown))
        return Decision(before, faces, command.name == "bank")

    def decision_shown(self, step: int) -> Decision | None:
        """The decision the position at ``step`` is about to make: the next command's, whose
        freeze the table shows selected (:func:`context`).  What the advice line under the
        table speaks of."""
        return self.decision(step + 1)

    def decisions(self) -> list[tuple[int, Decision]]:
        """Every human decision of the game with its step, in order (one pass over the
        game, the positions before them worked out as it goes)."""
        steps = [s for s in range(1, self.last + 1) if self._decides(s)]
        before = self._walk(frozenset(s - 1 for s in steps))
        return [(step, self._decision(step, position))
                for step, position in zip(steps, before, strict=True)]

    def turns(self) -> list[Turn]:
        """The turns of the game, each with the step it starts at and how it ended
        (worked out once, by :func:`build` in its worker)."""
        if self._turns is None:
            self._turns = self._find_turns()
        return list(self._turns)

    def _find_turns(self) -> list[Turn]:
        starts: list[tuple[int, int]] = []  # (step, seat)
        outcome: list[str] = []
        for step in range(self.last + 1):
            for event in self.events(step):
                if isinstance(event, TurnStarted):
                    starts.append((step, event.seat))
                    outcome.append(_("playing"))
                elif outcome:
                    text = _outcome(event)
                    if text:
                        outcome[-1] = text
        names = [s.name for s in self.record.seats]
        # Translators: a row of the replay's list of turns: "Turn 12 · Ann · banked 650".
        row = _("Turn {n} \u00b7 {name} \u00b7 {outcome}")
        return [Turn(n, step, seat, row.format(n=n, name=names[seat], outcome=outcome[n - 1]))
                for n, (step, seat) in enumerate(starts, 1)]


def _outcome(event: Event) -> str:
    # Translators: how a turn ended, in the replay's list of turns.
    if isinstance(event, Banked):
        return _("banked {points}").format(points=number(event.points))
    if isinstance(event, Pegged):
        return _("pegged {points}").format(points=number(event.points))
    if isinstance(event, Trash):
        return _("trash, lost {points}").format(points=number(event.lost)) if event.lost \
            else _("trash")
    if isinstance(event, Penalty):
        return _("penalty {points}").format(points=number(event.points))
    if isinstance(event, Discarded):
        return _("banked, gave a {die} away").format(die=event.die)
    if isinstance(event, GameOver):
        return _("game over")
    return ""


def build(record: Record, progress: Progress | None = None) -> Replay:
    """Play ``record`` again step by step, once (a long game takes seconds: call it in a
    worker, with a ``progress`` to follow it and to cancel it: :class:`Cancelled`)."""
    commands = record.commands
    if progress is not None:
        progress.total = len(commands)
    game = record.game_at(0)
    game.record.keep_every_checkpoint()
    if record.recorded_dice:
        game.dice_source = _Faces(_faces_of(commands))
    ends, phases = [len(game.log)], [game.phase]
    for i, command in enumerate(commands):
        if progress is not None and i % TELL_EVERY == 0:
            progress.tell(i)
        try:
            command.apply(game)
        except Exception as e:  # noqa: BLE001 - the record's fault, said in one sentence
            raise ValueError(_("step {n} of the record cannot be played: {error}").format(
                n=i + 1, error=e)) from e
        ends.append(len(game.log))
        phases.append(game.phase)
    if progress is not None:
        progress.tell(len(commands))
    replay = Replay(record, commands, tuple(game.log), ends, phases, game)
    replay.turns()  # here, in the worker: a pass over the whole log
    return replay


def _position(game: Game) -> dict[str, Any]:
    # The log is kept once for the whole game (Replay.log); a finished game keeps its
    # last line, the result, which the loader checks.
    data = game.to_dict(last_events=1)
    if not game.over:
        data["log"] = []
    return data


def showing(decision_step: int) -> int:
    """The replay step that shows the decision of command ``decision_step`` (as
    :meth:`Replay.decisions` numbers it): the position before it, its freeze selected."""
    return max(0, decision_step - 1)


def context(replay: Replay, step: int, game: Game) -> Context:
    """How the presenter shows step ``step``: the next command's freeze selected, as the
    window shows a computer's move before it is made; each seat as it was played (a person,
    the computer's level, Perfect that played as Expert)."""
    played = replay.record.seats_as_played()
    selection: frozenset[int] = frozenset()
    bank = None
    if step < replay.last and game.phase is Phase.CHOOSE:
        command = replay.commands[step]
        if command.name in ("throw", "bank"):
            selection, bank = frozenset(command.args), command.name == "bank"
    return Context(computers=tuple(not p.person for p in played),
                   levels=tuple(p.chosen for p in played),
                   as_expert=tuple(p.fell_back for p in played), selection=selection,
                   decision_bank=bank)


def advice_text(name: str, decision: Decision, values: AdvisorValues | None) -> str:
    """What the advisor would have said of a decision: its value and the best choice."""
    who = Person(name)
    if decision.bank:
        done = who.pick(_("You froze {faces} and banked"), _("{name} froze {faces} and banked"),
                        faces=_faces(decision.faces))
    else:
        done = who.pick(_("You froze {faces} and threw on"),
                        _("{name} froze {faces} and threw on"), faces=_faces(decision.faces))
    if values is None or values.best is None or not values.choices:
        # Translators: {done} is "Ann froze 1, 5 and banked".
        return _("{done}. The advisor has no values for this position.").format(done=done)
    index = values.index_of(decision.faces)
    chosen = values.choices[index].value(decision.bank) if index is not None else None
    best = values.choices[values.best]
    best_bank = best.bank_is_best and not values.lower_is_better
    best_value = best.bank if best_bank else best.throw
    # Translators: {done} is "Ann froze 1, 5 and banked", {worth} "63.2% to win".
    text = _("{done}: {worth}.").format(done=done, worth=_worth(values, chosen))
    if index == values.best and best_bank == decision.bank:
        return _("{text} That was the best choice.").format(text=text)
    best_text = (_("{text} Best: freeze {faces} and bank: {worth}.") if best_bank
                 else _("{text} Best: freeze {faces} and throw on: {worth}."))
    return best_text.format(text=text, faces=_faces(best.faces),
                            worth=_worth(values, best_value))


def _faces(faces: Sequence[int]) -> str:
    # Translators: the dice frozen when none were.
    return ", ".join(str(f) for f in sorted(faces)) or _("nothing")


def _worth(values: AdvisorValues, value: float | None) -> str:
    if value is None:
        return _("no value")
    shown = values.format(value)
    if values.kind == WIN:
        return _("{value} to win").format(value=shown)
    if values.lower_is_better:
        return _("{value} points pegged on average").format(value=shown)
    return _("{value} points on average").format(value=shown)


def record_file_name(game: Game, today: date | None = None) -> str:
    """The name offered for a game's record: the date and the players,
    ``ten-thousand-2026-11-30-Ann-vs-Computer-A.json``."""
    day = (today or date.today()).isoformat()
    names = "-vs-".join(re.sub(r"[^\w]+", "-", s.name).strip("-") or "Player"
                        for s in game.seats)
    return f"ten-thousand-{day}-{names}.json"
