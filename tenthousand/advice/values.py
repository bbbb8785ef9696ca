"""The advisor's numbers and the post-game review (pure Python, no tkinter).

``evaluate(game)`` gives, for each legal freeze of the current throw, what "freeze and throw
on" and "freeze and bank" are worth: the mover's win probability from the perfect-play
table where one answers the rules and seats (:mod:`tenthousand.solver.values`; with it each
seat's chance, one per seat), otherwise the exact expected final turn score of the
max-expected tables (:mod:`tenthousand.ai.tables`).
It can take a few tenths of a second (a couple of seconds the first time a rule set's
tables are built), so the window calls it from a worker thread on a copy of the game.

``review(decisions)`` ranks a player's recorded decisions by what they gave away.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..i18n import _, number, percent
from ..model.game import Game, Phase
from ..model.grammar import Person
from ..solver.values import FreezeValue
from . import SCORE, WIN


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
    #: at the start of a turn with a challenge to decide (a table of challenging): the
    #: mover's chance if he challenges, and if he throws without
    challenge: tuple[float, float] | None = None
    #: Whether a turn can bank (not in Rotary Club: the list then has no bank column)
    banks: bool = True
    #: Three seats: the mover's equilibrium play mixes two policies at this turn start
    mixes: bool = False

    @property
    def best_bank(self) -> bool:
        """Whether the best choice banks (rather than throws on)."""
        return self.best is not None and self.choices[self.best].bank_is_best

    def format(self, value: float | None) -> str:
        """A value as the panel shows it."""
        if value is None:
            return "-"
        return percent(value, 1) if self.kind == WIN else number(value)

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
        value = self.format(best.bank if best_bank else best.throw)
        # Translators: the advisor's best move; {dice} are faces ("1 5"), {value} what the
        # move is worth (a win chance or points).  It follows "the best is to" and "Best:".
        best_text = (_("freeze {dice} and bank ({value})") if best_bank
                     else _("freeze {dice} and throw on ({value})")).format(
            dice=_dice(best.faces), value=value)
        i = self.index_of(faces) if faces else None
        if i is None:
            return _("Advisor: the best is to {move}.").format(move=best_text)
        ch = self.choices[i]
        # Translators: what the selected freeze is worth: {throw} when throwing on, {bank}
        # when banking (win chances or points).
        if ch.bank is not None:
            text = _("Advisor: freezing {dice}, throw on {throw} \u00b7 bank {bank}.").format(
                dice=_dice(ch.faces), throw=self.format(ch.throw), bank=self.format(ch.bank))
        else:
            text = _("Advisor: freezing {dice}, throw on {throw}.").format(
                dice=_dice(ch.faces), throw=self.format(ch.throw))
        if i == self.best:
            tail = (_("This is the best freeze: bank.") if best_bank
                    else _("This is the best freeze: throw on."))
        else:
            tail = _("Best: {move}.").format(move=best_text)
        return f"{text}  {tail}"


def _win(game: Game) -> tuple[float, ...] | None:
    try:
        from ..solver.values import win_probabilities
    except ImportError:
        return None
    return win_probabilities(game)


def _solver_values(game: Game) -> AdvisorValues | None:
    try:
        from ..solver.values import advice
    except ImportError:
        return None
    adv = advice(game)
    if adv is None:
        return None
    choices = tuple(Choice(f.faces, f.points, f.throw, f.bank, f.throw_all, f.bank_all)
                    for f in adv.freezes)
    best = max(range(len(choices)), key=lambda i: choices[i].best)
    return AdvisorValues(WIN, adv.seat, choices, best, tuple(adv.win),
                         banks=not game.rules.rotary_club, mixes=adv.mixes)


def _expected_values(game: Game) -> AdvisorValues | None:
    from ..ai.players import trash_value
    from ..ai.pyramid import PyramidTable
    from ..ai.tables import tables_for
    from ..model import scoring

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
        return AdvisorValues(SCORE, game.current, choices, low, None, lower_is_better=True,
                             banks=False)
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
    return AdvisorValues(WIN, game.current, (), None, tuple(win),
                         challenge=_challenge_values(game))


def _challenge_values(game: Game) -> tuple[float, float] | None:
    """At the start of a turn with a challenge to decide, from the table of the rules:
    the mover's chance with a challenge and without."""
    if game.phase is not Phase.START or not game.rules.challenging:
        return None
    from ..solver.values import challenge_values

    return challenge_values(game)


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
    # Translators: the dice of a move when there are none.
    return " ".join(str(f) for f in faces) or _("nothing")


def _move(faces: Sequence[int], bank: bool) -> str:
    # Translators: a move in the review; {dice} are the faces set aside ("1 5").
    if bank:
        return _("freeze {dice} and bank").format(dice=_dice(sorted(faces)))
    return _("freeze {dice} and throw on").format(dice=_dice(sorted(faces)))


def describe_position(game: Game) -> str:
    """The position in words: the dice, the turn score, the scores."""
    who = Person(game.names[game.current])
    names = game.names
    scores = ", ".join(f"{names[s]} {number(game.board[s])}" for s in range(len(names)))
    # Translators: a position in the review; {dice} are the faces thrown, {points} the turn
    # score so far, {scores} every player's name and score ("Ann 1,000, Bob 2,500").
    values = {"dice": _dice(game.thrown), "points": number(game.turn_score), "scores": scores}
    if game.turn_score:
        return who.pick(_("You threw {dice} with {points} already in the turn (scores: {scores})"),
                        _("{name} threw {dice} with {points} already in the turn "
                          "(scores: {scores})"), **values)
    if len(game.thrown) == game.rules.dice:
        return who.pick(_("You threw {dice} on a fresh turn (scores: {scores})"),
                        _("{name} threw {dice} on a fresh turn (scores: {scores})"), **values)
    return who.pick(_("You threw {dice} with nothing in the turn (scores: {scores})"),
                    _("{name} threw {dice} with nothing in the turn (scores: {scores})"),
                    **values)


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
    for index, d in enumerate(decisions, 1):
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
                          index, thrown=tuple(game.thrown), best_faces=tuple(top.faces)))
    # Win probability and points do not compare; a game uses one kind almost always.
    out.sort(key=lambda c: (c.kind != WIN, -c.loss))
    return out[:limit]
