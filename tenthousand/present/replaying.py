"""What undo and the replay window need from a game's record, worked out without Tk.

:func:`build` plays a record again command by command (in a worker thread: about 50 ms at
1,000 commands) and keeps the position after every step, so that the replay window shows
any step in a millisecond or two: :meth:`Replay.game` rebuilds it from its saved form.
The dice the last stretch left on the table come from the game's log
(:func:`tenthousand.present.stakes.residue`), so a jump to any position shows them as
play did.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

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
from ..model.game import Phase
from ..model.grammar import Person
from ..model.record import Command
from .presenter import Context


class _Faces:
    """The faces a scripted game threw, die by die (a record with recorded dice)."""

    def __init__(self, faces: Sequence[int]) -> None:
        self.faces = list(faces)

    def __call__(self, count: int) -> Sequence[int]:
        if len(self.faces) < count:
            raise ValueError("the record holds fewer dice than its commands throw")
        out, self.faces = self.faces[:count], self.faces[count:]
        return out


@dataclass(frozen=True)
class Turn:
    """One row of the replay's list of turns."""

    number: int
    step: int  # the step whose position is the start of this turn
    seat: int
    text: str  # "Turn 12 · Ann · banked 650"


@dataclass
class Replay:
    """Every step of a record: ``positions[k]`` is the game after ``k`` commands (saved
    form, without the log), ``log[:log_ends[k]]`` its log."""

    record: Record
    commands: tuple[Command, ...]
    positions: list[dict[str, Any]]
    log: tuple[Event, ...]
    log_ends: list[int]

    @property
    def last(self) -> int:
        return len(self.commands)

    def game(self, step: int) -> Game:
        """The game after ``step`` commands, with its log (a new object each time)."""
        game = Game.from_dict(self.positions[step])
        game.log = list(self.log[:self.log_ends[step]])
        return game

    def game_over(self, step: int) -> bool:
        return bool(self.positions[step].get("phase") == Phase.OVER.value)

    def events(self, step: int) -> tuple[Event, ...]:
        """The events the ``step``-th command produced (step 0: the opening)."""
        begin = self.log_ends[step - 1] if step else 0
        return self.log[begin:self.log_ends[step]]

    def human(self, step: int) -> bool:
        """Whether a person gave the ``step``-th command (not the demo's computer)."""
        return 0 < step <= self.last and self.record.person_made(self.commands[step - 1])

    def decision(self, step: int) -> Decision | None:
        """The human decision of a throw that ``step`` made (freeze and throw on, or
        bank), with the position before it; None for any other step."""
        if not self.human(step):
            return None
        before = self.positions[step - 1]
        command = self.commands[step - 1]
        if before.get("phase") != Phase.CHOOSE.value or command.name not in ("throw", "bank"):
            return None
        thrown = before.get("turn", {}).get("thrown", [])
        faces = tuple(thrown[i] for i in command.args if 0 <= i < len(thrown))
        return Decision(before, faces, command.name == "bank")

    def decision_shown(self, step: int) -> Decision | None:
        """The decision the position at ``step`` is about to make: the next command's, whose
        freeze the table shows selected (:func:`context`).  What the advice line under the
        table speaks of."""
        return self.decision(step + 1)

    def decisions(self) -> list[tuple[int, Decision]]:
        """Every human decision of the game with its step, in order."""
        out = []
        for step in range(1, self.last + 1):
            decision = self.decision(step)
            if decision is not None:
                out.append((step, decision))
        return out

    def turns(self) -> list[Turn]:
        """The turns of the game, each with the step it starts at and how it ended."""
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


def build(record: Record) -> Replay:
    """Play ``record`` again step by step (slow for a long game: call it in a worker)."""
    commands = record.commands
    game = record.game_at(0)
    if record.recorded_dice:
        game.dice_source = _Faces([f for c in commands if c.dice for t in c.dice for f in t])
    positions, ends = [_position(game)], [len(game.log)]
    for i, command in enumerate(commands):
        try:
            command.apply(game)
        except Exception as e:  # noqa: BLE001 - the record's fault, said in one sentence
            raise ValueError(_("step {n} of the record cannot be played: {error}").format(
                n=i + 1, error=e)) from e
        positions.append(_position(game))
        ends.append(len(game.log))
    return Replay(record, commands, positions, tuple(game.log), ends)


def _position(game: Game) -> dict[str, Any]:
    data = game.to_dict()
    # The log is kept once for the whole game (Replay.log); a finished game keeps its
    # last line, the result, which the loader checks.
    data["log"] = data["log"][-1:] if game.over else []
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
