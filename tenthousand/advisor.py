"""The advisor's numbers and the post-game review (pure Python, no tkinter).

``evaluate(game)`` gives, for each legal freeze of the current throw, what "freeze and throw
on" and "freeze and bank" are worth: the win probability from the perfect-play table in a
two-player game that has one (:mod:`tenthousand.solver.values`), otherwise the exact
expected final turn score of the max-expected tables (:mod:`tenthousand.ai.tables`).
It can take a few tenths of a second (a couple of seconds the first time a rule set's
tables are built), so the window calls it from a worker thread on a copy of the game.

``review(decisions)`` ranks a player's recorded decisions by what they gave away.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .advising import SCORE, WIN
from .model.game import Game, Phase
from .solver.values import FreezeValue


@dataclass(frozen=True)
class Choice(FreezeValue):
    """One freeze of the throw and what it is worth with each way on (win chances or
    expected points, as :attr:`AdvisorValues.kind` says)."""

    def value(self, bank: bool) -> float | None:
        return self.bank if bank else self.throw


@dataclass(frozen=True)
class AdvisorValues:
    """Everything the advisor shows for one position."""

    kind: str  # WIN or SCORE
    seat: int  # the player to move
    choices: tuple[Choice, ...] = ()  # in the order of game.legal_freezes(); empty if none
    best: int | None = None  # index of the best choice
    win: tuple[float, ...] | None = None  # each seat's win chance now (tables only)
    lower_is_better: bool = False  # Rotary Club: the values are points pegged, fewest best

    @property
    def best_bank(self) -> bool:
        """Whether the best choice banks (rather than throws on)."""
        return self.best is not None and self.choices[self.best].bank_is_best

    def format(self, value: float | None) -> str:
        """A value as the panel shows it."""
        if value is None:
            return "-"
        return f"{value * 100:.1f}%" if self.kind == WIN else f"{value:,.0f}"

    def index_of(self, faces: Sequence[int]) -> int | None:
        """The choice that freezes exactly these faces (in any order), or None."""
        want = sorted(faces)
        for i, ch in enumerate(self.choices):
            if sorted(ch.faces) == want:
                return i
        return None

    def line(self, faces: Sequence[int]) -> str:
        """One line for under Throw and Bank: what the selected freeze is worth, and the
        best choice (``faces``: the dice selected, in any order)."""
        if self.best is None or not self.choices:
            return ""
        best = self.choices[self.best]
        best_bank = best.bank_is_best and not self.lower_is_better
        best_way = "bank" if best_bank else "throw on"
        best_text = (f"freeze {' '.join(map(str, best.faces))} and {best_way} "
                     f"({self.format(best.bank if best_bank else best.throw)})")
        i = self.index_of(faces) if faces else None
        if i is None:
            return f"Advisor: the best is to {best_text}."
        ch = self.choices[i]
        worth = f"throw on {self.format(ch.throw)}"
        if ch.bank is not None:
            worth += f" \u00b7 bank {self.format(ch.bank)}"
        text = f"Advisor: freezing {' '.join(map(str, ch.faces))}, {worth}."
        if i == self.best:
            return text + f"  This is the best freeze: {best_way}."
        return text + f"  Best: {best_text}."


def _win(game: Game) -> tuple[float, ...] | None:
    try:
        from .solver.values import win_probabilities
    except ImportError:
        return None
    return win_probabilities(game)


def _solver_values(game: Game) -> AdvisorValues | None:
    try:
        from .solver.values import advice
    except ImportError:
        return None
    adv = advice(game)
    if adv is None:
        return None
    choices = tuple(Choice(f.faces, f.points, f.throw, f.bank) for f in adv.freezes)
    best = max(range(len(choices)), key=lambda i: choices[i].best)
    return AdvisorValues(WIN, adv.seat, choices, best, tuple(adv.win))


def _expected_values(game: Game) -> AdvisorValues | None:
    from .ai.players import trash_value
    from .ai.tables import PyramidTable, tables_for
    from .model import scoring

    rules = game.rules
    tables = tables_for(rules)
    out: list[Choice] = []
    n = len(game.thrown)
    if rules.rotary_club:
        rotary = tables.rotary_table(-1)  # the fewest points pegged, as Expert plays
        for faces, points in game.legal_freezes():
            left = n - len(faces)
            out.append(Choice(faces, points, rotary.after(game.turn_score + points, left),
                              None))
    else:
        table = tables.expected_table(game.minimum(), trash_value(game))
        for faces, points in game.legal_freezes():
            total = game.turn_score + points
            left = n - len(faces)
            if isinstance(table, PyramidTable):
                if left == 0:
                    throw = table.after_corner_throw(total)
                else:
                    stretch = scoring.counts_of(game.stretch_dice + tuple(faces))
                    throw = table.throw_value(game.banked_stretches, stretch)
            else:
                throw = table.throw_value(total, left if left else 6)
            can_bank = game.bank_refusal(game.indices_for(faces)) is None
            out.append(Choice(faces, points, throw, float(total) if can_bank else None))
    if not out:
        return None
    choices = tuple(out)
    if rules.rotary_club:
        low = min(range(len(choices)), key=lambda i: choices[i].best)
        return AdvisorValues(SCORE, game.current, choices, low, None, lower_is_better=True)
    best = max(range(len(choices)), key=lambda i: choices[i].best)
    return AdvisorValues(SCORE, game.current, choices, best, _win(game))


def evaluate(game: Game) -> AdvisorValues | None:
    """The advisor's values for ``game`` now, or None when it has nothing to say.

    At :attr:`Phase.CHOOSE` every legal freeze is valued; at other moments only the win
    chances are given (when a table answers).  Pass a copy when calling from a worker
    thread: ``evaluate(Game.from_dict(game.to_dict()))``.
    """
    if game.phase is Phase.CHOOSE:
        found = _solver_values(game)
        if found is not None:
            return found
        return _expected_values(game)
    win = _win(game)
    if win is None:
        return None
    return AdvisorValues(WIN, game.current, (), None, tuple(win))


# -- the review ---------------------------------------------------------------------------


@dataclass
class Decision:
    """One recorded decision: the position before it (``Game.to_dict()``) and the move."""

    position: dict[str, Any]
    faces: tuple[int, ...]
    bank: bool
    values: AdvisorValues | None = None  # filled in by review() when not known yet


@dataclass(frozen=True)
class Costly:
    """A decision with what it gave away against the best choice."""

    decision: Decision
    loss: float  # win probability (0..1) or expected points given away
    kind: str
    chosen: float
    best: float
    position: str  # the position in words
    played: str  # what was played, in words
    better: str  # the best choice, in words
    turn: int = 0  # which decision of the game (1 = first)
    extra: dict[str, Any] = field(default_factory=dict)
    thrown: tuple[int, ...] = ()  # the dice of the throw, in the order they lay
    best_faces: tuple[int, ...] = ()  # the best freeze of them


def _dice(faces: Iterable[int]) -> str:
    return " ".join(str(f) for f in faces) or "nothing"


def _move(faces: Sequence[int], bank: bool) -> str:
    return f"freeze {_dice(sorted(faces))} and {'bank' if bank else 'throw on'}"


def describe_position(game: Game) -> str:
    """The position in words: the dice, the turn score, the scores."""
    seat = game.current
    names = game.names
    scores = ", ".join(f"{names[s]} {game.board[s]:,}" for s in range(len(names)))
    turn = (f"with {game.turn_score:,} already in the turn" if game.turn_score
            else "on a fresh turn" if len(game.thrown) == 6 else "with nothing in the turn")
    return f"{names[seat]} threw {_dice(game.thrown)} {turn} (scores: {scores})"


def _loss(values: AdvisorValues, faces: Sequence[int], bank: bool
          ) -> tuple[float, float, float] | None:
    want = sorted(faces)
    for choice in values.choices:
        if sorted(choice.faces) == want:
            chosen = choice.value(bank)
            if chosen is None:
                return None
            assert values.best is not None
            best = values.choices[values.best].best
            return (chosen - best if values.lower_is_better else best - chosen), chosen, best
    return None


def review(decisions: Sequence[Decision], *, limit: int = 10, threshold: float | None = None
           ) -> list[Costly]:
    """The costliest decisions, worst first (only those that gave something away).

    ``threshold``: the least loss worth listing (default: 0.1 percentage point of win
    probability, or 1 point of expected score).
    """
    out: list[Costly] = []
    for number, d in enumerate(decisions, 1):
        game = Game.from_dict(d.position)
        if d.values is None:
            d.values = evaluate(game)
        values = d.values
        if values is None or values.best is None:
            continue
        found = _loss(values, d.faces, d.bank)
        if found is None:
            continue
        loss, chosen, best = found
        least = threshold if threshold is not None else (0.001 if values.kind == WIN else 1.0)
        if loss < least:
            continue
        top = values.choices[values.best]
        out.append(Costly(d, loss, values.kind, chosen, best, describe_position(game),
                          _move(d.faces, d.bank), _move(top.faces, top.bank_is_best),
                          number, thrown=tuple(game.thrown), best_faces=tuple(top.faces)))
    # Win probability and points do not compare; a game uses one kind almost always.
    out.sort(key=lambda c: (c.kind != WIN, -c.loss))
    return out[:limit]
