"""A game is its record: rules, seats, the dice source and the commands given, in order.

Replaying a record reproduces the game exactly (every event, every state, the same dice):
the dice come from the generator whose state the record keeps, or, for a game thrown with a
scripted dice source (tests), from the faces the record wrote down with each command.

Every :class:`~tenthousand.model.game.Game` keeps its record as it goes
(:attr:`Game.record`).  From it a window can undo and redo the human's decisions
(:meth:`Record.undo`, :meth:`Record.redo`), show any step (:meth:`Record.game_at`,
:attr:`Record.steps`) and play on from one (:meth:`Record.play_on`).  Those return a new
game with a record of its own; the old game is left as it was and should be dropped.

Undo, redo and :meth:`Record.game_at` do not replay the whole game a person plays: the
record keeps checkpoints of it in memory (:mod:`tenthousand.model.checkpoints`, never
saved) and plays again only the commands since the nearest one, to the same game a replay
from the start gives.

The JSON form (:meth:`Record.to_dict`, :func:`record_from_dict`) is the save format 2.  A
record only ever grows by appending commands, so a saver can write what is new since its
last save (see :meth:`Record.snapshot`).
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Self

from ..i18n import _
from .checkpoints import Checkpoint, Checkpoints

# Re-exported: a command was defined here before it had a module of its own.
from .command import COMMANDS as COMMANDS
from .command import Command as Command
from .events import Event, Thrown
from .play import Given, IllegalAction, Play, Seat
from .position import load_position as _load_position
from .rules import Rules

if TYPE_CHECKING:
    from .play import DiceSource

#: The save format of a record (format 1 was the position alone, :meth:`Game.to_dict`).
FORMAT = 2

@dataclass(frozen=True)
class Step:
    """One command of a record and what it did, for a replay window.

    :meth:`Record.game_at` ``(index)`` is the game just after this step.
    """

    index: int
    seat: int
    command: Command
    events: tuple[Event, ...]
    human: bool


@dataclass(frozen=True)
class Played:
    """Who sat in a seat as the game was played: a person (``person``), or a computer at the
    level chosen (``chosen``) and the level that actually played (``level``: a Perfect
    computer plays as Expert while its table is not ready; ``why`` says why, as the game's
    log did)."""

    person: bool
    chosen: str = ""
    level: str = ""
    why: str = ""

    @property
    def fell_back(self) -> bool:
        return not self.person and self.level != self.chosen


@dataclass(frozen=True)
class Network:
    """A game played over the network, as this screen took part in it: as the ``host``
    (whose engine judged it), as a ``player`` at ``seat``, or as a ``watcher``.  The host's
    record names the ``friends``' seats (played at other screens) and the ``port`` the
    table listened on: a game hosted again after the host stopped waits for them there, on
    the same port (over the ``internet``, by invite codes, when it was hosted so)."""

    role: str
    seat: int | None = None
    friends: tuple[int, ...] = ()
    internet: bool = False
    port: int | None = None
    #: A friend's screen: what the check of the host's dice found, once the game is over:
    #: ``fair``, ``unfair``, or ``unchecked`` (no seed came after the last throw); '' while
    #: it waits (and on the host's screen, whose own dice need no check).
    dice_check: str = ""

    ROLES = ("host", "player", "watcher")
    DICE_CHECKS = ("fair", "unfair", "unchecked")

    def to_dict(self) -> dict[str, Any]:
        return {"role": self.role, **({"seat": self.seat} if self.seat is not None else {}),
                **({"friends": list(self.friends)} if self.friends else {}),
                **({"internet": True} if self.internet else {}),
                **({"port": self.port} if self.port is not None else {}),
                **({"dice_check": self.dice_check} if self.dice_check else {})}

    @property
    def friend(self) -> bool:
        """Whether this screen played (or watched) the host's game: its dice were the
        host's, checked only by the seed shown at the end."""
        return self.role != "host"


@dataclass(frozen=True)
class Start:
    """Where a record begins: a fresh game (the generator's state before the first seat is
    drawn, and the match so far), or a saved position (a format-1 document)."""

    rng_state: tuple[Any, ...] | None = None
    seed: int | None = None
    first_seat: int | None = None
    match_points: tuple[int, ...] = ()
    games_played: int = 0
    position: dict[str, Any] | None = None
    #: The match's finished games before this one (see ``Game.match_games``).
    match_games: tuple[tuple[tuple[int, int, int, int], ...], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        if self.position is not None:
            return {"position": self.position}
        data: dict[str, Any] = {}
        if self.seed is not None and self.rng_state == random.Random(self.seed).getstate():
            data["seed"] = self.seed  # the readable form of the same generator
        else:
            assert self.rng_state is not None
            data["rng"] = [self.rng_state[0], list(self.rng_state[1]), self.rng_state[2]]
        data["first_seat"] = self.first_seat
        data["match_points"] = list(self.match_points)
        data["games_played"] = self.games_played
        if self.match_games:  # written only when there is a match, as before the field
            data["match_games"] = [[list(row) for row in rows] for rows in self.match_games]
        return data


@dataclass(frozen=True)
class Snapshot:
    """What a saver needs of a record at one moment, taken in constant time: the record
    and how many of its commands there were (a record's commands are only appended)."""

    record: Record
    length: int
    over: bool

    def commands(self, start: int = 0) -> list[Command]:
        return self.record.commands_between(start, self.length)


class _Playback:
    """A dice source that gives the recorded faces die by die, then asks ``then`` (or the
    generator), as the generator itself would go on after an undo."""

    def __init__(self, faces: Sequence[int], then: DiceSource | None, rng: random.Random) -> None:
        self._faces = list(faces)
        self._used = 0  # the faces given so far (slicing the rest off took the square of them)
        self.then = then
        self.rng = rng

    @property
    def faces(self) -> list[int]:
        """The recorded faces still to give."""
        return self._faces[self._used:]

    def __call__(self, count: int) -> Sequence[int]:
        out = self._faces[self._used:self._used + count]
        self._used += len(out)
        rest = count - len(out)
        if rest:
            more = self.then(rest) if self.then is not None else [
                self.rng.randint(1, 6) for _die in range(rest)]
            out += list(more)
        return out


def _apply(game: Game, command: Command, index: int) -> None:
    try:
        command.apply(game)
    except IllegalAction as e:
        # Translators: {number} counts the commands of a record from 1, {command} is a word of
        # the save format (throw, bank...), {reason} why the rules refuse it.
        raise ValueError(_("command {number} ({command}) cannot be played: {reason}").format(
            number=index + 1, command=command.name, reason=e)) from None
    game.record._keep_stand_in(command.stand_in)


class Record:
    """The record of one game; see the module's docstring."""

    def __init__(self, rules: Rules, seats: Sequence[Seat], start: Start, *,
                 recorded_dice: bool = False, assisted: bool = False) -> None:
        self.rules = rules
        self.seats: tuple[Seat, ...] = tuple(seats)
        self.start = start
        self.recorded_dice = recorded_dice
        #: A game played with real dice at a real table: the name of the set of dice that
        #: was thrown ("" when none was given); None when the program threw. Its dice are
        #: recorded (entered by hand), as ``recorded_dice`` says.
        self.real_dice: str | None = None
        #: A game played over the network, and this screen's part in it; None: one screen.
        self.network: Network | None = None
        #: Whether undo was used in this game (or it plays on from a replayed position).
        self.assisted = assisted
        #: Set when this game was played on from a step of another (a replay's "Play on
        #: from here"): a token that makes it a game of its own, in the history too.
        self.branch = ""
        self.game: Game | None = None  # the game this record belongs to
        # Appended to, never shortened: a Snapshot's length stays valid (see Snapshot).
        self._commands: list[Command] = []
        self._log_ends: list[int] = []  # len(game.log) after each command
        self._log_start = 0  # len(game.log) before the first command
        self._redo: list[Command] = []  # undone commands, the next one first
        self._checkpoints = Checkpoints()
        #: Checkpoints are taken when a person plays, whose undo they serve: a game of
        #: computers alone (the simulator plays them by the thousand) is spared their cost.
        self._checkpointed = any(not s.computer for s in self.seats)
        #: With recorded dice, the generator's state after the start (a replay never moves
        #: it: the dice come from the commands), which the checkpoints do not keep.
        self._start_rng: tuple[Any, ...] | None = None
        #: The computer seats that did not play at the level chosen: seat -> (level, why).
        self.played_as: dict[int, tuple[str, str]] = {}
        #: The people's seats the computer plays for now, their commands marked
        #: ``stand_in``: every one in demo mode (see note_demo), a friend's gone from a
        #: network game.
        self.stand_in_seats: frozenset[int] = frozenset()
        #: Counts changes to :meth:`header` after the start (a saver rewrites its first line).
        self.header_version = 0

    # -- building -------------------------------------------------------------------------

    @classmethod
    def starting_fresh(cls, game: Game, *, rng_state: tuple[Any, ...], seed: int | None,
                       first_seat: int | None) -> Record:
        """The record of a new game (called by :class:`Game` itself)."""
        start = Start(rng_state=rng_state, seed=seed, first_seat=first_seat,
                      match_points=tuple(game.match_points), games_played=game.games_played,
                      match_games=tuple(game.match_games))
        record = cls(game.rules, game.seats, start, recorded_dice=game.dice_source is not None)
        record._attach(game)
        return record

    @classmethod
    def starting_at(cls, game: Game, *, assisted: bool = False) -> Record:
        """A record whose start is ``game``'s present position (an old save migrated, or a
        game given a new start); attaches it to ``game``."""
        record = cls(game.rules, game.seats, Start(position=game.to_dict()),
                     recorded_dice=game.dice_source is not None, assisted=assisted)
        record._attach(game)
        record._log_start = len(game.log)
        game.record = record
        return record

    def _attach(self, game: Game) -> None:
        self.game = game
        if self.recorded_dice:
            self._start_rng = game.rng.getstate()

    def note(self, command: Command, events: Sequence[Event]) -> None:
        """Write down a command the game has just carried out (called by :class:`Game`)."""
        if self.recorded_dice:
            command = replace(command, dice=tuple(e.dice for e in events if isinstance(e, Thrown)))
        if command.seat in self.stand_in_seats and not command.stand_in \
                and command.seat in self.human_seats():
            command = replace(command, stand_in=True)
        self._commands.append(command)
        self._log_ends.append(len(self.game.log) if self.game is not None else 0)
        self._redo = []  # a new decision: what was undone cannot come back (editor semantics)
        if self._checkpointed and self.game is not None and Checkpoints.due(len(self._commands)):
            self._checkpoints.add(Checkpoint.take(self.game, len(self._commands),
                                                  generator=not self.recorded_dice))

    def keep_every_checkpoint(self) -> None:
        """Take a checkpoint every few commands from now on and keep them all, whoever
        plays: a replay's record, whose :meth:`game_at` serves a jump to any step.  (Some
        5 kB every :data:`~tenthousand.model.checkpoints.SPACING` commands: 31 MB at
        100,000.)"""
        self._checkpointed = True
        self._checkpoints.dense = True

    # -- who played -----------------------------------------------------------------------

    def note_played_as(self, seat: int, level: str, why: str = "") -> None:
        """The computer in ``seat`` plays (from now on, or played part of) this game at
        ``level`` rather than the level chosen: a Perfect computer as Expert, ``why`` in
        the words of the game's log.  Once noted it stays: the game was not all Perfect."""
        chosen = self.seats[seat]
        if not chosen.computer or level == chosen.level or seat in self.played_as:
            return
        self.played_as[seat] = (level, why)
        self.header_version += 1

    def note_dice_check(self, outcome: str) -> None:
        """(A friend's screen.)  What the check of the host's dice found (see
        :attr:`Network.dice_check`); a host found unfair once stays so."""
        network = self.network
        if network is None or not network.friend or outcome not in Network.DICE_CHECKS \
                or network.dice_check == "unfair" or network.dice_check == outcome:
            return
        self.network = replace(network, dice_check=outcome)
        self.header_version += 1

    def note_demo(self, on: bool, level: str = "expert") -> None:
        """Demo mode turned on (the computer plays every seat at ``level``: the people's
        commands from now on are marked ``stand_in``, and a computer of another level is
        noted as played at ``level``) or off (the people decide again)."""
        self.stand_in_seats = frozenset(self.human_seats()) if on else frozenset()
        if on:
            for seat in range(len(self.seats)):
                # Translators: why a computer played at another level than the one chosen.
                self.note_played_as(seat, level, _("demo mode played every seat"))

    def seats_as_played(self) -> tuple[Played, ...]:
        """Each seat as it was played: a person, or the computer's level chosen and played."""
        out = []
        for i, seat in enumerate(self.seats):
            if not seat.computer:
                out.append(Played(True))
            else:
                level, why = self.played_as.get(i, (seat.level, ""))
                out.append(Played(False, seat.level, level, why))
        return tuple(out)

    def person_made(self, command: Command) -> bool:
        """Whether a person gave ``command`` (a person's seat, not the demo's stand-in)."""
        return not command.stand_in and not self.seats[command.seat].computer

    def _keep_stand_in(self, stand_in: bool) -> None:
        """A replayed command keeps whether the computer gave it for a person."""
        last = self._commands[-1]
        if last.stand_in != stand_in:
            self._commands[-1] = replace(last, stand_in=stand_in)

    # -- questions ------------------------------------------------------------------------

    @property
    def commands(self) -> tuple[Command, ...]:
        return tuple(self._commands)

    def commands_between(self, start: int, end: int) -> list[Command]:
        return self._commands[start:end]

    def __len__(self) -> int:
        return len(self._commands)

    def human_seats(self) -> frozenset[int]:
        """The seats a person plays (the window's demo mode may treat them all as computers)."""
        return frozenset(i for i, s in enumerate(self.seats) if not s.computer)

    def has_human_decision(self) -> bool:
        """Whether a person has chosen dice at a throw (frozen some and thrown on, or
        banked): a decision the review can value.  Cheap: no replay, no steps built."""
        return any(c.name in ("throw", "bank") and c.args and self.person_made(c)
                   for c in self._commands)

    @property
    def steps(self) -> list[Step]:
        """Every command so far with its seat and the events it produced."""
        log = self.game.log if self.game is not None else []
        out = []
        begin = self._log_start
        for i, (command, end) in enumerate(zip(self._commands, self._log_ends, strict=True)):
            out.append(Step(i + 1, command.seat, command, tuple(log[begin:end]),
                            self.person_made(command)))
            begin = end
        return out

    @property
    def opening_events(self) -> tuple[Event, ...]:
        """The events before the first command (the first turn, or an old save's log)."""
        log = self.game.log if self.game is not None else []
        return tuple(log[:self._log_start])

    def snapshot(self) -> Snapshot:
        """This moment of the record, for a saver on another thread (constant time)."""
        return Snapshot(self, len(self._commands),
                        self.game is not None and self.game.over)

    # -- replay ---------------------------------------------------------------------------

    def _start_game(self, then: DiceSource | None, faces: Sequence[int]) -> Game:
        if self.start.position is not None:
            game = load_position(self.start.position)
            if self.recorded_dice or then is not None:
                game.dice_source = _Playback(faces, then, game.rng)
            Record.starting_at(game)
        else:
            rng = random.Random()
            assert self.start.rng_state is not None
            rng.setstate(self.start.rng_state)
            dice = _Playback(faces, then, rng) if self.recorded_dice else None
            game = Game(self.rules, self.seats, rng=rng, dice=dice,
                        first_seat=self.start.first_seat,
                        match_points=self.start.match_points or None,
                        games_played=self.start.games_played,
                        match_games=self.start.match_games)
            record = game.record
            # Keep the start as written (its seed), not the replayed generator's state.
            record.start = self.start
        game.record.assisted = self.assisted
        game.record.branch = self.branch
        game.record.recorded_dice = self.recorded_dice
        game.record._carry_seating(self)
        return game

    def _replay(self, commands: Sequence[Command], *, then_faces: Sequence[int] = ()) -> Game:
        game = self._fresh(commands, then_faces)
        for i, command in enumerate(commands):
            _apply(game, command, i)
        return game

    def _replay_to(self, keep: int, extra: Sequence[Command] = (), *,
                   then_faces: Sequence[int] = ()) -> Game:
        """The game after this record's first ``keep`` commands and then ``extra``, the
        same as :meth:`_replay` gives, played from the nearest checkpoint."""
        checkpoint = self._nearest(keep)
        if checkpoint is None:
            return self._replay(self._commands[:keep] + list(extra), then_faces=then_faces)
        tail = self._commands[checkpoint.index:keep] + list(extra)
        game = self._resume(checkpoint, tail, then_faces)
        for i, command in enumerate(tail, checkpoint.index):
            _apply(game, command, i)
        return game

    def _then(self) -> DiceSource | None:
        """Where a replay's dice come from once the recorded faces are used up."""
        then = self.game.dice_source if self.game is not None else None
        if isinstance(then, _Playback):
            then = then.then
        return then if self.recorded_dice else None

    def _fresh(self, commands: Sequence[Command], then_faces: Sequence[int] = ()) -> Game:
        """The start of a replay of ``commands``: its dice source gives their faces."""
        faces = [f for c in commands if c.dice for throw in c.dice for f in throw]
        return self._start_game(self._then(), faces + list(then_faces))

    def _nearest(self, step: int) -> Checkpoint | None:
        """The latest checkpoint at or before command ``step`` (none without this record's
        game, whose log the checkpoints share)."""
        return self._checkpoints.before(step) if self.game is not None else None

    def _resume(self, checkpoint: Checkpoint, tail: Sequence[Command],
                then_faces: Sequence[int]) -> Game:
        """The game at ``checkpoint`` with a record of its own, as a replay from the start
        would have it there, its dice source giving the faces of ``tail`` (the commands to
        play after it) and then ``then_faces``."""
        assert self.game is not None
        index = checkpoint.index
        game = checkpoint.restore(Game, self.game.log, checkpoint.rng_state(self._start_rng))
        faces = [f for c in tail if c.dice for throw in c.dice for f in throw]
        game.dice_source = (_Playback(faces + list(then_faces), self._then(), game.rng)
                            if self.recorded_dice else None)
        record = Record(self.rules, self.seats, self.start, recorded_dice=self.recorded_dice,
                        assisted=self.assisted)
        record.branch = self.branch
        record.game = game
        record._start_rng = self._start_rng
        record._commands = self._commands[:index]
        record._log_ends = self._log_ends[:index]
        record._log_start = self._log_start
        record._checkpoints = self._checkpoints.upto(index)
        record._carry_seating(self)
        game.record = record
        return game

    def walk(self) -> Iterator[tuple[Step, Game]]:
        """Each step with the game just before it, in one pass over the record (a replay
        from the start per step would cost the square of the game's length).  The game is
        one object moved on after each yield: copy (``to_dict``) what you keep."""
        commands = list(self._commands)
        steps = self.steps
        game = self._fresh(commands)
        for i, (step, command) in enumerate(zip(steps, commands, strict=True)):
            yield step, game
            _apply(game, command, i)

    def replay(self) -> Game:
        """The game this record describes, played again from its start (ValueError when a
        command cannot be played)."""
        return self._replay(self._commands)

    def game_at(self, step: int) -> Game:
        """The game after ``step`` commands (0: the start), as a new game."""
        if not 0 <= step <= len(self._commands):
            # A programming error, not the player's: not translated.
            raise ValueError(f"there is no step {step}; the record has {len(self._commands)}")
        return self._replay_to(step)

    def play_on(self, step: int) -> Game:
        """A new game that goes on from step ``step`` of this one, marked assisted, and a
        game of its own (its :attr:`branch`): the history keeps it beside the original."""
        game = self.game_at(step)
        game.record.assisted = True
        game.record.branch = secrets.token_hex(8)
        game.record.note_demo(False)  # played on by a person, whoever played the original
        return game

    # -- undo and redo --------------------------------------------------------------------

    def undo_refusal(self, humans: Iterable[int]) -> str | None:
        """Why undo is not possible now, or None."""
        if self.game is not None and self.game.over:
            return _("the game is over; start a new one or look back at it in the replay")
        if self._undo_point(frozenset(humans)) is None:
            return _("there is nothing of yours to undo yet")
        return None

    def _undo_point(self, humans: frozenset[int]) -> int | None:
        for i in range(len(self._commands) - 1, -1, -1):
            if self._commands[i].seat in humans:
                return i
        return None

    def undo(self, humans: Iterable[int]) -> Game:
        """Take back the last command of a seat in ``humans`` and every command after it
        (the computer turns played since); returns the game before that command."""
        humans = frozenset(humans)
        reason = self.undo_refusal(humans)
        if reason is not None:
            raise IllegalAction(reason)
        point = self._undo_point(humans)
        assert point is not None
        undone = self._commands[point:]
        faces = [f for c in undone + self._redo if c.dice for throw in c.dice for f in throw]
        game = self._replay_to(point, then_faces=faces)
        game.record.assisted = True
        game.record._redo = undone + self._redo
        return game

    def redo_refusal(self) -> str | None:
        """Why redo is not possible now, or None."""
        if not self._redo:
            return _("there is nothing to redo")
        return None

    def redo(self, humans: Iterable[int]) -> Game:
        """Give back the command undo took last, with the computer turns that followed it
        (up to the next command of a seat in ``humans``); returns the game after them."""
        humans = frozenset(humans)
        reason = self.redo_refusal()
        if reason is not None:
            raise IllegalAction(reason)
        count = 1
        while count < len(self._redo) and self._redo[count].seat not in humans:
            count += 1
        again, rest = self._redo[:count], self._redo[count:]
        faces = [f for c in rest if c.dice for throw in c.dice for f in throw]
        game = self._replay_to(len(self._commands), again, then_faces=faces)
        game.record.assisted = True
        game.record._redo = rest
        return game

    def _carry_seating(self, other: Record) -> None:
        """Who played, from the record this one replays (undo, redo, a replay)."""
        self.played_as = dict(other.played_as)
        self.real_dice = other.real_dice
        self.network = other.network
        self.stand_in_seats = other.stand_in_seats
        self.header_version = other.header_version

    # -- JSON -----------------------------------------------------------------------------

    def header(self) -> dict[str, Any]:
        """Everything but the commands (the first line of a save journal)."""
        return {
            "format": FORMAT,
            "rules": self.rules.to_dict(),
            "seats": [s.to_dict() for s in self.seats],
            "start": self.start.to_dict(),
            "dice": self._dice_kind(),
            **({"dice_set": self.real_dice} if self.real_dice is not None else {}),
            **({"network": self.network.to_dict()} if self.network is not None else {}),
            "assisted": self.assisted,
            **({"branch": self.branch} if self.branch else {}),
            **({"played_as": self._played_as_json()} if self.played_as else {}),
        }

    def _dice_kind(self) -> str:
        if self.real_dice is not None:
            return "real"
        return "recorded" if self.recorded_dice else "generator"

    def _played_as_json(self) -> list[dict[str, Any]]:
        return [{"seat": seat, "level": level, "why": why}
                for seat, (level, why) in sorted(self.played_as.items())]

    def to_dict(self) -> dict[str, Any]:
        """The record as a JSON document in a fixed key order (same game, same text)."""
        data = self.header()
        data["commands"] = [c.to_dict() for c in self._commands]
        return data

    def shared_dict(self) -> dict[str, Any]:
        """The record to give away (File > Save record as): a finished game's is
        :meth:`to_dict`.  An unfinished game's holds no dice seed, which would tell the dice
        still to come: its start is the opening position with a generator that tells
        nothing, and each command carries the faces it threw ("recorded" dice), which is
        enough to replay it, and to play on from any step with dice of its own."""
        game = self.game if self.game is not None else self.replay()
        if game.over:
            return self.to_dict()
        opening = self.game_at(0).to_dict()
        opening["rng"] = _blank_rng(opening["rng"])
        data = self.header()
        data["start"] = {"position": opening}
        data["dice"] = "real" if self.real_dice is not None else "recorded"
        data["commands"] = [
            replace(s.command, dice=tuple(e.dice for e in s.events if isinstance(e, Thrown)))
            .to_dict() for s in game.record.steps]
        return data


def _blank_rng(rng: list[Any]) -> list[Any]:
    """A generator state in the JSON form of ``rng`` that says nothing of it: drawn from a
    one-way hash of it, so the same game gives the same file."""
    import hashlib

    digest = hashlib.sha256(repr(rng).encode()).digest()
    state = random.Random(digest).getstate()
    return [state[0], list(state[1]), state[2]]


# -- the game that keeps its record --------------------------------------------------------


class Game(Play):
    """The game every caller plays (:mod:`tenthousand.model.game` names it): a
    :class:`~tenthousand.model.play.Play` that writes each command into its
    :attr:`record`.  It lives with the record because each makes the other: a game starts
    its record, and a record replays games."""

    record: Record

    def _start_record(self, rng_state: tuple[Any, ...], seed: int | None,
                      first_seat: int | None) -> None:
        self.record = Record.starting_fresh(self, rng_state=rng_state, seed=seed,
                                            first_seat=first_seat)

    def _note(self, command: Given, events: Sequence[Event]) -> None:
        self.record.note(Command(*command), events)

    def rematch(self, *, seed: int | None = None, first_seat: int | None = None) -> Self:
        """The next game of the match (see :meth:`Play.rematch`); one played with real dice
        is followed by another, with the same set."""
        game = super().rematch(seed=seed, first_seat=first_seat)
        if self.record.real_dice is not None:
            game.record.real_dice = self.record.real_dice
        return game

    @classmethod
    def from_dict(cls, data: Any) -> Self:
        """Rebuild a game saved with :meth:`to_dict` (a position), with a record that
        starts there.

        Every field is checked, and so is the consistency of the whole; anything wrong
        raises ValueError (:class:`~tenthousand.model.position.BadSave`) with a sentence
        saying what.  A saved record (format 2) is read by
        :func:`tenthousand.model.persist.load_game`.
        """
        game = _load_position(data, cls, FORMAT)
        Record.starting_at(game)
        return game


def load_position(data: Any) -> Game:
    """Rebuild a game from a position document (format 1, :meth:`Game.to_dict`), without a
    record (the caller gives it one); or raise :class:`~tenthousand.model.position.BadSave`."""
    return _load_position(data, Game, FORMAT)
