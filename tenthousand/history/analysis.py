"""Luck against skill: what the dice and what the decisions did to each player's chances.

In a game whose rules and number of seats have a perfect-play table
(:mod:`tenthousand.solver`), every position has an exact value: each seat's chance of
winning under perfect play from there, one chance per seat, summing to 1.  Walking through
the record command by command, each command splits in two:

- the decision: from the chances before it to the chances once it is made, still before
  any die falls.  The decider's chance goes from the best choice's value to the value of
  what was chosen: that difference is his **skill** (zero for the best choice, negative
  for a worse one).  What it does to each other seat is counted in that seat's
  ``others``: with two seats the other's chance is the rest; with more, the decider's
  gain or loss is shared among the others in proportion to their chances before it (the
  advisor values a choice for the decider alone), so what a choice changes between them
  falls to the dice that follow;
- the dice: from the chances once the choice is made (the average over every throw it
  could give) to the chances after the throw; that is **luck**, for every seat.

The parts telescope: for each seat, luck + own skill + others is exactly the chance at the
end (1 or 0) minus the chance at the start, up to float rounding.

Without a table (rules or a number of seats no table answers) the values are the advisor's
expected final turn scores, turn by turn: the cost of each decision in points, and the luck
of each throw as the best value after it minus the value of throwing.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..advice import SCORE, WIN
from ..i18n import N_

if TYPE_CHECKING:  # the advisor's solver loads when a game is analysed, not at start-up
    from ..advice.values import AdvisorValues
from ..model.events import Thrown, TurnStarted
from ..model.game import Game, Phase
from ..model.record import Command, Record
from .store import DecisionRow

#: The least cost counted as a mistake: 0.1 percentage point, or one point.
LEAST = {WIN: 0.001, SCORE: 1.0}

BANK_EARLY = "bank-early"
THROW_ON = "throw-on"
WRONG_DICE = "wrong-dice"
#: Each kind of mistake in words: English in the statistics' data (--json), translated
#: where shown (``_(MISTAKE_WORDS[kind])``).
MISTAKE_WORDS = {
    # Translators: a kind of mistake, shown as "Costliest habit: banking too early".
    BANK_EARLY: N_("banking too early"),
    # Translators: a kind of mistake, shown as "Costliest habit: throwing on too long".
    THROW_ON: N_("throwing on too long"),
    # Translators: a kind of mistake, shown as "Costliest habit: keeping the wrong dice".
    WRONG_DICE: N_("keeping the wrong dice"),
}


@dataclass(frozen=True)
class ThrowLuck:
    """One throw: how much the dice moved the thrower's chance (or expected score)."""

    step: int
    seat: int
    dice: tuple[int, ...]
    expected: float  # the value before the dice fell (the average over all throws)
    after: float  # the value after them
    luck: float


@dataclass
class Analysis:
    """A game's luck and skill, per seat (see the module's docstring)."""

    kind: str  # WIN or SCORE
    seats: int
    luck: list[float]
    skill: list[float]  # each seat's own decisions, in its own values (<= 0 mostly)
    others: list[float]  # the other seats' decisions, in this seat's values (WIN only)
    start: tuple[float, ...] | None = None  # each seat's chance at the start (WIN only)
    final: tuple[float, ...] | None = None
    throws: list[ThrowLuck] = field(default_factory=list)
    decisions: list[DecisionRow] = field(default_factory=list)
    #: (turns played, each seat's chance) at every turn's start and at the end (WIN only).
    chances: list[tuple[int, tuple[float, ...]]] = field(default_factory=list)
    #: A person's seat that the computer played in demo mode: what those decisions did,
    #: kept apart from the person's own ``skill`` (seat -> value).
    stand_in: dict[int, float] = field(default_factory=dict)

    def identity_error(self) -> float:
        """How far luck + skill + others is from final - start (WIN), for checking."""
        if self.start is None or self.final is None:
            return 0.0
        return max(abs(self.luck[s] + self.skill[s] + self.others[s]
                       + self.stand_in.get(s, 0.0) - (self.final[s] - self.start[s]))
                   for s in range(self.seats))

    def add_skill(self, seat: int, value: float, stand_in: bool) -> None:
        """A decision of ``seat`` worth ``value``: the player's own skill, or the demo's."""
        if stand_in:
            self.stand_in[seat] = self.stand_in.get(seat, 0.0) + value
        else:
            self.skill[seat] += value


class _NoTable(Exception):
    """A position the perfect-play table does not answer: value the game in points."""


def _move(faces: Sequence[int], bank: bool) -> str:
    """A move as the history's data keeps it (English, like the CSV export: not shown in
    the window)."""
    dice = " ".join(str(f) for f in sorted(faces)) or "nothing"
    return f"freeze {dice} and {'bank' if bank else 'throw on'}"


def _faces(game: Game, command: Command) -> tuple[int, ...]:
    return tuple(game.thrown[i] for i in command.args) if game.phase is Phase.CHOOSE else ()


def _decision(step: int, game: Game, command: Command, values: AdvisorValues
              ) -> tuple[DecisionRow, float] | None:
    """The decision ``command`` at ``game`` valued by ``values``, with the chosen value."""
    if values.best is None or command.name not in ("throw", "bank"):
        return None
    bank = command.name == "bank"
    i = values.index_of(_faces(game, command))
    if i is None:
        return None
    chosen = values.choices[i].value(bank)
    if chosen is None:
        return None
    top = values.choices[values.best]
    best_bank = top.bank_is_best and not values.lower_is_better
    best = top.best
    cost = (chosen - best) if values.lower_is_better else (best - chosen)
    cost = max(0.0, cost)
    mistake = ""
    if cost >= LEAST[values.kind]:
        if bank and not best_bank:
            mistake = BANK_EARLY
        elif not bank and best_bank:
            mistake = THROW_ON
        else:
            mistake = WRONG_DICE
    return DecisionRow(step, game.current, values.kind, _move(_faces(game, command), bank),
                         _move(top.faces, best_bank), chosen, best, cost, mistake), chosen


def _thrown(events: Sequence[object], seat: int) -> tuple[int, ...] | None:
    for e in events:
        if isinstance(e, Thrown) and e.seat == seat:
            return e.dice
    return None


class _Recorded:
    """The faces a record wrote down, die by die, for a game whose dice no generator can
    throw again: real dice entered at a table (or a scripted source)."""

    def __init__(self, commands: Sequence[Command]) -> None:
        self.faces = [f for c in commands if c.dice for throw in c.dice for f in throw]
        self.used = 0

    def __call__(self, count: int) -> Sequence[int]:
        if len(self.faces) - self.used < count:
            # Not the player's words: the analysis logs it and stores the game unanalysed.
            raise ValueError("the record's dice run out before its commands do")
        out = self.faces[self.used:self.used + count]
        self.used += count
        return out


def start_of(record: Record) -> Game:
    """The game at the start of ``record``, to be played on command by command: its dice
    come from the generator the record keeps or, with recorded dice (a real-dice game has
    no seed), from the faces each command wrote down."""
    game = record.game_at(0)
    if record.recorded_dice:
        game.dice_source = _Recorded(record.commands)
    return game


def analyse(record: Record, decisions_of: Collection[int] | None = None) -> Analysis:
    """Luck and skill of the game ``record`` describes (ValueError for a record that does
    not replay).  Decisions are listed for the seats in ``decisions_of`` (default: the
    human seats)."""
    wanted = record.human_seats() if decisions_of is None else frozenset(decisions_of)
    try:  # the solver's table_for says which games a table answers
        return _analyse_win(record, wanted)
    except _NoTable:
        return _analyse_score(record, wanted)


def _chances(game: Game) -> tuple[float, ...]:
    from ..solver.values import win_probabilities

    w = win_probabilities(game)
    if w is None or len(w) != len(game.seats):
        raise _NoTable
    return tuple(w)


def decided(before: Sequence[float], mover: int, chosen: float) -> tuple[float, ...]:
    """Each seat's chance once ``mover`` has made a choice worth ``chosen`` to him, from
    the chances ``before`` it: the others share the rest in proportion to what they had
    (evenly if they had nothing); with two seats the other has exactly the rest."""
    rest = 1.0 - before[mover]
    others = len(before) - 1
    return tuple(chosen if s == mover else
                 (1.0 - chosen) * (p / rest if rest > 0 else 1.0 / others)
                 for s, p in enumerate(before))


def _analyse_win(record: Record, wanted: Collection[int]) -> Analysis:
    from ..solver.values import table_for

    game = start_of(record)
    if table_for(game) is None:
        raise _NoTable
    before = _chances(game)
    n = len(before)
    out = Analysis(WIN, n, [0.0] * n, [0.0] * n, [0.0] * n, start=before)
    out.chances.append((0, before))
    turn = 0
    for step, command in enumerate(record.commands, 1):
        mover = game.current
        chosen: float | None = None
        vector: tuple[float, ...] | None = None  # every seat's chance after the decision
        if command.name in ("throw", "bank") and game.phase is Phase.CHOOSE:
            from ..advice.values import evaluate

            values = evaluate(game)
            if values is None or values.kind != WIN:
                raise _NoTable
            found = _decision(step, game, command, values)
            if found is None:
                raise _NoTable
            if mover in wanted and not command.stand_in:
                out.decisions.append(found[0])
            chosen = found[1] if command.name == "throw" else None
            picked = values.index_of(_faces(game, command))
            if chosen is not None and picked is not None:  # three seats: the table's own
                vector = values.choices[picked].throw_all
        elif command.name == "throw":
            chosen = before[mover]  # the first throw of a turn: there was no other way
        events = command.apply(game)
        after = _chances(game)
        # The decision takes each seat from ``before`` to ``middle``; the dice, on to after.
        middle = (after if chosen is None else vector if vector is not None
                  else decided(before, mover, chosen))
        for s in range(n):
            if s == mover:
                out.add_skill(s, middle[s] - before[s], command.stand_in)
            else:
                out.others[s] += middle[s] - before[s]
            out.luck[s] += after[s] - middle[s]
        dice = _thrown(events, mover)
        if dice is not None and chosen is not None:
            out.throws.append(ThrowLuck(step, mover, dice, chosen, after[mover],
                                        after[mover] - chosen))
        started = sum(1 for e in events if isinstance(e, TurnStarted))
        # the last turn ends the game: it counts, as in the score race (series.score_race)
        turn += max(started, 1 if game.over else 0)
        if game.over or started:
            out.chances.append((turn, after))
        before = after
    out.final = before
    return out


def _turn_start_value(game: Game) -> float | None:
    """The expected final score of a whole turn about to start (plain rules only)."""
    from ..ai.players import trash_value
    from ..ai.tables import ExpectedTable, tables_for

    rules = game.rules
    if rules.rotary_club or rules.pyramiding:
        return None
    table = tables_for(rules).expected_table(game.minimum(), trash_value(game))
    return table.start if isinstance(table, ExpectedTable) else None


def _best_now(game: Game, mover: int, trash: float) -> float | None:
    """The value of the position just after a throw, for the thrower."""
    if game.phase is Phase.CHOOSE and game.current == mover:
        values = _score_values(game)
        if values is None or values.best is None:
            return None
        return values.choices[values.best].best
    return trash  # the throw was trash: the turn ends with the trash value


def _score_values(game: Game) -> AdvisorValues | None:
    from ..advice.values import _expected_values  # points, even where a table answers

    return _expected_values(game)


def _analyse_score(record: Record, wanted: Collection[int]) -> Analysis:
    from ..ai.players import trash_value

    game = start_of(record)
    n = len(record.seats)
    out = Analysis(SCORE, n, [0.0] * n, [0.0] * n, [0.0] * n)
    lower = game.rules.rotary_club
    for step, command in enumerate(record.commands, 1):
        mover = game.current
        expected: float | None = None
        if command.name in ("throw", "bank") and game.phase is Phase.CHOOSE:
            values = _score_values(game)
            found = None if values is None else _decision(step, game, command, values)
            if found is not None:
                out.add_skill(mover, -found[0].cost, command.stand_in)
                if mover in wanted and not command.stand_in:
                    out.decisions.append(found[0])
                expected = found[1] if command.name == "throw" else None
        elif command.name == "throw" and game.phase is Phase.START:
            expected = _turn_start_value(game)
        trash = trash_value(game)
        events = command.apply(game)
        dice = _thrown(events, mover)
        if dice is None or expected is None or lower:
            continue
        after = _best_now(game, mover, trash)
        if after is not None:
            out.luck[mover] += after - expected
            out.throws.append(ThrowLuck(step, mover, dice, expected, after, after - expected))
    return out
