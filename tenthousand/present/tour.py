"""The guided first turn's steps: a small state machine with no Tk in it.

After every redraw :class:`Tour` is shown a :class:`Moment` (plain data taken from the game)
and answers with the :class:`Callout` to show, or None.  It follows what the player really
does, so it never blocks or changes play: throw, freeze, then throw on or bank, and a last
word when the turn is over.  :class:`tenthousand.view.guide.Guide` draws the callouts.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from ..i18n import _, number
from ..model import Banked, Game, Trash
from ..model.game import Phase

__all__ = ["STEPS", "Callout", "Moment", "Step", "Tour", "best_freeze", "last_turn_end",
           "moment", "scoring_die"]


class Step(str, Enum):
    THROW = "throw"
    FREEZE = "freeze"
    DECIDE = "decide"
    END = "end"


STEPS = tuple(Step)


@dataclass(frozen=True)
class Moment:
    """What the tour needs to know of the game after a redraw."""

    human: bool  # a person is to play now
    seat: int  # whose turn it is
    phase: Phase
    turns_taken: tuple[int, ...]
    selection: frozenset[int] = frozenset()
    selection_scores: bool = False  # the picked dice may be frozen together
    scoring_die: int | None = None  # a thrown die the engine says may be frozen
    best: tuple[int, ...] = ()  # the dice worth the most frozen together (faces)
    best_points: int = 0  # ... and their points
    bank_refusal: str | None = None  # why the picked dice may not be banked, if so
    last_end: str = ""  # how the latest turn ended: "bank", "trash" or ""
    last_points: int = 0  # what that bank added
    challenge_offered: bool = False  # the turn starts by asking whom to challenge
    dice: int = 6  # the dice a turn starts with (the five-dice game: 5)
    real_dice: bool = False  # the players throw real dice and enter their faces


@dataclass(frozen=True)
class Callout:
    """One callout: its step, title and text, and what it points at ("throw", "bank",
    "die"; none for the last word)."""

    step: Step
    title: str
    text: str
    targets: tuple[str, ...] = ()
    die: int | None = None

    @property
    def number(self) -> int:
        return STEPS.index(self.step) + 1


def best_freeze(game: Game) -> tuple[tuple[int, ...], int]:
    """The dice worth the most frozen together now and their points, or ((), 0)."""
    freezes = game.legal_freezes()
    return freezes[0] if freezes else ((), 0)


def scoring_die(game: Game) -> int | None:
    """The die the tour points at: one of the best freeze's dice, one that scores on its
    own if it has one (a 1 or a 5 is the easiest to see); None when nothing scores."""
    best, _points = best_freeze(game)
    if not best:
        return None
    singles = {faces[0] for faces, _value in game.legal_freezes() if len(faces) == 1}
    face = next((f for f in best if f in singles), best[0])
    return game.indices_for((face,))[0]


def last_turn_end(game: Game) -> tuple[str, int]:
    """How the latest turn that ended ended: ("bank", points), ("trash", 0) or ("", 0)."""
    for event in reversed(game.log):
        if isinstance(event, Banked):
            return "bank", event.points
        if isinstance(event, Trash):
            return "trash", 0
    return "", 0


def moment(game: Game, human: bool, selection: Iterable[int],
           challenge_offered: bool = False) -> Moment:
    """The :class:`Moment` of ``game`` with these dice picked."""
    picked = frozenset(selection)
    scores, refusal, die = False, None, None
    best: tuple[int, ...] = ()
    best_points = 0
    if game.phase is Phase.CHOOSE:
        die = scoring_die(game)
        best, best_points = best_freeze(game)
        if picked:
            scores = game.describe_selection(sorted(picked))[1] is not None
            refusal = game.bank_refusal(sorted(picked)) if scores else None
    end, points = last_turn_end(game)
    return Moment(human=human, seat=game.current, phase=game.phase,
                  turns_taken=tuple(game.turns_taken), selection=picked,
                  selection_scores=scores, scoring_die=die, best=best,
                  best_points=best_points, bank_refusal=refusal,
                  last_end=end, last_points=points, challenge_offered=challenge_offered,
                  dice=game.rules.dice, real_dice=game.record.real_dice is not None)


def _throw_callout(m: Moment) -> Callout:
    """The first step: throw all the dice (the program's, or real ones entered below)."""
    six = m.dice == 6
    if m.real_dice:
        title = _("Throw your six real dice") if six else _("Throw your five real dice")
        text = {True: _("Throw the six dice at the table, then type their faces in the row "
                        "below the table (or click them) and press Enter."),
                False: _("Throw the five dice at the table, then type their faces in the "
                         "row below the table (or click them) and press Enter.")}[six]
        if m.challenge_offered:
            text = _("Click No challenge (or press Space) first. {then}").format(then=text)
    else:
        title = _("Throw the six dice") if six else _("Throw the five dice")
        text = {  # (whether a challenge is offered first, six dice)
            (True, True): _("Click No challenge (or press Space) to throw the six dice and "
                            "start your turn."),
            (True, False): _("Click No challenge (or press Space) to throw the five dice and "
                             "start your turn."),
            (False, True): _("Click Throw (or press Space) to throw the six dice and start "
                             "your turn."),
            (False, False): _("Click Throw (or press Space) to throw the five dice and start "
                              "your turn.")}[m.challenge_offered, six]
    if m.challenge_offered:
        text = " ".join((text, _("Challenges can wait until you know the game.")))
    return Callout(Step.THROW, title, text, ("throw",))


def _end_callout(m: Moment) -> Callout:
    first = {"bank": _("You banked {points} points: they are safe on the scoreboard."),
             "trash": _("Trash: nothing in that throw scored, so the turn ended and its "
                        "points are gone.")}.get(m.last_end, _("Your turn is over."))
    return Callout(Step.END, _("That's a turn"), _(
        "{first} Turn after turn, everyone throws, freezes and banks. F5 has the rules, and "
        "the Help menu can show this tour again.").format(
            first=first.format(points=number(m.last_points))))


class Tour:
    """Decides which callout to show; finished once skipped or seen to the end."""

    def __init__(self) -> None:
        self.seat: int | None = None  # the player the tour follows
        self._turns = 0  # their turns taken when the tour began
        self._end: Callout | None = None
        self.finished = False
        self.callout: Callout | None = None  # the answer to the last moment seen

    def see(self, m: Moment) -> Callout | None:
        """The callout for this moment of the game (None: show nothing now)."""
        self.callout = None if self.finished else self._decide(m)
        return self.callout

    def _decide(self, m: Moment) -> Callout | None:
        if self.seat is None:
            if not m.human or m.phase not in (Phase.START, Phase.CHOOSE):
                return None  # wait for a person's turn
            self.seat, self._turns = m.seat, m.turns_taken[m.seat]
        if self._end is not None:
            if m.human and m.seat == self.seat and m.phase is Phase.CHOOSE:
                self.finish()  # they have thrown again: they know the way now
                return None
            if m.seat != self.seat and m.phase is not Phase.START:
                return None  # another seat is playing: its dice and prompt stay in view
            return self._end
        if self.seat >= len(m.turns_taken):
            self.new_game()
            return None
        if m.turns_taken[self.seat] > self._turns:
            self._end = _end_callout(m)
            return self._end
        if not m.human or m.seat != self.seat:
            return None
        if m.phase is Phase.START:
            return _throw_callout(m)
        if m.phase is Phase.CHOOSE and m.selection and m.selection_scores:
            text = _("Throw the dice that are left to add to your turn score (if none of them "
                     "scores, the turn's points are lost), or Bank to keep the points and end "
                     "your turn.")
            if m.bank_refusal:  # Translators: {reason} says why, without its full stop.
                text = _("{text} Bank is not open yet: {reason}.").format(
                    text=text, reason=m.bank_refusal)
            return Callout(Step.DECIDE, _("Throw on, or bank?"), text, ("throw", "bank"))
        if m.phase is Phase.CHOOSE and m.scoring_die is not None:
            intro = _("Click the dice that score to set them aside: every 1 and every 5, "
                      "three of a kind, and a few bigger sets (F5 lists them).")
            if len(m.best) > 1:  # three 1s: one of them alone would give away most points
                # Translators: {dice} are faces such as "1 1 1 5", {points} like "1,050".
                tip = _("The most this throw gives is {dice} together, for {points}: click "
                        "each of those dice.").format(dice=" ".join(map(str, m.best)),
                                                      points=number(m.best_points))
            else:
                tip = _("This one scores: click it.")
            return Callout(Step.FREEZE, _("Freeze the dice that score"), f"{intro} {tip}",
                           ("die",), die=m.scoring_die)
        return None  # Mutant Trash's discard explains itself

    @property
    def at_end(self) -> bool:
        """Whether the last word has been reached (the tour has been seen in full)."""
        return self._end is not None

    def new_game(self) -> None:
        """A new game began: follow the first person to play in it (or finish, when only
        the last word was left)."""
        if self._end is not None:
            self.finish()
        self.seat = None
        self.callout = None

    def finish(self) -> None:
        self.finished = True
        self.callout = None
