"""The play of a game: seats, turns, the state machine of a turn, the end game and the
match table.

A :class:`Play` is driven by four commands, each of which either changes the game and
returns the events it caused, or raises :class:`IllegalAction` and changes nothing:

* :meth:`Play.challenge` - at the start of a turn, challenge another seat (option).
* :meth:`Play.throw` - freeze the chosen dice of the last throw (none at the start of a
  turn) and throw the rest; six fresh dice after a corner.
* :meth:`Play.bank` - freeze the chosen dice and add the turn score to the board.
* :meth:`Play.discard` - Mutant Trash: play one die into the play area.

Dice of a throw are chosen by their index in :attr:`Play.thrown`.  Every command that
succeeds is handed to :meth:`Play._note`.  The game every caller plays is
:class:`tenthousand.model.game.Game`: a :class:`Play` that writes those commands into its
record (:mod:`tenthousand.model.record`), from which it can be replayed, undone and redone.
The two are apart because the record replays games: this module imports neither the
record nor the save format, and they import it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, Self

from ..i18n import _, number, signed
from . import scoring
from .events import (
    Banked,
    CatchUp,
    Challenged,
    Corner,
    Discarded,
    Event,
    Frozen,
    GameOver,
    Pegged,
    Penalty,
    ScoreTaken,
    Thrown,
    TieBreak,
    Trash,
    TurnStarted,
)
from .rules import LEVELS, Rules
from .text import is_plain

#: A source of dice: given how many to throw, returns that many faces 1-6.
DiceSource = Callable[[int], Sequence[int]]

#: A command as :meth:`Play._note` hears of it: the seat that gave it, its name
#: (challenge, throw, bank, discard) and its arguments (see ``record.Command``).
Given = tuple[int, str, tuple[int, ...]]



class IllegalAction(Exception):
    """A command the rules do not allow now; the message is meant for the player."""


class Phase(str, Enum):
    START = "start"  # a turn begins: challenge (option) or throw
    CHOOSE = "choose"  # dice are thrown: freeze some, then throw or bank
    DISCARD = "discard"  # Mutant Trash: play a frozen die into the play area
    OVER = "over"


@dataclass(frozen=True)
class Seat:
    """A place at the table: a name, and whether the computer plays it (at ``level``)."""

    name: str
    computer: bool = False
    level: str = "normal"

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "computer": self.computer, "level": self.level}

    @classmethod
    def from_dict(cls, data: Any) -> Seat:
        if not isinstance(data, dict):
            raise ValueError(_("a seat must be a JSON object"))
        name, computer, level = data.get("name"), data.get("computer"), data.get("level")
        if not isinstance(name, str) or not 1 <= len(name.strip()) <= 24:
            raise ValueError(_("a seat name must be 1 to 24 characters: {name}").format(
                name=f"{name!r:.40}"))
        if not is_plain(name):
            # Translators: {name} is the name as the file writes it, in quotes.
            raise ValueError(_("a seat name cannot hold control characters or text-direction "
                               "marks: {name}").format(name=f"{name!r:.40}"))
        if not isinstance(computer, bool):
            raise ValueError(_("a seat's 'computer' must be true or false"))
        if level not in LEVELS:
            raise ValueError(_("unknown computer level {level}").format(level=f"{level!r:.40}"))
        return cls(name.strip(), computer, level)


class Play:
    """A whole game under one rule set, from the first throw to the ranking (without a
    record: :class:`tenthousand.model.game.Game` is the one to play)."""

    FORMAT = 1

    def __init__(
        self,
        rules: Rules,
        seats: Sequence[Seat],
        *,
        seed: int | None = None,
        rng: random.Random | None = None,
        dice: DiceSource | None = None,
        first_seat: int | None = None,
        match_points: Sequence[int] | None = None,
        games_played: int = 0,
        match_games: Sequence[Sequence[tuple[int, int, int, int]]] = (),
    ) -> None:
        rules.check_seats(len(seats))
        self.rules = rules
        self.seats: tuple[Seat, ...] = tuple(seats)
        self.rng = rng if rng is not None else random.Random(seed)
        self.dice_source = dice
        # The generator's state before the first seat is drawn: the record's dice source.
        start_state = self.rng.getstate()
        n = len(seats)
        self.board: list[int] = [rules.starting_score(seat) for seat in range(n)]  # handicap
        self.challenges_used: list[list[bool]] = [[False, False] for _seat in range(n)]
        self.trash_streak: list[int] = [0] * n
        self.turns_taken: list[int] = [0] * n
        self.match_points: list[int] = list(match_points) if match_points else [0] * n
        self.games_played = games_played
        #: The match so far: each finished game's ranking rows (see :meth:`ranking`).
        self.match_games: list[tuple[tuple[int, int, int, int], ...]] = [
            tuple(tuple(row) for row in rows) for rows in match_games]  # type: ignore[misc]
        self.play_area: list[int] = []
        #: Surpassing (D-14): what each seat added on its most recent turn (0: trash, or
        #: not played yet); the seat before the one to play sets the score to beat.
        self.turn_added: list[int] = [0] * n
        self.stage = "normal"  # normal, catch-up, tie-break
        self.reacher: int | None = None
        self.queue: list[int] = []  # seats still owed a catch-up or tie-break turn
        self.result: GameOver | None = None
        self.log: list[Event] = []
        self.listeners: list[Callable[[Event], None]] = []
        chosen_seat = first_seat is not None
        if first_seat is None:
            first_seat = self.rng.randrange(n)  # D-7
        if not 0 <= first_seat < n:
            raise ValueError(f"no seat {first_seat}")  # a programming error, not the player's
        self._start_record(start_state, seed if rng is None else None,
                           first_seat if chosen_seat else None)
        self.current = first_seat
        self._reset_turn()
        self.phase = Phase.START
        self._emit([TurnStarted(first_seat, "normal")])

    # -- turn state ----------------------------------------------------------------------

    def _reset_turn(self) -> None:
        self.thrown: tuple[int, ...] = ()
        #: The current stretch's freezes, one tuple of faces per throw.
        self.frozen: list[tuple[int, ...]] = []
        self.stretch_score = 0  # the current stretch's points (D-10 under pyramiding)
        self.banked_stretches = 0  # points of this turn's completed stretches
        self.throws = 0  # throws this turn
        self.corner_pending = False  # all six frozen: the next throw is six fresh dice
        self.corners = 0
        self.last_stretch: tuple[int, ...] = ()  # the dice of the last completed stretch
        self.challenge_target: int | None = None
        self.challenge_slot: int | None = None
        self.discard_choices: tuple[int, ...] = ()

    @property
    def turn_score(self) -> int:
        """Points built up this turn (lost on trash)."""
        return self.banked_stretches + self.stretch_score

    @property
    def stretch_dice(self) -> tuple[int, ...]:
        """Every die frozen in the current stretch."""
        return tuple(d for group in self.frozen for d in group)

    @property
    def first_throw(self) -> bool:
        """Whether the dice on the table come from the first throw of the turn (D-2)."""
        return self.throws == 1

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.seats)

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    def on_board(self, seat: int) -> bool:
        """Whether the seat has got on the board (its board score is not zero)."""
        return self.board[seat] != 0

    def to_beat(self, seat: int | None = None) -> int:
        """Surpassing: the turn score the seat must beat to bank (D-14), what the seat
        before it added on its most recent turn (0 if that was trash or it has not played),
        in the catch-up and tie-break rounds too."""
        seat = self.current if seat is None else seat
        return self.turn_added[(seat - 1) % len(self.seats)]

    @property
    def last_turn_added(self) -> int:
        """Surpassing: the score the player to move must beat (:meth:`to_beat`)."""
        return self.to_beat()

    @last_turn_added.setter
    def last_turn_added(self, points: int) -> None:
        self.turn_added[(self.current - 1) % len(self.seats)] = points

    def minimum(self, seat: int | None = None) -> int:
        """The turn score the seat needs to bank, surpassing included."""
        seat = self.current if seat is None else seat
        need = self.rules.minimum_for(self.board[seat])
        if self.rules.surpassing:
            need = max(need, self.to_beat(seat) + 50)
        return need

    # -- questions a view or a player asks -----------------------------------------------

    def _faces(self, indices: Iterable[int]) -> tuple[int, ...]:
        chosen = list(indices)
        for i in chosen:
            if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < len(self.thrown):
                raise IllegalAction(_("there is no die number {number} in this throw").format(
                    number=f"{i!r:.40}"))
        if len(set(chosen)) != len(chosen):
            raise IllegalAction(_("a die can be chosen only once"))
        return tuple(self.thrown[i] for i in chosen)

    def freeze_points(self, faces: Sequence[int]) -> int | None:
        """Points that freezing these faces of the current throw would add, or None."""
        if not faces:
            return None
        if self.rules.pyramiding:
            combined = scoring.score(self.stretch_dice + tuple(faces), self.rules,
                                     first_throw=self.first_throw, thrown=len(self.thrown))
            return None if combined is None else combined - self.stretch_score
        return scoring.score(faces, self.rules, first_throw=self.first_throw,
                             thrown=len(self.thrown))

    def check_freeze(self, indices: Iterable[int]) -> tuple[tuple[int, ...], int]:
        """The faces and points of a selection, or IllegalAction saying why not."""
        if self.phase is not Phase.CHOOSE:
            raise IllegalAction(_("there are no thrown dice to freeze now"))
        faces = self._faces(indices)
        if not faces:
            raise IllegalAction(_("choose at least one scoring die to freeze"))
        points = self.freeze_points(faces)
        if points is None:
            dice = self.stretch_dice + faces if self.rules.pyramiding else faces
            raise IllegalAction(scoring.why_not(dice, self.rules, first_throw=self.first_throw,
                                                thrown=len(self.thrown)))
        return faces, points

    def describe_selection(self, indices: Iterable[int]) -> tuple[str, int | None]:
        """Words for a selection ("three 4s + a 1 = 500") and its points (None: illegal)."""
        try:
            faces, points = self.check_freeze(indices)
        except IllegalAction as e:
            return str(e), None
        if self.rules.pyramiding and self.frozen:
            words = scoring.describe(self.stretch_dice + faces, self.rules,
                                     first_throw=self.first_throw, thrown=len(self.thrown))
            # Translators: pyramiding: {words} say how these dice count together with the
            # dice frozen before them since the turn began or the last corner ("three 5s =
            # 500"), {points} what this freeze adds to the turn score.
            # (D-10 taken literally: a freeze may also take points off, "so -2,000".)
            return _("with the frozen dice: {words}, so {points}").format(
                words=words, points=signed(points)), points
        return scoring.describe(faces, self.rules, first_throw=self.first_throw,
                                thrown=len(self.thrown)), points

    def better_freeze(self, indices: Iterable[int]) -> tuple[tuple[int, ...], int] | None:
        """Some of the selected dice that score more on their own than the whole selection
        counted as it is (2 5 5 5 5 2 as three pairs for 2,000, where 5 5 5 5 alone are
        four 5s for 4,000): their faces and points, the most points first, then the most
        dice.  None when the selection cannot be frozen or nothing of it scores more."""
        try:
            faces, points = self.check_freeze(indices)
        except IllegalAction:
            return None
        best: tuple[tuple[int, ...], int] | None = None
        for sub in _sub_counts(scoring.counts_of(faces)):
            some = scoring.dice_of(sub)
            value = self.freeze_points(some)
            if value is not None and value > (best[1] if best else points):
                best = (some, value)
            elif value is not None and best and value == best[1] and len(some) > len(best[0]):
                best = (some, value)
        return best

    def legal_freezes(self) -> list[tuple[tuple[int, ...], int]]:
        """Every distinct multiset of the thrown dice that may be frozen, with the points it
        adds, best first."""
        if self.phase is not Phase.CHOOSE:
            return []
        if not self.rules.pyramiding:
            return list(scoring.legal_freezes(self.thrown, self.rules,
                                              first_throw=self.first_throw))
        out = []
        counts = scoring.counts_of(self.thrown)
        for sub in _sub_counts(counts):
            faces = scoring.dice_of(sub)
            points = self.freeze_points(faces)
            if points is not None:
                out.append((faces, points))
        out.sort(key=lambda item: (-item[1], len(item[0])))
        return out

    def indices_for(self, faces: Sequence[int]) -> tuple[int, ...]:
        """Indices into :attr:`thrown` that pick out these faces."""
        free = list(range(len(self.thrown)))
        out = []
        for face in faces:
            for i in free:
                if self.thrown[i] == face:
                    out.append(i)
                    free.remove(i)
                    break
            else:
                raise IllegalAction(_("there is no {face} to freeze").format(face=face))
        return tuple(out)

    def bank_refusal(self, indices: Iterable[int] = ()) -> str | None:
        """Why banking with this selection is not allowed now, or None if it is."""
        if self.rules.rotary_club:  # before a throw too: "only after a throw" would mislead
            return _("in Rotary Club nobody banks: the turn goes on until trash")
        if self.phase is not Phase.CHOOSE:
            return _("you can bank only after a throw")
        try:
            faces, points = self.check_freeze(indices)
        except IllegalAction as e:
            return str(e)
        total = self.turn_score + points
        stretch = len(self.stretch_dice) + len(faces)
        if stretch == self.rules.dice and self.rules.corner_throw_mandatory:
            return _("after turning the corner you must throw")
        need = self.rules.minimum_for(self.board[self.current])
        beat = self.last_turn_added if self.rules.surpassing else -1
        if total < need and beat < need:  # (else the score to beat is the higher bar: said)
            # Translators: {need} is the least turn score allowed, {total} the turn score.
            if self.board[self.current] == 0:
                return _("you need {need} to get on the board; you have {total}").format(
                    need=number(need), total=number(total))
            return _("you need {need} to bank; you have {total}").format(
                need=number(need), total=number(total))
        if total <= beat:
            return _("you must beat the previous turn's {need}; you have {total}").format(
                need=number(beat), total=number(total))
        return None

    def challenge_slot_for(self, seat: int) -> int | None:
        """Which challenge (0: first, 1: second) the seat may make now, or None."""
        if not self.rules.challenging or len(self.seats) < 2:
            return None
        slot = 0 if self.board[seat] < self.rules.game_point else 1
        return None if self.challenges_used[seat][slot] else slot

    def challenges_left(self, seat: int) -> int:
        """The challenges the seat can still make.  When the first to reach the game point
        wins at once, the second (made at the game point and above) never comes."""
        if not self.rules.challenging:
            return 0
        slots = self.challenges_used[seat] if self.rules.catch_up else self.challenges_used[seat][:1]
        return slots.count(False)

    # -- commands ------------------------------------------------------------------------

    def challenge(self, target: int) -> list[Event]:
        """Challenge ``target`` for this turn (at the start of a turn, option on)."""
        if self.phase is not Phase.START:
            raise IllegalAction(_("a challenge is made at the start of a turn, before throwing"))
        if not self.rules.challenging:
            raise IllegalAction(_("challenging is not on in this game"))
        if self.challenge_target is not None:
            raise IllegalAction(_("you have already challenged this turn"))
        if not isinstance(target, int) or isinstance(target, bool) or not 0 <= target < len(self.seats):
            raise IllegalAction(_("there is no player number {number}").format(
                number=f"{target!r:.40}"))
        if target == self.current:
            raise IllegalAction(_("you cannot challenge yourself"))
        slot = self.challenge_slot_for(self.current)
        if slot is None:
            if self.board[self.current] < self.rules.game_point:
                raise IllegalAction(_("you have used your challenge for below the game point"))
            raise IllegalAction(_("you have used your challenge for the game point and above"))
        command = self._command("challenge", (target,))
        self.challenge_target = target
        self.challenge_slot = slot
        self.challenges_used[self.current][slot] = True
        penalty = self.rules.challenge_penalties[slot]
        return self._emit([Challenged(self.current, target, penalty, self.rules.rotary_club)],
                          command)

    def throw(self, freeze: Iterable[int] = ()) -> list[Event]:
        """Freeze the chosen dice (none at the start of a turn) and throw the rest."""
        chosen = _chosen(freeze)
        command = self._command("throw", tuple(chosen))
        events: list[Event] = []
        if self.phase is Phase.START:
            if chosen:
                raise IllegalAction(_("throw first: there are no dice to freeze yet"))
        elif self.phase is Phase.CHOOSE:
            faces, points = self.check_freeze(chosen)
            events += self._freeze(faces, points)
        else:
            raise IllegalAction(_("it is not the time to throw") if self.phase is Phase.DISCARD
                                else _("the game is over"))
        events += self._throw()
        return self._emit(events, command)

    def bank(self, freeze: Iterable[int] = ()) -> list[Event]:
        """Freeze the chosen dice and add the turn score to the board (the turn ends)."""
        chosen = _chosen(freeze)
        command = self._command("bank", tuple(chosen))
        reason = self.bank_refusal(chosen)
        if reason is not None:
            raise IllegalAction(reason)
        faces, points = self.check_freeze(chosen)
        events = self._freeze(faces, points)
        seat, amount = self.current, self.turn_score
        self.board[seat] += amount
        self.turn_added[seat] = amount
        self.trash_streak[seat] = 0
        events.append(Banked(seat, amount, self.board[seat]))
        events += self._take_from_challenged(amount)
        self._note_reach(seat)
        stretch = self.stretch_dice or self.last_stretch
        if self.rules.mutant_trash and stretch:
            self.discard_choices = tuple(stretch)
            self.phase = Phase.DISCARD
        else:
            events += self._end_turn()
        return self._emit(events, command)

    def discard(self, index: int) -> list[Event]:
        """Mutant Trash: play die ``index`` of :attr:`discard_choices` into the play area;
        the area's best score goes to the other seat (D-13)."""
        if self.phase is not Phase.DISCARD:
            raise IllegalAction(_("there is nothing to discard now"))
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(self.discard_choices):
            raise IllegalAction(_("choose one of the dice you froze in your last stretch"))
        command = self._command("discard", (index,))
        die = self.discard_choices[index]
        self.play_area.append(die)
        del self.play_area[:-6]  # the oldest die drops out
        points = scoring.best_score(self.play_area, self.rules)
        other = 1 - self.current
        self.board[other] += points
        events: list[Event] = [
            Discarded(self.current, die, tuple(self.play_area), points, other, self.board[other])
        ]
        self._note_reach(other)
        events += self._end_turn()
        return self._emit(events, command)

    # -- the turn machine ----------------------------------------------------------------

    def _freeze(self, faces: tuple[int, ...], points: int) -> list[Event]:
        self.frozen.append(faces)
        self.stretch_score += points
        self.thrown = ()
        joined = self.stretch_dice[:-len(faces)] if self.rules.pyramiding else ()
        events: list[Event] = [Frozen(self.current, faces, points, self.turn_score, joined)]
        if len(self.stretch_dice) == self.rules.dice:
            events.append(Corner(self.current, self.turn_score, self.rules.dice))
            self.corners += 1
            self.corner_pending = True
            self.last_stretch = self.stretch_dice
            if self.rules.rotary_club:
                amount = self.turn_score
                self.board[self.current] += amount
                events.append(Pegged(self.current, amount, self.board[self.current]))
                events += self._take_from_challenged(amount)
                self._note_reach(self.current)
                self.banked_stretches = 0
            else:
                self.banked_stretches += self.stretch_score
            self.stretch_score = 0
            self.frozen = []
        return events

    def _throw(self) -> list[Event]:
        count = self.rules.dice if self.corner_pending else self.rules.dice - len(
            self.stretch_dice)
        self.corner_pending = False
        dice = self._roll(count)
        self.throws += 1
        self.thrown = dice
        self.phase = Phase.CHOOSE
        freezes = self.legal_freezes()
        trash = not freezes
        no_score = self._no_score(dice, freezes)
        events: list[Event] = [Thrown(self.current, dice, trash, no_score)]
        if trash:
            events += self._trash()
        return events

    def _no_score(self, dice: tuple[int, ...],
                  freezes: Sequence[tuple[tuple[int, ...], int]]) -> int:
        """The points of Zilch's counter when this throw is one (six dice, nothing else
        scoring: the one freeze is all six), else 0."""
        points = self.rules.no_score_six
        if points is None or len(dice) != 6 or len(freezes) != 1:
            return 0
        faces, got = freezes[0]
        explained = scoring.table(self.rules).explain_for(
            scoring.counts_of(faces), self.first_throw, 6) if len(faces) == 6 else ()
        return got if any(k.no_score for k in explained) else 0

    def _roll(self, count: int) -> tuple[int, ...]:
        if self.dice_source is not None:
            dice = tuple(self.dice_source(count))
            if len(dice) != count or any(not isinstance(d, int) or not 1 <= d <= 6 for d in dice):
                raise ValueError(f"the dice source gave {dice!r} for {count} dice")
            return dice
        return tuple(self.rng.randint(1, 6) for _die in range(count))

    def _trash(self) -> list[Event]:
        seat = self.current
        events: list[Event] = [Trash(seat, self.turn_score)]
        self.turn_added[seat] = 0
        if self.challenge_slot is not None:
            penalty = self._lower(seat, self.rules.challenge_penalties[self.challenge_slot])
            events.append(Penalty(seat, penalty, self.board[seat], "challenge",
                                  self.rules.rotary_club))
        # (never in Rotary Club, where every turn ends in trash: rules.OPTION_CLASHES)
        if self.rules.three_trash:
            self.trash_streak[seat] += 1
            if self.trash_streak[seat] >= self.rules.trash_run:
                self.trash_streak[seat] = 0
                penalty = self._lower(seat, self.rules.trash_penalty)
                events.append(Penalty(seat, penalty, self.board[seat], "three-trash"))
        # Mutant Trash in Rotary Club: a turn that froze dice and never turned the corner
        # plays a die from them; one that turned the corner plays none (the manual's note).
        if (self.rules.mutant_trash and self.rules.rotary_club and self.corners == 0
                and self.frozen):
            self.discard_choices = self.stretch_dice
            self.frozen = []
            self.stretch_score = self.banked_stretches = 0
            self.phase = Phase.DISCARD
            return events
        self.stretch_score = self.banked_stretches = 0
        return events + self._end_turn()

    def _take_from_challenged(self, amount: int) -> list[Event]:
        target = self.challenge_target
        if target is None or amount == 0:
            return []
        amount = self._lower(target, amount)
        return [ScoreTaken(target, amount, self.board[target], self.current)]

    def _lower(self, seat: int, amount: int) -> int:
        """Take up to ``amount`` from a board, never below the rules' lowest score; returns
        what was taken."""
        floor = self.rules.score_floor
        if floor is not None:
            amount = max(0, min(amount, self.board[seat] - floor))
        self.board[seat] -= amount
        return amount

    def _note_reach(self, seat: int) -> None:
        if self.reacher is None and self.board[seat] >= self.rules.game_point:
            self.reacher = seat

    def _leaders(self) -> list[int]:
        scores = self.board
        best = min(scores) if self.rules.rotary_club else max(scores)
        return [s for s in range(len(scores)) if scores[s] == best]

    def _end_turn(self) -> list[Event]:
        seat = self.current
        self.turns_taken[seat] += 1
        self._reset_turn()
        events: list[Event] = []
        n = len(self.seats)
        if n == 1:
            if self.reacher is not None:
                return events + self._finish()
            return events + self._start_turn(0)
        if self.stage == "normal":
            if self.reacher is None:
                return events + self._start_turn((seat + 1) % n)
            if not self.rules.catch_up:
                return events + self._finish()  # the first to reach the game point wins
            self.stage = "catch-up"
            order = [(seat + k) % n for k in range(1, n + 1)]
            self.queue = [s for s in order if s != self.reacher]
            events.append(CatchUp(self.reacher))
        if self.queue:
            return events + self._start_turn(self.queue.pop(0))
        leaders = self._leaders()
        if len(leaders) > 1:  # D-9
            self.stage = "tie-break"
            self.queue = sorted(leaders)
            events.append(TieBreak(-1, tuple(leaders)))
            return events + self._start_turn(self.queue.pop(0))
        return events + self._finish()

    def _start_turn(self, seat: int) -> list[Event]:
        self.current = seat
        self.phase = Phase.START
        return [TurnStarted(seat, self.stage)]

    def ranking(self) -> list[tuple[int, int, int, int]]:
        """``(seat, rank, board_score, match_points)`` rows, best first; tied seats share
        the better rank and the next rank is skipped."""
        sign = 1 if self.rules.rotary_club else -1
        order = sorted(range(len(self.seats)), key=lambda s: (sign * self.board[s], s))
        rows = []
        for s in order:
            rank = 1 + sum(1 for t in order if sign * self.board[t] < sign * self.board[s])
            points = 11 - rank
            if self.board[s] <= 0 and not self.rules.rotary_club:
                points = 0
            rows.append((s, rank, self.board[s], points))
        return rows

    def _finish(self) -> list[Event]:
        rows = tuple(self.ranking())
        for seat, _rank, _board, points in rows:
            self.match_points[seat] += points
        self.games_played += 1
        self.match_games.append(rows)
        self.phase = Phase.OVER
        self.thrown = ()
        self.result = GameOver(rows[0][0], rows, sum(self.turns_taken))
        return [self.result]

    def _command(self, name: str, args: tuple[int, ...]) -> Given:
        return (self.current, name, args)

    def _emit(self, events: list[Event], command: Given | None = None) -> list[Event]:
        self.log.extend(events)
        if command is not None:
            # Recorded before the listeners hear of it, so an autosave they start has it.
            self._note(command, events)
        for event in events:
            for listener in list(self.listeners):
                listener(event)
        return events

    # -- the record: kept by Game (tenthousand.model.record) ------------------------------

    def _start_record(self, rng_state: tuple[Any, ...], seed: int | None,
                      first_seat: int | None) -> None:
        """A new game begins: the generator's state before the first seat was drawn, the
        seed it came from (None: a generator was given) and the first seat when it was
        chosen, not drawn.  A plain :class:`Play` keeps no record."""

    def _note(self, command: Given, events: Sequence[Event]) -> None:
        """A command has just been carried out, with these events (before the listeners
        hear of them).  A plain :class:`Play` keeps no record."""

    # -- new games -----------------------------------------------------------------------

    def rematch(self, *, seed: int | None = None, first_seat: int | None = None) -> Self:
        """A new game with the same seats and rules that carries the match table on; from
        ``seed`` (which its record keeps, to be shown at the end), or else the generator
        goes on."""
        rng = None if seed is not None else self.rng
        return type(self)(self.rules, self.seats, seed=seed, rng=rng, dice=self.dice_source,
                          first_seat=first_seat, match_points=self.match_points,
                          games_played=self.games_played, match_games=self.match_games)

    def match_wins(self) -> list[int]:
        """Games won (ranked first, ties included) by each seat in the match so far."""
        wins = [0] * len(self.seats)
        for rows in self.match_games:
            for seat, rank, _board, _points in rows:
                wins[seat] += rank == 1
        return wins

    # -- JSON ----------------------------------------------------------------------------

    def to_dict(self, *, last_events: int | None = None) -> dict[str, Any]:
        """The whole game as a plain JSON document (see :meth:`Game.from_dict`).

        ``last_events`` keeps only that many events of the log (at least the last, which
        ends a finished game): the position for a worker that values it (the advisor), whose
        cost must not grow with the game (a log of 10,000 commands took 65 ms to write)."""
        state = self.rng.getstate()
        data = {
            "format": self.FORMAT,
            "rules": self.rules.to_dict(),
            "seats": [s.to_dict() for s in self.seats],
            "board": list(self.board),
            "challenges_used": [list(c) for c in self.challenges_used],
            "trash_streak": list(self.trash_streak),
            "turns_taken": list(self.turns_taken),
            "match_points": list(self.match_points),
            "games_played": self.games_played,
            "play_area": list(self.play_area),
            "last_turn_added": self.last_turn_added,
            "stage": self.stage,
            "reacher": self.reacher,
            "queue": list(self.queue),
            "current": self.current,
            "phase": self.phase.value,
            "turn": {
                "thrown": list(self.thrown),
                "frozen": [list(g) for g in self.frozen],
                "stretch_score": self.stretch_score,
                "banked_stretches": self.banked_stretches,
                "throws": self.throws,
                "corner_pending": self.corner_pending,
                "corners": self.corners,
                "last_stretch": list(self.last_stretch),
                "challenge_target": self.challenge_target,
                "challenge_slot": self.challenge_slot,
                "discard_choices": list(self.discard_choices),
            },
            "rng": [state[0], list(state[1]), state[2]],
            "log": [e.to_dict() for e in (self.log if last_events is None
                                          else self.log[-max(1, last_events):])],
        }
        # D-14: each seat's score to beat, when it says more than the one of the player to
        # move (so a position without it reads as it did before)
        if any(self.turn_added[s] for s in range(len(self.seats))
               if s != (self.current - 1) % len(self.seats)):
            data["turn_added"] = list(self.turn_added)
        if self.match_games:  # only with a match, so a position reads as it did before
            data["match_games"] = [[list(row) for row in rows] for rows in self.match_games]
        return data

    # -- invariants (used by the loader and the tests) ------------------------------------

    def check_invariants(self) -> None:
        """Raise AssertionError when the state breaks a rule of the game."""
        n = len(self.seats)
        assert self.rules.mutant_trash is False or n == 2
        assert 0 <= self.current < n
        assert all(1 <= d <= 6 for d in self.thrown)
        assert all(1 <= d <= 6 for d in self.play_area) and len(self.play_area) <= 6
        stretch = self.stretch_dice
        assert len(stretch) <= 5 or self.phase is Phase.OVER
        if self.phase is Phase.START:
            assert not self.thrown and not self.frozen and self.turn_score == 0
        if self.phase is Phase.CHOOSE:
            size = self.rules.dice if self.corner_pending else self.rules.dice - len(stretch)
            assert len(self.thrown) == size and size > 0, (self.thrown, stretch)
            assert self.legal_freezes(), _("a throw waiting for a choice must not be trash")
        if self.phase is Phase.DISCARD:
            assert self.rules.mutant_trash and self.discard_choices
        if self.rules.pyramiding and stretch:
            # scored in the context of the throw its last group came from
            last_throw = self.rules.dice - len(stretch) + len(self.frozen[-1])
            assert scoring.score(stretch, self.rules,
                                 first_throw=self.corners == 0 and len(self.frozen) == 1,
                                 thrown=last_throw) == self.stretch_score
        if self.rules.rotary_club:
            assert self.banked_stretches == 0
        assert self.turn_score >= 0
        for seat in range(n):
            assert self.challenges_used[seat] == [False, False] or self.rules.challenging
        if self.phase is Phase.OVER:
            assert self.result is not None
        assert self.stage in ("normal", "catch-up", "tie-break")
        assert all(0 <= s < n for s in self.queue)


def _chosen(freeze: Any) -> list[int]:
    """The dice a command names, as a list; IllegalAction for anything that is not a
    collection of die numbers (the promise above: a bad command never raises anything else)."""
    if isinstance(freeze, (str, bytes, dict)) or not isinstance(freeze, Iterable):
        raise IllegalAction(_("choose dice by their numbers in the throw, not {value}").format(
            value=f"{freeze!r:.40}"))
    chosen = list(freeze)
    for i in chosen:
        if not isinstance(i, int) or isinstance(i, bool):
            raise IllegalAction(_("there is no die number {number} in this throw").format(
                number=f"{i!r:.40}"))
    return chosen


def _sub_counts(counts: Sequence[int]) -> Iterable[scoring.Counts]:
    import itertools

    for sub in itertools.product(*(range(k + 1) for k in counts)):
        if any(sub):
            yield (sub[0], sub[1], sub[2], sub[3], sub[4], sub[5])
